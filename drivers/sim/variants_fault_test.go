package sim

import (
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
)

// cqFaultFix is a connection whose side B's QP uses a CQ notifying n
// (for its receives and its sends), and the buffers of a send each way.
type cqFaultFix struct {
	p      *pair
	n      *notes
	ma, mb ndk.MR
}

func newCQFaultFix(t *testing.T, e *env) *cqFaultFix {
	t.Helper()
	n := newNotes(t)
	A, B := newSide(t, e, e.a.IPv4), notifySide(t, e, e.b.IPv4, n, 64)
	x := &cqFaultFix{n: n}
	x.p = connectPair(t, e, A, B, dataQP(t, A, "qa"), dataQP(t, B, "qb"))
	x.ma = regMR(t, A.pd, make([]byte, 16), 0x9000, 0)
	x.mb = regMR(t, B.pd, make([]byte, 16), 0x1000, ndk.MRFlagAllowLocalWrite)
	return x
}

// exchange has side B post a receive and side A send into it, then side B
// send to a receive of side A: two completions on side B's CQ unless it
// failed. Every post succeeds (the sim drops the completions of a failed
// CQ, as it does after an overrun).
func (x *cqFaultFix) exchange(t *testing.T) {
	t.Helper()
	qa, qb := x.p.c.qa, x.p.c.qb
	expect(t, "Receive on B", qb.Receive("rb", []ndk.SGE{sge(0x1000, 16, x.mb.LocalToken())}), ndk.StatusSuccess)
	expect(t, "Send from A", qa.Send("sa", []ndk.SGE{sge(0x9000, 16, x.ma.LocalToken())}, 0), ndk.StatusSuccess)
	poll(t, x.p.A.cq, 1)
	expect(t, "Receive on A", qa.Receive("ra", []ndk.SGE{sge(0x9000, 16, x.ma.LocalToken())}), ndk.StatusSuccess)
	expect(t, "Send from B", qb.Send("sb", []ndk.SGE{sge(0x1000, 16, x.mb.LocalToken())}, 0), ndk.StatusSuccess)
	poll(t, x.p.A.cq, 1)
}

func (x *cqFaultFix) close(t *testing.T) {
	t.Helper()
	x.p.close(t, x.ma, x.mb)
}

// CQ-5 (fatal), CQ-2: FailCQ on an armed CQ notifies STATUS_INTERNAL_ERROR
// at once; on an unarmed one, at the next arm and not before. After it,
// neither the CQ nor its QP completes anything; the CQ is notified once.
func TestFailCQ(t *testing.T) {
	eachVariantIn(t, VariantCQFatalCompletes, []string{CompletionDeferred, CompletionInline}, nil, func(t *testing.T, e *env, broken bool) {
		for _, armed := range []bool{true, false} {
			x := newCQFaultFix(t, e)
			x.exchange(t)
			poll(t, x.p.B.cq, 2) // the CQ works
			if armed {
				x.p.B.cq.Arm(ndk.CQNotifyErrors)
			}
			if err := e.p.(ndk.CQFaultInjector).FailCQ(x.p.B.cq); err != nil {
				t.Fatal(err)
			}
			if !armed {
				x.n.none(t, "fatal error on an unarmed CQ (CQ-2)")
				x.p.B.cq.Arm(ndk.CQNotifyAny)
			}
			expect(t, "CQ notification of the fault", x.n.one(t, "the fault"), ndk.StatusInternalError)
			if err := e.p.(ndk.CQFaultInjector).FailCQ(x.p.B.cq); err != nil {
				t.Errorf("FailCQ again: %v", err)
			}
			x.p.B.cq.Arm(ndk.CQNotifyAny)
			x.exchange(t)
			if broken {
				poll(t, x.p.B.cq, 2)
			} else {
				x.n.none(t, "after the fault")
				empty(t, x.p.B.cq, "the failed CQ")
			}
			x.close(t)
		}
	})
}

// The fault of a CQ that is not armed is notified at once by the variant.
func TestVariantCQFatalUnarmed(t *testing.T) {
	eachVariantIn(t, VariantCQFatalUnarmed, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
		x := newCQFaultFix(t, e)
		if err := e.p.(ndk.CQFaultInjector).FailCQ(x.p.B.cq); err != nil {
			t.Fatal(err)
		}
		if broken {
			expect(t, "notification with no arm", x.n.one(t, "the fault, unarmed"), ndk.StatusInternalError)
		} else {
			x.n.none(t, "the fault, unarmed")
		}
		x.close(t)
	})
}

// The fault of a CQ armed before it is not notified by the variant.
func TestVariantCQFatalArmedLost(t *testing.T) {
	eachVariantIn(t, VariantCQFatalArmedLost, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
		x := newCQFaultFix(t, e)
		x.p.B.cq.Arm(ndk.CQNotifyErrors)
		if err := e.p.(ndk.CQFaultInjector).FailCQ(x.p.B.cq); err != nil {
			t.Fatal(err)
		}
		if broken {
			x.n.none(t, "the fault, armed before it")
		} else {
			expect(t, "notification of the fault", x.n.one(t, "the fault, armed before it"), ndk.StatusInternalError)
		}
		x.close(t)
	})
}

// FailCQ refuses what is not one of its CQs, and a CQ being closed.
func TestFailCQRefuses(t *testing.T) {
	e := openEnv(t, map[string]string{OptCompletion: CompletionDeferred})
	fi := e.p.(ndk.CQFaultInjector)
	if err := fi.FailCQ(nil); err == nil {
		t.Error("FailCQ(nil) succeeded")
	}
	A := newSide(t, e, e.a.IPv4)
	cq := A.cq
	A.close(t)
	if err := fi.FailCQ(cq); err == nil {
		t.Error("FailCQ of a closed CQ succeeded")
	}
}
