package sim

import (
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
	closing   bool // Close was called
	finalized bool // the close is completing or complete: no callback may start
	closeDone ndk.CloseCompletion
	closeCtx  any
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
	now := o.succ == 0 && o.busy == 0
	// VARIANT listener-close-inline (breaks LC-15): a listener whose
	// accepted connectors are still open closes at once with STATUS_SUCCESS.
	if f.variant == VariantListenerCloseInline && o.typ == ndk.ObjectTypeListener && o.busy == 0 && o.succ > 0 {
		now, m = true, modeInline
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
	switch m {
	case modeDeferred:
		f.spawnLocked(o.ad, nil, func() {
			done(ctx)
			f.mu.Lock()
			f.detachLocked(o)
			f.mu.Unlock()
		})
		f.mu.Unlock()
		return ndk.StatusPending
	case modeReentrant:
		o.ad.cbs++
		f.mu.Unlock()
		done(ctx)
		f.mu.Lock()
		f.detachLocked(o)
		o.ad.cbs--
		f.cond.Broadcast()
		f.mu.Unlock()
		return ndk.StatusPending
	default:
		f.detachLocked(o)
		f.mu.Unlock()
		return ndk.StatusSuccess
	}
}

// maybeFinishLocked completes o's pending close once nothing is left to wait
// for. The close completion always runs on a new goroutine: the event that
// made the close completable may be a consumer call on another object.
func (f *fabric) maybeFinishLocked(o *object) {
	if !o.closing || o.finalized || o.succ > 0 || o.busy > 0 {
		return
	}
	o.finalized = true
	if o.self != nil {
		o.self.releaseLocked()
	}
	done, ctx := o.closeDone, o.closeCtx
	o.closeDone, o.closeCtx = nil, nil
	f.spawnLocked(o.ad, nil, func() {
		if done != nil {
			done(ctx)
		}
		f.mu.Lock()
		f.detachLocked(o)
		f.mu.Unlock()
	})
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
