package main

import (
	"slices"
	"testing"
	"time"
)

// The service loop reports StartPending then Running, answers
// Interrogate, turns the first Stop into the body's stop and returns the
// body's status; a second Stop does not stop twice.
func TestServiceLoop(t *testing.T) {
	commands := make(chan svcCommand)
	var reports []svcState
	got := make(chan svcState, 16)
	report := func(s svcState) { got <- s }
	stopped := make(chan string, 1)
	body := func(stop <-chan string) int {
		reason := <-stop
		stopped <- reason
		time.Sleep(10 * time.Millisecond) // the agent's graceful stop
		return 7
	}
	result := make(chan int, 1)
	go func() { result <- serviceLoop(commands, report, body) }()
	next := func() svcState {
		t.Helper()
		select {
		case s := <-got:
			reports = append(reports, s)
			return s
		case <-time.After(5 * time.Second):
			t.Fatalf("no report after %v", reports)
			return 0
		}
	}
	if s := next(); s != svcStartPending {
		t.Fatalf("first report %v, want StartPending", s)
	}
	if s := next(); s != svcRunning {
		t.Fatalf("second report %v, want Running", s)
	}
	commands <- svcOther
	commands <- svcInterrogate
	if s := next(); s != svcRunning {
		t.Fatalf("Interrogate answered %v, want Running", s)
	}
	commands <- svcStop
	if s := next(); s != svcStopPending {
		t.Fatalf("Stop answered %v, want StopPending", s)
	}
	select {
	case reason := <-stopped:
		if reason == "" {
			t.Errorf("the body's stop came without a reason")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the body was not told to stop")
	}
	select {
	case commands <- svcStop:
		if s := next(); s != svcStopPending {
			t.Errorf("a second Stop answered %v, want StopPending", s)
		}
	case code := <-result:
		result <- code
	}
	select {
	case code := <-result:
		if code != 7 {
			t.Errorf("serviceLoop returned %d, want the body's 7", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serviceLoop did not return after the body did")
	}
	if slices.Contains(reports[:2], svcStopPending) {
		t.Errorf("reports %v", reports)
	}
}
