package sim

import (
	"time"
)

// Broken variants that fail only under concurrency or at scale, which the
// stress run (package stress, `ndkconform stress`) catches: a reference
// count lost when two closes race, a slot reused while its completion is
// pending, a leak of one reference per N connections. Each breaks its
// rule at the points marked "VARIANT <name>".

// Variant names.
const (
	VariantCloseRaceDropsRef  = "close-race-drops-ref"
	VariantSRQSlotReuse       = "srq-slot-reuse"
	VariantListenerLeakEveryN = "listener-leak-every-n"
)

// raceHold is how long a connector close stays in the provider, before it
// takes the lock, under variant close-race-drops-ref: the window in which
// another close on a connector of the same endpoint races with it (a
// read-modify-write of the reference count, unlocked).
const raceHold = 200 * time.Microsecond

// leakEvery: under variant listener-leak-every-n, every leakEvery-th
// passive connector released on a fabric keeps its listener endpoint
// reference.
const leakEvery = 64

func init() {
	variants = append(variants,
		Variant{
			Name:        VariantCloseRaceDropsRef,
			Rule:        "LC-12",
			Rules:       []string{"LC-12", "LC-9", "LC-22", "LC-23", "LC-6"},
			Description: "when the closes of two connectors on one endpoint (accepted over one listener, or connected over one shared endpoint) overlap in time, one of them does not drop its reference: the endpoint is never released (a reference count lost when two closes race; sequential closes are counted right)",
		},
		Variant{
			Name:        VariantSRQSlotReuse,
			Rule:        "QP-3",
			Rules:       []string{"QP-3", "QP-4"},
			Description: "an SRQ's receives live in a ring of SrqDepth slots, and a receive's completion reads its RequestContext from its slot when it is retrieved: a slot reposted (the ring wrapped) before the completion of its last receive was retrieved gives that completion the new receive's context (a slot reused while its completion is pending: only when the SRQ's QPs' completions are retrieved out of posting order, as with several CQs)",
		},
		Variant{
			Name:        VariantListenerLeakEveryN,
			Rule:        "LC-12",
			Rules:       []string{"LC-12", "LC-9", "LC-6"},
			Description: "every 64th connector accepted over a listener (counted over the provider) keeps its reference on the listener's endpoint when it is closed: the listener's port is never released (a leak of one reference per N connections)",
		},
	)
}

// raceWindowFor holds the close of connector object o in the provider for
// raceHold, counted on its endpoint, under variant close-race-drops-ref;
// the func returned ends the count.
func (f *fabric) raceWindowFor(o *object) func() {
	c, ok := o.self.(*connector)
	if f.variant != VariantCloseRaceDropsRef || !ok {
		return func() {}
	}
	f.mu.Lock()
	ep := c.ep
	f.mu.Unlock()
	if ep == nil {
		return func() {}
	}
	ep.closers.Add(1)
	time.Sleep(raceHold)
	return func() { ep.closers.Add(-1) }
}

// keepsRefLocked reports whether the release of c keeps its endpoint
// reference under one of the variants.
func (f *fabric) keepsRefLocked(c *connector) bool {
	switch f.variant {
	case VariantCloseRaceDropsRef:
		// VARIANT close-race-drops-ref (breaks LC-9, LC-22, LC-12,
		// LC-23): another close of a connector on the same endpoint is in
		// the provider: this one's decrement is lost.
		return (c.passive || c.se != nil) && c.ep.closers.Load() > 1
	case VariantListenerLeakEveryN:
		// VARIANT listener-leak-every-n (breaks LC-9, LC-12): every
		// leakEvery-th passive connector keeps its reference.
		if !c.passive {
			return false
		}
		f.passiveReleased++
		return f.passiveReleased%leakEvery == 0
	}
	return false
}

// srqSlot is a slot of an SRQ's ring of receives (variant srq-slot-reuse).
type srqSlot struct{ ctx any }

// slotLocked gives a receive posted on s its ring slot under variant
// srq-slot-reuse (nil otherwise).
func (s *srq) slotLocked(ctx any) *srqSlot {
	if s.ad.f.variant != VariantSRQSlotReuse || s.depth == 0 {
		return nil
	}
	i := int(s.posted % uint64(s.depth))
	s.posted++
	for len(s.slots) <= i {
		s.slots = append(s.slots, &srqSlot{})
	}
	s.slots[i].ctx = ctx
	return s.slots[i]
}

// slotResults gives the completions es taken from a CQ the context their
// slot holds now (variant srq-slot-reuse).
func slotResults(es []cqEntry) {
	for i := range es {
		// VARIANT srq-slot-reuse (breaks QP-3, QP-4): the completion
		// carries the context of whatever receive holds its slot now.
		if s := es[i].slot; s != nil {
			es[i].r.RequestContext = s.ctx
		}
	}
}

// markSlotLocked ties the completion c just queued (if it did) to the slot
// of receive r.
func (c *cq) markSlotLocked(r *recv, seq uint64) {
	if r.slot != nil && c.seq != seq && len(c.entries) > 0 {
		c.entries[len(c.entries)-1].slot = r.slot
	}
}
