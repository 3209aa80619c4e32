// Package workers runs functions each on a goroutine of its own, as a go
// statement does, but on goroutines that ran such a function before and
// wait for the next one: a new goroutine costs its creation and the growth
// of its stack every time (and much more under the race detector), which a
// harness that makes every provider call on a goroutine of its own pays
// hundreds of thousands of times a run. A function that never returns
// keeps its goroutine: the others are not held up by it.
package workers

import "sync"

// maxIdle is how many goroutines wait for work at most; more finish.
const maxIdle = 256

type worker struct{ work chan func() }

var pool struct {
	mu   sync.Mutex
	idle []*worker
}

// Go runs fn on a goroutine of its own, at once: an idle worker, or a new
// one if none is idle. fn runs concurrently with the caller and with every
// other function Go was given, as with a go statement.
func Go(fn func()) {
	pool.mu.Lock()
	if n := len(pool.idle); n > 0 {
		w := pool.idle[n-1]
		pool.idle[n-1] = nil
		pool.idle = pool.idle[:n-1]
		pool.mu.Unlock()
		w.work <- fn
		return
	}
	pool.mu.Unlock()
	w := &worker{work: make(chan func(), 1)}
	w.work <- fn
	go w.loop()
}

func (w *worker) loop() {
	for fn := range w.work {
		fn()
		pool.mu.Lock()
		if len(pool.idle) >= maxIdle {
			pool.mu.Unlock()
			return
		}
		pool.idle = append(pool.idle, w)
		pool.mu.Unlock()
	}
}
