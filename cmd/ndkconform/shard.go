package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
	"github.com/onsi/ginkgo/v2/types"
)

// A run can be split over several child processes, each running a share
// of the selected specs at the same time (--parallel): the specs are
// independent of one another, each opens its own adapters, and most of a
// spec's time is spent waiting for something that must not happen.
// execute deals the selected specs out to the shares (assignShares), runs
// one child per share and merges what they report (mergeShares).

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

// mergeShares builds the report of a run from its shares, in the order of
// the plan, as one process would have run it: the same specs, states,
// failures and verdicts, only the times differ. It returns the report with
// the waivers applied, and the exit status of a run cut short (else 0).
// failFast: --fail-fast stopped the children after the first failure.
func mergeShares(x *execution, shares []*share, sig os.Signal, stop string, start time.Time, wall time.Duration, stderr io.Writer) (reports.Run, int) {
	failFast := stop != "" // the parent stopped the run (--fail-fast, a lost provider): stop says why
	plan := x.plan
	meta := x.meta
	meta.Start, meta.End = start, start.Add(wall)
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
		var code *int
		for _, r := range recs {
			switch {
			case r.Event == suite.ProgressMeta && meta.Adapter == (ndk.AdapterInfo{}):
				applyMeta(&meta, r)
			case r.Event == suite.ProgressResult && r.Result != nil:
				res = r.Result
			case r.Event == suite.ProgressExit:
				code = r.Code
			}
		}
		if res == nil && code != nil && *code == exitUsage && !failFast {
			// the child refused the configuration the parent accepted
			// (an adapter gone in between): what it said is on stderr
			crashes = append(crashes, fmt.Sprintf("process %d of %d refused the run's configuration (see its error above)", sh.k+1, len(shares)))
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
		switch {
		case end.crash != "":
			fmt.Fprintf(stderr, "\n%s: %s\n", tool, processMsg(sh, len(shares), msg))
			crashes = append(crashes, processMsg(sh, len(shares), msg)+" (the specs after it did not run)")
		case failFast:
			// stopped by the parent: its specs that did not end were not run
		default:
			fmt.Fprintf(stderr, "\n%s: %s\n", tool, processMsg(sh, len(shares), msg))
			if cutShort == "" {
				cutShort, cutStatus = how, status
			}
		}
	}

	// The report in plan order.
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
	if failFast {
		// the children's interrupts were the parent's: the run is not cut
		// short, it failed
		special = slices.DeleteFunc(special, func(f string) bool { return strings.HasPrefix(f, "Interrupted by ") })
		interrupted = false
	}
	desc, sc := suite.GinkgoSuite(x.cfg)
	sc.ParallelTotal = len(shares)
	report := types.Report{
		SuiteDescription:           desc,
		SuiteSucceeded:             succeeded && len(crashes) == 0,
		SuiteConfig:                sc,
		SpecReports:                specs,
		SpecialSuiteFailureReasons: special,
		StartTime:                  start,
		EndTime:                    start.Add(wall),
		RunTime:                    wall,
	}
	for _, sr := range specs {
		if sr.State.Is(types.SpecStateFailureStates) {
			report.SuiteSucceeded = false
		}
	}

	r := reports.FromGinkgo(report, meta)
	for i := range r.Specs {
		s := &r.Specs[i]
		switch {
		case s.State == reports.StateNotRun && diedBeforeKeys[s.Name]:
			s.Failure = diedBefore
		case failFast && s.State == reports.StateNotRun:
			s.Failure = stop + " before this spec started"
		case failFast && s.State == reports.StateInterrupted:
			s.Failure = stop + " while this spec ran"
		}
	}
	r.SuiteFailures = append(r.SuiteFailures, crashes...)
	if !failFast {
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
	}
	if !report.SuiteSucceeded && r.Failed == 0 && len(r.SuiteFailures) == 0 && r.Interrupted == "" && !failFast {
		r.SuiteFailures = append(r.SuiteFailures, "Ginkgo reports the suite failed (see the errors above)")
	}
	r.ApplyWaivers(x.waivers)
	if r.Interrupted == "" {
		cutStatus = 0
	}
	return r, cutStatus
}

// processMsg is msg about the child of sh, naming it when there are
// several.
func processMsg(sh *share, n int, msg string) string {
	if n == 1 {
		return msg
	}
	return fmt.Sprintf("process %d of %d: %s", sh.k+1, n, msg)
}

// runShare is the child's side of a split run: it runs the selected specs
// the parent did not name on standard input, sends every spec's progress
// and then the whole result to the parent (sink), and prints nothing of
// its own: the parent shows and reports the run.
func runShare(cfg suite.Config, sink io.Writer, stdin io.Reader, stderr io.Writer) int {
	var skip []string
	if err := json.NewDecoder(stdin).Decode(&skip); err != nil {
		fmt.Fprintf(stderr, "%s: standard input holds no list of the specs to leave to the other processes: %v\n", tool, err)
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
