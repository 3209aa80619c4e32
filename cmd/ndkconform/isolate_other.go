//go:build !linux

package main

import "syscall"

// childAttr: elsewhere the child is not tied to the parent's life.
func childAttr() (attr *syscall.SysProcAttr, unlock func()) { return nil, func() {} }
