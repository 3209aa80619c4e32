package agent

import (
	"context"
	"crypto/subtle"
	"fmt"
	"net"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/internal/wait"
)

// A session's start: the Hello is read (HelloTimeout at most), the client
// authenticated (its host's failure budget first, then the token), the
// protocol version and the driver options checked; only then does the
// session take one of the agent's session slots. A client that sends
// nothing, or a wrong token, never holds a slot.

// DefaultHelloTimeout is Config.HelloTimeout unless set.
const DefaultHelloTimeout = 10 * time.Second

// The failed-authentication budget of a client host unless
// Config.AuthFailures says otherwise: DefaultAuthBurst failures at once,
// then one more every DefaultAuthEvery.
const (
	DefaultAuthBurst = 5
	DefaultAuthEvery = 2 * time.Second
)

// MaxHelloWaiting is how many sessions of one client host may wait for
// their Hello at once (each for HelloTimeout at most); one more is
// refused at once (RESOURCE_EXHAUSTED). A host that opens streams and
// sends nothing holds that many goroutines for HelloTimeout, no more; the
// other hosts are not affected. A harness opens one stream per session
// and sends its Hello at once.
const MaxHelloWaiting = 64

// AuthLogWindow is how often at most the agent logs a refused
// authentication: the first of a window, with the count of the others.
const AuthLogWindow = time.Minute

// AuthLimit is a client host's budget of failed authentications: Burst
// at once, one more every Every. A host with none left has its sessions
// refused (RESOURCE_EXHAUSTED) before its token is compared, whatever it
// is: the budget bounds how fast a host can guess, not only how often it
// is told it guessed wrong.
type AuthLimit struct {
	Burst int
	Every time.Duration
}

// authGate keeps the failure budgets of the client hosts and logs refused
// authentications once per AuthLogWindow.
type authGate struct {
	limit AuthLimit
	// mu is held while a Hello is checked: the budget's check, the
	// comparison (constant time) and the failure's charge are one step, so
	// that concurrent guesses cannot all pass a budget of one.
	mu    sync.Mutex
	hosts map[string]*rate.Limiter

	waitMu  sync.Mutex
	waiting map[string]int // host -> its sessions waiting for their Hello

	logMu      sync.Mutex
	suppressed int // refusals not logged since the last line
	sometimes  rate.Sometimes
}

// maxAuthHosts bounds the hosts whose budgets are kept; past it, the
// budgets that are whole again are dropped, and hosts beyond share one.
const maxAuthHosts = 1024

// sharedHost is the budget of the hosts beyond maxAuthHosts.
const sharedHost = "(other hosts)"

func newAuthGate(l AuthLimit) *authGate {
	if l.Burst <= 0 {
		l.Burst = DefaultAuthBurst
	}
	if l.Every <= 0 {
		l.Every = DefaultAuthEvery
	}
	return &authGate{limit: l, hosts: map[string]*rate.Limiter{}, waiting: map[string]int{}, sometimes: rate.Sometimes{Interval: AuthLogWindow}}
}

// limiterLocked is host's budget.
func (g *authGate) limiterLocked(host string) *rate.Limiter {
	if l := g.hosts[host]; l != nil {
		return l
	}
	if len(g.hosts) >= maxAuthHosts {
		for h, l := range g.hosts {
			if l.Tokens() >= float64(g.limit.Burst) {
				delete(g.hosts, h)
			}
		}
		if len(g.hosts) >= maxAuthHosts {
			host = sharedHost
			if l := g.hosts[host]; l != nil {
				return l
			}
		}
	}
	l := rate.NewLimiter(rate.Every(g.limit.Every), g.limit.Burst)
	g.hosts[host] = l
	return l
}

// awaitHello counts a session of host that waits for its Hello: it
// returns the release to call once the Hello came or the wait ended, or
// RESOURCE_EXHAUSTED when host has MaxHelloWaiting waiting already.
func (g *authGate) awaitHello(host string) (release func(), err error) {
	g.waitMu.Lock()
	defer g.waitMu.Unlock()
	if g.waiting[host] >= MaxHelloWaiting {
		return nil, status.Errorf(codes.ResourceExhausted,
			"too many sessions from %s waiting for their Hello (%d): send the Hello first", host, MaxHelloWaiting)
	}
	g.waiting[host]++
	return func() {
		g.waitMu.Lock()
		defer g.waitMu.Unlock()
		if g.waiting[host]--; g.waiting[host] == 0 {
			delete(g.waiting, host)
		}
	}, nil
}

// check authenticates a Hello of host: nil, or the status that ends the
// session (RESOURCE_EXHAUSTED for a host out of budget, UNAUTHENTICATED
// for a wrong token, which costs the host one failure).
func (g *authGate) check(host, got, want string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	l := g.limiterLocked(host)
	if left := l.Tokens(); left < 1 {
		again := time.Duration((1 - left) * float64(g.limit.Every)).Round(time.Second)
		return status.Errorf(codes.ResourceExhausted,
			"too many failed authentications from %s: its sessions are refused for %v more (one try every %v past %d failures)",
			host, max(again, time.Second), g.limit.Every, g.limit.Burst)
	}
	if subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
		l.Allow()
		if want == "" {
			return status.Error(codes.Unauthenticated, "bad token: this agent takes no token (mutual TLS authenticates its harness)")
		}
		return status.Error(codes.Unauthenticated, "bad token: not the agent's --token-file")
	}
	return nil
}

// refused logs a refused authentication: the first of a window, with the
// count of those not logged since.
func (g *authGate) refused(logf func(string, ...any), from string, err error) {
	if logf == nil {
		return
	}
	g.logMu.Lock()
	defer g.logMu.Unlock()
	logged := false
	g.sometimes.Do(func() {
		more := ""
		if g.suppressed > 0 {
			more = fmt.Sprintf(" (and %d more refused since the last such line; at most one line per %v)", g.suppressed, AuthLogWindow)
		}
		logf("session from %s refused: %s%s", from, status.Convert(err).Message(), more)
		g.suppressed = 0
		logged = true
	})
	if !logged {
		g.suppressed++
	}
}

// peerAddr is the address of the session's client ("unknown peer").
func peerAddr(ctx context.Context) string {
	if p, ok := peer.FromContext(ctx); ok && p.Addr != nil {
		return p.Addr.String()
	}
	return "unknown peer"
}

// hostOf is the host of a peer address, its budget's key.
func hostOf(addr string) string {
	if h, _, err := net.SplitHostPort(addr); err == nil {
		return h
	}
	return addr
}

// readHello waits for the session's first message, HelloTimeout at most
// (time the agent could run: see internal/wait), and returns it if it is
// a Hello.
func (s *Server) readHello(stream agentv1.Agent_SessionServer) (*agentv1.Hello, error) {
	type first struct {
		m   *agentv1.ClientMessage
		err error
	}
	ch := make(chan first, 1)
	go func() {
		// Ends with the handler at the latest: its return ends the
		// stream, and Recv with it.
		m, err := stream.Recv()
		ch <- first{m, err}
	}()
	dl := wait.NewDeadline(s.cfg.HelloTimeout)
	defer dl.Release()
	for {
		select {
		case f := <-ch:
			if f.err != nil {
				return nil, f.err
			}
			hello := f.m.GetHello()
			if hello == nil {
				return nil, status.Error(codes.FailedPrecondition, "the session's first message must be a Hello")
			}
			return hello, nil
		case <-dl.C:
			if dl.Expired() {
				return nil, status.Errorf(codes.DeadlineExceeded, "no Hello within %v of the session's start", s.cfg.HelloTimeout)
			}
		}
	}
}

// admit reads and checks the Hello of a session from from: authenticated
// (see authGate.check), of this agent's major version, with driver
// options the agent lets a session set (see checkOptions).
//
// Refusals before authentication (no Hello in time, another first
// message, a bad token, a host out of budget) are logged as refused
// authentications are, once per AuthLogWindow; an authenticated session
// refused is logged every time. A client that went away before its Hello
// is not logged.
func (s *Server) admit(stream agentv1.Agent_SessionServer, from string) (*agentv1.Hello, error) {
	release, err := s.auth.awaitHello(hostOf(from))
	if err != nil {
		s.auth.refused(s.cfg.Logf, from, err)
		return nil, err
	}
	hello, err := s.readHello(stream)
	release()
	if err != nil {
		if _, ok := status.FromError(err); ok && stream.Context().Err() == nil {
			s.auth.refused(s.cfg.Logf, from, err)
		}
		return nil, err
	}
	if err := s.auth.check(hostOf(from), hello.GetToken(), s.cfg.Token); err != nil {
		s.auth.refused(s.cfg.Logf, from, err)
		return nil, err
	}
	if v := hello.GetProtocolVersion(); v.GetMajor() != Version.Major {
		err := status.Errorf(codes.FailedPrecondition, "protocol major version %d, this agent speaks %d", v.GetMajor(), Version.Major)
		s.logf("session from %s refused: %s", from, status.Convert(err).Message())
		return nil, err
	}
	if err := s.checkOptions(hello.GetDriverOptions()); err != nil {
		s.logf("session from %s refused: %s", from, status.Convert(err).Message())
		return nil, err
	}
	return hello, nil
}

// checkOptions refuses (INVALID_ARGUMENT) the Hello's driver options that
// the agent does not let a session set: an option among
// Config.SessionOptions takes any value (the driver still checks it); any
// other only the value the agent itself opens its providers with (its
// Config.Options, else the driver's default), so that a harness that
// states the agent's own settings is served.
func (s *Server) checkOptions(opts map[string]string) error {
	if len(opts) == 0 || s.cfg.Provider != nil || s.cfg.Driver == nil {
		return nil // refused later, if at all, as ever
	}
	defaults := map[string]string{}
	for _, o := range s.cfg.Driver.Options() {
		defaults[o.Name] = o.Default
	}
	var refused []string
	for k, v := range opts {
		if slices.Contains(s.cfg.SessionOptions, k) {
			continue
		}
		own, set := s.cfg.Options[k]
		if !set {
			own, set = defaults[k]
		}
		if set && v == own {
			continue
		}
		refused = append(refused, k+"="+v)
	}
	if len(refused) == 0 {
		return nil
	}
	sort.Strings(refused)
	allowed := "none"
	if len(s.cfg.SessionOptions) > 0 {
		allowed = strings.Join(s.cfg.SessionOptions, ", ")
	}
	return status.Errorf(codes.InvalidArgument,
		"driver %s: this agent does not let a session set %s (the options a session may set, its --session-opts: %s; any other only to the agent's own value)",
		s.cfg.DriverName, strings.Join(refused, ", "), allowed)
}
