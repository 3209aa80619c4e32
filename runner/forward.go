package runner

import (
	"os"
	"runtime"
	"sync"
)

// forwarder passes the run's interrupts on to its test processes: a
// signal to this process (Options.Interrupts), --fail-fast's and
// --run-timeout's stop (an interrupt of our own), and the kill of a second
// signal.
//
// A test process takes an interrupt only once Ginkgo watches the signals,
// which it does by the time its first spec starts: before, a signal the
// suite watches (suite.Run's watchSignals) but Ginkgo does not yet would
// be noted and never acted on, and the process would run its whole share.
// So a process is sent its interrupt once it has told that a spec started
// (ready), or at once if it has; one not ready yet gets it when it
// tells. One that never gets that far (hung in its provider's set-up)
// ends on the second signal, which kills every process at once.
type forwarder struct {
	mu     sync.Mutex
	procs  []*fwdProc
	killed bool
	// first is the first signal to this process during the run, or nil.
	first os.Signal
	note  func(string)
}

// process is what the forwarder does with a test process (*os.Process).
type process interface {
	Signal(os.Signal) error
	Kill() error
}

// fwdProc is a test process as the forwarder sees it.
type fwdProc struct {
	p       process
	ready   bool      // it started a spec: Ginkgo takes its signals
	exited  bool      // it has ended
	sent    bool      // it was sent an interrupt: never a second one (Ginkgo's second skips the cleanup)
	pending os.Signal // an interrupt to send once it is ready
}

func newForwarder(note func(string)) *forwarder {
	if note == nil {
		note = func(string) {}
	}
	return &forwarder{note: note}
}

// add adds a started test process, k its index (the order of add); a run
// already interrupted interrupts it once it is ready, one killed kills it.
func (f *forwarder) add(p process) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	fp := &fwdProc{p: p}
	f.procs = append(f.procs, fp)
	switch {
	case f.killed:
		p.Kill()
	case f.first != nil && runtime.GOOS != "windows":
		fp.pending = f.first
	}
	return len(f.procs) - 1
}

// ready: process k told that a spec started; an interrupt kept for it is
// sent now.
func (f *forwarder) ready(k int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fp := f.procs[k]
	if fp.ready || fp.exited {
		return
	}
	fp.ready = true
	if fp.pending != nil {
		f.sendLocked(fp, fp.pending)
	}
}

// exited: process k has ended; nothing more is sent to it.
func (f *forwarder) exited(k int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.procs[k].exited = true
}

// sendLocked interrupts fp with sig now, once.
func (f *forwarder) sendLocked(fp *fwdProc, sig os.Signal) {
	fp.pending = nil
	if fp.sent || fp.exited {
		return
	}
	fp.sent = true
	if fp.p.Signal(sig) != nil && sig == os.Interrupt && runtime.GOOS == "windows" {
		fp.p.Kill() // no signals to send: --fail-fast's stop kills
	}
}

// interruptLocked interrupts fp with sig: now if it is ready, else once it
// is.
func (f *forwarder) interruptLocked(fp *fwdProc, sig os.Signal) {
	if fp.ready || runtime.GOOS == "windows" {
		f.sendLocked(fp, sig)
		return
	}
	if !fp.sent && !fp.exited && fp.pending == nil {
		fp.pending = sig
	}
}

// stopOne interrupts process k, as stop does.
func (f *forwarder) stopOne(k int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.interruptLocked(f.procs[k], os.Interrupt)
}

// stop interrupts every process but skip (-1: none), as --fail-fast and
// --run-timeout stop the run: so that each ends its running spec's
// cleanup and reports.
func (f *forwarder) stop(skip int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for k, fp := range f.procs {
		if k != skip {
			f.interruptLocked(fp, os.Interrupt)
		}
	}
}

// signal is a signal to this process, the nth the program got (a
// subscriber of Interrupts): the run's first is passed on to every
// process (on Windows the console reaches them by itself), and any after
// it kills them all at once.
func (f *forwarder) signal(sig os.Signal, n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.first == nil && n == 1 {
		f.first = sig
		f.note(signalName(sig) + ": interrupting the run; the running specs' cleanup ends it (" + signalName(sig) + " again stops at once)")
		if runtime.GOOS == "windows" {
			return
		}
		for _, fp := range f.procs {
			f.interruptLocked(fp, sig)
		}
		return
	}
	if f.first == nil {
		f.first = sig
	}
	f.note(signalName(sig) + " again: stopping the test processes at once")
	f.killed = true
	for _, fp := range f.procs {
		if !fp.exited {
			fp.p.Kill()
		}
	}
}

// signalled is the first signal to this process during the run, or nil.
func (f *forwarder) signalled() os.Signal {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.first
}

// kill kills every process (the run could not go on).
func (f *forwarder) kill() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.killed = true
	for _, fp := range f.procs {
		fp.p.Kill()
	}
}
