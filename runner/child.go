package runner

import (
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ndkconform/ndkconform/internal/wait"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
)

// The exit statuses of a child.
const (
	exitPass  = 0
	exitFail  = 1
	exitUsage = 2 // it refused the configuration
	exitError = 3 // its provider was not available (suite.LabError)
)

// The modes of a child.
const (
	// modePlan: check the configuration (suite.Plan, suite.Prepare) and
	// report the plan, the sides and the components (a record of event
	// plan), or why not (event refused). The parent never runs Ginkgo
	// itself, so that it can run the suite any number of times.
	modePlan = "plan"
	// modeRun: run the selected specs not in Skip and report them.
	modeRun = "run"
)

// Events of a child's progress besides suite's.
const (
	// eventRefused: the configuration cannot run (Refused).
	eventRefused = "refused"
	// eventInterrupted: a signal (Signal, its number) interrupted the
	// plan child, whose plan may be cut short: it tells no plan.
	eventInterrupted = "interrupted"
	// eventResult and eventExit: the child's whole result, its exit
	// status (suite.ProgressResult, suite.ProgressExit).
	eventResult = suite.ProgressResult
	eventExit   = suite.ProgressExit
)

// childConfig is the one message a child gets, as JSON on its standard
// input: the fields of suite.Config that travel, what the child does, and
// the specs it leaves to the others.
type childConfig struct {
	Mode string `json:"mode"`
	Tool string `json:"tool,omitempty"` // what the child's messages begin with

	Driver          string            `json:"driver"`
	DriverOptions   map[string]string `json:"driver_options,omitempty"`
	SideA           ndk.Side          `json:"side_a"`
	SideB           ndk.Side          `json:"side_b"`
	Timeout         time.Duration     `json:"timeout,omitempty"`
	Settle          time.Duration     `json:"settle,omitempty"`
	Seed            int64             `json:"seed,omitempty"`
	ModelSequences  int               `json:"model_sequences,omitempty"`
	ModelSteps      int               `json:"model_steps,omitempty"`
	ModelShrinkTime time.Duration     `json:"model_shrink_time,omitempty"`
	LabelFilter     string            `json:"label_filter,omitempty"`
	Focus           []string          `json:"focus,omitempty"`
	SkipSpecs       []string          `json:"skip_specs,omitempty"`
	Rerun           []string          `json:"rerun,omitempty"`
	FailFast        bool              `json:"fail_fast,omitempty"`
	DryRun          bool              `json:"dry_run,omitempty"`
	Verbose         bool              `json:"verbose,omitempty"`
	NoColor         bool              `json:"no_color,omitempty"`
	WaitNotice      time.Duration     `json:"wait_notice,omitempty"`
	// Provider is set for a configuration with suite.Config.Provider,
	// which no child takes: a Go provider cannot cross processes.
	Provider bool `json:"provider,omitempty"`

	// Skip are the full texts of the selected specs the child leaves to
	// the others (suite.Config.Skip).
	Skip []string `json:"skip,omitempty"`
}

// errProvider refuses a configuration with a provider for a child.
var errProvider = errors.New("a configuration with a Go provider (suite.Config.Provider) runs in the process that has it, not in a child process")

// newChildConfig is what travels of cfg to a child.
func newChildConfig(cfg suite.Config, tool string) (childConfig, error) {
	if cfg.Provider != nil {
		return childConfig{}, errProvider
	}
	return childConfig{
		Tool:   tool,
		Driver: cmp.Or(cfg.Driver, suite.DefaultDriver), DriverOptions: cfg.DriverOptions,
		SideA: cfg.SideA, SideB: cfg.SideB,
		Timeout: cfg.Timeout, Settle: cfg.Settle, Seed: cfg.Seed,
		ModelSequences: cfg.ModelSequences, ModelSteps: cfg.ModelSteps, ModelShrinkTime: cfg.ModelShrinkTime,
		LabelFilter: cfg.LabelFilter, Focus: cfg.Focus, SkipSpecs: cfg.SkipSpecs, Rerun: cfg.Rerun, FailFast: cfg.FailFast, DryRun: cfg.DryRun,
		Verbose: cfg.Verbose, NoColor: cfg.NoColor, WaitNotice: cfg.WaitNotice,
	}, nil
}

// config is the suite configuration of the message.
func (c childConfig) config() (suite.Config, error) {
	if c.Provider {
		return suite.Config{}, errProvider
	}
	return suite.Config{
		Driver: c.Driver, DriverOptions: c.DriverOptions,
		SideA: c.SideA, SideB: c.SideB,
		Timeout: c.Timeout, Settle: c.Settle, Seed: c.Seed,
		ModelSequences: c.ModelSequences, ModelSteps: c.ModelSteps, ModelShrinkTime: c.ModelShrinkTime,
		LabelFilter: c.LabelFilter, Focus: c.Focus, SkipSpecs: c.SkipSpecs, Rerun: c.Rerun, FailFast: c.FailFast, DryRun: c.DryRun,
		Verbose: c.Verbose, NoColor: c.NoColor, WaitNotice: c.WaitNotice,
		Skip: c.Skip,
	}, nil
}

// record is a line of a child's progress: suite's, and what only the
// runner's children tell.
type record struct {
	suite.ProgressRecord
	// Components (event plan) are what serves the provider besides its
	// driver (ndk.Describer).
	Components []ndk.Component `json:"components,omitempty"`
	// Refused (event refused) is why the configuration cannot run.
	Refused *refusal `json:"refused,omitempty"`
	// Signal (event interrupted) is the number of the signal.
	Signal int `json:"signal,omitempty"`
}

// refusal is an error of suite.Plan or suite.Prepare, across processes.
type refusal struct {
	Error string `json:"error"`
	Usage bool   `json:"usage,omitempty"` // a suite.UsageError
	Lab   bool   `json:"lab,omitempty"`   // a suite.LabError
}

func (r refusal) err() error {
	err := errors.New(r.Error)
	if r.Usage {
		return suite.UsageError{Err: err}
	}
	if r.Lab {
		return suite.LabError{Err: err}
	}
	return err
}

func writeRecord(w io.Writer, r record) {
	b, err := json.Marshal(r)
	if err != nil {
		return
	}
	w.Write(append(b, '\n')) // one Write: a line is whole even if the process dies next
}

// childFlag is the command-line flag a child of a test binary is started
// with (see init); other programs call Child in main, and ignore it.
const childFlag = "ndkconform.runner-child"

// In a child process (EnvChild is set), a flag of flag.CommandLine runs
// the child when it is parsed: a test binary parses its flags in
// testing.M.Run, after every package's init, so a go test whose package
// calls Run (directly or through package conformance) needs no TestMain
// for its children.
func init() {
	if os.Getenv(EnvChild) != "" && flag.CommandLine.Lookup(childFlag) == nil {
		flag.CommandLine.Var(childHook{}, childFlag, "run as a child process of package runner's Run (set by Run; not for use by hand)")
	}
}

type childHook struct{}

func (childHook) String() string   { return "" }
func (childHook) IsBoolFlag() bool { return true }
func (childHook) Set(string) error { Child(); return nil }

// Child runs this process's share of a run and exits, if this process was
// started as a child of Run (EnvChild is set); otherwise it returns at
// once. A program that calls Run calls Child first in main (a test binary
// does it when it parses its flags: see the package comment).
func Child() {
	if os.Getenv(EnvChild) == "" {
		return
	}
	os.Exit(child(os.Stdin, os.Stderr))
}

// child is the child process: it reads its message on stdin, does what it
// says, reports through the progress channel its parent gave it, and
// returns its exit status. It prints nothing on its standard output.
func child(stdin io.Reader, stderr io.Writer) int {
	// what this process starts (a provider's helpers) is no child of Run
	os.Unsetenv(EnvChild)
	sink, ok, err := openProgressSink()
	os.Unsetenv(envProgress)
	os.Unsetenv(envProgressFD)
	if !ok || err != nil {
		if err == nil {
			err = errors.New("no progress channel: the process was not started by runner.Run")
		}
		fmt.Fprintf(stderr, "%s=1: %v\n", EnvChild, err)
		return exitUsage
	}
	defer sink.Close()
	// A parent that does not read (stopped alone, or not scheduled) blocks
	// these writes, and what waits behind them: that is the harness's
	// stall, not the provider's time (wait.PipeWriter).
	out := wait.PipeWriter(sink)
	stderr = wait.PipeWriter(stderr)
	code := func() int {
		var msg childConfig
		if err := json.NewDecoder(stdin).Decode(&msg); err != nil {
			fmt.Fprintf(stderr, "%s: standard input holds no configuration of a run: %v\n", cmp.Or(msg.Tool, "ndkconform"), err)
			return exitFail
		}
		cfg, err := msg.config()
		if err != nil {
			writeRecord(out, record{ProgressRecord: suite.ProgressRecord{Event: eventRefused}, Refused: &refusal{Error: err.Error(), Usage: true}})
			return exitUsage
		}
		switch msg.Mode {
		case modePlan:
			return planChild(cfg, out)
		case modeRun:
			return runShare(cfg, cmp.Or(msg.Tool, "ndkconform"), out, stderr)
		}
		fmt.Fprintf(stderr, "%s: unknown mode %q of a child process\n", cmp.Or(msg.Tool, "ndkconform"), msg.Mode)
		return exitFail
	}()
	suite.WriteProgress(out, suite.ProgressRecord{Event: eventExit, Code: &code})
	return code
}

// planChild checks the configuration of a run once, before any share
// starts, and reports its plan, the sides it will use and what serves the
// provider and side A's adapter (which the report of a dry run, or of a
// run interrupted before any spec started, has as a run's has it), or why
// it cannot run.
//
// A SIGINT or SIGTERM sent to it (not by its parent, which passes none on
// to it: a signal to every process of the run) interrupts Ginkgo's
// preview of the plan, which then skips every spec: it then tells that
// it was interrupted, and no plan.
func planChild(cfg suite.Config, sink io.Writer) int {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	var paused os.Signal
	if os.Getenv(EnvTestPause) == PausePlanChild {
		// a test's: the signal it sends while this process waits comes
		// before the plan is made
		fmt.Fprintf(os.Stderr, "ndkconform: test pause at %s\n", PausePlanChild)
		select {
		case paused = <-sigs:
		case <-time.After(pauseLimit):
		}
	}
	interrupted := func() int {
		s := paused
		if s == nil {
			select {
			case s = <-sigs:
			default:
				return 0
			}
		}
		n, _ := s.(syscall.Signal)
		writeRecord(sink, record{ProgressRecord: suite.ProgressRecord{Event: eventInterrupted}, Signal: int(n)})
		return signalStatus(s)
	}
	refuse := func(err error) int {
		var ue suite.UsageError
		var le suite.LabError
		usage, lab := errors.As(err, &ue), errors.As(err, &le)
		writeRecord(sink, record{ProgressRecord: suite.ProgressRecord{Event: eventRefused}, Refused: &refusal{Error: err.Error(), Usage: usage, Lab: lab}})
		switch {
		case usage:
			return exitUsage
		case lab:
			return exitError
		}
		return exitFail
	}
	plan, err := suite.Plan(cfg)
	if code := interrupted(); code != 0 {
		return code
	}
	if err != nil {
		return refuse(err)
	}
	p, sideA, sideB, err := suite.Prepare(cfg)
	if err != nil {
		return refuse(err)
	}
	if r, ok := p.(ndk.SideRouter); ok {
		if err := r.RouteSides(sideA, sideB); err != nil {
			p.Close()
			return refuse(suite.UsageError{Err: err})
		}
	}
	rec := record{ProgressRecord: suite.ProgressRecord{Event: suite.ProgressPlan, Plan: plan, SideA: &sideA, SideB: &sideB}}
	if d, ok := p.(ndk.Describer); ok {
		rec.Components = d.Describe()
	}
	addr := sideA.IPv4
	if !addr.IsValid() {
		addr = sideA.IPv6
	}
	if ad, st := p.OpenAdapter(addr); st == ndk.StatusSuccess && ad != nil {
		if info, st := ad.QueryAdapterInfo(); st == ndk.StatusSuccess {
			rec.Adapter = &info
		}
		ad.Close()
	}
	p.Close()
	if code := interrupted(); code != 0 {
		return code
	}
	writeRecord(sink, rec)
	return exitPass
}

// runShare is a child's share of a run: the selected specs not in
// cfg.Skip. It sends every spec's progress and then the whole result to
// the parent (sink).
func runShare(cfg suite.Config, tool string, sink io.Writer, stderr io.Writer) int {
	cfg.Progress = sink
	res, err := suite.Run(&tShim{}, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		var ue suite.UsageError
		if errors.As(err, &ue) {
			return exitUsage
		}
		if errors.As(err, new(suite.LabError)) {
			return exitError
		}
		return exitFail
	}
	sr := suite.ShardResult{Run: res.Run, Passed: res.Passed, Interrupted: res.Interrupted}
	if res.Signal != nil {
		sr.Signal = res.Signal.String()
	}
	suite.WriteProgress(sink, suite.ProgressRecord{Event: eventResult, Result: &sr})
	switch {
	case res.Interrupted:
		return signalStatus(res.Signal)
	case !res.Passed:
		return exitFail
	}
	return exitPass
}
