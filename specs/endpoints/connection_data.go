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

		It("CN-11: NdkGetConnectionData with a NULL buffer and length 0 returns STATUS_SUCCESS and the required private data size", Label("CN-11"), func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			_, _, _, passive := pendingRequest(l, request)
			cd, st := passive.ConnectionData(nil)
			Expect(st).To(Equal(ndk.StatusSuccess), "CN-11: NdkGetConnectionData(NULL, 0)")
			Expect(cd.PrivateDataLength).To(BeNumerically(">=", len(request)),
				"CN-11: the required size (RDS) must hold the %d bytes of private data the peer sent", len(request))
			passive.Reject(nil)
		})

		It("CN-13: NdkGetConnectionData copies the peer's private data; a buffer smaller than RDS gets the first bytes and STATUS_BUFFER_TOO_SMALL, and RDS is stored in both cases", Label("CN-13"), func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			_, _, _, passive := pendingRequest(l, request)
			cd, st := passive.ConnectionData(nil)
			Expect(st).To(Equal(ndk.StatusSuccess), "CN-11: NdkGetConnectionData(NULL, 0)")
			rds := cd.PrivateDataLength

			full := make([]byte, rds)
			cd, st = passive.ConnectionData(full)
			Expect(st).To(Equal(ndk.StatusSuccess), "CN-13: a buffer of RDS (%d) bytes must give STATUS_SUCCESS", rds)
			Expect(cd.PrivateDataLength).To(Equal(rds), "CN-13: RDS is stored on success")
			Expect(full[:len(request)]).To(Equal(request), "CN-13: the private data sent with NdkConnect")

			short := make([]byte, len(request)/2)
			cd, st = passive.ConnectionData(short)
			Expect(st).To(Equal(ndk.StatusBufferTooSmall), "CN-13: a %d-byte buffer with RDS %d", len(short), rds)
			Expect(cd.PrivateDataLength).To(Equal(rds), "CN-13: RDS is stored with STATUS_BUFFER_TOO_SMALL")
			Expect(short).To(Equal(request[:len(short)]), "CN-13: the provider copies min(length, RDS) bytes")
			passive.Reject(nil)
		})

		It("CN-13: after NdkConnect completes, the connecting side's NdkGetConnectionData gives the private data of the peer's NdkAccept", Label("CN-13"), func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			c, _, connect, passive := pendingRequest(l, nil)
			accept := passive.Accept(p.B.MustQP(), reply)
			suite.MustSucceed(connect)
			cd, st := c.ConnectionData(nil)
			Expect(st).To(Equal(ndk.StatusSuccess), "CN-11: NdkGetConnectionData(NULL, 0)")
			Expect(cd.PrivateDataLength).To(BeNumerically(">=", len(reply)), "CN-13: RDS holds the accept's private data")
			buf := make([]byte, cd.PrivateDataLength)
			_, st = c.ConnectionData(buf)
			Expect(st).To(Equal(ndk.StatusSuccess), "CN-13")
			Expect(buf[:len(reply)]).To(Equal(reply), "CN-13: the private data sent with NdkAccept")
			suite.MustSucceed(c.CompleteConnect())
			suite.MustSucceed(accept)
		})

		It("CN-9, CN-13: a rejected connect gets the private data of the peer's NdkReject", Label("CN-9", "CN-13"), func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			c, _, connect, passive := pendingRequest(l, nil)
			Expect(passive.Reject(reply)).To(Equal(ndk.StatusSuccess), "CN-9: NdkReject")
			Expect(connect.Wait()).To(Equal(ndk.StatusConnectionRefused), "CN-3: the rejected NdkConnect")
			cd, st := c.ConnectionData(nil)
			Expect(st).To(Equal(ndk.StatusSuccess), "CN-11: NdkGetConnectionData(NULL, 0) after a reject")
			buf := make([]byte, cd.PrivateDataLength)
			_, st = c.ConnectionData(buf)
			Expect(st).To(Equal(ndk.StatusSuccess), "CN-13")
			Expect(buf).To(HaveLen(cd.PrivateDataLength))
			Expect(buf[:len(reply)]).To(Equal(reply), "CN-13: the private data sent with NdkReject")
		})

		It("CN-5: the effective read limits are capped by the adapter maxima and the peer's opposite limits, and NdkGetConnectionData reports them", Label("CN-5"), func() {
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
			Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetConnectionData after the connect completed")
			wantIn := min(3, infoA.MaxInboundReadLimit, 2, infoB.MaxOutboundReadLimit)
			wantOut := min(5, infoA.MaxOutboundReadLimit, 4, infoB.MaxInboundReadLimit)
			Expect(cd.InboundReadLimit).To(Equal(wantIn),
				"CN-5: effective inbound read limit = min(requested 3, MaxInboundReadLimit %d, peer's outbound 2, peer's MaxOutboundReadLimit %d)",
				infoA.MaxInboundReadLimit, infoB.MaxOutboundReadLimit)
			Expect(cd.OutboundReadLimit).To(Equal(wantOut),
				"CN-5: effective outbound read limit = min(requested 5, MaxOutboundReadLimit %d, peer's inbound 4, peer's MaxInboundReadLimit %d)",
				infoA.MaxOutboundReadLimit, infoB.MaxInboundReadLimit)
			suite.MustSucceed(c.CompleteConnect())
			suite.MustSucceed(accept)
		})

		It("CN-7: NdkCompleteConnect on a connector that is not connecting fails with STATUS_CONNECTION_INVALID", Label("CN-7"), func() {
			c := p.A.MustCreateConnector()
			Expect(c.CompleteConnect().Wait()).To(Equal(ndk.StatusConnectionInvalid), "CN-7: NdkCompleteConnect on a new connector")
		})

		It("CN-8, CN-9: NdkAccept fails with STATUS_CONNECTION_ABORTED when the connecting peer rejects the connection after its connect completed", Label("CN-8", "CN-9"), func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			c, _, connect, passive := pendingRequest(l, nil)
			accept := passive.Accept(p.B.MustQP(), nil)
			suite.MustSucceed(connect)
			Expect(c.Reject(nil)).To(Equal(ndk.StatusSuccess), "CN-9: NdkReject on the connecting side after NdkConnect completed")
			Expect(accept.Wait()).To(Equal(ndk.StatusConnectionAborted), "CN-8: NdkAccept whose connecting peer gave up")
		})
	})
})
