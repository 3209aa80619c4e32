package reports

import (
	"bytes"
	"encoding/xml"
	"slices"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/outcome"
)

// interruptedRun is sampleRun interrupted by SIGINT while "calls back
// once" ran, with a selected spec that never started.
func interruptedRun(t *testing.T) Run {
	t.Helper()
	specs := slices.Clone(sampleRun(t).Specs)
	running := &specs[1] // LC-15 LC-16
	running.State, running.Failure, running.Violations = outcome.Interrupted, nil, nil
	running.Note = "Interrupted by User\nat specs/lifetime/close.go:30"
	late := outcome.Spec{Name: "Listener close never started", Area: "lifetime", Rules: []string{"LC-14"}, Labels: []string{"lifetime", "LC-14"}, State: outcome.NotRun, Note: outcome.NotRunNote}
	run := outcome.Run{Specs: append(specs, late)}
	run.CutShort("the run was interrupted by SIGINT")
	w, err := outcome.ParseWaivers(strings.NewReader("LC-15 vendor bug\n"))
	if err != nil {
		t.Fatal(err)
	}
	return New(sampleMeta(), run, w)
}

func TestInterruptedRun(t *testing.T) {
	r := interruptedRun(t)
	c := r.Counts()
	if r.Verdict != outcome.VerdictInterrupted || r.Interrupted != "the run was interrupted by SIGINT" || len(r.SuiteFailures) != 0 {
		t.Errorf("verdict %q, interrupted %q, suite failures %q", r.Verdict, r.Interrupted, r.SuiteFailures)
	}
	if want := (outcome.SpecCounts{Suite: 6, Selected: 4, Passed: 1, NotApplicable: 1, Interrupted: 1, NotRun: 1, NotSelected: 2}); c.Specs != want {
		t.Errorf("spec counts %+v, want %+v", c.Specs, want)
	}
	for _, rr := range r.Rules {
		if len(rr.Charges) > 0 {
			t.Errorf("%s is charged: %+v", rr.Rule.ID, rr.Charges)
		}
		// LC-14 has a spec that passed and one that never started.
		if slices.Contains([]string{"LC-14", "LC-15", "LC-16"}, rr.Rule.ID) && rr.Verdict != outcome.RuleNotRun {
			t.Errorf("%s: %q, want %q", rr.Rule.ID, rr.Verdict, outcome.RuleNotRun)
		}
	}
	if len(r.Stale) != 0 {
		t.Errorf("stale %q: a waiver of a rule that did not run is not stale", r.Stale)
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
	if ts.Failures != 0 || ts.Errors != 0 || ts.Skipped != 3 || ts.Tests != 4 {
		t.Errorf("JUnit: %d tests %d failures %d errors %d skipped", ts.Tests, ts.Failures, ts.Errors, ts.Skipped)
	}
	if !slices.Contains(ts.Properties, JUnitProperty{Name: "interrupted", Value: "the run was interrupted by SIGINT"}) ||
		!slices.Contains(ts.Properties, JUnitProperty{Name: "verdict", Value: "interrupted"}) {
		t.Errorf("JUnit properties %v", ts.Properties)
	}
	found := 0
	for _, tc := range ts.TestCases {
		switch {
		case strings.HasSuffix(tc.Name, "calls back once"):
			found++
			if tc.Skipped == nil || tc.Skipped.Message != "interrupted: the run was interrupted by SIGINT while this spec ran" || tc.Failure != nil || tc.Error != nil || tc.Status != "interrupted" {
				t.Errorf("interrupted testcase %+v", tc)
			}
		case strings.HasSuffix(tc.Name, "never started"):
			found++
			if tc.Skipped == nil || tc.Skipped.Message != "not run: the run was interrupted by SIGINT before this spec started" || tc.Status != "not run" {
				t.Errorf("not run testcase %+v", tc)
			}
		}
	}
	if found != 2 {
		t.Errorf("%d of the interrupted and not run testcases", found)
	}

	back := checkRoundTrip(t, "interrupted", r, nil)
	if back.Interrupted != r.Interrupted || back.Verdict != outcome.VerdictInterrupted || back.Specs[1].Note != r.Specs[1].Note {
		t.Errorf("JSON round trip: %q %q %q", back.Interrupted, back.Verdict, back.Specs[1].Note)
	}

	out := summary(r)
	for _, want := range []string{"  verdict:  INTERRUPTED (the run was interrupted by SIGINT)\n",
		"\nInterrupted specs (no verdict on the provider):\n  Listener close calls back once: the run was interrupted by SIGINT while this spec ran\n",
		"\nSpecs not run (1; no verdict on the provider):\n  1 spec: the run was interrupted by SIGINT before this spec started [LC-14]\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the summary lacks %q:\n%s", want, out)
		}
	}
	checkLastLine(t, r, out)

	if page := writeHTML(t, r, nil); !strings.Contains(page, `<div class="verdict skip">INTERRUPTED</div>`) || !strings.Contains(page, "<li>the run was interrupted by SIGINT</li>") {
		t.Errorf("HTML without the interrupted verdict")
	}
	cert := outcome.Certify(r.Result)
	if page := writeHTML(t, r, &cert); !strings.Contains(page, `<div class="verdict skip">NO VERDICT</div>`) || !strings.Contains(page, "<li>1 interrupted spec</li>") {
		t.Errorf("HTML without the certification's no verdict")
	}
}
