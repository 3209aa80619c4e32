package perf

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// How a Pair calls the provider.
//
// A Pair has a goroutine of its own, its runner: Setup, Cycle and Close
// hand their work to it and wait for its answer on one reused channel.
// The runner makes the provider calls itself, one after the other, except
// the two that may block until the peer acts (NdkConnect, which may return
// only once side B accepted; NdkAccept, which may return only once side A
// completed the connect): those go to a worker goroutine of their side, A
// or B, which lives as long as the Pair. No call gets a goroutine, a timer
// or a channel of its own.
//
// One watchdog goroutine per Pair bounds everything: the runner notes in a
// counter (odd while busy) each call and each wait it begins and ends, and
// the watchdog, ticking every eighth of the deadline, sees when one has
// lasted the deadline (never sooner; at most a tick later). A wait then
// ends as timed out (the runner reports what did not come and goes on). A
// call of the runner's that has not returned is reported by the watchdog
// itself to whoever waits for the runner, and the Pair is unusable from
// then on: the runner is stuck in the provider. A worker's call is waited
// for by the runner, so the same deadline bounds it.
//
// Completions, events and the workers' returns wake the runner through one
// reused channel of one slot: each changes the state (an op's atomic word,
// or under the Pair's mutex), then leaves a token if none is there; the
// runner checks the state before it sleeps, so no wake-up is lost (and a
// stale token only makes it check again). A worker's call that returned STATUS_PENDING wakes the
// runner only if the runner waits for that return (in the deferred way of
// completing, the runner is then waiting for something else).

// waiting stands for every wait in what the runner is busy with (see
// runner.cur): the runner reports a wait that timed out itself.
var waiting = new(op)

// jobKind is the work Setup, Cycle and Close hand the runner.
type jobKind uint8

const (
	jobSetup  jobKind = iota
	jobCycles         // job.cycles cycles, or up to the first that fails
	jobClose
)

type job struct {
	kind   jobKind
	n      uint64 // the job's number, for its answer
	cycles int
}

// runner is the state of a Pair's goroutines.
type runner struct {
	jobs    chan job
	answer  chan error    // one slot: the answer to the job in progress
	pending atomic.Uint64 // the number of the job waiting for its answer, 0 if none
	jobN    uint64        // the last job's number (the caller's)
	ran     atomic.Int64  // the cycles of the last jobCycles that succeeded

	wake chan struct{} // one slot: something the runner may wait for happened

	busy atomic.Uint64      // odd while the runner is in a call or a wait
	cur  atomic.Pointer[op] // the call it is in, or waiting
	stop chan struct{}      // closed by Close: the watchdog ends

	workA, workB chan *op // the side workers' calls

	live atomic.Int32 // the goroutines running (for the tests)
}

// start starts the runner, the watchdog and the side workers.
func (p *Pair) start() {
	r := &p.r
	r.jobs = make(chan job)
	r.answer = make(chan error, 1)
	r.wake = make(chan struct{}, 1)
	r.stop = make(chan struct{})
	r.workA = make(chan *op, 1)
	r.workB = make(chan *op, 1)
	r.live.Add(4)
	go p.loop()
	go p.watch()
	go p.work(r.workA)
	go p.work(r.workB)
}

// stop ends the goroutines: at once those that wait for work, and a runner
// or worker stuck in the provider once (if ever) its call returns.
func (p *Pair) stop() {
	close(p.r.stop)
	close(p.r.jobs)
	close(p.r.workA)
	close(p.r.workB)
}

// run hands the runner a job and waits for its answer: the job's own, or
// the watchdog's if a call of the runner's did not return in time. The
// caller has checked that the pair is usable (a stuck runner takes no job).
func (p *Pair) run(kind jobKind, cycles int) error {
	r := &p.r
	r.jobN++
	r.pending.Store(r.jobN)
	r.jobs <- job{kind: kind, n: r.jobN, cycles: cycles}
	return <-r.answer
}

// reply answers job n, unless the watchdog did.
func (p *Pair) reply(n uint64, err error) {
	if p.r.pending.CompareAndSwap(n, 0) {
		p.r.answer <- err
	}
}

func (p *Pair) loop() {
	defer p.r.live.Add(-1)
	for j := range p.r.jobs {
		var err error
		switch j.kind {
		case jobSetup:
			err = p.setup()
		case jobCycles:
			p.r.ran.Store(0)
			for range j.cycles {
				if err = p.cycle(); err != nil {
					break
				}
				p.r.ran.Add(1)
			}
		case jobClose:
			err = p.closeAll()
		}
		p.reply(j.n, err)
	}
}

// watchPeriod is how often the watchdog looks: an eighth of the deadline,
// at least a millisecond.
func watchPeriod(timeout time.Duration) time.Duration {
	return max(timeout/8, time.Millisecond)
}

// watch is the watchdog. It reports a call or a wait that has lasted the
// deadline: it takes the runner's slot over (the runner then finds it
// gone), then wakes the runner for a wait, or breaks the pair and answers
// the job for a call.
func (p *Pair) watch() {
	r := &p.r
	defer r.live.Add(-1)
	t := time.NewTicker(watchPeriod(p.timeout))
	defer t.Stop()
	var seen uint64     // the busy count seen at the last tick
	var since time.Time // when it was first seen
	for {
		select {
		case <-r.stop:
			return
		case <-t.C:
		}
		b := r.busy.Load()
		if b&1 == 0 {
			seen = 0
			continue
		}
		now := time.Now()
		if b != seen {
			seen, since = b, now
			continue
		}
		if now.Sub(since) < p.timeout {
			continue
		}
		s := r.cur.Load()
		if !r.busy.CompareAndSwap(b, b+1) {
			continue // it just ended
		}
		if s == waiting {
			p.signal()
			continue
		}
		err := stuckError(s.what, p.timeout)
		p.breakWith(err)
		if n := r.pending.Load(); n != 0 {
			p.reply(n, err)
		}
	}
}

func stuckError(what string, timeout time.Duration) error {
	return fmt.Errorf("%s: expected the call to return, it did not within %v", what, timeout)
}

// enter notes that the runner begins s; it returns the busy count to end
// it with.
func (p *Pair) enter(s *op) uint64 {
	p.r.cur.Store(s)
	return p.r.busy.Add(1)
}

// leave notes that the runner ended the slot it entered with b, and
// reports whether the watchdog had not taken it over.
func (p *Pair) leave(b uint64) bool { return p.r.busy.CompareAndSwap(b, b+1) }

// signal wakes the runner (if it waits): a completion, an event or a
// worker's return came. It never blocks.
func (p *Pair) signal() {
	select {
	case p.r.wake <- struct{}{}:
	default:
	}
}

// await waits, on the runner, until cond holds: then it returns nil. If
// the pair breaks first (a side worker's call panicked) it returns why;
// if the deadline passes first, what late returns. cond reads what the
// callbacks and the workers change (atomically, or under p.mu), and they
// signal after the change.
func (p *Pair) await(cond func() bool, late func() error) error {
	if cond() {
		return nil
	}
	if p.isBroken.Load() {
		return p.brokenErr() // its wake-up may have been taken by an earlier wait
	}
	b := p.enter(waiting)
	for {
		<-p.r.wake
		switch {
		case cond():
			p.leave(b)
			return nil
		case p.isBroken.Load():
			p.leave(b)
			return p.brokenErr()
		case p.r.busy.Load() != b:
			// The watchdog ended the wait: the deadline passed.
			if cond() {
				return nil
			}
			return late()
		}
	}
}

// op is one provider call: what it returned and its completions.
type op struct {
	p    *Pair
	what string                               // names the call in errors
	fn   func(o *op) (ndk.Object, ndk.Status) // a call on a side worker
	// issued: the call was handed to a side worker (the clean-up after a
	// failed cycle waits for it to return). stuck: the watchdog reported
	// the runner's call as not returning. Both the runner's.
	issued, stuck bool

	// What the call returned, set before returned is: read once it is.
	ret      ndk.Status // the zero status if it panicked
	retObj   ndk.Object
	panicked any
	// The first completion's, set before completed is: read once it is.
	first   ndk.Status
	compObj ndk.Object

	state atomic.Uint32 // the marks below, and the completions counted
}

// The marks of op.state; the completions counted are the bits from
// completion up.
const (
	returned     = 1 << iota // ret, retObj and panicked are set
	completed                // first and compObj are set
	returnWanted             // the runner waits for the call to return
	breach                   // a completion of a call that returned inline was reported
	completion               // one completion
)

// call makes o's provider call fn on the runner, the caller, watched by the
// watchdog, and records what it returned or that it panicked. If it
// returned only after the watchdog reported it, the pair is broken and
// o.final says so.
func (p *Pair) call(o *op, what string, fn func(o *op) (ndk.Object, ndk.Status)) *op {
	o.p, o.what = p, what
	b := p.enter(o)
	o.stuck = !o.invoke(fn, b)
	return o
}

// invoke makes o's call fn, records what it returned or that it panicked,
// then ends the runner's slot (b) if it is in one and reports whether the
// watchdog had not taken the slot over.
func (o *op) invoke(fn func(o *op) (ndk.Object, ndk.Status), b uint64) (ok bool) {
	var x ndk.Object
	var st ndk.Status
	defer func() {
		o.setReturned(x, st, recover())
		ok = b == 0 || o.p.leave(b)
	}()
	x, st = fn(o)
	return
}

// callOn hands o's provider call fn to the side worker w: for a call that
// may return only once the peer acted. It returns at once.
func (p *Pair) callOn(w chan<- *op, o *op, what string, fn func(o *op) (ndk.Object, ndk.Status)) *op {
	o.p, o.what, o.fn, o.issued = p, what, fn, true
	w <- o
	return o
}

// work is a side worker: it makes the calls it is handed, one at a time.
func (p *Pair) work(w <-chan *op) {
	defer p.r.live.Add(-1)
	for o := range w {
		o.invoke(o.fn, 0)
		switch {
		case o.panicked != nil:
			o.panicError(o.panicked) // the runner's wait ends now
		case o.ret != ndk.StatusPending || o.state.Load()&returnWanted != 0:
			// Not for a bare STATUS_PENDING the runner is not waiting
			// for: it would wake for nothing.
			p.signal()
		}
	}
}

// setReturned records what the call returned. It and complete set their
// mark and look at the other's in one atomic step on op.state: a
// completion of a call that returned its final status is seen by the
// later of the two, and reported once.
func (o *op) setReturned(x ndk.Object, st ndk.Status, pan any) {
	o.ret, o.retObj, o.panicked = st, x, pan
	if s := o.state.Or(returned); pan == nil && st != ndk.StatusPending && s >= completion {
		o.inlineBreach(st)
	}
}

// complete records a completion callback of o.
func (o *op) complete(st ndk.Status, x ndk.Object) {
	p := o.p
	s := o.state.Add(completion)
	n := s / completion
	if n == 1 {
		o.first, o.compObj = st, x
		s = o.state.Or(completed)
	}
	switch {
	case n > 1:
		p.strayf("%s: its completion callback was called more than once", o.what)
	case s&returned != 0 && o.panicked == nil && o.ret != ndk.StatusPending:
		o.inlineBreach(o.ret)
	}
	p.signal()
}

func (o *op) inlineBreach(ret ndk.Status) {
	if o.state.Or(breach)&breach == 0 {
		o.p.strayf("%s: its completion callback was called although it returned %v", o.what, ret)
	}
}

// The completion callbacks of every call: ctx is the call's op. A context
// that is not one the pair gave is no completion of its calls: the call
// it should have completed then reports none.

// createDone is NDK_FN_CREATE_COMPLETION.
func createDone(ctx any, st ndk.Status, x ndk.Object) {
	if o, ok := ctx.(*op); ok && o != nil {
		o.complete(st, x)
	}
}

// requestDone is NDK_FN_REQUEST_COMPLETION.
func requestDone(ctx any, st ndk.Status) {
	if o, ok := ctx.(*op); ok && o != nil {
		o.complete(st, nil)
	}
}

// closeDone is NDK_FN_CLOSE_COMPLETION.
func closeDone(ctx any) {
	if o, ok := ctx.(*op); ok && o != nil {
		o.complete(ndk.StatusSuccess, nil)
	}
}

// hasReturned reports whether the call returned; if not, the side worker
// that makes it will wake the runner when it does.
func (o *op) hasReturned() bool {
	// The mark and the look are one step: a worker's return after it
	// sees the mark (see work).
	return o.state.Or(returnWanted)&returned != 0
}

func (o *op) hasCompleted() bool { return o.state.Load()&completed != 0 }

// returnState is what the call returned, and whether it did.
func (o *op) returnState() (done bool, st ndk.Status, x ndk.Object, pan any) {
	if o.state.Load()&returned == 0 {
		return false, 0, nil, nil
	}
	return true, o.ret, o.retObj, o.panicked
}

// firstCompletion is the first completion's status and object, and
// whether it came.
func (o *op) firstCompletion() (st ndk.Status, x ndk.Object, came bool) {
	if o.state.Load()&completed == 0 {
		return 0, nil, false
	}
	return o.first, o.compObj, true
}

func (o *op) panicError(pan any) error {
	err := fmt.Errorf("%s: the provider panicked: %v", o.what, pan)
	o.p.breakWith(err)
	return err
}

// waitReturn waits for the call to return. A call that does not return
// within the deadline, or panics, makes the pair unusable.
func (o *op) waitReturn() error {
	if o.stuck {
		return stuckError(o.what, o.p.timeout)
	}
	if err := o.p.await(o.hasReturned, o.stuckNow); err != nil {
		return err
	}
	if _, _, _, pan := o.returnState(); pan != nil {
		return o.panicError(pan)
	}
	return nil
}

// stuckNow is the error of a call that has not returned within the
// deadline: the pair is unusable.
func (o *op) stuckNow() error {
	err := stuckError(o.what, o.p.timeout)
	o.p.breakWith(err)
	return err
}

// pendingToo adds to err that o, a call handed to a side worker, has not
// returned either (if so): when the runner waited in vain for the peer's
// part, a stuck call of the peer may be why.
func (o *op) pendingToo(err error) error {
	if !o.issued || o.hasReturned() {
		return err
	}
	return fmt.Errorf("%w (and %s, issued before, has not returned)", err, o.what)
}

// final waits for the call's final status: the one it returned, or that of
// its completion callback after STATUS_PENDING. viaCallback says which.
func (o *op) final() (st ndk.Status, x ndk.Object, viaCallback bool, err error) {
	if err := o.waitReturn(); err != nil {
		return 0, nil, false, err
	}
	if _, st, x, _ := o.returnState(); st != ndk.StatusPending {
		return st, x, false, nil
	}
	if err := o.p.await(o.hasCompleted, o.noCompletion); err != nil {
		return 0, nil, true, err
	}
	st, x, _ = o.firstCompletion()
	return st, x, true, nil
}

func (o *op) noCompletion() error {
	return fmt.Errorf("%s returned STATUS_PENDING: expected its completion callback, it did not come within %v", o.what, o.p.timeout)
}

// succeed waits for the call's final status and requires STATUS_SUCCESS.
func (o *op) succeed() error {
	_, err := o.succeedObj()
	return err
}

func (o *op) succeedObj() (ndk.Object, error) {
	st, x, cb, err := o.final()
	switch {
	case err != nil:
		return nil, err
	case st == ndk.StatusSuccess:
		return x, nil
	case cb:
		return nil, fmt.Errorf("%s returned STATUS_PENDING: expected its completion to report STATUS_SUCCESS, it reported %v", o.what, st)
	}
	return nil, fmt.Errorf("%s: expected STATUS_SUCCESS or STATUS_PENDING, the provider returned %v", o.what, st)
}
