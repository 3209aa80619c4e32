package disconnect

import (
	"bytes"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("The NetworkDirect disconnect scheme", Label("disconnect"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		It("DS-3, DS-6, CN-15: when side A disconnects, its NdkDisconnect succeeds and side B gets exactly one disconnect indication; A gets none", Label("DS-3", "DS-6", "CN-15", "DS-2"), func() {
			conn := connect(p)
			Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "DS-4: a graceful NdkDisconnect the peer answered completes with success")
			expectIndications(p, conn.Passive, 1, "DS-3/DS-6/CN-15", "its peer disconnected gracefully")
			expectIndications(p, conn.Active, 0, "DS-2", "an indication is not delivered for the consumer's own NdkDisconnect")
		})

		It("DS-2: closing a connected connector gives its own consumer no disconnect indication; the peer gets one", Label("DS-2", "DS-6", "CN-15"), func() {
			conn := connect(p)
			suite.MustSucceed(conn.Active.Close())
			expectIndications(p, conn.Passive, 1, "DS-6", "its peer's connector was closed (an abort, or a graceful disconnect)")
		})

		It("DS-6, DS-7: a side that already called NdkDisconnect gets no indication for the peer's disconnect that follows; both complete", Label("DS-6", "DS-2"), func() {
			conn := connect(p)
			Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect on side A")
			Eventually(conn.Passive.DisconnectEvents).WithTimeout(p.Timeout()).Should(Equal(1), "DS-6: side B's indication")
			// B answers with its own disconnect: its connection is gone already,
			// and A, which disconnected first, must not be told again.
			conn.Passive.Disconnect().Wait()
			expectIndications(p, conn.Active, 0, "DS-6", "side A had already called NdkDisconnect")
		})

		It("DS-7, CN-15: both sides disconnecting at once both complete, with at most one indication each", Label("DS-6", "CN-15", "DS-10"), func() {
			conn := connect(p)
			a, b := conn.Active.Disconnect(), conn.Passive.Disconnect()
			_, okA := a.WaitFor(p.Timeout())
			_, okB := b.WaitFor(p.Timeout())
			Expect(okA).To(BeTrue(), "DS-10: side A's NdkDisconnect, issued at the same time as side B's, did not complete")
			Expect(okB).To(BeTrue(), "DS-10: side B's NdkDisconnect, issued at the same time as side A's, did not complete")
			Consistently(conn.Active.DisconnectEvents).WithTimeout(p.Settle()).Should(BeNumerically("<=", 1), "CN-15: at most one indication")
			Consistently(conn.Passive.DisconnectEvents).WithTimeout(p.Settle()).Should(BeNumerically("<=", 1), "CN-15: at most one indication")
		})

		It("DS-4: side A's NdkDisconnect does not complete while side B has not answered, and completes with success once it does", Label("DS-4", "DS-3"), func() {
			conn := connect(p)
			p.SetHostState(p.B, ndk.HostUnresponsive)
			disc := conn.Active.Disconnect()
			Consistently(disc.IsDone).WithTimeout(p.Settle()).Should(BeFalse(),
				"DS-4: NdkDisconnect completed before the peer's graceful-disconnect notice arrived")
			p.SetHostState(p.B, ndk.HostUp)
			Expect(disc.Wait()).To(Equal(ndk.StatusSuccess), "DS-4: NdkDisconnect once the peer answered")
			expectIndications(p, conn.Passive, 1, "DS-6", "its peer disconnected")
		})

		It("CN-17, DS-4, DS-10: NdkDisconnect to a peer that never answers fails with STATUS_IO_TIMEOUT, and the connection is fully closed", Label("CN-17", "DS-4", "DS-10"), func() {
			conn := connect(p)
			p.SetHostState(p.B, ndk.HostUnresponsive)
			Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusIOTimeout), "CN-17: a disconnect handshake that times out")
			Expect(conn.ActiveQP.Send("after", 0)).To(Equal(ndk.StatusConnectionInvalid),
				"DS-10: after NdkDisconnect completed (with failure), the QP is not connected: NdkSend fails with STATUS_CONNECTION_INVALID")
		})

		It("DS-2, DS-6: when side B's host goes away, side A, which had not disconnected, gets a disconnect indication", Label("DS-2", "DS-6"), func() {
			conn := connect(p)
			p.SetHostState(p.B, ndk.HostDown)
			expectIndications(p, conn.Active, 1, "DS-6", "its peer's host went away (an abort)")
		})

		It("DS-4: a pending NdkDisconnect completes with a failure status when the peer's host goes away", Label("DS-4", "DS-10"), func() {
			conn := connect(p)
			p.SetHostState(p.B, ndk.HostUnresponsive)
			disc := conn.Active.Disconnect()
			Consistently(disc.IsDone).WithTimeout(p.Settle()).Should(BeFalse(), "DS-4: NdkDisconnect completed while the peer had not answered")
			p.SetHostState(p.B, ndk.HostDown)
			st := disc.Wait()
			Expect(st.IsError()).To(BeTrue(), "DS-4: NdkDisconnect after the peer's host went away must complete with a failure status, got %v", st)
		})

		It("DS-5: NdkDisconnect does not complete before a large RDMA Write in flight, silent or not, has reached the peer's memory", Label("DS-5"), func() {
			conn := connect(p)
			const size = 8 << 20
			local := region(conn.ActiveQP, size, ndk.MRFlagAllowLocalWrite)
			fill(local.Buf, 3)
			remote := region(conn.PassiveQP, size, remoteAccess)
			_, rtoken := remote.Tokens()
			half := size / 2
			Expect(conn.ActiveQP.Write("write", remote.VA, rtoken, 0, local.SGE(0, half))).To(Equal(ndk.StatusSuccess), "NdkWrite")
			Expect(conn.ActiveQP.Write("silent write", remote.VA+uint64(half), rtoken, ndk.OpFlagSilentSuccess, local.SGE(half, half))).To(Equal(ndk.StatusSuccess), "NdkWrite with NDK_OP_FLAG_SILENT_SUCCESS")
			Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect")
			Expect(bytes.Equal(remote.Buf[:half], local.Buf[:half])).To(BeTrue(),
				"DS-5: NdkDisconnect completed before the RDMA Write's data was all in the peer's memory")
			Expect(bytes.Equal(remote.Buf[half:], local.Buf[half:])).To(BeTrue(),
				"DS-5: NdkDisconnect completed before the silent-success RDMA Write's data was all in the peer's memory")
		})

		It("DS-5: NdkDisconnect does not complete before a large RDMA Read in flight has filled the local buffer", Label("DS-5"), func() {
			conn := connect(p)
			const size = 8 << 20
			remote := region(conn.PassiveQP, size, remoteAccess)
			fill(remote.Buf, 5)
			local := region(conn.ActiveQP, size, sinkAccess)
			_, rtoken := remote.Tokens()
			Expect(conn.ActiveQP.Read("read", remote.VA, rtoken, ndk.OpFlagSilentSuccess, local.SGE(0, size))).To(Equal(ndk.StatusSuccess), "NdkRead")
			Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect")
			Expect(bytes.Equal(local.Buf, remote.Buf)).To(BeTrue(),
				"DS-5: NdkDisconnect completed before the RDMA Read's data was all in the local buffer")
		})

		It("QP-22, DS-10: after NdkDisconnect the QP is flushed: its posted receives complete with STATUS_CANCELLED, and sends from either side fail or are flushed", Label("QP-22", "DS-10"), func() {
			conn := connect(p)
			buf := region(conn.ActiveQP, 256, ndk.MRFlagAllowLocalWrite)
			for i := 0; i < 2; i++ {
				Expect(conn.ActiveQP.Receive(i, buf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive")
			}
			Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect")
			for _, r := range conn.ActiveQP.ReceiveCQ.WaitResults(2) {
				Expect(r.Status).To(Equal(ndk.StatusCancelled), "QP-22: a receive posted before the disconnect is flushed (request %v)", r.RequestContext)
			}
			Eventually(conn.Passive.DisconnectEvents).WithTimeout(p.Timeout()).Should(Equal(1), "DS-6: side B's indication")
			for _, side := range []*suite.QP{conn.ActiveQP, conn.PassiveQP} {
				st := side.Send("after", 0)
				if st == ndk.StatusSuccess {
					r := side.InitiatorCQ.WaitResults(1)
					Expect(r[0].Status).NotTo(Equal(ndk.StatusSuccess), "DS-10: a send after the disconnect completed must fail or be flushed, on %s", side)
				}
			}
		})

		It("DS-10: a disconnected connector cannot connect again, and its QP cannot be used for a new connection (there is no half-closed connection to reuse)", Label("DS-10"), func() {
			conn := connect(p)
			Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect")
			dst := conn.Listener.MustLocalAddress()
			Expect(conn.Active.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil).Wait()).NotTo(Equal(ndk.StatusSuccess),
				"DS-10: NdkConnect on a disconnected connector must fail")
			fresh := p.A.MustCreateConnector()
			Expect(fresh.Connect(conn.ActiveQP, p.A.AddrPort(0), dst, nil).Wait()).NotTo(Equal(ndk.StatusSuccess),
				"DS-10: NdkConnect with the QP of a disconnected connection must fail")
		})

		It("DS-12: NdkDisconnect with initiator requests still outstanding does not hang or crash; the requests complete", Label("DS-12"), func() {
			conn := connect(p)
			buf := region(conn.ActiveQP, 256, ndk.MRFlagAllowLocalWrite)
			// No receive is posted at the peer: these sends stay outstanding.
			for i := 0; i < 3; i++ {
				Expect(conn.ActiveQP.Send(i, 0, buf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkSend %d", i)
			}
			disc := conn.Active.Disconnect()
			_, ok := disc.WaitFor(p.Timeout())
			Expect(ok).To(BeTrue(), "DS-12: NdkDisconnect with outstanding sends did not complete within %v", p.Timeout())
			Expect(conn.ActiveQP.InitiatorCQ.WaitResults(3)).To(HaveLen(3), "DS-12: each outstanding send completes (flushed or failed)")
		})

		It("DS-8: work requests outstanding when the disconnect indication arrives still complete afterwards, each exactly once (the indication promises nothing about them, so they must not be lost)", Label("DS-8"), func() {
			conn := connect(p)
			buf := region(conn.PassiveQP, 256, ndk.MRFlagAllowLocalWrite)
			for i := 0; i < 3; i++ {
				Expect(conn.PassiveQP.Receive(i, buf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive %d on side B", i)
			}
			Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect on side A")
			Eventually(conn.Passive.DisconnectEvents).WithTimeout(p.Timeout()).Should(Equal(1), "DS-6: side B's indication")
			conn.Passive.Disconnect().Wait()
			results := conn.PassiveQP.ReceiveCQ.WaitResults(3)
			Expect(results).To(HaveLen(3), "DS-8: each receive outstanding at the indication completes once after it")
			seen := map[any]bool{}
			for _, r := range results {
				Expect(seen[r.RequestContext]).To(BeFalse(), "DS-8: receive %v completed twice", r.RequestContext)
				seen[r.RequestContext] = true
			}
		})

		It("CN-16: a disconnect indication caused by the peer's disconnect does not flush the side's outstanding work requests", Label("CN-16"), func() {
			conn := connect(p)
			buf := region(conn.PassiveQP, 256, ndk.MRFlagAllowLocalWrite)
			Expect(conn.PassiveQP.Receive("rx", buf.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive on side B")
			Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect on side A")
			Eventually(conn.Passive.DisconnectEvents).WithTimeout(p.Timeout()).Should(Equal(1), "DS-6: side B's indication")
			Consistently(conn.PassiveQP.ReceiveCQ.Poll).WithTimeout(p.Settle()).Should(BeEmpty(),
				"CN-16: side B's posted receive was flushed when the peer's disconnect was indicated")
		})
	})
})
