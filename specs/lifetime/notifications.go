package lifetime

import (
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// CQ-2 is checked by the harness on every CQ of every spec (a notification
// beyond the NdkArmCq calls made is a violation, see suite.CQ); this spec
// makes the completions that an unarmed CQ must not notify, and an armed CQ
// must notify at most once.
var _ = Describe("CQ notifications", Label("lifetime"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"CQ-2"}, "completions on a CQ that is not armed call no notification callback, and one NdkArmCq gets at most one", func() {
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		qp := pd.CreateQP(cq, cq).MustObject()
		mr := pd.CreateMR(false).MustObject()
		suite.MustSucceed(mr.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))
		receive := func(n int) {
			GinkgoHelper()
			for i := range n {
				suite.Step().Expect(qp.Receive(i, mr.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive")
			}
			qp.Flush() // the receives complete, flushed
			cq.WaitResults("QP-21", n)
		}
		// Never armed: the completion is on the CQ, and no notification came.
		receive(1)
		p.ExpectNoViolation()
		suite.Rule("CQ-2").Expect(cq.Notifications()).To(BeZero(), "notifications of a CQ never armed, after a completion")
		// One arm, then two completions: at most one notification (the
		// harness charges the second as one without an arm).
		cq.Arm(ndk.CQNotifyAny)
		receive(2)
		p.ExpectNoViolation()
	})
})
