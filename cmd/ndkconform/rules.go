package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
)

// listSpecsCmd is the hidden command `rules` runs in a child process to
// list the specs compiled in: Ginkgo prints its header and progress on
// standard output, so the list goes to a file.
const listSpecsCmd = "__list-specs"

// listedSpec is a spec of the binary and its labels.
type listedSpec struct {
	Name   string   `json:"name"`
	Labels []string `json:"labels"`
}

func rulesUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage:\n  %s rules [--uncovered] [--json] [RULE-ID...]\n\n", tool)
	fmt.Fprintf(w, "Prints the rule catalog (every provider-side rule of the NDKPI rules\n")
	fmt.Fprintf(w, "checklist) grouped by section: each rule's ID, strength, actor, coverage and\n")
	fmt.Fprintf(w, "text. Coverage is the number of specs labelled with the rule, \"not testable\"\n")
	fmt.Fprintf(w, "when no consumer can observe it through NDKPI (the reason\n")
	fmt.Fprintf(w, "follows the text), or \"NO SPEC\" when it could but no spec checks it yet.\n")
	fmt.Fprintf(w, "A compound rule lists its clauses under its text, each covered (with its\n")
	fmt.Fprintf(w, "specs), not testable (with the reason) or NO SPEC; it is covered only when\n")
	fmt.Fprintf(w, "every clause is, and \"partly\" otherwise. With RULE-IDs (\"LC-14\", or a\n")
	fmt.Fprintf(w, "clause's ID, \"CN-3.timeout\"), only those rules, each with the names of its\n")
	fmt.Fprintf(w, "specs; an ID the catalog does not have is bad usage (exit status 2).\n\nFlags:\n")
	fmt.Fprintf(w, "  --uncovered\n        only the rules with NO SPEC and those only partly covered, with the clauses\n        they miss; what no spec can check is counted, not listed: the rules not\n        testable through NDKPI, and the partly covered rules whose missing clauses\n        are all not testable\n")
	fmt.Fprintf(w, "  --json\n        print JSON: an array of rules with their specs and clauses\n")
	fmt.Fprintf(w, "\n")
	printLegend(w)
}

// printLegend explains the STRENGTH, ACTOR and COVERAGE columns of the
// rules table, in lines of at most 100 columns.
func printLegend(w io.Writer) {
	const indent = "            "
	line := func(head, key, meaning string) {
		for i, l := range wrapHard(meaning, 100-len(indent)-7) {
			if i == 0 {
				fmt.Fprintf(w, "%-*s%-7s%s\n", len(indent), head, key, l)
			} else {
				fmt.Fprintf(w, "%s%7s%s\n", indent, "", l)
			}
		}
	}
	fmt.Fprintf(w, "Legend:\n")
	head := "  STRENGTH"
	for _, s := range catalog.Strengths() {
		line(head, string(s), s.Meaning())
		head = ""
	}
	head = "  ACTOR"
	for _, a := range catalog.Actors() {
		line(head, a.Tag, a.Meaning)
		head = ""
	}
	line("  COVERAGE", "N", "specs labelled with the rule (\"partly\": a clause has none)")
	line("", "", "\"not testable\": no consumer can observe it through NDKPI")
	line("", "", "\"NO SPEC\": observable, but no spec checks it yet")
}

func rulesCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("rules")
	uncovered := fs.Bool("uncovered", false, "")
	asJSON := fs.Bool("json", false, "")
	args, ids := splitRuleIDs(args)
	if err := parse(fs, args); err != nil {
		if err == errHelp {
			rulesUsage(stdout)
			return exitPass
		}
		return usageError(stderr, "rules", err)
	}
	want, err := lookupRules(ids)
	if err != nil {
		return usageError(stderr, "rules", err)
	}
	specs, err := listSpecs()
	if err != nil {
		fmt.Fprintf(stderr, "%s: listing the specs: %v\n", tool, err)
		return exitFail
	}
	byName := map[string][]string{}
	for _, s := range specs {
		byName[s.Name] = append(byName[s.Name], s.Labels...)
	}
	cov := catalog.Cover(byName)
	var shown []catalog.Coverage
	n := map[string]int{}
	atLimit := 0 // partly covered, every missing clause unobservable
	for _, c := range cov {
		st := c.Status()
		n[st]++
		if st == catalog.StatusPartlyCovered && !observableGap(c) {
			atLimit++
			if *uncovered {
				continue
			}
		}
		if want != nil && !want[c.Rule.ID] {
			continue
		}
		if !*uncovered || st == catalog.StatusNoSpec || st == catalog.StatusPartlyCovered {
			shown = append(shown, c)
		}
	}
	if *asJSON {
		return printRulesJSON(stdout, stderr, shown)
	}
	if want != nil {
		printRules(stdout, shown, *uncovered, true)
		if len(shown) == 0 {
			fmt.Fprintf(stdout, "\nnone of %s %s\n", strings.Join(ids, " "), "is a rule with no spec or only partly covered")
		}
		return exitPass
	}
	printLegend(stdout)
	printRules(stdout, shown, *uncovered, false)
	noSpec, partly, unobservable := n[catalog.StatusNoSpec], n[catalog.StatusPartlyCovered], n[catalog.StatusNotTestable]
	if *uncovered {
		fmt.Fprintf(stdout, "\n%d %s with no spec\n", noSpec, plural(noSpec, "rule", "rules"))
		fmt.Fprintf(stdout, "%d %s only partly covered (a clause has no spec)\n", partly-atLimit, plural(partly-atLimit, "rule", "rules"))
		fmt.Fprintf(stdout, "%d %s covered but for untestable clauses (not testable through NDKPI)\n", atLimit, plural(atLimit, "rule", "rules"))
		fmt.Fprintf(stdout, "%d %s not testable through NDKPI\n", unobservable, plural(unobservable, "rule", "rules"))
		return exitPass
	}
	fmt.Fprintf(stdout, "\n%d rules: %d covered by the %d specs, %d partly covered, %d with no spec\n",
		len(cov), n[catalog.StatusCovered], len(byName), partly, noSpec)
	fmt.Fprintf(stdout, "%d %s not testable through NDKPI\n", unobservable, plural(unobservable, "rule", "rules"))
	return exitPass
}

// observableGap reports whether a clause of c that no spec covers could be
// covered: one without a Reason.
func observableGap(c catalog.Coverage) bool {
	for _, cl := range c.Missing() {
		if cl.Observable() {
			return true
		}
	}
	return false
}

// Columns of the rules table: 100 columns in all.
const (
	colID       = 8
	colStrength = 9
	colActor    = 6
	colCoverage = 18
	colText     = 100 - colID - colStrength - colActor - colCoverage
)

func coverageText(c catalog.Coverage) string {
	specs := fmt.Sprintf("%d %s", len(c.Specs), plural(len(c.Specs), "spec", "specs"))
	switch c.Status() {
	case catalog.StatusCovered:
		return specs
	case catalog.StatusPartlyCovered:
		return "partly, " + specs
	case catalog.StatusNotTestable:
		return "not testable"
	}
	return "NO SPEC"
}

// clauseText is one clause of a compound rule, for the listing:
// "CN-3.timeout (2 specs): ...", "CN-17.reason (not testable): ...; <why>".
func clauseText(cc catalog.ClauseCoverage) string {
	c := cc.Clause
	switch {
	case len(cc.Specs) > 0:
		return fmt.Sprintf("%s (%d %s): %s", c.ID, len(cc.Specs), plural(len(cc.Specs), "spec", "specs"), c.Text)
	case !c.Observable():
		return fmt.Sprintf("%s (not testable): %s Not testable: %s", c.ID, c.Text, c.Reason)
	}
	return fmt.Sprintf("%s (NO SPEC): %s", c.ID, c.Text)
}

// splitRuleIDs separates the rule IDs of the rules command's arguments
// from its flags (which take no value, so an argument that does not start
// with "-" is an ID wherever it is).
func splitRuleIDs(args []string) (flags, ids []string) {
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			flags = append(flags, a)
		} else {
			ids = append(ids, a)
		}
	}
	return flags, ids
}

// lookupRules is the set of the rules ids name (a rule ID, or a clause ID
// for its rule), nil for no ids; an ID the catalog does not have is an
// error naming it.
func lookupRules(ids []string) (map[string]bool, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	want := map[string]bool{}
	for _, id := range ids {
		if r, ok := catalog.Lookup(id); ok {
			want[r.ID] = true
			continue
		}
		if _, r, ok := catalog.LookupClause(id); ok {
			want[r.ID] = true
			continue
		}
		return nil, fmt.Errorf("%q is not a rule ID of the catalog (%d rules, e.g. LC-14, or a clause such as CN-3.timeout: see '%s rules')", id, len(catalog.All()), tool)
	}
	return want, nil
}

// printRules prints the table; with missingOnly, a compound rule lists only
// the clauses no spec covers; with withSpecs, every rule lists its specs.
func printRules(w io.Writer, cov []catalog.Coverage, missingOnly, withSpecs bool) {
	section := "\x00"
	for _, c := range cov {
		r := c.Rule
		if r.Section != section {
			section = r.Section
			fmt.Fprintf(w, "\n%s\n", strings.Join(wrapHard(section, 100), "\n"))
			if pages := sectionPages(cov, section); len(pages) == 1 {
				fmt.Fprintf(w, "%s\n", strings.Join(wrapHard("page: "+pages[0], 100), "\n"))
			}
			fmt.Fprintf(w, "%-*s%-*s%-*s%-*s%s\n", colID, "ID", colStrength, "STRENGTH", colActor, "ACTOR", colCoverage, "COVERAGE", "RULE")
		}
		lines := wrapHard(r.Text, colText)
		if !r.Observable() && len(c.Specs) == 0 {
			lines = append(lines, wrapHard("not testable: "+r.Reason, colText)...)
		}
		if len(c.Clauses) > 0 {
			head := "clauses:"
			if missingOnly {
				head = "clauses without a spec:"
			}
			lines = append(lines, head)
			for _, cc := range c.Clauses {
				if missingOnly && len(cc.Specs) > 0 {
					continue
				}
				for i, l := range wrapHard(clauseText(cc), colText-2) {
					if i == 0 {
						lines = append(lines, "- "+l)
					} else {
						lines = append(lines, "  "+l)
					}
				}
			}
		}
		if withSpecs && len(c.Specs) > 0 {
			lines = append(lines, "specs:")
			for _, name := range c.Specs {
				for i, l := range wrapHard(name, colText-2) {
					if i == 0 {
						lines = append(lines, "- "+l)
					} else {
						lines = append(lines, "  "+l)
					}
				}
			}
		}
		for i, line := range lines {
			if i == 0 {
				fmt.Fprintf(w, "%-*s%-*s%-*s%-*s%s\n", colID, r.ID, colStrength, r.Strength, colActor, r.Actor, colCoverage, coverageText(c), line)
			} else {
				fmt.Fprintf(w, "%*s%s\n", colID+colStrength+colActor+colCoverage, "", line)
			}
		}
	}
}

// wrapHard wraps s at spaces into lines of at most width characters,
// breaking words longer than a line.
func wrapHard(s string, width int) []string {
	var out []string
	for _, line := range wrap(s, width) {
		for r := []rune(line); ; r = r[width:] {
			if len(r) <= width {
				out = append(out, string(r))
				break
			}
			out = append(out, string(r[:width]))
		}
	}
	return out
}

// sectionPages are the pages the section's rules come from.
func sectionPages(cov []catalog.Coverage, section string) []string {
	var pages []string
	for _, c := range cov {
		if c.Rule.Section == section && !slices.Contains(pages, c.Rule.Page) {
			pages = append(pages, c.Rule.Page)
		}
	}
	return pages
}

func printRulesJSON(stdout, stderr io.Writer, cov []catalog.Coverage) int {
	type jsonRule struct {
		ID       string `json:"id"`
		Strength string `json:"strength"`
		Actor    string `json:"actor"`
		Section  string `json:"section"`
		Page     string `json:"page"`
		Seed     bool   `json:"seed"`
		Text     string `json:"text"`
		Reason   string `json:"reason,omitempty"`
		// Coverage is the column of the table ("3 specs", "partly, 3
		// specs", "not testable", "NO SPEC"), Status the catalog's
		// coverage status ("covered", "partly covered", "no spec", "not
		// observable").
		Coverage       string               `json:"coverage"`
		Status         string               `json:"status"`
		Specs          []string             `json:"specs"`
		Clauses        []reports.JSONClause `json:"clauses,omitempty"`
		MissingClauses []string             `json:"missing_clauses,omitempty"`
	}
	out := make([]jsonRule, 0, len(cov))
	for _, c := range cov {
		r := c.Rule
		specs := c.Specs
		if specs == nil {
			specs = []string{}
		}
		jr := jsonRule{ID: r.ID, Strength: string(r.Strength), Actor: r.Actor, Section: r.Section, Page: r.Page,
			Seed: r.Seed, Text: r.Text, Reason: r.Reason, Coverage: coverageText(c), Status: c.Status(), Specs: specs}
		for _, cc := range c.Clauses {
			jr.Clauses = append(jr.Clauses, reports.NewJSONClause(cc.Clause, cc.Specs))
		}
		for _, m := range c.Missing() {
			jr.MissingClauses = append(jr.MissingClauses, m.ID)
		}
		out = append(out, jr)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	return exitPass
}

// listSpecs lists the specs compiled into this binary: it runs the binary's
// hidden list command (a dry run of the suite) in a child process, since
// Ginkgo runs once per process and prints to standard output.
func listSpecs() ([]listedSpec, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "ndkconform-specs")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "specs.json")
	cmd := exec.Command(exe, listSpecsCmd, out)
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%v\n%s", err, strings.TrimSpace(output.String()))
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return nil, err
	}
	var specs []listedSpec
	if err := json.Unmarshal(data, &specs); err != nil {
		return nil, err
	}
	return specs, nil
}

// listSpecsMain is the hidden list command: a dry run of every spec against
// the default driver, written as JSON to the file args[0].
func listSpecsMain(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintf(stderr, "%s %s: want one argument, the output file\n", tool, listSpecsCmd)
		return exitUsage
	}
	res, err := suite.Run(&tShim{}, suite.Config{DryRun: true, NoColor: true})
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	specs := []listedSpec{}
	for _, s := range res.Run.Specs {
		labels := s.Labels
		if labels == nil {
			labels = []string{}
		}
		specs = append(specs, listedSpec{Name: s.Name, Labels: labels})
	}
	data, err := json.Marshal(specs)
	if err == nil {
		err = os.WriteFile(args[0], data, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	return exitPass
}
