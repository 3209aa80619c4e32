// Package reports writes what a conformance run found (package outcome:
// the harness's spec outcomes, judged): the console summary (WriteSummary,
// WriteDryRun), the report files, JUnit XML, JSON and a self-contained
// HTML certification report, listed in Formats; and a certification
// bundle's manifest (WriteManifest). Every count it prints comes from
// outcome.Count.
//
// It depends on neither suite nor the specs: the CLI builds a Meta (with
// Meta.Rerun, the command that repeats the run's configuration) and calls
// New with the run's outcome and waivers, then the writers.
package reports

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
)

// Meta describes a run: the tool, the provider tested and when.
type Meta struct {
	Tool          string            // "ndkconform"
	Version       string            // the tool's version
	Command       string            // the command line
	Driver        string            // the driver's name
	DriverOptions map[string]string // the driver's key=value options
	SideA, SideB  ndk.Side          // the addresses connections were made between
	Adapter       ndk.AdapterInfo   // NDK_ADAPTER_INFO of side A's adapter
	// Components are what served the provider besides its driver
	// (ndk.Describer: the agents of a remote provider).
	Components []ndk.Component
	Start, End time.Time
	// Rerun is the argv of a command that repeats the run's configuration
	// (driver, driver options, timeout, sides, seed, model budget) without
	// its selection (--label-filter, --focus), reports, waivers and
	// --parallel, e.g. {"ndkconform", "run", "--driver", "sim", "--seed",
	// "1"}: RerunCommand adds a --focus to it that selects one spec. The
	// CLI fills it; empty, RerunCommand builds one from Driver,
	// DriverOptions and a seed of 1.
	Rerun []string
	// Suite is the suite's description as Ginkgo has it ("ndkconform: sim
	// completion=inline"): Ginkgo matches a --focus regexp against Suite,
	// a space and the spec's Name, so RerunCommand needs it. FromGinkgo
	// fills it from Ginkgo's report when it is empty.
	Suite string
}

// Run is the report of a run: what describes it (Meta) and what it found,
// judged (outcome.Result: every spec's outcome, every catalog rule's
// verdict, the waivers, the run's verdict).
type Run struct {
	Meta
	outcome.Result
	// Recorded, in a report read back (ReadJSON), is what the report said
	// of the run when it was written; the Result is judged again from its
	// specs.
	Recorded *Recorded
}

// Recorded is the verdict and counts a JSON report was written with.
type Recorded struct {
	Verdict outcome.Verdict
	Counts  outcome.Counts
	// Certification, when the report was written by certify.
	Certification *CertificationJSON
}

// New judges run with waivers w (nil: none) and describes it with m.
func New(m Meta, run outcome.Run, w outcome.Waivers) Run {
	return Run{Meta: m, Result: outcome.Judge(run, w)}
}

// Counts are the run's counts: every output shows these.
func (r Run) Counts() outcome.Counts { return outcome.Count(r.Result) }

// FirstLine is the first telling line of a text (outcome.FirstLine).
func FirstLine(s string) string { return outcome.FirstLine(s) }

// ruleList is "[LC-14 LC-15] " or "".
func ruleList(rules []string) string {
	if len(rules) == 0 {
		return ""
	}
	return "[" + strings.Join(rules, " ") + "] "
}

// TechnologyName names an NDK_RDMA_TECHNOLOGY.
func TechnologyName(t ndk.RDMATechnology) string {
	switch t {
	case ndk.RDMATechnologyUndefined:
		return "undefined"
	case ndk.RDMATechnologyIWARP:
		return "iWARP"
	case ndk.RDMATechnologyInfiniBand:
		return "InfiniBand"
	case ndk.RDMATechnologyRoCE:
		return "RoCE"
	case ndk.RDMATechnologyRoCEv2:
		return "RoCEv2"
	}
	return fmt.Sprintf("unknown (%d)", uint32(t))
}

// FormatOptions is "k=v k2=v2" in key order.
func FormatOptions(opts map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		parts = append(parts, k+"="+opts[k])
	}
	return strings.Join(parts, " ")
}

func plural(n int, one, many string) string { return outcome.Plural(n, one, many) }
