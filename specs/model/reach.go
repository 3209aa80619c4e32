package model

import (
	"net/netip"

	"github.com/ndkconform/ndkconform/model"
	"github.com/ndkconform/ndkconform/ndk"
	"pgregory.net/rapid"
)

// The moves and helpers of this file reach in one step states the other
// moves reach only by chance: an endpoint whose port established
// connections hold, closed and at once probed or connected to (LC-13,
// LC-14, LC-16, LC-24), and a listener whose connect event callback alone
// holds its close (LT-24).

// connectors says whether connectors delivered by listener r, or connected
// over shared endpoint r, are not closed yet.
func (w *world) connectors(s model.Side, r model.Ref) bool {
	return len(w.m.Objects(s, model.Connector, func(c *model.Object) bool { return !c.Closed && c.From == r })) > 0
}

// heldEndpoints are side s's open listeners and shared endpoints whose port
// an accepted connector, or one connected over the shared endpoint, holds
// for sure.
func (w *world) heldEndpoints(s model.Side) []model.Ref {
	var out []model.Ref
	for _, k := range []model.Kind{model.Listener, model.SharedEndpoint} {
		for _, r := range w.objects(s, k, (*model.Object).Open) {
			if len(w.m.Objects(s, model.Connector, func(c *model.Object) bool {
				return !c.Closing && c.From == r && (c.Phase == model.Connected || c.Phase == model.Established || c.Phase == model.Disconnected)
			})) > 0 {
				out = append(out, r)
			}
		}
	}
	return out
}

// listening returns a listener of side s listening on a port 0 it asked
// for, or 0 when the listen failed or the listener was closed in its
// completion (judged by the model).
func (w *world) listening(t *rapid.T, s model.Side) model.Ref {
	l := w.newListener(t, s)
	w.listenOn(t, s, l, w.m.Addr(s, 0))
	if o := w.m.Obj(l); !o.Open() || !o.Listening {
		return 0
	}
	return l
}

// eventListener draws a listener of side s that takes requests, for a
// connect whose event the sequence holds: one with no connector open (a
// new one when there is none) or any.
func (w *world) eventListener(t *rapid.T, s model.Side) model.Ref {
	takes := func(o *model.Object) bool { return o.Open() && o.Listening && !o.Paused }
	if rapid.Bool().Draw(t, "listener with no connector") {
		free := w.objects(s, model.Listener, func(o *model.Object) bool { return takes(o) && !w.connectors(s, o.Ref) })
		if len(free) == 0 || rapid.IntRange(0, 3).Draw(t, "new listener") == 0 {
			if l := w.listening(t, s); l != 0 {
				return l
			}
			t.Skip("no listener")
		}
		return rapid.SampledFrom(free).Draw(t, "listener")
	}
	return pick(t, "listening listener", w.objects(s, model.Listener, takes))
}

// dropDelivered closes the passive connector the connect event of active
// connector c delivered, without accepting or rejecting it.
func (w *world) dropDelivered(c model.Ref) {
	w.drain()
	p := w.m.Obj(c).Peer
	if p == 0 || !w.claimClose(p) {
		return
	}
	w.step("%s: NdkCloseObject %s (delivered by the event)", w.side(p), w.m.Name(p))
	h := w.handles[p]
	w.issue(w.m.Close(p), &call{}, func(cl *call) ndk.Status { return h.Close(w.closeDone(cl), nil) })
}

// connectTo issues NdkConnect from side s to dst with an idle connector
// and an unused QP (port 0, no private data) or, when se is not 0,
// NdkConnectWithSharedEndpoint over se, and settles; it returns the
// connector.
func (w *world) connectTo(t *rapid.T, s model.Side, se model.Ref, dst netip.AddrPort) model.Ref {
	c := w.idleConnector(t, s)
	qp := w.drawQP(t, s)
	C, Q := w.handles[c].(ndk.Connector), w.handles[qp].(ndk.QP)
	p := ndk.ConnectParams{QP: Q, Destination: dst}
	if se == 0 {
		p.Source = w.m.Addr(s, 0)
		w.step("%s: NdkConnect %s with %s %v -> %v", s, w.m.Name(c), w.m.Name(qp), p.Source, dst)
		w.issue(w.m.Connect(c, qp, p.Source, dst, nil, 0, 0), &call{}, func(cl *call) ndk.Status { return C.Connect(p, w.requestDone(cl), nil) })
		return c
	}
	SE := w.handles[se].(ndk.SharedEndpoint)
	w.step("%s: NdkConnectWithSharedEndpoint %s over %s with %s -> %v", s, w.m.Name(c), w.m.Name(se), w.m.Name(qp), dst)
	w.issue(w.m.ConnectShared(c, se, qp, dst, nil, 0, 0), &call{}, func(cl *call) ndk.Status {
		return C.ConnectWithSharedEndpoint(SE, p, w.requestDone(cl), nil)
	})
	return c
}

// connection connects side s to listener l of the other side (over shared
// endpoint se when it is not 0) and completes the handshake: accept,
// complete-connect. It says whether both connectors are established.
func (w *world) connection(t *rapid.T, s model.Side, l, se model.Ref) bool {
	c := w.connectTo(t, s, se, w.m.Obj(l).Local)
	w.drain()
	p := w.m.Obj(c).Peer
	if p == 0 || w.m.Obj(p).Phase != model.Incoming || w.closed(p) {
		return false
	}
	ps := s.Other()
	qp := w.drawQP(t, ps)
	P, Q := w.handles[p].(ndk.Connector), w.handles[qp].(ndk.QP)
	w.step("%s: NdkAccept %s with %s", ps, w.m.Name(p), w.m.Name(qp))
	w.issue(w.m.Accept(p, qp, nil, 0, 0), &call{}, func(cl *call) ndk.Status {
		return P.Accept(ndk.AcceptParams{QP: Q, OnDisconnect: w.onDisconnect(p)}, w.requestDone(cl), nil)
	})
	w.drain()
	if w.m.Obj(c).Phase != model.Connected || w.closed(c) {
		return false
	}
	C := w.handles[c].(ndk.Connector)
	w.step("%s: NdkCompleteConnect %s", s, w.m.Name(c))
	w.issue(w.m.CompleteConnect(c), &call{}, func(cl *call) ndk.Status {
		return C.CompleteConnect(w.onDisconnect(c), nil, w.requestDone(cl), nil)
	})
	w.drain()
	return w.m.Obj(c).Phase == model.Established && w.m.Obj(p).Phase == model.Established
}

// heldListener makes a listener of side s with an established connection
// accepted over it, or returns 0.
func (w *world) heldListener(t *rapid.T, s model.Side) model.Ref {
	l := w.listening(t, s)
	if l == 0 || !w.connection(t, s.Other(), l, 0) {
		return 0
	}
	return l
}

// heldShared makes a shared endpoint of side s (port 0) with an established
// connection over it to a listener of the other side, or returns 0.
func (w *world) heldShared(t *rapid.T, s model.Side) model.Ref {
	se := w.newSharedEndpoint(s, w.m.Addr(s, 0))
	if se == 0 {
		return 0
	}
	ls := w.objects(s.Other(), model.Listener, func(o *model.Object) bool { return o.Open() && o.Listening && !o.Paused })
	var l model.Ref
	if len(ls) == 0 || rapid.Bool().Draw(t, "new listener") {
		if l = w.listening(t, s.Other()); l == 0 {
			return 0
		}
	} else {
		l = rapid.SampledFrom(ls).Draw(t, "listener")
	}
	if !w.connection(t, s, l, se) {
		return 0
	}
	return se
}

// closeHeld closes a listener or shared endpoint whose port established
// connections hold (one the sequence has, or one made for the purpose),
// then at once probes its port, which stays busy until they are closed
// (LC-13, LC-14, LC-24), or, for a listener, connects to it: no request is
// delivered once its close was issued (LC-16).
func (w *world) closeHeld(t *rapid.T) {
	s := w.drawSide(t)
	var r model.Ref
	held := w.heldEndpoints(s)
	switch {
	case len(held) > 0 && rapid.Bool().Draw(t, "one the sequence has"):
		r = rapid.SampledFrom(held).Draw(t, "held endpoint")
	case rapid.IntRange(0, 2).Draw(t, "shared endpoint") == 0:
		r = w.heldShared(t, s)
	default:
		r = w.heldListener(t, s)
	}
	if r == 0 || !w.claimClose(r) {
		return
	}
	o := w.m.Obj(r)
	w.step("%s: NdkCloseObject %s (connections hold its port)", s, w.m.Name(r))
	h := w.handles[r]
	w.issue(w.m.Close(r), &call{}, func(c *call) ndk.Status { return h.Close(w.closeDone(c), nil) })
	what := 0 // probe
	if o.Kind == model.Listener {
		what = rapid.IntRange(0, 2).Draw(t, "probe, connect or both")
	}
	if what > 0 {
		w.connectTo(t, s.Other(), 0, o.Local)
	}
	if what != 1 {
		w.probe(s, o.Local.Port())
	}
}
