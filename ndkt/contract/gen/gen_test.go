package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// root is the module root, from this package's directory.
const root = "../../.."

// TestGeneratedFilesUpToDate regenerates into a temporary directory and
// compares every file with the checked-in one.
func TestGeneratedFilesUpToDate(t *testing.T) {
	tmp := t.TempDir()
	if err := generate(root, tmp); err != nil {
		t.Fatal(err)
	}
	for name := range Files {
		want, err := os.ReadFile(filepath.Join(tmp, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Errorf("%s: %v: run go generate ./ndkt/contract", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what the generator writes (%d bytes, it writes %d, first difference at byte %d): run go generate ./ndkt/contract",
				name, len(got), len(want), firstDiff(got, want))
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
