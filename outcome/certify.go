package outcome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
)

// The certification policy, in five lines (the README states it too):
//
//  1. CERTIFIED needs a whole run: every spec of the suite selected, none
//     interrupted or not run, no harness or lab fault (else no verdict,
//     unless the provider failed before the fault: not certified).
//  2. It is refused for any failed spec whose failure is not waived, any
//     failure outside the specs, and any waived must-rule (a waiver
//     tolerates a should- or may-rule only).
//  3. It is refused for a skip the configuration caused (not configured:
//     an address family missing, a --timeout shorter than the provider's
//     time-outs) and for a skip of no kind (a harness bug).
//  4. It is not refused, and the certificate lists as its limits: specs not
//     applicable (the adapter declares it lacks the feature: the
//     declaration is named), not observable (the provider took a path the
//     pages allow), not verified (a test hook the provider does not offer),
//     and waived should- and may-rules.
//  5. Its scope counts every catalog rule by verdict: the rules no spec
//     checks yet, and those NDKPI does not let a consumer observe, are
//     listed as the suite's limits, not the provider's.

// Certification is the certification verdict of a run.
type Certification struct {
	Certified bool
	// NoVerdict: the run says nothing of the provider either way (it was
	// cut short, or the harness or the lab failed).
	NoVerdict bool
	// Reasons say what stopped certification, one line each.
	Reasons []string
	// Limits are what the verdict does not speak for, grouped.
	Limits []Limit
	// Counts are the run's counts (Count).
	Counts Counts
}

// Limit kinds, besides the skip kinds (finding.NotApplicable,
// NotObservable, NotVerified).
const (
	LimitWaived      = "waived"
	LimitNoSpec      = "no spec"
	LimitPartly      = "partly covered"
	LimitNotTestable = "not testable"
)

// Limit is one thing a certificate does not speak for.
type Limit struct {
	// Kind is a skip kind or a Limit* kind.
	Kind string `json:"kind"`
	// What is the declaration (not applicable), the reason (not
	// observable, not verified), the waiver's reason (waived), or what the
	// suite lacks.
	What string `json:"what"`
	// Specs is how many specs the limit kept from concluding.
	Specs int `json:"specs,omitempty"`
	// Rules are the rules left without a verdict of passed by it, and the
	// clauses (of rules that passed otherwise) no spec checked because of
	// it.
	Rules []string `json:"rules,omitempty"`
}

// String is the limit in one line.
func (l Limit) String() string {
	s := l.Kind + ": " + l.What
	var parts []string
	if l.Specs > 0 {
		parts = append(parts, fmt.Sprintf("%d %s", l.Specs, Plural(l.Specs, "spec", "specs")))
	}
	if len(l.Rules) > 0 {
		parts = append(parts, strings.Join(l.Rules, " "))
	}
	if len(parts) > 0 {
		s += " (" + strings.Join(parts, "; ") + ")"
	}
	return s
}

// Headline is the verdict with its scope: "CERTIFIED for 140 of 219
// catalog rules (5 not applicable, ...)".
func (c Certification) Headline() string {
	v := "NOT CERTIFIED"
	switch {
	case c.Certified:
		v = "CERTIFIED"
	case c.NoVerdict:
		v = "NO VERDICT"
	}
	return v + " " + Scope(c.Counts.Rules)
}

// Scope says what a verdict speaks for: "for 140 of 219 catalog rules
// passed (5 not applicable, 2 not observable, 1 not verified; 10 without
// a spec yet, 64 not testable through NDKPI)".
func Scope(c RuleCounts) string {
	var mid []string
	for _, v := range []RuleVerdict{RuleFailed, RuleWaived, RuleNotApplicable, RuleNotObservable, RuleNotVerified, RuleNotConcluded, RuleNotRun, RuleNotSelected} {
		if n := c.Of(v); n > 0 {
			mid = append(mid, fmt.Sprintf("%d %s", n, v))
		}
	}
	var suite []string
	if c.NoSpec > 0 {
		suite = append(suite, fmt.Sprintf("%d without a spec yet", c.NoSpec))
	}
	if c.NotTestable > 0 {
		suite = append(suite, fmt.Sprintf("%d not testable through NDKPI", c.NotTestable))
	}
	s := fmt.Sprintf("for %d of %d catalog rules passed", c.Passed, c.Catalog)
	groups := []string{}
	if len(mid) > 0 {
		groups = append(groups, strings.Join(mid, ", "))
	}
	if len(suite) > 0 {
		groups = append(groups, strings.Join(suite, ", "))
	}
	if len(groups) > 0 {
		s += " (" + strings.Join(groups, "; ") + ")"
	}
	return s
}

// Certify judges a run for certification (see the policy above).
func Certify(r Result) Certification {
	c := Certification{Counts: Count(r)}
	n := c.Counts.Specs
	if r.Interrupted != "" {
		c.NoVerdict = true
		c.Reasons = append(c.Reasons, "the run was cut short: "+r.Interrupted)
	}
	for _, f := range r.Faults {
		// a fault leaves no verdict, unless the provider failed first:
		// that failure stands (the run's verdict is fail, not error)
		c.NoVerdict = c.NoVerdict || n.Failed == 0 && len(r.SuiteFailures) == 0
		c.Reasons = append(c.Reasons, "harness or lab fault, not the provider's: "+f)
	}
	if n.Interrupted > 0 {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d interrupted %s", n.Interrupted, Plural(n.Interrupted, "spec", "specs")))
	}
	if n.NotRun > 0 {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d %s not run", n.NotRun, Plural(n.NotRun, "spec", "specs")))
	}
	if n.Failed > 0 {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d failed %s%s", n.Failed, Plural(n.Failed, "spec", "specs"), ruleSuffix(failedRules(r))))
	}
	if k := len(r.SuiteFailures); k > 0 {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d %s outside any spec: %s", k, Plural(k, "failure", "failures"), FirstLine(r.SuiteFailures[0])))
	}
	var must []string
	for _, rr := range r.Rules {
		if rr.Verdict == RuleWaived && rr.Rule.Strength == catalog.Must {
			must = append(must, rr.Rule.ID)
		}
	}
	if len(must) > 0 {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d waived %s (%s): a waiver tolerates a should- or may-rule only", len(must), Plural(len(must), "must-rule", "must-rules"), strings.Join(must, " ")))
	}
	for _, g := range skipGroups(r, finding.NotConfigured) {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d %s not configured: %s", g.Specs, Plural(g.Specs, "spec", "specs"), g.What))
	}
	if n.Unexplained > 0 {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d %s skipped without saying why (a harness bug)", n.Unexplained, Plural(n.Unexplained, "spec", "specs")))
	}
	if n.NotSelected > 0 {
		c.Reasons = append(c.Reasons, fmt.Sprintf("%d %s not selected (a certification runs every spec)", n.NotSelected, Plural(n.NotSelected, "spec", "specs")))
	}
	if n.Selected == 0 {
		c.Reasons = append(c.Reasons, "no spec ran")
	}
	c.Certified = len(c.Reasons) == 0
	c.Limits = Limits(r)
	return c
}

// Limits are what a run's verdict does not speak for, grouped: the skips
// that are the provider's to make (not applicable, by declaration; not
// observable and not verified, by reason), the waived rules that do not
// block certification, and what the suite does not check yet.
func Limits(r Result) []Limit {
	var out []Limit
	for _, kind := range []finding.SkipKind{finding.NotApplicable, finding.NotObservable, finding.NotVerified} {
		out = append(out, skipGroups(r, kind)...)
	}
	for _, rr := range r.Rules {
		if rr.Verdict == RuleWaived && rr.Rule.Strength != catalog.Must {
			out = append(out, Limit{Kind: LimitWaived, What: strings.Join(rr.Waivers(), "; "), Rules: []string{rr.Rule.ID}})
		}
	}
	var noSpec, partly []string
	untestable := 0
	for _, rr := range r.Rules {
		switch rr.Coverage {
		case NoSpec:
			noSpec = append(noSpec, rr.Rule.ID)
		case PartlyCovered:
			var ids []string
			for _, c := range rr.MissingClauses() {
				if c.Observable() {
					ids = append(ids, c.ID)
				}
			}
			partly = append(partly, ids...)
		case NotTestable:
			untestable++
		}
	}
	if len(noSpec) > 0 {
		out = append(out, Limit{Kind: LimitNoSpec, What: "rules the suite has no spec for yet", Rules: noSpec})
	}
	if len(partly) > 0 {
		out = append(out, Limit{Kind: LimitPartly, What: "clauses the suite has no spec for yet", Rules: partly})
	}
	if untestable > 0 {
		out = append(out, Limit{Kind: LimitNotTestable, What: fmt.Sprintf("%d %s NDKPI does not let a consumer observe (driver package, INF, permissions; see 'ndkconform rules')", untestable, Plural(untestable, "rule", "rules"))})
	}
	return out
}

// skipGroups groups the specs of r skipped with kind by their declaration
// (not applicable) or reason, in run order, each with the rules they
// leave without a verdict of passed.
func skipGroups(r Result, kind finding.SkipKind) []Limit {
	verdictOf := map[string]RuleVerdict{}
	for _, rr := range r.Rules {
		verdictOf[rr.Rule.ID] = rr.Verdict
	}
	// a clause is checked when a spec labelled with it passed
	checked := map[string]bool{}
	for _, s := range r.Specs {
		if s.State == Passed {
			for _, c := range s.Clauses {
				checked[c] = true
			}
		}
	}
	var out []Limit
	add := func(skip finding.Skip, rules []string) {
		what := skip.Reason
		if kind == finding.NotApplicable && skip.Declaration != "" {
			what = skip.Declaration
		}
		k := slices.IndexFunc(out, func(l Limit) bool { return l.What == what })
		if k < 0 {
			out = append(out, Limit{Kind: string(kind), What: what})
			k = len(out) - 1
		}
		out[k].Specs++
		for _, id := range rules {
			v, ok := verdictOf[id]
			if (ok && v != RulePassed || finding.IsClauseID(id)) && !slices.Contains(out[k].Rules, id) {
				out[k].Rules = append(out[k].Rules, id)
			}
		}
	}
	for _, s := range r.Specs {
		for _, u := range s.Unchecked {
			if u.Kind == kind && s.State == Passed {
				add(u, u.Rules)
			}
		}
		if s.SkipKind() != kind {
			continue
		}
		// the rules it leaves without a pass, and the clauses of rules
		// that passed otherwise which no spec checked
		ids := slices.Clone(s.Rules)
		for _, c := range s.Clauses {
			if !checked[c] && verdictOf[finding.ClauseRule(c)] == RulePassed {
				ids = append(ids, c)
			}
		}
		add(*s.Skip, ids)
	}
	return out
}

// failedRules are the rules whose verdict is failed, in catalog order.
func failedRules(r Result) []string {
	var ids []string
	for _, rr := range r.Rules {
		if rr.Verdict == RuleFailed {
			ids = append(ids, rr.Rule.ID)
		}
	}
	return ids
}

func ruleSuffix(ids []string) string {
	switch {
	case len(ids) == 0:
		return " (against no rule)"
	case len(ids) > 12:
		return " (" + strings.Join(ids[:12], " ") + fmt.Sprintf(" and %d more)", len(ids)-12)
	}
	return " (" + strings.Join(ids, " ") + ")"
}
