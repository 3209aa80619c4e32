package suite

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/ginkgo/v2/types"
	"github.com/onsi/gomega"
	"github.com/onsi/gomega/format"
)

// TestingT is what Run needs of a test: *testing.T, or the CLI's shim.
type TestingT = ginkgo.GinkgoTestingT

// Result is the outcome of a run.
type Result struct {
	Config  Config
	SideA   ndk.Side
	SideB   ndk.Side
	Adapter ndk.AdapterInfo // side A's adapter, when it could be queried
	// Run is what the run found: every spec of the suite in run order
	// (those the filters left out NotSelected), the failures outside the
	// specs, the faults (a lost provider), and whether it was cut short.
	Run      outcome.Run
	Passed   bool
	Provider string // driver name and options, for reports
	// Interrupted: Ginkgo interrupted the run on a signal (SIGINT or
	// SIGTERM): the spec that was running is interrupted and the rest did
	// not run. Signal is the signal, when the run saw it (else nil).
	Interrupted bool
	Signal      os.Signal
}

// UsageError is a configuration that cannot run: an unknown driver or
// option, a driver not usable here, bad addresses.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// LabError is a configuration that could run but whose provider was not
// available (ndk.ErrUnavailable: an agent busy, stopped or unreachable):
// the lab's fault, no verdict on the provider, and no bad usage.
type LabError struct{ Err error }

func (e LabError) Error() string { return e.Err.Error() }
func (e LabError) Unwrap() error { return e.Err }

// Prepare opens the configured driver and checks the configuration without
// running anything: the driver and its options (checked and parsed once,
// ndk.ParseOptions, before Usable), the sides' addresses (the
// provider must open an adapter for each), and a Timeout longer than every
// wait the provider declares (ndk.TimeoutDeclarer) by TimeoutMargin. Errors
// are UsageErrors, except for a provider not available now (LabError,
// ndk.ErrUnavailable), and for a provider that fails opening or closing an
// adapter otherwise than with a status (it hangs, panics, or returns no
// adapter with success). With Config.Provider set, Prepare checks that
// provider and returns it: the caller keeps it and closes it.
func Prepare(cfg Config) (ndk.Provider, ndk.Side, ndk.Side, error) {
	cfg.withDefaults()
	if err := cfg.checkFilters(); err != nil {
		return nil, ndk.Side{}, ndk.Side{}, UsageError{err}
	}
	if cfg.Provider != nil {
		return check(cfg, cfg.Provider, func() {})
	}
	d, err := ndk.Lookup(cfg.Driver)
	if err != nil {
		return nil, ndk.Side{}, ndk.Side{}, UsageError{err}
	}
	// The options are checked and parsed once, here (ndk.ParseOptions):
	// the driver opens from what was parsed.
	opener, err := ndk.ParseOptions(d, cfg.DriverOptions)
	if err != nil {
		return nil, ndk.Side{}, ndk.Side{}, UsageError{fmt.Errorf("driver %s: %w", cfg.Driver, err)}
	}
	if err := d.Usable(); err != nil {
		return nil, ndk.Side{}, ndk.Side{}, UsageError{fmt.Errorf("driver %s is not usable here: %w", cfg.Driver, err)}
	}
	p, err := opener.Open()
	if errors.Is(err, ndk.ErrUnavailable) {
		return nil, ndk.Side{}, ndk.Side{}, LabError{fmt.Errorf("driver %s: %w", cfg.Driver, err)}
	}
	if err != nil {
		return nil, ndk.Side{}, ndk.Side{}, UsageError{fmt.Errorf("driver %s: %w", cfg.Driver, err)}
	}
	return check(cfg, p, func() { p.Close() })
}

// check checks provider p for a run of cfg (its sides, the time-out, its
// adapters); release gives p up when it cannot run.
func check(cfg Config, p ndk.Provider, release func()) (ndk.Provider, ndk.Side, ndk.Side, error) {
	a, b, err := resolveSides(cfg, p)
	if err == nil {
		err = checkTimeout(cfg.Timeout, p)
	}
	if err != nil {
		release()
		return nil, ndk.Side{}, ndk.Side{}, UsageError{err}
	}
	if err := checkAdapters(cfg.Timeout, p, a, b); err != nil {
		release()
		return nil, ndk.Side{}, ndk.Side{}, err
	}
	return p, a, b, nil
}

// Run runs the conformance suite: every spec compiled into the binary
// (import the spec packages) against the configured provider. It is the one
// entry point of both `go test` and the ndkconform CLI, and can run once per
// process (a limit of Ginkgo's). It returns a UsageError, before running
// anything, when the configuration cannot run.
func Run(t TestingT, cfg Config) (Result, error) {
	cfg.withDefaults()
	r := &runState{cfg: cfg, interrupt: make(chan struct{})}
	if !begin(r) {
		return Result{}, errors.New("suite.Run can run once per process")
	}

	p, a, b, err := Prepare(cfg)
	if err != nil {
		return Result{}, err
	}
	if cfg.Provider == nil {
		defer closeProvider(p, cfg.Timeout) // the caller closes its own
	}
	res := Result{Config: cfg, SideA: a, SideB: b, Provider: describeProvider(cfg)}
	if ad, st := p.OpenAdapter(firstAddr(a)); st == ndk.StatusSuccess && ad != nil {
		res.Adapter, _ = ad.QueryAdapterInfo()
		ad.Close()
	}

	// The run is complete before any node runs (RunSpecs starts them).
	r.provider, r.sideA, r.sideB = p, a, b
	if cfg.Progress != nil {
		r.progressW = cfg.Progress
		defer func() {
			r.progressMu.Lock()
			r.progressW = nil
			r.progressMu.Unlock()
		}()
		meta := ProgressRecord{Event: ProgressMeta, SideA: &res.SideA, SideB: &res.SideB}
		if res.Adapter != (ndk.AdapterInfo{}) {
			meta.Adapter = &res.Adapter
		}
		r.progress(meta)
		r.waits = newWaitWatch(cfg.WaitNotice, r.progress)
		defer r.waits.close()
	}

	sc, rc := ginkgoConfig(cfg)
	stopWatch := r.watchSignals()
	res.Passed = ginkgo.RunSpecs(t, description(cfg), sc, rc, r.trackNodes())
	first := stopWatch()
	r.reportMu.Lock()
	report := r.report
	r.reportMu.Unlock()
	res.Run = buildRun(report, cfg)
	if wasInterrupted(report) {
		res.Interrupted, res.Signal = true, first
		how := "the run was interrupted"
		if first != nil {
			how += " by " + signalName(first)
		}
		res.Run.CutShort(how)
	}
	if !res.Passed && res.Run.Interrupted == "" && len(res.Run.Faults) == 0 && len(res.Run.SuiteFailures) == 0 && !anyFailed(res.Run) {
		res.Run.SuiteFailures = append(res.Run.SuiteFailures, "Ginkgo reports the suite failed, and no spec did (see its output)")
	}
	return res, nil
}

// DryRunNote is the note of a selected spec in a dry run.
const DryRunNote = "a dry run: the plan, nothing ran"

// buildRun is what a run found, from Ginkgo's report of it.
func buildRun(rep types.Report, cfg Config) outcome.Run {
	run := outcome.Run{DryRun: cfg.DryRun}
	sel, err := newSelector(cfg)
	interrupted := wasInterrupted(rep)
	for _, sr := range rep.SpecReports {
		if sr.LeafNodeType != types.NodeTypeIt {
			if sr.LeafNodeType.Is(types.NodeTypesForSuiteLevelNodes) && sr.State.Is(types.SpecStateFailureStates) {
				run.SuiteFailures = append(run.SuiteFailures, fmt.Sprintf("[%s] %s", sr.LeafNodeType, failureText(sr)))
			}
			continue
		}
		// Ginkgo reports a spec the filters left out as one the run never
		// reached; the filters tell them apart (checkFilters parsed them).
		selected := err == nil && sel.selects(sr)
		if sr.NumAttempts > 0 || sr.Failure.Message != "" {
			selected = true
		}
		s := specOutcome(sr, selected)
		if interrupted && s.State == outcome.Skipped && s.SkipKind() == finding.Unexplained && sr.Failure.Message == "" {
			// started as the interrupt came: Ginkgo skips its nodes
			// without a word (it ran none of them)
			s.State, s.Skip = outcome.Interrupted, nil
		}
		if lostSpec(sr) {
			run.Faults = append(run.Faults, "the provider was lost: "+s.Note)
		}
		if cfg.DryRun && s.Selected() {
			// Ginkgo "passes" the specs of a dry run: none ran
			s.State, s.Note, s.Duration = outcome.NotRun, DryRunNote, 0
		}
		run.Specs = append(run.Specs, s)
	}
	for _, reason := range rep.SpecialSuiteFailureReasons {
		if !strings.HasPrefix(reason, "Interrupted by ") && !strings.HasPrefix(reason, LostPrefix) {
			run.SuiteFailures = append(run.SuiteFailures, reason)
		}
	}
	return run
}

func anyFailed(r outcome.Run) bool {
	for _, s := range r.Specs {
		if s.State == outcome.Failed {
			return true
		}
	}
	return false
}

// signalName names a signal as a user knows it ("SIGINT").
func signalName(s os.Signal) string {
	switch s.String() {
	case "interrupt":
		return "SIGINT"
	case "terminated":
		return "SIGTERM"
	}
	return s.String()
}

// ginkgoConfig is Ginkgo's configuration for a run of cfg.
func ginkgoConfig(cfg Config) (types.SuiteConfig, types.ReporterConfig) {
	gomega.RegisterFailHandler(failHandler)
	format.UseStringerRepresentation = true
	sc, rc := ginkgo.GinkgoConfiguration()
	sc.LabelFilter = cfg.LabelFilter
	// Config.Focus matches the spec's full text alone (see focusFor);
	// checkFilters refused a focus that does not parse.
	sc.FocusStrings, _ = focusStrings(cfg)
	sc.SkipStrings, _ = skipStrings(cfg)
	if len(cfg.Skip) > 0 {
		// Ginkgo matches the description, a space and the spec's full text.
		alts := make([]string, len(cfg.Skip))
		for i, t := range cfg.Skip {
			alts[i] = regexp.QuoteMeta(t)
		}
		sc.SkipStrings = append(sc.SkipStrings, "^"+regexp.QuoteMeta(description(cfg)+" ")+"(?:"+strings.Join(alts, "|")+")$")
	}
	sc.RandomSeed = cfg.Seed
	sc.DryRun = cfg.DryRun
	sc.FailFast = cfg.FailFast
	rc.NoColor = cfg.NoColor
	rc.Verbose = cfg.Verbose
	rc.Succinct = !cfg.Verbose
	return sc, rc
}

// GinkgoSuite is the suite's description and Ginkgo's suite configuration
// in a run of cfg (its filters as Ginkgo applies them), for a process that
// builds the report of runs in other processes.
func GinkgoSuite(cfg Config) (string, types.SuiteConfig) {
	cfg.withDefaults()
	sc, _ := ginkgoConfig(cfg)
	return description(cfg), sc
}

// description is the suite's description in a run of cfg (Ginkgo matches
// focus and skip regexps against it, a space and the spec's full text:
// focusFor and Config.Skip take it into account).
func description(cfg Config) string { return "ndkconform: " + describeProvider(cfg) }

func firstAddr(s ndk.Side) (a netipAddr) {
	if s.IPv4.IsValid() {
		return s.IPv4
	}
	return s.IPv6
}

func describeProvider(cfg Config) string {
	s := cfg.Driver
	for _, k := range slices.Sorted(maps.Keys(cfg.DriverOptions)) {
		s += fmt.Sprintf(" %s=%s", k, cfg.DriverOptions[k])
	}
	return s
}

// closeProvider closes the provider at the end of the run, waiting at most
// limit: a deadlocked provider (its fault injection stuck, say) must not
// keep the run from reporting.
func closeProvider(p ndk.Provider, limit time.Duration) {
	returnsWithin(limit, func() {
		defer func() { recover() }() // the run's verdict is out; a panic here changes nothing
		p.Close()
	})
}
