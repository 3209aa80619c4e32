package outcome

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/finding"
)

// limitOf is the limit of kind about what in c, if any.
func limitOf(c Certification, kind, what string) (Limit, bool) {
	for _, l := range c.Limits {
		if l.Kind == kind && l.What == what {
			return l, true
		}
	}
	return Limit{}, false
}

// TestCertifyComplete: a whole run that passed, with skips that are the
// provider's to make, is certified; its limits name them (the
// declaration, for not applicable), and what the suite lacks.
func TestCertifyComplete(t *testing.T) {
	needRules(t)
	run := Run{Specs: []Spec{
		passed("p", lc14),
		notApplicable("na1", "MaxSrqDepth 0", ds2),
		notApplicable("na2", "MaxSrqDepth 0", ds2, lc14),
		notApplicable("na3", "no NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED", cn1),
		skipped("no", finding.NotObservable, "the close completed inline", ds4),
		skipped("nv", finding.NotVerified, "needs ndk.FaultInjector", ds5),
		withClauses(passed("p3", cn3), "CN-3.timeout"),
	}}
	res := Judge(run, nil)
	c := Certify(res)
	if !c.Certified || c.NoVerdict || len(c.Reasons) != 0 {
		t.Fatalf("certified %v no verdict %v reasons %q", c.Certified, c.NoVerdict, c.Reasons)
	}
	if c.Counts != Count(res) {
		t.Errorf("counts %+v, Count says %+v", c.Counts, Count(res))
	}
	if !reflect.DeepEqual(c.Limits, Limits(res)) {
		t.Errorf("Limits differ from Limits(res)")
	}
	for _, want := range []Limit{
		// LC-14 passed: not listed under the declaration that kept na2
		// from concluding on it
		{Kind: string(finding.NotApplicable), What: "MaxSrqDepth 0", Specs: 2, Rules: []string{ds2}},
		{Kind: string(finding.NotApplicable), What: "no NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED", Specs: 1, Rules: []string{cn1}},
		{Kind: string(finding.NotObservable), What: "the close completed inline", Specs: 1, Rules: []string{ds4}},
		{Kind: string(finding.NotVerified), What: "needs ndk.FaultInjector", Specs: 1, Rules: []string{ds5}},
		{Kind: LimitPartly, What: "clauses the suite has no spec for yet", Rules: []string{"CN-3.tuple", "CN-3.unreachable", "CN-3.refused"}},
	} {
		got, ok := limitOf(c, want.Kind, want.What)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("limit %+v, want %+v", got, want)
		}
	}
	if l, ok := limitOf(c, LimitNoSpec, "rules the suite has no spec for yet"); !ok || !slices.Contains(l.Rules, lc2) || slices.Contains(l.Rules, lc14) || slices.Contains(l.Rules, im1) {
		t.Errorf("no spec limit %+v", l)
	}
	_, notTestable := catalogSize()
	if !slices.ContainsFunc(c.Limits, func(l Limit) bool {
		return l.Kind == LimitNotTestable && strings.HasPrefix(l.What, fmt.Sprintf("%d rules NDKPI does not let a consumer observe", notTestable))
	}) {
		t.Errorf("no not testable limit for %d rules: %+v", notTestable, c.Limits)
	}
	// The kinds come in the policy's order: the skips, waived, then
	// what the suite lacks.
	order := []string{string(finding.NotApplicable), string(finding.NotObservable), string(finding.NotVerified), LimitWaived, LimitNoSpec, LimitPartly, LimitNotTestable}
	last := -1
	for _, l := range c.Limits {
		k := slices.Index(order, l.Kind)
		if k < last {
			t.Errorf("limit %q after a later kind", l.Kind)
		}
		last = k
	}
	if h := c.Headline(); !strings.HasPrefix(h, "CERTIFIED for 2 of ") || h != "CERTIFIED "+Scope(c.Counts.Rules) {
		t.Errorf("Headline() = %q", h)
	}
}

func TestCertifyNotCertified(t *testing.T) {
	needRules(t)
	ok := []Spec{passed("p", lc14)}
	with := func(specs ...Spec) []Spec { return append(slices.Clone(ok), specs...) }
	for _, c := range []struct {
		name   string
		run    Run
		w      Waivers
		reason string
	}{
		{"an unwaived failure", Run{Specs: with(failed("f", []string{lc15}, lc15), failed("g", []string{lc15, cr1}, lc15))}, nil, "2 failed specs (LC-15 CR-1)"},
		{"a failure against no rule", Run{Specs: with(failed("f", nil, lc15))}, nil, "1 failed spec (against no rule)"},
		{"a failure outside the specs", Run{Specs: ok, SuiteFailures: []string{"[BeforeSuite] boom\nat x.go:1", "[AfterSuite] bang"}}, nil, "2 failures outside any spec: [BeforeSuite] boom"},
		{"a waived must-rule", Run{Specs: with(failed("f", []string{lc15}, lc15))}, Waivers{{IDs: []string{lc15}, Reason: "bug 1"}}, "1 waived must-rule (LC-15): a waiver tolerates a should- or may-rule only"},
		{"a not-configured skip", Run{Specs: with(skipped("s", finding.NotConfigured, "no IPv6 address for side B", ds2), skipped("t", finding.NotConfigured, "no IPv6 address for side B", ds4))}, nil, "2 specs not configured: no IPv6 address for side B"},
		{"an unexplained skip", Run{Specs: with(skipped("s", "", "", ds2))}, nil, "1 spec skipped without saying why (a harness bug)"},
		{"a spec not selected", Run{Specs: with(notSelected("x", ds10), notSelected("y", ds10))}, nil, "2 specs not selected (a certification runs every spec)"},
		{"no spec selected", Run{Specs: []Spec{notSelected("x", ds10)}}, nil, "no spec ran"},
		{"no spec at all", Run{}, nil, "no spec ran"},
	} {
		cert := Certify(Judge(c.run, c.w))
		if cert.Certified || cert.NoVerdict || !slices.Contains(cert.Reasons, c.reason) {
			t.Errorf("%s: certified %v no verdict %v reasons %q, want NOT CERTIFIED for %q", c.name, cert.Certified, cert.NoVerdict, cert.Reasons, c.reason)
		}
		if len(cert.Reasons) != 1 && c.name != "no spec selected" {
			t.Errorf("%s: reasons %q, want one", c.name, cert.Reasons)
		}
		if h := cert.Headline(); !strings.HasPrefix(h, "NOT CERTIFIED for ") {
			t.Errorf("%s: Headline() = %q", c.name, h)
		}
	}
}

// TestCertifyWaivedShould: a waived should- or may-rule does not block
// certification; it is a limit.
func TestCertifyWaivedShould(t *testing.T) {
	needRules(t)
	run := Run{Specs: []Spec{passed("p", lc14), failed("f", []string{cn16}, cn16), failed("g", []string{mr23}, mr23)}}
	w := Waivers{{IDs: []string{cn16}, Reason: "vendor bug 5"}, {IDs: []string{mr23}, Reason: "vendor bug 6"}}
	c := Certify(Judge(run, w))
	if !c.Certified || len(c.Reasons) != 0 {
		t.Fatalf("certified %v reasons %q", c.Certified, c.Reasons)
	}
	for id, why := range map[string]string{cn16: "vendor bug 5", mr23: "vendor bug 6"} {
		if l, ok := limitOf(c, LimitWaived, why); !ok || !reflect.DeepEqual(l.Rules, []string{id}) {
			t.Errorf("waived %s: limit %+v", id, l)
		}
	}
	// The same failure waived as a must-rule's is a reason, not a limit.
	c = Certify(Judge(Run{Specs: []Spec{failed("f", []string{lc15}, lc15)}}, Waivers{{IDs: []string{lc15}, Reason: "bug 1"}}))
	if _, ok := limitOf(c, LimitWaived, "bug 1"); ok || c.Certified {
		t.Errorf("waived must-rule: certified %v limits %+v", c.Certified, c.Limits)
	}
}

// TestCertifyNoVerdict: a run cut short, or a harness or lab fault, says
// nothing of the provider.
func TestCertifyNoVerdict(t *testing.T) {
	needRules(t)
	run := Run{Specs: []Spec{passed("p", lc14), interrupted("i", lc16), notRun("n", lc11), notRun("m", lc11)}}
	run.CutShort("the run was interrupted by SIGINT")
	c := Certify(Judge(run, nil))
	if c.Certified || !c.NoVerdict {
		t.Errorf("interrupted: certified %v no verdict %v", c.Certified, c.NoVerdict)
	}
	for _, want := range []string{"the run was cut short: the run was interrupted by SIGINT", "1 interrupted spec", "2 specs not run"} {
		if !slices.Contains(c.Reasons, want) {
			t.Errorf("interrupted: reasons %q lack %q", c.Reasons, want)
		}
	}
	if h := c.Headline(); !strings.HasPrefix(h, "NO VERDICT for ") {
		t.Errorf("Headline() = %q", h)
	}
	c = Certify(Judge(Run{Specs: []Spec{passed("p", lc14)}, Faults: []string{"agent B stopped answering\nat remote.go:12"}}, nil))
	if c.Certified || !c.NoVerdict || !reflect.DeepEqual(c.Reasons, []string{"harness or lab fault, not the provider's: agent B stopped answering\nat remote.go:12"}) {
		t.Errorf("fault: certified %v no verdict %v reasons %q", c.Certified, c.NoVerdict, c.Reasons)
	}
	// A provider that failed before the fault has a verdict: not
	// certified (and the run's verdict is fail, not error).
	r := Judge(Run{Specs: []Spec{failed("f", []string{lc14}, lc14)}, Faults: []string{"agent B stopped answering"}}, nil)
	c = Certify(r)
	if c.Certified || c.NoVerdict || r.Verdict != VerdictFail || !strings.HasPrefix(c.Headline(), "NOT CERTIFIED for ") {
		t.Errorf("failure, then a fault: certified %v no verdict %v verdict %s reasons %q", c.Certified, c.NoVerdict, r.Verdict, c.Reasons)
	}
	// Specs not run though the run was neither cut short nor failed (a
	// harness that lost them): no pass, and no verdict on the provider.
	r = Judge(Run{Specs: []Spec{passed("p", lc14), notRun("n", lc11)}}, nil)
	c = Certify(r)
	want := []string{"harness or lab fault, not the provider's: 1 selected spec did not run to its end, though the run was not cut short", "1 spec not run"}
	if r.Verdict != VerdictError || c.Certified || !c.NoVerdict || !reflect.DeepEqual(c.Reasons, want) {
		t.Errorf("not run: verdict %s certified %v no verdict %v reasons %q", r.Verdict, c.Certified, c.NoVerdict, c.Reasons)
	}
}

func TestScope(t *testing.T) {
	for _, c := range []struct {
		counts RuleCounts
		want   string
	}{
		{RuleCounts{Catalog: 219, Passed: 140, NotApplicable: 5, NotObservable: 2, NotVerified: 1, NoSpec: 7, NotTestable: 64},
			"for 140 of 219 catalog rules passed (5 not applicable, 2 not observable, 1 not verified; 7 without a spec yet, 64 not testable through NDKPI)"},
		{RuleCounts{Catalog: 10, Passed: 10}, "for 10 of 10 catalog rules passed"},
		{RuleCounts{Catalog: 10, Passed: 7, Failed: 1, Waived: 1, NotConcluded: 1}, "for 7 of 10 catalog rules passed (1 failed, 1 waived, 1 not concluded)"},
		{RuleCounts{Catalog: 10, Passed: 7, NotRun: 1, NotSelected: 1, NotTestable: 1}, "for 7 of 10 catalog rules passed (1 not run, 1 not selected; 1 not testable through NDKPI)"},
	} {
		if got := Scope(c.counts); got != c.want {
			t.Errorf("Scope(%+v) =\n %q\nwant\n %q", c.counts, got, c.want)
		}
	}
	for _, c := range []struct {
		l    Limit
		want string
	}{
		{Limit{Kind: "not applicable", What: "MaxSrqDepth 0", Specs: 2, Rules: []string{"DS-2", "CN-1"}}, "not applicable: MaxSrqDepth 0 (2 specs; DS-2 CN-1)"},
		{Limit{Kind: "waived", What: "bug 5", Rules: []string{"CN-16"}}, "waived: bug 5 (CN-16)"},
		{Limit{Kind: "not verified", What: "no hook", Specs: 1}, "not verified: no hook (1 spec)"},
		{Limit{Kind: "not testable", What: "64 rules"}, "not testable: 64 rules"},
	} {
		if got := c.l.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}

// A skipped spec of a clause leaves the clause unchecked, though its rule
// passed through other specs: the limit names the clause.
func TestLimitsNameUncheckedClauses(t *testing.T) {
	needRules(t)
	sk := withClauses(skipped("fault", finding.NotVerified, "no CQ fault injection", cn3), "CN-3.timeout")
	r := Judge(Run{Specs: []Spec{passed("p", cn3), sk}}, nil)
	ls := Limits(r)
	if !slices.ContainsFunc(ls, func(l Limit) bool {
		return l.Kind == string(finding.NotVerified) && slices.Equal(l.Rules, []string{"CN-3.timeout"})
	}) {
		t.Errorf("limits %v: want not verified naming CN-3.timeout", ls)
	}
	// checked by another spec: no clause named
	r = Judge(Run{Specs: []Spec{withClauses(passed("p", cn3), "CN-3.timeout"), sk}}, nil)
	for _, l := range Limits(r) {
		if l.Kind == string(finding.NotVerified) && len(l.Rules) != 0 {
			t.Errorf("limit %v names what another spec checked", l)
		}
	}
}
