package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/runner"
	"github.com/ndkconform/ndkconform/suite"
)

// `run` and `certify` run the suite through package runner (runner.Run):
// it checks the configuration once, splits the selected specs over child
// processes (this binary again: main calls runner.Child first), shows
// their progress on the console as one run (the console is its
// runner.Observer) and merges what they report into one report, in the
// order of the plan.

// configArgs are the run flags that repeat the configuration of cfg
// (driver, options, addresses, time-out, seed, model budget), for the
// rerun commands of the reports.
func configArgs(cfg suite.Config) []string { return runner.CommandArgs(cfg) }

// parallelFlag is --parallel: a number of processes, 1 or more; 0 means
// not given (runner.Options.Processes: what the driver allows).
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

// The console is the runner.Observer of the CLI's runs.
var _ runner.Observer = (*console)(nil)

func (c *console) Begin(s runner.Start) {
	c.begin(s.Meta, s.Selected, s.Specs, s.Processes, s.Seed)
}
func (c *console) SpecStarted(s outcome.Spec) { c.started(s) }
func (c *console) SpecEnded(s outcome.Spec)   { c.ended(s) }
func (c *console) Waiting(w suite.WaitProgress) {
	c.waiting(suite.ProgressRecord{Event: suite.ProgressWait, Wait: &w})
}
func (c *console) Note(line string) { c.note(line) }
func (c *console) End()             { c.end() }
