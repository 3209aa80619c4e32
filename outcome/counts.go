package outcome

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ndkconform/ndkconform/finding"
)

// Counts are the counts of a run every output shows: the console's summary
// and last line, the JSON report, the JUnit report's totals, the HTML
// report, the manifest and certify. Count is the one function that makes
// them.
type Counts struct {
	Specs SpecCounts `json:"specs"`
	Rules RuleCounts `json:"rules"`
}

// SpecCounts count the suite's specs by state. Selected is the sum of
// every state but NotSelected; Suite adds NotSelected.
type SpecCounts struct {
	Suite    int `json:"suite"`
	Selected int `json:"selected"`
	Passed   int `json:"passed"`
	// Failed counts the failed specs whose failure is not waived, Waived
	// those whose every charged violation is.
	Failed int `json:"failed"`
	Waived int `json:"waived"`
	// SetupFailed counts the failed specs whose failure is a set-up step
	// that charges no rule (FailureSetup); Failed does not count them.
	SetupFailed int `json:"setup_failed"`
	// The skipped specs, by kind of skip.
	NotApplicable int `json:"not_applicable"`
	NotObservable int `json:"not_observable"`
	NotVerified   int `json:"not_verified"`
	NotConfigured int `json:"not_configured"`
	Unexplained   int `json:"unexplained"`
	Interrupted   int `json:"interrupted"`
	NotRun        int `json:"not_run"`
	NotSelected   int `json:"not_selected"`
}

// Skipped is the number of skipped specs, every kind.
func (c SpecCounts) Skipped() int {
	return c.NotApplicable + c.NotObservable + c.NotVerified + c.NotConfigured + c.Unexplained
}

// RuleCounts count the catalog's rules by verdict; Catalog is their sum.
// Partly counts, of them, the rules a clause of which no spec covers
// though one could (Coverage PartlyCovered), and UntestableClauses those
// covered but for clauses NDKPI does not let a consumer observe.
type RuleCounts struct {
	Catalog           int `json:"catalog"`
	Passed            int `json:"passed"`
	Failed            int `json:"failed"`
	Waived            int `json:"waived"`
	NotApplicable     int `json:"not_applicable"`
	NotObservable     int `json:"not_observable"`
	NotVerified       int `json:"not_verified"`
	NotConcluded      int `json:"not_concluded"`
	NotRun            int `json:"not_run"`
	NotSelected       int `json:"not_selected"`
	NoSpec            int `json:"no_spec"`
	NotTestable       int `json:"not_testable"`
	Partly            int `json:"partly_covered"`
	UntestableClauses int `json:"covered_but_untestable_clauses"`
}

// Of is the count of rules with verdict v.
func (c RuleCounts) Of(v RuleVerdict) int {
	switch v {
	case RulePassed:
		return c.Passed
	case RuleFailed:
		return c.Failed
	case RuleWaived:
		return c.Waived
	case RuleNotApplicable:
		return c.NotApplicable
	case RuleNotObservable:
		return c.NotObservable
	case RuleNotVerified:
		return c.NotVerified
	case RuleNotConcluded:
		return c.NotConcluded
	case RuleNotRun:
		return c.NotRun
	case RuleNotSelected:
		return c.NotSelected
	case RuleNoSpec:
		return c.NoSpec
	case RuleNotTestable:
		return c.NotTestable
	}
	return 0
}

func (c *RuleCounts) add(v RuleVerdict) {
	c.Catalog++
	switch v {
	case RulePassed:
		c.Passed++
	case RuleFailed:
		c.Failed++
	case RuleWaived:
		c.Waived++
	case RuleNotApplicable:
		c.NotApplicable++
	case RuleNotObservable:
		c.NotObservable++
	case RuleNotVerified:
		c.NotVerified++
	case RuleNotConcluded:
		c.NotConcluded++
	case RuleNotRun:
		c.NotRun++
	case RuleNotSelected:
		c.NotSelected++
	case RuleNoSpec:
		c.NoSpec++
	case RuleNotTestable:
		c.NotTestable++
	}
}

// Count counts a judged run: its specs by state and its rules by verdict.
func Count(r Result) Counts {
	var c Counts
	for k, s := range r.Specs {
		c.Specs.Suite++
		if s.Selected() {
			c.Specs.Selected++
		}
		switch s.State {
		case Passed:
			c.Specs.Passed++
		case Failed:
			switch {
			case r.SpecWaived(k):
				c.Specs.Waived++
			case s.SetupFailed():
				c.Specs.SetupFailed++
			default:
				c.Specs.Failed++
			}
		case Skipped:
			switch s.SkipKind() {
			case finding.NotApplicable:
				c.Specs.NotApplicable++
			case finding.NotObservable:
				c.Specs.NotObservable++
			case finding.NotVerified:
				c.Specs.NotVerified++
			case finding.NotConfigured:
				c.Specs.NotConfigured++
			default:
				c.Specs.Unexplained++
			}
		case Interrupted:
			c.Specs.Interrupted++
		case NotRun:
			c.Specs.NotRun++
		case NotSelected:
			c.Specs.NotSelected++
		}
	}
	for _, rr := range r.Rules {
		c.Rules.add(rr.Verdict)
		switch rr.Coverage {
		case PartlyCovered:
			c.Rules.Partly++
		case CoveredButUntestable:
			c.Rules.UntestableClauses++
		}
	}
	return c
}

// Item is one count and what it counts, for a line of text.
type Item struct {
	Label string
	N     int
}

// SpecItems are the spec counts of a line that adds up to the selected
// specs: passed, failed, waived, setup failed, each kind of skip, interrupted, not run
// (passed and failed always; the others when not zero).
func (c SpecCounts) SpecItems() []Item {
	items := []Item{{"passed", c.Passed}, {"failed", c.Failed}}
	for _, it := range []Item{
		{"waived", c.Waived},
		{"setup failed", c.SetupFailed},
		{string(finding.NotApplicable), c.NotApplicable},
		{string(finding.NotObservable), c.NotObservable},
		{string(finding.NotVerified), c.NotVerified},
		{string(finding.NotConfigured), c.NotConfigured},
		{"skipped unexplained", c.Unexplained},
		{"interrupted", c.Interrupted},
		{"not run", c.NotRun},
	} {
		if it.N > 0 {
			items = append(items, it)
		}
	}
	return items
}

// RuleItems are the rule counts by verdict, in RuleVerdicts order
// (passed and failed always; the others when not zero); they add up to
// Catalog.
func (c RuleCounts) RuleItems() []Item {
	var items []Item
	for _, v := range RuleVerdicts() {
		if n := c.Of(v); n > 0 || v == RulePassed || v == RuleFailed {
			items = append(items, Item{string(v), n})
		}
	}
	return items
}

// Join is items as "3 passed, 0 failed, 2 not applicable".
func Join(items []Item) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = fmt.Sprintf("%d %s", it.N, it.Label)
	}
	return strings.Join(parts, ", ")
}

// SpecLine is the line that ends a run's console output: every state of
// the selected specs, adding up to them ("270 passed, 0 failed, 4 not
// applicable, 2 not verified").
func (c Counts) SpecLine() string { return Join(c.Specs.SpecItems()) }

// RuleLine is the rules' counts in one line, adding up to the catalog:
// "140 passed, 0 failed, 5 not applicable, 10 no spec, 64 not testable (of
// 219 rules)".
func (c Counts) RuleLine() string {
	return fmt.Sprintf("%s (%d in the catalog)", Join(c.Rules.RuleItems()), c.Rules.Catalog)
}

// ByKey is every count under its name in the JSON report, "specs.passed",
// "rules.not_applicable": how the HTML report marks the counts it shows
// (data-count), so that a reader of either finds the same name.
func (c Counts) ByKey() map[string]int {
	b, _ := json.Marshal(c) // ints only: cannot fail
	var m map[string]map[string]int
	json.Unmarshal(b, &m)
	out := map[string]int{}
	for group, counts := range m {
		for k, n := range counts {
			out[group+"."+k] = n
		}
	}
	return out
}
