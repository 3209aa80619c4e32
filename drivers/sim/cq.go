package sim

import (
	"errors"
	"slices"

	"github.com/ndkconform/ndkconform/ndk"
)

// cqEntry is one completion in a CQ.
type cqEntry struct {
	r         ndk.ResultEx
	seq       uint64   // 1 + the number of entries queued before it
	solicited bool     // the receive of a send with SEND_AND_SOLICIT_EVENT
	slot      *srqSlot // variant srq-slot-reuse: the SRQ slot its context is read from
}

// cq is NDK_CQ. It holds at most depth entries; one more overruns it: the
// CQ is in error from then on (CQ-5), every later completion is dropped,
// and the overrun is reported once, with STATUS_BUFFER_OVERFLOW, by the
// first notification due at or after it. A fault (FailCQ) puts it in error
// the same way, reported with STATUS_INTERNAL_ERROR: at once if it is
// armed, else by the next arm (see ndk.CQFaultInjector).
type cq struct {
	object
	depth     uint32
	notify    ndk.CQNotificationCallback
	notifyCtx any

	entries      []cqEntry
	seq          uint64 // entries ever queued
	lastNotified uint64 // seq when the last notification was issued
	armed        bool
	armType      ndk.CQNotifyType
	overrun      bool
	fatal        bool // a fault made it fail (FailCQ)
	errorTold    bool // the overrun or the fatal error was reported
	n            notifier
	stuck        bool // variant moderation-sticks: notifications held back for good
}

func (c *cq) beginCloseLocked() { c.armed = false }
func (c *cq) releaseLocked()    {}
func (c *cq) closedLocked()     {}

// Resize implements ndk.CQ (NdkResizeCq, CQ-1): a depth over MaxCQDepth, of
// 0, or below the number of entries the CQ holds is an invalid parameter.
// Without NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED (option cq-resize=off) a
// consumer does not resize a CQ (AI-2); sim answers STATUS_NOT_SUPPORTED.
func (c *cq) Resize(depth uint32, done ndk.RequestCompletion, ctx any) ndk.Status {
	f := c.ad.f
	m := f.pick(done != nil)
	// VARIANT resize-at-max-refused: see createLimit.
	limit := f.createLimit(VariantResizeAtMaxRefused, f.createLimit(VariantResizeOverMax, f.info.MaxCQDepth))
	f.mu.Lock()
	var st ndk.Status
	switch {
	case f.info.AdapterFlags&ndk.AdapterFlagCQResizeSupported == 0:
		st = ndk.StatusNotSupported
	case c.closing:
		st = ndk.StatusInvalidDeviceState
	case depth < 1 || depth > limit || int(depth) < len(c.entries):
		st = ndk.StatusInvalidParameter
	default:
		c.resizeLocked(depth)
		st = ndk.StatusSuccess
	}
	// VARIANT request-completion-twice (breaks CR-4): a pending Resize
	// completes twice.
	if f.variant == VariantRequestCompletionTwice && m != modeInline {
		f.spawnRequestLocked(c.ad, &c.object, func() { done(ctx, st) })
	}
	f.mu.Unlock()
	return f.completeNow(&c.object, m, done, ctx, st)
}

// mergeArm is the table of CH-12..CH-14.
func mergeArm(a, b ndk.CQNotifyType) ndk.CQNotifyType {
	switch {
	case a == ndk.CQNotifyAny || b == ndk.CQNotifyAny:
		return ndk.CQNotifyAny
	case a == ndk.CQNotifyErrors && b == ndk.CQNotifyErrors:
		return ndk.CQNotifyErrors
	}
	return ndk.CQNotifySolicited
}

// matches reports whether e satisfies an arm of type t. Every completion
// with a status other than STATUS_SUCCESS is an error: it matches every
// type (CQ-6).
func (e *cqEntry) matches(t ndk.CQNotifyType) bool {
	switch t {
	case ndk.CQNotifyAny:
		return true
	case ndk.CQNotifySolicited:
		return e.r.Status != ndk.StatusSuccess || e.solicited
	}
	return e.r.Status != ndk.StatusSuccess
}

// matchesLocked is e.matches(t), but for the variant errors-not-solicited.
func (c *cq) matchesLocked(e *cqEntry, t ndk.CQNotifyType) bool {
	// VARIANT errors-not-solicited (breaks CQ-6): only a solicited receive
	// satisfies a SOLICITED arm, not an error completion.
	if t == ndk.CQNotifySolicited && c.ad.f.variant == VariantErrorsNotSolicited {
		return e.solicited
	}
	// VARIANT errors-arm-any (breaks CH-8, CH-13): any completion satisfies
	// an ERRORS arm.
	if t == ndk.CQNotifyErrors && c.ad.f.variant == VariantErrorsArmAny {
		return true
	}
	return e.matches(t)
}

// Arm implements ndk.CQ (NdkArmCq). An arm made while the CQ holds a
// completion that matches it and is newer than the last notification is
// satisfied at once (CH-9).
func (c *cq) Arm(t ndk.CQNotifyType) {
	f := c.ad.f
	f.mu.Lock()
	defer f.mu.Unlock()
	if c.closing {
		return
	}
	// VARIANT rearm-disarms (breaks CH-12, CH-13, CH-14): a second arm
	// before the first was satisfied disarms the CQ.
	if c.armed && f.variant == VariantRearmDisarms {
		c.armed = false
		return
	}
	if c.armed {
		// VARIANT arm-merge-any-replaced (breaks CH-12): ANY is replaced by
		// the second type. VARIANT arm-merge-errors-kept (breaks CH-13):
		// ERRORS is kept. VARIANT arm-merge-solicited-errors (breaks CH-14):
		// SOLICITED then ERRORS is ERRORS (see brokenMergeArm).
		if b, ok := f.brokenMergeArm(c.armType, t); ok {
			t = b
		} else {
			t = mergeArm(c.armType, t)
		}
	}
	c.armed, c.armType = true, t
	if c.fatal || c.overrun {
		if !c.errorTold {
			c.fireLocked(c.errorLocked())
		}
		return
	}
	// VARIANT arm-ignores-queued (breaks CH-9): the completions already
	// queued are not looked at.
	if f.variant == VariantArmIgnoresQueued {
		return
	}
	for i := range c.entries {
		if e := &c.entries[i]; e.seq > c.lastNotified && c.matchesLocked(e, t) {
			c.fireLocked(ndk.StatusSuccess)
			return
		}
	}
}

// errorLocked is the CqStatus of the CQ's error: a fatal error (FailCQ)
// is STATUS_INTERNAL_ERROR, an overrun STATUS_BUFFER_OVERFLOW.
func (c *cq) errorLocked() ndk.Status {
	if c.fatal {
		return ndk.StatusInternalError
	}
	return ndk.StatusBufferOverflow
}

// fireLocked satisfies the arm: it is cleared and the notification issued.
func (c *cq) fireLocked(st ndk.Status) {
	c.armed = false
	c.lastNotified = c.seq
	if st != ndk.StatusSuccess {
		c.errorTold = true
	}
	if c.notify == nil {
		return
	}
	// VARIANT moderation-sticks (breaks CQ-11, CQ-12): a CQ that got a
	// non-zero moderation interval holds its notifications back for good,
	// whatever the later settings.
	if c.stuck {
		return
	}
	cb, ctx := c.notify, c.notifyCtx
	c.ad.f.notifyLocked(&c.object, &c.n, func(s ndk.Status) { cb(ctx, s) }, st)
	// VARIANT notify-twice (breaks CH-7, CQ-2): every satisfied arm
	// notifies twice.
	if c.ad.f.variant == VariantNotifyTwice {
		c.ad.f.notifyLocked(&c.object, &c.n, func(s ndk.Status) { cb(ctx, s) }, st)
	}
}

// pushLocked queues a completion.
func (c *cq) pushLocked(r ndk.ResultEx, solicited bool) {
	// VARIANT cq-fatal-completes (breaks CQ-5): a CQ that failed (FailCQ)
	// goes on queuing the completions of its QPs.
	if c.fatal && c.ad.f.variant != VariantCQFatalCompletes {
		return
	}
	// VARIANT completions-after-overrun (breaks CQ-5): an overrun CQ queues
	// completions again once it has room.
	if c.overrun && (c.ad.f.variant != VariantCompletionsAfterOverrun || len(c.entries) >= int(c.depth)) {
		return
	}
	if len(c.entries) >= int(c.depth) {
		// VARIANT overrun-unreported (breaks CQ-5): the completion is dropped
		// silently and the CQ goes on.
		if c.ad.f.variant == VariantOverrunUnreported {
			return
		}
		c.overrun = true
		if c.armed {
			c.fireLocked(ndk.StatusBufferOverflow)
		}
		return
	}
	if r.Status == ndk.StatusSuccess {
		r.ProviderErrorCode = 0 // QP-19
	}
	// VARIANT flush-loses-context, error-code-on-success (break QP-3,
	// QP-19): see wrResult.
	c.ad.f.wrResult(&r)
	c.ad.f.resultType(&r)
	c.seq++
	e := cqEntry{r: r, seq: c.seq, solicited: solicited}
	c.entries = append(c.entries, e)
	// VARIANT notify-unarmed (breaks CQ-2, CH-7): a CQ that is not armed
	// notifies every completion.
	if !c.armed && c.ad.f.variant == VariantNotifyUnarmed {
		c.fireLocked(ndk.StatusSuccess)
		return
	}
	// VARIANT success-not-notified (breaks CH-8, CH-12, CH-13, CH-14): a
	// successful completion does not satisfy the arm when it comes.
	if r.Status == ndk.StatusSuccess && c.ad.f.variant == VariantSuccessNotNotified {
		return
	}
	if c.armed && c.matchesLocked(&e, c.armType) {
		c.fireLocked(ndk.StatusSuccess)
	}
}

// popLocked removes up to n entries.
func (c *cq) popLocked(n int) []cqEntry {
	n = min(n, len(c.entries))
	out := c.entries[:n:n]
	c.entries = c.entries[n:]
	if len(c.entries) == 0 {
		c.entries = nil
	}
	return out
}

// GetResults implements ndk.CQ (NdkGetCqResults). A ReceiveAndInvalidate
// completion comes out as a plain result; its token was invalidated when
// the data arrived (CH-3..CH-6).
func (c *cq) GetResults(results []ndk.Result) int {
	f := c.ad.f
	f.mu.Lock()
	es := c.popLocked(len(results))
	slotResults(es) // VARIANT srq-slot-reuse
	// VARIANT nonex-drops-invalidate (breaks CH-3): ReceiveAndInvalidate
	// completions are removed and not returned.
	if f.variant == VariantNonExDrops {
		es = slices.DeleteFunc(es, func(e cqEntry) bool { return e.r.Type == ndk.OpReceiveAndInvalidate })
	}
	f.mu.Unlock()
	for i, e := range es {
		results[i] = e.r.Result
	}
	// VARIANT results-count-short (breaks CQ-13): with a one-entry array,
	// the completion removed is not counted.
	if f.variant == VariantResultsCountShort && len(results) == 1 {
		return 0
	}
	return len(es)
}

// GetResultsEx implements ndk.CQ (NdkGetCqResultsEx).
func (c *cq) GetResultsEx(results []ndk.ResultEx) int {
	f := c.ad.f
	f.mu.Lock()
	es := c.popLocked(len(results))
	slotResults(es) // VARIANT srq-slot-reuse
	// VARIANT nonex-keeps-token (breaks CH-4): the invalidation happens
	// here.
	if f.variant == VariantNonExKeepsToken {
		for _, e := range es {
			if t := uint32(e.r.TypeSpecificCompletionOutput); e.r.Type == ndk.OpReceiveAndInvalidate {
				if _, ok := c.ad.tokens[t]; ok {
					c.ad.invalidateTokenLocked(t)
				}
			}
		}
	}
	f.mu.Unlock()
	for i, e := range es {
		results[i] = e.r
	}
	// VARIANT results-count-short (breaks CQ-13): with a one-entry array,
	// the completion removed is not counted.
	if f.variant == VariantResultsCountShort && len(results) == 1 {
		return 0
	}
	return len(es)
}

// ControlInterruptModeration implements ndk.CQ: without the option
// interrupt-moderation=on the adapter does not set
// NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED, and the call returns
// STATUS_NOT_SUPPORTED (CQ-9); with it, the call succeeds (CQ-8). sim
// never delays a notification, which every setting allows (moderation
// lets the provider defer a notification, CQ-11, CQ-12). It never pends
// (CQ-10).
func (c *cq) ControlInterruptModeration(interval, count uint32) ndk.Status {
	f := c.ad.f
	// VARIANT moderation-flag-not-supported (breaks CQ-8): STATUS_NOT_SUPPORTED
	// with the flag. VARIANT moderation-without-flag (breaks CQ-9):
	// STATUS_SUCCESS without it. VARIANT moderation-pending (breaks CQ-10,
	// CR-12): STATUS_PENDING. VARIANT moderation-sticks (breaks CQ-11,
	// CQ-12): see fireLocked. (moderationStatus; the flag: moderationFlag.)
	if st, ok := c.moderationStatus(interval); ok {
		return st
	}
	if f.info.AdapterFlags&ndk.AdapterFlagCQInterruptModerationSupported == 0 {
		return ndk.StatusNotSupported
	}
	return ndk.StatusSuccess
}

// ---- fault injection ----

var _ ndk.CQFaultInjector = (*provider)(nil)

// FailCQ implements ndk.CQFaultInjector: x fails as hardware would. An
// armed CQ's arm is satisfied with STATUS_INTERNAL_ERROR; an unarmed one's
// next arm is, at once. From then on every completion of its QPs is
// dropped (posts still succeed, as after an overrun), so that neither it
// nor its QPs report a completion after the error (CQ-5). The completions
// queued before stay, as after an overrun.
func (p *provider) FailCQ(x ndk.CQ) error {
	c, ok := x.(*cq)
	if !ok || c == nil {
		return errors.New("sim: not a CQ of this provider")
	}
	f := p.f
	f.mu.Lock()
	defer f.mu.Unlock()
	if c.ad.f != f {
		return errors.New("sim: not a CQ of this provider")
	}
	if c.closing {
		return errors.New("sim: the CQ is being closed")
	}
	if c.fatal {
		return nil
	}
	c.fatal = true
	c.errorTold = false // an overrun told before: the fatal error is news
	// VARIANT cq-fatal-armed-lost (breaks CQ-5): the arm set before
	// the error is not satisfied by it.
	if c.armed && f.variant == VariantCQFatalArmedLost {
		return nil
	}
	// VARIANT cq-fatal-unarmed (breaks CQ-2): the fatal error is notified
	// at once, armed or not.
	if c.armed || f.variant == VariantCQFatalUnarmed {
		c.fireLocked(ndk.StatusInternalError)
	}
	return nil
}
