//go:build rxe && cgo

package rxe

import (
	"errors"
	"net/netip"
	"syscall"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// Time-outs of rdma_cm's address and route resolution, in milliseconds.
const resolveTimeoutMS = 2000

// listenBacklog is rdma_listen's backlog.
const listenBacklog = 1024

// newBoundIDLocked creates an rdma_cm id with context h and binds it: to
// shared (a shared endpoint's address, with REUSEADDR: many ids share it),
// or to a new endpoint of kind at src (port 0: an ephemeral port of the
// provider's table, retried if rdma_cm has it in use).
func (ad *adapter) newBoundIDLocked(h uint64, src netip.AddrPort, kind epKind, shared *endpoint) (*cmID, *endpoint, ndk.Status) {
	ports := ad.p.ports
	for range 64 {
		ep := shared
		if ep == nil {
			var st ndk.Status
			if ep, st = ports.bind(src, kind); st != ndk.StatusSuccess {
				return nil, nil, st
			}
		}
		id, err := createID(ad.ch, h)
		if err == nil && shared != nil {
			err = setReuseAddr(id)
		}
		if err == nil {
			if err = bindID(id, ep.addr); err == nil {
				return id, ep, ndk.StatusSuccess
			}
		}
		if id != nil {
			destroyID(id)
		}
		if shared == nil {
			ports.unref(ep)
		}
		if err == syscall.EADDRINUSE && shared == nil && src.Port() == 0 {
			continue // taken outside the provider: try the next ephemeral port
		}
		return nil, nil, statusOf(err)
	}
	return nil, nil, ndk.StatusTooManyAddresses
}

// listener is NDK_LISTENER on a listening rdma_cm id. Its endpoint holds a
// reference for the listener until its close is issued, and one for each
// connector of its connect events until that connector's close completes
// (LC-8..LC-16).
type listener struct {
	object
	onConnect  ndk.ConnectEventCallback
	connectCtx any

	ep     *endpoint // set by Listen
	id     *cmID
	handle uint64
	paused bool
}

// Listen implements ndk.Listener. The endpoint is reserved and the
// rdma_cm id bound at once; rdma_listen runs on a provider goroutine and
// NdkListen completes through its callback (STATUS_PENDING), or inline
// without a callback.
func (l *listener) Listen(local netip.AddrPort, done ndk.RequestCompletion, ctx any) ndk.Status {
	ad := l.ad
	if !ad.hasAddr(local.Addr()) {
		return ndk.StatusInvalidAddress
	}
	p := ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if l.closing || l.ep != nil {
		return ndk.StatusInvalidDeviceState
	}
	h := p.handleLocked(l)
	id, ep, st := ad.newBoundIDLocked(h, local, epListener, nil)
	if st != ndk.StatusSuccess {
		delete(p.handles, h)
		return st
	}
	l.id, l.ep, l.handle = id, ep, h
	if done == nil {
		return l.listenLocked()
	}
	l.runPendingLocked(done, ctx, l.listenLocked)
	return ndk.StatusPending
}

// listenLocked is rdma_listen on the bound id; a failure releases the id
// and the endpoint.
func (l *listener) listenLocked() ndk.Status {
	p := l.ad.p
	if err := listenID(l.id, listenBacklog); err != nil {
		destroyID(l.id)
		p.ports.unref(l.ep)
		delete(p.handles, l.handle)
		l.id, l.ep = nil, nil
		return statusOf(err)
	}
	return ndk.StatusSuccess
}

// GetLocalAddress implements ndk.Listener.
func (l *listener) GetLocalAddress() (netip.AddrPort, ndk.Status) {
	p := l.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if l.ep == nil {
		return netip.AddrPort{}, ndk.StatusInvalidDeviceState
	}
	return l.ep.addr, ndk.StatusSuccess
}

// ControlConnectEvents implements ndk.Listener: while paused, requests are
// rejected as rdma_cm rejects them when no one listens (CN-6).
func (l *listener) ControlConnectEvents(pause bool) {
	p := l.ad.p
	p.mu.Lock()
	l.paused = pause
	p.mu.Unlock()
}

// onEventLocked implements cmOwner: a listening id has no event of its own
// (connect requests come through onRequestLocked).
func (l *listener) onEventLocked(cmEvent) {}

// onRequestLocked handles a CONNECT_REQUEST: a new passive connector,
// delivered through the connect event callback.
func (l *listener) onRequestLocked(ev cmEvent) {
	ad, p := l.ad, l.ad.p
	if l.closing || l.paused || l.onConnect == nil || l.ep == nil {
		rejectID(ev.id, nil) // LC-16, CN-6: refused as if no one listened
		destroyID(ev.id)
		return
	}
	c := &connector{passive: true, state: stRequested, id: ev.id, ep: l.ep}
	p.ports.ref(l.ep)
	c.handle = p.handleLocked(c)
	setContext(ev.id, c.handle)
	c.local, c.peer, c.addrValid = l.ep.addr, peerAddr(ev.id), true
	c.pdata, c.hasData = ev.pdata, true
	c.peerRR, c.peerID = ev.rr, ev.ideph
	c.inLimit, c.outLimit = uint32(ev.rr), uint32(ev.ideph)
	ad.registerLocked(&c.object, ndk.ObjectTypeConnector, c, &l.object)
	onConnect, ctx := l.onConnect, l.connectCtx
	ad.spawnLocked(&l.object, func() { onConnect(ctx, c) })
}

func (l *listener) beginCloseLocked() {
	p := l.ad.p
	if l.id != nil {
		destroyID(l.id) // no request reaches the listener from now on (LC-16)
		delete(p.handles, l.handle)
		l.id = nil
	}
	if l.ep != nil {
		p.ports.unref(l.ep) // the listener's own reference
	}
}

func (l *listener) releaseLocked() {}

// sharedEndpoint is NDK_SHARED_ENDPOINT: an entry of the provider's port
// table. It holds a reference until its close is issued; each connector
// connected over it holds one until its close completes.
type sharedEndpoint struct {
	object
	ep *endpoint
}

// GetLocalAddress implements ndk.SharedEndpoint.
func (s *sharedEndpoint) GetLocalAddress() (netip.AddrPort, ndk.Status) {
	return s.ep.addr, ndk.StatusSuccess
}

func (s *sharedEndpoint) beginCloseLocked() { s.ad.p.ports.unref(s.ep) }
func (s *sharedEndpoint) releaseLocked()    {}

// connState is where a connector is in the NDK connection life cycle.
type connState int

const (
	stIdle           connState = iota
	stResolvingAddr            // active: rdma_resolve_addr issued
	stResolvingRoute           // active: rdma_resolve_route issued
	stConnecting               // active: the REQ is sent
	stConnected                // active: the REP came, NdkConnect completed; waiting for NdkCompleteConnect or NdkReject
	stRequested                // passive: from a connect event
	stAccepting                // passive: the REP is sent, waiting for the RTU
	stEstablished              // connected both ways
	stDisconnecting            // NdkDisconnect sent the DREQ and waits for the peer
	stDisconnected             // the connection is over: disconnected, aborted, or the peer gave up
	stRejected                 // NdkReject was called
	stClosed                   // the close was issued
)

// connector is NDK_CONNECTOR on an rdma_cm id. NdkConnect's three-way
// handshake maps onto rdma_cm without an rdma_cm QP: the QP is the NDK QP,
// moved to RTS by the provider; NdkConnect completes at the REP
// (CONNECT_RESPONSE), NdkCompleteConnect sends the RTU (rdma_establish) and
// NdkReject after NdkConnect sends a REJ; NdkAccept completes at the RTU
// (ESTABLISHED).
type connector struct {
	object
	passive bool
	state   connState
	id      *cmID
	handle  uint64

	ep     *endpoint       // the endpoint reference the connector holds
	se     *sharedEndpoint // NdkConnectWithSharedEndpoint
	remote netip.AddrPort  // the destination of NdkConnect
	q      *qp

	local, peer netip.AddrPort
	addrValid   bool

	sendData          []byte // the private data of NdkConnect
	reqIn, reqOut     uint8  // the read limits NdkConnect asked for, capped
	pdata             []byte // the peer's private data (REQ, REP or REJ)
	hasData           bool
	peerRR, peerID    uint8
	inLimit, outLimit uint32

	connectReq, acceptReq, discReq *pending
	onDisc                         ndk.DisconnectEventCallback
	onDiscEx                       ndk.DisconnectEventCallbackEx // registered with NdkCompleteConnectEx or NdkAcceptEx
	discCtx                        any
	localDisc                      bool
	abortWait                      chan struct{} // closed when the peer answers the DREQ of a host gone down (faults.go)
}

// Connect implements ndk.Connector.
func (c *connector) Connect(p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	return c.connect(nil, p, done, ctx)
}

// ConnectWithSharedEndpoint implements ndk.Connector.
func (c *connector) ConnectWithSharedEndpoint(se ndk.SharedEndpoint, p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	s, ok := se.(*sharedEndpoint)
	if !ok || s == nil || s.ad != c.ad {
		return ndk.StatusInvalidParameter
	}
	return c.connect(s, p, done, ctx)
}

func (c *connector) connect(se *sharedEndpoint, params ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	ad, p := c.ad, c.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if c.closing || c.passive || c.state != stIdle {
		return ndk.StatusInvalidDeviceState
	}
	q, ok := params.QP.(*qp)
	if !ok || q == nil || q.ad != ad || q.closing || q.conn != nil {
		return ndk.StatusInvalidParameter
	}
	if len(params.PrivateData) > reqPrivateData {
		return ndk.StatusInvalidParameter
	}
	dst := normalize(params.Destination)
	if !dst.Addr().IsValid() || dst.Addr().IsUnspecified() || dst.Port() == 0 {
		return ndk.StatusInvalidParameter
	}
	h := p.handleLocked(c)
	var id *cmID
	var ep *endpoint
	st := ndk.StatusSuccess
	if se != nil {
		if se.closing {
			st = ndk.StatusInvalidParameter
		} else if se.ep.addr.Addr().Is4() != dst.Addr().Is4() {
			st = ndk.StatusInvalidAddress
		} else if !se.ep.addRemote(dst) {
			st = ndk.StatusAddressAlreadyExists // CN-3
		} else {
			if id, ep, st = ad.newBoundIDLocked(h, se.ep.addr, epShared, se.ep); st != ndk.StatusSuccess {
				se.ep.dropRemote(dst)
			} else {
				p.ports.ref(ep)
			}
		}
	} else {
		src := normalize(params.Source)
		switch {
		case !ad.hasAddr(src.Addr()):
			st = ndk.StatusInvalidAddress // CN-1
		case src.Addr().Is4() != dst.Addr().Is4():
			st = ndk.StatusInvalidAddress
		default:
			id, ep, st = ad.newBoundIDLocked(h, src, epConnector, nil)
		}
	}
	if st != ndk.StatusSuccess {
		delete(p.handles, h)
		return st
	}
	if err := resolveAddr(id, dst, resolveTimeoutMS); err != nil {
		destroyID(id)
		delete(p.handles, h)
		p.ports.unref(ep)
		if se != nil {
			se.ep.dropRemote(dst)
		}
		return addrStatus(err)
	}
	info := ad.dev.info
	c.state, c.id, c.handle, c.ep, c.se, c.remote, c.q = stResolvingAddr, id, h, ep, se, dst, q
	c.local, c.peer, c.addrValid = ep.addr, dst, true
	c.sendData = append([]byte(nil), params.PrivateData...)
	c.reqIn = uint8(min(params.InboundReadLimit, info.MaxInboundReadLimit))
	c.reqOut = uint8(min(params.OutboundReadLimit, info.MaxOutboundReadLimit))
	c.pdata, c.hasData = nil, false
	q.conn = c
	linkLocked(&c.object, &q.object)
	if se != nil {
		linkLocked(&c.object, &se.object)
	}
	c.connectReq = c.holdLocked(done, ctx)
	return ndk.StatusPending
}

// addrStatus maps a failure of address resolution.
func addrStatus(err error) ndk.Status {
	switch err {
	case syscall.ENETUNREACH:
		return ndk.StatusNetworkUnreachable
	case syscall.EADDRNOTAVAIL, syscall.ENODEV:
		return ndk.StatusInvalidAddress
	case syscall.ETIMEDOUT, syscall.EHOSTUNREACH, syscall.ENOENT:
		return ndk.StatusHostUnreachable
	}
	return statusOf(err)
}

// eventErr is the errno of a negative event status.
func eventErr(status int) error {
	if status < 0 {
		return syscall.Errno(-status)
	}
	return syscall.Errno(0)
}

// dropIDLocked destroys the connector's rdma_cm id.
func (c *connector) dropIDLocked() {
	if c.abortWait != nil {
		close(c.abortWait)
		c.abortWait = nil
	}
	if c.id != nil {
		destroyID(c.id)
		delete(c.ad.p.handles, c.handle)
		c.id = nil
	}
}

// releaseEndpointLocked drops the connector's endpoint reference.
func (c *connector) releaseEndpointLocked() {
	p := c.ad.p
	if c.se != nil {
		c.se.ep.dropRemote(c.remote)
		p.unlinkLocked(&c.object, &c.se.object)
		c.se = nil
	}
	if c.ep != nil {
		p.ports.unref(c.ep)
		c.ep = nil
	}
}

// releaseQPLocked unbinds the connector's QP (reset for another
// connection).
func (c *connector) releaseQPLocked() {
	if q := c.q; q != nil {
		q.conn = nil
		q.resetLocked()
		c.q = nil
		c.ad.p.unlinkLocked(&c.object, &q.object)
	}
}

// failConnectLocked ends a failed NdkConnect: the connector is idle again
// and may connect anew; its endpoint and QP are released.
func (c *connector) failConnectLocked(st ndk.Status) {
	c.dropIDLocked()
	c.releaseEndpointLocked()
	c.releaseQPLocked()
	c.state = stIdle
	c.addrValid = false
	r := c.connectReq
	c.connectReq = nil
	c.completeLocked(r, st)
}

// failAcceptLocked ends a failed NdkAccept.
func (c *connector) failAcceptLocked(st ndk.Status) {
	c.state = stDisconnected
	c.releaseQPLocked()
	r := c.acceptReq
	c.acceptReq = nil
	c.completeLocked(r, st)
}

// onEventLocked implements cmOwner.
func (c *connector) onEventLocked(ev cmEvent) {
	if c.id == nil || c.state == stClosed {
		return
	}
	switch ev.typ {
	case evAddrResolved:
		if c.state != stResolvingAddr {
			return
		}
		if err := resolveRoute(c.id, resolveTimeoutMS); err != nil {
			c.failConnectLocked(addrStatus(err))
			return
		}
		c.state = stResolvingRoute
	case evAddrError:
		if c.state == stResolvingAddr {
			c.failConnectLocked(addrStatus(eventErr(ev.status)))
		}
	case evRouteResolved:
		if c.state != stResolvingRoute {
			return
		}
		if err := connectID(c.id, c.q.num, c.reqIn, c.reqOut, c.sendData); err != nil {
			c.failConnectLocked(statusOf(err))
			return
		}
		c.state = stConnecting
	case evRouteError:
		if c.state == stResolvingRoute {
			c.failConnectLocked(ndk.StatusHostUnreachable)
		}
	case evConnectResponse:
		if c.state != stConnecting {
			return
		}
		c.pdata, c.hasData = ev.pdata, true
		// This side's view: rr is the peer's outbound limit, ideph its inbound.
		c.inLimit = uint32(min(c.reqIn, ev.rr))
		c.outLimit = uint32(min(c.reqOut, ev.ideph))
		c.q.resetLocked() // a QP flushed (NdkFlush) before it connects
		c.q.dirty = true
		if err := qpReady(c.id, c.q.qp); err != nil {
			rejectID(c.id, nil)
			c.failConnectLocked(ndk.StatusConnectionAborted)
			return
		}
		c.state = stConnected
		r := c.connectReq
		c.connectReq = nil
		c.completeLocked(r, ndk.StatusSuccess)
	case evRejected:
		switch c.state {
		case stConnecting:
			c.pdata, c.hasData = ev.pdata, true
			c.failConnectLocked(ndk.StatusConnectionRefused) // CN-3
		case stAccepting:
			c.failAcceptLocked(ndk.StatusConnectionAborted) // CN-8: the connecting peer gave up
		case stConnected, stRequested:
			c.state = stDisconnected
		}
	case evUnreachable, evConnectError:
		st := ndk.StatusConnectionAborted
		if ev.status == -int(syscall.ETIMEDOUT) {
			st = ndk.StatusIOTimeout
		}
		switch c.state {
		case stResolvingAddr, stResolvingRoute, stConnecting:
			if ev.typ == evUnreachable && st != ndk.StatusIOTimeout {
				st = ndk.StatusHostUnreachable
			}
			c.failConnectLocked(st)
		case stAccepting:
			c.failAcceptLocked(st)
		case stConnected:
			c.state = stDisconnected
		}
	case evEstablished:
		if c.state == stAccepting {
			c.state = stEstablished
			r := c.acceptReq
			c.acceptReq = nil
			c.completeLocked(r, ndk.StatusSuccess)
		}
	case evDisconnected:
		disconnectID(c.id) // answer the peer's DREQ (DS-3, DS-4 at the peer)
		if c.abortWait != nil {
			close(c.abortWait)
			c.abortWait = nil
		}
		switch c.state {
		case stDisconnecting:
			st := ndk.StatusSuccess
			switch {
			case ev.status == -int(syscall.ETIMEDOUT):
				st = ndk.StatusIOTimeout // CN-17
			case ev.status != 0:
				st = ndk.StatusConnectionAborted
			}
			c.endDisconnectLocked(st)
		case stEstablished:
			// The peer disconnected: one indication (DS-6, CN-15); the
			// QP is not flushed (CN-16).
			c.state = stDisconnected
			c.indicateLocked()
		case stAccepting:
			c.failAcceptLocked(ndk.StatusConnectionAborted)
		case stConnected:
			c.state = stDisconnected
		}
	}
}

// flushLocked moves the QP to the error state: its requests complete as
// flushed.
func (c *connector) flushLocked() {
	if c.q != nil && c.q.qp != nil {
		qpState(c.q.qp, qpsErr)
	}
}

// discReg is the disconnect event callback NdkCompleteConnect or NdkAccept
// (cb), or their Ex forms (cbEx), register; either may be nil.
type discReg struct {
	cb   ndk.DisconnectEventCallback
	cbEx ndk.DisconnectEventCallbackEx
	ctx  any
}

// CompleteConnect implements ndk.Connector: the RTU; it completes inline.
func (c *connector) CompleteConnect(onDisc ndk.DisconnectEventCallback, discCtx any, _ ndk.RequestCompletion, _ any) ndk.Status {
	return c.completeConnect(discReg{cb: onDisc, ctx: discCtx})
}

// CompleteConnectEx implements ndk.ConnectorEx (NDKPI 2.1): CompleteConnect
// with an NdkDisconnectEventCallbackEx.
func (c *connector) CompleteConnectEx(onDisc ndk.DisconnectEventCallbackEx, discCtx any, _ ndk.RequestCompletion, _ any) ndk.Status {
	return c.completeConnect(discReg{cbEx: onDisc, ctx: discCtx})
}

func (c *connector) completeConnect(reg discReg) ndk.Status {
	p := c.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case c.closing:
		return ndk.StatusInvalidDeviceState
	case c.passive:
		return ndk.StatusConnectionInvalid
	case c.state == stDisconnected:
		return ndk.StatusConnectionAborted // CN-7: the accepting peer gave up
	case c.state != stConnected:
		return ndk.StatusConnectionInvalid // CN-7
	}
	if err := establishID(c.id); err != nil {
		c.state = stDisconnected
		return ndk.StatusConnectionAborted
	}
	c.state = stEstablished
	c.onDisc, c.onDiscEx, c.discCtx = reg.cb, reg.cbEx, reg.ctx
	return ndk.StatusSuccess
}

// Accept implements ndk.Connector: the REP; it completes at the RTU.
func (c *connector) Accept(params ndk.AcceptParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	return c.accept(params, discReg{cb: params.OnDisconnect, ctx: params.DisconnectContext}, done, ctx)
}

// AcceptEx implements ndk.ConnectorEx (NDKPI 2.1): Accept with an
// NdkDisconnectEventCallbackEx.
func (c *connector) AcceptEx(params ndk.AcceptExParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	ap := ndk.AcceptParams{QP: params.QP, InboundReadLimit: params.InboundReadLimit, OutboundReadLimit: params.OutboundReadLimit,
		PrivateData: params.PrivateData}
	return c.accept(ap, discReg{cbEx: params.OnDisconnect, ctx: params.DisconnectContext}, done, ctx)
}

// accept is NdkAccept and NdkAcceptEx: params' OnDisconnect and
// DisconnectContext are ignored for reg.
func (c *connector) accept(params ndk.AcceptParams, reg discReg, done ndk.RequestCompletion, ctx any) ndk.Status {
	ad, p := c.ad, c.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case c.closing || !c.passive:
		return ndk.StatusInvalidDeviceState
	case c.state == stDisconnected:
		return ndk.StatusConnectionAborted
	case c.state != stRequested:
		return ndk.StatusInvalidDeviceState
	}
	q, ok := params.QP.(*qp)
	if !ok || q == nil || q.ad != ad || q.closing || q.conn != nil {
		return ndk.StatusInvalidParameter
	}
	info := ad.dev.info
	if len(params.PrivateData) > int(info.MaxCalleeData) {
		return ndk.StatusInvalidParameter
	}
	in := uint8(min(params.InboundReadLimit, info.MaxInboundReadLimit, uint32(c.peerRR)))
	out := uint8(min(params.OutboundReadLimit, info.MaxOutboundReadLimit, uint32(c.peerID)))
	q.resetLocked() // a QP flushed (NdkFlush) before it connects
	q.dirty = true
	err := qpReady(c.id, q.qp)
	if err == nil {
		err = acceptID(c.id, q.num, in, out, params.PrivateData)
	}
	if err != nil {
		q.resetLocked()
		// The parameters were checked above, so an EINVAL comes from the
		// kernel's CM: its cm_id left REQ_RCVD because the connecting side
		// gave up before rdma_cm told us (its REJ arrived), and both
		// rdma_init_qp_attr and rdma_accept refuse it (CN-8).
		if errors.Is(err, syscall.EINVAL) {
			return ndk.StatusConnectionAborted
		}
		return statusOf(err)
	}
	c.q = q
	q.conn = c
	linkLocked(&c.object, &q.object)
	c.inLimit, c.outLimit = uint32(in), uint32(out)
	c.onDisc, c.onDiscEx, c.discCtx = reg.cb, reg.cbEx, reg.ctx
	c.state = stAccepting
	c.acceptReq = c.holdLocked(done, ctx)
	return ndk.StatusPending
}

// Reject implements ndk.Connector: a REJ, on the passive side before
// NdkAccept or on the active side after NdkConnect completed (CN-9).
func (c *connector) Reject(privateData []byte) ndk.Status {
	p := c.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	limit := int(c.ad.dev.info.MaxCalleeData)
	if !c.passive {
		limit = int(c.ad.dev.info.MaxCallerData)
	}
	switch {
	case c.closing:
		return ndk.StatusInvalidDeviceState
	case len(privateData) > limit:
		return ndk.StatusInvalidParameter
	case c.state == stDisconnected && (c.passive || c.q != nil):
		return ndk.StatusConnectionAborted // CN-9: the peer gave up
	case c.passive && c.state == stRequested, !c.passive && c.state == stConnected:
	default:
		return ndk.StatusConnectionInvalid
	}
	if err := rejectID(c.id, privateData); err != nil {
		// The state checks above passed, so an EINVAL comes from the
		// kernel's CM: its cm_id left REQ_RCVD (or REP_RCVD) because the
		// peer gave up before rdma_cm told us (its connector closed with
		// the connect pending sends a REJ, or its REQ timed out): CN-9.
		if errors.Is(err, syscall.EINVAL) {
			return ndk.StatusConnectionAborted
		}
		return statusOf(err)
	}
	c.state = stRejected
	c.dropIDLocked()
	c.releaseQPLocked()
	return ndk.StatusSuccess
}

// GetConnectionData implements ndk.Connector.
func (c *connector) GetConnectionData(buf []byte) (ndk.ConnectionData, ndk.Status) {
	p := c.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if !c.hasData {
		return ndk.ConnectionData{}, ndk.StatusConnectionInvalid
	}
	cd := ndk.ConnectionData{InboundReadLimit: c.inLimit, OutboundReadLimit: c.outLimit, PrivateDataLength: len(c.pdata)}
	if buf == nil {
		return cd, ndk.StatusSuccess // CN-11
	}
	copy(buf, c.pdata)
	if len(buf) < len(c.pdata) {
		return cd, ndk.StatusBufferTooSmall // CN-13
	}
	return cd, ndk.StatusSuccess
}

// GetLocalAddress implements ndk.Connector.
func (c *connector) GetLocalAddress() (netip.AddrPort, ndk.Status) {
	p := c.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if !c.addrValid {
		return netip.AddrPort{}, ndk.StatusConnectionInvalid
	}
	return c.local, ndk.StatusSuccess
}

// GetPeerAddress implements ndk.Connector.
func (c *connector) GetPeerAddress() (netip.AddrPort, ndk.Status) {
	p := c.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if !c.addrValid {
		return netip.AddrPort{}, ndk.StatusConnectionInvalid
	}
	return c.peer, ndk.StatusSuccess
}

// Disconnect implements ndk.Connector: rdma_disconnect (a DREQ); it
// completes when the peer answers (the DISCONNECTED event of the DREP) or
// the handshake times out (STATUS_IO_TIMEOUT, CN-17).
func (c *connector) Disconnect(done ndk.RequestCompletion, ctx any) ndk.Status {
	p := c.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case c.closing:
		return ndk.StatusInvalidDeviceState
	case c.state == stDisconnected && !c.localDisc && c.q != nil:
		// The peer disconnected first and was answered: the connection
		// is already closed; flush the QP (QP-22).
		c.localDisc = true
		c.flushLocked()
		return ndk.StatusSuccess
	case c.state != stEstablished:
		return ndk.StatusConnectionInvalid
	}
	c.state, c.localDisc = stDisconnecting, true
	c.discReq = c.holdLocked(done, ctx)
	q := c.q
	if q == nil || q.qp == nil {
		if err := disconnectID(c.id); err != nil {
			c.discReq = nil
			c.busy--
			c.state = stDisconnected
			return statusOf(err)
		}
	} else {
		// DS-5: the DREQ goes once the requests already posted are done.
		// A signaled zero-length RDMA Write posted behind them completes
		// after them (RC completes in order); the provider polls for it.
		marker := make(chan struct{})
		if err := q.postMarkerLocked(marker); err != nil {
			close(marker)
		}
		go c.disconnectAfter(q, marker, q.sendOutstandingLocked())
	}
	c.armDisconnectTimeoutLocked()
	return ndk.StatusPending
}

// disconnectAfter sends the DREQ once marker is closed. With a send
// outstanding (sends waits for its peer consumer's receive, which may never
// come: DS-12 lets the disconnect be less than graceful then) it sends it
// after 2 s at most; otherwise it waits for the requests as long as the
// disconnect lasts (its time-out ends it): an RDMA Read or Write on a slow
// link may take seconds, and DS-5 forbids completing before it landed.
func (c *connector) disconnectAfter(q *qp, marker chan struct{}, sends bool) {
	p := c.ad.p
	deadline := time.Now().Add(2 * time.Second)
	for {
		p.mu.Lock()
		if c.state != stDisconnecting || c.discReq == nil {
			p.mu.Unlock() // the disconnect ended meanwhile (its time-out)
			return
		}
		p.pollIntoLocked(q.icq)
		select {
		case <-marker:
		default:
			if !sends || time.Now().Before(deadline) {
				p.mu.Unlock()
				time.Sleep(time.Millisecond)
				continue
			}
		}
		if c.state == stDisconnecting && c.id != nil && c.discReq != nil {
			if err := disconnectID(c.id); err != nil {
				c.endDisconnectLocked(statusOf(err))
			}
		}
		p.mu.Unlock()
		return
	}
}

// armDisconnectTimeoutLocked bounds the pending NdkDisconnect: after
// disconnect-timeout without the peer's answer it completes with
// STATUS_IO_TIMEOUT (CN-17), the QP is flushed and the connection closed
// (DS-10); the DREQ is sent then if the wait for posted requests held it.
// rdma_cm alone keeps retrying a DREQ for about 100 s (measured on rxe);
// its late DISCONNECTED event finds the connection over already.
func (c *connector) armDisconnectTimeoutLocked() {
	r := c.discReq
	p := c.ad.p
	time.AfterFunc(p.discTimeout, func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if c.discReq != r || c.state != stDisconnecting {
			return
		}
		if c.id != nil {
			disconnectID(c.id) // fails harmlessly when the DREQ went already
		}
		c.endDisconnectLocked(ndk.StatusIOTimeout)
	})
}

// endDisconnectLocked completes the pending NdkDisconnect with st: the
// connection is over and the QP flushed (QP-22, DS-10), and the copies of
// remotely writable MRs are synchronized.
func (c *connector) endDisconnectLocked(st ndk.Status) {
	c.state = stDisconnected
	c.flushLocked()
	c.ad.p.syncRemoteLocked()
	r := c.discReq
	c.discReq = nil
	c.completeLocked(r, st)
}

// indicateLocked delivers the disconnect indication (DS-6, CN-15), unless
// the connector is being closed.
//
// An NdkDisconnectEventCallbackEx gets ProviderDisconnectReason 0, "did not
// provide one": rdma_cm's RDMA_CM_EVENT_DISCONNECTED carries no reason (an
// IB CM DREQ has none), so the provider has none to give.
func (c *connector) indicateLocked() {
	if c.closing {
		return
	}
	switch ctx := c.discCtx; {
	case c.onDiscEx != nil:
		cb := c.onDiscEx
		c.ad.spawnLocked(&c.object, func() { cb(ctx, 0) })
	case c.onDisc != nil:
		cb := c.onDisc
		c.ad.spawnLocked(&c.object, func() { cb(ctx) })
	}
}

var _ ndk.ConnectorEx = (*connector)(nil)

// beginCloseLocked cancels what is pending (LT-26) and ends the connection:
// destroying the rdma_cm id sends a DREQ to a connected peer (whose
// indication follows, DS-2) or a REJ to one still connecting.
func (c *connector) beginCloseLocked() {
	c.dropIDLocked()
	if r := c.connectReq; r != nil {
		c.connectReq = nil
		c.completeLocked(r, ndk.StatusCancelled)
	}
	if r := c.acceptReq; r != nil {
		c.acceptReq = nil
		c.completeLocked(r, ndk.StatusCancelled)
	}
	if r := c.discReq; r != nil {
		c.discReq = nil
		c.completeLocked(r, ndk.StatusCancelled)
	}
	c.state = stClosed
}

// releaseLocked drops the endpoint reference and unbinds the QP once the
// close can complete (LC-18, LC-19, LC-22).
func (c *connector) releaseLocked() {
	c.dropIDLocked()
	if c.se != nil {
		c.se.ep.dropRemote(c.remote)
		c.se = nil // the link to it goes with the other antecedents
	}
	if c.ep != nil {
		c.ad.p.ports.unref(c.ep)
		c.ep = nil
	}
	if q := c.q; q != nil {
		q.conn = nil
		q.resetLocked()
		c.q = nil
	}
}
