// Package perf measures an NDK provider through the ndk interface only: one
// connection cycle (connect, accept, disconnect, close) between side A and
// side B of a provider, with every wait bounded by a deadline. It depends on
// no driver and on no part of the conformance suite, so any provider can be
// benchmarked with it (see RunBenchmark).
//
// A Pair holds what lives across cycles: an adapter, a PD and a CQ on each
// side and a listener on side B. Each Cycle then runs, through the ndk
// interface only:
//
//	A: NdkCreateConnector, NdkCreateQp, NdkConnect to B's listener
//	B: the connect event (a new connector), NdkCreateQp, NdkAccept
//	A: NdkConnect completes, NdkCompleteConnect
//	B: NdkAccept completes
//	A: NdkDisconnect completes; B: the disconnect indication
//	A and B: NdkCloseObject of the connector, then of the QP
//
// Every call may complete inline or return STATUS_PENDING and complete
// through its callback, as package ndk documents; both are handled. Calls
// are issued on their own goroutine, so a call that blocks until the peer
// acts (a provider may complete NdkConnect inline once the peer accepted)
// does not stall the other side. A call that does not return, a completion
// or an event that does not come within the deadline, a status other than
// the expected one, a panic in the provider or an unexpected callback is
// returned as an error naming the call, what was expected and what was
// seen. After a call that did not return or panicked the Pair is not used
// again (its methods return that error) and the provider is left alone.
package perf

import (
	"errors"
	"fmt"
	"net/netip"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/internal/ndkcall"
	"github.com/ndkconform/ndkconform/internal/nilness"
	"github.com/ndkconform/ndkconform/internal/wait"
	"github.com/ndkconform/ndkconform/ndk"
)

// DefaultTimeout bounds every wait when Config.Timeout is zero.
const DefaultTimeout = 10 * time.Second

// Queue sizes of the objects a Pair creates, as the suite's own connections
// use them.
const (
	cqDepth     = 64
	qpDepth     = 16
	readLimit   = 4
	eventBuffer = 16
)

// Config names the two sides of the measured connections.
type Config struct {
	// Provider is an opened provider (see OpenProvider).
	Provider ndk.Provider
	// A and B are the addresses of side A's and side B's adapters, both of
	// one family: connections go from A to a listener on B.
	A, B netip.Addr
	// Timeout bounds every wait on the provider (DefaultTimeout if zero).
	Timeout time.Duration
}

// Phases are the accumulated wall times of the parts of the cycles run so
// far.
type Phases struct {
	// Cycles is the number of cycles that succeeded.
	Cycles int
	// Create: side A's NdkCreateConnector and NdkCreateQp.
	Create time.Duration
	// Connect: from NdkConnect until both NdkCompleteConnect and NdkAccept
	// are done (includes side B's NdkCreateQp).
	Connect time.Duration
	// Disconnect: from NdkDisconnect until its completion and side B's
	// disconnect indication.
	Disconnect time.Duration
	// Close: NdkCloseObject of both connectors and both QPs, completions
	// included.
	Close time.Duration
}

// Pair is side A and side B of a provider, ready to run cycles. Its methods
// must not be called concurrently.
type Pair struct {
	cfg     Config
	timeout time.Duration
	fam     string

	adA, adB ndk.Adapter
	pdA, pdB ndk.PD
	cqA, cqB ndk.CQ
	listener ndk.Listener
	dst      netip.AddrPort // where the listener listens
	events   chan ndk.Connector
	// connectWhat names the cycles' NdkConnect, formatted once.
	connectWhat string

	mu     sync.Mutex
	stray  []string // unexpected callbacks, reported by the next Cycle or Close
	broken error    // a call did not return or panicked: hands off the provider

	phases Phases
	failed bool // a cycle failed: what comes after is no surprise
	closed bool
}

// Setup opens side A's and side B's adapters, creates a PD and a CQ on each
// and a listener on B listening on an ephemeral port. On error everything
// it created is closed again.
func Setup(cfg Config) (*Pair, error) {
	if cfg.Provider == nil || isNil(cfg.Provider) {
		return nil, errors.New("perf: Config.Provider is nil")
	}
	if !cfg.A.IsValid() || !cfg.B.IsValid() {
		return nil, fmt.Errorf("perf: side A (%v) and side B (%v) both need an address", cfg.A, cfg.B)
	}
	if cfg.A.Unmap().Is4() != cfg.B.Unmap().Is4() {
		return nil, fmt.Errorf("perf: side A (%v) and side B (%v) are of different address families", cfg.A, cfg.B)
	}
	p := &Pair{cfg: cfg, timeout: cfg.Timeout, events: make(chan ndk.Connector, eventBuffer), fam: "IPv6"}
	if p.timeout <= 0 {
		p.timeout = DefaultTimeout
	}
	if cfg.A.Unmap().Is4() {
		p.fam = "IPv4"
	}
	if err := p.setup(); err != nil {
		if cerr := p.Close(); cerr != nil {
			err = fmt.Errorf("%w (and closing what setup created: %v)", err, cerr)
		}
		return nil, err
	}
	return p, nil
}

func (p *Pair) setup() error {
	var err error
	if p.adA, err = p.openAdapter("A", p.cfg.A); err != nil {
		return err
	}
	if p.adB, err = p.openAdapter("B", p.cfg.B); err != nil {
		return err
	}
	for _, s := range []struct {
		side string
		ad   ndk.Adapter
		pd   *ndk.PD
		cq   *ndk.CQ
	}{{"A", p.adA, &p.pdA, &p.cqA}, {"B", p.adB, &p.pdB, &p.cqB}} {
		ad := s.ad
		if *s.pd, err = create[ndk.PD](p, "side "+s.side+" NdkCreatePd", func(o *op) (ndk.Object, ndk.Status) {
			x, st := ad.CreatePD(o.createDone, nil)
			return obj(x), st
		}); err != nil {
			return err
		}
		if *s.cq, err = create[ndk.CQ](p, "side "+s.side+" NdkCreateCq", func(o *op) (ndk.Object, ndk.Status) {
			x, st := ad.CreateCQ(ndk.CQParams{Depth: cqDepth}, o.createDone, nil)
			return obj(x), st
		}); err != nil {
			return err
		}
	}
	if p.listener, err = create[ndk.Listener](p, "side B NdkCreateListener", func(o *op) (ndk.Object, ndk.Status) {
		x, st := p.adB.CreateListener(p.onConnect, nil, o.createDone, nil)
		return obj(x), st
	}); err != nil {
		return err
	}
	local := netip.AddrPortFrom(p.cfg.B, 0)
	if err := p.issue(fmt.Sprintf("side B NdkListen on %v", local), func(o *op) (ndk.Object, ndk.Status) {
		return nil, p.listener.Listen(local, o.requestDone, nil)
	}).succeed(); err != nil {
		return err
	}
	var st ndk.Status
	r := p.issue("side B NdkGetListenerLocalAddress", func(*op) (ndk.Object, ndk.Status) {
		p.dst, st = p.listener.GetLocalAddress()
		return nil, st
	})
	if err := r.waitReturn(); err != nil {
		return err
	}
	if st := r.status(); st != ndk.StatusSuccess || p.dst.Port() == 0 {
		return fmt.Errorf("%s: expected STATUS_SUCCESS and a port, the provider returned %v and %v", r.what, st, p.dst)
	}
	return nil
}

func (p *Pair) openAdapter(side string, addr netip.Addr) (ndk.Adapter, error) {
	var ad ndk.Adapter
	r := p.issue(fmt.Sprintf("side %s OPEN_NDK_ADAPTER for %v", side, addr), func(*op) (ndk.Object, ndk.Status) {
		var st ndk.Status
		ad, st = p.cfg.Provider.OpenAdapter(addr)
		return nil, st
	})
	if err := r.waitReturn(); err != nil {
		return nil, err
	}
	if st := r.status(); st != ndk.StatusSuccess || isNil(ad) {
		if st == ndk.StatusSuccess {
			return nil, fmt.Errorf("%s: expected an adapter, the provider returned STATUS_SUCCESS and none", r.what)
		}
		return nil, fmt.Errorf("%s: expected STATUS_SUCCESS, the provider returned %v", r.what, st)
	}
	return ad, nil
}

// onConnect is the listener's connect event callback: it never blocks.
func (p *Pair) onConnect(_ any, c ndk.Connector) {
	select {
	case p.events <- c:
	default:
		p.strayf("side B: more than %d connect events nobody asked for", eventBuffer)
	}
}

// Phases returns the accumulated times of the cycles that succeeded.
func (p *Pair) Phases() Phases { return p.phases }

// cycle is what one Cycle created, for the clean-up after a failure.
type cycle struct {
	abandoned        atomic.Bool // the cycle failed: callbacks from its clean-up are expected
	ops              []*op
	connA, connB     ndk.Connector
	qpA, qpB         ndk.QP
	connAok, connBok bool // closed
	qpAok, qpBok     bool
}

// Cycle runs one connection cycle from side A to side B's listener and
// closes what it created. On error it closes what it can of the cycle (after
// every call it issued has returned) and returns the first failure.
func (p *Pair) Cycle() (err error) {
	if p.closed {
		return errors.New("perf: Cycle on a closed pair")
	}
	if err := p.check(); err != nil {
		return err
	}
	if err := p.takeStray(); err != nil {
		return err
	}
	if err := p.drainEvents(); err != nil {
		return err
	}
	c := &cycle{}
	defer func() {
		if err != nil {
			p.failed = true
			p.abandon(c)
		}
	}()
	t0 := time.Now()

	// A: a connector and a QP on the CQ and PD made at setup.
	if c.connA, err = create[ndk.Connector](p, "side A NdkCreateConnector", func(o *op) (ndk.Object, ndk.Status) {
		x, st := p.adA.CreateConnector(o.createDone, nil)
		return obj(x), st
	}); err != nil {
		return err
	}
	if c.qpA, err = p.createQP("A", p.pdA, p.cqA); err != nil {
		return err
	}
	t1 := time.Now()

	// A: NdkConnect; B: the connect event, a QP, NdkAccept.
	src := netip.AddrPortFrom(p.cfg.A, 0)
	if p.connectWhat == "" {
		p.connectWhat = fmt.Sprintf("side A NdkConnect from %v to %v", src, p.dst)
	}
	connect := p.issue(p.connectWhat, func(o *op) (ndk.Object, ndk.Status) {
		return nil, c.connA.Connect(ndk.ConnectParams{QP: c.qpA, Source: src, Destination: p.dst,
			InboundReadLimit: readLimit, OutboundReadLimit: readLimit}, o.requestDone, nil)
	})
	c.ops = append(c.ops, connect)
	if c.connB, err = p.awaitConnectEvent(connect); err != nil {
		return err
	}
	if c.qpB, err = p.createQP("B", p.pdB, p.cqB); err != nil {
		return err
	}
	indication := make(chan struct{})
	var indications atomic.Int32
	onDiscB := func(any) {
		if indications.Add(1) == 1 {
			close(indication)
		} else {
			p.strayf("side B: a second disconnect indication on the accepted connector")
		}
	}
	accept := p.issue("side B NdkAccept", func(o *op) (ndk.Object, ndk.Status) {
		return nil, c.connB.Accept(ndk.AcceptParams{QP: c.qpB, InboundReadLimit: readLimit, OutboundReadLimit: readLimit,
			OnDisconnect: onDiscB}, o.requestDone, nil)
	})
	c.ops = append(c.ops, accept)

	// A: the connect completes; NdkCompleteConnect. B: the accept completes.
	if err := connect.succeed(); err != nil {
		return err
	}
	onDiscA := func(any) {
		if c.abandoned.Load() {
			return // the clean-up of a failed cycle closed side B's connector
		}
		p.strayf("side A: a disconnect indication on the connecting connector (side A disconnects itself; only side B expects one)")
	}
	complete := p.issue("side A NdkCompleteConnect", func(o *op) (ndk.Object, ndk.Status) {
		return nil, c.connA.CompleteConnect(onDiscA, nil, o.requestDone, nil)
	})
	c.ops = append(c.ops, complete)
	if err := complete.succeed(); err != nil {
		return err
	}
	if err := accept.succeed(); err != nil {
		return err
	}
	t2 := time.Now()

	// A: NdkDisconnect; B: the disconnect indication.
	disc := p.issue("side A NdkDisconnect", func(o *op) (ndk.Object, ndk.Status) {
		return nil, c.connA.Disconnect(o.requestDone, nil)
	})
	c.ops = append(c.ops, disc)
	if err := disc.succeed(); err != nil {
		return err
	}
	if err := p.await(indication, "side B NdkDisconnectEventCallback", "the disconnect indication on the accepted connector once side A's NdkDisconnect completed"); err != nil {
		return err
	}
	t3 := time.Now()

	// Both: close the connector, then its QP (the QP is the connector's
	// antecedent while bound to it).
	if err := p.closeObj("side A NdkCloseObject(connector)", c.connA); err != nil {
		return err
	}
	c.connAok = true
	if err := p.closeObj("side B NdkCloseObject(connector)", c.connB); err != nil {
		return err
	}
	c.connBok = true
	if err := p.closeObj("side A NdkCloseObject(QP)", c.qpA); err != nil {
		return err
	}
	c.qpAok = true
	if err := p.closeObj("side B NdkCloseObject(QP)", c.qpB); err != nil {
		return err
	}
	c.qpBok = true
	t4 := time.Now()

	if err := p.takeStray(); err != nil {
		return err
	}
	p.phases.Cycles++
	p.phases.Create += t1.Sub(t0)
	p.phases.Connect += t2.Sub(t1)
	p.phases.Disconnect += t3.Sub(t2)
	p.phases.Close += t4.Sub(t3)
	return nil
}

func (p *Pair) createQP(side string, pd ndk.PD, cq ndk.CQ) (ndk.QP, error) {
	return create[ndk.QP](p, "side "+side+" NdkCreateQp", func(o *op) (ndk.Object, ndk.Status) {
		x, st := pd.CreateQP(ndk.QPParams{ReceiveCQ: cq, InitiatorCQ: cq, ReceiveQueueDepth: qpDepth, InitiatorQueueDepth: qpDepth,
			MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}, o.createDone, nil)
		return obj(x), st
	})
}

// awaitConnectEvent waits for the connect event of side A's connect, or
// for the connect to fail first.
func (p *Pair) awaitConnectEvent(connect *op) (ndk.Connector, error) {
	t := wait.Timer(p.timeout)
	defer wait.Release(t)
	returned, completed := connect.c.Returned(), connect.c.Done()
	for {
		select {
		case c := <-p.events:
			if isNil(c) {
				return nil, errors.New("side B: the connect event (NdkConnectEventCallback) delivered a nil connector")
			}
			return c, nil
		case <-returned:
			returned = nil
			st, _, p := connect.c.Return()
			if p != nil {
				return nil, connect.panicError()
			}
			if st != ndk.StatusPending && st != ndk.StatusSuccess {
				return nil, fmt.Errorf("%s: expected STATUS_PENDING or STATUS_SUCCESS, the provider returned %v", connect.what, st)
			}
		case <-completed:
			// Done: the completion came, or the call returned inline (the
			// case above judges that return).
			completed = nil
			if st, _, cb := connect.c.Final(); cb && st != ndk.StatusSuccess {
				return nil, fmt.Errorf("%s: expected it to complete with STATUS_SUCCESS, its completion callback reported %v before side B got a connect event", connect.what, st)
			}
		case <-t.C:
			return nil, fmt.Errorf("side B: expected a connect event (NdkConnectEventCallback) on the listener at %v for %s, none came within %v", p.dst, connect.what, p.timeout)
		}
	}
}

// await waits for ch to close: the callback what, expected as expected.
func (p *Pair) await(ch <-chan struct{}, what, expected string) error {
	if !closedWithin(ch, p.timeout) {
		return fmt.Errorf("%s: expected %s, none came within %v", what, expected, p.timeout)
	}
	return nil
}

// closedWithin waits up to d for ch to be closed (see wait.Closed).
func closedWithin(ch <-chan struct{}, d time.Duration) bool { return wait.Closed(ch, d) }

// closeObj runs NdkCloseObject on o and waits for it to finish.
func (p *Pair) closeObj(what string, o ndk.Object) error {
	r := p.issue(what, func(r *op) (ndk.Object, ndk.Status) { return nil, o.Close(r.closeDone, nil) })
	return r.succeed()
}

// abandon closes what a failed cycle created: first waiting for every call
// it issued to return (a consumer closes an object only then), then the
// connectors before their QPs. Failures here are not reported: the cycle's
// own error is.
func (p *Pair) abandon(c *cycle) {
	c.abandoned.Store(true)
	for _, r := range c.ops {
		if p.check() != nil || r.waitReturn() != nil {
			return
		}
	}
	closeIf := func(what string, o ndk.Object, done bool) {
		if !done && !isNil(o) && p.check() == nil {
			_ = p.closeObj(what+" (clean-up after a failed cycle)", o)
		}
	}
	closeIf("side A NdkCloseObject(connector)", c.connA, c.connAok)
	closeIf("side B NdkCloseObject(connector)", c.connB, c.connBok)
	closeIf("side A NdkCloseObject(QP)", c.qpA, c.qpAok)
	closeIf("side B NdkCloseObject(QP)", c.qpB, c.qpBok)
}

// Close closes the listener (and any connector of a connect event nobody
// took), the PDs and CQs and the adapters. It reports the first failure and
// any unexpected callback seen since the last cycle. After a call that did
// not return or panicked it touches nothing and returns that error.
func (p *Pair) Close() error {
	if p.closed {
		return nil
	}
	p.closed = true
	if err := p.brokenErr(); err != nil {
		return fmt.Errorf("perf: not closing the adapters, the provider is stuck or panicked: %w", err)
	}
	var errs []error
	keep := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	closeIf := func(what string, o ndk.Object) {
		if !isNil(o) && p.check() == nil {
			keep(p.closeObj(what, o))
		}
	}
	keep(p.drainEvents())
	closeIf("side B NdkCloseObject(listener)", p.listener)
	closeIf("side A NdkCloseObject(CQ)", p.cqA)
	closeIf("side A NdkCloseObject(PD)", p.pdA)
	closeIf("side B NdkCloseObject(CQ)", p.cqB)
	closeIf("side B NdkCloseObject(PD)", p.pdB)
	for _, s := range []struct {
		side string
		ad   ndk.Adapter
	}{{"B", p.adB}, {"A", p.adA}} {
		if isNil(s.ad) || p.check() != nil {
			continue
		}
		ad := s.ad
		r := p.issue("side "+s.side+" NDK_ADAPTER close", func(*op) (ndk.Object, ndk.Status) {
			ad.Close()
			return nil, ndk.StatusSuccess
		})
		keep(r.waitReturn())
	}
	if p.failed {
		p.takeStray() // after a failed cycle, the clean-up's callbacks are no surprise
	}
	keep(p.takeStray())
	if err := p.brokenErr(); err != nil && len(errs) == 0 {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// drainEvents closes the connectors of connect events no cycle took: after a
// successful cycle, each is an unexpected connect event.
func (p *Pair) drainEvents() error {
	var errs []error
	for {
		select {
		case c := <-p.events:
			if !p.failed {
				errs = append(errs, errors.New("side B: a connect event (NdkConnectEventCallback) nobody asked for, between cycles"))
			}
			if !isNil(c) && p.check() == nil {
				if err := p.closeObj("side B NdkCloseObject(connector of an unexpected connect event)", c); err != nil && !p.failed {
					errs = append(errs, err)
				}
			}
		default:
			return errors.Join(errs...)
		}
	}
}

// strayf records an unexpected callback.
func (p *Pair) strayf(format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.stray) < 8 {
		p.stray = append(p.stray, fmt.Sprintf(format, args...))
	}
}

// takeStray returns the unexpected callbacks recorded so far as an error.
func (p *Pair) takeStray() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.stray) == 0 {
		return nil
	}
	err := fmt.Errorf("unexpected callbacks from the provider (%s): %s", p.fam, strings.Join(p.stray, "; "))
	p.stray = nil
	return err
}

func (p *Pair) breakWith(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.broken == nil {
		p.broken = err
	}
}

func (p *Pair) brokenErr() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.broken
}

// check returns why no call may be made on the provider any more, or nil.
func (p *Pair) check() error {
	if err := p.brokenErr(); err != nil {
		return fmt.Errorf("perf: the pair is unusable since an earlier call did not return or panicked: %w", err)
	}
	return nil
}

// op is one provider call issued on its own goroutine, with its completion
// (the common core of package ndkcall).
type op struct {
	p    *Pair
	what string
	fn   func(o *op) (ndk.Object, ndk.Status)
	c    ndkcall.Call
}

// Invoke implements ndkcall.Invoker.
func (o *op) Invoke() (ndk.Object, ndk.Status) { return o.fn(o) }

// issue calls fn on a goroutine of its own (package ndkcall, on the pooled
// goroutines of package workers); fn passes o's callbacks to the provider.
func (p *Pair) issue(what string, fn func(o *op) (ndk.Object, ndk.Status)) *op {
	o := &op{p: p, what: what, fn: fn}
	o.c.Init(nil)
	o.c.Go(o)
	return o
}

func (o *op) complete(st ndk.Status, x ndk.Object) {
	if n, _, _ := o.c.Complete(st, x); n > 1 {
		o.p.strayf("%s: its completion callback was called more than once", o.what)
	}
}

// createDone is the op's NDK_FN_CREATE_COMPLETION.
func (o *op) createDone(_ any, st ndk.Status, x ndk.Object) { o.complete(st, x) }

// requestDone is the op's NDK_FN_REQUEST_COMPLETION.
func (o *op) requestDone(_ any, st ndk.Status) { o.complete(st, nil) }

// closeDone is the op's NDK_FN_CLOSE_COMPLETION.
func (o *op) closeDone(any) { o.complete(ndk.StatusSuccess, nil) }

// status is what the call returned (meaningful once it returned).
func (o *op) status() ndk.Status {
	st, _, _ := o.c.Return()
	return st
}

func (o *op) panicError() error {
	_, _, p := o.c.Return()
	err := fmt.Errorf("%s: the provider panicked: %v", o.what, p)
	o.p.breakWith(err)
	return err
}

// waitReturn waits for the call to return. A call that does not return
// within the deadline, or panics, makes the pair unusable.
func (o *op) waitReturn() error {
	if !o.c.WaitReturn(o.p.timeout) {
		err := fmt.Errorf("%s: expected the call to return, it did not within %v", o.what, o.p.timeout)
		o.p.breakWith(err)
		return err
	}
	if !o.c.IsDone() {
		return nil // returned STATUS_PENDING: no panic
	}
	if _, _, p := o.c.Return(); p != nil {
		return o.panicError()
	}
	return nil
}

// final waits for the call's final status: the one it returned, or that of
// its completion callback after STATUS_PENDING. viaCallback says which.
func (o *op) final() (st ndk.Status, x ndk.Object, viaCallback bool, err error) {
	if err := o.waitReturn(); err != nil {
		return 0, nil, false, err
	}
	if st, x, _ := o.c.Return(); st != ndk.StatusPending {
		return st, x, false, nil
	}
	if !o.c.WaitDone(o.p.timeout) {
		return 0, nil, true, fmt.Errorf("%s returned STATUS_PENDING: expected its completion callback, it did not come within %v", o.what, o.p.timeout)
	}
	st, x, _ = o.c.Final()
	return st, x, true, nil
}

// succeed waits for the call's final status and requires STATUS_SUCCESS.
func (o *op) succeed() error {
	_, err := o.succeedObj()
	return err
}

func (o *op) succeedObj() (ndk.Object, error) {
	st, x, cb, err := o.final()
	switch {
	case err != nil:
		return nil, err
	case st == ndk.StatusSuccess:
		return x, nil
	case cb:
		return nil, fmt.Errorf("%s returned STATUS_PENDING: expected its completion to report STATUS_SUCCESS, it reported %v", o.what, st)
	}
	return nil, fmt.Errorf("%s: expected STATUS_SUCCESS or STATUS_PENDING, the provider returned %v", o.what, st)
}

// create runs a create call and returns the new object as a T.
func create[T any](p *Pair, what string, fn func(o *op) (ndk.Object, ndk.Status)) (T, error) {
	var zero T
	o := p.issue(what, fn)
	x, err := o.succeedObj()
	if err != nil {
		return zero, err
	}
	if isNil(x) {
		return zero, fmt.Errorf("%s: expected the new object with STATUS_SUCCESS, the provider gave none", what)
	}
	t, ok := x.(T)
	if !ok {
		return zero, fmt.Errorf("%s: expected an object of type %v, the provider gave a %T", what, reflect.TypeFor[T](), x)
	}
	return t, nil
}

// obj turns a provider's return value into an ndk.Object, nil for a nil
// interface or a nil pointer.
func obj[T any](x T) ndk.Object {
	o, ok := any(x).(ndk.Object)
	if !ok || isNil(o) {
		return nil
	}
	return o
}

func isNil(x any) bool { return nilness.IsNil(x) }
