package model

import (
	"fmt"
	"net/netip"

	"github.com/ndkconform/ndkconform/model"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	"pgregory.net/rapid"
)

// The faults of the disconnect rules, where the provider offers them
// (ndk.FaultInjector): each move is contained, made when nothing else is
// in flight, and brings the host back up before it ends.

// injector is the provider's fault injection, or nil.
func (w *world) injector(t *rapid.T) ndk.FaultInjector {
	fi, ok := w.d.Provider.(ndk.FaultInjector)
	if !ok {
		t.Skip("the provider offers no fault injection")
	}
	if w.faultStuck.Load() {
		t.Skip("the provider's fault injection is stuck")
	}
	if len(w.m.Unfinished()) > 0 {
		t.Skip("requests in flight")
	}
	return fi
}

func (w *world) setHost(fi ndk.FaultInjector, s model.Side, st ndk.HostState) {
	w.log("  (host of side %s %v)", s, st)
	if err := w.setHostState(fi, s, st); err != nil {
		w.fail(&model.Finding{Call: "SetHostState", Side: s.String(), Expected: "the fault injection the provider offers works", Observed: err.Error()})
	}
}

// setHostState calls the provider's fault injection, at most for the
// run's timeout: one that does not return is a hang (the provider is
// likely deadlocked), after which no fault move runs again and the spec
// aborts the run (runModel).
func (w *world) setHostState(fi ndk.FaultInjector, s model.Side, st ndk.HostState) error {
	if w.faultStuck.Load() {
		return nil
	}
	note := w.d.Waiting(fmt.Sprintf("the provider's fault injection (host %v of side %v) to return", st, s), w.d.Timeout)
	returned, err := suite.SetHostStateWithin(fi, w.hostAddr(s), st, w.d.Timeout)
	note.End()
	if !returned {
		w.faultStuck.Store(true)
		w.fail(w.hung(&model.Finding{Call: "SetHostState", Side: s.String(),
			Expected: fmt.Sprintf("the provider's fault injection (host %v) returns within %v", st, w.d.Timeout), Observed: "it did not return (the provider is likely deadlocked)"}))
	}
	return err
}

func (w *world) hostAddr(s model.Side) netip.Addr {
	if s == model.B {
		return w.d.B
	}
	return w.d.A
}

// restoreHost brings side s's host back up, also when the move failed
// (the rest of the run needs it up); deferred by each fault move.
func (w *world) restoreHost(fi ndk.FaultInjector, s model.Side) {
	if err := w.setHostState(fi, s, ndk.HostUp); err != nil && w.failure == nil {
		w.fail(&model.Finding{Call: "SetHostState", Side: s.String(), Expected: "the fault injection the provider offers works", Observed: err.Error()})
	}
}

// fault is one of the fault moves.
func (w *world) fault(t *rapid.T) {
	if rapid.Bool().Draw(t, "host down") {
		w.hostDown(t)
	} else {
		w.disconnectUnanswered(t)
	}
}

// disconnectUnanswered disconnects an established connector while its
// peer's host does not answer: the handshake can only end with the
// provider's time-out, STATUS_IO_TIMEOUT (DS-4, CN-17).
func (w *world) disconnectUnanswered(t *rapid.T) {
	fi := w.injector(t)
	s := w.drawSide(t)
	c := pick(t, "established connector", w.live(t, s, func(o *model.Object) bool {
		return o.Open() && o.Phase == model.Established && !o.Disconnecting() && !o.Aborted() && !o.PeerLeft()
	}))
	if len(w.m.Unfinished()) > 0 {
		return
	}
	defer w.restoreHost(fi, s.Other())
	w.setHost(fi, s.Other(), ndk.HostUnresponsive)
	w.step("%s: NdkDisconnect %s, side %s's host not answering", s, w.m.Name(c), s.Other())
	C := w.handles[c].(ndk.Connector)
	op := w.m.Disconnect(c)
	w.m.Unanswered(op)
	w.issue(op, &call{}, func(cl *call) ndk.Status { return C.Disconnect(w.requestDone(cl), nil) })
	w.awaitDisconnect(op)
}

// hostDown takes one side's host down with connections up: every
// connector of the other side whose connection it aborts gets a disconnect
// indication, unless its consumer called NdkDisconnect (DS-6).
func (w *world) hostDown(t *rapid.T) {
	fi := w.injector(t)
	s := w.drawSide(t)
	cs := w.live(t, s.Other(), func(o *model.Object) bool {
		return o.Open() && o.Phase == model.Established && !o.Aborted()
	})
	if len(cs) == 0 || len(w.m.Unfinished()) > 0 {
		return
	}
	// The model knows of the fault before any callback it causes.
	w.step("%s: the host goes down (%d connections of side %s up)", s, len(cs), s.Other())
	w.m.HostDown(s)
	defer w.restoreHost(fi, s)
	w.setHost(fi, s, ndk.HostDown)
	w.settle()
	w.setHost(fi, s, ndk.HostUp)
	w.settle()
}
