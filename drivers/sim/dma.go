package sim

import (
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// dmaSlack is how far in the future a transfer may end and still be
// carried out at once: transfers this short (dmaSlack at the link rate, 50
// KB at 1 GB/s) complete before the post returns when the QP's DMA engine is
// idle, so that small requests cost no timer.
const dmaSlack = 50 * time.Microsecond

// The DMA engine of a QP. Every initiator request, when it executes (at its
// post, or when the requests held by NDK_OP_FLAG_DEFER are released), takes
// its turn on the engine of its QP, in posting order: Send, Write and Read
// move their bytes in len/link-rate, the other requests take no time. A
// request takes effect (the target memory is written, the send arrives at
// the peer, the completion is queued) when its transfer ends; until then it
// is in flight. A transfer that ends within dmaSlack of now on an idle
// engine is carried out at once.
//
// A Write or Read of more than the fabric's dmaChunk bytes (option
// dma-chunk) lands its bytes in chunks of dmaChunk (at most maxChunks
// chunks: a larger transfer lands in larger ones), spread evenly over its
// transfer, in ascending order (the adapter sets
// NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED, AI-4), one chunk a timer tick
// and at least a chunk's time after the one before (a late timer delays
// the rest of the transfer, as a stalled link would):
// between two chunks the fabric's lock is free, so that another QP's Read
// of the target sees it partly written, as on a real link. The request
// completes when its last chunk lands.

// maxChunks is how many chunks a transfer lands in at most (larger ones
// land in larger chunks): every chunk costs a timer tick, and a late tick
// delays the rest of the transfer.
const maxChunks = 8

// xferBytes is how many bytes w moves over the link.
func xferBytes(w *wr) uint64 {
	switch w.op {
	case ndk.OpSend, ndk.OpWrite, ndk.OpRead:
		return sgeBytes(w.sgl)
	}
	return 0
}

// startLocked puts w on q's DMA engine.
func (f *fabric) startLocked(q *qp, w *wr) {
	// VARIANT fence-ignored (breaks QP-7): a fenced Write jumps the
	// transfers in flight.
	if f.variant == VariantFenceIgnored && w.op == ndk.OpWrite && w.flags&ndk.OpFlagReadFence != 0 && len(q.dma) > 0 {
		f.execLocked(q, w)
		return
	}
	now := time.Now()
	start := now
	if q.busyUntil.After(start) {
		start = q.busyUntil
	}
	end := start
	if n := xferBytes(w); n > 0 && f.linkRate > 0 {
		end = start.Add(time.Duration(float64(n) / float64(f.linkRate) * float64(time.Second)))
	}
	q.busyUntil = end
	if n := xferBytes(w); f.dmaChunk > 0 && f.linkRate > 0 && (w.op == ndk.OpWrite || w.op == ndk.OpRead) && n > uint64(f.dmaChunk) {
		w.start, w.end = start, end
		w.chunks = int(min((n+uint64(f.dmaChunk)-1)/uint64(f.dmaChunk), maxChunks))
		w.nextAt = w.chunkDue(0)
		q.dma = append(q.dma, w)
		f.armDMALocked(q)
		return
	}
	if len(q.dma) == 0 && !end.After(now.Add(dmaSlack)) {
		f.execLocked(q, w)
		return
	}
	w.end = end
	q.dma = append(q.dma, w)
	f.armDMALocked(q)
}

// armDMALocked sets q's timer for the end of the transfer at the head of
// its engine, unless one is set.
func (f *fabric) armDMALocked(q *qp) {
	if q.timerSet || len(q.dma) == 0 {
		return
	}
	q.timerSet = true
	gen := q.timerGen
	time.AfterFunc(time.Until(q.dma[0].nextDue()), func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		if q.timerGen != gen {
			return // the engine was emptied since: a newer timer is in charge
		}
		q.timerSet = false
		f.dmaTickLocked(q)
	})
}

// dmaTickLocked carries out the transfers of q that have ended.
func (f *fabric) dmaTickLocked(q *qp) {
	due := time.Now().Add(dmaSlack)
	for len(q.dma) > 0 && !q.dma[0].nextDue().After(due) {
		w := q.dma[0]
		if w.chunks > 0 && !f.landChunkLocked(q, w) {
			break // one chunk a tick: the next one after the lock was free
		}
		q.dma = q.dma[1:]
		if w.chunks == 0 {
			f.execLocked(q, w)
		}
	}
	if len(q.dma) > 0 {
		f.armDMALocked(q)
		return
	}
	q.dma = nil
	f.dmaIdleLocked(q)
}

// nextDue is when the next step of w, in flight, is due: its end, or the
// landing of its next chunk.
func (w *wr) nextDue() time.Time {
	if w.chunks == 0 {
		return w.end
	}
	return w.nextAt
}

// chunkDue is when chunk k of the chunked transfer w lands on schedule.
func (w *wr) chunkDue(k int) time.Time {
	return w.start.Add(w.end.Sub(w.start) * time.Duration(k+1) / time.Duration(w.chunks))
}

// landChunkLocked lands the next chunk of the chunked transfer w at the
// head of q's engine and reports whether w is done: its last chunk landed,
// or a chunk failed (the transfer then ends with that status, its earlier
// chunks landed). A done transfer is completed.
func (f *fabric) landChunkLocked(q *qp, w *wr) bool {
	total := int(xferBytes(w))
	size := (total + w.chunks - 1) / w.chunks
	k := f.chunkOrder(w, w.landed)
	off := k * size
	n := min(size, total-off)
	var st ndk.Status
	if w.op == ndk.OpWrite {
		st = q.writeSpanLocked(w, off, n)
	} else {
		st = q.readSpanLocked(w, off, n)
	}
	w.landed++
	if st != ndk.StatusSuccess || w.landed == w.chunks {
		q.completeLocked(w, st)
		return true
	}
	// A chunk that lands late (a late timer) does not let the next one
	// follow at once: chunks land at least a chunk's time apart, as on a
	// link that stalled, so that the landing stays observable.
	w.nextAt = w.chunkDue(w.landed)
	if gap := time.Now().Add(w.end.Sub(w.start) / time.Duration(w.chunks)); gap.After(w.nextAt) {
		w.nextAt = gap
	}
	return false
}

// endDMALocked ends every transfer in flight on q: each completes with st
// and takes no further effect (a chunked one keeps the chunks it landed). The engine is idle afterwards; the caller runs
// dmaIdleLocked if it reports that something was in flight.
func (f *fabric) endDMALocked(q *qp, st ndk.Status) bool {
	ws := q.dma
	q.dma = nil
	q.busyUntil = time.Time{}
	q.timerGen++
	q.timerSet = false
	for _, w := range ws {
		q.completeLocked(w, st)
	}
	return len(ws) > 0
}

// dmaIdleLocked runs when q's engine has nothing in flight any more: the
// connection management messages its connector held back go out, and a
// pending Disconnect may complete (DS-5).
func (f *fabric) dmaIdleLocked(q *qp) {
	if c := q.owner; c != nil {
		f.pumpLocked(c)
		f.maybeFinishDisconnectLocked(c)
	}
}

// dmaIdle reports whether nothing is in flight on q's engine. For the
// completion of a Disconnect, VARIANT hang-with-outstanding also counts the
// sends waiting for a receive and the held requests.
func (f *fabric) dmaIdle(q *qp, forDisconnect bool) bool {
	if q == nil {
		return true
	}
	// VARIANT hang-with-outstanding (breaks DS-12): a Disconnect waits for
	// every outstanding initiator request, which may never complete.
	if forDisconnect && f.variant == VariantHangWithOutstanding && (len(q.waiting) > 0 || len(q.deferred) > 0) {
		return false
	}
	return len(q.dma) == 0
}
