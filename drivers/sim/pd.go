package sim

import (
	"slices"

	"github.com/ndkconform/ndkconform/ndk"
)

// pd is NDK_PD: the antecedent of its QPs, SRQs, MRs and MWs. Memory of
// one PD is accessible only through QPs of that PD.
type pd struct {
	object
	priv uint32 // the privileged token (MR-18)
	mrs  []*mr  // open MRs in creation order (how INLINE SGEs are resolved)
}

// PrivilegedMemoryRegionToken implements ndk.PD.
func (p *pd) PrivilegedMemoryRegionToken() uint32 {
	f := p.ad.f
	f.mu.Lock()
	defer f.mu.Unlock()
	return p.priv
}

func (p *pd) beginCloseLocked() {}
func (p *pd) releaseLocked()    { p.ad.dropTokenLocked(&p.priv) }
func (p *pd) closedLocked()     {}

// CreateQP implements ndk.PD.
func (p *pd) CreateQP(params ndk.QPParams, done ndk.CreateCompletion, ctx any) (ndk.QP, ndk.Status) {
	return create(p.ad, done, ctx, func() (ndk.QP, *object, ndk.Status) {
		// VARIANT no-qp (breaks IF-10): the entry point is missing.
		if p.ad.f.refuses(ndk.ObjectTypeQP) {
			return nil, nil, ndk.StatusNotSupported
		}
		info := &p.ad.f.info
		if params.ReceiveQueueDepth > p.ad.f.createLimit(VariantQPReceiveDepthAtMaxRefused, info.MaxReceiveQueueDepth) ||
			params.MaxReceiveRequestSGE > p.ad.f.createLimit(VariantQPReceiveSGEOverMax, info.MaxReceiveRequestSGE) {
			return nil, nil, ndk.StatusInvalidParameter
		}
		return p.newQPLocked(params, nil)
	})
}

// CreateQPWithSRQ implements ndk.PD. The SRQ must be of the same PD.
func (p *pd) CreateQPWithSRQ(params ndk.QPParams, s ndk.SRQ, done ndk.CreateCompletion, ctx any) (ndk.QP, ndk.Status) {
	return create(p.ad, done, ctx, func() (ndk.QP, *object, ndk.Status) {
		// VARIANT no-qp (breaks IF-10): the entry point is missing.
		if p.ad.f.refuses(ndk.ObjectTypeQP) {
			return nil, nil, ndk.StatusNotSupported
		}
		sq, ok := s.(*srq)
		if !ok || sq == nil || sq.pd != p || sq.closing {
			return nil, nil, ndk.StatusInvalidParameter
		}
		params.ReceiveQueueDepth, params.MaxReceiveRequestSGE = 0, 0
		return p.newQPLocked(params, sq)
	})
}

func (p *pd) newQPLocked(params ndk.QPParams, sq *srq) (ndk.QP, *object, ndk.Status) {
	a := p.ad
	info := &a.f.info
	inline := info.MaxInlineDataSize
	if sq != nil {
		inline = a.f.createLimit(VariantQPSRQInlineOverMax, inline)
	}
	rcq, ok1 := params.ReceiveCQ.(*cq)
	icq, ok2 := params.InitiatorCQ.(*cq)
	switch {
	case !ok1 || !ok2 || rcq == nil || icq == nil,
		rcq.ad != a || icq.ad != a || rcq.closing || icq.closing || p.closing,
		params.InitiatorQueueDepth > info.MaxInitiatorQueueDepth,
		params.MaxInitiatorRequestSGE > info.MaxInitiatorRequestSGE,
		params.InlineDataSize > inline:
		return nil, nil, ndk.StatusInvalidParameter
	}
	q := &qp{pd: p, rcq: rcq, icq: icq, srq: sq, params: params}
	parents := []*object{&p.object, &rcq.object, &icq.object}
	if sq != nil {
		parents = append(parents, &sq.object) // SRQ -> QP
		sq.qps = append(sq.qps, q)
	}
	q.initLocked(a, ndk.ObjectTypeQP, q, parents...)
	return q, &q.object, ndk.StatusSuccess
}

// CreateSRQ implements ndk.PD (SQ-1). A depth of 0 is invalid.
func (p *pd) CreateSRQ(params ndk.SRQParams, done ndk.CreateCompletion, ctx any) (ndk.SRQ, ndk.Status) {
	return create(p.ad, done, ctx, func() (ndk.SRQ, *object, ndk.Status) {
		// VARIANT no-srq (breaks IF-12): the entry point is missing.
		if p.ad.f.refuses(ndk.ObjectTypeSRQ) {
			return nil, nil, ndk.StatusNotSupported
		}
		info := &p.ad.f.info
		if p.closing || params.Depth < 1 || params.Depth > p.ad.f.createLimit(VariantSRQCreateDepthOverMax, info.MaxSRQDepth) ||
			params.MaxReceiveRequestSGE > p.ad.f.createLimit(VariantSRQSGEAtMaxRefused, info.MaxReceiveRequestSGE) {
			return nil, nil, ndk.StatusInvalidParameter
		}
		s := &srq{pd: p, depth: params.Depth, maxSGE: params.MaxReceiveRequestSGE, threshold: params.NotifyThreshold,
			armed: params.NotifyThreshold > 0, notify: params.Notify, notifyCtx: params.NotifyContext}
		s.initLocked(p.ad, ndk.ObjectTypeSRQ, s, &p.object)
		return s, &s.object, ndk.StatusSuccess
	})
}

// CreateMR implements ndk.PD.
func (p *pd) CreateMR(fastRegister bool, done ndk.CreateCompletion, ctx any) (ndk.MR, ndk.Status) {
	return create(p.ad, done, ctx, func() (ndk.MR, *object, ndk.Status) {
		// VARIANT no-mr (breaks IF-7): the entry point is missing.
		if p.ad.f.refuses(ndk.ObjectTypeMR) {
			return nil, nil, ndk.StatusNotSupported
		}
		if p.closing {
			return nil, nil, ndk.StatusInvalidParameter
		}
		m := &mr{pd: p, fast: fastRegister}
		m.initLocked(p.ad, ndk.ObjectTypeMR, m, &p.object)
		p.mrs = append(p.mrs, m)
		return m.handOut(), &m.object, ndk.StatusSuccess
	})
}

// CreateMW implements ndk.PD.
func (p *pd) CreateMW(done ndk.CreateCompletion, ctx any) (ndk.MW, ndk.Status) {
	return create(p.ad, done, ctx, func() (ndk.MW, *object, ndk.Status) {
		// VARIANT no-mw (breaks IF-8): the entry point is missing.
		if p.ad.f.refuses(ndk.ObjectTypeMW) {
			return nil, nil, ndk.StatusNotSupported
		}
		if p.closing {
			return nil, nil, ndk.StatusInvalidParameter
		}
		w := &mw{pd: p}
		w.initLocked(p.ad, ndk.ObjectTypeMW, w, &p.object)
		w.token = p.ad.newTokenLocked(tokenRef{kind: tokMW, mw: w})
		return w, &w.object, ndk.StatusSuccess
	})
}

func (p *pd) forgetMRLocked(m *mr) {
	if i := slices.Index(p.mrs, m); i >= 0 {
		p.mrs = slices.Delete(p.mrs, i, i+1)
	}
}
