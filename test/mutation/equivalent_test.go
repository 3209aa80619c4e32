package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every entry of the project's equivalent.txt parses, and names a line
// that is in its file with its operator there at least N times: an edit
// of sim that changes or removes the line shows here, before a mutation
// run (hours) reports the entry stale.
func TestEquivalentsNameLinesOfSim(t *testing.T) {
	eqs, err := readEquivalents("equivalent.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(eqs) == 0 {
		t.Fatal("equivalent.txt has no entry")
	}
	lines := map[string]map[string]bool{}
	for _, e := range eqs {
		if lines[e.File] == nil {
			data, err := os.ReadFile(filepath.Join("..", "..", e.File))
			if err != nil {
				t.Errorf("equivalent.txt:%d: %v", e.Line, err)
				lines[e.File] = map[string]bool{}
				continue
			}
			set := map[string]bool{}
			for _, l := range strings.Split(string(data), "\n") {
				set[strings.TrimSpace(l)] = true
			}
			lines[e.File] = set
		}
		if !lines[e.File][e.Code] {
			t.Errorf("equivalent.txt:%d: %s has no line %q", e.Line, e.File, e.Code)
			continue
		}
		if n := strings.Count(e.Code, e.From); n < e.Nth {
			t.Errorf("equivalent.txt:%d: %s#%d, but the line has %d of %q", e.Line, e.From, e.Nth, n, e.From)
		}
	}
}
