package reports

import (
	"bytes"
	"encoding/xml"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/outcome"
)

// junitCounts parses a JUnit document token by token: the counts the
// <testsuites> and <testsuite> elements state, and the <failure>,
// <error> and <skipped> elements there are.
func junitCounts(t *testing.T, doc []byte) (stated map[string][2]int, elements map[string]int) {
	t.Helper()
	stated, elements = map[string][2]int{}, map[string]int{}
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return stated, elements
		}
		if err != nil {
			t.Fatal(err)
		}
		e, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch e.Name.Local {
		case "testsuites", "testsuite":
			k := 0
			if e.Name.Local == "testsuite" {
				k = 1
			}
			for _, a := range e.Attr {
				if n, err := strconv.Atoi(a.Value); err == nil {
					c := stated[a.Name.Local]
					c[k] = n
					stated[a.Name.Local] = c
				}
			}
		case "failure", "error", "skipped", "testcase":
			elements[e.Name.Local]++
		}
	}
}

// checkStated checks that the counts <testsuites> and <testsuite> state
// are the elements there are.
func checkStated(t *testing.T, name string, stated map[string][2]int, elements map[string]int) {
	t.Helper()
	for _, attr := range []string{"failures", "errors", "skipped", "tests"} {
		el := map[string]string{"failures": "failure", "errors": "error", "skipped": "skipped", "tests": "testcase"}[attr]
		if c := stated[attr]; c[0] != elements[el] || c[1] != elements[el] {
			t.Errorf("%s: %s: testsuites says %d, testsuite %d, and there are %d <%s>", name, attr, c[0], c[1], elements[el], el)
		}
	}
}

// TestJUnitAllWaived: a run whose every failure is waived passes (exit
// status 0), and its JUnit file says failures="0": each waived failure is
// a <skipped message="waived: ...">, and the counts agree with the
// elements.
func TestJUnitAllWaived(t *testing.T) {
	specs := slices.DeleteFunc(brokenSpecs(t, 2), func(s outcome.Spec) bool {
		return s.State == outcome.Failed && len(outcome.Charged(s)) == 0 || s.State == outcome.Interrupted || s.State == outcome.NotRun // no rule to waive; not finished
	})
	waivers := "LT-26 fixed in firmware 2.1\nLC-15 bug 7\nCR-1 bug 8\nLT-16 bug 9\n"
	r := judged(t, brokenMeta(), specs, waivers)
	if r.Verdict != outcome.VerdictPass || r.Counts().Specs.Waived != 5 {
		t.Fatalf("verdict %s, %d waived: the run should pass", r.Verdict, r.Counts().Specs.Waived)
	}
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, r); err != nil {
		t.Fatal(err)
	}
	stated, elements := junitCounts(t, buf.Bytes())
	if elements["failure"] != 0 || elements["error"] != 0 {
		t.Errorf("%d <failure> and %d <error> in a passing run:\n%s", elements["failure"], elements["error"], buf.String())
	}
	checkStated(t, "all waived", stated, elements)
	if elements["skipped"] != 5+6 {
		t.Errorf("%d <skipped>, want 5 waived and 6 skipped", elements["skipped"])
	}
	if !strings.Contains(buf.String(), `<skipped message="waived: LT-26: fixed in firmware 2.1">`) {
		t.Errorf("no waived skip for LT-26:\n%s", buf.String())
	}
	if !strings.Contains(buf.String(), `<skipped message="waived: LC-15: bug 7; CR-1: bug 8">`) {
		t.Errorf("no waived skip naming both waivers of a spec charged to two rules")
	}

	// Unwaive one rule: its specs are failures again, counted.
	r = judged(t, brokenMeta(), specs, "LC-15 bug 7\nCR-1 bug 8\nLT-16 bug 9\n")
	buf.Reset()
	if err := WriteJUnit(&buf, r); err != nil {
		t.Fatal(err)
	}
	stated, elements = junitCounts(t, buf.Bytes())
	if elements["failure"] != 2 || stated["failures"] != [2]int{2, 2} || stated["skipped"] != [2]int{9, 9} {
		t.Errorf("LT-26 not waived: %d <failure>, stated %v, skipped %v", elements["failure"], stated["failures"], stated["skipped"])
	}
}

// TestJUnitTotals: tests are the selected specs and one testcase each for
// the failures outside the specs and the faults; failures the unwaived
// failed specs that did not abort; errors those that aborted and the two
// extra testcases; skipped the waived, skipped, interrupted and not run
// specs.
func TestJUnitTotals(t *testing.T) {
	specs := everyStateSpecs(t)
	w, err := outcome.ParseWaivers(strings.NewReader("LT-16 bug 9\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, extra := range []struct {
		name                  string
		suiteFailures, faults []string
	}{{"specs only", nil, nil}, {"a suite failure and a fault", []string{"[BeforeSuite] boom"}, []string{"agent B lost", "agent A lost"}}} {
		r := New(brokenMeta(), outcome.Run{Specs: specs, SuiteFailures: extra.suiteFailures, Faults: extra.faults}, w)
		c := r.Counts().Specs
		var buf bytes.Buffer
		if err := WriteJUnit(&buf, r); err != nil {
			t.Fatal(err)
		}
		stated, elements := junitCounts(t, buf.Bytes())
		checkStated(t, extra.name, stated, elements)
		testcases := 0
		if extra.suiteFailures != nil {
			testcases++
		}
		if extra.faults != nil {
			testcases++
		}
		// failed: 4 LT-26, 2 LC-15, 1 panicked, 1 timed out; aborted: 1
		if c.Failed != 9 || c.Waived != 2 {
			t.Fatalf("%s: %d failed, %d waived; the test wants 9, 2", extra.name, c.Failed, c.Waived)
		}
		want := map[string]int{
			"tests":    c.Selected + testcases,
			"failures": c.Failed - 1,
			"errors":   1 + testcases,
			"skipped":  c.Waived + c.Skipped() + c.Interrupted + c.NotRun,
		}
		for attr, n := range want {
			if stated[attr][1] != n {
				t.Errorf("%s: %s = %d, want %d", extra.name, attr, stated[attr][1], n)
			}
		}
		if want["failures"] != 8 || want["skipped"] != 2+8+1+2 {
			t.Errorf("%s: the test's own counts are off: %v", extra.name, want)
		}
	}
}

// everyStateSpecs are brokenSpecs with a spec in each state and kind of
// failure or skip they lack: aborted, aborted and waived (LT-16), timed
// out, skipped unexplained, not configured, not selected.
func everyStateSpecs(t *testing.T) []outcome.Spec {
	t.Helper()
	specs := brokenSpecs(t, 4) // 4 LT-26, 2 LC-15 failed; 1 panicked; 1 waived
	aborted := outcome.Spec{Name: "Aborted spec", Rules: []string{"LC-14"}, State: outcome.Failed, Failure: &outcome.Failure{Kind: outcome.FailureAborted, Message: "the spec aborted the suite"}}
	abortedWaived := outcome.Spec{Name: "Aborted waived spec", Rules: []string{"LT-16"}, State: outcome.Failed, Failure: &outcome.Failure{Kind: outcome.FailureAborted, Message: "LT-16: x"},
		Violations: []finding.Violation{{Rule: "LT-16", Observed: "x"}}}
	timedOut := outcome.Spec{Name: "Timed out spec", Rules: []string{"LC-14"}, State: outcome.Failed, Failure: &outcome.Failure{Kind: outcome.FailureTimedOut, Message: "the node timed out"}}
	unexplained := outcome.Spec{Name: "Unexplained skip", Rules: []string{"LC-14"}, State: outcome.Skipped}
	configured := outcome.Spec{Name: "Not configured", Rules: []string{"LC-14"}, State: outcome.Skipped, Skip: &finding.Skip{Kind: finding.NotConfigured, Reason: "no IPv6 address"}}
	out := outcome.Spec{Name: "Not selected", Rules: []string{"LC-14"}, State: outcome.NotSelected}
	return append(specs, aborted, abortedWaived, timedOut, unexplained, configured, out)
}

// TestJUnitFailureBodyAndSystemOut: a failed spec's <failure> holds its
// failure with no absolute path of the machine that built the binary (a
// crash's goroutine trace names source files by their full paths), and its
// <system-out> what it wrote and the callback trace.
func TestJUnitFailureBodyAndSystemOut(t *testing.T) {
	crash := "the test process died (exit status 2) while this spec ran\npanic: boom\n\ngoroutine 7 [running]:\n" +
		"github.com/x/sim.(*cq).arm(...)\n\t/home/ci/build/ndkconform/drivers/sim/cq.go:12 +0x1f\n" +
		"created by github.com/onsi/ginkgo/v2/internal.(*Suite).runNode in goroutine 1\n\t/root/go/pkg/mod/github.com/onsi/ginkgo/v2@v2.23.4/internal/suite.go:893 +0x2e\n" +
		"\tC:/src/ndkconform/specs/queues/cq.go:40\nat specs/queues/cq.go:40"
	spec := outcome.Spec{Name: "CQ spec", Area: "queues", Rules: []string{"CQ-1"}, State: outcome.Failed,
		Failure: &outcome.Failure{Kind: outcome.FailurePanicked, Message: crash, Output: "CH-10: the provider satisfied the arm at once\n3 watch rounds", Trace: "cq#1 notify"}}
	var b bytes.Buffer
	if err := WriteJUnit(&b, New(brokenMeta(), outcome.Run{Specs: []outcome.Spec{spec}}, nil)); err != nil {
		t.Fatal(err)
	}
	var doc JUnitTestSuites
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	tc := doc.TestSuite[0].TestCases[0]
	if tc.Failure == nil {
		t.Fatalf("no <failure>:\n%s", b.String())
	}
	for _, abs := range []string{"/home/ci", "/root/go", "C:/src"} {
		if strings.Contains(b.String(), abs) {
			t.Errorf("the JUnit report holds the building machine's path %s:\n%s", abs, b.String())
		}
	}
	for _, want := range []string{"\tsim/cq.go:12 +0x1f", "\tinternal/suite.go:893 +0x2e", "\tqueues/cq.go:40", "at specs/queues/cq.go:40"} {
		if !strings.Contains(tc.Failure.Text, want) {
			t.Errorf("failure body lacks %q:\n%s", want, tc.Failure.Text)
		}
	}
	if want := "CH-10: the provider satisfied the arm at once\n3 watch rounds\n\nthe provider's callbacks, as the harness recorded them:\ncq#1 notify"; tc.SystemOut != want {
		t.Errorf("<system-out> = %q, want %q", tc.SystemOut, want)
	}
}

// TestJUnitSetupFailed: a spec that failed in a set-up step charging no
// rule is an <error> of type "setup failed", not a <failure>, and the
// run's fault names it in the [harness] testcase.
func TestJUnitSetupFailed(t *testing.T) {
	s := outcome.Spec{Name: "connects", Area: "endpoints", Rules: []string{"CN-3"}, State: outcome.Failed,
		Failure:    &outcome.Failure{Kind: outcome.FailureSetup, Message: "connect: STATUS_IO_TIMEOUT"},
		Violations: []finding.Violation{{Call: "NdkConnect", Expected: "STATUS_SUCCESS", Observed: "STATUS_IO_TIMEOUT"}}}
	r := judged(t, brokenMeta(), []outcome.Spec{s}, "")
	if r.Verdict != outcome.VerdictError {
		t.Fatalf("verdict %s, want error", r.Verdict)
	}
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, r); err != nil {
		t.Fatal(err)
	}
	stated, elements := junitCounts(t, buf.Bytes())
	checkStated(t, "setup failed", stated, elements)
	if elements["failure"] != 0 || elements["error"] != 2 {
		t.Errorf("%d <failure>, %d <error>; want 0 and 2 (the spec, the harness fault):\n%s", elements["failure"], elements["error"], buf.String())
	}
	if !strings.Contains(buf.String(), `type="setup failed"`) || !strings.Contains(buf.String(), "failed in a set-up step that checks no rule") {
		t.Errorf("no setup failed error or fault:\n%s", buf.String())
	}
}
