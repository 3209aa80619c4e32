package suite

import (
	"fmt"
	"net/netip"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/internal/nilness"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/onsi/ginkgo/v2"
)

// Family is an address family: every endpoint rule is checked on both.
type Family int

// Address families.
const (
	IPv4 Family = 4
	IPv6 Family = 6
)

func (f Family) String() string { return fmt.Sprintf("IPv%d", int(f)) }

// Families are the address families NDK providers must support (OV-2).
var Families = []Family{IPv4, IPv6}

// ForEachFamily declares body once per address family, in a container
// named and labelled after it and labelled OV-2: the harness charges OV-2
// to a spec whose NdkListen, NdkConnect or NdkCreateSharedEndpoint on the
// adapter's own address of the family is refused as an address (see
// Adapter.checkFamily).
func ForEachFamily(body func(f Family)) {
	for _, f := range Families {
		ginkgo.Context(f.String(), ginkgo.Label(f.String(), FamilyRule), func() { body(f) })
	}
}

// Pair is what a spec works with: an adapter on side A and one on side B
// (distinct adapters, normally on distinct hosts), opened for one address
// family, with the consumer-side recorder and the tracker that closes what
// the spec leaves open.
type Pair struct {
	Family Family
	A, B   *Adapter
	rec    *Recorder
	run    *runState // the run the spec is part of

	mu      sync.Mutex
	nextID  int
	tracked []*tracked
	byObj   map[*object]*tracked
	faulted []netip.Addr // hosts to put back up at cleanup
	// faultStuck: a call of the provider's fault injection did not
	// return; the run is aborted (AbortStuck).
	faultStuck bool
}

type tracked struct {
	obj        *object
	handle     ndk.Object
	open       bool
	successors []*tracked
}

var helperNewPair helperMark

// NewPair opens side A's and side B's adapters for family f and registers
// their cleanup: the tracker closes every object the spec left open,
// successors first, then the adapters, and fails the spec if a close fails or
// does not finish, or if the provider broke a rule that holds everywhere.
// Call it from a BeforeEach or a spec body.
func NewPair(f Family) *Pair {
	helperNewPair.mark()
	r := current()
	p := &Pair{Family: f, rec: newRecorder(r.cfg.Timeout, r.cfg.Settle), run: r, byObj: map[*object]*tracked{}}
	p.rec.lost = lostChan(r.provider)
	p.rec.setupTimeout, _ = p.DeclaredTimeout("connect")
	p.rec.interrupt = r.interrupt
	if r.waits != nil {
		p.rec.watch, p.rec.spec = r.waits, r.specText()
	}
	// A body an interrupt cut short as it began must not register its
	// cleanup: Ginkgo runs the interrupted spec's ReportAfterEach by then,
	// and a DeferCleanup there fails the test process before it reports
	// ("DeferCleanup cannot be called in ReportAfterEach"). It parks here,
	// as at its first provider call.
	stopIfInterrupted()
	ginkgo.DeferCleanup(p.cleanup)
	p.A = p.openAdapter("A", r.sideA, f)
	p.B = p.openAdapter("B", r.sideB, f)
	return p
}

// Intercept makes f run inside every callback the provider makes from now
// on, before the harness handles it (so a call is seen done only after f
// ran for its completion); nil stops it. f may block (to hold a
// callback running) or close an object (CloseInCallback).
func (p *Pair) Intercept(f func(Callback)) {
	p.rec.mu.Lock()
	p.rec.intercept = f
	p.rec.mu.Unlock()
}

var helperPairSetHostState helperMark

// SetHostState injects a fault on the host of side (its address in the
// spec's family) through the provider's ndk.FaultInjector; a provider
// without one makes the spec skip as not verified. Cleanup puts the host
// back up.
func (p *Pair) SetHostState(side *Adapter, s ndk.HostState) {
	helperPairSetHostState.mark()
	fi, ok := p.run.provider.(ndk.FaultInjector)
	if !ok {
		NotVerified("the provider cannot inject faults (it does not implement ndk.FaultInjector)")
	}
	p.mu.Lock()
	p.faulted = append(p.faulted, side.Addr)
	p.mu.Unlock()
	waiting := p.rec.waiting(fmt.Sprintf("the provider's fault injection (SetHostState %v %v) to return", side.Addr, s), nil, p.rec.timeout)
	returned, err := SetHostStateWithin(fi, side.Addr, s, p.rec.timeout)
	p.rec.waitOver(waiting)
	if !returned {
		p.mu.Lock()
		p.faultStuck = true
		p.mu.Unlock()
		AbortStuck(fmt.Sprintf("its fault injection (SetHostState %v %v) did not return within %v", side.Addr, s, p.rec.timeout), "")
	}
	if err != nil {
		Violate(Violation{Call: "SetHostState", Side: side.Side, Expected: fmt.Sprintf("the host of %v put %v", side.Addr, s), Observed: fmt.Sprintf("harness: %v", err)})
	}
}

// DeclaredTimeout is how long the provider declares it may take over the
// wait name ("connect", "disconnect"; ndk.TimeoutDeclarer), and whether it
// declares it. The run's Timeout is longer than every declared wait by
// TimeoutMargin at least (Prepare refuses it otherwise), so a wait that
// outlives Timeout is one the provider said it would end sooner.
func (p *Pair) DeclaredTimeout(name string) (time.Duration, bool) {
	td, ok := p.run.provider.(ndk.TimeoutDeclarer)
	if !ok {
		return 0, false
	}
	d, ok := td.DeclaredTimeouts()[name]
	return d, ok && d > 0
}

// Recorder returns the consumer-side record of the spec.
func (p *Pair) Recorder() *Recorder { return p.rec }

// Timeout is the deadline on every wait for the provider.
func (p *Pair) Timeout() time.Duration { return p.rec.timeout }

var helperPairopenAdapter helperMark

func (p *Pair) openAdapter(side string, s ndk.Side, f Family) *Adapter {
	helperPairopenAdapter.mark()
	addr := s.IPv4
	if f == IPv6 {
		addr = s.IPv6
	}
	if !addr.IsValid() {
		NotConfigured(fmt.Sprintf("no %v address configured for side %s", f, side))
	}
	a := &Adapter{Side: side, Addr: addr, env: p}
	a.obj = p.newObject(ndk.ObjectTypeAdapter, side, nil)
	op := p.rec.newOp("OPEN_NDK_ADAPTER", nil, KindNoCompletion)
	op.invoke(func() ndk.Status {
		var st ndk.Status
		a.Adapter, st = p.run.provider.OpenAdapter(addr)
		return st
	})
	if st := op.Returned(); st != ndk.StatusSuccess || isNil(a.Adapter) {
		Violate(stepFailed(a.obj.violation("", "OPEN_NDK_ADAPTER", fmt.Sprintf("STATUS_SUCCESS opening the adapter of %v", addr), st.String())))
	}
	return a
}

func (p *Pair) newObject(kind ndk.ObjectType, side string, adapter *object) *object {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.nextID++
	return (&object{kind: kind, id: p.nextID, side: side, adapter: adapter}).named()
}

// track records an object the provider created, to close it at cleanup.
func (p *Pair) track(o *object, h ndk.Object) {
	p.mu.Lock()
	defer p.mu.Unlock()
	t := &tracked{obj: o, handle: h, open: true}
	p.tracked = append(p.tracked, t)
	p.byObj[o] = t
}

// untrack records that the spec itself closed the object.
func (p *Pair) untrack(o *object) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if t := p.byObj[o]; t != nil {
		t.open = false
	}
}

// relate records that succ is a successor of ante (ante closes after it).
func (p *Pair) relate(ante, succ *object) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if a, s := p.byObj[ante], p.byObj[succ]; a != nil && s != nil {
		a.successors = append(a.successors, s)
	}
}

// closeOrder returns the open objects, every one after all its open
// successors, later-created first among equals.
func (p *Pair) closeOrder() []*tracked {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []*tracked
	done := map[*tracked]bool{}
	var visit func(t *tracked)
	visit = func(t *tracked) {
		if done[t] {
			return
		}
		done[t] = true
		succ := append([]*tracked(nil), t.successors...)
		sort.Slice(succ, func(i, j int) bool { return succ[i].obj.id > succ[j].obj.id })
		for _, s := range succ {
			visit(s)
		}
		if t.open {
			out = append(out, t)
		}
	}
	for i := len(p.tracked) - 1; i >= 0; i-- {
		visit(p.tracked[i])
	}
	return out
}

func (p *Pair) cleanup() {
	p.run.markCleanup()
	p.run.waitBodiesStopped(p.rec.timeout)
	p.Intercept(nil)
	var problems []Violation
	p.mu.Lock()
	stuck := p.faultStuck
	p.mu.Unlock()
	// Close what the spec left open, successors first, one at a time. A
	// close that does not return means the provider is stuck (deadlocked,
	// most likely): cleanup stops there and the run is aborted, as it is
	// when the provider's fault injection did not return.
	// After an interrupt, whose spec's body stopped anywhere (the close of
	// an antecedent issued, its successor's not yet: LT-15), every close is
	// issued first, then waited for.
	await := func(op *Op) {
		if _, ok := op.WaitFor(p.rec.timeout); !ok {
			v := op.notCompleted()
			if !op.HasReturned() {
				v = op.violation("", "the close issued by cleanup returns within "+p.rec.timeout.String(), "it did not return")
				stuck = true
			}
			problems = append(problems, v)
		}
	}
	interrupted := p.run.interrupted()
	var issued []*Op
	for _, t := range p.closeOrder() {
		if stuck {
			break
		}
		b := base{a: p.adapterOf(t.obj), obj: t.obj}
		op, err := b.startClose(t.handle)
		switch {
		case err != nil:
			problems = append(problems, t.obj.violation("", "NdkCloseObject", "cleanup closes the object", err.Error()))
		case interrupted:
			issued = append(issued, op)
		default:
			await(op)
		}
	}
	for _, op := range issued {
		if !stuck {
			await(op)
		}
	}
	// Put faulted hosts back up before the adapters close, unless the
	// provider is stuck already (the run is aborted).
	if fi, ok := p.run.provider.(ndk.FaultInjector); ok && !stuck {
		for _, addr := range p.faulted {
			returned, err := SetHostStateWithin(fi, addr, ndk.HostUp, p.rec.timeout)
			if !returned {
				stuck = true
				problems = append(problems, Violation{Call: "SetHostState", Expected: fmt.Sprintf("cleanup puts the host of %v back up", addr), Observed: fmt.Sprintf("harness: the provider's fault injection did not return within %v", p.rec.timeout)})
				break
			}
			if err != nil {
				problems = append(problems, Violation{Call: "SetHostState", Expected: fmt.Sprintf("cleanup puts the host of %v back up", addr), Observed: fmt.Sprintf("harness: %v", err)})
			}
		}
	}
	// Then the adapters: a blocking close (LT-22), unless the provider is
	// stuck: the run ends here.
	for _, a := range []*Adapter{p.B, p.A} {
		if stuck {
			break
		}
		if a == nil || isNil(a.Adapter) {
			continue
		}
		op := a.closeOp
		if op == nil {
			op = a.startAdapterClose(p.rec.untrackedOp("NDK_ADAPTER close", a.obj, KindNoCompletion))
		}
		if op.waitReturn(p.rec.timeout) {
			problems = append(problems, a.checkClosed()...)
		} else {
			problems = append(problems, op.violation("LT-22", "the blocking NDK_ADAPTER close returns once the adapter's objects are closed and their callbacks returned",
				fmt.Sprintf("it did not return within %v", p.rec.timeout)))
		}
	}
	problems = append(problems, p.rec.unfinished()...)
	problems = append(problems, p.rec.Violations()...)
	if len(problems) > 0 {
		lines := make([]string, len(problems))
		for i, v := range problems {
			attach(v)
			lines[i] = v.String()
		}
		if !p.run.interrupted() {
			// an interrupted spec has no verdict: no trace to read
			ginkgo.AddReportEntry(finding.EntryTrace, p.rec.Trace())
		}
		if stuck {
			AbortStuck("a call of cleanup or of its fault injection did not return", strings.Join(lines, "\n"))
		}
		ginkgo.Fail(strings.Join(lines, "\n"))
	}
}

var helperAdapterClose helperMark

// Close starts the blocking NDK_ADAPTER close on its own goroutine and
// returns it as an Op: Returned waits for the close to return. The spec must
// have closed (or be closing) the adapter's objects; cleanup then leaves the
// adapter alone.
func (a *Adapter) Close() *Op {
	helperAdapterClose.mark()
	if a.closeOp != nil {
		Violate(a.obj.violation("", "NDK_ADAPTER close", "the spec closes the adapter once", "harness: a second close"))
	}
	a.closeOp = a.startAdapterClose(a.rec().newOp("NDK_ADAPTER close", a.obj, KindNoCompletion))
	return a.closeOp
}

func (a *Adapter) startAdapterClose(op *Op) *Op {
	a.closeOp = op
	ad := a.Adapter
	return op.invoke(func() ndk.Status {
		ad.Close()
		rec := a.rec()
		rec.mu.Lock()
		a.obj.closed, a.obj.closedAt = true, rec.since()
		rec.mu.Unlock()
		return ndk.StatusSuccess
	})
}

// checkClosed is LT-22 once the adapter close returned: no callback of its
// objects may still be running.
func (a *Adapter) checkClosed() []Violation {
	if r := a.env.runningOn(a.obj); len(r) > 0 {
		return []Violation{a.obj.violation("LT-22", "NDK_ADAPTER close", "no callback of the adapter's objects still running when its blocking close returns",
			"still running: "+strings.Join(r, "; "))}
	}
	return nil
}

// runningOn lists callbacks still running on objects of adapter a.
func (p *Pair) runningOn(a *object) []string {
	var out []string
	for _, e := range p.rec.running() {
		if strings.HasSuffix(e.Object, "(side "+a.side+")") {
			out = append(out, e.String())
		}
	}
	return out
}

func (p *Pair) adapterOf(o *object) *Adapter {
	if o.side == "A" {
		return p.A
	}
	return p.B
}

func isNil(x any) bool { return nilness.IsNil(x) }

func isNilPtr(x any) bool { return isNil(x) }

// Connection is an established connection between side A (active) and
// side B (passive).
type Connection struct {
	Active, Passive         *Connector
	ActiveQP, PassiveQP     *QP
	Listener                *Listener
	ActiveAddr, PassiveAddr netip.AddrPort
}

var helperPairMustConnect helperMark

// MustConnect runs the whole handshake from a new connector on side A to the
// listener l of side B: NdkConnect (from port 0), the connect event,
// NdkAccept, NdkCompleteConnect, each of which must succeed.
func (p *Pair) MustConnect(l *Listener) *Connection {
	helperPairMustConnect.mark()
	c := p.A.MustCreateConnector()
	qp := p.A.MustQP()
	return p.MustHandshake(l, c, c.Connect(qp, p.A.AddrPort(0), l.MustLocalAddress(), nil), qp)
}

var helperPairMustHandshake helperMark

// MustHandshake finishes a connection whose NdkConnect or
// NdkConnectWithSharedEndpoint (connect) was issued on c with qp.
func (p *Pair) MustHandshake(l *Listener, c *Connector, connect *Op, qp *QP) *Connection {
	helperPairMustHandshake.mark()
	return handshake(l, c, connect, qp, nil)
}

// handshake takes the connection request that connect made on l, accepts
// it with pqp (a new QP of l's side if nil), and completes the connection.
func handshake(l *Listener, c *Connector, connect *Op, qp, pqp *QP) *Connection {
	ginkgo.GinkgoHelper()
	passive := l.NextRequest()
	if pqp == nil {
		pqp = l.a.MustQP()
	}
	accept := passive.Accept(pqp, nil)
	MustSucceed(connect)
	MustSucceed(c.CompleteConnect())
	MustSucceed(accept)
	conn := &Connection{Active: c, Passive: passive, ActiveQP: qp, PassiveQP: pqp, Listener: l}
	conn.ActiveAddr, _ = c.LocalAddress()
	conn.PassiveAddr, _ = passive.LocalAddress()
	return conn
}

// Long decorates a spec that takes much longer than most: it waits out a
// provider's time-out, or takes a whole port range. Ginkgo runs it (and
// its container) early, and a run split over processes counts it as
// several specs when it deals them out.
var Long = ginkgo.SpecPriority(1)
