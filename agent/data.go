package agent

import (
	"net/netip"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// The calls beyond connection management: fault injection, LAMs, CQs,
// PDs, SRQs, MRs, MWs, QP work requests, connect event control.

// maxResults bounds GetCqResults(Ex).max_results.
const maxResults = 1 << 16

// ctxOf is the provider's context value of a client context id: the id
// itself (a uint64), nil for 0.
func ctxOf(id uint64) any {
	if id == 0 {
		return nil
	}
	return id
}

// idOf is the client context id of a context value the provider handed
// back (0 for nil, or for a value this agent never passed).
func idOf(v any) uint64 {
	u, _ := v.(uint64)
	return u
}

func sglOf(in []*agentv1.SGE) []ndk.SGE {
	if len(in) == 0 {
		return nil
	}
	out := make([]ndk.SGE, len(in))
	for i, g := range in {
		out[i] = ndk.SGE{VirtualAddress: g.GetVirtualAddress(), Length: g.GetLength(), MemoryRegionToken: g.GetMemoryRegionToken()}
	}
	return out
}

func done(st ndk.Status, reply func(*agentv1.CallReturn)) *agentv1.CallReturn {
	r := &agentv1.CallReturn{Status: uint32(st)}
	reply(r)
	return r
}

// qpParams resolves QpParams.
func (s *session) qpParams(qp *agentv1.QpParams) (ndk.QPParams, *agentv1.CallReturn) {
	if qp == nil {
		return ndk.QPParams{}, invalid("QP params missing")
	}
	p := ndk.QPParams{
		Context:                ctxOf(qp.GetContext()),
		ReceiveQueueDepth:      qp.GetReceiveQueueDepth(),
		InitiatorQueueDepth:    qp.GetInitiatorQueueDepth(),
		MaxReceiveRequestSGE:   qp.GetMaxReceiveRequestSge(),
		MaxInitiatorRequestSGE: qp.GetMaxInitiatorRequestSge(),
		InlineDataSize:         qp.GetInlineDataSize(),
	}
	if qp.GetReceiveCq() != nil {
		cq, _, pe := s.lookup(qp.GetReceiveCq(), kCQ)
		if pe != nil {
			return p, perr(pe)
		}
		p.ReceiveCQ = cq.(ndk.CQ)
	}
	if qp.GetInitiatorCq() != nil {
		cq, _, pe := s.lookup(qp.GetInitiatorCq(), kCQ)
		if pe != nil {
			return p, perr(pe)
		}
		p.InitiatorCQ = cq.(ndk.CQ)
	}
	return p, nil
}

func resultToProto(r ndk.Result) *agentv1.Result {
	return &agentv1.Result{Status: uint32(r.Status), BytesTransferred: r.BytesTransferred,
		QpContext: idOf(r.QPContext), RequestContext: idOf(r.RequestContext)}
}

// dataCall serves the calls of this file; ok false for another call.
func (s *session) dataCall(c *agentv1.Call) (*agentv1.CallReturn, bool) {
	switch op := c.Op.(type) {
	case *agentv1.Call_SetHostState:
		fi, ok := s.provider.(ndk.FaultInjector)
		if !ok {
			return perr(&agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED,
				Message: "SetHostState: this agent's provider offers no fault injection"}), true
		}
		addr, err := netip.ParseAddr(op.SetHostState.GetAddress())
		if err != nil {
			return invalid("SetHostState: an address that does not parse"), true
		}
		var st ndk.HostState
		switch op.SetHostState.GetState() {
		case agentv1.HostState_HOST_STATE_UP:
			st = ndk.HostUp
		case agentv1.HostState_HOST_STATE_UNRESPONSIVE:
			st = ndk.HostUnresponsive
		case agentv1.HostState_HOST_STATE_DOWN:
			st = ndk.HostDown
		default:
			return invalid("SetHostState: an unknown host state"), true
		}
		reply := &agentv1.SetHostStateReply{}
		if err := fi.SetHostState(addr, st); err != nil {
			reply.Error = err.Error()
		}
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_SetHostState{SetHostState: reply}}, true

	case *agentv1.Call_FailSrq:
		fi, ok := s.provider.(ndk.SRQFaultInjector)
		if !ok {
			return perr(&agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED,
				Message: "FailSrq: this agent's provider offers no SRQ fault injection"}), true
		}
		obj, _, pe := s.lookup(op.FailSrq.GetSrq(), kSRQ)
		if pe != nil {
			return perr(pe), true
		}
		reply := &agentv1.FailSrqReply{}
		if err := fi.FailSRQ(obj.(ndk.SRQ)); err != nil {
			reply.Error = err.Error()
		}
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_FailSrq{FailSrq: reply}}, true
	case *agentv1.Call_FailCq:
		fi, ok := s.provider.(ndk.CQFaultInjector)
		if !ok {
			return perr(&agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED,
				Message: "FailCq: this agent's provider offers no CQ fault injection"}), true
		}
		obj, _, pe := s.lookup(op.FailCq.GetCq(), kCQ)
		if pe != nil {
			return perr(pe), true
		}
		reply := &agentv1.FailCqReply{}
		if err := fi.FailCQ(obj.(ndk.CQ)); err != nil {
			reply.Error = err.Error()
		}
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_FailCq{FailCq: reply}}, true

	case *agentv1.Call_BuildLam:
		return s.buildLam(op.BuildLam), true
	case *agentv1.Call_BuildLamChain:
		return s.buildLamChain(op.BuildLamChain), true
	case *agentv1.Call_ReleaseLam:
		return s.releaseLam(op.ReleaseLam), true

	// --- CQ
	case *agentv1.Call_ResizeCq:
		obj, _, pe := s.lookup(op.ResizeCq.GetCq(), kCQ)
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.CQ).Resize(op.ResizeCq.GetDepth(), s.requestDone(op.ResizeCq.GetDone()), nil)
		return done(st, func(r *agentv1.CallReturn) {
			r.Reply = &agentv1.CallReturn_ResizeCq{ResizeCq: &agentv1.ResizeCqReply{}}
		}), true
	case *agentv1.Call_ArmCq:
		obj, _, pe := s.lookup(op.ArmCq.GetCq(), kCQ)
		if pe != nil {
			return perr(pe), true
		}
		obj.(ndk.CQ).Arm(ndk.CQNotifyType(op.ArmCq.GetType()))
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_ArmCq{ArmCq: &agentv1.ArmCqReply{}}}, true
	case *agentv1.Call_GetCqResults:
		obj, _, pe := s.lookup(op.GetCqResults.GetCq(), kCQ)
		if pe != nil {
			return perr(pe), true
		}
		if op.GetCqResults.GetMaxResults() > maxResults {
			return outOfRange("GetCqResults: max_results over 65536"), true
		}
		res := make([]ndk.Result, op.GetCqResults.GetMaxResults())
		n := obj.(ndk.CQ).GetResults(res)
		reply := &agentv1.GetCqResultsReply{}
		for _, x := range res[:max(0, min(n, len(res)))] {
			reply.Results = append(reply.Results, resultToProto(x))
		}
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_GetCqResults{GetCqResults: reply}}, true
	case *agentv1.Call_GetCqResultsEx:
		obj, _, pe := s.lookup(op.GetCqResultsEx.GetCq(), kCQ)
		if pe != nil {
			return perr(pe), true
		}
		if op.GetCqResultsEx.GetMaxResults() > maxResults {
			return outOfRange("GetCqResultsEx: max_results over 65536"), true
		}
		res := make([]ndk.ResultEx, op.GetCqResultsEx.GetMaxResults())
		n := obj.(ndk.CQ).GetResultsEx(res)
		reply := &agentv1.GetCqResultsExReply{}
		for _, x := range res[:max(0, min(n, len(res)))] {
			pr := resultToProto(x.Result)
			pr.Type, pr.ProviderErrorCode, pr.TypeSpecificCompletionOutput = uint32(x.Type), x.ProviderErrorCode, x.TypeSpecificCompletionOutput
			reply.Results = append(reply.Results, pr)
		}
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_GetCqResultsEx{GetCqResultsEx: reply}}, true
	case *agentv1.Call_ControlCqInterruptModeration:
		m := op.ControlCqInterruptModeration
		obj, _, pe := s.lookup(m.GetCq(), kCQ)
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.CQ).ControlInterruptModeration(m.GetInterval(), m.GetCount())
		return done(st, func(r *agentv1.CallReturn) {
			r.Reply = &agentv1.CallReturn_ControlCqInterruptModeration{ControlCqInterruptModeration: &agentv1.ControlCqInterruptModerationReply{}}
		}), true

	// --- PD
	case *agentv1.Call_CreateQpWithSrq:
		obj, ad, pe := s.lookup(op.CreateQpWithSrq.GetPd(), kPD)
		if pe != nil {
			return perr(pe), true
		}
		p, r := s.qpParams(op.CreateQpWithSrq.GetParams())
		if r != nil {
			return r, true
		}
		srq, _, pe := s.lookup(op.CreateQpWithSrq.GetSrq(), kSRQ)
		if pe != nil {
			return perr(pe), true
		}
		q, st := obj.(ndk.PD).CreateQPWithSRQ(p, srq.(ndk.SRQ), s.createDone(op.CreateQpWithSrq.GetDone(), ad, nil), nil)
		return s.created(nilIfNil(q), st, ad, nil, func(h *agentv1.Handle) *agentv1.CallReturn {
			return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CreateQpWithSrq{CreateQpWithSrq: &agentv1.CreateQpWithSrqReply{Qp: h}}}
		}), true
	case *agentv1.Call_CreateSrq:
		req := op.CreateSrq
		obj, ad, pe := s.lookup(req.GetPd(), kPD)
		if pe != nil {
			return perr(pe), true
		}
		p := ndk.SRQParams{Depth: req.GetDepth(), MaxReceiveRequestSGE: req.GetMaxReceiveRequestSge(), NotifyThreshold: req.GetNotifyThreshold()}
		var srqH *agentv1.Handle // set once the SRQ has its handle
		then := func(h *agentv1.Handle) { s.mu.Lock(); srqH = h; s.mu.Unlock() }
		if ref := req.GetNotify(); ref != nil {
			p.Notify = func(_ any, st ndk.Status) {
				s.mu.Lock()
				h := srqH
				s.mu.Unlock()
				s.callback(ref.GetContext(), func(cb *agentv1.Callback) {
					cb.Event = &agentv1.Callback_SrqNotification{SrqNotification: &agentv1.SrqNotification{Srq: h, SrqStatus: uint32(st)}}
				})
			}
		}
		srq, st := obj.(ndk.PD).CreateSRQ(p, s.createDone(req.GetDone(), ad, then), nil)
		return s.created(nilIfNil(srq), st, ad, then, func(h *agentv1.Handle) *agentv1.CallReturn {
			return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CreateSrq{CreateSrq: &agentv1.CreateSrqReply{Srq: h}}}
		}), true
	case *agentv1.Call_CreateMr:
		obj, ad, pe := s.lookup(op.CreateMr.GetPd(), kPD)
		if pe != nil {
			return perr(pe), true
		}
		m, st := obj.(ndk.PD).CreateMR(op.CreateMr.GetFastRegister(), s.createDone(op.CreateMr.GetDone(), ad, nil), nil)
		return s.created(nilIfNil(m), st, ad, nil, func(h *agentv1.Handle) *agentv1.CallReturn {
			return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CreateMr{CreateMr: &agentv1.CreateMrReply{Mr: h}}}
		}), true
	case *agentv1.Call_CreateMw:
		obj, ad, pe := s.lookup(op.CreateMw.GetPd(), kPD)
		if pe != nil {
			return perr(pe), true
		}
		w, st := obj.(ndk.PD).CreateMW(s.createDone(op.CreateMw.GetDone(), ad, nil), nil)
		return s.created(nilIfNil(w), st, ad, nil, func(h *agentv1.Handle) *agentv1.CallReturn {
			return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CreateMw{CreateMw: &agentv1.CreateMwReply{Mw: h}}}
		}), true
	case *agentv1.Call_GetPrivilegedMemoryRegionToken:
		obj, _, pe := s.lookup(op.GetPrivilegedMemoryRegionToken.GetPd(), kPD)
		if pe != nil {
			return perr(pe), true
		}
		t := obj.(ndk.PD).PrivilegedMemoryRegionToken()
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_GetPrivilegedMemoryRegionToken{GetPrivilegedMemoryRegionToken: &agentv1.GetPrivilegedMemoryRegionTokenReply{Token: t}}}, true

	// --- SRQ
	case *agentv1.Call_ModifySrq:
		m := op.ModifySrq
		obj, _, pe := s.lookup(m.GetSrq(), kSRQ)
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.SRQ).Modify(m.GetDepth(), m.GetNotifyThreshold(), s.requestDone(m.GetDone()), nil)
		return done(st, func(r *agentv1.CallReturn) {
			r.Reply = &agentv1.CallReturn_ModifySrq{ModifySrq: &agentv1.ModifySrqReply{}}
		}), true
	case *agentv1.Call_SrqReceive:
		obj, _, pe := s.lookup(op.SrqReceive.GetSrq(), kSRQ)
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.SRQ).Receive(ctxOf(op.SrqReceive.GetRequestContext()), sglOf(op.SrqReceive.GetSgl()))
		return done(st, func(r *agentv1.CallReturn) {
			r.Reply = &agentv1.CallReturn_SrqReceive{SrqReceive: &agentv1.SrqReceiveReply{}}
		}), true

	// --- MR, MW
	case *agentv1.Call_RegisterMr:
		return s.registerMr(op.RegisterMr), true
	case *agentv1.Call_RegisterMrChain:
		return s.registerMrChain(op.RegisterMrChain), true
	case *agentv1.Call_DeregisterMr:
		return s.deregisterMr(op.DeregisterMr), true
	case *agentv1.Call_InitializeFastRegisterMr:
		m := op.InitializeFastRegisterMr
		obj, _, pe := s.lookup(m.GetMr(), kMR)
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.MR).InitializeFastRegister(m.GetAdapterPageCount(), m.GetRemoteAccess(), s.requestDone(m.GetDone()), nil)
		return done(st, func(r *agentv1.CallReturn) {
			r.Reply = &agentv1.CallReturn_InitializeFastRegisterMr{InitializeFastRegisterMr: &agentv1.InitializeFastRegisterMrReply{}}
		}), true
	case *agentv1.Call_GetLocalTokenFromMr:
		obj, _, pe := s.lookup(op.GetLocalTokenFromMr.GetMr(), kMR)
		if pe != nil {
			return perr(pe), true
		}
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_GetLocalTokenFromMr{GetLocalTokenFromMr: &agentv1.GetLocalTokenFromMrReply{Token: obj.(ndk.MR).LocalToken()}}}, true
	case *agentv1.Call_GetRemoteTokenFromMr:
		obj, _, pe := s.lookup(op.GetRemoteTokenFromMr.GetMr(), kMR)
		if pe != nil {
			return perr(pe), true
		}
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_GetRemoteTokenFromMr{GetRemoteTokenFromMr: &agentv1.GetRemoteTokenFromMrReply{Token: obj.(ndk.MR).RemoteToken()}}}, true
	case *agentv1.Call_GetRemoteTokenFromMw:
		obj, _, pe := s.lookup(op.GetRemoteTokenFromMw.GetMw(), kMW)
		if pe != nil {
			return perr(pe), true
		}
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_GetRemoteTokenFromMw{GetRemoteTokenFromMw: &agentv1.GetRemoteTokenFromMwReply{Token: obj.(ndk.MW).RemoteToken()}}}, true

	// --- QP
	case *agentv1.Call_Flush:
		obj, _, pe := s.lookup(op.Flush.GetQp(), kQP)
		if pe != nil {
			return perr(pe), true
		}
		obj.(ndk.QP).Flush()
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_Flush{Flush: &agentv1.FlushReply{}}}, true
	case *agentv1.Call_Receive:
		w := op.Receive
		obj, _, pe := s.lookup(w.GetQp(), kQP)
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.QP).Receive(ctxOf(w.GetRequestContext()), sglOf(w.GetSgl()))
		return done(st, func(r *agentv1.CallReturn) { r.Reply = &agentv1.CallReturn_Receive{Receive: &agentv1.ReceiveReply{}} }), true
	case *agentv1.Call_Send:
		w := op.Send
		obj, _, pe := s.lookup(w.GetQp(), kQP)
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.QP).Send(ctxOf(w.GetRequestContext()), sglOf(w.GetSgl()), w.GetFlags())
		return done(st, func(r *agentv1.CallReturn) { r.Reply = &agentv1.CallReturn_Send{Send: &agentv1.SendReply{}} }), true
	case *agentv1.Call_SendAndInvalidate:
		w := op.SendAndInvalidate
		obj, _, pe := s.lookup(w.GetQp(), kQP)
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.QP).SendAndInvalidate(ctxOf(w.GetRequestContext()), sglOf(w.GetSgl()), w.GetRemoteToken(), w.GetFlags())
		return done(st, func(r *agentv1.CallReturn) {
			r.Reply = &agentv1.CallReturn_SendAndInvalidate{SendAndInvalidate: &agentv1.SendAndInvalidateReply{}}
		}), true
	case *agentv1.Call_Write:
		w := op.Write
		obj, _, pe := s.lookup(w.GetQp(), kQP)
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.QP).Write(ctxOf(w.GetRequestContext()), sglOf(w.GetSgl()), w.GetRemoteAddress(), w.GetRemoteToken(), w.GetFlags())
		return done(st, func(r *agentv1.CallReturn) { r.Reply = &agentv1.CallReturn_Write{Write: &agentv1.WriteReply{}} }), true
	case *agentv1.Call_Read:
		w := op.Read
		obj, _, pe := s.lookup(w.GetQp(), kQP)
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.QP).Read(ctxOf(w.GetRequestContext()), sglOf(w.GetSgl()), w.GetRemoteAddress(), w.GetRemoteToken(), w.GetFlags())
		return done(st, func(r *agentv1.CallReturn) { r.Reply = &agentv1.CallReturn_Read{Read: &agentv1.ReadReply{}} }), true
	case *agentv1.Call_Bind:
		w := op.Bind
		obj, _, pe := s.lookup(w.GetQp(), kQP)
		if pe != nil {
			return perr(pe), true
		}
		m, _, pe := s.lookup(w.GetMr(), kMR)
		if pe != nil {
			return perr(pe), true
		}
		mw, _, pe := s.lookup(w.GetMw(), kMW)
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.QP).Bind(ctxOf(w.GetRequestContext()), m.(ndk.MR), mw.(ndk.MW), w.GetVa(), w.GetLength(), w.GetFlags())
		return done(st, func(r *agentv1.CallReturn) { r.Reply = &agentv1.CallReturn_Bind{Bind: &agentv1.BindReply{}} }), true
	case *agentv1.Call_FastRegister:
		w := op.FastRegister
		obj, _, pe := s.lookup(w.GetQp(), kQP)
		if pe != nil {
			return perr(pe), true
		}
		m, _, pe := s.lookup(w.GetMr(), kMR)
		if pe != nil {
			return perr(pe), true
		}
		var pages []uint64
		if len(w.GetPages()) > 0 {
			pages = append([]uint64{}, w.GetPages()...)
		}
		st := obj.(ndk.QP).FastRegister(ctxOf(w.GetRequestContext()), m.(ndk.MR), pages, w.GetFbo(), w.GetLength(), w.GetBaseVa(), w.GetFlags())
		return done(st, func(r *agentv1.CallReturn) {
			r.Reply = &agentv1.CallReturn_FastRegister{FastRegister: &agentv1.FastRegisterReply{}}
		}), true
	case *agentv1.Call_Invalidate:
		w := op.Invalidate
		obj, _, pe := s.lookup(w.GetQp(), kQP)
		if pe != nil {
			return perr(pe), true
		}
		if k := w.GetMrOrMw().GetKind(); k != kMR && k != kMW && w.GetMrOrMw() != nil {
			return perr(&agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_WRONG_HANDLE_KIND,
				Message: "Invalidate: a " + k.String() + " handle where an MR or an MW is due"}), true
		}
		target, _, pe := s.lookup(w.GetMrOrMw(), w.GetMrOrMw().GetKind())
		if pe != nil {
			return perr(pe), true
		}
		st := obj.(ndk.QP).Invalidate(ctxOf(w.GetRequestContext()), target.(ndk.Object), w.GetFlags())
		return done(st, func(r *agentv1.CallReturn) {
			r.Reply = &agentv1.CallReturn_Invalidate{Invalidate: &agentv1.InvalidateReply{}}
		}), true

	// --- Listener
	case *agentv1.Call_ControlConnectEvents:
		obj, _, pe := s.lookup(op.ControlConnectEvents.GetListener(), kListener)
		if pe != nil {
			return perr(pe), true
		}
		obj.(ndk.Listener).ControlConnectEvents(op.ControlConnectEvents.GetPause())
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_ControlConnectEvents{ControlConnectEvents: &agentv1.ControlConnectEventsReply{}}}, true
	}
	return nil, false
}
