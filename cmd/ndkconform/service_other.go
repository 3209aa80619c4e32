//go:build !windows

package main

import (
	"errors"
	"io"
)

// runService is Windows' (service_windows.go): elsewhere --windows-service
// is bad usage.
func runService(name string, stdout, stderr io.Writer, serve func(stop <-chan string, stdout, stderr io.Writer) int) int {
	return usageError(stderr, "agent", errors.New("--windows-service: there is no service manager here: it runs the agent as a Windows service, on Windows only"))
}
