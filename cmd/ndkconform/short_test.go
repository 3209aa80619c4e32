package main

import "testing"

// skipIfShort skips, under go test -short, a test that runs the whole
// suite, several runs or many processes (certify, split runs, crashes and
// interrupts, the Windows build): the fast inner loop keeps the in-process
// tests and the single filtered runs.
func skipIfShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: runs the whole suite or many processes")
	}
}
