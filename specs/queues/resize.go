package queues

import (
	"fmt"
	"math"
	"slices"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
)

// NdkResizeCq (CQ-15, CQ-16). The page: the new CqDepth "must be less
// than or equal to" MaxCqDepth, STATUS_INVALID_PARAMETER when it is
// "greater than" it, STATUS_INSUFFICIENT_RESOURCES "inline as well as
// asynchronously", and NdkResizeCq "changes the number of completion
// entries that a CQ can hold". It says nothing of the completions the CQ
// holds when it is resized; the project reads QP-4 (every request posted
// gets its completion entry) as keeping them (RULES.md, CQ-16). It leaves
// open a depth below the entries held (not tried here).
//
// A consumer resizes a CQ only on an adapter that sets
// NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED (AI-2), and the page states nothing
// the provider must do without it: the specs are not applicable then.

// resizeSupported skips the spec when the adapter does not declare CQ
// resizing.
func resizeSupported(p *suite.Pair) {
	GinkgoHelper()
	if p.A.Info().AdapterFlags&ndk.AdapterFlagCQResizeSupported == 0 {
		suite.NotApplicable("no NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED", "a consumer does not resize a CQ on this adapter (AI-2), and the page binds the provider to nothing for it")
	}
}

// resizeSmall and resizeLarge are the depths of the CQ the keep spec
// resizes: it fills resizeSmall entries, grows the CQ to resizeLarge and
// fills it.
const (
	resizeSmall = 2
	resizeLarge = 8
)

var _ = Describe("CQ resize", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"CQ-15"}, "NdkResizeCq to MaxCqDepth is not refused as out of the limits; to MaxCqDepth+1 it fails with STATUS_INVALID_PARAMETER", Label(finding.ClauseLabel("CQ-15.limit")), func() {
		resizeSupported(p)
		max := p.A.Info().MaxCQDepth
		cq := p.A.CreateCQ(4).MustObject()
		l := limitChecker{"CQ-15", "NdkResizeCq"}
		l.within(cq.Resize(max).Wait(), fmt.Sprintf("CqDepth = MaxCqDepth (%d)", max))
		if max == math.MaxUint32 {
			l.noPast("MaxCqDepth")
			return
		}
		l.over(cq.Resize(max+1).Wait(), fmt.Sprintf("CqDepth = MaxCqDepth+1 (%d)", max+1))
	})

	suite.It(suite.Rules{"CQ-16"}, fmt.Sprintf("a CQ of depth %d holding %d completions, grown to %d by NdkResizeCq, still gives those %d and takes %d more without overrun, all removed in their order", resizeSmall, resizeSmall, resizeLarge, resizeSmall, resizeLarge-resizeSmall),
		Label(finding.ClauseLabel("CQ-16.depth"), finding.ClauseLabel("CQ-16.keeps")), func() {
			resizeSupported(p)
			if max := p.A.Info().MaxCQDepth; max < resizeLarge {
				suite.NotApplicable(fmt.Sprintf("MaxCqDepth %d", max), fmt.Sprintf("the spec grows a CQ to %d entries", resizeLarge))
			}
			r := newCQRig(p, resizeSmall, 16)
			var before, after []any
			for range resizeSmall {
				before = append(before, r.complete(plain))
			}
			st := r.cq.Resize(resizeLarge).Wait()
			switch st {
			case ndk.StatusSuccess:
			case ndk.StatusInvalidParameter:
				suite.Violate(r.cq.Violation("CQ-15", "NdkResizeCq", fmt.Sprintf("no STATUS_INVALID_PARAMETER for CqDepth %d, within MaxCqDepth %d", resizeLarge, p.A.Info().MaxCQDepth), st.String()))
			default:
				suite.NotObservable(fmt.Sprintf("NdkResizeCq from %d to %d entries, with %d completions queued, failed with %v (the page allows STATUS_INSUFFICIENT_RESOURCES and other status codes)", resizeSmall, resizeLarge, resizeSmall, st))
			}
			for range resizeLarge - resizeSmall {
				after = append(after, r.complete(plain))
			}
			var got []any
			for _, res := range r.cq.Poll() {
				got = append(got, res.RequestContext)
			}
			want := append(slices.Clone(before), after...)
			if slices.Equal(got, want) {
				return
			}
			has := func(ids []any) bool {
				for _, id := range ids {
					if !slices.Contains(got, id) {
						return false
					}
				}
				return true
			}
			seen := ctxs(got)
			if seen == "" {
				seen = "no completion"
			}
			switch {
			case !has(before):
				suite.Violate(r.cq.Violation("CQ-16", "NdkGetCqResultsEx",
					fmt.Sprintf("the %d completions queued before NdkResizeCq (%s), then the %d after it (%s)", resizeSmall, ctxs(before), len(after), ctxs(after)), seen))
			default:
				suite.Violate(r.cq.Violation("CQ-16", "NdkGetCqResultsEx",
					fmt.Sprintf("%d completions in their order, the CQ grown to %d entries (%s)", resizeLarge, resizeLarge, ctxs(want)), seen))
			}
		})
})
