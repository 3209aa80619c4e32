//go:build unix

package main

import (
	"os/exec"
	"syscall"
	"time"
)

// setProcessGroup puts the command in a process group of its own, killed
// whole when its context ends: ndkconform runs the suite in a child process.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
}
