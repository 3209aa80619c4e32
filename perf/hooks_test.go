package perf_test

import (
	"net/netip"
	"sync"

	"github.com/ndkconform/ndkconform/ndk"
)

// action is what a hook makes of a call of the provider.
type action struct {
	// skip: the provider is not called; the call returns st (and creates
	// nothing). A hook that blocks or panics needs no action.
	skip bool
	st   ndk.Status
	// twice: the call's completion callback is called twice.
	twice bool
	// alsoInline: the completion callback is called although the call
	// returned its final status inline (the wrapper calls it before it
	// returns).
	alsoInline bool
}

// hooked wraps a provider so that its calls can be made to misbehave: hook
// is called before each call the cycle makes on a side ("A Connect", "B
// Accept", "A CreateConnector", "A CreateQp", "A CompleteConnect", "A
// Disconnect", "A CloseConnector", with the side's letter first), and may
// block, panic or say what to do instead; returned, if set, is called when
// the wrapped call returns. The connectors of connect events, the PDs and
// the connectors are wrapped so; the QPs are the provider's own.
type hooked struct {
	ndk.Provider
	hook     func(call string) action
	returned func(call string)
}

func (h hooked) OpenAdapter(a netip.Addr) (ndk.Adapter, ndk.Status) {
	ad, st := h.Provider.OpenAdapter(a)
	if ad == nil {
		return nil, st
	}
	side := "B "
	if sa, _ := h.Sides(); a == sa.IPv4 || a == sa.IPv6 {
		side = "A "
	}
	return &hookedAdapter{Adapter: ad, h: h, side: side}, st
}

// do runs a request call through the hook: real makes the provider call
// with the completion callback it is given.
func (h hooked) do(call string, done ndk.RequestCompletion, ctx any, real func(ndk.RequestCompletion) ndk.Status) ndk.Status {
	a := action{}
	if h.hook != nil {
		a = h.hook(call)
	}
	if h.returned != nil {
		defer h.returned(call)
	}
	if a.skip {
		return a.st
	}
	d := done
	if a.twice {
		d = func(c any, st ndk.Status) { done(c, st); done(c, st) }
	}
	st := real(d)
	if a.alsoInline && st != ndk.StatusPending {
		done(ctx, st)
	}
	return st
}

// create is do for a create call; wrap wraps the new object.
func create[T ndk.Object](h hooked, call string, done ndk.CreateCompletion, ctx any, wrap func(T) T, real func(ndk.CreateCompletion) (T, ndk.Status)) (T, ndk.Status) {
	var zero T
	a := action{}
	if h.hook != nil {
		a = h.hook(call)
	}
	if h.returned != nil {
		defer h.returned(call)
	}
	if a.skip {
		return zero, a.st
	}
	d := func(c any, st ndk.Status, x ndk.Object) {
		if t, ok := x.(T); ok {
			x = wrap(t)
		}
		done(c, st, x)
		if a.twice {
			done(c, st, x)
		}
	}
	x, st := real(d)
	if st == ndk.StatusSuccess {
		x = wrap(x)
	}
	if a.alsoInline && st != ndk.StatusPending {
		done(ctx, st, x)
	}
	return x, st
}

type hookedAdapter struct {
	ndk.Adapter
	h    hooked
	side string
}

func (h *hookedAdapter) wrapConnector(c ndk.Connector) ndk.Connector {
	return hookedConnector{Connector: c, h: h.h, side: h.side}
}

func (h *hookedAdapter) wrapPD(pd ndk.PD) ndk.PD { return hookedPD{PD: pd, h: h.h, side: h.side} }

func (h *hookedAdapter) CreateConnector(done ndk.CreateCompletion, ctx any) (ndk.Connector, ndk.Status) {
	return create(h.h, h.side+"CreateConnector", done, ctx, h.wrapConnector, func(d ndk.CreateCompletion) (ndk.Connector, ndk.Status) {
		return h.Adapter.CreateConnector(d, ctx)
	})
}

func (h *hookedAdapter) CreatePD(done ndk.CreateCompletion, ctx any) (ndk.PD, ndk.Status) {
	return create(h.h, h.side+"CreatePd", done, ctx, h.wrapPD, func(d ndk.CreateCompletion) (ndk.PD, ndk.Status) {
		return h.Adapter.CreatePD(d, ctx)
	})
}

func (h *hookedAdapter) CreateListener(onConnect ndk.ConnectEventCallback, connectCtx any, done ndk.CreateCompletion, ctx any) (ndk.Listener, ndk.Status) {
	wrapped := func(c any, conn ndk.Connector) {
		if conn != nil {
			conn = h.wrapConnector(conn)
		}
		onConnect(c, conn)
	}
	return h.Adapter.CreateListener(wrapped, connectCtx, done, ctx)
}

type hookedPD struct {
	ndk.PD
	h    hooked
	side string
}

func (h hookedPD) CreateQP(p ndk.QPParams, done ndk.CreateCompletion, ctx any) (ndk.QP, ndk.Status) {
	return create(h.h, h.side+"CreateQp", done, ctx, func(q ndk.QP) ndk.QP { return q }, func(d ndk.CreateCompletion) (ndk.QP, ndk.Status) {
		return h.PD.CreateQP(p, d, ctx)
	})
}

type hookedConnector struct {
	ndk.Connector
	h    hooked
	side string
}

func (h hookedConnector) Connect(p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	return h.h.do(h.side+"Connect", done, ctx, func(d ndk.RequestCompletion) ndk.Status { return h.Connector.Connect(p, d, ctx) })
}

func (h hookedConnector) Accept(p ndk.AcceptParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	return h.h.do(h.side+"Accept", done, ctx, func(d ndk.RequestCompletion) ndk.Status { return h.Connector.Accept(p, d, ctx) })
}

func (h hookedConnector) CompleteConnect(onDisc ndk.DisconnectEventCallback, discCtx any, done ndk.RequestCompletion, ctx any) ndk.Status {
	return h.h.do(h.side+"CompleteConnect", done, ctx, func(d ndk.RequestCompletion) ndk.Status {
		return h.Connector.CompleteConnect(onDisc, discCtx, d, ctx)
	})
}

func (h hookedConnector) Disconnect(done ndk.RequestCompletion, ctx any) ndk.Status {
	return h.h.do(h.side+"Disconnect", done, ctx, func(d ndk.RequestCompletion) ndk.Status { return h.Connector.Disconnect(d, ctx) })
}

// Close takes skip only (not twice or alsoInline).
func (h hookedConnector) Close(done ndk.CloseCompletion, ctx any) ndk.Status {
	return h.h.do(h.side+"CloseConnector", nil, ctx, func(ndk.RequestCompletion) ndk.Status { return h.Connector.Close(done, ctx) })
}

// on makes a hook that applies what to the one call named call, from its
// nth time on (1: the first); every other call passes.
func on(call string, nth int, what func() action) func(string) action {
	var mu sync.Mutex
	seen := 0
	return func(c string) action {
		if c != call {
			return action{}
		}
		mu.Lock()
		seen++
		n := seen
		mu.Unlock()
		if n < nth {
			return action{}
		}
		return what()
	}
}
