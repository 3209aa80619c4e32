package suite

import (
	"fmt"
	"maps"
	"net/netip"
	"slices"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/internal/rerun"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/onsi/ginkgo/v2"
)

// Direct is what a spec that drives the provider itself needs, instead of
// a Pair: the model specs open and close adapters of their own for every
// random consumer sequence, record the callbacks themselves and judge them
// against package model, so that a failing sequence can be run again and
// shrunk without failing the spec on the way.
type Direct struct {
	Provider ndk.Provider
	// A and B are the sides' addresses in the family.
	A, B    netip.Addr
	Timeout time.Duration
	// Seed is the run's seed; Sequences and Steps the model budget
	// (Config.ModelSequences, Config.ModelSteps), ShrinkTime the time a
	// failing sequence may be shrunk for (Config.ModelShrinkTime).
	Seed             int64
	Sequences, Steps int
	ShrinkTime       time.Duration
	run              *runState
	spec             string // the spec's full text
}

// WaitNote is a wait of a Direct spec registered for the progress (see
// Direct.Waiting).
type WaitNote struct {
	w *waitWatch
	e *waitEntry
}

// Waiting registers a wait of the spec on the provider, what it waits for
// in words ("NdkConnect on connector#3 (side A) to return") and for at
// most limit, so that the progress names it if it lasts (ProgressWait):
// call End when the wait is over. It costs nothing when the run reports no
// progress. Once a signal interrupted the spec, its body stops here (see
// suite/interrupt.go).
func (d Direct) Waiting(what string, limit time.Duration) WaitNote {
	if d.run != nil && d.run.interrupted() {
		stopIfInterrupted() // the body of an interrupted spec stops here
	}
	if d.run == nil || d.run.waits == nil {
		return WaitNote{}
	}
	return WaitNote{d.run.waits, d.run.waits.begin(d.spec, waitText, nil, what, nil, limit)}
}

// End ends the wait.
func (n WaitNote) End() { n.w.end(n.e) }

// DirectFor returns the provider and sides of the run for family f; the
// spec skips when a side has no address of the family.
func DirectFor(f Family) Direct {
	ginkgo.GinkgoHelper()
	r := current()
	pick := func(s ndk.Side) netip.Addr {
		if f == IPv6 {
			return s.IPv6
		}
		return s.IPv4
	}
	d := Direct{Provider: r.provider, A: pick(r.sideA), B: pick(r.sideB), Timeout: r.cfg.Timeout,
		Seed: r.cfg.Seed, Sequences: r.cfg.ModelSequences, Steps: r.cfg.ModelSteps,
		ShrinkTime: r.cfg.ModelShrinkTime, run: r, spec: r.specText()}
	if !d.A.IsValid() || !d.B.IsValid() {
		NotConfigured(fmt.Sprintf("no %v address configured for both sides", f))
	}
	return d
}

// ReplayCommand is the command line that runs the spec of the given full
// text again with the same configuration (Config.Rerun: driver, options,
// sides, time-out, seed) and a model budget that meets the failure again:
// for an ndkconform run command, the spec selected by its short ID (--spec
// ID, as the reports' rerun commands select it), sequences model
// sequences and the run's model steps; for a go test command (package
// conformance), the spec selected by --focus, the test's own budget.
func (d Direct) ReplayCommand(specText string, sequences int) string {
	c := d.run.cfg
	argv := c.Rerun
	if len(argv) == 0 {
		argv = []string{"ndkconform", "run", "--driver", c.Driver}
		for _, k := range slices.Sorted(maps.Keys(c.DriverOptions)) {
			argv = append(argv, "--driver-opt", k+"="+c.DriverOptions[k])
		}
		if c.Timeout != DefaultTimeout {
			argv = append(argv, "--timeout", c.Timeout.String())
		}
		argv = append(argv, "--seed", fmt.Sprint(c.Seed))
		if c.ModelShrinkTime != DefaultModelShrinkTime {
			argv = append(argv, "--model-shrink-time", c.ModelShrinkTime.String())
		}
	}
	sel := rerun.Select(argv, specText, outcome.SpecID(specText))
	if !rerun.IsRun(argv) {
		return rerun.Command(append(slices.Clip(argv), sel...))
	}
	argv = rerun.Without(argv, "--model-sequences", "--model-steps")
	argv = append(argv, sel...)
	argv = append(argv, "--model-sequences", fmt.Sprint(sequences), "--model-steps", fmt.Sprint(c.ModelSteps))
	return rerun.Command(argv)
}

// ViolateWith fails the spec with v charged to each of rules (as
// ViolateAll), adding details (a shrunk sequence, a replay command) to the
// failure message and the report (outcome.Failure.Details, which the
// console summary prints under the observation).
func ViolateWith(rules string, v Violation, details string) {
	ginkgo.GinkgoHelper()
	v, _ = attachAll(rules, v)
	ginkgo.AddReportEntry(finding.EntryDetails, details)
	ginkgo.Fail(v.String() + "\n" + details)
}
