package lifetime

import (
	"fmt"

	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
)

// notObservable skips a spec whose rule the provider gave no occasion to
// observe (it completed inline what the rule is about), saying why.
func notObservable(why string) {
	suite.NotObservable(why)
}

// attempts is how often a spec retries, with fresh objects, to get the
// provider onto the path its rule is about (a call that pends, a close that
// calls back) before it reports the rule not observable.
const attempts = 20

// observe runs try until it reports that it observed the rule, at most
// attempts times; then the spec is skipped as not observable. The reason
// says what was tried (tried) and what the provider did instead, in the
// words of try's last answer: a reason true of the personality at hand,
// not of the one the spec's author expected.
func observe(tried string, try func() (observed bool, instead string)) {
	GinkgoHelper()
	var instead string
	for range attempts {
		var ok bool
		if ok, instead = try(); ok {
			return
		}
	}
	notObservable(fmt.Sprintf("%s; in %d attempts with fresh objects %s", tried, attempts, instead))
}

// completedInline says how a call that was to pend completed instead.
func completedInline(op *suite.Op) string {
	st, _ := op.ReturnedWithin(0)
	if op.Completions() > 0 {
		return fmt.Sprintf("%s returned %v after calling its completion callback from inside the call", op.Call, st)
	}
	return fmt.Sprintf("%s completed inline with %v", op.Call, st)
}

// block is a gate a spec holds a callback at.
type block struct {
	entered chan struct{}
	release chan struct{}
}

func newBlock() *block { return &block{entered: make(chan struct{}, 1), release: make(chan struct{})} }

// hold runs inside the callback: it signals that the callback runs, then
// waits for the spec to release it (or the deadline, so that a provider bug
// cannot hang the run).
func (b *block) hold(d time.Duration) {
	select {
	case b.entered <- struct{}{}:
	default:
	}
	select {
	case <-b.release:
	case <-suite.After(d):
	}
}

// waitEntered waits until a callback is held.
func (b *block) waitEntered(p *suite.Pair, what string) {
	GinkgoHelper()
	select {
	case <-b.entered:
	case <-suite.After(p.Timeout()):
		suite.Violate(suite.Violation{Expected: what + " within " + p.Timeout().String(), Observed: "it was not called"})
	}
}

func (b *block) open() { close(b.release) }

// enteredOrReturned waits until a callback is held or op returned without a
// callback to come: true when a callback is held. A close completion may be
// called from inside the close itself, which then returns only after it.
func (b *block) enteredOrReturned(p *suite.Pair, op *suite.Op) bool {
	GinkgoHelper()
	deadline := suite.After(p.Timeout())
	for {
		select {
		case <-b.entered:
			return true
		case <-deadline:
			suite.Violate(op.Violation("", "the call returns or calls its completion callback within "+p.Timeout().String(), "neither happened"))
		case <-time.After(time.Millisecond):
			if st, ok := op.ReturnedWithin(0); ok && st != ndk.StatusPending {
				return false
			}
		}
	}
}

// holdCallback makes the provider's callback name on the object with ID id
// block when it comes, until the spec opens the returned gate.
func holdCallback(p *suite.Pair, id, name string) *block {
	gate := newBlock()
	p.Intercept(func(cb suite.Callback) {
		if cb.Object == id && cb.Name == name {
			gate.hold(p.Timeout())
		}
	})
	return gate
}

// srqDepth is the depth of an SRQ the spec needs on side A: 16, or
// MaxSrqDepth if smaller (suite.Adapter.SRQDepth skips without SRQs).
func srqDepth(p *suite.Pair) uint32 {
	GinkgoHelper()
	return p.A.SRQDepth(16)
}
