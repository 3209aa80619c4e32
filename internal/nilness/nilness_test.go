package nilness

import "testing"

type thing struct{}

func (*thing) m() {}

type mer interface{ m() }

func TestIsNil(t *testing.T) {
	var p *thing
	var i mer = p
	for _, c := range []struct {
		x    any
		want bool
	}{{nil, true}, {p, true}, {i, true}, {&thing{}, false}, {3, false}, {[]int(nil), true}, {map[int]int{}, false}} {
		if got := IsNil(c.x); got != c.want {
			t.Errorf("IsNil(%#v) = %v, want %v", c.x, got, c.want)
		}
	}
}
