package remote

import "sync"

// maxIdleCallbackRunners is how many callback runners wait for work at
// most; more finish.
const maxIdleCallbackRunners = 256

// callbackRunner is a goroutine that runs consumer callbacks one after
// another, its id (goid) read once when it starts: a call a consumer
// callback makes finds the callback by the id of its goroutine, and
// reading it (a stack trace) for every callback cost 5% of the harness's
// CPU. A runner that waits for work also keeps its grown stack, which a
// new goroutine grows again for every callback.
type callbackRunner struct {
	work chan func(g uint64)
}

var callbackRunners struct {
	mu   sync.Mutex
	idle []*callbackRunner
}

// goCallback runs fn on a goroutine of its own, at once, as a go
// statement does: an idle callback runner, or a new one. fn gets the
// goroutine's id. A callback that never returns keeps its runner.
func goCallback(fn func(g uint64)) {
	callbackRunners.mu.Lock()
	if n := len(callbackRunners.idle); n > 0 {
		r := callbackRunners.idle[n-1]
		callbackRunners.idle[n-1] = nil
		callbackRunners.idle = callbackRunners.idle[:n-1]
		callbackRunners.mu.Unlock()
		r.work <- fn
		return
	}
	callbackRunners.mu.Unlock()
	r := &callbackRunner{work: make(chan func(uint64), 1)}
	r.work <- fn
	go r.loop()
}

func (r *callbackRunner) loop() {
	g := goid()
	for fn := range r.work {
		fn(g)
		callbackRunners.mu.Lock()
		if len(callbackRunners.idle) >= maxIdleCallbackRunners {
			callbackRunners.mu.Unlock()
			return
		}
		callbackRunners.idle = append(callbackRunners.idle, r)
		callbackRunners.mu.Unlock()
	}
}
