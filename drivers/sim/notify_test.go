package sim

import (
	"net/netip"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// notes records the CQ (or SRQ) notification callbacks of one object.
type notes struct {
	t       testing.TB
	ch      chan ndk.Status
	running atomic.Int32
	hold    atomic.Pointer[chan struct{}] // when set, callbacks wait for it to close
	entered chan struct{}
}

func newNotes(t testing.TB) *notes {
	return &notes{t: t, ch: make(chan ndk.Status, 64), entered: make(chan struct{}, 64)}
}

func (n *notes) cb(ctx any, st ndk.Status) {
	if ctx != "notify-ctx" {
		n.t.Errorf("notification context %v", ctx)
	}
	if n.running.Add(1) > 1 {
		n.t.Errorf("two notification callbacks of one object at once (CH-11)")
	}
	n.entered <- struct{}{}
	if h := n.hold.Load(); h != nil {
		<-*h
	}
	n.running.Add(-1)
	n.ch <- st
}

func (n *notes) one(t testing.TB, what string) ndk.Status {
	t.Helper()
	select {
	case st := <-n.ch:
		return st
	case <-time.After(waitFor):
		t.Fatalf("%s: no notification", what)
		return 0
	}
}

func (n *notes) none(t testing.TB, what string) {
	t.Helper()
	select {
	case st := <-n.ch:
		t.Errorf("%s: unexpected notification %v", what, st)
	case <-time.After(15 * time.Millisecond):
	}
}

// notifySide is a side whose CQ notifies n.
func notifySide(t testing.TB, e *env, addr netip.Addr, n *notes, depth uint32) *side {
	t.Helper()
	ad := e.adapter(t, addr)
	s := &side{ad: ad}
	s.pd = mustCreate(t, ad.CreatePD)
	s.cq = mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.CQ, ndk.Status) {
		return ad.CreateCQ(ndk.CQParams{Depth: depth, Notify: n.cb, NotifyContext: "notify-ctx"}, d, c)
	})
	return s
}

// cancelled makes k error completions on q's receive CQ: receives, flushed.
func cancelled(t testing.TB, q ndk.QP, k int) {
	t.Helper()
	for i := range k {
		expect(t, "Receive", q.Receive(i, nil), ndk.StatusSuccess)
	}
	q.Flush()
}

func drain(t testing.TB, cq ndk.CQ, k int) {
	t.Helper()
	poll(t, cq, k)
	empty(t, cq, "drained CQ")
}

func TestCQNotify(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		n := newNotes(t)
		A := newSide(t, e, e.a.IPv4)
		B := notifySide(t, e, e.b.IPv4, n, 64)
		qb := dataQP(t, B, "qb")

		// CH-7, CQ-2: only after an arm, once per arm.
		cancelled(t, qb, 1)
		n.none(t, "completion with no arm")
		B.cq.Arm(ndk.CQNotifyAny) // CH-9: a completion newer than the last notification
		expect(t, "arm with a new completion", n.one(t, "arm with a new completion"), ndk.StatusSuccess)
		n.none(t, "second notification for one arm")
		drain(t, B.cq, 1)
		B.cq.Arm(ndk.CQNotifyAny)
		n.none(t, "arm on an empty CQ")
		cancelled(t, qb, 2)
		expect(t, "notification", n.one(t, "armed, then two completions"), ndk.StatusSuccess)
		n.none(t, "second completion, one arm")
		cancelled(t, qb, 1)
		n.none(t, "completion after the notification, no arm")
		drain(t, B.cq, 3)

		// Success versus errors versus solicited, and arm merging.
		p := connectPair(t, e, A, B, dataQP(t, A, "qa"), qb)
		qa := p.c.qa
		ma := regMR(t, A.pd, make([]byte, 8), 0x1000, 0)
		mb := regMR(t, B.pd, make([]byte, 8), 0x1000, ndk.MRFlagAllowLocalWrite)
		send := func(flags uint32) {
			t.Helper()
			expect(t, "Receive", qb.Receive("r", []ndk.SGE{sge(0x1000, 8, mb.LocalToken())}), ndk.StatusSuccess)
			expect(t, "Send", qa.Send("s", []ndk.SGE{sge(0x1000, 8, ma.LocalToken())}, flags), ndk.StatusSuccess)
			check(t, "send", poll1(t, A.cq), ndk.StatusSuccess, ndk.OpSend, "qa", "s")
		}
		B.cq.Arm(ndk.CQNotifyErrors)
		send(0)
		n.none(t, "ERRORS arm, successful receive")
		B.cq.Arm(ndk.CQNotifySolicited) // ERRORS + SOLICITED = SOLICITED (CH-13)
		n.none(t, "SOLICITED arm, unsolicited completion present")
		send(0)
		n.none(t, "SOLICITED arm, unsolicited receive")
		send(ndk.OpFlagSendAndSolicitEvent)
		expect(t, "solicited", n.one(t, "SOLICITED arm, solicited receive"), ndk.StatusSuccess)
		drain(t, B.cq, 3)

		B.cq.Arm(ndk.CQNotifySolicited)
		B.cq.Arm(ndk.CQNotifyAny) // SOLICITED + ANY = ANY (CH-14)
		send(0)
		n.one(t, "SOLICITED+ANY arm, unsolicited receive")
		B.cq.Arm(ndk.CQNotifyAny)
		B.cq.Arm(ndk.CQNotifyErrors) // ANY + ERRORS = ANY (CH-12)
		send(0)
		n.one(t, "ANY+ERRORS arm, unsolicited receive")
		drain(t, B.cq, 2)

		B.cq.Arm(ndk.CQNotifyErrors)
		B.cq.Arm(ndk.CQNotifyErrors)
		send(ndk.OpFlagSendAndSolicitEvent)
		n.none(t, "ERRORS arm, solicited receive")
		cancelled(t, qb, 1)
		n.one(t, "ERRORS arm, error completion")
		drain(t, B.cq, 2)
		B.cq.Arm(ndk.CQNotifySolicited)
		cancelled(t, qb, 1) // CQ-6: errors match SOLICITED
		n.one(t, "SOLICITED arm, error completion")
		drain(t, B.cq, 1)

		// GetResults takes at most len(results) (CQ-13).
		cancelled(t, qb, 3)
		var rs [2]ndk.Result
		if k := B.cq.GetResults(rs[:]); k != 2 || rs[0].Status != ndk.StatusCancelled || rs[0].QPContext != "qb" || rs[0].RequestContext != 0 {
			t.Errorf("GetResults = %d, %+v", k, rs[0])
		}
		if k := B.cq.GetResults(rs[:]); k != 1 || rs[0].RequestContext != 2 {
			t.Errorf("GetResults = %d, %+v", k, rs[0])
		}
		if k := B.cq.GetResults(rs[:]); k != 0 {
			t.Errorf("GetResults on an empty CQ = %d", k)
		}
		p.close(t, ma, mb)
	})
}

// CQ-4, LT-24, CH-11: a CQ close waits for the notification callback that
// runs; a notification due meanwhile waits for it, and none comes after the
// close.
func TestCQCloseWaitsForNotification(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		n := newNotes(t)
		hold := make(chan struct{})
		n.hold.Store(&hold)
		A := notifySide(t, e, e.a.IPv4, n, 64)
		q := dataQP(t, A, "q")
		A.cq.Arm(ndk.CQNotifyAny)
		cancelled(t, q, 1)
		<-n.entered
		A.cq.Arm(ndk.CQNotifyAny)
		cancelled(t, q, 1) // due while the first one runs
		select {
		case <-n.entered:
			t.Fatalf("a second notification callback started while the first runs")
		case <-time.After(15 * time.Millisecond):
		}
		mustClose(t, q)
		cc := startClose(t, A.cq)
		stillPending(t, cc, "CQ close with its notification callback running")
		close(hold)
		cc.wait(t)
		expect(t, "first notification", n.one(t, "first notification"), ndk.StatusSuccess)
		n.none(t, "after the close")
		mustClose(t, A.pd)
		closeAdapter(t, A.ad)
		if len(n.entered) != 0 {
			t.Errorf("a notification callback ran after the CQ close")
		}
	})
}

// CQ-1, CQ-5, CQ-9: resize limits, overrun, no interrupt moderation.
func TestCQOverrunAndResize(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		n := newNotes(t)
		A := notifySide(t, e, e.a.IPv4, n, 2)
		info, _ := A.ad.QueryAdapterInfo()
		if info.AdapterFlags&ndk.AdapterFlagCQResizeSupported == 0 || info.AdapterFlags&ndk.AdapterFlagCQInterruptModerationSupported != 0 || info.MaxSRQDepth != 1024 {
			t.Errorf("adapter flags %#x, MaxSRQDepth %d", info.AdapterFlags, info.MaxSRQDepth)
		}
		expect(t, "ControlInterruptModeration", A.cq.ControlInterruptModeration(10, 4), ndk.StatusNotSupported)
		q := dataQP(t, A, "q")
		cancelled(t, q, 2)
		resize := func(d uint32) ndk.Status {
			return do(t, func(dn ndk.RequestCompletion, c any) ndk.Status { return A.cq.Resize(d, dn, c) })
		}
		expect(t, "Resize below the entries held", resize(1), ndk.StatusInvalidParameter)
		expect(t, "Resize over MaxCQDepth", resize(4097), ndk.StatusInvalidParameter)
		expect(t, "Resize to 0", resize(0), ndk.StatusInvalidParameter)
		expect(t, "Resize", resize(3), ndk.StatusSuccess)
		cancelled(t, q, 1) // 3 of 3
		cancelled(t, q, 1) // overrun
		A.cq.Arm(ndk.CQNotifyErrors)
		expect(t, "overrun notification", n.one(t, "overrun"), ndk.StatusBufferOverflow)
		A.cq.Arm(ndk.CQNotifyAny)
		cancelled(t, q, 1)
		n.none(t, "CQ in error")
		poll(t, A.cq, 3)
		empty(t, A.cq, "completions after the overrun")
		mustClose(t, q)
		A.close(t)
	})
}

func TestVariantNotifyUnarmed(t *testing.T) {
	eachVariantMode(t, VariantNotifyUnarmed, func(t *testing.T, e *env, broken bool) {
		n := newNotes(t)
		B := notifySide(t, e, e.b.IPv4, n, 64)
		qb := dataQP(t, B, "qb")
		cancelled(t, qb, 1)
		// >>> the point of the variant (CQ-2)
		if broken {
			expect(t, "notification with no arm", n.one(t, "completion with no arm"), ndk.StatusSuccess)
		} else {
			n.none(t, "completion with no arm")
		}
		// <<<
		drain(t, B.cq, 1)
		mustClose(t, qb)
		B.close(t)
	})
}
