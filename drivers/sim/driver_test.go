package sim

import (
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

func TestRegistered(t *testing.T) {
	if !slices.Contains(ndk.Drivers(), "sim") {
		t.Fatalf("sim not registered: %v", ndk.Drivers())
	}
	d, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Usable(); err != nil {
		t.Fatalf("Usable: %v", err)
	}
}

func TestOptionErrors(t *testing.T) {
	for _, tc := range []struct {
		opts map[string]string
		want []string // substrings of the error
	}{
		{map[string]string{"bogus": "1"}, []string{"bogus", "completion", "variant"}},
		{map[string]string{OptCompletion: "sometimes"}, []string{"completion", "sometimes", "inline", "deferred", "reentrant", "random"}},
		{map[string]string{OptSeed: "x"}, []string{"seed", "integer"}},
		{map[string]string{OptHosts: "1"}, []string{"hosts", "2", "16"}},
		{map[string]string{OptHosts: "17"}, []string{"hosts", "2", "16"}},
		{map[string]string{OptHosts: "two"}, []string{"hosts"}},
		{map[string]string{OptVariant: "nope"}, []string{"variant", "nope", VariantListenerCloseInline, VariantLateCallback}},
		{map[string]string{OptMaxObjects: "-1"}, []string{"max-objects"}},
		{map[string]string{OptMaxObjects: "many"}, []string{"max-objects"}},
		{map[string]string{OptLinkRate: "-1"}, []string{"link-rate"}},
		{map[string]string{OptLinkRate: "fast"}, []string{"link-rate"}},
		{map[string]string{OptDiscTimeout: "0s"}, []string{"disconnect-timeout", "duration"}},
		{map[string]string{OptConnTimeout: "soon"}, []string{"connect-timeout", "duration"}},
		{map[string]string{OptCompDelay: "-1ms"}, []string{"completion-delay", "duration"}},
		{map[string]string{OptCompDelay: "2s"}, []string{"completion-delay", "1s"}},
		{map[string]string{OptModeration: "yes"}, []string{"interrupt-moderation", "on"}},
		{map[string]string{OptDMAChunk: "-1"}, []string{"dma-chunk", "0"}},
		{map[string]string{OptDMAChunk: "big"}, []string{"dma-chunk"}},
		{map[string]string{OptMaxSRQDepth: "-1"}, []string{"max-srq-depth", "0"}},
		{map[string]string{OptMaxInline: "lots"}, []string{"max-inline-data"}},
		{map[string]string{OptFRMRPages: "15"}, []string{"frmr-page-count", "16"}},
		{map[string]string{OptMaxSGE: "0"}, []string{"max-sge", "1"}},
		{map[string]string{OptFaults: "no"}, []string{"faults", "on", "off"}},
		{map[string]string{OptMDLChains: "1"}, []string{"mdl-chains", "on", "off"}},
		{map[string]string{OptVersion: "2.2"}, []string{"version", "1.1", "1.2", "2.0", "2.1"}},
		{map[string]string{OptVersion: Version11, OptReadInv: On}, []string{"version", "read-local-invalidate"}},
	} {
		_, err := Driver{}.Open(tc.opts)
		if err == nil {
			t.Errorf("Open(%v) succeeded", tc.opts)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("Open(%v) error %q does not mention %q", tc.opts, err, w)
			}
		}
	}
	for _, opts := range []map[string]string{
		nil,
		{OptCompletion: CompletionRandom, OptSeed: "-7", OptHosts: "16", OptVariant: ""},
		{OptVariant: VariantEarlyPortRelease},
		{OptLinkRate: "0", OptDiscTimeout: "1s", OptConnTimeout: "50ms"},
		{OptDMAChunk: "0"},
		{OptDMAChunk: "4096", OptVariant: VariantLastChunkFirst},
		{OptMaxSRQDepth: "0", OptMaxInline: "0", OptFRMRPages: "16", OptMaxSGE: "1", OptInOrderDMA: Off, OptCQResize: Off,
			OptLoopback: Off, OptReadInv: On, OptFaults: Off, OptMDLChains: Off},
		{OptVersion: Version11},
	} {
		if _, err := (Driver{}).Open(opts); err != nil {
			t.Errorf("Open(%v): %v", opts, err)
		}
	}
	var names []string
	for _, o := range (Driver{}).Options() {
		names = append(names, o.Name)
		if o.Name == OptCompletion && o.Default != CompletionDeferred {
			t.Errorf("completion default = %q", o.Default)
		}
	}
	if !slices.Equal(names, []string{OptCompletion, OptSeed, OptHosts, OptVariant, OptMaxObjects, OptLinkRate, OptDiscTimeout, OptConnTimeout, OptCompDelay, OptModeration, OptDMAChunk, OptReadSink,
		OptMaxSRQDepth, OptMaxInline, OptFRMRPages, OptFRMRMax, OptMaxSGE, OptInOrderDMA, OptCQResize, OptLoopback, OptReadInv, OptVersion, OptFaults, OptMDLChains}) {
		t.Errorf("options = %v", names)
	}
}

func TestDefaultIsDeferred(t *testing.T) {
	p, err := Driver{}.Open(nil)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := p.Sides()
	ad, _ := p.OpenAdapter(a.IPv4)
	got := make(chan ndk.Object, 1)
	pd, st := ad.CreatePD(func(ctx any, s ndk.Status, o ndk.Object) { got <- o }, nil)
	if st != ndk.StatusPending || pd != nil {
		t.Fatalf("CreatePD = %v, %v; want nil, STATUS_PENDING", pd, st)
	}
	o := <-got
	if c := startClose(t, o); c.st != ndk.StatusPending {
		t.Errorf("deferred Close = %v; want STATUS_PENDING", c.st)
	} else {
		c.wait(t)
	}
	closeAdapter(t, ad)
}

func TestHostsAndAdapters(t *testing.T) {
	e := openEnv(t, map[string]string{OptHosts: "16", OptCompletion: CompletionInline})
	if e.a.IPv4 != netip.MustParseAddr("192.0.2.1") || e.a.IPv6 != netip.MustParseAddr("2001:db8::1") ||
		e.b.IPv4 != netip.MustParseAddr("192.0.2.2") || e.b.IPv6 != netip.MustParseAddr("2001:db8::2") {
		t.Fatalf("Sides = %v, %v", e.a, e.b)
	}
	for _, s := range []string{"192.0.2.16", "2001:db8::10", "192.0.2.1"} {
		ad := e.adapter(t, netip.MustParseAddr(s))
		info, st := ad.QueryAdapterInfo()
		if st != ndk.StatusSuccess || info.Version != ndk.Version21 || info.MaxCQDepth != 4096 ||
			info.MaxCallerData != 56 || info.MaxCalleeData != 148 || info.RDMATechnology != ndk.RDMATechnologyRoCEv2 ||
			info.AdapterFlags&ndk.AdapterFlagLoopbackConnectionsSupported == 0 {
			t.Errorf("QueryAdapterInfo = %+v, %v", info, st)
		}
		closeAdapter(t, ad)
	}
	for _, s := range []string{"192.0.2.17", "10.0.0.1", "2001:db8::11", "::1"} {
		if ad, st := e.p.OpenAdapter(netip.MustParseAddr(s)); ad != nil || st != ndk.StatusInvalidAddress {
			t.Errorf("OpenAdapter(%s) = %v, %v; want nil, STATUS_INVALID_ADDRESS", s, ad, st)
		}
	}
	if err := e.p.Close(); err != nil {
		t.Errorf("Provider.Close: %v", err)
	}
}

func TestRandomIsReproducible(t *testing.T) {
	seq := func(seed string) []mode {
		f := newFabric(config{completion: CompletionRandom, seed: mustAtoi(seed), hosts: 2})
		var out []mode
		for range 64 {
			out = append(out, f.pick(true))
		}
		return out
	}
	a, b, c := seq("5"), seq("5"), seq("6")
	if !slices.Equal(a, b) {
		t.Errorf("same seed, different sequences")
	}
	if slices.Equal(a, c) {
		t.Errorf("different seeds, same sequence")
	}
	for m := modeInline; m <= modeReentrant; m++ {
		if !slices.Contains(a, m) {
			t.Errorf("mode %d never picked", m)
		}
	}
}

func mustAtoi(s string) int64 {
	var n int64
	for _, r := range s {
		n = n*10 + int64(r-'0')
	}
	return n
}

func TestVariantsTable(t *testing.T) {
	vs := Variants()
	if len(vs) == 0 {
		t.Fatal("no variants")
	}
	// Every variant breaks its rules at a point of the code marked
	// "VARIANT <name>" (several names separated by commas).
	marked := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			if _, rest, ok := strings.Cut(line, "VARIANT "); ok {
				for _, word := range strings.Fields(rest) {
					marked[strings.TrimRight(word, ",:")] = true
				}
			}
		}
	}
	seen := map[string]bool{}
	for _, v := range vs {
		if !marked[v.Name] {
			t.Errorf("variant %s: no point of the code is marked VARIANT %s", v.Name, v.Name)
		}
		if v.Name == "" || v.Rule == "" || v.Description == "" || !slices.Contains(v.Rules, v.Rule) || seen[v.Name] {
			t.Errorf("bad variant entry %+v", v)
		}
		seen[v.Name] = true
		if _, err := (Driver{}).Open(map[string]string{OptVariant: v.Name}); err != nil {
			t.Errorf("Open(variant=%s): %v", v.Name, err)
		}
	}
	vs[0].Rules[0] = "changed"
	if Variants()[0].Rules[0] == "changed" {
		t.Errorf("Variants() shares its table")
	}
}

// sim declares the waits it may take (ndk.TimeoutDeclarer), as configured.
func TestDeclaredTimeouts(t *testing.T) {
	p, err := Driver{}.Open(map[string]string{OptDiscTimeout: "3s"})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	td, ok := p.(ndk.TimeoutDeclarer)
	if !ok {
		t.Fatal("the sim provider is not an ndk.TimeoutDeclarer")
	}
	got := td.DeclaredTimeouts()
	if got["disconnect"] != 3*time.Second || got["connect"] != DefaultConnTimeout || len(got) != 2 {
		t.Errorf("DeclaredTimeouts() = %v, want disconnect 3s, connect %v", got, DefaultConnTimeout)
	}
}

// The registered sim parses its options once; Driver itself does not, so
// that a driver embedding it and overriding Open keeps its Open.
func TestOptionsParsedOnce(t *testing.T) {
	d, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := d.(ndk.OptionParser); !ok {
		t.Error(`the registered "sim" is no ndk.OptionParser`)
	}
	if _, ok := any(Driver{}).(ndk.OptionParser); ok {
		t.Error("sim.Driver is an ndk.OptionParser: a driver that embeds it and overrides Open would be opened through sim's ParseOptions instead")
	}
	if _, err := ndk.ParseOptions(d, map[string]string{"nope": "1"}); err == nil || !strings.HasPrefix(err.Error(), "unknown option nope (valid: completion, seed,") {
		t.Errorf("an unknown option: %v", err)
	}
	o, err := ndk.ParseOptions(d, map[string]string{OptHosts: "3"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := o.Open()
	if err != nil {
		t.Fatal(err)
	}
	if _, st := p.OpenAdapter(netip.MustParseAddr("192.0.2.3")); st != ndk.StatusSuccess {
		t.Errorf("hosts=3 parsed, but the third host's adapter opens with %v", st)
	}
}

// completion-delay holds a deferred request completion that long after
// its call returned STATUS_PENDING.
func TestCompletionDelay(t *testing.T) {
	const delay = 30 * time.Millisecond
	e := openEnv(t, map[string]string{OptCompDelay: delay.String()})
	s := newSide(t, e, e.a.IPv4)
	m := newMR(t, s.pd, false)
	done := make(chan time.Time, 1)
	start := time.Now()
	st := m.Register(make([]byte, 64), 0x1000, ndk.MRFlagAllowLocalWrite, func(any, ndk.Status) { done <- time.Now() }, nil)
	if st != ndk.StatusPending {
		t.Fatalf("Register = %v; want STATUS_PENDING", st)
	}
	select {
	case at := <-done:
		if got := at.Sub(start); got < delay {
			t.Errorf("the completion came %v after the call, before the %v delay", got, delay)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no completion")
	}
}
