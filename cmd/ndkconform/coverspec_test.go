package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// coverFilter selects two listener specs (sim's listener.go) and one of
// memory registration (memory.go, no listener).
const coverFilter = "(LC-14 && IPv4 && !model) || MR-3"

// TestCoverPerSpec: in a binary built with -cover -covermode=atomic, run
// --cover-per-spec DIR writes each spec's counters into DIR/ID, ID the
// spec's short ID of the report (which --spec takes), what ran outside the
// specs into DIR/outside (GOCOVERDIR unset), and clears the counters after
// each spec: of the specs of one process, the memory spec's counts have no
// block of listener.go and the listener specs' none of memory.go (counts
// not cleared would hold the specs that ran before).
func TestCoverPerSpec(t *testing.T) {
	skipIfShort(t)
	dir := t.TempDir()
	cover := filepath.Join(dir, "ndkconform-cover")
	build := exec.Command("go", "build", "-cover", "-covermode=atomic", "-coverpkg=github.com/ndkconform/ndkconform/drivers/sim,.", "-o", cover, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -cover: %v\n%s", err, out)
	}
	counts := filepath.Join(dir, "counts")
	js := filepath.Join(dir, "r.json")
	cmd := exec.Command(cover, "run", "--parallel", "1", "--label-filter", coverFilter, "--cover-per-spec", counts, "--json-report", js)
	cmd.Dir = dir
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "GOCOVERDIR=") })
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run --cover-per-spec: %v\n%s", err, out)
	}
	sel := readJSONReport(t, js).Selected()
	if len(sel) != 3 {
		t.Fatalf("%q selected %d specs; want 3", coverFilter, len(sel))
	}
	want := []string{coverOutside}
	for _, s := range sel {
		want = append(want, s.ID)
	}
	slices.Sort(want)
	var got []string
	ents, err := os.ReadDir(counts)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if !slices.Equal(got, want) {
		t.Fatalf("%s holds %q; want a directory per spec ID and %s: %q", counts, got, coverOutside, want)
	}
	for _, name := range want {
		var meta, counters int
		files, _ := os.ReadDir(filepath.Join(counts, name))
		for _, f := range files {
			switch {
			case strings.HasPrefix(f.Name(), "covmeta."):
				meta++
			case strings.HasPrefix(f.Name(), "covcounters."):
				counters++
			}
		}
		if meta != 1 || counters == 0 {
			t.Errorf("%s: %d meta-data files, %d counter files; want 1 and 1 or more", name, meta, counters)
		}
	}
	for _, s := range sel {
		hit := coveredFiles(t, dir, filepath.Join(counts, s.ID))
		memory := slices.Contains(s.Labels, "MR-3")
		switch {
		case memory && (hit["listener.go"] || !hit["memory.go"]):
			t.Errorf("memory spec %s: blocks hit in listener.go %v, memory.go %v; want false, true", s.ID, hit["listener.go"], hit["memory.go"])
		case !memory && (!hit["listener.go"] || hit["memory.go"]):
			t.Errorf("listener spec %s: blocks hit in listener.go %v, memory.go %v; want true, false", s.ID, hit["listener.go"], hit["memory.go"])
		}
	}
}

// coveredFiles are the files of sim with a block executed in the counts
// of dir (go tool covdata textfmt).
func coveredFiles(t *testing.T, tmp, dir string) map[string]bool {
	t.Helper()
	prof := filepath.Join(tmp, filepath.Base(dir)+".txt")
	if out, err := exec.Command("go", "tool", "covdata", "textfmt", "-i", dir, "-o", prof).CombinedOutput(); err != nil {
		t.Fatalf("covdata textfmt -i %s: %v\n%s", dir, err, out)
	}
	data, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	hit := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		// .../drivers/sim/listener.go:12.3,14.5 2 1
		f := strings.Fields(sc.Text())
		if len(f) != 3 || f[2] == "0" {
			continue
		}
		if file, _, ok := strings.Cut(f[0], ":"); ok {
			hit[filepath.Base(file)] = true
		}
	}
	return hit
}

// TestCoverPerSpecHidden: --cover-per-spec is in neither run's usage nor
// the list of valid flags, and in a binary built without -cover it does
// nothing: the run passes as without it, writes no directory and says
// nothing of coverage.
func TestCoverPerSpecHidden(t *testing.T) {
	r := ndkconform(t, "run", "--help")
	if r.code != 0 || !strings.Contains(r.stdout, "--parallel") || strings.Contains(r.stdout, coverPerSpecFlag) {
		t.Errorf("run --help: exit %d, mentions --%s: %v; want 0, not mentioned\n%s", r.code, coverPerSpecFlag, strings.Contains(r.stdout, coverPerSpecFlag), r.stdout)
	}
	r = ndkconform(t, "run", "--bogus")
	if r.code != exitUsage || !strings.Contains(r.stderr, "--parallel") || strings.Contains(r.stderr, coverPerSpecFlag) {
		t.Errorf("run --bogus: exit %d, stderr %q; want 2, the valid flags without --%s", r.code, r.stderr, coverPerSpecFlag)
	}
	counts := filepath.Join(t.TempDir(), "counts")
	with := ndkconform(t, "run", "--label-filter", coverFilter, "--cover-per-spec", counts)
	without := ndkconform(t, "run", "--label-filter", coverFilter)
	if with.code != 0 || lastLine(with.stdout) != lastLine(without.stdout) {
		t.Errorf("without -cover, --cover-per-spec: exit %d, %q; want 0, %q as without it\n%s", with.code, lastLine(with.stdout), lastLine(without.stdout), with.stderr)
	}
	if strings.Contains(strings.ToLower(with.stderr), "cover") {
		t.Errorf("without -cover, --cover-per-spec says on stderr: %q", with.stderr)
	}
	if _, err := os.Stat(counts); !os.IsNotExist(err) {
		t.Errorf("without -cover, --cover-per-spec made %s (%v)", counts, err)
	}
}
