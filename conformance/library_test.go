package conformance_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/conformance"
	_ "github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
)

// Two configurations of a registered driver, in one go test: each runs in
// child processes of this test binary (package runner), so the suite,
// which Ginkgo runs once per process, runs twice, and each report is its
// own run's.
func TestTwoConfigurationsInOneProcess(t *testing.T) {
	var runs []reports.Run
	for _, completion := range []string{"inline", "deferred"} {
		start := time.Now()
		res, err := conformance.Run(suite.Config{Driver: "sim", DriverOptions: map[string]string{"completion": completion}, LabelFilter: "LC-14"}, nil)
		if err != nil {
			t.Fatalf("completion=%s: %v", completion, err)
		}
		r := res.Run
		c := r.Counts().Specs
		if r.Verdict != outcome.VerdictPass || c.Selected == 0 || c.Passed != c.Selected {
			t.Errorf("completion=%s: verdict %s, %d of %d specs passed", completion, r.Verdict, c.Passed, c.Selected)
		}
		if r.DriverOptions["completion"] != completion || !strings.Contains(r.Command, "completion="+completion) {
			t.Errorf("completion=%s: the report's driver options %v, command %q", completion, r.DriverOptions, r.Command)
		}
		for _, rr := range r.Rules {
			if rr.Rule.ID == "LC-14" && rr.Verdict != outcome.RulePassed {
				t.Errorf("completion=%s: LC-14 %s", completion, rr.Verdict)
			}
		}
		if res.Certification.Certified {
			t.Errorf("completion=%s: a run of a few specs is certified", completion)
		}
		t.Logf("completion=%s: %s in %v", completion, r.Counts().SpecLine(), time.Since(start).Round(time.Millisecond))
		runs = append(runs, r)
	}
	if runs[0].Start.Equal(runs[1].Start) || len(runs[0].Specs) != len(runs[1].Specs) {
		t.Errorf("the two runs: start %v and %v, %d and %d specs", runs[0].Start, runs[1].Start, len(runs[0].Specs), len(runs[1].Specs))
	}
}

// failT is a testing.TB that keeps what Test says instead of failing.
type failT struct {
	testing.TB
	errors []string
}

func (f *failT) Helper() {}
func (f *failT) Errorf(format string, args ...any) {
	f.errors = append(f.errors, strings.TrimSpace(fmt.Sprintf(format, args...)))
}
func (f *failT) Fatalf(format string, args ...any) {
	f.Errorf(format, args...)
	f.TB.FailNow()
}

// Test reports a failed run with the summary the CLI prints, with no ANSI
// colour, and a rerun command for each failed spec that names go test,
// this test and the package.
func TestTestReportsFailure(t *testing.T) {
	ft := &failT{TB: t}
	res := conformance.Test(ft, suite.Config{Driver: "sim", DriverOptions: map[string]string{"variant": "listener-close-inline"}, LabelFilter: "LC-15 && IPv4 && !model"})
	if res.Run.Verdict != outcome.VerdictFail || len(ft.errors) != 1 {
		t.Fatalf("verdict %s, errors %q", res.Run.Verdict, ft.errors)
	}
	msg := ft.errors[0]
	for _, want := range []string{"verdict:  FAIL", "LC-15", "rerun: go test -run '^TestTestReportsFailure$' ./conformance -args -- --focus '^"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the failure lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "\x1b[") {
		t.Errorf("the failure has ANSI colour:\n%q", msg)
	}
}
