package wait

import (
	"testing"
	"time"
)

func TestClosed(t *testing.T) {
	open, closed := make(chan struct{}), make(chan struct{})
	close(closed)
	if !Closed(closed, 0) || !Closed(closed, time.Hour) {
		t.Error("a closed channel is not seen closed")
	}
	start := time.Now()
	if Closed(open, 20*time.Millisecond) {
		t.Error("an open channel is seen closed")
	}
	if time.Since(start) < 20*time.Millisecond {
		t.Error("Closed returned before the deadline")
	}
	later := make(chan struct{})
	time.AfterFunc(10*time.Millisecond, func() { close(later) })
	for range 3 { // the timers reused after a timeout and a close deliver nothing stale
		if Closed(open, time.Millisecond) {
			t.Error("an open channel is seen closed")
		}
	}
	if !Closed(later, time.Minute) {
		t.Error("a channel closed during the wait is not seen closed")
	}
}
