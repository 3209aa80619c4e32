package sim

import (
	"net/netip"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// Consumer-side helpers: they drive the provider the way a consumer must,
// accepting every completion personality (inline, pending with a callback
// from inside the call or from another goroutine).

const waitFor = 5 * time.Second

type personality struct {
	name string
	opts map[string]string
}

var personalities = []personality{
	{"inline", map[string]string{OptCompletion: CompletionInline}},
	{"deferred", map[string]string{OptCompletion: CompletionDeferred}},
	{"reentrant", map[string]string{OptCompletion: CompletionReentrant}},
	{"random1", map[string]string{OptCompletion: CompletionRandom, OptSeed: "1"}},
	{"random2", map[string]string{OptCompletion: CompletionRandom, OptSeed: "2"}},
	{"random42", map[string]string{OptCompletion: CompletionRandom, OptSeed: "42"}},
}

// eachPersonality runs fn as a parallel subtest per personality.
func eachPersonality(t *testing.T, fn func(t *testing.T, e *env)) {
	t.Helper()
	for _, p := range personalities {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			fn(t, openEnv(t, p.opts))
		})
	}
}

type env struct {
	p    ndk.Provider
	a, b ndk.Side
	mode string
}

func openEnv(t testing.TB, opts map[string]string) *env {
	t.Helper()
	p, err := Driver{}.Open(opts)
	if err != nil {
		t.Fatalf("Open(%v): %v", opts, err)
	}
	a, b := p.Sides()
	modes.Store(t, opts[OptCompletion])
	t.Cleanup(func() { modes.Delete(t) })
	return &env{p: p, a: a, b: b, mode: opts[OptCompletion]}
}

// modes maps a test to the completion option of its provider, so that the
// helpers can check every call against the personality.
var modes sync.Map

// personalityCheck checks how one call completed: st is its return value,
// callbackInside whether its completion ran before it returned.
func personalityCheck(t testing.TB, what string, st ndk.Status, callbackInside bool) {
	m, _ := modes.Load(t)
	switch m {
	case CompletionInline:
		if st == ndk.StatusPending {
			t.Errorf("inline personality: %s returned STATUS_PENDING", what)
		}
	case CompletionDeferred, "":
		if st != ndk.StatusPending {
			t.Errorf("deferred personality: %s returned %v", what, st)
		}
	case CompletionReentrant:
		if st != ndk.StatusPending || !callbackInside {
			t.Errorf("reentrant personality: %s returned %v, callback inside the call: %v", what, st, callbackInside)
		}
	}
}

// inlineGuard fails the test if a completion callback runs for a call that
// completed inline.
type inlineGuard struct {
	returned atomic.Bool // the call has returned
	inline   atomic.Bool // ... with a final status
	called   atomic.Bool
}

func (g *inlineGuard) callback(t testing.TB, what string) {
	g.called.Store(true)
	if g.inline.Load() {
		t.Errorf("%s: completion callback after an inline completion", what)
	}
}

// ret records the call's return; it reports whether the callback already ran.
func (g *inlineGuard) ret(t testing.TB, what string, st ndk.Status) bool {
	if st != ndk.StatusPending {
		g.inline.Store(true)
		if g.called.Load() {
			t.Errorf("%s: completion callback for a call that returned %v", what, st)
		}
	}
	g.returned.Store(true)
	return g.called.Load()
}

func (e *env) adapter(t testing.TB, addr netip.Addr) ndk.Adapter {
	t.Helper()
	ad, st := e.p.OpenAdapter(addr)
	if st != ndk.StatusSuccess {
		t.Fatalf("OpenAdapter(%v) = %v", addr, st)
	}
	return ad
}

// closeAdapter closes ad, failing the test if it does not return in time.
func closeAdapter(t testing.TB, ad ndk.Adapter) {
	t.Helper()
	done := make(chan struct{})
	go func() { ad.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(waitFor):
		t.Fatalf("Adapter.Close did not return")
	}
}

// once returns a callback guard that fails the test on a second call.
func once(t testing.TB, what string) func() {
	var n atomic.Int32
	return func() {
		if n.Add(1) != 1 {
			t.Errorf("%s: completion callback called more than once", what)
		}
	}
}

// create runs a create call and returns its object and final status.
func createT[T ndk.Object](t testing.TB, call func(ndk.CreateCompletion, any) (T, ndk.Status)) (T, ndk.Status) {
	t.Helper()
	type res struct {
		st  ndk.Status
		obj ndk.Object
	}
	ch := make(chan res, 2)
	g := once(t, "create")
	var ig inlineGuard
	v, st := call(func(ctx any, s ndk.Status, o ndk.Object) {
		g()
		ig.callback(t, "create")
		if ctx != "create-ctx" {
			t.Errorf("create completion context = %v", ctx)
		}
		ch <- res{s, o}
	}, "create-ctx")
	personalityCheck(t, "create", st, ig.ret(t, "create", st))
	var zero T
	if st != ndk.StatusPending {
		if (st == ndk.StatusSuccess) == isNil(v) {
			t.Errorf("inline create returned %v with object %v", st, v)
		}
		return v, st
	}
	if !isNil(v) {
		t.Errorf("pending create returned an object")
	}
	select {
	case r := <-ch:
		if r.st != ndk.StatusSuccess {
			if r.obj != nil {
				t.Errorf("failed create delivered an object")
			}
			return zero, r.st
		}
		return r.obj.(T), r.st
	case <-time.After(waitFor):
		t.Fatalf("create completion never came")
		return zero, 0
	}
}

func mustCreate[T ndk.Object](t testing.TB, call func(ndk.CreateCompletion, any) (T, ndk.Status)) T {
	t.Helper()
	v, st := createT(t, call)
	if st != ndk.StatusSuccess {
		t.Fatalf("create: %v", st)
	}
	return v
}

// do runs a request call to its final status (blocking for pending ones).
func do(t testing.TB, call func(ndk.RequestCompletion, any) ndk.Status) ndk.Status {
	t.Helper()
	st, ch := start(t, call)
	if st != ndk.StatusPending {
		return st
	}
	return wait(t, ch)
}

// start issues a request. It returns the call's status and, for a pending
// call, the channel its completion arrives on.
func start(t testing.TB, call func(ndk.RequestCompletion, any) ndk.Status) (ndk.Status, <-chan ndk.Status) {
	ch := make(chan ndk.Status, 2)
	g := once(t, "request")
	var ig inlineGuard
	st := call(func(ctx any, s ndk.Status) {
		g()
		ig.callback(t, "request")
		if ctx != "req-ctx" {
			t.Errorf("request completion context = %v", ctx)
		}
		ch <- s
	}, "req-ctx")
	personalityCheck(t, "request", st, ig.ret(t, "request", st))
	return st, ch
}

// async runs a request on its own goroutine (inline calls may block) and
// returns the channel of its final status.
func async(t testing.TB, call func(ndk.RequestCompletion, any) ndk.Status) <-chan ndk.Status {
	out := make(chan ndk.Status, 1)
	go func() {
		st, ch := start(t, call)
		if st == ndk.StatusPending {
			select {
			case st = <-ch:
			case <-time.After(waitFor):
				st = 0xDEADBEEF
			}
		}
		out <- st
	}()
	return out
}

func wait(t testing.TB, ch <-chan ndk.Status) ndk.Status {
	t.Helper()
	select {
	case s := <-ch:
		return s
	case <-time.After(waitFor):
		t.Fatalf("completion never came")
		return 0
	}
}

// closer is a close in progress.
type closer struct {
	st   ndk.Status
	done chan struct{}
}

// startClose issues a close. done is closed when the close has completed.
func startClose(t testing.TB, o ndk.Object) *closer {
	t.Helper()
	c := &closer{done: make(chan struct{})}
	g := once(t, "close")
	var ig inlineGuard
	defer func() { ig.ret(t, "close", c.st) }()
	c.st = o.Close(func(ctx any) {
		g()
		ig.callback(t, "close")
		if ctx != "close-ctx" {
			t.Errorf("close completion context = %v", ctx)
		}
		close(c.done)
	}, "close-ctx")
	switch c.st {
	case ndk.StatusSuccess:
		close(c.done)
	case ndk.StatusPending:
	default:
		t.Errorf("Close(%v) = %v; want STATUS_SUCCESS or STATUS_PENDING", o.ObjectType(), c.st)
	}
	return c
}

func (c *closer) wait(t testing.TB) {
	t.Helper()
	select {
	case <-c.done:
	case <-time.After(waitFor):
		t.Fatalf("close never completed")
	}
}

// mustClose closes o and waits for the close to complete.
func mustClose(t testing.TB, objs ...ndk.Object) {
	t.Helper()
	for _, o := range objs {
		startClose(t, o).wait(t)
	}
}

// stillPending asserts that c has not completed, after a short grace.
func stillPending(t testing.TB, c *closer, what string) {
	t.Helper()
	if c.st != ndk.StatusPending {
		t.Fatalf("%s: Close = %v; want STATUS_PENDING", what, c.st)
	}
	select {
	case <-c.done:
		t.Fatalf("%s: close completed too early", what)
	case <-time.After(10 * time.Millisecond):
	}
}

// side is one end's resources: adapter, PD and CQ.
type side struct {
	ad ndk.Adapter
	pd ndk.PD
	cq ndk.CQ
}

func newSide(t testing.TB, e *env, addr netip.Addr) *side {
	t.Helper()
	ad := e.adapter(t, addr)
	s := &side{ad: ad}
	s.pd = mustCreate(t, ad.CreatePD)
	s.cq = mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.CQ, ndk.Status) {
		return ad.CreateCQ(ndk.CQParams{Depth: 64}, d, c)
	})
	return s
}

func (s *side) qp(t testing.TB) ndk.QP {
	t.Helper()
	return mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) {
		return s.pd.CreateQP(ndk.QPParams{ReceiveCQ: s.cq, InitiatorCQ: s.cq, ReceiveQueueDepth: 16, InitiatorQueueDepth: 16,
			MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}, d, c)
	})
}

func (s *side) connector(t testing.TB) ndk.Connector {
	t.Helper()
	return mustCreate(t, s.ad.CreateConnector)
}

// close closes the side's PD and CQ, then the adapter.
func (s *side) close(t testing.TB) {
	t.Helper()
	mustClose(t, s.pd, s.cq)
	closeAdapter(t, s.ad)
}

// listening is a listener and the connectors its connect events deliver.
type listening struct {
	l      ndk.Listener
	addr   netip.AddrPort
	events chan ndk.Connector
}

func listen(t testing.TB, s *side, addr netip.AddrPort) *listening {
	t.Helper()
	ls := &listening{events: make(chan ndk.Connector, 16)}
	ls.l = mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.Listener, ndk.Status) {
		return s.ad.CreateListener(func(ctx any, conn ndk.Connector) {
			if ctx != "listen-ctx" {
				t.Errorf("connect event context = %v", ctx)
			}
			ls.events <- conn
		}, "listen-ctx", d, c)
	})
	if st := do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return ls.l.Listen(addr, d, c) }); st != ndk.StatusSuccess {
		t.Fatalf("Listen(%v) = %v", addr, st)
	}
	var st ndk.Status
	if ls.addr, st = ls.l.GetLocalAddress(); st != ndk.StatusSuccess {
		t.Fatalf("listener GetLocalAddress = %v", st)
	}
	return ls
}

func (ls *listening) next(t testing.TB) ndk.Connector {
	t.Helper()
	select {
	case c := <-ls.events:
		return c
	case <-time.After(waitFor):
		t.Fatalf("no connect event")
		return nil
	}
}

// conn is an established connection.
type conn struct {
	a, b         ndk.Connector
	qa, qb       ndk.QP
	discA, discB chan struct{}
}

// establish connects a (over se if not nil, else from src) to ls and
// completes the handshake.
func establish(t testing.TB, a *side, src netip.AddrPort, se ndk.SharedEndpoint, b *side, ls *listening) *conn {
	t.Helper()
	return establishQPs(t, a, src, se, b, ls, a.qp(t), b.qp(t))
}

// establishQPs is establish with the QPs given.
func establishQPs(t testing.TB, a *side, src netip.AddrPort, se ndk.SharedEndpoint, b *side, ls *listening, qa, qb ndk.QP) *conn {
	t.Helper()
	c := &conn{qa: qa, qb: qb, discA: make(chan struct{}, 4), discB: make(chan struct{}, 4)}
	c.a = a.connector(t)
	bres := make(chan ndk.Status, 1)
	go func() {
		var pc ndk.Connector
		select {
		case pc = <-ls.events:
		case <-time.After(waitFor):
			t.Errorf("no connect event")
			bres <- 0xDEADBEEF
			return
		}
		c.b = pc
		st, ch := start(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return pc.Accept(ndk.AcceptParams{QP: c.qb, InboundReadLimit: 8, OutboundReadLimit: 8, PrivateData: []byte("accept"),
				OnDisconnect: func(ctx any) { c.discB <- struct{}{} }, DisconnectContext: "b"}, d, x)
		})
		if st == ndk.StatusPending {
			st = <-ch
		}
		bres <- st
	}()
	p := ndk.ConnectParams{QP: c.qa, Source: src, Destination: ls.addr, InboundReadLimit: 8, OutboundReadLimit: 8, PrivateData: []byte("hello")}
	st := do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
		if se != nil {
			return c.a.ConnectWithSharedEndpoint(se, p, d, x)
		}
		return c.a.Connect(p, d, x)
	})
	if st != ndk.StatusSuccess {
		t.Fatalf("Connect = %v", st)
	}
	if st := do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
		return c.a.CompleteConnect(func(ctx any) { c.discA <- struct{}{} }, "a", d, x)
	}); st != ndk.StatusSuccess {
		t.Fatalf("CompleteConnect = %v", st)
	}
	select {
	case st := <-bres:
		if st != ndk.StatusSuccess {
			t.Fatalf("Accept = %v", st)
		}
	case <-time.After(waitFor):
		t.Fatalf("Accept never completed")
	}
	return c
}

// close closes both connectors and QPs.
func (c *conn) close(t testing.TB) {
	t.Helper()
	mustClose(t, c.a, c.b, c.qa, c.qb)
}

func ap(a netip.Addr, port uint16) netip.AddrPort { return netip.AddrPortFrom(a, port) }

func connectParams(q ndk.QP, src, dst netip.AddrPort) ndk.ConnectParams {
	return ndk.ConnectParams{QP: q, Source: src, Destination: dst, InboundReadLimit: 4, OutboundReadLimit: 4}
}

func expect(t testing.TB, what string, got, want ndk.Status) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v; want %v", what, got, want)
	}
}

func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}
