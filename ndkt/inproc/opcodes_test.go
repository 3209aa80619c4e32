//go:build linux && cgo

package inproc_test

import (
	"net/netip"
	"testing"

	"github.com/ndkconform/ndkconform/ndkt/contract"
)

// More NDK values (ndkt/include/ndkpi.h, ntstatus.h).
const (
	opFastRegister          = 4
	opBind                  = 8
	opInvalidate            = 16
	opReceiveAndInvalidate  = 32769
	opFlagAllowRemoteRead   = 0x8
	opFlagAllowLocalWrite   = 0x10
	opFlagAllowRemoteWrite  = 0x30
	statusNotSupported      = 0xC00000BB
	statusConnectionRefused = 0xC0000236
	reasonPeerDisconnected  = 1 // sim's ProviderDisconnectReason
	kindMW                  = 5
	kindSE                  = 7
	kindSRQ                 = 10
)

// TestEveryOpcode makes every one of the contract's 65 calls through the
// core at least once, against sim behind the C ABI, and checks what each
// answers: the rest of TestLoopback's objects (SRQ, MW, fast-register MR,
// shared endpoint), LAMs and MDL chains, bind, fast register, invalidate,
// send-and-invalidate, a rejected and an accepted connection through a
// shared endpoint (NdkAcceptEx, NdkCompleteConnectEx, the Ex disconnect
// event), fault injection (sim's, through the core's provider hook), and
// CloseProvider.
func TestEveryOpcode(t *testing.T) {
	for _, mode := range personalities {
		for _, irql := range []string{"passive", "dispatch", "mixed"} {
			t.Run(mode+"/"+irql, func(t *testing.T) { everyOpcode(t, mode, irql) })
		}
	}
}

func (s *session) newBuffer(n uint64) contract.ObjRef {
	s.t.Helper()
	_, rep := s.call(&contract.AllocateBufferRequest{AllocateBufferRequestFixed: contract.AllocateBufferRequestFixed{Length: n}})
	return rep.(*contract.AllocateBufferReply).Buffer
}

func everyOpcode(t *testing.T, mode, irql string) {
	dev, s := open(t, map[string]string{"completion": mode, "callback-irql": irql})
	sa, sb := dev.Sides()
	A := s.side("A", sa.IPv4, 0x10_0000_0000)
	B := s.side("B", sb.IPv4, 0x20_0000_0000)

	// ---- every kind of object on A ----
	mw := s.create("CreateMw", func(done contract.CbRef) contract.Request {
		return &contract.CreateMWRequest{CreateMWRequestFixed: contract.CreateMWRequestFixed{PD: A.pd.ID, Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateMWReply).MW })
	fmr := s.create("CreateMr(fast)", func(done contract.CbRef) contract.Request {
		return &contract.CreateMRRequest{CreateMRRequestFixed: contract.CreateMRRequestFixed{PD: A.pd.ID, FastRegister: 1, Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateMRReply).MR })
	srqNotify := s.ctx()
	srq := s.create("CreateSrq", func(done contract.CbRef) contract.Request {
		return &contract.CreateSRQRequest{CreateSRQRequestFixed: contract.CreateSRQRequestFixed{PD: A.pd.ID, Depth: 16, MaxReceiveRequestSGE: 2,
			Notify: ref(srqNotify), Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateSRQReply).SRQ })
	qpSRQ := s.create("CreateQpWithSrq", func(done contract.CbRef) contract.Request {
		return &contract.CreateQPWithSRQRequest{CreateQPWithSRQRequestFixed: contract.CreateQPWithSRQRequestFixed{PD: A.pd.ID, SRQ: srq.ID, Done: done,
			Params: contract.QPParams{ReceiveCQ: A.cq.ID, InitiatorCQ: A.cq.ID, Context: s.ctx(), InitiatorQueueDepth: 16, MaxInitiatorRequestSGE: 2}}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateQPWithSRQReply).QP })
	if mw.Kind != kindMW || fmr.Kind != kindMR || srq.Kind != kindSRQ || qpSRQ.Kind != kindQP {
		t.Errorf("handles: MW %+v, MR %+v, SRQ %+v, QP %+v", mw, fmr, srq, qpSRQ)
	}
	if st, _ := s.call(&contract.SRQReceiveRequest{SRQReceiveRequestFixed: contract.SRQReceiveRequestFixed{SRQ: srq.ID, RequestContext: s.ctx()},
		SGL: sgl(A.va, 64, A.local)}); st != statusSuccess {
		t.Errorf("SrqReceive: %#x", st)
	}
	s.request("ModifySrq", func(done contract.CbRef) contract.Request {
		return &contract.ModifySRQRequest{ModifySRQRequestFixed: contract.ModifySRQRequestFixed{SRQ: srq.ID, Depth: 32, Done: done}}
	})
	se := s.create("CreateSharedEndpoint", func(done contract.CbRef) contract.Request {
		return &contract.CreateSharedEndpointRequest{CreateSharedEndpointRequestFixed: contract.CreateSharedEndpointRequestFixed{Adapter: A.adapter.ID,
			Local: addr(netip.AddrPortFrom(sa.IPv4, 0)), Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateSharedEndpointReply).SharedEndpoint })
	st, rep := s.call(&contract.GetSharedEndpointLocalAddressRequest{GetSharedEndpointLocalAddressRequestFixed: contract.GetSharedEndpointLocalAddressRequestFixed{SharedEndpoint: se.ID}})
	if ap := addrPort(rep.(*contract.GetSharedEndpointLocalAddressReply).Address); se.Kind != kindSE || st != statusSuccess || ap.Addr() != sa.IPv4 || ap.Port() == 0 {
		t.Errorf("the shared endpoint %+v's address: %#x %v", se, st, ap)
	}
	_, rep = s.call(&contract.GetPrivilegedMemoryRegionTokenRequest{GetPrivilegedMemoryRegionTokenRequestFixed: contract.GetPrivilegedMemoryRegionTokenRequestFixed{PD: A.pd.ID}})
	if tok := rep.(*contract.GetPrivilegedMemoryRegionTokenReply).Token; tok == 0 {
		t.Error("GetPrivilegedMemoryRegionToken: 0")
	}
	s.request("ResizeCq", func(done contract.CbRef) contract.Request {
		return &contract.ResizeCQRequest{ResizeCQRequestFixed: contract.ResizeCQRequestFixed{CQ: A.cq.ID, Depth: 128, Done: done}}
	})
	if st, _ := s.call(&contract.ControlCQInterruptModerationRequest{ControlCQInterruptModerationRequestFixed: contract.ControlCQInterruptModerationRequestFixed{CQ: A.cq.ID, Interval: 10, Count: 4}}); st != statusNotSupported {
		t.Errorf("ControlCqInterruptModeration: %#x, want STATUS_NOT_SUPPORTED (sim's interrupt-moderation=off)", st)
	}
	s.request("InitializeFastRegisterMr", func(done contract.CbRef) contract.Request {
		return &contract.InitializeFastRegisterMRRequest{InitializeFastRegisterMRRequestFixed: contract.InitializeFastRegisterMRRequestFixed{MR: fmr.ID,
			AdapterPageCount: 4, RemoteAccess: 1, Done: done}}
	})
	// A receive flushed: its result is STATUS_CANCELLED.
	qp3Ctx := s.ctx()
	qp3 := s.create("CreateQp", func(done contract.CbRef) contract.Request {
		return &contract.CreateQPRequest{CreateQPRequestFixed: contract.CreateQPRequestFixed{PD: A.pd.ID, Done: done,
			Params: contract.QPParams{ReceiveCQ: A.cq.ID, InitiatorCQ: A.cq.ID, Context: qp3Ctx, ReceiveQueueDepth: 4, InitiatorQueueDepth: 4,
				MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateQPReply).QP })
	fctx := s.ctx()
	s.call(&contract.ReceiveRequest{ReceiveRequestFixed: contract.ReceiveRequestFixed{QP: qp3.ID, RequestContext: fctx}, SGL: sgl(A.va, 64, A.local)})
	s.call(&contract.FlushRequest{FlushRequestFixed: contract.FlushRequestFixed{QP: qp3.ID}})
	if r := s.poll(A.cq, 1, true)[0]; r.Status != statusCancelled || r.RequestContext != fctx || r.Type != opReceive {
		t.Errorf("a receive after Flush: %+v, want STATUS_CANCELLED", r)
	}
	s.closeObject("the flushed QP", qp3)

	// ---- LAMs: too small, then built (FBO from the buffer's offset) ----
	lbuf := s.newBuffer(4 * 4096)
	lamReq := func(capacity uint32) *contract.BuildLAMRequest {
		return &contract.BuildLAMRequest{BuildLAMRequestFixed: contract.BuildLAMRequestFixed{Adapter: A.adapter.ID, Buffer: lbuf.ID, Offset: 0x234,
			Length: 3 * 4096, PageCapacity: capacity, Done: ref(s.ctx())}}
	}
	build := func(r contract.Request) (uint32, *contract.BuildLAMReply, contract.LAMOutput, []uint64) {
		t.Helper()
		st, rep := s.call(r)
		var lr *contract.BuildLAMReply
		switch x := rep.(type) {
		case *contract.BuildLAMReply:
			lr = x
		case *contract.BuildLAMChainReply:
			lr = &contract.BuildLAMReply{BuildLAMReplyFixed: contract.BuildLAMReplyFixed{LAM: x.LAM, Output: x.Output}, Pages: x.Pages}
		}
		if st != statusPending {
			return st, lr, lr.Output, lr.Pages
		}
		var ctx uint64
		switch x := r.(type) {
		case *contract.BuildLAMRequest:
			ctx = x.Done.Context
		case *contract.BuildLAMChainRequest:
			ctx = x.Done.Context
		}
		ev := s.wait("BuildLam's completion", byCtx(contract.EvRequestCompletion, ctx)).(*contract.RequestCompletion)
		return ev.Status, lr, ev.LAMOutput, ev.Pages
	}
	release := func(lam contract.ObjRef) {
		t.Helper()
		if st, _ := s.call(&contract.ReleaseLAMRequest{ReleaseLAMRequestFixed: contract.ReleaseLAMRequestFixed{Adapter: A.adapter.ID, LAM: lam.ID}}); st != statusSuccess {
			t.Errorf("ReleaseLam: %#x", st)
		}
	}
	st, lr, out, _ := build(lamReq(1))
	if st != statusBufferTooSmall || lr.LAM.Kind != kindLAM || out.PageCount != 4 || out.NPages != 1 {
		t.Errorf("BuildLam into 1 page: %#x, %+v, %+v; want STATUS_BUFFER_TOO_SMALL, page_count 4", st, lr.LAM, out)
	}
	release(lr.LAM)
	st, lr, out, pages := build(lamReq(4))
	if st != statusSuccess || out.PageCount != 4 || out.NPages != 4 || len(pages) != 4 || pages[0] == 0 || out.FBO != 0x234 {
		t.Errorf("BuildLam: %#x, %+v, pages %#x; want 4 pages, FBO 0x234", st, out, pages)
	}
	if pe := s.perr(&contract.FreeBufferRequest{FreeBufferRequestFixed: contract.FreeBufferRequestFixed{Buffer: lbuf.ID}}); pe != contract.ProtocolErrorBusy {
		t.Errorf("FreeBuffer under a LAM: %d, want BUSY", pe)
	}
	release(lr.LAM)
	chainReq := &contract.BuildLAMChainRequest{BuildLAMChainRequestFixed: contract.BuildLAMChainRequestFixed{Adapter: A.adapter.ID, PageCapacity: 4, Done: ref(s.ctx())},
		Chain: []contract.Mdl{{Buffer: lbuf.ID, Offset: 0, Length: 4096, VA: 0x6_0000_0000}, {Buffer: lbuf.ID, Offset: 8192, Length: 4096, VA: 0x6_0000_1000}}}
	if st, lr, out, _ := build(chainReq); st != statusSuccess || out.PageCount != 2 {
		t.Errorf("BuildLamChain: %#x %+v", st, out)
	} else {
		release(lr.LAM)
	}

	// ---- an MR over an MDL chain of two buffers: its region crosses ----
	cmr := s.create("CreateMr", func(done contract.CbRef) contract.Request {
		return &contract.CreateMRRequest{CreateMRRequestFixed: contract.CreateMRRequestFixed{PD: A.pd.ID, Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateMRReply).MR })
	b1, b2 := s.newBuffer(4096), s.newBuffer(4096)
	s.request("RegisterMrChain", func(done contract.CbRef) contract.Request {
		return &contract.RegisterMRChainRequest{RegisterMRChainRequestFixed: contract.RegisterMRChainRequestFixed{MR: cmr.ID, Flags: mrFlags, Done: done},
			Chain: []contract.Mdl{{Buffer: b1.ID, Length: 4096, VA: 0x7_0000_0000}, {Buffer: b2.ID, Length: 4096, VA: 0x7_0000_1000}}}
	})
	s.writeMem(cmr, 4090, "crossing")
	if got := s.readMem(b1, 4090, 6) + s.readMem(b2, 0, 2); got != "crossing" {
		t.Errorf("a write across the chain's two buffers: %q", got)
	}
	s.request("DeregisterMr", func(done contract.CbRef) contract.Request {
		return &contract.DeregisterMRRequest{DeregisterMRRequestFixed: contract.DeregisterMRRequestFixed{MR: cmr.ID, Done: done}}
	})
	s.closeObject("the chained MR", cmr)
	for _, b := range []contract.ObjRef{b1, b2, lbuf} {
		if st, _ := s.call(&contract.FreeBufferRequest{FreeBufferRequestFixed: contract.FreeBufferRequestFixed{Buffer: b.ID}}); st != statusSuccess {
			t.Errorf("FreeBuffer: %#x", st)
		}
	}

	// ---- connected: bind, fast register, invalidate, send-and-invalidate ----
	l, dst := s.connectPair(sa, sb, A, B)
	bctx := s.ctx()
	if st, _ := s.call(&contract.BindRequest{BindRequestFixed: contract.BindRequestFixed{QP: A.qp.ID, RequestContext: bctx, MR: A.mr.ID, MW: mw.ID,
		VA: A.va, Length: 4096, Flags: opFlagAllowRemoteRead}}); st != statusSuccess {
		t.Fatalf("Bind: %#x", st)
	}
	s.wantResult("A's bind", s.poll(A.cq, 1, true)[0], opBind, A.qpCtx, bctx, 0)
	_, rep = s.call(&contract.GetRemoteTokenFromMWRequest{GetRemoteTokenFromMWRequestFixed: contract.GetRemoteTokenFromMWRequestFixed{MW: mw.ID}})
	if rep.(*contract.GetRemoteTokenFromMWReply).Token == 0 {
		t.Error("GetRemoteTokenFromMw: 0 after Bind")
	}
	ictx := s.ctx()
	s.call(&contract.InvalidateRequest{InvalidateRequestFixed: contract.InvalidateRequestFixed{QP: A.qp.ID, RequestContext: ictx, MROrMW: mw.ID}})
	s.wantResult("A's MW invalidate", s.poll(A.cq, 1, true)[0], opInvalidate, A.qpCtx, ictx, 0)
	if pe := s.perr(&contract.InvalidateRequest{InvalidateRequestFixed: contract.InvalidateRequestFixed{QP: A.qp.ID, MROrMW: A.pd.ID}}); pe != contract.ProtocolErrorWrongHandleKind {
		t.Errorf("Invalidate of a PD: %d, want WRONG_HANDLE_KIND", pe)
	}
	fbuf := s.newBuffer(2 * 4096)
	_, flr, fout, fpages := build(&contract.BuildLAMRequest{BuildLAMRequestFixed: contract.BuildLAMRequestFixed{Adapter: A.adapter.ID, Buffer: fbuf.ID,
		Length: 2 * 4096, PageCapacity: 2, Done: ref(s.ctx())}})
	frctx := s.ctx()
	if st, _ := s.call(&contract.FastRegisterRequest{FastRegisterRequestFixed: contract.FastRegisterRequestFixed{QP: A.qp.ID, RequestContext: frctx, MR: fmr.ID,
		FBO: fout.FBO, Length: 2 * 4096, BaseVA: 0x8_0000_0000, Flags: opFlagAllowLocalWrite}, Pages: fpages}); st != statusSuccess {
		t.Fatalf("FastRegister: %#x", st)
	}
	s.wantResult("A's fast register", s.poll(A.cq, 1, true)[0], opFastRegister, A.qpCtx, frctx, 0)
	ictx = s.ctx()
	s.call(&contract.InvalidateRequest{InvalidateRequestFixed: contract.InvalidateRequestFixed{QP: A.qp.ID, RequestContext: ictx, MROrMW: fmr.ID}})
	s.wantResult("A's MR invalidate", s.poll(A.cq, 1, true)[0], opInvalidate, A.qpCtx, ictx, 0)
	release(flr.LAM)

	mwB := s.create("CreateMw", func(done contract.CbRef) contract.Request {
		return &contract.CreateMWRequest{CreateMWRequestFixed: contract.CreateMWRequestFixed{PD: B.pd.ID, Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateMWReply).MW })
	bctx = s.ctx()
	s.call(&contract.BindRequest{BindRequestFixed: contract.BindRequestFixed{QP: B.qp.ID, RequestContext: bctx, MR: B.mr.ID, MW: mwB.ID,
		VA: B.va, Length: 4096, Flags: opFlagAllowRemoteWrite}})
	s.wantResult("B's bind", s.poll(B.cq, 1, true)[0], opBind, B.qpCtx, bctx, 0)
	_, rep = s.call(&contract.GetRemoteTokenFromMWRequest{GetRemoteTokenFromMWRequestFixed: contract.GetRemoteTokenFromMWRequestFixed{MW: mwB.ID}})
	token := rep.(*contract.GetRemoteTokenFromMWReply).Token
	rctx, sctx := s.ctx(), s.ctx()
	s.call(&contract.ReceiveRequest{ReceiveRequestFixed: contract.ReceiveRequestFixed{QP: B.qp.ID, RequestContext: rctx}, SGL: sgl(B.va+512, 64, B.local)})
	if st, _ := s.call(&contract.SendAndInvalidateRequest{SendAndInvalidateRequestFixed: contract.SendAndInvalidateRequestFixed{QP: A.qp.ID, RequestContext: sctx,
		RemoteToken: token}, SGL: sgl(A.va, 4, A.local)}); st != statusSuccess {
		t.Fatalf("SendAndInvalidate: %#x", st)
	}
	s.wantResult("A's send-and-invalidate", s.poll(A.cq, 1, true)[0], opSend, A.qpCtx, sctx, 0)
	if r := s.poll(B.cq, 1, true)[0]; r.Type != opReceiveAndInvalidate || r.TypeSpecificCompletionOutput != uint64(token) || r.RequestContext != rctx {
		t.Errorf("B's receive of a send-and-invalidate: %+v, want ReceiveAndInvalidate of token %#x", r, token)
	}

	// send, write, read (TestLoopback checks their bytes), GetCqResults, ArmCq
	if st, _ := s.call(&contract.ArmCQRequest{ArmCQRequestFixed: contract.ArmCQRequestFixed{CQ: A.cq.ID, Type: cqNotifyAny}}); st != statusSuccess {
		t.Errorf("ArmCq: %#x", st)
	}
	rctx, sctx = s.ctx(), s.ctx()
	s.call(&contract.ReceiveRequest{ReceiveRequestFixed: contract.ReceiveRequestFixed{QP: B.qp.ID, RequestContext: rctx}, SGL: sgl(B.va+512, 64, B.local)})
	s.call(&contract.SendRequest{SendRequestFixed: contract.SendRequestFixed{QP: A.qp.ID, RequestContext: sctx}, SGL: sgl(A.va, 4, A.local)})
	if r := s.poll(B.cq, 1, false)[0]; r.RequestContext != rctx || r.BytesTransferred != 4 {
		t.Errorf("B's receive (GetCqResults): %+v", r)
	}
	for _, r := range []contract.Request{
		&contract.WriteRequest{WriteRequestFixed: contract.WriteRequestFixed{QP: A.qp.ID, RequestContext: s.ctx(), RemoteAddress: B.va + 2048, RemoteToken: B.remote}, SGL: sgl(A.va, 8, A.local)},
		&contract.ReadRequest{ReadRequestFixed: contract.ReadRequestFixed{QP: A.qp.ID, RequestContext: s.ctx(), RemoteAddress: B.va + 2048, RemoteToken: B.remote}, SGL: sgl(A.va+4096, 8, A.local)},
	} {
		if st, _ := s.call(r); st != statusSuccess {
			t.Errorf("%v: %#x", r.Opcode(), st)
		}
	}
	if rs := s.poll(A.cq, 3, true); rs[0].Type != opSend || rs[1].Type != opWrite || rs[2].Type != opRead {
		t.Errorf("A's send, write, read: %+v", rs)
	}
	// An adapter opened and closed with nothing on it.
	if st, _ := s.call(&contract.CloseAdapterRequest{CloseAdapterRequestFixed: contract.CloseAdapterRequestFixed{Adapter: s.openAdapter(sb.IPv4).ID}}); st != statusSuccess {
		t.Errorf("CloseAdapter: %#x", st)
	}

	// ---- a second connection through the shared endpoint: rejected, then
	// accepted with the NDKPI 2.1 calls ----
	s.call(&contract.ControlConnectEventsRequest{ControlConnectEventsRequestFixed: contract.ControlConnectEventsRequestFixed{Listener: l.ID, Pause: 1}})
	s.call(&contract.ControlConnectEventsRequest{ControlConnectEventsRequestFixed: contract.ControlConnectEventsRequestFixed{Listener: l.ID}})
	qp2 := s.create("CreateQp", func(done contract.CbRef) contract.Request {
		return &contract.CreateQPRequest{CreateQPRequestFixed: contract.CreateQPRequestFixed{PD: A.pd.ID, Done: done,
			Params: contract.QPParams{ReceiveCQ: A.cq.ID, InitiatorCQ: A.cq.ID, Context: A.qpCtx, ReceiveQueueDepth: 4, InitiatorQueueDepth: 4,
				MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateQPReply).QP })
	qp2B := s.create("CreateQp", func(done contract.CbRef) contract.Request {
		return &contract.CreateQPRequest{CreateQPRequestFixed: contract.CreateQPRequestFixed{PD: B.pd.ID, Done: done,
			Params: contract.QPParams{ReceiveCQ: B.cq.ID, InitiatorCQ: B.cq.ID, Context: B.qpCtx, ReceiveQueueDepth: 4, InitiatorQueueDepth: 4,
				MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateQPReply).QP })
	conn := s.create("CreateConnector", func(done contract.CbRef) contract.Request {
		return &contract.CreateConnectorRequest{CreateConnectorRequestFixed: contract.CreateConnectorRequestFixed{Adapter: A.adapter.ID, Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateConnectorReply).Connector })
	connectSE := func() (uint64, <-chan uint32, *contract.ConnectEvent) {
		ctx := s.ctx()
		ch := s.async(&contract.ConnectWithSharedEndpointRequest{ConnectWithSharedEndpointRequestFixed: contract.ConnectWithSharedEndpointRequestFixed{
			Connector: conn.ID, SharedEndpoint: se.ID, Done: ref(ctx),
			Params: contract.ConnectParams{QP: qp2.ID, Destination: addr(dst), InboundReadLimit: 4, OutboundReadLimit: 4}}})
		ev := s.wait("a connect event", func(ev contract.Event) bool {
			ce, ok := ev.(*contract.ConnectEvent)
			return ok && ce.Listener == l && ce.Connector != B.conn && !s.seenConn[ce.Connector.ID]
		}).(*contract.ConnectEvent)
		s.seenConn[ev.Connector.ID] = true
		return ctx, ch, ev
	}
	s.seenConn = map[uint64]bool{}
	cctx, cch, ev := connectSE()
	if st, _ := s.call(&contract.RejectRequest{RejectRequestFixed: contract.RejectRequestFixed{Connector: ev.Connector.ID}, PrivateData: []byte("no")}); st != statusSuccess {
		t.Fatalf("Reject: %#x", st)
	}
	if st := s.finish("a rejected ConnectWithSharedEndpoint", <-cch, cctx); st != statusConnectionRefused {
		t.Errorf("a rejected ConnectWithSharedEndpoint: %#x, want STATUS_CONNECTION_REFUSED", st)
	}
	s.closeObject("the rejected connector", ev.Connector)
	cctx, cch, ev = connectSE()
	connB, discB := ev.Connector, s.ctx()
	actx := s.ctx()
	ach := s.async(&contract.AcceptExRequest{AcceptExRequestFixed: contract.AcceptExRequestFixed{Connector: connB.ID, QP: qp2B.ID,
		InboundReadLimit: 4, OutboundReadLimit: 4, OnDisconnect: ref(discB), Done: ref(actx)}})
	if st := s.finish("ConnectWithSharedEndpoint", <-cch, cctx); st != statusSuccess {
		t.Fatalf("ConnectWithSharedEndpoint: %#x", st)
	}
	s.request("CompleteConnectEx", func(done contract.CbRef) contract.Request {
		return &contract.CompleteConnectExRequest{CompleteConnectExRequestFixed: contract.CompleteConnectExRequestFixed{Connector: conn.ID, OnDisconnect: ref(s.ctx()), Done: done}}
	})
	if st := s.finish("AcceptEx", <-ach, actx); st != statusSuccess {
		t.Fatalf("AcceptEx: %#x", st)
	}
	st, rep = s.call(&contract.GetLocalAddressRequest{GetLocalAddressRequestFixed: contract.GetLocalAddressRequestFixed{Connector: conn.ID}})
	if ap := addrPort(rep.(*contract.GetLocalAddressReply).Address); st != statusSuccess || ap.Addr() != sa.IPv4 || ap.Port() == 0 {
		t.Errorf("the second connector's local address: %#x %v", st, ap)
	}
	s.request("Disconnect", func(done contract.CbRef) contract.Request {
		return &contract.DisconnectRequest{DisconnectRequestFixed: contract.DisconnectRequestFixed{Connector: conn.ID, Done: done}}
	})
	if de := s.wait("B's Ex disconnect event", byCtx(contract.EvDisconnectEventEx, discB)).(*contract.DisconnectEventEx); de.Connector != connB ||
		de.ProviderDisconnectReason != reasonPeerDisconnected {
		t.Errorf("B's Ex disconnect event: %+v reason %d, want %+v, %d", de.Connector, de.ProviderDisconnectReason, connB, reasonPeerDisconnected)
	}

	// ---- fault injection: the provider hook's, here sim's ----
	for _, r := range []contract.Request{
		&contract.SetHostStateRequest{SetHostStateRequestFixed: contract.SetHostStateRequestFixed{Address: addr(netip.AddrPortFrom(sa.IPv4, 0)), State: 0}},
		&contract.FailSRQRequest{FailSRQRequestFixed: contract.FailSRQRequestFixed{SRQ: srq.ID}},
		&contract.FailCQRequest{FailCQRequestFixed: contract.FailCQRequestFixed{CQ: A.cq.ID}},
	} {
		if st, rep := s.call(r); st != statusSuccess || faultError(rep) != "" {
			t.Errorf("%v: %#x, error %q, want it injected", r.Opcode(), st, faultError(rep))
		}
	}
	if pe := s.perr(&contract.FailCQRequest{FailCQRequestFixed: contract.FailCQRequestFixed{CQ: srq.ID}}); pe != contract.ProtocolErrorWrongHandleKind {
		t.Errorf("FailCq of an SRQ: %d, want WRONG_HANDLE_KIND (checked as every handle)", pe)
	}

	// ---- QueryAbiFacts: what the C ABI showed of a conformant provider ----
	facts := func(id uint64) contract.AbiFacts {
		t.Helper()
		st, rep := s.call(&contract.QueryAbiFactsRequest{QueryAbiFactsRequestFixed: contract.QueryAbiFactsRequestFixed{Object: id}})
		if st != statusSuccess {
			t.Fatalf("QueryAbiFacts: %#x", st)
		}
		return rep.(*contract.QueryAbiFactsReply).Facts
	}
	v21, v20 := contract.Version{Major: 2, Minor: 1}, contract.Version{Major: 2, Minor: 0}
	const badVersion = 0xC0010004
	if f := facts(A.adapter.ID); f.HeaderObjectType != kindAdapter || f.HeaderVersion != v21 || f.ReservedNonzero != 0 ||
		f.DispatchNull != 0 || f.NEntries != 9 || f.NullEntries != 0 || f.DispatchReplaced != 1 || f.DispatchRewrites != 0 ||
		f.Requested != v20 || f.HasInfo != 1 || f.InfoVersion != v21 ||
		f.ProbeMinor != (contract.Version{Major: 2, Minor: 2}) || f.ProbeMinorStatus != badVersion ||
		f.ProbeMajor != (contract.Version{Major: 3}) || f.ProbeMajorStatus != badVersion || f.HighIRQLCallbacks != 0 {
		t.Errorf("QueryAbiFacts of A's adapter: %+v", f)
	}
	if f := facts(mw.ID); f.HeaderObjectType != kindMW || f.HeaderVersion != v21 || f.NEntries != 3 || f.NullEntries != 0 ||
		f.DispatchReplaced != 1 || f.Requested != (contract.Version{}) {
		t.Errorf("QueryAbiFacts of the MW: %+v", f)
	}
	if pe := s.perr(&contract.QueryAbiFactsRequest{QueryAbiFactsRequestFixed: contract.QueryAbiFactsRequestFixed{Object: s.newBuffer(64).ID}}); pe != contract.ProtocolErrorWrongHandleKind {
		t.Errorf("QueryAbiFacts of a buffer: %d, want WRONG_HANDLE_KIND", pe)
	}

	// ---- CloseProvider: everything left closes; the session takes no more ----
	st, rep = s.call(&contract.CloseProviderRequest{})
	if cp := rep.(*contract.CloseProviderReply); st != statusSuccess || len(cp.Error) != 0 {
		t.Errorf("CloseProvider: %#x %q", st, cp.Error)
	}
	if pe := s.perr(&contract.QueryAdapterInfoRequest{QueryAdapterInfoRequestFixed: contract.QueryAdapterInfoRequestFixed{Adapter: A.adapter.ID}}); pe != contract.ProtocolErrorBadSequence {
		t.Errorf("a call after CloseProvider: %d, want BAD_SEQUENCE", pe)
	}
	if stats, err := s.h.Stats(); err != nil || stats.Objects != 0 || stats.HeldBytes != 0 || stats.SecondCompletions != 0 {
		t.Errorf("after CloseProvider: %+v %v", stats, err)
	}
	s.checkIRQLs(irql)
	for _, op := range contract.Opcodes() {
		if s.used[op] == 0 {
			t.Errorf("%v was not called", op)
		}
	}
}
