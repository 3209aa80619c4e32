package lifetime

import (
	"time"

	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("Callbacks after close", Label("lifetime"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		It("LT-25: no callback of any kind comes for a connector or listener after its close completed or returned STATUS_SUCCESS", Label("LT-25", "CR-9"), func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			conn := p.MustConnect(l)
			suite.MustSucceed(conn.Active.Close())
			suite.MustSucceed(conn.Passive.Close())
			suite.MustSucceed(l.Close())

			// A connection request to the closed listener's address must not
			// reach it.
			c := p.A.MustCreateConnector()
			c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil).Wait()

			watch := p.Timeout() / 20
			if watch > 200*time.Millisecond {
				watch = 200 * time.Millisecond
			}
			suite.Rule("LT-25").Consistently(p.Recorder().Violations).WithTimeout(watch).Should(BeEmpty(),
				"the provider called back after a close completed")
		})
	})
})
