package queues

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// mergedArm is the table of the completion handling page: the arm type in
// effect when NdkArmCq(second) comes before NdkArmCq(first) is satisfied,
// and the rule of the table's row.
func mergedArm(first, second ndk.CQNotifyType) (ndk.CQNotifyType, string) {
	switch first {
	case ndk.CQNotifyAny:
		return ndk.CQNotifyAny, "CH-12"
	case ndk.CQNotifyErrors:
		return second, "CH-13"
	}
	if second == ndk.CQNotifyAny {
		return ndk.CQNotifyAny, "CH-14"
	}
	return ndk.CQNotifySolicited, "CH-14"
}

var armTypes = []ndk.CQNotifyType{ndk.CQNotifyAny, ndk.CQNotifyErrors, ndk.CQNotifySolicited}

var _ = Describe("CQ arming and notification", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	for _, t := range armTypes {
		suite.It(suite.Rules{"CH-8", "CH-7"}, fmt.Sprintf("a CQ armed once for %s notifies once, at the first completion that satisfies %s (ANY: a successful one; SOLICITED: a solicited receive or an error), not before", armNames[t], armNames[t]), func() {
			r := newCQRig(p, 32, 16)
			r.cq.Arm(t)
			r.ladder("CH-8", t, 0, fmt.Sprintf("NdkArmCq(%s) once", armNames[t]))
		})
	}

	for _, first := range armTypes {
		for _, second := range armTypes {
			want, rule := mergedArm(first, second)
			suite.It(suite.Rules{rule, "CH-7"}, fmt.Sprintf("NdkArmCq(%s) then NdkArmCq(%s) before the first is satisfied leaves the CQ armed for %s: completions that do not satisfy %s notify nothing, the first that does notifies once",
				armNames[first], armNames[second], armNames[want], armNames[want]), func() {
				r := newCQRig(p, 32, 16)
				r.cq.Arm(first)
				r.cq.Arm(second)
				r.ladder(rule, want, 0, fmt.Sprintf("NdkArmCq(%s) then NdkArmCq(%s)", armNames[first], armNames[second]))
			})
		}
	}

	suite.It(suite.Rules{"CQ-6"}, "an error completion (a flushed receive, STATUS_CANCELLED) satisfies an NDK_CQ_NOTIFY_SOLICITED arm", func() {
		r := newCQRig(p, 32, 16)
		r.cq.Arm(ndk.CQNotifySolicited)
		r.complete(failed)
		r.notified("CQ-6", 1, "a CQ armed for SOLICITED notifies %v", failed)
	})

	suite.It(suite.Rules{"CH-7", "CQ-2"}, "one NdkArmCq gets one notification however many completions follow, and completions after it with no new arm get none", func() {
		r := newCQRig(p, 32, 16)
		r.complete(plain)
		r.quiet("CH-7 CQ-2", 0, "no notification for a completion on a CQ never armed")
		r.cq.Arm(ndk.CQNotifyAny)
		for range 3 {
			r.complete(plain)
		}
		r.notified("CH-8", 1, "the CQ armed for ANY notifies its completions")
		r.quiet("CH-7", 1, "one notification for one NdkArmCq followed by three completions")
		r.cq.Poll()
		r.complete(plain)
		r.complete(solicited)
		r.complete(failed)
		r.quiet("CH-7 CQ-2", 1, "no notification for completions that come after the arm was satisfied and before a new NdkArmCq")
	})

	suite.It(suite.Rules{"CH-9"}, "NdkArmCq on a CQ that holds a completion newer than the last notification (or than any, none having come) is satisfied at once", func() {
		r := newCQRig(p, 32, 16)
		r.complete(plain)
		r.cq.Arm(ndk.CQNotifyAny)
		r.notified("CH-9", 1, "NdkArmCq(ANY) on a CQ holding a completion that came before any notification")
		// The CQ keeps that one; a new one comes; a new arm finds it.
		r.complete(plain)
		r.cq.Arm(ndk.CQNotifyAny)
		r.notified("CH-9", 2, "NdkArmCq(ANY) on a CQ holding a completion that came after the last notification (and one that was there at it)")
		// Solicited arms: a solicited completion and an error completion
		// queued before the arm satisfy it at once too.
		r.cq.Poll()
		r.complete(solicited)
		r.cq.Arm(ndk.CQNotifySolicited)
		r.notified("CH-9", 3, "NdkArmCq(SOLICITED) on a CQ holding a new solicited receive completion")
		r.cq.Poll()
		r.complete(failed)
		r.cq.Arm(ndk.CQNotifySolicited)
		r.notified("CH-9 CQ-6", 4, "NdkArmCq(SOLICITED) on a CQ holding a new error completion")
		r.quiet("CH-7", 4, "one notification per arm")
	})

	suite.It(suite.Rules{"CH-7"}, "NdkArmCq on a CQ whose completions were all there at the last notification may be satisfied at once or not (CH-10; which one is recorded); if not, the next completion satisfies it", func() {
		r := newCQRig(p, 32, 16)
		r.cq.Arm(ndk.CQNotifyAny)
		r.complete(plain)
		r.notified("CH-8", 1, "the CQ armed for ANY notifies a completion")
		r.quiet("CH-7", 1, "one notification per arm")
		// The completion stays; nothing new comes; a new arm.
		r.cq.Arm(ndk.CQNotifyAny)
		r.quiet("CH-7", 2, "at most one notification for the second arm")
		if r.cq.Notifications() == 2 {
			AddReportEntry("CH-10", "the provider satisfied at once an NdkArmCq(ANY) made while the CQ held only completions that were there at the last notification (CH-10 allows it)")
			return
		}
		AddReportEntry("CH-10", "the provider did not satisfy at once an NdkArmCq(ANY) made while the CQ held only completions that were there at the last notification (CH-10 allows it)")
		r.complete(plain)
		r.notified("CH-8", 2, "the pending ANY arm is satisfied by the next completion")
	})

	suite.It(suite.Rules{"CH-11"}, "a notification due while the CQ's notification callback is still running is held back until that callback returned, then made", func() {
		r := newCQRig(p, 32, 16)
		entered, release := hold(p, r.cq)
		defer release()
		r.cq.Arm(ndk.CQNotifyAny)
		r.complete(plain)
		select {
		case <-entered:
		case <-timeAfter(p):
			suite.Rule("CH-8").Expect(r.cq.Notifications()).To(Equal(1), "the CQ armed for ANY notifies a completion")
		}
		// While it runs: a new arm, and completions that satisfy it (CH-8),
		// whose notification must wait until the running callback returned.
		r.cq.Arm(ndk.CQNotifyAny)
		r.complete(plain)
		r.complete(solicited)
		r.quiet("CH-11", 1, "no second notification while the first is still running")
		release()
		r.notified("CH-11 CH-8", 2, "the notification due for NdkArmCq(ANY), satisfied while the first notification was running, once that callback returned")
		p.ExpectNoViolation()
	})
})
