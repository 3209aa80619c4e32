package endpoints

import (
	"net/netip"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("Shared endpoints", Label("endpoints"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		// connectShared connects a new side A connector over se to l.
		connectShared := func(se *suite.SharedEndpoint, l *suite.Listener) *suite.Connection {
			GinkgoHelper()
			c := p.A.MustCreateConnector()
			qp := p.A.MustQP()
			return p.MustHandshake(l, c, c.ConnectWithSharedEndpoint(se, qp, l.MustLocalAddress(), nil), qp)
		}
		sharedAddr := func(se *suite.SharedEndpoint) (ap netip.AddrPort) {
			GinkgoHelper()
			ap, st := se.LocalAddress()
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetSharedEndpointLocalAddress")
			return ap
		}

		suite.It(suite.Rules{"CN-2"}, "NdkCreateSharedEndpoint on port 0 takes a port from the ephemeral range, which NdkGetSharedEndpointLocalAddress reports", func() {
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			addr := sharedAddr(se)
			suite.Rule("CN-2").Expect(addr.Addr()).To(Equal(p.A.Addr), "the shared endpoint's address")
			suite.Rule("CN-2").Expect(inEphemeralRange(addr.Port())).To(BeTrue(), "port 0 must give a port in 49152-65535, got %d", addr.Port())
		})

		suite.It(suite.Rules{"CN-1"}, "NdkCreateSharedEndpoint on an address that is not the adapter's fails with STATUS_INVALID_ADDRESS (on its own address it succeeds)", func() {
			p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject() // so the refusal below is for the address, not the family (OV-2) nor the type (IF-11)
			_, st := p.A.CreateSharedEndpoint(p.B.AddrPort(0)).Object()
			suite.Rule("CN-1").Expect(st).To(Equal(ndk.StatusInvalidAddress), "NdkCreateSharedEndpoint on side B's address on side A's adapter")
		})

		suite.It(suite.Rules{"LC-20"}, "a shared endpoint holds its address and port: NdkListen, NdkConnect and NdkCreateSharedEndpoint on it fail with STATUS_SHARING_VIOLATION", func() {
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			expectPortBusy(p, p.A, sharedAddr(se), "LC-20", "a shared endpoint holds it")
		})

		suite.It(suite.Rules{"LC-5"}, "connectors connected with NdkConnectWithSharedEndpoint to different remote addresses all use the shared endpoint's address and port", func() {
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			addr := sharedAddr(se)
			l1, l2 := p.B.MustCreateListener(), p.B.MustCreateListener()
			l1.MustListen(0)
			l2.MustListen(0)
			first, second := connectShared(se, l1), connectShared(se, l2)
			suite.Rule("LC-5").Expect(first.ActiveAddr).To(Equal(addr), "a connector over the shared endpoint has its local address")
			suite.Rule("CN-4").Expect(second.ActiveAddr).To(Equal(addr), "the shared endpoint supplies the local address for many connections")
		})

		suite.It(suite.Rules{"CN-3"}, "a second connection over the same shared endpoint to the same remote address and port fails with STATUS_ADDRESS_ALREADY_EXISTS", func() {
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			connectShared(se, l)
			c := p.A.MustCreateConnector()
			op := c.ConnectWithSharedEndpoint(se, p.A.MustQP(), dst, nil)
			suite.Rule("CN-3").Eventually(func() bool { return op.IsDone() || l.ConnectEvents() > 1 }).WithTimeout(p.Timeout()).Should(BeTrue(),
				"the duplicate connect neither completed nor reached the listener")
			if l.ConnectEvents() > 1 {
				l.NextRequest().Reject(nil)
				suite.Violate(op.Violation("CN-3", "STATUS_ADDRESS_ALREADY_EXISTS for the local/remote 4-tuple of an existing connection", l.LastConnectEvent()+": the request reached the peer's listener"))
			}
			suite.Rule("CN-3").Expect(op.Wait()).To(Equal(ndk.StatusAddressAlreadyExists), "NdkConnectWithSharedEndpoint duplicating the 4-tuple %v -> %v", sharedAddr(se), dst)
		})

		suite.It(suite.Rules{"LC-23"}, "closing a shared endpoint with no connectors releases its address and port at once", func() {
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			addr := sharedAddr(se)
			suite.MustSucceed(se.Close())
			expectPortFree(p.A, addr, "LC-23 LC-6", "the close of the shared endpoint")
		})

		suite.It(suite.Rules{"LC-21", "LC-24"}, "after the shared endpoint is closed, its port stays in use while a connector connected over it is open", func() {
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			addr := sharedAddr(se)
			l := p.B.MustCreateListener()
			l.MustListen(0)
			conn := connectShared(se, l)
			closeOp := se.Close()
			closeOp.Returned()
			expectPortBusy(p, p.A, addr, "LC-24 LC-21", "a connector connected over the closed shared endpoint is open")
			suite.MustSucceed(conn.Active.Close())
			p.ExpectCompletes(closeOp, "LC-25", "the last connector over the shared endpoint closed")
		})

		suite.It(suite.Rules{"LC-22", "LC-23", "LC-24"}, "the shared endpoint's port is released right after the last connector over it closes, and not before", func() {
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			addr := sharedAddr(se)
			l1, l2 := p.B.MustCreateListener(), p.B.MustCreateListener()
			l1.MustListen(0)
			l2.MustListen(0)
			first, second := connectShared(se, l1), connectShared(se, l2)
			closeOp := se.Close()
			closeOp.Returned()

			suite.MustSucceed(first.Active.Close())
			expectPortBusy(p, p.A, addr, "LC-24 LC-22", "one of two connectors over the closed shared endpoint is open")
			suite.MustSucceed(second.Active.Close())
			p.ExpectCompletes(closeOp, "LC-25", "the last connector over the shared endpoint closed")
			expectPortFree(p.A, addr, "LC-23 LC-22 LC-6", "the shared endpoint and all its connectors closed")
		})

		suite.It(suite.Rules{"LC-25"}, "closing a shared endpoint with connectors open returns STATUS_PENDING and completes exactly when the last of them closes", func() {
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			l1, l2 := p.B.MustCreateListener(), p.B.MustCreateListener()
			l1.MustListen(0)
			l2.MustListen(0)
			first, second := connectShared(se, l1), connectShared(se, l2)

			closeOp := se.Close()
			suite.Rule("LC-25").Expect(closeOp.Returned()).To(Equal(ndk.StatusPending),
				"closing a shared endpoint with connectors open must return STATUS_PENDING")
			p.ExpectStillPending(closeOp, "LC-25", "both connectors over it are open")
			suite.MustSucceed(first.Active.Close())
			p.ExpectStillPending(closeOp, "LC-25", "one connector over it is open")
			suite.MustSucceed(second.Active.Close())
			p.ExpectCompletes(closeOp, "LC-25", "the last connector over the shared endpoint closed")
		})
	})
})
