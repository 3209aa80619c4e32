package runner

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ndkconform/ndkconform/internal/syncwriter"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
)

// execution is one run of the suite in child processes.
type execution struct {
	cfg suite.Config
	msg childConfig // what travels of cfg to every child
	// plan is suite.Plan of cfg, as the plan child made it.
	plan []outcome.Spec
	// failFast stops the run at the first failure that is not waived.
	failFast bool
	waivers  outcome.Waivers
	meta     reports.Meta // the report's description of the run (sides: the prepared ones)
	obs      Observer
	exe      string
	tool     string // what the runner's messages begin with
	// runTimeout bounds the run (Options.RunTimeout); timedOut, once the
	// children ended, says it stopped the run.
	runTimeout time.Duration
	timedOut   bool
	// progress answers SIGUSR1 (and SIGINFO) with the run's progress.
	progress *progressDump
	// ints are the signals that interrupt the run (Options.Interrupts);
	// childSignal is one that interrupted the process that made the plan
	// (sent to it directly): the run is cut short as by one of ints.
	ints        *Interrupts
	childSignal os.Signal
	// start is when the run began (its plan made then); adapter is side
	// A's, as the plan child found it.
	start   time.Time
	adapter ndk.AdapterInfo
}

// runChildren runs the suite in child processes: a plan child checks the
// configuration and makes the plan, then the selected specs are dealt out
// to opt.Processes children (or the driver's number) that run at the same
// time, and what they report is merged in the order of the plan.
func runChildren(cfg suite.Config, opt Options) (Result, error) {
	tool := cmp.Or(opt.Meta.Tool, "ndkconform")
	msg, err := newChildConfig(cfg, tool)
	if err != nil {
		return Result{}, err
	}
	exe := opt.Executable
	if exe == "" {
		if exe, err = os.Executable(); err != nil {
			return Result{}, fmt.Errorf("cannot run the suite in a child process: %v (set %s=1 to run it in this one)", err, EnvInProcess)
		}
	}
	x := &execution{cfg: cfg, msg: msg, failFast: cfg.FailFast, waivers: opt.Waivers, obs: opt.Observer, exe: exe, tool: tool, runTimeout: opt.RunTimeout, ints: opt.Interrupts}
	errs := syncwriter.New(opt.Stderr) // the children's standard errors are copied by goroutines of their own
	start := time.Now()
	x.progress = startProgressDump(errs, tool)
	defer x.progress.stop()

	pr, err := x.prepare(errs)
	x.meta = opt.Meta
	x.meta.Driver, x.meta.DriverOptions = msg.Driver, cfg.DriverOptions
	if errors.Is(err, errNoPlan) {
		// stopped at once before the plan was made: a report of no spec,
		// interrupted
		sig := cmp.Or(x.ints.Signal(), x.childSignal)
		meta := x.meta
		meta.Start, meta.End = start, time.Now()
		run := outcome.Run{}
		run.CutShort(interruptedBy(sig) + " before the run's plan was made: no spec is reported")
		return Result{Run: reports.New(meta, run, opt.Waivers), CutShort: signalStatus(sig), Signal: sig}, nil
	}
	if err != nil {
		return Result{}, err
	}
	x.plan, x.start = pr.plan, start
	x.meta.SideA, x.meta.SideB, x.meta.Components = pr.sideA, pr.sideB, pr.components
	if pr.adapter != nil {
		x.adapter = *pr.adapter
	}
	if selectedCount(x.plan) == 0 {
		// nothing to run: the report of the plan, no spec selected
		now := time.Now()
		meta := x.meta
		meta.Start, meta.End = now, now
		return Result{Run: reports.New(meta, outcome.Run{Specs: x.plan}, opt.Waivers)}, nil
	}
	if cfg.DryRun {
		// nothing runs: the plan is the report (no child runs Ginkgo's
		// dry run, whose reporter would have its say)
		meta := x.meta
		meta.Start, meta.End = start, time.Now()
		if pr.adapter != nil {
			meta.Adapter = *pr.adapter
		}
		specs := slices.Clone(x.plan)
		for i := range specs {
			if specs[i].Selected() {
				specs[i].Note = suite.DryRunNote
			}
		}
		res := Result{Run: reports.New(meta, outcome.Run{Specs: specs, DryRun: true}, opt.Waivers)}
		if x.childSignal != nil {
			res.Run, res.CutShort = Interrupt(res.Run, x.childSignal)
			res.Signal = x.childSignal
		}
		return res, nil
	}
	n := processes(cfg, opt)
	r, status, sig, procs, err := x.execute(n, errs)
	if err != nil {
		return Result{}, err
	}
	return Result{Run: r, CutShort: status, Signal: sig, Processes: procs}, nil
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

// proc is a child process and its progress channel.
type proc struct {
	cmd  *exec.Cmd
	ch   progressChannel
	tail *tailBuffer
	errs *lineWriter // its standard error, line by line
	werr error
}

// newProc makes the child that gets msg, mode and skip, its standard
// error to errs; watch gets its progress records as they come.
func (x *execution) newProc(mode string, skip []string, errs io.Writer, watch func(record)) (*proc, error) {
	msg := x.msg
	msg.Mode, msg.Skip = mode, skip
	in, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	ch, err := newProgressChannel()
	if err != nil {
		return nil, err
	}
	p := &proc{ch: ch, tail: &tailBuffer{max: crashTail}, errs: &lineWriter{w: errs}}
	ch.watch(watch)
	p.cmd = exec.Command(x.exe, "-"+childFlag)
	p.cmd.Env = append(childEnv(), EnvChild+"=1")
	ch.attach(p.cmd)
	p.cmd.Stdin = bytes.NewReader(in)
	p.cmd.Stdout = nil // the parent shows the progress
	p.cmd.Stderr = io.MultiWriter(p.errs, p.tail)
	return p, nil
}

// startError is the error of a child that could not start.
func startError(err error) error {
	return fmt.Errorf("cannot run the suite in a child process: %v (set %s=1 to run it in this one)", err, EnvInProcess)
}

// prepared is what the plan child found: the plan of the run, the sides,
// what serves the provider besides its driver (ndk.Describer: a remote
// provider's agents) and, for a dry run, side A's adapter.
type prepared struct {
	plan         []outcome.Spec
	sideA, sideB ndk.Side
	components   []ndk.Component
	adapter      *ndk.AdapterInfo
}

// errNoPlan: a second signal stopped the run before its plan was made.
var errNoPlan = errors.New("no plan")

// planAttempts bounds how many times the plan is made again after a
// signal sent to the process making it interrupted it.
const planAttempts = 3

// prepare runs the plan child: it checks the configuration once, before
// any share starts, and returns the plan and the sides the run will use.
// Its errors are those of suite.Plan and suite.Prepare (a refusal), or a
// child that did not tell.
//
// A signal to this process while the plan is made does not stop it: the
// run's report needs the plan (every selected spec, not run), and the
// child is quick and bounded by the run's time-outs; a second signal
// kills it (errNoPlan: no plan, no spec in the report). A child that a
// signal sent to it directly interrupted (its plan may be cut short) is
// started again, and the run is cut short by that signal (x.childSignal).
func (x *execution) prepare(errs io.Writer) (prepared, error) {
	var plan *proc
	var planMu sync.Mutex
	killed := false
	before, unsubscribe := x.ints.Subscribe(func(sig os.Signal, n int) {
		planMu.Lock()
		defer planMu.Unlock()
		if n == 1 {
			x.obs.Note(signalName(sig) + ": interrupting the run once its plan is made (" + signalName(sig) + " again stops at once)")
			return
		}
		x.obs.Note(signalName(sig) + " again: stopping at once, with no plan of the run")
		killed = true
		if plan != nil && plan.cmd.Process != nil {
			plan.cmd.Process.Kill()
		}
	})
	defer unsubscribe()
	if before >= 2 {
		return prepared{}, errNoPlan
	}
	for attempt := 1; ; attempt++ {
		p, err := x.newProc(modePlan, nil, errs, nil)
		if err != nil {
			return prepared{}, err
		}
		if attempt > 1 {
			p.cmd.Env = slices.DeleteFunc(p.cmd.Env, func(kv string) bool { return strings.HasPrefix(kv, EnvTestPause+"=") })
		}
		pr, sig, err := x.planOnce(p, func() bool {
			planMu.Lock()
			defer planMu.Unlock()
			plan = p
			return killed
		})
		planMu.Lock()
		plan = nil
		gone := killed
		planMu.Unlock()
		switch {
		case gone:
			return prepared{}, errNoPlan
		case sig == nil || err != nil:
			return pr, err
		}
		// interrupted: the run is cut short by sig, once its plan is made
		if x.childSignal == nil {
			x.childSignal = sig
			x.obs.Note(fmt.Sprintf("the process that makes the run's plan was interrupted by %s: making it again", signalName(sig)))
		}
		if attempt == planAttempts {
			return prepared{}, errNoPlan
		}
	}
}

// planOnce runs plan child p once (started unless started says the run
// was stopped). sig, when not nil, is a signal that interrupted the
// child: it was sent to the child, not passed on by this process.
func (x *execution) planOnce(p *proc, started func() (stop bool)) (pr prepared, sig os.Signal, err error) {
	defer p.ch.close()
	attr, unlock := childAttr()
	if attr != nil {
		a := *attr
		p.cmd.SysProcAttr = &a
	}
	err = p.cmd.Start()
	if err != nil {
		unlock()
		return prepared{}, nil, startError(err)
	}
	if started() {
		p.cmd.Process.Kill()
	}
	p.ch.started()
	pauseForTest(PausePlan, x.ints)
	p.werr = p.cmd.Wait()
	unlock()
	p.errs.flush()
	recs, _ := p.ch.records()
	for _, r := range recs {
		switch {
		case r.Event == eventInterrupted:
			return prepared{}, syscall.Signal(r.Signal), nil
		case r.Event == eventRefused && r.Refused != nil:
			return prepared{}, nil, r.Refused.err()
		case r.Event == suite.ProgressPlan && r.SideA != nil && r.SideB != nil:
			return prepared{plan: r.Plan, sideA: *r.SideA, sideB: *r.SideB, components: r.Components, adapter: r.Adapter}, nil, nil
		}
	}
	end := describeEnd(p.cmd.ProcessState, p.werr, p.tail.String())
	if end.signal == syscall.SIGINT || end.signal == syscall.SIGTERM {
		return prepared{}, end.signal, nil
	}
	what := end.crash
	if what == "" {
		what = "its standard error ended with:\n" + lastLines(end.tail, 10)
	}
	return prepared{}, nil, fmt.Errorf("the process that checks the run's configuration (%s) ended (%s) without telling the plan: %s", x.exe, end.status, what)
}

// execute runs the specs x.plan selects in n child processes and returns
// the run, merged as one, with x.waivers applied, the exit status a run
// cut short ends with (130 for SIGINT...; 0 when it was not cut short),
// the signal that cut it short and how many processes ran it. A run
// interrupted before its test processes started (a signal while the
// configuration was checked and the plan made) starts none: its selected
// specs are not run.
func (x *execution) execute(n int, stderr io.Writer) (reports.Run, int, os.Signal, int, error) {
	start := time.Now()
	shares := assignShares(x.plan, max(1, n))
	fwd := newForwarder(x.obs.Note)
	before, unsubscribe := x.ints.Subscribe(fwd.signal)
	if before > 0 || x.childSignal != nil {
		unsubscribe()
		sig := x.childSignal
		if before > 0 {
			sig = x.ints.Signal()
		}
		return x.cutBeforeStart(sig)
	}
	x.obs.Begin(Start{Meta: x.meta, Selected: selectedCount(x.plan), Specs: len(x.plan), Processes: len(shares), Seed: max(x.cfg.Seed, 1)})
	pauseForTest(PauseSharesStart, x.ints)

	var (
		stopMu  sync.Mutex
		stopped bool   // --fail-fast stopped the run, or the provider's loss
		lost    string // the provider was lost: what and why, while what ran
	)
	st := newStatus(shares, start) // what the children told of their progress
	x.progress.set(st)
	timedOut := false // --run-timeout stopped the run
	attr, unlock := childAttr()
	defer unlock()
	fail := func(err error) (reports.Run, int, os.Signal, int, error) {
		unsubscribe()
		fwd.kill()
		x.obs.End()
		return reports.Run{}, 0, nil, 0, err
	}
	var shs []*share
	for k, specs := range shares {
		sh := &share{k: k, specs: specs, mine: map[string]bool{}}
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
		p, err := x.newProc(modeRun, skip, stderr, func(r record) {
			switch r.Event {
			case suite.ProgressEnd:
				if r.Spec == nil || !sh.mine[r.Spec.Key()] {
					return
				}
				x.obs.SpecEnded(*r.Spec)
				st.ended(sh.k, *r.Spec)
				if x.failFast && x.failed(*r.Spec) {
					stopMu.Lock()
					if !stopped {
						stopped = true
						x.obs.Note("--fail-fast: stopping the run at the first failure")
						fwd.stop(sh.k) // the child that failed stops by itself (Ginkgo's fail-fast)
					}
					stopMu.Unlock()
				}
			case suite.ProgressStart:
				// Ginkgo takes its signals now: an interrupt kept for it
				// goes
				fwd.ready(sh.k)
				if r.Spec != nil && sh.mine[r.Spec.Key()] {
					// the status first: a dump asked for once the
					// console told it holds what it told
					st.started(sh.k, *r.Spec, time.Now())
					x.obs.SpecStarted(*r.Spec)
				}
			case suite.ProgressWait:
				if r.Wait != nil {
					st.waiting(sh.k, *r.Wait, time.Now())
					x.obs.Waiting(*r.Wait)
				}
			case suite.ProgressLost:
				stopMu.Lock()
				if lost == "" {
					lost = fmt.Sprintf("%s, while %q ran", r.Lost, r.LostIn)
					x.obs.Note("the provider was lost: " + lost + "; stopping the run")
					if !stopped {
						stopped = true
						fwd.stop(sh.k)
					}
				}
				stopMu.Unlock()
			}
		})
		if err != nil {
			return fail(err)
		}
		sh.proc = p
		defer sh.ch.close()
		if attr != nil {
			a := *attr
			sh.cmd.SysProcAttr = &a
		}
		stopMu.Lock()
		err = sh.cmd.Start()
		if err == nil {
			fwd.add(sh.cmd.Process) // index k
			if stopped {
				fwd.stopOne(k)
			}
		}
		stopMu.Unlock()
		if err != nil {
			return fail(startError(err))
		}
		sh.ch.started()
		shs = append(shs, sh)
		if k == 0 {
			pauseForTest(PauseShareStarted, x.ints)
		}
	}
	if x.runTimeout > 0 {
		t := time.AfterFunc(x.runTimeout-time.Since(start), func() {
			stopMu.Lock()
			defer stopMu.Unlock()
			if stopped {
				return
			}
			stopped, timedOut = true, true
			x.obs.Note(st.timeoutNote(x.runTimeout))
			fwd.stop(-1)
		})
		defer t.Stop()
	}
	pauseForTest(PauseRunning, x.ints)
	var wg sync.WaitGroup
	for _, sh := range shs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sh.werr = sh.cmd.Wait()
			fwd.exited(sh.k)
			st.exited(sh.k)
		}()
	}
	wg.Wait()
	unsubscribe()
	interruptedBy := fwd.signalled()
	wall := time.Since(start)
	for _, sh := range shs {
		sh.errs.flush()
	}
	x.obs.End()
	pauseForTest(PauseChildrenEnded, x.ints)
	stopMu.Lock()
	stop := ""
	switch {
	case lost != "":
		stop = "the provider was lost (" + lost + "): the run stopped"
	case timedOut:
		stop = fmt.Sprintf("--run-timeout %v stopped the run", x.runTimeout)
		x.timedOut = true
	case stopped:
		stop = failFastReason
	}
	stopMu.Unlock()
	var faults []string
	if lost != "" {
		faults = append(faults, "the provider was lost: "+lost+"; the specs after it were not run")
	}
	r, status := x.mergeShares(shs, interruptedBy, stop, faults, start, wall, stderr)
	if status == 0 {
		interruptedBy = nil
	}
	return r, status, interruptedBy, len(shs), nil
}

// cutBeforeStart is the report of a run interrupted by sig before any
// test process started: every selected spec not run.
func (x *execution) cutBeforeStart(sig os.Signal) (reports.Run, int, os.Signal, int, error) {
	how := interruptedBy(sig)
	x.obs.Note(how + " before its test processes started: no spec runs")
	meta := x.meta
	meta.Start, meta.End, meta.Adapter = x.start, time.Now(), x.adapter
	run := outcome.Run{Specs: slices.Clone(x.plan)}
	run.CutShort(how)
	return reports.New(meta, run, x.waivers), signalStatus(sig), sig, 0, nil
}

// failed reports whether spec s failed against a rule x.waivers does not
// waive (or against none).
func (x *execution) failed(s outcome.Spec) bool {
	return s.State == outcome.Failed && !outcome.Judge(outcome.Run{Specs: []outcome.Spec{s}}, x.waivers).SpecWaived(0)
}

// failFastReason is what --fail-fast tells of the specs it kept from
// running or ending.
const failFastReason = "--fail-fast stopped the run at the first failure"
