package queues

import (
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// SRQ support (AI-3): NDK_ADAPTER_INFO.MaxSrqDepth 0 means the adapter has
// no SRQ support, so NdkCreateSrq must not create one, with any failure
// status (the page names none for it); a non-zero MaxSrqDepth is the
// depth an SRQ may have, so NdkCreateSrq creates one of that depth.
var _ = Describe("SRQ support", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"AI-3", "IF-12"}, "with MaxSrqDepth 0 NdkCreateSrq creates no SRQ; with a non-zero MaxSrqDepth it creates one of that depth", func() {
		limit := p.B.Info().MaxSRQDepth
		pd := p.B.CreatePD().MustObject()
		if limit == 0 {
			// No SRQ to create: the object table's NdkCreateSrq (IF-12)
			// binds only an adapter with SRQ support.
			suite.RulesNotApplicable("MaxSrqDepth 0", "the adapter has no SRQ support (AI-3), so no SRQ object is created", "IF-12")
			// SrqDepth 0 is within the limit the adapter reports; 1 is
			// not, and fails for that reason too.
			for _, depth := range []uint32{0, 1} {
				_, st := pd.CreateSRQ(depth, 1, 0).Object()
				suite.Rule("AI-3").Expect(st).NotTo(Equal(ndk.StatusSuccess),
					"NdkCreateSrq (SrqDepth %d) fails on an adapter that reports MaxSrqDepth 0 (no SRQ support)", depth)
			}
			return
		}
		_, st := pd.CreateSRQ(limit, 1, 0).Object()
		if st == ndk.StatusInsufficientResources {
			// A create may fail so at any time (CR-11): a step the spec
			// needs, charged to no rule.
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkCreateSrq with SrqDepth = MaxSrqDepth (%d)", limit)
		}
		// A failure breaks what the non-zero MaxSrqDepth says, and the
		// object table's NdkCreateSrq (IF-12) with it.
		suite.Rule("AI-3", "IF-12").Expect(st).To(Equal(ndk.StatusSuccess), "NdkCreateSrq with SrqDepth = MaxSrqDepth (%d), non-zero: the adapter supports SRQs that deep", limit)
	})
})
