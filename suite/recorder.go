package suite

import (
	"fmt"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/internal/ndkcall"
	"github.com/ndkconform/ndkconform/ndk"
)

// CallKind says which completion callback a provider call takes.
type CallKind int

// Call kinds.
const (
	KindCreate       CallKind = iota // NdkCreateXxx: NdkCreateCompletion
	KindRequest                      // a request: NdkRequestCompletion
	KindClose                        // NdkCloseObject: NdkCloseCompletion
	KindNoCompletion                 // a call with no completion (Reject, GetConnectionData...)
)

// The rules a completion callback answers to, by call kind: the one that
// says it must come, exactly once, for a call that returned STATUS_PENDING
// (pendingRule), and the one that says it must not come for a call that
// returned any other status (inlineRule).
var (
	pendingRule = map[CallKind]string{KindCreate: "CR-1", KindRequest: "CR-4", KindClose: "CR-6"}
	inlineRule  = map[CallKind]string{KindCreate: "CR-2", KindRequest: "CR-4", KindClose: "CR-10"}
)

// finalOnly are the calls of kind KindNoCompletion that return an NTSTATUS
// (CR-12 names them): having no completion callback, they return their
// final status, never STATUS_PENDING. The other calls of that kind return
// no status (NdkArmCq, NdkFlush, NdkReleaseLam, the token getters...: the
// harness's wrappers report STATUS_SUCCESS for them) or are not NDK_FN
// calls (OPEN_NDK_ADAPTER, the blocking adapter close).
var finalOnly = func() map[string]bool {
	m := map[string]bool{}
	for _, call := range []string{
		"NdkQueryAdapterInfo", "NdkGetLocalAddress", "NdkGetPeerAddress", "NdkGetListenerLocalAddress",
		"NdkGetSharedEndpointLocalAddress", "NdkGetConnectionData", "NdkReject", "NdkQueryExtensionInterface",
		"NdkControlCqInterruptModeration", "NdkReceive", "NdkSrqReceive", "NdkSend", "NdkSendAndInvalidate",
		"NdkRead", "NdkWrite", "NdkBind", "NdkFastRegister", "NdkInvalidate",
	} {
		m[call] = true
	}
	return m
}()

// FinalOnly reports whether call (an NDKPI function name, "NdkWrite") is
// one CR-12 names: it takes no completion callback and returns its final
// status, never STATUS_PENDING.
func FinalOnly(call string) bool { return finalOnly[call] }

// Violation is a breach of a rule, seen by the consumer side of the
// harness.
type Violation = finding.Violation

// Event is one callback the provider made, as the consumer saw it.
type Event struct {
	Seq      int
	Object   string
	Callback string
	Status   ndk.Status
	HasStat  bool
	Start    time.Duration // since the recorder started
	End      time.Duration // 0 while running
}

func (e Event) String() string {
	s := fmt.Sprintf("#%d +%v %s on %s", e.Seq, e.Start.Round(time.Microsecond), e.Callback, e.Object)
	if e.HasStat {
		s += " status " + e.Status.String()
	}
	if e.End == 0 {
		return s + " (still running)"
	}
	return s + fmt.Sprintf(" returned +%v", e.End.Round(time.Microsecond))
}

// Recorder is the consumer side of one spec: it sees every call the
// harness makes and every callback the provider makes, and checks the rules
// that hold everywhere.
type Recorder struct {
	start   time.Time
	timeout time.Duration
	settle  time.Duration
	// lost is closed when the provider is lost (ndk.Losable); nil when it
	// cannot be. Waits end there.
	lost <-chan struct{}
	// interrupt is closed when a signal interrupts the run (nil: never);
	// the interrupted spec's body then stops at its next call or wait
	// (interrupt.go).
	interrupt <-chan struct{}
	// watch, when the run reports long waits (Config.Progress), is where
	// the spec's waits on the provider are registered while they last,
	// and spec is the spec's full text they name.
	watch *waitWatch
	spec  string

	mu         sync.Mutex
	seq        int
	events     []*Event
	violations []Violation
	dropped    int
	panics     []string // the consumer callbacks that panicked, with their stacks
	ops        []*Op
	// answers are the harness's answers to connections, and setupTimeout
	// the provider's declared set-up time-out (0: none): see answer.go.
	answers      []answer
	setupTimeout time.Duration
	// intercept, when set, runs inside every callback before the harness's
	// own handling: a spec blocks there, or closes an object from there.
	intercept func(Callback)
}

// Callback describes a callback in progress, for Pair.Intercept.
type Callback struct {
	// Name is the callback, e.g. "NdkCloseCompletion" or
	// "NdkRequestCompletion(NdkConnect)".
	Name string
	// Object is the harness name of the object the callback is for (see
	// the wrappers' ID method).
	Object string
	// Status is the status the callback carries, if any.
	Status ndk.Status
	// Connector is, for a connect event, the connector the event delivers
	// (already the spec's to reject, accept or close).
	Connector *Connector
}

func newRecorder(timeout, settle time.Duration) *Recorder {
	return &Recorder{start: time.Now(), timeout: timeout, settle: settle}
}

func (r *Recorder) since() time.Duration { return time.Since(r.start) }

// maxViolations is how many violations a spec keeps in full; the rest are
// counted.
const maxViolations = 50

func (r *Recorder) violate(v Violation) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.violations) >= maxViolations {
		r.dropped++
		return
	}
	r.violations = append(r.violations, v)
}

// Violations returns what the recorder saw so far (the first maxViolations,
// then one, naming no rule, that counts the others: "expected no violation
// beyond the 50 above; observed 22 more (counted, not kept)").
func (r *Recorder) Violations() []Violation {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := append([]Violation(nil), r.violations...)
	if r.dropped > 0 {
		out = append(out, Violation{Expected: fmt.Sprintf("no violation beyond the %d above", maxViolations),
			Observed: fmt.Sprintf("%d more (counted, not kept)", r.dropped)})
	}
	return out
}

// Events returns the callbacks seen so far.
func (r *Recorder) Events() []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Event, len(r.events))
	for i, e := range r.events {
		out[i] = *e
	}
	return out
}

// Trace renders the callback log for a failure report.
func (r *Recorder) Trace() string {
	var b strings.Builder
	for _, e := range r.Events() {
		b.WriteString("  " + e.String() + "\n")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range r.panics {
		b.WriteString(p + "\n")
	}
	return b.String()
}

// callback runs body as a callback of the provider on obj, recording it and
// checking LT-25 (no callback once the object's close completion has been
// called, or its close returned STATUS_SUCCESS) and LT-22 (none after the
// adapter close returned).
func (r *Recorder) callback(obj *object, name string, status *ndk.Status, body func()) {
	r.run(obj, name, status, false, Callback{}, body)
}

// closeCompletion runs body as the close completion of obj: from the moment
// it is called the object counts as closed (LT-25), so a callback for it
// that starts while the close completion runs breaks LT-25 too.
func (r *Recorder) closeCompletion(obj *object, body func()) {
	r.run(obj, "NdkCloseCompletion", nil, true, Callback{}, body)
}

// run records and checks a callback; cb carries what the spec's
// interceptor is told beyond the name, object and status.
func (r *Recorder) run(obj *object, name string, status *ndk.Status, closes bool, cb Callback, body func()) {
	r.mu.Lock()
	r.seq++
	e := &Event{Seq: r.seq, Object: obj.String(), Callback: name, Start: r.since()}
	if status != nil {
		e.Status, e.HasStat = *status, true
	}
	r.events = append(r.events, e)
	closed, closedAt, closedBy := obj.closed, obj.closedAt, obj.closedBy
	if closes && !closed {
		obj.closed, obj.closedAt, obj.closedBy = true, e.Start, "its close completion was called"
	}
	adapterClosed := obj.adapter != nil && obj.adapter.closed
	r.mu.Unlock()

	if closed {
		r.violate(obj.violation("LT-25", name,
			"no callback for the object once its close completion has been called or its close returned STATUS_SUCCESS",
			fmt.Sprintf("the callback came at +%v; %s at +%v", e.Start.Round(time.Microsecond), closedBy, closedAt.Round(time.Microsecond))))
	}
	if adapterClosed {
		r.violate(obj.violation("LT-22", name,
			"no callback for an object of an NDK_ADAPTER once the adapter's blocking close has returned",
			fmt.Sprintf("the callback came at +%v, after the adapter close returned", e.Start.Round(time.Microsecond))))
	}
	defer func() {
		if p := recover(); p != nil {
			// A consumer callback must never take the provider down: record it.
			// Its stack goes to the trace.
			r.mu.Lock()
			r.panics = append(r.panics, fmt.Sprintf("the consumer callback %s on %s panicked: %v\n%s", name, obj, p, debug.Stack()))
			r.mu.Unlock()
			r.violate(obj.violation("", name, "the consumer callback returns", fmt.Sprintf("harness: it panicked: %v", p)))
		}
		r.mu.Lock()
		e.End = r.since()
		r.mu.Unlock()
	}()
	// The spec's interceptor runs first: whatever it does inside the
	// callback (block, close) has happened by the time a spec waiting on the
	// call sees it done.
	r.mu.Lock()
	f := r.intercept
	r.mu.Unlock()
	if f != nil {
		cb.Name, cb.Object, cb.Status = name, obj.String(), e.Status
		f(cb)
	}
	if body != nil {
		body()
	}
}

// running returns the callbacks that started and have not returned.
func (r *Recorder) running() []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Event
	for _, e := range r.events {
		if e.End == 0 {
			out = append(out, *e)
		}
	}
	return out
}

// object is the harness's record of one NDK object (or adapter).
type object struct {
	kind    ndk.ObjectType
	id      int
	side    string
	adapter *object // nil for the adapter itself
	// guarded by Recorder.mu
	closing  bool
	closed   bool
	closedAt time.Duration
	closedBy string // what closed it, for messages
	calls    []*Op  // calls made on the object (to wait for their return before closing)
	// short and label are name() and String(), set once by named.
	short, label string
}

// name is the object without its side: "listener#3".
func (o *object) name() string {
	if o.short != "" {
		return o.short
	}
	return strings.ToLower(strings.TrimPrefix(o.kind.String(), "NDK_")) + "#" + strconv.Itoa(o.id)
}

func (o *object) String() string {
	if o.label != "" {
		return o.label
	}
	return o.name() + " (side " + o.side + ")"
}

// named sets the object's names once, for the messages and events that
// name it (a callback's event does, every time).
func (o *object) named() *object {
	o.short = o.name()
	o.label = o.String()
	return o
}

// violation is a violation of rule by call on o.
func (o *object) violation(rule, call, expected, observed string) Violation {
	v := Violation{Rule: rule, Call: call, Expected: expected, Observed: observed}
	if o != nil {
		v.Object, v.Side = o.name(), o.side
	}
	return v
}

// markClosed records that the object's close returned STATUS_SUCCESS.
func (r *Recorder) markClosed(o *object) {
	r.mu.Lock()
	if !o.closed {
		o.closed, o.closedAt, o.closedBy = true, r.since(), "its close returned STATUS_SUCCESS"
	}
	r.mu.Unlock()
}

// Op is one provider call: when and how it returned, and its completion
// (the common core of package ndkcall, which it observes to check the
// rules of completion callbacks as things happen).
type Op struct {
	rec  *Recorder
	Call string // the NDKPI function, e.g. "NdkListen"
	Obj  *object
	Kind CallKind

	c ndkcall.Call
	// fn or createFn is the provider call (invoke, invokeCreate).
	fn       func() ndk.Status
	createFn func() (ndk.Object, ndk.Status)
	// onFinal, set before the call is made, runs once the final status is
	// known.
	onFinal func(ndk.Status)
}

func (r *Recorder) newOp(call string, obj *object, kind CallKind) *Op {
	op := r.untrackedOp(call, obj, kind)
	r.mu.Lock()
	r.ops = appendOp(r.ops, op)
	if obj != nil {
		obj.calls = appendOp(obj.calls, op)
	}
	r.mu.Unlock()
	return op
}

// appendOp appends op to ops, a list of calls kept to be waited for (the
// end-of-spec check, a close that waits for the calls on its object).
// Calls that are over (returned, final status known) are dropped from it
// whenever it is full, so that a spec that makes a hundred thousand calls
// keeps only those in flight; the list grows only when at least half of
// it is still in flight.
func appendOp(ops []*Op, op *Op) []*Op {
	if len(ops) == cap(ops) && len(ops) >= 32 {
		live := ops[:0]
		for _, o := range ops {
			if !o.over() {
				live = append(live, o)
			}
		}
		clear(ops[len(live):])
		ops = live
		if len(ops) > cap(ops)/2 {
			ops = slices.Grow(ops, len(ops))
		}
	}
	return append(ops, op)
}

// untrackedOp is an Op the end-of-spec check does not list: its caller
// reports on it.
func (r *Recorder) untrackedOp(call string, obj *object, kind CallKind) *Op {
	r.stopIfInterrupted()
	op := &Op{rec: r, Call: call, Obj: obj, Kind: kind}
	op.c.InitTimed(op)
	return op
}

// stopIfInterrupted stops the calling goroutine if it runs the body of a
// spec the run's interrupt cut short (interrupt.go); it costs a channel
// poll otherwise.
func (r *Recorder) stopIfInterrupted() {
	if r.interrupt == nil {
		return
	}
	select {
	case <-r.interrupt:
		stopIfInterrupted()
	default:
	}
}

func (op *Op) String() string {
	if op.Obj == nil {
		return op.Call
	}
	return op.Call + " on " + op.Obj.String()
}

// violation is a violation of rule by this call.
func (op *Op) violation(rule, expected, observed string) Violation {
	return op.Obj.violation(rule, op.Call, expected, observed)
}

// invoke runs fn, the provider call, on its own goroutine so that a
// provider that never returns cannot hang the run, and one that panics
// fails the spec instead of the process.
func (op *Op) invoke(fn func() ndk.Status) *Op {
	op.fn = fn
	op.c.Go(op)
	return op
}

// invokeCreate is invoke for a create, whose fn returns the object it
// returned inline too.
func (op *Op) invokeCreate(fn func() (ndk.Object, ndk.Status)) *Op {
	op.createFn = fn
	op.c.Go(op)
	return op
}

// Invoke implements ndkcall.Invoker. The call's closure is dropped as it
// is made: a spec keeps its ops (the trace, the calls of an object), and
// what the closure holds (callbacks, buffers) must not live as long.
func (op *Op) Invoke() (ndk.Object, ndk.Status) {
	if f := op.createFn; f != nil {
		op.createFn = nil
		return f()
	}
	f := op.fn
	op.fn = nil
	return nil, f()
}

// CallReturned implements ndkcall.Observer: the checks of the call's
// return (it runs before the call is seen returned).
func (op *Op) CallReturned(st ndk.Status, p any, completions int, first ndk.Status) {
	if p == nil && st != ndk.StatusPending && completions > 0 {
		op.rec.violate(op.violation(inlineRule[op.Kind], "no completion callback for a call that did not return STATUS_PENDING",
			fmt.Sprintf("it returned %v inline and its completion callback was called too (with %v)", st, first)))
	}
	if p != nil {
		op.rec.violate(op.violation("", "the call returns", fmt.Sprintf("the provider panicked: %v", p)))
	}
	if op.Kind == KindClose && p == nil && st != ndk.StatusSuccess && st != ndk.StatusPending {
		op.rec.violate(op.violation("CR-5", "STATUS_SUCCESS or STATUS_PENDING (a close can never fail)", fmt.Sprintf("it returned %v", st)))
	}
}

// FinalOnlyExpected is what CR-12 expects of call, one of the calls it
// names: the Expected of its violation.
func FinalOnlyExpected(call string) string {
	return "any status but STATUS_PENDING: " + call + " takes no completion callback, so it returns its final status"
}

// CallDone implements ndkcall.Observer.
func (op *Op) CallDone(st ndk.Status) {
	if op.onFinal != nil {
		op.onFinal(st)
	}
}

// complete is the completion callback's body.
func (op *Op) complete(st ndk.Status, created ndk.Object) {
	n, returned, ret := op.c.Complete(st, created)
	switch {
	case n > 1:
		op.rec.violate(op.violation(pendingRule[op.Kind], "its completion callback called exactly once",
			fmt.Sprintf("the completion callback was called %d times", n)))
	case returned && ret != ndk.StatusPending:
		op.rec.violate(op.violation(inlineRule[op.Kind], "no completion callback for a call that did not return STATUS_PENDING",
			fmt.Sprintf("it returned %v inline, then its completion callback was called (with %v)", ret, st)))
	}
}

// FinishedBefore reports whether op's final status was known before other
// was issued: then the two calls did not overlap.
func (op *Op) FinishedBefore(other *Op) bool { return op.c.FinishedBefore(&other.c) }

// over reports whether the call is over: it returned and its final status
// is known, or, for a call that takes no completion callback, it returned
// (one that returned STATUS_PENDING, CR-12's breach, has no completion to
// wait for).
func (op *Op) over() bool {
	return op.HasReturned() && (op.IsDone() || op.Kind == KindNoCompletion)
}

// HasReturned reports whether the provider function returned.
func (op *Op) HasReturned() bool { return op.c.HasReturned() }

// IsDone reports whether the call's final status is known (it returned
// inline, or its completion callback came).
func (op *Op) IsDone() bool { return op.c.IsDone() }

// final is the call's final status (meaningful once it is done).
func (op *Op) final() ndk.Status {
	st, _, _ := op.c.Final()
	return st
}

var helperOpReturned helperMark

// Returned waits until the provider function returned and gives its return
// value. The spec fails if it does not return within the deadline.
func (op *Op) Returned() ndk.Status {
	helperOpReturned.mark()
	if !op.waitReturn(op.rec.timeout) {
		Violate(op.violation("", "the call returns within "+op.rec.timeout.String()+" (inline, or with STATUS_PENDING)", "it did not return"))
	}
	ret, _, p := op.c.Return()
	if p != nil {
		abortIfLost(p)
		Violate(op.violation("", "the call returns", fmt.Sprintf("the provider panicked: %v", p)))
	}
	return ret
}

var helperOpWait helperMark

// Wait waits for the call's final status: its return value when it
// completed inline, or the status its completion callback delivered. The
// spec fails, naming the call, if it is not known within the deadline.
func (op *Op) Wait() ndk.Status {
	helperOpWait.mark()
	op.Returned()
	if !op.waitDone(op.rec.timeout) {
		Violate(op.notCompleted())
	}
	return op.final()
}

// ReturnedWithin waits up to d for the provider function to return, without
// failing the spec: it reports the return value and whether it returned.
func (op *Op) ReturnedWithin(d time.Duration) (ndk.Status, bool) {
	if !op.waitReturn(d) {
		return 0, false
	}
	ret, _, p := op.c.Return()
	return ret, p == nil
}

// WaitFor waits up to d for the final status without failing the spec.
func (op *Op) WaitFor(d time.Duration) (ndk.Status, bool) {
	if !op.waitDone(d) {
		return 0, false
	}
	return op.final(), true
}

// waitReturn waits up to d for the call to return, the wait registered
// with the run's watch (ProgressWait) while it blocks.
func (op *Op) waitReturn(d time.Duration) bool {
	return op.rec.waitClosed(op.c.Returned(), d, waitReturn, op, "", nil)
}

// waitDone waits up to d for the call's final status, as waitReturn.
func (op *Op) waitDone(d time.Duration) bool {
	return op.rec.waitClosed(op.c.Done(), d, waitDone, op, "", nil)
}

// Completions returns how many times the completion callback was called.
func (op *Op) Completions() int { return op.c.Completions() }

// notCompleted is the violation of a pending call whose completion
// callback did not come within the deadline.
func (op *Op) notCompleted() Violation {
	return op.violation(pendingRule[op.Kind], "its completion callback within "+op.rec.timeout.String()+" of returning STATUS_PENDING",
		"it returned STATUS_PENDING and its completion callback did not come")
}

// unfinished lists the calls that never returned and the calls that
// returned STATUS_PENDING and were never completed. Calls still in flight
// get until the deadline, shared by all of them.
func (r *Recorder) unfinished() []Violation {
	r.mu.Lock()
	ops := append([]*Op(nil), r.ops...)
	r.mu.Unlock()
	deadline := time.Now().Add(r.timeout)
	var out []Violation
	for _, op := range ops {
		if !op.waitReturn(time.Until(deadline)) {
			out = append(out, op.violation("", "the call returns within "+r.timeout.String(), "it never returned"))
			continue
		}
		if op.Kind == KindNoCompletion {
			// No completion can come: one that returned STATUS_PENDING
			// was charged when it returned (CR-12).
			continue
		}
		if !op.waitDone(time.Until(deadline)) {
			out = append(out, op.notCompleted())
		}
	}
	return out
}
