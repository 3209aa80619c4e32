package sim

import (
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// Each variant test runs one scenario against the conforming provider and
// against the variant, and checks the one point where they must differ.

func eachVariantMode(t *testing.T, variant string, fn func(t *testing.T, e *env, broken bool)) {
	eachVariantIn(t, variant, []string{CompletionDeferred, CompletionInline, CompletionReentrant}, nil, fn)
}

// eachVariantIn runs fn against the conforming provider and the variant in
// each of the completion modes given, with the extra driver options.
func eachVariantIn(t *testing.T, variant string, completions []string, extra map[string]string, fn func(t *testing.T, e *env, broken bool)) {
	for _, completion := range completions {
		for _, v := range []string{"", variant} {
			name := completion + "/conforming"
			if v != "" {
				name = completion + "/" + v
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				opts := map[string]string{OptCompletion: completion, OptVariant: v}
				for k, x := range extra {
					opts[k] = x
				}
				fn(t, openEnv(t, opts), v != "")
			})
		}
	}
}

func TestVariantListenerCloseInline(t *testing.T) {
	eachVariantMode(t, VariantListenerCloseInline, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		c := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)
		settleIdle(t, e, ls.l)
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
		settleIdle(t, e, ls.l)
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
		settleIdle(t, e, ls.l)
		settleIdle(t, e, se)
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

// within reports whether ch is closed or receives within d.
func within[T any](ch <-chan T, d time.Duration) bool {
	select {
	case <-ch:
		return true
	case <-time.After(d):
		return false
	}
}

// brief is how long a variant test waits for something that must not
// happen (or must happen at once).
const brief = 30 * time.Millisecond

func TestVariantAntecedentCloseEarly(t *testing.T) {
	eachVariantMode(t, VariantAntecedentCloseEarly, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		q := A.qp(t)
		pc, cc := startClose(t, A.pd), startClose(t, A.cq)
		// >>> the point of the variant (LT-16)
		if broken {
			expect(t, "variant: PD close with a QP open", pc.st, ndk.StatusSuccess)
			expect(t, "variant: CQ close with a QP open", cc.st, ndk.StatusSuccess)
		} else {
			stillPending(t, pc, "PD close with a QP open")
			stillPending(t, cc, "CQ close with a QP open")
		}
		// <<<
		// Unchanged: the QP stays usable; its close ends the antecedents'.
		expect(t, "Receive on the QP", q.Receive("rx", nil), ndk.StatusSuccess)
		mustClose(t, q)
		pc.wait(t)
		cc.wait(t)
		closeAdapter(t, A.ad)
	})
}

func TestVariantAdapterCloseEarly(t *testing.T) {
	eachVariantMode(t, VariantAdapterCloseEarly, func(t *testing.T, e *env, broken bool) {
		ad := e.adapter(t, e.a.IPv4)
		pd := mustCreate(t, ad.CreatePD)
		closed := make(chan struct{})
		go func() { ad.Close(); close(closed) }()
		// >>> the point of the variant (LT-22)
		returned := within(closed, brief)
		if broken && !returned {
			t.Errorf("variant: Adapter.Close did not return at once")
		}
		if !broken && returned {
			t.Errorf("Adapter.Close returned with a PD open")
		}
		// <<<
		mustClose(t, pd)
		if !within(closed, waitFor) {
			t.Fatalf("Adapter.Close did not return once the PD was closed")
		}
	})
}

func TestVariantCloseDuringSuccessorCallback(t *testing.T) {
	// Only a close that calls its completion has a callback to run.
	eachVariantIn(t, VariantCloseDuringSuccessorCallback, []string{CompletionDeferred, CompletionReentrant}, nil, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		q := A.qp(t)
		pc := startClose(t, A.pd)
		stillPending(t, pc, "PD close with a QP open")
		entered, gate := make(chan struct{}), make(chan struct{})
		go q.Close(func(any) { close(entered); <-gate }, nil) // reentrant: the callback runs inside Close
		if !within(entered, waitFor) {
			t.Fatalf("no QP close completion")
		}
		cc := startClose(t, A.cq)
		adClosed := make(chan struct{})
		go func() { A.ad.Close(); close(adClosed) }()
		// >>> the point of the variant (LT-20, and LT-22 for the adapter)
		pdDone, adDone := within(pc.done, brief), within(adClosed, brief)
		if broken && (!pdDone || !adDone) {
			t.Errorf("variant: while the QP's close completion runs, PD close completed %v, adapter close returned %v; want both", pdDone, adDone)
		}
		if !broken && (pdDone || adDone) {
			t.Errorf("while the QP's close completion runs, PD close completed %v, adapter close returned %v; want neither", pdDone, adDone)
		}
		// <<<
		close(gate)
		pc.wait(t)
		cc.wait(t)
		if !within(adClosed, waitFor) {
			t.Fatalf("Adapter.Close did not return")
		}
	})
}

func TestVariantCloseIgnoresPending(t *testing.T) {
	// Only a deferred NdkConnect stays pending while the peer is silent.
	eachVariantIn(t, VariantCloseIgnoresPending, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		q, cx := A.qp(t), A.connector(t)
		type event struct {
			what string
			st   ndk.Status
		}
		events := make(chan event, 4)
		st := cx.Connect(connectParams(q, ap(e.a.IPv4, 0), ls.addr), func(_ any, s ndk.Status) { events <- event{"connect", s} }, nil)
		expect(t, "Connect", st, ndk.StatusPending)
		pc := ls.next(t) // the request is at B, unanswered
		expect(t, "Close with a Connect pending", cx.Close(func(any) { events <- event{"close", 0} }, nil), ndk.StatusPending)
		var got []event
		for range 2 {
			select {
			case ev := <-events:
				got = append(got, ev)
			case <-time.After(waitFor):
				t.Fatalf("completions so far: %v", got)
			}
		}
		// >>> the point of the variant (LT-23)
		want := []event{{"connect", ndk.StatusCancelled}, {"close", 0}}
		if broken {
			want = []event{{"close", 0}, {"connect", ndk.StatusCancelled}}
		}
		if !slices.Equal(got, want) {
			t.Errorf("completions %v; want %v", got, want)
		}
		// <<<
		mustClose(t, pc, q, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestVariantCloseDuringEvent(t *testing.T) {
	eachVariantMode(t, VariantCloseDuringEvent, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		entered, gate := make(chan struct{}, 1), make(chan struct{})
		cq := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.CQ, ndk.Status) {
			return A.ad.CreateCQ(ndk.CQParams{Depth: 16, Notify: func(any, ndk.Status) {
				select {
				case entered <- struct{}{}:
				default:
				}
				<-gate
			}}, d, x)
		})
		q := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.QP, ndk.Status) {
			return A.pd.CreateQP(ndk.QPParams{ReceiveCQ: cq, InitiatorCQ: cq, ReceiveQueueDepth: 4, MaxReceiveRequestSGE: 1}, d, x)
		})
		cq.Arm(ndk.CQNotifyAny)
		expect(t, "Receive", q.Receive("rx", nil), ndk.StatusSuccess)
		q.Flush() // the cancelled receive fires the notification
		if !within(entered, waitFor) {
			t.Fatalf("no notification")
		}
		mustClose(t, q)
		cc := startClose(t, cq)
		// >>> the point of the variant (LT-24, CQ-4)
		if broken {
			if !within(cc.done, brief) {
				t.Errorf("variant: the CQ close did not complete while its notification ran")
			}
		} else {
			stillPending(t, cc, "CQ close while its notification runs")
		}
		// <<<
		close(gate)
		cc.wait(t)
		A.close(t)
	})
}

func TestVariantCloseNoCancel(t *testing.T) {
	eachVariantMode(t, VariantCloseNoCancel, func(t *testing.T, e *env, broken bool) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		q := A.qp(t)
		for i := range 2 {
			expect(t, "Receive", q.Receive(i, nil), ndk.StatusSuccess)
		}
		mustClose(t, q)
		res := make([]ndk.Result, 4)
		n := A.cq.GetResults(res) // a flush queues its completions at once
		// >>> the point of the variant (LT-26, QP-21): the receives
		want := 2
		if broken {
			want = 0
		}
		if n != want {
			t.Errorf("%d completions after the QP close; want %d", n, want)
		}
		// <<<
		if e.mode == CompletionDeferred { // only then does NdkConnect stay pending
			ls := listen(t, B, ap(e.b.IPv4, 0))
			q, cx := A.qp(t), A.connector(t)
			st, ch := start(t, func(d ndk.RequestCompletion, x any) ndk.Status {
				return cx.Connect(connectParams(q, ap(e.a.IPv4, 0), ls.addr), d, x)
			})
			expect(t, "Connect", st, ndk.StatusPending)
			pc := ls.next(t)
			mustClose(t, cx)
			// >>> the point of the variant (LT-26): the pending Connect
			want := ndk.StatusCancelled
			if broken {
				want = ndk.StatusConnectionAborted
			}
			expect(t, "Connect cancelled by the close", wait(t, ch), want)
			// <<<
			mustClose(t, pc, q, ls.l)
		}
		A.close(t)
		B.close(t)
	})
}

func TestVariantCallbackUnderLock(t *testing.T) {
	// Only a call that calls its completion has a callback to close from.
	eachVariantIn(t, VariantCallbackUnderLock, []string{CompletionDeferred, CompletionReentrant}, nil, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		m := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.MR, ndk.Status) { return A.pd.CreateMR(false, d, x) })
		closeRet, closeDone := make(chan ndk.Status, 1), make(chan struct{})
		inside, cbDone := make(chan bool, 1), make(chan struct{})
		st := m.Register(make([]byte, 64), 0x1000, ndk.MRFlagAllowLocalWrite, func(any, ndk.Status) {
			// Close the MR from inside the completion and wait (bounded) for
			// the close to return, as a consumer whose NdkCloseObject runs
			// on the callback's thread does.
			go func() { closeRet <- m.Close(func(any) { close(closeDone) }, nil) }()
			inside <- within(closeRet, 2*brief)
			close(cbDone)
		}, nil)
		expect(t, "Register", st, ndk.StatusPending)
		if !within(cbDone, waitFor) {
			t.Fatalf("no Register completion")
		}
		// >>> the point of the variant (LT-12): the close blocks on the
		// lock the callback holds (a real consumer would deadlock)
		if returned := <-inside; returned == broken {
			t.Errorf("Close from inside the completion returned while the callback ran: %v; want %v", returned, !broken)
		}
		// <<<
		if !within(closeDone, waitFor) {
			t.Fatalf("MR close never completed")
		}
		A.close(t)
	})
}

func TestVariantCreateCompletionLost(t *testing.T) {
	eachVariantIn(t, VariantCreateCompletionLost, []string{CompletionDeferred, CompletionReentrant}, nil, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		got := make(chan ndk.Object, 2)
		w, st := A.pd.CreateMW(func(_ any, s ndk.Status, o ndk.Object) { got <- o }, nil)
		expect(t, "CreateMW", st, ndk.StatusPending)
		if !isNil(w) {
			t.Errorf("pending CreateMW returned an MW")
		}
		// >>> the point of the variant (CR-1)
		select {
		case o := <-got:
			if broken {
				t.Errorf("variant: CreateMW completed")
			}
			mustClose(t, o)
		case <-time.After(brief):
			if !broken {
				t.Errorf("CreateMW never completed")
			}
		}
		// <<<
		A.close(t) // the lost MW holds nothing up
	})
}

func TestVariantCreateInlineAndCallback(t *testing.T) {
	eachVariantIn(t, VariantCreateInlineAndCallback, []string{CompletionDeferred, CompletionReentrant}, nil, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		got := make(chan ndk.Object, 2)
		s, st := A.pd.CreateSRQ(ndk.SRQParams{Depth: 4, MaxReceiveRequestSGE: 1}, func(_ any, s ndk.Status, o ndk.Object) { got <- o }, nil)
		var o ndk.Object
		select {
		case o = <-got:
		case <-time.After(waitFor):
			t.Fatalf("CreateSRQ never completed")
		}
		// >>> the point of the variant (CR-2)
		if broken {
			expect(t, "variant: CreateSRQ", st, ndk.StatusSuccess)
			if ndk.Object(s) != o {
				t.Errorf("variant: CreateSRQ returned %v, its completion %v", s, o)
			}
		} else {
			expect(t, "CreateSRQ", st, ndk.StatusPending)
			if !isNil(s) {
				t.Errorf("pending CreateSRQ returned an SRQ")
			}
		}
		// <<<
		mustClose(t, o)
		A.close(t)
	})
}

func TestVariantCreatePendingWithOutput(t *testing.T) {
	eachVariantIn(t, VariantCreatePendingWithOutput, []string{CompletionDeferred, CompletionReentrant}, nil, func(t *testing.T, e *env, broken bool) {
		ad := e.adapter(t, e.a.IPv4)
		got := make(chan ndk.Object, 2)
		c, st := ad.CreateCQ(ndk.CQParams{Depth: 4}, func(_ any, s ndk.Status, o ndk.Object) { got <- o }, nil)
		expect(t, "CreateCQ", st, ndk.StatusPending)
		var o ndk.Object
		select {
		case o = <-got:
		case <-time.After(waitFor):
			t.Fatalf("CreateCQ never completed")
		}
		// >>> the point of the variant (CR-3)
		if broken && ndk.Object(c) != o {
			t.Errorf("variant: pending CreateCQ returned %v, its completion %v", c, o)
		}
		if !broken && !isNil(c) {
			t.Errorf("pending CreateCQ returned a CQ")
		}
		// <<<
		mustClose(t, o)
		closeAdapter(t, ad)
	})
}

func TestVariantRequestCompletionTwice(t *testing.T) {
	eachVariantIn(t, VariantRequestCompletionTwice, []string{CompletionDeferred, CompletionReentrant}, nil, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		calls := make(chan ndk.Status, 4)
		st := A.cq.Resize(32, func(_ any, s ndk.Status) { calls <- s }, nil)
		expect(t, "Resize", st, ndk.StatusPending)
		if !within(calls, waitFor) {
			t.Fatalf("Resize never completed")
		}
		time.Sleep(brief)
		// >>> the point of the variant (CR-4)
		want := 0
		if broken {
			want = 1
		}
		if n := len(calls); n != want {
			t.Errorf("%d more Resize completions after the first; want %d", n, want)
		}
		// <<<
		A.close(t)
	})
}

func TestVariantCloseFails(t *testing.T) {
	eachVariantMode(t, VariantCloseFails, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		w := mustCreate(t, A.pd.CreateMW)
		called := make(chan struct{}, 2)
		st := w.Close(func(any) { called <- struct{}{} }, nil)
		// >>> the point of the variant (CR-5)
		if broken {
			expect(t, "variant: MW close", st, ndk.StatusUnsuccessful)
			if within(called, brief) {
				t.Errorf("variant: close completion after STATUS_UNSUCCESSFUL")
			}
		} else if st == ndk.StatusPending && !within(called, waitFor) {
			t.Errorf("MW close never completed")
		} else if st != ndk.StatusPending {
			expect(t, "MW close", st, ndk.StatusSuccess)
		}
		// <<<
		A.close(t) // the MW is closed either way: the PD closes
	})
}

func TestVariantCloseSuccessWithCallback(t *testing.T) {
	eachVariantMode(t, VariantCloseSuccessWithCallback, func(t *testing.T, e *env, broken bool) {
		ad := e.adapter(t, e.a.IPv4)
		// Created inline (no callback): a creation callback still counted
		// as running would make the close wait, and the variant's
		// STATUS_SUCCESS is of a close that completes at once.
		pd, cst := ad.CreatePD(nil, nil)
		expect(t, "CreatePD", cst, ndk.StatusSuccess)
		called := make(chan struct{}, 2)
		st := pd.Close(func(any) { called <- struct{}{} }, nil)
		cb := within(called, brief)
		// >>> the point of the variant (CR-6/CR-10)
		wantSt, wantCb := ndk.StatusPending, true
		switch {
		case e.mode == CompletionInline:
			wantSt, wantCb = ndk.StatusSuccess, false
		case broken:
			wantSt = ndk.StatusSuccess
		}
		expect(t, "PD close", st, wantSt)
		if cb != wantCb {
			t.Errorf("PD close returned %v and called back: %v", st, cb)
		}
		// <<<
		closeAdapter(t, ad)
	})
}

func TestVariantRejectConcurrentCalls(t *testing.T) {
	// The calls take no callback: they complete inline in every mode.
	eachVariantIn(t, VariantRejectConcurrentCalls, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
		ad := e.adapter(t, e.a.IPv4)
		cx := mustCreate(t, ad.CreateConnector)
		var (
			mu      sync.Mutex
			pds     []ndk.PD
			refused = map[string]int{}
			wg      sync.WaitGroup
		)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 4 {
					pd, st := ad.CreatePD(nil, nil)
					_, lst := cx.GetLocalAddress() // not connected: STATUS_CONNECTION_INVALID
					mu.Lock()
					if st == ndk.StatusSuccess {
						pds = append(pds, pd)
					} else if st == ndk.StatusInvalidDeviceState {
						refused["CreatePD"]++
					} else {
						t.Errorf("CreatePD = %v", st)
					}
					if lst == ndk.StatusInvalidDeviceState {
						refused["GetLocalAddress"]++
					} else if lst != ndk.StatusConnectionInvalid {
						t.Errorf("GetLocalAddress = %v", lst)
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		// >>> the point of the variant (LT-7)
		for _, call := range []string{"CreatePD", "GetLocalAddress"} {
			if broken && refused[call] == 0 {
				t.Errorf("variant: no concurrent %s was refused", call)
			}
			if !broken && refused[call] != 0 {
				t.Errorf("%d concurrent %s calls refused", refused[call], call)
			}
		}
		// <<<
		for _, pd := range pds {
			mustClose(t, pd)
		}
		mustClose(t, cx)
		closeAdapter(t, ad)
	})
}

func TestVariantResourcesWrongStatus(t *testing.T) {
	eachVariantIn(t, VariantResourcesWrongStatus, []string{CompletionDeferred}, map[string]string{OptMaxObjects: "1"}, func(t *testing.T, e *env, broken bool) {
		ad := e.adapter(t, e.a.IPv4)
		pd := mustCreate(t, ad.CreatePD)
		_, st := createT(t, ad.CreatePD)
		// >>> the point of the variant (CR-11)
		want := ndk.StatusInsufficientResources
		if broken {
			want = ndk.StatusUnsuccessful
		}
		expect(t, "CreatePD beyond max-objects", st, want)
		// <<<
		mustClose(t, pd)
		closeAdapter(t, ad)
	})
}

// sync-call-pending: NdkGetPeerAddress on a connected connector and NdkWrite
// on a connected QP return STATUS_PENDING; the write posts nothing. The
// same calls where they fail (a new connector, a QP not connected) and the
// other calls without completion callback keep their final status.
func TestVariantSyncCallPending(t *testing.T) {
	eachVariantMode(t, VariantSyncCallPending, func(t *testing.T, e *env, broken bool) {
		p := newPair(t, e)
		fresh := p.A.connector(t)
		_, st := fresh.GetPeerAddress()
		expect(t, "GetPeerAddress on a new connector", st, ndk.StatusConnectionInvalid)
		unconnected := dataQP(t, p.A, "unconnected")
		buf, bbuf := make([]byte, 64), make([]byte, 64)
		ma := regMR(t, p.A.pd, buf, 0x8000, ndk.MRFlagAllowLocalWrite)
		mb := regMR(t, p.B.pd, bbuf, 0x40000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite)
		expect(t, "Write on a QP not connected", unconnected.Write("u", []ndk.SGE{sge(0x8000, 8, ma.LocalToken())}, 0x40000, mb.RemoteToken(), 0), ndk.StatusConnectionInvalid)
		_, st = p.c.a.GetLocalAddress()
		expect(t, "GetLocalAddress on a connected connector", st, ndk.StatusSuccess)
		_, st = p.c.b.GetConnectionData(nil)
		expect(t, "GetConnectionData(NULL, 0) on the accepted connector", st, ndk.StatusSuccess)
		// >>> the point of the variant (CR-12)
		want := ndk.StatusSuccess
		if broken {
			want = ndk.StatusPending
		}
		peer, st := p.c.a.GetPeerAddress()
		expect(t, "GetPeerAddress on a connected connector", st, want)
		if peer != p.ls.addr {
			t.Errorf("GetPeerAddress = %v, want the listener's %v", peer, p.ls.addr)
		}
		copy(buf, "ndkconform")
		expect(t, "Write on a connected QP", p.c.qa.Write("w", []ndk.SGE{sge(0x8000, 8, ma.LocalToken())}, 0x40000, mb.RemoteToken(), 0), want)
		if broken {
			time.Sleep(10 * time.Millisecond)
			empty(t, p.A.cq, "a write that returned STATUS_PENDING")
			if string(bbuf[:8]) != "\x00\x00\x00\x00\x00\x00\x00\x00" {
				t.Errorf("a write that returned STATUS_PENDING moved bytes: %q", bbuf[:8])
			}
		} else {
			check(t, "write", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpWrite, "qa", "w")
		}
		// <<<
		p.close(t, fresh, unconnected, ma, mb)
	})
}

// The variants that lack an entry point of the object table: the call
// fails with STATUS_NOT_SUPPORTED, and every other create still works.
func TestVariantsUnsupported(t *testing.T) {
	for _, u := range unsupported {
		t.Run(u.variant, func(t *testing.T) {
			eachVariantMode(t, u.variant, func(t *testing.T, e *env, broken bool) {
				ad := e.adapter(t, e.a.IPv4)
				var pd ndk.PD
				if u.kind != ndk.ObjectTypePD {
					pd = mustCreate(t, ad.CreatePD)
				}
				var cq ndk.CQ
				if u.kind != ndk.ObjectTypeCQ {
					cq = mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.CQ, ndk.Status) {
						return ad.CreateCQ(ndk.CQParams{Depth: 16}, d, x)
					})
				}
				calls := map[ndk.ObjectType]func() ndk.Status{
					ndk.ObjectTypeAdapter: func() ndk.Status { _, st := ad.QueryAdapterInfo(); return st },
					ndk.ObjectTypePD:      func() ndk.Status { st := try(t, ad.CreatePD); return st },
					ndk.ObjectTypeCQ: func() ndk.Status {
						return try(t, func(d ndk.CreateCompletion, x any) (ndk.CQ, ndk.Status) {
							return ad.CreateCQ(ndk.CQParams{Depth: 16}, d, x)
						})
					},
					ndk.ObjectTypeConnector: func() ndk.Status { return try(t, ad.CreateConnector) },
					ndk.ObjectTypeListener: func() ndk.Status {
						return try(t, func(d ndk.CreateCompletion, x any) (ndk.Listener, ndk.Status) {
							return ad.CreateListener(nil, nil, d, x)
						})
					},
					ndk.ObjectTypeSharedEndpoint: func() ndk.Status {
						return try(t, func(d ndk.CreateCompletion, x any) (ndk.SharedEndpoint, ndk.Status) {
							return ad.CreateSharedEndpoint(ap(e.a.IPv4, 0), d, x)
						})
					},
				}
				if pd != nil {
					calls[ndk.ObjectTypeMR] = func() ndk.Status {
						return try(t, func(d ndk.CreateCompletion, x any) (ndk.MR, ndk.Status) { return pd.CreateMR(false, d, x) })
					}
					calls[ndk.ObjectTypeMW] = func() ndk.Status { return try(t, pd.CreateMW) }
					calls[ndk.ObjectTypeSRQ] = func() ndk.Status {
						return try(t, func(d ndk.CreateCompletion, x any) (ndk.SRQ, ndk.Status) {
							return pd.CreateSRQ(ndk.SRQParams{Depth: 4, MaxReceiveRequestSGE: 1}, d, x)
						})
					}
					if cq != nil {
						calls[ndk.ObjectTypeQP] = func() ndk.Status {
							return try(t, func(d ndk.CreateCompletion, x any) (ndk.QP, ndk.Status) {
								return pd.CreateQP(ndk.QPParams{ReceiveCQ: cq, InitiatorCQ: cq, ReceiveQueueDepth: 4, InitiatorQueueDepth: 4,
									MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}, d, x)
							})
						}
					}
				}
				for kind, call := range calls {
					want := ndk.StatusSuccess
					if broken && kind == u.kind {
						want = ndk.StatusNotSupported
					}
					// >>> the point of the variant (IF-3..IF-12)
					expect(t, kind.String(), call(), want)
					// <<<
				}
				if cq != nil {
					mustClose(t, cq)
				}
				if pd != nil {
					mustClose(t, pd)
				}
				closeAdapter(t, ad)
			})
		})
	}
}

// try runs a create to its final status and closes what it created.
func try[T ndk.Object](t *testing.T, call func(ndk.CreateCompletion, any) (T, ndk.Status)) ndk.Status {
	t.Helper()
	v, st := createT(t, call)
	if st == ndk.StatusSuccess {
		mustClose(t, v)
	}
	return st
}

// settleIdle waits until no callback of x (a listener or a shared
// endpoint) is still finishing: the close variants act on an idle object
// only, and a deferred connect event or completion may still be counted
// when establish returns.
func settleIdle(t *testing.T, e *env, x ndk.Object) {
	t.Helper()
	var o *object
	switch v := x.(type) {
	case *listener:
		o = &v.object
	case *sharedEndpoint:
		o = &v.object
	default:
		t.Fatalf("settleIdle: %T", x)
	}
	f := e.p.(*provider).f
	deadline := time.Now().Add(waitFor)
	for {
		f.mu.Lock()
		busy := o.busy
		f.mu.Unlock()
		if busy == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%T still has %d callbacks running after %v", x, busy, waitFor)
		}
		time.Sleep(time.Millisecond)
	}
}
