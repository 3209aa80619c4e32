package sim

import (
	"math"

	"github.com/ndkconform/ndkconform/ndk"
)

// The broken variants of the creation limits (CQ-14, QP-23, QP-24, SQ-7),
// of NdkResizeCq (CQ-15, CQ-16), of NDK_RESULT_EX.Type (QP-25) and of
// the CQ of an SRQ's receives (SQ-8): specs/queues/limits.go, resize.go,
// result_type.go and srq_cq.go. Each breaks its rule at the points marked "VARIANT <name>".
const (
	VariantCQCreateDepthOverMax       = "cq-create-depth-over-max"
	VariantQPReceiveSGEOverMax        = "qp-receive-sge-over-max"
	VariantQPReceiveDepthAtMaxRefused = "qp-receive-depth-at-max-refused"
	VariantQPSRQInlineOverMax         = "qp-srq-inline-over-max"
	VariantSRQCreateDepthOverMax      = "srq-create-depth-over-max"
	VariantSRQSGEAtMaxRefused         = "srq-sge-at-max-refused"
	VariantResizeOverMax              = "resize-over-max"
	VariantResizeDropsCompletions     = "resize-drops-completions"
	VariantResizeKeepsDepth           = "resize-keeps-depth"
	VariantResizeAtMaxRefused         = "resize-at-max-refused"
	VariantResultTypeWriteAsSend      = "result-type-write-as-send"
	VariantSRQReceiveOnFirstCQ        = "srq-receive-on-first-cq"
)

func init() {
	variants = append(variants,
		Variant{Name: VariantCQCreateDepthOverMax, Rule: "CQ-14", Rules: []string{"CQ-14"},
			Description: "NdkCreateCq creates a CQ of CqDepth MaxCqDepth+1 (its limit checked one too high)"},
		Variant{Name: VariantQPReceiveSGEOverMax, Rule: "QP-23", Rules: []string{"QP-23"},
			Description: "NdkCreateQp creates a QP whose MaxReceiveRequestSge is one past the adapter's MaxReceiveRequestSge"},
		Variant{Name: VariantQPReceiveDepthAtMaxRefused, Rule: "QP-23", Rules: []string{"QP-23"},
			Description: "NdkCreateQp refuses a ReceiveQueueDepth equal to MaxReceiveQueueDepth with STATUS_INVALID_PARAMETER (the limit taken as exclusive)"},
		Variant{Name: VariantQPSRQInlineOverMax, Rule: "QP-24", Rules: []string{"QP-24"},
			Description: "NdkCreateQpWithSrq does not bound InlineDataSize: a QP with more than MaxInlineDataSize is created"},
		Variant{Name: VariantSRQCreateDepthOverMax, Rule: "SQ-7", Rules: []string{"SQ-7"},
			Description: "NdkCreateSrq creates an SRQ of SrqDepth MaxSrqDepth+1 (its limit checked one too high)"},
		Variant{Name: VariantSRQSGEAtMaxRefused, Rule: "SQ-7", Rules: []string{"SQ-7"},
			Description: "NdkCreateSrq refuses a MaxReceiveRequestSge equal to the adapter's with STATUS_INVALID_PARAMETER (the limit taken as exclusive)"},
		Variant{Name: VariantResizeOverMax, Rule: "CQ-15", Rules: []string{"CQ-15"},
			Description: "NdkResizeCq accepts any CqDepth above MaxCqDepth"},
		Variant{Name: VariantResizeAtMaxRefused, Rule: "CQ-15", Rules: []string{"CQ-15"},
			Description: "NdkResizeCq refuses a CqDepth equal to MaxCqDepth with STATUS_INVALID_PARAMETER (the limit taken as exclusive)"},
		Variant{Name: VariantResizeDropsCompletions, Rule: "CQ-16", Rules: []string{"CQ-16"},
			Description: "NdkResizeCq succeeds and discards the completions the CQ held"},
		Variant{Name: VariantResizeKeepsDepth, Rule: "CQ-16", Rules: []string{"CQ-16"},
			Description: "NdkResizeCq returns STATUS_SUCCESS but leaves the CQ's depth as it was (a CQ grown so overruns at its old depth)"},
		Variant{Name: VariantResultTypeWriteAsSend, Rule: "QP-25", Rules: []string{"QP-25"},
			Description: "an NdkWrite completes with NDK_RESULT_EX.Type NdkOperationTypeSend"},
		Variant{Name: VariantSRQReceiveOnFirstCQ, Rule: "SQ-8", Rules: []string{"SQ-8"},
			Description: "a receive taken from an SRQ completes on the receive CQ of the SRQ's first QP, whichever of its QPs took it"},
	)
}

// createLimit is the largest value a create (or NdkResizeCq) takes for a
// parameter bounded by max, an NDK_ADAPTER_INFO member: max, unless the
// fabric is the variant v, which moves it.
func (f *fabric) createLimit(v string, max uint32) uint32 {
	if f.variant != v {
		return max
	}
	switch v {
	// VARIANT cq-create-depth-over-max, qp-receive-sge-over-max, srq-create-depth-over-max
	// (break CQ-14, QP-23, SQ-7): the limit is checked one too high.
	case VariantCQCreateDepthOverMax, VariantQPReceiveSGEOverMax, VariantSRQCreateDepthOverMax:
		return max + 1
	// VARIANT qp-receive-depth-at-max-refused, srq-sge-at-max-refused,
	// resize-at-max-refused (break QP-23, SQ-7, CQ-15): the limit is
	// taken as exclusive.
	case VariantQPReceiveDepthAtMaxRefused, VariantSRQSGEAtMaxRefused, VariantResizeAtMaxRefused:
		return max - 1
	// VARIANT qp-srq-inline-over-max, resize-over-max (break QP-24,
	// CQ-15): no limit.
	case VariantQPSRQInlineOverMax, VariantResizeOverMax:
		return math.MaxUint32
	}
	return max
}

// resizeLocked gives the CQ its new depth (NdkResizeCq succeeded). The
// completions it holds stay queued, in their order (CQ-16).
func (c *cq) resizeLocked(depth uint32) {
	switch c.ad.f.variant {
	// VARIANT resize-keeps-depth (breaks CQ-16): the depth does not change.
	case VariantResizeKeepsDepth:
		return
	// VARIANT resize-drops-completions (breaks CQ-16): the completions held
	// are discarded.
	case VariantResizeDropsCompletions:
		c.entries = nil
	}
	c.depth = depth
}

// resultType gives a completion queued on a CQ its Type: the operation's
// (QP-25).
func (f *fabric) resultType(r *ndk.ResultEx) {
	// VARIANT result-type-write-as-send (breaks QP-25): a write's
	// completion says it was a send.
	if f.variant == VariantResultTypeWriteAsSend && r.Type == ndk.OpWrite {
		r.Type = ndk.OpSend
	}
}

// recvCQLocked is the CQ the receives q takes complete on: its receive CQ
// (pReceiveCq), also for those it takes from its SRQ (SQ-8).
func (q *qp) recvCQLocked() *cq {
	// VARIANT srq-receive-on-first-cq (breaks SQ-8): an SRQ's receive
	// completes on the receive CQ of the SRQ's first QP.
	if q.srq != nil && q.ad.f.variant == VariantSRQReceiveOnFirstCQ && len(q.srq.qps) > 0 {
		return q.srq.qps[0].rcq
	}
	return q.rcq
}

// The broken variants of the NDK_ADAPTER_INFO limits and the loopback flag
// (AI-10 .. AI-14): specs/queues/adapter_limits.go.
const (
	VariantReadSGEInitiatorLimit = "read-sge-initiator-limit"
	VariantTransferAtMaxRefused  = "transfer-at-max-refused"
	VariantRegisterAtMaxRefused  = "register-at-max-refused"
	VariantWindowAtMaxRefused    = "window-at-max-refused"
	VariantLoopbackSendLost      = "loopback-send-lost"
)

func init() {
	variants = append(variants,
		Variant{Name: VariantReadSGEInitiatorLimit, Rule: "AI-10", Rules: []string{"AI-10"},
			Description: "NdkRead is limited to the QP's MaxInitiatorRequestSge SGEs: a read with MaxReadRequestSge SGEs, more than that, fails with STATUS_INVALID_PARAMETER"},
		Variant{Name: VariantTransferAtMaxRefused, Rule: "AI-11", Rules: []string{"AI-11"},
			Description: "a send, receive, read or write referencing exactly MaxTransferLength bytes fails with STATUS_INVALID_PARAMETER (the limit taken as exclusive)"},
		Variant{Name: VariantRegisterAtMaxRefused, Rule: "AI-12", Rules: []string{"AI-12"},
			Description: "NdkRegisterMr of exactly MaxRegistrationSize bytes fails with STATUS_INVALID_PARAMETER (the limit taken as exclusive)"},
		Variant{Name: VariantWindowAtMaxRefused, Rule: "AI-13", Rules: []string{"AI-13"},
			Description: "NdkBind of a window of exactly MaxWindowSize bytes completes with STATUS_INVALID_PARAMETER (the limit taken as exclusive)"},
		Variant{Name: VariantLoopbackSendLost, Rule: "AI-14", Rules: []string{"AI-14"},
			Description: "on a loopback connection (both ends on one host) a send completes with success at the sender and never reaches the peer's receive"},
	)
}

// readSGELimit is the number of SGEs an NdkRead on q takes: the adapter's
// MaxReadRequestSge.
func (q *qp) readSGELimit() uint32 {
	// VARIANT read-sge-initiator-limit (breaks AI-10): reads are held to
	// the QP's MaxInitiatorRequestSge as well, as if MaxReadRequestSge did
	// not override it.
	if q.ad.f.variant == VariantReadSGEInitiatorLimit {
		return min(q.params.MaxInitiatorRequestSGE, q.ad.f.info.MaxReadRequestSGE)
	}
	return q.ad.f.info.MaxReadRequestSGE
}

// overTransfer is whether a request whose SGEs reference n bytes in all is
// past MaxTransferLength.
func (f *fabric) overTransfer(n uint64) bool {
	// VARIANT transfer-at-max-refused (breaks AI-11): the limit is taken
	// as exclusive.
	if f.variant == VariantTransferAtMaxRefused {
		return n >= uint64(f.info.MaxTransferLength)
	}
	return n > uint64(f.info.MaxTransferLength)
}

// overRegistration is whether a registration of n bytes is past
// MaxRegistrationSize.
func (f *fabric) overRegistration(n uint64) bool {
	// VARIANT register-at-max-refused (breaks AI-12): the limit is taken
	// as exclusive.
	if f.variant == VariantRegisterAtMaxRefused {
		return n >= f.info.MaxRegistrationSize
	}
	return n > f.info.MaxRegistrationSize
}

// overWindow is whether a window of n bytes is past MaxWindowSize.
func (f *fabric) overWindow(n uint64) bool {
	// VARIANT window-at-max-refused (breaks AI-13): the limit is taken as
	// exclusive.
	if f.variant == VariantWindowAtMaxRefused {
		return n >= f.info.MaxWindowSize
	}
	return n > f.info.MaxWindowSize
}

// loopbackLost is whether a send from q to its peer p is lost: only in the
// variant, on a connection whose ends are on one host.
func (f *fabric) loopbackLost(q, p *qp) bool {
	// VARIANT loopback-send-lost (breaks AI-14): a loopback connection
	// carries no sends.
	return f.variant == VariantLoopbackSendLost && q.ad.host == p.ad.host
}
