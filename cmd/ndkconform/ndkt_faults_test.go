//go:build linux && cgo

package main

import (
	"slices"
	"testing"
)

// faultFocus selects the 17 specs that need a fault (SetHostState,
// FailSrq, FailCq).
const faultFocus = "CQ fatal error|SRQ catastrophic error|never answers|host goes away|side B has not answered|host that does not answer|host that is down"

// TestNdktFaultSpecs: through the ndkt driver, the core's fault injection
// (its provider hook, here sim's through NDKPI's C ABI) lets the specs
// that need a fault run: they pass against the conforming provider (a
// disconnect spec may be not observable on a loaded machine, as in
// process: the provider's own time-out passed first), are not verified
// when the provider serves no fault (sim's faults=off: the Welcome offers
// none), and charge the rule a fault variant breaks.
func TestNdktFaultSpecs(t *testing.T) {
	t.Parallel() // a whole run or more: beside the other long tests (make test's wall time)
	run := func(args ...string) ([]string, []string) {
		t.Helper()
		return focusRun(t, faultFocus, args...)
	}
	states, rules := run("--driver", "ndkt")
	passed := 0
	for _, s := range states {
		switch s {
		case "passed":
			passed++
		case "skipped not observable":
		default:
			t.Errorf("conforming provider through ndkt: a spec %s (all: %v)", s, states)
		}
	}
	if len(states) != 17 || passed < 15 || len(rules) > 0 {
		t.Errorf("conforming provider through ndkt: %d specs, %d passed, rules %v; want 17, at least 15 passed, none charged", len(states), passed, rules)
	}
	states, _ = run("--driver", "ndkt", "--driver-opt", "device-opts=faults=off")
	if len(states) != 17 || slices.ContainsFunc(states, func(s string) bool { return s != "skipped not verified" }) {
		t.Errorf("through ndkt with faults=off: %v, want 17 not verified", states)
	}
	for v, rule := range map[string]string{
		"cq-fatal-completes":   "CQ-5",
		"srq-error-completes":  "SQ-6",
		"no-abort-indication":  "DS-6",
		"timeout-wrong-status": "CN-17",
	} {
		states, rules := run("--driver", "ndkt", "--driver-opt", "device-opts=completion=deferred,variant="+v)
		if !slices.Contains(states, "failed") || !slices.Contains(rules, rule) {
			t.Errorf("sim variant %s (breaks %s) through ndkt: %v, rules charged %v", v, rule, states, rules)
		}
	}
}
