package selftest

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/runner"
	_ "github.com/ndkconform/ndkconform/specs"
	"github.com/ndkconform/ndkconform/suite"
)

// childTimeout is the deadline of the suite's runs against sim.
const childTimeout = 5 * time.Second

// childShrinkTime bounds the shrinking of a model spec's failing sequence:
// the self-tests read which rules a failure names, which shrinking keeps,
// not how short its sequence is.
const childShrinkTime = time.Second

// cliBinary is the ndkconform command, built by TestMain, without the
// race detector: the children run the whole suite dozens of times (make
// selftest: once per variant), and a child's exit status, where a race it
// detected would show, never was a verdict here: its report is. The race
// detector watches the suite, sim and the CLI in their own packages' tests.
var cliBinary string

// skipIfShort skips a self-test under go test -short: each runs whole
// suites in child processes.
func skipIfShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: runs whole suites in child processes")
	}
}

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	flag.Parse() // in a child process of runner.Run, this runs its share (see package runner)
	if testing.Short() {
		// every test here runs whole suites in child processes
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "ndkconform-selftest")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	cliBinary = filepath.Join(dir, "ndkconform")
	// with the CLI's test drivers (crash, ipv4only: cmd/ndkconform/crashdriver.go)
	if out, err := exec.Command("go", "build", "-tags", "crashtest", "-o", cliBinary, "github.com/ndkconform/ndkconform/cmd/ndkconform").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build ndkconform: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// runChild runs the whole suite against sim with opts in child processes
// and returns its report.
func runChild(t *testing.T, opts string, labels string) reports.Run {
	t.Helper()
	return runChildWith(t, "sim", opts, labels)
}

// runChildWith runs the suite against driver with opts through
// runner.Run, in child processes: for sim, of the ndkconform command
// (built by TestMain), as many as sim allows, as the CLI does; for a
// driver of this package's own, of this test binary, in one process, with
// a deadline of 500ms.
func runChildWith(t *testing.T, driver, opts, labels string) reports.Run {
	t.Helper()
	cfg := suite.Config{Driver: driver, DriverOptions: map[string]string{}, NoColor: true, LabelFilter: labels,
		Timeout: childTimeout, ModelShrinkTime: childShrinkTime}
	for _, kv := range strings.Split(opts, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			cfg.DriverOptions[k] = v
		}
	}
	var stderr bytes.Buffer
	opt := runner.Options{Meta: reports.Meta{Tool: "selftest"}, Stderr: &stderr}
	if driver == "sim" {
		opt.Executable = cliBinary
	} else {
		cfg.Timeout, opt.Processes = 500*time.Millisecond, 1
	}
	res, err := runner.Run(cfg, opt)
	var ue suite.UsageError
	switch {
	case errors.As(err, &ue):
		t.Fatalf("run with %q: bad usage: %v\n%s", opts, err, tail(stderr.Bytes()))
	case err != nil:
		t.Fatalf("run with %q: %v\n%s", opts, err, tail(stderr.Bytes()))
	}
	if res.Run.Counts().Specs.Selected == 0 {
		t.Fatalf("run with %q ran no spec:\n%s", opts, tail(stderr.Bytes()))
	}
	return res.Run
}

func tail(b []byte) string {
	s := string(b)
	if len(s) > 4000 {
		s = "...\n" + s[len(s)-4000:]
	}
	return s
}

// personalities are the completion behaviours the documents allow.
var personalities = []string{
	"completion=inline",
	"completion=deferred",
	"completion=reentrant",
	"completion=random,seed=1",
	"completion=random,seed=2",
	"completion=random,seed=3",
}

func TestConformingProviderPassesInEveryPersonality(t *testing.T) {
	skipIfShort(t)
	for _, opts := range personalities {
		t.Run(opts, func(t *testing.T) {
			t.Parallel()
			run := runChild(t, opts, "")
			for _, s := range run.Specs {
				// A spec may skip only as not applicable (sim's
				// declarations), or not observable when this personality
				// gives its rule nothing to observe (e.g. nothing is
				// pending when every call completes inline).
				switch s.SkipKind() {
				case "", finding.NotApplicable, finding.NotObservable:
					if s.State == outcome.Passed || s.State == outcome.Skipped {
						continue
					}
				}
				t.Errorf("%s (%s): %s\n%s", s.State, s.SkipKind(), s.Name, s.Text())
			}
			// ... and the run certifies (with the default model budget)
			if cert := outcome.Certify(run.Result); !cert.Certified {
				t.Errorf("%s: not certified: %q", opts, cert.Reasons)
			}
			c := run.Counts().Specs
			t.Logf("%d specs passed, %d not applicable, %d not observable with %s", c.Passed, c.NotApplicable, c.NotObservable, opts)
		})
	}
}

// TestBrokenVariantsAreCaught runs the suite against each broken variant of
// sim and builds the kill matrix, spec × variant: a variant counts as caught
// by a spec only when the spec fails with a violation of a rule the variant
// breaks (reports.Attribution: the rules the spec's violations name). Each
// variant must be caught by at least one spec, and a spec that fails only
// against rules the variant does not break (or against none) is a false
// verdict.
//
// By default it checks the variants of the four rules the product is known
// by; with NDKCONFORM_SELFTEST_VARIANTS=all (make selftest) every variant,
// two at a time, and then every spec of the suite must be killed by at
// least one variant: a spec no broken provider fails proves nothing.
func TestBrokenVariantsAreCaught(t *testing.T) {
	skipIfShort(t)
	variants := sim.Variants()
	if len(variants) == 0 {
		t.Fatal("sim has no broken variants")
	}
	all := os.Getenv("NDKCONFORM_SELFTEST_VARIANTS") == "all"
	if !all {
		variants = slices.DeleteFunc(variants, func(v sim.Variant) bool { return !slices.Contains(coreVariants, v.Name) })
	}
	var mu sync.Mutex
	kills := map[string][]string{}         // spec -> the variants that killed it
	specs := map[string]bool{}             // every spec of the suite
	labelled := map[string][]string{}      // spec -> the rules it is labelled with
	proven := map[string]map[string]bool{} // spec -> the labelled rules a variant failed it with
	modelCaught := map[string]bool{}       // variant -> a model spec failed with its rules
	var matrix []string
	t.Run("variants", func(t *testing.T) {
		for _, v := range variants {
			t.Run(v.Name, func(t *testing.T) {
				if all {
					t.Parallel()
				}
				run := runChild(t, "completion=deferred,variant="+v.Name, "")
				var caught []string
				for _, s := range run.Specs {
					mu.Lock()
					specs[s.Name] = true
					labelled[s.Name] = s.Rules
					mu.Unlock()
					checkObserved(t, v.Name, s.Violations)
					if s.State != outcome.Failed {
						continue
					}
					charged := outcome.Charged(s)
					if slices.ContainsFunc(charged, func(id string) bool { return slices.Contains(v.Rules, id) }) {
						caught = append(caught, s.Name)
						mu.Lock()
						kills[s.Name] = append(kills[s.Name], v.Name)
						if slices.Contains(s.Labels, "model") {
							modelCaught[v.Name] = true
						}
						for _, id := range charged {
							if slices.Contains(v.Rules, id) && slices.Contains(s.Rules, id) {
								if proven[s.Name] == nil {
									proven[s.Name] = map[string]bool{}
								}
								proven[s.Name][id] = true
							}
						}
						mu.Unlock()
						continue
					}
					t.Errorf("variant %s (breaks %s) failed a spec against other rules (%s): %s\n%s",
						v.Name, strings.Join(v.Rules, ", "), strings.Join(charged, ", "), s.Name, s.Text())
				}
				if len(caught) == 0 {
					t.Errorf("variant %s breaks %s but no spec failed with a violation of them", v.Name, strings.Join(v.Rules, ", "))
				}
				verdict := fmt.Sprintf("caught by %d spec(s)", len(caught))
				if len(caught) == 0 {
					verdict = "NOT CAUGHT"
				}
				mu.Lock()
				matrix = append(matrix, fmt.Sprintf("%-30s %-32s %s", strings.Join(v.Rules, ","), v.Name, verdict))
				mu.Unlock()
			})
		}
	})
	slices.Sort(matrix)
	fmt.Printf("rules                          variant                          caught\n%s\n", strings.Join(matrix, "\n"))
	names := slices.Sorted(maps.Keys(specs))
	unkilled := 0
	fmt.Printf("\nkill matrix: %d specs x %d variants\n", len(names), len(variants))
	for _, name := range names {
		killers := kills[name]
		if len(killers) == 0 {
			unkilled++
			if all {
				t.Errorf("no broken provider fails this spec with a violation of its rules: %s", name)
			}
		}
		if len(killers) == 0 {
			killers = []string{"NONE"}
		}
		fmt.Printf("  %-3d %s\n       killed by: %s\n", len(kills[name]), name, strings.Join(killers, " "))
	}
	fmt.Printf("%d of %d specs killed by at least one variant\n", len(names)-unkilled, len(names))

	// The model specs alone must catch every variant of the seed pages'
	// rules (the rules of catalog.Rule.Seed), but those listed in
	// modelNotYet, whose breach the model does not reach yet.
	var seedVariants, modelMissed []string
	for _, v := range variants {
		if !slices.ContainsFunc(v.Rules, func(id string) bool { r, ok := catalog.Lookup(id); return ok && r.Seed }) {
			continue
		}
		seedVariants = append(seedVariants, v.Name)
		why, notYet := modelNotYet[v.Name]
		switch {
		case modelCaught[v.Name] && notYet:
			t.Errorf("variant %s is caught by the model specs now: take it off modelNotYet", v.Name)
		case modelCaught[v.Name]:
		case notYet:
			modelMissed = append(modelMissed, v.Name+" ("+why+")")
		default:
			modelMissed = append(modelMissed, v.Name+" (MISSED)")
			t.Errorf("variant %s breaks a rule of the seed pages (%s) but no model spec failed with a violation of it", v.Name, strings.Join(v.Rules, ", "))
		}
	}
	fmt.Printf("\nmodel specs alone: %d of %d seed-area variants caught\n", len(seedVariants)-len(modelMissed), len(seedVariants))
	for _, m := range modelMissed {
		fmt.Printf("  not yet: %s\n", m)
	}

	// The labels: a spec labelled with a rule promises to fail when the
	// rule is broken. A (spec, rule) label is proven when a variant that
	// breaks the rule failed the spec with a violation of it. Reported, not
	// enforced: a rule can have specs that no variant reaches yet.
	unproven := map[string]int{} // rule -> labelled specs not proven
	pairs, ok := 0, 0
	for _, name := range names {
		for _, id := range labelled[name] {
			pairs++
			if proven[name][id] {
				ok++
			} else {
				unproven[id]++
			}
		}
	}
	fmt.Printf("\nlabels: %d of %d (spec, rule) labels proven by a variant that breaks the rule\n", ok, pairs)
	for _, id := range slices.Sorted(maps.Keys(unproven)) {
		fmt.Printf("  %-6s %d labelled specs not failed with it by any variant\n", id, unproven[id])
	}
}

// modelNotYet are the seed-area variants the model specs do not catch yet,
// and what the model lacks to reach them.
var modelNotYet = map[string]string{}

// coreVariants break the four rules the product is known by: pending
// listener close, reject-on-close, port reuse failing until the reference
// count is zero, no callbacks after close completion.
var coreVariants = []string{"listener-close-inline", "accept-while-closing", "early-port-release", "late-callback"}
