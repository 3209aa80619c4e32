// Package catalog is ndkconform's rule catalog: every rule of the NDKPI
// rules checklist (docs/reference/ndkpi/RULES.md) that binds the provider
// or the vendor's driver package, or permits the provider something, in the
// project's own words.
//
// The checklist tags each statement with an actor. The catalog keeps the
// statements tagged [P] (provider), [MAY] (a permission), [MAY]/[P] (a
// consumer permission the provider must cope with), [D] (miniport / driver
// package) and [INF] (INF content), and leaves out [C] (what the consumer
// does) and [SYS] (what Windows does), and the untagged lines that bind
// nobody (TE-3, DS-1).
//
// A rule has a Reason when ndkconform cannot observe it through the
// provider interface it drives (package ndk): a driver-package or INF duty,
// a permission nothing can break, a statement that promises nothing. Every
// other rule is the suite's to check; one that no spec is labelled with yet
// is on the suite's work list (see Cover).
package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strconv"

	"github.com/ndkconform/ndkconform/finding"
)

// Strength is how strongly a rule binds.
type Strength string

// The three strengths.
const (
	Must   Strength = "must"   // an obligation
	Should Strength = "should" // a recommendation: "should" statements and "(should)" tags
	May    Strength = "may"    // a permission ([MAY])
)

// Actor is an actor tag rules carry (Rule.Actor) and what it stands for.
type Actor struct {
	// Tag is the tag as Rule.Actor spells it: "P", "MAY/P", "MAY", "D",
	// "INF".
	Tag string
	// Meaning is who the rule binds, in a few words.
	Meaning string
}

// Actors lists the actor tags of the catalog's rules with their meaning
// (RULES.md's header; MAY/P is its [MAY]/[P]), in the order of a legend:
// the provider's tags first.
func Actors() []Actor {
	return []Actor{
		{aP, "the NDK provider (the code under test) must or should do it"},
		{aMayP, "the consumer may do it; the provider must cope with it"},
		{aMay, "explicitly permitted (to the provider, unless the rule names another)"},
		{aD, "a duty of the NDIS miniport driver or driver package"},
		{aINF, "a requirement on the driver package's INF file"},
	}
}

// Meaning is what the strength means, in a few words.
func (s Strength) Meaning() string {
	switch s {
	case Must:
		return "an obligation"
	case Should:
		return "a recommendation"
	case May:
		return "a permission"
	}
	return ""
}

// Strengths are the three strengths, strongest first.
func Strengths() []Strength { return []Strength{Must, Should, May} }

// Rule is one rule of the catalog.
type Rule struct {
	// ID is the rule's ID in RULES.md, such as "LC-14".
	ID string
	// Text is the rule in one sentence: what the provider (or driver
	// package) must, should or may do.
	Text string
	// Strength is Must, Should or May.
	Strength Strength
	// Actor is the RULES.md tag: "P", "MAY", "MAY/P", "D" or "INF".
	Actor string
	// Page is the file name of the documentation page the rule comes from
	// (the first one RULES.md names), such as
	// "ndkpi-object-lifetime-requirements.md": a page of
	// docs/reference/ndkpi/concepts, ddi or ddi-related.
	Page string
	// Section is the RULES.md section the rule is in: the title of the
	// conceptual page for Part A, the section title for Part B.
	Section string
	// Seed is true for a rule from one of the seed pages the project was
	// created from (the pages the rule cites include one): NDKPI listeners,
	// connectors and endpoints; NDK_FN_CREATE_SHARED_ENDPOINT; the
	// NetworkDirect disconnect scheme; NDKPI object lifetime requirements.
	// The project promises a spec for each of them that has no Reason.
	Seed bool
	// Reason, when not empty, says why the rule cannot be observed through
	// the provider interface ndkconform drives.
	Reason string
	// Clauses, for a compound rule (one that names several situations,
	// each with its own outcome), are its parts, in the rule's order. Such
	// a rule is covered only when every clause is; a spec says which
	// clauses it covers with clause labels (finding.ClauseLabel). A rule
	// without clauses is covered by any spec labelled with its ID.
	Clauses []Clause
}

// Clause is one part of a compound rule.
type Clause struct {
	// ID is the rule's ID, a dot and a word: "CN-3.timeout".
	ID string
	// Text is the clause in one sentence.
	Text string
	// Covered marks a clause that a spec of the suite covers (a spec
	// labelled finding.ClauseLabel(ID)); the catalog's tests check the mark
	// against the specs' labels, both ways.
	Covered bool
	// Reason, when not empty, says why no spec can cover the clause
	// through the provider interface ndkconform drives.
	Reason string
}

// Observable reports whether a spec can cover the clause: it has no
// Reason.
func (c Clause) Observable() bool { return c.Reason == "" }

// Clause returns the rule's clause with ID id.
func (r Rule) Clause(id string) (Clause, bool) {
	for _, c := range r.Clauses {
		if c.ID == id {
			return c, true
		}
	}
	return Clause{}, false
}

// clone is r with its own copy of Clauses.
func (r Rule) clone() Rule {
	r.Clauses = slices.Clone(r.Clauses)
	return r
}

// Observable reports whether ndkconform can check the rule: it has no
// Reason.
func (r Rule) Observable() bool { return r.Reason == "" }

var (
	ruleIDSyntax = regexp.MustCompile(`^[A-Z]{2,3}-\d+$`)
	index        = func() map[string]int {
		m := make(map[string]int, len(table))
		for i, r := range table {
			m[r.ID] = i
		}
		return m
	}()
)

// All returns every rule of the catalog, in RULES.md order. The slice is
// the caller's.
func All() []Rule {
	out := make([]Rule, len(table))
	for i, r := range table {
		out[i] = r.clone()
	}
	return out
}

// Lookup returns the rule with the given ID.
func Lookup(id string) (Rule, bool) {
	i, ok := index[id]
	if !ok {
		return Rule{}, false
	}
	return table[i].clone(), true
}

// LookupClause returns the clause with ID id and its rule.
func LookupClause(id string) (Clause, Rule, bool) {
	r, ok := Lookup(finding.ClauseRule(id))
	if !ok {
		return Clause{}, Rule{}, false
	}
	c, ok := r.Clause(id)
	return c, r, ok
}

// IsRuleID reports whether s has the syntax of a rule ID: two or three
// capital letters, a hyphen, digits ("LC-14"). It does not say whether the
// catalog has the rule; Lookup does.
func IsRuleID(s string) bool { return ruleIDSyntax.MatchString(s) }

// Digest is the catalog's fingerprint, for certification manifests: the
// hex SHA-256 of a canonical encoding of All(). The encoding is one line
// per rule, in order, with the fields in declaration order separated by
// tabs, strings as Go-quoted literals (strconv.Quote) and Seed as true or
// false, each line ended by a newline; a rule with clauses is followed by
// one line per clause, a tab first, then its fields in declaration order
// separated by tabs, Covered as true or false. Any change to any rule or
// clause changes it.
func Digest() string { return digest(table) }

func digest(rules []Rule) string {
	h := sha256.New()
	for _, r := range rules {
		fmt.Fprintf(h, "%s\t%s\t%s\t%s\t%s\t%s\t%t\t%s\n",
			strconv.Quote(r.ID), strconv.Quote(r.Text), strconv.Quote(string(r.Strength)),
			strconv.Quote(r.Actor), strconv.Quote(r.Page), strconv.Quote(r.Section),
			r.Seed, strconv.Quote(r.Reason))
		for _, c := range r.Clauses {
			fmt.Fprintf(h, "\t%s\t%s\t%t\t%s\n", strconv.Quote(c.ID), strconv.Quote(c.Text), c.Covered, strconv.Quote(c.Reason))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Coverage statuses of a rule.
const (
	// StatusCovered: specs check the rule, and each of its clauses if it
	// has any.
	StatusCovered = "covered"
	// StatusPartlyCovered: specs check some of the rule, not every clause.
	StatusPartlyCovered = "partly covered"
	// StatusNoSpec: no spec checks the rule, though one could.
	StatusNoSpec = "no spec"
	// StatusNotTestable: the rule cannot be observed through the
	// provider interface (it has a Reason).
	StatusNotTestable = "not testable"
)

// Coverage is a rule and the specs labelled with its ID and its clauses.
type Coverage struct {
	Rule  Rule
	Specs []string // spec names, sorted; empty when no spec checks the rule
	// Clauses are the rule's clauses, in order, each with the specs that
	// carry its clause label.
	Clauses []ClauseCoverage
}

// ClauseCoverage is a clause and the specs labelled with it.
type ClauseCoverage struct {
	Clause Clause
	Specs  []string // sorted
}

// Status is the rule's coverage: StatusCovered only when the rule has
// specs and every one of its clauses has one.
func (c Coverage) Status() string {
	return CoverageStatus(c.Rule, len(c.Specs), func(i int) int { return len(c.Clauses[i].Specs) })
}

// Missing are the clauses no spec covers (those with a Reason included).
func (c Coverage) Missing() []Clause {
	var out []Clause
	for _, cc := range c.Clauses {
		if len(cc.Specs) == 0 {
			out = append(out, cc.Clause)
		}
	}
	return out
}

// CoverageStatus is the coverage status of rule r, given how many specs
// are labelled with it and, for its i-th clause, with that clause.
func CoverageStatus(r Rule, specs int, clauseSpecs func(i int) int) string {
	covered := 0
	for i := range r.Clauses {
		if clauseSpecs(i) > 0 {
			covered++
		}
	}
	switch {
	case specs == 0 && covered == 0 && !r.Observable():
		return StatusNotTestable
	case specs == 0 && covered == 0:
		return StatusNoSpec
	case covered < len(r.Clauses):
		return StatusPartlyCovered
	}
	return StatusCovered
}

// Cover maps specs onto the catalog. specs maps each spec's name to its
// labels; labels that are neither rule IDs nor clause labels (areas,
// address families) are ignored, and so is a clause label of a rule the
// spec is not labelled with. The result has every catalog rule, in catalog
// order, with the names of the specs labelled with it and with each of its
// clauses.
func Cover(specs map[string][]string) []Coverage {
	byRule := map[string][]string{}
	byClause := map[string][]string{}
	for name, labels := range specs {
		seen := map[string]bool{}
		for _, l := range labels {
			if _, ok := index[l]; ok && !seen[l] {
				seen[l] = true
				byRule[l] = append(byRule[l], name)
			}
		}
		for _, l := range labels {
			if id, ok := finding.ClauseOf(l); ok && seen[finding.ClauseRule(id)] && !seen[l] {
				seen[l] = true
				byClause[id] = append(byClause[id], name)
			}
		}
	}
	out := make([]Coverage, len(table))
	for i, r := range table {
		names := byRule[r.ID]
		slices.Sort(names)
		c := Coverage{Rule: r.clone(), Specs: names}
		for _, cl := range r.Clauses {
			cs := byClause[cl.ID]
			slices.Sort(cs)
			c.Clauses = append(c.Clauses, ClauseCoverage{Clause: cl, Specs: cs})
		}
		out[i] = c
	}
	return out
}
