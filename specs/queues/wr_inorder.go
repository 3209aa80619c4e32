package queues

import (
	"fmt"
	"runtime"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// AI-4: an adapter that sets NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED
// "writes incoming data into the consumer's buffer in order. That is, the
// last byte position in the consumer's buffer is guaranteed not to be
// updated before any prior byte position" (ns-ndkinfo-ndk_adapter_info).
//
// The spec watches a buffer while a large transfer lands in it (the target
// of a Write, the sink of a Read, the buffer of a Receive) without touching it: the watcher is an
// RDMA Read of the buffer through a second connection between the same
// PDs, a provider operation, so the buffer is only ever accessed by the
// provider until the transfer completes. Each round reads the buffer's last
// byte; once a round has seen it written, probe Reads of earlier bytes,
// posted after that Read completed, must find every byte written. The
// buffer holds one pattern before and another after (they differ at every
// byte), and nothing else writes it, so a byte seen with its old value
// after the last byte was seen with its new one was written after it.

const (
	aiSize     = 8 << 20 // bytes of the transfer watched
	aiProbes   = 8       // probe Reads a round, spread over the buffer
	aiProbeLen = 1024    // bytes a probe Read
)

// aiInOrder reports whether the adapter a sets
// NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED.
func aiInOrder(a *suite.Adapter) bool {
	return a.Info().AdapterFlags&ndk.AdapterFlagInOrderDMASupported != 0
}

// aiConns is two connections between the same two PDs: data carries the
// transfer watched, watch the Reads that watch it.
type aiConns struct {
	data, watch *suite.Connection
	pdA, pdB    *suite.PD
}

func aiConnect(p *suite.Pair) *aiConns {
	GinkgoHelper()
	pdA, pdB := p.A.CreatePD().MustObject(), p.B.CreatePD().MustObject()
	qp := func(a *suite.Adapter, pd *suite.PD, side string) *suite.QP {
		cq := a.CreateCQ(4 * aiProbes).MustObject()
		params := wrParams(&wrQPContext{side}, 2*aiProbes)
		params.ReceiveCQ, params.InitiatorCQ = cq.CQ, cq.CQ
		return pd.CreateQPWith(params, cq, cq).MustObject()
	}
	l := p.B.MustCreateListener()
	l.MustListen(0)
	data := p.MustConnectQPs(l, qp(p.A, pdA, "A"), qp(p.B, pdB, "B"))
	watch := p.MustConnectQPs(l, qp(p.A, pdA, "A (watcher)"), qp(p.B, pdB, "B (watcher)"))
	return &aiConns{data: data, watch: watch, pdA: pdA, pdB: pdB}
}

// aiRegion registers n bytes on pd with flags.
func aiRegion(pd *suite.PD, n int, flags uint32) *suite.MR {
	GinkgoHelper()
	mr := pd.CreateMR(false).MustObject()
	suite.MustSucceed(mr.Register(make([]byte, n), flags))
	return mr
}

// aiWait takes n completions from cq, polling without pause (a watcher
// that sleeps sees too little of a transfer), until the spec's time-out.
func aiWait(p *suite.Pair, cq *suite.CQ, n int) []ndk.ResultEx {
	GinkgoHelper()
	var got []ndk.ResultEx
	for end := suite.NewDeadline(p.Timeout()); len(got) < n && !end.Passed(); {
		got = append(got, cq.Poll()...)
		runtime.Gosched()
	}
	if len(got) < n {
		got = append(got, cq.WaitResults("", n-len(got))...)
	}
	return got
}

// aiWatch watches the n-byte buffer at remote address va (token) through
// the QP watcher, whose sinks are sink, until the transfer call completes
// on the CQ done (the initiator's CQ of a Write or Read, the receiver's of a
// Receive). old and fresh are the buffer's bytes before and after.
func aiWatch(p *suite.Pair, call, what string, watcher *suite.QP, sink *suite.MR, va uint64, token uint32, old, fresh []byte, done *suite.CQ) {
	GinkgoHelper()
	n := len(fresh)
	wcq := watcher.InitiatorCQ
	var finished []ndk.ResultEx
	seen := 0 // rounds that saw the last byte written before the transfer completed
	deadline := suite.NewDeadline(p.Timeout())
	for round := 0; len(finished) == 0; round++ {
		if deadline.Passed() {
			finished = append(finished, done.WaitResults("QP-4", 1)...)
			break
		}
		suite.Step().Expect(watcher.Read("watch last byte", va+uint64(n-1), token, 0, sink.SGE(0, 1))).To(Equal(ndk.StatusSuccess),
			"NdkRead of the last byte of the %s through the second connection", what)
		r := aiWait(p, wcq, 1)
		suite.Step().Expect(r[0].Status).To(Equal(ndk.StatusSuccess), "the NdkRead of the last byte of the %s", what)
		last := sink.Buf[:1]
		suite.PullMemory(last)
		if last[0] == fresh[n-1] {
			seen++
			// Probes of earlier bytes, at offsets that move from round
			// to round; posted after the last byte was seen written.
			offs := make([]int, aiProbes)
			for i := range offs {
				offs[i] = (i*(n/aiProbes) + round*997*aiProbeLen/8) % (n - aiProbeLen)
				suite.Step().Expect(watcher.Read(i, va+uint64(offs[i]), token, 0, sink.SGE(1+i*aiProbeLen, aiProbeLen))).To(Equal(ndk.StatusSuccess),
					"NdkRead probe %d of the %s through the second connection", i, what)
			}
			for _, r := range aiWait(p, wcq, aiProbes) {
				suite.Step().Expect(r.Status).To(Equal(ndk.StatusSuccess), "probe NdkRead %v of the %s", r.RequestContext, what)
			}
			got := sink.Buf[1 : 1+aiProbes*aiProbeLen]
			suite.PullMemory(got)
			for i, off := range offs {
				for j := range aiProbeLen {
					if b := got[i*aiProbeLen+j]; b == old[off+j] && b != fresh[off+j] {
						suite.Violate(finding.Violation{Rule: "AI-4", Call: call,
							Expected: fmt.Sprintf("the adapter sets NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED: no byte of the %d-byte %s is written after its last byte", n, what),
							Observed: fmt.Sprintf("an NdkRead through a second connection saw the last byte (offset %d) written (round %d of the watch); a later NdkRead saw offset %d still holding its old value %#02x (the new one is %#02x)",
								n-1, round+1, off+j, b, fresh[off+j])})
					}
				}
			}
		}
		finished = done.Poll()
	}
	suite.Step().Expect(finished[0].Status).To(Equal(ndk.StatusSuccess), "the %s", call)
	GinkgoWriter.Printf("%s: %d watch rounds saw the last byte of the %s written while in flight\n", call, seen, what)
}

var _ = Describe("In-order DMA: NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED", Label("queues"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"AI-4"}, "while a large NdkWrite lands in the peer's buffer, a large NdkRead in a local one and a large NdkSend in the peer's NdkReceive, an NdkRead of the buffer through a second connection never sees its last byte written before an earlier byte", func() {
			inB, inA := aiInOrder(p.B), aiInOrder(p.A)
			if !inA && !inB {
				suite.NotApplicable("no NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED", "the adapter makes no promise about the order in which a transfer's bytes land")
			}
			n := aiSize
			if m := int(min(p.A.Info().MaxTransferLength, p.B.Info().MaxTransferLength)); m > 0 && m < n {
				n = m
			}
			if n < 4*aiProbeLen {
				suite.NotApplicable(fmt.Sprintf("MaxTransferLength %d", n), "a transfer that short lands too fast to watch")
			}
			c := aiConnect(p)
			old, fresh := wrPattern(n, 0x11), wrPattern(n, 0x12) // they differ at every byte
			sinkLen := 1 + aiProbes*aiProbeLen

			if inB {
				// A Write from A lands in B's buffer; A watches it through
				// the second connection.
				src := aiRegion(c.pdA, n, ndk.MRFlagAllowLocalWrite)
				src.Store(0, fresh)
				tgt := aiRegion(c.pdB, n, wrRemoteAccess)
				tgt.Store(0, old)
				_, token := tgt.Tokens()
				sink := aiRegion(c.pdA, sinkLen, wrSinkAccess)
				suite.Step().Expect(c.data.ActiveQP.Write("large write", tgt.VA, token, 0, src.SGE(0, n))).To(Equal(ndk.StatusSuccess), "NdkWrite of %d bytes", n)
				aiWatch(p, "NdkWrite", "target of the NdkWrite", c.watch.ActiveQP, sink, tgt.VA, token, old, fresh, c.data.ActiveQP.InitiatorCQ)
			}
			if inA {
				// A Read by A lands in A's buffer; B watches it through the
				// second connection.
				src := aiRegion(c.pdB, n, wrRemoteAccess)
				src.Store(0, fresh)
				_, stoken := src.Tokens()
				dst := aiRegion(c.pdA, n, wrSinkAccess|ndk.MRFlagAllowRemoteRead)
				dst.Store(0, old)
				_, dtoken := dst.Tokens()
				sink := aiRegion(c.pdB, sinkLen, wrSinkAccess)
				suite.Step().Expect(c.data.ActiveQP.Read("large read", src.VA, stoken, 0, dst.SGE(0, n))).To(Equal(ndk.StatusSuccess), "NdkRead of %d bytes", n)
				aiWatch(p, "NdkRead", "sink of the NdkRead", c.watch.PassiveQP, sink, dst.VA, dtoken, old, fresh, c.data.ActiveQP.InitiatorCQ)
			}
			if inB {
				// A Send from A lands in the buffer of B's Receive; A
				// watches it through the second connection.
				src := aiRegion(c.pdA, n, ndk.MRFlagAllowLocalWrite)
				src.Store(0, fresh)
				rbuf := aiRegion(c.pdB, n, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteRead)
				rbuf.Store(0, old)
				_, token := rbuf.Tokens()
				sink := aiRegion(c.pdA, sinkLen, wrSinkAccess)
				suite.Step().Expect(c.data.PassiveQP.Receive("large receive", rbuf.SGE(0, n))).To(Equal(ndk.StatusSuccess), "NdkReceive of %d bytes", n)
				suite.Step().Expect(c.data.ActiveQP.Send("large send", 0, src.SGE(0, n))).To(Equal(ndk.StatusSuccess), "NdkSend of %d bytes", n)
				aiWatch(p, "NdkReceive", "buffer of the NdkReceive a large NdkSend lands in", c.watch.ActiveQP, sink, rbuf.VA, token, old, fresh, c.data.PassiveQP.ReceiveCQ)
				r := c.data.ActiveQP.InitiatorCQ.WaitResults("QP-4", 1)
				suite.Step().Expect(r[0].Status).To(Equal(ndk.StatusSuccess), "the NdkSend")
			}
		})
	})
})
