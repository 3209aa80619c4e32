package stress

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"net/netip"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
)

// A worker's memory on each side: one registered region of four areas
// (the sources of its sends and writes, its receive buffers, the target of
// the peer's writes and reads, the sink of its reads), a buffer its
// fast-register MR maps, and a scratch buffer registered and deregistered
// again by the register steps. Each has a shadow: what it must hold.
const (
	areaSize    = 64 << 10
	aSrc        = 0
	aRecv       = 1 * areaSize
	aTgt        = 2 * areaSize
	aSink       = 3 * areaSize
	memSize     = 4 * areaSize
	frSize      = 12 << 10
	frPages     = 8
	scratchSize = 16 << 10
	hdrLen      = 16 // a message's header: "NDKM", worker, connection, message
	memFlags    = ndk.MRFlagAllowLocalWrite | ndk.MRFlagAllowRemoteRead | ndk.MRFlagAllowRemoteWrite | ndk.MRFlagRDMAReadSink
)

var msgMagic = [4]byte{'N', 'D', 'K', 'M'}

type wmem struct {
	i           int // the side's index: 0 A, 1 B
	s           *side
	buf, shadow []byte
	va          uint64
	mr          ndk.MR
	mrL         *life

	mw  ndk.MW // nil: the adapter has none
	mwL *life

	fr             ndk.MR // a fast-register MR over frBuf (nil: none)
	frL            *life
	frBuf, frShad  []byte
	lam            ndk.LAM
	lamBuilt       bool
	frBase         uint64
	scratch, scrSh []byte
	scratchVA      uint64
}

// qpState is one end of a worker's connection: its QP and connector.
type qpState struct {
	w     *worker
	side  *side
	m     *wmem
	name  string
	qp    ndk.QP
	l     *life
	icq   *poller
	rcq   *poller
	onSRQ bool

	conn ndk.Connector
	cl   *life

	outInit   int
	outRecv   int
	freeSlots []int
	flushing  bool // the connection is being torn down: receives may complete cancelled
	events    atomic.Int32

	msgs   map[uint32]msg // messages sent to this end, not received yet
	msgSeq uint32         // messages this end sent
	peer   *qpState
}

type msg struct {
	src []byte
}

func (qs *qpState) onDisconnect(_ any) {
	n := qs.events.Add(1)
	switch {
	case qs.cl.closed.Load():
		qs.cl.check(qs.w, "NdkDisconnectEventCallback") // LT-25 first: the most precise
	case n > 1:
		qs.w.failv(finding.Violation{Rule: "CN-15", Call: "NdkDisconnectEventCallback", Object: qs.cl.name, Side: qs.side.name,
			Expected: "one disconnect event", Observed: fmt.Sprint(n)})
	}
	qs.w.wt.wake()
}

type stats struct {
	connections, ops, bytes, registers, refused uint64
	opLat, connLat                              hist
	kinds                                       map[string]int // steps of each kind
}

type stepRec struct {
	n    int
	what string
	a, b int
}

type opened struct {
	o ndk.Object
	l *life
}

type worker struct {
	r        *run
	id       int
	rng      *rand.Rand
	wt       *waiter
	comp     chan *wreq
	incoming chan ndk.Connector
	exited   atomic.Bool
	failed   atomic.Bool
	cleaning bool

	mu   sync.Mutex // step and hist, which a failure found by a callback reads
	step int
	hist []stepRec
	st   stats

	mem     [2]*wmem
	own     [2]*poller // the worker's own CQ on each side
	results []ndk.Result
	lis     ndk.Listener
	lisL    *life
	lisAddr netip.AddrPort

	usedPort bool
	connSeq  uint32
	x        [2]*qpState // the connection: side A's end, side B's
	open     []opened    // objects to close at the end (stack)
}

func newWorker(r *run, id int) *worker {
	w := &worker{r: r, id: id, rng: rand.New(rand.NewPCG(r.cfg.Seed, uint64(id))),
		comp: make(chan *wreq, 1024), incoming: make(chan ndk.Connector, 16), hist: make([]stepRec, 0, r.cfg.History)}
	w.st.kinds = map[string]int{}
	w.wt = newWaiter(r.timeout)
	w.wt.comp = w.comp
	w.wt.process = w.process
	w.wt.abort = func() bool { return !w.cleaning && r.stop.Load() }
	w.wt.poll = w.pollOwn
	return w
}

// failv records the worker's first violation (with its steps and a replay
// command) and stops the run. Once the run stopped for another's failure,
// what follows is its consequence, not a finding.
func (w *worker) failv(v finding.Violation) {
	if w.r.stop.Load() || w.failed.Swap(true) {
		return
	}
	w.mu.Lock()
	f := Failure{Violation: v, Seed: w.r.cfg.Seed, Worker: w.id, Step: w.step}
	for i := range w.hist {
		s := w.hist[(w.step+i)%len(w.hist)]
		f.Steps = append(f.Steps, fmt.Sprintf("%d: %s %d %d", s.n, s.what, s.a, s.b))
	}
	w.mu.Unlock()
	if w.r.cfg.Replay != nil {
		f.Replay = w.r.cfg.Replay(w.r.cfg.Seed, w.id, f.Step)
	}
	w.r.addFailure(f)
	for _, o := range w.r.workers {
		o.wt.wake()
	}
}

// record starts step what.
func (w *worker) record(what string, a, b int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.step++
	s := stepRec{n: w.step, what: what, a: a, b: b}
	w.st.kinds[what]++
	if len(w.hist) < cap(w.hist) {
		w.hist = append(w.hist, s)
	} else {
		w.hist[(w.step-1)%len(w.hist)] = s
	}
}

func (w *worker) done() bool {
	cfg := &w.r.cfg
	return w.r.stop.Load() || w.r.halted.Load() || w.failed.Load() || cfg.Ops > 0 && w.step >= cfg.Ops || !w.r.end.IsZero() && time.Now().After(w.r.end)
}

func (w *worker) deliver(q *wreq) {
	select {
	case w.comp <- q:
		return
	default:
	}
	if w.exited.Load() {
		return
	}
	t := time.NewTimer(w.r.timeout)
	defer t.Stop()
	select {
	case w.comp <- q:
	case <-t.C:
	}
}

func (w *worker) run() {
	defer w.exited.Store(true)
	if w.setup() {
		for !w.done() {
			if !w.connect() {
				break
			}
			n := 1 + w.rng.IntN(24)
			for i := 0; i < n && !w.done(); i++ {
				w.op()
			}
			if w.failed.Load() || w.r.stop.Load() {
				break
			}
			w.teardown()
		}
	}
	w.cleanup()
}

func (w *worker) push(o ndk.Object, l *life) { w.open = append(w.open, opened{o, l}) }

func (w *worker) closed(l *life) {
	w.open = slices.DeleteFunc(w.open, func(o opened) bool { return o.l == l })
}

func (w *worker) close(o ndk.Object, l *life) bool {
	if !closeObj(w.wt, w, o, l) {
		return false
	}
	w.closed(l)
	return true
}

// create makes a create call; a refusal with STATUS_INSUFFICIENT_RESOURCES
// (CR-11) is counted and reported as refused.
func (w *worker) create(call string, l *life, fn func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status)) (o ndk.Object, refused bool) {
	o, st, ok := create(w.wt, w, call, l, fn)
	if ok {
		w.push(o, l)
		return o, false
	}
	if st == ndk.StatusInsufficientResources {
		w.st.refused++
		return nil, true
	}
	if !w.failed.Load() && !w.r.stop.Load() {
		w.failv(finding.Violation{Setup: true, Call: call, Object: l.name, Side: l.side,
			Expected: "STATUS_SUCCESS, or STATUS_INSUFFICIENT_RESOURCES", Observed: st.String()})
	}
	return nil, false
}

// req makes a request call and waits for its final status.
func (w *worker) req(call string, l *life, async bool, fn func(done ndk.RequestCompletion, ctx any) ndk.Status) (ndk.Status, bool) {
	var p *pend
	if async {
		p = requestAsync(w.wt, w, call, l, fn)
	} else {
		p = request(w.wt, w, call, l, fn)
	}
	return p.wait("CR-4")
}

// setup creates the worker's memory on both sides, its MWs and
// fast-register MRs, and its listener (for its connections over the shared
// endpoint).
func (w *worker) setup() bool {
	for i, s := range []*side{w.r.a, w.r.b} {
		m := &wmem{i: i, s: s, buf: make([]byte, memSize), shadow: make([]byte, memSize),
			va: 0x1_0000_0000 + uint64(w.id)<<24, frBuf: make([]byte, frSize), frShad: make([]byte, frSize),
			scratch: make([]byte, scratchSize), scrSh: make([]byte, scratchSize)}
		m.scratchVA = m.va + 0x80_0000
		w.mem[i] = m
		name := fmt.Sprintf("w%d.", w.id)
		m.mrL = &life{name: name + "mr", side: s.name}
		o, _ := w.create("NdkCreateMr", m.mrL, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
			return s.pd.CreateMR(false, done, ctx)
		})
		if o == nil {
			return false
		}
		m.mr = o.(ndk.MR)
		if st, ok := w.req("NdkRegisterMr", m.mrL, false, func(done ndk.RequestCompletion, ctx any) ndk.Status {
			return m.mr.Register(m.buf, m.va, memFlags, done, ctx)
		}); !ok || st != ndk.StatusSuccess {
			w.failv(finding.Violation{Setup: true, Call: "NdkRegisterMr", Object: m.mrL.name, Side: s.name, Expected: "STATUS_SUCCESS", Observed: st.String()})
			return false
		}
		m.mwL = &life{name: name + "mw", side: s.name}
		if o, _ := w.create("NdkCreateMw", m.mwL, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
			return s.pd.CreateMW(done, ctx)
		}); o != nil {
			m.mw = o.(ndk.MW)
		}
		if s.info.FRMRPageCount >= frPages {
			m.frL = &life{name: name + "frmr", side: s.name}
			if o, _ := w.create("NdkCreateMr", m.frL, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
				return s.pd.CreateMR(true, done, ctx)
			}); o != nil {
				m.fr = o.(ndk.MR)
				if st, ok := w.req("NdkInitializeFastRegisterMr", m.frL, false, func(done ndk.RequestCompletion, ctx any) ndk.Status {
					return m.fr.InitializeFastRegister(frPages, true, done, ctx)
				}); !ok || st != ndk.StatusSuccess {
					w.failv(finding.Violation{Rule: "MR-10", Call: "NdkInitializeFastRegisterMr", Object: m.frL.name, Side: s.name,
						Expected: fmt.Sprintf("STATUS_SUCCESS: %d pages, FRMRPageCount is %d", frPages, s.info.FRMRPageCount), Observed: st.String()})
					return false
				}
				m.lam.Pages = make([]uint64, frPages)
				if st, ok := w.req("NdkBuildLam", m.frL, false, func(done ndk.RequestCompletion, ctx any) ndk.Status {
					return s.ad.BuildLAM(m.frBuf, &m.lam, done, ctx)
				}); !ok || st != ndk.StatusSuccess {
					w.failv(finding.Violation{Rule: "MR-20", Call: "NdkBuildLam", Object: "adapter", Side: s.name,
						Expected: fmt.Sprintf("STATUS_SUCCESS: %d bytes, %d pages", frSize, frPages), Observed: st.String()})
					return false
				}
				m.lamBuilt = true
				m.frBase = uint64(m.lam.FBO) + (0x20_0000+uint64(w.id)*64)*ndk.PageSize
			}
		}
	}
	for i, s := range []*side{w.r.a, w.r.b} {
		p := &poller{w: w, r: w.r, s: s, l: &life{name: fmt.Sprintf("w%d.cq", w.id), side: s.name}, note: make(chan ndk.Status, 1)}
		o, _ := w.create("NdkCreateCq", p.l, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
			return s.ad.CreateCQ(ndk.CQParams{Depth: 4*s.qpDepth + 16, Notify: p.onNotify}, done, ctx)
		})
		if o == nil {
			return false
		}
		p.cq = o.(ndk.CQ)
		w.own[i] = p
	}
	b := w.r.b
	if w.r.a.se != nil {
		w.lisL = &life{name: fmt.Sprintf("w%d.listener", w.id), side: "B"}
		o, _ := w.create("NdkCreateListener", w.lisL, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
			return b.ad.CreateListener(w.onConnect, nil, done, ctx)
		})
		if o == nil {
			return false
		}
		w.lis = o.(ndk.Listener)
		if st, ok := w.req("NdkListen", w.lisL, false, func(done ndk.RequestCompletion, ctx any) ndk.Status {
			return w.lis.Listen(netip.AddrPortFrom(b.addr, 0), done, ctx)
		}); !ok || st != ndk.StatusSuccess {
			w.failv(finding.Violation{Rule: "CN-1", Call: "NdkListen", Object: w.lisL.name, Side: "B", Expected: "STATUS_SUCCESS on port 0", Observed: st.String()})
			return false
		}
		var st ndk.Status
		if w.lisAddr, st = w.lis.GetLocalAddress(); st != ndk.StatusSuccess {
			w.failv(finding.Violation{Rule: "CN-2", Call: "NdkGetListenerLocalAddress", Object: w.lisL.name, Side: "B", Expected: "STATUS_SUCCESS", Observed: st.String()})
			return false
		}
	}
	return !w.failed.Load()
}

func (w *worker) onConnect(_ any, c ndk.Connector) {
	w.lisL.check(w, "NdkConnectEventCallback")
	select {
	case w.incoming <- c:
	default:
		w.failv(finding.Violation{Setup: true, Call: "NdkConnectEventCallback", Object: w.lisL.name, Side: "B",
			Expected: "one connect event per NdkConnectWithSharedEndpoint to it", Observed: "more"})
	}
	w.wt.wake()
}

// cleanup closes what the worker left open (all of it after a failure;
// its memory, MWs, MRs and listener otherwise).
func (w *worker) cleanup() {
	w.cleaning = true
	for len(w.incoming) > 0 {
		c := <-w.incoming
		w.push(c, &life{name: fmt.Sprintf("w%d.incoming", w.id), side: "B"})
	}
	for _, m := range w.mem {
		if m != nil && m.lamBuilt && w.r.isAbandoned() {
			m.lamBuilt = false
		}
	}
	for len(w.open) > 0 && !w.r.isAbandoned() {
		o := w.open[len(w.open)-1]
		for _, m := range w.mem {
			if m == nil {
				continue
			}
			if o.l == m.mrL {
				w.req("NdkDeregisterMr", m.mrL, false, m.mr.Deregister)
			}
			if o.l == m.frL && m.lamBuilt {
				m.lamBuilt = false
				defer m.s.ad.ReleaseLAM(&m.lam)
			}
		}
		for i, p := range w.own {
			if p != nil && o.l == p.l {
				w.own[i] = nil // closing: polled and armed no more (CR-8)
			}
		}
		if !w.close(o.o, o.l) {
			w.r.abandon(fmt.Sprintf("worker %d: side %s's %s did not close", w.id, o.l.side, o.l.name))
			return
		}
	}
}

// pollOwn polls the worker's own CQs (the worker is the only one that
// calls NdkGetCqResults and NdkArmCq on them, CH-1) and arms each that is
// empty; their notifications wake the worker.
func (w *worker) pollOwn() {
	if w.results == nil {
		w.results = make([]ndk.Result, 16)
	}
	for _, p := range w.own {
		if p == nil || p.l.closed.Load() || w.r.isAbandoned() {
			continue
		}
		for {
			n := p.cq.GetResults(w.results)
			if n < 0 || n > len(w.results) {
				w.failv(finding.Violation{Rule: "CQ-13", Call: "NdkGetCqResults", Object: p.l.name, Side: p.s.name,
					Expected: fmt.Sprintf("the number of completions removed, 0..%d", len(w.results)), Observed: fmt.Sprint(n)})
				return
			}
			for i := range n {
				if q := p.dispatch(&w.results[i]); q != nil {
					w.process(q)
				}
				w.results[i] = ndk.Result{}
			}
			if n == 0 {
				break
			}
		}
		select {
		case st := <-p.note:
			if st != ndk.StatusSuccess {
				w.failv(finding.Violation{Rule: "QP-4", Call: "NdkCqNotificationCallback", Object: p.l.name, Side: p.s.name,
					Expected: "STATUS_SUCCESS: the CQ holds every request outstanding, one completion each", Observed: st.String()})
			}
		default:
		}
		if !p.armed.Load() {
			p.armed.Store(true)
			p.cq.Arm(ndk.CQNotifyAny)
		}
	}
}

// ---- connections ----

func (w *worker) newQP(s *side, m *wmem, srq bool, seq uint32) *qpState {
	qs := &qpState{w: w, side: s, m: m, onSRQ: srq, msgs: map[uint32]msg{},
		name: fmt.Sprintf("w%d.c%d.qp", w.id, seq)}
	cqs := append(s.cqs[:len(s.cqs):len(s.cqs)], w.own[m.i])
	qs.icq, qs.rcq = cqs[w.rng.IntN(len(cqs))], cqs[w.rng.IntN(len(cqs))]
	qs.l = &life{name: qs.name, side: s.name}
	qs.cl = &life{name: fmt.Sprintf("w%d.c%d.connector", w.id, seq), side: s.name}
	p := ndk.QPParams{ReceiveCQ: qs.rcq.cq, InitiatorCQ: qs.icq.cq, Context: qs, ReceiveQueueDepth: s.qpDepth, InitiatorQueueDepth: s.qpDepth,
		MaxReceiveRequestSGE: uint32(s.sge), MaxInitiatorRequestSGE: uint32(s.sge), InlineDataSize: s.inline}
	call := "NdkCreateQp"
	if srq {
		call = "NdkCreateQpWithSrq"
	}
	o, _ := w.create(call, qs.l, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
		if srq {
			return s.pd.CreateQPWithSRQ(p, s.srq.srq, done, ctx)
		}
		return s.pd.CreateQP(p, done, ctx)
	})
	if o == nil {
		return nil
	}
	qs.qp = o.(ndk.QP)
	if !srq {
		for i := range int(s.qpDepth) {
			qs.freeSlots = append(qs.freeSlots, int(s.qpDepth)-1-i)
		}
	}
	return qs
}

// connect connects a new QP of side A to a new QP of side B: from an
// ephemeral port or the worker's fixed port to the shared listener, or
// over the shared endpoint to the worker's listener.
func (w *worker) connect() bool {
	a, b := w.r.a, w.r.b
	seq := w.connSeq
	w.connSeq++
	mode := w.rng.IntN(3)
	srq := w.rng.IntN(2) == 0
	w.record([3]string{"connect ephemeral port", "connect fixed port", "connect shared endpoint"}[mode], int(seq), b2i(srq))
	if mode == 2 && w.lis == nil {
		mode = 0
	}
	srq = srq && b.srq != nil
	xa := w.newQP(a, w.mem[0], false, seq)
	if xa == nil {
		return false
	}
	xb := w.newQP(b, w.mem[1], srq, seq)
	if xb == nil {
		return false
	}
	xa.peer, xb.peer = xb, xa
	w.x = [2]*qpState{xa, xb}
	o, _ := w.create("NdkCreateConnector", xa.cl, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
		return a.ad.CreateConnector(done, ctx)
	})
	if o == nil {
		return false
	}
	xa.conn = o.(ndk.Connector)
	for _, x := range w.x {
		if n := w.rng.IntN(4); n > 0 && !x.onSRQ {
			w.postRecvs(x, n)
		}
	}
	priv := make([]byte, privLen)
	copy(priv, privMagic[:])
	binary.LittleEndian.PutUint32(priv[4:], uint32(w.id))
	binary.LittleEndian.PutUint32(priv[8:], seq)
	p := ndk.ConnectParams{QP: xa.qp, Source: netip.AddrPortFrom(a.addr, 0), Destination: b.lisAddr,
		InboundReadLimit: min(readLimit, a.info.MaxInboundReadLimit), OutboundReadLimit: min(readLimit, a.info.MaxOutboundReadLimit), PrivateData: priv}
	call := "NdkConnect"
	switch mode {
	case 1:
		p.Source = netip.AddrPortFrom(a.addr, uint16(PortBase+w.id))
		w.usedPort = true
	case 2:
		p.Destination = w.lisAddr
		call = "NdkConnectWithSharedEndpoint"
	}
	t0 := time.Now()
	pc := requestAsync(w.wt, w, call, xa.cl, func(done ndk.RequestCompletion, ctx any) ndk.Status {
		if mode == 2 {
			return xa.conn.ConnectWithSharedEndpoint(a.se, p, done, ctx)
		}
		return xa.conn.Connect(p, done, ctx)
	})
	connectFailed := func(st ndk.Status) {
		rule, why := "CN-3", "the listener listens and is not paused, the 4-tuple is new"
		switch {
		case mode == 1 && (st == ndk.StatusSharingViolation || st == ndk.StatusAddressAlreadyExists):
			rule, why = "LC-19", fmt.Sprintf("the source port %d was last used by a connector of this worker that is closed", p.Source.Port())
		case mode == 2 && st == ndk.StatusAddressAlreadyExists:
			why = "the last connector of this worker from the shared endpoint to its listener is closed"
		}
		w.failv(finding.Violation{Rule: rule, Call: call, Object: xa.cl.name, Side: "A",
			Expected: "STATUS_SUCCESS: " + why, Observed: st.String()})
	}
	if !w.wt.until(func() bool { return len(w.incoming) > 0 || pc.done() }) {
		w.failv(finding.Violation{Rule: "CN-3", Call: call, Object: xa.cl.name, Side: "A",
			Expected: "a connect event at side B's listener, or the connect's completion", Observed: "neither within " + w.r.timeout.String()})
		return false
	}
	if len(w.incoming) == 0 {
		st, _ := pc.final()
		if st == ndk.StatusSuccess {
			st = ndk.StatusUnsuccessful
			w.failv(finding.Violation{Rule: "CN-3", Call: call, Object: xa.cl.name, Side: "A",
				Expected: "no completion before side B accepted", Observed: "STATUS_SUCCESS with no connect event at side B"})
			return false
		}
		connectFailed(st)
		return false
	}
	xb.conn = <-w.incoming
	w.push(xb.conn, xb.cl)
	pa := requestAsync(w.wt, w, "NdkAccept", xb.cl, func(done ndk.RequestCompletion, ctx any) ndk.Status {
		return xb.conn.Accept(ndk.AcceptParams{QP: xb.qp, InboundReadLimit: min(readLimit, b.info.MaxInboundReadLimit),
			OutboundReadLimit: min(readLimit, b.info.MaxOutboundReadLimit), OnDisconnect: xb.onDisconnect}, done, ctx)
	})
	st, ok := pc.wait("CN-3")
	if !ok {
		return false
	}
	if st != ndk.StatusSuccess {
		connectFailed(st)
		return false
	}
	if st, ok := w.req("NdkCompleteConnect", xa.cl, true, func(done ndk.RequestCompletion, ctx any) ndk.Status {
		return xa.conn.CompleteConnect(xa.onDisconnect, nil, done, ctx)
	}); !ok || st != ndk.StatusSuccess {
		if ok {
			w.failv(finding.Violation{Rule: "CN-7", Call: "NdkCompleteConnect", Object: xa.cl.name, Side: "A", Expected: "STATUS_SUCCESS: side B accepts", Observed: st.String()})
		}
		return false
	}
	if st, ok := pa.wait("CN-8"); !ok || st != ndk.StatusSuccess {
		if ok {
			w.failv(finding.Violation{Rule: "CN-8", Call: "NdkAccept", Object: xb.cl.name, Side: "B", Expected: "STATUS_SUCCESS: side A completed the connect", Observed: st.String()})
		}
		return false
	}
	w.st.connLat.add(time.Since(t0))
	w.st.connections++
	return true
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// teardown ends the connection (a graceful disconnect from either side, or
// a close of one side's connector), cancels the receives left and closes
// both ends, each in a random order (the QP first: its close pends until
// the connector, its successor, is closed, LT-16).
func (w *worker) teardown() {
	mode := w.rng.IntN(3)
	first := w.rng.IntN(2)
	order := [2]int{w.rng.IntN(2), w.rng.IntN(2)}
	w.record([3]string{"disconnect", "disconnect", "close connector (abort)"}[mode], first, order[0]*2+order[1])
	x, y := w.x[first], w.x[1-first]
	x.flushing, y.flushing = true, true
	switch mode {
	case 0, 1:
		st, ok := w.req("NdkDisconnect", x.cl, true, x.conn.Disconnect)
		if !ok {
			return
		}
		if st != ndk.StatusSuccess {
			w.failv(finding.Violation{Rule: "DS-4", Call: "NdkDisconnect", Object: x.cl.name, Side: x.side.name,
				Expected: "STATUS_SUCCESS: the peer answers the graceful disconnect", Observed: st.String()})
			return
		}
	case 2:
		if !w.flush(x) || !w.close(x.conn, x.cl) {
			return
		}
		x.conn = nil
	}
	if !w.wt.until(func() bool { return y.events.Load() > 0 }) {
		w.failv(finding.Violation{Rule: "DS-6", Call: "NdkDisconnectEventCallback", Object: y.cl.name, Side: y.side.name,
			Expected: "a disconnect event: the peer " + [3]string{"disconnected", "disconnected", "closed its connector"}[mode], Observed: "none within " + w.r.timeout.String()})
		return
	}
	for i, e := range []*qpState{x, y} {
		if !w.flush(e) {
			return
		}
		if e.conn == nil {
			if !w.close(e.qp, e.l) {
				return
			}
			continue
		}
		if order[i] == 0 {
			if !w.close(e.conn, e.cl) || !w.close(e.qp, e.l) {
				return
			}
			continue
		}
		p := startClose(w.wt, w, e.qp, e.l)
		if back, ret := p.returnedYet(); back && ret == ndk.StatusSuccess {
			w.failv(finding.Violation{Rule: "LT-16", Call: "NdkCloseObject", Object: e.l.name, Side: e.side.name,
				Expected: "STATUS_PENDING: its connector, a successor, is open", Observed: "STATUS_SUCCESS"})
			return
		}
		if !w.close(e.conn, e.cl) || !p.finishClose() {
			return
		}
		w.closed(e.l)
	}
	if mode != 2 && x.events.Load() != 0 {
		w.failv(finding.Violation{Rule: "DS-2", Call: "NdkDisconnectEventCallback", Object: x.cl.name, Side: x.side.name,
			Expected: "no disconnect event for the consumer's own NdkDisconnect", Observed: fmt.Sprint(x.events.Load())})
		return
	}
	for i, m := range w.mem {
		w.r.pull(m.buf)
		w.checkMem(m, "NdkCloseObject", w.x[i].name, 0, memSize)
	}
	w.x = [2]*qpState{}
}

// flush cancels the receives left on e's QP.
func (w *worker) flush(e *qpState) bool {
	if e.outRecv == 0 {
		return true
	}
	e.qp.Flush()
	if !w.wt.until(func() bool { return e.outRecv == 0 }) {
		w.failv(finding.Violation{Rule: "QP-21", Call: "NdkFlush", Object: e.name, Side: e.side.name,
			Expected: "every receive posted completes (STATUS_CANCELLED)", Observed: fmt.Sprintf("%d did not within %v", e.outRecv, w.r.timeout)})
		return false
	}
	return true
}

// ---- steps on the connection ----

func (w *worker) op() {
	dir := w.rng.IntN(2)
	i, t := w.x[dir], w.x[1-dir]
	switch k := w.rng.IntN(100); {
	case k < 25:
		w.record("send", dir, 1)
		w.sends(i, t, 1)
	case k < 35:
		w.record("sends at full queue depth", dir, 0)
		w.sends(i, t, 0)
	case k < 42:
		w.record("post receives", dir, 0)
		if !t.onSRQ && t.outRecv < int(t.side.qpDepth) {
			w.postRecvs(t, 1+w.rng.IntN(int(t.side.qpDepth)-t.outRecv))
		}
	case k < 62:
		w.write(i, t)
	case k < 77:
		w.read(i, t)
	case k < 85:
		w.bind(i, t)
	case k < 93:
		w.fastRegister(i, t)
	default:
		w.register(i, t)
	}
}

// size draws a transfer size in [1, n], every power of two as likely.
func (w *worker) size(n int) int {
	k := w.rng.IntN(bits.Len(uint(n)))
	return min(max(1<<k+w.rng.IntN(1<<k), 1), n)
}

// fill fills b and its shadow with random bytes.
func (w *worker) fill(b, shadow []byte) {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		binary.LittleEndian.PutUint64(b[i:], w.rng.Uint64())
	}
	for ; i < len(b); i++ {
		b[i] = byte(w.rng.Uint32())
	}
	copy(shadow, b)
}

// sgl is [off, off+n) of m in one to max SGEs.
func (w *worker) sgl(m *wmem, tok uint32, off, n, maxSGE int) []ndk.SGE {
	k := 1 + w.rng.IntN(maxSGE)
	if n < k {
		k = 1
	}
	out := make([]ndk.SGE, 0, k)
	piece := n / k
	for j := range k {
		l := piece
		if j == k-1 {
			l = n - piece*(k-1)
		}
		out = append(out, ndk.SGE{VirtualAddress: m.va + uint64(off+j*piece), Length: uint32(l), MemoryRegionToken: tok})
	}
	return out
}

// post posts a work request; a post that fails inline is a violation
// (the request is legal and the queue has room).
func (w *worker) post(qs *qpState, kind byte, call, rule string, n int, fn func(q *wreq) ndk.Status) *wreq {
	q := &wreq{w: w, qs: qs, kind: kind, call: call, n: n, at: time.Now()}
	if st := fn(q); st != ndk.StatusSuccess {
		w.failv(finding.Violation{Rule: rule, Call: call, Object: qs.name, Side: qs.side.name,
			Expected: "STATUS_SUCCESS: a legal request on a connected QP whose queue has room", Observed: st.String()})
		return nil
	}
	if kind == kInit {
		qs.outInit++
	}
	return q
}

// await waits for the completions of qs.
func (w *worker) await(qs ...*wreq) bool {
	if w.wt.until(func() bool {
		for _, q := range qs {
			if !q.got {
				return false
			}
		}
		return true
	}) {
		return !w.failed.Load()
	}
	if w.r.stop.Load() {
		// cut short: a poller may be handing these over right now
		return false
	}
	for _, q := range qs {
		if !q.got {
			w.failv(finding.Violation{Rule: "QP-4", Call: q.call, Object: q.qs.name, Side: q.qs.side.name,
				Expected: "a completion on the QP's CQ", Observed: "none within " + w.r.timeout.String()})
			break
		}
	}
	return false
}

// process handles a completion the pollers handed the worker.
func (w *worker) process(q *wreq) {
	q.got = true
	qs := q.qs
	switch q.kind {
	case kInit:
		qs.outInit--
		if q.res.Status != ndk.StatusSuccess {
			rule := "QP-4"
			if q.call == "NdkWrite" || q.call == "NdkRead" {
				rule = "MR-16"
			}
			w.failv(finding.Violation{Rule: rule, Call: q.call, Object: qs.name, Side: qs.side.name,
				Expected: "STATUS_SUCCESS: a legal request on a connected QP", Observed: q.res.Status.String()})
			return
		}
		w.st.ops++
		w.st.bytes += uint64(q.n)
		w.st.opLat.add(time.Since(q.at))
	case kRecv:
		qs.outRecv--
		qs.freeSlots = append(qs.freeSlots, q.slot)
		if q.res.Status == ndk.StatusCancelled && qs.flushing {
			return
		}
		if q.res.Status != ndk.StatusSuccess {
			w.failv(finding.Violation{Rule: "QP-4", Call: "NdkReceive", Object: qs.name, Side: qs.side.name,
				Expected: "STATUS_SUCCESS: the peer sent a message no longer than the buffer", Observed: q.res.Status.String()})
			return
		}
		off := aRecv + q.slot*msgMax
		w.r.pull(qs.m.buf[off : off+msgMax])
		w.checkMsg(qs, "NdkReceive", q, qs.m.buf[off:off+msgMax])
		copy(qs.m.shadow[off:off+msgMax], qs.m.buf[off:off+msgMax])
	case kSRQ:
		p := qs.side.srq
		if q.res.Status != ndk.StatusSuccess {
			w.failv(finding.Violation{Rule: "QP-4", Call: "NdkSrqReceive", Object: qs.name, Side: qs.side.name,
				Expected: "STATUS_SUCCESS: the peer sent a message no longer than the buffer", Observed: q.res.Status.String()})
			return
		}
		w.r.pull(p.mem[q.slot*msgMax : (q.slot+1)*msgMax])
		w.checkMsg(qs, "NdkSrqReceive", q, p.mem[q.slot*msgMax:(q.slot+1)*msgMax])
		p.post(q.slot)
	}
}

// checkMsg checks a receive's buffer b: the bytes of a message sent to qs
// not received yet, and nothing past them.
func (w *worker) checkMsg(qs *qpState, call string, q *wreq, b []byte) {
	n := int(q.res.BytesTransferred)
	fail := func(rule, exp, obs string) {
		w.failv(finding.Violation{Rule: rule, Call: call, Object: qs.name, Side: qs.side.name, Expected: exp, Observed: obs})
	}
	if [4]byte(b[:4]) != msgMagic || binary.LittleEndian.Uint32(b[4:]) != uint32(w.id) {
		fail("QP-4", "the bytes of a message sent on the connection", fmt.Sprintf("a buffer starting % x (BytesTransferred %d)", b[:hdrLen], n))
		return
	}
	seq := binary.LittleEndian.Uint32(b[12:])
	m, ok := qs.msgs[seq]
	if !ok {
		fail("QP-4", "the bytes of a message sent on the connection and not received yet", fmt.Sprintf("message %d (connection %d) again", seq, binary.LittleEndian.Uint32(b[8:])))
		return
	}
	delete(qs.msgs, seq)
	if n != len(m.src) {
		fail("QP-13", fmt.Sprintf("BytesTransferred %d, the length of the send", len(m.src)), fmt.Sprint(n))
		return
	}
	if !bytes.Equal(b[:n], m.src) {
		i := firstDiff(b[:n], m.src)
		fail("QP-4", fmt.Sprintf("the %d bytes of message %d", n, seq), fmt.Sprintf("byte %d is %#02x, sent %#02x", i, b[i], m.src[i]))
		return
	}
	if !bytes.Equal(b[n:], poisonBlock[:len(b)-n]) {
		i := n + firstDiff(b[n:], poisonBlock)
		fail("QP-4", fmt.Sprintf("nothing written past the %d bytes of the send", n), fmt.Sprintf("byte %d of the buffer written (%#02x)", i, b[i]))
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// checkMem checks [off, off+n) of m against its shadow.
func (w *worker) checkMem(m *wmem, call, object string, off, n int) bool {
	if bytes.Equal(m.buf[off:off+n], m.shadow[off:off+n]) {
		return true
	}
	i := off + firstDiff(m.buf[off:off+n], m.shadow[off:off+n])
	w.failv(finding.Violation{Rule: "MR-16", Call: call, Object: object, Side: m.s.name,
		Expected: fmt.Sprintf("byte %d of the worker's region (%s) %#02x", i, area(i), m.shadow[i]), Observed: fmt.Sprintf("%#02x", m.buf[i])})
	return false
}

func area(i int) string {
	return [4]string{"send sources", "receive buffers", "RDMA target", "read sink"}[i/areaSize]
}

// postRecvs posts n receives on t's own receive queue.
func (w *worker) postRecvs(t *qpState, n int) {
	for range n {
		slot := t.freeSlots[len(t.freeSlots)-1]
		off := aRecv + slot*msgMax
		copy(t.m.buf[off:off+msgMax], poisonBlock)
		copy(t.m.shadow[off:off+msgMax], poisonBlock)
		w.r.push(t.m.buf[off : off+msgMax])
		q := w.post(t, kRecv, "NdkReceive", "QP-4", 0, func(q *wreq) ndk.Status {
			q.slot = slot
			return t.qp.Receive(q, w.sgl(t.m, t.m.mr.LocalToken(), off, msgMax, t.side.sge))
		})
		if q == nil {
			return
		}
		t.freeSlots = t.freeSlots[:len(t.freeSlots)-1]
		t.outRecv++
	}
}

// sends sends n messages from i to t (0: as many as the queues take at
// once), each checked at t.
func (w *worker) sends(i, t *qpState, n int) {
	depth := int(i.side.qpDepth)
	if n == 0 {
		n = depth
		if t.onSRQ {
			n = min(n, 8)
		}
	}
	if !t.onSRQ {
		if t.outRecv < n && t.outRecv < int(t.side.qpDepth) {
			w.postRecvs(t, min(n, int(t.side.qpDepth))-t.outRecv)
		}
		n = min(n, t.outRecv)
	}
	if w.failed.Load() {
		return
	}
	qs := make([]*wreq, 0, n)
	for k := range n {
		l := hdrLen + w.size(msgMax-hdrLen)
		off := aSrc + k*msgMax
		b := i.m.buf[off : off+l]
		w.fill(b, i.m.shadow[off:off+l])
		copy(b, msgMagic[:])
		binary.LittleEndian.PutUint32(b[4:], uint32(w.id))
		binary.LittleEndian.PutUint32(b[8:], w.connSeq-1)
		binary.LittleEndian.PutUint32(b[12:], i.msgSeq)
		copy(i.m.shadow[off:off+hdrLen], b[:hdrLen])
		w.r.push(b)
		t.msgs[i.msgSeq] = msg{src: b}
		i.msgSeq++
		flags := uint32(0)
		if l <= int(i.side.inline) && w.rng.IntN(2) == 0 {
			flags |= ndk.OpFlagInline
		}
		q := w.post(i, kInit, "NdkSend", "QP-4", l, func(q *wreq) ndk.Status {
			return i.qp.Send(q, w.sgl(i.m, i.m.mr.LocalToken(), off, l, i.side.sge), flags)
		})
		if q == nil {
			return
		}
		qs = append(qs, q)
	}
	if !w.await(qs...) {
		return
	}
	if !w.wt.until(func() bool { return len(t.msgs) == 0 }) && !w.failed.Load() {
		w.failv(finding.Violation{Rule: "QP-4", Call: "NdkReceive", Object: t.name, Side: t.side.name,
			Expected: "the receive of every message sent, their sends completed", Observed: fmt.Sprintf("%d not received within %v", len(t.msgs), w.r.timeout)})
	}
}

// write writes random bytes from i's sources to t's RDMA target under
// t's MR's remote token, then checks the whole target.
func (w *worker) write(i, t *qpState) {
	n := w.size(areaSize)
	src, dst := w.rng.IntN(areaSize-n+1), w.rng.IntN(areaSize-n+1)
	inline := n <= int(i.side.inline) && w.rng.IntN(2) == 0
	w.record("write", src, n)
	w.writeTo(i, t, "NdkWrite", src, n, inline, t.m.va+uint64(aTgt+dst), t.m.mr.RemoteToken())
	if w.failed.Load() {
		return
	}
	copy(t.m.shadow[aTgt+dst:aTgt+dst+n], i.m.buf[aSrc+src:aSrc+src+n])
	w.r.pull(t.m.buf[aTgt : aTgt+areaSize])
	w.checkMem(t.m, "NdkWrite", t.m.mrL.name, aTgt, areaSize)
}

// writeTo fills [src, src+n) of i's sources and writes it to raddr under
// token.
func (w *worker) writeTo(i, t *qpState, call string, src, n int, inline bool, raddr uint64, token uint32) {
	w.fill(i.m.buf[aSrc+src:aSrc+src+n], i.m.shadow[aSrc+src:aSrc+src+n])
	w.r.push(i.m.buf[aSrc+src : aSrc+src+n])
	flags := uint32(0)
	if inline {
		flags = ndk.OpFlagInline
	}
	sgl := w.sgl(i.m, i.m.mr.LocalToken(), aSrc+src, n, i.side.sge)
	q := w.post(i, kInit, call, "MR-16", n, func(q *wreq) ndk.Status {
		return i.qp.Write(q, sgl, raddr, token, flags)
	})
	if q != nil {
		w.await(q)
	}
}

// read reads t's RDMA target into i's sink.
func (w *worker) read(i, t *qpState) {
	n := w.size(areaSize)
	src, dst := w.rng.IntN(areaSize-n+1), w.rng.IntN(areaSize-n+1)
	w.record("read", src, n)
	maxSGE := min(i.side.sge, int(max(i.side.info.MaxReadRequestSGE, 1)))
	sgl := w.sgl(i.m, i.m.mr.LocalToken(), aSink+dst, n, maxSGE)
	q := w.post(i, kInit, "NdkRead", "MR-16", n, func(q *wreq) ndk.Status {
		return i.qp.Read(q, sgl, t.m.va+uint64(aTgt+src), t.m.mr.RemoteToken(), 0)
	})
	if q == nil || !w.await(q) {
		return
	}
	copy(i.m.shadow[aSink+dst:aSink+dst+n], t.m.shadow[aTgt+src:aTgt+src+n])
	w.r.pull(i.m.buf[aSink : aSink+areaSize])
	w.checkMem(i.m, "NdkRead", i.m.mrL.name, aSink, areaSize)
}

// bind binds t's MW to part of t's RDMA target, writes through it from i
// and invalidates it.
func (w *worker) bind(i, t *qpState) {
	l := w.size(areaSize)
	at := w.rng.IntN(areaSize - l + 1)
	n := w.size(l)
	off := w.rng.IntN(l - n + 1)
	src := w.rng.IntN(areaSize - n + 1)
	w.record("bind, write, invalidate", at, l)
	if t.m.mw == nil {
		return
	}
	va := t.m.va + uint64(aTgt+at)
	q := w.post(t, kInit, "NdkBind", "QP-4", 0, func(q *wreq) ndk.Status {
		return t.qp.Bind(q, t.m.mr, t.m.mw, va, uint64(l), ndk.OpFlagAllowRemoteWrite|ndk.OpFlagAllowRemoteRead)
	})
	if q == nil || !w.await(q) {
		return
	}
	w.writeTo(i, t, "NdkWrite", src, n, false, va+uint64(off), t.m.mw.RemoteToken())
	if w.failed.Load() {
		return
	}
	copy(t.m.shadow[aTgt+at+off:aTgt+at+off+n], i.m.buf[aSrc+src:aSrc+src+n])
	w.r.pull(t.m.buf[aTgt : aTgt+areaSize])
	if !w.checkMem(t.m, "NdkWrite", t.m.mwL.name, aTgt, areaSize) {
		return
	}
	if q := w.post(t, kInit, "NdkInvalidate", "QP-4", 0, func(q *wreq) ndk.Status {
		return t.qp.Invalidate(q, t.m.mw, 0)
	}); q != nil {
		w.await(q)
	}
}

// fastRegister fast-registers t's buffer of logical pages, writes into it
// from i and invalidates it.
func (w *worker) fastRegister(i, t *qpState) {
	n := w.size(frSize)
	off := w.rng.IntN(frSize - n + 1)
	src := w.rng.IntN(areaSize - n + 1)
	w.record("fast-register, write, invalidate", off, n)
	m := t.m
	if m.fr == nil {
		return
	}
	q := w.post(t, kInit, "NdkFastRegister", "QP-4", 0, func(q *wreq) ndk.Status {
		return t.qp.FastRegister(q, m.fr, m.lam.Pages[:m.lam.PageCount], m.lam.FBO, frSize, m.frBase, ndk.OpFlagAllowRemoteWrite|ndk.OpFlagAllowRemoteRead)
	})
	if q == nil || !w.await(q) {
		return
	}
	w.writeTo(i, t, "NdkWrite", src, n, false, m.frBase+uint64(off), m.fr.RemoteToken())
	if w.failed.Load() {
		return
	}
	copy(m.frShad[off:off+n], i.m.buf[aSrc+src:aSrc+src+n])
	w.r.pull(m.frBuf)
	if !bytes.Equal(m.frBuf, m.frShad) {
		j := firstDiff(m.frBuf, m.frShad)
		w.failv(finding.Violation{Rule: "MR-16", Call: "NdkWrite", Object: m.frL.name, Side: m.s.name,
			Expected: fmt.Sprintf("byte %d of the fast-registered buffer %#02x", j, m.frShad[j]), Observed: fmt.Sprintf("%#02x", m.frBuf[j])})
		return
	}
	if q := w.post(t, kInit, "NdkInvalidate", "QP-4", 0, func(q *wreq) ndk.Status {
		return t.qp.Invalidate(q, m.fr, 0)
	}); q != nil {
		w.await(q)
	}
}

// register registers t's scratch buffer in a new MR, writes into it from
// i, deregisters and closes the MR.
func (w *worker) register(i, t *qpState) {
	n := w.size(scratchSize)
	off := w.rng.IntN(scratchSize - n + 1)
	src := w.rng.IntN(areaSize - n + 1)
	w.record("register, write, deregister", off, n)
	m := t.m
	l := &life{name: fmt.Sprintf("w%d.s%d.mr", w.id, w.step), side: m.s.name}
	o, _ := w.create("NdkCreateMr", l, func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status) {
		return m.s.pd.CreateMR(false, done, ctx)
	})
	if o == nil {
		return
	}
	mr := o.(ndk.MR)
	st, ok := w.req("NdkRegisterMr", l, false, func(done ndk.RequestCompletion, ctx any) ndk.Status {
		return mr.Register(m.scratch, m.scratchVA, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite, done, ctx)
	})
	switch {
	case !ok:
		return
	case st == ndk.StatusInsufficientResources:
		w.st.refused++
	case st != ndk.StatusSuccess:
		w.failv(finding.Violation{Setup: true, Call: "NdkRegisterMr", Object: l.name, Side: m.s.name,
			Expected: "STATUS_SUCCESS, or STATUS_INSUFFICIENT_RESOURCES", Observed: st.String()})
		return
	default:
		w.st.registers++
		w.writeTo(i, t, "NdkWrite", src, n, false, m.scratchVA+uint64(off), mr.RemoteToken())
		if w.failed.Load() {
			return
		}
		copy(m.scrSh[off:off+n], i.m.buf[aSrc+src:aSrc+src+n])
		w.r.pull(m.scratch)
		if !bytes.Equal(m.scratch, m.scrSh) {
			j := firstDiff(m.scratch, m.scrSh)
			w.failv(finding.Violation{Rule: "MR-16", Call: "NdkWrite", Object: l.name, Side: m.s.name,
				Expected: fmt.Sprintf("byte %d of the registered buffer %#02x", j, m.scrSh[j]), Observed: fmt.Sprintf("%#02x", m.scratch[j])})
			return
		}
		if st, ok := w.req("NdkDeregisterMr", l, false, mr.Deregister); !ok || st != ndk.StatusSuccess {
			if ok {
				w.failv(finding.Violation{Setup: true, Call: "NdkDeregisterMr", Object: l.name, Side: m.s.name, Expected: "STATUS_SUCCESS", Observed: st.String()})
			}
			return
		}
	}
	w.close(mr, l)
}
