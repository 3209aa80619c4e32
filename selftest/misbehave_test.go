package selftest

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
)

// misbehaving is sim with one fault injected into NdkListen, to show that the
// harness turns each into a spec failure that names the call, and that the
// run goes on.
type misbehaving struct{ sim.Driver }

const faultOpt = "fault"

var faults = map[string]string{
	"never-completes":   "NdkListen returns STATUS_PENDING and never calls back",
	"never-returns":     "NdkListen blocks forever",
	"panics":            "NdkListen panics",
	"completes-twice":   "NdkListen returns STATUS_PENDING and calls back twice",
	"inline-and-called": "NdkListen returns STATUS_SUCCESS and calls back too",
}

func init() { ndk.Register("misbehaving", misbehaving{}) }

func (d misbehaving) Options() []ndk.Option {
	return append(d.Driver.Options(), ndk.Option{Name: faultOpt, Usage: "the fault NdkListen has"})
}

func (d misbehaving) Open(opts map[string]string) (ndk.Provider, error) {
	fault := opts[faultOpt]
	if _, ok := faults[fault]; !ok {
		return nil, fmt.Errorf("unknown fault %q", fault)
	}
	rest := map[string]string{}
	for k, v := range opts {
		if k != faultOpt {
			rest[k] = v
		}
	}
	p, err := d.Driver.Open(rest)
	return provider{p, fault}, err
}

type provider struct {
	ndk.Provider
	fault string
}

func (p provider) OpenAdapter(a netip.Addr) (ndk.Adapter, ndk.Status) {
	ad, st := p.Provider.OpenAdapter(a)
	if ad == nil {
		return nil, st
	}
	return adapter{ad, p.fault}, st
}

type adapter struct {
	ndk.Adapter
	fault string
}

func (a adapter) CreateListener(cb ndk.ConnectEventCallback, cctx any, done ndk.CreateCompletion, ctx any) (ndk.Listener, ndk.Status) {
	wrap := func(l ndk.Listener) ndk.Listener { return listener{l, a.fault} }
	l, st := a.Adapter.CreateListener(cb, cctx, func(c any, s ndk.Status, o ndk.Object) {
		if o != nil {
			o = wrap(o.(ndk.Listener))
		}
		done(c, s, o)
	}, ctx)
	if l != nil {
		l = wrap(l)
	}
	return l, st
}

type listener struct {
	ndk.Listener
	fault string
}

func (l listener) Listen(addr netip.AddrPort, done ndk.RequestCompletion, ctx any) ndk.Status {
	switch l.fault {
	case "never-completes":
		return ndk.StatusPending
	case "never-returns":
		select {}
	case "panics":
		panic("injected provider panic")
	case "completes-twice":
		// Both callbacks from inside the call, before it returns: from a
		// goroutine, the spec could go on after the first (and fail on the
		// listener that never listened) before the second came, and the
		// failure would not be the one this fault is about.
		done(ctx, ndk.StatusSuccess)
		done(ctx, ndk.StatusSuccess)
		return ndk.StatusPending
	case "inline-and-called":
		// Called back before returning, so the spec is still running when
		// the harness sees it (a goroutine could call back after the spec).
		done(ctx, ndk.StatusSuccess)
		return ndk.StatusSuccess
	}
	return l.Listener.Listen(addr, done, ctx)
}

// TestMisbehavingProviderFailsTheSpecNotTheRun runs two specs against each
// fault: the listener spec must fail with a message that names NdkListen and
// the rule, the run must end within its deadlines, and the spec that does
// not listen must still pass.
func TestMisbehavingProviderFailsTheSpecNotTheRun(t *testing.T) {
	skipIfShort(t)
	want := map[string]string{
		"never-completes":   "CR-4: NdkListen on listener",
		"never-returns":     "NdkListen on listener",
		"panics":            "injected provider panic",
		"completes-twice":   "exactly once",
		"inline-and-called": "returned STATUS_SUCCESS inline",
	}
	for fault := range faults {
		t.Run(fault, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			run := runChildWith(t, "misbehaving", "completion=deferred,fault="+fault, "IPv4 && (LC-7 || CN-1) && !LC-17 && !CN-2")
			var failedListen, passedOther bool
			for _, s := range run.Selected() {
				switch {
				case strings.Contains(s.Name, "a listener holds its endpoint"):
					failedListen = s.State == outcome.Failed
					if !strings.Contains(s.Text(), want[fault]) {
						t.Errorf("fault %s: the failure does not say %q:\n%s", fault, want[fault], s.Text())
					}
				case strings.Contains(s.Name, "NdkCreateSharedEndpoint on an address that is not the adapter's"):
					passedOther = s.State == "passed"
				}
			}
			if !failedListen {
				t.Errorf("fault %s: the spec that listens did not fail", fault)
			}
			if !passedOther {
				t.Errorf("fault %s: a spec that does not listen did not pass: the run did not go on", fault)
			}
			t.Logf("fault %s: run ended after %v", fault, time.Since(start).Round(time.Millisecond))
		})
	}
}
