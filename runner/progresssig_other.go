//go:build !unix

package runner

import "os"

// progressSignals: none here (Windows has neither SIGUSR1 nor SIGINFO).
var progressSignals []os.Signal

func progressSignalName(s os.Signal) string { return s.String() }
