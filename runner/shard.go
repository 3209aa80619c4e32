package runner

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
)

// A run is split over several child processes, each running a share of
// the selected specs at the same time (Options.Processes): the specs are
// independent of one another, each opens its own adapters, and most of a
// spec's time is spent waiting for something that must not happen.
// execute deals the selected specs out to the shares (assignShares), runs
// one child per share and merges what they report (mergeShares).

// specWeight is how long a spec is expected to take, in units of an
// ordinary spec: a spec that waits out a provider's time-out or takes a
// whole port range says so with a Ginkgo SpecPriority, which also runs it
// early.
func specWeight(s outcome.Spec) int {
	return 1 + 3*max(0, s.Priority)
}

// assignShares deals the specs plan selects (state passed) out to at most
// n shares, each in plan order: the heaviest first (specWeight, then plan
// order), each to the share with the least weight so far (the first of
// those). Specs of the same full text go to the same share (a child leaves
// the others' specs by their text). It depends only on the plan and n, so
// a run with the same seed and filters is split the same way again.
func assignShares(plan []outcome.Spec, n int) [][]outcome.Spec {
	type group struct {
		first, weight int
		idx           []int
	}
	var groups []*group
	byText := map[string]*group{}
	for i, s := range plan {
		if !s.Selected() {
			continue
		}
		g := byText[s.Name]
		if g == nil {
			g = &group{first: i}
			byText[s.Name] = g
			groups = append(groups, g)
		}
		g.idx = append(g.idx, i)
		g.weight += specWeight(s)
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
	shares := make([][]outcome.Spec, n)
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
	specs []outcome.Spec  // its specs, in plan order
	mine  map[string]bool // their specKeys
	*proc
}

// mergeShares builds the report of a run from its shares: each spec's
// outcome as the share that ran it built it, in the order of the plan,
// the specs no share reported as the plan has them (not run, not
// selected). It returns the report with the waivers applied, and the exit
// status of a run cut short (else 0). stop, when not empty, says why the
// parent stopped the run (--fail-fast, a lost provider); faults are the
// parent's harness or lab faults.
func (x *execution) mergeShares(shares []*share, sig os.Signal, stop string, faults []string, start time.Time, wall time.Duration, stderr io.Writer) (reports.Run, int) {
	stopped := stop != ""
	meta := x.meta
	meta.Start, meta.End = start, start.Add(wall)
	ended := map[string]outcome.Spec{} // key -> its outcome, from the share that ran it
	diedBeforeKeys := map[string]bool{}
	var run outcome.Run
	interrupted := false
	cutShort, cutStatus := "", 0
	for _, sh := range shares {
		recs, perr := sh.ch.records()
		if perr != nil {
			fmt.Fprintf(stderr, "%s: reading the progress of process %d: %v\n", x.tool, sh.k+1, perr)
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
		if res == nil && code != nil && *code == exitUsage && !stopped {
			// the child refused the configuration the parent accepted
			// (an adapter gone in between): what it said is on stderr
			run.Faults = append(run.Faults, fmt.Sprintf("process %d of %d refused the run's configuration (see its error above)", sh.k+1, len(shares)))
		}
		if res != nil {
			interrupted = interrupted || res.Interrupted
			for _, s := range res.Run.Specs {
				if sh.mine[s.Key()] && s.Selected() {
					ended[s.Key()] = s
				}
			}
			run.SuiteFailures = appendNew(run.SuiteFailures, res.Run.SuiteFailures...)
			run.Faults = appendNew(run.Faults, res.Run.Faults...)
			continue
		}
		// The child ended before it reported: its share as far as it went.
		end := describeEnd(sh.cmd.ProcessState, sh.werr, sh.tail.String())
		specs, during := childSpecs(recs, end, start.Add(wall))
		msg, how, status := describeUnfinished(end, sig, during)
		for _, s := range specs {
			ended[s.Key()] = s
		}
		switch {
		case end.crash != "":
			fmt.Fprintf(stderr, "\n%s: %s\n", x.tool, processMsg(sh, len(shares), msg))
			run.SuiteFailures = append(run.SuiteFailures, processMsg(sh, len(shares), msg)+" (the specs after it did not run)")
			for _, s := range sh.specs {
				if _, ok := ended[s.Key()]; !ok {
					diedBeforeKeys[s.Key()] = true
				}
			}
		case stopped:
			// stopped by the parent: its specs that did not end were not run
		default:
			fmt.Fprintf(stderr, "\n%s: %s\n", x.tool, processMsg(sh, len(shares), msg))
			if cutShort == "" {
				cutShort, cutStatus = how, status
			}
		}
	}

	// The parent's faults (the loss it saw), unless a child told it.
	for _, f := range faults {
		if !slices.ContainsFunc(run.Faults, func(g string) bool { return strings.HasPrefix(g, "the provider was lost") }) {
			run.Faults = append(run.Faults, f)
		}
	}

	// The concatenation, in plan order.
	for _, p := range x.plan {
		s, ok := ended[p.Key()]
		if !ok {
			s = p
			if s.State == outcome.NotRun && diedBeforeKeys[s.Key()] {
				s.Note = diedBefore
			}
		}
		if stopped {
			switch s.State {
			case outcome.NotRun:
				s.Note = stop + " before this spec started"
			case outcome.Interrupted:
				s.Note = stop + " while this spec ran"
			}
		}
		run.Specs = append(run.Specs, s)
	}
	if x.timedOut {
		// --run-timeout: cut short, no verdict
		run.CutShort(stop)
		cutStatus = ExitRunTimeout
	}
	if !stopped {
		// (after --fail-fast or a lost provider, the children's interrupts
		// were the parent's: the run is not cut short, it failed)
		switch {
		case sig != nil && (interrupted || cutShort != ""):
			run.CutShort(interruptedBy(sig))
			cutStatus = signalStatus(sig)
		case interrupted:
			run.CutShort("the run was interrupted")
			cutStatus = signalStatus(nil)
		case cutShort != "":
			run.CutShort(cutShort)
		}
	}
	r := reports.New(meta, run, x.waivers)
	if r.Interrupted == "" {
		cutStatus = 0
	}
	return r, cutStatus
}

// appendNew appends the items of more that list does not have yet.
func appendNew(list []string, more ...string) []string {
	for _, m := range more {
		if !slices.Contains(list, m) {
			list = append(list, m)
		}
	}
	return list
}

// processMsg is msg about the child of sh, naming it when there are
// several.
func processMsg(sh *share, n int, msg string) string {
	if n == 1 {
		return msg
	}
	return fmt.Sprintf("process %d of %d: %s", sh.k+1, n, msg)
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
