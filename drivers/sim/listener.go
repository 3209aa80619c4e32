package sim

import (
	"net/netip"

	"github.com/ndkconform/ndkconform/ndk"
)

// listener is NDK_LISTENER. Its endpoint holds one reference for the
// listener (dropped when its close is issued) and one per connector created
// by its connect events (dropped when that connector's close completes).
type listener struct {
	object
	onConnect  ndk.ConnectEventCallback
	connectCtx any

	ep     *endpoint // nil until Listen succeeds
	paused bool
}

// Listen implements ndk.Listener.
func (l *listener) Listen(local netip.AddrPort, done ndk.RequestCompletion, ctx any) ndk.Status {
	f := l.ad.f
	m := f.pick(done != nil)
	f.mu.Lock()
	var st ndk.Status
	if l.ep != nil || l.closing {
		st = ndk.StatusInvalidDeviceState
	} else if ep, s := f.bindLocked(l.ad.host, local); s != ndk.StatusSuccess {
		st = s
	} else {
		ep.listener = l
		l.ep = ep
		st = ndk.StatusSuccess
	}
	f.mu.Unlock()
	return f.completeNow(&l.object, m, done, ctx, st)
}

// GetLocalAddress implements ndk.Listener.
func (l *listener) GetLocalAddress() (netip.AddrPort, ndk.Status) {
	f := l.ad.f
	f.mu.Lock()
	defer f.mu.Unlock()
	if l.ep == nil {
		return netip.AddrPort{}, ndk.StatusInvalidDeviceState
	}
	return l.ep.addr, ndk.StatusSuccess
}

// ControlConnectEvents implements ndk.Listener. While paused, incoming
// requests are refused as if no listener existed (CN-6).
func (l *listener) ControlConnectEvents(pause bool) {
	f := l.ad.f
	f.mu.Lock()
	// VARIANT paused-listener-delivers (breaks CN-6): the pause is ignored.
	if f.variant != VariantPausedListenerDelivers {
		l.paused = pause
	}
	f.mu.Unlock()
}

// acceptingLocked reports whether an incoming request may be delivered to
// l (pause aside).
func (l *listener) acceptingLocked() bool {
	if l.ep == nil || l.finalized || l.onConnect == nil {
		return false
	}
	// VARIANT accept-while-closing (breaks LC-16): keep delivering
	// connect events while the close is pending.
	if l.ad.f.variant == VariantAcceptWhileClosing {
		return true
	}
	return !l.closing // LC-16: refuse from the moment close is issued
}

func (l *listener) beginCloseLocked() {
	if l.ep == nil {
		return
	}
	// VARIANT listener-close-leaks-port (breaks LC-12, LC-9): the own
	// reference of a listener closed with accepted connectors open is
	// dropped only lazily, when an ephemeral range runs out (bindLocked):
	// the port stays taken after its last connector closed.
	if f := l.ad.f; f.variant == VariantListenerCloseLeaksPort && l.ep.refs > 1 {
		f.lazy = append(f.lazy, l.ep)
		return
	}
	// VARIANT listener-close-keeps-own-ref (breaks LC-10): a listener that
	// accepted no connector keeps its own reference after its close, the same
	// lazy way.
	if f := l.ad.f; f.variant == VariantListenerCloseKeepsOwnRef && l.ep.refs == 1 {
		f.lazy = append(f.lazy, l.ep)
		return
	}
	l.ad.f.dropOwnerRefLocked(l.ep)
}

func (l *listener) releaseLocked() {}
func (l *listener) closedLocked()  {}

// sharedEndpoint is NDK_SHARED_ENDPOINT. Its endpoint holds one reference
// for the shared endpoint (dropped when its close is issued) and one per
// connector connected over it.
type sharedEndpoint struct {
	object
	ep *endpoint
}

// GetLocalAddress implements ndk.SharedEndpoint.
func (s *sharedEndpoint) GetLocalAddress() (netip.AddrPort, ndk.Status) {
	f := s.ad.f
	f.mu.Lock()
	defer f.mu.Unlock()
	return s.ep.addr, ndk.StatusSuccess
}

func (s *sharedEndpoint) beginCloseLocked() {
	// VARIANT se-close-leaks-port (breaks LC-22, LC-23): the shared
	// endpoint's own reference on its endpoint is never dropped.
	if s.ad.f.variant == VariantSECloseLeaksPort {
		return
	}
	s.ad.f.dropOwnerRefLocked(s.ep)
}
func (s *sharedEndpoint) releaseLocked() {}
func (s *sharedEndpoint) closedLocked()  {}
