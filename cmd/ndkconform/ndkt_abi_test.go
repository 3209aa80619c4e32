//go:build linux && cgo

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// abiVariants are simabi's abi variants (ndkt/simabi/variants.go: the
// rules only NDKPI's C ABI shows) and the rule the specs of "What NDKPI's
// C ABI shows" (specs/lifetime/abi.go) must charge each with through the
// ndkt driver.
var abiVariants = map[string]string{
	"dispatch-late":         "OH-1",
	"dispatch-rewritten":    "OH-2",
	"header-version-wrong":  "OH-3",
	"object-type-wrong":     "OH-4",
	"reserved-nonzero":      "OH-5",
	"bad-version-accepted":  "OH-7",
	"minor-not-raised":      "OH-7",
	"no-query-extension":    "OH-8",
	"null-entry":            "IF-1",
	"notify-above-dispatch": "CR-13",
	"address-length-kept":   "CN-18",
	"info-size-unreported":  "AI-9",
	"info-size-not-needed":  "AI-5",
}

const abiFocus = "NDKPI's C ABI"

// abiRun runs the ABI specs and returns the state of each (a skip's with
// its kind) and the rules their violations charge.
func abiRun(t *testing.T, args ...string) (states []string, rules []string) {
	t.Helper()
	return focusRun(t, abiFocus, args...)
}

// focusRun runs the specs focus selects: the state of each (a skip's
// with its kind) and the rules their violations charge.
func focusRun(t *testing.T, focus string, args ...string) (states []string, rules []string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "r.json")
	r := ndkconform(t, append([]string{"run", "--focus", focus, "--json-report", out}, args...)...)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("%q: exit %d, no report: %v\n%s", args, r.code, err, r.stderr)
	}
	var rep struct {
		Specs []struct {
			State string `json:"state"`
			Skip  *struct {
				Kind string `json:"kind"`
			} `json:"skip"`
			Violations []struct {
				Rule string `json:"rule"`
			} `json:"violations"`
		} `json:"specs"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	for _, s := range rep.Specs {
		if s.State == "not selected" {
			continue
		}
		if s.Skip != nil {
			s.State += " " + s.Skip.Kind
		}
		states = append(states, s.State)
		for _, v := range s.Violations {
			rules = append(rules, v.Rule)
		}
	}
	return states, rules
}

// TestNdktABIVariantsCaught: through the ndkt driver (the core in process,
// sim behind NDKPI's C ABI) the ABI specs pass against the conforming
// provider and charge every abi variant with the rule it breaks; against
// sim in process, which shows nothing of the C ABI, they are not verified
// (which does not block certification). The table covers every variant
// the device knows (its refusal of an unknown one lists them).
func TestNdktABIVariantsCaught(t *testing.T) {
	t.Parallel() // a whole run or more: beside the other long tests (make test's wall time)
	r := ndkconform(t, "run", "--driver", "ndkt", "--driver-opt", "device-opts=abi-variant=no-such-variant")
	m := regexp.MustCompile(`one of ([a-z, -]+)\)`).FindStringSubmatch(r.stderr)
	if m == nil {
		t.Fatalf("the device's refusal of an unknown abi-variant lists no variants: %s", r.stderr)
	}
	for _, v := range strings.Split(m[1], ", ") {
		if _, ok := abiVariants[v]; !ok {
			t.Errorf("abi variant %s has no line in abiVariants", v)
		}
	}
	if states, rules := abiRun(t, "--driver", "ndkt"); !slices.Equal(states, []string{"passed", "passed", "passed", "passed"}) || len(rules) > 0 {
		t.Errorf("conforming provider through ndkt: %v, rules %v", states, rules)
	}
	if states, _ := abiRun(t, "--driver", "sim"); !slices.Equal(states, []string{"skipped not verified", "skipped not verified", "skipped not verified", "skipped not verified"}) {
		t.Errorf("sim in process: %v, want 4 not verified", states)
	}
	for v, rule := range abiVariants {
		states, rules := abiRun(t, "--driver", "ndkt", "--driver-opt", "device-opts=completion=deferred,abi-variant="+v)
		if !slices.Contains(states, "failed") || !slices.Contains(rules, rule) {
			t.Errorf("abi variant %s (breaks %s): %v, rules charged %v", v, rule, states, rules)
		}
	}
}

// startNdktAgent starts `ndkconform agent --driver ndkt` with the ndkt
// driver's device-opts deviceOpts and returns the run arguments that reach
// it (--driver remote, its address and token).
func startNdktAgent(t *testing.T, deviceOpts string) []string {
	t.Helper()
	tokenFile := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(tokenFile, []byte("s3cret-"+t.Name()+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	addr, _ := startAgentWith(t, []string{"--token-file", tokenFile, "--driver", "ndkt"}, "device-opts="+deviceOpts)
	return []string{"--driver", "remote", "--driver-opt", "side-a=" + addr, "--driver-opt", "token-file=" + tokenFile}
}

// TestNdktThroughAgent: the shape a vendor's Windows host has, run --driver
// remote -> gRPC -> ndkconform agent --driver ndkt -> the core -> sim
// behind NDKPI's C ABI. The ABI specs judge the provider through the
// agent as through the ndkt driver in process (they pass against the
// conforming provider and charge every abi variant with its rule: the
// agent forwards QueryAbiFacts and each callback's IRQL, protocol 1.6, and
// the buffer-size probes, 1.7);
// and memory the harness writes into the agent before registering it
// reaches the provider (MR-3, MR-4 and the chain specs failed with
// STATUS_INTERNAL_ERROR when the agent passed those bytes to the ndkt
// driver, which refuses bytes it holds no registration of).
func TestNdktThroughAgent(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 12 agents serving the ndkt driver")
	}
	t.Parallel() // a whole run or more: beside the other long tests (make test's wall time)
	run := startNdktAgent(t, "completion=deferred")
	if states, rules := abiRun(t, run...); !slices.Equal(states, []string{"passed", "passed", "passed", "passed"}) || len(rules) > 0 {
		t.Errorf("conforming provider through an agent serving ndkt: %v, rules %v; want 4 passed", states, rules)
	}
	const memory = "MDL chains|Memory registration and tokens at their boundaries"
	want, _ := focusRun(t, memory, "--driver", "sim", "--driver-opt", "completion=deferred")
	states, rules := focusRun(t, memory, run...)
	if !slices.Equal(states, want) || !slices.Contains(states, "passed") || len(rules) > 0 {
		t.Errorf("the memory specs through an agent serving ndkt: %v, rules %v; want %v, as against sim in process", states, rules, want)
	}
	for v, rule := range abiVariants {
		states, rules := abiRun(t, startNdktAgent(t, "completion=deferred,abi-variant="+v)...)
		if !slices.Contains(states, "failed") || !slices.Contains(rules, rule) {
			t.Errorf("abi variant %s (breaks %s) through an agent serving ndkt: %v, rules charged %v", v, rule, states, rules)
		}
	}
}
