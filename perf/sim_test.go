package perf_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/perf"
)

// openSim opens the sim driver through the registry with opts; the test
// closes it at its end.
func openSim(t testing.TB, opts map[string]string) ndk.Provider {
	t.Helper()
	p, err := perf.OpenProvider("sim", opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// BenchmarkConnectCycle is one connect + accept + disconnect + close cycle
// on sim (default options), for IPv4 and IPv6.
func BenchmarkConnectCycle(b *testing.B) {
	p := openSim(b, nil)
	a, bSide := p.Sides()
	perf.BenchmarkSides(b, p, a, bSide)
}

// BenchmarkConnectCyclePersonalities is BenchmarkConnectCycle (IPv4) on sim
// in each completion personality: inline and reentrant calls complete on
// the runner (NdkConnect and NdkAccept block until the peer acts),
// deferred ones through a sim goroutine each.
func BenchmarkConnectCyclePersonalities(b *testing.B) {
	for _, completion := range []string{sim.CompletionInline, sim.CompletionDeferred, sim.CompletionReentrant, sim.CompletionRandom} {
		b.Run(completion, func(b *testing.B) {
			p := openSim(b, map[string]string{sim.OptCompletion: completion})
			a, bSide := p.Sides()
			perf.RunBenchmark(b, perf.Config{Provider: p, A: a.IPv4, B: bSide.IPv4})
		})
	}
}

// Cycles succeed on sim in every completion personality (inline, deferred,
// reentrant, random) and both families: every path of the asynchronous
// contract is taken.
func TestCyclesOnSim(t *testing.T) {
	for _, completion := range []string{sim.CompletionInline, sim.CompletionDeferred, sim.CompletionReentrant, sim.CompletionRandom} {
		p := openSim(t, map[string]string{sim.OptCompletion: completion})
		a, b := p.Sides()
		for _, fam := range []struct {
			name string
			cfg  perf.Config
		}{{"IPv4", perf.Config{Provider: p, A: a.IPv4, B: b.IPv4}}, {"IPv6", perf.Config{Provider: p, A: a.IPv6, B: b.IPv6}}} {
			t.Run(completion+"/"+fam.name, func(t *testing.T) {
				fam.cfg.Timeout = 5 * time.Second
				pair, err := perf.Setup(fam.cfg)
				if err != nil {
					t.Fatal(err)
				}
				const n = 5
				for i := range n {
					if err := pair.Cycle(); err != nil {
						pair.Close()
						t.Fatalf("cycle %d: %v", i+1, err)
					}
				}
				ph := pair.Phases()
				if ph.Cycles != n || ph.Connect <= 0 || ph.Disconnect <= 0 {
					t.Errorf("phases after %d cycles: %+v", n, ph)
				}
				if err := pair.Close(); err != nil {
					t.Fatal(err)
				}
				if err := pair.Cycle(); err == nil {
					t.Error("Cycle on a closed pair succeeded")
				}
			})
		}
	}
}

// A broken provider makes Cycle fail within the deadline with an error that
// names the call, what was expected and what was seen; the pair still
// closes.
func TestCycleReportsBrokenProviders(t *testing.T) {
	for _, tc := range []struct {
		variant string
		want    []string
	}{
		// The peer never hears of the disconnect.
		{sim.VariantDisconnectNoNotice, []string{"side B NdkDisconnectEventCallback", "disconnect indication", "none came within"}},
		// Side A gets an indication for its own disconnect.
		{sim.VariantIndicationToSelf, []string{"unexpected callbacks", "side A: a disconnect indication"}},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			p := openSim(t, map[string]string{sim.OptVariant: tc.variant})
			a, b := p.Sides()
			timeout := 200 * time.Millisecond
			pair, err := perf.Setup(perf.Config{Provider: p, A: a.IPv4, B: b.IPv4, Timeout: timeout})
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			err = pair.Cycle()
			if err == nil {
				// An indication to self may come after the cycle: the next one reports it.
				time.Sleep(10 * time.Millisecond)
				err = pair.Cycle()
			}
			took := time.Since(start)
			if err == nil {
				t.Fatal("cycles on a broken provider succeeded")
			}
			t.Logf("after %v: %v", took, err)
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if took > 10*timeout {
				t.Errorf("the failing cycle took %v with a deadline of %v", took, timeout)
			}
			if err := pair.Close(); err != nil {
				t.Errorf("closing after the failure: %v", err)
			}
		})
	}
}

func TestSetupRefusesBadConfigs(t *testing.T) {
	p := openSim(t, nil)
	a, b := p.Sides()
	for _, cfg := range []perf.Config{
		{A: a.IPv4, B: b.IPv4},                     // no provider
		{Provider: p, A: a.IPv4},                   // no side B
		{Provider: p, A: a.IPv4, B: b.IPv6},        // two families
		{Provider: p, A: a.IPv4, B: a.IPv4.Prev()}, // no adapter owns B
	} {
		if pair, err := perf.Setup(cfg); err == nil {
			pair.Close()
			t.Errorf("Setup(%v, %v) succeeded", cfg.A, cfg.B)
		}
	}
}

func TestOpenProviderAndSides(t *testing.T) {
	if _, err := perf.OpenProvider("no-such-driver", nil); err == nil {
		t.Error("an unknown driver opened")
	}
	if _, err := perf.OpenProvider("sim", map[string]string{"bogus": "1"}); err == nil {
		t.Error("an unknown option was accepted")
	}
	if p, err := perf.OpenProvider("sim", nil); err != nil {
		t.Errorf("sim: %v (not usable: %v)", err, errors.Is(err, perf.ErrNotUsable))
	} else {
		p.Close()
	}
	s, err := perf.ParseSide(" 10.99.0.1, fd99::1 ")
	if err != nil || s.IPv4.String() != "10.99.0.1" || s.IPv6.String() != "fd99::1" {
		t.Errorf("ParseSide: %v %v", s, err)
	}
	for _, bad := range []string{"10.99.0.1,10.99.0.2", "fd99::1,fd99::2", "nonsense"} {
		if _, err := perf.ParseSide(bad); err == nil {
			t.Errorf("ParseSide(%q) succeeded", bad)
		}
	}
	if z, err := perf.ParseSide(""); err != nil || z != (ndk.Side{}) {
		t.Errorf("ParseSide(\"\") = %v, %v", z, err)
	}
	def := ndk.Side{IPv4: s.IPv4}
	if got := perf.Override(def, ndk.Side{IPv6: s.IPv6}); got != s {
		t.Errorf("Override = %v", got)
	}
}
