package queues

import (
	"fmt"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// cqRig is a CQ of side A under test, with what makes completions on it:
// qp, side A's QP connected to side B's peer, whose receives complete on
// the CQ when peer sends (with or without SEND_AND_SOLICIT_EVENT); and
// aux, an unconnected QP of side A on the same CQ, whose receives complete
// with STATUS_CANCELLED (an error) when it is flushed. Side A posts no
// initiator request, so every completion on the CQ is one the spec made.
type cqRig struct {
	p    *suite.Pair
	cq   *suite.CQ
	qp   *suite.QP
	aux  *suite.QP
	peer *suite.QP
	mr   *suite.MR
	next int // the last request context handed out
}

// completion is a kind of completion a cqRig makes on its CQ.
type completion int

const (
	plain     completion = iota // a receive of a send without SEND_AND_SOLICIT_EVENT: success, not solicited
	solicited                   // a receive of a send with SEND_AND_SOLICIT_EVENT
	failed                      // a receive flushed: STATUS_CANCELLED, an error
)

func (c completion) String() string {
	return [...]string{"a successful unsolicited receive completion", "a solicited receive completion (a send with NDK_OP_FLAG_SEND_AND_SOLICIT_EVENT)", "an error completion (a flushed receive, STATUS_CANCELLED)"}[c]
}

// matches says whether an arm of type t must be satisfied by a completion
// of kind c (NdkArmCq: ANY, the next successful completion; SOLICITED, a
// solicited receive, and, CQ-6, any request that completes with an error),
// and whether it may be: an ERRORS arm is for errors of the CQ (an
// overrun, a catastrophic failure), which the pages do not say a request's
// error completion is or is not.
func matches(t ndk.CQNotifyType, c completion) (must, may bool) {
	switch t {
	case ndk.CQNotifyAny:
		return true, true
	case ndk.CQNotifySolicited:
		return c != plain, c != plain
	}
	return false, c == failed
}

var armNames = map[ndk.CQNotifyType]string{ndk.CQNotifyAny: "ANY", ndk.CQNotifyErrors: "ERRORS", ndk.CQNotifySolicited: "SOLICITED"}

// newCQRig connects a QP of side A, on a new CQ of depth entries and with
// a receive queue of receives, to a QP of side B.
func newCQRig(p *suite.Pair, depth, receives uint32) *cqRig {
	GinkgoHelper()
	pd := p.A.CreatePD().MustObject()
	cq := p.A.CreateCQ(depth).MustObject()
	params := ndk.QPParams{ReceiveCQ: cq.CQ, InitiatorCQ: cq.CQ, ReceiveQueueDepth: receives, InitiatorQueueDepth: 16,
		MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1, Context: "the connected QP"}
	qp := pd.CreateQPWith(params, cq, cq).MustObject()
	params.Context = "the unconnected QP"
	aux := pd.CreateQPWith(params, cq, cq).MustObject()
	mr := pd.CreateMR(false).MustObject()
	suite.MustSucceed(mr.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))
	l := p.B.MustCreateListener()
	dst := l.MustListen(0)
	c := p.A.MustCreateConnector()
	conn := p.MustHandshake(l, c, c.Connect(qp, p.A.AddrPort(0), dst, nil), qp)
	return &cqRig{p: p, cq: cq, qp: qp, aux: aux, peer: conn.PassiveQP, mr: mr}
}

// receive posts a receive on qp and returns its request context.
func (r *cqRig) receive(qp *suite.QP) int {
	GinkgoHelper()
	r.next++
	suite.Step().Expect(qp.Receive(r.next, r.mr.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive on %s", qp)
	return r.next
}

// send makes peer send to qp (into a receive posted before) and waits for
// the send's own completion on side B: by then the receive has the data.
func (r *cqRig) send(flags uint32) {
	GinkgoHelper()
	suite.Step().Expect(r.peer.Send("send", flags)).To(Equal(ndk.StatusSuccess), "NdkSend on side B")
	res := r.peer.InitiatorCQ.WaitResults("", 1)
	suite.Step().Expect(res[0].Status).To(Equal(ndk.StatusSuccess), "side B's NdkSend completes with success")
}

// complete makes one completion of kind c on the CQ and returns its
// request context.
func (r *cqRig) complete(c completion) int {
	GinkgoHelper()
	switch c {
	case failed:
		id := r.receive(r.aux)
		r.aux.Flush()
		return id
	case solicited:
		id := r.receive(r.qp)
		r.send(ndk.OpFlagSendAndSolicitEvent)
		return id
	}
	id := r.receive(r.qp)
	r.send(0)
	return id
}

// notified waits until the CQ has had n notifications; the spec fails
// against rules (IDs separated by spaces) otherwise.
func (r *cqRig) notified(rules string, n int, format string, args ...any) {
	GinkgoHelper()
	ruleFor(rules).Eventually(r.cq.Notifications).WithTimeout(r.p.Timeout()).Should(BeNumerically(">=", n), fmt.Sprintf(format, args...))
}

// quiet checks that the CQ has had no more than n notifications, now and
// for Settle; the spec fails against rules otherwise.
func (r *cqRig) quiet(rules string, n int, format string, args ...any) {
	GinkgoHelper()
	ruleFor(rules).Consistently(r.cq.Notifications).WithTimeout(r.p.Settle()).Should(BeNumerically("<=", n), fmt.Sprintf(format, args...))
}

// ladder checks what satisfies the arm of the CQ, whose effective type
// must be t: completions of increasing reach (unsolicited success,
// solicited success, error) come one at a time; none may notify before one
// that must satisfy t, which must, once. One the pages let satisfy t or
// not (an error completion, for ERRORS) may notify, once (CH-7). The CQ
// has had before notifications.
func (r *cqRig) ladder(rules string, t ndk.CQNotifyType, before int, how string) {
	GinkgoHelper()
	for _, c := range []completion{plain, solicited, failed} {
		r.complete(c)
		must, may := matches(t, c)
		switch {
		case must:
			r.notified(rules, before+1, "%s: the CQ's arm is %s, and %v satisfies it", how, armNames[t], c)
			r.quiet("CH-7", before+1, "one notification for one arm (%s)", how)
			return
		case may:
			r.quiet("CH-7", before+1, "at most one notification for one arm (%s), which %v may satisfy", how, c)
		default:
			r.quiet(rules, before, "%s: the CQ's arm is %s, which %v does not satisfy", how, armNames[t], c)
		}
	}
}

// ruleFor is suite.Rule for "CH-8 CQ-6": the assertions of each rule.
func ruleFor(ids string) Gomega {
	f := strings.Fields(ids)
	return suite.Rule(f[0], f[1:]...)
}

// hold makes the CQ's notification callback block when it comes, until
// the returned release is called (or the deadline passes, so that a
// provider bug cannot hang the run); entered is signalled when one is held.
func hold(p *suite.Pair, cq *suite.CQ) (entered <-chan struct{}, release func()) {
	in := make(chan struct{}, 1)
	out := make(chan struct{})
	p.Intercept(func(cb suite.Callback) {
		if cb.Object != cq.ID() || cb.Name != "NdkCqNotificationCallback" {
			return
		}
		select {
		case in <- struct{}{}:
		default:
		}
		select {
		case <-out:
		case <-suite.After(p.Timeout()):
		}
	})
	var released bool
	return in, func() {
		if !released {
			released = true
			close(out)
		}
	}
}

// lastStatus is the CqStatus of the CQ's latest notification.
func lastStatus(cq *suite.CQ) ndk.Status {
	sts := cq.NotificationStatuses()
	if len(sts) == 0 {
		return ndk.StatusSuccess
	}
	return sts[len(sts)-1]
}

// ctxs lists the request contexts of results, for messages.
func ctxs(ids []any) string {
	var b strings.Builder
	for i, id := range ids {
		if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprint(&b, id)
	}
	return b.String()
}

// timeAfter is the spec's deadline on a wait for the provider.
func timeAfter(p *suite.Pair) <-chan time.Time { return suite.After(p.Timeout()) }
