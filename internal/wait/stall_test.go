package wait

import (
	"io"
	"testing"
	"time"
)

// A deadline re-arms itself for the time the process stalled while it
// ran, and only then expires.
func TestDeadlineCountsStalls(t *testing.T) {
	start := time.Now()
	dl := NewDeadline(30 * time.Millisecond)
	defer dl.Release()
	stalled.Add(int64(60 * time.Millisecond)) // as the meter does when its tick comes late
	<-dl.C
	if dl.Expired() {
		t.Fatalf("the deadline expired after %v, though the process stalled 60ms of it", time.Since(start))
	}
	for {
		<-dl.C
		if dl.Expired() {
			break
		}
	}
	if d := time.Since(start); d < 90*time.Millisecond {
		t.Errorf("the deadline of 30ms with a stall of 60ms expired after %v", d)
	}
}

// Closed waits the time the process stalled on top of its d.
func TestClosedCountsStalls(t *testing.T) {
	startMeter()
	open := make(chan struct{})
	start := time.Now()
	time.AfterFunc(10*time.Millisecond, func() { stalled.Add(int64(100 * time.Millisecond)) })
	if Closed(open, 40*time.Millisecond) {
		t.Fatal("an open channel is seen closed")
	}
	if d := time.Since(start); d < 140*time.Millisecond {
		t.Errorf("Closed(40ms) with a stall of 100ms returned after %v", d)
	}
}

// A Stopwatch leaves the stalls out.
func TestStopwatchLeavesStallsOut(t *testing.T) {
	sw := StartStopwatch()
	time.Sleep(20 * time.Millisecond)
	stalled.Add(int64(time.Hour))
	if e := sw.Elapsed(); e > 0 {
		t.Errorf("Elapsed() = %v after 20ms and a stall of an hour", e)
	}
}

// After fires d after it was made, plus the time the process stalled
// meanwhile; without a stall, after d.
func TestAfterCountsStalls(t *testing.T) {
	startMeter()
	start := time.Now()
	ch := After(40 * time.Millisecond)
	time.AfterFunc(10*time.Millisecond, func() { stalled.Add(int64(100 * time.Millisecond)) })
	<-ch
	if d := time.Since(start); d < 140*time.Millisecond {
		t.Errorf("After(40ms) with a stall of 100ms fired after %v", d)
	}
	start = time.Now()
	<-After(20 * time.Millisecond)
	if d := time.Since(start); d < 20*time.Millisecond {
		t.Errorf("After(20ms) fired after %v", d)
	}
	select {
	case <-After(0):
	case <-time.After(10 * time.Second):
		t.Error("After(0) did not fire")
	}
}

// A write to a pipe its reader does not read (a stopped parent) counts as
// stalled while it blocks: a deadline set before it fires only after the
// write plus its own time; once the reader reads, the write's time stays
// counted.
func TestPipeWriterCountsABlockedWrite(t *testing.T) {
	startMeter()
	r, w := io.Pipe()
	pw := PipeWriter(w)
	before := Stalled()
	start := time.Now()
	ch := After(50 * time.Millisecond)
	go pw.Write([]byte("a progress record")) // blocks: nobody reads yet
	time.Sleep(300 * time.Millisecond)
	select {
	case <-ch:
		t.Fatalf("After(50ms) fired after %v while a write to the parent blocked", time.Since(start))
	default:
	}
	buf := make([]byte, 64)
	if _, err := r.Read(buf); err != nil {
		t.Fatal(err)
	}
	<-ch
	if got := Stalled() - before; got < 250*time.Millisecond {
		t.Errorf("stalled %v after a write blocked 300ms", got)
	}
}
