package model

import (
	"fmt"
	"net/netip"
	"slices"

	"github.com/ndkconform/ndkconform/ndk"
)

// Call names.
const (
	CallListen          = "NdkListen"
	CallConnect         = "NdkConnect"
	CallConnectShared   = "NdkConnectWithSharedEndpoint"
	CallAccept          = "NdkAccept"
	CallReject          = "NdkReject"
	CallCompleteConnect = "NdkCompleteConnect"
	CallDisconnect      = "NdkDisconnect"
	CallClose           = "NdkCloseObject"
)

// opState is what a request was issued with, for judging its outcome.
type opState struct {
	allowed []ndk.Status // for a bind: the statuses the address allows
	rules   string
	why     string
	live    bool // Connect: a listener listened on the destination, not paused or closing
	tuple   PortState
	// failure: the request can only fail (any failure status): a
	// disconnect of a connector that is not connected.
	failure bool
	// answered: a disconnect issued after the peer's succeeded (DS-4).
	answered bool
}

// live says whether side s has a listener on ap that takes requests.
func (m *Model) listenerAt(s Side, ap netip.AddrPort) *Object {
	for _, o := range m.objs {
		if o.Side == s && o.Kind == Listener && o.Listening && !o.Closed && o.Local == ap {
			return o
		}
	}
	return nil
}

func takes(l *Object) bool { return l != nil && !l.Closing && !l.Paused }

// ----- NdkListen

// Listen is NdkListen on listener l for ap.
func (m *Model) Listen(l Ref, ap netip.AddrPort) *Op {
	o := m.Obj(l)
	op := m.newOp(CallListen, o)
	op.target = ap
	o.listened = true
	allowed, rules, why := m.bindExpect(o.Side, ap)
	op.st = opState{allowed: allowed, rules: rules, why: why}
	return op
}

// ListenBound records the address a listen that succeeded reports
// (NdkGetListenerLocalAddress).
func (m *Model) ListenBound(l Ref, got netip.AddrPort) *Finding {
	o := m.Obj(l)
	o.Local = got
	return m.bound(o, "NdkGetListenerLocalAddress", m.listenOf(l).target, got, roleListener)
}

func (m *Model) listenOf(l Ref) *Op {
	for i := len(m.ops) - 1; i >= 0; i-- {
		if m.ops[i].Obj == l && m.ops[i].Call == CallListen {
			return m.ops[i]
		}
	}
	return nil
}

// Pause is NdkControlConnectEvents on a listener.
func (m *Model) Pause(l Ref, pause bool) { m.Obj(l).Paused = pause }

// ----- NdkCreateSharedEndpoint

// SharedEndpointExpect is what NdkCreateSharedEndpoint on side s for ap may
// end with, and the rules that decide it.
func (m *Model) SharedEndpointExpect(s Side, ap netip.AddrPort) ([]ndk.Status, string, string) {
	allowed, rules, why := m.bindExpect(s, ap)
	// Any create may fail for want of resources (CR-11).
	return append(allowed, ndk.StatusInsufficientResources), rules, why
}

// AddSharedEndpoint records a shared endpoint created on side s for asked,
// which reports got (NdkGetSharedEndpointLocalAddress).
func (m *Model) AddSharedEndpoint(s Side, asked, got netip.AddrPort) (Ref, *Finding) {
	r := m.Add(s, SharedEndpoint)
	o := m.Obj(r)
	o.Local = got
	return r, m.bound(o, "NdkGetSharedEndpointLocalAddress", asked, got, roleShared)
}

// ----- NdkConnect, NdkConnectWithSharedEndpoint

// Connect is NdkConnect on connector c with qp from src to dst, sending
// privateData and asking for the read limits in and out.
func (m *Model) Connect(c, qp Ref, src, dst netip.AddrPort, privateData []byte, in, out uint32) *Op {
	o := m.Obj(c)
	op := m.newOp(CallConnect, o)
	op.source, op.target = src, dst
	allowed, rules, why := m.bindExpect(o.Side, src)
	if src.Port() == 0 && src.Addr() == m.cfg.Addr[o.Side] {
		allowed = []ndk.Status{ndk.StatusSuccess}
	}
	op.st = opState{allowed: allowed, rules: rules, why: why, live: takes(m.listenerAt(o.Side.Other(), dst))}
	m.startConnect(o, op, qp, privateData, in, out)
	if src.Port() != 0 && slices.Contains(allowed, ndk.StatusSuccess) {
		m.hold(o.Side, src, c, roleDedicated)
		o.Local = src
	}
	return op
}

// ConnectShared is NdkConnectWithSharedEndpoint on connector c over shared
// endpoint se with qp to dst.
func (m *Model) ConnectShared(c, se, qp Ref, dst netip.AddrPort, privateData []byte, in, out uint32) *Op {
	o, s := m.Obj(c), m.Obj(se)
	op := m.newOp(CallConnectShared, o)
	op.source, op.target = s.Local, dst
	op.st = opState{allowed: []ndk.Status{ndk.StatusSuccess}, live: takes(m.listenerAt(o.Side.Other(), dst)), tuple: m.tuple(o.Side, s.Local, dst)}
	m.startConnect(o, op, qp, privateData, in, out)
	o.From = se
	o.ante = append(o.ante, se)
	o.Local = s.Local
	m.hold(o.Side, s.Local, c, roleOverShared)
	return op
}

// tuple is whether a connection from local to remote exists on side s.
func (m *Model) tuple(s Side, local, remote netip.AddrPort) PortState {
	state := Free
	for _, o := range m.objs {
		if o.Side != s || o.Kind != Connector || !o.Active || o.Local != local || o.Remote != remote || o.Closed {
			continue
		}
		switch {
		case o.Closing || o.Phase == Failed || o.Phase == Connecting:
			state = max(state, Either)
		default:
			return Busy
		}
	}
	return state
}

func (m *Model) startConnect(o *Object, op *Op, qp Ref, privateData []byte, in, out uint32) {
	o.Phase, o.Active, o.QP, o.Remote = Connecting, true, qp, op.target
	o.sentPD, o.inLimit, o.outLimit = privateData, in, out
	o.connectOp = op
	o.ante = append(o.ante, qp)
	m.Obj(qp).Used = true
}

// ConnectBound records the local address a connector that connected reports
// (NdkGetLocalAddress) and checks it and its peer address.
func (m *Model) ConnectBound(c Ref, local, peer netip.AddrPort) *Finding {
	o := m.Obj(c)
	if peer != o.Remote {
		return m.find(o, "NdkGetPeerAddress", "LC-2", fmt.Sprintf("the destination connected to, %v", o.Remote), peer.String())
	}
	op := o.connectOp
	if op.Call == CallConnectShared {
		if local != o.Local {
			return m.find(o, "NdkGetLocalAddress", "LC-5 CN-4", fmt.Sprintf("the shared endpoint's address %v", o.Local), local.String())
		}
		return nil
	}
	if op.source.Port() != 0 {
		if local != op.source {
			return m.find(o, "NdkGetLocalAddress", "LC-4 LC-2", fmt.Sprintf("the source asked for, %v", op.source), local.String())
		}
		return nil
	}
	o.Local = local
	return m.bound(o, "NdkGetLocalAddress", op.source, local, roleDedicated)
}

// ConnectEvent is a connect event on listener l delivering a new passive
// connector, which the model names with the returned Ref (the consumer must
// close it even when the event was a violation).
func (m *Model) ConnectEvent(l Ref) (Ref, *Finding) {
	L := m.Obj(l)
	r := m.Add(L.Side, Connector, l)
	p := m.Obj(r)
	p.Phase, p.From, p.Local = Incoming, l, L.Local
	p.connectEvent = true
	m.hold(L.Side, L.Local, r, roleAccepted)
	switch {
	case L.Closed:
		return r, m.find(L, "NdkConnectEventCallback", "LT-25 CR-9", "no callback after the listener's close completed", "a connect event")
	case L.Closing:
		return r, m.find(L, "NdkConnectEventCallback", "LC-16", "no connect event once the listener's close was issued (new connections are rejected)", "a connect event")
	case L.Paused:
		return r, m.find(L, "NdkConnectEventCallback", "CN-6", "no connect event while connect events are paused (requests are treated as if no listener existed)", "a connect event")
	}
	// The active connector: the one connect to this listener awaiting its
	// event (a driver waits for each event before the next connect).
	for _, c := range m.objs {
		if c.Kind == Connector && c.Active && c.Side == L.Side.Other() && c.Phase == Connecting && !c.connectEvent && c.Remote == L.Local {
			c.connectEvent = true
			c.Peer, p.Peer = r, c.Ref
			p.Remote = c.Local
			return r, nil
		}
	}
	p.Phase = Failed
	return r, m.find(L, "NdkConnectEventCallback", "CN-3", "a connect event only for a connection request", "a connect event no pending NdkConnect accounts for")
}

// ----- NdkAccept, NdkReject, NdkCompleteConnect

// Accept is NdkAccept on passive connector p with qp.
func (m *Model) Accept(p, qp Ref, privateData []byte, in, out uint32) *Op {
	o := m.Obj(p)
	op := m.newOp(CallAccept, o)
	o.Phase, o.QP, o.acceptOp = Accepting, qp, op
	o.sentPD, o.inLimit, o.outLimit = privateData, in, out
	o.ante = append(o.ante, qp)
	m.Obj(qp).Used = true
	return op
}

// AcceptBound checks the addresses an accepted connector reports.
func (m *Model) AcceptBound(p Ref, local, peer netip.AddrPort) *Finding {
	o := m.Obj(p)
	if local != o.Local {
		return m.find(o, "NdkGetLocalAddress", "LC-3 LC-2", fmt.Sprintf("the listener's address %v (an accepted connector inherits the listener's endpoint)", o.Local), local.String())
	}
	if c := m.Obj(o.Peer); c != nil && c.Local.Port() != 0 && peer != c.Local {
		return m.find(o, "NdkGetPeerAddress", "LC-2", fmt.Sprintf("the connecting side's address %v", c.Local), peer.String())
	}
	return nil
}

// gaveUp says whether connector o gave up its attempt: closed (or
// closing), rejected, or its attempt failed.
func gaveUp(o *Object) bool {
	return o == nil || o.Closing || o.rejected || o.Phase == Failed
}

// Reject is NdkReject on connector c (passive, incoming; or active, after
// its connect succeeded). It has no completion.
func (m *Model) Reject(c Ref, st ndk.Status) *Finding {
	o := m.Obj(c)
	peer := m.Obj(o.Peer)
	allowed := []ndk.Status{ndk.StatusSuccess}
	why := "NdkReject of a request"
	rules := "CN-9"
	switch {
	case o.aborted:
		// A host fault aborted the attempt (HostDown, Unanswered): the
		// page's "other status codes" are the provider's to choose, as
		// for every call on an aborted connection; a success too (the
		// provider may not have seen the fault).
		allowed = nil
	case peer != nil && peer.Closed:
		allowed, why = []ndk.Status{ndk.StatusConnectionAborted}, "the peer gave up (its connector is closed)"
	case gaveUp(peer):
		allowed, why = []ndk.Status{ndk.StatusSuccess, ndk.StatusConnectionAborted}, "the peer is giving up"
	case o.Active && peer != nil && peer.acceptOp != nil && !peer.acceptOp.Done:
		// A set-up time-out of either side's provider may have ended
		// the attempt already, the accept's completion not yet seen:
		// the accepting side's NdkAccept timing out (CN-8), or the
		// connecting side's provider giving up on a consumer that did
		// not call NdkCompleteConnect. The NdkAccept then ends with
		// STATUS_IO_TIMEOUT or STATUS_CONNECTION_ABORTED (gaveUp).
		allowed = []ndk.Status{ndk.StatusSuccess, ndk.StatusConnectionAborted}
		why = "NdkReject on the connecting side after its NdkConnect completed (aborted only if a set-up time-out ended the attempt)"
	case o.Active:
		why = "NdkReject on the connecting side after its NdkConnect completed"
	}
	o.rejected = true
	o.Phase = Failed
	if peer != nil {
		peer.peerLeft = true
	}
	if allowed != nil && !statusIn(st, allowed) {
		return m.find(o, CallReject, rules, fmt.Sprintf("%s (%s)", statusList(allowed), why), st.String())
	}
	return nil
}

// CompleteConnect is NdkCompleteConnect on active connector c.
func (m *Model) CompleteConnect(c Ref) *Op {
	o := m.Obj(c)
	op := m.newOp(CallCompleteConnect, o)
	if o.Phase == Connected {
		o.completeOp = op
	} else {
		op.st.allowed = []ndk.Status{ndk.StatusConnectionInvalid}
		op.st.why = "the connector is not connecting"
	}
	return op
}

// ----- NdkDisconnect, indications

// Disconnect is NdkDisconnect on an established connector.
func (m *Model) Disconnect(c Ref) *Op {
	o := m.Obj(c)
	op := m.newOp(CallDisconnect, o)
	if o.Phase == Idle || o.Phase == Failed {
		op.st = opState{failure: true, rules: "DS-4", why: "the connector is not connected: no peer can answer"}
	}
	o.disconnectOp = op
	m.disconnectIssued(o, op)
	p := m.Obj(o.Peer)
	// The peer's NdkDisconnect succeeded before this one was issued: its
	// graceful-disconnect notice had arrived, which is what completes this
	// one with success (DS-4). Not with initiator requests outstanding
	// here, which a provider need not disconnect gracefully (DS-12). Only
	// once this connector's disconnect indication came, which is how the
	// notice's arrival is seen. Before it (or with no disconnect event
	// callback registered), a failure here is either
	// this provider ignoring a notice that came (DS-4) or the peer's never
	// sending it (DS-3), and the model cannot tell which: it requires
	// nothing (sim's disconnect-needs-event stays for the hand-written
	// spec; charging both would be a false verdict against a provider
	// that breaks one).
	if p != nil && o.indications > 0 && o.Phase == Established && !o.aborted && !p.Closing && p.disconnectOp != nil && p.disconnectOp.Done && p.disconnectOp.Status == ndk.StatusSuccess &&
		(o.QP == 0 || m.Outstanding(o.QP, true) == 0) {
		op.st.answered = true
	}
	// The peer left before: the provider may have detected the abort
	// before this call and deliver its indication after it (DS-6, DS-7).
	o.peerLeftRace = o.peerLeftRace || o.peerLeft
	if p != nil {
		m.peerLeaves(p, whyDisconnected)
	}
	return op
}

// NoDisconnectEvent records that the NdkAccept or NdkCompleteConnect just
// issued on connector c registers no disconnect event callback (the
// parameter is optional, CN-15): no indication can come to c, and none is
// due.
func (m *Model) NoDisconnectEvent(c Ref) { m.Obj(c).noEvent = true }

// Why an indication is due.
const (
	whyDisconnected = "its peer disconnected"
	whyClosed       = "its peer closed its established connector without disconnecting: an abort"
	whyFault        = "a host fault aborted its connection"
)

// peerLeaves records that o's peer left the connection: disconnected, gave
// up its attempt or closed its connector. why, when not empty, is how o's
// provider learns it (the peer's graceful-disconnect notice, or the abort
// the close of an established connector makes): o is owed an indication
// if its connection is established, it registered a callback and did not
// call NdkDisconnect itself (DS-6).
func (m *Model) peerLeaves(o *Object, why string) {
	if o.peerLeft {
		return
	}
	o.peerLeft = true
	if o.disconnectOp != nil && !o.disconnectOp.Done {
		o.peerLeftRace = true
	}
	if why != "" && o.disconnectOp == nil && o.Phase == Established && !o.noEvent {
		o.indicationDue, o.indicationWhy = true, why
	}
}

// Indication is a disconnect event callback on connector c.
func (m *Model) Indication(c Ref) *Finding {
	o := m.Obj(c)
	o.indications++
	const call = "NdkDisconnectEventCallback"
	switch {
	case o.Closed:
		return m.find(o, call, "LT-25 CR-9", "no callback after the connector's close completed", "a disconnect indication")
	case o.indications > 1:
		return m.find(o, call, "CN-15", "the disconnect event callback is invoked only once", fmt.Sprintf("indication #%d", o.indications))
	case !o.peerLeft:
		return m.find(o, call, "DS-2", "an indication only when the peer disconnects or the connection is aborted, never for the side's own NdkDisconnect or close", "a disconnect indication")
	case o.disconnectOp != nil && !o.peerLeftRace:
		return m.find(o, call, "DS-6 DS-2", "no indication once the consumer itself called NdkDisconnect (it did before the peer left)", "a disconnect indication")
	}
	return nil
}

// ----- NdkCloseObject

// Close is NdkCloseObject on r.
func (m *Model) Close(r Ref) *Op {
	o := m.Obj(r)
	op := m.newOp(CallClose, o)
	o.Closing, o.closeOp = true, op
	certain, _ := m.successorsOf(o)
	certain = slices.DeleteFunc(certain, func(s *Object) bool { return m.mayLetGo(s, o) })
	if len(certain) > 0 {
		op.mustPend = closeRules(o)
		op.st.why = "its successors " + m.names(certain) + " are open"
	}
	if o.Kind == Connector {
		if p := m.Obj(o.Peer); p != nil {
			// The close of an established connector that did not
			// disconnect aborts the connection: the peer's provider
			// detects it (the indication is for every cause but the
			// consumer's own NdDisconnect or NdCloseConnector, DS-2,
			// DS-6).
			why := ""
			if o.Phase == Established {
				why = whyClosed
			}
			m.peerLeaves(p, why)
		}
	}
	if o.Kind == QP {
		// The close starts flushing its requests (LT-26).
		m.flushQP(r, "LT-26 QP-21", 0, 0)
	}
	return op
}

func closeRules(o *Object) string {
	switch o.Kind {
	case Listener:
		return "LC-15 LC-11 LT-16 LT-15"
	case SharedEndpoint:
		return "LC-25 LT-16 LT-15"
	}
	return "LT-16 LT-15"
}

// successorsOf are the objects not yet closed that hold o open for sure
// (certain), and those that may (a connector whose attempt failed may or
// may not still hold its QP and shared endpoint).
func (m *Model) successorsOf(o *Object) (certain, maybe []*Object) {
	for _, s := range m.objs {
		if s.Closed || !slices.Contains(s.ante, o.Ref) {
			continue
		}
		if m.loose(s, o) {
			maybe = append(maybe, s)
			continue
		}
		certain = append(certain, s)
	}
	return certain, maybe
}

// CloseCallback records that the close completion callback of r started
// (running true) or returned: an antecedent's close must not complete
// while it runs (LT-20).
func (m *Model) CloseCallback(r Ref, running bool) { m.Obj(r).closeCallbackRunning = running }

// loose says whether the link from successor s to antecedent o is one the
// pages leave open: a connector whose connect attempt failed may or may not
// still hold the QP and shared endpoint it tried with.
func (m *Model) loose(s, o *Object) bool {
	return s.Kind == Connector && s.Phase == Failed && (o.Kind == QP || o.Kind == SharedEndpoint)
}

// mayLetGo says whether successor s, a connector still connecting or
// accepting, or connected and not yet completed (the accepting peer may
// have timed the set-up out meanwhile, CN-7, CN-8), may already have
// failed in the provider and let go of its QP or shared endpoint o before
// the consumer sees the failure: o's close is then judged when s's
// attempt ends (releasedEarly).
func (m *Model) mayLetGo(s, o *Object) bool {
	return s.Kind == Connector && (s.Phase == Connecting || s.Phase == Accepting || s.Phase == Connected) && (o.Kind == QP || o.Kind == SharedEndpoint)
}

// EventCallback records that a connect event callback of listener l started
// (running true) or returned: l's close must not complete while it runs
// (LT-24).
func (m *Model) EventCallback(l Ref, running bool) {
	o := m.Obj(l)
	if running {
		o.eventsRunning++
	} else {
		o.eventsRunning--
	}
}
