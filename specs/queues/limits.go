package queues

import (
	"fmt"
	"math"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The creation limits (CQ-14, QP-23, QP-24, SQ-7). Each create page binds
// its sizes and counts to an NDK_ADAPTER_INFO maximum ("must be less than
// or equal to"), and gives STATUS_INVALID_PARAMETER as the status of a
// request "not within the limits" (NdkCreateCq: a CqDepth "greater than"
// MaxCqDepth). So a value one past its maximum fails with that status,
// and a value equal to it is within the limits and never fails with it.
// A create at the maxima may still fail otherwise: each page lists
// STATUS_INSUFFICIENT_RESOURCES, inline or asynchronous, and "other status
// codes"; the specs let those pass (and note them), as the SQ-3 spec does
// for NdkModifySrq.
//
// Each limit is tried alone, the other values small (within every
// adapter's limits), at its maximum and one past it; then every limit at
// its maximum at once. A maximum of MaxUint32 has no value past it: that
// check is left out and noted. Objects created at a maximum are closed at
// once, so that no more than one of them holds an adapter's resources.

// limitChecker judges the creates of one spec: rule is the rule, call the
// create.
type limitChecker struct{ rule, call string }

// within checks the status of a create whose values are all within the
// adapter's limits (what says which are at their maximum).
func (l limitChecker) within(st ndk.Status, what string) {
	GinkgoHelper()
	suite.Rule(l.rule).Expect(st).NotTo(Equal(ndk.StatusInvalidParameter), "%s with %s, within the adapter's limits, is not refused as out of them", l.call, what)
	if st != ndk.StatusSuccess {
		AddReportEntry(l.rule, fmt.Sprintf("%s with %s failed with %v (the page allows STATUS_INSUFFICIENT_RESOURCES and other status codes)", l.call, what, st))
	}
}

// over checks the status of a create with one value past its maximum.
func (l limitChecker) over(st ndk.Status, what string) {
	GinkgoHelper()
	suite.Rule(l.rule).Expect(st).To(Equal(ndk.StatusInvalidParameter), "%s with %s, past the adapter's limit, fails with STATUS_INVALID_PARAMETER", l.call, what)
}

// noPast notes a limit of MaxUint32, which no value passes.
func (l limitChecker) noPast(field string) {
	AddReportEntry(l.rule, fmt.Sprintf("%s is %d, the largest value a consumer can pass: no value past it is tried", field, uint32(math.MaxUint32)))
}

// closeIf closes the object a create returned, if it made one.
func closeIf[T interface{ Close() *suite.Op }](obj T, st ndk.Status) {
	GinkgoHelper()
	if st == ndk.StatusSuccess {
		obj.Close().Wait()
	}
}

// limit is one value a create takes that an NDK_ADAPTER_INFO member
// bounds.
type limit struct {
	param, field string // the parameter ("ReceiveQueueDepth") and the member bounding it ("MaxReceiveQueueDepth")
	max          uint32
	small        uint32 // a value within every adapter's limits for the controls
}

// at describes the limit at value v, for the messages.
func (m limit) at(v uint32) string {
	switch {
	case v == m.max:
		return fmt.Sprintf("%s = %s (%d)", m.param, m.field, v)
	case v == m.max+1:
		return fmt.Sprintf("%s = %s+1 (%d)", m.param, m.field, v)
	}
	return fmt.Sprintf("%s %d", m.param, v)
}

// qpLimits are the limits of a QP's parameters: all five for NdkCreateQp,
// the initiator's and the inline size for NdkCreateQpWithSrq.
func qpLimits(info ndk.AdapterInfo, withSRQ bool) []limit {
	out := []limit{
		{"InitiatorQueueDepth", "MaxInitiatorQueueDepth", info.MaxInitiatorQueueDepth, min(16, info.MaxInitiatorQueueDepth)},
		{"MaxInitiatorRequestSge", "MaxInitiatorRequestSge", info.MaxInitiatorRequestSGE, min(1, info.MaxInitiatorRequestSGE)},
		{"InlineDataSize", "MaxInlineDataSize", info.MaxInlineDataSize, 0},
	}
	if !withSRQ {
		out = append([]limit{
			{"ReceiveQueueDepth", "MaxReceiveQueueDepth", info.MaxReceiveQueueDepth, min(16, info.MaxReceiveQueueDepth)},
			{"MaxReceiveRequestSge", "MaxReceiveRequestSge", info.MaxReceiveRequestSGE, min(1, info.MaxReceiveRequestSGE)},
		}, out...)
	}
	return out
}

// qpParams sets QP parameters from values in the order of qpLimits.
func qpParams(values []uint32, withSRQ bool) ndk.QPParams {
	if withSRQ {
		return ndk.QPParams{InitiatorQueueDepth: values[0], MaxInitiatorRequestSGE: values[1], InlineDataSize: values[2]}
	}
	return ndk.QPParams{ReceiveQueueDepth: values[0], MaxReceiveRequestSGE: values[1], InitiatorQueueDepth: values[2],
		MaxInitiatorRequestSGE: values[3], InlineDataSize: values[4]}
}

// walkLimits makes the creates of a spec over limits: the controls (every
// value small), each limit alone at its maximum and one past it, then
// every limit at its maximum at once. create makes one with the values in
// the order of limits and returns its status, having closed what it made.
func walkLimits(l limitChecker, limits []limit, create func(values []uint32) ndk.Status) {
	GinkgoHelper()
	small := func() []uint32 {
		var v []uint32
		for _, m := range limits {
			v = append(v, m.small)
		}
		return v
	}
	for i, m := range limits {
		v := small()
		v[i] = m.max
		l.within(create(v), m.at(m.max))
		if m.max == math.MaxUint32 {
			l.noPast(m.field)
			continue
		}
		v[i] = m.max + 1
		l.over(create(v), m.at(m.max+1))
	}
	var all []uint32
	var what string
	for i, m := range limits {
		all = append(all, m.max)
		if i > 0 {
			what += ", "
		}
		what += m.at(m.max)
	}
	l.within(create(all), "every limit at its maximum at once: "+what)
}

var _ = Describe("Creation limits", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"CQ-14"}, "NdkCreateCq with CqDepth = MaxCqDepth is not refused as out of the limits; with MaxCqDepth+1 it fails with STATUS_INVALID_PARAMETER", func() {
		max := p.A.Info().MaxCQDepth
		closeIf(p.A.CreateCQ(1).MustObjectFor("IF-5"), ndk.StatusSuccess)
		walkLimits(limitChecker{"CQ-14", "NdkCreateCq"}, []limit{{"CqDepth", "MaxCqDepth", max, 1}}, func(v []uint32) ndk.Status {
			cq, st := p.A.CreateCQ(v[0]).Object()
			closeIf(cq, st)
			return st
		})
	})

	suite.It(suite.Rules{"QP-23"}, "NdkCreateQp with each of ReceiveQueueDepth, InitiatorQueueDepth, MaxReceiveRequestSge, MaxInitiatorRequestSge and InlineDataSize at its NDK_ADAPTER_INFO maximum, alone and all at once, is not refused as out of the limits; with any one of them one past it, it fails with STATUS_INVALID_PARAMETER", func() {
		info := p.A.Info()
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		limits := qpLimits(info, false)
		create := func(values []uint32) ndk.Status {
			GinkgoHelper()
			params := qpParams(values, false)
			params.ReceiveCQ, params.InitiatorCQ = cq.CQ, cq.CQ
			qp, st := pd.CreateQPWith(params, cq, cq).Object()
			closeIf(qp, st)
			return st
		}
		// The control: small values every adapter takes (IF-10).
		closeIf(pd.CreateQPWith(ndk.QPParams{ReceiveCQ: cq.CQ, InitiatorCQ: cq.CQ, ReceiveQueueDepth: limits[0].small, MaxReceiveRequestSGE: limits[1].small,
			InitiatorQueueDepth: limits[2].small, MaxInitiatorRequestSGE: limits[3].small}, cq, cq).MustObjectFor("IF-10"), ndk.StatusSuccess)
		walkLimits(limitChecker{"QP-23", "NdkCreateQp"}, limits, create)
	})

	suite.It(suite.Rules{"QP-24"}, "NdkCreateQpWithSrq with each of InitiatorQueueDepth, MaxInitiatorRequestSge and InlineDataSize at its NDK_ADAPTER_INFO maximum, alone and all at once, is not refused as out of the limits; with any one of them one past it, it fails with STATUS_INVALID_PARAMETER", func() {
		info := p.A.Info()
		if info.MaxSRQDepth == 0 {
			suite.NotApplicable("MaxSrqDepth 0", "the adapter has no SRQ support (AI-3), so no QP is created with an SRQ")
		}
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		srq := pd.CreateSRQ(min(16, info.MaxSRQDepth), 1, 0).MustObjectFor("IF-12")
		create := func(values []uint32) ndk.Status {
			GinkgoHelper()
			qp, st := pd.CreateQPWithSRQWith(qpParams(values, true), cq, cq, srq).Object()
			closeIf(qp, st)
			return st
		}
		limits := qpLimits(info, true)
		closeIf(pd.CreateQPWithSRQWith(ndk.QPParams{InitiatorQueueDepth: limits[0].small, MaxInitiatorRequestSGE: limits[1].small}, cq, cq, srq).MustObjectFor("IF-10"), ndk.StatusSuccess)
		walkLimits(limitChecker{"QP-24", "NdkCreateQpWithSrq"}, limits, create)
	})

	suite.It(suite.Rules{"SQ-7"}, "NdkCreateSrq with SrqDepth = MaxSrqDepth and with MaxReceiveRequestSge at the adapter's maximum, alone and at once, is not refused as out of the limits; with either one past it, it fails with STATUS_INVALID_PARAMETER", func() {
		info := p.A.Info()
		if info.MaxSRQDepth == 0 {
			suite.NotApplicable("MaxSrqDepth 0", "the adapter has no SRQ support (AI-3), so no SRQ is created")
		}
		pd := p.A.CreatePD().MustObject()
		limits := []limit{
			{"SrqDepth", "MaxSrqDepth", info.MaxSRQDepth, min(16, info.MaxSRQDepth)},
			{"MaxReceiveRequestSge", "MaxReceiveRequestSge", info.MaxReceiveRequestSGE, min(1, info.MaxReceiveRequestSGE)},
		}
		closeIf(pd.CreateSRQ(limits[0].small, limits[1].small, 0).MustObjectFor("IF-12"), ndk.StatusSuccess)
		walkLimits(limitChecker{"SQ-7", "NdkCreateSrq"}, limits, func(v []uint32) ndk.Status {
			GinkgoHelper()
			srq, st := pd.CreateSRQ(v[0], v[1], 0).Object()
			closeIf(srq, st)
			return st
		})
	})
})
