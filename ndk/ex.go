package ndk

// The calls of NDKPI 2.1 and later: NdkCompleteConnectEx and NdkAcceptEx in
// NDK_CONNECTOR_DISPATCH, and the disconnect event callback they register,
// NdkDisconnectEventCallbackEx, which takes a ProviderDisconnectReason. The
// pages give each "Supported in NDKPI 2.1 and later" (Windows Server 2022);
// NDK_OBJECT_HEADER and NDK_VERSION name only 1.1 and 1.2, and
// NDK_RESULT_EX names the "NDK 2.0" and "NDK 2.1" layouts
// (docs/reference/ndkpi/RULES.md, OH-3).
//
// As for every call the pages add in a later version, a provider offers
// them through an optional interface (ConnectorEx), which its connectors
// implement when it has them, and declares their version in
// NDK_ADAPTER_INFO.Version: a consumer uses them only on an adapter that
// declares NDKPI 2.1 or later (HasEx) and on a connector that implements
// ConnectorEx. A provider of an earlier version, or a driver that cannot
// pass them on (an agent of a protocol before 1.4), hands out connectors
// that do not implement it.

// Version21 is NDKPI 2.1, the first version with the Ex connector calls.
var Version21 = Version{Major: 2, Minor: 1}

// AtLeast reports whether v is w or later.
func (v Version) AtLeast(w Version) bool {
	return v.Major > w.Major || v.Major == w.Major && v.Minor >= w.Minor
}

// HasEx reports whether an adapter that declares NDKPI version v has the
// calls of NDKPI 2.1 (NdkCompleteConnectEx, NdkAcceptEx,
// NdkDisconnectEventCallbackEx).
func (v Version) HasEx() bool { return v.AtLeast(Version21) }

// DisconnectEventCallbackEx is NDK_FN_DISCONNECT_EVENT_CALLBACK_EX: the
// peer disconnected (or the connection was aborted). reason is
// ProviderDisconnectReason, a provider-specific code that says why; 0 when
// the provider gives none or does not support the capability.
type DisconnectEventCallbackEx func(ctx any, reason uint32)

// AcceptExParams are the parameters of NdkAcceptEx: those of NdkAccept
// (AcceptParams) with an NdkDisconnectEventCallbackEx.
type AcceptExParams struct {
	QP                QP
	InboundReadLimit  uint32
	OutboundReadLimit uint32
	PrivateData       []byte
	// OnDisconnect is optional (nil: no disconnect event callback).
	OnDisconnect      DisconnectEventCallbackEx
	DisconnectContext any
}

// ConnectorEx is implemented by a Connector of a provider of NDKPI 2.1 or
// later: NDK_CONNECTOR_DISPATCH's NdkCompleteConnectEx and NdkAcceptEx.
// Each is its non-Ex call (CompleteConnect, Accept), with the same
// statuses in the same cases, whose disconnect event callback is an
// NdkDisconnectEventCallbackEx.
type ConnectorEx interface {
	Connector
	// CompleteConnectEx is NdkCompleteConnectEx (active side, after
	// Connect). onDisconnect is optional.
	CompleteConnectEx(onDisconnect DisconnectEventCallbackEx, disconnectCtx any, done RequestCompletion, ctx any) Status
	// AcceptEx is NdkAcceptEx (passive side, on a connector from a connect
	// event).
	AcceptEx(p AcceptExParams, done RequestCompletion, ctx any) Status
}
