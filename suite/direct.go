package suite

import (
	"fmt"
	"maps"
	"net/netip"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/internal/shellquote"
	"github.com/ndkconform/ndkconform/ndk"
	. "github.com/onsi/ginkgo/v2"
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
	GinkgoHelper()
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

// ReplayCommand is the ndkconform run command line that runs the spec of
// the given full text again with the same driver, options, sides, seed
// and model steps, and sequences model sequences.
func (d Direct) ReplayCommand(specText string, sequences int) string {
	c := d.run.cfg
	args := []string{"ndkconform", "run", "--driver", c.Driver}
	for _, k := range slices.Sorted(maps.Keys(c.DriverOptions)) {
		args = append(args, "--driver-opt", shellquote.Quote(k+"="+c.DriverOptions[k]))
	}
	if c.Timeout != DefaultTimeout {
		args = append(args, "--timeout", c.Timeout.String())
	}
	args = append(args, "--focus", shellquote.Quote("^"+regexp.QuoteMeta(specText)+"$"), "--seed", fmt.Sprint(c.Seed),
		"--model-sequences", fmt.Sprint(sequences), "--model-steps", fmt.Sprint(c.ModelSteps))
	if c.ModelShrinkTime != DefaultModelShrinkTime {
		args = append(args, "--model-shrink-time", c.ModelShrinkTime.String())
	}
	return strings.Join(args, " ")
}

// ViolateWith fails the spec with v charged to each of rules (as
// ViolateAll), adding details (a shrunk sequence, a replay command) to the
// failure message and the report (outcome.Failure.Details, which the
// console summary prints under the observation).
func ViolateWith(rules string, v Violation, details string) {
	GinkgoHelper()
	v, _ = attachAll(rules, v)
	AddReportEntry(finding.EntryDetails, details)
	Fail(v.String() + "\n" + details)
}
