package lifetime

import (
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("Callbacks after close", Label("lifetime"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		BeforeEach(func() { p = suite.NewPair(f) })

		suite.It(suite.Rules{"LT-25", "CN-3"}, "no callback of any kind comes for a connector or listener after its close completed or returned STATUS_SUCCESS", func() {
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			conn := p.MustConnect(l)
			suite.MustSucceed(conn.Active.Close())
			suite.MustSucceed(conn.Passive.Close())
			suite.MustSucceed(l.Close())

			// A connection request to the closed listener's address must not
			// reach it.
			c := p.A.MustCreateConnector()
			suite.Rule("CN-3").Expect(c.Connect(p.A.MustQP(), p.A.AddrPort(0), dst, nil).Wait()).To(Equal(ndk.StatusConnectionRefused),
				"NdkConnect to the closed listener's address, where nothing listens, is refused")
			// No callback for the closed objects, now or within Settle.
			p.ExpectNoViolation()
		})
	})
})
