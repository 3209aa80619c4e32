//go:build linux && cgo

package inproc

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"
)

var updateCoreSum = flag.Bool("update-core-sum", false, "rewrite core_sum.go with the C sources' sum")

// coreFiles are the C files this package compiles or includes from
// outside its directory.
func coreFiles(t *testing.T) []string {
	var files []string
	for _, pat := range []string{"../core/*.c", "../core/*.h", "../platform/posix*.c", "../platform/sim.h",
		"../include/*.h", "../simabi/ndkt_simabi.h"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	sort.Strings(files)
	if len(files) < 20 {
		t.Fatalf("only %d C files found: %v", len(files), files)
	}
	return files
}

// TestCoreSum fails when the C core changed since core_sum.go was written:
// the test binary may then be a stale build of it.
func TestCoreSum(t *testing.T) {
	h := sha256.New()
	for _, f := range coreFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		h.Write([]byte(filepath.ToSlash(f) + "\x00"))
		h.Write(b)
		h.Write([]byte{0})
	}
	sum := hex.EncodeToString(h.Sum(nil))
	if sum == coreSum {
		return
	}
	if !*updateCoreSum {
		t.Fatalf("the C core changed (sum %s, core_sum.go says %q): this package may be a stale build of it; run "+
			"go test ./ndkt/inproc -run TestCoreSum -update-core-sum, then test again", sum, coreSum)
	}
	b, err := os.ReadFile("core_sum.go")
	if err != nil {
		t.Fatal(err)
	}
	b = regexp.MustCompile(`const coreSum = "[0-9a-f]*"`).ReplaceAll(b, []byte(`const coreSum = "`+sum+`"`))
	if err := os.WriteFile("core_sum.go", b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("core_sum.go updated: %s", sum)
}
