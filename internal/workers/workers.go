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

// Runner is work for GoRun: a value whose Run method is the function to
// run, so that a caller that keeps its state in a struct of its own hands
// that struct over as is, instead of a new closure each time.
type Runner interface{ Run() }

// funcRunner is a func as a Runner: a func value is pointer-shaped, so the
// conversion allocates nothing.
type funcRunner func()

func (f funcRunner) Run() { f() }

type worker struct{ work chan Runner }

var pool struct {
	mu   sync.Mutex
	idle []*worker
}

// Go runs fn on a goroutine of its own, at once: an idle worker, or a new
// one if none is idle. fn runs concurrently with the caller and with every
// other function Go was given, as with a go statement.
func Go(fn func()) { GoRun(funcRunner(fn)) }

// GoRun is Go for r.Run.
func GoRun(fn Runner) {
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
	w := &worker{work: make(chan Runner, 1)}
	w.work <- fn
	go w.loop()
}

func (w *worker) loop() {
	for fn := range w.work {
		fn.Run()
		pool.mu.Lock()
		if len(pool.idle) >= maxIdle {
			pool.mu.Unlock()
			return
		}
		pool.idle = append(pool.idle, w)
		pool.mu.Unlock()
	}
}
