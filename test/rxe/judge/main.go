// Command judge decides a test-rxe run from the JUnit report the guest
// brought back: it prints the counts by area, the failures grouped by the
// rule they count against, and exits 1 if a failed spec is not waived by the
// waivers file (every rule its failure counts against must be waived, as
// ndkconform's --waivers does) or a skipped spec is not (a skip verifies
// none of its rules: at least one must be waived, and each of the others
// waived too or verified by a spec of the run that passed), 0 otherwise.
// A spec that covers clauses of compound rules (JUnit property "clause")
// verifies exactly those: its skip is waived when each of its clauses is,
// by a waiver line naming the clause ("CN-3.timeout reason"), which only
// the judge accepts.
//
//	go run ./test/rxe/judge [-waivers FILE] [-top N] junit.xml
package main

import (
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/reports"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	waiversPath := fs.String("waivers", "", "waivers `FILE` (\"RULE-ID reason\" lines)")
	top := fs.Int("top", 12, "list at most `N` rules with failures")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: judge [-waivers FILE] [-top N] junit.xml")
		return 2
	}
	waivers, clauses := reports.Waivers{}, map[string]string{}
	if *waiversPath != "" {
		f, err := os.Open(*waiversPath)
		if err != nil {
			fmt.Fprintln(stderr, "judge:", err)
			return 2
		}
		waivers, clauses, err = parseWaivers(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "judge: %s: %v\n", *waiversPath, err)
			return 2
		}
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "judge:", err)
		return 2
	}
	var doc reports.JUnitTestSuites
	if err := xml.Unmarshal(data, &doc); err != nil {
		fmt.Fprintf(stderr, "judge: %s: %v\n", fs.Arg(0), err)
		return 2
	}
	return judge(doc, waivers, clauses, *top, stdout)
}

// parseWaivers reads the waivers file: the lines whose ID is a clause of the
// catalog (e.g. CN-3.timeout) waive the skips of the specs of that clause;
// the others are rule waivers, as reports.ParseWaivers reads them.
func parseWaivers(r io.Reader) (reports.Waivers, map[string]string, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, err
	}
	clauses := map[string]string{}
	lines := strings.Split(string(data), "\n")
	for i, line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if _, _, ok := catalog.LookupClause(f[0]); ok {
			if len(f) < 2 {
				return nil, nil, fmt.Errorf("line %d: waiver of %s gives no reason", i+1, f[0])
			}
			clauses[f[0]] = strings.Join(f[1:], " ")
			lines[i] = "" // keeps the line numbers of the rule waivers
		}
	}
	w, err := reports.ParseWaivers(strings.NewReader(strings.Join(lines, "\n")))
	return w, clauses, err
}

// tally counts specs by outcome.
type tally struct{ passed, failed, waived, skipped, skipWaived int }

func (t tally) String() string {
	s := fmt.Sprintf("%d passed, %d failed, %d waived, %d skipped", t.passed, t.failed, t.waived, t.skipped)
	if t.skipWaived > 0 {
		s += fmt.Sprintf(" (%d waived)", t.skipWaived)
	}
	return s
}

func judge(doc reports.JUnitTestSuites, waivers reports.Waivers, clauseWaivers map[string]string, top int, w io.Writer) int {
	areas := map[string]*tally{}
	var total tally
	byRule := map[string][]string{} // rule -> first lines of the failures counted against it
	var skips []string              // skipped specs not waived, with the reason
	verified := passedRules(doc)
	for _, ts := range doc.TestSuite {
		for _, tc := range ts.TestCases {
			area := strings.TrimPrefix(strings.TrimPrefix(tc.ClassName, "ndkconform"), ".")
			if area == "" {
				area = "suite"
			}
			t := areas[area]
			if t == nil {
				t = &tally{}
				areas[area] = t
			}
			s := reports.Spec{Name: tc.Name, Area: area, State: tc.Status}
			var charged []string // the rules the failure counts against
			var clauses []string // the clauses the spec covers
			for _, p := range tc.Properties {
				switch p.Name {
				case "clause":
					clauses = append(clauses, p.Value)
				case "rule":
					s.Rules = append(s.Rules, p.Value)
				case "charged":
					charged = append(charged, p.Value)
				}
			}
			var fail *reports.JUnitFailure
			switch {
			case tc.Failure != nil:
				fail = tc.Failure
			case tc.Error != nil:
				fail = tc.Error
			}
			if fail != nil && s.State == "" {
				s.State = "failed"
			}
			switch {
			case tc.Skipped != nil:
				t.skipped++
				total.skipped++
				waived := skipWaived(waivers, verified, s.Rules)
				if len(clauses) > 0 {
					waived = allWaived(clauseWaivers, clauses)
				}
				if waived {
					t.skipWaived++
				} else {
					skips = append(skips, fmt.Sprintf("%s: %s", clip(tc.Name, 110), tc.Skipped.Message))
				}
				continue
			case fail == nil:
				t.passed++
				total.passed++
				continue
			}
			s.Failure = fail.Text
			if s.Failure == "" {
				s.Failure = fail.Message
			}
			ids := charged
			if s.State != "interrupted" && len(ids) > 0 && allWaived(waivers, ids) {
				t.waived++
				total.waived++
			} else {
				t.failed++
				total.failed++
			}
			if len(ids) == 0 {
				ids = []string{"(no rule)"}
			}
			for _, id := range ids {
				byRule[id] = append(byRule[id], reports.FirstLine(s.Failure))
			}
		}
	}
	names := make([]string, 0, len(areas))
	for a := range areas {
		names = append(names, a)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "\ntest-rxe: ndkconform against rdma_rxe\n")
	for _, a := range names {
		fmt.Fprintf(w, "  %-11s %v\n", a+":", *areas[a])
	}
	if len(byRule) > 0 {
		rules := make([]string, 0, len(byRule))
		for r := range byRule {
			rules = append(rules, r)
		}
		sort.Slice(rules, func(i, j int) bool {
			if len(byRule[rules[i]]) != len(byRule[rules[j]]) {
				return len(byRule[rules[i]]) > len(byRule[rules[j]])
			}
			return rules[i] < rules[j]
		})
		fmt.Fprintf(w, "  failures by rule (%d rules):\n", len(rules))
		for i, r := range rules {
			if i == top {
				fmt.Fprintf(w, "    ... %d more rules\n", len(rules)-top)
				break
			}
			waived := ""
			if _, ok := waivers[r]; ok {
				waived = " (waived)"
			}
			fmt.Fprintf(w, "    %-7s %2d%s  first: %s\n", r, len(byRule[r]), waived, clip(byRule[r][0], 150))
		}
	}
	if len(skips) > 0 {
		fmt.Fprintf(w, "  skipped and not waived (%d):\n", len(skips))
		for _, x := range skips {
			fmt.Fprintf(w, "    %s\n", x)
		}
	}
	verdict := "PASS"
	if total.failed > 0 || len(skips) > 0 {
		verdict = "FAIL"
	}
	if total.passed+total.failed+total.waived+total.skipped == 0 {
		fmt.Fprintf(w, "  no spec ran: the report has no testcase\n")
		verdict = "FAIL"
	}
	fmt.Fprintf(w, "  verdict: %s (%d failed specs not waived, %d skipped specs not waived)\n", verdict, total.failed, len(skips))
	fmt.Fprintf(w, "%d passed, %d failed, %d skipped\n", total.passed, total.failed, total.skipped)
	if verdict == "FAIL" {
		return 1
	}
	return 0
}

// allWaived tells whether ids names rules and every one is waived.
// passedRules are the rules of the specs that passed: verified by the run.
func passedRules(doc reports.JUnitTestSuites) map[string]bool {
	out := map[string]bool{}
	for _, ts := range doc.TestSuite {
		for _, tc := range ts.TestCases {
			if tc.Skipped != nil || tc.Failure != nil || tc.Error != nil || (tc.Status != "" && tc.Status != "passed") {
				continue
			}
			for _, p := range tc.Properties {
				if p.Name == "rule" {
					out[p.Value] = true
				}
			}
		}
	}
	return out
}

// skipWaived reports whether a skipped spec labelled with rules is waived:
// at least one of its rules is waived, and each of the others is waived or
// verified by a spec of the run that passed (OV-2, the address family rule
// of every spec run in both families, must not need a waiver for a spec
// that skips over an adapter flag).
func skipWaived(waivers reports.Waivers, verified map[string]bool, rules []string) bool {
	some := false
	for _, id := range rules {
		_, ok := waivers[id]
		switch {
		case ok:
			some = true
		case !verified[id]:
			return false
		}
	}
	return some
}

func allWaived[W ~map[string]string](waivers W, ids []string) bool {
	for _, id := range ids {
		if _, ok := waivers[id]; !ok {
			return false
		}
	}
	return len(ids) > 0
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
