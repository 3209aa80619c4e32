package lifetime

import (
	"fmt"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
)

// The calls that take no completion callback and return an NTSTATUS
// (CR-12): each returns its final status, never STATUS_PENDING, which
// only a call that can complete through NdkRequestCompletion may return
// (CR-4). Every status but STATUS_PENDING passes here: the statuses the
// pages name for each case are their own rules' (AI-5, CN-9, CN-11,
// CN-13, QP-5, CQ-8, CQ-9...), checked by their specs. The harness also
// charges CR-12 to a call of these made through its wrappers in any spec;
// these specs make each call the ndk interface has, in a case where it
// succeeds and one where it fails. NdkQueryExtensionInterface
// is not in the ndk interface, and neither is a buffer length for
// NdkQueryAdapterInfo or the address getters, so their
// STATUS_BUFFER_TOO_SMALL cases cannot be made.

// finalViolator is a harness object a violation can name.
type finalViolator interface {
	Violation(rule, call, expected, observed string) suite.Violation
}

// expectFinal fails the spec, charged to CR-12 and naming call and the
// object it was made on, if call returned STATUS_PENDING; what says which
// case of the call it was.
func expectFinal(obj finalViolator, call, what string, st ndk.Status) {
	GinkgoHelper()
	if st == ndk.StatusPending {
		suite.Violate(obj.Violation("CR-12", call, suite.FinalOnlyExpected(call)+" ("+what+")", st.String()))
	}
}

// finalRegion registers n bytes on pd with flags.
func finalRegion(pd *suite.PD, n int, flags uint32) *suite.MR {
	GinkgoHelper()
	mr := pd.CreateMR(false).MustObject()
	suite.MustSucceed(mr.Register(make([]byte, n), flags))
	return mr
}

// finalFastRegister readies NdkFastRegister on pd: an MR created for fast
// registration and initialised for one page, and a logical address
// mapping of one page of a's (released before the adapter closes). A
// provider that fails any of it (rxe has no fast-register work request)
// is judged by the memory specs: the status says why there is no
// NdkFastRegister to make.
func finalFastRegister(a *suite.Adapter, pd *suite.PD) (*suite.MR, *ndk.LAM, ndk.Status) {
	GinkgoHelper()
	mr, st := pd.CreateMR(true).Object()
	if st == ndk.StatusSuccess {
		st = mr.InitializeFastRegisterMR(1, false).Wait()
	}
	if st != ndk.StatusSuccess {
		return nil, nil, st
	}
	lam := &ndk.LAM{Pages: make([]uint64, 2)}
	if st = a.BuildLAM(make([]byte, ndk.PageSize), lam).Wait(); st != ndk.StatusSuccess {
		return nil, nil, st
	}
	DeferCleanup(func() { a.ReleaseLAM(lam) })
	return mr, lam, st
}

// finalFRBase is the page-aligned base of the fast registration's virtual
// address (BaseVirtualAddress = FBO + n·PAGE_SIZE, MR-11).
const finalFRBase = 0x6000_0000_0000

// finalAwait polls cq until the completions of the requests in ctxs came
// (those posted with success: each completes, QP-4, its own specs'
// rule), so that nothing the spec posted is in flight when cleanup
// closes the objects. It gives up at the deadline without a verdict:
// whether and how they complete is not CR-12's.
func finalAwait(p *suite.Pair, cq *suite.CQ, ctxs ...any) {
	want := map[any]bool{}
	for _, c := range ctxs {
		want[c] = true
	}
	deadline := time.Now().Add(p.Timeout())
	for len(want) > 0 && time.Now().Before(deadline) {
		for _, r := range cq.Poll() {
			delete(want, r.RequestContext)
		}
		if len(want) > 0 {
			time.Sleep(time.Millisecond)
		}
	}
}

var _ = Describe("Calls that take no completion callback", Label("lifetime"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		request := []byte("ndkconform: connect request data")
		reply := []byte("ndkconform: answer data")

		suite.It(suite.Rules{"CR-12"}, "NdkQueryAdapterInfo, the address getters, NdkGetConnectionData and NdkReject return their final status, never STATUS_PENDING, when they succeed and when they fail: the addresses of a listener before and while it listens, of a shared endpoint, of a new connector and of connected ones; connection data into a buffer large enough and one too small; NdkReject of a request that waits, of one whose connecting side gave up, and by the connecting side once its connect completed", func() {
			for _, a := range []*suite.Adapter{p.A, p.B} {
				_, st := a.Adapter.QueryAdapterInfo()
				expectFinal(a, "NdkQueryAdapterInfo", "side "+a.Side+"'s adapter", st)
			}

			l := p.B.MustCreateListener()
			_, st := l.LocalAddress()
			expectFinal(l, "NdkGetListenerLocalAddress", "a listener that does not listen yet", st)
			dst := l.MustListen(0)
			_, st = l.LocalAddress()
			expectFinal(l, "NdkGetListenerLocalAddress", "a listener that listens", st)

			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			_, st = se.LocalAddress()
			expectFinal(se, "NdkGetSharedEndpointLocalAddress", "a shared endpoint", st)

			fresh := p.A.MustCreateConnector()
			_, st = fresh.LocalAddress()
			expectFinal(fresh, "NdkGetLocalAddress", "a new connector, which has no endpoint yet", st)
			_, st = fresh.PeerAddress()
			expectFinal(fresh, "NdkGetPeerAddress", "a new connector, which has no peer", st)

			// A request that waits: its connection data, whole and into a
			// buffer one byte short (STATUS_BUFFER_TOO_SMALL, CN-13), and
			// its reject; then the refused side's connection data.
			c := p.A.MustCreateConnector()
			connect := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, request)
			passive := l.NextRequest()
			cd, st := passive.ConnectionData(nil)
			expectFinal(passive, "NdkGetConnectionData", "NULL and length 0, for the size of a waiting request's private data", st)
			rds := max(cd.PrivateDataLength, len(request))
			_, st = passive.ConnectionData(make([]byte, rds))
			expectFinal(passive, "NdkGetConnectionData", fmt.Sprintf("a buffer of %d bytes, the size it reported", rds), st)
			_, st = passive.ConnectionData(make([]byte, rds-1))
			expectFinal(passive, "NdkGetConnectionData", fmt.Sprintf("a buffer of %d bytes, one short of the size it reported", rds-1), st)
			_, st = passive.LocalAddress()
			expectFinal(passive, "NdkGetLocalAddress", "the connector of a request not answered yet", st)
			_, st = passive.PeerAddress()
			expectFinal(passive, "NdkGetPeerAddress", "the connector of a request not answered yet", st)
			expectFinal(passive, "NdkReject", "a request whose connecting side waits", passive.Reject(reply))
			connect.Wait()
			_, st = c.ConnectionData(nil)
			expectFinal(c, "NdkGetConnectionData", "NULL and length 0, on the connecting side of a rejected request", st)

			// A request whose connecting side gave up: it closes its
			// connector once NdkConnect returned (LT-8); a connect that
			// does not return before the answer is rejected as it waits.
			c = p.A.MustCreateConnector()
			connect = c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
			passive = l.NextRequest()
			what := "a request whose connecting side closed its connector"
			if _, returned := connect.ReturnedWithin(p.Settle()); returned {
				suite.MustSucceed(c.Close())
				connect.WaitFor(p.Timeout()) // cancelled by the close (LT-26)
				time.Sleep(p.Settle())       // for the news to reach side B
			} else {
				what = "a request whose connecting side waits (its NdkConnect had not returned, so it could not give up)"
			}
			expectFinal(passive, "NdkReject", what, passive.Reject(nil))
			connect.Wait()

			// The connecting side, its connect completed: its connection
			// data (a buffer too small too), its addresses, its reject
			// (CN-9).
			c = p.A.MustCreateConnector()
			connect = c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
			passive = l.NextRequest()
			accept := passive.Accept(p.B.MustQP(), reply)
			suite.MustSucceed(connect)
			cd, st = c.ConnectionData(nil)
			expectFinal(c, "NdkGetConnectionData", "NULL and length 0, once NdkConnect completed", st)
			rds = max(cd.PrivateDataLength, len(reply))
			_, st = c.ConnectionData(make([]byte, rds-1))
			expectFinal(c, "NdkGetConnectionData", fmt.Sprintf("a buffer of %d bytes, one short of the size it reported, once NdkConnect completed", rds-1), st)
			_, st = c.LocalAddress()
			expectFinal(c, "NdkGetLocalAddress", "a connector whose NdkConnect completed", st)
			_, st = c.PeerAddress()
			expectFinal(c, "NdkGetPeerAddress", "a connector whose NdkConnect completed", st)
			expectFinal(c, "NdkReject", "the connecting side, once its NdkConnect completed", c.Reject(nil))
			accept.Wait()

			// A connection: both connectors' addresses.
			conn := p.MustConnect(l)
			for _, x := range []*suite.Connector{conn.Active, conn.Passive} {
				_, st = x.LocalAddress()
				expectFinal(x, "NdkGetLocalAddress", "a connected connector", st)
				_, st = x.PeerAddress()
				expectFinal(x, "NdkGetPeerAddress", "a connected connector", st)
			}
		})

		suite.It(suite.Rules{"CR-12"}, "the work requests and NdkControlCqInterruptModeration return their final status, never STATUS_PENDING: NdkReceive, NdkSrqReceive, NdkSend, NdkSendAndInvalidate, NdkWrite, NdkRead, NdkBind, NdkInvalidate and NdkFastRegister posted on a connection, the initiator requests again on a QP that is not connected (STATUS_CONNECTION_INVALID), NdkControlCqInterruptModeration with and without the moderation flag", func() {
			const access = ndk.MRFlagAllowLocalWrite | ndk.MRFlagAllowRemoteRead | ndk.MRFlagAllowRemoteWrite
			const windowRights = ndk.OpFlagAllowRemoteRead | ndk.OpFlagAllowRemoteWrite

			// On a QP that is not connected: the initiator requests fail
			// (STATUS_CONNECTION_INVALID, QP-5), a receive may be posted.
			uq := p.A.MustQP()
			um := finalRegion(uq.PD(), 2*ndk.PageSize, access)
			_, utoken := um.Tokens()
			umw := uq.PD().CreateMW().MustObject()
			unconnected := "on a QP that is not connected"
			expectFinal(uq, "NdkSend", unconnected, uq.Send("send", 0, um.SGE(0, 64)))
			expectFinal(uq, "NdkSendAndInvalidate", unconnected, uq.SendAndInvalidate("send and invalidate", utoken, 0, um.SGE(0, 64)))
			expectFinal(uq, "NdkWrite", unconnected, uq.Write("write", um.VA+ndk.PageSize, utoken, 0, um.SGE(0, 64)))
			expectFinal(uq, "NdkRead", unconnected, uq.Read("read", um.VA+ndk.PageSize, utoken, 0, um.SGE(0, 64)))
			expectFinal(uq, "NdkBind", unconnected, uq.Bind("bind", um, umw, um.VA, ndk.PageSize, windowRights))
			expectFinal(uq, "NdkInvalidate", unconnected, uq.InvalidateMW("invalidate", umw, 0))
			if fr, lam, st := finalFastRegister(p.A, uq.PD()); st == ndk.StatusSuccess {
				expectFinal(uq, "NdkFastRegister", unconnected, uq.FastRegister("fast register", fr, lam.Pages[:1], lam.FBO,
					ndk.PageSize-uint64(lam.FBO), finalFRBase+uint64(lam.FBO), ndk.OpFlagAllowLocalWrite))
			} else {
				AddReportEntry("CR-12", fmt.Sprintf("NdkFastRegister %s not made: readying it failed with %v", unconnected, st))
			}
			expectFinal(uq, "NdkReceive", "a receive "+unconnected, uq.Receive("receive", um.SGE(ndk.PageSize, 64)))

			// On a connection: every work request, where it succeeds.
			l := p.B.MustCreateListener()
			l.MustListen(0)
			conn := p.MustConnect(l)
			qa, qb := conn.ActiveQP, conn.PassiveQP
			ma := finalRegion(qa.PD(), 2*ndk.PageSize, access|ndk.MRFlagRDMAReadSink)
			mb := finalRegion(qb.PD(), 2*ndk.PageSize, access)
			_, tb := mb.Tokens()
			var posted []any // side A's initiator requests posted with success
			post := func(ctx, call, what string, st ndk.Status) {
				GinkgoHelper()
				expectFinal(qa, call, what, st)
				if st == ndk.StatusSuccess {
					posted = append(posted, ctx)
				}
			}
			expectFinal(qb, "NdkReceive", "a receive on a connected QP, for the send", qb.Receive("receive 1", mb.SGE(ndk.PageSize, 256)))
			expectFinal(qb, "NdkReceive", "a receive on a connected QP, for the send and invalidate", qb.Receive("receive 2", mb.SGE(ndk.PageSize+256, 256)))
			post("send", "NdkSend", "a send to the peer's receive", qa.Send("send", 0, ma.SGE(0, 64)))
			post("write", "NdkWrite", "a write into the peer's region", qa.Write("write", mb.VA, tb, 0, ma.SGE(0, 256)))
			post("read", "NdkRead", "a read of the peer's region", qa.Read("read", mb.VA, tb, 0, ma.SGE(ndk.PageSize, 256)))

			mwa := qa.PD().CreateMW().MustObject()
			post("bind", "NdkBind", "a window bound to a region on a connected QP", qa.Bind("bind", ma, mwa, ma.VA, ndk.PageSize, windowRights))
			post("invalidate", "NdkInvalidate", "the bound window", qa.InvalidateMW("invalidate", mwa, 0))

			// The send and invalidate names a window of side B's, bound
			// on its QP: the bind completed first.
			mwb := qb.PD().CreateMW().MustObject()
			st := qb.Bind("bind B", mb, mwb, mb.VA, ndk.PageSize, windowRights)
			expectFinal(qb, "NdkBind", "side B's window, for the send and invalidate", st)
			if st == ndk.StatusSuccess {
				finalAwait(p, qb.InitiatorCQ, "bind B")
			}
			post("send and invalidate", "NdkSendAndInvalidate", "a send to the peer's receive that invalidates its window",
				qa.SendAndInvalidate("send and invalidate", mwb.Token(), 0, ma.SGE(64, 64)))

			if fr, lam, st := finalFastRegister(p.A, qa.PD()); st == ndk.StatusSuccess {
				post("fast register", "NdkFastRegister", "a page of a logical address mapping on a connected QP",
					qa.FastRegister("fast register", fr, lam.Pages[:1], lam.FBO, ndk.PageSize-uint64(lam.FBO), finalFRBase+uint64(lam.FBO), ndk.OpFlagAllowLocalWrite))
			} else {
				AddReportEntry("CR-12", fmt.Sprintf("NdkFastRegister on a connected QP not made: readying it failed with %v", st))
			}

			if m := p.B.Info().MaxSRQDepth; m > 0 {
				srq := qb.PD().CreateSRQ(min(4, m), 1, 0).MustObject()
				expectFinal(srq, "NdkSrqReceive", "a receive on an SRQ", srq.Receive("srq receive", mb.SGE(ndk.PageSize+512, 256)))
			} else {
				AddReportEntry("CR-12", "NdkSrqReceive not made: side B's adapter has no SRQ support (MaxSrqDepth 0, AI-3)")
			}

			// With the moderation flag the call succeeds (CQ-8), without it
			// it fails with STATUS_NOT_SUPPORTED (CQ-9): either is final.
			what := "moderation off (interval 0, count 0), the adapter "
			if p.A.Info().AdapterFlags&ndk.AdapterFlagCQInterruptModerationSupported != 0 {
				what += "setting NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED"
			} else {
				what += "not setting NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED"
			}
			expectFinal(qa.InitiatorCQ, "NdkControlCqInterruptModeration", what, qa.InitiatorCQ.ControlInterruptModeration(0, 0))

			finalAwait(p, qa.InitiatorCQ, posted...)
		})
	})
})
