package reports

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/outcome"
)

// The HTML report's failed rules: the failures grouped by rule, a spec
// under every rule it is charged to (ruleFailures; the console lists it
// once, FailedRules), so that each rule of the rule table with failures
// links to its group; and in a group the specs whose failures are the
// same up to numbers (object numbers, seeds, times, addresses) shown as
// one block. A block's full text is on the page once: a later block with
// the same text, under another rule, links to it.
type (
	htmlFailSpec struct{ Name, Observation, Rerun string }
	htmlBlock    struct {
		Observation string
		N           int
		Same        string // how alike the block's failures are, when N > 1
		Specs       []htmlFailSpec
		More        []htmlFailSpec // behind <details>
		Full        string         // the full text, "" when shown elsewhere or one line
		Lines       int
		FullID      string // the anchor of the full text
		SeeID       string // the anchor of the same text elsewhere
		SeeRule     string
	}
	htmlFailGroup struct {
		ID, Anchor, Text, Waiver string
		N                        int
		Blocks                   []htmlBlock
	}
	htmlLegendRow struct{ Abbr, Meaning string }
	htmlLegend    struct {
		Prefixes, Actors, Strengths, Verdicts []htmlLegendRow
	}
)

// Limits of the failed rules section of the HTML report.
const (
	// htmlSpecsShown specs of a block are listed; the rest behind
	// <details>.
	htmlSpecsShown = 5
	// htmlMaxFullLines and htmlMaxFullBytes bound a failure's full text on
	// the page; the JSON report has all of it.
	htmlMaxFullLines = 150
	htmlMaxFullBytes = 24 << 10
)

// numbers are what near-identical failures differ in.
var numbers = regexp.MustCompile(`[0-9]+`)

// failureKey is the text of a failure up to its numbers.
func failureKey(s string) string { return numbers.ReplaceAllString(s, "#") }

// clip is text cut to htmlMaxFullLines lines and htmlMaxFullBytes bytes,
// saying what it left out.
func clip(text string) string {
	lines := strings.Split(text, "\n")
	out, size := lines, 0
	for i, l := range lines {
		size += len(l) + 1
		if i == htmlMaxFullLines || size > htmlMaxFullBytes {
			out = lines[:i]
			break
		}
	}
	if len(out) == len(lines) {
		return text
	}
	return strings.Join(out, "\n") + fmt.Sprintf("\n... (%d more lines: see the JSON report)", len(lines)-len(out))
}

// ruleFailures groups the failed specs of r as the HTML page lists them,
// in catalog order: not waived, the failures that fail the run under each
// rule they are charged to and no waiver waives (then those charged to no
// rule, under Rule ""); waived, every failed spec under each rule a
// waived violation of it is charged to, with the rule's waivers. A rule
// whose verdict is failed has its group among the first, one whose
// verdict is waived among the second.
func ruleFailures(r Run, waived bool) []RuleFailures {
	byRule := map[string]*RuleFailures{}
	for k, s := range r.Specs {
		if s.State != outcome.Failed || !waived && r.SpecWaived(k) {
			continue
		}
		var ids []string
		for _, v := range s.Violations {
			if outcome.IsRule(v.Rule) && (waiverOf(r, v) != "") == waived && !slices.Contains(ids, v.Rule) {
				ids = append(ids, v.Rule)
			}
		}
		if len(ids) == 0 {
			if waived {
				continue
			}
			ids = []string{""} // charged to no rule
		}
		for _, id := range ids {
			g := byRule[id]
			if g == nil {
				g = &RuleFailures{Rule: id}
				byRule[id] = g
			}
			g.Specs = append(g.Specs, s)
		}
	}
	var out []RuleFailures
	for _, rr := range r.Rules {
		if g := byRule[rr.Rule.ID]; g != nil {
			g.Text = rr.Rule.Text
			if waived {
				g.Waiver = strings.Join(rr.Waivers(), "; ")
			}
			out = append(out, *g)
		}
	}
	if g := byRule[""]; g != nil {
		out = append(out, *g)
	}
	return out
}

// htmlFailGroups is the page's form of groups: anchor "fail-ID" ("fail-
// none" for no rule), or "waived-ID" when waived; fullIDs holds the
// anchors of the full texts already on the page, by failureKey.
func htmlFailGroups(r Run, groups []RuleFailures, waived bool, fullIDs map[string][2]string) []htmlFailGroup {
	var out []htmlFailGroup
	for _, g := range groups {
		hg := htmlFailGroup{ID: g.Rule, Text: g.Text, Waiver: g.Waiver, N: len(g.Specs), Anchor: failAnchor(g.Rule, waived)}
		if g.Rule == "" {
			hg.ID, hg.Text = "no rule", "Failures charged to no catalog rule: a step the spec needed failed, the provider panicked, or the harness failed."
		}
		index := map[string]int{}
		var first []string // the failure of each block's first spec
		for _, s := range g.Specs {
			text := s.Text()
			key := failureKey(text)
			k, ok := index[key]
			if !ok {
				k = len(hg.Blocks)
				index[key] = k
				hg.Blocks = append(hg.Blocks, htmlBlock{Observation: Observation(s, g.Rule), Same: "identical failures"})
				first = append(first, text)
			}
			b := &hg.Blocks[k]
			b.N++
			if text != first[k] {
				b.Same = "the same failure up to numbers (objects, seeds, times)"
			}
			fs := htmlFailSpec{Name: s.Name, Rerun: RerunCommand(r.Meta, s)}
			if o := Observation(s, g.Rule); o != b.Observation {
				fs.Observation = o
			}
			if len(b.Specs) < htmlSpecsShown {
				b.Specs = append(b.Specs, fs)
			} else {
				b.More = append(b.More, fs)
			}
			if ok {
				continue
			}
			b.Lines = strings.Count(strings.TrimSpace(text), "\n") + 1
			if b.Lines == 1 {
				continue // the observation is all of it
			}
			if seen, ok := fullIDs[key]; ok {
				b.SeeID, b.SeeRule = seen[0], seen[1]
				continue
			}
			b.FullID = fmt.Sprintf("full-%d", len(fullIDs)+1)
			b.Full = clip(text)
			fullIDs[key] = [2]string{b.FullID, hg.ID}
		}
		out = append(out, hg)
	}
	return out
}

// failAnchor is the anchor of a rule's group of failures.
func failAnchor(id string, waived bool) string {
	if id == "" {
		id = "none"
	}
	if waived {
		return "waived-" + id
	}
	return "fail-" + id
}

// legend explains the abbreviations on the page: the rule ID prefixes
// (the catalog's sections), the actors, the strengths and the verdicts.
func legend() htmlLegend {
	var l htmlLegend
	sections := map[string][]string{}
	var prefixes []string
	for _, r := range catalog.All() {
		p, _, _ := strings.Cut(r.ID, "-")
		if _, ok := sections[p]; !ok {
			prefixes = append(prefixes, p)
		}
		if !slices.Contains(sections[p], r.Section) {
			sections[p] = append(sections[p], r.Section)
		}
	}
	for _, p := range prefixes {
		l.Prefixes = append(l.Prefixes, htmlLegendRow{p, strings.Join(sections[p], "; ")})
	}
	l.Actors = []htmlLegendRow{
		{"P", "binds the provider"},
		{"MAY", "a permission: what the provider may do"},
		{"MAY/P", "a consumer permission the provider must cope with"},
		{"D", "binds the miniport driver or its driver package"},
		{"INF", "binds the INF file"},
	}
	l.Strengths = []htmlLegendRow{
		{string(catalog.Must), "an obligation"},
		{string(catalog.Should), "a recommendation"},
		{string(catalog.May), "a permission"},
	}
	l.Verdicts = []htmlLegendRow{
		{string(outcome.RulePassed), "no violation is charged to the rule, and a spec of it passed"},
		{string(outcome.RuleFailed), "a violation is charged to the rule and not waived"},
		{string(outcome.RuleWaived), "violations are charged to the rule, each waived: they do not fail the run"},
		{string(outcome.RuleNotApplicable), "every spec of the rule skipped: the adapter declares it does not have what the rule is about"},
		{string(outcome.RuleNotObservable), "the rule's specs skipped: the provider took a path the pages allow, never the one the rule binds"},
		{string(outcome.RuleNotVerified), "the rule's specs skipped: they need a test hook (fault injection) the provider does not offer"},
		{string(outcome.RuleNotConcluded), "no spec of the rule passed: they failed against other rules, or skipped for the configuration"},
		{string(outcome.RuleNotRun), "a spec of the rule was interrupted or not run: the run was cut short"},
		{string(outcome.RuleNotSelected), "the run's filters left out specs of the rule"},
		{string(outcome.RuleNoSpec), "no spec of the suite checks the rule yet"},
		{string(outcome.RuleNotTestable), "NDKPI does not let a consumer observe the rule (its reason is given)"},
		{string(outcome.PartlyCovered), "a clause of a compound rule has no spec yet"},
	}
	return l
}
