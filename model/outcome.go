package model

import (
	"fmt"
	"net/netip"
	"slices"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// Returned records that the call of op returned st.
func (m *Model) Returned(op *Op, st ndk.Status) *Finding {
	o := m.Obj(op.Obj)
	op.Returned = true
	op.returnedAt = time.Now()
	if st == ndk.StatusPending {
		op.Pending = true
		if op.Call == CallClose && len(o.closedAround) > 0 && !op.Done {
			a := m.Obj(o.closedAround[0])
			return m.find(a, CallClose, closeRules(a), "the close completes only once its successors are closed",
				"it completed while "+m.Name(o.Ref)+"'s close was in progress, and that close then returned STATUS_PENDING")
		}
		return nil
	}
	if op.completions > 0 {
		return m.find(o, op.Call, completionRules(op), "no completion callback for a call that does not return STATUS_PENDING",
			fmt.Sprintf("its completion callback came, and it returned %v", st))
	}
	if op.Call == CallClose {
		if st != ndk.StatusSuccess {
			m.final(op, st)
			return m.find(o, op.Call, "CR-5", "STATUS_SUCCESS or STATUS_PENDING (a close never fails)", st.String())
		}
		if op.mustPend != "" {
			// Judged by the successors still open now: a successor's
			// close may have completed while this call was in the
			// provider (its completion seen before this return).
			certain, _ := m.successorsOf(o)
			certain = slices.DeleteFunc(certain, func(s *Object) bool { return m.mayLetGo(s, o) })
			if len(certain) > 0 {
				f := m.find(o, op.Call, op.mustPend, "STATUS_PENDING (its successors "+m.names(certain)+" are open)", "STATUS_SUCCESS")
				m.final(op, st)
				return f
			}
		}
	}
	return m.final(op, st)
}

// Completed records a completion callback of op carrying st (a close
// completion carries none: pass STATUS_SUCCESS).
func (m *Model) Completed(op *Op, st ndk.Status) *Finding {
	o := m.Obj(op.Obj)
	op.completions++
	switch {
	case op.completions > 1:
		return m.find(o, op.Call, completionRules(op), "one completion callback", fmt.Sprintf("completion callback #%d", op.completions))
	case op.Returned && !op.Pending:
		return m.find(o, op.Call, completionRules(op), "no completion callback for a call that does not return STATUS_PENDING",
			fmt.Sprintf("it returned %v, then its completion callback came", op.Status))
	case op.Call != CallClose && o.Closed:
		m.final(op, st)
		return m.find(o, op.Call, "LT-23 CR-7 CR-9 LT-25", "every request on an object completes before the object's close completes",
			fmt.Sprintf("its completion (%v) came after the close completed", st))
	}
	return m.final(op, st)
}

func completionRules(op *Op) string {
	if op.Call == CallClose {
		return "CR-6 CR-10 LT-5"
	}
	return "CR-4"
}

// final judges the final status of op and applies it.
func (m *Model) final(op *Op, st ndk.Status) *Finding {
	o := m.Obj(op.Obj)
	op.Done, op.Status = true, st
	m.pending[o.Ref] = slices.DeleteFunc(m.pending[o.Ref], func(p *Op) bool { return p == op })
	if op.Call == CallClose {
		return m.closed(o, op)
	}
	allowed, rules, why := m.allowed(o, op)
	var f *Finding
	if op.st.failure && st == ndk.StatusSuccess {
		f = m.find(o, op.Call, op.st.rules, "a failure status ("+op.st.why+")", st.String())
	}
	if allowed != nil && !statusIn(st, allowed) && !(o.Closing && st != ndk.StatusSuccess) {
		// A status about the local address is judged by the rules of
		// the address.
		if (op.Call == CallConnect || op.Call == CallListen) && (st == ndk.StatusSharingViolation || st == ndk.StatusInvalidAddress) {
			rules = m.addressRules(o.Side, op.source, op.target, op.Call, st, op.st.rules)
		}
		if st == ndk.StatusInvalidParameter && m.dataWithin(o, op) {
			// The private data was within the adapter's limit (OV-1).
			rules = "OV-1 " + rules
		}
		f = m.find(o, op.Call, rules, fmt.Sprintf("%s (%s)", statusList(allowed), why), st.String())
	}
	if g := m.apply(o, op, st); f == nil {
		f = g
	}
	return f
}

// allowed is the set of final statuses op may end with now (nil: any), the
// rules that decide it, and why.
func (m *Model) allowed(o *Object, op *Op) ([]ndk.Status, string, string) {
	if o.Closing || o.aborted && op.st.allowed == nil {
		// The close cancels it (LT-26), or a fault aborted the
		// connection: the pages name no status.
		return nil, "", ""
	}
	peer := m.Obj(o.Peer)
	timeout := ndk.StatusIOTimeout
	switch op.Call {
	case CallListen:
		return op.st.allowed, op.st.rules, op.st.why
	case CallConnect, CallConnectShared:
		bind := op.st.allowed
		if !slices.Contains(bind, ndk.StatusSuccess) {
			return bind, op.st.rules, op.st.why
		}
		var set []ndk.Status
		if len(bind) > 1 {
			set = append(set, ndk.StatusSharingViolation)
		}
		switch op.st.tuple {
		case Busy:
			return []ndk.Status{ndk.StatusAddressAlreadyExists}, "CN-3", fmt.Sprintf("a connection %v -> %v exists", op.source, op.target)
		case Either:
			set = append(set, ndk.StatusAddressAlreadyExists)
		}
		switch {
		case peer != nil && peer.acceptOp != nil:
			set = append(set, ndk.StatusSuccess)
			if peer.Closing {
				return nil, "", ""
			}
			return set, "CN-3", "the peer accepted"
		case peer != nil && peer.rejected:
			return append(set, ndk.StatusConnectionRefused), "CN-3", "the peer rejected the request"
		case peer != nil && peer.Closing:
			set = append(set, ndk.StatusConnectionRefused, ndk.StatusConnectionAborted, timeout)
			return set, "CN-3", "the peer closed its connector unanswered"
		case peer != nil:
			return append(set, timeout), "CN-3", "the peer has not answered yet (only the provider's time-out can end it)"
		}
		l := m.listenerAt(o.Side.Other(), op.target)
		if !op.st.live || !takes(l) {
			rules := "CN-3"
			why := "no listener takes requests on " + op.target.String()
			switch {
			case l != nil && l.Paused:
				rules, why = "CN-6 CN-3", "the listener on "+op.target.String()+" pauses connect events (as if no listener existed)"
			case l != nil && l.Closing:
				rules, why = "LC-16 CN-3", "the listener on "+op.target.String()+" is closing (it rejects new connections)"
			}
			return append(set, ndk.StatusConnectionRefused, timeout), rules, why
		}
		return append(set, timeout), "CN-3", "the listener has not delivered the request yet (only the provider's time-out can end it)"
	case CallAccept:
		switch {
		case peer == nil:
			return nil, "", ""
		case peer.Phase == Established:
			return []ndk.Status{ndk.StatusSuccess}, "CN-8", "the connecting peer completed the connection"
		case peer.completeOp != nil && !gaveUp(peer):
			// The provider had the peer's NdkCompleteConnect once that
			// call returned: if it returned within the set-up time-out
			// the provider declares, counted from this NdkAccept's issue
			// (its timer starts no earlier), the time-out cannot have
			// ended the accept first (CN-8). A later return (a slow path
			// to the provider, a loaded machine) leaves the race to the
			// provider; a provider that declares no time-out, too.
			c := peer.completeOp
			if m.cfg.SetupTimeout > 0 && c.Returned && c.returnedAt.Sub(op.issued) < m.cfg.SetupTimeout {
				return []ndk.Status{ndk.StatusSuccess}, "CN-8", fmt.Sprintf("the connecting peer completed the connection (its NdkCompleteConnect returned %v after this NdkAccept was issued, within the provider's set-up time-out of %v)",
					c.returnedAt.Sub(op.issued).Round(time.Millisecond), m.cfg.SetupTimeout)
			}
			return []ndk.Status{ndk.StatusSuccess, timeout}, "CN-8", "the connecting peer called NdkCompleteConnect, but it returned only after the provider's set-up time-out could have ended this NdkAccept"
		case gaveUp(peer):
			return []ndk.Status{ndk.StatusConnectionAborted, timeout}, "CN-8", "the connecting peer gave up"
		}
		return []ndk.Status{timeout}, "CN-8", "the connecting peer has not called NdkCompleteConnect (only the set-up time-out can end it)"
	case CallCompleteConnect:
		if op.st.allowed != nil {
			return op.st.allowed, "CN-7", op.st.why
		}
		switch {
		case peer == nil:
			return nil, "", ""
		case peer.Closed || peer.acceptOp != nil && peer.acceptOp.Done && peer.acceptOp.Status != ndk.StatusSuccess:
			return []ndk.Status{ndk.StatusConnectionAborted, timeout}, "CN-7", "the accepting peer gave up"
		case peer.Closing:
			return []ndk.Status{ndk.StatusSuccess, ndk.StatusConnectionAborted, timeout}, "CN-7", "the accepting peer is giving up"
		}
		return []ndk.Status{ndk.StatusSuccess, timeout}, "CN-7", "the peer accepted"
	case CallDisconnect:
		if op.st.allowed != nil || op.st.failure {
			return op.st.allowed, op.st.rules, op.st.why
		}
		if peer == nil || peer.Closing {
			return nil, "", ""
		}
		if op.st.answered {
			// The peer's success says its notice was sent, and this
			// connector's indication (required before, DS-6) says it
			// arrived: this one completes with success (DS-4).
			return []ndk.Status{ndk.StatusSuccess}, "DS-4", "the peer's NdkDisconnect had completed with STATUS_SUCCESS before this one was issued, and its graceful-disconnect notice had arrived (this connector's disconnect indication came)"
		}
		return []ndk.Status{ndk.StatusSuccess, timeout}, "DS-4 CN-17", "a graceful disconnect (or its time-out)"
	}
	return nil, "", ""
}

// apply moves o on after op ended with st.
func (m *Model) apply(o *Object, op *Op, st ndk.Status) *Finding {
	ok := st == ndk.StatusSuccess
	switch op.Call {
	case CallListen:
		o.Listening = ok
	case CallConnect, CallConnectShared:
		if ok && !o.Closing {
			o.Phase = Connected
			return m.letGoEarly(o, "connecting")
		}
		m.attemptFailed(o)
	case CallAccept:
		if ok {
			o.Phase = Established
			return m.letGoEarly(o, "accepting")
		}
		m.attemptFailed(o)
	case CallCompleteConnect:
		if o.Phase != Connected {
			return nil
		}
		if ok {
			o.Phase = Established
			return m.letGoEarly(o, "connected")
		}
		m.attemptFailed(o)
	case CallDisconnect:
		if op.st.failure {
			// A connector that was not connected: only a close is left.
			o.Phase = Failed
			return nil
		}
		o.Phase, o.disconnectDone = Disconnected, true
		if ok {
			// After the graceful disconnect the QP is flushed (QP-22).
			m.flushQP(o.QP, "QP-22", ndk.StatusCancelled, 0)
		}
	}
	return nil
}

// closed judges the completion of a close and applies it.
func (m *Model) closed(o *Object, op *Op) *Finding {
	var f *Finding
	certain, _ := m.successorsOf(o)
	// A connector still connecting may already have failed in the
	// provider, which then lets go of its QP and shared endpoint before the
	// consumer sees the failure: judged when its connect ends.
	certain = slices.DeleteFunc(certain, func(s *Object) bool {
		// A successor whose close call is still in the provider may be
		// closed already (a close that completes inline): judged when
		// its close returns.
		switch {
		case m.mayLetGo(s, o):
			s.releasedEarly = append(s.releasedEarly, o.Ref)
			return true
		case s.closeOp != nil && !s.closeOp.Returned:
			s.closedAround = append(s.closedAround, o.Ref)
			return true
		}
		return false
	})
	if len(certain) > 0 {
		rules, state := closeRules(o), "are open"
		if !slices.ContainsFunc(certain, func(s *Object) bool { return !s.Closing }) {
			// Their closes pend: the provider may have closed them and
			// not called their close completions yet (LT-20).
			rules, state = "LT-20 "+rules, "are closing (their close completions had not come)"
		}
		f = m.find(o, CallClose, rules, "the close completes only once its successors are closed", "it completed while "+m.names(certain)+" "+state)
	}
	if f == nil && o.eventsRunning > 0 {
		f = m.find(o, CallClose, "LT-24 CR-7", "the close completes only once the object's event callbacks returned",
			"it completed while a connect event callback was running")
	}
	if reqs := m.pending[o.Ref]; f == nil && len(reqs) > 0 {
		f = m.find(o, CallClose, "LT-23 CR-7 CR-9", "the close completes only once the requests pending on the object completed",
			fmt.Sprintf("it completed while %s is pending", reqs[0].Call))
	}
	for _, s := range m.objs {
		if f == nil && slices.Contains(s.ante, o.Ref) && s.closeCallbackRunning && !m.loose(s, o) {
			f = m.find(o, CallClose, "LT-20 "+closeRules(o), "the close completes only after every close completion callback of its successors returned",
				"it completed while the close completion of "+m.Name(s.Ref)+" was still running")
		}
	}
	o.Closed = true
	return f
}

// Due is something that must happen now, for a driver to wait for: the
// completion of Op, a connect event on listener Event, or a disconnect
// indication on connector Indication.
type Due struct {
	Op         *Op
	Event      Ref
	Indication Ref
	Rules      string
	What       string
}

// Due lists what must happen now.
func (m *Model) Due() []Due {
	var out []Due
	for _, op := range m.ops {
		if op.Done {
			continue
		}
		o := m.Obj(op.Obj)
		if rules, why := m.opDue(o, op); rules != "" {
			if !op.Returned && op.Call == CallClose {
				rules, why = "LT-12 LT-9 LT-14", "a close returns"
			}
			out = append(out, Due{Op: op, Rules: rules, What: fmt.Sprintf("the completion of %s on %s (%s)", op.Call, m.Name(o.Ref), why)})
		}
	}
	for _, c := range m.objs {
		if c.Kind != Connector || c.Closing {
			continue
		}
		if c.Active && c.Phase == Connecting && !c.connectEvent {
			if l := m.listenerAt(c.Side.Other(), c.Remote); takes(l) && c.connectOp.st.live {
				out = append(out, Due{Event: l.Ref, Rules: "CN-3", What: fmt.Sprintf("a connect event on %s for the request of %s", m.Name(l.Ref), m.Name(c.Ref))})
			}
		}
		if c.indicationDue && c.indications == 0 && c.disconnectOp == nil {
			rules := "DS-6 DS-3 CN-15"
			if c.indicationWhy == whyClosed {
				// An abort: no graceful-disconnect notice (DS-3).
				rules = "DS-6 CN-15"
			}
			out = append(out, Due{Indication: c.Ref, Rules: rules, What: "a disconnect indication on " + m.Name(c.Ref) + " (" + c.indicationWhy + ")"})
		}
	}
	return out
}

// opDue says whether op must complete now, and by which rules.
func (m *Model) opDue(o *Object, op *Op) (string, string) {
	if op.Call == CallClose {
		if !op.Returned {
			return "LT-12 LT-9 LT-14", "a close returns"
		}
		if certain, _ := m.successorsOf(o); len(certain) > 0 {
			return "", ""
		}
		if slices.ContainsFunc(m.pending[o.Ref], func(p *Op) bool { return p != op }) {
			return "", "" // they are due themselves (LT-26)
		}
		if o.eventsRunning > 0 {
			return "", "" // its event callbacks hold it (LT-24)
		}
		return "CR-6 LT-4", "nothing holds the close"
	}
	if o.Closing {
		return "LT-26", "a close cancels the object's pending requests"
	}
	if o.aborted {
		return "", ""
	}
	peer := m.Obj(o.Peer)
	switch op.Call {
	case CallListen:
		return "CR-4 LT-4", "a listen completes"
	case CallConnect, CallConnectShared:
		switch {
		case peer != nil && peer.acceptOp != nil:
			return "CR-4 LT-4", "the peer accepted"
		case peer != nil && (peer.rejected || peer.Closing):
			return "CN-3", "the peer rejected or closed the request"
		case peer == nil && !o.connectEvent && (!op.st.live || !takes(m.listenerAt(o.Side.Other(), op.target))):
			return "CN-3", "no listener takes the request"
		case op.st.allowed != nil && !slices.Contains(op.st.allowed, ndk.StatusSuccess):
			return "CN-1", "the source address cannot be bound"
		case op.st.tuple == Busy:
			return "CN-3", "the 4-tuple exists"
		}
	case CallAccept:
		if peer == nil || peer.Phase == Established || peer.completeOp != nil || gaveUp(peer) {
			return "CN-8", "the connecting peer completed or gave up"
		}
	case CallCompleteConnect:
		return "CN-7 CR-4", "a complete-connect completes"
	case CallRegister:
		return "CR-4 LT-4", "a registration completes"
	case CallDisconnect:
		if op.st.failure {
			return "DS-4 CR-4", "a disconnect of a connector that is not connected ends"
		}
		if peer == nil || peer.disconnectOp != nil || peer.Closing {
			return "DS-4 CR-4", "the peer disconnected or closed"
		}
	}
	return "", ""
}

// Unfinished is every op not done, for the end of a sequence: once the
// adapters' blocking closes returned nothing may follow (LT-22).
func (m *Model) Unfinished() []*Op {
	return m.opsWhere(func(op *Op) bool { return !op.Done })
}

// InProvider is every op whose call has not returned: the provider still
// has the consumer's call (an inline or reentrant NdkConnect, NdkAccept or
// NdkDisconnect blocks until the peer's consumer answers, and its
// completion may even have come already).
func (m *Model) InProvider() []*Op {
	return m.opsWhere(func(op *Op) bool { return !op.Returned })
}

// opsWhere is every op keep holds for, in the order they were made.
func (m *Model) opsWhere(keep func(*Op) bool) []*Op {
	var out []*Op
	for _, op := range m.ops {
		if keep(op) {
			out = append(out, op)
		}
	}
	return out
}

// OpenObjects are the objects whose close was not issued.
func (m *Model) OpenObjects() []Ref {
	var out []Ref
	for _, o := range m.objs {
		if !o.Closing {
			out = append(out, o.Ref)
		}
	}
	return out
}

// Finding about op, for a driver that saw it break a rule the model does
// not track (a close that did not return).
func (m *Model) FindingAbout(op *Op, rules, expected, observed string) *Finding {
	return m.find(m.Obj(op.Obj), op.Call, rules, expected, observed)
}

// PeerData is the private data connector c's peer sent, for
// NdkGetConnectionData.
func (m *Model) PeerData(c Ref) []byte {
	if p := m.Obj(m.Obj(c).Peer); p != nil {
		return p.sentPD
	}
	return nil
}

// ReadLimits are the effective read limits an active connector whose
// connect succeeded must report (CN-5): its own asked for, capped by its
// adapter's maxima and the peer's opposite limits.
func (m *Model) ReadLimits(c Ref) (in, out uint32, ok bool) {
	o := m.Obj(c)
	p := m.Obj(o.Peer)
	if !o.Active || p == nil || p.acceptOp == nil {
		return 0, 0, false
	}
	s, ps := o.Side, p.Side
	in = min(o.inLimit, m.cfg.MaxInbound[s], p.outLimit, m.cfg.MaxOutboud[ps])
	out = min(o.outLimit, m.cfg.MaxOutboud[s], p.inLimit, m.cfg.MaxInbound[ps])
	return in, out, true
}

// InCall says whether a call on r has not returned yet: the consumer does
// not close r until it has (LT-8).
func (m *Model) InCall(r Ref) bool {
	for _, op := range m.ops {
		if op.Obj == r && !op.Returned {
			return true
		}
	}
	return false
}

// addressRules are the rules a status about a local address breaks: the
// adapter's own address refused breaks OV-2 (both families are supported);
// a port refused as in use, the rules that freed it.
func (m *Model) addressRules(s Side, source, target netip.AddrPort, call string, st ndk.Status, bindRules string) string {
	local := source
	if call == CallListen {
		local = target
	}
	if st == ndk.StatusInvalidAddress && local.Addr() == m.cfg.Addr[s] {
		return "OV-2 CN-1"
	}
	return bindRules
}

// letGoEarly judges an attempt of o that succeeded after an antecedent's
// close completed while it was in progress (releasedEarly): the antecedent
// closed before its successor.
func (m *Model) letGoEarly(o *Object, doing string) *Finding {
	if len(o.releasedEarly) == 0 {
		return nil
	}
	a := m.Obj(o.releasedEarly[0])
	return m.find(a, CallClose, closeRules(a), "the close completes only once its successors are closed",
		"it completed while "+m.Name(o.Ref)+" was "+doing+", and that attempt then succeeded")
}

// attemptFailed ends o's connect attempt: its peer is left.
func (m *Model) attemptFailed(o *Object) {
	o.Phase = Failed
	if p := m.Obj(o.Peer); p != nil {
		m.peerLeaves(p, "")
	}
}

// dataWithin says whether the private data op sent was within the limit
// the adapters report: MaxCallerData for a connect, MaxCalleeData for an
// accept (OV-1).
func (m *Model) dataWithin(o *Object, op *Op) bool {
	switch op.Call {
	case CallConnect, CallConnectShared:
		return len(o.sentPD) <= int(m.cfg.MaxCallerData)
	case CallAccept:
		return len(o.sentPD) <= int(m.cfg.MaxCalleeData)
	}
	return false
}
