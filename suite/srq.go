package suite

import (
	"fmt"
	"github.com/ndkconform/ndkconform/internal/wait"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/onsi/ginkgo/v2"
)

// SRQ notifications, SRQ faults, and connections whose passive QP takes its
// receives from an SRQ.

const srqNotification = "NdkSrqNotificationCallback"

// Notifications returns the SrqStatus of every notification callback the
// SRQ received so far, in the order they started.
func (s *SRQ) Notifications() []ndk.Status {
	name := s.obj.String()
	var out []ndk.Status
	for _, e := range s.a.rec().Events() {
		if e.Object == name && e.Callback == srqNotification {
			out = append(out, e.Status)
		}
	}
	return out
}

var helperSRQWaitNotifications helperMark

// WaitNotifications waits until the SRQ has received n notification
// callbacks in all; the spec fails with a violation of rules (one rule ID,
// or several separated by spaces) if they do not come within the
// deadline. why says what makes the n-th due.
func (s *SRQ) WaitNotifications(rules string, n int, why string) {
	helperSRQWaitNotifications.mark()
	rec := s.a.rec()
	watch := wait.StartStopwatch()
	var waiting *waitEntry
	defer func() { rec.waitOver(waiting) }()
	for {
		got := s.Notifications()
		if len(got) >= n {
			return
		}
		if waiting == nil && rec.watch != nil {
			waiting = rec.waiting(fmt.Sprintf("SRQ notification %d on", n), s.obj, rec.timeout)
		}
		if watch.Elapsed() > rec.timeout {
			ViolateAll(rules, s.obj.violation("", srqNotification,
				fmt.Sprintf("notification %d within %v: %s", n, rec.timeout, why),
				fmt.Sprintf("%d notification(s) came in all: %v", len(got), got)))
		}
		time.Sleep(time.Millisecond)
	}
}

var helperSRQExpectNoMoreNotifications helperMark

// ExpectNoMoreNotifications checks that the SRQ has received at most n
// notification callbacks, now and for Settle; otherwise the spec fails with
// a violation of rules. why says why no more may come.
func (s *SRQ) ExpectNoMoreNotifications(rules string, n int, why string) {
	helperSRQExpectNoMoreNotifications.mark()
	deadline := time.After(s.a.rec().settle)
	for {
		if got := s.Notifications(); len(got) > n {
			ViolateAll(rules, s.obj.violation("", srqNotification,
				fmt.Sprintf("no more than %d notification(s): %s", n, why),
				fmt.Sprintf("%d came: %v", len(got), got)))
		}
		select {
		case <-deadline:
			return
		case <-time.After(time.Millisecond):
		}
	}
}

var helperPairFailSRQ helperMark

// FailSRQ makes the provider fail s as hardware would, through its
// ndk.SRQFaultInjector (SQ-6); a provider without one makes the spec skip as
// not verified: no consumer call provokes the error.
func (p *Pair) FailSRQ(s *SRQ) {
	helperPairFailSRQ.mark()
	fi, ok := p.run.provider.(ndk.SRQFaultInjector)
	if !ok {
		NotVerified("the provider cannot inject an SRQ fault (it does not implement ndk.SRQFaultInjector), and no consumer call provokes STATUS_INTERNAL_ERROR")
	}
	var err error
	if !returnsWithin(p.rec.timeout, func() { err = fi.FailSRQ(s.SRQ) }) {
		p.mu.Lock()
		p.faultStuck = true
		p.mu.Unlock()
		AbortStuck(fmt.Sprintf("its SRQ fault injection (FailSRQ) did not return within %v", p.rec.timeout), "")
	}
	if err != nil {
		Violate(s.obj.violation("", "FailSRQ", "the SRQ fault injected", "harness: "+err.Error()))
	}
}

// SRQConnection is a connection from side A to side B whose passive QP was
// created over an SRQ of side B: the sends of side A's QP take the SRQ's
// receives.
type SRQConnection struct {
	*Connection
	SRQ *SRQ
	// Source is side A's registered buffer the sends come from; Sink is
	// side B's, for the SRQ's receives.
	Source, Sink *MR
}

// srqMessage is the size of the messages Consume sends and of the buffer
// of every receive PostReceives posts.
const srqMessage = 16

var helperPairMustConnectSRQ helperMark

// MustConnectSRQ connects a new QP of side A to a QP of side B created over
// srq (NdkCreateQpWithSrq on pd, srq's PD, with a CQ of its own for both
// queues), through a listener of side B, and registers the buffers of the
// sends and receives. Every step must succeed.
func (p *Pair) MustConnectSRQ(pd *PD, srq *SRQ) *SRQConnection {
	helperPairMustConnectSRQ.mark()
	if pd.a != p.B || srq.a != p.B {
		Violate(srq.obj.violation("", "NdkCreateQpWithSrq", "MustConnectSRQ given a PD and an SRQ of side B", "harness: one of side A"))
	}
	l := p.B.MustCreateListener()
	dst := l.MustListen(0)
	c := p.A.MustCreateConnector()
	qp := p.A.MustQP()
	connect := c.Connect(qp, p.A.AddrPort(0), dst, nil)
	passive := l.NextRequest()
	cq := p.B.CreateCQ(64).MustObject()
	pqp := pd.CreateQPWithSRQ(cq, cq, srq).MustObject()
	accept := passive.Accept(pqp, nil)
	MustSucceed(connect)
	MustSucceed(c.CompleteConnect())
	MustSucceed(accept)
	conn := &SRQConnection{
		Connection: &Connection{Active: c, Passive: passive, ActiveQP: qp, PassiveQP: pqp, Listener: l},
		SRQ:        srq,
	}
	conn.ActiveAddr, _ = c.LocalAddress()
	conn.PassiveAddr, _ = passive.LocalAddress()
	conn.Source = qp.PD().CreateMR(false).MustObject()
	MustSucceed(conn.Source.Register(make([]byte, srqMessage), ndk.MRFlagAllowLocalWrite))
	conn.Sink = pd.CreateMR(false).MustObject()
	MustSucceed(conn.Sink.Register(make([]byte, srqMessage), ndk.MRFlagAllowLocalWrite))
	return conn
}

var helperSRQConnectionPostReceives helperMark

// PostReceives posts n receives on the SRQ (NdkSrqReceive), each of which
// must succeed: the spec keeps within the SRQ's depth.
func (c *SRQConnection) PostReceives(n int) {
	helperSRQConnectionPostReceives.mark()
	for i := range n {
		if st := c.SRQ.Receive(i, c.Sink.SGE(0, srqMessage)); st != ndk.StatusSuccess {
			Violate(stepFailed(c.SRQ.obj.violation("", "NdkSrqReceive", "STATUS_SUCCESS within the SRQ's depth (a step the spec needs)", st.String())))
		}
	}
}

var helperSRQConnectionConsume helperMark

// Consume takes n of the SRQ's queued receives, one at a time: side A sends
// a message and the spec waits for its completion and for the receive's on
// side B, so that when it returns exactly n fewer receives are queued. A
// completion that does not come fails the spec against QP-4.
func (c *SRQConnection) Consume(n int) {
	helperSRQConnectionConsume.mark()
	for i := range n {
		if st := c.ActiveQP.Send(i, 0, c.Source.SGE(0, srqMessage)); st != ndk.StatusSuccess {
			Violate(stepFailed(c.ActiveQP.obj.violation("", "NdkSend", "STATUS_SUCCESS on a connected QP (a step the spec needs)", st.String())))
		}
		c.PassiveQP.ReceiveCQ.WaitResults("QP-4", 1)
		c.ActiveQP.InitiatorCQ.WaitResults("QP-4", 1)
	}
}

var helperAdapterSRQDepth helperMark

// SRQDepth is want, or the adapter's MaxSrqDepth if that is smaller; the
// spec skips as not applicable ("MaxSrqDepth 0") when MaxSrqDepth is 0: the
// adapter says it has no SRQ support (AI-3), so no SRQ rule binds it. Every
// spec that needs an SRQ goes through it (or through a check of its own
// that skips the same way) before it creates one.
func (a *Adapter) SRQDepth(want uint32) uint32 {
	ginkgo.GinkgoHelper()
	helperAdapterSRQDepth.mark()
	m := a.Info().MaxSRQDepth
	if m == 0 {
		NotApplicable("MaxSrqDepth 0", "the adapter has no SRQ support (AI-3), so no SRQ rule binds it")
	}
	return min(want, m)
}
