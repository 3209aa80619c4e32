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
//	go run ./test/rxe/judge [-waivers FILE] [-failures] report.json
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	waiversPath := fs.String("waivers", "", "waivers `FILE`, in the format of ndkconform's --waivers")
	failuresOnly := fs.Bool("failures", false, "print only the failed specs that fail the run, each with what it observed")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: judge [-waivers FILE] [-failures] report.json")
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
