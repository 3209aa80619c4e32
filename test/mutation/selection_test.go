package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeProfiles writes a configuration's profiles into dir: name (a spec
// ID, or outside) -> the blocks (index into blocks) it executed.
func writeProfiles(t *testing.T, dir string, blocks []string, hits map[string][]int) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, hit := range hits {
		var b strings.Builder
		b.WriteString("mode: atomic\n")
		for i, bl := range blocks {
			n := 0
			if slices.Contains(hit, i) {
				n = 3
			}
			fmt.Fprintf(&b, "%s/x.go:%s 1 %d\n", simPkg, bl, n)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".txt"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSpecSelection: a mutant is run, in each configuration, with the
// specs whose profile has its block executed; with the whole suite when
// the block runs outside the specs, every spec runs it, or there is no
// block to go by; not at all when none runs it; and it is reached when
// some configuration runs it.
func TestSpecSelection(t *testing.T) {
	blocks := []string{"10.2,12.3", "14.2,16.3", "18.2,20.3", "22.2,24.3", "26.2,28.3"}
	dir := t.TempDir()
	writeProfiles(t, filepath.Join(dir, "run0"), blocks, map[string][]int{
		"aaaa0001": {0, 2}, "aaaa0002": {2}, coverOutside: {3},
	})
	writeProfiles(t, filepath.Join(dir, "run1"), blocks, map[string][]int{
		"aaaa0001": {1}, "aaaa0002": {}, "aaaa0003": {1}, coverOutside: {},
	})
	c := &specCoverage{}
	for _, run := range []string{"run0", "run1"} {
		rc, bs, err := readRunCoverage(filepath.Join(dir, run))
		if err != nil {
			t.Fatal(err)
		}
		c.runs = append(c.runs, rc)
		c.blocks = bs
	}
	if got := c.runs[1].ids; !slices.Equal(got, []string{"aaaa0001", "aaaa0002", "aaaa0003"}) {
		t.Errorf("run1's specs %q; want its three IDs, not %s", got, coverOutside)
	}
	const all = "ALL"
	for _, tc := range []struct {
		file, fn  string
		line, col int
		want      [2]string // per configuration: the IDs, all, or "" (not run)
		reached   bool
	}{
		{"x.go", "f", 11, 5, [2]string{"aaaa0001", ""}, true},          // one spec of run0
		{"x.go", "f", 10, 2, [2]string{"aaaa0001", ""}, true},          // a block's first column is in it
		{"x.go", "f", 15, 1, [2]string{"", "aaaa0001 aaaa0003"}, true}, // only run1's specs
		{"x.go", "f", 19, 4, [2]string{all, ""}, true},                 // every spec of run0
		{"x.go", "f", 23, 4, [2]string{all, ""}, true},                 // outside the specs in run0
		{"x.go", "f", 27, 4, [2]string{"", ""}, false},                 // no run executes it
		{"x.go", "f", 12, 3, [2]string{all, all}, true},                // a block's end column is not in it: no block
		{"y.go", "f", 11, 5, [2]string{all, all}, true},                // a file not profiled
		{"x.go", "", 11, 5, [2]string{all, all}, true},                 // package level
	} {
		m := &mutant{File: simDir + "/" + tc.file, Func: tc.fn, Line: tc.line, Col: tc.col}
		for run := range 2 {
			ids, whole := c.specsFor(m, run)
			got := strings.Join(ids, " ")
			if whole {
				got = all
			}
			if got != tc.want[run] {
				t.Errorf("%s:%d:%d (func %q), run%d: specs %q; want %q", tc.file, tc.line, tc.col, tc.fn, run, got, tc.want[run])
			}
		}
		if got := c.reached(m); got != tc.reached {
			t.Errorf("%s:%d:%d: reached %v; want %v", tc.file, tc.line, tc.col, got, tc.reached)
		}
	}
	if got := specArgs([]string{"aaaa0001", "aaaa0003"}); !slices.Equal(got, []string{"--spec", "aaaa0001", "--spec", "aaaa0003"}) {
		t.Errorf("specArgs: %q", got)
	}
	if _, _, err := readRunCoverage(t.TempDir()); err == nil {
		t.Error("readRunCoverage of a directory without a spec's profile: no error")
	}
}

// TestTreeHashSelect: the results' cache key depends on -select (results
// of the two selections never mix), on the tree's files, not on
// test/mutation's.
func TestTreeHashSelect(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("drivers/sim/a.go", "package sim\n")
	write("test/mutation/main.go", "package main\n")
	files := []string{"drivers/sim/a.go", "test/mutation/main.go"}
	personas := []string{"inline"}
	cov := treeHash(root, files, personas, selectCoverage)
	if all := treeHash(root, files, personas, selectAll); all == cov {
		t.Errorf("-select coverage and all: the same key %s", cov)
	}
	if again := treeHash(root, files, personas, selectCoverage); again != cov {
		t.Errorf("the same tree and selection: keys %s and %s", cov, again)
	}
	write("test/mutation/main.go", "package main // edited\n")
	if k := treeHash(root, files, personas, selectCoverage); k != cov {
		t.Errorf("an edit of test/mutation changed the key: %s, %s", cov, k)
	}
	write("drivers/sim/a.go", "package sim // edited\n")
	if k := treeHash(root, files, personas, selectCoverage); k == cov {
		t.Errorf("an edit of sim left the key %s", k)
	}
}

// TestPerSpecCoverage: the baseline's per-spec counts, from ndkconform run
// --cover-per-spec through covdata, are named by the specs' IDs (those of
// the run's report, which --spec takes), and a block of listener.go is
// selected for the listener specs that run it, not for the memory spec.
func TestPerSpecCoverage(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds ndkconform with -cover and runs three specs")
	}
	root, err := gitRoot()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "ndkconform")
	build := exec.Command("go", "build", "-cover", "-covermode=atomic", "-coverpkg=./"+simDir+",./cmd/ndkconform", "-o", bin, "./cmd/ndkconform")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := filepath.Join(tmp, "run0")
	js := filepath.Join(tmp, "r.json")
	args := []string{"run", "--parallel", "2", "--label-filter", "(LC-14 && IPv4 && !model) || MR-3", "--json-report", js}
	if out, err := perSpecRun(root, bin, args, dir); err != nil {
		t.Fatalf("%q: %v\n%s", args, err, out)
	}
	if err := covdataProfiles(root, []string{dir}, 2); err != nil {
		t.Fatal(err)
	}
	rc, blocks, err := readRunCoverage(dir)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Specs []struct {
			ID     string   `json:"id"`
			State  string   `json:"state"`
			Labels []string `json:"labels"`
		} `json:"specs"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	var ids, listener []string
	for _, s := range rep.Specs {
		if s.State == "passed" {
			ids = append(ids, s.ID)
			if !slices.Contains(s.Labels, "MR-3") {
				listener = append(listener, s.ID)
			}
		}
	}
	slices.Sort(ids)
	slices.Sort(listener)
	if len(ids) != 3 || !slices.Equal(rc.ids, ids) {
		t.Fatalf("per-spec profiles of %q; want the IDs of the report's 3 passed specs %q", rc.ids, ids)
	}
	// a block of listener.go every listener spec runs: the mutant there
	// is run with them, not with the memory spec
	c := &specCoverage{blocks: blocks, runs: []runCoverage{rc}}
	var found bool
	for _, b := range blocks[simDir+"/listener.go"] {
		k := blockKey{simDir + "/listener.go", b.sl, b.sc, b.el, b.ec}
		if !slices.Equal(rc.specs[k], listener) || rc.outside[k] {
			continue
		}
		m := &mutant{File: k.file, Func: "f", Line: b.sl, Col: b.sc}
		got, whole := c.specsFor(m, 0)
		if whole || !slices.Equal(got, listener) {
			t.Errorf("a mutant at listener.go:%d.%d: specs %q (all %v); want the listener specs %q", b.sl, b.sc, got, whole, listener)
		}
		found = true
		break
	}
	if !found {
		t.Errorf("no block of listener.go run by the listener specs %q alone", listener)
	}
}

// TestFailedSpec: a killed mutant's evidence is the first failed spec of
// the run's JSON report (the run stops there: --fail-fast), which the log
// line names; a run that failed without a failed spec gives none.
func TestFailedSpec(t *testing.T) {
	dir := t.TempDir()
	write := func(specs string) string {
		p := filepath.Join(dir, "r.json")
		if err := os.WriteFile(p, []byte(`{"specs": [`+specs+`]}`), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := write(`{"id": "aaaa0001", "name": "A passes", "state": "passed"},
		{"id": "aaaa0002", "name": "B is interrupted", "state": "interrupted"},
		{"id": "aaaa0003", "name": "C fails", "state": "failed"},
		{"id": "aaaa0004", "name": "D fails", "state": "failed"}`)
	got := failedSpec(p)
	if got != "• [FAILED] aaaa0003\nC fails" {
		t.Errorf("failedSpec: %q; want C's", got)
	}
	m := &mutant{Status: stKilled, Exit: 1, Tail: "(--driver-opt completion=inline) " + got}
	if by := firstLine(m); by != "  by: (--driver-opt completion=inline) C fails" {
		t.Errorf("firstLine: %q", by)
	}
	if got := failedSpec(write(`{"id": "aaaa0001", "name": "A passes", "state": "passed"}`)); got != "" {
		t.Errorf("failedSpec of a report without a failed spec: %q", got)
	}
	if got := failedSpec(filepath.Join(dir, "none.json")); got != "" {
		t.Errorf("failedSpec of no report: %q", got)
	}
}
