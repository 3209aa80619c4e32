package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/runner"
)

// Runs cut short: the tests start ndkconform in the background on a spec
// that waits a long time (CN-17 against sim with a 1-minute disconnect
// timeout: the disconnect to an unresponsive peer waits it out), wait until
// the spec has started, then signal or kill a process.

// slowRun is a run of the two CN-17 specs of the disconnect scheme (not
// the clause specs) in one child process, the first of which waits a
// minute unless the run is cut short.
func slowRun(dir string) []string {
	return []string{"run", "-v", "--parallel", "1", "--label-filter", "CN-17 && !clause:CN-17.timeout && !model", "--driver-opt", "disconnect-timeout=1m", "--timeout", "2m",
		"--out", dir}
}

// specStarted is what -v prints when a CN-17 spec starts: ndkconform's
// RUN line, or in one process Ginkgo's location of the spec.
var specStarted = regexp.MustCompile(`(?m)^RUN +.*CN-17|specs/disconnect/disconnect\.go:\d+$`)

// lockedBuffer is a bytes.Buffer the process writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// background is ndkconform running in the background.
type background struct {
	cmd            *exec.Cmd
	stdout, stderr lockedBuffer
	done           chan struct{}
	err            error
}

func startBackground(t *testing.T, env []string, args ...string) *background {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = t.TempDir()
	return startCmd(t, cmd, env)
}

// startCmd starts cmd in the background with env added to its
// environment, its output kept; the test's cleanup kills it if it still
// runs.
func startCmd(t *testing.T, cmd *exec.Cmd, env []string) *background {
	t.Helper()
	b := &background{done: make(chan struct{}), cmd: cmd}
	b.cmd.Env = append(os.Environ(), env...)
	b.cmd.Stdout, b.cmd.Stderr = &b.stdout, &b.stderr
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { b.err = b.cmd.Wait(); close(b.done) }()
	t.Cleanup(func() {
		select {
		case <-b.done:
		default:
			b.cmd.Process.Kill()
			<-b.done
		}
	})
	return b
}

// waitFor polls until cond holds, failing the test after limit.
func waitFor(t *testing.T, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitFor polls until cond holds, failing the test after limit or when
// the process ends first, with what the process printed.
func (b *background) waitFor(t *testing.T, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		select {
		case <-b.done:
			if cond() {
				return
			}
			t.Fatalf("%s: ndkconform ended first (%v)\nstdout:\n%s\nstderr:\n%s", what, b.err, b.stdout.String(), b.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v\nstdout:\n%s\nstderr:\n%s", what, limit, b.stdout.String(), b.stderr.String())
		}
	}
}

// waitStarted waits until a spec has started.
func (b *background) waitStarted(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !specStarted.MatchString(b.stdout.String()) {
		select {
		case <-b.done:
			t.Fatalf("ndkconform ended before a spec started (%v)\nstdout:\n%s\nstderr:\n%s", b.err, b.stdout.String(), b.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("no spec started within 2m\nstdout:\n%s", b.stdout.String())
		}
	}
	// The start is told as the spec's nodes are about to run: a signal in
	// that instant finds the spec not started yet (not run). The CN-17
	// spec then runs for a minute.
	time.Sleep(300 * time.Millisecond)
}

// wait waits for the process to end and returns its exit status.
func (b *background) wait(t *testing.T) result {
	t.Helper()
	select {
	case <-b.done:
	case <-time.After(2 * time.Minute):
		t.Fatalf("ndkconform did not end within 2m of the signal\nstdout:\n%s\nstderr:\n%s", b.stdout.String(), b.stderr.String())
	}
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(b.err, &ee):
		code = ee.ExitCode()
	case b.err != nil:
		t.Fatal(b.err)
	}
	return result{code, b.stdout.String(), b.stderr.String()}
}

// procState is a process's state letter and parent from /proc ("" if it
// is gone).
func procState(pid int) (state string, ppid int) {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return "", 0
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 2 {
		return "", 0
	}
	ppid, _ = strconv.Atoi(fields[1])
	return fields[0], ppid
}

// childOf is the pid of the one child process of pid (the suite's).
func childOf(t *testing.T, pid int) int {
	t.Helper()
	return childrenOf(t, pid, 1)[0]
}

// childrenOf are the n child processes of pid (the shares of a split run).
func childrenOf(t *testing.T, pid, n int) []int {
	t.Helper()
	var kids []int
	waitFor(t, "the child process", time.Minute, func() bool {
		kids = kids[:0]
		entries, _ := os.ReadDir("/proc")
		for _, e := range entries {
			if n, err := strconv.Atoi(e.Name()); err == nil {
				if st, ppid := procState(n); ppid == pid && st != "Z" {
					kids = append(kids, n)
				}
			}
		}
		return len(kids) == n
	})
	return kids
}

func needProc(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("finds the child process in /proc")
	}
}

// checkCutShort checks the reports of the two CN-17 specs of a run cut
// short while the first ran: that one interrupted, the other not run, no
// rule charged, and how said everywhere.
func checkCutShort(t *testing.T, dir, how string) {
	t.Helper()
	run := readJSONReport(t, filepath.Join(dir, "report.json"))
	if run.Verdict != outcome.VerdictInterrupted || run.Interrupted != how || len(run.SuiteFailures) != 0 {
		t.Errorf("JSON: verdict %q, interrupted %q, suite failures %q", run.Verdict, run.Interrupted, run.SuiteFailures)
	}
	c := run.Counts().Specs
	if c.Selected != 2 || c.Interrupted != 1 || c.NotRun != 1 || c.Failed != 0 || c.Passed != 0 {
		t.Errorf("JSON: %d specs, %d interrupted, %d not run, %d failed, %d passed; want 2 1 1 0 0", c.Selected, c.Interrupted, c.NotRun, c.Failed, c.Passed)
	}
	for _, s := range run.Selected() {
		want := how + " while this spec ran"
		if s.State == outcome.NotRun {
			want = how + " before this spec started"
		}
		if (s.State != outcome.Interrupted && s.State != outcome.NotRun) || !strings.HasPrefix(s.Note, want) {
			t.Errorf("JSON: spec %q: %s %q", s.Name, s.State, s.Note)
		}
	}
	for _, rr := range run.Rules {
		switch rr.Rule.ID {
		case "CN-17", "DS-4", "DS-10":
			if rr.Verdict != outcome.RuleNotRun {
				t.Errorf("JSON: rule %s %q, want %q", rr.Rule.ID, rr.Verdict, outcome.RuleNotRun)
			}
		}
		if rr.Verdict == outcome.RuleFailed || len(rr.Charges) > 0 {
			t.Errorf("JSON: rule %s charged: %s %v", rr.Rule.ID, rr.Verdict, rr.Charges)
		}
	}

	data, err := os.ReadFile(filepath.Join(dir, "junit.xml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc reports.JUnitTestSuites
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	ts := doc.TestSuite[0]
	if ts.Failures != 0 || ts.Errors != 0 || ts.Skipped != 2 || len(ts.TestCases) != 2 {
		t.Errorf("JUnit: %d failures, %d errors, %d skipped, %d testcases", ts.Failures, ts.Errors, ts.Skipped, len(ts.TestCases))
	}
	var messages []string
	for _, tc := range ts.TestCases {
		if tc.Skipped != nil {
			messages = append(messages, tc.Skipped.Message)
		}
	}
	want := []string{"interrupted: " + how + " while this spec ran", "not run: " + how + " before this spec started"}
	if strings.Join(messages, "\n") != strings.Join(want, "\n") {
		t.Errorf("JUnit skipped messages:\n%s\nwant:\n%s", strings.Join(messages, "\n"), strings.Join(want, "\n"))
	}
	found := false
	for _, p := range ts.Properties {
		found = found || p == reports.JUnitProperty{Name: "interrupted", Value: how}
	}
	if !found {
		t.Errorf("JUnit: no property interrupted=%q", how)
	}
}

// checkSummary checks the console summary of a run cut short.
func checkSummary(t *testing.T, r result, how string) {
	t.Helper()
	for _, want := range []string{
		"verdict:  INTERRUPTED (" + how + ")",
		"0 passed, 0 failed, 1 interrupted, 1 not run\n",
		"Interrupted specs (no verdict on the provider):",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.stdout)
		}
	}
	if lastLine(r.stdout) != "0 passed, 0 failed, 1 interrupted, 1 not run" {
		t.Errorf("last line %q", lastLine(r.stdout))
	}
}

// SIGINT or SIGTERM to the ndkconform process alone (not its process
// group) interrupts the run: the spec that was running is interrupted,
// the other is not run, no rule is charged, and the exit status is 130 or
// 143. So in one process (NDKCONFORM_IN_PROCESS=1), where Ginkgo gets the
// signal directly.
func TestInterruptedRun(t *testing.T) {
	skipIfShort(t)
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	for _, tc := range []struct {
		name      string
		sig       syscall.Signal
		inProcess bool
		code      int
		how       string
	}{
		{"SIGINT", syscall.SIGINT, false, 130, "the run was interrupted by SIGINT"},
		{"SIGTERM", syscall.SIGTERM, false, 143, "the run was interrupted by SIGTERM"},
		{"SIGTERM in process", syscall.SIGTERM, true, 143, "the run was interrupted by SIGTERM"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			var env []string
			if tc.inProcess {
				env = append(env, runner.EnvInProcess+"=1")
			}
			b := startBackground(t, env, slowRun(dir)...)
			b.waitStarted(t)
			if err := b.cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			r := b.wait(t)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tc.code, r.stdout, r.stderr)
			}
			checkSummary(t, r, tc.how)
			checkCutShort(t, dir, tc.how)
			checkCountsAgree(t, r.stdout, dir)
		})
	}
}

// A child killed by a signal from outside (the OOM killer, a CI watchdog)
// is reported as killed by that signal, not as a provider crash: the spec
// it was running is interrupted, the rest not run, no rule is charged, and
// the exit status is 128+9.
func TestChildKilledFromOutside(t *testing.T) {
	skipIfShort(t)
	needProc(t)
	t.Parallel()
	dir := t.TempDir()
	b := startBackground(t, nil, slowRun(dir)...)
	b.waitStarted(t)
	child := childOf(t, b.cmd.Process.Pid)
	if err := syscall.Kill(child, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	r := b.wait(t)
	if r.code != 137 {
		t.Fatalf("exit %d, want 137\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, "ndkconform: the test process was killed by signal SIGKILL during spec ") {
		t.Errorf("stderr does not say the test process was killed by SIGKILL:\n%s", r.stderr)
	}
	for _, bad := range []string{"most likely", "died", "panic"} {
		if strings.Contains(r.stderr+r.stdout, bad) {
			t.Errorf("the report says %q: a crash was not observed\nstdout:\n%s\nstderr:\n%s", bad, r.stdout, r.stderr)
		}
	}
	how := "the test process was killed by signal SIGKILL"
	checkSummary(t, r, how)
	checkCutShort(t, dir, how)
}

// A parent killed outright (SIGKILL) leaves no temporary file or directory
// behind (the child's progress comes through an inherited pipe), and takes
// its child with it.
func TestParentKilledLeavesNothing(t *testing.T) {
	skipIfShort(t)
	needProc(t)
	t.Parallel()
	tmp := t.TempDir()
	b := startBackground(t, []string{"TMPDIR=" + tmp}, slowRun(t.TempDir())...)
	b.waitStarted(t)
	child := childOf(t, b.cmd.Process.Pid)
	if err := b.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-b.done
	waitFor(t, "the child's death", time.Minute, func() bool {
		st, _ := procState(child)
		return st == "" || st == "Z" // gone, or dead and not reaped (no init reaps here)
	})
	entries, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("left in TMPDIR: %s", e.Name())
	}
}

// dumpProc is one test process of a run as SIGUSR1's dump tells it: its
// share, its specs ended so far, the spec it runs ("" between specs).
type dumpProc struct {
	specs, passed, failed, skipped, left int
	running                              string
}

var dumpProcLine = regexp.MustCompile(`(?m)^  process (\d+) of (\d+) \((\d+) specs?\): (\d+) passed, (\d+) failed, (\d+) skipped, (\d+) not yet run\n(?:    running for [^:]+: [0-9a-f]{8} (.*))?`)

// dumpUntil asks the run for its progress (SIGUSR1) until the dump it
// prints on stderr satisfies cond, and returns it: an event the run tells,
// not a guessed delay. The run must be past its start (a SIGUSR1 before
// the run began is ignored).
func (b *background) dumpUntil(t *testing.T, what string, cond func([]dumpProc) bool) []dumpProc {
	t.Helper()
	const head = ": SIGUSR1: the run after "
	var procs []dumpProc
	waitFor(t, what, 2*time.Minute, func() bool {
		before := strings.Count(b.stderr.String(), head)
		if err := b.cmd.Process.Signal(syscall.SIGUSR1); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the progress dump", time.Minute, func() bool { return strings.Count(b.stderr.String(), head) > before })
		text := b.stderr.String()
		dump := text[strings.LastIndex(text, head):]
		procs = procs[:0]
		for _, m := range dumpProcLine.FindAllStringSubmatch(dump, -1) {
			procs = append(procs, dumpProc{specs: atoi(t, m[3]), passed: atoi(t, m[4]), failed: atoi(t, m[5]), skipped: atoi(t, m[6]), left: atoi(t, m[7]), running: m[8]})
		}
		return cond(procs)
	})
	return procs
}

// allRunning holds when every process of a dump of n runs a spec whose
// name has substr.
func allRunning(n int, substr string) func([]dumpProc) bool {
	return func(procs []dumpProc) bool {
		if len(procs) != n {
			return false
		}
		for _, p := range procs {
			if !strings.Contains(p.running, substr) {
				return false
			}
		}
		return true
	}
}

// A run split over two processes and interrupted: each process's running
// spec is interrupted and the rest of its share not run, in one report,
// no rule charged, exit status 130. The four CN-17 specs each wait a
// minute unless cut short; the signal comes once each process runs one
// (the progress dump tells).
func TestSplitRunInterrupted(t *testing.T) {
	skipIfShort(t)
	needProc(t)
	t.Parallel()
	dir := t.TempDir()
	b := startBackground(t, nil, "run", "--parallel", "2", "--label-filter", "CN-17 && !model", "--driver-opt", "disconnect-timeout=1m", "--timeout", "2m",
		"--json-report", filepath.Join(dir, "report.json"))
	childrenOf(t, b.cmd.Process.Pid, 2) // the run answers SIGUSR1 from now on
	b.dumpUntil(t, "each process running a CN-17 spec", allRunning(2, "CN-17"))
	if err := b.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	r := b.wait(t)
	how := "the run was interrupted by SIGINT"
	if r.code != 130 {
		t.Fatalf("exit %d, want 130\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"verdict:  INTERRUPTED (" + how + ")", fmt.Sprintf("specs:    4 of %d selected: 0 passed, 0 failed, 2 interrupted, 2 not run\n", defaultSpecs(t))} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.stdout)
		}
	}
	run := readJSONReport(t, filepath.Join(dir, "report.json"))
	c := run.Counts().Specs
	if run.Verdict != outcome.VerdictInterrupted || run.Interrupted != how || c.Interrupted != 2 || c.NotRun != 2 || len(run.SuiteFailures) != 0 {
		t.Errorf("JSON: verdict %q, interrupted %q, %d interrupted, %d not run, suite failures %q", run.Verdict, run.Interrupted, c.Interrupted, c.NotRun, run.SuiteFailures)
	}
	for _, rr := range run.Rules {
		if rr.Verdict == outcome.RuleFailed || len(rr.Charges) > 0 {
			t.Errorf("JSON: rule %s charged: %s %v", rr.Rule.ID, rr.Verdict, rr.Charges)
		}
	}
}

// One process of a split run killed from outside keeps what the run found:
// the other process's share ends as it ends (every spec passed), the
// killed one's specs that had ended stay as they ended, the spec it ran is
// interrupted and the rest of its share not run, and the run is cut short
// with exit status 128+9. Each process runs its CN-17 spec first (a long
// spec: a 10s disconnect time-out waited out), then lighter ones; the
// kill comes while both run their CN-17 spec (the progress dump tells,
// with each share's size and specs ended so far).
func TestSplitRunChildKilled(t *testing.T) {
	skipIfShort(t)
	needProc(t)
	t.Parallel()
	dir := t.TempDir()
	b := startBackground(t, nil, "run", "--parallel", "2", "--label-filter", "(CN-17 && !clause:CN-17.timeout && !model) || (LC-10 && !CN-2 && !model)",
		"--driver-opt", "disconnect-timeout=10s", "--timeout", "20s", "--json-report", filepath.Join(dir, "report.json"))
	kids := childrenOf(t, b.cmd.Process.Pid, 2) // the run answers SIGUSR1 from now on
	procs := b.dumpUntil(t, "each process running its CN-17 spec", allRunning(2, "CN-17"))
	// the share of the process killed: the first started (its pid the lower)
	if kids[1] < kids[0] {
		kids[0], kids[1] = kids[1], kids[0]
	}
	if err := syscall.Kill(kids[0], syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	r := b.wait(t)
	if r.code != 137 {
		t.Fatalf("exit %d, want 137\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	how := "the test process was killed by signal SIGKILL"
	if !strings.Contains(r.stderr, how+" during spec ") {
		t.Errorf("stderr does not say a test process was killed by SIGKILL:\n%s", r.stderr)
	}
	run := readJSONReport(t, filepath.Join(dir, "report.json"))
	c := run.Counts().Specs
	dead, kept := procs[0], procs[1]
	// kept: the other share whole, and what the killed one had ended
	if c.Selected != dead.specs+kept.specs || c.Passed != kept.specs+dead.passed || c.Skipped() != dead.skipped || c.Interrupted != 1 ||
		c.NotRun != dead.specs-dead.passed-dead.skipped-1 || c.Failed != 0 {
		t.Errorf("JSON: %d selected, %d passed, %d skipped, %d interrupted, %d not run, %d failed; "+
			"the dump before the kill: process 1 (killed) %+v, process 2 %+v", c.Selected, c.Passed, c.Skipped(), c.Interrupted, c.NotRun, c.Failed, dead, kept)
	}
	if run.Verdict != outcome.VerdictInterrupted || run.Interrupted != how {
		t.Errorf("JSON: verdict %q, interrupted %q", run.Verdict, run.Interrupted)
	}
	for _, s := range run.Selected() {
		if s.State == outcome.Interrupted && !strings.Contains(s.Name, "CN-17") {
			t.Errorf("the spec interrupted is %q, not the CN-17 spec the killed process ran", s.Name)
		}
	}
}

// An interrupt stops the running spec's body at its next call to the
// provider: the spec that takes every ephemeral port, one listener at a
// time, stops taking them, and its cleanup closes what it took, with no
// failure of its own. (Before, the body went on taking ports while the
// cleanup closed them, and the adapter's close waited out the 10 s
// time-out for the last ones: "also failed: LT-22".) No callback trace is
// attached to the interrupted spec.
func TestInterruptStopsTheSpecBody(t *testing.T) {
	skipIfShort(t)
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	t.Parallel()
	dir := t.TempDir()
	b := startBackground(t, nil, "run", "-v", "--label-filter", "CN-1 && IPv4 && endpoints && !model",
		"--focus", "fails with STATUS_TOO_MANY_ADDRESSES once the whole ephemeral range", "--json-report", filepath.Join(dir, "report.json"))
	waitFor(t, "the spec to start", 2*time.Minute, func() bool { return strings.Contains(b.stdout.String(), "\nRUN ") })
	time.Sleep(200 * time.Millisecond) // into its 16384 listens (about 600 ms on 2 idle cores)
	if err := b.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	r := b.wait(t)
	if r.code != 130 {
		t.Fatalf("exit %d, want 130\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	run := readJSONReport(t, filepath.Join(dir, "report.json"))
	sel := run.Selected()
	if len(sel) != 1 || sel[0].State != outcome.Interrupted {
		t.Fatalf("specs %+v; want the one spec, interrupted", sel)
	}
	if s := sel[0]; strings.Contains(s.Note, "also ") || strings.Contains(s.Note, "LT-22") || s.Failure != nil {
		t.Errorf("the interrupted spec's cleanup failed: %q", s.Note)
	}
	if strings.Contains(string(data), `"trace"`) {
		t.Errorf("the report holds a callback trace for an interrupted spec")
	}
}

// The first SIGINT says what it does and that a second one stops at once;
// the second kills the test processes: the run ends, interrupted (exit
// 130), the spec that ran interrupted, none failed.
func TestSecondSignalForces(t *testing.T) {
	skipIfShort(t)
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	t.Parallel()
	dir := t.TempDir()
	// The interrupted spec's cleanup issues every close at once and sim
	// completes them in microseconds: the run used to end before the
	// second signal came (the test failed every time without -race).
	// Sim's completions 1s late keep the run in its cleanup for a second
	// after the first signal (its 1s connect time-out made a minute, so
	// that the late completions do not lapse it).
	b := startBackground(t, nil, append(slowRun(dir), "--driver-opt", "completion-delay=1s", "--driver-opt", "connect-timeout=1m")...)
	// into the minute the disconnect takes (a signal before the spec's
	// pair exists ends the run at once)
	b.waitFor(t, "the console's note of the disconnect's wait", 2*time.Minute, func() bool {
		return regexp.MustCompile(`(?m)^  waiting \d+s .*CN-17.*: for the completion of NdkDisconnect`).MatchString(b.stdout.String())
	})
	if err := b.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	b.waitFor(t, "the first signal's note", time.Minute, func() bool {
		return strings.Contains(b.stdout.String(), "SIGINT: interrupting the run; the running specs' cleanup ends it (SIGINT again stops at once)")
	})
	if err := b.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	r := b.wait(t)
	if r.code != 130 || !strings.Contains(r.stdout, "SIGINT again: stopping the test processes at once") {
		t.Fatalf("exit %d, want 130 and the second signal's note\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	run := readJSONReport(t, filepath.Join(dir, "report.json"))
	if c := run.Counts().Specs; run.Verdict != outcome.VerdictInterrupted || c.Failed != 0 || c.Interrupted+c.NotRun != c.Selected {
		t.Errorf("verdict %s, %d failed, %d interrupted, %d not run of %d; want interrupted, none failed", run.Verdict, c.Failed, c.Interrupted, c.NotRun, c.Selected)
	}
}

// --run-timeout bounds the whole run: past it the console names the spec
// that was running, that spec is interrupted and the rest not run, and the
// run ends cut short with exit status 124, no rule charged.
func TestRunTimeout(t *testing.T) {
	skipIfShort(t)
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	t.Parallel()
	dir := t.TempDir()
	b := startBackground(t, nil, append(slowRun(dir), "--run-timeout", "20s")...)
	r := b.wait(t)
	if r.code != 124 || !regexp.MustCompile(`--run-timeout 20s passed: stopping the run \(".*CN-17.*" (ran|waited for .*)\)`).MatchString(r.stdout) {
		t.Fatalf("exit %d, want 124 and a line naming the CN-17 spec that ran\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	how := "--run-timeout 20s stopped the run"
	checkSummary(t, r, how)
	checkCutShort(t, dir, how)
}

// SIGUSR1 to ndkconform prints on its standard error, per test process,
// its share, its specs so far, the spec it runs (short ID and name) and
// for how long, and what that spec waits for (the wait the console told);
// the run goes on and ends as it would have: exit 0, every spec passed.
func TestProgressSignal(t *testing.T) {
	skipIfShort(t)
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	t.Parallel()
	dir := t.TempDir()
	// slowRun's, its spec waiting 30s for the disconnect to an
	// unresponsive peer to time out
	b := startBackground(t, nil, "run", "-v", "--parallel", "1", "--label-filter", "CN-17 && !clause:CN-17.timeout && !model",
		"--driver-opt", "disconnect-timeout=30s", "--timeout", "1m", "--out", dir)
	b.waitStarted(t)
	waitNote := regexp.MustCompile(`(?m)^  waiting \d+s \(limit [^)]*\) in "(.*CN-17.*)": for (.*)$`)
	b.waitFor(t, "the console's note of the long wait", time.Minute, func() bool { return waitNote.MatchString(b.stdout.String()) })
	note := waitNote.FindStringSubmatch(b.stdout.String())
	if err := b.cmd.Process.Signal(syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	dump := regexp.MustCompile(`\nndkconform: SIGUSR1: the run after [\d.]+m?s, in 1 process \(it goes on\):\n` +
		`  process 1 of 1 \((\d+) specs\): (\d+) passed, 0 failed, 0 skipped, (\d+) not yet run\n` +
		`    running for [\d.]+m?s: ([0-9a-f]{8}) (.*)\n` +
		`    waiting for (.*) \(told [\d.]+m?s ago: [\d.]+m?s so far, at most 1m0s\)\n`)
	b.waitFor(t, "the progress on stderr", time.Minute, func() bool { return dump.MatchString(b.stderr.String()) })
	m := dump.FindStringSubmatch(b.stderr.String())
	r := b.wait(t)
	if r.code != 0 || !strings.Contains(r.stdout, "  verdict:  PASS\n") {
		t.Fatalf("exit %d, want 0 and PASS: the run goes on\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	run := readJSONReport(t, filepath.Join(dir, "report.json"))
	c := run.Counts().Specs
	if run.Verdict != outcome.VerdictPass || c.Passed != c.Selected || strconv.Itoa(c.Selected) != m[1] {
		t.Errorf("verdict %s, %d of %d passed (the dump said %s specs); want every one passed", run.Verdict, c.Passed, c.Selected, m[1])
	}
	if passed, left := atoi(t, m[2]), atoi(t, m[3]); passed+left+1 != c.Selected {
		t.Errorf("the dump counts %d passed, %d not yet run and one running of %d", passed, left, c.Selected)
	}
	if m[5] != note[1] || m[4] != outcome.SpecID(note[1]) || m[6] != note[2] {
		t.Errorf("the dump names %s %q waiting for %q; the console told %q waiting for %q", m[4], m[5], m[6], note[1], note[2])
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
