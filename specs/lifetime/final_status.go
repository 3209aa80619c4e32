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
// (CR-4). The harness checks it at every such call made through its
// wrappers, in every spec: a STATUS_PENDING fails the spec at once,
// charged to CR-12 and naming the call and its object (suite: base.sync).
// These specs make each call the ndk interface has, in a case where it
// succeeds and one where it fails, and check NdkQueryAdapterInfo, which
// they make directly, themselves. Every status but STATUS_PENDING passes
// here: the statuses the pages name for each case are their own rules'
// (AI-5, CN-9, CN-11, CN-13, QP-5, CQ-8, CQ-9...), checked by their specs.
// NdkQueryExtensionInterface is not in the ndk interface, and neither is
// a buffer length for NdkQueryAdapterInfo or the address getters, so their
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

		// Every call of CR-12's below but NdkQueryAdapterInfo goes through
		// the harness, which fails the spec if it returns STATUS_PENDING.
		suite.It(suite.Rules{"CR-12"}, "NdkQueryAdapterInfo, the address getters, NdkGetConnectionData and NdkReject return their final status, never STATUS_PENDING, when they succeed and when they fail: the addresses of a listener before and while it listens, of a shared endpoint, of a new connector and of connected ones; connection data into a buffer large enough and one too small; NdkReject of a request that waits, of one whose connecting side gave up, and by the connecting side once its connect completed", func() {
			for _, a := range []*suite.Adapter{p.A, p.B} {
				_, st := a.Adapter.QueryAdapterInfo()
				expectFinal(a, "NdkQueryAdapterInfo", "side "+a.Side+"'s adapter", st)
			}

			l := p.B.MustCreateListener()
			l.LocalAddress() // not listening yet: no address
			dst := l.MustListen(0)
			l.LocalAddress()

			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			se.LocalAddress()

			fresh := p.A.MustCreateConnector() // no endpoint, no peer yet
			fresh.LocalAddress()
			fresh.PeerAddress()

			// A request that waits: its connection data, whole and into a
			// buffer one byte short (STATUS_BUFFER_TOO_SMALL, CN-13), its
			// connector's addresses and its reject; then the refused
			// side's connection data.
			c := p.A.MustCreateConnector()
			connect := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, request)
			passive := l.NextRequest()
			cd, _ := passive.ConnectionData(nil)
			rds := max(cd.PrivateDataLength, len(request))
			passive.ConnectionData(make([]byte, rds))
			passive.ConnectionData(make([]byte, rds-1))
			passive.LocalAddress()
			passive.PeerAddress()
			passive.Reject(reply)
			connect.Wait()
			c.ConnectionData(nil)

			// A request whose connecting side gave up: it closes its
			// connector once NdkConnect returned (LT-8); a connect that
			// does not return before the answer is rejected as it waits.
			c = p.A.MustCreateConnector()
			connect = c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
			passive = l.NextRequest()
			if _, returned := connect.ReturnedWithin(p.Settle()); returned {
				suite.MustSucceed(c.Close())
				connect.WaitFor(p.Timeout()) // cancelled by the close (LT-26)
				time.Sleep(p.Settle())       // for the news to reach side B
			} else {
				AddReportEntry("CR-12", "NdkReject of a request whose connecting side gave up not made: its NdkConnect had not returned, so it could not give up; the request was rejected as it waited")
			}
			passive.Reject(nil)
			connect.Wait()

			// The connecting side, its connect completed: its connection
			// data (into a buffer one byte short too), its addresses, its
			// reject (CN-9).
			c = p.A.MustCreateConnector()
			connect = c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
			passive = l.NextRequest()
			accept := passive.Accept(p.B.MustQP(), reply)
			suite.MustSucceed(connect)
			cd, _ = c.ConnectionData(nil)
			c.ConnectionData(make([]byte, max(cd.PrivateDataLength, len(reply))-1))
			c.LocalAddress()
			c.PeerAddress()
			c.Reject(nil)
			accept.Wait()

			// A connection: both connectors' addresses.
			conn := p.MustConnect(l)
			for _, x := range []*suite.Connector{conn.Active, conn.Passive} {
				x.LocalAddress()
				x.PeerAddress()
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
			uq.Send("send", 0, um.SGE(0, 64))
			uq.SendAndInvalidate("send and invalidate", utoken, 0, um.SGE(0, 64))
			uq.Write("write", um.VA+ndk.PageSize, utoken, 0, um.SGE(0, 64))
			uq.Read("read", um.VA+ndk.PageSize, utoken, 0, um.SGE(0, 64))
			uq.Bind("bind", um, umw, um.VA, ndk.PageSize, windowRights)
			uq.InvalidateMW("invalidate", umw, 0)
			if fr, lam, st := finalFastRegister(p.A, uq.PD()); st == ndk.StatusSuccess {
				uq.FastRegister("fast register", fr, lam.Pages[:1], lam.FBO, ndk.PageSize-uint64(lam.FBO), finalFRBase+uint64(lam.FBO), ndk.OpFlagAllowLocalWrite)
			} else {
				AddReportEntry("CR-12", fmt.Sprintf("NdkFastRegister on a QP that is not connected not made: readying it failed with %v", st))
			}
			uq.Receive("receive", um.SGE(ndk.PageSize, 64))

			// On a connection: every work request, where it succeeds.
			l := p.B.MustCreateListener()
			l.MustListen(0)
			conn := p.MustConnect(l)
			qa, qb := conn.ActiveQP, conn.PassiveQP
			ma := finalRegion(qa.PD(), 2*ndk.PageSize, access|ndk.MRFlagRDMAReadSink)
			mb := finalRegion(qb.PD(), 2*ndk.PageSize, access)
			_, tb := mb.Tokens()
			var posted []any // side A's initiator requests posted with success
			post := func(ctx string, st ndk.Status) {
				if st == ndk.StatusSuccess {
					posted = append(posted, ctx)
				}
			}
			qb.Receive("receive 1", mb.SGE(ndk.PageSize, 256))     // for the send
			qb.Receive("receive 2", mb.SGE(ndk.PageSize+256, 256)) // for the send and invalidate
			post("send", qa.Send("send", 0, ma.SGE(0, 64)))
			post("write", qa.Write("write", mb.VA, tb, 0, ma.SGE(0, 256)))
			post("read", qa.Read("read", mb.VA, tb, 0, ma.SGE(ndk.PageSize, 256)))
			mwa := qa.PD().CreateMW().MustObject()
			post("bind", qa.Bind("bind", ma, mwa, ma.VA, ndk.PageSize, windowRights))
			post("invalidate", qa.InvalidateMW("invalidate", mwa, 0))

			// The send and invalidate names a window of side B's, bound
			// on its QP: the bind completed first.
			mwb := qb.PD().CreateMW().MustObject()
			if qb.Bind("bind B", mb, mwb, mb.VA, ndk.PageSize, windowRights) == ndk.StatusSuccess {
				finalAwait(p, qb.InitiatorCQ, "bind B")
			}
			post("send and invalidate", qa.SendAndInvalidate("send and invalidate", mwb.Token(), 0, ma.SGE(64, 64)))

			if fr, lam, st := finalFastRegister(p.A, qa.PD()); st == ndk.StatusSuccess {
				post("fast register", qa.FastRegister("fast register", fr, lam.Pages[:1], lam.FBO, ndk.PageSize-uint64(lam.FBO), finalFRBase+uint64(lam.FBO), ndk.OpFlagAllowLocalWrite))
			} else {
				AddReportEntry("CR-12", fmt.Sprintf("NdkFastRegister on a connected QP not made: readying it failed with %v", st))
			}

			if m := p.B.Info().MaxSRQDepth; m > 0 {
				srq := qb.PD().CreateSRQ(min(4, m), 1, 0).MustObject()
				srq.Receive("srq receive", mb.SGE(ndk.PageSize+512, 256))
			} else {
				AddReportEntry("CR-12", "NdkSrqReceive not made: side B's adapter has no SRQ support (MaxSrqDepth 0, AI-3)")
			}

			// With the moderation flag the call succeeds (CQ-8), without it
			// it fails with STATUS_NOT_SUPPORTED (CQ-9): either is final.
			qa.InitiatorCQ.ControlInterruptModeration(0, 0)

			finalAwait(p, qa.InitiatorCQ, posted...)
		})
	})
})
