package perf

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// ErrNotUsable wraps the reason a registered driver cannot run here (its
// ndk.Driver.Usable): a benchmark skips on it.
var ErrNotUsable = errors.New("driver not usable here")

// OpenProvider opens a registered driver the way ndkconform does: the
// registry's ndk.Lookup, its options checked and parsed once
// (ndk.ParseOptions), Usable (an error wrapping ErrNotUsable), then the
// parsed options' Open.
func OpenProvider(driver string, opts map[string]string) (ndk.Provider, error) {
	d, err := ndk.Lookup(driver)
	if err != nil {
		return nil, err
	}
	opener, err := ndk.ParseOptions(d, opts)
	if err != nil {
		return nil, fmt.Errorf("driver %s: %w", driver, err)
	}
	if err := d.Usable(); err != nil {
		return nil, fmt.Errorf("driver %s: %w: %w", driver, ErrNotUsable, err)
	}
	p, err := opener.Open()
	if err != nil {
		return nil, fmt.Errorf("driver %s: %w", driver, err)
	}
	return p, nil
}

// ParseSide parses a side's addresses: an IPv4 and/or an IPv6 address,
// comma-separated ("10.99.0.1,fd99::1"). Empty is the zero Side.
func ParseSide(s string) (ndk.Side, error) {
	var side ndk.Side
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return ndk.Side{}, fmt.Errorf("side address %q: %v", f, err)
		}
		a = a.Unmap()
		if a.Is4() {
			if side.IPv4.IsValid() {
				return ndk.Side{}, fmt.Errorf("side %q: two IPv4 addresses", s)
			}
			side.IPv4 = a
		} else {
			if side.IPv6.IsValid() {
				return ndk.Side{}, fmt.Errorf("side %q: two IPv6 addresses", s)
			}
			side.IPv6 = a
		}
	}
	return side, nil
}

// Override returns def with the addresses over sets.
func Override(def, over ndk.Side) ndk.Side {
	if over.IPv4.IsValid() {
		def.IPv4 = over.IPv4
	}
	if over.IPv6.IsValid() {
		def.IPv6 = over.IPv6
	}
	return def
}

// BenchmarkSides runs RunBenchmark between side A and side B once per
// address family, as the sub-benchmarks IPv4 and IPv6 (a family that a side
// has no address of skips).
func BenchmarkSides(b *testing.B, prov ndk.Provider, a, bSide ndk.Side) {
	b.Helper()
	for _, f := range []struct {
		name string
		a, b netip.Addr
	}{{"IPv4", a.IPv4, bSide.IPv4}, {"IPv6", a.IPv6, bSide.IPv6}} {
		b.Run(f.name, func(b *testing.B) {
			if !f.a.IsValid() || !f.b.IsValid() {
				b.Skipf("no %s address on side A (%v) or side B (%v)", f.name, f.a, f.b)
			}
			RunBenchmark(b, Config{Provider: prov, A: f.a, B: f.b})
		})
	}
}

// RunBenchmark measures b.N cycles between cfg's sides: Setup and Close are
// not timed. The cycles run one after the other on the pair's goroutine, as
// one job (see Pair.Cycle). Besides ns/op (the time of one cycle) it reports cycles/s and
// the mean time of each phase of a cycle in µs (create-us/op, connect-us/op,
// disconnect-us/op, close-us/op; see Phases). A failure fails the benchmark
// with the error.
func RunBenchmark(b *testing.B, cfg Config) {
	b.Helper()
	b.StopTimer()
	p, err := Setup(cfg)
	if err != nil {
		b.Fatalf("setup between %v and %v: %v", cfg.A, cfg.B, err)
	}
	b.StartTimer()
	ran, err := p.cycles(b.N)
	b.StopTimer()
	if err != nil {
		if cerr := p.Close(); cerr != nil {
			err = fmt.Errorf("%w\nthen closing: %v", err, cerr)
		}
		b.Fatalf("cycle %d of %d between %v and %v: %v", ran+1, b.N, cfg.A, cfg.B, err)
	}
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(b.N)/s, "cycles/s")
	}
	ph := p.Phases()
	if ph.Cycles > 0 {
		per := func(d time.Duration) float64 { return float64(d) / 1e3 / float64(ph.Cycles) }
		b.ReportMetric(per(ph.Create), "create-us/op")
		b.ReportMetric(per(ph.Connect), "connect-us/op")
		b.ReportMetric(per(ph.Disconnect), "disconnect-us/op")
		b.ReportMetric(per(ph.Close), "close-us/op")
	}
	if err := p.Close(); err != nil {
		b.Fatalf("closing the pair between %v and %v: %v", cfg.A, cfg.B, err)
	}
}
