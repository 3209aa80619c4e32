package suite

import (
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/internal/wait"
)

// DefaultWaitNotice is how long one wait of a spec on the provider lasts
// before the progress says so (ProgressWait), unless the configuration
// says otherwise.
const DefaultWaitNotice = 5 * time.Second

// WaitProgress is a wait of a spec on the provider that has lasted
// Config.WaitNotice or longer (event ProgressWait): a run against slow
// hardware is never silent for minutes.
type WaitProgress struct {
	// Spec is the full text of the spec that waits.
	Spec string `json:"spec"`
	// What is what it waits for, in words: "the completion of NdkConnect
	// on connector#3 (side A)", "NdkCloseObject on qp#4 (side B) to
	// return".
	What string `json:"what"`
	// Waited is how long it has waited so far, Limit how long it waits at
	// most (Config.Timeout, mostly).
	Waited time.Duration `json:"waited"`
	Limit  time.Duration `json:"limit"`
}

// waitKind says how a waitEntry describes its wait.
type waitKind uint8

const (
	waitReturn waitKind = iota // op to return
	waitDone                   // op's completion
	waitText                   // text, then obj if any
)

// waitEntry is one wait in progress. Entries are pooled: a wait that
// blocks registers one, and most such waits last microseconds.
type waitEntry struct {
	spec  string
	kind  waitKind
	op    *Op
	text  string
	obj   *object
	start time.Time
	limit time.Duration
	next  time.Duration // how long the wait lasts when it is reported next
	idx   int           // in waitWatch.waits
}

func (e *waitEntry) what() string {
	switch e.kind {
	case waitReturn:
		return e.op.String() + " to return"
	case waitDone:
		return "the completion of " + e.op.String()
	}
	if e.obj != nil {
		return e.text + " " + e.obj.String()
	}
	return e.text
}

var waitEntries = sync.Pool{New: func() any { return new(waitEntry) }}

// waitWatch keeps the waits in progress of a run and reports each that
// lasts: once it has lasted notice, then every 2*notice while it lasts.
// One goroutine per run scans them; registering a wait is a lock and an
// append (nothing is formatted until a wait is reported).
type waitWatch struct {
	notice time.Duration
	out    func(ProgressRecord)

	mu    sync.Mutex
	waits []*waitEntry

	stop, stopped chan struct{}
}

// newWaitWatch starts the watch; out writes a record. stop ends it.
func newWaitWatch(notice time.Duration, out func(ProgressRecord)) *waitWatch {
	w := &waitWatch{notice: notice, out: out, stop: make(chan struct{}), stopped: make(chan struct{})}
	go w.loop()
	return w
}

func (w *waitWatch) loop() {
	defer close(w.stopped)
	tick := max(w.notice/4, time.Millisecond)
	t := time.NewTicker(tick)
	defer t.Stop()
	var recs []WaitProgress
	for {
		select {
		case <-w.stop:
			return
		case now := <-t.C:
			recs = w.due(now, recs[:0])
			for i := range recs {
				w.out(ProgressRecord{Event: ProgressWait, Wait: &recs[i]})
			}
		}
	}
}

// due returns the waits to report at now, and schedules their next report.
func (w *waitWatch) due(now time.Time, recs []WaitProgress) []WaitProgress {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, e := range w.waits {
		if d := now.Sub(e.start); d >= e.next {
			recs = append(recs, WaitProgress{Spec: e.spec, What: e.what(), Waited: d, Limit: e.limit})
			for e.next <= d {
				e.next += 2 * w.notice
			}
		}
	}
	return recs
}

// close stops the watch.
func (w *waitWatch) close() {
	if w == nil {
		return
	}
	close(w.stop)
	<-w.stopped
}

// begin registers a wait; nil (no watch) registers nothing.
func (w *waitWatch) begin(spec string, kind waitKind, op *Op, text string, obj *object, limit time.Duration) *waitEntry {
	if w == nil {
		return nil
	}
	e := waitEntries.Get().(*waitEntry)
	*e = waitEntry{spec: spec, kind: kind, op: op, text: text, obj: obj, start: time.Now(), limit: limit, next: w.notice}
	w.mu.Lock()
	e.idx = len(w.waits)
	w.waits = append(w.waits, e)
	w.mu.Unlock()
	return e
}

// end removes a wait begin registered.
func (w *waitWatch) end(e *waitEntry) {
	if e == nil {
		return
	}
	w.mu.Lock()
	last := len(w.waits) - 1
	w.waits[e.idx] = w.waits[last]
	w.waits[e.idx].idx = e.idx
	w.waits[last] = nil
	w.waits = w.waits[:last]
	w.mu.Unlock()
	*e = waitEntry{}
	waitEntries.Put(e)
}

// waitClosed waits up to d for ch to be closed, as wait.Closed, and, if
// it has to block, registers the wait with the run's watch while it lasts.
func (r *Recorder) waitClosed(ch <-chan struct{}, d time.Duration, kind waitKind, op *Op, text string, obj *object) bool {
	select {
	case <-ch:
		return true
	default:
	}
	// The wait for a create's object is not cut short by an interrupt:
	// cleanup closes the object only once the spec has it.
	stoppable := op == nil || op.Kind != KindCreate
	if r.watch == nil || d <= 0 {
		return r.closedOrLost(ch, d, stoppable)
	}
	e := r.watch.begin(r.spec, kind, op, text, obj, d)
	ok := r.closedOrLost(ch, d, stoppable)
	r.watch.end(e)
	return ok
}

// closedOrLost is wait.Closed, cut short when the provider is lost: what
// it waits for will not come, and the spec's failure is the loss (see
// abortIfLost); if stoppable, the body of a spec an interrupt cut short
// stops in it (interrupt.go).
func (r *Recorder) closedOrLost(ch <-chan struct{}, d time.Duration, stoppable bool) bool {
	if (r.lost == nil && (r.interrupt == nil || !stoppable)) || d <= 0 {
		return wait.Closed(ch, d)
	}
	dl := wait.NewDeadline(d)
	defer dl.Release()
wait:
	for {
		select {
		case <-ch:
			return true
		case <-r.lost:
			return false
		case <-dl.C:
			if dl.Expired() {
				return false
			}
		case <-interruptOf(r, stoppable):
			break wait
		}
	}
	// Interrupted: the body of the interrupted spec stops here once Ginkgo
	// cancels its node; any other node (the cleanup) waits on.
	var stop <-chan struct{}
	if run := active.Load(); run.anyStoppable() {
		if n := run.currentNode(); n != nil {
			stop = n.ctx.Done()
		}
	}
	for {
		select {
		case <-ch:
			return true
		case <-r.lost:
			return false
		case <-dl.C:
			if dl.Expired() {
				return false
			}
		case <-stop:
			stopIfInterrupted()
			stop = nil // not stopped: a node the interrupt does not stop
		}
	}
}

// interruptOf is r's interrupt channel if a wait may stop on it, else nil.
func interruptOf(r *Recorder, stoppable bool) <-chan struct{} {
	if !stoppable {
		return nil
	}
	return r.interrupt
}

// waiting registers a wait of the spec that is not on a channel (a poll,
// a select of its own) while it lasts: call the function it returns when
// it ends.
func (r *Recorder) waiting(text string, obj *object, limit time.Duration) *waitEntry {
	return r.watch.begin(r.spec, waitText, nil, text, obj, limit)
}

// waitOver ends a wait waiting registered.
func (r *Recorder) waitOver(e *waitEntry) { r.watch.end(e) }

// A Deadline is d ahead in time this process could run: a stall of the
// process (SIGSTOP of its tree, a machine too loaded to schedule it) does
// not bring it closer, so that no provider is charged for the harness's
// own absence. For waits that poll; the suite's own waits (Op.WaitFor and
// the like) count time so already.
type Deadline struct {
	sw wait.Stopwatch
	d  time.Duration
}

// NewDeadline is the Deadline d from now.
func NewDeadline(d time.Duration) Deadline { return Deadline{sw: wait.StartStopwatch(), d: d} }

// Passed reports whether the deadline has passed.
func (dl Deadline) Passed() bool { return dl.sw.Elapsed() >= dl.d }

// Left is how long is left until the deadline (negative once passed).
func (dl Deadline) Left() time.Duration { return dl.d - dl.sw.Elapsed() }

// After is time.After counting only time the process could run (a stall,
// SIGSTOP or a machine too loaded to schedule the harness, re-arms it): for
// a select that gives up waiting for the provider, so that a harness
// descheduled past the wait does not charge the provider with it.
func After(d time.Duration) <-chan time.Time { return wait.After(d) }
