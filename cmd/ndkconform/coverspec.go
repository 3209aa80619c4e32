package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/coverage"
	"sync"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/runner"
	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/ginkgo/v2/types"
)

// Per-spec coverage, for test/mutation (its -select=coverage): run's hidden
// flag --cover-per-spec DIR makes each test process of the run, in a binary
// built with -cover -covermode=atomic, write its coverage counters when a
// spec ends into DIR/ID (ID: the spec's short ID, outcome.SpecID, which
// --spec takes) and clear them, so that DIR/ID holds what that spec
// executed. What a test process executes before its first spec (the
// provider opened and checked) goes to DIR/outside; what it executes
// after its last spec, and what the plan process and this one execute,
// goes where GOCOVERDIR says (DIR/outside when GOCOVERDIR is not set).
// What a spec's goroutines execute after it ended, before the next spec
// of the same process ended, counts for that next spec: a superset of what
// the next spec executes, never a block missing from the spec that
// started them (it ended before).
//
// In a binary built without -cover (or with another -covermode) the flag
// does nothing: runtime/coverage has no counters to write or clear.

// coverPerSpecFlag is the hidden flag; envCoverPerSpec carries its DIR to
// the test processes.
const (
	coverPerSpecFlag = "cover-per-spec"
	envCoverPerSpec  = "NDKCONFORM_COVER_PER_SPEC"
	// CoverOutside is the directory under DIR of the counts made outside
	// every spec.
	coverOutside = "outside"
)

// hiddenRunFlags are the flags of run that its usage does not list.
var hiddenRunFlags = map[string]bool{coverPerSpecFlag: true}

// coverAtomic reports whether this binary was built with -cover
// -covermode=atomic: the only mode whose counters can be cleared while it
// runs.
func coverAtomic() bool {
	return coverage.WriteCounters(io.Discard) == nil
}

// coverSpecDir is the directory of the counts of the spec named name.
func coverSpecDir(dir, name string) string {
	return filepath.Join(dir, outcome.SpecID(name))
}

// startCoverPerSpec passes --cover-per-spec DIR on to the test processes
// (through the environment they inherit), when this binary counts
// coverage; otherwise it does nothing.
func startCoverPerSpec(dir string) error {
	if dir == "" || !coverAtomic() {
		return nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(abs, coverOutside), 0o755); err != nil {
		return fmt.Errorf("--%s: %v", coverPerSpecFlag, err)
	}
	if os.Getenv("GOCOVERDIR") == "" {
		os.Setenv("GOCOVERDIR", filepath.Join(abs, coverOutside))
	}
	if err := os.Setenv(envCoverPerSpec, abs); err != nil {
		return err
	}
	if os.Getenv(runner.EnvInProcess) != "" {
		coverPerSpec() // the specs run in this process
	}
	return nil
}

// coverPerSpec, in a process of a run with --cover-per-spec of a binary
// that counts coverage, registers the report nodes that write each spec's
// counts apart (before Ginkgo runs the specs: main calls it first).
func coverPerSpec() {
	dir := os.Getenv(envCoverPerSpec)
	if dir == "" || !coverAtomic() {
		return
	}
	var first sync.Once
	ginkgo.ReportBeforeEach(func(sr types.SpecReport) {
		if sr.LeafNodeType == types.NodeTypeIt && !sr.State.Is(types.SpecStateSkipped) {
			first.Do(func() { dumpCoverage(filepath.Join(dir, coverOutside)) })
		}
	})
	ginkgo.ReportAfterEach(func(sr types.SpecReport) {
		if sr.LeafNodeType == types.NodeTypeIt && sr.NumAttempts > 0 {
			dumpCoverage(coverSpecDir(dir, sr.FullText()))
		}
	})
}

// dumpCoverage writes the counters, and the meta-data covdata needs beside
// them, into dir, and clears them. A failure is said on stderr: the counts
// are then a superset (not cleared) or missing, and the caller sees it.
func dumpCoverage(dir string) {
	err := os.MkdirAll(dir, 0o755)
	if err == nil {
		err = coverage.WriteMetaDir(dir)
	}
	if err == nil {
		err = coverage.WriteCountersDir(dir)
	}
	if err == nil {
		err = coverage.ClearCounters()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: --%s: %v\n", tool, coverPerSpecFlag, err)
	}
}
