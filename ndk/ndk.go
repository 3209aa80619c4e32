package ndk

import "net/netip"

// ObjectType is NDK_OBJECT_TYPE, with the values of ndkpi.h.
type ObjectType uint32

// NDK object types.
const (
	ObjectTypeAdapter        ObjectType = 1
	ObjectTypeQP             ObjectType = 2
	ObjectTypeCQ             ObjectType = 3
	ObjectTypeMR             ObjectType = 4
	ObjectTypeMW             ObjectType = 5
	ObjectTypePD             ObjectType = 6
	ObjectTypeSharedEndpoint ObjectType = 7
	ObjectTypeConnector      ObjectType = 8
	ObjectTypeListener       ObjectType = 9
	ObjectTypeSRQ            ObjectType = 10
)

func (t ObjectType) String() string {
	switch t {
	case ObjectTypeAdapter:
		return "NDK_ADAPTER"
	case ObjectTypeQP:
		return "NDK_QP"
	case ObjectTypeCQ:
		return "NDK_CQ"
	case ObjectTypeMR:
		return "NDK_MR"
	case ObjectTypeMW:
		return "NDK_MW"
	case ObjectTypePD:
		return "NDK_PD"
	case ObjectTypeSharedEndpoint:
		return "NDK_SHARED_ENDPOINT"
	case ObjectTypeConnector:
		return "NDK_CONNECTOR"
	case ObjectTypeListener:
		return "NDK_LISTENER"
	case ObjectTypeSRQ:
		return "NDK_SRQ"
	}
	return "NDK_OBJECT_TYPE(?)"
}

// Version is NDK_VERSION.
type Version struct{ Major, Minor uint16 }

// Consumer callbacks. The provider calls them; the consumer implements them.
type (
	// CreateCompletion is NDK_FN_CREATE_COMPLETION: a create call that
	// returned StatusPending has finished. obj is the new object when status
	// is StatusSuccess, nil otherwise.
	CreateCompletion func(ctx any, status Status, obj Object)
	// RequestCompletion is NDK_FN_REQUEST_COMPLETION: a request call that
	// returned StatusPending has finished with status.
	RequestCompletion func(ctx any, status Status)
	// CloseCompletion is NDK_FN_CLOSE_COMPLETION: a close that returned
	// StatusPending has finished. It is the object's last callback.
	CloseCompletion func(ctx any)
	// ConnectEventCallback is NDK_FN_CONNECT_EVENT_CALLBACK: an incoming
	// connection request on a listener, delivered as a new connector.
	ConnectEventCallback func(ctx any, conn Connector)
	// DisconnectEventCallback is NDK_FN_DISCONNECT_EVENT_CALLBACK: the peer
	// disconnected or the connection was aborted.
	DisconnectEventCallback func(ctx any)
	// CQNotificationCallback is NDK_FN_CQ_NOTIFICATION_CALLBACK.
	CQNotificationCallback func(ctx any, cqStatus Status)
)

// Object is what every NDK object but the adapter has: its type and
// NdkCloseObject.
type Object interface {
	ObjectType() ObjectType
	// Close is NdkCloseObject. It returns StatusSuccess (closed, no
	// callback) or StatusPending (done is called once, as the object's last
	// callback).
	Close(done CloseCompletion, ctx any) Status
}

// AdapterInfo is NDK_ADAPTER_INFO.
type AdapterInfo struct {
	Version                Version
	VendorID, DeviceID     uint32
	MaxRegistrationSize    uint64
	MaxWindowSize          uint64
	FRMRPageCount          uint32
	MaxInitiatorRequestSGE uint32
	MaxReceiveRequestSGE   uint32
	MaxReadRequestSGE      uint32
	MaxTransferLength      uint32
	MaxInlineDataSize      uint32
	MaxInboundReadLimit    uint32
	MaxOutboundReadLimit   uint32
	MaxReceiveQueueDepth   uint32
	MaxInitiatorQueueDepth uint32
	MaxSRQDepth            uint32
	MaxCQDepth             uint32
	LargeRequestThreshold  uint32
	MaxCallerData          uint32
	MaxCalleeData          uint32
	AdapterFlags           uint32
	RDMATechnology         RDMATechnology
}

// NDK_ADAPTER_INFO.AdapterFlags.
const (
	AdapterFlagInOrderDMASupported              = 0x1
	AdapterFlagRDMAReadSinkNotRequired          = 0x2
	AdapterFlagCQInterruptModerationSupported   = 0x4
	AdapterFlagMultiEngineSupported             = 0x8
	AdapterFlagRDMAReadLocalInvalidateSupported = 0x10
	AdapterFlagCQResizeSupported                = 0x100
	AdapterFlagLoopbackConnectionsSupported     = 0x10000
)

// RDMATechnology is NDK_RDMA_TECHNOLOGY.
type RDMATechnology uint32

// RDMA technologies.
const (
	RDMATechnologyUndefined  RDMATechnology = 0
	RDMATechnologyIWARP      RDMATechnology = 1
	RDMATechnologyInfiniBand RDMATechnology = 2
	RDMATechnologyRoCE       RDMATechnology = 3
	RDMATechnologyRoCEv2     RDMATechnology = 4
)

// Adapter is NDK_ADAPTER with NDK_ADAPTER_DISPATCH.
type Adapter interface {
	// Close is the NDK_ADAPTER close: it blocks, and when it returns every
	// callback on every object of the adapter has returned and none follows.
	Close()
	// QueryAdapterInfo is NdkQueryAdapterInfo.
	QueryAdapterInfo() (AdapterInfo, Status)
	// CreateCQ is NdkCreateCq.
	CreateCQ(p CQParams, done CreateCompletion, ctx any) (CQ, Status)
	// CreatePD is NdkCreatePd.
	CreatePD(done CreateCompletion, ctx any) (PD, Status)
	// CreateSharedEndpoint is NdkCreateSharedEndpoint: a local address (port
	// 0 asks the provider for an ephemeral port) that many outgoing
	// connections share.
	CreateSharedEndpoint(local netip.AddrPort, done CreateCompletion, ctx any) (SharedEndpoint, Status)
	// CreateConnector is NdkCreateConnector.
	CreateConnector(done CreateCompletion, ctx any) (Connector, Status)
	// CreateListener is NdkCreateListener. onConnect is called for every
	// incoming connection request once the listener listens.
	CreateListener(onConnect ConnectEventCallback, connectCtx any, done CreateCompletion, ctx any) (Listener, Status)
}

// CQParams are the parameters of NdkCreateCq.
type CQParams struct {
	Depth         uint32
	Notify        CQNotificationCallback
	NotifyContext any
}

// CQ is NDK_CQ with NDK_CQ_DISPATCH.
type CQ interface {
	Object
}

// PD is NDK_PD with NDK_PD_DISPATCH.
type PD interface {
	Object
	// CreateQP is NdkCreateQp.
	CreateQP(p QPParams, done CreateCompletion, ctx any) (QP, Status)
}

// QPParams are the parameters of NdkCreateQp.
type QPParams struct {
	ReceiveCQ, InitiatorCQ CQ
	// Context is the QPContext returned in every NDK_RESULT of the QP.
	Context                any
	ReceiveQueueDepth      uint32
	InitiatorQueueDepth    uint32
	MaxReceiveRequestSGE   uint32
	MaxInitiatorRequestSGE uint32
	InlineDataSize         uint32
}

// QP is NDK_QP with NDK_QP_DISPATCH.
type QP interface {
	Object
}

// ConnectParams are the parameters of NdkConnect and
// NdkConnectWithSharedEndpoint (which ignores Source).
type ConnectParams struct {
	QP                QP
	Source            netip.AddrPort
	Destination       netip.AddrPort
	InboundReadLimit  uint32
	OutboundReadLimit uint32
	PrivateData       []byte
}

// AcceptParams are the parameters of NdkAccept.
type AcceptParams struct {
	QP                QP
	InboundReadLimit  uint32
	OutboundReadLimit uint32
	PrivateData       []byte
	// OnDisconnect is optional.
	OnDisconnect      DisconnectEventCallback
	DisconnectContext any
}

// ConnectionData is what NdkGetConnectionData reports besides the private
// data bytes it copies.
type ConnectionData struct {
	InboundReadLimit  uint32
	OutboundReadLimit uint32
	// PrivateDataLength is RDS, the required private data buffer size,
	// stored in *pPrivateDataLength on every return.
	PrivateDataLength int
}

// Connector is NDK_CONNECTOR with NDK_CONNECTOR_DISPATCH.
type Connector interface {
	Object
	// Connect is NdkConnect: connect from a dedicated implicit endpoint at
	// p.Source (port 0: an ephemeral port).
	Connect(p ConnectParams, done RequestCompletion, ctx any) Status
	// ConnectWithSharedEndpoint is NdkConnectWithSharedEndpoint.
	ConnectWithSharedEndpoint(se SharedEndpoint, p ConnectParams, done RequestCompletion, ctx any) Status
	// CompleteConnect is NdkCompleteConnect (active side, after Connect).
	CompleteConnect(onDisconnect DisconnectEventCallback, disconnectCtx any, done RequestCompletion, ctx any) Status
	// Accept is NdkAccept (passive side, on a connector from a connect event).
	Accept(p AcceptParams, done RequestCompletion, ctx any) Status
	// Reject is NdkReject. It has no completion callback.
	Reject(privateData []byte) Status
	// GetConnectionData is NdkGetConnectionData. buf is pPrivateData with
	// *pPrivateDataLength = len(buf); a nil buf is a NULL pPrivateData. The
	// provider copies min(len(buf), RDS) bytes into buf.
	GetConnectionData(buf []byte) (ConnectionData, Status)
	// GetLocalAddress is NdkGetLocalAddress.
	GetLocalAddress() (netip.AddrPort, Status)
	// GetPeerAddress is NdkGetPeerAddress.
	GetPeerAddress() (netip.AddrPort, Status)
	// Disconnect is NdkDisconnect.
	Disconnect(done RequestCompletion, ctx any) Status
}

// Listener is NDK_LISTENER with NDK_LISTENER_DISPATCH.
type Listener interface {
	Object
	// Listen is NdkListen (port 0: an ephemeral port).
	Listen(local netip.AddrPort, done RequestCompletion, ctx any) Status
	// GetLocalAddress is NdkGetListenerLocalAddress.
	GetLocalAddress() (netip.AddrPort, Status)
	// ControlConnectEvents is NdkControlConnectEvents: pause (true) or resume
	// connect events.
	ControlConnectEvents(pause bool)
}

// SharedEndpoint is NDK_SHARED_ENDPOINT with NDK_SHARED_ENDPOINT_DISPATCH.
type SharedEndpoint interface {
	Object
	// GetLocalAddress is NdkGetSharedEndpointLocalAddress.
	GetLocalAddress() (netip.AddrPort, Status)
}

// The ephemeral port range from which a provider assigns port 0.
const (
	EphemeralPortFirst = 49152
	EphemeralPortLast  = 65535
)
