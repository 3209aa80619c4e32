package agent_test

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/drivers/remote"
	"github.com/ndkconform/ndkconform/ndk"
)

// rawSession is a session spoken directly, message by message.
type rawSession struct {
	t    *testing.T
	s    agentv1.Agent_SessionClient
	last uint64
	// cancel ends the RPC (the harness gone).
	cancel context.CancelFunc
}

func dialRaw(t *testing.T, addr string, hello *agentv1.Hello) (*rawSession, *agentv1.Capabilities) {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 3*timeout)
	t.Cleanup(cancel)
	s, err := agentv1.NewAgentClient(conn).Session(ctx)
	if err != nil {
		t.Fatal(err)
	}
	hello.ProtocolVersion = agent.Version
	if err := s.Send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Hello{Hello: hello}}); err != nil {
		t.Fatal(err)
	}
	m, err := s.Recv()
	if err != nil {
		t.Fatal(err)
	}
	if m.GetWelcome() == nil {
		t.Fatalf("no Welcome: %v", m)
	}
	return &rawSession{t: t, s: s, cancel: cancel}, m.GetWelcome().GetCapabilities()
}

// call makes a call whose provider part completes inline (no callbacks
// expected) and returns its return.
func (r *rawSession) call(c *agentv1.Call) *agentv1.CallReturn {
	r.t.Helper()
	r.last++
	c.CallId = r.last
	if err := r.s.Send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Call{Call: c}}); err != nil {
		r.t.Fatal(err)
	}
	for {
		m, err := r.s.Recv()
		if err != nil {
			r.t.Fatal(err)
		}
		if cb := m.GetCallback(); cb != nil {
			// Ack at once.
			if err := r.s.Send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_CallbackReturn{CallbackReturn: &agentv1.CallbackReturn{CallbackId: cb.GetCallbackId()}}}); err != nil {
				r.t.Fatal(err)
			}
			continue
		}
		ret := m.GetCallReturn()
		if ret.GetCallId() != c.CallId {
			r.t.Fatalf("return %v for call %d", m, c.CallId)
		}
		return ret
	}
}

func wantCode(t *testing.T, what string, r *agentv1.CallReturn, code agentv1.ProtocolErrorCode) {
	t.Helper()
	if got := r.GetProtocolError().GetCode(); got != code {
		t.Fatalf("%s: %v, want %v", what, r, code)
	}
}

// TestMemoryProtocolErrors: bad buffer handles, ranges out of their
// region or over max_memory_chunk, a busy buffer, a call on a closed MR,
// a handle of the wrong kind: protocol errors, and the session goes on.
func TestMemoryProtocolErrors(t *testing.T) {
	addr, _ := serveDriver(t, map[string]string{"completion": "inline"})
	r, caps := dialRaw(t, addr, &agentv1.Hello{})
	if caps.GetMaxMemoryChunk() != agent.DefaultMaxMemoryChunk {
		t.Fatalf("max_memory_chunk %d", caps.GetMaxMemoryChunk())
	}
	const (
		outOfRange = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_OUT_OF_RANGE
		unknown    = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNKNOWN_HANDLE
		wrongKind  = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_WRONG_HANDLE_KIND
		closed     = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_OBJECT_CLOSED
		busy       = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_BUSY
		none       = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNSPECIFIED
	)
	ret := r.call(&agentv1.Call{Op: &agentv1.Call_AllocateBuffer{AllocateBuffer: &agentv1.AllocateBufferRequest{Length: 100}}})
	buf := ret.GetAllocateBuffer().GetBuffer()
	if buf == nil || buf.GetKind() != agentv1.HandleKind_HANDLE_KIND_BUFFER {
		t.Fatalf("AllocateBuffer: %v", ret)
	}
	write := func(h *agentv1.Handle, off uint64, data []byte) *agentv1.CallReturn {
		return r.call(&agentv1.Call{Op: &agentv1.Call_WriteMemory{WriteMemory: &agentv1.WriteMemoryRequest{Region: h, Offset: off, Data: data}}})
	}
	read := func(h *agentv1.Handle, off uint64, n uint32) *agentv1.CallReturn {
		return r.call(&agentv1.Call{Op: &agentv1.Call_ReadMemory{ReadMemory: &agentv1.ReadMemoryRequest{Region: h, Offset: off, Length: n}}})
	}
	wantCode(t, "WriteMemory in range", write(buf, 90, []byte("0123456789")), none)
	if got := read(buf, 88, 12).GetReadMemory().GetData(); string(got) != "\x00\x000123456789" {
		t.Fatalf("ReadMemory %q", got)
	}
	wantCode(t, "WriteMemory past the end", write(buf, 91, []byte("0123456789")), outOfRange)
	wantCode(t, "WriteMemory at a huge offset", write(buf, 1<<63, []byte("x")), outOfRange)
	wantCode(t, "ReadMemory past the end", read(buf, 0, 101), outOfRange)
	wantCode(t, "ReadMemory over max_memory_chunk", read(buf, 0, agent.DefaultMaxMemoryChunk+1), outOfRange)
	wantCode(t, "ReadMemory of an unknown buffer", read(&agentv1.Handle{Kind: agentv1.HandleKind_HANDLE_KIND_BUFFER, Id: 1 << 60}, 0, 1), unknown)
	wantCode(t, "AllocateBuffer beyond the session's bound", r.call(&agentv1.Call{Op: &agentv1.Call_AllocateBuffer{AllocateBuffer: &agentv1.AllocateBufferRequest{Length: 1 << 62}}}), outOfRange)

	// An MR over the buffer: the buffer is busy; a region by MR handle.
	ad := r.call(&agentv1.Call{Op: &agentv1.Call_OpenAdapter{OpenAdapter: &agentv1.OpenAdapterRequest{Address: "192.0.2.1"}}}).GetOpenAdapter().GetAdapter()
	pd := r.call(&agentv1.Call{Op: &agentv1.Call_CreatePd{CreatePd: &agentv1.CreatePdRequest{Adapter: ad}}}).GetCreatePd().GetPd()
	wantCode(t, "WriteMemory on a PD", write(pd, 0, []byte("x")), wrongKind)
	mr := r.call(&agentv1.Call{Op: &agentv1.Call_CreateMr{CreateMr: &agentv1.CreateMrRequest{Pd: pd}}}).GetCreateMr().GetMr()
	if mr == nil {
		t.Fatal("no MR")
	}
	wantCode(t, "RegisterMr past the buffer", r.call(&agentv1.Call{Op: &agentv1.Call_RegisterMr{RegisterMr: &agentv1.RegisterMrRequest{
		Mr: mr, Buffer: buf, Offset: 50, Length: 51, Va: 0x1000}}}), outOfRange)
	wantCode(t, "RegisterMr on a PD handle as buffer", r.call(&agentv1.Call{Op: &agentv1.Call_RegisterMr{RegisterMr: &agentv1.RegisterMrRequest{
		Mr: mr, Buffer: pd, Offset: 0, Length: 1, Va: 0x1000}}}), wrongKind)
	ret = r.call(&agentv1.Call{Op: &agentv1.Call_RegisterMr{RegisterMr: &agentv1.RegisterMrRequest{Mr: mr, Buffer: buf, Offset: 90, Length: 10, Va: 0x1000}}})
	if ret.GetProtocolError() != nil || ret.GetStatus() != 0 {
		t.Fatalf("RegisterMr: %v", ret)
	}
	if got := read(mr, 2, 8).GetReadMemory().GetData(); string(got) != "23456789" {
		t.Fatalf("ReadMemory of the MR %q", got)
	}
	wantCode(t, "ReadMemory past the MR", read(mr, 2, 9), outOfRange)
	wantCode(t, "FreeBuffer with an MR over it", r.call(&agentv1.Call{Op: &agentv1.Call_FreeBuffer{FreeBuffer: &agentv1.FreeBufferRequest{Buffer: buf}}}), busy)
	// Closed, the MR is refused, and the buffer is free to go.
	ret = r.call(&agentv1.Call{Op: &agentv1.Call_CloseObject{CloseObject: &agentv1.CloseObjectRequest{Object: mr}}})
	if ret.GetStatus() != 0 {
		t.Fatalf("CloseObject: %v", ret)
	}
	wantCode(t, "GetLocalTokenFromMr on a closed MR", r.call(&agentv1.Call{Op: &agentv1.Call_GetLocalTokenFromMr{GetLocalTokenFromMr: &agentv1.GetLocalTokenFromMrRequest{Mr: mr}}}), closed)
	wantCode(t, "DeregisterMr on a closed MR", r.call(&agentv1.Call{Op: &agentv1.Call_DeregisterMr{DeregisterMr: &agentv1.DeregisterMrRequest{Mr: mr}}}), closed)
	wantCode(t, "ReadMemory of a closed MR", read(mr, 0, 1), closed)
	wantCode(t, "FreeBuffer", r.call(&agentv1.Call{Op: &agentv1.Call_FreeBuffer{FreeBuffer: &agentv1.FreeBufferRequest{Buffer: buf}}}), none)
	wantCode(t, "ReadMemory of a freed buffer", read(buf, 0, 1), closed)
	wantCode(t, "FreeBuffer twice", r.call(&agentv1.Call{Op: &agentv1.Call_FreeBuffer{FreeBuffer: &agentv1.FreeBufferRequest{Buffer: buf}}}), closed)
	// A LAM over a buffer keeps it busy until released.
	buf2 := r.call(&agentv1.Call{Op: &agentv1.Call_AllocateBuffer{AllocateBuffer: &agentv1.AllocateBufferRequest{Length: 8192}}}).GetAllocateBuffer().GetBuffer()
	ret = r.call(&agentv1.Call{Op: &agentv1.Call_BuildLam{BuildLam: &agentv1.BuildLamRequest{Adapter: ad, Buffer: buf2, Offset: 100, Length: 4096, PageCapacity: 2}}})
	lam := ret.GetBuildLam().GetLam()
	if ret.GetStatus() != 0 || lam == nil || ret.GetBuildLam().GetOutput().GetFbo() != 100 || ret.GetBuildLam().GetOutput().GetPageCount() != 2 {
		t.Fatalf("BuildLam: %v", ret)
	}
	wantCode(t, "BuildLam with a huge page capacity", r.call(&agentv1.Call{Op: &agentv1.Call_BuildLam{BuildLam: &agentv1.BuildLamRequest{
		Adapter: ad, Buffer: buf2, Length: 1, PageCapacity: 1 << 30}}}), outOfRange)
	wantCode(t, "FreeBuffer with a LAM over it", r.call(&agentv1.Call{Op: &agentv1.Call_FreeBuffer{FreeBuffer: &agentv1.FreeBufferRequest{Buffer: buf2}}}), busy)
	wantCode(t, "ReleaseLam of a buffer", r.call(&agentv1.Call{Op: &agentv1.Call_ReleaseLam{ReleaseLam: &agentv1.ReleaseLamRequest{Adapter: ad, Lam: buf2}}}), wrongKind)
	wantCode(t, "ReleaseLam", r.call(&agentv1.Call{Op: &agentv1.Call_ReleaseLam{ReleaseLam: &agentv1.ReleaseLamRequest{Adapter: ad, Lam: lam}}}), none)
	wantCode(t, "ReleaseLam twice", r.call(&agentv1.Call{Op: &agentv1.Call_ReleaseLam{ReleaseLam: &agentv1.ReleaseLamRequest{Adapter: ad, Lam: lam}}}), closed)
	wantCode(t, "FreeBuffer after ReleaseLam", r.call(&agentv1.Call{Op: &agentv1.Call_FreeBuffer{FreeBuffer: &agentv1.FreeBufferRequest{Buffer: buf2}}}), none)
	// Work requests with bad handles.
	wantCode(t, "Send on a PD", r.call(&agentv1.Call{Op: &agentv1.Call_Send{Send: &agentv1.SendRequest{Qp: pd}}}), wrongKind)
	wantCode(t, "Invalidate of a PD", r.call(&agentv1.Call{Op: &agentv1.Call_Invalidate{Invalidate: &agentv1.InvalidateRequest{
		Qp: &agentv1.Handle{Kind: agentv1.HandleKind_HANDLE_KIND_QP, Id: 1 << 60}, MrOrMw: pd}}}), unknown)
	wantCode(t, "GetCqResults over the bound", r.call(&agentv1.Call{Op: &agentv1.Call_GetCqResults{GetCqResults: &agentv1.GetCqResultsRequest{
		Cq: &agentv1.Handle{Kind: agentv1.HandleKind_HANDLE_KIND_CQ, Id: 1 << 60}}}}), unknown)
	wantCode(t, "CloseObject PD", r.call(&agentv1.Call{Op: &agentv1.Call_CloseObject{CloseObject: &agentv1.CloseObjectRequest{Object: pd}}}), none)
	wantCode(t, "CloseAdapter", r.call(&agentv1.Call{Op: &agentv1.Call_CloseAdapter{CloseAdapter: &agentv1.CloseAdapterRequest{Adapter: ad}}}), none)
	wantCode(t, "GetPrivilegedMemoryRegionToken on a closed PD", r.call(&agentv1.Call{Op: &agentv1.Call_GetPrivilegedMemoryRegionToken{
		GetPrivilegedMemoryRegionToken: &agentv1.GetPrivilegedMemoryRegionTokenRequest{Pd: pd}}}), closed)
	if r.call(&agentv1.Call{Op: &agentv1.Call_CloseProvider{CloseProvider: &agentv1.CloseProviderRequest{}}}).GetCloseProvider() == nil {
		t.Fatal("CloseProvider")
	}
}

// countingProvider counts OpenAdapter calls; sides swapped swaps its
// provider's sides.
type countingProvider struct {
	ndk.Provider
	opens   atomic.Int32
	swapped bool
}

func (c *countingProvider) OpenAdapter(a netip.Addr) (ndk.Adapter, ndk.Status) {
	c.opens.Add(1)
	return c.Provider.OpenAdapter(a)
}

func (c *countingProvider) Sides() (a, b ndk.Side) {
	a, b = c.Provider.Sides()
	if c.swapped {
		return b, a
	}
	return a, b
}

func openSim(t *testing.T, opts map[string]string) ndk.Provider {
	t.Helper()
	d, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	return p
}

// TestPerSessionProvider: each session opens its own provider with the
// agent's options and the Hello's over them (those the agent lets a
// session set); refused options end the session with INVALID_ARGUMENT
// and the driver's message; a fixed provider takes none.
func TestPerSessionProvider(t *testing.T) {
	sim := simDriver(t)
	addr, _ := serveConfig(t, agent.Config{Driver: sim, DriverName: "sim", AgentVersion: "test-agent",
		Options: map[string]string{"hosts": "3", "completion": "deferred"}, SessionOptions: []string{"completion", "seed", "variant"}})
	p, err := openWith(t, addr, "", map[string]string{"agent-opts": "completion=inline,seed=7"})
	if err != nil {
		t.Fatal(err)
	}
	ag := p.(interface{ Agents() []remote.AgentInfo }).Agents()
	if len(ag) != 1 {
		t.Fatalf("Agents: %+v", ag)
	}
	a := ag[0]
	if a.Address != addr || a.Sides != "A and B" || a.Driver != "sim" || a.AgentVersion != "test-agent" || a.ProtocolVersion != "1.7" || !a.FaultInjection ||
		!a.SRQFaultInjection || !a.CQFaultInjection {
		t.Fatalf("AgentInfo %+v", a)
	}
	for k, v := range map[string]string{"hosts": "3", "completion": "inline", "seed": "7", "variant": ""} {
		if got, ok := a.DriverOptions[k]; !ok || got != v {
			t.Errorf("driver option %s=%q, want %q", k, got, v)
		}
	}
	// The inline personality: a create returns its object, never
	// STATUS_PENDING.
	sa, _ := p.Sides()
	ad, st := p.OpenAdapter(sa.IPv4)
	expect(t, "OpenAdapter", st, ndk.StatusSuccess)
	pd, st := ad.CreatePD(func(any, ndk.Status, ndk.Object) {}, nil)
	if st != ndk.StatusSuccess {
		t.Fatalf("CreatePD with completion=inline: %v", st)
	}
	closeObj(t, "PD", pd)
	ad.Close()
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	// Options the driver refuses.
	for _, o := range []string{"completion=bogus", "no-such-option=1"} {
		_, err := openWith(t, addr, "", map[string]string{"agent-opts": o})
		if status.Code(err) != codes.InvalidArgument || !strings.Contains(err.Error(), "(agent-opts)") {
			t.Fatalf("agent-opts %s: %v, want InvalidArgument naming agent-opts", o, err)
		}
	}
	if _, err := openWith(t, addr, "", map[string]string{"agent-opts": "novalue"}); err == nil {
		t.Fatal("agent-opts without =: no error")
	}
	// A fixed provider takes no options.
	fixed, _ := serveConfig(t, agent.Config{Provider: openSim(t, nil)})
	if _, err := openWith(t, fixed, "", map[string]string{"agent-opts": "completion=inline"}); status.Code(err) != codes.InvalidArgument {
		t.Fatalf("options to a fixed provider: %v, want InvalidArgument", err)
	}
}

// TestTwoAgents: side A is the first agent's side A, side B the second's;
// OpenAdapter goes to the agent that lists the address.
func TestTwoAgents(t *testing.T) {
	pa := &countingProvider{Provider: openSim(t, nil)}
	pb := &countingProvider{Provider: openSim(t, nil), swapped: true} // its side A: 192.0.2.2
	addrA, _ := serveConfig(t, agent.Config{Provider: pa})
	addrB, _ := serveConfig(t, agent.Config{Provider: pb})
	p, err := openWith(t, addrA, "", map[string]string{"side-b": addrB})
	if err != nil {
		t.Fatal(err)
	}
	sa, sb := p.Sides()
	if sa.IPv4 != netip.MustParseAddr("192.0.2.1") || sb.IPv4 != netip.MustParseAddr("192.0.2.2") {
		t.Fatalf("Sides %v %v", sa, sb)
	}
	ag := p.(interface{ Agents() []remote.AgentInfo }).Agents()
	if len(ag) != 2 || ag[0].Address != addrA || ag[0].Sides != "A" || ag[1].Address != addrB || ag[1].Sides != "B" {
		t.Fatalf("Agents %+v", ag)
	}
	na, nb := pa.opens.Load(), pb.opens.Load()
	ad, st := p.OpenAdapter(sb.IPv4)
	expect(t, "OpenAdapter of side B", st, ndk.StatusSuccess)
	if pa.opens.Load() != na || pb.opens.Load() != nb+1 {
		t.Fatalf("OpenAdapter of side B went to the wrong agent (%d %d -> %d %d)", na, nb, pa.opens.Load(), pb.opens.Load())
	}
	ad.Close()
	ad, st = p.OpenAdapter(sa.IPv4)
	expect(t, "OpenAdapter of side A", st, ndk.StatusSuccess)
	if pa.opens.Load() != na+1 {
		t.Fatal("OpenAdapter of side A went to the wrong agent")
	}
	ad.Close()
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestNoFaultInjection: an agent whose provider is no ndk.FaultInjector
// says so, and the remote provider is none either; SetHostState is
// refused with NOT_SUPPORTED.
func TestNoFaultInjection(t *testing.T) {
	plain := struct{ ndk.Provider }{openSim(t, nil)}
	addr, _ := serveConfig(t, agent.Config{Provider: plain})
	p, err := openWith(t, addr, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.(ndk.FaultInjector); ok {
		t.Fatal("the remote provider is an ndk.FaultInjector, its agent offers none")
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	r, caps := dialRaw(t, addr, &agentv1.Hello{})
	if caps.GetFaultInjection() {
		t.Fatal("Capabilities.fault_injection without fault injection")
	}
	wantCode(t, "SetHostState", r.call(&agentv1.Call{Op: &agentv1.Call_SetHostState{SetHostState: &agentv1.SetHostStateRequest{Address: "192.0.2.1"}}}),
		agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED)

	// With fault injection: served.
	addr2, _ := serveConfig(t, agent.Config{Provider: openSim(t, nil)})
	p2, err := openWith(t, addr2, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	fi, ok := p2.(ndk.FaultInjector)
	if !ok {
		t.Fatal("the remote provider over sim is no ndk.FaultInjector")
	}
	if err := fi.SetHostState(netip.MustParseAddr("192.0.2.2"), ndk.HostDown); err != nil {
		t.Fatal(err)
	}
	if err := fi.SetHostState(netip.MustParseAddr("192.0.2.2"), ndk.HostUp); err != nil {
		t.Fatal(err)
	}
	if err := p2.Close(); err != nil {
		t.Fatal(err)
	}
}

// lostCall makes f, which must panic with the provider's *ndk.LostError.
func lostCall(t *testing.T, what string, f func()) *ndk.LostError {
	t.Helper()
	var le *ndk.LostError
	func() {
		defer func() {
			r := recover()
			e, ok := r.(*ndk.LostError)
			if !ok {
				t.Fatalf("%s: panicked with %v, want an *ndk.LostError", what, r)
			}
			le = e
		}()
		f()
	}()
	return le
}

func waitLost(t *testing.T, p ndk.Provider) *ndk.LostError {
	t.Helper()
	l := p.(ndk.Losable)
	select {
	case <-l.Lost():
	case <-time.After(timeout):
		t.Fatal("Lost not closed")
	}
	le := l.LostError()
	if le == nil {
		t.Fatal("Lost closed, LostError nil")
	}
	return le
}

// TestAgentStopped: the agent's server stops mid-session: the provider
// is lost, outstanding and later calls panic with the *ndk.LostError, no
// callback runs after, Close returns at once with an error.
func TestAgentStopped(t *testing.T) {
	addr, gs := serveDriver(t, nil)
	p, err := openWith(t, addr, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	l := p.(ndk.Losable)
	if l.LostError() != nil {
		t.Fatal("LostError before any loss")
	}
	sa, sb := p.Sides()
	ad, st := p.OpenAdapter(sa.IPv4)
	expect(t, "OpenAdapter", st, ndk.StatusSuccess)
	lis := create(t, "CreateListener", func(d ndk.CreateCompletion, c any) (ndk.Listener, ndk.Status) {
		return ad.CreateListener(func(any, ndk.Connector) { t.Error("a connect event after the loss") }, nil, d, c)
	})
	gs.Stop()
	le := waitLost(t, p)
	if !strings.Contains(le.What, addr) || !strings.Contains(le.What, "side") {
		t.Fatalf("LostError.What %q", le.What)
	}
	if got := lostCall(t, "Listen", func() { lis.Listen(netip.AddrPortFrom(sb.IPv4, 0), nil, nil) }); got != le {
		t.Fatalf("Listen panicked with %v, want %v", got, le)
	}
	lostCall(t, "OpenAdapter", func() { p.OpenAdapter(sa.IPv4) })
	lostCall(t, "Adapter.Close", func() { ad.Close() })
	start := time.Now()
	if err := p.Close(); err == nil || !errors.As(err, new(*ndk.LostError)) {
		t.Fatalf("Close of a lost provider: %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("Close of a lost provider took %v", d)
	}
}

// silentAgent welcomes a session and never answers a call.
type silentAgent struct {
	agentv1.UnimplementedAgentServer
}

func (silentAgent) Session(s agentv1.Agent_SessionServer) error {
	if _, err := s.Recv(); err != nil {
		return err
	}
	caps := &agentv1.Capabilities{ProtocolVersion: agent.Version, SideA: &agentv1.SideInfo{Ipv4: &agentv1.AdapterDescription{Address: "192.0.2.1"}}}
	if err := s.Send(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_Welcome{Welcome: &agentv1.Welcome{Capabilities: caps}}}); err != nil {
		return err
	}
	for {
		if _, err := s.Recv(); err != nil {
			return nil
		}
	}
}

// TestCallDeadline: a call the agent never answers loses the provider
// after call-timeout: the call panics with the *ndk.LostError, and so
// does a call outstanding at the same time.
func TestCallDeadline(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer()
	agentv1.RegisterAgentServer(gs, silentAgent{})
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(gs.Stop)
	p, err := openWith(t, lis.Addr().String(), "", map[string]string{"call-timeout": "300ms"})
	if err != nil {
		t.Fatal(err)
	}
	other := make(chan any, 1)
	go func() {
		defer func() { other <- recover() }()
		p.OpenAdapter(netip.MustParseAddr("192.0.2.1"))
	}()
	start := time.Now()
	le := lostCall(t, "OpenAdapter", func() { p.OpenAdapter(netip.MustParseAddr("192.0.2.1")) })
	if d := time.Since(start); d < 250*time.Millisecond || d > 5*time.Second {
		t.Fatalf("the call was lost after %v, want about 300ms", d)
	}
	if !strings.Contains(le.Error(), "call-timeout") {
		t.Fatalf("LostError %v", le)
	}
	select {
	case r := <-other:
		if r != le {
			t.Fatalf("the other call: %v, want %v", r, le)
		}
	case <-time.After(timeout):
		t.Fatal("the other outstanding call did not end")
	}
	if waitLost(t, p) != le {
		t.Fatal("LostError is not what the call panicked with")
	}
	if err := p.Close(); err == nil {
		t.Fatal("Close of a lost provider: no error")
	}
}

// closeCounter is a provider whose Close is counted.
type closeCounter struct {
	ndk.Provider
	closes *atomic.Int32
}

func (c closeCounter) Close() error { c.closes.Add(1); return c.Provider.Close() }

// countingDriver opens sim providers whose Close it counts.
type countingDriver struct {
	ndk.Driver
	closes *atomic.Int32
}

func (d countingDriver) Open(opts map[string]string) (ndk.Provider, error) {
	p, err := d.Driver.Open(opts)
	if err != nil {
		return nil, err
	}
	return closeCounter{p, d.closes}, nil
}

// TestSessionEndClosesObjects: a session that ends with objects open (an
// MR registered over agent memory, a QP, a listener) has them closed, then
// its adapters, then its provider; the agent serves the next session.
func TestSessionEndClosesObjects(t *testing.T) {
	sim, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	var closes atomic.Int32
	// countingDriver has no ParseOptions: ndk.ParseOptions opens it
	// through its Open.
	addr, _ := serveConfig(t, agent.Config{Driver: countingDriver{Driver: sim, closes: &closes}, DriverName: "sim"})
	for i := range 2 {
		p, err := openWith(t, addr, "", nil)
		if err != nil {
			t.Fatalf("session %d: %v", i, err)
		}
		sa, _ := p.Sides()
		e := newDside(t, p, sa.IPv4, "q")
		e.register(t, make([]byte, 100), 0x1000, ndk.MRFlagAllowLocalWrite)
		create(t, "CreateListener", func(d ndk.CreateCompletion, c any) (ndk.Listener, ndk.Status) {
			return e.ad.CreateListener(nil, nil, d, c)
		})
		done := make(chan error, 1)
		go func() { done <- p.Close() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Close: %v", err)
			}
		case <-time.After(timeout):
			t.Fatal("Close with objects open did not return")
		}
		if got := closes.Load(); got != int32(i+1) {
			t.Fatalf("provider closes %d after %d sessions", got, i+1)
		}
	}
}
