package endpoints

import (
	"fmt"
	"net/netip"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The compound connection rules, clause by clause: each spec is labelled
// with its rule and with the clause it covers (finding.ClauseLabel), and
// accepts every outcome the pages allow for it: a final status returned
// inline or delivered by the completion callback, and, where a page names
// several statuses for the situation, each of them. The specs that need a
// fault (a host that is down or does not answer) skip as not verified
// when the provider has no ndk.FaultInjector (suite.Pair.SetHostState); a
// spec that waits for a provider time-out skips as not configured when the
// provider's time-out is longer than --timeout.

// clause is the label of a clause a spec covers.
func clause(id string) string { return finding.ClauseLabel(id) }

// connectKind is a way to connect from side A: NdkConnect from port 0, or
// NdkConnectWithSharedEndpoint over a shared endpoint of side A.
type connectKind struct {
	name string
	se   bool
}

var connectKinds = []connectKind{{"NdkConnect", false}, {"NdkConnectWithSharedEndpoint", true}}

// connectVia connects a new connector of side A with a new QP to dst the
// way kind says (over se for NdkConnectWithSharedEndpoint) and returns the
// connector, the QP and the connect.
func connectVia(p *suite.Pair, kind connectKind, se *suite.SharedEndpoint, dst netip.AddrPort, data []byte) (*suite.Connector, *suite.QP, *suite.Op) {
	GinkgoHelper()
	c := p.A.MustCreateConnector()
	qp := p.A.MustQP()
	if kind.se {
		return c, qp, c.ConnectWithSharedEndpoint(se, qp, dst, data)
	}
	return c, qp, c.Connect(qp, p.A.AddrPort(0), dst, data)
}

// reachedOrDone waits until op is done or l delivered more than before
// connect events (before is l.ConnectEvents() from before op was issued);
// it reports whether the request reached the listener (and, if so, rejects
// it, so that op ends).
func reachedOrDone(p *suite.Pair, l *suite.Listener, op *suite.Op, before int) bool {
	GinkgoHelper()
	suite.Step().Eventually(func() bool { return op.IsDone() || l.ConnectEvents() > before }).WithTimeout(p.Timeout()).
		Should(BeTrue(), "%s completes or reaches the listener", op.Call)
	if l.ConnectEvents() > before {
		l.NextRequest().Reject(nil)
		return true
	}
	return false
}

// waitUntil polls cond until it holds or d passed; it reports whether it
// held.
func waitUntil(d time.Duration, cond func() bool) bool {
	deadline := suite.NewDeadline(d)
	for !cond() {
		if deadline.Passed() {
			return false
		}
		time.Sleep(time.Millisecond)
	}
	return true
}

// skipSlowTimeout ends the spec for op, issued while side's host was in a
// fault state, which did not end within the deadline. It puts the host back
// up first and gives op the deadline again, so that no call is left inside
// the provider for the cleanup (LT-8). A provider that declares its
// connection set-up time-out ("connect", ndk.TimeoutDeclarer; --timeout is
// longer) said op would have ended: the spec fails against rule. Otherwise
// the provider's time-out may be longer than --timeout: the spec skips as
// not configured (a longer --timeout would run it).
func skipSlowTimeout(p *suite.Pair, side *suite.Adapter, op *suite.Op, rule, what string) {
	GinkgoHelper()
	p.SetHostState(side, ndk.HostUp)
	op.WaitFor(p.Timeout())
	failSlowSetUp(p, op, rule, what)
	suite.NotConfigured(fmt.Sprintf("%s did not time out within --timeout %v: the provider's time-out is longer (run with a longer --timeout)", what, p.Timeout()))
}

// failSlowSetUp fails the spec against rule when the provider declares
// its connection set-up time-out: op, a set-up call that did not end
// within --timeout, outlived the time-out the provider chose (CN-3: "Timeout
// values are selected by Network Direct providers").
func failSlowSetUp(p *suite.Pair, op *suite.Op, rule, what string) {
	GinkgoHelper()
	if d, ok := p.DeclaredTimeout("connect"); ok {
		suite.Violate(op.Violation(rule, fmt.Sprintf("%s ends, at the latest with STATUS_IO_TIMEOUT, within the connection set-up time-out the provider declares (%v; --timeout %v)", what, d, p.Timeout()),
			fmt.Sprintf("it had not ended after %v", p.Timeout())))
	}
}

// setUpTimedOut reports whether st, the status of an NdkCompleteConnect
// (Ex) whose connect started at start, is STATUS_IO_TIMEOUT at a time the
// provider's connection set-up time-out may have passed: CN-7 allows it
// then, whatever else happened to the connection meanwhile (on a slow
// machine the time-out can come before the news of the accepting side's
// close). Without a declared time-out it always may have.
func setUpTimedOut(p *suite.Pair, st ndk.Status, start time.Time) bool {
	if st != ndk.StatusIOTimeout {
		return false
	}
	d, ok := p.DeclaredTimeout("connect")
	return !ok || time.Since(start) >= d
}

// timedOutNote is the part of a not-observable reason that counts the
// tries setUpTimedOut left unjudged.
func timedOutNote(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; in %d of them the provider's set-up time-out passed first (STATUS_IO_TIMEOUT, which CN-7 allows then)", n)
}

// handshakeToAccept issues NdkConnect from a new connector of side A to l
// and NdkAccept on the connect event's connector, and waits for the
// connect to succeed. It returns the active connector, the passive one and
// the pending accept.
func handshakeToAccept(p *suite.Pair, l *suite.Listener) (*suite.Connector, *suite.Connector, *suite.Op) {
	GinkgoHelper()
	c := p.A.MustCreateConnector()
	qp := p.A.MustQP()
	connect := c.Connect(qp, p.A.AddrPort(0), l.MustLocalAddress(), nil)
	passive := l.NextRequest()
	accept := passive.Accept(p.B.MustQP(), nil)
	suite.MustSucceed(connect)
	return c, passive, accept
}

// attempts is how often a spec whose path depends on how the provider
// completes calls tries with fresh objects before it gives up as not
// observable.
const attempts = 5

var _ = Describe("Compound connection rules, clause by clause", Label("endpoints"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		// connectShared connects a new connector of side A over se to l.
		connectShared := func(se *suite.SharedEndpoint, l *suite.Listener) *suite.Connection {
			GinkgoHelper()
			c, qp, op := connectVia(p, connectKinds[1], se, l.MustLocalAddress(), nil)
			return p.MustHandshake(l, c, op, qp)
		}

		suite.It(suite.Rules{"CN-3"}, "over a shared endpoint, a connect to the remote address and port of an open connection fails with STATUS_ADDRESS_ALREADY_EXISTS (also after the close of a connector whose attempt on that 4-tuple was refused); once that connection's connector is closed, the same 4-tuple connects again", Label(clause("CN-3.tuple")), func() {
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			// A connector whose attempt on the 4-tuple was refused, closed
			// only once the 4-tuple is another connection's: its close
			// must leave that connection's 4-tuple alone.
			refused, _, op := connectVia(p, connectKinds[1], se, dst, nil)
			suite.Step().Expect(l.NextRequest().Reject(nil)).To(Equal(ndk.StatusSuccess), "NdkReject")
			suite.Step().Expect(op.Wait()).To(Equal(ndk.StatusConnectionRefused), "the rejected NdkConnectWithSharedEndpoint")
			first := connectShared(se, l)
			suite.MustSucceed(refused.Close())

			before := l.ConnectEvents()
			_, _, dup := connectVia(p, connectKinds[1], se, dst, nil)
			if reachedOrDone(p, l, dup, before) {
				suite.Violate(dup.Violation("CN-3", fmt.Sprintf("STATUS_ADDRESS_ALREADY_EXISTS for the 4-tuple %v -> %v of an open connection", first.ActiveAddr, dst),
					"the connect request reached the peer's listener"))
			}
			suite.Rule("CN-3").Expect(dup.Wait()).To(Equal(ndk.StatusAddressAlreadyExists),
				"NdkConnectWithSharedEndpoint duplicating the 4-tuple %v -> %v of an open connection", first.ActiveAddr, dst)

			// The other side of the clause: the 4-tuple of a connection that
			// no longer exists is no reason to fail.
			suite.MustSucceed(first.Active.Close())
			before = l.ConnectEvents()
			c, qp, again := connectVia(p, connectKinds[1], se, dst, nil)
			suite.Step().Eventually(func() bool { return again.IsDone() || l.ConnectEvents() > before }).WithTimeout(p.Timeout()).
				Should(BeTrue(), "NdkConnectWithSharedEndpoint to %v completes or reaches the listener", dst)
			if again.IsDone() {
				if st := again.Wait(); st != ndk.StatusSuccess {
					suite.Violate(again.Violation("CN-3", fmt.Sprintf("the 4-tuple %v -> %v connects once the connector that had it is closed (no connection has it)", first.ActiveAddr, dst), st.String()))
				}
			}
			p.MustHandshake(l, c, again, qp)
		})

		suite.It(suite.Rules{"CN-3", "CN-8"}, "NdkConnect to a host that is down, or from a host that is down, fails with STATUS_HOST_UNREACHABLE or STATUS_NETWORK_UNREACHABLE (or STATUS_IO_TIMEOUT, for a provider that only hears nothing back), inline or through its completion (also when the host goes down mid-handshake, and then the accept fails too); once the host is up, a connect succeeds", Label(clause("CN-3.unreachable")), func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			unreachable := []ndk.Status{ndk.StatusHostUnreachable, ndk.StatusNetworkUnreachable, ndk.StatusIOTimeout}
			for _, down := range []*suite.Adapter{p.B, p.A} {
				p.SetHostState(down, ndk.HostDown)
				c := p.A.MustCreateConnector()
				qp := p.A.MustQP()
				before := l.ConnectEvents()
				op := c.Connect(qp, p.A.AddrPort(0), dst, nil)
				if !waitUntil(p.Timeout(), func() bool { return op.IsDone() || l.ConnectEvents() > before }) {
					skipSlowTimeout(p, down, op, "CN-3", fmt.Sprintf("NdkConnect while side %s's host is down", down.Side))
				}
				if l.ConnectEvents() > before {
					l.NextRequest().Reject(nil)
					suite.Violate(op.Violation("CN-3", fmt.Sprintf("the connect fails: side %s's host is down", down.Side), l.LastConnectEvent()+": the request reached the listener"))
				}
				suite.Rule("CN-3").Expect(op.Wait()).To(BeElementOf(unreachable),
					"NdkConnect from side A to %v while side %s's host is down: STATUS_HOST_UNREACHABLE or STATUS_NETWORK_UNREACHABLE (STATUS_IO_TIMEOUT if the provider cannot tell)", dst, down.Side)
				p.SetHostState(down, ndk.HostUp)
			}
			// A host going down mid-handshake: the connect (its request
			// delivered, not yet accepted) fails, and the accept of the
			// request fails too, whichever side's host went.
			for _, down := range []*suite.Adapter{p.A, p.B} {
				c := p.A.MustCreateConnector()
				op := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
				passive := l.NextRequest()
				p.SetHostState(down, ndk.HostDown)
				if !waitUntil(p.Timeout(), op.IsDone) {
					skipSlowTimeout(p, down, op, "CN-3", fmt.Sprintf("NdkConnect whose request was delivered, when side %s's host went down", down.Side))
				}
				st := op.Wait()
				suite.Rule("CN-3").Expect(st.IsError()).To(BeTrue(), "NdkConnect whose request was delivered, when side %s's host went down before the accept: a failure status, got %v", down.Side, st)
				accept := passive.Accept(p.B.MustQP(), nil)
				if !waitUntil(p.Timeout(), accept.IsDone) {
					skipSlowTimeout(p, down, accept, "CN-8", fmt.Sprintf("NdkAccept of a request whose connect failed when side %s's host went down", down.Side))
				}
				st = accept.Wait()
				suite.Rule("CN-8").Expect(st.IsError()).To(BeTrue(), "NdkAccept of a request whose connect failed when side %s's host went down: a failure status, got %v", down.Side, st)
				p.SetHostState(down, ndk.HostUp)
			}
			// The statuses are retryable: with both hosts up, a connect goes through.
			p.MustConnect(l)
		})

		suite.It(suite.Rules{"CN-3", "CN-6"}, "NdkConnect and NdkConnectWithSharedEndpoint are refused with STATUS_CONNECTION_REFUSED, inline or through their completion, when no listener listens on the port, when the listener's connect events are paused, and when the peer rejects the request", Label(clause("CN-3.refused")), func() {
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			gone := p.B.MustCreateListener()
			noListener := gone.MustListen(0)
			suite.MustSucceed(gone.Close())
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			for _, kind := range connectKinds {
				_, _, op := connectVia(p, kind, se, noListener, nil)
				suite.Rule("CN-3").Expect(op.Wait()).To(Equal(ndk.StatusConnectionRefused), "%s to %v, where no listener listens", kind.name, noListener)

				l.ControlConnectEvents(true)
				before := l.ConnectEvents()
				_, _, op = connectVia(p, kind, se, dst, nil)
				// A paused listener is no listener (CN-6), so the refusal is
				// CN-3's too.
				if reachedOrDone(p, l, op, before) {
					suite.ViolateAll("CN-3 CN-6", op.Violation("", "STATUS_CONNECTION_REFUSED while the listener's connect events are paused (as if no listener listened)", l.LastConnectEvent()+": the request was delivered"))
				}
				suite.Rule("CN-3", "CN-6").Expect(op.Wait()).To(Equal(ndk.StatusConnectionRefused), "%s to %v while its listener's connect events are paused", kind.name, dst)
				l.ControlConnectEvents(false)

				_, _, op = connectVia(p, kind, se, dst, nil)
				suite.Step().Expect(l.NextRequest().Reject(nil)).To(Equal(ndk.StatusSuccess), "NdkReject of the request")
				suite.Rule("CN-3").Expect(op.Wait()).To(Equal(ndk.StatusConnectionRefused), "%s the peer rejected", kind.name)
			}
		})

		suite.It(suite.Rules{"CN-3", "CN-6"}, "NdkConnect to a host that does not answer fails with STATUS_IO_TIMEOUT, inline or through its completion, after the provider's time-out (or as unreachable, if it does not answer address resolution either); the attempt may be retried on the same connector, and once the host answers, a connect succeeds (a request it held up is refused if its listener is paused or gone by then)", suite.Long, Label(clause("CN-3.timeout")), func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			p.SetHostState(p.B, ndk.HostUnresponsive)
			c := p.A.MustCreateConnector()
			qp := p.A.MustQP()
			op := c.Connect(qp, p.A.AddrPort(0), dst, nil)
			st, done := op.WaitFor(p.Timeout())
			if !done {
				skipSlowTimeout(p, p.B, op, "CN-3", "NdkConnect to side B's unresponsive host")
			}
			if st == ndk.StatusHostUnreachable || st == ndk.StatusNetworkUnreachable {
				// A host that answers nothing, not even address resolution
				// (ARP, neighbour discovery), is unreachable: CN-3 allows
				// that status, and the time-out was never reached.
				p.SetHostState(p.B, ndk.HostUp)
				suite.NotObservable(fmt.Sprintf("NdkConnect to side B's unresponsive host failed with %v (CN-3 allows it: the host did not answer address resolution) before any time-out", st))
			}
			suite.Rule("CN-3").Expect(st).To(Equal(ndk.StatusIOTimeout), "NdkConnect to %v, whose host does not answer", dst)

			// "The connection attempt may be retried": on the same
			// connector with the same QP, the host still silent, and then
			// answering. The retry times out again (its request was lost)
			// or goes through; the attempt that timed out is over either
			// way, so at most one connection comes of the two.
			retry := c.Connect(qp, p.A.AddrPort(0), dst, nil)
			retry.ReturnedWithin(p.Settle()) // issued while the host is silent (a provider may keep the call until the end)
			p.SetHostState(p.B, ndk.HostUp)
			suite.Step().Eventually(func() bool { return retry.IsDone() || l.ConnectEvents() > 0 }).WithTimeout(p.Timeout()).
				Should(BeTrue(), "the retried NdkConnect completes or reaches the listener once the host answers")
			if st, done := retry.WaitFor(0); done {
				suite.Rule("CN-3").Expect(st).To(Equal(ndk.StatusIOTimeout), "the NdkConnect retried while the host did not answer, which then answered")
			} else {
				p.MustHandshake(l, c, retry, qp)
			}
			p.MustConnect(l)
			suite.Rule("CN-3").Consistently(l.ConnectEvents).WithTimeout(p.Settle()).Should(BeNumerically("<=", 2),
				"one connect event for the retry at most, and one for the last connect: the attempt that timed out is over")

			// A request held up by the silent host that, once the host
			// answers, finds the listener's connect events paused, or no
			// listener any more: refused as if no listener existed (CN-6),
			// or timed out.
			gone := p.B.MustCreateListener()
			goneDst := gone.MustListen(0)
			for _, paused := range []bool{true, false} {
				p.SetHostState(p.B, ndk.HostUnresponsive)
				target, to := l, dst
				if !paused {
					target, to = gone, goneDst
				}
				before := target.ConnectEvents()
				op := p.A.MustCreateConnector().Connect(p.A.MustQP(), p.A.AddrPort(0), to, nil)
				op.ReturnedWithin(p.Settle()) // issued while the host is silent
				if paused {
					l.ControlConnectEvents(true)
				} else {
					suite.MustSucceed(gone.Close())
				}
				p.SetHostState(p.B, ndk.HostUp)
				what := "no listener listens on it any more"
				if paused {
					what = "its listener's connect events are paused"
				}
				if reachedOrDone(p, target, op, before) {
					suite.ViolateAll("CN-3 CN-6", op.Violation("", fmt.Sprintf("STATUS_CONNECTION_REFUSED (or STATUS_IO_TIMEOUT) for a connect to %v held up by its silent host, which answers when %s", to, what),
						target.LastConnectEvent()+": the request was delivered"))
				}
				suite.Rule("CN-3").Expect(op.Wait()).To(BeElementOf(ndk.StatusConnectionRefused, ndk.StatusIOTimeout),
					"NdkConnect to %v held up by its silent host, which answers when %s", to, what)
				l.ControlConnectEvents(false)
			}
		})

		suite.It(suite.Rules{"CN-7"}, "NdkCompleteConnect fails with STATUS_CONNECTION_INVALID, inline or through its completion, on a connector that is not connecting: a new one, one whose connect was refused, and one already connected", Label(clause("CN-7.not-connecting")), func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			fresh := p.A.MustCreateConnector()
			suite.Rule("CN-7").Expect(fresh.CompleteConnect().Wait()).To(Equal(ndk.StatusConnectionInvalid), "NdkCompleteConnect on a connector that never connected")

			refused := p.A.MustCreateConnector()
			connect := refused.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
			suite.Step().Expect(l.NextRequest().Reject(nil)).To(Equal(ndk.StatusSuccess), "NdkReject")
			suite.Step().Expect(connect.Wait()).To(Equal(ndk.StatusConnectionRefused), "the rejected NdkConnect")
			suite.Rule("CN-7").Expect(refused.CompleteConnect().Wait()).To(Equal(ndk.StatusConnectionInvalid), "NdkCompleteConnect on a connector whose connect was refused")

			conn := p.MustConnect(l)
			suite.Rule("CN-7").Expect(conn.Active.CompleteConnect().Wait()).To(Equal(ndk.StatusConnectionInvalid), "a second NdkCompleteConnect on a connected connector")
		})

		suite.It(suite.Rules{"CN-7"}, "NdkCompleteConnect fails with STATUS_CONNECTION_ABORTED, inline or through its completion, when the accepting side closed its connector with its NdkAccept pending", Label(clause("CN-7.aborted")), func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			timedOut := 0
			for range attempts {
				start := time.Now()
				c, passive, accept := handshakeToAccept(p, l)
				// The consumer may close the accepting connector only once
				// NdkAccept returned (LT-8): a provider that keeps the call
				// until the handshake ends gives it no way to give up.
				if _, returned := accept.ReturnedWithin(p.Settle()); !returned {
					// Finish this handshake and try again; a slow machine
					// may have let the provider time the set-up out
					// meanwhile (CN-7, CN-8: STATUS_IO_TIMEOUT).
					if st := c.CompleteConnect().Wait(); st != ndk.StatusIOTimeout {
						suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkCompleteConnect")
					}
					accept.Wait()
					continue
				}
				suite.MustSucceed(passive.Close())
				accept.WaitFor(p.Timeout()) // cancelled by the close (LT-26)
				time.Sleep(p.Settle())      // for the news to reach side A
				st := c.CompleteConnect().Wait()
				if setUpTimedOut(p, st, start) {
					timedOut++
					continue
				}
				suite.Rule("CN-7").Expect(st).To(Equal(ndk.StatusConnectionAborted),
					"NdkCompleteConnect after the accepting side closed its connector with NdkAccept pending")
				return
			}
			suite.NotObservable(fmt.Sprintf("in %d tries, NdkAccept never returned before the handshake ended, so the accepting side could not give up (a consumer closes a connector only once its calls returned, LT-8)%s", attempts, timedOutNote(timedOut)))
		})

		suite.It(suite.Rules{"CN-8", "CN-7"}, "when the connecting side never calls NdkCompleteConnect, NdkAccept fails with STATUS_IO_TIMEOUT after the provider's time-out; the late NdkCompleteConnect then fails with STATUS_IO_TIMEOUT, and set-up is over (a further one fails with STATUS_CONNECTION_INVALID)", suite.Long, Label(clause("CN-8.timeout"), clause("CN-7.timeout")), func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			c, _, accept := handshakeToAccept(p, l)
			st, done := accept.WaitFor(p.Timeout())
			if !done {
				suite.MustSucceed(c.CompleteConnect())
				suite.MustSucceed(accept)
				failSlowSetUp(p, accept, "CN-8", "NdkAccept whose connecting peer does not call NdkCompleteConnect")
				suite.NotConfigured(fmt.Sprintf("NdkAccept did not time out within --timeout %v while the connecting side did not call NdkCompleteConnect: the provider's set-up time-out is longer (run with a longer --timeout)", p.Timeout()))
			}
			suite.Rule("CN-8").Expect(st).To(Equal(ndk.StatusIOTimeout), "NdkAccept whose connecting peer never called NdkCompleteConnect")
			suite.Rule("CN-7").Expect(c.CompleteConnect().Wait()).To(Equal(ndk.StatusIOTimeout), "NdkCompleteConnect after set-up timed out")
			suite.Rule("CN-7").Expect(c.CompleteConnect().Wait()).To(Equal(ndk.StatusConnectionInvalid), "NdkCompleteConnect once set-up timed out: the connector is no longer connecting")
		})

		suite.It(suite.Rules{"CN-8"}, "NdkAccept fails with STATUS_CONNECTION_ABORTED, inline or through its completion, when the connecting side closes its connector after its connect completed", Label(clause("CN-8.aborted")), func() {
			l := p.B.MustCreateListener()
			l.MustListen(0)
			c, _, accept := handshakeToAccept(p, l)
			suite.MustSucceed(c.Close())
			suite.Rule("CN-8").Expect(accept.WaitAnswered()).To(Equal(ndk.StatusConnectionAborted), "NdkAccept whose connecting peer closed its connector")
		})

		suite.It(suite.Rules{"CN-9", "CN-8"}, "NdkReject, and NdkAccept, fail with STATUS_CONNECTION_ABORTED when the connecting side closed its connector with its connect pending", Label(clause("CN-9.aborted")), func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			for range attempts {
				c := p.A.MustCreateConnector()
				connect := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
				passive := l.NextRequest()
				// As for CN-7: side A can give up only once its NdkConnect
				// returned.
				if _, returned := connect.ReturnedWithin(p.Settle()); !returned {
					passive.Reject(nil)
					connect.Wait()
					continue
				}
				suite.MustSucceed(c.Close())
				connect.WaitFor(p.Timeout()) // cancelled by the close (LT-26)
				time.Sleep(p.Settle())       // for the news to reach side B
				suite.Rule("CN-9").Expect(passive.Reject(nil)).To(Equal(ndk.StatusConnectionAborted), "NdkReject of a request whose connecting side closed its connector")

				// The same for NdkAccept (CN-8).
				c = p.A.MustCreateConnector()
				connect = c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
				passive = l.NextRequest()
				if _, returned := connect.ReturnedWithin(p.Settle()); !returned {
					passive.Reject(nil)
					connect.Wait()
					return
				}
				suite.MustSucceed(c.Close())
				connect.WaitFor(p.Timeout())
				time.Sleep(p.Settle())
				suite.Rule("CN-8").Expect(passive.Accept(p.B.MustQP(), nil).Wait()).To(Equal(ndk.StatusConnectionAborted), "NdkAccept of a request whose connecting side closed its connector")
				return
			}
			suite.NotObservable(fmt.Sprintf("in %d tries, NdkConnect never returned before the peer answered, so the connecting side could not give up (a consumer closes a connector only once its calls returned, LT-8)", attempts))
		})

		suite.It(suite.Rules{"CN-9", "CN-8"}, "the connecting side may reject once NdkConnect or NdkConnectWithSharedEndpoint completed, having read the read limits and private data: NdkReject succeeds (with as much private data as both MaxCallerData and MaxCalleeData allow), and the peer's NdkAccept fails with STATUS_CONNECTION_ABORTED", Label(clause("CN-9.after-connect")), func() {
			se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			offer := []byte("ndkconform: terms the connecting side turns down")
			for _, kind := range connectKinds {
				c, _, connect := connectVia(p, kind, se, dst, nil)
				passive := l.NextRequest()
				accept := passive.Accept(p.B.MustQP(), offer)
				suite.MustSucceed(connect)
				cd, st := c.ConnectionData(nil)
				suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetConnectionData(NULL, 0) after %s completed", kind.name)
				_, st = c.ConnectionData(make([]byte, cd.PrivateDataLength))
				suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetConnectionData after %s completed", kind.name)
				// The pages do not say which limit bounds this reject's
				// private data (MaxCalleeData is an accept's or a reject's,
				// MaxCallerData the connecting side's): as much as both allow.
				n := min(p.A.Info().MaxCallerData, p.A.Info().MaxCalleeData)
				suite.Rule("CN-9").Expect(c.Reject(privateData(n, 9))).To(Equal(ndk.StatusSuccess),
					"NdkReject with %d bytes of private data (min(MaxCallerData, MaxCalleeData)) on the connecting side once %s completed", n, kind.name)
				suite.Rule("CN-8").Expect(accept.WaitAnswered()).To(Equal(ndk.StatusConnectionAborted), "NdkAccept of a connection the connecting side rejected")
			}
		})
	})
})
