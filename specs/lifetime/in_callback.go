package lifetime

import (
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("Closing from inside a completion callback", Label("lifetime"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	It("LT-9, LT-12, LT-14: a connector closed from inside the completion callback of its failed NdkConnect closes without deadlock, even when the callback runs inside NdkConnect", Label("LT-9", "LT-10", "LT-11", "LT-12", "LT-13", "LT-14"), func() {
		observe("the provider completed every failed NdkConnect inline: no completion callback to close the connector from", func() bool {
			c := p.A.MustCreateConnector()
			qp := p.A.MustQP()
			closed := make(chan *suite.Op, 1)
			p.Intercept(func(cb suite.Callback) {
				if cb.Object == c.ID() && strings.HasPrefix(cb.Name, "NdkRequestCompletion(NdkConnect)") {
					closed <- c.CloseInCallback()
				}
			})
			// No listener on the destination: the connect fails.
			connect := c.Connect(qp, p.A.AddrPort(0), p.B.AddrPort(9), nil)
			if connect.Returned() != ndk.StatusPending {
				p.Intercept(nil)
				return false
			}
			connect.Wait()
			p.ExpectCompletes(closedInCallback(p, closed, "NdkConnect"), "LT-12/LT-14", "the connector was closed from inside the completion callback of its NdkConnect")
			return true
		})
	})

	It("LT-9, LT-12: a listener closed from inside the completion callback of its NdkListen closes without deadlock", Label("LT-9", "LT-12", "LT-13"), func() {
		observe("the provider completed every NdkListen inline: no completion callback to close the listener from", func() bool {
			l := p.B.MustCreateListener()
			closed := make(chan *suite.Op, 1)
			p.Intercept(func(cb suite.Callback) {
				if cb.Object == l.ID() && cb.Name == "NdkRequestCompletion(NdkListen)" {
					closed <- l.CloseInCallback()
				}
			})
			listen := l.Listen(p.B.AddrPort(0))
			if listen.Returned() != ndk.StatusPending {
				p.Intercept(nil)
				return false
			}
			listen.Wait()
			p.ExpectCompletes(closedInCallback(p, closed, "NdkListen"), "LT-12", "the listener was closed from inside the completion callback of its NdkListen")
			return true
		})
	})

	It("LT-9, LT-12: an MR closed from inside the completion callback of its NdkRegisterMr closes without deadlock", Label("LT-9", "LT-12", "LT-13"), func() {
		pd := p.A.CreatePD().MustObject()
		observe("the provider completed every NdkRegisterMr inline: no completion callback to close the MR from", func() bool {
			mr := pd.CreateMR(false).MustObject()
			closed := make(chan *suite.Op, 1)
			p.Intercept(func(cb suite.Callback) {
				if cb.Object == mr.ID() && cb.Name == "NdkRequestCompletion(NdkRegisterMr)" {
					closed <- mr.CloseInCallback()
				}
			})
			register := mr.Register(make([]byte, 4096), ndk.MRFlagAllowLocalWrite)
			if register.Returned() != ndk.StatusPending {
				p.Intercept(nil)
				return false
			}
			register.Wait()
			p.ExpectCompletes(closedInCallback(p, closed, "NdkRegisterMr"), "LT-12", "the MR was closed from inside the completion callback of its NdkRegisterMr")
			return true
		})
	})
})

// closedInCallback returns the close the spec issued from inside the
// completion callback of call.
func closedInCallback(p *suite.Pair, closed chan *suite.Op, call string) *suite.Op {
	GinkgoHelper()
	p.Intercept(nil)
	select {
	case op := <-closed:
		return op
	case <-time.After(p.Timeout()):
		Fail("the completion callback of " + call + " came, yet the close issued from inside it was not seen")
	}
	return nil
}

var _ = Describe("Closes and running callbacks", Label("lifetime"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	It("LT-20: an antecedent's close does not complete while a successor's close completion callback is still running", Label("LT-20"), func() {
		observe("the provider completed every QP close inline: no close completion callback to hold", func() bool {
			pd := p.A.CreatePD().MustObject()
			cq := p.A.CreateCQ(16).MustObject()
			qp := pd.CreateQP(cq, cq).MustObject()
			pdClose := pd.Close()
			suite.Rule("LT-16").Expect(pdClose.Returned()).To(Equal(ndk.StatusPending), "the PD close with a QP open")

			gate := newBlock()
			p.Intercept(func(cb suite.Callback) {
				if cb.Object == qp.ID() && cb.Name == "NdkCloseCompletion" {
					gate.hold(p.Timeout())
				}
			})
			if !gate.enteredOrReturned(p, qp.Close()) {
				p.Intercept(nil)
				p.ExpectCompletes(pdClose, "LT-16", "its QP was closed")
				return false
			}
			p.ExpectStillPending(pdClose, "LT-20", "the QP's close completion callback is still running")
			gate.open()
			p.ExpectCompletes(pdClose, "LT-20", "the QP's close completion callback returned")
			return true
		})
	})

	It("LT-20, LT-22: the blocking adapter close does not return while a close completion callback of one of its objects is running", Label("LT-20", "LT-22"), func() {
		observe("the provider completed every CQ close inline: no close completion callback to hold", func() bool {
			cq := p.A.CreateCQ(16).MustObject()
			gate := newBlock()
			p.Intercept(func(cb suite.Callback) {
				if cb.Object == cq.ID() && cb.Name == "NdkCloseCompletion" {
					gate.hold(p.Timeout())
				}
			})
			if !gate.enteredOrReturned(p, cq.Close()) {
				p.Intercept(nil)
				return false
			}
			adapterClose := p.A.Close()
			suite.Rule("LT-22").Consistently(adapterClose.HasReturned).WithTimeout(p.Settle()).Should(BeFalse(),
				"the NDK_ADAPTER close returned while the CQ's close completion callback was running")
			gate.open()
			suite.Rule("LT-22").Eventually(adapterClose.HasReturned).WithTimeout(p.Timeout()).Should(BeTrue(),
				"the NDK_ADAPTER close did not return after the last callback returned")
			return true
		})
	})

	It("LT-24, CR-7: a listener's close does not complete while its connect event callback is running", Label("LT-24", "CR-7"), func() {
		l := p.B.MustCreateListener()
		dst := l.MustListen(0)
		gate := newBlock()
		p.Intercept(func(cb suite.Callback) {
			if cb.Object == l.ID() && cb.Name == "NdkConnectEventCallback" {
				gate.hold(p.Timeout())
			}
		})
		c := p.A.MustCreateConnector()
		connect := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
		gate.waitEntered(p, "the listener's connect event")
		closeOp := l.Close()
		p.ExpectStillPending(closeOp, "LT-24", "the listener's connect event callback is running")
		gate.open()
		p.Intercept(nil)
		// The connector the event delivered is a successor of the listener:
		// reject and close it, and the listener close can complete.
		passive := l.NextRequest()
		passive.Reject(nil)
		suite.MustSucceed(passive.Close())
		p.ExpectCompletes(closeOp, "LT-24", "the connect event callback returned and its connector closed")
		connect.Wait()
	})

	It("CQ-4, LT-24: a CQ's close does not complete while its notification callback is running, and no notification follows the close", Label("CQ-4", "LT-24", "CR-7"), func() {
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		qp := pd.CreateQP(cq, cq).MustObject()
		mr := pd.CreateMR(false).MustObject()
		suite.MustSucceed(mr.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))

		gate := newBlock()
		p.Intercept(func(cb suite.Callback) {
			if cb.Object == cq.ID() && cb.Name == "NdkCqNotificationCallback" {
				gate.hold(p.Timeout())
			}
		})
		cq.Arm(ndk.CQNotifyAny)
		// A posted receive that is flushed completes (STATUS_CANCELLED) and
		// satisfies the arm.
		suite.Step().Expect(qp.Receive("rx", mr.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive")
		qp.Flush()
		gate.waitEntered(p, "the CQ's notification callback")
		suite.MustSucceed(qp.Close())
		closeOp := cq.Close()
		p.ExpectStillPending(closeOp, "CQ-4", "the CQ's notification callback is running")
		gate.open()
		p.ExpectCompletes(closeOp, "CQ-4", "the notification callback returned")
		suite.Rule("CQ-4").Consistently(p.Recorder().Violations).WithTimeout(p.Settle()).Should(BeEmpty(), "after the close completes, the callback is never called again")
	})
})
