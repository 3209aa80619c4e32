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

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/onsi/ginkgo/v2/types"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func loc(file string, line int) types.CodeLocation {
	return types.CodeLocation{FileName: file, LineNumber: line}
}

// sampleReport is a run with label filter "LC-14 || LC-15 || LC-16 || EP-1".
func sampleReport() types.Report {
	it := func(text string, file string, container []string, leafLabels ...string) types.SpecReport {
		return types.SpecReport{
			ContainerHierarchyTexts:  []string{"Listener", "close"},
			ContainerHierarchyLabels: [][]string{container, nil},
			LeafNodeType:             types.NodeTypeIt,
			LeafNodeLocation:         loc(file, 10),
			LeafNodeLabels:           leafLabels,
			LeafNodeText:             text,
			StartTime:                t0.Add(time.Second),
			EndTime:                  t0.Add(1500 * time.Millisecond),
			RunTime:                  1234567891 * time.Nanosecond,
		}
	}
	passed := it("completes pending requests", "/src/ndkconform/specs/lifetime/listener_test.go", []string{"lifetime"}, "LC-14")
	passed.State, passed.NumAttempts = types.SpecStatePassed, 1

	failed := it("calls back once", `C:\src\ndkconform\specs\lifetime\close.go`, []string{"lifetime"}, "LC-15", "LC-16", "slow")
	failed.State, failed.NumAttempts = types.SpecStateFailed, 1
	failed.Failure = types.Failure{
		Message:            "NdkCloseObject on listener A#1: the completion came twice\nsecond line",
		Location:           loc("/src/ndkconform/specs/lifetime/close.go", 42),
		FailureNodeContext: types.FailureNodeIsLeafNode,
	}
	failed.AdditionalFailures = []types.AdditionalFailure{{
		State: types.SpecStateFailed,
		Failure: types.Failure{Message: "adapter A still has 1 open object", Location: loc("/src/ndkconform/suite/pair.go", 208),
			FailureNodeContext: types.FailureNodeAtTopLevel, FailureNodeType: types.NodeTypeCleanupAfterEach,
			FailureNodeLocation: loc("/src/ndkconform/suite/pair.go", 69)},
	}}
	failed.ReportEntries = types.ReportEntries{{Name: "callback trace", Value: types.WrapEntryValue("t+0ms NdkCloseCompletion listener A#1")}}

	skipped := it("uses a shared endpoint", "/src/ndkconform/specs/endpoints/se.go", []string{"endpoints"}, "EP-1")
	skipped.State, skipped.NumAttempts = types.SpecStateSkipped, 1
	skipped.Failure = types.Failure{Message: "the adapter does not support shared endpoints"}

	filtered := it("is not selected", "/src/ndkconform/specs/disconnect/d.go", []string{"disconnect"}, "DC-3")
	filtered.State = types.SpecStateSkipped

	pendingOut := it("is pending and filtered", "/src/ndkconform/specs/disconnect/d.go", []string{"disconnect"}, "DC-4")
	pendingOut.State = types.SpecStatePending

	beforeSuite := types.SpecReport{LeafNodeType: types.NodeTypeBeforeSuite, State: types.SpecStatePassed}

	return types.Report{
		SuiteDescription: "ndkconform: sim",
		SuiteSucceeded:   false,
		SuiteConfig:      types.SuiteConfig{LabelFilter: "LC-14 || LC-15 || LC-16 || EP-1"},
		StartTime:        t0,
		EndTime:          t0.Add(3 * time.Second),
		SpecReports:      types.SpecReports{beforeSuite, passed, failed, skipped, filtered, pendingOut},
	}
}

func sampleMeta() Meta {
	return Meta{
		Tool: "ndkconform", Version: "v1.2.3", Command: "ndkconform run --label-filter LC-14",
		Driver: "sim", DriverOptions: map[string]string{"variant": "listener-close-inline", "loss": "0"},
		SideA:   ndk.Side{IPv4: netip.MustParseAddr("10.0.0.1"), IPv6: netip.MustParseAddr("fd00::1")},
		SideB:   ndk.Side{IPv4: netip.MustParseAddr("10.0.0.2")},
		Adapter: ndk.AdapterInfo{Version: ndk.Version{Major: 2, Minor: 0}, VendorID: 0x15b3, DeviceID: 0x1017, RDMATechnology: ndk.RDMATechnologyRoCEv2, MaxCQDepth: 4096},
	}
}

func TestFromGinkgo(t *testing.T) {
	r := FromGinkgo(sampleReport(), sampleMeta())
	if r.Passed != 1 || r.Failed != 1 || r.Skipped != 1 || r.NotSelected != 2 {
		t.Fatalf("counts: passed %d failed %d skipped %d not selected %d; want 1 1 1 2", r.Passed, r.Failed, r.Skipped, r.NotSelected)
	}
	if len(r.Specs) != 3 || r.Selected() != 3 {
		t.Fatalf("%d specs, want 3", len(r.Specs))
	}
	if r.Verdict != VerdictFailed {
		t.Errorf("verdict %q", r.Verdict)
	}
	if !r.Start.Equal(t0) || !r.End.Equal(t0.Add(3*time.Second)) {
		t.Errorf("start/end %v %v: want the report's", r.Start, r.End)
	}
	f := r.Specs[1]
	if f.Name != "Listener close calls back once" {
		t.Errorf("name %q", f.Name)
	}
	if f.Area != "lifetime" {
		t.Errorf("area %q (windows path)", f.Area)
	}
	if !reflect.DeepEqual(f.Rules, []string{"LC-15", "LC-16"}) {
		t.Errorf("rules %q", f.Rules)
	}
	if !reflect.DeepEqual(f.Labels, []string{"lifetime", "LC-15", "LC-16", "slow"}) {
		t.Errorf("labels %q", f.Labels)
	}
	if f.State != "failed" || !f.Failed() {
		t.Errorf("state %q", f.State)
	}
	for _, want := range []string{"the completion came twice", "close.go:42", "adapter A still has 1 open object", "in [DeferCleanup (Each)] at /src/ndkconform/suite/pair.go:69", "callback trace:\nt+0ms NdkCloseCompletion"} {
		if !strings.Contains(f.Failure, want) {
			t.Errorf("failure lacks %q:\n%s", want, f.Failure)
		}
	}
	if r.Specs[2].State != "skipped" || r.Specs[2].Failure != "the adapter does not support shared endpoints" || r.Specs[2].Area != "endpoints" {
		t.Errorf("skipped spec %+v", r.Specs[2])
	}
	if r.Specs[0].Duration != 1234567891*time.Nanosecond {
		t.Errorf("duration %v", r.Specs[0].Duration)
	}
}

func TestFromGinkgoSelection(t *testing.T) {
	// Interrupted run: a spec that matches the filters but never ran is
	// not run, not "not selected"; the interrupt is no suite failure.
	rep := sampleReport()
	rep.SpecReports[1].State, rep.SpecReports[1].NumAttempts = types.SpecStateSkipped, 0
	rep.SpecialSuiteFailureReasons = []string{"Interrupted by User"}
	r := FromGinkgo(rep, Meta{})
	if r.Skipped != 1 || r.NotRun != 1 || r.NotSelected != 2 || r.Verdict != VerdictInterrupted || len(r.SuiteFailures) != 0 {
		t.Errorf("interrupted: skipped %d not run %d not selected %d verdict %s failures %q", r.Skipped, r.NotRun, r.NotSelected, r.Verdict, r.SuiteFailures)
	}

	// A focus that selects nothing: verdict empty.
	rep = sampleReport()
	rep.SuiteConfig = types.SuiteConfig{FocusStrings: []string{"nothing matches this"}}
	for i := range rep.SpecReports {
		if rep.SpecReports[i].LeafNodeType == types.NodeTypeIt {
			rep.SpecReports[i].State, rep.SpecReports[i].NumAttempts, rep.SpecReports[i].Failure = types.SpecStateSkipped, 0, types.Failure{}
		}
	}
	r = FromGinkgo(rep, Meta{})
	if len(r.Specs) != 0 || r.NotSelected != 5 || r.Verdict != VerdictEmpty {
		t.Errorf("empty: %d specs, %d not selected, verdict %s", len(r.Specs), r.NotSelected, r.Verdict)
	}

	// A suite-level failure fails the run.
	rep = sampleReport()
	rep.SpecReports[1].State = types.SpecStatePassed
	rep.SpecReports[1].Failure = types.Failure{}
	rep.SpecReports[2].State = types.SpecStatePassed
	rep.SpecReports[0].State = types.SpecStatePanicked
	rep.SpecReports[0].Failure = types.Failure{Message: "boom"}
	r = FromGinkgo(rep, Meta{})
	if r.Verdict != VerdictFailed || len(r.SuiteFailures) != 1 || !strings.Contains(r.SuiteFailures[0], "boom") {
		t.Errorf("suite failure: verdict %s failures %q", r.Verdict, r.SuiteFailures)
	}
}

func TestAreaOf(t *testing.T) {
	for file, want := range map[string]string{
		"/home/u/specs/ndkconform/specs/endpoints/listen_test.go":  "endpoints",
		"github.com/ndkconform/ndkconform/specs/disconnect/a/b.go": "disconnect",
		`D:\a\ndkconform\specs\lifetime\x.go`:                      "lifetime",
		"specs/endpoints/x.go":                                     "endpoints",
		"/src/ndkconform/specs/specs.go":                           "",
		"/src/ndkconform/suite/pair.go":                            "",
		"":                                                         "",
	} {
		if got := areaOf(file); got != want {
			t.Errorf("areaOf(%q) = %q, want %q", file, got, want)
		}
	}
}

func TestIsRuleID(t *testing.T) {
	for l, want := range map[string]bool{"LC-14": true, "CN-1": true, "ABC-123": true, "A-1": false, "ABCD-1": false, "lc-14": false, "LC-": false, "LC-14x": false, "slow": false} {
		if IsRuleID(l) != want {
			t.Errorf("IsRuleID(%q) = %v", l, !want)
		}
	}
}

func TestWriteJUnit(t *testing.T) {
	r := FromGinkgo(sampleReport(), sampleMeta())
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
	if ts.Name != "ndkconform" || ts.Tests != 3 || ts.Failures != 1 || ts.Errors != 0 || ts.Skipped != 1 || ts.Time != "3.000" {
		t.Errorf("testsuite attributes %+v", ts)
	}
	props := map[string]string{}
	for _, p := range ts.Properties {
		props[p.Name] = p.Value
	}
	for k, v := range map[string]string{"driver": "sim", "driver_options": "loss=0 variant=listener-close-inline", "driver_option.variant": "listener-close-inline",
		"side_a.ipv4": "10.0.0.1", "side_a.ipv6": "fd00::1", "side_b.ipv4": "10.0.0.2", "version": "v1.2.3", "adapter.rdma_technology": "RoCEv2", "adapter.vendor_id": "0x15b3"} {
		if props[k] != v {
			t.Errorf("suite property %s = %q, want %q", k, props[k], v)
		}
	}
	if _, ok := props["side_b.ipv6"]; ok {
		t.Errorf("property for an absent address")
	}
	if len(ts.TestCases) != 3 {
		t.Fatalf("%d testcases", len(ts.TestCases))
	}
	names := []string{"[LC-14] Listener close completes pending requests", "[LC-15 LC-16] Listener close calls back once", "[EP-1] Listener close uses a shared endpoint"}
	for i, tc := range ts.TestCases {
		if tc.Name != names[i] {
			t.Errorf("testcase %d name %q, want %q", i, tc.Name, names[i])
		}
	}
	tc := ts.TestCases[1]
	if tc.ClassName != "ndkconform.lifetime" || tc.Time != "1.235" {
		t.Errorf("classname %q time %q", tc.ClassName, tc.Time)
	}
	if !reflect.DeepEqual(tc.Properties, []JUnitProperty{{"rule", "LC-15"}, {"rule", "LC-16"}}) {
		t.Errorf("properties %+v", tc.Properties)
	}
	if tc.Failure == nil || tc.Failure.Type != "failed" || tc.Failure.Message != "NdkCloseObject on listener A#1: the completion came twice" || !strings.Contains(tc.Failure.Text, "callback trace") {
		t.Errorf("failure %+v", tc.Failure)
	}
	if ts.TestCases[0].Failure != nil || ts.TestCases[0].Skipped != nil {
		t.Errorf("passed testcase has failure or skipped")
	}
	if s := ts.TestCases[2].Skipped; s == nil || s.Message != "the adapter does not support shared endpoints" {
		t.Errorf("skipped %+v", s)
	}
	if !strings.HasPrefix(buf.String(), "<?xml") {
		t.Errorf("no XML declaration")
	}

	// Failures outside specs appear as an error testcase.
	r.SuiteFailures = []string{"[BeforeSuite] boom"}
	buf.Reset()
	if err := WriteJUnit(&buf, r); err != nil {
		t.Fatal(err)
	}
	doc = JUnitTestSuites{}
	if err := xml.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	ts = doc.TestSuite[0]
	if ts.Tests != 4 || ts.Errors != 1 || ts.TestCases[3].Error == nil || ts.TestCases[3].Error.Message != "[BeforeSuite] boom" {
		t.Errorf("suite failure testcase: %+v", ts)
	}
}

func TestWriteJSON(t *testing.T) {
	r := FromGinkgo(sampleReport(), sampleMeta())
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "\n  \"tool\": \"ndkconform\"") {
		t.Errorf("not indented:\n%s", buf.String())
	}
	var raw map[string]any
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"tool", "version", "driver", "driver_options", "side_a", "side_b", "adapter", "start", "end", "duration_seconds", "verdict", "passed", "failed", "skipped", "not_selected", "specs"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("no %q in JSON", k)
		}
	}
	spec := raw["specs"].([]any)[0].(map[string]any)
	if spec["duration_seconds"] != 1.234567891 || spec["state"] != "passed" || spec["area"] != "lifetime" {
		t.Errorf("spec JSON %v", spec)
	}
	if raw["duration_seconds"] != 3.0 || raw["not_selected"] != 2.0 {
		t.Errorf("run JSON duration %v not_selected %v", raw["duration_seconds"], raw["not_selected"])
	}

	back, err := ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !back.Start.Equal(r.Start) || !back.End.Equal(r.End) {
		t.Errorf("times differ")
	}
	back.Start, back.End = r.Start, r.End
	for i := range back.Specs {
		if !back.Specs[i].Start.Equal(r.Specs[i].Start) {
			t.Errorf("spec %d start differs", i)
		}
		back.Specs[i].Start = r.Specs[i].Start
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("round trip differs:\n got %+v\nwant %+v", back, r)
	}
}

func TestFirstLine(t *testing.T) {
	for in, want := range map[string]string{
		"":                                    "",
		"\n  one\ntwo":                        "one",
		"Failed after 0.010s.\nLT-25: late\n": "LT-25: late",
		"Timed out after 10.000s.\n":          "Timed out after 10.000s.",
	} {
		if got := FirstLine(in); got != want {
			t.Errorf("FirstLine(%q) = %q, want %q", in, got, want)
		}
	}
}
