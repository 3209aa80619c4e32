package ndk

import "testing"

// HasEx: the Ex connector calls are NDKPI 2.1's ("Supported in NDKPI 2.1
// and later"): not before, whatever the minor version of an earlier major.
func TestVersionHasEx(t *testing.T) {
	for _, tc := range []struct {
		v    Version
		want bool
	}{
		{Version{1, 1}, false}, {Version{1, 2}, false}, {Version{1, 9}, false}, {Version{2, 0}, false},
		{Version{2, 1}, true}, {Version{2, 2}, true}, {Version{3, 0}, true}, {Version{}, false},
	} {
		if got := tc.v.HasEx(); got != tc.want {
			t.Errorf("Version %d.%d HasEx = %v, want %v", tc.v.Major, tc.v.Minor, got, tc.want)
		}
		if got := tc.v.AtLeast(Version{1, 2}); got != (tc.v.Major > 1 || tc.v.Major == 1 && tc.v.Minor >= 2) {
			t.Errorf("Version %d.%d AtLeast 1.2 = %v", tc.v.Major, tc.v.Minor, got)
		}
	}
}
