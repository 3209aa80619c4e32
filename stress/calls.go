package stress

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
)

// failer records a violation: a worker (with its steps and replay) or the
// run.
type failer interface {
	failv(v finding.Violation)
}

func (r *run) failv(v finding.Violation) { r.fail(v) }

// life is an object's: its name and side, and whether its close has
// completed (a callback after is LT-25).
type life struct {
	name, side string
	closed     atomic.Bool
}

// callbackAfterClose reports a callback on an object whose close completed.
func (l *life) check(f failer, call string) {
	if l != nil && l.closed.Load() {
		f.failv(finding.Violation{Rule: "LT-25", Call: call, Object: l.name, Side: l.side,
			Expected: "no callback after the object's close completed", Observed: "a " + call + " after it"})
	}
}

// waiter waits for callbacks (kick) and, for a worker, pumps its
// completions meanwhile.
type waiter struct {
	kick    chan struct{}
	comp    chan *wreq // nil: no completions to pump
	process func(*wreq)
	timeout time.Duration
	// abort, if set, ends a wait early (the run stopped): until then
	// reports false.
	abort func() bool
	// poll, if set, runs before each wait: a worker polls its own CQs.
	poll func()
	// settle: a create or a close is waited for, which the run's stop
	// does not cut short (an object whose create or close was issued and
	// not seen to complete could be closed neither again nor never).
	settle bool
}

func newWaiter(timeout time.Duration) *waiter {
	return &waiter{kick: make(chan struct{}, 1), timeout: timeout}
}

func (wt *waiter) wake() {
	select {
	case wt.kick <- struct{}{}:
	default:
	}
}

// until waits until cond holds or the waiter's time-out passes; it
// reports whether cond holds.
func (wt *waiter) until(cond func() bool) bool {
	if cond() {
		return true
	}
	if wt.abort != nil && !wt.settle && wt.abort() {
		return false
	}
	t := time.NewTimer(wt.timeout)
	defer t.Stop()
	for {
		if wt.poll != nil {
			wt.poll()
			if cond() {
				return true
			}
		}
		select {
		case q := <-wt.comp:
			wt.process(q)
		case <-wt.kick:
		case <-t.C:
			return cond()
		}
		if cond() {
			return true
		}
		if wt.abort != nil && !wt.settle && wt.abort() {
			return false
		}
	}
}

// pend is one call that takes a completion callback (create, request or
// close): what it returned and what its callbacks brought.
type pend struct {
	wt    *waiter
	f     failer
	call  string
	obj   *life // the object the call is on
	kind  byte  // 'c' create, 'r' request, 'x' close
	mu    sync.Mutex
	ret   ndk.Status
	rObj  ndk.Object // the object a create returned inline
	back  bool       // returned
	calls int
	st    ndk.Status
	cObj  ndk.Object // the object a create's completion brought
}

func newPend(wt *waiter, f failer, kind byte, call string, obj *life) *pend {
	return &pend{wt: wt, f: f, kind: kind, call: call, obj: obj}
}

func (p *pend) rule() string {
	switch p.kind {
	case 'c':
		return "CR-2"
	case 'x':
		return "CR-6"
	}
	return "CR-4"
}

func (p *pend) where() (string, string) {
	if p.obj == nil {
		return "", ""
	}
	return p.obj.name, p.obj.side
}

func (p *pend) callback(st ndk.Status, obj ndk.Object) {
	p.mu.Lock()
	p.calls++
	n := p.calls
	inline := p.back && p.ret != ndk.StatusPending
	ret := p.ret
	if n == 1 {
		p.st, p.cObj = st, obj
	}
	p.mu.Unlock()
	name, side := p.where()
	cb := "NdkRequestCompletion"
	switch p.kind {
	case 'c':
		cb = "NdkCreateCompletion"
	case 'x':
		cb = "NdkCloseCompletion"
	}
	switch {
	case p.kind != 'x' && p.obj != nil && p.obj.closed.Load():
		p.obj.check(p.f, cb+" of "+p.call) // LT-25 first: the most precise
	case n > 1:
		p.f.failv(finding.Violation{Rule: p.rule(), Call: p.call, Object: name, Side: side,
			Expected: "one " + cb, Observed: fmt.Sprintf("%d, the last with %v", n, st)})
	case inline && p.kind == 'x':
		p.f.failv(finding.Violation{Rule: "CR-10", Call: p.call, Object: name, Side: side,
			Expected: "no NdkCloseCompletion after the close returned " + ret.String(), Observed: "one"})
	case inline:
		p.f.failv(finding.Violation{Rule: p.rule(), Call: p.call, Object: name, Side: side,
			Expected: "no " + cb + " after the call returned " + ret.String(), Observed: fmt.Sprintf("one with %v", st)})
	}
	if p.kind == 'x' && n > 1 {
		p.obj.check(p.f, cb+" of "+p.call)
	}
	p.wt.wake()
}

func (p *pend) reqDone(_ any, st ndk.Status)                    { p.callback(st, nil) }
func (p *pend) createDone(_ any, st ndk.Status, obj ndk.Object) { p.callback(st, obj) }
func (p *pend) closeDone(_ any)                                 { p.callback(ndk.StatusSuccess, nil) }

func (p *pend) returned(st ndk.Status, obj ndk.Object) {
	p.mu.Lock()
	p.back, p.ret, p.rObj = true, st, obj
	calls := p.calls
	p.mu.Unlock()
	if st != ndk.StatusPending && calls > 0 {
		name, side := p.where()
		p.f.failv(finding.Violation{Rule: p.rule(), Call: p.call, Object: name, Side: side,
			Expected: "no completion callback for a call that returns " + st.String(), Observed: "a callback before it returned"})
	}
	p.wt.wake()
}

// done reports whether the final status is known.
func (p *pend) done() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.back && (p.ret != ndk.StatusPending || p.calls > 0)
}

// final is the call's final status and object.
func (p *pend) final() (ndk.Status, ndk.Object) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ret != ndk.StatusPending {
		return p.ret, p.rObj
	}
	return p.st, p.cObj
}

// returnedYet reports whether the call returned, and with what.
func (p *pend) returnedYet() (bool, ndk.Status) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.back, p.ret
}

// wait waits for the final status. A call that does not return or
// complete within the time-out is reported against rule (the run then
// abandons the provider when the call did not even return).
func (p *pend) wait(rule string) (ndk.Status, bool) {
	if p.wt.until(p.done) {
		st, _ := p.final()
		return st, true
	}
	name, side := p.where()
	back, ret := p.returnedYet()
	obs := "it did not return within " + p.wt.timeout.String()
	if back {
		obs = "it returned " + ret.String() + " and no completion came within " + p.wt.timeout.String()
	}
	p.f.failv(finding.Violation{Rule: rule, Call: p.call, Object: name, Side: side,
		Expected: "the call's completion", Observed: obs})
	return 0, false
}

// settle is wait, not cut short by the run's stop.
func (p *pend) settle(rule string) (ndk.Status, bool) {
	was := p.wt.settle
	p.wt.settle = true
	defer func() { p.wt.settle = was }()
	return p.wait(rule)
}

// request makes a request call on this goroutine.
func request(wt *waiter, f failer, call string, obj *life, fn func(done ndk.RequestCompletion, ctx any) ndk.Status) *pend {
	p := newPend(wt, f, 'r', call, obj)
	p.returned(fn(p.reqDone, nil), nil)
	return p
}

// requestAsync makes a request call that may block until the peer acts
// (NdkConnect, NdkAccept, NdkCompleteConnect, NdkDisconnect) on a
// goroutine of its own.
func requestAsync(wt *waiter, f failer, call string, obj *life, fn func(done ndk.RequestCompletion, ctx any) ndk.Status) *pend {
	p := newPend(wt, f, 'r', call, obj)
	go func() { p.returned(fn(p.reqDone, nil), nil) }()
	return p
}

// create makes a create call and waits for the object; ok is false when
// the call failed (st) or did not complete (reported).
func create(wt *waiter, f failer, call string, on *life, fn func(done ndk.CreateCompletion, ctx any) (ndk.Object, ndk.Status)) (ndk.Object, ndk.Status, bool) {
	p := newPend(wt, f, 'c', call, on)
	o, st := fn(p.createDone, nil)
	p.returned(st, o)
	st, ok := p.settle("CR-1")
	if !ok {
		return nil, st, false
	}
	_, obj := p.final()
	if st == ndk.StatusSuccess && obj == nil {
		name, side := p.where()
		f.failv(finding.Violation{Rule: "CR-3", Call: call, Object: name, Side: side,
			Expected: "the object created, with STATUS_SUCCESS", Observed: "no object"})
		return nil, st, false
	}
	return obj, st, st == ndk.StatusSuccess
}

// closeObj closes o (its life l) and waits for the close to complete;
// it reports whether it did.
func closeObj(wt *waiter, f failer, o ndk.Object, l *life) bool {
	p := startClose(wt, f, o, l)
	return p.finishClose()
}

// startClose issues the close of o.
func startClose(wt *waiter, f failer, o ndk.Object, l *life) *pend {
	p := newPend(wt, f, 'x', "NdkCloseObject", l)
	p.returned(o.Close(p.closeDone, nil), nil)
	return p
}

// finishClose waits for the close issued as p.
func (p *pend) finishClose() bool {
	back, ret := p.returnedYet()
	if back && ret != ndk.StatusSuccess && ret != ndk.StatusPending {
		name, side := p.where()
		p.f.failv(finding.Violation{Rule: "CR-5", Call: "NdkCloseObject", Object: name, Side: side,
			Expected: "STATUS_SUCCESS or STATUS_PENDING", Observed: ret.String()})
		return false
	}
	_, ok := p.settle("CR-6")
	if !ok {
		return false
	}
	p.obj.closed.Store(true)
	return true
}

// hist is a latency histogram: 16 buckets per power of two (about 6%).
type hist struct {
	b   [64 * 16]uint64
	n   uint64
	max uint64
}

func (h *hist) add(d time.Duration) {
	ns := uint64(max(d, 1))
	e := bits.Len64(ns) - 1
	var m uint64
	if e >= 4 {
		m = (ns >> (e - 4)) & 15
	} else {
		m = (ns << (4 - e)) & 15
	}
	h.b[e*16+int(m)]++
	h.n++
	h.max = max(h.max, ns)
}

func (h *hist) merge(o *hist) {
	for i, c := range o.b {
		h.b[i] += c
	}
	h.n += o.n
	h.max = max(h.max, o.max)
}

// at is the lower bound of the bucket holding the q-th fraction.
func (h *hist) at(q float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	want := uint64(q*float64(h.n-1)) + 1
	var c uint64
	for i, n := range h.b {
		c += n
		if c >= want {
			e, m := i/16, uint64(i%16)
			return time.Duration((uint64(1) << e) + m*(uint64(1)<<e)/16)
		}
	}
	return time.Duration(h.max)
}

func (h *hist) percentiles() Percentiles {
	return Percentiles{Count: h.n, P50: h.at(0.5), P99: h.at(0.99), Max: time.Duration(h.max)}
}
