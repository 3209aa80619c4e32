package main

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/onsi/ginkgo/v2/types"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/outcome"
)

// A label filter that names a rule the catalog does not have selects no
// spec, or fewer than meant ('LC-14 || LC-999' runs LC-14 only): like a
// waiver of an unknown rule, it is bad usage.

var (
	// looksLikeRule is a label that is meant as a rule ID: "LC-14", and
	// "lc-14", since Ginkgo matches labels case-insensitively.
	looksLikeRule = regexp.MustCompile(`(?i)^[a-z]{2,3}-\d+$`)
	// looksLikeClause is a clause ID: "CN-3.timeout".
	looksLikeClause = regexp.MustCompile(`(?i)^[a-z]{2,3}-\d+\.\S+$`)
)

// filterLabel is a label a filter names: a plain label ("LC-14",
// "clause:CN-3.timeout") or a value of a set operation on the label set
// key ("clause: containsAny CN-3.timeout" has key "clause", label
// "CN-3.timeout"). Regular expressions (/LC-.*/) are not labels.
type filterLabel struct {
	key, label string
}

// filterLabels lists the labels of a Ginkgo label filter, in order, the
// way types.ParseLabelFilter tokenizes it (ginkgo v2.34: operators && ||
// ! , ( ), /regexp/, set keys "key: op args" with args until the next
// operator or in braces). It assumes the filter parses.
func filterLabels(filter string) []filterLabel {
	runes := []rune(filter)
	i := 0
	until := func(cutset string) string {
		j := i
		for j < len(runes) && !strings.ContainsRune(cutset, runes[j]) {
			j++
		}
		s := string(runes[i:j])
		i = j
		return s
	}
	var (
		out    []filterLabel
		setKey string
		state  int // 0 labels and operators, 1 a set operation next, 2 its argument next
	)
	for {
		for i < len(runes) && runes[i] == ' ' {
			i++
		}
		if i >= len(runes) {
			return out
		}
		switch state {
		case 1:
			op := until(" )")
			state = 2
			if strings.EqualFold(op, "isEmpty") {
				state = 0
			}
			continue
		case 2:
			var arg string
			if runes[i] == '{' {
				i++
				arg = until("}")
				i++
			} else {
				arg = until("&|!,()/")
			}
			for _, v := range strings.Split(arg, ",") {
				if v = strings.TrimSpace(v); v != "" {
					out = append(out, filterLabel{setKey, v})
				}
			}
			state = 0
			continue
		}
		switch runes[i] {
		case '&', '|':
			i += 2
		case '!', ',', '(', ')':
			i++
		case '/':
			i++
			until("/")
			i++
		default:
			value := until("&|!,()/:")
			if i < len(runes) && runes[i] == ':' {
				if i+1 < len(runes) && runes[i+1] == ' ' {
					i++
					setKey, state = strings.TrimSpace(value), 1
					continue
				}
				value += until("&|!,()/")
			}
			if v := strings.TrimSpace(value); v != "" {
				out = append(out, filterLabel{"", v})
			}
		}
	}
}

// checkLabelRules returns a usage error when the label filter names a
// rule or clause the catalog does not have: a label that looks like a rule
// ID (LC-999), a clause label (clause:CN-3.nosuch) or a value of a set
// operation on the clause key (clause: containsAny CN-3.nosuch), or a
// clause ID used as a plain label (CN-3.timeout: specs carry
// clause:CN-3.timeout). The error names every such label, with the nearest
// catalog IDs. Other labels (endpoints, IPv6, model) and regular
// expressions (/LC-.*/) are not checked: use checkLabelsKnown for them. A
// filter that does not parse gives nil: its syntax is suite.Config's to
// report.
func checkLabelRules(filter string) error {
	if _, err := types.ParseLabelFilter(filter); err != nil {
		return nil
	}
	var problems []string
	add := func(p string) {
		if !slices.Contains(problems, p) {
			problems = append(problems, p)
		}
	}
	for _, l := range filterLabels(filter) {
		switch {
		case l.key == "" && looksLikeRule.MatchString(l.label):
			if _, ok := catalog.Lookup(strings.ToUpper(l.label)); !ok {
				add(fmt.Sprintf("unknown rule %s%s", l.label, suggest(l.label, ruleIDs())))
			}
		case l.key == "" && looksLikeClause.MatchString(l.label):
			if id, ok := knownClause(l.label); ok {
				add(fmt.Sprintf("%s is a clause: its specs are labelled %s", l.label, finding.ClauseLabel(id)))
			} else {
				add(fmt.Sprintf("unknown clause %s%s", l.label, suggest(l.label, clauseIDs())))
			}
		case l.key == "" && strings.HasPrefix(strings.ToLower(l.label), strings.ToLower(finding.ClauseLabelPrefix)):
			id := l.label[len(finding.ClauseLabelPrefix):]
			if _, ok := knownClause(id); !ok {
				add(fmt.Sprintf("unknown clause %s%s", l.label, suggest(id, clauseIDs())))
			}
		case l.key != "" && strings.EqualFold(l.key+":", finding.ClauseLabelPrefix):
			if _, ok := knownClause(l.label); !ok {
				add(fmt.Sprintf("unknown clause %s in the %s set%s", l.label, l.key, suggest(l.label, clauseIDs())))
			}
		}
	}
	if len(problems) == 0 {
		return nil
	}
	return fmt.Errorf("label filter %q: %s; see '%s rules'", filter, strings.Join(problems, "; "), tool)
}

// checkLabelsKnown returns a usage error when the label filter names a
// plain label that no spec carries: known is every label of every spec
// (from the suite's plan), compared as Ginkgo does, case-insensitively. A
// set operation's values are checked against the values of that key
// (clause: containsAny CN-3.timeout needs a spec labelled
// clause:CN-3.timeout). Regular expressions are not checked. A filter that
// does not parse gives nil.
func checkLabelsKnown(filter string, known []string) error {
	if _, err := types.ParseLabelFilter(filter); err != nil {
		return nil
	}
	set := map[string]bool{}
	for _, k := range known {
		set[strings.ToLower(strings.TrimSpace(k))] = true
	}
	var unknown []string
	for _, l := range filterLabels(filter) {
		name := l.label
		if l.key != "" {
			name = l.key + ":" + l.label
		}
		if !set[strings.ToLower(name)] && !slices.Contains(unknown, name) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	return fmt.Errorf("label filter %q: no spec is labelled %s", filter, strings.Join(unknown, ", "))
}

func knownClause(id string) (string, bool) {
	for _, c := range clauseIDs() {
		if strings.EqualFold(c, id) {
			return c, true
		}
	}
	return "", false
}

func ruleIDs() []string {
	var ids []string
	for _, r := range catalog.All() {
		ids = append(ids, r.ID)
	}
	return ids
}

func clauseIDs() []string {
	var ids []string
	for _, r := range catalog.All() {
		for _, c := range r.Clauses {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// suggest is ": nearest A, B" with the catalog IDs closest to id (edit
// distance at most 2, at most three of them), or "".
func suggest(id string, ids []string) string {
	id = strings.ToUpper(id)
	best, dist := []string(nil), 3
	for _, c := range ids {
		d := editDistance(id, strings.ToUpper(c))
		switch {
		case d < dist:
			best, dist = []string{c}, d
		case d == dist && len(best) < 3:
			best = append(best, c)
		}
	}
	if len(best) == 0 {
		return ""
	}
	return " (nearest: " + strings.Join(best, ", ") + ")"
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// rulesWithoutSpec are notes on the catalog rules a label filter names that
// no spec of plan is labelled with ("OH-8: no spec checks it yet", "LT-1:
// not testable through NDKPI: ..."), in the filter's order: such a rule
// selects nothing, whether or not the rest of the filter does.
func rulesWithoutSpec(filter string, plan []outcome.Spec) []string {
	if _, err := types.ParseLabelFilter(filter); err != nil {
		return nil
	}
	labelled := map[string]bool{}
	for _, s := range plan {
		for _, id := range s.Rules {
			labelled[id] = true
		}
	}
	var notes []string
	seen := map[string]bool{}
	for _, l := range filterLabels(filter) {
		if l.key != "" {
			continue
		}
		r, ok := catalog.Lookup(strings.ToUpper(l.label))
		if !ok || labelled[r.ID] || seen[r.ID] {
			continue
		}
		seen[r.ID] = true
		if r.Observable() {
			notes = append(notes, fmt.Sprintf("%s: no spec checks it yet (see '%s rules --uncovered')", r.ID, tool))
		} else {
			notes = append(notes, fmt.Sprintf("%s: no spec checks it: not testable through NDKPI (%s)", r.ID, r.Reason))
		}
	}
	return notes
}

// noteRulesWithoutSpec prints a line on stderr per catalog rule the label
// filter names that no spec of plan carries (rulesWithoutSpec).
func noteRulesWithoutSpec(stderr io.Writer, filter string, plan []outcome.Spec) {
	for _, n := range rulesWithoutSpec(filter, plan) {
		fmt.Fprintf(stderr, "%s: --label-filter names %s\n", tool, n)
	}
}
