package conformance

import (
	"slices"
	"testing"
)

func TestFocusArgs(t *testing.T) {
	for _, tc := range []struct {
		args, want []string
	}{
		{nil, nil},
		{[]string{"--focus", "^a b$"}, []string{"^a b$"}},
		{[]string{"-focus=x", "other", "--focus", "y"}, []string{"x", "y"}},
		{[]string{"focus", "x", "--focus"}, nil},
	} {
		if got := focusArgs(tc.args); !slices.Equal(got, tc.want) {
			t.Errorf("focusArgs(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

// The rerun command of a test names the test, anchored level by level, and
// the package's directory from the module's root.
func TestGoTestRerun(t *testing.T) {
	got := goTestRerun("TestX/sub.1")
	want := []string{"go", "test", "-run", `^TestX$/^sub\.1$`, "./conformance", "-args", "--"}
	if !slices.Equal(got, want) {
		t.Errorf("goTestRerun = %q, want %q", got, want)
	}
}
