package suite

import (
	"context"
	"testing"
)

// After an interrupt, while the harness's cleanup closes what the
// interrupted spec created (as many as 20480 objects), the nodes running
// are the cleanup, the body it stopped (parked) and the interrupted spec's
// report, which marks itself the harness's: none an interrupt stops, so a
// call of the cleanup does not look its node up (goroutineID formats the
// stack: three lookups an object made an interrupted run end later than
// the spec would have). A node an interrupt stops is still found.
func TestInterruptedCleanupLooksUpNoNode(t *testing.T) {
	r := &runState{interrupt: make(chan struct{})}
	r.markInterrupted()
	canceled, cancel := context.WithCancel(context.Background())
	cancel() // Ginkgo gave up on every node

	body := &runningNode{ctx: canceled, early: true}
	body.abandoned.Store(true)
	r.nodes.Store(uint64(1<<62), body)
	report := &runningNode{ctx: canceled}
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.nodes.Store(goroutineID(), report)
		r.nodesRunning.Store(1) // itself alone: waitAbandoned returns at once
		r.reportInterrupted()
	}()
	<-done
	if !report.cleanup.Load() {
		t.Fatal("the interrupted spec's report node is not marked the harness's")
	}
	cleanup := &runningNode{ctx: canceled, early: true}
	r.nodes.Store(goroutineID(), cleanup)
	r.markCleanup()
	if !cleanup.cleanup.Load() {
		t.Fatal("markCleanup did not mark the cleanup")
	}

	before := r.lookups.Load()
	for range 100 {
		if n := r.interruptedNode(); n != nil {
			t.Fatalf("the cleanup is taken for an interrupted node: %+v", n)
		}
	}
	if n := r.lookups.Load() - before; n != 0 {
		t.Errorf("100 calls of the cleanup looked its node up %d times, want none", n)
	}

	// a node an interrupt stops, the calling goroutine's: found
	stoppable := &runningNode{ctx: canceled, early: true}
	found := make(chan *runningNode)
	go func() {
		r.nodes.Store(goroutineID(), stoppable)
		found <- r.interruptedNode()
	}()
	if n := <-found; n != stoppable {
		t.Errorf("the interrupted body is not found: %v", n)
	}
}
