package suite

import (
	"testing"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/onsi/ginkgo/v2/types"
)

// specReport is a spec as Ginkgo reports it, in specs/endpoints, labelled
// with labels.
func specReport(text string, st types.SpecState, attempts int, labels ...string) types.SpecReport {
	return types.SpecReport{
		LeafNodeType:     types.NodeTypeIt,
		LeafNodeText:     text,
		LeafNodeLabels:   labels,
		LeafNodeLocation: types.CodeLocation{FileName: moduleRoot + "specs/endpoints/x.go", LineNumber: 7},
		State:            st,
		NumAttempts:      attempts,
	}
}

func entry(name string, v any) types.ReportEntry {
	e := types.ReportEntry{Name: name}
	e.Value = types.WrapEntryValue(v)
	return e
}

// The harness builds each spec's outcome from Ginkgo's report once: its
// state, the kind of its skip, its violations with their clause, and a
// spec never attempted as not run (whatever failure a stray goroutine
// recorded on it).
func TestSpecOutcome(t *testing.T) {
	passed := specOutcome(specReport("a", types.SpecStatePassed, 1, "LC-14", "clause:CN-3.timeout", "IPv4"), true)
	if passed.State != outcome.Passed || passed.Note != "" || passed.Area != "endpoints" || passed.Location != "specs/endpoints/x.go:7" ||
		len(passed.Rules) != 1 || len(passed.Clauses) != 1 || passed.Clauses[0] != "CN-3.timeout" {
		t.Errorf("passed: %+v", passed)
	}

	sr := specReport("b", types.SpecStateSkipped, 1, "SQ-1")
	sr.Failure.Message = "not applicable: no SRQ"
	sr.ReportEntries = types.ReportEntries{entry(finding.EntrySkip, finding.Skip{Kind: finding.NotApplicable, Declaration: "MaxSrqDepth 0", Reason: "no SRQ"})}
	if s := specOutcome(sr, true); s.State != outcome.Skipped || s.SkipKind() != finding.NotApplicable || s.Skip.Declaration != "MaxSrqDepth 0" {
		t.Errorf("skipped with a kind: %+v", s)
	}
	sr.ReportEntries = nil
	if s := specOutcome(sr, true); s.SkipKind() != finding.Unexplained || s.Skip.Reason != "not applicable: no SRQ" {
		t.Errorf("skipped with no kind: %+v", s)
	}

	sr = specReport("c", types.SpecStateFailed, 1, "CN-3", "clause:CN-3.timeout")
	sr.Failure = types.Failure{Message: "CN-3: boom", Location: types.CodeLocation{FileName: moduleRoot + "specs/endpoints/x.go", LineNumber: 9}}
	sr.ReportEntries = types.ReportEntries{entry(finding.EntryViolation, finding.Violation{Rule: "CN-3", Expected: "STATUS_IO_TIMEOUT", Observed: "STATUS_SUCCESS"}),
		entry(finding.EntryTrace, "callback trace")}
	s := specOutcome(sr, true)
	if s.State != outcome.Failed || s.Failure.Kind != outcome.FailureFailed || len(s.Violations) != 1 || s.Violations[0].Clause != "CN-3.timeout" ||
		s.Failure.Message != "CN-3: boom\nat specs/endpoints/x.go:9" || s.Failure.Trace != "callback trace" {
		t.Errorf("failed: %+v %+v", s, s.Failure)
	}

	// a failure in a set-up step (Step: a violation of no rule) charges no
	// rule: setup failed; one with a rule's violation beside it is failed
	sr = specReport("s", types.SpecStateFailed, 1, "CN-3")
	sr.Failure = types.Failure{Message: "connect: STATUS_IO_TIMEOUT"}
	sr.ReportEntries = types.ReportEntries{entry(finding.EntryViolation, finding.Violation{Call: "NdkConnect", Expected: "STATUS_SUCCESS", Observed: "STATUS_IO_TIMEOUT", Setup: true})}
	if s := specOutcome(sr, true); s.State != outcome.Failed || s.Failure.Kind != outcome.FailureSetup || !s.SetupFailed() {
		t.Errorf("set-up step failed: %+v %+v", s, s.Failure)
	}
	// a violation of no rule that is no set-up step's (a call that did not
	// return, a provider's panic) is the provider's failure
	sr.ReportEntries = types.ReportEntries{entry(finding.EntryViolation, finding.Violation{Call: "NdkConnect", Expected: "the call returns", Observed: "it did not return"})}
	if s := specOutcome(sr, true); s.Failure.Kind != outcome.FailureFailed || s.SetupFailed() {
		t.Errorf("a call that did not return: %+v", s.Failure)
	}
	sr.ReportEntries[0] = entry(finding.EntryViolation, finding.Violation{Call: "NdkConnect", Expected: "STATUS_SUCCESS", Observed: "STATUS_IO_TIMEOUT", Setup: true})
	sr.ReportEntries = append(sr.ReportEntries, entry(finding.EntryViolation, finding.Violation{Rule: "CN-3", Observed: "STATUS_SUCCESS"}))
	if s := specOutcome(sr, true); s.Failure.Kind != outcome.FailureFailed || s.SetupFailed() {
		t.Errorf("set-up step and a rule failed: %+v", s.Failure)
	}

	// a failure with details (suite.ViolateWith: a model spec's failing
	// sequence and its replay): they are the failure's Details, not its
	// callback trace nor its output
	sr = specReport("m", types.SpecStateFailed, 1, "LC-14")
	sr.Failure = types.Failure{Message: "LC-14: boom\nShortest failing sequence (1 steps):\n   1. A: create pd#1\nReplay: ndkconform run --spec 12345678"}
	sr.ReportEntries = types.ReportEntries{entry(finding.EntryViolation, finding.Violation{Rule: "LC-14", Observed: "STATUS_SUCCESS"}),
		entry(finding.EntryDetails, "Shortest failing sequence (1 steps):\n   1. A: create pd#1\nReplay: ndkconform run --spec 12345678\n")}
	s = specOutcome(sr, true)
	if s.State != outcome.Failed || s.Failure.Details != "Shortest failing sequence (1 steps):\n   1. A: create pd#1\nReplay: ndkconform run --spec 12345678" ||
		s.Failure.Trace != "" || s.Failure.Output != "" {
		t.Errorf("failed with details: %+v", s.Failure)
	}

	sr = specReport("d", types.SpecStatePanicked, 0)
	sr.Failure.Message = "a failure of another spec's goroutine"
	if s := specOutcome(sr, true); s.State != outcome.NotRun || s.Failure != nil {
		t.Errorf("never attempted, a failure recorded: %+v", s)
	}
	if s := specOutcome(specReport("e", types.SpecStateSkipped, 0), false); s.State != outcome.NotSelected {
		t.Errorf("not selected: %+v", s)
	}
	if s := specOutcome(specReport("f", types.SpecStateInterrupted, 1), true); s.State != outcome.Interrupted {
		t.Errorf("interrupted: %+v", s)
	}
	sr = specReport("g", types.SpecStateAborted, 1)
	sr.Failure.Message = LostPrefix + "agent gone"
	if s := specOutcome(sr, true); s.State != outcome.Interrupted || s.Note != "agent gone" {
		t.Errorf("lost: %+v", s)
	}
}

// A run's outcome: a spec the filters left out is not selected, one they
// selected and the run never reached is not run, a lost provider is a
// fault, a failed suite node a failure outside the specs.
func TestBuildRun(t *testing.T) {
	lost := specReport("lost", types.SpecStateAborted, 1, "LC-14")
	lost.Failure.Message = LostPrefix + "agent gone"
	suiteNode := types.SpecReport{LeafNodeType: types.NodeTypeBeforeSuite, State: types.SpecStateFailed, Failure: types.Failure{Message: "setup"}}
	rep := types.Report{SpecReports: []types.SpecReport{
		specReport("one", types.SpecStatePassed, 1, "LC-14"),
		specReport("two", types.SpecStateSkipped, 0, "LC-14"),
		specReport("three", types.SpecStateSkipped, 0, "LC-15"),
		lost,
		suiteNode,
		specReport("started as the interrupt came", types.SpecStateSkipped, 1, "LC-14"),
	}, SpecialSuiteFailureReasons: []string{"Interrupted by User"}}
	run := buildRun(rep, Config{LabelFilter: "LC-14"})
	want := []outcome.State{outcome.Passed, outcome.NotRun, outcome.NotSelected, outcome.Interrupted, outcome.Interrupted}
	if len(run.Specs) != len(want) {
		t.Fatalf("%d specs, want %d", len(run.Specs), len(want))
	}
	for i, s := range run.Specs {
		if s.State != want[i] {
			t.Errorf("%s: %s, want %s", s.Name, s.State, want[i])
		}
	}
	if len(run.Faults) != 1 || run.Faults[0] != "the provider was lost: agent gone" {
		t.Errorf("faults %q", run.Faults)
	}
	if len(run.SuiteFailures) != 1 {
		t.Errorf("suite failures %q (the interrupt is no failure)", run.SuiteFailures)
	}
}

func TestRelativeLocation(t *testing.T) {
	for file, want := range map[string]string{
		moduleRoot + "specs/memory/chain.go":                     "specs/memory/chain.go:3",
		"github.com/ndkconform/ndkconform/specs/memory/chain.go": "specs/memory/chain.go:3",
		"/home/vendor/src/theirs/provider_test.go":               "theirs/provider_test.go:3",
		`C:\build\ndkconform\suite\pair.go`:                      "suite/pair.go:3",
	} {
		if got := relativeLocation(types.CodeLocation{FileName: file, LineNumber: 3}); got != want {
			t.Errorf("%s: %q, want %q", file, got, want)
		}
	}
}
