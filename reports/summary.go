package reports

import (
	"cmp"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
)

// SummaryWidth is the width, in columns, the console summary fits its
// rule lines to (a rule's text is shortened to fit).
const SummaryWidth = 100

// MaxSpecsPerRule is how many failed specs the console summary lists under
// one rule; the others are counted ("... and 3 more (see out/report.json)").
const MaxSpecsPerRule = 5

// RuleFailures is the failed specs of a run that one rule is charged with.
type RuleFailures struct {
	// Rule is the rule's ID; "" for the failures charged to no catalog
	// rule (a step the spec needed failed, the provider panicked, the
	// harness failed).
	Rule string
	// Text is the rule's text in the catalog ("" when Rule is "").
	Text string
	// Waiver is the reason of the waiver, for a group of waived failures
	// (see WaivedRules); "" otherwise.
	Waiver string
	// Specs are the failed specs, in run order.
	Specs []outcome.Spec
}

// FailedRules groups the failed specs of r that fail the run (not waived),
// each once, under the first rule its failure is charged to and not
// waived (the others are named on its line: see AlsoCharged): one group
// per rule, in catalog order, then one group with Rule "" for the
// failures charged to no rule.
func FailedRules(r Run) []RuleFailures { return failureGroups(r, false) }

// WaivedRules groups the failed specs of r whose every failure is waived,
// each once, under the first rule its failure is charged to, with that
// rule's waiver.
func WaivedRules(r Run) []RuleFailures { return failureGroups(r, true) }

func failureGroups(r Run, waived bool) []RuleFailures {
	byRule := map[string]*RuleFailures{}
	for k, s := range r.Specs {
		if s.State != outcome.Failed || r.SpecWaived(k) != waived {
			continue
		}
		id := ""
		for _, v := range s.Violations {
			if !outcome.IsRule(v.Rule) || waiverOf(r, v) != "" && !waived {
				continue
			}
			id = v.Rule
			break
		}
		g := byRule[id]
		if g == nil {
			g = &RuleFailures{Rule: id}
			if rule, ok := catalog.Lookup(id); ok {
				g.Text = rule.Text
			}
			byRule[id] = g
		}
		if waived && g.Waiver == "" {
			for _, v := range s.Violations {
				if v.Rule == id {
					g.Waiver = waiverOf(r, v)
					break
				}
			}
		}
		g.Specs = append(g.Specs, s)
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

// waiverOf is the reason of the waiver that waives v in run r, "".
func waiverOf(r Run, v finding.Violation) string {
	for _, rr := range r.Rules {
		if rr.Rule.ID != v.Rule {
			continue
		}
		for _, c := range rr.Charges {
			if c.Violation == v {
				return c.Waiver
			}
		}
	}
	return ""
}

// AlsoCharged are the other rules the failure of s is charged to, besides
// rule.
func AlsoCharged(s outcome.Spec, rule string) []string {
	var out []string
	for _, id := range outcome.Charged(s) {
		if id != rule {
			out = append(out, id)
		}
	}
	return out
}

// Observation is what spec s observed, for a list of the failures charged
// to rule: its first violation of rule in one line (call, object, side,
// expected, observed), without the leading rule ID; else its one-line
// outcome (outcome.Spec.Line).
func Observation(s outcome.Spec, rule string) string {
	if rule != "" {
		for _, v := range s.Violations {
			if v.Rule == rule {
				v.Rule = ""
				return outcome.ViolationLine(v)
			}
		}
	}
	if line := s.Line(); line != "" {
		return line
	}
	return "no failure message"
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

// writeWrapped writes text at indent, wrapped at spaces into lines of at
// most SummaryWidth columns (a word longer than a line stays whole), the
// lines after the first indented two more.
func writeWrapped(w io.Writer, indent, text string) {
	writeHanging(w, indent, indent+"  ", text)
}

// writeHanging writes text wrapped as writeWrapped does, its first line
// at first, the others at cont.
func writeHanging(w io.Writer, first, cont, text string) {
	prefix, width := first, SummaryWidth-len(first)
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= width:
			line += " " + word
		default:
			fmt.Fprintf(w, "%s%s\n", prefix, line)
			prefix, width = cont, SummaryWidth-len(cont)
			line = word
		}
	}
	if line != "" {
		fmt.Fprintf(w, "%s%s\n", prefix, line)
	}
}

// MaxDetailLines is how many lines of a failure's details (a model spec's
// failing sequence: outcome.Failure.Details) the console summary prints;
// the others are counted, and the report has them. The replay command
// that ends them is always printed.
const MaxDetailLines = 40

// replayPrefix starts the line of a failure's details that replays it.
const replayPrefix = "Replay: "

// stepNumber is the number that starts a line of a numbered sequence
// ("  12. "): its continuation lines are indented past it.
var stepNumber = regexp.MustCompile(`^\s*\d+\.\s+`)

// writeDetails writes a failure's details at indent, a line of theirs at
// a time, each wrapped to SummaryWidth (a step's continuation indented
// past its number), at most MaxDetailLines of them and then how many more
// and where they are (reportPath: the report written, if any); a
// "Replay:" line, a command to copy, is written whole.
func writeDetails(w io.Writer, indent, details, reportPath string) {
	var lines, replay []string
	for _, l := range strings.Split(strings.TrimRight(details, "\n"), "\n") {
		if strings.HasPrefix(l, replayPrefix) {
			replay = append(replay, l)
		} else if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	for i, l := range lines {
		if i == MaxDetailLines {
			where := " (the JSON report has them all)"
			if reportPath != "" {
				where = seeReport(reportPath)
			}
			fmt.Fprintf(w, "%s... and %d more %s%s\n", indent, len(lines)-i, plural(len(lines)-i, "line", "lines"), where)
			break
		}
		lead := l[:len(l)-len(strings.TrimLeft(l, " "))]
		cont := indent + lead + "  "
		if m := stepNumber.FindString(l); m != "" {
			// the number as it is ("  13.   " marks a step's
			// aftermath), the text past it
			lead, cont = m, indent+strings.Repeat(" ", len(m))
		}
		writeHanging(w, indent+lead, cont, l[len(lead):])
	}
	for _, l := range replay {
		fmt.Fprintf(w, "%s%s\n", indent, l)
	}
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
// (at most MaxSpecsPerRule) its name, its observation (and the other rules
// it is charged to), the failure's details (a model spec's shortest
// failing sequence and the command that replays it: writeDetails) and the
// command that reruns it.
func writeGroups(w io.Writer, r Run, groups []RuleFailures, reportPath string) {
	for _, g := range groups {
		fmt.Fprintln(w, groupHeading(g))
		if g.Waiver != "" {
			fmt.Fprintf(w, "    waived: %s\n", g.Waiver)
		}
		for i, s := range g.Specs {
			if i == MaxSpecsPerRule {
				fmt.Fprintf(w, "    ... and %d more%s\n", len(g.Specs)-i, seeReport(reportPath))
				break
			}
			writeWrapped(w, "    ", s.Name)
			writeWrapped(w, "      ", Observation(s, g.Rule))
			if also := AlsoCharged(s, g.Rule); len(also) > 0 {
				writeWrapped(w, "      ", "also charged to "+strings.Join(also, " "))
			}
			if s.Failure != nil && s.Failure.Details != "" {
				writeDetails(w, "      ", s.Failure.Details, reportPath)
			}
			fmt.Fprintf(w, "      rerun: %s\n", RerunCommand(r.Meta, s))
		}
	}
}

// seeReport is " (see PATH)", pointing to the report at path for what the
// summary leaves out; "" when no report was written.
func seeReport(path string) string {
	if path == "" {
		return ""
	}
	return " (see " + path + ")"
}

// SummaryReport is the report the summary points to, of the reports a run
// wrote (paths by Format.Name: "json", "html", "junit"): the JSON report,
// which has everything, else the HTML one, else the JUnit one; "" for
// none.
func SummaryReport(paths map[string]string) string {
	for _, name := range []string{"json", "html", "junit"} {
		if p := paths[name]; p != "" {
			return p
		}
	}
	return ""
}

// maxReasonRules is how many rule IDs a line of skipped specs names.
const maxReasonRules = 10

// reasonGroup is the specs of a state that gave the same reason.
type reasonGroup struct {
	reason string
	specs  int
	rules  []string
}

// byReason groups the specs of r that match by their one-line reason
// (what) in run order.
func byReason(r Run, match func(outcome.Spec) bool, what func(outcome.Spec) string) []reasonGroup {
	var out []reasonGroup
	for _, s := range r.Specs {
		if !match(s) {
			continue
		}
		reason := cmp.Or(what(s), "no reason given")
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

// VerdictWord is the run's verdict as the console and the HTML report
// print it.
func VerdictWord(r Run) string {
	switch r.Verdict {
	case outcome.VerdictPass:
		return "PASS"
	case outcome.VerdictFail:
		return "FAIL"
	case outcome.VerdictError:
		return "ERROR"
	case outcome.VerdictInterrupted:
		return "INTERRUPTED"
	case outcome.VerdictEmpty:
		return "NO SPEC SELECTED"
	case outcome.VerdictPlan:
		return "PLAN (a dry run: nothing ran)"
	}
	return cmp.Or(string(r.Verdict), "unknown")
}

// skipHeadings head the skipped specs of each kind in the summary.
var skipHeadings = map[finding.SkipKind]string{
	finding.NotApplicable: "Not applicable (the adapter declares it does not have what the spec needs), by declaration",
	finding.NotObservable: "Not observable (the provider took a path the pages allow), by reason",
	finding.NotVerified:   "Not verified (a test hook the provider does not offer), by reason",
	finding.NotConfigured: "Not configured (the run's configuration left the spec nothing to run on), by reason",
	finding.Unexplained:   "Skipped without a kind (a harness bug), by reason",
}

// skipWhat is what groups a skipped spec: the declaration of a not
// applicable one, else its reason.
func skipWhat(s outcome.Spec) string {
	if s.Skip == nil {
		return ""
	}
	if s.Skip.Kind == finding.NotApplicable && s.Skip.Declaration != "" {
		return s.Skip.Declaration
	}
	return s.Skip.Reason
}

// WriteSummary writes the console summary of run r, which took wall:
//
//   - a header: the verdict, the driver, sides A and B, the adapter, the
//     spec and rule counts (outcome.Count), the waivers and the time;
//   - "Failed rules:", the failures that fail the run, each spec once,
//     under the first rule its failure is charged to (FailedRules): per
//     rule its ID, its catalog text shortened to fit SummaryWidth and how
//     many specs failed it, then for at most MaxSpecsPerRule of them the
//     spec's name, its observation (Observation: call, object, side,
//     expected, observed), the other rules it is charged to, the
//     failure's details (a model spec's shortest failing sequence, a step
//     a line, at most MaxDetailLines, and the command that replays it),
//     and the command that reruns it alone (RerunCommand); the failures
//     charged to no rule last;
//   - the waived failures grouped likewise, with the waiver's reason;
//   - the skipped specs by kind, one line per declaration or reason with
//     how many specs and their rule IDs;
//   - the interrupted specs, the specs not run, stale waivers, failures
//     outside any spec and harness or lab faults.
//
// Its last line counts every state of the selected specs and adds up to
// them (outcome.Counts.SpecLine): "270 passed, 0 failed, 4 not applicable,
// 2 not verified". reportPath is the path of a report file of the run
// that was written, "" if none was: the summary points to it for what it
// leaves out (see SummaryReport).
func WriteSummary(w io.Writer, r Run, wall time.Duration, reportPath string) {
	tool := cmp.Or(r.Tool, "ndkconform")
	c := r.Counts()
	verdict := VerdictWord(r)
	switch r.Verdict {
	case outcome.VerdictInterrupted:
		verdict += " (" + r.Interrupted + ")"
	case outcome.VerdictError:
		verdict += " (a harness or lab fault, not the provider's: " + FirstLine(r.Faults[0]) + ")"
	}
	if c.Specs.Waived > 0 {
		verdict += fmt.Sprintf(" (%d failed %s waived)", c.Specs.Waived, plural(c.Specs.Waived, "spec", "specs"))
	}
	fmt.Fprintf(w, "\n%s conformance summary\n", tool)
	fmt.Fprintf(w, "  verdict:  %s\n", verdict)
	fmt.Fprintf(w, "  driver:   %s\n", driverLine(r.Meta))
	fmt.Fprintf(w, "  side A:   %s\n", sideLine(r.SideA))
	fmt.Fprintf(w, "  side B:   %s\n", sideLine(r.SideB))
	fmt.Fprintf(w, "  adapter:  %s\n", adapterLine(r.Adapter))
	fmt.Fprintf(w, "  specs:    %d of %d selected: %s\n", c.Specs.Selected, c.Specs.Suite, c.SpecLine())
	fmt.Fprintf(w, "  rules:    %s\n", c.RuleLine())
	if len(r.Waivers) > 0 {
		fmt.Fprintf(w, "  waivers:  %d %s: %d failed %s waived, %d stale\n", len(r.Waivers), plural(len(r.Waivers), "line", "lines"),
			c.Specs.Waived, plural(c.Specs.Waived, "spec", "specs"), len(r.Stale))
	}
	fmt.Fprintf(w, "  time:     %s\n", wall.Round(time.Millisecond))

	if groups := FailedRules(r); len(groups) > 0 {
		fmt.Fprintf(w, "\nFailed rules (%d failed %s):\n", c.Specs.Failed, plural(c.Specs.Failed, "spec", "specs"))
		writeGroups(w, r, groups, reportPath)
	}
	if groups := WaivedRules(r); len(groups) > 0 {
		fmt.Fprintf(w, "\nWaived failures (they do not fail the run):\n")
		writeGroups(w, r, groups, reportPath)
	}
	for _, kind := range finding.SkipKinds() {
		groups := byReason(r, func(s outcome.Spec) bool { return s.SkipKind() == kind }, skipWhat)
		if len(groups) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s:\n", skipHeadings[kind])
		for _, g := range groups {
			fmt.Fprintln(w, g.line())
		}
	}
	var unchecked []reasonGroup
	for _, s := range r.Specs {
		for _, u := range s.Unchecked {
			what := cmp.Or(u.Declaration, u.Reason)
			k := slices.IndexFunc(unchecked, func(g reasonGroup) bool { return g.reason == string(u.Kind)+": "+what })
			if k < 0 {
				k = len(unchecked)
				unchecked = append(unchecked, reasonGroup{reason: string(u.Kind) + ": " + what})
			}
			unchecked[k].specs++
			for _, id := range u.Rules {
				if !slices.Contains(unchecked[k].rules, id) {
					unchecked[k].rules = append(unchecked[k].rules, id)
				}
			}
		}
	}
	if len(unchecked) > 0 {
		fmt.Fprintf(w, "\nRules that specs which ran could not check:\n")
		for _, g := range unchecked {
			fmt.Fprintln(w, g.line())
		}
	}
	if c.Specs.Interrupted > 0 {
		fmt.Fprintf(w, "\nInterrupted specs (no verdict on the provider):\n")
		for _, s := range r.Specs {
			if s.State == outcome.Interrupted {
				fmt.Fprintf(w, "  %s: %s\n", s.Name, s.Line())
			}
		}
	}
	if groups := byReason(r, func(s outcome.Spec) bool { return s.State == outcome.NotRun }, outcome.Spec.Line); len(groups) > 0 {
		fmt.Fprintf(w, "\nSpecs not run (%d; no verdict on the provider):\n", c.Specs.NotRun)
		for _, g := range groups {
			fmt.Fprintln(w, g.line())
		}
	}
	if len(r.Stale) > 0 {
		fmt.Fprintf(w, "\nStale waivers (nothing they name failed, and the rule passed: remove them):\n  %s\n", strings.Join(r.Stale, " "))
	}
	if len(r.SuiteFailures) > 0 {
		fmt.Fprintf(w, "\nFailures outside any spec:\n")
		for _, f := range r.SuiteFailures {
			fmt.Fprintf(w, "  %s\n", FirstLine(f))
		}
	}
	if len(r.Faults) > 0 {
		fmt.Fprintf(w, "\nHarness or lab faults (not the provider's):\n")
		for _, f := range r.Faults {
			fmt.Fprintf(w, "  %s\n", FirstLine(f))
		}
	}
	fmt.Fprintf(w, "\n%s\n", c.SpecLine())
}

// WriteDryRun lists the specs run r selected, each with its short ID (see
// --spec), its area and labels, then "N selected, N not selected".
func WriteDryRun(w io.Writer, r Run) {
	c := r.Counts()
	fmt.Fprintf(w, "\n%s dry run: driver %s\n\n", cmp.Or(r.Tool, "ndkconform"), driverLine(r.Meta))
	for _, s := range r.Specs {
		if s.Selected() {
			fmt.Fprintf(w, "%-8s  %-11s [%s] %s\n", cmp.Or(s.ID, outcome.SpecID(s.Name)), cmp.Or(s.Area, "-"), strings.Join(labelsOrNone(s.Labels), ", "), s.Name)
		}
	}
	fmt.Fprintf(w, "\n%d selected, %d not selected\n", c.Specs.Selected, c.Specs.NotSelected)
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
// "agent of side A at 10.0.0.2:7471 serving 10.0.0.2: ndkconform 1.2.0 (protocol 1.0), driver rxe (faults=tc)".
func ComponentText(c ndk.Component) string {
	s := c.Role
	if c.Address != "" {
		s += " at " + c.Address
	}
	if len(c.Serves) > 0 {
		s += " serving " + strings.Join(c.Serves, ", ")
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
