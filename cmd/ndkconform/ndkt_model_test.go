//go:build linux && cgo

package main

import (
	"strings"
	"testing"
)

// TestNdktModelExhaustLeavesNoCallInProvider: the endpoint model's exhaust
// move (tens of thousands of creates and listens on one side) is left out
// while a call of the sequence is still in the provider. In the reentrant
// personality an NdkConnect blocks until the peer's consumer answers, and
// nothing answers during the move: through the ndkt driver the call then
// outlived the call-timeout and the device was taken for lost ("Connect
// unanswered after 30s (call-timeout)", make test-ndkt, reentrant). A short
// call-timeout makes the move's length show on any machine: with seed 1 the
// IPv6 model has a sequence that ends with a connect pending and draws the
// move.
func TestNdktModelExhaustLeavesNoCallInProvider(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the endpoint model through ndkt (about a minute)")
	}
	t.Parallel() // a whole run or more: beside the other long tests (make test's wall time)
	states, rules := focusRun(t, "Model of the endpoint, lifetime and disconnect rules IPv6",
		"--driver", "ndkt", "--driver-opt", "device-opts=completion=reentrant,disconnect-timeout=1s",
		"--driver-opt", "call-timeout=5s", "--seed", "1")
	if len(states) != 1 || states[0] != "passed" || len(rules) > 0 {
		t.Errorf("the IPv6 endpoint model through ndkt, reentrant, call-timeout 5s, seed 1: %s, rules charged %v; want passed",
			strings.Join(states, ", "), rules)
	}
}
