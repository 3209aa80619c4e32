package outcome

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
)

// catalogSize is the number of catalog rules, and of them those NDKPI
// does not let a consumer observe (a Reason).
func catalogSize() (rules, notTestable int) {
	for _, r := range catalog.All() {
		rules++
		if !r.Observable() {
			notTestable++
		}
	}
	return rules, notTestable
}

// checkSums checks that c adds up: the selected specs are the sum of the
// states but not selected, the suite adds those; the rules by verdict add
// up to the catalog; the items of the lines add up likewise.
func checkSums(t *testing.T, name string, c Counts) {
	t.Helper()
	s := c.Specs
	if sum := s.Passed + s.Failed + s.Waived + s.SetupFailed + s.NotApplicable + s.NotObservable + s.NotVerified + s.NotConfigured + s.Unexplained + s.Interrupted + s.NotRun; sum != s.Selected {
		t.Errorf("%s: the spec states add up to %d, %d selected: %+v", name, sum, s.Selected, s)
	}
	if s.Selected+s.NotSelected != s.Suite {
		t.Errorf("%s: %d selected + %d not selected != %d in the suite", name, s.Selected, s.NotSelected, s.Suite)
	}
	if s.Skipped() != s.NotApplicable+s.NotObservable+s.NotVerified+s.NotConfigured+s.Unexplained {
		t.Errorf("%s: Skipped() = %d", name, s.Skipped())
	}
	r := c.Rules
	sum := 0
	for _, v := range RuleVerdicts() {
		sum += r.Of(v)
	}
	if sum != r.Catalog || r.Passed+r.Failed+r.Waived+r.NotApplicable+r.NotObservable+r.NotVerified+r.NotConcluded+r.NotRun+r.NotSelected+r.NoSpec+r.NotTestable != r.Catalog {
		t.Errorf("%s: the rule verdicts add up to %d, the catalog has %d: %+v", name, sum, r.Catalog, r)
	}
	if n, _ := catalogSize(); r.Catalog != n {
		t.Errorf("%s: %d catalog rules counted, the catalog has %d", name, r.Catalog, n)
	}
	items := 0
	for _, it := range s.SpecItems() {
		items += it.N
	}
	if items != s.Selected {
		t.Errorf("%s: the spec line %q adds up to %d, %d selected", name, c.SpecLine(), items, s.Selected)
	}
	items = 0
	for _, it := range r.RuleItems() {
		items += it.N
	}
	if items != r.Catalog {
		t.Errorf("%s: the rule line %q adds up to %d, %d rules", name, c.RuleLine(), items, r.Catalog)
	}
}

func TestCount(t *testing.T) {
	needRules(t)
	rules, notTestable := catalogSize()
	// rc is the rule counts of a run whose specs are labelled with
	// `labelled` observable rules and with no rule NDKPI hides: those are
	// no spec or not testable.
	rc := func(labelled int, c RuleCounts) RuleCounts {
		c.Catalog, c.NotTestable, c.NoSpec = rules, notTestable, rules-notTestable-labelled
		return c
	}
	waivers := Waivers{{IDs: []string{lc15}, Reason: "bug 1"}, {IDs: []string{lt16}, Reason: "bug 2"}}
	for _, c := range []struct {
		name string
		run  Run
		w    Waivers
		want Counts
	}{
		{
			"passing",
			Run{Specs: []Spec{passed("a", lc14), passed("b", lc15, lc14), notApplicable("c", "MaxSrqDepth 0", ds2)}},
			nil,
			Counts{
				Specs: SpecCounts{Suite: 3, Selected: 3, Passed: 2, NotApplicable: 1},
				Rules: rc(3, RuleCounts{Passed: 2, NotApplicable: 1}),
			},
		},
		{
			"failing",
			Run{Specs: []Spec{
				passed("a", lc14), failed("b", []string{lc15}, lc15, lc16), failed("c", []string{""}, lt22),
				skipped("d", finding.NotObservable, "inline", ds4), skipped("e", "", "", cn1),
			}},
			nil,
			Counts{
				Specs: SpecCounts{Suite: 5, Selected: 5, Passed: 1, Failed: 2, NotObservable: 1, Unexplained: 1},
				Rules: rc(6, RuleCounts{Passed: 1, Failed: 1, NotConcluded: 3, NotObservable: 1}),
			},
		},
		{
			"filtered",
			Run{Specs: []Spec{
				passed("a", lc14), notSelected("b", lc15), notSelected("c", ds10, lc14), skipped("d", finding.NotConfigured, "no IPv6 address", cn1),
			}},
			nil,
			Counts{
				Specs: SpecCounts{Suite: 4, Selected: 2, Passed: 1, NotConfigured: 1, NotSelected: 2},
				Rules: rc(4, RuleCounts{NotSelected: 3, NotConcluded: 1}),
			},
		},
		{
			"waived",
			Run{Specs: []Spec{
				failed("a", []string{lc15}, lc15), failed("b", []string{lt16, cr1}, lt16), passed("c", lc14),
				skipped("d", finding.NotVerified, "needs ndk.FaultInjector", ds5),
			}},
			waivers,
			Counts{
				Specs: SpecCounts{Suite: 4, Selected: 4, Passed: 1, Failed: 1, Waived: 1, NotVerified: 1},
				Rules: rc(5, RuleCounts{Passed: 1, Failed: 1, Waived: 2, NotVerified: 1}),
			},
		},
		{
			"interrupted",
			Run{Specs: []Spec{
				passed("a", lc14), interrupted("b", lc16), notRun("c", lc11), withClauses(notRun("d", cn3), "CN-3.timeout"),
			}, Interrupted: "the run was interrupted by SIGINT"},
			nil,
			Counts{
				Specs: SpecCounts{Suite: 4, Selected: 4, Passed: 1, Interrupted: 1, NotRun: 2},
				Rules: rc(4, RuleCounts{Passed: 1, NotRun: 3, Partly: 1}),
			},
		},
	} {
		res := Judge(c.run, c.w)
		got := Count(res)
		if got != c.want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, c.want)
		}
		checkSums(t, c.name, got)
		// Of agrees with the verdicts Judge gave.
		for _, v := range RuleVerdicts() {
			n := 0
			for _, rr := range res.Rules {
				if rr.Verdict == v {
					n++
				}
			}
			if got.Rules.Of(v) != n {
				t.Errorf("%s: Of(%q) = %d, %d rules have it", c.name, v, got.Rules.Of(v), n)
			}
		}
	}
}

// everyCount is a run in which every count is not zero.
func everyCount() (Run, Waivers) {
	return Run{Specs: []Spec{
		passed("p", lc14),
		withClauses(passed("p2", cn17), "CN-17.timeout"),     // covered but for an untestable clause
		withClauses(passed("p3", cn3), "CN-3.timeout"),       // partly covered
		failed("f", []string{lc15}, lc15),                    // failed
		failed("w", []string{lt16}, lt16),                    // waived
		setupFailed("sf", lc15),                              // setup failed
		notApplicable("na", "MaxSrqDepth 0", ds2),            // not applicable
		skipped("no", finding.NotObservable, "inline", ds4),  // not observable
		skipped("nv", finding.NotVerified, "no hook", ds5),   // not verified
		skipped("nc", finding.NotConfigured, "no IPv6", cn1), // not configured: not concluded
		skipped("u", "", "", lc11),                           // unexplained
		interrupted("i", lc16),                               // interrupted: not run
		notRun("nr", cr1),                                    // not run
		notSelected("ns", ds10),                              // not selected
	}}, Waivers{{IDs: []string{lt16}, Reason: "bug 2"}}
}

// TestCountEveryField: a run with every state, skip kind, verdict and
// coverage counts each field, and the lines name each.
func TestCountEveryField(t *testing.T) {
	needRules(t)
	run, w := everyCount()
	c := Count(Judge(run, w))
	checkSums(t, "every count", c)
	for _, part := range []any{c.Specs, c.Rules} {
		v := reflect.ValueOf(part)
		for i := range v.NumField() {
			if v.Field(i).Int() == 0 {
				t.Errorf("%s is 0: the run does not exercise it", v.Type().Field(i).Name)
			}
		}
	}
	want := SpecCounts{Suite: 14, Selected: 13, Passed: 3, Failed: 1, Waived: 1, SetupFailed: 1, NotApplicable: 1, NotObservable: 1, NotVerified: 1, NotConfigured: 1, Unexplained: 1, Interrupted: 1, NotRun: 1, NotSelected: 1}
	if c.Specs != want {
		t.Errorf("spec counts %+v, want %+v", c.Specs, want)
	}
	if c.Rules.Partly != 1 || c.Rules.UntestableClauses != 1 {
		t.Errorf("partly covered %d, covered but untestable clauses %d; want 1 1", c.Rules.Partly, c.Rules.UntestableClauses)
	}
	if got := c.SpecLine(); got != "3 passed, 1 failed, 1 waived, 1 setup failed, 1 not applicable, 1 not observable, 1 not verified, 1 not configured, 1 skipped unexplained, 1 interrupted, 1 not run" {
		t.Errorf("SpecLine() = %q", got)
	}
	var parts []string
	for _, v := range RuleVerdicts() {
		parts = append(parts, fmt.Sprintf("%d %s", c.Rules.Of(v), v))
	}
	if got, want := c.RuleLine(), strings.Join(parts, ", ")+fmt.Sprintf(" (%d in the catalog)", c.Rules.Catalog); got != want {
		t.Errorf("RuleLine() = %q, want %q", got, want)
	}
}

// TestCountLines: the lines leave out what is zero, but passed and
// failed.
func TestCountLines(t *testing.T) {
	c := Counts{Specs: SpecCounts{Suite: 9, Selected: 4, Passed: 3, NotVerified: 1, NotSelected: 5}, Rules: RuleCounts{Catalog: 10, Passed: 7, NoSpec: 3}}
	if got := c.SpecLine(); got != "3 passed, 0 failed, 1 not verified" {
		t.Errorf("SpecLine() = %q", got)
	}
	if got := c.RuleLine(); got != "7 passed, 0 failed, 3 no spec (10 in the catalog)" {
		t.Errorf("RuleLine() = %q", got)
	}
	if got := (Counts{}).SpecLine(); got != "0 passed, 0 failed" {
		t.Errorf("empty SpecLine() = %q", got)
	}
	if got := Join(nil); got != "" {
		t.Errorf("Join(nil) = %q", got)
	}
}
