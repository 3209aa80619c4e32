package outcome

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
)

// Verdict is the verdict of a run.
type Verdict string

// The verdicts of a run.
const (
	// VerdictPass: every selected spec ran to its end and passed or
	// skipped, every failure is waived, and nothing failed outside the
	// specs.
	VerdictPass Verdict = "pass"
	// VerdictFail: the provider failed: a spec failed against a rule not
	// waived, or against no rule, or the provider crashed outside a spec.
	VerdictFail Verdict = "fail"
	// VerdictError: the harness or the lab failed (a lost agent, a test
	// process that could not start, a selected spec left not run though
	// the run was not cut short, a spec's set-up step that failed charging
	// no rule) before the provider failed anything: no verdict on the
	// provider.
	VerdictError Verdict = "error"
	// VerdictInterrupted: the run was cut short (a signal): no verdict.
	VerdictInterrupted Verdict = "interrupted"
	// VerdictEmpty: no spec was selected: nothing was tested.
	VerdictEmpty Verdict = "empty"
	// VerdictPlan: a dry run, the plan of a run: nothing was tested.
	VerdictPlan Verdict = "plan"
)

// RuleVerdict is the outcome of a run for one rule of the catalog.
type RuleVerdict string

// The rule verdicts. Every rule of the catalog has exactly one.
const (
	// RulePassed: no violation is charged to the rule, and a spec of it
	// passed (its other specs passed or skipped, or failed against other
	// rules only).
	RulePassed RuleVerdict = "passed"
	// RuleFailed: a violation charged to the rule is not waived.
	RuleFailed RuleVerdict = "failed"
	// RuleWaived: violations are charged to the rule, each waived.
	RuleWaived RuleVerdict = "waived"
	// RuleNotApplicable: every spec of the rule skipped because the adapter
	// declares it does not have what the rule is about.
	RuleNotApplicable RuleVerdict = "not applicable"
	// RuleNotObservable: the specs of the rule skipped, one at least as not
	// observable (and none as not verified or worse).
	RuleNotObservable RuleVerdict = "not observable"
	// RuleNotVerified: the specs of the rule skipped, one at least for a
	// missing test hook (and none unexplained or not configured).
	RuleNotVerified RuleVerdict = "not verified"
	// RuleNotConcluded: no spec of the rule passed: they failed against
	// other rules, or skipped unexplained or not configured.
	RuleNotConcluded RuleVerdict = "not concluded"
	// RuleNotRun: a spec of the rule was interrupted or did not run (the
	// run was cut short), and nothing is charged to it.
	RuleNotRun RuleVerdict = "not run"
	// RuleNotSelected: the filters left out a spec of the rule (some or all
	// of them), and nothing is charged to it.
	RuleNotSelected RuleVerdict = "not selected"
	// RuleNoSpec: the rule can be checked through NDKPI, and no spec of the
	// suite does yet.
	RuleNoSpec RuleVerdict = "no spec"
	// RuleNotTestable: the rule cannot be observed through NDKPI (a
	// driver-package or INF duty, a permission nothing can break): its
	// catalog Reason says why.
	RuleNotTestable RuleVerdict = "not testable"
)

// RuleVerdicts are the rule verdicts in the order the counts list them.
func RuleVerdicts() []RuleVerdict {
	return []RuleVerdict{RulePassed, RuleFailed, RuleWaived, RuleNotApplicable, RuleNotObservable, RuleNotVerified,
		RuleNotConcluded, RuleNotRun, RuleNotSelected, RuleNoSpec, RuleNotTestable}
}

// Coverage is how far the suite's specs check a rule.
type Coverage string

// The coverages.
const (
	// Covered: specs check the rule and every clause of it.
	Covered Coverage = "covered"
	// CoveredButUntestable: specs check the rule and every clause of it
	// that can be observed through NDKPI; the others have a Reason.
	CoveredButUntestable Coverage = "covered but for untestable clauses"
	// PartlyCovered: a clause that could be checked has no spec yet.
	PartlyCovered Coverage = "partly covered"
	// NoSpec: no spec checks the rule, though one could.
	NoSpec Coverage = "no spec"
	// NotTestable: the rule cannot be observed through NDKPI.
	NotTestable Coverage = "not testable"
)

// Charge is one violation charged to a rule, by a failed spec.
type Charge struct {
	Spec      string            `json:"spec"`
	Violation finding.Violation `json:"violation"`
	// Waiver is the reason of the waiver that waives it, "" if none does.
	Waiver string `json:"waiver,omitempty"`
}

// RuleResult is the outcome of a run for one rule of the catalog.
type RuleResult struct {
	Rule    catalog.Rule
	Verdict RuleVerdict
	// Specs are the names of the selected specs labelled with the rule,
	// in run order; Unselected those the filters left out.
	Specs, Unselected []string
	// Charges are the violations charged to the rule, in run order (a
	// violation counts against its rule whether or not the spec is
	// labelled with it).
	Charges []Charge
	// Notes say why specs of the rule did not conclude on it, each with
	// how many ("2 specs: not applicable: ..."), in run order.
	Notes []string
	// Coverage is how far the suite checks the rule; Clauses its clauses,
	// each with the specs of the suite labelled with it.
	Coverage Coverage
	Clauses  []ClauseResult
}

// ClauseResult is a clause of a compound rule and the specs of the suite
// (selected or not) labelled with it, in run order.
type ClauseResult struct {
	Clause catalog.Clause
	Specs  []string
}

// Failures are the charges of the rule no waiver waives.
func (rr RuleResult) Failures() []Charge {
	var out []Charge
	for _, c := range rr.Charges {
		if c.Waiver == "" {
			out = append(out, c)
		}
	}
	return out
}

// Waivers are the distinct reasons of the waivers that waive the rule's
// charges.
func (rr RuleResult) Waivers() []string {
	var out []string
	for _, c := range rr.Charges {
		if c.Waiver != "" && !slices.Contains(out, c.Waiver) {
			out = append(out, c.Waiver)
		}
	}
	return out
}

// MissingClauses are the clauses no spec of the suite covers.
func (rr RuleResult) MissingClauses() []catalog.Clause {
	var out []catalog.Clause
	for _, c := range rr.Clauses {
		if len(c.Specs) == 0 {
			out = append(out, c.Clause)
		}
	}
	return out
}

// Result is a run judged: every spec (with whether its failure is
// waived), every catalog rule's verdict, the run's verdict.
type Result struct {
	Run
	Waivers Waivers
	// Waived tells, per spec of Run.Specs, that it failed and every
	// violation charged to a catalog rule is waived.
	Waived []bool
	Rules  []RuleResult
	// Stale are the waived IDs that waived nothing, in a run where their
	// rule passed (for a clause: a spec of the clause passed): the waiver
	// is no longer needed.
	Stale   []string
	Verdict Verdict
}

// SpecWaived reports whether spec i of the run failed and its failure is
// waived.
func (r Result) SpecWaived(i int) bool { return i < len(r.Waived) && r.Waived[i] }

// IsRule reports whether id is a rule of the catalog.
func IsRule(id string) bool {
	_, ok := catalog.Lookup(id)
	return ok
}

// Charged are the catalog rules the failure of s counts against, in the
// order its violations name them (nil unless s failed).
func Charged(s Spec) []string { return s.charged(IsRule) }

// Judge judges run r with waivers w (nil: none): every spec's failure
// charged to the rules its violations name, every catalog rule's verdict,
// the stale waivers, the run's verdict.
func Judge(r Run, w Waivers) Result {
	res := Result{Run: r, Waivers: w, Waived: make([]bool, len(r.Specs))}
	rules := catalog.All()
	pos := make(map[string]int, len(rules))
	res.Rules = make([]RuleResult, len(rules))
	for i, rule := range rules {
		pos[rule.ID] = i
		res.Rules[i] = RuleResult{Rule: rule}
	}
	waivedBy := map[string]bool{} // IDs that waived something
	type tally struct {
		passed, cut, unselected, otherFailed int
		skips                                map[finding.SkipKind]int
	}
	t := make([]tally, len(rules))
	notes := make([]noteList, len(rules))
	for k, s := range r.Specs {
		charged := s.charged(IsRule)
		if len(charged) > 0 {
			all := true
			for _, v := range s.Violations {
				i, ok := pos[v.Rule]
				if !ok {
					continue
				}
				c := Charge{Spec: s.Name, Violation: v}
				if wv := w.waiverOf(v); wv != nil {
					c.Waiver = wv.Reason
					for _, id := range wv.IDs {
						if id == v.Rule || id == v.Clause {
							waivedBy[id] = true
						}
					}
				} else {
					all = false
				}
				res.Rules[i].Charges = append(res.Rules[i].Charges, c)
			}
			res.Waived[k] = all
		}
		for _, id := range dedupe(s.Rules) {
			i, ok := pos[id]
			if !ok {
				continue
			}
			rr := &res.Rules[i]
			if s.State == NotSelected {
				rr.Unselected = append(rr.Unselected, s.Name)
				t[i].unselected++
				continue
			}
			rr.Specs = append(rr.Specs, s.Name)
			switch s.State {
			case Passed:
				if u := s.uncheckedFor(id); u != nil {
					// the spec ran on, without checking this rule
					if t[i].skips == nil {
						t[i].skips = map[finding.SkipKind]int{}
					}
					t[i].skips[u.Kind]++
					notes[i].add(oneLine(u.String()))
					continue
				}
				t[i].passed++
			case Interrupted, NotRun:
				t[i].cut++
			case Skipped:
				if t[i].skips == nil {
					t[i].skips = map[finding.SkipKind]int{}
				}
				t[i].skips[s.SkipKind()]++
				notes[i].add(s.Line())
			case Failed:
				if slices.Contains(charged, id) {
					continue
				}
				t[i].otherFailed++
				if len(charged) > 0 {
					notes[i].add(fmt.Sprintf("failed against %s before concluding on %s", strings.Join(charged, " "), id))
				} else {
					notes[i].add("failed against no rule: " + s.Line())
				}
			}
		}
	}
	coverage(res.Rules, pos, r.Specs)
	for i := range res.Rules {
		rr := &res.Rules[i]
		rr.Notes = notes[i].lines()
		rr.Verdict = ruleVerdict(*rr, t[i].passed, t[i].cut, t[i].unselected, t[i].otherFailed, t[i].skips)
	}
	// a waived clause is stale when a spec of it passed, and nothing was
	// waived by it; a waived rule when the rule passed
	clausePassed := map[string]bool{}
	for _, s := range r.Specs {
		if s.State == Passed {
			for _, c := range s.Clauses {
				clausePassed[c] = true
			}
		}
	}
	for _, id := range w.IDs() {
		rule := cmp.Or(finding.ClauseRule(id), id)
		i, ok := pos[rule]
		if !ok || waivedBy[id] || res.Rules[i].Verdict != RulePassed {
			continue
		}
		if finding.IsClauseID(id) && !clausePassed[id] {
			continue
		}
		res.Stale = append(res.Stale, id)
	}
	if f := setupFault(r); f != "" {
		res.Faults = append(slices.Clip(res.Faults), f)
	}
	res.Verdict = verdict(res)
	if f := unfinishedFault(r); f != "" && res.Verdict == VerdictPass {
		res.Faults = append(slices.Clip(res.Faults), f)
		res.Verdict = VerdictError
	}
	return res
}

// ruleVerdict derives a rule's verdict from what was charged to it and
// how its specs ended.
func ruleVerdict(rr RuleResult, passed, cut, unselected, otherFailed int, skips map[finding.SkipKind]int) RuleVerdict {
	switch {
	case len(rr.Failures()) > 0:
		return RuleFailed
	case len(rr.Charges) > 0:
		return RuleWaived
	case len(rr.Specs) == 0 && len(rr.Unselected) > 0:
		return RuleNotSelected
	case len(rr.Specs) == 0 && !rr.Rule.Observable():
		return RuleNotTestable
	case len(rr.Specs) == 0:
		return RuleNoSpec
	case cut > 0:
		return RuleNotRun
	case unselected > 0:
		return RuleNotSelected
	case passed > 0:
		return RulePassed
	case otherFailed > 0 || skips[finding.Unexplained] > 0 || skips[finding.NotConfigured] > 0:
		return RuleNotConcluded
	case skips[finding.NotVerified] > 0:
		return RuleNotVerified
	case skips[finding.NotObservable] > 0:
		return RuleNotObservable
	}
	return RuleNotApplicable
}

// unfinishedFault is the harness fault of a run that would pass but left
// selected specs not run or interrupted: a pass is a verdict on every
// selected spec, never on some of them.
func unfinishedFault(r Run) string {
	n := 0
	for _, s := range r.Specs {
		if s.Selected() && (s.State == NotRun || s.State == Interrupted) {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d selected %s did not run to its end, though the run was not cut short", n, map[bool]string{true: "spec", false: "specs"}[n == 1])
}

// setupFault is the fault of a run in which specs failed in set-up steps
// charging no rule (FailureSetup): the run concludes nothing on them, and
// cannot pass.
func setupFault(r Run) string {
	n := 0
	for _, s := range r.Specs {
		if s.SetupFailed() {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d selected %s failed in a set-up step that checks no rule: no verdict on the provider", n, map[bool]string{true: "spec", false: "specs"}[n == 1])
}

// verdict is the run's verdict.
func verdict(r Result) Verdict {
	failed := len(r.SuiteFailures) > 0
	selected := 0
	for k, s := range r.Specs {
		if s.Selected() {
			selected++
		}
		if s.State == Failed && !r.SpecWaived(k) && !s.SetupFailed() {
			failed = true
		}
	}
	switch {
	case r.Interrupted != "":
		return VerdictInterrupted
	case failed:
		return VerdictFail
	case len(r.Faults) > 0:
		return VerdictError
	case selected == 0:
		return VerdictEmpty
	case r.DryRun:
		return VerdictPlan
	}
	return VerdictPass
}

// coverage fills in each rule's Coverage and Clauses from the labels of
// every spec of the suite (selected or not).
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
		for _, id := range dedupe(s.Clauses) {
			rule := finding.ClauseRule(id)
			if !seen[rule] {
				continue // a clause label of a rule the spec is not labelled with
			}
			i := pos[rule]
			if clauseSpecs[i] == nil {
				clauseSpecs[i] = map[string][]string{}
			}
			clauseSpecs[i][id] = append(clauseSpecs[i][id], s.Name)
		}
	}
	for i := range out {
		rr := &out[i]
		rr.Clauses = nil
		missing, untestable := 0, 0
		for k, c := range rr.Rule.Clauses {
			c.Covered = len(clauseSpecs[i][c.ID]) > 0
			rr.Rule.Clauses[k] = c
			rr.Clauses = append(rr.Clauses, ClauseResult{Clause: c, Specs: clauseSpecs[i][c.ID]})
			switch {
			case c.Covered:
			case c.Observable():
				missing++
			default:
				untestable++
			}
		}
		switch {
		case ruleSpecs[i] == 0 && !rr.Rule.Observable():
			rr.Coverage = NotTestable
		case ruleSpecs[i] == 0:
			rr.Coverage = NoSpec
		case missing > 0:
			rr.Coverage = PartlyCovered
		case untestable > 0:
			rr.Coverage = CoveredButUntestable
		default:
			rr.Coverage = Covered
		}
	}
}

func dedupe(ids []string) []string {
	var out []string
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// noteList counts distinct notes in the order they first came.
type noteList struct {
	text []string
	n    []int
}

func (l *noteList) add(note string) {
	k := slices.Index(l.text, note)
	if k < 0 {
		l.text, l.n = append(l.text, note), append(l.n, 0)
		k = len(l.text) - 1
	}
	l.n[k]++
}

func (l noteList) lines() []string {
	var out []string
	for k, t := range l.text {
		out = append(out, fmt.Sprintf("%d %s: %s", l.n[k], Plural(l.n[k], "spec", "specs"), t))
	}
	return out
}

// Plural is one or many, as n asks.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
