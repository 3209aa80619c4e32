package sim

import (
	"net/netip"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// Deliberately broken provider variants. Each one breaks one rule (and the
// rules that fall with it, listed in its Rules) at the points of the code
// marked "VARIANT <name>" (grep for "VARIANT"); everything else stays
// conforming, so that a conformance check that fails against a variant
// pinpoints the rule it guards.

// Variant names.
const (
	VariantListenerCloseInline = "listener-close-inline"
	VariantAcceptWhileClosing  = "accept-while-closing"
	VariantEarlyPortRelease    = "early-port-release"
	VariantLateCallback        = "late-callback"

	VariantAntecedentCloseEarly         = "antecedent-close-early"
	VariantAdapterCloseEarly            = "adapter-close-early"
	VariantCloseDuringSuccessorCallback = "close-during-successor-callback"
	VariantCloseIgnoresPending          = "close-ignores-pending"
	VariantCloseDuringEvent             = "close-during-event"
	VariantCloseNoCancel                = "close-no-cancel"
	VariantCallbackUnderLock            = "callback-under-lock"
	VariantCreateCompletionLost         = "create-completion-lost"
	VariantCreateInlineAndCallback      = "create-inline-and-callback"
	VariantCreatePendingWithOutput      = "create-pending-with-output"
	VariantRequestCompletionTwice       = "request-completion-twice"
	VariantCloseFails                   = "close-fails"
	VariantCloseSuccessWithCallback     = "close-success-with-callback"
	VariantRejectConcurrentCalls        = "reject-concurrent-calls"
	VariantResourcesWrongStatus         = "resources-wrong-status"
	VariantSyncCallPending              = "sync-call-pending"

	VariantDisconnectWithoutWaiting     = "disconnect-without-waiting"
	VariantDisconnectIgnoresDMA         = "disconnect-ignores-dma"
	VariantDisconnectNoNotice           = "disconnect-no-notice"
	VariantIndicationToSelf             = "indication-to-self"
	VariantIndicationTwice              = "indication-twice"
	VariantIndicationAfterOwnDisconnect = "indication-after-own-disconnect"
	VariantNoAbortIndication            = "no-abort-indication"
	VariantTimeoutWrongStatus           = "timeout-wrong-status"
	VariantHalfClosed                   = "half-closed"
	VariantNoFlushAfterDisconnect       = "no-flush-after-disconnect"
	VariantHangWithOutstanding          = "hang-with-outstanding"
	VariantFlushOnIndication            = "flush-on-indication"
	VariantDisconnectUnconnected        = "disconnect-unconnected"

	VariantAcceptedLocalAddressWrong    = "accepted-local-address-wrong"
	VariantConnectSharesEndpoint        = "connect-shares-endpoint"
	VariantSharedEndpointAddressWrong   = "shared-endpoint-address-wrong"
	VariantListenerPortFree             = "listener-port-free"
	VariantListenerCloseLeaksPort       = "listener-close-leaks-port"
	VariantListenerCloseKeepsOwnRef     = "listener-close-keeps-own-ref"
	VariantConnectorCloseLeaksPort      = "connector-close-leaks-port"
	VariantSEPortFree                   = "se-port-free"
	VariantSECloseLeaksPort             = "se-close-leaks-port"
	VariantSECloseInline                = "se-close-inline"
	VariantWrongAddressStatus           = "wrong-address-status"
	VariantEphemeralOutOfRange          = "ephemeral-out-of-range"
	VariantNoListenerWrongStatus        = "no-listener-wrong-status"
	VariantReadLimitsUncapped           = "read-limits-uncapped"
	VariantPausedListenerDelivers       = "paused-listener-delivers"
	VariantCompleteConnectNotConnecting = "complete-connect-not-connecting"
	VariantAcceptAfterPeerGaveUp        = "accept-after-peer-gave-up"
	VariantConnectionDataRDSWrong       = "connection-data-rds-wrong"
	VariantReceiveWriteSerialized       = "receive-write-serialized"

	VariantTupleOutlivesConnector         = "tuple-outlives-connector"
	VariantUnreachableRefused             = "unreachable-refused"
	VariantConnectTimeoutWrongStatus      = "connect-timeout-wrong-status"
	VariantCompleteConnectAfterPeerGaveUp = "complete-connect-after-peer-gave-up"
	VariantCompleteConnectAfterTimeout    = "complete-connect-after-timeout"
	VariantAcceptTimeoutWrongStatus       = "accept-timeout-wrong-status"
	VariantRejectAfterPeerGaveUp          = "reject-after-peer-gave-up"
	VariantRejectAfterConnectRefused      = "reject-after-connect-refused"
	VariantRejectDataLost                 = "reject-data-lost"
	VariantCloseNoIndication              = "close-no-indication"
	VariantCloseIndicationTwice           = "close-indication-twice"
	VariantCloseIndicatesSelf             = "close-indicates-self"
	VariantDisconnectNeedsEvent           = "disconnect-needs-event"
	VariantSharedTupleUnchecked           = "shared-tuple-unchecked"
	VariantPrivateDataOffByOne            = "private-data-off-by-one"
	VariantEphemeralRangeOffByOne         = "ephemeral-range-off-by-one"

	VariantNoIPv4 = "no-ipv4"
	VariantNoIPv6 = "no-ipv6"

	VariantNotifyUnarmed = "notify-unarmed"

	VariantNoAdapterInfo    = "no-adapter-info"
	VariantNoConnector      = "no-connector"
	VariantNoCQ             = "no-cq"
	VariantNoListener       = "no-listener"
	VariantNoMR             = "no-mr"
	VariantNoMW             = "no-mw"
	VariantNoPD             = "no-pd"
	VariantNoQP             = "no-qp"
	VariantNoSharedEndpoint = "no-shared-endpoint"
	VariantNoSRQ            = "no-srq"
)

// unsupported are the variants that lack an entry point of the NDKPI
// object table (IF-3..IF-12): the call fails with STATUS_NOT_SUPPORTED.
var unsupported = []struct {
	variant, rule, call string
	kind                ndk.ObjectType
	also                []string // the rules that fall with it
}{
	{VariantNoAdapterInfo, "IF-3", "NdkQueryAdapterInfo", ndk.ObjectTypeAdapter, nil},
	{VariantNoConnector, "IF-4", "NdkCreateConnector", ndk.ObjectTypeConnector, nil},
	{VariantNoCQ, "IF-5", "NdkCreateCq", ndk.ObjectTypeCQ, nil},
	{VariantNoListener, "IF-6", "NdkCreateListener", ndk.ObjectTypeListener, nil},
	{VariantNoMR, "IF-7", "NdkCreateMr", ndk.ObjectTypeMR, nil},
	{VariantNoMW, "IF-8", "NdkCreateMw", ndk.ObjectTypeMW, nil},
	{VariantNoPD, "IF-9", "NdkCreatePd", ndk.ObjectTypePD, nil},
	{VariantNoQP, "IF-10", "NdkCreateQp and NdkCreateQpWithSrq", ndk.ObjectTypeQP, nil},
	// CN-1 names the statuses of NdkCreateSharedEndpoint on an address in
	// use or not the adapter's; STATUS_NOT_SUPPORTED is neither.
	{VariantNoSharedEndpoint, "IF-11", "NdkCreateSharedEndpoint", ndk.ObjectTypeSharedEndpoint, []string{"CN-1"}},
	{VariantNoSRQ, "IF-12", "NdkCreateSrq", ndk.ObjectTypeSRQ, nil},
}

// refuses reports whether the variant lacks the entry point that creates
// objects of kind (for ObjectTypeAdapter: NdkQueryAdapterInfo).
func (f *fabric) refuses(kind ndk.ObjectType) bool {
	for _, u := range unsupported {
		if u.variant == f.variant {
			return u.kind == kind
		}
	}
	return false
}

// Variant describes one deliberately broken variant of the provider,
// selected with the driver option variant=<Name>.
type Variant struct {
	// Name is the value of the variant option.
	Name string
	// Rule is the RULES.md ID of the rule the variant breaks (the first one
	// when it breaks several).
	Rule string
	// Rules lists every RULES.md ID the variant breaks.
	Rules []string
	// Description says in one line what the variant does wrong.
	Description string
}

var variants = []Variant{
	{
		Name:        VariantListenerCloseInline,
		Rule:        "LC-15",
		Rules:       []string{"LC-15", "LC-11", "LT-16", "LT-15"}, // LC-15 is LT-16 for listener -> connector
		Description: "closing a listener that still has accepted connectors open returns STATUS_SUCCESS at once instead of STATUS_PENDING",
	},
	{
		Name:        VariantAcceptWhileClosing,
		Rule:        "LC-16",
		Rules:       []string{"LC-16"},
		Description: "while a listener's close is pending, incoming connection requests are still delivered as connect events",
	},
	{
		Name:        VariantEarlyPortRelease,
		Rule:        "LC-14",
		Rules:       []string{"LC-14", "LC-13", "LC-24", "LC-8"},
		Description: "a listener's or shared endpoint's address/port is released as soon as its close is issued, ignoring its connectors' references",
	},
	{
		Name:        VariantLateCallback,
		Rule:        "LT-25",
		Rules:       []string{"LT-25"},
		Description: "after a connector's close has completed, its disconnect event callback is called once more (before the adapter close returns)",
	},
	{
		Name:        VariantAntecedentCloseEarly,
		Rule:        "LT-16",
		Rules:       []string{"LT-16", "LT-15"},
		Description: "closing a PD, CQ, SRQ, MR or QP whose successors are open returns STATUS_SUCCESS at once instead of STATUS_PENDING; the successors stay usable",
	},
	{
		Name:        VariantAdapterCloseEarly,
		Rule:        "LT-22",
		Rules:       []string{"LT-22"},
		Description: "the blocking adapter close returns at once, without waiting for the adapter's objects to close or its callbacks to return",
	},
	{
		Name:        VariantCloseDuringSuccessorCallback,
		Rule:        "LT-20",
		Rules:       []string{"LT-20", "LT-22"}, // the adapter close does not wait for the close completions either (LT-22)
		Description: "a close completion callback does not hold anything up: an antecedent's pending close completes, and the adapter close returns, while the last successor's close completion is still running",
	},
	{
		Name:        VariantCloseIgnoresPending,
		Rule:        "LT-23",
		Rules:       []string{"LT-23", "CR-7", "CR-9", "LT-25"}, // the request completion follows the close completion (LT-25)
		Description: "a close does not wait for the requests pending on the object (NdkConnect, NdkRegisterMr...): the close completes first, the pending request after it",
	},
	{
		Name:        VariantCloseDuringEvent,
		Rule:        "LT-24",
		Rules:       []string{"LT-24", "CQ-4", "CR-7"},
		Description: "the close of a listener, CQ or SRQ does not wait for its event callback running (connect event, notification)",
	},
	{
		Name:        VariantCloseNoCancel,
		Rule:        "LT-26",
		Rules:       []string{"LT-26", "QP-21"}, // the connect part is no violation: the pages name no status for a cancelled connect
		Description: "closing a QP drops its posted receives without completing them, and closing a connector completes its pending NdkConnect with STATUS_CONNECTION_ABORTED instead of STATUS_CANCELLED",
	},
	{
		Name:        VariantCallbackUnderLock,
		Rule:        "LT-12",
		Rules:       []string{"LT-12", "LT-9", "LT-14"},
		Description: "request completion callbacks run under a lock of their object that Close also takes: closing the object from inside such a callback deadlocks",
	},
	{
		Name:        VariantCreateCompletionLost,
		Rule:        "CR-1",
		Rules:       []string{"CR-1", "LT-4", "LT-6"},
		Description: "a pending NdkCreateMw never calls its completion callback",
	},
	{
		Name:        VariantCreateInlineAndCallback,
		Rule:        "CR-2",
		Rules:       []string{"CR-2"},
		Description: "NdkCreateSrq returns STATUS_SUCCESS with the SRQ and also calls its completion callback",
	},
	{
		Name:        VariantCreatePendingWithOutput,
		Rule:        "CR-3",
		Rules:       []string{"CR-3"},
		Description: "a pending NdkCreateCq also returns the CQ through its output parameter",
	},
	{
		Name:        VariantRequestCompletionTwice,
		Rule:        "CR-4",
		Rules:       []string{"CR-4"},
		Description: "a pending NdkResizeCq calls its completion callback twice",
	},
	{
		Name:        VariantCloseFails,
		Rule:        "CR-5",
		Rules:       []string{"CR-5"},
		Description: "closing an MW returns STATUS_UNSUCCESSFUL (the MW is closed anyway, without a callback)",
	},
	{
		Name:        VariantCloseSuccessWithCallback,
		Rule:        "CR-6",
		Rules:       []string{"CR-6", "CR-10", "LT-5", "LT-25"}, // the completion follows a close that returned STATUS_SUCCESS (LT-25)
		Description: "closing a PD with nothing outstanding returns STATUS_SUCCESS and also calls its close completion callback",
	},
	{
		Name:        VariantRejectConcurrentCalls,
		Rule:        "LT-7",
		Rules:       []string{"LT-7"},
		Description: "a call on an adapter or connector made while another call on the same object is inside the provider fails with STATUS_INVALID_DEVICE_STATE (the first calls on each stay inside about 1 ms)",
	},
	{
		Name:        VariantResourcesWrongStatus,
		Rule:        "CR-11",
		Rules:       []string{"CR-11"},
		Description: "a create beyond max-objects fails with STATUS_UNSUCCESSFUL instead of STATUS_INSUFFICIENT_RESOURCES",
	},
	{
		Name:        VariantSyncCallPending,
		Rule:        "CR-12",
		Rules:       []string{"CR-12"},
		Description: "two calls that take no completion callback return STATUS_PENDING: NdkGetPeerAddress on a connector that has a peer (with the address), and NdkWrite on a connected QP (which posts nothing: no completion comes, no byte moves)",
	},
	{
		Name:        VariantDisconnectWithoutWaiting,
		Rule:        "DS-4",
		Rules:       []string{"DS-4"},
		Description: "NdkDisconnect completes with STATUS_SUCCESS without waiting for the peer's answer (it still notifies the peer, and waits for DMA)",
	},
	{
		Name:        VariantDisconnectIgnoresDMA,
		Rule:        "DS-5",
		Rules:       []string{"DS-5"},
		Description: "NdkDisconnect does not wait for the transfers in flight on the QP: it completes once the peer answered, and the flush cancels them",
	},
	{
		Name:        VariantDisconnectNoNotice,
		Rule:        "DS-3",
		Rules:       []string{"DS-3", "DS-6", "CN-15"},
		Description: "NdkDisconnect never tells the peer it disconnects (the peer's provider only acknowledges a bare request): the peer gets no indication, the local disconnect completes",
	},
	{
		Name:        VariantIndicationToSelf,
		Rule:        "DS-2",
		Rules:       []string{"DS-2"},
		Description: "the consumer that calls NdkDisconnect also gets a disconnect indication for it",
	},
	{
		Name:        VariantIndicationTwice,
		Rule:        "CN-15",
		Rules:       []string{"CN-15"},
		Description: "the peer of a graceful disconnect gets its disconnect indication twice (the second 40 ms after the first)",
	},
	{
		Name:        VariantIndicationAfterOwnDisconnect,
		Rule:        "DS-6",
		Rules:       []string{"DS-6"},
		Description: "a side that already called NdkDisconnect still gets a disconnect indication for the peer's disconnect",
	},
	{
		Name:        VariantNoAbortIndication,
		Rule:        "DS-6",
		Rules:       []string{"DS-6", "DS-2"},
		Description: "when a host goes down, the connectors of its connections get no disconnect indication",
	},
	{
		Name:        VariantTimeoutWrongStatus,
		Rule:        "CN-17",
		Rules:       []string{"CN-17"},
		Description: "a disconnect handshake that times out completes with STATUS_UNSUCCESSFUL instead of STATUS_IO_TIMEOUT",
	},
	{
		Name:        VariantHalfClosed,
		Rule:        "DS-10",
		Rules:       []string{"DS-10"},
		Description: "after NdkDisconnect completed, initiator requests on the QP are still accepted and deliver data while the peer can receive",
	},
	{
		Name:        VariantNoFlushAfterDisconnect,
		Rule:        "QP-22",
		Rules:       []string{"QP-22", "DS-10"},
		Description: "NdkDisconnect does not flush the QP's posted receives: they stay pending until the QP is flushed or closed (or its connector closed)",
	},
	{
		Name:        VariantHangWithOutstanding,
		Rule:        "DS-4",
		Rules:       []string{"DS-4", "QP-22"},
		Description: "NdkDisconnect with initiator requests outstanding (sends waiting for a receive, held requests) does not complete until they do, which may be never",
	},
	{
		Name:        VariantFlushOnIndication,
		Rule:        "CN-16",
		Rules:       []string{"CN-16"},
		Description: "delivering the disconnect indication of the peer's graceful disconnect flushes the side's QP (its posted receives complete with STATUS_CANCELLED)",
	},
	{
		Name:        VariantDisconnectUnconnected,
		Rule:        "DS-4",
		Rules:       []string{"DS-4"},
		Description: "NdkDisconnect on an active connector that is not connected (new, or its connect failed) completes with STATUS_SUCCESS, though no peer answered",
	},
	{
		Name:        VariantAcceptedLocalAddressWrong,
		Rule:        "LC-2",
		Rules:       []string{"LC-2", "LC-3"},
		Description: "a connector accepted over a listener reports the listener's port + 1 as its local address",
	},
	{
		Name:        VariantConnectSharesEndpoint,
		Rule:        "LC-4",
		Rules:       []string{"LC-4", "LC-17"},
		Description: "an NdkConnect from port 0 reuses the endpoint of the previous NdkConnect from port 0 while it is bound: two connectors share a local port",
	},
	{
		Name:        VariantSharedEndpointAddressWrong,
		Rule:        "LC-5",
		Rules:       []string{"LC-5", "CN-4"},
		Description: "a connector connected over a shared endpoint reports the shared endpoint's port + 1 as its local address",
	},
	{
		Name:        VariantListenerPortFree,
		Rule:        "LC-7",
		Rules:       []string{"LC-7", "LC-6"},
		Description: "a listening listener does not hold its address and port: NdkListen, NdkConnect and NdkCreateSharedEndpoint on it succeed",
	},
	{
		Name:        VariantListenerCloseLeaksPort,
		Rule:        "LC-12",
		Rules:       []string{"LC-12", "LC-9"},
		Description: "a listener closed with accepted connectors open does not free its port after its last connector closed: its endpoint is released only when an ephemeral range runs out",
	},
	{
		Name:        VariantConnectorCloseLeaksPort,
		Rule:        "LC-18",
		Rules:       []string{"LC-18", "LC-19"},
		Description: "closing an NdkConnect connector never frees its dedicated endpoint",
	},
	{
		Name:        VariantSEPortFree,
		Rule:        "LC-20",
		Rules:       []string{"LC-20", "LC-21", "LC-6", "LC-24"},
		Description: "a shared endpoint does not hold its address and port: NdkListen, NdkConnect and NdkCreateSharedEndpoint on it succeed",
	},
	{
		Name:        VariantSECloseLeaksPort,
		Rule:        "LC-22",
		Rules:       []string{"LC-22", "LC-23"},
		Description: "closing a shared endpoint never drops its own reference on its endpoint: the port is never free again",
	},
	{
		Name:        VariantSECloseInline,
		Rule:        "LC-25",
		Rules:       []string{"LC-25", "LT-16", "LT-15"}, // LC-25 is LT-16 for shared endpoint -> connector
		Description: "closing a shared endpoint with connectors open returns STATUS_SUCCESS at once instead of STATUS_PENDING",
	},
	{
		Name:        VariantWrongAddressStatus,
		Rule:        "CN-1",
		Rules:       []string{"CN-1"},
		Description: "a source or local address that is not the adapter's gives STATUS_INVALID_PARAMETER instead of STATUS_INVALID_ADDRESS",
	},
	{
		Name:        VariantEphemeralOutOfRange,
		Rule:        "CN-2",
		Rules:       []string{"CN-2"},
		Description: "port 0 gives ports from 1024 up instead of from the ephemeral range 49152-65535",
	},
	{
		Name:        VariantNoListenerWrongStatus,
		Rule:        "CN-3",
		Rules:       []string{"CN-3"},
		Description: "NdkConnect to a port with no listener fails with STATUS_HOST_UNREACHABLE instead of STATUS_CONNECTION_REFUSED",
	},
	{
		Name:        VariantReadLimitsUncapped,
		Rule:        "CN-5",
		Rules:       []string{"CN-5"},
		Description: "the read limits are not capped by the adapter maxima nor the peer's limits: NdkGetConnectionData reports the limits asked for",
	},
	{
		Name:        VariantPausedListenerDelivers,
		Rule:        "CN-6",
		Rules:       []string{"CN-6"},
		Description: "NdkControlConnectEvents(pause) is ignored: requests are still delivered",
	},
	{
		Name:        VariantCompleteConnectNotConnecting,
		Rule:        "CN-7",
		Rules:       []string{"CN-7"},
		Description: "NdkCompleteConnect on an idle active connector returns STATUS_SUCCESS",
	},
	{
		Name:        VariantAcceptAfterPeerGaveUp,
		Rule:        "CN-8",
		Rules:       []string{"CN-8", "CN-9"},
		Description: "NdkAccept whose connecting peer gave up (rejected after its connect completed, or closed) completes with STATUS_SUCCESS",
	},
	{
		Name:        VariantConnectionDataRDSWrong,
		Rule:        "CN-11",
		Rules:       []string{"CN-11", "CN-13"},
		Description: "NdkGetConnectionData with a NULL buffer reports a private data length of 0, and with a short buffer returns STATUS_SUCCESS",
	},
	{
		Name:        VariantReceiveWriteSerialized,
		Rule:        "WR-5",
		Rules:       []string{"WR-5", "LT-7"},
		Description: "an NdkReceive made while an NdkWrite on the same QP is inside the provider (each Write stays about 1 ms) fails with STATUS_INVALID_DEVICE_STATE",
	},
	{
		Name:        VariantListenerCloseKeepsOwnRef,
		Rule:        "LC-10",
		Rules:       []string{"LC-10"},
		Description: "closing a listener that accepted no connector does not drop the listener's own reference: the port stays taken (until an ephemeral range runs out)",
	},
	{
		Name:        VariantTupleOutlivesConnector,
		Rule:        "CN-3",
		Rules:       []string{"CN-3"},
		Description: "the 4-tuple of a connector connected over a shared endpoint stays taken after the connector is closed: a new connection over the shared endpoint to the same remote address and port fails with STATUS_ADDRESS_ALREADY_EXISTS",
	},
	{
		Name:        VariantUnreachableRefused,
		Rule:        "CN-3",
		Rules:       []string{"CN-3"},
		Description: "NdkConnect to a host that is down, or from one, fails with STATUS_CONNECTION_REFUSED instead of STATUS_HOST_UNREACHABLE or STATUS_NETWORK_UNREACHABLE",
	},
	{
		Name:        VariantConnectTimeoutWrongStatus,
		Rule:        "CN-3",
		Rules:       []string{"CN-3"},
		Description: "a connect request held at an unresponsive host times out with STATUS_UNSUCCESSFUL instead of STATUS_IO_TIMEOUT",
	},
	{
		Name:        VariantCompleteConnectAfterPeerGaveUp,
		Rule:        "CN-7",
		Rules:       []string{"CN-7"},
		Description: "NdkCompleteConnect succeeds although the accepting peer closed its connector with its NdkAccept pending (the connector believes itself connected to nobody)",
	},
	{
		Name:        VariantCompleteConnectAfterTimeout,
		Rule:        "CN-7",
		Rules:       []string{"CN-7"},
		Description: "NdkCompleteConnect called after the accepting peer's NdkAccept timed out waiting for it succeeds instead of failing with STATUS_IO_TIMEOUT",
	},
	{
		Name:        VariantAcceptTimeoutWrongStatus,
		Rule:        "CN-8",
		Rules:       []string{"CN-8"},
		Description: "NdkAccept whose connecting peer never calls NdkCompleteConnect fails with STATUS_CONNECTION_ABORTED instead of STATUS_IO_TIMEOUT",
	},
	{
		Name:        VariantRejectAfterPeerGaveUp,
		Rule:        "CN-9",
		Rules:       []string{"CN-9"},
		Description: "NdkReject of a request whose connecting peer gave up (closed its connector) returns STATUS_SUCCESS instead of STATUS_CONNECTION_ABORTED",
	},
	{
		Name:        VariantRejectAfterConnectRefused,
		Rule:        "CN-9",
		Rules:       []string{"CN-9"},
		Description: "NdkReject on the connecting side after its NdkConnect completed fails with STATUS_CONNECTION_INVALID",
	},
	{
		Name:        VariantRejectDataLost,
		Rule:        "CN-13",
		Rules:       []string{"CN-13"},
		Description: "the private data of an NdkReject is not carried to the connecting side: its NdkGetConnectionData copies zeros (of the same RDS)",
	},
	{
		Name:        VariantCloseNoIndication,
		Rule:        "DS-6",
		Rules:       []string{"DS-6"},
		Description: "when the peer closes its connected connector without disconnecting, the connection is aborted here without a disconnect indication",
	},
	{
		Name:        VariantCloseIndicationTwice,
		Rule:        "CN-15",
		Rules:       []string{"CN-15"},
		Description: "when the peer closes its connected connector without disconnecting, the abort is indicated here twice (the second 40 ms after the first)",
	},
	{
		Name:        VariantCloseIndicatesSelf,
		Rule:        "DS-2",
		Rules:       []string{"DS-2"},
		Description: "closing a connected connector that did not disconnect indicates the abort it makes on both ends: its own consumer's disconnect event callback is called too, before the close completes",
	},
	{
		Name:        VariantDisconnectNeedsEvent,
		Rule:        "DS-4",
		Rules:       []string{"DS-4"},
		Description: "NdkDisconnect on a connector that registered no disconnect event callback (NdkCompleteConnect(Ex) or NdkAccept(Ex) without one) does not take the peer's answer: it fails with STATUS_IO_TIMEOUT after the disconnect time-out",
	},
	{
		Name:        VariantSharedTupleUnchecked,
		Rule:        "CN-3",
		Rules:       []string{"CN-3"},
		Description: "NdkConnectWithSharedEndpoint does not look for an existing connection with the same local/remote 4-tuple: a second connection over the shared endpoint to the same remote address and port goes to the listener",
	},
	{
		Name:        VariantPrivateDataOffByOne,
		Rule:        "OV-1",
		Rules:       []string{"OV-1"},
		Description: "NdkConnect takes MaxCallerData+1 bytes of private data (dropping the last), and NdkAccept and NdkReject refuse exactly MaxCalleeData bytes",
	},
	{
		Name:        VariantEphemeralRangeOffByOne,
		Rule:        "CN-2",
		Rules:       []string{"CN-2", "CN-1"},
		Description: "port 0 draws from 49151-65534 instead of the ephemeral range 49152-65535",
	},
	{
		Name:        VariantNoIPv4,
		Rule:        "OV-2",
		Rules:       []string{"OV-2"},
		Description: "the adapter opens by its IPv4 address, but listening, connecting and creating a shared endpoint on it fail with STATUS_INVALID_ADDRESS",
	},
	{
		Name:        VariantNoIPv6,
		Rule:        "OV-2",
		Rules:       []string{"OV-2"},
		Description: "the adapter opens by its IPv6 address, but listening, connecting and creating a shared endpoint on it fail with STATUS_INVALID_ADDRESS",
	},
	{
		Name:        VariantNotifyUnarmed,
		Rule:        "CQ-2",
		Rules:       []string{"CQ-2", "CH-7"}, // CH-7: a callback only after NdkArmCq
		Description: "a CQ that is not armed calls its notification callback for every new completion",
	},
}

func init() {
	for _, u := range unsupported {
		variants = append(variants, Variant{Name: u.variant, Rule: u.rule, Rules: append([]string{u.rule}, u.also...),
			Description: u.call + " fails with STATUS_NOT_SUPPORTED (the provider lacks the entry point)"})
	}
}

// Variants returns the deliberately broken variants the driver implements,
// in a fixed order. The result is a copy.
func Variants() []Variant {
	out := make([]Variant, len(variants))
	for i, v := range variants {
		v.Rules = append([]string(nil), v.Rules...)
		out[i] = v
	}
	return out
}

func variantNames() []string {
	names := make([]string, len(variants))
	for i, v := range variants {
		names[i] = v.Name
	}
	return names
}

// ---- VARIANT reject-concurrent-calls (breaks LT-7) ----

// concurrentCallHold is how long the reject-concurrent-calls variant keeps
// each of the first concurrentCallsHeld calls on an adapter or connector
// inside the provider, so that calls made concurrently on a new object
// certainly overlap. Later calls are not held, so that long sequential runs
// of calls (thousands of creates) are not slowed down; they are still
// refused whenever they do overlap.
const (
	concurrentCallHold  = time.Millisecond
	concurrentCallsHeld = 256
)

// callGate lets one call at a time into an object.
type callGate struct {
	in    atomic.Bool
	calls atomic.Int64
}

// enter reports whether no other call is inside; if so the call is inside
// until leave (and held there first, for the first calls).
func (g *callGate) enter() bool {
	if !g.in.CompareAndSwap(false, true) {
		return false
	}
	if g.calls.Add(1) <= concurrentCallsHeld {
		time.Sleep(concurrentCallHold)
	}
	return true
}

func (g *callGate) leave() { g.in.Store(false) }

// gatedAdapter is the adapter of the reject-concurrent-calls variant: a
// call made while another is inside fails with STATUS_INVALID_DEVICE_STATE.
// Its connectors (created or delivered by connect events) are gated the same
// way. Close is not gated; ReleaseLAM, which has no status, neither.
type gatedAdapter struct {
	*adapter
	g callGate
}

func gateConnector(c ndk.Connector) ndk.Connector {
	if c == nil {
		return nil
	}
	return &gatedConnector{Connector: c}
}

// gateCreate gates the connector a create completion delivers.
func gateCreate(done ndk.CreateCompletion) ndk.CreateCompletion {
	if done == nil {
		return nil
	}
	return func(ctx any, st ndk.Status, o ndk.Object) {
		if c, ok := o.(ndk.Connector); ok {
			o = gateConnector(c)
		}
		done(ctx, st, o)
	}
}

func (a *gatedAdapter) QueryAdapterInfo() (ndk.AdapterInfo, ndk.Status) {
	if !a.g.enter() {
		return ndk.AdapterInfo{}, ndk.StatusInvalidDeviceState
	}
	defer a.g.leave()
	return a.adapter.QueryAdapterInfo()
}

func (a *gatedAdapter) CreateCQ(p ndk.CQParams, done ndk.CreateCompletion, ctx any) (ndk.CQ, ndk.Status) {
	if !a.g.enter() {
		return nil, ndk.StatusInvalidDeviceState
	}
	defer a.g.leave()
	return a.adapter.CreateCQ(p, done, ctx)
}

func (a *gatedAdapter) CreatePD(done ndk.CreateCompletion, ctx any) (ndk.PD, ndk.Status) {
	if !a.g.enter() {
		return nil, ndk.StatusInvalidDeviceState
	}
	defer a.g.leave()
	return a.adapter.CreatePD(done, ctx)
}

func (a *gatedAdapter) CreateSharedEndpoint(local netip.AddrPort, done ndk.CreateCompletion, ctx any) (ndk.SharedEndpoint, ndk.Status) {
	if !a.g.enter() {
		return nil, ndk.StatusInvalidDeviceState
	}
	defer a.g.leave()
	return a.adapter.CreateSharedEndpoint(local, done, ctx)
}

func (a *gatedAdapter) CreateConnector(done ndk.CreateCompletion, ctx any) (ndk.Connector, ndk.Status) {
	if !a.g.enter() {
		return nil, ndk.StatusInvalidDeviceState
	}
	defer a.g.leave()
	c, st := a.adapter.CreateConnector(gateCreate(done), ctx)
	return gateConnector(c), st
}

func (a *gatedAdapter) CreateListener(onConnect ndk.ConnectEventCallback, connectCtx any, done ndk.CreateCompletion, ctx any) (ndk.Listener, ndk.Status) {
	if !a.g.enter() {
		return nil, ndk.StatusInvalidDeviceState
	}
	defer a.g.leave()
	if onConnect != nil {
		inner := onConnect
		onConnect = func(ctx any, c ndk.Connector) { inner(ctx, gateConnector(c)) }
	}
	return a.adapter.CreateListener(onConnect, connectCtx, done, ctx)
}

func (a *gatedAdapter) BuildLAM(buf []byte, lam *ndk.LAM, done ndk.RequestCompletion, ctx any) ndk.Status {
	if !a.g.enter() {
		return ndk.StatusInvalidDeviceState
	}
	defer a.g.leave()
	return a.adapter.BuildLAM(buf, lam, done, ctx)
}

// gatedConnector is a connector of the reject-concurrent-calls variant.
type gatedConnector struct {
	ndk.Connector
	g callGate
}

func (c *gatedConnector) Connect(p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	if !c.g.enter() {
		return ndk.StatusInvalidDeviceState
	}
	defer c.g.leave()
	return c.Connector.Connect(p, done, ctx)
}

func (c *gatedConnector) ConnectWithSharedEndpoint(se ndk.SharedEndpoint, p ndk.ConnectParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	if !c.g.enter() {
		return ndk.StatusInvalidDeviceState
	}
	defer c.g.leave()
	return c.Connector.ConnectWithSharedEndpoint(se, p, done, ctx)
}

func (c *gatedConnector) CompleteConnect(onDisconnect ndk.DisconnectEventCallback, disconnectCtx any, done ndk.RequestCompletion, ctx any) ndk.Status {
	if !c.g.enter() {
		return ndk.StatusInvalidDeviceState
	}
	defer c.g.leave()
	return c.Connector.CompleteConnect(onDisconnect, disconnectCtx, done, ctx)
}

func (c *gatedConnector) Accept(p ndk.AcceptParams, done ndk.RequestCompletion, ctx any) ndk.Status {
	if !c.g.enter() {
		return ndk.StatusInvalidDeviceState
	}
	defer c.g.leave()
	return c.Connector.Accept(p, done, ctx)
}

func (c *gatedConnector) Reject(privateData []byte) ndk.Status {
	if !c.g.enter() {
		return ndk.StatusInvalidDeviceState
	}
	defer c.g.leave()
	return c.Connector.Reject(privateData)
}

func (c *gatedConnector) GetConnectionData(buf []byte) (ndk.ConnectionData, ndk.Status) {
	if !c.g.enter() {
		return ndk.ConnectionData{}, ndk.StatusInvalidDeviceState
	}
	defer c.g.leave()
	return c.Connector.GetConnectionData(buf)
}

func (c *gatedConnector) GetLocalAddress() (netip.AddrPort, ndk.Status) {
	if !c.g.enter() {
		return netip.AddrPort{}, ndk.StatusInvalidDeviceState
	}
	defer c.g.leave()
	return c.Connector.GetLocalAddress()
}

func (c *gatedConnector) GetPeerAddress() (netip.AddrPort, ndk.Status) {
	if !c.g.enter() {
		return netip.AddrPort{}, ndk.StatusInvalidDeviceState
	}
	defer c.g.leave()
	return c.Connector.GetPeerAddress()
}

func (c *gatedConnector) Disconnect(done ndk.RequestCompletion, ctx any) ndk.Status {
	if !c.g.enter() {
		return ndk.StatusInvalidDeviceState
	}
	defer c.g.leave()
	return c.Connector.Disconnect(done, ctx)
}
