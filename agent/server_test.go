package agent_test

import (
	"context"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	_ "github.com/ndkconform/ndkconform/drivers/remote"
	_ "github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
)

// serve starts an agent over a sim provider on 127.0.0.1:0.
func serve(t *testing.T, token string) string {
	t.Helper()
	return serveSim(t, token, nil)
}

// serveSim starts an agent over a sim provider opened with opts.
func serveSim(t *testing.T, token string, opts map[string]string) string {
	t.Helper()
	d, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer()
	agentv1.RegisterAgentServer(gs, agent.NewServer(p, token))
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(func() {
		gs.Stop()
		_ = p.Close()
	})
	return lis.Addr().String()
}

func openRemote(t *testing.T, addr, token string) (ndk.Provider, error) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(f, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := ndk.Lookup("remote")
	if err != nil {
		t.Fatal(err)
	}
	return d.Open(map[string]string{"side-a": addr, "token-file": f})
}

const timeout = 5 * time.Second

// wait returns st, or the status of the completion on ch if st is
// STATUS_PENDING.
func wait(t *testing.T, what string, st ndk.Status, ch <-chan ndk.Status) ndk.Status {
	t.Helper()
	if st != ndk.StatusPending {
		return st
	}
	select {
	case st := <-ch:
		return st
	case <-time.After(timeout):
		t.Fatalf("%s: no completion", what)
	}
	return 0
}

func expect(t *testing.T, what string, got, want ndk.Status) {
	t.Helper()
	if got != want {
		t.Fatalf("%s: %v, want %v", what, got, want)
	}
}

// create runs a create call and waits for its object.
func create[T any](t *testing.T, what string, f func(ndk.CreateCompletion, any) (T, ndk.Status)) T {
	t.Helper()
	type res struct {
		st  ndk.Status
		obj ndk.Object
	}
	ch := make(chan res, 1)
	obj, st := f(func(_ any, st ndk.Status, o ndk.Object) { ch <- res{st, o} }, nil)
	if st == ndk.StatusPending {
		select {
		case r := <-ch:
			expect(t, what, r.st, ndk.StatusSuccess)
			return r.obj.(T)
		case <-time.After(timeout):
			t.Fatalf("%s: no completion", what)
		}
	}
	expect(t, what, st, ndk.StatusSuccess)
	return obj
}

func closeObj(t *testing.T, what string, o ndk.Object) {
	t.Helper()
	ch := make(chan ndk.Status, 1)
	st := o.Close(func(any) { ch <- ndk.StatusSuccess }, nil)
	expect(t, "close "+what, wait(t, "close "+what, st, ch), ndk.StatusSuccess)
}

type end struct {
	ad ndk.Adapter
	pd ndk.PD
	cq ndk.CQ
	qp ndk.QP
}

func newEnd(t *testing.T, p ndk.Provider, addr netip.Addr) *end {
	t.Helper()
	ad, st := p.OpenAdapter(addr)
	expect(t, "OpenAdapter "+addr.String(), st, ndk.StatusSuccess)
	info, st := ad.QueryAdapterInfo()
	expect(t, "QueryAdapterInfo", st, ndk.StatusSuccess)
	if info.MaxCQDepth == 0 {
		t.Fatalf("QueryAdapterInfo: %+v", info)
	}
	e := &end{ad: ad}
	e.pd = create(t, "CreatePD", ad.CreatePD)
	e.cq = create(t, "CreateCQ", func(d ndk.CreateCompletion, c any) (ndk.CQ, ndk.Status) {
		return ad.CreateCQ(ndk.CQParams{Depth: 16}, d, c)
	})
	e.qp = create(t, "CreateQP", func(d ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) {
		return e.pd.CreateQP(ndk.QPParams{ReceiveCQ: e.cq, InitiatorCQ: e.cq, ReceiveQueueDepth: 4, InitiatorQueueDepth: 4,
			MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}, d, c)
	})
	return e
}

func (e *end) close(t *testing.T) {
	closeObj(t, "QP", e.qp)
	closeObj(t, "CQ", e.cq)
	closeObj(t, "PD", e.pd)
	e.ad.Close()
}

// TestConnectThroughAgent connects side A to side B of sim through the
// agent and the remote driver, then disconnects and closes everything, in
// each of sim's completion personalities (reentrant: callbacks from inside
// the call, before its return).
func TestConnectThroughAgent(t *testing.T) {
	for _, c := range []string{"deferred", "inline", "reentrant", "random"} {
		t.Run(c, func(t *testing.T) { connectThroughAgent(t, c) })
	}
}

func connectThroughAgent(t *testing.T, completion string) {
	addr := serveSim(t, "s3cret", map[string]string{"completion": completion})
	p, err := openRemote(t, addr, "s3cret")
	if err != nil {
		t.Fatal(err)
	}
	sa, sb := p.Sides()
	if !sa.IPv4.IsValid() || !sb.IPv4.IsValid() {
		t.Fatalf("Sides: %v %v", sa, sb)
	}
	a, b := newEnd(t, p, sa.IPv4), newEnd(t, p, sb.IPv4)

	events := make(chan ndk.Connector, 1)
	l := create(t, "CreateListener", func(d ndk.CreateCompletion, c any) (ndk.Listener, ndk.Status) {
		return b.ad.CreateListener(func(_ any, conn ndk.Connector) { events <- conn }, nil, d, c)
	})
	ch := make(chan ndk.Status, 4)
	done := func(_ any, st ndk.Status) { ch <- st }
	expect(t, "Listen", wait(t, "Listen", l.Listen(netip.AddrPortFrom(sb.IPv4, 0), done, nil), ch), ndk.StatusSuccess)
	la, st := l.GetLocalAddress()
	expect(t, "GetListenerLocalAddress", st, ndk.StatusSuccess)
	if la.Port() == 0 || la.Addr() != sb.IPv4 {
		t.Fatalf("listener address %v", la)
	}

	ca := create(t, "CreateConnector", a.ad.CreateConnector)
	// Connect and Accept run on goroutines of their own: with inline
	// completions a provider may return them only once the peer has
	// answered. Each sends its final status (the return, or the
	// completion of a pending return) on its channel.
	connCh := make(chan ndk.Status, 2)
	go func() {
		st := ca.Connect(ndk.ConnectParams{QP: a.qp, Source: netip.AddrPortFrom(sa.IPv4, 0), Destination: la,
			InboundReadLimit: 1, OutboundReadLimit: 1, PrivateData: []byte("hi")}, func(_ any, st ndk.Status) { connCh <- st }, nil)
		if st != ndk.StatusPending {
			connCh <- st
		}
	}()
	var cb ndk.Connector
	select {
	case cb = <-events:
	case <-time.After(timeout):
		t.Fatal("no connect event")
	}
	cd, _ := cb.GetConnectionData(nil)
	buf := make([]byte, cd.PrivateDataLength)
	cd, st = cb.GetConnectionData(buf)
	expect(t, "GetConnectionData", st, ndk.StatusSuccess)
	if cd.PrivateDataLength < 2 || string(buf[:2]) != "hi" {
		t.Fatalf("GetConnectionData: %+v %q", cd, buf)
	}
	bDisc := make(chan struct{}, 1)
	acceptCh := make(chan ndk.Status, 2)
	go func() {
		st := cb.Accept(ndk.AcceptParams{QP: b.qp, InboundReadLimit: 1, OutboundReadLimit: 1,
			OnDisconnect: func(any) { bDisc <- struct{}{} }}, func(_ any, st ndk.Status) { acceptCh <- st }, nil)
		if st != ndk.StatusPending {
			acceptCh <- st
		}
	}()
	expect(t, "Connect", wait(t, "Connect", ndk.StatusPending, connCh), ndk.StatusSuccess)
	expect(t, "CompleteConnect", wait(t, "CompleteConnect", ca.CompleteConnect(func(any) {}, nil, done, nil), ch), ndk.StatusSuccess)
	expect(t, "Accept", wait(t, "Accept", ndk.StatusPending, acceptCh), ndk.StatusSuccess)

	peer, st := ca.GetPeerAddress()
	expect(t, "GetPeerAddress", st, ndk.StatusSuccess)
	if peer != la {
		t.Fatalf("peer address %v, want %v", peer, la)
	}
	local, st := ca.GetLocalAddress()
	expect(t, "GetLocalAddress", st, ndk.StatusSuccess)
	if local.Addr() != sa.IPv4 || local.Port() == 0 {
		t.Fatalf("local address %v", local)
	}

	expect(t, "Disconnect", wait(t, "Disconnect", ca.Disconnect(done, nil), ch), ndk.StatusSuccess)
	select {
	case <-bDisc:
	case <-time.After(timeout):
		t.Fatal("no disconnect event on side B")
	}
	closeObj(t, "connector A", ca)
	closeObj(t, "connector B", cb)
	closeObj(t, "listener", l)
	a.close(t)
	b.close(t)
	if err := p.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}

func TestWrongTokenRefused(t *testing.T) {
	addr := serve(t, "right")
	_, err := openRemote(t, addr, "wrong")
	if status.Code(err) != codes.Unauthenticated || !strings.Contains(err.Error(), "the agent refused the token of token-file=") {
		t.Fatalf("Open with a wrong token: %v, want Unauthenticated naming token-file", err)
	}
	// The agent is still usable with the right token.
	p, err := openRemote(t, addr, "right")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestProtocolErrors speaks the protocol directly: a bad handle and an
// unknown callback are answered with protocol errors, and the session goes
// on.
func TestProtocolErrors(t *testing.T) {
	addr := serve(t, "")
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	s, err := agentv1.NewAgentClient(conn).Session(ctx)
	if err != nil {
		t.Fatal(err)
	}
	send := func(m *agentv1.ClientMessage) {
		t.Helper()
		if err := s.Send(m); err != nil {
			t.Fatal(err)
		}
	}
	recv := func() *agentv1.ServerMessage {
		t.Helper()
		m, err := s.Recv()
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Hello{Hello: &agentv1.Hello{ProtocolVersion: agent.Version}}})
	if recv().GetWelcome() == nil {
		t.Fatal("no Welcome")
	}
	call := func(id uint64, c *agentv1.Call) *agentv1.CallReturn {
		t.Helper()
		c.CallId = id
		send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Call{Call: c}})
		r := recv().GetCallReturn()
		if r.GetCallId() != id {
			t.Fatalf("return %v for call %d", r, id)
		}
		return r
	}
	r := call(1, &agentv1.Call{Op: &agentv1.Call_QueryAdapterInfo{QueryAdapterInfo: &agentv1.QueryAdapterInfoRequest{
		Adapter: &agentv1.Handle{Kind: agentv1.HandleKind_HANDLE_KIND_ADAPTER, Id: 1 << 60}}}})
	if r.GetProtocolError().GetCode() != agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNKNOWN_HANDLE {
		t.Fatalf("unknown handle: %v", r)
	}
	r = call(2, &agentv1.Call{Op: &agentv1.Call_ArmCq{ArmCq: &agentv1.ArmCqRequest{}}})
	if r.GetProtocolError().GetCode() != agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_INVALID_ARGUMENT {
		t.Fatalf("ArmCq without a CQ: %v", r)
	}
	send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_CallbackReturn{CallbackReturn: &agentv1.CallbackReturn{CallbackId: 12345}}})
	if pe := recv().GetProtocolError(); pe.GetCode() != agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNKNOWN_CALLBACK {
		t.Fatalf("unknown callback: %v", pe)
	}
	// An adapter, closed, then named again.
	r = call(3, &agentv1.Call{Op: &agentv1.Call_OpenAdapter{OpenAdapter: &agentv1.OpenAdapterRequest{Address: "192.0.2.1"}}})
	h := r.GetOpenAdapter().GetAdapter()
	if r.GetStatus() != 0 || h == nil {
		t.Fatalf("OpenAdapter: %v", r)
	}
	call(4, &agentv1.Call{Op: &agentv1.Call_CloseAdapter{CloseAdapter: &agentv1.CloseAdapterRequest{Adapter: h}}})
	r = call(5, &agentv1.Call{Op: &agentv1.Call_QueryAdapterInfo{QueryAdapterInfo: &agentv1.QueryAdapterInfoRequest{Adapter: h}}})
	if r.GetProtocolError().GetCode() != agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_OBJECT_CLOSED {
		t.Fatalf("closed handle: %v", r)
	}
	r = call(6, &agentv1.Call{Op: &agentv1.Call_CloseProvider{CloseProvider: &agentv1.CloseProviderRequest{}}})
	if r.GetCloseProvider() == nil {
		t.Fatalf("CloseProvider: %v", r)
	}
}
