package agent_test

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
)

// watched serves cfg on 127.0.0.1:0 (with extra server options) and
// reports the end of every Session handler on the returned channel.
func watched(t *testing.T, cfg agent.Config, opts ...grpc.ServerOption) (string, *agent.Server, <-chan error) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := agent.New(cfg)
	ended := make(chan error, 64)
	gs := grpc.NewServer(append(agent.ServerOptions(), opts...)...)
	agentv1.RegisterAgentServer(gs, watchedAgent{srv, ended})
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(gs.Stop)
	return lis.Addr().String(), srv, ended
}

// handlerEnd waits for the next Session handler to return (a bound only
// for a hang: the test fails there).
func handlerEnd(t *testing.T, ended <-chan error, what string) error {
	t.Helper()
	select {
	case err := <-ended:
		return err
	case <-time.After(time.Minute):
		t.Fatalf("%s: the session's handler did not return", what)
	}
	return nil
}

// openStream opens a Session RPC from local (an address of the loopback
// network to dial from; "" for any) and returns it with its cancel.
func openStream(t *testing.T, addr, local string) (agentv1.Agent_SessionClient, context.CancelFunc) {
	t.Helper()
	opts := []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials())}
	if local != "" {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}}
		opts = append(opts, grpc.WithContextDialer(func(ctx context.Context, a string) (net.Conn, error) { return d.DialContext(ctx, "tcp", a) }))
	}
	conn, err := grpc.NewClient("passthrough:///"+addr, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	s, err := agentv1.NewAgentClient(conn).Session(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return s, cancel
}

// hello sends a Hello with token and returns the end of the RPC (nil
// for a Welcome, its status otherwise).
func hello(t *testing.T, s agentv1.Agent_SessionClient, token string, opts map[string]string) error {
	t.Helper()
	if err := s.Send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Hello{Hello: &agentv1.Hello{
		ProtocolVersion: agent.Version, Token: token, DriverOptions: opts}}}); err != nil && err.Error() != "EOF" {
		t.Fatal(err)
	}
	m, err := s.Recv()
	if err != nil {
		return err
	}
	if m.GetWelcome() == nil {
		t.Fatalf("the first message of the agent: %v, want a Welcome", m)
	}
	return nil
}

// TestSilentClientHoldsNoSlot: the session slot of a one-session agent is
// taken only once a session is authenticated. A client that sends nothing,
// one that sends a wrong token, one whose first message is no Hello: none
// keeps the harness out while it lasts; the silent one is cut off after
// HelloTimeout (DEADLINE_EXCEEDED), and the harness's session then still
// holds the slot (a second harness is refused).
func TestSilentClientHoldsNoSlot(t *testing.T) {
	const token = "the-agent-token-0123"
	addr, _, ended := watched(t, agent.Config{Provider: openSim(t, nil), Token: token, HelloTimeout: 300 * time.Millisecond})

	silent, _ := openStream(t, addr, "")
	wrong, _ := openStream(t, addr, "")
	if err := hello(t, wrong, "not the token", nil); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("a wrong token: %v, want UNAUTHENTICATED", err)
	}
	handlerEnd(t, ended, "a wrong token")
	notHello, _ := openStream(t, addr, "")
	if err := notHello.Send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Call{Call: &agentv1.Call{CallId: 1}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := notHello.Recv(); status.Code(err) != codes.FailedPrecondition {
		t.Fatalf("a first message that is no Hello: %v, want FAILED_PRECONDITION", err)
	}
	handlerEnd(t, ended, "no Hello first")

	// The harness gets the slot while the silent client still waits.
	p, err := openWith(t, addr, token, nil)
	if err != nil {
		t.Fatalf("the harness, with a silent client connected: %v", err)
	}
	// The silent client is cut off after HelloTimeout.
	if _, err := silent.Recv(); status.Code(err) != codes.DeadlineExceeded || !strings.Contains(status.Convert(err).Message(), "no Hello within 300ms") {
		t.Fatalf("a silent client: %v, want DEADLINE_EXCEEDED naming the Hello's deadline", err)
	}
	handlerEnd(t, ended, "a silent client")
	// The slot is the harness's: another session is refused.
	other, _ := openStream(t, addr, "")
	if err := hello(t, other, token, nil); status.Code(err) != codes.Unavailable {
		t.Fatalf("a second session while the harness's is open: %v, want UNAVAILABLE", err)
	}
	handlerEnd(t, ended, "a second session")
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestFailedAuthenticationsRateLimited: a host that spent its budget of
// failed authentications has its sessions refused (RESOURCE_EXHAUSTED)
// before its token is compared, the right one too; another host is
// served. Refusals are logged once per window, the first with its cause,
// the count of the others on the next line.
func TestFailedAuthenticationsRateLimited(t *testing.T) {
	const token = "the-agent-token-0123"
	var mu sync.Mutex
	var lines []string
	logf := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, fmt.Sprintf(format, args...))
	}
	addr, _, ended := watched(t, agent.Config{Driver: simDriver(t), DriverName: "sim", Token: token,
		AuthFailures: agent.AuthLimit{Burst: 3, Every: time.Hour}, Logf: logf})
	try := func(local, tok string) error {
		s, _ := openStream(t, addr, local)
		err := hello(t, s, tok, nil)
		if err == nil {
			if err := s.CloseSend(); err != nil {
				t.Fatal(err)
			}
		}
		handlerEnd(t, ended, "a session from "+local)
		return err
	}
	for i := range 3 {
		if err := try("127.0.0.1", fmt.Sprintf("guess %d", i)); status.Code(err) != codes.Unauthenticated {
			t.Fatalf("failure %d: %v, want UNAUTHENTICATED", i+1, err)
		}
	}
	for _, tok := range []string{"guess 4", token} {
		err := try("127.0.0.1", tok)
		if status.Code(err) != codes.ResourceExhausted || !strings.Contains(status.Convert(err).Message(), "too many failed authentications from 127.0.0.1") {
			t.Fatalf("token %q after 3 failures: %v, want RESOURCE_EXHAUSTED naming the host", tok, err)
		}
	}
	if err := try("127.0.0.2", token); err != nil {
		t.Fatalf("another host, the right token: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	var refusals []string
	for _, l := range lines {
		if strings.Contains(l, "refused") {
			refusals = append(refusals, l)
		}
	}
	if len(refusals) != 1 || !strings.Contains(refusals[0], "session from 127.0.0.1:") || !strings.Contains(refusals[0], "bad token") {
		t.Fatalf("the refusals logged: %q, want one line (the first refusal's) in the window", refusals)
	}
}

// TestSessionOptionsAllowList: a Hello may set the driver options of
// Config.SessionOptions to any value, any other only to the agent's own
// value (its Options, else the driver's default); the refusal names the
// options and --session-opts.
func TestSessionOptionsAllowList(t *testing.T) {
	sim := simDriver(t)
	defaults := map[string]string{}
	for _, o := range sim.Options() {
		defaults[o.Name] = o.Default
	}
	for _, c := range []struct {
		allowed []string
		opts    map[string]string
		refused string // "" for served
	}{
		{nil, nil, ""},
		{nil, map[string]string{"hosts": "3"}, ""},                         // the agent's own value
		{nil, map[string]string{"completion": defaults["completion"]}, ""}, // the driver's default
		{nil, map[string]string{"hosts": "4"}, "hosts=4"},                  // another value
		{nil, map[string]string{"variant": "close-no-cancel"}, "variant=close-no-cancel"},
		{nil, map[string]string{"hosts": "3", "seed": "7"}, "seed=7"},
		{[]string{"seed"}, map[string]string{"hosts": "3", "seed": "7"}, ""}, // allowed
		{[]string{"seed"}, map[string]string{"hosts": "4", "seed": "7"}, "hosts=4"},
	} {
		addr, _, ended := watched(t, agent.Config{Driver: sim, DriverName: "sim", Options: map[string]string{"hosts": "3"}, SessionOptions: c.allowed})
		s, _ := openStream(t, addr, "")
		err := hello(t, s, "", c.opts)
		switch {
		case c.refused == "" && err != nil:
			t.Errorf("allowed %v, options %v: %v, want a Welcome", c.allowed, c.opts, err)
		case c.refused != "" && (status.Code(err) != codes.InvalidArgument || !strings.Contains(status.Convert(err).Message(), "does not let a session set "+c.refused+" (") ||
			!strings.Contains(status.Convert(err).Message(), "--session-opts")):
			t.Errorf("allowed %v, options %v: %v, want INVALID_ARGUMENT naming %s and --session-opts", c.allowed, c.opts, err, c.refused)
		}
		if err == nil {
			_ = s.CloseSend()
		}
		handlerEnd(t, ended, "the session")
	}
}

// TestSilentStreamsBoundedPerHost: a host holds at most MaxHelloWaiting
// sessions waiting for their Hello; one more is refused at once
// (RESOURCE_EXHAUSTED, saying why), while a harness on another host gets
// its session; once one of the silent streams ends, the host is served
// again.
func TestSilentStreamsBoundedPerHost(t *testing.T) {
	const token = "the-agent-token-0123"
	addr, srv, ended := watched(t, agent.Config{Provider: openSim(t, nil), Token: token, HelloTimeout: time.Hour})
	var cancels []context.CancelFunc
	for range agent.MaxHelloWaiting {
		_, cancel := openStream(t, addr, "127.0.0.1")
		cancels = append(cancels, cancel)
	}
	deadline := time.Now().Add(time.Minute)
	for srv.AwaitingHello() < agent.MaxHelloWaiting {
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions wait for their Hello, want %d", srv.AwaitingHello(), agent.MaxHelloWaiting)
		}
		time.Sleep(10 * time.Millisecond)
	}
	one, _ := openStream(t, addr, "127.0.0.1")
	err := hello(t, one, token, nil)
	if status.Code(err) != codes.ResourceExhausted || !strings.Contains(status.Convert(err).Message(),
		fmt.Sprintf("too many sessions from 127.0.0.1 waiting for their Hello (%d)", agent.MaxHelloWaiting)) {
		t.Fatalf("one more from the same host: %v, want RESOURCE_EXHAUSTED naming the bound", err)
	}
	handlerEnd(t, ended, "one more from the same host")

	other, cancelOther := openStream(t, addr, "127.0.0.2")
	if err := hello(t, other, token, nil); err != nil {
		t.Fatalf("a harness on another host: %v", err)
	}
	cancelOther()
	handlerEnd(t, ended, "the other host's session")

	cancels[0]()
	handlerEnd(t, ended, "a silent stream cancelled")
	again, _ := openStream(t, addr, "127.0.0.1")
	if err := hello(t, again, token, nil); err != nil {
		t.Fatalf("the host after one of its silent streams ended: %v", err)
	}
}
