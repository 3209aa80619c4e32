package reports

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
)

func TestParseWaivers(t *testing.T) {
	w, err := ParseWaivers(strings.NewReader("\ufeff# vendor waivers\n\nLC-15 vendor bug 1234: close is synchronous\n  LT-16\t tracked  as bug 99  \n# LC-14 commented out\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := Waivers{"LC-15": "vendor bug 1234: close is synchronous", "LT-16": "tracked as bug 99"}
	if !reflect.DeepEqual(w, want) {
		t.Errorf("got %q, want %q", w, want)
	}
	if w, err := ParseWaivers(strings.NewReader("")); err != nil || len(w) != 0 {
		t.Errorf("empty file: %v %v", w, err)
	}
	for in, want := range map[string]string{
		"LC-15 a\nZZ-999 no such rule\n":   "line 2: unknown rule ZZ-999",
		"\n\nLC-15\n":                      "line 3: waiver of LC-15 gives no reason",
		"LC-15 a\n#\nLC-15 b\n":            "line 3: LC-15 is waived twice (also on line 1)",
		"lc-15 lower case\n":               `line 1: "lc-15" is not a rule ID`,
		"LC-15: colon after the ID\n":      `line 1: "LC-15:" is not a rule ID`,
		"LC-15 ok\nLT-16 ok\nEP-1 x y z\n": "line 3: unknown rule EP-1",
	} {
		_, err := ParseWaivers(strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseWaivers(%q) = %v, want an error containing %q", in, err, want)
		}
	}
	if _, err := ParseWaivers(errReader{}); err == nil {
		t.Errorf("a read error is not reported")
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

// ruleRun is a run with one spec for each way a rule can fare.
func ruleRun(t *testing.T) Run {
	t.Helper()
	for _, id := range []string{"LC-14", "LC-11", "LC-15", "LC-16", "DS-4", "DS-2", "CN-1", "LT-16", "LT-25", "DS-10", "OV-1", "IM-1", "CR-1", "CR-2", "LT-15"} {
		if _, ok := catalog.Lookup(id); !ok {
			t.Fatalf("the catalog has no %s: the test needs updating", id)
		}
	}
	spec := func(name, state, failure string, rules ...string) Spec {
		return Spec{Name: name, Area: "x", Rules: rules, Labels: append([]string{"x"}, rules...), State: state, Failure: failure,
			Duration: 3 * time.Millisecond, Start: t0}
	}
	// violating is spec with the violations that make its failure.
	violating := func(s Spec, rules ...string) Spec {
		for _, id := range rules {
			s.Violations = append(s.Violations, finding.Violation{Rule: id, Call: "NdkCloseObject", Object: "listener#1", Side: "B", Expected: "x", Observed: "y"})
		}
		return s
	}
	r := Run{
		Meta: sampleMeta(),
		Specs: []Spec{
			spec("A passes", "passed", "", "LC-14"),
			violating(spec("B fails against LC-15", "failed", "LC-15: closing a listener must return STATUS_PENDING\nExpected\n...\nat x.go:1", "LC-11", "LC-15"), "LC-15"),
			// C's message names LC-14 and CN-1; only its violation counts
			violating(spec("C fails naming LC-15", "failed", "the listener close (LC-14, CN-1) completed while an accepted connector is open", "LC-16"), "LC-15"),
			spec("D not observable", "skipped", "not observable: the provider cannot inject faults", "DS-4"),
			spec("E passes", "passed", "", "DS-2"),
			spec("F not observable", "skipped", "not observable: the provider cannot inject faults", "DS-2"),
			spec("G skipped", "skipped", "the adapter has no SRQ", "CN-1"),
			violating(spec("H fails against its label", "failed", "Expected\n<int>: 1\nto equal 2\n\ncallback trace:\n  LT-25 CR-1/CR-2 in the trace", "LT-16"), "LT-16"),
			violating(spec("I fails twice", "failed", "a completion came twice", "LT-15"), "CR-1", "CR-2", "CR-1", "ZZ-9", ""),
			spec("K fails naming no rule", "failed", "LT-15: a step the spec needs failed, with a rule ID in its text", "LT-22"),
			// Clauses: CN-9 is covered clause by clause, CN-3 only partly
			// (no spec for CN-3.unreachable), CN-7's clause label is not
			// counted without the rule's label.
			withLabels(spec("L covers two clauses of CN-3", "passed", "", "CN-3"), "clause:CN-3.timeout", "clause:CN-3.tuple", "clause:CN-7.timeout"),
			withLabels(spec("M covers CN-9", "passed", "", "CN-9"), "clause:CN-9.aborted", "clause:CN-9.after-connect", "clause:CN-3.refused"),
		},
		Unselected: []Spec{
			{Name: "J not selected", Rules: []string{"DS-10"}, Labels: []string{"DS-10"}},
			{Name: "N not selected", Rules: []string{"CN-3"}, Labels: []string{"CN-3", "clause:CN-3.refused", "clause:CN-3.timeout"}},
		},
		Passed: 4, Failed: 5, Skipped: 3, NotSelected: 2,
	}
	r.ApplyWaivers(nil)
	return r
}

func withLabels(s Spec, labels ...string) Spec {
	s.Labels = append(s.Labels, labels...)
	return s
}

func results(rr []RuleResult) map[string]RuleResult {
	m := map[string]RuleResult{}
	for _, r := range rr {
		m[r.Rule.ID] = r
	}
	return m
}

func TestAttribution(t *testing.T) {
	r := ruleRun(t)
	for i, want := range [][]string{nil, {"LC-15"}, {"LC-15"}, nil, nil, nil, nil, {"LT-16"}, {"CR-1", "CR-2"}, nil} {
		if got := Attribution(r.Specs[i]); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: attributed to %q, want %q", r.Specs[i].Name, got, want)
		}
	}
}

func TestRuleResults(t *testing.T) {
	r := ruleRun(t)
	all := RuleResults(r, nil)
	if len(all) != len(catalog.All()) {
		t.Fatalf("%d results, %d rules in the catalog", len(all), len(catalog.All()))
	}
	for i, rule := range catalog.All() {
		if all[i].Rule.ID != rule.ID || all[i].Rule.Text != rule.Text || len(all[i].Rule.Clauses) != len(rule.Clauses) {
			t.Fatalf("result %d is %s, want %s: not in catalog order", i, all[i].Rule.ID, rule.ID)
		}
	}
	m := results(all)
	for id, want := range map[string]string{
		"LC-14": RulePassed,
		"LC-15": RuleFailed,        // named by the failures of B and C
		"LC-11": RuleSkipped,       // B failed against LC-15 before concluding on LC-11
		"LC-16": RuleSkipped,       // C's failure names LC-15, not LC-16
		"DS-4":  RuleNotObservable, // its only spec skipped as not observable
		"DS-2":  RulePassed,        // one spec passed, the other not observable
		"CN-1":  RuleSkipped,       // skipped for another reason
		"LT-16": RuleFailed,        // H's violation
		"LT-22": RuleSkipped,       // K failed naming no rule: it counts against none
		"LT-25": RuleNotCovered,    // only in H's callback trace: no spec in this run
		"CR-1":  RuleFailed,        // named by I
		"CR-2":  RuleFailed,
		"LT-15": RuleSkipped, // I failed against CR-1 and CR-2
		"DS-10": RuleNotSelected,
		"OV-1":  RuleNotCovered,
		"IM-1":  RuleNotCovered,
	} {
		if got := m[id].Verdict; got != want {
			t.Errorf("%s: verdict %q, want %q (notes %q)", id, got, want, m[id].Notes)
		}
	}
	lc15 := m["LC-15"]
	if !reflect.DeepEqual(lc15.Specs, []string{"B fails against LC-15"}) || !reflect.DeepEqual(lc15.FailedSpecs, []string{"B fails against LC-15", "C fails naming LC-15"}) ||
		len(lc15.Failures) != 2 || !strings.HasPrefix(lc15.Failures[1], "the listener close (LC-14, CN-1) completed") {
		t.Errorf("LC-15: specs %q failed specs %q failures %q", lc15.Specs, lc15.FailedSpecs, lc15.Failures)
	}
	if n := m["DS-2"].Notes; len(n) != 1 || n[0] != "1 spec: not observable: the provider cannot inject faults" {
		t.Errorf("DS-2 notes %q", n)
	}
	if n := m["LC-11"].Notes; len(n) != 1 || !strings.Contains(n[0], "failed against LC-15") {
		t.Errorf("LC-11 notes %q", n)
	}
	if len(m["LT-25"].Failures) != 0 {
		t.Errorf("LT-25 blamed for a callback trace")
	}
	if r.Verdict != VerdictFailed || r.Waived != 0 || len(r.StaleWaivers) != 0 || len(r.Rules) != len(all) {
		t.Errorf("verdict %s waived %d stale %q rules %d", r.Verdict, r.Waived, r.StaleWaivers, len(r.Rules))
	}

	// Coverage, from the labels of every spec, selected or not.
	for id, want := range map[string]string{
		"LC-14": catalog.StatusCovered,
		"DS-10": catalog.StatusCovered, // only a spec the run left out: still covered by the suite
		"CN-9":  catalog.StatusCovered, // every clause
		"CN-3":  catalog.StatusPartlyCovered,
		"CN-7":  catalog.StatusNoSpec, // L's clause label without the rule's
		"OV-2":  catalog.StatusNoSpec,
		"IM-1":  catalog.StatusNotObservable,
	} {
		if got := m[id].Coverage; got != want {
			t.Errorf("%s: coverage %q, want %q", id, got, want)
		}
	}
	cn3 := m["CN-3"]
	clauseSpecs := map[string][]string{}
	for _, cr := range cn3.Clauses {
		clauseSpecs[cr.Clause.ID] = cr.Specs
		if cr.Clause.Covered != cr.Covered() {
			t.Errorf("%s: the rule's clause is marked covered %v, the run has %d specs for it", cr.Clause.ID, cr.Clause.Covered, len(cr.Specs))
		}
	}
	if want := map[string][]string{
		"CN-3.tuple": {"L covers two clauses of CN-3"}, "CN-3.unreachable": nil,
		"CN-3.refused": {"N not selected"}, "CN-3.timeout": {"L covers two clauses of CN-3", "N not selected"},
	}; !reflect.DeepEqual(clauseSpecs, want) {
		t.Errorf("CN-3 clauses %v, want %v", clauseSpecs, want)
	}
	if miss := cn3.MissingClauses(); len(miss) != 1 || miss[0].ID != "CN-3.unreachable" {
		t.Errorf("CN-3 missing %+v", miss)
	}
	if len(m["CN-9"].MissingClauses()) != 0 || len(m["LC-14"].Clauses) != 0 {
		t.Errorf("CN-9 missing %+v, LC-14 clauses %+v", m["CN-9"].MissingClauses(), m["LC-14"].Clauses)
	}
	if c, _ := catalog.Lookup("CN-3"); len(c.Clauses) != len(cn3.Clauses) {
		t.Errorf("CN-3 has %d clauses in the catalog, %d in the result", len(c.Clauses), len(cn3.Clauses))
	}
}

func TestScope(t *testing.T) {
	r := ruleRun(t)
	var want Scope
	for _, rule := range catalog.All() {
		if rule.Actor != "P" && rule.Actor != "MAY/P" {
			continue
		}
		want.ProviderRules++
		switch {
		case !rule.Observable():
			want.NotObservable++
		case slices.Contains([]string{"LC-14", "LC-11", "LC-15", "LC-16", "DS-4", "DS-2", "CN-1", "LT-16", "LT-15", "LT-22", "DS-10", "CN-9"}, rule.ID):
			want.Complete++
		case rule.ID == "CN-3":
			want.Incomplete++
			want.Partly++
		default:
			want.Incomplete++
		}
	}
	got := ScopeOf(r.Rules)
	if got != want || want.Complete != 12 || want.Partly != 1 || want.NotObservable == 0 {
		t.Errorf("ScopeOf = %+v, want %+v", got, want)
	}
	if got.Complete+got.NotObservable+got.Incomplete != got.ProviderRules {
		t.Errorf("the counts do not add up: %+v", got)
	}
	if s := (Scope{ProviderRules: 130, Complete: 70, NotObservable: 1, Incomplete: 59, Partly: 7}).String(); s != "for 70 of 130 provider rules (1 not observable through NDKPI, 59 without a complete spec yet)" {
		t.Errorf("String = %q", s)
	}
	c := Certify(r)
	if c.Scope != got || c.Headline() != "NOT CERTIFIED "+got.String() {
		t.Errorf("Certify: scope %+v headline %q", c.Scope, c.Headline())
	}
	if h := (Certification{Certified: true, Scope: got}).Headline(); h != "CERTIFIED "+got.String() {
		t.Errorf("Headline = %q", h)
	}
}

func TestApplyWaivers(t *testing.T) {
	r := ruleRun(t)
	w := Waivers{"LC-15": "bug 1", "LT-16": "bug 2", "CR-1": "bug 3", "LC-14": "old bug", "DS-10": "not run"}
	r.ApplyWaivers(w)
	// I's failure counts against CR-1 and CR-2; CR-2 is not waived.
	if r.Verdict != VerdictFailed || r.Waived != 3 {
		t.Fatalf("verdict %s waived %d, want failed, 3 (B, C, H)", r.Verdict, r.Waived)
	}
	m := results(r.Rules)
	for id, want := range map[string]string{"LC-15": RuleWaived, "LT-16": RuleWaived, "CR-1": RuleWaived, "CR-2": RuleFailed, "LC-14": RulePassed, "DS-10": RuleNotSelected} {
		if m[id].Verdict != want || m[id].Waiver != w[id] {
			t.Errorf("%s: verdict %q waiver %q", id, m[id].Verdict, m[id].Waiver)
		}
	}
	if !reflect.DeepEqual(r.StaleWaivers, []string{"LC-14"}) || !m["LC-14"].Stale() || m["DS-10"].Stale() {
		t.Errorf("stale %q", r.StaleWaivers)
	}
	if !r.SpecWaived(r.Specs[1]) || r.SpecWaived(r.Specs[8]) || r.SpecWaived(r.Specs[0]) {
		t.Errorf("SpecWaived")
	}

	w["CR-2"] = "bug 4"
	r.ApplyWaivers(w)
	if r.Verdict != VerdictFailed || r.Waived != 4 {
		t.Errorf("every failure waived but K's, which names no rule: verdict %s waived %d", r.Verdict, r.Waived)
	}
	r.Specs = slices.DeleteFunc(r.Specs, func(s Spec) bool { return strings.HasPrefix(s.Name, "K ") })
	r.Failed--
	r.ApplyWaivers(w)
	if r.Verdict != VerdictPassed || r.Waived != 4 {
		t.Errorf("every failure waived: verdict %s waived %d", r.Verdict, r.Waived)
	}
	r.SuiteFailures = []string{"[BeforeSuite] boom"}
	r.ApplyWaivers(w)
	if r.Verdict != VerdictFailed {
		t.Errorf("a suite failure cannot be waived: verdict %s", r.Verdict)
	}
	r.SuiteFailures = nil
	r.Specs[1].State = "interrupted"
	r.ApplyWaivers(w)
	if r.Verdict != VerdictFailed || r.Waived != 3 {
		t.Errorf("an interrupted spec cannot be waived: verdict %s waived %d", r.Verdict, r.Waived)
	}
	r.ApplyWaivers(nil)
	if r.Waivers != nil || r.Waived != 0 || r.StaleWaivers != nil {
		t.Errorf("waivers removed: %v %d %q", r.Waivers, r.Waived, r.StaleWaivers)
	}
}

func TestCertify(t *testing.T) {
	var should string
	for _, rule := range catalog.All() {
		if rule.Strength == catalog.Should && rule.Observable() {
			should = rule.ID
			break
		}
	}
	spec := func(state, failure string, rules ...string) Spec {
		s := Spec{Name: "s " + strings.Join(rules, " "), Rules: rules, State: state, Failure: failure}
		if id, _, ok := strings.Cut(failure, ": "); ok && state == "failed" && catalog.IsRuleID(id) {
			s.Violations = []finding.Violation{{Rule: id, Observed: "no"}}
		}
		return s
	}
	clean := Run{Specs: []Spec{spec("passed", "", "LC-14")}, Passed: 1}
	clean.ApplyWaivers(nil)
	if c := Certify(clean); !c.Certified || len(c.Reasons) != 0 {
		t.Errorf("clean run: %+v", c)
	}

	r := Run{Specs: []Spec{spec("passed", "", "LC-14"), spec("failed", should+": no", should)}, Passed: 1, Failed: 1}
	r.ApplyWaivers(Waivers{should: "known"})
	if c := Certify(r); !c.Certified {
		t.Errorf("a waived %s (should) failure: %+v", should, c)
	}

	r = Run{
		Specs: []Spec{
			spec("failed", "LC-15: no", "LC-15"), spec("failed", "LC-15: no", "LC-15"), spec("failed", "LT-16: no", "LT-16"),
			spec("failed", "no rule named", "LC-11"),
			spec("skipped", "not observable: x", "DS-4"),
		},
		Failed: 4, Skipped: 1, SuiteFailures: []string{"boom"},
	}
	r.ApplyWaivers(Waivers{"LC-15": "bug", "LT-16": "bug"})
	c := Certify(r)
	want := []string{"1 failed spec", "1 failure outside any spec", "1 skipped spec", "2 waived must-rules (LT-16 LC-15)"}
	if c.Certified || !reflect.DeepEqual(c.Reasons, want) {
		// LT-16 comes before LC-15 in the catalog.
		t.Errorf("got %+v, want reasons %q", c, want)
	}
	if c := Certify(Run{}); c.Certified || !slices.Contains(c.Reasons, "no spec ran") {
		t.Errorf("empty run: %+v", c)
	}
	// a filtered run (the library's) is no certification
	filtered := clean
	filtered.NotSelected = 3
	if c := Certify(filtered); c.Certified || !slices.Contains(c.Reasons, "3 specs not selected (a certification runs every spec)") {
		t.Errorf("filtered run: %+v", c)
	}
}

func TestJSONRules(t *testing.T) {
	r := ruleRun(t)
	r.ApplyWaivers(Waivers{"LC-15": "bug 1", "LC-14": "old"})
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Waived       int               `json:"waived"`
		Waivers      map[string]string `json:"waivers"`
		StaleWaivers []string          `json:"stale_waivers"`
		RuleCounts   map[string]int    `json:"rule_counts"`
		Scope        map[string]any    `json:"scope"`
		Rules        []map[string]any  `json:"rules"`
		Specs        []map[string]any  `json:"specs"`
		NotSelected  []map[string]any  `json:"not_selected_specs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	if raw.Waived != 2 || raw.Waivers["LC-15"] != "bug 1" || !reflect.DeepEqual(raw.StaleWaivers, []string{"LC-14"}) ||
		len(raw.Rules) != len(catalog.All()) || raw.RuleCounts[RuleWaived] != 1 || len(raw.NotSelected) != 2 {
		t.Errorf("JSON: waived %d waivers %v stale %q rules %d counts %v not selected %d", raw.Waived, raw.Waivers, raw.StaleWaivers, len(raw.Rules), raw.RuleCounts, len(raw.NotSelected))
	}
	for _, jr := range raw.Rules {
		switch jr["id"] {
		case "LC-15":
			f := jr["failures"].([]any)
			if jr["verdict"] != "waived" || jr["waiver"] != "bug 1" || len(f) != 2 || f[1].(map[string]any)["spec"] != "C fails naming LC-15" {
				t.Errorf("LC-15 JSON %v", jr)
			}
		case "LC-14":
			if jr["verdict"] != "passed" || jr["stale_waiver"] != true || jr["strength"] != "must" || jr["text"] == "" || jr["coverage"] != "covered" || jr["clauses"] != nil {
				t.Errorf("LC-14 JSON %v", jr)
			}
		case "CN-3":
			cl, _ := jr["clauses"].([]any)
			if jr["coverage"] != "partly covered" || len(cl) != 4 || !reflect.DeepEqual(jr["missing_clauses"], []any{"CN-3.unreachable"}) {
				t.Errorf("CN-3 JSON %v", jr)
				continue
			}
			first := cl[0].(map[string]any)
			if first["id"] != "CN-3.tuple" || first["covered"] != true || first["text"] == "" || !reflect.DeepEqual(first["specs"], []any{"L covers two clauses of CN-3"}) {
				t.Errorf("CN-3 clause JSON %v", first)
			}
		case "CN-15":
			cl, _ := jr["clauses"].([]any)
			if len(cl) != 2 || cl[1].(map[string]any)["reason"] == "" || cl[1].(map[string]any)["covered"] != false {
				t.Errorf("CN-15 JSON %v", jr)
			}
		}
	}
	if sc := ScopeOf(r.Rules); raw.Scope["text"] != sc.String() || raw.Scope["partly_covered"] != float64(sc.Partly) || raw.Scope["complete"] != float64(sc.Complete) {
		t.Errorf("scope JSON %v, want %+v", raw.Scope, sc)
	}
	if raw.Specs[1]["waived"] != true || raw.Specs[0]["waived"] != nil {
		t.Errorf("spec waived flags %v %v", raw.Specs[1]["waived"], raw.Specs[0]["waived"])
	}
	back, err := ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	back.Start, back.End = r.Start, r.End
	for i := range back.Specs {
		back.Specs[i].Start = r.Specs[i].Start
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("round trip differs:\n got %+v\nwant %+v", back, r)
	}
}

func TestJUnitWaived(t *testing.T) {
	r := ruleRun(t)
	r.ApplyWaivers(Waivers{"LC-15": "bug 1"})
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
	if ts := doc.TestSuite[0]; ts.Failures != 3 || ts.Skipped != 3+2 || doc.Failures != 3 || doc.Skipped != 5 {
		t.Errorf("counts: testsuite failures %d skipped %d, testsuites failures %d skipped %d; want 3 5", ts.Failures, ts.Skipped, doc.Failures, doc.Skipped)
	}
	if slices.ContainsFunc(doc.TestSuite[0].TestCases[7].Properties, func(p JUnitProperty) bool { return p.Name == "waived" }) {
		t.Errorf("unwaived testcase has a waived property")
	}
}

// htmlRun is ruleRun with waivers and hostile text.
func htmlRun(t *testing.T) Run {
	r := ruleRun(t)
	r.Specs[1].Failure += "\n<script>alert('x')</script> & <img onerror=alert(1)>"
	r.Specs[0].Name = `A passes "quoted" <b>bold</b>`
	r.Command = `ndkconform run --label-filter "LC-14 || LC-15" --waivers w.txt`
	r.Start, r.End = t0, t0.Add(7*time.Second)
	r.ApplyWaivers(Waivers{"LT-16": "vendor bug <42>", "LC-14": "old bug"})
	return r
}

func writeHTML(t *testing.T, r Run, cert *Certification) string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteHTML(&buf, r, nil, cert); err != nil {
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
		"vendor bug &lt;42&gt;", "STALE: the rule passed", "<details>",
		"LC-15: closing a listener must return STATUS_PENDING",
		"not observable: the provider cannot inject faults",
		"Not observable through the provider interface: ", // IM-1's reason
		`<p class="scope">The suite speaks ` + ScopeOf(r.Rules).String() + `.</p>`,
		"only partly covered",
		`<span class="badge ok">covered, 1 spec</span> <b>CN-3.tuple</b>`,
		`<span class="badge none">no spec yet</span> <b>CN-3.unreachable</b>`,
		`<span class="badge nobs">not observable</span> <b>CN-15.ex</b>`,
		"partly covered: not every clause has a spec",
		"<b>1</b>rules partly covered",
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
		if rr.Verdict == RuleFailed {
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
	c := Certify(r)
	page = writeHTML(t, r, &c)
	if !strings.Contains(page, `<div class="verdict bad">NOT CERTIFIED</div>`) || !strings.Contains(page, "<li>3 skipped specs</li>") || !strings.Contains(page, "<li>4 failed specs</li>") || !strings.Contains(page, "<li>1 waived must-rule (LT-16)</li>") {
		t.Errorf("NOT CERTIFIED page lacks its verdict or reasons")
	}
	// The scope, in words, right under the verdict (the first screen).
	scope := `<p class="scope">` + c.Headline() + `.</p>`
	if i, j := strings.Index(page, scope), strings.Index(page, `<div class="verdict`); i < 0 || i < j || i > strings.Index(page, "<h2>") {
		t.Errorf("NOT CERTIFIED page lacks %q under the verdict", scope)
	}
	page = writeHTML(t, r, &Certification{Certified: true, Scope: ScopeOf(r.Rules)})
	if !strings.Contains(page, `<div class="verdict ok">CERTIFIED</div>`) || !strings.Contains(page, `<p class="scope">CERTIFIED for 12 of `) {
		t.Errorf("CERTIFIED page lacks its verdict or scope")
	}
	// An empty run still renders.
	page = writeHTML(t, Run{}, nil)
	if !strings.Contains(page, "NO SPEC SELECTED") || !strings.Contains(page, "no spec ran") || !strings.Contains(page, "unknown (NdkQueryAdapterInfo") {
		t.Errorf("empty run page")
	}
}

// TestHTMLWellFormed parses the page with encoding/xml in its HTML mode:
// every element is closed in order.
func TestHTMLWellFormed(t *testing.T) {
	for _, page := range []string{writeHTML(t, htmlRun(t), nil), writeHTML(t, brokenRun(t, 12), nil)} {
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

func TestUnverified(t *testing.T) {
	r := ruleRun(t)
	if got, want := r.Unverified(), "2 specs not observable, 1 rule unverified"; got != want {
		t.Errorf("Unverified() = %q, want %q", got, want)
	}
	r.Specs = slices.DeleteFunc(r.Specs, Spec.NotObservable)
	if got := r.Unverified(); got != "" {
		t.Errorf("no spec not observable: Unverified() = %q", got)
	}
}
