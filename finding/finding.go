// Package finding is the contract between the harness that observes a
// provider and the reports that judge it: rule IDs, the violation (what
// rule was broken, by which call on which object of which side, what was
// expected and what was observed), the reasons a spec gives when it skips,
// and the names of the report entries that carry them from a spec to the
// reports.
//
// It is a leaf: it imports nothing of the project, so that suite, reports,
// catalog and the CLI agree on one definition instead of each keeping a
// copy of the strings.
package finding

import (
	"encoding/json"
	"regexp"
	"strings"
)

// Violation is one breach of a rule, as the consumer side saw it.
type Violation struct {
	// Rule is the RULES.md ID of the rule broken, e.g. "LT-16"; empty for a
	// failure that breaks no rule of the catalog (a provider call that
	// panicked, a harness error, a step a spec needs that failed).
	Rule string `json:"rule,omitempty"`
	// Clause is the clause of Rule the violation breaks ("CN-3.timeout"),
	// when the rule is compound and the spec covers one clause of it (or
	// the spec names the clause): a waiver may name the clause alone.
	Clause string `json:"clause,omitempty"`
	// Call is the NDKPI function or callback involved, e.g. "NdkListen" or
	// "NdkCloseCompletion".
	Call string `json:"call,omitempty"`
	// Object is the harness's name for the object, e.g. "listener#3".
	Object string `json:"object,omitempty"`
	// Side is "A" or "B", the side the object belongs to.
	Side string `json:"side,omitempty"`
	// Expected is what the rule requires.
	Expected string `json:"expected,omitempty"`
	// Observed is what the provider did.
	Observed string `json:"observed,omitempty"`
	// Setup marks the failure of a step a spec needs that checks no rule
	// of its own (a connection to set up, an object to create: Rule is
	// empty): a spec whose every violation is one charges no rule, and
	// the run is no verdict on the provider ("setup failed").
	Setup bool `json:"setup,omitempty"`
}

// String is the violation in one line (or a few, when Observed has
// several): "LT-16: NdkCloseObject on pd#2 (side A): expected ...;
// observed ...".
func (v Violation) String() string {
	var b strings.Builder
	if v.Rule != "" {
		b.WriteString(v.Rule)
		b.WriteString(": ")
	}
	if where := v.Where(); where != "" {
		b.WriteString(where)
		b.WriteString(": ")
	}
	switch {
	case v.Expected != "" && v.Observed != "":
		b.WriteString("expected " + v.Expected + "; observed " + v.Observed)
	case v.Expected != "":
		b.WriteString("expected " + v.Expected)
	default:
		b.WriteString(v.Observed)
	}
	return b.String()
}

// Where names the call and object: "NdkListen on listener#3 (side B)".
func (v Violation) Where() string {
	s := v.Call
	if v.Object != "" {
		if s != "" {
			s += " on "
		}
		s += v.Object
	}
	if v.Side != "" {
		if s != "" {
			s += " "
		}
		s += "(side " + v.Side + ")"
	}
	return s
}

// Report entry names. A spec's report carries one EntryViolation entry per
// violation (its value is the Violation, its JSON the Violation's), when
// it failed one EntryTrace entry with the callbacks the provider made (or
// an EntryDetails entry, a spec that records no callbacks: a model spec's
// failing sequence), and when it skipped one EntrySkip entry (its value
// the Skip).
const (
	EntryViolation = "ndkconform violation"
	EntryTrace     = "callback trace"
	// EntryDetails carries what a failure adds to its violation for the
	// reader (suite.ViolateWith): a model spec's shortest failing sequence
	// and the command that replays it. The console summary prints it under
	// the spec's observation.
	EntryDetails = "ndkconform details"
	// EntrySkip carries the Skip of a spec that skipped.
	EntrySkip = "ndkconform skip"
	// EntryUnchecked carries a Skip with Rules: rules of a spec that ran
	// on which it could not check (the adapter declares it lacks what they
	// are about).
	EntryUnchecked = "ndkconform unchecked rules"
)

// DecodeViolation reads the JSON of an EntryViolation entry.
func DecodeViolation(asJSON string) (Violation, bool) {
	var v Violation
	if err := json.Unmarshal([]byte(asJSON), &v); err != nil {
		return Violation{}, false
	}
	return v, true
}

// Rules are the distinct rule IDs the violations name, in order.
func Rules(vs []Violation) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range vs {
		if v.Rule != "" && !seen[v.Rule] {
			seen[v.Rule] = true
			out = append(out, v.Rule)
		}
	}
	return out
}

// SkipKind says why a spec concluded nothing about its rules. The kinds
// are kept apart because they mean different things on a certificate: what
// the adapter says it does not have, what the provider's allowed choices
// hid, what the test set-up could not provoke, and what the run's
// configuration left out.
type SkipKind string

// The kinds of skip.
const (
	// NotApplicable: the adapter declares it does not have what the spec
	// needs (a flag it does not set, a limit of 0 or too small, no MDL
	// chains); Skip.Declaration names the declaration. A legitimate
	// outcome: the rule binds only adapters that have it.
	NotApplicable SkipKind = "not applicable"
	// NotObservable: the provider took a path the documents allow (a call
	// completed inline, an allowed failure status, a time-out it may
	// choose) and the consumer cannot force another, so the path the rule
	// binds was never taken.
	NotObservable SkipKind = "not observable"
	// NotVerified: the path needs a test hook the provider does not offer
	// (fault injection: ndk.FaultInjector, ndk.CQFaultInjector,
	// ndk.SRQFaultInjector; MDL chains through the Go interface).
	NotVerified SkipKind = "not verified"
	// NotConfigured: the run's configuration gives the spec nothing to run
	// on (no address of a family for a side, a --timeout shorter than the
	// provider's own time-out): another configuration would run it.
	NotConfigured SkipKind = "not configured"
	// Unexplained: a spec skipped without saying which kind of skip (a
	// harness bug: every skip of the suite goes through suite's
	// NotApplicable, NotObservable, NotVerified or NotConfigured).
	Unexplained SkipKind = "unexplained"
)

// SkipKinds are the kinds, in the order the reports list them.
func SkipKinds() []SkipKind {
	return []SkipKind{NotApplicable, NotObservable, NotVerified, NotConfigured, Unexplained}
}

// Skip is why a spec skipped, attached to the spec's report as an
// EntrySkip entry before it skips.
type Skip struct {
	Kind SkipKind `json:"kind"`
	// Declaration, for NotApplicable, is what the adapter declares, as
	// NDK_ADAPTER_INFO names it: "MaxSrqDepth 0", "no
	// NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED".
	Declaration string `json:"declaration,omitempty"`
	// Reason says in words what was tried and why the spec cannot
	// conclude.
	Reason string `json:"reason"`
	// Rules, for a spec that ran on, are the rules of its labels it could
	// not check for this reason (an EntryUnchecked entry): it concludes on
	// its other rules only.
	Rules []string `json:"rules,omitempty"`
}

// String is the skip in one line: "not applicable: REASON".
func (s Skip) String() string {
	kind := s.Kind
	if kind == "" {
		kind = Unexplained
	}
	if s.Reason == "" {
		return string(kind)
	}
	return string(kind) + ": " + s.Reason
}

// DecodeSkip reads the JSON of an EntrySkip entry.
func DecodeSkip(asJSON string) (Skip, bool) {
	var s Skip
	if err := json.Unmarshal([]byte(asJSON), &s); err != nil || s.Kind == "" {
		return Skip{}, false
	}
	return s, true
}

var ruleIDSyntax = regexp.MustCompile(`^[A-Z]{2,3}-\d+$`)

// IsRuleID reports whether s has the syntax of a RULES.md ID: two or three
// capital letters, a hyphen, digits ("LC-14"). Whether the catalog has the
// rule is the catalog's to say.
func IsRuleID(s string) bool { return ruleIDSyntax.MatchString(s) }

// Clauses. The catalog splits a compound rule (one that names several
// situations, each with its own status) into clauses, whose IDs are the
// rule's ID, a dot and a word: "CN-3.timeout". A spec that covers a clause
// carries, besides the rule's ID, the label ClauseLabel(id),
// "clause:CN-3.timeout". It is a Ginkgo label set (key "clause"), so
// --label-filter 'clause: containsAny CN-3.timeout' selects its specs.
const ClauseLabelPrefix = "clause:"

var clauseIDSyntax = regexp.MustCompile(`^([A-Z]{2,3}-\d+)\.[a-z][a-z0-9-]*$`)

// IsClauseID reports whether s has the syntax of a clause ID: a rule ID, a
// dot and a lower-case word ("CN-3.timeout").
func IsClauseID(s string) bool { return clauseIDSyntax.MatchString(s) }

// ClauseRule is the rule ID of clause ID id ("CN-3" for "CN-3.timeout"),
// or "" if id is not a clause ID.
func ClauseRule(id string) string {
	m := clauseIDSyntax.FindStringSubmatch(id)
	if m == nil {
		return ""
	}
	return m[1]
}

// ClauseLabel is the spec label that says the spec covers clause id.
func ClauseLabel(id string) string { return ClauseLabelPrefix + id }

// ClauseOf returns the clause ID a spec label names, if it is a clause
// label with a well-formed ID.
func ClauseOf(label string) (string, bool) {
	id, ok := strings.CutPrefix(label, ClauseLabelPrefix)
	if !ok || !IsClauseID(id) {
		return "", false
	}
	return id, true
}
