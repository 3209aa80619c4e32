// Command judge decides a test-rxe run from the JSON report the guest (or
// the harness of the agent phase) wrote, the way ndkconform does: the
// report's specs are judged again with the waivers file
// (outcome.ParseWaivers: a line may waive rules and clauses, several IDs
// with one reason) by outcome.Judge, the summary is the one 'ndkconform
// run' prints (reports.WriteSummary), and the exit status is the run's
// verdict: 0 pass (every failure waived), 1 fail, 3 a harness or lab
// fault, 130 interrupted; 2 for bad usage or an unreadable report. There
// is no judging of its own here: one way to decide.
//
// With -failures it prints only the failed specs that fail the run, each
// with what it observed, for the last lines of a log that is cut to its
// tail (CI's).
//
// With -stress the file is the JSON result of 'ndkconform stress'
// (stress.Result) instead: its rates are printed as facts, and each
// failure is judged by its rule with the same waivers (a finding on rxe
// waived by the divergence its line records); exit 0 when every failure
// is waived, 1 when one is not, 3 when the run could not go on (a failure
// of no rule: no verdict on the provider).
//
//	go run ./test/rxe/judge [-waivers FILE] [-failures] report.json
//	go run ./test/rxe/judge [-waivers FILE] -stress stress.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/stress"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	waiversPath := fs.String("waivers", "", "waivers `FILE`, in the format of ndkconform's --waivers")
	failuresOnly := fs.Bool("failures", false, "print only the failed specs that fail the run, each with what it observed")
	stressResult := fs.Bool("stress", false, "the file is the JSON result of 'ndkconform stress': print its rates and judge its failures by their rules")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 || *stressResult && *failuresOnly {
		fmt.Fprintln(stderr, "usage: judge [-waivers FILE] [-failures] report.json | judge [-waivers FILE] -stress stress.json")
		return 2
	}
	var waivers outcome.Waivers
	if *waiversPath != "" {
		f, err := os.Open(*waiversPath)
		if err != nil {
			fmt.Fprintln(stderr, "judge:", err)
			return 2
		}
		waivers, err = outcome.ParseWaivers(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "judge: %s: %v\n", *waiversPath, err)
			return 2
		}
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "judge:", err)
		return 2
	}
	if *stressResult {
		defer f.Close()
		return judgeStress(f, fs.Arg(0), waivers, stdout, stderr)
	}
	r, err := reports.ReadJSON(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "judge: %s: %v\n", fs.Arg(0), err)
		return 2
	}
	r = reports.New(r.Meta, r.Run, waivers)
	if *failuresOnly {
		writeFailures(stdout, r)
	} else {
		reports.WriteSummary(stdout, r, r.End.Sub(r.Start), fs.Arg(0))
	}
	switch r.Verdict {
	case outcome.VerdictPass:
		return 0
	case outcome.VerdictError:
		return 3
	case outcome.VerdictInterrupted:
		return 130
	}
	return 1
}

// writeFailures writes each failed spec that fails the run (not waived):
// its name, then what it observed against its rule.
func writeFailures(w io.Writer, r reports.Run) {
	for _, g := range reports.FailedRules(r) {
		for _, s := range g.Specs {
			fmt.Fprintf(w, "FAILED %s\n  %s%s\n", s.Name, ruleTag(g.Rule), reports.Observation(s, g.Rule))
		}
	}
}

// ruleTag is "RULE: " for a rule, "" for none.
func ruleTag(rule string) string {
	if rule == "" {
		return ""
	}
	return rule + ": "
}

// judgeStress prints the rates of the stress result read from f and judges
// its failures by their rules with waivers (see the package comment).
func judgeStress(f io.Reader, name string, waivers outcome.Waivers, stdout, stderr io.Writer) int {
	// the CLI's --json: a few fields of the run's, then stress.Result's
	var out struct {
		Driver string `json:"driver"`
		Passed bool   `json:"passed"`
		stress.Result
	}
	if err := json.NewDecoder(f).Decode(&out); err != nil {
		fmt.Fprintf(stderr, "judge: %s: %v\n", name, err)
		return 2
	}
	r := out.Result
	if out.Driver == "" || r.Workers == 0 {
		fmt.Fprintf(stderr, "judge: %s: not the JSON result of 'ndkconform stress' (no driver, no workers)\n", name)
		return 2
	}
	fmt.Fprintf(stdout, "stress: %d workers, seed %d, %v: %d connections (%.1f/s), %d operations (%.0f/s), %d bytes (%.1f MB/s), op latency p50 %v p99 %v, connect p50 %v p99 %v\n",
		r.Workers, r.Seed, r.Elapsed.Round(time.Millisecond), r.Connections, r.ConnectionsPerSec, r.Ops, r.OpsPerSec, r.Bytes, r.BytesPerSec/1e6,
		r.OpLatency.P50, r.OpLatency.P99, r.ConnectLatency.P50, r.ConnectLatency.P99)
	failed, stuck := false, false
	for _, x := range r.Failures {
		switch {
		case x.Setup || x.Rule == "":
			fmt.Fprintf(stdout, "stress: the run could not go on (no verdict): %s\n", x)
			stuck = true
		case waivers.Covers(x.Rule):
			fmt.Fprintf(stdout, "stress: waived: %s\n", x)
		default:
			fmt.Fprintf(stdout, "stress: FAILED: %s\n", x)
			failed = true
		}
	}
	switch {
	case failed: // a failure of the provider outranks a run that could not go on
		return 1
	case stuck:
		return 3
	case !out.Passed && len(r.Failures) == 0:
		fmt.Fprintln(stdout, "stress: the result says it did not pass but lists no failure")
		return 1
	}
	return 0
}
