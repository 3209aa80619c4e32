package reports

import (
	"bytes"
	"encoding/xml"
	"slices"
	"strings"
	"testing"

	"github.com/onsi/ginkgo/v2/types"
)

// interruptedSample is sampleReport interrupted while "calls back once"
// ran, with a selected spec that never started and whose report node got a
// failure of the interrupted spec's abandoned goroutine, and a filtered-out
// spec that got one too.
func interruptedSample() types.Report {
	rep := sampleReport()
	running := &rep.SpecReports[2] // LC-15 LC-16
	running.State, running.AdditionalFailures = types.SpecStateInterrupted, nil
	running.Failure = types.Failure{Message: "Interrupted by User", Location: loc("/src/ndkconform/specs/lifetime/close.go", 30)}
	bogus := types.Failure{Message: "LC-15: a failure of the abandoned spec", FailureNodeType: types.NodeTypeReportBeforeEach}
	late := rep.SpecReports[1]
	late.LeafNodeText, late.LeafNodeLabels = "never started", []string{"LC-14"}
	late.State, late.NumAttempts, late.Failure = types.SpecStateFailed, 0, bogus
	filtered := &rep.SpecReports[4] // DC-3
	filtered.State, filtered.Failure = types.SpecStateFailed, bogus
	rep.SpecReports = append(rep.SpecReports, late)
	rep.SpecialSuiteFailureReasons = []string{"Interrupted by User"}
	return rep
}

func TestInterruptedRun(t *testing.T) {
	r := FromGinkgo(interruptedSample(), sampleMeta())
	r.SetInterrupted("the run was interrupted by SIGINT")
	r.ApplyWaivers(Waivers{"LC-15": "vendor bug"})
	if r.Verdict != VerdictInterrupted || r.Interrupted != "the run was interrupted by SIGINT" || len(r.SuiteFailures) != 0 {
		t.Errorf("verdict %q, interrupted %q, suite failures %q", r.Verdict, r.Interrupted, r.SuiteFailures)
	}
	if r.Passed != 1 || r.Failed != 0 || r.Skipped != 1 || r.InterruptedSpecs != 1 || r.NotRun != 1 || r.NotSelected != 2 || len(r.Specs) != 4 {
		t.Errorf("passed %d failed %d skipped %d interrupted %d not run %d not selected %d, %d specs; want 1 0 1 1 1 2, 4",
			r.Passed, r.Failed, r.Skipped, r.InterruptedSpecs, r.NotRun, r.NotSelected, len(r.Specs))
	}
	states := map[string]string{}
	for _, s := range r.Specs {
		states[s.Name] = s.State
		if s.Failed() {
			t.Errorf("%s: %s is a failure", s.Name, s.State)
		}
	}
	if states["Listener close calls back once"] != StateInterrupted || states["Listener close never started"] != StateNotRun {
		t.Errorf("states %v", states)
	}
	verdicts := map[string]string{}
	for _, rr := range r.Rules {
		verdicts[rr.Rule.ID] = rr.Verdict
		if len(rr.Failures) > 0 {
			t.Errorf("%s is charged: %q", rr.Rule.ID, rr.Failures)
		}
	}
	// LC-14 has a spec that passed and one that never started.
	for _, id := range []string{"LC-14", "LC-15", "LC-16"} {
		if verdicts[id] != RuleNotRun {
			t.Errorf("%s: %q, want %q", id, verdicts[id], RuleNotRun)
		}
	}
	c := Certify(r)
	if c.Certified || !slices.Contains(c.Reasons, "the run was cut short: the run was interrupted by SIGINT") ||
		!slices.Contains(c.Reasons, "1 interrupted spec") || !slices.Contains(c.Reasons, "1 spec not run") {
		t.Errorf("certification %+v", c)
	}

	var buf bytes.Buffer
	if err := WriteJUnit(&buf, r); err != nil {
		t.Fatal(err)
	}
	var doc JUnitTestSuites
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	ts := doc.TestSuite[0]
	if ts.Failures != 0 || ts.Errors != 0 || ts.Skipped != 3 {
		t.Errorf("JUnit: %d failures %d errors %d skipped", ts.Failures, ts.Errors, ts.Skipped)
	}
	if !slices.Contains(ts.Properties, JUnitProperty{Name: "interrupted", Value: "the run was interrupted by SIGINT"}) {
		t.Errorf("JUnit properties %v", ts.Properties)
	}
	for _, tc := range ts.TestCases {
		switch {
		case strings.HasSuffix(tc.Name, "calls back once"):
			if tc.Skipped == nil || tc.Skipped.Message != "interrupted: Interrupted by User" || tc.Failure != nil || tc.Error != nil {
				t.Errorf("interrupted testcase %+v", tc)
			}
		case strings.HasSuffix(tc.Name, "never started"):
			if tc.Skipped == nil || tc.Skipped.Message != "not run: "+notRunReason {
				t.Errorf("not run testcase %+v", tc)
			}
		}
	}

	buf.Reset()
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if back.Interrupted != r.Interrupted || back.NotRun != 1 || back.InterruptedSpecs != 1 || back.Verdict != VerdictInterrupted {
		t.Errorf("JSON round trip: %q %d %d %q", back.Interrupted, back.NotRun, back.InterruptedSpecs, back.Verdict)
	}
	buf.Reset()
	if err := WriteHTML(&buf, r, nil, nil); err != nil || !strings.Contains(buf.String(), `<div class="verdict skip">INTERRUPTED</div>`) {
		t.Errorf("HTML: %v", err)
	}
}

// Outside an interrupted run a spec that was never attempted keeps its
// failure: it is none of an abandoned goroutine's.
func TestNeverRanOnlyWhenInterrupted(t *testing.T) {
	rep := interruptedSample()
	rep.SpecialSuiteFailureReasons = nil
	r := FromGinkgo(rep, Meta{})
	if r.Verdict != VerdictFailed || r.Failed != 2 || r.Interrupted != "" {
		t.Errorf("verdict %q, %d failed, interrupted %q", r.Verdict, r.Failed, r.Interrupted)
	}
}
