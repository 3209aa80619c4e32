package suite

import (
	"testing"
	"time"
)

// A model spec's replay command repeats the run as the reports' rerun
// commands do (Config.Rerun): an ndkconform run command selects the spec
// by its short ID (--spec), with the failing sequence's number as the
// budget of sequences and the run's steps; a go test command selects it by
// --focus, the test's own budget.
func TestReplayCommand(t *testing.T) {
	const text = "Model of the endpoint rules IPv4 keeps every step (within what the rules allow)"
	const id = "d52f4ee8" // the first 8 hex digits of the SHA-256 of text
	for _, c := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"ndkconform run", Config{Driver: "sim", Seed: 3, ModelSteps: 50,
			Rerun: []string{"ndkconform", "run", "--driver", "sim", "--driver-opt", "variant=early-port-release", "--side-a-ipv4", "192.0.2.1",
				"--seed", "3", "--model-sequences", "400", "--model-steps", "50", "--model-shrink-time", "2s"}},
			"ndkconform run --driver sim --driver-opt variant=early-port-release --side-a-ipv4 192.0.2.1 --seed 3 --model-shrink-time 2s --spec " + id + " --model-sequences 7 --model-steps 50"},
		{"no Rerun", Config{Driver: "sim", DriverOptions: map[string]string{"variant": "x y"}, Timeout: 3 * time.Second, Seed: 1, ModelSteps: 30, ModelShrinkTime: DefaultModelShrinkTime},
			"ndkconform run --driver sim --driver-opt 'variant=x y' --timeout 3s --seed 1 --spec " + id + " --model-sequences 7 --model-steps 30"},
		{"go test", Config{Driver: "sim", Seed: 1, ModelSteps: 30, Rerun: []string{"go", "test", "-run", "^TestSim$", "./x", "-args", "--"}},
			`go test -run '^TestSim$' ./x -args -- --focus '^Model of the endpoint rules IPv4 keeps every step \(within what the rules allow\)$'`},
	} {
		d := Direct{run: &runState{cfg: c.cfg}}
		if got := d.ReplayCommand(text, 7); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}
