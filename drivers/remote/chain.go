package remote

import (
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// MDL chains (RegisterMrChain, BuildLamChain, since protocol 1.2). The
// agent says of each MR and adapter whether it takes MDL chains
// (Handle.mdl_chains): Go has no optional methods, so wrap and OpenAdapter
// pick chainMR over mr, chainAdapter over adapter, for the objects whose
// handle says so, and a harness that asks whether an MR is an
// ndk.ChainRegisterer, an adapter an ndk.LAMChainBuilder, gets the agent's
// answer for that very object.
//
// Each MDL's bytes are mirrored as MR.Register and Adapter.BuildLAM mirror
// their buffer (see PullMemory): each by the agent BUFFER that mirrors it,
// at its offset there, all held by the one registration or LAM; the
// virtual addresses go to the agent as they are.

// chainMR is an MR whose agent MR takes MDL chains.
type chainMR struct{ *mr }

// chainAdapter is an adapter whose agent adapter takes MDL chains.
type chainAdapter struct{ *adapter }

// mdls mirrors the chain's buffers for holder (of adapter ad) and returns
// the chain as the agent's Mdls; ok false if the agent refused a mirror
// (the mirrors acquired so far are released with holder).
func (s *session) mdls(chain []ndk.MDL, holder any, ad *adapter) ([]*agentv1.Mdl, bool) {
	out := make([]*agentv1.Mdl, len(chain))
	for i, d := range chain {
		m := &agentv1.Mdl{Length: uint64(len(d.Buf)), Va: d.VA}
		if cap(d.Buf) > 0 {
			mi, off := s.acquire(d.Buf, holder, ad)
			if mi == nil {
				return nil, false
			}
			m.Buffer, m.Offset = mi.buf, off
		}
		out[i] = m
	}
	return out, true
}

// RegisterChain implements ndk.ChainRegisterer: RegisterMrChain over the
// agent's mirrors of the chain's buffers, written into them first.
func (m *chainMR) RegisterChain(chain []ndk.MDL, flags uint32, done ndk.RequestCompletion, ctx any) ndk.Status {
	reg := &registration{m: m.mr}
	mdls, ok := m.s.mdls(chain, reg, m.ad)
	if !ok {
		m.s.release(reg)
		return errStatus
	}
	req := &agentv1.RegisterMrChainRequest{Mr: m.h, Chain: mdls, Flags: flags}
	return m.s.request(done, ctx, m.settleRegistration(reg), func(ref *agentv1.CallbackRef) *agentv1.Call {
		req.Done = ref
		return &agentv1.Call{Op: &agentv1.Call_RegisterMrChain{RegisterMrChain: req}}
	})
}

// BuildLAMChain implements ndk.LAMChainBuilder: BuildLamChain over the
// agent's mirrors of the chain's buffers. A nil lam is refused with
// STATUS_INVALID_PARAMETER without reaching the agent (the protocol has no
// nil LAM).
func (a *chainAdapter) BuildLAMChain(chain []ndk.MDL, lam *ndk.LAM, done ndk.RequestCompletion, ctx any) ndk.Status {
	if lam == nil {
		return ndk.StatusInvalidParameter
	}
	l := &rlam{a: a.adapter}
	mdls, ok := a.s.mdls(chain, l, a.adapter)
	if !ok {
		a.s.release(l)
		return errStatus
	}
	req := &agentv1.BuildLamChainRequest{Adapter: a.h, Chain: mdls, PageCapacity: uint32(len(lam.Pages))}
	return a.build(l, lam, done, ctx, func(ref *agentv1.CallbackRef) *agentv1.Call {
		req.Done = ref
		return &agentv1.Call{Op: &agentv1.Call_BuildLamChain{BuildLamChain: req}}
	}, func(r *agentv1.CallReturn) (*agentv1.Handle, *agentv1.LamOutput) {
		return r.GetBuildLamChain().GetLam(), r.GetBuildLamChain().GetOutput()
	})
}

var (
	_ ndk.ChainRegisterer = (*chainMR)(nil)
	_ ndk.MR              = (*chainMR)(nil)
	_ ndk.LAMChainBuilder = (*chainAdapter)(nil)
	_ ndk.Adapter         = (*chainAdapter)(nil)
)
