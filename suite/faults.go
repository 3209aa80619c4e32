package suite

import (
	"fmt"
	"net/netip"
	"time"

	"github.com/onsi/ginkgo/v2"

	"github.com/ndkconform/ndkconform/internal/wait"
	"github.com/ndkconform/ndkconform/internal/workers"
	"github.com/ndkconform/ndkconform/ndk"
)

// returnsWithin runs fn on a goroutine of its own and reports whether it
// returned within limit; one that did not is left running.
func returnsWithin(limit time.Duration, fn func()) bool {
	done := make(chan struct{})
	workers.Go(func() {
		defer close(done)
		fn()
	})
	return wait.Closed(done, limit)
}

// SetHostStateWithin calls the provider's fault injection (put the host of
// addr in state s) and waits for it at most limit. returned is false when
// it did not return: the host is then in a state nobody knows, and the
// caller stops the run (AbortStuck).
func SetHostStateWithin(fi ndk.FaultInjector, addr netip.Addr, s ndk.HostState, limit time.Duration) (returned bool, err error) {
	var e error
	if !returnsWithin(limit, func() {
		defer func() {
			if r := recover(); r != nil {
				e = fmt.Errorf("the provider panicked: %v", r)
			}
		}()
		e = fi.SetHostState(addr, s)
	}) {
		return false, nil
	}
	return true, e
}

// AbortStuck ends the run, the specs not run yet reported as such: the
// provider is stuck (what: the call that did not return), deadlocked most
// likely, and with a host's state or the provider's unknown no later
// verdict would be about its rules. details, if any, follow the reason.
func AbortStuck(what, details string) {
	msg := "harness: the provider is stuck: " + what + " (deadlocked, most likely); no later spec could be judged, so the specs not run yet are left out"
	if details != "" {
		msg += "\n" + details
	}
	ginkgo.AbortSuite(msg)
}
