package endpoints

import (
	"fmt"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The Ex clauses of the connection set-up rules: NdkCompleteConnectEx
// fails as NdkCompleteConnect does (CN-7.ex), NdkAcceptEx as NdkAccept
// does (CN-8.ex), with the statuses nc-ndkpi-ndk_fn_complete_connect_ex.md
// and nc-ndkpi-ndk_fn_accept_ex.md name. The calls are NDKPI 2.1's: each
// spec is not applicable on an adapter that declares an earlier version
// (suite.Adapter.NeedsEx), and not verified when the driver's connectors
// are no ndk.ConnectorEx.

// needsEx skips the spec unless both sides' adapters declare NDKPI 2.1.
func needsEx(p *suite.Pair, what string) {
	GinkgoHelper()
	p.A.NeedsEx(what)
	p.B.NeedsEx(what)
}

// handshakeToAcceptEx is handshakeToAccept with NdkAcceptEx.
func handshakeToAcceptEx(p *suite.Pair, l *suite.Listener) (*suite.Connector, *suite.Connector, *suite.Op) {
	GinkgoHelper()
	c := p.A.MustCreateConnector()
	qp := p.A.MustQP()
	connect := c.Connect(qp, p.A.AddrPort(0), l.MustLocalAddress(), nil)
	passive := l.NextRequest()
	accept := passive.AcceptEx(p.B.MustQP(), nil)
	suite.MustSucceed(connect)
	return c, passive, accept
}

var _ = Describe("The connector calls of NDKPI 2.1, clause by clause", Label("endpoints"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"CN-7"}, "NdkCompleteConnectEx fails with STATUS_CONNECTION_INVALID, inline or through its completion, on a connector that is not connecting: a new one, one whose connect was refused, and one connected with NdkCompleteConnectEx and NdkAcceptEx", Label(clause("CN-7.ex")), func() {
			needsEx(p, "NdkCompleteConnectEx on a connector that is not connecting")
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			fresh := p.A.MustCreateConnector()
			suite.Rule("CN-7").Expect(fresh.CompleteConnectEx().Wait()).To(Equal(ndk.StatusConnectionInvalid), "NdkCompleteConnectEx on a connector that never connected")

			refused := p.A.MustCreateConnector()
			connect := refused.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
			suite.Step().Expect(l.NextRequest().Reject(nil)).To(Equal(ndk.StatusSuccess), "NdkReject")
			suite.Step().Expect(connect.Wait()).To(Equal(ndk.StatusConnectionRefused), "the rejected NdkConnect")
			suite.Rule("CN-7").Expect(refused.CompleteConnectEx().Wait()).To(Equal(ndk.StatusConnectionInvalid), "NdkCompleteConnectEx on a connector whose connect was refused")

			c, _, accept := handshakeToAcceptEx(p, l)
			suite.MustSucceed(c.CompleteConnectEx())
			suite.MustSucceed(accept)
			suite.Rule("CN-7").Expect(c.CompleteConnectEx().Wait()).To(Equal(ndk.StatusConnectionInvalid), "a second NdkCompleteConnectEx on a connected connector")
		})

		suite.It(suite.Rules{"CN-7"}, "NdkCompleteConnectEx fails with STATUS_CONNECTION_ABORTED, inline or through its completion, when the accepting side closed its connector with its NdkAcceptEx pending", Label(clause("CN-7.ex")), func() {
			needsEx(p, "NdkCompleteConnectEx after the accepting peer gave up")
			l := p.B.MustCreateListener()
			l.MustListen(0)
			timedOut := 0
			for range attempts {
				start := time.Now()
				c, passive, accept := handshakeToAcceptEx(p, l)
				// As for NdkAccept: the accepting side can give up only
				// once NdkAcceptEx returned (LT-8).
				if _, returned := accept.ReturnedWithin(p.Settle()); !returned {
					if st := c.CompleteConnectEx().Wait(); st != ndk.StatusIOTimeout {
						suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkCompleteConnectEx")
					}
					accept.Wait()
					continue
				}
				suite.MustSucceed(passive.Close())
				accept.WaitFor(p.Timeout()) // cancelled by the close (LT-26)
				time.Sleep(p.Settle())      // for the news to reach side A
				st := c.CompleteConnectEx().Wait()
				if setUpTimedOut(p, st, start) {
					timedOut++
					continue
				}
				suite.Rule("CN-7").Expect(st).To(Equal(ndk.StatusConnectionAborted),
					"NdkCompleteConnectEx after the accepting side closed its connector with NdkAcceptEx pending")
				return
			}
			suite.NotObservable(fmt.Sprintf("in %d tries, NdkAcceptEx never returned before the handshake ended, so the accepting side could not give up (a consumer closes a connector only once its calls returned, LT-8)%s", attempts, timedOutNote(timedOut)))
		})

		suite.It(suite.Rules{"CN-8", "CN-7"}, "when the connecting side never calls NdkCompleteConnectEx, NdkAcceptEx fails with STATUS_IO_TIMEOUT after the provider's time-out; the late NdkCompleteConnectEx then fails with STATUS_IO_TIMEOUT, and set-up is over (a further one fails with STATUS_CONNECTION_INVALID)", suite.Long, Label(clause("CN-8.ex"), clause("CN-7.ex")), func() {
			needsEx(p, "NdkAcceptEx and NdkCompleteConnectEx after set-up timed out")
			l := p.B.MustCreateListener()
			l.MustListen(0)
			c, _, accept := handshakeToAcceptEx(p, l)
			st, done := accept.WaitFor(p.Timeout())
			if !done {
				suite.MustSucceed(c.CompleteConnectEx())
				suite.MustSucceed(accept)
				failSlowSetUp(p, accept, "CN-8", "NdkAcceptEx whose connecting peer does not call NdkCompleteConnectEx")
				suite.NotConfigured(fmt.Sprintf("NdkAcceptEx did not time out within --timeout %v while the connecting side did not call NdkCompleteConnectEx: the provider's set-up time-out is longer (run with a longer --timeout)", p.Timeout()))
			}
			suite.Rule("CN-8").Expect(st).To(Equal(ndk.StatusIOTimeout), "NdkAcceptEx whose connecting peer never called NdkCompleteConnectEx")
			suite.Rule("CN-7").Expect(c.CompleteConnectEx().Wait()).To(Equal(ndk.StatusIOTimeout), "NdkCompleteConnectEx after set-up timed out")
			suite.Rule("CN-7").Expect(c.CompleteConnectEx().Wait()).To(Equal(ndk.StatusConnectionInvalid), "NdkCompleteConnectEx once set-up timed out: the connector is no longer connecting")
		})

		suite.It(suite.Rules{"CN-8"}, "NdkAcceptEx fails with STATUS_CONNECTION_ABORTED, inline or through its completion, when the connecting side closes its connector after its connect completed, and when it closed it with its connect pending", Label(clause("CN-8.ex")), func() {
			needsEx(p, "NdkAcceptEx after the connecting peer gave up")
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			c, _, accept := handshakeToAcceptEx(p, l)
			suite.MustSucceed(c.Close())
			suite.Rule("CN-8").Expect(accept.WaitAnswered()).To(Equal(ndk.StatusConnectionAborted), "NdkAcceptEx whose connecting peer closed its connector")

			for range attempts {
				c := p.A.MustCreateConnector()
				connect := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
				passive := l.NextRequest()
				// Side A can give up only once its NdkConnect returned.
				if _, returned := connect.ReturnedWithin(p.Settle()); !returned {
					passive.Reject(nil)
					connect.Wait()
					continue
				}
				suite.MustSucceed(c.Close())
				connect.WaitFor(p.Timeout()) // cancelled by the close (LT-26)
				time.Sleep(p.Settle())       // for the news to reach side B
				suite.Rule("CN-8").Expect(passive.AcceptEx(p.B.MustQP(), nil).Wait()).To(Equal(ndk.StatusConnectionAborted), "NdkAcceptEx of a request whose connecting side closed its connector")
				return
			}
			// The first part concluded; the second depends on how the
			// provider completes NdkConnect, which it chooses.
		})
	})
})
