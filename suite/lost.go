package suite

import (
	"errors"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/onsi/ginkgo/v2"
)

// LostPrefix starts the failure of the spec that was running when the
// provider was lost (ndk.Losable: drivers/remote, whose agent died or
// stopped answering); the run stops there, and the specs after it are
// not run. The CLI reads the loss from the progress record (ProgressLost),
// never from this text.
const LostPrefix = "harness: the provider was lost: "

// lostError is the run's provider's loss, nil while it is not lost (or
// cannot be).
func (r *runState) lostError() *ndk.LostError {
	if r == nil {
		return nil
	}
	if l, ok := r.provider.(ndk.Losable); ok {
		return l.LostError()
	}
	return nil
}

// lostChan is closed when p is lost; nil (never) for a provider that
// cannot be.
func lostChan(p ndk.Provider) <-chan struct{} {
	if l, ok := p.(ndk.Losable); ok {
		return l.Lost()
	}
	return nil
}

// abortIfLost ends the run when the provider is lost, instead of what the
// spec was about to report: once the provider is gone, a missing callback,
// a failed call or a panic is the loss, not a breach of any rule, and no
// later spec could run. A call that panicked with the *ndk.LostError
// counts as a loss even before the provider says it is lost.
func abortIfLost(p any) {
	r := active.Load()
	l := r.lostError()
	if l == nil {
		switch e := p.(type) {
		case *ndk.LostError:
			l = e
		case error:
			errors.As(e, &l)
		}
	}
	if l == nil {
		return
	}
	if r != nil {
		r.progress(ProgressRecord{Event: ProgressLost, Lost: l.Error(), LostIn: r.specText()})
	}
	ginkgo.AbortSuite(LostPrefix + l.Error() + "; the run stops here, and the specs after this one are not run")
}

// IsLost reports whether err is, or wraps, a provider's loss.
func IsLost(err error) bool {
	var l *ndk.LostError
	return errors.As(err, &l)
}

// failHandler is Gomega's fail handler in a run: Ginkgo's Fail, unless the
// provider is lost (see abortIfLost).
func failHandler(message string, callerSkip ...int) {
	abortIfLost(nil)
	skip := 1
	if len(callerSkip) > 0 {
		skip += callerSkip[0]
	}
	ginkgo.Fail(message, skip)
}

// Lost reports whether the provider is lost (ndk.Losable): a spec that
// drives the provider itself stops there, and calls AbortIfLost.
func (d Direct) Lost() bool { return d.run.lostError() != nil }

// AbortIfLost ends the run if the provider is lost (see abortIfLost).
func (d Direct) AbortIfLost() {
	abortIfLost(nil)
}
