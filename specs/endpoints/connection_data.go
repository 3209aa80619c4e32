package endpoints

import (
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("Connector calls", Label("endpoints"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		request := []byte("ndkconform connect request private data")
		reply := []byte("ndkconform accept reply")

		// pendingRequest issues NdkConnect from side A with private data and
		// returns the connect op and the connector of the connect event.
		pendingRequest := func(l *suite.Listener, data []byte) (*suite.Connector, *suite.QP, *suite.Op, *suite.Connector) {
			GinkgoHelper()
			c := p.A.MustCreateConnector()
			qp := p.A.MustQP()
			op := c.Connect(qp, p.A.AddrPort(0), l.MustLocalAddress(), data)
			return c, qp, op, l.NextRequest()
		}

		suite.It(suite.Rules{"CN-11"}, "NdkGetConnectionData with a NULL buffer and length 0 returns STATUS_SUCCESS and the required private data size", func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			_, _, _, passive := pendingRequest(l, request)
			cd, st := passive.ConnectionData(nil)
			suite.Rule("CN-11").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetConnectionData(NULL, 0)")
			suite.Rule("CN-11").Expect(cd.PrivateDataLength).To(BeNumerically(">=", len(request)),
				"the required size (RDS) must hold the %d bytes of private data the peer sent", len(request))
			passive.Reject(nil)
		})

		suite.It(suite.Rules{"CN-13"}, "NdkGetConnectionData copies the peer's private data; a buffer smaller than RDS gets the first bytes and STATUS_BUFFER_TOO_SMALL, and RDS is stored in both cases", func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			_, _, _, passive := pendingRequest(l, request)
			cd, st := passive.ConnectionData(nil)
			suite.Rule("CN-11").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetConnectionData(NULL, 0)")
			rds := cd.PrivateDataLength

			full := make([]byte, rds)
			cd, st = passive.ConnectionData(full)
			suite.Rule("CN-13").Expect(st).To(Equal(ndk.StatusSuccess), "a buffer of RDS (%d) bytes must give STATUS_SUCCESS", rds)
			suite.Rule("CN-13").Expect(cd.PrivateDataLength).To(Equal(rds), "RDS is stored on success")
			suite.Rule("CN-13").Expect(full[:len(request)]).To(Equal(request), "the private data sent with NdkConnect")

			// The boundary: one byte short of RDS, and far short of it.
			for _, n := range []int{int(rds) - 1, len(request) / 2} {
				short := make([]byte, n)
				cd, st = passive.ConnectionData(short)
				suite.Rule("CN-13").Expect(st).To(Equal(ndk.StatusBufferTooSmall), "a %d-byte buffer with RDS %d", n, rds)
				suite.Rule("CN-13").Expect(cd.PrivateDataLength).To(Equal(rds), "RDS is stored with STATUS_BUFFER_TOO_SMALL (%d-byte buffer)", n)
				k := min(n, len(request))
				suite.Rule("CN-13").Expect(short[:k]).To(Equal(request[:k]), "the provider copies min(length, RDS) bytes (%d-byte buffer)", n)
			}
			passive.Reject(nil)
		})

		suite.It(suite.Rules{"CN-13"}, "after NdkConnect completes, the connecting side's NdkGetConnectionData gives the private data of the peer's NdkAccept", func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			c, _, connect, passive := pendingRequest(l, nil)
			accept := passive.Accept(p.B.MustQP(), reply)
			suite.MustSucceed(connect)
			cd, st := c.ConnectionData(nil)
			suite.Rule("CN-11").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetConnectionData(NULL, 0)")
			suite.Rule("CN-13").Expect(cd.PrivateDataLength).To(BeNumerically(">=", len(reply)), "RDS holds the accept's private data")
			buf := make([]byte, cd.PrivateDataLength)
			_, st = c.ConnectionData(buf)
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "CN-13")
			suite.Rule("CN-13").Expect(buf[:len(reply)]).To(Equal(reply), "the private data sent with NdkAccept")
			suite.MustSucceed(c.CompleteConnect())
			suite.MustSucceed(accept)
		})

		suite.It(suite.Rules{"CN-13"}, "a rejected connect gets the private data of the peer's NdkReject", func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			c, _, connect, passive := pendingRequest(l, nil)
			// The reject of a request whose peer still waits is a step:
			// no rule fixes its status (CN-9 is about a peer that gave up
			// and a reject after the connect completed; the page allows
			// other errors).
			suite.Step().Expect(passive.Reject(reply)).To(Equal(ndk.StatusSuccess), "NdkReject")
			suite.Rule("CN-3").Expect(connect.Wait()).To(Equal(ndk.StatusConnectionRefused), "the rejected NdkConnect")
			cd, st := c.ConnectionData(nil)
			suite.Rule("CN-11").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetConnectionData(NULL, 0) after a reject")
			suite.Rule("CN-11").Expect(cd.PrivateDataLength).To(BeNumerically(">=", len(reply)), "the required size (RDS) holds the %d bytes of the reject's private data", len(reply))
			buf := make([]byte, cd.PrivateDataLength)
			_, st = c.ConnectionData(buf)
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "CN-13")
			suite.Rule("CN-13").Expect(buf[:len(reply)]).To(Equal(reply), "the private data sent with NdkReject")
		})

		suite.It(suite.Rules{"CN-5"}, "the effective read limits are capped by the adapter maxima and the peer's opposite limits, and NdkGetConnectionData reports them", func() {
			infoA, infoB := p.A.Info(), p.B.Info()
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			c := p.A.MustCreateConnector()
			qp := p.A.MustQP()
			connect := c.ConnectWith(ndk.ConnectParams{QP: qp.QP, Source: p.A.AddrPort(0), Destination: dst,
				InboundReadLimit: 3, OutboundReadLimit: 5}, qp)
			passive := l.NextRequest()
			pqp := p.B.MustQP()
			accept := passive.AcceptWith(ndk.AcceptParams{QP: pqp.QP, InboundReadLimit: 4, OutboundReadLimit: 2}, pqp)
			suite.MustSucceed(connect)
			cd, st := c.ConnectionData(nil)
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetConnectionData after the connect completed")
			wantIn := min(3, infoA.MaxInboundReadLimit, 2, infoB.MaxOutboundReadLimit)
			wantOut := min(5, infoA.MaxOutboundReadLimit, 4, infoB.MaxInboundReadLimit)
			suite.Rule("CN-5").Expect(cd.InboundReadLimit).To(Equal(wantIn),
				"effective inbound read limit = min(requested 3, MaxInboundReadLimit %d, peer's outbound 2, peer's MaxOutboundReadLimit %d)",
				infoA.MaxInboundReadLimit, infoB.MaxOutboundReadLimit)
			suite.Rule("CN-5").Expect(cd.OutboundReadLimit).To(Equal(wantOut),
				"effective outbound read limit = min(requested 5, MaxOutboundReadLimit %d, peer's inbound 4, peer's MaxInboundReadLimit %d)",
				infoA.MaxOutboundReadLimit, infoB.MaxInboundReadLimit)
			suite.MustSucceed(c.CompleteConnect())
			suite.MustSucceed(accept)
		})

		suite.It(suite.Rules{"CN-7"}, "NdkCompleteConnect on a connector that is not connecting fails with STATUS_CONNECTION_INVALID: a new one, and one whose NdkConnect failed", func() {
			c := p.A.MustCreateConnector()
			suite.Rule("CN-7").Expect(c.CompleteConnect().Wait()).To(Equal(ndk.StatusConnectionInvalid), "NdkCompleteConnect on a new connector")
			// A connect that failed leaves the connector not connecting.
			dst := p.B.AddrPort(noListenerPort)
			suite.Step().Expect(c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil).Wait()).NotTo(Equal(ndk.StatusSuccess), "NdkConnect to %v, where no listener listens", dst)
			suite.Rule("CN-7").Expect(c.CompleteConnect().Wait()).To(Equal(ndk.StatusConnectionInvalid), "NdkCompleteConnect on a connector whose NdkConnect failed")
		})

		suite.It(suite.Rules{"CN-8", "CN-9"}, "NdkAccept fails with STATUS_CONNECTION_ABORTED when the connecting peer rejects the connection after its connect completed", func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			c, _, connect, passive := pendingRequest(l, nil)
			accept := passive.Accept(p.B.MustQP(), nil)
			suite.MustSucceed(connect)
			suite.Rule("CN-9").Expect(c.Reject(nil)).To(Equal(ndk.StatusSuccess), "NdkReject on the connecting side after NdkConnect completed")
			suite.Rule("CN-8").Expect(accept.WaitAnswered()).To(Equal(ndk.StatusConnectionAborted), "NdkAccept whose connecting peer gave up")
		})
	})
})
