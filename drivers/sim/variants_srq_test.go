package sim

import (
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
)

// srqFix is an SRQ of side B (depth 8, notifications recorded in n) with a
// QP over it connected to a data QP of side A whose sends take its
// receives.
type srqFix struct {
	e      *env
	p      *pair
	srq    ndk.SRQ
	n      *notes
	ma, mb ndk.MR
}

func newSRQFix(t *testing.T, e *env, threshold uint32) *srqFix {
	t.Helper()
	A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
	x := &srqFix{e: e, n: newNotes(t)}
	x.srq = mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.SRQ, ndk.Status) {
		return B.pd.CreateSRQ(ndk.SRQParams{Depth: 8, MaxReceiveRequestSGE: 1, NotifyThreshold: threshold, Notify: x.n.cb, NotifyContext: "notify-ctx"}, d, c)
	})
	qb := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) {
		return B.pd.CreateQPWithSRQ(dataQPParams(B, "qb"), x.srq, d, c)
	})
	x.p = connectPair(t, e, A, B, dataQP(t, A, "qa"), qb)
	x.ma = regMR(t, A.pd, make([]byte, 16), 0x9000, 0)
	x.mb = regMR(t, B.pd, make([]byte, 16), 0x1000, ndk.MRFlagAllowLocalWrite)
	return x
}

func (x *srqFix) post(t *testing.T, n int) {
	t.Helper()
	for i := range n {
		expect(t, "SRQ Receive", x.srq.Receive(i, []ndk.SGE{sge(0x1000, 16, x.mb.LocalToken())}), ndk.StatusSuccess)
	}
}

// take has side A send n messages, each taking one of the SRQ's receives.
func (x *srqFix) take(t *testing.T, n int) {
	t.Helper()
	for range n {
		expect(t, "Send", x.p.c.qa.Send("s", []ndk.SGE{sge(0x9000, 16, x.ma.LocalToken())}, 0), ndk.StatusSuccess)
		poll(t, x.p.A.cq, 1)
		poll(t, x.p.B.cq, 1)
	}
}

func (x *srqFix) modify(t *testing.T, depth, threshold uint32) ndk.Status {
	t.Helper()
	return do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return x.srq.Modify(depth, threshold, d, c) })
}

func (x *srqFix) close(t *testing.T) {
	t.Helper()
	x.p.close(t, x.ma, x.mb, x.srq)
}

// SQ-6: FailSRQ reports STATUS_INTERNAL_ERROR, and the SRQ and its QP
// complete nothing after: the receives it holds stay, posts fail inline.
func TestFailSRQ(t *testing.T) {
	eachVariantIn(t, VariantSRQErrorCompletes, []string{CompletionDeferred, CompletionInline}, nil, func(t *testing.T, e *env, broken bool) {
		x := newSRQFix(t, e, 0)
		x.post(t, 3)
		x.take(t, 1)
		if err := e.p.(ndk.SRQFaultInjector).FailSRQ(x.srq); err != nil {
			t.Fatal(err)
		}
		expect(t, "SRQ notification after the fault", x.n.one(t, "the fault"), ndk.StatusInternalError)
		expect(t, "Send to the failed SRQ's QP", x.p.c.qa.Send("s", []ndk.SGE{sge(0x9000, 16, x.ma.LocalToken())}, 0), ndk.StatusSuccess)
		expect(t, "Send from the failed SRQ's QP", x.p.c.qb.Send("s", []ndk.SGE{sge(0x1000, 16, x.mb.LocalToken())}, 0), ndk.StatusInvalidDeviceState)
		expect(t, "SRQ Receive after the fault", x.srq.Receive("x", []ndk.SGE{sge(0x1000, 16, x.mb.LocalToken())}), ndk.StatusInvalidDeviceState)
		if broken {
			poll(t, x.p.B.cq, 1)
		} else {
			x.n.none(t, "after the fault")
			empty(t, x.p.B.cq, "the failed SRQ's QP")
		}
		x.close(t)
	})
}

func TestVariantSRQThresholdAtLimit(t *testing.T) {
	eachVariantIn(t, VariantSRQThresholdAtLimit, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
		x := newSRQFix(t, e, 2)
		x.post(t, 3)
		x.take(t, 1) // 2 queued: at the threshold
		if broken {
			x.n.one(t, "at the threshold")
		} else {
			x.n.none(t, "at the threshold")
			x.take(t, 1)
			x.n.one(t, "below the threshold")
		}
		x.close(t)
	})
}

func TestVariantSRQArmBelowSilent(t *testing.T) {
	eachVariantIn(t, VariantSRQArmBelowSilent, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
		x := newSRQFix(t, e, 0)
		x.post(t, 2)
		expect(t, "Modify(8, 3)", x.modify(t, 8, 3), ndk.StatusSuccess)
		if broken {
			x.n.none(t, "armed below the threshold")
		} else {
			x.n.one(t, "armed below the threshold")
		}
		x.close(t)
	})
}

func TestVariantSRQRefires(t *testing.T) {
	eachVariantIn(t, VariantSRQRefires, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
		x := newSRQFix(t, e, 2)
		x.post(t, 3)
		x.take(t, 2)
		x.n.one(t, "below the threshold")
		x.take(t, 1)
		if broken {
			x.n.one(t, "fired again")
		} else {
			x.n.none(t, "disarmed")
		}
		x.close(t)
	})
}

func TestVariantSRQThresholdZero(t *testing.T) {
	t.Run("disarms", func(t *testing.T) {
		eachVariantIn(t, VariantSRQZeroDisarms, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
			x := newSRQFix(t, e, 2)
			x.post(t, 3)
			expect(t, "Modify(8, 0)", x.modify(t, 8, 0), ndk.StatusSuccess)
			x.take(t, 2)
			if broken {
				x.n.none(t, "disarmed by threshold 0")
			} else {
				x.n.one(t, "still armed")
			}
			x.close(t)
		})
	})
	t.Run("rearms", func(t *testing.T) {
		eachVariantIn(t, VariantSRQZeroRearms, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
			x := newSRQFix(t, e, 2)
			x.post(t, 2)
			x.take(t, 1)
			x.n.one(t, "below the threshold")
			expect(t, "Modify(8, 0)", x.modify(t, 8, 0), ndk.StatusSuccess)
			if broken {
				x.n.one(t, "re-armed by threshold 0")
			} else {
				x.n.none(t, "still disarmed")
			}
			x.close(t)
		})
	})
}

func TestVariantSRQDepth(t *testing.T) {
	t.Run("zero", func(t *testing.T) {
		eachVariantIn(t, VariantSRQDepthZero, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
			x := newSRQFix(t, e, 0)
			expect(t, "Modify(0, 0)", x.modify(t, 0, 0), ndk.StatusSuccess)
			want := ndk.StatusSuccess
			if broken {
				want = ndk.StatusInsufficientResources
			}
			expect(t, "SRQ Receive after Modify(0, 0)", x.srq.Receive("x", []ndk.SGE{sge(0x1000, 16, x.mb.LocalToken())}), want)
			x.close(t)
		})
	})
	t.Run("over-max", func(t *testing.T) {
		eachVariantIn(t, VariantSRQDepthOverMax, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
			x := newSRQFix(t, e, 0)
			expect(t, "Modify(MaxSrqDepth, 0)", x.modify(t, 1024, 0), ndk.StatusSuccess)
			want := ndk.StatusInvalidParameter
			if broken {
				want = ndk.StatusSuccess
			}
			expect(t, "Modify(MaxSrqDepth+1, 0)", x.modify(t, 1025, 0), want)
			x.close(t)
		})
	})
}

func TestVariantSRQWithoutSupport(t *testing.T) {
	eachVariantIn(t, VariantSRQWithoutSupport, []string{CompletionDeferred}, nil, func(t *testing.T, e *env, broken bool) {
		ad := e.adapter(t, e.b.IPv4)
		info, st := ad.QueryAdapterInfo()
		expect(t, "QueryAdapterInfo", st, ndk.StatusSuccess)
		want := uint32(1024)
		if broken {
			want = 0
		}
		if info.MaxSRQDepth != want {
			t.Errorf("MaxSrqDepth %d, want %d", info.MaxSRQDepth, want)
		}
		pd := mustCreate(t, ad.CreatePD)
		srq := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.SRQ, ndk.Status) {
			return pd.CreateSRQ(ndk.SRQParams{Depth: 4, MaxReceiveRequestSGE: 1}, d, c)
		})
		mustClose(t, srq, pd)
		closeAdapter(t, ad)
	})
}
