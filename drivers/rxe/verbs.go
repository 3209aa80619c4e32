//go:build rxe && cgo

package rxe

import (
	"github.com/ndkconform/ndkconform/ndk"
)

// pd is NDK_PD on an ibv_pd.
type pd struct {
	object
	pd *verbsPD
}

func (x *pd) beginCloseLocked() {}
func (x *pd) releaseLocked() {
	if x.pd != nil {
		deallocPD(x.pd)
		x.pd = nil
	}
}

// CreateQP implements ndk.PD: an RC ibv_qp, in RESET until a connection
// moves it to RTS.
func (x *pd) CreateQP(params ndk.QPParams, _ ndk.CreateCompletion, _ any) (ndk.QP, ndk.Status) {
	rcq, ok1 := params.ReceiveCQ.(*cq)
	icq, ok2 := params.InitiatorCQ.(*cq)
	if !ok1 || !ok2 || rcq == nil || icq == nil || rcq.ad != x.ad || icq.ad != x.ad {
		return nil, ndk.StatusInvalidParameter
	}
	info := x.ad.dev.info
	if params.ReceiveQueueDepth > info.MaxReceiveQueueDepth || params.InitiatorQueueDepth > info.MaxInitiatorQueueDepth ||
		params.MaxReceiveRequestSGE > info.MaxReceiveRequestSGE || params.MaxInitiatorRequestSGE > info.MaxInitiatorRequestSGE ||
		params.InlineDataSize > info.MaxInlineDataSize {
		return nil, ndk.StatusInvalidParameter
	}
	p := x.ad.p
	p.mu.Lock()
	if x.closing || rcq.closing || icq.closing || x.ad.closing {
		p.mu.Unlock()
		return nil, ndk.StatusInvalidDeviceState
	}
	vpd, vr, vi := x.pd, rcq.cq, icq.cq
	p.mu.Unlock()
	vqp, err := createQP(vpd, vi, vr, max(params.InitiatorQueueDepth, 1), max(params.ReceiveQueueDepth, 1),
		max(params.MaxInitiatorRequestSGE, 1), max(params.MaxReceiveRequestSGE, 1), params.InlineDataSize)
	if err != nil {
		return nil, statusOf(err)
	}
	if err := qpInit(vqp); err != nil {
		destroyQP(vqp)
		return nil, statusOf(err)
	}
	q := &qp{qp: vqp, num: qpNum(vqp), ctx: params.Context, rcq: rcq, icq: icq, wrs: map[uint64]*wr{}, rdepth: int(params.ReceiveQueueDepth)}
	p.mu.Lock()
	x.ad.registerLocked(&q.object, ndk.ObjectTypeQP, q, &x.object, &rcq.object, &icq.object)
	p.qps[qpKey{x.ad.dev, q.num}] = q
	p.mu.Unlock()
	return q, ndk.StatusSuccess
}

// PrivilegedMemoryRegionToken implements ndk.PD: rxe has no privileged
// (reserved) lkey; 0 until logical address mappings are supported.
func (x *pd) PrivilegedMemoryRegionToken() uint32 { return 0 }

// cq is NDK_CQ on an ibv_cq, with the NDK arm kept by the provider (see
// Arm and updateLocked in datapath.go).
type cq struct {
	object
	cq        *verbsCQ
	depth     uint32
	notify    ndk.CQNotificationCallback
	notifyCtx any
	handle    uint64         // the cq_context of its notifications
	swq       []ndk.ResultEx // completions polled off the CQ, not yet returned

	// Entries are numbered as they are queued on swq: seq counts them,
	// removed those the consumer took (swq holds removed+1..seq).
	seq, removed uint64

	// The NDK arm: armed, its (merged) type, seq when it was made;
	// lastNote is seq at the last notification.
	armed    bool
	armType  ndk.CQNotifyType
	armSeq   uint64
	lastNote uint64

	// The verbs arm: armed, for any completion (vNext) or solicited ones,
	// and its mark: the solicited completion an event reports came after
	// entry vMark. solPend: an event of a solicited-only arm taken, its
	// mark solPendFloor; solValid: a solicited (or failed) completion is
	// one of the entries after solFloor.
	vArmed, vNext     bool
	vMark             uint64
	solPend, solValid bool
	solPendFloor      uint64
	solFloor          uint64

	overrun bool // more results came than depth: see queueLocked

	// CH-11: a notification callback is running; the statuses of those
	// due meanwhile.
	running bool
	pending []ndk.Status
}

func (x *cq) beginCloseLocked() {}
func (x *cq) releaseLocked() {
	delete(x.ad.p.cqs, x.handle)
	if x.cq != nil {
		destroyCQ(x.cq)
		x.cq = nil
	}
}

// Resize implements ndk.CQ (ibv_resize_cq), inline.
func (x *cq) Resize(depth uint32, _ ndk.RequestCompletion, _ any) ndk.Status {
	if depth == 0 || depth > x.ad.dev.info.MaxCQDepth {
		return ndk.StatusInvalidParameter
	}
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.cq == nil {
		return ndk.StatusInvalidDeviceState
	}
	if err := resizeCQ(x.cq, int(depth)); err != nil {
		return statusOf(err)
	}
	x.depth = depth
	return ndk.StatusSuccess
}

// ControlInterruptModeration implements ndk.CQ: not supported.
func (x *cq) ControlInterruptModeration(uint32, uint32) ndk.Status { return ndk.StatusNotSupported }

// qp is NDK_QP on an RC ibv_qp. It is bound to at most one connector, from
// NdkConnect or NdkAccept until the attempt fails or the connector closes.
type qp struct {
	object
	qp    *verbsQP
	num   uint32
	ctx   any
	conn  *connector
	dirty bool // moved out of RESET: reset it before another connection
	srq   *srq
	rcq   *cq
	icq   *cq
	wrs   map[uint64]*wr // its work requests whose completion is not polled yet
	// rdepth is its ReceiveQueueDepth, which Receive enforces: rdma_rxe
	// rounds the receive queue up and takes more receives, but flushed
	// (NdkFlush, an error) it completes only rdepth of them; the others
	// would never complete (QP-4).
	rdepth int
	// mws are the windows whose last bind was posted on it (mw.via).
	mws []*mw
	// silent are the wr_ids of its unsignaled requests not known to be
	// over, in posting order.
	silent []uint64
}

func (x *qp) releaseLocked() {
	x.ad.p.forgetQPLocked(x)
	x.ad.p.settleSilentLocked(x, ^uint64(0))
	// rdma_rxe cannot destroy a QP while a window it bound is valid (the
	// window's reference keeps ibv_destroy_qp waiting): the windows get
	// new verbs MWs first, and so lose their binding.
	for len(x.mws) > 0 {
		x.mws[0].freshLocked()
	}
	if x.qp != nil {
		destroyQP(x.qp)
		x.qp = nil
	}
}

// resetLocked makes the QP usable for a new connection: one that left
// RESET (connected, or flushed by NdkFlush) goes back through it. The
// reset drops the requests rdma_rxe still held; those whose flushed
// completion was not polled yet complete here, as cancelled (QP-4, QP-21).
func (x *qp) resetLocked() {
	if x.dirty && x.qp != nil {
		p := x.ad.p
		qpState(x.qp, qpsErr)
		qpState(x.qp, qpsReset)
		p.pollIntoLocked(x.rcq)
		p.pollIntoLocked(x.icq)
		x.cancelOutstandingLocked()
		p.settleSilentLocked(x, ^uint64(0))
		qpInit(x.qp)
	}
	x.dirty = false
}

// FastRegister implements ndk.QP: no MR is ever initialised for fast
// registration (InitializeFastRegister); on a QP that is not connected it
// fails with STATUS_CONNECTION_INVALID (QP-5).
func (x *qp) FastRegister(any, ndk.MR, []uint64, uint32, uint64, uint64, uint32) status {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.qp == nil {
		return ndk.StatusInvalidDeviceState
	}
	if !x.connectedLocked() {
		return ndk.StatusConnectionInvalid
	}
	return ndk.StatusInvalidDeviceState
}

// status is ndk.Status, for short signatures.
type status = ndk.Status
