package runner

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Interrupts are the SIGINT and SIGTERM signals a program gets, from the
// moment it starts watching them: a run (Options.Interrupts) is
// interrupted by one that came at any moment, even before the run began
// or while its plan was made, and a program that watches them from its
// first instruction (the CLI) loses none.
//
// The first signal interrupts; each one after it is counted too (a run
// stops its test processes at once on the second).
type Interrupts struct {
	mu sync.Mutex
	// deliver is held while the subscribers are told of a signal, so that
	// one cancelled is told no more
	deliver sync.Mutex
	sigs    []os.Signal // every signal so far, in order
	first   chan struct{}
	subs    map[int]func(sig os.Signal, n int)
	next    int
	stop    func()
	done    chan struct{}
}

// WatchInterrupts starts watching SIGINT and SIGTERM (signal.Notify): from
// now on they no longer end the process, even one started with them
// ignored (a background job of a non-interactive shell): Stop gives them
// back.
func WatchInterrupts() *Interrupts {
	ch := make(chan os.Signal, 8)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	return NewInterrupts(ch, func() { signal.Stop(ch) })
}

// NewInterrupts watches the signals that come on ch, a channel a caller
// gave to signal.Notify for SIGINT and SIGTERM itself (the CLI does it
// before its packages are initialized); stop, if not nil, is what Stop
// calls to give them back.
func NewInterrupts(ch <-chan os.Signal, stop func()) *Interrupts {
	in := &Interrupts{first: make(chan struct{}), subs: map[int]func(os.Signal, int){}, stop: stop, done: make(chan struct{})}
	go func() {
		for {
			select {
			case sig := <-ch:
				in.add(sig)
			case <-in.done:
				return
			}
		}
	}()
	return in
}

// add records sig and tells the subscribers.
func (in *Interrupts) add(sig os.Signal) {
	in.deliver.Lock()
	defer in.deliver.Unlock()
	in.mu.Lock()
	in.sigs = append(in.sigs, sig)
	n := len(in.sigs)
	if n == 1 {
		close(in.first)
	}
	subs := make([]func(os.Signal, int), 0, len(in.subs))
	for k := 0; k < in.next; k++ {
		if fn, ok := in.subs[k]; ok {
			subs = append(subs, fn)
		}
	}
	in.mu.Unlock()
	for _, fn := range subs {
		fn(sig, n)
	}
}

// Signal is the first signal that came, or nil.
func (in *Interrupts) Signal() os.Signal {
	if in == nil {
		return nil
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if len(in.sigs) == 0 {
		return nil
	}
	return in.sigs[0]
}

// Count is how many signals came so far.
func (in *Interrupts) Count() int {
	if in == nil {
		return 0
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	return len(in.sigs)
}

// Interrupted is closed once the first signal came.
func (in *Interrupts) Interrupted() <-chan struct{} { return in.first }

// Subscribe calls fn with every signal that comes from now on, and its
// number (1 for the first the program got), one signal at a time, until
// cancel (which waits for a call in progress; fn must not call it); it
// returns how many came before (so that one that came between a look at
// Count and Subscribe is not missed).
func (in *Interrupts) Subscribe(fn func(sig os.Signal, n int)) (before int, cancel func()) {
	in.mu.Lock()
	defer in.mu.Unlock()
	k := in.next
	in.next++
	in.subs[k] = fn
	return len(in.sigs), func() {
		in.deliver.Lock()
		defer in.deliver.Unlock()
		in.mu.Lock()
		defer in.mu.Unlock()
		delete(in.subs, k)
	}
}

// Stop stops watching the signals, and gives them back to their default
// action (or to being ignored, for a process started with them ignored).
func (in *Interrupts) Stop() {
	if in.stop != nil {
		in.stop()
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	select {
	case <-in.done:
	default:
		close(in.done)
	}
}
