package sim

import (
	"net/netip"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// The variants of the endpoint and connection-establishment rules (LC, CN,
// WR-5). Each test runs one scenario against the conforming provider and the
// variant and checks the point where they differ.

// tryListen listens on addr with a new listener of s, closes it, and
// returns the Listen status.
func tryListen(t testing.TB, s *side, addr netip.AddrPort) ndk.Status {
	t.Helper()
	l := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.Listener, ndk.Status) {
		return s.ad.CreateListener(nil, nil, d, x)
	})
	st := do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l.Listen(addr, d, x) })
	mustClose(t, l)
	return st
}

func newSE(t testing.TB, s *side, addr netip.AddrPort) (ndk.SharedEndpoint, netip.AddrPort) {
	t.Helper()
	se := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.SharedEndpoint, ndk.Status) {
		return s.ad.CreateSharedEndpoint(addr, d, x)
	})
	local, st := se.GetLocalAddress()
	expect(t, "shared endpoint GetLocalAddress", st, ndk.StatusSuccess)
	return se, local
}

func localAddr(t testing.TB, c ndk.Connector) netip.AddrPort {
	t.Helper()
	a, st := c.GetLocalAddress()
	expect(t, "connector GetLocalAddress", st, ndk.StatusSuccess)
	return a
}

func TestVariantAcceptedLocalAddressWrong(t *testing.T) {
	eachVariantMode(t, VariantAcceptedLocalAddressWrong, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		c := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
		// >>> the point of the variant (LC-2, LC-3)
		if got := localAddr(t, c.b); (got == ls.addr) == broken {
			t.Errorf("accepted connector local address = %v, listener %v (broken %v)", got, ls.addr, broken)
		}
		// <<<
		c.close(t)
		mustClose(t, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantConnectSharesEndpoint(t *testing.T) {
	eachVariantMode(t, VariantConnectSharesEndpoint, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		c1 := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
		c2 := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
		// >>> the point of the variant (LC-4, LC-17)
		if p1, p2 := localAddr(t, c1.a), localAddr(t, c2.a); (p1 == p2) != broken {
			t.Errorf("two connects from port 0 got %v and %v (broken %v)", p1, p2, broken)
		}
		// <<<
		c1.close(t)
		c2.close(t)
		mustClose(t, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantSharedEndpointAddressWrong(t *testing.T) {
	eachVariantMode(t, VariantSharedEndpointAddressWrong, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		se, seAddr := newSE(t, A, ap(e.a.IPv4, 0))
		c := establish(t, A, netip.AddrPort{}, se, B, ls)
		// >>> the point of the variant (LC-5, CN-4)
		if got := localAddr(t, c.a); (got == seAddr) == broken {
			t.Errorf("connector over the SE local address = %v, SE %v (broken %v)", got, seAddr, broken)
		}
		// <<<
		c.close(t)
		mustClose(t, se, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantListenerPortFree(t *testing.T) {
	eachVariantMode(t, VariantListenerPortFree, func(t *testing.T, e *env, broken bool) {
		B := newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		want := ndk.StatusSharingViolation
		if broken {
			want = ndk.StatusSuccess
		}
		// >>> the point of the variant (LC-7)
		expect(t, "Listen on a listening listener's port", tryListen(t, B, ls.addr), want)
		// <<<
		mustClose(t, ls.l)
		B.close(t)
	})
}

func TestVariantListenerCloseLeaksPort(t *testing.T) {
	eachVariantMode(t, VariantListenerCloseLeaksPort, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		c := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
		lc := startClose(t, ls.l)
		c.close(t)
		lc.wait(t)
		want := ndk.StatusSuccess
		if broken {
			want = ndk.StatusSharingViolation
		}
		// >>> the point of the variant (LC-12)
		expect(t, "Listen once the listener and its connector closed", tryListen(t, B, ls.addr), want)
		// <<<
		A.close(t)
		B.close(t)
	})
}

func TestVariantConnectorCloseLeaksPort(t *testing.T) {
	eachVariantMode(t, VariantConnectorCloseLeaksPort, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		c := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
		src := localAddr(t, c.a)
		c.close(t)
		want := ndk.StatusSuccess
		if broken {
			want = ndk.StatusSharingViolation
		}
		// >>> the point of the variant (LC-18, LC-19)
		expect(t, "Listen on a closed connector's port", tryListen(t, A, src), want)
		// <<<
		mustClose(t, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantSEPortFree(t *testing.T) {
	eachVariantMode(t, VariantSEPortFree, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		se, addr := newSE(t, A, ap(e.a.IPv4, 0))
		want := ndk.StatusSharingViolation
		if broken {
			want = ndk.StatusSuccess
		}
		// >>> the point of the variant (LC-20)
		expect(t, "Listen on a shared endpoint's port", tryListen(t, A, addr), want)
		// <<<
		mustClose(t, se)
		A.close(t)
	})
}

func TestVariantSECloseLeaksPort(t *testing.T) {
	eachVariantMode(t, VariantSECloseLeaksPort, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		se, addr := newSE(t, A, ap(e.a.IPv4, 0))
		mustClose(t, se)
		want := ndk.StatusSuccess
		if broken {
			want = ndk.StatusSharingViolation
		}
		// >>> the point of the variant (LC-23)
		expect(t, "Listen on a closed shared endpoint's port", tryListen(t, A, addr), want)
		// <<<
		A.close(t)
	})
}

func TestVariantSECloseInline(t *testing.T) {
	eachVariantMode(t, VariantSECloseInline, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		se, _ := newSE(t, A, ap(e.a.IPv4, 0))
		c := establish(t, A, netip.AddrPort{}, se, B, ls)
		sc := startClose(t, se)
		// >>> the point of the variant (LC-25)
		if broken {
			expect(t, "variant: shared endpoint close with a connector open", sc.st, ndk.StatusSuccess)
		} else {
			stillPending(t, sc, "shared endpoint close with a connector open")
		}
		// <<<
		c.close(t)
		sc.wait(t)
		mustClose(t, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantWrongAddressStatus(t *testing.T) {
	eachVariantMode(t, VariantWrongAddressStatus, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		want := ndk.StatusInvalidAddress
		if broken {
			want = ndk.StatusInvalidParameter
		}
		// >>> the point of the variant (CN-1)
		expect(t, "Listen on another host's address", tryListen(t, A, ap(e.b.IPv4, 0)), want)
		// <<<
		A.close(t)
	})
}

func TestVariantEphemeralOutOfRange(t *testing.T) {
	eachVariantMode(t, VariantEphemeralOutOfRange, func(t *testing.T, e *env, broken bool) {
		B := newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		// >>> the point of the variant (CN-2)
		if in := ls.addr.Port() >= ndk.EphemeralPortFirst; in == broken {
			t.Errorf("port 0 gave %v (broken %v)", ls.addr, broken)
		}
		// <<<
		mustClose(t, ls.l)
		B.close(t)
	})
}

func TestVariantNoListenerWrongStatus(t *testing.T) {
	eachVariantMode(t, VariantNoListenerWrongStatus, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		q, cx := A.qp(t), A.connector(t)
		want := ndk.StatusConnectionRefused
		if broken {
			want = ndk.StatusHostUnreachable
		}
		// >>> the point of the variant (CN-3)
		expect(t, "Connect to a port with no listener", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(q, ap(e.a.IPv4, 0), ap(e.b.IPv4, 1)), d, x)
		}), want)
		// <<<
		mustClose(t, cx, q)
		A.close(t)
	})
}

func TestVariantPausedListenerDelivers(t *testing.T) {
	eachVariantMode(t, VariantPausedListenerDelivers, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		ls.l.ControlConnectEvents(true)
		q, cx := A.qp(t), A.connector(t)
		res := async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(q, ap(e.a.IPv4, 0), ls.addr), d, x)
		})
		// >>> the point of the variant (CN-6)
		if broken {
			pc := ls.next(t)
			expect(t, "Reject of the event delivered while paused", pc.Reject(nil), ndk.StatusSuccess)
			mustClose(t, pc)
		}
		// <<<
		expect(t, "Connect to the paused listener", wait(t, res), ndk.StatusConnectionRefused)
		mustClose(t, cx, q, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantCompleteConnectNotConnecting(t *testing.T) {
	eachVariantMode(t, VariantCompleteConnectNotConnecting, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		cx := A.connector(t)
		want := ndk.StatusConnectionInvalid
		if broken {
			want = ndk.StatusSuccess
		}
		// >>> the point of the variant (CN-7)
		expect(t, "CompleteConnect on a new connector", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.CompleteConnect(nil, nil, d, x)
		}), want)
		// <<<
		mustClose(t, cx)
		A.close(t)
	})
}

func TestVariantAcceptAfterPeerGaveUp(t *testing.T) {
	eachVariantMode(t, VariantAcceptAfterPeerGaveUp, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		qa, qb, cx := A.qp(t), B.qp(t), A.connector(t)
		conn := async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(qa, ap(e.a.IPv4, 0), ls.addr), d, x)
		})
		pc := ls.next(t)
		acc := async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return pc.Accept(ndk.AcceptParams{QP: qb, InboundReadLimit: 4, OutboundReadLimit: 4}, d, x)
		})
		expect(t, "Connect", wait(t, conn), ndk.StatusSuccess)
		expect(t, "Reject after the connect completed", cx.Reject(nil), ndk.StatusSuccess)
		want := ndk.StatusConnectionAborted
		if broken {
			want = ndk.StatusSuccess
		}
		// >>> the point of the variant (CN-8)
		expect(t, "Accept whose peer rejected", wait(t, acc), want)
		// <<<
		mustClose(t, cx, pc, qa, qb, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantConnectionDataRDSWrong(t *testing.T) {
	eachVariantMode(t, VariantConnectionDataRDSWrong, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		c := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
		// >>> the point of the variant (CN-11, CN-13)
		cd, st := c.a.GetConnectionData(nil)
		expect(t, "GetConnectionData(NULL)", st, ndk.StatusSuccess)
		if (cd.PrivateDataLength == 0) != broken {
			t.Errorf("GetConnectionData(NULL) RDS = %d (broken %v)", cd.PrivateDataLength, broken)
		}
		want := ndk.StatusBufferTooSmall
		if broken {
			want = ndk.StatusSuccess
		}
		_, st = c.a.GetConnectionData(make([]byte, 2))
		expect(t, "GetConnectionData with a short buffer", st, want)
		// <<<
		c.close(t)
		mustClose(t, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantReceiveWriteSerialized(t *testing.T) {
	eachVariantMode(t, VariantReceiveWriteSerialized, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		q := A.qp(t)
		wrote := make(chan ndk.Status, 1)
		go func() { wrote <- q.Write(nil, nil, 0x1000, 1, 0) }()
		if broken {
			deadline := time.Now().Add(waitFor)
			for !q.(*qp).writing.Load() && time.Now().Before(deadline) {
				time.Sleep(10 * time.Microsecond)
			}
		}
		want := ndk.StatusSuccess
		if broken {
			want = ndk.StatusInvalidDeviceState
		}
		// >>> the point of the variant (WR-5)
		expect(t, "Receive while a Write is inside", q.Receive(nil, nil), want)
		// <<<
		<-wrote // not connected: fails, either way
		mustClose(t, q)
		A.close(t)
	})
}
