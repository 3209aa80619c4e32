package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
)

// console shows the progress of a run on the console, in one voice with
// the summary that follows (reports.WriteSummary): a line that says what
// runs, then one mark per spec as it ends (. passed, F failed, W failed
// against waived rules only, n not applicable, S skipped otherwise, I
// interrupted, - not run), 60 to a line followed by the
// count; with --verbose one line per spec instead. A spec that waits long
// on the provider is told at once, with what it waits for, so that a log
// of a run against slow hardware is never silent for minutes. Specs the
// filters left out are not shown at all.
type console struct {
	mu      sync.Mutex
	w       io.Writer
	verbose bool
	color   bool
	waivers outcome.Waivers
	total   int // specs selected
	done    int
	col     int // marks on the current line
}

const marksPerLine = 60

// begin says what the run runs.
func (c *console) begin(m reports.Meta, selected, all, processes int, seed int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total, c.done, c.col = selected, 0, 0
	procs := "in 1 process"
	if processes > 1 {
		procs = fmt.Sprintf("in %d processes", processes)
	}
	fmt.Fprintf(c.w, "%s %s: %d of %d specs against %s, %s, seed %d\n", tool, toolVersion(), selected, all, driverDesc(m), procs, max(seed, 1))
	for _, comp := range m.Components {
		fmt.Fprintf(c.w, "  served by %s\n", reports.ComponentText(comp))
	}
}

// started shows a spec that starts (with --verbose).
func (c *console) started(s outcome.Spec) {
	if !c.verbose {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.breakLine()
	fmt.Fprintf(c.w, "%-7s %8s  %s\n", "RUN", "", s.Name)
}

// ended shows a spec that ended; it reports whether it failed against a
// rule not waived.
func (c *console) ended(s outcome.Spec) (failed bool) {
	mark, word := ".", "PASS"
	switch s.State {
	case outcome.Failed:
		if outcome.Judge(outcome.Run{Specs: []outcome.Spec{s}}, c.waivers).SpecWaived(0) {
			mark, word = "W", "WAIVED"
		} else {
			mark, word, failed = "F", "FAIL", true
		}
	case outcome.Interrupted:
		mark, word = "I", "INTERRUPTED"
	case outcome.NotRun:
		mark, word = "-", "NOT RUN"
	case outcome.Skipped:
		mark, word = "S", "SKIP"
		if s.SkipKind() == finding.NotApplicable {
			mark, word = "n", "N/A"
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.done++
	if c.verbose {
		c.breakLine()
		fmt.Fprintf(c.w, "%-7s %8s  %s\n", c.paint(word), s.Duration.Round(time.Millisecond), s.Name)
		if s.State != outcome.Passed {
			fmt.Fprintf(c.w, "        %s\n", s.Line())
		}
		return failed
	}
	fmt.Fprint(c.w, c.paint(mark))
	c.col++
	if c.col == marksPerLine {
		fmt.Fprintf(c.w, " %*d/%d\n", len(fmt.Sprint(c.total)), c.done, c.total)
		c.col = 0
	}
	return failed
}

// waiting tells a spec that has been waiting long on one thing.
func (c *console) waiting(rec suite.ProgressRecord) {
	if rec.Wait == nil {
		return
	}
	w := rec.Wait
	c.note(fmt.Sprintf("waiting %s (limit %s) in %q: for %s", w.Waited.Round(time.Second), w.Limit, w.Spec, w.What))
}

// note prints a line of its own between the marks.
func (c *console) note(line string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.breakLine()
	fmt.Fprintf(c.w, "  %s\n", line)
}

// end ends the progress.
func (c *console) end() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.breakLine()
}

func (c *console) breakLine() {
	if c.col > 0 {
		fmt.Fprintln(c.w)
		c.col = 0
	}
}

// paint colours a mark or word when the console has colours.
func (c *console) paint(s string) string {
	if !c.color {
		return s
	}
	switch {
	case strings.HasPrefix(s, "F"):
		return "\x1b[1;31m" + s + "\x1b[0m"
	case strings.HasPrefix(s, "W"), strings.HasPrefix(s, "S"), strings.HasPrefix(s, "I"), strings.HasPrefix(s, "N"), s == "-", s == "n":
		return "\x1b[33m" + s + "\x1b[0m"
	}
	return "\x1b[32m" + s + "\x1b[0m"
}

// driverDesc is the driver and its options, as the summary names them.
func driverDesc(m reports.Meta) string {
	if opts := reports.FormatOptions(m.DriverOptions); opts != "" {
		return m.Driver + " (" + opts + ")"
	}
	return m.Driver
}
