package spec

import "testing"

// TestValidate: the table keeps its own rules.
func TestValidate(t *testing.T) {
	if err := Validate(); err != nil {
		t.Fatal(err)
	}
}
