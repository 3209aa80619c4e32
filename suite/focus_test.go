package suite

import (
	"regexp"
	"testing"

	"github.com/onsi/ginkgo/v2"
)

const modelText = "Model of the endpoint, lifetime and disconnect rules IPv6 keeps every step within what a conforming provider may do (random consumer sequences) [model] allow"

var focusTexts = []string{
	modelText,
	"Model of the endpoint, lifetime and disconnect rules IPv4 keeps every step within what a conforming provider may do (random consumer sequences) [model] allow",
	"Listener LC-14 IPv4 a listener's port is free once it closed",
	"Connector CN-3 IPv6 a second connect on the same 4-tuple fails",
	"ab",
	"xab",
	"sim",
}

// The rewritten focus matches the suite's description, a space and a
// spec's text exactly when the focus matches the spec's text.
func TestFocusMatchesTheSpecTextAlone(t *testing.T) {
	desc := "ndkconform: sim completion=inline"
	for _, f := range []string{
		"^" + regexp.QuoteMeta(modelText) + "$", // the replay command's focus
		"LC-14",                                 // a substring
		"^Listener|CN-3",                        // alternation, one side anchored
		"^Connector|^Listener",                  // both anchored
		"^(?:Listener|Connector)",               // anchored group
		`\AListener`,                            // \A is ^ too
		`(?m)^Connector`,                        // so is (?m)^: a spec text has no newline
		"^ab",                                   // anchored: not xab
		"ab$",                                   // end anchor
		`\bab`,                                  // word boundary at the start of the text
		`\Bab`,                                  // and inside it
		"(?i)^listener",                         // flags kept
		"sim",                                   // matched only the description before
		"^ndkconform",                           // idem
		"IPv4 .*allow$",
		"^$",
		"",
	} {
		r, err := focusFor(desc, f)
		if err != nil {
			t.Fatalf("focusFor(%q): %v", f, err)
		}
		re := regexp.MustCompile(r)
		plain := regexp.MustCompile(f)
		for _, text := range focusTexts {
			if got, want := re.MatchString(desc+" "+text), plain.MatchString(text); got != want {
				t.Errorf("focus %q (rewritten %q) on %q: matches %v, want %v", f, r, text, got, want)
			}
		}
	}
	if _, err := focusFor(desc, "a("); err == nil {
		t.Error("focusFor accepted a focus that does not parse")
	}
}

// The specs Plan previews in this test binary: only TestPlanFocus runs
// Plan (once per process), no test runs them.
var _ = ginkgo.Describe("Model of the endpoint, lifetime and disconnect rules", func() {
	ginkgo.It("IPv6 keeps every step ... allow", func() {})
	ginkgo.It("IPv4 keeps every step ... allow", func() {})
})
var _ = ginkgo.Describe("Other", func() {
	ginkgo.It("IPv6 keeps every step ... allow too", func() {})
})

// The exact replay command of a model spec selects that spec, and only
// it, when the driver's options make the description long.
func TestPlanFocus(t *testing.T) {
	text := "Model of the endpoint, lifetime and disconnect rules IPv6 keeps every step ... allow"
	cfg := Config{DriverOptions: map[string]string{"variant": "listener-close-inline"},
		Focus: []string{"^" + regexp.QuoteMeta(text) + "$"}}
	specs, err := Plan(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var selected []string
	for _, sr := range specs {
		if sr.Selected() {
			selected = append(selected, sr.Name)
		}
	}
	if len(selected) != 1 || selected[0] != text {
		t.Errorf("--focus %q selected %q, want exactly that spec", cfg.Focus[0], selected)
	}
}
