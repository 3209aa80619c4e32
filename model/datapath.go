package model

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
)

// The data path, as far as the endpoint, lifetime and disconnect rules
// speak of it: receives and initiator requests posted on a QP, their
// completions read from the QP's CQ, and what a flush (NdkFlush, the QP's
// close, the connector's NdkDisconnect) and a disconnect owe them. The
// model does not predict when a send meets a receive (the pages leave the
// timing, and what becomes of a send with no receive, to the provider); it
// predicts what a flush must complete, with which status, and what a
// completion may carry.

// CallRegister is NdkRegisterMr.
const CallRegister = "NdkRegisterMr"

// WRKind is the type of a work request.
type WRKind int

// Work request types.
const (
	Receive WRKind = iota
	Send
	Write
)

var wrNames = [...]string{"NdkReceive", "NdkSend", "NdkWrite"}

func (k WRKind) String() string { return wrNames[k] }

// WR is a work request posted on a QP.
type WR struct {
	ID     int
	QP     Ref
	Kind   WRKind
	Size   int
	Silent bool // NDK_OP_FLAG_SILENT_SUCCESS: no completion on success (QP-6)
	// Posted: the post returned STATUS_SUCCESS; Done: its completion
	// was read from the CQ.
	Posted, Done bool
	Status       ndk.Status
	// connected: posted while the QP's connection was established on
	// both sides and neither side had called NdkDisconnect or closed.
	connected bool
	// after: an initiator request posted once the QP's NdkDisconnect
	// completed (DS-10: the connection is fully closed).
	after bool
	// flush: the rules that make its completion due now (a flush
	// started), and the status a flushed request must carry unless a
	// send of the peer may have met it first (0: any failure).
	flush     string
	flushWant ndk.Status
	// disc: the NdkDisconnect issued while this write was outstanding.
	disc *Op
	// Target is the peer's MR a write writes to.
	Target Ref
}

// Initiator says whether w is on the initiator queue.
func (w *WR) Initiator() bool { return w.Kind != Receive }

// WR returns work request id.
func (m *Model) WR(id int) *WR { return m.wrs[id-1] }

// Served says whether qp was ever bound to a connector (DS-9: it serves
// no other connection).
func (m *Model) Served(qp Ref) bool { return m.conn(qp) != nil }

// Register is NdkRegisterMr on mr.
func (m *Model) Register(mr Ref) *Op { return m.newOp(CallRegister, m.Obj(mr)) }

// conn is the connector qp serves or served (nil: qp never was bound).
func (m *Model) conn(qp Ref) *Object {
	var c *Object
	for _, o := range m.objs {
		if o.Kind == Connector && o.QP == qp {
			c = o
		}
	}
	return c
}

// up says whether qp's connection is established on both sides, and
// neither side disconnected, closed or is closing the QPs.
func (m *Model) up(qp Ref) bool {
	c := m.conn(qp)
	if c == nil || c.Phase != Established || c.Closing || c.disconnectOp != nil || c.peerLeft || m.Obj(qp).Closing {
		return false
	}
	p := m.Obj(c.Peer)
	return p != nil && p.Phase == Established && !p.Closing && p.disconnectOp == nil && m.Obj(p.QP) != nil && !m.Obj(p.QP).Closing
}

// PeerQP is the QP at the other end of qp's connection, if it is up.
func (m *Model) PeerQP(qp Ref) Ref {
	if !m.up(qp) {
		return 0
	}
	return m.Obj(m.conn(qp).Peer).QP
}

// Post records a work request of kind k on qp, before the call.
func (m *Model) Post(qp Ref, k WRKind, size int, silent bool) *WR {
	w := &WR{ID: len(m.wrs) + 1, QP: qp, Kind: k, Size: size, Silent: silent, connected: m.up(qp)}
	if c := m.conn(qp); k != Receive && c != nil && c.disconnectDone {
		w.after = true
	}
	m.wrs = append(m.wrs, w)
	return w
}

// Posted records what the post of w returned.
func (m *Model) Posted(w *WR, st ndk.Status) *Finding {
	q := m.Obj(w.QP)
	w.Posted = st == ndk.StatusSuccess
	if w.Initiator() && m.conn(w.QP) == nil && st != ndk.StatusConnectionInvalid {
		return m.find(q, w.Kind.String(), "QP-5", "STATUS_CONNECTION_INVALID for an initiator request on a QP that was never connected", st.String())
	}
	if w.Posted && q.Closing {
		w.flush, w.flushWant = "LT-26 QP-21", 0
	}
	return nil
}

// Flush records NdkFlush on qp: every pending request completes with
// STATUS_CANCELLED (QP-21).
func (m *Model) Flush(qp Ref) { m.flushQP(qp, "QP-21", ndk.StatusCancelled, ndk.StatusCancelled) }

// flushQP starts a flush of qp's pending requests, for rules: receives
// must carry recv, initiator requests init (0: any failure).
func (m *Model) flushQP(qp Ref, rules string, recv, init ndk.Status) {
	for _, w := range m.wrs {
		if w.QP == qp && w.Posted && !w.Done && w.flush == "" {
			w.flush, w.flushWant = rules, init
			if w.Kind == Receive {
				w.flushWant = recv
			}
		}
	}
}

// Outstanding counts the work requests posted on qp's queue (receive or
// initiator) whose completion was not read, silent ones included: the
// consumer posts no more than the queue's depth.
func (m *Model) Outstanding(qp Ref, initiator bool) int {
	n := 0
	for _, w := range m.wrs {
		if w.QP == qp && w.Posted && !w.Done && w.Initiator() == initiator {
			n++
		}
	}
	return n
}

// Result records a completion read from a CQ for work request id (0: a
// request context the consumer never posted) with status st.
func (m *Model) Result(cq Ref, id int, st ndk.Status) *Finding {
	c := m.Obj(cq)
	const call = "NdkGetCqResults"
	if id <= 0 || id > len(m.wrs) {
		return m.find(c, call, "QP-3", "the RequestContext of a posted work request in every result", fmt.Sprintf("a result with an unknown context (status %v)", st))
	}
	w := m.wrs[id-1]
	q := m.Obj(w.QP)
	what := fmt.Sprintf("%s #%d on %s", w.Kind, w.ID, m.Name(q.Ref))
	switch {
	case !w.Posted:
		return m.find(c, call, "DP-4 QP-4", "no completion for "+what+", whose post failed inline", "a completion with "+st.String())
	case w.Done:
		return m.find(c, call, "QP-4 DP-3", "one completion for "+what, "a second completion with "+st.String())
	}
	w.Done, w.Status = true, st
	switch {
	case st == ndk.StatusSuccess && w.Silent:
		return m.find(c, call, "QP-6", "no completion for "+what+", posted with NDK_OP_FLAG_SILENT_SUCCESS, when it succeeds", "a completion with STATUS_SUCCESS")
	case st == ndk.StatusSuccess && w.after:
		return m.find(c, call, "DS-10", what+", posted after the QP's NdkDisconnect completed, fails (the connection is fully closed)", "it completed with STATUS_SUCCESS")
	case w.flush == "" || st == w.flushWant || st != ndk.StatusSuccess && w.flushWant == 0:
	case st == ndk.StatusSuccess && w.Kind != Receive && w.connected:
		// It may have finished before the flush.
	case st == ndk.StatusSuccess && w.Kind == Receive:
		// A send of the peer may have met it before the flush.
	default:
		want := "a failure status"
		if w.flushWant != 0 {
			want = w.flushWant.String()
		}
		return m.find(q, w.Kind.String(), w.flush, fmt.Sprintf("%s for %s, flushed", want, what), st.String())
	}
	return nil
}

// WRDue is a work request whose completion must be read now, and why.
type WRDue struct {
	WR    *WR
	Rules string
	What  string
}

// WRsDue lists the work requests a flush owes a completion, whose CQ the
// consumer still reads (a CQ whose close was issued is not read: CR-8).
// A request posted with NDK_OP_FLAG_SILENT_SUCCESS may have succeeded
// silently before the flush: none is due for it.
func (m *Model) WRsDue() []WRDue {
	var out []WRDue
	for _, w := range m.wrs {
		if !w.Posted || w.Done || w.flush == "" || w.Silent {
			continue
		}
		if cq := m.Obj(m.Obj(w.QP).ante[1]); cq.Closing {
			continue
		}
		out = append(out, WRDue{WR: w, Rules: w.flush, What: fmt.Sprintf("the completion of %s #%d on %s (flushed)", w.Kind, w.ID, m.Name(w.QP))})
	}
	return out
}

// WRFinding is the finding for a work request whose due completion did not
// come.
func (m *Model) WRFinding(d WRDue, expected, observed string) *Finding {
	return m.find(m.Obj(d.WR.QP), d.WR.Kind.String(), d.Rules, expected, observed)
}

// Landed lists the writes that must have reached the peer's memory now
// that the NdkDisconnect op on c completed with success: those posted on
// c's QP while the connection was up, before the disconnect was issued,
// whose peer side is still there (DS-5: the disconnect completes only once
// all DMA activity on the QP finished).
func (m *Model) Landed(op *Op) []*WR {
	c := m.Obj(op.Obj)
	p := m.Obj(c.Peer)
	if op.Status != ndk.StatusSuccess || c.aborted || p == nil || p.Closing || m.Obj(p.QP) == nil || m.Obj(p.QP).Closing {
		return nil
	}
	var out []*WR
	for _, w := range m.wrs {
		if w.QP == c.QP && w.Kind == Write && w.Posted && w.connected && w.disc == op && !m.Obj(w.Target).Closing {
			out = append(out, w)
		}
	}
	return out
}

// disconnectIssued marks the writes outstanding on c's QP when the
// disconnect op was issued.
//
// A write queued behind a send still waiting for its receive may never
// start its DMA (the pages let a provider give up such requests, DS-12):
// only the writes no such send precedes are owed.
func (m *Model) disconnectIssued(c *Object, op *Op) {
	blocked := false
	for _, w := range m.wrs {
		if w.QP != c.QP {
			continue
		}
		if w.Kind == Send && w.Posted && !w.Done {
			blocked = true
		}
		if w.Kind == Write && !w.Done && w.disc == nil && !blocked {
			w.disc = op
		}
	}
}

// DS5Finding is the finding for a write Landed listed whose data is not in
// the peer's memory.
func (m *Model) DS5Finding(op *Op, w *WR, observed string) *Finding {
	return m.find(m.Obj(op.Obj), CallDisconnect, "DS-5", fmt.Sprintf("NdkDisconnect completes only once the %d-byte NdkWrite #%d posted before it has reached the peer's memory", w.Size, w.ID), observed)
}
