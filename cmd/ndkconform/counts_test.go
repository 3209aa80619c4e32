package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
)

// checkCountsAgree checks that every output of a run counts alike: the
// console summary (stdout), the JSON report (as written, and judged again
// from its specs), the HTML report's counts, the JUnit totals and, for a
// certification, the manifest. dir holds report.json, report.html and
// junit.xml.
func checkCountsAgree(t *testing.T, stdout, dir string) outcome.Counts {
	t.Helper()
	run := readJSONReport(t, filepath.Join(dir, "report.json"))
	c := run.Counts()
	if run.Recorded == nil || run.Recorded.Counts != c {
		t.Errorf("report.json: the counts it records differ from its specs judged again:\n%+v\n%+v", run.Recorded, c)
	}

	// the console: the counts lines and the last line
	for _, want := range []string{
		fmt.Sprintf("  specs:    %d of %d selected: %s\n", c.Specs.Selected, c.Specs.Suite, c.SpecLine()),
		"  rules:    " + c.RuleLine() + "\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the console lacks %q:\n%s", want, stdout)
		}
	}
	if last := lastLineOf([]byte(stdout), " passed, "); string(last) != c.SpecLine() {
		t.Errorf("the console's counts line %q, the JSON's %q", last, c.SpecLine())
	}
	sum := c.Specs.Passed + c.Specs.Failed + c.Specs.Waived + c.Specs.SetupFailed + c.Specs.Skipped() + c.Specs.Interrupted + c.Specs.NotRun
	if sum != c.Specs.Selected || c.Specs.Selected+c.Specs.NotSelected != c.Specs.Suite {
		t.Errorf("the spec counts do not add up: %+v", c.Specs)
	}

	// the HTML report: every count it shows is the JSON's
	want := c.ByKey()
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	shown := regexp.MustCompile(`data-count="([a-z_.]+)"><b>(\d+)</b>`).FindAllStringSubmatch(string(page), -1)
	if len(shown) < 6 {
		t.Errorf("the HTML report shows %d counts", len(shown))
	}
	for _, m := range shown {
		n, _ := strconv.Atoi(m[2])
		if w, ok := want[m[1]]; !ok || w != n {
			t.Errorf("the HTML report shows %s = %d, the JSON %d (%v)", m[1], n, w, ok)
		}
	}

	// JUnit: the common schema's totals, from the same counts
	data, err := os.ReadFile(filepath.Join(dir, "junit.xml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc reports.JUnitTestSuites
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	extra := 0
	for _, x := range [][]string{run.SuiteFailures, run.Faults} {
		if len(x) > 0 {
			extra++
		}
	}
	aborted := 0
	for k, s := range run.Specs {
		if s.State == outcome.Failed && !run.SpecWaived(k) && s.Failure != nil && s.Failure.Kind == outcome.FailureAborted {
			aborted++
		}
	}
	ts := doc.TestSuite[0]
	if ts.Tests != c.Specs.Selected+extra || ts.Failures != c.Specs.Failed-aborted || ts.Errors != aborted+extra ||
		ts.Skipped != c.Specs.Waived+c.Specs.Skipped()+c.Specs.Interrupted+c.Specs.NotRun {
		t.Errorf("JUnit: %d tests, %d failures, %d errors, %d skipped; the counts %+v", ts.Tests, ts.Failures, ts.Errors, ts.Skipped, c.Specs)
	}
	props := map[string]string{}
	for _, p := range ts.Properties {
		props[p.Name] = p.Value
	}
	if props["specs"] != c.SpecLine() || props["rules"] != c.RuleLine() || props["verdict"] != string(run.Verdict) {
		t.Errorf("JUnit properties %q", props)
	}

	// certify's manifest, when there is one
	if data, err := os.ReadFile(filepath.Join(dir, "manifest.json")); err == nil {
		var m struct {
			Counts *outcome.Counts `json:"counts"`
			Scope  string          `json:"scope"`
		}
		if err := json.Unmarshal(data, &m); err != nil || m.Counts == nil || *m.Counts != c || m.Scope != outcome.Scope(c.Rules) {
			t.Errorf("manifest.json counts %+v scope %q (%v); the JSON's %+v", m.Counts, m.Scope, err, c)
		}
		if !strings.Contains(stdout, "ndkconform certification: ") || !strings.Contains(stdout, " "+outcome.Scope(c.Rules)+"\n") {
			t.Errorf("certify's verdict line does not state the scope %q", outcome.Scope(c.Rules))
		}
	}
	return c
}

// Every output counts a run alike: a filtered run that passed, a failed
// one, one whose failures are waived (the interrupted run is checked in
// TestInterruptedRun, the certification in TestCertify).
func TestCountsAgree(t *testing.T) {
	waivers := writeFile(t, "waivers.txt", "LC-15 LC-11 vendor bug 1234: listener close is synchronous\n")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want func(outcome.Counts) bool
	}{
		{"filtered", []string{"--label-filter", "LC-14 && IPv4"}, 0,
			func(c outcome.Counts) bool {
				return c.Specs.Passed > 0 && c.Specs.NotSelected > 0 && c.Rules.NotSelected > 0
			}},
		{"failed", []string{"--driver-opt", "variant=listener-close-inline", "--label-filter", "LC-15 && !model"}, 1,
			func(c outcome.Counts) bool { return c.Specs.Failed > 0 && c.Rules.Failed > 0 }},
		{"waived", []string{"--driver-opt", "variant=listener-close-inline", "--label-filter", "LC-15 && !model", "--waivers", waivers}, 0,
			func(c outcome.Counts) bool { return c.Specs.Waived > 0 && c.Specs.Failed == 0 && c.Rules.Waived > 0 }},
		{"not applicable", []string{"--label-filter", "CQ-12"}, 0,
			func(c outcome.Counts) bool { return c.Specs.NotApplicable > 0 && c.Rules.NotApplicable > 0 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			r := runOrSkip(t, append([]string{"run", "--out", dir}, tc.args...)...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tc.code, r.stdout, r.stderr)
			}
			if c := checkCountsAgree(t, r.stdout, dir); !tc.want(c) {
				t.Errorf("the run is not what the case is about: %+v", c)
			}
		})
	}
}
