package queues

import (
	"bytes"
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("Work requests at their boundaries, with DEFER, READ_FENCE and INLINE", Label("queues"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"DP-4"}, "a full initiator queue (InitiatorQueueDepth sends outstanding) takes one more request only if it completes it: one that fails inline queues no completion, and every send posted with success completes exactly once, with its contexts (QP-3)", func() {
			const depth = 4
			// Side B's receive queue takes a receive for each send,
			// the one over the depth included.
			c := wrConnect(p, wrParams(&wrQPContext{"A"}, depth), wrParams(&wrQPContext{"B"}, 2*depth))
			buf := wrRegion(c.ActiveQP, 1024, ndk.MRFlagAllowLocalWrite)
			want := map[any]any{}
			// No receive at side B: the sends stay outstanding.
			for i := range depth {
				suite.Step().Expect(c.ActiveQP.Send(wrName("send", i), 0, buf.SGE(i*8, 8))).To(Equal(ndk.StatusSuccess),
					"NdkSend %d of %d on a QP of InitiatorQueueDepth %d", i+1, depth, depth)
				want[wrName("send", i)] = c.ctxA
			}
			extra := "send over the depth"
			if c.ActiveQP.Send(extra, 0, buf.SGE(depth*8, 8)) == ndk.StatusSuccess {
				want[extra] = c.ctxA // taken: it must complete (QP-4)
			}
			rbuf := wrRegion(c.PassiveQP, 1024, ndk.MRFlagAllowLocalWrite)
			for i := range len(want) {
				suite.Step().Expect(c.PassiveQP.Receive(wrName("receive", i), rbuf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive at side B")
			}
			unknown := "QP-3"
			if _, taken := want[extra]; !taken {
				unknown = "DP-4" // the completion of the request that failed inline
			}
			got := wrCollect(p, c.ActiveQP.InitiatorCQ, want, "QP-4", "QP-4", unknown)
			wrExpectQPContexts(got, want)
		})

		suite.It(suite.Rules{"QP-4", "QP-3"}, "a full receive queue (ReceiveQueueDepth receives) takes one more only if it completes it; every receive posted with success completes exactly once, with its contexts", func() {
			const depth = 4
			c := wrConnectDepth(p, depth)
			buf := wrRegion(c.PassiveQP, 1024, ndk.MRFlagAllowLocalWrite)
			want := map[any]any{}
			for i := range depth {
				suite.Step().Expect(c.PassiveQP.Receive(wrName("receive", i), buf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess),
					"NdkReceive %d of %d on a QP of ReceiveQueueDepth %d", i+1, depth, depth)
				want[wrName("receive", i)] = c.ctxB
			}
			if c.PassiveQP.Receive("receive over the depth", buf.SGE(depth*64, 64)) == ndk.StatusSuccess {
				want["receive over the depth"] = c.ctxB
			}
			c.PassiveQP.Flush()
			got := wrCollect(p, c.PassiveQP.ReceiveCQ, want, "QP-4", "QP-4", "QP-3", "receive over the depth")
			wrExpectQPContexts(got, want)
		})

		suite.It(suite.Rules{"DP-4"}, "a send and a receive with exactly the QP's MaxInitiatorRequestSge and MaxReceiveRequestSge SGEs (the adapter's maxima) move the data; one more SGE fails inline without a completion, or is taken and completes", func() {
			info := p.A.Info()
			infoB := p.B.Info()
			ni, nr := int(info.MaxInitiatorRequestSGE), int(infoB.MaxReceiveRequestSGE)
			if ni < 1 || nr < 1 {
				suite.NotApplicable(fmt.Sprintf("MaxInitiatorRequestSge %d, MaxReceiveRequestSge %d", ni, nr), "the adapters take no SGE in a request, so no request can carry their maxima")
			}
			a := wrParams(&wrQPContext{"A"}, 8)
			a.MaxInitiatorRequestSGE = uint32(ni)
			b := wrParams(&wrQPContext{"B"}, 8)
			b.MaxReceiveRequestSGE = uint32(nr)
			c := wrConnect(p, a, b)
			const seg = 16
			src := wrRegion(c.ActiveQP, 2*(ni+1)*seg, ndk.MRFlagAllowLocalWrite)
			src.Store(0, wrPattern(2*(ni+1)*seg, 5))
			dst := wrRegion(c.PassiveQP, 2*(nr+1)*seg+4096, ndk.MRFlagAllowLocalWrite)
			sgl := func(m *suite.MR, n int) []ndk.SGE {
				var out []ndk.SGE
				for i := range n {
					out = append(out, m.SGE(2*i*seg, seg)) // gaps between the segments
				}
				return out
			}
			total := min(ni, nr) * seg
			suite.Step().Expect(c.PassiveQP.Receive("receive", sgl(dst, nr)...)).To(Equal(ndk.StatusSuccess), "NdkReceive with MaxReceiveRequestSge (%d) SGEs", nr)
			suite.Step().Expect(c.ActiveQP.Send("send", 0, sgl(src, total/seg)...)).To(Equal(ndk.StatusSuccess), "NdkSend with %d SGEs (MaxInitiatorRequestSge %d)", total/seg, ni)
			got := wrCollect(p, c.ActiveQP.InitiatorCQ, map[any]any{"send": c.ctxA}, "QP-4", "QP-4", "QP-3")
			gotR := wrCollect(p, c.PassiveQP.ReceiveCQ, map[any]any{"receive": c.ctxB}, "QP-4", "QP-4", "QP-3")
			suite.Step().Expect(got["send"].Status).To(Equal(ndk.StatusSuccess), "the send")
			suite.Step().Expect(gotR["receive"].Status).To(Equal(ndk.StatusSuccess), "the receive")
			var sent, landed []byte
			sb, db := src.Bytes(), dst.Bytes()
			for i := range total / seg {
				sent = append(sent, sb[2*i*seg:2*i*seg+seg]...)
				landed = append(landed, db[2*i*seg:2*i*seg+seg]...)
			}
			suite.Step().Expect(bytes.Equal(landed, sent)).To(BeTrue(), "the bytes gathered from the send's SGEs are scattered over the receive's")

			// One SGE more than the QP's maxima: the pages name no status.
			want := map[any]any{}
			if c.ActiveQP.Send("send with one SGE more", 0, sgl(src, ni+1)...) == ndk.StatusSuccess {
				want["send with one SGE more"] = c.ctxA
				suite.Step().Expect(c.PassiveQP.Receive("receive for it", dst.SGE(2*(nr+1)*seg, 4096))).To(Equal(ndk.StatusSuccess), "NdkReceive")
			}
			unknown := "QP-3"
			if len(want) == 0 {
				unknown = "DP-4"
			}
			wrCollect(p, c.ActiveQP.InitiatorCQ, want, "QP-4", "QP-4", unknown)
		})

		suite.It(suite.Rules{"DP-5"}, "every request of a chain posted with NDK_OP_FLAG_DEFER completes once the chain ends with a request without it, and the data moves", func() {
			p.A.NeedsNDK12("NDK_OP_FLAG_DEFER (QP-8)")
			c := wrConnectDepth(p, 8)
			src := wrRegion(c.ActiveQP, 1024, ndk.MRFlagAllowLocalWrite)
			src.Store(0, wrPattern(1024, 11))
			dst := wrRegion(c.PassiveQP, 1024, wrRemoteAccess)
			_, dtoken := dst.Tokens()
			suite.Step().Expect(c.PassiveQP.Receive("receive", dst.SGE(768, 256))).To(Equal(ndk.StatusSuccess), "NdkReceive")
			want := map[any]any{}
			for i := range 3 {
				suite.Step().Expect(c.ActiveQP.Write(wrName("deferred write", i), dst.VA+uint64(i*128), dtoken, ndk.OpFlagDefer, src.SGE(i*128, 128))).To(Equal(ndk.StatusSuccess), "NdkWrite with DEFER")
				want[wrName("deferred write", i)] = c.ctxA
			}
			suite.Step().Expect(c.ActiveQP.Send("deferred send", ndk.OpFlagDefer, src.SGE(768, 100))).To(Equal(ndk.StatusSuccess), "NdkSend with DEFER")
			want["deferred send"] = c.ctxA
			suite.Step().Expect(c.ActiveQP.Write("last write", dst.VA+384, dtoken, 0, src.SGE(384, 128))).To(Equal(ndk.StatusSuccess), "NdkWrite without DEFER, ending the chain")
			want["last write"] = c.ctxA
			got := wrCollect(p, c.ActiveQP.InitiatorCQ, want, "DP-5", "DP-3", "DP-3")
			for ctx, r := range got {
				suite.Step().Expect(r.Status).To(Equal(ndk.StatusSuccess), "request %v", ctx)
			}
			wrCollect(p, c.PassiveQP.ReceiveCQ, map[any]any{"receive": c.ctxB}, "DP-5", "QP-4", "QP-3")
			want512 := wrPattern(1024, 11)
			db := dst.Bytes()
			suite.Step().Expect(bytes.Equal(db[:512], want512[:512])).To(BeTrue(), "the chain's writes are in the peer's memory")
			suite.Step().Expect(bytes.Equal(db[768:868], want512[768:868])).To(BeTrue(), "the chain's send is in the peer's receive")
		})

		suite.It(suite.Rules{"DP-6", "DP-4"}, "when a request fails inline after requests posted with DEFER (a full initiator queue of them), the deferred requests still complete, with their contexts, and the failed one does not (taken, it ends the chain, and all complete)", func() {
			p.A.NeedsNDK12("NDK_OP_FLAG_DEFER (QP-8)")
			const depth = 4
			c := wrConnectDepth(p, depth)
			src := wrRegion(c.ActiveQP, 1024, ndk.MRFlagAllowLocalWrite)
			dst := wrRegion(c.PassiveQP, 1024, wrRemoteAccess)
			_, dtoken := dst.Tokens()
			want := map[any]any{}
			for i := range depth {
				suite.Step().Expect(c.ActiveQP.Write(wrName("deferred write", i), dst.VA+uint64(i*64), dtoken, ndk.OpFlagDefer, src.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess),
					"NdkWrite %d of %d with DEFER on a QP of InitiatorQueueDepth %d", i+1, depth, depth)
				want[wrName("deferred write", i)] = c.ctxA
			}
			// The queue is full: this one may fail inline (then DP-6 holds
			// the provider to the deferred ones); taken, it ends the chain.
			last := "write over the depth"
			missing, unknown := "DP-5", "QP-3"
			if c.ActiveQP.Write(last, dst.VA+512, dtoken, 0, src.SGE(512, 64)) == ndk.StatusSuccess {
				want[last] = c.ctxA
			} else {
				missing, unknown = "DP-6", "DP-4"
			}
			got := wrCollect(p, c.ActiveQP.InitiatorCQ, want, missing, "QP-4", unknown)
			wrExpectQPContexts(got, want)
		})

		suite.It(suite.Rules{"QP-7"}, "a write flagged NDK_OP_FLAG_READ_FENCE starts only after the earlier read of the same remote bytes finished: the read returns the bytes from before the write", func() {
			c := wrConnectDepth(p, 8)
			const size = 8 << 20 // long enough to be in flight when the write is posted
			remote := wrRegion(c.PassiveQP, size, wrRemoteAccess)
			old := wrPattern(size, 21)
			remote.Store(0, old)
			_, rtoken := remote.Tokens()
			sink := wrRegion(c.ActiveQP, size, wrSinkAccess)
			src := wrRegion(c.ActiveQP, size, ndk.MRFlagAllowLocalWrite)
			src.Store(0, wrPattern(size, 99))
			suite.Step().Expect(c.ActiveQP.Read("read", remote.VA, rtoken, 0, sink.SGE(0, size))).To(Equal(ndk.StatusSuccess), "NdkRead")
			suite.Step().Expect(c.ActiveQP.Write("fenced write", remote.VA, rtoken, ndk.OpFlagReadFence, src.SGE(0, size))).To(Equal(ndk.StatusSuccess), "NdkWrite with READ_FENCE")
			got := wrCollect(p, c.ActiveQP.InitiatorCQ, map[any]any{"read": c.ctxA, "fenced write": c.ctxA}, "QP-4", "QP-4", "QP-3")
			for ctx, r := range got {
				suite.Step().Expect(r.Status).To(Equal(ndk.StatusSuccess), "request %v", ctx)
			}
			suite.Rule("QP-7").Expect(bytes.Equal(sink.Bytes(), old)).To(BeTrue(), "the read, posted before the fenced write, returns the remote bytes from before the write")
			suite.Step().Expect(bytes.Equal(remote.Bytes(), wrPattern(size, 99))).To(BeTrue(), "the fenced write's bytes are in the peer's memory")
		})

		suite.It(suite.Rules{"QP-10"}, "NDK_OP_FLAG_INLINE: a send and a write whose SGEs carry an invalid token, more SGEs than MaxInitiatorRequestSge, and exactly InlineDataSize bytes are taken and deliver the bytes", func() {
			inline := p.A.Info().MaxInlineDataSize
			if inline == 0 {
				suite.NotApplicable("MaxInlineDataSize 0", "the adapter takes no inline data, so no NDK_OP_FLAG_INLINE request is made")
			}
			a := wrParams(&wrQPContext{"A"}, 8)
			a.InlineDataSize = inline
			c := wrConnect(p, a, wrParams(&wrQPContext{"B"}, 8))
			n := int(inline)
			src := wrRegion(c.ActiveQP, 2*n+64, ndk.MRFlagAllowLocalWrite)
			src.Store(0, wrPattern(2*n+64, 33))
			local, _ := src.Tokens()
			bogus := local ^ 0x5a5a5a5a
			dst := wrRegion(c.PassiveQP, 4*n, wrRemoteAccess)
			_, dtoken := dst.Tokens()
			// Two SGEs (one more than the QP's MaxInitiatorRequestSge of 1)
			// with gaps between them, an invalid token, InlineDataSize bytes.
			first := n / 2
			sgl := []ndk.SGE{
				{VirtualAddress: src.VA, Length: uint32(first), MemoryRegionToken: bogus},
				{VirtualAddress: src.VA + uint64(first) + 32, Length: uint32(n - first), MemoryRegionToken: bogus},
			}
			if first == 0 {
				sgl = sgl[1:]
			}
			want := append(append([]byte{}, src.Buf[:first]...), src.Buf[first+32:n+32]...)
			suite.Step().Expect(c.PassiveQP.Receive("receive", dst.SGE(0, n))).To(Equal(ndk.StatusSuccess), "NdkReceive")
			suite.Rule("QP-10").Expect(c.ActiveQP.Send("inline send", ndk.OpFlagInline, sgl...)).To(Equal(ndk.StatusSuccess),
				"NdkSend with INLINE, %d SGE(s) (MaxInitiatorRequestSge 1) with an invalid token, %d bytes (InlineDataSize %d)", len(sgl), n, inline)
			suite.Rule("QP-10").Expect(c.ActiveQP.Write("inline write", dst.VA+uint64(2*n), dtoken, ndk.OpFlagInline, sgl...)).To(Equal(ndk.StatusSuccess),
				"NdkWrite with INLINE, %d SGE(s) (MaxInitiatorRequestSge 1) with an invalid token, %d bytes (InlineDataSize %d)", len(sgl), n, inline)
			got := wrCollect(p, c.ActiveQP.InitiatorCQ, map[any]any{"inline send": c.ctxA, "inline write": c.ctxA}, "QP-4", "QP-4", "QP-3")
			for ctx, r := range got {
				suite.Rule("QP-10").Expect(r.Status).To(Equal(ndk.StatusSuccess), "the %v, whose token the provider ignores", ctx)
			}
			gotR := wrCollect(p, c.PassiveQP.ReceiveCQ, map[any]any{"receive": c.ctxB}, "QP-4", "QP-4", "QP-3")
			suite.Rule("QP-10").Expect(gotR["receive"].Status).To(Equal(ndk.StatusSuccess), "the receive of the inline send")
			db := dst.Bytes()
			suite.Rule("QP-10").Expect(bytes.Equal(db[:n], want)).To(BeTrue(), "the inline send's bytes arrive")
			suite.Rule("QP-10").Expect(bytes.Equal(db[2*n:3*n], want)).To(BeTrue(), "the inline write's bytes arrive")
		})

		suite.It(suite.Rules{"QP-14"}, "an NdkRead reaching exactly to the end of the remote region succeeds; one reaching a byte past it fails with STATUS_REMOTE_RESOURCES, inline or in its completion", func() {
			c := wrConnectDepth(p, 8)
			const size = 4096
			remote := wrRegion(c.PassiveQP, size, wrRemoteAccess)
			remote.Store(0, wrPattern(size, 44))
			_, rtoken := remote.Tokens()
			sink := wrRegion(c.ActiveQP, 2*size, wrSinkAccess)
			suite.Step().Expect(c.ActiveQP.Read("read to the end", remote.VA+size-100, rtoken, 0, sink.SGE(0, 100))).To(Equal(ndk.StatusSuccess), "NdkRead of the region's last 100 bytes")
			got := wrCollect(p, c.ActiveQP.InitiatorCQ, map[any]any{"read to the end": c.ctxA}, "QP-4", "QP-4", "QP-3")
			suite.Rule("QP-14").Expect(got["read to the end"].Status).To(Equal(ndk.StatusSuccess), "a read that ends exactly at the end of the remote region")
			suite.Step().Expect(bytes.Equal(sink.Bytes()[:100], wrPattern(size, 44)[size-100:])).To(BeTrue(), "the read's bytes")

			// RemoteAddress with an offset the consumer added, one byte past.
			st := c.ActiveQP.Read("read past the end", remote.VA+size-100, rtoken, 0, sink.SGE(size, 101))
			if st == ndk.StatusSuccess {
				got = wrCollect(p, c.ActiveQP.InitiatorCQ, map[any]any{"read past the end": c.ctxA}, "QP-4", "QP-4", "QP-3")
				st = got["read past the end"].Status
			}
			suite.Rule("QP-14").Expect(st).To(Equal(ndk.StatusRemoteResources), "a read reaching one byte past the end of the remote region")
		})
	})
})
