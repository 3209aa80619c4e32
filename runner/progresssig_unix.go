//go:build unix && !(darwin || dragonfly || freebsd || netbsd || openbsd)

package runner

import (
	"os"
	"syscall"
)

// progressSignals ask a run for its progress (see startProgressDump).
var progressSignals = []os.Signal{syscall.SIGUSR1}

func progressSignalName(os.Signal) string { return "SIGUSR1" }
