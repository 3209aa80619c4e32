package queues

import (
	"bytes"
	"fmt"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The NDK_ADAPTER_INFO limits a consumer can reach (AI-10 .. AI-14). The
// page gives each limit as "the maximum": a request at the limit is one
// the adapter takes. It says nothing of a request one past it, which may
// pass or fail, so no spec tries one (the create limits, whose pages give
// a status for a value past them, are limits.go's).
//
// A size limit is tried at its exact value when that is at most a cap; a
// larger one is tried at the cap (which the adapter, taking its maximum,
// takes too), and the spec then reports the exact edge as not verified,
// naming the value and the cap: the suite does not allocate gigabytes.
// The caps: 96 MiB for a transfer and a window (a buffer that large on
// each side, or a region and a window over it), 128 MiB for a
// registration (one buffer, on one side).

const (
	aiTransferCap     = 96 << 20  // AI-11, AI-13
	aiRegistrationCap = 128 << 20 // AI-12
)

// aiCapped is the size a spec tries for a limit of max bytes under limit,
// and whether the cap cut it.
func aiCapped(max, limit uint64) (uint64, bool) {
	if max > limit {
		return limit, true
	}
	return max, false
}

// aiEdgeNotVerified ends a spec that tried a limit at its cap only.
func aiEdgeNotVerified(field string, max, limit uint64) {
	suite.NotVerified(fmt.Sprintf("%s is %d bytes, more than the %d bytes the suite allocates for it: the limit was tried at %d bytes, its exact value is not verified", field, max, limit, limit))
}

// aiComplete waits for the completion of a request posted with st, and
// returns its status (st itself when the post failed).
func aiComplete(cq *suite.CQ, st ndk.Status) ndk.ResultEx {
	GinkgoHelper()
	if st != ndk.StatusSuccess {
		return ndk.ResultEx{Result: ndk.Result{Status: st}}
	}
	return cq.WaitResults("QP-4", 1)[0]
}

var _ = Describe("NDK_ADAPTER_INFO limits and the loopback flag", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"AI-10"}, "an NdkRead with MaxReadRequestSge SGEs, on a QP created with the adapter's MaxInitiatorRequestSge, is taken and reads its bytes into every SGE, also when MaxReadRequestSge is more than MaxInitiatorRequestSge", func() {
		info := p.A.Info()
		n := int(info.MaxReadRequestSGE)
		if n == 0 {
			suite.NotApplicable("MaxReadRequestSge 0", "the adapter takes no SGE in a read request, so no read is made")
		}
		a := wrParams(&wrQPContext{"A"}, 8)
		a.MaxInitiatorRequestSGE = info.MaxInitiatorRequestSGE
		c := wrConnect(p, a, wrParams(&wrQPContext{"B"}, 8))
		const piece = 16 // bytes an SGE, with a gap of as many after it
		remote := wrRegion(c.PassiveQP, n*piece, wrRemoteAccess)
		want := wrPattern(n*piece, 41)
		remote.Store(0, want)
		_, rtoken := remote.Tokens()
		sink := wrRegion(c.ActiveQP, 2*n*piece, wrSinkAccess)
		sgl := make([]ndk.SGE, n)
		for i := range sgl {
			sgl[i] = sink.SGE(2*i*piece, piece)
		}
		what := fmt.Sprintf("NdkRead with MaxReadRequestSge (%d) SGEs on a QP of MaxInitiatorRequestSge %d (the adapter's)", n, info.MaxInitiatorRequestSGE)
		r := aiComplete(c.ActiveQP.InitiatorCQ, c.ActiveQP.Read("read", remote.VA, rtoken, 0, sgl...))
		suite.Rule("AI-10").Expect(r.Status).To(Equal(ndk.StatusSuccess), "%s, posted and completed", what)
		got := sink.Bytes()
		var read []byte
		for i := range n {
			read = append(read, got[2*i*piece:(2*i+1)*piece]...)
		}
		suite.Rule("AI-10").Expect(bytes.Equal(read, want)).To(BeTrue(), "%s reads the remote bytes into its SGEs, in order", what)
		if info.MaxReadRequestSGE <= info.MaxInitiatorRequestSGE {
			AddReportEntry("AI-10", fmt.Sprintf("MaxReadRequestSge %d is not more than MaxInitiatorRequestSge %d: the override to a larger read limit is not tried", info.MaxReadRequestSGE, info.MaxInitiatorRequestSGE))
		}
	})

	suite.It(suite.Rules{"AI-11"}, "a receive, a send, a write and a read each referencing exactly MaxTransferLength bytes are taken and move their bytes", func() {
		max := uint64(min(p.A.Info().MaxTransferLength, p.B.Info().MaxTransferLength))
		if max == 0 {
			suite.NotApplicable("MaxTransferLength 0", "the adapter takes no bytes in a request, so no transfer is made")
		}
		size, capped := aiCapped(max, aiTransferCap)
		n := int(size)
		c := wrConnectDepth(p, 8)
		access := uint32(wrRemoteAccess | ndk.MRFlagRDMAReadSink)
		a := wrRegion(c.ActiveQP, n, access)
		b := wrRegion(c.PassiveQP, n, access)
		_, btoken := b.Tokens()
		what := func(req string) string { return fmt.Sprintf("%s of %d bytes (MaxTransferLength %d)", req, n, max) }

		st := c.PassiveQP.Receive("receive", b.SGE(0, n))
		suite.Rule("AI-11").Expect(st).To(Equal(ndk.StatusSuccess), "%s, posted", what("NdkReceive"))
		// One pattern buffer, refilled for each transfer: at the cap, a
		// fresh pattern per store and per comparison would be six more
		// buffers of 96 MiB (a guest's 1 GiB ran out over them).
		pat := wrPattern(n, 3)
		a.Store(0, pat)
		r := aiComplete(c.ActiveQP.InitiatorCQ, c.ActiveQP.Send("send", 0, a.SGE(0, n)))
		suite.Rule("AI-11").Expect(r.Status).To(Equal(ndk.StatusSuccess), "%s, posted and completed", what("NdkSend"))
		rr := c.PassiveQP.ReceiveCQ.WaitResults("QP-4", 1)[0]
		suite.Rule("AI-11").Expect(rr.Status).To(Equal(ndk.StatusSuccess), "%s, completed", what("NdkReceive"))
		suite.Rule("AI-11").Expect(rr.BytesTransferred).To(Equal(uint32(n)), "%s takes all the send's bytes", what("NdkReceive"))
		suite.Rule("AI-11").Expect(bytes.Equal(b.Bytes(), pat)).To(BeTrue(), "%s delivers the send's bytes", what("NdkSend"))

		a.Store(0, wrFill(pat, 5))
		r = aiComplete(c.ActiveQP.InitiatorCQ, c.ActiveQP.Write("write", b.VA, btoken, 0, a.SGE(0, n)))
		suite.Rule("AI-11").Expect(r.Status).To(Equal(ndk.StatusSuccess), "%s, posted and completed", what("NdkWrite"))
		suite.Rule("AI-11").Expect(bytes.Equal(b.Bytes(), pat)).To(BeTrue(), "%s lands its bytes in the peer's memory", what("NdkWrite"))

		b.Store(0, wrFill(pat, 9))
		r = aiComplete(c.ActiveQP.InitiatorCQ, c.ActiveQP.Read("read", b.VA, btoken, 0, a.SGE(0, n)))
		suite.Rule("AI-11").Expect(r.Status).To(Equal(ndk.StatusSuccess), "%s, posted and completed", what("NdkRead"))
		suite.Rule("AI-11").Expect(bytes.Equal(a.Bytes(), pat)).To(BeTrue(), "%s brings the peer's bytes", what("NdkRead"))
		if capped {
			aiEdgeNotVerified("MaxTransferLength", max, aiTransferCap)
		}
	})

	suite.It(suite.Rules{"AI-12"}, "NdkRegisterMr of exactly MaxRegistrationSize bytes is taken", func() {
		max := p.A.Info().MaxRegistrationSize
		if max == 0 {
			suite.NotApplicable("MaxRegistrationSize 0", "the adapter registers no memory, so no registration is made")
		}
		size, capped := aiCapped(max, aiRegistrationCap)
		mr := p.A.CreatePD().MustObject().CreateMR(false).MustObject()
		st := mr.Register(make([]byte, size), ndk.MRFlagAllowLocalWrite).Wait()
		if st == ndk.StatusInsufficientResources {
			// The page lets a registration fail so, inline or through its
			// completion, whatever its size (CR-11): the adapter may lack
			// the resources for one this large now.
			suite.NotObservable(fmt.Sprintf("NdkRegisterMr of %d bytes (MaxRegistrationSize %d) failed with STATUS_INSUFFICIENT_RESOURCES, which its page allows", size, max))
		}
		suite.Rule("AI-12").Expect(st).To(Equal(ndk.StatusSuccess), "NdkRegisterMr of %d bytes (MaxRegistrationSize %d)", size, max)
		if capped {
			aiEdgeNotVerified("MaxRegistrationSize", max, aiRegistrationCap)
		}
	})

	suite.It(suite.Rules{"AI-13"}, "NdkBind of a window of exactly MaxWindowSize bytes, over a region that large, is taken, and the window reaches its last byte", func() {
		info := p.B.Info()
		max := info.MaxWindowSize
		if max == 0 {
			suite.NotApplicable("MaxWindowSize 0", "the adapter binds no window, so no window is bound")
		}
		size, capped := aiCapped(max, aiTransferCap)
		if info.MaxRegistrationSize < size {
			suite.NotApplicable(fmt.Sprintf("MaxRegistrationSize %d, MaxWindowSize %d", info.MaxRegistrationSize, max), "no registration is as large as the window, so the window is not bound")
		}
		n := int(size)
		c := wrConnectDepth(p, 8)
		mr := wrRegion(c.PassiveQP, n, ndk.MRFlagAllowRemoteRead)
		mr.Store(n-16, wrPattern(16, 77))
		mw := c.PassiveQP.PD().CreateMW().MustObject()
		r := aiComplete(c.PassiveQP.InitiatorCQ, c.PassiveQP.Bind("bind", mr, mw, mr.VA, size, ndk.OpFlagAllowRemoteRead))
		suite.Rule("AI-13").Expect(r.Status).To(Equal(ndk.StatusSuccess), "NdkBind of a window of %d bytes (MaxWindowSize %d), posted and completed", size, max)
		sink := wrRegion(c.ActiveQP, 16, wrSinkAccess)
		r = aiComplete(c.ActiveQP.InitiatorCQ, c.ActiveQP.Read("read", mr.VA+size-16, mw.Token(), 0, sink.SGE(0, 16)))
		suite.Rule("AI-13").Expect(r.Status).To(Equal(ndk.StatusSuccess), "the peer's NdkRead of the window's last 16 bytes under its token")
		suite.Rule("AI-13").Expect(sink.Bytes()).To(Equal(wrPattern(16, 77)), "the peer's NdkRead of the window's last 16 bytes reads the region")
		if capped {
			aiEdgeNotVerified("MaxWindowSize", max, aiTransferCap)
		}
	})

	suite.It(suite.Rules{"AI-14"}, "with NDK_ADAPTER_FLAG_LOOPBACK_CONNECTIONS_SUPPORTED, a connection from side A's address to a listener on the same address of the same adapter is made and carries a send", func() {
		if p.A.Info().AdapterFlags&ndk.AdapterFlagLoopbackConnectionsSupported == 0 {
			suite.NotApplicable("no NDK_ADAPTER_FLAG_LOOPBACK_CONNECTIONS_SUPPORTED", "the adapter does not support loopback connections, so none is made")
		}
		l := p.A.MustCreateListener()
		dst := l.MustListen(0)
		qa, qb := p.A.MustQPWith(wrParams(&wrQPContext{"A"}, 8)), p.A.MustQPWith(wrParams(&wrQPContext{"A, passive"}, 8))
		c := p.A.MustCreateConnector()
		connect := c.Connect(qa, p.A.AddrPort(0), dst, nil)
		what := fmt.Sprintf("NdkConnect from %v to the listener at %v on the same adapter", p.A.Addr, dst)
		// A loopback connect the provider refuses fails before any connect
		// event: the failure is the rule's, not a missing event's.
		for deadline := time.Now().Add(p.Timeout()); l.ConnectEvents() == 0 && !connect.IsDone() && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
		if st, done := connect.WaitFor(0); done {
			suite.Rule("AI-14").Expect(st).To(Equal(ndk.StatusSuccess), "%s", what)
		}
		passive := l.NextRequest()
		accept := passive.Accept(qb, nil)
		suite.Rule("AI-14").Expect(connect.Wait()).To(Equal(ndk.StatusSuccess), "%s", what)
		suite.Rule("AI-14").Expect(c.CompleteConnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkCompleteConnect of the loopback connection")
		suite.Rule("AI-14").Expect(accept.WaitAnswered()).To(Equal(ndk.StatusSuccess), "NdkAccept of the loopback connection")

		const n = 4096
		src := wrRegion(qa, n, ndk.MRFlagAllowLocalWrite)
		dstMR := wrRegion(qb, n, ndk.MRFlagAllowLocalWrite)
		suite.Rule("AI-14").Expect(qb.Receive("receive", dstMR.SGE(0, n))).To(Equal(ndk.StatusSuccess), "NdkReceive on the loopback connection")
		src.Store(0, wrPattern(n, 13))
		r := aiComplete(qa.InitiatorCQ, qa.Send("send", 0, src.SGE(0, n)))
		suite.Rule("AI-14").Expect(r.Status).To(Equal(ndk.StatusSuccess), "NdkSend on the loopback connection, posted and completed")
		rr := qb.ReceiveCQ.WaitResults("AI-14", 1)[0]
		suite.Rule("AI-14").Expect(rr.Status).To(Equal(ndk.StatusSuccess), "the receive of the loopback connection's send")
		suite.Rule("AI-14").Expect(bytes.Equal(dstMR.Bytes(), wrPattern(n, 13))).To(BeTrue(), "the loopback connection delivers the send's bytes")
	})
})
