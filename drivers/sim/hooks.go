package sim

import (
	"net/netip"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// The test hooks a real provider may not offer, and sim without them:
// option faults=off opens a provider that implements none of
// ndk.FaultInjector, ndk.CQFaultInjector and ndk.SRQFaultInjector, and
// option mdl-chains=off one whose adapters are no ndk.LAMChainBuilder and
// whose MRs no ndk.ChainRegisterer. Specs find the hooks by type
// assertion, so the objects handed out are of types that lack the
// methods; inside, they are sim's own.

// faultless is the provider without fault injection: the methods of
// ndk.Provider and ndk.TimeoutDeclarer only.
type faultless struct{ p *provider }

var _ ndk.TimeoutDeclarer = faultless{}

func (x faultless) Sides() (a, b ndk.Side) { return x.p.Sides() }

func (x faultless) OpenAdapter(addr netip.Addr) (ndk.Adapter, ndk.Status) {
	return x.p.OpenAdapter(addr)
}

func (x faultless) Close() error { return x.p.Close() }

func (x faultless) DeclaredTimeouts() map[string]time.Duration { return x.p.DeclaredTimeouts() }

// chainlessAdapter is an adapter whose NdkBuildLam takes one MDL only: the
// methods of ndk.Adapter.
type chainlessAdapter struct{ ndk.Adapter }

// chainlessMR is an MR whose NdkRegisterMr takes one MDL only: the methods
// of ndk.MR (those of the embedded interface only are promoted), and the
// sim MR behind them.
type chainlessMR struct {
	ndk.MR
	m *mr
}

// handOut is the ndk.MR sim gives the consumer for m: m itself, or
// without option mdl-chains a chainlessMR.
func (m *mr) handOut() ndk.MR {
	if !m.ad.f.mdlChains {
		return &chainlessMR{MR: m, m: m}
	}
	return m
}

// simMR is the sim MR behind x, an MR sim handed out: nil if x is none.
func simMR(x any) *mr {
	switch m := x.(type) {
	case *mr:
		return m
	case *chainlessMR:
		if m != nil {
			return m.m
		}
	}
	return nil
}
