package queues

import (
	"bytes"
	"sync"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("Work requests concurrent with other calls on their QP", Label("queues"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		const depth, calls = 32, 24

		suite.It(suite.Rules{"WR-5"}, "NdkReceive and NdkWrite issued at once on one QP are both taken, every one completes once, and the data of both moves", func() {
			c := wrConnectDepth(p, depth)
			rbuf := wrRegion(c.ActiveQP, calls*64, ndk.MRFlagAllowLocalWrite)
			src := wrRegion(c.ActiveQP, calls*64, ndk.MRFlagAllowLocalWrite)
			src.Store(0, wrPattern(calls*64, 7))
			dst := wrRegion(c.PassiveQP, calls*64, wrRemoteAccess)
			_, dtoken := dst.Tokens()
			sbuf := wrRegion(c.PassiveQP, calls*64, ndk.MRFlagAllowLocalWrite)
			sbuf.Store(0, wrPattern(calls*64, 77))

			var wg sync.WaitGroup
			var finished [2]bool // each goroutine posted all its requests
			wg.Add(2)
			go func() { // the receive queue
				defer GinkgoRecover()
				defer wg.Done()
				for i := range calls {
					suite.Rule("WR-5").Expect(c.ActiveQP.Receive(wrName("receive", i), rbuf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive alongside NdkWrite")
				}
				finished[0] = true
			}()
			go func() { // the initiator queue
				defer GinkgoRecover()
				defer wg.Done()
				for i := range calls {
					suite.Rule("WR-5").Expect(c.ActiveQP.Write(wrName("write", i), dst.VA+uint64(i*64), dtoken, 0, src.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkWrite alongside NdkReceive")
				}
				finished[1] = true
			}()
			wg.Wait()
			if !finished[0] || !finished[1] {
				// A post failed the spec, which stopped its goroutine: the
				// requests after it were never posted, so none is waited for.
				return
			}
			for i := range calls {
				suite.Step().Expect(c.PassiveQP.Send(wrName("send", i), 0, sbuf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkSend at side B")
			}
			recvs, writes, sends := map[any]any{}, map[any]any{}, map[any]any{}
			for i := range calls {
				recvs[wrName("receive", i)] = c.ctxA
				writes[wrName("write", i)] = c.ctxA
				sends[wrName("send", i)] = c.ctxB
			}
			// One CQ per side serves both queues.
			got := wrCollect(p, c.ActiveQP.ReceiveCQ, wrUnion(recvs, writes), "WR-5", "QP-4", "QP-3")
			for ctx, r := range got {
				suite.Rule("WR-5").Expect(r.Status).To(Equal(ndk.StatusSuccess), "request %v posted concurrently", ctx)
			}
			wrCollect(p, c.PassiveQP.InitiatorCQ, sends, "QP-4", "QP-4", "QP-3")
			suite.Rule("WR-5").Expect(bytes.Equal(rbuf.Bytes(), wrPattern(calls*64, 77))).To(BeTrue(), "the receives posted alongside the writes hold side B's sends")
			suite.Rule("WR-5").Expect(bytes.Equal(dst.Bytes(), wrPattern(calls*64, 7))).To(BeTrue(), "the writes posted alongside the receives are in side B's memory")
		})

		suite.It(suite.Rules{"WR-7"}, "NdkFlush issued while sends and receives are being posted on the same QP: every request posted with success completes exactly once, with success or STATUS_CANCELLED", func() {
			c := wrConnectDepth(p, depth)
			buf := wrRegion(c.ActiveQP, 2*calls*64, ndk.MRFlagAllowLocalWrite)
			want := wrPostConcurrently(c, buf, c.ActiveQP.Flush)
			// Requests posted after the concurrent flush may be waiting
			// still (the sends for receives side B never posts).
			c.ActiveQP.Flush()
			got := wrCollect(p, c.ActiveQP.InitiatorCQ, want, "WR-7", "QP-4", "QP-3")
			for ctx, r := range got {
				suite.Rule("WR-7").Expect(r.Status).To(BeElementOf(ndk.StatusSuccess, ndk.StatusCancelled), "request %v posted alongside NdkFlush", ctx)
			}
		})

		suite.It(suite.Rules{"WR-8"}, "closing the QP's connector while sends and receives are being posted on the QP: every request posted with success completes exactly once (after an NdkFlush of the QP at the latest)", func() {
			c := wrConnectDepth(p, depth)
			buf := wrRegion(c.ActiveQP, 2*calls*64, ndk.MRFlagAllowLocalWrite)
			var closeOp *suite.Op
			want := wrPostConcurrently(c, buf, func() { closeOp = c.Active.Close() })
			_, done := closeOp.WaitFor(p.Timeout())
			suite.Rule("WR-8").Expect(done).To(BeTrue(), "the connector's close, issued alongside posts on its QP, completes")
			// What the close left pending, the flush cancels (QP-21).
			c.ActiveQP.Flush()
			wrCollect(p, c.ActiveQP.InitiatorCQ, want, "WR-8", "QP-4", "QP-3")
		})
	})
})

// wrPostConcurrently posts, from two goroutines, sends (which wait: side B
// posts no receive) and receives on c's side A QP: half of them, then the
// rest, and action runs on a third goroutine once both posters are under
// way again. It returns the requests posted with success.
func wrPostConcurrently(c *wrConn, buf *suite.MR, action func()) map[any]any {
	GinkgoHelper()
	const calls = 24
	var mu sync.Mutex
	want := map[any]any{}
	var half, again, wg sync.WaitGroup
	release := make(chan struct{})
	poster := func(kind string, post func(ctx string, i int) ndk.Status) {
		defer GinkgoRecover()
		defer wg.Done()
		for i := range calls {
			if i == calls/2 {
				half.Done()
				<-release
			}
			ctx := wrName(kind, i)
			if post(ctx, i) == ndk.StatusSuccess {
				mu.Lock()
				want[ctx] = c.ctxA
				mu.Unlock()
			}
			if i == calls/2 {
				again.Done()
			}
		}
	}
	half.Add(2)
	again.Add(2)
	wg.Add(3)
	go poster("send", func(ctx string, i int) ndk.Status { return c.ActiveQP.Send(ctx, 0, buf.SGE(i*64, 64)) })
	go poster("receive", func(ctx string, i int) ndk.Status { return c.ActiveQP.Receive(ctx, buf.SGE((calls+i)*64, 64)) })
	go func() {
		defer GinkgoRecover()
		defer wg.Done()
		half.Wait()
		close(release)
		again.Wait()
		action()
	}()
	wg.Wait()
	return want
}

// wrUnion is the union of maps.
func wrUnion(ms ...map[any]any) map[any]any {
	out := map[any]any{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}
