package main

import (
	"runtime"
	"syscall"
)

// childAttr makes the kernel kill the child if the parent dies first (a
// watchdog that kills ndkconform must not leave the suite running). The
// signal comes when the thread that started the child exits, so that
// thread stays locked to the goroutine that waits for the child.
func childAttr() (attr *syscall.SysProcAttr, unlock func()) {
	runtime.LockOSThread()
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}, runtime.UnlockOSThread
}
