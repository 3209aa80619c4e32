package rxe

import (
	"strings"
	"testing"
	"time"
)

// Option disconnect-drain: 2s by default, any positive duration shorter
// than disconnect-timeout.
func TestDisconnectDrainOption(t *testing.T) {
	for _, tc := range []struct {
		opts  map[string]string
		drain time.Duration
		err   string
	}{
		{opts: map[string]string{}, drain: 2 * time.Second},
		{opts: map[string]string{OptDisconnectDrain: "4s"}, drain: 4 * time.Second},
		{opts: map[string]string{OptDisconnectDrain: "7s", OptDisconnectTimeout: "8s"}, drain: 7 * time.Second},
		{opts: map[string]string{OptDisconnectDrain: "5s"}, err: "disconnect-drain=5s: must be shorter than disconnect-timeout (5s)"},
		{opts: map[string]string{OptDisconnectTimeout: "1s"}, err: "disconnect-drain=2s: must be shorter than disconnect-timeout (1s)"},
		{opts: map[string]string{OptDisconnectDrain: "0s"}, err: "disconnect-drain=0s: want a positive Go duration"},
		{opts: map[string]string{OptDisconnectDrain: "soon"}, err: "disconnect-drain=soon: want a positive Go duration"},
	} {
		o, err := parseOptions(tc.opts)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: error %v, want %q", tc.opts, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v: %v", tc.opts, err)
			continue
		}
		if c := o.(config); c.discDrain != tc.drain {
			t.Errorf("%v: disconnect-drain %v, want %v", tc.opts, c.discDrain, tc.drain)
		}
	}
}
