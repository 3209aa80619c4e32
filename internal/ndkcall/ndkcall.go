// Package ndkcall is the one core of "make an NDK call on a goroutine of its
// own and wait for its return and its completion" that the conformance
// suite builds on (perf, which measures a provider's throughput, makes its
// calls on one goroutine of its own under one watchdog instead, without a
// goroutine, a timer and channels per call: see perf/call.go). The call
// runs on a pooled goroutine (package workers) so that a provider that
// never returns cannot hang the caller, a panic in the provider is captured
// instead of taking the process down, the returned status and object and
// the time are recorded, every completion callback is counted (a second
// one is detectable), and the waits for the return and for the final
// status are bounded by a deadline (package wait).
//
// The final status of a call is known ("done") at the first of: it returned
// a status other than STATUS_PENDING (or panicked), or its first completion
// callback came while it had not returned or had returned STATUS_PENDING.
// What comes after (a completion for a call that returned inline, a second
// completion, a panic after a completion) is recorded and counted, and is a
// breach the harness reports (Observer, Complete's results); the final
// status then follows the rules of Complete and Go, as the suite always
// reported it.
package ndkcall

import (
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/internal/wait"
	"github.com/ndkconform/ndkconform/internal/workers"
	"github.com/ndkconform/ndkconform/ndk"
)

// Observer is told what happens to a call, on the goroutine that makes it
// happen. A harness implements it to check rules at the moment they can be
// judged (a Call with no observer records only).
type Observer interface {
	// CallReturned runs when the call returned ret (or panicked, p != nil),
	// after completions completion callbacks (first: the status of the
	// first of them), before Returned is closed: whoever sees the call
	// returned sees what CallReturned recorded.
	CallReturned(ret ndk.Status, p any, completions int, first ndk.Status)
	// CallDone runs once the final status st is known, after Done is
	// closed.
	CallDone(st ndk.Status)
}

// Invoker makes the provider call: Invoke calls the provider and returns
// what it returned (the object a create returned inline, nil for any other
// call). A harness's record of a call implements it, so that issuing a
// call allocates no closure.
type Invoker interface {
	Invoke() (ndk.Object, ndk.Status)
}

// InvokerFunc is a func as an Invoker.
type InvokerFunc func() (ndk.Object, ndk.Status)

// Invoke implements Invoker.
func (f InvokerFunc) Invoke() (ndk.Object, ndk.Status) { return f() }

// Call is one provider call. The zero Call is not usable: Init it, or
// make it with New.
type Call struct {
	returned chan struct{} // closed when the call returned (or panicked)
	done     chan struct{} // closed when the final status is known
	obs      Observer
	inv      Invoker
	issued   time.Duration // since epoch, as every time of a Call

	// The fields are ordered to pack: a harness keeps many calls, and a
	// benchmark allocates one per call.
	mu          sync.Mutex
	ret         ndk.Status // the zero status if it panicked
	final       ndk.Status
	first       ndk.Status // the first completion's status
	completions int32
	hasReturned bool
	viaCallback bool       // the final status (and object) is a completion's
	panicFinal  bool       // the final status is the panic's: no object
	timed       bool       // InitTimed: the call's times are recorded
	retObj      ndk.Object // the object a create returned inline
	compObj     ndk.Object // the object of the first completion
	panicked    any
	returnedAt  time.Duration // when it returned
	doneAt      time.Duration
}

// epoch is what a Call's times count from: a Duration is a third of a
// time.Time, and a harness keeps many calls.
var epoch = time.Now()

func now() time.Duration { return time.Since(epoch) }

// Now is the clock of a Call's times: the time since the package's
// epoch, for a harness that compares a call of its own with a Call's.
func Now() time.Duration { return now() }

// IssuedAt is when the call was issued, on Now's clock (0 if the Call is
// not timed).
func (c *Call) IssuedAt() time.Duration { return c.issued }

// New returns a Call observed by obs (nil: none), issued now, that
// records its times (InitTimed).
func New(obs Observer) *Call {
	c := &Call{}
	c.InitTimed(obs)
	return c
}

// Init makes c ready, observed by obs (nil: none): for a Call embedded in
// a harness's own record of the call. It records no times (ReturnedAt,
// DoneAt and FinishedBefore need InitTimed): reading the clock three
// times a call is a cost a throughput benchmark does not pay for nothing.
func (c *Call) Init(obs Observer) {
	c.returned = make(chan struct{})
	c.done = make(chan struct{})
	c.obs = obs
}

// InitTimed is Init for a Call that records when it was issued (now),
// returned and done.
func (c *Call) InitTimed(obs Observer) {
	c.Init(obs)
	c.timed = true
	c.issued = now()
}

// clock is now() for a timed Call, 0 otherwise.
func (c *Call) clock() time.Duration {
	if !c.timed {
		return 0
	}
	return now()
}

// Go makes the provider call, inv.Invoke, on a goroutine of its own (a
// pooled one) and records what it returns; a panic is recovered and
// recorded as the call's return (its final status STATUS_UNSUCCESSFUL
// unless a completion came first). It returns at once. Go is called once.
func (c *Call) Go(inv Invoker) {
	c.inv = inv
	workers.GoRun((*runner)(c))
}

// runner is a Call as the work of a pooled goroutine (its Run is not the
// Call's to export).
type runner Call

func (r *runner) Run() {
	c := (*Call)(r)
	var st ndk.Status
	var obj ndk.Object
	defer func() {
		c.setReturned(obj, st, recover())
	}()
	obj, st = c.inv.Invoke()
}

func (c *Call) setReturned(obj ndk.Object, st ndk.Status, p any) {
	at := c.clock()
	c.mu.Lock()
	c.ret, c.retObj, c.hasReturned, c.panicked, c.returnedAt = st, obj, true, p, at
	n, first := int(c.completions), c.first
	finalize := false
	switch {
	case p != nil:
		// A panic is a failure whatever came before; it decides the call
		// only if no completion did.
		c.final, c.panicFinal, c.viaCallback, finalize = ndk.StatusUnsuccessful, true, false, n == 0
	case st != ndk.StatusPending && n == 0:
		c.final, finalize = st, true
	}
	if finalize {
		c.doneAt = at
	}
	c.mu.Unlock()
	if c.obs != nil {
		c.obs.CallReturned(st, p, n, first)
	}
	// The final status is published before the return, so that whoever
	// sees the call returned inline also sees it done.
	if finalize {
		c.finish()
	}
	close(c.returned)
}

// Complete records a completion callback with status st (and, for a
// create, the new object). n is how many completions came so far, this
// one included (a second one is a breach of every completion contract);
// returned and ret say whether the call had returned, and with what (the
// zero status if it panicked). The first completion's status and object
// become the call's final ones; it decides the call (Done) unless the call
// had returned otherwise than with STATUS_PENDING.
func (c *Call) Complete(st ndk.Status, obj ndk.Object) (n int, returned bool, ret ndk.Status) {
	c.mu.Lock()
	c.completions++
	n, returned, ret = int(c.completions), c.hasReturned, c.ret
	finalize := false
	if n == 1 {
		c.first, c.compObj = st, obj
		c.final, c.viaCallback, c.panicFinal = st, true, false
		if !returned || ret == ndk.StatusPending {
			c.doneAt, finalize = c.clock(), true
		}
	}
	c.mu.Unlock()
	if finalize {
		c.finish()
	}
	return n, returned, ret
}

func (c *Call) finish() {
	close(c.done)
	if c.obs != nil {
		c.mu.Lock()
		st := c.final
		c.mu.Unlock()
		c.obs.CallDone(st)
	}
}

// Returned is closed when the call returned (or panicked).
func (c *Call) Returned() <-chan struct{} { return c.returned }

// Done is closed when the call's final status is known.
func (c *Call) Done() <-chan struct{} { return c.done }

// HasReturned reports whether the call returned.
func (c *Call) HasReturned() bool { return isClosed(c.returned) }

// IsDone reports whether the call's final status is known.
func (c *Call) IsDone() bool { return isClosed(c.done) }

func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// WaitReturn waits up to d for the call to return and reports whether it
// did.
func (c *Call) WaitReturn(d time.Duration) bool { return wait.Closed(c.returned, d) }

// WaitDone waits up to d for the final status and reports whether it is
// known.
func (c *Call) WaitDone(d time.Duration) bool { return wait.Closed(c.done, d) }

// Return is what the call returned: its status, the object a create
// returned inline, and the value it panicked with (nil if it did not).
// Meaningful once it returned.
func (c *Call) Return() (st ndk.Status, obj ndk.Object, panicked any) {
	if c.HasReturned() {
		// Written once, before Returned was closed.
		return c.ret, c.retObj, c.panicked
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ret, c.retObj, c.panicked
}

// Final is the call's final status and object, and whether they came
// through the completion callback. Meaningful once it is done.
func (c *Call) Final() (st ndk.Status, obj ndk.Object, viaCallback bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.viaCallback:
		obj = c.compObj
	case !c.panicFinal:
		obj = c.retObj
	}
	return c.final, obj, c.viaCallback
}

// FirstCompletion is the status of the first completion callback, and
// how many came.
func (c *Call) FirstCompletion() (st ndk.Status, n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.first, int(c.completions)
}

// Completions is how many completion callbacks came.
func (c *Call) Completions() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return int(c.completions)
}

// ReturnedAt is how long after it was issued the call returned (0 until
// then, or if the Call is not timed).
func (c *Call) ReturnedAt() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.hasReturned {
		return 0
	}
	return c.returnedAt - c.issued
}

// DoneAt is how long after it was issued the final status became known
// (0 until then, or if the Call is not timed).
func (c *Call) DoneAt() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.IsDone() {
		return 0
	}
	return c.doneAt - c.issued
}

// FinishedBefore reports whether c's final status was known before other
// was issued: then the two calls did not overlap. Both must be timed
// (InitTimed).
func (c *Call) FinishedBefore(other *Call) bool {
	if !c.IsDone() {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.doneAt < other.issued
}
