package model

import (
	"bytes"
	"fmt"
	"net/netip"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/model"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	"pgregory.net/rapid"
)

// poolPorts are the explicit ports sequences bind, so that binds meet.
var poolPorts = []uint16{7000, 7001, 7002}

// actions are the consumer's moves, each legal under the consumer rules
// (LT-8: calls are made one at a time and return before the next, so no
// close races a call on its object; CR-8: nothing is used once its close
// was issued; DS-9: a QP serves one connection; CN-10: connection data
// only before Accept or CompleteConnect).
func (w *world) actions() map[string]func(*rapid.T) {
	return map[string]func(*rapid.T){
		"create listener":           w.createListener,
		"create connector":          w.createConnector,
		"create QP":                 w.createQP,
		"create shared endpoint":    w.createSharedEndpoint,
		"listen":                    w.listen,
		"pause connect events":      w.pause,
		"connect":                   w.connect,
		"connect again":             w.connect,
		"connect shared":            w.connectShared,
		"accept":                    w.accept,
		"accept again":              w.accept,
		"complete connect again":    w.completeConnect,
		"disconnect again":          w.disconnectAny,
		"reject":                    w.reject,
		"complete connect":          w.completeConnect,
		"connection data":           w.connectionData,
		"disconnect":                w.disconnect,
		"close":                     w.close,
		"probe a port":              w.probePort,
		"concurrent creates":        w.concurrentCreates,
		"close during event":        w.closeDuringEvent,
		"close a held endpoint":     w.closeHeld,
		"data path":                 w.dataPath,
		"disconnect with data":      w.disconnectWithData,
		"establish a connection":    w.establish,
		"no disconnect event":       w.noDisconnectEvent,
		"no disconnect event again": w.noDisconnectEvent,
		"fault":                     w.fault,
	}
}

func (w *world) drawSide(t *rapid.T) model.Side {
	return model.Side(rapid.IntRange(0, 1).Draw(t, "side"))
}

// pick draws one of refs, skipping the action when there is none.
func pick(t *rapid.T, label string, refs []model.Ref) model.Ref {
	if len(refs) == 0 {
		t.Skip("no " + label)
	}
	return rapid.SampledFrom(refs).Draw(t, label)
}

// drawLocal draws a local address of side s: port 0, a pool port or a
// port seen bound, rarely an address not on the adapter (the peer's).
func (w *world) drawLocal(t *rapid.T, s model.Side, label string) netip.AddrPort {
	ports := append([]uint16{0, 0}, poolPorts...)
	ports = append(ports, w.m.Ports(s)...)
	port := rapid.SampledFrom(ports).Draw(t, label)
	if rapid.IntRange(0, 9).Draw(t, label+" foreign") == 0 {
		return w.m.Addr(s.Other(), port)
	}
	return w.m.Addr(s, port)
}

// objects are the model's objects of side s and kind k that keep accepts,
// without those a callback closed.
func (w *world) objects(s model.Side, k model.Kind, keep func(*model.Object) bool) []model.Ref {
	refs := w.m.Objects(s, k, keep)
	out := refs[:0]
	for _, r := range refs {
		if !w.closed(r) && !w.m.InCall(r) {
			out = append(out, r)
		}
	}
	return out
}

// fresh draws one of refs or, when there is none or the draw says so, a
// new object made by make.
func (w *world) fresh(t *rapid.T, s model.Side, label string, refs []model.Ref, make func(*rapid.T, model.Side) model.Ref) model.Ref {
	if len(refs) == 0 || rapid.IntRange(0, 3).Draw(t, "new "+label) == 0 {
		return make(t, s)
	}
	return rapid.SampledFrom(refs).Draw(t, label)
}

func (w *world) createListener(t *rapid.T) { w.newListener(t, w.drawSide(t)) }

func (w *world) newListener(t *rapid.T, s model.Side) model.Ref {
	box := new(model.Ref)
	obj := w.create(s, "NdkCreateListener", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
		return w.adapter[s].CreateListener(func(ctx any, conn ndk.Connector) {
			w.enter()
			defer w.leave()
			w.push(event{kind: evConnect, ref: *ctx.(*model.Ref), conn: conn})
			w.mu.Lock()
			hold, held := w.holdEvent, w.eventHeld
			w.holdEvent = nil
			w.mu.Unlock()
			if hold != nil {
				close(held)
				<-hold
			}
			w.push(event{kind: evEventEnd, ref: *ctx.(*model.Ref)})
		}, box, done, nil)
	})
	if obj == nil {
		t.Skip("no resources")
	}
	*box = w.m.Add(s, model.Listener)
	w.handles[*box] = obj
	w.step("%s: create %s", s, w.m.Name(*box))
	return *box
}

func (w *world) createConnector(t *rapid.T) { w.newConnector(t, w.drawSide(t)) }

func (w *world) newConnector(t *rapid.T, s model.Side) model.Ref {
	obj := w.create(s, "NdkCreateConnector", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
		return w.adapter[s].CreateConnector(done, nil)
	})
	if obj == nil {
		t.Skip("no resources")
	}
	r := w.m.Add(s, model.Connector)
	w.handles[r] = obj
	w.step("%s: create %s", s, w.m.Name(r))
	return r
}

func (w *world) createQP(t *rapid.T) { w.newQP(t, w.drawSide(t)) }

// newQP creates a QP on a PD and a CQ, reusing open ones or creating them.
func (w *world) newQP(t *rapid.T, s model.Side) model.Ref {
	get := func(k model.Kind, call string, fn func(done ndk.CreateCompletion) (ndk.Object, ndk.Status)) model.Ref {
		open := w.objects(s, k, (*model.Object).Open)
		if len(open) > 0 && rapid.Bool().Draw(t, "reuse "+k.String()) {
			return rapid.SampledFrom(open).Draw(t, k.String())
		}
		obj := w.create(s, call, fn)
		if obj == nil {
			t.Skip("no resources")
		}
		r := w.m.Add(s, k)
		w.handles[r] = obj
		w.step("%s: create %s", s, w.m.Name(r))
		return r
	}
	pd := get(model.PD, "NdkCreatePd", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
		return w.adapter[s].CreatePD(done, nil)
	})
	cq := get(model.CQ, "NdkCreateCq", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
		return w.adapter[s].CreateCQ(ndk.CQParams{Depth: cqDepth}, done, nil)
	})
	p, c := w.handles[pd].(ndk.PD), w.handles[cq].(ndk.CQ)
	box := new(model.Ref) // the QPContext of its results (QP-3)
	obj := w.create(s, "NdkCreateQp", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
		return p.CreateQP(ndk.QPParams{ReceiveCQ: c, InitiatorCQ: c, Context: box, ReceiveQueueDepth: queueLen, InitiatorQueueDepth: queueLen,
			MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}, done, nil)
	})
	if obj == nil {
		t.Skip("no resources")
	}
	r := w.m.Add(s, model.QP, pd, cq)
	*box = r
	w.handles[r] = obj
	w.step("%s: create %s on %s, %s", s, w.m.Name(r), w.m.Name(pd), w.m.Name(cq))
	return r
}

func (w *world) createSharedEndpoint(t *rapid.T) {
	s := w.drawSide(t)
	w.newSharedEndpoint(s, w.drawLocal(t, s, "shared endpoint address"))
}

// newSharedEndpoint creates a shared endpoint of side s for ap and returns
// it, or 0 when the create failed (as the model allows or not).
func (w *world) newSharedEndpoint(s model.Side, ap netip.AddrPort) model.Ref {
	allowed, rules, why := w.m.SharedEndpointExpect(s, ap)
	w.step("%s: NdkCreateSharedEndpoint %v", s, ap)
	obj, st, problem := w.createRaw("NdkCreateSharedEndpoint", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
		return w.adapter[s].CreateSharedEndpoint(ap, done, nil)
	})
	w.fail(problem)
	w.note(" -> %v", st)
	if !statusIn(st, allowed) {
		switch {
		case st == ndk.StatusInvalidAddress && ap.Addr() == w.m.Addr(s, 0).Addr():
			rules = "OV-2 CN-1"
		case st != ndk.StatusSharingViolation && st != ndk.StatusInvalidAddress && st != ndk.StatusTooManyAddresses:
			// No status about the address: the provider does not
			// create shared endpoints.
			rules = createRule["NdkCreateSharedEndpoint"] + " " + rules
		}
		w.fail(&model.Finding{Rules: rules, Call: "NdkCreateSharedEndpoint", Object: "a new shared endpoint", Side: s.String(),
			Expected: fmt.Sprintf("%v (%s)", allowed, why), Observed: st.String()})
	}
	if st != ndk.StatusSuccess {
		if obj != nil {
			w.fail(&model.Finding{Rules: "CR-2", Call: "NdkCreateSharedEndpoint", Side: s.String(), Expected: "no object for a failed create", Observed: "an object"})
		}
		return 0
	}
	se := obj.(ndk.SharedEndpoint)
	got, gst := se.GetLocalAddress()
	w.fail(finalFinding("NdkGetSharedEndpointLocalAddress", "", s.String(), gst))
	if gst != ndk.StatusSuccess {
		w.fail(&model.Finding{Rules: "CN-2", Call: "NdkGetSharedEndpointLocalAddress", Side: s.String(), Expected: "STATUS_SUCCESS", Observed: gst.String()})
	}
	r, f := w.m.AddSharedEndpoint(s, ap, got)
	w.handles[r] = obj
	w.note(" = %s at %v", w.m.Name(r), got)
	w.fail(f)
	return r
}

func statusIn(st ndk.Status, set []ndk.Status) bool {
	for _, s := range set {
		if s == st {
			return true
		}
	}
	return false
}

func (w *world) listen(t *rapid.T) {
	s := w.drawSide(t)
	l := w.fresh(t, s, "listener", w.objects(s, model.Listener, func(o *model.Object) bool { return o.Open() && !o.Listened() }), w.newListener)
	w.listenOn(t, s, l, w.drawLocal(t, s, "listen address"))
}

func (w *world) listenOn(t *rapid.T, s model.Side, l model.Ref, ap netip.AddrPort) {
	c := &call{closeInCompletion: rapid.IntRange(0, 7).Draw(t, "close in completion") == 0}
	w.step("%s: NdkListen %s %v", s, w.m.Name(l), ap)
	if c.closeInCompletion {
		w.note(" (closing it inside the completion)")
	}
	L := w.handles[l].(ndk.Listener)
	w.issue(w.m.Listen(l, ap), c, func(c *call) ndk.Status { return L.Listen(ap, w.requestDone(c), nil) })
}

func (w *world) pause(t *rapid.T) {
	s := w.drawSide(t)
	l := pick(t, "listening listener", w.objects(s, model.Listener, func(o *model.Object) bool { return o.Open() && o.Listening }))
	p := !w.m.Obj(l).Paused
	w.step("%s: NdkControlConnectEvents %s pause=%v", s, w.m.Name(l), p)
	L := w.handles[l].(ndk.Listener)
	w.invoke("NdkControlConnectEvents", func() ndk.Status { L.ControlConnectEvents(p); return ndk.StatusSuccess })
	w.m.Pause(l, p)
	w.settle()
}

// drawQP draws a QP of side s that never served a connection, whose PD and
// CQ are open.
func (w *world) drawQP(t *rapid.T, s model.Side) model.Ref {
	return w.fresh(t, s, "unused QP", w.objects(s, model.QP, func(o *model.Object) bool {
		if !o.Open() || o.Used {
			return false
		}
		for _, a := range o.Antecedents() {
			if !w.m.Obj(a).Open() {
				return false
			}
		}
		return true
	}), w.newQP)
}

// drawDestination draws an address of side s to connect to: a listener's
// or a pool port.
func (w *world) drawDestination(t *rapid.T, s model.Side) netip.AddrPort {
	var ports []uint16
	for _, l := range w.objects(s, model.Listener, func(o *model.Object) bool { return o.Listening && !o.Closed }) {
		ports = append(ports, w.m.Obj(l).Local.Port())
	}
	if len(ports) == 0 && rapid.IntRange(0, 2).Draw(t, "listen first") > 0 {
		l := w.newListener(t, s)
		w.listenOn(t, s, l, w.m.Addr(s, rapid.SampledFrom([]uint16{0, poolPorts[1]}).Draw(t, "listen port")))
		if o := w.m.Obj(l); o.Listening {
			ports = append(ports, o.Local.Port())
		}
	}
	ports = append(ports, poolPorts[0])
	return w.m.Addr(s, rapid.SampledFrom(ports).Draw(t, "destination port"))
}

func (w *world) idleConnector(t *rapid.T, s model.Side) model.Ref {
	return w.fresh(t, s, "idle connector", w.objects(s, model.Connector, func(o *model.Object) bool {
		return o.Open() && o.Phase == model.Idle && !o.Active
	}), w.newConnector)
}

func (w *world) drawConnectData(t *rapid.T, s model.Side) ([]byte, uint32, uint32) {
	n := rapid.IntRange(0, int(w.info[s].MaxCallerData)).Draw(t, "private data length")
	pd := bytes.Repeat([]byte{byte(n)}, n)
	for i := range pd {
		pd[i] = byte(i*7 + 1)
	}
	in := uint32(rapid.IntRange(0, int(w.info[s].MaxInboundReadLimit)+1).Draw(t, "inbound read limit"))
	out := uint32(rapid.IntRange(0, int(w.info[s].MaxOutboundReadLimit)+1).Draw(t, "outbound read limit"))
	return pd, in, out
}

func (w *world) connect(t *rapid.T) {
	s := w.drawSide(t)
	c := w.idleConnector(t, s)
	qp := w.drawQP(t, s)
	src := w.drawLocal(t, s, "source")
	if rapid.IntRange(0, 2).Draw(t, "ephemeral source") > 0 {
		src = w.m.Addr(s, 0)
	}
	dst := w.drawDestination(t, s.Other())
	pd, in, out := w.drawConnectData(t, s)
	cl := &call{closeInCompletion: rapid.IntRange(0, 7).Draw(t, "close in completion") == 0}
	w.step("%s: NdkConnect %s with %s %v -> %v (%d bytes, limits %d/%d)", s, w.m.Name(c), w.m.Name(qp), src, dst, len(pd), in, out)
	if cl.closeInCompletion {
		w.note(" (closing it inside the completion)")
	}
	C, Q := w.handles[c].(ndk.Connector), w.handles[qp].(ndk.QP)
	p := ndk.ConnectParams{QP: Q, Source: src, Destination: dst, InboundReadLimit: in, OutboundReadLimit: out, PrivateData: pd}
	w.issue(w.m.Connect(c, qp, src, dst, pd, in, out), cl, func(cl *call) ndk.Status { return C.Connect(p, w.requestDone(cl), nil) })
}

func (w *world) connectShared(t *rapid.T) {
	s := w.drawSide(t)
	c := w.idleConnector(t, s)
	se := pick(t, "shared endpoint", w.objects(s, model.SharedEndpoint, (*model.Object).Open))
	qp := w.drawQP(t, s)
	dst := w.drawDestination(t, s.Other())
	pd, in, out := w.drawConnectData(t, s)
	w.step("%s: NdkConnectWithSharedEndpoint %s over %s with %s -> %v", s, w.m.Name(c), w.m.Name(se), w.m.Name(qp), dst)
	C, Q, SE := w.handles[c].(ndk.Connector), w.handles[qp].(ndk.QP), w.handles[se].(ndk.SharedEndpoint)
	p := ndk.ConnectParams{QP: Q, Destination: dst, InboundReadLimit: in, OutboundReadLimit: out, PrivateData: pd}
	w.issue(w.m.ConnectShared(c, se, qp, dst, pd, in, out), &call{}, func(cl *call) ndk.Status {
		return C.ConnectWithSharedEndpoint(SE, p, w.requestDone(cl), nil)
	})
}

func (w *world) onDisconnect(r model.Ref) ndk.DisconnectEventCallback {
	return func(any) {
		w.enter()
		defer w.leave()
		w.push(event{kind: evIndication, ref: r})
	}
}

func (w *world) accept(t *rapid.T) {
	s := w.drawSide(t)
	p := pick(t, "incoming connector", w.objects(s, model.Connector, func(o *model.Object) bool { return o.Open() && o.Phase == model.Incoming }))
	qp := w.drawQP(t, s)
	n := rapid.IntRange(0, int(w.info[s].MaxCalleeData)).Draw(t, "private data length")
	pd := bytes.Repeat([]byte{0x5a}, n)
	in := uint32(rapid.IntRange(0, int(w.info[s].MaxInboundReadLimit)).Draw(t, "inbound read limit"))
	out := uint32(rapid.IntRange(0, int(w.info[s].MaxOutboundReadLimit)).Draw(t, "outbound read limit"))
	w.step("%s: NdkAccept %s with %s (%d bytes, limits %d/%d)", s, w.m.Name(p), w.m.Name(qp), n, in, out)
	C, Q := w.handles[p].(ndk.Connector), w.handles[qp].(ndk.QP)
	w.issue(w.m.Accept(p, qp, pd, in, out), &call{}, func(cl *call) ndk.Status {
		return C.Accept(ndk.AcceptParams{QP: Q, InboundReadLimit: in, OutboundReadLimit: out, PrivateData: pd, OnDisconnect: w.onDisconnect(p)}, w.requestDone(cl), nil)
	})
}

func (w *world) reject(t *rapid.T) {
	s := w.drawSide(t)
	c := pick(t, "connector to reject", w.objects(s, model.Connector, func(o *model.Object) bool {
		return o.Open() && (o.Phase == model.Incoming || o.Phase == model.Connected)
	}))
	w.step("%s: NdkReject %s (%s)", s, w.m.Name(c), w.m.Obj(c).Phase)
	C := w.handles[c].(ndk.Connector)
	st := w.invoke("NdkReject", func() ndk.Status { return C.Reject(nil) })
	w.note(" -> %v", st)
	w.fail(w.m.Reject(c, st))
	w.settle()
}

func (w *world) completeConnect(t *rapid.T) {
	s := w.drawSide(t)
	c := pick(t, "connected connector", w.objects(s, model.Connector, func(o *model.Object) bool {
		return o.Open() && (o.Phase == model.Connected || o.Phase == model.Idle && !o.Active)
	}))
	w.step("%s: NdkCompleteConnect %s (%s)", s, w.m.Name(c), w.m.Obj(c).Phase)
	C := w.handles[c].(ndk.Connector)
	w.issue(w.m.CompleteConnect(c), &call{}, func(cl *call) ndk.Status {
		return C.CompleteConnect(w.onDisconnect(c), nil, w.requestDone(cl), nil)
	})
}

// connectionData checks NdkGetConnectionData before Accept or
// CompleteConnect (CN-10): the size query (CN-11), a buffer one byte short
// (CN-13), the whole buffer and the read limits (CN-5).
func (w *world) connectionData(t *rapid.T) {
	s := w.drawSide(t)
	c := pick(t, "connector with connection data", w.objects(s, model.Connector, func(o *model.Object) bool {
		return o.Open() && (o.Phase == model.Incoming || o.Phase == model.Connected)
	}))
	w.step("%s: NdkGetConnectionData %s", s, w.m.Name(c))
	C := w.handles[c].(ndk.Connector)
	want := w.m.PeerData(c)
	find := func(rules, expected, observed string) {
		w.fail(&model.Finding{Rules: rules, Call: "NdkGetConnectionData", Object: w.m.Name(c), Side: s.String(), Expected: expected, Observed: observed})
	}
	var cd ndk.ConnectionData
	var st ndk.Status
	w.invoke("NdkGetConnectionData", func() ndk.Status { cd, st = C.GetConnectionData(nil); return st })
	if st != ndk.StatusSuccess {
		find("CN-11", "STATUS_SUCCESS for a NULL buffer of length 0", st.String())
	}
	rds := cd.PrivateDataLength
	if rds < len(want) {
		find("CN-11 CN-13", fmt.Sprintf("a required size of at least the %d bytes the peer sent", len(want)), fmt.Sprint(rds))
	}
	if rds > 0 {
		buf := make([]byte, rds-1)
		w.invoke("NdkGetConnectionData", func() ndk.Status { cd, st = C.GetConnectionData(buf); return st })
		if st != ndk.StatusBufferTooSmall || cd.PrivateDataLength != rds {
			find("CN-13", fmt.Sprintf("STATUS_BUFFER_TOO_SMALL and the required size %d for a buffer of %d", rds, rds-1), fmt.Sprintf("%v, %d", st, cd.PrivateDataLength))
		}
	}
	buf := make([]byte, rds)
	w.invoke("NdkGetConnectionData", func() ndk.Status { cd, st = C.GetConnectionData(buf); return st })
	if st != ndk.StatusSuccess || cd.PrivateDataLength != rds {
		find("CN-13", fmt.Sprintf("STATUS_SUCCESS and the required size %d for a buffer of %d", rds, rds), fmt.Sprintf("%v, %d", st, cd.PrivateDataLength))
	}
	if len(buf) >= len(want) && !bytes.Equal(buf[:len(want)], want) {
		find("CN-13 OV-1", fmt.Sprintf("the %d bytes of private data the peer sent", len(want)), fmt.Sprintf("%x", buf[:len(want)]))
	}
	if in, out, ok := w.m.ReadLimits(c); ok && (cd.InboundReadLimit != in || cd.OutboundReadLimit != out) {
		find("CN-5", fmt.Sprintf("read limits %d/%d (asked for, capped by the adapters' maxima and the peer's opposite limits)", in, out),
			fmt.Sprintf("%d/%d", cd.InboundReadLimit, cd.OutboundReadLimit))
	}
	w.note(" -> %d bytes", rds)
}

func (w *world) disconnect(t *rapid.T) {
	s := w.drawSide(t)
	c := pick(t, "established connector", w.objects(s, model.Connector, func(o *model.Object) bool {
		return o.Open() && o.Phase == model.Established && !o.Disconnecting()
	}))
	w.step("%s: NdkDisconnect %s", s, w.m.Name(c))
	C := w.handles[c].(ndk.Connector)
	w.issue(w.m.Disconnect(c), &call{}, func(cl *call) ndk.Status { return C.Disconnect(w.requestDone(cl), nil) })
}

// disconnectAny disconnects an established connector or, one time in
// three, one that is not connected: a new one or one whose attempt failed
// (DS-4: no peer can answer, so it fails).
func (w *world) disconnectAny(t *rapid.T) {
	if rapid.IntRange(0, 2).Draw(t, "unconnected") > 0 {
		w.disconnect(t)
		return
	}
	s := w.drawSide(t)
	c := w.fresh(t, s, "unconnected connector", w.objects(s, model.Connector, func(o *model.Object) bool {
		return o.Open() && !o.Disconnecting() && (o.Phase == model.Idle && !o.Active || o.Phase == model.Failed)
	}), w.newConnector)
	w.step("%s: NdkDisconnect %s (%s)", s, w.m.Name(c), w.m.Obj(c).Phase)
	C := w.handles[c].(ndk.Connector)
	w.issue(w.m.Disconnect(c), &call{}, func(cl *call) ndk.Status { return C.Disconnect(w.requestDone(cl), nil) })
}

// noDisconnectEvent establishes a connection whose NdkCompleteConnect,
// NdkAccept or both register no disconnect event callback (the parameter
// is optional, CN-15), then ends it: each connector in turn, in a drawn
// order, is disconnected (its NdkDisconnect waited for) or closed, and
// both are closed. The pages ask of it what they ask with callbacks: an
// NdkDisconnect issued once the peer's had succeeded succeeds (DS-4), a
// side that registered a callback and did not disconnect is told of its
// peer's disconnect or close (DS-6); a side that registered none is called
// nothing.
func (w *world) noDisconnectEvent(t *rapid.T) {
	s := w.drawSide(t)
	none := rapid.IntRange(0, 2).Draw(t, "no disconnect event callback on") // 0: the connecting side, 1: the accepting side, 2: both
	c, p := w.establishWith(t, s, none == 1, none == 0)
	if c == 0 || p == 0 || w.m.Obj(c).Phase != model.Established || w.m.Obj(p).Phase != model.Established {
		return
	}
	first, second := c, p
	if rapid.Bool().Draw(t, "accepting side first") {
		first, second = p, c
	}
	for _, r := range []model.Ref{first, second} {
		if rapid.IntRange(0, 3).Draw(t, "close without disconnecting") == 0 {
			w.closeConnector(r)
			continue
		}
		w.disconnectAndWait(r)
	}
	w.closeConnector(first)
	w.closeConnector(second)
}

// disconnectAndWait disconnects connector r, if it is open and has not
// disconnected, and waits for its NdkDisconnect to end (awaitDisconnect).
func (w *world) disconnectAndWait(r model.Ref) {
	if o := w.m.Obj(r); !o.Open() || o.Disconnecting() || w.closed(r) {
		return
	}
	w.step("%s: NdkDisconnect %s", w.side(r), w.m.Name(r))
	C := w.handles[r].(ndk.Connector)
	op := w.m.Disconnect(r)
	w.issue(op, &call{}, func(cl *call) ndk.Status { return C.Disconnect(w.requestDone(cl), nil) })
	w.awaitDisconnect(op)
}

// closeConnector closes connector r unless its close was issued or a call
// on it is still in the provider (LT-8).
func (w *world) closeConnector(r model.Ref) {
	if w.m.InCall(r) || !w.claimClose(r) {
		return
	}
	w.step("%s: NdkCloseObject %s", w.side(r), w.m.Name(r))
	h := w.handles[r]
	w.issue(w.m.Close(r), &call{}, func(cl *call) ndk.Status { return h.Close(w.closeDone(cl), nil) })
}

func (w *world) close(t *rapid.T) {
	s := w.drawSide(t)
	var open []model.Ref
	for _, k := range []model.Kind{model.Listener, model.Connector, model.SharedEndpoint, model.PD, model.CQ, model.QP, model.MR, model.MW} {
		open = append(open, w.objects(s, k, (*model.Object).Open)...)
	}
	var held []model.Ref // listeners and shared endpoints with connectors
	for _, r := range open {
		o := w.m.Obj(r)
		if o.Kind != model.Listener && o.Kind != model.SharedEndpoint {
			continue
		}
		for _, c := range w.m.Objects(s, model.Connector, func(c *model.Object) bool { return !c.Closed && c.From == r }) {
			_ = c
			held = append(held, r)
			break
		}
	}
	var busy []model.Ref // QPs with receives posted, their CQ read (LT-26)
	for _, r := range open {
		if o := w.m.Obj(r); o.Kind == model.QP && w.m.Outstanding(r, false) > 0 && w.m.Obj(o.Antecedents()[1]).Open() {
			busy = append(busy, r)
		}
	}
	r := model.Ref(0)
	if len(held) > 0 && rapid.Bool().Draw(t, "close a held endpoint") {
		r = rapid.SampledFrom(held).Draw(t, "held endpoint")
	} else if len(busy) > 0 && rapid.Bool().Draw(t, "close a QP with receives posted") {
		r = rapid.SampledFrom(busy).Draw(t, "QP with receives")
	} else {
		r = pick(t, "open object", open)
	}
	if !w.claimClose(r) {
		t.Skip("closed meanwhile")
	}
	defer func() {
		if o := w.m.Obj(r); o.Local.Port() != 0 && rapid.Bool().Draw(t, "probe its port") {
			w.probe(s, o.Local.Port())
		}
	}()
	c := &call{hold: rapid.Bool().Draw(t, "hold the close completion")}
	w.step("%s: NdkCloseObject %s", s, w.m.Name(r))
	h := w.handles[r]
	w.issue(w.m.Close(r), c, func(c *call) ndk.Status { return h.Close(w.closeDone(c), nil) })
}

func (w *world) probePort(t *rapid.T) {
	s := w.drawSide(t)
	ports := w.m.Ports(s)
	if len(ports) == 0 {
		t.Skip("no port bound yet")
	}
	w.probe(s, rapid.SampledFrom(ports).Draw(t, "port"))
}

// concurrentCreates creates two connectors on one adapter at once: the
// consumer may call without waiting for the first call (LT-7).
func (w *world) concurrentCreates(t *rapid.T) {
	s := w.drawSide(t)
	w.step("%s: two NdkCreateConnector at once", s)
	var wg sync.WaitGroup
	var objs [2]ndk.Object
	var sts [2]ndk.Status
	var problems [2]*model.Finding
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			objs[i], sts[i], problems[i] = w.createRaw("NdkCreateConnector", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
				return w.adapter[s].CreateConnector(done, nil)
			})
		}()
	}
	wg.Wait() // createRaw gives up on a call that does not return
	w.note(" -> %v, %v", sts[0], sts[1])
	// The objects made first, so that the sequence closes them whatever
	// it finds (an object left open holds the adapter's close up).
	for i := range 2 {
		if sts[i] == ndk.StatusSuccess && objs[i] != nil {
			r := w.m.Add(s, model.Connector)
			w.handles[r] = objs[i]
		}
	}
	w.fail(problems[0])
	w.fail(problems[1])
	for i := range 2 {
		switch sts[i] {
		case ndk.StatusSuccess, ndk.StatusInsufficientResources:
		default:
			w.fail(&model.Finding{Rules: "LT-7 IF-4", Call: "NdkCreateConnector", Side: s.String(),
				Expected: "STATUS_SUCCESS for a create made while another call on the adapter is in progress", Observed: sts[i].String()})
		}
	}
}

// closeDuringEvent connects to a listener and closes the listener while its
// connect event callback runs: the close must not complete before the
// callback returned (LT-24, CR-7), and no new connection is accepted once
// the close was issued (LC-16). It may also close the connector the event
// delivers, before or after the listener's close, while the callback runs:
// for a listener with no other connector, nothing then holds the close but
// the callback.
func (w *world) closeDuringEvent(t *rapid.T) {
	s := w.drawSide(t)
	l := w.eventListener(t, s.Other())
	drop := rapid.IntRange(0, 2).Draw(t, "close the delivered connector") // 0: no; 1: before the listener; 2: after
	c := w.idleConnector(t, s)
	qp := w.drawQP(t, s)
	hold, held := make(chan struct{}), make(chan struct{})
	w.mu.Lock()
	w.holdEvent, w.eventHeld = hold, held
	w.mu.Unlock()
	release := sync.OnceFunc(func() { close(hold) })
	defer func() {
		w.mu.Lock()
		w.holdEvent = nil
		w.mu.Unlock()
		release() // also when a finding ends the sequence meanwhile
	}()
	dst := w.m.Obj(l).Local
	w.step("%s: NdkConnect %s with %s -> %v, holding the connect event", s, w.m.Name(c), w.m.Name(qp), dst)
	C, Q := w.handles[c].(ndk.Connector), w.handles[qp].(ndk.QP)
	cl := &call{}
	op := w.m.Connect(c, qp, w.m.Addr(s, 0), dst, nil, 0, 0)
	cl.op, cl.ref = op, c
	go func() {
		st := C.Connect(ndk.ConnectParams{QP: Q, Source: w.m.Addr(s, 0), Destination: dst}, w.requestDone(cl), nil)
		w.push(event{kind: evReturned, c: cl, st: st})
	}()
	select {
	case <-held:
	case <-suite.After(w.wait()):
		release()
		w.settle()
		return
	}
	if drop == 1 {
		w.dropDelivered(c)
	}
	if !w.claimClose(l) {
		release()
		return
	}
	w.step("%s: NdkCloseObject %s during its connect event", s.Other(), w.m.Name(l))
	lc := &call{hold: true}
	L := w.handles[l]
	lc.op, lc.ref = w.m.Close(l), l
	st := w.invoke(model.CallClose, func() ndk.Status { return L.Close(w.closeDone(lc), nil) })
	w.push(event{kind: evReturned, c: lc, st: st})
	if drop == 2 {
		w.dropDelivered(c)
	}
	time.Sleep(time.Millisecond)
	release()
	w.settle()
}
