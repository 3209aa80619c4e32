package suite

import (
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// startAnswerTestOp issues a call named call on rec that returns st
// inline after delay: a timed Op whose issue and return times are real.
func startAnswerTestOp(rec *Recorder, call string, st ndk.Status, delay time.Duration) *Op {
	return rec.untrackedOp(call, nil, KindRequest).invoke(func() ndk.Status { time.Sleep(delay); return st })
}

// waitAnswerTestOp waits for op to finish.
func waitAnswerTestOp(t *testing.T, op *Op) *Op {
	t.Helper()
	if !op.c.WaitDone(5 * time.Second) {
		t.Fatalf("%s did not finish", op.Call)
	}
	return op
}

// An accept's time-out is the harness's when the provider waited its
// declared set-up time-out and no answer of the harness returned within
// it; the provider's when one did, or when it timed out sooner than it
// declared; other calls, other statuses, and a provider that declares no
// time-out are never excused.
func TestLateAnswer(t *testing.T) {
	// short is the declared time-out of the late answers; an answer meant
	// to be in time gets long, so that a loaded machine cannot make it
	// late (those cases take that long).
	const short, long = 50 * time.Millisecond, time.Second
	newRec := func(setup time.Duration) *Recorder {
		r := newRecorder(5*time.Second, time.Millisecond)
		r.setupTimeout = setup
		return r
	}
	timeout := ndk.StatusIOTimeout

	rec := newRec(short)
	accept := waitAnswerTestOp(t, startAnswerTestOp(rec, "NdkAccept", timeout, short))
	if late, why := accept.lateAnswer(); !late || !strings.Contains(why, "made no answer") {
		t.Errorf("no answer: late %v (%s), want late, naming no answer", late, why)
	}

	rec = newRec(long)
	accept = startAnswerTestOp(rec, "NdkAcceptEx", timeout, long)
	rec.noteAnswer(waitAnswerTestOp(t, startAnswerTestOp(rec, "NdkCompleteConnectEx", ndk.StatusSuccess, 0)))
	if late, why := waitAnswerTestOp(t, accept).lateAnswer(); late {
		t.Errorf("an answer in time: late (%s), want not late", why)
	}

	rec = newRec(short)
	accept = waitAnswerTestOp(t, startAnswerTestOp(rec, "NdkAccept", timeout, short))
	time.Sleep(short)
	rec.noteAnswer(waitAnswerTestOp(t, startAnswerTestOp(rec, "NdkCompleteConnect", ndk.StatusSuccess, 0)))
	if late, why := accept.lateAnswer(); !late || !strings.Contains(why, "its NdkCompleteConnect, was issued") {
		t.Errorf("an answer after the time-out: late %v (%s), want late, naming the NdkCompleteConnect", late, why)
	}

	rec = newRec(long)
	accept = startAnswerTestOp(rec, "NdkAccept", timeout, long)
	rec.noteSyncAnswer("NdkReject", rec.answersClock())
	if late, why := waitAnswerTestOp(t, accept).lateAnswer(); late {
		t.Errorf("an NdkReject in time: late (%s), want not late", why)
	}

	rec = newRec(short)
	rec.noteAnswer(waitAnswerTestOp(t, startAnswerTestOp(rec, "NdkCompleteConnect", ndk.StatusSuccess, 0)))
	accept = waitAnswerTestOp(t, startAnswerTestOp(rec, "NdkAccept", timeout, short))
	if late, _ := accept.lateAnswer(); !late {
		t.Errorf("only an answer from before the accept: not late, want late")
	}

	for _, c := range []struct {
		what         string
		call         string
		st           ndk.Status
		setup, delay time.Duration
	}{
		{"timed out sooner than declared", "NdkAccept", timeout, long, 0},
		{"another status", "NdkAccept", ndk.StatusConnectionAborted, short, short},
		{"another call", "NdkConnect", timeout, short, short},
		{"no declared time-out", "NdkAccept", timeout, 0, short},
	} {
		rec := newRec(c.setup)
		op := waitAnswerTestOp(t, startAnswerTestOp(rec, c.call, c.st, c.delay))
		if late, why := op.lateAnswer(); late {
			t.Errorf("%s (%s, %v), no answer: late (%s), want the provider's", c.what, c.call, c.st, why)
		}
	}
}
