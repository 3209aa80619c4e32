package outcome

import (
	"reflect"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
)

// The rules the tests build runs with: real catalog IDs, checked by
// needRules.
const (
	lc14 = "LC-14" // must
	lc15 = "LC-15"
	lc16 = "LC-16"
	lc11 = "LC-11"
	lc2  = "LC-2"  // observable; no spec of the tests' runs is labelled with it
	lt16 = "LT-16" // must
	lt22 = "LT-22"
	cr1  = "CR-1"
	cr2  = "CR-2"
	ds2  = "DS-2"
	ds4  = "DS-4"
	ds5  = "DS-5"
	ds10 = "DS-10"
	cn1  = "CN-1"
	cn3  = "CN-3"  // clauses tuple, unreachable, refused, timeout
	cn8  = "CN-8"  // clauses aborted, timeout, ex (untestable)
	cn9  = "CN-9"  // clauses aborted, after-connect
	cn17 = "CN-17" // clauses timeout, reason (untestable)
	cn16 = "CN-16" // should
	mr23 = "MR-23" // may
	im1  = "IM-1"  // not testable (a Reason)
)

// needRules fails the test if the catalog lacks a rule the tests use, or
// a rule is no longer what they take it for.
func needRules(t *testing.T) {
	t.Helper()
	for _, id := range []string{lc14, lc15, lc16, lc11, lc2, lt16, lt22, cr1, cr2, ds2, ds4, ds5, ds10, cn1, cn3, cn8, cn9, cn17, cn16, mr23, im1} {
		r, ok := catalog.Lookup(id)
		if !ok {
			t.Fatalf("the catalog has no %s: the test needs updating", id)
		}
		wantReason := id == im1
		if r.Observable() == wantReason {
			t.Fatalf("%s: observable %v: the test needs updating", id, r.Observable())
		}
	}
	for id, want := range map[string]catalog.Strength{lc15: catalog.Must, lt16: catalog.Must, cn16: catalog.Should, mr23: catalog.May} {
		if r, _ := catalog.Lookup(id); r.Strength != want {
			t.Fatalf("%s is a %s-rule, the test wants a %s-rule", id, r.Strength, want)
		}
	}
	for _, id := range []string{"CN-3.timeout", "CN-3.refused", "CN-3.tuple", "CN-3.unreachable", "CN-8.timeout", "CN-9.aborted", "CN-9.after-connect", "CN-17.timeout"} {
		if c, _, ok := catalog.LookupClause(id); !ok || !c.Observable() {
			t.Fatalf("the catalog has no observable clause %s: the test needs updating", id)
		}
	}
	if c, _, ok := catalog.LookupClause("CN-17.reason"); !ok || c.Observable() {
		t.Fatalf("CN-17.reason is not an untestable clause: the test needs updating")
	}
}

// passed, interrupted, notRun and notSelected are specs in those states
// labelled with rules.
func passed(name string, rules ...string) Spec {
	return Spec{Name: name, Rules: rules, Labels: rules, State: Passed}
}

func interrupted(name string, rules ...string) Spec {
	return Spec{Name: name, Rules: rules, State: Interrupted, Note: "the provider was lost"}
}

func notRun(name string, rules ...string) Spec {
	return Spec{Name: name, Rules: rules, State: NotRun, Note: NotRunNote}
}

func notSelected(name string, rules ...string) Spec {
	return Spec{Name: name, Rules: rules, State: NotSelected}
}

// failed is a failed spec labelled with rules, with one violation per ID
// of violated ("" for a violation of no rule).
func failed(name string, violated []string, rules ...string) Spec {
	s := Spec{Name: name, Rules: rules, State: Failed, Failure: &Failure{Kind: FailureFailed, Message: "it failed\nat x.go:1"}}
	for _, id := range violated {
		s.Violations = append(s.Violations, finding.Violation{Rule: id, Call: "NdkCloseObject", Object: "listener#1", Side: "B", Expected: "STATUS_PENDING", Observed: "STATUS_SUCCESS"})
	}
	return s
}

// setupFailed is a spec that failed in a set-up step charging no rule.
func setupFailed(name string, rules ...string) Spec {
	s := failed(name, []string{""}, rules...)
	s.Failure.Kind = FailureSetup
	return s
}

// skipped is a spec skipped with kind ("" for a skip without one).
func skipped(name string, kind finding.SkipKind, reason string, rules ...string) Spec {
	s := Spec{Name: name, Rules: rules, State: Skipped}
	if kind != "" {
		s.Skip = &finding.Skip{Kind: kind, Reason: reason}
	}
	return s
}

// notApplicable is a spec skipped as not applicable by declaration.
func notApplicable(name, declaration string, rules ...string) Spec {
	return Spec{Name: name, Rules: rules, State: Skipped,
		Skip: &finding.Skip{Kind: finding.NotApplicable, Declaration: declaration, Reason: "the adapter has no SRQ"}}
}

// withClauses is s with clause labels.
func withClauses(s Spec, clauses ...string) Spec {
	s.Clauses = append(s.Clauses, clauses...)
	for _, c := range clauses {
		s.Labels = append(s.Labels, finding.ClauseLabel(c))
	}
	return s
}

func TestSpecStates(t *testing.T) {
	for _, c := range []struct {
		s                   Spec
		selected, concluded bool
		kind                finding.SkipKind
	}{
		{passed("p"), true, true, ""},
		{failed("f", nil), true, true, ""},
		{skipped("s", finding.NotObservable, "x"), true, true, finding.NotObservable},
		{skipped("u", "", ""), true, true, finding.Unexplained},
		{Spec{State: Skipped, Skip: &finding.Skip{Reason: "no kind"}}, true, true, finding.Unexplained},
		{interrupted("i"), true, false, ""},
		{notRun("n"), true, false, ""},
		{notSelected("x"), false, false, ""},
		// a skip left on a spec that did not skip is no skip
		{Spec{State: Passed, Skip: &finding.Skip{Kind: finding.NotVerified}}, true, true, ""},
	} {
		if c.s.Selected() != c.selected || c.s.Concluded() != c.concluded || c.s.SkipKind() != c.kind {
			t.Errorf("%s %q: selected %v concluded %v kind %q, want %v %v %q", c.s.State, c.s.Name, c.s.Selected(), c.s.Concluded(), c.s.SkipKind(), c.selected, c.concluded, c.kind)
		}
	}
	a, b := Spec{Name: "a b", Location: "c"}, Spec{Name: "a", Location: "b c"}
	if a.Key() == b.Key() {
		t.Errorf("two specs share the key %q", a.Key())
	}
}

func TestSpecLine(t *testing.T) {
	viol := failed("v", []string{lc15}, lc15)
	viol.Violations[0].Observed = "STATUS_SUCCESS\nand a second line"
	panicked := Spec{State: Failed, Failure: &Failure{Kind: FailurePanicked, Message: "\nruntime error: nil map\ngoroutine 7"}}
	timedOut := Spec{State: Failed, Failure: &Failure{Kind: FailureTimedOut, Message: "timed out: the node took 10s"}}
	async := Spec{State: Failed, Failure: &Failure{Kind: FailureFailed, Message: "Timed out after 1.001s.\nthe completion never came"}}
	noRule := failed("n", []string{""})
	noRule.Violations[0] = finding.Violation{Observed: "NdkCreateCq failed: STATUS_NO_MEMORY"}
	for _, c := range []struct {
		s    Spec
		want string
	}{
		{viol, "LC-15: NdkCloseObject on listener#1 (side B): expected STATUS_PENDING; observed STATUS_SUCCESS; and a second line"},
		{panicked, "panicked: runtime error: nil map"},
		{timedOut, "timed out: the node took 10s"},
		{async, "the completion never came"},
		{noRule, "NdkCreateCq failed: STATUS_NO_MEMORY"},
		{Spec{State: Failed}, "failed"},
		{skipped("s", finding.NotVerified, "needs ndk.FaultInjector"), "not verified: needs ndk.FaultInjector"},
		{skipped("s", "", ""), "unexplained"},
		{interrupted("i"), "the provider was lost"},
		{Spec{State: NotRun}, "not run"},
		{passed("p"), "passed"},
	} {
		if got := c.s.Line(); got != c.want {
			t.Errorf("%s spec: Line() = %q, want %q", c.s.State, got, c.want)
		}
	}
	f := failed("f", []string{lc15}, lc15)
	f.Failure.Trace = "t+0ms NdkCloseCompletion listener#1"
	if got := f.Text(); got != "it failed\nat x.go:1\n\ncallback trace:\nt+0ms NdkCloseCompletion listener#1" {
		t.Errorf("Text() = %q", got)
	}
	if got := notApplicable("s", "MaxSrqDepth 0").Text(); got != "not applicable: the adapter has no SRQ" {
		t.Errorf("Text() of a skip = %q", got)
	}
}

func TestFirstLine(t *testing.T) {
	for in, want := range map[string]string{
		"":                                    "",
		"\n  one\ntwo":                        "one",
		"Failed after 0.010s.\nLT-25: late\n": "LT-25: late",
		"Timed out after 10.000s.\n":          "Timed out after 10.000s.",
		"Timed out after ten seconds.\nx":     "Timed out after ten seconds.",
	} {
		if got := FirstLine(in); got != want {
			t.Errorf("FirstLine(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCutShort(t *testing.T) {
	const how = "the run was interrupted by SIGINT"
	r := Run{Specs: []Spec{passed("p", lc14), notRun("n", lc15), interrupted("i", lc16), {Name: "m", State: NotRun, Note: "process 2 died"}, notSelected("x", lc11)}}
	r.Specs[2].Note = "Interrupted by User\nat close.go:30"
	r.CutShort(how)
	if r.Interrupted != how {
		t.Errorf("Interrupted %q", r.Interrupted)
	}
	want := []string{"", how + " before this spec started", how + " while this spec ran\nInterrupted by User\nat close.go:30", "process 2 died", ""}
	for i := range want {
		if got := r.Specs[i].Note; got != want[i] {
			t.Errorf("%s: note %q, want %q", r.Specs[i].Name, got, want[i])
		}
	}
	// Cut short again by the same (the parent of test processes cuts
	// short the run its children cut short): nothing changes.
	r.CutShort(how)
	for i := range want {
		if got := r.Specs[i].Note; got != want[i] {
			t.Errorf("cut short twice: %s: note %q, want %q", r.Specs[i].Name, got, want[i])
		}
	}
	r = Run{Specs: []Spec{interrupted("i", lc16)}}
	r.CutShort("the provider was lost")
	if got := r.Specs[0].Note; got != "the provider was lost while this spec ran" {
		t.Errorf("note %q", got)
	}
	r = Run{Specs: []Spec{{Name: "i", State: Interrupted}}}
	r.CutShort(how)
	if got := r.Specs[0].Note; got != how+" while this spec ran" {
		t.Errorf("note %q", got)
	}
}

func TestAssignClauses(t *testing.T) {
	needRules(t)
	v := func(rule, clause string) finding.Violation {
		return finding.Violation{Rule: rule, Clause: clause, Observed: "x"}
	}
	for _, c := range []struct {
		name    string
		clauses []string
		in      []finding.Violation
		want    []string
	}{
		{"one clause of the rule", []string{"CN-3.timeout"}, []finding.Violation{v(cn3, "")}, []string{"CN-3.timeout"}},
		{"two clauses of the rule", []string{"CN-3.timeout", "CN-3.refused"}, []finding.Violation{v(cn3, "")}, []string{""}},
		{"one clause of each of two rules", []string{"CN-3.timeout", "CN-8.timeout"}, []finding.Violation{v(cn3, ""), v(cn8, ""), v(cn3, "")}, []string{"CN-3.timeout", "CN-8.timeout", "CN-3.timeout"}},
		{"a clause already named", []string{"CN-3.timeout"}, []finding.Violation{v(cn3, "CN-3.refused")}, []string{"CN-3.refused"}},
		{"a violation of no rule", []string{"CN-3.timeout"}, []finding.Violation{v("", "")}, []string{""}},
		{"a rule the spec covers no clause of", []string{"CN-3.timeout"}, []finding.Violation{v(lc15, ""), v(cn8, "")}, []string{"", ""}},
		{"no clause label", nil, []finding.Violation{v(cn3, "")}, []string{""}},
		// Judge counts a label once however often the spec has it
		{"the same clause label twice", []string{"CN-3.timeout", "CN-3.timeout"}, []finding.Violation{v(cn3, "")}, []string{"CN-3.timeout"}},
	} {
		s := Spec{Name: c.name, Rules: []string{cn3}, Clauses: c.clauses, State: Failed, Violations: append([]finding.Violation(nil), c.in...)}
		AssignClauses(&s)
		var got []string
		for _, v := range s.Violations {
			got = append(got, v.Clause)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: clauses %q, want %q", c.name, got, c.want)
		}
		for i := range s.Violations {
			if s.Violations[i].Rule != c.in[i].Rule || s.Violations[i].Observed != c.in[i].Observed {
				t.Errorf("%s: violation %d changed beyond its clause: %+v", c.name, i, s.Violations[i])
			}
		}
	}
}

func TestPlural(t *testing.T) {
	if got := strings.Join([]string{Plural(0, "spec", "specs"), Plural(1, "spec", "specs"), Plural(2, "spec", "specs")}, " "); got != "specs spec specs" {
		t.Errorf("Plural: %s", got)
	}
}

// TestViolationLine: a violation in one line, its observed value last.
func TestViolationLine(t *testing.T) {
	v := finding.Violation{Rule: "LT-16", Call: "NdkCloseObject", Object: "pd#2", Side: "A", Expected: "STATUS_PENDING", Observed: "STATUS_SUCCESS\nthen a completion"}
	if got, want := ViolationLine(v), "LT-16: NdkCloseObject on pd#2 (side A): expected STATUS_PENDING; observed STATUS_SUCCESS; then a completion"; got != want {
		t.Errorf("ViolationLine = %q, want %q", got, want)
	}
	s := failed("f", []string{lt16}, lt16)
	s.Violations[0].Expected, s.Violations[0].Observed = "the close completes", "false after 1s"
	if got := s.Line(); got != "LT-16: NdkCloseObject on listener#1 (side B): expected the close completes; observed false after 1s" {
		t.Errorf("Line() = %q", got)
	}
}
