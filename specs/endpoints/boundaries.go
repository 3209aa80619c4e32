package endpoints

// The numeric limits and ranges the reference pages name for listeners,
// connectors and connections, each checked at its exact boundary from both
// sides. Limit, the pages that name it, the spec:
//
//   - The ephemeral port range 49152-65535 from which port 0 is served
//     (STATUS_TOO_MANY_ADDRESSES when none is free): nc-ndkpi-ndk_fn_listen.md,
//     nc-ndkpi-ndk_fn_connect.md, nc-ndkpi-ndk_fn_create_shared_endpoint.md.
//     Spec "CN-1, CN-2: NdkListen on 49152 and on 65535 ...": both ends
//     taken explicitly, port 0 fails with the range full (49151 free), and
//     gets exactly 65535, then exactly 49152, when only that one is free.
//   - MaxInboundReadLimit and MaxOutboundReadLimit of NDK_ADAPTER_INFO, at
//     which the provider caps the read limits: nc-ndkpi-ndk_fn_connect.md,
//     nc-ndkpi-ndk_fn_connect_with_shared_endpoint.md,
//     nc-ndkpi-ndk_fn_accept.md. Spec "CN-5: read limits of exactly the
//     adapter maxima, and of one more ...", both sides connecting.
//   - MaxCallerData, the most private data of a connect request:
//     ns-ndkinfo-ndk_adapter_info.md (and the pPrivateData of
//     nc-ndkpi-ndk_fn_connect.md, nc-ndkpi-ndk_fn_connect_with_shared_endpoint.md).
//     Spec "OV-1, CN-13: NdkConnect and NdkConnectWithSharedEndpoint carry
//     exactly MaxCallerData bytes ...".
//   - MaxCalleeData, the most private data of an accept or a reject:
//     ns-ndkinfo-ndk_adapter_info.md (and nc-ndkpi-ndk_fn_accept.md,
//     nc-ndkpi-ndk_fn_reject.md). Specs "OV-1, CN-13: NdkAccept carries
//     exactly MaxCalleeData bytes ..." and "OV-1, CN-13: NdkReject carries
//     exactly MaxCalleeData bytes ...".
//   - RDS, the private data buffer size NdkGetConnectionData asks for:
//     nc-ndkpi-ndk_fn_get_connection_data.md. Checked already, with RDS
//     and RDS-1 bytes, by "CN-13: NdkGetConnectionData copies the peer's
//     private data; a buffer smaller than RDS ..." in connection_data.go.
//
// The private data limits belong to no specific rule of RULES.md: they are
// definitions of NDK_ADAPTER_INFO, which OV-1 (the provider implements
// NDKPI as the Reference defines it) binds; those specs carry the clause
// OV-1.private-data. None of the connect, accept and reject pages names a
// status for private data over the limit (only "Other status codes: An
// error occurred"), so the specs take any error status. Which limit bounds
// the private data of the connecting side's own NdkReject (after its
// NdkConnect completed) the pages do not say (MaxCalleeData is "an accept
// or reject request", MaxCallerData the caller's), so that is not checked.
//
// Not checkable through package ndk: the address lengths and address
// buffer sizes (AddressLength, *pAddressLength and the
// STATUS_BUFFER_TOO_SMALL of the NdkGet*Address calls), which the Go
// interface replaces with netip.AddrPort. The connect, set-up and
// disconnect time-outs have no number in the pages: the provider picks
// them (see clauses.go).

import (
	"fmt"
	"math"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// plusOne is n+1, or n when n is the largest uint32 (no request can exceed
// it).
func plusOne(n uint32) uint32 {
	if n == math.MaxUint32 {
		return n
	}
	return n + 1
}

// privateData is n bytes of recognisable private data.
func privateData(n uint32, seed byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = seed + byte(i*13)
	}
	return b
}

// expectConnectionData checks that c's NdkGetConnectionData gives want as
// the first bytes of the peer's private data (CN-13).
func expectConnectionData(c *suite.Connector, want []byte, what string) {
	GinkgoHelper()
	cd, st := c.ConnectionData(nil)
	suite.Rule("CN-11").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetConnectionData(NULL, 0) on %s", c)
	suite.Rule("CN-13").Expect(cd.PrivateDataLength).To(BeNumerically(">=", len(want)), "RDS holds the %d bytes of %s", len(want), what)
	buf := make([]byte, cd.PrivateDataLength)
	_, st = c.ConnectionData(buf)
	suite.Rule("CN-13").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetConnectionData with an RDS-byte buffer")
	suite.Rule("CN-13").Expect(buf[:len(want)]).To(Equal(want), "the %d bytes of %s", len(want), what)
}

var _ = Describe("Connection limits at their boundaries", Label("endpoints"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"CN-2", "LC-10"}, "NdkListen on 49152 and on 65535, the ends of the ephemeral range, works; with the whole range taken, NdkListen on port 0 fails with STATUS_TOO_MANY_ADDRESSES (49151, free, is no ephemeral port); with only 65535 free, or only 49152, port 0 gets exactly that port", suite.Long, func() {
			const below = ndk.EphemeralPortFirst - 1
			held := map[uint16]*suite.Listener{}
			for _, port := range []uint16{ndk.EphemeralPortFirst, ndk.EphemeralPortLast} {
				l := p.A.MustCreateListener()
				st := l.Listen(p.A.AddrPort(port)).Wait()
				if st == ndk.StatusSharingViolation {
					suite.NotObservable(fmt.Sprintf("port %d of side A is in use by another consumer, so the end of the ephemeral range cannot be probed", port))
				}
				suite.Rule("CN-1").Expect(st).To(Equal(ndk.StatusSuccess), "NdkListen on %v, a free port at an end of the ephemeral range", p.A.AddrPort(port))
				held[port] = l
			}
			// Take the rest of the range. A port some other consumer holds
			// fails with STATUS_SHARING_VIOLATION: it is taken all the same.
			for port := ndk.EphemeralPortFirst + 1; port < ndk.EphemeralPortLast; port++ {
				l := p.A.MustCreateListener()
				switch st := l.Listen(p.A.AddrPort(uint16(port))).Wait(); st {
				case ndk.StatusSuccess:
					held[uint16(port)] = l
				case ndk.StatusSharingViolation:
				default:
					suite.Violate(l.Violation("CN-1", "NdkListen", fmt.Sprintf("STATUS_SUCCESS on the free port %d, or STATUS_SHARING_VIOLATION if another consumer holds it", port), st.String()))
				}
			}

			// port0 listens on port 0 and checks it gets want (0: none, the
			// range being full).
			port0 := func(want uint16, why string) {
				GinkgoHelper()
				l := p.A.MustCreateListener()
				st := l.Listen(p.A.AddrPort(0)).Wait()
				if st != ndk.StatusSuccess {
					if want != 0 {
						suite.Violate(l.Violation("CN-1", "NdkListen", fmt.Sprintf("port %d, the one free port of the ephemeral range (%s)", want, why), st.String()))
					}
					suite.Rule("CN-1").Expect(st).To(Equal(ndk.StatusTooManyAddresses), "NdkListen on port 0 with %s", why)
					return
				}
				got := l.MustLocalAddress().Port()
				switch {
				case !inEphemeralRange(got):
					suite.Violate(l.Violation("CN-2", "NdkListen", fmt.Sprintf("a port of the ephemeral range 49152-65535 for port 0 (%s)", why), fmt.Sprintf("port %d", got)))
				case held[got] != nil:
					suite.Violate(l.Violation("CN-1", "NdkListen", fmt.Sprintf("a free port for port 0 (%s)", why), fmt.Sprintf("port %d, which a listener of the spec holds", got)))
				case want == 0 || got != want:
					// A port another consumer held and let go: nothing to
					// conclude about the range.
					suite.NotObservable(fmt.Sprintf("port 0 got port %d, which another consumer held while the spec took the range", got))
				}
				held[got] = l
			}
			port0(0, fmt.Sprintf("every port of 49152-65535 taken and %d free", below))

			for _, end := range []uint16{ndk.EphemeralPortLast, ndk.EphemeralPortFirst} {
				suite.MustSucceed(held[end].Close())
				delete(held, end)
				expectPortFree(p.A, p.A.AddrPort(end), "LC-10 LC-12 LC-6", "the close of its only listener")
				port0(end, fmt.Sprintf("only port %d of the ephemeral range free", end))
			}
		})

		suite.It(suite.Rules{"CN-5"}, "read limits of exactly the adapter maxima, and of one more, give the same effective limits: each capped at its adapter's maximum and at the peer's opposite limit, as NdkGetConnectionData reports, whichever side connects", func() {
			for _, sides := range [][2]*suite.Adapter{{p.A, p.B}, {p.B, p.A}} {
				from, to := sides[0], sides[1]
				mf, mt := from.Info(), to.Info()
				for _, extra := range []bool{false, true} {
					in, out := mf.MaxInboundReadLimit, mf.MaxOutboundReadLimit
					pin, pout := mt.MaxInboundReadLimit, mt.MaxOutboundReadLimit
					what := "exactly the maxima"
					if extra {
						in, out, pin, pout = plusOne(in), plusOne(out), plusOne(pin), plusOne(pout)
						what = "one more than the maxima"
					}
					l := to.MustCreateListener()
					dst := l.MustListen(0)
					c := from.MustCreateConnector()
					qp := from.MustQP()
					connect := c.ConnectWith(ndk.ConnectParams{QP: qp.QP, Source: from.AddrPort(0), Destination: dst,
						InboundReadLimit: in, OutboundReadLimit: out}, qp)
					passive := l.NextRequest()
					pqp := to.MustQP()
					accept := passive.AcceptWith(ndk.AcceptParams{QP: pqp.QP, InboundReadLimit: pin, OutboundReadLimit: pout}, pqp)
					suite.MustSucceed(connect)
					cd, st := c.ConnectionData(nil)
					suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetConnectionData after the connect completed")
					suite.Rule("CN-5").Expect(cd.InboundReadLimit).To(Equal(min(in, mf.MaxInboundReadLimit, pout, mt.MaxOutboundReadLimit)),
						"side %s connecting with %s (inbound %d, outbound %d; the peer %d, %d): effective inbound = min(requested, MaxInboundReadLimit %d, peer's outbound, peer's MaxOutboundReadLimit %d)",
						from.Side, what, in, out, pin, pout, mf.MaxInboundReadLimit, mt.MaxOutboundReadLimit)
					suite.Rule("CN-5").Expect(cd.OutboundReadLimit).To(Equal(min(out, mf.MaxOutboundReadLimit, pin, mt.MaxInboundReadLimit)),
						"side %s connecting with %s (inbound %d, outbound %d; the peer %d, %d): effective outbound = min(requested, MaxOutboundReadLimit %d, peer's inbound, peer's MaxInboundReadLimit %d)",
						from.Side, what, in, out, pin, pout, mf.MaxOutboundReadLimit, mt.MaxInboundReadLimit)
					suite.MustSucceed(c.CompleteConnect())
					suite.MustSucceed(accept)
				}
			}
		})

		suite.It(suite.Rules{"OV-1", "CN-13"}, "NdkConnect and NdkConnectWithSharedEndpoint carry exactly MaxCallerData bytes of private data to the listening side, and fail with one byte more, inline or through their completion", Label(clause("OV-1.private-data")), func() {
			limit := p.A.Info().MaxCallerData
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			for _, kind := range connectKinds {
				data := privateData(limit, 7)
				before := l.ConnectEvents()
				_, _, op := connectVia(p, kind, se, dst, data)
				suite.Step().Eventually(func() bool { return op.IsDone() || l.ConnectEvents() > before }).WithTimeout(p.Timeout()).
					Should(BeTrue(), "%s with %d bytes of private data completes or reaches the listener", kind.name, limit)
				if l.ConnectEvents() == before {
					suite.Violate(op.Violation("OV-1", fmt.Sprintf("the request with exactly MaxCallerData (%d) bytes of private data reaches the listener", limit), op.Wait().String()))
				}
				passive := l.NextRequest()
				expectConnectionData(passive, data, fmt.Sprintf("private data sent with %s (MaxCallerData)", kind.name))
				suite.Step().Expect(passive.Reject(nil)).To(Equal(ndk.StatusSuccess), "NdkReject")
				suite.Step().Expect(op.Wait()).To(Equal(ndk.StatusConnectionRefused), "the rejected %s", kind.name)

				before = l.ConnectEvents()
				_, _, op = connectVia(p, kind, se, dst, privateData(limit+1, 7))
				if reachedOrDone(p, l, op, before) {
					suite.Violate(op.Violation("OV-1", fmt.Sprintf("%s with MaxCallerData+1 (%d) bytes of private data fails", kind.name, limit+1), l.LastConnectEvent()+": the request reached the listener"))
				}
				suite.Rule("OV-1").Expect(op.Wait().IsError()).To(BeTrue(),
					"%s with MaxCallerData+1 (%d) bytes of private data fails with an error status (the page names none): got %v", kind.name, limit+1, op.Wait())
			}
		})

		suite.It(suite.Rules{"OV-1", "CN-13"}, "NdkAccept carries exactly MaxCalleeData bytes of private data to the connecting side, and fails with one byte more, inline or through its completion", Label(clause("OV-1.private-data")), func() {
			limit := p.B.Info().MaxCalleeData
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			// accept issues NdkConnect and NdkAccept with n bytes and waits
			// until one of them is done; it reports whether the accept went
			// through (the connect completed first).
			accept := func(n uint32) (c *suite.Connector, connect, accept *suite.Op, through bool) {
				GinkgoHelper()
				c = p.A.MustCreateConnector()
				connect = c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
				passive := l.NextRequest()
				accept = passive.Accept(p.B.MustQP(), privateData(n, 3))
				suite.Step().Eventually(func() bool { return accept.IsDone() || connect.IsDone() }).WithTimeout(p.Timeout()).
					Should(BeTrue(), "NdkAccept with %d bytes of private data fails or lets NdkConnect complete", n)
				if connect.IsDone() {
					return c, connect, accept, true
				}
				passive.Reject(nil) // end the attempt, if the provider has not
				return c, connect, accept, false
			}

			c, connect, acc, through := accept(limit + 1)
			if through {
				c.CompleteConnect().Wait()
				suite.Violate(acc.Violation("OV-1", fmt.Sprintf("NdkAccept with MaxCalleeData+1 (%d) bytes of private data fails", limit+1),
					fmt.Sprintf("the accept went through: NdkConnect completed with %v", connect.Wait())))
			}
			suite.Rule("OV-1").Expect(acc.Wait().IsError()).To(BeTrue(),
				"NdkAccept with MaxCalleeData+1 (%d) bytes of private data fails with an error status (the page names none): got %v", limit+1, acc.Wait())

			c, connect, acc, through = accept(limit)
			if !through {
				suite.Violate(acc.Violation("OV-1", fmt.Sprintf("NdkAccept with exactly MaxCalleeData (%d) bytes of private data goes through", limit), acc.Wait().String()))
			}
			suite.Step().Expect(connect.Wait()).To(Equal(ndk.StatusSuccess), "NdkConnect accepted with MaxCalleeData bytes of private data")
			expectConnectionData(c, privateData(limit, 3), "private data sent with NdkAccept (MaxCalleeData)")
			suite.MustSucceed(c.CompleteConnect())
			suite.MustSucceed(acc)
		})

		suite.It(suite.Rules{"OV-1", "CN-13"}, "NdkReject carries exactly MaxCalleeData bytes of private data to the connecting side, and fails with one byte more", Label(clause("OV-1.private-data")), func() {
			limit := p.B.Info().MaxCalleeData
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			for _, n := range []uint32{limit + 1, limit} {
				c := p.A.MustCreateConnector()
				connect := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
				passive := l.NextRequest()
				data := privateData(n, 5)
				st := passive.Reject(data)
				if n > limit {
					suite.Rule("OV-1").Expect(st.IsError()).To(BeTrue(),
						"NdkReject with MaxCalleeData+1 (%d) bytes of private data fails with an error status (the page names none): got %v", n, st)
					passive.Reject(nil) // end the attempt
					connect.Wait()
					continue
				}
				suite.Rule("OV-1").Expect(st).To(Equal(ndk.StatusSuccess), "NdkReject with exactly MaxCalleeData (%d) bytes of private data", n)
				suite.Step().Expect(connect.Wait()).To(Equal(ndk.StatusConnectionRefused), "the rejected NdkConnect")
				expectConnectionData(c, data, "private data sent with NdkReject (MaxCalleeData)")
			}
		})
	})
})
