package suite

import (
	"context"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	. "github.com/onsi/ginkgo/v2"
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
// spec, where it is no verdict.

// nodesRunning counts the nodes of the suite whose body is running; every
// node runs through trackNodes.
var nodesRunning atomic.Int32

var trackNodes = AroundNode(func(ctx context.Context, body func(context.Context)) {
	nodesRunning.Add(1)
	defer nodesRunning.Add(-1)
	body(ctx)
})

var _ = ReportAfterEach(func(r types.SpecReport) {
	if r.LeafNodeType == types.NodeTypeIt && r.State.Is(types.SpecStateInterrupted) {
		waitAbandoned(runTimeout())
	}
})

// waitAbandoned waits until the calling node is the only one running, for
// at most limit.
func waitAbandoned(limit time.Duration) {
	deadline := time.Now().Add(limit)
	for nodesRunning.Load() > 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
}

// runTimeout is the Timeout of the run in progress.
func runTimeout() time.Duration {
	envMu.Lock()
	defer envMu.Unlock()
	if env == nil {
		return DefaultTimeout
	}
	return env.cfg.Timeout
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
