//go:build darwin || dragonfly || freebsd || netbsd || openbsd

package runner

import (
	"os"
	"syscall"
)

// progressSignals ask a run for its progress (see startProgressDump):
// SIGUSR1, and SIGINFO, which a BSD's or macOS's terminal sends on Ctrl-T.
var progressSignals = []os.Signal{syscall.SIGUSR1, syscall.SIGINFO}

func progressSignalName(s os.Signal) string {
	if s == syscall.SIGINFO {
		return "SIGINFO"
	}
	return "SIGUSR1"
}
