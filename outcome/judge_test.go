package outcome

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
)

// verdicts are the rule verdicts of res by rule ID.
func verdicts(res Result) map[string]RuleVerdict {
	m := map[string]RuleVerdict{}
	for _, rr := range res.Rules {
		m[rr.Rule.ID] = rr.Verdict
	}
	return m
}

// ruleOf is the result of rule id in res.
func ruleOf(t *testing.T, res Result, id string) RuleResult {
	t.Helper()
	for _, rr := range res.Rules {
		if rr.Rule.ID == id {
			return rr
		}
	}
	t.Fatalf("no result for %s", id)
	return RuleResult{}
}

func TestJudgeRuleVerdicts(t *testing.T) {
	needRules(t)
	for _, c := range []struct {
		name  string
		specs []Spec
		want  map[string]RuleVerdict
	}{
		{"a spec passed", []Spec{passed("a", lc14)}, map[string]RuleVerdict{lc14: RulePassed}},
		{"a violation charged", []Spec{failed("a", []string{lc15}, lc15)}, map[string]RuleVerdict{lc15: RuleFailed}},
		{
			"a spec of [A B] fails against A; another spec of B passed",
			[]Spec{failed("a", []string{lc15}, lc15, lc16), passed("b", lc16)},
			map[string]RuleVerdict{lc15: RuleFailed, lc16: RulePassed},
		},
		{
			"a spec of [A B] fails against A; it is B's only spec",
			[]Spec{failed("a", []string{lc15}, lc15, lc16)},
			map[string]RuleVerdict{lc15: RuleFailed, lc16: RuleNotConcluded},
		},
		{
			"a failure charged to a rule the spec is not labelled with changes that rule only",
			[]Spec{failed("a", []string{lc15}, lc14), passed("b", lc14)},
			map[string]RuleVerdict{lc15: RuleFailed, lc14: RulePassed},
		},
		{
			"a failure charged to no rule concludes nothing on the spec's rules",
			[]Spec{failed("a", []string{""}, lt22), failed("b", nil, lc11)},
			map[string]RuleVerdict{lt22: RuleNotConcluded, lc11: RuleNotConcluded},
		},
		{
			"a spec passed and one not applicable",
			[]Spec{passed("a", lc14), notApplicable("b", "MaxSrqDepth 0", lc14)},
			map[string]RuleVerdict{lc14: RulePassed},
		},
		{
			"a spec passed and one not concluded",
			[]Spec{passed("a", lc14), skipped("b", finding.NotConfigured, "no IPv6 address", lc14), skipped("c", "", "", lc14)},
			map[string]RuleVerdict{lc14: RulePassed},
		},
		{
			"every spec not applicable",
			[]Spec{notApplicable("a", "MaxSrqDepth 0", lc14), notApplicable("b", "no NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED", lc14)},
			map[string]RuleVerdict{lc14: RuleNotApplicable},
		},
		{
			"not observable over not applicable",
			[]Spec{notApplicable("a", "MaxSrqDepth 0", lc14), skipped("b", finding.NotObservable, "the call completed inline", lc14)},
			map[string]RuleVerdict{lc14: RuleNotObservable},
		},
		{
			"not verified over not observable and not applicable",
			[]Spec{notApplicable("a", "MaxSrqDepth 0", lc14), skipped("b", finding.NotObservable, "inline", lc14), skipped("c", finding.NotVerified, "needs ndk.FaultInjector", lc14)},
			map[string]RuleVerdict{lc14: RuleNotVerified},
		},
		{
			"not verified over not observable",
			[]Spec{skipped("b", finding.NotVerified, "needs ndk.FaultInjector", lc14), skipped("c", finding.NotObservable, "inline", lc14)},
			map[string]RuleVerdict{lc14: RuleNotVerified},
		},
		{
			"not concluded over not verified: a skip not configured, one unexplained",
			[]Spec{skipped("a", finding.NotVerified, "needs ndk.FaultInjector", lc14, lc16), skipped("b", finding.NotConfigured, "no IPv6 address for side B", lc14), skipped("c", "", "", lc16)},
			map[string]RuleVerdict{lc14: RuleNotConcluded, lc16: RuleNotConcluded},
		},
		{
			"a spec interrupted, another passed",
			[]Spec{passed("a", lc14), interrupted("b", lc14)},
			map[string]RuleVerdict{lc14: RuleNotRun},
		},
		{
			"a spec not run",
			[]Spec{notRun("a", lc14), notApplicable("b", "MaxSrqDepth 0", lc14)},
			map[string]RuleVerdict{lc14: RuleNotRun},
		},
		{
			"a spec interrupted, another charged",
			[]Spec{interrupted("a", lc15), failed("b", []string{lc15}, lc15)},
			map[string]RuleVerdict{lc15: RuleFailed},
		},
		{
			"a spec of the rule not selected, another passed",
			[]Spec{passed("a", lc14), notSelected("b", lc14)},
			map[string]RuleVerdict{lc14: RuleNotSelected},
		},
		{
			"every spec of the rule not selected",
			[]Spec{notSelected("a", lc14), notSelected("b", lc14, ds10)},
			map[string]RuleVerdict{lc14: RuleNotSelected, ds10: RuleNotSelected},
		},
		{
			"a spec not selected, another charged",
			[]Spec{notSelected("a", lc15), failed("b", []string{lc15}, lc14)},
			map[string]RuleVerdict{lc15: RuleFailed},
		},
		{
			"no spec: the catalog's Reason says not testable, else no spec",
			[]Spec{passed("a", lc14)},
			map[string]RuleVerdict{im1: RuleNotTestable, lc2: RuleNoSpec},
		},
		{
			"a label twice, a label that is no catalog rule",
			[]Spec{{Name: "a", Rules: []string{lc14, lc14, "ZZ-9"}, State: Passed}},
			map[string]RuleVerdict{lc14: RulePassed},
		},
	} {
		res := Judge(Run{Specs: c.specs}, nil)
		got := verdicts(res)
		for id, want := range c.want {
			if got[id] != want {
				t.Errorf("%s: %s is %q, want %q (notes %q)", c.name, id, got[id], want, ruleOf(t, res, id).Notes)
			}
		}
	}
}

// TestJudgeEveryVerdict: every rule verdict there is comes out of Judge
// in one run; the rule list is the catalog's, in its order.
func TestJudgeEveryVerdict(t *testing.T) {
	needRules(t)
	run := Run{Specs: []Spec{
		passed("p", lc14),
		failed("f", []string{lc15}, lc15),
		failed("w", []string{lt16}, lt16),
		notApplicable("na", "MaxSrqDepth 0", ds2),
		skipped("no", finding.NotObservable, "inline", ds4),
		skipped("nv", finding.NotVerified, "needs ndk.FaultInjector", ds5),
		skipped("nc", finding.NotConfigured, "no IPv6 address", cn1),
		interrupted("nr", lc16),
		notSelected("ns", ds10),
	}}
	w, err := ParseWaivers(strings.NewReader("LT-16 vendor bug 42\n"))
	if err != nil {
		t.Fatal(err)
	}
	res := Judge(run, w)
	all := catalog.All()
	if len(res.Rules) != len(all) {
		t.Fatalf("%d rule results, the catalog has %d rules", len(res.Rules), len(all))
	}
	for i, rule := range all {
		if res.Rules[i].Rule.ID != rule.ID || res.Rules[i].Rule.Text != rule.Text {
			t.Fatalf("result %d is %s, want %s: not in catalog order", i, res.Rules[i].Rule.ID, rule.ID)
		}
	}
	got := verdicts(res)
	want := map[string]RuleVerdict{lc14: RulePassed, lc15: RuleFailed, lt16: RuleWaived, ds2: RuleNotApplicable, ds4: RuleNotObservable,
		ds5: RuleNotVerified, cn1: RuleNotConcluded, lc16: RuleNotRun, ds10: RuleNotSelected, lc2: RuleNoSpec, im1: RuleNotTestable}
	seen := map[RuleVerdict]bool{}
	for id, v := range want {
		seen[v] = true
		if got[id] != v {
			t.Errorf("%s is %q, want %q", id, got[id], v)
		}
	}
	for _, v := range RuleVerdicts() {
		if !seen[v] {
			t.Errorf("verdict %q is not checked here", v)
		}
	}
	if len(seen) != len(RuleVerdicts()) {
		t.Errorf("RuleVerdicts() lists %d verdicts, the test knows %d", len(RuleVerdicts()), len(seen))
	}
}

func TestJudgeCharges(t *testing.T) {
	needRules(t)
	a := failed("A fails against LC-15", []string{lc15}, lc15, lc11)
	b := failed("B fails against LC-15 and CR-1, and a rule not in the catalog", []string{lc15, cr1, "ZZ-9", ""}, lc16)
	c := failed("C fails against a rule not in the catalog only", []string{"ZZ-9"}, lt22)
	res := Judge(Run{Specs: []Spec{a, b, c, passed("D", lc16)}}, nil)
	if got := Charged(b); !reflect.DeepEqual(got, []string{lc15, cr1}) {
		t.Errorf("Charged(B) = %q", got)
	}
	if got := Charged(c); got != nil {
		t.Errorf("Charged(C) = %q: ZZ-9 is no catalog rule", got)
	}
	if got := Charged(passed("p", lc14)); got != nil {
		t.Errorf("a passed spec is charged to %q", got)
	}
	for _, rr := range res.Rules {
		if rr.Rule.ID == "ZZ-9" || rr.Rule.ID == "" {
			t.Errorf("a result for %q", rr.Rule.ID)
		}
	}
	lc := ruleOf(t, res, lc15)
	if len(lc.Charges) != 2 || lc.Charges[0].Spec != a.Name || lc.Charges[1].Spec != b.Name || lc.Charges[1].Violation != b.Violations[0] || len(lc.Failures()) != 2 {
		t.Errorf("LC-15 charges %+v", lc.Charges)
	}
	if !reflect.DeepEqual(lc.Specs, []string{a.Name}) {
		t.Errorf("LC-15 specs %q: the specs labelled with it", lc.Specs)
	}
	if n := ruleOf(t, res, lc11).Notes; !reflect.DeepEqual(n, []string{"1 spec: failed against LC-15 before concluding on LC-11"}) {
		t.Errorf("LC-11 notes %q", n)
	}
	if n := ruleOf(t, res, lt22).Notes; len(n) != 1 || !strings.HasPrefix(n[0], "1 spec: failed against no rule: ") {
		t.Errorf("LT-22 notes %q", n)
	}
	if v := verdicts(res); v[cr1] != RuleFailed || v[lc16] != RulePassed || v[lt22] != RuleNotConcluded {
		t.Errorf("CR-1 %q LC-16 %q LT-22 %q", v[cr1], v[lc16], v[lt22])
	}
	if res.Verdict != VerdictFail || slices.Contains(res.Waived, true) {
		t.Errorf("verdict %q waived %v", res.Verdict, res.Waived)
	}
	// Notes count specs alike.
	res = Judge(Run{Specs: []Spec{
		skipped("a", finding.NotObservable, "inline", ds2), skipped("b", finding.NotObservable, "inline", ds2), skipped("c", finding.NotVerified, "no hook", ds2),
	}}, nil)
	if n := ruleOf(t, res, ds2).Notes; !reflect.DeepEqual(n, []string{"2 specs: not observable: inline", "1 spec: not verified: no hook"}) {
		t.Errorf("DS-2 notes %q", n)
	}
}

func TestJudgeWaivers(t *testing.T) {
	needRules(t)
	w := Waivers{{IDs: []string{lc15}, Reason: "bug 1"}, {IDs: []string{cr1, lc14}, Reason: "bug 2"}, {IDs: []string{ds10}, Reason: "bug 3"}, {IDs: []string{"ZZ-9"}, Reason: "no such rule"}}
	specs := []Spec{
		failed("A", []string{lc15}, lc15),                 // every charge waived
		failed("B", []string{lc15, cr2}, lc15),            // CR-2 is not waived
		failed("C", []string{cr1, "ZZ-9", ""}, lc16),      // ZZ-9 and "" are not charged: waived
		failed("D", []string{"ZZ-9"}, lt22),               // charged to nothing: not waived, whatever names ZZ-9
		failed("E", nil, lc11),                            // no violation: not waived
		passed("F", lc14),                                 // LC-14's waiver waives nothing: stale
		notSelected("G", ds10),                            // DS-10's waiver waives nothing, the rule did not pass: not stale
		{Name: "H", Rules: []string{lc16}, State: Passed}, // passed with a violation left on it: not charged
	}
	specs[7].Violations = []finding.Violation{{Rule: lc16}}
	res := Judge(Run{Specs: specs}, w)
	if want := []bool{true, false, true, false, false, false, false, false}; !reflect.DeepEqual(res.Waived, want) {
		t.Errorf("waived %v, want %v", res.Waived, want)
	}
	for k := range specs {
		if res.SpecWaived(k) != res.Waived[k] {
			t.Errorf("SpecWaived(%d) = %v", k, res.SpecWaived(k))
		}
	}
	if res.SpecWaived(len(specs)) || (Result{}).SpecWaived(0) {
		t.Errorf("SpecWaived out of range")
	}
	v := verdicts(res)
	for id, want := range map[string]RuleVerdict{lc15: RuleWaived, cr1: RuleWaived, cr2: RuleFailed, lc14: RulePassed, ds10: RuleNotSelected, lc16: RulePassed} {
		if v[id] != want {
			t.Errorf("%s is %q, want %q", id, v[id], want)
		}
	}
	lc := ruleOf(t, res, lc15)
	if !reflect.DeepEqual(lc.Waivers(), []string{"bug 1"}) || len(lc.Failures()) != 0 || len(lc.Charges) != 2 {
		t.Errorf("LC-15: waivers %q failures %d charges %d", lc.Waivers(), len(lc.Failures()), len(lc.Charges))
	}
	if !reflect.DeepEqual(res.Stale, []string{lc14}) {
		t.Errorf("stale %q, want [LC-14]", res.Stale)
	}
	if res.Verdict != VerdictFail {
		t.Errorf("verdict %q", res.Verdict)
	}
	// A waived failure is waived whichever spec it is in; an unwaived
	// charge to a rule fails it even when another is waived.
	res = Judge(Run{Specs: []Spec{failed("A", []string{lc15}, lc15), failed("B", []string{lc15}, lc15)}}, Waivers{{IDs: []string{lc15}, Reason: "bug 1"}})
	if res.Verdict != VerdictPass || !res.Waived[0] || !res.Waived[1] || verdicts(res)[lc15] != RuleWaived {
		t.Errorf("two waived failures: verdict %q waived %v", res.Verdict, res.Waived)
	}
	// No waivers: nothing waived, nothing stale.
	res = Judge(Run{Specs: specs}, nil)
	if slices.Contains(res.Waived, true) || res.Stale != nil || verdicts(res)[lc15] != RuleFailed {
		t.Errorf("no waivers: waived %v stale %q", res.Waived, res.Stale)
	}
}

// TestJudgeClauseWaivers: a clause waiver waives the violations of that
// clause only; a rule waiver, every violation of the rule.
func TestJudgeClauseWaivers(t *testing.T) {
	needRules(t)
	viol := func(name, clause string) Spec {
		s := failed(name, []string{cn3}, cn3)
		s.Violations[0].Clause = clause
		return s
	}
	timeout, refused, none := viol("timeout", "CN-3.timeout"), viol("refused", "CN-3.refused"), viol("none", "")
	w, err := ParseWaivers(strings.NewReader("CN-3.timeout CN-8.timeout no set-up time-out\n"))
	if err != nil {
		t.Fatal(err)
	}
	res := Judge(Run{Specs: []Spec{timeout, refused, none}}, w)
	if !reflect.DeepEqual(res.Waived, []bool{true, false, false}) || verdicts(res)[cn3] != RuleFailed {
		t.Errorf("clause waiver: waived %v, CN-3 %q", res.Waived, verdicts(res)[cn3])
	}
	ch := ruleOf(t, res, cn3).Charges
	if len(ch) != 3 || ch[0].Waiver != "no set-up time-out" || ch[1].Waiver != "" || ch[2].Waiver != "" {
		t.Errorf("charges %+v", ch)
	}
	// CN-8.timeout waived nothing, and CN-8 has no spec: not stale.
	if res.Stale != nil {
		t.Errorf("stale %q", res.Stale)
	}
	res = Judge(Run{Specs: []Spec{timeout}}, w)
	if res.Verdict != VerdictPass || verdicts(res)[cn3] != RuleWaived {
		t.Errorf("the clause's only failure waived: verdict %q, CN-3 %q", res.Verdict, verdicts(res)[cn3])
	}
	// A spec of the clause that passed: the clause waiver is stale.
	res = Judge(Run{Specs: []Spec{withClauses(passed("p", cn3, cn8), "CN-3.timeout", "CN-8.timeout")}}, w)
	if !reflect.DeepEqual(res.Stale, []string{"CN-3.timeout", "CN-8.timeout"}) {
		t.Errorf("stale %q", res.Stale)
	}
	// The rule passed through another spec, the clause's only spec
	// skipped: the clause was not checked, its waiver is not stale.
	res = Judge(Run{Specs: []Spec{passed("p", cn3), withClauses(skipped("s", "not configured", "a short --timeout", cn3), "CN-3.timeout")}}, w)
	if res.Stale != nil {
		t.Errorf("a clause not checked: stale %q", res.Stale)
	}
	// A rule waiver waives every clause.
	w, err = ParseWaivers(strings.NewReader("CN-3 vendor bug\n"))
	if err != nil {
		t.Fatal(err)
	}
	res = Judge(Run{Specs: []Spec{timeout, refused, none}}, w)
	if !reflect.DeepEqual(res.Waived, []bool{true, true, true}) || res.Verdict != VerdictPass {
		t.Errorf("rule waiver: waived %v verdict %q", res.Waived, res.Verdict)
	}
}

func TestJudgeRunVerdict(t *testing.T) {
	needRules(t)
	waived := Waivers{{IDs: []string{lc15}, Reason: "bug 1"}}
	for _, c := range []struct {
		name string
		run  Run
		w    Waivers
		want Verdict
	}{
		{"every spec passed or skipped", Run{Specs: []Spec{passed("a", lc14), skipped("b", finding.NotObservable, "x", ds2), notSelected("c", ds10)}}, nil, VerdictPass},
		{"a spec failed", Run{Specs: []Spec{passed("a", lc14), failed("b", []string{lc15}, lc15)}}, nil, VerdictFail},
		{"a spec failed against no rule", Run{Specs: []Spec{failed("b", nil, lc15)}}, nil, VerdictFail},
		{"a set-up step failed, no rule charged: no verdict", Run{Specs: []Spec{passed("a", lc14), setupFailed("b", lc15)}}, nil, VerdictError},
		{"a set-up step failed and a rule failed: fail", Run{Specs: []Spec{setupFailed("a", lc14), failed("b", []string{lc15}, lc15)}}, nil, VerdictFail},
		{"a set-up step failed and a waived failure: no verdict", Run{Specs: []Spec{setupFailed("a", lc14), failed("b", []string{lc15}, lc15)}}, waived, VerdictError},
		{"every failure waived", Run{Specs: []Spec{passed("a", lc14), failed("b", []string{lc15}, lc15)}}, waived, VerdictPass},
		{"a failure outside the specs", Run{Specs: []Spec{passed("a", lc14)}, SuiteFailures: []string{"[BeforeSuite] boom"}}, waived, VerdictFail},
		{"a fault only", Run{Specs: []Spec{passed("a", lc14)}, Faults: []string{"agent B lost"}}, nil, VerdictError},
		{"a fault and no spec selected", Run{Faults: []string{"process 1 could not start"}}, nil, VerdictError},
		{"a fault and a waived failure", Run{Specs: []Spec{failed("b", []string{lc15}, lc15)}, Faults: []string{"agent B lost"}}, waived, VerdictError},
		{"a fault after a failure: fail beats error", Run{Specs: []Spec{failed("b", []string{lc15}, lc15)}, Faults: []string{"agent B lost"}}, nil, VerdictFail},
		{"a fault and a failure outside the specs", Run{Specs: []Spec{passed("a", lc14)}, SuiteFailures: []string{"boom"}, Faults: []string{"agent B lost"}}, nil, VerdictFail},
		{"interrupted", Run{Specs: []Spec{passed("a", lc14), interrupted("b", lc16), notRun("c", lc11)}, Interrupted: "the run was interrupted by SIGINT"}, nil, VerdictInterrupted},
		{"interrupted after a failure", Run{Specs: []Spec{failed("b", []string{lc15}, lc15), notRun("c", lc11)}, Interrupted: "the run was interrupted by SIGINT"}, nil, VerdictInterrupted},
		{"a spec not run, the run not cut short: no pass", Run{Specs: []Spec{passed("a", lc14), notRun("c", lc11)}}, nil, VerdictError},
		{"a spec interrupted, the run not cut short: no pass", Run{Specs: []Spec{passed("a", lc14), interrupted("b", lc16)}}, nil, VerdictError},
		{"a spec not run after a failure (--fail-fast)", Run{Specs: []Spec{failed("b", []string{lc15}, lc15), notRun("c", lc11)}}, nil, VerdictFail},
		{"no spec selected", Run{Specs: []Spec{notSelected("a", lc14), notSelected("b", lc15)}}, nil, VerdictEmpty},
		{"no spec at all", Run{}, nil, VerdictEmpty},
	} {
		if got := Judge(c.run, c.w).Verdict; got != c.want {
			t.Errorf("%s: verdict %q, want %q", c.name, got, c.want)
		}
	}
}

// A spec that failed in a set-up step charges no rule: its rules are not
// concluded, the run names the fault, and the counts keep it apart from
// the failed specs.
func TestJudgeSetupFailed(t *testing.T) {
	needRules(t)
	res := Judge(Run{Specs: []Spec{passed("a", lc14), setupFailed("b", lc15), setupFailed("c", lc15)}}, nil)
	if v := verdicts(res)[lc15]; v != RuleNotConcluded {
		t.Errorf("%s: %q, want %q", lc15, v, RuleNotConcluded)
	}
	if want := []string{"2 selected specs failed in a set-up step that checks no rule: no verdict on the provider"}; !reflect.DeepEqual(res.Faults, want) {
		t.Errorf("faults %q, want %q", res.Faults, want)
	}
	c := Count(res).Specs
	if c.Failed != 0 || c.SetupFailed != 2 || c.Passed != 1 {
		t.Errorf("counts %+v", c)
	}
	if got, want := Count(res).SpecLine(), "1 passed, 0 failed, 2 setup failed"; got != want {
		t.Errorf("spec line %q, want %q", got, want)
	}
	if Certify(res).Certified {
		t.Error("a run with a set-up failure certified")
	}
}

func TestJudgeCoverage(t *testing.T) {
	needRules(t)
	run := Run{Specs: []Spec{
		withClauses(passed("L covers two clauses of CN-3, and a clause of CN-8 without its rule", cn3), "CN-3.timeout", "CN-3.tuple", "CN-8.timeout"),
		withClauses(passed("M covers CN-9", cn9), "CN-9.aborted", "CN-9.after-connect", "CN-3.refused"),
		withClauses(notSelected("N not selected", cn3), "CN-3.refused", "CN-3.timeout"),
		withClauses(passed("O covers the testable clause of CN-17", cn17), "CN-17.timeout"),
		passed("P", lc14),
		notSelected("Q", ds10),
	}}
	res := Judge(run, nil)
	for id, want := range map[string]Coverage{
		lc14: Covered,
		ds10: Covered, // a spec the run left out still covers
		cn9:  Covered,
		cn3:  PartlyCovered,
		cn8:  NoSpec, // L's clause label without the rule's
		cn17: CoveredButUntestable,
		lc2:  NoSpec,
		im1:  NotTestable,
	} {
		if got := ruleOf(t, res, id).Coverage; got != want {
			t.Errorf("%s: coverage %q, want %q", id, got, want)
		}
	}
	cn := ruleOf(t, res, cn3)
	got := map[string][]string{}
	for _, cr := range cn.Clauses {
		got[cr.Clause.ID] = cr.Specs
		if cr.Clause.Covered != (len(cr.Specs) > 0) {
			t.Errorf("%s: marked covered %v with %d specs", cr.Clause.ID, cr.Clause.Covered, len(cr.Specs))
		}
	}
	want := map[string][]string{
		"CN-3.tuple":       {run.Specs[0].Name},
		"CN-3.unreachable": nil,
		"CN-3.refused":     {"N not selected"},
		"CN-3.timeout":     {run.Specs[0].Name, "N not selected"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("CN-3 clauses %q, want %q", got, want)
	}
	if miss := cn.MissingClauses(); len(miss) != 1 || miss[0].ID != "CN-3.unreachable" {
		t.Errorf("CN-3 missing %+v", miss)
	}
	if !reflect.DeepEqual(cn.Specs, []string{run.Specs[0].Name}) || !reflect.DeepEqual(cn.Unselected, []string{"N not selected"}) {
		t.Errorf("CN-3 specs %q unselected %q", cn.Specs, cn.Unselected)
	}
	if len(ruleOf(t, res, lc14).Clauses) != 0 || len(ruleOf(t, res, cn9).MissingClauses()) != 0 {
		t.Errorf("LC-14 clauses or CN-9 missing clauses")
	}
}

// TestJudgeLeavesCatalog: Judge marks the clauses its run covers in its
// own copy of the catalog's rules, not in the catalog.
func TestJudgeLeavesCatalog(t *testing.T) {
	needRules(t)
	before := catalog.All()
	res := Judge(Run{Specs: []Spec{passed("P", cn3)}}, nil)
	if !reflect.DeepEqual(catalog.All(), before) {
		t.Errorf("Judge changed the catalog")
	}
	for _, cr := range ruleOf(t, res, cn3).Clauses {
		if cr.Clause.Covered {
			t.Errorf("%s is marked covered in a run with no spec of it", cr.Clause.ID)
		}
	}
}

// A spec that ran on without checking a rule of its labels (the adapter
// lacks what it is about) concludes on its other rules only: the rule is
// not applicable by it, passed by another spec that checked it, and the
// limit names the declaration.
func TestUncheckedRules(t *testing.T) {
	needRules(t)
	ran := passed("ran", lc14, lc15)
	ran.Unchecked = []finding.Skip{{Kind: finding.NotApplicable, Declaration: "MaxSrqDepth 0", Reason: "no SRQ", Rules: []string{lc15}}}
	r := Judge(Run{Specs: []Spec{ran}}, nil)
	if v := verdicts(r)[lc14]; v != RulePassed {
		t.Errorf("%s: %s, want passed", lc14, v)
	}
	if v := verdicts(r)[lc15]; v != RuleNotApplicable {
		t.Errorf("%s: %s, want not applicable", lc15, v)
	}
	c := Certify(r)
	if !c.Certified || !slices.ContainsFunc(c.Limits, func(l Limit) bool {
		return l.Kind == string(finding.NotApplicable) && l.What == "MaxSrqDepth 0" && slices.Equal(l.Rules, []string{lc15})
	}) {
		t.Errorf("certified %v, limits %v", c.Certified, c.Limits)
	}
	r = Judge(Run{Specs: []Spec{ran, passed("other", lc15)}}, nil)
	if v := verdicts(r)[lc15]; v != RulePassed {
		t.Errorf("%s checked by another spec: %s, want passed", lc15, v)
	}
}
