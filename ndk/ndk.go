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
	// BuildLAM is NdkBuildLam over buf (a virtually contiguous range); the
	// provider fills lam.
	BuildLAM(buf []byte, lam *LAM, done RequestCompletion, ctx any) Status
	// ReleaseLAM is NdkReleaseLam.
	ReleaseLAM(lam *LAM)
}

// CQParams are the parameters of NdkCreateCq.
type CQParams struct {
	Depth         uint32
	Notify        CQNotificationCallback
	NotifyContext any
}

// CQNotifyType is the Type of NdkArmCq.
type CQNotifyType uint32

// CQ notification types (ndkpi.h values).
const (
	CQNotifyErrors    CQNotifyType = 0
	CQNotifyAny       CQNotifyType = 1
	CQNotifySolicited CQNotifyType = 2
)

// OperationType is NDK_OPERATION_TYPE.
type OperationType uint32

// Operation types (ndkpi.h values).
const (
	OpReceive              OperationType = 1
	OpSend                 OperationType = 2
	OpFastRegister         OperationType = 4
	OpBind                 OperationType = 8
	OpInvalidate           OperationType = 16
	OpRead                 OperationType = 32
	OpWrite                OperationType = 64
	OpReceiveAndInvalidate OperationType = 32769
)

// Result is NDK_RESULT: one completion removed from a CQ.
type Result struct {
	Status Status
	// BytesTransferred is valid only for NdkReceive completions.
	BytesTransferred uint32
	// QPContext is the QPParams.Context of the QP the request was posted on.
	QPContext any
	// RequestContext is the context the request was posted with.
	RequestContext any
}

// ResultEx is NDK_RESULT_EX.
type ResultEx struct {
	Result
	Type OperationType
	// ProviderErrorCode is 0 when Status is STATUS_SUCCESS.
	ProviderErrorCode uint32
	// TypeSpecificCompletionOutput is the invalidated token of an
	// OpReceiveAndInvalidate completion, undefined otherwise.
	TypeSpecificCompletionOutput uint64
}

// CQ is NDK_CQ with NDK_CQ_DISPATCH.
type CQ interface {
	Object
	// Resize is NdkResizeCq.
	Resize(depth uint32, done RequestCompletion, ctx any) Status
	// Arm is NdkArmCq: request one notification callback.
	Arm(t CQNotifyType)
	// GetResults is NdkGetCqResults: remove up to len(results) completions
	// and return how many.
	GetResults(results []Result) int
	// GetResultsEx is NdkGetCqResultsEx.
	GetResultsEx(results []ResultEx) int
	// ControlInterruptModeration is NdkControlCqInterruptModeration. It
	// never returns STATUS_PENDING.
	ControlInterruptModeration(interval, count uint32) Status
}

// PD is NDK_PD with NDK_PD_DISPATCH.
type PD interface {
	Object
	// CreateQP is NdkCreateQp.
	CreateQP(p QPParams, done CreateCompletion, ctx any) (QP, Status)
	// CreateQPWithSRQ is NdkCreateQpWithSrq: receives come from srq, and
	// p.ReceiveQueueDepth and p.MaxReceiveRequestSGE are ignored.
	CreateQPWithSRQ(p QPParams, srq SRQ, done CreateCompletion, ctx any) (QP, Status)
	// CreateSRQ is NdkCreateSrq.
	CreateSRQ(p SRQParams, done CreateCompletion, ctx any) (SRQ, Status)
	// CreateMR is NdkCreateMr: fastRegister selects an MR for
	// NdkFastRegister only (true) or for NdkRegisterMr only (false).
	CreateMR(fastRegister bool, done CreateCompletion, ctx any) (MR, Status)
	// CreateMW is NdkCreateMw.
	CreateMW(done CreateCompletion, ctx any) (MW, Status)
	// PrivilegedMemoryRegionToken is NdkGetPrivilegedMemoryRegionToken.
	PrivilegedMemoryRegionToken() uint32
}

// SRQParams are the parameters of NdkCreateSrq.
type SRQParams struct {
	Depth                uint32
	MaxReceiveRequestSGE uint32
	NotifyThreshold      uint32
	Notify               SRQNotificationCallback // optional
	NotifyContext        any
}

// SRQNotificationCallback is NDK_FN_SRQ_NOTIFICATION_CALLBACK.
type SRQNotificationCallback func(ctx any, srqStatus Status)

// SRQ is NDK_SRQ with NDK_SRQ_DISPATCH.
type SRQ interface {
	Object
	// Modify is NdkModifySrq (0 keeps the current depth or threshold).
	Modify(depth, notifyThreshold uint32, done RequestCompletion, ctx any) Status
	// Receive is NdkSrqReceive.
	Receive(reqCtx any, sgl []SGE) Status
}

// MR access flags of NdkRegisterMr (NDK_MR_FLAG_*).
const (
	MRFlagAllowLocalRead   = 0x0
	MRFlagAllowLocalWrite  = 0x1
	MRFlagAllowRemoteRead  = 0x2
	MRFlagAllowRemoteWrite = 0x5
	MRFlagRDMAReadSink     = 0x8
)

// MR is NDK_MR with NDK_MR_DISPATCH.
type MR interface {
	Object
	// Register is NdkRegisterMr. buf stands for the MDL chain: the consumer
	// memory registered, whose first byte has the virtual address va (an
	// index the provider never dereferences, MR-4; zero-based addresses are
	// not supported, MR-6). The provider reads and writes buf for the data
	// path until the MR is deregistered.
	Register(buf []byte, va uint64, flags uint32, done RequestCompletion, ctx any) Status
	// Deregister is NdkDeregisterMr.
	Deregister(done RequestCompletion, ctx any) Status
	// InitializeFastRegister is NdkInitializeFastRegisterMr.
	InitializeFastRegister(adapterPageCount uint32, remoteAccess bool, done RequestCompletion, ctx any) Status
	// LocalToken is NdkGetLocalTokenFromMr.
	LocalToken() uint32
	// RemoteToken is NdkGetRemoteTokenFromMr.
	RemoteToken() uint32
}

// MW is NDK_MW with NDK_MW_DISPATCH.
type MW interface {
	Object
	// RemoteToken is NdkGetRemoteTokenFromMw, valid once NdkBind returned.
	RemoteToken() uint32
}

// SGE is NDK_SGE: VirtualAddress lies in a registered MR whose token is
// MemoryRegionToken (or is a logical address, with the privileged token).
type SGE struct {
	VirtualAddress    uint64
	Length            uint32
	MemoryRegionToken uint32
}

// Work request flags (NDK_OP_FLAG_*).
const (
	OpFlagSilentSuccess           = 0x1
	OpFlagReadFence               = 0x2
	OpFlagSendAndSolicitEvent     = 0x4
	OpFlagAllowRemoteRead         = 0x8
	OpFlagAllowLocalWrite         = 0x10
	OpFlagAllowRemoteWrite        = 0x30
	OpFlagInline                  = 0x40
	OpFlagRDMAReadSink            = 0x80
	OpFlagRDMAReadLocalInvalidate = 0x100
	OpFlagDefer                   = 0x200
)

// LAM is NDK_LOGICAL_ADDRESS_MAPPING with the outputs of NdkBuildLam.
type LAM struct {
	// Pages is the consumer's adapter page array: its length is the
	// capacity; the provider writes the logical page addresses into it.
	Pages []uint64
	// PageCount is the number of pages written, or needed when the call
	// fails with STATUS_BUFFER_TOO_SMALL.
	PageCount uint32
	// FBO is the first byte offset into the first page.
	FBO uint32
	// AdapterContext is reserved for the provider.
	AdapterContext any
}

// PageSize is PAGE_SIZE for logical address mappings.
const PageSize = 4096

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

// QP is NDK_QP with NDK_QP_DISPATCH. Work requests return STATUS_SUCCESS
// when posted (a completion will be queued to the CQ) or a failure, in which
// case no completion is queued; they take no completion callback.
type QP interface {
	Object
	// Flush is NdkFlush: every pending request completes with
	// STATUS_CANCELLED.
	Flush()
	// Receive is NdkReceive.
	Receive(reqCtx any, sgl []SGE) Status
	// Send is NdkSend.
	Send(reqCtx any, sgl []SGE, flags uint32) Status
	// SendAndInvalidate is NdkSendAndInvalidate.
	SendAndInvalidate(reqCtx any, sgl []SGE, remoteToken uint32, flags uint32) Status
	// Write is NdkWrite to the peer's remoteAddress under remoteToken.
	Write(reqCtx any, sgl []SGE, remoteAddress uint64, remoteToken uint32, flags uint32) Status
	// Read is NdkRead from the peer's remoteAddress under remoteToken.
	Read(reqCtx any, sgl []SGE, remoteAddress uint64, remoteToken uint32, flags uint32) Status
	// Bind is NdkBind: bind mw to [va, va+length) of mr.
	Bind(reqCtx any, mr MR, mw MW, va uint64, length uint64, flags uint32) Status
	// FastRegister is NdkFastRegister.
	FastRegister(reqCtx any, mr MR, pages []uint64, fbo uint32, length uint64, baseVA uint64, flags uint32) Status
	// Invalidate is NdkInvalidate on an MW or a fast-registered MR.
	Invalidate(reqCtx any, mrOrMW Object, flags uint32) Status
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
