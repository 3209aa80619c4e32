package stress

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
)

// Sizes of what the workers share and of their queues.
const (
	cqsPerSide = 2
	qpDepth    = 16 // receive and initiator queue depth of every QP
	srqDepth   = 64
	msgMax     = 4096 // a message (send/receive) at most
	readLimit  = 4
	privLen    = 12 // the connect request's private data: "NDKS", worker, connection
)

var privMagic = [4]byte{'N', 'D', 'K', 'S'}

// side is one side's shared objects.
type side struct {
	name string // "A" or "B"
	addr netip.Addr
	ad   ndk.Adapter
	info ndk.AdapterInfo
	pd   ndk.PD
	pdL  *life
	cqs  []*poller

	qpDepth uint32
	inline  uint32
	sge     int

	// side B
	listener ndk.Listener
	lisL     *life
	lisAddr  netip.AddrPort
	connq    chan ndk.Connector // the shared listener's connect events, for the router
	routed   chan struct{}      // closed when the router ended
	srq      *srqPool

	// side A
	se     ndk.SharedEndpoint
	seL    *life
	seAddr netip.AddrPort
}

// wreq is a posted work request: its RequestContext.
type wreq struct {
	w    *worker
	qs   *qpState // the QP it was posted on (an SRQ receive: the QP that took it, set by the poller)
	kind byte     // kInit, kRecv, kSRQ
	call string
	slot int // receive: the buffer slot
	n    int // initiator: payload bytes
	at   time.Time
	cnt  atomic.Int32
	res  ndk.Result
	cq   *poller
	got  bool // the worker processed its completion
}

const (
	kInit byte = iota
	kRecv
	kSRQ
)

// poller arms and polls one shared CQ, the only goroutine that calls
// NdkGetCqResults and NdkArmCq on it (CH-1), and hands each completion to
// the worker whose request it is. A worker's own CQ is a poller without
// the goroutine: the worker arms and polls it itself (pollOwn), when it
// waits, so its completions are retrieved later than the shared CQs'.
type poller struct {
	w      *worker // a worker's own CQ, which it arms and polls itself (nil: shared, polled by loop)
	r      *run
	s      *side
	cq     ndk.CQ
	l      *life
	armed  atomic.Bool
	note   chan ndk.Status
	stopc  chan struct{}
	exited chan struct{}
	// fallbacks counts the waits for a notification that ended with the
	// fallback poll (a quarter of the time-out) finding completions.
	fallbacks atomic.Uint64
}

func (p *poller) onNotify(_ any, st ndk.Status) {
	if p.w != nil {
		defer p.w.wt.wake()
	}
	p.l.check(p.r, "NdkCqNotificationCallback")
	if !p.armed.CompareAndSwap(true, false) {
		p.r.fail(finding.Violation{Rule: "CH-7", Call: "NdkCqNotificationCallback", Object: p.l.name, Side: p.s.name,
			Expected: "one notification per NdkArmCq, only after it", Observed: "a notification with the CQ not armed (" + st.String() + ")"})
	}
	select {
	case p.note <- st:
	default:
	}
}

func (p *poller) loop() {
	defer close(p.exited)
	buf := make([]ndk.Result, 32)
	t := time.NewTimer(time.Hour)
	t.Stop()
	for {
		n := p.cq.GetResults(buf)
		if n < 0 || n > len(buf) {
			p.r.fail(finding.Violation{Rule: "CQ-13", Call: "NdkGetCqResults", Object: p.l.name, Side: p.s.name,
				Expected: fmt.Sprintf("the number of completions removed, 0..%d", len(buf)), Observed: fmt.Sprint(n)})
			return
		}
		for i := range n {
			if q := p.dispatch(&buf[i]); q != nil {
				q.qs.w.deliver(q)
			}
			buf[i] = ndk.Result{}
		}
		if n > 0 {
			continue
		}
		select {
		case <-p.stopc:
			return
		default:
		}
		if !p.armed.Load() {
			p.armed.Store(true)
			p.cq.Arm(ndk.CQNotifyAny)
		}
		t.Reset(p.r.timeout / 4)
		select {
		case st := <-p.note:
			t.Stop()
			if st != ndk.StatusSuccess {
				p.r.fail(finding.Violation{Rule: "QP-4", Call: "NdkCqNotificationCallback", Object: p.l.name, Side: p.s.name,
					Expected: "STATUS_SUCCESS: the CQ holds every request outstanding, one completion each", Observed: st.String()})
				return
			}
		case <-p.stopc:
			t.Stop()
			return
		case <-t.C:
			p.fallbacks.Add(1)
		}
	}
}

// dispatch checks a completion's contexts and CQ; it returns the request,
// for its QP's worker, nil if it failed a check.
func (p *poller) dispatch(res *ndk.Result) *wreq {
	q, ok := res.RequestContext.(*wreq)
	if !ok || q == nil {
		p.r.fail(finding.Violation{Rule: "QP-3", Call: "NdkGetCqResults", Object: p.l.name, Side: p.s.name,
			Expected: "the RequestContext of a request posted", Observed: fmt.Sprintf("%T %v", res.RequestContext, res.RequestContext)})
		return nil
	}
	var f failer = p.r
	if q.w != nil {
		f = q.w
	}
	if q.cnt.Add(1) > 1 {
		f.failv(finding.Violation{Rule: "QP-4", Call: q.call, Object: p.l.name, Side: p.s.name,
			Expected: "one completion per request", Observed: fmt.Sprintf("a second completion (%v, %d bytes)", res.Status, res.BytesTransferred)})
		return nil
	}
	qs := q.qs
	if q.kind == kSRQ {
		qs, _ = res.QPContext.(*qpState)
		if res.QPContext == nil && res.Status == ndk.StatusCancelled {
			// A receive no QP took, flushed from the SRQ (its close): no
			// QP to name. The pages say nothing of an SRQ's receives at
			// its close; a provider may drop them (sim) or complete them
			// cancelled on a receive CQ of its QPs (rxe).
			return nil
		}
		if qs == nil || !qs.onSRQ || qs.side != p.s {
			p.r.fail(finding.Violation{Rule: "QP-3", Call: "NdkSrqReceive", Object: p.l.name, Side: p.s.name,
				Expected: "the QPContext of a QP over the SRQ", Observed: fmt.Sprintf("%T", res.QPContext)})
			return nil
		}
		f = qs.w
	} else if res.QPContext != any(qs) {
		f.failv(finding.Violation{Rule: "QP-3", Call: q.call, Object: qs.name, Side: qs.side.name,
			Expected: "the QP's QPContext", Observed: fmt.Sprintf("another (%T)", res.QPContext)})
		return nil
	}
	want := qs.icq
	if q.kind != kInit {
		want = qs.rcq
	}
	if want != p {
		rule := "QP-3"
		if q.kind == kSRQ {
			rule = "SQ-8"
		}
		f.failv(finding.Violation{Rule: rule, Call: q.call, Object: qs.name, Side: qs.side.name,
			Expected: "the completion on " + want.l.name, Observed: "on " + p.l.name})
		return nil
	}
	q.res, q.cq = *res, p
	if q.kind == kSRQ {
		q.qs = qs // the QP that took it; every other request's is set when posted
	}
	return q
}

// srqPool keeps side B's SRQ full: every receive is a buffer of msgMax
// bytes of one registered region; a worker that processed a receive's
// completion posts its buffer again.
type srqPool struct {
	r    *run
	s    *side
	srq  ndk.SRQ
	l    *life
	mr   ndk.MR
	mrL  *life
	mem  []byte
	va   uint64
	mu   sync.Mutex // WR-3: the posts to the SRQ are serialized
	dead bool
}

// poison fills a receive buffer before it is posted: what is not a
// message's byte after the receive.
const poison = 0xA5

var poisonBlock = bytes.Repeat([]byte{poison}, msgMax)

// post posts buffer i.
func (p *srqPool) post(i int) {
	copy(p.mem[i*msgMax:(i+1)*msgMax], poisonBlock)
	p.r.push(p.mem[i*msgMax : (i+1)*msgMax])
	q := &wreq{kind: kSRQ, call: "NdkSrqReceive", slot: i}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dead {
		return
	}
	if st := p.srq.Receive(q, []ndk.SGE{{VirtualAddress: p.va + uint64(i*msgMax), Length: msgMax, MemoryRegionToken: p.mr.LocalToken()}}); st != ndk.StatusSuccess {
		p.dead = true
		p.r.fail(finding.Violation{Rule: "QP-4", Call: "NdkSrqReceive", Object: p.l.name, Side: p.s.name,
			Expected: fmt.Sprintf("STATUS_SUCCESS: %d receives posted at most on an SRQ of depth %d", srqDepth, srqDepth), Observed: st.String()})
	}
}

// push and pull keep the provider's copy of registered memory (see
// ndk.MemoryMirror) and the harness's in step; a failure is the lab's,
// not the provider's (no rule): the run stops.
func (r *run) push(b []byte) {
	if r.mirror != nil {
		if err := r.mirror.PushMemory(b); err != nil {
			r.fail(finding.Violation{Setup: true, Call: "PushMemory", Expected: "the bytes copied to the provider's copy of the buffer", Observed: err.Error()})
		}
	}
}

func (r *run) pull(b []byte) {
	if r.mirror != nil {
		if err := r.mirror.PullMemory(b); err != nil {
			r.fail(finding.Violation{Setup: true, Call: "PullMemory", Expected: "the bytes of the provider's copy of the buffer", Observed: err.Error()})
		}
	}
}

// setup opens both sides and the shared objects, for n workers.
func (r *run) setup(n int) error {
	wt := newWaiter(r.timeout)
	var err error
	if r.a, err = r.openSide(wt, "A", r.cfg.A, n); err != nil {
		return err
	}
	if r.b, err = r.openSide(wt, "B", r.cfg.B, n); err != nil {
		return err
	}
	b, a := r.b, r.a
	if a.info.MaxCallerData < privLen {
		return fmt.Errorf("stress: side A's MaxCallerData is %d, the run's connect requests carry %d bytes", a.info.MaxCallerData, privLen)
	}
	// side B: the SRQ, the shared listener
	if b.info.MaxSRQDepth >= srqDepth {
		p := &srqPool{r: r, s: b, l: &life{name: "srq", side: "B"}, mrL: &life{name: "srq-buffers-mr", side: "B"}}
		o, st, ok := create(wt, r, "NdkCreateSrq", p.l, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
			return b.pd.CreateSRQ(ndk.SRQParams{Depth: srqDepth, MaxReceiveRequestSGE: 1}, done, ctx)
		})
		if !ok {
			return fmt.Errorf("stress: NdkCreateSrq on side B: %v", st)
		}
		p.srq = o.(ndk.SRQ)
		b.srq = p
		p.mem = make([]byte, srqDepth*msgMax)
		p.va = 0x7000_0000
		if p.mr, err = r.register(wt, b, p.mrL, p.mem, p.va, ndk.MRFlagAllowLocalWrite); err != nil {
			return err
		}
		for i := range srqDepth {
			p.post(i)
		}
	}
	b.lisL = &life{name: "listener", side: "B"}
	b.connq = make(chan ndk.Connector, 1024)
	b.routed = make(chan struct{})
	o, st, ok := create(wt, r, "NdkCreateListener", b.lisL, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
		return b.ad.CreateListener(r.onConnect, nil, done, ctx)
	})
	if !ok {
		return fmt.Errorf("stress: NdkCreateListener on side B: %v", st)
	}
	b.listener = o.(ndk.Listener)
	if st, _ := request(wt, r, "NdkListen", b.lisL, func(done ndk.RequestCompletion, ctx any) ndk.Status {
		return b.listener.Listen(netip.AddrPortFrom(b.addr, 0), done, ctx)
	}).wait("CR-4"); st != ndk.StatusSuccess {
		return fmt.Errorf("stress: NdkListen on side B: %v", st)
	}
	if b.lisAddr, st = b.listener.GetLocalAddress(); st != ndk.StatusSuccess {
		return fmt.Errorf("stress: NdkGetListenerLocalAddress on side B: %v", st)
	}
	go r.route(b)
	// side A: the shared endpoint
	a.seL = &life{name: "shared-endpoint", side: "A"}
	o, st, ok = create(wt, r, "NdkCreateSharedEndpoint", a.seL, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
		return a.ad.CreateSharedEndpoint(netip.AddrPortFrom(a.addr, 0), done, ctx)
	})
	if ok {
		a.se = o.(ndk.SharedEndpoint)
		if a.seAddr, st = a.se.GetLocalAddress(); st != ndk.StatusSuccess {
			return fmt.Errorf("stress: NdkGetSharedEndpointLocalAddress on side A: %v", st)
		}
	} else if st != ndk.StatusNotSupported {
		return fmt.Errorf("stress: NdkCreateSharedEndpoint on side A: %v", st)
	}
	if r.stop.Load() {
		return fmt.Errorf("stress: setting up: %v", r.failures[0].Violation)
	}
	return nil
}

// openSide opens an adapter and creates its PD and CQs.
func (r *run) openSide(wt *waiter, name string, addr netip.Addr, n int) (*side, error) {
	s := &side{name: name, addr: addr}
	ad, st := r.cfg.Provider.OpenAdapter(addr)
	if st != ndk.StatusSuccess || ad == nil {
		return nil, fmt.Errorf("stress: opening side %s's adapter (%v): %v", name, addr, st)
	}
	s.ad = ad
	if s.info, st = ad.QueryAdapterInfo(); st != ndk.StatusSuccess {
		return s, fmt.Errorf("stress: NdkQueryAdapterInfo on side %s: %v", name, st)
	}
	s.qpDepth = min(qpDepth, s.info.MaxReceiveQueueDepth, s.info.MaxInitiatorQueueDepth)
	s.inline = min(s.info.MaxInlineDataSize, 128)
	s.sge = int(min(s.info.MaxInitiatorRequestSGE, s.info.MaxReceiveRequestSGE, 2))
	if s.qpDepth < 2 || s.sge < 1 {
		return s, fmt.Errorf("stress: side %s's adapter takes queues of %d and %d SGEs", name, s.qpDepth, s.sge)
	}
	depth := uint64(n)*uint64(2*s.qpDepth) + srqDepth + 16
	if depth > uint64(s.info.MaxCQDepth) {
		return s, fmt.Errorf("stress: %d workers need CQs of %d entries, side %s's MaxCqDepth is %d", n, depth, name, s.info.MaxCQDepth)
	}
	s.pdL = &life{name: "pd", side: name}
	o, st, ok := create(wt, r, "NdkCreatePd", s.pdL, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
		return ad.CreatePD(done, ctx)
	})
	if !ok {
		return s, fmt.Errorf("stress: NdkCreatePd on side %s: %v", name, st)
	}
	s.pd = o.(ndk.PD)
	for i := range cqsPerSide {
		p := &poller{r: r, s: s, l: &life{name: fmt.Sprintf("cq%d", i), side: name}, note: make(chan ndk.Status, 1),
			stopc: make(chan struct{}), exited: make(chan struct{})}
		o, st, ok := create(wt, r, "NdkCreateCq", p.l, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
			return ad.CreateCQ(ndk.CQParams{Depth: uint32(depth), Notify: p.onNotify}, done, ctx)
		})
		if !ok {
			return s, fmt.Errorf("stress: NdkCreateCq on side %s: %v", name, st)
		}
		p.cq = o.(ndk.CQ)
		s.cqs = append(s.cqs, p)
		go p.loop()
	}
	return s, nil
}

// register creates an MR on s's PD and registers buf at va with flags.
func (r *run) register(wt *waiter, s *side, l *life, buf []byte, va uint64, flags uint32) (ndk.MR, error) {
	o, st, ok := create(wt, r, "NdkCreateMr", l, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
		return s.pd.CreateMR(false, done, ctx)
	})
	if !ok {
		return nil, fmt.Errorf("stress: NdkCreateMr on side %s: %v", s.name, st)
	}
	mr := o.(ndk.MR)
	if st, _ := request(wt, r, "NdkRegisterMr", l, func(done ndk.RequestCompletion, ctx any) ndk.Status {
		return mr.Register(buf, va, flags, done, ctx)
	}).wait("CR-4"); st != ndk.StatusSuccess {
		return nil, fmt.Errorf("stress: NdkRegisterMr on side %s: %v", s.name, st)
	}
	return mr, nil
}

// onConnect is the shared listener's connect event callback.
func (r *run) onConnect(_ any, c ndk.Connector) {
	r.b.lisL.check(r, "NdkConnectEventCallback")
	select {
	case r.b.connq <- c:
	default:
		r.fail(finding.Violation{Setup: true, Call: "NdkConnectEventCallback", Object: "listener", Side: "B",
			Expected: "at most one connect event per NdkConnect the workers made", Observed: "more than 1024 undelivered"})
	}
}

// route hands the shared listener's incoming connectors to the workers
// their private data names.
func (r *run) route(b *side) {
	defer close(b.routed)
	buf := make([]byte, 64)
	for c := range b.connq {
		_, st := c.GetConnectionData(buf)
		w := r.workerOf(buf)
		if (st != ndk.StatusSuccess && st != ndk.StatusBufferTooSmall) || w == nil {
			r.fail(finding.Violation{Rule: "CN-13", Call: "NdkGetConnectionData", Object: "incoming connector", Side: "B",
				Expected: "STATUS_SUCCESS or STATUS_BUFFER_TOO_SMALL, and the private data sent", Observed: fmt.Sprintf("%v, % x", st, buf[:privLen])})
			closeObj(newWaiter(r.timeout), r, c, &life{name: "incoming connector", side: "B"})
			continue
		}
		w.incoming <- c
		w.wt.wake()
	}
}

func (r *run) workerOf(priv []byte) *worker {
	if [4]byte(priv[:4]) != privMagic {
		return nil
	}
	id := int(binary.LittleEndian.Uint32(priv[4:]))
	for _, w := range r.workers {
		if w.id == id {
			return w
		}
	}
	return nil
}

// teardown closes the shared objects; clean: nothing failed, so the end
// checks run.
func (r *run) teardown(clean bool) {
	wt := newWaiter(r.timeout)
	a, b := r.a, r.b
	ok := !r.isAbandoned()
	closeIf := func(o ndk.Object, l *life) {
		if ok && o != nil {
			if !closeObj(wt, r, o, l) {
				ok = false
				r.abandon(l.side + "'s " + l.name + " did not close")
			}
		}
	}
	if b != nil {
		if p := b.srq; p != nil {
			p.mu.Lock()
			p.dead = true
			p.mu.Unlock()
			closeIf(p.srq, p.l)
			if ok && p.mr != nil {
				request(wt, r, "NdkDeregisterMr", p.mrL, p.mr.Deregister).wait("CR-4")
			}
			closeIf(p.mr, p.mrL)
		}
		if b.listener != nil {
			closeIf(b.listener, b.lisL)
		}
		if b.connq != nil {
			close(b.connq)
			<-b.routed
		}
	}
	if a != nil && a.se != nil {
		closeIf(a.se, a.seL)
	}
	if clean && ok && !r.stop.Load() {
		r.endChecks(wt)
	}
	for _, s := range []*side{a, b} {
		if s == nil {
			continue
		}
		for _, p := range s.cqs {
			close(p.stopc)
			select {
			case <-p.exited:
			case <-time.After(r.timeout):
				ok = false
				r.abandon("side " + s.name + "'s " + p.l.name + " poller stuck in NdkGetCqResults or NdkArmCq")
			}
			closeIf(p.cq, p.l)
		}
		closeIf(s.pd, s.pdL)
	}
	if !ok {
		return
	}
	for _, s := range []*side{a, b} {
		if s == nil || s.ad == nil {
			continue
		}
		done := make(chan struct{})
		go func() {
			s.ad.Close()
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(r.timeout):
			r.fail(finding.Violation{Rule: "LT-22", Call: "NDK_ADAPTER close", Object: "adapter", Side: s.name,
				Expected: "the adapter close returns once every callback returned (every object closed)", Observed: "it did not return within " + r.timeout.String()})
			r.abandon("side " + s.name + "'s adapter close did not return")
			return
		}
	}
}

// endChecks checks, every object of the run closed, that the ports the run
// used are free again: the listeners' (LC-12), the shared endpoint's
// (LC-23) and the workers' fixed source ports (LC-19).
func (r *run) endChecks(wt *waiter) {
	a, b := r.a, r.b
	listen := func(ap netip.AddrPort, rule, what string) {
		l := &life{name: "listener (end check of " + what + ")", side: "B"}
		o, st, ok := create(wt, r, "NdkCreateListener", l, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
			return b.ad.CreateListener(func(any, ndk.Connector) {}, nil, done, ctx)
		})
		if !ok {
			r.fail(finding.Violation{Setup: true, Call: "NdkCreateListener", Object: l.name, Side: "B", Expected: "a listener, every object of the run closed", Observed: st.String()})
			return
		}
		lis := o.(ndk.Listener)
		if st, _ := request(wt, r, "NdkListen", l, func(done ndk.RequestCompletion, ctx any) ndk.Status {
			return lis.Listen(ap, done, ctx)
		}).wait("CR-4"); st != ndk.StatusSuccess {
			r.fail(finding.Violation{Rule: rule, Call: "NdkListen", Object: l.name, Side: "B",
				Expected: fmt.Sprintf("STATUS_SUCCESS on %v: %s and every connector accepted over it are closed, so its endpoint is released", ap, what), Observed: st.String()})
		}
		closeObj(wt, r, lis, l)
	}
	bind := func(ap netip.AddrPort, rule, what string) {
		l := &life{name: "shared-endpoint (end check of " + what + ")", side: "A"}
		o, st, ok := create(wt, r, "NdkCreateSharedEndpoint", l, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
			return a.ad.CreateSharedEndpoint(ap, done, ctx)
		})
		if !ok {
			r.fail(finding.Violation{Rule: rule, Call: "NdkCreateSharedEndpoint", Object: l.name, Side: "A",
				Expected: fmt.Sprintf("STATUS_SUCCESS on %v: %s and every connector that used it are closed, so the endpoint is released", ap, what), Observed: st.String()})
			return
		}
		closeObj(wt, r, o, l)
	}
	listen(b.lisAddr, "LC-12", "the shared listener")
	for _, w := range r.workers {
		if w.lisAddr.IsValid() {
			listen(w.lisAddr, "LC-12", fmt.Sprintf("worker %d's listener", w.id))
		}
	}
	if a.seAddr.IsValid() {
		bind(a.seAddr, "LC-23", "the shared endpoint")
	}
	for _, w := range r.workers {
		if w.usedPort {
			bind(netip.AddrPortFrom(a.addr, uint16(PortBase+w.id)), "LC-19", fmt.Sprintf("worker %d's fixed source port (NdkConnect)", w.id))
		}
	}
}
