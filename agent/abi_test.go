package agent_test

import (
	"reflect"
	"sync"
	"testing"

	"github.com/ndkconform/ndkconform/agent"
	"github.com/ndkconform/ndkconform/ndk"
)

// abiDriver opens sim providers that act as if their driver called them
// through NDKPI's C ABI (ndk.ABIReporter, as the ndkt driver): ObjectABI
// answers facts for every object, CallbackIRQLs hands over log once.
type abiDriver struct {
	ndk.Driver
	p *abiProvider
}

type abiProvider struct {
	ndk.Provider
	facts ndk.ObjectABI
	mu    sync.Mutex
	log   []ndk.CallbackIRQL
	asked []any
}

func (d *abiDriver) Open(opts map[string]string) (ndk.Provider, error) {
	p, err := d.Driver.Open(opts)
	if err != nil {
		return nil, err
	}
	d.p.Provider = p
	return d.p, nil
}

func (p *abiProvider) ObjectABI(obj any) (ndk.ObjectABI, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.asked = append(p.asked, obj)
	return p.facts, true
}

func (p *abiProvider) CallbackIRQLs() ([]ndk.CallbackIRQL, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.log
	p.log = nil
	return out, true
}

func (p *abiProvider) setLog(l []ndk.CallbackIRQL) {
	p.mu.Lock()
	p.log = l
	p.mu.Unlock()
}

// TestAgentServesWhatTheCABIShowed: an agent whose provider shows NDKPI's
// C ABI (the ndkt driver) hands the harness every fact of ObjectABI
// (QueryAbiFacts) and the callbacks its CallbackIRQLs reported, with the
// Callback they came before; the remote driver answers ndk.ABIReporter
// with them. An agent over a provider that does not show it answers ok
// false for both.
func TestAgentServesWhatTheCABIShowed(t *testing.T) {
	sim, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	facts := ndk.ObjectABI{
		HeaderObjectType: ndk.ObjectTypeAdapter, HeaderVersion: ndk.Version{Major: 2, Minor: 1}, ReservedNonzero: true,
		Entries: 9, NullEntries: []string{"NdkCreateCq", "NdkReleaseLAM"}, DispatchReplaced: true, DispatchRewrites: 3,
		Requested: ndk.Version{Major: 2, Minor: 0}, HasInfo: true, InfoVersion: ndk.Version{Major: 2, Minor: 1},
		ProbeMinor:    ndk.VersionProbe{Asked: ndk.Version{Major: 2, Minor: 2}, Status: ndk.NdisStatusBadVersion},
		ProbeMajor:    ndk.VersionProbe{Asked: ndk.Version{Major: 3}, Status: ndk.StatusSuccess, Got: ndk.Version{Major: 3, Minor: 4}},
		AboveDispatch: 7, LastAboveIRQL: 5,
	}
	ap := &abiProvider{facts: facts}
	addr, _ := serveConfig(t, agent.Config{Driver: &abiDriver{Driver: sim, p: ap}, DriverName: "sim", AgentVersion: "test-agent",
		Options: map[string]string{"completion": "deferred"}})
	p, err := openWith(t, addr, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	r, ok := p.(ndk.ABIReporter)
	if !ok {
		t.Fatal("the remote driver's provider is no ndk.ABIReporter")
	}
	sa, _ := p.Sides()
	ad, st := p.OpenAdapter(sa.IPv4)
	expect(t, "OpenAdapter", st, ndk.StatusSuccess)
	defer ad.Close()

	got, ok := r.ObjectABI(ad)
	if !ok || !reflect.DeepEqual(got, facts) {
		t.Fatalf("ObjectABI of the adapter through the agent: %+v, %v; want %+v, true", got, ok, facts)
	}
	ap.mu.Lock()
	asked := len(ap.asked)
	ap.mu.Unlock()
	if asked != 1 {
		t.Fatalf("the agent's provider was asked ObjectABI %d times, want once", asked)
	}

	if _, ok := r.CallbackIRQLs(); !ok {
		t.Fatal("CallbackIRQLs through the agent answered ok false")
	}
	calls := []ndk.CallbackIRQL{{Callback: "NdkCreateCompletion", IRQL: 2, Held: true}, {Callback: "NdkRequestCompletion", IRQL: 1}}
	ap.setLog(calls)
	pd := create(t, "CreatePD", ad.CreatePD) // deferred: its completion is a Callback
	defer closeObj(t, "PD", pd)
	if got, ok := r.CallbackIRQLs(); !ok || !reflect.DeepEqual(got, calls) {
		t.Fatalf("CallbackIRQLs after a callback: %+v, %v; want %+v, true", got, ok, calls)
	}
	if got, _ := r.CallbackIRQLs(); len(got) != 0 {
		t.Fatalf("CallbackIRQLs a second time: %+v, want none (taken)", got)
	}

	plain, _ := serveConfig(t, agent.Config{Driver: sim, DriverName: "sim", AgentVersion: "test-agent"})
	q, err := openWith(t, plain, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	sq, _ := q.Sides()
	qad, st := q.OpenAdapter(sq.IPv4)
	expect(t, "OpenAdapter", st, ndk.StatusSuccess)
	defer qad.Close()
	if f, ok := q.(ndk.ABIReporter).ObjectABI(qad); ok {
		t.Fatalf("ObjectABI through an agent over sim: %+v, ok true; want ok false", f)
	}
	if _, ok := q.(ndk.ABIReporter).CallbackIRQLs(); ok {
		t.Fatal("CallbackIRQLs through an agent over sim: ok true, want false")
	}
}
