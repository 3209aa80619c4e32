package sim

import (
	"sync"

	"github.com/ndkconform/ndkconform/ndk"
)

// hooks are the type-specific steps of the generic close. All run with
// fabric.mu held and must not call consumer callbacks (they may schedule them
// with spawnLocked or resolveLocked).
type hooks interface {
	// beginCloseLocked runs when the consumer issues the close: cancel what
	// is pending on the object, refuse new work, tell the peer.
	beginCloseLocked()
	// releaseLocked runs once the close can complete (no successor open, no
	// callback pending or running), just before the close completion is
	// delivered: release endpoint references.
	releaseLocked()
	// closedLocked runs once the close has completed: the close completion
	// callback has returned, or Close returned STATUS_SUCCESS.
	closedLocked()
}

// object is the part every NDK object but the adapter shares: its type and
// the antecedent/successor close mechanism (LT-15..LT-26, CR-5..CR-10).
//
// An object counts its open successors (succ) and its callbacks that are
// scheduled or running (busy). Close marks it closing; it completes when both
// counts are zero, with STATUS_SUCCESS (inline mode, nothing outstanding) or
// through the close completion. Only once the close completion has returned
// does the object stop counting as a successor of its antecedents (LT-20) and
// as an object of its adapter (LT-22).
type object struct {
	ad      *adapter
	typ     ndk.ObjectType
	self    hooks     // nil: no type-specific steps
	parents []*object // antecedents, one entry per link (a QP may name one CQ twice)

	succ      int
	busy      int
	reqs      int  // of busy: request completions (scheduled or running)
	events    int  // of busy: event callbacks running now
	closing   bool // Close was called
	finalized bool // the close is completing or complete: no callback may start
	closed    bool // the close has completed (detachLocked ran)
	closeDone ndk.CloseCompletion
	closeCtx  any

	cbMu sync.Mutex // variant callback-under-lock only
}

// initLocked registers a new object of ad with its antecedents.
func (o *object) initLocked(ad *adapter, typ ndk.ObjectType, self hooks, parents ...*object) {
	o.ad, o.typ, o.self = ad, typ, self
	ad.objects++
	for _, p := range parents {
		linkLocked(o, p)
	}
}

// ObjectType implements ndk.Object.
func (o *object) ObjectType() ndk.ObjectType { return o.typ }

// Close implements ndk.Object (NdkCloseObject).
func (o *object) Close(done ndk.CloseCompletion, ctx any) ndk.Status {
	return o.ad.f.closeObject(o, done, ctx)
}

// linkLocked makes p an antecedent of o.
func linkLocked(o, p *object) {
	p.succ++
	o.parents = append(o.parents, p)
}

// unlinkLocked ends one antecedent link from o to p; p's pending close may
// complete.
func (f *fabric) unlinkLocked(o, p *object) {
	for i, q := range o.parents {
		if q == p {
			o.parents = append(o.parents[:i], o.parents[i+1:]...)
			p.succ--
			f.maybeFinishLocked(p)
			return
		}
	}
}

func (f *fabric) closeObject(o *object, done ndk.CloseCompletion, ctx any) ndk.Status {
	// VARIANT callback-under-lock (breaks LT-12): Close takes the lock the
	// object's request completions run under (see callRequest).
	if f.variant == VariantCallbackUnderLock {
		o.cbMu.Lock()
		defer o.cbMu.Unlock()
	}
	// VARIANT close-race-drops-ref: a connector close stays a while in
	// the provider (see keepsRefLocked).
	defer f.raceWindowFor(o)()
	m := f.pick(done != nil)
	f.mu.Lock()
	if o.closing {
		// A second close is a consumer error (CR-8); answer it without
		// disturbing the first.
		f.mu.Unlock()
		return ndk.StatusInvalidDeviceState
	}
	o.closing = true
	if o.self != nil {
		o.self.beginCloseLocked()
	}
	now := !f.mustWaitLocked(o)
	// VARIANT listener-close-inline (breaks LC-15): a listener whose
	// accepted connectors are still open closes at once with STATUS_SUCCESS.
	if f.variant == VariantListenerCloseInline && o.typ == ndk.ObjectTypeListener && o.busy == 0 && o.succ > 0 {
		now, m = true, modeInline
	}
	// VARIANT se-close-inline (breaks LC-25): a shared endpoint whose
	// connectors are still open closes at once with STATUS_SUCCESS.
	if f.variant == VariantSECloseInline && o.typ == ndk.ObjectTypeSharedEndpoint && o.busy == 0 && o.succ > 0 {
		now, m = true, modeInline
	}
	// VARIANT antecedent-close-early (breaks LT-16): a PD, CQ, SRQ, MR or
	// QP whose successors are still open closes at once with
	// STATUS_SUCCESS; the successors stay usable.
	if f.variant == VariantAntecedentCloseEarly && o.busy == 0 && o.succ > 0 {
		switch o.typ {
		case ndk.ObjectTypePD, ndk.ObjectTypeCQ, ndk.ObjectTypeSRQ, ndk.ObjectTypeMR, ndk.ObjectTypeQP:
			now, m = true, modeInline
		}
	}
	inline := ndk.StatusSuccess
	// VARIANT close-fails (breaks CR-5): an MW's close fails, though the MW
	// is closed, at once and without a callback, even while its creation
	// callback is still counted as running (an MW has no successors).
	if f.variant == VariantCloseFails && o.typ == ndk.ObjectTypeMW {
		now, m, inline = true, modeInline, ndk.StatusUnsuccessful
	}
	if !now {
		// Successors open (LT-16), or callbacks pending or running
		// (LT-23, LT-24): STATUS_PENDING in every mode, completed by
		// maybeFinishLocked.
		o.closeDone, o.closeCtx = done, ctx
		f.mu.Unlock()
		return ndk.StatusPending
	}
	o.finalized = true
	if o.self != nil {
		o.self.releaseLocked()
	}
	pending := ndk.StatusPending
	// VARIANT close-success-with-callback (breaks CR-6/CR-10): a PD's close
	// that calls its completion callback returns STATUS_SUCCESS too.
	if f.variant == VariantCloseSuccessWithCallback && o.typ == ndk.ObjectTypePD {
		pending = ndk.StatusSuccess
	}
	switch m {
	case modeDeferred, modeReentrant:
		f.deliverCloseLocked(o, done, ctx, m == modeDeferred)
		f.mu.Unlock()
		return pending
	default:
		f.detachLocked(o)
		f.mu.Unlock()
		return inline
	}
}

// mustWaitLocked reports whether o's close must wait: for open successors
// (LT-16) or for callbacks scheduled or running on o (LT-23, LT-24).
func (f *fabric) mustWaitLocked(o *object) bool {
	busy := o.busy
	// VARIANT close-ignores-pending (breaks LT-23): request completions
	// pending on the object do not hold its close up.
	if f.variant == VariantCloseIgnoresPending {
		busy -= o.reqs
	}
	// VARIANT close-during-event (breaks LT-24): the close of a listener,
	// CQ or SRQ does not wait for its connect event or notification
	// callback running.
	if f.variant == VariantCloseDuringEvent && o.typ != ndk.ObjectTypeConnector {
		busy -= o.events
	}
	return o.succ > 0 || busy > 0
}

// maybeFinishLocked completes o's pending close once nothing is left to wait
// for. The close completion always runs on a new goroutine: the event that
// made the close completable may be a consumer call on another object.
func (f *fabric) maybeFinishLocked(o *object) {
	if !o.closing || o.finalized || f.mustWaitLocked(o) {
		return
	}
	o.finalized = true
	if o.self != nil {
		o.self.releaseLocked()
	}
	done, ctx := o.closeDone, o.closeCtx
	o.closeDone, o.closeCtx = nil, nil
	f.deliverCloseLocked(o, done, ctx, true)
}

// deliverCloseLocked calls o's close completion (if any), on a new
// goroutine (async) or on the caller's with mu released during the call;
// once it has returned, o is detached.
func (f *fabric) deliverCloseLocked(o *object, done ndk.CloseCompletion, ctx any, async bool) {
	// VARIANT close-during-successor-callback (breaks LT-20): o is detached
	// (its antecedents' closes may complete, the adapter close may return)
	// before its close completion is called, and that call is not counted.
	if f.variant == VariantCloseDuringSuccessorCallback {
		f.detachLocked(o)
		switch {
		case done == nil:
		case async:
			go done(ctx)
		default:
			f.mu.Unlock()
			done(ctx)
			f.mu.Lock()
		}
		return
	}
	if async {
		f.spawnLocked(o.ad, nil, func() {
			if done != nil {
				done(ctx)
			}
			f.mu.Lock()
			f.detachLocked(o)
			f.mu.Unlock()
		})
		return
	}
	o.ad.cbs++
	f.mu.Unlock()
	done(ctx)
	f.mu.Lock()
	f.detachLocked(o)
	o.ad.cbs--
	f.cond.Broadcast()
}

// detachLocked runs after o's close has completed: o stops being a successor
// of its antecedents and an object of its adapter.
func (f *fabric) detachLocked(o *object) {
	if o.self != nil {
		o.self.closedLocked()
	}
	for len(o.parents) > 0 {
		f.unlinkLocked(o, o.parents[len(o.parents)-1])
	}
	o.ad.objects--
	o.closed = true
	f.cond.Broadcast()
}

// discardLocked removes an object the consumer never received (a passive
// connector whose connect event was not delivered), with no callback.
func (f *fabric) discardLocked(o *object) {
	o.closing, o.finalized = true, true
	if o.self != nil {
		o.self.releaseLocked()
	}
	f.detachLocked(o)
}
