package wait

import (
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// The harnesses' deadlines count the time their process could run, not
// wall time alone: a process (or its whole tree) stopped by SIGSTOP, or a
// machine so loaded that the process is not scheduled for a while, does
// not make a provider late. A meter ticks every stallTick; a tick that
// comes more than stallSlack late counts its lateness as stalled time,
// and a deadline that fires re-arms itself for the time stalled since it
// was set (Deadline). The provider in the same process stalls with the
// harness; one elsewhere (an agent) only gains the stalled time.
const (
	stallTick  = 50 * time.Millisecond
	stallSlack = 20 * time.Millisecond
)

var (
	stallOnce sync.Once
	stallBase = time.Now() // the monotonic origin of lastTick
	// tickMu makes a tick's two updates one for Stalled: read between
	// them (stalled not yet added to, lastTick already moved on), the
	// stall that ends as a deadline fires, as after a SIGCONT when the
	// tick and the deadline run at once, would be counted by neither.
	tickMu   sync.Mutex
	lastTick atomic.Int64 // nanoseconds after stallBase of the meter's last tick
	stalled  atomic.Int64 // nanoseconds stalled until lastTick
)

// startMeter starts the meter, once per process.
func startMeter() {
	stallOnce.Do(func() {
		lastTick.Store(int64(time.Since(stallBase)))
		go func() {
			t := time.NewTicker(stallTick)
			for range t.C {
				tickMu.Lock()
				now := int64(time.Since(stallBase))
				if late := time.Duration(now-lastTick.Load()) - stallTick; late > stallSlack {
					stalled.Add(int64(late))
				}
				lastTick.Store(now)
				tickMu.Unlock()
			}
		}()
	})
}

// Stalled is how long this process has been stalled since the meter
// started, the stall going on now (a tick overdue) included: a deadline
// that fires at the end of a stall, before the meter's own tick, sees it.
func Stalled() time.Duration {
	startMeter()
	since := pipeSince.Load() // before stalled: a write that ends adds to stalled, then clears pipeSince
	tickMu.Lock()
	s, last := stalled.Load(), lastTick.Load()
	now := int64(time.Since(stallBase))
	tickMu.Unlock()
	if late := time.Duration(now-last) - stallTick; late > stallSlack {
		s += int64(late)
	}
	if d := time.Duration(now - since); since != 0 && d > stallSlack {
		s += int64(d) // a PipeWriter's write blocked now
	}
	return time.Duration(s)
}

// A Deadline fires d after it is made, in time the process could run:
// when its channel C fires, Expired says whether d has passed so, or
// re-arms it for the time the process stalled meanwhile.
type Deadline struct {
	t         *time.Timer
	C         <-chan time.Time
	stalledAt time.Duration
}

// NewDeadline is a Deadline d from now (a value: a wait on it allocates
// nothing); Release gives it back.
func NewDeadline(d time.Duration) Deadline {
	s := Stalled()
	t := Timer(d)
	return Deadline{t: t, C: t.C, stalledAt: s}
}

// Expired is called when C fired: it reports whether the deadline has
// passed, or, if the process stalled since it was set (or last re-armed),
// re-arms it for that long and reports false.
func (dl *Deadline) Expired() bool {
	s := Stalled()
	extra := s - dl.stalledAt
	dl.stalledAt = s
	if extra <= 0 {
		return true
	}
	dl.t.Reset(extra)
	return false
}

// Release stops the deadline's timer and keeps it for reuse.
func (dl *Deadline) Release() { Release(dl.t) }

// A Stopwatch measures time the process could run, from its start: wall
// time less the stalls (see Deadline), for waits that poll.
type Stopwatch struct {
	start     time.Time
	stalledAt time.Duration
}

// StartStopwatch starts a Stopwatch now.
func StartStopwatch() Stopwatch { return Stopwatch{start: time.Now(), stalledAt: Stalled()} }

// Elapsed is how long the process could run since the Stopwatch started.
func (s Stopwatch) Elapsed() time.Duration {
	return time.Since(s.start) - (Stalled() - s.stalledAt)
}

// After is time.After in time the process could run: its channel receives
// the time once d has passed so, re-arming for the time the process
// stalled meanwhile (see Deadline). For a select that gives up on a wait;
// it costs a timer, no goroutine, until it fires.
func After(d time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	s := Stalled()
	var t *time.Timer
	made := make(chan struct{})
	t = time.AfterFunc(d, func() {
		<-made // t is set
		now := Stalled()
		if extra := now - s; extra > 0 {
			s = now
			t.Reset(extra)
			return
		}
		ch <- time.Now()
	})
	close(made)
	return ch
}

// Stall counts d as time the process stalled, as the meter does for a
// tick that came late: for the tests of the waits built on the meter in
// other packages.
func Stall(d time.Duration) {
	startMeter()
	stalled.Add(int64(d))
}

// pipeMu serializes the writes of PipeWriters; pipeSince is when the one
// under way began (nanoseconds after stallBase), 0 if none.
var (
	pipeMu    sync.Mutex
	pipeSince atomic.Int64
)

// PipeWriter is w, a pipe to the process that runs this one (a test
// process's progress channel and standard error): a write that blocks
// longer than the meter's slack, the reader not reading (stopped, or too
// loaded to be scheduled), counts as stalled while it blocks and once it
// returned. A test process whose parent is stopped has its own goroutines
// wait behind such a write without being stopped itself: without this its
// deadlines would charge the provider with the parent's stop.
func PipeWriter(w io.Writer) io.Writer { return pipeWriter{w} }

type pipeWriter struct{ w io.Writer }

func (p pipeWriter) Write(b []byte) (int, error) {
	pipeMu.Lock()
	defer pipeMu.Unlock()
	startMeter()
	start := max(int64(time.Since(stallBase)), 1)
	pipeSince.Store(start)
	n, err := p.w.Write(b)
	d := time.Duration(int64(time.Since(stallBase)) - start)
	if d > stallSlack {
		stalled.Add(int64(d)) // before pipeSince is cleared: see Stalled
	}
	pipeSince.Store(0)
	return n, err
}
