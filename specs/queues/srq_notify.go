package queues

import (
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
)

// The SRQ notification threshold (SQ-2, SQ-4, SQ-5). The receives are
// taken one at a time by side A's sends to a QP of side B created over the
// SRQ, so that the spec knows how many are queued at every step. An SRQ
// notification callback is due when the queued receives fall below the
// threshold, that is when the count goes from T to T-1: at T there must
// be none. Once one fired, the notification is disarmed until NdkModifySrq
// sets a non-zero threshold again; NdkModifySrq with NotifyThreshold 0
// keeps the threshold and the arming state as they are. The SRQs are
// created with NotifyThreshold 0 unless a spec checks the threshold given
// at creation, and every NdkModifySrq names the SRQ's depth (not 0, which
// SQ-3's own spec checks).
var _ = Describe("SRQ notification threshold", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"SQ-2"}, "an SRQ created with NotifyThreshold 3 notifies when its queued receives fall below 3, not at 3", func() {
		c := srqConnection(p, 3)
		c.PostReceives(5)
		// The page says when the notification comes, not whether an SRQ
		// created with fewer receives than its threshold (none at all)
		// counts as already below it: a notification from that moment
		// leaves this spec nothing to observe.
		c.SRQ.ExpectNoMoreNotifications("SQ-2", 1, "the SRQ was just created and given receives, none taken")
		if len(c.SRQ.Notifications()) == 1 {
			suite.NotObservable("the provider notified when the SRQ was created with no receive queued (below its threshold already), which leaves the threshold nothing to show")
		}
		c.Consume(2)
		c.SRQ.ExpectNoMoreNotifications("SQ-2", 0, "3 receives are queued, as many as NotifyThreshold: they have not fallen below it")
		c.Consume(1)
		c.SRQ.WaitNotifications("SQ-2", 1, "2 receives are queued, below NotifyThreshold 3")
		c.SRQ.ExpectNoMoreNotifications("SQ-2", 1, "one fall below the threshold")
	})

	suite.It(suite.Rules{"SQ-2", "SQ-4"}, "NdkModifySrq with NotifyThreshold 3 arms one notification: none at 3 queued receives, one at 2, none after it", func() {
		c := srqConnection(p, 0)
		c.PostReceives(5)
		suite.Rule("SQ-4").Expect(c.SRQ.Modify(srqDepth, 3).Wait()).To(srqOK(), "NdkModifySrq arming NotifyThreshold 3 with 5 receives queued")
		c.SRQ.ExpectNoMoreNotifications("SQ-4", 0, "5 receives are queued, not below NotifyThreshold 3")
		c.Consume(2)
		c.SRQ.ExpectNoMoreNotifications("SQ-2 SQ-4", 0, "3 receives are queued, as many as NotifyThreshold: they have not fallen below it")
		c.Consume(1)
		c.SRQ.WaitNotifications("SQ-2 SQ-4", 1, "2 receives are queued, below NotifyThreshold 3, and the notification is armed")
		c.Consume(1)
		c.SRQ.ExpectNoMoreNotifications("SQ-4", 1, "after a notification further ones are disarmed until NdkModifySrq sets a non-zero threshold again, and none did")
	})

	suite.It(suite.Rules{"SQ-4"}, "NdkModifySrq with a threshold above the receives already queued notifies at once, with a threshold equal to them not", func() {
		c := srqConnection(p, 0)
		c.PostReceives(2)
		suite.Rule("SQ-4").Expect(c.SRQ.Modify(srqDepth, 2).Wait()).To(srqOK(), "NdkModifySrq with NotifyThreshold 2 and 2 receives queued")
		c.SRQ.ExpectNoMoreNotifications("SQ-4", 0, "2 receives are queued, not below NotifyThreshold 2")
		suite.Rule("SQ-4").Expect(c.SRQ.Modify(srqDepth, 3).Wait()).To(srqOK(), "NdkModifySrq with NotifyThreshold 3 and 2 receives queued")
		c.SRQ.WaitNotifications("SQ-4", 1, "NdkModifySrq set NotifyThreshold 3 with 2 receives queued, already below it")
		c.SRQ.ExpectNoMoreNotifications("SQ-4", 1, "one NdkModifySrq with the receives already below its threshold")
	})

	suite.It(suite.Rules{"SQ-4"}, "after a notification the SRQ stays disarmed until NdkModifySrq sets a non-zero threshold, which re-arms it", func() {
		c := srqConnection(p, 0)
		c.PostReceives(4)
		suite.Rule("SQ-4").Expect(c.SRQ.Modify(srqDepth, 3).Wait()).To(srqOK(), "NdkModifySrq arming NotifyThreshold 3 with 4 receives queued")
		c.Consume(2)
		c.SRQ.WaitNotifications("SQ-4", 1, "2 receives are queued, below NotifyThreshold 3")
		c.Consume(1)
		c.SRQ.ExpectNoMoreNotifications("SQ-4", 1, "the notification fired and no NdkModifySrq re-armed it")
		// Re-armed with 1 receive queued, already below 2: it notifies at
		// once; and once only.
		suite.Rule("SQ-4").Expect(c.SRQ.Modify(srqDepth, 2).Wait()).To(srqOK(), "NdkModifySrq re-arming NotifyThreshold 2 with 1 receive queued")
		c.SRQ.WaitNotifications("SQ-4", 2, "NdkModifySrq re-armed NotifyThreshold 2 with 1 receive queued, already below it")
		c.PostReceives(1)
		c.Consume(2)
		c.SRQ.ExpectNoMoreNotifications("SQ-4", 2, "the re-armed notification fired and no NdkModifySrq re-armed it again")
	})

	suite.It(suite.Rules{"SQ-5", "SQ-2"}, "NdkModifySrq with NotifyThreshold 0 keeps an armed notification armed, at its threshold", func() {
		c := srqConnection(p, 0)
		c.PostReceives(5)
		suite.Rule("SQ-5").Expect(c.SRQ.Modify(srqDepth, 3).Wait()).To(srqOK(), "NdkModifySrq arming NotifyThreshold 3 with 5 receives queued")
		suite.Rule("SQ-5").Expect(c.SRQ.Modify(srqDepth, 0).Wait()).To(srqOK(), "NdkModifySrq with NotifyThreshold 0 (keep the threshold and arming state)")
		c.Consume(2)
		c.SRQ.ExpectNoMoreNotifications("SQ-5 SQ-2", 0, "3 receives are queued, not below the threshold 3 that NotifyThreshold 0 kept")
		c.Consume(1)
		c.SRQ.WaitNotifications("SQ-5", 1, "2 receives are queued, below the threshold 3 that NdkModifySrq with NotifyThreshold 0 kept armed")
	})

	suite.It(suite.Rules{"SQ-5", "SQ-4"}, "NdkModifySrq with NotifyThreshold 0 leaves a notification that fired disarmed", func() {
		c := srqConnection(p, 0)
		c.PostReceives(3)
		suite.Rule("SQ-5").Expect(c.SRQ.Modify(srqDepth, 3).Wait()).To(srqOK(), "NdkModifySrq arming NotifyThreshold 3 with 3 receives queued")
		c.Consume(1)
		c.SRQ.WaitNotifications("SQ-2 SQ-4", 1, "2 receives are queued, below NotifyThreshold 3")
		suite.Rule("SQ-5").Expect(c.SRQ.Modify(srqDepth, 0).Wait()).To(srqOK(), "NdkModifySrq with NotifyThreshold 0 (keep the threshold and arming state)")
		c.SRQ.ExpectNoMoreNotifications("SQ-5", 1, "NdkModifySrq with NotifyThreshold 0 keeps the fired notification disarmed, though the receives are below the threshold")
		c.Consume(1)
		c.SRQ.ExpectNoMoreNotifications("SQ-5 SQ-4", 1, "the notification fired and only NdkModifySrq with NotifyThreshold 0 followed, which re-arms nothing")
	})
})
