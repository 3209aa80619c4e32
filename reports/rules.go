package reports

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
)

// Rule verdicts: the outcome of a run for one rule of the catalog.
const (
	// RulePassed: the rule has specs in the run, every one of them passed
	// or skipped as not observable, and at least one passed.
	RulePassed = "passed"
	// RuleFailed: a failure is attributed to the rule and it is not waived.
	RuleFailed = "failed"
	// RuleWaived: a failure is attributed to the rule and it is waived.
	RuleWaived = "waived"
	// RuleNotCovered: no spec of the suite is labelled with the rule (the
	// rule's Reason, if any, says why none can be).
	RuleNotCovered = "not covered"
	// RuleNotObservable: every spec of the rule skipped with "not
	// observable: ...": the provider never took the path the rule binds.
	RuleNotObservable = "not observable"
	// RuleSkipped: a spec of the rule was skipped (other than as not
	// observable) or pending, or failed against another rule, so the rule
	// was not fully checked; none of its failures is attributed to it.
	RuleSkipped = "skipped"
	// RuleNotSelected: the rule has specs, but the run's filters left them
	// all out.
	RuleNotSelected = "not selected"
	// RuleNotRun (interrupt.go): a spec of the rule did not run.
)

// NotObservable reports whether the spec skipped as not observable.
func (s Spec) NotObservable() bool {
	return (s.State == "skipped" || s.State == "pending") && strings.HasPrefix(s.Failure, string(finding.NotObservable)+":")
}

// RuleResult is the outcome of a run for one rule of the catalog.
type RuleResult struct {
	Rule catalog.Rule
	// Verdict is one of the Rule* verdicts.
	Verdict string
	// Specs are the names of the run's specs labelled with the rule, in
	// run order.
	Specs []string
	// Failures are the observed behaviour: the failure texts of the failed
	// specs attributed to the rule; FailedSpecs[i] is the spec that failed
	// with Failures[i] (it need not be labelled with the rule: a failure
	// that names a rule counts against that rule).
	Failures    []string
	FailedSpecs []string
	// Waiver is the reason the waivers file gives for the rule, or "".
	Waiver string
	// Notes say why specs of the rule did not conclude, each with how many
	// ("2 specs: not observable: ..."): the distinct skip reasons of its
	// skipped specs, and that a spec failed against other rules only.
	Notes []string
	// Coverage is how far the suite's specs (those the run selected and
	// those it left out) check the rule: catalog.StatusCovered,
	// StatusPartlyCovered (a compound rule some clause of which no spec
	// covers), StatusNoSpec or StatusNotObservable.
	Coverage string
	// Clauses are the rule's clauses, if it is compound, each with the
	// specs of the suite that cover it.
	Clauses []ClauseResult
}

// ClauseResult is a clause of a compound rule and the specs of the suite
// labelled with it (finding.ClauseLabel), selected or not, in run order.
type ClauseResult struct {
	Clause catalog.Clause
	Specs  []string
}

// Covered reports whether a spec of the suite covers the clause.
func (cr ClauseResult) Covered() bool { return len(cr.Specs) > 0 }

// MissingClauses are the clauses of the rule no spec covers, those that
// cannot be covered (with a Reason) included.
func (rr RuleResult) MissingClauses() []catalog.Clause {
	var out []catalog.Clause
	for _, cr := range rr.Clauses {
		if !cr.Covered() {
			out = append(out, cr.Clause)
		}
	}
	return out
}

// Stale reports whether the rule is waived but passed: the waiver is no
// longer needed.
func (rr RuleResult) Stale() bool { return rr.Waiver != "" && rr.Verdict == RulePassed }

// Waivers maps a rule ID to the reason it is waived.
type Waivers map[string]string

// ParseWaivers reads a waivers file: one "RULE-ID reason..." per line, the
// ID a rule of the catalog and the reason not empty; blank lines and lines
// starting with # are ignored. An error names the line.
func ParseWaivers(r io.Reader) (Waivers, error) {
	w := Waivers{}
	lines := map[string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if n == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		id, reason := fields[0], strings.Join(fields[1:], " ")
		switch _, known := catalog.Lookup(id); {
		case !catalog.IsRuleID(id):
			return nil, fmt.Errorf("line %d: %q is not a rule ID (want \"RULE-ID reason\", e.g. \"LC-15 vendor bug 123\")", n, id)
		case !known:
			return nil, fmt.Errorf("line %d: unknown rule %s (not in the catalog; see 'ndkconform rules')", n, id)
		case reason == "":
			return nil, fmt.Errorf("line %d: waiver of %s gives no reason", n, id)
		case lines[id] != 0:
			return nil, fmt.Errorf("line %d: %s is waived twice (also on line %d)", n, id, lines[id])
		}
		lines[id] = n
		w[id] = reason
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	return w, nil
}

// attribution is the rules a failed spec's failure counts against: the
// catalog rules its violations name. Empty: the failure names no rule (a
// step the spec needed failed, the provider panicked, the harness failed),
// counts against none and cannot be waived.
func attribution(s Spec) []string {
	var ids []string
	for _, id := range finding.Rules(s.Violations) {
		if _, ok := catalog.Lookup(id); ok {
			ids = append(ids, id)
		}
	}
	return ids
}

// Attribution returns the rules the failure of spec s counts against (nil
// if s did not fail): the catalog rules its violations name.
func Attribution(s Spec) []string {
	if !s.Failed() {
		return nil
	}
	return attribution(s)
}

// waivedSpec reports whether a failed spec's failure is waived: it counts
// against at least one rule and every one of them is waived (an
// interrupted spec is never waived).
func waivedSpec(s Spec, w Waivers) bool {
	if s.State == "interrupted" {
		return false // the run was cut short: nothing the provider did
	}
	ids := attribution(s)
	if len(ids) == 0 {
		return false
	}
	for _, id := range ids {
		if _, ok := w[id]; !ok {
			return false
		}
	}
	return true
}

// RuleResults is the outcome of run r for every rule of the catalog, in
// catalog order, with the waivers applied.
func RuleResults(r Run, waivers Waivers) []RuleResult {
	rules := catalog.All()
	pos := make(map[string]int, len(rules))
	out := make([]RuleResult, len(rules))
	for i, rule := range rules {
		pos[rule.ID] = i
		out[i] = RuleResult{Rule: rule, Waiver: waivers[rule.ID]}
	}
	// per rule: how its specs fared
	type tally struct{ passed, notObservable, inconclusive int }
	t := make([]tally, len(rules))
	notes, noteN := make([][]string, len(rules)), make([][]int, len(rules))
	for _, s := range r.Specs {
		var blamed []string
		if s.Failed() {
			blamed = attribution(s)
			for _, id := range blamed {
				i := pos[id]
				out[i].Failures = append(out[i].Failures, s.Failure)
				out[i].FailedSpecs = append(out[i].FailedSpecs, s.Name)
			}
		}
		seen := map[string]bool{}
		for _, id := range s.Rules {
			i, ok := pos[id]
			if !ok || seen[id] {
				continue
			}
			seen[id] = true
			out[i].Specs = append(out[i].Specs, s.Name)
			note := ""
			switch {
			case s.State == "passed":
				t[i].passed++
			case s.NotObservable():
				t[i].notObservable++
				note = FirstLine(s.Failure)
			case s.Failed() && slices.Contains(blamed, id):
				// counted as a failure
			case s.Failed() && len(blamed) > 0:
				t[i].inconclusive++
				note = fmt.Sprintf("a spec failed against %s before concluding on %s", strings.Join(blamed, " "), id)
			case s.Failed():
				t[i].inconclusive++
				note = "a spec failed against no rule: " + FirstLine(s.Failure)
			default:
				t[i].inconclusive++
				note = s.State + ": " + cmp.Or(FirstLine(s.Failure), "no reason given")
			}
			if note != "" {
				k := slices.Index(notes[i], note)
				if k < 0 {
					k = len(notes[i])
					notes[i] = append(notes[i], note)
					noteN[i] = append(noteN[i], 0)
				}
				noteN[i][k]++
			}
		}
	}
	unselected := map[string]bool{}
	for _, s := range r.Unselected {
		for _, id := range s.Rules {
			unselected[id] = true
		}
	}
	coverage(out, pos, append(slices.Clip(r.Specs), r.Unselected...))
	for i := range out {
		rr := &out[i]
		for k, note := range notes[i] {
			rr.Notes = append(rr.Notes, fmt.Sprintf("%d %s: %s", noteN[i][k], plural(noteN[i][k], "spec", "specs"), note))
		}
		switch {
		case len(rr.Failures) > 0 && rr.Waiver != "":
			rr.Verdict = RuleWaived
		case len(rr.Failures) > 0:
			rr.Verdict = RuleFailed
		case len(rr.Specs) == 0 && unselected[rr.Rule.ID]:
			rr.Verdict = RuleNotSelected
		case len(rr.Specs) == 0:
			rr.Verdict = RuleNotCovered
		case t[i].inconclusive > 0:
			rr.Verdict = RuleSkipped
		case t[i].passed > 0:
			rr.Verdict = RulePassed
		default:
			rr.Verdict = RuleNotObservable
		}
	}
	return out
}

// coverage fills in each result's Coverage and Clauses from the labels of
// specs, every spec of the suite (selected or not).
func coverage(out []RuleResult, pos map[string]int, specs []Spec) {
	ruleSpecs := make([]int, len(out))
	clauseSpecs := make([]map[string][]string, len(out))
	for _, s := range specs {
		seen := map[string]bool{}
		for _, id := range s.Rules {
			if i, ok := pos[id]; ok && !seen[id] {
				seen[id] = true
				ruleSpecs[i]++
			}
		}
		for _, l := range s.Labels {
			id, ok := finding.ClauseOf(l)
			if !ok || seen[l] || !seen[finding.ClauseRule(id)] {
				continue
			}
			seen[l] = true
			i := pos[finding.ClauseRule(id)]
			if clauseSpecs[i] == nil {
				clauseSpecs[i] = map[string][]string{}
			}
			clauseSpecs[i][id] = append(clauseSpecs[i][id], s.Name)
		}
	}
	for i := range out {
		rr := &out[i]
		rr.Clauses = nil
		for k, c := range rr.Rule.Clauses {
			// The catalog's mark says whether the suite covers the clause;
			// in a report the suite is the run's specs.
			c.Covered = len(clauseSpecs[i][c.ID]) > 0
			rr.Rule.Clauses[k] = c
			rr.Clauses = append(rr.Clauses, ClauseResult{Clause: c, Specs: clauseSpecs[i][c.ID]})
		}
		rr.Coverage = catalog.CoverageStatus(rr.Rule, ruleSpecs[i], func(k int) int { return len(rr.Clauses[k].Specs) })
	}
}

// Scope is what a run judges of the provider: the catalog's provider rules
// (actor P or MAY/P), of which Complete have complete specs (every clause of
// a compound rule covered), NotObservable cannot be observed through the
// provider interface (they have a Reason), and Incomplete have no spec or
// only partly cover the rule (Partly of them).
type Scope struct {
	ProviderRules, Complete, NotObservable, Incomplete, Partly int
}

// IsProviderRule reports whether rule r binds the provider: actor P, or
// MAY/P (a consumer permission the provider must cope with).
func IsProviderRule(r catalog.Rule) bool { return r.Actor == "P" || r.Actor == "MAY/P" }

// ScopeOf counts the provider rules of results by coverage.
func ScopeOf(results []RuleResult) Scope {
	var s Scope
	for _, rr := range results {
		if !IsProviderRule(rr.Rule) {
			continue
		}
		s.ProviderRules++
		switch {
		case !rr.Rule.Observable():
			s.NotObservable++
		case rr.Coverage == catalog.StatusCovered:
			s.Complete++
		default:
			s.Incomplete++
			if rr.Coverage == catalog.StatusPartlyCovered {
				s.Partly++
			}
		}
	}
	return s
}

// String is the scope in words: "for 70 of 130 provider rules (1 not
// observable through NDKPI, 59 without a complete spec yet)". A partly
// covered rule counts as without a complete spec.
func (s Scope) String() string {
	return fmt.Sprintf("for %d of %d provider %s (%d not observable through NDKPI, %d without a complete spec yet)",
		s.Complete, s.ProviderRules, plural(s.ProviderRules, "rule", "rules"), s.NotObservable, s.Incomplete)
}

// StaleWaivers are the IDs of the waived rules that passed, in catalog
// order.
func StaleWaivers(results []RuleResult) []string {
	var ids []string
	for _, rr := range results {
		if rr.Stale() {
			ids = append(ids, rr.Rule.ID)
		}
	}
	return ids
}

// ApplyWaivers judges run r rule by rule: it sets r.Waivers, r.Rules (see
// RuleResults), r.StaleWaivers and r.Waived (the failed specs whose every
// failure is waived), and makes the verdict VerdictPassed when the run
// failed only through waived failures. w may be nil: no waiver.
func (r *Run) ApplyWaivers(w Waivers) {
	if len(w) == 0 {
		w = nil
	}
	r.Waivers = w
	r.Rules = RuleResults(*r, w)
	markRulesNotRun(*r, r.Rules)
	r.StaleWaivers = StaleWaivers(r.Rules)
	r.Waived = 0
	for _, s := range r.Specs {
		if s.Failed() && waivedSpec(s, w) {
			r.Waived++
		}
	}
	switch {
	case r.Interrupted != "":
		r.Verdict = VerdictInterrupted
	case r.Failed > r.Waived || len(r.SuiteFailures) > 0:
		r.Verdict = VerdictFailed
	case len(r.Specs) == 0:
		r.Verdict = VerdictEmpty
	default:
		r.Verdict = VerdictPassed
	}
}

// SpecWaived reports whether spec s failed and its every failure is waived
// in the run's waivers.
func (r Run) SpecWaived(s Spec) bool { return s.Failed() && waivedSpec(s, r.Waivers) }

// Certification is the certification verdict of a complete run.
type Certification struct {
	Certified bool
	// Reasons say what stopped certification, one line each.
	Reasons []string
	// Scope is what the verdict speaks for.
	Scope Scope
}

// Headline is the verdict with its scope: "CERTIFIED for 70 of 130
// provider rules (1 not observable through NDKPI, 59 without a complete
// spec yet)", or NOT CERTIFIED likewise.
func (c Certification) Headline() string {
	v := "NOT CERTIFIED"
	if c.Certified {
		v = "CERTIFIED"
	}
	return v + " " + c.Scope.String()
}

// Certify judges a run for certification (the run must have applied its
// waivers, see ApplyWaivers): it passes only when the run selected specs,
// no spec failed (a failure waived against a should- or may-rule does not
// count), no spec was skipped, no failure came outside the specs, and no
// must-rule is waived.
func Certify(r Run) Certification {
	var c Certification
	unwaived := r.Failed - r.Waived
	if unwaived > 0 {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d failed %s", unwaived, plural(unwaived, "spec", "specs")))
	}
	if n := len(r.SuiteFailures); n > 0 {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d %s outside any spec", n, plural(n, "failure", "failures")))
	}
	if r.Skipped > 0 {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d skipped %s", r.Skipped, plural(r.Skipped, "spec", "specs")))
	}
	var must []string
	for _, rr := range r.Rules {
		if rr.Verdict == RuleWaived && rr.Rule.Strength == catalog.Must {
			must = append(must, rr.Rule.ID)
		}
	}
	if len(must) > 0 {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d waived %s (%s)", len(must), plural(len(must), "must-rule", "must-rules"), strings.Join(must, " ")))
	}
	c.Reasons = append(c.Reasons, incompleteReasons(r)...)
	if r.NotSelected > 0 {
		// a filtered run (the library's, say): certification runs every spec
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d %s not selected (a certification runs every spec)", r.NotSelected, plural(r.NotSelected, "spec", "specs")))
	}
	if len(r.Specs) == 0 {
		c.Reasons = append(c.Reasons, "no spec ran")
	}
	c.Certified = len(c.Reasons) == 0
	c.Scope = ScopeOf(r.Rules)
	return c
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// RuleCounts counts rule results by verdict.
func RuleCounts(results []RuleResult) map[string]int {
	m := map[string]int{}
	for _, rr := range results {
		m[rr.Verdict]++
	}
	return m
}

// Unverified says, for a verdict line, what the run could not verify even
// though nothing failed: "5 specs not observable, 3 rules unverified"
// (the rules whose every spec was not observable), or "" when every spec
// concluded.
func (r Run) Unverified() string {
	specs := 0
	for _, s := range r.Specs {
		if s.NotObservable() {
			specs++
		}
	}
	if specs == 0 {
		return ""
	}
	rules := RuleCounts(r.Rules)[RuleNotObservable]
	return fmt.Sprintf("%d %s not observable, %d %s unverified", specs, plural(specs, "spec", "specs"), rules, plural(rules, "rule", "rules"))
}
