package reports

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/outcome"
)

func TestManifestHexIDs(t *testing.T) {
	meta := sampleMeta()
	meta.Adapter.AdapterFlags = 0x11
	m := Manifest{
		Tool: "ndkconform", Version: "v1.2.3", Driver: "sim", DriverOptions: meta.DriverOptions,
		SideA: meta.SideA, SideB: meta.SideB, Adapter: meta.Adapter, Seed: 7,
		Start: t0, End: t0.Add(time.Minute), Verdict: "NOT CERTIFIED", Reasons: []string{"1 failed spec (LC-15)"},
		Limits:  []outcome.Limit{{Kind: "not applicable", What: "MaxSrqDepth 0", Specs: 2, Rules: []string{"DS-2"}}},
		Waivers: outcome.Waivers{{IDs: []string{"CN-3.timeout", "CN-8.timeout"}, Reason: "vendor bug 7", Line: 2}},
		Scope:   "for 1 of 219 catalog rules passed", Counts: &outcome.Counts{Specs: outcome.SpecCounts{Suite: 3, Selected: 2, Passed: 1, Failed: 1, NotSelected: 1}, Rules: outcome.RuleCounts{Catalog: 219, Passed: 1, Failed: 1, NoSpec: 217}},
		Files: []ManifestFile{{Name: "report.json", Size: 10, SHA256: "ab"}}, Note: ManifestNote,
	}
	var buf bytes.Buffer
	if err := WriteManifest(&buf, m); err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Adapter map[string]any `json:"adapter"`
		SideA   map[string]any `json:"side_a"`
	}
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	// As the console ("vendor 0x15b3 device 0x1017"), the HTML report
	// ("0x15b3 / 0x1017", flags "0x00000011") and JUnit show them.
	for k, want := range map[string]any{"vendor_id": "0x15b3", "device_id": "0x1017", "adapter_flags": "0x00000011",
		"max_cq_depth": 4096.0, "ndk_version": "2.0", "rdma_technology_name": "RoCEv2"} {
		if got := raw.Adapter[k]; got != want {
			t.Errorf("adapter %s = %#v, want %#v", k, got, want)
		}
	}
	if raw.SideA["ipv4"] != "10.0.0.1" {
		t.Errorf("side_a %v", raw.SideA)
	}
	if !strings.Contains(adapterLine(m.Adapter), "vendor 0x15b3 device 0x1017") {
		t.Errorf("the console shows %q", adapterLine(m.Adapter))
	}

	back, err := ReadManifest(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !back.Start.Equal(m.Start) || !back.End.Equal(m.End) {
		t.Errorf("times differ")
	}
	back.Start, back.End = m.Start, m.End
	if !reflect.DeepEqual(back, m) {
		t.Errorf("round trip:\n got %+v\nwant %+v", back, m)
	}

	// A manifest written before the IDs were hexadecimal reads too.
	old := strings.Replace(strings.Replace(buf.String(), `"0x15b3"`, "5555", 1), `"0x00000011"`, "17", 1)
	back, err = ReadManifest(strings.NewReader(old))
	if err != nil || back.Adapter.VendorID != 0x15b3 || back.Adapter.AdapterFlags != 0x11 || back.Adapter.DeviceID != 0x1017 {
		t.Errorf("old manifest: %v %+v", err, back.Adapter)
	}
	bad := strings.Replace(buf.String(), `"0x15b3"`, `"15b3"`, 1)
	if _, err := ReadManifest(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), `"15b3" is not a hexadecimal number`) {
		t.Errorf("a vendor ID without 0x: %v", err)
	}
}
