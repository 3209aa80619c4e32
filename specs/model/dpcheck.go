package model

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
)

// poll reads both CQs with arrays of size entries.
func (w *dpWorld) poll(size int, ex bool) {
	for s := range 2 {
		w.pollCQ(s, size, ex)
	}
}

// pollCQ reads side s's CQ until it is empty, then judges its
// notifications.
func (w *dpWorld) pollCQ(s, size int, ex bool) {
	c := w.cq[s]
	n0 := c.cq.Notifications()
	call := "NdkGetCqResults"
	if ex {
		call = "NdkGetCqResultsEx"
	}
	for {
		var rs []ndk.ResultEx
		var n int
		if ex {
			buf := make([]ndk.ResultEx, size)
			n = c.cq.GetResultsEx(buf)
			if n >= 0 && n <= size {
				rs = buf[:n]
			}
		} else {
			buf := make([]ndk.Result, size)
			n = c.cq.GetResults(buf)
			if n >= 0 && n <= size {
				for _, r := range buf[:n] {
					rs = append(rs, ndk.ResultEx{Result: r})
				}
			}
		}
		w.polls++
		if n == 0 && size == 1 {
			c.zeroOne = w.polls
		}
		if !ex {
			c.nonEx = w.polls
		}
		if n < 0 || n > size {
			w.fail(dpFinding{rules: "CQ-13", call: call, object: c.cq.ID(), side: sideName(s), kind: "a count outside the array",
				expected: fmt.Sprintf("at most the %d entries of the array", size), observed: fmt.Sprint(n)})
		}
		for _, r := range rs {
			w.result(c, s, r, ex, call)
		}
		if n < size {
			break
		}
	}
	c.drained = n0
	w.judgeCQ(c, s, n0)
}

// result checks one completion read from side s's CQ.
func (w *dpWorld) result(c *dpCQ, s int, res ndk.ResultEx, ex bool, call string) {
	f := dpFinding{call: call, object: c.cq.ID(), side: sideName(s)}
	id, ok := res.RequestContext.(int)
	if !ok || id < 1 || id > len(w.wrs) {
		f.rules, f.kind = "QP-3", "a completion whose RequestContext no request was posted with"
		f.expected, f.observed = "the RequestContext of a request posted on a QP of the CQ", fmt.Sprintf("RequestContext %v (status %v)", res.RequestContext, res.Status)
		w.fail(f)
	}
	r := w.wrs[id-1]
	w.note(" [%s: #%d %v]", c.name, id, res.Status)
	f.object = r.qp.qp.ID()
	switch {
	case r.qp.cq != c:
		f.rules, f.kind = "QP-3", "a completion on another QP's CQ"
		f.expected, f.observed = fmt.Sprintf("the completion of %s on %s", r.what(), r.qp.cq.name), "it came on "+c.name
		w.fail(f)
	case !r.posted && r.initiator():
		f.rules, f.kind = "DP-4", "a completion of a request whose post failed"
		f.expected, f.observed = "no completion for "+r.what()+", whose post failed inline", "a completion with "+res.Status.String()
		w.fail(f)
	case !r.posted:
		f.rules, f.kind = "QP-4", "a completion of a receive whose post failed"
		f.expected, f.observed = "no completion for "+r.what()+", whose post failed inline", "a completion with "+res.Status.String()
		w.fail(f)
	case r.done:
		f.rules, f.kind = "QP-4", "a second completion of a request"
		f.expected, f.observed = "one completion for "+r.what(), "a second one with "+res.Status.String()
		w.fail(f)
	}
	var wantCtx any
	if !r.qp.srq {
		wantCtx = r.qp
	}
	if res.QPContext != wantCtx {
		f.rules, f.kind = "QP-3", "a completion with another QPContext"
		f.expected, f.observed = "the QPContext of "+r.qp.name+" in the completion of "+r.what(), fmt.Sprintf("%v", res.QPContext)
		w.fail(f)
	}
	r.done = true
	st := res.Status
	r.status = st
	defer w.classify(c, r, st)
	switch {
	case r.op == "NdkFastRegister":
		r.frStatus = st
		return
	case r.mustFail != "":
		if st == ndk.StatusSuccess {
			f.rules, f.kind = r.mustFail, "a request that must fail succeeded"
			f.expected, f.observed = "a failure for "+r.what()+": "+r.mustWhy, st.String()
			w.fail(f)
		}
		w.freeSource(r)
		return
	case r.anyStatus:
	case r.flushed != "":
		if st != ndk.StatusSuccess && st != ndk.StatusCancelled {
			f.rules, f.kind = r.flushed, "a flushed request completed with another failure than STATUS_CANCELLED"
			f.expected, f.observed = "STATUS_CANCELLED (or STATUS_SUCCESS, had it finished before the flush) for "+r.what(), st.String()
			w.fail(f)
		}
	case st != ndk.StatusSuccess:
		f.rules, f.kind = dpStatusRule(r), "a request the model says succeeds failed"
		switch {
		case r.ext != nil:
			f.rules, f.kind = "MR-13", "a write under the remote token NdkGetRemoteTokenFromMr gave after NdkFastRegister failed"
		case r.op == "NdkRead" && w.mem[r.qp.side].noSink:
			f.rules, f.kind = "MR-8", "a read into memory registered without NDK_MR_FLAG_RDMA_READ_SINK failed on an adapter that needs none"
		case r.inline:
			f.rules, f.kind = "QP-10", "a request with NDK_OP_FLAG_INLINE (its SGEs' token invalid, which the provider ignores) failed"
		case r.chainRule != "":
			f.rules = r.chainRule
		}
		f.expected, f.observed = "STATUS_SUCCESS for "+r.what(), st.String()
		w.fail(f)
	}
	if st == ndk.StatusSuccess && r.silent {
		f.rules, f.kind = "QP-6", "a completion of a request posted with NDK_OP_FLAG_SILENT_SUCCESS that succeeded"
		f.expected, f.observed = "no completion for "+r.what()+" (NDK_OP_FLAG_SILENT_SUCCESS) when it succeeds", "a completion with STATUS_SUCCESS"
		w.fail(f)
	}
	if ex && st == ndk.StatusSuccess && res.ProviderErrorCode != 0 {
		f.rules, f.kind = "QP-19", "a successful completion with a ProviderErrorCode"
		f.expected, f.observed = "ProviderErrorCode 0 in the successful completion of "+r.what(), fmt.Sprint(res.ProviderErrorCode)
		w.fail(f)
	}
	m := w.mem[r.landSide]
	switch r.op {
	case "NdkReceive", "NdkSrqReceive":
		if st == ndk.StatusSuccess {
			w.delivered(r, res, ex, f)
		} else {
			copy(m.want[r.off:r.off+r.n], m.mr.Bytes()[r.off:r.off+r.n])
		}
		m.loosen(r.off, r.n, -1)
		m.busy[dpAreaRecv][(r.off-dpOff(dpAreaRecv, 0))/dpSlot] = false
		if r.srq {
			for i, x := range w.srq.pending {
				if x == r {
					w.srq.pending = append(w.srq.pending[:i:i], w.srq.pending[i+1:]...)
					break
				}
			}
		}
	case "NdkSend", "NdkSendAndInvalidate":
		w.freeSource(r)
		if ex && r.invalidates != nil && res.Type != ndk.OpSend {
			f.rules, f.kind = "QP-18", "the sender's completion of an NdkSendAndInvalidate has another Type than NdkOperationTypeSend"
			f.expected, f.observed = fmt.Sprintf("Type NdkOperationTypeSend (%d) in the completion of %s", ndk.OpSend, r.what()), fmt.Sprint(res.Type)
			w.fail(f)
		}
	case "NdkWrite":
		w.freeSource(r)
		if r.bulk {
			b := w.mem[r.landSide].bulk.Bytes()[r.off : r.off+r.n]
			if st == ndk.StatusSuccess && !bytes.Equal(b, r.data) {
				f.rules, f.kind = "MR-16", "a successful write's bytes are not at its target"
				f.expected, f.observed = fmt.Sprintf("the %d bytes of %s at offset %d of %s's bulk region: % x", r.n, r.what(), r.off, sideName(r.landSide), clipN(r.data)), fmt.Sprintf("% x", clipN(b))
				w.fail(f)
			}
			copy(w.mem[r.landSide].bulkWant[r.off:], b)
			w.freeTarget(r)
			return
		}
		if r.ext != nil {
			suite.PullMemory(r.ext)
			if got := r.ext[r.off : r.off+r.n]; st == ndk.StatusSuccess && !bytes.Equal(got, r.data) {
				f.rules, f.kind = "MR-16", "a successful write's bytes are not at its target in the fast-registered buffer"
				f.expected, f.observed = fmt.Sprintf("the %d bytes of %s at offset %d of the buffer: % x", r.n, r.what(), r.off, clipN(r.data)), fmt.Sprintf("% x", clipN(got))
				w.fail(f)
			}
			return
		}
		got := m.mr.Bytes()[r.off : r.off+r.n]
		if st == ndk.StatusSuccess && !bytes.Equal(got, r.data) {
			f.rules, f.kind = "MR-16", "a successful write's bytes are not at its target"
			f.expected = fmt.Sprintf("the %d bytes of %s at offset %d of %s's region once it completed: % x", r.n, r.what(), r.off, sideName(r.landSide), clipN(r.data))
			f.observed = fmt.Sprintf("% x", clipN(got))
			w.fail(f)
		}
		copy(m.want[r.off:], got)
		m.loosen(r.off, r.n, -1)
		w.freeTarget(r)
	case "NdkRead":
		buf, want := m.mr.Bytes(), m.want
		if r.bulk {
			buf, want = m.bulk.Bytes(), m.bulkWant
		}
		got := buf[r.off : r.off+r.n]
		if st == ndk.StatusSuccess && !bytes.Equal(got, r.data) {
			f.rules, f.kind = "MR-16", "a successful read's sink does not hold the bytes it read"
			i := firstDiff(got, r.data)
			if w.fencedOver(r, got, i) {
				f.rules, f.kind = "QP-7", "a read's sink holds bytes a later write with NDK_OP_FLAG_READ_FENCE wrote"
			}
			f.expected = fmt.Sprintf("the %d bytes %s read; from byte %d: % x", r.n, r.what(), i, clipN(r.data[i:]))
			f.observed = fmt.Sprintf("% x", clipN(got[i:]))
			w.fail(f)
		}
		copy(want[r.off:], got)
		if !r.bulk {
			m.loosen(r.off, r.n, -1)
		}
		w.freeSink(r)
	case "NdkInvalidate":
		if r.fr {
			return
		}
		r.mw.busy = false
		r.mw.bound = false
		if st != ndk.StatusSuccess {
			r.mw.home = nil
		}
	case "NdkBind":
		r.mw.busy = false
		r.mw.bound = st == ndk.StatusSuccess
	}
}

func clipN(b []byte) []byte { return b[:min(len(b), 16)] }

func (w *dpWorld) freeSource(r *dpWR) {
	if r.src >= 0 {
		w.mem[r.qp.side].busy[dpAreaSrc][r.src] = false
		r.src = -1
	}
}

// delivered matches a successful receive with the send it took: the
// oldest of the peer QP's sends no receive took (for a receive of the
// SRQ, the one whose first bytes, its ID, the receive holds), and checks
// its length and bytes.
func (w *dpWorld) delivered(r *dpWR, res ndk.ResultEx, ex bool, f dpFinding) {
	m := w.mem[r.landSide]
	got := m.mr.Bytes()[r.off : r.off+r.n]
	var send *dpWR
	var conn *dpConn
	if r.srq {
		for _, c := range w.conns {
			if !c.qp[1].srq {
				continue
			}
			for i, h := range c.undelivered[0] {
				if len(h.data) < 4 || !bytes.Equal(got[:4], h.data[:4]) {
					continue
				}
				if i > 0 {
					// The sends before it on its connection took no
					// receive the model saw.
					lost := c.undelivered[0][0]
					f.rules, f.kind = "QP-4"+w.lostRules(r.qp.cq, lost), "a receive took a send while an earlier send of its connection completed no receive"
					f.expected = fmt.Sprintf("the completion of the receive %s took before %s took %s", lost.what(), r.what(), h.what())
					f.observed = "none came"
					w.fail(f)
				}
				send, conn = h, c
			}
		}
	} else if conn = r.qp.conn; len(conn.undelivered[1-r.qp.side]) > 0 {
		send = conn.undelivered[1-r.qp.side][0]
	}
	if send == nil {
		f.rules, f.kind = "QP-4", "a receive completed with STATUS_SUCCESS for no send"
		f.expected, f.observed = "no successful completion of "+r.what()+": no send to it is waiting for a receive", fmt.Sprintf("STATUS_SUCCESS, %d bytes: % x", res.BytesTransferred, clipN(got))
		w.fail(f)
	}
	from := 1 - r.landSide
	conn.undelivered[from] = conn.undelivered[from][1:]
	r.recvFor, send.deliveredTo = send, r
	if r.small {
		// A receive shorter than the send: the pages leave its status
		// open, but a success reports the bytes it holds, at most its
		// SGE's, the send's first ones (QP-13).
		bt := int(res.BytesTransferred)
		if bt > r.n || bt > len(send.data) || !bytes.Equal(got[:bt], send.data[:bt]) {
			f.rules, f.kind = "QP-13", "a receive shorter than the send it took succeeded with a BytesTransferred or bytes the send did not place in it"
			f.expected = fmt.Sprintf("BytesTransferred at most %d (the receive's SGE; the send has %d bytes), the buffer of %s starting with that many bytes of %s: % x", r.n, len(send.data), r.what(), send.what(), clipN(send.data))
			f.observed = fmt.Sprintf("BytesTransferred %d, buffer % x", bt, clipN(got))
			w.fail(f)
		}
		copy(m.want[r.off:r.off+r.n], got)
		return
	}
	// The send the model matched may have had its receive's completion
	// removed unseen (CQ-13, CH-3): the receive took a later one then.
	lost := w.lostRules(r.qp.cq, send)
	if int(res.BytesTransferred) != len(send.data) {
		f.rules, f.kind = "QP-13"+lost, "a receive's BytesTransferred is not the length of the send it took"
		f.expected, f.observed = fmt.Sprintf("BytesTransferred %d in the completion of %s, which took %s", len(send.data), r.what(), send.what()), fmt.Sprint(res.BytesTransferred)
		w.fail(f)
	}
	if !bytes.Equal(got[:len(send.data)], send.data) {
		f.rules, f.kind = "QP-4"+lost, "a receive's buffer does not hold the bytes of the send it took"
		f.expected, f.observed = fmt.Sprintf("the %d bytes of %s in the buffer of %s: % x", len(send.data), send.what(), r.what(), clipN(send.data)), fmt.Sprintf("% x", clipN(got))
		w.fail(f)
	}
	copy(m.want[r.off:], send.data)
	if x := send.invalidates; x != nil {
		if ex && (res.Type != ndk.OpReceiveAndInvalidate || uint32(res.TypeSpecificCompletionOutput) != x.token) {
			f.rules, f.kind = "QP-20", "the receive of an NdkSendAndInvalidate does not report the token invalidated"
			f.expected = fmt.Sprintf("Type NdkOperationTypeReceiveAndInvalidate (%d) and TypeSpecificCompletionOutput %#x (the token of %s) in the completion of %s, which took %s", ndk.OpReceiveAndInvalidate, x.token, x.name, r.what(), send.what())
			f.observed = fmt.Sprintf("Type %d, TypeSpecificCompletionOutput %#x", res.Type, res.TypeSpecificCompletionOutput)
			w.fail(f)
		}
		x.bound, x.busy, x.byPeer = false, false, true
	}
	if send.silent && !send.done {
		send.done = true
		w.freeSource(send)
	}
}

// classify notes what a completion read makes due on an armed CQ: a
// notification when it satisfies the arm, none when it cannot; an error
// under an ANY or ERRORS arm leaves it open, and the CQ is no longer
// judged.
func (w *dpWorld) classify(c *dpCQ, r *dpWR, st ndk.Status) {
	if !c.armed || !c.judge {
		return
	}
	switch {
	case st != ndk.StatusSuccess && c.typ == ndk.CQNotifySolicited:
		c.due, c.dueRule, c.dueWhy = true, "CQ-6", fmt.Sprintf("a notification: %s completed with %v, and an error satisfies a SOLICITED arm", r.what(), st)
	case st != ndk.StatusSuccess:
		c.judge = false
	case c.typ == ndk.CQNotifyAny:
		c.due, c.dueRule, c.dueWhy = true, "CH-8", fmt.Sprintf("a notification: %s completed, and the CQ was armed for ANY", r.what())
	case c.typ == ndk.CQNotifySolicited && r.recvFor != nil && r.recvFor.solicit:
		c.due, c.dueRule, c.dueWhy = true, "CH-8", fmt.Sprintf("a notification: %s took %s, sent with NDK_OP_FLAG_SEND_AND_SOLICIT_EVENT, and the CQ was armed for SOLICITED", r.what(), r.recvFor.what())
	}
	if c.due && r.id <= c.armedAt && !strings.Contains(c.dueRule, "CH-9") {
		// Its completion may have been queued before the arm.
		c.dueRule += " CH-9"
		c.dueWhy += " (its request was posted before the arm: if its completion was queued then, the arm is satisfied at once)"
	}
}

// judgeCQ checks the notifications of side s's CQ after it was read
// empty; n0 is how many had come when the read began.
func (w *dpWorld) judgeCQ(c *dpCQ, s int, n0 int) {
	sts := c.cq.NotificationStatuses()
	for ; c.statusSeen < len(sts); c.statusSeen++ {
		if st := sts[c.statusSeen]; st != ndk.StatusSuccess {
			w.fail(dpFinding{rules: "CQ-5", call: "NdkCqNotificationCallback", object: c.cq.ID(), side: sideName(s), kind: "a notification with a failure status",
				expected: "CqStatus STATUS_SUCCESS: the CQ never held more completions than its depth", observed: st.String()})
		}
	}
	if !c.judge {
		return
	}
	if c.due {
		rules := c.dueRule
		if c.moderated {
			rules += " CQ-11"
		}
		deadline := suite.NewDeadline(w.wait())
		for c.cq.Notifications() <= c.notes {
			if deadline.Passed() {
				w.fail(dpFinding{rules: rules, call: "NdkCqNotificationCallback", object: c.cq.ID(), side: sideName(s), kind: "a notification due did not come",
					expected: c.dueWhy, observed: fmt.Sprintf("none within %v", w.wait()), costly: hangNotShrunk})
			}
			time.Sleep(200 * time.Microsecond)
		}
		c.notes++
		c.armed, c.due = false, false
	}
	if n0 > c.notes {
		extra := ""
		for _, cn := range w.conns {
			for _, x := range cn.undelivered[1-s] {
				if cn.qp[s].cq == c && x.invalidates != nil && c.nonEx > x.postPoll {
					extra = " CH-3" // its receive may have been removed unseen
				}
			}
		}
		if c.resized {
			extra += " CQ-16" // the resize may have lost the completion it was for
		}
		f := dpFinding{rules: "CH-7", call: "NdkCqNotificationCallback", object: c.cq.ID(), side: sideName(s), kind: "a notification no arm made due",
			expected: fmt.Sprintf("%d notification(s): one per satisfied arm", c.notes), observed: fmt.Sprintf("%d", n0)}
		f.rules += extra
		if c.armed {
			if c.zeroOne > c.armPoll {
				// A one-entry NdkGetCqResults returned 0 since the arm: it
				// may have removed a completion, which satisfied the arm,
				// without counting it.
				extra += " CQ-13"
			}
			f.rules, f.kind = "CH-8"+extra, "a notification while the arm was not satisfied"
			f.expected = fmt.Sprintf("no notification while the CQ's arm, %s, is not satisfied by a completion read (%d so far)", dpArmNames[c.typ], c.notes)
		}
		w.fail(f)
	}
}

// checkNotifications checks the notifications of both CQs that came with
// no completion read.
func (w *dpWorld) checkNotifications() {
	for s := range 2 {
		c := w.cq[s]
		if c.judge && !c.armed && c.cq.Notifications() > c.notes {
			w.fail(dpFinding{rules: "CH-7", call: "NdkCqNotificationCallback", object: c.cq.ID(), side: sideName(s), kind: "a notification no arm made due",
				expected: fmt.Sprintf("%d notification(s): one per satisfied arm, none without an arm", c.notes), observed: fmt.Sprint(c.cq.Notifications())})
		}
	}
}

// checkMemory compares every byte of both regions no request may be
// writing with what the model says it holds.
func (w *dpWorld) checkMemory() {
	for s := range 2 {
		m := w.mem[s]
		buf := m.mr.Bytes()
		for i := range buf {
			if m.loose[i] > 0 || buf[i] == m.want[i] {
				continue
			}
			area, slot := i/(dpSlots*dpSlot), i%(dpSlots*dpSlot)/dpSlot
			w.fail(dpFinding{rules: "MR-16", call: dpAreaCalls[area], object: m.mr.ID(), side: sideName(s), kind: "a byte of a region no request may write changed",
				expected: fmt.Sprintf("byte %d of %s's region (%s area, slot %d), which no request in flight writes, holds %#02x", i, sideName(s), dpAreaNames[area], slot, m.want[i]),
				observed: fmt.Sprintf("%#02x", buf[i])})
		}
		if m.bulk != nil && m.bulkUsers == 0 {
			if got := m.bulk.Bytes(); !bytes.Equal(got, m.bulkWant) {
				i := firstDiff(got, m.bulkWant)
				w.fail(dpFinding{rules: "MR-16", call: "NdkWrite", object: m.bulk.ID(), side: sideName(s), kind: "a byte of a bulk region no request may write changed",
					expected: fmt.Sprintf("byte %d of %s's bulk region, which no request in flight writes, holds %#02x", i, sideName(s), m.bulkWant[i]), observed: fmt.Sprintf("%#02x", got[i])})
			}
		}
	}
}

// firstDiff is the first index where a and b (of one length) differ.
// fencedOver reports whether the first byte read r got wrong, got[i], is
// the byte a later write with NDK_OP_FLAG_READ_FENCE to what r reads put
// there (QP-7); a byte no such write carries came from elsewhere (a write
// through a stale token, say: MR-16).
func (w *dpWorld) fencedOver(r *dpWR, got []byte, i int) bool {
	p := r.srcOff + i
	for _, x := range w.wrs {
		if !x.posted || !slices.Contains(x.fenceReads, r) {
			continue
		}
		if x.off <= p && p < x.off+x.n && got[i] == x.data[p-x.off] {
			return true
		}
	}
	return false
}

func firstDiff(a, b []byte) int {
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return min(i, len(a)-1)
}

var dpAreaNames = []string{"send source", "receive", "remote target", "read sink", "bulk"}

// dpAreaCalls are the calls whose bytes land in each area: a byte that
// changed there is charged to it.
var dpAreaCalls = []string{"NdkWrite", "NdkSend", "NdkWrite", "NdkRead"}

// due says whether r must complete by now: a non-silent initiator
// request, or a receive of a QP flushed.
func (r *dpWR) due() bool {
	if !r.posted || r.done {
		return false
	}
	if r.initiator() {
		return !r.silent || r.failDue != ""
	}
	return !r.srq && (r.flushed != "" || r.anyStatus)
}

// lostRules are the rules besides QP-4 a completion of cq that never
// came may break, for the receive of send: a one-entry NdkGetCqResults
// that returned 0 since the send may have removed it without counting it
// (CQ-13); the receive of an NdkSendAndInvalidate is a
// ReceiveAndInvalidate completion, which NdkGetCqResults must return too
// (CH-3).
func (w *dpWorld) lostRules(cq *dpCQ, send *dpWR) string {
	rules := ""
	if cq.zeroOne > send.postPoll {
		rules += " CQ-13"
	}
	if send.invalidates != nil && cq.nonEx > send.postPoll {
		rules += " CH-3"
	}
	return rules
}

// settle reads the CQs until every completion due came, and every send
// on a connection up took its receive.
func (w *dpWorld) settle() {
	w.waitUntil(func() bool {
		for _, r := range w.wrs {
			if r.due() {
				return true
			}
		}
		for _, c := range w.conns {
			if !c.retired && (len(c.undelivered[0]) > 0 || len(c.undelivered[1]) > 0) {
				return true
			}
		}
		return false
	})
	w.srqJudge(false)
}

// waitUntil reads the CQs until pending says nothing is, or fails the
// sequence with what did not come.
func (w *dpWorld) waitUntil(pending func() bool) {
	deadline := suite.NewDeadline(w.wait())
	for {
		w.poll(16, true)
		w.checkMemory()
		w.checkNotifications()
		if !pending() {
			return
		}
		if deadline.Passed() {
			break
		}
		time.Sleep(200 * time.Microsecond)
	}
	// The first request due is charged (w.fail ends the sequence), a
	// failure due before any other: the requests of its connection that
	// never completed either may only follow from it (the provider that
	// hid the failure did not end the connection).
	var r *dpWR
	for _, x := range w.wrs {
		if x.due() && (r == nil || r.failDue == "" && x.failDue != "") {
			r = x
		}
	}
	if r != nil {
		rules := "QP-4"
		switch {
		case r.chainRule != "":
			rules = r.chainRule + " QP-4"
		case r.flushed != "":
			rules = r.flushed
		case r.failDue != "":
			rules = r.failDue
		}
		if r.qp.cq.zeroOne > r.postPoll {
			// A one-entry NdkGetCqResults returned 0 since: it may
			// have removed the completion without counting it.
			rules += " CQ-13"
		}
		if r.resized {
			rules += " CQ-16"
		}
		w.fail(dpFinding{rules: rules, call: r.op, object: r.qp.qp.ID(), side: sideName(r.qp.side), kind: "a completion due did not come",
			expected: "the completion of " + r.what(), observed: "none within " + w.wait().String(), costly: hangNotShrunk})
	}
	for _, c := range w.conns {
		for s := range 2 {
			if !c.retired && len(c.undelivered[s]) > 0 {
				r := c.undelivered[s][0]
				rules := "QP-4"
				if r.chainRule != "" {
					rules = r.chainRule + " QP-4"
				}
				rules += w.lostRules(c.qp[1-s].cq, r)
				if r.resized {
					rules += " CQ-16"
				}
				w.fail(dpFinding{rules: rules, call: r.op, object: r.qp.qp.ID(), side: sideName(s), kind: "a send did not reach the receive waiting for it",
					expected: "the completion of a receive of " + c.qp[1-s].name + " with the bytes of " + r.what(), observed: "none within " + w.wait().String(), costly: hangNotShrunk})
			}
		}
	}
}
