package disconnect

import (
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The Ex clause of CN-15: the NdkDisconnectEventCallbackEx registered with
// NdkCompleteConnectEx or NdkAcceptEx, NDKPI 2.1's calls
// (nc-ndkpi-ndk_fn_disconnect_event_callback_ex.md: "called by the NDK
// provider once when the peer disconnects"; the DisconnectEvent parameter
// is optional). Not applicable on an adapter that declares an earlier
// version (suite.Adapter.NeedsEx). Its ProviderDisconnectReason (CN-17.reason)
// is the provider's own code, 0 for none: every value is one the page
// allows, so the spec takes any.

// connectEx establishes a connection from side A to a listener of side B
// with NdkAcceptEx and NdkCompleteConnectEx, each registering the harness's
// NdkDisconnectEventCallbackEx.
func connectEx(p *suite.Pair) *suite.Connection {
	GinkgoHelper()
	l := p.B.MustCreateListener()
	dst := l.MustListen(0)
	c := p.A.MustCreateConnector()
	qp := p.A.MustQP()
	connectOp := c.Connect(qp, p.A.AddrPort(0), dst, nil)
	passive := l.NextRequest()
	pqp := p.B.MustQP()
	accept := passive.AcceptEx(pqp, nil)
	suite.MustSucceed(connectOp)
	suite.MustSucceed(c.CompleteConnectEx())
	suite.MustSucceed(accept)
	return &suite.Connection{Active: c, Passive: passive, ActiveQP: qp, PassiveQP: pqp}
}

var _ = Describe("The disconnect event callback of NDKPI 2.1", Label("disconnect"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"CN-15", "DS-4"}, "the NdkDisconnectEventCallbackEx registered with NdkCompleteConnectEx, and the one registered with NdkAcceptEx, is called once when the peer disconnects, and not again when its own side then disconnects and closes; with none registered (the DisconnectEvent parameter is optional), NdkCompleteConnectEx and NdkAcceptEx succeed, and both sides disconnect all the same", suite.Long, Label(finding.ClauseLabel("CN-15.ex")), func() {
			p.A.NeedsEx("the NdkDisconnectEventCallbackEx registered with NdkCompleteConnectEx and NdkAcceptEx")
			p.B.NeedsEx("the NdkDisconnectEventCallbackEx registered with NdkCompleteConnectEx and NdkAcceptEx")
			once := func(c, peer *suite.Connector, registered string) {
				GinkgoHelper()
				suite.Step().Expect(peer.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "the peer's NdkDisconnect")
				suite.Rule("CN-15").Eventually(c.DisconnectEvents).WithTimeout(p.Timeout()).Should(BeNumerically(">=", 1),
					"the NdkDisconnectEventCallbackEx registered with %s is called when the peer disconnects", registered)
				suite.Rule("CN-15").Consistently(c.DisconnectEvents).WithTimeout(p.Settle()).Should(Equal(1),
					"the NdkDisconnectEventCallbackEx registered with %s is called once for the peer's disconnect", registered)
				c.Disconnect().Wait() // after the peer's: success, or the connection is gone already
				suite.MustSucceed(c.Close())
				suite.Rule("CN-15").Consistently(c.DisconnectEvents).WithTimeout(p.Settle()).Should(Equal(1),
					"the NdkDisconnectEventCallbackEx registered with %s is not called again for its own side's disconnect and close", registered)
			}
			conn := connectEx(p)
			once(conn.Active, conn.Passive, "NdkCompleteConnectEx")
			conn = connectEx(p)
			once(conn.Passive, conn.Active, "NdkAcceptEx")

			// No callback registered on either side: the calls take the
			// NULL DisconnectEvent, the provider has no indication to
			// deliver (none can reach the harness), and the disconnects go
			// as with one.
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			c := p.A.MustCreateConnector()
			connectOp := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
			passive := l.NextRequest()
			accept := passive.AcceptExWithoutEvents(p.B.MustQP())
			// A refused NdkAcceptEx leaves the connect unanswered: judge it
			// before waiting on the connect.
			if _, done := accept.WaitFor(p.Settle()); done {
				suite.Rule("CN-15").Expect(accept.WaitAnswered()).To(Equal(ndk.StatusSuccess), "NdkAcceptEx with no DisconnectEvent (optional)")
			}
			suite.MustSucceed(connectOp)
			suite.Rule("CN-15").Expect(c.CompleteConnectExWithoutEvents().Wait()).To(Equal(ndk.StatusSuccess),
				"NdkCompleteConnectEx with no DisconnectEvent (optional), the peer accepting")
			suite.Rule("CN-15").Expect(accept.WaitAnswered()).To(Equal(ndk.StatusSuccess),
				"NdkAcceptEx with no DisconnectEvent (optional), the peer completing the connection")
			suite.Rule("DS-4").Expect(c.Disconnect().Wait()).To(Equal(ndk.StatusSuccess),
				"NdkDisconnect on a connection whose sides registered no NdkDisconnectEventCallbackEx, the peer up")
			time.Sleep(p.Settle()) // side B's provider takes the notice, with no callback to call
			suite.Rule("DS-4").Expect(passive.Disconnect().Wait()).To(Equal(ndk.StatusSuccess),
				"the peer's NdkDisconnect after the first side's notice arrived, no NdkDisconnectEventCallbackEx registered")
		})
	})
})
