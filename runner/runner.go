// Package runner runs the conformance suite as one run and reports it as
// one: the one way the ndkconform CLI (run, certify), the Go library
// (package conformance) and the self-tests run the suite.
//
//	res, err := runner.Run(cfg, runner.Options{Waivers: w, Observer: obs, Meta: meta, Stderr: os.Stderr})
//	// res.Run: every spec of the plan, in the plan's order, the waivers applied
//	// res.CutShort: 130, 143, 128+N when the run was cut short by a signal
//
// By default Run splits the selected specs over child processes (this
// program run again: see Child), each with its own provider and adapters,
// at the same time, and merges what they report in the order of the plan
// (suite.Plan): the same report as a run in one process, only the times
// differ. A provider that panics on a goroutine of its own, or crashes in
// C, takes the process it runs in down, and no recover can stop that: the
// run then fails the spec that was running, reports the specs that ended
// and those that never started, and the other processes go on. A process
// killed from outside (the OOM killer, a watchdog) or a run interrupted is
// reported as cut short, with no verdict on the specs that did not end. A
// SIGINT or SIGTERM to this process is passed on to every child; a
// SIGUSR1 (SIGINFO too where there is one) prints on Options.Stderr what
// each child runs and waits for, and how far its share is (see
// IgnoreProgressSignals), and the run goes on.
// Options.Observer sees the run's progress as it happens. Runs in child
// processes may go on at the same time, from goroutines of their own.
//
// A child gets the configuration as one JSON message on its standard input
// (the fields of suite.Config that travel, and the specs it leaves to the
// others) and tells its parent everything through a progress channel (an
// inherited pipe, or a file where there are no pipes to inherit:
// suite.ProgressRecord a line): the plan, the sides and adapter, each
// spec's start and end, long waits, its whole result, its exit status. It
// prints nothing on its standard output.
//
// A configuration with suite.Config.Provider set (a Go provider, which
// cannot cross processes) runs in this process, as do Options.InProcess
// and the environment variable NDKCONFORM_IN_PROCESS=1 (for debugging):
// once per process, a limit of Ginkgo's, with Ginkgo's own reporter
// showing the progress on standard output instead of the Observer. Run in
// child processes, any number of runs, of any configurations, can follow
// one another in one process.
//
// The program that calls Run runs the children: it must let Child run
// them before doing anything else. A command calls Child first in main; a
// test binary does it by itself, when flag.Parse parses its command line
// (in testing.M.Run, or a TestMain's flag.Parse): after every package's
// init, so the drivers registered by the test's own package are there. A
// TestMain that does work before parsing the flags (opening hardware, say)
// should call Child first. Package runner never imports the specs: the
// program that calls Run imports them (package specs, or package
// conformance, which does).
package runner

import (
	"cmp"
	"io"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
)

// ExitRunTimeout is Result.CutShort of a run Options.RunTimeout stopped,
// as timeout(1) exits.
const ExitRunTimeout = 124

// The environment of a run.
const (
	// EnvInProcess=1 runs the suite in the calling process (for
	// debugging), whatever Options.InProcess says.
	EnvInProcess = "NDKCONFORM_IN_PROCESS"
	// EnvChild=1 marks a child process of Run (see Child).
	EnvChild = "NDKCONFORM_RUNNER_CHILD"
)

// Options are how Run runs the suite and shows and reports it.
type Options struct {
	// InProcess runs the suite in the calling process rather than in
	// child processes: once per process (see the package comment).
	InProcess bool
	// RunTimeout, if not 0, bounds the whole run (in child processes):
	// past it the run stops as a signal stops it, the Observer is told
	// which spec was running and what it waited for, and the run is cut
	// short (Result.CutShort ExitRunTimeout): no verdict.
	RunTimeout time.Duration
	// Processes is how many child processes the selected specs are split
	// over, 1 or more; 0 means what the driver allows
	// (ndk.ConcurrentRunner), or 1.
	Processes int
	// Executable is the program the children run; empty, this one
	// (os.Executable). It must be built from this module with the specs
	// and the driver, and call Child first.
	Executable string
	// Waivers waive rules in the report, as the CLI's --waivers does, and
	// keep a waived failure from stopping a run with cfg.FailFast.
	Waivers outcome.Waivers
	// Observer sees the run's progress in child processes; nil shows
	// nothing.
	Observer Observer
	// Meta is the caller's description of the run (Tool, Version,
	// Command, Rerun); Run fills in the driver and its options, the
	// sides, the adapter, the components and the times. Meta.Rerun is
	// also the suite's Config.Rerun (a model spec's replay command) when
	// that is empty.
	Meta reports.Meta
	// Stderr gets the children's standard error, whole lines at a time,
	// what Run says of a child that died, and the progress a SIGUSR1 asks
	// for; nil discards it.
	Stderr io.Writer
	// Interrupts are the signals that interrupt the run: one that came
	// before Run was called interrupts it as well (its selected specs are
	// not run), as one at any moment of it does (the run is cut short:
	// Result.CutShort, and the report says so). Nil: Run watches SIGINT
	// and SIGTERM itself, from its start to its end (WatchInterrupts). A
	// program that must lose no signal watches them from its first
	// instruction and passes them here (the CLI does).
	Interrupts *Interrupts
}

// Result is a run, reported.
type Result struct {
	// Run is the report of the run: every spec of the suite in the order
	// of the plan, the waivers applied.
	Run reports.Run
	// CutShort is the exit status of a run cut short, as a shell reports
	// a command killed by the signal: 130 SIGINT, 143 SIGTERM, 128+N a
	// child killed by signal N; 0 when the run was not cut short.
	CutShort int
	// Signal is the signal to this process that interrupted the run, or
	// nil.
	Signal os.Signal
	// Processes is how many child processes ran the specs; 0 when they
	// ran in this process.
	Processes int
}

// Observer sees a run in child processes as it happens. Run calls its
// methods one at a time.
type Observer interface {
	// Begin: the run starts, as Start says, once the configuration is
	// checked and the plan made.
	Begin(Start)
	// SpecStarted and SpecEnded: a selected spec started, ended (with its
	// outcome: a spec that failed against rules Options.Waivers waives
	// all is waived).
	SpecStarted(outcome.Spec)
	SpecEnded(outcome.Spec)
	// Waiting: a spec has waited long on one thing (see
	// suite.Config.WaitNotice).
	Waiting(suite.WaitProgress)
	// Note is a line about the run: "--fail-fast: stopping the run at
	// the first failure", "the provider was lost: ...".
	Note(string)
	// End: every child ended; the report follows.
	End()
}

// Start is what a run runs.
type Start struct {
	// Meta is the run's description: Options.Meta, the driver, the sides
	// the run uses and what serves the provider (Components).
	Meta reports.Meta
	// Selected specs of the Specs of the suite run, in Processes child
	// processes, with Seed.
	Selected, Specs, Processes int
	Seed                       int64
}

// Run runs the suite as cfg says and returns its report; it returns a
// suite.UsageError, before anything ran, for a configuration that cannot
// run (an unknown driver or option, bad addresses, bad filters), and other
// errors when the run could not start (no child process). A run whose
// filters select no spec runs nothing: its report has no spec selected
// (outcome.VerdictEmpty), and the Observer is not called. Nor is it for a
// dry run (cfg.DryRun) in child processes: the process that checks the
// configuration makes the plan, which is the report (outcome.VerdictPlan);
// no test process runs.
func Run(cfg suite.Config, opt Options) (Result, error) {
	if opt.Stderr == nil {
		opt.Stderr = io.Discard
	}
	if opt.Observer == nil {
		opt.Observer = nobody{}
	}
	opt.Observer = &serialObserver{o: opt.Observer}
	if len(cfg.Rerun) == 0 {
		// a model spec's replay command repeats the run as the reports'
		// rerun commands do
		cfg.Rerun = opt.Meta.Rerun
	}
	if opt.Interrupts == nil {
		opt.Interrupts = WatchInterrupts()
		defer opt.Interrupts.Stop()
	}
	var res Result
	var err error
	if cfg.Provider != nil || opt.InProcess || os.Getenv(EnvInProcess) != "" {
		res, err = runInProcess(cfg, opt)
	} else {
		res, err = runChildren(cfg, opt)
	}
	if err != nil || res.CutShort != 0 || res.Run.Counts().Specs.Selected == 0 {
		return res, err
	}
	if sig := opt.Interrupts.Signal(); sig != nil {
		// a signal the run did not act on (it came as the run ended, or
		// before Ginkgo watched the signals): no verdict all the same
		res.Run, res.CutShort = Interrupt(res.Run, sig)
		res.Signal = sig
	}
	return res, nil
}

// Interrupt marks run r interrupted by sig (as a run cut short by it is:
// its verdict interrupted, its specs not ended said to be cut short) and
// returns it with the exit status of a run sig cut short (130 for
// SIGINT, 143 for SIGTERM). A run already cut short is returned as it is,
// with its status.
func Interrupt(r reports.Run, sig os.Signal) (reports.Run, int) {
	if r.Interrupted != "" {
		return r, signalStatus(sig)
	}
	run := r.Result.Run
	run.Specs = slices.Clone(run.Specs)
	run.CutShort(interruptedBy(sig))
	return reports.New(r.Meta, run, r.Result.Waivers), signalStatus(sig)
}

// runInProcess runs the suite in this process. A run interrupted before
// it began runs nothing: the plan is made (suite.Plan) and the
// configuration checked (suite.Prepare), and every selected spec is not
// run. (A signal that comes once suite.Run has begun but before Ginkgo
// watches the signals is seen by Run, which marks the run interrupted
// once it has ended.)
func runInProcess(cfg suite.Config, opt Options) (Result, error) {
	start := time.Now()
	if sig := opt.Interrupts.Signal(); sig != nil {
		return planInProcess(cfg, opt, sig, start)
	}
	res, err := suite.Run(&tShim{}, cfg)
	wall := time.Since(start)
	if err != nil {
		return Result{}, err
	}
	meta := opt.Meta
	meta.Driver, meta.DriverOptions = res.Config.Driver, res.Config.DriverOptions
	meta.SideA, meta.SideB, meta.Adapter = res.SideA, res.SideB, res.Adapter
	meta.Start, meta.End = start, start.Add(wall)
	out := Result{Run: reports.New(meta, res.Run, opt.Waivers)}
	if out.Run.Interrupted != "" {
		out.CutShort, out.Signal = signalStatus(res.Signal), res.Signal
	}
	return out, nil
}

// planInProcess is the report of a run in this process that sig
// interrupted before it began.
func planInProcess(cfg suite.Config, opt Options, sig os.Signal, start time.Time) (Result, error) {
	plan, err := suite.Plan(cfg)
	if err != nil {
		return Result{}, err
	}
	p, a, b, err := suite.Prepare(cfg)
	if err != nil {
		return Result{}, err
	}
	if cfg.Provider == nil {
		p.Close()
	}
	meta := opt.Meta
	meta.Driver, meta.DriverOptions = cmp.Or(cfg.Driver, suite.DefaultDriver), cfg.DriverOptions
	meta.SideA, meta.SideB = a, b
	meta.Start, meta.End = start, time.Now()
	run := outcome.Run{Specs: plan}
	if selectedCount(plan) > 0 {
		run.CutShort(interruptedBy(sig))
	}
	r := reports.New(meta, run, opt.Waivers)
	if r.Interrupted == "" {
		return Result{Run: r}, nil // no spec selected
	}
	return Result{Run: r, CutShort: signalStatus(sig), Signal: sig}, nil
}

// processes is how many processes a run of cfg is split over:
// opt.Processes, or what the driver suggests for cfg's options
// (ndk.ConcurrentRuns: the remote driver's answer is its agents'), or 1.
func processes(cfg suite.Config, opt Options) int {
	if opt.Processes > 0 {
		return opt.Processes
	}
	d, err := ndk.Lookup(cmp.Or(cfg.Driver, suite.DefaultDriver))
	if err != nil {
		return 1 // the child reports the unknown driver
	}
	return ndk.ConcurrentRuns(d, cfg.DriverOptions)
}

// tShim is the suite.TestingT of a run outside go test's own: the verdict
// comes from the report.
type tShim struct{ failed bool }

func (t *tShim) Fail() { t.failed = true }

// serialObserver calls o's methods one at a time: the children's progress
// comes on goroutines of their own.
type serialObserver struct {
	mu sync.Mutex
	o  Observer
}

func (s *serialObserver) Begin(st Start) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.o.Begin(st)
}

func (s *serialObserver) SpecStarted(sp outcome.Spec) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.o.SpecStarted(sp)
}

func (s *serialObserver) SpecEnded(sp outcome.Spec) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.o.SpecEnded(sp)
}

func (s *serialObserver) Waiting(w suite.WaitProgress) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.o.Waiting(w)
}

func (s *serialObserver) Note(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.o.Note(line)
}

func (s *serialObserver) End() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.o.End()
}

// nobody is the Observer that shows nothing.
type nobody struct{}

func (nobody) Begin(Start)                {}
func (nobody) SpecStarted(outcome.Spec)   {}
func (nobody) SpecEnded(outcome.Spec)     {}
func (nobody) Waiting(suite.WaitProgress) {}
func (nobody) Note(string)                {}
func (nobody) End()                       {}
