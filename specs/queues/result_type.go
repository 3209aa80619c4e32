package queues

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// NDK_RESULT_EX.Type (QP-25): "An NDK_OPERATION_TYPE enumeration value
// that specifies the type of operation that is being completed", whose
// values each name their call (NdkReceive, NdkSend, NdkFastRegister,
// NdkBind, NdkInvalidate, NdkRead, NdkWrite). The send-and-invalidate
// pair has its own rules and spec (QP-18, QP-20, specs/memory).
var _ = Describe("The operation type of a completion", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"QP-25"}, "the NDK_RESULT_EX of a receive, a send, a write, a read, a bind, an invalidate and a fast-register has the Type of its operation", func() {
		c := wrConnectDepth(p, 8)
		src := wrRegion(c.ActiveQP, 4096, wrRemoteAccess|ndk.MRFlagRDMAReadSink)
		dst := wrRegion(c.PassiveQP, 4096, wrRemoteAccess)
		_, dtoken := dst.Tokens()
		types := map[any]ndk.OperationType{}
		inits, recvs := map[any]any{}, map[any]any{}
		post := func(ctx string, t ndk.OperationType, st ndk.Status) {
			GinkgoHelper()
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "posting the %s", ctx)
			types[ctx] = t
			inits[ctx] = c.ctxA
		}
		suite.Step().Expect(c.PassiveQP.Receive("receive", dst.SGE(0, 128))).To(Equal(ndk.StatusSuccess), "NdkReceive on side B")
		types["receive"], recvs["receive"] = ndk.OpReceive, c.ctxB
		post("send", ndk.OpSend, c.ActiveQP.Send("send", 0, src.SGE(0, 64)))
		post("write", ndk.OpWrite, c.ActiveQP.Write("write", dst.VA+1024, dtoken, 0, src.SGE(1024, 64)))
		post("read", ndk.OpRead, c.ActiveQP.Read("read", dst.VA+2048, dtoken, 0, src.SGE(2048, 64)))
		mw := c.ActiveQP.PD().CreateMW().MustObject()
		post("bind", ndk.OpBind, c.ActiveQP.Bind("bind", src, mw, src.VA, 4096, ndk.OpFlagAllowRemoteRead))
		got := wrCollect(p, c.ActiveQP.InitiatorCQ, inits, "QP-4", "QP-4", "QP-3")
		// The window is bound (its completion came): invalidate it.
		later := map[any]any{}
		suite.Step().Expect(c.ActiveQP.InvalidateMW("invalidate", mw, 0)).To(Equal(ndk.StatusSuccess), "posting the invalidate")
		types["invalidate"], later["invalidate"] = ndk.OpInvalidate, c.ctxA
		// NdkFastRegister needs an MR initialised for fast registration and
		// a logical address mapping; a provider that has neither (rxe) is
		// judged by the memory specs, and its fast-register type is not
		// tried here.
		fr, st := c.ActiveQP.PD().CreateMR(true).Object()
		if st == ndk.StatusSuccess {
			st = fr.InitializeFastRegisterMR(1, false).Wait()
		}
		lam := &ndk.LAM{Pages: make([]uint64, 2)}
		if st == ndk.StatusSuccess {
			if st = p.A.BuildLAM(make([]byte, ndk.PageSize), lam).Wait(); st == ndk.StatusSuccess {
				DeferCleanup(func() { p.A.ReleaseLAM(lam) })
			}
		}
		if st == ndk.StatusSuccess {
			suite.Step().Expect(c.ActiveQP.FastRegister("fast register", fr, lam.Pages[:1], 0, ndk.PageSize, 0x7000000000+ndk.PageSize, ndk.OpFlagAllowLocalWrite)).
				To(Equal(ndk.StatusSuccess), "posting the fast-register")
			types["fast register"], later["fast register"] = ndk.OpFastRegister, c.ctxA
		} else {
			AddReportEntry("QP-25", fmt.Sprintf("NdkFastRegister not tried: creating, initialising or mapping for it failed with %v", st))
		}
		for k, v := range wrCollect(p, c.ActiveQP.InitiatorCQ, later, "QP-4", "QP-4", "QP-3") {
			got[k] = v
		}
		for k, v := range wrCollect(p, c.PassiveQP.ReceiveCQ, recvs, "QP-4", "QP-4", "QP-3") {
			got[k] = v
		}
		for _, ctx := range []string{"receive", "send", "write", "read", "bind", "invalidate", "fast register"} {
			r, ok := got[ctx]
			if !ok {
				continue // not tried
			}
			suite.Step().Expect(r.Status).To(Equal(ndk.StatusSuccess), "the %s's completion status", ctx)
			want := opTypeName(types[ctx])
			suite.Rule("QP-25").Expect(opTypeName(r.Type)).To(Equal(want), "NDK_RESULT_EX.Type of the %s's completion is %s", ctx, want)
		}
	})
})

// opTypeName is t's name in ndkpi.h, with its value.
func opTypeName(t ndk.OperationType) string {
	names := map[ndk.OperationType]string{ndk.OpReceive: "Receive", ndk.OpSend: "Send", ndk.OpFastRegister: "FastRegister", ndk.OpBind: "Bind",
		ndk.OpInvalidate: "Invalidate", ndk.OpRead: "Read", ndk.OpWrite: "Write", ndk.OpReceiveAndInvalidate: "ReceiveAndInvalidate"}
	if n, ok := names[t]; ok {
		return fmt.Sprintf("NdkOperationType%s (%d)", n, uint32(t))
	}
	return fmt.Sprintf("%d, no NDK_OPERATION_TYPE", uint32(t))
}
