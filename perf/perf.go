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
// through its callback, as package ndk documents; both are handled. The
// calls run one after the other on a goroutine of the Pair's, watched by
// one watchdog per Pair; the two that may block until the peer acts (a
// provider may complete NdkConnect inline once the peer accepted, and
// NdkAccept once the peer completed the connect) run on a worker goroutine
// of their side, so they do not stall the other side (see call.go). A call
// that does not return, a completion or an event that does not come
// within the deadline, a status other than the expected one, a panic in
// the provider or an unexpected callback is returned as an error naming
// the call, what was expected and what was seen. After a call that did not
// return or panicked the Pair is not used again (its methods return that
// error) and the provider is left alone.
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

	"github.com/ndkconform/ndkconform/internal/nilness"
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
// must not be called concurrently. It has goroutines of its own (see
// call.go): Close ends them (but for one stuck in the provider).
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

	r runner // the goroutines that call the provider (call.go)

	mu       sync.Mutex
	stray    []string    // unexpected callbacks, reported by the next Cycle or Close
	broken   error       // a call did not return or panicked: hands off the provider
	hasStray atomic.Bool // stray may have some: a look without the lock
	isBroken atomic.Bool // broken is set: a look without the lock

	// The runner's.
	phases Phases
	failed bool // a cycle failed: what comes after is no surprise

	closed bool // the caller's
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
	p.start()
	if err := p.run(jobSetup, 0); err != nil {
		if cerr := p.Close(); cerr != nil {
			err = fmt.Errorf("%w (and closing what setup created: %v)", err, cerr)
		}
		return nil, err
	}
	return p, nil
}

// setup is Setup's work, on the runner.
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
		if *s.pd, err = create[ndk.PD](p, new(op), "side "+s.side+" NdkCreatePd", func(o *op) (ndk.Object, ndk.Status) {
			x, st := ad.CreatePD(createDone, o)
			return obj(x), st
		}); err != nil {
			return err
		}
		if *s.cq, err = create[ndk.CQ](p, new(op), "side "+s.side+" NdkCreateCq", func(o *op) (ndk.Object, ndk.Status) {
			x, st := ad.CreateCQ(ndk.CQParams{Depth: cqDepth}, createDone, o)
			return obj(x), st
		}); err != nil {
			return err
		}
	}
	if p.listener, err = create[ndk.Listener](p, new(op), "side B NdkCreateListener", func(o *op) (ndk.Object, ndk.Status) {
		x, st := p.adB.CreateListener(p.onConnect, nil, createDone, o)
		return obj(x), st
	}); err != nil {
		return err
	}
	local := netip.AddrPortFrom(p.cfg.B, 0)
	if err := p.call(new(op), fmt.Sprintf("side B NdkListen on %v", local), func(o *op) (ndk.Object, ndk.Status) {
		return nil, p.listener.Listen(local, requestDone, o)
	}).succeed(); err != nil {
		return err
	}
	var st ndk.Status
	r := p.call(new(op), "side B NdkGetListenerLocalAddress", func(*op) (ndk.Object, ndk.Status) {
		p.dst, st = p.listener.GetLocalAddress()
		return nil, st
	})
	if err := r.waitReturn(); err != nil {
		return err
	}
	if st != ndk.StatusSuccess || p.dst.Port() == 0 {
		return fmt.Errorf("%s: expected STATUS_SUCCESS and a port, the provider returned %v and %v", r.what, st, p.dst)
	}
	return nil
}

func (p *Pair) openAdapter(side string, addr netip.Addr) (ndk.Adapter, error) {
	var ad ndk.Adapter
	var st ndk.Status
	r := p.call(new(op), fmt.Sprintf("side %s OPEN_NDK_ADAPTER for %v", side, addr), func(*op) (ndk.Object, ndk.Status) {
		ad, st = p.cfg.Provider.OpenAdapter(addr)
		return nil, st
	})
	if err := r.waitReturn(); err != nil {
		return nil, err
	}
	if st != ndk.StatusSuccess || isNil(ad) {
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
		p.signal()
	default:
		p.strayf("side B: more than %d connect events nobody asked for", eventBuffer)
	}
}

// Phases returns the accumulated times of the cycles that succeeded.
func (p *Pair) Phases() Phases { return p.phases }

// cycle is one Cycle: its calls and what they created, for the clean-up
// after a failure. Its ops are the contexts of the calls' completion
// callbacks, and the cycle that of the disconnect event callbacks: a new
// cycle each time, so that a late callback cannot be taken for one of
// another cycle.
type cycle struct {
	p                *Pair
	abandoned        atomic.Bool  // the cycle failed: callbacks from its clean-up are expected
	indications      atomic.Int32 // side B's disconnect indications
	connA, connB     ndk.Connector
	qpA, qpB         ndk.QP
	connAok, connBok bool // closed
	qpAok, qpBok     bool

	createConnA, createQPA, connect, createQPB, accept, complete, disc op
	closeConnA, closeConnB, closeQPA, closeQPB                         op
}

// Cycle runs one connection cycle from side A to side B's listener and
// closes what it created. On error it closes what it can of the cycle (after
// every call it issued has returned) and returns the first failure.
func (p *Pair) Cycle() error {
	_, err := p.cycles(1)
	return err
}

// cycles runs n cycles as Cycle does, in one job of the runner's (no hand-
// over between the caller and the runner between two cycles), up to the
// first that fails. It returns how many succeeded.
func (p *Pair) cycles(n int) (int, error) {
	if p.closed {
		return 0, errors.New("perf: Cycle on a closed pair")
	}
	if err := p.check(); err != nil {
		return 0, err
	}
	err := p.run(jobCycles, n)
	return int(p.r.ran.Load()), err
}

// cycle is Cycle's work, on the runner.
func (p *Pair) cycle() (err error) {
	if err := p.takeStray(); err != nil {
		return err
	}
	if err := p.drainEvents(); err != nil {
		return err
	}
	c := &cycle{p: p}
	defer func() {
		if err != nil {
			p.failed = true
			p.abandon(c)
		}
	}()
	t0 := time.Now()

	// A: a connector and a QP on the CQ and PD made at setup.
	if c.connA, err = create[ndk.Connector](p, &c.createConnA, "side A NdkCreateConnector", func(o *op) (ndk.Object, ndk.Status) {
		x, st := p.adA.CreateConnector(createDone, o)
		return obj(x), st
	}); err != nil {
		return err
	}
	if c.qpA, err = p.createQP(&c.createQPA, "A", p.pdA, p.cqA); err != nil {
		return err
	}
	t1 := time.Now()

	// A: NdkConnect; B: the connect event, a QP, NdkAccept.
	src := netip.AddrPortFrom(p.cfg.A, 0)
	if p.connectWhat == "" {
		p.connectWhat = fmt.Sprintf("side A NdkConnect from %v to %v", src, p.dst)
	}
	connect := p.callOn(p.r.workA, &c.connect, p.connectWhat, func(o *op) (ndk.Object, ndk.Status) {
		return nil, c.connA.Connect(ndk.ConnectParams{QP: c.qpA, Source: src, Destination: p.dst,
			InboundReadLimit: readLimit, OutboundReadLimit: readLimit}, requestDone, o)
	})
	if c.connB, err = p.awaitConnectEvent(connect); err != nil {
		return err
	}
	if c.qpB, err = p.createQP(&c.createQPB, "B", p.pdB, p.cqB); err != nil {
		return connect.pendingToo(err)
	}
	accept := p.callOn(p.r.workB, &c.accept, "side B NdkAccept", func(o *op) (ndk.Object, ndk.Status) {
		return nil, c.connB.Accept(ndk.AcceptParams{QP: c.qpB, InboundReadLimit: readLimit, OutboundReadLimit: readLimit,
			OnDisconnect: indicationB, DisconnectContext: c}, requestDone, o)
	})

	// A: the connect completes; NdkCompleteConnect. B: the accept completes.
	if err := connect.succeed(); err != nil {
		return accept.pendingToo(err)
	}
	if err := p.call(&c.complete, "side A NdkCompleteConnect", func(o *op) (ndk.Object, ndk.Status) {
		return nil, c.connA.CompleteConnect(indicationA, c, requestDone, o)
	}).succeed(); err != nil {
		return accept.pendingToo(err)
	}
	if err := accept.succeed(); err != nil {
		return err
	}
	t2 := time.Now()

	// A: NdkDisconnect; B: the disconnect indication.
	if err := p.call(&c.disc, "side A NdkDisconnect", func(o *op) (ndk.Object, ndk.Status) {
		return nil, c.connA.Disconnect(requestDone, o)
	}).succeed(); err != nil {
		return err
	}
	if err := p.await(c.indicated, p.noIndication); err != nil {
		return err
	}
	t3 := time.Now()

	// Both: close the connector, then its QP (the QP is the connector's
	// antecedent while bound to it).
	if err := p.closeObj(&c.closeConnA, "side A NdkCloseObject(connector)", c.connA); err != nil {
		return err
	}
	c.connAok = true
	if err := p.closeObj(&c.closeConnB, "side B NdkCloseObject(connector)", c.connB); err != nil {
		return err
	}
	c.connBok = true
	if err := p.closeObj(&c.closeQPA, "side A NdkCloseObject(QP)", c.qpA); err != nil {
		return err
	}
	c.qpAok = true
	if err := p.closeObj(&c.closeQPB, "side B NdkCloseObject(QP)", c.qpB); err != nil {
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

// indicationB is the disconnect event callback of side B's accepted
// connector; ctx is its cycle.
func indicationB(ctx any) {
	c, ok := ctx.(*cycle)
	if !ok || c == nil {
		return // no cycle's: the indication the cycle waits for does not come
	}
	if c.indications.Add(1) == 1 {
		c.p.signal()
	} else {
		c.p.strayf("side B: a second disconnect indication on the accepted connector")
	}
}

// indicationA is the disconnect event callback of side A's connector;
// ctx is its cycle.
func indicationA(ctx any) {
	c, ok := ctx.(*cycle)
	if !ok || c == nil || c.abandoned.Load() {
		return // the clean-up of a failed cycle closed side B's connector
	}
	c.p.strayf("side A: a disconnect indication on the connecting connector (side A disconnects itself; only side B expects one)")
}

func (c *cycle) indicated() bool { return c.indications.Load() > 0 }

func (p *Pair) noIndication() error {
	return fmt.Errorf("side B NdkDisconnectEventCallback: expected the disconnect indication on the accepted connector once side A's NdkDisconnect completed, none came within %v", p.timeout)
}

func (p *Pair) createQP(o *op, side string, pd ndk.PD, cq ndk.CQ) (ndk.QP, error) {
	return create[ndk.QP](p, o, "side "+side+" NdkCreateQp", func(o *op) (ndk.Object, ndk.Status) {
		x, st := pd.CreateQP(ndk.QPParams{ReceiveCQ: cq, InitiatorCQ: cq, ReceiveQueueDepth: qpDepth, InitiatorQueueDepth: qpDepth,
			MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}, createDone, o)
		return obj(x), st
	})
}

// awaitConnectEvent waits for the connect event of side A's connect, or
// for the connect to fail first.
func (p *Pair) awaitConnectEvent(connect *op) (ndk.Connector, error) {
	var conn ndk.Connector
	var err error
	got := func() bool {
		select {
		case conn = <-p.events:
			if isNil(conn) {
				err = errors.New("side B: the connect event (NdkConnectEventCallback) delivered a nil connector")
			}
			return true
		default:
		}
		returned, ret, _, pan := connect.returnState()
		if returned && pan != nil {
			err = connect.panicError(pan)
			return true
		}
		if returned && ret != ndk.StatusPending && ret != ndk.StatusSuccess {
			err = fmt.Errorf("%s: expected STATUS_PENDING or STATUS_SUCCESS, the provider returned %v", connect.what, ret)
			return true
		}
		if st, _, came := connect.firstCompletion(); came && st != ndk.StatusSuccess && (!returned || ret == ndk.StatusPending) {
			err = fmt.Errorf("%s: expected it to complete with STATUS_SUCCESS, its completion callback reported %v before side B got a connect event", connect.what, st)
			return true
		}
		return false
	}
	none := func() error {
		if !connect.hasReturned() {
			// The call has been running for the deadline: stuck.
			return fmt.Errorf("%w (and side B got no connect event)", connect.stuckNow())
		}
		return fmt.Errorf("side B: expected a connect event (NdkConnectEventCallback) on the listener at %v for %s, none came within %v", p.dst, connect.what, p.timeout)
	}
	if werr := p.await(got, none); werr != nil {
		return nil, werr
	}
	if err != nil {
		return nil, err
	}
	return conn, nil
}

// closeObj runs NdkCloseObject on x and waits for it to finish.
func (p *Pair) closeObj(o *op, what string, x ndk.Object) error {
	return p.call(o, what, func(o *op) (ndk.Object, ndk.Status) { return nil, x.Close(closeDone, o) }).succeed()
}

// abandon closes what a failed cycle created: first waiting for every call
// it handed a side worker to return (a consumer closes an object only
// then), then the connectors before their QPs. Failures here are not
// reported: the cycle's own error is.
func (p *Pair) abandon(c *cycle) {
	c.abandoned.Store(true)
	for _, o := range []*op{&c.connect, &c.accept} {
		if p.check() != nil || o.issued && o.waitReturn() != nil {
			return
		}
	}
	closeIf := func(what string, x ndk.Object, done bool) {
		if !done && !isNil(x) && p.check() == nil {
			_ = p.closeObj(new(op), what+" (clean-up after a failed cycle)", x)
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
	defer p.stop()
	if err := p.brokenErr(); err != nil {
		return fmt.Errorf("perf: not closing the adapters, the provider is stuck or panicked: %w", err)
	}
	return p.run(jobClose, 0)
}

// closeAll is Close's work, on the runner.
func (p *Pair) closeAll() error {
	var errs []error
	keep := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	closeIf := func(what string, x ndk.Object) {
		if !isNil(x) && p.check() == nil {
			keep(p.closeObj(new(op), what, x))
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
		r := p.call(new(op), "side "+s.side+" NDK_ADAPTER close", func(*op) (ndk.Object, ndk.Status) {
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
				if err := p.closeObj(new(op), "side B NdkCloseObject(connector of an unexpected connect event)", c); err != nil && !p.failed {
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
	p.hasStray.Store(true)
}

// takeStray returns the unexpected callbacks recorded so far as an error.
func (p *Pair) takeStray() error {
	if !p.hasStray.Load() {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.hasStray.Store(false)
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
		p.isBroken.Store(true)
	}
	p.signal() // a wait of the runner's ends
}

func (p *Pair) brokenErr() error {
	if !p.isBroken.Load() {
		return nil
	}
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

// create runs a create call on the runner and returns the new object as a
// T.
func create[T any](p *Pair, o *op, what string, fn func(o *op) (ndk.Object, ndk.Status)) (T, error) {
	var zero T
	x, err := p.call(o, what, fn).succeedObj()
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
