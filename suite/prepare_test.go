package suite

import (
	"errors"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
)

// fakeProvider opens adapters as open says and declares timeouts.
type fakeProvider struct {
	open     func(netip.Addr) (ndk.Adapter, ndk.Status)
	declared map[string]time.Duration
}

func (p fakeProvider) Sides() (a, b ndk.Side) { return }
func (p fakeProvider) OpenAdapter(addr netip.Addr) (ndk.Adapter, ndk.Status) {
	return p.open(addr)
}
func (p fakeProvider) Close() error { return nil }

type declaringProvider struct{ fakeProvider }

func (p declaringProvider) DeclaredTimeouts() map[string]time.Duration { return p.declared }

func TestCheckTimeout(t *testing.T) {
	decl := func(m map[string]time.Duration) ndk.Provider { return declaringProvider{fakeProvider{declared: m}} }
	for _, tc := range []struct {
		timeout time.Duration
		p       ndk.Provider
		want    string // "" for no error
	}{
		{time.Second, fakeProvider{}, ""}, // declares nothing
		{time.Second, decl(nil), ""},
		{time.Second, decl(map[string]time.Duration{"disconnect": 0}), ""},
		{2 * time.Second, decl(map[string]time.Duration{"disconnect": time.Second}), ""},
		{time.Second, decl(map[string]time.Duration{"disconnect": time.Second}),
			"--timeout 1s is not longer than the provider's disconnect timeout (1s): use at least 2s"},
		{500 * time.Millisecond, decl(map[string]time.Duration{"disconnect": time.Second, "connect": 3 * time.Second}),
			"--timeout 500ms is not longer than the provider's connect timeout (3s): use at least 4s"},
		{3500 * time.Millisecond, decl(map[string]time.Duration{"disconnect": 3 * time.Second, "connect": 3 * time.Second}),
			"--timeout 3.5s is not 1s longer than the provider's connect and disconnect timeouts (3s): use at least 4s"},
	} {
		err := checkTimeout(tc.timeout, tc.p)
		if got := errString(err); got != tc.want {
			t.Errorf("checkTimeout(%v, %v): %q, want %q", tc.timeout, tc.p, got, tc.want)
		}
	}
}

// A provider that refuses an address is a usage error; one that hangs,
// panics or returns no adapter with success is an error of its own, and
// none of them hangs or panics the check.
func TestCheckAdapters(t *testing.T) {
	side := ndk.Side{IPv4: netip.MustParseAddr("203.0.113.9")}
	block := make(chan struct{})
	defer close(block)
	for _, tc := range []struct {
		name  string
		open  func(netip.Addr) (ndk.Adapter, ndk.Status)
		want  string
		usage bool
	}{
		{"refused", func(netip.Addr) (ndk.Adapter, ndk.Status) { return nil, ndk.StatusInvalidAddress },
			"side A IPv4 address 203.0.113.9: opening its adapter failed with STATUS_INVALID_ADDRESS (the provider has no adapter with this address)", true},
		{"other status", func(netip.Addr) (ndk.Adapter, ndk.Status) { return nil, ndk.StatusInsufficientResources },
			"side A IPv4 address 203.0.113.9: opening its adapter failed with STATUS_INSUFFICIENT_RESOURCES", true},
		{"no adapter", func(netip.Addr) (ndk.Adapter, ndk.Status) { return nil, ndk.StatusSuccess },
			"side A IPv4 address 203.0.113.9: opening its adapter returned STATUS_SUCCESS but no adapter", false},
		{"panics", func(netip.Addr) (ndk.Adapter, ndk.Status) { panic("boom") },
			"side A IPv4 address 203.0.113.9: opening its adapter panicked: boom", false},
		{"hangs", func(netip.Addr) (ndk.Adapter, ndk.Status) { <-block; return nil, ndk.StatusSuccess },
			"side A IPv4 address 203.0.113.9: opening and closing its adapter did not finish within 100ms", false},
	} {
		err := checkAdapters(100*time.Millisecond, fakeProvider{open: tc.open}, side, ndk.Side{})
		var ue UsageError
		if got := errString(err); got != tc.want || errors.As(err, &ue) != tc.usage {
			t.Errorf("%s: %q (usage error: %v), want %q (%v)", tc.name, got, errors.As(err, &ue), tc.want, tc.usage)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return strings.TrimSpace(err.Error())
}

// countingDriver is sim, counting how its options are parsed and how it
// is opened.
type countingDriver struct {
	sim.Driver
	parses, opens *atomic.Int32
}

func (d countingDriver) ParseOptions(opts map[string]string) (ndk.Opener, error) {
	d.parses.Add(1)
	return sim.ParseOptions(opts)
}

func (d countingDriver) Open(opts map[string]string) (ndk.Provider, error) {
	d.opens.Add(1)
	return d.Driver.Open(opts)
}

var counting = countingDriver{parses: new(atomic.Int32), opens: new(atomic.Int32)}

func init() { ndk.Register("counting-sim", counting) }

// Prepare parses the options once and opens the provider from what was
// parsed; an unknown option is refused as clearly as ever.
func TestPrepareParsesOptionsOnce(t *testing.T) {
	p, _, _, err := Prepare(Config{Driver: "counting-sim", DriverOptions: map[string]string{"completion": "inline"}})
	if err != nil {
		t.Fatal(err)
	}
	p.Close()
	if n, m := counting.parses.Load(), counting.opens.Load(); n != 1 || m != 0 {
		t.Errorf("Prepare parsed the options %d times and called Open(opts) %d times; want once and never", n, m)
	}
	_, _, _, err = Prepare(Config{Driver: "counting-sim", DriverOptions: map[string]string{"bogus": "1"}})
	var ue UsageError
	var names []string
	for _, o := range (sim.Driver{}).Options() {
		names = append(names, o.Name)
	}
	want := "driver counting-sim: unknown option bogus (valid: " + strings.Join(names, ", ") + ")"
	if !errors.As(err, &ue) || err.Error() != want {
		t.Errorf("Prepare with an unknown option: %v, want the usage error %q", err, want)
	}
	_, _, _, err = Prepare(Config{Driver: "counting-sim", DriverOptions: map[string]string{"completion": "sometimes"}})
	if want := `driver counting-sim: invalid completion="sometimes" (valid: inline, deferred, reentrant, random)`; !errors.As(err, &ue) || err.Error() != want {
		t.Errorf("Prepare with a bad value: %v, want the usage error %q", err, want)
	}
	if n := counting.parses.Load(); n != 2 {
		t.Errorf("options parsed %d times in all, want 2 (the unknown key is refused before the driver parses)", n)
	}
}

// closeCounting counts the closes of the provider it wraps.
type closeCounting struct {
	ndk.Provider
	closes atomic.Int32
}

func (p *closeCounting) Close() error { p.closes.Add(1); return p.Provider.Close() }

// A provider handed in Config.Provider is checked as a driver's would be,
// and returned, never closed: the caller owns it, also when it cannot run.
func TestPrepareProviderValue(t *testing.T) {
	opener, err := sim.ParseOptions(nil)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := opener.Open()
	if err != nil {
		t.Fatal(err)
	}
	p := &closeCounting{Provider: sp}
	defer sp.Close()
	got, a, b, err := Prepare(Config{Provider: p, Driver: "no such driver"})
	if err != nil || got != ndk.Provider(p) || !a.IPv4.IsValid() || !b.IPv4.IsValid() {
		t.Fatalf("Prepare = %v, %v, %v, %v", got, a, b, err)
	}
	bad := netip.MustParseAddr("203.0.113.9")
	_, _, _, err = Prepare(Config{Provider: p, SideA: ndk.Side{IPv4: bad}})
	var ue UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), bad.String()) {
		t.Errorf("an address the provider has no adapter for: %v", err)
	}
	if n := p.closes.Load(); n != 0 {
		t.Errorf("Prepare closed the caller's provider %d times", n)
	}
}
