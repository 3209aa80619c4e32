package model

import "github.com/ndkconform/ndkconform/ndk"

// Faults (ndk.FaultInjector): a peer host that stops answering, and a host
// that goes down. The model knows what the pages say of each: a disconnect
// handshake the peer never answers ends with STATUS_IO_TIMEOUT (DS-4,
// CN-17), and an abort is indicated to every connector of the connections
// it ends whose consumer did not call NdkDisconnect (DS-6).

// Unanswered records that the NdkDisconnect op was issued while its peer's
// host does not answer: it can only end with the provider's time-out, and
// the peer, which never got the notice, owes no indication (it may get one
// once its host answers again).
func (m *Model) Unanswered(op *Op) {
	if o := m.Obj(op.Obj); o.peerLeft || o.aborted {
		return // the peer's notice or an abort came before: any end
	}
	op.st = opState{allowed: []ndk.Status{ndk.StatusIOTimeout}, rules: "DS-4 CN-17", why: "the peer's host does not answer: only the provider's time-out can end the handshake"}
	// A host that answers nothing may break the sides' other connections
	// too (a real network drops their traffic meanwhile): the pages
	// promise nothing of them any more.
	for _, c := range m.objs {
		if c.Kind == Connector && c.Ref != op.Obj && c.Peer != 0 && !c.Closed {
			c.aborted, c.peerLeft = true, true
		}
	}
	if p := m.Obj(m.Obj(op.Obj).Peer); p != nil {
		p.indicationDue = false
	}
}

// HostDown records that side s's host went down: every connection between
// the sides is aborted. The connectors of the other side that are
// established and did not call NdkDisconnect must get an indication
// (DS-6); from then on the pages name no status for the calls on either
// end of an aborted connection.
func (m *Model) HostDown(s Side) {
	for _, o := range m.objs {
		if o.Kind != Connector || o.Closed || o.Peer == 0 {
			continue
		}
		o.aborted = true
		o.peerLeft = true
		if o.Side != s && o.Phase == Established && o.disconnectOp == nil && !o.Closing && !o.noEvent {
			o.indicationDue, o.indicationWhy = true, whyFault
		}
		if o.disconnectOp != nil && !o.disconnectOp.Done {
			o.peerLeftRace = true
		}
	}
}

// PeerLeft says whether connector o's peer disconnected, closed or gave up
// (as far as the consumer can know).
func (o *Object) PeerLeft() bool { return o.peerLeft }

// Aborted says whether connector o's connection was aborted by a fault.
func (o *Object) Aborted() bool { return o.aborted }
