package agent_test

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// TestCallbackNotAckedEndsSession: a callback the harness never acks
// holds the provider's thread for Config.CallbackTimeout at most: then the
// session ends (DEADLINE_EXCEEDED, naming the callback and
// --callback-timeout), its objects and provider are closed, and the agent
// serves the next session.
func TestCallbackNotAckedEndsSession(t *testing.T) {
	addr, _, ended := watched(t, agent.Config{Driver: simDriver(t), DriverName: "sim",
		Options: map[string]string{"completion": "deferred"}, CallbackTimeout: 300 * time.Millisecond})
	r, _ := dialRaw(t, addr, &agentv1.Hello{})
	ad := r.call(&agentv1.Call{Op: &agentv1.Call_OpenAdapter{OpenAdapter: &agentv1.OpenAdapterRequest{Address: "192.0.2.1"}}}).GetOpenAdapter().GetAdapter()
	if err := r.s.Send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Call{Call: &agentv1.Call{CallId: 100,
		Op: &agentv1.Call_CreatePd{CreatePd: &agentv1.CreatePdRequest{Adapter: ad, Done: &agentv1.CallbackRef{Context: 1}}}}}}); err != nil {
		t.Fatal(err)
	}
	callbacks := 0
	var err error
	for err == nil {
		var m *agentv1.ServerMessage
		if m, err = r.s.Recv(); m.GetCallback() != nil {
			callbacks++ // never acked
		}
	}
	if callbacks != 1 {
		t.Fatalf("%d callbacks before the end, want the CreatePd's completion", callbacks)
	}
	msg := status.Convert(err).Message()
	if status.Code(err) != codes.DeadlineExceeded || !strings.Contains(msg, "CreateCompletion) not acked within 300ms") || !strings.Contains(msg, "--callback-timeout") {
		t.Fatalf("the session's end: %v, want DEADLINE_EXCEEDED naming the callback and --callback-timeout", err)
	}
	handlerEnd(t, ended, "a session with a callback never acked")
	if r2, _ := dialRaw(t, addr, &agentv1.Hello{}); r2.call(&agentv1.Call{Op: &agentv1.Call_CloseProvider{CloseProvider: &agentv1.CloseProviderRequest{}}}).GetCloseProvider() == nil {
		t.Fatal("the next session's CloseProvider")
	}
}

// TestUnackedCallbackLosesRemoteProvider: through the remote driver, a
// consumer callback that never returns ends the session after the agent's
// callback timeout, and the provider is lost with the agent's reason.
func TestUnackedCallbackLosesRemoteProvider(t *testing.T) {
	addr, _, _ := watched(t, agent.Config{Driver: simDriver(t), DriverName: "sim",
		Options: map[string]string{"completion": "deferred"}, CallbackTimeout: 300 * time.Millisecond})
	p, err := openWith(t, addr, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	defer close(release)
	sa, _ := p.Sides()
	ad, st := p.OpenAdapter(sa.IPv4)
	expect(t, "OpenAdapter", st, ndk.StatusSuccess)
	ad.CreatePD(func(any, ndk.Status, ndk.Object) { <-release }, nil)
	le := waitLost(t, p)
	if !strings.Contains(le.Error(), "the agent ended the session: callback") || !strings.Contains(le.Error(), "--callback-timeout") {
		t.Fatalf("LostError %v, want the agent's callback time-out", le)
	}
}

// freezer is a TCP proxy to target that can stop passing bytes without
// closing anything, as a host that vanished (or a process stopped) leaves
// its connections.
type freezer struct {
	lis    net.Listener
	frozen atomic.Bool
	mu     sync.Mutex
	conns  []net.Conn
}

func newFreezer(t *testing.T, target string) *freezer {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f := &freezer{lis: lis}
	t.Cleanup(f.close)
	go func() {
		for {
			c, err := lis.Accept()
			if err != nil {
				return
			}
			u, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			f.mu.Lock()
			f.conns = append(f.conns, c, u)
			f.mu.Unlock()
			go f.pass(c, u)
			go f.pass(u, c)
		}
	}()
	return f
}

func (f *freezer) addr() string { return f.lis.Addr().String() }

// pass copies from a to b while not frozen; frozen, it holds what it read.
func (f *freezer) pass(a, b net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := a.Read(buf)
		for f.frozen.Load() {
			time.Sleep(5 * time.Millisecond)
		}
		if n > 0 {
			if _, err := b.Write(buf[:n]); err != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

func (f *freezer) close() {
	f.frozen.Store(false)
	f.lis.Close()
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, c := range f.conns {
		c.Close()
	}
}

// TestKeepaliveEndsVanishedHarness: a harness whose connection goes
// silent (its host gone: nothing closes, nothing passes) is noticed by the
// agent's keepalive (1s here: a ping after 1s of silence, unanswered for
// 1s more), not after gRPC's two hours: its session ends and releases the
// slot for the next harness.
func TestKeepaliveEndsVanishedHarness(t *testing.T) {
	addr, _, ended := watched(t, agent.Config{Provider: openSim(t, nil)}, agent.Keepalive(time.Second)...)
	f := newFreezer(t, addr)
	conn, err := grpc.NewClient(f.addr(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := agentv1.NewAgentClient(conn).Session(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := hello(t, s, "", nil); err != nil {
		t.Fatal(err)
	}
	f.frozen.Store(true)
	handlerEnd(t, ended, "the session of a harness gone silent")
	// The slot is free: a harness that is there is served.
	s2, _ := openStream(t, addr, "")
	if err := hello(t, s2, "", nil); err != nil {
		t.Fatalf("the next harness: %v", err)
	}
	if err := s2.CloseSend(); err != nil {
		t.Fatal(err)
	}
	if _, err := s2.Recv(); !errors.Is(err, io.EOF) {
		t.Fatalf("the next session's end: %v", err)
	}
}
