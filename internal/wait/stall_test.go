package wait

import (
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
