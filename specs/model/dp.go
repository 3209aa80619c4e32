package model

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	"pgregory.net/rapid"
)

// dpRules are the labels of the data-path model: the rules it checks (the
// package doc lists its moves and checks) that a broken variant of sim has
// failed it with (make selftest proves every label). It also checks QP-22
// (a disconnect that never completes, requests a disconnect left
// unflushed), which no variant has failed it with yet: its disconnect
// move is rare and seldom has requests outstanding (seeds 1-4 against
// no-flush-after-disconnect, hang-with-outstanding, flush-completes-twice);
// a finding still names it.
var dpRules = []string{
	"QP-3", "QP-4", "QP-5", "QP-6", "QP-7", "QP-10", "QP-13", "QP-18", "QP-19", "QP-20", "QP-21",
	"DP-4", "DP-5", "DP-6", "WR-7", "DS-10",
	"MR-8", "MR-10", "MR-12", "MR-13", "MR-16", "MR-20", "AI-3", "AI-5", "IF-5",
	"CH-6", "CH-7", "CH-8", "CH-9", "CQ-5", "CQ-6", "CQ-8", "CQ-9", "CQ-10", "CQ-11", "CQ-13", "CQ-15", "CQ-16",
	"CR-12",
	"SQ-2", "SQ-3", "SQ-4", "SQ-5",
}

var _ = Describe("Model of the data path and memory", Label("model", "queues", "memory"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		suite.ModelIt(dpRules, "keeps every status, completion, notification and byte of random sequences of receives, sends, writes, reads, binds, invalidations, arms, flushes and disconnects over QPs sharing CQs and an SRQ within what the pages allow", func() {
			p := suite.NewPair(f)
			runDP(p, suite.DirectFor(f), CurrentSpecReport().FullText())
		})
	})
})

// dpSequences is the share of the model budget this model takes: its
// sequences are longer than the endpoint model's.
const dpSequences = 2

// The memory of a side: one region of four areas of slots: the sources
// of its sends and writes, its receive buffers, the target of the peer's
// writes and source of its reads, and the sinks of its own reads.
const (
	dpSlot     = 256
	dpSlots    = 24
	dpAreaSrc  = 0
	dpAreaRecv = 1
	dpAreaTgt  = 2
	dpAreaSink = 3
	dpRegion   = 4 * dpSlots * dpSlot
	// dpBulk is the size of each side's bulk region, registered for the
	// first bulk fence move of a sequence: a read of it is in flight a
	// while. Its first half is the peer's to read and write, its second
	// the side's sink.
	dpBulk     = 1 << 20
	dpDepth    = 8 // each QP's receive and initiator queue
	dpSRQDepth = 16
	dpMaxConns = 6
)

func dpOff(area, slot int) int { return (area*dpSlots + slot) * dpSlot }

// dpFinding is a step that broke a rule.
type dpFinding struct {
	rules, call, object, side string
	kind                      string // what broke, without the values that differ between replays
	expected, observed        string
	costly                    string // why it is not replayed (a wait that expired)
}

type dpMem struct {
	mr    *suite.MR
	want  []byte
	loose []int // per byte: > 0 while a request may write it
	busy  [4][dpSlots]bool
	// readers of a target slot: the reads of the peer reading it now.
	readers [dpSlots][]*dpWR
	local   uint32
	remote  uint32
	noSink  bool // registered without NDK_MR_FLAG_RDMA_READ_SINK
	// bulkUsers are the requests in flight on the bulk region.
	bulkUsers int
	bulk      *suite.MR
	bulkWant  []byte
}

func (m *dpMem) alloc(area int, t *rapid.T) int {
	var free []int
	for i, b := range m.busy[area] {
		if !b {
			free = append(free, i)
		}
	}
	if len(free) == 0 {
		t.Skip("no free slot")
	}
	s := rapid.SampledFrom(free).Draw(t, "slot")
	m.busy[area][s] = true
	return s
}

func (m *dpMem) loosen(off, n, d int) {
	for i := off; i < off+n; i++ {
		m.loose[i] += d
	}
}

type dpCQ struct {
	cq    *suite.CQ
	name  string
	depth int
	armed bool
	typ   ndk.CQNotifyType
	notes int // notifications accounted for
	// drained: the notifications there were when the CQ was last read
	// empty.
	drained int
	// judge: false once the model cannot tell whether a notification is
	// due (an error under an ANY or ERRORS arm).
	judge      bool
	moderated  bool
	statusSeen int
	// due: a completion read satisfies the arm; dueRule and dueWhy say
	// which rule makes the notification due.
	due             bool
	dueRule, dueWhy string
	// armedAt: the requests posted before the arm (a completion of one
	// may have been queued before it: CH-9).
	armedAt int
	// armPoll: the polls made before the arm.
	armPoll int
	// zeroOne: the last poll of a one-entry array that returned 0;
	// nonEx: the last NdkGetCqResults (not Ex).
	zeroOne, nonEx int
	// resized: an NdkResizeCq succeeded with requests outstanding since
	// the CQ was last armed (a notification for a completion it lost
	// then breaks CQ-16).
	resized bool
}

type dpQP struct {
	qp     *suite.QP
	name   string
	side   int
	cq     *dpCQ
	srq    bool
	conn   *dpConn
	maxSGE int
	inline int
}

type dpConn struct {
	c       *suite.Connection
	qp      [2]*dpQP
	name    string
	retired bool
	// undelivered are the sends of each side that no receive took yet,
	// in the order they were posted.
	undelivered [2][]*dpWR
}

type dpMW struct {
	mw     *suite.MW
	name   string
	side   int
	bound  bool
	off, n int
	token  uint32
	home   *dpConn
	busy   bool // a bind or invalidate in flight
	// byPeer: the peer's NdkSendAndInvalidate invalidated its token
	// (a later NdkInvalidate of it fails, CH-6).
	byPeer bool
}

type dpWR struct {
	id          int
	op          string // NdkSend, NdkReceive, NdkSrqReceive, NdkWrite, NdkRead, NdkBind, NdkInvalidate
	typ         ndk.OperationType
	qp          *dpQP
	srq         bool
	silent      bool
	solicit     bool
	deferred    bool
	posted      bool
	done        bool
	landSide    int // the side whose memory it writes
	off, n      int // where (receive buffer, write target, read sink)
	data        []byte
	src         int // source slot to free (-1 none)
	tgtSlot     int // write target or read source slot of the peer (-1 none)
	srcOff      int // a read: the offset it reads from in the peer's region (or bulk region)
	flushed     string
	anyStatus   bool
	mw          *dpMW
	chainRule   string // a deferred chain's rule for its completions
	fenceReads  []*dpWR
	recvFor     *dpWR // a receive: the send it took
	invalidates *dpMW // an NdkSendAndInvalidate: the peer's window it names
	mustFail    string
	mustWhy     string // why it fails
	ext         []byte // a write's target outside the regions (a fast-registered buffer)
	fr          bool   // an NdkInvalidate of a fast-registered MR
	bulk        bool   // a read of the peer's bulk area, or a write into it
	frStatus    ndk.Status
	postPoll    int // the polls made before it was posted
	inline      bool
	// failDue: a silent request that must fail: its completion is due,
	// for these rules.
	failDue     string
	deliveredTo *dpWR // a send: the receive that took it
	// small: a receive shorter than the send it is posted for (its
	// SGE is n bytes, fewer than dpSlot).
	small  bool
	status ndk.Status // the status of its completion, once done
	// resized: an NdkResizeCq of the CQ its completion (or, for a send,
	// its receive's) comes to was made while it was outstanding: a
	// completion lost breaks CQ-16 too.
	resized bool
}

func (w *dpWR) initiator() bool { return w.op != "NdkReceive" && w.op != "NdkSrqReceive" }

func (w *dpWR) what() string {
	return fmt.Sprintf("%s #%d on %s", w.op, w.id, w.qp.name)
}

type dpSRQ struct {
	srq       *suite.SRQ
	depth     int
	pending   []*dpWR
	armed     bool
	threshold int
	notes     int
	zeroSince bool // a threshold-0 modify since the last arm
	lastZero  bool // the last modify had threshold 0
	fired     bool // a notification came since the last non-zero threshold
	unsure    bool
	zeroDepth bool
}

type dpWorld struct {
	t       *rapid.T
	p       *suite.Pair
	d       suite.Direct
	info    [2]ndk.AdapterInfo
	ad      [2]*suite.Adapter
	pd      [2]*suite.PD
	cq      [2]*dpCQ
	mem     [2]*dpMem
	mw      [2]*dpMW
	srq     *dpSRQ
	conns   []*dpConn
	qps     []*dpQP
	wrs     []*dpWR
	steps   []string
	failure *dpFinding
	deferOK bool
	seed    byte
	polls   int
	overran bool
	// forceSlot, when >= 0, is the target slot the next write takes (a
	// fenced write after a read of it).
	forceSlot int
	// zeroOK: the write or read move may draw a request of 0 bytes
	// (OPEN-5).
	zeroOK bool
	// The overrun move's CQs and MRs, closed with the others.
	extraCQs []*suite.CQ
	extraMRs []*suite.MR
	lams     []*ndk.LAM // released once the MRs are closed
	lamSide  []int
}

func (w *dpWorld) step(format string, args ...any) {
	w.steps = append(w.steps, fmt.Sprintf(format, args...))
}

func (w *dpWorld) note(format string, args ...any) {
	if len(w.steps) > 0 {
		w.steps[len(w.steps)-1] += fmt.Sprintf(format, args...)
	}
}

func (w *dpWorld) fail(f dpFinding) {
	if w.failure == nil {
		w.failure = &f
	}
	w.t.Fatalf("%s %s: %s", f.rules, f.call, f.kind)
}

func sideName(s int) string { return string(rune('A' + s)) }

// wait is how long the model waits for what must come.
func (w *dpWorld) wait() time.Duration { return w.p.Timeout() }

func (w *dpWorld) setup() {
	GinkgoHelper()
	w.ad = [2]*suite.Adapter{w.p.A, w.p.B}
	for s := range 2 {
		w.info[s] = w.ad[s].Info()
		if _, st := w.ad[s].Adapter.QueryAdapterInfo(); st != ndk.StatusSuccess {
			w.fail(dpFinding{rules: "AI-5", call: "NdkQueryAdapterInfo", object: "adapter", side: sideName(s), kind: "NdkQueryAdapterInfo did not succeed",
				expected: "STATUS_SUCCESS: it blocks until done, with a buffer large enough", observed: st.String()})
		}
		// FRMRPageCount below 16 breaks AI-1, which its own spec
		// charges; the model goes on with what the adapter has (its fast
		// registrations take at most 4 pages, and skip when NdkBuildLam
		// maps none), rather than stop before its first move.
		w.pd[s] = w.ad[s].CreatePD().MustObject()
		depth := 6*2*dpDepth + dpSRQDepth + 8
		if m := int(w.info[s].MaxCQDepth); m > 0 && (depth > m || rapid.IntRange(0, 3).Draw(w.t, "a CQ of MaxCqDepth") == 0) {
			depth = m
		}
		cqOp := w.ad[s].CreateCQ(uint32(depth))
		cq, st := cqOp.Object()
		if st == ndk.StatusInsufficientResources && depth > 6*2*dpDepth+dpSRQDepth+8 {
			depth = 6*2*dpDepth + dpSRQDepth + 8
			cq, st = w.ad[s].CreateCQ(uint32(depth)).Object()
		}
		if st != ndk.StatusSuccess {
			w.fail(dpFinding{rules: "IF-5", call: "NdkCreateCq", object: "adapter", side: sideName(s), kind: "NdkCreateCq within MaxCqDepth failed",
				expected: fmt.Sprintf("STATUS_SUCCESS (or STATUS_INSUFFICIENT_RESOURCES) for a CQ of depth %d, MaxCqDepth %d", depth, w.info[s].MaxCQDepth), observed: st.String()})
		}
		w.cq[s] = &dpCQ{cq: cq, name: fmt.Sprintf("%s's CQ", sideName(s)), depth: depth, judge: true}
		mr := w.pd[s].CreateMR(false).MustObject()
		buf := make([]byte, dpRegion)
		for i := range buf {
			buf[i] = byte(i*7 + s*101 + 3)
		}
		flags := uint32(ndk.MRFlagAllowLocalWrite | ndk.MRFlagAllowRemoteRead | ndk.MRFlagAllowRemoteWrite | ndk.MRFlagRDMAReadSink)
		noSink := w.info[s].AdapterFlags&ndk.AdapterFlagRDMAReadSinkNotRequired != 0 && rapid.Bool().Draw(w.t, "no READ_SINK")
		if noSink {
			// The adapter needs no RDMA_READ_SINK (MR-7, MR-8).
			flags &^= ndk.MRFlagRDMAReadSink
		}
		suite.MustSucceed(mr.Register(buf, flags))
		m := &dpMem{mr: mr, want: slices.Clone(buf), loose: make([]int, dpRegion), noSink: noSink}
		m.local, m.remote = mr.Tokens()
		w.mem[s] = m
		mw := w.pd[s].CreateMW().MustObject()
		w.mw[s] = &dpMW{mw: mw, name: fmt.Sprintf("%s's MW", sideName(s)), side: s}
	}
	v := w.info[0].Version
	w.deferOK = v.Major > 1 || v.Major == 1 && v.Minor >= 2
	if w.info[1].MaxSRQDepth == 0 {
		// No SRQ support (AI-3): NdkCreateSrq fails.
		if x, st := w.pd[1].CreateSRQ(1, 1, 0).Object(); st == ndk.StatusSuccess {
			x.Close().Wait()
			w.fail(dpFinding{rules: "AI-3", call: "NdkCreateSrq", object: w.pd[1].ID(), side: "B", kind: "an SRQ was created on an adapter with MaxSrqDepth 0",
				expected: "a failure: MaxSrqDepth 0 says the adapter has no SRQ support", observed: "STATUS_SUCCESS"})
		}
	} else {
		depth := min(dpSRQDepth, int(w.info[1].MaxSRQDepth))
		srq := w.pd[1].CreateSRQ(uint32(depth), 1, 0).MustObject()
		w.srq = &dpSRQ{srq: srq, depth: depth}
	}
	w.connect(false)
	w.connect(true)
	w.connect(true)
}

// newQP creates a QP of side s on its CQ: over the SRQ or with a receive
// queue of its own.
func (w *dpWorld) newQP(s int, srq bool) *dpQP {
	GinkgoHelper()
	q := &dpQP{side: s, cq: w.cq[s], srq: srq, maxSGE: min(int(w.info[s].MaxInitiatorRequestSGE), 4)}
	q.inline = min(int(w.info[s].MaxInlineDataSize), dpSlot)
	cq := w.cq[s].cq
	if srq {
		q.qp = w.pd[s].CreateQPWithSRQ(cq, cq, w.srq.srq).MustObject()
		q.maxSGE, q.inline = 1, 0 // the helper's parameters
	} else {
		params := ndk.QPParams{ReceiveCQ: cq.CQ, InitiatorCQ: cq.CQ, Context: q, ReceiveQueueDepth: dpDepth, InitiatorQueueDepth: dpDepth,
			MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: uint32(max(q.maxSGE, 1)), InlineDataSize: uint32(q.inline)}
		q.qp = w.pd[s].CreateQPWith(params, cq, cq).MustObject()
	}
	q.name = fmt.Sprintf("%s's QP#%d", sideName(s), len(w.qps)+1)
	if srq {
		q.name += " (SRQ)"
	}
	w.qps = append(w.qps, q)
	return q
}

// connect makes a new connection from a QP of side A to one of side B
// (over the SRQ when srq and the adapter has one).
func (w *dpWorld) connect(srq bool) *dpConn {
	GinkgoHelper()
	srq = srq && w.srq != nil
	a, b := w.newQP(0, false), w.newQP(1, srq)
	l := w.p.B.MustCreateListener()
	l.MustListen(0)
	c := w.p.MustConnectQPs(l, a.qp, b.qp)
	conn := &dpConn{c: c, qp: [2]*dpQP{a, b}, name: fmt.Sprintf("connection#%d", len(w.conns)+1)}
	a.conn, b.conn = conn, conn
	w.conns = append(w.conns, conn)
	return conn
}

// clean closes what the sequence created: connectors and listeners,
// QPs, then the SRQ, MWs, MRs, CQs and PDs.
func (w *dpWorld) clean() {
	GinkgoHelper()
	wait := func(ops []*suite.Op) {
		for _, op := range ops {
			op.Wait()
		}
	}
	var ops []*suite.Op
	for _, c := range w.conns {
		ops = append(ops, c.c.Active.Close(), c.c.Passive.Close(), c.c.Listener.Close())
	}
	wait(ops)
	ops = nil
	for _, q := range w.qps {
		ops = append(ops, q.qp.Close())
	}
	wait(ops)
	ops = nil
	if w.srq != nil {
		ops = append(ops, w.srq.srq.Close())
	}
	for s := range 2 {
		if w.mw[s] != nil {
			ops = append(ops, w.mw[s].mw.Close())
		}
	}
	wait(ops)
	ops = nil
	for s := range 2 {
		if w.mem[s] != nil {
			ops = append(ops, w.mem[s].mr.Close())
		}
	}
	for _, m := range w.extraMRs {
		ops = append(ops, m.Close())
	}
	for s := range 2 {
		if w.mem[s] != nil && w.mem[s].bulk != nil {
			ops = append(ops, w.mem[s].bulk.Close())
		}
	}
	wait(ops)
	for i, l := range w.lams {
		w.ad[w.lamSide[i]].ReleaseLAM(l)
	}
	ops = nil
	for s := range 2 {
		if w.cq[s] != nil {
			ops = append(ops, w.cq[s].cq.Close())
		}
	}
	for _, c := range w.extraCQs {
		ops = append(ops, c.Close())
	}
	wait(ops)
	ops = nil
	for s := range 2 {
		if w.pd[s] != nil {
			ops = append(ops, w.pd[s].Close())
		}
	}
	wait(ops)
}

// runDP runs the model's sequences with rapid and fails the spec with
// the shortest failing sequence found.
func runDP(p *suite.Pair, d suite.Direct, text string) {
	GinkgoHelper()
	var last *dpWorld
	sequences, firstFailure := 0, 0
	var shrinkEnd time.Time
	budget := max(1, d.Sequences/dpSequences)
	tb := suite.RapidCheck(text, seedFor(d.Seed, text), budget, d.Steps, d.ShrinkTime, func(t *rapid.T) {
		if last != nil && last.failure.costly != "" {
			t.Skip("not replayed: " + last.failure.costly)
		}
		if last != nil && time.Now().After(shrinkEnd) {
			t.Skip("not replayed: the shrink time is spent")
		}
		sequences++
		w := &dpWorld{t: t, p: p, d: d, forceSlot: -1}
		defer func() {
			if w.failure != nil {
				switch {
				case last == nil:
					shrinkEnd = time.Now().Add(d.ShrinkTime)
					firstFailure = sequences
					last = w
				case w.failure.rules == last.failure.rules && w.failure.kind == last.failure.kind && len(w.steps) <= len(last.steps):
					last = w
				}
			}
			if w.failure == nil || w.failure.costly == "" {
				w.clean()
			}
		}()
		w.setup()
		w.run()
	})
	if !tb.Failed() {
		return
	}
	if last == nil {
		tb.ViolateHarness("data-path model")
		return
	}
	f := last.failure
	head := "Shortest failing sequence found"
	if f.costly != "" {
		head = "Failing sequence, not shrunk (" + f.costly + ")"
	}
	details := fmt.Sprintf("%s (%d steps; run seed %d, failed at sequence %d of %d):\n%sReplay: %s",
		head, len(last.steps), d.Seed, firstFailure, budget, suite.NumberedSteps(last.steps), d.ReplayCommand(text, firstFailure*dpSequences))
	suite.ViolateWith(f.rules, finding.Violation{Call: f.call, Object: f.object, Side: f.side, Expected: f.expected, Observed: f.observed}, details)
}

func (w *dpWorld) run() {
	rare := []func(*rapid.T){w.fastRegister, w.overrun, w.flush, w.disconnect, w.newConnection, w.flushRace, w.deniedWrite}
	// The cases the pages leave open, or that take a while.
	edge := []func(*rapid.T){w.smallReceive, w.noReceive, w.resize, w.closeWindow}
	moves := map[string]func(*rapid.T){
		"receive":             w.receive,
		"send":                w.send,
		"write":               w.write,
		"read":                w.read,
		"defer chain":         w.deferChain,
		"bind":                w.bind,
		"send and invalidate": w.sendAndInvalidate,
		"fence":               w.fence,
		"arm":                 w.arm,
		"settle":              func(t *rapid.T) { w.settle() },
		"rare":                func(t *rapid.T) { rapid.SampledFrom(rare).Draw(t, "rare move")(t) },
		"edge":                func(t *rapid.T) { rapid.SampledFrom(edge).Draw(t, "edge move")(t) },
		"unconnected":         w.unconnected,
		"moderate":            w.moderate,
		"invalidate":          w.invalidate,
		"srq": func(t *rapid.T) {
			rapid.SampledFrom([]func(*rapid.T){w.srqModify, w.srqReceive, w.srqNoReceive}).Draw(t, "srq move")(t)
		},
		"": func(t *rapid.T) {
			w.poll(rapid.SampledFrom([]int{1, 2, 3, 16}).Draw(t, "entries"), rapid.Bool().Draw(t, "ex"))
			w.checkMemory()
			w.checkNotifications()
		},
	}
	w.t.Repeat(moves)
	w.step("end: settle")
	w.settle()
}

// live are the connections still up.
func (w *dpWorld) live() []*dpConn {
	return slices.DeleteFunc(slices.Clone(w.conns), func(c *dpConn) bool { return c.retired })
}

func (w *dpWorld) pickConn(t *rapid.T, ok func(*dpConn) bool) *dpConn {
	if len(w.live()) == 0 {
		w.newConnection(t)
	}
	cs := slices.DeleteFunc(w.live(), func(c *dpConn) bool { return !ok(c) })
	if len(cs) == 0 {
		t.Skip("no connection fits")
	}
	return rapid.SampledFrom(cs).Draw(t, "connection")
}

// outstanding counts qp's requests of a queue whose completion was not
// read, silent ones included.
func (w *dpWorld) outstanding(q *dpQP, initiator bool) int {
	n := 0
	for _, r := range w.wrs {
		if r.qp == q && r.posted && !r.done && r.initiator() == initiator && !r.srq {
			n++
		}
	}
	return n
}

// waitingReceives is how many receives a send to q can take now.
func (w *dpWorld) waitingReceives(q *dpQP) int {
	if q.srq {
		n := 0
		for _, r := range w.srq.pending {
			if !r.anyStatus {
				n++
			}
		}
		for _, c := range w.conns {
			if c.qp[1].srq {
				n -= len(c.undelivered[0])
			}
		}
		return n
	}
	return w.outstanding(q, false) - len(q.conn.undelivered[1-q.side])
}

func (w *dpWorld) newWR(op string, typ ndk.OperationType, q *dpQP) *dpWR {
	r := &dpWR{id: len(w.wrs) + 1, op: op, typ: typ, qp: q, src: -1, tgtSlot: -1, postPoll: w.polls}
	w.wrs = append(w.wrs, r)
	return r
}

func (w *dpWorld) pattern(n int) []byte {
	w.seed++
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(int(w.seed)*37 + i*11 + 5)
	}
	return b
}

// dpStatusRule is the rule a request's failure breaks when the model
// says it succeeds.
func dpStatusRule(r *dpWR) string {
	switch r.op {
	case "NdkWrite", "NdkRead":
		return "MR-16"
	}
	return "QP-4"
}

func opFlagNames(f uint32) string {
	var out []string
	for _, x := range []struct {
		f    uint32
		name string
	}{{ndk.OpFlagSilentSuccess, "SILENT_SUCCESS"}, {ndk.OpFlagReadFence, "READ_FENCE"}, {ndk.OpFlagSendAndSolicitEvent, "SEND_AND_SOLICIT_EVENT"},
		{ndk.OpFlagInline, "INLINE"}, {ndk.OpFlagDefer, "DEFER"}, {ndk.OpFlagAllowRemoteWrite, "ALLOW_REMOTE_WRITE"}, {ndk.OpFlagAllowRemoteRead, "ALLOW_REMOTE_READ"}} {
		if f&x.f == x.f {
			out = append(out, x.name)
			f &^= x.f
		}
	}
	if len(out) == 0 {
		return "no flags"
	}
	return strings.Join(out, "|")
}
