package disconnect

import (
	"fmt"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// connect establishes a connection from side A to a listener of side B.
func connect(p *suite.Pair) *suite.Connection {
	GinkgoHelper()
	l := p.B.MustCreateListener()
	l.MustListen(0)
	return p.MustConnect(l)
}

// region registers a buffer of n bytes on qp's PD with flags.
func region(qp *suite.QP, n int, flags uint32) *suite.MR {
	GinkgoHelper()
	mr := qp.PD().CreateMR(false).MustObject()
	suite.MustSucceed(mr.Register(make([]byte, n), flags))
	return mr
}

const remoteAccess = ndk.MRFlagAllowLocalWrite | ndk.MRFlagAllowRemoteWrite | ndk.MRFlagAllowRemoteRead
const sinkAccess = ndk.MRFlagAllowLocalWrite | ndk.MRFlagRDMAReadSink

// expectIndications checks that c received exactly n disconnect
// indications, now and for Settle. Fewer breaks missing, more breaks extra
// (each one rule ID, or several separated by spaces).
func expectIndications(p *suite.Pair, c *suite.Connector, n int, missing, extra, why string) {
	GinkgoHelper()
	if n > 0 {
		ruleFor(missing).Eventually(c.DisconnectEvents).WithTimeout(p.Timeout()).Should(BeNumerically(">=", n),
			"%s receives a disconnect indication: %s", c, why)
	}
	ruleFor(extra).Consistently(c.DisconnectEvents).WithTimeout(p.Settle()).Should(BeNumerically("<=", n),
		"%s receives %d disconnect indication(s), no more: %s", c, n, why)
}

// ruleFor is suite.Rule for "DS-6 CN-15": the assertions of each rule.
func ruleFor(ids string) Gomega {
	f := strings.Fields(ids)
	return suite.Rule(f[0], f[1:]...)
}

// fill writes a recognisable pattern into b.
func fill(b []byte, seed byte) {
	for i := range b {
		b[i] = seed + byte(i*7)
	}
}

// expectNotConnected checks that qp is no longer connected: NdkSend fails
// inline, or is accepted and then completes with a failure (flushed);
// otherwise the spec fails against rule.
func expectNotConnected(qp *suite.QP, rule, after string) {
	GinkgoHelper()
	st := qp.Send("after", 0)
	if st == ndk.StatusSuccess {
		st = qp.InitiatorCQ.WaitResults(rule, 1)[0].Status
	}
	suite.Rule(rule).Expect(st.IsError()).To(BeTrue(), "an NdkSend after %s fails inline or completes with a failure (got %v)", after, st)
}

// expectUnanswered checks that disc, an NdkDisconnect whose peer does not
// answer, has not completed after the settle time (DS-4: it completes
// when the peer's notice arrives, or on an error such as a time-out).
// Completed with STATUS_IO_TIMEOUT, it is the provider's disconnect
// time-out, which the provider chooses (CN-3, CN-17) and may make shorter
// than the settle time: the spec then skips as not observable, since what
// it was to see next (then names it) needs the disconnect still pending.
// Any other completion breaks DS-4; but once the provider's declared
// disconnect time-out has passed since it was issued (a busy machine can
// deschedule the harness for that long within the settle time), it is a
// time-out that did not say so: CN-17.
func expectUnanswered(p *suite.Pair, disc *suite.Op, issued time.Time, then string) {
	GinkgoHelper()
	st, done := disc.WaitFor(p.Settle())
	if !done {
		return
	}
	if st == ndk.StatusIOTimeout {
		suite.NotObservable(fmt.Sprintf("NdkDisconnect to the peer that does not answer timed out (STATUS_IO_TIMEOUT, CN-17) within %v: the provider's disconnect time-out is that short, so %s cannot be seen", p.Settle(), then))
	}
	if d, ok := p.DeclaredTimeout("disconnect"); ok && time.Since(issued) >= d {
		suite.Violate(suite.Violation{Rule: "CN-17", Call: "NdkDisconnect", Side: "A",
			Expected: fmt.Sprintf("STATUS_IO_TIMEOUT once the provider's disconnect time-out (%v) passed with the peer not answering", d),
			Observed: fmt.Sprintf("it completed with %v, %v after it was issued", st, time.Since(issued).Round(time.Millisecond))})
	}
	suite.Violate(suite.Violation{Rule: "DS-4", Call: "NdkDisconnect", Side: "A",
		Expected: "no completion while the peer has not answered (or STATUS_IO_TIMEOUT, once the provider's disconnect time-out passed)",
		Observed: fmt.Sprintf("it completed with %v within %v", st, p.Settle())})
}

// skipIfTimedOutLate ends the spec as not observable when what, which
// timed out (STATUS_IO_TIMEOUT), may have timed out rightly: the peer
// answered only after elapsed, which is not shorter than the disconnect
// time-out the provider declares (or the provider declares none). A busy
// machine can deschedule the harness between the two host changes for
// longer than the provider waits; the time-out is then the provider's
// choice (CN-17), not a breach.
func skipIfTimedOutLate(p *suite.Pair, elapsed time.Duration, what string) {
	GinkgoHelper()
	d, ok := p.DeclaredTimeout("disconnect")
	if ok && elapsed < d {
		return
	}
	limit := "the provider declares no disconnect time-out"
	if ok {
		limit = fmt.Sprintf("its disconnect time-out is %v", d)
	}
	suite.NotObservable(fmt.Sprintf("%s timed out (STATUS_IO_TIMEOUT), and the peer answered only %v after it was issued (%s): the harness was too slow to see the success", what, elapsed.Round(time.Millisecond), limit))
}
