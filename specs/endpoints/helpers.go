package endpoints

import (
	"fmt"
	"net/netip"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// noListenerPort is a port of side B with no listener: connects to it are
// refused, so a probe that wrongly gets past the local address checks ends
// quickly.
const noListenerPort = 9

// expectPortBusy checks that a new NdkListen, NdkConnect (as source) and
// NdkCreateSharedEndpoint on ap, an address of side a, all fail with
// STATUS_SHARING_VIOLATION: the endpoint on ap is still referenced. A probe
// that gets the port (it succeeds, or its connect goes out and is refused
// by the peer) breaks rules, the reference rules that keep the endpoint in
// use (IDs separated by spaces); a probe that fails with another status
// breaks CN-1, which names the status.
func expectPortBusy(p *suite.Pair, a *suite.Adapter, ap netip.AddrPort, rules, why string) {
	GinkgoHelper()
	check := func(op *suite.Op, st ndk.Status, got ...ndk.Status) {
		GinkgoHelper()
		expected := fmt.Sprintf("STATUS_SHARING_VIOLATION on %v while %s", ap, why)
		for _, g := range got {
			if st == g {
				suite.ViolateAll(rules, op.Violation("", expected, fmt.Sprintf("%v: the endpoint was free", st)))
			}
		}
		if st != ndk.StatusSharingViolation {
			suite.Violate(op.Violation("CN-1", expected, st.String()))
		}
	}
	l := a.MustCreateListener()
	listen := l.Listen(ap)
	check(listen, listen.Wait(), ndk.StatusSuccess)

	c := a.MustCreateConnector()
	qp := a.MustQP()
	other := p.B
	if a == p.B {
		other = p.A
	}
	connect := c.Connect(qp, ap, other.AddrPort(noListenerPort), nil)
	check(connect, connect.Wait(), ndk.StatusSuccess, ndk.StatusConnectionRefused)

	create := a.CreateSharedEndpoint(ap)
	_, st := create.Object()
	check(create.Op, st, ndk.StatusSuccess)
}

// expectPortFree checks that NdkListen on ap succeeds at once; otherwise
// the spec fails against rules (IDs separated by spaces), which say the
// endpoint is released.
func expectPortFree(a *suite.Adapter, ap netip.AddrPort, rules, why string) {
	GinkgoHelper()
	l := a.MustCreateListener()
	listen := l.Listen(ap)
	if st := listen.Wait(); st != ndk.StatusSuccess {
		suite.ViolateAll(rules, listen.Violation("", fmt.Sprintf("NdkListen on %v succeeds right after %s (the endpoint's reference count reached zero)", ap, why), st.String()))
	}
	suite.MustSucceed(l.Close())
}

// expectRefused connects from side A to dst and checks that the attempt is
// refused with STATUS_CONNECTION_REFUSED and that l delivers no connect
// event; otherwise the spec fails against rule. A connect event that does
// arrive is rejected so the attempt ends.
func expectRefused(p *suite.Pair, l *suite.Listener, dst netip.AddrPort, rule, why string) {
	GinkgoHelper()
	before := l.ConnectEvents()
	c := p.A.MustCreateConnector()
	op := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
	suite.Rule(rule).Eventually(func() bool { return op.IsDone() || l.ConnectEvents() > before }).WithTimeout(p.Timeout()).
		Should(BeTrue(), "the connect attempt to %v completes (refused) or reaches the listener", dst)
	if l.ConnectEvents() > before {
		l.NextRequest().Reject(nil)
		suite.Violate(l.Violation(rule, "NdkConnectEventCallback", fmt.Sprintf("a connect attempt to %v refused while %s", dst, why), l.LastConnectEvent()+": the attempt was delivered"))
	}
	suite.Rule(rule).Expect(op.Wait()).To(Equal(ndk.StatusConnectionRefused), "NdkConnect to %v while %s is refused", dst, why)
}

func inEphemeralRange(port uint16) bool {
	return port >= ndk.EphemeralPortFirst && port <= ndk.EphemeralPortLast
}
