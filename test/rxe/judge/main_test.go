package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

const sample = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="ndkconform" tests="4" failures="2" errors="0" skipped="1" time="1.0">
  <testsuite name="ndkconform" tests="4" failures="2" errors="0" skipped="1" time="1.0">
    <testcase name="[LC-2] a" classname="ndkconform.endpoints" time="0.1" status="passed">
      <properties><property name="rule" value="LC-2"></property></properties>
    </testcase>
    <testcase name="[LT-15 LT-16] b" classname="ndkconform.lifetime" time="0.1" status="failed">
      <properties><property name="rule" value="LT-15"></property><property name="rule" value="LT-16"></property><property name="charged" value="LT-16"></property></properties>
      <failure message="LT-16: closing the PD" type="failed">LT-16: closing the PD</failure>
    </testcase>
    <testcase name="[DS-5] c" classname="ndkconform.disconnect" time="0.1" status="failed">
      <properties><property name="rule" value="DS-5"></property><property name="charged" value="DS-5"></property></properties>
      <failure message="DS-5: the data did not arrive" type="failed">DS-5: the data did not arrive</failure>
    </testcase>
    <testcase name="[DS-4] d" classname="ndkconform.disconnect" time="0.1" status="skipped">
      <properties><property name="rule" value="DS-4"></property></properties>
      <skipped message="not observable: no faults"></skipped>
    </testcase>
  </testsuite>
</testsuites>`

func runJudge(t *testing.T, waivers string) (int, string) {
	t.Helper()
	dir := t.TempDir()
	junit := dir + "/junit.xml"
	if err := writeFile(junit, sample); err != nil {
		t.Fatal(err)
	}
	args := []string{junit}
	if waivers != "" {
		w := dir + "/waivers.txt"
		if err := writeFile(w, waivers); err != nil {
			t.Fatal(err)
		}
		args = []string{"-waivers", w, junit}
	}
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String() + errb.String()
}

func TestJudge(t *testing.T) {
	code, out := runJudge(t, "")
	if code != 1 || !strings.Contains(out, "1 passed, 2 failed, 1 skipped") || !strings.Contains(out, "LT-16") {
		t.Fatalf("no waivers: code %d\n%s", code, out)
	}
	// LT-16 waived: the DS-5 failure (charged to DS-5) still fails the run.
	code, out = runJudge(t, "LT-16 known\n")
	if code != 1 || !strings.Contains(out, "1 passed, 1 failed, 1 skipped") {
		t.Fatalf("LT-16 waived: code %d\n%s", code, out)
	}
	// Both failures waived: the skip, which verifies nothing, still fails it.
	code, out = runJudge(t, "LT-16 known\nDS-5 no data path yet\n")
	if code != 1 || !strings.Contains(out, "1 skipped specs not waived") || !strings.Contains(out, "[DS-4] d: not observable: no faults") {
		t.Fatalf("failures waived, skip not: code %d\n%s", code, out)
	}
	code, out = runJudge(t, "LT-16 known\nDS-5 no data path yet\nDS-4 no faults here\n")
	if code != 0 || !strings.Contains(out, "verdict: PASS") || !strings.Contains(out, "1 skipped (1 waived)") {
		t.Fatalf("all waived: code %d\n%s", code, out)
	}
}

// A report in which no spec ran fails the run.
func TestJudgeEmptyReport(t *testing.T) {
	dir := t.TempDir()
	junit := dir + "/junit.xml"
	if err := writeFile(junit, `<testsuites name="ndkconform" tests="0"><testsuite name="ndkconform" tests="0"></testsuite></testsuites>`); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{junit}, &out, &errb); code != 1 || !strings.Contains(out.String(), "no spec ran") {
		t.Fatalf("empty report: code %d\n%s%s", code, out.String(), errb.String())
	}
}

func writeFile(path, s string) error { return os.WriteFile(path, []byte(s), 0o644) }

// A skipped spec that covers clauses is waived by waivers of its clauses,
// not of its rules (it verifies only those clauses).
func TestJudgeClauseWaivers(t *testing.T) {
	const report = `<testsuites name="ndkconform" tests="1" skipped="1"><testsuite name="ndkconform" tests="1" skipped="1">
    <testcase name="[OV-2 CN-3] t" classname="ndkconform.endpoints" status="skipped">
      <properties><property name="rule" value="OV-2"></property><property name="rule" value="CN-3"></property><property name="clause" value="CN-3.timeout"></property></properties>
      <skipped message="not observable: the provider's time-out is longer"></skipped>
    </testcase></testsuite></testsuites>`
	dir := t.TempDir()
	junit := dir + "/junit.xml"
	if err := writeFile(junit, report); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		waivers string
		code    int
	}{
		{"OV-2 x\nCN-3 y\n", 1},    // rule waivers do not waive a clause spec's skip
		{"CN-3.timeout slow\n", 0}, // its clause does
		{"CN-3.refused slow\n", 1}, // another clause does not
		{"CN-3.timeout\n", 2},      // no reason: bad usage
		{"CN-3.bogus slow\n", 2},   // not a clause of the catalog
	} {
		w := dir + "/waivers.txt"
		if err := writeFile(w, tc.waivers); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		if code := run([]string{"-waivers", w, junit}, &out, &errb); code != tc.code {
			t.Errorf("waivers %q: exit %d, want %d\n%s%s", tc.waivers, code, tc.code, out.String(), errb.String())
		}
	}
}

// A skipped spec run in both families carries OV-2 besides the rule it
// skips over: OV-2 verified by a spec that passed needs no waiver, the
// skipped rule does.
func TestJudgeSkipOverVerifiedRule(t *testing.T) {
	const report = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="ndkconform" tests="2" failures="0" errors="0" skipped="1" time="1.0">
  <testsuite name="ndkconform" tests="2" failures="0" errors="0" skipped="1" time="1.0">
    <testcase name="[OV-2 LC-2] a" classname="ndkconform.endpoints" time="0.1" status="passed">
      <properties><property name="rule" value="OV-2"></property><property name="rule" value="LC-2"></property></properties>
    </testcase>
    <testcase name="[OV-2 AI-4] b" classname="ndkconform.queues" time="0.1" status="skipped">
      <properties><property name="rule" value="OV-2"></property><property name="rule" value="AI-4"></property></properties>
      <skipped message="not observable: no flag"></skipped>
    </testcase>
  </testsuite>
</testsuites>`
	dir := t.TempDir()
	junit := dir + "/junit.xml"
	if err := writeFile(junit, report); err != nil {
		t.Fatal(err)
	}
	judgeWith := func(waivers string) (int, string) {
		w := dir + "/waivers.txt"
		if err := writeFile(w, waivers); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := run([]string{"-waivers", w, junit}, &out, &errb)
		return code, out.String() + errb.String()
	}
	if code, out := judgeWith("AI-4 the adapter does not claim it\n"); code != 0 || !strings.Contains(out, "1 skipped (1 waived)") {
		t.Errorf("AI-4 waived, OV-2 verified by a passed spec: code %d\n%s", code, out)
	}
	if code, out := judgeWith("LC-2 unrelated\n"); code != 1 || !strings.Contains(out, "1 skipped specs not waived") {
		t.Errorf("no waiver of the skipped rule: code %d\n%s", code, out)
	}
}
