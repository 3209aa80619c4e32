package suite

import (
	"fmt"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// Settle is how long a spec watches for something that must not happen (a
// close completing early, a callback after a close, an indication to the
// wrong side): Config.Settle, one window for every such check.
func (p *Pair) Settle() time.Duration { return p.rec.settle }

// The Expect helpers take rule as one rule ID, or several separated by
// spaces ("LC-15 LC-11"): the violation counts against each.

var helperPairExpectStillPending helperMark

// ExpectStillPending checks that op has not completed, and stays so for
// Settle; otherwise the spec fails with a violation of rule.
func (p *Pair) ExpectStillPending(op *Op, rule, why string) {
	helperPairExpectStillPending.mark()
	deadline := time.After(p.Settle())
	for {
		if op.IsDone() {
			st, _ := op.WaitFor(0)
			ViolateAll(rule, op.violation("", "still pending while "+why, fmt.Sprintf("it completed with %v", st)))
		}
		select {
		case <-deadline:
			return
		case <-time.After(time.Millisecond):
		}
	}
}

var helperPairExpectCompletes helperMark

// ExpectCompletes checks that op completes with STATUS_SUCCESS within the
// deadline; otherwise the spec fails with a violation of rule.
func (p *Pair) ExpectCompletes(op *Op, rule, why string) {
	helperPairExpectCompletes.mark()
	expected := "completion with STATUS_SUCCESS within " + p.Timeout().String() + " after " + why
	st, ok := op.WaitFor(p.Timeout())
	switch {
	case !ok && !op.HasReturned():
		ViolateAll(rule, op.violation("", expected, "the call did not return"))
	case !ok:
		ViolateAll(rule, op.violation("", expected, "it returned STATUS_PENDING and did not complete"))
	case st != ndk.StatusSuccess:
		ViolateAll(rule, op.violation("", expected, fmt.Sprintf("it completed with %v", st)))
	}
}

var helperPairExpectReturns helperMark

// ExpectReturns checks that op returns within the deadline with want (a
// close that must pend, say); otherwise the spec fails with a violation of
// rule.
func (p *Pair) ExpectReturns(op *Op, want ndk.Status, rule, why string) {
	helperPairExpectReturns.mark()
	st, ok := op.ReturnedWithin(p.Timeout())
	switch {
	case !ok:
		ViolateAll(rule, op.violation("", fmt.Sprintf("it returns %v (%s)", want, why), "it did not return within "+p.Timeout().String()))
	case st != want:
		ViolateAll(rule, op.violation("", fmt.Sprintf("it returns %v (%s)", want, why), fmt.Sprintf("it returned %v", st)))
	}
}

var helperPairExpectNoViolation helperMark

// ExpectNoViolation checks, now and for Settle, that the recorder saw no
// violation of a rule that holds everywhere; a spec uses it where such a
// violation is the very thing it provokes, so that it fails at once, with
// that violation, instead of at cleanup.
func (p *Pair) ExpectNoViolation() {
	helperPairExpectNoViolation.mark()
	deadline := time.After(p.Settle())
	for {
		if vs := p.rec.Violations(); len(vs) > 0 {
			for _, v := range vs[1:] {
				attach(v)
			}
			Violate(vs[0])
		}
		select {
		case <-deadline:
			return
		case <-time.After(time.Millisecond):
		}
	}
}
