package ndkcall

import (
	"sync"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

type fakeObj struct{ name string }

func (fakeObj) ObjectType() ndk.ObjectType                         { return ndk.ObjectTypePD }
func (fakeObj) Close(done ndk.CloseCompletion, ctx any) ndk.Status { return ndk.StatusSuccess }

// observer records what a Call tells it.
type observer struct {
	mu       sync.Mutex
	returned []string
	done     []ndk.Status
	call     *Call
	// sawDone: Done was closed when CallReturned ran (it must be for an
	// inline return: the final status is published before the return).
	sawDone []bool
}

func (o *observer) CallReturned(ret ndk.Status, p any, completions int, first ndk.Status) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.returned = append(o.returned, ret.String())
	if p != nil {
		o.returned = append(o.returned, "panic")
	}
	if completions > 0 {
		o.returned = append(o.returned, "after "+first.String())
	}
}

func (o *observer) CallDone(st ndk.Status) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.done = append(o.done, st)
	o.sawDone = append(o.sawDone, o.call.IsDone())
}

func start(t *testing.T, fn func(c *Call) (ndk.Object, ndk.Status)) (*Call, *observer) {
	t.Helper()
	obs := &observer{}
	c := New(obs)
	obs.call = c
	c.Go(InvokerFunc(func() (ndk.Object, ndk.Status) { return fn(c) }))
	return c, obs
}

func TestInlineReturn(t *testing.T) {
	x := fakeObj{"x"}
	c, obs := start(t, func(*Call) (ndk.Object, ndk.Status) { return x, ndk.StatusSuccess })
	if !c.WaitReturn(time.Minute) || !c.IsDone() {
		t.Fatal("an inline return: returned and done")
	}
	st, obj, cb := c.Final()
	if st != ndk.StatusSuccess || obj != x || cb {
		t.Errorf("Final() = %v, %v, %v; want STATUS_SUCCESS, x, not via callback", st, obj, cb)
	}
	if len(obs.done) != 1 || !obs.sawDone[0] || len(obs.returned) != 1 {
		t.Errorf("observer: returned %v, done %v (Done closed: %v); want one of each", obs.returned, obs.done, obs.sawDone)
	}
	if c.DoneAt() < 0 || c.ReturnedAt() < c.DoneAt() {
		t.Errorf("times: done +%v, returned +%v: the final status is known before the return is published", c.DoneAt(), c.ReturnedAt())
	}
}

func TestPendingThenCompletion(t *testing.T) {
	c, obs := start(t, func(*Call) (ndk.Object, ndk.Status) { return nil, ndk.StatusPending })
	if !c.WaitReturn(time.Minute) {
		t.Fatal("did not return")
	}
	if c.WaitDone(10 * time.Millisecond) {
		t.Fatal("a pending call is done before its completion")
	}
	y := fakeObj{"y"}
	if n, returned, ret := c.Complete(ndk.StatusSuccess, y); n != 1 || !returned || ret != ndk.StatusPending {
		t.Errorf("Complete = %d, %v, %v; want 1, true, STATUS_PENDING", n, returned, ret)
	}
	if !c.IsDone() {
		t.Fatal("not done after its completion")
	}
	if st, obj, cb := c.Final(); st != ndk.StatusSuccess || obj != y || !cb {
		t.Errorf("Final() = %v, %v, %v; want STATUS_SUCCESS, y, via callback", st, obj, cb)
	}
	if n, _, _ := c.Complete(ndk.StatusUnsuccessful, nil); n != 2 {
		t.Errorf("a second completion: n = %d, want 2", n)
	}
	if st, n := c.FirstCompletion(); st != ndk.StatusSuccess || n != 2 {
		t.Errorf("FirstCompletion() = %v, %d; want STATUS_SUCCESS, 2", st, n)
	}
	if len(obs.done) != 1 {
		t.Errorf("CallDone ran %d times, want once", len(obs.done))
	}
}

// A completion from inside the call, before it returns STATUS_PENDING
// (reentrant), decides the call.
func TestCompletionBeforeReturn(t *testing.T) {
	c, obs := start(t, func(c *Call) (ndk.Object, ndk.Status) {
		if n, returned, _ := c.Complete(ndk.StatusCancelled, nil); n != 1 || returned {
			t.Errorf("Complete inside the call = %d, %v; want 1, not returned", n, returned)
		}
		if !c.IsDone() {
			t.Error("not done after a completion inside the call")
		}
		return nil, ndk.StatusPending
	})
	c.WaitReturn(time.Minute)
	if st, _, cb := c.Final(); st != ndk.StatusCancelled || !cb {
		t.Errorf("Final() = %v, %v; want STATUS_CANCELLED via callback", st, cb)
	}
	if len(obs.returned) != 2 || obs.returned[0] != "STATUS_PENDING" || obs.returned[1] != "after STATUS_CANCELLED" {
		t.Errorf("observer saw the return as %v", obs.returned)
	}
}

// A call that returns inline and is completed too: both orders are seen.
func TestInlineAndCompleted(t *testing.T) {
	c, obs := start(t, func(c *Call) (ndk.Object, ndk.Status) {
		c.Complete(ndk.StatusCancelled, nil)
		return nil, ndk.StatusSuccess
	})
	c.WaitReturn(time.Minute)
	if len(obs.returned) != 2 || obs.returned[1] != "after STATUS_CANCELLED" {
		t.Errorf("observer saw %v; want the return after the completion", obs.returned)
	}
	c2, _ := start(t, func(*Call) (ndk.Object, ndk.Status) { return nil, ndk.StatusSuccess })
	c2.WaitReturn(time.Minute)
	if n, returned, ret := c2.Complete(ndk.StatusCancelled, nil); n != 1 || !returned || ret != ndk.StatusSuccess {
		t.Errorf("Complete after an inline return = %d, %v, %v; want 1, true, STATUS_SUCCESS", n, returned, ret)
	}
}

func TestPanic(t *testing.T) {
	c, obs := start(t, func(*Call) (ndk.Object, ndk.Status) { panic("boom") })
	if !c.WaitReturn(time.Minute) || !c.IsDone() {
		t.Fatal("a panic counts as a return and decides the call")
	}
	if _, _, p := c.Return(); p != "boom" {
		t.Errorf("Return() panicked = %v, want boom", p)
	}
	if st, _, _ := c.Final(); st != ndk.StatusUnsuccessful {
		t.Errorf("final %v, want STATUS_UNSUCCESSFUL", st)
	}
	if len(obs.returned) != 2 || obs.returned[1] != "panic" {
		t.Errorf("observer saw %v", obs.returned)
	}
}

func TestHungCallWaitsAreBounded(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	c, _ := start(t, func(*Call) (ndk.Object, ndk.Status) { <-block; return nil, ndk.StatusSuccess })
	if c.WaitReturn(20*time.Millisecond) || c.WaitDone(0) || c.HasReturned() {
		t.Fatal("a call that blocks is seen returned")
	}
}

func TestFinishedBefore(t *testing.T) {
	a, _ := start(t, func(*Call) (ndk.Object, ndk.Status) { return nil, ndk.StatusSuccess })
	a.WaitReturn(time.Minute)
	b, _ := start(t, func(*Call) (ndk.Object, ndk.Status) { return nil, ndk.StatusPending })
	if !a.FinishedBefore(b) {
		t.Error("a call done before another was issued: FinishedBefore false")
	}
	if b.FinishedBefore(a) {
		t.Error("a call not done: FinishedBefore true")
	}
	b.Complete(ndk.StatusSuccess, nil)
	if b.FinishedBefore(a) {
		t.Error("a call done after another was issued: FinishedBefore true")
	}
}

// Issuing a call allocates nothing beyond the Call's channels (the worker
// goroutine takes the Call itself, no closure).
func TestGoAllocations(t *testing.T) {
	var c Call
	inv := InvokerFunc(func() (ndk.Object, ndk.Status) { return nil, ndk.StatusSuccess })
	allocs := testing.AllocsPerRun(200, func() {
		c.InitTimed(nil)
		c.Go(inv)
		c.WaitReturn(time.Minute)
	})
	if allocs > 2 {
		t.Errorf("InitTimed+Go+WaitReturn: %v allocations, want at most 2 (the channels)", allocs)
	}
}
