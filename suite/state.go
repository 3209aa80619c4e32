package suite

import (
	"context"
	"io"
	"sync"
	"sync/atomic"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/ginkgo/v2/types"
)

// runState describes the run in progress: made by Run (or Plan), it holds
// the configuration, the provider and the sides, the progress writer, the
// count of running nodes and the run's Ginkgo report, and is passed
// explicitly to whatever can take it (a Pair, a Direct, the Recorder of a
// spec, the node wrapper Run hands Ginkgo).
type runState struct {
	cfg          Config
	provider     ndk.Provider
	sideA, sideB ndk.Side

	progressMu sync.Mutex
	progressW  io.Writer // nil: no progress records

	// nodesRunning counts the nodes whose body is running (see
	// interrupt.go); every node runs through trackNodes.
	nodesRunning atomic.Int32
	// nodes are the nodes running, by the goroutine that runs them (see
	// interrupt.go); interrupt is closed when a signal interrupts the run.
	nodes         sync.Map // uint64 -> *runningNode
	interrupt     chan struct{}
	interruptOnce sync.Once
	// lookups counts the lookups of the calling goroutine's node
	// (currentNode), which format its stack (see anyStoppable).
	lookups atomic.Int64

	reportMu sync.Mutex
	report   types.Report

	// waits are the spec's waits on the provider in progress, which
	// ProgressWait records report (waits.go); nil when nobody reads the
	// progress. spec is the full text of the spec running.
	waits *waitWatch
	spec  atomic.Pointer[string]
}

// specText is the full text of the spec running ("" before the first).
func (r *runState) specText() string {
	if s := r.spec.Load(); s != nil {
		return *s
	}
	return ""
}

// active is the one package-level anchor of the suite: the run in
// progress (or that was: Run and Plan can run once per process, a limit of
// Ginkgo's, and a second one finds it set). It remains because Ginkgo
// registers specs and report nodes globally, when the packages that hold
// them initialise, and calls them with no value of ours: a spec body
// (NewPair, DirectFor) and the report nodes below find the run here, and
// pass it on explicitly from there.
var active atomic.Pointer[runState]

// begin makes r the run of the process, unless one was made before.
func begin(r *runState) bool { return active.CompareAndSwap(nil, r) }

// current is the run in progress, for the nodes Ginkgo calls.
func current() *runState {
	r := active.Load()
	if r == nil || r.provider == nil {
		ginkgo.Fail("ndkconform: specs run only through suite.Run")
	}
	return r
}

// trackNodes wraps every node of the run: it counts the nodes running.
func (r *runState) trackNodes() types.AroundNodeDecorator {
	return ginkgo.AroundNode(func(ctx context.Context, body func(context.Context)) {
		r.nodesRunning.Add(1)
		n := &runningNode{ctx: ctx, early: !r.interrupted()}
		id := goroutineID()
		r.nodes.Store(id, n)
		defer func() {
			r.nodes.Delete(id)
			if !n.abandoned.Load() {
				r.nodesRunning.Add(-1)
			}
		}()
		body(ctx)
	})
}

func (r *runState) progress(rec ProgressRecord) {
	r.progressMu.Lock()
	defer r.progressMu.Unlock()
	if r.progressW != nil {
		WriteProgress(r.progressW, rec)
	}
}

// The report nodes, registered at init (hence the anchor).

var _ = ginkgo.ReportAfterSuite("ndkconform", func(rep types.Report) {
	if r := active.Load(); r != nil {
		r.reportMu.Lock()
		r.report = rep
		r.reportMu.Unlock()
	}
})

var _ = ginkgo.ReportBeforeEach(func(sr types.SpecReport) {
	if r := active.Load(); r != nil && sr.LeafNodeType == types.NodeTypeIt && !sr.State.Is(types.SpecStateSkipped) {
		text := sr.FullText()
		r.spec.Store(&text)
		s := plannedSpec(sr, true)
		r.progress(ProgressRecord{Event: ProgressStart, Spec: &s})
	}
})

// An interrupted spec waits for the nodes it abandoned (interrupt.go),
// before its end is reported (the order of the nodes as they were
// registered).
var _ = ginkgo.ReportAfterEach(func(sr types.SpecReport) {
	if r := active.Load(); r != nil && sr.LeafNodeType == types.NodeTypeIt && sr.State.Is(types.SpecStateInterrupted) {
		r.reportInterrupted()
	}
})

var _ = ginkgo.ReportAfterEach(func(sr types.SpecReport) {
	if r := active.Load(); r != nil && sr.LeafNodeType == types.NodeTypeIt && sr.NumAttempts > 0 {
		s := specOutcome(sr, true)
		r.progress(ProgressRecord{Event: ProgressEnd, Spec: &s})
	}
})
