package lifetime

import (
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
)

// notObservable skips a spec whose rule the provider gave no occasion to
// observe (it completed inline what the rule is about), saying why.
func notObservable(why string) {
	Skip("not observable: " + why)
}

// attempts is how often a spec retries, with fresh objects, to get the
// provider onto the path its rule is about (a call that pends, a close that
// calls back) before it reports the rule not observable.
const attempts = 20

// observe runs try until it reports that it observed the rule, at most
// attempts times; then the spec is skipped as not observable, saying why.
func observe(why string, try func() bool) {
	GinkgoHelper()
	for range attempts {
		if try() {
			return
		}
	}
	notObservable(why)
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
	case <-time.After(d):
	}
}

// waitEntered waits until a callback is held.
func (b *block) waitEntered(p *suite.Pair, what string) {
	GinkgoHelper()
	select {
	case <-b.entered:
	case <-time.After(p.Timeout()):
		Fail("the provider did not call " + what + " within " + p.Timeout().String())
	}
}

func (b *block) open() { close(b.release) }

// enteredOrReturned waits until a callback is held or op returned without a
// callback to come: true when a callback is held. A close completion may be
// called from inside the close itself, which then returns only after it.
func (b *block) enteredOrReturned(p *suite.Pair, op *suite.Op) bool {
	GinkgoHelper()
	deadline := time.After(p.Timeout())
	for {
		select {
		case <-b.entered:
			return true
		case <-deadline:
			Fail(op.String() + " neither returned nor called its completion callback within " + p.Timeout().String())
		case <-time.After(time.Millisecond):
			if st, ok := op.ReturnedWithin(0); ok && st != ndk.StatusPending {
				return false
			}
		}
	}
}
