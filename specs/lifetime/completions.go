package lifetime

import (
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("The completion contract", Label("lifetime"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	It("LT-4, LT-5, LT-6, CR-1..CR-6, CR-10: every object type is created, used right after its create completes, and closed, with each completion exactly as the call's return value requires", Label("LT-4", "LT-5", "LT-6", "CR-1", "CR-2", "CR-3", "CR-4", "CR-5", "CR-6", "CR-10", "LT-25"), func() {
		// Each object is used at once after its create completed (LT-6).
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		suite.Rule("LT-6").Expect(cq.Resize(32).Wait()).To(Equal(ndk.StatusSuccess), "NdkResizeCq right after the CQ's create completed")
		qp := pd.CreateQP(cq, cq).MustObject()
		mr := pd.CreateMR(false).MustObject()
		suite.MustSucceed(mr.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))
		suite.Rule("LT-6").Expect(qp.Receive("rx", mr.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive right after the QP's create completed")
		mw := pd.CreateMW().MustObject()
		srq := pd.CreateSRQ(16, 1, 0).MustObject()
		suite.MustSucceed(srq.Modify(0, 0))
		se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
		_, st := se.LocalAddress()
		suite.Rule("LT-6").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetSharedEndpointLocalAddress right after the create completed")
		l := p.B.MustCreateListener()
		l.MustListen(0)
		p.MustConnect(l)

		for _, c := range []interface{ Close() *suite.Op }{mw, mr, qp, srq, cq, pd, se} {
			suite.MustSucceed(c.Close())
		}
		suite.Step().Expect(p.Recorder().Violations()).To(BeEmpty(), "LT-4/LT-5/CR-1..CR-6/CR-10: completion callbacks must come exactly for the calls that returned STATUS_PENDING, once each")
		suite.Rule("LT-25").Consistently(p.Recorder().Violations).WithTimeout(p.Settle()).Should(BeEmpty(),
			"no callback may follow the close of any of these objects")
	})

	It("CR-11: when the provider runs out of resources for a create, it fails with STATUS_INSUFFICIENT_RESOURCES, inline or through the completion", Label("CR-11"), func() {
		const bound = 1 << 17
		var last ndk.Status
		n := 0
		for ; n < bound; n++ {
			if _, last = p.A.CreatePD().Object(); last != ndk.StatusSuccess {
				break
			}
		}
		if n == bound {
			notObservable("the provider created 131072 PDs without running out of resources")
		}
		suite.Rule("CR-11").Expect(last).To(Equal(ndk.StatusInsufficientResources), "NdkCreatePd after %d PDs", n)
	})
})
