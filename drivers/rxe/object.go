//go:build rxe && cgo

package rxe

import (
	"github.com/ndkconform/ndkconform/ndk"
)

// hooks are the type-specific steps of the generic close, run with the
// provider's lock held.
type hooks interface {
	// beginCloseLocked runs when the consumer issues the close: cancel what
	// is pending on the object, refuse new work, drop endpoint references
	// the object itself holds.
	beginCloseLocked()
	// releaseLocked runs once the close can complete (no successor open, no
	// callback pending or running): release the verbs and rdma_cm
	// resources.
	releaseLocked()
}

// object is what every NDK object but the adapter shares: its type and the
// antecedent/successor close (LT-15..LT-26). An object counts its open
// successors (succ) and its callbacks and requests outstanding (busy). Its
// close completes at once with STATUS_SUCCESS when both are zero; otherwise
// it returns STATUS_PENDING and completes through the close completion, on a
// goroutine of the provider, once both reach zero.
type object struct {
	ad      *adapter
	typ     ndk.ObjectType
	self    hooks
	parents []*object

	succ      int
	busy      int
	closing   bool
	finalized bool
	closed    bool
	closeDone ndk.CloseCompletion
	closeCtx  any
}

// ObjectType implements ndk.Object.
func (o *object) ObjectType() ndk.ObjectType { return o.typ }

// Close implements ndk.Object (NdkCloseObject).
func (o *object) Close(done ndk.CloseCompletion, ctx any) ndk.Status {
	p := o.ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if o.closing {
		return ndk.StatusInvalidDeviceState // a second close: a consumer error
	}
	o.closing = true
	o.self.beginCloseLocked()
	if o.succ > 0 || o.busy > 0 {
		o.closeDone, o.closeCtx = done, ctx
		return ndk.StatusPending
	}
	if o.deferClose() && done != nil {
		// The teardown of a queue waits on the device: it completes
		// through the close completion, as in a kernel provider.
		o.closeDone, o.closeCtx = done, ctx
		p.maybeFinishLocked(o)
		return ndk.StatusPending
	}
	o.finalized = true
	o.self.releaseLocked()
	p.detachLocked(o)
	return ndk.StatusSuccess
}

// deferClose tells whether o's close completes through its callback even
// when nothing is outstanding: QPs, CQs and SRQs, whose destroy waits for
// the device's queues (a kernel provider cannot wait in NdkCloseObject,
// which may be called at DISPATCH_LEVEL).
func (o *object) deferClose() bool {
	switch o.typ {
	case ndk.ObjectTypeQP, ndk.ObjectTypeCQ, ndk.ObjectTypeSRQ:
		return true
	}
	return false
}

// linkLocked makes q an antecedent of o.
func linkLocked(o, q *object) {
	q.succ++
	o.parents = append(o.parents, q)
}

// unlinkLocked ends one antecedent link from o to q; q's pending close may
// complete.
func (p *provider) unlinkLocked(o, q *object) {
	for i, x := range o.parents {
		if x == q {
			o.parents = append(o.parents[:i], o.parents[i+1:]...)
			q.succ--
			p.maybeFinishLocked(q)
			return
		}
	}
}

// maybeFinishLocked completes o's pending close once nothing is left to
// wait for. The close completion runs on a new goroutine; only once it has
// returned is o detached from its antecedents and its adapter (LT-20).
func (p *provider) maybeFinishLocked(o *object) {
	if !o.closing || o.finalized || o.succ > 0 || o.busy > 0 {
		return
	}
	o.finalized = true
	o.self.releaseLocked()
	done, ctx := o.closeDone, o.closeCtx
	o.closeDone, o.closeCtx = nil, nil
	ad := o.ad
	ad.cbs++
	go func() {
		if done != nil {
			done(ctx)
		}
		p.mu.Lock()
		p.detachLocked(o)
		ad.cbs--
		p.cond.Broadcast()
		p.mu.Unlock()
	}()
}

// detachLocked runs once o's close has completed.
func (p *provider) detachLocked(o *object) {
	for len(o.parents) > 0 {
		p.unlinkLocked(o, o.parents[len(o.parents)-1])
	}
	o.closed = true
	o.ad.objects--
	p.cond.Broadcast()
}

// pending is a request that returned STATUS_PENDING.
type pending struct {
	done ndk.RequestCompletion
	ctx  any
}

// holdLocked records a pending request on o: o's close waits for its
// completion (LT-23).
func (o *object) holdLocked(done ndk.RequestCompletion, ctx any) *pending {
	o.busy++
	return &pending{done: done, ctx: ctx}
}

// runPendingLocked holds a request on o (it returns STATUS_PENDING) and
// runs work on a provider goroutine, under the provider's lock; the request
// completes with work's status through done. If o's close was issued
// meanwhile, work does not run and the request completes with
// STATUS_CANCELLED: the close waits for that completion (LT-23, LT-26).
func (o *object) runPendingLocked(done ndk.RequestCompletion, ctx any, work func() ndk.Status) {
	r := o.holdLocked(done, ctx)
	p := o.ad.p
	go func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		st := ndk.StatusCancelled
		if !o.closing {
			st = work()
		}
		o.completeLocked(r, st)
	}()
}

// completeLocked completes r with st through its callback, on a new
// goroutine.
func (o *object) completeLocked(r *pending, st ndk.Status) {
	if r == nil {
		return
	}
	o.ad.spawnLocked(o, func() {
		if r.done != nil {
			r.done(r.ctx, st)
		}
	})
	o.busy-- // the hold of holdLocked, now carried by the spawned callback
}
