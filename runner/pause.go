package runner

import (
	"fmt"
	"os"
	"sync"
	"time"
)

// EnvTestPause names a point of a run (one of the Pause constants, or a
// point of the program's own, see PauseForTest) where the process waits
// until it gets a SIGINT or SIGTERM (its Interrupts), then goes on: for
// tests that interrupt a run at a known moment rather than after a
// guessed delay. It says on its standard error that it waits ("ndkconform:
// test pause at POINT"). Not for use outside tests.
const EnvTestPause = "NDKCONFORM_TEST_PAUSE"

// The points of a run in child processes a test can pause at.
const (
	// PausePlan: the process that checks the configuration and makes the
	// plan has started.
	PausePlan = "plan"
	// PausePlanChild: that process waits for a signal sent to it (not
	// passed on by its parent: a signal to every process of the run)
	// before it makes the plan. (Only the first plan child pauses: the
	// one that makes the plan again does not.)
	PausePlanChild = "plan-child"
	// PauseSharesStart: the plan is made (the Observer's Begin told), no
	// test process started yet.
	PauseSharesStart = "shares-start"
	// PauseShareStarted: the first test process has started, the others
	// not yet.
	PauseShareStarted = "share-started"
	// PauseRunning: every test process has started.
	PauseRunning = "running"
	// PauseChildrenEnded: every test process has ended; the run is not
	// merged yet.
	PauseChildrenEnded = "children-ended"
)

// pauseLimit bounds a test pause that no signal ends.
const pauseLimit = 2 * time.Minute

var pauseOnce sync.Once

// PauseForTest waits at point, if EnvTestPause names it (once per
// process), until ints tell of a signal, at most 2 minutes.
func PauseForTest(point string, ints *Interrupts) {
	if ints == nil || os.Getenv(EnvTestPause) != point {
		return
	}
	pauseOnce.Do(func() {
		fmt.Fprintf(os.Stderr, "ndkconform: test pause at %s\n", point)
		select {
		case <-ints.Interrupted():
		case <-time.After(pauseLimit):
		}
	})
}

func pauseForTest(point string, ints *Interrupts) { PauseForTest(point, ints) }
