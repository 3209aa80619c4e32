package remote

import (
	"net/netip"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// object is what every remote object has: its session and handle.
type object struct {
	s *session
	h *agentv1.Handle
}

func (o *object) handle() *agentv1.Handle { return o.h }

func (o *object) ObjectType() ndk.ObjectType { return ndk.ObjectType(o.h.GetKind()) }

// Close is NdkCloseObject over CloseObject.
func (o *object) Close(done ndk.CloseCompletion, ctx any) ndk.Status {
	var ref *agentv1.CallbackRef
	if done != nil {
		ref = o.s.register(true, func(*agentv1.Callback) { done(ctx) })
	}
	st := status(o.s.call(&agentv1.Call{Op: &agentv1.Call_CloseObject{CloseObject: &agentv1.CloseObjectRequest{Object: o.h, Done: ref}}}))
	o.s.unregisterUnlessPending(ref, st)
	return st
}

// handled is a remote object (what a call's parameters must be).
type handled interface{ handle() *agentv1.Handle }

// wrap makes the remote object of a handle (nil for none, or for a kind
// this driver does not implement yet).
func (s *session) wrap(h *agentv1.Handle) ndk.Object {
	if h == nil {
		return nil
	}
	o := object{s: s, h: h}
	switch h.GetKind() {
	case agentv1.HandleKind_HANDLE_KIND_CQ:
		return &cq{o}
	case agentv1.HandleKind_HANDLE_KIND_PD:
		return &pd{o}
	case agentv1.HandleKind_HANDLE_KIND_QP:
		return &qp{o}
	case agentv1.HandleKind_HANDLE_KIND_CONNECTOR:
		return &connector{o}
	case agentv1.HandleKind_HANDLE_KIND_LISTENER:
		return &listener{o}
	case agentv1.HandleKind_HANDLE_KIND_SHARED_ENDPOINT:
		return &sharedEndpoint{o}
	}
	return nil
}

// createDone registers a CreateCompletion.
func (s *session) createDone(done ndk.CreateCompletion, ctx any) *agentv1.CallbackRef {
	if done == nil {
		return nil
	}
	return s.register(true, func(cb *agentv1.Callback) {
		c := cb.GetCreateCompletion()
		done(ctx, ndk.Status(c.GetStatus()), s.wrap(c.GetObject()))
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

// created finishes a create call: the object with STATUS_SUCCESS.
func created[T any](s *session, r *agentv1.CallReturn, ref *agentv1.CallbackRef, h *agentv1.Handle) (T, ndk.Status) {
	var zero T
	st := status(r)
	s.unregisterUnlessPending(ref, st)
	if st != ndk.StatusSuccess {
		return zero, st
	}
	obj, ok := s.wrap(h).(T)
	if !ok {
		return zero, errStatus
	}
	return obj, st
}

// --- adapter

type adapter struct {
	s *session
	h *agentv1.Handle
}

func (a *adapter) Close() {
	a.s.call(&agentv1.Call{Op: &agentv1.Call_CloseAdapter{CloseAdapter: &agentv1.CloseAdapterRequest{Adapter: a.h}}})
}

func (a *adapter) QueryAdapterInfo() (ndk.AdapterInfo, ndk.Status) {
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_QueryAdapterInfo{QueryAdapterInfo: &agentv1.QueryAdapterInfoRequest{Adapter: a.h}}})
	st := status(r)
	if st != ndk.StatusSuccess {
		return ndk.AdapterInfo{}, st
	}
	return adapterInfoFromProto(r.GetQueryAdapterInfo().GetInfo()), st
}

func (a *adapter) CreateCQ(p ndk.CQParams, done ndk.CreateCompletion, ctx any) (ndk.CQ, ndk.Status) {
	var notify *agentv1.CallbackRef
	if p.Notify != nil {
		// Kept for the CQ's life (NOT YET forgotten when it closes).
		notify = a.s.register(false, func(cb *agentv1.Callback) {
			p.Notify(p.NotifyContext, ndk.Status(cb.GetCqNotification().GetCqStatus()))
		})
	}
	ref := a.s.createDone(done, ctx)
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_CreateCq{CreateCq: &agentv1.CreateCqRequest{Adapter: a.h, Depth: p.Depth, Notify: notify, Done: ref}}})
	return created[ndk.CQ](a.s, r, ref, r.GetCreateCq().GetCq())
}

func (a *adapter) CreatePD(done ndk.CreateCompletion, ctx any) (ndk.PD, ndk.Status) {
	ref := a.s.createDone(done, ctx)
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_CreatePd{CreatePd: &agentv1.CreatePdRequest{Adapter: a.h, Done: ref}}})
	return created[ndk.PD](a.s, r, ref, r.GetCreatePd().GetPd())
}

func (a *adapter) CreateSharedEndpoint(local netip.AddrPort, done ndk.CreateCompletion, ctx any) (ndk.SharedEndpoint, ndk.Status) {
	ref := a.s.createDone(done, ctx)
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_CreateSharedEndpoint{CreateSharedEndpoint: &agentv1.CreateSharedEndpointRequest{Adapter: a.h, Local: addrPortToProto(local), Done: ref}}})
	return created[ndk.SharedEndpoint](a.s, r, ref, r.GetCreateSharedEndpoint().GetSharedEndpoint())
}

func (a *adapter) CreateConnector(done ndk.CreateCompletion, ctx any) (ndk.Connector, ndk.Status) {
	ref := a.s.createDone(done, ctx)
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_CreateConnector{CreateConnector: &agentv1.CreateConnectorRequest{Adapter: a.h, Done: ref}}})
	return created[ndk.Connector](a.s, r, ref, r.GetCreateConnector().GetConnector())
}

func (a *adapter) CreateListener(onConnect ndk.ConnectEventCallback, connectCtx any, done ndk.CreateCompletion, ctx any) (ndk.Listener, ndk.Status) {
	var oc *agentv1.CallbackRef
	if onConnect != nil {
		// Kept for the listener's life (NOT YET forgotten when it closes).
		oc = a.s.register(false, func(cb *agentv1.Callback) {
			c, _ := a.s.wrap(cb.GetConnectEvent().GetConnector()).(ndk.Connector)
			onConnect(connectCtx, c)
		})
	}
	ref := a.s.createDone(done, ctx)
	r := a.s.call(&agentv1.Call{Op: &agentv1.Call_CreateListener{CreateListener: &agentv1.CreateListenerRequest{Adapter: a.h, OnConnect: oc, Done: ref}}})
	return created[ndk.Listener](a.s, r, ref, r.GetCreateListener().GetListener())
}

// BuildLAM is NOT YET IMPLEMENTED (agent memory is not served yet).
func (a *adapter) BuildLAM(buf []byte, lam *ndk.LAM, done ndk.RequestCompletion, ctx any) ndk.Status {
	return ndk.StatusNotSupported
}

// ReleaseLAM is NOT YET IMPLEMENTED: it does nothing.
func (a *adapter) ReleaseLAM(lam *ndk.LAM) {}

// --- CQ: only creation and Close are implemented yet.

type cq struct{ object }

// Resize is NOT YET IMPLEMENTED.
func (c *cq) Resize(uint32, ndk.RequestCompletion, any) ndk.Status { return ndk.StatusNotSupported }

// Arm is NOT YET IMPLEMENTED: it does nothing.
func (c *cq) Arm(ndk.CQNotifyType) {}

// GetResults is NOT YET IMPLEMENTED: it returns no result.
func (c *cq) GetResults([]ndk.Result) int { return 0 }

// GetResultsEx is NOT YET IMPLEMENTED: it returns no result.
func (c *cq) GetResultsEx([]ndk.ResultEx) int { return 0 }

// ControlInterruptModeration is NOT YET IMPLEMENTED.
func (c *cq) ControlInterruptModeration(uint32, uint32) ndk.Status { return ndk.StatusNotSupported }

// --- PD: CreateQP and Close are implemented.

type pd struct{ object }

func handleOf(o any) *agentv1.Handle {
	if h, ok := o.(handled); ok {
		return h.handle()
	}
	return nil
}

func (p *pd) CreateQP(params ndk.QPParams, done ndk.CreateCompletion, ctx any) (ndk.QP, ndk.Status) {
	qpp := &agentv1.QpParams{
		ReceiveQueueDepth:      params.ReceiveQueueDepth,
		InitiatorQueueDepth:    params.InitiatorQueueDepth,
		MaxReceiveRequestSge:   params.MaxReceiveRequestSGE,
		MaxInitiatorRequestSge: params.MaxInitiatorRequestSGE,
		InlineDataSize:         params.InlineDataSize,
		// NOT YET: params.Context is not carried (a context id for it is
		// needed once CQ results are served); the agent's QP has a nil
		// QPContext.
	}
	if params.ReceiveCQ != nil {
		if qpp.ReceiveCq = handleOf(params.ReceiveCQ); qpp.ReceiveCq == nil {
			return nil, ndk.StatusInvalidParameter
		}
	}
	if params.InitiatorCQ != nil {
		if qpp.InitiatorCq = handleOf(params.InitiatorCQ); qpp.InitiatorCq == nil {
			return nil, ndk.StatusInvalidParameter
		}
	}
	ref := p.s.createDone(done, ctx)
	r := p.s.call(&agentv1.Call{Op: &agentv1.Call_CreateQp{CreateQp: &agentv1.CreateQpRequest{Pd: p.h, Params: qpp, Done: ref}}})
	return created[ndk.QP](p.s, r, ref, r.GetCreateQp().GetQp())
}

// CreateQPWithSRQ is NOT YET IMPLEMENTED.
func (p *pd) CreateQPWithSRQ(ndk.QPParams, ndk.SRQ, ndk.CreateCompletion, any) (ndk.QP, ndk.Status) {
	return nil, ndk.StatusNotSupported
}

// CreateSRQ is NOT YET IMPLEMENTED.
func (p *pd) CreateSRQ(ndk.SRQParams, ndk.CreateCompletion, any) (ndk.SRQ, ndk.Status) {
	return nil, ndk.StatusNotSupported
}

// CreateMR is NOT YET IMPLEMENTED.
func (p *pd) CreateMR(bool, ndk.CreateCompletion, any) (ndk.MR, ndk.Status) {
	return nil, ndk.StatusNotSupported
}

// CreateMW is NOT YET IMPLEMENTED.
func (p *pd) CreateMW(ndk.CreateCompletion, any) (ndk.MW, ndk.Status) {
	return nil, ndk.StatusNotSupported
}

// PrivilegedMemoryRegionToken is NOT YET IMPLEMENTED: it returns 0.
func (p *pd) PrivilegedMemoryRegionToken() uint32 { return 0 }

// --- QP: only creation, Close and its use in Connect/Accept are
// implemented; every work request is NOT YET IMPLEMENTED.

type qp struct{ object }

// Flush is NOT YET IMPLEMENTED: it does nothing.
func (q *qp) Flush() {}

// Receive is NOT YET IMPLEMENTED.
func (q *qp) Receive(any, []ndk.SGE) ndk.Status { return ndk.StatusNotSupported }

// Send is NOT YET IMPLEMENTED.
func (q *qp) Send(any, []ndk.SGE, uint32) ndk.Status { return ndk.StatusNotSupported }

// SendAndInvalidate is NOT YET IMPLEMENTED.
func (q *qp) SendAndInvalidate(any, []ndk.SGE, uint32, uint32) ndk.Status {
	return ndk.StatusNotSupported
}

// Write is NOT YET IMPLEMENTED.
func (q *qp) Write(any, []ndk.SGE, uint64, uint32, uint32) ndk.Status { return ndk.StatusNotSupported }

// Read is NOT YET IMPLEMENTED.
func (q *qp) Read(any, []ndk.SGE, uint64, uint32, uint32) ndk.Status { return ndk.StatusNotSupported }

// Bind is NOT YET IMPLEMENTED.
func (q *qp) Bind(any, ndk.MR, ndk.MW, uint64, uint64, uint32) ndk.Status {
	return ndk.StatusNotSupported
}

// FastRegister is NOT YET IMPLEMENTED.
func (q *qp) FastRegister(any, ndk.MR, []uint64, uint32, uint64, uint64, uint32) ndk.Status {
	return ndk.StatusNotSupported
}

// Invalidate is NOT YET IMPLEMENTED.
func (q *qp) Invalidate(any, ndk.Object, uint32) ndk.Status { return ndk.StatusNotSupported }

// --- Connector

type connector struct{ object }

func connectParams(p ndk.ConnectParams) (*agentv1.ConnectParams, bool) {
	cp := &agentv1.ConnectParams{Source: addrPortToProto(p.Source), Destination: addrPortToProto(p.Destination),
		InboundReadLimit: p.InboundReadLimit, OutboundReadLimit: p.OutboundReadLimit}
	if p.QP != nil {
		if cp.Qp = handleOf(p.QP); cp.Qp == nil {
			return nil, false
		}
	}
	if p.PrivateData != nil {
		cp.PrivateData = append([]byte{}, p.PrivateData...)
	}
	return cp, true
}

func (c *connector) Connect(p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	cp, ok := connectParams(p)
	if !ok {
		return ndk.StatusInvalidParameter
	}
	ref := c.s.requestDone(done, ctx)
	st := status(c.s.call(&agentv1.Call{Op: &agentv1.Call_Connect{Connect: &agentv1.ConnectRequest{Connector: c.h, Params: cp, Done: ref}}}))
	c.s.unregisterUnlessPending(ref, st)
	return st
}

func (c *connector) ConnectWithSharedEndpoint(se ndk.SharedEndpoint, p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	cp, ok := connectParams(p)
	seh := handleOf(se)
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
	// Kept for the connector's life (NOT YET forgotten when it closes).
	return c.s.register(false, func(*agentv1.Callback) { f(ctx) })
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
		if req.Qp = handleOf(p.QP); req.Qp == nil {
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

// ControlConnectEvents is NOT YET IMPLEMENTED: it does nothing.
func (l *listener) ControlConnectEvents(bool) {}

// --- SharedEndpoint

type sharedEndpoint struct{ object }

func (e *sharedEndpoint) GetLocalAddress() (netip.AddrPort, ndk.Status) {
	r := e.s.call(&agentv1.Call{Op: &agentv1.Call_GetSharedEndpointLocalAddress{GetSharedEndpointLocalAddress: &agentv1.GetSharedEndpointLocalAddressRequest{SharedEndpoint: e.h}}})
	return parseAddrPort(r.GetGetSharedEndpointLocalAddress().GetAddress()), status(r)
}

var (
	_ ndk.Provider        = (*Provider)(nil)
	_ ndk.TimeoutDeclarer = (*Provider)(nil)
	_ ndk.Adapter         = (*adapter)(nil)
	_ ndk.CQ              = (*cq)(nil)
	_ ndk.PD              = (*pd)(nil)
	_ ndk.QP              = (*qp)(nil)
	_ ndk.Connector       = (*connector)(nil)
	_ ndk.Listener        = (*listener)(nil)
	_ ndk.SharedEndpoint  = (*sharedEndpoint)(nil)
)
