package suite

import (
	"fmt"
	"time"

	"github.com/ndkconform/ndkconform/internal/ndkcall"
	"github.com/ndkconform/ndkconform/ndk"
)

// The harness is a consumer that can be late. An NdkAccept or NdkAcceptEx
// may fail with STATUS_IO_TIMEOUT when the connecting side's answer
// (NdkCompleteConnect or NdkCompleteConnectEx, NdkReject, or the close of
// its connector) does not reach the provider within the provider's set-up
// time-out (CN-8). On a loaded machine the harness's answer can come
// later than a short declared time-out (sim's connect-timeout): the
// time-out is then the harness's doing, and judging the provider by it is
// a false verdict. So the answers the harness makes are recorded, and a
// spec that needs an accept to end otherwise than by its time-out waits
// for it with WaitAnswered: an STATUS_IO_TIMEOUT with no answer that had
// returned within the declared time-out of the accept's issue fails the
// spec as a set-up step (no verdict on the provider), saying so. The
// endpoint model makes the same allowance (specs/model: SetupTimeout).

// answer is one answer of the harness to a connection: its call and when
// it was issued and returned, on ndkcall's clock.
type answer struct {
	call             string
	issued, returned time.Duration
	op               *Op // an answer with a completion: its times are op's
}

// times are the answer's issue and return times; returned is 0 while it
// has not returned.
func (a answer) times() (issued, returned time.Duration) {
	if a.op == nil {
		return a.issued, a.returned
	}
	issued = a.op.c.IssuedAt()
	if a.op.HasReturned() {
		returned = issued + a.op.c.ReturnedAt()
	}
	return issued, returned
}

// noteAnswer records an answer that is an Op.
func (r *Recorder) noteAnswer(op *Op) *Op {
	r.mu.Lock()
	r.answers = append(r.answers, answer{call: op.Call, op: op})
	r.mu.Unlock()
	return op
}

// noteSyncAnswer records an answer made by a call with no completion,
// issued at issued and returned now.
func (r *Recorder) noteSyncAnswer(call string, issued time.Duration) {
	r.mu.Lock()
	r.answers = append(r.answers, answer{call: call, issued: issued, returned: ndkcall.Now()})
	r.mu.Unlock()
}

// answersClock is the clock answers are timed on.
func (r *Recorder) answersClock() time.Duration { return ndkcall.Now() }

// lateAnswer reports whether op, an NdkAccept or NdkAcceptEx that failed
// with STATUS_IO_TIMEOUT no sooner than the provider's declared "connect"
// time-out after its issue, was answered late by the harness: no answer
// issued at or after it returned within that time-out of its issue. why
// says what the harness did. A provider that
// declares no set-up time-out is never excused: the harness cannot know
// how long it had.
func (op *Op) lateAnswer() (late bool, why string) {
	if op.Call != "NdkAccept" && op.Call != "NdkAcceptEx" || !op.IsDone() || op.final() != ndk.StatusIOTimeout || op.rec.setupTimeout <= 0 {
		return false, ""
	}
	d := op.rec.setupTimeout
	if op.c.DoneAt() < d {
		// It timed out before the time-out it declares: the harness had
		// not had that long.
		return false, ""
	}
	start := op.c.IssuedAt()
	op.rec.mu.Lock()
	answers := append([]answer(nil), op.rec.answers...)
	op.rec.mu.Unlock()
	first := time.Duration(-1)
	var firstCall string
	for _, a := range answers {
		issued, returned := a.times()
		if issued < start {
			continue
		}
		if returned > 0 && returned-start <= d {
			return false, ""
		}
		if first < 0 || issued < first {
			first, firstCall = issued, a.call
		}
	}
	if first < 0 {
		return true, fmt.Sprintf("the harness made no answer (NdkCompleteConnect, NdkReject, a connector's close) within the provider's declared set-up time-out of %v after the %s was issued", d, op.Call)
	}
	return true, fmt.Sprintf("the harness's first answer after the %s, its %s, was issued %v after it and had not returned within the provider's declared set-up time-out of %v", op.Call, firstCall, (first - start).Round(time.Millisecond), d)
}

var helperOpWaitAnswered helperMark

// WaitAnswered is Wait for an NdkAccept or NdkAcceptEx whose connecting
// side the spec answers: when it timed out because the harness answered
// late (see above), the spec fails as a set-up step, not against the
// provider.
func (op *Op) WaitAnswered() ndk.Status {
	helperOpWaitAnswered.mark()
	st := op.Wait()
	if late, why := op.lateAnswer(); late {
		Violate(stepFailed(op.violation("", "the harness's answer to the connection within the provider's set-up time-out (a lab fault, no verdict on the provider)", st.String()+": "+why)))
	}
	return st
}
