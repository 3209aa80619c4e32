package remote

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	grpcstatus "google.golang.org/grpc/status"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/internal/testpki"
	"github.com/ndkconform/ndkconform/ndk"
)

// fakeAgent ends every session with end (a status) if set; else it
// welcomes the session and never answers a call.
type fakeAgent struct {
	agentv1.UnimplementedAgentServer
	end error
	// caps are its Welcome's capabilities; nil: side A 192.0.2.1.
	caps *agentv1.Capabilities
}

func (f fakeAgent) Session(s agentv1.Agent_SessionServer) error {
	if _, err := s.Recv(); err != nil {
		return err
	}
	if f.end != nil {
		return f.end
	}
	caps := &agentv1.Capabilities{ProtocolVersion: protocolVersion, SideA: &agentv1.SideInfo{Ipv4: &agentv1.AdapterDescription{Address: "192.0.2.1"}}}
	if f.caps != nil {
		caps = f.caps
	}
	if err := s.Send(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_Welcome{Welcome: &agentv1.Welcome{Capabilities: caps}}}); err != nil {
		return err
	}
	for {
		if _, err := s.Recv(); err != nil {
			return nil
		}
	}
}

// stoppedHealth is the health service of an agent whose process is
// stopped: it never answers.
type stoppedHealth struct {
	healthpb.UnimplementedHealthServer
}

func (stoppedHealth) Check(ctx context.Context, _ *healthpb.HealthCheckRequest) (*healthpb.HealthCheckResponse, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// serveFake serves a on 127.0.0.1:0 (with h as its health service, if
// set).
func serveFake(t *testing.T, a agentv1.AgentServer, h healthpb.HealthServer) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer()
	agentv1.RegisterAgentServer(gs, a)
	if h != nil {
		healthpb.RegisterHealthServer(gs, h)
	}
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(gs.Stop)
	return lis.Addr().String()
}

func openOpts(t *testing.T, opts map[string]string) (ndk.Provider, error) {
	t.Helper()
	o, err := Driver{}.ParseOptions(opts)
	if err != nil {
		return nil, err
	}
	return o.Open()
}

// lostBy makes f, which must panic with the provider's *ndk.LostError.
func lostBy(t *testing.T, f func()) (le *ndk.LostError) {
	t.Helper()
	defer func() {
		r := recover()
		var ok bool
		if le, ok = r.(*ndk.LostError); !ok {
			t.Fatalf("panicked with %v, want an *ndk.LostError", r)
		}
	}()
	f()
	return nil
}

// TestOpenErrorsNameTheCause: every way an agent refuses a session, or
// cannot be reached, is one line that says why and names the option that
// changes it, with the status's code (status.Code); never a gRPC status
// as printed.
func TestOpenErrorsNameTheCause(t *testing.T) {
	tokenFile := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tokenFile, []byte("a-token-of-the-harness\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedAddr := closed.Addr().String()
	closed.Close()
	for _, c := range []struct {
		what string
		end  error
		opts map[string]string
		code codes.Code
		want string
	}{
		{"a wrong token", grpcstatus.Error(codes.Unauthenticated, "bad token"), map[string]string{"token-file": tokenFile}, codes.Unauthenticated,
			"the agent refused the token of token-file=" + tokenFile + ": it is not the agent's (its --token-file)"},
		{"no token", grpcstatus.Error(codes.Unauthenticated, "bad token"), nil, codes.Unauthenticated, "it requires a token (set token-file"},
		{"rate-limited", grpcstatus.Error(codes.ResourceExhausted, "too many failed authentications from 127.0.0.1"), nil, codes.ResourceExhausted,
			"the agent refuses this host's sessions for now: too many failed authentications from 127.0.0.1"},
		{"busy", grpcstatus.Error(codes.Unavailable, "the agent serves one session at a time, and one is open"), nil, codes.Unavailable,
			"the agent is busy: the agent serves one session at a time, and one is open (another harness's run: try again once it ends)"},
		{"options refused", grpcstatus.Error(codes.InvalidArgument, "driver sim: this agent does not let a session set seed=7"), map[string]string{"agent-opts": "seed=7"},
			codes.InvalidArgument, "the agent refused the session's driver options (agent-opts): driver sim: this agent does not let a session set seed=7"},
		{"no Hello in time", grpcstatus.Error(codes.DeadlineExceeded, "no Hello within 10s of the session's start"), nil, codes.DeadlineExceeded,
			"the agent refused the session: no Hello within 10s"},
		{"an unknown status", grpcstatus.Error(codes.PermissionDenied, "no"), nil, codes.PermissionDenied, "the agent refused the session (permission denied): no"},
		{"no agent", nil, map[string]string{"side-a": closedAddr}, codes.Unavailable,
			"cannot connect to " + closedAddr + ": connection refused (no agent listening there? check side-a or side-b and the agent's --listen)"},
	} {
		opts := map[string]string{"side-a": serveFake(t, fakeAgent{end: c.end}, nil)}
		for k, v := range c.opts {
			opts[k] = v
		}
		_, err := openOpts(t, opts)
		if err == nil {
			t.Errorf("%s: Open succeeded", c.what)
			continue
		}
		if msg := err.Error(); grpcstatus.Code(err) != c.code || !strings.Contains(msg, c.want) || strings.Contains(msg, "rpc error") || strings.Contains(msg, "\n") {
			t.Errorf("%s: %v (code %v), want one line with %q, code %v", c.what, err, grpcstatus.Code(err), c.want, c.code)
		}
		// an agent busy, rate-limiting, silent or not there is the lab's
		// fault (ndk.ErrUnavailable); a token, an option refused, the
		// configuration's
		lab := c.code == codes.Unavailable || c.code == codes.ResourceExhausted || c.code == codes.DeadlineExceeded
		if errors.Is(err, ndk.ErrUnavailable) != lab {
			t.Errorf("%s: errors.Is(err, ndk.ErrUnavailable) = %v, want %v", c.what, !lab, lab)
		}
	}
}

// TestStoppedAgentIsLost: an agent that stops answering (its process
// stopped: the connection open, nothing answered, its health service
// neither) loses the provider after liveness-timeout, long before the
// call-timeout of the call waiting meanwhile, and says so; the provider
// declares the wait, so that a harness's --timeout is longer.
func TestStoppedAgentIsLost(t *testing.T) {
	addr := serveFake(t, fakeAgent{}, stoppedHealth{})
	p, err := openOpts(t, map[string]string{"side-a": addr, "liveness-timeout": "300ms", "call-timeout": "10m"})
	if err != nil {
		t.Fatal(err)
	}
	if d := p.(ndk.TimeoutDeclarer).DeclaredTimeouts()[LivenessWait]; d != 300*time.Millisecond {
		t.Fatalf("declared %s wait %v, want the liveness-timeout", LivenessWait, d)
	}
	le := lostBy(t, func() { p.OpenAdapter(netip.MustParseAddr("192.0.2.1")) })
	if !strings.Contains(le.Error(), "no answer to the driver's liveness probes for 300ms (liveness-timeout)") {
		t.Fatalf("LostError %v, want the liveness probes' time-out", le)
	}
	if err := p.Close(); err == nil {
		t.Fatal("Close of a lost provider: no error")
	}
}

// TestAnsweringAgentIsNotLostByLiveness: an agent whose server answers
// the probes (UNIMPLEMENTED: an agent without the health service) but not
// a call is lost only at the call-timeout, which says so: the probes tell
// a stopped agent from a call stuck in the provider.
func TestAnsweringAgentIsNotLostByLiveness(t *testing.T) {
	addr := serveFake(t, fakeAgent{}, nil)
	p, err := openOpts(t, map[string]string{"side-a": addr, "liveness-timeout": "100ms", "call-timeout": "1500ms"})
	if err != nil {
		t.Fatal(err)
	}
	le := lostBy(t, func() { p.OpenAdapter(netip.MustParseAddr("192.0.2.1")) })
	if !strings.Contains(le.Error(), "OpenAdapter unanswered after 1.5s (call-timeout)") {
		t.Fatalf("LostError %v, want the call-timeout", le)
	}
}

// TestLivenessOptions: liveness-timeout is a positive duration, no longer
// than call-timeout; unset, it is DefaultLiveness or call-timeout if
// shorter.
func TestLivenessOptions(t *testing.T) {
	for _, c := range []struct {
		opts map[string]string
		want time.Duration
		err  string
	}{
		{map[string]string{}, DefaultLiveness, ""},
		{map[string]string{"call-timeout": "1s"}, time.Second, ""},
		{map[string]string{"liveness-timeout": "5s"}, 5 * time.Second, ""},
		{map[string]string{"liveness-timeout": "40s"}, 0, "liveness-timeout=40s is longer than call-timeout=30s"},
		{map[string]string{"liveness-timeout": "soon"}, 0, `invalid liveness-timeout="soon"`},
		{map[string]string{"liveness-timeout": "-1s"}, 0, `invalid liveness-timeout="-1s"`},
	} {
		c.opts["side-a"] = "127.0.0.1:1"
		o, err := Driver{}.ParseOptions(c.opts)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%v: %v, want %q", c.opts, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%v: %v", c.opts, err)
		case c.err == "" && o.(Config).Liveness != c.want:
			t.Errorf("%v: liveness %v, want %v", c.opts, o.(Config).Liveness, c.want)
		}
	}
}

// The token file is a secret: one others can read or write is refused,
// naming the file, its mode and the fix; the owner's alone is read, its
// trailing newline dropped.
func TestTokenFileMode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("file modes do not show Windows ACLs")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		mode os.FileMode
		err  string
	}{
		{0o600, ""},
		{0o400, ""},
		{0o644, "can be read or written by others (mode 0644): chmod 600 "},
		{0o620, "can be read or written by others (mode 0620): chmod 600 "},
	} {
		f := filepath.Join(dir, fmt.Sprintf("token-%o", c.mode))
		if err := os.WriteFile(f, []byte("a-token-of-the-harness\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(f, c.mode); err != nil {
			t.Fatal(err)
		}
		o, err := Driver{}.ParseOptions(map[string]string{"side-a": "127.0.0.1:1", "token-file": f})
		switch {
		case c.err != "" && (err == nil || err.Error() != "token-file="+f+" "+c.err+f):
			t.Errorf("mode %04o: %v, want %q", c.mode, err, "token-file="+f+" "+c.err+f)
		case c.err == "" && err != nil:
			t.Errorf("mode %04o: %v", c.mode, err)
		case c.err == "" && o.(Config).Token != "a-token-of-the-harness":
			t.Errorf("mode %04o: token %q", c.mode, o.(Config).Token)
		}
	}
}

// sidesAgent is a fake agent whose provider's sides are a and b, each
// address opened with the status in st (absent: success).
func sidesAgent(t *testing.T, a, b string, st map[string]ndk.Status) string {
	t.Helper()
	d := func(addr string) *agentv1.AdapterDescription {
		if addr == "" {
			return nil
		}
		return &agentv1.AdapterDescription{Address: addr, OpenStatus: uint32(st[addr])}
	}
	caps := &agentv1.Capabilities{ProtocolVersion: protocolVersion, AgentVersion: "test", Driver: "fake",
		SideA: &agentv1.SideInfo{Ipv4: d(a)}, SideB: &agentv1.SideInfo{Ipv4: d(b)}}
	return serveFake(t, fakeAgent{caps: caps}, nil)
}

// TestAgentsServeWhatTheyOwn: with two agents, each address goes to the
// agent whose provider owns it (opened it before its Welcome), and the
// components name the addresses each served; a configuration in which
// the agent of side-b (or side-a) would serve nothing is refused (not
// the lab's fault), naming the option, so that no certificate names an
// agent that tested nothing.
func TestAgentsServeWhatTheyOwn(t *testing.T) {
	// two sims: each owns 192.0.2.1 and 192.0.2.2; side B (the second's
	// side A, 192.0.2.1) would be served by the first
	one, two := sidesAgent(t, "192.0.2.1", "192.0.2.2", nil), sidesAgent(t, "192.0.2.1", "192.0.2.2", nil)
	// (call-timeout: the fake agents do not answer the CloseProvider of
	// the refused sessions)
	_, err := openOpts(t, map[string]string{"side-a": one, "side-b": two, "call-timeout": "500ms"})
	want := "side-b=" + two + " serves none of the run's addresses: the agent of side-a=" + one + " owns all of them (192.0.2.1)"
	if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") || errors.Is(err, ndk.ErrUnavailable) {
		t.Fatalf("two agents, the first owning both addresses: Open: %v; want a configuration error with %q", err, want)
	}

	// two hosts: the first lists the second's address (its peer) but
	// cannot open it; each owns its own
	a := sidesAgent(t, "192.0.2.1", "192.0.2.2", map[string]ndk.Status{"192.0.2.2": ndk.StatusInvalidAddress})
	b := sidesAgent(t, "192.0.2.2", "", nil)
	prov, err := openOpts(t, map[string]string{"side-a": a, "side-b": b})
	if err != nil {
		t.Fatal(err)
	}
	p := prov.(*Provider)
	defer func() { p.loss.lose("the test", errors.New("done")); _ = p.Close() }()
	if s := p.owner(netip.MustParseAddr("192.0.2.2")); s != p.b {
		t.Errorf("192.0.2.2 routed to %s, want side B's agent %s", s.addr, b)
	}
	if s := p.owner(netip.MustParseAddr("192.0.2.1")); s != p.a {
		t.Errorf("192.0.2.1 routed to %s, want side A's agent %s", s.addr, a)
	}
	comps := p.Describe()
	got := fmt.Sprintf("%s %s %v; %s %s %v", comps[0].Role, comps[0].Address, comps[0].Serves, comps[1].Role, comps[1].Address, comps[1].Serves)
	if w := fmt.Sprintf("agent of side A %s [192.0.2.1]; agent of side B %s [192.0.2.2]", a, b); got != w {
		t.Errorf("components %q, want %q", got, w)
	}

	// an address two agents list in their side B, the first without
	// opening it (its peer's), the second its own: the second's, not
	// the first lister's
	c := sidesAgent(t, "192.0.2.1", "192.0.2.2", map[string]ndk.Status{"192.0.2.2": ndk.StatusInvalidAddress})
	d := sidesAgent(t, "192.0.2.3", "192.0.2.2", nil)
	prov2, err := openOpts(t, map[string]string{"side-a": c, "side-b": d})
	if err != nil {
		t.Fatal(err)
	}
	p2 := prov2.(*Provider)
	defer func() { p2.loss.lose("the test", errors.New("done")); _ = p2.Close() }()
	if s := p2.owner(netip.MustParseAddr("192.0.2.2")); s != p2.b {
		t.Errorf("192.0.2.2, listed by both agents' side B, opened by the second's only: routed to %s, want %s", s.addr, d)
	}

	// the harness's own sides (--side-*): both side A's agent's
	// addresses leave side B's agent nothing; refused, and the
	// components stay as they were
	err = p.RouteSides(ndk.Side{IPv4: netip.MustParseAddr("192.0.2.1")}, ndk.Side{IPv4: netip.MustParseAddr("192.0.2.9")})
	if err == nil || !strings.HasPrefix(err.Error(), "side-b="+b+" serves none of the run's addresses") {
		t.Errorf("RouteSides leaving side B's agent nothing: %v", err)
	}
	// sides swapped: each agent still serves its own, now of the other
	// side
	if err := p.RouteSides(ndk.Side{IPv4: netip.MustParseAddr("192.0.2.2")}, ndk.Side{IPv4: netip.MustParseAddr("192.0.2.1")}); err != nil {
		t.Fatal(err)
	}
	comps = p.Describe()
	if comps[0].Role != "agent of side B" || comps[0].Serves[0] != "192.0.2.1" || comps[1].Role != "agent of side A" || comps[1].Serves[0] != "192.0.2.2" {
		t.Errorf("components after RouteSides with swapped sides: %+v", comps)
	}
}

// serveFakeTLS serves a over TLS (a certificate of a new CA for
// 127.0.0.1) and returns its address and the CA's PEM file.
func serveFakeTLS(t *testing.T, a agentv1.AgentServer) (addr, ca string) {
	t.Helper()
	iss := testpki.NewIssuer(t, "fake agent CA")
	cert, key := iss.Issue(t, x509.ExtKeyUsageServerAuth)
	pair, err := tls.LoadX509KeyPair(cert, key)
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer(grpc.Creds(credentials.NewTLS(&tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12})))
	agentv1.RegisterAgentServer(gs, a)
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(gs.Stop)
	return lis.Addr().String(), iss.File
}

// TestConfigurationErrorsSayWhatToDo: what a vendor meets first, each one
// line naming the cause and the option (or the program) that fixes it,
// never a gRPC status: an agent serving TLS dialed without tls-ca (said
// for certain: the driver tries a handshake), tls-ca against a plaintext
// agent, a token file that is not there, an agent of another major
// protocol version (refused by it, or seen in its Welcome).
func TestConfigurationErrorsSayWhatToDo(t *testing.T) {
	tlsAddr, ca := serveFakeTLS(t, fakeAgent{})
	plain := serveFake(t, fakeAgent{}, nil)
	other := serveFake(t, fakeAgent{caps: &agentv1.Capabilities{ProtocolVersion: &agentv1.ProtocolVersion{Major: 2, Minor: 0}}}, nil)
	missing := filepath.Join(t.TempDir(), "no-token")
	for _, c := range []struct {
		what string
		opts map[string]string
		want string
	}{
		{"a TLS agent without tls-ca", map[string]string{"side-a": tlsAddr},
			"the agent at " + tlsAddr + " serves TLS: set tls-ca to the PEM file of the CA that signed its certificate (its --tls-cert)"},
		{"tls-ca against a plaintext agent", map[string]string{"side-a": plain, "tls-ca": ca},
			"the agent at " + plain + " does not serve TLS: drop tls-ca, or start the agent with --tls-cert and --tls-key"},
		{"a missing token file", map[string]string{"side-a": plain, "token-file": missing},
			"token-file=" + missing + ": no such file: set token-file to a file holding the agent's token (a copy of the file its --token-file names, mode 600)"},
		{"an agent refusing another major version", map[string]string{"side-a": serveFake(t, fakeAgent{end: grpcstatus.Error(codes.FailedPrecondition, "protocol major version 1, this agent speaks 2")}, nil)},
			"the agent speaks another major version of the agent protocol (protocol major version 1, this agent speaks 2): run an ndkconform agent of the same major version as this harness"},
		{"an agent welcoming with another major version", map[string]string{"side-a": other},
			"the agent speaks protocol 2.0, this harness 1."},
	} {
		_, err := openOpts(t, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "rpc error") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v; want one line with %q", c.what, err, c.want)
		}
	}
	// and with tls-ca, the TLS agent is reached
	p, err := openOpts(t, map[string]string{"side-a": tlsAddr, "tls-ca": ca})
	if err != nil {
		t.Fatalf("the TLS agent with its CA: %v", err)
	}
	p.(*Provider).loss.lose("the test", errors.New("done"))
	_ = p.Close()
}

// TestSideWithoutPortDialsTheAgentsPort: side-a=HOST (no port) is the
// agent's default port, 7471 (ndkconform agent's --listen), not gRPC's
// 443; a port given stays.
func TestSideWithoutPortDialsTheAgentsPort(t *testing.T) {
	for in, want := range map[string]string{
		"localhost": "localhost:7471", "localhost:": "localhost:7471", "10.0.0.2": "10.0.0.2:7471", "10.0.0.2:9000": "10.0.0.2:9000",
		"::1": "[::1]:7471", "[::1]": "[::1]:7471", "[fd00::2]:7000": "[fd00::2]:7000", "agent-b.lab": "agent-b.lab:7471",
	} {
		o, err := Driver{}.ParseOptions(map[string]string{"side-a": in, "side-b": in})
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if c := o.(Config); c.SideA != want || c.SideB != want {
			t.Errorf("side-a=side-b=%q: dials %q and %q, want %q", in, c.SideA, c.SideB, want)
		}
	}
	// and it is dialed there: nothing listens on 7471 in the test
	// (an agent there would answer instead)
	if l, err := net.Listen("tcp", "127.0.0.1:7471"); err == nil {
		l.Close()
		_, err := openOpts(t, map[string]string{"side-a": "127.0.0.1"})
		if err == nil || !strings.Contains(err.Error(), "cannot connect to 127.0.0.1:7471: connection refused") {
			t.Errorf("side-a=127.0.0.1: %v, want a refused connection to 127.0.0.1:7471", err)
		}
	}
}
