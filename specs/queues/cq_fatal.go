package queues

import (
	"fmt"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// A fatal CQ error (CQ-5): CqStatus STATUS_INTERNAL_ERROR says the CQ and
// all its QPs are unusable and that no completion will be reported after
// it. No consumer call provokes it ("usually a hardware error"), so the
// spec injects it through the provider's ndk.CQFaultInjector and skips as
// not verified without one.
//
// When it is reported: the callback page does not say; NdkCreateCq says
// the provider "will not call NdkCqNotificationCallback unless the
// consumer arms the notification with the NdkArmCq function" (CQ-2), and
// NdkArmCq's NDK_CQ_NOTIFY_ERRORS arm is the one to "notify if there are
// any completion queue errors such as a completion queue overrun or
// catastrophic failure". So the CQ fails unarmed, must stay silent (CQ-2),
// and an ERRORS arm must then report the error (CQ-5), as an arm reports
// an overrun that came before it.
//
// The spec then uses the CQ's QPs as a consumer might before it learns the
// news: a receive posted on the connected QP, into which side B sends; a
// send of that QP; a receive posted on the other QP, then flushed. Whatever
// these calls return, no completion may come on the CQ.
var _ = Describe("CQ fatal error", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"CQ-5", "CQ-2"}, "a CQ that failed reports STATUS_INTERNAL_ERROR at its next arm (none before: CQ-2), and neither it nor its QPs complete anything after",
		Label(finding.ClauseLabel("CQ-5.fatal")), func() {
			r := newCQRig(p, 16, 16)
			id := r.complete(plain) // the CQ works: a receive completes
			res := r.cq.WaitResults("", 1)
			suite.Step().Expect(res[0].RequestContext).To(Equal(any(id)), "the receive completes on the CQ before the fault")
			p.FailCQ(r.cq)
			r.quiet("CQ-2", 0, "the CQ failed while not armed: no notification before NdkArmCq")
			r.cq.Arm(ndk.CQNotifyErrors)
			r.notified("CQ-5", 1, "NdkArmCq(ERRORS) on a CQ that failed (a fatal error injected): the error is reported")
			if got := r.cq.NotificationStatuses(); got[0] != ndk.StatusInternalError {
				suite.Violate(r.cq.Violation("CQ-5", "NdkCqNotificationCallback", "the injected fatal CQ error reported with CqStatus STATUS_INTERNAL_ERROR",
					fmt.Sprintf("CqStatus %v", got[0])))
			}
			// Whatever these return (a QP of a failed CQ may refuse posts),
			// nothing may complete on the CQ.
			r.next++
			r.qp.Receive(r.next, r.mr.SGE(0, 64))
			r.peer.Send("after", 0)
			r.qp.Send("after", 0, r.mr.SGE(0, 16))
			r.next++
			r.aux.Receive(r.next, r.mr.SGE(0, 64))
			r.aux.Flush()
			var late []ndk.ResultEx
			deadline := time.After(p.Settle())
		watch:
			for {
				late = append(late, r.cq.Poll()...)
				select {
				case <-deadline:
					break watch
				case <-time.After(time.Millisecond):
				}
			}
			if len(late) > 0 {
				suite.Violate(r.cq.Violation("CQ-5", "NdkGetCqResultsEx",
					"no completion on a CQ that reported STATUS_INTERNAL_ERROR (after it: a receive and a send posted on a QP of it, a send from that QP's peer, a receive posted on another QP of it and flushed)",
					fmt.Sprintf("%d completion(s): %v", len(late), late)))
			}
		})

	// The other order: the consumer armed the CQ for errors before the
	// fault. The error is the arm's condition (NdkArmCq: NDK_CQ_NOTIFY_ERRORS
	// is to "notify if there are any completion queue errors such as ...
	// catastrophic failure"), so it is reported without another arm (CQ-5,
	// as the spec above reads it; CH-8 names only completions as an arm's
	// condition); a consumer waiting on its arm would otherwise never
	// learn it.
	suite.It(suite.Rules{"CQ-5"}, "a CQ armed with NdkArmCq(ERRORS) before it fails reports STATUS_INTERNAL_ERROR without another arm",
		Label(finding.ClauseLabel("CQ-5.fatal")), func() {
			r := newCQRig(p, 16, 16)
			r.cq.Arm(ndk.CQNotifyErrors)
			p.FailCQ(r.cq)
			r.notified("CQ-5", 1, "NdkArmCq(ERRORS), then a fatal error injected: the arm is satisfied by the error")
			if got := r.cq.NotificationStatuses(); got[0] != ndk.StatusInternalError {
				suite.Violate(r.cq.Violation("CQ-5", "NdkCqNotificationCallback", "the injected fatal CQ error reported with CqStatus STATUS_INTERNAL_ERROR",
					fmt.Sprintf("CqStatus %v", got[0])))
			}
		})
})
