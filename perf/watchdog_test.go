package perf_test

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/perf"
)

// setupHooked opens sim with completion personality completion, wrapped
// by hook, and sets a pair up between its IPv4 sides. Sim's set-up
// time-out (an NdkAccept waiting for the peer's NdkCompleteConnect) is a
// minute: a loaded machine does not make it fail the tests' cycles.
func setupHooked(t *testing.T, completion string, h hooked, timeout time.Duration) *perf.Pair {
	t.Helper()
	h.Provider = openSim(t, map[string]string{sim.OptCompletion: completion, sim.OptConnTimeout: "1m"})
	a, b := h.Sides()
	pair, err := perf.Setup(perf.Config{Provider: h, A: a.IPv4, B: b.IPv4, Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return pair
}

func errSays(t *testing.T, what string, err error, want []string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s succeeded, want an error saying %q", what, want)
		return
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%s: error %q does not say %q", what, err, w)
		}
	}
}

// A call that never returns (on the pair's goroutine or on a side worker)
// or panics fails the cycle within the deadline with an error naming it,
// and the pair then leaves the provider alone (Close does not hang). A
// panic is reported at once, not at the deadline.
//
// The deadline is 200ms for a stuck call (the cycle fails after it, never
// sooner, and within a few more under a loaded CI machine) and 2s for a
// panic (reported well before it).
func TestCycleSurvivesStuckAndPanickingCalls(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	stuck := func() action { <-release; return action{} }
	boom := func() action { panic("boom") }
	const (
		inline   = sim.CompletionInline
		deferred = sim.CompletionDeferred
	)
	for _, tc := range []struct {
		completion, call string
		what             func() action
		want             []string
		deadlines        time.Duration // how many deadlines the failing cycle waits; 0: a panic
	}{
		// Calls on the pair's goroutine: the watchdog reports them.
		{inline, "A Disconnect", stuck, []string{"side A NdkDisconnect: expected the call to return, it did not within 200ms"}, 1},
		{inline, "A Disconnect", boom, []string{"side A NdkDisconnect: the provider panicked: boom"}, 0},
		{deferred, "A CreateConnector", stuck, []string{"side A NdkCreateConnector: expected the call to return, it did not within 200ms"}, 1},
		{deferred, "A CloseConnector", stuck, []string{"side A NdkCloseObject(connector): expected the call to return, it did not within 200ms"}, 1},
		// NdkConnect on side A's worker: no connect event comes either.
		{deferred, "A Connect", stuck, []string{"side A NdkConnect from 192.0.2.1:0 to 192.0.2.2:", "expected the call to return, it did not within 200ms", "side B got no connect event"}, 1},
		{inline, "A Connect", stuck, []string{"side A NdkConnect from", "expected the call to return, it did not within 200ms", "side B got no connect event"}, 1},
		{inline, "A Connect", boom, []string{"side A NdkConnect from", "the provider panicked: boom"}, 0},
		// NdkAccept on side B's worker: side A's connect does not complete
		// (deferred) or return (inline) either.
		{deferred, "B Accept", stuck, []string{"side A NdkConnect from", "expected its completion callback, it did not come within 200ms", "side B NdkAccept, issued before, has not returned"}, 2},
		{inline, "B Accept", stuck, []string{"side A NdkConnect from", "expected the call to return, it did not within 200ms", "side B NdkAccept, issued before, has not returned"}, 1},
		{deferred, "B Accept", boom, []string{"side B NdkAccept: the provider panicked: boom"}, 0},
	} {
		name := tc.completion + "/" + strings.ReplaceAll(tc.call, " ", "")
		if tc.deadlines == 0 {
			name += "/panic"
		}
		t.Run(name, func(t *testing.T) {
			timeout := 200 * time.Millisecond
			if tc.deadlines == 0 {
				timeout = 2 * time.Second
			}
			pair := setupHooked(t, tc.completion, hooked{hook: on(tc.call, 1, tc.what)}, timeout)
			start := time.Now()
			err := pair.Cycle()
			took := time.Since(start)
			t.Logf("after %v: %v", took, err)
			errSays(t, "Cycle", err, tc.want)
			switch lo := tc.deadlines * timeout; {
			case tc.deadlines == 0 && took >= timeout:
				t.Errorf("the panic was reported after %v, not at once (the deadline is %v)", took, timeout)
			case took < lo:
				t.Errorf("the failing cycle took %v, less than its %d deadline(s) of %v", took, tc.deadlines, timeout)
			case took > lo+8*timeout:
				t.Errorf("the failing cycle took %v with %d deadline(s) of %v", took, tc.deadlines, timeout)
			}
			errSays(t, "a second Cycle", pair.Cycle(), []string{"unusable"})
			errSays(t, "Close", pair.Close(), []string{"not closing"})
		})
	}
}

// A completion that does not come, a wrong status or an unexpected
// callback fails the cycle with an error naming the call; the pair stays
// usable and closes.
func TestCycleReportsMisbehavingCalls(t *testing.T) {
	const timeout = 200 * time.Millisecond
	for _, tc := range []struct {
		completion, call string
		do               action
		want             []string
	}{
		{sim.CompletionDeferred, "A CreateQp", action{skip: true, st: ndk.StatusPending},
			[]string{"side A NdkCreateQp returned STATUS_PENDING: expected its completion callback, it did not come within 200ms"}},
		{sim.CompletionInline, "A Disconnect", action{skip: true, st: ndk.StatusUnsuccessful},
			[]string{"side A NdkDisconnect: expected STATUS_SUCCESS or STATUS_PENDING, the provider returned STATUS_UNSUCCESSFUL"}},
		{sim.CompletionDeferred, "A CompleteConnect", action{twice: true},
			[]string{"unexpected callbacks", "side A NdkCompleteConnect: its completion callback was called more than once"}},
		{sim.CompletionReentrant, "B Accept", action{twice: true},
			[]string{"unexpected callbacks", "side B NdkAccept: its completion callback was called more than once"}},
		{sim.CompletionInline, "A CreateConnector", action{alsoInline: true},
			[]string{"unexpected callbacks", "side A NdkCreateConnector: its completion callback was called although it returned STATUS_SUCCESS"}},
	} {
		t.Run(tc.completion+"/"+strings.ReplaceAll(tc.call, " ", ""), func(t *testing.T) {
			pair := setupHooked(t, tc.completion, hooked{hook: on(tc.call, 1, func() action { return tc.do })}, timeout)
			start := time.Now()
			err := pair.Cycle()
			took := time.Since(start)
			t.Logf("after %v: %v", took, err)
			errSays(t, "Cycle", err, tc.want)
			if took > 10*timeout {
				t.Errorf("the failing cycle took %v with a deadline of %v", took, timeout)
			}
			if err := pair.Cycle(); err != nil && strings.Contains(err.Error(), "unusable") {
				t.Errorf("a second Cycle: %v", err)
			}
			if err := pair.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
	}
}

// In the inline and reentrant personalities sim's NdkConnect returns only
// once side B accepted, and NdkAccept only once side A completed the
// connect: the cycles still succeed, and the calls did overlap so.
func TestConnectAndAcceptMayWaitForThePeer(t *testing.T) {
	for _, completion := range []string{sim.CompletionInline, sim.CompletionReentrant} {
		t.Run(completion, func(t *testing.T) {
			var mu sync.Mutex
			var seen []string
			note := func(s string) {
				mu.Lock()
				seen = append(seen, s)
				mu.Unlock()
			}
			watched := []string{"A Connect", "B Accept", "A CompleteConnect"}
			h := hooked{
				hook: func(call string) action {
					if slices.Contains(watched, call) {
						note("enter " + call)
					}
					return action{}
				},
				returned: func(call string) {
					if slices.Contains(watched, call) {
						note("return " + call)
					}
				},
			}
			pair := setupHooked(t, completion, h, 5*time.Second)
			defer pair.Close()
			for i := range 3 {
				mu.Lock()
				seen = nil
				mu.Unlock()
				if err := pair.Cycle(); err != nil {
					t.Fatalf("cycle %d: %v", i+1, err)
				}
				mu.Lock()
				got := slices.Clone(seen)
				mu.Unlock()
				at := func(s string) int {
					k := slices.Index(got, s)
					if k < 0 {
						t.Fatalf("cycle %d: no %q in %q", i+1, s, got)
					}
					return k
				}
				if at("return A Connect") < at("enter B Accept") || at("return B Accept") < at("enter A CompleteConnect") {
					t.Errorf("cycle %d: the calls did not wait for the peer: %q", i+1, got)
				}
			}
			if err := pair.Close(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
