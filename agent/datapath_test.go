package agent_test

import (
	"bytes"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"testing"
	"time"
	"unsafe"

	"google.golang.org/grpc"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// serveDriver starts an agent that opens a sim provider per session with
// opts (the agent's --driver-opt).
func serveDriver(t *testing.T, opts map[string]string) (string, *grpc.Server) {
	t.Helper()
	d, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	return serveConfig(t, agent.Config{Driver: d, DriverName: "sim", Options: opts, AgentVersion: "test-agent"})
}

func serveConfig(t *testing.T, cfg agent.Config) (string, *grpc.Server) {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer(agent.ServerOptions()...)
	agentv1.RegisterAgentServer(gs, agent.New(cfg))
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(gs.Stop)
	return lis.Addr().String(), gs
}

// openWith opens the remote driver with opts (side-a and a token file
// for token added).
func openWith(t *testing.T, addr, token string, opts map[string]string) (ndk.Provider, error) {
	t.Helper()
	f := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(f, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := ndk.Lookup("remote")
	if err != nil {
		t.Fatal(err)
	}
	o := map[string]string{"side-a": addr, "token-file": f}
	for k, v := range opts {
		o[k] = v
	}
	return d.Open(o)
}

// do runs a call that takes a RequestCompletion and returns its final
// status.
func do(t *testing.T, what string, f func(ndk.RequestCompletion, any) ndk.Status) ndk.Status {
	t.Helper()
	ch := make(chan ndk.Status, 1)
	return wait(t, what, f(func(_ any, st ndk.Status) { ch <- st }, nil), ch)
}

// dside is one side of the data-path test: an adapter, a PD, a CQ whose
// notifications go to notes, a QP.
type dside struct {
	ad    ndk.Adapter
	pd    ndk.PD
	cq    ndk.CQ
	notes chan ndk.Status
	qp    ndk.QP
	qpCtx *string
}

func newDside(t *testing.T, p ndk.Provider, addr netip.Addr, name string) *dside {
	t.Helper()
	ad, st := p.OpenAdapter(addr)
	expect(t, "OpenAdapter", st, ndk.StatusSuccess)
	s := &dside{ad: ad, notes: make(chan ndk.Status, 16), qpCtx: &name}
	s.pd = create(t, "CreatePD", ad.CreatePD)
	s.cq = create(t, "CreateCQ", func(d ndk.CreateCompletion, c any) (ndk.CQ, ndk.Status) {
		return ad.CreateCQ(ndk.CQParams{Depth: 64, Notify: func(ctx any, st ndk.Status) {
			if ctx != "notify-"+name {
				t.Errorf("CQ notification context %v", ctx)
			}
			s.notes <- st
		}, NotifyContext: "notify-" + name}, d, c)
	})
	s.qp = s.newQP(t, nil)
	return s
}

// newQP creates a QP on the side's CQ, over srq if not nil.
func (s *dside) newQP(t *testing.T, srq ndk.SRQ) ndk.QP {
	t.Helper()
	p := ndk.QPParams{ReceiveCQ: s.cq, InitiatorCQ: s.cq, Context: s.qpCtx, ReceiveQueueDepth: 16, InitiatorQueueDepth: 16,
		MaxReceiveRequestSGE: 2, MaxInitiatorRequestSGE: 2}
	if srq != nil {
		return create(t, "CreateQPWithSRQ", func(d ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) { return s.pd.CreateQPWithSRQ(p, srq, d, c) })
	}
	return create(t, "CreateQP", func(d ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) { return s.pd.CreateQP(p, d, c) })
}

func (s *dside) register(t *testing.T, buf []byte, va uint64, flags uint32) ndk.MR {
	t.Helper()
	m := create(t, "CreateMR", func(d ndk.CreateCompletion, c any) (ndk.MR, ndk.Status) { return s.pd.CreateMR(false, d, c) })
	expect(t, "Register", do(t, "Register", func(d ndk.RequestCompletion, c any) ndk.Status { return m.Register(buf, va, flags, d, c) }), ndk.StatusSuccess)
	return m
}

// poll1 takes one completion of cq.
func poll1(t *testing.T, cq ndk.CQ, what string) ndk.ResultEx {
	t.Helper()
	deadline := time.Now().Add(timeout)
	var r [1]ndk.ResultEx
	for cq.GetResultsEx(r[:]) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%s: no completion", what)
		}
		time.Sleep(time.Millisecond)
	}
	return r[0]
}

func checkResult(t *testing.T, what string, r ndk.ResultEx, st ndk.Status, typ ndk.OperationType, qpCtx, reqCtx any) {
	t.Helper()
	if r.Status != st || r.Type != typ || r.QPContext != qpCtx || r.RequestContext != reqCtx {
		t.Fatalf("%s: completion {%v %v qp=%v req=%v}, want {%v %v qp=%v req=%v}", what, r.Status, r.Type, r.QPContext, r.RequestContext, st, typ, qpCtx, reqCtx)
	}
}

// connection is a connected pair of QPs and what connected them.
type connection struct {
	ca, cb ndk.Connector
	l      ndk.Listener
}

// connectQPs connects qa (side A, address aa) to qb (side B, address ab).
func connectQPs(t *testing.T, a, b *dside, qa, qb ndk.QP, aa, ab netip.Addr) *connection {
	t.Helper()
	events := make(chan ndk.Connector, 1)
	l := create(t, "CreateListener", func(d ndk.CreateCompletion, c any) (ndk.Listener, ndk.Status) {
		return b.ad.CreateListener(func(_ any, conn ndk.Connector) { events <- conn }, nil, d, c)
	})
	expect(t, "Listen", do(t, "Listen", func(d ndk.RequestCompletion, c any) ndk.Status { return l.Listen(netip.AddrPortFrom(ab, 0), d, c) }), ndk.StatusSuccess)
	la, st := l.GetLocalAddress()
	expect(t, "GetListenerLocalAddress", st, ndk.StatusSuccess)
	ca := create(t, "CreateConnector", a.ad.CreateConnector)
	connCh := make(chan ndk.Status, 2)
	go func() {
		st := ca.Connect(ndk.ConnectParams{QP: qa, Source: netip.AddrPortFrom(aa, 0), Destination: la, InboundReadLimit: 4, OutboundReadLimit: 4},
			func(_ any, st ndk.Status) { connCh <- st }, nil)
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
	acceptCh := make(chan ndk.Status, 2)
	go func() {
		st := cb.Accept(ndk.AcceptParams{QP: qb, InboundReadLimit: 4, OutboundReadLimit: 4}, func(_ any, st ndk.Status) { acceptCh <- st }, nil)
		if st != ndk.StatusPending {
			acceptCh <- st
		}
	}()
	expect(t, "Connect", wait(t, "Connect", ndk.StatusPending, connCh), ndk.StatusSuccess)
	expect(t, "CompleteConnect", do(t, "CompleteConnect", func(d ndk.RequestCompletion, c any) ndk.Status {
		return ca.CompleteConnect(nil, nil, d, c)
	}), ndk.StatusSuccess)
	expect(t, "Accept", wait(t, "Accept", ndk.StatusPending, acceptCh), ndk.StatusSuccess)
	return &connection{ca: ca, cb: cb, l: l}
}

func (c *connection) close(t *testing.T) {
	t.Helper()
	expect(t, "Disconnect", do(t, "Disconnect", c.ca.Disconnect), ndk.StatusSuccess)
	closeObj(t, "connector A", c.ca)
	closeObj(t, "connector B", c.cb)
	closeObj(t, "listener", c.l)
}

func mustPull(t *testing.T, mm ndk.MemoryMirror, b []byte) {
	t.Helper()
	if err := mm.PullMemory(b); err != nil {
		t.Fatalf("PullMemory: %v", err)
	}
}

func mustPush(t *testing.T, mm ndk.MemoryMirror, b []byte) {
	t.Helper()
	if err := mm.PushMemory(b); err != nil {
		t.Fatalf("PushMemory: %v", err)
	}
}

// TestDataPathThroughAgent runs the data path of sim through an agent and
// the remote driver, in each of sim's completion personalities: send and
// receive, RDMA write and read (the bytes checked through PullMemory and
// PushMemory), CQ arm and notification, SRQ receive, MW bind, write
// through the window, invalidate, LAMs, and memory aliasing; and MDL
// chains (chainsThroughAgent).
func TestDataPathThroughAgent(t *testing.T) {
	for _, c := range []string{"deferred", "inline", "reentrant", "random"} {
		t.Run(c, func(t *testing.T) { dataPathThroughAgent(t, c) })
		t.Run(c+"/chains", func(t *testing.T) { chainsThroughAgent(t, c) })
	}
}

// openThroughAgent opens the remote driver over an agent of its own that
// serves sim with completion.
func openThroughAgent(t *testing.T, completion string) ndk.Provider {
	t.Helper()
	addr, _ := serveDriver(t, map[string]string{"completion": completion})
	p, err := openWith(t, addr, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func dataPathThroughAgent(t *testing.T, completion string) {
	dataPathOn(t, openThroughAgent(t, completion))
}

// dataPathOn runs the data path (connections, registrations, sends,
// writes, reads, binds, an SRQ, a LAM) on the remote provider p, and
// closes it.
func dataPathOn(t *testing.T, p ndk.Provider) {
	mm, ok := p.(ndk.MemoryMirror)
	if !ok {
		t.Fatal("the remote provider is not an ndk.MemoryMirror")
	}
	if _, ok := p.(ndk.Losable); !ok {
		t.Fatal("the remote provider is not an ndk.Losable")
	}
	if _, ok := p.(ndk.FaultInjector); !ok {
		t.Fatal("the remote provider over sim is not an ndk.FaultInjector")
	}
	sa, sb := p.Sides()
	A, B := newDside(t, p, sa.IPv4, "qa"), newDside(t, p, sb.IPv4, "qb")
	conn := connectQPs(t, A, B, A.qp, B.qp, sa.IPv4, sb.IPv4)

	const vaA, vaB = 0x10000, 0x20000
	abuf := make([]byte, 128)
	copy(abuf, "hello from side A")
	bbuf := make([]byte, 128)
	ma := A.register(t, abuf, vaA, ndk.MRFlagAllowLocalWrite|ndk.MRFlagRDMAReadSink)
	mb := B.register(t, bbuf, vaB, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite|ndk.MRFlagAllowRemoteRead)
	al, bl, br := ma.LocalToken(), mb.LocalToken(), mb.RemoteToken()
	if al == 0 || bl == 0 || br == 0 {
		t.Fatalf("tokens %#x %#x %#x", al, bl, br)
	}

	// Send and receive; CQ armed on B: one notification.
	B.cq.Arm(ndk.CQNotifyAny)
	rctx, sctx := &struct{ n int }{1}, "send-1"
	expect(t, "Receive", B.qp.Receive(rctx, []ndk.SGE{{VirtualAddress: vaB, Length: 64, MemoryRegionToken: bl}}), ndk.StatusSuccess)
	expect(t, "Send", A.qp.Send(sctx, []ndk.SGE{{VirtualAddress: vaA, Length: 17, MemoryRegionToken: al}}, 0), ndk.StatusSuccess)
	checkResult(t, "send", poll1(t, A.cq, "send"), ndk.StatusSuccess, ndk.OpSend, A.qpCtx, sctx)
	r := poll1(t, B.cq, "receive")
	checkResult(t, "receive", r, ndk.StatusSuccess, ndk.OpReceive, B.qpCtx, rctx)
	if r.BytesTransferred != 17 {
		t.Fatalf("receive: %d bytes", r.BytesTransferred)
	}
	select {
	case st := <-B.notes:
		expect(t, "CQ notification", st, ndk.StatusSuccess)
	case <-time.After(timeout):
		t.Fatal("no CQ notification")
	}
	if bytes.Equal(bbuf[:17], abuf[:17]) {
		t.Fatal("received bytes reached the local buffer without PullMemory")
	}
	mustPull(t, mm, bbuf[:17])
	if string(bbuf[:17]) != "hello from side A" {
		t.Fatalf("received %q", bbuf[:17])
	}

	// RDMA write of bytes changed locally and pushed.
	copy(abuf[32:], "written by RDMA")
	mustPush(t, mm, abuf[32:47])
	expect(t, "Write", A.qp.Write("write", []ndk.SGE{{VirtualAddress: vaA + 32, Length: 15, MemoryRegionToken: al}}, vaB+64, br, 0), ndk.StatusSuccess)
	checkResult(t, "write", poll1(t, A.cq, "write"), ndk.StatusSuccess, ndk.OpWrite, A.qpCtx, "write")
	mustPull(t, mm, bbuf[64:79])
	if string(bbuf[64:79]) != "written by RDMA" {
		t.Fatalf("written %q", bbuf[64:79])
	}

	// RDMA read into a subslice of A's registered buffer.
	copy(bbuf[100:], "read me")
	mustPush(t, mm, bbuf[100:107])
	expect(t, "Read", A.qp.Read(nil, []ndk.SGE{{VirtualAddress: vaA + 80, Length: 7, MemoryRegionToken: al}}, vaB+100, br, 0), ndk.StatusSuccess)
	checkResult(t, "read", poll1(t, A.cq, "read"), ndk.StatusSuccess, ndk.OpRead, A.qpCtx, nil)
	sub := abuf[80:90]
	mustPull(t, mm, sub[:7])
	if string(abuf[80:87]) != "read me" {
		t.Fatalf("read %q", abuf[80:87])
	}

	// Aliasing: bbuf registered a second time (another MR, another VA) is
	// the same agent memory: what A wrote through mb is read through mb2
	// without a push.
	mb2 := B.register(t, bbuf[:64:64], vaB+0x10000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteRead)
	expect(t, "Read through the second MR", A.qp.Read("read2", []ndk.SGE{{VirtualAddress: vaA, Length: 15, MemoryRegionToken: al}},
		vaB+0x10000+0, mb2.RemoteToken(), 0), ndk.StatusSuccess)
	checkResult(t, "read2", poll1(t, A.cq, "read2"), ndk.StatusSuccess, ndk.OpRead, A.qpCtx, "read2")
	mustPull(t, mm, abuf[:17])
	if string(abuf[:17]) != "hello from side A" {
		t.Fatalf("read through the second MR %q", abuf[:17])
	}
	if err := mm.PullMemory(make([]byte, 8)); err == nil {
		t.Fatal("PullMemory of a buffer never registered succeeded")
	}

	// SRQ receive, on a second connection whose B QP is over an SRQ.
	srqNotes := make(chan ndk.Status, 4)
	srq := create(t, "CreateSRQ", func(d ndk.CreateCompletion, c any) (ndk.SRQ, ndk.Status) {
		return B.pd.CreateSRQ(ndk.SRQParams{Depth: 8, MaxReceiveRequestSGE: 1, NotifyThreshold: 1,
			Notify: func(_ any, st ndk.Status) { srqNotes <- st }}, d, c)
	})
	expect(t, "ModifySRQ", do(t, "ModifySRQ", func(d ndk.RequestCompletion, c any) ndk.Status { return srq.Modify(0, 1, d, c) }), ndk.StatusSuccess)
	qa2, qb2 := A.newQP(t, nil), B.newQP(t, srq)
	conn2 := connectQPs(t, A, B, qa2, qb2, sa.IPv4, sb.IPv4)
	expect(t, "SRQ Receive", srq.Receive("srq-recv", []ndk.SGE{{VirtualAddress: vaB, Length: 32, MemoryRegionToken: bl}}), ndk.StatusSuccess)
	copy(abuf, "via the SRQ")
	mustPush(t, mm, abuf[:11])
	expect(t, "Send", qa2.Send("send-2", []ndk.SGE{{VirtualAddress: vaA, Length: 11, MemoryRegionToken: al}}, 0), ndk.StatusSuccess)
	checkResult(t, "send 2", poll1(t, A.cq, "send 2"), ndk.StatusSuccess, ndk.OpSend, A.qpCtx, "send-2")
	checkResult(t, "SRQ receive", poll1(t, B.cq, "SRQ receive"), ndk.StatusSuccess, ndk.OpReceive, B.qpCtx, "srq-recv")
	mustPull(t, mm, bbuf[:11])
	if string(bbuf[:11]) != "via the SRQ" {
		t.Fatalf("SRQ received %q", bbuf[:11])
	}

	// MW bind on B; A writes through the window; invalidate.
	w := create(t, "CreateMW", func(d ndk.CreateCompletion, c any) (ndk.MW, ndk.Status) { return B.pd.CreateMW(d, c) })
	expect(t, "Bind", B.qp.Bind("bind", mb, w, vaB+16, 32, ndk.OpFlagAllowRemoteRead|ndk.OpFlagAllowRemoteWrite), ndk.StatusSuccess)
	checkResult(t, "bind", poll1(t, B.cq, "bind"), ndk.StatusSuccess, ndk.OpBind, B.qpCtx, "bind")
	wt := w.RemoteToken()
	if wt == 0 || wt == br {
		t.Fatalf("MW token %#x", wt)
	}
	copy(abuf, "window")
	mustPush(t, mm, abuf[:6])
	expect(t, "Write through the MW", A.qp.Write("mw-write", []ndk.SGE{{VirtualAddress: vaA, Length: 6, MemoryRegionToken: al}}, vaB+20, wt, 0), ndk.StatusSuccess)
	checkResult(t, "write through the MW", poll1(t, A.cq, "mw-write"), ndk.StatusSuccess, ndk.OpWrite, A.qpCtx, "mw-write")
	mustPull(t, mm, bbuf[20:26])
	if string(bbuf[20:26]) != "window" {
		t.Fatalf("written through the MW %q", bbuf[20:26])
	}
	expect(t, "Invalidate", B.qp.Invalidate("inv", w, 0), ndk.StatusSuccess)
	checkResult(t, "invalidate", poll1(t, B.cq, "invalidate"), ndk.StatusSuccess, ndk.OpInvalidate, B.qpCtx, "inv")
	expect(t, "Write through the invalidated MW", A.qp.Write("mw-write-2", []ndk.SGE{{VirtualAddress: vaA, Length: 6, MemoryRegionToken: al}}, vaB+20, wt, 0), ndk.StatusSuccess)
	if r := poll1(t, A.cq, "mw-write-2"); r.Status == ndk.StatusSuccess {
		t.Fatalf("write through an invalidated MW: %v", r.Status)
	}

	// A LAM over part of a buffer: FBO is the buffer's offset in its page.
	lbuf := make([]byte, 3*ndk.PageSize)
	part := lbuf[100 : 100+ndk.PageSize]
	small := &ndk.LAM{}
	expect(t, "BuildLAM too small", do(t, "BuildLAM", func(d ndk.RequestCompletion, c any) ndk.Status { return A.ad.BuildLAM(part, small, d, c) }),
		ndk.StatusBufferTooSmall)
	lam := &ndk.LAM{Pages: make([]uint64, small.PageCount)}
	expect(t, "BuildLAM", do(t, "BuildLAM", func(d ndk.RequestCompletion, c any) ndk.Status { return A.ad.BuildLAM(part, lam, d, c) }), ndk.StatusSuccess)
	wantFBO := uint32(uintptrOf(part) % ndk.PageSize)
	if lam.FBO != wantFBO || lam.PageCount != small.PageCount || lam.Pages[0] == 0 {
		t.Fatalf("LAM %+v, want FBO %d", lam, wantFBO)
	}
	A.ad.ReleaseLAM(lam)

	// CQ moderation, resize, PD token, flush: answered.
	_ = A.cq.ControlInterruptModeration(0, 0)
	_ = A.pd.PrivilegedMemoryRegionToken()
	conn2.close(t)
	conn.close(t)
	closeObj(t, "MW", w)
	expect(t, "Deregister", do(t, "Deregister", mb2.Deregister), ndk.StatusSuccess)
	for _, o := range []ndk.Object{mb2, mb, ma, qa2, qb2, srq, A.qp, B.qp, A.cq, B.cq, A.pd, B.pd} {
		closeObj(t, o.ObjectType().String(), o)
	}
	A.ad.Close()
	B.ad.Close()
	if err := p.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}

func uintptrOf(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }
