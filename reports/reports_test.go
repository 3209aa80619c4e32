package reports

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// needRules fails the test if the catalog lacks a rule it uses.
func needRules(t *testing.T, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if _, ok := catalog.Lookup(id); !ok {
			t.Fatalf("the catalog has no %s: the test needs updating", id)
		}
	}
}

func sampleMeta() Meta {
	return Meta{
		Tool: "ndkconform", Version: "v1.2.3", Command: "ndkconform run --label-filter LC-14",
		Driver: "sim", DriverOptions: map[string]string{"variant": "listener-close-inline", "loss": "0"},
		SideA:   ndk.Side{IPv4: netip.MustParseAddr("10.0.0.1"), IPv6: netip.MustParseAddr("fd00::1")},
		SideB:   ndk.Side{IPv4: netip.MustParseAddr("10.0.0.2")},
		Adapter: ndk.AdapterInfo{Version: ndk.Version{Major: 2, Minor: 0}, VendorID: 0x15b3, DeviceID: 0x1017, RDMATechnology: ndk.RDMATechnologyRoCEv2, MaxCQDepth: 4096},
		Suite:   "ndkconform: sim",
		Start:   t0, End: t0.Add(3 * time.Second),
	}
}

// sampleRun is a run with label filter "LC-14 || LC-15 || LC-16 || CN-1":
// a spec passed, one failed against LC-15 (labelled LC-15 and LC-16), one
// not applicable, two not selected.
func sampleRun(t *testing.T) Run {
	t.Helper()
	needRules(t, "LC-14", "LC-15", "LC-16", "CN-1", "DS-10", "DS-4")
	spec := func(name, file, area string, state outcome.State, labels ...string) outcome.Spec {
		s := outcome.Spec{Name: "Listener close " + name, Location: file + ":10", Area: area, Labels: append([]string{area}, labels...), State: state}
		for _, l := range labels {
			if finding.IsRuleID(l) {
				s.Rules = append(s.Rules, l)
			}
		}
		if state != outcome.NotSelected {
			s.Start, s.Duration = t0.Add(time.Second), 1234567891*time.Nanosecond
		}
		return s
	}
	passed := spec("completes pending requests", "specs/lifetime/listener.go", "lifetime", outcome.Passed, "LC-14")
	failed := spec("calls back once", "specs/lifetime/close.go", "lifetime", outcome.Failed, "LC-15", "LC-16", "slow")
	failed.Failure = &outcome.Failure{
		Kind:    outcome.FailureFailed,
		Message: "LC-15: NdkCloseObject on listener#1 (side B): expected STATUS_PENDING; observed STATUS_SUCCESS\nat specs/lifetime/close.go:42\n\nalso failed: adapter A still has 1 open object\nin [DeferCleanup (Each)] at suite/pair.go:69",
		Trace:   "t+0ms NdkCloseCompletion listener#1",
	}
	failed.Violations = []finding.Violation{{Rule: "LC-15", Call: "NdkCloseObject", Object: "listener#1", Side: "B", Expected: "STATUS_PENDING", Observed: "STATUS_SUCCESS"}}
	skipped := spec("uses a shared endpoint", "specs/endpoints/se.go", "endpoints", outcome.Skipped, "CN-1")
	skipped.Skip = &finding.Skip{Kind: finding.NotApplicable, Declaration: "no NDK_ADAPTER_FLAG_MULTI_ENGINE_SUPPORTED", Reason: "the adapter does not support shared endpoints"}
	filtered := spec("is not selected", "specs/disconnect/d.go", "disconnect", outcome.NotSelected, "DS-10")
	filtered2 := spec("is pending and filtered", "specs/disconnect/d.go", "disconnect", outcome.NotSelected, "DS-4")
	return New(sampleMeta(), outcome.Run{Specs: []outcome.Spec{passed, failed, skipped, filtered, filtered2}}, nil)
}

func TestNew(t *testing.T) {
	r := sampleRun(t)
	if r.Verdict != outcome.VerdictFail || r.Tool != "ndkconform" || len(r.Rules) != len(catalog.All()) {
		t.Errorf("verdict %q tool %q rules %d", r.Verdict, r.Tool, len(r.Rules))
	}
	if !reflect.DeepEqual(r.Result, outcome.Judge(r.Run, nil)) {
		t.Errorf("New's result is not Judge's")
	}
	if r.Counts() != outcome.Count(r.Result) {
		t.Errorf("Counts() is not outcome.Count")
	}
}

func TestWriteJUnit(t *testing.T) {
	r := sampleRun(t)
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, r); err != nil {
		t.Fatal(err)
	}
	var doc JUnitTestSuites
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if len(doc.TestSuite) != 1 {
		t.Fatalf("%d testsuites", len(doc.TestSuite))
	}
	ts := doc.TestSuite[0]
	if ts.Name != "ndkconform" || ts.Tests != 3 || ts.Failures != 1 || ts.Errors != 0 || ts.Skipped != 1 || ts.Time != "3.000" || ts.Timestamp != "2025-03-01T12:00:00Z" {
		t.Errorf("testsuite attributes %+v", ts)
	}
	props := map[string]string{}
	for _, p := range ts.Properties {
		props[p.Name] = p.Value
	}
	c := r.Counts()
	for k, v := range map[string]string{"driver": "sim", "driver_options": "loss=0 variant=listener-close-inline", "driver_option.variant": "listener-close-inline",
		"side_a.ipv4": "10.0.0.1", "side_a.ipv6": "fd00::1", "side_b.ipv4": "10.0.0.2", "version": "v1.2.3", "adapter.rdma_technology": "RoCEv2", "adapter.vendor_id": "0x15b3",
		"verdict": "fail", "specs": c.SpecLine(), "rules": c.RuleLine()} {
		if props[k] != v {
			t.Errorf("suite property %s = %q, want %q", k, props[k], v)
		}
	}
	for _, absent := range []string{"side_b.ipv6", "interrupted"} {
		if _, ok := props[absent]; ok {
			t.Errorf("property %s", absent)
		}
	}
	if len(ts.TestCases) != 3 {
		t.Fatalf("%d testcases", len(ts.TestCases))
	}
	names := []string{"[LC-14] Listener close completes pending requests", "[LC-15 LC-16] Listener close calls back once", "[CN-1] Listener close uses a shared endpoint"}
	for i, tc := range ts.TestCases {
		if tc.Name != names[i] {
			t.Errorf("testcase %d name %q, want %q", i, tc.Name, names[i])
		}
	}
	tc := ts.TestCases[1]
	if tc.ClassName != "ndkconform.lifetime" || tc.Time != "1.235" || tc.Status != "failed" {
		t.Errorf("classname %q time %q status %q", tc.ClassName, tc.Time, tc.Status)
	}
	if !reflect.DeepEqual(tc.Properties, []JUnitProperty{{"rule", "LC-15"}, {"rule", "LC-16"}, {"charged", "LC-15"}}) {
		t.Errorf("properties %+v", tc.Properties)
	}
	if tc.Failure == nil || tc.Failure.Type != "failed" || tc.Failure.Message != "LC-15: NdkCloseObject on listener#1 (side B): expected STATUS_PENDING; observed STATUS_SUCCESS" ||
		!strings.Contains(tc.Failure.Text, "adapter A still has 1 open object") || strings.Contains(tc.Failure.Text, "callback trace") {
		t.Errorf("failure %+v", tc.Failure)
	}
	if !strings.Contains(tc.SystemOut, "recorded them:\nt+0ms NdkCloseCompletion") {
		t.Errorf("<system-out> %q lacks the callback trace", tc.SystemOut)
	}
	if ts.TestCases[0].Failure != nil || ts.TestCases[0].Skipped != nil || ts.TestCases[0].Error != nil {
		t.Errorf("passed testcase has a failure, an error or a skip")
	}
	sk := ts.TestCases[2]
	if sk.Skipped == nil || sk.Skipped.Message != "not applicable: the adapter does not support shared endpoints" ||
		!reflect.DeepEqual(sk.Properties, []JUnitProperty{{"rule", "CN-1"}, {"skip_kind", "not applicable"}, {"declaration", "no NDK_ADAPTER_FLAG_MULTI_ENGINE_SUPPORTED"}}) {
		t.Errorf("skipped testcase %+v", sk)
	}
	if !strings.HasPrefix(buf.String(), "<?xml") {
		t.Errorf("no XML declaration")
	}

	// Failures outside the specs, and faults, appear as error testcases.
	r = New(r.Meta, outcome.Run{Specs: r.Specs, SuiteFailures: []string{"[BeforeSuite] boom\nat x.go:1"}, Faults: []string{"agent B stopped answering"}}, nil)
	buf.Reset()
	if err := WriteJUnit(&buf, r); err != nil {
		t.Fatal(err)
	}
	doc = JUnitTestSuites{}
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	ts = doc.TestSuite[0]
	if ts.Tests != 5 || ts.Errors != 2 || ts.TestCases[3].Error == nil || ts.TestCases[3].Error.Message != "[BeforeSuite] boom" || ts.TestCases[3].Error.Type != "suite" ||
		ts.TestCases[4].Error == nil || ts.TestCases[4].Error.Type != "harness" || ts.TestCases[4].Error.Message != "agent B stopped answering" {
		t.Errorf("suite failure and fault testcases: %+v", ts)
	}
}

// normalizeTimes gives back's times the locations of r's: equal instants
// JSON decodes in another location.
func normalizeTimes(t *testing.T, back *Run, r Run) {
	t.Helper()
	if !back.Start.Equal(r.Start) || !back.End.Equal(r.End) {
		t.Errorf("start or end differs: %v %v, want %v %v", back.Start, back.End, r.Start, r.End)
	}
	back.Start, back.End = r.Start, r.End
	if len(back.Specs) != len(r.Specs) {
		t.Fatalf("%d specs back, %d written", len(back.Specs), len(r.Specs))
	}
	for i := range back.Specs {
		if !back.Specs[i].Start.Equal(r.Specs[i].Start) {
			t.Errorf("spec %d start differs", i)
		}
		back.Specs[i].Start = r.Specs[i].Start
	}
}

// checkRoundTrip writes r as JSON, reads it back and checks that the
// specs, the verdict, the counts and the rule verdicts are the same, and
// that Recorded holds what was written.
func checkRoundTrip(t *testing.T, name string, r Run, cert *outcome.Certification) Run {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r, cert); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	normalizeTimes(t, &back, r)
	if !reflect.DeepEqual(back.Specs, r.Specs) {
		for i := range r.Specs {
			if !reflect.DeepEqual(back.Specs[i], r.Specs[i]) {
				t.Errorf("%s: spec %d:\n got %+v\nwant %+v", name, i, back.Specs[i], r.Specs[i])
			}
		}
	}
	if back.Verdict != r.Verdict || back.Counts() != r.Counts() {
		t.Errorf("%s: verdict %q counts %+v, want %q %+v", name, back.Verdict, back.Counts(), r.Verdict, r.Counts())
	}
	if !reflect.DeepEqual(back.Result, r.Result) {
		t.Errorf("%s: the result judged again differs", name)
	}
	if back.Recorded == nil || back.Recorded.Verdict != r.Verdict || back.Recorded.Counts != r.Counts() {
		t.Errorf("%s: recorded %+v, want verdict %q counts %+v", name, back.Recorded, r.Verdict, r.Counts())
	}
	var wantCert *CertificationJSON
	if cert != nil {
		wantCert = NewCertificationJSON(*cert)
	}
	if back.Recorded != nil && !reflect.DeepEqual(back.Recorded.Certification, wantCert) {
		t.Errorf("%s: recorded certification %+v, want %+v", name, back.Recorded.Certification, wantCert)
	}
	back.Recorded = r.Recorded
	if !reflect.DeepEqual(back.Meta, r.Meta) {
		t.Errorf("%s: meta\n got %+v\nwant %+v", name, back.Meta, r.Meta)
	}
	return back
}

func TestWriteJSON(t *testing.T) {
	r := sampleRun(t)
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "\n  \"tool\": \"ndkconform\"") {
		t.Errorf("not indented:\n%s", buf.String())
	}
	var raw map[string]any
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"tool", "version", "driver", "driver_options", "side_a", "side_b", "adapter", "start", "end", "duration_seconds", "verdict", "counts", "specs", "rules", "stale_waivers", "suite_description"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("no %q in JSON", k)
		}
	}
	spec := raw["specs"].([]any)[0].(map[string]any)
	if spec["duration_seconds"] != 1.234567891 || spec["state"] != "passed" || spec["area"] != "lifetime" || spec["location"] != "specs/lifetime/listener.go:10" {
		t.Errorf("spec JSON %v", spec)
	}
	if _, ok := spec["duration"]; ok {
		t.Errorf("a spec's duration in nanoseconds besides duration_seconds: %v", spec)
	}
	f := raw["specs"].([]any)[1].(map[string]any)
	if !reflect.DeepEqual(f["charged_rules"], []any{"LC-15"}) || f["waived"] != nil || f["failure"].(map[string]any)["kind"] != "failed" {
		t.Errorf("failed spec JSON %v", f)
	}
	if s := raw["specs"].([]any)[2].(map[string]any)["skip"].(map[string]any); s["kind"] != "not applicable" || s["declaration"] != "no NDK_ADAPTER_FLAG_MULTI_ENGINE_SUPPORTED" {
		t.Errorf("skip JSON %v", s)
	}
	counts := raw["counts"].(map[string]any)["specs"].(map[string]any)
	if raw["duration_seconds"] != 3.0 || raw["verdict"] != "fail" || counts["not_selected"] != 2.0 || counts["selected"] != 3.0 || counts["failed"] != 1.0 {
		t.Errorf("run JSON duration %v verdict %v counts %v", raw["duration_seconds"], raw["verdict"], counts)
	}
	if _, ok := raw["certification"]; ok {
		t.Errorf("a certification in a plain run's report")
	}
	checkRoundTrip(t, "sample", r, nil)
	cert := outcome.Certify(r.Result)
	back := checkRoundTrip(t, "sample with a certification", r, &cert)
	// A report read back and written again keeps its certification.
	buf.Reset()
	back.Recorded = &Recorded{Certification: NewCertificationJSON(cert)}
	if err := WriteJSON(&buf, back, nil); err != nil || !strings.Contains(buf.String(), `"verdict": "NOT CERTIFIED"`) {
		t.Errorf("written again: %v", err)
	}
}

// TestReadJSONJudgesAgain: ReadJSON judges the specs again; what the file
// said is in Recorded, even when it disagrees.
func TestReadJSONJudgesAgain(t *testing.T) {
	r := sampleRun(t)
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r, nil); err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	raw["verdict"] = "pass"
	raw["counts"].(map[string]any)["specs"].(map[string]any)["failed"] = 0
	raw["waivers"] = []any{map[string]any{"ids": []any{"LC-15"}, "reason": "bug 1"}}
	edited, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(bytes.NewReader(edited))
	if err != nil {
		t.Fatal(err)
	}
	if back.Recorded.Verdict != outcome.VerdictPass || back.Recorded.Counts.Specs.Failed != 0 {
		t.Errorf("recorded %+v", back.Recorded)
	}
	// the waiver in the file waives LC-15: judged again, the run passes
	if back.Verdict != outcome.VerdictPass || back.Counts().Specs.Waived != 1 || len(back.Waivers) != 1 {
		t.Errorf("judged again: verdict %q counts %+v waivers %+v", back.Verdict, back.Counts().Specs, back.Waivers)
	}
	if _, err := ReadJSON(strings.NewReader(`{"specs": [`)); err == nil {
		t.Errorf("ReadJSON took a truncated file")
	}
	if _, err := ReadJSON(strings.NewReader(`{"adapter": {"ndk_version": "two"}}`)); err == nil {
		t.Errorf("ReadJSON took a bad NDK version")
	}
}
