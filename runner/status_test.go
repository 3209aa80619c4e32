package runner

import (
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/suite"
)

// What the children told of their progress, as a progress signal shows
// it and as --run-timeout names it: per process its share, its specs so
// far, the spec it runs (ID, name, for how long) and what it waits for if
// it told.
func TestStatusDump(t *testing.T) {
	spec := func(name string, state outcome.State) outcome.Spec {
		return outcome.Spec{Name: name, ID: outcome.SpecID(name), State: state}
	}
	t0 := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	st := newStatus([][]outcome.Spec{make([]outcome.Spec, 4), make([]outcome.Spec, 2), make([]outcome.Spec, 1)}, t0)
	if got, want := st.timeoutNote(20*time.Second), "--run-timeout 20s passed: stopping the run (no spec was running)"; got != want {
		t.Errorf("timeout note before any spec:\n got %s\nwant %s", got, want)
	}

	st.started(0, spec("A passes", outcome.NotRun), at(time.Second))
	st.ended(0, spec("A passes", outcome.Passed))
	st.started(0, spec("B waits", outcome.NotRun), at(2*time.Second))
	st.waiting(0, suite.WaitProgress{Spec: "B waits", What: "the completion of NdkDisconnect on connector#3 (side A)", Waited: 5 * time.Second, Limit: 2 * time.Minute}, at(7*time.Second))
	st.started(1, spec("C fails", outcome.NotRun), at(time.Second))
	st.ended(1, spec("C fails", outcome.Failed))
	st.started(1, spec("D skips", outcome.NotRun), at(2*time.Second))
	st.ended(1, spec("D skips", outcome.Skipped))
	st.exited(1)
	st.started(2, spec("E runs", outcome.NotRun), at(8*time.Second))

	var b strings.Builder
	st.dump(&b, "ndkconform", "SIGUSR1", at(9500*time.Millisecond))
	want := "\nndkconform: SIGUSR1: the run after 9.5s, in 3 processes (it goes on):\n" +
		"  process 1 of 3 (4 specs): 1 passed, 0 failed, 0 skipped, 2 not yet run\n" +
		"    running for 7.5s: " + outcome.SpecID("B waits") + " B waits\n" +
		"    waiting for the completion of NdkDisconnect on connector#3 (side A) (told 2.5s ago: 5s so far, at most 2m0s)\n" +
		"  process 2 of 3 (2 specs): 0 passed, 1 failed, 1 skipped, 0 not yet run\n" +
		"    its process ended\n" +
		"  process 3 of 3 (1 spec): 0 passed, 0 failed, 0 skipped, 0 not yet run\n" +
		"    running for 1.5s: " + outcome.SpecID("E runs") + " E runs\n"
	if b.String() != want {
		t.Errorf("dump:\n%s\nwant:\n%s", b.String(), want)
	}
	if got, want := st.timeoutNote(20*time.Second), `--run-timeout 20s passed: stopping the run ("B waits" waited for the completion of NdkDisconnect on connector#3 (side A); "E runs" ran)`; got != want {
		t.Errorf("timeout note:\n got %s\nwant %s", got, want)
	}
}
