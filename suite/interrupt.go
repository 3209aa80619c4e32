package suite

import (
	"bytes"
	"context"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
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

// An interrupted node's body stops at once where it next deals with the
// provider: at the start of a call (Recorder.untrackedOp) or in a wait
// (Recorder.closedOrLost), its goroutine leaves the count of running nodes
// and parks for good. So the spec's cleanup runs alone, against objects the
// body no longer adds to (a spec taking 16384 listeners went on taking them
// for seconds while its cleanup closed them), and the run ends within a
// moment of the signal. Nothing the body held is released but by the
// cleanup: a parked goroutine holds no lock of the harness at those points.

// runningNode is a node running on a goroutine of its own: its context,
// which Ginkgo cancels when it interrupts the node.
type runningNode struct {
	ctx context.Context
	// early: it started before the interrupt (the interrupted spec's
	// body, or a node before it), not as the cleanup after it.
	early     bool
	cleanup   atomic.Bool // the harness's cleanup: it runs to its end
	abandoned atomic.Bool // parked: it no longer counts as running
}

// goroutineID is the calling goroutine's number, from the first line of
// its stack trace ("goroutine 42 [running]:"). It is read once per node
// and, after an interrupt, once per call.
func goroutineID() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		b = b[:i]
	}
	id, _ := strconv.ParseUint(string(b), 10, 64)
	return id
}

// interrupted reports whether a signal interrupted the run.
func (r *runState) interrupted() bool {
	select {
	case <-r.interrupt:
		return true
	default:
		return false
	}
}

// markInterrupted closes r.interrupt (once).
func (r *runState) markInterrupted() {
	r.interruptOnce.Do(func() { close(r.interrupt) })
}

// interruptedNode is the node the calling goroutine runs, if a signal
// interrupted the run and Ginkgo gave up on that node (it cancels the
// context of the node it interrupts, and of a cleanup node after an
// interrupt at once: its grace period for nodes without a context is 0);
// nil otherwise: no interrupt, the harness's cleanup (markCleanup), a
// goroutine of the spec's own.
func (r *runState) interruptedNode() *runningNode {
	if r == nil || !r.interrupted() || !r.anyStoppable() {
		return nil
	}
	if n := r.currentNode(); n != nil && n.ctx.Err() != nil && !n.cleanup.Load() {
		return n
	}
	return nil
}

// anyStoppable reports whether a node an interrupt may stop is running:
// one that is not the harness's cleanup (markCleanup) and has not stopped
// (abandon). When none is, as while the cleanup closes what the
// interrupted spec created, the calling goroutine runs no such node
// either, and its node need not be looked up: goroutineID formats the
// goroutine's stack, microseconds a call, and the cleanup of a spec that
// created 20480 objects calls it three times an object (an interrupted
// run took longer to end than the spec would have to run to its end).
func (r *runState) anyStoppable() bool {
	if r == nil {
		return false
	}
	found := false
	r.nodes.Range(func(_, v any) bool {
		n := v.(*runningNode)
		found = !n.cleanup.Load() && !n.abandoned.Load()
		return !found
	})
	return found
}

// currentNode is the node the calling goroutine runs (nil: none, or no
// run).
func (r *runState) currentNode() *runningNode {
	if r == nil {
		return nil
	}
	r.lookups.Add(1)
	if v, ok := r.nodes.Load(goroutineID()); ok {
		return v.(*runningNode)
	}
	return nil
}

// markCleanup marks the node the calling goroutine runs as the harness's
// cleanup: an interrupt does not stop it (Ginkgo gives up on it, and the
// interrupted spec's report waits for it: waitAbandoned), so that every
// object the spec created is closed. The interrupted spec's report node
// marks itself so too: it is the harness's, and calls no provider.
func (r *runState) markCleanup() {
	if n := r.currentNode(); n != nil {
		n.cleanup.Store(true)
	}
}

// abandon parks the calling goroutine, the body of the interrupted node n,
// for good, once it no longer counts as running.
func (r *runState) abandon(n *runningNode) {
	n.abandoned.Store(true)
	r.nodesRunning.Add(-1)
	select {}
}

// waitBodiesStopped waits, for at most limit, until every node that was
// running when the interrupt came, but the caller and the cleanup, has
// ended or stopped (abandon): the cleanup then closes what the spec
// created, and nothing the body creates after its snapshot. Without an
// interrupt no such node runs when the cleanup starts, and it returns at
// once.
func (r *runState) waitBodiesStopped(limit time.Duration) {
	me := goroutineID()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		busy := false
		r.nodes.Range(func(k, v any) bool {
			n := v.(*runningNode)
			if k.(uint64) != me && n.early && !n.cleanup.Load() && !n.abandoned.Load() {
				busy = true
				if n.ctx.Err() != nil {
					// Ginkgo gave up on it: the interrupt came, whether
					// or not watchSignals has seen the signal yet
					r.markInterrupted()
				}
			}
			return !busy
		})
		if !busy {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// stopIfInterrupted parks the calling goroutine if it runs a node the run's
// interrupt cut short (see abandon).
func stopIfInterrupted() {
	r := active.Load()
	if r == nil {
		return
	}
	if n := r.interruptedNode(); n != nil {
		r.abandon(n)
	}
}

// reportInterrupted is the interrupted spec's report node (state.go): it
// is the harness's own, as the cleanup it waits for, which Ginkgo gave up
// on (no interrupt stops either, and while they run no node need be
// looked up: see anyStoppable); it waits until the cleanup and every body
// the interrupt left running are done (waitAbandoned).
func (r *runState) reportInterrupted() {
	r.markCleanup()
	r.waitAbandoned(r.cfg.Timeout)
}

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
func (r *runState) watchSignals() (stop func() os.Signal) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	var first os.Signal
	done := make(chan struct{})
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case first = <-sigs:
			r.markInterrupted()
		case <-done:
		}
	}()
	return func() os.Signal {
		signal.Stop(sigs)
		close(done)
		<-watched
		if first == nil {
			select {
			case first = <-sigs:
			default:
			}
		}
		return first
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

// Interrupted is closed once a signal interrupts the run (nil outside a
// run): a spec that waits in a select of its own adds a case on it and
// calls StopIfInterrupted there.
func Interrupted() <-chan struct{} {
	if r := active.Load(); r != nil {
		return r.interrupt
	}
	return nil
}

// StopIfInterrupted stops the calling spec's body for good if the run's
// interrupt cut it short (its cleanup runs, as after any interrupt), and
// returns otherwise: a spec that loops without calls through the harness
// calls it on its way.
func StopIfInterrupted() { stopIfInterrupted() }
