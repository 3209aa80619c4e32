package agent_test

import (
	"bytes"
	"net/netip"
	"testing"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// chainsThroughAgent: MDL chains through an agent and the remote driver
// (a subtest of TestDataPathThroughAgent, in each of sim's completion
// personalities). The remote MR and adapter take chains (the agent's
// handles said so); a contiguous chain of two MDLs registers as one
// region, which a peer writes and reads across the MDLs' boundary (the
// bytes checked in both local buffers, through PullMemory and
// PushMemory), and maps as one LAM; a chain with a gap or an overlap fails
// with STATUS_INVALID_PARAMETER.
func chainsThroughAgent(t *testing.T, completion string) {
	p := openThroughAgent(t, completion)
	mm := p.(ndk.MemoryMirror)
	sa, sb := p.Sides()
	A, B := newDside(t, p, sa.IPv4, "qa"), newDside(t, p, sb.IPv4, "qb")
	conn := connectQPs(t, A, B, A.qp, B.qp, sa.IPv4, sb.IPv4)

	newMR := func() ndk.MR {
		return create(t, "CreateMR", func(d ndk.CreateCompletion, c any) (ndk.MR, ndk.Status) { return B.pd.CreateMR(false, d, c) })
	}
	regChain := func(m ndk.MR, chain []ndk.MDL) ndk.Status {
		cr, ok := m.(ndk.ChainRegisterer)
		if !ok {
			t.Fatal("the remote MR over sim is no ndk.ChainRegisterer")
		}
		return do(t, "RegisterChain", func(d ndk.RequestCompletion, c any) ndk.Status {
			return cr.RegisterChain(chain, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite|ndk.MRFlagAllowRemoteRead, d, c)
		})
	}
	const va = 0x20000
	b1, b2 := make([]byte, 100), make([]byte, 50)
	gap, overlap := newMR(), newMR()
	expect(t, "RegisterChain with a gap", regChain(gap, []ndk.MDL{{Buf: b1, VA: va}, {Buf: b2, VA: va + 101}}), ndk.StatusInvalidParameter)
	expect(t, "RegisterChain with an overlap", regChain(overlap, []ndk.MDL{{Buf: b1, VA: va}, {Buf: b2, VA: va + 99}}), ndk.StatusInvalidParameter)
	mb := newMR()
	expect(t, "RegisterChain", regChain(mb, []ndk.MDL{{Buf: b1, VA: va}, {Buf: b2, VA: va + 100}}), ndk.StatusSuccess)

	abuf := make([]byte, 150)
	copy(abuf, "across two MDLs!!!!!")
	ma := A.register(t, abuf, 0x10000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagRDMAReadSink)
	al := ma.LocalToken()
	expect(t, "Write", A.qp.Write("w", []ndk.SGE{{VirtualAddress: 0x10000, Length: 20, MemoryRegionToken: al}}, va+90, mb.RemoteToken(), 0), ndk.StatusSuccess)
	checkResult(t, "write across the MDLs", poll1(t, A.cq, "w"), ndk.StatusSuccess, ndk.OpWrite, A.qpCtx, "w")
	mustPull(t, mm, b1[90:])
	mustPull(t, mm, b2[:10])
	if string(b1[90:]) != "across two" || string(b2[:10]) != " MDLs!!!!!" {
		t.Fatalf("the chain holds %q and %q", b1[90:], b2[:10])
	}
	for i := range b2 {
		b2[i] = byte(i + 1)
	}
	mustPush(t, mm, b2)
	expect(t, "Read", A.qp.Read("r", []ndk.SGE{{VirtualAddress: 0x10000, Length: 150, MemoryRegionToken: al}}, va, mb.RemoteToken(), 0), ndk.StatusSuccess)
	checkResult(t, "read of the whole chain", poll1(t, A.cq, "r"), ndk.StatusSuccess, ndk.OpRead, A.qpCtx, "r")
	mustPull(t, mm, abuf)
	if want := append(append([]byte{}, b1...), b2...); !bytes.Equal(abuf, want) {
		t.Fatalf("read % x, want % x", abuf, want)
	}

	lb, ok := B.ad.(ndk.LAMChainBuilder)
	if !ok {
		t.Fatal("the remote adapter over sim is no ndk.LAMChainBuilder")
	}
	build := func(chain []ndk.MDL, lam *ndk.LAM) ndk.Status {
		return do(t, "BuildLAMChain", func(d ndk.RequestCompletion, c any) ndk.Status { return lb.BuildLAMChain(chain, lam, d, c) })
	}
	b3, b4 := make([]byte, 5000), make([]byte, 3000)
	lva := uint64(0x7000_0000 + 100)
	bad := &ndk.LAM{Pages: make([]uint64, 4)}
	expect(t, "BuildLAMChain with a gap", build([]ndk.MDL{{Buf: b3, VA: lva}, {Buf: b4, VA: lva + 5001}}, bad), ndk.StatusInvalidParameter)
	lam := &ndk.LAM{Pages: make([]uint64, 4)}
	expect(t, "BuildLAMChain", build([]ndk.MDL{{Buf: b3, VA: lva}, {Buf: b4, VA: lva + 5000}}, lam), ndk.StatusSuccess)
	if lam.FBO != 100 || lam.PageCount != 2 || lam.Pages[0] == 0 || lam.Pages[1] == 0 {
		t.Fatalf("LAM of the chain %+v, want FBO 100 and 2 pages", lam)
	}
	B.ad.ReleaseLAM(lam)

	conn.close(t)
	for _, o := range []ndk.Object{gap, overlap, mb, ma, A.qp, B.qp, A.cq, B.cq, A.pd, B.pd} {
		closeObj(t, o.ObjectType().String(), o)
	}
	A.ad.Close()
	B.ad.Close()
	if err := p.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}

// noChains is a provider whose adapters and MRs take no MDL chains: sim's
// (completion=inline: every create returns its object), with the optional
// methods hidden by wrappers that pass everything else on.
type (
	noChains        struct{ ndk.Provider }
	noChainsAdapter struct{ ndk.Adapter }
	noChainsPD      struct{ ndk.PD }
)

func (p noChains) OpenAdapter(addr netip.Addr) (ndk.Adapter, ndk.Status) {
	a, st := p.Provider.OpenAdapter(addr)
	return noChainsAdapter{a}, st
}

func (a noChainsAdapter) CreatePD(done ndk.CreateCompletion, ctx any) (ndk.PD, ndk.Status) {
	pd, st := a.Adapter.CreatePD(done, ctx)
	return noChainsPD{pd}, st
}

func (pd noChainsPD) CreateMR(fast bool, done ndk.CreateCompletion, ctx any) (ndk.MR, ndk.Status) {
	m, st := pd.PD.CreateMR(fast, done, ctx)
	return struct{ ndk.MR }{m}, st
}

// TestChainsOffered: the agent sets Handle.mdl_chains on the MRs and
// adapters that take MDL chains and on no others; the remote MR and
// adapter are an ndk.ChainRegisterer and an ndk.LAMChainBuilder only then;
// RegisterMrChain and BuildLamChain on an object that takes no chain are
// NOT_SUPPORTED, bad MDLs protocol errors, never a crash.
func TestChainsOffered(t *testing.T) {
	sim := openSim(t, map[string]string{"completion": "inline"})
	for _, c := range []struct {
		name   string
		p      ndk.Provider
		chains bool
	}{
		{"sim", sim, true},
		{"no chains", noChains{sim}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			addr, _ := serveConfig(t, agent.Config{Provider: c.p})
			p, err := openWith(t, addr, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			sa, _ := p.Sides()
			ad, st := p.OpenAdapter(sa.IPv4)
			expect(t, "OpenAdapter", st, ndk.StatusSuccess)
			pd := create(t, "CreatePD", ad.CreatePD)
			m := create(t, "CreateMR", func(d ndk.CreateCompletion, ctx any) (ndk.MR, ndk.Status) { return pd.CreateMR(false, d, ctx) })
			_, mrChains := m.(ndk.ChainRegisterer)
			_, adChains := ad.(ndk.LAMChainBuilder)
			if mrChains != c.chains || adChains != c.chains {
				t.Errorf("remote MR an ndk.ChainRegisterer: %v, adapter an ndk.LAMChainBuilder: %v; want %v", mrChains, adChains, c.chains)
			}
			closeObj(t, "MR", m)
			closeObj(t, "PD", pd)
			ad.Close()
			if err := p.Close(); err != nil {
				t.Fatal(err)
			}

			r, _ := dialRaw(t, addr, &agentv1.Hello{})
			ah := r.call(&agentv1.Call{Op: &agentv1.Call_OpenAdapter{OpenAdapter: &agentv1.OpenAdapterRequest{Address: sa.IPv4.String()}}}).GetOpenAdapter().GetAdapter()
			ph := r.call(&agentv1.Call{Op: &agentv1.Call_CreatePd{CreatePd: &agentv1.CreatePdRequest{Adapter: ah}}}).GetCreatePd().GetPd()
			mh := r.call(&agentv1.Call{Op: &agentv1.Call_CreateMr{CreateMr: &agentv1.CreateMrRequest{Pd: ph}}}).GetCreateMr().GetMr()
			bh := r.call(&agentv1.Call{Op: &agentv1.Call_AllocateBuffer{AllocateBuffer: &agentv1.AllocateBufferRequest{Length: 4096}}}).GetAllocateBuffer().GetBuffer()
			if ah == nil || ph == nil || mh == nil || bh == nil {
				t.Fatalf("handles %v %v %v %v", ah, ph, mh, bh)
			}
			if ah.GetMdlChains() != c.chains || mh.GetMdlChains() != c.chains || ph.GetMdlChains() || bh.GetMdlChains() {
				t.Errorf("mdl_chains: adapter %v, MR %v, PD %v, buffer %v; want %v, %v, false, false",
					ah.GetMdlChains(), mh.GetMdlChains(), ph.GetMdlChains(), bh.GetMdlChains(), c.chains, c.chains)
			}
			regChain := func(mr *agentv1.Handle, chain ...*agentv1.Mdl) *agentv1.CallReturn {
				return r.call(&agentv1.Call{Op: &agentv1.Call_RegisterMrChain{RegisterMrChain: &agentv1.RegisterMrChainRequest{Mr: mr, Chain: chain}}})
			}
			lamChain := func(ad *agentv1.Handle, chain ...*agentv1.Mdl) *agentv1.CallReturn {
				return r.call(&agentv1.Call{Op: &agentv1.Call_BuildLamChain{BuildLamChain: &agentv1.BuildLamChainRequest{Adapter: ad, Chain: chain, PageCapacity: 2}}})
			}
			good := &agentv1.Mdl{Buffer: bh, Length: 100, Va: 0x10000}
			const (
				notSupported = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED
				outOfRange   = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_OUT_OF_RANGE
				kind         = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_WRONG_HANDLE_KIND
			)
			wantCode(t, "RegisterMrChain on a PD", regChain(ph, good), kind)
			wantCode(t, "BuildLamChain on a PD", lamChain(ph, good), kind)
			if !c.chains {
				wantCode(t, "RegisterMrChain on an MR that takes no chain", regChain(mh, good), notSupported)
				wantCode(t, "BuildLamChain on an adapter that takes no chain", lamChain(ah, good), notSupported)
			} else {
				wantCode(t, "RegisterMrChain past its buffer", regChain(mh, &agentv1.Mdl{Buffer: bh, Offset: 4000, Length: 100, Va: 0x10000}), outOfRange)
				wantCode(t, "RegisterMrChain with a PD for a buffer", regChain(mh, &agentv1.Mdl{Buffer: ph, Length: 1, Va: 0x10000}), kind)
				many := make([]*agentv1.Mdl, 1025)
				for i := range many {
					many[i] = &agentv1.Mdl{}
				}
				wantCode(t, "BuildLamChain of 1025 MDLs", lamChain(ah, many...), outOfRange)
				if rr := regChain(mh, good, &agentv1.Mdl{Buffer: bh, Offset: 200, Length: 100, Va: 0x10000 + 100}); rr.GetProtocolError() != nil || ndk.Status(rr.GetStatus()) != ndk.StatusSuccess {
					t.Fatalf("RegisterMrChain: %v", rr)
				}
				w := r.call(&agentv1.Call{Op: &agentv1.Call_WriteMemory{WriteMemory: &agentv1.WriteMemoryRequest{Region: mh, Offset: 95, Data: []byte("0123456789")}}})
				if w.GetProtocolError() != nil {
					t.Fatalf("WriteMemory across the MDLs: %v", w)
				}
				rd := r.call(&agentv1.Call{Op: &agentv1.Call_ReadMemory{ReadMemory: &agentv1.ReadMemoryRequest{Region: bh, Offset: 95, Length: 110}}})
				if d := rd.GetReadMemory().GetData(); len(d) != 110 || string(d[:5]) != "01234" || string(d[105:]) != "56789" {
					t.Fatalf("the buffer under the chain holds %q", d)
				}
				wantCode(t, "ReadMemory past the chain", r.call(&agentv1.Call{Op: &agentv1.Call_ReadMemory{ReadMemory: &agentv1.ReadMemoryRequest{Region: mh, Offset: 150, Length: 51}}}), outOfRange)
				wantCode(t, "FreeBuffer under a chain", r.call(&agentv1.Call{Op: &agentv1.Call_FreeBuffer{FreeBuffer: &agentv1.FreeBufferRequest{Buffer: bh}}}), agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_BUSY)
			}
			for _, h := range []*agentv1.Handle{mh, ph} {
				if cr := r.call(&agentv1.Call{Op: &agentv1.Call_CloseObject{CloseObject: &agentv1.CloseObjectRequest{Object: h}}}); cr.GetProtocolError() != nil {
					t.Fatalf("CloseObject %v: %v", h, cr)
				}
			}
			r.call(&agentv1.Call{Op: &agentv1.Call_CloseAdapter{CloseAdapter: &agentv1.CloseAdapterRequest{Adapter: ah}}})
			r.call(&agentv1.Call{Op: &agentv1.Call_CloseProvider{CloseProvider: &agentv1.CloseProviderRequest{}}})
		})
	}
}
