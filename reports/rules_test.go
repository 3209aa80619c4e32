package reports

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/outcome"
)

// The rule verdicts themselves are outcome's (its tests); these tests
// check how the reports show them.

// ruleSpecs are specs for each way a rule can fare.
func ruleSpecs(t *testing.T) []outcome.Spec {
	t.Helper()
	needRules(t, "LC-14", "LC-11", "LC-15", "LC-16", "DS-4", "DS-2", "CN-1", "LT-16", "LT-25", "DS-10", "OV-1", "IM-1", "CR-1", "CR-2", "LT-15", "LT-22", "CN-3", "CN-7", "CN-9", "CN-17")
	spec := func(name string, state outcome.State, rules ...string) outcome.Spec {
		s := outcome.Spec{Name: name, Area: "x", Rules: rules, Labels: append([]string{"x"}, rules...), State: state}
		if state != outcome.NotSelected {
			s.Duration, s.Start = 3*time.Millisecond, t0
		}
		return s
	}
	// failing is a failed spec with the violations that make its failure.
	failing := func(s outcome.Spec, message string, rules ...string) outcome.Spec {
		s.State = outcome.Failed
		s.Failure = &outcome.Failure{Kind: outcome.FailureFailed, Message: message}
		for _, id := range rules {
			s.Violations = append(s.Violations, finding.Violation{Rule: id, Call: "NdkCloseObject", Object: "listener#1", Side: "B", Expected: "x", Observed: "y"})
		}
		return s
	}
	skip := func(s outcome.Spec, kind finding.SkipKind, declaration, reason string) outcome.Spec {
		s.State, s.Skip = outcome.Skipped, &finding.Skip{Kind: kind, Declaration: declaration, Reason: reason}
		return s
	}
	clauses := func(s outcome.Spec, ids ...string) outcome.Spec {
		for _, id := range ids {
			s.Labels = append(s.Labels, finding.ClauseLabel(id))
			s.Clauses = append(s.Clauses, id)
		}
		return s
	}
	return []outcome.Spec{
		spec("A passes", outcome.Passed, "LC-14"),
		failing(spec("B fails against LC-15", "", "LC-11", "LC-15"), "LC-15: closing a listener must return STATUS_PENDING\nExpected\n...\nat x.go:1", "LC-15"),
		// C's message names LC-14 and CN-1; only its violation counts
		failing(spec("C fails naming LC-15", "", "LC-16"), "the listener close (LC-14, CN-1) completed while an accepted connector is open", "LC-15"),
		skip(spec("D not observable", "", "DS-4"), finding.NotObservable, "", "the provider cannot inject faults"),
		spec("E passes", outcome.Passed, "DS-2"),
		skip(spec("F not observable", "", "DS-2"), finding.NotObservable, "", "the provider cannot inject faults"),
		skip(spec("G not applicable", "", "CN-1"), finding.NotApplicable, "MaxSrqDepth 0", "the adapter has no SRQ"),
		failing(spec("H fails against its label", "", "LT-16"), "Expected\n<int>: 1\nto equal 2\n\ncallback trace:\n  LT-25 CR-1/CR-2 in the trace", "LT-16"),
		failing(spec("I fails twice", "", "LT-15"), "a completion came twice", "CR-1", "CR-2", "CR-1", "ZZ-9", ""),
		failing(spec("K fails naming no rule", "", "LT-22"), "LT-15: a step the spec needs failed, with a rule ID in its text"),
		// Clauses: CN-9 is covered clause by clause, CN-3 only partly
		// (no spec for CN-3.unreachable), CN-7's clause label is not
		// counted without the rule's label.
		clauses(spec("L covers two clauses of CN-3", outcome.Passed, "CN-3"), "CN-3.timeout", "CN-3.tuple", "CN-7.timeout"),
		clauses(spec("M covers CN-9", outcome.Passed, "CN-9"), "CN-9.aborted", "CN-9.after-connect", "CN-3.refused"),
		spec("J not selected", outcome.NotSelected, "DS-10"),
		clauses(spec("N not selected", outcome.NotSelected, "CN-3"), "CN-3.refused", "CN-3.timeout"),
	}
}

// ruleRun is a run of ruleSpecs judged with waivers (a waivers file's
// text).
func ruleRun(t *testing.T, waivers string) Run {
	t.Helper()
	w, err := outcome.ParseWaivers(strings.NewReader(waivers))
	if err != nil {
		t.Fatal(err)
	}
	return New(sampleMeta(), outcome.Run{Specs: ruleSpecs(t)}, w)
}

func TestJSONRules(t *testing.T) {
	r := ruleRun(t, "LC-15 bug 1\nLC-14 old\n")
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r, nil); err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Counts       outcome.Counts   `json:"counts"`
		Waivers      []map[string]any `json:"waivers"`
		StaleWaivers []string         `json:"stale_waivers"`
		Rules        []map[string]any `json:"rules"`
		Specs        []map[string]any `json:"specs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	if raw.Counts != r.Counts() || raw.Counts.Specs.Waived != 2 || raw.Counts.Rules.Waived != 1 || raw.Counts.Specs.NotSelected != 2 {
		t.Errorf("JSON counts %+v, want %+v", raw.Counts, r.Counts())
	}
	if len(raw.Waivers) != 2 || raw.Waivers[0]["reason"] != "bug 1" || !reflect.DeepEqual(raw.Waivers[0]["ids"], []any{"LC-15"}) || raw.Waivers[1]["line"] != 2.0 ||
		!reflect.DeepEqual(raw.StaleWaivers, []string{"LC-14"}) || len(raw.Rules) != len(catalog.All()) || len(raw.Specs) != len(r.Specs) {
		t.Errorf("JSON: waivers %v stale %q rules %d specs %d", raw.Waivers, raw.StaleWaivers, len(raw.Rules), len(raw.Specs))
	}
	seen := 0
	for _, jr := range raw.Rules {
		switch jr["id"] {
		case "LC-15":
			seen++
			ch := jr["charges"].([]any)
			if jr["verdict"] != "waived" || len(ch) != 2 || ch[1].(map[string]any)["spec"] != "C fails naming LC-15" || ch[1].(map[string]any)["waiver"] != "bug 1" ||
				!reflect.DeepEqual(jr["specs"], []any{"B fails against LC-15"}) {
				t.Errorf("LC-15 JSON %v", jr)
			}
		case "LC-14":
			seen++
			if jr["verdict"] != "passed" || jr["strength"] != "must" || jr["text"] == "" || jr["coverage"] != "covered" || jr["clauses"] != nil || jr["charges"] != nil {
				t.Errorf("LC-14 JSON %v", jr)
			}
		case "LC-11":
			seen++
			if jr["verdict"] != "not concluded" || !reflect.DeepEqual(jr["notes"], []any{"1 spec: failed against LC-15 before concluding on LC-11"}) {
				t.Errorf("LC-11 JSON %v", jr)
			}
		case "DS-10":
			seen++
			if jr["verdict"] != "not selected" || !reflect.DeepEqual(jr["unselected_specs"], []any{"J not selected"}) || !reflect.DeepEqual(jr["specs"], []any{}) {
				t.Errorf("DS-10 JSON %v", jr)
			}
		case "CN-3":
			seen++
			cl, _ := jr["clauses"].([]any)
			if jr["coverage"] != "partly covered" || len(cl) != 4 || !reflect.DeepEqual(jr["missing_clauses"], []any{"CN-3.unreachable"}) {
				t.Errorf("CN-3 JSON %v", jr)
				continue
			}
			first := cl[0].(map[string]any)
			if first["id"] != "CN-3.tuple" || first["covered"] != true || first["text"] == "" || !reflect.DeepEqual(first["specs"], []any{"L covers two clauses of CN-3"}) {
				t.Errorf("CN-3 clause JSON %v", first)
			}
			if un := cl[1].(map[string]any); un["covered"] != false || !reflect.DeepEqual(un["specs"], []any{}) {
				t.Errorf("CN-3.unreachable JSON %v", un)
			}
		case "CN-17":
			seen++
			cl, _ := jr["clauses"].([]any)
			if len(cl) != 2 || cl[1].(map[string]any)["reason"] == "" || cl[1].(map[string]any)["covered"] != false || jr["coverage"] != "no spec" {
				t.Errorf("CN-17 JSON %v", jr)
			}
		case "IM-1":
			seen++
			if jr["verdict"] != "not testable" || jr["reason"] == "" || jr["coverage"] != "not testable" {
				t.Errorf("IM-1 JSON %v", jr)
			}
		}
	}
	if seen != 7 {
		t.Errorf("%d of the rules looked for are in the JSON", seen)
	}
	if raw.Specs[1]["waived"] != true || raw.Specs[0]["waived"] != nil || !reflect.DeepEqual(raw.Specs[8]["charged_rules"], []any{"CR-1", "CR-2"}) || raw.Specs[9]["charged_rules"] != nil {
		t.Errorf("spec waived flags %v %v, charged %v %v", raw.Specs[1]["waived"], raw.Specs[0]["waived"], raw.Specs[8]["charged_rules"], raw.Specs[9]["charged_rules"])
	}
	checkRoundTrip(t, "rule run", r, nil)
}

func TestJUnitWaived(t *testing.T) {
	r := ruleRun(t, "LC-15 bug 1\n")
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, r); err != nil {
		t.Fatal(err)
	}
	var doc JUnitTestSuites
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	tc := doc.TestSuite[0].TestCases[1]
	if tc.Failure != nil || tc.Skipped == nil || tc.Skipped.Message != "waived: LC-15: bug 1" || !strings.Contains(tc.Skipped.Text, "closing a listener") ||
		tc.Status != "failed" || !slices.Contains(tc.Properties, JUnitProperty{"waived", "LC-15: bug 1"}) {
		t.Errorf("waived testcase %+v", tc)
	}
	// C fails against LC-15 too (its violation): waived; H, I, K are not.
	// Skipped: B and C waived, D, F and G skipped.
	if ts := doc.TestSuite[0]; ts.Failures != 3 || ts.Skipped != 2+3 || doc.Failures != 3 || doc.Skipped != 5 || ts.Tests != 12 {
		t.Errorf("counts: testsuite failures %d skipped %d tests %d, testsuites failures %d skipped %d; want 3 5 12", ts.Failures, ts.Skipped, ts.Tests, doc.Failures, doc.Skipped)
	}
	if slices.ContainsFunc(doc.TestSuite[0].TestCases[7].Properties, func(p JUnitProperty) bool { return p.Name == "waived" }) {
		t.Errorf("unwaived testcase has a waived property")
	}
}

// htmlRun is ruleRun with waivers and hostile text.
func htmlRun(t *testing.T) Run {
	specs := ruleSpecs(t)
	specs[1].Failure.Message += "\n<script>alert('x')</script> & <img onerror=alert(1)>"
	specs[0].Name = `A passes "quoted" <b>bold</b>`
	m := sampleMeta()
	m.Command = `ndkconform run --label-filter "LC-14 || LC-15" --waivers w.txt`
	m.Start, m.End = t0, t0.Add(7*time.Second)
	w, err := outcome.ParseWaivers(strings.NewReader("LT-16 vendor bug <42>\nLC-14 old bug\n"))
	if err != nil {
		t.Fatal(err)
	}
	return New(m, outcome.Run{Specs: specs}, w)
}

func writeHTML(t *testing.T, r Run, cert *outcome.Certification) string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteHTML(&buf, r, cert); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func TestWriteHTML(t *testing.T) {
	r := htmlRun(t)
	page := writeHTML(t, r, nil)
	for _, bad := range []string{"http://", "https://", "<script", "src=", "@import", "url(", "<link", "<img", "<b>bold"} {
		if strings.Contains(strings.ToLower(page), bad) {
			t.Errorf("the page contains %q", bad)
		}
	}
	for _, want := range []string{
		"<!DOCTYPE html>", `<div class="verdict bad">FAIL</div>`,
		"ndkconform v1.2.3", "2025-03-01 12:00:00 UTC (ran 7s)",
		"ndkconform run --label-filter &#34;LC-14 || LC-15&#34; --waivers w.txt",
		"sim (loss=0 variant=listener-close-inline)", "10.0.0.1, fd00::1", "0x15b3 / 0x1017", "RoCEv2", "4096",
		"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;img onerror=alert(1)&gt;",
		"A passes &#34;quoted&#34; &lt;b&gt;bold&lt;/b&gt;",
		"vendor bug &lt;42&gt;", "STALE: nothing it names failed and the rule passed; remove it", "<details>",
		"LC-15: closing a listener must return STATUS_PENDING",
		"not observable: the provider cannot inject faults",
		"Not testable through NDKPI: ", // IM-1's reason
		`<p class="scope">FAIL ` + outcome.Scope(r.Counts().Rules) + `.</p>`,
		`<span class="badge ok">covered, 1 spec</span> <b>CN-3.tuple</b>`,
		`<span class="badge none">no spec yet</span> <b>CN-3.unreachable</b>`,
		`<span class="badge nobs">not observable</span> <b>CN-17.reason</b>`,
		"partly covered: not every clause has a spec",
		`data-count="rules.partly_covered"><b>1</b>rules partly covered`,
		"<h2>Limits of this verdict</h2>", "<li>not applicable: MaxSrqDepth 0 (1 spec; CN-1)</li>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// The groups with failures come first, and the failed rules first in
	// each group.
	rules := page[strings.Index(page, "<h2>Rules</h2>"):strings.Index(page, "<h2>Specs</h2>")]
	groups := strings.Split(rules, `<tr class="group`)[1:]
	if len(groups) < 5 || !strings.HasPrefix(groups[0], ` failed">`) {
		t.Fatalf("%d groups; the first is not a failed one", len(groups))
	}
	failedGroups := 0
	for i, g := range groups {
		if strings.HasPrefix(g, ` failed">`) {
			failedGroups++
			if failedGroups != i+1 {
				t.Errorf("group %d has failures but follows one without", i)
			}
		}
		var classes []string
		for _, row := range strings.Split(g, `<tr class="r-`)[1:] {
			classes = append(classes, row[:strings.Index(row, `"`)])
		}
		if k := slices.Index(classes, "bad"); k >= 0 && slices.ContainsFunc(classes[:k], func(c string) bool { return c != "bad" }) {
			t.Errorf("group %d: a failed rule after one that did not fail: %q", i, classes)
		}
	}
	sections := map[string]bool{}
	for _, rr := range r.Rules {
		if rr.Verdict == outcome.RuleFailed {
			sections[rr.Rule.Section] = true
		}
	}
	if failedGroups != len(sections) {
		t.Errorf("%d groups marked failed, want %d", failedGroups, len(sections))
	}
	if strings.Count(rules, `<tr class="r-`) != len(catalog.All()) {
		t.Errorf("%d rule rows, want %d", strings.Count(rules, `<tr class="r-`), len(catalog.All()))
	}

	// Certification verdicts.
	c := outcome.Certify(r.Result)
	page = writeHTML(t, r, &c)
	for _, want := range []string{`<div class="verdict bad">NOT CERTIFIED</div>`, "<li>4 failed specs (", "<li>1 waived must-rule (LT-16): ", "<li>2 specs not selected (a certification runs every spec)</li>"} {
		if !strings.Contains(page, want) {
			t.Errorf("NOT CERTIFIED page lacks %q", want)
		}
	}
	// The scope, in words, right under the verdict (the first screen).
	scope := `<p class="scope">` + c.Headline() + `.</p>`
	if i, j := strings.Index(page, scope), strings.Index(page, `<div class="verdict`); i < 0 || i < j || i > strings.Index(page, "<h2") {
		t.Errorf("NOT CERTIFIED page lacks %q under the verdict", scope)
	}
	page = writeHTML(t, r, &outcome.Certification{Certified: true, Counts: r.Counts()})
	if !strings.Contains(page, `<div class="verdict ok">CERTIFIED</div>`) || !strings.Contains(page, fmt.Sprintf(`<p class="scope">CERTIFIED for %d of `, r.Counts().Rules.Passed)) {
		t.Errorf("CERTIFIED page lacks its verdict or scope")
	}
	// An empty run still renders.
	page = writeHTML(t, New(Meta{}, outcome.Run{}, nil), nil)
	if !strings.Contains(page, `<div class="verdict none">NO SPEC SELECTED</div>`) || !strings.Contains(page, "no spec ran") || !strings.Contains(page, "unknown (NdkQueryAdapterInfo") {
		t.Errorf("empty run page")
	}
	// Each run verdict has its colour.
	for _, c := range []struct {
		run  outcome.Run
		want string
	}{
		{outcome.Run{Specs: ruleSpecs(t)[:1]}, `<div class="verdict ok">PASS</div>`},
		{outcome.Run{Specs: ruleSpecs(t)[:1], Faults: []string{"agent B lost"}}, `<div class="verdict skip">ERROR</div>`},
		{outcome.Run{Specs: ruleSpecs(t)[:1], Interrupted: "the run was interrupted by SIGINT"}, `<div class="verdict skip">INTERRUPTED</div>`},
	} {
		if page := writeHTML(t, New(Meta{}, c.run, nil), nil); !strings.Contains(page, c.want) {
			t.Errorf("the page lacks %s", c.want)
		}
	}
}

// TestHTMLWellFormed parses the page with encoding/xml in its HTML mode:
// every element is closed in order.
func TestHTMLWellFormed(t *testing.T) {
	r := htmlRun(t)
	c := outcome.Certify(r.Result)
	for _, page := range []string{writeHTML(t, r, nil), writeHTML(t, r, &c), writeHTML(t, brokenRun(t, 12), nil), writeHTML(t, New(Meta{}, outcome.Run{}, nil), nil)} {
		checkWellFormed(t, page)
	}
}

func checkWellFormed(t *testing.T, page string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(page))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	var stack []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%v (open: %q)", err, stack)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			stack = append(stack, e.Name.Local)
		case xml.EndElement:
			if len(stack) == 0 || stack[len(stack)-1] != e.Name.Local {
				t.Fatalf("</%s> closes %q", e.Name.Local, stack)
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) != 0 {
		t.Errorf("unclosed elements %q", stack)
	}
}
