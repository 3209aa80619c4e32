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

	// The pages say a close cancels or flushes what is pending (LT-26) but
	// name no status for it (only NdkFlush's page says STATUS_CANCELLED): a
	// request ended by a close must complete exactly once, with a failure.

	suite.It(suite.Rules{"LT-23", "CR-9"}, "closing a connector whose NdkConnect is pending completes the connect, once and with a failure, before the close completes", func() {
		l := p.B.MustCreateListener()
		dst := l.MustListen(0)
		observe("NdkConnect to a listener that does not answer was to stay pending", func() (bool, string) {
			c := p.A.MustCreateConnector()
			connect := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
			passive := l.NextRequest() // the request reached side B, which does not answer
			if ret, ok := connect.ReturnedWithin(p.Settle()); !ok || ret != ndk.StatusPending {
				passive.Reject(nil)
				connect.Wait()
				if !ok {
					return false, "NdkConnect blocked until the peer answered"
				}
				return false, completedInline(connect)
			}
			closeOp := c.Close()
			p.ExpectCompletes(closeOp, "LT-23", "the connector was closed")
			if !connect.IsDone() {
				suite.ViolateAll("LT-23 CR-9", closeOp.Violation("", "the pending NdkConnect completed before the connector's close completes", "the close completed first"))
			}
			st := connect.Wait()
			suite.Rule("LT-26").Expect(st.IsError()).To(BeTrue(), "the close cancels the pending NdkConnect, which completes with a failure status (it completed with %v)", st)
			suite.Rule("LT-26").Expect(connect.Completions()).To(BeNumerically("<=", 1), "the cancelled NdkConnect completes exactly once")
			passive.Reject(nil)
			return true, ""
		})
	})

	suite.It(suite.Rules{"LT-23", "CR-9"}, "closing an MR whose NdkRegisterMr is pending completes the registration before the close", func() {
		pd := p.A.CreatePD().MustObject()
		observe("NdkRegisterMr was to be still pending when the MR's close was issued", func() (bool, string) {
			mr := pd.CreateMR(false).MustObject()
			register := mr.Register(make([]byte, 4096), ndk.MRFlagAllowLocalWrite)
			if register.Returned() != ndk.StatusPending {
				suite.MustSucceed(mr.Close())
				return false, completedInline(register)
			}
			closeOp := mr.Close()
			// The overlap is proven, not assumed: a registration that
			// completed before the close was issued tells nothing.
			if register.FinishedBefore(closeOp) {
				p.ExpectCompletes(closeOp, "LT-23", "the MR was closed")
				return false, "NdkRegisterMr completed before the close was issued each time"
			}
			p.ExpectCompletes(closeOp, "LT-23", "the MR was closed")
			if !register.IsDone() {
				suite.ViolateAll("LT-23 CR-9", closeOp.Violation("", "the pending NdkRegisterMr completed before the MR's close completes", "the close completed first"))
			}
			return true, ""
		})
	})

	suite.It(suite.Rules{"LT-26"}, "closing a QP flushes its posted receives: each completes exactly once, with a failure", func() {
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
		seen := map[any]bool{}
		for _, r := range results {
			suite.Rule("LT-26").Expect(r.Status.IsError()).To(BeTrue(), "a receive flushed by the QP close completes with a failure status (request %v: %v)", r.RequestContext, r.Status)
			suite.Rule("LT-26").Expect(seen[r.RequestContext]).To(BeFalse(), "each receive completes once (request %v twice)", r.RequestContext)
			seen[r.RequestContext] = true
		}
		suite.Rule("LT-26").Consistently(cq.Poll).WithTimeout(p.Settle()).Should(BeEmpty(), "no completion beyond one per posted receive")
	})
})
