//go:build crashtest

package main

import (
	"net/netip"
	"time"

	_ "github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
)

// The driver "crash" exists only in a binary built with -tags crashtest,
// for the CLI's own tests: sim, whose provider panics on a goroutine of its
// own while a spec creates a connector, as a provider's worker thread
// might. No recover can catch that; the run command must still
// report it.
func init() { ndk.Register("crash", crashDriver{}) }

type crashDriver struct{}

func sim() ndk.Driver {
	d, err := ndk.Lookup("sim")
	if err != nil {
		panic(err)
	}
	return d
}

func (crashDriver) Options() []ndk.Option { return sim().Options() }
func (crashDriver) Usable() error         { return nil }

func (crashDriver) Open(opts map[string]string) (ndk.Provider, error) {
	p, err := sim().Open(opts)
	if err != nil {
		return nil, err
	}
	return crashProvider{p}, nil
}

type crashProvider struct{ ndk.Provider }

func (p crashProvider) OpenAdapter(a netip.Addr) (ndk.Adapter, ndk.Status) {
	ad, st := p.Provider.OpenAdapter(a)
	if ad == nil {
		return nil, st
	}
	return crashAdapter{ad}, st
}

type crashAdapter struct{ ndk.Adapter }

func (a crashAdapter) CreateConnector(done ndk.CreateCompletion, ctx any) (ndk.Connector, ndk.Status) {
	go func() { panic("crashtest: the provider's worker goroutine panicked") }()
	time.Sleep(time.Second) // the call is still running when the process dies
	return a.Adapter.CreateConnector(done, ctx)
}

// The driver "ipv4only", also for the CLI's own tests: sim whose provider
// names no IPv6 address for its sides, as a lab that configured only IPv4
// would. The specs of the other family then have nothing to run on (not
// configured), which refuses certification.
func init() { ndk.Register("ipv4only", ipv4Driver{}) }

type ipv4Driver struct{}

func (ipv4Driver) Options() []ndk.Option { return sim().Options() }
func (ipv4Driver) Usable() error         { return nil }

func (ipv4Driver) Open(opts map[string]string) (ndk.Provider, error) {
	p, err := sim().Open(opts)
	if err != nil {
		return nil, err
	}
	return ipv4Provider{p}, nil
}

type ipv4Provider struct{ ndk.Provider }

func (p ipv4Provider) Sides() (a, b ndk.Side) {
	a, b = p.Provider.Sides()
	a.IPv6, b.IPv6 = netip.Addr{}, netip.Addr{}
	return a, b
}
