package main

import (
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
