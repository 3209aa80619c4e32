package workers

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Every function runs, concurrently with the others: n functions that each
// wait for all n to have started finish only if none waits for another to
// return first.
func TestGoRunsConcurrently(t *testing.T) {
	for round := range 3 {
		const n = 50
		var started sync.WaitGroup
		started.Add(n)
		var done sync.WaitGroup
		done.Add(n)
		all := make(chan struct{})
		for range n {
			Go(func() {
				defer done.Done()
				started.Done()
				<-all
			})
		}
		ok := make(chan struct{})
		go func() { started.Wait(); close(ok) }()
		select {
		case <-ok:
		case <-time.After(10 * time.Second):
			t.Fatalf("round %d: not all %d functions started while the others waited", round, n)
		}
		close(all)
		done.Wait()
	}
}

// A function that never returns holds its goroutine only.
func TestStuckFunctionHoldsOnlyItsWorker(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	Go(func() { <-block })
	var ran atomic.Int32
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		Go(func() { ran.Add(1); wg.Done() })
		wg.Wait()
	}
	if ran.Load() != 100 {
		t.Fatalf("%d of 100 ran", ran.Load())
	}
}

func BenchmarkGo(b *testing.B) {
	done := make(chan struct{})
	for b.Loop() {
		Go(func() { done <- struct{}{} })
		<-done
	}
}

func BenchmarkGoStatement(b *testing.B) {
	done := make(chan struct{})
	for b.Loop() {
		go func() { done <- struct{}{} }()
		<-done
	}
}
