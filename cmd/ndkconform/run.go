package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/reports"
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
	parallel     parallelFlag
}

func runFlags() (*flag.FlagSet, *runOptions) {
	o := &runOptions{driverOpts: keyValues{}, reportPaths: map[string]*string{}}
	fs := newFlagSet("run")
	c := &o.cfg
	fs.StringVar(&c.Driver, "driver", suite.DefaultDriver, "the `NAME` of the driver to test (see '"+tool+" drivers')")
	fs.Var(o.driverOpts, "driver-opt", "a driver option `KEY=VALUE`; repeat for more options (see '"+tool+" drivers')")
	for _, f := range reportFormats {
		o.reportPaths[f.name] = fs.String(f.flag, "", f.usage)
	}
	fs.StringVar(&o.outDir, "out", "", "write every report into `DIR` (created if need be): "+formatFiles())
	fs.BoolVar(&c.FailFast, "fail-fast", false, "stop the run at the first failed spec (not counting failures waived): the specs left are reported not run")
	fs.Var(positiveInt{&o.repeat}, "repeat", "run the selected specs `N` times, with the same seed, to hunt flaky failures; the summary and reports are those of the first run that failed, else the last; exit status 1 if any run failed")
	fs.BoolVar(&o.untilItFails, "until-it-fails", false, "run the selected specs again and again, with the same seed, until a run fails (at most --repeat N times if given); the summary and reports are those of the failed run")
	fs.StringVar(&o.waivers, "waivers", "", "waive the rules listed in `FILE`, one \"RULE-ID reason\" a line (# comments): their failures show as waived and do not fail the run")
	fs.StringVar(&c.LabelFilter, "label-filter", "", "run only the specs whose labels match `EXPR`, e.g. 'LC-14 || LC-15', 'endpoints && IPv6'; every spec is labelled with the IDs of the rules it checks")
	fs.Var(&o.focus, "focus", "run only the specs whose text matches `REGEX`; repeat to match any of several")
	c.Timeout = suite.DefaultTimeout
	fs.Var((*durationFlag)(&c.Timeout), "timeout", "how long to wait for a provider call to return or a completion to come before failing the spec (a `DURATION` such as 10s, 1m); it must be at least 1s longer than the longest wait the provider declares it may take (sim: its disconnect-timeout and connect-timeout; rxe: its disconnect-timeout)")
	fs.Var(addrFlag{addr: &c.SideA.IPv4}, "side-a-ipv4", "side A's IPv4 `ADDR` (default: the driver's)")
	fs.Var(addrFlag{addr: &c.SideA.IPv6, v6: true}, "side-a-ipv6", "side A's IPv6 `ADDR` (default: the driver's)")
	fs.Var(addrFlag{addr: &c.SideB.IPv4}, "side-b-ipv4", "side B's IPv4 `ADDR` (default: the driver's)")
	fs.Var(addrFlag{addr: &c.SideB.IPv6, v6: true}, "side-b-ipv6", "side B's IPv6 `ADDR` (default: the driver's)")
	fs.BoolVar(&c.Verbose, "verbose", false, "report every spec as it runs")
	fs.BoolVar(&c.Verbose, "v", false, "")
	fs.BoolVar(&c.NoColor, "no-color", false, "no ANSI colours (also when standard output is not a terminal, or NO_COLOR is set)")
	fs.Int64Var(&c.Seed, "seed", 1, "the `N` that orders the specs and fixes the model specs' random consumer sequences")
	fs.Var(positiveInt{&c.ModelSequences}, "model-sequences", fmt.Sprintf("how many random consumer sequences each model spec runs (an `N`; default %d)", suite.DefaultModelSequences))
	fs.Var(positiveInt{&c.ModelSteps}, "model-steps", fmt.Sprintf("how many steps a model sequence has on average (an `N`; default %d)", suite.DefaultModelSteps))
	c.ModelShrinkTime = suite.DefaultModelShrinkTime
	fs.Var((*durationFlag)(&c.ModelShrinkTime), "model-shrink-time", "how long a model spec that found a failing sequence searches for a shorter one to report (a `DURATION`); the rules the failure names do not depend on it")
	fs.BoolVar(&o.dryRun, "dry-run", false, "list the selected specs and their labels without running them")
	fs.Var(&o.parallel, "parallel", "split the selected specs over `N` child processes that run at the same time, with one merged report (default: as many as the driver allows; sim: 16, other drivers: 1, since processes testing the same adapters at once would see one another)")
	return fs, o
}

var runFlagOrder = []string{"driver", "driver-opt", "label-filter", "focus", "timeout",
	"side-a-ipv4", "side-a-ipv6", "side-b-ipv4", "side-b-ipv6",
	"junit-report", "json-report", "html-report", "out", "waivers", "parallel", "fail-fast", "repeat", "until-it-fails", "verbose", "no-color", "seed", "model-sequences", "model-steps", "model-shrink-time", "dry-run"}

func runUsage(w io.Writer) {
	fs, _ := runFlags()
	fmt.Fprintf(w, "Usage:\n  %s run [FLAGS]\n\n", tool)
	fmt.Fprintf(w, "Runs the conformance suite against a driver's provider, between an adapter of\n")
	fmt.Fprintf(w, "side A and one of side B, shows the progress, then a summary whose last line\n")
	fmt.Fprintf(w, "is \"N passed, N failed, N skipped\". The suite runs in a child process: a\n")
	fmt.Fprintf(w, "provider that crashes it (a panic on a goroutine of its own, a crash in C)\n")
	fmt.Fprintf(w, "fails the spec that was running, and the run reports what ran before and\n")
	fmt.Fprintf(w, "what never started (%s=1 runs the suite in the ndkconform\n", envInProcess)
	fmt.Fprintf(w, "process itself).\n\nFlags:\n")
	printFlags(w, fs, runFlagOrder, map[string]string{"verbose": "v"})
	fmt.Fprintf(w, "\nExit status: 0 every selected spec passed (or failed only against waived\n")
	fmt.Fprintf(w, "rules); 1 a spec or the suite failed, or a report could not be written; 2 bad\n")
	fmt.Fprintf(w, "usage (unknown flag, driver or driver option, driver not usable here, bad\n")
	fmt.Fprintf(w, "address or one the provider opens no adapter for, a --timeout not longer\n")
	fmt.Fprintf(w, "than a wait the provider declares, bad waivers file) or no spec selected;\n")
	fmt.Fprintf(w, "130 or 143 the run was interrupted by SIGINT or SIGTERM, 128+N the test\n")
	fmt.Fprintf(w, "process was killed by signal N: the spec that was running is reported\n")
	fmt.Fprintf(w, "interrupted and the rest not run, no verdict on the provider.\n")
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
	cfg.DryRun = o.dryRun
	return cfg
}

func runCmd(args []string, stdout, stderr io.Writer) int {
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
	if err := o.checkRepeat(); err != nil {
		return usageError(stderr, "run", err)
	}
	outs, err := o.outputs()
	if err == nil && !o.dryRun {
		err = checkOutputs(outs)
	}
	if err != nil {
		return usageError(stderr, "run", err)
	}
	if o.dryRun || os.Getenv(envInProcess) != "" {
		return runSuite(cfg, o, waivers, args, stdout, stderr)
	}

	plan, sideA, sideB, err := prepareRun(cfg)
	if err != nil {
		return runError(stderr, err)
	}
	if selectedCount(plan) == 0 {
		fmt.Fprintf(stderr, "%s: no spec selected by %s: the run tested nothing\n", tool, describeFilters(cfg, len(plan)))
		return exitUsage
	}
	meta := runMeta(cfg, args, time.Now(), 0)
	meta.SideA, meta.SideB = sideA, sideB
	x := &execution{
		cfg: cfg, args: configArgs(cfg, true), plan: plan, shares: shareCount(cfg, o),
		failFast: cfg.FailFast, waivers: waivers, meta: meta,
		console: &console{w: stdout, verbose: cfg.Verbose, color: color, waivers: waivers},
	}
	runs := max(1, o.repeat)
	var report reports.Run
	var reported int
	var failedRuns []int
	for i := 1; ; i++ {
		r, cut, err := execute(x, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", tool, err)
			return exitFail
		}
		if cut != 0 {
			// interrupted: this run is the one reported, and the last
			finishRun(r, cfg, o, outs, stdout, stderr)
			return cut
		}
		failed := r.Verdict == reports.VerdictFailed
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
	status := finishRun(report, cfg, o, outs, stdout, stderr)
	if len(failedRuns) > 0 {
		status = exitFail
	}
	return status
}

// runLine is a run's outcome on one line, for --repeat.
func runLine(r reports.Run) string {
	return fmt.Sprintf("%s, %d passed, %d failed, %d skipped (%s)", strings.ToUpper(r.Verdict), r.Passed, r.Failed-r.Waived, r.Skipped,
		r.End.Sub(r.Start).Round(time.Millisecond))
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

// runSuite runs the suite in this process (--dry-run, or
// NDKCONFORM_IN_PROCESS=1 for debugging: Ginkgo's own reporter shows the
// progress), prints the summary and writes the reports.
func runSuite(cfg suite.Config, o *runOptions, waivers reports.Waivers, args []string, stdout, stderr io.Writer) int {
	start := time.Now()
	res, err := suite.Run(&tShim{}, cfg)
	wall := time.Since(start)
	if err != nil {
		return runError(stderr, err)
	}

	meta := runMeta(res.Config, args, start, wall)
	meta.SideA, meta.SideB, meta.Adapter = res.SideA, res.SideB, res.Adapter
	r := reports.FromGinkgo(res.Report, meta)
	if res.Interrupted {
		markCutShort(&r, interruptedBy(res.Signal))
	}
	if !res.Passed && r.Failed == 0 && len(r.SuiteFailures) == 0 && r.Interrupted == "" {
		// a failure the report did not catch (a report node after suite's)
		r.SuiteFailures = append(r.SuiteFailures, "Ginkgo reports the suite failed (see its output above)")
	}
	r.ApplyWaivers(waivers)
	outs, _ := o.outputs()
	status := finishRun(r, cfg, o, outs, stdout, stderr)
	if r.Interrupted != "" {
		return signalStatus(res.Signal) // 130 for SIGINT, 143 for SIGTERM
	}
	return status
}

// runError reports err, an error of suite.Run or suite.Prepare before
// anything ran: bad usage (exit status 2) or a failure (1).
func runError(stderr io.Writer, err error) int {
	var ue suite.UsageError
	if errors.As(err, &ue) {
		return usageError(stderr, "run", err)
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
		Driver:        driver,
		DriverOptions: cfg.DriverOptions,
		SideA:         cfg.SideA,
		SideB:         cfg.SideB,
		Start:         start,
		End:           start.Add(wall),
	}
}

// finishRun prints the outcome of run r and writes its reports; it returns
// the exit status.
func finishRun(r reports.Run, cfg suite.Config, o *runOptions, outs []output, stdout, stderr io.Writer) int {
	status := exitPass
	if o.dryRun {
		printDryRun(stdout, r)
		if len(outs) > 0 {
			fmt.Fprintf(stderr, "%s: --dry-run: no report written (nothing ran)\n", tool)
		}
	} else {
		printSummary(stdout, r, r.End.Sub(r.Start))
		if r.Verdict == reports.VerdictFailed {
			status = exitFail
		}
		for _, out := range outs {
			if err := writeReport(out.path, r, out.write); err != nil {
				fmt.Fprintf(stderr, "%s: %s: %v\n", tool, out.flag, err)
				status = exitFail
			}
		}
	}
	if len(r.Specs) == 0 && len(r.SuiteFailures) == 0 && r.Interrupted == "" {
		fmt.Fprintf(stderr, "%s: no spec selected by %s: the run tested nothing\n", tool, describeFilters(cfg, r.NotSelected))
		return exitUsage
	}
	return status
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

// writeReport writes the report to path (nothing if path is empty),
// creating its directory.
func writeReport(path string, r reports.Run, write func(io.Writer, reports.Run) error) error {
	if path == "" {
		return nil
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f, r); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}

// printSummary prints the outcome of the run; its last line is
// "N passed, N failed, N skipped", where the failed specs are those not
// waived (the waived ones are counted above it).
func printSummary(w io.Writer, r reports.Run, wall time.Duration) {
	verdict := map[string]string{reports.VerdictPassed: "PASS", reports.VerdictFailed: "FAIL", reports.VerdictEmpty: "NO SPEC SELECTED",
		reports.VerdictInterrupted: "INTERRUPTED (" + r.Interrupted + ")"}[r.Verdict]
	if r.Waived > 0 {
		verdict += fmt.Sprintf(" (%d failed %s waived)", r.Waived, plural(r.Waived, "spec", "specs"))
	}
	if u := r.Unverified(); u != "" && r.Verdict == reports.VerdictPassed {
		verdict += " (" + u + ")" // a pass that verified less than it selected says so
	}
	failed := r.Failed - r.Waived
	fmt.Fprintf(w, "\n%s conformance summary\n", tool)
	fmt.Fprintf(w, "  verdict:  %s\n", verdict)
	fmt.Fprintf(w, "  driver:   %s\n", driverLine(r.Meta))
	fmt.Fprintf(w, "  side A:   %s\n", sideLine(r.SideA))
	fmt.Fprintf(w, "  side B:   %s\n", sideLine(r.SideB))
	fmt.Fprintf(w, "  adapter:  %s\n", adapterLine(r.Adapter))
	waived := ""
	if r.Waived > 0 {
		waived = fmt.Sprintf(", %d waived", r.Waived)
	}
	if r.InterruptedSpecs+r.NotRun > 0 {
		fmt.Fprintf(w, "  specs:    %d selected: %d passed, %d failed%s, %d skipped, %d interrupted, %d not run; %d not selected\n",
			len(r.Specs), r.Passed, failed, waived, r.Skipped, r.InterruptedSpecs, r.NotRun, r.NotSelected)
	} else {
		fmt.Fprintf(w, "  specs:    %d run: %d passed, %d failed%s, %d skipped; %d not selected\n",
			len(r.Specs), r.Passed, failed, waived, r.Skipped, r.NotSelected)
	}
	if len(r.Rules) > 0 {
		fmt.Fprintf(w, "  rules:    %s\n", ruleCountsLine(r.Rules))
	}
	if len(r.Waivers) > 0 {
		fmt.Fprintf(w, "  waivers:  %d %s: %d failed %s waived, %d stale\n", len(r.Waivers), plural(len(r.Waivers), "rule", "rules"),
			r.Waived, plural(r.Waived, "spec", "specs"), len(r.StaleWaivers))
	}
	fmt.Fprintf(w, "  time:     %s\n", wall.Round(time.Millisecond))
	if failed > 0 {
		fmt.Fprintf(w, "\nFailed specs:\n")
		for _, s := range r.Specs {
			if !s.Failed() || r.SpecWaived(s) {
				continue
			}
			fmt.Fprintf(w, "  [%s] %s\n", strings.Join(labelsOrNone(s.Rules), " "), s.Name)
			fmt.Fprintf(w, "      %s: %s\n", s.State, reports.FirstLine(s.Failure))
		}
	}
	if r.Waived > 0 {
		fmt.Fprintf(w, "\nWaived failures (they do not fail the run):\n")
		for _, s := range r.Specs {
			if !r.SpecWaived(s) {
				continue
			}
			fmt.Fprintf(w, "  [%s] %s\n", strings.Join(labelsOrNone(s.Rules), " "), s.Name)
			fmt.Fprintf(w, "      %s: %s\n", s.State, reports.FirstLine(s.Failure))
			for _, id := range reports.Attribution(s) {
				fmt.Fprintf(w, "      waived %s: %s\n", id, r.Waivers[id])
			}
		}
	}
	if r.InterruptedSpecs > 0 {
		fmt.Fprintf(w, "\nInterrupted specs (no verdict on the provider):\n")
		for _, s := range r.Specs {
			if s.State == reports.StateInterrupted {
				fmt.Fprintf(w, "  [%s] %s\n", strings.Join(labelsOrNone(s.Rules), " "), s.Name)
				fmt.Fprintf(w, "      %s\n", reports.FirstLine(s.Failure))
			}
		}
	}
	var stale, idle []string
	for _, rr := range r.Rules {
		switch {
		case rr.Waiver == "":
		case rr.Stale():
			stale = append(stale, fmt.Sprintf("  %s (%s)", rr.Rule.ID, rr.Waiver))
		case rr.Verdict != reports.RuleWaived:
			idle = append(idle, fmt.Sprintf("  %s: %s (%s)", rr.Rule.ID, rr.Verdict, rr.Waiver))
		}
	}
	if len(stale) > 0 {
		fmt.Fprintf(w, "\nStale waivers (the rule passed: remove the waiver):\n%s\n", strings.Join(stale, "\n"))
	}
	if len(idle) > 0 {
		fmt.Fprintf(w, "\nWaivers with no effect in this run:\n%s\n", strings.Join(idle, "\n"))
	}
	if len(r.SuiteFailures) > 0 {
		fmt.Fprintf(w, "\nFailures outside any spec:\n")
		for _, f := range r.SuiteFailures {
			fmt.Fprintf(w, "  %s\n", reports.FirstLine(f))
		}
	}
	fmt.Fprintf(w, "\n%d passed, %d failed, %d skipped\n", r.Passed, failed, r.Skipped)
}

// ruleCountsLine is "N passed, N failed, ..." over the rule verdicts.
func ruleCountsLine(rules []reports.RuleResult) string {
	n := reports.RuleCounts(rules)
	var parts []string
	for _, v := range []string{reports.RulePassed, reports.RuleFailed, reports.RuleWaived, reports.RuleSkipped, reports.RuleNotRun,
		reports.RuleNotObservable, reports.RuleNotSelected, reports.RuleNotCovered} {
		if n[v] > 0 || v == reports.RulePassed || v == reports.RuleFailed {
			parts = append(parts, fmt.Sprintf("%d %s", n[v], v))
		}
	}
	return strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// readWaivers reads the waivers file at path (nil if path is empty).
func readWaivers(path string) (reports.Waivers, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--waivers: %v", err)
	}
	defer f.Close()
	w, err := reports.ParseWaivers(f)
	if err != nil {
		return nil, fmt.Errorf("--waivers %s: %v", path, err)
	}
	return w, nil
}

func writeHTML(w io.Writer, r reports.Run) error { return reports.WriteHTML(w, r, nil, nil) }

// printDryRun lists the selected specs.
func printDryRun(w io.Writer, r reports.Run) {
	fmt.Fprintf(w, "\n%s dry run: driver %s\n\n", tool, driverLine(r.Meta))
	for _, s := range r.Specs {
		area := s.Area
		if area == "" {
			area = "-"
		}
		fmt.Fprintf(w, "%-11s [%s] %s\n", area, strings.Join(labelsOrNone(s.Labels), ", "), s.Name)
	}
	fmt.Fprintf(w, "\n%d selected, %d not selected\n", len(r.Specs), r.NotSelected)
}

func labelsOrNone(l []string) []string {
	if len(l) == 0 {
		return []string{"no label"}
	}
	return l
}

func driverLine(m reports.Meta) string {
	if opts := reports.FormatOptions(m.DriverOptions); opts != "" {
		return m.Driver + " (" + opts + ")"
	}
	return m.Driver + " (default options)"
}

func sideLine(s ndk.Side) string {
	var parts []string
	for _, a := range []netip.Addr{s.IPv4, s.IPv6} {
		if a.IsValid() {
			parts = append(parts, a.String())
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

func adapterLine(a ndk.AdapterInfo) string {
	if a == (ndk.AdapterInfo{}) {
		return "unknown (NdkQueryAdapterInfo failed)"
	}
	return fmt.Sprintf("vendor 0x%04x device 0x%04x, NDK %d.%d, %s",
		a.VendorID, a.DeviceID, a.Version.Major, a.Version.Minor, reports.TechnologyName(a.RDMATechnology))
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
