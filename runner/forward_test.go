package runner

import (
	"os"
	"reflect"
	"runtime"
	"sync"
	"syscall"
	"testing"
)

// fakeProc records what the forwarder sends a test process.
type fakeProc struct {
	mu   sync.Mutex
	name string
	got  *[]string
}

func (p *fakeProc) Signal(sig os.Signal) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	*p.got = append(*p.got, p.name+" "+signalName(sig))
	return nil
}

func (p *fakeProc) Kill() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	*p.got = append(*p.got, p.name+" kill")
	return nil
}

// A test process gets its interrupt once it started a spec (Ginkgo takes
// the signals then), one only, whoever asks (the user's signal,
// --fail-fast, --run-timeout); a second signal kills every process; one
// that ended gets nothing.
func TestForwarder(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no signals are passed on on Windows")
	}
	var got, notes []string
	var mu sync.Mutex
	f := newForwarder(func(s string) { notes = append(notes, s) })
	proc := func(name string) *fakeProc { return &fakeProc{name: name, got: &got} }
	check := func(step string, want ...string) {
		t.Helper()
		mu.Lock()
		defer mu.Unlock()
		if !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("%s: sent %q, want %q", step, got, want)
		}
		got = nil
	}
	a, b := f.add(proc("a")), f.add(proc("b"))
	f.ready(a)
	f.signal(syscall.SIGTERM, 1)
	check("the first signal: to the process that is ready", "a SIGTERM")
	c := f.add(proc("c")) // started after the signal
	f.ready(b)
	check("b ready", "b SIGTERM")
	f.stop(-1) // --fail-fast after the user's signal: no second interrupt
	f.ready(b)
	check("stop after the signal")
	f.exited(c)
	f.ready(c)
	check("c ended before it was ready")
	if f.signalled() != syscall.SIGTERM {
		t.Errorf("signalled %v", f.signalled())
	}
	f.signal(syscall.SIGINT, 2)
	check("the second signal: every process not ended killed", "a kill", "b kill")
	f.add(proc("d"))
	check("started after the kill", "d kill")
	if len(notes) != 2 {
		t.Errorf("notes %q", notes)
	}

	// --fail-fast's stop, then the user's signal: one interrupt each
	f = newForwarder(nil)
	a, b = f.add(proc("a")), f.add(proc("b"))
	f.ready(a)
	f.stop(a) // a failed: it stops by itself
	check("stop but a")
	f.signal(syscall.SIGINT, 1)
	check("the signal: a, b not ready", "a SIGINT")
	f.ready(b)
	check("b ready: the stop's interrupt, not a second one", "b SIGINT")
	f.stopOne(b)
	check("b stopped again")
}

// Interrupts: the first signal and the count, to subscribers from their
// subscription on (told how many came before), none after they cancel.
func TestInterrupts(t *testing.T) {
	ch := make(chan os.Signal)
	stopped := false
	in := NewInterrupts(ch, func() { stopped = true })
	if in.Signal() != nil || in.Count() != 0 {
		t.Fatalf("no signal yet: %v %d", in.Signal(), in.Count())
	}
	var mu sync.Mutex
	var seen []int
	before, cancel := in.Subscribe(func(sig os.Signal, n int) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, n)
	})
	if before != 0 {
		t.Errorf("before %d", before)
	}
	ch <- syscall.SIGTERM
	<-in.Interrupted()
	ch <- syscall.SIGINT
	ch <- syscall.SIGINT // (an unbuffered channel: the second is taken once the first is told)
	cancel()
	before2, cancel2 := in.Subscribe(func(os.Signal, int) { t.Error("told of a signal before it subscribed") })
	cancel2()
	ch <- syscall.SIGINT
	in.Stop()
	mu.Lock()
	defer mu.Unlock()
	if in.Signal() != syscall.SIGTERM || before2 < 2 || !stopped || len(seen) < 2 || seen[0] != 1 || seen[1] != 2 {
		t.Errorf("first %v, before %d, stopped %v, seen %v", in.Signal(), before2, stopped, seen)
	}
	var none *Interrupts
	if none.Signal() != nil || none.Count() != 0 {
		t.Error("a nil Interrupts has signals")
	}
}
