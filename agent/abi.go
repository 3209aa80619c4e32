package agent

import (
	"slices"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// What NDKPI's C ABI showed, served to the harness (Capabilities.
// abi_reports): when the session's provider is an ndk.ABIReporter that
// answers (the ndkt driver: its core calls the provider through the C ABI),
// QueryAbiFacts answers its ObjectABI, and each Callback carries the
// callbacks its CallbackIRQLs reported since the previous one. Another
// provider shows none of it: QueryAbiFacts is NOT_SUPPORTED and Callbacks
// carry nothing, as before 1.6.

// abiReporter returns p as an ndk.ABIReporter if it shows the C ABI (its
// CallbackIRQLs answers ok; what it returned is dropped: no callback came
// before the session's first call).
func abiReporter(p ndk.Provider) ndk.ABIReporter {
	r, ok := p.(ndk.ABIReporter)
	if !ok {
		return nil
	}
	if _, ok := r.CallbackIRQLs(); !ok {
		return nil
	}
	return r
}

// queryAbiFacts serves QueryAbiFacts: the ObjectABI of an adapter or a
// provider object of the session. A provider that cannot show the object
// answers STATUS_NOT_SUPPORTED with no facts.
func (s *session) queryAbiFacts(req *agentv1.QueryAbiFactsRequest) *agentv1.CallReturn {
	if s.abi == nil {
		return notSupported("QueryAbiFacts: the agent's driver does not call the provider through NDKPI's C ABI (Capabilities.abi_reports is false)")
	}
	h := req.GetObject()
	kind := h.GetKind()
	if kind == kBuffer || kind == kLAM || kind == agentv1.HandleKind_HANDLE_KIND_UNSPECIFIED {
		return invalid("QueryAbiFacts: the object is " + kind.String() + ", not an adapter or a provider object")
	}
	obj, _, pe := s.lookup(h, kind)
	if pe != nil {
		return perr(pe)
	}
	typ := ndk.ObjectType(kind) // the handle kinds of objects are NDK_OBJECT_TYPE's values
	f, ok := s.abi.ObjectABI(obj)
	if !ok {
		return &agentv1.CallReturn{Status: uint32(ndk.StatusNotSupported), Reply: &agentv1.CallReturn_QueryAbiFacts{QueryAbiFacts: &agentv1.QueryAbiFactsReply{}}}
	}
	return &agentv1.CallReturn{Reply: &agentv1.CallReturn_QueryAbiFacts{QueryAbiFacts: &agentv1.QueryAbiFactsReply{Facts: abiFacts(typ, f)}}}
}

func protoVersion(v ndk.Version) *agentv1.Version {
	return &agentv1.Version{Major: uint32(v.Major), Minor: uint32(v.Minor)}
}

// abiFacts is f, what the C ABI showed of an object of type typ, in the
// protocol's terms: NullEntries become bits of DispatchMembers(typ)'s
// order (a name not among them is dropped: it cannot be said).
func abiFacts(typ ndk.ObjectType, f ndk.ObjectABI) *agentv1.AbiFacts {
	var null uint32
	members := ndk.DispatchMembers(typ)
	for _, name := range f.NullEntries {
		if i := slices.Index(members, name); i >= 0 && i < 32 {
			null |= 1 << i
		}
	}
	return &agentv1.AbiFacts{
		HeaderObjectType:  uint32(f.HeaderObjectType),
		HeaderVersion:     protoVersion(f.HeaderVersion),
		ReservedNonzero:   f.ReservedNonzero,
		DispatchNull:      f.DispatchNull,
		NullEntries:       null,
		NEntries:          uint32(max(f.Entries, 0)),
		DispatchReplaced:  f.DispatchReplaced,
		DispatchRewrites:  uint32(max(f.DispatchRewrites, 0)),
		Requested:         protoVersion(f.Requested),
		HasInfo:           f.HasInfo,
		InfoVersion:       protoVersion(f.InfoVersion),
		ProbeMinor:        protoVersion(f.ProbeMinor.Asked),
		ProbeMinorStatus:  uint32(f.ProbeMinor.Status),
		ProbeMinorGot:     protoVersion(f.ProbeMinor.Got),
		ProbeMajor:        protoVersion(f.ProbeMajor.Asked),
		ProbeMajorStatus:  uint32(f.ProbeMajor.Status),
		ProbeMajorGot:     protoVersion(f.ProbeMajor.Got),
		HighIrqlCallbacks: f.AboveDispatch,
		HighIrqlLast:      uint32(f.LastAboveIRQL),
		SizeProbes:        uint32(max(f.SizeProbes, 0)),
		SizeFailures:      uint32(max(f.SizeFailures, 0)),
		SizeCall:          uint32(f.SizeBreach.Call),
		SizeWhat:          uint32(f.SizeBreach.Breach),
		SizeOffered:       f.SizeBreach.Offered,
		SizeStatus:        uint32(f.SizeBreach.Status),
		SizeReturned:      f.SizeBreach.Returned,
	}
}

// abiCallbacks is what the provider's CallbackIRQLs reported since it was
// last asked, for a Callback (nil unless the provider shows the C ABI).
func (s *session) abiCallbacks() []*agentv1.CallbackIrql {
	if s.abi == nil {
		return nil
	}
	calls, _ := s.abi.CallbackIRQLs()
	out := make([]*agentv1.CallbackIrql, len(calls))
	for i, c := range calls {
		out[i] = &agentv1.CallbackIrql{Callback: c.Callback, Irql: uint32(c.IRQL), Held: c.Held}
	}
	return out
}
