package lifetime

import (
	"strings"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("Closing from inside a completion callback", Label("lifetime"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"LT-12"}, "a connector closed from inside the completion callback of its failed NdkConnect closes without deadlock, even when the callback runs inside NdkConnect", func() {
		observe("a connector's NdkConnect to a port with no listener was to pend, so that its connector could be closed from inside the completion callback", func() (bool, string) {
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
				return false, completedInline(connect)
			}
			connect.Wait()
			p.ExpectCompletes(closedInCallback(p, closed, "NdkConnect"), "LT-12 LT-14 LT-9", "the connector was closed from inside the completion callback of its NdkConnect")
			return true, ""
		})
	})

	suite.It(suite.Rules{"LT-12"}, "a listener closed from inside the completion callback of its NdkListen closes without deadlock", func() {
		observe("NdkListen was to pend, so that the listener could be closed from inside its completion callback", func() (bool, string) {
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
				return false, completedInline(listen)
			}
			listen.Wait()
			p.ExpectCompletes(closedInCallback(p, closed, "NdkListen"), "LT-12 LT-9", "the listener was closed from inside the completion callback of its NdkListen")
			return true, ""
		})
	})

	suite.It(suite.Rules{"LT-12"}, "an MR closed from inside the completion callback of its NdkRegisterMr closes without deadlock", func() {
		pd := p.A.CreatePD().MustObject()
		observe("NdkRegisterMr was to pend, so that the MR could be closed from inside its completion callback", func() (bool, string) {
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
				return false, completedInline(register)
			}
			register.Wait()
			p.ExpectCompletes(closedInCallback(p, closed, "NdkRegisterMr"), "LT-12 LT-9", "the MR was closed from inside the completion callback of its NdkRegisterMr")
			return true, ""
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
	case <-suite.After(p.Timeout()):
		suite.Violate(suite.Violation{Call: call, Expected: "the close issued from inside its completion callback, seen within " + p.Timeout().String(), Observed: "harness: the callback came; the close was not seen"})
	}
	return nil
}

var _ = Describe("Closes and running callbacks", Label("lifetime"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	// Each close below is held pending by an open successor (LT-16), so
	// it completes through its callback whatever the provider's way of
	// completing calls: the spec always has a close completion to hold.

	suite.It(suite.Rules{"LT-20"}, "an antecedent's close does not complete while a successor's close completion callback is still running", func() {
		l := p.B.MustCreateListener()
		l.MustListen(0)
		conn := p.MustConnect(l)
		qp := conn.ActiveQP
		// The PD's close waits for the QP, the QP's for its connector.
		pdClose := qp.PD().Close()
		p.ExpectReturns(pdClose, ndk.StatusPending, "LT-16", "closing the PD of an open QP")
		qpClose := qp.Close()
		p.ExpectReturns(qpClose, ndk.StatusPending, "LT-16", "closing the QP of an open connector")

		gate := holdCallback(p, qp.ID(), "NdkCloseCompletion")
		suite.MustSucceed(conn.Active.Close())
		gate.waitEntered(p, "the QP's close completion, once its connector closed,")
		p.ExpectStillPending(pdClose, "LT-20", "the QP's close completion callback is still running")
		gate.open()
		p.ExpectCompletes(pdClose, "LT-20 LT-16", "the QP's close completion callback returned")
	})

	suite.It(suite.Rules{"LT-20", "LT-22"}, "the blocking adapter close does not return while a close completion callback of one of its objects is running, nor while the completion callback of a create that failed is running", func() {
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		qp := pd.CreateQP(cq, cq).MustObject()
		// The CQ's close waits for the QP.
		cqClose := cq.Close()
		p.ExpectReturns(cqClose, ndk.StatusPending, "LT-16", "closing the CQ of an open QP")
		gate := holdCallback(p, cq.ID(), "NdkCloseCompletion")
		suite.MustSucceed(qp.Close())
		gate.waitEntered(p, "the CQ's close completion, once its QP closed,")
		suite.MustSucceed(pd.Close())
		adapterClose := p.A.Close()
		suite.Rule("LT-22", "LT-20").Consistently(adapterClose.HasReturned).WithTimeout(p.Settle()).Should(BeFalse(),
			"the NDK_ADAPTER close does not return while the CQ's close completion callback runs")
		gate.open()
		suite.Rule("LT-22").Eventually(adapterClose.HasReturned).WithTimeout(p.Timeout()).Should(BeTrue(),
			"the NDK_ADAPTER close returns once the last callback returned")

		// A create that fails through its completion leaves no object to
		// wait for: its callback is one of the adapter's all the same. Side
		// B's adapter, on side A's address: STATUS_INVALID_ADDRESS (CN-1).
		failed := newBlock()
		p.Intercept(func(cb suite.Callback) {
			if cb.Name == "NdkCreateCompletion(NdkCreateSharedEndpoint)" {
				failed.hold(p.Timeout())
			}
		})
		create := p.B.CreateSharedEndpoint(p.A.AddrPort(0))
		if !failed.enteredOrReturned(p, create.Op) {
			return // it failed inline: no callback
		}
		if _, returned := create.ReturnedWithin(p.Settle()); !returned {
			// The callback runs inside the create, which the consumer lets
			// return before it closes the adapter (LT-8).
			failed.open()
			return
		}
		adapterClose = p.B.Close()
		suite.Rule("LT-22").Consistently(adapterClose.HasReturned).WithTimeout(p.Settle()).Should(BeFalse(),
			"the NDK_ADAPTER close does not return while the completion callback of its failed NdkCreateSharedEndpoint runs")
		failed.open()
		suite.Rule("LT-22").Eventually(adapterClose.HasReturned).WithTimeout(p.Timeout()).Should(BeTrue(),
			"the NDK_ADAPTER close returns once the last callback returned")
	})

	suite.It(suite.Rules{"LT-24"}, "a listener's close does not complete while its connect event callback is running", func() {
		l := p.B.MustCreateListener()
		dst := l.MustListen(0)
		gate := newBlock()
		delivered := make(chan *suite.Connector, 1)
		p.Intercept(func(cb suite.Callback) {
			if cb.Object == l.ID() && cb.Name == "NdkConnectEventCallback" {
				delivered <- cb.Connector
				gate.hold(p.Timeout())
			}
		})
		c := p.A.MustCreateConnector()
		connect := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
		gate.waitEntered(p, "the listener's connect event")
		// The connector the event delivers is a successor of the listener:
		// reject and close it first, so that only the running callback can
		// hold the listener's close.
		passive := <-delivered
		passive.Reject(nil)
		suite.MustSucceed(passive.Close())
		closeOp := l.Close()
		p.ExpectStillPending(closeOp, "LT-24", "the listener's connect event callback is running (its connector is closed)")
		gate.open()
		p.Intercept(nil)
		p.ExpectCompletes(closeOp, "LT-24", "the connect event callback returned")
		connect.Wait()
	})

	suite.It(suite.Rules{"CQ-4", "LT-24"}, "a CQ's close does not complete while its notification callback is running, and no notification follows the close", func() {
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		qp := pd.CreateQP(cq, cq).MustObject()
		mr := pd.CreateMR(false).MustObject()
		suite.MustSucceed(mr.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))

		gate := holdCallback(p, cq.ID(), "NdkCqNotificationCallback")
		cq.Arm(ndk.CQNotifyAny)
		// A posted receive that is flushed completes and satisfies the arm.
		suite.Step().Expect(qp.Receive("rx", mr.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive")
		qp.Flush()
		gate.waitEntered(p, "the CQ's notification callback")
		suite.MustSucceed(qp.Close())
		closeOp := cq.Close()
		p.ExpectStillPending(closeOp, "CQ-4 LT-24", "the CQ's notification callback is running")
		gate.open()
		p.ExpectCompletes(closeOp, "CQ-4 LT-24", "the notification callback returned")
		p.ExpectNoViolation()
	})
})
