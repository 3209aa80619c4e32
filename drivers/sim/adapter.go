package sim

import (
	"net/netip"

	"github.com/ndkconform/ndkconform/ndk"
)

// adapter is an NDK adapter opened on one simulated host. Several adapters
// of a host share the host's endpoint table.
type adapter struct {
	f    *fabric
	host *host

	// Guarded by f.mu.
	objects int  // objects created and not yet closed (close completed)
	cbs     int  // consumer callbacks scheduled or running
	closed  bool // Close has returned
}

// Close implements ndk.Adapter: it blocks until every object of the adapter
// is closed and every callback has returned (LT-22).
func (a *adapter) Close() {
	f := a.f
	f.mu.Lock()
	for a.objects > 0 || a.cbs > 0 {
		f.cond.Wait()
	}
	a.closed = true
	f.mu.Unlock()
}

// QueryAdapterInfo implements ndk.Adapter.
func (a *adapter) QueryAdapterInfo() (ndk.AdapterInfo, ndk.Status) {
	return a.f.info, ndk.StatusSuccess
}

// create runs mk under the lock and completes the create in the mode of the
// call. mk returns the new object (as the interface T), its object part,
// and the status; on failure it returns the zero T and a nil object.
func create[T ndk.Object](a *adapter, done ndk.CreateCompletion, ctx any, mk func() (T, *object, ndk.Status)) (T, ndk.Status) {
	f := a.f
	m := f.pick(done != nil)
	f.mu.Lock()
	v, o, st := mk()
	f.mu.Unlock()
	var zero T
	if m == modeInline {
		if st != ndk.StatusSuccess {
			return zero, st
		}
		return v, st
	}
	var obj ndk.Object
	if st == ndk.StatusSuccess {
		obj = v
	}
	cb := func() { done(ctx, st, obj) }
	if m == modeDeferred {
		f.mu.Lock()
		f.spawnLocked(a, o, cb)
		f.mu.Unlock()
	} else {
		f.callNow(a, o, cb)
	}
	return zero, ndk.StatusPending
}

// CreatePD implements ndk.Adapter.
func (a *adapter) CreatePD(done ndk.CreateCompletion, ctx any) (ndk.PD, ndk.Status) {
	return create(a, done, ctx, func() (ndk.PD, *object, ndk.Status) {
		p := &pd{}
		p.initLocked(a, ndk.ObjectTypePD, nil)
		return p, &p.object, ndk.StatusSuccess
	})
}

// CreateCQ implements ndk.Adapter.
func (a *adapter) CreateCQ(params ndk.CQParams, done ndk.CreateCompletion, ctx any) (ndk.CQ, ndk.Status) {
	return create(a, done, ctx, func() (ndk.CQ, *object, ndk.Status) {
		if params.Depth < 1 || params.Depth > a.f.info.MaxCQDepth {
			return nil, nil, ndk.StatusInvalidParameter
		}
		c := &cq{depth: params.Depth, notify: params.Notify, notifyCtx: params.NotifyContext}
		c.initLocked(a, ndk.ObjectTypeCQ, nil)
		return c, &c.object, ndk.StatusSuccess
	})
}

// CreateSharedEndpoint implements ndk.Adapter.
func (a *adapter) CreateSharedEndpoint(local netip.AddrPort, done ndk.CreateCompletion, ctx any) (ndk.SharedEndpoint, ndk.Status) {
	return create(a, done, ctx, func() (ndk.SharedEndpoint, *object, ndk.Status) {
		ep, st := a.f.bindLocked(a.host, local)
		if st != ndk.StatusSuccess {
			return nil, nil, st
		}
		s := &sharedEndpoint{ep: ep}
		s.initLocked(a, ndk.ObjectTypeSharedEndpoint, s)
		return s, &s.object, ndk.StatusSuccess
	})
}

// CreateConnector implements ndk.Adapter.
func (a *adapter) CreateConnector(done ndk.CreateCompletion, ctx any) (ndk.Connector, ndk.Status) {
	return create(a, done, ctx, func() (ndk.Connector, *object, ndk.Status) {
		c := newConnectorLocked(a)
		return c, &c.object, ndk.StatusSuccess
	})
}

// CreateListener implements ndk.Adapter. A nil onConnect is accepted; such
// a listener refuses every incoming request.
func (a *adapter) CreateListener(onConnect ndk.ConnectEventCallback, connectCtx any, done ndk.CreateCompletion, ctx any) (ndk.Listener, ndk.Status) {
	return create(a, done, ctx, func() (ndk.Listener, *object, ndk.Status) {
		l := &listener{onConnect: onConnect, connectCtx: connectCtx}
		l.initLocked(a, ndk.ObjectTypeListener, l)
		return l, &l.object, ndk.StatusSuccess
	})
}

// pd is NDK_PD.
type pd struct {
	object
}

// CreateQP implements ndk.PD.
func (p *pd) CreateQP(params ndk.QPParams, done ndk.CreateCompletion, ctx any) (ndk.QP, ndk.Status) {
	a := p.ad
	return create(a, done, ctx, func() (ndk.QP, *object, ndk.Status) {
		info := &a.f.info
		rcq, ok1 := params.ReceiveCQ.(*cq)
		icq, ok2 := params.InitiatorCQ.(*cq)
		switch {
		case !ok1 || !ok2 || rcq == nil || icq == nil,
			rcq.ad != a || icq.ad != a || rcq.closing || icq.closing || p.closing,
			params.ReceiveQueueDepth > info.MaxReceiveQueueDepth,
			params.InitiatorQueueDepth > info.MaxInitiatorQueueDepth,
			params.MaxReceiveRequestSGE > info.MaxReceiveRequestSGE,
			params.MaxInitiatorRequestSGE > info.MaxInitiatorRequestSGE,
			params.InlineDataSize > info.MaxInlineDataSize:
			return nil, nil, ndk.StatusInvalidParameter
		}
		q := &qp{pd: p, rcq: rcq, icq: icq, params: params}
		q.initLocked(a, ndk.ObjectTypeQP, nil, &p.object, &rcq.object, &icq.object)
		return q, &q.object, ndk.StatusSuccess
	})
}

// cq is NDK_CQ. The data path (results, arming, notification) comes later.
type cq struct {
	object
	depth     uint32
	notify    ndk.CQNotificationCallback
	notifyCtx any
}

// qp is NDK_QP. The data path (work requests) comes later.
type qp struct {
	object
	pd       *pd
	rcq, icq *cq
	params   ndk.QPParams
	owner    *connector // the connector the QP is bound to, nil if none
}
