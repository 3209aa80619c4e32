package outcome

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
)

// Waiver is one line of a waivers file: one known bug of the provider,
// the rules or clauses its failures break, and why they are tolerated.
//
//	CN-3.timeout CN-8.timeout vendor bug 1234: no set-up time-out, fix in 2.1
type Waiver struct {
	// IDs are the rule IDs ("LC-15") and clause IDs ("CN-3.timeout") the
	// waiver names: a violation of a named rule, or of a named clause, is
	// waived.
	IDs []string `json:"ids"`
	// Reason is the rest of the line.
	Reason string `json:"reason"`
	// Line is the waiver's line in its file (0 when not from a file).
	Line int `json:"line,omitempty"`
}

// Waivers are the waivers a run is judged with.
type Waivers []Waiver

// ParseWaivers reads a waivers file: per line, one or more rule or clause
// IDs of the catalog (separated by spaces or commas), then the reason;
// blank lines and lines starting with # are ignored. An ID waived twice,
// a clause waived with its whole rule, an unknown ID or a missing reason
// is an error naming the line.
func ParseWaivers(r io.Reader) (Waivers, error) {
	var w Waivers
	where := map[string]int{}
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
		ids, reason := splitWaiver(line)
		if len(ids) == 0 {
			first, _, _ := strings.Cut(line, " ")
			return nil, fmt.Errorf("line %d: %q is not a rule or clause ID (want \"ID [ID...] reason\", e.g. \"LC-15 vendor bug 123\" or \"CN-3.timeout CN-8.timeout vendor bug 124\")", n, first)
		}
		for _, id := range ids {
			if err := checkWaiverID(id); err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
			if l, ok := where[id]; ok {
				return nil, fmt.Errorf("line %d: %s is waived twice (also on line %d)", n, id, l)
			}
			if rule := finding.ClauseRule(id); rule != "" {
				if l, ok := where[rule]; ok {
					return nil, fmt.Errorf("line %d: %s is waived with its whole rule %s already (line %d)", n, id, rule, l)
				}
			}
			where[id] = n
		}
		for _, id := range ids {
			if finding.ClauseRule(id) == "" {
				for other, l := range where {
					if finding.ClauseRule(other) == id {
						return nil, fmt.Errorf("line %d: %s is waived whole, and its clause %s already (line %d)", n, id, other, l)
					}
				}
			}
		}
		if reason == "" {
			return nil, fmt.Errorf("line %d: waiver of %s gives no reason", n, strings.Join(ids, " "))
		}
		w = append(w, Waiver{IDs: ids, Reason: reason, Line: n})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	return w, nil
}

// splitWaiver splits a waiver line into its leading IDs (rule or clause
// syntax, separated by spaces or commas) and the reason after them.
func splitWaiver(line string) (ids []string, reason string) {
	rest := line
	for {
		rest = strings.TrimLeft(rest, " \t,")
		tok := rest
		if i := strings.IndexAny(rest, " \t,"); i >= 0 {
			tok = rest[:i]
		}
		if tok == "" || !finding.IsRuleID(tok) && !finding.IsClauseID(tok) {
			return ids, strings.TrimSpace(rest)
		}
		ids = append(ids, tok)
		rest = rest[len(tok):]
	}
}

// checkWaiverID checks that id is a rule or a clause of the catalog.
func checkWaiverID(id string) error {
	if finding.IsClauseID(id) {
		if _, _, ok := catalog.LookupClause(id); !ok {
			return fmt.Errorf("unknown clause %s (not in the catalog; see 'ndkconform rules %s')", id, finding.ClauseRule(id))
		}
		return nil
	}
	if _, ok := catalog.Lookup(id); !ok {
		return fmt.Errorf("unknown rule %s (not in the catalog; see 'ndkconform rules')", id)
	}
	return nil
}

// waiverOf is the waiver of violation v: the one naming its clause, else
// the one naming its rule; nil when none does.
func (w Waivers) waiverOf(v finding.Violation) *Waiver {
	var byRule *Waiver
	for i := range w {
		if v.Clause != "" && slices.Contains(w[i].IDs, v.Clause) {
			return &w[i]
		}
		if slices.Contains(w[i].IDs, v.Rule) {
			byRule = &w[i]
		}
	}
	return byRule
}

// Covers reports whether a waiver names rule id or one of its clauses.
func (w Waivers) Covers(id string) bool {
	for _, wv := range w {
		for _, x := range wv.IDs {
			if x == id || finding.ClauseRule(x) == id {
				return true
			}
		}
	}
	return false
}

// IDs are every ID the waivers name, in file order.
func (w Waivers) IDs() []string {
	var ids []string
	for _, wv := range w {
		ids = append(ids, wv.IDs...)
	}
	return ids
}

// String is the waiver as a line of a waivers file.
func (wv Waiver) String() string { return strings.Join(wv.IDs, " ") + " " + wv.Reason }
