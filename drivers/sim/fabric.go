package sim

import (
	"math/rand/v2"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/internal/workers"
	"github.com/ndkconform/ndkconform/ndk"
)

// fabric is the simulated network of one opened provider: its hosts, their
// endpoint tables and the live connections. One mutex, mu, guards all
// simulated state (every object of every adapter). It is never held while a
// consumer callback runs.
type fabric struct {
	mu   sync.Mutex
	cond *sync.Cond // on mu; broadcast when an adapter's object or callback count drops

	hosts  []*host
	tuples map[tuple]*connector // live active connections by local/remote 4-tuple

	wrInFlush bool // inside NdkFlush itself (variants_wr.go)

	random  bool
	fixed   mode
	rngMu   sync.Mutex
	rng     *rand.Rand
	variant string
	info    ndk.AdapterInfo

	maxObjects int    // per adapter (option max-objects)
	wrSeq      uint64 // work requests posted, for the order of waiting sends

	lazy []*endpoint // endpoints of closed listeners not yet released (variant listener-close-leaks-port)

	passiveReleased uint64 // passive connectors released (variant listener-leak-every-n)

	linkRate    int64         // bytes per second of every QP's DMA engine; 0: instant (option link-rate)
	dmaChunk    int           // a Write or Read of more bytes lands in chunks of this many (option dma-chunk); 0: in one step
	discTimeout time.Duration // option disconnect-timeout
	compDelay   time.Duration // option completion-delay
	connTimeout time.Duration // option connect-timeout

	inOrderDMA bool   // option in-order-dma: chunks land in ascending order
	loopback   bool   // option loopback: connections to the adapter's own host
	readInv    bool   // option read-local-invalidate
	mdlChains  bool   // option mdl-chains: MRs and adapters take MDL chains
	frMaxPages uint32 // the largest AdapterPageCount InitializeFastRegister takes (option frmr-max-pages)
	version11  bool   // option version=1.1: the op flags of 1.2 are refused
	ex         bool   // option version=2.1 (the default): the connectors are ndk.ConnectorEx
}

// mode is how one call that takes a completion callback completes.
type mode uint8

const (
	modeInline    mode = iota // return the final status, no callback
	modeDeferred              // STATUS_PENDING, callback later from another goroutine
	modeReentrant             // callback from inside the call, then STATUS_PENDING
)

func newFabric(cfg config) *fabric {
	f := &fabric{
		tuples:      map[tuple]*connector{},
		variant:     cfg.variant,
		info:        adapterInfo(),
		maxObjects:  cfg.maxObjects,
		linkRate:    cfg.linkRate,
		dmaChunk:    cfg.dmaChunk,
		discTimeout: cfg.discTimeout,
		connTimeout: cfg.connTimeout,
		compDelay:   cfg.compDelay,
		inOrderDMA:  cfg.inOrderDMA,
		loopback:    cfg.loopback,
		readInv:     cfg.readInv,
		mdlChains:   cfg.mdlChains,
	}
	f.version11 = cfg.version11()
	f.info.Version = cfg.version
	f.ex = cfg.version.HasEx()
	f.info.MaxSRQDepth = cfg.maxSRQDepth
	f.info.MaxInlineDataSize = cfg.maxInline
	f.info.FRMRPageCount = cfg.frmrPages
	f.info.MaxInitiatorRequestSGE, f.info.MaxReceiveRequestSGE, f.info.MaxReadRequestSGE = cfg.maxSGE, cfg.maxSGE, readSGE(cfg.maxSGE)
	for _, fl := range []struct {
		on   bool
		flag uint32
	}{
		{cfg.inOrderDMA, ndk.AdapterFlagInOrderDMASupported},
		{cfg.cqResize, ndk.AdapterFlagCQResizeSupported},
		{cfg.loopback, ndk.AdapterFlagLoopbackConnectionsSupported},
		{cfg.readInv, ndk.AdapterFlagRDMAReadLocalInvalidateSupported},
	} {
		if fl.on {
			f.info.AdapterFlags |= fl.flag
		} else {
			f.info.AdapterFlags &^= fl.flag
		}
	}
	set := cfg.moderation
	if s, ok := moderationFlag(cfg.variant); ok {
		set = s // the moderation variants set or clear the flag themselves
	}
	if set {
		f.info.AdapterFlags |= ndk.AdapterFlagCQInterruptModerationSupported
	}
	// VARIANT frmr-page-count-15 (breaks AI-1): 15 FRMR pages.
	if cfg.variant == VariantFRMRPageCount15 {
		f.info.FRMRPageCount = 15
	}
	f.frMaxPages = max(cfg.frmrMax, f.info.FRMRPageCount)
	// The variant read-invalidate-ignored sets the flag itself.
	if cfg.variant == VariantReadInvalidateIgnored {
		f.info.AdapterFlags |= ndk.AdapterFlagRDMAReadLocalInvalidateSupported
	}
	// The variant read-sink-required sets the flag itself.
	if cfg.readSink || cfg.variant == VariantReadSinkRequired {
		f.info.AdapterFlags |= ndk.AdapterFlagRDMAReadSinkNotRequired
	}
	f.cond = sync.NewCond(&f.mu)
	switch cfg.completion {
	case CompletionInline:
		f.fixed = modeInline
	case CompletionReentrant:
		f.fixed = modeReentrant
	case CompletionRandom:
		f.random = true
		f.rng = rand.New(rand.NewPCG(uint64(cfg.seed), 0x5eed5eed5eed5eed))
	default:
		f.fixed = modeDeferred
	}
	for i := range cfg.hosts {
		v6 := [16]byte{0x20, 0x01, 0x0d, 0xb8}
		v6[15] = byte(i + 1)
		f.hosts = append(f.hosts, &host{
			v4:     netip.AddrFrom4([4]byte{192, 0, 2, byte(i + 1)}),
			v6:     netip.AddrFrom16(v6),
			eps:    map[netip.AddrPort]*endpoint{},
			cursor: map[netip.Addr]int{},
		})
	}
	return f
}

// adapterInfo is what the adapter declares with the default options
// (newFabric applies the options' limits and flags). The size limits are
// ones the suite reaches at their exact value (AI-11, AI-12, AI-13, tried
// up to 96 and 128 MiB): MaxTransferLength and MaxWindowSize 72 MiB, above
// the 64 MiB DS-4 writes in one request (so that a provider refusing
// exactly MaxTransferLength fails AI-11 alone), and MaxRegistrationSize
// 80 MiB, above both (so that a provider refusing exactly
// MaxRegistrationSize fails AI-12 alone).
func adapterInfo() ndk.AdapterInfo {
	return ndk.AdapterInfo{
		Version:                ndk.Version21,
		VendorID:               0x1af4, // a made-up device of a virtual-device vendor
		DeviceID:               0x4e44, // "ND"
		MaxRegistrationSize:    80 << 20,
		MaxWindowSize:          72 << 20,
		FRMRPageCount:          DefaultFRMRPages,
		MaxInitiatorRequestSGE: DefaultMaxSGE,
		MaxReceiveRequestSGE:   DefaultMaxSGE,
		MaxReadRequestSGE:      readSGE(DefaultMaxSGE),
		MaxTransferLength:      72 << 20,
		MaxInlineDataSize:      DefaultMaxInline,
		MaxInboundReadLimit:    16,
		MaxOutboundReadLimit:   16,
		MaxReceiveQueueDepth:   1024,
		MaxInitiatorQueueDepth: 1024,
		MaxSRQDepth:            DefaultMaxSRQDepth,
		MaxCQDepth:             4096,
		LargeRequestThreshold:  64 << 10,
		MaxCallerData:          56,
		MaxCalleeData:          148,
		// Sim lands a transfer's bytes in one step or in ascending chunks
		// (dma.go): in order (AI-4), unless option in-order-dma=off.
		AdapterFlags:   ndk.AdapterFlagInOrderDMASupported | ndk.AdapterFlagLoopbackConnectionsSupported | ndk.AdapterFlagCQResizeSupported,
		RDMATechnology: ndk.RDMATechnologyRoCEv2,
	}
}

// pick chooses how the next call completes. A call without a completion
// callback always completes inline.
func (f *fabric) pick(hasDone bool) mode {
	if !hasDone {
		return modeInline
	}
	if !f.random {
		return f.fixed
	}
	f.rngMu.Lock()
	m := mode(f.rng.IntN(3))
	f.rngMu.Unlock()
	return m
}

// ---- hosts and endpoints ----

type host struct {
	v4, v6 netip.Addr
	eps    map[netip.AddrPort]*endpoint // bound local addresses
	cursor map[netip.Addr]int           // next-fit ephemeral cursor per local IP

	connEp *endpoint     // the endpoint of the last connect from port 0 (variant connect-shares-endpoint)
	state  ndk.HostState // fault injection (SetHostState)
	held   []cmMsg       // messages and connect requests held while unresponsive
}

func (h *host) owns(ip netip.Addr) bool { return ip == h.v4 || ip == h.v6 }

func (f *fabric) hostOf(ip netip.Addr) *host {
	ip = ip.WithZone("")
	for _, h := range f.hosts {
		if h.owns(ip) {
			return h
		}
	}
	return nil
}

// endpoint is a bound local address (IP and port) of a host, reference
// counted (seed 000, LC-6): the port is free again exactly when refs drops to
// zero.
type endpoint struct {
	host     *host
	addr     netip.AddrPort
	refs     int
	listener *listener    // set while a listener listens on it
	released bool         // removed from the host table before refs reached zero (variant)
	closers  atomic.Int32 // connector closes in the provider (variant close-race-drops-ref)
}

type tuple struct{ local, remote netip.AddrPort }

// bindLocked reserves a local address on h with one reference. Port 0 picks
// a free ephemeral port.
func (f *fabric) bindLocked(h *host, ap netip.AddrPort) (*endpoint, ndk.Status) {
	if !ap.IsValid() {
		return nil, ndk.StatusInvalidAddress
	}
	ip := ap.Addr().WithZone("")
	if !h.owns(ip) {
		// VARIANT wrong-address-status (breaks CN-1): the wrong status.
		if f.variant == VariantWrongAddressStatus {
			return nil, ndk.StatusInvalidParameter
		}
		return nil, ndk.StatusInvalidAddress
	}
	// VARIANT no-ipv4, no-ipv6 (break OV-2): the adapter's own address of
	// one family cannot be bound.
	if f.variant == VariantNoIPv4 && ip.Is4() || f.variant == VariantNoIPv6 && ip.Is6() {
		return nil, ndk.StatusInvalidAddress
	}
	port := ap.Port()
	if port == 0 {
		const n = ndk.EphemeralPortLast - ndk.EphemeralPortFirst + 1
		first := ndk.EphemeralPortFirst
		// VARIANT ephemeral-range-off-by-one (breaks CN-2, CN-1): port 0
		// draws from 49151-65534 instead of 49152-65535.
		if f.variant == VariantEphemeralRangeOffByOne {
			first--
		}
		start := h.cursor[ip]
		found := false
		for i := range n {
			off := (start + i) % n
			if _, busy := h.eps[netip.AddrPortFrom(ip, uint16(first+off))]; !busy {
				port = uint16(first + off)
				// VARIANT ephemeral-out-of-range (breaks CN-2): port 0
				// gives ports from 1024 up.
				if f.variant == VariantEphemeralOutOfRange {
					if _, busy := h.eps[netip.AddrPortFrom(ip, uint16(1024+off))]; busy {
						continue
					}
					port = uint16(1024 + off)
				}
				h.cursor[ip] = (off + 1) % n
				found = true
				break
			}
		}
		if !found {
			// VARIANT listener-close-leaks-port: the closed listeners'
			// endpoints are released now, and the bind retried.
			if len(f.lazy) > 0 {
				for _, ep := range f.lazy {
					f.dropOwnerRefLocked(ep)
				}
				f.lazy = nil
				return f.bindLocked(h, ap)
			}
			return nil, ndk.StatusTooManyAddresses
		}
	} else if old, busy := h.eps[netip.AddrPortFrom(ip, port)]; busy {
		// VARIANT listener-port-free (breaks LC-7, LC-6): the endpoint of a
		// listening listener may be bound again (the new binding takes the
		// address over in the host table).
		if f.variant != VariantListenerPortFree || old.listener == nil || old.listener.closing {
			return nil, ndk.StatusSharingViolation
		}
	}
	ep := &endpoint{host: h, addr: netip.AddrPortFrom(ip, port), refs: 1}
	h.eps[ep.addr] = ep
	return ep, ndk.StatusSuccess
}

// unrefLocked drops one reference; the last one frees the address.
func (f *fabric) unrefLocked(ep *endpoint) {
	ep.refs--
	if ep.refs == 0 {
		f.releaseLocked(ep)
	}
}

// releaseLocked removes ep from its host's table: the address is free.
func (f *fabric) releaseLocked(ep *endpoint) {
	if !ep.released && ep.host.eps[ep.addr] == ep {
		delete(ep.host.eps, ep.addr)
	}
	ep.released = true
	ep.listener = nil
}

// dropOwnerRefLocked drops the reference a listener or shared endpoint holds
// on its own endpoint when its close is issued.
func (f *fabric) dropOwnerRefLocked(ep *endpoint) {
	// VARIANT early-port-release (breaks LC-14/LC-13/LC-24): free the
	// address now, whatever references the connectors still hold.
	if f.variant == VariantEarlyPortRelease {
		f.releaseLocked(ep)
	}
	f.unrefLocked(ep)
}

// ---- callbacks ----

// spawnLocked runs fn, a consumer callback, on a goroutine of its own (a
// new one, or one that ran such a callback before: package workers). Until fn
// returns, the callback counts against ad (Adapter.Close waits for it) and,
// if o is not nil, against o (o's close cannot complete).
func (f *fabric) spawnLocked(ad *adapter, o *object, fn func()) {
	ad.cbs++
	if o != nil {
		o.busy++
	}
	workers.Go(func() {
		fn()
		f.mu.Lock()
		f.callbackDoneLocked(ad, o)
		f.mu.Unlock()
	})
}

// callNow runs fn, a consumer callback, on the calling goroutine, counted
// like spawnLocked. The caller must not hold mu.
func (f *fabric) callNow(ad *adapter, o *object, fn func()) {
	f.mu.Lock()
	ad.cbs++
	if o != nil {
		o.busy++
	}
	f.mu.Unlock()
	fn()
	f.mu.Lock()
	f.callbackDoneLocked(ad, o)
	f.mu.Unlock()
}

func (f *fabric) callbackDoneLocked(ad *adapter, o *object) {
	if o != nil {
		o.busy--
		f.maybeFinishLocked(o)
	}
	ad.cbs--
	f.cond.Broadcast()
}

// completeNow completes a request whose final status st is already known,
// in mode m. The caller must not hold mu, and must not touch o afterwards.
func (f *fabric) completeNow(o *object, m mode, done ndk.RequestCompletion, ctx any, st ndk.Status) ndk.Status {
	return f.completeOn(o.ad, o, m, done, ctx, st)
}

// completeOn is completeNow for a request of the adapter itself (o nil) or
// of one of its objects.
func (f *fabric) completeOn(ad *adapter, o *object, m mode, done ndk.RequestCompletion, ctx any, st ndk.Status) ndk.Status {
	call := func() { done(ctx, st) }
	switch m {
	case modeDeferred:
		f.mu.Lock()
		f.spawnRequestLocked(ad, o, call)
		f.mu.Unlock()
	case modeReentrant:
		f.callNow(ad, o, func() { f.callRequest(o, call) })
	default:
		return st
	}
	return ndk.StatusPending
}

// spawnRequestLocked is spawnLocked for fn, the completion callback of a
// request on o (nil: of the adapter itself).
func (f *fabric) spawnRequestLocked(ad *adapter, o *object, fn func()) {
	if o == nil {
		f.spawnLocked(ad, nil, fn)
		return
	}
	ad.cbs++
	o.busy++
	o.reqs++
	workers.Go(func() {
		if f.compDelay > 0 {
			time.Sleep(f.compDelay)
		}
		// VARIANT close-ignores-pending (breaks LT-23): a completion due
		// while the object's close is issued waits for that close to
		// complete, which did not wait for it (mustWaitLocked).
		if f.variant == VariantCloseIgnoresPending {
			f.mu.Lock()
			for o.closing && !o.closed {
				f.cond.Wait()
			}
			f.mu.Unlock()
		}
		f.callRequest(o, fn)
		f.mu.Lock()
		o.reqs--
		f.callbackDoneLocked(ad, o)
		f.mu.Unlock()
	})
}

// callRequest runs fn, the completion callback of a request on o (nil: of
// the adapter itself). The caller must not hold mu.
func (f *fabric) callRequest(o *object, fn func()) {
	// VARIANT callback-under-lock (breaks LT-12): the completion runs under
	// a lock of its object that the object's Close takes too.
	if f.variant == VariantCallbackUnderLock && o != nil {
		o.cbMu.Lock()
		defer o.cbMu.Unlock()
	}
	fn()
}

// runEventLocked runs fn, an event callback of o due now (a connect event,
// a notification, a disconnect event), counting it as running. The caller
// holds mu, which is released while fn runs.
func (f *fabric) runEventLocked(o *object, fn func()) {
	o.events++
	f.mu.Unlock()
	fn()
	f.mu.Lock()
	o.events--
}

// notifier serializes the event callbacks of one object (CQ or SRQ
// notifications, CH-11): at most one runs at a time, later ones wait for it.
type notifier struct {
	running bool
	pending []ndk.Status // due while one was running
}

// notifyLocked calls call(st), an event callback of o, on a sim goroutine,
// after any that is running. None starts once o's close was issued.
func (f *fabric) notifyLocked(o *object, n *notifier, call func(ndk.Status), st ndk.Status) {
	if o.closing {
		return
	}
	// VARIANT concurrent-notifications (breaks CH-11): a notification due
	// while another runs starts at once.
	if n.running && f.variant != VariantConcurrentNotifications {
		n.pending = append(n.pending, st)
		return
	}
	n.running = true
	f.spawnLocked(o.ad, o, func() {
		for {
			f.mu.Lock()
			if o.closing {
				n.running, n.pending = false, nil
				f.mu.Unlock()
				return
			}
			f.runEventLocked(o, func() { call(st) })
			if len(n.pending) == 0 {
				n.running = false
				f.mu.Unlock()
				return
			}
			st, n.pending = n.pending[0], n.pending[1:]
			f.mu.Unlock()
		}
	})
}

// request is a request whose outcome depends on the peer (Connect, Accept).
// In deferred mode the call has returned STATUS_PENDING and resolving it
// spawns the completion; in inline and reentrant mode the caller is blocked
// in await until it is resolved.
type request struct {
	m    mode
	done ndk.RequestCompletion
	ctx  any
	wake chan ndk.Status
}

func newRequest(m mode, done ndk.RequestCompletion, ctx any) *request {
	r := &request{m: m, done: done, ctx: ctx}
	if m != modeDeferred {
		r.wake = make(chan ndk.Status, 1)
	}
	return r
}

// resolveLocked gives r, pending on o, its final status. o stays busy until
// the completion has been delivered.
func (f *fabric) resolveLocked(o *object, r *request, st ndk.Status) {
	if r.m == modeDeferred {
		f.spawnRequestLocked(o.ad, o, func() { r.done(r.ctx, st) })
		return
	}
	o.busy++
	r.wake <- st
}

// await blocks the caller of an inline or reentrant request until it is
// resolved, then completes it. The caller must not hold mu.
func (f *fabric) await(o *object, r *request) ndk.Status {
	if r.m == modeDeferred {
		return ndk.StatusPending
	}
	st := <-r.wake
	f.mu.Lock()
	if r.m == modeInline {
		o.busy--
		f.maybeFinishLocked(o)
		f.mu.Unlock()
		return st
	}
	o.ad.cbs++ // o.busy was taken by resolveLocked
	f.mu.Unlock()
	f.callRequest(o, func() { r.done(r.ctx, st) })
	f.mu.Lock()
	f.callbackDoneLocked(o.ad, o)
	f.mu.Unlock()
	return ndk.StatusPending
}

// readSGE is the MaxReadRequestSge sim declares for a max-sge of n: twice
// it, so that the read limit overrides MaxInitiatorRequestSge (AI-10) with
// a larger value a consumer can see.
func readSGE(n uint32) uint32 { return 2 * n }
