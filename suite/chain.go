package suite

import (
	"github.com/ndkconform/ndkconform/ndk"
)

// MDL chains: NdkRegisterMr and NdkBuildLam on a chain of several MDLs,
// through the optional ndk.ChainRegisterer and ndk.LAMChainBuilder. A
// provider whose MR or adapter is not one makes the spec skip as not
// observable: MR.Register and Adapter.BuildLAM take one slice, always a
// virtually contiguous range.

// chainsOf is x as T, the optional interface of an MDL chain; the spec
// skips as not verified when x is no T (what says which).
func chainsOf[T any](x any, what string) T {
	c, ok := x.(T)
	if !ok {
		NotVerified("the provider takes no MDL chain through the Go interface (" + what + "), and one slice is always a virtually contiguous range")
	}
	return c
}

var helperMRRegisterChain helperMark

// RegisterChain calls NdkRegisterMr on the MDL chain chain (the region
// starts at chain[0].VA, see ndk.ChainRegisterer); an MR that takes no
// chain makes the spec skip as not verified. The MR's Buf is nil
// afterwards (the region is the chain's), its VA chain[0].VA.
func (m *MR) RegisterChain(chain []ndk.MDL, flags uint32) *Op {
	helperMRRegisterChain.mark()
	cr := chainsOf[ndk.ChainRegisterer](m.MR, "its MR is no ndk.ChainRegisterer")
	m.Buf, m.VA = nil, 0
	if len(chain) > 0 {
		m.VA = chain[0].VA
	}
	return m.request("NdkRegisterMr", func(done ndk.RequestCompletion) ndk.Status {
		return cr.RegisterChain(chain, flags, done, nil)
	})
}

var helperAdapterBuildLAMChain helperMark

// BuildLAMChain calls NdkBuildLam on the MDL chain chain with lam, whose
// Pages the spec sized (see ndk.LAMChainBuilder); an adapter that takes no
// chain makes the spec skip as not verified. The spec judges the status
// and releases a mapping that succeeded (ReleaseLAM) before the adapter
// closes.
func (a *Adapter) BuildLAMChain(chain []ndk.MDL, lam *ndk.LAM) *Op {
	helperAdapterBuildLAMChain.mark()
	lb := chainsOf[ndk.LAMChainBuilder](a.Adapter, "its adapter is no ndk.LAMChainBuilder")
	b := &base{a: a, obj: a.obj}
	return b.request("NdkBuildLam", func(done ndk.RequestCompletion) ndk.Status {
		return lb.BuildLAMChain(chain, lam, done, nil)
	})
}
