package wait

import (
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
	lastTick  atomic.Int64 // nanoseconds after stallBase of the meter's last tick
	stalled   atomic.Int64 // nanoseconds stalled until lastTick
)

// startMeter starts the meter, once per process.
func startMeter() {
	stallOnce.Do(func() {
		lastTick.Store(int64(time.Since(stallBase)))
		go func() {
			t := time.NewTicker(stallTick)
			for range t.C {
				now := int64(time.Since(stallBase))
				if late := time.Duration(now-lastTick.Load()) - stallTick; late > stallSlack {
					stalled.Add(int64(late))
				}
				lastTick.Store(now)
			}
		}()
	})
}

// Stalled is how long this process has been stalled since the meter
// started, the stall going on now (a tick overdue) included: a deadline
// that fires at the end of a stall, before the meter's own tick, sees it.
func Stalled() time.Duration {
	startMeter()
	s, last := stalled.Load(), lastTick.Load()
	if late := time.Duration(int64(time.Since(stallBase))-last) - stallTick; late > stallSlack {
		s += int64(late)
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
