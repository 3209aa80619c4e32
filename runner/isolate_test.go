package runner

import "testing"

// The Go runtime's crash report tells a crash; a signal from outside, or
// a SIGQUIT dump, is none.
func TestDescribeEnd(t *testing.T) {
	for _, tc := range []struct {
		stderr string
		crash  bool
	}{
		{"some output\npanic: boom\n\ngoroutine 1 [running]:\nmain.main()\n", true},
		{"fatal error: concurrent map writes\n", true},
		{"SIGSEGV: segmentation violation\nPC=0x0 m=0 sigcode=1\nsignal arrived during cgo execution\n", true},
		{"SIGQUIT: quit\nPC=0x46f5a1 m=0 sigcode=0\n\ngoroutine 0 [idle]:\n", false},
		{"the provider says: panic: not at the start of the line\n", false},
		{"", false},
	} {
		e := describeEnd(nil, nil, tc.stderr)
		if (e.crash != "") != tc.crash {
			t.Errorf("%q: crash %q, want a crash: %v", tc.stderr, e.crash, tc.crash)
		}
	}
}
