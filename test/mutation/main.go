// Command mutation measures how much of sim's endpoint, lifetime and
// disconnect code the conformance suite pins down (issue 12, section 4):
// it mutates that code with gremlins' mutators, runs the default suite
// (ndkconform run, built with the mutated sim) against each mutant, and
// prints the score, killed / (mutants - equivalent), and every surviving
// mutant with its diff. `make mutation` runs it; README.md says how and
// what the latest score is.
//
// A mutant is run with the specs whose execution covers its operator in
// the baseline, not the whole suite (selection.go: the others run as
// against the unmutated sim; -select=all runs the whole suite).
//
// gremlins (github.com/go-gremlins/gremlins, from the module proxy) finds
// the mutants: `gremlins unleash --dry-run --output` lists every mutation
// of every operator it knows (all eleven mutator types) by file, line,
// column and type. gremlins cannot run them itself the way the suite needs:
// it runs `go test` on the mutated package (sim's own unit tests) and
// classifies by their coverage. So this command applies each mutation to
// a copy of the tree, builds cmd/ndkconform there and runs the suite; the
// suite failing (exit status 1, or 2: a mutant that breaks the driver's
// options is bad usage) kills the mutant.
//
// Not every mutant is run:
//   - one whose operator is evaluated only when sim runs as a broken
//     variant (inside `if f.variant == VariantX`, right of `f.variant ==
//     VariantX &&`, ...; see variantGuard) is equivalent for the conforming
//     provider and is counted as such, never run;
//   - one whose statement the unmutated suite never executes (the baseline
//     run is built with -cover) cannot change what the suite sees: it is a
//     survivor, NOT REACHED, without a run (-run-unreached runs them).
//
// A mutant that survives the default run (sim's default completion
// personality, deferred) is run again under each of -personalities: the
// inline and reentrant personalities, and sim as an adapter that lacks or
// has each capability the default does not (defaultPersonas): code that
// only those runs reach, or a difference only they expose, is behaviour a
// consumer of such a provider would see. Only survivors pay for it.
//
// Survivors that no NDKPI consumer could tell apart from sim are listed in
// equivalent.txt with the reason; the score leaves them out. An entry that
// matches no mutant, or whose mutant was killed, is reported as stale.
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// gremlins is the mutation-testing tool that finds the mutants.
const gremlins = "github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0"

// The mutator types passed to gremlins: all of them.
var mutatorFlags = []string{
	"--arithmetic-base", "--conditionals-boundary", "--conditionals-negation",
	"--increment-decrement", "--invert-assignments", "--invert-bitwise",
	"--invert-bwassign", "--invert-logical", "--invert-loopctrl",
	"--invert-negatives", "--remove-self-assignments",
}

// simDir is the package mutated.
const simDir = "drivers/sim"

// scope is what is mutated: sim's endpoint, lifetime and disconnect code.
// README.md's "Mutation score" lists the files and why.
type scope struct {
	all     bool                       // every non-test Go file of sim
	files   map[string]bool            // else these
	exclude map[string]map[string]bool // file -> functions left out
	only    map[string]map[string]bool // file -> the only functions mutated
}

var simScope = scope{
	files: map[string]bool{
		"drivers/sim/adapter.go":    true, // adapter close, the generic create, the create calls of the endpoint objects
		"drivers/sim/connector.go":  true, // connect, accept, complete-connect, reject, connection data, connector close
		"drivers/sim/disconnect.go": true, // the disconnect scheme, CM messages, indications, host faults
		"drivers/sim/fabric.go":     true, // hosts, address and port bookkeeping, callback dispatch and completions
		"drivers/sim/listener.go":   true, // listen, pause, listener and shared-endpoint close
		"drivers/sim/object.go":     true, // object tree, close, the close completion
		"drivers/sim/driver.go":     true, // the provider: adapter open, sides, declared timeouts
		"drivers/sim/qp.go":         true, // only the QP's lifetime hooks and its peer link (below)
	},
	exclude: map[string]map[string]bool{
		// memory (LAMs and memory tokens) and the CQ's parameters
		"drivers/sim/adapter.go": {"(*adapter).CreateCQ": true, "(*adapter).BuildLAM": true, "(*adapter).buildLAMLocked": true,
			"(*adapter).ReleaseLAM": true, "(*adapter).newTokenLocked": true, "(*adapter).dropTokenLocked": true},
		// CQ and SRQ notifications; the adapter info's limits (memory and data
		// path; its endpoint limits have no operator)
		"drivers/sim/fabric.go": {"(*fabric).notifyLocked": true, "adapterInfo": true},
		// option parsing: the default run passes no option
		"drivers/sim/driver.go": optionParsing,
	},
	only: map[string]map[string]bool{
		"drivers/sim/qp.go": {"(*qp).peerLocked": true, "(*qp).linkPeerLocked": true,
			"(*qp).beginCloseLocked": true, "(*qp).releaseLocked": true, "(*qp).closedLocked": true},
	},
}

// allScope is every file of sim (issue 28): the CQs, QPs, SRQs, the data
// path, memory and DMA besides simScope's; left out are the option parsing
// (the default run passes no option) and the files of the broken variants
// (variants*.go: code only a variant runs, or the guards that switch a
// variant on, whose mutants break the conforming sim by design).
var allScope = scope{
	all: true,
	exclude: map[string]map[string]bool{
		"drivers/sim/driver.go": optionParsing,
	},
}

// optionParsing are the functions of driver.go that parse and list sim's
// options.
var optionParsing = map[string]bool{"init": true, "Driver.Options": true, "Driver.Open": true, "variantNames": true,
	"ParseOptions": true, "parsingDriver.ParseOptions": true}

// scopes are -scope's values.
var scopes = map[string]scope{"all": allScope, "endpoints": simScope}

func (s scope) file(rel string) bool {
	if s.all {
		base := filepath.Base(rel)
		return filepath.Dir(rel) == simDir && strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") &&
			!strings.HasPrefix(base, "variants")
	}
	return s.files[rel]
}

func (s scope) fn(rel, fn string) bool {
	if o := s.only[rel]; o != nil {
		return o[fn]
	}
	return !s.exclude[rel][fn]
}

func main() {
	os.Exit(run())
}

type options struct {
	jobs         int
	timeout      time.Duration
	only         *regexp.Regexp
	list         bool
	runUnreached bool
	minScore     float64
	out          string
	keep         bool
	equivPath    string
	interrupted  int // mutants left unrun by SIGINT or SIGTERM
	fresh        bool
	personas     []string // completion personalities a default-run survivor is run under too
	scope        scope
	scopeName    string
	changed      string                  // -changed REV: only the mutants on the lines changed since REV
	lines        map[string]map[int]bool // with changed: file -> the lines changed
	max          int                     // with changed: at most this many mutants run, spread evenly
	selectMode   string                  // selectCoverage or selectAll (selection.go)
}

func run() int {
	var o options
	var only string
	flag.IntVar(&o.jobs, "j", 2, "mutants run at once (each in its own copy of the tree)")
	flag.DurationVar(&o.timeout, "timeout", 0, "bound on one mutant's build and run (0: 3 x the baseline run + 60s)")
	flag.StringVar(&only, "only", "", "run only the mutants whose ID (file:line:col TYPE) matches this regexp")
	flag.BoolVar(&o.list, "list", false, "list the mutants and their classification, run none")
	flag.BoolVar(&o.runUnreached, "run-unreached", false, "run the mutants the baseline never reaches too")
	flag.Float64Var(&o.minScore, "min-score", 90, "exit 1 when the score (percent) is below this")
	flag.StringVar(&o.out, "out", "out/mutation", "directory of the report (report.txt) and the survivors' run logs")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary copies of the tree")
	flag.BoolVar(&o.fresh, "fresh", false, "run every mutant (with -only: every selected one) again, not reusing the results of a run of the same tree")
	flag.BoolFunc("no-fail-fast", "run the whole suite against a mutant even after a spec failed", func(string) error {
		failFast = false
		return nil
	})
	flag.StringVar(&o.scopeName, "scope", "all", "what is mutated: all (every file of sim) or endpoints (its endpoint, lifetime and disconnect code)")
	flag.StringVar(&o.changed, "changed", "", "only the mutants on the lines of sim changed since this git revision (e.g. HEAD~1): the mutants of a change")
	flag.IntVar(&o.max, "max", 0, "with -changed: run at most this many of the change's mutants, spread evenly over them (0: all)")
	flag.StringVar(&o.equivPath, "equivalent", "test/mutation/equivalent.txt", "the equivalent mutants")
	flag.StringVar(&o.selectMode, "select", selectCoverage, "the specs a mutant is run with: coverage (those whose execution in the baseline covers its block, per personality) or all (the whole suite)")
	personas := flag.String("personalities", defaultPersonas, "sim completion personalities, or sim options KEY=VALUE (comma-separated), a mutant that survives the default run is run under too; empty: the default run only")
	flag.Parse()
	for _, p := range strings.Split(*personas, ",") {
		if p = strings.TrimSpace(p); p != "" {
			o.personas = append(o.personas, p)
		}
	}
	if only != "" {
		re, err := regexp.Compile(only)
		if err != nil {
			fmt.Fprintf(os.Stderr, "mutation: -only: %v\n", err)
			return 2
		}
		o.only = re
	}
	sc, ok := scopes[o.scopeName]
	if !ok {
		fmt.Fprintf(os.Stderr, "mutation: -scope %q: want all or endpoints\n", o.scopeName)
		return 2
	}
	o.scope = sc
	if o.selectMode != selectCoverage && o.selectMode != selectAll {
		fmt.Fprintf(os.Stderr, "mutation: -select %q: want coverage or all\n", o.selectMode)
		return 2
	}
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "mutation: unexpected arguments %q\n", flag.Args())
		return 2
	}
	root, err := gitRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutation:", err)
		return 2
	}
	if err := os.Chdir(root); err != nil {
		fmt.Fprintln(os.Stderr, "mutation:", err)
		return 2
	}
	if o.changed != "" {
		lines, err := changedLines(root, o.changed, o.scope)
		if err != nil {
			fmt.Fprintln(os.Stderr, "mutation: -changed:", err)
			return 2
		}
		if len(lines) == 0 {
			fmt.Printf("mutation: no line of sim's code in scope changed since %s: no mutant to run\n", o.changed)
			return 0
		}
		o.lines = lines
	}
	code, err := mutate(root, o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutation:", err)
		return 2
	}
	return code
}

// rootCtx ends on SIGINT or SIGTERM: every build and run is killed.
var rootCtx = context.Background()

func mutate(root string, o options) (int, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rootCtx = ctx
	start := time.Now()
	tmp, err := os.MkdirTemp("", "ndkconform-mutation-")
	if err != nil {
		return 0, err
	}
	if o.keep {
		logf("temporary copies in %s", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	files, err := treeFiles(root)
	if err != nil {
		return 0, err
	}
	eqs, err := readEquivalents(filepath.Join(root, o.equivPath))
	if err != nil {
		return 0, err
	}

	// The mutants: gremlins, dry run, over a copy of the tree without
	// sim's tests (its dry run gathers coverage from them first; their
	// coverage says nothing about the suite's).
	logf("finding mutants with %s", gremlins)
	enum := filepath.Join(tmp, "enum")
	if err := copyTree(root, enum, files, func(rel string) bool {
		return !(filepath.Dir(rel) == simDir && strings.HasSuffix(rel, "_test.go"))
	}); err != nil {
		return 0, err
	}
	reportPath := filepath.Join(tmp, "gremlins.json")
	args := append([]string{"run", gremlins, "unleash", "--dry-run", "--output", reportPath}, mutatorFlags...)
	args = append(args, simDir)
	if out, err := command(rootCtx, enum, "go", args...).CombinedOutput(); err != nil {
		return 0, fmt.Errorf("gremlins: %v\n%s", err, tail(out, 20))
	}
	report, err := os.ReadFile(reportPath)
	if err != nil {
		return 0, err
	}
	ms, err := readMutants(report, root, simDir, o.scope)
	if err != nil {
		return 0, err
	}
	if o.lines != nil {
		ms = slices.DeleteFunc(ms, func(m *mutant) bool { return !o.lines[m.File][m.Line] })
		logf("-changed %s: %d mutants on the lines changed", o.changed, len(ms))
		if len(ms) == 0 {
			// Lines changed (a comment, say) but none a mutator
			// changes: nothing to score, as when no line changed.
			fmt.Printf("mutation: no mutant on the lines of sim changed since %s: no mutant to run\n", o.changed)
			return 0, nil
		}
		if o.max > 0 && len(ms) > o.max {
			ms = spread(ms, o.max)
			logf("-max %d: %d of them, spread evenly over the change", o.max, len(ms))
		}
	}
	matchEquivalents(eqs, ms)

	// The baseline: the unmutated suite must pass; its time bounds a
	// mutant's run, its coverage says which mutants it can reach.
	logf("baseline: the whole suite against the unmutated sim, built with -cover")
	base := filepath.Join(tmp, "base")
	if err := copyTree(root, base, files, nil); err != nil {
		return 0, err
	}
	covDir := filepath.Join(tmp, "cover")
	if err := os.MkdirAll(covDir, 0o755); err != nil {
		return 0, err
	}
	bin := filepath.Join(tmp, "base-ndkconform")
	build := []string{"build", "-cover", "-coverpkg=./" + simDir + ",./cmd/ndkconform", "-o", bin, "./cmd/ndkconform"}
	if o.selectMode == selectCoverage {
		// per-spec counts: the counters are cleared as the run goes
		build = slices.Insert(build, 2, "-covermode=atomic")
	}
	if out, err := command(rootCtx, base, "go", build...).CombinedOutput(); err != nil {
		return 0, fmt.Errorf("building the baseline: %v\n%s", err, out)
	}
	// The default run, then one per personality: each must pass, and
	// each one's coverage counts (a mutant only a personality reaches is
	// reached). With -select=coverage each counts spec by spec, in a
	// directory of its own (selection.go).
	var baseline time.Duration
	var runDirs []string
	for i, args := range runArgs(o.personas) {
		t0 := time.Now()
		var out []byte
		var err error
		if o.selectMode == selectCoverage {
			dir := filepath.Join(covDir, fmt.Sprintf("run%d", i))
			runDirs = append(runDirs, dir)
			out, err = perSpecRun(base, bin, args, dir)
		} else {
			cmd := command(rootCtx, base, bin, args...)
			cmd.Env = append(os.Environ(), "GOCOVERDIR="+covDir)
			out, err = cmd.CombinedOutput()
		}
		if err != nil {
			return 0, fmt.Errorf("the suite fails against the unmutated sim (%s: %v): fix that first\n%s", strings.Join(args, " "), err, tail(out, 30))
		}
		baseline += time.Since(t0)
	}
	var sel *specCoverage
	if o.selectMode == selectCoverage {
		t0 := time.Now()
		if err := covdataProfiles(base, runDirs, o.jobs); err != nil {
			return 0, err
		}
		sel = &specCoverage{}
		for _, dir := range runDirs {
			rc, blocks, err := readRunCoverage(dir)
			if err != nil {
				return 0, err
			}
			sel.runs = append(sel.runs, rc)
			if sel.blocks == nil {
				sel.blocks = blocks
			}
		}
		for _, m := range ms {
			m.Reached = sel.reached(m)
		}
		logf("per-spec coverage read in %s (%d specs in the default run)", time.Since(t0).Round(time.Second), len(sel.runs[0].ids))
	} else {
		prof := filepath.Join(tmp, "cover.txt")
		if out, err := command(rootCtx, base, "go", "tool", "covdata", "textfmt", "-i", covDir, "-o", prof).CombinedOutput(); err != nil {
			return 0, fmt.Errorf("covdata: %v\n%s", err, out)
		}
		cov, err := readCoverage(prof)
		if err != nil {
			return 0, err
		}
		for _, m := range ms {
			m.Reached = cov.reached(m)
		}
	}
	if o.timeout == 0 {
		o.timeout = 3*baseline + 60*time.Second
	}
	logf("baseline passed in %s (the default run and %d personalities: %s); a mutant's bound is %s", baseline.Round(time.Second),
		len(o.personas), strings.Join(o.personas, ", "), o.timeout.Round(time.Second))

	// Classify, then run.
	tree := treeHash(root, files, o.personas, o.selectMode)
	logf("tree %s", tree)
	resultsPath := filepath.Join(o.outDir(root), "results.jsonl")
	cached := map[string]result{}
	if !o.fresh || o.only != nil {
		cached = readResults(resultsPath, tree)
	}
	var todo []*mutant
	reused := 0
	for _, m := range ms {
		selected := o.only == nil || o.only.MatchString(m.ID())
		if r, ok := cached[m.resultKey()]; ok && m.Variant == "" && (m.Reached || o.runUnreached) && !(o.fresh && selected) {
			m.Status, m.Exit, m.Duration, m.Tail, m.Skips = r.Status, r.Exit, r.Duration, r.Tail, r.Skips
			reused++
			continue
		}
		switch {
		case m.Variant != "":
			m.Status = stVariantOnly
		case !m.Reached && !o.runUnreached:
			m.Status = stNotReached
		case o.only != nil && !o.only.MatchString(m.ID()):
			m.Status = "" // not selected
		default:
			todo = append(todo, m)
		}
	}
	if o.list {
		for _, m := range ms {
			st := m.Status
			if st == "" {
				st = "TO RUN"
			}
			fmt.Printf("%-13s %s %s %s -> %s  %s%s\n", st, m.ID(), funcField(m.Func), m.From, m.To, m.Code, variantNote(m))
		}
		fmt.Printf("%d mutants, %d to run\n", len(ms), len(todo))
		return 0, nil
	}
	logf("%d mutants in scope: %d to run, %d only reached by a broken variant, %d not reached by the suite, %d results reused from %s (-fresh: run them again)",
		len(ms), len(todo), count(ms, stVariantOnly), count(ms, stNotReached), reused, resultsPath)
	if sel != nil && len(todo) > 0 {
		logf("%s", sel.summary(todo))
	}
	if err := os.MkdirAll(filepath.Dir(resultsPath), 0o755); err != nil {
		return 0, err
	}
	resFile, err := os.OpenFile(resultsPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return 0, err
	}
	defer resFile.Close()

	if err := os.MkdirAll(filepath.Join(o.outDir(root), "logs"), 0o755); err != nil {
		return 0, err
	}
	queue := make(chan *mutant)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	var firstErr error
	for w := 1; w <= o.jobs; w++ {
		dir := filepath.Join(tmp, fmt.Sprintf("w%d", w))
		if err := copyTree(root, dir, files, nil); err != nil {
			return 0, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range queue {
				err := runMutant(dir, m, o.timeout, o.personas, sel, filepath.Join(o.outDir(root), "logs"))
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					continue
				}
				writeResult(resFile, tree, m)
				done++
				logf("[%d/%d] %-13s %s (%.0fs)%s%s", done, len(todo), m.Status, m.ID(), m.Duration, equivNote(m), firstLine(m))
				mu.Unlock()
			}
		}()
	}
	for _, m := range todo {
		if rootCtx.Err() != nil {
			break
		}
		queue <- m
	}
	close(queue)
	wg.Wait()
	interrupted := rootCtx.Err() != nil
	if firstErr != nil && !interrupted {
		return 0, firstErr
	}
	if interrupted {
		o.interrupted = countIn(todo, "")
	}

	var rep bytes.Buffer
	code := summarize(&rep, root, ms, eqs, o, time.Since(start), baseline)
	os.Stdout.Write(rep.Bytes())
	if o.interrupted > 0 {
		return 130, nil
	}
	if !o.partial() {
		if err := os.WriteFile(filepath.Join(o.outDir(root), "report.txt"), rep.Bytes(), 0o644); err != nil {
			return 0, err
		}
	}
	return code, nil
}

// runArgs are the ndkconform run arguments of the default run and of one
// run per personality, in order. A mutant is killed by a failed run,
// however short the failing model sequence it shows: the model specs
// shrink it for a second at most.
func runArgs(personas []string) [][]string {
	out := [][]string{{"run", "--model-shrink-time", "1s"}}
	for _, p := range personas {
		opt := "completion=" + p
		if strings.Contains(p, "=") {
			opt = p // a capability option: an adapter that lacks (or has) what the default does not
		}
		out = append(out, []string{"run", "--model-shrink-time", "1s", "--driver-opt", opt})
	}
	return out
}

// defaultPersonas are the runs a survivor of the default run gets: sim's
// two other completion personalities, then sim as an adapter that lacks
// (or has) each capability the default does not (the configurations the
// self-test certifies sim in, one option at a time): code only such an
// adapter runs (NdkResizeCq without CQ_RESIZE_SUPPORTED, an adapter
// without SRQs, NDKPI 1.1, ...) is killed there or nowhere.
const defaultPersonas = "inline,reentrant,interrupt-moderation=on,read-sink-not-required=on,read-local-invalidate=on,max-srq-depth=0," +
	"max-inline-data=0,in-order-dma=off,cq-resize=off,loopback=off,version=1.1,max-sge=1"

// runMutant applies m in the copy dir, builds ndkconform and runs the suite:
// the default run, then, while m survives, one run per personality. With
// sel (-select=coverage) each run has only the specs sel selects for it,
// and a run with none is not made (m survives it).
func runMutant(dir string, m *mutant, bound time.Duration, personas []string, sel *specCoverage, logs string) error {
	path := filepath.Join(dir, m.File)
	orig, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, m.apply(orig), 0o644); err != nil {
		return err
	}
	defer os.WriteFile(path, orig, 0o644)

	t0 := time.Now()
	ctx, cancel := context.WithTimeout(rootCtx, bound)
	defer cancel()
	bin := filepath.Join(dir, "ndkconform.mutant")
	var out bytes.Buffer
	b := command(ctx, dir, "go", "build", "-o", bin, "./cmd/ndkconform")
	b.Stdout, b.Stderr = &out, &out
	if err := b.Run(); err != nil {
		m.Duration = time.Since(t0).Seconds()
		if rootCtx.Err() != nil {
			return errors.New("interrupted")
		}
		if ctx.Err() != nil {
			m.Status = stTimedOut
		} else {
			m.Status, m.Exit = stCompile, exitCode(err)
		}
		m.Tail = string(tail(out.Bytes(), 10))
		return nil
	}
	var logBuf bytes.Buffer
	report := filepath.Join(dir, "report.json")
	for i, args := range runArgs(personas) {
		under := ""
		if len(args) > 1 {
			under = "(" + strings.Join(args[1:], " ") + ") "
		}
		if sel != nil {
			ids, all := sel.specsFor(m, i)
			if !all && len(ids) == 0 {
				// it runs as against the unmutated sim, and passes
				m.Status = stSurvived
				fmt.Fprintf(&logBuf, "=== ndkconform %s: not run, none of its specs executes the mutant's block\n", strings.Join(args, " "))
				continue
			}
			if !all {
				args = append(slices.Clone(args), specArgs(ids)...)
			}
		}
		out.Reset()
		// The first failed spec is the suite's verdict (ndkconform run then
		// exits 1 whatever else fails): the run stops there (its
		// --fail-fast) unless -no-fail-fast.
		run := append(slices.Clone(args), "--json-report", report)
		if failFast {
			run = append(run, "--fail-fast")
		}
		os.Remove(report)
		r := command(ctx, dir, bin, run...)
		r.Stdout, r.Stderr = &out, &out
		err = r.Run()
		m.Duration = time.Since(t0).Seconds()
		if rootCtx.Err() != nil {
			return errors.New("interrupted")
		}
		switch {
		case ctx.Err() != nil:
			m.Status = stTimedOut
		case err == nil:
			m.Status = stSurvived
		default:
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				return fmt.Errorf("%s: %v", m.ID(), err)
			}
			m.Status, m.Exit = stKilled, exitCode(err)
			if first := failedSpec(report); first != "" {
				m.Tail = under + first
				return nil
			}
		}
		m.Tail = under + string(tail(out.Bytes(), 6))
		if m.Status != stSurvived {
			return nil
		}
		fmt.Fprintf(&logBuf, "=== ndkconform %s\n", strings.Join(args, " "))
		logBuf.Write(out.Bytes())
		if i == 0 {
			// The default run's skips only: the personalities skip specs
			// the baseline skips too (a pending call they never return).
			m.Skips = skippedSpecs(report)
		}
	}
	m.Duration = time.Since(t0).Seconds()
	name := strings.NewReplacer("/", "_", ":", "_", " ", "_").Replace(m.ID()) + ".log"
	return os.WriteFile(filepath.Join(logs, name), logBuf.Bytes(), 0o644)
}

// failFast: a mutant's run stops at its first failed spec.
var failFast = true

// failedSpec is the first failed spec of a run's JSON report, as the
// results and the log give it ("• [FAILED] ID" and its name on the next
// line: firstLine), or "" when none failed (the run failed otherwise: bad
// usage, a refused configuration).
func failedSpec(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	var rep struct {
		Specs []struct {
			ID    string `json:"id"`
			Name  string `json:"name"`
			State string `json:"state"`
		} `json:"specs"`
	}
	if json.Unmarshal(data, &rep) != nil {
		return ""
	}
	for _, sp := range rep.Specs {
		if sp.State == "failed" {
			return "• [FAILED] " + sp.ID + "\n" + sp.Name
		}
	}
	return ""
}

func summarize(w io.Writer, root string, ms []*mutant, eqs []*equivalent, o options, wall, baseline time.Duration) int {
	srcs := map[string][]byte{}
	src := func(rel string) []byte {
		if srcs[rel] == nil {
			srcs[rel], _ = os.ReadFile(filepath.Join(root, rel))
		}
		return srcs[rel]
	}
	var survivors, equivSurvivors []*mutant
	var stale []string
	for _, m := range ms {
		if m.Status != stSurvived && m.Status != stNotReached {
			continue
		}
		if m.Equiv != nil {
			equivSurvivors = append(equivSurvivors, m)
		} else {
			survivors = append(survivors, m)
		}
	}
	for _, e := range eqs {
		if len(e.matched) == 0 && !o.partial() && o.interrupted == 0 && (o.scope.all || o.scope.file(e.File)) {
			stale = append(stale, fmt.Sprintf("%s:%d: matches no mutant: %s", o.equivPath, e.Line, e.key()))
			continue
		}
		for _, m := range e.matched {
			switch m.Status {
			case stKilled, stCompile, stTimedOut:
				stale = append(stale, fmt.Sprintf("%s:%d: listed as equivalent, but %s %s (exit %d)", o.equivPath, e.Line, m.ID(), m.Status, m.Exit))
			case stVariantOnly:
				stale = append(stale, fmt.Sprintf("%s:%d: only reached by a broken variant anyway: %s", o.equivPath, e.Line, m.ID()))
			}
		}
	}

	fmt.Fprintf(w, "\n=== surviving mutants (%d, not listed as equivalent)\n\n", len(survivors))
	for _, m := range survivors {
		note := ""
		if m.Status == stNotReached {
			note = " (not reached by the suite: not run)"
		}
		fmt.Fprintf(w, "%s:%d: %s %s%s\n%s", m.File, m.Line, m.Type, funcField(m.Func), note, indent(m.diff(src(m.File))))
		for _, sk := range m.Skips {
			fmt.Fprintf(w, "    skipped: %s\n", sk)
		}
		fmt.Fprintln(w)
	}
	if len(survivors) > 0 {
		fmt.Fprintf(w, "An equivalent survivor goes into %s with the reason no NDKPI behaviour changes:\n\n", o.equivPath)
		for _, m := range survivors {
			fmt.Fprintln(w, indent(m.entry("TODO")))
		}
	}
	if len(stale) > 0 {
		fmt.Fprintf(w, "=== stale entries of %s (%d)\n\n", o.equivPath, len(stale))
		for _, s := range stale {
			fmt.Fprintln(w, "  "+s)
		}
		fmt.Fprintln(w)
	}

	total := 0
	for _, m := range ms {
		if m.Status != "" {
			total++
		}
	}
	variantOnly := count(ms, stVariantOnly)
	killed, compile, timedOut := count(ms, stKilled), count(ms, stCompile), count(ms, stTimedOut)
	usage := 0
	for _, m := range ms {
		if m.Status == stKilled && m.Exit == 2 {
			usage++
		}
	}
	equiv := len(equivSurvivors)
	denom := total - variantOnly - equiv
	score := 0.0
	if denom > 0 {
		score = 100 * float64(killed+compile+timedOut) / float64(denom)
	}
	persona := ""
	if len(o.personas) > 0 {
		persona = ", survivors again under " + strings.Join(o.personas, ", ")
	}
	specs := "the specs covering it"
	if o.selectMode == selectAll {
		specs = "the whole default suite"
	}
	fmt.Fprintf(w, "=== mutation score of %s, scope %s (gremlins v0.6.0 mutators, %s per mutant%s)\n\n", simDir, o.scopeName, specs, persona)
	fmt.Fprintf(w, "  mutants                     %4d  (and %d of gremlins' not viable, left out: address-of & made |)\n", total, notViable)
	fmt.Fprintf(w, "  equivalent, variant only    %4d  (evaluated only under a broken variant=; not run)\n", variantOnly)
	fmt.Fprintf(w, "  equivalent, listed          %4d  (%s)\n", equiv, o.equivPath)
	fmt.Fprintf(w, "  killed                      %4d  (the suite failed; %d of them by bad usage, exit 2)\n", killed, usage)
	fmt.Fprintf(w, "  killed by compile error     %4d\n", compile)
	fmt.Fprintf(w, "  killed by time-out          %4d\n", timedOut)
	skipping := 0
	for _, m := range survivors {
		if len(m.Skips) > 0 {
			skipping++
		}
	}
	fmt.Fprintf(w, "  survived                    %4d  (%d of them not reached by the suite, not run; %d made specs skip as not observable)\n", len(survivors), countIn(survivors, stNotReached), skipping)
	fmt.Fprintf(w, "  score                      %5.1f%%  = %d killed / (%d - %d equivalent)\n", score, killed+compile+timedOut, total, variantOnly+equiv)
	fmt.Fprintf(w, "  wall time                  %s (baseline run %s, -j %d)\n", wall.Round(time.Second), baseline.Round(time.Second), o.jobs)
	if o.only != nil {
		fmt.Fprintf(w, "  (only the mutants matching %q were run: the score is of those)\n", o.only)
	}
	if o.lines != nil {
		fmt.Fprintf(w, "  (only the mutants on the lines changed since %s", o.changed)
		if o.max > 0 {
			fmt.Fprintf(w, ", at most %d of them", o.max)
		}
		fmt.Fprintf(w, ": the score is of those)\n")
	}
	writeFileScores(w, ms)
	if o.interrupted > 0 {
		fmt.Fprintf(w, "INTERRUPTED: %d mutants not run; the score is of those that ran\n", o.interrupted)
		return 130
	}
	code := 0
	if score < o.minScore {
		fmt.Fprintf(w, "FAIL: the score is below %.0f%%\n", o.minScore)
		code = 1
	}
	if len(stale) > 0 && !o.partial() {
		fmt.Fprintf(w, "FAIL: %d stale entries in %s\n", len(stale), o.equivPath)
		code = 1
	}
	return code
}

func count(ms []*mutant, st string) int { return countIn(ms, st) }

func countIn(ms []*mutant, st string) int {
	n := 0
	for _, m := range ms {
		if m.Status == st {
			n++
		}
	}
	return n
}

func variantNote(m *mutant) string {
	if m.Variant != "" {
		return "  [" + m.Variant + "]"
	}
	if m.Equiv != nil {
		return "  [listed equivalent]"
	}
	return ""
}

// firstLine: the spec that killed m, when known.
func firstLine(m *mutant) string {
	t, under := m.Tail, ""
	if strings.HasPrefix(t, "(") {
		if i := strings.Index(t, ") "); i > 0 {
			under, t = t[:i+1]+" ", t[i+2:]
		}
	}
	if m.Status != stKilled || !strings.HasPrefix(t, "• [") {
		return ""
	}
	_, spec, _ := strings.Cut(t, "\n")
	if len(spec) > 110 {
		spec = spec[:110] + "..."
	}
	return "  by: " + under + spec
}

func equivNote(m *mutant) string {
	if m.Equiv != nil {
		return " [listed equivalent]"
	}
	return ""
}

func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		b.WriteString("    " + l + "\n")
	}
	return b.String()
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
}

func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return -1
}

func tail(b []byte, n int) []byte {
	lines := bytes.Split(bytes.TrimRight(b, "\n"), []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return bytes.Join(lines, []byte("\n"))
}

func gitRoot() (string, error) {
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", fmt.Errorf("not in the repository: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// treeFiles lists the tree's files as git sees them: tracked and new ones
// (uncommitted edits included), none it ignores.
func treeFiles(root string) ([]string, error) {
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f == "" {
			continue
		}
		if _, err := os.Lstat(filepath.Join(root, f)); errors.Is(err, fs.ErrNotExist) {
			continue // deleted in the work tree
		}
		files = append(files, f)
	}
	sort.Strings(files)
	return files, nil
}

func copyTree(root, dst string, files []string, keep func(string) bool) error {
	for _, f := range files {
		if keep != nil && !keep(f) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return err
		}
		p := filepath.Join(dst, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// coverage is the baseline's coverage profile of sim.
type coverage map[string][]block // file (module-relative) -> blocks executed

type block struct {
	sl, sc, el, ec int
	n              int // times executed
}

func readCoverage(path string) (coverage, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cov := coverage{}
	sc := bufio.NewScanner(f)
	const mod = "github.com/ndkconform/ndkconform/"
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") {
			continue
		}
		// name.go:sl.sc,el.ec stmts count
		var b block
		var stmts, n int
		i := strings.LastIndex(line, ":")
		if i < 0 {
			continue
		}
		if _, err := fmt.Sscanf(line[i+1:], "%d.%d,%d.%d %d %d", &b.sl, &b.sc, &b.el, &b.ec, &stmts, &n); err != nil {
			return nil, fmt.Errorf("%s: %q: %v", path, line, err)
		}
		b.n = n
		name := strings.TrimPrefix(line[:i], mod)
		cov[name] = append(cov[name], b)
	}
	return cov, sc.Err()
}

// reached: the block that holds the mutant's operator was executed. An
// operator outside every block counts as reached: a package-level
// declaration, or a case expression (cover's blocks start after the colon),
// so it is run.
func (c coverage) reached(m *mutant) bool {
	blocks, profiled := c[m.File]
	if !profiled || m.Func == "" {
		return true
	}
	for _, b := range blocks {
		after := m.Line > b.sl || m.Line == b.sl && m.Col >= b.sc
		before := m.Line < b.el || m.Line == b.el && m.Col < b.ec
		if after && before {
			return b.n > 0
		}
	}
	return true
}

func command(ctx context.Context, dir, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	setProcessGroup(cmd)
	return cmd
}

// A result is one mutant's outcome, kept in out/mutation/results.jsonl so
// that a run of the same tree (the same files but for test/mutation/ and
// the Markdown) reuses it: editing equivalent.txt costs no run.
type result struct {
	Tree     string   `json:"tree"`
	Mutant   string   `json:"mutant"` // ID, from and to
	Status   string   `json:"status"`
	Exit     int      `json:"exit"`
	Duration float64  `json:"duration"`
	Tail     string   `json:"tail"`
	Skips    []string `json:"skips,omitempty"`
}

// skippedSpecs reads a run's JSON report: the specs it skipped, with why.
// The suite skips a spec only as not observable; against sim (fault
// injection, every completion path) the baseline skips none, so a skip is
// a survivor's trace: the suite saw something, but a skip is no failure.
func skippedSpecs(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var rep struct {
		Specs []struct {
			Name    string `json:"name"`
			State   string `json:"state"`
			Failure string `json:"failure"`
		} `json:"specs"`
	}
	if json.Unmarshal(data, &rep) != nil {
		return nil
	}
	var out []string
	for _, sp := range rep.Specs {
		if sp.State == "skipped" {
			name := sp.Name
			if len(name) > 100 {
				name = name[:100] + "..."
			}
			out = append(out, name+": "+sp.Failure)
		}
	}
	return out
}

func writeResult(w io.Writer, tree string, m *mutant) {
	b, _ := json.Marshal(result{Tree: tree, Mutant: m.resultKey(), Status: m.Status, Exit: m.Exit, Duration: m.Duration, Tail: m.Tail, Skips: m.Skips})
	w.Write(append(b, '\n'))
}

func readResults(path, tree string) map[string]result {
	out := map[string]result{}
	data, err := os.ReadFile(path)
	if err != nil {
		return out
	}
	for _, l := range bytes.Split(data, []byte("\n")) {
		var r result
		if json.Unmarshal(l, &r) == nil && r.Tree == tree {
			out[r.Mutant] = r
		}
	}
	return out
}

// treeHash identifies the tree a result was measured on: every file but
// test/mutation's and the Markdown, the personalities survivors are run
// under and the selection of the specs a mutant is run with (-select).
func treeHash(root string, files []string, personas []string, selectMode string) string {
	h := sha256.New()
	fmt.Fprintf(h, "personalities %q\n", personas)
	fmt.Fprintf(h, "select %q\n", selectMode)
	for _, f := range files {
		if strings.HasPrefix(f, "test/mutation/") || strings.HasSuffix(f, ".md") {
			continue
		}
		data, _ := os.ReadFile(filepath.Join(root, f))
		fmt.Fprintf(h, "%s %d\n", f, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// partial: the run covers part of the scope (-only, -changed): no stale
// check of the equivalents and no report.txt.
func (o options) partial() bool { return o.only != nil || o.lines != nil }

// writeFileScores writes the score of each file: its mutants, those
// equivalent (variant only or listed), killed, survived, and the score.
func writeFileScores(w io.Writer, ms []*mutant) {
	type tally struct{ total, equiv, killed, survived int }
	per := map[string]*tally{}
	for _, m := range ms {
		if m.Status == "" {
			continue
		}
		t := per[m.File]
		if t == nil {
			t = &tally{}
			per[m.File] = t
		}
		t.total++
		switch {
		case m.Status == stVariantOnly, (m.Status == stSurvived || m.Status == stNotReached) && m.Equiv != nil:
			t.equiv++
		case m.Status == stKilled, m.Status == stCompile, m.Status == stTimedOut:
			t.killed++
		default:
			t.survived++
		}
	}
	fmt.Fprintf(w, "\n  per file                      mutants  equivalent  killed  survived   score\n")
	files := make([]string, 0, len(per))
	for f := range per {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		t := per[f]
		score := "     -"
		if d := t.total - t.equiv; d > 0 {
			score = fmt.Sprintf("%5.1f%%", 100*float64(t.killed)/float64(d))
		}
		fmt.Fprintf(w, "  %-30s %6d  %10d  %6d  %8d  %s\n", strings.TrimPrefix(f, simDir+"/"), t.total, t.equiv, t.killed, t.survived, score)
	}
	fmt.Fprintln(w)
}

// changedLines are the lines of sim's files in scope that the working
// tree changed (added or modified) since git revision rev: file (relative
// to the module root) -> line numbers in the file as it is now.
func changedLines(root, rev string, sc scope) (map[string]map[int]bool, error) {
	out, err := exec.Command("git", "-C", root, "diff", "--no-color", "--no-ext-diff", "-U0", rev, "--", simDir).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("git diff %s: %s", rev, strings.TrimSpace(string(ee.Stderr)))
		}
		return nil, err
	}
	return parseDiffLines(out, sc), nil
}

// hunkHead is a unified diff's hunk header: its new lines' start and count.
var hunkHead = regexp.MustCompile(`^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@`)

// parseDiffLines reads a -U0 unified diff: the lines each file in scope
// has new (a deletion marks the line after it, where the code changed).
func parseDiffLines(diff []byte, sc scope) map[string]map[int]bool {
	lines := map[string]map[int]bool{}
	file := ""
	for _, l := range strings.Split(string(diff), "\n") {
		switch {
		case strings.HasPrefix(l, "+++ "):
			file = ""
			if name, ok := strings.CutPrefix(l, "+++ b/"); ok && sc.file(name) {
				file = name
			}
		case file != "" && strings.HasPrefix(l, "@@ "):
			m := hunkHead.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			start, _ := strconv.Atoi(m[1])
			n := 1
			if m[2] != "" {
				n, _ = strconv.Atoi(m[2])
			}
			if lines[file] == nil {
				lines[file] = map[int]bool{}
			}
			if n == 0 { // lines deleted after line start: the line that follows
				lines[file][start+1] = true
			}
			for i := start; i < start+n; i++ {
				lines[file][i] = true
			}
		}
	}
	return lines
}

// spread returns n of ms (n < len(ms)) spread evenly over them, in order:
// the same n for the same ms.
func spread(ms []*mutant, n int) []*mutant {
	out := make([]*mutant, 0, n)
	for i := range n {
		out = append(out, ms[i*len(ms)/n])
	}
	return out
}

// outDir is -out: relative to the module root, or absolute.
func (o options) outDir(root string) string {
	if filepath.IsAbs(o.out) {
		return o.out
	}
	return filepath.Join(root, o.out)
}
