package suite

import (
	"github.com/ndkconform/ndkconform/ndk"
	. "github.com/onsi/ginkgo/v2"
)

// MDL chains: NdkRegisterMr and NdkBuildLam on a chain of several MDLs,
// through the optional ndk.ChainRegisterer and ndk.LAMChainBuilder.

var helperMRTakesChains helperMark

// TakesChains reports whether the MR's NdkRegisterMr takes an MDL chain
// (the provider's MR is an ndk.ChainRegisterer).
func (m *MR) TakesChains() bool {
	helperMRTakesChains.mark()
	_, ok := m.MR.(ndk.ChainRegisterer)
	return ok
}

var helperMRRegisterChain helperMark

// RegisterChain calls NdkRegisterMr on the MDL chain chain (the region
// starts at chain[0].VA, see ndk.ChainRegisterer); an MR that takes no
// chain makes the spec skip as not observable. The MR's Buf is nil
// afterwards (the region is the chain's), its VA chain[0].VA.
func (m *MR) RegisterChain(chain []ndk.MDL, flags uint32) *Op {
	helperMRRegisterChain.mark()
	cr, ok := m.MR.(ndk.ChainRegisterer)
	if !ok {
		Skip("not observable: the provider takes no MDL chain (its MR is no ndk.ChainRegisterer), and one slice is always a virtually contiguous range")
	}
	m.Buf, m.VA = nil, 0
	if len(chain) > 0 {
		m.VA = chain[0].VA
	}
	return m.request("NdkRegisterMr", func(done ndk.RequestCompletion) ndk.Status {
		return cr.RegisterChain(chain, flags, done, nil)
	})
}

var helperAdapterTakesChains helperMark

// TakesChains reports whether the adapter's NdkBuildLam takes an MDL
// chain (the provider's adapter is an ndk.LAMChainBuilder).
func (a *Adapter) TakesChains() bool {
	helperAdapterTakesChains.mark()
	_, ok := a.Adapter.(ndk.LAMChainBuilder)
	return ok
}

var helperAdapterBuildLAMChain helperMark

// BuildLAMChain calls NdkBuildLam on the MDL chain chain with lam, whose
// Pages the spec sized (see ndk.LAMChainBuilder); an adapter that takes no
// chain makes the spec skip as not observable. The spec judges the status
// and releases a mapping that succeeded (ReleaseLAM) before the adapter
// closes.
func (a *Adapter) BuildLAMChain(chain []ndk.MDL, lam *ndk.LAM) *Op {
	helperAdapterBuildLAMChain.mark()
	lb, ok := a.Adapter.(ndk.LAMChainBuilder)
	if !ok {
		Skip("not observable: the provider takes no MDL chain (its adapter is no ndk.LAMChainBuilder), and one slice is always a virtually contiguous range")
	}
	b := &base{a: a, obj: a.obj}
	return b.request("NdkBuildLam", func(done ndk.RequestCompletion) ndk.Status {
		return lb.BuildLAMChain(chain, lam, done, nil)
	})
}
