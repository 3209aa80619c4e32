package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// Selection by coverage (-select=coverage, the default): a mutant is run
// with the specs whose execution covers its operator, not the whole suite.
//
// The baseline runs each configuration (the default run and one per
// personality, runArgs) with ndkconform run's hidden --cover-per-spec DIR,
// in a binary built with -cover -covermode=atomic: each test process
// writes its coverage counters into DIR/ID when a spec ends (ID: the
// spec's short ID, which --spec takes) and clears them; what runs outside
// every spec (the plan process, a process's set-up before its first spec,
// what follows its last) goes to DIR/outside. go tool covdata turns each
// directory into a profile, DIR/ID.txt; a spec's profile is the blocks of
// sim it executed.
//
// A mutant is run, in each configuration, with the specs whose profile of
// that configuration has its block executed: the others execute exactly
// what they execute against the unmutated sim, so they pass as they did
// in the baseline. It is run with the whole suite (no --spec) when the
// block is executed outside the specs (set-up code: its effect can reach
// any spec), when its operator is in no block (a package-level
// declaration, a case expression), or when every spec executes it. A
// configuration none of whose specs execute it is not run (the mutant
// survives it); a mutant no configuration executes is NOT REACHED, as
// before. The spec a spec's goroutines run into after it ended counts
// them (a superset: harmless). What this leaves out is a spec that sees
// the mutant only through state another spec of its test process left
// behind (the specs share a provider per process, and the way the specs
// are split over processes depends on those selected): the test of
// selected against whole-suite verdicts (README.md) looks for that.
//
// -select=all runs every mutant with the whole suite, as before.

// The selection modes (-select).
const (
	selectCoverage = "coverage"
	selectAll      = "all"
)

// coverOutside is the directory of a configuration's counts made outside
// every spec (cmd/ndkconform/coverspec.go's).
const coverOutside = "outside"

// simPkg is the import path of the package mutated.
const simPkg = "github.com/ndkconform/ndkconform/" + simDir

// blockKey is a coverage block of a file: where it starts and ends.
type blockKey struct {
	file           string
	sl, sc, el, ec int
}

// specCoverage is the baseline's coverage of sim spec by spec: for each
// configuration (index of runArgs), which specs executed each block.
type specCoverage struct {
	blocks map[string][]block // file (module-relative) -> every block of sim
	runs   []runCoverage
}

// runCoverage is one configuration's baseline coverage.
type runCoverage struct {
	ids     []string              // the specs it ran, sorted
	outside map[blockKey]bool     // blocks executed outside every spec
	specs   map[blockKey][]string // block -> the specs that executed it, sorted
}

// readRunCoverage reads a configuration's profiles: dir/ID.txt for each
// spec and dir/outside.txt (covdataProfiles writes them).
func readRunCoverage(dir string) (runCoverage, map[string][]block, error) {
	rc := runCoverage{outside: map[blockKey]bool{}, specs: map[blockKey][]string{}}
	var all map[string][]block
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return rc, nil, err
	}
	slices.Sort(names)
	for _, name := range names {
		id := strings.TrimSuffix(filepath.Base(name), ".txt")
		cov, err := readCoverage(name)
		if err != nil {
			return rc, nil, err
		}
		if all == nil {
			all = cov
		}
		if id != coverOutside {
			rc.ids = append(rc.ids, id)
		}
		for file, bs := range cov {
			for _, b := range bs {
				if b.n == 0 {
					continue
				}
				k := blockKey{file, b.sl, b.sc, b.el, b.ec}
				if id == coverOutside {
					rc.outside[k] = true
				} else {
					rc.specs[k] = append(rc.specs[k], id) // names are sorted: so is each list
				}
			}
		}
	}
	if len(rc.ids) == 0 {
		return rc, nil, fmt.Errorf("%s: no spec's coverage (ndkconform run --%s wrote none)", dir, "cover-per-spec")
	}
	return rc, all, nil
}

// blockOf is the block that holds m's operator; false when there is none
// to go by (its file is not profiled, it is not in a function, or no block
// holds it: a case expression, whose block starts after the colon).
func (c *specCoverage) blockOf(m *mutant) (blockKey, bool) {
	bs, profiled := c.blocks[m.File]
	if !profiled || m.Func == "" {
		return blockKey{}, false
	}
	for _, b := range bs {
		after := m.Line > b.sl || m.Line == b.sl && m.Col >= b.sc
		before := m.Line < b.el || m.Line == b.el && m.Col < b.ec
		if after && before {
			return blockKey{m.File, b.sl, b.sc, b.el, b.ec}, true
		}
	}
	return blockKey{}, false
}

// specsFor are the specs configuration run runs m with: all (the whole
// suite, no --spec) or ids, sorted; none (all false, ids empty) when no
// spec of it executes m's block.
func (c *specCoverage) specsFor(m *mutant, run int) (ids []string, all bool) {
	k, ok := c.blockOf(m)
	if !ok {
		return nil, true
	}
	rc := c.runs[run]
	if rc.outside[k] {
		return nil, true
	}
	ids = rc.specs[k]
	if len(ids) == len(rc.ids) {
		return nil, true
	}
	return ids, false
}

// reached: some configuration executes m's block (or there is no block to
// go by).
func (c *specCoverage) reached(m *mutant) bool {
	for i := range c.runs {
		if ids, all := c.specsFor(m, i); all || len(ids) > 0 {
			return true
		}
	}
	return false
}

// perSpecRun runs the baseline binary bin (built with -cover
// -covermode=atomic) with args, counting spec by spec into dir: DIR/ID a
// spec, DIR/outside the rest (GOCOVERDIR). It returns the run's output.
func perSpecRun(base, bin string, args []string, dir string) ([]byte, error) {
	outside := filepath.Join(dir, coverOutside)
	if err := os.MkdirAll(outside, 0o755); err != nil {
		return nil, err
	}
	cmd := command(rootCtx, base, bin, append(slices.Clone(args), "--cover-per-spec", dir)...)
	cmd.Env = append(os.Environ(), "GOCOVERDIR="+outside)
	return cmd.CombinedOutput()
}

// summary says how the mutants of ms are selected in the default run.
func (c *specCoverage) summary(ms []*mutant) string {
	all, none := 0, 0
	var sizes []int
	for _, m := range ms {
		ids, whole := c.specsFor(m, 0)
		switch {
		case whole:
			all++
		case len(ids) == 0:
			none++
		default:
			sizes = append(sizes, len(ids))
		}
	}
	slices.Sort(sizes)
	med := 0
	if len(sizes) > 0 {
		med = sizes[len(sizes)/2]
	}
	return fmt.Sprintf("specs by coverage, default run: %d of %d mutants the whole suite (block run outside the specs, in no block, or by every spec), %d none (only a personality's specs run it), %d a median of %d of the %d specs",
		all, len(ms), none, len(sizes), med, len(c.runs[0].ids))
}

// specArgs are the ndkconform run arguments that select ids.
func specArgs(ids []string) []string {
	args := make([]string, 0, 2*len(ids))
	for _, id := range ids {
		args = append(args, "--spec", id)
	}
	return args
}

// covdataProfiles turns every directory of counts under each of dirs (the
// configurations', DIR/ID and DIR/outside) into its text profile of sim,
// DIR/ID.txt, jobs (or as many as the CPUs) at a time.
func covdataProfiles(base string, dirs []string, jobs int) error {
	tool := covdataCommand(base)
	var todo []string
	for _, dir := range dirs {
		ents, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, e := range ents {
			if e.IsDir() {
				todo = append(todo, filepath.Join(dir, e.Name()))
			}
		}
	}
	queue := make(chan string)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	for range max(1, jobs, runtime.NumCPU()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for d := range queue {
				args := append(slices.Clone(tool[1:]), "textfmt", "-i", d, "-pkg", simPkg, "-o", d+".txt")
				if out, err := command(rootCtx, base, tool[0], args...).CombinedOutput(); err != nil {
					mu.Lock()
					errs = append(errs, fmt.Errorf("covdata %s: %v\n%s", d, err, out))
					mu.Unlock()
				}
			}
		}()
	}
	for _, d := range todo {
		queue <- d
	}
	close(queue)
	wg.Wait()
	return errors.Join(errs...)
}

// covdataCommand is the command that runs go tool covdata: the tool's own
// binary when go tool -n names one (a few milliseconds a run, against the
// go command's hundred or more), else go tool covdata.
func covdataCommand(base string) []string {
	out, err := command(rootCtx, base, "go", "tool", "-n", "covdata").Output()
	if err == nil {
		sc := bufio.NewScanner(strings.NewReader(string(out)))
		if sc.Scan() {
			if p := strings.TrimSpace(sc.Text()); p != "" && !strings.Contains(p, " ") {
				if _, err := exec.LookPath(p); err == nil {
					return []string{p}
				}
			}
		}
	}
	return []string{"go", "tool", "covdata"}
}
