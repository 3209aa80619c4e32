package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/runner"
	"github.com/ndkconform/ndkconform/suite"
)

// runOptions are the flags of the run command.
type runOptions struct {
	cfg          suite.Config
	reportPaths  map[string]*string // format name -> --FORMAT-report
	outDir       string
	repeat       int
	untilItFails bool
	waivers      string
	dryRun       bool
	driverOpts   keyValues
	focus        stringList
	skip         stringList
	runTimeout   time.Duration
	specIDs      stringList
	parallel     parallelFlag
	coverPerSpec string // hidden: coverspec.go
}

func runFlags() (*flag.FlagSet, *runOptions) {
	o := &runOptions{driverOpts: keyValues{}, reportPaths: map[string]*string{}}
	fs := newFlagSet("run")
	c := &o.cfg
	fs.StringVar(&c.Driver, "driver", suite.DefaultDriver, "the `NAME` of the driver to test (see '"+tool+" drivers')")
	fs.Var(o.driverOpts, "driver-opt", "a driver option `KEY=VALUE`; repeat for more options (see '"+tool+" drivers')")
	for _, f := range reports.Formats {
		o.reportPaths[f.Name] = new(string)
		fs.Var(pathFlag{o.reportPaths[f.Name]}, f.Flag, f.Usage)
	}
	fs.Var(pathFlag{&o.outDir}, "out", "write every report into `DIR` (created if need be): "+formatFiles())
	fs.BoolVar(&c.FailFast, "fail-fast", false, "stop the run at the first failed spec (not counting failures waived): the specs left are reported not run")
	fs.Var(positiveInt{&o.repeat}, "repeat", "run the selected specs `N` times, with the same seed, to hunt flaky failures; the summary and reports are those of the first run that failed, else the last; exit status 1 if any run failed")
	fs.BoolVar(&o.untilItFails, "until-it-fails", false, "run the selected specs again and again, with the same seed, until a run fails (at most --repeat N times if given); the summary and reports are those of the failed run")
	fs.Var(pathFlag{&o.waivers}, "waivers", "waive the rules listed in `FILE`, one \"RULE-ID reason\" a line (# comments): their failures show as waived and do not fail the run")
	fs.StringVar(&c.LabelFilter, "label-filter", "", "run only the specs whose labels match `EXPR`, e.g. 'LC-14 || LC-15', 'endpoints && IPv6'; every spec is labelled with the IDs of the rules it checks")
	fs.Var(&o.focus, "focus", "run only the specs whose text matches `REGEX`; repeat to match any of several")
	fs.Var(&o.specIDs, "spec", "run the spec with the short `ID` the summary's rerun lines and the reports give it (as a --focus on its whole text); repeat for several")
	fs.Var(&o.skip, "skip", "do not run the specs whose text matches `REGEX` (matched as --focus is); repeat to match any of several")
	c.Timeout = suite.DefaultTimeout
	fs.Var((*durationFlag)(&c.Timeout), "timeout", "how long to wait for a provider call to return or a completion to come before failing the spec (a `DURATION` such as 10s, 1m); it must be at least 1s longer than the longest wait the provider declares it may take (sim: its disconnect-timeout and connect-timeout; rxe: its disconnect-timeout)")
	fs.Var(addrFlag{addr: &c.SideA.IPv4}, "side-a-ipv4", "side A's IPv4 `ADDR` (default: the driver's)")
	fs.Var(addrFlag{addr: &c.SideA.IPv6, v6: true}, "side-a-ipv6", "side A's IPv6 `ADDR` (default: the driver's)")
	fs.Var(addrFlag{addr: &c.SideB.IPv4}, "side-b-ipv4", "side B's IPv4 `ADDR` (default: the driver's)")
	fs.Var(addrFlag{addr: &c.SideB.IPv6, v6: true}, "side-b-ipv6", "side B's IPv6 `ADDR` (default: the driver's)")
	fs.Var((*durationFlag)(&o.runTimeout), "run-timeout", "stop the run if it takes longer than `DURATION` (as go test -timeout): the console names the spec running and what it waits for, the rest is not run, and the run ends with exit status 124, no verdict")
	fs.BoolVar(&c.Verbose, "verbose", false, "report every spec as it runs")
	fs.BoolVar(&c.Verbose, "v", false, "")
	fs.BoolVar(&c.NoColor, "no-color", false, "no ANSI colours (also when standard output is not a terminal, or NO_COLOR is set)")
	c.Seed = 1
	fs.Var(seedFlag{&c.Seed}, "seed", "the `N` that orders the specs and fixes the model specs' random consumer sequences")
	fs.Var(positiveInt{&c.ModelSequences}, "model-sequences", fmt.Sprintf("how many random consumer sequences each model spec runs (an `N`; default %d)", suite.DefaultModelSequences))
	fs.Var(positiveInt{&c.ModelSteps}, "model-steps", fmt.Sprintf("how many steps a model sequence has on average (an `N`; default %d)", suite.DefaultModelSteps))
	c.ModelShrinkTime = suite.DefaultModelShrinkTime
	fs.Var((*durationFlag)(&c.ModelShrinkTime), "model-shrink-time", "how long a model spec that found a failing sequence searches for a shorter one to report (a `DURATION`); the rules the failure names do not depend on it")
	fs.BoolVar(&o.dryRun, "dry-run", false, "list the selected specs, their IDs and labels, without running them; --json-report writes the plan (every spec, selected or not)")
	fs.Var(&o.parallel, "parallel", "split the selected specs over `N` child processes that run at the same time, with one merged report (default: as many as the driver allows; sim: 16, other drivers: 1, since processes testing the same adapters at once would see one another)")
	fs.StringVar(&o.coverPerSpec, coverPerSpecFlag, "", "hidden (test/mutation): in a binary built with -cover -covermode=atomic, write each spec's coverage counters into `DIR`/ID")
	return fs, o
}

var runFlagOrder = []string{"driver", "driver-opt", "label-filter", "focus", "spec", "skip", "timeout", "run-timeout",
	"side-a-ipv4", "side-a-ipv6", "side-b-ipv4", "side-b-ipv6",
	"junit-report", "json-report", "html-report", "out", "waivers", "parallel", "fail-fast", "repeat", "until-it-fails", "verbose", "no-color", "seed", "model-sequences", "model-steps", "model-shrink-time", "dry-run"}

func runUsage(w io.Writer) {
	fs, _ := runFlags()
	fmt.Fprintf(w, "Usage:\n  %s run [FLAGS]\n\n", tool)
	fmt.Fprintf(w, "Runs the conformance suite against a driver's provider, between an adapter of\n")
	fmt.Fprintf(w, "side A and one of side B, shows the progress, then a summary whose last line\n")
	fmt.Fprintf(w, "counts every state of the selected specs (\"272 passed, 0 failed, 4 not\n")
	fmt.Fprintf(w, "applicable\"). The suite runs in child processes: a provider that crashes it\n")
	fmt.Fprintf(w, "(a panic on a goroutine of its own, a crash in C) fails the spec that was\n")
	fmt.Fprintf(w, "running, and the run reports what ran before and what never started\n")
	fmt.Fprintf(w, "(%s=1 runs the suite in the ndkconform process itself).\n\n", runner.EnvInProcess)
	fmt.Fprintf(w, "While it runs, SIGUSR1 to %s (SIGINFO too, Ctrl-T on a macOS or BSD\n", tool)
	fmt.Fprintf(w, "terminal) prints on standard error, per test process, its share of the\n")
	fmt.Fprintf(w, "specs and how many passed, failed, skipped or are not yet run, the spec it\n")
	fmt.Fprintf(w, "runs (short ID and name) and for how long, and what that spec waits for\n")
	fmt.Fprintf(w, "once it has waited 5s; the run goes on unaffected.\n\nFlags:\n")
	printFlags(w, fs, runFlagOrder, map[string]string{"verbose": "v"})
	fmt.Fprintf(w, "\nExit status: 0 every selected spec passed (or failed only against waived\n")
	fmt.Fprintf(w, "rules); 1 a spec or the suite failed, or a report could not be written where\n")
	fmt.Fprintf(w, "asked (stderr says where it went instead, or that it is lost); 2 bad\n")
	fmt.Fprintf(w, "usage (unknown flag, driver or driver option, driver not usable here, bad\n")
	fmt.Fprintf(w, "address or one the provider opens no adapter for, a --timeout not longer\n")
	fmt.Fprintf(w, "than a wait the provider declares, bad waivers file, a report path that\n")
	fmt.Fprintf(w, "cannot be written, a label filter naming a rule ID not in the catalog) or\n")
	fmt.Fprintf(w, "no spec selected; 3 the harness or the lab failed (a lost agent, a test\n")
	fmt.Fprintf(w, "process that could not start), not the provider: no verdict on it; 130 or\n")
	fmt.Fprintf(w, "143 the run was interrupted by SIGINT or SIGTERM, at any moment up to its\n")
	fmt.Fprintf(w, "last report (before its plan was made: every spec not run),\n")
	fmt.Fprintf(w, "128+N the test process was killed by signal N: the spec that was running\n")
	fmt.Fprintf(w, "is reported interrupted and the rest not run, no verdict on the provider.\n")
}

// tShim is the suite.TestingT of the CLI.
type tShim struct{ failed bool }

func (t *tShim) Fail() { t.failed = true }

// config is the suite configuration the flags give.
func (o *runOptions) config() suite.Config {
	cfg := o.cfg
	if len(o.driverOpts) > 0 {
		cfg.DriverOptions = o.driverOpts
	}
	cfg.Focus = o.focus
	cfg.SkipSpecs = o.skip
	cfg.DryRun = o.dryRun
	return cfg
}

func runCmd(args []string, stdout, stderr io.Writer) int {
	runner.IgnoreProgressSignals() // a SIGUSR1 before the run began does not end it
	fs, o := runFlags()
	if err := parse(fs, args); err != nil {
		if err == errHelp {
			runUsage(stdout)
			return exitPass
		}
		return usageError(stderr, "run", err)
	}
	cfg := o.config()
	color := !cfg.NoColor && os.Getenv("NO_COLOR") == "" && isTerminal(stdout)
	cfg.NoColor = !color
	waivers, err := readWaivers(o.waivers)
	if err != nil {
		return usageError(stderr, "run", err)
	}
	if err := checkLabelRules(cfg.LabelFilter); err != nil {
		return usageError(stderr, "run", err)
	}
	if len(o.specIDs) > 0 {
		focus, err := focusSpecIDs(o.specIDs)
		if err != nil {
			return usageError(stderr, "run", err)
		}
		cfg.Focus = append(cfg.Focus, focus...)
	}
	if err := o.checkRepeat(); err != nil {
		return usageError(stderr, "run", err)
	}
	outs, err := o.outputs()
	if err == nil && o.dryRun {
		outs = planOutputs(outs, stderr)
	}
	if err == nil {
		err = checkOutputs(outs)
	}
	if err != nil {
		return usageError(stderr, "run", err)
	}
	if err := startCoverPerSpec(o.coverPerSpec); err != nil {
		return usageError(stderr, "run", err)
	}
	if os.Getenv(runner.EnvInProcess) != "" {
		return runSuite(cfg, o, waivers, args, stdout, stderr)
	}

	opt := runner.Options{
		Processes: int(o.parallel), Waivers: waivers, Meta: runMeta(cfg, args, time.Now(), 0), RunTimeout: o.runTimeout,
		Observer:   &console{w: stdout, verbose: cfg.Verbose, color: color, waivers: waivers},
		Stderr:     stderr,
		Interrupts: interrupts,
	}
	runs := max(1, o.repeat)
	var report reports.Run
	var reported int
	var failedRuns []int
	for i := 1; ; i++ {
		res, err := runner.Run(cfg, opt)
		if err != nil {
			return runError(stderr, err)
		}
		r, cut := res.Run, res.CutShort
		if r.Counts().Specs.Selected == 0 && cut == 0 {
			fmt.Fprintf(stderr, "%s: no spec selected by %s: the run tested nothing\n", tool, describeFilters(cfg, len(r.Specs)))
			noteRulesWithoutSpec(stderr, cfg.LabelFilter, r.Specs)
			return exitUsage
		}
		if i == 1 {
			noteRulesWithoutSpec(stderr, cfg.LabelFilter, r.Specs)
		}
		if cut != 0 {
			// interrupted: this run is the one reported, and the last
			return finishRun(r, cut, cfg, o, outs, stdout, stderr)
		}
		failed := r.Verdict == outcome.VerdictFail || r.Verdict == outcome.VerdictError
		if failed {
			failedRuns = append(failedRuns, i)
		}
		if runs > 1 || o.untilItFails {
			fmt.Fprintf(stdout, "run %d: %s\n", i, runLine(r))
		}
		// the run reported: the first that failed, else the last
		if len(failedRuns) == 0 || failedRuns[0] == i {
			report, reported = r, i
		}
		if (o.untilItFails && failed) || ((!o.untilItFails || o.repeat > 0) && i >= runs) {
			if runs > 1 || o.untilItFails {
				fmt.Fprintf(stdout, "\n%s: %d %s, %d failed%s; the summary and reports are those of run %d\n", tool, i, plural(i, "run", "runs"),
					len(failedRuns), failedList(failedRuns), reported)
			}
			break
		}
	}
	// the report is the first failed run's, if any: its status is the
	// run's (1 for a failure, 3 for a harness or lab fault)
	return finishRun(report, 0, cfg, o, outs, stdout, stderr)
}

// focusSpecIDs is the --focus regexp that selects the specs ids name
// (outcome.SpecID), from the specs compiled in; an ID of none of them is
// an error naming it. It is one regexp, an alternation of the names
// (^(?:name|name...)$): a focus a spec would make it one alternative of
// Ginkgo's focus each, with a (?s:.*?) of its own (focusFor), and a run
// of a few hundred --spec spent tens of seconds matching them.
func focusSpecIDs(ids []string) ([]string, error) {
	specs, err := listSpecs()
	if err != nil {
		return nil, fmt.Errorf("listing the specs for --spec: %v", err)
	}
	byID := map[string]string{}
	for _, s := range specs {
		byID[outcome.SpecID(s.Name)] = s.Name
	}
	var names []string
	seen := map[string]bool{}
	for _, id := range ids {
		name, ok := byID[strings.ToLower(strings.TrimSpace(id))]
		if !ok {
			return nil, fmt.Errorf("--spec %s: no spec of the %d compiled in has this ID (see a report, or '%s run --dry-run')", id, len(specs), tool)
		}
		if !seen[name] {
			seen[name] = true
			names = append(names, regexp.QuoteMeta(name))
		}
	}
	return []string{"^(?:" + strings.Join(names, "|") + ")$"}, nil
}

// runLine is a run's outcome on one line, for --repeat.
func runLine(r reports.Run) string {
	return fmt.Sprintf("%s, %s (%s)", reports.VerdictWord(r), r.Counts().SpecLine(), r.End.Sub(r.Start).Round(time.Millisecond))
}

func failedList(runs []int) string {
	if len(runs) == 0 {
		return ""
	}
	s := make([]string, len(runs))
	for i, n := range runs {
		s[i] = strconv.Itoa(n)
	}
	return " (" + plural(len(runs), "run ", "runs ") + strings.Join(s, ", ") + ")"
}

// checkRepeat checks --repeat, --until-it-fails and --dry-run together.
func (o *runOptions) checkRepeat() error {
	if o.dryRun && (o.repeat > 1 || o.untilItFails) {
		return errors.New("--dry-run runs nothing: it takes neither --repeat nor --until-it-fails")
	}
	if o.dryRun && o.cfg.FailFast {
		return errors.New("--dry-run runs nothing: it does not take --fail-fast")
	}
	return nil
}

// runSuite runs the suite in this process (NDKCONFORM_IN_PROCESS=1, for
// debugging: Ginkgo's own reporter shows the progress), prints the summary
// and writes the reports. (A dry run goes through runner.Run as a run
// does: the plan is made in a child process, and nothing but the plan is
// printed.)
func runSuite(cfg suite.Config, o *runOptions, waivers outcome.Waivers, args []string, stdout, stderr io.Writer) int {
	res, err := runner.Run(cfg, runner.Options{InProcess: true, Waivers: waivers, Meta: runMeta(cfg, args, time.Now(), 0), Stderr: stderr, Interrupts: interrupts})
	if err != nil {
		return runError(stderr, err)
	}
	outs, _ := o.outputs()
	return finishRun(res.Run, res.CutShort, cfg, o, outs, stdout, stderr)
}

// runError reports err, an error of suite.Run or suite.Prepare before
// anything ran: bad usage (exit status 2), a provider not available (the
// lab's fault, 3: an agent busy, stopped or unreachable) or a failure (1).
func runError(stderr io.Writer, err error) int {
	var ue suite.UsageError
	if errors.As(err, &ue) {
		return usageError(stderr, "run", err)
	}
	if errors.As(err, new(suite.LabError)) {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitError
	}
	fmt.Fprintf(stderr, "%s: %v\n", tool, err)
	return exitFail
}

// runMeta is the report's description of a run of cfg with args; the sides
// and the adapter are the configured ones until the run tells.
func runMeta(cfg suite.Config, args []string, start time.Time, wall time.Duration) reports.Meta {
	driver := cfg.Driver
	if driver == "" {
		driver = suite.DefaultDriver
	}
	return reports.Meta{
		Tool:          tool,
		Version:       toolVersion(),
		Command:       commandLine(append([]string{"run"}, args...)),
		Rerun:         append([]string{tool, "run"}, configArgs(cfg)...),
		Driver:        driver,
		DriverOptions: cfg.DriverOptions,
		SideA:         cfg.SideA,
		SideB:         cfg.SideB,
		Start:         start,
		End:           start.Add(wall),
	}
}

// planOutputs are the reports a dry run writes: the JSON ones, the plan
// (every spec, selected or not, none run); it says on stderr which it
// does not write.
func planOutputs(outs []output, stderr io.Writer) []output {
	var plan []output
	for _, out := range outs {
		if out.format.Name == "json" {
			plan = append(plan, out)
		} else {
			fmt.Fprintf(stderr, "%s: --dry-run: %s not written (only the JSON report, the plan)\n", tool, out.path)
		}
	}
	return plan
}

// finishRun writes the reports of run r and prints its outcome; it
// returns the exit status: cut, for a run cut short (130 for SIGINT...).
//
// A signal that comes before the last report is written (this process
// watches them from its start: interrupts) marks the run interrupted, if
// it was not, and the reports are written (again) so: the exit status,
// the summary and every report say the same. One after that is too late
// to change the run: the reports have it whole.
func finishRun(r reports.Run, cut int, cfg suite.Config, o *runOptions, outs []output, stdout, stderr io.Writer) int {
	if o.dryRun {
		outs = planOutputs(outs, io.Discard) // the plan
	}
	rw := &reportWriter{stderr: stderr}
	var written map[string]string
	for {
		if sig := interrupts.Signal(); sig != nil && r.Interrupted == "" && r.Counts().Specs.Selected > 0 {
			// it came as the run ended, or as its reports were written
			r, cut = runner.Interrupt(r, sig)
		}
		// the reports first, so that the summary points to one written
		written = map[string]string{}
		for i, out := range outs {
			if path := rw.write(out, r, nil); path != "" && written[out.format.Name] == "" {
				written[out.format.Name] = path
			}
			if i == 0 {
				runner.PauseForTest(pauseReports, interrupts)
			}
		}
		if interrupts.Signal() == nil || r.Interrupted != "" || r.Counts().Specs.Selected == 0 {
			break
		}
	}
	runner.PauseForTest(pauseReportsWritten, interrupts)
	status := verdictStatus(r.Verdict)
	if o.dryRun {
		status = exitPass
		reports.WriteDryRun(stdout, r)
	} else {
		reports.WriteSummary(stdout, r, r.End.Sub(r.Start), reports.SummaryReport(written))
	}
	if rw.failed {
		status = exitFail
	}
	if r.Verdict == outcome.VerdictEmpty {
		fmt.Fprintf(stderr, "%s: no spec selected by %s: the run tested nothing\n", tool, describeFilters(cfg, len(r.Specs)))
		noteRulesWithoutSpec(stderr, cfg.LabelFilter, r.Specs)
		return exitUsage
	}
	if cut != 0 {
		return cut
	}
	return status
}

// verdictStatus is the exit status of a run with verdict v (a run cut
// short exits with the signal's status instead).
func verdictStatus(v outcome.Verdict) int {
	switch v {
	case outcome.VerdictFail:
		return exitFail
	case outcome.VerdictError:
		return exitError
	case outcome.VerdictEmpty:
		return exitUsage
	}
	return exitPass
}

// describeFilters names the filters of a run that selected no spec.
func describeFilters(cfg suite.Config, notSelected int) string {
	var parts []string
	if cfg.LabelFilter != "" {
		parts = append(parts, fmt.Sprintf("--label-filter %q", cfg.LabelFilter))
	}
	for _, f := range cfg.Focus {
		parts = append(parts, fmt.Sprintf("--focus %q", f))
	}
	if len(parts) == 0 {
		return fmt.Sprintf("the run (the binary has %d specs)", notSelected)
	}
	return fmt.Sprintf("%s (of %d specs)", strings.Join(parts, " "), notSelected)
}

// writeReport creates path, and its directory, and writes it with write.
func writeReport(path string, write func(io.Writer) error) error {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(path) // no report cut short where a whole one is looked for
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return err
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// readWaivers reads the waivers file at path (nil if path is empty).
func readWaivers(path string) (outcome.Waivers, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--waivers: %v", err)
	}
	defer f.Close()
	w, err := outcome.ParseWaivers(f)
	if err != nil {
		return nil, fmt.Errorf("--waivers %s: %v", path, err)
	}
	return w, nil
}

// commandLine is the command as typed, quoted where needed.
func commandLine(args []string) string {
	parts := []string{tool}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n\"'\\|&;<>()$`*?[]#~") {
			a = strconv.Quote(a)
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
