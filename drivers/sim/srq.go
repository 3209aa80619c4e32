package sim

import (
	"errors"
	"slices"

	"github.com/ndkconform/ndkconform/ndk"
)

// srq is NDK_SRQ: receives shared by the QPs created over it (SRQ -> QP).
// A receive is taken by whichever of those QPs' peers sends first; its
// completion goes to that QP's receive CQ with that QP's context.
//
// The notification is armed while threshold > 0: it fires when the queued
// receives are fewer than the threshold, once, then stays disarmed until
// Modify sets a threshold again (SQ-2, SQ-4, SQ-5). At creation it fires
// only when a receive taken makes the count drop below the threshold.
//
// A fault (FailSRQ) makes it fail: the notification callback reports
// STATUS_INTERNAL_ERROR, and the SRQ and its QPs complete nothing after
// (SQ-6): no receive is taken, posts fail inline.
type srq struct {
	object
	pd        *pd
	depth     uint32
	maxSGE    uint32
	threshold uint32
	armed     bool
	failed    bool // a fault made it fail (FailSRQ)
	notify    ndk.SRQNotificationCallback
	notifyCtx any

	queue []*recv
	qps   []*qp // QPs over the SRQ, until their close completes

	slots  []*srqSlot // variant srq-slot-reuse: the ring
	posted uint64     // variant srq-slot-reuse: receives posted
	n      notifier
}

// Modify implements ndk.SRQ (NdkModifySrq). A depth below the number of
// receives queued is an invalid parameter.
func (s *srq) Modify(depth, notifyThreshold uint32, done ndk.RequestCompletion, ctx any) ndk.Status {
	f := s.ad.f
	m := f.pick(done != nil)
	f.mu.Lock()
	var st ndk.Status
	switch {
	case s.closing:
		st = ndk.StatusInvalidDeviceState
	// VARIANT srq-depth-over-max (breaks SQ-3): a depth above MaxSrqDepth
	// is accepted.
	// VARIANT srq-shrink-fit-refused (breaks SQ-3): a new depth equal to
	// the receives queued is refused as out of limits.
	case depth > f.info.MaxSRQDepth && f.variant != VariantSRQDepthOverMax,
		depth != 0 && int(depth) < len(s.queue),
		f.variant == VariantSRQShrinkFitRefused && depth != 0 && int(depth) == len(s.queue):
		st = ndk.StatusInvalidParameter
	default:
		if depth != 0 { // SQ-3
			s.depth = depth
		}
		// VARIANT srq-depth-zero (breaks SQ-3): a depth of 0 is taken as the
		// new depth instead of keeping the current one.
		if depth == 0 && f.variant == VariantSRQDepthZero {
			s.depth = 0
		}
		if notifyThreshold != 0 { // SQ-4; 0 keeps threshold and arming (SQ-5)
			s.threshold, s.armed = notifyThreshold, true
			// VARIANT srq-arm-below-silent (breaks SQ-4): arming with the
			// receives already below the threshold does not notify (the next
			// receive taken does).
			if f.variant != VariantSRQArmBelowSilent {
				s.checkLocked()
			}
		} else {
			// VARIANT srq-threshold-zero-disarms (breaks SQ-5): a threshold
			// of 0 disarms the notification.
			// VARIANT srq-threshold-zero-rearms (breaks SQ-5): a threshold of
			// 0 re-arms the current threshold (notifying if already below).
			switch f.variant {
			case VariantSRQZeroDisarms:
				s.armed = false
			case VariantSRQZeroRearms:
				s.armed = s.threshold > 0
				s.checkLocked()
			}
		}
		st = ndk.StatusSuccess
	}
	f.mu.Unlock()
	return f.completeNow(&s.object, m, done, ctx, st)
}

// Receive implements ndk.SRQ (NdkSrqReceive).
func (s *srq) Receive(reqCtx any, sgl []ndk.SGE) ndk.Status {
	f := s.ad.f
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case s.closing || s.failed:
		return ndk.StatusInvalidDeviceState
	case len(sgl) > int(s.maxSGE):
		return ndk.StatusInvalidParameter
	case len(s.queue) >= int(s.depth):
		return ndk.StatusInsufficientResources
	}
	// VARIANT srq-slot-reuse: the receive takes a slot of the ring.
	s.queue = append(s.queue, &recv{ctx: reqCtx, sgl: slices.Clone(sgl), slot: s.slotLocked(reqCtx)})
	f.matchSRQLocked(s)
	return ndk.StatusSuccess
}

// takeLocked removes the oldest receive; the notification may be due.
func (s *srq) takeLocked() *recv {
	r := s.queue[0]
	s.queue = s.queue[1:]
	s.checkLocked()
	return r
}

// checkLocked fires the armed notification if the queued receives are
// fewer than the threshold.
func (s *srq) checkLocked() {
	below := len(s.queue) < int(s.threshold)
	// VARIANT srq-threshold-at-limit (breaks SQ-2, SQ-4): the notification
	// fires when the queued receives reach the threshold, not below it.
	if s.ad.f.variant == VariantSRQThresholdAtLimit {
		below = len(s.queue) <= int(s.threshold)
	}
	if !s.armed || !below {
		return
	}
	// VARIANT srq-refires (breaks SQ-4): the notification stays armed after
	// it fired, and fires again for every receive taken below the threshold.
	if s.ad.f.variant != VariantSRQRefires {
		s.armed = false
	}
	if s.notify != nil {
		cb, ctx := s.notify, s.notifyCtx
		s.ad.f.notifyLocked(&s.object, &s.n, func(st ndk.Status) { cb(ctx, st) }, ndk.StatusSuccess)
	}
}

func (s *srq) beginCloseLocked() { s.armed = false }

// releaseLocked drops the receives still queued: no QP is left to complete
// them on.
func (s *srq) releaseLocked() { s.queue = nil }
func (s *srq) closedLocked()  {}

// matchSRQLocked hands the SRQ's receives to waiting sends, oldest send
// first, among the peers of the SRQ's QPs.
func (f *fabric) matchSRQLocked(s *srq) {
	// VARIANT srq-error-completes (breaks SQ-6): an SRQ that failed goes on
	// handing its receives to its QPs' peers' sends.
	if s.failed && f.variant != VariantSRQErrorCompletes {
		return
	}
	for len(s.queue) > 0 {
		var bx, bs *qp
		for _, x := range s.qps {
			if p := x.linkPeerLocked(); p != nil && len(p.waiting) > 0 && (bs == nil || p.waiting[0].seq < bs.waiting[0].seq) {
				bx, bs = x, p
			}
		}
		if bx == nil {
			return
		}
		f.deliverLocked(bs, bx, s.takeLocked)
	}
}

// ---- fault injection ----

var _ ndk.SRQFaultInjector = (*provider)(nil)

// FailSRQ implements ndk.SRQFaultInjector: x fails as hardware would. Its
// notification callback (if any) reports STATUS_INTERNAL_ERROR, and from
// then on no receive of it is taken, NdkSrqReceive fails with
// STATUS_INVALID_DEVICE_STATE, and its QPs' work requests fail inline, so
// that neither it nor its QPs complete anything (SQ-6).
func (p *provider) FailSRQ(x ndk.SRQ) error {
	s, ok := x.(*srq)
	if !ok || s == nil {
		return errors.New("sim: not an SRQ of this provider")
	}
	f := p.f
	f.mu.Lock()
	defer f.mu.Unlock()
	if s.ad.f != f {
		return errors.New("sim: not an SRQ of this provider")
	}
	if s.closing {
		return errors.New("sim: the SRQ is being closed")
	}
	if s.failed {
		return nil
	}
	s.failed, s.armed = true, false
	if s.notify != nil {
		cb, ctx := s.notify, s.notifyCtx
		f.notifyLocked(&s.object, &s.n, func(st ndk.Status) { cb(ctx, st) }, ndk.StatusInternalError)
	}
	return nil
}
