package memory

import (
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// peerInvalidation is a window of side B bound on a connection, a receive
// posted at side B, and side A's NdkSendAndInvalidate naming a token.
type peerInvalidation struct {
	c     *suite.Connection
	mr    *suite.MR
	mw    *suite.MW
	token uint32 // the window's token
}

// bindForInvalidation connects, binds a window over a region of side B
// on side B's QP, and posts a receive there.
func (k *memLink) bindForInvalidation(size int) *peerInvalidation {
	GinkgoHelper()
	mr := k.B.region(size, memRemote, 53)
	mw := k.B.pd.CreateMW().MustObject()
	c := k.connect()
	token, st := bindOn(c, "bind", mw, bindStep{mr, 0, size}, memWindow)
	suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkBind of a window over a region registered for remote read and write")
	rbuf := k.B.region(64, ndk.MRFlagAllowLocalWrite, 0)
	suite.Step().Expect(c.PassiveQP.Receive("receive", rbuf.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive at side B")
	return &peerInvalidation{c: c, mr: mr, mw: mw, token: token}
}

// sendAndInvalidate posts side A's NdkSendAndInvalidate of 16 bytes
// naming token.
func (k *memLink) sendAndInvalidate(pi *peerInvalidation, token uint32) {
	GinkgoHelper()
	k.src.Store(0, memPattern(16, 61))
	suite.Step().Expect(pi.c.ActiveQP.SendAndInvalidate("send and invalidate", token, 0, k.src.SGE(0, 16))).To(Equal(ndk.StatusSuccess), "NdkSendAndInvalidate at side A")
}

var _ = Describe("Invalidation by the peer: NdkSendAndInvalidate and its ReceiveAndInvalidate completion", Label("memory"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		var k *memLink
		BeforeEach(func() {
			p = suite.NewPair(f)
			k = newLink(p)
		})

		suite.It(suite.Rules{"QP-18", "QP-20"}, "the sender's NDK_RESULT_EX of an NdkSendAndInvalidate has Type NdkOperationTypeSend; the receiver's has Type NdkOperationTypeReceiveAndInvalidate and the invalidated token in TypeSpecificCompletionOutput", func() {
			pi := k.bindForInvalidation(4096)
			k.sendAndInvalidate(pi, pi.token)
			sent := pi.c.ActiveQP.InitiatorCQ.WaitResults("QP-4", 1)[0]
			suite.Step().Expect(sent.Status).To(Equal(ndk.StatusSuccess), "the NdkSendAndInvalidate's completion")
			suite.Rule("QP-18").Expect(sent.Type).To(Equal(ndk.OpSend), "the sender's NDK_RESULT_EX.Type of an NdkSendAndInvalidate")
			got := pi.c.PassiveQP.ReceiveCQ.WaitResults("QP-4", 1)[0]
			suite.Step().Expect(got.Status).To(Equal(ndk.StatusSuccess), "the receive's completion")
			suite.Rule("QP-20").Expect(got.Type).To(Equal(ndk.OpReceiveAndInvalidate), "the receiver's NDK_RESULT_EX.Type for a receive that took an NdkSendAndInvalidate")
			suite.Rule("QP-20").Expect(uint32(got.TypeSpecificCompletionOutput)).To(Equal(pi.token), "TypeSpecificCompletionOutput holds the invalidated token %#x", pi.token)
		})

		suite.It(suite.Rules{"CH-3", "CH-4", "CH-6"}, "a ReceiveAndInvalidate completion is retrievable with the non-Ex NdkGetCqResults; retrieved that way it still invalidates the token (the peer's NdkWrite and NdkRead under it fail and move no data), and a later NdkInvalidate of the window fails", func() {
			const size = 4096
			pi := k.bindForInvalidation(size)
			k.sendAndInvalidate(pi, pi.token)
			suite.Step().Expect(pi.c.ActiveQP.InitiatorCQ.WaitResults("QP-4", 1)[0].Status).To(Equal(ndk.StatusSuccess), "the NdkSendAndInvalidate's completion")
			var got []ndk.Result
			deadline := time.Now().Add(p.Settle() + 2*time.Second)
			for len(got) == 0 && time.Now().Before(deadline) {
				res := make([]ndk.Result, 4)
				n := pi.c.PassiveQP.ReceiveCQ.GetResults(res)
				got = append(got, res[:max(n, 0)]...)
				time.Sleep(time.Millisecond)
			}
			suite.Rule("CH-3").Expect(got).To(HaveLen(1), "NdkGetCqResults retrieves the ReceiveAndInvalidate completion")
			suite.Rule("CH-3").Expect(got[0].RequestContext).To(Equal("receive"), "the completion retrieved is the receive's")
			suite.Step().Expect(got[0].Status).To(Equal(ndk.StatusSuccess), "the receive's completion")
			k.expectDenied("CH-4", "under the window token invalidated by the peer, its completion retrieved with NdkGetCqResults", k.plain(pi.token), pi.mr.VA, size, bytesOf(pi.mr))
			st := complete(pi.c.PassiveQP.InitiatorCQ, pi.c.PassiveQP.InvalidateMW("invalidate again", pi.mw, 0))
			suite.Rule("CH-6").Expect(st).NotTo(Equal(ndk.StatusSuccess), "NdkInvalidate of the window the peer's NdkSendAndInvalidate invalidated")
		})

		suite.It(suite.Rules{"QP-16"}, "an NdkSendAndInvalidate naming a token the receiver cannot invalidate aborts the connection: the receive takes no ReceiveAndInvalidate, the send fails, and a later send on the connection fails too", func() {
			pi := k.bindForInvalidation(4096)
			bad := wrongToken(pi.token, 0, pi.token)
			k.sendAndInvalidate(pi, bad)
			sent := pi.c.ActiveQP.InitiatorCQ.WaitResults("QP-4", 1)[0]
			suite.Rule("QP-16").Expect(sent.Status).NotTo(Equal(ndk.StatusSuccess), "the NdkSendAndInvalidate naming the token %#x, which is no token of the receiver's", bad)
			for _, r := range pi.c.PassiveQP.ReceiveCQ.Poll() {
				suite.Rule("QP-16").Expect(r.Status).NotTo(Equal(ndk.StatusSuccess), "the receive does not take the NdkSendAndInvalidate naming an invalid token (%+v)", r)
			}
			// A receive for it, so that only an aborted connection fails it
			// (its post may fail too, on the aborted connection).
			rbuf := k.B.region(64, ndk.MRFlagAllowLocalWrite, 0)
			_ = pi.c.PassiveQP.Receive("receive after", rbuf.SGE(0, 64))
			st := complete(pi.c.ActiveQP.InitiatorCQ, pi.c.ActiveQP.Send("send after", 0, k.src.SGE(0, 16)))
			suite.Rule("QP-16").Expect(st).NotTo(Equal(ndk.StatusSuccess), "a later NdkSend on the aborted connection")
		})
	})
})
