package suite

import (
	"cmp"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

func waitReturned(t *testing.T, op *Op) {
	t.Helper()
	select {
	case <-op.c.Returned():
	case <-time.After(5 * time.Second):
		t.Fatal("op did not return")
	}
}

func rules(r *Recorder) string {
	var ids []string
	for _, v := range r.Violations() {
		ids = append(ids, cmp.Or(v.Rule, "-"))
	}
	return strings.Join(ids, ",")
}

func TestRecorderGlobalChecks(t *testing.T) {
	obj := &object{kind: ndk.ObjectTypeListener, id: 1, side: "A"}
	cases := []struct {
		name string
		run  func(r *Recorder)
		want string // rule IDs the recorder must report, in order; "" for none
	}{
		{"inline return, no callback", func(r *Recorder) {
			op := r.newOp("NdkListen", obj, KindRequest).invoke(func() ndk.Status { return ndk.StatusSuccess })
			waitReturned(t, op)
		}, ""},
		{"pending, one callback from inside the call", func(r *Recorder) {
			op := r.newOp("NdkListen", obj, KindRequest)
			op.invoke(func() ndk.Status { op.complete(ndk.StatusSuccess, nil); return ndk.StatusPending })
			waitReturned(t, op)
		}, ""},
		{"callback for an inline completion", func(r *Recorder) {
			op := r.newOp("NdkListen", obj, KindRequest).invoke(func() ndk.Status { return ndk.StatusSuccess })
			waitReturned(t, op)
			op.complete(ndk.StatusSuccess, nil)
		}, "CR-4"},
		{"callback from inside a call that then returns inline", func(r *Recorder) {
			op := r.newOp("NdkCreatePd", obj, KindCreate)
			op.invoke(func() ndk.Status { op.complete(ndk.StatusSuccess, nil); return ndk.StatusSuccess })
			waitReturned(t, op)
		}, "CR-2"},
		{"callback twice", func(r *Recorder) {
			op := r.newOp("NdkListen", obj, KindRequest).invoke(func() ndk.Status { return ndk.StatusPending })
			waitReturned(t, op)
			op.complete(ndk.StatusSuccess, nil)
			op.complete(ndk.StatusSuccess, nil)
		}, "CR-4"},
		{"close that fails", func(r *Recorder) {
			op := r.newOp("NdkCloseObject", obj, KindClose).invoke(func() ndk.Status { return ndk.StatusUnsuccessful })
			waitReturned(t, op)
		}, "CR-5"},
		{"a failure from a call with no completion callback", func(r *Recorder) {
			op := r.newOp("NdkWrite", obj, KindNoCompletion).invoke(func() ndk.Status { return ndk.StatusConnectionInvalid })
			waitReturned(t, op)
		}, ""},
		{"panicking provider", func(r *Recorder) {
			op := r.newOp("NdkListen", obj, KindRequest).invoke(func() ndk.Status { panic("boom") })
			waitReturned(t, op)
		}, "-"}, // a violation that names no rule
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRecorder(time.Second, 100*time.Millisecond)
			c.run(r)
			if got := rules(r); got != c.want {
				t.Fatalf("violations %q, want %q: %v", got, c.want, r.Violations())
			}
		})
	}
}

// TestRecorderCallbackDuringCloseCompletion: an object counts as closed
// from the moment its close completion is called, not once it returned.
func TestRecorderCallbackDuringCloseCompletion(t *testing.T) {
	r := newRecorder(time.Second, 100*time.Millisecond)
	cq := &object{kind: ndk.ObjectTypeCQ, id: 2, side: "A"}
	r.closeCompletion(cq, func() {
		r.callback(cq, "NdkCqNotificationCallback", nil, nil)
	})
	vs := r.Violations()
	if got := rules(r); got != "LT-25" || vs[0].Call != "NdkCqNotificationCallback" || vs[0].Object != "cq#2" || vs[0].Side != "A" {
		t.Fatalf("a notification during the close completion: violations %v", vs)
	}
	r.closeCompletion(cq, nil)
	if got := rules(r); got != "LT-25,LT-25" {
		t.Fatalf("a second close completion: violations %q", got)
	}
}

func TestRecorderCallbackAfterClose(t *testing.T) {
	r := newRecorder(time.Second, 100*time.Millisecond)
	ad := &object{kind: ndk.ObjectTypeAdapter, id: 1, side: "B"}
	l := &object{kind: ndk.ObjectTypeListener, id: 2, side: "B", adapter: ad}
	r.callback(l, "NdkConnectEventCallback", nil, nil)
	if v := r.Violations(); len(v) != 0 {
		t.Fatalf("callback on an open object: %v", v)
	}
	r.markClosed(l)
	r.callback(l, "NdkConnectEventCallback", nil, nil)
	if got := rules(r); got != "LT-25" {
		t.Fatalf("callback after close: violations %q, want LT-25", got)
	}
	ad.closed = true
	r.callback(l, "NdkConnectEventCallback", nil, nil)
	if got := rules(r); got != "LT-25,LT-25,LT-22" {
		t.Fatalf("callback after adapter close: violations %q", got)
	}
	if ev := r.Events(); len(ev) != 3 || ev[0].End == 0 {
		t.Fatalf("events not recorded with their return: %v", ev)
	}
}

func TestUnfinishedPendingCall(t *testing.T) {
	r := newRecorder(time.Second, 100*time.Millisecond)
	op := r.newOp("NdkConnect", &object{kind: ndk.ObjectTypeConnector, id: 3, side: "A"}, KindRequest)
	op.invoke(func() ndk.Status { return ndk.StatusPending })
	waitReturned(t, op)
	u := r.unfinished()
	if len(u) != 1 || u[0].Rule != "CR-4" || u[0].Call != "NdkConnect" || u[0].Object != "connector#3" || u[0].Side != "A" {
		t.Fatalf("unfinished = %v", u)
	}
}

// TestUnfinishedNoCompletionCall: a call with no completion callback that
// returned STATUS_PENDING (which base.sync charges to CR-12 as it returns)
// is over: the end-of-spec check does not wait for a completion that
// cannot come.
func TestUnfinishedNoCompletionCall(t *testing.T) {
	r := newRecorder(time.Second, 100*time.Millisecond)
	op := r.newOp("NdkWrite", &object{kind: ndk.ObjectTypeQP, id: 4, side: "B"}, KindNoCompletion)
	op.invoke(func() ndk.Status { return ndk.StatusPending })
	waitReturned(t, op)
	start := time.Now()
	if u := r.unfinished(); len(u) != 0 || time.Since(start) > 500*time.Millisecond {
		t.Fatalf("unfinished = %v after %v", u, time.Since(start))
	}
	if !op.over() {
		t.Fatal("a call with no completion callback that returned is not over")
	}
}

// TestUnfinishedSharesOneDeadline: several calls stuck at once must not make
// the end-of-spec check wait more than its one deadline.
func TestUnfinishedSharesOneDeadline(t *testing.T) {
	r := newRecorder(100*time.Millisecond, 100*time.Millisecond)
	block := make(chan struct{})
	defer close(block)
	for i := 0; i < 3; i++ {
		r.newOp("NdkListen", &object{kind: ndk.ObjectTypeListener, id: i, side: "A"}, KindRequest).
			invoke(func() ndk.Status { <-block; return ndk.StatusSuccess })
	}
	start := time.Now()
	if u := r.unfinished(); len(u) != 3 {
		t.Fatalf("unfinished = %v, want 3 calls that never returned", u)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("unfinished took %v with a 100ms deadline", d)
	}
}
