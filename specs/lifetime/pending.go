package lifetime

import (
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("Closes and pending requests", Label("lifetime"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	It("LT-23, LT-26, CR-7: closing a connector whose NdkConnect is pending completes the connect (STATUS_CANCELLED) before the close completes", Label("LT-23", "LT-26", "CR-7", "CR-9"), func() {
		l := p.B.MustCreateListener()
		dst := l.MustListen(0)
		observe("NdkConnect never returned STATUS_PENDING while the peer had not answered (it completes inline, blocking until the peer answers)", func() bool {
			c := p.A.MustCreateConnector()
			connect := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
			passive := l.NextRequest() // the request reached side B, which does not answer
			if ret, ok := connect.ReturnedWithin(p.Settle()); !ok || ret != ndk.StatusPending {
				passive.Reject(nil)
				connect.Wait()
				return false
			}
			closeOp := c.Close()
			p.ExpectCompletes(closeOp, "LT-23", "the connector was closed")
			suite.Rule("LT-23").Expect(connect.IsDone()).To(BeTrue(), "the connector's close completed before its pending NdkConnect")
			suite.Rule("LT-26").Expect(connect.Wait()).To(Equal(ndk.StatusCancelled), "the close cancels the pending NdkConnect, which completes with STATUS_CANCELLED")
			passive.Reject(nil)
			return true
		})
	})

	It("LT-23, CR-7: closing an MR whose NdkRegisterMr is pending completes the registration before the close", Label("LT-23", "CR-7", "CR-9"), func() {
		pd := p.A.CreatePD().MustObject()
		observe("NdkRegisterMr never stayed pending", func() bool {
			mr := pd.CreateMR(false).MustObject()
			register := mr.Register(make([]byte, 4096), ndk.MRFlagAllowLocalWrite)
			if register.Returned() != ndk.StatusPending || register.IsDone() {
				suite.MustSucceed(mr.Close())
				return false
			}
			closeOp := mr.Close()
			p.ExpectCompletes(closeOp, "LT-23", "the MR was closed")
			suite.Rule("LT-23").Expect(register.IsDone()).To(BeTrue(), "the MR's close completed before its pending NdkRegisterMr")
			return true
		})
	})

	It("LT-26, QP-21: closing a QP flushes its posted receives, which complete with STATUS_CANCELLED", Label("LT-26", "QP-21"), func() {
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		qp := pd.CreateQP(cq, cq).MustObject()
		mr := pd.CreateMR(false).MustObject()
		suite.MustSucceed(mr.Register(make([]byte, 256), ndk.MRFlagAllowLocalWrite))
		for i := 0; i < 4; i++ {
			suite.Step().Expect(qp.Receive(i, mr.SGE(64*i, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive %d", i)
		}
		suite.MustSucceed(qp.Close())
		results := cq.WaitResults("LT-26", 4)
		suite.Rule("LT-26").Expect(results).To(HaveLen(4), "each of the 4 posted receives completes once")
		for _, r := range results {
			suite.Rule("LT-26").Expect(r.Status).To(Equal(ndk.StatusCancelled), "a receive flushed by the QP close completes with STATUS_CANCELLED (request %v)", r.RequestContext)
		}
	})
})
