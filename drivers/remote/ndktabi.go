package remote

import (
	"sync"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/ndkt/contract"
)

// What NDKPI's C ABI shows (ndk.ABIReporter), through an ndkt device or
// an agent serving the ndkt driver (Capabilities.abi_reports): the core
// records each object's header and dispatch table at its hand-over and an
// adapter open's version negotiation (QueryAbiFacts), and every event
// record carries the IRQL its callback came at and whether it was held
// (the record's header, which the ndkt stream converts into the
// Callback's abi_callbacks, as an agent fills them from its driver's
// CallbackIRQLs). Over an agent whose driver does not call the provider
// through the C ABI neither exists: ObjectABI and CallbackIRQLs answer ok
// false.

// ndktCallbackNames are NDKPI's names of the callback each event kind is.
var ndktCallbackNames = map[contract.EventKind]string{
	contract.EvCreateCompletion:  "NdkCreateCompletion",
	contract.EvRequestCompletion: "NdkRequestCompletion",
	contract.EvCloseCompletion:   "NdkCloseCompletion",
	contract.EvConnectEvent:      "NdkConnectEventCallback",
	contract.EvDisconnectEvent:   "NdkDisconnectEventCallback",
	contract.EvCQNotification:    "NdkCqNotificationCallback",
	contract.EvSRQNotification:   "NdkSrqNotificationCallback",
	contract.EvDisconnectEventEx: "NdkDisconnectEventCallbackEx",
}

// ndktIRQLLogMax bounds the callbacks kept between two CallbackIRQLs: the
// first ones are kept.
const ndktIRQLLogMax = 1 << 14

// irqlLog is the callbacks a session's Callbacks reported since the last
// take.
type irqlLog struct {
	mu    sync.Mutex
	calls []ndk.CallbackIRQL
}

func (l *irqlLog) add(cs []*agentv1.CallbackIrql) {
	if len(cs) == 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range cs {
		if len(l.calls) >= ndktIRQLLogMax {
			return
		}
		l.calls = append(l.calls, ndk.CallbackIRQL{Callback: c.GetCallback(), IRQL: uint8(min(c.GetIrql(), 255)), Held: c.GetHeld()})
	}
}

func (l *irqlLog) take() []ndk.CallbackIRQL {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.calls
	l.calls = nil
	return out
}

// abiSessions are p's sessions that show the C ABI: over an ndkt device,
// or to an agent serving the ndkt driver.
func (p *Provider) abiSessions() []*session {
	var out []*session
	for _, s := range p.sessions() {
		if s.caps.GetAbiReports() {
			out = append(out, s)
		}
	}
	return out
}

// ObjectABI implements ndk.ABIReporter: QueryAbiFacts on obj's handle.
func (p *Provider) ObjectABI(obj any) (ndk.ObjectABI, bool) {
	for _, s := range p.abiSessions() {
		var h *agentv1.Handle
		typ := ndk.ObjectTypeAdapter
		switch x := obj.(type) {
		case *adapter:
			if x.s == s {
				h = x.h
			}
		case *chainAdapter:
			if x.s == s {
				h = x.h
			}
		default:
			h = handleIn(s, obj)
			if h != nil {
				typ = ndk.ObjectType(h.GetKind())
			}
		}
		if h == nil {
			continue
		}
		r := s.call(&agentv1.Call{Op: &agentv1.Call_QueryAbiFacts{QueryAbiFacts: &agentv1.QueryAbiFactsRequest{Object: h}}})
		if r == nil || ndk.Status(r.GetStatus()) != ndk.StatusSuccess || r.GetQueryAbiFacts().GetFacts() == nil {
			return ndk.ObjectABI{}, false
		}
		return objectABI(typ, r.GetQueryAbiFacts().GetFacts()), true
	}
	return ndk.ObjectABI{}, false
}

func abiVersion(v *agentv1.Version) ndk.Version {
	return ndk.Version{Major: uint16(v.GetMajor()), Minor: uint16(v.GetMinor())}
}

func objectABI(typ ndk.ObjectType, f *agentv1.AbiFacts) ndk.ObjectABI {
	a := ndk.ObjectABI{
		HeaderObjectType: ndk.ObjectType(f.GetHeaderObjectType()),
		HeaderVersion:    abiVersion(f.GetHeaderVersion()),
		ReservedNonzero:  f.GetReservedNonzero(),
		DispatchNull:     f.GetDispatchNull(),
		Entries:          int(f.GetNEntries()),
		DispatchReplaced: f.GetDispatchReplaced(),
		DispatchRewrites: int(f.GetDispatchRewrites()),
		Requested:        abiVersion(f.GetRequested()),
		HasInfo:          f.GetHasInfo(),
		InfoVersion:      abiVersion(f.GetInfoVersion()),
		ProbeMinor: ndk.VersionProbe{Asked: abiVersion(f.GetProbeMinor()), Status: ndk.Status(f.GetProbeMinorStatus()),
			Got: abiVersion(f.GetProbeMinorGot())},
		ProbeMajor: ndk.VersionProbe{Asked: abiVersion(f.GetProbeMajor()), Status: ndk.Status(f.GetProbeMajorStatus()),
			Got: abiVersion(f.GetProbeMajorGot())},
		AboveDispatch: f.GetHighIrqlCallbacks(),
		LastAboveIRQL: uint8(f.GetHighIrqlLast()),
		SizeProbes:    int(f.GetSizeProbes()),
		SizeFailures:  int(f.GetSizeFailures()),
		SizeBreach: ndk.SizeProbe{Call: ndk.SizeCall(f.GetSizeCall()), Breach: ndk.SizeBreach(f.GetSizeWhat()),
			Offered: f.GetSizeOffered(), Returned: f.GetSizeReturned(), Status: ndk.Status(f.GetSizeStatus())},
	}
	names := ndk.DispatchMembers(typ)
	for i := 0; i < 32; i++ {
		if f.GetNullEntries()&(1<<i) == 0 {
			continue
		}
		if i < len(names) {
			a.NullEntries = append(a.NullEntries, names[i])
		} else {
			a.NullEntries = append(a.NullEntries, "?")
		}
	}
	return a
}

// CallbackIRQLs implements ndk.ABIReporter: the callbacks every session
// that shows the C ABI reported since the last call.
func (p *Provider) CallbackIRQLs() ([]ndk.CallbackIRQL, bool) {
	ss := p.abiSessions()
	if len(ss) == 0 {
		return nil, false
	}
	var out []ndk.CallbackIRQL
	for _, s := range ss {
		out = append(out, s.irqls.take()...)
	}
	return out, true
}

var _ ndk.ABIReporter = (*Provider)(nil)
