package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
	"github.com/onsi/ginkgo/v2/types"
)

// The run command runs the suite in a child process (this binary again,
// with envProgress naming a file of suite.ProgressRecords) and watches it.
// A provider that panics on a goroutine of its own, or crashes in C, takes
// the process it runs in down, and no recover can stop that: the parent
// then tells which spec was running, reports the specs that ended, and
// fails the run instead of leaving a bare Go panic. envInProcess=1 runs
// the suite in the ndkconform process itself (for debugging).
const (
	envProgress  = "NDKCONFORM_PROGRESS"
	envInProcess = "NDKCONFORM_IN_PROCESS"
)

// crashTail is how much of the child's standard error is kept for the
// crash report.
const crashTail = 64 << 10

// superviseRun runs `run args` in a child process and returns its exit
// status, or reports its crash.
func superviseRun(cfg suite.Config, o *runOptions, waivers reports.Waivers, args []string, stdout, stderr io.Writer) int {
	dir, err := os.MkdirTemp("", "ndkconform-run-")
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	defer os.RemoveAll(dir)
	progressPath := filepath.Join(dir, "progress.jsonl")
	if err := os.WriteFile(progressPath, nil, 0o600); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "%s: cannot run the suite in a child process: %v (set %s=1 to run it in this one)\n", tool, err, envInProcess)
		return exitFail
	}
	cmd := exec.Command(exe, append([]string{"run"}, args...)...)
	cmd.Env = append(os.Environ(), envProgress+"="+progressPath)
	tail := &tailBuffer{max: crashTail}
	cmd.Stdin = nil
	cmd.Stdout = stdout
	cmd.Stderr = io.MultiWriter(stderr, tail)

	// An interrupt from the terminal reaches the child too (it reports
	// and exits); the parent waits for it. A SIGTERM sent to the parent
	// alone is passed on.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)

	attr, unlock := childAttr()
	defer unlock()
	cmd.SysProcAttr = attr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(stderr, "%s: cannot run the suite in a child process: %v (set %s=1 to run it in this one)\n", tool, err, envInProcess)
		return exitFail
	}
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-sigs:
				if s != os.Interrupt {
					cmd.Process.Signal(s)
				}
			case <-done:
				return
			}
		}
	}()
	werr := cmd.Wait()
	close(done)
	wall := time.Since(start)

	recs, perr := readProgress(progressPath)
	if perr != nil {
		fmt.Fprintf(stderr, "%s: reading the child's progress: %v\n", tool, perr)
	}
	for _, r := range recs {
		if r.Event == suite.ProgressExit && r.Code != nil {
			return *r.Code
		}
	}
	how := "it exited"
	if cmd.ProcessState != nil {
		how = cmd.ProcessState.String()
	} else if werr != nil {
		how = werr.Error()
	}
	return reportCrash(recs, how, tail.String(), cfg, o, waivers, args, start, wall, stdout, stderr)
}

// readProgress reads the records of a progress file; a last line cut short
// by the crash is ignored.
func readProgress(path string) ([]suite.ProgressRecord, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var recs []suite.ProgressRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var r suite.ProgressRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			continue
		}
		recs = append(recs, r)
	}
	return recs, sc.Err()
}

// reportCrash reports a child that died before it could report: the spec
// it was running fails with the crash, the specs that ended are reported as
// they ended, and the run fails.
func reportCrash(recs []suite.ProgressRecord, how, errTail string, cfg suite.Config, o *runOptions, waivers reports.Waivers,
	args []string, start time.Time, wall time.Duration, stdout, stderr io.Writer) int {
	meta := runMeta(cfg, args, start, wall)
	var specs []types.SpecReport
	var running, last *types.SpecReport
	for _, r := range recs {
		switch r.Event {
		case suite.ProgressMeta:
			if r.SideA != nil {
				meta.SideA = *r.SideA
			}
			if r.SideB != nil {
				meta.SideB = *r.SideB
			}
			if r.Adapter != nil {
				meta.Adapter = *r.Adapter
			}
		case suite.ProgressStart:
			running = r.Spec
		case suite.ProgressEnd:
			if r.Spec == nil {
				continue
			}
			specs = append(specs, *r.Spec)
			if running != nil && sameSpec(*running, *r.Spec) {
				running, last = nil, r.Spec
			}
		}
	}
	excerpt := crashExcerpt(errTail)
	during := "before any spec started"
	switch {
	case running != nil:
		during = fmt.Sprintf("during spec %q", running.FullText())
	case last != nil:
		during = fmt.Sprintf("between specs, after spec %q had ended", last.FullText())
	}
	msg := fmt.Sprintf("the test process died (%s) %s: %s", how, during, reports.FirstLine(excerpt))
	if running != nil {
		sr := *running
		sr.State = types.SpecStatePanicked
		sr.EndTime = start.Add(wall)
		if !sr.StartTime.IsZero() {
			sr.RunTime = sr.EndTime.Sub(sr.StartTime)
		}
		sr.Failure = types.Failure{
			Message: fmt.Sprintf("the test process died (%s) while this spec ran: a crash outside any call the suite made and could recover from, most likely of the provider on a goroutine or thread of its own\n%s", how, excerpt),
		}
		specs = append(specs, sr)
	}
	report := types.Report{
		SuiteSucceeded: false,
		SuiteConfig:    types.SuiteConfig{LabelFilter: cfg.LabelFilter, FocusStrings: cfg.Focus},
		SpecReports:    specs,
		StartTime:      start,
		EndTime:        start.Add(wall),
	}
	r := reports.FromGinkgo(report, meta)
	r.SuiteFailures = append(r.SuiteFailures, msg+" (the specs after it did not run)")
	r.ApplyWaivers(waivers)
	fmt.Fprintf(stderr, "\n%s: %s\n", tool, msg)
	finishRun(r, cfg, o, wall, stdout, stderr)
	return exitFail
}

// sameSpec tells whether a and b report the same spec.
func sameSpec(a, b types.SpecReport) bool {
	return a.FullText() == b.FullText() && a.LeafNodeLocation == b.LeafNodeLocation
}

// crashExcerpt is the Go runtime's crash report in the child's standard
// error (from "panic:", "fatal error:" or the signal line, 40 lines), or
// its last 40 lines.
func crashExcerpt(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	from := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "SIG") {
			from = i
			break
		}
	}
	if from < 0 {
		from = max(0, len(lines)-40)
	}
	lines = lines[from:min(len(lines), from+40)]
	out := strings.TrimSpace(strings.Join(lines, "\n"))
	if out == "" {
		return "(nothing on its standard error)"
	}
	return out
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
