package remote

import (
	"net/netip"
	"sync"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// object is what every remote object has: its session, handle and
// adapter, and the consumer callbacks it keeps for its life (forgotten
// when it closes).
type object struct {
	s  *session
	h  *agentv1.Handle
	ad *adapter
	// onClosed, if set, runs once the object's close has completed.
	onClosed func()

	mu   sync.Mutex
	refs []uint64
}

func (o *object) handle() (*session, *agentv1.Handle) { return o.s, o.h }

func (o *object) ObjectType() ndk.ObjectType { return ndk.ObjectType(o.h.GetKind()) }

// keep registers a consumer callback for the object's life (and its
// adapter's: an adapter's close forgets them too).
func (o *object) keep(h func(*agentv1.Callback)) *agentv1.CallbackRef {
	ref := o.s.register(false, h)
	o.mu.Lock()
	o.refs = append(o.refs, ref.GetContext())
	o.mu.Unlock()
	if o.ad != nil {
		o.ad.keep(ref)
	}
	return ref
}

// closed forgets what the object kept.
func (o *object) closed() {
	o.mu.Lock()
	refs := o.refs
	o.refs = nil
	o.mu.Unlock()
	for _, id := range refs {
		o.s.unregister(id)
	}
	if o.onClosed != nil {
		o.onClosed()
	}
}

// Close is NdkCloseObject over CloseObject.
func (o *object) Close(done ndk.CloseCompletion, ctx any) ndk.Status {
	var ref *agentv1.CallbackRef
	if done != nil {
		ref = o.s.register(true, func(*agentv1.Callback) {
			done(ctx)
			o.closed()
		})
	}
	st := status(o.s.call(&agentv1.Call{Op: &agentv1.Call_CloseObject{CloseObject: &agentv1.CloseObjectRequest{Object: o.h, Done: ref}}}))
	o.s.unregisterUnlessPending(ref, st)
	if st == ndk.StatusSuccess {
		o.closed()
	}
	return st
}

// handled is a remote object (what a call's parameters must be).
type handled interface {
	handle() (*session, *agentv1.Handle)
}

// handleIn is the handle of o, a remote object of session s; nil for
// anything else (nil, another driver's object, an object of the other
// agent).
func handleIn(s *session, o any) *agentv1.Handle {
	if h, ok := o.(handled); ok {
		if hs, hh := h.handle(); hs == s {
			return hh
		}
	}
	return nil
}

// wrap makes the remote object of a handle (nil for none) of adapter ad.
func (s *session) wrap(h *agentv1.Handle, ad *adapter) ndk.Object {
	if h == nil {
		return nil
	}
	o := func() object { return object{s: s, h: h, ad: ad} }
	switch h.GetKind() {
	case agentv1.HandleKind_HANDLE_KIND_CQ:
		return &cq{object: o()}
	case agentv1.HandleKind_HANDLE_KIND_PD:
		return &pd{object: o()}
	case agentv1.HandleKind_HANDLE_KIND_QP:
		return &qp{object: o()}
	case agentv1.HandleKind_HANDLE_KIND_SRQ:
		return &srq{object: o()}
	case agentv1.HandleKind_HANDLE_KIND_MR:
		m := &mr{object: o()}
		m.onClosed = m.dropRegistration
		if h.GetMdlChains() {
			return &chainMR{m}
		}
		return m
	case agentv1.HandleKind_HANDLE_KIND_MW:
		return &mw{object: o()}
	case agentv1.HandleKind_HANDLE_KIND_CONNECTOR:
		c := &connector{object: o()}
		if h.GetConnectorEx() {
			return &connectorEx{c}
		}
		return c
	case agentv1.HandleKind_HANDLE_KIND_LISTENER:
		return &listener{object: o()}
	case agentv1.HandleKind_HANDLE_KIND_SHARED_ENDPOINT:
		return &sharedEndpoint{object: o()}
	}
	return nil
}

// createDone registers a CreateCompletion of an object of adapter ad.
func (s *session) createDone(done ndk.CreateCompletion, ctx any, ad *adapter) *agentv1.CallbackRef {
	if done == nil {
		return nil
	}
	return s.register(true, func(cb *agentv1.Callback) {
		c := cb.GetCreateCompletion()
		done(ctx, ndk.Status(c.GetStatus()), s.wrap(c.GetObject(), ad))
	})
}

// requestDone registers a RequestCompletion.
func (s *session) requestDone(done ndk.RequestCompletion, ctx any) *agentv1.CallbackRef {
	if done == nil {
		return nil
	}
	return s.register(true, func(cb *agentv1.Callback) {
		done(ctx, ndk.Status(cb.GetRequestCompletion().GetStatus()))
	})
}

// request makes a call that takes a RequestCompletion and returns its
// status; settle, if set, gets the final status (the return's, or the
// completion's before the consumer's callback runs).
func (s *session) request(done ndk.RequestCompletion, ctx any, settle func(ndk.Status), mk func(*agentv1.CallbackRef) *agentv1.Call) ndk.Status {
	var ref *agentv1.CallbackRef
	if done != nil {
		ref = s.register(true, func(cb *agentv1.Callback) {
			st := ndk.Status(cb.GetRequestCompletion().GetStatus())
			if settle != nil {
				settle(st)
			}
			done(ctx, st)
		})
	}
	st := status(s.call(mk(ref)))
	s.unregisterUnlessPending(ref, st)
	if settle != nil && st != ndk.StatusPending {
		settle(st)
	}
	return st
}

// created finishes a create call: the object with STATUS_SUCCESS.
func created[T any](s *session, r *agentv1.CallReturn, ref *agentv1.CallbackRef, h *agentv1.Handle, ad *adapter) (T, ndk.Status) {
	var zero T
	st := status(r)
	s.unregisterUnlessPending(ref, st)
	if st != ndk.StatusSuccess {
		return zero, st
	}
	obj, ok := s.wrap(h, ad).(T)
	if !ok {
		return zero, errStatus
	}
	return obj, st
}

// --- adapter

type adapter struct {
	s *session
	h *agentv1.Handle

	mu   sync.Mutex
	refs []uint64 // consumer callbacks its objects keep
}

func (a *adapter) keep(ref *agentv1.CallbackRef) {
	a.mu.Lock()
	a.refs = append(a.refs, ref.GetContext())
	a.mu.Unlock()
}

// Close is the NDK_ADAPTER close: it closes the adapter's objects, so
// their callbacks and agent memory are forgotten.
func (a *adapter) Close() {
	a.s.call(&agentv1.Call{Op: &agentv1.Call_CloseAdapter{CloseAdapter: &agentv1.CloseAdapterRequest{Adapter: a.h}}})
	a.mu.Lock()
	refs := a.refs
	a.refs = nil
	a.mu.Unlock()
	for _, id := range refs {
		a.s.unregister(id)
	}
	a.s.releaseAdapter(a)
}

func (a *adapter) QueryAdapterInfo() (ndk.AdapterInfo, ndk.Status) {
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_QueryAdapterInfo{QueryAdapterInfo: &agentv1.QueryAdapterInfoRequest{Adapter: a.h}}})
	st := status(r)
	if st != ndk.StatusSuccess {
		return ndk.AdapterInfo{}, st
	}
	return adapterInfoFromProto(r.GetQueryAdapterInfo().GetInfo()), st
}

// longRef registers a consumer callback kept for the life of an object of
// the adapter not created yet: owner is set once it is (nil: the create
// failed, and the callback is forgotten with the adapter).
func (a *adapter) longRef(h func(*agentv1.Callback)) *agentv1.CallbackRef {
	ref := a.s.register(false, h)
	a.keep(ref)
	return ref
}

// own hands a long-lived callback to the object created with it.
func own(obj any, ref *agentv1.CallbackRef) {
	if ref == nil {
		return
	}
	if o, ok := obj.(interface{ adopt(uint64) }); ok {
		o.adopt(ref.GetContext())
	}
}

func (o *object) adopt(id uint64) {
	o.mu.Lock()
	o.refs = append(o.refs, id)
	o.mu.Unlock()
}

// createWithLong wraps a create's CreateCompletion so that the new object
// adopts the long-lived callback ref.
func (a *adapter) createDoneOwning(done ndk.CreateCompletion, ctx any, long *agentv1.CallbackRef) *agentv1.CallbackRef {
	if done == nil {
		return nil
	}
	return a.s.createDone(func(ctx any, st ndk.Status, obj ndk.Object) {
		own(obj, long)
		done(ctx, st, obj)
	}, ctx, a)
}

func (a *adapter) CreateCQ(p ndk.CQParams, done ndk.CreateCompletion, ctx any) (ndk.CQ, ndk.Status) {
	var notify *agentv1.CallbackRef
	if p.Notify != nil {
		notify = a.longRef(func(cb *agentv1.Callback) {
			p.Notify(p.NotifyContext, ndk.Status(cb.GetCqNotification().GetCqStatus()))
		})
	}
	ref := a.createDoneOwning(done, ctx, notify)
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_CreateCq{CreateCq: &agentv1.CreateCqRequest{Adapter: a.h, Depth: p.Depth, Notify: notify, Done: ref}}})
	c, st := created[ndk.CQ](a.s, r, ref, r.GetCreateCq().GetCq(), a)
	own(c, notify)
	return c, st
}

func (a *adapter) CreatePD(done ndk.CreateCompletion, ctx any) (ndk.PD, ndk.Status) {
	ref := a.s.createDone(done, ctx, a)
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_CreatePd{CreatePd: &agentv1.CreatePdRequest{Adapter: a.h, Done: ref}}})
	return created[ndk.PD](a.s, r, ref, r.GetCreatePd().GetPd(), a)
}

func (a *adapter) CreateSharedEndpoint(local netip.AddrPort, done ndk.CreateCompletion, ctx any) (ndk.SharedEndpoint, ndk.Status) {
	ref := a.s.createDone(done, ctx, a)
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_CreateSharedEndpoint{CreateSharedEndpoint: &agentv1.CreateSharedEndpointRequest{Adapter: a.h, Local: addrPortToProto(local), Done: ref}}})
	return created[ndk.SharedEndpoint](a.s, r, ref, r.GetCreateSharedEndpoint().GetSharedEndpoint(), a)
}

func (a *adapter) CreateConnector(done ndk.CreateCompletion, ctx any) (ndk.Connector, ndk.Status) {
	ref := a.s.createDone(done, ctx, a)
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_CreateConnector{CreateConnector: &agentv1.CreateConnectorRequest{Adapter: a.h, Done: ref}}})
	return created[ndk.Connector](a.s, r, ref, r.GetCreateConnector().GetConnector(), a)
}

func (a *adapter) CreateListener(onConnect ndk.ConnectEventCallback, connectCtx any, done ndk.CreateCompletion, ctx any) (ndk.Listener, ndk.Status) {
	var oc *agentv1.CallbackRef
	if onConnect != nil {
		oc = a.longRef(func(cb *agentv1.Callback) {
			c, _ := a.s.wrap(cb.GetConnectEvent().GetConnector(), a).(ndk.Connector)
			onConnect(connectCtx, c)
		})
	}
	ref := a.createDoneOwning(done, ctx, oc)
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_CreateListener{CreateListener: &agentv1.CreateListenerRequest{Adapter: a.h, OnConnect: oc, Done: ref}}})
	l, st := created[ndk.Listener](a.s, r, ref, r.GetCreateListener().GetListener(), a)
	own(l, oc)
	return l, st
}

// rlam is the provider's part of a LAM built through this driver (the
// consumer's ndk.LAM.AdapterContext once built): the agent's LAM and the
// mirror of its buffer, released by ReleaseLAM, or at once if the build
// failed.
type rlam struct {
	a *adapter

	mu       sync.Mutex
	h        *agentv1.Handle // known once BuildLam returned
	failed   bool            // the build's final status is a failure
	wanted   bool            // ReleaseLAM was called
	released bool
}

// settle releases the LAM once its handle is known and it failed or
// ReleaseLAM was called.
func (l *rlam) settle() {
	l.mu.Lock()
	go_ := l.h != nil && (l.failed || l.wanted) && !l.released
	if go_ {
		l.released = true
	}
	h := l.h
	l.mu.Unlock()
	if !go_ {
		return
	}
	l.a.s.call(&agentv1.Call{Op: &agentv1.Call_ReleaseLam{ReleaseLam: &agentv1.ReleaseLamRequest{Adapter: l.a.h, Lam: h}}})
	l.a.s.release(l)
}

// fillLAM gives lam what the agent's provider wrote into its LAM, whatever
// the status: a failed NdkBuildLam that left logical pages in the array
// (MR-21 asks that none of them be usable) leaves them in the consumer's.
func fillLAM(lam *ndk.LAM, out *agentv1.LamOutput) {
	lam.PageCount = out.GetPageCount()
	copy(lam.Pages, out.GetPages())
	lam.FBO = out.GetFbo()
}

// BuildLAM is NdkBuildLam over the agent's mirror of buf (see
// PullMemory). A nil lam is refused with STATUS_INVALID_PARAMETER without
// reaching the agent (the protocol has no nil LAM).
func (a *adapter) BuildLAM(buf []byte, lam *ndk.LAM, done ndk.RequestCompletion, ctx any) ndk.Status {
	if lam == nil {
		return ndk.StatusInvalidParameter
	}
	l := &rlam{a: a}
	req := &agentv1.BuildLamRequest{Adapter: a.h, Length: uint64(len(buf)), PageCapacity: uint32(len(lam.Pages))}
	if cap(buf) > 0 {
		m, off := a.s.acquire(buf, l, a)
		if m == nil {
			return errStatus
		}
		req.Buffer, req.Offset = m.buf, off
	}
	return a.build(l, lam, done, ctx, func(ref *agentv1.CallbackRef) *agentv1.Call {
		req.Done = ref
		return &agentv1.Call{Op: &agentv1.Call_BuildLam{BuildLam: req}}
	}, func(r *agentv1.CallReturn) (*agentv1.Handle, *agentv1.LamOutput) {
		return r.GetBuildLam().GetLam(), r.GetBuildLam().GetOutput()
	})
}

// build makes the BuildLam (or BuildLamChain) call mk of the LAM l, whose
// buffers are mirrored: lam gets the output, of the return (reply says
// where it is) or of the completion, and l its handle; l is released
// once the build failed.
func (a *adapter) build(l *rlam, lam *ndk.LAM, done ndk.RequestCompletion, ctx any, mk func(*agentv1.CallbackRef) *agentv1.Call,
	reply func(*agentv1.CallReturn) (*agentv1.Handle, *agentv1.LamOutput)) ndk.Status {
	finish := func(st ndk.Status) {
		if st == ndk.StatusSuccess {
			lam.AdapterContext = l
		}
		l.mu.Lock()
		l.failed = st != ndk.StatusSuccess
		l.mu.Unlock()
		l.settle()
	}
	var ref *agentv1.CallbackRef
	if done != nil {
		ref = a.s.register(true, func(cb *agentv1.Callback) {
			rc := cb.GetRequestCompletion()
			st := ndk.Status(rc.GetStatus())
			fillLAM(lam, rc.GetLamOutput())
			finish(st)
			done(ctx, st)
		})
	}
	r := a.s.call(mk(ref))
	st := status(r)
	a.s.unregisterUnlessPending(ref, st)
	h, out := reply(r)
	l.mu.Lock()
	l.h = h
	l.mu.Unlock()
	if r == nil {
		a.s.release(l)
		return st
	}
	if st != ndk.StatusPending {
		fillLAM(lam, out)
		finish(st)
	} else {
		l.settle() // a completion that came before the return
	}
	return st
}

// ReleaseLAM is NdkReleaseLam: the agent's LAM is released and the mirror
// of its buffer dropped.
func (a *adapter) ReleaseLAM(lam *ndk.LAM) {
	if lam == nil {
		return
	}
	l, ok := lam.AdapterContext.(*rlam)
	if !ok || l.a != a {
		return
	}
	lam.AdapterContext = nil
	l.mu.Lock()
	l.wanted = true
	l.mu.Unlock()
	l.settle()
}

// --- CQ

type cq struct{ object }

func (c *cq) Resize(depth uint32, done ndk.RequestCompletion, ctx any) ndk.Status {
	return c.s.request(done, ctx, nil, func(ref *agentv1.CallbackRef) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_ResizeCq{ResizeCq: &agentv1.ResizeCqRequest{Cq: c.h, Depth: depth, Done: ref}}}
	})
}

func (c *cq) Arm(t ndk.CQNotifyType) {
	c.s.call(&agentv1.Call{Op: &agentv1.Call_ArmCq{ArmCq: &agentv1.ArmCqRequest{Cq: c.h, Type: uint32(t)}}})
}

// maxResults is the most results one GetCqResults asks for (the agent's
// bound).
const maxResults = 1 << 16

func (c *cq) result(r *agentv1.Result) ndk.Result {
	return ndk.Result{Status: ndk.Status(r.GetStatus()), BytesTransferred: r.GetBytesTransferred(),
		QPContext: c.s.qpValue(r.GetQpContext()), RequestContext: c.s.reqTake(r.GetRequestContext())}
}

func (c *cq) GetResults(results []ndk.Result) int {
	r := c.s.call(&agentv1.Call{Op: &agentv1.Call_GetCqResults{GetCqResults: &agentv1.GetCqResultsRequest{Cq: c.h, MaxResults: uint32(min(len(results), maxResults))}}})
	n := 0
	for _, x := range r.GetGetCqResults().GetResults() {
		if n == len(results) {
			break
		}
		results[n] = c.result(x)
		n++
	}
	return n
}

func (c *cq) GetResultsEx(results []ndk.ResultEx) int {
	r := c.s.call(&agentv1.Call{Op: &agentv1.Call_GetCqResultsEx{GetCqResultsEx: &agentv1.GetCqResultsExRequest{Cq: c.h, MaxResults: uint32(min(len(results), maxResults))}}})
	n := 0
	for _, x := range r.GetGetCqResultsEx().GetResults() {
		if n == len(results) {
			break
		}
		results[n] = ndk.ResultEx{Result: c.result(x), Type: ndk.OperationType(x.GetType()),
			ProviderErrorCode: x.GetProviderErrorCode(), TypeSpecificCompletionOutput: x.GetTypeSpecificCompletionOutput()}
		n++
	}
	return n
}

func (c *cq) ControlInterruptModeration(interval, count uint32) ndk.Status {
	return status(c.s.call(&agentv1.Call{Op: &agentv1.Call_ControlCqInterruptModeration{ControlCqInterruptModeration: &agentv1.ControlCqInterruptModerationRequest{
		Cq: c.h, Interval: interval, Count: count}}}))
}

// --- PD

type pd struct{ object }

func (p *pd) qpParams(params ndk.QPParams) (*agentv1.QpParams, bool) {
	qpp := &agentv1.QpParams{
		Context:                p.s.qpID(params.Context),
		ReceiveQueueDepth:      params.ReceiveQueueDepth,
		InitiatorQueueDepth:    params.InitiatorQueueDepth,
		MaxReceiveRequestSge:   params.MaxReceiveRequestSGE,
		MaxInitiatorRequestSge: params.MaxInitiatorRequestSGE,
		InlineDataSize:         params.InlineDataSize,
	}
	if params.ReceiveCQ != nil {
		if qpp.ReceiveCq = handleIn(p.s, params.ReceiveCQ); qpp.ReceiveCq == nil {
			return nil, false
		}
	}
	if params.InitiatorCQ != nil {
		if qpp.InitiatorCq = handleIn(p.s, params.InitiatorCQ); qpp.InitiatorCq == nil {
			return nil, false
		}
	}
	return qpp, true
}

func (p *pd) CreateQP(params ndk.QPParams, done ndk.CreateCompletion, ctx any) (ndk.QP, ndk.Status) {
	qpp, ok := p.qpParams(params)
	if !ok {
		return nil, ndk.StatusInvalidParameter
	}
	ref := p.s.createDone(done, ctx, p.ad)
	r := p.s.call(&agentv1.Call{Op: &agentv1.Call_CreateQp{CreateQp: &agentv1.CreateQpRequest{Pd: p.h, Params: qpp, Done: ref}}})
	return created[ndk.QP](p.s, r, ref, r.GetCreateQp().GetQp(), p.ad)
}

func (p *pd) CreateQPWithSRQ(params ndk.QPParams, s ndk.SRQ, done ndk.CreateCompletion, ctx any) (ndk.QP, ndk.Status) {
	qpp, ok := p.qpParams(params)
	sh := handleIn(p.s, s)
	if !ok || sh == nil {
		return nil, ndk.StatusInvalidParameter
	}
	ref := p.s.createDone(done, ctx, p.ad)
	r := p.s.call(&agentv1.Call{Op: &agentv1.Call_CreateQpWithSrq{CreateQpWithSrq: &agentv1.CreateQpWithSrqRequest{Pd: p.h, Params: qpp, Srq: sh, Done: ref}}})
	return created[ndk.QP](p.s, r, ref, r.GetCreateQpWithSrq().GetQp(), p.ad)
}

func (p *pd) CreateSRQ(params ndk.SRQParams, done ndk.CreateCompletion, ctx any) (ndk.SRQ, ndk.Status) {
	var notify *agentv1.CallbackRef
	if params.Notify != nil && p.ad != nil {
		notify = p.ad.longRef(func(cb *agentv1.Callback) {
			params.Notify(params.NotifyContext, ndk.Status(cb.GetSrqNotification().GetSrqStatus()))
		})
	}
	var ref *agentv1.CallbackRef
	if p.ad != nil {
		ref = p.ad.createDoneOwning(done, ctx, notify)
	} else {
		ref = p.s.createDone(done, ctx, nil)
	}
	r := p.s.call(&agentv1.Call{Op: &agentv1.Call_CreateSrq{CreateSrq: &agentv1.CreateSrqRequest{Pd: p.h, Depth: params.Depth,
		MaxReceiveRequestSge: params.MaxReceiveRequestSGE, NotifyThreshold: params.NotifyThreshold, Notify: notify, Done: ref}}})
	q, st := created[ndk.SRQ](p.s, r, ref, r.GetCreateSrq().GetSrq(), p.ad)
	own(q, notify)
	return q, st
}

func (p *pd) CreateMR(fastRegister bool, done ndk.CreateCompletion, ctx any) (ndk.MR, ndk.Status) {
	ref := p.s.createDone(done, ctx, p.ad)
	r := p.s.call(&agentv1.Call{Op: &agentv1.Call_CreateMr{CreateMr: &agentv1.CreateMrRequest{Pd: p.h, FastRegister: fastRegister, Done: ref}}})
	return created[ndk.MR](p.s, r, ref, r.GetCreateMr().GetMr(), p.ad)
}

func (p *pd) CreateMW(done ndk.CreateCompletion, ctx any) (ndk.MW, ndk.Status) {
	ref := p.s.createDone(done, ctx, p.ad)
	r := p.s.call(&agentv1.Call{Op: &agentv1.Call_CreateMw{CreateMw: &agentv1.CreateMwRequest{Pd: p.h, Done: ref}}})
	return created[ndk.MW](p.s, r, ref, r.GetCreateMw().GetMw(), p.ad)
}

func (p *pd) PrivilegedMemoryRegionToken() uint32 {
	r := p.s.call(&agentv1.Call{Op: &agentv1.Call_GetPrivilegedMemoryRegionToken{GetPrivilegedMemoryRegionToken: &agentv1.GetPrivilegedMemoryRegionTokenRequest{Pd: p.h}}})
	return r.GetGetPrivilegedMemoryRegionToken().GetToken()
}

// --- SRQ

type srq struct{ object }

func (q *srq) Modify(depth, notifyThreshold uint32, done ndk.RequestCompletion, ctx any) ndk.Status {
	return q.s.request(done, ctx, nil, func(ref *agentv1.CallbackRef) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_ModifySrq{ModifySrq: &agentv1.ModifySrqRequest{Srq: q.h, Depth: depth, NotifyThreshold: notifyThreshold, Done: ref}}}
	})
}

func (q *srq) Receive(reqCtx any, sgl []ndk.SGE) ndk.Status {
	id := q.s.reqID(reqCtx)
	st := status(q.s.call(&agentv1.Call{Op: &agentv1.Call_SrqReceive{SrqReceive: &agentv1.SrqReceiveRequest{Srq: q.h, RequestContext: id, Sgl: sglToProto(sgl)}}}))
	q.s.reqPosted(id, st)
	return st
}

// --- MR, MW

type mr struct {
	object
	// reg is the current registration (the holder of its buffer's
	// mirror), nil while not registered.
	reg *registration
}

// registration is one MR.Register of an MR: the holder of the mirror of
// its buffer.
type registration struct{ m *mr }

func (m *mr) dropRegistration() {
	m.mu.Lock()
	reg := m.reg
	m.reg = nil
	m.mu.Unlock()
	if reg != nil {
		m.s.release(reg)
	}
}

// Register is NdkRegisterMr over the agent's mirror of buf (see
// PullMemory): buf's bytes are written into it first.
func (m *mr) Register(buf []byte, va uint64, flags uint32, done ndk.RequestCompletion, ctx any) ndk.Status {
	reg := &registration{m: m}
	req := &agentv1.RegisterMrRequest{Mr: m.h, Length: uint64(len(buf)), Va: va, Flags: flags}
	if cap(buf) > 0 {
		mi, off := m.s.acquire(buf, reg, m.ad)
		if mi == nil {
			return errStatus
		}
		req.Buffer, req.Offset = mi.buf, off
	}
	return m.s.request(done, ctx, m.settleRegistration(reg), func(ref *agentv1.CallbackRef) *agentv1.Call {
		req.Done = ref
		return &agentv1.Call{Op: &agentv1.Call_RegisterMr{RegisterMr: req}}
	})
}

// settleRegistration is what the final status of the registration reg
// does: a failure drops its mirrors; a success makes it the MR's, and
// drops the one before.
func (m *mr) settleRegistration(reg *registration) func(ndk.Status) {
	return func(st ndk.Status) {
		if st != ndk.StatusSuccess {
			m.s.release(reg)
			return
		}
		m.mu.Lock()
		old := m.reg
		m.reg = reg
		m.mu.Unlock()
		if old != nil {
			m.s.release(old)
		}
	}
}

func (m *mr) Deregister(done ndk.RequestCompletion, ctx any) ndk.Status {
	settle := func(st ndk.Status) {
		if st == ndk.StatusSuccess {
			m.dropRegistration()
		}
	}
	return m.s.request(done, ctx, settle, func(ref *agentv1.CallbackRef) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_DeregisterMr{DeregisterMr: &agentv1.DeregisterMrRequest{Mr: m.h, Done: ref}}}
	})
}

func (m *mr) InitializeFastRegister(adapterPageCount uint32, remoteAccess bool, done ndk.RequestCompletion, ctx any) ndk.Status {
	return m.s.request(done, ctx, nil, func(ref *agentv1.CallbackRef) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_InitializeFastRegisterMr{InitializeFastRegisterMr: &agentv1.InitializeFastRegisterMrRequest{
			Mr: m.h, AdapterPageCount: adapterPageCount, RemoteAccess: remoteAccess, Done: ref}}}
	})
}

func (m *mr) LocalToken() uint32 {
	r := m.s.call(&agentv1.Call{Op: &agentv1.Call_GetLocalTokenFromMr{GetLocalTokenFromMr: &agentv1.GetLocalTokenFromMrRequest{Mr: m.h}}})
	return r.GetGetLocalTokenFromMr().GetToken()
}

func (m *mr) RemoteToken() uint32 {
	r := m.s.call(&agentv1.Call{Op: &agentv1.Call_GetRemoteTokenFromMr{GetRemoteTokenFromMr: &agentv1.GetRemoteTokenFromMrRequest{Mr: m.h}}})
	return r.GetGetRemoteTokenFromMr().GetToken()
}

type mw struct{ object }

func (w *mw) RemoteToken() uint32 {
	r := w.s.call(&agentv1.Call{Op: &agentv1.Call_GetRemoteTokenFromMw{GetRemoteTokenFromMw: &agentv1.GetRemoteTokenFromMwRequest{Mw: w.h}}})
	return r.GetGetRemoteTokenFromMw().GetToken()
}

// --- QP

type qp struct{ object }

func sglToProto(sgl []ndk.SGE) []*agentv1.SGE {
	if len(sgl) == 0 {
		return nil
	}
	out := make([]*agentv1.SGE, len(sgl))
	for i, g := range sgl {
		out[i] = &agentv1.SGE{VirtualAddress: g.VirtualAddress, Length: g.Length, MemoryRegionToken: g.MemoryRegionToken}
	}
	return out
}

// post makes a work request with request context reqCtx.
func (q *qp) post(reqCtx any, mk func(id uint64) *agentv1.Call) ndk.Status {
	id := q.s.reqID(reqCtx)
	st := status(q.s.call(mk(id)))
	q.s.reqPosted(id, st)
	return st
}

func (q *qp) Flush() {
	q.s.call(&agentv1.Call{Op: &agentv1.Call_Flush{Flush: &agentv1.FlushRequest{Qp: q.h}}})
}

func (q *qp) Receive(reqCtx any, sgl []ndk.SGE) ndk.Status {
	return q.post(reqCtx, func(id uint64) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_Receive{Receive: &agentv1.ReceiveRequest{Qp: q.h, RequestContext: id, Sgl: sglToProto(sgl)}}}
	})
}

func (q *qp) Send(reqCtx any, sgl []ndk.SGE, flags uint32) ndk.Status {
	return q.post(reqCtx, func(id uint64) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_Send{Send: &agentv1.SendRequest{Qp: q.h, RequestContext: id, Sgl: sglToProto(sgl), Flags: flags}}}
	})
}

func (q *qp) SendAndInvalidate(reqCtx any, sgl []ndk.SGE, remoteToken uint32, flags uint32) ndk.Status {
	return q.post(reqCtx, func(id uint64) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_SendAndInvalidate{SendAndInvalidate: &agentv1.SendAndInvalidateRequest{
			Qp: q.h, RequestContext: id, Sgl: sglToProto(sgl), RemoteToken: remoteToken, Flags: flags}}}
	})
}

func (q *qp) Write(reqCtx any, sgl []ndk.SGE, remoteAddress uint64, remoteToken uint32, flags uint32) ndk.Status {
	return q.post(reqCtx, func(id uint64) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_Write{Write: &agentv1.WriteRequest{
			Qp: q.h, RequestContext: id, Sgl: sglToProto(sgl), RemoteAddress: remoteAddress, RemoteToken: remoteToken, Flags: flags}}}
	})
}

func (q *qp) Read(reqCtx any, sgl []ndk.SGE, remoteAddress uint64, remoteToken uint32, flags uint32) ndk.Status {
	return q.post(reqCtx, func(id uint64) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_Read{Read: &agentv1.ReadRequest{
			Qp: q.h, RequestContext: id, Sgl: sglToProto(sgl), RemoteAddress: remoteAddress, RemoteToken: remoteToken, Flags: flags}}}
	})
}

func (q *qp) Bind(reqCtx any, m ndk.MR, w ndk.MW, va uint64, length uint64, flags uint32) ndk.Status {
	mh, wh := handleIn(q.s, m), handleIn(q.s, w)
	if mh == nil || wh == nil {
		return ndk.StatusInvalidParameter
	}
	return q.post(reqCtx, func(id uint64) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_Bind{Bind: &agentv1.BindRequest{Qp: q.h, RequestContext: id, Mr: mh, Mw: wh, Va: va, Length: length, Flags: flags}}}
	})
}

func (q *qp) FastRegister(reqCtx any, m ndk.MR, pages []uint64, fbo uint32, length uint64, baseVA uint64, flags uint32) ndk.Status {
	mh := handleIn(q.s, m)
	if mh == nil {
		return ndk.StatusInvalidParameter
	}
	return q.post(reqCtx, func(id uint64) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_FastRegister{FastRegister: &agentv1.FastRegisterRequest{Qp: q.h, RequestContext: id, Mr: mh,
			Pages: append([]uint64{}, pages...), Fbo: fbo, Length: length, BaseVa: baseVA, Flags: flags}}}
	})
}

func (q *qp) Invalidate(reqCtx any, mrOrMW ndk.Object, flags uint32) ndk.Status {
	h := handleIn(q.s, mrOrMW)
	if h == nil {
		return ndk.StatusInvalidParameter
	}
	return q.post(reqCtx, func(id uint64) *agentv1.Call {
		return &agentv1.Call{Op: &agentv1.Call_Invalidate{Invalidate: &agentv1.InvalidateRequest{Qp: q.h, RequestContext: id, MrOrMw: h, Flags: flags}}}
	})
}

// --- Connector

type connector struct{ object }

func connectParams(s *session, p ndk.ConnectParams) (*agentv1.ConnectParams, bool) {
	cp := &agentv1.ConnectParams{Source: addrPortToProto(p.Source), Destination: addrPortToProto(p.Destination),
		InboundReadLimit: p.InboundReadLimit, OutboundReadLimit: p.OutboundReadLimit}
	if p.QP != nil {
		if cp.Qp = handleIn(s, p.QP); cp.Qp == nil {
			return nil, false
		}
	}
	if p.PrivateData != nil {
		cp.PrivateData = append([]byte{}, p.PrivateData...)
	}
	return cp, true
}

func (c *connector) Connect(p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	cp, ok := connectParams(c.s, p)
	if !ok {
		return ndk.StatusInvalidParameter
	}
	ref := c.s.requestDone(done, ctx)
	st := status(c.s.call(&agentv1.Call{Op: &agentv1.Call_Connect{Connect: &agentv1.ConnectRequest{Connector: c.h, Params: cp, Done: ref}}}))
	c.s.unregisterUnlessPending(ref, st)
	return st
}

func (c *connector) ConnectWithSharedEndpoint(se ndk.SharedEndpoint, p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	cp, ok := connectParams(c.s, p)
	seh := handleIn(c.s, se)
	if !ok || (se != nil && seh == nil) {
		return ndk.StatusInvalidParameter
	}
	ref := c.s.requestDone(done, ctx)
	st := status(c.s.call(&agentv1.Call{Op: &agentv1.Call_ConnectWithSharedEndpoint{ConnectWithSharedEndpoint: &agentv1.ConnectWithSharedEndpointRequest{
		Connector: c.h, SharedEndpoint: seh, Params: cp, Done: ref}}}))
	c.s.unregisterUnlessPending(ref, st)
	return st
}

func (c *connector) onDisconnect(f ndk.DisconnectEventCallback, ctx any) *agentv1.CallbackRef {
	if f == nil {
		return nil
	}
	return c.keep(func(*agentv1.Callback) { f(ctx) })
}

func (c *connector) CompleteConnect(onDisconnect ndk.DisconnectEventCallback, disconnectCtx any, done ndk.RequestCompletion, ctx any) ndk.Status {
	od := c.onDisconnect(onDisconnect, disconnectCtx)
	ref := c.s.requestDone(done, ctx)
	st := status(c.s.call(&agentv1.Call{Op: &agentv1.Call_CompleteConnect{CompleteConnect: &agentv1.CompleteConnectRequest{Connector: c.h, OnDisconnect: od, Done: ref}}}))
	c.s.unregisterUnlessPending(ref, st)
	return st
}

func (c *connector) Accept(p ndk.AcceptParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	req := &agentv1.AcceptRequest{Connector: c.h, InboundReadLimit: p.InboundReadLimit, OutboundReadLimit: p.OutboundReadLimit}
	if p.QP != nil {
		if req.Qp = handleIn(c.s, p.QP); req.Qp == nil {
			return ndk.StatusInvalidParameter
		}
	}
	if p.PrivateData != nil {
		req.PrivateData = append([]byte{}, p.PrivateData...)
	}
	req.OnDisconnect = c.onDisconnect(p.OnDisconnect, p.DisconnectContext)
	ref := c.s.requestDone(done, ctx)
	req.Done = ref
	st := status(c.s.call(&agentv1.Call{Op: &agentv1.Call_Accept{Accept: req}}))
	c.s.unregisterUnlessPending(ref, st)
	return st
}

func (c *connector) Reject(privateData []byte) ndk.Status {
	req := &agentv1.RejectRequest{Connector: c.h}
	if privateData != nil {
		req.PrivateData = append([]byte{}, privateData...)
	}
	return status(c.s.call(&agentv1.Call{Op: &agentv1.Call_Reject{Reject: req}}))
}

func (c *connector) GetConnectionData(buf []byte) (ndk.ConnectionData, ndk.Status) {
	req := &agentv1.GetConnectionDataRequest{Connector: c.h}
	if buf != nil {
		n := uint32(len(buf))
		req.BufferLength = &n
	}
	r := c.s.call(&agentv1.Call{Op: &agentv1.Call_GetConnectionData{GetConnectionData: req}})
	if r == nil {
		return ndk.ConnectionData{}, errStatus
	}
	g := r.GetGetConnectionData()
	copy(buf, g.GetPrivateData())
	return ndk.ConnectionData{InboundReadLimit: g.GetInboundReadLimit(), OutboundReadLimit: g.GetOutboundReadLimit(),
		PrivateDataLength: int(g.GetPrivateDataLength())}, status(r)
}

func (c *connector) GetLocalAddress() (netip.AddrPort, ndk.Status) {
	r := c.s.call(&agentv1.Call{Op: &agentv1.Call_GetLocalAddress{GetLocalAddress: &agentv1.GetLocalAddressRequest{Connector: c.h}}})
	return parseAddrPort(r.GetGetLocalAddress().GetAddress()), status(r)
}

func (c *connector) GetPeerAddress() (netip.AddrPort, ndk.Status) {
	r := c.s.call(&agentv1.Call{Op: &agentv1.Call_GetPeerAddress{GetPeerAddress: &agentv1.GetPeerAddressRequest{Connector: c.h}}})
	return parseAddrPort(r.GetGetPeerAddress().GetAddress()), status(r)
}

func (c *connector) Disconnect(done ndk.RequestCompletion, ctx any) ndk.Status {
	ref := c.s.requestDone(done, ctx)
	st := status(c.s.call(&agentv1.Call{Op: &agentv1.Call_Disconnect{Disconnect: &agentv1.DisconnectRequest{Connector: c.h, Done: ref}}}))
	c.s.unregisterUnlessPending(ref, st)
	return st
}

// connectorEx is a connector that is an ndk.ConnectorEx at the agent (its
// handle has connector_ex, since protocol 1.4). A connector of an agent
// before 1.4, or of a provider without NDKPI 2.1's calls, is a connector
// only: to the harness, a provider without the Ex calls.
type connectorEx struct{ *connector }

func (c *connectorEx) onDisconnectEx(f ndk.DisconnectEventCallbackEx, ctx any) *agentv1.CallbackRef {
	if f == nil {
		return nil
	}
	return c.keep(func(cb *agentv1.Callback) { f(ctx, cb.GetDisconnectEventEx().GetProviderDisconnectReason()) })
}

func (c *connectorEx) CompleteConnectEx(onDisconnect ndk.DisconnectEventCallbackEx, disconnectCtx any, done ndk.RequestCompletion, ctx any) ndk.Status {
	od := c.onDisconnectEx(onDisconnect, disconnectCtx)
	ref := c.s.requestDone(done, ctx)
	st := status(c.s.call(&agentv1.Call{Op: &agentv1.Call_CompleteConnectEx{CompleteConnectEx: &agentv1.CompleteConnectExRequest{Connector: c.h, OnDisconnect: od, Done: ref}}}))
	c.s.unregisterUnlessPending(ref, st)
	return st
}

func (c *connectorEx) AcceptEx(p ndk.AcceptExParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	req := &agentv1.AcceptExRequest{Connector: c.h, InboundReadLimit: p.InboundReadLimit, OutboundReadLimit: p.OutboundReadLimit}
	if p.QP != nil {
		if req.Qp = handleIn(c.s, p.QP); req.Qp == nil {
			return ndk.StatusInvalidParameter
		}
	}
	if p.PrivateData != nil {
		req.PrivateData = append([]byte{}, p.PrivateData...)
	}
	req.OnDisconnect = c.onDisconnectEx(p.OnDisconnect, p.DisconnectContext)
	ref := c.s.requestDone(done, ctx)
	req.Done = ref
	st := status(c.s.call(&agentv1.Call{Op: &agentv1.Call_AcceptEx{AcceptEx: req}}))
	c.s.unregisterUnlessPending(ref, st)
	return st
}

// --- Listener

type listener struct{ object }

func (l *listener) Listen(local netip.AddrPort, done ndk.RequestCompletion, ctx any) ndk.Status {
	ref := l.s.requestDone(done, ctx)
	st := status(l.s.call(&agentv1.Call{Op: &agentv1.Call_Listen{Listen: &agentv1.ListenRequest{Listener: l.h, Local: addrPortToProto(local), Done: ref}}}))
	l.s.unregisterUnlessPending(ref, st)
	return st
}

func (l *listener) GetLocalAddress() (netip.AddrPort, ndk.Status) {
	r := l.s.call(&agentv1.Call{Op: &agentv1.Call_GetListenerLocalAddress{GetListenerLocalAddress: &agentv1.GetListenerLocalAddressRequest{Listener: l.h}}})
	return parseAddrPort(r.GetGetListenerLocalAddress().GetAddress()), status(r)
}

func (l *listener) ControlConnectEvents(pause bool) {
	l.s.call(&agentv1.Call{Op: &agentv1.Call_ControlConnectEvents{ControlConnectEvents: &agentv1.ControlConnectEventsRequest{Listener: l.h, Pause: pause}}})
}

// --- SharedEndpoint

type sharedEndpoint struct{ object }

func (e *sharedEndpoint) GetLocalAddress() (netip.AddrPort, ndk.Status) {
	r := e.s.call(&agentv1.Call{Op: &agentv1.Call_GetSharedEndpointLocalAddress{GetSharedEndpointLocalAddress: &agentv1.GetSharedEndpointLocalAddressRequest{SharedEndpoint: e.h}}})
	return parseAddrPort(r.GetGetSharedEndpointLocalAddress().GetAddress()), status(r)
}

var (
	_ ndk.Adapter        = (*adapter)(nil)
	_ ndk.CQ             = (*cq)(nil)
	_ ndk.PD             = (*pd)(nil)
	_ ndk.QP             = (*qp)(nil)
	_ ndk.SRQ            = (*srq)(nil)
	_ ndk.MR             = (*mr)(nil)
	_ ndk.MW             = (*mw)(nil)
	_ ndk.Connector      = (*connector)(nil)
	_ ndk.ConnectorEx    = (*connectorEx)(nil)
	_ ndk.Listener       = (*listener)(nil)
	_ ndk.SharedEndpoint = (*sharedEndpoint)(nil)
)
