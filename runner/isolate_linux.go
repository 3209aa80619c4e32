package runner

import (
	"runtime"
	"syscall"
)

// childAttr makes the kernel kill the child if the parent dies first (a
// watchdog that kills ndkconform must not leave the suite running). The
// signal comes when the thread that started the child exits, so that
// thread stays locked to the goroutine that waits for the child. The child
// has a process group of its own: an interrupt from the terminal reaches
// the parent alone, which passes it on once (see forwarder).
func childAttr() (attr *syscall.SysProcAttr, unlock func()) {
	runtime.LockOSThread()
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}, runtime.UnlockOSThread
}
