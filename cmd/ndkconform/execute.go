package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
)

// The one way the CLI runs the suite: `run` and `certify` take the plan of
// the run (suite.Plan: every spec, in the order the run takes them, the
// selected ones marked), check the configuration once (suite.Prepare), and
// call execute, which deals the selected specs out to one or more child
// processes (this binary again, `__child RUN-FLAGS`), shows their progress
// on the console as one run, and merges what they report into one report,
// in the order of the plan. A child runs its share of the specs and tells
// its parent everything through a progress channel (suite.ProgressRecord:
// the sides and adapter, each spec's start and end, long waits, its whole
// result, its exit status); it prints nothing on its standard output.
//
// A provider that panics on a goroutine of its own, or crashes in C, takes
// the process it runs in down, and no recover can stop that: the parent
// then tells which spec was running, reports the specs that ended and
// those that never started, and fails the run instead of leaving a bare Go
// panic. A child killed from outside (the OOM killer, a watchdog) or a run
// interrupted is reported as cut short, with no verdict on the specs that
// did not end; the other children go on. A signal to the parent is passed
// on to every child.

// childCmd is the hidden command of a run's child processes: `__child
// RUN-FLAGS`, with on standard input the JSON list of the full texts of
// the selected specs it leaves to the other children.
const childCmd = "__child"

// execution is one run of the suite in child processes.
type execution struct {
	cfg  suite.Config
	args []string // the run flags of every child (configArgs)
	// plan is suite.Plan of cfg, shares how many children to split the
	// selected specs over.
	plan   []outcome.Spec
	shares int
	// failFast stops the run at the first failure that is not waived.
	failFast bool
	waivers  outcome.Waivers
	meta     reports.Meta // the report's description of the run (sides: the prepared ones)
	console  *console
}

// configArgs are the run flags that give a child process (or a rerun) the
// configuration of cfg: driver, options, addresses, time-out, seed, model
// budget, fail-fast; with selection, also its label filter and focus.
func configArgs(cfg suite.Config, selection bool) []string {
	driver := cfg.Driver
	if driver == "" {
		driver = suite.DefaultDriver
	}
	args := []string{"--driver", driver}
	for _, k := range slices.Sorted(maps.Keys(cfg.DriverOptions)) {
		args = append(args, "--driver-opt", k+"="+cfg.DriverOptions[k])
	}
	for _, a := range []struct {
		flag string
		addr fmt.Stringer
		ok   bool
	}{
		{"--side-a-ipv4", cfg.SideA.IPv4, cfg.SideA.IPv4.IsValid()},
		{"--side-a-ipv6", cfg.SideA.IPv6, cfg.SideA.IPv6.IsValid()},
		{"--side-b-ipv4", cfg.SideB.IPv4, cfg.SideB.IPv4.IsValid()},
		{"--side-b-ipv6", cfg.SideB.IPv6, cfg.SideB.IPv6.IsValid()},
	} {
		if a.ok {
			args = append(args, a.flag, a.addr.String())
		}
	}
	if cfg.Timeout > 0 && cfg.Timeout != suite.DefaultTimeout {
		args = append(args, "--timeout", cfg.Timeout.String())
	}
	args = append(args, "--seed", strconv.FormatInt(max(cfg.Seed, 1), 10))
	if cfg.ModelSequences > 0 && cfg.ModelSequences != suite.DefaultModelSequences {
		args = append(args, "--model-sequences", strconv.Itoa(cfg.ModelSequences))
	}
	if cfg.ModelSteps > 0 && cfg.ModelSteps != suite.DefaultModelSteps {
		args = append(args, "--model-steps", strconv.Itoa(cfg.ModelSteps))
	}
	if cfg.ModelShrinkTime > 0 && cfg.ModelShrinkTime != suite.DefaultModelShrinkTime {
		args = append(args, "--model-shrink-time", cfg.ModelShrinkTime.String())
	}
	if selection {
		if cfg.LabelFilter != "" {
			args = append(args, "--label-filter", cfg.LabelFilter)
		}
		for _, f := range cfg.Focus {
			args = append(args, "--focus", f)
		}
		if cfg.FailFast {
			args = append(args, "--fail-fast")
		}
	}
	return args
}

// childMain is a child of execute: it runs the selected specs not named on
// standard input, sends every spec's progress and then its whole result
// to the parent, and prints nothing of its own.
func childMain(args []string, stdout, stderr io.Writer) int {
	fs, o := runFlags()
	if err := parse(fs, args); err != nil {
		return usageError(stderr, "run", err)
	}
	sink, ok, err := openProgressSink()
	if !ok || err != nil {
		if err == nil {
			err = fmt.Errorf("no progress channel: %s is the command of the processes '%s run' starts", childCmd, tool)
		}
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitUsage
	}
	defer sink.Close()
	code := runShare(o.config(), sink, os.Stdin, stderr)
	suite.WriteProgress(sink, suite.ProgressRecord{Event: suite.ProgressExit, Code: &code})
	return code
}

// prepareRun checks the configuration of a run once, before any child
// starts, and returns its plan and the sides it will use. Its errors are
// those of suite.Plan and suite.Prepare (see runError).
func prepareRun(cfg suite.Config) (plan []outcome.Spec, prep prepared, err error) {
	if plan, err = suite.Plan(cfg); err != nil {
		return nil, prepared{}, err
	}
	p, sideA, sideB, err := suite.Prepare(cfg)
	if err != nil {
		return nil, prepared{}, err
	}
	prep = prepared{sideA: sideA, sideB: sideB}
	if d, ok := p.(ndk.Describer); ok {
		prep.components = d.Describe()
	}
	p.Close()
	return plan, prep, nil
}

// prepared is what preparing a run learnt of the provider: the sides, and
// what serves it besides its driver (ndk.Describer: a remote provider's
// agents).
type prepared struct {
	sideA, sideB ndk.Side
	components   []ndk.Component
}

// selectedCount is how many specs plan selects.
func selectedCount(plan []outcome.Spec) int {
	n := 0
	for _, s := range plan {
		if s.Selected() {
			n++
		}
	}
	return n
}

// execute runs the specs x.plan selects in child processes and returns the
// run, merged as one, with x.waivers applied, and the exit status a run
// cut short ends with (130 for SIGINT...; 0 when it was not cut short).
func execute(x *execution, stderr io.Writer) (reports.Run, int, error) {
	start := time.Now()
	shares := assignShares(x.plan, max(1, x.shares))
	if len(shares) == 0 {
		shares = [][]outcome.Spec{nil} // nothing selected: one child reports the empty run
	}
	exe, err := os.Executable()
	if err != nil {
		return reports.Run{}, 0, fmt.Errorf("cannot run the suite in a child process: %v (set %s=1 to run it in this one)", err, envInProcess)
	}
	x.console.begin(x.meta, selectedCount(x.plan), len(x.plan), len(shares), x.cfg.Seed)
	errs := &lockedWriter{w: stderr}

	var (
		stopMu  sync.Mutex
		procs   []*os.Process
		stopped bool   // --fail-fast stopped the run, or the provider's loss
		lost    string // the provider was lost: what and why, while what ran
	)
	stopOthers := func(sh *share) {
		// with stopMu held; the child that failed stops by itself
		// (Ginkgo's fail-fast)
		for _, p := range procs {
			if p != sh.cmd.Process {
				stopProcess(p)
			}
		}
	}
	sigs := notifyStop()
	attr, unlock := childAttr()
	defer unlock()
	var shs []*share
	for k, specs := range shares {
		sh := &share{k: k, specs: specs, mine: map[string]bool{}, tail: &tailBuffer{max: crashTail}, errs: &lineWriter{w: errs}}
		for _, s := range specs {
			sh.mine[s.Key()] = true
		}
		skip := []string{}
		for j, other := range shares {
			if j != k {
				for _, s := range other {
					skip = append(skip, s.Name)
				}
			}
		}
		in, _ := json.Marshal(skip)
		if sh.ch, err = newProgressChannel(); err != nil {
			signal.Stop(sigs)
			killAll(procs)
			return reports.Run{}, 0, err
		}
		defer sh.ch.close()
		sh.ch.watch(func(r suite.ProgressRecord) {
			switch r.Event {
			case suite.ProgressEnd:
				if r.Spec == nil || !sh.mine[r.Spec.Key()] {
					return
				}
				failed := x.console.ended(*r.Spec)
				if failed && x.failFast {
					stopMu.Lock()
					if !stopped {
						stopped = true
						x.console.note("--fail-fast: stopping the run at the first failure")
						stopOthers(sh)
					}
					stopMu.Unlock()
				}
			case suite.ProgressStart:
				if r.Spec != nil && sh.mine[r.Spec.Key()] {
					x.console.started(*r.Spec)
				}
			case suite.ProgressWait:
				x.console.waiting(r)
			case suite.ProgressLost:
				stopMu.Lock()
				if lost == "" {
					lost = fmt.Sprintf("%s, while %q ran", r.Lost, r.LostIn)
					x.console.note("the provider was lost: " + lost + "; stopping the run")
					if !stopped {
						stopped = true
						stopOthers(sh)
					}
				}
				stopMu.Unlock()
			}
		})
		sh.cmd = exec.Command(exe, append([]string{childCmd}, x.args...)...)
		sh.cmd.Env = childEnv()
		sh.ch.attach(sh.cmd)
		sh.cmd.Stdin = bytes.NewReader(in)
		sh.cmd.Stdout = nil // the parent shows the progress
		sh.cmd.Stderr = io.MultiWriter(sh.errs, sh.tail)
		if attr != nil {
			a := *attr
			sh.cmd.SysProcAttr = &a
		}
		stopMu.Lock()
		err := sh.cmd.Start()
		if err == nil {
			procs = append(procs, sh.cmd.Process)
			if stopped {
				stopProcess(sh.cmd.Process)
			}
		}
		stopMu.Unlock()
		if err != nil {
			signal.Stop(sigs)
			killAll(procs)
			return reports.Run{}, 0, fmt.Errorf("cannot run the suite in a child process: %v (set %s=1 to run it in this one)", err, envInProcess)
		}
		sh.ch.started()
		shs = append(shs, sh)
	}
	stopForwarding := forwardSignals(sigs, procs...)
	var wg sync.WaitGroup
	for _, sh := range shs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sh.werr = sh.cmd.Wait()
		}()
	}
	wg.Wait()
	interruptedBy := stopForwarding()
	wall := time.Since(start)
	for _, sh := range shs {
		sh.errs.flush()
	}
	x.console.end()
	stopMu.Lock()
	stop := ""
	switch {
	case lost != "":
		stop = "the provider was lost (" + lost + "): the run stopped"
	case stopped:
		stop = failFastReason
	}
	stopMu.Unlock()
	var faults []string
	if lost != "" {
		faults = append(faults, "the provider was lost: "+lost+"; the specs after it were not run")
	}
	r, status := mergeShares(x, shs, interruptedBy, stop, faults, start, wall, errs)
	return r, status, nil
}

// stopProcess asks a child to stop (--fail-fast): SIGINT where there are
// signals, so that it ends its running spec's cleanup and reports; a kill
// elsewhere.
func stopProcess(p *os.Process) {
	if runtime.GOOS == "windows" || p.Signal(os.Interrupt) != nil {
		p.Kill()
	}
}

func killAll(ps []*os.Process) {
	for _, p := range ps {
		p.Kill()
	}
}

// failFastReason is what --fail-fast tells of the specs it kept from
// running or ending.
const failFastReason = "--fail-fast stopped the run at the first failure"
