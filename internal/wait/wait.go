// Package wait waits for a channel to be closed, with a deadline, on a
// reused timer: the harnesses wait for every provider call they make, and
// a new timer each time is a cost they pay hundreds of thousands of times.
package wait

import (
	"sync"
	"time"
)

// timers are stopped timers for Closed to reuse.
var timers = sync.Pool{New: func() any {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return t
}}

// Closed waits up to d for ch to be closed and reports whether it was (d
// of time the process could run: see Deadline). A
// channel already closed is seen as closed whatever d (d <= 0 included),
// and costs no timer.
func Closed(ch <-chan struct{}, d time.Duration) bool {
	select {
	case <-ch:
		return true
	default:
	}
	if d <= 0 {
		return false
	}
	dl := NewDeadline(d)
	defer dl.Release()
	for {
		select {
		case <-ch:
			return true
		case <-dl.C:
			if dl.Expired() {
				return false
			}
		}
	}
}

// Timer is a timer that fires after d, for a wait of its own (a select on
// several channels); Release gives it back.
func Timer(d time.Duration) *time.Timer {
	t := timers.Get().(*time.Timer)
	t.Reset(d)
	return t
}

// Release stops t and keeps it for reuse: since Go 1.23 a stopped timer's
// channel delivers nothing stale.
func Release(t *time.Timer) {
	t.Stop()
	timers.Put(t)
}
