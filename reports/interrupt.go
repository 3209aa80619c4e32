package reports

import (
	"fmt"
	"slices"
	"strings"

	"github.com/onsi/ginkgo/v2/types"
)

// A run cut short (a signal, the test process killed or gone) is no
// verdict on the provider: the spec that was running is "interrupted", the
// selected specs that never started are "not run", and their rules are
// "not run". Neither state is a failure, and no rule is charged for them.
const (
	// StateInterrupted is the state of a spec that was running when the
	// run was cut short.
	StateInterrupted = "interrupted"
	// StateNotRun is the state of a selected spec that never started.
	StateNotRun = "not run"
	// VerdictInterrupted: the run was cut short (Run.Interrupted says how);
	// the specs that did not finish tell nothing about the provider.
	VerdictInterrupted = "interrupted"
	// RuleNotRun: no failure is attributed to the rule, and a spec of it
	// did not run or was interrupted, so the rule was not fully checked.
	RuleNotRun = "not run"
)

// notRunReason is the reason FromGinkgo gives a selected spec that never
// started; SetInterrupted and the CLI say more when they know more.
const notRunReason = "the run stopped before this spec started"

// ginkgoInterrupt tells Ginkgo's suite failure for an interrupt ("Interrupted
// by User", "Interrupted by Other Ginkgo Process").
func ginkgoInterrupt(reason string) bool { return strings.HasPrefix(reason, "Interrupted by ") }

// interruptedReport tells whether Ginkgo's run was interrupted, and how.
func interruptedReport(r types.Report) (bool, string) {
	for _, reason := range r.SpecialSuiteFailureReasons {
		if ginkgoInterrupt(reason) {
			return true, reason
		}
	}
	return false, ""
}

// neverRan is what a spec report of an interrupted run tells once the
// failures that are not the spec's own are taken out: a spec Ginkgo never
// attempted cannot have failed by itself, and a failure recorded in one of
// its report nodes comes from a goroutine of the interrupted spec that
// Ginkgo left running (its nodes take no context). It is then reported as
// Ginkgo reports a spec it did not run: skipped, with no message.
func neverRan(sr types.SpecReport, interrupted bool) types.SpecReport {
	if interrupted && sr.NumAttempts == 0 && sr.State.Is(types.SpecStateFailureStates) {
		sr.State, sr.Failure, sr.AdditionalFailures = types.SpecStateSkipped, types.Failure{}, nil
	}
	return sr
}

// SetInterrupted records that the run was cut short; how says by what
// ("the run was interrupted by SIGINT"). Ginkgo's suite failure for the
// interrupt is the interruption, not a failure, and goes. Call
// ApplyWaivers after it for the verdict.
func (r *Run) SetInterrupted(how string) {
	r.Interrupted = how
	r.SuiteFailures = slices.DeleteFunc(r.SuiteFailures, ginkgoInterrupt)
	if len(r.SuiteFailures) == 0 {
		r.SuiteFailures = nil
	}
}

// markRulesNotRun makes "not run" the verdict of every rule that has a
// spec that did not run or was interrupted, unless a failure is attributed
// to it (failed or waived).
func markRulesNotRun(r Run, results []RuleResult) {
	notRun := map[string]bool{}
	for _, s := range r.Specs {
		if s.State == StateNotRun || s.State == StateInterrupted {
			for _, id := range s.Rules {
				notRun[id] = true
			}
		}
	}
	for i := range results {
		rr := &results[i]
		if notRun[rr.Rule.ID] && rr.Verdict != RuleFailed && rr.Verdict != RuleWaived {
			rr.Verdict = RuleNotRun
		}
	}
}

// incompleteReasons are the reasons a run cut short is not certified.
func incompleteReasons(r Run) []string {
	var why []string
	if r.Interrupted != "" {
		why = append(why, "the run was cut short: "+r.Interrupted)
	}
	if r.InterruptedSpecs > 0 {
		why = append(why, fmt.Sprintf("%d interrupted %s", r.InterruptedSpecs, plural(r.InterruptedSpecs, "spec", "specs")))
	}
	if r.NotRun > 0 {
		why = append(why, fmt.Sprintf("%d %s not run", r.NotRun, plural(r.NotRun, "spec", "specs")))
	}
	return why
}

// junitNotRun is the <skipped> of a spec that was interrupted or did not
// run, nil for any other spec.
func junitNotRun(s Spec) *JUnitSkipped {
	switch s.State {
	case StateInterrupted, StateNotRun:
		return &JUnitSkipped{Message: s.State + ": " + FirstLine(s.Failure)}
	}
	return nil
}
