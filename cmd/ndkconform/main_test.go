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
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
)

// Ginkgo runs specs once per process, so the tests run the built binary.
var binary string

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "ndkconform-cli-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	binary = filepath.Join(dir, "ndkconform")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		return 1
	}
	crashBinary = filepath.Join(dir, "ndkconform-crashtest")
	if out, err := exec.Command("go", "build", "-tags", "crashtest", "-o", crashBinary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build -tags crashtest: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// crashBinary has the driver "crash" (crashdriver.go): sim, whose provider
// panics on a goroutine of its own during the first spec that creates a
// connector.
var crashBinary string

type result struct {
	code           int
	stdout, stderr string
}

// ndkconform runs the binary in a temporary directory.
func ndkconform(t *testing.T, args ...string) result {
	t.Helper()
	return runBinary(t, binary, args...)
}

func runBinary(t *testing.T, binary string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = t.TempDir()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	code := 0
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("ndkconform %q: %v", args, err)
	}
	return result{code, stdout.String(), stderr.String()}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestDrivers(t *testing.T) {
	r := ndkconform(t, "drivers")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !regexp.MustCompile(`(?m)^sim: usable$`).MatchString(r.stdout) {
		t.Errorf("sim is not listed as usable:\n%s", r.stdout)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // in the error line
		help string // the command named in the usage hint
	}{
		{[]string{"run", "--driver", "foo"}, `unknown driver "foo" (valid: ndkt, remote, rxe, sim`, "run"},
		{[]string{"run", "--driver-opt", "nosuchopt=1"}, "unknown option nosuchopt (valid: ", "run"},
		{[]string{"run", "--driver-opt", "novalue"}, `invalid --driver-opt "novalue": want key=value`, "run"},
		{[]string{"run", "--driver-opt", "=x"}, `invalid --driver-opt "=x": want key=value`, "run"},
		{[]string{"run", "--bogus"}, "unknown flag --bogus (valid: --driver, --driver-opt, ", "run"},
		{[]string{"--bogus"}, "unknown flag --bogus (valid: ", "run"},
		{[]string{"run", "--side-a-ipv4", "300.1.1.1"}, `invalid --side-a-ipv4 "300.1.1.1": not an IP address`, "run"},
		{[]string{"run", "--side-b-ipv6", "192.0.2.9"}, `invalid --side-b-ipv6 "192.0.2.9": not an IPv6 address`, "run"},
		{[]string{"run", "--timeout", "soon"}, `invalid --timeout "soon"`, "run"},
		{[]string{"run", "--parallel", "0"}, `invalid --parallel "0": want a number of processes, 1 or more`, "run"},
		{[]string{"run", "--parallel", "two"}, `invalid --parallel "two": want a number of processes, 1 or more`, "run"},
		// an address that parses but is none of the provider's adapters
		{[]string{"run", "--side-a-ipv4", "203.0.113.9"}, "side A IPv4 address 203.0.113.9: opening its adapter failed with STATUS_INVALID_ADDRESS", "run"},
		{[]string{"run", "--side-b-ipv6", "2001:db8::99"}, "side B IPv6 address 2001:db8::99: opening its adapter failed with STATUS_INVALID_ADDRESS", "run"},
		{[]string{"certify", "--out", "x", "--side-b-ipv4", "203.0.113.9"}, "side B IPv4 address 203.0.113.9: opening its adapter failed with STATUS_INVALID_ADDRESS", "certify"},
		// a harness deadline not longer than a wait sim is entitled to (300ms)
		{[]string{"run", "--timeout", "300ms"}, "--timeout 300ms is not longer than the provider's connect timeout (2s): use at least 3s", "run"},
		{[]string{"run", "--timeout", "2500ms"}, "--timeout 2.5s is not 1s longer than the provider's connect timeout (2s): use at least 3s", "run"},
		{[]string{"run", "--timeout", "5s", "--driver-opt", "disconnect-timeout=5s"}, "--timeout 5s is not longer than the provider's disconnect timeout (5s): use at least 6s", "run"},
		{[]string{"certify", "--out", "x", "--timeout", "2s"}, "--timeout 2s is not longer than the provider's connect timeout (2s): use at least 3s", "certify"},
		{[]string{"run", "--label-filter", "LC-1 &&"}, `invalid label filter "LC-1 &&"`, "run"},
		{[]string{"run", "--focus", "("}, `invalid focus "("`, "run"},
		{[]string{"run", "stray"}, `unexpected argument "stray"`, "run"},
		{[]string{"frob"}, `unknown command "frob" (valid: run, certify, verify, stress, rules, agent, ping, drivers, version, help)`, ""},
		{[]string{"run", "--waivers", "/nonexistent/waivers"}, "--waivers: open /nonexistent/waivers", "run"},
		{[]string{"rules", "--all"}, "unknown flag --all (valid: --json, --uncovered, -h)", "rules"},
		{[]string{"certify"}, "certify needs --out DIR", "certify"},
		{[]string{"certify", "--out", "x", "--label-filter", "LC-14"}, "--label-filter is not allowed: certify runs every spec", "certify"},
		{[]string{"certify", "--out", "x", "--focus=LC"}, "--focus is not allowed", "certify"},
		{[]string{"certify", "--out", "x", "--json-report", "r.json"}, "--json-report is not allowed", "certify"},
		{[]string{"certify", "--out", "x", "--driver", "foo"}, `unknown driver "foo"`, "certify"},
		{[]string{"certify", "--out", "x", "--driver-opt", "nosuchopt=1"}, "unknown option nosuchopt", "certify"},
		{[]string{"help", "frob"}, `unknown command "frob" (valid: `, ""},
		{[]string{"drivers", "--all"}, "unknown flag --all (valid: --json, -h)", "drivers"},
		{[]string{"stress"}, "--driver is required", "stress"},
		{[]string{"stress", "--driver", "foo"}, `unknown driver "foo"`, "stress"},
		{[]string{"stress", "--driver", "sim", "--driver-opt", "nosuchopt=1"}, "unknown option nosuchopt", "stress"},
		{[]string{"stress", "--driver", "sim", "--duration", "1s", "--ops", "5"}, "--duration and --ops exclude each other", "stress"},
		{[]string{"stress", "--driver", "sim", "--ops", "0"}, "--ops 0: at least 1", "stress"},
		{[]string{"stress", "--driver", "sim", "--workers", "0"}, "--workers 0: 1..4096", "stress"},
		{[]string{"stress", "--driver", "sim", "--worker", "-2"}, "--worker -2: 0..4095", "stress"},
		{[]string{"stress", "--driver", "sim", "stray"}, `unexpected argument "stray"`, "stress"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := ndkconform(t, tc.args...)
			if r.code != 2 {
				t.Errorf("exit %d, want 2", r.code)
			}
			lines := strings.Split(strings.TrimRight(r.stderr, "\n"), "\n")
			if len(lines) != 2 {
				t.Fatalf("stderr is not an error line and a hint:\n%s", r.stderr)
			}
			if !strings.HasPrefix(lines[0], "ndkconform: ") || !strings.Contains(lines[0], tc.want) {
				t.Errorf("error line %q, want it to contain %q", lines[0], tc.want)
			}
			hint := "run 'ndkconform help' for usage"
			if tc.help != "" {
				hint = "run 'ndkconform help " + tc.help + "' for usage"
			}
			if lines[1] != hint {
				t.Errorf("hint %q, want %q", lines[1], hint)
			}
			if r.stdout != "" {
				t.Errorf("a usage error wrote to stdout:\n%s", r.stdout)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help", "run"}, {"run", "--help"}, {"run", "-h"}} {
		r := ndkconform(t, args...)
		if r.code != 0 || r.stderr != "" {
			t.Errorf("%q: exit %d, stderr %q", args, r.code, r.stderr)
		}
		for _, want := range []string{"--driver NAME", "--driver-opt KEY=VALUE", "--junit-report PATH", "--json-report PATH",
			"--label-filter EXPR", "--focus REGEX", "--timeout DURATION", "--side-a-ipv4 ADDR", "--side-b-ipv6 ADDR",
			"-v, --verbose", "--no-color", "--seed N", "--dry-run", "--html-report PATH", "--waivers FILE"} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("%q: usage lacks %q", args, want)
			}
		}
		if strings.Contains(strings.ToLower(r.stdout), "ginkgo") {
			t.Errorf("%q: usage shows Ginkgo's flags:\n%s", args, r.stdout)
		}
	}
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}, {"help", "drivers"}, {"drivers", "-h"}, {"help", "version"}, {"help", "help"},
		{"help", "rules"}, {"rules", "-h"}, {"help", "certify"}, {"certify", "--help"}, {"help", "stress"}, {"stress", "-h"}} {
		r := ndkconform(t, args...)
		if r.code != 0 || !strings.Contains(r.stdout, "Usage:") || strings.Contains(strings.ToLower(r.stdout), "ginkgo") {
			t.Errorf("%q: exit %d, stdout:\n%s", args, r.code, r.stdout)
		}
	}
}

func TestVersion(t *testing.T) {
	r := ndkconform(t, "version")
	if r.code != 0 || !regexp.MustCompile(`^ndkconform \S.* \(go[0-9.]+.* [a-z0-9]+/[a-z0-9]+\)\n$`).MatchString(r.stdout) {
		t.Errorf("exit %d, stdout %q", r.code, r.stdout)
	}
}

// countsLine is the last line of a run: every state of the selected
// specs ("270 passed, 0 failed, 4 not applicable").
var countsLine = regexp.MustCompile(`^(\d+) passed, (\d+) failed((?:, \d+ [a-z ]+)*)$`)

// runOrSkip runs args and skips the test if the run selected no spec.
func runOrSkip(t *testing.T, args ...string) result {
	t.Helper()
	r := ndkconform(t, args...)
	if r.code == 2 && strings.Contains(r.stderr, "no spec selected") {
		t.Skipf("the specs have not landed yet: %q selects no spec", args)
	}
	return r
}

func TestRunReports(t *testing.T) {
	dir := t.TempDir()
	junit := filepath.Join(dir, "sub", "dir", "junit.xml")
	jsonPath := filepath.Join(dir, "other", "run.json")
	r := runOrSkip(t, "run", "--label-filter", "LC-14", "--junit-report", junit, "--json-report", jsonPath)
	if r.code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	m := countsLine.FindStringSubmatch(lastLine(r.stdout))
	if m == nil {
		t.Fatalf("last line %q is not \"N passed, N failed, ...\"", lastLine(r.stdout))
	}
	for _, want := range []string{"verdict:  PASS", "driver:   sim", "side A:", "side B:", "adapter:", "not selected"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.stdout)
		}
	}

	data, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var doc reports.JUnitTestSuites
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("JUnit does not parse: %v", err)
	}
	if len(doc.TestSuite) != 1 || doc.TestSuite[0].Name != "ndkconform" {
		t.Fatalf("want one testsuite ndkconform, got %d", len(doc.TestSuite))
	}
	run := readJSONReport(t, jsonPath)
	cases := doc.TestSuite[0].TestCases
	c := run.Counts()
	if len(cases) == 0 || len(cases) != c.Specs.Selected || fmt.Sprint(c.Specs.Passed) != m[1] {
		t.Errorf("%d testcases, %d specs selected in JSON, %d passed, summary says %s passed", len(cases), c.Specs.Selected, c.Specs.Passed, m[1])
	}
	for _, tc := range cases {
		var rules []string
		for _, p := range tc.Properties {
			if p.Name == "rule" {
				rules = append(rules, p.Value)
			}
		}
		if len(rules) == 0 {
			t.Errorf("testcase %q has no rule property", tc.Name)
		}
		if !strings.Contains(" "+strings.Join(rules, " ")+" ", " LC-14 ") || !strings.HasPrefix(tc.Name, "[") {
			t.Errorf("testcase %q: rules %q", tc.Name, rules)
		}
	}
	if run.Driver != "sim" || run.Verdict != outcome.VerdictPass || c.Specs.NotSelected == 0 {
		t.Errorf("JSON: driver %q verdict %q not selected %d", run.Driver, run.Verdict, c.Specs.NotSelected)
	}
}

func TestRunVariantFails(t *testing.T) {
	if d := ndkconform(t, "drivers"); !strings.Contains(d.stdout, "listener-close-inline") {
		t.Skip("the sim driver has no variant listener-close-inline yet")
	}
	r := runOrSkip(t, "run", "--driver-opt", "variant=listener-close-inline", "--label-filter", "LC-15")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	m := countsLine.FindStringSubmatch(lastLine(r.stdout))
	if m == nil || m[2] == "0" {
		t.Errorf("last line %q", lastLine(r.stdout))
	}
	for _, want := range []string{"verdict:  FAIL", "variant=listener-close-inline", "Failed rules (", "\n  LC-15  ",
		"rerun: ndkconform run --driver sim --driver-opt variant=listener-close-inline --seed 1 --spec "} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.stdout)
		}
	}
	// Every rerun command the summary prints, run as the shell would,
	// selects its spec alone, and it fails again.
	reruns := regexp.MustCompile(`(?m)^ +rerun: (ndkconform run .*)$`).FindAllStringSubmatch(r.stdout, -1)
	if len(reruns) == 0 {
		t.Fatalf("no rerun command:\n%s", r.stdout)
	}
	for i, m := range reruns {
		args := shellWords(t, m[1])[1:]
		if i > 0 {
			args = append(args, "--dry-run")
		}
		rr := ndkconform(t, args...)
		want := regexp.MustCompile(`(?m)^1 selected, \d+ not selected$`)
		if i == 0 {
			want = regexp.MustCompile(`(?m)^0 passed, 1 failed$`)
		}
		if !want.MatchString(rr.stdout) {
			t.Errorf("%s: exit %d, want %s\nstdout:\n%s\nstderr:\n%s", m[1], rr.code, want, rr.stdout, rr.stderr)
		}
	}
}

// A failed model spec shows on the console its shortest failing sequence
// and the command that replays it (--spec ID, the failing sequence's
// number as --model-sequences, the run's --model-steps), under its
// observation; a count of the steps left out names the JSON report. Each
// replay command, run as the shell would, fails again with the same rule.
func TestModelFailureReplays(t *testing.T) {
	if d := ndkconform(t, "drivers"); !strings.Contains(d.stdout, "early-port-release") {
		t.Skip("the sim driver has no variant early-port-release")
	}
	js := filepath.Join(t.TempDir(), "run.json")
	r := runOrSkip(t, "run", "--driver-opt", "variant=early-port-release", "--label-filter", "model", "--model-shrink-time", "2s", "--json-report", js)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	run := readJSONReport(t, js)
	failedIDs := map[string]bool{}
	for _, s := range run.Specs {
		if s.State == outcome.Failed {
			failedIDs[s.ID] = true
		}
	}
	// the failed rules: a heading per rule, then per spec its name, its
	// observation, "Shortest failing sequence (N steps; ... failed at
	// sequence K of 40):", the steps, "Replay: ...", "rerun: ..."
	_, failed, _ := strings.Cut(r.stdout, "\nFailed rules (")
	failed, _, _ = strings.Cut(failed, "\n\n")
	seq := regexp.MustCompile(`(?:Shortest failing sequence|Failing sequence, not shrunk) \(\d+ steps;[^)]*failed at\s+sequence (\d+) of 40\)`)
	replays := 0
	for _, g := range regexp.MustCompile(`(?m)^  ([A-Z]+-\d+)  .*\n((?:    .*\n?)+)`).FindAllStringSubmatch(failed, -1) {
		rule := g[1]
		for _, spec := range regexp.MustCompile(`(?m)^    \S`).Split(g[2], -1)[1:] {
			m := seq.FindStringSubmatch(spec)
			rp := regexp.MustCompile(`(?m)^      Replay: (ndkconform run .*)$`).FindStringSubmatch(spec)
			rerun := regexp.MustCompile(`(?m)^      rerun: ndkconform run .* --spec ([0-9a-f]{8})$`).FindStringSubmatch(spec)
			if m == nil || rp == nil || rerun == nil || !failedIDs[rerun[1]] {
				t.Errorf("a failed model spec under %s without its sequence, replay or rerun command:\n%s", rule, spec)
				continue
			}
			if more := regexp.MustCompile(`(?m)^      \.\.\. and \d+ more lines(.*)$`).FindStringSubmatch(spec); more != nil && more[1] != " (see "+js+")" {
				t.Errorf("the steps left out: %q, want them in %s", more[0], js)
			}
			want := "ndkconform run --driver sim --driver-opt variant=early-port-release --seed 1 --model-shrink-time 2s --spec " + rerun[1] + " --model-sequences " + m[1] + " --model-steps 30"
			if rp[1] != want {
				t.Errorf("replay command\n %s\nwant\n %s", rp[1], want)
				continue
			}
			replays++
			rr := ndkconform(t, shellWords(t, rp[1])[1:]...)
			if rr.code != 1 || lastLine(rr.stdout) != "0 passed, 1 failed" || !strings.Contains(rr.stdout, "\nFailed rules (1 failed spec):\n  "+rule+"  ") {
				t.Errorf("%s: exit %d, want it to fail again against %s\nstdout:\n%s\nstderr:\n%s", rp[1], rr.code, rule, rr.stdout, rr.stderr)
			}
		}
	}
	if replays == 0 || replays != len(failedIDs) {
		t.Errorf("%d replay commands for %d failed specs:\n%s", replays, len(failedIDs), r.stdout)
	}
}

// shellWords splits a command line as a POSIX shell does, for the quoting
// ndkconform prints: words separated by spaces, single-quoted parts, and
// '\” for a quote.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	var w strings.Builder
	in, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			w.WriteByte(c)
		case c == '\'':
			quoted, in = true, true
		case c == '\\' && i+1 < len(line):
			i++
			w.WriteByte(line[i])
			in = true
		case c == ' ':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if quoted {
		t.Fatalf("unterminated quote in %q", line)
	}
	if in {
		words = append(words, w.String())
	}
	return words
}

func TestRunNoSpecSelected(t *testing.T) {
	r := ndkconform(t, "run", "--label-filter", "IPv4 && !IPv4")
	if r.code != 2 || !strings.Contains(r.stderr, `no spec selected by --label-filter "IPv4 && !IPv4"`) {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	// a rule ID the catalog does not have is bad usage, named
	r = ndkconform(t, "run", "--label-filter", "LC-14 || ZZ-999")
	if r.code != 2 || !strings.Contains(r.stderr, "ZZ-999") || strings.Contains(r.stderr, "no spec selected") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
}

// A --timeout at least 1s longer than the provider's declared waits is
// accepted, and the spec that waits the provider's whole disconnect timeout
// (CN-17, sim: 300ms; its connect timeout is 2s) passes under it: the
// deadline is no false verdict.
func TestTimeoutJustLongEnough(t *testing.T) {
	js := filepath.Join(t.TempDir(), "run.json")
	r := runOrSkip(t, "run", "--timeout", "3s", "--label-filter", "CN-17", "--json-report", js)
	if r.code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	run := readJSONReport(t, js)
	for _, rr := range run.Rules {
		if rr.Rule.ID == "CN-17" && rr.Verdict != outcome.RulePassed {
			t.Errorf("CN-17: %s %v", rr.Verdict, rr.Charges)
		}
	}
	if c := run.Counts().Specs; c.Passed == 0 || c.Passed != c.Selected {
		t.Errorf("%d of %d specs passed", c.Passed, c.Selected)
	}
}

// A dry run prints the plan and nothing else (no progress line of
// Ginkgo's); --json-report writes it (every spec, the selected ones not
// run, verdict "plan", the adapter), and says it writes no other report;
// an empty report path is bad usage.
func TestDryRun(t *testing.T) {
	dir := t.TempDir()
	plan, junit := filepath.Join(dir, "plan.json"), filepath.Join(dir, "junit.xml")
	r := runOrSkip(t, "run", "--dry-run", "--label-filter", "LC-15", "--json-report", plan, "--junit-report", junit)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if !regexp.MustCompile(`^[1-9]\d* selected, \d+ not selected$`).MatchString(lastLine(r.stdout)) || !strings.Contains(r.stdout, "LC-15") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
	// the plan and nothing else: no progress line of Ginkgo's
	if !strings.HasPrefix(r.stdout, "\nndkconform dry run: driver sim") {
		t.Errorf("stdout does not begin with the plan:\n%s", r.stdout)
	}
	for _, g := range ginkgoVoice {
		if strings.Contains(r.stdout, g) {
			t.Errorf("stdout has Ginkgo's %q:\n%s", g, r.stdout)
		}
	}
	if _, err := os.Stat(junit); err == nil || !strings.Contains(r.stderr, "--dry-run: "+junit+" not written") {
		t.Errorf("the dry run wrote the JUnit report, or did not say it would not (stderr %q)", r.stderr)
	}
	run := readJSONReport(t, plan)
	c := run.Counts().Specs
	if run.Verdict != outcome.VerdictPlan || c.Selected == 0 || c.NotRun != c.Selected || c.NotSelected == 0 || run.Adapter.VendorID == 0 {
		t.Errorf("plan: verdict %q, %d selected, %d not run, %d not selected, adapter %+v; want plan, every selected spec not run, sim's adapter",
			run.Verdict, c.Selected, c.NotRun, c.NotSelected, run.Adapter)
	}
	for _, s := range run.Specs {
		if s.Selected() && s.Note != suite.DryRunNote {
			t.Errorf("plan: %s %s (%q), want the dry run's note", s.Name, s.State, s.Note)
		}
	}
	for _, flag := range []string{"--json-report", "--junit-report", "--html-report", "--out", "--waivers"} {
		if e := ndkconform(t, "run", flag, ""); e.code != exitUsage || !strings.Contains(e.stderr, "invalid "+flag+` "": want a path`) {
			t.Errorf("run %s '': exit %d, stderr %q; want 2, naming the empty path", flag, e.code, e.stderr)
		}
	}
	if e := ndkconform(t, "run", "--seed", "abc"); e.code != exitUsage || !strings.Contains(e.stderr, `invalid --seed "abc": want an integer`) {
		t.Errorf("run --seed abc: exit %d, stderr %q; want 2, saying what a seed is", e.code, e.stderr)
	}
}

func TestWindowsBuild(t *testing.T) {
	skipIfShort(t)
	t.Parallel()
	out := filepath.Join(t.TempDir(), "ndkconform.exe")
	cmd := exec.Command("go", "build", "-o", out, ".")
	cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=windows go build: %v\n%s", err, b)
	}
}

// A provider that panics on a goroutine of its own kills the process the
// suite runs in: the run names the spec that was running, reports the specs
// that ended and fails, with reports, instead of ending in a bare panic.
func TestProviderCrashIsReported(t *testing.T) {
	dir := t.TempDir()
	junit, js := filepath.Join(dir, "junit.xml"), filepath.Join(dir, "report.json")
	r := runBinary(t, crashBinary, "run", "--driver", "crash", "--label-filter", "LC-14", "--junit-report", junit, "--json-report", js)
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", r.code, r.stdout, r.stderr)
	}
	if !regexp.MustCompile(`ndkconform: the test process died \(exit status 2\) during spec ".+": panic: crashtest: the provider's worker goroutine panicked`).MatchString(r.stderr) {
		t.Errorf("stderr does not name the crash and the spec:\n%s", r.stderr)
	}
	if !regexp.MustCompile(`^\d+ passed, 1 failed(, [1-9]\d* not run)?$`).MatchString(lastLine(r.stdout)) || !strings.Contains(r.stdout, "verdict:  FAIL") {
		t.Errorf("summary:\n%s", r.stdout)
	}
	run := readJSONReport(t, js)
	var crashed []outcome.Spec
	for _, s := range run.Specs {
		if s.State == outcome.Failed {
			crashed = append(crashed, s)
		}
	}
	if len(crashed) != 1 || !strings.Contains(crashed[0].Text(), "the test process died") || len(crashed[0].Rules) == 0 {
		t.Errorf("want one failed spec, the one that was running, with its rules: %+v", crashed)
	}
	if run.Verdict != outcome.VerdictFail || len(run.SuiteFailures) != 1 {
		t.Errorf("verdict %q, suite failures %q", run.Verdict, run.SuiteFailures)
	}
	if b, err := os.ReadFile(junit); err != nil || !strings.Contains(string(b), "the test process died") {
		t.Errorf("JUnit report without the crash (%v)", err)
	}
}

// In a run split over processes, a crash fails the spec each process was
// running and leaves the rest of its share not run, in one report with as
// many specs as a run that did not crash.
func TestSplitRunCrash(t *testing.T) {
	skipIfShort(t)
	const filter = "LC-14 || LC-15"
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref.json")
	if r := runOrSkip(t, "run", "--label-filter", filter, "--json-report", ref); r.code != 0 {
		t.Fatalf("reference run: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	js := filepath.Join(dir, "crash.json")
	r := runBinary(t, crashBinary, "run", "--driver", "crash", "--parallel", "3", "--label-filter", filter, "--json-report", js)
	if r.code != 1 || !strings.Contains(r.stderr, "panic: crashtest") {
		t.Fatalf("exit %d, want 1 with the crash\n%s%s", r.code, r.stdout, r.stderr)
	}
	want, got := readJSONReport(t, ref), readJSONReport(t, js)
	wc, gc := want.Counts().Specs, got.Counts().Specs
	if gc.Selected != wc.Selected || gc.NotSelected != wc.NotSelected {
		t.Errorf("%d specs, %d not selected; a run that did not crash has %d, %d", gc.Selected, gc.NotSelected, wc.Selected, wc.NotSelected)
	}
	if gc.Failed != 3 || len(got.SuiteFailures) != 3 || gc.Passed+gc.Failed+gc.NotRun != gc.Selected || got.Verdict != outcome.VerdictFail {
		t.Errorf("%d passed, %d failed, %d not run of %d specs, %d suite failures, verdict %s", gc.Passed, gc.Failed, gc.NotRun, gc.Selected, len(got.SuiteFailures), got.Verdict)
	}
	for i, s := range got.Specs {
		if s.Name != want.Specs[i].Name {
			t.Errorf("spec %d is %q, %q in a run in one process", i, s.Name, want.Specs[i].Name)
		}
		if s.State == outcome.NotRun && s.Note != "the test process died before this spec started" {
			t.Errorf("not run spec %q: %q", s.Name, s.Note)
		}
	}
}

// A run split over processes reports what the same run in one process
// reports, in the same order: only the times differ.
func TestSplitRunMatchesOneProcess(t *testing.T) {
	skipIfShort(t)
	t.Parallel() // a whole run or more: beside the other long tests (make test's wall time)
	dir := t.TempDir()
	one, split := filepath.Join(dir, "one.json"), filepath.Join(dir, "split.json")
	const filter = "endpoints && IPv4"
	if r := runOrSkip(t, "run", "--parallel", "1", "--label-filter", filter, "--json-report", one); r.code != 0 {
		t.Fatalf("one process: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r := runOrSkip(t, "run", "--parallel", "4", "--label-filter", filter, "--json-report", split)
	if r.code != 0 || !strings.Contains(r.stdout, "in 4 processes") {
		t.Fatalf("split: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	a, b := readJSONReport(t, one), readJSONReport(t, split)
	if a.Counts() != b.Counts() || len(a.Specs) != len(b.Specs) || a.Verdict != b.Verdict {
		t.Fatalf("one process: %+v, %s; split: %+v, %s", a.Counts(), a.Verdict, b.Counts(), b.Verdict)
	}
	for i := range a.Specs {
		if a.Specs[i].Name != b.Specs[i].Name || a.Specs[i].State != b.Specs[i].State {
			t.Errorf("spec %d: %q %s, split %q %s", i, a.Specs[i].Name, a.Specs[i].State, b.Specs[i].Name, b.Specs[i].State)
		}
	}
	for i := range a.Rules {
		if a.Rules[i].Rule.ID != b.Rules[i].Rule.ID || a.Rules[i].Verdict != b.Rules[i].Verdict {
			t.Errorf("rule %s %s, split %s %s", a.Rules[i].Rule.ID, a.Rules[i].Verdict, b.Rules[i].Rule.ID, b.Rules[i].Verdict)
		}
	}
}

// After a crash, the selected specs that never started are not run, and
// so are their rules (not "not covered" or "not selected"); the specs and
// rules the filters leave out are counted in full, as in a run that did
// not crash (the child's plan tells them).
func TestCrashReportsSpecsNotRun(t *testing.T) {
	skipIfShort(t)
	const filter = "LC-14 || LC-15"
	dir := t.TempDir()
	ref := filepath.Join(dir, "ref.json")
	if r := runOrSkip(t, "run", "--label-filter", filter, "--json-report", ref); r.code != 0 {
		t.Fatalf("reference run: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	js, junit := filepath.Join(dir, "crash.json"), filepath.Join(dir, "junit.xml")
	r := runBinary(t, crashBinary, "run", "--driver", "crash", "--label-filter", filter, "--json-report", js, "--junit-report", junit)
	if r.code != 1 || !strings.Contains(r.stderr, "panic: crashtest") {
		t.Fatalf("exit %d, want 1 with the crash\n%s%s", r.code, r.stdout, r.stderr)
	}
	want, got := readJSONReport(t, ref), readJSONReport(t, js)
	wc, gc := want.Counts().Specs, got.Counts().Specs
	if gc.Selected != wc.Selected || gc.NotSelected != wc.NotSelected {
		t.Errorf("%d specs, %d not selected; a run that did not crash has %d, %d", gc.Selected, gc.NotSelected, wc.Selected, wc.NotSelected)
	}
	if gc.Failed != 1 || gc.NotRun == 0 || gc.Passed+gc.Failed+gc.NotRun != gc.Selected || got.Verdict != outcome.VerdictFail {
		t.Errorf("%d passed, %d failed, %d not run of %d specs, verdict %s", gc.Passed, gc.Failed, gc.NotRun, gc.Selected, got.Verdict)
	}
	if !regexp.MustCompile(`specs:    \d+ of \d+ selected: \d+ passed, 1 failed, [1-9]\d* not run\n`).MatchString(r.stdout) {
		t.Errorf("summary:\n%s", r.stdout)
	}
	notRun := map[string]bool{}
	for _, s := range got.Specs {
		if s.State == outcome.NotRun {
			if s.Note != "the test process died before this spec started" {
				t.Errorf("not run spec %q: %q", s.Name, s.Note)
			}
			for _, id := range s.Rules {
				notRun[id] = true
			}
		}
	}
	verdicts := map[string]outcome.RuleVerdict{}
	for _, rr := range want.Rules {
		verdicts[rr.Rule.ID] = rr.Verdict
	}
	for _, rr := range got.Rules {
		id, v := rr.Rule.ID, rr.Verdict
		switch {
		case v == outcome.RuleFailed, v == outcome.RuleNotConcluded:
			// the rules of the spec that crashed
		case notRun[id] && v != outcome.RuleNotRun:
			t.Errorf("%s has a spec that did not run: %q, want %q", id, v, outcome.RuleNotRun)
		case notRun[id]:
			// not run (its other specs may have been left out)
		case (v == outcome.RuleNotSelected || v == outcome.RuleNoSpec || verdicts[id] == outcome.RuleNotSelected || verdicts[id] == outcome.RuleNoSpec) && v != verdicts[id]:
			t.Errorf("%s: %q, %q in a run that did not crash", id, v, verdicts[id])
		}
	}
	data, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `<skipped message="not run: the test process died before this spec started">`); n != gc.NotRun {
		t.Errorf("JUnit: %d not run testcases, want %d", n, gc.NotRun)
	}
}

// In-process tests of helpers (they do not run the suite).

func TestKeyValues(t *testing.T) {
	kv := keyValues{}
	for _, s := range []string{"a=1", "b=", "c=x=y", "a=1"} {
		if err := kv.Set(s); err != nil {
			t.Errorf("Set(%q): %v", s, err)
		}
	}
	if kv["a"] != "1" || kv["b"] != "" || kv["c"] != "x=y" {
		t.Errorf("%v", kv)
	}
	for _, s := range []string{"a=2", "noequals", "=v", " =v"} {
		if err := kv.Set(s); err == nil {
			t.Errorf("Set(%q) succeeded", s)
		}
	}
}

func TestToolVersion(t *testing.T) {
	defer func(v string) { version = v }(version)
	version = "v9.9.9"
	if got := toolVersion(); got != "v9.9.9" {
		t.Errorf("toolVersion() = %q", got)
	}
	version = ""
	if got := toolVersion(); got == "" {
		t.Errorf("toolVersion() is empty")
	}
}

func TestCommandLine(t *testing.T) {
	got := commandLine([]string{"run", "--label-filter", "LC-14 || LC-15", "--focus", ""})
	want := `ndkconform run --label-filter "LC-14 || LC-15" --focus ""`
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
