package queues

import (
	"sync"

	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// Closing an SRQ while its notification callback runs (CR-7, LT-24): the
// close stays pending until the callback has returned, and completes then;
// the harness checks on every callback that none comes once the close
// completed (LT-25). The notification is made due by a receive taken (a
// send of side A), not by NdkModifySrq, so that no call of the consumer on
// the SRQ is left in the provider while the callback runs; the QP over the
// SRQ is closed first, so that only the callback holds the SRQ's close.
var _ = Describe("SRQ close during its notification", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"CR-7", "LT-24"}, "NdkCloseObject on an SRQ whose notification callback is running stays pending until the callback returns", func() {
		c := srqConnection(p, 0)
		c.PostReceives(2)
		suite.Rule("SQ-4").Expect(c.SRQ.Modify(srqDepth, 2).Wait()).To(srqOK(), "NdkModifySrq arming NotifyThreshold 2 with 2 receives queued")
		srq := c.SRQ.ID()
		entered := make(chan struct{}, 1)
		release := make(chan struct{})
		var once sync.Once
		free := func() { once.Do(func() { close(release) }) }
		DeferCleanup(free)
		p.Intercept(func(cb suite.Callback) {
			if cb.Name == "NdkSrqNotificationCallback" && cb.Object == srq {
				select {
				case entered <- struct{}{}:
				default:
				}
				<-release
			}
		})
		c.Consume(1)
		suite.Rule("SQ-2", "SQ-4").Eventually(entered).WithTimeout(p.Timeout()).Should(Receive(),
			"the SRQ notification callback once 1 receive is queued, below NotifyThreshold 2")
		suite.Step().Expect(c.Passive.Close().Wait()).To(srqOK(), "closing the connector of the QP over the SRQ")
		suite.Step().Expect(c.PassiveQP.Close().Wait()).To(srqOK(), "closing the QP over the SRQ")
		closing := c.SRQ.Close()
		p.ExpectStillPending(closing, "CR-7 LT-24", "the SRQ's notification callback is running")
		free()
		p.ExpectCompletes(closing, "CR-7 LT-24", "the SRQ's notification callback returned")
	})
})
