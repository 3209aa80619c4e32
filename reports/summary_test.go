package reports

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/outcome"
)

// modelLabels are the ~70 rule IDs a model spec is labelled with.
func modelLabels(t *testing.T) []string {
	t.Helper()
	var ids []string
	for _, r := range catalog.All() {
		if (r.Actor == "P" || r.Actor == "MAY/P") && r.Observable() && len(ids) < 70 {
			ids = append(ids, r.ID)
		}
	}
	if len(ids) < 70 {
		t.Fatalf("the catalog has %d observable provider rules, the test wants 70", len(ids))
	}
	return ids
}

// longFailure is a model spec's failure: its first line, then a failing
// sequence of steps lines printed twice (as the model specs do), with
// numbers that vary with k (seeds, object numbers, times).
func longFailure(first string, k, steps int) string {
	var b strings.Builder
	b.WriteString(first + "\n")
	for range 2 {
		fmt.Fprintf(&b, "Shortest failing sequence (%d steps; run seed 1, sequence seed %d, failed at sequence %d of 40):\n", steps, 5222853465336575469+k, k%40)
		for i := range steps {
			fmt.Fprintf(&b, "  %2d. B: create listener#%d on 10.0.0.%d port %d, then connect connector#%d to it and close it at t+%dms\n", i+1, i+k, k%250, 49152+i*k, i*7+k, i*k)
		}
	}
	fmt.Fprintf(&b, "Replay: ndkconform run --driver sim --focus '^Model %d$' --seed 1 --model-sequences %d --model-steps 30", k, k%40)
	return b.String()
}

// gomegaObserved is what suite.Rule records as observed when a Gomega
// matcher fails under a description: the value it was given.
const gomegaObserved = "STATUS_SUCCESS"

// brokenSpecs are the specs of a run against a broken provider: failed
// specs charged to LT-26 with a 60-line failure, every 40th a model spec
// labelled with ~70 rules; two failed specs charged to LC-15 (the first
// with a Gomega matcher's observation, the other charged to CR-1 too);
// one panicked spec charged to no rule; one failure charged to LT-16 that
// the waivers waive; passed specs; specs skipped not applicable, not
// observable (two reasons' worth of rules) and not verified; one spec
// interrupted and two not run.
func brokenSpecs(t *testing.T, failed int) []outcome.Spec {
	t.Helper()
	needRules(t, "OV-2", "QP-22", "LT-26", "LC-15", "CR-1", "CN-1", "LT-16", "LC-14", "DS-2", "DS-4", "DS-5", "CN-3", "CN-9", "CN-7", "CN-8")
	labels := modelLabels(t)
	var specs []outcome.Spec
	add := func(s outcome.Spec) {
		if s.Area == "" {
			s.Area = "model"
		}
		s.Duration, s.Start = time.Second, t0
		if s.Labels == nil {
			s.Labels = s.Rules
		}
		specs = append(specs, s)
	}
	fail := func(kind, message string, v ...finding.Violation) (outcome.State, *outcome.Failure, []finding.Violation) {
		return outcome.Failed, &outcome.Failure{Kind: kind, Message: message}, v
	}
	for k := range failed {
		// Every 40th is a model spec, labelled with ~70 rules; the others
		// check three. Every third fails on a receive, the others on a CQ:
		// two failures, each the same in its specs up to numbers.
		rules := []string{"OV-2", "QP-22", "LT-26"}
		if k%40 == 0 {
			rules = labels
		}
		v := finding.Violation{Rule: "LT-26", Call: "NdkGetCqResultsEx", Object: fmt.Sprintf("cq#%d", k), Side: "A", Expected: fmt.Sprintf("%d completion(s) within 10s", k%5+1), Observed: "0 came: []"}
		if k%3 == 2 {
			v = finding.Violation{Rule: "LT-26", Call: "NdkReceive", Object: fmt.Sprintf("qp#%d", k), Side: "B", Expected: "the completion of NdkReceive #1 (flushed) within 10s", Observed: "it did not come"}
		}
		s := outcome.Spec{Name: fmt.Sprintf("Disconnect IPv%d flushes the QP of sequence family %d: its posted receives complete with STATUS_CANCELLED", 4+2*(k%2), k), Rules: rules}
		s.State, s.Failure, s.Violations = fail(outcome.FailureFailed, longFailure(v.String(), k, 29), v)
		add(s)
	}
	pending := finding.Violation{Rule: "LC-15", Call: "NdkCloseObject", Object: "listener#1", Side: "B", Expected: "closing a listener with an open connector returns STATUS_PENDING", Observed: gomegaObserved}
	s := outcome.Spec{Name: "Listener close returns STATUS_PENDING", Rules: []string{"LC-15"}, Area: "lifetime"}
	s.State, s.Failure, s.Violations = fail(outcome.FailureFailed, pending.String()+"\nat close.go:12", pending)
	add(s)
	twice := []finding.Violation{
		{Rule: "LC-15", Call: "NdkCloseObject", Object: "listener#2", Side: "B", Expected: "STATUS_PENDING", Observed: "STATUS_SUCCESS"},
		{Rule: "CR-1", Call: "NdkCloseCompletion", Object: "listener#2", Side: "B", Expected: "one completion", Observed: "the close completion came twice"},
	}
	s = outcome.Spec{Name: "Listener close completes twice", Rules: []string{"LC-15", "CR-1"}, Area: "lifetime"}
	s.State, s.Failure, s.Violations = fail(outcome.FailureFailed, twice[0].String()+"\n"+twice[1].String()+"\nat close.go:40", twice...)
	add(s)
	s = outcome.Spec{Name: "Connector panics", Rules: []string{"CN-1"}, Area: "endpoints"}
	s.State, s.Failure, _ = fail(outcome.FailurePanicked, "panic: runtime error: nil map\ngoroutine 7")
	add(s)
	s = outcome.Spec{Name: "Lifetime waived failure", Rules: []string{"LT-16"}, Area: "lifetime"}
	s.State, s.Failure, s.Violations = fail(outcome.FailureFailed, "LT-16: the antecedent closed first", finding.Violation{Rule: "LT-16", Observed: "the antecedent closed first"})
	add(s)
	for k := range 3 {
		add(outcome.Spec{Name: fmt.Sprintf("Passing spec %d", k), Rules: []string{"LC-14"}, State: outcome.Passed})
	}
	add(outcome.Spec{Name: "Not applicable spec", Rules: []string{"DS-2"}, State: outcome.Skipped,
		Skip: &finding.Skip{Kind: finding.NotApplicable, Declaration: "MaxSrqDepth 0", Reason: "the adapter has no SRQ"}})
	for k := range 4 {
		add(outcome.Spec{Name: fmt.Sprintf("Unobservable spec %d", k), Rules: []string{fmt.Sprintf("DS-%d", 4+k%2)}, State: outcome.Skipped,
			Skip: &finding.Skip{Kind: finding.NotObservable, Reason: "the provider cannot inject faults"}})
	}
	add(outcome.Spec{Name: "Fault spec", Rules: []string{"CN-3"}, State: outcome.Skipped, Skip: &finding.Skip{Kind: finding.NotVerified, Reason: "needs fault injection (ndk.FaultInjector)"}})
	add(outcome.Spec{Name: "Interrupted spec", Rules: []string{"CN-9"}, State: outcome.Interrupted, Note: "the provider was lost while this spec ran"})
	add(outcome.Spec{Name: "Not run spec 1", Rules: []string{"CN-7"}, State: outcome.NotRun, Note: outcome.NotRunNote})
	add(outcome.Spec{Name: "Not run spec 2", Rules: []string{"CN-8"}, State: outcome.NotRun, Note: outcome.NotRunNote})
	return specs
}

// brokenMeta describes brokenSpecs's run.
func brokenMeta() Meta {
	m := sampleMeta()
	m.Suite = "ndkconform: sim variant=cq-lost"
	m.Rerun = []string{"ndkconform", "run", "--driver", "sim", "--driver-opt", "variant=cq-lost", "--seed", "1"}
	return m
}

// judged is a run of specs judged with waivers (a waivers file's text).
func judged(t *testing.T, m Meta, specs []outcome.Spec, waivers string) Run {
	t.Helper()
	w, err := outcome.ParseWaivers(strings.NewReader(waivers))
	if err != nil {
		t.Fatal(err)
	}
	return New(m, outcome.Run{Specs: specs}, w)
}

// brokenRun is brokenSpecs judged with a waiver of LT-16 and a stale one
// of LC-14.
func brokenRun(t *testing.T, failed int) Run {
	t.Helper()
	return judged(t, brokenMeta(), brokenSpecs(t, failed), "LT-16 vendor bug 42\nLC-14 old bug\n")
}

func summary(r Run) string {
	var buf bytes.Buffer
	WriteSummary(&buf, r, 1500*time.Millisecond, "out/report.json")
	return buf.String()
}

// section is the part of out from the line heading to the next blank line.
func section(t *testing.T, out, heading string) string {
	t.Helper()
	i := strings.Index(out, "\n"+heading)
	if i < 0 {
		t.Fatalf("no %q section:\n%s", heading, out)
	}
	rest := out[i+1:]
	if j := strings.Index(rest, "\n\n"); j >= 0 {
		rest = rest[:j+1]
	}
	return rest
}

// checkLastLine checks that the summary ends with the run's spec line.
func checkLastLine(t *testing.T, r Run, out string) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if last := lines[len(lines)-1]; last != r.Counts().SpecLine() {
		t.Errorf("last line %q, want %q", last, r.Counts().SpecLine())
	}
}

// checkNoGomegaHeader checks that no line of out reads "observed
// Expected": Gomega's "Expected" header after the word observed.
func checkNoGomegaHeader(t *testing.T, out string) {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "observed Expected") {
			t.Errorf("a line reads %q", l)
		}
	}
}

func TestWriteSummaryFailedRules(t *testing.T) {
	r := brokenRun(t, 73)
	out := summary(r)
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	checkLastLine(t, r, out)
	if last := lines[len(lines)-1]; last != "3 passed, 76 failed, 1 waived, 1 not applicable, 4 not observable, 1 not verified, 1 interrupted, 2 not run" {
		t.Errorf("last line %q", last)
	}
	checkNoGomegaHeader(t, out)
	for _, want := range []string{"  verdict:  FAIL (1 failed spec waived)", "  driver:   sim (loss=0 variant=listener-close-inline)",
		"  side A:   10.0.0.1, fd00::1", "  side B:   10.0.0.2", "  adapter:  vendor 0x15b3 device 0x1017, NDK 2.0, RoCEv2",
		"  specs:    89 of 89 selected: " + r.Counts().SpecLine(), "  rules:    " + r.Counts().RuleLine(),
		"  waivers:  2 lines: 1 failed spec waived, 1 stale", "  time:     1.5s"} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("the header lacks %q:\n%s", want, out)
		}
	}
	// 73 failures charged to one rule are one group, not 73 entries with
	// the specs' 70 labels each.
	if strings.Contains(out, strings.Join(modelLabels(t)[:5], " ")) {
		t.Errorf("the summary lists a model spec's labels")
	}
	if len(lines) > 85 {
		t.Errorf("%d lines for 77 failures in 3 rules", len(lines))
	}
	failed := section(t, out, "Failed rules")
	if !strings.HasPrefix(failed, "Failed rules (76 failed specs):\n") {
		t.Errorf("heading %q", strings.SplitN(failed, "\n", 2)[0])
	}
	var heads []string
	for _, l := range strings.Split(failed, "\n") {
		if strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "    ") {
			heads = append(heads, l)
			if n := len([]rune(l)); n > SummaryWidth {
				t.Errorf("%d columns: %q", n, l)
			}
		}
	}
	lt26, _ := catalog.Lookup("LT-26")
	if len(heads) != 3 || !strings.HasPrefix(heads[0], "  LT-26  "+lt26.Text[:20]) || !strings.HasSuffix(heads[0], " (73 specs)") ||
		!strings.HasPrefix(heads[1], "  LC-15  ") || !strings.HasSuffix(heads[1], " (2 specs)") ||
		heads[2] != "  "+noRuleTitle+" (1 spec)" {
		t.Errorf("rule headings (catalog order, no rule last; a spec once, under its first rule):\n%s", strings.Join(heads, "\n"))
	}
	if len(lt26.Text) > SummaryWidth && !strings.Contains(heads[0], "...") {
		t.Errorf("LT-26's long text is not shortened: %q", heads[0])
	}
	// Under LT-26: MaxSpecsPerRule specs, each its name, its observation
	// (without a second "LT-26: ") and its rerun command.
	// Every line fits SummaryWidth but the rerun commands (copied whole);
	// a long name or observation continues on lines indented 2 more.
	g := failed[strings.Index(failed, heads[0]):strings.Index(failed, heads[1])]
	gl := strings.Split(strings.TrimRight(g, "\n"), "\n")
	reruns := 0
	for _, l := range gl {
		if strings.HasPrefix(l, "      rerun: ") {
			reruns++
		} else if n := len([]rune(l)); n > SummaryWidth {
			t.Errorf("%d columns: %q", n, l)
		}
	}
	if reruns != MaxSpecsPerRule {
		t.Fatalf("LT-26 group has %d specs with a rerun command, want %d:\n%s", reruns, MaxSpecsPerRule, g)
	}
	s := r.Specs[1]
	unwrapped := regexp.MustCompile(`\n +`).ReplaceAllString(g, " ")
	for _, want := range []string{" " + s.Name + " NdkGetCqResultsEx on cq#1 (side A): expected 2 completion(s) within 10s; observed 0 came: [] rerun: " + RerunCommand(r.Meta, s) + " "} {
		if !strings.Contains(unwrapped, want) {
			t.Errorf("the group, its lines joined, lacks\n %q\n%s", want, g)
		}
	}
	if gl[len(gl)-1] != "    ... and 68 more (see out/report.json)" {
		t.Errorf("cap line %q", gl[len(gl)-1])
	}
	// Without a report, the summary does not point to one.
	var noReport bytes.Buffer
	WriteSummary(&noReport, r, time.Second, "")
	if !strings.Contains(noReport.String(), "\n    ... and 68 more\n") || strings.Contains(noReport.String(), "(see ") {
		t.Errorf("the summary without a report points to one")
	}
	// A spec charged to LC-15 and CR-1 is under LC-15, and names CR-1.
	if !strings.Contains(failed, "    Listener close completes twice\n      NdkCloseObject on listener#2 (side B): expected STATUS_PENDING; observed STATUS_SUCCESS\n      also charged to CR-1\n") {
		t.Errorf("LC-15 group lacks the spec charged to CR-1 too:\n%s", failed)
	}
	// An assertion's failure: what was expected, the value observed.
	if !strings.Contains(failed, "    Listener close returns STATUS_PENDING\n      NdkCloseObject on listener#1 (side B): expected closing a listener with an open connector\n        returns STATUS_PENDING; observed STATUS_SUCCESS\n") {
		t.Errorf("LC-15 group lacks the observation:\n%s", failed)
	}
	if !strings.Contains(failed, "    Connector panics\n      panicked: panic: runtime error: nil map\n") {
		t.Errorf("the no-rule group lacks the panic:\n%s", failed)
	}
	if strings.Contains(failed, "Lifetime waived failure") {
		t.Errorf("a waived failure is listed with the failures")
	}

	waived := section(t, out, "Waived failures")
	if !strings.HasPrefix(waived, "Waived failures (they do not fail the run):\n") || !strings.Contains(waived, "\n  LT-16  ") ||
		!strings.Contains(waived, "\n    waived: vendor bug 42\n    Lifetime waived failure\n      the antecedent closed first\n      rerun: ") {
		t.Errorf("waived section:\n%s", waived)
	}
	for heading, want := range map[string]string{
		"Not applicable": "  1 spec: MaxSrqDepth 0 [DS-2]\n",
		"Not observable": "  4 specs: the provider cannot inject faults [DS-4 DS-5]\n",
		"Not verified":   "  1 spec: needs fault injection (ndk.FaultInjector) [CN-3]\n",
		"Specs not run":  "Specs not run (2; no verdict on the provider):\n  2 specs: " + outcome.NotRunNote + " [CN-7 CN-8]\n",
		"Interrupted":    "Interrupted specs (no verdict on the provider):\n  Interrupted spec: the provider was lost while this spec ran\n",
		"Stale waivers":  "\n  LC-14\n",
	} {
		if sec := section(t, out, heading); !strings.HasSuffix(sec, want) {
			t.Errorf("%s section\n%s\nwant it to end\n%s", heading, sec, want)
		}
	}
	if strings.Contains(out, "Failures outside any spec") || strings.Contains(out, "Harness or lab faults") || strings.Contains(out, "Not configured") {
		t.Errorf("a section for what the run does not have")
	}
}

// TestWriteSummaryAllWaived: a run that fails only through waived
// failures passes, lists no failed rule and counts no failure on its last
// line; one with no failure prints no failure section.
func TestWriteSummaryAllWaived(t *testing.T) {
	specs := slices.DeleteFunc(brokenSpecs(t, 0), func(s outcome.Spec) bool {
		return s.State == outcome.Failed && !slices.Contains(s.Rules, "LT-16") || s.State == outcome.Interrupted || s.State == outcome.NotRun
	})
	r := judged(t, brokenMeta(), specs, "LT-16 vendor bug 42\n")
	out := summary(r)
	if strings.Contains(out, "Failed rules") || !strings.Contains(out, "  verdict:  PASS (1 failed spec waived)") ||
		!strings.HasSuffix(out, "\n3 passed, 0 failed, 1 waived, 1 not applicable, 4 not observable, 1 not verified\n") {
		t.Errorf("all failures waived:\n%s", out)
	}
	checkLastLine(t, r, out)
	specs = slices.DeleteFunc(specs, func(s outcome.Spec) bool { return s.State == outcome.Failed })
	r = judged(t, brokenMeta(), specs, "")
	out = summary(r)
	if strings.Contains(out, "Failed rules") || strings.Contains(out, "Waived failures") || strings.Contains(out, "waivers:") || !strings.Contains(out, "  verdict:  PASS\n") {
		t.Errorf("no failure:\n%s", out)
	}
	checkLastLine(t, r, out)
}

// TestWriteSummaryVerdicts: the verdict line says why a run has no
// verdict on the provider, and the sections of what happened outside
// the specs are there.
func TestWriteSummaryVerdicts(t *testing.T) {
	needRules(t, "LC-14")
	specs := []outcome.Spec{{Name: "p", Rules: []string{"LC-14"}, State: outcome.Passed}}
	for _, c := range []struct {
		run  outcome.Run
		want []string
	}{
		{outcome.Run{Specs: specs, Faults: []string{"agent B stopped answering\nat remote.go:1"}},
			[]string{"  verdict:  ERROR (a harness or lab fault, not the provider's: agent B stopped answering)\n", "\nHarness or lab faults (not the provider's):\n  agent B stopped answering\n"}},
		{outcome.Run{Specs: specs, SuiteFailures: []string{"[BeforeSuite] boom\nat x.go:1"}},
			[]string{"  verdict:  FAIL\n", "\nFailures outside any spec:\n  [BeforeSuite] boom\n"}},
		{outcome.Run{Specs: specs, Interrupted: "the run was interrupted by SIGINT"},
			[]string{"  verdict:  INTERRUPTED (the run was interrupted by SIGINT)\n"}},
		{outcome.Run{Specs: []outcome.Spec{{Name: "x", State: outcome.NotSelected}}},
			[]string{"  verdict:  NO SPEC SELECTED\n", "  specs:    0 of 1 selected: 0 passed, 0 failed\n"}},
	} {
		r := New(Meta{}, c.run, nil)
		out := summary(r)
		for _, want := range c.want {
			if !strings.Contains(out, want) {
				t.Errorf("the summary lacks %q:\n%s", want, out)
			}
		}
		checkLastLine(t, r, out)
	}
}

func TestWriteDryRun(t *testing.T) {
	r := sampleRun(t)
	var buf bytes.Buffer
	WriteDryRun(&buf, r)
	want := "\nndkconform dry run: driver sim (loss=0 variant=listener-close-inline)\n\n" +
		outcome.SpecID("Listener close completes pending requests") + "  lifetime    [lifetime, LC-14] Listener close completes pending requests\n" +
		outcome.SpecID("Listener close calls back once") + "  lifetime    [lifetime, LC-15, LC-16, slow] Listener close calls back once\n" +
		outcome.SpecID("Listener close uses a shared endpoint") + "  endpoints   [endpoints, CN-1] Listener close uses a shared endpoint\n" +
		"\n3 selected, 2 not selected\n"
	if buf.String() != want {
		t.Errorf("dry run\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestShorten(t *testing.T) {
	for _, c := range []struct {
		in    string
		width int
		want  string
	}{
		{"short", 10, "short"},
		{"The provider completes every request, then closes", 30, "The provider completes..."},
		{"abcdefghijklmnopqrstuvwxyz", 10, "abcdefg..."},
	} {
		if got := shorten(c.in, c.width); got != c.want || len(got) > c.width {
			t.Errorf("shorten(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
	}
}

// TestFailureGroupsPartlyWaived: a spec charged to a waived rule and to
// one that is not fails the run under the second; a spec whose every
// failure is waived is listed under its first rule with the waiver; every
// rule in the rule table that failures are charged to links to the group
// its failed specs are listed in.
func TestFailureGroupsPartlyWaived(t *testing.T) {
	r := judged(t, brokenMeta(), brokenSpecs(t, 3), "LC-15 bug 7\nLT-16 bug 9\n")
	names := func(groups []RuleFailures) map[string][]string {
		m := map[string][]string{}
		for _, g := range groups {
			for _, s := range g.Specs {
				m[g.Rule] = append(m[g.Rule], s.Name)
			}
		}
		return m
	}
	failed, waived := names(FailedRules(r)), names(WaivedRules(r))
	if _, ok := failed["LC-15"]; ok || !slices.Equal(failed["CR-1"], []string{"Listener close completes twice"}) || len(failed["LT-26"]) != 3 || len(failed[""]) != 1 {
		t.Errorf("failed rules %q", failed)
	}
	if !slices.Equal(waived["LC-15"], []string{"Listener close returns STATUS_PENDING"}) || !slices.Equal(waived["LT-16"], []string{"Lifetime waived failure"}) || len(waived) != 2 {
		t.Errorf("waived rules %q", waived)
	}
	if g := WaivedRules(r); g[0].Waiver == "" || g[1].Waiver == "" {
		t.Errorf("waived groups without their waivers: %+v", g)
	}
	checkFailLinks(t, r)
	// LC-15's only charge is in a spec whose CR-1 failure is not waived:
	// no group of waived LC-15 failures; the rule still links to the spec.
	specs := slices.DeleteFunc(brokenSpecs(t, 3), func(s outcome.Spec) bool { return s.Name == "Listener close returns STATUS_PENDING" })
	checkFailLinks(t, judged(t, brokenMeta(), specs, "LC-15 bug 7\nLT-16 bug 9\n"))
}

// checkFailLinks checks that each rule row of the HTML page with failures
// charged links to an anchor on the page that lists them.
func checkFailLinks(t *testing.T, r Run) {
	t.Helper()
	page := writeHTML(t, r, nil)
	for _, rr := range r.Rules {
		if len(rr.Charges) == 0 {
			continue
		}
		i := strings.Index(page, `<td class="id">`+rr.Rule.ID+`<div`)
		if i < 0 {
			t.Errorf("%s: no row", rr.Rule.ID)
			continue
		}
		row := page[i : i+strings.Index(page[i:], "</tr>")]
		_, link, ok := strings.Cut(row, `<a class="first" href="#`)
		if !ok {
			t.Errorf("%s (%s): no link to its failures", rr.Rule.ID, rr.Verdict)
			continue
		}
		anchor := link[:strings.Index(link, `"`)]
		j := strings.Index(page, `id="`+anchor+`"`)
		if j < 0 {
			t.Errorf("%s (%s): a link to #%s, and no such anchor", rr.Rule.ID, rr.Verdict, anchor)
			continue
		}
		group := page[j:]
		for _, end := range []string{`<div class="frule"`, "<h2"} {
			if k := strings.Index(group, end); k >= 0 {
				group = group[:k]
			}
		}
		for _, c := range rr.Charges {
			if !strings.Contains(group, c.Spec) {
				t.Errorf("%s: #%s does not list %q", rr.Rule.ID, anchor, c.Spec)
			}
		}
	}
}

// The summary points to the JSON report, else the HTML one, else the
// JUnit one; to none when none was written.
func TestSummaryReport(t *testing.T) {
	for _, c := range []struct {
		paths map[string]string
		want  string
	}{
		{map[string]string{"junit": "j.xml", "json": "r.json", "html": "r.html"}, "r.json"},
		{map[string]string{"junit": "j.xml", "html": "r.html"}, "r.html"},
		{map[string]string{"junit": "j.xml"}, "j.xml"},
		{nil, ""},
	} {
		if got := SummaryReport(c.paths); got != c.want {
			t.Errorf("SummaryReport(%v) = %q, want %q", c.paths, got, c.want)
		}
	}
}

// modelFailure is a failed model spec whose details are a failing
// sequence of steps lines (every 7th an aftermath of the step before,
// indented past its number, and longer than a line of the summary) and a
// replay command.
func modelFailure(name string, steps int) outcome.Spec {
	var b strings.Builder
	fmt.Fprintf(&b, "Shortest failing sequence (%d steps; run seed 1, sequence seed 7922667350764493236, failed at sequence 14 of 40):\n", steps)
	for i := range steps {
		step := fmt.Sprintf("B: create listener#%d", i+1)
		if i%7 == 3 {
			step = fmt.Sprintf("NdkConnectWithSharedEndpoint connector#%d returned STATUS_PENDING [NdkConnectWithSharedEndpoint connector#16: STATUS_CONNECTION_REFUSED] [indication on connector#8]", i)
		}
		format := "  %2d. %s\n"
		if i%7 == 3 {
			format = "  %2d.   %s\n" // a step's aftermath, as the model specs write it
		}
		fmt.Fprintf(&b, format, i+1, step)
	}
	b.WriteString("Replay: ndkconform run --driver sim --driver-opt variant=early-port-release --seed 1 --model-shrink-time 2s --spec 5383e98e --model-sequences 14 --model-steps 30")
	v := finding.Violation{Rule: "LC-14", Call: "NdkListen", Object: "listener#5", Side: "B", Expected: "STATUS_SHARING_VIOLATION", Observed: "STATUS_SUCCESS"}
	return outcome.Spec{Name: name, ID: outcome.SpecID(name), Rules: []string{"LC-14"}, Area: "model", State: outcome.Failed, Violations: []finding.Violation{v},
		Failure: &outcome.Failure{Kind: outcome.FailureFailed, Message: v.String() + "\n" + b.String(), Details: b.String()}}
}

// A failed model spec's details (its shortest failing sequence and the
// command that replays it) are printed under its observation, before its
// rerun command: a step a line, wrapped to SummaryWidth past the step's
// number, at most MaxDetailLines, then how many more and where they are;
// the replay command whole.
func TestWriteSummaryDetails(t *testing.T) {
	needRules(t, "LC-14")
	long, short := modelFailure("Model IPv6 keeps every step", 58), modelFailure("Model IPv4 keeps every step", 3)
	r := judged(t, brokenMeta(), []outcome.Spec{long, short}, "")
	var b bytes.Buffer
	WriteSummary(&b, r, time.Second, "out/report.json")
	out := b.String()
	failed := section(t, out, "Failed rules")
	lines := strings.Split(strings.TrimRight(failed, "\n"), "\n")
	start := slices.Index(lines, "    Model IPv6 keeps every step")
	if start < 0 || lines[start+1] != "      NdkListen on listener#5 (side B): expected STATUS_SHARING_VIOLATION; observed STATUS_SUCCESS" ||
		!strings.HasPrefix(lines[start+2], "      Shortest failing sequence (58 steps; run seed 1, sequence seed 7922667350764493236,") ||
		lines[start+4] != "         1. B: create listener#1" {
		t.Fatalf("the long spec's name, observation and details:\n%s", failed)
	}
	replay := "      " + strings.Split(long.Failure.Details, "\n")[59]
	var shown []string
	for _, l := range lines[start+2:] {
		if l == replay {
			break
		}
		if strings.HasPrefix(l, "    ") && !strings.HasPrefix(l, "      ") {
			t.Fatalf("no replay line under the long spec:\n%s", failed)
		}
		if n := utf8.RuneCountInString(l); n > SummaryWidth {
			t.Errorf("%d columns: %q", n, l)
		}
		shown = append(shown, l)
	}
	// 40 lines of the details (the heading and 39 steps), each wrapped
	// line continued past its step's number (as written: an aftermath's
	// number is followed by 3 spaces), then the count of the rest
	var steps []string
	for _, l := range shown {
		if regexp.MustCompile(`^      +\d+\. `).MatchString(l) {
			steps = append(steps, l)
		} else if !strings.HasPrefix(l, "      Shortest") && !strings.HasPrefix(l, "        ") && !strings.HasPrefix(l, "      ...") {
			t.Errorf("a line of the details neither a step nor its continuation: %q", l)
		}
	}
	if len(steps) != MaxDetailLines-1 || !strings.HasPrefix(steps[len(steps)-1], "        39. ") {
		t.Errorf("%d steps shown, want %d:\n%s", len(steps), MaxDetailLines-1, strings.Join(shown, "\n"))
	}
	if !slices.Contains(shown, "         4.   NdkConnectWithSharedEndpoint connector#3 returned STATUS_PENDING") ||
		!slices.Contains(shown, "              [NdkConnectWithSharedEndpoint connector#16: STATUS_CONNECTION_REFUSED] [indication on") {
		t.Errorf("step 4's continuation is not indented past its number:\n%s", strings.Join(shown, "\n"))
	}
	if last := shown[len(shown)-1]; last != "      ... and 19 more lines (see out/report.json)" {
		t.Errorf("after the steps shown %q, want the count of the rest and the report", last)
	}
	// the replay command follows, then the rerun command
	i := slices.Index(lines, replay)
	if i < 0 || !strings.HasPrefix(lines[i+1], "      rerun: ") {
		t.Errorf("no replay line, or no rerun line after it:\n%s", failed)
	}
	// the short sequence whole, no count
	want := "    Model IPv4 keeps every step\n      NdkListen on listener#5 (side B): expected STATUS_SHARING_VIOLATION; observed STATUS_SUCCESS\n" +
		"      Shortest failing sequence (3 steps; run seed 1, sequence seed 7922667350764493236, failed at\n        sequence 14 of 40):\n" +
		"         1. B: create listener#1\n         2. B: create listener#2\n         3. B: create listener#3\n" +
		"      Replay: ndkconform run --driver sim --driver-opt variant=early-port-release --seed 1 --model-shrink-time 2s --spec 5383e98e --model-sequences 14 --model-steps 30\n" +
		"      rerun: "
	if !strings.Contains(failed, want) {
		t.Errorf("the short spec, want\n%s\n%s", want, failed)
	}
	// without a report, the count says where the rest is
	b.Reset()
	WriteSummary(&b, r, time.Second, "")
	if !strings.Contains(b.String(), "\n      ... and 19 more lines (the JSON report has them all)\n") {
		t.Errorf("without a report:\n%s", b.String())
	}
}
