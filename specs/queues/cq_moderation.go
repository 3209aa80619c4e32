package queues

import (
	"fmt"
	"math"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// moderations are (ModerationInterval, ModerationCount) settings a
// consumer may pass (CQ-7 forbids only MAXULONG with MAXULONG or a count
// beyond CqDepth): off, a count, an interval, the interval alone.
var moderations = [][2]uint32{{0, 0}, {0, 8}, {1, 1}, {100, 4}, {math.MaxUint32, 4}, {1000, math.MaxUint32}, {0, 0}}

func moderationSupported(p *suite.Pair) bool {
	return p.A.Info().AdapterFlags&ndk.AdapterFlagCQInterruptModerationSupported != 0
}

var _ = Describe("CQ interrupt moderation", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"CQ-8"}, "with NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED set, NdkControlCqInterruptModeration returns STATUS_SUCCESS or, failing, only STATUS_INSUFFICIENT_RESOURCES, never STATUS_NOT_SUPPORTED nor STATUS_PENDING; interval 0 included", func() {
		if !moderationSupported(p) {
			suite.NotApplicable("no NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED", "the adapter does not moderate CQ interrupts, so the spec of an adapter that does has nothing to check")
		}
		cq := p.A.CreateCQ(16).MustObject()
		for _, m := range moderations {
			st := cq.ControlInterruptModeration(m[0], m[1])
			suite.Rule("CQ-10").Expect(st).NotTo(Equal(ndk.StatusPending), "NdkControlCqInterruptModeration(%d, %d) never returns STATUS_PENDING", m[0], m[1])
			suite.Rule("CQ-8").Expect(st).To(BeElementOf(ndk.StatusSuccess, ndk.StatusInsufficientResources),
				"NdkControlCqInterruptModeration(%d, %d) of an adapter that sets the moderation flag returns STATUS_SUCCESS (or STATUS_INSUFFICIENT_RESOURCES)", m[0], m[1])
		}
	})

	suite.It(suite.Rules{"CQ-9", "CQ-10"}, "without NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED, NdkControlCqInterruptModeration is still implemented and returns STATUS_NOT_SUPPORTED (the call CQ-7 asks consumers not to make, which CQ-9 says how the provider answers)", func() {
		if moderationSupported(p) {
			suite.NotApplicable("NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED", "the adapter moderates CQ interrupts, so the spec of an adapter that does not has nothing to check")
		}
		cq := p.A.CreateCQ(16).MustObject()
		for _, m := range moderations[:3] {
			st := cq.ControlInterruptModeration(m[0], m[1])
			suite.Rule("CQ-10").Expect(st).NotTo(Equal(ndk.StatusPending), "NdkControlCqInterruptModeration(%d, %d) never returns STATUS_PENDING", m[0], m[1])
			suite.Rule("CQ-9").Expect(st).To(Equal(ndk.StatusNotSupported), "NdkControlCqInterruptModeration(%d, %d) of an adapter that does not set the moderation flag", m[0], m[1])
		}
	})

	suite.It(suite.Rules{"CQ-11", "CQ-12"}, "settings issued again before the earlier took effect: the latest, interval 0 (no moderation), applies, so that after a 71-minute interval then interval 0 an armed CQ's notification comes within the deadline", Label(finding.ClauseLabel("CQ-11.latest"), finding.ClauseLabel("CQ-12.zero")), func() {
		if !moderationSupported(p) {
			suite.NotApplicable("no NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED", "the adapter does not moderate CQ interrupts, so the spec of an adapter that does has nothing to check")
		}
		r := newCQRig(p, 32, 16)
		for _, m := range [][2]uint32{{math.MaxUint32 - 1, math.MaxUint32}, {0, 0}} {
			if st := r.cq.ControlInterruptModeration(m[0], m[1]); st != ndk.StatusSuccess {
				suite.NotObservable(fmt.Sprintf("NdkControlCqInterruptModeration(%d, %d) returned %v", m[0], m[1], st))
			}
		}
		r.cq.Arm(ndk.CQNotifyAny)
		r.complete(plain)
		r.notified("CQ-11 CQ-12", 1, "the notification of a CQ whose latest moderation setting is interval 0 (none), issued right after an interval of %d µs", uint32(math.MaxUint32-1))
	})
})

var _ = Describe("NdkQueryAdapterInfo", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"AI-5", "IF-3"}, "NdkQueryAdapterInfo blocks until done: it returns STATUS_SUCCESS with the adapter's information, the same at every call", Label(finding.ClauseLabel("AI-5.blocks")), func() {
		var first ndk.AdapterInfo
		for i := range 4 {
			info, st := p.A.Adapter.QueryAdapterInfo()
			if i == 0 && st != ndk.StatusPending {
				// The query's first answer is the harness's (IF-3: the
				// provider implements NdkQueryAdapterInfo); AI-5 is that it
				// blocks until done, every time.
				suite.Rule("IF-3").Expect(st).To(Equal(ndk.StatusSuccess), "the first NdkQueryAdapterInfo of the adapter")
			}
			suite.Rule("AI-5").Expect(st).To(Equal(ndk.StatusSuccess), "NdkQueryAdapterInfo call %d returns STATUS_SUCCESS (it blocks until done)", i+1)
			if i == 0 {
				first = info
				continue
			}
			suite.Rule("AI-5").Expect(info).To(Equal(first), "NdkQueryAdapterInfo call %d returns the same information as the first", i+1)
		}
	})
})
