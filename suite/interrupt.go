package suite

import (
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/onsi/ginkgo/v2/types"
)

// Ginkgo handles SIGINT and SIGTERM by itself: it interrupts the running
// spec (state interrupted), skips the rest and reports. The suite's nodes
// take no context, so Ginkgo does not wait for an interrupted one: it runs
// the spec's cleanup while the spec's body goes on in the background, and a
// failure the body then hits would be recorded against whatever node runs
// at that moment, a spec that never ran included. The interrupted spec's
// ReportAfterEach therefore waits (up to the run's Timeout) until no node
// but itself is running, so that such a failure lands on the interrupted
// spec, where it is no verdict. Every node runs through
// runState.trackNodes, which counts the nodes running.

// waitAbandoned waits until the calling node is the only one running, for
// at most limit. The interrupted spec's ReportAfterEach calls it (state.go).
func (r *runState) waitAbandoned(limit time.Duration) {
	deadline := time.Now().Add(limit)
	for r.nodesRunning.Load() > 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
}

// watchSignals notes the signals Ginkgo interrupts on, as they come, so
// that the run can tell which one interrupted it; stop ends the watch and
// returns the first signal that came, or nil.
func watchSignals() (stop func() os.Signal) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	return func() os.Signal {
		signal.Stop(sigs)
		select {
		case s := <-sigs:
			return s
		default:
			return nil
		}
	}
}

// wasInterrupted tells whether Ginkgo reports the run interrupted.
func wasInterrupted(r types.Report) bool {
	for _, reason := range r.SpecialSuiteFailureReasons {
		if strings.HasPrefix(reason, "Interrupted by ") {
			return true
		}
	}
	return false
}
