package suite

import (
	"fmt"
	"github.com/ndkconform/ndkconform/internal/wait"
	"net/netip"
	"slices"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// Adapter is the harness's handle on an NDK_ADAPTER of one side.
type Adapter struct {
	ndk.Adapter
	Side   string     // "A" or "B"
	Addr   netip.Addr // the address of the side in the spec's family
	env    *Pair
	obj    *object
	info   ndk.AdapterInfo
	loaded bool
	vaNext uint64 // guarded by env.mu
	// closeOp is the blocking close, once started.
	closeOp *Op
}

func (a *Adapter) rec() *Recorder { return a.env.rec }

// AddrPort is the side's address with port.
func (a *Adapter) AddrPort(port uint16) netip.AddrPort { return netip.AddrPortFrom(a.Addr, port) }

var helperAdapterInfo helperMark

// Info returns NDK_ADAPTER_INFO; the spec fails if the query fails.
func (a *Adapter) Info() ndk.AdapterInfo {
	helperAdapterInfo.mark()
	if !a.loaded {
		var st ndk.Status
		a.info, st = a.Adapter.QueryAdapterInfo()
		if st != ndk.StatusSuccess {
			Violate(a.obj.violation("IF-3", "NdkQueryAdapterInfo", "STATUS_SUCCESS", st.String()))
		}
		a.loaded = true
	}
	return a.info
}

// familyRefusals are the statuses with which a provider says it cannot
// use an address at all: on the adapter's own address, a refusal of its
// address family. For a create, STATUS_NOT_SUPPORTED says that the object
// type is missing (IF-11), not the family.
var familyRefusals = map[CallKind][]ndk.Status{
	KindRequest: {ndk.StatusInvalidAddress, ndk.StatusNotSupported, ndk.StatusNotImplemented},
	KindCreate:  {ndk.StatusInvalidAddress},
}

// checkFamily charges OV-2 when op, a call that binds the local address
// local (NdkListen, NdkConnect, NdkCreateSharedEndpoint), ends refusing
// the adapter's own address as an address: the adapter was opened by that
// address, so a provider that refuses it does not support connections over
// its family. Any other address is the spec's business (CN-1).
func (a *Adapter) checkFamily(op *Op, local netip.Addr) {
	if !local.IsValid() || local.WithZone("") != a.Addr.WithZone("") {
		return
	}
	op.onFinal = func(st ndk.Status) {
		if slices.Contains(familyRefusals[op.Kind], st) {
			a.rec().violate(op.violation("OV-2", fmt.Sprintf("connections over %s, on the adapter's own address %v", familyOf(local), local),
				fmt.Sprintf("%v refused it with %v", op.Call, st)))
		}
	}
}

// familyOf is the address family of a.
func familyOf(a netip.Addr) Family {
	if a.Is4() || a.Is4In6() {
		return IPv4
	}
	return IPv6
}

// newObject registers an object the provider created.
func (a *Adapter) newObject(kind ndk.ObjectType) *object {
	return a.env.newObject(kind, a.Side, a.obj)
}

// CreateOp is a create call in flight.
type CreateOp[T any] struct {
	*Op
	kind ndk.ObjectType
	wrap func(ndk.Object) T
}

var helperCreateOpObject helperMark

// Object waits for the create's final status and returns the wrapped object
// (the zero T unless the status is STATUS_SUCCESS).
func (c *CreateOp[T]) Object() (T, ndk.Status) {
	helperCreateOpObject.mark()
	st := c.Wait()
	var zero T
	_, created, _ := c.c.Final()
	if st != ndk.StatusSuccess {
		return zero, st
	}
	if created == nil {
		Violate(c.violation("CR-3", "the new object with STATUS_SUCCESS", "STATUS_SUCCESS without an object"))
	}
	return c.wrap(created), st
}

var helperCreateOpMustObjectFor helperMark

// MustObjectFor is Object, failing the spec with a violation of rule
// unless the create succeeded: for a spec whose rule says the provider
// creates such objects.
func (c *CreateOp[T]) MustObjectFor(rule string) T {
	helperCreateOpMustObjectFor.mark()
	obj, st := c.Object()
	if st != ndk.StatusSuccess {
		Violate(c.violation(rule, "STATUS_SUCCESS", st.String()))
	}
	return obj
}

var helperCreateOpMustObject helperMark

// MustObject is Object, failing the spec unless the create succeeded. A
// create the spec needs asks for a small object of a type every provider
// creates (IF-3..IF-12), so its failure is charged to the rule of the type,
// except STATUS_INSUFFICIENT_RESOURCES, which a provider may return at any
// time (CR-11): that one is a failed step, charged to no rule.
func (c *CreateOp[T]) MustObject() T {
	helperCreateOpMustObject.mark()
	obj, st := c.Object()
	if st != ndk.StatusSuccess {
		rule := createRule[c.kind]
		if st == ndk.StatusInsufficientResources {
			rule = ""
		}
		Violate(c.violation(rule, "STATUS_SUCCESS (a step the spec needs)", st.String()))
	}
	return obj
}

// createRule is the rule that says the provider creates objects of a type
// (the NDKPI object table).
var createRule = map[ndk.ObjectType]string{
	ndk.ObjectTypeConnector:      "IF-4",
	ndk.ObjectTypeCQ:             "IF-5",
	ndk.ObjectTypeListener:       "IF-6",
	ndk.ObjectTypeMR:             "IF-7",
	ndk.ObjectTypeMW:             "IF-8",
	ndk.ObjectTypePD:             "IF-9",
	ndk.ObjectTypeQP:             "IF-10",
	ndk.ObjectTypeSharedEndpoint: "IF-11",
	ndk.ObjectTypeSRQ:            "IF-12",
}

// create runs a create call: fn calls the provider with the completion
// callback it is given and returns (object, status). early, if not nil,
// gets the harness's record of the new object and the call before the
// provider is called, so that an event callback the provider makes before
// the create returns is recorded against it, and a check of the final
// status can be hooked on the call.
func create[T any](a *Adapter, call string, parent *object, kind ndk.ObjectType, early func(*object, *Op),
	fn func(done ndk.CreateCompletion) (ndk.Object, ndk.Status), wrap func(*object, ndk.Object) T) *CreateOp[T] {
	op := a.rec().newOp(call, parent, KindCreate)
	child := a.newObject(kind)
	if early != nil {
		early(child, op)
	}
	c := &CreateOp[T]{Op: op, kind: kind}
	var once sync.Once
	var wrapped T
	c.wrap = func(o ndk.Object) T {
		once.Do(func() {
			wrapped = wrap(child, o)
			a.env.track(child, o)
		})
		return wrapped
	}
	done := func(_ any, st ndk.Status, o ndk.Object) {
		a.rec().callback(parent, "NdkCreateCompletion("+call+")", &st, func() {
			if st == ndk.StatusSuccess && o != nil && o.ObjectType() != kind {
				a.rec().violate(op.violation("CR-3", "an object of type "+kind.String(), "NdkCreateCompletion delivered an object of type "+o.ObjectType().String()))
			}
			op.complete(st, o)
		})
	}
	op.invokeCreate(func() (ndk.Object, ndk.Status) {
		o, st := fn(done)
		switch {
		case st == ndk.StatusSuccess:
			if o == nil {
				a.rec().violate(op.violation("CR-2", "the object through the output parameter with STATUS_SUCCESS", "it returned STATUS_SUCCESS inline without the object"))
			}
			return o, st
		case st == ndk.StatusPending && o != nil:
			a.rec().violate(op.violation("CR-3", "after a pending create, the object only through NdkCreateCompletion (the output parameter untouched)",
				"it returned STATUS_PENDING and an object through its output parameter"))
		}
		return nil, st
	})
	return c
}

// CreateListener calls NdkCreateListener; connect events are queued on the
// listener.
func (a *Adapter) CreateListener() *CreateOp[*Listener] {
	l := &Listener{arrived: make(chan struct{}, 1)}
	return create(a, "NdkCreateListener", a.obj, ndk.ObjectTypeListener, nil,
		func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			nl, st := a.Adapter.CreateListener(l.onConnect, nil, done, nil)
			return nonNil(nl), st
		},
		func(o *object, x ndk.Object) *Listener {
			l.base = base{a: a, obj: o}
			l.Listener = x.(ndk.Listener)
			l.ready()
			return l
		})
}

var helperAdapterMustCreateListener helperMark

// MustCreateListener creates a listener, failing the spec otherwise.
func (a *Adapter) MustCreateListener() *Listener {
	helperAdapterMustCreateListener.mark()
	return a.CreateListener().MustObject()
}

// CreateConnector calls NdkCreateConnector.
func (a *Adapter) CreateConnector() *CreateOp[*Connector] {
	return create(a, "NdkCreateConnector", a.obj, ndk.ObjectTypeConnector, nil,
		func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			c, st := a.Adapter.CreateConnector(done, nil)
			return nonNil(c), st
		},
		func(o *object, x ndk.Object) *Connector { return newConnector(a, o, x.(ndk.Connector)) })
}

var helperAdapterMustCreateConnector helperMark

// MustCreateConnector creates a connector, failing the spec otherwise.
func (a *Adapter) MustCreateConnector() *Connector {
	helperAdapterMustCreateConnector.mark()
	return a.CreateConnector().MustObject()
}

// CreateSharedEndpoint calls NdkCreateSharedEndpoint.
func (a *Adapter) CreateSharedEndpoint(local netip.AddrPort) *CreateOp[*SharedEndpoint] {
	return create(a, "NdkCreateSharedEndpoint", a.obj, ndk.ObjectTypeSharedEndpoint, func(_ *object, op *Op) { a.checkFamily(op, local.Addr()) },
		func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			se, st := a.Adapter.CreateSharedEndpoint(local, done, nil)
			return nonNil(se), st
		},
		func(o *object, x ndk.Object) *SharedEndpoint {
			return &SharedEndpoint{base: base{a: a, obj: o}, SharedEndpoint: x.(ndk.SharedEndpoint)}
		})
}

// CreatePD calls NdkCreatePd.
func (a *Adapter) CreatePD() *CreateOp[*PD] {
	return create(a, "NdkCreatePd", a.obj, ndk.ObjectTypePD, nil,
		func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			pd, st := a.Adapter.CreatePD(done, nil)
			return nonNil(pd), st
		},
		func(o *object, x ndk.Object) *PD { return &PD{base: base{a: a, obj: o}, PD: x.(ndk.PD)} })
}

// CreateCQ calls NdkCreateCq.
func (a *Adapter) CreateCQ(depth uint32) *CreateOp[*CQ] {
	cq := &CQ{}
	return create(a, "NdkCreateCq", a.obj, ndk.ObjectTypeCQ, func(o *object, _ *Op) { cq.base = base{a: a, obj: o} },
		func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			c, st := a.Adapter.CreateCQ(ndk.CQParams{Depth: depth, Notify: cq.onNotify}, done, nil)
			return nonNil(c), st
		},
		func(o *object, x ndk.Object) *CQ {
			cq.CQ = x.(ndk.CQ)
			return cq
		})
}

var helperAdapterMustQP helperMark

// MustQP creates a PD, a CQ and a QP on them, for a connection.
func (a *Adapter) MustQP() *QP {
	helperAdapterMustQP.mark()
	pd := a.CreatePD().MustObject()
	cq := a.CreateCQ(64).MustObject()
	return pd.CreateQP(cq, cq).MustObject()
}

// nonNil turns a typed nil interface into an untyped nil.
func nonNil[T ndk.Object](x T) ndk.Object {
	var o ndk.Object = x
	if o == nil {
		return nil
	}
	// a nil pointer inside a non-nil interface
	if v, ok := any(x).(interface{ ObjectType() ndk.ObjectType }); ok && isNilPtr(v) {
		return nil
	}
	return o
}

// base is what every wrapped object has.
type base struct {
	a   *Adapter
	obj *object
}

// Side is "A" or "B".
func (b *base) Side() string { return b.a.Side }

// String names the object for messages.
func (b *base) String() string { return b.obj.String() }

// ID is the object's name in Callback.Object.
func (b *base) ID() string { return b.obj.String() }

// IsClosed reports whether the object's close completed (or returned
// STATUS_SUCCESS).
func (b *base) IsClosed() bool {
	rec := b.a.rec()
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return b.obj.closed
}

var helperbasecloseWith helperMark

// closeWith runs NdkCloseObject on o, failing the spec if it cannot be
// issued.
func (b *base) closeWith(o ndk.Object) *Op {
	helperbasecloseWith.mark()
	op, err := b.startClose(o)
	if err != nil {
		Violate(b.obj.violation("", "NdkCloseObject", "the close issued", err.Error()))
	}
	return op
}

// startClose runs NdkCloseObject on o. It waits first for every call made on
// the object to return (LT-8: the consumer closes an object only when every
// provider function for it has returned).
func (b *base) startClose(o ndk.Object) (*Op, error) {
	return b.issueClose(o, true)
}

// CloseInCallback closes the object from inside a completion callback of a
// call on it, without waiting for that call to return: LT-9 lets the consumer
// do so. Like a consumer, it calls NdkCloseObject synchronously: it returns
// once the close returned, and records an LT-12 violation if the close does
// not return within the deadline (a provider that holds the object while it
// calls back deadlocks there). Call it only from a Pair.Intercept function.
func (b *base) closeInCallback(o ndk.Object) *Op {
	rec := b.a.rec()
	op, err := b.issueClose(o, false)
	if err != nil {
		rec.violate(b.obj.violation("", "NdkCloseObject", "the close issued", err.Error()))
		return op
	}
	if !op.waitReturn(rec.timeout) {
		rec.violate(op.violation("LT-12", "NdkCloseObject called from inside a completion callback of the object returns (after initiating a completion the provider must not hold the object in a way that deadlocks a close)",
			fmt.Sprintf("it did not return within %v", rec.timeout)))
	}
	return op
}

func (b *base) issueClose(o ndk.Object, waitCalls bool) (*Op, error) {
	rec := b.a.rec()
	// An interrupted body stops before it marks the object closing (see
	// untrackedOp), so that the cleanup still closes it.
	rec.stopIfInterrupted()
	rec.mu.Lock()
	if b.obj.closing {
		rec.mu.Unlock()
		return nil, fmt.Errorf("harness: %s closed twice", b.obj)
	}
	b.obj.closing = true
	calls := append([]*Op(nil), b.obj.calls...)
	rec.mu.Unlock()
	for _, c := range calls {
		if !waitCalls {
			break
		}
		if !c.waitReturn(rec.timeout) {
			return nil, fmt.Errorf("%s did not return within %v, so %s cannot be closed (LT-8)", c, rec.timeout, b.obj)
		}
	}
	op := rec.newOp("NdkCloseObject", b.obj, KindClose)
	done := func(any) {
		rec.closeCompletion(b.obj, func() { op.complete(ndk.StatusSuccess, nil) })
	}
	op.invoke(func() ndk.Status {
		st := o.Close(done, nil)
		if st == ndk.StatusSuccess {
			rec.markClosed(b.obj)
		}
		return st
	})
	b.a.env.untrack(b.obj)
	return op, nil
}

// request runs a request call on the object.
func (b *base) request(call string, fn func(done ndk.RequestCompletion) ndk.Status) *Op {
	return b.requestFrom(call, netip.Addr{}, fn)
}

// requestFrom is request for a call that binds the local address local
// (NdkListen, NdkConnect): see checkFamily.
func (b *base) requestFrom(call string, local netip.Addr, fn func(done ndk.RequestCompletion) ndk.Status) *Op {
	rec := b.a.rec()
	b.checkOpen(call)
	op := rec.newOp(call, b.obj, KindRequest)
	b.a.checkFamily(op, local)
	done := func(_ any, st ndk.Status) {
		rec.callback(b.obj, "NdkRequestCompletion("+call+")", &st, func() { op.complete(st, nil) })
	}
	return op.invoke(func() ndk.Status { return fn(done) })
}

var helperbasesync helperMark

// sync runs a call that has no completion callback, with the deadline.
//
// A call CR-12 names (finalOnly) that returns STATUS_PENDING fails the
// spec at once, charged to CR-12: it has no completion callback, so no
// final status will come, and the spec has none to judge its own rule by.
func (b *base) sync(call string, fn func() ndk.Status) ndk.Status {
	helperbasesync.mark()
	b.checkOpen(call)
	op := b.a.rec().newOp(call, b.obj, KindNoCompletion)
	op.invoke(fn)
	st := op.Returned()
	if st == ndk.StatusPending && finalOnly[call] {
		ViolateAll("CR-12"+finalAlso[call], op.violation("", FinalOnlyExpected(call), st.String()))
	}
	return st
}

// finalAlso are, for a call of CR-12's whose own page says that it never
// returns STATUS_PENDING, that rule (a space first).
var finalAlso = map[string]string{"NdkControlCqInterruptModeration": " CQ-10"}

var helperbaseaddress helperMark

// address runs a call that reports an address, with the deadline.
func (b *base) address(call string, fn func() (netip.AddrPort, ndk.Status)) (netip.AddrPort, ndk.Status) {
	helperbaseaddress.mark()
	var ap netip.AddrPort
	st := b.sync(call, func() ndk.Status {
		var st ndk.Status
		ap, st = fn()
		return st
	})
	return ap, st
}

var helperbasecheckOpen helperMark

func (b *base) checkOpen(call string) {
	helperbasecheckOpen.mark()
	rec := b.a.rec()
	rec.mu.Lock()
	closing := b.obj.closing
	rec.mu.Unlock()
	if closing {
		Violate(b.obj.violation("", call, "no call on the object once the spec closed it (CR-8: the consumer must not)", "harness: the spec made the call after closing the object"))
	}
}

// Listener is an NDK_LISTENER under test.
type Listener struct {
	base
	ndk.Listener
	mu      sync.Mutex
	queue   []*Connector    // connect events not yet taken by NextRequest
	arrived chan struct{}   // signalled (1 slot) when queue grows
	pending []ndk.Connector // events that came before the create returned
	isReady bool
	count   int
}

// maxUnconsumed bounds the connect events the harness queues for a spec:
// more means a provider delivering events without end.
const maxUnconsumed = 1 << 16

func (l *Listener) onConnect(_ any, c ndk.Connector) {
	l.mu.Lock()
	if !l.isReady {
		l.pending = append(l.pending, c)
		l.mu.Unlock()
		return
	}
	l.mu.Unlock()
	l.deliver(c)
}

func (l *Listener) ready() {
	l.mu.Lock()
	l.isReady = true
	p := l.pending
	l.pending = nil
	l.mu.Unlock()
	for _, c := range p {
		l.deliver(c)
	}
}

func (l *Listener) deliver(c ndk.Connector) {
	a := l.a
	o := a.newObject(ndk.ObjectTypeConnector)
	a.env.track(o, c)
	conn := newConnector(a, o, c)
	a.env.relate(l.obj, o)
	a.rec().run(l.obj, "NdkConnectEventCallback", nil, false, Callback{Connector: conn}, func() {
		l.mu.Lock()
		l.count++
		full := len(l.queue) >= maxUnconsumed
		if !full {
			l.queue = append(l.queue, conn)
		}
		l.mu.Unlock()
		if full {
			a.rec().violate(l.obj.violation("", "NdkConnectEventCallback", fmt.Sprintf("at most %d connect events queued for the spec to take", maxUnconsumed), "harness: one more"))
			return
		}
		select {
		case l.arrived <- struct{}{}:
		default: // already signalled
		}
	})
}

// Listen calls NdkListen.
func (l *Listener) Listen(local netip.AddrPort) *Op {
	return l.requestFrom("NdkListen", local.Addr(), func(done ndk.RequestCompletion) ndk.Status { return l.Listener.Listen(local, done, nil) })
}

var helperListenerMustListen helperMark

// MustListen listens on the side's address and port (0: ephemeral) and
// returns the address the provider reports.
func (l *Listener) MustListen(port uint16) netip.AddrPort {
	helperListenerMustListen.mark()
	if op := l.Listen(l.a.AddrPort(port)); op.Wait() != ndk.StatusSuccess {
		Violate(stepFailed(op.violation("", fmt.Sprintf("STATUS_SUCCESS listening on %v (a step the spec needs)", l.a.AddrPort(port)), op.Wait().String())))
	}
	return l.MustLocalAddress()
}

var helperListenerLocalAddress helperMark

// LocalAddress calls NdkGetListenerLocalAddress.
func (l *Listener) LocalAddress() (netip.AddrPort, ndk.Status) {
	helperListenerLocalAddress.mark()
	return l.address("NdkGetListenerLocalAddress", l.Listener.GetLocalAddress)
}

var helperListenerMustLocalAddress helperMark

// MustLocalAddress is LocalAddress, failing the spec unless it succeeds.
func (l *Listener) MustLocalAddress() netip.AddrPort {
	helperListenerMustLocalAddress.mark()
	ap, st := l.LocalAddress()
	if st != ndk.StatusSuccess {
		Violate(l.obj.violation("", "NdkGetListenerLocalAddress", "STATUS_SUCCESS", st.String()))
	}
	return ap
}

var helperListenerControlConnectEvents helperMark

// ControlConnectEvents calls NdkControlConnectEvents.
func (l *Listener) ControlConnectEvents(pause bool) {
	helperListenerControlConnectEvents.mark()
	l.sync("NdkControlConnectEvents", func() ndk.Status { l.Listener.ControlConnectEvents(pause); return ndk.StatusSuccess })
}

var helperListenerNextRequest helperMark

// NextRequest waits for the next connect event and returns its connector.
func (l *Listener) NextRequest() *Connector {
	helperListenerNextRequest.mark()
	timeout := wait.NewDeadline(l.a.rec().timeout)
	defer timeout.Release()
	var waiting *waitEntry // registered once the queue is found empty
	defer func() { l.a.rec().waitOver(waiting) }()
	for {
		l.mu.Lock()
		if len(l.queue) > 0 {
			c := l.queue[0]
			l.queue[0] = nil
			l.queue = l.queue[1:]
			l.mu.Unlock()
			return c
		}
		l.mu.Unlock()
		if waiting == nil {
			waiting = l.a.rec().waiting("a connect event (NdkConnectEventCallback) on", l.obj, l.a.rec().timeout)
		}
		select {
		case <-l.arrived:
		case <-timeout.C:
			if !timeout.Expired() {
				continue
			}
			Violate(l.obj.violation("", "NdkConnectEventCallback", "a connect event within "+l.a.rec().timeout.String(), "none came"))
			return nil
		}
	}
}

// ConnectEvents is how many connect events the listener delivered.
func (l *Listener) ConnectEvents() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.count
}

// LastConnectEvent is the listener's last connect event as a violation
// observes it, when it came: "NdkConnectEventCallback at +12.345ms" (since
// the spec began); "no connect event" if none came.
func (l *Listener) LastConnectEvent() string {
	name := l.obj.String()
	events := l.a.rec().Events()
	for i := len(events) - 1; i >= 0; i-- {
		if e := events[i]; e.Object == name && e.Callback == "NdkConnectEventCallback" {
			return fmt.Sprintf("NdkConnectEventCallback at +%v", e.Start.Round(time.Microsecond))
		}
	}
	return "no connect event"
}

var helperListenerClose helperMark

// Close calls NdkCloseObject.
func (l *Listener) Close() *Op { helperListenerClose.mark(); return l.closeWith(l.Listener) }

// SharedEndpoint is an NDK_SHARED_ENDPOINT under test.
type SharedEndpoint struct {
	base
	ndk.SharedEndpoint
}

var helperSharedEndpointLocalAddress helperMark

// LocalAddress calls NdkGetSharedEndpointLocalAddress.
func (s *SharedEndpoint) LocalAddress() (netip.AddrPort, ndk.Status) {
	helperSharedEndpointLocalAddress.mark()
	return s.address("NdkGetSharedEndpointLocalAddress", s.SharedEndpoint.GetLocalAddress)
}

var helperSharedEndpointClose helperMark

// Close calls NdkCloseObject.
func (s *SharedEndpoint) Close() *Op {
	helperSharedEndpointClose.mark()
	return s.closeWith(s.SharedEndpoint)
}

// PD is an NDK_PD under test.
type PD struct {
	base
	ndk.PD
}

// CreateQP calls NdkCreateQp with small queues on the given CQs.
func (p *PD) CreateQP(receive, initiator *CQ) *CreateOp[*QP] {
	return p.CreateQPWith(ndk.QPParams{ReceiveCQ: receive.CQ, InitiatorCQ: initiator.CQ,
		ReceiveQueueDepth: 16, InitiatorQueueDepth: 16, MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}, receive, initiator)
}

// CreateQPWith calls NdkCreateQp with explicit parameters.
func (p *PD) CreateQPWith(params ndk.QPParams, receive, initiator *CQ) *CreateOp[*QP] {
	return create(p.a, "NdkCreateQp", p.obj, ndk.ObjectTypeQP, nil,
		func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			q, st := p.PD.CreateQP(params, done, nil)
			return nonNil(q), st
		},
		func(o *object, x ndk.Object) *QP {
			p.a.env.relate(p.obj, o)
			if receive != nil {
				p.a.env.relate(receive.obj, o)
			}
			if initiator != nil {
				p.a.env.relate(initiator.obj, o)
			}
			return &QP{base: base{a: p.a, obj: o}, QP: x.(ndk.QP), pd: p, ReceiveCQ: receive, InitiatorCQ: initiator}
		})
}

var helperPDClose helperMark

// Close calls NdkCloseObject.
func (p *PD) Close() *Op { helperPDClose.mark(); return p.closeWith(p.PD) }

// CQ is an NDK_CQ under test.
type CQ struct {
	base
	ndk.CQ
	mu                  sync.Mutex
	arms, notifications int
	running             int          // notification callbacks running now
	statuses            []ndk.Status // the CqStatus of each notification, in order
}

// onNotify is the CQ's notification callback: the recorder checks it like
// every callback, and it checks CQ-2: the provider calls it only when the
// consumer armed the CQ, so there are never more notifications than
// NdkArmCq calls (several arms may collapse into one notification, so
// fewer is no violation here); and CH-11: the provider serializes the
// notifications of a CQ, so none starts while another one of the same CQ
// is still running (held by a spec's Pair.Intercept, say).
func (c *CQ) onNotify(_ any, st ndk.Status) {
	c.mu.Lock()
	c.notifications++
	c.running++
	n, arms, running := c.notifications, c.arms, c.running
	if len(c.statuses) < maxNotificationStatuses {
		c.statuses = append(c.statuses, st)
	}
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.running--
		c.mu.Unlock()
	}()
	rec := c.a.rec()
	if running > 1 {
		rec.violate(c.obj.violation("CH-11", "NdkCqNotificationCallback", "no notification of the CQ while another of its notifications is still running (the provider serializes them)",
			fmt.Sprintf("notification %d started while %d other(s) of the CQ were running", n, running-1)))
	}
	rec.callback(c.obj, "NdkCqNotificationCallback", &st, func() {
		if n > arms {
			rec.violate(c.obj.violation("CQ-2", "NdkCqNotificationCallback", "a notification only after the consumer armed the CQ with NdkArmCq",
				fmt.Sprintf("notification %d came after %d NdkArmCq call(s)", n, arms)))
		}
	})
}

// maxNotificationStatuses bounds the CqStatus values a CQ keeps.
const maxNotificationStatuses = 1 << 16

// Notifications is how many notification callbacks the CQ received.
func (c *CQ) Notifications() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.notifications
}

// NotificationStatuses are the CqStatus values of the CQ's notifications
// so far, in the order they started.
func (c *CQ) NotificationStatuses() []ndk.Status {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.statuses)
}

// Arms is how many times the spec called NdkArmCq on the CQ.
func (c *CQ) Arms() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.arms
}

var helperCQClose helperMark

// Close calls NdkCloseObject.
func (c *CQ) Close() *Op { helperCQClose.mark(); return c.closeWith(c.CQ) }

// QP is an NDK_QP under test.
type QP struct {
	base
	ndk.QP
	pd *PD
	// ReceiveCQ and InitiatorCQ are the CQs the QP was created with.
	ReceiveCQ, InitiatorCQ *CQ
}

// PD is the QP's protection domain.
func (q *QP) PD() *PD { return q.pd }

var helperQPClose helperMark

// Close calls NdkCloseObject.
func (q *QP) Close() *Op { helperQPClose.mark(); return q.closeWith(q.QP) }
