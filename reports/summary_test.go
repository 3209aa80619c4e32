package reports

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
)

// modelLabels are the ~70 rule IDs a model spec is labelled with.
func modelLabels(t *testing.T) []string {
	t.Helper()
	var ids []string
	for _, r := range catalog.All() {
		if IsProviderRule(r) && r.Observable() && len(ids) < 70 {
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

// brokenRun is a run against a broken provider: failed specs charged to
// LT-26 with a 60-line failure, every 40th a model spec labelled with ~70
// rules; two failed specs charged to LC-15 (one of them also to CR-1);
// one panicked spec charged to no rule; one failure charged to LT-16 that
// the waivers waive; passed specs; skipped specs with two reasons; one
// spec interrupted and two not run.
func brokenRun(t *testing.T, failed int) Run {
	t.Helper()
	labels := modelLabels(t)
	r := Run{Meta: sampleMeta()}
	r.Suite = "ndkconform: sim variant=cq-lost"
	r.Rerun = []string{"ndkconform", "run", "--driver", "sim", "--driver-opt", "variant=cq-lost", "--seed", "1"}
	add := func(s Spec) {
		s.Area, s.Duration, s.Start = cmpOrStr(s.Area, "model"), time.Second, t0
		if s.Labels == nil {
			s.Labels = s.Rules
		}
		r.Specs = append(r.Specs, s)
	}
	viol := func(ids ...string) []finding.Violation {
		var v []finding.Violation
		for _, id := range ids {
			v = append(v, finding.Violation{Rule: id, Call: "NdkGetCqResultsEx", Object: "cq#4", Side: "A", Expected: "4 completions", Observed: "0"})
		}
		return v
	}
	for k := range failed {
		// Every 40th is a model spec, labelled with ~70 rules; the others
		// check three. Every third fails on a receive, the others on a CQ:
		// two failures, each the same in its specs up to numbers.
		rules := []string{"OV-2", "QP-22", "LT-26"}
		if k%40 == 0 {
			rules = labels
		}
		first := fmt.Sprintf("LT-26: NdkGetCqResultsEx on cq#%d (side A): expected %d completion(s) within 10s; observed 0 came: []", k, k%5+1)
		if k%3 == 2 {
			first = fmt.Sprintf("LT-26: NdkReceive on qp#%d (side B): expected the completion of NdkReceive #1 (flushed) within 10s; observed it did not come", k)
		}
		add(Spec{Name: fmt.Sprintf("Disconnect IPv%d flushes the QP of sequence family %d: its posted receives complete with STATUS_CANCELLED", 4+2*(k%2), k),
			Rules: rules, State: "failed", Violations: viol("LT-26"), Failure: longFailure(first, k, 29)})
	}
	add(Spec{Name: "Listener close returns STATUS_PENDING", Rules: []string{"LC-15"}, State: "failed", Violations: viol("LC-15"),
		Failure: "LC-15: NdkCloseObject on listener#1 (side B): expected STATUS_PENDING; observed STATUS_SUCCESS\nat close.go:12"})
	add(Spec{Name: "Listener close completes twice", Rules: []string{"LC-15", "CR-1"}, State: "failed", Violations: viol("LC-15", "CR-1"),
		Failure: "CR-1: the close completion came twice\nat close.go:40"})
	add(Spec{Name: "Connector panics", Rules: []string{"CN-1"}, State: "panicked", Failure: "panic: runtime error: nil map\ngoroutine 7"})
	add(Spec{Name: "Lifetime waived failure", Rules: []string{"LT-16"}, State: "failed", Violations: viol("LT-16"), Failure: "LT-16: the antecedent closed first"})
	for k := range 3 {
		add(Spec{Name: fmt.Sprintf("Passing spec %d", k), Rules: []string{"LC-14"}, State: "passed"})
	}
	for k := range 4 {
		add(Spec{Name: fmt.Sprintf("Unobservable spec %d", k), Rules: []string{fmt.Sprintf("DS-%d", 4+k%2)}, State: "skipped",
			Failure: "not observable: the provider cannot inject faults"})
	}
	add(Spec{Name: "Fault spec", Rules: []string{"CN-3"}, State: "skipped", Failure: "needs fault injection (ndk.FaultInjector)"})
	add(Spec{Name: "Interrupted spec", Rules: []string{"CN-9"}, State: StateInterrupted, Failure: "the run was interrupted by SIGINT"})
	add(Spec{Name: "Not run spec 1", Rules: []string{"CN-7"}, State: StateNotRun, Failure: notRunReason})
	add(Spec{Name: "Not run spec 2", Rules: []string{"CN-8"}, State: StateNotRun, Failure: notRunReason})
	r.Passed, r.Failed, r.Skipped, r.InterruptedSpecs, r.NotRun = 3, failed+4, 5, 1, 2
	r.ApplyWaivers(Waivers{"LT-16": "vendor bug 42", "LC-14": "old bug"})
	return r
}

func cmpOrStr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func summary(r Run) string {
	var buf bytes.Buffer
	WriteSummary(&buf, r, 1500*time.Millisecond)
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

func TestWriteSummaryFailedRules(t *testing.T) {
	r := brokenRun(t, 73)
	out := summary(r)
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if last := lines[len(lines)-1]; last != "3 passed, 76 failed, 5 skipped" {
		t.Errorf("last line %q", last)
	}
	for _, want := range []string{"  verdict:  FAIL (1 failed spec waived)", "  driver:   sim (loss=0 variant=listener-close-inline)",
		"  side A:   10.0.0.1, fd00::1", "  adapter:  vendor 0x15b3 device 0x1017, NDK 2.0, RoCEv2",
		"  specs:    88 selected: 3 passed, 76 failed, 1 waived, 5 skipped, 1 interrupted, 2 not run; 0 not selected",
		"  waivers:  2 rules: 1 failed spec waived, 0 stale", "  time:     1.5s"} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("the header lacks %q:\n%s", want, out)
		}
	}
	// 73 failures charged to one rule are one group, not 73 entries with
	// the specs' 70 labels each.
	if strings.Contains(out, strings.Join(modelLabels(t)[:5], " ")) {
		t.Errorf("the summary lists a model spec's labels")
	}
	if len(lines) > 70 {
		t.Errorf("%d lines for 77 failures in 4 rules", len(lines))
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
	if len(heads) != 4 || !strings.HasPrefix(heads[0], "  LT-26  "+lt26.Text[:20]) || !strings.HasSuffix(heads[0], " (73 specs)") ||
		!strings.HasPrefix(heads[1], "  LC-15  ") || !strings.HasSuffix(heads[1], " (2 specs)") ||
		!strings.HasPrefix(heads[2], "  CR-1  ") || !strings.HasSuffix(heads[2], " (1 spec)") ||
		heads[3] != "  "+noRuleTitle+" (1 spec)" {
		t.Errorf("rule headings (catalog order, no rule last):\n%s", strings.Join(heads, "\n"))
	}
	if len(lt26.Text) > SummaryWidth && !strings.Contains(heads[0], "...") {
		t.Errorf("LT-26's long text is not shortened: %q", heads[0])
	}
	// Under LT-26: MaxSpecsPerRule specs, each on one line with its
	// observation (without a second "LT-26: "), then its rerun command.
	g := failed[strings.Index(failed, heads[0]):strings.Index(failed, heads[1])]
	gl := strings.Split(strings.TrimRight(g, "\n"), "\n")
	if len(gl) != 1+2*MaxSpecsPerRule+1 {
		t.Fatalf("LT-26 group has %d lines:\n%s", len(gl), g)
	}
	s := r.Specs[1]
	if want := "    " + s.Name + ": NdkGetCqResultsEx on cq#1 (side A): expected 2 completion(s) within 10s; observed 0 came: []"; gl[3] != want {
		t.Errorf("spec line\n %q\nwant\n %q", gl[3], want)
	}
	if want := "      rerun: " + RerunCommand(r.Meta, s); gl[4] != want {
		t.Errorf("rerun line\n %q\nwant\n %q", gl[4], want)
	}
	if gl[len(gl)-1] != "    ... and 68 more (see the report)" {
		t.Errorf("cap line %q", gl[len(gl)-1])
	}
	// LC-15's second spec's first line names CR-1: kept.
	if !strings.Contains(failed, "    Listener close completes twice: CR-1: the close completion came twice\n") {
		t.Errorf("LC-15 group lacks the CR-1 observation:\n%s", failed)
	}
	if !strings.Contains(failed, "    Connector panics: panicked: panic: runtime error: nil map\n") {
		t.Errorf("the no-rule group lacks the panic:\n%s", failed)
	}
	if strings.Contains(failed, "Lifetime waived failure") {
		t.Errorf("a waived failure is listed with the failures")
	}

	waived := section(t, out, "Waived failures")
	if !strings.HasPrefix(waived, "Waived failures (they do not fail the run):\n") || !strings.Contains(waived, "\n  LT-16  ") ||
		!strings.Contains(waived, "\n    waived LT-16: vendor bug 42\n    Lifetime waived failure: the antecedent closed first\n      rerun: ") {
		t.Errorf("waived section:\n%s", waived)
	}
	skipped := section(t, out, "Skipped specs")
	if want := "Skipped specs (5), by reason:\n  4 specs: not observable: the provider cannot inject faults [DS-4 DS-5]\n  1 spec: needs fault injection (ndk.FaultInjector) [CN-3]\n"; skipped != want {
		t.Errorf("skipped section\n%s\nwant\n%s", skipped, want)
	}
	if notRun := section(t, out, "Specs not run"); !strings.Contains(notRun, "  2 specs: "+notRunReason+" [CN-7 CN-8]\n") {
		t.Errorf("not run section:\n%s", notRun)
	}
	if intr := section(t, out, "Interrupted specs"); !strings.Contains(intr, "  Interrupted spec: the run was interrupted by SIGINT\n") {
		t.Errorf("interrupted section:\n%s", intr)
	}
	if idle := section(t, out, "Waivers with no effect"); !strings.Contains(idle, "  LC-14: skipped (old bug)\n") {
		t.Errorf("the LC-14 waiver is not reported:\n%s", idle)
	}
}

// TestWriteSummaryAllWaived: a run that fails only through waived
// failures passes, lists no failed rule and counts no failure on its last
// line; one with no failure prints no failure section.
func TestWriteSummaryAllWaived(t *testing.T) {
	r := brokenRun(t, 0)
	r.Specs = slices.DeleteFunc(r.Specs, func(s Spec) bool {
		return s.Failed() && !slices.Contains(s.Rules, "LT-16") || s.State == StateInterrupted || s.State == StateNotRun
	})
	r.Failed, r.InterruptedSpecs, r.NotRun = 1, 0, 0
	r.ApplyWaivers(Waivers{"LT-16": "vendor bug 42"})
	out := summary(r)
	if strings.Contains(out, "Failed rules") || !strings.Contains(out, "  verdict:  PASS (1 failed spec waived)") ||
		!strings.HasSuffix(out, "\n3 passed, 0 failed, 5 skipped\n") {
		t.Errorf("all failures waived:\n%s", out)
	}
}

func TestWriteDryRun(t *testing.T) {
	r := FromGinkgo(sampleReport(), sampleMeta())
	var buf bytes.Buffer
	WriteDryRun(&buf, r)
	want := "\nndkconform dry run: driver sim (loss=0 variant=listener-close-inline)\n\n" +
		"lifetime    [lifetime, LC-14] Listener close completes pending requests\n" +
		"lifetime    [lifetime, LC-15, LC-16, slow] Listener close calls back once\n" +
		"endpoints   [endpoints, EP-1] Listener close uses a shared endpoint\n" +
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
// one that is not fails the run under the second and is listed as waived
// under the first; every rule in the rule table that failures are charged
// to has its group on the HTML page.
func TestFailureGroupsPartlyWaived(t *testing.T) {
	r := brokenRun(t, 3)
	r.ApplyWaivers(Waivers{"LC-15": "bug 7", "LT-16": "bug 9"})
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
	if !slices.Equal(waived["LC-15"], []string{"Listener close returns STATUS_PENDING", "Listener close completes twice"}) ||
		!slices.Equal(waived["LT-16"], []string{"Lifetime waived failure"}) || len(waived) != 2 {
		t.Errorf("waived rules %q", waived)
	}
	if g := WaivedRules(r); g[0].Waiver == "" || g[1].Waiver == "" {
		t.Errorf("waived groups without their waivers: %+v", g)
	}
	page := writeHTML(t, r, nil)
	for _, rr := range r.Rules {
		if len(rr.Failures) == 0 {
			continue
		}
		anchor := failAnchor(rr.Rule.ID, rr.Verdict == RuleWaived)
		if !strings.Contains(page, `href="#`+anchor+`"`) || !strings.Contains(page, `id="`+anchor+`"`) {
			t.Errorf("%s (%s): no link to #%s or no such anchor", rr.Rule.ID, rr.Verdict, anchor)
		}
	}
}
