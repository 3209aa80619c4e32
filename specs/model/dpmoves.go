package model

import (
	"encoding/binary"
	"fmt"
	"slices"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	"pgregory.net/rapid"
)

// post records the inline status of a request's post: a request that
// failed inline is never completed (DP-4). (One that returned
// STATUS_PENDING never gets here: the harness's wrapper failed the spec
// at the call, CR-12.)
func (w *dpWorld) post(r *dpWR, st ndk.Status) bool {
	w.note(" -> %v", st)
	r.posted = st == ndk.StatusSuccess
	if !r.posted {
		w.unpost(r)
	}
	return r.posted
}

// unpost gives back what a request that failed inline held.
func (w *dpWorld) unpost(r *dpWR) {
	s := r.qp.side
	if r.src >= 0 {
		w.mem[s].busy[dpAreaSrc][r.src] = false
	}
	switch r.op {
	case "NdkReceive", "NdkSrqReceive":
		w.mem[s].loosen(r.off, r.n, -1)
		w.mem[s].busy[dpAreaRecv][(r.off-dpOff(dpAreaRecv, 0))/dpSlot] = false
	case "NdkWrite":
		if !r.bulk && r.ext == nil {
			w.mem[1-s].loosen(r.off, r.n, -1)
		}
		w.freeTarget(r)
	case "NdkRead":
		if !r.bulk {
			w.mem[s].loosen(r.off, r.n, -1)
		}
		w.freeSink(r)
	case "NdkBind", "NdkInvalidate":
		r.mw.busy = false
	case "NdkSendAndInvalidate":
		r.invalidates.busy = false
	}
}

// freeTarget gives back the target of a write.
func (w *dpWorld) freeTarget(r *dpWR) {
	if r.bulk {
		w.mem[1-r.qp.side].bulkUsers--
	} else if r.tgtSlot >= 0 {
		w.mem[1-r.qp.side].busy[dpAreaTgt][r.tgtSlot] = false
	}
}

// freeSink gives back the sink and the source of a read.
func (w *dpWorld) freeSink(r *dpWR) {
	if r.bulk {
		w.mem[r.qp.side].bulkUsers--
		w.mem[1-r.qp.side].bulkUsers--
		return
	}
	w.mem[r.qp.side].busy[dpAreaSink][(r.off-dpOff(dpAreaSink, 0))/dpSlot] = false
	w.dropReader(r)
}

func (w *dpWorld) dropReader(r *dpWR) {
	m := w.mem[1-r.qp.side]
	rs := m.readers[r.tgtSlot]
	for i, x := range rs {
		if x == r {
			m.readers[r.tgtSlot] = append(rs[:i:i], rs[i+1:]...)
			break
		}
	}
}

// receive posts a receive on a QP's own queue or on the SRQ.
func (w *dpWorld) receive(t *rapid.T) {
	c := w.pickConn(t, func(*dpConn) bool { return true })
	s := rapid.IntRange(0, 1).Draw(t, "side")
	q := c.qp[s]
	if q.srq {
		w.srqReceive(t)
		return
	}
	if w.outstanding(q, false) >= dpDepth {
		t.Skip("receive queue full")
	}
	w.postReceive(t, q)
}

func (w *dpWorld) postReceive(t *rapid.T, q *dpQP) {
	m := w.mem[q.side]
	slot := m.alloc(dpAreaRecv, t)
	r := w.newWR("NdkReceive", ndk.OpReceive, q)
	r.off, r.n, r.landSide = dpOff(dpAreaRecv, slot), dpSlot, q.side
	m.loosen(r.off, dpSlot, 1)
	w.step("%s: NdkReceive #%d on %s (%d bytes)", sideName(q.side), r.id, q.name, dpSlot)
	w.post(r, q.qp.Receive(r.id, ndk.SGE{VirtualAddress: m.mr.VA + uint64(r.off), Length: dpSlot, MemoryRegionToken: m.local}))
}

// srqReceive posts a receive on the SRQ, once every send to a QP over
// it was taken (the model then knows how many it holds).
func (w *dpWorld) srqReceive(t *rapid.T) {
	if w.srq == nil {
		t.Skip("no SRQ")
	}
	w.settleSRQ()
	w.srqJudge(false) // the receives queued are at their fewest now
	if len(w.srq.pending) >= w.srq.depth {
		t.Skip("SRQ full")
	}
	w.postSRQReceive(t)
}

// postSRQReceive posts a receive on the SRQ (side B), charged to the first
// QP over it, and records it as queued if the post succeeded.
func (w *dpWorld) postSRQReceive(t *rapid.T) {
	m := w.mem[1]
	slot := m.alloc(dpAreaRecv, t)
	var q *dpQP
	for _, c := range w.conns {
		if c.qp[1].srq {
			q = c.qp[1]
			break
		}
	}
	r := w.newWR("NdkSrqReceive", ndk.OpReceive, q)
	r.srq, r.off, r.n, r.landSide = true, dpOff(dpAreaRecv, slot), dpSlot, 1
	m.loosen(r.off, dpSlot, 1)
	w.step("B: NdkSrqReceive #%d (%d bytes; %d queued before)", r.id, dpSlot, len(w.srq.pending))
	st := w.srq.srq.Receive(r.id, ndk.SGE{VirtualAddress: m.mr.VA + uint64(r.off), Length: dpSlot, MemoryRegionToken: m.local})
	if !w.post(r, st) {
		if w.srq.zeroDepth {
			w.fail(dpFinding{rules: "SQ-3", call: "NdkSrqReceive", object: w.srq.srq.ID(), side: "B", kind: "a receive within the SRQ's depth failed after NdkModifySrq with SrqDepth 0",
				expected: fmt.Sprintf("STATUS_SUCCESS: %d receives queued, the SRQ's depth %d kept by NdkModifySrq with SrqDepth 0", len(w.srq.pending), w.srq.depth), observed: st.String()})
		}
		return
	}
	w.srq.pending = append(w.srq.pending, r)
	if !w.srqSendWaiting() {
		// Else the receive may be taken at once by a send waiting for
		// one (sendNoReceive), below a threshold the model does not see
		// it under yet, and the provider notifies (SQ-2): judged once the
		// send took it.
		w.srqJudge(false)
	}
}

// initiatorQP draws a side and a QP of c with room on its initiator queue.
func (w *dpWorld) initiatorQP(t *rapid.T, c *dpConn, n int) *dpQP {
	s := rapid.IntRange(0, 1).Draw(t, "side")
	q := c.qp[s]
	if w.outstanding(q, true)+n > dpDepth {
		t.Skip("initiator queue full")
	}
	return q
}

func (w *dpWorld) source(t *rapid.T, q *dpQP, data []byte) (int, ndk.SGE) {
	m := w.mem[q.side]
	slot := m.alloc(dpAreaSrc, t)
	off := dpOff(dpAreaSrc, slot)
	if len(data) > 0 {
		m.mr.Store(off, data)
		copy(m.want[off:], data)
	}
	return slot, ndk.SGE{VirtualAddress: m.mr.VA + uint64(off), Length: uint32(len(data)), MemoryRegionToken: m.local}
}

// inline makes an SGL INLINE when the draw says so and the QP allows:
// its token is one no MR has (the provider ignores it, QP-10).
func (w *dpWorld) inline(t *rapid.T, q *dpQP, sgl []ndk.SGE, n int) ([]ndk.SGE, uint32) {
	if q.inline == 0 || n > q.inline || !rapid.Bool().Draw(t, "inline") {
		return sgl, 0
	}
	for i := range sgl {
		sgl[i].MemoryRegionToken = ^w.mem[q.side].local
	}
	return sgl, ndk.OpFlagInline
}

func (w *dpWorld) send(t *rapid.T) {
	c := w.pickConn(t, func(*dpConn) bool { return true })
	q := w.initiatorQP(t, c, 1)
	w.postSend(t, q, 0)
}

// postSend posts a send on q to its peer, which has a receive waiting.
func (w *dpWorld) postSend(t *rapid.T, q *dpQP, flags uint32) *dpWR {
	return w.postSendOrSAI(t, q, flags, nil, false)
}

// sendAndInvalidate posts an NdkSendAndInvalidate naming the token of
// the peer's window bound on the connection: the peer's receive
// completes as NdkOperationTypeReceiveAndInvalidate with the token
// (QP-20), the send as NdkOperationTypeSend (QP-18), and the window is
// invalidated.
func (w *dpWorld) sendAndInvalidate(t *rapid.T) {
	c := w.pickConn(t, func(*dpConn) bool { return true })
	q := w.initiatorQP(t, c, 1)
	x := w.mw[1-q.side]
	if !x.bound || x.busy || x.home != c {
		t.Skip("no window of the peer bound on the connection")
	}
	for _, r := range w.wrs {
		if r.posted && !r.done && (r.op == "NdkWrite" || r.op == "NdkRead") && r.qp.side == q.side {
			t.Skip("accesses in flight")
		}
	}
	w.postSendOrSAI(t, q, 0, x, false)
}

func (w *dpWorld) postSendOrSAI(t *rapid.T, q *dpQP, flags uint32, x *dpMW, past bool) *dpWR {
	peer := q.conn.qp[1-q.side]
	if w.waitingReceives(peer) <= 0 && flags == 0 {
		// A receive for it first.
		switch {
		case peer.srq && w.srq != nil && len(w.srq.pending) < w.srq.depth:
			w.srqReceive(t)
		case !peer.srq && w.outstanding(peer, false) < dpDepth:
			w.postReceive(t, peer)
		}
	}
	if w.waitingReceives(peer) <= 0 {
		t.Skip("no receive waiting at the peer")
	}
	lo := 0
	if peer.srq {
		lo = 4 // the send's ID, which tells the SRQ's receives apart
	}
	n := rapid.SampledFrom([]int{lo, lo + 1, 17, dpSlot - 1, dpSlot}).Draw(t, "send length")
	if past {
		n = max(n, q.maxSGE+1)
	}
	r := w.newWR("NdkSend", ndk.OpSend, q)
	if x != nil {
		r.op, r.invalidates = "NdkSendAndInvalidate", x
	}
	r.data = w.pattern(n)
	if n >= 4 {
		binary.LittleEndian.PutUint32(r.data, uint32(r.id))
	}
	var sgl []ndk.SGE
	if n > 0 {
		var sge ndk.SGE
		r.src, sge = w.source(t, q, r.data)
		sgl = []ndk.SGE{sge}
	}
	onePast := false
	if flags&ndk.OpFlagDefer == 0 && x == nil && n >= q.maxSGE+1 && (past || rapid.IntRange(0, 5).Draw(t, "one SGE past the QP's maximum") == 0) {
		// One SGE more than the QP's MaxInitiatorRequestSge: the
		// provider may fail it (no completion then) or send it.
		sge := sgl[0]
		sgl = nil
		for i := range q.maxSGE + 1 {
			part := ndk.SGE{VirtualAddress: sge.VirtualAddress + uint64(i), Length: 1, MemoryRegionToken: sge.MemoryRegionToken}
			if i == q.maxSGE {
				part.Length = uint32(n - q.maxSGE)
			}
			sgl = append(sgl, part)
		}
		onePast = true
	}
	var fl uint32
	if !onePast {
		sgl, fl = w.inline(t, q, sgl, n)
	}
	r.inline = fl&ndk.OpFlagInline != 0
	if rapid.IntRange(0, 3).Draw(t, "silent") == 0 {
		fl |= ndk.OpFlagSilentSuccess
	}
	if rapid.IntRange(0, 2).Draw(t, "solicit") == 0 {
		fl |= ndk.OpFlagSendAndSolicitEvent
	}
	fl |= flags
	r.silent, r.solicit, r.deferred = fl&ndk.OpFlagSilentSuccess != 0, fl&ndk.OpFlagSendAndSolicitEvent != 0, fl&ndk.OpFlagDefer != 0
	pastNote := ""
	if onePast {
		pastNote = fmt.Sprintf(", %d SGEs: one past the QP's MaxInitiatorRequestSge", len(sgl))
	}
	var st ndk.Status
	if x != nil {
		x.busy = true
		w.step("%s: NdkSendAndInvalidate #%d on %s (%d bytes, %s) naming %s (token %#x)", sideName(q.side), r.id, q.name, n, opFlagNames(fl), x.name, x.token)
		st = q.qp.SendAndInvalidate(r.id, x.token, fl, sgl...)
	} else {
		w.step("%s: NdkSend #%d on %s (%d bytes, %s%s)", sideName(q.side), r.id, q.name, n, opFlagNames(fl), pastNote)
		st = q.qp.Send(r.id, fl, sgl...)
	}
	if onePast && st != ndk.StatusSuccess {
		r.chainRule = "DP-6"
	}
	if w.post(r, st) {
		q.conn.undelivered[q.side] = append(q.conn.undelivered[q.side], r)
	}
	return r
}

// target draws a range of the peer's memory that q's write or read may
// reach now, and the token to reach it by: the MR's remote token, or the
// token of a window bound on c.
func (w *dpWorld) target(t *rapid.T, q *dpQP, write, fence bool) (slot, off, n int, token uint32, via string) {
	peer := 1 - q.side
	m := w.mem[peer]
	var free []int
	for i := range dpSlots {
		if m.busy[dpAreaTgt][i] {
			continue
		}
		if write && len(m.readers[i]) > 0 && !(fence && readOnlyBy(m, i, q)) {
			continue
		}
		free = append(free, i)
	}
	if len(free) == 0 {
		t.Skip("no target slot free")
	}
	slot = rapid.SampledFrom(free).Draw(t, "target slot")
	if write && w.forceSlot >= 0 {
		slot = w.forceSlot
	}
	base := dpOff(dpAreaTgt, slot)
	if w.zeroOK && rapid.IntRange(0, 5).Draw(t, "0 bytes") == 0 {
		// OPEN-5: a request of 0 bytes, at an offset inside the slot.
		n = 0
	} else {
		n = rapid.SampledFrom([]int{1, 2, 63, dpSlot - 1, dpSlot}).Draw(t, "length")
	}
	at := rapid.IntRange(0, min(dpSlot-n, dpSlot-1)).Draw(t, "offset in slot")
	off = base + at
	token, via = m.remote, fmt.Sprintf("%s's MR remote token", sideName(peer))
	if x := w.mw[peer]; x.home == q.conn && x.bound && !x.busy && x.off <= off && off+n <= x.off+x.n && rapid.Bool().Draw(t, "through the window") {
		token, via = x.token, x.name+"'s token"
	}
	return slot, off, n, token, via
}

func (w *dpWorld) write(t *rapid.T) {
	c := w.pickConn(t, func(*dpConn) bool { return true })
	q := w.initiatorQP(t, c, 1)
	w.zeroOK = true
	defer func() { w.zeroOK = false }()
	w.postWrite(t, q, 0)
}

// zeroSGL is the SGE list of a request of 0 bytes (OPEN-5): none, or sge
// (of length 0), as the draw says. The provider may fail the post with any
// status (the request then never completes, DP-4); one it takes is judged
// as any other of its kind.
func (w *dpWorld) zeroSGL(t *rapid.T, sge ndk.SGE) ([]ndk.SGE, string) {
	if rapid.Bool().Draw(t, "no SGE") {
		return nil, ", no SGE"
	}
	return []ndk.SGE{sge}, ", one SGE of length 0"
}

func (w *dpWorld) postWrite(t *rapid.T, q *dpQP, flags uint32) *dpWR {
	fence := w.forceSlot >= 0 || rapid.IntRange(0, 3).Draw(t, "fence") == 0
	slot, off, n, token, via := w.target(t, q, true, fence)
	peer := 1 - q.side
	r := w.newWR("NdkWrite", ndk.OpWrite, q)
	r.data = w.pattern(n)
	r.landSide, r.off, r.n, r.tgtSlot = peer, off, n, slot
	var sge ndk.SGE
	r.src, sge = w.source(t, q, r.data)
	sgl, zero := []ndk.SGE{sge}, ""
	if n == 0 {
		sgl, zero = w.zeroSGL(t, sge)
	}
	sgl, fl := w.inline(t, q, sgl, n)
	r.inline = fl&ndk.OpFlagInline != 0
	if rapid.IntRange(0, 3).Draw(t, "silent") == 0 {
		fl |= ndk.OpFlagSilentSuccess
	}
	if fence {
		fl |= ndk.OpFlagReadFence
		r.fenceReads = append(r.fenceReads, w.mem[peer].readers[slot]...)
	}
	fl |= flags
	r.silent, r.deferred = fl&ndk.OpFlagSilentSuccess != 0, fl&ndk.OpFlagDefer != 0
	w.mem[peer].busy[dpAreaTgt][slot] = true
	w.mem[peer].loosen(off, n, 1)
	w.step("%s: NdkWrite #%d on %s: %d bytes%s to %s's offset %d under %s (%s)", sideName(q.side), r.id, q.name, n, zero, sideName(peer), off, via, opFlagNames(fl))
	w.post(r, q.qp.Write(r.id, w.mem[peer].mr.VA+uint64(off), token, fl, sgl...))
	return r
}

func (w *dpWorld) read(t *rapid.T) {
	c := w.pickConn(t, func(*dpConn) bool { return true })
	q := w.initiatorQP(t, c, 1)
	w.zeroOK = true
	defer func() { w.zeroOK = false }()
	w.postRead(t, q, 0)
}

func (w *dpWorld) postRead(t *rapid.T, q *dpQP, flags uint32) *dpWR {
	slot, off, n, token, via := w.target(t, q, false, false)
	peer := 1 - q.side
	m := w.mem[q.side]
	sink := m.alloc(dpAreaSink, t)
	r := w.newWR("NdkRead", ndk.OpRead, q)
	r.landSide, r.off, r.n, r.tgtSlot, r.srcOff = q.side, dpOff(dpAreaSink, sink), n, slot, off
	r.data = append([]byte(nil), w.mem[peer].want[off:off+n]...)
	m.loosen(r.off, n, 1)
	w.mem[peer].readers[slot] = append(w.mem[peer].readers[slot], r)
	var fl uint32
	if rapid.IntRange(0, 3).Draw(t, "fence") == 0 {
		fl |= ndk.OpFlagReadFence
	}
	fl |= flags
	r.deferred = fl&ndk.OpFlagDefer != 0
	sgl, zero := []ndk.SGE{{VirtualAddress: m.mr.VA + uint64(r.off), Length: uint32(n), MemoryRegionToken: m.local}}, ""
	if n == 0 {
		// No byte of the sink may change (MR-16: checkMemory).
		sgl, zero = w.zeroSGL(t, sgl[0])
	}
	w.step("%s: NdkRead #%d on %s: %d bytes%s from %s's offset %d under %s into its sink at %d (%s)", sideName(q.side), r.id, q.name, n, zero, sideName(peer), off, via, r.off, opFlagNames(fl))
	w.post(r, q.qp.Read(r.id, w.mem[peer].mr.VA+uint64(off), token, fl, sgl...))
	return r
}

// fence posts a read of the peer's memory and, at once, a write with
// NDK_OP_FLAG_READ_FENCE to the same range: the read returns the bytes
// from before the write (QP-7).
func (w *dpWorld) fence(t *rapid.T) {
	c := w.pickConn(t, func(*dpConn) bool { return true })
	q := w.initiatorQP(t, c, 2)
	if rapid.Bool().Draw(t, "bulk") {
		w.bulkFence(t, q)
		return
	}
	pm := w.mem[1-q.side]
	if w.freeSlots(pm, dpAreaTgt, true) == 0 || w.freeSlots(w.mem[q.side], dpAreaSink, false) == 0 || w.freeSlots(w.mem[q.side], dpAreaSrc, false) == 0 {
		t.Skip("no room")
	}
	r := w.postRead(t, q, 0)
	if !r.posted || r.done {
		return
	}
	// The slot may have readers of other QPs too (reads share a slot):
	// the fence orders the write after q's reads only, so another QP's
	// read of it could get the write's bytes, as the pages allow. No
	// fenced write then: the read stays a plain one.
	if !readOnlyBy(w.mem[1-q.side], r.tgtSlot, q) {
		return
	}
	w.forceSlot = r.tgtSlot
	defer func() { w.forceSlot = -1 }()
	w.postWrite(t, q, 0)
}

// deferChain posts one or two requests with NDK_OP_FLAG_DEFER and one
// without on a QP: each completes (DP-5; DP-6 when the last fails
// inline).
func (w *dpWorld) deferChain(t *rapid.T) {
	if !w.deferOK {
		t.Skip("NDK_OP_FLAG_DEFER needs NDKPI 1.2 (QP-8)")
	}
	c := w.pickConn(t, func(*dpConn) bool { return true })
	k := rapid.IntRange(1, 2).Draw(t, "deferred")
	q := w.initiatorQP(t, c, k+1)
	kinds := make([]int, k+1)
	sends, writes, reads := 0, 0, 0
	// The chain ends with a send of one SGE past the QP's maximum, which
	// the provider may fail inline (DP-6) or take.
	endPast := rapid.IntRange(0, 2).Draw(t, "end with one SGE too many") == 0
	for i := range kinds {
		kinds[i] = rapid.IntRange(0, 2).Draw(t, "request")
		if i == k && endPast {
			kinds[i] = 0
		}
		switch kinds[i] {
		case 0:
			sends++
		case 1:
			writes++
		default:
			reads++
		}
	}
	// Every request of the chain must be posted once the first is (DP-7):
	// what they need is there before the first.
	m, pm := w.mem[q.side], w.mem[1-q.side]
	if w.waitingReceives(c.qp[1-q.side]) < sends || w.freeSlots(m, dpAreaSrc, false) < sends+writes ||
		w.freeSlots(pm, dpAreaTgt, true) < writes+reads || w.freeSlots(m, dpAreaSink, false) < reads {
		t.Skip("not enough room for the chain")
	}
	var chain []*dpWR
	for i, kind := range kinds {
		fl := uint32(ndk.OpFlagDefer)
		if i == k {
			fl = 0
		}
		var r *dpWR
		switch {
		case i == k && kind == 0 && endPast:
			r = w.postSendOrSAI(t, q, 0, nil, true)
		case kind == 0:
			r = w.postSend(t, q, fl)
		case kind == 1:
			r = w.postWrite(t, q, fl)
		default:
			r = w.postRead(t, q, fl)
		}
		chain = append(chain, r)
		if !r.posted {
			break // DP-8: the rest of the chain is not posted
		}
	}
	rule := "DP-5"
	if last := chain[len(chain)-1]; !last.posted {
		rule = "DP-6"
	}
	for _, r := range chain {
		if r.posted {
			r.chainRule = rule
		}
	}
}

// freeSlots counts the slots of an area that are free (for a target: no
// write nor read in flight either).
func (w *dpWorld) freeSlots(m *dpMem, area int, target bool) int {
	n := 0
	for i, b := range m.busy[area] {
		if !b && (!target || len(m.readers[i]) == 0) {
			n++
		}
	}
	return n
}

// bind binds the MW of a side to a range of its target area on a QP of
// that side.
func (w *dpWorld) bind(t *rapid.T) {
	s := rapid.IntRange(0, 1).Draw(t, "side")
	x := w.mw[s]
	if x.busy || x.bound {
		t.Skip("the window is bound or busy")
	}
	c := w.pickConn(t, func(*dpConn) bool { return true })
	q := c.qp[s]
	if w.outstanding(q, true) >= dpDepth {
		t.Skip("initiator queue full")
	}
	first := rapid.IntRange(0, dpSlots-1).Draw(t, "first slot")
	last := rapid.IntRange(first, min(first+3, dpSlots-1)).Draw(t, "last slot")
	off, n := dpOff(dpAreaTgt, first), (last-first+1)*dpSlot
	m := w.mem[s]
	r := w.newWR("NdkBind", ndk.OpBind, q)
	r.mw = x
	x.busy, x.off, x.n, x.home, x.byPeer = true, off, n, c, false
	fl := uint32(ndk.OpFlagAllowRemoteRead | ndk.OpFlagAllowRemoteWrite)
	w.step("%s: NdkBind #%d on %s: %s to [%d, %d) of its MR (%s)", sideName(s), r.id, q.name, x.name, off, off+n, opFlagNames(fl))
	if w.post(r, q.qp.Bind(r.id, m.mr, x.mw, m.mr.VA+uint64(off), uint64(n), fl)) {
		x.token = x.mw.Token()
	}
}

func (w *dpWorld) invalidate(t *rapid.T) {
	s := rapid.IntRange(0, 1).Draw(t, "side")
	x := w.mw[s]
	if x.byPeer && !x.busy && x.home != nil && !x.home.retired {
		w.reinvalidate(t, x)
		return
	}
	if x.busy || !x.bound || x.home == nil || x.home.retired {
		t.Skip("the window is not bound, or busy")
	}
	for _, r := range w.wrs {
		if r.posted && !r.done && (r.op == "NdkWrite" || r.op == "NdkRead") && r.qp.side != s {
			// An access in flight might be through the window.
			t.Skip("accesses in flight")
		}
	}
	q := x.home.qp[s]
	if w.outstanding(q, true) >= dpDepth {
		t.Skip("initiator queue full")
	}
	r := w.newWR("NdkInvalidate", ndk.OpInvalidate, q)
	r.mw = x
	x.busy = true
	w.step("%s: NdkInvalidate #%d on %s: %s", sideName(s), r.id, q.name, x.name)
	w.post(r, q.qp.InvalidateMW(r.id, x.mw, 0))
}

// reinvalidate invalidates a window the peer's NdkSendAndInvalidate
// invalidated: it fails, inline or in its completion (CH-6). A failed
// request may end the connection: it is flushed and retired after.
func (w *dpWorld) reinvalidate(t *rapid.T, x *dpMW) {
	c := x.home
	q := c.qp[x.side]
	if w.outstanding(q, true) >= dpDepth {
		t.Skip("initiator queue full")
	}
	w.doomed(c)
	r := w.newWR("NdkInvalidate", ndk.OpInvalidate, q)
	r.mw, r.mustFail, r.mustWhy = x, "CH-6", "the peer's NdkSendAndInvalidate invalidated the window's token"
	x.busy = true
	w.step("%s: NdkInvalidate #%d on %s: %s, whose token the peer's NdkSendAndInvalidate invalidated", sideName(x.side), r.id, q.name, x.name)
	if w.post(r, q.qp.InvalidateMW(r.id, x.mw, 0)) {
		w.waitUntil(func() bool { return !r.done })
	}
	x.byPeer = false
	w.step("%s: NdkFlush %s and %s after the failed NdkInvalidate", sideName(x.side), q.name, c.qp[1-x.side].name)
	q.qp.Flush()
	w.flushed(q, "")
	c.qp[1-x.side].qp.Flush()
	w.flushed(c.qp[1-x.side], "")
	w.retire(c)
}

// unconnected posts an initiator request on a new QP that was never
// connected: STATUS_CONNECTION_INVALID, and no completion (QP-5, DP-4).
func (w *dpWorld) unconnected(t *rapid.T) {
	s := rapid.IntRange(0, 1).Draw(t, "side")
	q := w.newQP(s, false)
	m := w.mem[s]
	r := w.newWR("", 0, q)
	sge := ndk.SGE{VirtualAddress: m.mr.VA + uint64(dpOff(dpAreaSrc, 0)), Length: 16, MemoryRegionToken: m.local}
	peer := w.mem[1-s]
	var st ndk.Status
	switch rapid.IntRange(0, 4).Draw(t, "request") {
	case 0:
		r.op = "NdkSend"
		w.step("%s: NdkSend #%d on %s, never connected", sideName(s), r.id, q.name)
		st = q.qp.Send(r.id, 0, sge)
	case 1:
		r.op = "NdkWrite"
		w.step("%s: NdkWrite #%d on %s, never connected", sideName(s), r.id, q.name)
		st = q.qp.Write(r.id, peer.mr.VA, peer.remote, 0, sge)
	case 2:
		r.op = "NdkRead"
		w.step("%s: NdkRead #%d on %s, never connected", sideName(s), r.id, q.name)
		st = q.qp.Read(r.id, peer.mr.VA, peer.remote, 0, ndk.SGE{VirtualAddress: m.mr.VA + uint64(dpOff(dpAreaSink, 0)), Length: 16, MemoryRegionToken: m.local})
	case 3:
		r.op = "NdkBind"
		x := w.pd[s].CreateMW().MustObject()
		defer func() { x.Close().Wait() }() // not "defer x.Close().Wait()": that closes it now
		w.step("%s: NdkBind #%d on %s, never connected", sideName(s), r.id, q.name)
		st = q.qp.Bind(r.id, m.mr, x, m.mr.VA+uint64(dpOff(dpAreaTgt, 0)), dpSlot, ndk.OpFlagAllowRemoteRead)
	default:
		r.op = "NdkInvalidate"
		x := w.pd[s].CreateMW().MustObject()
		defer func() { x.Close().Wait() }() // not "defer x.Close().Wait()": that closes it now
		w.step("%s: NdkInvalidate #%d on %s, never connected", sideName(s), r.id, q.name)
		st = q.qp.InvalidateMW(r.id, x, 0)
	}
	w.note(" -> %v", st)
	r.posted = st == ndk.StatusSuccess
	if st != ndk.StatusConnectionInvalid {
		w.fail(dpFinding{rules: "QP-5", call: r.op, object: q.qp.ID(), side: sideName(s), kind: "an initiator request on a QP never connected did not return STATUS_CONNECTION_INVALID",
			expected: "STATUS_CONNECTION_INVALID for " + r.op + " on a QP that was never connected", observed: st.String()})
	}
}

// arm arms a CQ with a type drawn, after reading it empty or not.
func (w *dpWorld) arm(t *rapid.T) { w.armSide(t, rapid.IntRange(0, 1).Draw(t, "side")) }

// armSide arms side s's CQ with a type drawn: after reading it empty, or
// not (with a request posted just before, whose completion it may hold
// already: CH-9).
func (w *dpWorld) armSide(t *rapid.T, s int) {
	c := w.cq[s]
	if c.armed || !c.judge {
		t.Skip("armed already, or no longer judged")
	}
	typ := rapid.SampledFrom([]ndk.CQNotifyType{ndk.CQNotifyAny, ndk.CQNotifyErrors, ndk.CQNotifySolicited}).Draw(t, "type")
	drain := rapid.Bool().Draw(t, "read the CQ first")
	if !drain && rapid.Bool().Draw(t, "a write first") {
		cs := w.live()
		if len(cs) > 0 {
			q := rapid.SampledFrom(cs).Draw(t, "connection").qp[s]
			if w.outstanding(q, true) < dpDepth {
				w.postWrite(t, q, 0)
				time.Sleep(time.Millisecond)
			}
		}
	}
	if !drain && c.cq.Notifications() != c.drained {
		// Completions queued now may be older than the last
		// notification: CH-10 leaves the arm to the provider.
		drain = true
	}
	if drain {
		w.pollCQ(s, 16, true)
	}
	w.step("%s: NdkArmCq(%s) on %s", sideName(s), dpArmNames[typ], c.name)
	c.armed, c.typ, c.armedAt, c.armPoll, c.resized = true, typ, len(w.wrs), w.polls, false
	c.cq.Arm(typ)
}

var dpArmNames = map[ndk.CQNotifyType]string{ndk.CQNotifyAny: "ANY", ndk.CQNotifyErrors: "ERRORS", ndk.CQNotifySolicited: "SOLICITED"}

func (w *dpWorld) moderate(t *rapid.T) {
	s := rapid.IntRange(0, 1).Draw(t, "side")
	c := w.cq[s]
	interval := rapid.SampledFrom([]uint32{0, 1, 100}).Draw(t, "interval")
	count := rapid.SampledFrom([]uint32{0, 1, uint32(c.depth)}).Draw(t, "count")
	supported := w.info[s].AdapterFlags&ndk.AdapterFlagCQInterruptModerationSupported != 0
	w.step("%s: NdkControlCqInterruptModeration(%d µs, %d) on %s", sideName(s), interval, count, c.name)
	st := c.cq.ControlInterruptModeration(interval, count)
	w.note(" -> %v", st)
	f := dpFinding{call: "NdkControlCqInterruptModeration", object: c.cq.ID(), side: sideName(s), observed: st.String()}
	switch {
	case st == ndk.StatusPending:
		f.rules, f.kind, f.expected = "CQ-10", "it returned STATUS_PENDING", "never STATUS_PENDING"
		w.fail(f)
	case supported && st != ndk.StatusSuccess && st != ndk.StatusInsufficientResources:
		f.rules, f.kind, f.expected = "CQ-8", "the adapter sets the moderation flag but the call failed", "STATUS_SUCCESS or STATUS_INSUFFICIENT_RESOURCES: the adapter sets NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED"
		w.fail(f)
	case !supported && st != ndk.StatusNotSupported:
		f.rules, f.kind, f.expected = "CQ-9", "the adapter lacks the moderation flag but the call did not return STATUS_NOT_SUPPORTED", "STATUS_NOT_SUPPORTED: the adapter does not set NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED"
		w.fail(f)
	}
	if st == ndk.StatusSuccess && interval > 0 {
		c.moderated = true
	}
}

// flush flushes a QP with requests outstanding, then its peer: every
// request of both completes (those of the QP flushed first with
// STATUS_CANCELLED unless they finished before, QP-21), and the
// connection is retired.
func (w *dpWorld) flush(t *rapid.T) {
	c := w.pickConn(t, w.endable(t))
	s := rapid.IntRange(0, 1).Draw(t, "side")
	q, peer := c.qp[s], c.qp[1-s]
	if !q.srq && w.outstanding(q, false) == 0 {
		w.postReceive(t, q)
	}
	if rapid.Bool().Draw(t, "arm first") && w.cq[s].judge && !w.cq[s].armed {
		w.armSide(t, s)
	}
	w.step("%s: NdkFlush %s (%d initiator, %d receive requests outstanding)", sideName(s), q.name, w.outstanding(q, true), w.outstanding(q, false))
	q.qp.Flush()
	w.flushed(q, "QP-21")
	w.step("%s: NdkFlush %s, its peer", sideName(1-s), peer.name)
	peer.qp.Flush()
	w.flushed(peer, "")
	w.retire(c)
}

// flushed marks q's outstanding requests flushed for rule ("": any
// status).
func (w *dpWorld) flushed(q *dpQP, rule string) {
	for _, r := range w.wrs {
		if r.qp == q && r.posted && !r.done && !r.srq && r.flushed == "" && !r.anyStatus {
			if rule == "" {
				r.anyStatus = true
			} else {
				r.flushed = rule
			}
		}
	}
	if q.srq {
		w.srq.unsure = true // the SRQ's receives may be flushed with it
		for _, r := range w.srq.pending {
			r.anyStatus = true
		}
	}
}

// retire takes c out of use: its requests, and the sends and receives
// between its QPs, may end with any status from now on.
func (w *dpWorld) retire(c *dpConn) {
	c.retired = true
	for s := range 2 {
		for _, r := range c.undelivered[s] {
			r.anyStatus = true
		}
		if x := w.mw[s]; x.home == c {
			x.bound = false
		}
	}
}

// disconnect disconnects a connection with requests outstanding on a
// side: the disconnect flushes that side's QP (QP-22); the peer's QP is
// flushed after, and the connection retired.
func (w *dpWorld) disconnect(t *rapid.T) {
	c := w.pickConn(t, w.endable(t))
	s := rapid.IntRange(0, 1).Draw(t, "side")
	q, peer := c.qp[s], c.qp[1-s]
	conn := c.c.Active
	if s == 1 {
		conn = c.c.Passive
	}
	w.step("%s: NdkDisconnect %s (%d initiator, %d receive requests outstanding on %s)", sideName(s), conn.ID(), w.outstanding(q, true), w.outstanding(q, false), q.name)
	st, ok := conn.Disconnect().WaitFor(w.wait())
	if !ok {
		w.fail(dpFinding{rules: "QP-22", call: "NdkDisconnect", object: conn.ID(), side: sideName(s), kind: "NdkDisconnect did not complete",
			expected: "NdkDisconnect completes", observed: "still pending after " + w.wait().String(), costly: hangNotShrunk})
	}
	w.note(" -> %v", st)
	// A graceful disconnect flushes the QP; one that timed out may not
	// have: the consumer flushes it then.
	w.flushed(q, "QP-22 QP-21")
	for _, r := range w.wrs {
		if r.qp == q && r.flushed == "QP-22 QP-21" {
			r.anyStatus = st != ndk.StatusSuccess
		}
	}
	if st != ndk.StatusSuccess {
		q.qp.Flush()
	} else if rapid.Bool().Draw(t, "a silent send after") && w.outstanding(q, true) < dpDepth && w.freeSlots(w.mem[s], dpAreaSrc, false) > 0 {
		// The connection is closed: a send posted now fails, and
		// SILENT_SUCCESS does not hide a failure (QP-6, DS-10).
		r := w.newWR("NdkSend", ndk.OpSend, q)
		r.data = w.pattern(16)
		var sge ndk.SGE
		r.src, sge = w.source(t, q, r.data)
		r.silent, r.mustFail, r.failDue = true, "DS-10", "QP-6 DS-10"
		r.mustWhy = "it was posted after its connection's NdkDisconnect completed"
		w.step("%s: NdkSend #%d on %s (16 bytes, SILENT_SUCCESS) after the disconnect completed", sideName(s), r.id, q.name)
		if w.post(r, q.qp.Send(r.id, ndk.OpFlagSilentSuccess, sge)) {
			w.waitUntil(func() bool { return !r.done })
		}
	}
	w.step("%s: NdkFlush %s, its peer", sideName(1-s), peer.name)
	peer.qp.Flush()
	w.flushed(peer, "")
	w.retire(c)
}

func (w *dpWorld) newConnection(t *rapid.T) {
	if len(w.conns) >= dpMaxConns || (len(w.conns)+1)*2*dpDepth+dpSRQDepth > min(w.cq[0].depth, w.cq[1].depth) {
		t.Skip("enough connections")
	}
	srq := rapid.Bool().Draw(t, "over the SRQ")
	c := w.connect(srq)
	w.step("new %s: %s to %s", c.name, c.qp[0].name, c.qp[1].name)
}

// srqModify calls NdkModifySrq with a depth and threshold drawn at the
// edges.
func (w *dpWorld) srqModify(t *rapid.T) {
	if w.srq == nil {
		t.Skip("no SRQ")
	}
	w.settleSRQ()
	w.srqJudge(false)
	q := w.srq
	maxDepth := int(w.info[1].MaxSRQDepth)
	queued := len(q.pending)
	depth := rapid.SampledFrom([]int{0, q.depth, maxDepth, maxDepth + 1}).Draw(t, "depth")
	if depth != 0 && depth < queued {
		depth = 0
	}
	threshold := rapid.SampledFrom([]int{0, 1, max(queued-1, 0), queued, queued + 1}).Draw(t, "threshold")
	w.step("B: NdkModifySrq(SrqDepth %d, NotifyThreshold %d) with %d receives queued (MaxSrqDepth %d)", depth, threshold, queued, maxDepth)
	st := q.srq.Modify(uint32(depth), uint32(threshold)).Wait()
	w.note(" -> %v", st)
	f := dpFinding{rules: "SQ-3", call: "NdkModifySrq", object: q.srq.ID(), side: "B", observed: st.String()}
	switch {
	case depth > maxDepth && st == ndk.StatusSuccess:
		f.kind, f.expected = "a depth over MaxSrqDepth was accepted", fmt.Sprintf("a failure: SrqDepth %d is over MaxSrqDepth %d", depth, maxDepth)
		w.fail(f)
	case depth > maxDepth:
		return
	case st == ndk.StatusInsufficientResources && depth > q.depth:
		return
	case st != ndk.StatusSuccess:
		f.kind, f.expected = "a modify within the limits failed", fmt.Sprintf("STATUS_SUCCESS: SrqDepth %d (0 keeps the depth), at most MaxSrqDepth %d", depth, maxDepth)
		w.fail(f)
	}
	if depth == 0 {
		q.zeroDepth = true
	} else {
		q.depth = min(depth, dpSRQDepth)
	}
	if threshold == 0 {
		q.zeroSince, q.lastZero = true, true
	} else {
		q.armed, q.threshold, q.zeroSince, q.lastZero, q.fired = true, threshold, false, false, false
	}
	w.srqJudge(true)
}

// settleSRQ waits until every send to a QP over the SRQ took a receive.
func (w *dpWorld) settleSRQ() {
	if w.srq == nil || !w.srqSendWaiting() {
		return
	}
	w.step("B: wait for the sends to the SRQ's QPs to take their receives")
	w.waitUntil(w.srqSendWaiting)
}

// srqSendWaiting reports whether a send to a QP over the SRQ has not yet
// taken its receive, as far as the model saw: the receives the SRQ holds
// may then be fewer than it counts.
func (w *dpWorld) srqSendWaiting() bool {
	for _, c := range w.conns {
		if c.qp[1].srq && len(c.undelivered[0]) > 0 && !c.retired {
			return true
		}
	}
	return false
}

// srqJudge checks the SRQ's notifications once the receives it holds are
// known: due when they are below an armed threshold (SQ-2, SQ-4), none
// otherwise.
func (w *dpWorld) srqJudge(modified bool) {
	q := w.srq
	if q == nil || q.unsure {
		return
	}
	queued := len(q.pending)
	if q.armed && queued < q.threshold {
		rules, why := "SQ-2 SQ-4", fmt.Sprintf("a notification: %d receives queued, below the threshold %d", queued, q.threshold)
		if modified {
			rules, why = "SQ-4", fmt.Sprintf("a notification at once: NdkModifySrq set the threshold %d above the %d receives queued", q.threshold, queued)
		}
		if q.zeroSince {
			rules += " SQ-5"
		}
		deadline := suite.NewDeadline(w.wait())
		for len(q.srq.Notifications()) <= q.notes {
			if deadline.Passed() {
				w.fail(dpFinding{rules: rules, call: "NdkSrqNotificationCallback", object: q.srq.ID(), side: "B", kind: "an SRQ notification due did not come",
					expected: why, observed: fmt.Sprintf("none within %v", w.wait()), costly: hangNotShrunk})
			}
			time.Sleep(200 * time.Microsecond)
		}
		q.notes++
		q.armed, q.fired = false, true
	}
	if n := len(q.srq.Notifications()); n > q.notes {
		rules, why := "SQ-4", "no notification: it fired once and was not armed again"
		switch {
		case q.armed:
			rules, why = "SQ-2", fmt.Sprintf("no notification while %d receives are queued, not below the threshold %d", queued, q.threshold)
		case q.fired && q.lastZero:
			// it fired, and stays disarmed until a non-zero threshold
			// (SQ-4), which a threshold of 0 is not (SQ-5)
			rules, why = "SQ-4 SQ-5", "no notification: it fired, and the last NdkModifySrq (NotifyThreshold 0) keeps it disarmed"
		case q.lastZero:
			rules, why = "SQ-5", "no notification: the last NdkModifySrq (NotifyThreshold 0) keeps it disarmed"
		}
		w.fail(dpFinding{rules: rules, call: "NdkSrqNotificationCallback", object: q.srq.ID(), side: "B", kind: "an SRQ notification no threshold made due",
			expected: why, observed: fmt.Sprintf("%d notifications, %d due", n, q.notes)})
	}
}

// overrun fills a CQ of its own, of a depth drawn at the edge (1, 2 or
// 4), with one completion more than its depth (receives of a connection
// of their own): a notification reports STATUS_BUFFER_OVERFLOW, the CQ
// gives at most the completions queued before the overrun, and none
// after (CQ-5).
func (w *dpWorld) overrun(t *rapid.T) {
	if w.overran {
		t.Skip("one overrun a sequence")
	}
	w.overran = true
	d := rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "depth")
	cq := w.ad[0].CreateCQ(uint32(d)).MustObject()
	bcq := w.ad[1].CreateCQ(64).MustObject()
	w.extraCQs = append(w.extraCQs, cq, bcq)
	params := func(c *suite.CQ) ndk.QPParams {
		return ndk.QPParams{ReceiveCQ: c.CQ, InitiatorCQ: c.CQ, ReceiveQueueDepth: 8, InitiatorQueueDepth: 8, MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}
	}
	a := w.pd[0].CreateQPWith(params(cq), cq, cq).MustObject()
	b := w.pd[1].CreateQPWith(params(bcq), bcq, bcq).MustObject()
	qa, qb := &dpQP{qp: a, side: 0, name: "A's overrun QP"}, &dpQP{qp: b, side: 1, name: "B's overrun QP"}
	w.qps = append(w.qps, qa, qb)
	l := w.p.B.MustCreateListener()
	l.MustListen(0)
	conn := &dpConn{c: w.p.MustConnectQPs(l, a, b), qp: [2]*dpQP{qa, qb}, name: "the overrun connection", retired: true}
	w.conns = append(w.conns, conn)
	ma, mb := w.pd[0].CreateMR(false).MustObject(), w.pd[1].CreateMR(false).MustObject()
	w.extraMRs = append(w.extraMRs, ma, mb)
	suite.MustSucceed(ma.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))
	suite.MustSucceed(mb.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))
	w.step("A: a CQ of depth %d, a connection of its own: %d receives on A, %d sends of B", d, d+1, d+1)
	for i := range d + 1 {
		if st := a.Receive(fmt.Sprintf("overrun receive %d", i+1), ma.SGE(0, 64)); st != ndk.StatusSuccess {
			w.note(" (receive %d: %v)", i+1, st)
			return
		}
	}
	for i := range d + 1 {
		if st := b.Send(i, 0, mb.SGE(0, 16)); st != ndk.StatusSuccess {
			w.note(" (send %d: %v)", i+1, st)
			return
		}
	}
	f := dpFinding{rules: "CQ-5", call: "NdkCqNotificationCallback", object: cq.ID(), side: "A"}
	last := func() ndk.Status {
		sts := cq.NotificationStatuses()
		if len(sts) == 0 {
			return ndk.StatusSuccess
		}
		return sts[len(sts)-1]
	}
	deadline := suite.NewDeadline(w.wait())
	for last() != ndk.StatusBufferOverflow {
		n := cq.Notifications()
		cq.Arm(ndk.CQNotifyAny)
		for cq.Notifications() <= n && !deadline.Passed() {
			time.Sleep(200 * time.Microsecond)
		}
		if deadline.Passed() {
			f.kind, f.costly = "no notification reported the overrun", hangNotShrunk
			f.expected = fmt.Sprintf("a notification with CqStatus STATUS_BUFFER_OVERFLOW (for NdkArmCq(ANY)) once %d completions came to a CQ of depth %d", d+1, d)
			f.observed = fmt.Sprintf("notifications within %v: %v", w.wait(), cq.NotificationStatuses())
			w.fail(f)
		}
	}
	w.note(" -> STATUS_BUFFER_OVERFLOW reported")
	f.call = "NdkGetCqResultsEx"
	var got []any
	check := func() {
		for _, r := range cq.Poll() {
			got = append(got, r.RequestContext)
			id, _ := r.RequestContext.(string)
			var k int
			fmt.Sscanf(id, "overrun receive %d", &k)
			if k < 1 || k > d || len(got) > d {
				f.kind = "the overrun CQ gave a completion queued at or after the overrun"
				f.expected = fmt.Sprintf("at most the completions of the %d receives before the overrun, none of the receive that overran it or later", d)
				f.observed = fmt.Sprintf("%v", got)
				w.fail(f)
			}
		}
	}
	check()
	if a.Receive("overrun receive after", ma.SGE(0, 64)) == ndk.StatusSuccess {
		b.Send(d+1, 0, mb.SGE(0, 16))
	}
	time.Sleep(w.p.Settle())
	check()
	w.note(" -> %d completions given after it", len(got))
}

// flushRace posts receives on a QP, one about every millisecond from a
// goroutine of their own, while NdkFlush runs on it (WR-7), then flushes
// it again: every receive posted with success completes once, with
// STATUS_CANCELLED (QP-21). The peer is flushed, and the connection
// retired.
func (w *dpWorld) flushRace(t *rapid.T) {
	c := w.pickConn(t, func(c *dpConn) bool { return !c.qp[0].srq && !c.qp[1].srq })
	s := rapid.IntRange(0, 1).Draw(t, "side")
	q, peer := c.qp[s], c.qp[1-s]
	if len(c.undelivered[1-s]) > 0 {
		t.Skip("sends to the QP in flight")
	}
	n := min(dpDepth-w.outstanding(q, false), w.freeSlots(w.mem[s], dpAreaRecv, false), 4)
	if n == 0 {
		t.Skip("no room")
	}
	m := w.mem[s]
	var rs []*dpWR
	for range n {
		slot := m.alloc(dpAreaRecv, t)
		r := w.newWR("NdkReceive", ndk.OpReceive, q)
		r.off, r.n, r.landSide = dpOff(dpAreaRecv, slot), dpSlot, s
		m.loosen(r.off, dpSlot, 1)
		rs = append(rs, r)
	}
	w.step("%s: NdkReceive #%d..#%d on %s, one about every millisecond, while NdkFlush runs on it", sideName(s), rs[0].id, rs[len(rs)-1].id, q.name)
	sts := make([]ndk.Status, n)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i, r := range rs {
			sts[i] = q.qp.QP.Receive(r.id, []ndk.SGE{{VirtualAddress: m.mr.VA + uint64(r.off), Length: dpSlot, MemoryRegionToken: m.local}})
			time.Sleep(time.Millisecond)
		}
	}()
	time.Sleep(time.Millisecond)
	q.qp.Flush()
	<-done
	for i, r := range rs {
		r.posted = sts[i] == ndk.StatusSuccess
		if !r.posted {
			w.unpost(r)
		}
	}
	w.note(" -> %v", sts)
	w.step("%s: NdkFlush %s again", sideName(s), q.name)
	q.qp.Flush()
	w.flushed(q, "QP-21 WR-7")
	w.step("%s: NdkFlush %s, its peer", sideName(1-s), peer.name)
	peer.qp.Flush()
	w.flushed(peer, "")
	w.retire(c)
	w.settle()
}

// frBase is the page-aligned base of the fast registrations' virtual
// addresses (BaseVirtualAddress = FBO + n·PAGE_SIZE, MR-11).
const frBase = 0x5000_0000_0000

// fastRegister maps a buffer of side s with NdkBuildLam (first with a
// page array one page short when its first byte's offset spills into one
// more page: STATUS_BUFFER_TOO_SMALL with the pages needed, MR-20), calls
// NdkInitializeFastRegisterMr (once with FRMRPageCount+1 pages:
// STATUS_IMPLEMENTATION_LIMIT, MR-10), posts NdkFastRegister with
// ALLOW_REMOTE_READ|ALLOW_REMOTE_WRITE on a connected QP (on an MR
// initialised without RemoteAccess: STATUS_ACCESS_VIOLATION, MR-12), and
// has the peer write into it under the token NdkGetRemoteTokenFromMr gave
// (MR-13); NdkInvalidate of the MR ends it.
func (w *dpWorld) fastRegister(t *rapid.T) {
	c := w.pickConn(t, func(*dpConn) bool { return true })
	s := rapid.IntRange(0, 1).Draw(t, "side")
	q, peer := c.qp[s], c.qp[1-s]
	if w.outstanding(q, true)+2 > dpDepth || w.outstanding(peer, true) >= dpDepth || w.freeSlots(w.mem[1-s], dpAreaSrc, false) == 0 {
		t.Skip("no room")
	}
	a := w.ad[s]
	pages := rapid.IntRange(1, 3).Draw(t, "pages")
	fbo := rapid.SampledFrom([]int{0, 1, ndk.PageSize - 1}).Draw(t, "first byte offset")
	big := make([]byte, (pages+2)*ndk.PageSize)
	buf := big[fbo : fbo+pages*ndk.PageSize]
	for i := range buf {
		buf[i] = byte(i*13 + 7)
	}
	short := &ndk.LAM{Pages: make([]uint64, pages)}
	w.step("%s: NdkBuildLam of %d bytes (offset %d in its page) with %d page entries", sideName(s), len(buf), fbo, pages)
	st := a.BuildLAM(buf, short).Wait()
	w.note(" -> %v (PageCount %d)", st, short.PageCount)
	switch st {
	case ndk.StatusSuccess:
		a.ReleaseLAM(short)
	case ndk.StatusBufferTooSmall:
	default:
		t.Skip("no mapping") // STATUS_INSUFFICIENT_RESOURCES, which it may return
	}
	lam := &ndk.LAM{Pages: make([]uint64, pages+2)}
	st2 := a.BuildLAM(buf, lam).Wait()
	w.note("; with %d entries -> %v (PageCount %d, FBO %d)", len(lam.Pages), st2, lam.PageCount, lam.FBO)
	if st2 != ndk.StatusSuccess {
		t.Skip("no mapping")
	}
	w.lams, w.lamSide = append(w.lams, lam), append(w.lamSide, s)
	// The bytes are the provider's once the buffer is mapped: through an
	// agent only a mapped buffer has a copy there to write.
	suite.PushMemory(buf)
	if st == ndk.StatusBufferTooSmall && short.PageCount != lam.PageCount {
		w.fail(dpFinding{rules: "MR-20", call: "NdkBuildLam", object: "adapter", side: sideName(s), kind: "STATUS_BUFFER_TOO_SMALL asked for another page count than the mapping needs",
			expected: fmt.Sprintf("PageCount %d, the pages the mapping takes (FBO %d)", lam.PageCount, lam.FBO), observed: fmt.Sprint(short.PageCount)})
	}
	n := int(lam.PageCount)
	mr := w.pd[s].CreateMR(true).MustObject()
	w.extraMRs = append(w.extraMRs, mr)
	if limit := int(w.info[s].FRMRPageCount); rapid.Bool().Draw(t, "one page past FRMRPageCount first") {
		w.step("%s: NdkInitializeFastRegisterMr(%d pages: FRMRPageCount %d + 1)", sideName(s), limit+1, limit)
		st := mr.InitializeFastRegisterMR(uint32(limit+1), true).Wait()
		w.note(" -> %v", st)
		if st != ndk.StatusImplementationLimit {
			w.fail(dpFinding{rules: "MR-10", call: "NdkInitializeFastRegisterMr", object: mr.ID(), side: sideName(s), kind: "an AdapterPageCount past FRMRPageCount did not fail with STATUS_IMPLEMENTATION_LIMIT",
				expected: fmt.Sprintf("STATUS_IMPLEMENTATION_LIMIT for %d pages, FRMRPageCount %d", limit+1, limit), observed: st.String()})
		}
	}
	remote := rapid.IntRange(0, 3).Draw(t, "without RemoteAccess") > 0
	w.step("%s: NdkInitializeFastRegisterMr(%d pages, RemoteAccess %v)", sideName(s), n, remote)
	if st := mr.InitializeFastRegisterMR(uint32(n), remote).Wait(); st != ndk.StatusSuccess {
		w.note(" -> %v", st)
		t.Skip("not initialised")
	}
	base := uint64(frBase + int(lam.FBO))
	length := min(len(buf), n*ndk.PageSize-int(lam.FBO)) // the buffer; MR-11: at most AdapterPageCount·PAGE_SIZE − FBO
	if !remote {
		w.doomed(c)
	}
	r := w.newWR("NdkFastRegister", ndk.OpFastRegister, q)
	fl := uint32(ndk.OpFlagAllowRemoteRead | ndk.OpFlagAllowRemoteWrite | ndk.OpFlagAllowLocalWrite)
	w.step("%s: NdkFastRegister #%d on %s: %d pages, %d bytes at %#x (%s)", sideName(s), r.id, q.name, n, length, base, opFlagNames(fl))
	st = q.qp.FastRegister(r.id, mr, lam.Pages[:n], lam.FBO, uint64(length), base, fl)
	w.note(" -> %v", st)
	if !remote {
		// MR-12: it fails, inline or in its completion; the connection
		// is ended after.
		r.posted, r.mustFail, r.mustWhy = st == ndk.StatusSuccess, "MR-12", "the MR was initialised without RemoteAccess"
		if st == ndk.StatusSuccess {
			w.waitUntil(func() bool { return !r.done })
		}
		if st == ndk.StatusSuccess && r.frStatus == ndk.StatusSuccess || st != ndk.StatusSuccess && st != ndk.StatusAccessViolation {
			got := st
			if st == ndk.StatusSuccess {
				got = r.frStatus
			}
			w.fail(dpFinding{rules: "MR-12", call: "NdkFastRegister", object: q.qp.ID(), side: sideName(s), kind: "NdkFastRegister with remote rights on an MR initialised without RemoteAccess did not fail with STATUS_ACCESS_VIOLATION",
				expected: "STATUS_ACCESS_VIOLATION, inline or in its completion", observed: got.String()})
		}
		w.endConn(c)
		return
	}
	_, token := mr.Tokens()
	if !w.post(r, st) {
		return
	}
	w.waitUntil(func() bool { return !r.done })
	if r.frStatus != ndk.StatusSuccess {
		w.fail(dpFinding{rules: "MR-13", call: "NdkFastRegister", object: q.qp.ID(), side: sideName(s), kind: "NdkFastRegister failed",
			expected: "STATUS_SUCCESS (a step the model needs)", observed: r.frStatus.String()})
	}
	// The peer writes at the first or the last bytes.
	wn := rapid.SampledFrom([]int{1, 64}).Draw(t, "write length")
	off := rapid.SampledFrom([]int{0, length - wn}).Draw(t, "write offset")
	x := w.newWR("NdkWrite", ndk.OpWrite, peer)
	x.data, x.ext, x.off, x.n = w.pattern(wn), buf, off, wn
	var sge ndk.SGE
	x.src, sge = w.source(t, peer, x.data)
	w.step("%s: NdkWrite #%d on %s: %d bytes at offset %d of the fast-registered buffer under the token NdkGetRemoteTokenFromMr gave (%#x)", sideName(1-s), x.id, peer.name, wn, off, token)
	if w.post(x, peer.qp.Write(x.id, base+uint64(off), token, 0, sge)) {
		w.waitUntil(func() bool { return !x.done })
	}
	if w.outstanding(q, true) < dpDepth {
		v := w.newWR("NdkInvalidate", ndk.OpInvalidate, q)
		v.fr = true
		w.step("%s: NdkInvalidate #%d on %s: the fast-registered MR", sideName(s), v.id, q.name)
		if w.post(v, q.qp.QP.Invalidate(v.id, mr.MR, 0)) {
			w.waitUntil(func() bool { return !v.done })
		}
	}
}

// endable keeps the connections a move that ends one may pick: mostly
// those without the SRQ (ending one over the SRQ leaves the SRQ's
// receives and notifications unjudged for the rest of the sequence).
func (w *dpWorld) endable(t *rapid.T) func(*dpConn) bool {
	any := rapid.IntRange(0, 3).Draw(t, "over the SRQ too") == 0
	return func(c *dpConn) bool { return any || !c.qp[1].srq }
}

// doomed marks what is outstanding on c's QPs free to end with any
// status: a request about to fail may end the connection (what follows a
// failed request is left open by the pages).
func (w *dpWorld) doomed(c *dpConn) {
	for s := range 2 {
		w.flushed(c.qp[s], "")
	}
}

// endConn flushes both QPs of c and retires it (after a request that
// failed, which may have ended it).
func (w *dpWorld) endConn(c *dpConn) {
	w.step("NdkFlush %s and %s", c.qp[0].name, c.qp[1].name)
	for s := range 2 {
		c.qp[s].qp.Flush()
		w.flushed(c.qp[s], "")
	}
	w.retire(c)
}

// deniedWrite posts a silent NdkWrite under a token the peer never gave:
// it fails, and its failure completes although it is silent (QP-6); no
// byte of the peer's region changes (MR-16). The connection is ended
// after.
func (w *dpWorld) deniedWrite(t *rapid.T) {
	c := w.pickConn(t, w.endable(t))
	q := w.initiatorQP(t, c, 1)
	pm := w.mem[1-q.side]
	slot := -1
	for i := range dpSlots {
		if !pm.busy[dpAreaTgt][i] && len(pm.readers[i]) == 0 {
			slot = i
			break
		}
	}
	if slot < 0 || w.freeSlots(w.mem[q.side], dpAreaSrc, false) == 0 {
		t.Skip("no room")
	}
	r := w.newWR("NdkWrite", ndk.OpWrite, q)
	r.data = w.pattern(16)
	var sge ndk.SGE
	r.src, sge = w.source(t, q, r.data)
	token := pm.remote ^ 0x5a5a5a5a
	r.silent, r.failDue, r.mustFail = true, "QP-6", "MR-16"
	r.mustWhy = fmt.Sprintf("its token, %#x, is none %s gave", token, sideName(1-q.side))
	w.doomed(c)
	w.step("%s: NdkWrite #%d on %s: 16 bytes to %s's offset %d under a token it never gave (SILENT_SUCCESS)", sideName(q.side), r.id, q.name, sideName(1-q.side), dpOff(dpAreaTgt, slot))
	if w.post(r, q.qp.Write(r.id, pm.mr.VA+uint64(dpOff(dpAreaTgt, slot)), token, ndk.OpFlagSilentSuccess, sge)) {
		w.waitUntil(func() bool { return !r.done })
	}
	w.endConn(c)
}

// bulkFence reads the peer's bulk area (512 KiB, or MaxTransferLength: in
// flight a while) into the bulk sink and at once writes with
// NDK_OP_FLAG_READ_FENCE into the bytes it reads: the read gets the bytes
// from before the write (QP-7).
func (w *dpWorld) bulkFence(t *rapid.T, q *dpQP) {
	m, pm := w.mem[q.side], w.mem[1-q.side]
	if m.bulkUsers > 0 || pm.bulkUsers > 0 || w.freeSlots(m, dpAreaSrc, false) == 0 {
		t.Skip("the bulk regions are in use")
	}
	for s := range 2 {
		if w.mem[s].bulk == nil {
			// Every byte set, and the sink's byte at dpBulk+j unlike
			// the peer's source byte at j for every j (they differ by
			// 0x80): a byte a read or write never lands shows.
			b := make([]byte, 2*dpBulk)
			for i := range b {
				b[i] = byte(i + 3*(i>>8) + 0x80*s + 1)
			}
			mr := w.pd[s].CreateMR(false).MustObject()
			flags := uint32(ndk.MRFlagAllowLocalWrite | ndk.MRFlagAllowRemoteRead | ndk.MRFlagAllowRemoteWrite | ndk.MRFlagRDMAReadSink)
			suite.MustSucceed(mr.Register(b, flags))
			w.mem[s].bulk, w.mem[s].bulkWant = mr, slices.Clone(b)
		}
	}
	r := w.newWR("NdkRead", ndk.OpRead, q)
	// The length, by the request's number (no draw): the bulk area (or
	// MaxTransferLength), or 3/8 of it, less up to 4092 bytes, so that
	// it is seldom a multiple of a page or of the pieces a provider may
	// land a long transfer in, and some reads are between a quarter and a
	// half of the area.
	n := min(dpBulk, int(w.info[q.side].MaxTransferLength))
	if n >= 64<<10 {
		if r.id%2 == 1 {
			n = n * 3 / 8
		}
		n -= r.id % 4093
	}
	r.bulk, r.landSide, r.off, r.n = true, q.side, dpBulk, n
	r.data = slices.Clone(pm.bulkWant[:n])
	m.bulkUsers++
	pm.bulkUsers++
	w.step("%s: NdkRead #%d on %s: %d bytes of %s's bulk region into its own", sideName(q.side), r.id, q.name, n, sideName(1-q.side))
	_, rtoken := pm.bulk.Tokens()
	if !w.post(r, q.qp.Read(r.id, pm.bulk.VA, rtoken, 0, m.bulk.SGE(dpBulk, n))) {
		return
	}
	wn := rapid.SampledFrom([]int{1, dpSlot}).Draw(t, "write length")
	off := rapid.IntRange(0, n-wn).Draw(t, "write offset")
	x := w.newWR("NdkWrite", ndk.OpWrite, q)
	x.bulk, x.landSide, x.off, x.n = true, 1-q.side, off, wn
	x.data = w.pattern(wn)
	x.fenceReads = []*dpWR{r}
	var sge ndk.SGE
	x.src, sge = w.source(t, q, x.data)
	pm.bulkUsers++
	_, token := pm.bulk.Tokens()
	w.step("%s: NdkWrite #%d on %s: %d bytes at offset %d of %s's bulk region, which #%d reads (READ_FENCE)", sideName(q.side), x.id, q.name, wn, off, sideName(1-q.side), r.id)
	w.post(x, q.qp.Write(x.id, pm.bulk.VA+uint64(off), token, ndk.OpFlagReadFence, sge))
}

// pollFor reads the CQs, and checks the memory and notifications, until
// done says so or d passed.
func (w *dpWorld) pollFor(d time.Duration, done func() bool) {
	end := time.Now().Add(d)
	for {
		w.poll(16, true)
		w.checkMemory()
		w.checkNotifications()
		if done() || time.Now().After(end) {
			return
		}
		time.Sleep(200 * time.Microsecond)
	}
}

// smallReceive posts a receive of k bytes (1 to dpSlot-1) on a QP with
// no receive outstanding and no send coming to it, then a send of more
// than k bytes (up to dpSlot) from its peer. The pages say nothing of a
// receive too small for its send: every status passes on both sides, and
// the connection is ended after (it may break). What is still checked:
// each completes once (QP-4; the flush may cancel them), no byte of the
// receive's slot past its SGE changes (MR-16), and a receive that
// succeeds reports at most k bytes, the send's first ones (QP-13).
func (w *dpWorld) smallReceive(t *rapid.T) {
	c := w.pickConn(t, w.endable(t))
	s := rapid.IntRange(0, 1).Draw(t, "receiving side")
	q, peer := c.qp[s], c.qp[1-s]
	if q.srq || w.outstanding(q, false) > 0 || len(c.undelivered[1-s]) > 0 || w.outstanding(peer, true) >= dpDepth ||
		w.freeSlots(w.mem[s], dpAreaRecv, false) == 0 || w.freeSlots(w.mem[1-s], dpAreaSrc, false) == 0 {
		t.Skip("no room")
	}
	k := rapid.SampledFrom([]int{1, 2, 17, dpSlot - 1}).Draw(t, "receive length")
	n := rapid.SampledFrom([]int{k + 1, dpSlot}).Draw(t, "send length")
	// What is outstanding on the connection may end with any status: the
	// provider may break the connection.
	w.doomed(c)
	m := w.mem[s]
	slot := m.alloc(dpAreaRecv, t)
	r := w.newWR("NdkReceive", ndk.OpReceive, q)
	r.off, r.n, r.landSide, r.small, r.anyStatus = dpOff(dpAreaRecv, slot), k, s, true, true
	m.loosen(r.off, k, 1)
	w.step("%s: NdkReceive #%d on %s (%d bytes of a %d-byte slot)", sideName(s), r.id, q.name, k, dpSlot)
	if !w.post(r, q.qp.Receive(r.id, ndk.SGE{VirtualAddress: m.mr.VA + uint64(r.off), Length: uint32(k), MemoryRegionToken: m.local})) {
		w.endConn(c)
		return
	}
	x, sgl, fl := w.edgeSend(t, peer, n, false)
	w.step("%s: NdkSend #%d on %s (%d bytes, %s) to the %d-byte receive", sideName(1-s), x.id, peer.name, n, opFlagNames(fl), k)
	if w.post(x, peer.qp.Send(x.id, fl, sgl...)) {
		c.undelivered[1-s] = append(c.undelivered[1-s], x)
	}
	w.pollFor(w.p.Settle(), func() bool { return r.done && (x.done || !x.posted) })
	w.note(" -> receive: %s, send: %s", dpOutcome(r), dpOutcome(x))
	w.endConn(c)
	w.waitUntil(func() bool { return !r.done || x.posted && !x.done })
}

// dpOutcome says how a request ended, for the steps.
func dpOutcome(r *dpWR) string {
	switch {
	case !r.posted:
		return "not posted"
	case !r.done:
		return "not completed yet"
	}
	return r.status.String()
}

// noReceive posts an NdkSend to a QP with no receive waiting, reads the
// CQs for about 20 ms, then posts the peer's receive. The pages leave it
// to the provider: the send may wait for the receive (then both succeed)
// or fail with any status (a finite RNR retry; the connection is ended
// then, and what was outstanding on it may end with any status). A send
// that completes with STATUS_SUCCESS delivered its bytes to the receive
// (QP-4), and each completes once. A peer QP over the SRQ is sent to when
// the SRQ holds no receive; the receive is then posted on the SRQ.
func (w *dpWorld) noReceive(t *rapid.T) {
	c := w.pickConn(t, w.endable(t))
	w.sendNoReceive(t, c, rapid.IntRange(0, 1).Draw(t, "sending side"))
}

// srqNoReceive is noReceive to a QP over the SRQ, when the SRQ holds no
// receive (a move of its own: noReceive rarely meets an empty SRQ).
func (w *dpWorld) srqNoReceive(t *rapid.T) {
	if w.srq == nil {
		t.Skip("no SRQ")
	}
	c := w.pickConn(t, func(c *dpConn) bool { return c.qp[1].srq })
	w.sendNoReceive(t, c, 0)
}

// sendNoReceive is noReceive's send from side s of c.
func (w *dpWorld) sendNoReceive(t *rapid.T, c *dpConn, s int) {
	q, peer := c.qp[s], c.qp[1-s]
	if w.outstanding(peer, false) > 0 || len(c.undelivered[s]) > 0 || w.outstanding(q, true) >= dpDepth ||
		w.freeSlots(w.mem[s], dpAreaSrc, false) == 0 || w.freeSlots(w.mem[1-s], dpAreaRecv, false) == 0 {
		t.Skip("no room")
	}
	if peer.srq {
		// The peer takes its receives from the SRQ: none may be queued
		// there, and no other send may wait for one (the receive posted
		// below must be this send's).
		w.settleSRQ()
		if len(w.srq.pending) > 0 || w.srq.depth == 0 {
			t.Skip("receives queued on the SRQ")
		}
	}
	// A send that fails may end the connection: what is outstanding on
	// it may end with any status until the send succeeded.
	var doomed []*dpWR
	for _, r := range w.wrs {
		if (r.qp == q || r.qp == peer) && r.posted && !r.done && !r.srq && r.flushed == "" && !r.anyStatus {
			r.anyStatus = true
			doomed = append(doomed, r)
		}
	}
	spared := func() {
		for _, r := range doomed {
			if !r.done {
				r.anyStatus = false
			}
		}
	}
	lengths := []int{1, 17, dpSlot}
	if peer.srq {
		// A receive of the SRQ is matched with its send by the send's
		// first four bytes, its ID.
		lengths[0] = 4
	}
	n := rapid.SampledFrom(lengths).Draw(t, "send length")
	x, sgl, fl := w.edgeSend(t, q, n, true)
	w.step("%s: NdkSend #%d on %s (%d bytes, %s), no receive waiting at %s", sideName(s), x.id, q.name, n, opFlagNames(fl), peer.name)
	if !w.post(x, q.qp.Send(x.id, fl, sgl...)) {
		spared()
		return
	}
	c.undelivered[s] = append(c.undelivered[s], x)
	w.step("read the CQs for 20 ms")
	w.pollFor(20*time.Millisecond, func() bool { return x.done })
	w.note(" -> the send: %s", dpOutcome(x))
	if x.done && x.status != ndk.StatusSuccess {
		w.endConn(c)
		return
	}
	if peer.srq {
		w.postSRQReceive(t)
	} else {
		w.postReceive(t, peer)
	}
	r := w.wrs[len(w.wrs)-1]
	if !r.posted {
		w.endConn(c)
		return
	}
	pending := func() bool { return !x.done || x.status == ndk.StatusSuccess && x.deliveredTo == nil }
	w.pollFor(w.wait(), func() bool { return !pending() })
	if pending() {
		f := dpFinding{rules: "QP-4", call: "NdkSend", object: q.qp.ID(), side: sideName(s), kind: "a send posted with no receive waiting never reached the receive posted after it",
			expected: fmt.Sprintf("the completion of %s with the %d bytes of %s, or a failure of the send", r.what(), n, x.what()), costly: hangNotShrunk}
		f.observed = fmt.Sprintf("within %v: the send %s, the receive %s", w.wait(), dpOutcome(x), dpOutcome(r))
		if x.done {
			f.kind = "a send completed with STATUS_SUCCESS but its bytes reached no receive"
		}
		w.fail(f)
	}
	if x.status != ndk.StatusSuccess {
		w.endConn(c)
		return
	}
	spared()
}

// resize calls NdkResizeCq on a side's CQ, where the adapter sets
// NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED (AI-2), with up to three writes'
// completions queued: to the depth the model's connections need (or the
// completions it may hold, if more), one more, its depth, MaxCqDepth
// (not failed with STATUS_INVALID_PARAMETER, CQ-15) or one past it
// (STATUS_INVALID_PARAMETER, CQ-15). After a resize that succeeded the
// completions queued still come, once (CQ-16), and the model holds the
// CQ to its new depth.
func (w *dpWorld) resize(t *rapid.T) {
	s := rapid.IntRange(0, 1).Draw(t, "side")
	if w.info[s].AdapterFlags&ndk.AdapterFlagCQResizeSupported == 0 {
		t.Skip("the adapter does not set NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED (AI-2)")
	}
	c := w.cq[s]
	maxDepth := int(w.info[s].MaxCQDepth)
	for range rapid.IntRange(0, 3).Draw(t, "writes queued first") {
		cs := slices.DeleteFunc(w.live(), func(x *dpConn) bool {
			return w.outstanding(x.qp[s], true) >= dpDepth || w.freeSlots(w.mem[1-s], dpAreaTgt, true) == 0 || w.freeSlots(w.mem[s], dpAreaSrc, false) == 0
		})
		if len(cs) == 0 {
			break
		}
		w.postWrite(t, rapid.SampledFrom(cs).Draw(t, "connection").qp[s], 0)
	}
	time.Sleep(time.Millisecond)
	held := 0
	for _, r := range w.wrs {
		if r.posted && !r.done && r.qp.cq == c {
			held++
		}
	}
	need := max(held, len(w.conns)*2*dpDepth+dpSRQDepth)
	if need > maxDepth {
		t.Skip("no depth between what the CQ may hold and MaxCqDepth")
	}
	depths := []int{need, c.depth, maxDepth, maxDepth + 1}
	if need < maxDepth {
		depths = append(depths, need+1)
	}
	depth := rapid.SampledFrom(depths).Draw(t, "depth")
	for _, r := range w.wrs {
		if r.posted && !r.done && (r.qp.cq == c || (r.op == "NdkSend" || r.op == "NdkSendAndInvalidate") && r.qp.conn != nil && r.qp.conn.qp[1-r.qp.side].cq == c) {
			r.resized = true
		}
	}
	w.step("%s: NdkResizeCq(%d) on %s (depth %d, MaxCqDepth %d; %d requests outstanding on it)", sideName(s), depth, c.name, c.depth, maxDepth, held)
	st := c.cq.Resize(uint32(depth)).Wait()
	w.note(" -> %v", st)
	f := dpFinding{rules: "CQ-15", call: "NdkResizeCq", object: c.cq.ID(), side: sideName(s), observed: st.String()}
	switch {
	case depth > maxDepth && st != ndk.StatusInvalidParameter:
		f.kind, f.expected = "a CqDepth past MaxCqDepth was not failed with STATUS_INVALID_PARAMETER", fmt.Sprintf("STATUS_INVALID_PARAMETER: CqDepth %d, MaxCqDepth %d", depth, maxDepth)
		w.fail(f)
	case depth == maxDepth && st == ndk.StatusInvalidParameter:
		f.kind, f.expected = "a CqDepth of MaxCqDepth failed with STATUS_INVALID_PARAMETER", fmt.Sprintf("no STATUS_INVALID_PARAMETER: CqDepth %d is MaxCqDepth", depth)
		w.fail(f)
	case st == ndk.StatusSuccess:
		// Other failures (STATUS_INSUFFICIENT_RESOURCES, or what the
		// page's "other status codes" leave open) keep the depth.
		c.depth = depth
		c.resized = c.resized || held > 0
	}
	w.settle()
}

// closeWindow closes a side's bound MW (NdkCloseObject), then has the
// peer write under its old token into the range it was bound to: the
// token is no longer valid, so the write fails and no byte moves
// (MR-16). A failed access may end the connection: it is ended after. A
// new MW takes the closed one's place for later binds.
func (w *dpWorld) closeWindow(t *rapid.T) {
	s := rapid.IntRange(0, 1).Draw(t, "side")
	x := w.mw[s]
	if x.busy || !x.bound || x.home == nil || x.home.retired {
		t.Skip("the window is not bound, or busy")
	}
	for _, r := range w.wrs {
		if r.posted && !r.done && (r.op == "NdkWrite" || r.op == "NdkRead") && r.qp.side != s {
			// An access in flight might be through the window.
			t.Skip("accesses in flight")
		}
	}
	c := x.home
	q := c.qp[1-s]
	m := w.mem[s]
	slot := -1
	for i := (x.off - dpOff(dpAreaTgt, 0)) / dpSlot; i < (x.off+x.n-dpOff(dpAreaTgt, 0))/dpSlot; i++ {
		if !m.busy[dpAreaTgt][i] && len(m.readers[i]) == 0 {
			slot = i
			break
		}
	}
	if slot < 0 || w.outstanding(q, true) >= dpDepth || w.freeSlots(w.mem[1-s], dpAreaSrc, false) == 0 {
		t.Skip("no room")
	}
	w.step("%s: NdkCloseObject %s, bound to [%d, %d) of its MR (token %#x)", sideName(s), x.name, x.off, x.off+x.n, x.token)
	st := x.mw.Close().Wait()
	w.note(" -> %v", st)
	w.mw[s] = &dpMW{mw: w.pd[s].CreateMW().MustObject(), name: fmt.Sprintf("%s's MW (new)", sideName(s)), side: s}
	n := rapid.SampledFrom([]int{1, 16, dpSlot}).Draw(t, "length")
	off := dpOff(dpAreaTgt, slot) + rapid.IntRange(0, dpSlot-n).Draw(t, "offset in slot")
	r := w.newWR("NdkWrite", ndk.OpWrite, q)
	r.data = w.pattern(n)
	var sge ndk.SGE
	r.src, sge = w.source(t, q, r.data)
	r.mustFail, r.mustWhy = "MR-16", fmt.Sprintf("its token, %#x, is that of %s, closed", x.token, x.name)
	w.doomed(c)
	w.step("%s: NdkWrite #%d on %s: %d bytes to %s's offset %d under the closed window's token %#x", sideName(1-s), r.id, q.name, n, sideName(s), off, x.token)
	if w.post(r, q.qp.Write(r.id, m.mr.VA+uint64(off), x.token, 0, sge)) {
		w.waitUntil(func() bool { return !r.done })
	}
	w.endConn(c)
}

// readOnlyBy says whether every outstanding read of target slot slot of
// m is q's: a write with NDK_OP_FLAG_READ_FENCE on q may then go over it
// (the fence orders q's reads only).
func readOnlyBy(m *dpMem, slot int, q *dpQP) bool {
	for _, r := range m.readers[slot] {
		if r.qp != q {
			return false
		}
	}
	return true
}

// edgeSend makes the send of an edge move on q: n bytes of a pattern (its
// first four the request's ID when stamp and n allows), INLINE or not,
// SEND_AND_SOLICIT_EVENT or not, any status allowed; it returns the
// request, its SGEs and its flags, not posted.
func (w *dpWorld) edgeSend(t *rapid.T, q *dpQP, n int, stamp bool) (*dpWR, []ndk.SGE, uint32) {
	x := w.newWR("NdkSend", ndk.OpSend, q)
	x.anyStatus = true
	x.data = w.pattern(n)
	if stamp && n >= 4 {
		binary.LittleEndian.PutUint32(x.data, uint32(x.id))
	}
	var sge ndk.SGE
	x.src, sge = w.source(t, q, x.data)
	sgl, fl := w.inline(t, q, []ndk.SGE{sge}, n)
	x.inline = fl&ndk.OpFlagInline != 0
	if rapid.Bool().Draw(t, "solicit") {
		fl |= ndk.OpFlagSendAndSolicitEvent
	}
	x.solicit = fl&ndk.OpFlagSendAndSolicitEvent != 0
	return x, sgl, fl
}
