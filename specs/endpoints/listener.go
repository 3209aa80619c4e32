package endpoints

import (
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("Listener endpoints", Label("endpoints"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"LC-3"}, "a connector accepted over a listener has the listener's address and port as its local address, and the peer's as its peer address", func() {
			l := p.B.MustCreateListener()
			addr := l.MustListen(0)
			conn := p.MustConnect(l)

			local, st := conn.Passive.LocalAddress()
			suite.Rule("LC-2").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetLocalAddress on the accepted connector")
			suite.Rule("LC-3").Expect(local).To(Equal(addr), "the accepted connector inherits the listener's endpoint %v", addr)

			activeLocal, st := conn.Active.LocalAddress()
			suite.Rule("LC-2").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetLocalAddress on the connecting connector")
			suite.Rule("LC-2").Expect(activeLocal.Addr()).To(Equal(p.A.Addr), "the connecting connector's endpoint is on side A's address")
			suite.Rule("LC-2").Expect(activeLocal.Port()).NotTo(BeZero(), "the connecting connector's endpoint has a port")

			peer, st := conn.Passive.PeerAddress()
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetPeerAddress on the accepted connector")
			suite.Step().Expect(peer).To(Equal(activeLocal), "the accepted connector's peer is the connecting connector's endpoint")
			peer, st = conn.Active.PeerAddress()
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetPeerAddress on the connecting connector")
			suite.Step().Expect(peer).To(Equal(addr), "the connecting connector's peer is the listener's address")
		})

		suite.It(suite.Rules{"CN-2"}, "NdkListen on port 0 takes a port from the ephemeral range 49152-65535, which NdkGetListenerLocalAddress reports", func() {
			l := p.B.MustCreateListener()
			addr := l.MustListen(0)
			suite.Rule("CN-2").Expect(addr.Addr()).To(Equal(p.B.Addr), "NdkGetListenerLocalAddress reports the address listened on")
			suite.Rule("CN-2").Expect(inEphemeralRange(addr.Port())).To(BeTrue(), "port 0 must give a port in 49152-65535, got %d", addr.Port())
		})

		suite.It(suite.Rules{"LC-7", "CN-1"}, "a listener holds its endpoint: NdkListen, NdkConnect and NdkCreateSharedEndpoint on its address and port fail with STATUS_SHARING_VIOLATION", func() {
			l := p.A.MustCreateListener()
			addr := l.MustListen(0)
			expectPortBusy(p, p.A, addr, "LC-7", "a listener listens on it")
		})

		suite.It(suite.Rules{"CN-1"}, "NdkListen on an address that is not the adapter's fails with STATUS_INVALID_ADDRESS, on its own address it succeeds", func() {
			l := p.A.MustCreateListener()
			suite.Rule("CN-1").Expect(l.Listen(p.B.AddrPort(0)).Wait()).To(Equal(ndk.StatusInvalidAddress),
				"NdkListen on side B's address %v on side A's adapter", p.B.AddrPort(0))
			p.A.MustCreateListener().MustListen(0) // the refusal was for the address, not the family (OV-2)
		})

		suite.It(suite.Rules{"LC-10"}, "closing a listener that accepted no connector releases its endpoint: the port can be listened on again at once", func() {
			l := p.B.MustCreateListener()
			addr := l.MustListen(0)
			suite.MustSucceed(l.Close())
			expectPortFree(p.B, addr, "LC-10 LC-12 LC-6", "the close of its only listener")
		})

		suite.It(suite.Rules{"LC-8", "LC-13", "LC-14"}, "after the listener is closed, its port stays in use while an accepted connector is open: NdkListen, NdkConnect and NdkCreateSharedEndpoint on it fail", func() {
			l := p.B.MustCreateListener()
			addr := l.MustListen(0)
			conn := p.MustConnect(l)
			closeOp := l.Close()
			closeOp.Returned()
			expectPortBusy(p, p.B, addr, "LC-14 LC-13 LC-8", "the closed listener's accepted connector is open")
			suite.MustSucceed(conn.Passive.Close())
			p.ExpectCompletes(closeOp, "LC-15", "the last accepted connector closed")
		})

		suite.It(suite.Rules{"LC-9", "LC-12", "LC-14"}, "the listener's port is released right after the last accepted connector closes, and not before", func() {
			l := p.B.MustCreateListener()
			addr := l.MustListen(0)
			first := p.MustConnect(l)
			second := p.MustConnect(l)
			closeOp := l.Close()
			closeOp.Returned()

			suite.MustSucceed(first.Passive.Close())
			expectPortBusy(p, p.B, addr, "LC-14 LC-9", "one of two accepted connectors is still open")

			suite.MustSucceed(second.Passive.Close())
			p.ExpectCompletes(closeOp, "LC-15", "the last accepted connector closed")
			expectPortFree(p.B, addr, "LC-12 LC-9 LC-6", "the listener and every accepted connector closed")
		})

		suite.It(suite.Rules{"LC-11", "LC-15"}, "closing a listener with accepted connectors open returns STATUS_PENDING and completes exactly when the last of them closes", func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			first := p.MustConnect(l)
			second := p.MustConnect(l)

			closeOp := l.Close()
			suite.Rule("LC-15", "LC-11").Expect(closeOp.Returned()).To(Equal(ndk.StatusPending),
				"closing a listener whose accepted connectors are open must return STATUS_PENDING")
			p.ExpectStillPending(closeOp, "LC-15 LC-11", "both accepted connectors are open")

			suite.MustSucceed(first.Passive.Close())
			p.ExpectStillPending(closeOp, "LC-15 LC-11", "one accepted connector is still open")

			suite.MustSucceed(second.Passive.Close())
			p.ExpectCompletes(closeOp, "LC-15", "the last accepted connector closed")
		})

		suite.It(suite.Rules{"LC-16", "LC-15"}, "once a listener's close is issued, new connection requests to it are refused while the close is pending", func() {
			l := p.B.MustCreateListener()
			addr := l.MustListen(0)
			conn := p.MustConnect(l)
			closeOp := l.Close()
			closeOp.Returned()

			expectRefused(p, l, addr, "LC-16", "the listener's close is pending")
			suite.Rule("LC-15").Expect(closeOp.IsDone()).To(BeFalse(), "the listener close completed while an accepted connector is open")

			suite.MustSucceed(conn.Passive.Close())
			p.ExpectCompletes(closeOp, "LC-15", "the last accepted connector closed")
		})

		suite.It(suite.Rules{"CN-1", "CN-2"}, "NdkListen with port 0 fails with STATUS_TOO_MANY_ADDRESSES once the whole ephemeral range 49152-65535 is taken, and so do NdkCreateSharedEndpoint and NdkConnect", suite.Long, func() {
			exhaustEphemeralPorts(p)
		})
	})
})

// exhaustEphemeralPorts takes every ephemeral port of side A's address with
// listeners on port 0, then checks that port 0 fails everywhere.
func exhaustEphemeralPorts(p *suite.Pair) {
	GinkgoHelper()
	const rangeSize = ndk.EphemeralPortLast - ndk.EphemeralPortFirst + 1
	seen := make(map[uint16]bool, rangeSize)
	var last ndk.Status
	for i := 0; i <= rangeSize; i++ {
		l := p.A.MustCreateListener()
		last = l.Listen(p.A.AddrPort(0)).Wait()
		if last != ndk.StatusSuccess {
			break
		}
		addr := l.MustLocalAddress()
		suite.Rule("CN-2").Expect(inEphemeralRange(addr.Port())).To(BeTrue(), "port 0 gave port %d, outside 49152-65535", addr.Port())
		suite.Rule("CN-1").Expect(seen[addr.Port()]).To(BeFalse(), "port 0 gave port %d, which a listener already holds", addr.Port())
		seen[addr.Port()] = true
	}
	suite.Rule("CN-2").Expect(len(seen)).To(BeNumerically("<=", rangeSize), "more listeners on port 0 than the ephemeral range has ports")
	suite.Rule("CN-1").Expect(last).To(Equal(ndk.StatusTooManyAddresses),
		"NdkListen with port 0 after %d ephemeral ports were taken must fail with STATUS_TOO_MANY_ADDRESSES", len(seen))

	_, st := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).Object()
	suite.Rule("CN-1").Expect(st).To(Equal(ndk.StatusTooManyAddresses),
		"NdkCreateSharedEndpoint with port 0 with no ephemeral port free must fail with STATUS_TOO_MANY_ADDRESSES")

	c := p.A.MustCreateConnector()
	suite.Rule("CN-1").Expect(c.Connect(p.A.MustQP(), p.A.AddrPort(0), p.B.AddrPort(noListenerPort), nil).Wait()).To(Equal(ndk.StatusTooManyAddresses),
		"NdkConnect from port 0 with no ephemeral port free must fail with STATUS_TOO_MANY_ADDRESSES")
}
