package suite

import (
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/onsi/ginkgo/v2"
)

// Work requests the data-path helpers (data.go) do not cover, and QPs with
// explicit queue parameters on a connection.

var helperQPSendAndInvalidate helperMark

// SendAndInvalidate calls NdkSendAndInvalidate.
func (q *QP) SendAndInvalidate(reqCtx any, remoteToken uint32, flags uint32, sgl ...ndk.SGE) ndk.Status {
	helperQPSendAndInvalidate.mark()
	return q.sync("NdkSendAndInvalidate", func() ndk.Status { return q.QP.SendAndInvalidate(reqCtx, sgl, remoteToken, flags) })
}

var helperQPInvalidate helperMark

// InvalidateMW calls NdkInvalidate on a memory window.
func (q *QP) InvalidateMW(reqCtx any, mw *MW, flags uint32) ndk.Status {
	helperQPInvalidate.mark()
	return q.sync("NdkInvalidate", func() ndk.Status { return q.QP.Invalidate(reqCtx, mw.MW, flags) })
}

var helperQPFastRegister helperMark

// FastRegister calls NdkFastRegister on mr (an MR created for fast
// registration) with the adapter pages pages.
func (q *QP) FastRegister(reqCtx any, mr *MR, pages []uint64, fbo uint32, length, baseVA uint64, flags uint32) ndk.Status {
	helperQPFastRegister.mark()
	return q.sync("NdkFastRegister", func() ndk.Status {
		return q.QP.FastRegister(reqCtx, mr.MR, pages, fbo, length, baseVA, flags)
	})
}

// InitializeFastRegisterMR calls NdkInitializeFastRegisterMr.
func (m *MR) InitializeFastRegisterMR(adapterPageCount uint32, remoteAccess bool) *Op {
	return m.request("NdkInitializeFastRegisterMr", func(done ndk.RequestCompletion) ndk.Status {
		return m.MR.InitializeFastRegister(adapterPageCount, remoteAccess, done, nil)
	})
}

var helperAdapterMustLAM helperMark

// MustLAM maps buf (page-aligned in length: a multiple of ndk.PageSize) with
// NdkBuildLam and returns the mapping; the spec fails unless it succeeds.
// Cleanup releases it (NdkReleaseLam) before the adapter closes.
func (a *Adapter) MustLAM(buf []byte) *ndk.LAM {
	helperAdapterMustLAM.mark()
	lam := &ndk.LAM{Pages: make([]uint64, (len(buf)+2*ndk.PageSize-1)/ndk.PageSize)}
	b := &base{a: a, obj: a.obj}
	MustSucceed(b.request("NdkBuildLam", func(done ndk.RequestCompletion) ndk.Status {
		return a.Adapter.BuildLAM(buf, lam, done, nil)
	}))
	// DeferCleanup runs in reverse order: this runs before the pair's
	// cleanup, which closes the adapter.
	ginkgo.DeferCleanup(func() { a.Adapter.ReleaseLAM(lam) })
	return lam
}

// BuildLAM calls NdkBuildLam on buf with lam, whose Pages the spec sized;
// the spec judges the status and releases a mapping that succeeded
// (ReleaseLAM) before the adapter closes.
func (a *Adapter) BuildLAM(buf []byte, lam *ndk.LAM) *Op {
	b := &base{a: a, obj: a.obj}
	return b.request("NdkBuildLam", func(done ndk.RequestCompletion) ndk.Status {
		return a.Adapter.BuildLAM(buf, lam, done, nil)
	})
}

// ReleaseLAM calls NdkReleaseLam.
func (a *Adapter) ReleaseLAM(lam *ndk.LAM) {
	b := &base{a: a, obj: a.obj}
	b.sync("NdkReleaseLam", func() ndk.Status { a.Adapter.ReleaseLAM(lam); return ndk.StatusSuccess })
}

var helperAdapterMustQPWith helperMark

// MustQPWith creates a PD, one CQ deep enough for every request of both
// queues, and a QP on them with the queue parameters of params (its CQ
// fields are filled in); the spec fails unless each create succeeds.
func (a *Adapter) MustQPWith(params ndk.QPParams) *QP {
	helperAdapterMustQPWith.mark()
	pd := a.CreatePD().MustObject()
	depth := 2 * (params.ReceiveQueueDepth + params.InitiatorQueueDepth)
	depth = max(depth, 64)
	if m := a.Info().MaxCQDepth; m > 0 && depth > m {
		depth = m
	}
	cq := a.CreateCQ(depth).MustObject()
	params.ReceiveCQ, params.InitiatorCQ = cq.CQ, cq.CQ
	return pd.CreateQPWith(params, cq, cq).MustObject()
}

var helperPairMustConnectQPs helperMark

// MustConnectQPs runs the whole handshake, as MustConnect does, from a new
// connector on side A with the QP active to the listener l of side B, which
// accepts with the QP passive.
func (p *Pair) MustConnectQPs(l *Listener, active, passive *QP) *Connection {
	helperPairMustConnectQPs.mark()
	c := p.A.MustCreateConnector()
	return handshake(l, c, c.Connect(active, p.A.AddrPort(0), l.MustLocalAddress(), nil), active, passive)
}
