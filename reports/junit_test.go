package reports

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"
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

// TestJUnitAllWaived: a run whose every failure is waived passes (exit
// status 0), and its JUnit file says failures="0": each waived failure is
// a <skipped message="waived: ...">, and the counts agree with the
// elements.
func TestJUnitAllWaived(t *testing.T) {
	r := brokenRun(t, 2)
	r.ApplyWaivers(Waivers{"LT-26": "fixed in firmware 2.1", "LC-15": "bug 7", "CR-1": "bug 8", "LT-16": "bug 9"})
	var keep []Spec
	for _, s := range r.Specs {
		if s.State != "panicked" && s.State != StateInterrupted && s.State != StateNotRun { // no rule to waive; not finished
			keep = append(keep, s)
		}
	}
	r.Specs, r.Failed, r.InterruptedSpecs, r.NotRun = keep, 5, 0, 0
	r.ApplyWaivers(r.Waivers)
	if r.Verdict != VerdictPassed || r.Waived != 5 {
		t.Fatalf("verdict %s, %d waived: the run should pass", r.Verdict, r.Waived)
	}
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, r); err != nil {
		t.Fatal(err)
	}
	stated, elements := junitCounts(t, buf.Bytes())
	if elements["failure"] != 0 || elements["error"] != 0 {
		t.Errorf("%d <failure> and %d <error> in a passing run:\n%s", elements["failure"], elements["error"], buf.String())
	}
	for _, attr := range []string{"failures", "errors", "skipped", "tests"} {
		el := map[string]string{"failures": "failure", "errors": "error", "skipped": "skipped", "tests": "testcase"}[attr]
		if c := stated[attr]; c[0] != elements[el] || c[1] != elements[el] {
			t.Errorf("%s: testsuites says %d, testsuite %d, and there are %d <%s>", attr, c[0], c[1], elements[el], el)
		}
	}
	if elements["skipped"] != 5+5 {
		t.Errorf("%d <skipped>, want 5 waived and 5 skipped", elements["skipped"])
	}
	if !strings.Contains(buf.String(), `<skipped message="waived: LT-26: fixed in firmware 2.1">`) {
		t.Errorf("no waived skip for LT-26:\n%s", buf.String())
	}
	if !strings.Contains(buf.String(), `<skipped message="waived: LC-15: bug 7; CR-1: bug 8">`) {
		t.Errorf("no waived skip naming both waivers of a spec charged to two rules")
	}

	// Unwaive one rule: its specs are failures again, counted.
	r.ApplyWaivers(Waivers{"LC-15": "bug 7", "CR-1": "bug 8", "LT-16": "bug 9"})
	buf.Reset()
	if err := WriteJUnit(&buf, r); err != nil {
		t.Fatal(err)
	}
	stated, elements = junitCounts(t, buf.Bytes())
	if elements["failure"] != 2 || stated["failures"] != [2]int{2, 2} || stated["skipped"] != [2]int{8, 8} {
		t.Errorf("LT-26 not waived: %d <failure>, stated %v, skipped %v", elements["failure"], stated["failures"], stated["skipped"])
	}
}
