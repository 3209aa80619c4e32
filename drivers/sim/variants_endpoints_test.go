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
		settleIdle(t, e, ls.l)
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
		settleIdle(t, e, se)
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
		want := ndk.StatusSuccess
		if broken {
			want = ndk.StatusInvalidDeviceState
		}
		// The Receive must overlap the Write, which stays inside about 1 ms:
		// on a loaded machine the window can pass unseen, so the Write is
		// repeated until a Receive was made with the Write inside before and
		// after it.
		deadline := time.Now().Add(waitFor)
		for {
			wrote := make(chan ndk.Status, 1)
			go func() { wrote <- q.Write(nil, nil, 0x1000, 1, 0) }()
			for broken && !q.(*qp).writing.Load() && len(wrote) == 0 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Microsecond)
			}
			// >>> the point of the variant (WR-5)
			st := q.Receive(nil, nil)
			// <<<
			overlapped := !broken || q.(*qp).writing.Load()
			<-wrote // not connected: fails, either way
			if overlapped || time.Now().After(deadline) {
				expect(t, "Receive while a Write is inside", st, want)
				break
			}
		}
		mustClose(t, q)
		A.close(t)
	})
}

// shortSetup is the connect-timeout of the tests of set-up time-outs.
var shortSetup = map[string]string{OptConnTimeout: "30ms"}

var allModes = []string{CompletionDeferred, CompletionInline, CompletionReentrant}

// pendingAccept connects a new connector of A with a new QP to ls, issues
// NdkAccept on the connect event's connector and waits for the connect to
// succeed; the accept's final status comes on acc.
func pendingAccept(t testing.TB, e *env, A, B *side, ls *listening) (cx, pc ndk.Connector, qa, qb ndk.QP, acc <-chan ndk.Status) {
	t.Helper()
	qa, qb, cx = A.qp(t), B.qp(t), A.connector(t)
	conn := async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
		return cx.Connect(connectParams(qa, ap(e.a.IPv4, 0), ls.addr), d, x)
	})
	pc = ls.next(t)
	acc = async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
		return pc.Accept(ndk.AcceptParams{QP: qb, InboundReadLimit: 4, OutboundReadLimit: 4}, d, x)
	})
	expect(t, "Connect", wait(t, conn), ndk.StatusSuccess)
	return cx, pc, qa, qb, acc
}

func completeConnect(t testing.TB, c ndk.Connector) ndk.Status {
	t.Helper()
	return do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return c.CompleteConnect(nil, nil, d, x) })
}

func TestVariantTupleOutlivesConnector(t *testing.T) {
	eachVariantMode(t, VariantTupleOutlivesConnector, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		se, _ := newSE(t, A, ap(e.a.IPv4, 0))
		c := establish(t, A, netip.AddrPort{}, se, B, ls)
		c.close(t)
		// >>> the point of the variant (CN-3)
		if broken {
			q, cx := A.qp(t), A.connector(t)
			expect(t, "variant: a connection over the SE to the same listener after the first closed", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
				return cx.ConnectWithSharedEndpoint(se, connectParams(q, netip.AddrPort{}, ls.addr), d, x)
			}), ndk.StatusAddressAlreadyExists)
			mustClose(t, cx, q)
		} else {
			establish(t, A, netip.AddrPort{}, se, B, ls).close(t)
		}
		// <<<
		mustClose(t, se, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantUnreachableRefused(t *testing.T) {
	eachVariantMode(t, VariantUnreachableRefused, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		connect := func() ndk.Status {
			q, cx := A.qp(t), A.connector(t)
			defer mustClose(t, cx, q)
			return do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
				return cx.Connect(connectParams(q, ap(e.a.IPv4, 0), ls.addr), d, x)
			})
		}
		toDown, fromDown := ndk.StatusHostUnreachable, ndk.StatusNetworkUnreachable
		if broken {
			toDown, fromDown = ndk.StatusConnectionRefused, ndk.StatusConnectionRefused
		}
		// >>> the point of the variant (CN-3)
		setHost(t, e, e.b.IPv4, ndk.HostDown)
		expect(t, "Connect to a host that is down", connect(), toDown)
		setHost(t, e, e.b.IPv4, ndk.HostUp)
		setHost(t, e, e.a.IPv4, ndk.HostDown)
		expect(t, "Connect from a host that is down", connect(), fromDown)
		setHost(t, e, e.a.IPv4, ndk.HostUp)
		// <<<
		mustClose(t, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantConnectTimeoutWrongStatus(t *testing.T) {
	eachVariantIn(t, VariantConnectTimeoutWrongStatus, allModes, shortSetup, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		setHost(t, e, e.b.IPv4, ndk.HostUnresponsive)
		q, cx := A.qp(t), A.connector(t)
		want := ndk.StatusIOTimeout
		if broken {
			want = ndk.StatusUnsuccessful
		}
		// >>> the point of the variant (CN-3)
		expect(t, "Connect to an unresponsive host", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(q, ap(e.a.IPv4, 0), ls.addr), d, x)
		}), want)
		// <<<
		setHost(t, e, e.b.IPv4, ndk.HostUp)
		mustClose(t, cx, q, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantCompleteConnectAfterPeerGaveUp(t *testing.T) {
	eachVariantMode(t, VariantCompleteConnectAfterPeerGaveUp, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		cx, pc, qa, qb, acc := pendingAccept(t, e, A, B, ls)
		mustClose(t, pc) // the accepting side gives up
		expect(t, "the Accept of the closed connector", wait(t, acc), ndk.StatusCancelled)
		want := ndk.StatusConnectionAborted
		if broken {
			want = ndk.StatusSuccess
		}
		// >>> the point of the variant (CN-7)
		expect(t, "CompleteConnect after the accepting peer gave up", completeConnect(t, cx), want)
		// <<<
		mustClose(t, cx, qa, qb, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantCompleteConnectAfterTimeout(t *testing.T) {
	eachVariantIn(t, VariantCompleteConnectAfterTimeout, allModes, shortSetup, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		cx, pc, qa, qb, acc := pendingAccept(t, e, A, B, ls)
		expect(t, "Accept whose peer does not complete", wait(t, acc), ndk.StatusIOTimeout)
		// >>> the point of the variant (CN-7)
		if broken {
			expect(t, "variant: CompleteConnect after the set-up timed out", completeConnect(t, cx), ndk.StatusSuccess)
		} else {
			expect(t, "CompleteConnect after the set-up timed out", completeConnect(t, cx), ndk.StatusIOTimeout)
			expect(t, "CompleteConnect once set-up is over", completeConnect(t, cx), ndk.StatusConnectionInvalid)
		}
		// <<<
		mustClose(t, cx, pc, qa, qb, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantAcceptTimeoutWrongStatus(t *testing.T) {
	eachVariantIn(t, VariantAcceptTimeoutWrongStatus, allModes, shortSetup, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		cx, pc, qa, qb, acc := pendingAccept(t, e, A, B, ls)
		want := ndk.StatusIOTimeout
		if broken {
			want = ndk.StatusConnectionAborted
		}
		// >>> the point of the variant (CN-8)
		expect(t, "Accept whose peer never calls CompleteConnect", wait(t, acc), want)
		// <<<
		mustClose(t, cx, pc, qa, qb, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantRejectAfterPeerGaveUp(t *testing.T) {
	eachVariantMode(t, VariantRejectAfterPeerGaveUp, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		q, cx := A.qp(t), A.connector(t)
		conn := async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(q, ap(e.a.IPv4, 0), ls.addr), d, x)
		})
		pc := ls.next(t)
		mustClose(t, cx) // the connecting side gives up
		expect(t, "the Connect of the closed connector", wait(t, conn), ndk.StatusCancelled)
		want := ndk.StatusConnectionAborted
		if broken {
			want = ndk.StatusSuccess
		}
		// >>> the point of the variant (CN-9)
		expect(t, "Reject of a request whose peer gave up", pc.Reject(nil), want)
		// <<<
		mustClose(t, pc, q, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantRejectAfterConnectRefused(t *testing.T) {
	eachVariantMode(t, VariantRejectAfterConnectRefused, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		cx, pc, qa, qb, acc := pendingAccept(t, e, A, B, ls)
		// >>> the point of the variant (CN-9)
		if broken {
			expect(t, "variant: Reject after the connect completed", cx.Reject(nil), ndk.StatusConnectionInvalid)
			mustClose(t, cx) // gives up: the Accept fails
			expect(t, "the Accept once the connecting side closed", wait(t, acc), ndk.StatusConnectionAborted)
		} else {
			expect(t, "Reject after the connect completed", cx.Reject(nil), ndk.StatusSuccess)
			expect(t, "the Accept of the rejected connection", wait(t, acc), ndk.StatusConnectionAborted)
			mustClose(t, cx)
		}
		// <<<
		mustClose(t, pc, qa, qb, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantPrivateDataOffByOne(t *testing.T) {
	eachVariantMode(t, VariantPrivateDataOffByOne, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		info, _ := A.ad.QueryAdapterInfo()
		ls := listen(t, B, ap(e.b.IPv4, 0))
		q, cx := A.qp(t), A.connector(t)
		p := connectParams(q, ap(e.a.IPv4, 0), ls.addr)
		p.PrivateData = make([]byte, info.MaxCallerData+1)
		conn := async(t, func(d ndk.RequestCompletion, x any) ndk.Status { return cx.Connect(p, d, x) })
		// >>> the point of the variant (OV-1): one byte over MaxCallerData
		if broken {
			pc := ls.next(t)
			expect(t, "variant: Reject of the request with too much private data", pc.Reject(nil), ndk.StatusSuccess)
			expect(t, "variant: Connect with MaxCallerData+1 bytes", wait(t, conn), ndk.StatusConnectionRefused)
			mustClose(t, pc)
		} else {
			expect(t, "Connect with MaxCallerData+1 bytes", wait(t, conn), ndk.StatusInvalidParameter)
		}
		// <<<
		// ... and exactly MaxCalleeData for NdkAccept.
		cx2, qa, qb := A.connector(t), A.qp(t), B.qp(t)
		conn = async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx2.Connect(connectParams(qa, ap(e.a.IPv4, 0), ls.addr), d, x)
		})
		pc := ls.next(t)
		// >>> the point of the variant (OV-1): exactly MaxCalleeData
		acc := async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return pc.Accept(ndk.AcceptParams{QP: qb, InboundReadLimit: 4, OutboundReadLimit: 4, PrivateData: make([]byte, info.MaxCalleeData)}, d, x)
		})
		if broken {
			expect(t, "variant: Accept with MaxCalleeData bytes", wait(t, acc), ndk.StatusInvalidParameter)
			expect(t, "Reject", pc.Reject(nil), ndk.StatusSuccess)
			expect(t, "Connect", wait(t, conn), ndk.StatusConnectionRefused)
		} else {
			expect(t, "Connect accepted with MaxCalleeData bytes of private data", wait(t, conn), ndk.StatusSuccess)
			expect(t, "CompleteConnect", completeConnect(t, cx2), ndk.StatusSuccess)
			expect(t, "Accept with MaxCalleeData bytes", wait(t, acc), ndk.StatusSuccess)
		}
		// <<<
		mustClose(t, cx2, pc, cx, q, qa, qb, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantEphemeralRangeOffByOne(t *testing.T) {
	eachVariantMode(t, VariantEphemeralRangeOffByOne, func(t *testing.T, e *env, broken bool) {
		B := newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0)) // the first port 0 of a new host: the bottom of the range
		want := uint16(ndk.EphemeralPortFirst)
		if broken {
			want--
		}
		// >>> the point of the variant (CN-2)
		if ls.addr.Port() != want {
			t.Errorf("the first port 0 of a new host = %d, want %d (broken %v)", ls.addr.Port(), want, broken)
		}
		// <<<
		mustClose(t, ls.l)
		B.close(t)
	})
}

func TestVariantNoFamily(t *testing.T) {
	for _, tc := range []struct {
		variant string
		addr    func(e *env) (a, b netip.Addr)
		other   func(e *env) (a, b netip.Addr)
	}{
		{VariantNoIPv4, func(e *env) (netip.Addr, netip.Addr) { return e.a.IPv4, e.b.IPv4 }, func(e *env) (netip.Addr, netip.Addr) { return e.a.IPv6, e.b.IPv6 }},
		{VariantNoIPv6, func(e *env) (netip.Addr, netip.Addr) { return e.a.IPv6, e.b.IPv6 }, func(e *env) (netip.Addr, netip.Addr) { return e.a.IPv4, e.b.IPv4 }},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			eachVariantMode(t, tc.variant, func(t *testing.T, e *env, broken bool) {
				// The other family works either way.
				oa, ob := tc.other(e)
				OA, OB := newSide(t, e, oa), newSide(t, e, ob)
				ls := listen(t, OB, ap(ob, 0))
				establish(t, OA, ap(oa, 0), nil, OB, ls).close(t)
				mustClose(t, ls.l)
				OA.close(t)
				OB.close(t)

				a, b := tc.addr(e)
				A := newSide(t, e, a) // the adapter opens either way
				want := ndk.StatusSuccess
				if broken {
					want = ndk.StatusInvalidAddress
				}
				// >>> the point of the variant (OV-2)
				expect(t, "Listen on the adapter's own address", tryListen(t, A, ap(a, 0)), want)
				se, st := A.ad.CreateSharedEndpoint(ap(a, 0), nil, nil)
				expect(t, "CreateSharedEndpoint on the adapter's own address", st, want)
				c := A.connector(t)
				q := A.qp(t)
				st = do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
					return c.Connect(ndk.ConnectParams{QP: q, Source: ap(a, 0), Destination: ap(b, 1)}, d, x)
				})
				if (st == ndk.StatusInvalidAddress) != broken {
					t.Errorf("Connect from the adapter's own address to a closed port = %v (broken %v)", st, broken)
				}
				// <<<
				if se != nil {
					mustClose(t, se)
				}
				mustClose(t, c, q)
				A.close(t)
			})
		})
	}
}
