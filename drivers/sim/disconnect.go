package sim

import (
	"fmt"
	"net/netip"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// The NetworkDirect disconnect scheme (DS-1..DS-12, CN-15..CN-17, QP-22).
//
// The providers of the two ends of a connection exchange connection
// management messages: a graceful-disconnect notice (sent by NdkDisconnect)
// and its acknowledgement (sent by a provider that receives the notice
// before its own consumer disconnected). A connector sends its messages only
// when its QP's DMA engine is idle, so that an answer implies that the
// answering side's transfers are over. A message to an unresponsive host is
// held there until the host is up again; one to a down host is lost.

// cmKind is a connection management message.
type cmKind uint8

const (
	cmNotice  cmKind = iota // graceful disconnect
	cmAck                   // acknowledges the peer's notice
	cmProbe                 // VARIANT disconnect-no-notice: asks for an acknowledgement, tells nothing
	cmConnect               // a connect request held at an unresponsive host
)

// cmMsg is a message held at an unresponsive host.
type cmMsg struct {
	kind     cmKind
	from, to *connector // to is nil for cmConnect
}

// why is what causes a disconnect indication.
type why uint8

const (
	byNotice   why = iota // the peer's graceful-disconnect notice
	byClose               // the peer's connector was closed without its notice
	byHostDown            // a host of the connection went down
	byFault               // QP-16: a SendAndInvalidate the receiver could not honour
)

// indicationAgainDelay is how long after the first indication the
// indication-twice variant delivers the second.
const indicationAgainDelay = 40 * time.Millisecond

// establishedLocked reports whether c's connection was established and is
// neither aborted nor fully closed on c's side.
func (c *connector) establishedLocked() bool {
	return (c.state == stConnected || c.state == stDisconnected) && !c.aborted && !c.down
}

// Disconnect implements ndk.Connector (NdkDisconnect). On a connected
// connector it sends the graceful-disconnect notice and completes once the
// peer answered (its notice or an acknowledgement: STATUS_SUCCESS), the
// connection was aborted (STATUS_CONNECTION_ABORTED) or disconnect-timeout
// passed since the notice went out (STATUS_IO_TIMEOUT), and no transfer is
// in flight on the QP (DS-4, DS-5, CN-17). Then the QP is flushed (QP-22)
// and the connection is fully closed on this side (DS-10).
func (c *connector) Disconnect(done ndk.RequestCompletion, ctx any) ndk.Status {
	f := c.ad.f
	m := f.pick(done != nil)
	f.mu.Lock()
	var st ndk.Status
	switch {
	// VARIANT disconnect-unconnected (breaks DS-4): success on an idle
	// active connector, which no peer can answer.
	case f.variant == VariantDisconnectUnconnected && !c.closing && !c.passive && c.state == stIdle:
		st = ndk.StatusSuccess
	case c.closing || c.state != stConnected || c.down:
		// Not connected, or a second Disconnect.
		st = ndk.StatusConnectionInvalid
	case c.aborted:
		// The connection was aborted before: nothing to hand shake with.
		c.state = stDisconnected
		c.down = true
		if c.q != nil {
			f.flushLocked(c.q) // QP-22
		}
		st = ndk.StatusConnectionAborted
	default:
		r := newRequest(m, done, ctx)
		f.startDisconnectLocked(c, r)
		f.mu.Unlock()
		return f.await(&c.object, r)
	}
	f.mu.Unlock()
	return f.completeNow(&c.object, m, done, ctx, st)
}

func (f *fabric) startDisconnectLocked(c *connector, r *request) {
	c.state = stDisconnected
	c.discReq = r
	// VARIANT indication-to-self (breaks DS-2): the consumer is told of its
	// own NdkDisconnect.
	if f.variant == VariantIndicationToSelf && !c.indicated {
		c.indicated = true
		f.deliverIndicationLocked(c, 0, byNotice)
	}
	// VARIANT disconnect-needs-event: nor is a notice that came before.
	if c.gotNotice && (f.variant != VariantDisconnectNeedsEvent || c.disconnectCall(0) != nil) {
		c.decideLocked(ndk.StatusSuccess) // the peer's notice answers ours
	}
	// VARIANT disconnect-without-waiting (breaks DS-4): success without
	// waiting for the peer's answer.
	if f.variant == VariantDisconnectWithoutWaiting {
		c.decideLocked(ndk.StatusSuccess)
	}
	kind := cmNotice
	// VARIANT disconnect-no-notice (breaks DS-3, DS-6): the peer's
	// provider is asked for an answer but not told of the disconnect.
	if f.variant == VariantDisconnectNoNotice {
		kind = cmProbe
	}
	f.sendCMLocked(c, kind)
	f.maybeFinishDisconnectLocked(c)
}

// maybeFinishDisconnectLocked completes c's pending Disconnect once its
// outcome is decided and no transfer is in flight on its QP (DS-4, DS-5).
func (f *fabric) maybeFinishDisconnectLocked(c *connector) {
	r := c.discReq
	if r == nil || !c.decided {
		return
	}
	// VARIANT disconnect-ignores-dma (breaks DS-5): complete with
	// transfers in flight (the flush below cancels them).
	if !f.dmaIdle(c.q, true) && f.variant != VariantDisconnectIgnoresDMA {
		return
	}
	c.discReq = nil
	if c.discTimer != nil {
		c.discTimer.Stop()
	}
	// VARIANT half-closed (breaks DS-10): the connection stays up on this
	// side after the Disconnect completed.
	if f.variant != VariantHalfClosed {
		c.down = true
	}
	if c.q != nil {
		// VARIANT no-flush-after-disconnect (breaks QP-22): the posted
		// receives stay.
		f.flushSomeLocked(c.q, f.variant != VariantNoFlushAfterDisconnect)
	}
	f.resolveLocked(&c.object, r, c.discSt)
}

// sendCMLocked sends a message from c to its peer, as soon as c's QP has
// nothing in flight.
func (f *fabric) sendCMLocked(c *connector, k cmKind) {
	c.outbox = append(c.outbox, k)
	f.pumpLocked(c)
}

// pumpLocked sends c's held messages if its QP's DMA engine is idle. The
// time-out of a Disconnect runs from the moment its notice goes out.
func (f *fabric) pumpLocked(c *connector) {
	if len(c.outbox) == 0 {
		return
	}
	// VARIANT disconnect-ignores-dma: the notice does not wait either.
	if !f.dmaIdle(c.q, false) && f.variant != VariantDisconnectIgnoresDMA {
		return
	}
	out := c.outbox
	c.outbox = nil
	for _, k := range out {
		p := c.peer
		if p == nil {
			return // aborted meanwhile: lost
		}
		if k != cmAck && c.discReq != nil && c.discTimer == nil {
			f.startDisconnectTimerLocked(c)
		}
		f.transmitLocked(cmMsg{kind: k, from: c, to: p})
	}
}

func (f *fabric) startDisconnectTimerLocked(c *connector) {
	r := c.discReq
	c.discTimer = time.AfterFunc(f.discTimeout, func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		if c.discReq != r || c.decided {
			return
		}
		st := ndk.StatusIOTimeout // CN-17
		// VARIANT timeout-wrong-status (breaks CN-17).
		if f.variant == VariantTimeoutWrongStatus {
			st = ndk.StatusUnsuccessful
		}
		c.decideLocked(st)
		f.maybeFinishDisconnectLocked(c)
	})
}

// transmitLocked hands m to the provider of its destination host: at once
// if the host is up, held there if it is unresponsive, lost if it is down.
func (f *fabric) transmitLocked(m cmMsg) {
	h := m.to.ad.host
	switch h.state {
	case ndk.HostDown:
	case ndk.HostUnresponsive:
		h.held = append(h.held, m)
	default:
		f.receiveLocked(m)
	}
}

// receiveLocked is the destination provider's handling of m. A message for
// a connector that is closing, aborted or no longer linked to the sender
// is dropped.
func (f *fabric) receiveLocked(m cmMsg) {
	to, from := m.to, m.from
	if to.closing || to.aborted || to.peer != from {
		return
	}
	switch m.kind {
	case cmProbe:
		f.sendCMLocked(to, cmAck)
	case cmAck:
		f.answeredLocked(to)
	case cmNotice:
		if to.gotNotice {
			return
		}
		to.gotNotice = true
		f.indicateLocked(to, byNotice) // DS-6, CN-15; no flush (CN-16)
		if to.state == stDisconnected {
			f.answeredLocked(to) // the notices crossed: each answers the other
		} else {
			f.sendCMLocked(to, cmAck)
		}
	}
}

// answeredLocked: the peer answered c's notice.
func (f *fabric) answeredLocked(c *connector) {
	// VARIANT disconnect-needs-event (breaks DS-4): the answer is not taken
	// by a connector with no disconnect event callback.
	if f.variant == VariantDisconnectNeedsEvent && c.disconnectCall(0) == nil {
		return
	}
	if c.discReq != nil && c.decideLocked(ndk.StatusSuccess) {
		f.maybeFinishDisconnectLocked(c)
	}
}

// decideLocked sets the outcome of c's pending Disconnect unless it is
// decided already; it reports whether it did.
func (c *connector) decideLocked(st ndk.Status) bool {
	if c.decided {
		return false
	}
	c.discSt, c.decided = st, true
	return true
}

// indicateLocked delivers p's disconnect indication, at most once (CN-15)
// and never to a side that called NdkDisconnect itself (DS-6).
func (f *fabric) indicateLocked(p *connector, w why) {
	if p.indicated {
		return
	}
	// VARIANT indication-after-own-disconnect (breaks DS-6).
	if p.state == stDisconnected && f.variant != VariantIndicationAfterOwnDisconnect {
		return
	}
	// VARIANT no-abort-indication (breaks DS-6, DS-2): nothing when a host
	// of the connection went down.
	if w == byHostDown && f.variant == VariantNoAbortIndication {
		return
	}
	// VARIANT close-no-indication (breaks DS-6): nothing when the
	// peer closed its connector without disconnecting.
	if w == byClose && f.variant == VariantCloseNoIndication {
		return
	}
	p.indicated = true
	// VARIANT flush-on-indication (breaks CN-16): the peer's disconnect
	// flushes this side's QP.
	if w == byNotice && f.variant == VariantFlushOnIndication && p.q != nil {
		f.flushLocked(p.q)
	}
	// VARIANT ex-no-indication (breaks CN-15): an
	// NdkDisconnectEventCallbackEx is not called when the peer disconnects.
	if !(w == byNotice && p.ex && f.variant == VariantExNoIndication) {
		f.deliverIndicationLocked(p, 0, w)
	}
	// VARIANT indication-twice (breaks CN-15): a second indication follows.
	// VARIANT ex-indication-twice (breaks CN-15): a second one follows for
	// an NdkDisconnectEventCallbackEx.
	// VARIANT close-indication-twice (breaks CN-15): a second one follows
	// when the peer closed its connector without disconnecting.
	if w == byNotice && (f.variant == VariantIndicationTwice || f.variant == VariantExIndicationTwice && p.ex) ||
		w == byClose && f.variant == VariantCloseIndicationTwice {
		f.deliverIndicationLocked(p, indicationAgainDelay, w)
	}
}

// deliverIndicationLocked calls p's disconnect event callback on a sim
// goroutine, after the delay; an NdkDisconnectEventCallbackEx gets the
// reason of w (ex.go).
func (f *fabric) deliverIndicationLocked(p *connector, after time.Duration, w why) {
	if p.closing {
		return
	}
	cb := p.disconnectCall(f.disconnectReason(p, w))
	if cb == nil {
		return
	}
	f.spawnLocked(p.ad, &p.object, func() {
		if after > 0 {
			time.Sleep(after)
		}
		f.mu.Lock()
		if after == 0 || !p.closing {
			f.runEventLocked(&p.object, cb)
		}
		f.mu.Unlock()
	})
}

// abortConnectionLocked aborts c's connection at both ends.
func (f *fabric) abortConnectionLocked(c *connector, w why) {
	if c == nil {
		return
	}
	p := c.peer
	f.abortEndLocked(c, w)
	if p != nil {
		f.abortEndLocked(p, w)
	}
}

// abortEndLocked is an abort as x's provider sees it: the link is gone, the
// transfers in flight end with STATUS_CONNECTION_ABORTED, the consumer gets
// its indication unless it disconnected, and a pending Disconnect fails
// with STATUS_CONNECTION_ABORTED. Sends waiting for a receive and posted
// receives stay until the consumer flushes, disconnects or closes.
func (f *fabric) abortEndLocked(x *connector, w why) {
	if x.aborted || x.closing {
		return
	}
	x.aborted = true
	x.peer = nil
	x.outbox = nil
	f.indicateLocked(x, w)
	if x.discReq != nil {
		x.decideLocked(ndk.StatusConnectionAborted)
	}
	if x.q != nil {
		f.endDMALocked(x.q, ndk.StatusConnectionAborted)
	}
	f.maybeFinishDisconnectLocked(x)
}

// closeConnectionLocked ends an established connection when c's close is
// issued: a pending Disconnect is cancelled, the QP flushed, the messages c
// owed its peer go out, and the peer, unless it had c's notice, sees an
// abort.
func (f *fabric) closeConnectionLocked(c *connector) {
	// VARIANT close-indicates-self (breaks DS-2): the closing consumer, who
	// did not disconnect, is told of the abort its close makes.
	if f.variant == VariantCloseIndicatesSelf && c.state == stConnected && c.establishedLocked() && !c.indicated {
		if cb := c.disconnectCall(f.disconnectReason(c, byClose)); cb != nil {
			c.indicated = true
			f.spawnLocked(c.ad, &c.object, func() {
				f.mu.Lock()
				f.runEventLocked(&c.object, cb)
				f.mu.Unlock()
			})
		}
	}
	if r := c.discReq; r != nil {
		c.discReq = nil
		if c.discTimer != nil {
			c.discTimer.Stop()
		}
		f.resolveLocked(&c.object, r, ndk.StatusCancelled)
	}
	// VARIANT connector-close-loses-posts (breaks WR-8): with a post in
	// progress, the QP's queues are emptied without completions.
	if c.q != nil && !f.wrCloseLoses(c.q) {
		f.flushLocked(c.q)
	}
	f.pumpLocked(c)
	c.down = true
	c.outbox = nil
	p := c.peer
	c.peer = nil
	if p == nil || p.peer != c {
		return
	}
	if p.gotNotice {
		p.peer = nil
		return
	}
	f.abortEndLocked(p, byClose)
}

// ---- fault injection ----

// SetHostState implements ndk.FaultInjector. HostDown aborts every
// connection of the host (both ends see the abort), fails the handshakes in
// progress with it, refuses new connections to it (STATUS_HOST_UNREACHABLE)
// and fails its adapters' connects (STATUS_NETWORK_UNREACHABLE).
// HostUnresponsive holds the connection management messages and connect
// requests sent to the host until it is up again. HostUp delivers what was
// held and takes new connections again.
func (p *provider) SetHostState(addr netip.Addr, s ndk.HostState) error {
	f := p.f
	switch s {
	case ndk.HostUp, ndk.HostUnresponsive, ndk.HostDown:
	default:
		return fmt.Errorf("sim: unknown host state %d", s)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	h := f.hostOf(addr)
	if h == nil {
		return fmt.Errorf("sim: no simulated host owns %v", addr)
	}
	h.state = s
	switch s {
	case ndk.HostUp:
		held := h.held
		h.held = nil
		for _, m := range held {
			if m.kind == cmConnect {
				f.deliverHeldConnectLocked(m.from)
			} else {
				f.receiveLocked(m)
			}
		}
	case ndk.HostDown:
		held := h.held
		h.held = nil
		for _, m := range held {
			if c := m.from; m.kind == cmConnect && c.held {
				if c.connTimer != nil {
					c.connTimer.Stop()
				}
				f.failConnectLocked(c, ndk.StatusHostUnreachable)
			}
		}
		f.hostDownLocked(h)
	}
	return nil
}

// hostDownLocked aborts the connections of h and fails its handshakes.
func (f *fabric) hostDownLocked(h *host) {
	var actives []*connector
	for _, a := range f.tuples {
		if p := a.peer; !a.closing && (a.ad.host == h || p != nil && p.ad.host == h) {
			actives = append(actives, a)
		}
	}
	for _, a := range actives {
		p := a.peer
		switch a.state {
		case stConnected, stDisconnected:
			f.abortConnectionLocked(a, byHostDown)
		case stConnecting:
			if p != nil {
				p.peerGone, p.peer = true, nil
			}
			if a.connTimer != nil {
				a.connTimer.Stop()
			}
			f.failConnectLocked(a, ndk.StatusConnectionAborted)
		case stAccepted:
			if p != nil {
				p.peer = nil
				f.abortAcceptLocked(p)
			}
			f.failActiveLocked(a)
		}
	}
}
