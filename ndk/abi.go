package ndk

import "fmt"

// ABIReporter is implemented by a Provider whose driver calls the provider
// through NDKPI's C ABI (drivers/remote's ndkt driver: ndkt's core reads
// the NDK_OBJECT_HEADER and calls through the dispatch tables), so that it
// can show what only the ABI shows: each object's header and dispatch
// table as the provider handed it over, the adapter open's version
// negotiation, and the IRQL of every callback. A driver that calls the
// provider otherwise (sim in process, rxe, an agent over a Go provider)
// shows none of it: it does not implement ABIReporter, or answers ok
// false. The reports are facts; the suite's specs judge them against the
// rules.
type ABIReporter interface {
	// ObjectABI is what the C ABI showed of obj, an Adapter or an Object
	// of this provider, when the provider handed it over (the create's
	// return or completion, the connect event, the adapter open); ok is
	// false when the driver cannot show it.
	ObjectABI(obj any) (ObjectABI, bool)
	// CallbackIRQLs returns the callbacks the consumer received since the
	// last call, oldest first; ok is false when the driver cannot show
	// them.
	CallbackIRQLs() ([]CallbackIRQL, bool)
}

// ObjectABI is what NDKPI's C ABI showed of an object at its hand-over.
type ObjectABI struct {
	// HeaderObjectType and HeaderVersion are its Header.ObjectType and
	// Header.Version; ReservedNonzero: Header.NdkReserved was not all zero.
	HeaderObjectType ObjectType
	HeaderVersion    Version
	ReservedNonzero  bool
	// DispatchNull: Dispatch was NULL. Otherwise Entries is the number of
	// members of its dispatch table and NullEntries names those that were
	// NULL (NDKPI's member names, e.g. "NdkBind"), in declaration order.
	DispatchNull bool
	Entries      int
	NullEntries  []string
	// DispatchReplaced: the consumer pointed Dispatch at its own copy of
	// the table at the hand-over (a consumer may change it: OH-2), and
	// DispatchRewrites is how many times it found Dispatch changed back
	// since (at each ObjectABI).
	DispatchReplaced bool
	DispatchRewrites int
	// An adapter's version negotiation: the version the open that
	// succeeded asked for, NDK_ADAPTER_INFO's version (HasInfo:
	// NdkQueryAdapterInfo succeeded), and two probe opens made after it.
	Requested   Version
	HasInfo     bool
	InfoVersion Version
	// ProbeMinor asked for a minor version above the one the adapter
	// reports, ProbeMajor for the next major version.
	ProbeMinor, ProbeMajor VersionProbe
	// AboveDispatch is how many callbacks the provider made above
	// DISPATCH_LEVEL so far (none of them reached the consumer: nothing
	// can be passed on from there), LastAboveIRQL the IRQL of the last.
	AboveDispatch uint64
	LastAboveIRQL uint8
	// The buffer-size contract (CN-18; AI-5, AI-9), probed after the first
	// success on the object of each call that takes a buffer and its size
	// (NdkQueryAdapterInfo at an adapter's open; the address getters):
	// the call again with 0 bytes, with the size a too-small answer asked
	// for, and with one byte less than it wrote. SizeProbes is how many
	// answers were judged (0: none was probed, or the driver probes none),
	// SizeFailures how many broke the contract, SizeBreach the first.
	SizeProbes, SizeFailures int
	SizeBreach               SizeProbe
}

// SizeProbe is one answer of a call that takes a buffer and its size
// that broke its contract: the call, what broke, the bytes offered, the
// status and the length the call returned.
type SizeProbe struct {
	Call              SizeCall
	Breach            SizeBreach
	Offered, Returned uint32
	Status            Status
}

// SizeCall is a call whose buffer size is probed (the values are ndkt's
// and the agent protocol's AbiFacts.size_call).
type SizeCall uint32

const (
	SizeCallQueryAdapterInfo              SizeCall = 1
	SizeCallGetLocalAddress               SizeCall = 2
	SizeCallGetPeerAddress                SizeCall = 3
	SizeCallGetListenerLocalAddress       SizeCall = 4
	SizeCallGetSharedEndpointLocalAddress SizeCall = 5
)

func (c SizeCall) String() string {
	switch c {
	case SizeCallQueryAdapterInfo:
		return "NdkQueryAdapterInfo"
	case SizeCallGetLocalAddress:
		return "NdkGetLocalAddress"
	case SizeCallGetPeerAddress:
		return "NdkGetPeerAddress"
	case SizeCallGetListenerLocalAddress:
		return "NdkGetListenerLocalAddress"
	case SizeCallGetSharedEndpointLocalAddress:
		return "NdkGetSharedEndpointLocalAddress"
	}
	return fmt.Sprintf("size call %d", uint32(c))
}

// SizeBreach is what of the buffer-size contract an answer broke (the
// values are ndkt's and the agent protocol's AbiFacts.size_what).
type SizeBreach uint32

const (
	// SizeSuccessLength: STATUS_SUCCESS with a length of 0 or above the
	// bytes offered.
	SizeSuccessLength SizeBreach = 1
	// SizeNoSizeNeeded: STATUS_BUFFER_TOO_SMALL with a length not above
	// the bytes offered (no size needed said).
	SizeNoSizeNeeded SizeBreach = 2
	// SizeNeededRefused: the size a too-small answer asked for was
	// answered STATUS_BUFFER_TOO_SMALL again.
	SizeNeededRefused SizeBreach = 3
	// SizeWrotePast: a byte was written past the bytes offered.
	SizeWrotePast SizeBreach = 4
	// SizeNotWritten: NdkQueryAdapterInfo, given more room than it asked
	// for, succeeded with a length other than the size it asked for.
	SizeNotWritten SizeBreach = 5
)

func (b SizeBreach) String() string {
	switch b {
	case SizeSuccessLength:
		return "STATUS_SUCCESS with a length of 0 or above the bytes offered"
	case SizeNoSizeNeeded:
		return "STATUS_BUFFER_TOO_SMALL without the size needed (a length not above the bytes offered)"
	case SizeNeededRefused:
		return "the size it asked for answered STATUS_BUFFER_TOO_SMALL again"
	case SizeWrotePast:
		return "a byte written past the bytes offered"
	case SizeNotWritten:
		return "given more room than it asked for, STATUS_SUCCESS with a length other than the size it asked for"
	}
	return fmt.Sprintf("size breach %d", uint32(b))
}

// VersionProbe is one adapter open asking for Asked: its status and the
// version its adapter reported (zero when the open failed). An adapter a
// probe opened is closed at once.
type VersionProbe struct {
	Asked  Version
	Status Status
	Got    Version
}

// CallbackIRQL is one callback the provider made: which (NDKPI's name of
// the callback type, e.g. "NdkCqNotificationCallback"), the IRQL it was
// called at, and whether the provider's thread was held until the
// consumer's callback returned.
type CallbackIRQL struct {
	Callback string
	IRQL     uint8
	Held     bool
}

// dispatchMembers are the members of each dispatch table in NDKPI's
// declaration order (ndkt/include/ndkpi.h, from the pages' declarations).
var dispatchMembers = map[ObjectType][]string{
	ObjectTypeAdapter: {"NdkQueryExtension", "NdkQueryAdapterInfo", "NdkCreateCq", "NdkCreatePd", "NdkCreateSharedEndpoint",
		"NdkCreateConnector", "NdkCreateListener", "NdkBuildLAM", "NdkReleaseLAM"},
	ObjectTypeCQ: {"NdkCloseCq", "NdkQueryExtension", "NdkResizeCq", "NdkArmCq", "NdkGetCqResults",
		"NdkControlCqInterruptModeration", "NdkGetCqResultsEx"},
	ObjectTypePD: {"NdkClosePd", "NdkQueryExtension", "NdkCreateMr", "NdkCreateMw", "NdkCreateSrq", "NdkCreateQp",
		"NdkCreateQpWithSrq", "NdkGetPrivilegedMemoryRegionToken"},
	ObjectTypeMR: {"NdkCloseMr", "NdkQueryExtension", "NdkRegisterMr", "NdkDeregisterMr", "NdkInitializeFastRegisterMr",
		"NdkGetRemoteTokenFromMr", "NdkGetLocalTokenFromMr"},
	ObjectTypeMW:  {"NdkCloseMw", "NdkQueryExtension", "NdkGetRemoteTokenFromMw"},
	ObjectTypeSRQ: {"NdkCloseSrq", "NdkQueryExtension", "NdkModifySrq", "NdkSrqReceive"},
	ObjectTypeQP: {"NdkCloseQp", "NdkQueryExtension", "NdkFlush", "NdkSend", "NdkReceive", "NdkBind", "NdkFastRegister",
		"NdkInvalidate", "NdkRead", "NdkWrite", "NdkSendAndInvalidate"},
	ObjectTypeSharedEndpoint: {"NdkCloseSharedEndpoint", "NdkQueryExtension", "NdkGetLocalAddress"},
	ObjectTypeConnector: {"NdkCloseConnector", "NdkQueryExtension", "NdkConnect", "NdkConnectWithSharedEndpoint",
		"NdkCompleteConnect", "NdkAccept", "NdkReject", "NdkGetConnectionData", "NdkGetLocalAddress", "NdkGetPeerAddress",
		"NdkDisconnect", "NdkCompleteConnectEx", "NdkAcceptEx"},
	ObjectTypeListener: {"NdkCloseListener", "NdkQueryExtension", "NdkListen", "NdkGetLocalAddress", "NdkControlConnectEvents"},
}

// DispatchMembers returns the members of the dispatch table of an object
// of type t (ObjectTypeAdapter for an adapter) in NDKPI's declaration
// order: bit i of a null-entries mask (the agent protocol's
// AbiFacts.null_entries, ndkt's core) is the i-th. Nil for another type.
func DispatchMembers(t ObjectType) []string { return dispatchMembers[t] }
