//go:build unix

package agent_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) the process has used so
// far, its agent and harness goroutines alike.
func processCPU() time.Duration {
	var r syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &r) != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
