package endpoints

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("NdkConnect endpoints", Label("endpoints"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"LC-4"}, "every connector connected with NdkConnect has its own dedicated endpoint on the source address", func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			first := p.MustConnect(l)
			second := p.MustConnect(l)
			suite.Rule("LC-4").Expect(first.ActiveAddr.Addr()).To(Equal(p.A.Addr), "the endpoint is on the source address")
			suite.Rule("LC-4").Expect(second.ActiveAddr.Addr()).To(Equal(p.A.Addr), "the endpoint is on the source address")
			suite.Rule("LC-4").Expect(first.ActiveAddr.Port()).NotTo(Equal(second.ActiveAddr.Port()),
				"two connectors connected with NdkConnect from port 0 must have distinct dedicated endpoints")
		})

		suite.It(suite.Rules{"LC-18", "LC-19"}, "the endpoint of an NdkConnect connector stays in use while the connector is open and is released right after it closes", func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			conn := p.MustConnect(l)
			src := conn.ActiveAddr
			expectPortBusy(p, p.A, src, "LC-17", "a connector connected with NdkConnect holds it")

			suite.MustSucceed(conn.Active.Close())
			expectPortFree(p.A, src, "LC-18 LC-19 LC-6", "the close of the connector that held it")
		})

		suite.It(suite.Rules{"LC-10"}, "NdkConnect from an explicit source port (one a closed listener released) uses exactly that port, and a second NdkConnect from it fails with STATUS_SHARING_VIOLATION", func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			// A free port of side A: one a listener held and released at its
			// close (LC-10), which this spec therefore relies on.
			probe := p.A.MustCreateListener()
			src := probe.MustListen(0)
			suite.MustSucceed(probe.Close())

			c := p.A.MustCreateConnector()
			qp := p.A.MustQP()
			connect := c.Connect(qp, src, dst, nil)
			suite.Step().Eventually(func() bool { return connect.IsDone() || l.ConnectEvents() > 0 }).WithTimeout(p.Timeout()).Should(BeTrue(),
				"NdkConnect from %v reaches the listener or completes", src)
			if st, done := connect.WaitFor(0); done && st != ndk.StatusSuccess { // done: a refused connect
				suite.Violate(connect.Violation("LC-10", fmt.Sprintf("NdkConnect from %v, released when the listener that held it was closed, goes out", src), st.String()))
			}
			conn := p.MustHandshake(l, c, connect, qp)
			suite.Rule("LC-17").Expect(conn.ActiveAddr).To(Equal(src), "NdkConnect from %v must use that address and port", src)

			again := p.A.MustCreateConnector()
			suite.Rule("CN-1").Expect(again.Connect(p.A.MustQP(), src, p.B.AddrPort(noListenerPort), nil).Wait()).To(Equal(ndk.StatusSharingViolation),
				"NdkConnect from %v, the endpoint of an open connector, must fail with STATUS_SHARING_VIOLATION", src)
		})

		suite.It(suite.Rules{"CN-1"}, "NdkConnect from a source address that is not the adapter's fails with STATUS_INVALID_ADDRESS", func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			c := p.A.MustCreateConnector()
			suite.Rule("CN-1").Expect(c.Connect(p.A.MustQP(), p.B.AddrPort(0), dst, nil).Wait()).To(Equal(ndk.StatusInvalidAddress),
				"NdkConnect from side B's address on side A's adapter")
		})

		suite.It(suite.Rules{"CN-3"}, "NdkConnect to an address and port with no listener fails with STATUS_CONNECTION_REFUSED", func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			suite.MustSucceed(l.Close())
			c := p.A.MustCreateConnector()
			suite.Rule("CN-3").Expect(c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil).Wait()).To(Equal(ndk.StatusConnectionRefused),
				"NdkConnect to %v, where no listener listens", dst)
		})

		suite.It(suite.Rules{"LC-18", "LC-19", "LC-10"}, "NdkConnect fails with STATUS_CONNECTION_REFUSED when the peer rejects the request; the attempt can be retried, on the same connector with the same QP, and the connector's close leaves no endpoint of its attempts in use", func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			// The refused attempt goes from an explicit port, to see it
			// released: a free port of side A, one a listener held and
			// released at its close (LC-10), which the spec relies on.
			probe := p.A.MustCreateListener()
			src := probe.MustListen(0)
			suite.MustSucceed(probe.Close())
			c := p.A.MustCreateConnector()
			qp := p.A.MustQP()
			connect := c.Connect(qp, src, dst, nil)
			suite.Step().Eventually(func() bool { return connect.IsDone() || l.ConnectEvents() > 0 }).WithTimeout(p.Timeout()).Should(BeTrue(),
				"NdkConnect from %v reaches the listener or completes", src)
			if st, done := connect.WaitFor(0); done {
				suite.Violate(connect.Violation("LC-10", fmt.Sprintf("NdkConnect from %v, released when the listener that held it was closed, goes out", src), st.String()))
			}
			suite.Rule("CN-9").Expect(l.NextRequest().Reject(nil)).To(Equal(ndk.StatusSuccess), "NdkReject of a pending request")
			suite.Rule("CN-3").Expect(connect.Wait()).To(Equal(ndk.StatusConnectionRefused), "NdkConnect rejected by the peer")

			// "The connection attempt can be retried": the same call again.
			retry := c.Connect(qp, p.A.AddrPort(0), dst, nil)
			suite.Step().Eventually(func() bool { return retry.IsDone() || l.ConnectEvents() > 1 }).WithTimeout(p.Timeout()).Should(BeTrue(),
				"the retried NdkConnect reaches the listener or completes")
			if st, done := retry.WaitFor(0); done {
				suite.Violate(retry.Violation("CN-3", "the refused connect retried on the same connector with the same QP goes out to the listener", st.String()))
			}
			conn := p.MustHandshake(l, c, retry, qp)
			suite.MustSucceed(c.Close())
			expectPortFree(p.A, src, "LC-18 LC-19 LC-6", "the close of the connector whose refused attempt went from it")
			expectPortFree(p.A, conn.ActiveAddr, "LC-18 LC-19 LC-6", "the close of the connector connected from it")
		})

		suite.It(suite.Rules{"CN-6"}, "while connect events are paused, connection requests are refused as if no listener existed; after resuming they are delivered", func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			l.ControlConnectEvents(true)
			expectRefused(p, l, dst, "CN-6", "the listener's connect events are paused")
			l.ControlConnectEvents(false)
			p.MustConnect(l)
		})
	})
})
