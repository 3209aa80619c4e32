package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
)

// sample is a run with a passed spec, a failure charged to LT-16, one to
// CN-3's timeout clause, and a spec not applicable.
func sample() outcome.Run {
	return outcome.Run{Specs: []outcome.Spec{
		{Name: "a", Rules: []string{"LC-2"}, State: outcome.Passed},
		{Name: "b", Rules: []string{"LT-15", "LT-16"}, State: outcome.Failed, Failure: &outcome.Failure{Kind: outcome.FailureFailed, Message: "LT-16: closing the PD"},
			Violations: []finding.Violation{{Rule: "LT-16", Call: "NdkCloseObject", Expected: "STATUS_PENDING", Observed: "STATUS_SUCCESS"}}},
		{Name: "c", Rules: []string{"CN-3"}, Clauses: []string{"CN-3.timeout"}, State: outcome.Failed, Failure: &outcome.Failure{Kind: outcome.FailureFailed, Message: "CN-3"},
			Violations: []finding.Violation{{Rule: "CN-3", Clause: "CN-3.timeout", Expected: "STATUS_IO_TIMEOUT", Observed: "STATUS_SUCCESS"}}},
		{Name: "d", Rules: []string{"SQ-1"}, State: outcome.Skipped, Skip: &finding.Skip{Kind: finding.NotApplicable, Declaration: "MaxSrqDepth 0", Reason: "no SRQ"}},
	}}
}

func judgeFile(t *testing.T, waivers string, more ...string) (int, string) {
	t.Helper()
	var b bytes.Buffer
	if err := reports.WriteJSON(&b, reports.New(reports.Meta{Tool: "ndkconform", Driver: "rxe"}, sample(), nil), nil); err != nil {
		t.Fatal(err)
	}
	return judgeDoc(t, "report.json", b.Bytes(), waivers, more...)
}

// judgeDoc writes doc as name and waivers (if any) into a temporary
// directory and runs the judge on them with the flags more.
func judgeDoc(t *testing.T, name string, doc []byte, waivers string, more ...string) (int, string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	args := append(more, path)
	if waivers != "" {
		w := filepath.Join(dir, "waivers.txt")
		if err := os.WriteFile(w, []byte(waivers), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append([]string{"-waivers", w}, args...)
	}
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String() + errb.String()
}

func TestJudgeIsNdkconformsVerdict(t *testing.T) {
	code, out := judgeFile(t, "")
	if code != 1 || !strings.Contains(out, "1 passed, 2 failed, 1 not applicable") {
		t.Fatalf("no waivers: code %d\n%s", code, out)
	}
	// LT-16 waived: CN-3's failure still fails the run.
	code, out = judgeFile(t, "LT-16 known\n")
	if code != 1 || !strings.Contains(out, "1 passed, 1 failed, 1 waived, 1 not applicable") {
		t.Fatalf("LT-16 waived: code %d\n%s", code, out)
	}
	// One line, a rule and a clause: both failures waived, the run passes.
	code, out = judgeFile(t, "LT-16 CN-3.timeout rxe bug 7\n")
	if code != 0 || !strings.Contains(out, "1 passed, 0 failed, 2 waived, 1 not applicable") {
		t.Fatalf("LT-16 and CN-3.timeout waived: code %d\n%s", code, out)
	}
	// Another clause of CN-3 waives nothing.
	code, out = judgeFile(t, "LT-16 CN-3.unreachable rxe bug 8\n")
	if code != 1 {
		t.Fatalf("CN-3.unreachable waived: code %d\n%s", code, out)
	}
	if code, out := judgeFile(t, "NOPE-1 x\n"); code != 2 || !strings.Contains(out, "line 1") {
		t.Fatalf("bad waivers: code %d\n%s", code, out)
	}
}

// -failures prints the failures that fail the run, each with its
// observation, and nothing of the waived ones: the last lines of CI's log.
func TestJudgeFailures(t *testing.T) {
	code, out := judgeFile(t, "LT-16 known\n", "-failures")
	want := "FAILED c\n  CN-3: expected STATUS_IO_TIMEOUT; observed STATUS_SUCCESS\n"
	if code != 1 || out != want {
		t.Fatalf("code %d, output\n%s\nwant\n%s", code, out, want)
	}
	if code, out := judgeFile(t, "LT-16 CN-3 known\n", "-failures"); code != 0 || out != "" {
		t.Fatalf("all waived: code %d, output %q", code, out)
	}
}

// TestRxeWaivers: make test-rxe's waivers file parses (ndkconform's
// format: known IDs, a reason, none twice), so a typo shows here and not
// after the half-hour run.
func TestRxeWaivers(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "waivers.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := outcome.ParseWaivers(f); err != nil {
		t.Fatalf("test/rxe/waivers.txt: %v", err)
	}
}

// judgeStressJSON judges a stress result with failures fs (the CLI's
// JSON: driver, passed, then stress.Result) and waivers.
func judgeStressJSON(t *testing.T, waivers string, fs ...string) (int, string) {
	t.Helper()
	doc := `{"tool":"ndkconform","driver":"rxe","passed":` + map[bool]string{true: "true", false: "false"}[len(fs) == 0] +
		`,"seed":1,"workers":2,"worker":-1,"elapsed_ns":20000000000,"connections":40,"operations":900,"bytes":1000000,` +
		`"connections_per_s":2,"operations_per_s":45,"bytes_per_s":50000,"failures":[` + strings.Join(fs, ",") + `]}`
	return judgeDoc(t, "stress.json", []byte(doc), waivers, "-stress")
}

const (
	lc12Failure  = `{"rule":"LC-12","call":"NdkListen","object":"listener","side":"B","expected":"STATUS_SUCCESS","observed":"STATUS_SHARING_VIOLATION","seed":1,"worker":-1}`
	setupFailure = `{"call":"NdkCreateQp","object":"pd","side":"A","expected":"STATUS_SUCCESS","observed":"STATUS_DEVICE_BUSY","setup":true,"seed":1,"worker":0,"step":3}`
)

// A stress result is judged by its failures' rules with the waivers: none
// passes, a failure of a rule no waiver names fails, a waived one passes,
// a run that could not go on is no verdict (3) unless a provider failure
// came too; the rates are printed; bad input is usage (2).
func TestStress(t *testing.T) {
	for _, tc := range []struct {
		name, waivers string
		failures      []string
		code          int
		want          string
	}{
		{"no failure", "", nil, 0, "stress: 2 workers, seed 1, 20s: 40 connections (2.0/s), 900 operations (45/s)"},
		{"unwaived", "LT-16 another divergence\n", []string{lc12Failure}, 1, "stress: FAILED: LC-12: NdkListen"},
		{"waived", "LC-12 rxe keeps the port a while\n", []string{lc12Failure}, 0, "stress: waived: LC-12: NdkListen"},
		{"could not go on", "", []string{setupFailure}, 3, "stress: the run could not go on (no verdict)"},
		{"both", "", []string{setupFailure, lc12Failure}, 1, "stress: FAILED: LC-12"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out := judgeStressJSON(t, tc.waivers, tc.failures...)
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d, want %d; output lacks %q:\n%s", code, tc.code, tc.want, out)
			}
		})
	}
	dir := t.TempDir()
	notStress := filepath.Join(dir, "x.json")
	if err := os.WriteFile(notStress, []byte(`{"tool":"ndkconform","specs":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-stress", notStress}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "not the JSON result of 'ndkconform stress'") {
		t.Errorf("a report that is no stress result: exit %d, stderr %q; want 2", code, errb.String())
	}
	if code := run([]string{"-stress", "-failures", notStress}, &out, &errb); code != 2 {
		t.Errorf("-stress with -failures: exit %d, want 2", code)
	}
}
