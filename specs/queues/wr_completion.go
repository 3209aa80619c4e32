package queues

import (
	"bytes"
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("The work-request completion contract", Label("queues"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"QP-13", "QP-19"}, "sends, receives, writes and reads each complete exactly once, with the QP's QPContext and the request's RequestContext; a receive's BytesTransferred is the bytes sent; ProviderErrorCode is 0 on success", func() {
			c := wrConnectDepth(p, 8)
			sizes := []int{37, 64, 1}
			src := wrRegion(c.ActiveQP, 4096, wrRemoteAccess|ndk.MRFlagRDMAReadSink)
			src.Store(0, wrPattern(4096, 1))
			dst := wrRegion(c.PassiveQP, 4096, wrRemoteAccess)
			dst.Store(2048, wrPattern(512, 9))
			_, dtoken := dst.Tokens()

			recvs, inits := map[any]any{}, map[any]any{}
			for i := range sizes {
				suite.Step().Expect(c.PassiveQP.Receive(wrName("receive", i), dst.SGE(i*128, 128))).To(Equal(ndk.StatusSuccess), "NdkReceive")
				recvs[wrName("receive", i)] = c.ctxB
			}
			for i, n := range sizes {
				suite.Step().Expect(c.ActiveQP.Send(wrName("send", i), 0, src.SGE(i*128, n))).To(Equal(ndk.StatusSuccess), "NdkSend")
				inits[wrName("send", i)] = c.ctxA
			}
			suite.Step().Expect(c.ActiveQP.Write("write", dst.VA+1024, dtoken, 0, src.SGE(1024, 300))).To(Equal(ndk.StatusSuccess), "NdkWrite")
			inits["write"] = c.ctxA
			suite.Step().Expect(c.ActiveQP.Read("read", dst.VA+2048, dtoken, 0, src.SGE(3072, 512))).To(Equal(ndk.StatusSuccess), "NdkRead")
			inits["read"] = c.ctxA

			got := wrCollect(p, c.ActiveQP.InitiatorCQ, inits, "QP-4", "QP-4", "QP-3")
			gotR := wrCollect(p, c.PassiveQP.ReceiveCQ, recvs, "QP-4", "QP-4", "QP-3")
			wrExpectQPContexts(got, inits)
			wrExpectQPContexts(gotR, recvs)
			for _, m := range []map[any]ndk.ResultEx{got, gotR} {
				for ctx, r := range m {
					suite.Step().Expect(r.Status).To(Equal(ndk.StatusSuccess), "request %v", ctx)
					suite.Rule("QP-19").Expect(r.ProviderErrorCode).To(BeZero(), "ProviderErrorCode of the successful request %v", ctx)
				}
			}
			want := wrPattern(4096, 1)
			b := dst.Bytes()
			for i, n := range sizes {
				suite.Rule("QP-13").Expect(gotR[wrName("receive", i)].BytesTransferred).To(BeEquivalentTo(n), "BytesTransferred of the receive that took a %d-byte send", n)
				suite.Step().Expect(bytes.Equal(b[i*128:i*128+n], want[i*128:i*128+n])).To(BeTrue(), "the receive %d holds the bytes sent", i)
			}
			suite.Step().Expect(bytes.Equal(b[1024:1324], want[1024:1324])).To(BeTrue(), "the written bytes are in the peer's memory")
			suite.Step().Expect(bytes.Equal(src.Bytes()[3072:3584], wrPattern(512, 9))).To(BeTrue(), "the read bytes are in the local buffer")
		})

		suite.It(suite.Rules{"QP-21", "QP-3"}, "NdkFlush completes every pending receive and every send waiting for a receive exactly once, with STATUS_CANCELLED and both contexts; a request posted after the flush fails inline or completes once", func() {
			c := wrConnectDepth(p, 8)
			buf := wrRegion(c.ActiveQP, 1024, ndk.MRFlagAllowLocalWrite)
			want := map[any]any{}
			for i := range 3 {
				suite.Step().Expect(c.ActiveQP.Receive(wrName("receive", i), buf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive")
				want[wrName("receive", i)] = c.ctxA
			}
			// No receive at side B: the sends wait.
			for i := range 3 {
				suite.Step().Expect(c.ActiveQP.Send(wrName("send", i), 0, buf.SGE(512+i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkSend")
				want[wrName("send", i)] = c.ctxA
			}
			// What completed before the flush (a send failed by the
			// transport, say) was not pending at the flush.
			before := map[any]bool{}
			for _, r := range c.ActiveQP.InitiatorCQ.Poll() {
				before[r.RequestContext] = true
				delete(want, r.RequestContext)
			}
			c.ActiveQP.Flush()
			got := wrCollect(p, c.ActiveQP.InitiatorCQ, want, "QP-21", "QP-21", "QP-3")
			wrExpectQPContexts(got, want)
			for ctx, r := range got {
				suite.Rule("QP-21").Expect(r.Status).To(Equal(ndk.StatusCancelled), "the request %v pending at NdkFlush completes with STATUS_CANCELLED", ctx)
			}

			// After the flush the pages say nothing of the QP's state: a
			// request either fails inline or is posted and completes once.
			after := map[any]any{}
			// Side B's receive lets the send complete if the QP still
			// works; if the send is flushed, the receive stays pending.
			rbuf := wrRegion(c.PassiveQP, 64, ndk.MRFlagAllowLocalWrite)
			suite.Step().Expect(c.PassiveQP.Receive("receive at side B", rbuf.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive at side B")
			if c.ActiveQP.Send("send after the flush", 0, buf.SGE(0, 8)) == ndk.StatusSuccess {
				after["send after the flush"] = c.ctxA
			}
			got = wrCollect(p, c.ActiveQP.InitiatorCQ, after, "QP-4", "QP-4", "QP-3")
			wrExpectQPContexts(got, after)
		})

		suite.It(suite.Rules{"QP-6"}, "a successful request flagged NDK_OP_FLAG_SILENT_SUCCESS queues no completion; a failing one still does", func() {
			c := wrConnectDepth(p, 8)
			src := wrRegion(c.ActiveQP, 256, ndk.MRFlagAllowLocalWrite)
			src.Store(0, wrPattern(256, 3))
			dst := wrRegion(c.PassiveQP, 256, wrRemoteAccess)
			_, dtoken := dst.Tokens()
			suite.Step().Expect(c.ActiveQP.Write("silent write", dst.VA, dtoken, ndk.OpFlagSilentSuccess, src.SGE(0, 128))).To(Equal(ndk.StatusSuccess), "NdkWrite with SILENT_SUCCESS")
			suite.Step().Expect(c.ActiveQP.Write("marker", dst.VA+128, dtoken, 0, src.SGE(128, 128))).To(Equal(ndk.StatusSuccess), "NdkWrite")
			got := wrCollect(p, c.ActiveQP.InitiatorCQ, map[any]any{"marker": c.ctxA}, "QP-4", "QP-4", "QP-6")
			suite.Step().Expect(got["marker"].Status).To(Equal(ndk.StatusSuccess), "the marker write")
			if got, want := dst.Bytes()[:128], wrPattern(256, 3)[:128]; !bytes.Equal(got, want) {
				i := 0
				for i < len(want) && got[i] == want[i] {
					i++
				}
				suite.Violate(dst.Violation("QP-6", "NdkWrite", "the silent write's 128 bytes in the peer's memory once the marker write after it completed",
					fmt.Sprintf("byte %d is %#x, not %#x (the 128 bytes: % x)", i, got[i], want[i], got)))
			}

			// A silent write under a token side B never gave fails (MR-16),
			// inline or in a completion, which it must queue.
			if st := c.ActiveQP.Write("failing silent write", dst.VA, dtoken^0x5a5a5a5a, ndk.OpFlagSilentSuccess, src.SGE(0, 16)); st == ndk.StatusSuccess {
				r := c.ActiveQP.InitiatorCQ.WaitResults("QP-6", 1)
				suite.Rule("QP-6").Expect(r[0].RequestContext).To(Equal("failing silent write"), "the failing silent request's completion")
				suite.Rule("QP-6").Expect(r[0].Status).NotTo(Equal(ndk.StatusSuccess), "a silent request's completion reports its failure")
			}
		})
	})
})

// A QP that was never connected has no address family: the spec runs once,
// outside ForEachFamily, whose containers label their specs OV-2, a rule
// it cannot check (it binds no address, so no family can be refused).
var _ = Describe("Work requests before any connection", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"QP-21", "QP-3"}, "NdkFlush of a QP that was never connected completes each receive posted on it exactly once, with STATUS_CANCELLED and both contexts", func() {
		ctx := &wrQPContext{"A"}
		qp := p.A.MustQPWith(wrParams(ctx, 8))
		buf := wrRegion(qp, 256, ndk.MRFlagAllowLocalWrite)
		want := map[any]any{}
		for i := range 2 {
			suite.Step().Expect(qp.Receive(wrName("receive", i), buf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive on a QP not connected")
			want[wrName("receive", i)] = ctx
		}
		qp.Flush()
		got := wrCollect(p, qp.ReceiveCQ, want, "QP-21", "QP-21", "QP-3")
		wrExpectQPContexts(got, want)
		for c, r := range got {
			suite.Rule("QP-21").Expect(r.Status).To(Equal(ndk.StatusCancelled), "the receive %v pending at NdkFlush completes with STATUS_CANCELLED", c)
		}
	})

	suite.It(suite.Rules{"QP-5"}, "on a QP that was never connected, Send, SendAndInvalidate, Read, Write, Bind, Invalidate and FastRegister fail with STATUS_CONNECTION_INVALID, and queue no completion", func() {
		qp := p.A.MustQPWith(wrParams(&wrQPContext{"A"}, 8))
		buf := wrRegion(qp, 8192, wrRemoteAccess)
		_, rtoken := buf.Tokens()
		mw := qp.PD().CreateMW().MustObject()
		// NdkFastRegister needs an MR initialised for fast registration
		// and a logical address mapping; a provider that fails either
		// (rxe: user-space verbs have no fast-register work request and
		// no mappings) is judged by the memory specs, not here.
		fr, frStatus := qp.PD().CreateMR(true).Object()
		var lam *ndk.LAM
		if frStatus == ndk.StatusSuccess {
			frStatus = fr.InitializeFastRegisterMR(1, false).Wait()
		}
		if frStatus == ndk.StatusSuccess {
			lam = &ndk.LAM{Pages: make([]uint64, 2)}
			buf := make([]byte, ndk.PageSize)
			if frStatus = p.A.BuildLAM(buf, lam).Wait(); frStatus == ndk.StatusSuccess {
				DeferCleanup(func() { p.A.ReleaseLAM(lam) })
			}
		}
		if frStatus != ndk.StatusSuccess {
			lam = nil
			AddReportEntry("QP-5", fmt.Sprintf("NdkFastRegister not tried: creating, initialising or mapping for it failed with %v", frStatus))
		}
		calls := []struct {
			name string
			post func() ndk.Status
		}{
			{"NdkSend", func() ndk.Status { return qp.Send("send", 0, buf.SGE(0, 64)) }},
			{"NdkSendAndInvalidate", func() ndk.Status { return qp.SendAndInvalidate("send and invalidate", rtoken, 0, buf.SGE(0, 64)) }},
			{"NdkWrite", func() ndk.Status { return qp.Write("write", buf.VA+4096, rtoken, 0, buf.SGE(0, 64)) }},
			{"NdkRead", func() ndk.Status { return qp.Read("read", buf.VA+4096, rtoken, 0, buf.SGE(0, 64)) }},
			{"NdkBind", func() ndk.Status {
				return qp.Bind("bind", buf, mw, buf.VA, 4096, ndk.OpFlagAllowRemoteRead)
			}},
			{"NdkInvalidate", func() ndk.Status { return qp.InvalidateMW("invalidate", mw, 0) }},
			{"NdkFastRegister", func() ndk.Status {
				return qp.FastRegister("fast register", fr, lam.Pages[:1], 0, ndk.PageSize, 0x7000000000+ndk.PageSize, ndk.OpFlagAllowLocalWrite)
			}},
		}
		if lam == nil {
			calls = calls[:len(calls)-1] // no NdkFastRegister
		}
		for _, call := range calls {
			suite.Rule("QP-5").Expect(call.post()).To(Equal(ndk.StatusConnectionInvalid), "%s on a QP that is not connected", call.name)
		}
		suite.Rule("DP-4").Consistently(qp.InitiatorCQ.Poll).WithTimeout(p.Settle()).Should(BeEmpty(), "no completion for requests that failed inline")
	})
})
