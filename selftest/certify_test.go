package selftest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
)

// capability is one of sim's options for what a real adapter may have or
// lack, with its default and its other value, and the limit a
// certificate lists for either (kind and a part of what it names; "" for
// none): a spec that depends on the declaration is not applicable, one
// that needs the missing test hook not verified.
type capability struct {
	option            string
	def, other        string
	defLimit, otLimit [2]string
}

// capabilities are every capability option of sim the pages allow either
// way (drivers/sim: ndkconform drivers lists them).
var capabilities = []capability{
	{"interrupt-moderation", "off", "on",
		[2]string{"not applicable", "no NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED"}, [2]string{"not applicable", "NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED"}},
	{"read-sink-not-required", "off", "on",
		[2]string{"not applicable", "no NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED"}, [2]string{}},
	{"max-srq-depth", "1024", "0", [2]string{}, [2]string{"not applicable", "MaxSrqDepth 0"}},
	{"max-inline-data", "256", "0", [2]string{}, [2]string{"not applicable", "MaxInlineDataSize 0"}},
	{"faults", "on", "off", [2]string{}, [2]string{"not verified", "ndk.FaultInjector"}},
	{"mdl-chains", "on", "off", [2]string{}, [2]string{"not verified", "MDL chain"}},
	{"in-order-dma", "on", "off", [2]string{}, [2]string{"not applicable", "no NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED"}},
	{"cq-resize", "on", "off", [2]string{}, [2]string{}},
	{"loopback", "on", "off", [2]string{}, [2]string{}},
	{"read-local-invalidate", "off", "on", [2]string{}, [2]string{}},
	{"version", "2.1", "1.1", [2]string{}, [2]string{"not applicable", "Version 1.1"}},
	{"max-sge", "4", "1", [2]string{}, [2]string{}},
	{"frmr-page-count", "256", "16", [2]string{}, [2]string{}},
}

// allowed reports whether a configuration (row[i]: capabilities[i] takes
// its other value) is one the pages allow: read-local-invalidate is a flag
// of NDKPI 1.2.
func allowed(row []bool) bool {
	idx := func(name string) int {
		return slices.IndexFunc(capabilities, func(c capability) bool { return c.option == name })
	}
	return !(row[idx("read-local-invalidate")] && row[idx("version")])
}

// pairwise is a set of configurations in which every pair of values of
// every two capabilities comes together at least once, when the pages
// allow the pair (a covering array of strength 2, built greedily from
// the configurations allowed, the same every time): the interactions of
// two declarations are where a spec's gate goes wrong.
func pairwise(t *testing.T) [][]bool {
	n := len(capabilities)
	type pair struct{ i, j, vi, vj int }
	b := func(x bool) int {
		if x {
			return 1
		}
		return 0
	}
	need := map[pair]bool{}
	var candidates [][]bool
	for m := 0; m < 1<<n; m++ {
		row := make([]bool, n)
		for i := range row {
			row[i] = m&(1<<i) != 0
		}
		if !allowed(row) {
			continue
		}
		candidates = append(candidates, row)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				need[pair{i, j, b(row[i]), b(row[j])}] = true
			}
		}
	}
	covers := func(row []bool) []pair {
		var out []pair
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if p := (pair{i, j, b(row[i]), b(row[j])}); need[p] {
					out = append(out, p)
				}
			}
		}
		return out
	}
	var rows [][]bool
	for len(need) > 0 {
		best, bestN := -1, 0
		for k, row := range candidates {
			if c := len(covers(row)); c > bestN {
				best, bestN = k, c
			}
		}
		if best < 0 {
			t.Fatalf("%d pairs no allowed configuration covers", len(need))
		}
		for _, p := range covers(candidates[best]) {
			delete(need, p)
		}
		rows = append(rows, candidates[best])
	}
	return rows
}

// allLacking is the configuration of an adapter that lacks every
// capability it may lack (and has none of the optional ones).
func allLacking() []bool {
	row := make([]bool, len(capabilities))
	for i, c := range capabilities {
		row[i] = c.other == "off" || c.other == "0" || c.other == "1.1" || c.option == "max-sge" || c.option == "frmr-page-count"
	}
	return row
}

// configOpts are sim's options of a configuration, with connect and
// disconnect time-outs long enough that scheduling noise on a loaded
// machine never reaches them (a provider chooses its time-outs; the
// specs that need one to fire wait for it).
func configOpts(row []bool) []string {
	opts := []string{"connect-timeout=2s", "disconnect-timeout=2s"}
	for i, c := range capabilities {
		v := c.def
		if row[i] {
			v = c.other
		}
		opts = append(opts, c.option+"="+v)
	}
	return opts
}

// certify runs 'ndkconform certify' against sim with opts (and more
// arguments) and returns its exit status, its output and the bundle's
// report and manifest.
func certify(t *testing.T, opts []string, more ...string) (int, string, reports.Run, reports.Manifest) {
	t.Helper()
	return certifyInterrupted(t, 0, opts, more...)
}

// certifyInterrupted is certify, interrupted by SIGINT after after (never
// when 0).
func certifyInterrupted(t *testing.T, after time.Duration, opts []string, more ...string) (int, string, reports.Run, reports.Manifest) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "bundle")
	args := []string{"certify", "--out", dir, "--driver", "sim"}
	for _, o := range opts {
		args = append(args, "--driver-opt", o)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, cliBinary, append(args, more...)...)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if after > 0 {
		timer := time.AfterFunc(after, func() { cmd.Process.Signal(os.Interrupt) })
		defer timer.Stop()
	}
	err := cmd.Wait()
	out := buf.Bytes()
	code := 0
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code == 2 {
		t.Fatalf("certify %q: bad usage:\n%s", opts, tail(out))
	}
	f, err := os.Open(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatalf("certify %q wrote no report (exit %d):\n%s", opts, code, tail(out))
	}
	defer f.Close()
	run, err := reports.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	m, err := os.Open(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	manifest, err := reports.ReadManifest(m)
	if err != nil {
		t.Fatal(err)
	}
	return code, string(out), run, manifest
}

// hasLimit reports whether limits has one of kind whose What names what.
func hasLimit(limits []outcome.Limit, kind, what string) bool {
	return slices.ContainsFunc(limits, func(l outcome.Limit) bool { return l.Kind == kind && strings.Contains(l.What, what) })
}

// A conforming provider reaches CERTIFIED in every configuration the
// documents allow: sim certifies with each pairwise combination of its
// capability options and with all of them lacking, each time with the
// limits its declarations and missing hooks make, named. With
// NDKCONFORM_SELFTEST_VARIANTS=all (make selftest) every configuration of
// the covering array; otherwise the one that lacks everything.
func TestCertifiedInEveryConfiguration(t *testing.T) {
	skipIfShort(t)
	rows := [][]bool{allLacking()}
	if os.Getenv("NDKCONFORM_SELFTEST_VARIANTS") == "all" {
		rows = append(rows, pairwise(t)...)
	}
	for k, row := range rows {
		opts := configOpts(row)
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			t.Parallel()
			code, out, run, m := certify(t, opts)
			if code != 0 || !m.Certified || m.Verdict != "CERTIFIED" || len(m.Reasons) != 0 {
				t.Fatalf("%q: exit %d, %s %q\n%s", opts, code, m.Verdict, m.Reasons, tail([]byte(out)))
			}
			for i, c := range capabilities {
				want := c.defLimit
				if row[i] {
					want = c.otLimit
				}
				if want[0] != "" && !hasLimit(m.Limits, want[0], want[1]) {
					t.Errorf("%q: no limit %s naming %q: %v", opts, want[0], want[1], m.Limits)
				}
			}
			if cert := outcome.Certify(run.Result); !cert.Certified || cert.Counts != *m.Counts {
				t.Errorf("%q: report.json judged again: certified %v, counts %+v; the manifest's %+v", opts, cert.Certified, cert.Counts, m.Counts)
			}
			t.Logf("%s: %s", strings.Join(opts, " "), outcome.Scope(m.Counts.Rules))
		})
	}
}

// The covering array covers every allowed pair of capability values, and
// never combines two the pages do not allow together.
func TestPairwiseConfigurations(t *testing.T) {
	rows := pairwise(t)
	n := len(capabilities)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for _, vi := range []bool{false, true} {
				for _, vj := range []bool{false, true} {
					probe := make([]bool, n)
					probe[i], probe[j] = vi, vj
					if !allowed(probe) {
						continue
					}
					if !slices.ContainsFunc(rows, func(r []bool) bool { return r[i] == vi && r[j] == vj }) {
						t.Errorf("%s=%v with %s=%v in no configuration", capabilities[i].option, vi, capabilities[j].option, vj)
					}
				}
			}
		}
	}
	for _, r := range append(rows, allLacking()) {
		if !allowed(r) {
			t.Errorf("a configuration the pages do not allow: %q", configOpts(r))
		}
	}
	// every option is sim's, with the default the test thinks it has
	defaults := map[string]string{}
	for _, o := range (sim.Driver{}).Options() {
		defaults[o.Name] = o.Default
	}
	for _, c := range capabilities {
		if d, ok := defaults[c.option]; !ok || d != c.def {
			t.Errorf("sim's option %s: default %q (%v), the test has %q", c.option, d, ok, c.def)
		}
	}
	t.Logf("%d configurations cover every pair of %d capability options", len(rows), n)
}

// Each reason that blocks certification gives NOT CERTIFIED (or NO
// VERDICT) with that reason: a failed spec, a waived must-rule, a
// configuration that leaves specs nothing to run on (no IPv6 address: the
// CLI's test driver ipv4only), a run interrupted (with
// NDKCONFORM_SELFTEST_VARIANTS=all, make selftest, but for the failed
// spec; each is a whole certification). cmd/ndkconform's
// TestCertifyRefuses has a crash outside a spec and a lost agent.
func TestNotCertifiedForEachReason(t *testing.T) {
	skipIfShort(t)
	all := os.Getenv("NDKCONFORM_SELFTEST_VARIANTS") == "all"
	var broken sim.Variant
	for _, v := range sim.Variants() {
		if v.Name == "listener-close-inline" {
			broken = v
		}
	}
	waivers := filepath.Join(t.TempDir(), "waivers.txt")
	if err := os.WriteFile(waivers, []byte(strings.Join(broken.Rules, " ")+" vendor bug 1: the listener closes inline\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := []string{"variant=" + broken.Name, "connect-timeout=2s", "disconnect-timeout=2s"}
	for _, tc := range []struct {
		name      string
		opts      []string
		more      []string
		interrupt time.Duration
		code      int
		verdict   string
		reason    string
	}{
		{"failed spec", opts, nil, 0, 1, "NOT CERTIFIED", "failed spec"},
		{"waived must-rule", opts, []string{"--waivers", waivers}, 0, 1, "NOT CERTIFIED", "waived must-rule"},
		{"not configured", []string{"connect-timeout=2s", "disconnect-timeout=2s"}, []string{"--driver", "ipv4only"}, 0, 1, "NOT CERTIFIED",
			"not configured: no IPv6 address configured for "},
		{"interrupted", []string{"disconnect-timeout=1m"}, []string{"--timeout", "2m"}, 10 * time.Second, 130, "NO VERDICT",
			"the run was cut short: the run was interrupted by SIGINT"},
	} {
		if !all && tc.name != "failed spec" {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, out, _, m := certifyInterrupted(t, tc.interrupt, tc.opts, tc.more...)
			if code != tc.code || m.Certified || m.Verdict != tc.verdict ||
				!slices.ContainsFunc(m.Reasons, func(r string) bool { return strings.Contains(r, tc.reason) }) {
				t.Errorf("exit %d, %s, reasons %q: want %s for %q\n%s", code, m.Verdict, m.Reasons, tc.verdict, tc.reason, tail([]byte(out)))
			}
		})
	}
}
