//go:build rxe && cgo

package rxe

import (
	"runtime"
	"slices"
	"time"
	"unsafe"

	"github.com/ndkconform/ndkconform/ndk"
)

// qpKey names a QP by its device and number (completions carry the number).
type qpKey struct {
	d   *device
	num uint32
}

// wr is a signaled work request (or an SRQ receive) whose completion has
// not been polled yet; its wr_id is its key in provider.wrs.
type wr struct {
	q   *qp  // the QP it was posted on (nil for SRQ receives)
	s   *srq // the SRQ it was posted on
	ctx any
	op  ndk.OperationType
	// marker is closed when the request completes; its completion is the
	// provider's, never returned to the consumer.
	marker chan struct{}
	// spans are the shadowed ranges a receive or read fills: copied to
	// the consumer's buffers at its completion.
	spans []span
	// silent: posted with NDK_OP_FLAG_SILENT_SUCCESS (unsignaled). Its
	// record serves only a failure's completion (QP-6, QP-3); it is not in
	// its QP's wrs, which a close waits for, and goes once a later
	// signaled request of the QP completed.
	silent bool
}

// forgetQPLocked drops a QP from the number table.
func (p *provider) forgetQPLocked(x *qp) {
	k := qpKey{x.ad.dev, x.num}
	if p.qps[k] == x {
		delete(p.qps, k)
	}
}

// compLoop reads the adapter's CQ events until the adapter closes. The
// events are taken under the provider's lock (NdkArmCq takes the waiting
// ones too, see syncLocked), and each CQ that had one is brought up to
// date: polled, its NDK arm checked, its verbs CQ armed again.
func (ad *adapter) compLoop() {
	defer close(ad.compDone)
	rc, err := ad.compFile.SyscallConn()
	if err != nil {
		return
	}
	p := ad.p
	for {
		err := rc.Read(func(uintptr) bool {
			p.mu.Lock()
			for _, c := range ad.drainCompLocked() {
				c.updateLocked()
			}
			p.mu.Unlock()
			return false
		})
		if err != nil {
			return
		}
	}
}

// drainCompLocked takes every event waiting on the adapter's completion
// channel and returns the CQs that had one. An event ends the verbs arm;
// one of a solicited-only arm says that a solicited (or failed) completion
// came after the arm's mark: its window begins there.
func (ad *adapter) drainCompLocked() []*cq {
	var got []*cq
	for {
		h, ok, err := nextCQEvent(ad.comp)
		if err != nil || !ok {
			return got
		}
		c := ad.p.cqs[h]
		if c == nil || c.cq == nil {
			continue
		}
		if c.vArmed && !c.vNext && !c.solPend {
			c.solPend, c.solPendFloor = true, c.vMark
		}
		c.vArmed = false
		if !slices.Contains(got, c) {
			got = append(got, c)
		}
	}
}

// syncLocked brings x up to date: the adapter's waiting CQ events are
// taken, x is polled into its queue, its NDK arm checked and its verbs CQ
// armed again.
func (p *provider) syncLocked(x *cq) {
	for _, c := range x.ad.drainCompLocked() {
		if c != x {
			c.updateLocked()
		}
	}
	x.updateLocked()
}

// updateLocked polls x's verbs CQ into x.swq, checks the NDK arm and arms
// the verbs CQ again. The verbs CQ stays armed all the time, solicited-only
// unless the NDK arm is ANY: a work completion has no solicited flag, and
// the events of a solicited-only arm are how the provider learns that a
// solicited completion came, and after which completion (the arm's mark).
// Events are taken before the poll, so the entries polled before an arm's
// event is missing came before any solicited one of its window: the mark
// moves up to them.
func (x *cq) updateLocked() {
	p := x.ad.p
	if x.cq == nil {
		return
	}
	if x.vArmed && !x.vNext {
		x.vMark = x.seq
	}
	p.pollIntoLocked(x)
	if x.solPend {
		x.solPend = false
		if x.seq > x.solPendFloor {
			x.solValid, x.solFloor = true, x.solPendFloor
		}
	}
	x.evalLocked()
	x.rearmLocked()
}

// rearmLocked arms the verbs CQ (ibv_req_notify_cq) unless it is armed:
// for the next completion while the NDK arm is ANY, for the next solicited
// one otherwise; then polls, for the completions that came before the arm.
func (x *cq) rearmLocked() {
	if x.cq == nil || x.closing {
		return
	}
	next := x.armed && x.armType == ndk.CQNotifyAny
	if x.vArmed && (x.vNext || !next) {
		return
	}
	if reqNotify(x.cq, !next) != nil {
		return
	}
	x.vArmed, x.vNext, x.vMark = true, next, x.seq
	x.ad.p.pollIntoLocked(x)
}

// evalLocked satisfies x's NDK arm when a completion newer than the last
// notification satisfies it: the arm is cleared and the consumer notified
// (CH-8, CH-9).
func (x *cq) evalLocked() {
	if x.armed && !x.closing && x.overrun {
		x.armed = false
		x.notifyLocked(ndk.StatusBufferOverflow)
		return
	}
	if !x.armed || x.closing || !x.satisfiedLocked() {
		return
	}
	x.armed = false
	x.lastNote = x.seq
	x.solValid = false
	x.notifyLocked(ndk.StatusSuccess)
}

// satisfiedLocked tells whether the completions x holds that came after
// its last notification satisfy its NDK arm: ANY, any of them; SOLICITED,
// a failed one (CQ-6) or a solicited one (known from the window of a
// solicited-only verbs arm's event that lies entirely after the last
// notification, and whose completions are still held or came after the
// arm); ERRORS, a failed one (a request's error completion may satisfy it:
// rxe reports no CQ error other than an overrun).
func (x *cq) satisfiedLocked() bool {
	from := max(x.lastNote, x.removed)
	if x.armType == ndk.CQNotifyAny {
		return x.seq > from
	}
	for i := int(from - x.removed); i < len(x.swq); i++ {
		if x.swq[i].Status != ndk.StatusSuccess {
			return true
		}
	}
	return x.armType == ndk.CQNotifySolicited && x.solValid && x.solFloor >= x.lastNote &&
		(x.solFloor >= x.removed || x.solFloor >= x.armSeq)
}

// notifyLocked calls x's notification callback on a provider goroutine,
// one call at a time (CH-11): a notification due while one runs is made
// by the same goroutine once the running one returned.
func (x *cq) notifyLocked(st ndk.Status) {
	if x.notify == nil {
		return
	}
	if x.running {
		x.pending = append(x.pending, st)
		return
	}
	x.running = true
	fn, ctx, p := x.notify, x.notifyCtx, x.ad.p
	x.ad.spawnLocked(&x.object, func() {
		for {
			fn(ctx, st)
			p.mu.Lock()
			if len(x.pending) == 0 || x.closing {
				x.pending, x.running = nil, false
				p.mu.Unlock()
				return
			}
			st = x.pending[0]
			x.pending = x.pending[1:]
			p.mu.Unlock()
		}
	})
}

// mergeArm is the arm type of a CQ armed with t while armed with cur
// (CH-12..CH-14).
func mergeArm(cur, t ndk.CQNotifyType) ndk.CQNotifyType {
	switch cur {
	case ndk.CQNotifyAny:
		return ndk.CQNotifyAny
	case ndk.CQNotifyErrors:
		return t
	}
	if t == ndk.CQNotifyAny {
		return ndk.CQNotifyAny
	}
	return ndk.CQNotifySolicited
}

// Arm implements ndk.CQ (NdkArmCq): the arm is the provider's (one
// notification per arm, re-arms merged by the table of CH-12..CH-14); it
// is satisfied at once by a completion the CQ holds that came after the
// last notification and satisfies it (CH-9), otherwise by the first that
// comes.
func (x *cq) Arm(t ndk.CQNotifyType) {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.cq == nil {
		return
	}
	if x.armed {
		if merged := mergeArm(x.armType, t); merged != x.armType {
			// An arm whose type the re-arm changes begins here
			// (CH-12..CH-14): a solicited completion the consumer
			// removed under an ERRORS arm did not satisfy it and does
			// not satisfy the SOLICITED arm it became; one still held
			// does (CH-9).
			x.armType, x.armSeq = merged, x.seq
		}
	} else {
		x.armed, x.armType, x.armSeq = true, t, x.seq
	}
	p.syncLocked(x)
	x.evalLocked() // an overrun CQ
}

// GetResults implements ndk.CQ.
func (x *cq) GetResults(res []ndk.Result) int {
	ex := make([]ndk.ResultEx, len(res))
	n := x.GetResultsEx(ex)
	for i := 0; i < n; i++ {
		res[i] = ex[i].Result
	}
	return n
}

// GetResultsEx implements ndk.CQ (ibv_poll_cq).
func (x *cq) GetResultsEx(res []ndk.ResultEx) int {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.cq == nil {
		return 0
	}
	p.syncLocked(x)
	for len(x.swq) < len(res) {
		if p.pollIntoLocked(x) == 0 {
			break
		}
	}
	n := copy(res, x.swq)
	x.swq = x.swq[n:]
	x.removed += uint64(n)
	if n > 0 {
		p.syncRemoteLocked()
	}
	return n
}

// pollIntoLocked moves the completions of the verbs CQ to x.swq, numbered
// (x.seq counts the entries ever queued); new ones may satisfy x's arm.
func (p *provider) pollIntoLocked(x *cq) int {
	if x.cq == nil {
		return 0
	}
	total := 0
	n := x.seq
	defer func() {
		if x.seq != n {
			x.evalLocked()
		}
	}()
	for {
		wcs, err := pollCQ(x.cq)
		if err != nil || len(wcs) == 0 {
			return total
		}
		for _, c := range wcs {
			if w := p.wrs[c.wrID]; c.wrID != 0 && w != nil && w.marker != nil {
				p.dropWRLocked(c.wrID)
				close(w.marker)
				continue
			}
			x.queueLocked(p.resultLocked(x.ad.dev, c))
		}
		total += len(wcs)
	}
}

// resultLocked turns a work completion into an NDK result.
func (p *provider) resultLocked(d *device, c wc) ndk.ResultEx {
	var r ndk.ResultEx
	w := p.wrs[c.wrID]
	if c.wrID != 0 && w != nil {
		delete(p.wrs, c.wrID)
		if w.q != nil {
			delete(w.q.wrs, c.wrID)
			if w.silent {
				w.q.silent = slices.DeleteFunc(w.q.silent, func(id uint64) bool { return id == c.wrID })
			} else if w.op != ndk.OpReceive {
				p.settleSilentLocked(w.q, c.wrID)
			}
		}
		if w.s != nil {
			delete(w.s.wrs, c.wrID)
		}
		r.RequestContext = w.ctx
		r.Type = w.op
		for _, sp := range w.spans {
			if sp.m.sh != nil {
				copy(sp.m.buf[sp.off:sp.off+sp.len], sp.m.sh[sp.off:sp.off+sp.len])
			}
		}
	} else {
		switch c.opcode {
		case wcOpSend:
			r.Type = ndk.OpSend
		case wcOpWrite:
			r.Type = ndk.OpWrite
		case wcOpRead:
			r.Type = ndk.OpRead
		case wcOpRecv:
			r.Type = ndk.OpReceive
		}
	}
	if w != nil && w.q != nil {
		r.QPContext = w.q.ctx
	} else if q := p.qps[qpKey{d, c.qpNum}]; q != nil {
		r.QPContext = q.ctx
	}
	r.Status = wcStatus(c.status)
	if r.Status != ndk.StatusSuccess {
		r.ProviderErrorCode = uint32(c.status)<<16 | c.vendErr&0xffff
	}
	if r.Type == ndk.OpReceive && r.Status == ndk.StatusSuccess {
		r.BytesTransferred = c.byteLen
		if c.invalidated != 0 { // the peer's NdkSendAndInvalidate (QP-20)
			r.Type = ndk.OpReceiveAndInvalidate
			r.TypeSpecificCompletionOutput = uint64(c.invalidated)
			p.invalidatedLocked(d, c.invalidated)
		}
	}
	return r
}

func wcStatus(s int) ndk.Status {
	switch s {
	case wcSuccess:
		return ndk.StatusSuccess
	case wcFlushErr:
		return ndk.StatusCancelled
	case wcLocLenErr:
		return ndk.StatusBufferOverflow
	case wcLocProtErr, wcRemAccErr, wcMWBindErr: // a bind the MR's rights do not allow (MR-15)
		return ndk.StatusAccessViolation
	case wcRemInvReq, wcRemOpErr:
		return ndk.StatusInvalidParameter
	case wcRetryExc, wcRNRRetryExc:
		return ndk.StatusIOTimeout
	}
	return ndk.StatusUnsuccessful
}

// newWRLocked records a signaled request and returns its wr_id.
func (p *provider) newWRLocked(w *wr) uint64 {
	p.nextWR++
	id := p.nextWR
	p.wrs[id] = w
	if w.q != nil {
		w.q.wrs[id] = w
	}
	if w.s != nil {
		w.s.wrs[id] = w
	}
	return id
}

// newSilentLocked records an unsignaled request of x and returns its
// wr_id: a failure still completes it (flushed, say), with its context.
func (p *provider) newSilentLocked(x *qp, ctx any, op ndk.OperationType) uint64 {
	p.nextWR++
	id := p.nextWR
	p.wrs[id] = &wr{q: x, ctx: ctx, op: op, silent: true}
	x.silent = append(x.silent, id)
	return id
}

// settleSilentLocked forgets x's unsignaled requests posted before wr_id
// id, whose signaled completion came: a send queue completes in order, so
// they succeeded (and give no completion) or their failure came first.
func (p *provider) settleSilentLocked(x *qp, id uint64) {
	n := 0
	for n < len(x.silent) && x.silent[n] < id {
		delete(p.wrs, x.silent[n])
		n++
	}
	x.silent = x.silent[n:]
}

func (p *provider) dropWRLocked(id uint64) {
	if w := p.wrs[id]; w != nil {
		delete(p.wrs, id)
		if w.q != nil {
			delete(w.q.wrs, id)
		}
		if w.s != nil {
			delete(w.s.wrs, id)
		}
	}
}

// cancelledLocked queues a STATUS_CANCELLED result for a request whose
// completion the verbs CQ will never give.
func cancelledLocked(c *cq, w *wr, qctx any) {
	if c == nil || c.cq == nil {
		return
	}
	c.queueLocked(ndk.ResultEx{Result: ndk.Result{Status: ndk.StatusCancelled, QPContext: qctx, RequestContext: w.ctx}, Type: w.op})
	c.evalLocked()
}

// queueLocked queues a result on x. A result that finds x holding its
// depth of results overruns it (rdma_rxe's CQ holds more than the depth
// asked for, a power of two less one): that result and every later one
// are dropped, and the next notification reports STATUS_BUFFER_OVERFLOW
// (CQ-5).
func (x *cq) queueLocked(r ndk.ResultEx) {
	if x.overrun {
		return
	}
	if uint32(len(x.swq)) >= x.depth {
		x.overrunLocked()
		return
	}
	x.swq = append(x.swq, r)
	x.seq++
}

// overrunLocked puts x in the overrun state: an arm, now or later, is
// satisfied with STATUS_BUFFER_OVERFLOW.
func (x *cq) overrunLocked() {
	x.overrun = true
	x.evalLocked()
}

// cancelOutstandingLocked completes every request of the QP whose
// completion the verbs CQs did not give, as cancelled: rdma_rxe will never
// give it (the QP was reset, or the flush outlived its deadline).
func (x *qp) cancelOutstandingLocked() {
	p := x.ad.p
	for id, w := range x.wrs {
		c := x.icq
		if w.op == ndk.OpReceive {
			c = x.rcq
		}
		cancelledLocked(c, w, x.ctx)
		p.dropWRLocked(id)
	}
}

// Flush implements ndk.QP: the QP moves to the error state and its
// requests complete as flushed (STATUS_CANCELLED).
func (x *qp) Flush() {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.qp != nil {
		qpState(x.qp, qpsErr)
		x.dirty = true
	}
}

// beginCloseLocked flushes the QP's requests (LT-26): the QP moves to the
// error state and its close completes once their flushed completions are
// polled off the verbs CQs into the provider's queue (or, after 2 s,
// synthesized).
func (x *qp) beginCloseLocked() {
	if len(x.wrs) == 0 || x.qp == nil {
		return
	}
	qpState(x.qp, qpsErr)
	x.dirty = true
	x.busy++
	p := x.ad.p
	deadline := time.Now().Add(2 * time.Second)
	go func() {
		for {
			p.mu.Lock()
			p.pollIntoLocked(x.rcq)
			p.pollIntoLocked(x.icq)
			if len(x.wrs) == 0 || time.Now().After(deadline) {
				x.cancelOutstandingLocked()
				x.busy--
				p.maybeFinishLocked(&x.object)
				p.mu.Unlock()
				return
			}
			p.mu.Unlock()
			time.Sleep(2 * time.Millisecond)
		}
	}()
}

// connectedLocked reports whether initiator requests may be posted: not
// once either side disconnected (the peer's DREQ is answered at once).
func (x *qp) connectedLocked() bool {
	c := x.conn
	return c != nil && !c.localDisc && c.state == stEstablished
}

// Receive implements ndk.QP (ibv_post_recv); receives may be posted before
// the QP is connected.
func (x *qp) Receive(reqCtx any, sgl []ndk.SGE) status {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.qp == nil {
		return ndk.StatusInvalidDeviceState
	}
	if x.srq != nil {
		return ndk.StatusInvalidDeviceState
	}
	if uint32(len(sgl)) > x.ad.dev.info.MaxReceiveRequestSGE {
		return ndk.StatusInvalidParameter
	}
	if x.receivesLocked() >= x.rdepth {
		p.pollIntoLocked(x.rcq) // some may have completed
		if x.receivesLocked() >= x.rdepth {
			return ndk.StatusInsufficientResources // the queue is full (QP-4)
		}
	}
	id := p.newWRLocked(&wr{q: x, ctx: reqCtx, op: ndk.OpReceive, spans: p.spansLocked(x.ad.dev, sgl)})
	if err := postRecv(x.qp, nil, id, sgl); err != nil {
		p.dropWRLocked(id)
		return statusOf(err)
	}
	return ndk.StatusSuccess
}

// receivesLocked counts the QP's receives whose completion is not polled
// yet.
func (x *qp) receivesLocked() int {
	n := 0
	for _, w := range x.wrs {
		if w.op == ndk.OpReceive {
			n++
		}
	}
	return n
}

func (x *qp) post(reqCtx any, op ndk.OperationType, opcode int, sgl []ndk.SGE, raddr uint64, rkey, inv, flags uint32) status {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.qp == nil {
		return ndk.StatusInvalidDeviceState
	}
	if !x.connectedLocked() {
		return ndk.StatusConnectionInvalid
	}
	max := x.ad.dev.info.MaxInitiatorRequestSGE
	if op == ndk.OpRead {
		max = x.ad.dev.info.MaxReadRequestSGE
	}
	if uint32(len(sgl)) > max {
		return ndk.StatusInvalidParameter
	}
	vf := 0
	if flags&ndk.OpFlagReadFence != 0 {
		vf |= sendFence
	}
	if flags&ndk.OpFlagSendAndSolicitEvent != 0 {
		vf |= sendSolicited
	}
	spans := p.spansLocked(x.ad.dev, sgl)
	if op != ndk.OpRead {
		spans = nil
	} else if flags&ndk.OpFlagSilentSuccess != 0 {
		for _, sp := range spans {
			sp.m.remote = true // no completion: synced like a remote write
		}
	}
	var id uint64
	if flags&ndk.OpFlagSilentSuccess == 0 {
		vf |= sendSignaled
		id = p.newWRLocked(&wr{q: x, ctx: reqCtx, op: op, spans: spans})
	} else {
		id = p.newSilentLocked(x, reqCtx, op)
	}
	if err := postSend(x.qp, id, opcode, vf, sgl, raddr, rkey, inv); err != nil {
		p.dropWRLocked(id)
		return statusOf(err)
	}
	return ndk.StatusSuccess
}

// sendOutstandingLocked reports whether a send (or send-and-invalidate)
// posted on x has not completed yet: one the peer's consumer may never
// take with a receive.
func (x *qp) sendOutstandingLocked() bool {
	for _, w := range x.wrs {
		if w.op == ndk.OpSend {
			return true
		}
	}
	for _, id := range x.silent {
		if w := x.ad.p.wrs[id]; w != nil && w.op == ndk.OpSend {
			return true
		}
	}
	return false
}

// postMarkerLocked posts a signaled zero-length RDMA Write whose
// completion closes marker.
func (x *qp) postMarkerLocked(marker chan struct{}) error {
	p := x.ad.p
	id := p.newWRLocked(&wr{ctx: nil, op: ndk.OpWrite, marker: marker})
	if err := postSend(x.qp, id, wrWrite, sendSignaled, nil, 0, 0, 0); err != nil {
		p.dropWRLocked(id)
		return err
	}
	return nil
}

// Send implements ndk.QP.
func (x *qp) Send(reqCtx any, sgl []ndk.SGE, flags uint32) status {
	return x.post(reqCtx, ndk.OpSend, wrSend, sgl, 0, 0, 0, flags)
}

// SendAndInvalidate implements ndk.QP.
func (x *qp) SendAndInvalidate(reqCtx any, sgl []ndk.SGE, token, flags uint32) status {
	return x.post(reqCtx, ndk.OpSend, wrSendInv, sgl, 0, 0, token, flags)
}

// Write implements ndk.QP: the remote address is the peer's NDK virtual
// address (MRs are registered with it as their iova).
func (x *qp) Write(reqCtx any, sgl []ndk.SGE, raddr uint64, rkey, flags uint32) status {
	return x.post(reqCtx, ndk.OpWrite, wrWrite, sgl, raddr, rkey, 0, flags)
}

// Read implements ndk.QP.
func (x *qp) Read(reqCtx any, sgl []ndk.SGE, raddr uint64, rkey, flags uint32) status {
	return x.post(reqCtx, ndk.OpRead, wrRead, sgl, raddr, rkey, 0, flags)
}

// mr is NDK_MR over an ibv_mr registered on the consumer's buffer itself:
// the buffer is pinned with runtime.Pinner (it neither moves nor is freed
// while registered) and registered with its NDK virtual address as iova.
type mr struct {
	object
	pd   *pd
	vmr  *verbsMR
	pin  runtime.Pinner
	lkey uint32
	rkey uint32

	// A buffer whose page offset differs from its va's cannot be
	// registered with the va as iova: it is registered as a C copy (sh,
	// in shadow) kept in sync with buf at the data path's points.
	buf    []byte
	va     uint64
	shadow unsafe.Pointer
	sh     []byte
	remote bool // remote write access: sync sh to buf at every poll

	registering bool // an NdkRegisterMr is pending
	fast        bool // created for fast registration (never initialised)
}

// mrKey names an MR by its device and local token.
type mrKey struct {
	d    *device
	lkey uint32
}

// span is a range of a shadowed MR that a request reads or writes.
type span struct {
	m        *mr
	off, len int
}

func (x *mr) beginCloseLocked() {}
func (x *mr) releaseLocked()    { x.deregLocked() }

func (x *mr) deregLocked() {
	if x.vmr != nil {
		deregMR(x.vmr)
		x.vmr = nil
		x.pin.Unpin()
		delete(x.ad.p.mrs, mrKey{x.ad.dev, x.lkey})
		x.lkey, x.rkey = 0, 0
	}
	if x.shadow != nil {
		copy(x.buf, x.sh)
		freeShadow(x.shadow)
		x.shadow, x.sh = nil, nil
	}
	x.buf = nil
}

// spansLocked finds the shadowed MRs that sgl addresses and copies their
// ranges from the consumer's buffers into the registered copies.
func (p *provider) spansLocked(d *device, sgl []ndk.SGE) []span {
	var out []span
	for _, g := range sgl {
		m := p.mrs[mrKey{d, g.MemoryRegionToken}]
		if m == nil || m.sh == nil || g.VirtualAddress < m.va {
			continue
		}
		off := g.VirtualAddress - m.va
		if off >= uint64(len(m.sh)) {
			continue
		}
		n := min(int(g.Length), len(m.sh)-int(off))
		copy(m.sh[off:int(off)+n], m.buf[off:int(off)+n])
		out = append(out, span{m, int(off), n})
	}
	return out
}

// syncRemoteLocked copies the registered copies of the shadowed MRs that
// a peer or a silent RDMA Read may write (of every adapter: both sides of a
// run are in this process) to the consumer's buffers.
func (p *provider) syncRemoteLocked() {
	for _, m := range p.mrs {
		if m.remote && m.sh != nil {
			copy(m.buf, m.sh)
		}
	}
}

// PullMemory implements ndk.MemoryMirror: the bytes of b that lie in a
// shadowed MR are copied from its registered copy, which the device and
// the peer write. The copies are also synchronized at every poll and
// disconnect (syncRemoteLocked), but only of this process's MRs: an agent
// serving one side (drivers/remote) reads a buffer the peer wrote while no
// CQ of its side is polled. Bytes of no shadowed MR are the registered
// memory itself: nothing to do.
func (p *provider) PullMemory(b []byte) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.eachShadowLocked(b, func(sh, buf []byte) { copy(buf, sh) })
	return nil
}

// PushMemory implements ndk.MemoryMirror: the bytes of b that lie in a
// shadowed MR are copied to its registered copy, which the device and
// the peer read (also done at every post for the request's own SGEs).
func (p *provider) PushMemory(b []byte) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.eachShadowLocked(b, func(sh, buf []byte) { copy(sh, buf) })
	return nil
}

// eachShadowLocked calls f with the overlap of b and each shadowed MR's
// buffer: the registered copy's bytes and the consumer's.
func (p *provider) eachShadowLocked(b []byte, f func(sh, buf []byte)) {
	if len(b) == 0 {
		return
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	hi := lo + uintptr(len(b))
	for _, m := range p.mrs {
		if m.sh == nil {
			continue
		}
		mlo := uintptr(unsafe.Pointer(unsafe.SliceData(m.buf)))
		s, e := max(lo, mlo), min(hi, mlo+uintptr(len(m.buf)))
		if s < e {
			f(m.sh[s-mlo:e-mlo], m.buf[s-mlo:e-mlo])
		}
	}
}

// CreateMR implements ndk.PD: MRs for NdkRegisterMr (fast-register MRs are
// not supported).
func (x *pd) CreateMR(fast bool, _ ndk.CreateCompletion, _ any) (ndk.MR, ndk.Status) {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.ad.closing {
		return nil, ndk.StatusInvalidDeviceState
	}
	m := &mr{pd: x, fast: fast}
	x.ad.registerLocked(&m.object, ndk.ObjectTypeMR, m, &x.object)
	return m, ndk.StatusSuccess
}

// Register implements ndk.MR (ibv_reg_mr_iova). Pinning and registering
// take time (the kernel walks and pins every page), so the registration
// runs on a provider goroutine and completes through the callback
// (STATUS_PENDING), as it does in a kernel provider; without a callback it
// completes inline.
func (x *mr) Register(buf []byte, va uint64, flags uint32, done ndk.RequestCompletion, ctx any) ndk.Status {
	if len(buf) == 0 || uint64(len(buf)) > x.ad.dev.info.MaxRegistrationSize {
		return ndk.StatusInvalidParameter
	}
	acc := 0
	if flags&ndk.MRFlagAllowLocalWrite != 0 || flags&ndk.MRFlagRDMAReadSink != 0 {
		acc |= accLocalWrite
	}
	if flags&ndk.MRFlagAllowRemoteRead != 0 {
		acc |= accRemoteRead
	}
	if flags&0x4 != 0 {
		acc |= accRemoteWrite | accLocalWrite
	}
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.fast || x.vmr != nil || x.registering {
		return ndk.StatusInvalidDeviceState
	}
	if done == nil {
		return x.registerLocked(buf, va, acc)
	}
	x.registering = true
	x.runPendingLocked(done, ctx, func() ndk.Status {
		x.registering = false
		return x.registerLocked(buf, va, acc)
	})
	return ndk.StatusPending
}

// RegisterChain implements ndk.ChainRegisterer. A chain that is not
// virtually contiguous fails with STATUS_INVALID_PARAMETER (MR-3) before
// anything reaches verbs; a chain whose MDLs but one are empty is Register
// of that one; a contiguous chain of several MDLs with bytes is
// STATUS_NOT_SUPPORTED: ibv_reg_mr_iova registers one range of the
// process's memory, and the MDLs' buffers are separate Go allocations.
func (x *mr) RegisterChain(chain []ndk.MDL, flags uint32, done ndk.RequestCompletion, ctx any) ndk.Status {
	if !ndk.Contiguous(chain) {
		return ndk.StatusInvalidParameter
	}
	d, ok := oneMDL(chain)
	if !ok {
		return ndk.StatusNotSupported
	}
	return x.Register(d.Buf, d.VA, flags, done, ctx)
}

// oneMDL is the one MDL of a contiguous chain that has bytes (the first if
// none has), false if several have.
func oneMDL(chain []ndk.MDL) (ndk.MDL, bool) {
	var one *ndk.MDL
	for i := range chain {
		if len(chain[i].Buf) == 0 {
			continue
		}
		if one != nil {
			return ndk.MDL{}, false
		}
		one = &chain[i]
	}
	if one == nil {
		return chain[0], true
	}
	return *one, true
}

// registerLocked registers buf at va with access acc.
func (x *mr) registerLocked(buf []byte, va uint64, acc int) ndk.Status {
	p := x.ad.p
	addr := unsafe.Pointer(&buf[0])
	if (uintptr(addr)^uintptr(va))&(ndk.PageSize-1) == 0 {
		x.pin.Pin(&buf[0])
	} else {
		off := int(va & (ndk.PageSize - 1))
		x.shadow = allocShadow(off + len(buf))
		if x.shadow == nil {
			return ndk.StatusInsufficientResources
		}
		addr = unsafe.Add(x.shadow, off)
		x.sh = unsafe.Slice((*byte)(addr), len(buf))
		copy(x.sh, buf)
	}
	vmr, err := regMR(x.pd.pd, addr, len(buf), va, acc|accMWBind)
	if err != nil {
		vmr, err = regMR(x.pd.pd, addr, len(buf), va, acc)
	}
	if err != nil {
		x.pin.Unpin()
		if x.shadow != nil {
			freeShadow(x.shadow)
			x.shadow, x.sh = nil, nil
		}
		return statusOf(err)
	}
	x.vmr, x.buf, x.va, x.remote = vmr, buf, va, acc&accRemoteWrite != 0
	x.lkey, x.rkey = mrKeys(vmr)
	p.mrs[mrKey{x.ad.dev, x.lkey}] = x
	return ndk.StatusSuccess
}

// Deregister implements ndk.MR, inline.
func (x *mr) Deregister(_ ndk.RequestCompletion, _ any) ndk.Status {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.vmr == nil {
		return ndk.StatusInvalidDeviceState
	}
	x.deregLocked()
	return ndk.StatusSuccess
}

// InitializeFastRegister implements ndk.MR: user-space verbs have no
// fast-register work request, so FRMRPageCount is 0 and every
// AdapterPageCount is over it (STATUS_IMPLEMENTATION_LIMIT, MR-10).
func (x *mr) InitializeFastRegister(uint32, bool, ndk.RequestCompletion, any) ndk.Status {
	if !x.fast {
		return ndk.StatusInvalidDeviceState
	}
	return ndk.StatusImplementationLimit
}

// LocalToken implements ndk.MR.
func (x *mr) LocalToken() uint32 {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	return x.lkey
}

// RemoteToken implements ndk.MR.
func (x *mr) RemoteToken() uint32 {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	return x.rkey
}

// mw is NDK_MW on a type 2 ibv_mw (bound by a work request); if the device
// has no memory windows it is a provider object whose NdkBind is not
// supported.
type mw struct {
	object
	pd   *pd
	vmw  *verbsMW
	rkey uint32
	mr   *mr // the MR it is bound to: an antecedent until it is closed
	// via is the QP its last bind was posted on (nil: not bound since
	// vmw was allocated). rdma_rxe binds a type 2 window only in the free
	// state and keeps a reference to that QP while the window is valid,
	// so a rebind, and the close of that QP, first replace vmw (freshLocked).
	via *qp
}

// freshLocked replaces the window's verbs MW with a new one, free (not
// bound): ibv_dealloc_mw invalidates the old one and drops its
// reference to the QP that bound it.
func (x *mw) freshLocked() ndk.Status {
	if x.vmw != nil {
		deallocMW(x.vmw)
		x.vmw = nil
	}
	x.unbindLocked()
	vmw, err := allocMW(x.pd.pd)
	if err != nil {
		return ndk.StatusInsufficientResources
	}
	x.vmw, x.rkey = vmw, mwRkey(vmw)
	return ndk.StatusSuccess
}

func (x *mw) beginCloseLocked() {}

// unbindLocked records that the window is not bound (any more): freed
// by its invalidation (rdma_rxe puts an invalidated type 2 window back in
// the free state), or about to be deallocated.
func (x *mw) unbindLocked() {
	if x.via != nil {
		x.via.mws = slices.DeleteFunc(x.via.mws, func(w *mw) bool { return w == x })
		x.via = nil
	}
}

// invalidatedLocked unbinds the window of device d whose token the
// peer's send with invalidate invalidated.
func (p *provider) invalidatedLocked(d *device, rkey uint32) {
	for k, q := range p.qps {
		if k.d != d {
			continue
		}
		for _, w := range q.mws {
			if w.rkey == rkey {
				w.unbindLocked()
				return
			}
		}
	}
}

func (x *mw) releaseLocked() {
	x.unbindLocked()
	if x.vmw != nil {
		deallocMW(x.vmw)
		x.vmw = nil
	}
}

// RemoteToken implements ndk.MW.
func (x *mw) RemoteToken() uint32 {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	return x.rkey
}

// CreateMW implements ndk.PD (ibv_alloc_mw, type 2).
func (x *pd) CreateMW(_ ndk.CreateCompletion, _ any) (ndk.MW, ndk.Status) {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.ad.closing {
		return nil, ndk.StatusInvalidDeviceState
	}
	w := &mw{pd: x}
	if vmw, err := allocMW(x.pd); err == nil {
		w.vmw, w.rkey = vmw, mwRkey(vmw)
	}
	x.ad.registerLocked(&w.object, ndk.ObjectTypeMW, w, &x.object)
	return w, ndk.StatusSuccess
}

// Bind implements ndk.QP: an IBV_WR_BIND_MW work request; the window's
// new token is valid when Bind returns, and the MR is the window's
// antecedent (LT-15) until the window is closed or rebound.
func (x *qp) Bind(reqCtx any, m ndk.MR, w ndk.MW, va, length uint64, flags uint32) status {
	mrx, ok1 := m.(*mr)
	mwx, ok2 := w.(*mw)
	if !ok1 || !ok2 || mrx == nil || mwx == nil || mrx.ad != x.ad || mwx.ad != x.ad {
		return ndk.StatusInvalidParameter
	}
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.qp == nil || mrx.closing || mwx.closing {
		return ndk.StatusInvalidDeviceState
	}
	if mwx.vmw == nil {
		return ndk.StatusNotSupported
	}
	if mrx.vmr == nil {
		return ndk.StatusInvalidParameter
	}
	if !x.connectedLocked() {
		return ndk.StatusConnectionInvalid
	}
	acc := 0
	if flags&ndk.OpFlagAllowRemoteRead != 0 {
		acc |= accRemoteRead
	}
	if flags&ndk.OpFlagAllowRemoteWrite == ndk.OpFlagAllowRemoteWrite {
		acc |= accRemoteWrite
	}
	if mwx.via != nil { // valid: an NDK bind rebinds it (see mw.via)
		if st := mwx.freshLocked(); st != ndk.StatusSuccess {
			return st
		}
	}
	vf := 0
	var id uint64
	if flags&ndk.OpFlagSilentSuccess == 0 {
		vf |= sendSignaled
		id = p.newWRLocked(&wr{q: x, ctx: reqCtx, op: ndk.OpBind})
	} else {
		id = p.newSilentLocked(x, reqCtx, ndk.OpBind)
	}
	rkey := incRkey(mwx.rkey)
	if err := postBind(x.qp, id, vf, mwx.vmw, rkey, mrx.vmr, va, length, acc); err != nil {
		p.dropWRLocked(id)
		return statusOf(err)
	}
	mwx.rkey, mwx.via = rkey, x
	x.mws = append(x.mws, mwx)
	if mwx.mr != mrx {
		if mwx.mr != nil {
			p.unlinkLocked(&mwx.object, &mwx.mr.object)
		}
		linkLocked(&mwx.object, &mrx.object)
		mwx.mr = mrx
	}
	return ndk.StatusSuccess
}

// Invalidate implements ndk.QP: IBV_WR_LOCAL_INV of a memory window
// (fast-register MRs are not supported).
func (x *qp) Invalidate(reqCtx any, o ndk.Object, flags uint32) status {
	mwx, ok := o.(*mw)
	if !ok || mwx == nil {
		return ndk.StatusNotSupported
	}
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.qp == nil {
		return ndk.StatusInvalidDeviceState
	}
	if mwx.vmw == nil {
		return ndk.StatusNotSupported
	}
	if !x.connectedLocked() {
		return ndk.StatusConnectionInvalid
	}
	// rdma_rxe (6.1) dereferences a NULL QP when it invalidates a type 2
	// window that is free (never bound, its bind failed, or invalidated
	// already, which puts it back in the free state): a kernel panic,
	// measured in test-rxe. Only a window bound by a bind posted on this
	// QP and not invalidated since (by this provider or, as far as it
	// has polled, by the peer) is invalidated: in order after that bind,
	// the window is then valid, or the QP is in error from the failed bind
	// and flushes the request.
	for _, c := range p.cqs { // the peer's invalidations polled
		if c.ad.dev == x.ad.dev {
			p.pollIntoLocked(c)
		}
	}
	if mwx.via != x {
		return ndk.StatusInvalidDeviceState
	}
	vf := 0
	var id uint64
	if flags&ndk.OpFlagSilentSuccess == 0 {
		vf |= sendSignaled
		id = p.newWRLocked(&wr{q: x, ctx: reqCtx, op: ndk.OpInvalidate})
	} else {
		id = p.newSilentLocked(x, reqCtx, ndk.OpInvalidate)
	}
	if err := postLocalInv(x.qp, id, vf, mwx.rkey); err != nil {
		p.dropWRLocked(id)
		return statusOf(err)
	}
	mwx.unbindLocked()
	return ndk.StatusSuccess
}

// srq is NDK_SRQ on an ibv_srq. Its notification threshold is the verbs
// SRQ limit: armed with ibv_modify_srq(IBV_SRQ_LIMIT), the kernel raises
// IBV_EVENT_SRQ_LIMIT_REACHED once when a receive taken leaves fewer
// queued than the limit, and disarms it, as NdkModifySrq's threshold does.
type srq struct {
	object
	srq    *verbsSRQ
	rcq    *cq // the receive CQ of the last QP created with it
	wrs    map[uint64]*wr
	handle uint64 // its srq_context, for async events

	notify    ndk.SRQNotificationCallback
	notifyCtx any
	threshold uint32 // the notify threshold (0: none set)
	armed     bool   // a notification is armed
}

func (x *srq) beginCloseLocked() {}
func (x *srq) releaseLocked() {
	p := x.ad.p
	delete(p.srqs, x.handle)
	x.armed = false
	for id, w := range x.wrs {
		if x.rcq != nil && !x.rcq.closing {
			cancelledLocked(x.rcq, w, nil)
		}
		p.dropWRLocked(id)
	}
	x.rcq = nil
	if x.srq != nil {
		destroySRQ(x.srq)
		x.srq = nil
	}
}

// CreateSRQ implements ndk.PD (ibv_create_srq). A NotifyThreshold arms the
// notification as NdkModifySrq does, except that an SRQ created empty is
// not taken as below it: the notification comes when a receive taken
// leaves fewer than the threshold queued.
func (x *pd) CreateSRQ(params ndk.SRQParams, _ ndk.CreateCompletion, _ any) (ndk.SRQ, ndk.Status) {
	info := x.ad.dev.info
	if params.Depth == 0 || params.Depth > info.MaxSRQDepth || params.MaxReceiveRequestSGE > info.MaxReceiveRequestSGE ||
		params.NotifyThreshold > params.Depth {
		return nil, ndk.StatusInvalidParameter
	}
	p := x.ad.p
	p.mu.Lock()
	if x.closing || x.ad.closing {
		p.mu.Unlock()
		return nil, ndk.StatusInvalidDeviceState
	}
	vpd := x.pd
	p.nextHandle++
	h := p.nextHandle
	p.mu.Unlock()
	vs, err := createSRQ(vpd, params.Depth, max(params.MaxReceiveRequestSGE, 1), h)
	if err != nil {
		return nil, statusOf(err)
	}
	s := &srq{srq: vs, wrs: map[uint64]*wr{}, handle: h, notify: params.Notify, notifyCtx: params.NotifyContext}
	if params.NotifyThreshold > 0 {
		if err := srqLimit(vs, params.NotifyThreshold); err != nil {
			destroySRQ(vs)
			return nil, statusOf(err)
		}
		s.threshold, s.armed = params.NotifyThreshold, true
	}
	p.mu.Lock()
	x.ad.registerLocked(&s.object, ndk.ObjectTypeSRQ, s, &x.object)
	p.srqs[h] = s
	p.mu.Unlock()
	return s, ndk.StatusSuccess
}

// Modify implements ndk.SRQ (ibv_modify_srq), inline. A non-zero threshold
// arms the notification: at once if fewer receives than it are queued
// (the receives posted whose completions are not polled yet, after a poll
// of the SRQ's CQ), otherwise through the verbs SRQ limit; 0 keeps the
// threshold and its arming (SQ-5).
func (x *srq) Modify(depth, threshold uint32, _ ndk.RequestCompletion, _ any) ndk.Status {
	if depth > x.ad.dev.info.MaxSRQDepth {
		return ndk.StatusInvalidParameter
	}
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.srq == nil {
		return ndk.StatusInvalidDeviceState
	}
	if err := modifySRQ(x.srq, depth, 0); err != nil {
		return statusOf(err)
	}
	if threshold == 0 {
		return ndk.StatusSuccess
	}
	if x.rcq != nil {
		p.syncLocked(x.rcq)
	}
	x.threshold = threshold
	if uint32(len(x.wrs)) < threshold {
		if x.armed {
			srqLimit(x.srq, 0)
		}
		x.armed = false
		x.notifyLocked()
		return ndk.StatusSuccess
	}
	if err := srqLimit(x.srq, threshold); err != nil {
		return statusOf(err)
	}
	x.armed = true
	return ndk.StatusSuccess
}

// notifyLocked calls the SRQ's notification callback on a provider
// goroutine.
func (x *srq) notifyLocked() {
	if x.notify == nil || x.closing {
		return
	}
	fn, ctx := x.notify, x.notifyCtx
	x.ad.spawnLocked(&x.object, func() { fn(ctx, ndk.StatusSuccess) })
}

// asyncLoop reads the device context's async events until the adapter
// closes: IBV_EVENT_SRQ_LIMIT_REACHED notifies an armed SRQ once.
func (ad *adapter) asyncLoop() {
	defer close(ad.asyncDone)
	rc, err := ad.asyncFile.SyscallConn()
	if err != nil {
		return
	}
	p := ad.p
	for {
		err := rc.Read(func(uintptr) bool {
			for {
				typ, h, ok, err := nextAsyncEvent(ad.dev.ctx)
				if err != nil || !ok {
					return false
				}
				if typ == evCQErr {
					// The verbs CQ overran (the consumer let more than
					// rdma_rxe's rounded-up depth complete).
					p.mu.Lock()
					if c := p.cqs[h]; c != nil && !c.closing {
						c.overrunLocked()
					}
					p.mu.Unlock()
					continue
				}
				if typ != evSRQLimit {
					continue
				}
				p.mu.Lock()
				if s := p.srqs[h]; s != nil && s.armed && !s.closing {
					s.armed = false
					s.notifyLocked()
				}
				p.mu.Unlock()
			}
		})
		if err != nil {
			return
		}
	}
}

// Receive implements ndk.SRQ (ibv_post_srq_recv).
func (x *srq) Receive(reqCtx any, sgl []ndk.SGE) ndk.Status {
	p := x.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if x.closing || x.srq == nil {
		return ndk.StatusInvalidDeviceState
	}
	if uint32(len(sgl)) > x.ad.dev.info.MaxReceiveRequestSGE {
		return ndk.StatusInvalidParameter
	}
	id := p.newWRLocked(&wr{s: x, ctx: reqCtx, op: ndk.OpReceive, spans: p.spansLocked(x.ad.dev, sgl)})
	if err := postRecv(nil, x.srq, id, sgl); err != nil {
		p.dropWRLocked(id)
		return statusOf(err)
	}
	return ndk.StatusSuccess
}

// CreateQPWithSRQ implements ndk.PD.
func (x *pd) CreateQPWithSRQ(params ndk.QPParams, s ndk.SRQ, _ ndk.CreateCompletion, _ any) (ndk.QP, ndk.Status) {
	rcq, ok1 := params.ReceiveCQ.(*cq)
	icq, ok2 := params.InitiatorCQ.(*cq)
	sq, ok3 := s.(*srq)
	if !ok1 || !ok2 || !ok3 || rcq == nil || icq == nil || sq == nil || rcq.ad != x.ad || icq.ad != x.ad || sq.ad != x.ad {
		return nil, ndk.StatusInvalidParameter
	}
	info := x.ad.dev.info
	if params.InitiatorQueueDepth > info.MaxInitiatorQueueDepth || params.MaxInitiatorRequestSGE > info.MaxInitiatorRequestSGE ||
		params.InlineDataSize > info.MaxInlineDataSize {
		return nil, ndk.StatusInvalidParameter
	}
	p := x.ad.p
	p.mu.Lock()
	if x.closing || rcq.closing || icq.closing || sq.closing || x.ad.closing {
		p.mu.Unlock()
		return nil, ndk.StatusInvalidDeviceState
	}
	vpd, vr, vi, vs := x.pd, rcq.cq, icq.cq, sq.srq
	p.mu.Unlock()
	vqp, err := createQPWithSRQ(vpd, vi, vr, vs, max(params.InitiatorQueueDepth, 1), max(params.MaxInitiatorRequestSGE, 1))
	if err != nil {
		return nil, statusOf(err)
	}
	if err := qpInit(vqp); err != nil {
		destroyQP(vqp)
		return nil, statusOf(err)
	}
	q := &qp{qp: vqp, num: qpNum(vqp), ctx: params.Context, rcq: rcq, icq: icq, srq: sq, wrs: map[uint64]*wr{}}
	p.mu.Lock()
	x.ad.registerLocked(&q.object, ndk.ObjectTypeQP, q, &x.object, &rcq.object, &icq.object, &sq.object)
	p.qps[qpKey{x.ad.dev, q.num}] = q
	sq.rcq = rcq
	p.mu.Unlock()
	return q, ndk.StatusSuccess
}
