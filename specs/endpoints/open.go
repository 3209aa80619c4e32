package endpoints

import (
	"fmt"
	"net/netip"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
)

// The connects whose outcome the pages leave open (RULES.md OPEN-6,
// OPEN-7): any status of the connect passes, inline or through its
// completion. What is still required is checked: a connect that returned
// STATUS_PENDING completes once (CR-4; the harness reports a second
// completion), the connector's close completes what is pending on it
// first (LT-23), and it releases the connector's port (LC-18, LC-19).

// freePort is a free port of side A: one a listener held and released at
// its close (LC-10). These specs rely on LC-10, so they check it first: a
// provider whose closed listener keeps its port fails here, against
// LC-10, not later against the rules the specs check (LC-18, LC-19: the
// self-test's listener-close-keeps-own-ref was charged those).
func freePort(p *suite.Pair) netip.AddrPort {
	GinkgoHelper()
	probe := p.A.MustCreateListener()
	src := probe.MustListen(0)
	suite.MustSucceed(probe.Close())
	again := p.A.MustCreateListener()
	listen := again.Listen(src)
	if st := listen.Wait(); st != ndk.StatusSuccess {
		suite.Violate(listen.Violation("LC-10", fmt.Sprintf("NdkListen on %v succeeds: the close of the listener that held it released it", src), st.String()))
	}
	suite.MustSucceed(again.Close())
	return src
}

// expectPortReusable checks that a new connector of side A can connect
// from src to l: its request reaches the listener (and is rejected) right
// after why. A connect from src that ends without reaching the listener
// fails the spec against rules (IDs separated by spaces).
func expectPortReusable(p *suite.Pair, l *suite.Listener, src netip.AddrPort, rules, why string) {
	GinkgoHelper()
	before := l.ConnectEvents()
	c := p.A.MustCreateConnector()
	op := c.Connect(p.A.MustQP(), src, l.MustLocalAddress(), nil)
	waitUntil(p.Timeout(), func() bool { return op.IsDone() || l.ConnectEvents() > before })
	if l.ConnectEvents() > before {
		l.NextRequest().Reject(nil)
		op.Wait()
		suite.MustSucceed(c.Close())
		return
	}
	st := op.Wait()
	suite.ViolateAll(rules, op.Violation("", fmt.Sprintf("NdkConnect from %v goes out to the listener right after %s (the endpoint's reference count reached zero)", src, why), st.String()))
}

// closeWithPending closes c, whose calls ops returned, and checks that
// every one of them that returned STATUS_PENDING completed before the
// close completed (LT-23).
func closeWithPending(p *suite.Pair, c *suite.Connector, why string, ops ...*suite.Op) {
	GinkgoHelper()
	closeOp := c.Close()
	p.ExpectCompletes(closeOp, "LT-23", why)
	for _, op := range ops {
		if !op.IsDone() {
			suite.Violate(closeOp.Violation("LT-23", fmt.Sprintf("the pending %s completed before the connector's close completes (%s)", op.Call, why), "the close completed first"))
		}
	}
}

// rejectExtra rejects the connect requests l delivered beyond before (a
// provider may send a request for a connect the pages leave open).
func rejectExtra(l *suite.Listener, before int) {
	GinkgoHelper()
	for l.ConnectEvents() > before {
		before++
		l.NextRequest().Reject(nil)
	}
}

// noHostAddrs are destinations of family f that are no host's address:
// the wildcard, and a broadcast or multicast address.
func noHostAddrs(f suite.Family) []netip.Addr {
	if f == suite.IPv4 {
		return []netip.Addr{netip.IPv4Unspecified(), netip.AddrFrom4([4]byte{255, 255, 255, 255}), netip.AddrFrom4([4]byte{224, 0, 0, 1})}
	}
	return []netip.Addr{netip.IPv6Unspecified(), netip.MustParseAddr("ff02::1")}
}

var _ = Describe("NdkConnect where the pages leave the outcome open", Label("endpoints"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"CR-4", "LT-23", "LC-18", "LC-19"}, "OPEN-6: NdkConnect to the wildcard, a broadcast or a multicast address (0.0.0.0, 255.255.255.255, 224.0.0.1; ::, ff02::1) on a listener's port passes with any status, inline or through its completion (a connect that goes through too); one that returned STATUS_PENDING completes once, within the connection set-up time-out the provider declares, and before the close of its connector completes when that close is issued at once; the close releases the connect's source port", func() {
			l := p.B.MustCreateListener()
			port := l.MustListen(0).Port()
			var slow []string
			for _, ip := range noHostAddrs(f) {
				dst := netip.AddrPortFrom(ip, port)
				for _, atOnce := range []bool{true, false} {
					src := freePort(p)
					c := p.A.MustCreateConnector()
					before := l.ConnectEvents()
					op := c.Connect(p.A.MustQP(), src, dst, nil)
					if atOnce {
						// The consumer may close the connector once the call
						// returned (LT-8): a pending connect must complete
						// before the close does.
						op.Returned()
						closeWithPending(p, c, fmt.Sprintf("the connector was closed with its NdkConnect to %v just issued", dst), op)
						rejectExtra(l, before)
					} else {
						// A provider that declares its connection set-up
						// time-out ends the connect within it (the --timeout
						// it is run with is at least 1s longer).
						limit := p.Timeout()
						d, declared := p.DeclaredTimeout("connect")
						if declared && d+time.Second < limit {
							limit = d + time.Second
						}
						waitUntil(limit, func() bool { return op.IsDone() || l.ConnectEvents() > before })
						switch {
						case l.ConnectEvents() > before:
							// A provider that connects there: the handshake
							// goes on, any outcome passes.
							accept := l.NextRequest().Accept(p.B.MustQP(), nil)
							if op.Wait() == ndk.StatusSuccess && c.CompleteConnect().Wait() == ndk.StatusSuccess {
								accept.Wait()
								c.Disconnect().Wait()
							}
							accept.WaitFor(p.Timeout())
							suite.MustSucceed(c.Close())
						case op.IsDone():
							if op.Wait() == ndk.StatusSuccess {
								c.CompleteConnect().Wait()
							}
							suite.MustSucceed(c.Close())
						default:
							op.Returned() // one that never returned fails here
							if declared {
								suite.Violate(op.Violation("CR-4", fmt.Sprintf("the completion of NdkConnect to %v, which returned STATUS_PENDING, within the connection set-up time-out the provider declares (%v) and 1s more", dst, d),
									fmt.Sprintf("it had not completed after %v", limit)))
							}
							slow = append(slow, dst.String())
							closeWithPending(p, c, fmt.Sprintf("the connector was closed with its NdkConnect to %v pending for --timeout", dst), op)
						}
					}
					expectPortReusable(p, l, src, "LC-18 LC-19", fmt.Sprintf("the close of the connector whose NdkConnect to %v went from it", dst))
				}
			}
			if len(slow) > 0 {
				suite.NotConfigured(fmt.Sprintf("NdkConnect to %s did not end within --timeout %v (the provider declares no connection set-up time-out; its time-out may be longer: run with a longer --timeout)", strings.Join(slow, ", "), p.Timeout()))
			}
		})

		suite.It(suite.Rules{"CR-4", "LT-23", "LC-18", "LC-19"}, "OPEN-7: a second NdkConnect on a connector whose NdkConnect is pending, and on a connected one, passes with any status, inline or through its completion, and the first attempt may go on or fail; every connect that returned STATUS_PENDING completes once, and before the close of the connector completes; the close releases the connector's port", func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)

			// issueSecond issues a second NdkConnect on c, with a new QP, and
			// reports whether it returned within Settle (a provider may keep
			// the call until the first attempt ends).
			issueSecond := func(c *suite.Connector) (*suite.Op, bool) {
				GinkgoHelper()
				second := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
				_, returned := second.ReturnedWithin(p.Settle())
				return second, returned
			}
			// waitSecond waits for second to end, rejecting a request it
			// made to the listener; any status passes.
			waitSecond := func(second *suite.Op, before int) {
				GinkgoHelper()
				waitUntil(p.Timeout(), func() bool { return second.IsDone() || l.ConnectEvents() > before })
				rejectExtra(l, before)
				second.Wait()
			}
			pendingFirst := func(c *suite.Connector, src netip.AddrPort) (*suite.Op, *suite.Connector, int, bool) {
				GinkgoHelper()
				first := c.Connect(p.A.MustQP(), src, dst, nil)
				passive := l.NextRequest() // delivered, not answered yet
				before := l.ConnectEvents()
				ret, returned := first.ReturnedWithin(p.Settle())
				return first, passive, before, returned && ret == ndk.StatusPending && !first.IsDone()
			}

			// Connecting, then closed with the connects pending.
			src := freePort(p)
			c := p.A.MustCreateConnector()
			first, passive, before, connecting := pendingFirst(c, src)
			if connecting {
				second, returned := issueSecond(c)
				if returned {
					closeWithPending(p, c, "the connector was closed with its first NdkConnect pending and a second one issued", first, second)
					passive.Reject(nil) // the connecting side gave up: any status
					rejectExtra(l, before)
					first.Wait()
					second.Wait()
					expectPortReusable(p, l, src, "LC-18 LC-19", "the close of a connector that had a second NdkConnect issued while its first was pending")
				} else {
					passive.Reject(nil)
					first.Wait()
					waitSecond(second, before)
					suite.MustSucceed(c.Close())
				}
			} else {
				// The provider keeps NdkConnect until the peer answers: a
				// connector is never seen connecting by its consumer.
				passive.Reject(nil)
				first.Wait()
				suite.MustSucceed(c.Close())
			}

			// Connecting, then the first handshake is finished if it can be.
			src = freePort(p)
			c = p.A.MustCreateConnector()
			first, passive, before, connecting = pendingFirst(c, src)
			connected := false
			if connecting {
				second, _ := issueSecond(c)
				accept := passive.Accept(p.B.MustQP(), nil)
				if first.Wait() == ndk.StatusSuccess {
					connected = c.CompleteConnect().Wait() == ndk.StatusSuccess
				}
				accept.WaitFor(p.Timeout()) // the first attempt may have failed: any status
				waitSecond(second, before)
			} else {
				accept := passive.Accept(p.B.MustQP(), nil)
				if first.Wait() == ndk.StatusSuccess {
					connected = c.CompleteConnect().Wait() == ndk.StatusSuccess
				}
				accept.WaitFor(p.Timeout())
			}
			if !connected {
				suite.MustSucceed(c.Close())
				src = freePort(p)
				c = p.A.MustCreateConnector()
				qp := p.A.MustQP()
				p.MustHandshake(l, c, c.Connect(qp, src, dst, nil), qp)
			}

			// Connected: a second NdkConnect, then the close.
			before = l.ConnectEvents()
			second, _ := issueSecond(c)
			waitSecond(second, before)
			suite.MustSucceed(c.Close())
			expectPortReusable(p, l, src, "LC-18 LC-19", "the close of a connected connector that had a second NdkConnect issued")
		})
	})
})
