package runner

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/suite"
)

// status is what the children of a run have told of their progress, share
// by share: the spec each runs and since when, what it waits for if it
// told (a wait of Config.WaitNotice or longer: suite.ProgressWait), and
// how its specs ended so far. The --run-timeout note (timeoutNote) and the
// progress dump a SIGUSR1 asks for (dump) read it.
type status struct {
	mu     sync.Mutex
	start  time.Time
	shares []shareStatus
}

// shareStatus is one share's progress.
type shareStatus struct {
	specs int // how many specs the share has
	// running is the spec it runs (nil between specs), since when the
	// parent knows.
	running *outcome.Spec
	since   time.Time
	// wait is the last wait of the running spec it told, and when.
	wait   *suite.WaitProgress
	waitAt time.Time
	ended  map[outcome.State]int // its specs that ended, by state
	exited bool                  // its process ended
}

// newStatus is the status of a run of shares that starts at start.
func newStatus(shares [][]outcome.Spec, start time.Time) *status {
	st := &status{start: start, shares: make([]shareStatus, len(shares))}
	for k, specs := range shares {
		st.shares[k] = shareStatus{specs: len(specs), ended: map[outcome.State]int{}}
	}
	return st
}

// started: share k's spec s started at now.
func (st *status) started(k int, s outcome.Spec, now time.Time) {
	st.mu.Lock()
	defer st.mu.Unlock()
	sh := &st.shares[k]
	sh.running, sh.since, sh.wait = &s, now, nil
}

// waiting: share k's running spec told at now that it has waited long.
func (st *status) waiting(k int, w suite.WaitProgress, now time.Time) {
	st.mu.Lock()
	defer st.mu.Unlock()
	sh := &st.shares[k]
	if sh.running == nil || sh.running.Name != w.Spec {
		// (its start not told: the wait names it)
		sh.running, sh.since = &outcome.Spec{Name: w.Spec, ID: outcome.SpecID(w.Spec)}, now.Add(-w.Waited)
	}
	sh.wait, sh.waitAt = &w, now
}

// ended: share k's spec s ended.
func (st *status) ended(k int, s outcome.Spec) {
	st.mu.Lock()
	defer st.mu.Unlock()
	sh := &st.shares[k]
	sh.ended[s.State]++
	if sh.running != nil && sh.running.Name == s.Name {
		sh.running, sh.wait = nil, nil
	}
}

// exited: share k's process ended.
func (st *status) exited(k int) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.shares[k].exited = true
	st.shares[k].running, st.shares[k].wait = nil, nil
}

// timeoutNote says that the run timed out after d, and what each share
// was doing: the spec it ran, and what it waited for if it told.
func (st *status) timeoutNote(d time.Duration) string {
	st.mu.Lock()
	defer st.mu.Unlock()
	var parts []string
	for _, sh := range st.shares {
		switch {
		case sh.running == nil:
		case sh.wait != nil:
			parts = append(parts, fmt.Sprintf("%q waited for %s", sh.running.Name, sh.wait.What))
		default:
			parts = append(parts, fmt.Sprintf("%q ran", sh.running.Name))
		}
	}
	what := "no spec was running"
	if len(parts) > 0 {
		what = strings.Join(parts, "; ")
	}
	return fmt.Sprintf("--run-timeout %v passed: stopping the run (%s)", d, what)
}

// dump writes the progress of the run at now to w, as a signal (named
// sig) asked for it: per process its share, how its specs ended so far
// and how many are not yet run, the spec it runs (short ID, name) and for
// how long, and what that spec waits for if it told.
func (st *status) dump(w io.Writer, tool, sig string, now time.Time) {
	st.mu.Lock()
	defer st.mu.Unlock()
	var b strings.Builder
	n := len(st.shares)
	fmt.Fprintf(&b, "\n%s: %s: the run after %v, in %d %s (it goes on):\n", tool, sig, now.Sub(st.start).Round(100*time.Millisecond), n, plural(n, "process", "processes"))
	for k, sh := range st.shares {
		done := 0
		for _, c := range sh.ended {
			done += c
		}
		left := sh.specs - done
		if sh.running != nil {
			left--
		}
		counts := fmt.Sprintf("%d passed, %d failed, %d skipped", sh.ended[outcome.Passed], sh.ended[outcome.Failed], sh.ended[outcome.Skipped])
		if c := sh.ended[outcome.Interrupted]; c > 0 {
			counts += fmt.Sprintf(", %d interrupted", c)
		}
		counts += fmt.Sprintf(", %d not yet run", max(left, 0))
		fmt.Fprintf(&b, "  process %d of %d (%d %s): %s\n", k+1, n, sh.specs, plural(sh.specs, "spec", "specs"), counts)
		switch {
		case sh.running != nil:
			fmt.Fprintf(&b, "    running for %v: %s %s\n", now.Sub(sh.since).Round(100*time.Millisecond), sh.running.ID, sh.running.Name)
			if sh.wait != nil {
				fmt.Fprintf(&b, "    waiting for %s (told %v ago: %v so far, at most %v)\n",
					sh.wait.What, now.Sub(sh.waitAt).Round(100*time.Millisecond), sh.wait.Waited.Round(100*time.Millisecond), sh.wait.Limit)
			}
		case sh.exited:
			b.WriteString("    its process ended\n")
		default:
			b.WriteString("    between specs\n")
		}
	}
	io.WriteString(w, b.String()) // one Write: the dump stays whole among the children's lines
}

// plural is one or many, as n is 1 or not.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// progressDump prints the progress of the run on w each time this
// process gets a progress signal (SIGUSR1; SIGINFO too where there is one,
// Ctrl-T on a BSD's or macOS's terminal; none on Windows), until stop:
// while the plan is made, that it is; once the specs run, the status set
// (set). The run goes on.
type progressDump struct {
	sigs   chan os.Signal
	done   chan struct{}
	wg     sync.WaitGroup
	status atomic.Pointer[status]
}

// startProgressDump starts answering the progress signals; tool begins
// the lines.
func startProgressDump(w io.Writer, tool string) *progressDump {
	d := &progressDump{done: make(chan struct{})}
	if len(progressSignals) == 0 {
		return d
	}
	start := time.Now()
	d.sigs = make(chan os.Signal, 1)
	signal.Notify(d.sigs, progressSignals...)
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		for {
			select {
			case sig := <-d.sigs:
				now := time.Now()
				if st := d.status.Load(); st != nil {
					st.dump(w, tool, progressSignalName(sig), now)
				} else {
					fmt.Fprintf(w, "\n%s: %s: after %v, the run's configuration is being checked and its plan made (no spec runs yet)\n",
						tool, progressSignalName(sig), now.Sub(start).Round(100*time.Millisecond))
				}
			case <-d.done:
				return
			}
		}
	}()
	return d
}

// set: the specs run, as st tells.
func (d *progressDump) set(st *status) { d.status.Store(st) }

// stop stops answering the signals.
func (d *progressDump) stop() {
	if d.sigs != nil {
		signal.Stop(d.sigs)
	}
	close(d.done)
	d.wg.Wait()
}

// IgnoreProgressSignals keeps the progress signals (SIGUSR1, and SIGINFO
// where there is one) from ending this process, as SIGUSR1 does by
// default: Run answers them with the run's progress while it runs, and a
// program that calls Run calls this first, so that one that comes before
// a run began, or between two runs, is ignored instead. (Nothing on
// Windows, which has neither.)
func IgnoreProgressSignals() {
	if len(progressSignals) > 0 {
		signal.Ignore(progressSignals...)
	}
}
