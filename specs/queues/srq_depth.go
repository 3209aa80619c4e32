package queues

import (
	"fmt"
	"math"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The SRQ depth (SQ-3). NdkModifySrq with SrqDepth 0 requests no depth
// change; a new depth must be at most MaxSrqDepth, and one above it fails
// with STATUS_INVALID_PARAMETER (nc-ndkpi-ndk_fn_modify_srq.md, which names
// that status for an SrqDepth outside the NDK_ADAPTER_INFO limits). The
// depth shows in how many receives NdkSrqReceive takes: the spec compares an
// SRQ modified with depth 0 to one of the same depth never modified, so that
// a provider that takes more receives than the depth (rounding it up, as
// hardware may) is judged against itself.
var _ = Describe("SRQ depth", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"SQ-3"}, "NdkModifySrq with SrqDepth 0 keeps the current depth: NdkSrqReceive takes as many receives as before, no fewer and no more", func() {
		const depth = 4
		if srqMaxDepth(p) < depth {
			suite.NotApplicable(fmt.Sprintf("MaxSrqDepth %d", srqMaxDepth(p)), fmt.Sprintf("the spec needs an SRQ of depth %d", depth))
		}
		pd := p.B.CreatePD().MustObject()
		mr := pd.CreateMR(false).MustObject()
		suite.MustSucceed(mr.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))
		// post posts depth+1 receives on srq and returns their statuses.
		post := func(srq *suite.SRQ) []ndk.Status {
			var out []ndk.Status
			for i := range depth + 1 {
				out = append(out, srq.Receive(i, mr.SGE(0, 64)))
			}
			return out
		}
		fresh := pd.CreateSRQ(depth, 1, 0).MustObjectFor("IF-12")
		baseline := post(fresh)
		for i, st := range baseline[:depth] {
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), fmt.Sprintf("NdkSrqReceive %d of %d on an SRQ of depth %d never modified", i+1, depth, depth))
		}
		for _, threshold := range []uint32{0, 2} {
			srq := pd.CreateSRQ(depth, 1, 0).MustObjectFor("IF-12")
			suite.Rule("SQ-3").Expect(srq.Modify(0, threshold).Wait()).To(srqOK(),
				"NdkModifySrq with SrqDepth 0 (no depth change) and NotifyThreshold %d", threshold)
			got := post(srq)
			for i, st := range got[:depth] {
				suite.Rule("SQ-3").Expect(st).To(Equal(ndk.StatusSuccess),
					"NdkSrqReceive %d of %d on an SRQ of depth %d after NdkModifySrq with SrqDepth 0 (the depth kept)", i+1, depth, depth)
			}
			if baseline[depth] != ndk.StatusSuccess {
				suite.Rule("SQ-3").Expect(got[depth]).NotTo(Equal(ndk.StatusSuccess),
					"NdkSrqReceive %d on an SRQ of depth %d after NdkModifySrq with SrqDepth 0 fails, as it does on an SRQ of that depth never modified (%v)",
					depth+1, depth, baseline[depth])
			}
		}
	})

	suite.It(suite.Rules{"SQ-3"}, "NdkModifySrq does not refuse as out of limits a new, smaller depth that holds exactly the receives queued", func() {
		const depth, queued = 4, 2
		if srqMaxDepth(p) < depth {
			suite.NotApplicable(fmt.Sprintf("MaxSrqDepth %d", srqMaxDepth(p)), fmt.Sprintf("the spec needs an SRQ of depth %d", depth))
		}
		pd := p.B.CreatePD().MustObject()
		mr := pd.CreateMR(false).MustObject()
		suite.MustSucceed(mr.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))
		srq := pd.CreateSRQ(depth, 1, 0).MustObjectFor("IF-12")
		for i := range queued {
			suite.Step().Expect(srq.Receive(i, mr.SGE(0, 64))).To(Equal(ndk.StatusSuccess), fmt.Sprintf("NdkSrqReceive %d of %d", i+1, queued))
		}
		// The page names STATUS_INVALID_PARAMETER for a depth outside the
		// NDK_ADAPTER_INFO limits only; it says nothing of a depth below
		// the receives queued, so only the exact fit is judged.
		st := srq.Modify(queued, 0).Wait()
		suite.Rule("SQ-3").Expect(st).NotTo(Equal(ndk.StatusInvalidParameter),
			"NdkModifySrq with SrqDepth %d, within MaxSrqDepth (%d), on an SRQ of depth %d with %d receives queued", queued, srqMaxDepth(p), depth, queued)
		if st != ndk.StatusSuccess {
			AddReportEntry("SQ-3", fmt.Sprintf("NdkModifySrq with SrqDepth %d and %d receives queued failed with %v (the page allows other status codes)", queued, queued, st))
		}
	})

	suite.It(suite.Rules{"SQ-3"}, "NdkModifySrq does not refuse a new depth of MaxSrqDepth as out of limits, and refuses MaxSrqDepth+1 with STATUS_INVALID_PARAMETER", func() {
		limit := srqMaxDepth(p)
		pd := p.B.CreatePD().MustObject()
		srq := pd.CreateSRQ(1, 1, 0).MustObjectFor("IF-12")
		// MaxSrqDepth is within the limits, so STATUS_INVALID_PARAMETER is
		// wrong; the page's "other status codes" (resources, say) are not.
		st := srq.Modify(limit, 0).Wait()
		suite.Rule("SQ-3").Expect(st).NotTo(Equal(ndk.StatusInvalidParameter), "NdkModifySrq with SrqDepth = MaxSrqDepth (%d), within the adapter's limits", limit)
		if st != ndk.StatusSuccess {
			AddReportEntry("SQ-3", fmt.Sprintf("NdkModifySrq with SrqDepth = MaxSrqDepth (%d) failed with %v (the page allows other status codes)", limit, st))
		}
		if limit == math.MaxUint32 {
			suite.NotApplicable(fmt.Sprintf("MaxSrqDepth %d", limit), "MaxSrqDepth is the largest SrqDepth a consumer can pass, so there is no depth past it")
		}
		suite.Rule("SQ-3").Expect(srq.Modify(limit+1, 0).Wait()).To(Equal(ndk.StatusInvalidParameter),
			"NdkModifySrq with SrqDepth = MaxSrqDepth+1 (%d) fails with STATUS_INVALID_PARAMETER", limit+1)
	})
})
