package main

import (
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// TestStampedRevision: a build without VCS information names its
// revision by the stamped version when that is a git describe, and says
// "unstamped" otherwise.
func TestStampedRevision(t *testing.T) {
	for _, tc := range []struct {
		version, rev string
		modified     bool
	}{
		{"v1.2.3-4-gabcdef0", "v1.2.3-4-gabcdef0", false},
		{"v1.2.3-4-gabcdef0-dirty", "v1.2.3-4-gabcdef0", true},
		{"abcdef0", "abcdef0", false},
		{"84b0a05-dirty", "84b0a05", true},
		{"v1.2.3", "v1.2.3", false},
		{"v1.2.3-rc.1", "v1.2.3-rc.1", false},
		{"devel", `unstamped: the build recorded no VCS revision (go build -buildvcs=false, or no git), and its version "devel" is not a git describe`, false},
		{"", `unstamped: the build recorded no VCS revision (go build -buildvcs=false, or no git) and no version (-ldflags "-X main.version=$(git describe --always --dirty)")`, false},
	} {
		rev, modified := stampedRevision(tc.version)
		if rev != tc.rev || modified != tc.modified {
			t.Errorf("version %q: %q %v, want %q %v", tc.version, rev, modified, tc.rev, tc.modified)
		}
	}
	// A test binary records no VCS information, as go build
	// -buildvcs=false: buildRevision falls back on the version.
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				t.Skipf("the test binary records a VCS revision %s", s.Value)
			}
		}
	}
	defer func(v string) { version = v }(version)
	version = "v9.9.9-1-g0123456-dirty"
	if rev, _, modified := buildRevision(); rev != "v9.9.9-1-g0123456" || !modified {
		t.Errorf("buildRevision: %q %v", rev, modified)
	}
	version = ""
	if rev, _, _ := buildRevision(); !strings.HasPrefix(rev, "unstamped: ") {
		t.Errorf("buildRevision: %q", rev)
	}
}

// TestVersionStamped: a release's version, stamped as make dist stamps it
// (-ldflags -X main.version=TAG), is what --version, the version command,
// the run's first line and the JSON report say (the certification
// manifest takes the same toolVersion).
func TestVersionStamped(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "ndkconform")
	if out, err := exec.Command("go", "build", "-trimpath", "-ldflags", "-X main.version=v1.2.3", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"--version"}, {"version"}} {
		r := runBinary(t, bin, args...)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "ndkconform v1.2.3 (go") {
			t.Errorf("%q: exit %d, %q; want ndkconform v1.2.3 (go...)", args, r.code, r.stdout)
		}
	}
	report := filepath.Join(t.TempDir(), "r.json")
	r := runBinary(t, bin, "run", "--label-filter", "LC-14 && !model", "--json-report", report)
	if r.code != 0 || !strings.HasPrefix(r.stdout, "ndkconform v1.2.3: ") {
		t.Errorf("run: exit %d, first line %q; want ndkconform v1.2.3: ...", r.code, firstLine(r.stdout))
	}
	if v := readJSONReport(t, report).Version; v != "v1.2.3" {
		t.Errorf("the JSON report's version %q, want v1.2.3", v)
	}
}
