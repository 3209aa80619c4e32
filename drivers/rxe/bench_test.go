//go:build rxe && cgo

package rxe

import (
	"errors"
	"os"
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/perf"
)

// Environment variables naming the sides of BenchmarkConnectCycle: an IPv4
// and/or an IPv6 address, comma-separated, e.g. "10.99.0.1,fd99::1" (default:
// the provider's Sides, the first two RDMA devices' addresses).
const (
	envSideA = "NDKCONFORM_RXE_SIDE_A"
	envSideB = "NDKCONFORM_RXE_SIDE_B"
)

// BenchmarkConnectCycle is one connect + accept + disconnect + close cycle
// (perf.Pair.Cycle) between two RDMA devices through the rxe driver, for
// IPv4 and IPv6. It skips on a machine without an RDMA device.
func BenchmarkConnectCycle(b *testing.B) {
	prov, err := perf.OpenProvider("rxe", nil)
	switch {
	case errors.Is(err, perf.ErrNotUsable), errors.Is(err, errNoDevice):
		b.Skipf("no RDMA device to benchmark: %v", err)
	case err != nil:
		b.Fatal(err)
	}
	b.Cleanup(func() { prov.Close() })
	a, bSide := prov.Sides()
	for _, s := range []struct {
		env  string
		side *ndk.Side
	}{{envSideA, &a}, {envSideB, &bSide}} {
		over, err := perf.ParseSide(os.Getenv(s.env))
		if err != nil {
			b.Fatalf("%s: %v", s.env, err)
		}
		*s.side = perf.Override(*s.side, over)
	}
	perf.BenchmarkSides(b, prov, a, bSide)
}
