package sim

import (
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
)

// The creation limits (CQ-14, QP-23, QP-24, SQ-7) and NdkResizeCq's
// (CQ-15): the conforming provider takes each value at its maximum and
// refuses one past it with STATUS_INVALID_PARAMETER; each variant moves
// the one limit it breaks and no other.
func TestCreationLimits(t *testing.T) {
	type check struct {
		name  string
		moved string // the variant that moves this limit
		// create makes the object with the limit at max+delta and returns
		// the final status, having closed what it made.
		create func(t *testing.T, s *side, delta int) ndk.Status
	}
	closeIf := func(t *testing.T, o ndk.Object, st ndk.Status) ndk.Status {
		if st == ndk.StatusSuccess {
			mustClose(t, o)
		}
		return st
	}
	qp := func(set func(p *ndk.QPParams, info *ndk.AdapterInfo, delta int)) func(t *testing.T, s *side, delta int) ndk.Status {
		return func(t *testing.T, s *side, delta int) ndk.Status {
			info, _ := s.ad.QueryAdapterInfo()
			p := ndk.QPParams{ReceiveCQ: s.cq, InitiatorCQ: s.cq, ReceiveQueueDepth: 16, InitiatorQueueDepth: 16, MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}
			set(&p, &info, delta)
			q, st := createT(t, func(d ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) { return s.pd.CreateQP(p, d, c) })
			return closeIf(t, q, st)
		}
	}
	add := func(v uint32, delta int) uint32 { return uint32(int64(v) + int64(delta)) }
	checks := []check{
		{"NdkCreateCq CqDepth", VariantCQCreateDepthOverMax, func(t *testing.T, s *side, delta int) ndk.Status {
			info, _ := s.ad.QueryAdapterInfo()
			c, st := createT(t, func(d ndk.CreateCompletion, x any) (ndk.CQ, ndk.Status) {
				return s.ad.CreateCQ(ndk.CQParams{Depth: add(info.MaxCQDepth, delta)}, d, x)
			})
			return closeIf(t, c, st)
		}},
		{"NdkCreateQp ReceiveQueueDepth", VariantQPReceiveDepthAtMaxRefused, qp(func(p *ndk.QPParams, info *ndk.AdapterInfo, delta int) {
			p.ReceiveQueueDepth = add(info.MaxReceiveQueueDepth, delta)
		})},
		{"NdkCreateQp MaxReceiveRequestSge", VariantQPReceiveSGEOverMax, qp(func(p *ndk.QPParams, info *ndk.AdapterInfo, delta int) {
			p.MaxReceiveRequestSGE = add(info.MaxReceiveRequestSGE, delta)
		})},
		{"NdkCreateQp InlineDataSize", "", qp(func(p *ndk.QPParams, info *ndk.AdapterInfo, delta int) {
			p.InlineDataSize = add(info.MaxInlineDataSize, delta)
		})},
		{"NdkCreateQpWithSrq InlineDataSize", VariantQPSRQInlineOverMax, func(t *testing.T, s *side, delta int) ndk.Status {
			info, _ := s.ad.QueryAdapterInfo()
			srq := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.SRQ, ndk.Status) {
				return s.pd.CreateSRQ(ndk.SRQParams{Depth: 4, MaxReceiveRequestSGE: 1}, d, c)
			})
			defer mustClose(t, srq)
			p := ndk.QPParams{ReceiveCQ: s.cq, InitiatorCQ: s.cq, InitiatorQueueDepth: 16, MaxInitiatorRequestSGE: 1, InlineDataSize: add(info.MaxInlineDataSize, delta)}
			q, st := createT(t, func(d ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) { return s.pd.CreateQPWithSRQ(p, srq, d, c) })
			return closeIf(t, q, st)
		}},
		{"NdkCreateSrq SrqDepth", VariantSRQCreateDepthOverMax, func(t *testing.T, s *side, delta int) ndk.Status {
			info, _ := s.ad.QueryAdapterInfo()
			q, st := createT(t, func(d ndk.CreateCompletion, c any) (ndk.SRQ, ndk.Status) {
				return s.pd.CreateSRQ(ndk.SRQParams{Depth: add(info.MaxSRQDepth, delta), MaxReceiveRequestSGE: 1}, d, c)
			})
			return closeIf(t, q, st)
		}},
		{"NdkCreateSrq MaxReceiveRequestSge", VariantSRQSGEAtMaxRefused, func(t *testing.T, s *side, delta int) ndk.Status {
			info, _ := s.ad.QueryAdapterInfo()
			q, st := createT(t, func(d ndk.CreateCompletion, c any) (ndk.SRQ, ndk.Status) {
				return s.pd.CreateSRQ(ndk.SRQParams{Depth: 4, MaxReceiveRequestSGE: add(info.MaxReceiveRequestSGE, delta)}, d, c)
			})
			return closeIf(t, q, st)
		}},
		{"NdkResizeCq CqDepth", VariantResizeOverMax, func(t *testing.T, s *side, delta int) ndk.Status {
			info, _ := s.ad.QueryAdapterInfo()
			return do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return s.cq.Resize(add(info.MaxCQDepth, delta), d, c) })
		}},
	}
	for _, variant := range []string{"", VariantCQCreateDepthOverMax, VariantQPReceiveDepthAtMaxRefused, VariantQPReceiveSGEOverMax,
		VariantQPSRQInlineOverMax, VariantSRQCreateDepthOverMax, VariantSRQSGEAtMaxRefused, VariantResizeOverMax} {
		name := variant
		if name == "" {
			name = "conforming"
		}
		t.Run(name, func(t *testing.T) {
			e := openEnv(t, map[string]string{OptCompletion: CompletionRandom, OptSeed: "7", OptVariant: variant})
			s := newSide(t, e, e.a.IPv4)
			defer s.close(t)
			for _, c := range checks {
				atMax, past := c.create(t, s, 0), c.create(t, s, 1)
				wantMax, wantPast := ndk.StatusSuccess, ndk.StatusInvalidParameter
				if c.moved == variant && variant != "" {
					switch variant {
					case VariantQPReceiveDepthAtMaxRefused, VariantSRQSGEAtMaxRefused:
						wantMax = ndk.StatusInvalidParameter
					default:
						wantPast = ndk.StatusSuccess
					}
				}
				if atMax != wantMax || past != wantPast {
					t.Errorf("%s: at the maximum %v, one past it %v; want %v, %v", c.name, atMax, past, wantMax, wantPast)
				}
			}
		})
	}
}

// TestResizeKeepsCompletions: a conforming resize keeps the completions
// the CQ holds and takes its new depth (CQ-16); each resize variant breaks
// one of the two.
func TestResizeKeepsCompletions(t *testing.T) {
	for _, variant := range []string{"", VariantResizeDropsCompletions, VariantResizeKeepsDepth} {
		t.Run(variant, func(t *testing.T) {
			e := openEnv(t, map[string]string{OptCompletion: CompletionInline, OptVariant: variant})
			ad := e.adapter(t, e.a.IPv4)
			defer closeAdapter(t, ad)
			c := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.CQ, ndk.Status) {
				return ad.CreateCQ(ndk.CQParams{Depth: 2}, d, x)
			}).(*cq)
			f := c.ad.f
			push := func(id int) {
				f.mu.Lock()
				c.pushLocked(ndk.ResultEx{Result: ndk.Result{Status: ndk.StatusSuccess, RequestContext: id}, Type: ndk.OpReceive}, false)
				f.mu.Unlock()
			}
			push(1)
			push(2)
			expect(t, "Resize", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return c.Resize(8, d, x) }), ndk.StatusSuccess)
			for id := 3; id <= 8; id++ {
				push(id)
			}
			got := make([]ndk.ResultEx, 16)
			n := c.GetResultsEx(got)
			var ids []any
			for _, r := range got[:n] {
				ids = append(ids, r.RequestContext)
			}
			want := map[string]int{"": 8, VariantResizeDropsCompletions: 6, VariantResizeKeepsDepth: 2}[variant]
			if n != want || (variant != VariantResizeDropsCompletions && ids[0] != 1) || (variant == VariantResizeDropsCompletions && ids[0] != 3) {
				t.Errorf("after a resize from 2 to 8 with 2 queued and 6 more: got %v, want %d completions", ids, want)
			}
			mustClose(t, c)
		})
	}
}
