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
// STATUS_SHARING_VIOLATION: the endpoint on ap is still referenced.
func expectPortBusy(p *suite.Pair, a *suite.Adapter, ap netip.AddrPort, rule, why string) {
	GinkgoHelper()
	l := a.MustCreateListener()
	Expect(l.Listen(ap).Wait()).To(Equal(ndk.StatusSharingViolation),
		"%s: NdkListen on %v must fail with STATUS_SHARING_VIOLATION while %s", rule, ap, why)

	c := a.MustCreateConnector()
	qp := a.MustQP()
	other := p.B
	if a == p.B {
		other = p.A
	}
	Expect(c.Connect(qp, ap, other.AddrPort(noListenerPort), nil).Wait()).To(Equal(ndk.StatusSharingViolation),
		"%s: NdkConnect from source %v must fail with STATUS_SHARING_VIOLATION while %s", rule, ap, why)

	_, st := a.CreateSharedEndpoint(ap).Object()
	Expect(st).To(Equal(ndk.StatusSharingViolation),
		"%s: NdkCreateSharedEndpoint on %v must fail with STATUS_SHARING_VIOLATION while %s", rule, ap, why)
}

// expectPortFree checks that NdkListen on ap succeeds at once.
func expectPortFree(a *suite.Adapter, ap netip.AddrPort, rule, why string) {
	GinkgoHelper()
	l := a.MustCreateListener()
	Expect(l.Listen(ap).Wait()).To(Equal(ndk.StatusSuccess),
		"%s: NdkListen on %v must succeed right after %s (the endpoint's reference count reached zero)", rule, ap, why)
	suite.MustSucceed(l.Close())
}

// expectRefused connects from side A to dst and checks that the attempt is
// refused with STATUS_CONNECTION_REFUSED and that l delivers no connect
// event. A connect event that does arrive is rejected so the attempt ends.
func expectRefused(p *suite.Pair, l *suite.Listener, dst netip.AddrPort, rule, why string) {
	GinkgoHelper()
	before := l.ConnectEvents()
	c := p.A.MustCreateConnector()
	op := c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil)
	Eventually(func() bool { return op.IsDone() || l.ConnectEvents() > before }).WithTimeout(p.Timeout()).
		Should(BeTrue(), "%s: the connect attempt to %v neither completed nor reached the listener", rule, dst)
	if l.ConnectEvents() > before {
		l.NextRequest().Reject(nil)
		Fail(fmt.Sprintf("%s: a connect attempt to %v was delivered as a connect event while %s; it must be refused", rule, dst, why))
	}
	Expect(op.Wait()).To(Equal(ndk.StatusConnectionRefused), "%s: NdkConnect to %v while %s", rule, dst, why)
}

func inEphemeralRange(port uint16) bool {
	return port >= ndk.EphemeralPortFirst && port <= ndk.EphemeralPortLast
}
