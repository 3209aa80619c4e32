package sim

import (
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
type srq struct {
	object
	pd        *pd
	depth     uint32
	maxSGE    uint32
	threshold uint32
	armed     bool
	notify    ndk.SRQNotificationCallback
	notifyCtx any

	queue []*recv
	qps   []*qp // QPs over the SRQ, until their close completes
	n     notifier
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
	case depth > f.info.MaxSRQDepth || (depth != 0 && int(depth) < len(s.queue)):
		st = ndk.StatusInvalidParameter
	default:
		if depth != 0 { // SQ-3
			s.depth = depth
		}
		if notifyThreshold != 0 { // SQ-4; 0 keeps threshold and arming (SQ-5)
			s.threshold, s.armed = notifyThreshold, true
			s.checkLocked()
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
	case s.closing:
		return ndk.StatusInvalidDeviceState
	case len(sgl) > int(s.maxSGE):
		return ndk.StatusInvalidParameter
	case len(s.queue) >= int(s.depth):
		return ndk.StatusInsufficientResources
	}
	s.queue = append(s.queue, &recv{ctx: reqCtx, sgl: slices.Clone(sgl)})
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
	if !s.armed || len(s.queue) >= int(s.threshold) {
		return
	}
	s.armed = false
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
