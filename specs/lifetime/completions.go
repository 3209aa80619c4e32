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

	suite.It(suite.Rules{"LT-4", "LT-5", "LT-6", "CR-1", "CR-2", "CR-3", "CR-4", "CR-5", "CR-10", "LT-25", "IF-3", "IF-4", "IF-5", "IF-6", "IF-7", "IF-8", "IF-9", "IF-10", "IF-11", "IF-12"}, "every object type is created, used right after its create completes, and closed, with each completion exactly as the call's return value requires", func() {
		// Each object is used at once after its create completed (LT-6).
		_, st := p.A.QueryAdapterInfo()
		suite.Rule("IF-3").Expect(st).To(Equal(ndk.StatusSuccess), "NdkQueryAdapterInfo through the adapter opened with OPEN_NDK_ADAPTER_HANDLER")
		pd := p.A.CreatePD().MustObjectFor("IF-9")
		cq := p.A.CreateCQ(16).MustObjectFor("IF-5")
		if p.A.Info().AdapterFlags&ndk.AdapterFlagCQResizeSupported != 0 {
			suite.Rule("LT-6").Expect(cq.Resize(32).Wait()).To(Equal(ndk.StatusSuccess), "NdkResizeCq right after the CQ's create completed")
		} else {
			// Without NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED a consumer does
			// not resize a CQ (AI-2): it polls it instead.
			suite.Rule("LT-6").Expect(cq.Poll()).To(BeEmpty(), "NdkGetCqResultsEx right after the CQ's create completed, on the empty CQ")
		}
		qp := pd.CreateQP(cq, cq).MustObjectFor("IF-10")
		mr := pd.CreateMR(false).MustObjectFor("IF-7")
		suite.MustSucceed(mr.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))
		suite.Rule("LT-6").Expect(qp.Receive("rx", mr.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive right after the QP's create completed")
		mw := pd.CreateMW().MustObjectFor("IF-8")
		// An adapter whose MaxSrqDepth is 0 has no SRQ support (AI-3): the
		// spec leaves the SRQ out, as a consumer would.
		var srq *suite.SRQ
		if m := p.A.Info().MaxSRQDepth; m > 0 {
			srq = pd.CreateSRQ(min(16, m), 1, 0).MustObjectFor("IF-12")
			suite.MustSucceed(srq.Modify(0, 0))
		} else {
			suite.RulesNotApplicable("MaxSrqDepth 0", "the adapter has no SRQ support (AI-3): the spec leaves the SRQ out", "IF-12")
		}
		se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObjectFor("IF-11")
		_, st = se.LocalAddress()
		suite.Rule("LT-6").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetSharedEndpointLocalAddress right after the create completed")
		l := p.B.CreateListener().MustObjectFor("IF-6")
		l.MustListen(0)
		suite.Step().Expect(p.A.CreateConnector().MustObjectFor("IF-4").Close().Wait()).To(Equal(ndk.StatusSuccess), "closing a new connector")
		p.MustConnect(l)

		closes := []interface{ Close() *suite.Op }{mw, mr, qp, cq, pd, se}
		if srq != nil {
			closes = []interface{ Close() *suite.Op }{mw, mr, qp, srq, cq, pd, se}
		}
		for _, c := range closes {
			suite.MustSucceed(c.Close())
		}
		// Completion callbacks exactly for the calls that returned
		// STATUS_PENDING, once each, and none after a close (the
		// recorder's checks, made here rather than at cleanup).
		p.ExpectNoViolation()
	})

	suite.It(suite.Rules{"CR-11"}, "when the provider runs out of resources for a create, it fails with STATUS_INSUFFICIENT_RESOURCES, inline or through the completion", suite.Long, func() {
		const bound = 1 << 17
		var last ndk.Status
		p.A.CreatePD().MustObject() // the provider creates PDs at all (IF-9): a refusal of the first is no exhaustion
		n := 1
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
