package sim

import (
	"net/netip"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

type exEvent struct {
	ctx    any
	reason uint32
}

// establishEx connects a new connector of a to ls with NdkAcceptEx and
// NdkCompleteConnectEx; the Ex disconnect events of each side go to the
// channels returned (active, passive).
func establishEx(t *testing.T, a *side, src netip.AddrPort, b *side, ls *listening, qps *[]ndk.Object) (ndk.ConnectorEx, ndk.ConnectorEx, chan exEvent, chan exEvent) {
	t.Helper()
	discA, discB := make(chan exEvent, 4), make(chan exEvent, 4)
	c, ok := a.connector(t).(ndk.ConnectorEx)
	if !ok {
		t.Fatal("a connector of an NDKPI 2.1 adapter is no ndk.ConnectorEx")
	}
	qa, qb := a.qp(t), b.qp(t)
	*qps = append(*qps, qa, qb)
	connect := async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
		return c.Connect(connectParams(qa, src, ls.addr), d, x)
	})
	pc, ok := ls.next(t).(ndk.ConnectorEx)
	if !ok {
		t.Fatal("a connector a connect event delivers is no ndk.ConnectorEx")
	}
	accept := async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
		return pc.AcceptEx(ndk.AcceptExParams{QP: qb, InboundReadLimit: 4, OutboundReadLimit: 4,
			OnDisconnect: func(ctx any, r uint32) { discB <- exEvent{ctx, r} }, DisconnectContext: "b"}, d, x)
	})
	expect(t, "Connect", wait(t, connect), ndk.StatusSuccess)
	expect(t, "CompleteConnectEx", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
		return c.CompleteConnectEx(func(ctx any, r uint32) { discA <- exEvent{ctx, r} }, "a", d, x)
	}), ndk.StatusSuccess)
	expect(t, "AcceptEx", wait(t, accept), ndk.StatusSuccess)
	return c, pc, discA, discB
}

func nextEx(t *testing.T, ch chan exEvent, what string) exEvent {
	t.Helper()
	select {
	case ev := <-ch:
		return ev
	case <-time.After(waitFor):
		t.Fatalf("%s: no NdkDisconnectEventCallbackEx", what)
	}
	return exEvent{}
}

func noMoreEx(t *testing.T, ch chan exEvent, what string) {
	t.Helper()
	select {
	case ev := <-ch:
		t.Errorf("%s: an NdkDisconnectEventCallbackEx %+v more", what, ev)
	case <-time.After(50 * time.Millisecond):
	}
}

// TestEx: NdkAcceptEx and NdkCompleteConnectEx connect; the peer's
// disconnect calls the NdkDisconnectEventCallbackEx once, with its context
// and ReasonPeerDisconnected; an abort (the peer's close) with
// ReasonPeerClosed; a set-up time-out fails NdkAcceptEx with
// STATUS_IO_TIMEOUT and the late NdkCompleteConnectEx with STATUS_IO_TIMEOUT.
func TestEx(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		var qps []ndk.Object
		qp := func(s *side) ndk.QP { q := s.qp(t); qps = append(qps, q); return q }
		src := ap(e.a.IPv4, 0)

		c, pc, discA, discB := establishEx(t, A, src, B, ls, &qps)
		expect(t, "Disconnect", do(t, c.Disconnect), ndk.StatusSuccess)
		if ev := nextEx(t, discB, "the peer disconnected"); ev.ctx != "b" || ev.reason != ReasonPeerDisconnected {
			t.Errorf("NdkDisconnectEventCallbackEx(%v, %d), want (b, %d)", ev.ctx, ev.reason, ReasonPeerDisconnected)
		}
		noMoreEx(t, discB, "after the peer's disconnect")
		noMoreEx(t, discA, "its own disconnect")
		mustClose(t, c, pc)

		c, pc, discA, _ = establishEx(t, A, src, B, ls, &qps)
		mustClose(t, pc)
		if ev := nextEx(t, discA, "the peer closed"); ev.ctx != "a" || ev.reason != ReasonPeerClosed {
			t.Errorf("NdkDisconnectEventCallbackEx(%v, %d), want (a, %d)", ev.ctx, ev.reason, ReasonPeerClosed)
		}
		mustClose(t, c)

		// A NULL DisconnectEvent is taken.
		x := A.connector(t).(ndk.ConnectorEx)
		connect := async(t, func(d ndk.RequestCompletion, ctx any) ndk.Status {
			return x.Connect(connectParams(qp(A), src, ls.addr), d, ctx)
		})
		px := ls.next(t).(ndk.ConnectorEx)
		accept := async(t, func(d ndk.RequestCompletion, ctx any) ndk.Status {
			return px.AcceptEx(ndk.AcceptExParams{QP: qp(B)}, d, ctx)
		})
		expect(t, "Connect", wait(t, connect), ndk.StatusSuccess)
		expect(t, "CompleteConnectEx(NULL)", do(t, func(d ndk.RequestCompletion, ctx any) ndk.Status { return x.CompleteConnectEx(nil, nil, d, ctx) }), ndk.StatusSuccess)
		expect(t, "AcceptEx(NULL)", wait(t, accept), ndk.StatusSuccess)
		expect(t, "Disconnect", do(t, x.Disconnect), ndk.StatusSuccess)
		mustClose(t, x, px)

		// Not connecting.
		z := A.connector(t).(ndk.ConnectorEx)
		expect(t, "CompleteConnectEx on a new connector", do(t, func(d ndk.RequestCompletion, ctx any) ndk.Status {
			return z.CompleteConnectEx(nil, nil, d, ctx)
		}), ndk.StatusConnectionInvalid)
		mustClose(t, z)

		// The set-up time-out.
		y := A.connector(t).(ndk.ConnectorEx)
		connect = async(t, func(d ndk.RequestCompletion, ctx any) ndk.Status {
			return y.Connect(connectParams(qp(A), src, ls.addr), d, ctx)
		})
		py := ls.next(t).(ndk.ConnectorEx)
		accept = async(t, func(d ndk.RequestCompletion, ctx any) ndk.Status {
			return py.AcceptEx(ndk.AcceptExParams{QP: qp(B)}, d, ctx)
		})
		expect(t, "Connect", wait(t, connect), ndk.StatusSuccess)
		expect(t, "AcceptEx whose peer never completes", wait(t, accept), ndk.StatusIOTimeout)
		expect(t, "the late CompleteConnectEx", do(t, func(d ndk.RequestCompletion, ctx any) ndk.Status { return y.CompleteConnectEx(nil, nil, d, ctx) }), ndk.StatusIOTimeout)
		mustClose(t, y, py, ls.l)
		mustClose(t, qps...)
		A.close(t)
		B.close(t)
	})
}

// TestExVersion: an adapter that declares a version before NDKPI 2.1
// (option version) hands out connectors that are no ndk.ConnectorEx, from
// NdkCreateConnector and from connect events; 2.1 and the default are.
func TestExVersion(t *testing.T) {
	for _, tc := range []struct {
		version string
		want    ndk.Version
		ex      bool
	}{
		{"", ndk.Version21, true}, {Version21, ndk.Version21, true},
		{Version20, ndk.Version{Major: 2}, false}, {Version12, ndk.Version{Major: 1, Minor: 2}, false}, {Version11, ndk.Version{Major: 1, Minor: 1}, false},
	} {
		opts := map[string]string{}
		if tc.version != "" {
			opts[OptVersion] = tc.version
		}
		e := openEnv(t, opts)
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		if info, _ := A.ad.QueryAdapterInfo(); info.Version != tc.want {
			t.Errorf("version=%q: Version %v, want %v", tc.version, info.Version, tc.want)
		}
		ls := listen(t, B, ap(e.b.IPv4, 0))
		conn := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
		for what, c := range map[string]ndk.Connector{"created": conn.a, "from a connect event": conn.b} {
			if _, ok := c.(ndk.ConnectorEx); ok != tc.ex {
				t.Errorf("version=%q: a connector %s is an ndk.ConnectorEx: %v, want %v", tc.version, what, ok, tc.ex)
			}
		}
		conn.close(t)
		mustClose(t, ls.l)
		A.close(t)
		B.close(t)
	}
}
