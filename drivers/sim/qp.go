package sim

import (
	"slices"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// recv is a posted receive (on a QP or an SRQ).
type recv struct {
	ctx  any
	sgl  []ndk.SGE
	slot *srqSlot // variant srq-slot-reuse: its SRQ ring slot
}

// wr is an initiator work request.
type wr struct {
	op    ndk.OperationType // the NDK_RESULT_EX Type of its completion
	ctx   any
	sgl   []ndk.SGE
	flags uint32
	seq   uint64 // fabric-wide posting order

	raddr  uint64 // Read/Write: remote address
	rtoken uint32 // Read/Write: remote token; SendAndInvalidate: the peer's token to invalidate
	inv    bool   // SendAndInvalidate
	waited bool   // a Send that found no receive waiting when it executed
	inline bool
	data   []byte     // Send/Write: the bytes (INLINE: captured at post; else read at execution)
	dataSt ndk.Status // INLINE: how capturing the bytes went

	mr     *mr        // Bind, FastRegister
	mw     *mw        // Bind
	target ndk.Object // Invalidate
	va     uint64     // Bind: VirtualAddress; FastRegister: BaseVirtualAddress
	length uint64
	pages  []uint64
	fbo    uint32

	end time.Time // in flight on the DMA engine: when the transfer ends

	// A chunked transfer (dma.go): a Write or Read that lands its bytes
	// in chunks pieces, spread evenly over [start, end], at least one
	// chunk's time apart.
	start  time.Time
	chunks int       // 0: the transfer lands in one step at end
	landed int       // chunks landed so far
	nextAt time.Time // when the next chunk lands
}

// qp is NDK_QP. Initiator requests execute when posted (in posting order),
// except that requests posted with NDK_OP_FLAG_DEFER wait until a request
// without it is posted or a post fails inline (DP-2, DP-6). An executed
// request takes its turn on the QP's DMA engine (dma.go) and takes effect
// when its transfer ends: a Send then waits at the sender for the peer's
// oldest receive; every other request completes.
type qp struct {
	object
	writing  atomic.Bool  // a Write is inside the provider (variant receive-write-serialized)
	posting  atomic.Int32 // work-request calls inside the provider (variants_wr.go)
	pd       *pd
	rcq, icq *cq
	srq      *srq // receives come from the SRQ, not rq
	params   ndk.QPParams
	owner    *connector // the connector the QP is bound to, nil if none
	spent    bool       // it was part of an established connection: never bound again (DS-9)

	rq       []*recv // receives posted, oldest first
	deferred []*wr   // DEFER requests not executed yet
	waiting  []*wr   // Sends transferred, waiting for a receive at the peer

	dma       []*wr     // requests in flight on the DMA engine, oldest first
	busyUntil time.Time // when the engine's last transfer ends
	timerSet  bool      // a timer is set for the head of dma
	timerGen  uint64    // bumped when dma is emptied: older timers do nothing
}

// peerLocked returns the QP at the other end of q's connection if q may
// post initiator requests (QP-5), else nil: q's connector must be
// connected, neither disconnected (NdkDisconnect called) nor told of the
// peer's disconnect or an abort, and the link to the peer up (linkPeerLocked).
func (q *qp) peerLocked() *qp {
	c := q.owner
	if c == nil {
		return nil
	}
	if c.state != stConnected || c.gotNotice {
		// VARIANT half-closed (breaks DS-10): the side that called
		// NdkDisconnect keeps posting after its completion.
		if !(q.ad.f.variant == VariantHalfClosed && c.state == stDisconnected) {
			return nil
		}
	}
	return q.linkPeerLocked()
}

// connected reports whether q may post initiator requests now
// (peerLocked), taking the fabric's lock.
func (q *qp) connected() bool {
	f := q.ad.f
	f.mu.Lock()
	defer f.mu.Unlock()
	return q.peerLocked() != nil
}

// linkPeerLocked returns the QP at the other end of q's connection while data
// can still move on it, else nil: the connection was established, is not
// aborted, fully closed (a completed NdkDisconnect, DS-10) or closing on
// either side, and neither QP is closing. Transfers in flight and sends
// waiting for a receive move data over the link after NdkDisconnect was
// called and after the peer's disconnect was indicated, until then.
func (q *qp) linkPeerLocked() *qp {
	c := q.owner
	if q.closing || c == nil || !c.establishedLocked() {
		return nil
	}
	p := c.peer
	if p == nil || !p.establishedLocked() || p.q == nil || p.q.closing {
		return nil
	}
	return p.q
}

func (q *qp) beginCloseLocked() {
	// VARIANT close-no-cancel (breaks LT-26): the QP's posted receives are
	// dropped, never completed.
	if q.ad.f.variant == VariantCloseNoCancel {
		q.rq = nil
	}
	q.ad.f.flushLocked(q)
}

func (q *qp) releaseLocked() {
	if s := q.srq; s != nil {
		if i := slices.Index(s.qps, q); i >= 0 {
			s.qps = slices.Delete(s.qps, i, i+1)
		}
	}
}

func (q *qp) closedLocked() {}

// ---- completions ----

// completeLocked queues the completion of an initiator request (none for a
// success with NDK_OP_FLAG_SILENT_SUCCESS, QP-6).
func (q *qp) completeLocked(w *wr, st ndk.Status) {
	if w.op == ndk.OpRead && st == ndk.StatusSuccess {
		q.readLocalInvalidateLocked(w)
	}
	// VARIANT silent-failure-hidden (breaks QP-6): a failing silent
	// request queues no completion either.
	if w.flags&ndk.OpFlagSilentSuccess != 0 && (st == ndk.StatusSuccess || q.ad.f.variant == VariantSilentFailureHidden) {
		return
	}
	res := ndk.ResultEx{
		Result: ndk.Result{Status: st, QPContext: q.params.Context, RequestContext: w.ctx},
		Type:   w.op,
	}
	q.icq.pushLocked(res, false)
	// VARIANT zero-write-completes-twice (breaks QP-4): a Write of 0 bytes
	// completes twice.
	if q.ad.f.variant == VariantZeroWriteCompletesTwice && w.op == ndk.OpWrite && sgeBytes(w.sgl) == 0 && len(w.data) == 0 {
		q.icq.pushLocked(res, false)
	}
}

// recvDoneLocked queues the completion of a receive taken by q.
func (q *qp) recvDoneLocked(r *recv, st ndk.Status, n int, typ ndk.OperationType, out uint64, solicited bool) {
	// VARIANT bytes-transferred-wrong (breaks QP-13): the receive's buffer
	// length instead of the bytes sent.
	if st == ndk.StatusSuccess && q.ad.f.variant == VariantBytesTransferredWrong {
		n = int(sgeBytes(r.sgl))
	}
	c := q.recvCQLocked()
	seq := c.seq
	c.pushLocked(ndk.ResultEx{
		Result:                       ndk.Result{Status: st, BytesTransferred: uint32(n), QPContext: q.params.Context, RequestContext: r.ctx},
		Type:                         typ,
		TypeSpecificCompletionOutput: out,
	}, solicited)
	c.markSlotLocked(r, seq) // VARIANT srq-slot-reuse
}

// ---- flush ----

// Flush implements ndk.QP (NdkFlush, QP-21): the QP's receives and its
// pending initiator requests (waiting sends, transfers in flight, deferred
// requests) complete with STATUS_CANCELLED. Receives queued on an SRQ stay there.
func (q *qp) Flush() {
	f := q.ad.f
	// VARIANT flush-race-loses-posts (breaks WR-7): see wrFlushRacy.
	if f.variant == VariantFlushRaceLosesPosts {
		f.wrFlushRacy(q)
		return
	}
	f.mu.Lock()
	// VARIANT flush-unconnected-partial (breaks QP-21): NdkFlush of a QP
	// never bound to a connector completes only its oldest receive; the
	// others stay posted.
	if f.variant == VariantFlushUnconnectedPartial && q.owner == nil && !q.spent && len(q.rq) > 1 {
		rest := q.rq[1:]
		q.rq = q.rq[:1]
		f.wrFlushLocked(q)
		q.rq = rest
		f.mu.Unlock()
		return
	}
	f.wrFlushLocked(q) // VARIANT flush-loses-context: see wrResult
	f.mu.Unlock()
}

func (f *fabric) flushLocked(q *qp) { f.flushSomeLocked(q, true) }

// flushSomeLocked completes q's initiator requests not completed yet with
// STATUS_CANCELLED (the sends waiting for a receive, the transfers in
// flight, which take no effect, and the held requests), then, if receives,
// its posted receives.
func (f *fabric) flushSomeLocked(q *qp, receives bool) {
	ws, ds := q.waiting, q.deferred
	q.waiting, q.deferred = nil, nil
	for _, w := range ws {
		q.completeLocked(w, ndk.StatusCancelled)
	}
	inFlight := f.endDMALocked(q, ndk.StatusCancelled)
	for _, w := range ds {
		q.completeLocked(w, ndk.StatusCancelled)
	}
	if receives {
		rs := q.rq
		q.rq = nil
		for _, r := range rs {
			q.recvDoneLocked(r, ndk.StatusCancelled, 0, ndk.OpReceive, 0, false)
			// VARIANT flush-completes-twice (breaks QP-21): each flushed
			// receive completes twice.
			if f.variant == VariantFlushCompletesTwice {
				q.recvDoneLocked(r, ndk.StatusCancelled, 0, ndk.OpReceive, 0, false)
			}
		}
	}
	if inFlight {
		f.dmaIdleLocked(q)
	}
}

// ---- receives ----

// Receive implements ndk.QP (NdkReceive). Receives may be posted before
// the QP is connected. On a QP over an SRQ: STATUS_INVALID_DEVICE_STATE.
func (q *qp) Receive(reqCtx any, sgl []ndk.SGE) ndk.Status {
	f := q.ad.f
	// VARIANT receive-write-serialized (breaks WR-5, LT-7): a Receive made
	// while a Write on the QP is inside the provider is refused.
	if f.variant == VariantReceiveWriteSerialized && q.writing.Load() {
		return ndk.StatusInvalidDeviceState
	}
	defer q.wrEnterPost()()
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case q.closing || q.srq != nil:
		return ndk.StatusInvalidDeviceState
	case len(sgl) > int(q.params.MaxReceiveRequestSGE), f.overTransfer(sgeBytes(sgl)):
		return ndk.StatusInvalidParameter
	case len(q.rq) >= int(q.params.ReceiveQueueDepth):
		return ndk.StatusInsufficientResources
	}
	q.rq = append(q.rq, &recv{ctx: reqCtx, sgl: slices.Clone(sgl)})
	f.matchQPLocked(q)
	return ndk.StatusSuccess
}

// matchReceiverLocked hands x's receives (its own or its SRQ's) to the
// sends waiting at its peer.
func (f *fabric) matchReceiverLocked(x *qp) {
	if x.srq != nil {
		f.matchSRQLocked(x.srq)
	} else {
		f.matchQPLocked(x)
	}
}

func (f *fabric) matchQPLocked(x *qp) {
	for len(x.rq) > 0 {
		s := x.linkPeerLocked()
		if s == nil || len(s.waiting) == 0 {
			return
		}
		f.deliverLocked(s, x, func() *recv {
			r := x.rq[0]
			x.rq = x.rq[1:]
			return r
		})
	}
}

// deliverLocked completes s's oldest waiting send into a receive of x,
// which take removes. Receive too small: the receiver gets
// STATUS_BUFFER_OVERFLOW (with the bytes that fit), the sender
// STATUS_REMOTE_RESOURCES; a receive SGE that fails: the receiver gets
// STATUS_ACCESS_VIOLATION, the sender STATUS_REMOTE_RESOURCES. A
// SendAndInvalidate naming a token the receiver cannot invalidate aborts
// the connection (QP-16): the send completes with STATUS_CONNECTION_ABORTED
// and no receive is taken.
func (f *fabric) deliverLocked(s, x *qp, take func() *recv) {
	w := s.waiting[0]
	s.waiting = s.waiting[1:]
	// VARIANT sai-bad-token-ignored (breaks QP-16): delivered as a send.
	if w.inv && !x.pd.invalidatableLocked(w.rtoken) && f.variant == VariantSAIBadTokenIgnored {
		w.inv = false
	}
	if w.inv && !x.pd.invalidatableLocked(w.rtoken) {
		f.abortConnectionLocked(x.owner, byFault)
		s.completeLocked(w, ndk.StatusConnectionAborted)
		return
	}
	// VARIANT send-without-receive-dropped (breaks QP-4): a send that
	// found no receive waiting at the peer completes with STATUS_SUCCESS
	// when a receive comes, but its bytes are dropped: the receive stays
	// posted for the next send.
	if f.variant == VariantSendWithoutReceiveDropped && w.waited {
		s.completeLocked(w, ndk.StatusSuccess)
		return
	}
	r := take()
	sinks, st := x.pd.localSegsLocked(r.sgl, accLocalWrite)
	if st != ndk.StatusSuccess {
		x.recvDoneLocked(r, st, 0, ndk.OpReceive, 0, false)
		s.completeLocked(w, ndk.StatusRemoteResources)
		return
	}
	n := scatter(sinks, w.data)
	// VARIANT overflow-past-sge (breaks MR-16): the bytes that do not fit
	// are written on past the receive's last SGE, as far as its MR goes.
	if n < len(w.data) && f.variant == VariantOverflowPastSGE {
		wide := slices.Clone(r.sgl)
		wide[len(wide)-1].Length += uint32(len(w.data) - n)
		if ss, st := x.pd.localSegsLocked(wide, accLocalWrite); st == ndk.StatusSuccess {
			scatter(ss, w.data)
		}
	}
	// VARIANT overflow-succeeds (breaks QP-13): both succeed, the receive
	// reporting the send's length.
	if n < len(w.data) && f.variant == VariantOverflowSucceeds {
		x.recvDoneLocked(r, ndk.StatusSuccess, len(w.data), ndk.OpReceive, 0, w.flags&ndk.OpFlagSendAndSolicitEvent != 0)
		s.completeLocked(w, ndk.StatusSuccess)
		return
	}
	if n < len(w.data) {
		x.recvDoneLocked(r, ndk.StatusBufferOverflow, n, ndk.OpReceive, 0, false)
		s.completeLocked(w, ndk.StatusRemoteResources)
		return
	}
	typ, out := ndk.OpReceive, uint64(0)
	if w.inv {
		// VARIANT nonex-keeps-token (breaks CH-4): the token is
		// invalidated when the completion is retrieved with
		// NdkGetCqResultsEx (cq.GetResultsEx), not before.
		if f.variant != VariantNonExKeepsToken {
			x.ad.invalidateTokenLocked(w.rtoken)
		}
		typ, out = ndk.OpReceiveAndInvalidate, uint64(w.rtoken)
		// VARIANT sai-no-token-output (breaks QP-20): no token.
		if f.variant == VariantSAINoToken {
			out = 0
		}
		// VARIANT sai-send-type-wrong (breaks QP-18): the sender's Type.
		if f.variant == VariantSAISendType {
			w.op = ndk.OpInvalidate
		}
	}
	x.recvDoneLocked(r, ndk.StatusSuccess, n, typ, out, w.flags&ndk.OpFlagSendAndSolicitEvent != 0)
	s.completeLocked(w, ndk.StatusSuccess)
}

// ---- posting initiator requests ----

// post checks and posts w. check runs under the lock after the connection
// and queue checks; it returns the inline status of a malformed request.
// A request that fails inline is not queued and gets no completion (DP-4),
// and the deferred requests before it execute (DP-6).
func (q *qp) post(w *wr, check func() ndk.Status) ndk.Status {
	f := q.ad.f
	defer q.wrEnterPost()()
	f.mu.Lock()
	defer f.mu.Unlock()
	var st ndk.Status
	switch {
	case q.srq != nil && q.srq.failed:
		st = ndk.StatusInvalidDeviceState // its SRQ failed: no completion after (SQ-6)
	case q.peerLocked() == nil:
		st = ndk.StatusConnectionInvalid // QP-5
		// VARIANT unconnected-wrong-status (breaks QP-5): the memory
		// requests fail with another status.
		if f.variant == VariantUnconnectedWrongStatus && (w.op == ndk.OpBind || w.op == ndk.OpFastRegister || w.op == ndk.OpInvalidate) {
			st = ndk.StatusInvalidDeviceState
		}
	case len(q.waiting)+len(q.dma)+len(q.deferred) >= int(q.params.InitiatorQueueDepth):
		st = ndk.StatusInsufficientResources
	case f.version11 && w.flags&(ndk.OpFlagDefer|ndk.OpFlagRDMAReadLocalInvalidate) != 0:
		// An NDKPI 1.1 provider (option version=1.1) knows neither flag
		// (QP-8, QP-15): sim refuses them, which the consumer, who does not
		// use them on such an adapter, never sees.
		st = ndk.StatusInvalidParameter
	default:
		st = check()
	}
	if st != ndk.StatusSuccess {
		// VARIANT defer-dropped-on-failure (breaks DP-6): the held
		// requests are dropped, not executed.
		if f.variant == VariantDeferDroppedOnFailure {
			q.deferred = nil
		}
		f.ringLocked(q)
		// VARIANT failed-post-completes (breaks DP-4): a completion for
		// the request that failed inline.
		if f.variant == VariantFailedPostCompletes && st != ndk.StatusConnectionInvalid {
			q.completeLocked(w, st)
		}
		return st
	}
	f.wrSeq++
	w.seq = f.wrSeq
	if w.flags&ndk.OpFlagDefer != 0 {
		q.deferred = append(q.deferred, w)
		return ndk.StatusSuccess
	}
	// VARIANT defer-never-rung (breaks DP-5): the held requests stay held.
	if f.variant != VariantDeferNeverRung {
		f.ringLocked(q)
	}
	f.startLocked(q, w)
	return ndk.StatusSuccess
}

// ringLocked executes the deferred requests.
func (f *fabric) ringLocked(q *qp) {
	for len(q.deferred) > 0 {
		w := q.deferred[0]
		q.deferred = q.deferred[1:]
		f.startLocked(q, w)
	}
}

func sgeBytes(sgl []ndk.SGE) uint64 {
	var n uint64
	for _, e := range sgl {
		n += uint64(e.Length)
	}
	return n
}

// checkDataLocked checks the SGEs of a Send or Write and captures INLINE
// bytes: an INLINE request is limited by the QP's InlineDataSize, not by
// its SGE count (QP-10).
func (q *qp) checkDataLocked(w *wr) ndk.Status {
	total := sgeBytes(w.sgl)
	if q.ad.f.overTransfer(total) {
		return ndk.StatusInvalidParameter
	}
	if w.flags&ndk.OpFlagInline == 0 {
		if len(w.sgl) > int(q.params.MaxInitiatorRequestSGE) {
			return ndk.StatusInvalidParameter
		}
		return ndk.StatusSuccess
	}
	if total > uint64(q.params.InlineDataSize) {
		return ndk.StatusInvalidParameter
	}
	w.inline = true
	ss, st := q.pd.inlineSegsLocked(w.sgl)
	// VARIANT inline-token-checked (breaks QP-10): the SGEs are resolved
	// through their tokens.
	if q.ad.f.variant == VariantInlineTokenChecked {
		ss, st = q.pd.localSegsLocked(w.sgl, accLocalRead)
	}
	w.dataSt = st
	if st == ndk.StatusSuccess {
		w.data = gather(ss)
	}
	return ndk.StatusSuccess
}

// Send implements ndk.QP (NdkSend).
func (q *qp) Send(reqCtx any, sgl []ndk.SGE, flags uint32) ndk.Status {
	w := &wr{op: ndk.OpSend, ctx: reqCtx, sgl: slices.Clone(sgl), flags: flags}
	return q.post(w, func() ndk.Status { return q.checkDataLocked(w) })
}

// SendAndInvalidate implements ndk.QP (NdkSendAndInvalidate). The sender's
// completion has Type OpSend (QP-18).
func (q *qp) SendAndInvalidate(reqCtx any, sgl []ndk.SGE, remoteToken uint32, flags uint32) ndk.Status {
	w := &wr{op: ndk.OpSend, ctx: reqCtx, sgl: slices.Clone(sgl), flags: flags, inv: true, rtoken: remoteToken}
	return q.post(w, func() ndk.Status { return q.checkDataLocked(w) })
}

// Write implements ndk.QP (NdkWrite). NDK_OP_FLAG_INLINE is honoured as
// for Send.
func (q *qp) Write(reqCtx any, sgl []ndk.SGE, remoteAddress uint64, remoteToken uint32, flags uint32) ndk.Status {
	w := &wr{op: ndk.OpWrite, ctx: reqCtx, sgl: slices.Clone(sgl), flags: flags, raddr: remoteAddress, rtoken: remoteToken}
	// VARIANT receive-write-serialized: the Write stays inside about 1 ms.
	if q.ad.f.variant == VariantReceiveWriteSerialized {
		q.writing.Store(true)
		defer q.writing.Store(false)
		time.Sleep(concurrentCallHold)
	}
	// VARIANT sync-call-pending (breaks CR-12): on a connected QP the
	// write returns STATUS_PENDING and posts nothing, as if it were to
	// complete later; it has no completion callback to do so.
	if q.ad.f.variant == VariantSyncCallPending && q.connected() {
		return ndk.StatusPending
	}
	return q.post(w, func() ndk.Status { return q.checkDataLocked(w) })
}

// Read implements ndk.QP (NdkRead). The SGE limit is the adapter's
// MaxReadRequestSGE, which overrides MaxInitiatorRequestSGE for reads
// (AI-10).
func (q *qp) Read(reqCtx any, sgl []ndk.SGE, remoteAddress uint64, remoteToken uint32, flags uint32) ndk.Status {
	w := &wr{op: ndk.OpRead, ctx: reqCtx, sgl: slices.Clone(sgl), flags: flags, raddr: remoteAddress, rtoken: remoteToken}
	return q.post(w, func() ndk.Status {
		if len(w.sgl) > int(q.readSGELimit()) || q.ad.f.overTransfer(sgeBytes(w.sgl)) {
			return ndk.StatusInvalidParameter
		}
		return ndk.StatusSuccess
	})
}

// Bind implements ndk.QP (NdkBind). The MR and MW must be of the QP's PD
// and the address non-zero (MR-6), else STATUS_INVALID_PARAMETER inline.
func (q *qp) Bind(reqCtx any, m ndk.MR, w ndk.MW, va uint64, length uint64, flags uint32) ndk.Status {
	r := &wr{op: ndk.OpBind, ctx: reqCtx, flags: flags, va: va, length: length}
	return q.post(r, func() ndk.Status {
		mm := simMR(m)
		ww, ok := w.(*mw)
		if !ok || mm == nil || ww == nil || mm.pd != q.pd || ww.pd != q.pd || mm.closing || ww.closing || va == 0 ||
			q.ad.f.overWindow(length) {
			return ndk.StatusInvalidParameter
		}
		r.mr, r.mw = mm, ww
		return ndk.StatusSuccess
	})
}

// FastRegister implements ndk.QP (NdkFastRegister). A request that breaks
// the geometry of MR-11 (FBO within a page, Length within the pages,
// BaseVirtualAddress = FBO + n·PAGE_SIZE and non-zero, aligned pages) or
// names an MR that is not a fast-register MR of the QP's PD is an invalid
// parameter, inline.
func (q *qp) FastRegister(reqCtx any, m ndk.MR, pages []uint64, fbo uint32, length uint64, baseVA uint64, flags uint32) ndk.Status {
	r := &wr{op: ndk.OpFastRegister, ctx: reqCtx, flags: flags, pages: slices.Clone(pages), fbo: fbo, length: length, va: baseVA}
	return q.post(r, func() ndk.Status {
		mm := simMR(m)
		if mm == nil || mm.pd != q.pd || !mm.fast || mm.closing || len(pages) == 0 ||
			fbo >= pageSize || baseVA == 0 || baseVA%pageSize != uint64(fbo) ||
			length > uint64(len(pages))*pageSize-uint64(fbo) {
			return ndk.StatusInvalidParameter
		}
		for _, pg := range pages {
			if pg%pageSize != 0 {
				return ndk.StatusInvalidParameter
			}
		}
		r.mr = mm
		return ndk.StatusSuccess
	})
}

// Invalidate implements ndk.QP (NdkInvalidate) on an MW or a
// fast-register MR of the QP's PD; anything else is an invalid parameter,
// inline (MR-17).
func (q *qp) Invalidate(reqCtx any, target ndk.Object, flags uint32) ndk.Status {
	r := &wr{op: ndk.OpInvalidate, ctx: reqCtx, flags: flags}
	return q.post(r, func() ndk.Status {
		if o := simMR(target); o != nil {
			if o.pd == q.pd && o.fast && !o.closing {
				r.target = o
				return ndk.StatusSuccess
			}
			return ndk.StatusInvalidParameter
		}
		if o, ok := target.(*mw); ok && o != nil && o.pd == q.pd && !o.closing {
			r.target = o
			return ndk.StatusSuccess
		}
		return ndk.StatusInvalidParameter
	})
}

// ---- execution ----

func (f *fabric) execLocked(q *qp, w *wr) {
	switch w.op {
	case ndk.OpSend:
		f.execSendLocked(q, w)
	case ndk.OpWrite:
		q.completeLocked(w, f.deferHiddenLocked(w, q.writeLocked(w)))
	case ndk.OpRead:
		q.completeLocked(w, f.deferHiddenLocked(w, q.readLocked(w)))
	case ndk.OpBind:
		q.completeLocked(w, f.bindMWLocked(w))
	case ndk.OpFastRegister:
		q.completeLocked(w, q.fastRegisterLocked(w))
	case ndk.OpInvalidate:
		q.completeLocked(w, invalidateLocked(w))
	}
}

// deferHiddenLocked is st, the status of the Write or Read w as it
// executed.
func (f *fabric) deferHiddenLocked(w *wr, st ndk.Status) ndk.Status {
	// VARIANT defer-failure-hidden (breaks DP-3): a deferred access that
	// failed completes with STATUS_SUCCESS.
	if f.variant == VariantDeferFailureHidden && w.flags&ndk.OpFlagDefer != 0 && st != ndk.StatusSuccess && st != ndk.StatusCancelled {
		return ndk.StatusSuccess
	}
	return st
}

// sourceLocked reads the bytes of a Send or Write.
func (q *qp) sourceLocked(w *wr) ([]byte, ndk.Status) {
	if w.inline {
		return w.data, w.dataSt
	}
	ss, st := q.pd.localSegsLocked(w.sgl, accLocalRead)
	if st != ndk.StatusSuccess {
		return nil, st
	}
	return gather(ss), ndk.StatusSuccess
}

// execSendLocked reads the send's bytes (at execution, which is as good as
// at transmission for a consumer that leaves its buffers alone until the
// completion) and queues it for the peer's next receive.
func (f *fabric) execSendLocked(q *qp, w *wr) {
	p := q.linkPeerLocked()
	if p == nil {
		q.completeLocked(w, ndk.StatusConnectionAborted)
		return
	}
	if f.loopbackLost(q, p) {
		q.completeLocked(w, ndk.StatusSuccess)
		return
	}
	data, st := q.sourceLocked(w)
	if st != ndk.StatusSuccess {
		q.completeLocked(w, st)
		return
	}
	w.data = data
	q.waiting = append(q.waiting, w)
	f.matchReceiverLocked(p)
	// VARIANT send-without-receive-dropped: see deliverLocked.
	if f.variant == VariantSendWithoutReceiveDropped && len(q.waiting) > 0 && q.waiting[len(q.waiting)-1] == w {
		w.waited = true
	}
}

func (q *qp) writeLocked(w *wr) ndk.Status { return q.writeSpanLocked(w, 0, -1) }

// writeSpanLocked lands bytes [off, off+n) of the Write w (n < 0: to the
// end). The source and the target are resolved whole every time, so that a
// chunk of a chunked transfer fails as the whole transfer would.
func (q *qp) writeSpanLocked(w *wr, off, n int) ndk.Status {
	p := q.linkPeerLocked()
	if p == nil {
		return ndk.StatusConnectionAborted
	}
	var src []seg
	if w.inline {
		if w.dataSt != ndk.StatusSuccess {
			return w.dataSt
		}
		src = []seg{{b: w.data, n: len(w.data)}}
	} else {
		ss, st := q.pd.localSegsLocked(w.sgl, accLocalRead)
		if st != ndk.StatusSuccess {
			return st
		}
		src = ss
	}
	total := segsLen(src)
	dst, st := p.pd.remoteSegsLocked(w.raddr, w.rtoken, uint64(total), accRemoteWrite)
	if st != ndk.StatusSuccess {
		return st
	}
	if n < 0 {
		n = total - off
	}
	scatter(cutSegs(dst, off, n), gather(cutSegs(src, off, n)))
	return ndk.StatusSuccess
}

func (q *qp) readLocked(w *wr) ndk.Status { return q.readSpanLocked(w, 0, -1) }

// readSpanLocked lands bytes [off, off+n) of the Read w in its sinks (n <
// 0: to the end); as writeSpanLocked, it resolves both sides whole.
func (q *qp) readSpanLocked(w *wr, off, n int) ndk.Status {
	p := q.linkPeerLocked()
	if p == nil {
		return ndk.StatusConnectionAborted
	}
	sinks, st := q.pd.localSegsLocked(w.sgl, accReadSink)
	if st != ndk.StatusSuccess {
		return st
	}
	total := segsLen(sinks)
	src, st := p.pd.remoteSegsLocked(w.raddr, w.rtoken, uint64(total), accRemoteRead)
	if st != ndk.StatusSuccess {
		return st
	}
	if n < 0 {
		n = total - off
	}
	scatter(cutSegs(sinks, off, n), gather(cutSegs(src, off, n)))
	// VARIANT zero-read-writes-a-byte (breaks MR-16): a Read of 0 bytes
	// with an SGE flips the byte at the SGE's address.
	if q.ad.f.variant == VariantZeroReadWritesAByte && total == 0 && len(w.sgl) > 0 {
		one := w.sgl[0]
		one.Length = 1
		if ss, st := q.pd.localSegsLocked([]ndk.SGE{one}, accReadSink); st == ndk.StatusSuccess {
			b := gather(ss)
			b[0] = ^b[0]
			scatter(ss, b)
		}
	}
	return ndk.StatusSuccess
}

// readLocalInvalidateLocked carries out NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE
// of the Read w, which succeeded (QP-15): with
// NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED (option
// read-local-invalidate=on) the fast-registered MR whose local token the
// first SGE carries is invalidated; without it the flag is ignored. (The
// page names no other target: a token of a registered MR, which only
// NdkDeregisterMr ends (MR-17), is left alone.)
func (q *qp) readLocalInvalidateLocked(w *wr) {
	f := q.ad.f
	// VARIANT read-invalidate-unadvertised (breaks QP-15): the flag is
	// honoured although the adapter does not advertise it.
	// VARIANT read-invalidate-ignored (breaks QP-15): the adapter sets the
	// flag (newFabric) and ignores the op flag.
	if w.flags&ndk.OpFlagRDMAReadLocalInvalidate == 0 || len(w.sgl) == 0 || f.variant == VariantReadInvalidateIgnored ||
		!f.readInv && f.variant != VariantReadInvalidateUnadvertised {
		return
	}
	if ref, ok := q.ad.tokens[w.sgl[0].MemoryRegionToken]; ok && ref.kind == tokMRLocal && ref.mr.fast {
		ref.mr.invalidateLocked()
	}
}

// bindMWLocked binds the MW: the MR must have a region now that covers the
// window, and allow local write if the window allows remote write (MR-15),
// else STATUS_ACCESS_VIOLATION. The MR becomes the MW's antecedent.
func (f *fabric) bindMWLocked(w *wr) ndk.Status {
	m, win := w.mr, w.mw
	if win.closing {
		return ndk.StatusInvalidDeviceState
	}
	base, length, active := m.activeLocked()
	remoteWrite := w.flags&(ndk.OpFlagAllowRemoteWrite&^ndk.OpFlagAllowLocalWrite) != 0
	// VARIANT bind-ignores-rights (breaks MR-15): remote write is granted
	// whatever the MR's rights.
	if f.variant == VariantBindIgnoresRights {
		remoteWrite = false
	}
	if m.closing || !active || !inRange(base, length, w.va, w.length) || (remoteWrite && !m.allowsLocked(accLocalWrite)) {
		return ndk.StatusAccessViolation
	}
	// VARIANT rebind-keeps-old (breaks MR-16): the old binding is kept.
	if f.variant == VariantRebindKeepsOld && win.mr != nil && win.mr != m && win.valid {
		win.oldMR, win.oldVA, win.oldLen = win.mr, win.va, win.len
	}
	if win.mr != m {
		if win.mr != nil {
			f.unlinkLocked(&win.object, &win.mr.object)
		}
		linkLocked(&win.object, &m.object)
		win.mr = m
	}
	win.valid, win.va, win.len, win.gen = true, w.va, w.length, m.gen
	// VARIANT zero-window-grants-access (breaks MR-16): a bind of 0 bytes
	// binds the rest of the region from its address.
	if f.variant == VariantZeroWindowGrantsAccess && w.length == 0 {
		win.len = base + length - w.va
	}
	// VARIANT window-off-by-one (breaks MR-16): one byte more is bound.
	if f.variant == VariantWindowOffByOne {
		win.len++
	}
	win.flags = w.flags & (ndk.OpFlagAllowRemoteRead | ndk.OpFlagAllowRemoteWrite)
	return ndk.StatusSuccess
}

// fastRegisterLocked maps the pages on the MR. The MR must be initialised
// and not fast-registered already (STATUS_INVALID_DEVICE_STATE), the page
// count within its AdapterPageCount (STATUS_INVALID_PARAMETER), remote
// access asked only of an MR initialised for it (MR-12) and every page a
// mapped logical page of the adapter (STATUS_ACCESS_VIOLATION).
func (q *qp) fastRegisterLocked(w *wr) ndk.Status {
	m := w.mr
	remote := w.flags&(ndk.OpFlagAllowRemoteRead|ndk.OpFlagAllowRemoteWrite&^ndk.OpFlagAllowLocalWrite) != 0
	switch {
	case m.closing || !m.frInit || m.frValid:
		return ndk.StatusInvalidDeviceState
	case uint32(len(w.pages)) > m.frPages:
		return ndk.StatusInvalidParameter
	// VARIANT fr-ignores-remote-access (breaks MR-12): remote rights are
	// granted whatever the initialisation said.
	case remote && !m.frRemote && q.ad.f.variant != VariantFRIgnoresRemote:
		return ndk.StatusAccessViolation
	}
	for _, pg := range w.pages {
		if q.ad.lams[pg] == nil {
			return ndk.StatusAccessViolation
		}
	}
	m.frValid, m.frMap, m.frFBO, m.frLen, m.frBase = true, w.pages, w.fbo, w.length, w.va
	m.frFlags = w.flags & (ndk.OpFlagAllowRemoteRead | ndk.OpFlagAllowLocalWrite | ndk.OpFlagAllowRemoteWrite | ndk.OpFlagRDMAReadSink)
	m.gen++
	// VARIANT fr-stale-remote-token (breaks MR-13): NdkGetRemoteTokenFromMr
	// no longer gives the token that grants access.
	if q.ad.f.variant == VariantFRStaleToken {
		m.staleFRTokenLocked()
	}
	return ndk.StatusSuccess
}

// invalidateLocked: an MW that is not bound, or an MR that is not
// fast-registered (never, or invalidated already, locally or by a peer's
// SendAndInvalidate: CH-6), fails with STATUS_INVALID_DEVICE_STATE.
func invalidateLocked(w *wr) ndk.Status {
	switch o := w.target.(type) {
	case *mw:
		// VARIANT reinvalidate-succeeds (breaks CH-6): a window the peer
		// invalidated may be invalidated again.
		if !o.valid && o.peerInvalidated && o.ad.f.variant == VariantReinvalidateSucceeds {
			return ndk.StatusSuccess
		}
		if !o.valid {
			return ndk.StatusInvalidDeviceState
		}
		// VARIANT invalidate-ignored (breaks MR-16): the window stays
		// valid.
		if o.ad.f.variant != VariantInvalidateIgnored {
			o.valid = false
		}
	case *mr:
		if !o.frValid {
			return ndk.StatusInvalidDeviceState
		}
		o.invalidateLocked()
	}
	return ndk.StatusSuccess
}
