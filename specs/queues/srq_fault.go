package queues

import (
	"fmt"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
)

// A catastrophic SRQ error (SQ-6): SrqStatus STATUS_INTERNAL_ERROR says the
// SRQ and all its QPs are unusable and that no completion will be reported
// after it. No consumer call provokes it ("usually a hardware error"), so
// the spec injects it through the provider's ndk.SRQFaultInjector and skips
// as not verified without one. The spec then uses the SRQ and its QP as a
// consumer might before it learns the news: side A sends to the QP (which
// would take a receive the SRQ still holds), the QP posts a send, another
// receive is posted; whatever these calls return, no completion may come
// for the QP.
var _ = Describe("SRQ catastrophic error", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"SQ-6"}, "after an SRQ reports STATUS_INTERNAL_ERROR neither it nor its QPs complete anything", func() {
		c := srqConnection(p, 0)
		c.PostReceives(4)
		c.Consume(1) // the SRQ works: a receive completes
		p.FailSRQ(c.SRQ)
		c.SRQ.WaitNotifications("", 1, "the injected SRQ fault is reported")
		if got := c.SRQ.Notifications(); got[0] != ndk.StatusInternalError {
			suite.Violate(c.SRQ.Violation("SQ-6", "NdkSrqNotificationCallback", "the injected SRQ fault reported with SrqStatus STATUS_INTERNAL_ERROR",
				fmt.Sprintf("SrqStatus %v", got[0])))
		}
		c.ActiveQP.Send("peer's send after", 0, c.Source.SGE(0, 16))
		// An initiator call that fails inline queues no completion (DP-4):
		// a completion for one is charged there, not to SQ-6.
		failedInline := map[any]bool{}
		if st := c.PassiveQP.Send("send after", 0, c.Sink.SGE(0, 16)); st != ndk.StatusSuccess {
			failedInline["send after"] = true
		}
		c.SRQ.Receive("receive after", c.Sink.SGE(0, 16))
		cq := c.PassiveQP.ReceiveCQ // its receive and initiator CQ
		var late []ndk.ResultEx
		deadline := time.After(p.Settle())
	watch:
		for {
			late = append(late, cq.Poll()...)
			select {
			case <-deadline:
				break watch
			case <-time.After(time.Millisecond):
			}
		}
		for _, r := range late {
			if failedInline[r.RequestContext] {
				suite.Violate(cq.Violation("DP-4", "NdkGetCqResultsEx", "no completion for a request whose post failed inline",
					fmt.Sprintf("a completion for %v: %v", r.RequestContext, r)))
			}
		}
		if len(late) > 0 {
			suite.Violate(cq.Violation("SQ-6", "NdkGetCqResultsEx",
				"no completion for the QP of an SRQ that reported STATUS_INTERNAL_ERROR (3 receives still queued, a send from the peer, a send and a receive posted after)",
				fmt.Sprintf("%d completion(s): %v", len(late), late)))
		}
	})
})
