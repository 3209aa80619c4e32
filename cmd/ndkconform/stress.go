package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/runner"
	"github.com/ndkconform/ndkconform/stress"
)

// stressOptions are the stress command's flags.
type stressOptions struct {
	driver     string
	driverOpts keyValues
	duration   time.Duration
	ops        int
	workers    int
	worker     int
	seed       uint64
	timeout    time.Duration
	jsonPath   string
}

func stressFlags() (*flag.FlagSet, *stressOptions) {
	o := &stressOptions{driverOpts: keyValues{}}
	fs := newFlagSet("stress")
	fs.StringVar(&o.driver, "driver", "", "the `NAME` of the driver (see '"+tool+" drivers'; required)")
	fs.Var(o.driverOpts, "driver-opt", "a driver option `KEY=VALUE`; repeat for more options")
	fs.DurationVar(&o.duration, "duration", stress.DefaultDuration, "run the workers for `DURATION` (not with --ops)")
	fs.IntVar(&o.ops, "ops", 0, "run `N` steps in each worker instead of a duration (a step: a connection set up, one operation on it, its teardown)")
	fs.IntVar(&o.workers, "workers", stress.DefaultWorkers, "the number of workers, `W`; each drives both sides of its connections over the shared adapters, CQs, SRQ, listener and shared endpoint")
	fs.IntVar(&o.worker, "worker", -1, "run worker `K` alone (its sequence is the seed's and K's whatever --workers says): the replay of a failure")
	fs.Uint64Var(&o.seed, "seed", 1, "the `SEED` every worker's sequence is drawn from (worker K's from SEED and K)")
	fs.DurationVar(&o.timeout, "timeout", stress.DefaultTimeout, "how long to wait for any completion, event or return of the provider's (`DURATION`)")
	fs.StringVar(&o.jsonPath, "json", "", "write the result (rates, latencies, failures) as JSON to `FILE`")
	return fs, o
}

var stressFlagOrder = []string{"driver", "driver-opt", "duration", "ops", "workers", "worker", "seed", "timeout", "json"}

func stressUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage:\n  %s stress --driver NAME [--driver-opt KEY=VALUE]... [--duration D | --ops N] [--workers W] [--seed S] [--worker K] [--json FILE]\n\n", tool)
	fmt.Fprintf(w, "Puts the provider under load: W workers, each running a random legal sequence drawn from\n")
	fmt.Fprintf(w, "the seed (connect, send and receive, RDMA write and read, posts at full queue depth,\n")
	fmt.Fprintf(w, "register, bind, fast-register, invalidate, disconnect, close) over adapters, CQs, an SRQ,\n")
	fmt.Fprintf(w, "a listener and a shared endpoint they share. Every completion, every byte and every\n")
	fmt.Fprintf(w, "callback is checked as it comes, and at the end the ports the run used must be free.\n")
	fmt.Fprintf(w, "A failure names the rule (docs/reference/ndkpi/RULES.md), the call, the object, the side,\n")
	fmt.Fprintf(w, "what was expected and observed, the worker's last steps and the command that replays the\n")
	fmt.Fprintf(w, "worker alone. The rates reached are printed as facts, not verdicts.\n")
	fmt.Fprintf(w, "A first SIGINT or SIGTERM ends the run early: the workers stop after their step, the\n")
	fmt.Fprintf(w, "run closes what it opened and checks its end, and the result of the steps run is printed\n")
	fmt.Fprintf(w, "and written; a second one exits at once.\n")
	fmt.Fprintf(w, "Exit status: 0 no failure, 1 a failure, 2 bad usage, 3 the run could not be set up,\n")
	fmt.Fprintf(w, "130 or 143 the run was interrupted by SIGINT or SIGTERM (its result says what it found).\n\nFlags:\n")
	fs, _ := stressFlags()
	printFlags(w, fs, stressFlagOrder, nil)
}

// stressJSON is what --json writes.
type stressJSON struct {
	Tool          string            `json:"tool"`
	Driver        string            `json:"driver"`
	DriverOptions map[string]string `json:"driver_options"`
	Duration      string            `json:"duration,omitempty"`
	OpsPerWorker  int               `json:"ops_per_worker,omitempty"`
	Timeout       string            `json:"timeout"`
	Passed        bool              `json:"passed"`
	// Signal is the signal that interrupted the run (SIGINT, SIGTERM).
	Signal string `json:"signal,omitempty"`
	stress.Result
}

func stressCmd(args []string, stdout, stderr io.Writer) int {
	fs, o := stressFlags()
	if err := parse(fs, args); err != nil {
		if err == errHelp {
			stressUsage(stdout)
			return exitPass
		}
		return usageError(stderr, "stress", err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case o.driver == "":
		return usageError(stderr, "stress", errors.New("--driver is required"))
	case set["duration"] && set["ops"]:
		return usageError(stderr, "stress", errors.New("--duration and --ops exclude each other"))
	case o.duration <= 0:
		return usageError(stderr, "stress", fmt.Errorf("--duration %v: a positive duration", o.duration))
	case set["ops"] && o.ops <= 0:
		return usageError(stderr, "stress", fmt.Errorf("--ops %d: at least 1", o.ops))
	case o.workers < 1 || o.workers > stress.MaxWorkers:
		return usageError(stderr, "stress", fmt.Errorf("--workers %d: 1..%d", o.workers, stress.MaxWorkers))
	case set["worker"] && (o.worker < 0 || o.worker >= stress.MaxWorkers):
		return usageError(stderr, "stress", fmt.Errorf("--worker %d: 0..%d", o.worker, stress.MaxWorkers-1))
	case o.timeout <= 0:
		return usageError(stderr, "stress", fmt.Errorf("--timeout %v: a positive duration", o.timeout))
	}
	d, err := ndk.Lookup(o.driver)
	if err != nil {
		return usageError(stderr, "stress", err)
	}
	if err := d.Usable(); err != nil {
		return usageError(stderr, "stress", fmt.Errorf("driver %s is not usable here: %v", o.driver, err))
	}
	opener, err := ndk.ParseOptions(d, o.driverOpts)
	if err != nil {
		return usageError(stderr, "stress", fmt.Errorf("driver %s: %v", o.driver, err))
	}
	prov, err := opener.Open()
	if err != nil {
		fmt.Fprintf(stderr, "%s stress: opening driver %s: %v\n", tool, o.driver, err)
		return exitError
	}
	defer prov.Close()
	cfg := stress.Config{Provider: prov, Workers: o.workers, Only: o.worker, Seed: o.seed, Timeout: o.timeout,
		Replay: func(seed uint64, worker, ops int) string { return stress.Command(o.replay(seed, worker, ops)) }}
	if set["ops"] {
		cfg.Ops = o.ops
	} else {
		cfg.Duration = o.duration
	}
	what := fmt.Sprintf("%d workers", o.workers)
	if o.worker >= 0 {
		what = fmt.Sprintf("worker %d alone", o.worker)
	}
	span := o.duration.String()
	if cfg.Ops > 0 {
		span = fmt.Sprintf("%d steps per worker", cfg.Ops)
	}
	fmt.Fprintf(stdout, "%s stress: driver %s%s, %s, seed %d, %s\n", tool, o.driver, optsText(o.driverOpts), what, o.seed, span)
	// The first SIGINT or SIGTERM ends the run early: the workers stop
	// after their step, the run closes everything and checks its end, and
	// the result of the steps run is printed and written; a second one
	// exits at once.
	if interrupts != nil {
		cfg.Stop = interrupts.Interrupted()
		_, cancel := interrupts.Subscribe(func(sig os.Signal, n int) {
			if n == 1 {
				fmt.Fprintf(stderr, "%s stress: %s: the workers stop after their step, the run closes what it opened (%s again: exit at once)\n", tool, runner.SignalName(sig), runner.SignalName(sig))
				return
			}
			fmt.Fprintf(stderr, "%s stress: %s again: exiting without the result\n", tool, runner.SignalName(sig))
			os.Exit(runner.SignalStatus(sig))
		})
		defer cancel()
	}
	res, err := stress.Run(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "%s stress: %v\n", tool, err)
		return exitError
	}
	sig := interrupts.Signal()
	if sig != nil {
		res.Interrupted = true
	}
	printStress(stdout, &res)
	if sig != nil {
		fmt.Fprintf(stdout, "INTERRUPTED by %s after %v: the counts and rates are those of the steps run\n", runner.SignalName(sig), res.Elapsed.Round(time.Millisecond))
	}
	if o.jsonPath != "" {
		j := stressJSON{Tool: tool + " " + toolVersion(), Driver: o.driver, DriverOptions: o.driverOpts, Timeout: o.timeout.String(), Passed: res.Passed(), Result: res}
		if sig != nil {
			j.Signal = runner.SignalName(sig)
		}
		if cfg.Ops > 0 {
			j.OpsPerWorker = cfg.Ops
		} else {
			j.Duration = o.duration.String()
		}
		if j.DriverOptions == nil {
			j.DriverOptions = map[string]string{}
		}
		if res.Failures == nil {
			j.Failures = []stress.Failure{}
		}
		b, _ := json.MarshalIndent(j, "", "  ")
		if err := os.WriteFile(o.jsonPath, append(b, '\n'), 0o644); err != nil {
			fmt.Fprintf(stderr, "%s stress: --json: %v\n", tool, err)
			return exitFail
		}
	}
	switch {
	case sig != nil:
		return runner.SignalStatus(sig)
	case !res.Passed():
		return exitFail
	}
	return exitPass
}

// replay is the command that runs worker alone up to step ops.
func (o *stressOptions) replay(seed uint64, worker, ops int) []string {
	words := []string{tool, "stress", "--driver", o.driver}
	for _, k := range slices.Sorted(maps.Keys(o.driverOpts)) {
		words = append(words, "--driver-opt", k+"="+o.driverOpts[k])
	}
	return append(words, "--seed", strconv.FormatUint(seed, 10), "--workers", "1", "--worker", strconv.Itoa(worker),
		"--ops", strconv.Itoa(ops), "--timeout", o.timeout.String())
}

func optsText(opts keyValues) string {
	if len(opts) == 0 {
		return ""
	}
	var kv []string
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		kv = append(kv, k+"="+opts[k])
	}
	return " (" + strings.Join(kv, ",") + ")"
}

func printStress(w io.Writer, r *stress.Result) {
	fmt.Fprintf(w, "  elapsed       %v\n", r.Elapsed.Round(time.Millisecond))
	fmt.Fprintf(w, "  connections   %d (%.1f/s)\n", r.Connections, r.ConnectionsPerSec)
	fmt.Fprintf(w, "  operations    %d (%.0f/s)\n", r.Ops, r.OpsPerSec)
	fmt.Fprintf(w, "  bytes         %d (%.1f MB/s)\n", r.Bytes, r.BytesPerSec/1e6)
	fmt.Fprintf(w, "  registrations %d; refused (STATUS_INSUFFICIENT_RESOURCES) %d\n", r.Registers, r.Refused)
	lat := func(p stress.Percentiles) string {
		return fmt.Sprintf("p50 %v, p99 %v, max %v (%d)", p.P50, p.P99, p.Max.Round(time.Microsecond), p.Count)
	}
	fmt.Fprintf(w, "  op latency    %s\n", lat(r.OpLatency))
	fmt.Fprintf(w, "  connect       %s\n", lat(r.ConnectLatency))
	fmt.Fprintf(w, "  steps         %v\n", r.Steps)
	if r.Abandoned != "" {
		fmt.Fprintf(w, "  the provider was left as it was: %s\n", r.Abandoned)
	}
	if r.Passed() {
		fmt.Fprintf(w, "PASS: no violation\n")
		return
	}
	fmt.Fprintf(w, "FAIL: %d violation(s)\n", len(r.Failures))
	for _, f := range r.Failures {
		for _, line := range strings.Split(f.String(), "\n") {
			fmt.Fprintf(w, "  %s\n", line)
		}
	}
}
