package remote

import (
	"context"
	"fmt"
	"time"

	"github.com/ndkconform/ndkconform/internal/wait"
)

// Liveness. A call that does not return may be the provider's (a hang,
// which the harness charges once its --timeout passed) or the agent's
// (stopped, hung, cut off), which is no verdict on the provider. To tell
// them apart, the driver probes every agent while its session lasts: a
// gRPC health check on the session's connection every fifth of
// liveness-timeout, answered by the agent's gRPC server whatever its
// provider is doing (an agent without the health service answers
// UNIMPLEMENTED, which is an answer too). An agent that answers nothing
// for liveness-timeout (time this process could run: a harness stopped
// meanwhile does not count it) is lost, and so is the provider: the
// running spec ends with the loss, not with a call that did not return.
// The provider declares the wait (LivenessWait), so the harness's
// --timeout is longer. A stream that cannot be probed (an ndkt device:
// no livenessChecker) is not watched.

// watch probes the session's agent until the session ends, and loses the
// provider when the agent stops answering for limit.
func (s *session) watch(limit time.Duration) {
	lc, ok := s.stream.(livenessChecker)
	if limit <= 0 || !ok {
		return
	}
	every := max(limit/5, time.Millisecond)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case <-s.loss.ch:
			return
		case <-t.C:
		}
		// The last answer came at most every ago: a probe unanswered for
		// limit-every more makes limit without an answer.
		if !s.probe(lc, limit-every) {
			s.lose(fmt.Errorf("no answer to the driver's liveness probes for %v (%s): the agent is stopped, hung or cut off", limit, OptLiveness))
			return
		}
	}
}

// probe makes one health check, and reports whether the agent answered
// within d (any answer: an agent's gRPC server that answers is running;
// a broken connection is not the probe's to report, the stream's end
// says it).
func (s *session) probe(lc livenessChecker, d time.Duration) bool {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	answered := make(chan struct{})
	go func() {
		defer close(answered)
		lc.check(ctx)
	}()
	dl := wait.NewDeadline(d)
	defer dl.Release()
	for {
		select {
		case <-answered:
			return true
		case <-s.done:
			return true
		case <-dl.C:
			if dl.Expired() {
				return false
			}
		}
	}
}
