package agent_test

import (
	"fmt"
	"net"
	"net/netip"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// sharedDriver is sim as a driver of real adapters would be: no
// ndk.ConcurrentRunner (the embedded interface hides it), so the agent
// takes its providers to share the host's adapters.
type sharedDriver struct{ ndk.Driver }

func simDriver(t *testing.T) ndk.Driver {
	t.Helper()
	d, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// remoteRuns is what the remote driver with side-a (and side-b, if not
// empty) declares as the runs that may go at once.
func remoteRuns(t *testing.T, sideA, sideB string) int {
	t.Helper()
	d, err := ndk.Lookup("remote")
	if err != nil {
		t.Fatal(err)
	}
	opts := map[string]string{"side-a": sideA}
	if sideB != "" {
		opts["side-b"] = sideB
	}
	return ndk.ConcurrentRuns(d, opts)
}

// listenOn makes a listener of p's side A listen on port: each session's
// provider has a fabric of its own, so the same port in several sessions
// at once is no conflict.
func listenOn(t *testing.T, p ndk.Provider, port uint16) (ndk.Adapter, ndk.Listener) {
	t.Helper()
	sa, _ := p.Sides()
	ad, st := p.OpenAdapter(sa.IPv4)
	expect(t, "OpenAdapter", st, ndk.StatusSuccess)
	l, st := ad.CreateListener(func(any, ndk.Connector) {}, nil, func(any, ndk.Status, ndk.Object) {}, nil)
	expect(t, "CreateListener", st, ndk.StatusSuccess)
	expect(t, "Listen", l.Listen(netip.AddrPortFrom(sa.IPv4, port), func(any, ndk.Status) {}, nil), ndk.StatusSuccess)
	return ad, l
}

// TestSessionsAtOnce: an agent over a driver whose providers share
// nothing (sim) serves several sessions at the same time, each its own
// provider (the same port listened on in each), up to the driver's
// ConcurrentRuns or Config.MaxSessions; it says how many in
// Capabilities.max_sessions, and the remote driver declares as many runs
// at once. A session beyond is refused with UNAVAILABLE, and served once
// another ended.
func TestSessionsAtOnce(t *testing.T) {
	addr, _ := serveConfig(t, agent.Config{Driver: simDriver(t), DriverName: "sim", Options: map[string]string{"completion": "inline"}})
	_, caps := dialRaw(t, addr, &agentv1.Hello{})
	if got := caps.GetMaxSessions(); got != 16 {
		t.Errorf("max_sessions %d over sim, want its ConcurrentRuns, 16", got)
	}
	if n := remoteRuns(t, addr, ""); n != 16 {
		t.Errorf("the remote driver declares %d runs at once against sim's agent, want 16", n)
	}

	addr, _ = serveConfig(t, agent.Config{Driver: simDriver(t), DriverName: "sim", Options: map[string]string{"completion": "inline"}, MaxSessions: 3})
	if n := remoteRuns(t, addr, ""); n != 3 {
		t.Errorf("the remote driver declares %d runs at once against an agent of MaxSessions 3, want 3", n)
	}
	var ps []ndk.Provider
	for i := range 3 {
		p, err := openWith(t, addr, "", nil)
		if err != nil {
			t.Fatalf("session %d of 3 at once: %v", i+1, err)
		}
		ad, l := listenOn(t, p, 4791)
		defer ad.Close()
		defer l.Close(nil, nil)
		ps = append(ps, p)
	}
	if _, err := openWith(t, addr, "", nil); status.Code(err) != codes.Unavailable || !strings.Contains(err.Error(), "the agent is busy: the agent serves 3 sessions at a time") {
		t.Fatalf("a fourth session at once: %v, want Unavailable", err)
	}
	if err := ps[0].Close(); err != nil {
		t.Fatal(err)
	}
	p, err := openWith(t, addr, "", nil)
	if err != nil {
		t.Fatalf("a session once one of 3 ended: %v", err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	for _, p := range ps[1:] {
		if err := p.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSessionsAtOnceRunTogether: sessions of one agent over sim each run
// the data path (connections, memory, sends, writes, reads, binds) on its
// own provider, all at the same time: under -race, what the agent keeps
// of one session is apart from another's.
func TestSessionsAtOnceRunTogether(t *testing.T) {
	for _, c := range []string{"deferred", "reentrant"} {
		t.Run(c, func(t *testing.T) {
			addr, _ := serveDriver(t, map[string]string{"completion": c})
			for i := range 4 {
				t.Run(fmt.Sprintf("session %d", i+1), func(t *testing.T) {
					t.Parallel()
					p, err := openWith(t, addr, "", nil)
					if err != nil {
						t.Fatal(err)
					}
					dataPathOn(t, p)
				})
			}
		})
	}
}

// TestSharedAdaptersOneSessionAtATime: an agent over a driver that is no
// ndk.ConcurrentRunner (its adapters the host's, shared by every
// provider), and one serving a provider it was given, serve one session at
// a time whatever Config.MaxSessions says: max_sessions 1, a second
// session refused with UNAVAILABLE, and the remote driver declares one run
// at a time, with two agents as soon as one of them is so.
func TestSharedAdaptersOneSessionAtATime(t *testing.T) {
	shared, _ := serveConfig(t, agent.Config{Driver: sharedDriver{simDriver(t)}, DriverName: "shared", MaxSessions: 4})
	fixed, _ := serveConfig(t, agent.Config{Provider: openSim(t, nil), MaxSessions: 4})
	isolated, _ := serveConfig(t, agent.Config{Driver: simDriver(t), DriverName: "sim"})
	for _, c := range []struct{ what, addr string }{{"a driver of shared adapters", shared}, {"a fixed provider", fixed}} {
		r, caps := dialRaw(t, c.addr, &agentv1.Hello{})
		if got := caps.GetMaxSessions(); got != 1 {
			t.Errorf("%s: max_sessions %d, want 1", c.what, got)
		}
		if _, err := openWith(t, c.addr, "", nil); status.Code(err) != codes.Unavailable || !strings.Contains(err.Error(), "the agent is busy: the agent serves one session at a time") {
			t.Errorf("%s: a second session at once: %v, want Unavailable", c.what, err)
		}
		r.call(&agentv1.Call{Op: &agentv1.Call_CloseProvider{CloseProvider: &agentv1.CloseProviderRequest{}}})
		if _, err := r.s.Recv(); err == nil {
			t.Fatalf("%s: a message after CloseProvider's return", c.what)
		}
		if n := remoteRuns(t, c.addr, ""); n != 1 {
			t.Errorf("%s: the remote driver declares %d runs at once, want 1", c.what, n)
		}
		if n := remoteRuns(t, isolated, c.addr); n != 1 {
			t.Errorf("%s as side B's agent: the remote driver declares %d runs at once, want 1", c.what, n)
		}
		if n := remoteRuns(t, c.addr, isolated); n != 1 {
			t.Errorf("%s as side A's agent: the remote driver declares %d runs at once, want 1", c.what, n)
		}
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gone := lis.Addr().String()
	lis.Close()
	if n := remoteRuns(t, gone, ""); n != 1 {
		t.Errorf("no agent: the remote driver declares %d runs at once, want 1", n)
	}
}
