//go:build unix && !linux

package runner

import "syscall"

// childAttr: the child has a process group of its own, so that an
// interrupt from the terminal reaches the parent alone, which passes it on
// once (see forwarder). It is not tied to the parent's life here.
func childAttr() (attr *syscall.SysProcAttr, unlock func()) {
	return &syscall.SysProcAttr{Setpgid: true}, func() {}
}
