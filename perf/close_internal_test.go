package perf

import (
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/drivers/sim"
)

// Close ends the pair's goroutines: the runner, the watchdog and the side
// workers.
func TestCloseEndsThePairsGoroutines(t *testing.T) {
	for _, completion := range []string{sim.CompletionInline, sim.CompletionDeferred} {
		prov, err := OpenProvider("sim", map[string]string{sim.OptCompletion: completion})
		if err != nil {
			t.Fatal(err)
		}
		defer prov.Close()
		a, b := prov.Sides()
		p, err := Setup(Config{Provider: prov, A: a.IPv4, B: b.IPv4})
		if err != nil {
			t.Fatal(err)
		}
		if n := p.r.live.Load(); n != 4 {
			t.Errorf("%s: %d goroutines after Setup, want 4", completion, n)
		}
		if _, err := p.cycles(3); err != nil {
			t.Fatal(err)
		}
		if err := p.Close(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for p.r.live.Load() != 0 && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		if n := p.r.live.Load(); n != 0 {
			t.Errorf("%s: %d of the pair's goroutines still run after Close", completion, n)
		}
	}
}
