package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
)

func TestRules(t *testing.T) {
	r := ndkconform(t, "rules")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	if strings.Contains(r.stdout, "Ran ") || strings.Contains(r.stdout, "ndkconform: sim") {
		t.Errorf("Ginkgo's output leaks into the listing:\n%.500s", r.stdout)
	}
	if !regexp.MustCompile(`(?m)^LT-16 +must +P +[1-9]\d* specs? +\S`).MatchString(r.stdout) {
		t.Errorf("LT-16 is not listed with its specs:\n%.2000s", r.stdout)
	}
	if !regexp.MustCompile(`(?m)^IM-1 +must +D +not testable +\S`).MatchString(r.stdout) {
		t.Errorf("IM-1 is not listed as not testable")
	}
	for line := range strings.Lines(r.stdout) {
		if n := len([]rune(strings.TrimRight(line, "\n"))); n > 100 {
			t.Errorf("line of %d columns: %q", n, line)
		}
	}
	for _, rule := range catalog.All() {
		if !regexp.MustCompile(`(?m)^` + rule.ID + ` `).MatchString(r.stdout) {
			t.Errorf("%s is not listed", rule.ID)
		}
	}
	if !regexp.MustCompile(`(?m)^\d+ rules: \d+ covered by the \d+ specs, \d+ partly covered, \d+ with no spec\n\d+ rules not testable through NDKPI\n$`).MatchString(r.stdout) {
		t.Errorf("footer:\n%s", r.stdout[max(0, len(r.stdout)-300):])
	}
	// A compound rule lists its clauses; one that no spec can cover says why.
	cn17 := r.stdout[strings.Index(r.stdout, "\nCN-17 "):]
	if i := regexp.MustCompile(`\n([A-Z]{2,3}-\d+ |\n)`).FindStringIndex(cn17[1:]); i != nil {
		cn17 = cn17[:1+i[0]]
	}
	if !regexp.MustCompile(`^\nCN-17 +must +P +partly, [1-9]\d* specs +\S`).MatchString(cn17) || !strings.Contains(cn17, "clauses:") ||
		!strings.Contains(cn17, "- CN-17.reason (not testable): ") || !strings.Contains(strings.Join(strings.Fields(cn17), " "), "provider-specific code") {
		t.Errorf("CN-17 and its clauses:%s", cn17)
	}

	u := ndkconform(t, "rules", "--uncovered")
	if u.code != 0 {
		t.Fatalf("--uncovered: exit %d, stderr %q", u.code, u.stderr)
	}
	listed := regexp.MustCompile(`(?m)^([A-Z]{2,3}-\d+) `).FindAllStringSubmatch(u.stdout, -1)
	if len(listed) == 0 {
		t.Logf("--uncovered lists no rule: every observable rule has a spec")
	}
	partly := 0
	for _, m := range listed {
		rule, ok := catalog.Lookup(m[1])
		isPartly := regexp.MustCompile(`(?m)^` + m[1] + ` +\S+ +\S+ +partly, `).MatchString(u.stdout)
		switch {
		case !ok:
			t.Errorf("--uncovered lists %s, not a catalog rule", m[1])
		case rule.Seed && !isPartly:
			t.Errorf("--uncovered lists %s, a seed rule (the project promises a spec for each)", m[1])
		case !rule.Observable():
			t.Errorf("--uncovered lists %s, which is not testable", m[1])
		case m[1] == "LT-16":
			t.Errorf("--uncovered lists LT-16")
		case isPartly && len(rule.Clauses) == 0:
			t.Errorf("--uncovered lists %s as partly covered, but it has no clauses", m[1])
		}
		if isPartly {
			partly++
			gap := false
			for _, c := range rule.Clauses {
				gap = gap || (!c.Covered && c.Observable())
			}
			if !gap {
				t.Errorf("--uncovered lists %s, whose missing clauses are all not testable", m[1])
			}
		}
	}
	// A partly covered rule is listed with the clauses it misses, and only
	// those, when a spec could cover one of them; CN-17, whose missing
	// clause is not testable, is counted instead.
	if partly > 0 && !strings.Contains(u.stdout, "clauses without a spec:\n") {
		t.Errorf("--uncovered lists partly covered rules without their missing clauses:\n%s", u.stdout)
	}
	if strings.Contains(u.stdout, "\nCN-17 ") {
		t.Errorf("--uncovered lists CN-17, whose only missing clause (CN-17.reason) is not testable")
	}
	for _, rule := range catalog.All() {
		for _, c := range rule.Clauses {
			if c.Covered && strings.Contains(u.stdout, "- "+c.ID+" (") {
				t.Errorf("--uncovered lists %s, a clause with a spec", c.ID)
			}
		}
	}
	if m := regexp.MustCompile(`\n\d+ rules? with no spec\n(\d+) rules? only partly covered \(a clause has no spec\)\n[1-9]\d* rules? covered but for untestable clauses \(not testable through NDKPI\)\n[1-9]\d* rules? not testable through NDKPI\n$`).FindStringSubmatch(u.stdout); m == nil || m[1] != fmt.Sprint(partly) {
		t.Errorf("--uncovered footer (%d partly covered rules listed):\n%s", partly, u.stdout[max(0, len(u.stdout)-300):])
	}

	j := ndkconform(t, "rules", "--json", "--uncovered")
	var rules []struct {
		ID       string   `json:"id"`
		Seed     bool     `json:"seed"`
		Reason   string   `json:"reason"`
		Coverage string   `json:"coverage"`
		Status   string   `json:"status"`
		Specs    []string `json:"specs"`
		Clauses  []struct {
			ID      string   `json:"id"`
			Covered bool     `json:"covered"`
			Specs   []string `json:"specs"`
		} `json:"clauses"`
		MissingClauses []string `json:"missing_clauses"`
	}
	if err := json.Unmarshal([]byte(j.stdout), &rules); err != nil || j.code != 0 {
		t.Fatalf("--json: exit %d, %v\n%.300s", j.code, err, j.stdout)
	}
	if len(rules) != len(listed) {
		t.Errorf("--json --uncovered lists %d rules, the table %d", len(rules), len(listed))
	}
	for _, rule := range rules {
		switch rule.Status {
		case catalog.StatusNoSpec:
			if rule.Seed || rule.Reason != "" || len(rule.Specs) != 0 || rule.Coverage != "NO SPEC" {
				t.Errorf("--json --uncovered: %+v", rule)
			}
		case catalog.StatusPartlyCovered:
			missing := 0
			for _, c := range rule.Clauses {
				if c.Covered != (len(c.Specs) > 0) {
					t.Errorf("--json --uncovered: %s: %+v", rule.ID, c)
				}
				if !c.Covered {
					missing++
				}
			}
			if rule.Reason != "" || !strings.HasPrefix(rule.Coverage, "partly, ") || len(rule.MissingClauses) == 0 || len(rule.MissingClauses) != missing {
				t.Errorf("--json --uncovered: %+v", rule)
			}
		default:
			t.Errorf("--json --uncovered lists %s, %s", rule.ID, rule.Status)
		}
	}
}

// writeFile writes a file in a temporary directory and returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRunWaiversUsageErrors(t *testing.T) {
	for content, want := range map[string]string{
		"LC-15 bug 1\nZZ-999 no such rule\n": "line 2: unknown rule ZZ-999",
		"LC-15\n":                            "line 1: waiver of LC-15 gives no reason",
		"LC-15 a\nLC-15 b\n":                 "line 2: LC-15 is waived twice",
	} {
		f := writeFile(t, "waivers.txt", content)
		for _, cmd := range []string{"run", "certify"} {
			args := []string{cmd, "--waivers", f}
			if cmd == "certify" {
				args = append(args, "--out", t.TempDir())
			}
			r := ndkconform(t, args...)
			if r.code != 2 || !strings.Contains(r.stderr, want) || !strings.Contains(r.stderr, "run 'ndkconform help "+cmd+"' for usage") || r.stdout != "" {
				t.Errorf("%s with %q: exit %d, stdout %q, stderr %q", cmd, content, r.code, r.stdout, r.stderr)
			}
		}
	}
}

func TestRunWaived(t *testing.T) {
	if d := ndkconform(t, "drivers"); !strings.Contains(d.stdout, "listener-close-inline") {
		t.Skip("the sim driver has no variant listener-close-inline")
	}
	// The variant's synchronous close breaks LC-15 and LC-11 (the listener
	// is closed while its connectors are open): both must be waived.
	f := writeFile(t, "waivers.txt", "# known bugs\nLC-15 vendor bug 1234: listener close is synchronous\nLC-11 vendor bug 1234\nLT-16 vendor bug 99\n")
	jsonPath := filepath.Join(t.TempDir(), "run.json")
	htmlPath := filepath.Join(t.TempDir(), "report.html")
	r := runOrSkip(t, "run", "--driver-opt", "variant=listener-close-inline", "--label-filter", "LC-15 && !model", "--waivers", f,
		"--json-report", jsonPath, "--html-report", htmlPath)
	if r.code != 0 {
		t.Fatalf("exit %d, want 0 (every failure waived)\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"verdict:  PASS (", "failed specs waived)", ", 0 failed, ", " waived", "Waived failures (they do not fail the run):",
		"waived: vendor bug 1234: listener close is synchronous", "waivers:  3 lines: "} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.stdout)
		}
	}
	if m := countsLine.FindStringSubmatch(lastLine(r.stdout)); m == nil || m[2] != "0" {
		t.Errorf("last line %q", lastLine(r.stdout))
	}
	run := readJSONReport(t, jsonPath)
	c := run.Counts()
	if run.Verdict != outcome.VerdictPass || c.Specs.Waived == 0 || c.Specs.Failed != 0 || len(run.Waivers) != 3 {
		t.Errorf("JSON: verdict %s failed %d waived %d waivers %v", run.Verdict, c.Specs.Failed, c.Specs.Waived, run.Waivers)
	}
	for _, rr := range run.Rules {
		if rr.Rule.ID == "LC-15" && (rr.Verdict != outcome.RuleWaived || len(rr.Charges) == 0 || len(rr.Failures()) != 0) {
			t.Errorf("LC-15: %+v", rr)
		}
	}
	html, err := os.ReadFile(htmlPath)
	if err != nil || !bytes.Contains(html, []byte(`<div class="verdict ok">PASS</div>`)) || !bytes.Contains(html, []byte("vendor bug 1234")) {
		t.Errorf("HTML report: %v", err)
	}
}

func TestRunStaleWaiver(t *testing.T) {
	f := writeFile(t, "waivers.txt", "LC-14 an old bug, fixed since\n")
	r := runOrSkip(t, "run", "--label-filter", "LC-14", "--waivers", f)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"1 stale", "Stale waivers (nothing they name failed, and the rule passed: remove them):\n  LC-14\n"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.stdout)
		}
	}
}

func readJSONReport(t *testing.T, path string) reports.Run {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	run, err := reports.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// certifyLine is certify's verdict line with its scope, and the reasons
// after it.
var certifyLine = regexp.MustCompile(`(?m)^ndkconform certification: (CERTIFIED|NOT CERTIFIED|NO VERDICT) (for (\d+) of (\d+) catalog rules passed(?: \(.*\))?)\n((?:  - .*\n)*)`)

// The reference provider, with its default options, is CERTIFIED: a
// conforming provider reaches CERTIFIED. The bundle holds what the
// manifest says, and every output of it counts alike.
func TestCertify(t *testing.T) {
	skipIfShort(t)
	t.Parallel() // a whole run or more: beside the other long tests (make test's wall time)
	dir := filepath.Join(t.TempDir(), "bundle")
	r := runOrSkip(t, "certify", "--out", dir)
	if r.code != 0 {
		t.Fatalf("exit %d, want 0 (the reference provider is CERTIFIED)\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	m := certifyLine.FindStringSubmatch(r.stdout)
	if m == nil || m[1] != "CERTIFIED" || m[5] != "" {
		t.Fatalf("no CERTIFIED verdict with its scope and no reason:\n%s", r.stdout)
	}
	headline := m[1] + " " + m[2]
	if !strings.Contains(r.stdout, "specs against sim") || !strings.Contains(r.stdout, "ndkconform conformance summary") {
		t.Errorf("the run's output is not shown:\n%s", r.stdout)
	}
	if !strings.Contains(lastLine(r.stdout), "bundle: "+dir) {
		t.Errorf("last line %q", lastLine(r.stdout))
	}
	// sim declares no interrupt moderation and needs READ_SINK: those specs
	// are not applicable, named with the declaration, and listed as limits.
	for _, want := range []string{"limits of the verdict (not blocking):\n",
		"  - not applicable: no NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED (",
		"  - not applicable: no NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED ("} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("certify's output lacks %q:\n%s", want, r.stdout)
		}
	}

	var manifest struct {
		Tool          string            `json:"tool"`
		Version       string            `json:"version"`
		CatalogDigest string            `json:"catalog_digest"`
		Driver        string            `json:"driver"`
		DriverOptions map[string]string `json:"driver_options"`
		Adapter       map[string]any    `json:"adapter"`
		GOOS          string            `json:"goos"`
		OS            string            `json:"os"`
		Seed          int64             `json:"seed"`
		Start, End    time.Time
		Verdict       string          `json:"verdict"`
		Certified     bool            `json:"certified"`
		Reasons       []string        `json:"reasons"`
		Limits        []outcome.Limit `json:"limits"`
		Scope         string          `json:"scope"`
		Counts        outcome.Counts  `json:"counts"`
		Note          string          `json:"note"`
		Files         []struct {
			Name   string `json:"name"`
			Size   int64  `json:"size"`
			SHA256 string `json:"sha256"`
		} `json:"files"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &manifest); err != nil {
		t.Fatal(err)
	}
	if manifest.Tool != "ndkconform" || manifest.Version == "" || manifest.CatalogDigest != catalog.Digest() || manifest.Driver != "sim" ||
		manifest.Adapter["vendor_id"] == nil || manifest.GOOS == "" || manifest.OS == "" || manifest.Seed != 1 ||
		manifest.Start.IsZero() || manifest.End.Before(manifest.Start) || !strings.Contains(manifest.Note, "manifest.json") {
		t.Errorf("manifest:\n%s", data)
	}
	if !manifest.Certified || manifest.Verdict != "CERTIFIED" || len(manifest.Reasons) != 0 || manifest.Scope != m[2] || len(manifest.Limits) == 0 {
		t.Errorf("manifest: verdict %s certified %v reasons %q scope %q limits %d; printed %s", manifest.Verdict, manifest.Certified, manifest.Reasons, manifest.Scope, len(manifest.Limits), headline)
	}
	var names []string
	for _, f := range manifest.Files {
		names = append(names, f.Name)
		b, err := os.ReadFile(filepath.Join(dir, f.Name))
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		sum := sha256.Sum256(b)
		if hex.EncodeToString(sum[:]) != f.SHA256 || int64(len(b)) != f.Size {
			t.Errorf("%s: the manifest's hash or size does not match the file", f.Name)
		}
	}
	if want := []string{"junit.xml", "report.json", "report.html", "run.log"}; !slices.Equal(names, want) {
		t.Errorf("manifest files %q, want %q", names, want)
	}

	logText, _ := os.ReadFile(filepath.Join(dir, "run.log"))
	if !countsLine.Match(lastLineOf(logText, "passed, ")) || !strings.Contains(string(logText), "ndkconform certification: "+headline+"\n") {
		t.Errorf("run.log lacks the run's summary or the verdict:\n%s", logText)
	}
	run := readJSONReport(t, filepath.Join(dir, "report.json"))
	c := run.Counts()
	if c.Specs.Selected == 0 || c.Specs.NotSelected != 0 || len(run.Rules) != len(catalog.All()) {
		t.Errorf("report.json: %d specs, %d not selected, %d rules", c.Specs.Selected, c.Specs.NotSelected, len(run.Rules))
	}
	// The report judged again gives certify's verdict and counts, and the
	// manifest's.
	if cert := outcome.Certify(run.Result); !cert.Certified || cert.Counts != manifest.Counts || outcome.Scope(cert.Counts.Rules) != m[2] {
		t.Errorf("report.json judged again: certified %v, counts %+v; the manifest's %+v, printed %q", cert.Certified, cert.Counts, manifest.Counts, m[2])
	}
	if run.Recorded == nil || run.Recorded.Certification == nil || run.Recorded.Certification.Verdict != "CERTIFIED" || run.Recorded.Counts != manifest.Counts {
		t.Errorf("report.json records %+v", run.Recorded)
	}
	html, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	page := string(html)
	for _, want := range []string{">CERTIFIED</div>", "ndkconform certify --out", "0x1af4", "<h2>Limits of this verdict</h2>"} {
		if !strings.Contains(page, want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	// The first screen: the verdict, then its scope in words, then its
	// limits, before any other section.
	scope := `<p class="scope">` + headline + `.</p>`
	if i := strings.Index(page, scope); i < 0 || i < strings.Index(page, `<div class="verdict`) || i > strings.Index(page, "<h2>") {
		t.Errorf("report.html does not state %q under the verdict", scope)
	}
	for _, bad := range []string{"http://", "https://", "<script", "src=", "@import"} {
		if strings.Contains(page, bad) {
			t.Errorf("report.html contains %q", bad)
		}
	}
	renderHTML(t, filepath.Join(dir, "report.html"))
	checkCountsAgree(t, r.stdout, dir)
}

// lastLineOf is the last line of text that contains substr.
func lastLineOf(text []byte, substr string) []byte {
	var last []byte
	for line := range bytes.Lines(text) {
		if bytes.Contains(line, []byte(substr)) {
			last = bytes.TrimRight(line, "\n")
		}
	}
	return last
}

// renderHTML renders the page with headless Chromium, if installed, and
// checks it made a screenshot.
func renderHTML(t *testing.T, page string) {
	const chromium = "/usr/bin/chromium"
	if _, err := os.Stat(chromium); err != nil {
		t.Logf("no %s: the HTML is not rendered", chromium)
		return
	}
	tmp := t.TempDir()
	png := filepath.Join(tmp, "report.png")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--user-data-dir="+filepath.Join(tmp, "profile"), "--window-size=1280,2000", "--screenshot="+png, "file://"+page)
	cmd.Env = append(os.Environ(), "HOME="+tmp)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	b, err := os.ReadFile(png)
	if err != nil || len(b) < 1000 || !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("chromium made no screenshot (%d bytes, %v)\n%s", len(b), err, out)
	}
}

// readManifest reads the manifest of the bundle in dir.
func readManifest(t *testing.T, dir string) reports.Manifest {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := reports.ReadManifest(f)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// checkRefused checks a certification refused: exit code, the verdict
// word on the console and in the manifest, and a reason containing
// reason.
func checkRefused(t *testing.T, r result, dir string, code int, verdict, reason string) {
	t.Helper()
	m := readManifest(t, dir)
	line := certifyLine.FindStringSubmatch(r.stdout)
	if r.code != code || line == nil || line[1] != verdict || m.Verdict != verdict || m.Certified ||
		!slices.ContainsFunc(m.Reasons, func(s string) bool { return strings.Contains(s, reason) }) ||
		!strings.Contains(r.stdout, "  - ") {
		t.Errorf("exit %d (want %d), verdict %q / %q (want %s), reasons %q (want one with %q)\nstdout:\n%s\nstderr:\n%s",
			r.code, code, line, m.Verdict, verdict, m.Reasons, reason, r.stdout, r.stderr)
	}
}

// Two reasons that refuse certification, and cost little (the others are
// in selftest's TestNotCertifiedForEachReason, make selftest): a crash of
// the provider outside the specs' calls gives NOT CERTIFIED, a lost agent
// NO VERDICT.
func TestCertifyRefuses(t *testing.T) {
	skipIfShort(t)
	t.Run("provider crash", func(t *testing.T) {
		t.Parallel()
		dir := filepath.Join(t.TempDir(), "bundle")
		r := runBinary(t, crashBinary, "certify", "--driver", "crash", "--out", dir)
		checkRefused(t, r, dir, exitFail, "NOT CERTIFIED", "outside any spec")
	})
	t.Run("agent lost", func(t *testing.T) {
		t.Parallel()
		addr, token, agent := startAgent(t)
		dir := filepath.Join(t.TempDir(), "bundle")
		b := startBackground(t, nil, "certify", "-v", "--out", dir, "--driver", "remote", "--driver-opt", "side-a="+addr, "--driver-opt", "token-file="+token)
		waitFor(t, "the third spec through the agent to start", time.Minute, func() bool {
			return strings.Count(b.stdout.String(), "\nRUN ") >= 3
		})
		if err := agent.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		checkRefused(t, b.wait(t), dir, exitError, "NO VERDICT", "harness or lab fault, not the provider's: the provider was lost")
	})
}
