package suite

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// TimeoutMargin is how much longer than the longest wait a provider
// declares (ndk.TimeoutDeclarer) Config.Timeout must be: the harness must
// not judge a provider late for a wait it is entitled to, and the
// completion that ends such a wait needs time to arrive.
const TimeoutMargin = time.Second

// checkTimeout refuses a Timeout shorter than the longest wait the provider
// declares plus TimeoutMargin: every spec that waits that long would fail
// against a conforming provider.
func checkTimeout(timeout time.Duration, p ndk.Provider) error {
	td, ok := p.(ndk.TimeoutDeclarer)
	if !ok {
		return nil
	}
	var longest time.Duration
	var names []string
	for name, d := range td.DeclaredTimeouts() {
		switch {
		case d > longest:
			longest, names = d, []string{name}
		case d == longest && d > 0:
			names = append(names, name)
		}
	}
	need := longest + TimeoutMargin
	if longest <= 0 || timeout >= need {
		return nil
	}
	slices.Sort(names)
	what := fmt.Sprintf("the provider's %s timeout (%v)", names[0], longest)
	if len(names) > 1 {
		what = fmt.Sprintf("the provider's %s timeouts (%v)", strings.Join(names, " and "), longest)
	}
	if timeout <= longest {
		return fmt.Errorf("--timeout %v is not longer than %s: use at least %v", timeout, what, need)
	}
	return fmt.Errorf("--timeout %v is not %v longer than %s: use at least %v", timeout, TimeoutMargin, what, need)
}

// checkAdapters opens and closes the adapter of every configured address
// of both sides, so that an address the provider has no adapter for is
// refused before any spec runs (every spec would fail opening it). A
// refusal is a UsageError naming the side, the address and the status; an
// OpenAdapter that does not return within timeout, panics or returns no
// adapter with success is a plain error (the provider's, not the user's).
func checkAdapters(timeout time.Duration, p ndk.Provider, a, b ndk.Side) error {
	for _, side := range []struct {
		name string
		s    ndk.Side
	}{{"A", a}, {"B", b}} {
		for _, fam := range []struct {
			name string
			addr netip.Addr
		}{{"IPv4", side.s.IPv4}, {"IPv6", side.s.IPv6}} {
			if !fam.addr.IsValid() {
				continue
			}
			what := fmt.Sprintf("side %s %s address %v", side.name, fam.name, fam.addr)
			if err := openAndClose(timeout, p, fam.addr, what); err != nil {
				return err
			}
		}
	}
	return nil
}

// openAndClose opens the adapter of addr and closes it, within timeout.
func openAndClose(timeout time.Duration, p ndk.Provider, addr netip.Addr, what string) error {
	type result struct {
		st    ndk.Status
		nilAd bool
		panic any
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			if v := recover(); v != nil {
				r.panic = v
			}
			done <- r
		}()
		ad, st := p.OpenAdapter(addr)
		r.st, r.nilAd = st, isNil(ad)
		if !r.nilAd {
			ad.Close()
		}
	}()
	var r result
	select {
	case r = <-done:
	case <-After(timeout):
		return fmt.Errorf("%s: opening and closing its adapter did not finish within %v", what, timeout)
	}
	switch {
	case r.panic != nil:
		return fmt.Errorf("%s: opening its adapter panicked: %v", what, r.panic)
	case r.st == ndk.StatusInvalidAddress:
		return UsageError{fmt.Errorf("%s: opening its adapter failed with %v (the provider has no adapter with this address)", what, r.st)}
	case r.st != ndk.StatusSuccess:
		return UsageError{fmt.Errorf("%s: opening its adapter failed with %v", what, r.st)}
	case r.nilAd:
		return fmt.Errorf("%s: opening its adapter returned STATUS_SUCCESS but no adapter", what)
	}
	return nil
}
