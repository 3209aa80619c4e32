package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/cmd/ndkconform/internal/earlysig"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/runner"
)

// No result is ever lost: a SIGINT or SIGTERM at any moment of a run, from
// the process's first package initialized to its last report byte, ends it
// with exit status 130 or 143, the verdict INTERRUPTED and every report
// asked for saying so; a signal after the last report byte leaves the run
// as it was, a PASS over every selected spec. Nothing else.

// defaultSpecs is how many specs the default run against sim selects, as
// the binary's dry run counts them (once per test binary).
func defaultSpecs(t *testing.T) int {
	t.Helper()
	specCount.Do(func() {
		r := ndkconform(t, "run", "--dry-run")
		m := regexp.MustCompile(`(?m)^(\d+) selected, 0 not selected$`).FindStringSubmatch(r.stdout)
		if r.code != 0 || m == nil {
			specCount.err = fmt.Sprintf("--dry-run: exit %d, no \"N selected, 0 not selected\" line\n%.2000s", r.code, r.stdout+r.stderr)
			return
		}
		specCount.n, _ = strconv.Atoi(m[1])
	})
	if specCount.err != "" {
		t.Fatal(specCount.err)
	}
	return specCount.n
}

var specCount struct {
	sync.Once
	n   int
	err string
}

var sigName = map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM"}

// startSignalled starts `ndkconform run --out DIR` (the default run) in
// the background, through sh with the signals in ignore ignored, as a
// background job of a non-interactive shell is started with SIGINT
// ignored; env is added to its environment.
func startSignalled(t *testing.T, dir string, ignore []string, env ...string) *background {
	t.Helper()
	script := "exec \"$0\" run --out \"$1\""
	if len(ignore) > 0 {
		script = "trap '' " + strings.Join(ignore, " ") + "; " + script
	}
	cmd := exec.Command("/bin/sh", "-c", script, binary, filepath.Join(dir, "out"))
	cmd.Dir = dir
	return startCmd(t, cmd, env)
}

// signalsWatched reports whether process pid is ndkconform (sh has
// exec'd it), started with SIGINT ignored, and catches SIGINT: earlysig's
// init has run (its signal.Notify takes SIGINT and SIGTERM together).
// SIGINT, whatever signal the test sends: Go's runtime leaves an ignored
// SIGINT (and SIGHUP) ignored until a Notify, so /proc/PID/status's
// SigCgt shows earlysig's; it installs its own handler for an ignored
// SIGTERM as it starts, and a SIGTERM before the Notify ends the process.
func signalsWatched(pid int) bool {
	const sig = syscall.SIGINT
	if exe, err := os.Readlink(filepath.Join("/proc", strconv.Itoa(pid), "exe")); err != nil || filepath.Base(exe) != filepath.Base(binary) {
		return false
	}
	status, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return false
	}
	m := regexp.MustCompile(`(?m)^SigCgt:\s*([0-9a-f]+)$`).FindSubmatch(status)
	if m == nil {
		return false
	}
	mask, err := strconv.ParseUint(string(m[1]), 16, 64)
	return err == nil && mask&(1<<(uint(sig)-1)) != 0
}

// checkSignalled checks the outcome of a run sent sig: exit 128+sig, the
// verdict INTERRUPTED on the console and in every report, every selected
// spec of the default run counted, none failed and no rule charged, the
// counts the same everywhere; or, when the run had written everything
// before the signal came (finished), exit 0 and a PASS over every
// selected spec. It returns the counts and whether the run passed.
func checkSignalled(t *testing.T, r result, dir string, sig syscall.Signal) (c outcome.Counts, passed bool) {
	t.Helper()
	out := filepath.Join(dir, "out")
	how := "the run was interrupted by " + sigName[sig]
	verdict, htmlVerdict := outcome.VerdictInterrupted, "INTERRUPTED"
	switch r.code {
	case 128 + int(sig):
		if !strings.Contains(r.stdout, "  verdict:  INTERRUPTED ("+how+")\n") {
			t.Errorf("exit %d, and the summary does not say %q:\n%s", r.code, how, r.stdout)
		}
	case 0:
		passed, verdict, htmlVerdict = true, outcome.VerdictPass, "PASS"
		if !strings.Contains(r.stdout, "  verdict:  PASS\n") {
			t.Errorf("exit 0 and no PASS:\n%s", r.stdout)
		}
	default:
		t.Fatalf("exit %d: want %d (interrupted) or 0 (the run ended before the signal)\nstdout:\n%s\nstderr:\n%s", r.code, 128+int(sig), r.stdout, r.stderr)
	}
	for _, f := range []string{"junit.xml", "report.json", "report.html"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Fatalf("exit %d, and no %s: %v\nstdout:\n%s\nstderr:\n%s", r.code, f, err, r.stdout, r.stderr)
		}
	}
	run := readJSONReport(t, filepath.Join(out, "report.json"))
	c = checkCountsAgree(t, r.stdout, out)
	if run.Verdict != verdict || (!passed && run.Interrupted != how) {
		t.Errorf("exit %d; the JSON report's verdict %q, interrupted %q", r.code, run.Verdict, run.Interrupted)
	}
	page, _ := os.ReadFile(filepath.Join(out, "report.html"))
	if !strings.Contains(string(page), ">"+htmlVerdict+"</div>") {
		t.Errorf("exit %d; the HTML report's verdict is not %s", r.code, htmlVerdict)
	}
	s := c.Specs
	if s.Selected != defaultSpecs(t) || s.Failed != 0 || s.Waived != 0 {
		t.Errorf("exit %d: %d specs selected, %d failed, %d waived; want %d, none failed", r.code, s.Selected, s.Failed, s.Waived, defaultSpecs(t))
	}
	if passed && (s.Interrupted != 0 || s.NotRun != 0 || s.Passed+s.Skipped() != defaultSpecs(t)) {
		t.Errorf("a PASS over %d passed, %d skipped, %d interrupted, %d not run: want every one of the %d selected specs run", s.Passed, s.Skipped(), s.Interrupted, s.NotRun, defaultSpecs(t))
	}
	for _, rr := range run.Rules {
		if rr.Verdict == outcome.RuleFailed || len(rr.Charges) > 0 {
			t.Errorf("rule %s charged: %s %v", rr.Rule.ID, rr.Verdict, rr.Charges)
		}
	}
	return c, passed
}

// A signal at each point of a run (the process waits there for it: a
// test pause, runner.EnvTestPause): before the flags are parsed, while
// the plan is made, before any test process started, after the first
// started, while they run, once they ended, between two reports, after
// the last one. SIGINT in a process started with it ignored, SIGTERM in
// one started with it not. Each outcome is what that moment allows, and
// nothing else.
func TestSignalAtEveryPoint(t *testing.T) {
	skipIfShort(t)
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	type want int
	const (
		noneRan  want = iota // every selected spec not run
		someRan              // interrupted while the specs ran
		allEnded             // every spec ended, the run interrupted all the same
		passed               // the reports were written whole: a PASS
	)
	for _, tc := range []struct {
		point string
		sigs  []syscall.Signal
		want  want
		env   string
	}{
		{pauseMain, []syscall.Signal{syscall.SIGINT, syscall.SIGTERM}, noneRan, ""},
		// the suite in this process: the plan made and the configuration
		// checked in it, no spec run
		{pauseMain, []syscall.Signal{syscall.SIGTERM}, noneRan, runner.EnvInProcess + "=1"},
		{runner.PausePlan, []syscall.Signal{syscall.SIGINT, syscall.SIGTERM}, noneRan, ""},
		{runner.PauseSharesStart, []syscall.Signal{syscall.SIGINT, syscall.SIGTERM}, someRan, ""},
		{runner.PauseShareStarted, []syscall.Signal{syscall.SIGINT, syscall.SIGTERM}, someRan, ""},
		{runner.PauseRunning, []syscall.Signal{syscall.SIGINT, syscall.SIGTERM}, someRan, ""},
		{runner.PauseChildrenEnded, []syscall.Signal{syscall.SIGINT}, allEnded, ""},
		{pauseReports, []syscall.Signal{syscall.SIGTERM}, allEnded, ""},
		{pauseReportsWritten, []syscall.Signal{syscall.SIGINT}, passed, ""},
	} {
		for _, sig := range tc.sigs {
			name := tc.point + "/" + sigName[sig]
			if tc.env != "" {
				name += "/" + tc.env
			}
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				var ignore []string
				if sig == syscall.SIGINT {
					ignore = []string{"INT"}
				}
				env := []string{runner.EnvTestPause + "=" + tc.point}
				if tc.env != "" {
					env = append(env, tc.env)
				}
				b := startSignalled(t, dir, ignore, env...)
				waitFor(t, "the pause at "+tc.point, 2*time.Minute, func() bool {
					return strings.Contains(b.stderr.String(), "ndkconform: test pause at "+tc.point+"\n")
				})
				if err := b.cmd.Process.Signal(sig); err != nil {
					t.Fatal(err)
				}
				r := b.wait(t)
				c, ok := checkSignalled(t, r, dir, sig)
				s := c.Specs
				switch {
				case tc.want == passed && !ok:
					t.Errorf("exit %d: the signal came after the last report: want the run as it was, a PASS", r.code)
				case tc.want != passed && ok:
					t.Errorf("exit 0, a PASS: the signal came before the last report, the run must say it was interrupted")
				case tc.want == noneRan && s.NotRun != defaultSpecs(t):
					t.Errorf("%d of %d specs not run: the signal came before any test process started", s.NotRun, s.Selected)
				case tc.want == allEnded && (s.NotRun != 0 || s.Interrupted != 0):
					t.Errorf("%d not run, %d interrupted: every spec had ended when the signal came", s.NotRun, s.Interrupted)
				case tc.want == someRan && s.NotRun+s.Interrupted == 0:
					t.Errorf("no spec interrupted or not run: the signal came as the test processes started or ran")
				}
				if t.Failed() {
					t.Logf("stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
				}
			})
		}
	}
}

// Signals at delays from the moment the process watches them (its
// earlysig init, seen in /proc: SigCgt) over the plan, the start of the
// test processes and the run: each run ends interrupted, with every
// report, or, had it written them all before the signal, as a PASS over
// every selected spec. The process is started with the signal ignored
// (trap ”), so that a signal before earlysig's init would be lost: none
// is sent before.
func TestSignalAtDelays(t *testing.T) {
	skipIfShort(t)
	needProc(t)
	var passes, interrupted []string
	for i, delay := range []time.Duration{0, 5 * time.Millisecond, 20 * time.Millisecond, 50 * time.Millisecond, 100 * time.Millisecond,
		200 * time.Millisecond, 400 * time.Millisecond, 800 * time.Millisecond, 1600 * time.Millisecond, 3200 * time.Millisecond} {
		sig := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM}[i%2]
		t.Run(fmt.Sprintf("%v/%s", delay, sigName[sig]), func(t *testing.T) {
			dir := t.TempDir()
			b := startSignalled(t, dir, []string{"INT", "TERM"})
			waitFor(t, "ndkconform to watch the signals", time.Minute, func() bool { return signalsWatched(b.cmd.Process.Pid) })
			time.Sleep(delay)
			if err := b.cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			r := b.wait(t)
			c, ok := checkSignalled(t, r, dir, sig)
			line := fmt.Sprintf("%v %s: exit %d, %s", delay, sigName[sig], r.code, c.SpecLine())
			if ok {
				passes = append(passes, line)
			} else {
				interrupted = append(interrupted, line)
			}
			if t.Failed() {
				t.Logf("stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
			}
		})
	}
	t.Logf("interrupted:\n%s\npassed (the run had ended):\n%s", strings.Join(interrupted, "\n"), strings.Join(passes, "\n"))
}

// earlysig cannot import runner (its init must come before the heavy
// packages'): it names runner's child mark itself.
func TestEarlysigKnowsTheChildMark(t *testing.T) {
	if earlysig.EnvChild != runner.EnvChild {
		t.Errorf("earlysig's child mark %q, runner's %q", earlysig.EnvChild, runner.EnvChild)
	}
	if earlysig.C == nil {
		t.Error("earlysig does not watch the signals in a process that is no test process of a run")
	}
}

// A signal to the process that makes the plan (kill or killall sending
// to every process of the run, not the parent passing it on): its
// Ginkgo preview would skip every spec (before: exit 2, "no spec
// selected", no report) or it would die (exit 1). The plan is made again
// in a new process, and the run is cut short by that signal: every spec
// not run, exit 130. So too when the parent gets the signal as well.
func TestSignalToThePlanProcess(t *testing.T) {
	skipIfShort(t)
	needProc(t)
	for _, parentToo := range []bool{false, true} {
		t.Run(fmt.Sprintf("parent too %v", parentToo), func(t *testing.T) {
			dir := t.TempDir()
			b := startSignalled(t, dir, nil, runner.EnvTestPause+"="+runner.PausePlanChild)
			waitFor(t, "the plan process's pause", 2*time.Minute, func() bool {
				return strings.Contains(b.stderr.String(), "ndkconform: test pause at "+runner.PausePlanChild+"\n")
			})
			plan := childOf(t, b.cmd.Process.Pid)
			if err := syscall.Kill(plan, syscall.SIGINT); err != nil {
				t.Fatal(err)
			}
			if parentToo {
				if err := b.cmd.Process.Signal(syscall.SIGINT); err != nil {
					t.Fatal(err)
				}
			}
			r := b.wait(t)
			c, _ := checkSignalled(t, r, dir, syscall.SIGINT)
			if r.code != 130 || c.Specs.NotRun != defaultSpecs(t) {
				t.Errorf("exit %d, %d of %d specs not run; want 130, every spec not run", r.code, c.Specs.NotRun, c.Specs.Selected)
			}
			if want := "the process that makes the run's plan was interrupted by SIGINT: making it again"; !strings.Contains(r.stdout, want) {
				t.Errorf("the console does not say %q", want)
			}
			if t.Failed() {
				t.Logf("stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
			}
		})
	}
}

// A report directory that disappears while the suite runs: removed, it
// is made again and the reports are written where asked (exit 0);
// replaced by a file, the reports are written into a directory of their
// own in the temporary directory, each named on stderr, whole, and the
// run exits 1; with no temporary directory either, stderr says each
// report is lost, and the run exits 1. (The spec waits out a 10s
// disconnect time-out: the directory goes while it runs, once it
// started.)
func TestReportDirGone(t *testing.T) {
	skipIfShort(t)
	if runtime.GOOS == "windows" {
		t.Skip("sh, rm")
	}
	files := []string{"junit.xml", "report.json", "report.html"}
	for _, tc := range []struct {
		name     string
		replace  bool // the directory replaced by a file, else removed
		noTmpDir bool // TMPDIR names no directory
	}{
		{"removed", false, false},
		{"replaced by a file", true, false},
		{"replaced, no temporary directory", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, tmp := filepath.Join(t.TempDir(), "out"), t.TempDir()
			if tc.noTmpDir {
				tmp = filepath.Join(tmp, "none")
			}
			b := startBackground(t, []string{"TMPDIR=" + tmp}, "run", "-v", "--parallel", "1", "--label-filter", "CN-17 && !clause:CN-17.timeout && !model && IPv4",
				"--driver-opt", "disconnect-timeout=10s", "--timeout", "20s", "--out", out)
			waitFor(t, "the spec to start", 2*time.Minute, func() bool { return specStarted.MatchString(b.stdout.String()) })
			if err := os.RemoveAll(out); err != nil {
				t.Fatal(err)
			}
			if tc.replace {
				if err := os.WriteFile(out, []byte("not a directory\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := b.wait(t)
			if !strings.Contains(r.stdout, "  verdict:  PASS\n") {
				t.Fatalf("the run did not pass:\n%s", r.stdout)
			}
			switch {
			case !tc.replace:
				if r.code != 0 || strings.Contains(r.stderr, "cannot write") {
					t.Errorf("exit %d, stderr:\n%s\nwant exit 0, the reports where asked", r.code, r.stderr)
				}
				for _, f := range files {
					checkPassReport(t, filepath.Join(out, f))
				}
			case !tc.noTmpDir:
				if r.code != 1 {
					t.Errorf("exit %d, want 1: no report is where it was asked", r.code)
				}
				for _, f := range files {
					m := regexp.MustCompile(`(?m)^ndkconform: --out: cannot write ` + regexp.QuoteMeta(filepath.Join(out, f)) + `: .*; written to (` +
						regexp.QuoteMeta(tmp) + `/ndkconform-reports-[^/]+/` + regexp.QuoteMeta(f) + `) instead$`).FindStringSubmatch(r.stderr)
					if m == nil {
						t.Errorf("stderr does not say where %s went:\n%s", f, r.stderr)
						continue
					}
					checkPassReport(t, m[1])
				}
			default:
				if r.code != 1 {
					t.Errorf("exit %d, want 1: every report is lost", r.code)
				}
				for _, f := range files {
					want := "ndkconform: --out: cannot write " + filepath.Join(out, f) + ": "
					if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(want) + `.*; nor in the temporary directory: .*: this report is lost$`).MatchString(r.stderr) {
						t.Errorf("stderr does not say %s is lost:\n%s", f, r.stderr)
					}
				}
			}
		})
	}
}

// checkPassReport checks that the report at path is whole and says the
// run of one spec passed.
func checkPassReport(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Error(err)
		return
	}
	switch filepath.Ext(path) {
	case ".json":
		run := readJSONReport(t, path)
		if c := run.Counts().Specs; run.Verdict != outcome.VerdictPass || c.Selected != 1 || c.Passed != 1 {
			t.Errorf("%s: verdict %s, %d of %d passed", path, run.Verdict, c.Passed, c.Selected)
		}
	case ".xml":
		if !strings.Contains(string(data), "</testsuites>") || !strings.Contains(string(data), `<property name="verdict" value="pass">`) {
			t.Errorf("%s: not a whole JUnit report of a passed run", path)
		}
	case ".html":
		if !strings.Contains(string(data), ">PASS</div>") || !strings.HasSuffix(strings.TrimSpace(string(data)), "</html>") {
			t.Errorf("%s: not a whole HTML report of a passed run", path)
		}
	}
}

// A signal as certify writes its bundle: before the manifest is signed,
// the bundle is written again, the run interrupted (exit 143, NO VERDICT:
// every file, the manifest and the signature say so, and verify accepts
// it); after
// the signature, too late: the bundle stays as it was, CERTIFIED (exit 0).
func TestCertifySignalWhileBundleWritten(t *testing.T) {
	skipIfShort(t)
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	priv, pub, _ := keyFiles(t)
	for _, tc := range []struct {
		point string
		sig   syscall.Signal
		code  int
	}{
		{pauseBundleManifest, syscall.SIGTERM, 143},
		{pauseBundleWritten, syscall.SIGINT, 0},
	} {
		t.Run(tc.point, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "bundle")
			b := startBackground(t, []string{runner.EnvTestPause + "=" + tc.point}, "certify", "--out", dir, "--sign-key", priv)
			b.waitFor(t, "the pause at "+tc.point, 5*time.Minute, func() bool {
				return strings.Contains(b.stderr.String(), "ndkconform: test pause at "+tc.point+"\n")
			})
			if err := b.cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			r := b.wait(t)
			m := readManifest(t, dir)
			var line []string // the last verdict certify printed
			if all := certifyLine.FindAllStringSubmatch(r.stdout, -1); len(all) > 0 {
				line = all[len(all)-1]
			}
			v := ndkconform(t, "verify", "--key", pub, dir)
			log, _ := os.ReadFile(filepath.Join(dir, bundleLog))
			again := sigName[tc.sig] + " as the bundle was written: the bundle is written again, the run interrupted"
			if tc.code == 0 {
				if r.code != 0 || line == nil || line[1] != "CERTIFIED" || !m.Certified || m.RunExitStatus != 0 || strings.Contains(r.stdout, again) {
					t.Errorf("exit %d, verdict %q, manifest certified %v, run exit %d: want the bundle as written, CERTIFIED\nstdout:\n%s\nstderr:\n%s",
						r.code, line, m.Certified, m.RunExitStatus, r.stdout, r.stderr)
				}
			} else {
				why := "the run was cut short: the run was interrupted by " + sigName[tc.sig]
				if r.code != tc.code || line == nil || line[1] != "NO VERDICT" || m.Certified || m.Verdict != "NO VERDICT" || m.RunExitStatus != tc.code ||
					!slices.Contains(m.Reasons, why) || !strings.Contains(r.stdout, again) || !bytes.Contains(log, []byte(again)) {
					t.Errorf("exit %d (want %d), verdict %q / %q, manifest certified %v, run exit %d, reasons %q (want %q): want the bundle written again, interrupted\nstdout:\n%s\nstderr:\n%s",
						r.code, tc.code, line, m.Verdict, m.Certified, m.RunExitStatus, m.Reasons, why, r.stdout, r.stderr)
				}
				run := readJSONReport(t, filepath.Join(dir, "report.json"))
				if run.Verdict != outcome.VerdictInterrupted {
					t.Errorf("report.json: verdict %s, want INTERRUPTED", run.Verdict)
				}
			}
			if v.code != 0 || line == nil || !strings.HasPrefix(v.stdout, "bundle OK: "+line[1]+" ") {
				t.Errorf("verify: exit %d, stdout %q, stderr %q; certify said %q", v.code, v.stdout, v.stderr, line)
			}
		})
	}
}
