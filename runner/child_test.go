package runner

import (
	"encoding/json"
	"errors"
	"net/netip"
	"reflect"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
)

// Every field of suite.Config that travels reaches the child as it was,
// in one message; a Go provider does not travel.
func TestChildConfigTravels(t *testing.T) {
	cfg := suite.Config{
		Driver: "sim", DriverOptions: map[string]string{"completion": "inline", "seed": "3"},
		SideA:   ndk.Side{IPv4: netip.MustParseAddr("192.0.2.1"), IPv6: netip.MustParseAddr("2001:db8::1")},
		SideB:   ndk.Side{IPv4: netip.MustParseAddr("192.0.2.2")},
		Timeout: 3 * time.Second, Settle: 50 * time.Millisecond, Seed: 7,
		ModelSequences: 5, ModelSteps: 6, ModelShrinkTime: time.Second,
		LabelFilter: "LC-14 || LC-15", Focus: []string{"^a$", "b"}, Rerun: []string{"ndkconform", "run", "--seed", "7"},
		FailFast: true, DryRun: true, Verbose: true, NoColor: true, WaitNotice: 2 * time.Second,
	}
	msg, err := newChildConfig(cfg, "ndkconform")
	if err != nil {
		t.Fatal(err)
	}
	msg.Mode, msg.Skip = modeRun, []string{"other spec"}
	b, err := json.Marshal(msg)
	if err != nil {
		t.Fatal(err)
	}
	var got childConfig
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	back, err := got.config()
	if err != nil {
		t.Fatal(err)
	}
	want := cfg
	want.Skip = []string{"other spec"}
	if !reflect.DeepEqual(back, want) {
		t.Errorf("the child's configuration:\n%+v\nwant:\n%+v", back, want)
	}

	// every field of suite.Config is either in the message or named here
	travels := map[string]bool{}
	for f := range reflect.TypeOf(childConfig{}).Fields() {
		travels[f.Name] = true
	}
	local := map[string]string{"Provider": "a Go value: the run stays in process", "Progress": "the child's own channel"}
	for f := range reflect.TypeOf(suite.Config{}).Fields() {
		if !travels[f.Name] && local[f.Name] == "" {
			t.Errorf("suite.Config.%s does not travel to a child: add it to childConfig", f.Name)
		}
	}

	cfg.Provider = struct{ ndk.Provider }{}
	if _, err := newChildConfig(cfg, "ndkconform"); !errors.Is(err, errProvider) {
		t.Errorf("a configuration with a provider for a child: %v", err)
	}
	if _, err := (childConfig{Provider: true}).config(); !errors.Is(err, errProvider) {
		t.Errorf("a child took a configuration with a provider: %v", err)
	}
}
