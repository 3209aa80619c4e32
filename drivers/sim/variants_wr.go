package sim

import (
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// Broken variants of the work-request completion contract, the data-path
// flags and the concurrency of work requests (specs/queues/wr_*.go). Each
// breaks its rules at the points marked "VARIANT <name>".

// Variant names.
const (
	VariantFlushLosesContext         = "flush-loses-context"
	VariantFailedPostCompletes       = "failed-post-completes"
	VariantSilentFailureHidden       = "silent-failure-hidden"
	VariantBytesTransferredWrong     = "bytes-transferred-wrong"
	VariantErrorCodeOnSuccess        = "error-code-on-success"
	VariantFlushCompletesTwice       = "flush-completes-twice"
	VariantDeferDroppedOnFailure     = "defer-dropped-on-failure"
	VariantDeferNeverRung            = "defer-never-rung"
	VariantDeferFailureHidden        = "defer-failure-hidden"
	VariantFenceIgnored              = "fence-ignored"
	VariantInlineTokenChecked        = "inline-token-checked"
	VariantReadPastEnd               = "read-past-end"
	VariantUnconnectedWrongStatus    = "unconnected-wrong-status"
	VariantFlushRaceLosesPosts       = "flush-race-loses-posts"
	VariantConnectorCloseLosesPost   = "connector-close-loses-posts"
	VariantOverflowPastSGE           = "overflow-past-sge"
	VariantOverflowSucceeds          = "overflow-succeeds"
	VariantSendWithoutReceiveDropped = "send-without-receive-dropped"
	VariantFlushUnconnectedPartial   = "flush-unconnected-partial"
)

func init() {
	variants = append(variants,
		Variant{
			Name:        VariantFlushLosesContext,
			Rule:        "QP-3",
			Rules:       []string{"QP-3"},
			Description: "the completions NdkFlush queues (STATUS_CANCELLED) carry a nil RequestContext; the flushes of a close or a disconnect are right",
		},
		Variant{
			Name:        VariantFailedPostCompletes,
			Rule:        "DP-4",
			Rules:       []string{"DP-4"},
			Description: "an initiator request that fails inline for any reason but an unconnected QP (a full queue, too many SGEs) also queues a completion with the failure status",
		},
		Variant{
			Name:        VariantSilentFailureHidden,
			Rule:        "QP-6",
			Rules:       []string{"QP-6"},
			Description: "a request flagged NDK_OP_FLAG_SILENT_SUCCESS never queues a completion, not even when it fails",
		},
		Variant{
			Name:        VariantBytesTransferredWrong,
			Rule:        "QP-13",
			Rules:       []string{"QP-13"},
			Description: "a successful receive's BytesTransferred is the length of its buffers, not the bytes sent",
		},
		Variant{
			Name:        VariantErrorCodeOnSuccess,
			Rule:        "QP-19",
			Rules:       []string{"QP-19"},
			Description: "every successful completion carries ProviderErrorCode 1",
		},
		Variant{
			Name:        VariantFlushUnconnectedPartial,
			Rule:        "QP-21",
			Rules:       []string{"QP-21"},
			Description: "NdkFlush of a QP that was never connected completes only its oldest posted receive; the others stay pending (a close still flushes them)",
		},
		Variant{
			Name:        VariantFlushCompletesTwice,
			Rule:        "QP-21",
			Rules:       []string{"QP-21", "QP-4", "LT-26", "QP-22"},
			Description: "a flush (NdkFlush, or the one a close or a disconnect starts) completes each pending receive twice",
		},
		Variant{
			Name:        VariantDeferDroppedOnFailure,
			Rule:        "DP-6",
			Rules:       []string{"DP-6", "DP-5", "QP-4"},
			Description: "an initiator request that fails inline drops the requests held by NDK_OP_FLAG_DEFER before it: they never complete",
		},
		Variant{
			Name:        VariantDeferNeverRung,
			Rule:        "DP-5",
			Rules:       []string{"DP-5", "DP-3", "QP-4"},
			Description: "a request without NDK_OP_FLAG_DEFER executes alone: the requests held by DEFER before it stay held until a flush or an inline failure",
		},
		Variant{
			Name:        VariantDeferFailureHidden,
			Rule:        "DP-3",
			Rules:       []string{"DP-3"},
			Description: "an NdkWrite or NdkRead posted with NDK_OP_FLAG_DEFER that fails when it executes (a remote access its token does not grant) moves no data but completes with STATUS_SUCCESS, as if the flag changed what its completion reports",
		},
		Variant{
			Name:        VariantFenceIgnored,
			Rule:        "QP-7",
			Rules:       []string{"QP-7"},
			Description: "a Write flagged NDK_OP_FLAG_READ_FENCE executes at once, ahead of the transfers (an RDMA Read) still in flight on the QP",
		},
		Variant{
			Name:        VariantInlineTokenChecked,
			Rule:        "QP-10",
			Rules:       []string{"QP-10"},
			Description: "the SGEs of an NDK_OP_FLAG_INLINE request are resolved through their MemoryRegionToken, which the provider must ignore: an invalid token fails the request",
		},
		Variant{
			Name:        VariantReadPastEnd,
			Rule:        "QP-14",
			Rules:       []string{"QP-14", "MR-16"},
			Description: "an NdkRead reaching past the end of the remote region reads what the region holds and succeeds (a remote access outside what its token grants, MR-16, as well)",
		},
		Variant{
			Name:        VariantUnconnectedWrongStatus,
			Rule:        "QP-5",
			Rules:       []string{"QP-5"},
			Description: "NdkBind, NdkFastRegister and NdkInvalidate on a QP that is not connected fail with STATUS_INVALID_DEVICE_STATE instead of STATUS_CONNECTION_INVALID",
		},
		Variant{
			Name:        VariantFlushRaceLosesPosts,
			Rule:        "WR-7",
			Rules:       []string{"WR-7", "QP-4", "QP-21"},
			Description: "NdkFlush takes the QP's pending requests, lets go of the QP's lock about 5 ms, then empties the queues: requests posted in that window are dropped without a completion (posts stay inside about 1 ms)",
		},
		Variant{
			Name:        VariantConnectorCloseLosesPost,
			Rule:        "WR-8",
			Rules:       []string{"WR-8", "QP-4"},
			Description: "closing a connector while a work request is being posted on its QP empties the QP's queues without completing them (posts stay inside about 1 ms)",
		},
		Variant{
			Name:        VariantOverflowPastSGE,
			Rule:        "MR-16",
			Rules:       []string{"MR-16"},
			Description: "a send longer than the receive that takes it is placed whole from the receive's SGE on: the bytes that do not fit overwrite the registered memory past the SGE (the completions are sim's: STATUS_BUFFER_OVERFLOW and STATUS_REMOTE_RESOURCES)",
		},
		Variant{
			Name:        VariantOverflowSucceeds,
			Rule:        "QP-13",
			Rules:       []string{"QP-13"},
			Description: "a receive shorter than the send that takes it completes with STATUS_SUCCESS and BytesTransferred the send's length (the bytes that fit are placed), and the send with STATUS_SUCCESS",
		},
		Variant{
			Name:        VariantSendWithoutReceiveDropped,
			Rule:        "QP-4",
			Rules:       []string{"QP-4"},
			Description: "a send that finds no receive waiting at the peer when it executes completes with STATUS_SUCCESS once a receive comes, but its bytes are dropped: the receive stays posted, for the next send",
		},
	)
}

// wrPostHold is how long a post stays inside the provider for the variants
// that race a flush or a connector close with it.
const wrPostHold = time.Millisecond

// wrFlushWindow is how long VARIANT flush-race-loses-posts lets go of the
// lock inside NdkFlush: several posts land in it.
const wrFlushWindow = 5 * time.Millisecond

// wrEnterPost runs at the start of every work-request call on q; the
// function it returns runs at its end.
func (q *qp) wrEnterPost() func() {
	v := q.ad.f.variant
	if v != VariantFlushRaceLosesPosts && v != VariantConnectorCloseLosesPost {
		return func() {}
	}
	q.posting.Add(1)
	time.Sleep(wrPostHold)
	return func() { q.posting.Add(-1) }
}

// wrFlushRacy is NdkFlush of VARIANT flush-race-loses-posts (breaks WR-7):
// the pending requests are taken, the lock let go, and the queues emptied
// after: what was posted in between is lost.
func (f *fabric) wrFlushRacy(q *qp) {
	f.mu.Lock()
	ws, rs := len(q.waiting), len(q.rq)
	f.mu.Unlock()
	time.Sleep(wrFlushWindow)
	f.mu.Lock()
	defer f.mu.Unlock()
	q.waiting = q.waiting[:min(ws, len(q.waiting))]
	q.rq = q.rq[:min(rs, len(q.rq))]
	f.flushLocked(q)
}

// wrCloseLoses reports whether closing the connector of q drops q's
// pending requests (VARIANT connector-close-loses-posts, breaks WR-8): a
// post is in progress on q, or starts within a few holds (a consumer
// posting alongside the close; one that is not only delays the close).
func (f *fabric) wrCloseLoses(q *qp) bool {
	if f.variant != VariantConnectorCloseLosesPost {
		return false
	}
	for end := time.Now().Add(10 * wrPostHold); q.posting.Load() == 0; time.Sleep(50 * time.Microsecond) {
		if time.Now().After(end) {
			return false
		}
	}
	q.waiting, q.rq, q.deferred = nil, nil, nil
	return true
}

// wrResult applies the variants that corrupt a completion as it is queued.
func (f *fabric) wrResult(r *ndk.ResultEx) {
	switch f.variant {
	case VariantFlushLosesContext:
		if r.Status == ndk.StatusCancelled && f.wrInFlush {
			r.RequestContext = nil
		}
	case VariantErrorCodeOnSuccess:
		if r.Status == ndk.StatusSuccess {
			r.ProviderErrorCode = 1
		}
	}
}

// wrFlushLocked is flushLocked for NdkFlush itself: VARIANT
// flush-loses-context (breaks QP-3) corrupts the completions it queues
// (wrResult), and only those.
func (f *fabric) wrFlushLocked(q *qp) {
	f.wrInFlush = true
	defer func() { f.wrInFlush = false }()
	f.flushLocked(q)
}
