package queues

import (
	"fmt"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// overrunDepth is the depth of the CQ the overrun spec fills.
const overrunDepth = 4

var _ = Describe("CQ overrun and depth", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"CQ-5", "CH-9"}, fmt.Sprintf("a CQ of depth %d holds %d completions without overrun; one more overruns it: a notification reports STATUS_BUFFER_OVERFLOW, and the CQ and its QPs report no completion after", overrunDepth, overrunDepth),
		Label(finding.ClauseLabel("CQ-5.overrun")), func() {
			r := newCQRig(p, overrunDepth, 16)
			var ids []int
			for range overrunDepth {
				ids = append(ids, r.complete(plain))
			}
			// Exactly full: an arm is satisfied at once (CH-9), and the CQ
			// is operating normally.
			r.cq.Arm(ndk.CQNotifyAny)
			r.notified("CH-9", 1, "NdkArmCq(ANY) on a CQ holding %d new completions", overrunDepth)
			suite.Rule("CQ-5").Expect(lastStatus(r.cq)).To(Equal(ndk.StatusSuccess), "the notification of a CQ holding exactly its depth of %d completions reports STATUS_SUCCESS (no overrun)", overrunDepth)
			// One more: the receive completes into the full CQ.
			over := r.receive(r.qp)
			suite.Step().Expect(r.peer.Send("overrun", 0)).To(Equal(ndk.StatusSuccess), "NdkSend on side B")
			// Arm until a notification reports the overrun: a provider may
			// satisfy each arm at once with the completions that were there
			// at the last notification (CH-10) before it reports it.
			deadline := suite.NewDeadline(p.Timeout())
			for lastStatus(r.cq) != ndk.StatusBufferOverflow {
				n := r.cq.Notifications()
				if deadline.Passed() {
					suite.Violate(r.cq.Violation("CQ-5", "NdkCqNotificationCallback", fmt.Sprintf("a notification with CqStatus STATUS_BUFFER_OVERFLOW within %v of completion %d on a CQ of depth %d", p.Timeout(), overrunDepth+1, overrunDepth),
						fmt.Sprintf("notifications so far: %v", r.cq.NotificationStatuses())))
				}
				r.cq.Arm(ndk.CQNotifyAny)
				suite.Rule("CQ-5").Eventually(r.cq.Notifications).WithTimeout(deadline.Left()).Should(BeNumerically(">", n),
					"a notification for NdkArmCq(ANY) on the CQ overrun by completion %d (depth %d), reporting STATUS_BUFFER_OVERFLOW", overrunDepth+1, overrunDepth)
			}
			// The completions the CQ gives are the ones queued before the
			// overrun, if any; none queued at or after it, even once the CQ
			// was emptied and more receives and sends were posted (a post
			// may fail inline, the QP being unusable).
			later := map[any]bool{over: true}
			var got []any
			seen := map[any]bool{}
			for _, id := range ids {
				seen[id] = true
			}
			check := func() bool {
				for _, res := range r.cq.Poll() {
					got = append(got, res.RequestContext)
					if !seen[res.RequestContext] || later[res.RequestContext] {
						return false
					}
				}
				return true
			}
			suite.Rule("CQ-5").Expect(check()).To(BeTrue(), "no completion reported for the request that overran the CQ (requests %v were before it)", ids)
			for range 2 {
				r.next++
				if r.qp.Receive(r.next, r.mr.SGE(0, 64)) == ndk.StatusSuccess {
					later[r.next] = true
				}
				r.peer.Send("after", 0)
			}
			suite.Rule("CQ-5").Consistently(check).WithTimeout(p.Settle()).Should(BeTrue(),
				"no completion reported after the overrun (requests %v were before it; the one that overran it and those after are %v)", ids, later)
			suite.Rule("CQ-5").Expect(len(got)).To(BeNumerically("<=", overrunDepth), "the overrun CQ gives at most the %d completions queued before the overrun: got %s", overrunDepth, ctxs(got))
		})

	suite.It(suite.Rules{"IF-5"}, "a CQ of MaxCqDepth entries can be created, and NdkGetCqResults on it, empty, returns 0", func() {
		max := p.A.Info().MaxCQDepth
		cq, st := p.A.CreateCQ(max).Object()
		if st == ndk.StatusInsufficientResources {
			suite.NotObservable(fmt.Sprintf("NdkCreateCq with MaxCqDepth %d failed with STATUS_INSUFFICIENT_RESOURCES, which a provider may return at any time", max))
		}
		suite.Rule("IF-5").Expect(st).To(Equal(ndk.StatusSuccess), "NdkCreateCq with CqDepth = MaxCqDepth (%d), which is allowed (CqDepth <= MaxCqDepth)", max)
		suite.Rule("CQ-13").Expect(cq.GetResults(make([]ndk.Result, 4))).To(BeZero(), "NdkGetCqResults on a new, empty CQ")
	})
})
