package sim

import (
	"net/netip"
	"slices"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// cstate is a connector's place in the connection handshake.
type cstate uint8

const (
	stIdle         cstate = iota // active: not connected (new, or the last attempt failed)
	stConnecting                 // active: Connect pending, the peer has not answered
	stAccepted                   // active: Connect succeeded; CompleteConnect or Reject next
	stIncoming                   // passive: from a connect event; Accept or Reject next
	stAccepting                  // passive: Accept pending until the peer's CompleteConnect
	stConnected                  // both: connection established
	stDisconnected               // both: Disconnect called
	stDead                       // passive: rejected, or the connecting peer gave up
)

// lateCallbackDelay is how long after a connector's close the late-callback
// variant calls its disconnect callback again.
const lateCallbackDelay = 2 * time.Millisecond

// connector is NDK_CONNECTOR. An active connector (CreateConnector) connects
// with Connect or ConnectWithSharedEndpoint; a passive one is created by the
// sim for an incoming request and delivered by its listener's connect event.
type connector struct {
	object
	passive bool
	state   cstate

	// Antecedents besides the adapter, each also in object.parents.
	listener *listener       // passive: the listener it arrived on
	se       *sharedEndpoint // active over a shared endpoint, while connecting or connected
	q        *qp             // bound QP, while connecting or connected

	ep            *endpoint // the local endpoint this connector holds a reference on
	local, remote netip.AddrPort
	inTuples      bool // (local, remote) is in fabric.tuples

	peer     *connector
	peerGone bool // the peer gave up while the handshake was in progress
	timedOut bool // active: set-up timed out at the accepting peer (its Accept waited connect-timeout for CompleteConnect)
	leakPort bool // variant second-connect-leaks-port: the close keeps the endpoint

	reqIn, reqOut   uint32 // own read limits, capped by the adapter maxima
	peerIn, peerOut uint32 // the peer's
	data            []byte // connection private data received, RDS bytes; nil if none

	connReq, acceptReq *request
	acceptTimer        *time.Timer // passive: connect-timeout for the peer's CompleteConnect (CN-8)

	onDisc   ndk.DisconnectEventCallback
	onDiscEx ndk.DisconnectEventCallbackEx // registered with NdkCompleteConnectEx or NdkAcceptEx (ex.go)
	discCtx  any
	ex       bool // the disconnect event callback (possibly none) was registered with an Ex call

	// Connect to an unresponsive host (active side).
	held      bool        // the connect request is held at the destination host
	heldData  []byte      // its private data
	connTimer *time.Timer // connect-timeout while held

	// The disconnect scheme (disconnect.go).
	gotNotice bool        // the peer's graceful-disconnect notice arrived
	indicated bool        // the disconnect event was delivered, or is due, or was suppressed: at most one (CN-15)
	aborted   bool        // the connection was aborted: the peer's host went down, the peer closed, QP-16
	down      bool        // the connection is fully closed on this side: NdkDisconnect completed, or the close was issued (DS-10)
	outbox    []cmKind    // messages to the peer, held until the QP's DMA engine is idle
	discReq   *request    // the pending NdkDisconnect
	discSt    ndk.Status  // its outcome, once decided
	decided   bool        // discSt is set
	discTimer *time.Timer // disconnect-timeout, from the moment the notice went out
}

func newConnectorLocked(a *adapter) *connector {
	c := &connector{}
	c.initLocked(a, ndk.ObjectTypeConnector, c)
	return c
}

func pad(b []byte, n uint32) []byte {
	out := make([]byte, n)
	copy(out, b)
	return out
}

// Connect implements ndk.Connector.
func (c *connector) Connect(p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	return c.connect(false, nil, p, done, ctx)
}

// ConnectWithSharedEndpoint implements ndk.Connector.
func (c *connector) ConnectWithSharedEndpoint(se ndk.SharedEndpoint, p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	return c.connect(true, se, p, done, ctx)
}

func (c *connector) connect(withSE bool, se ndk.SharedEndpoint, p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	f := c.ad.f
	m := f.pick(done != nil)
	if done != nil && f.wildcardPends(p.Destination.Addr().WithZone("")) {
		m = modeDeferred // the variants' connect returns STATUS_PENDING
	}
	f.mu.Lock()
	st := c.startConnectLocked(withSE, se, p, m, done, ctx)
	r := c.connReq
	f.mu.Unlock()
	// VARIANT second-connect-completes-twice (breaks CR-4): the refused
	// second connect returns STATUS_PENDING and completes twice.
	if f.variant == VariantSecondConnectCompletesTwice && st == ndk.StatusConnectionActive && done != nil {
		f.completeNow(&c.object, modeDeferred, done, ctx, st)
		return f.completeNow(&c.object, modeDeferred, done, ctx, st)
	}
	if st != ndk.StatusPending {
		return f.completeNow(&c.object, m, done, ctx, st)
	}
	return f.await(&c.object, r)
}

// startConnectLocked checks a connect request and sends it to the listener.
// It returns STATUS_PENDING with c.connReq set, or the final status.
func (c *connector) startConnectLocked(withSE bool, se ndk.SharedEndpoint, p ndk.ConnectParams, m mode, done ndk.RequestCompletion, ctx any) ndk.Status {
	f, a := c.ad.f, c.ad
	info := &f.info
	if c.passive || c.closing {
		return ndk.StatusInvalidDeviceState
	}
	switch {
	case c.state == stDisconnected || c.state == stConnected && (c.aborted || c.down):
		// Choice: a connector whose connection ended is not reused (DS-9).
		return ndk.StatusConnectionInvalid
	case c.state != stIdle:
		// VARIANT second-connect-leaks-port (breaks LC-18, LC-19): marks
		// the connector whose endpoint its close keeps (releaseLocked).
		if f.variant == VariantSecondConnectLeaksPort {
			c.leakPort = true
		}
		return ndk.StatusConnectionActive
	}
	q, ok := p.QP.(*qp)
	if !ok || q == nil || q.ad != a || q.closing || q.owner != nil || q.spent {
		// Choice: a QP bound to another connector, or that was part of an
		// established connection (DS-9), is an invalid parameter.
		return ndk.StatusInvalidParameter
	}
	// VARIANT private-data-off-by-one (breaks OV-1): a connect request
	// takes one byte more than MaxCallerData (the extra byte is dropped).
	callerMax := int(info.MaxCallerData)
	if f.variant == VariantPrivateDataOffByOne {
		callerMax++
	}
	if len(p.PrivateData) > callerMax {
		return ndk.StatusInvalidParameter
	}
	var s *sharedEndpoint
	if withSE {
		s, ok = se.(*sharedEndpoint)
		if !ok || s == nil || s.ad != a || s.closing {
			return ndk.StatusInvalidParameter
		}
	}
	if !p.Destination.IsValid() {
		return ndk.StatusInvalidParameter
	}
	dst := netip.AddrPortFrom(p.Destination.Addr().WithZone(""), p.Destination.Port())

	// The local endpoint: the shared one, or a new dedicated one.
	var ep *endpoint
	sharedEp := false // variant connect-shares-endpoint
	if s != nil {
		ep = s.ep
		if ep.addr.Addr().Is4() != dst.Addr().Is4() {
			return ndk.StatusInvalidAddress
		}
	} else {
		src := p.Source
		if !src.IsValid() || !a.host.owns(src.Addr().WithZone("")) || src.Addr().Is4() != dst.Addr().Is4() {
			// VARIANT wrong-address-status (breaks CN-1).
			if f.variant == VariantWrongAddressStatus && src.IsValid() && src.Addr().Is4() == dst.Addr().Is4() {
				return ndk.StatusInvalidParameter
			}
			return ndk.StatusInvalidAddress
		}
		// VARIANT connect-shares-endpoint (breaks LC-4, LC-17): a connect
		// from port 0 reuses the endpoint of the previous such connect, if
		// it is still bound.
		if prev := a.host.connEp; f.variant == VariantConnectSharesEndpoint && src.Port() == 0 &&
			prev != nil && !prev.released && prev.addr.Addr() == src.Addr().WithZone("") {
			ep = prev
			ep.refs++
			sharedEp = true
		} else {
			var st ndk.Status
			if ep, st = f.bindLocked(a.host, src); st != ndk.StatusSuccess {
				return st
			}
			if src.Port() == 0 {
				a.host.connEp = ep
			}
		}
	}
	fail := func(st ndk.Status) ndk.Status {
		// VARIANT wildcard-connect-leaks-port (breaks LC-18, LC-19): the
		// endpoint of a failed connect to no host's address stays bound.
		if s == nil && !(f.variant == VariantWildcardConnectLeaksPort && noHost(dst.Addr())) {
			f.unrefLocked(ep) // LC-19: the dedicated endpoint goes with the failed connect
		}
		return st
	}
	key := tuple{ep.addr, dst}
	// VARIANT shared-tuple-unchecked (breaks CN-3): no 4-tuple check for a
	// connect over a shared endpoint.
	if _, dup := f.tuples[key]; dup && !sharedEp && (s == nil || f.variant != VariantSharedTupleUnchecked) {
		return fail(ndk.StatusAddressAlreadyExists)
	}
	// VARIANT unreachable-refused (breaks CN-3): a connect from or to a
	// host that is down is refused, as if the peer had answered.
	if a.host.state == ndk.HostDown {
		if f.variant == VariantUnreachableRefused {
			return fail(ndk.StatusConnectionRefused)
		}
		return fail(ndk.StatusNetworkUnreachable)
	}
	dh := f.hostOf(dst.Addr())
	if dh == a.host && !f.loopback {
		// An adapter without NDK_ADAPTER_FLAG_LOOPBACK_CONNECTIONS_SUPPORTED
		// (option loopback=off) cannot reach its own host's addresses.
		return fail(ndk.StatusHostUnreachable)
	}
	if dh == nil && !f.wildcardPends(dst.Addr()) || dh != nil && dh.state == ndk.HostDown {
		if f.variant == VariantUnreachableRefused {
			return fail(ndk.StatusConnectionRefused)
		}
		return fail(ndk.StatusHostUnreachable)
	}
	// VARIANT wildcard-connect-never-completes, wildcard-close-leaves-connect
	// (break CR-4, LT-23): a connect to no host's address stays pending,
	// no answer to come.
	if dh == nil && f.wildcardPends(dst.Addr()) {
		c.activateLocked(s, ep, dst, q, key, p, m, done, ctx)
		return ndk.StatusPending
	}
	var lep *endpoint
	if dh.state != ndk.HostUnresponsive {
		lep = dh.eps[dst]
		// VARIANT no-listener-wrong-status (breaks CN-3): no listener on
		// the port gives STATUS_HOST_UNREACHABLE.
		if f.variant == VariantNoListenerWrongStatus && (lep == nil || lep.listener == nil) {
			return fail(ndk.StatusHostUnreachable)
		}
		if lep == nil || lep.listener == nil || lep.listener.paused || !lep.listener.acceptingLocked() {
			return fail(ndk.StatusConnectionRefused)
		}
	}

	c.activateLocked(s, ep, dst, q, key, p, m, done, ctx)

	if lep == nil {
		// The destination host is unresponsive: the request waits there,
		// unanswered, until the host is up or connect-timeout passes.
		c.held, c.heldData = true, slices.Clone(p.PrivateData)
		dh.held = append(dh.held, cmMsg{kind: cmConnect, from: c})
		r := c.connReq
		c.connTimer = time.AfterFunc(f.connTimeout, func() {
			f.mu.Lock()
			defer f.mu.Unlock()
			if c.held && c.connReq == r {
				c.held = false
				st := ndk.StatusIOTimeout // CN-3
				// VARIANT connect-timeout-wrong-status (breaks CN-3).
				if f.variant == VariantConnectTimeoutWrongStatus {
					st = ndk.StatusUnsuccessful
				}
				f.failConnectLocked(c, st)
			}
		})
		return ndk.StatusPending
	}
	f.offerLocked(c, lep, p.PrivateData)
	return ndk.StatusPending
}

// activateLocked makes c the active side of a connect from ep (over s,
// if not nil) to dst with q, pending as connReq.
func (c *connector) activateLocked(s *sharedEndpoint, ep *endpoint, dst netip.AddrPort, q *qp, key tuple, p ndk.ConnectParams, m mode, done ndk.RequestCompletion, ctx any) {
	f, info := c.ad.f, &c.ad.f.info
	if s != nil {
		ep.refs++ // LC-21
		c.se = s
		linkLocked(&c.object, &s.object)
	}
	c.ep, c.local, c.remote = ep, ep.addr, dst
	q.owner, c.q = c, q
	linkLocked(&c.object, &q.object)
	f.tuples[key] = c
	c.inTuples = true
	c.reqIn = min(p.InboundReadLimit, info.MaxInboundReadLimit)
	c.reqOut = min(p.OutboundReadLimit, info.MaxOutboundReadLimit)
	if f.variant == VariantReadLimitsUncapped {
		c.reqIn, c.reqOut = p.InboundReadLimit, p.OutboundReadLimit
	}
	c.data, c.peerGone, c.timedOut = nil, false, false
	c.state = stConnecting
	c.connReq = newRequest(m, done, ctx)
}

// offerLocked makes the passive side of c's connect request on the
// listener of lep and schedules its connect event.
func (f *fabric) offerLocked(c *connector, lep *endpoint, data []byte) {
	info := &f.info
	l := lep.listener
	// A new connector on the listener's adapter, holding a reference on the
	// listener's endpoint (LC-8).
	pc := newConnectorLocked(l.ad)
	pc.passive, pc.state = true, stIncoming
	pc.listener = l
	linkLocked(&pc.object, &l.object)
	lep.refs++
	pc.ep, pc.local, pc.remote = lep, lep.addr, c.local
	pc.peer, c.peer = c, pc
	pc.reqIn, pc.reqOut = info.MaxInboundReadLimit, info.MaxOutboundReadLimit
	pc.peerIn, pc.peerOut = c.reqIn, c.reqOut
	pc.data = pad(data, info.MaxCallerData)
	f.deliverConnectLocked(l, pc)
}

// deliverHeldConnectLocked delivers c's connect request, held while its
// destination host was unresponsive.
func (f *fabric) deliverHeldConnectLocked(c *connector) {
	if !c.held || c.state != stConnecting || c.connReq == nil {
		return
	}
	c.held = false
	if c.connTimer != nil {
		c.connTimer.Stop()
	}
	dh := f.hostOf(c.remote.Addr())
	lep := dh.eps[c.remote]
	if lep == nil || lep.listener == nil || lep.listener.paused || !lep.listener.acceptingLocked() {
		f.refuseActiveLocked(c, nil)
		return
	}
	f.offerLocked(c, lep, c.heldData)
}

// failConnectLocked completes a's pending Connect with st and returns a to
// idle.
func (f *fabric) failConnectLocked(a *connector, st ndk.Status) {
	if a.state != stConnecting {
		return
	}
	r := a.connReq
	a.connReq = nil
	a.held = false
	f.failActiveLocked(a)
	if r != nil {
		f.resolveLocked(&a.object, r, st)
	}
}

// deliverConnectLocked schedules the connect event for pc on l. If by then
// l no longer accepts (its close was issued) the request is refused; if the
// connecting peer gave up, it is dropped.
func (f *fabric) deliverConnectLocked(l *listener, pc *connector) {
	f.spawnLocked(l.ad, &l.object, func() {
		f.mu.Lock()
		if pc.peerGone || !l.acceptingLocked() {
			if a := pc.peer; a != nil {
				pc.peer = nil
				f.refuseActiveLocked(a, nil)
			}
			f.discardLocked(&pc.object)
			f.mu.Unlock()
			return
		}
		cb, cctx := l.onConnect, l.connectCtx
		hc := pc.handOut()
		f.runEventLocked(&l.object, func() { cb(cctx, hc) })
		f.mu.Unlock()
	})
}

// failActiveLocked ends a failed connect attempt of the active connector a:
// it returns to idle and releases its endpoint, shared endpoint and QP.
func (f *fabric) failActiveLocked(a *connector) {
	a.state = stIdle
	a.peer = nil
	if a.inTuples {
		delete(f.tuples, tuple{a.local, a.remote})
		a.inTuples = false
	}
	if a.ep != nil {
		f.unrefLocked(a.ep)
		a.ep = nil
	}
	if a.se != nil {
		f.unlinkLocked(&a.object, &a.se.object)
		a.se = nil
	}
	f.dropQPLocked(a)
}

// refuseActiveLocked completes a's pending Connect with
// STATUS_CONNECTION_REFUSED. data is the reject private data, if any.
func (f *fabric) refuseActiveLocked(a *connector, data []byte) {
	if a.state != stConnecting {
		return
	}
	if data != nil {
		a.data, a.peerIn, a.peerOut = data, 0, 0
	}
	r := a.connReq
	a.connReq = nil
	f.failActiveLocked(a)
	if r != nil {
		f.resolveLocked(&a.object, r, ndk.StatusConnectionRefused)
	}
}

// abortAcceptLocked completes p's pending Accept with
// STATUS_CONNECTION_ABORTED: the connecting peer gave up.
func (f *fabric) abortAcceptLocked(p *connector) {
	p.state = stDead
	p.peer = nil
	p.stopAcceptTimerLocked()
	f.dropQPLocked(p)
	if r := p.acceptReq; r != nil {
		p.acceptReq = nil
		st := ndk.StatusConnectionAborted
		// VARIANT accept-after-peer-gave-up (breaks CN-8, CN-9): the
		// Accept succeeds although the connecting peer gave up.
		// VARIANT ex-accept-after-peer-gave-up (breaks CN-8): NdkAcceptEx
		// does.
		if f.variant == VariantAcceptAfterPeerGaveUp && !p.ex || f.variant == VariantExAcceptAfterPeerGaveUp && p.ex {
			st = ndk.StatusSuccess
		}
		f.resolveLocked(&p.object, r, st)
	}
}

// timeOutAcceptLocked completes p's pending Accept with STATUS_IO_TIMEOUT:
// the connecting peer did not call NdkCompleteConnect within
// connect-timeout (CN-8). Set-up is over for both: the connecting side's
// NdkCompleteConnect then fails with STATUS_IO_TIMEOUT (CN-7).
func (f *fabric) timeOutAcceptLocked(p *connector) {
	act := p.peer
	p.state = stDead
	p.peer, p.acceptTimer = nil, nil
	f.dropQPLocked(p)
	if act != nil {
		act.peer, act.peerGone, act.timedOut = nil, true, true
	}
	r := p.acceptReq
	p.acceptReq = nil
	st := ndk.StatusIOTimeout
	// VARIANT accept-timeout-wrong-status (breaks CN-8): the time-out is
	// reported as the peer having abandoned the set-up.
	// VARIANT ex-accept-timeout-wrong-status (breaks CN-8): NdkAcceptEx's
	// is.
	if f.variant == VariantAcceptTimeoutWrongStatus && !p.ex || f.variant == VariantExAcceptTimeoutWrongStatus && p.ex {
		st = ndk.StatusConnectionAborted
	}
	f.resolveLocked(&p.object, r, st)
}

func (c *connector) stopAcceptTimerLocked() {
	if c.acceptTimer != nil {
		c.acceptTimer.Stop()
		c.acceptTimer = nil
	}
}

func (f *fabric) dropQPLocked(c *connector) {
	if c.q != nil {
		c.q.owner = nil
		f.unlinkLocked(&c.object, &c.q.object)
		c.q = nil
	}
}

// Accept implements ndk.Connector.
func (c *connector) Accept(p ndk.AcceptParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	return c.accept(p, discReg{cb: p.OnDisconnect, ctx: p.DisconnectContext}, done, ctx)
}

// accept is NdkAccept and NdkAcceptEx: p's OnDisconnect and
// DisconnectContext are ignored for reg.
func (c *connector) accept(p ndk.AcceptParams, reg discReg, done ndk.RequestCompletion, ctx any) ndk.Status {
	f := c.ad.f
	m := f.pick(done != nil)
	f.mu.Lock()
	st := c.startAcceptLocked(p, reg, m, done, ctx)
	r := c.acceptReq
	f.mu.Unlock()
	if st != ndk.StatusPending {
		return f.completeNow(&c.object, m, done, ctx, st)
	}
	return f.await(&c.object, r)
}

func (c *connector) startAcceptLocked(p ndk.AcceptParams, reg discReg, m mode, done ndk.RequestCompletion, ctx any) ndk.Status {
	f, a := c.ad.f, c.ad
	info := &f.info
	q, ok := p.QP.(*qp)
	if !ok || q == nil || q.ad != a || q.closing || q.owner != nil || q.spent {
		return ndk.StatusInvalidParameter
	}
	if len(p.PrivateData) > f.calleeMax() {
		return ndk.StatusInvalidParameter
	}
	if !c.passive || c.state != stIncoming {
		return ndk.StatusConnectionInvalid
	}
	if st := f.exRegistrationStatus(reg); st != ndk.StatusSuccess {
		return st
	}
	act := c.peer
	if c.peerGone || act == nil {
		// VARIANT accept-after-peer-gave-up (breaks CN-8, CN-9).
		// VARIANT ex-accept-after-peer-gave-up (breaks CN-8): the same for
		// NdkAcceptEx.
		if f.variant == VariantAcceptAfterPeerGaveUp && !reg.ex || f.variant == VariantExAcceptAfterPeerGaveUp && reg.ex {
			return ndk.StatusSuccess
		}
		return ndk.StatusConnectionAborted
	}
	q.owner, c.q = c, q
	linkLocked(&c.object, &q.object)
	c.reqIn = min(p.InboundReadLimit, info.MaxInboundReadLimit)
	c.reqOut = min(p.OutboundReadLimit, info.MaxOutboundReadLimit)
	if f.variant == VariantReadLimitsUncapped {
		c.reqIn, c.reqOut = p.InboundReadLimit, p.OutboundReadLimit
	}
	c.registerLocked(reg)
	c.state = stAccepting
	c.acceptReq = newRequest(m, done, ctx)
	r := c.acceptReq
	c.acceptTimer = time.AfterFunc(f.connTimeout, func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		if c.acceptReq == r && c.state == stAccepting {
			f.timeOutAcceptLocked(c)
		}
	})

	// The active side's Connect succeeds.
	act.data = pad(p.PrivateData, info.MaxCalleeData)
	act.peerIn, act.peerOut = c.reqIn, c.reqOut
	act.state = stAccepted
	cr := act.connReq
	act.connReq = nil
	f.resolveLocked(&act.object, cr, ndk.StatusSuccess)
	return ndk.StatusPending
}

// calleeMax is the most private data NdkAccept and the accepting side's
// NdkReject take.
func (f *fabric) calleeMax() int {
	// VARIANT private-data-off-by-one (breaks OV-1): one byte less than
	// MaxCalleeData.
	if f.variant == VariantPrivateDataOffByOne {
		return int(f.info.MaxCalleeData) - 1
	}
	return int(f.info.MaxCalleeData)
}

// CompleteConnect implements ndk.Connector.
func (c *connector) CompleteConnect(onDisconnect ndk.DisconnectEventCallback, disconnectCtx any, done ndk.RequestCompletion, ctx any) ndk.Status {
	return c.completeConnect(discReg{cb: onDisconnect, ctx: disconnectCtx}, done, ctx)
}

// completeConnect is NdkCompleteConnect and NdkCompleteConnectEx.
func (c *connector) completeConnect(reg discReg, done ndk.RequestCompletion, ctx any) ndk.Status {
	f := c.ad.f
	m := f.pick(done != nil)
	f.mu.Lock()
	var st ndk.Status
	// The variants of NdkCompleteConnect break it only, those of
	// NdkCompleteConnectEx (variants_ex.go) it only.
	switch {
	// VARIANT complete-connect-not-connecting (breaks CN-7): on an idle
	// connector NdkCompleteConnect succeeds (and changes nothing).
	// VARIANT ex-complete-connect-not-connecting (breaks CN-7): so does
	// NdkCompleteConnectEx.
	case (f.variant == VariantCompleteConnectNotConnecting && !reg.ex || f.variant == VariantExCompleteConnectNotConnecting && reg.ex) && !c.passive && c.state == stIdle:
		st = ndk.StatusSuccess
	case c.passive || c.state != stAccepted:
		st = ndk.StatusConnectionInvalid
	case f.exRegistrationStatus(reg) != ndk.StatusSuccess:
		st = f.exRegistrationStatus(reg)
	// VARIANT complete-connect-after-timeout (breaks CN-7): NdkCompleteConnect
	// succeeds although set-up timed out at the peer.
	// VARIANT complete-connect-after-peer-gave-up (breaks CN-7): it succeeds
	// although the accepting peer abandoned set-up.
	// VARIANT ex-complete-connect-after-timeout (breaks CN-7): the same of
	// NdkCompleteConnectEx.
	// VARIANT ex-complete-connect-after-peer-gave-up (breaks CN-7): the
	// same of NdkCompleteConnectEx.
	// Either way the connector believes itself connected to nobody.
	case c.timedOut && (f.variant == VariantCompleteConnectAfterTimeout && !reg.ex || f.variant == VariantExCompleteConnectAfterTimeout && reg.ex),
		c.peerGone && !c.timedOut && (f.variant == VariantCompleteConnectAfterPeerGaveUp && !reg.ex || f.variant == VariantExCompleteConnectAfterPeerGaveUp && reg.ex):
		c.state = stConnected
		c.registerLocked(reg)
		c.q.spent = true
		st = ndk.StatusSuccess
	case c.timedOut:
		f.failActiveLocked(c) // set-up is over for this connector (CN-7)
		st = ndk.StatusIOTimeout
	case c.peerGone || c.peer == nil:
		f.failActiveLocked(c)
		st = ndk.StatusConnectionAborted
	default:
		c.state = stConnected
		c.registerLocked(reg)
		p := c.peer
		p.state = stConnected
		p.stopAcceptTimerLocked()
		c.q.spent, p.q.spent = true, true
		r := p.acceptReq
		p.acceptReq = nil
		f.resolveLocked(&p.object, r, ndk.StatusSuccess)
		st = ndk.StatusSuccess
	}
	f.mu.Unlock()
	return f.completeNow(&c.object, m, done, ctx, st)
}

// Reject implements ndk.Connector: on a passive connector before Accept, or
// on an active one whose Connect succeeded, instead of CompleteConnect.
func (c *connector) Reject(privateData []byte) ndk.Status {
	f := c.ad.f
	info := &f.info
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case c.passive && c.state == stIncoming:
		if len(privateData) > f.calleeMax() {
			return ndk.StatusInvalidParameter
		}
		act := c.peer
		if c.peerGone || act == nil {
			// VARIANT reject-after-peer-gave-up (breaks CN-9): the reject
			// of a request whose connecting peer gave up succeeds.
			if f.variant == VariantRejectAfterPeerGaveUp {
				c.state = stDead
				return ndk.StatusSuccess
			}
			return ndk.StatusConnectionAborted
		}
		c.state = stDead
		c.peer = nil
		// VARIANT reject-data-lost (breaks CN-13): the private data does not
		// go with the reject.
		if f.variant == VariantRejectDataLost {
			privateData = nil
		}
		f.refuseActiveLocked(act, pad(privateData, info.MaxCalleeData))
		return ndk.StatusSuccess
	case !c.passive && c.state == stAccepted:
		// VARIANT reject-after-connect-refused (breaks CN-9): the
		// connecting side cannot reject once its NdkConnect completed.
		if f.variant == VariantRejectAfterConnectRefused {
			return ndk.StatusConnectionInvalid
		}
		if len(privateData) > int(info.MaxCallerData) {
			return ndk.StatusInvalidParameter
		}
		if c.peerGone || c.peer == nil {
			f.failActiveLocked(c)
			return ndk.StatusConnectionAborted
		}
		f.abortAcceptLocked(c.peer)
		f.failActiveLocked(c)
		return ndk.StatusSuccess
	}
	return ndk.StatusConnectionInvalid
}

// GetConnectionData implements ndk.Connector (CN-11, CN-13). RDS is
// MaxCallerData for the data of a connect request and MaxCalleeData for the
// data of an accept or reject.
func (c *connector) GetConnectionData(buf []byte) (ndk.ConnectionData, ndk.Status) {
	f := c.ad.f
	f.mu.Lock()
	data := c.data
	cd := ndk.ConnectionData{
		InboundReadLimit:  min(c.reqIn, c.peerOut),
		OutboundReadLimit: min(c.reqOut, c.peerIn),
		PrivateDataLength: len(data),
	}
	// VARIANT read-limits-uncapped (breaks CN-5): the limits asked for,
	// uncapped by the adapter maxima (above) and the peer's limits.
	if f.variant == VariantReadLimitsUncapped {
		cd.InboundReadLimit, cd.OutboundReadLimit = c.reqIn, c.reqOut
	}
	rdsWrong := f.variant == VariantConnectionDataRDSWrong
	f.mu.Unlock()
	if data == nil {
		return ndk.ConnectionData{}, ndk.StatusConnectionInvalid
	}
	// VARIANT connection-data-rds-wrong (breaks CN-11, CN-13): a NULL
	// buffer gets a private data length of 0, a short one STATUS_SUCCESS.
	if buf == nil {
		if rdsWrong {
			cd.PrivateDataLength = 0
		}
		return cd, ndk.StatusSuccess
	}
	copy(buf, data)
	if len(buf) < len(data) && !rdsWrong {
		return cd, ndk.StatusBufferTooSmall
	}
	return cd, ndk.StatusSuccess
}

func (c *connector) hasAddressesLocked() bool {
	switch c.state {
	case stConnecting, stAccepted, stIncoming, stAccepting, stConnected, stDisconnected:
		return true
	}
	return false
}

// GetLocalAddress implements ndk.Connector.
func (c *connector) GetLocalAddress() (netip.AddrPort, ndk.Status) {
	f := c.ad.f
	f.mu.Lock()
	defer f.mu.Unlock()
	if !c.hasAddressesLocked() {
		return netip.AddrPort{}, ndk.StatusConnectionInvalid
	}
	// VARIANT accepted-local-address-wrong (breaks LC-2, LC-3): an
	// accepted connector reports the listener's port + 1.
	// VARIANT shared-endpoint-address-wrong (breaks LC-5, CN-4): a
	// connector over a shared endpoint reports another port than the SE's.
	if f.variant == VariantAcceptedLocalAddressWrong && c.passive ||
		f.variant == VariantSharedEndpointAddressWrong && c.se != nil {
		return netip.AddrPortFrom(c.local.Addr(), c.local.Port()+1), ndk.StatusSuccess
	}
	return c.local, ndk.StatusSuccess
}

// GetPeerAddress implements ndk.Connector.
func (c *connector) GetPeerAddress() (netip.AddrPort, ndk.Status) {
	f := c.ad.f
	f.mu.Lock()
	defer f.mu.Unlock()
	if !c.hasAddressesLocked() {
		return netip.AddrPort{}, ndk.StatusConnectionInvalid
	}
	// VARIANT sync-call-pending (breaks CR-12): the address, with
	// STATUS_PENDING, as if the call were to complete later; it has no
	// completion callback to do so.
	if f.variant == VariantSyncCallPending {
		return c.remote, ndk.StatusPending
	}
	return c.remote, ndk.StatusSuccess
}

// beginCloseLocked cancels c's pending requests and tells the peer. A
// connection that was established ends as closeConnectionLocked says.
func (c *connector) beginCloseLocked() {
	f := c.ad.f
	// VARIANT wildcard-close-leaves-connect (breaks LT-23): the pending
	// connect to no host's address is left pending by the close.
	if r := c.connReq; r != nil && !(f.variant == VariantWildcardCloseLeavesConnect && noHost(c.remote.Addr())) {
		c.connReq = nil
		st := ndk.StatusCancelled
		// VARIANT close-no-cancel (breaks LT-26): the pending Connect
		// completes as aborted, not cancelled.
		if f.variant == VariantCloseNoCancel {
			st = ndk.StatusConnectionAborted
		}
		f.resolveLocked(&c.object, r, st)
	}
	c.held = false
	if c.connTimer != nil {
		c.connTimer.Stop()
	}
	if r := c.acceptReq; r != nil {
		c.acceptReq = nil
		c.stopAcceptTimerLocked()
		f.resolveLocked(&c.object, r, ndk.StatusCancelled)
	}
	if c.state == stConnected || c.state == stDisconnected {
		f.closeConnectionLocked(c)
		return
	}
	p := c.peer
	if p == nil {
		return
	}
	c.peer, p.peer = nil, nil
	switch c.state {
	case stConnecting: // p is incoming: its Accept/Reject will fail
		p.peerGone = true
	case stAccepted: // p's Accept is pending
		f.abortAcceptLocked(p)
	case stIncoming: // closing an unanswered request refuses it
		f.refuseActiveLocked(p, nil)
	case stAccepting: // p's CompleteConnect will fail
		p.peerGone = true
	}
}

// releaseLocked frees c's local endpoint reference and 4-tuple; its QP is
// free for another connector.
func (c *connector) releaseLocked() {
	f := c.ad.f
	// VARIANT tuple-outlives-connector (breaks CN-3): a closed connector's
	// 4-tuple over a shared endpoint stays taken: a new connection to the
	// same remote address fails with STATUS_ADDRESS_ALREADY_EXISTS.
	if c.inTuples && !(f.variant == VariantTupleOutlivesConnector && c.se != nil) {
		delete(f.tuples, tuple{c.local, c.remote})
		c.inTuples = false
	}
	if c.ep != nil {
		// VARIANT connector-close-leaks-port (breaks LC-18, LC-19): the
		// dedicated endpoint of an NdkConnect connector is never freed.
		// VARIANT second-connect-leaks-port (breaks LC-18, LC-19): nor that
		// of a connector a second connect was issued on.
		// VARIANT close-race-drops-ref, listener-leak-every-n: see
		// keepsRefLocked.
		if (f.variant != VariantConnectorCloseLeaksPort || c.passive || c.se != nil) && !c.leakPort && !f.keepsRefLocked(c) {
			f.unrefLocked(c.ep)
		}
		c.ep = nil
	}
	if c.q != nil {
		c.q.owner = nil
	}
}

func (c *connector) closedLocked() {
	// VARIANT late-callback (breaks LT-25): call the disconnect callback
	// once more after the close completed; the adapter close still waits.
	if f := c.ad.f; f.variant == VariantLateCallback {
		if cb := c.disconnectCall(0); cb != nil {
			f.spawnLocked(c.ad, nil, func() {
				time.Sleep(lateCallbackDelay)
				cb()
			})
		}
	}
}
