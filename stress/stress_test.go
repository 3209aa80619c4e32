package stress

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
)

func openSim(t testing.TB, opts map[string]string) ndk.Provider {
	t.Helper()
	d, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	o, err := ndk.ParseOptions(d, opts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := o.Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func runCfg(t testing.TB, cfg Config) Result {
	t.Helper()
	if cfg.Timeout == 0 {
		cfg.Timeout = 10 * time.Second
	}
	res, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// A short stress against sim passes in every completion personality (go
// test -race ./stress runs it under the race detector), and takes every
// kind of step.
func TestStressSim(t *testing.T) {
	ops := 400
	if testing.Short() {
		ops = 150
	}
	for _, c := range []string{sim.CompletionInline, sim.CompletionDeferred, sim.CompletionReentrant, sim.CompletionRandom} {
		t.Run(c, func(t *testing.T) {
			p := openSim(t, map[string]string{sim.OptCompletion: c})
			res := runCfg(t, Config{Provider: p, Workers: 4, Only: -1, Seed: 3, Ops: ops})
			for _, f := range res.Failures {
				t.Error(f)
			}
			if res.Abandoned != "" {
				t.Errorf("abandoned: %s", res.Abandoned)
			}
			for _, n := range res.Steps {
				// the teardown of the last connection follows the last step
				if n != ops && n != ops+1 {
					t.Errorf("steps %v, want %d (or one more, a teardown) each", res.Steps, ops)
				}
			}
			for _, k := range StepKinds() {
				if res.StepKinds[k] == 0 {
					t.Errorf("no step %q in %v", k, res.StepKinds)
				}
			}
			if res.Connections == 0 || res.Ops == 0 || res.Bytes == 0 || res.Registers == 0 || res.OpLatency.Count != res.Ops || res.ConnectLatency.Count != res.Connections {
				t.Errorf("counts %+v", res)
			}
			t.Logf("%s: %d connections, %d ops, %d bytes in %v; op p50 %v p99 %v", c, res.Connections, res.Ops, res.Bytes, res.Elapsed, res.OpLatency.P50, res.OpLatency.P99)
		})
	}
}

// A duration bounds a run.
func TestStressDuration(t *testing.T) {
	p := openSim(t, nil)
	res := runCfg(t, Config{Provider: p, Workers: 2, Only: -1, Seed: 1, Duration: 300 * time.Millisecond})
	if !res.Passed() || res.Elapsed < 300*time.Millisecond || res.Elapsed > 5*time.Second || res.Connections == 0 {
		t.Errorf("%+v", res)
	}
}

// variantRules are the rules sim's variant name breaks.
func variantRules(t *testing.T, name string) []string {
	t.Helper()
	for _, v := range sim.Variants() {
		if v.Name == name {
			return v.Rules
		}
	}
	t.Fatalf("sim has no variant %s", name)
	return nil
}

// Each variant of sim that fails only under concurrency or at scale is
// caught by the stress run, with a violation of a rule it breaks, within a
// few runs (each stops at its first failure); the race is not a sequence
// bug: a worker alone does not find it.
func TestConcurrencyVariantsCaught(t *testing.T) {
	for _, tc := range []struct {
		variant string
		ops     int
		alone   bool // one worker alone does not find it
	}{
		{sim.VariantCloseRaceDropsRef, 300, true},
		{sim.VariantListenerLeakEveryN, 300, false},
		{sim.VariantSRQSlotReuse, 3000, true},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			rules := variantRules(t, tc.variant)
			var got []string
			caught := false
			for seed := uint64(1); seed <= 5 && !caught; seed++ {
				p := openSim(t, map[string]string{sim.OptVariant: tc.variant})
				res := runCfg(t, Config{Provider: p, Workers: 4, Only: -1, Seed: seed, Ops: tc.ops})
				if len(res.Failures) == 0 {
					got = append(got, fmt.Sprintf("seed %d: nothing", seed))
					continue
				}
				f := res.Failures[0]
				if !slices.Contains(rules, f.Rule) {
					t.Fatalf("seed %d: a violation of %s, not of the variant's rules %v:\n%s", seed, f.Rule, rules, f)
				}
				t.Logf("seed %d: %s", seed, f.Violation)
				caught = true
			}
			if !caught {
				t.Fatalf("not caught: %v", got)
			}
			if tc.alone {
				p := openSim(t, map[string]string{sim.OptVariant: tc.variant})
				if res := runCfg(t, Config{Provider: p, Workers: 1, Only: 0, Seed: 1, Ops: tc.ops}); !res.Passed() {
					t.Errorf("worker 0 alone found it, a race needs two: %s", res.Failures[0])
				}
			}
		})
	}
}

// A failure of a worker's sequence is replayed by the worker alone, up to
// the failing step, with the same violation at the same step.
func TestReplay(t *testing.T) {
	opts := map[string]string{sim.OptVariant: "bytes-transferred-wrong"}
	res := runCfg(t, Config{Provider: openSim(t, opts), Workers: 3, Only: -1, Seed: 11, Ops: 300,
		Replay: func(seed uint64, worker, ops int) string {
			return fmt.Sprintf("seed=%d worker=%d ops=%d", seed, worker, ops)
		}})
	if len(res.Failures) == 0 {
		t.Fatal("bytes-transferred-wrong not caught")
	}
	f := res.Failures[0]
	if f.Worker < 0 || f.Step == 0 || len(f.Steps) == 0 || f.Replay != fmt.Sprintf("seed=11 worker=%d ops=%d", f.Worker, f.Step) || f.Rule != "QP-13" {
		t.Fatalf("failure %+v", f)
	}
	again := runCfg(t, Config{Provider: openSim(t, opts), Workers: 1, Only: f.Worker, Seed: 11, Ops: f.Step})
	if len(again.Failures) == 0 {
		t.Fatalf("the replay of %s passed", f.Replay)
	}
	g := again.Failures[0]
	if g.Worker != f.Worker || g.Step != f.Step || g.Rule != f.Rule || g.Call != f.Call || g.Steps[len(g.Steps)-1] != f.Steps[len(f.Steps)-1] {
		t.Errorf("the replay found\n%s\nnot\n%s", g, f)
	}
}

// Config.Stop ends a run early: the workers stop after their step, the
// run closes everything and checks its end, and the result says it was
// interrupted.
func TestStressStop(t *testing.T) {
	p := openSim(t, map[string]string{sim.OptCompletion: sim.CompletionDeferred})
	stop := make(chan struct{})
	time.AfterFunc(300*time.Millisecond, func() { close(stop) })
	start := time.Now()
	res := runCfg(t, Config{Provider: p, Workers: 3, Only: -1, Seed: 5, Duration: time.Minute, Stop: stop})
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("the run took %v after a stop at 300ms of a minute", took)
	}
	if !res.Interrupted || !res.Passed() || res.Connections == 0 || res.Abandoned != "" {
		t.Errorf("interrupted %v, passed %v, %d connections, abandoned %q; want an interrupted run that passed, with connections, nothing abandoned (failures: %v)",
			res.Interrupted, res.Passed(), res.Connections, res.Abandoned, res.Failures)
	}
	q := openSim(t, map[string]string{sim.OptCompletion: sim.CompletionDeferred})
	if done := runCfg(t, Config{Provider: q, Workers: 2, Only: -1, Seed: 5, Ops: 20, Stop: make(chan struct{})}); done.Interrupted {
		t.Error("a run whose Stop was never closed says it was interrupted")
	}
}
