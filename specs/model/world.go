package model

import (
	"fmt"
	"net/netip"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/model"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	"pgregory.net/rapid"
)

// world is one random consumer sequence: two fresh adapters, the model of
// what a conforming provider lets the consumer observe, and the handles,
// driven from the sequence's goroutine. Callbacks only queue events; the
// sequence's goroutine feeds them to the model in the order they
// happened, with the returns of its own calls.
type world struct {
	t       *rapid.T
	d       suite.Direct
	m       *model.Model
	adapter [2]ndk.Adapter
	info    [2]ndk.AdapterInfo
	handles map[model.Ref]ndk.Object
	steps   []string
	failure *failure
	// faultStuck is shared by the sequences of a spec: the provider's
	// fault injection did not return once.
	faultStuck *atomic.Bool

	mu      sync.Mutex
	queue   []event
	arrived chan struct{}
	running int  // callbacks running now
	over    bool // the adapters' blocking closes returned
	late    []string
	creates []*createCall
	// closing holds the objects a close was issued on, by the sequence or
	// inside a completion callback: the consumer closes an object once
	// (CR-8).
	closing map[model.Ref]bool
	target  *failure // the breach being shrunk
	// costly are the findings whose replays would cost too much to be
	// shrunk: why (a wait that expired, an exhaustion).
	costly map[*model.Finding]string
	// holdEvent, when set, holds the next connect event callback until
	// the sequence closes its listener (LT-24).
	holdEvent chan struct{}
	eventHeld chan struct{}
	// The data path: each QP's registered region, the next virtual
	// address to register at, and what each write copies.
	regions map[model.Ref]*region
	nextVA  uint64
	writes  map[int]pendingWrite
}

// claimClose reports whether the caller may close r: nobody closed it yet.
func (w *world) claimClose(r model.Ref) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closing[r] {
		return false
	}
	w.closing[r] = true
	return true
}

// closed says whether a close was issued on r (maybe not yet seen by the
// model, when it was issued inside a callback).
func (w *world) closed(r model.Ref) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.closing[r]
}

// failure is what a failed sequence saw.
type failure struct {
	f     model.Finding
	steps []string
	// costly says why the sequence is not replayed nor shrunk (a finding
	// that a wait expired costs the wait each time), or is empty.
	costly string
}

// hangNotShrunk is why a hang is reported as found.
const hangNotShrunk = "a wait that expired, which every replay would wait out again"

// shrinkWait bounds every wait of the sequences replayed to shrink a
// breach that is no hang: a replay that would wait longer is not the breach.
const shrinkWait = 500 * time.Millisecond

// wait is how long the sequence waits for a call to return or a callback
// to come.
func (w *world) wait() time.Duration {
	if w.target != nil && w.d.Timeout > shrinkWait {
		return shrinkWait
	}
	return w.d.Timeout
}

// mark records that finding f is costly to replay, and why; it returns f.
// It may run on any goroutine.
func (w *world) mark(f *model.Finding, why string) *model.Finding {
	if f != nil {
		w.mu.Lock()
		if w.costly == nil {
			w.costly = map[*model.Finding]string{}
		}
		w.costly[f] = why
		w.mu.Unlock()
	}
	return f
}

// hung marks f as the finding of a wait that expired.
func (w *world) hung(f *model.Finding) *model.Finding { return w.mark(f, hangNotShrunk) }

type evKind int

const (
	evIssued     evKind = iota // a close issued inside a callback
	evReturned                 // a call returned
	evCompleted                // a completion callback started
	evCloseCbEnd               // a close completion callback returned
	evConnect                  // a connect event
	evIndication               // a disconnect indication
	evPanic                    // a provider call panicked
	evEventEnd                 // a connect event callback returned
)

// call is a request or close in flight; op is set once the sequence's
// goroutine has told the model about it.
type call struct {
	op  *model.Op
	ref model.Ref
	// closeInCompletion: the consumer closes the object from inside this
	// request's completion callback (LT-9).
	closeInCompletion bool
	// hold keeps a close completion callback running a moment (LT-20).
	hold bool
	// local is the address a listen closed in its completion bound, read
	// in the completion before the close.
	local    netip.AddrPort
	localSt  ndk.Status
	hasLocal bool
}

type event struct {
	kind     evKind
	c        *call
	st       ndk.Status
	ref      model.Ref
	conn     ndk.Connector
	inCallOf *call // evIssued: the completion it was issued from
	panic    string
}

func (w *world) push(e event) {
	w.mu.Lock()
	if w.over && e.kind != evReturned && e.kind != evCloseCbEnd {
		w.late = append(w.late, fmt.Sprintf("%v after the adapters' blocking closes returned", e.describe()))
	}
	w.queue = append(w.queue, e)
	w.mu.Unlock()
	select {
	case w.arrived <- struct{}{}:
	default:
	}
}

func (e event) describe() string {
	switch e.kind {
	case evCompleted:
		return "a completion callback"
	case evConnect:
		return "a connect event"
	case evIndication:
		return "a disconnect indication"
	}
	return "a callback"
}

// callback brackets a provider callback: counted while it runs (LT-22).
func (w *world) enter() {
	w.mu.Lock()
	w.running++
	w.mu.Unlock()
}

func (w *world) leave() {
	w.mu.Lock()
	w.running--
	w.mu.Unlock()
}

func (w *world) requestDone(c *call) ndk.RequestCompletion {
	return func(_ any, st ndk.Status) {
		w.enter()
		defer w.leave()
		if c.closeInCompletion && st == ndk.StatusSuccess {
			// Read what a listen bound before the object is closed.
			if l, ok := w.handles[c.ref].(ndk.Listener); ok {
				c.local, c.localSt = l.GetLocalAddress()
				c.hasLocal = true
			}
		}
		w.push(event{kind: evCompleted, c: c, st: st})
		if c.closeInCompletion {
			w.closeFromCallback(c)
		}
	}
}

func (w *world) closeDone(c *call) ndk.CloseCompletion {
	return func(any) {
		w.enter()
		defer w.leave()
		w.push(event{kind: evCompleted, c: c, st: ndk.StatusSuccess})
		if c.hold {
			time.Sleep(time.Millisecond)
		}
		w.push(event{kind: evCloseCbEnd, c: c})
	}
}

// closeFromCallback closes the object of request c from inside its
// completion callback (LT-9): the provider must not deadlock, nor touch
// the object afterwards (LT-12, LT-14).
func (w *world) closeFromCallback(req *call) {
	if !w.claimClose(req.ref) {
		return
	}
	cl := &call{ref: req.ref}
	w.push(event{kind: evIssued, c: cl, inCallOf: req})
	st := w.handles[req.ref].Close(w.closeDone(cl), nil)
	w.push(event{kind: evReturned, c: cl, st: st})
}

// fail ends the sequence with finding f. Once a sequence failed, rapid
// shrinks it; a shorter sequence counts as failing only with a finding of
// the same rules, so that what is reported is the first breach, shrunk (a
// broken provider that hangs or leaks may fail later sequences otherwise).
func (w *world) fail(f *model.Finding) {
	if f == nil {
		return
	}
	w.mu.Lock()
	costly := w.costly[f]
	w.mu.Unlock()
	if w.target != nil && (w.target.f.Rules != f.Rules || w.target.costly != costly) {
		w.t.Skip("another breach than the one being shrunk")
	}
	w.failure = &failure{f: *f, steps: append([]string(nil), w.steps...), costly: costly}
	w.t.Fatalf("%s", f.String())
}

func (w *world) step(format string, args ...any) {
	w.drain() // the model sees what happened before the next call
	w.log(format, args...)
}

// log adds a line to the sequence's account without draining (for the
// events drain itself applies).
func (w *world) log(format string, args ...any) {
	w.steps = append(w.steps, fmt.Sprintf(format, args...))
}

// note appends to the last step.
func (w *world) note(format string, args ...any) {
	if len(w.steps) > 0 {
		w.steps[len(w.steps)-1] += fmt.Sprintf(format, args...)
	}
}

// invoke runs a provider call with a deadline: a call that does not return
// fails the sequence instead of hanging the run, and a panic in the
// provider is a failure of its own.
func (w *world) invoke(what string, fn func() ndk.Status) ndk.Status {
	type result struct {
		st    ndk.Status
		panic string
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{panic: fmt.Sprintf("%v\n%s", r, debug.Stack())}
			}
		}()
		done <- result{st: fn()}
	}()
	note := w.d.Waiting(what+" to return", w.wait())
	defer note.End()
	select {
	case r := <-done:
		if r.panic != "" {
			w.fail(&model.Finding{Call: what, Expected: "the call returns", Observed: "the provider panicked: " + r.panic})
		}
		if suite.FinalOnly(what) {
			w.fail(finalFinding(what, "", "", r.st))
		}
		return r.st
	case <-suite.After(w.wait()):
		w.fail(w.hung(&model.Finding{Rules: "LT-12 LT-13", Call: what, Expected: "the call returns within " + w.wait().String(), Observed: "it did not return"}))
		return 0
	}
}

// issue starts a request or close whose model op is op: fn calls the
// provider with the completion callback it is given, on a goroutine of its
// own, since a provider may complete inline a call that waits for the peer
// (a Connect returns once the peer's consumer accepted). The return is
// queued like a callback; settle waits for it when the model says the call
// must end now.
func (w *world) issue(op *model.Op, c *call, fn func(c *call) ndk.Status) {
	c.op, c.ref = op, op.Obj
	go func() {
		defer func() {
			if r := recover(); r != nil {
				w.push(event{kind: evPanic, c: c, panic: fmt.Sprintf("%v\n%s", r, debug.Stack())})
			}
		}()
		st := fn(c)
		w.push(event{kind: evReturned, c: c, st: st})
	}()
	w.settle()
}

// drain feeds the queued events and the CQs' completions to the model.
func (w *world) drain() {
	for {
		w.mu.Lock()
		q := w.queue
		w.queue = nil
		w.mu.Unlock()
		if len(q) == 0 {
			w.pollCQs()
			return
		}
		for _, e := range q {
			w.apply(e)
		}
	}
}

func (w *world) apply(e event) {
	switch e.kind {
	case evIssued:
		e.c.op = w.m.Close(e.c.ref)
		w.log("  %s closes %s inside the completion of %s", w.side(e.c.ref), w.m.Name(e.c.ref), e.inCallOf.op.Call)
	case evPanic:
		w.fail(w.m.FindingAbout(e.c.op, "", "the call returns", "the provider panicked: "+e.panic))
	case evReturned:
		w.log("  %s returned %v", e.c.op.Call+" "+w.m.Name(e.c.ref), e.st)
		w.fail(w.m.Returned(e.c.op, e.st))
		if e.c.op.Call == model.CallClose && e.st == ndk.StatusSuccess {
			w.m.CloseCallback(e.c.ref, false)
		}
		if e.st != ndk.StatusPending {
			w.afterSuccess(e.c)
		}
	case evCompleted:
		if e.c.op.Call == model.CallClose {
			w.note(" [closed %s]", w.m.Name(e.c.ref))
			f := w.m.Completed(e.c.op, ndk.StatusSuccess)
			w.m.CloseCallback(e.c.ref, true)
			w.fail(f)
			return
		}
		w.note(" [%s %s: %v]", e.c.op.Call, w.m.Name(e.c.ref), e.st)
		w.fail(w.m.Completed(e.c.op, e.st))
		w.afterSuccess(e.c)
	case evCloseCbEnd:
		w.m.CloseCallback(e.c.ref, false)
	case evEventEnd:
		w.m.EventCallback(e.ref, false)
	case evConnect:
		w.m.EventCallback(e.ref, true)
		r, f := w.m.ConnectEvent(e.ref)
		w.handles[r] = e.conn
		w.note(" [connect event on %s: %s]", w.m.Name(e.ref), w.m.Name(r))
		w.fail(f)
	case evIndication:
		w.note(" [indication on %s]", w.m.Name(e.ref))
		w.fail(w.m.Indication(e.ref))
	}
}

// afterSuccess reads back what a request that succeeded bound.
func (w *world) afterSuccess(c *call) {
	op := c.op
	if !op.Done || op.Status != ndk.StatusSuccess {
		return
	}
	// Closing: the model saw the close; closed: the close was issued, maybe
	// inside this very completion's callback, before the model sees it
	// (the consumer may not ask a closed object anything, CR-8).
	closing := w.m.Obj(op.Obj).Closing || w.closed(op.Obj)
	switch op.Call {
	case model.CallListen:
		// A listener closed inside its listen's completion bound its
		// port too: the completion read it before the close.
		var got netip.AddrPort
		var st ndk.Status
		switch {
		case c.hasLocal:
			got, st = c.local, c.localSt
		case closing:
			// Its close was issued before the listen completed: the
			// consumer may not ask it any more (CR-8); an explicit port
			// is known anyway.
			if op.Target().Port() == 0 {
				return
			}
			got, st = op.Target(), ndk.StatusSuccess
		default:
			got, st = w.handles[op.Obj].(ndk.Listener).GetLocalAddress()
		}
		w.fail(finalFinding("NdkGetListenerLocalAddress", w.m.Name(op.Obj), w.side(op.Obj), st))
		if st != ndk.StatusSuccess {
			w.fail(&model.Finding{Rules: "CN-2", Call: "NdkGetListenerLocalAddress", Object: w.m.Name(op.Obj), Expected: "STATUS_SUCCESS on a listening listener", Observed: st.String()})
		}
		w.fail(w.m.ListenBound(op.Obj, got))
	case model.CallConnect, model.CallConnectShared:
		if !closing {
			local, peer := w.addresses(op.Obj, "a connected connector")
			w.fail(w.m.ConnectBound(op.Obj, local, peer))
		}
	case model.CallAccept:
		if !closing {
			local, peer := w.addresses(op.Obj, "an accepted connector")
			w.fail(w.m.AcceptBound(op.Obj, local, peer))
		}
	case model.CallDisconnect:
		w.checkLanded(op)
	}
}

// addresses reads a connector's local and peer addresses, which must be
// answered on what (LC-2).
func (w *world) addresses(r model.Ref, what string) (local, peer netip.AddrPort) {
	c := w.handles[r].(ndk.Connector)
	local, st1 := c.GetLocalAddress()
	peer, st2 := c.GetPeerAddress()
	w.fail(finalFinding("NdkGetLocalAddress", w.m.Name(r), w.side(r), st1))
	w.fail(finalFinding("NdkGetPeerAddress", w.m.Name(r), w.side(r), st2))
	if st1 != ndk.StatusSuccess || st2 != ndk.StatusSuccess {
		w.fail(&model.Finding{Rules: "LC-2", Call: "NdkGetLocalAddress", Object: w.m.Name(r), Expected: "STATUS_SUCCESS on " + what, Observed: fmt.Sprintf("%v, %v", st1, st2)})
	}
	return local, peer
}

func (w *world) side(r model.Ref) string { return w.m.Obj(r).Side.String() }

// finalFinding is CR-12's finding for call, one that takes no completion
// callback and returns an NTSTATUS, if it returned STATUS_PENDING (nil
// otherwise); object and side may be empty.
func finalFinding(call, object, side string, st ndk.Status) *model.Finding {
	if st != ndk.StatusPending {
		return nil
	}
	return &model.Finding{Rules: "CR-12", Call: call, Object: object, Side: side, Expected: suite.FinalOnlyExpected(call), Observed: st.String()}
}

// settle feeds the model what happened and waits, event-driven, for what
// the model says must happen now.
func (w *world) settle() {
	deadline := suite.NewDeadline(w.wait())
	var note suite.WaitNote
	waiting := false
	defer func() {
		if waiting {
			note.End()
		}
	}()
	for {
		w.drain()
		w.checkCreates()
		due, wrs := w.m.Due(), w.m.WRsDue()
		if len(due) == 0 && len(wrs) == 0 {
			return
		}
		left := deadline.Left()
		if left <= 0 && len(due) == 0 {
			d := wrs[0]
			w.fail(w.hung(w.m.WRFinding(d, d.What+" within "+w.wait().String(), "it did not come")))
		}
		if left <= 0 {
			d := due[0]
			f := &model.Finding{Rules: d.Rules, Call: "", Expected: d.What + " within " + w.wait().String(), Observed: "it did not come"}
			if d.Op != nil {
				f = w.m.FindingAbout(d.Op, d.Rules, d.What+" within "+w.wait().String(), "it did not come")
			} else if d.Event != 0 {
				f.Call, f.Object, f.Side = "NdkConnectEventCallback", w.m.Name(d.Event), w.side(d.Event)
			} else {
				f.Call, f.Object, f.Side = "NdkDisconnectEventCallback", w.m.Name(d.Indication), w.side(d.Indication)
			}
			w.fail(w.hung(f))
		}
		wait := left
		if len(wrs) > 0 {
			// Completions queued to a CQ call nothing back: poll.
			wait = min(wait, time.Millisecond)
		}
		if !waiting {
			// the console names a wait that lasts (suite.ProgressWait)
			what := ""
			if len(due) > 0 {
				what = due[0].What
			} else {
				what = wrs[0].What
			}
			note, waiting = w.d.Waiting(what, w.wait()), true
		}
		select {
		case <-w.arrived:
		case <-time.After(wait):
		}
	}
}

// ----- creates: NdkCreateXxx must complete once if pending, never otherwise
// (CR-1, CR-2); a create the sequence needs may fail only for want of
// resources (CR-11).

type createCall struct {
	what        string
	returned    ndk.Status
	completions int
	obj         ndk.Object
	st          ndk.Status
}

func (w *world) checkCreates() {
	var f *model.Finding
	w.mu.Lock()
	for _, c := range w.creates {
		switch {
		case c.returned != ndk.StatusPending && c.returned != 0 && c.completions > 0:
			f = &model.Finding{Rules: "CR-2", Call: c.what, Expected: "no NdkCreateCompletion for a create that returned " + c.returned.String(), Observed: "a completion callback"}
		case c.completions > 1:
			f = &model.Finding{Rules: "CR-1", Call: c.what, Expected: "one NdkCreateCompletion", Observed: fmt.Sprintf("%d", c.completions)}
		}
	}
	w.mu.Unlock()
	w.fail(f)
}

// createRaw runs a create call and waits for its outcome; problem says
// what went wrong with the call itself (it did not return, or its pending
// completion did not come). It may run on any goroutine.
func (w *world) createRaw(what string, fn func(done ndk.CreateCompletion) (ndk.Object, ndk.Status)) (ndk.Object, ndk.Status, *model.Finding) {
	c := &createCall{what: what}
	w.mu.Lock()
	w.creates = append(w.creates, c)
	w.mu.Unlock()
	got := make(chan struct{}, 1)
	done := func(_ any, st ndk.Status, obj ndk.Object) {
		w.enter()
		defer w.leave()
		w.mu.Lock()
		c.completions++
		if c.completions == 1 {
			c.st, c.obj = st, obj
		}
		w.mu.Unlock()
		select {
		case got <- struct{}{}:
		default:
		}
	}
	type result struct {
		obj ndk.Object
		st  ndk.Status
	}
	ret := make(chan result, 1)
	go func() {
		obj, st := fn(done)
		ret <- result{obj, st}
	}()
	var r result
	note := w.d.Waiting(what+" to return, then its completion if pending", w.wait())
	defer note.End()
	select {
	case r = <-ret:
	case <-suite.After(w.wait()):
		return nil, 0, w.hung(&model.Finding{Rules: "LT-7", Call: what, Expected: "the call returns within " + w.wait().String(), Observed: "it did not return"})
	}
	w.mu.Lock()
	c.returned = r.st
	w.mu.Unlock()
	if r.st == ndk.StatusPending {
		select {
		case <-got:
		case <-suite.After(w.wait()):
			return nil, 0, w.hung(&model.Finding{Rules: "CR-1 LT-6", Call: what, Expected: "NdkCreateCompletion for a create that returned STATUS_PENDING", Observed: "none within " + w.wait().String()})
		}
		w.mu.Lock()
		r = result{c.obj, c.st}
		w.mu.Unlock()
	}
	return r.obj, r.st, nil
}

// create runs a create the sequence needs and returns its object: nil when
// the provider has no resources left (CR-11), which skips the step; any
// other failure breaks the rule that the provider creates such objects.
func (w *world) create(s model.Side, what string, fn func(done ndk.CreateCompletion) (ndk.Object, ndk.Status)) ndk.Object {
	obj, st, problem := w.createRaw(what, fn)
	if problem != nil {
		problem.Side = s.String()
		w.fail(problem)
	}
	switch {
	case st == ndk.StatusInsufficientResources:
		return nil
	case st != ndk.StatusSuccess || obj == nil:
		w.fail(&model.Finding{Rules: createRule[what], Call: what, Side: s.String(), Expected: "STATUS_SUCCESS (a provider creates every object type)", Observed: st.String()})
	}
	return obj
}

var createRule = map[string]string{
	"NdkCreateListener":       "IF-6",
	"NdkCreateConnector":      "IF-4",
	"NdkCreatePd":             "IF-9",
	"NdkCreateCq":             "IF-5",
	"NdkCreateQp":             "IF-10",
	"NdkCreateSharedEndpoint": "IF-11",
	"NdkCreateMr":             "IF-7",
	"NdkCreateMw":             "IF-8",
}

// ----- the sequence's end

// teardown closes what is left in an order the sequence draws, checks that
// every close completes and every port is free again, then closes the
// adapters: once their blocking closes return, nothing may run or follow
// (LT-22).
func (w *world) teardown(waitEach bool, adapterEarly bool) {
	w.step("teardown (closes %s, adapter close %s)", map[bool]string{true: "one at a time", false: "all at once"}[waitEach],
		map[bool]string{true: "without waiting for them", false: "after they completed"}[adapterEarly])
	// LT-8: an object is closed only once every call on it returned; a
	// call still in the provider (a Connect waiting for its peer) ends
	// when what it waits for is closed, or at the provider's time-out.
	deadline := suite.NewDeadline(w.wait())
	for {
		w.drain()
		var open []model.Ref
		for _, r := range w.m.OpenObjects() {
			if !w.closed(r) && !w.m.InCall(r) {
				open = append(open, r)
			}
		}
		if len(open) == 0 {
			if len(w.m.OpenObjects()) == 0 || deadline.Passed() {
				break
			}
			select {
			case <-w.arrived:
			case <-time.After(deadline.Left()):
			}
			continue
		}
		perm := rapid.Permutation(open).Draw(w.t, "close order")
		for _, r := range perm {
			if w.m.InCall(r) || !w.claimClose(r) {
				continue
			}
			w.step("%s: NdkCloseObject %s", w.side(r), w.m.Name(r))
			op := w.m.Close(r)
			c := &call{hold: true, op: op, ref: r}
			h := w.handles[r]
			st := w.invoke(op.Call, func() ndk.Status { return h.Close(w.closeDone(c), nil) })
			w.push(event{kind: evReturned, c: c, st: st})
			w.drain()
			if waitEach {
				w.settle()
			}
		}
	}
	if left := w.m.OpenObjects(); len(left) > 0 {
		w.fail(w.hung(&model.Finding{Rules: "LT-12 LT-13", Call: "", Object: w.m.Name(left[0]), Expected: "every call on the sequence's objects returns, so that they can be closed",
			Observed: "a call on it is still in the provider after " + w.wait().String()}))
	}
	if !adapterEarly {
		w.settle()
		for _, s := range []model.Side{model.A, model.B} {
			for _, p := range w.m.Ports(s) {
				w.probe(s, p)
			}
		}
	}
	w.closeAdapters()
}

// shutAdapters runs before, then closes the adapters (side B's first), on
// a goroutine of its own; it reports whether all that returned within
// w.wait().
func (w *world) shutAdapters(before func()) bool {
	done := make(chan struct{})
	go func() {
		before()
		for _, a := range []ndk.Adapter{w.adapter[1], w.adapter[0]} {
			if a != nil {
				a.Close()
			}
		}
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-suite.After(w.wait()):
		return false
	}
}

func (w *world) closeAdapters() {
	if !w.shutAdapters(func() {}) {
		w.adapter = [2]ndk.Adapter{}
		w.fail(w.hung(&model.Finding{Rules: "LT-22", Call: "NDK_ADAPTER close", Expected: "the blocking adapter close returns once the adapter's objects are closed", Observed: "it did not return within " + w.wait().String()}))
	}
	w.adapter = [2]ndk.Adapter{}
	w.mu.Lock()
	w.over = true
	running := w.running
	w.mu.Unlock()
	w.drain()
	if running > 0 {
		w.fail(&model.Finding{Rules: "LT-22", Call: "NDK_ADAPTER close", Expected: "no callback still running when the adapters' blocking closes returned", Observed: fmt.Sprintf("%d running", running)})
	}
	if un := w.m.Unfinished(); len(un) > 0 {
		w.fail(w.m.FindingAbout(un[0], "LT-22", "every callback of the adapter's objects came before its blocking close returned",
			fmt.Sprintf("%s had not completed", un[0].Call)))
	}
}

// checkLate fails a sequence whose provider called back after the adapters'
// blocking closes returned; the caller gives callbacks a moment to show.
func (w *world) checkLate() {
	w.mu.Lock()
	late := w.late
	w.mu.Unlock()
	if len(late) > 0 {
		w.fail(&model.Finding{Rules: "LT-22 LT-25", Call: "NDK_ADAPTER close", Expected: "no callback once the adapters' blocking closes returned", Observed: strings.Join(late, "; ")})
	}
}

// probe checks whether side s's port is free or busy as the model says:
// NdkListen on a new listener, closed at once. It is judged by what the
// model knew when the listen was issued: a close that completes meanwhile
// (its completion applied only after) may free the port during the listen.
func (w *world) probe(s model.Side, port uint16) {
	ap := w.m.Addr(s, port)
	w.step("%s: probe %v", s, ap)
	obj := w.create(s, "NdkCreateListener", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
		l, st := w.adapter[s].CreateListener(func(any, ndk.Connector) {}, nil, done, nil)
		return l, st
	})
	if obj == nil {
		w.note(" -> no resources for a listener")
		return
	}
	l := obj.(ndk.Listener)
	ch := make(chan ndk.Status, 1)
	st := w.invoke("NdkListen", func() ndk.Status {
		return l.Listen(ap, func(_ any, st ndk.Status) { ch <- st }, nil)
	})
	if st == ndk.StatusPending {
		select {
		case st = <-ch:
		case <-suite.After(w.wait()):
			w.fail(w.hung(&model.Finding{Rules: "CR-4", Call: "NdkListen", Object: "probe listener", Side: s.String(), Expected: "the completion of a pending NdkListen", Observed: "none"}))
		}
	}
	w.note(" -> %v", st)
	f := w.m.Probe(s, ap, st)
	closed := make(chan struct{}, 1)
	cst := w.invoke("NdkCloseObject", func() ndk.Status { return l.Close(func(any) { closed <- struct{}{} }, nil) })
	if cst == ndk.StatusPending {
		select {
		case <-closed:
		case <-suite.After(w.wait()):
			w.fail(w.hung(&model.Finding{Rules: "CR-6", Call: "NdkCloseObject", Object: "probe listener", Side: s.String(), Expected: "the close completes", Observed: "it did not"}))
		}
	}
	if st == ndk.StatusSuccess {
		w.m.Probed(s, ap)
	}
	w.fail(f)
}
