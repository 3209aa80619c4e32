package sim

import (
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
)

// Each variant test runs one scenario against the conforming provider and
// against the variant, and checks the one point where they must differ.

func eachVariantMode(t *testing.T, variant string, fn func(t *testing.T, e *env, broken bool)) {
	for _, completion := range []string{CompletionDeferred, CompletionInline, CompletionReentrant} {
		for _, v := range []string{"", variant} {
			name := completion + "/conforming"
			if v != "" {
				name = completion + "/" + v
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				fn(t, openEnv(t, map[string]string{OptCompletion: completion, OptVariant: v}), v != "")
			})
		}
	}
}

func TestVariantListenerCloseInline(t *testing.T) {
	eachVariantMode(t, VariantListenerCloseInline, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		c := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
		lc := startClose(t, ls.l)
		// >>> the point of the variant (LC-15)
		if broken {
			expect(t, "variant: listener close with a connector open", lc.st, ndk.StatusSuccess)
		} else {
			stillPending(t, lc, "listener close with a connector open")
		}
		// <<<
		// Unchanged: refused requests, the endpoint still referenced.
		q, cx := A.qp(t), A.connector(t)
		expect(t, "Connect to the closed listener", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(q, ap(e.a.IPv4, 0), ls.addr), d, x)
		}), ndk.StatusConnectionRefused)
		l2 := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.Listener, ndk.Status) {
			return B.ad.CreateListener(nil, nil, d, x)
		})
		expect(t, "Listen while connectors hold the port", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l2.Listen(ls.addr, d, x) }), ndk.StatusSharingViolation)
		c.close(t)
		lc.wait(t)
		expect(t, "Listen once released", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l2.Listen(ls.addr, d, x) }), ndk.StatusSuccess)
		mustClose(t, l2, q, cx)
		A.close(t)
		B.close(t)
	})
}

func TestVariantAcceptWhileClosing(t *testing.T) {
	eachVariantMode(t, VariantAcceptWhileClosing, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		c := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
		lc := startClose(t, ls.l)
		stillPending(t, lc, "listener close with a connector open")
		q, cx := A.qp(t), A.connector(t)
		res := async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(q, ap(e.a.IPv4, 0), ls.addr), d, x)
		})
		// >>> the point of the variant (LC-16)
		if broken {
			pc := ls.next(t)
			expect(t, "variant: Reject of a request delivered while closing", pc.Reject(nil), ndk.StatusSuccess)
			expect(t, "Connect", wait(t, res), ndk.StatusConnectionRefused)
			mustClose(t, pc)
		} else {
			expect(t, "Connect to a closing listener", wait(t, res), ndk.StatusConnectionRefused)
			if len(ls.events) != 0 {
				t.Errorf("connect event while the listener's close is pending")
			}
		}
		// <<<
		c.close(t)
		lc.wait(t)
		mustClose(t, q, cx)
		A.close(t)
		B.close(t)
	})
}

func TestVariantEarlyPortRelease(t *testing.T) {
	eachVariantMode(t, VariantEarlyPortRelease, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		se := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.SharedEndpoint, ndk.Status) {
			return A.ad.CreateSharedEndpoint(ap(e.a.IPv4, 0), d, x)
		})
		seAddr, _ := se.GetLocalAddress()
		c := establish(t, A, ap(e.a.IPv4, 0), se, B, ls)
		lc, sc := startClose(t, ls.l), startClose(t, se)
		stillPending(t, lc, "listener close with a connector open")
		stillPending(t, sc, "shared endpoint close with a connector open")
		l2 := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.Listener, ndk.Status) {
			return B.ad.CreateListener(nil, nil, d, x)
		})
		listenSt := do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l2.Listen(ls.addr, d, x) })
		se2, seSt := createT(t, func(d ndk.CreateCompletion, x any) (ndk.SharedEndpoint, ndk.Status) {
			return A.ad.CreateSharedEndpoint(seAddr, d, x)
		})
		// >>> the point of the variant (LC-14, LC-13, LC-24)
		want := ndk.StatusSharingViolation
		if broken {
			want = ndk.StatusSuccess
		}
		expect(t, "Listen on a closing listener's port", listenSt, want)
		expect(t, "CreateSharedEndpoint on a closing shared endpoint's address", seSt, want)
		// <<<
		c.close(t)
		lc.wait(t)
		sc.wait(t)
		if se2 != nil {
			mustClose(t, se2)
		}
		mustClose(t, l2)
		A.close(t)
		B.close(t)
	})
}

func TestVariantLateCallback(t *testing.T) {
	eachVariantMode(t, VariantLateCallback, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		c := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
		expect(t, "Disconnect", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return c.b.Disconnect(d, x) }), ndk.StatusSuccess)
		<-c.discA // the one legitimate event
		mustClose(t, c.a)
		mustClose(t, c.b, c.qa, c.qb, ls.l)
		A.close(t) // every callback of A's objects has returned
		B.close(t)
		// >>> the point of the variant (LT-25)
		late := len(c.discA)
		if broken && late != 1 {
			t.Errorf("variant: %d disconnect callbacks after the close completed; want 1", late)
		}
		if !broken && late != 0 {
			t.Errorf("%d disconnect callbacks after the close completed", late)
		}
		// <<<
	})
}
