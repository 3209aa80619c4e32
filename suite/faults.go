package suite

import (
	"fmt"
	"net/netip"
	"time"

	. "github.com/onsi/ginkgo/v2"

	"github.com/ndkconform/ndkconform/internal/workers"
	"github.com/ndkconform/ndkconform/ndk"
)

// SetHostStateWithin calls the provider's fault injection (put the host of
// addr in state s) on a goroutine of its own and waits for it at most
// limit. returned is false when it did not return: the host is then in a
// state nobody knows, and the caller stops the run (AbortStuckFaults).
func SetHostStateWithin(fi ndk.FaultInjector, addr netip.Addr, s ndk.HostState, limit time.Duration) (err error, returned bool) {
	done := make(chan error, 1)
	workers.Go(func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("the provider panicked: %v", r)
			}
		}()
		done <- fi.SetHostState(addr, s)
	})
	select {
	case err := <-done:
		return err, true
	case <-time.After(limit):
		return nil, false
	}
}

// AbortStuckFaults ends the run (the specs not run yet are reported as
// such): the provider's fault injection did not return within limit, so
// the host of addr may stay unresponsive or down and every later verdict
// would be about that, not about the provider's rules. A provider whose
// fault hook never returns is usually deadlocked.
func AbortStuckFaults(addr netip.Addr, s ndk.HostState, limit time.Duration) {
	AbortSuite(fmt.Sprintf("harness: the provider's fault injection (ndk.FaultInjector.SetHostState %v %v) did not return within %v: the provider is likely deadlocked, and with the host's state unknown no later spec can be judged; the specs not run yet are left out",
		addr, s, limit))
}
