package runner

import (
	"fmt"
	"slices"
	"testing"

	"github.com/ndkconform/ndkconform/outcome"
)

func planOf(weights ...int) []outcome.Spec {
	var plan []outcome.Spec
	for i, w := range weights {
		state := outcome.NotRun
		if w < 0 {
			state, w = outcome.NotSelected, 0
		}
		plan = append(plan, outcome.Spec{Name: fmt.Sprintf("spec %d", i), Priority: w, State: state})
	}
	return plan
}

// The shares hold every selected spec once, each in plan order, the
// heaviest spread first, and the same plan is split the same way again.
func TestAssignShares(t *testing.T) {
	plan := planOf(0, 1, -1, 0, 0, 1, 0, 0, 1, 0, 0, -1, 0)
	shares := assignShares(plan, 3)
	if len(shares) != 3 {
		t.Fatalf("%d shares, want 3", len(shares))
	}
	seen := map[string]int{}
	for k, sh := range shares {
		heavy, weight := 0, 0
		var order []int
		for _, sr := range sh {
			seen[sr.Name]++
			if sr.Priority > 0 {
				heavy++
			}
			weight += specWeight(sr)
			order = append(order, slices.IndexFunc(plan, func(p outcome.Spec) bool { return p.Name == sr.Name }))
		}
		if heavy != 1 {
			t.Errorf("share %d has %d of the 3 heavy specs, want 1 each", k, heavy)
		}
		if !slices.IsSorted(order) {
			t.Errorf("share %d is not in plan order: %v", k, order)
		}
		if weight < 6 || weight > 7 {
			t.Errorf("share %d weighs %d; the 20 units of weight split 7, 7, 6", k, weight)
		}
	}
	for _, sr := range plan {
		want := 1
		if !sr.Selected() {
			want = 0
		}
		if seen[sr.Name] != want {
			t.Errorf("%s in %d shares, want %d", sr.Name, seen[sr.Name], want)
		}
	}
	again := assignShares(plan, 3)
	for k := range shares {
		if !slices.EqualFunc(shares[k], again[k], func(a, b outcome.Spec) bool { return a.Name == b.Name }) {
			t.Errorf("share %d differs the second time", k)
		}
	}
	if got := len(assignShares(planOf(0, 0), 8)); got != 2 {
		t.Errorf("2 specs in %d shares, want 2", got)
	}
	if got := assignShares(planOf(-1), 8); got != nil {
		t.Errorf("no spec selected: %d shares", len(got))
	}
}
