package rerun

import (
	"slices"
	"testing"
)

func TestSelect(t *testing.T) {
	run := []string{"ndkconform", "run", "--driver", "sim", "--seed", "1"}
	goTest := []string{"go", "test", "-run", "^TestX$", "./pkg", "-args", "--"}
	for _, c := range []struct {
		argv     []string
		name, id string
		want     []string
	}{
		{run, "Model IPv4 (x)", "c16b7067", []string{"--spec", "c16b7067"}},
		{run, "Model IPv4 (x)", "", []string{"--focus", `^Model IPv4 \(x\)$`}},
		{goTest, "Model IPv4 (x)", "c16b7067", []string{"--focus", `^Model IPv4 \(x\)$`}},
	} {
		if got := Select(c.argv, c.name, c.id); !slices.Equal(got, c.want) {
			t.Errorf("Select(%q, %q, %q) = %q, want %q", c.argv, c.name, c.id, got, c.want)
		}
	}
}

func TestWithout(t *testing.T) {
	argv := []string{"ndkconform", "run", "--seed", "1", "--model-sequences", "400", "--model-steps=50", "--model-shrink-time", "2s"}
	want := []string{"ndkconform", "run", "--seed", "1", "--model-shrink-time", "2s"}
	if got := Without(argv, "--model-sequences", "--model-steps"); !slices.Equal(got, want) {
		t.Errorf("Without = %q, want %q", got, want)
	}
}

func TestCommand(t *testing.T) {
	if got, want := Command([]string{"ndkconform", "run", "--focus", "^a b$", "--driver-opt", "variant=x"}), `ndkconform run --focus '^a b$' --driver-opt variant=x`; got != want {
		t.Errorf("Command = %q, want %q", got, want)
	}
}
