package sim

import (
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
)

// TestDeclarations: the options of what an adapter may lack set
// NDK_ADAPTER_INFO's limits and flags, and the default options declare what
// sim always declared.
func TestDeclarations(t *testing.T) {
	for _, c := range []struct {
		opts       map[string]string
		srq        uint32
		inline     uint32
		frmr       uint32
		sge        uint32
		set, unset uint32
	}{
		{nil, DefaultMaxSRQDepth, DefaultMaxInline, DefaultFRMRPages, DefaultMaxSGE,
			ndk.AdapterFlagInOrderDMASupported | ndk.AdapterFlagCQResizeSupported | ndk.AdapterFlagLoopbackConnectionsSupported,
			ndk.AdapterFlagRDMAReadLocalInvalidateSupported},
		{map[string]string{OptMaxSRQDepth: "0", OptMaxInline: "0", OptFRMRPages: "16", OptMaxSGE: "1",
			OptInOrderDMA: Off, OptCQResize: Off, OptLoopback: Off, OptReadInv: On}, 0, 0, 16, 1,
			ndk.AdapterFlagRDMAReadLocalInvalidateSupported,
			ndk.AdapterFlagInOrderDMASupported | ndk.AdapterFlagCQResizeSupported | ndk.AdapterFlagLoopbackConnectionsSupported},
	} {
		e := openEnv(t, c.opts)
		ad := e.adapter(t, e.a.IPv4)
		info, st := ad.QueryAdapterInfo()
		expect(t, "QueryAdapterInfo", st, ndk.StatusSuccess)
		if info.MaxSRQDepth != c.srq || info.MaxInlineDataSize != c.inline || info.FRMRPageCount != c.frmr ||
			info.MaxInitiatorRequestSGE != c.sge || info.MaxReceiveRequestSGE != c.sge || info.MaxReadRequestSGE != 2*c.sge {
			t.Errorf("%v: MaxSrqDepth %d, MaxInlineDataSize %d, FRMRPageCount %d, SGEs %d/%d/%d; want %d, %d, %d, %d",
				c.opts, info.MaxSRQDepth, info.MaxInlineDataSize, info.FRMRPageCount,
				info.MaxInitiatorRequestSGE, info.MaxReceiveRequestSGE, info.MaxReadRequestSGE, c.srq, c.inline, c.frmr, c.sge)
		}
		if info.AdapterFlags&c.set != c.set || info.AdapterFlags&c.unset != 0 {
			t.Errorf("%v: AdapterFlags %#x; want %#x set and %#x clear", c.opts, info.AdapterFlags, c.set, c.unset)
		}
		closeAdapter(t, ad)
	}
}

// TestWithoutSRQ: with max-srq-depth=0 NdkCreateSrq creates nothing, at
// any depth.
func TestWithoutSRQ(t *testing.T) {
	e := openEnv(t, map[string]string{OptMaxSRQDepth: "0"})
	A := newSide(t, e, e.a.IPv4)
	for _, depth := range []uint32{0, 1, 16} {
		_, st := createT(t, func(d ndk.CreateCompletion, c any) (ndk.SRQ, ndk.Status) {
			return A.pd.CreateSRQ(ndk.SRQParams{Depth: depth, MaxReceiveRequestSGE: 1}, d, c)
		})
		expect(t, "CreateSRQ without SRQ support", st, ndk.StatusInvalidParameter)
	}
	A.close(t)
}

// TestWithoutCQResize: with cq-resize=off NdkResizeCq fails with
// STATUS_NOT_SUPPORTED.
func TestWithoutCQResize(t *testing.T) {
	e := openEnv(t, map[string]string{OptCQResize: Off})
	A := newSide(t, e, e.a.IPv4)
	expect(t, "ResizeCQ", do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return A.cq.Resize(128, d, c) }), ndk.StatusNotSupported)
	A.close(t)
}

// TestWithoutLoopback: with loopback=off a connect to the adapter's own
// host fails with STATUS_HOST_UNREACHABLE and one to the peer's succeeds.
func TestWithoutLoopback(t *testing.T) {
	e := openEnv(t, map[string]string{OptLoopback: Off})
	A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
	own := listen(t, A, ap(e.a.IPv4, 0))
	c := A.connector(t)
	qp := A.qp(t)
	expect(t, "Connect to the own host", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
		return c.Connect(connectParams(qp, ap(e.a.IPv4, 0), own.addr), d, x)
	}), ndk.StatusHostUnreachable)
	mustClose(t, c, qp, own.l)
	ls := listen(t, B, ap(e.b.IPv4, 0))
	conn := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
	conn.close(t)
	mustClose(t, ls.l)
	A.close(t)
	B.close(t)
}

// TestWithoutHooks: with faults=off the provider is none of the fault
// injectors, with mdl-chains=off its adapters and MRs take no chains, and
// such an MR still works as one (NdkBind, NdkFastRegister and
// NdkInvalidate take it).
func TestWithoutHooks(t *testing.T) {
	e := openEnv(t, map[string]string{OptFaults: Off, OptMDLChains: Off})
	if _, ok := e.p.(ndk.FaultInjector); ok {
		t.Error("faults=off: the provider is an ndk.FaultInjector")
	}
	if _, ok := e.p.(ndk.CQFaultInjector); ok {
		t.Error("faults=off: the provider is an ndk.CQFaultInjector")
	}
	if _, ok := e.p.(ndk.SRQFaultInjector); ok {
		t.Error("faults=off: the provider is an ndk.SRQFaultInjector")
	}
	if _, ok := e.p.(ndk.TimeoutDeclarer); !ok {
		t.Error("faults=off: the provider no longer declares its time-outs")
	}
	A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
	if _, ok := A.ad.(ndk.LAMChainBuilder); ok {
		t.Error("mdl-chains=off: the adapter is an ndk.LAMChainBuilder")
	}
	ls := listen(t, B, ap(e.b.IPv4, 0))
	conn := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
	buf := make([]byte, 4096)
	m := regMR(t, A.pd, buf, 0x10000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite)
	if _, ok := m.(ndk.ChainRegisterer); ok {
		t.Error("mdl-chains=off: the MR is an ndk.ChainRegisterer")
	}
	mw := mustCreate(t, A.pd.CreateMW)
	expect(t, "Bind", conn.qa.Bind("bind", m, mw, 0x10000, 4096, ndk.OpFlagAllowRemoteWrite), ndk.StatusSuccess)
	check(t, "bind", poll1(t, A.cq), ndk.StatusSuccess, ndk.OpBind, nil, "bind")
	fr := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.MR, ndk.Status) { return A.pd.CreateMR(true, d, c) })
	expect(t, "InitializeFastRegister", do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return fr.InitializeFastRegister(1, false, d, c) }), ndk.StatusSuccess)
	var lam ndk.LAM
	lam.Pages = make([]uint64, 2)
	expect(t, "BuildLAM", do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return A.ad.BuildLAM(buf[:64], &lam, d, c) }), ndk.StatusSuccess)
	expect(t, "FastRegister", conn.qa.FastRegister("fr", fr, lam.Pages[:1], lam.FBO, 64, 0x20000+uint64(lam.FBO), ndk.OpFlagAllowLocalWrite), ndk.StatusSuccess)
	check(t, "fast register", poll1(t, A.cq), ndk.StatusSuccess, ndk.OpFastRegister, nil, "fr")
	expect(t, "Invalidate", conn.qa.Invalidate("inv", fr, 0), ndk.StatusSuccess)
	check(t, "invalidate", poll1(t, A.cq), ndk.StatusSuccess, ndk.OpInvalidate, nil, "inv")
	A.ad.ReleaseLAM(&lam)
	conn.close(t)
	mustClose(t, mw, m, fr, ls.l)
	A.close(t)
	B.close(t)
}

// TestVersion11: with version=1.1 the adapter declares NDKPI 1.1 and
// refuses the op flags of 1.2 inline, without a completion.
func TestVersion11(t *testing.T) {
	e := openEnv(t, map[string]string{OptVersion: Version11})
	A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
	info, _ := A.ad.QueryAdapterInfo()
	if info.Version != (ndk.Version{Major: 1, Minor: 1}) {
		t.Errorf("Version %v; want 1.1", info.Version)
	}
	ls := listen(t, B, ap(e.b.IPv4, 0))
	conn := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
	buf := make([]byte, 64)
	m := regMR(t, A.pd, buf, 0x10000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagRDMAReadSink)
	rb := regMR(t, B.pd, make([]byte, 64), 0x20000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteRead|ndk.MRFlagAllowRemoteWrite)
	s := []ndk.SGE{sge(0x10000, 64, m.LocalToken())}
	expect(t, "Send with DEFER", conn.qa.Send("s", s, ndk.OpFlagDefer), ndk.StatusInvalidParameter)
	expect(t, "Read with RDMA_READ_LOCAL_INVALIDATE", conn.qa.Read("r", s, 0x20000, rb.RemoteToken(), ndk.OpFlagRDMAReadLocalInvalidate), ndk.StatusInvalidParameter)
	expect(t, "Write", conn.qa.Write("w", s, 0x20000, rb.RemoteToken(), 0), ndk.StatusSuccess)
	check(t, "the write", poll1(t, A.cq), ndk.StatusSuccess, ndk.OpWrite, nil, "w")
	conn.close(t)
	mustClose(t, m, rb, ls.l)
	A.close(t)
	B.close(t)
}
