package model

import (
	"fmt"
	"net/netip"
	"runtime/debug"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/model"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	"pgregory.net/rapid"
)

const (
	// exhaustOdds: a sequence ends with exhaust once in exhaustOdds
	// (about three times per model spec with the default budget).
	exhaustOdds = 12
	// exhaustBound is the most objects it creates: a provider that has
	// resources for more is not exhausted (the move observes nothing).
	exhaustBound = 1 << 15
	// ephemeralPorts is the size of the ephemeral range 49152-65535.
	ephemeralPorts = ndk.EphemeralPortLast - ndk.EphemeralPortFirst + 1
	// exhaustNotShrunk is why its findings are reported as found.
	exhaustNotShrunk = "an exhaustion of the ephemeral range and the adapter's resources, which every replay would make again"
)

// exhaust, after the drawn steps of one sequence in exhaustOdds, uses up a
// side's ephemeral range, then its adapter's resources, with the
// sequence's objects open, and gives everything back: listeners listening
// on port 0 until a create or a listen fails (every port one gets is a
// free port of the ephemeral range 49152-65535, none got twice: CN-2, CN-1,
// LC-6), then connectors until a create fails, which must fail with
// STATUS_INSUFFICIENT_RESOURCES, inline or through its completion (CR-11);
// then it closes them all and waits for their closes. Its objects stay out
// of the model: nothing else happens meanwhile, and none is left when it
// ends.
//
// It is left out while a call of the sequence is still in the provider
// (inProvider): a call that blocks until the peer's consumer answers (an
// inline or reentrant NdkConnect, NdkAccept or NdkDisconnect) would stay
// in it for the whole move, since nothing answers meanwhile: tens of
// thousands of calls, which through a remote provider (the ndkt driver,
// the agent) on a loaded machine take longer than the harness waits for a
// call (call-timeout, 30 s), and the harness then takes the provider for
// lost.
func (w *world) exhaust(t *rapid.T) {
	// The last value runs it: shrinking draws towards 0, away from it.
	if rapid.IntRange(0, exhaustOdds-1).Draw(t, "use up the range and the resources") != exhaustOdds-1 {
		return
	}
	if what := w.inProvider(); what != "" {
		w.log("  (the ephemeral range and the resources not used up: %s)", what)
		return
	}
	s := w.drawSide(t)
	w.step("%s: use up the ephemeral range (listeners on port 0) and the adapter's resources (connectors), then close them all", s)
	b := &bulk{a: w.adapter[s], side: s, limit: w.wait()}
	b.due = suite.NewDeadline(b.limit)
	// The model's ports, as the walk starts: a port it holds for sure
	// must not be handed out.
	busy := map[uint16]string{}
	for _, p := range w.m.Ports(s) {
		if st, rules := w.m.Port(s, w.m.Addr(s, p)); st == model.Busy {
			busy[p] = rules
		}
	}
	done := make(chan *model.Finding, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- &model.Finding{Call: b.doing(), Side: s.String(), Expected: "the call returns", Observed: fmt.Sprintf("the provider panicked: %v\n%s", r, debug.Stack())}
			}
		}()
		done <- b.run(w.m.Addr(s, 0), busy)
	}()
	tick := time.NewTicker(w.wait() / 10)
	defer tick.Stop()
	interrupted := suite.Interrupted()
	for {
		select {
		case <-interrupted:
			suite.StopIfInterrupted()
			interrupted = nil // not this spec's body: watch on
		case f := <-done:
			w.note(" -> %s", b.summary())
			w.fail(w.mark(f, exhaustNotShrunk))
			return
		case <-tick.C:
			if what, late := b.stalled(); late {
				w.note(" -> %s", b.summary())
				w.fail(w.hung(&model.Finding{Rules: what.rules, Call: what.call, Side: s.String(),
					Expected: what.expected + " within " + w.wait().String(), Observed: "it did not"}))
			}
		}
	}
}

// inProvider names the sequence's first call still in the provider, once
// what happened is fed to the model; "" when none is.
func (w *world) inProvider() string {
	w.drain()
	ops := w.m.InProvider()
	if len(ops) == 0 {
		return ""
	}
	op := ops[0]
	return fmt.Sprintf("%s on %s (side %s) is still in the provider", op.Call, w.m.Name(op.Obj), w.side(op.Obj))
}

// bulk is the exhaust move's worker: it makes its calls one at a time on
// a goroutine of its own, while the sequence's goroutine watches that each
// ends in time.
type bulk struct {
	a    ndk.Adapter
	side model.Side

	mu sync.Mutex
	// due is when the call the worker waits for is late: limit after the
	// last call ended, in time the process could run (suite.Deadline: a
	// stopped or descheduled harness does not make the provider late)
	due     suite.Deadline
	limit   time.Duration
	current waiting
	ports   int // port 0 listens that succeeded
	created int
	stop    string // what ended the walk and the creates
}

// waiting is the call the worker waits for, for a finding if it does not
// end.
type waiting struct{ call, rules, expected string }

func (b *bulk) wait(call, rules, expected string) {
	b.mu.Lock()
	b.current, b.due = waiting{call, rules, expected}, suite.NewDeadline(b.limit)
	b.mu.Unlock()
}

func (b *bulk) doing() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.current.call
}

func (b *bulk) stalled() (waiting, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.current, b.due.Passed()
}

func (b *bulk) summary() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return fmt.Sprintf("%d ephemeral ports, %d objects; %s", b.ports, b.created, b.stop)
}

// create runs a create and waits for its outcome.
func (b *bulk) create(what string, fn func(ndk.CreateCompletion) (ndk.Object, ndk.Status)) (ndk.Object, ndk.Status) {
	type result struct {
		obj ndk.Object
		st  ndk.Status
	}
	ch := make(chan result, 1)
	b.wait(what, "LT-12 LT-13", "the call returns")
	obj, st := fn(func(_ any, st ndk.Status, obj ndk.Object) { ch <- result{obj, st} })
	if st == ndk.StatusPending {
		b.wait(what, "CR-1 LT-6", "NdkCreateCompletion for a create that returned STATUS_PENDING")
		r := <-ch
		obj, st = r.obj, r.st
	}
	return obj, st
}

// request runs a request or close and waits for its outcome.
func (b *bulk) request(what, rules string, fn func(func(ndk.Status)) ndk.Status) ndk.Status {
	ch := make(chan ndk.Status, 1)
	b.wait(what, "LT-12 LT-13", "the call returns")
	st := fn(func(st ndk.Status) { ch <- st })
	if st == ndk.StatusPending {
		b.wait(what, rules, "the completion of a call that returned STATUS_PENDING")
		st = <-ch
	}
	return st
}

// run is the walk, the creates and the closes; it returns the first
// finding.
func (b *bulk) run(port0 netip.AddrPort, busy map[uint16]string) (f *model.Finding) {
	side := b.side.String()
	var objs []ndk.Object
	defer func() {
		for i := len(objs) - 1; i >= 0; i-- {
			o := objs[i]
			b.request("NdkCloseObject", "CR-6 LT-4", func(done func(ndk.Status)) ndk.Status {
				return o.Close(func(any) { done(ndk.StatusSuccess) }, nil)
			})
		}
		b.wait("", "", "")
	}()
	created := func(o ndk.Object) {
		objs = append(objs, o)
		b.mu.Lock()
		b.created++
		b.mu.Unlock()
	}
	ended := func(format string, args ...any) {
		b.mu.Lock()
		b.stop = fmt.Sprintf(format, args...)
		b.mu.Unlock()
	}
	// resources judges the create that failed once n objects were made.
	resources := func(what string, st ndk.Status) *model.Finding {
		ended("%s failed with %v", what, st)
		if st == ndk.StatusInsufficientResources {
			return nil
		}
		return &model.Finding{Rules: "CR-11 " + createRule[what], Call: what, Side: side,
			Expected: fmt.Sprintf("STATUS_SUCCESS or, once the adapter's resources run out, STATUS_INSUFFICIENT_RESOURCES (%d objects made)", len(objs)),
			Observed: st.String()}
	}
	seen := map[uint16]bool{}
	for range ephemeralPorts + 1 {
		obj, st := b.create("NdkCreateListener", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			return b.a.CreateListener(func(any, ndk.Connector) {}, nil, done, nil)
		})
		if st != ndk.StatusSuccess || obj == nil {
			return resources("NdkCreateListener", st)
		}
		created(obj)
		l := obj.(ndk.Listener)
		st = b.request("NdkListen", "CR-4", func(done func(ndk.Status)) ndk.Status {
			return l.Listen(port0, func(_ any, st ndk.Status) { done(st) }, nil)
		})
		if st != ndk.StatusSuccess {
			ended("NdkListen on port 0 failed with %v", st)
			break // the range, or the adapter, is used up
		}
		got, gst := l.GetLocalAddress()
		find := func(rules, expected string) *model.Finding {
			return &model.Finding{Rules: rules, Call: "NdkGetListenerLocalAddress", Side: side, Expected: expected,
				Observed: fmt.Sprintf("%v, %v (after %d ports)", got, gst, len(seen))}
		}
		switch {
		case gst == ndk.StatusPending:
			return finalFinding("NdkGetListenerLocalAddress", "", side, gst)
		case gst != ndk.StatusSuccess:
			return find("CN-2", "STATUS_SUCCESS on a listening listener")
		case got.Addr() != port0.Addr():
			return find("CN-2 LC-2", fmt.Sprintf("the local address %v asked for", port0.Addr()))
		case got.Port() < ndk.EphemeralPortFirst || got.Port() > ndk.EphemeralPortLast:
			return find("CN-2 CN-1", fmt.Sprintf("port 0 assigns a port of the ephemeral range %d-%d", ndk.EphemeralPortFirst, ndk.EphemeralPortLast))
		case seen[got.Port()]:
			return find("CN-2 LC-7 LC-6", "port 0 assigns a free port (this one is another of the walk's listeners')")
		case busy[got.Port()] != "":
			return find("CN-2 LC-6 "+busy[got.Port()], "port 0 assigns a free port (this one the sequence's objects hold)")
		}
		seen[got.Port()] = true
		b.mu.Lock()
		b.ports++
		b.mu.Unlock()
	}
	for len(objs) < exhaustBound {
		obj, st := b.create("NdkCreateConnector", func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			return b.a.CreateConnector(done, nil)
		})
		if st != ndk.StatusSuccess || obj == nil {
			return resources("NdkCreateConnector", st)
		}
		created(obj)
	}
	ended("no create failed")
	return nil
}
