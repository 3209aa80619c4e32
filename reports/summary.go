package reports

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/ndk"
)

// SummaryWidth is the width, in columns, the console summary fits its
// rule lines to (a rule's text is shortened to fit).
const SummaryWidth = 100

// MaxSpecsPerRule is how many failed specs the console summary lists under
// one rule; the others are counted ("... and 3 more (see the report)").
const MaxSpecsPerRule = 5

// RuleFailures is the failed specs of a run that one rule is charged with.
type RuleFailures struct {
	// Rule is the rule's ID; "" for the failures charged to no catalog
	// rule (a step the spec needed failed, the provider panicked, the
	// harness failed: see Attribution).
	Rule string
	// Text is the rule's text in the catalog ("" when Rule is "").
	Text string
	// Waiver is the reason the rule is waived, for a group of waived
	// failures (see WaivedRules); "" otherwise.
	Waiver string
	// Specs are the failed specs charged to the rule, in run order. A spec
	// whose failure counts against several rules is in the group of each.
	Specs []Spec
}

// FailedRules groups the failed specs of r that fail the run (not waived)
// by the rules their failures are charged to (Attribution), leaving out
// the waived rules a spec is also charged to: one group per rule, in
// catalog order, then one group with Rule "" for the failures charged to
// no rule.
func FailedRules(r Run) []RuleFailures { return failureGroups(r, false) }

// WaivedRules groups the failed specs of r by the waived rules their
// failures are charged to, in catalog order, each group with its waiver's
// reason. A spec charged to a waived rule and to one that is not is in
// both FailedRules (under the rule not waived: it fails the run) and
// WaivedRules (under the waived one).
func WaivedRules(r Run) []RuleFailures { return failureGroups(r, true) }

func failureGroups(r Run, waived bool) []RuleFailures {
	byRule := map[string]*RuleFailures{}
	for _, s := range r.Specs {
		if !s.Failed() || !waived && r.SpecWaived(s) {
			continue
		}
		var ids []string
		for _, id := range Attribution(s) {
			if _, ok := r.Waivers[id]; ok == waived {
				ids = append(ids, id)
			}
		}
		switch {
		case len(ids) > 0:
		case waived:
			continue // nothing waived
		default:
			ids = []string{""} // charged to no rule
		}
		for _, id := range ids {
			g := byRule[id]
			if g == nil {
				g = &RuleFailures{Rule: id}
				if rule, ok := catalog.Lookup(id); ok {
					g.Text = rule.Text
				}
				if waived {
					g.Waiver = r.Waivers[id]
				}
				byRule[id] = g
			}
			g.Specs = append(g.Specs, s)
		}
	}
	var out []RuleFailures
	for _, rule := range catalog.All() {
		if g := byRule[rule.ID]; g != nil {
			out = append(out, *g)
		}
	}
	if g := byRule[""]; g != nil {
		out = append(out, *g)
	}
	return out
}

// Observation is what spec s observed, for a list of the failures charged
// to rule: the first telling line of its failure (FirstLine), without a
// leading "RULE: " that repeats rule, prefixed with the spec's state when
// it is not "failed" ("panicked: ...").
func Observation(s Spec, rule string) string {
	line := FirstLine(s.Failure)
	if rule != "" {
		line = strings.TrimPrefix(line, rule+": ")
	}
	if line == "" {
		line = "no failure message"
	}
	if s.State != "failed" && s.State != "" {
		line = s.State + ": " + line
	}
	return line
}

// shorten is s cut at a word to at most width runes, "..." marking the cut.
func shorten(s string, width int) string {
	r := []rune(s)
	if len(r) <= width {
		return s
	}
	if width <= 3 {
		return string(r[:max(width, 0)])
	}
	cut := string(r[:width-3])
	if i := strings.LastIndexByte(cut, ' '); i > width/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:.") + "..."
}

// noRuleTitle heads the failures charged to no rule.
const noRuleTitle = "no rule: failures charged to no catalog rule (a step failed, a panic, the harness)"

// groupHeading is a group's heading line (two spaces of indent, fit to
// SummaryWidth): "LT-26  The provider ... (3 specs)".
func groupHeading(g RuleFailures) string {
	count := fmt.Sprintf(" (%d %s)", len(g.Specs), plural(len(g.Specs), "spec", "specs"))
	if g.Rule == "" {
		return "  " + shorten(noRuleTitle, SummaryWidth-2-len(count)) + count
	}
	head := "  " + g.Rule + "  "
	return head + shorten(g.Text, SummaryWidth-len(head)-len(count)) + count
}

// writeGroups writes failure groups: a heading per rule, then per spec
// (at most MaxSpecsPerRule) its name and observation on one line and the
// command that reruns it.
func writeGroups(w io.Writer, r Run, groups []RuleFailures) {
	for _, g := range groups {
		fmt.Fprintln(w, groupHeading(g))
		if g.Waiver != "" {
			fmt.Fprintf(w, "    waived %s: %s\n", g.Rule, g.Waiver)
		}
		for i, s := range g.Specs {
			if i == MaxSpecsPerRule {
				fmt.Fprintf(w, "    ... and %d more (see the report)\n", len(g.Specs)-i)
				break
			}
			fmt.Fprintf(w, "    %s: %s\n", s.Name, Observation(s, g.Rule))
			fmt.Fprintf(w, "      rerun: %s\n", RerunCommand(r.Meta, s))
		}
	}
}

// maxReasonRules is how many rule IDs a line of skipped specs names.
const maxReasonRules = 10

// reasonGroup is the specs of a state that gave the same reason.
type reasonGroup struct {
	reason string
	specs  int
	rules  []string
}

// byReason groups the specs of r that match by the first line of their
// failure (the reason they were skipped or not run), in run order.
func byReason(r Run, match func(Spec) bool) []reasonGroup {
	var out []reasonGroup
	for _, s := range r.Specs {
		if !match(s) {
			continue
		}
		reason := FirstLine(s.Failure)
		if reason == "" {
			reason = cmp.Or(map[string]string{"pending": "pending"}[s.State], "no reason given")
		}
		k := slices.IndexFunc(out, func(g reasonGroup) bool { return g.reason == reason })
		if k < 0 {
			k = len(out)
			out = append(out, reasonGroup{reason: reason})
		}
		out[k].specs++
		for _, id := range s.Rules {
			if !slices.Contains(out[k].rules, id) {
				out[k].rules = append(out[k].rules, id)
			}
		}
	}
	return out
}

func (g reasonGroup) line() string {
	rules := ""
	if n := len(g.rules); n > maxReasonRules {
		rules = " [" + strings.Join(g.rules[:maxReasonRules], " ") + fmt.Sprintf(" and %d more]", n-maxReasonRules)
	} else if n > 0 {
		rules = " [" + strings.Join(g.rules, " ") + "]"
	}
	return fmt.Sprintf("  %d %s: %s%s", g.specs, plural(g.specs, "spec", "specs"), g.reason, rules)
}

// WriteSummary writes the console summary of run r, which took wall:
//
//   - a header: the verdict, the driver, sides A and B, the adapter, the
//     spec and rule counts, the waivers and the time;
//   - "Failed rules:", the failures that fail the run grouped by the rule
//     each is charged to (FailedRules): per rule its ID, its catalog text
//     shortened to fit SummaryWidth and how many specs failed it, then for
//     at most MaxSpecsPerRule of them a line with the spec's name and
//     observation (Observation) and a line with the command that reruns
//     it alone (RerunCommand); the failures charged to no rule last;
//   - the waived failures grouped likewise (WaivedRules), with each
//     waiver's reason: they do not fail the run;
//   - the skipped specs and the specs not run, one line per distinct
//     reason with how many specs gave it and their rule IDs;
//   - the interrupted specs, stale waivers, waivers with no effect, and
//     failures outside any spec.
//
// Its last line is always "N passed, N failed, N skipped" (tests and CI
// scripts parse it), the failed count leaving out the waived failures.
func WriteSummary(w io.Writer, r Run, wall time.Duration) {
	tool := cmp.Or(r.Tool, "ndkconform")
	verdict := map[string]string{VerdictPassed: "PASS", VerdictFailed: "FAIL", VerdictEmpty: "NO SPEC SELECTED",
		VerdictInterrupted: "INTERRUPTED (" + r.Interrupted + ")"}[r.Verdict]
	if verdict == "" {
		verdict = cmp.Or(r.Verdict, "unknown")
	}
	if r.Waived > 0 {
		verdict += fmt.Sprintf(" (%d failed %s waived)", r.Waived, plural(r.Waived, "spec", "specs"))
	}
	if u := r.Unverified(); u != "" && r.Verdict == VerdictPassed {
		verdict += " (" + u + ")" // a pass that verified less than it selected says so
	}
	failed := r.Failed - r.Waived
	fmt.Fprintf(w, "\n%s conformance summary\n", tool)
	fmt.Fprintf(w, "  verdict:  %s\n", verdict)
	fmt.Fprintf(w, "  driver:   %s\n", driverLine(r.Meta))
	fmt.Fprintf(w, "  side A:   %s\n", sideLine(r.SideA))
	fmt.Fprintf(w, "  side B:   %s\n", sideLine(r.SideB))
	fmt.Fprintf(w, "  adapter:  %s\n", adapterLine(r.Adapter))
	waived := ""
	if r.Waived > 0 {
		waived = fmt.Sprintf(", %d waived", r.Waived)
	}
	if r.InterruptedSpecs+r.NotRun > 0 {
		fmt.Fprintf(w, "  specs:    %d selected: %d passed, %d failed%s, %d skipped, %d interrupted, %d not run; %d not selected\n",
			len(r.Specs), r.Passed, failed, waived, r.Skipped, r.InterruptedSpecs, r.NotRun, r.NotSelected)
	} else {
		fmt.Fprintf(w, "  specs:    %d run: %d passed, %d failed%s, %d skipped; %d not selected\n",
			len(r.Specs), r.Passed, failed, waived, r.Skipped, r.NotSelected)
	}
	if len(r.Rules) > 0 {
		fmt.Fprintf(w, "  rules:    %s\n", ruleCountsLine(r.Rules))
	}
	if len(r.Waivers) > 0 {
		fmt.Fprintf(w, "  waivers:  %d %s: %d failed %s waived, %d stale\n", len(r.Waivers), plural(len(r.Waivers), "rule", "rules"),
			r.Waived, plural(r.Waived, "spec", "specs"), len(r.StaleWaivers))
	}
	fmt.Fprintf(w, "  time:     %s\n", wall.Round(time.Millisecond))

	if groups := FailedRules(r); len(groups) > 0 {
		fmt.Fprintf(w, "\nFailed rules (%d failed %s):\n", failed, plural(failed, "spec", "specs"))
		writeGroups(w, r, groups)
	}
	if groups := WaivedRules(r); len(groups) > 0 {
		fmt.Fprintf(w, "\nWaived failures (they do not fail the run):\n")
		writeGroups(w, r, groups)
	}
	if groups := byReason(r, func(s Spec) bool { return s.State == "skipped" || s.State == "pending" }); len(groups) > 0 {
		fmt.Fprintf(w, "\nSkipped specs (%d), by reason:\n", r.Skipped)
		for _, g := range groups {
			fmt.Fprintln(w, g.line())
		}
	}
	if r.InterruptedSpecs > 0 {
		fmt.Fprintf(w, "\nInterrupted specs (no verdict on the provider):\n")
		for _, s := range r.Specs {
			if s.State == StateInterrupted {
				fmt.Fprintf(w, "  %s: %s\n", s.Name, FirstLine(s.Failure))
			}
		}
	}
	if groups := byReason(r, func(s Spec) bool { return s.State == StateNotRun }); len(groups) > 0 {
		fmt.Fprintf(w, "\nSpecs not run (%d; no verdict on the provider):\n", r.NotRun)
		for _, g := range groups {
			fmt.Fprintln(w, g.line())
		}
	}
	var stale, idle []string
	for _, rr := range r.Rules {
		switch {
		case rr.Waiver == "":
		case rr.Stale():
			stale = append(stale, fmt.Sprintf("  %s (%s)", rr.Rule.ID, rr.Waiver))
		case rr.Verdict != RuleWaived:
			idle = append(idle, fmt.Sprintf("  %s: %s (%s)", rr.Rule.ID, rr.Verdict, rr.Waiver))
		}
	}
	if len(stale) > 0 {
		fmt.Fprintf(w, "\nStale waivers (the rule passed: remove the waiver):\n%s\n", strings.Join(stale, "\n"))
	}
	if len(idle) > 0 {
		fmt.Fprintf(w, "\nWaivers with no effect in this run:\n%s\n", strings.Join(idle, "\n"))
	}
	if len(r.SuiteFailures) > 0 {
		fmt.Fprintf(w, "\nFailures outside any spec:\n")
		for _, f := range r.SuiteFailures {
			fmt.Fprintf(w, "  %s\n", FirstLine(f))
		}
	}
	fmt.Fprintf(w, "\n%d passed, %d failed, %d skipped\n", r.Passed, failed, r.Skipped)
}

// WriteDryRun lists the specs run r selected, each with its area and
// labels, then "N selected, N not selected".
func WriteDryRun(w io.Writer, r Run) {
	fmt.Fprintf(w, "\n%s dry run: driver %s\n\n", cmp.Or(r.Tool, "ndkconform"), driverLine(r.Meta))
	for _, s := range r.Specs {
		fmt.Fprintf(w, "%-11s [%s] %s\n", cmp.Or(s.Area, "-"), strings.Join(labelsOrNone(s.Labels), ", "), s.Name)
	}
	fmt.Fprintf(w, "\n%d selected, %d not selected\n", len(r.Specs), r.NotSelected)
}

// ruleCountsLine is "N passed, N failed, ..." over the rule verdicts.
func ruleCountsLine(rules []RuleResult) string {
	n := RuleCounts(rules)
	var parts []string
	for _, v := range []string{RulePassed, RuleFailed, RuleWaived, RuleSkipped, RuleNotRun,
		RuleNotObservable, RuleNotSelected, RuleNotCovered} {
		if n[v] > 0 || v == RulePassed || v == RuleFailed {
			parts = append(parts, fmt.Sprintf("%d %s", n[v], v))
		}
	}
	return strings.Join(parts, ", ")
}

func labelsOrNone(l []string) []string {
	if len(l) == 0 {
		return []string{"no label"}
	}
	return l
}

func driverLine(m Meta) string {
	if opts := FormatOptions(m.DriverOptions); opts != "" {
		return m.Driver + " (" + opts + ")"
	}
	return m.Driver + " (default options)"
}

// sideLine is a side's addresses on the console ("-" for none).
func sideLine(s ndk.Side) string { return sideAddrs(s, "-") }

func adapterLine(a ndk.AdapterInfo) string {
	if a == (ndk.AdapterInfo{}) {
		return "unknown (NdkQueryAdapterInfo failed)"
	}
	return fmt.Sprintf("vendor 0x%04x device 0x%04x, NDK %d.%d, %s",
		a.VendorID, a.DeviceID, a.Version.Major, a.Version.Minor, TechnologyName(a.RDMATechnology))
}

// ComponentText is one line about c, a part of what served the provider:
// "agent of side A at 10.0.0.2:7471: ndkconform 1.2.0 (protocol 1.0), driver rxe (faults=tc)".
func ComponentText(c ndk.Component) string {
	s := c.Role
	if c.Address != "" {
		s += " at " + c.Address
	}
	if c.Version != "" {
		s += ": " + c.Version
	}
	if c.Protocol != "" {
		s += " (protocol " + c.Protocol + ")"
	}
	if c.Driver != "" {
		s += ", driver " + c.Driver
		if o := FormatOptions(c.DriverOptions); o != "" {
			s += " (" + o + ")"
		}
	}
	return s
}
