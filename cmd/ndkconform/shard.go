package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
	"github.com/onsi/ginkgo/v2/reporters"
	"github.com/onsi/ginkgo/v2/types"
)

// A run can be split over several child processes, each running a share
// of the selected specs at the same time (--parallel): the specs are
// independent of one another, each opens its own adapters, and most of a
// spec's time is spent waiting for something that must not happen. The
// parent takes the plan of the run (suite.Plan), deals the selected specs
// out to the shares, runs one child per share (`run` with the same flags;
// envShard says which share, its standard input which specs to leave to
// the others) and merges what they report into one report of the run, in
// the order of the plan: the same specs, states, failures and verdicts as
// the run in one process, only the times differ. The progress is shown by
// Ginkgo's own reporter in the parent, fed the specs as they end.
//
// A child that dies fails (a crash) or interrupts the spec it was running
// and leaves the rest of its share not run; the other shares go on. A
// signal to the parent is passed on to every child.
const envShard = "NDKCONFORM_SHARD" // "K/N": the child runs share K of N

// parallelFlag is --parallel: a number of processes, 1 or more; 0 means
// not given.
type parallelFlag int

func (p *parallelFlag) String() string {
	if *p == 0 {
		return ""
	}
	return strconv.Itoa(int(*p))
}

func (p *parallelFlag) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 {
		return fmt.Errorf("want a number of processes, 1 or more")
	}
	*p = parallelFlag(n)
	return nil
}

// shareCount is how many processes a run of cfg is split over: --parallel,
// or what the driver suggests (ndk.ConcurrentRunner), or 1.
func shareCount(cfg suite.Config, o *runOptions) int {
	if o.parallel > 0 {
		return int(o.parallel)
	}
	name := cfg.Driver
	if name == "" {
		name = suite.DefaultDriver
	}
	d, err := ndk.Lookup(name)
	if err != nil {
		return 1 // the child reports the unknown driver
	}
	if cr, ok := d.(ndk.ConcurrentRunner); ok {
		return max(1, cr.ConcurrentRuns())
	}
	return 1
}

// specWeight is how long a spec is expected to take, in units of an
// ordinary spec: a spec that waits out a provider's time-out or takes a
// whole port range says so with a Ginkgo SpecPriority, which also runs it
// early.
func specWeight(sr types.SpecReport) int {
	return 1 + 3*max(0, sr.SpecPriority)
}

// assignShares deals the specs plan selects (state passed) out to at most
// n shares, each in plan order: the heaviest first (specWeight, then plan
// order), each to the share with the least weight so far (the first of
// those). Specs of the same full text go to the same share (a child leaves
// the others' specs by their text). It depends only on the plan and n, so
// a run with the same seed and filters is split the same way again.
func assignShares(plan []types.SpecReport, n int) [][]types.SpecReport {
	type group struct {
		first, weight int
		idx           []int
	}
	var groups []*group
	byText := map[string]*group{}
	for i, sr := range plan {
		if !sr.State.Is(types.SpecStatePassed) {
			continue
		}
		g := byText[sr.FullText()]
		if g == nil {
			g = &group{first: i}
			byText[sr.FullText()] = g
			groups = append(groups, g)
		}
		g.idx = append(g.idx, i)
		g.weight += specWeight(sr)
	}
	n = min(n, len(groups))
	if n == 0 {
		return nil
	}
	slices.SortStableFunc(groups, func(a, b *group) int { return b.weight - a.weight })
	load := make([]int, n)
	idx := make([][]int, n)
	for _, g := range groups {
		k := 0
		for j := range load {
			if load[j] < load[k] {
				k = j
			}
		}
		load[k] += g.weight
		idx[k] = append(idx[k], g.idx...)
	}
	shares := make([][]types.SpecReport, n)
	for k := range idx {
		slices.Sort(idx[k])
		for _, i := range idx[k] {
			shares[k] = append(shares[k], plan[i])
		}
	}
	return shares
}

// share is one child of a split run.
type share struct {
	k     int
	specs []types.SpecReport // its specs, in plan order
	mine  map[string]bool    // their specKeys
	cmd   *exec.Cmd
	ch    progressChannel
	tail  *tailBuffer
	errs  *lineWriter // its standard error, line by line
	werr  error
}

// superviseShares runs the run of cfg split over n child processes and
// reports it as one run.
func superviseShares(cfg suite.Config, o *runOptions, waivers reports.Waivers, args []string, n int, stdout, stderr io.Writer) int {
	start := time.Now()
	plan, err := suite.Plan(cfg)
	if err != nil {
		return runError(stderr, err)
	}
	shares := assignShares(plan, n)
	if len(shares) < 2 {
		return superviseRun(cfg, o, waivers, args, stdout, stderr)
	}
	// The configuration is checked here once, not by each child.
	p, sideA, sideB, err := suite.Prepare(cfg)
	if err != nil {
		return runError(stderr, err)
	}
	p.Close()
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot run the suite in child processes: %v (set %s=1 to run it in this one)\n", tool, err, envInProcess)
		return exitFail
	}

	// Ginkgo's reporter shows the progress: the specs of every share as
	// they end.
	desc, rc := suite.Reporting(cfg)
	selected := 0
	for _, sr := range plan {
		if sr.State.Is(types.SpecStatePassed) {
			selected++
		}
	}
	rep := reporters.NewDefaultReporter(rc, stdout)
	var repMu sync.Mutex
	suiteConfig := types.SuiteConfig{LabelFilter: cfg.LabelFilter, FocusStrings: suite.GinkgoFocusStrings(cfg), RandomSeed: seedOf(cfg), ParallelTotal: len(shares)}
	rep.SuiteWillBegin(types.Report{SuiteDescription: desc, SuiteConfig: suiteConfig,
		PreRunStats: types.PreRunStats{TotalSpecs: len(plan), SpecsThatWillRun: selected}})
	errs := &lockedWriter{w: stderr}

	sigs := notifyStop()
	attr, unlock := childAttr()
	defer unlock()
	var procs []*os.Process
	var shs []*share
	for k, specs := range shares {
		sh := &share{k: k, specs: specs, mine: map[string]bool{}, tail: &tailBuffer{max: crashTail}, errs: &lineWriter{w: errs}}
		for _, sr := range specs {
			sh.mine[specKey(sr)] = true
		}
		var skip []string
		for j, other := range shares {
			if j != k {
				for _, sr := range other {
					skip = append(skip, sr.FullText())
				}
			}
		}
		in, _ := json.Marshal(skip)
		if sh.ch, err = newProgressChannel(); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", tool, err)
			return exitFail
		}
		defer sh.ch.close()
		sh.ch.watch(func(r suite.ProgressRecord) {
			if r.Event == suite.ProgressEnd && r.Spec != nil && sh.mine[specKey(*r.Spec)] {
				repMu.Lock()
				rep.DidRun(*r.Spec)
				repMu.Unlock()
			}
		})
		sh.cmd = exec.Command(exe, append([]string{"run"}, args...)...)
		sh.cmd.Env = append(childEnv(), fmt.Sprintf("%s=%d/%d", envShard, k, len(shares)))
		sh.ch.attach(sh.cmd)
		sh.cmd.Stdin = bytes.NewReader(in)
		sh.cmd.Stdout = nil // the parent shows the progress
		sh.cmd.Stderr = io.MultiWriter(sh.errs, sh.tail)
		if attr != nil {
			a := *attr
			sh.cmd.SysProcAttr = &a
		}
		if err := sh.cmd.Start(); err != nil {
			signal.Stop(sigs)
			for _, p := range procs {
				p.Kill()
			}
			fmt.Fprintf(stderr, "%s: cannot run the suite in a child process: %v (set %s=1 to run it in this one)\n", tool, err, envInProcess)
			return exitFail
		}
		sh.ch.started()
		procs = append(procs, sh.cmd.Process)
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
	return mergeShares(shs, plan, cfg, o, waivers, args, sideA, sideB, interruptedBy, start, wall, rep, desc, suiteConfig, stdout, stderr)
}

// mergeShares builds the report of a split run from its shares and shows
// and writes it as runSuite does; it returns the exit status.
func mergeShares(shares []*share, plan []types.SpecReport, cfg suite.Config, o *runOptions, waivers reports.Waivers, args []string,
	sideA, sideB ndk.Side, sig os.Signal, start time.Time, wall time.Duration,
	rep *reporters.DefaultReporter, desc string, sc types.SuiteConfig, stdout, stderr io.Writer) int {
	meta := runMeta(cfg, args, start, wall)
	meta.SideA, meta.SideB = sideA, sideB
	ended := map[string][]types.SpecReport{} // specKey -> its report(s), from the share that ran it
	var others []types.SpecReport            // failed nodes outside the specs
	var special []string
	var crashes []string
	diedBeforeKeys := map[string]bool{}
	succeeded := true
	interrupted := false
	cutShort, cutStatus := "", 0
	for _, sh := range shares {
		recs, perr := sh.ch.records()
		if perr != nil {
			fmt.Fprintf(stderr, "%s: reading the progress of process %d: %v\n", tool, sh.k+1, perr)
		}
		var res *suite.ShardResult
		for _, r := range recs {
			switch {
			case r.Event == suite.ProgressMeta && meta.Adapter == (ndk.AdapterInfo{}):
				applyMeta(&meta, r)
			case r.Event == suite.ProgressResult && r.Result != nil:
				res = r.Result
			}
		}
		if res != nil {
			succeeded = succeeded && res.Passed
			interrupted = interrupted || res.Interrupted
			for _, sr := range res.Report.SpecReports {
				switch {
				case sr.LeafNodeType != types.NodeTypeIt:
					if sr.State.Is(types.SpecStateFailureStates) {
						others = append(others, sr)
					}
				case sh.mine[specKey(sr)]:
					ended[specKey(sr)] = append(ended[specKey(sr)], sr)
				}
			}
			for _, s := range res.Report.SpecialSuiteFailureReasons {
				if !slices.Contains(special, s) {
					special = append(special, s)
				}
			}
			continue
		}
		// The child ended before it reported: its share as far as it went.
		succeeded = false
		end := describeEnd(sh.cmd.ProcessState, sh.werr, sh.tail.String())
		specs, during := childSpecs(recs, sh.specs, end, start.Add(wall))
		msg, how, status := describeUnfinished(end, sig, during)
		for _, sr := range specs {
			k := specKey(sr)
			ended[k] = append(ended[k], sr)
			if end.crash != "" && sr.State.Is(types.SpecStateSkipped) && sr.NumAttempts == 0 {
				diedBeforeKeys[sr.FullText()] = true
			}
		}
		fmt.Fprintf(stderr, "\n%s: process %d of %d: %s\n", tool, sh.k+1, len(shares), msg)
		if end.crash != "" {
			crashes = append(crashes, msg+" (the specs after it in its share did not run)")
		} else if cutShort == "" {
			cutShort, cutStatus = how, status
		}
	}

	// The report in plan order, as one process would have run it.
	var specs []types.SpecReport
	for _, sr := range plan {
		k := specKey(sr)
		if sr.State.Is(types.SpecStatePassed) {
			if e := ended[k]; len(e) > 0 {
				specs = append(specs, e[0])
				ended[k] = e[1:]
				continue
			}
			// selected, and no share said anything of it
			sr.State, sr.NumAttempts, sr.Failure = types.SpecStateSkipped, 0, types.Failure{}
		}
		specs = append(specs, sr)
	}
	specs = append(specs, others...)
	report := types.Report{
		SuiteDescription:           desc,
		SuiteSucceeded:             succeeded && len(crashes) == 0,
		SuiteConfig:                sc,
		SpecReports:                specs,
		SpecialSuiteFailureReasons: special,
		StartTime:                  start,
		EndTime:                    start.Add(wall),
		RunTime:                    wall,
		PreRunStats:                types.PreRunStats{TotalSpecs: len(plan), SpecsThatWillRun: len(ended)},
	}
	for _, sr := range specs {
		if sr.State.Is(types.SpecStateFailureStates) {
			report.SuiteSucceeded = false
		}
	}
	rep.SuiteDidEnd(report)

	r := reports.FromGinkgo(report, meta)
	for i := range r.Specs {
		if r.Specs[i].State == reports.StateNotRun && diedBeforeKeys[r.Specs[i].Name] {
			r.Specs[i].Failure = diedBefore
		}
	}
	r.SuiteFailures = append(r.SuiteFailures, crashes...)
	switch {
	case sig != nil && (interrupted || cutShort != ""):
		markCutShort(&r, interruptedBy(sig))
		cutStatus = signalStatus(sig)
	case interrupted:
		markCutShort(&r, "the run was interrupted")
		cutStatus = signalStatus(nil)
	case cutShort != "":
		markCutShort(&r, cutShort)
	}
	if !report.SuiteSucceeded && r.Failed == 0 && len(r.SuiteFailures) == 0 && r.Interrupted == "" {
		r.SuiteFailures = append(r.SuiteFailures, "Ginkgo reports the suite failed (see its output above)")
	}
	r.ApplyWaivers(waivers)
	status := finishRun(r, cfg, o, wall, stdout, stderr)
	if r.Interrupted != "" {
		return cutStatus
	}
	return status
}

func seedOf(cfg suite.Config) int64 {
	if cfg.Seed == 0 {
		return 1
	}
	return cfg.Seed
}

// runShare is the child's side of a split run: it runs the selected specs
// the parent did not name on standard input, sends every spec's progress
// and then the whole result to the parent (sink), and prints nothing of
// its own: the parent shows and reports the run.
func runShare(cfg suite.Config, sink io.Writer, stdin io.Reader, stderr io.Writer) int {
	var skip []string
	if err := json.NewDecoder(stdin).Decode(&skip); err != nil {
		fmt.Fprintf(stderr, "%s: %s is set, but standard input holds no list of the specs to leave to the other processes: %v\n", tool, envShard, err)
		return exitFail
	}
	cfg.Skip = skip
	cfg.Progress = sink
	res, err := suite.Run(&tShim{}, cfg)
	if err != nil {
		return runError(stderr, err)
	}
	sr := suite.ShardResult{Report: res.Report, Passed: res.Passed, Interrupted: res.Interrupted}
	if res.Signal != nil {
		sr.Signal = res.Signal.String()
	}
	suite.WriteProgress(sink, suite.ProgressRecord{Event: suite.ProgressResult, Result: &sr})
	switch {
	case res.Interrupted:
		return signalStatus(res.Signal)
	case !res.Passed:
		return exitFail
	}
	return exitPass
}

// lineWriter passes whole lines on to w, so that the standard errors of
// several children do not mix within a line.
type lineWriter struct {
	mu  sync.Mutex
	w   io.Writer
	buf []byte
}

func (l *lineWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	if i := bytes.LastIndexByte(l.buf, '\n'); i >= 0 {
		l.w.Write(l.buf[:i+1])
		l.buf = append(l.buf[:0], l.buf[i+1:]...)
	}
	return len(p), nil
}

func (l *lineWriter) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buf) > 0 {
		l.w.Write(l.buf)
		l.buf = nil
	}
}
