package disconnect

import (
	"fmt"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The compound disconnect rules, clause by clause: each spec is labelled
// with its rule and with the clause it covers (finding.ClauseLabel). The
// clause of NdkDisconnectEventCallbackEx, CN-15.ex, is ex.go's; CN-17.reason
// has no spec: every ProviderDisconnectReason is one the page allows (see
// the catalog).

var _ = Describe("Compound disconnect rules, clause by clause", Label("disconnect"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"CN-15", "DS-6", "DS-4"}, "the disconnect event callback registered with NdkCompleteConnect, and the one registered with NdkAccept, is called once when the peer disconnects, and not again when its own side then disconnects and closes; with none registered (the parameter is optional), both sides disconnect all the same", suite.Long, Label(finding.ClauseLabel("CN-15.once")), func() {
			// once checks that c, whose peer disconnects, is told exactly
			// once, also after its own NdkDisconnect and close.
			once := func(c, peer *suite.Connector, registered string) {
				GinkgoHelper()
				suite.Step().Expect(peer.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "the peer's NdkDisconnect")
				suite.Rule("DS-6").Eventually(c.DisconnectEvents).WithTimeout(p.Timeout()).Should(BeNumerically(">=", 1),
					"the callback registered with %s is called when the peer disconnects", registered)
				suite.Rule("CN-15").Consistently(c.DisconnectEvents).WithTimeout(p.Settle()).Should(Equal(1),
					"the callback registered with %s is called once for the peer's disconnect", registered)
				c.Disconnect().Wait() // after the peer's: success, or the connection is gone already
				suite.MustSucceed(c.Close())
				suite.Rule("CN-15").Consistently(c.DisconnectEvents).WithTimeout(p.Settle()).Should(Equal(1),
					"the callback registered with %s is not called again for its own side's disconnect and close", registered)
			}
			conn := connect(p)
			once(conn.Active, conn.Passive, "NdkCompleteConnect")
			conn = connect(p)
			once(conn.Passive, conn.Active, "NdkAccept")

			// No callback registered on either side: the provider has no
			// indication to deliver, and the disconnects go as with one.
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			c := p.A.MustCreateConnector()
			connectOp := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
			passive := l.NextRequest()
			accept := passive.AcceptWithoutEvents(p.B.MustQP())
			suite.MustSucceed(connectOp)
			suite.MustSucceed(c.CompleteConnectWithoutEvents())
			suite.MustSucceed(accept)
			suite.Rule("DS-4").Expect(c.Disconnect().Wait()).To(Equal(ndk.StatusSuccess),
				"NdkDisconnect on a connection whose sides registered no disconnect event callback, the peer up")
			time.Sleep(p.Settle()) // side B's provider takes the notice, with no callback to call
			suite.Rule("DS-4").Expect(passive.Disconnect().Wait()).To(Equal(ndk.StatusSuccess),
				"the peer's NdkDisconnect after the first side's notice arrived, no disconnect event callback registered")
		})

		suite.It(suite.Rules{"CN-17", "DS-10", "DS-4"}, "the accepting side's NdkDisconnect to a connecting peer that never answers fails with STATUS_IO_TIMEOUT, inline or through its completion, after the provider's time-out, and the connection is then over", suite.Long, Label(finding.ClauseLabel("CN-17.timeout")), func() {
			conn := connect(p)
			p.SetHostState(p.A, ndk.HostUnresponsive)
			disc := conn.Passive.Disconnect()
			st, done := disc.WaitFor(p.Timeout())
			if !done {
				// Put the host back up, so that the notice is answered and the
				// call ends before the cleanup closes the connector (LT-8).
				p.SetHostState(p.A, ndk.HostUp)
				disc.WaitFor(p.Timeout())
				if d, ok := p.DeclaredTimeout("disconnect"); ok {
					suite.Violate(disc.Violation("CN-17", fmt.Sprintf("NdkDisconnect to a peer that never answers ends, with STATUS_IO_TIMEOUT, within the disconnect time-out the provider declares (%v; --timeout %v)", d, p.Timeout()),
						fmt.Sprintf("it had not ended after %v", p.Timeout())))
				}
				suite.NotConfigured(fmt.Sprintf("NdkDisconnect to side A's unresponsive host did not time out within --timeout %v: the provider's disconnect time-out is longer (run with a longer --timeout)", p.Timeout()))
			}
			if st == ndk.StatusSuccess {
				// Success needs the peer's answer, which never came (DS-4).
				suite.ViolateAll("DS-4 CN-17", disc.Violation("", "STATUS_IO_TIMEOUT for the accepting side's NdkDisconnect whose handshake timed out (success only once the peer answered)", st.String()))
			}
			suite.Rule("CN-17").Expect(st).To(Equal(ndk.StatusIOTimeout), "the accepting side's NdkDisconnect whose handshake timed out")
			suite.Rule("DS-10").Expect(conn.PassiveQP.Send("after", 0)).To(Equal(ndk.StatusConnectionInvalid),
				"after NdkDisconnect completed (with failure), the QP is not connected: NdkSend fails with STATUS_CONNECTION_INVALID")
		})
	})
})
