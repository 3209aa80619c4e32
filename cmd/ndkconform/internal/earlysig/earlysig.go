// Package earlysig watches SIGINT and SIGTERM in the ndkconform process
// from the first moment its Go code runs: its init runs as soon as
// os/signal's has, before the packages of the drivers, the specs and the
// rest of the program (about 40 ms of initialization), so that a signal
// in that time is neither lost (to a process started with SIGINT ignored,
// as a background job of a non-interactive shell is) nor the end of the
// process before its reports are written. It imports nothing heavier
// than os/signal for that reason.
//
// Before its init, while the Go runtime and the standard library start
// (a few milliseconds), a signal has its default action: no program can
// watch it sooner. SIGINT ignored at the start stays ignored until then;
// SIGTERM ignored at the start does not: Go's runtime installs its own
// handler for it as it starts, which ends the process.
package earlysig

import (
	"os"
	"os/signal"
	"syscall"
)

// C gets the signals from the start; it is nil in a test process
// of a run (the environment has NDKCONFORM_RUNNER_CHILD, package runner's
// EnvChild), where Ginkgo takes the signals and one before it does must
// end the process, as it does by default.
var C chan os.Signal

// EnvChild is runner.EnvChild (not imported: see the package comment).
const EnvChild = "NDKCONFORM_RUNNER_CHILD"

func init() {
	if os.Getenv(EnvChild) != "" {
		return
	}
	C = make(chan os.Signal, 16)
	signal.Notify(C, os.Interrupt, syscall.SIGTERM)
}

// Stop stops watching the signals: they have their default action again
// (or are ignored again, in a process started with them ignored).
func Stop() {
	if C != nil {
		signal.Stop(C)
	}
}
