package disconnect

import (
	"bytes"
	"fmt"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("The NetworkDirect disconnect scheme", Label("disconnect"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"DS-3", "DS-6", "CN-15", "DS-2"}, "when side A disconnects, its NdkDisconnect succeeds and side B gets exactly one disconnect indication; A gets none", func() {
			conn := connect(p)
			suite.Rule("DS-4").Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "a graceful NdkDisconnect the peer answered completes with success")
			expectIndications(p, conn.Passive, 1, "DS-6 DS-3", "CN-15", "its peer disconnected gracefully")
			expectIndications(p, conn.Active, 0, "", "DS-2", "an indication is not delivered for the consumer's own NdkDisconnect")
		})

		suite.It(suite.Rules{"DS-2", "DS-6", "CN-15"}, "closing a connected connector gives its own consumer no disconnect indication; the peer gets one", func() {
			conn := connect(p)
			suite.MustSucceed(conn.Active.Close())
			expectIndications(p, conn.Passive, 1, "DS-6", "CN-15", "its peer's connector was closed (an abort, or a graceful disconnect)")
			expectIndications(p, conn.Active, 0, "", "DS-2", "an indication is not delivered for the consumer's own close of the connector")
		})

		suite.It(suite.Rules{"DS-6", "DS-2"}, "a side that already called NdkDisconnect gets no indication for the peer's disconnect that follows; both complete, the peer's with success even well after the first (its notice had arrived)", func() {
			conn := connect(p)
			suite.Step().Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect on side A")
			suite.Rule("DS-6").Eventually(conn.Passive.DisconnectEvents).WithTimeout(p.Timeout()).Should(Equal(1), "side B's indication")
			// B answers with its own disconnect, later than the disconnect
			// time-out the provider declares: A's graceful-disconnect notice
			// arrived, which is what B's NdkDisconnect needs to succeed
			// (DS-4); A, which disconnected first, must not be told again.
			wait := p.Settle()
			if d, ok := p.DeclaredTimeout("disconnect"); ok {
				wait += d
			}
			time.Sleep(wait)
			suite.Rule("DS-4").Expect(conn.Passive.Disconnect().Wait()).To(Equal(ndk.StatusSuccess),
				"side B's NdkDisconnect %v after side A's graceful-disconnect notice arrived", wait)
			// An indication here is for A's own disconnect (DS-2) or for
			// B's after A's own (DS-6): both forbid it.
			expectIndications(p, conn.Active, 0, "", "DS-6 DS-2", "side A had already called NdkDisconnect")
		})

		suite.It(suite.Rules{"CN-15"}, "both sides disconnecting at once both complete, with at most one indication each", func() {
			conn := connect(p)
			a, b := conn.Active.Disconnect(), conn.Passive.Disconnect()
			_, okA := a.WaitFor(p.Timeout())
			_, okB := b.WaitFor(p.Timeout())
			suite.Rule("DS-10").Expect(okA).To(BeTrue(), "side A's NdkDisconnect, issued at the same time as side B's, did not complete")
			suite.Rule("DS-10").Expect(okB).To(BeTrue(), "side B's NdkDisconnect, issued at the same time as side A's, did not complete")
			suite.Rule("CN-15").Consistently(conn.Active.DisconnectEvents).WithTimeout(p.Settle()).Should(BeNumerically("<=", 1), "at most one indication")
			suite.Rule("CN-15").Consistently(conn.Passive.DisconnectEvents).WithTimeout(p.Settle()).Should(BeNumerically("<=", 1), "at most one indication")
		})

		suite.It(suite.Rules{"DS-4"}, "side A's NdkDisconnect does not complete while side B has not answered, and completes with success once it does", func() {
			conn := connect(p)
			p.SetHostState(p.B, ndk.HostUnresponsive)
			issued := time.Now()
			disc := conn.Active.Disconnect()
			expectUnanswered(p, disc, issued, "its success once the peer answers")
			p.SetHostState(p.B, ndk.HostUp)
			st := disc.Wait()
			if st == ndk.StatusIOTimeout {
				// CN-17 allows the time-out once the provider's own has
				// passed: only a peer that answered before it (this
				// process descheduled no longer than that) charges DS-4.
				skipIfTimedOutLate(p, time.Since(issued), "side A's NdkDisconnect")
			}
			suite.Rule("DS-4").Expect(st).To(Equal(ndk.StatusSuccess), "NdkDisconnect once the peer answered")
			expectIndications(p, conn.Passive, 1, "DS-6", "CN-15", "its peer disconnected")
		})

		suite.It(suite.Rules{"CN-17", "DS-4", "DS-10"}, "NdkDisconnect to a peer that never answers fails with STATUS_IO_TIMEOUT, and the connection is fully closed", suite.Long, func() {
			conn := connect(p)
			p.SetHostState(p.B, ndk.HostUnresponsive)
			st := conn.Active.Disconnect().Wait()
			if st == ndk.StatusSuccess {
				suite.ViolateAll("DS-4 CN-17", suite.Violation{Call: "NdkDisconnect", Side: "A", Expected: "a failure (STATUS_IO_TIMEOUT) when the peer never answers", Observed: "it completed with STATUS_SUCCESS though no graceful-disconnect notice came"})
			}
			suite.Rule("CN-17").Expect(st).To(Equal(ndk.StatusIOTimeout), "a disconnect handshake that times out")
			expectNotConnected(conn.ActiveQP, "DS-10", "NdkDisconnect completed (with failure)")
		})

		suite.It(suite.Rules{"DS-6"}, "when either side's host goes away, the other side, which had not disconnected, gets one disconnect indication; a connection between two connectors of side A (where the adapter supports loopback connections) gets none when side B's host goes away", func() {
			// Side A's host first: the aborted connection of that round
			// stays open (its connectors are not closed) while side B's
			// host goes away in the second.
			for _, down := range []*suite.Adapter{p.A, p.B} {
				conn := connect(p)
				other := conn.Passive
				if down == p.B {
					other = conn.Active
				}
				var loop *suite.Connection
				if down == p.B && p.A.Info().AdapterFlags&ndk.AdapterFlagLoopbackConnectionsSupported != 0 {
					l := p.A.MustCreateListener()
					l.MustListen(0)
					loop = p.MustConnect(l)
				}
				p.SetHostState(down, ndk.HostDown)
				expectIndications(p, other, 1, "DS-6", "CN-15", fmt.Sprintf("its peer's host (side %s) went away (an abort)", down.Side))
				if loop != nil {
					// Neither end's provider saw a disconnect or an abort.
					expectIndications(p, loop.Active, 0, "", "DS-2", "side B's host went away, and the connection is between two connectors of side A")
					expectIndications(p, loop.Passive, 0, "", "DS-2", "side B's host went away, and the connection is between two connectors of side A")
				}
				p.SetHostState(down, ndk.HostUp)
			}
		})

		suite.It(suite.Rules{"DS-4"}, "NdkDisconnect on a connector that is not connected, a new one and one whose connect was refused, completes with a failure status, inline or through its completion: no peer can answer it", func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			fresh := p.A.MustCreateConnector()
			st := fresh.Disconnect().Wait()
			suite.Rule("DS-4").Expect(st.IsError()).To(BeTrue(), "NdkDisconnect on a connector that never connected must complete with a failure status (success needs the peer's graceful-disconnect notice), got %v", st)

			refused := p.A.MustCreateConnector()
			connect := refused.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
			suite.Step().Expect(l.NextRequest().Reject(nil)).To(Equal(ndk.StatusSuccess), "NdkReject")
			suite.Step().Expect(connect.Wait()).To(Equal(ndk.StatusConnectionRefused), "the rejected NdkConnect")
			st = refused.Disconnect().Wait()
			suite.Rule("DS-4").Expect(st.IsError()).To(BeTrue(), "NdkDisconnect on a connector whose connect was refused must complete with a failure status, got %v", st)
		})

		suite.It(suite.Rules{"DS-4"}, "a pending NdkDisconnect, also one issued with a large RDMA Write still in flight, completes with a failure status when the peer's host goes away", func() {
			conn := connect(p)
			p.SetHostState(p.B, ndk.HostUnresponsive)
			issued := time.Now()
			disc := conn.Active.Disconnect()
			expectUnanswered(p, disc, issued, "how it completes when the peer's host goes away")
			p.SetHostState(p.B, ndk.HostDown)
			st := disc.Wait()
			suite.Rule("DS-4").Expect(st.IsError()).To(BeTrue(), "NdkDisconnect after the peer's host went away must complete with a failure status, got %v", st)
			p.SetHostState(p.B, ndk.HostUp)

			// Again, with the host going away while the Write (DS-11
			// says the consumer should not, DS-12 lets the disconnect be
			// less than graceful) may still be in flight.
			conn = connect(p)
			const size = 64 << 20
			local := region(conn.ActiveQP, size, ndk.MRFlagAllowLocalWrite)
			remote := region(conn.PassiveQP, size, remoteAccess)
			_, rtoken := remote.Tokens()
			p.SetHostState(p.B, ndk.HostUnresponsive)
			suite.Step().Expect(conn.ActiveQP.Write("write", remote.VA, rtoken, 0, local.SGE(0, size))).To(Equal(ndk.StatusSuccess), "NdkWrite")
			disc = conn.Active.Disconnect()
			disc.ReturnedWithin(p.Settle()) // issued before the host goes (a provider may keep the call until the end)
			p.SetHostState(p.B, ndk.HostDown)
			st = disc.Wait()
			suite.Rule("DS-4").Expect(st.IsError()).To(BeTrue(), "NdkDisconnect, issued with an RDMA Write in flight, after the peer's host went away must complete with a failure status, got %v", st)
		})

		suite.It(suite.Rules{"DS-5"}, "NdkDisconnect does not complete before a large RDMA Write in flight, silent or not, has reached the peer's memory", func() {
			conn := connect(p)
			const size = 8 << 20
			local := region(conn.ActiveQP, size, ndk.MRFlagAllowLocalWrite)
			fill(local.Buf, 3)
			suite.PushMemory(local.Buf)
			remote := region(conn.PassiveQP, size, remoteAccess)
			_, rtoken := remote.Tokens()
			half := size / 2
			suite.Step().Expect(conn.ActiveQP.Write("write", remote.VA, rtoken, 0, local.SGE(0, half))).To(Equal(ndk.StatusSuccess), "NdkWrite")
			suite.Step().Expect(conn.ActiveQP.Write("silent write", remote.VA+uint64(half), rtoken, ndk.OpFlagSilentSuccess, local.SGE(half, half))).To(Equal(ndk.StatusSuccess), "NdkWrite with NDK_OP_FLAG_SILENT_SUCCESS")
			suite.Step().Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect")
			suite.PullMemory(remote.Buf)
			suite.Rule("DS-5").Expect(bytes.Equal(remote.Buf[:half], local.Buf[:half])).To(BeTrue(),
				"NdkDisconnect completed before the RDMA Write's data was all in the peer's memory")
			suite.Rule("DS-5").Expect(bytes.Equal(remote.Buf[half:], local.Buf[half:])).To(BeTrue(),
				"NdkDisconnect completed before the silent-success RDMA Write's data was all in the peer's memory")
		})

		suite.It(suite.Rules{"DS-5"}, "NdkDisconnect does not complete before a large RDMA Read in flight has filled the local buffer", func() {
			conn := connect(p)
			const size = 8 << 20
			remote := region(conn.PassiveQP, size, remoteAccess)
			fill(remote.Buf, 5)
			suite.PushMemory(remote.Buf)
			local := region(conn.ActiveQP, size, sinkAccess)
			_, rtoken := remote.Tokens()
			suite.Step().Expect(conn.ActiveQP.Read("read", remote.VA, rtoken, ndk.OpFlagSilentSuccess, local.SGE(0, size))).To(Equal(ndk.StatusSuccess), "NdkRead")
			suite.Step().Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect")
			suite.PullMemory(local.Buf)
			suite.Rule("DS-5").Expect(bytes.Equal(local.Buf, remote.Buf)).To(BeTrue(),
				"NdkDisconnect completed before the RDMA Read's data was all in the local buffer")
		})

		suite.It(suite.Rules{"QP-22", "DS-10"}, "after NdkDisconnect the QP is flushed: its posted receives complete with STATUS_CANCELLED, and sends from either side fail or are flushed", func() {
			conn := connect(p)
			buf := region(conn.ActiveQP, 256, ndk.MRFlagAllowLocalWrite)
			for i := 0; i < 2; i++ {
				suite.Step().Expect(conn.ActiveQP.Receive(i, buf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive")
			}
			suite.Step().Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect")
			for _, r := range conn.ActiveQP.ReceiveCQ.WaitResults("QP-22", 2) {
				suite.Rule("QP-22").Expect(r.Status).To(Equal(ndk.StatusCancelled), "a receive posted before the disconnect is flushed (request %v)", r.RequestContext)
			}
			suite.Rule("DS-6").Eventually(conn.Passive.DisconnectEvents).WithTimeout(p.Timeout()).Should(Equal(1), "side B's indication")
			for _, side := range []*suite.QP{conn.ActiveQP, conn.PassiveQP} {
				st := side.Send("after", 0)
				if st == ndk.StatusSuccess {
					r := side.InitiatorCQ.WaitResults("DS-10", 1)
					suite.Rule("DS-10").Expect(r[0].Status).NotTo(Equal(ndk.StatusSuccess), "a send after the disconnect completed must fail or be flushed, on %s", side)
				}
			}

			// A send side B posted before, still waiting for a receive,
			// does not land in a receive side A posts once its NdkDisconnect
			// completed: no data moves over a connection that is closed on
			// one side.
			conn = connect(p)
			bbuf := region(conn.PassiveQP, 64, ndk.MRFlagAllowLocalWrite)
			suite.Step().Expect(conn.PassiveQP.Send("waiting", 0, bbuf.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkSend on side B, no receive posted at side A")
			suite.Step().Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect on side A")
			abuf := region(conn.ActiveQP, 64, ndk.MRFlagAllowLocalWrite)
			conn.ActiveQP.Receive("late", abuf.SGE(0, 64)) // may fail: the QP is not connected
			succeeded := func(cq *suite.CQ, ctx string) func() bool {
				var seen bool
				return func() bool {
					for _, r := range cq.Poll() {
						seen = seen || r.RequestContext == ctx && r.Status == ndk.StatusSuccess
					}
					return seen
				}
			}
			suite.Rule("DS-10").Consistently(succeeded(conn.ActiveQP.ReceiveCQ, "late")).WithTimeout(p.Settle()).Should(BeFalse(),
				"a receive side A posted after its NdkDisconnect completed got side B's data")
			suite.Rule("DS-10").Consistently(succeeded(conn.PassiveQP.InitiatorCQ, "waiting")).WithTimeout(p.Settle()).Should(BeFalse(),
				"side B's send landed after side A's NdkDisconnect completed")
			// Nor once side A's connector is closed, when side B posts a
			// receive of its own.
			suite.MustSucceed(conn.Active.Close())
			conn.PassiveQP.Receive("after close", bbuf.SGE(0, 64))
			suite.Rule("DS-10").Consistently(succeeded(conn.PassiveQP.ReceiveCQ, "after close")).WithTimeout(p.Settle()).Should(BeFalse(),
				"a receive side B posted after side A's connector closed got data")
		})

		// DS-12 lets the provider disconnect less than gracefully here; it
		// must still complete the disconnect (DS-4) and flush the QP (QP-22).
		suite.It(suite.Rules{"DS-4"}, "NdkDisconnect with initiator requests still outstanding completes, and the requests complete", func() {
			conn := connect(p)
			buf := region(conn.ActiveQP, 256, ndk.MRFlagAllowLocalWrite)
			// No receive is posted at the peer: these sends stay outstanding.
			for i := 0; i < 3; i++ {
				suite.Step().Expect(conn.ActiveQP.Send(i, 0, buf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkSend %d", i)
			}
			disc := conn.Active.Disconnect()
			_, ok := disc.WaitFor(p.Timeout())
			suite.Rule("DS-4").Expect(ok).To(BeTrue(), "NdkDisconnect with outstanding sends completes within %v", p.Timeout())
			suite.Rule("QP-22").Expect(conn.ActiveQP.InitiatorCQ.WaitResults("QP-22", 3)).To(HaveLen(3), "each outstanding send completes (flushed or failed)")
		})

		// The indication itself promises nothing about them (DS-8); the
		// side's own NdkDisconnect flushes them (QP-22).
		suite.It(suite.Rules{"QP-22"}, "work requests outstanding when the disconnect indication arrives complete after the side's own NdkDisconnect, each exactly once", func() {
			conn := connect(p)
			buf := region(conn.PassiveQP, 256, ndk.MRFlagAllowLocalWrite)
			for i := 0; i < 3; i++ {
				suite.Step().Expect(conn.PassiveQP.Receive(i, buf.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive %d on side B", i)
			}
			suite.Step().Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect on side A")
			suite.Rule("DS-6").Eventually(conn.Passive.DisconnectEvents).WithTimeout(p.Timeout()).Should(Equal(1), "side B's indication")
			conn.Passive.Disconnect().Wait()
			results := conn.PassiveQP.ReceiveCQ.WaitResults("QP-22", 3)
			seen := map[any]bool{}
			for _, r := range results {
				suite.Rule("QP-22").Expect(seen[r.RequestContext]).To(BeFalse(), "receive %v completes once", r.RequestContext)
				seen[r.RequestContext] = true
			}
			suite.Rule("QP-22").Consistently(conn.PassiveQP.ReceiveCQ.Poll).WithTimeout(p.Settle()).Should(BeEmpty(), "no completion beyond one per posted receive")
		})

		suite.It(suite.Rules{"CN-16"}, "a disconnect indication caused by the peer's disconnect does not flush the side's outstanding work requests", func() {
			conn := connect(p)
			buf := region(conn.PassiveQP, 256, ndk.MRFlagAllowLocalWrite)
			suite.Step().Expect(conn.PassiveQP.Receive("rx", buf.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive on side B")
			suite.Step().Expect(conn.Active.Disconnect().Wait()).To(Equal(ndk.StatusSuccess), "NdkDisconnect on side A")
			suite.Rule("DS-6").Eventually(conn.Passive.DisconnectEvents).WithTimeout(p.Timeout()).Should(Equal(1), "side B's indication")
			suite.Rule("CN-16").Consistently(conn.PassiveQP.ReceiveCQ.Poll).WithTimeout(p.Settle()).Should(BeEmpty(),
				"side B's posted receive was flushed when the peer's disconnect was indicated")
		})
	})
})
