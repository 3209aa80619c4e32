// Package catalog is ndkconform's rule catalog: every rule of the NDKPI
// rules checklist (shared/reference/ndkpi/RULES.md) that binds the provider
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
)

// Strength is how strongly a rule binds.
type Strength string

// The three strengths.
const (
	Must   Strength = "must"   // an obligation
	Should Strength = "should" // a recommendation: "should" statements and "(should)" tags
	May    Strength = "may"    // a permission ([MAY])
)

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
	// "ndkpi-object-lifetime-requirements.md".
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
func All() []Rule { return slices.Clone(table) }

// Lookup returns the rule with the given ID.
func Lookup(id string) (Rule, bool) {
	i, ok := index[id]
	if !ok {
		return Rule{}, false
	}
	return table[i], true
}

// IsRuleID reports whether s has the syntax of a rule ID: two or three
// capital letters, a hyphen, digits ("LC-14"). It does not say whether the
// catalog has the rule; Lookup does.
func IsRuleID(s string) bool { return ruleIDSyntax.MatchString(s) }

// Digest is the catalog's fingerprint, for certification manifests: the
// hex SHA-256 of a canonical encoding of All(). The encoding is one line
// per rule, in order, with the fields in declaration order separated by
// tabs, strings as Go-quoted literals (strconv.Quote) and Seed as true or
// false, each line ended by a newline. Any change to any rule changes it.
func Digest() string { return digest(table) }

func digest(rules []Rule) string {
	h := sha256.New()
	for _, r := range rules {
		fmt.Fprintf(h, "%s\t%s\t%s\t%s\t%s\t%s\t%t\t%s\n",
			strconv.Quote(r.ID), strconv.Quote(r.Text), strconv.Quote(string(r.Strength)),
			strconv.Quote(r.Actor), strconv.Quote(r.Page), strconv.Quote(r.Section),
			r.Seed, strconv.Quote(r.Reason))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Coverage is a rule and the specs labelled with its ID.
type Coverage struct {
	Rule  Rule
	Specs []string // spec names, sorted; empty when no spec checks the rule
}

// Cover maps specs onto the catalog. specs maps each spec's name to its
// labels; labels that are not rule IDs (areas, address families) are
// ignored. The result has every catalog rule, in catalog order, with the
// names of the specs labelled with it.
func Cover(specs map[string][]string) []Coverage {
	byRule := map[string][]string{}
	for name, labels := range specs {
		seen := map[string]bool{}
		for _, l := range labels {
			if _, ok := index[l]; ok && !seen[l] {
				seen[l] = true
				byRule[l] = append(byRule[l], name)
			}
		}
	}
	out := make([]Coverage, len(table))
	for i, r := range table {
		names := byRule[r.ID]
		slices.Sort(names)
		out[i] = Coverage{Rule: r, Specs: names}
	}
	return out
}
