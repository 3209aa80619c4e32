package main

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
)

// ginkgoVoice is what Ginkgo's own reporter prints: the console has one
// voice, ndkconform's.
var ginkgoVoice = []string{"Ran ", "Summarizing", "FAIL!", "SUCCESS!", "[1] ", "Passed |", "Pending |", "------------------------------"}

// progressMarks are the progress lines of a run: its marks, one per spec
// that ended.
var progressMarks = regexp.MustCompile(`(?m)^([.FWSInN-]+)(?: +\d+/\d+)?$`)

func marksOf(stdout string) string {
	var b strings.Builder
	for _, m := range progressMarks.FindAllStringSubmatch(stdout, -1) {
		b.WriteString(m[1])
	}
	return b.String()
}

// A run whose only failures are waived says PASS in every line it prints:
// no Ginkgo banner that says FAIL, one mark per selected spec (none for
// the specs the filters left out), the waived failure marked W.
func TestConsoleOneVoice(t *testing.T) {
	dir := t.TempDir()
	waivers := filepath.Join(dir, "waivers.txt")
	if err := os.WriteFile(waivers, []byte("LT-26 the test waives it\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	js, junit := filepath.Join(dir, "run.json"), filepath.Join(dir, "junit.xml")
	r := runOrSkip(t, "run", "--driver-opt", "variant=close-no-cancel", "--driver-opt", "connect-timeout=1s", "--timeout", "2s", "--label-filter", "lifetime && LT-26 && !model",
		"--waivers", waivers, "--json-report", js, "--junit-report", junit)
	if r.code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, g := range ginkgoVoice {
		if strings.Contains(r.stdout, g) {
			t.Errorf("stdout has Ginkgo's %q:\n%s", g, r.stdout)
		}
	}
	run := readJSONReport(t, js)
	c := run.Counts()
	marks := marksOf(r.stdout)
	if len(marks) != c.Specs.Selected || c.Specs.NotSelected == 0 {
		t.Errorf("%d marks %q for %d selected specs (%d not selected):\n%s", len(marks), marks, c.Specs.Selected, c.Specs.NotSelected, r.stdout)
	}
	if !strings.Contains(marks, "W") || strings.Contains(marks, "F") || strings.Contains(marks, "S") {
		t.Errorf("marks %q: want W for the waived failures, no F, no S", marks)
	}
	if !strings.Contains(r.stdout, "verdict:  PASS") {
		t.Errorf("no PASS verdict:\n%s", r.stdout)
	}
	// the JUnit file agrees with the exit status: the waived failure is a
	// skip there (CI's JUnit readers ignore properties)
	data, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var doc reports.JUnitTestSuites
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	waived := 0
	for _, ts := range doc.TestSuite {
		if ts.Failures != 0 || ts.Errors != 0 {
			t.Errorf("testsuite %s: %d failures, %d errors in a run that passed", ts.Name, ts.Failures, ts.Errors)
		}
		for _, tc := range ts.TestCases {
			if tc.Skipped != nil && strings.HasPrefix(tc.Skipped.Message, "waived: ") {
				waived++
			}
		}
	}
	if waived == 0 || waived != c.Specs.Waived {
		t.Errorf("%d testcases skipped as waived, the run waived %d", waived, c.Specs.Waived)
	}
}

// --fail-fast stops at the first failure: one failed spec, the rest not
// run and saying why, exit status 1 (a failed run, not an interrupted one).
func TestFailFast(t *testing.T) {
	js := filepath.Join(t.TempDir(), "run.json")
	r := runOrSkip(t, "run", "--driver-opt", "variant=close-no-cancel", "--driver-opt", "connect-timeout=1s", "--timeout", "2s", "--label-filter", "lifetime && !model",
		"--parallel", "1", "--fail-fast", "--json-report", js)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	run := readJSONReport(t, js)
	c := run.Counts()
	if run.Verdict != outcome.VerdictFail || c.Specs.Failed != 1 || c.Specs.NotRun == 0 {
		t.Errorf("verdict %s, %d failed, %d not run: want fail, 1, some", run.Verdict, c.Specs.Failed, c.Specs.NotRun)
	}
	for _, s := range run.Specs {
		if s.State == outcome.NotRun && !strings.Contains(s.Note, "--fail-fast") {
			t.Errorf("not run %q: %q does not say --fail-fast", s.Name, s.Note)
		}
	}
	if !strings.Contains(r.stdout, "--fail-fast") {
		t.Errorf("stdout does not tell --fail-fast stopped the run:\n%s", r.stdout)
	}
}

// --repeat N runs N times and says how each went; --until-it-fails stops
// at the first failure and reports it.
func TestRepeatAndUntilItFails(t *testing.T) {
	r := runOrSkip(t, "run", "--repeat", "3", "--label-filter", "LC-14 && IPv4")
	if r.code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"run 1: PASS, ", "run 2: PASS, ", "run 3: PASS, ", "3 runs, 0 failed"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
	if !countsLine.MatchString(lastLine(r.stdout)) {
		t.Errorf("last line %q", lastLine(r.stdout))
	}

	js := filepath.Join(t.TempDir(), "run.json")
	r = runOrSkip(t, "run", "--until-it-fails", "--repeat", "4", "--driver-opt", "variant=close-no-cancel", "--driver-opt", "connect-timeout=1s", "--timeout", "2s",
		"--label-filter", "LT-26 && !model", "--json-report", js)
	if r.code != 1 || !strings.Contains(r.stdout, "run 1: FAIL, ") || strings.Contains(r.stdout, "run 2:") || !strings.Contains(r.stdout, "1 run, 1 failed (run 1)") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if run := readJSONReport(t, js); run.Verdict != outcome.VerdictFail {
		t.Errorf("the report is not the failed run's: %s", run.Verdict)
	}
}

// --out DIR writes every report format into DIR.
func TestOutDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "reports")
	r := runOrSkip(t, "run", "--label-filter", "LC-14 && IPv4", "--out", dir)
	if r.code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, f := range reports.Formats {
		fi, err := os.Stat(filepath.Join(dir, f.File))
		if err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", f.File, err)
		}
	}
}

// A report that cannot be written is bad usage, found before the run;
// certify's --out naming a file is too.
func TestOutputsCheckedFirst(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", "--label-filter", "LC-14", "--json-report", filepath.Join(file, "run.json")},
		{"run", "--label-filter", "LC-14", "--html-report", filepath.Dir(file)},
		{"run", "--label-filter", "LC-14", "--out", file},
		{"certify", "--out", file},
	} {
		r := ndkconform(t, args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "for usage") {
			t.Errorf("%q: exit %d, want 2 before anything ran\nstdout:\n%s\nstderr:\n%s", args, r.code, r.stdout, r.stderr)
		}
	}
}

// The console breaks its line of marks to name a spec that waits long,
// with what it waits for, and counts the marks per line.
func TestConsoleWaitNote(t *testing.T) {
	var b strings.Builder
	c := &console{w: &b}
	c.begin(reports.Meta{Driver: "sim"}, 2, 5, 1, 1)
	passed := outcome.Spec{Name: "a", State: outcome.Passed}
	c.ended(passed)
	c.waiting(suite.ProgressRecord{Event: suite.ProgressWait, Wait: &suite.WaitProgress{Spec: "b spec", What: "the completion of NdkConnect on connector#3 (side A)",
		Waited: 5 * time.Second, Limit: 10 * time.Second}})
	failed := outcome.Spec{Name: "b spec", State: outcome.Failed, Failure: &outcome.Failure{Kind: outcome.FailureFailed, Message: "LC-14: boom"},
		Violations: []finding.Violation{{Rule: "LC-14", Expected: "STATUS_SUCCESS", Observed: "STATUS_ADDRESS_ALREADY_ASSOCIATED"}}}
	if !c.ended(failed) {
		t.Error("a failure not waived is not reported failed")
	}
	c.end()
	want := "ndkconform " + toolVersion() + ": 2 of 5 specs against sim, in 1 process, seed 1\n" +
		".\n" +
		"  waiting 5s (limit 10s) in \"b spec\": for the completion of NdkConnect on connector#3 (side A)\n" +
		"F\n"
	if b.String() != want {
		t.Errorf("console:\n%s\nwant:\n%s", b.String(), want)
	}
}

// The summary's counts of what it leaves out name the report the run
// wrote: the JSON report, else the HTML one, else the JUnit one; one that
// could not be written where asked is named where it was written instead
// (in the temporary directory), and without a report none is.
func TestSummaryNamesTheReport(t *testing.T) {
	var details strings.Builder
	details.WriteString("Shortest failing sequence (60 steps; run seed 1, sequence seed 1, failed at sequence 1 of 40):\n")
	for i := range 60 {
		fmt.Fprintf(&details, "  %2d. A: create pd#%d\n", i+1, i+1)
	}
	details.WriteString("Replay: ndkconform run --driver sim --seed 1 --spec 12345678 --model-sequences 1 --model-steps 30")
	v := finding.Violation{Rule: "LC-14", Call: "NdkListen", Observed: "STATUS_SUCCESS"}
	spec := outcome.Spec{Name: "Model spec", ID: outcome.SpecID("Model spec"), Rules: []string{"LC-14"}, State: outcome.Failed, Violations: []finding.Violation{v},
		Failure: &outcome.Failure{Kind: outcome.FailureFailed, Message: v.String() + "\n" + details.String(), Details: details.String()}}
	r := reports.New(reports.Meta{Tool: tool, Driver: "sim"}, outcome.Run{Specs: []outcome.Spec{spec}}, nil)
	dir, tmp := t.TempDir(), t.TempDir()
	t.Setenv("TMPDIR", tmp) // where a report that cannot be written where asked goes
	junit, js, unwritable := dirOutputs("--out", dir)[0], dirOutputs("--out", dir)[1], dirOutputs("--out", filepath.Join(dir, "x"))[1]
	if err := os.MkdirAll(unwritable.path, 0o755); err != nil { // a directory where the report goes
		t.Fatal(err)
	}
	for _, c := range []struct {
		outs []output
		want string
	}{
		{[]output{junit, js}, " (see " + js.path + ")"},
		{[]output{junit}, " (see " + junit.path + ")"},
		{[]output{junit, unwritable}, " (see " + filepath.Join(tmp, "*", "report.json") + ")"},
		{nil, " (the JSON report has them all)"},
	} {
		var stdout, stderr strings.Builder
		finishRun(r, 0, suite.Config{}, &runOptions{}, c.outs, &stdout, &stderr)
		want := "\n      ... and 21 more lines" + c.want + "\n"
		if m, _ := filepath.Glob(filepath.Join(tmp, "ndkconform-reports-*", "report.json")); len(m) == 1 {
			want = strings.Replace(want, filepath.Join(tmp, "*", "report.json"), m[0], 1)
		}
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("reports %v: the summary lacks %q:\n%s\nstderr:\n%s", c.outs, want, stdout.String(), stderr.String())
		}
	}
}
