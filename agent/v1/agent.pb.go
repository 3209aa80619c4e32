// ndkconform agent protocol, version 1.
//
// An agent is a process beside an NDK provider (the machine whose adapters
// are tested) that serves any ndk.Provider over gRPC; the harness reaches
// it through a `remote` driver that implements ndk.Provider over this
// protocol. Every method of the Go interface in package ndk has a message
// here (agent/v1/agent_test.go holds the map and fails on a method without
// one).
//
// # One bidirectional stream per session
//
//   rpc Session(stream ClientMessage) returns (stream ServerMessage)
//
// A session is one opened ndk.Provider: it starts with Hello/Welcome and
// ends with CloseProvider (or with the stream). Calls, their returns,
// callbacks and callback returns ("acks") are all members of the two oneofs,
// each with a correlation id. We chose one stream over unary RPCs plus a
// callback stream because:
//
//   - Order. The agent writes every ServerMessage in the order things
//     happened at the provider, on one stream, so the harness sees a
//     callback and a call's return in the order the provider made them. A
//     completion may come before the return of the call that caused it
//     (the provider called it from inside the call, or from another thread
//     before the call returned): the harness must accept it then. It can,
//     because it names every context (CallbackRef.context) itself before
//     making the call, and a new object in a CreateCompletion or
//     ConnectEvent carries its handle. With separate RPCs for calls and
//     callbacks there is no order between them at all.
//   - Synchronous callbacks. The provider's callback does not return until
//     the harness's consumer callback has returned: the agent sends the
//     Callback and holds the provider's thread until the CallbackReturn
//     with the same callback_id comes back. A provider that completes a
//     call inline therefore cannot return the call before the harness acks
//     the completion, so the completion must be deliverable while the call
//     is outstanding; on one stream it is, under the rule below.
//   - Calls from inside a callback. A consumer callback may call the
//     provider (close the object, post a receive) before it returns. The
//     call names the callback it is made from (Call.within_callback) and
//     the agent runs it on the very thread that is waiting for that
//     callback's ack, as an in-process consumer would run it on the
//     provider's callback thread; so closing from inside a callback means
//     the same remotely. A call with within_callback = 0 runs on a thread
//     of its own. A CallbackReturn cannot overtake the calls made within
//     the callback: the consumer callback returns after they have.
//   - One session, one lifetime: handles, contexts and held callbacks
//     belong to the stream; when it ends, the agent closes what is left.
//     An agent whose sessions' providers are independent of one another
//     serves several sessions at once (Capabilities.max_sessions, since
//     1.3), each its own provider and handles; otherwise one at a time.
//
// The rule that makes it deadlock free: neither side ever blocks its
// stream reader. Each side reads messages as they come and hands them on:
// the agent runs every Call on its own goroutine (or on the goroutine of
// the callback it is made within) and never waits for a call to return
// before reading the next message; the harness runs every Callback on a
// goroutine of its own, never on the reader, and never waits for an
// outstanding call's return before handling a callback. Then a call blocked
// in a provider that waits for a callback's ack, a callback whose consumer
// makes a nested call, and any depth of nesting all make progress. Calls
// outstanding at the same time may run concurrently and return in any
// order; the harness orders calls (e.g. work requests on one QP) by waiting
// for each return, as ndk calls are synchronous anyway.
//
// # Session start and end
//
// The client sends Hello and nothing else until the Welcome; the agent
// sends Welcome before anything else. An agent admits a session (reads
// its Hello, within a deadline of its own, authenticates it and checks it)
// before the session takes one of its max_sessions slots: a client that
// sends nothing holds none. CloseProvider is the last call; the agent
// ends the RPC after its return. If the stream ends otherwise (the
// harness died, the connection broke, a callback went unacked past the
// agent's bound), the agent returns every held callback as if acked,
// refuses new calls, closes every open adapter (which closes their
// objects) and then the provider; returns not yet sent are dropped.
//
// Liveness: the agent pings a connection that is silent (gRPC keepalive)
// and drops it if the ping goes unanswered, so that a harness that
// vanished releases its session in seconds; it permits the harness's
// pings (every 5 s at most, with no stream too). The harness may probe
// the agent with gRPC's health service (grpc.health.v1.Health/Check) on
// the session's connection: any answer, UNIMPLEMENTED included, says the
// agent's process is running, whatever its provider does.
//
// # Correlation ids
//
//   - call_id: chosen by the client, unique among the session's calls; the
//     CallReturn carries it.
//   - callback_id: chosen by the agent, unique in the session; the
//     CallbackReturn carries it. Exactly one CallbackReturn per Callback.
//   - context ids (CallbackRef.context, QP contexts, request contexts):
//     chosen by the client, opaque to the agent, which hands them back in
//     callbacks and results as the provider hands back a context value. 0 is
//     a nil context.
//
// # Handles
//
// One Handle message {kind, id} for every object rather than a message per
// kind: ndk itself passes untyped objects where it matters (Object.Close,
// QP.Invalidate on an MR or an MW, the Object of CreateCompletion), so
// typed messages would need a oneof at exactly those places; and the agent
// must check every handle at run time anyway (unknown, closed, of another
// session), so it checks the kind in the same place and can name what was
// expected. The kinds are the NDK_OBJECT_TYPE values, plus two objects of
// the protocol itself: an agent-side BUFFER and a LAM. Ids are allocated by
// the agent from one counter per agent process and never reused, so a handle
// of another session, or of a closed object, is recognised as such.
//
// A handle is valid from the return (or CreateCompletion/ConnectEvent) that
// delivers it until its close has completed: CloseObject's return with
// STATUS_SUCCESS, or its CloseCompletion; CloseAdapter's return (which
// ends the adapter's objects too); FreeBuffer, ReleaseLam. After that, any
// call naming it is a protocol error (OBJECT_CLOSED). While a close is
// pending, calls naming the object still reach the provider, as an
// in-process consumer's would: what a provider does with a call on an
// object being closed is its to answer (and a conformance suite's to
// judge), not the agent's; callbacks may name it too.
//
// # Memory
//
// Memory the provider reads or writes lives on the agent: the client
// allocates BUFFERs (page-aligned, zeroed), registers MRs over ranges of them
// and builds LAMs over them, and moves bytes with WriteMemory (before a send
// or a write reads them, or before the peer reads them) and ReadMemory
// (after a receive or a read completed, or after the peer wrote them). A
// region is named by a BUFFER handle, or by an MR handle for the range the
// MR was registered over (the ranges of an MDL chain laid end to end,
// since 1.2: RegisterMrChain), with an offset and a length into it. Neither call
// goes through the provider; both are bounded by the region
// (OUT_OF_RANGE otherwise) and by Capabilities.max_memory_chunk per
// message.
//
// # Errors
//
// Every CallReturn carries the NDK status (an NTSTATUS, as ndk.Status)
// the provider returned; a call whose ndk method has no status (CQ.Arm,
// QP.Flush, ...) returns STATUS_SUCCESS. A call the agent refused before it
// reached the provider carries a ProtocolError instead, with a code of its
// own (unknown handle, handle of another session, closed object, ...): the
// two never mix, so a provider's STATUS_INVALID_HANDLE is never confused
// with the agent refusing a handle. Errors of the session rather than of a
// call (a CallbackReturn for no outstanding callback) come as a
// ServerMessage.protocol_error; errors that end the session end the RPC
// with a gRPC status and a message: UNAUTHENTICATED (a bad token),
// RESOURCE_EXHAUSTED (the client's host spent its budget of failed
// authentications), FAILED_PRECONDITION (no Hello first, an unsupported
// major version), DEADLINE_EXCEEDED (no Hello in time, a callback not
// acked in time), INVALID_ARGUMENT (driver options the agent refuses),
// UNAVAILABLE (every session slot taken, the provider failed to open).
//
// # Authentication
//
// The Hello (the session's first message) carries a bearer token, compared
// by the agent in constant time with the token it was started with; a
// mismatch ends the RPC with UNAUTHENTICATED before anything is opened, and
// costs the client's host one of its budget of failures: a host that spent
// it has its sessions refused (RESOURCE_EXHAUSTED) before any comparison,
// until it regains some. An agent started without a token accepts only an
// empty one (authentication off, meant for loopback, or mutual TLS
// authenticating the harness). The token is only as secret as the transport:
// use TLS off loopback. It is in the first message rather than in gRPC
// metadata so that the session, not the connection, is what is
// authenticated, and every transport carries it the same way.
//
// # Versioning
//
// The package is ndkconform.agent.v1. Within v1, changes are additive
// (new fields, new oneof members, new messages) and raise the minor
// version; a peer ignores fields it does not know, and answers a Call it
// does not know with NOT_SUPPORTED. An incompatible change is a new package,
// ndkconform.agent.v2. Hello and Welcome exchange ProtocolVersion; the agent
// refuses a Hello whose major is not its own.

// Code generated by protoc-gen-go. DO NOT EDIT.
// versions:
// 	protoc-gen-go v1.36.12
// 	protoc        v3.21.12
// source: agent/v1/agent.proto

package agentv1

import (
	protoreflect "google.golang.org/protobuf/reflect/protoreflect"
	protoimpl "google.golang.org/protobuf/runtime/protoimpl"
	reflect "reflect"
	sync "sync"
	unsafe "unsafe"
)

const (
	// Verify that this generated code is sufficiently up-to-date.
	_ = protoimpl.EnforceVersion(20 - protoimpl.MinVersion)
	// Verify that runtime/protoimpl is sufficiently up-to-date.
	_ = protoimpl.EnforceVersion(protoimpl.MaxVersion - 20)
)

// HandleKind is the kind of object a Handle names: NDK_OBJECT_TYPE values,
// then objects of the protocol.
type HandleKind int32

const (
	HandleKind_HANDLE_KIND_UNSPECIFIED     HandleKind = 0
	HandleKind_HANDLE_KIND_ADAPTER         HandleKind = 1
	HandleKind_HANDLE_KIND_QP              HandleKind = 2
	HandleKind_HANDLE_KIND_CQ              HandleKind = 3
	HandleKind_HANDLE_KIND_MR              HandleKind = 4
	HandleKind_HANDLE_KIND_MW              HandleKind = 5
	HandleKind_HANDLE_KIND_PD              HandleKind = 6
	HandleKind_HANDLE_KIND_SHARED_ENDPOINT HandleKind = 7
	HandleKind_HANDLE_KIND_CONNECTOR       HandleKind = 8
	HandleKind_HANDLE_KIND_LISTENER        HandleKind = 9
	HandleKind_HANDLE_KIND_SRQ             HandleKind = 10
	// Agent memory (AllocateBuffer).
	HandleKind_HANDLE_KIND_BUFFER HandleKind = 100
	// A logical address mapping (BuildLam): ndk.LAM on the agent.
	HandleKind_HANDLE_KIND_LAM HandleKind = 101
)

// Enum value maps for HandleKind.
var (
	HandleKind_name = map[int32]string{
		0:   "HANDLE_KIND_UNSPECIFIED",
		1:   "HANDLE_KIND_ADAPTER",
		2:   "HANDLE_KIND_QP",
		3:   "HANDLE_KIND_CQ",
		4:   "HANDLE_KIND_MR",
		5:   "HANDLE_KIND_MW",
		6:   "HANDLE_KIND_PD",
		7:   "HANDLE_KIND_SHARED_ENDPOINT",
		8:   "HANDLE_KIND_CONNECTOR",
		9:   "HANDLE_KIND_LISTENER",
		10:  "HANDLE_KIND_SRQ",
		100: "HANDLE_KIND_BUFFER",
		101: "HANDLE_KIND_LAM",
	}
	HandleKind_value = map[string]int32{
		"HANDLE_KIND_UNSPECIFIED":     0,
		"HANDLE_KIND_ADAPTER":         1,
		"HANDLE_KIND_QP":              2,
		"HANDLE_KIND_CQ":              3,
		"HANDLE_KIND_MR":              4,
		"HANDLE_KIND_MW":              5,
		"HANDLE_KIND_PD":              6,
		"HANDLE_KIND_SHARED_ENDPOINT": 7,
		"HANDLE_KIND_CONNECTOR":       8,
		"HANDLE_KIND_LISTENER":        9,
		"HANDLE_KIND_SRQ":             10,
		"HANDLE_KIND_BUFFER":          100,
		"HANDLE_KIND_LAM":             101,
	}
)

func (x HandleKind) Enum() *HandleKind {
	p := new(HandleKind)
	*p = x
	return p
}

func (x HandleKind) String() string {
	return protoimpl.X.EnumStringOf(x.Descriptor(), protoreflect.EnumNumber(x))
}

func (HandleKind) Descriptor() protoreflect.EnumDescriptor {
	return file_agent_v1_agent_proto_enumTypes[0].Descriptor()
}

func (HandleKind) Type() protoreflect.EnumType {
	return &file_agent_v1_agent_proto_enumTypes[0]
}

func (x HandleKind) Number() protoreflect.EnumNumber {
	return protoreflect.EnumNumber(x)
}

// Deprecated: Use HandleKind.Descriptor instead.
func (HandleKind) EnumDescriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{0}
}

// HostState is ndk.HostState.
type HostState int32

const (
	HostState_HOST_STATE_UP           HostState = 0
	HostState_HOST_STATE_UNRESPONSIVE HostState = 1
	HostState_HOST_STATE_DOWN         HostState = 2
)

// Enum value maps for HostState.
var (
	HostState_name = map[int32]string{
		0: "HOST_STATE_UP",
		1: "HOST_STATE_UNRESPONSIVE",
		2: "HOST_STATE_DOWN",
	}
	HostState_value = map[string]int32{
		"HOST_STATE_UP":           0,
		"HOST_STATE_UNRESPONSIVE": 1,
		"HOST_STATE_DOWN":         2,
	}
)

func (x HostState) Enum() *HostState {
	p := new(HostState)
	*p = x
	return p
}

func (x HostState) String() string {
	return protoimpl.X.EnumStringOf(x.Descriptor(), protoreflect.EnumNumber(x))
}

func (HostState) Descriptor() protoreflect.EnumDescriptor {
	return file_agent_v1_agent_proto_enumTypes[1].Descriptor()
}

func (HostState) Type() protoreflect.EnumType {
	return &file_agent_v1_agent_proto_enumTypes[1]
}

func (x HostState) Number() protoreflect.EnumNumber {
	return protoreflect.EnumNumber(x)
}

// Deprecated: Use HostState.Descriptor instead.
func (HostState) EnumDescriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{1}
}

// ProtocolErrorCode is why the agent refused something: never an NDK
// status.
type ProtocolErrorCode int32

const (
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNSPECIFIED ProtocolErrorCode = 0
	// A handle the agent never issued.
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNKNOWN_HANDLE ProtocolErrorCode = 1
	// A handle issued to another session.
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_FOREIGN_HANDLE ProtocolErrorCode = 2
	// A handle of an object whose close has completed, a buffer freed, a
	// LAM released.
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_OBJECT_CLOSED ProtocolErrorCode = 3
	// A handle of the wrong kind for its field (a PD where a CQ is due).
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_WRONG_HANDLE_KIND ProtocolErrorCode = 4
	// A CallbackReturn, or a Call.within_callback, for no outstanding
	// callback (never sent, or already returned).
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNKNOWN_CALLBACK ProtocolErrorCode = 5
	// A call_id already in use in the session.
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_DUPLICATE_CALL_ID ProtocolErrorCode = 6
	// A call the agent does not serve: an optional interface it does not
	// offer (SetHostState without fault injection, FailSrq or FailCq
	// without SRQ or CQ fault injection, RegisterMrChain or BuildLamChain on
	// an object whose handle did not have mdl_chains), or a Call member it
	// does not know.
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED ProtocolErrorCode = 7
	// A memory range outside its region, or larger than max_memory_chunk.
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_OUT_OF_RANGE ProtocolErrorCode = 8
	// A malformed field: an address that does not parse, a Call with no op,
	// a required handle missing.
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_INVALID_ARGUMENT ProtocolErrorCode = 9
	// A message out of sequence: Hello not first or twice, a call after
	// CloseProvider.
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_BAD_SEQUENCE ProtocolErrorCode = 10
	// A buffer still in use (FreeBuffer).
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_BUSY ProtocolErrorCode = 11
	// The agent failed on its own (not the provider).
	ProtocolErrorCode_PROTOCOL_ERROR_CODE_INTERNAL ProtocolErrorCode = 12
)

// Enum value maps for ProtocolErrorCode.
var (
	ProtocolErrorCode_name = map[int32]string{
		0:  "PROTOCOL_ERROR_CODE_UNSPECIFIED",
		1:  "PROTOCOL_ERROR_CODE_UNKNOWN_HANDLE",
		2:  "PROTOCOL_ERROR_CODE_FOREIGN_HANDLE",
		3:  "PROTOCOL_ERROR_CODE_OBJECT_CLOSED",
		4:  "PROTOCOL_ERROR_CODE_WRONG_HANDLE_KIND",
		5:  "PROTOCOL_ERROR_CODE_UNKNOWN_CALLBACK",
		6:  "PROTOCOL_ERROR_CODE_DUPLICATE_CALL_ID",
		7:  "PROTOCOL_ERROR_CODE_NOT_SUPPORTED",
		8:  "PROTOCOL_ERROR_CODE_OUT_OF_RANGE",
		9:  "PROTOCOL_ERROR_CODE_INVALID_ARGUMENT",
		10: "PROTOCOL_ERROR_CODE_BAD_SEQUENCE",
		11: "PROTOCOL_ERROR_CODE_BUSY",
		12: "PROTOCOL_ERROR_CODE_INTERNAL",
	}
	ProtocolErrorCode_value = map[string]int32{
		"PROTOCOL_ERROR_CODE_UNSPECIFIED":       0,
		"PROTOCOL_ERROR_CODE_UNKNOWN_HANDLE":    1,
		"PROTOCOL_ERROR_CODE_FOREIGN_HANDLE":    2,
		"PROTOCOL_ERROR_CODE_OBJECT_CLOSED":     3,
		"PROTOCOL_ERROR_CODE_WRONG_HANDLE_KIND": 4,
		"PROTOCOL_ERROR_CODE_UNKNOWN_CALLBACK":  5,
		"PROTOCOL_ERROR_CODE_DUPLICATE_CALL_ID": 6,
		"PROTOCOL_ERROR_CODE_NOT_SUPPORTED":     7,
		"PROTOCOL_ERROR_CODE_OUT_OF_RANGE":      8,
		"PROTOCOL_ERROR_CODE_INVALID_ARGUMENT":  9,
		"PROTOCOL_ERROR_CODE_BAD_SEQUENCE":      10,
		"PROTOCOL_ERROR_CODE_BUSY":              11,
		"PROTOCOL_ERROR_CODE_INTERNAL":          12,
	}
)

func (x ProtocolErrorCode) Enum() *ProtocolErrorCode {
	p := new(ProtocolErrorCode)
	*p = x
	return p
}

func (x ProtocolErrorCode) String() string {
	return protoimpl.X.EnumStringOf(x.Descriptor(), protoreflect.EnumNumber(x))
}

func (ProtocolErrorCode) Descriptor() protoreflect.EnumDescriptor {
	return file_agent_v1_agent_proto_enumTypes[2].Descriptor()
}

func (ProtocolErrorCode) Type() protoreflect.EnumType {
	return &file_agent_v1_agent_proto_enumTypes[2]
}

func (x ProtocolErrorCode) Number() protoreflect.EnumNumber {
	return protoreflect.EnumNumber(x)
}

// Deprecated: Use ProtocolErrorCode.Descriptor instead.
func (ProtocolErrorCode) EnumDescriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{2}
}

// ClientMessage is what the harness (the remote driver) sends.
type ClientMessage struct {
	state protoimpl.MessageState `protogen:"open.v1"`
	// Types that are valid to be assigned to Msg:
	//
	//	*ClientMessage_Hello
	//	*ClientMessage_Call
	//	*ClientMessage_CallbackReturn
	Msg           isClientMessage_Msg `protobuf_oneof:"msg"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ClientMessage) Reset() {
	*x = ClientMessage{}
	mi := &file_agent_v1_agent_proto_msgTypes[0]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ClientMessage) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ClientMessage) ProtoMessage() {}

func (x *ClientMessage) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[0]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ClientMessage.ProtoReflect.Descriptor instead.
func (*ClientMessage) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{0}
}

func (x *ClientMessage) GetMsg() isClientMessage_Msg {
	if x != nil {
		return x.Msg
	}
	return nil
}

func (x *ClientMessage) GetHello() *Hello {
	if x != nil {
		if x, ok := x.Msg.(*ClientMessage_Hello); ok {
			return x.Hello
		}
	}
	return nil
}

func (x *ClientMessage) GetCall() *Call {
	if x != nil {
		if x, ok := x.Msg.(*ClientMessage_Call); ok {
			return x.Call
		}
	}
	return nil
}

func (x *ClientMessage) GetCallbackReturn() *CallbackReturn {
	if x != nil {
		if x, ok := x.Msg.(*ClientMessage_CallbackReturn); ok {
			return x.CallbackReturn
		}
	}
	return nil
}

type isClientMessage_Msg interface {
	isClientMessage_Msg()
}

type ClientMessage_Hello struct {
	// The session's first message, and only there.
	Hello *Hello `protobuf:"bytes,1,opt,name=hello,proto3,oneof"`
}

type ClientMessage_Call struct {
	Call *Call `protobuf:"bytes,2,opt,name=call,proto3,oneof"`
}

type ClientMessage_CallbackReturn struct {
	// The consumer callback of a Callback has returned.
	CallbackReturn *CallbackReturn `protobuf:"bytes,3,opt,name=callback_return,json=callbackReturn,proto3,oneof"`
}

func (*ClientMessage_Hello) isClientMessage_Msg() {}

func (*ClientMessage_Call) isClientMessage_Msg() {}

func (*ClientMessage_CallbackReturn) isClientMessage_Msg() {}

// ServerMessage is what the agent sends.
type ServerMessage struct {
	state protoimpl.MessageState `protogen:"open.v1"`
	// Types that are valid to be assigned to Msg:
	//
	//	*ServerMessage_Welcome
	//	*ServerMessage_CallReturn
	//	*ServerMessage_Callback
	//	*ServerMessage_ProtocolError
	Msg           isServerMessage_Msg `protobuf_oneof:"msg"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ServerMessage) Reset() {
	*x = ServerMessage{}
	mi := &file_agent_v1_agent_proto_msgTypes[1]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ServerMessage) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ServerMessage) ProtoMessage() {}

func (x *ServerMessage) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[1]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ServerMessage.ProtoReflect.Descriptor instead.
func (*ServerMessage) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{1}
}

func (x *ServerMessage) GetMsg() isServerMessage_Msg {
	if x != nil {
		return x.Msg
	}
	return nil
}

func (x *ServerMessage) GetWelcome() *Welcome {
	if x != nil {
		if x, ok := x.Msg.(*ServerMessage_Welcome); ok {
			return x.Welcome
		}
	}
	return nil
}

func (x *ServerMessage) GetCallReturn() *CallReturn {
	if x != nil {
		if x, ok := x.Msg.(*ServerMessage_CallReturn); ok {
			return x.CallReturn
		}
	}
	return nil
}

func (x *ServerMessage) GetCallback() *Callback {
	if x != nil {
		if x, ok := x.Msg.(*ServerMessage_Callback); ok {
			return x.Callback
		}
	}
	return nil
}

func (x *ServerMessage) GetProtocolError() *ProtocolError {
	if x != nil {
		if x, ok := x.Msg.(*ServerMessage_ProtocolError); ok {
			return x.ProtocolError
		}
	}
	return nil
}

type isServerMessage_Msg interface {
	isServerMessage_Msg()
}

type ServerMessage_Welcome struct {
	// The answer to Hello, the session's first message.
	Welcome *Welcome `protobuf:"bytes,1,opt,name=welcome,proto3,oneof"`
}

type ServerMessage_CallReturn struct {
	CallReturn *CallReturn `protobuf:"bytes,2,opt,name=call_return,json=callReturn,proto3,oneof"`
}

type ServerMessage_Callback struct {
	Callback *Callback `protobuf:"bytes,3,opt,name=callback,proto3,oneof"`
}

type ServerMessage_ProtocolError struct {
	// An error of the session, not of one call (see Errors above).
	ProtocolError *ProtocolError `protobuf:"bytes,4,opt,name=protocol_error,json=protocolError,proto3,oneof"`
}

func (*ServerMessage_Welcome) isServerMessage_Msg() {}

func (*ServerMessage_CallReturn) isServerMessage_Msg() {}

func (*ServerMessage_Callback) isServerMessage_Msg() {}

func (*ServerMessage_ProtocolError) isServerMessage_Msg() {}

type ProtocolVersion struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Major         uint32                 `protobuf:"varint,1,opt,name=major,proto3" json:"major,omitempty"` // 1 for ndkconform.agent.v1
	Minor         uint32                 `protobuf:"varint,2,opt,name=minor,proto3" json:"minor,omitempty"` // additive changes within v1
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ProtocolVersion) Reset() {
	*x = ProtocolVersion{}
	mi := &file_agent_v1_agent_proto_msgTypes[2]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ProtocolVersion) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ProtocolVersion) ProtoMessage() {}

func (x *ProtocolVersion) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[2]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ProtocolVersion.ProtoReflect.Descriptor instead.
func (*ProtocolVersion) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{2}
}

func (x *ProtocolVersion) GetMajor() uint32 {
	if x != nil {
		return x.Major
	}
	return 0
}

func (x *ProtocolVersion) GetMinor() uint32 {
	if x != nil {
		return x.Minor
	}
	return 0
}

// Hello opens the session: ndk.Driver.Open (ndk.Opener.Open) of the remote
// driver.
type Hello struct {
	state           protoimpl.MessageState `protogen:"open.v1"`
	ProtocolVersion *ProtocolVersion       `protobuf:"bytes,1,opt,name=protocol_version,json=protocolVersion,proto3" json:"protocol_version,omitempty"`
	// The bearer token (see Authentication above).
	Token string `protobuf:"bytes,2,opt,name=token,proto3" json:"token,omitempty"`
	// The harness's tool version (ndkconform's version string).
	ClientVersion string `protobuf:"bytes,3,opt,name=client_version,json=clientVersion,proto3" json:"client_version,omitempty"`
	// Options for the agent's driver, as --driver-opt KEY=VALUE; applied
	// when the agent opens the session's provider. An agent may refuse
	// options (the RPC ends with INVALID_ARGUMENT, naming them): the Go
	// agent takes those its operator lets a session set (--session-opts),
	// and any other at the value it has already.
	DriverOptions map[string]string `protobuf:"bytes,4,rep,name=driver_options,json=driverOptions,proto3" json:"driver_options,omitempty" protobuf_key:"bytes,1,opt,name=key" protobuf_val:"bytes,2,opt,name=value"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *Hello) Reset() {
	*x = Hello{}
	mi := &file_agent_v1_agent_proto_msgTypes[3]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *Hello) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*Hello) ProtoMessage() {}

func (x *Hello) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[3]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use Hello.ProtoReflect.Descriptor instead.
func (*Hello) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{3}
}

func (x *Hello) GetProtocolVersion() *ProtocolVersion {
	if x != nil {
		return x.ProtocolVersion
	}
	return nil
}

func (x *Hello) GetToken() string {
	if x != nil {
		return x.Token
	}
	return ""
}

func (x *Hello) GetClientVersion() string {
	if x != nil {
		return x.ClientVersion
	}
	return ""
}

func (x *Hello) GetDriverOptions() map[string]string {
	if x != nil {
		return x.DriverOptions
	}
	return nil
}

// Welcome answers Hello once the agent has opened the session's provider.
type Welcome struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Capabilities  *Capabilities          `protobuf:"bytes,1,opt,name=capabilities,proto3" json:"capabilities,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *Welcome) Reset() {
	*x = Welcome{}
	mi := &file_agent_v1_agent_proto_msgTypes[4]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *Welcome) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*Welcome) ProtoMessage() {}

func (x *Welcome) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[4]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use Welcome.ProtoReflect.Descriptor instead.
func (*Welcome) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{4}
}

func (x *Welcome) GetCapabilities() *Capabilities {
	if x != nil {
		return x.Capabilities
	}
	return nil
}

// Capabilities is the capability query: what the agent and its provider
// are and offer. It is the answer to ndk.Provider.Sides, ndk.Driver.Options
// and Usable (of the agent's driver), ndk.TimeoutDeclarer and
// ndk.ConcurrentRunner.
type Capabilities struct {
	state           protoimpl.MessageState `protogen:"open.v1"`
	ProtocolVersion *ProtocolVersion       `protobuf:"bytes,1,opt,name=protocol_version,json=protocolVersion,proto3" json:"protocol_version,omitempty"`
	// The agent's tool version (ndkconform's version string).
	AgentVersion string `protobuf:"bytes,2,opt,name=agent_version,json=agentVersion,proto3" json:"agent_version,omitempty"`
	// The agent's driver (an ndk.Driver registered name) and its options.
	Driver        string          `protobuf:"bytes,3,opt,name=driver,proto3" json:"driver,omitempty"`
	DriverOptions []*DriverOption `protobuf:"bytes,4,rep,name=driver_options,json=driverOptions,proto3" json:"driver_options,omitempty"`
	// The NDK version the provider implements (NDK_VERSION of
	// OPEN_NDK_ADAPTER), as the agent knows it.
	NdkVersion *Version `protobuf:"bytes,5,opt,name=ndk_version,json=ndkVersion,proto3" json:"ndk_version,omitempty"`
	// ndk.Provider.Sides, with each address's adapter, opened, queried and
	// closed by the agent before Welcome.
	SideA *SideInfo `protobuf:"bytes,6,opt,name=side_a,json=sideA,proto3" json:"side_a,omitempty"`
	SideB *SideInfo `protobuf:"bytes,7,opt,name=side_b,json=sideB,proto3" json:"side_b,omitempty"`
	// ndk.FaultInjector: SetHostState is served.
	FaultInjection bool `protobuf:"varint,8,opt,name=fault_injection,json=faultInjection,proto3" json:"fault_injection,omitempty"`
	// ndk.TimeoutDeclarer: declares_timeouts is whether the provider
	// implements it, declared_timeouts_ns what DeclaredTimeouts returned
	// (name -> nanoseconds).
	DeclaresTimeouts   bool             `protobuf:"varint,9,opt,name=declares_timeouts,json=declaresTimeouts,proto3" json:"declares_timeouts,omitempty"`
	DeclaredTimeoutsNs map[string]int64 `protobuf:"bytes,10,rep,name=declared_timeouts_ns,json=declaredTimeoutsNs,proto3" json:"declared_timeouts_ns,omitempty" protobuf_key:"bytes,1,opt,name=key" protobuf_val:"varint,2,opt,name=value"`
	// ndk.ConcurrentRunner of the agent's driver: ConcurrentRuns, 0 if the
	// driver does not implement it. Informational: how many sessions the
	// agent serves at once is max_sessions.
	ConcurrentRuns uint32 `protobuf:"varint,11,opt,name=concurrent_runs,json=concurrentRuns,proto3" json:"concurrent_runs,omitempty"`
	// The most bytes one WriteMemory or ReadMemory moves.
	MaxMemoryChunk uint32 `protobuf:"varint,12,opt,name=max_memory_chunk,json=maxMemoryChunk,proto3" json:"max_memory_chunk,omitempty"`
	// ndk.SRQFaultInjector: FailSrq is served (since 1.1).
	SrqFaultInjection bool `protobuf:"varint,13,opt,name=srq_fault_injection,json=srqFaultInjection,proto3" json:"srq_fault_injection,omitempty"`
	// ndk.CQFaultInjector: FailCq is served (since 1.1).
	CqFaultInjection bool `protobuf:"varint,14,opt,name=cq_fault_injection,json=cqFaultInjection,proto3" json:"cq_fault_injection,omitempty"`
	// How many sessions the agent serves at the same time, this one
	// included; a Session beyond ends with UNAVAILABLE (since 1.3; 0, an
	// agent before 1.3: one). More than one only when every session's
	// provider is independent of every other (a driver that is an
	// ndk.ConcurrentRunner opens one per session, as sim's simulated fabric):
	// sessions at the same time then never see one another, and a harness
	// may split a run over that many sessions. Adapters every session would
	// share (a real device, a provider the agent was given opened) are
	// served one session at a time.
	MaxSessions uint32 `protobuf:"varint,15,opt,name=max_sessions,json=maxSessions,proto3" json:"max_sessions,omitempty"`
	// ndk.ABIReporter: the agent's driver calls the provider through NDKPI's
	// C ABI (the ndkt driver) and shows what it saw: QueryAbiFacts is
	// served and every Callback carries abi_callbacks (since 1.6).
	AbiReports    bool `protobuf:"varint,16,opt,name=abi_reports,json=abiReports,proto3" json:"abi_reports,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *Capabilities) Reset() {
	*x = Capabilities{}
	mi := &file_agent_v1_agent_proto_msgTypes[5]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *Capabilities) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*Capabilities) ProtoMessage() {}

func (x *Capabilities) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[5]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use Capabilities.ProtoReflect.Descriptor instead.
func (*Capabilities) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{5}
}

func (x *Capabilities) GetProtocolVersion() *ProtocolVersion {
	if x != nil {
		return x.ProtocolVersion
	}
	return nil
}

func (x *Capabilities) GetAgentVersion() string {
	if x != nil {
		return x.AgentVersion
	}
	return ""
}

func (x *Capabilities) GetDriver() string {
	if x != nil {
		return x.Driver
	}
	return ""
}

func (x *Capabilities) GetDriverOptions() []*DriverOption {
	if x != nil {
		return x.DriverOptions
	}
	return nil
}

func (x *Capabilities) GetNdkVersion() *Version {
	if x != nil {
		return x.NdkVersion
	}
	return nil
}

func (x *Capabilities) GetSideA() *SideInfo {
	if x != nil {
		return x.SideA
	}
	return nil
}

func (x *Capabilities) GetSideB() *SideInfo {
	if x != nil {
		return x.SideB
	}
	return nil
}

func (x *Capabilities) GetFaultInjection() bool {
	if x != nil {
		return x.FaultInjection
	}
	return false
}

func (x *Capabilities) GetDeclaresTimeouts() bool {
	if x != nil {
		return x.DeclaresTimeouts
	}
	return false
}

func (x *Capabilities) GetDeclaredTimeoutsNs() map[string]int64 {
	if x != nil {
		return x.DeclaredTimeoutsNs
	}
	return nil
}

func (x *Capabilities) GetConcurrentRuns() uint32 {
	if x != nil {
		return x.ConcurrentRuns
	}
	return 0
}

func (x *Capabilities) GetMaxMemoryChunk() uint32 {
	if x != nil {
		return x.MaxMemoryChunk
	}
	return 0
}

func (x *Capabilities) GetSrqFaultInjection() bool {
	if x != nil {
		return x.SrqFaultInjection
	}
	return false
}

func (x *Capabilities) GetCqFaultInjection() bool {
	if x != nil {
		return x.CqFaultInjection
	}
	return false
}

func (x *Capabilities) GetMaxSessions() uint32 {
	if x != nil {
		return x.MaxSessions
	}
	return 0
}

func (x *Capabilities) GetAbiReports() bool {
	if x != nil {
		return x.AbiReports
	}
	return false
}

// DriverOption is ndk.Option.
type DriverOption struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Name          string                 `protobuf:"bytes,1,opt,name=name,proto3" json:"name,omitempty"`
	DefaultValue  string                 `protobuf:"bytes,2,opt,name=default_value,json=defaultValue,proto3" json:"default_value,omitempty"`
	Usage         string                 `protobuf:"bytes,3,opt,name=usage,proto3" json:"usage,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *DriverOption) Reset() {
	*x = DriverOption{}
	mi := &file_agent_v1_agent_proto_msgTypes[6]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *DriverOption) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*DriverOption) ProtoMessage() {}

func (x *DriverOption) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[6]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use DriverOption.ProtoReflect.Descriptor instead.
func (*DriverOption) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{6}
}

func (x *DriverOption) GetName() string {
	if x != nil {
		return x.Name
	}
	return ""
}

func (x *DriverOption) GetDefaultValue() string {
	if x != nil {
		return x.DefaultValue
	}
	return ""
}

func (x *DriverOption) GetUsage() string {
	if x != nil {
		return x.Usage
	}
	return ""
}

// SideInfo is ndk.Side with the adapter of each address.
type SideInfo struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Ipv4          *AdapterDescription    `protobuf:"bytes,1,opt,name=ipv4,proto3" json:"ipv4,omitempty"`
	Ipv6          *AdapterDescription    `protobuf:"bytes,2,opt,name=ipv6,proto3" json:"ipv6,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *SideInfo) Reset() {
	*x = SideInfo{}
	mi := &file_agent_v1_agent_proto_msgTypes[7]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SideInfo) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SideInfo) ProtoMessage() {}

func (x *SideInfo) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[7]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SideInfo.ProtoReflect.Descriptor instead.
func (*SideInfo) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{7}
}

func (x *SideInfo) GetIpv4() *AdapterDescription {
	if x != nil {
		return x.Ipv4
	}
	return nil
}

func (x *SideInfo) GetIpv6() *AdapterDescription {
	if x != nil {
		return x.Ipv6
	}
	return nil
}

type AdapterDescription struct {
	state protoimpl.MessageState `protogen:"open.v1"`
	// The address (netip.Addr text form, empty for none).
	Address string `protobuf:"bytes,1,opt,name=address,proto3" json:"address,omitempty"`
	// The NDK status of OpenAdapter on it and of QueryAdapterInfo.
	OpenStatus    uint32       `protobuf:"varint,2,opt,name=open_status,json=openStatus,proto3" json:"open_status,omitempty"`
	QueryStatus   uint32       `protobuf:"varint,3,opt,name=query_status,json=queryStatus,proto3" json:"query_status,omitempty"`
	Info          *AdapterInfo `protobuf:"bytes,4,opt,name=info,proto3" json:"info,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *AdapterDescription) Reset() {
	*x = AdapterDescription{}
	mi := &file_agent_v1_agent_proto_msgTypes[8]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *AdapterDescription) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*AdapterDescription) ProtoMessage() {}

func (x *AdapterDescription) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[8]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use AdapterDescription.ProtoReflect.Descriptor instead.
func (*AdapterDescription) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{8}
}

func (x *AdapterDescription) GetAddress() string {
	if x != nil {
		return x.Address
	}
	return ""
}

func (x *AdapterDescription) GetOpenStatus() uint32 {
	if x != nil {
		return x.OpenStatus
	}
	return 0
}

func (x *AdapterDescription) GetQueryStatus() uint32 {
	if x != nil {
		return x.QueryStatus
	}
	return 0
}

func (x *AdapterDescription) GetInfo() *AdapterInfo {
	if x != nil {
		return x.Info
	}
	return nil
}

// Handle names an object of the session (see Handles above).
type Handle struct {
	state protoimpl.MessageState `protogen:"open.v1"`
	Kind  HandleKind             `protobuf:"varint,1,opt,name=kind,proto3,enum=ndkconform.agent.v1.HandleKind" json:"kind,omitempty"`
	Id    uint64                 `protobuf:"varint,2,opt,name=id,proto3" json:"id,omitempty"`
	// Set by the agent, in the reply or callback that delivers the handle,
	// on an MR whose NdkRegisterMr takes an MDL chain (ndk.ChainRegisterer:
	// RegisterMrChain is served for it) and on an adapter whose NdkBuildLam
	// does (ndk.LAMChainBuilder: BuildLamChain is served for it); never on
	// other kinds. Go's optional interfaces are the objects', so this is
	// said of each object rather than in the Capabilities. The agent
	// ignores it in a Call. Since 1.2.
	MdlChains bool `protobuf:"varint,3,opt,name=mdl_chains,json=mdlChains,proto3" json:"mdl_chains,omitempty"`
	// Set by the agent, as mdl_chains, on a connector that is an
	// ndk.ConnectorEx (NDKPI 2.1's NdkCompleteConnectEx and NdkAcceptEx:
	// CompleteConnectEx and AcceptEx are served for it; NOT_SUPPORTED
	// otherwise); never on other kinds. An agent before 1.4 never sets it,
	// and its connectors are taken for a provider's without the Ex calls.
	// Since 1.4.
	ConnectorEx   bool `protobuf:"varint,4,opt,name=connector_ex,json=connectorEx,proto3" json:"connector_ex,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *Handle) Reset() {
	*x = Handle{}
	mi := &file_agent_v1_agent_proto_msgTypes[9]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *Handle) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*Handle) ProtoMessage() {}

func (x *Handle) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[9]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use Handle.ProtoReflect.Descriptor instead.
func (*Handle) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{9}
}

func (x *Handle) GetKind() HandleKind {
	if x != nil {
		return x.Kind
	}
	return HandleKind_HANDLE_KIND_UNSPECIFIED
}

func (x *Handle) GetId() uint64 {
	if x != nil {
		return x.Id
	}
	return 0
}

func (x *Handle) GetMdlChains() bool {
	if x != nil {
		return x.MdlChains
	}
	return false
}

func (x *Handle) GetConnectorEx() bool {
	if x != nil {
		return x.ConnectorEx
	}
	return false
}

// Mdl is one MDL of an MDL chain (ndk.MDL): [offset, offset+length) of an
// agent BUFFER, whose first byte has the virtual address va
// (MmGetMdlVirtualAddress). No buffer and length 0: an empty MDL (a nil
// ndk.MDL.Buf). Since 1.2.
type Mdl struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Buffer        *Handle                `protobuf:"bytes,1,opt,name=buffer,proto3" json:"buffer,omitempty"`
	Offset        uint64                 `protobuf:"varint,2,opt,name=offset,proto3" json:"offset,omitempty"`
	Length        uint64                 `protobuf:"varint,3,opt,name=length,proto3" json:"length,omitempty"`
	Va            uint64                 `protobuf:"varint,4,opt,name=va,proto3" json:"va,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *Mdl) Reset() {
	*x = Mdl{}
	mi := &file_agent_v1_agent_proto_msgTypes[10]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *Mdl) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*Mdl) ProtoMessage() {}

func (x *Mdl) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[10]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use Mdl.ProtoReflect.Descriptor instead.
func (*Mdl) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{10}
}

func (x *Mdl) GetBuffer() *Handle {
	if x != nil {
		return x.Buffer
	}
	return nil
}

func (x *Mdl) GetOffset() uint64 {
	if x != nil {
		return x.Offset
	}
	return 0
}

func (x *Mdl) GetLength() uint64 {
	if x != nil {
		return x.Length
	}
	return 0
}

func (x *Mdl) GetVa() uint64 {
	if x != nil {
		return x.Va
	}
	return 0
}

// CallbackRef is a consumer callback passed to a call with its context
// (done+ctx, onConnect+connectCtx, Notify+NotifyContext, ...): present if
// the consumer passed a callback, absent for a nil one. The agent passes
// the provider a callback that sends a Callback with this context.
type CallbackRef struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Context       uint64                 `protobuf:"varint,1,opt,name=context,proto3" json:"context,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CallbackRef) Reset() {
	*x = CallbackRef{}
	mi := &file_agent_v1_agent_proto_msgTypes[11]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CallbackRef) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CallbackRef) ProtoMessage() {}

func (x *CallbackRef) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[11]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CallbackRef.ProtoReflect.Descriptor instead.
func (*CallbackRef) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{11}
}

func (x *CallbackRef) GetContext() uint64 {
	if x != nil {
		return x.Context
	}
	return 0
}

// SocketAddress is netip.AddrPort: address in netip.Addr text form (IPv6
// with its zone, if any), empty for the zero (invalid) AddrPort.
type SocketAddress struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Address       string                 `protobuf:"bytes,1,opt,name=address,proto3" json:"address,omitempty"`
	Port          uint32                 `protobuf:"varint,2,opt,name=port,proto3" json:"port,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *SocketAddress) Reset() {
	*x = SocketAddress{}
	mi := &file_agent_v1_agent_proto_msgTypes[12]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SocketAddress) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SocketAddress) ProtoMessage() {}

func (x *SocketAddress) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[12]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SocketAddress.ProtoReflect.Descriptor instead.
func (*SocketAddress) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{12}
}

func (x *SocketAddress) GetAddress() string {
	if x != nil {
		return x.Address
	}
	return ""
}

func (x *SocketAddress) GetPort() uint32 {
	if x != nil {
		return x.Port
	}
	return 0
}

// Version is NDK_VERSION.
type Version struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Major         uint32                 `protobuf:"varint,1,opt,name=major,proto3" json:"major,omitempty"`
	Minor         uint32                 `protobuf:"varint,2,opt,name=minor,proto3" json:"minor,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *Version) Reset() {
	*x = Version{}
	mi := &file_agent_v1_agent_proto_msgTypes[13]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *Version) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*Version) ProtoMessage() {}

func (x *Version) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[13]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use Version.ProtoReflect.Descriptor instead.
func (*Version) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{13}
}

func (x *Version) GetMajor() uint32 {
	if x != nil {
		return x.Major
	}
	return 0
}

func (x *Version) GetMinor() uint32 {
	if x != nil {
		return x.Minor
	}
	return 0
}

// AdapterInfo is NDK_ADAPTER_INFO (ndk.AdapterInfo).
type AdapterInfo struct {
	state                  protoimpl.MessageState `protogen:"open.v1"`
	Version                *Version               `protobuf:"bytes,1,opt,name=version,proto3" json:"version,omitempty"`
	VendorId               uint32                 `protobuf:"varint,2,opt,name=vendor_id,json=vendorId,proto3" json:"vendor_id,omitempty"`
	DeviceId               uint32                 `protobuf:"varint,3,opt,name=device_id,json=deviceId,proto3" json:"device_id,omitempty"`
	MaxRegistrationSize    uint64                 `protobuf:"varint,4,opt,name=max_registration_size,json=maxRegistrationSize,proto3" json:"max_registration_size,omitempty"`
	MaxWindowSize          uint64                 `protobuf:"varint,5,opt,name=max_window_size,json=maxWindowSize,proto3" json:"max_window_size,omitempty"`
	FrmrPageCount          uint32                 `protobuf:"varint,6,opt,name=frmr_page_count,json=frmrPageCount,proto3" json:"frmr_page_count,omitempty"`
	MaxInitiatorRequestSge uint32                 `protobuf:"varint,7,opt,name=max_initiator_request_sge,json=maxInitiatorRequestSge,proto3" json:"max_initiator_request_sge,omitempty"`
	MaxReceiveRequestSge   uint32                 `protobuf:"varint,8,opt,name=max_receive_request_sge,json=maxReceiveRequestSge,proto3" json:"max_receive_request_sge,omitempty"`
	MaxReadRequestSge      uint32                 `protobuf:"varint,9,opt,name=max_read_request_sge,json=maxReadRequestSge,proto3" json:"max_read_request_sge,omitempty"`
	MaxTransferLength      uint32                 `protobuf:"varint,10,opt,name=max_transfer_length,json=maxTransferLength,proto3" json:"max_transfer_length,omitempty"`
	MaxInlineDataSize      uint32                 `protobuf:"varint,11,opt,name=max_inline_data_size,json=maxInlineDataSize,proto3" json:"max_inline_data_size,omitempty"`
	MaxInboundReadLimit    uint32                 `protobuf:"varint,12,opt,name=max_inbound_read_limit,json=maxInboundReadLimit,proto3" json:"max_inbound_read_limit,omitempty"`
	MaxOutboundReadLimit   uint32                 `protobuf:"varint,13,opt,name=max_outbound_read_limit,json=maxOutboundReadLimit,proto3" json:"max_outbound_read_limit,omitempty"`
	MaxReceiveQueueDepth   uint32                 `protobuf:"varint,14,opt,name=max_receive_queue_depth,json=maxReceiveQueueDepth,proto3" json:"max_receive_queue_depth,omitempty"`
	MaxInitiatorQueueDepth uint32                 `protobuf:"varint,15,opt,name=max_initiator_queue_depth,json=maxInitiatorQueueDepth,proto3" json:"max_initiator_queue_depth,omitempty"`
	MaxSrqDepth            uint32                 `protobuf:"varint,16,opt,name=max_srq_depth,json=maxSrqDepth,proto3" json:"max_srq_depth,omitempty"`
	MaxCqDepth             uint32                 `protobuf:"varint,17,opt,name=max_cq_depth,json=maxCqDepth,proto3" json:"max_cq_depth,omitempty"`
	LargeRequestThreshold  uint32                 `protobuf:"varint,18,opt,name=large_request_threshold,json=largeRequestThreshold,proto3" json:"large_request_threshold,omitempty"`
	MaxCallerData          uint32                 `protobuf:"varint,19,opt,name=max_caller_data,json=maxCallerData,proto3" json:"max_caller_data,omitempty"`
	MaxCalleeData          uint32                 `protobuf:"varint,20,opt,name=max_callee_data,json=maxCalleeData,proto3" json:"max_callee_data,omitempty"`
	AdapterFlags           uint32                 `protobuf:"varint,21,opt,name=adapter_flags,json=adapterFlags,proto3" json:"adapter_flags,omitempty"`
	// NDK_RDMA_TECHNOLOGY (ndk.RDMATechnology) values.
	RdmaTechnology uint32 `protobuf:"varint,22,opt,name=rdma_technology,json=rdmaTechnology,proto3" json:"rdma_technology,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *AdapterInfo) Reset() {
	*x = AdapterInfo{}
	mi := &file_agent_v1_agent_proto_msgTypes[14]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *AdapterInfo) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*AdapterInfo) ProtoMessage() {}

func (x *AdapterInfo) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[14]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use AdapterInfo.ProtoReflect.Descriptor instead.
func (*AdapterInfo) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{14}
}

func (x *AdapterInfo) GetVersion() *Version {
	if x != nil {
		return x.Version
	}
	return nil
}

func (x *AdapterInfo) GetVendorId() uint32 {
	if x != nil {
		return x.VendorId
	}
	return 0
}

func (x *AdapterInfo) GetDeviceId() uint32 {
	if x != nil {
		return x.DeviceId
	}
	return 0
}

func (x *AdapterInfo) GetMaxRegistrationSize() uint64 {
	if x != nil {
		return x.MaxRegistrationSize
	}
	return 0
}

func (x *AdapterInfo) GetMaxWindowSize() uint64 {
	if x != nil {
		return x.MaxWindowSize
	}
	return 0
}

func (x *AdapterInfo) GetFrmrPageCount() uint32 {
	if x != nil {
		return x.FrmrPageCount
	}
	return 0
}

func (x *AdapterInfo) GetMaxInitiatorRequestSge() uint32 {
	if x != nil {
		return x.MaxInitiatorRequestSge
	}
	return 0
}

func (x *AdapterInfo) GetMaxReceiveRequestSge() uint32 {
	if x != nil {
		return x.MaxReceiveRequestSge
	}
	return 0
}

func (x *AdapterInfo) GetMaxReadRequestSge() uint32 {
	if x != nil {
		return x.MaxReadRequestSge
	}
	return 0
}

func (x *AdapterInfo) GetMaxTransferLength() uint32 {
	if x != nil {
		return x.MaxTransferLength
	}
	return 0
}

func (x *AdapterInfo) GetMaxInlineDataSize() uint32 {
	if x != nil {
		return x.MaxInlineDataSize
	}
	return 0
}

func (x *AdapterInfo) GetMaxInboundReadLimit() uint32 {
	if x != nil {
		return x.MaxInboundReadLimit
	}
	return 0
}

func (x *AdapterInfo) GetMaxOutboundReadLimit() uint32 {
	if x != nil {
		return x.MaxOutboundReadLimit
	}
	return 0
}

func (x *AdapterInfo) GetMaxReceiveQueueDepth() uint32 {
	if x != nil {
		return x.MaxReceiveQueueDepth
	}
	return 0
}

func (x *AdapterInfo) GetMaxInitiatorQueueDepth() uint32 {
	if x != nil {
		return x.MaxInitiatorQueueDepth
	}
	return 0
}

func (x *AdapterInfo) GetMaxSrqDepth() uint32 {
	if x != nil {
		return x.MaxSrqDepth
	}
	return 0
}

func (x *AdapterInfo) GetMaxCqDepth() uint32 {
	if x != nil {
		return x.MaxCqDepth
	}
	return 0
}

func (x *AdapterInfo) GetLargeRequestThreshold() uint32 {
	if x != nil {
		return x.LargeRequestThreshold
	}
	return 0
}

func (x *AdapterInfo) GetMaxCallerData() uint32 {
	if x != nil {
		return x.MaxCallerData
	}
	return 0
}

func (x *AdapterInfo) GetMaxCalleeData() uint32 {
	if x != nil {
		return x.MaxCalleeData
	}
	return 0
}

func (x *AdapterInfo) GetAdapterFlags() uint32 {
	if x != nil {
		return x.AdapterFlags
	}
	return 0
}

func (x *AdapterInfo) GetRdmaTechnology() uint32 {
	if x != nil {
		return x.RdmaTechnology
	}
	return 0
}

// SGE is NDK_SGE.
type SGE struct {
	state             protoimpl.MessageState `protogen:"open.v1"`
	VirtualAddress    uint64                 `protobuf:"varint,1,opt,name=virtual_address,json=virtualAddress,proto3" json:"virtual_address,omitempty"`
	Length            uint32                 `protobuf:"varint,2,opt,name=length,proto3" json:"length,omitempty"`
	MemoryRegionToken uint32                 `protobuf:"varint,3,opt,name=memory_region_token,json=memoryRegionToken,proto3" json:"memory_region_token,omitempty"`
	unknownFields     protoimpl.UnknownFields
	sizeCache         protoimpl.SizeCache
}

func (x *SGE) Reset() {
	*x = SGE{}
	mi := &file_agent_v1_agent_proto_msgTypes[15]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SGE) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SGE) ProtoMessage() {}

func (x *SGE) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[15]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SGE.ProtoReflect.Descriptor instead.
func (*SGE) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{15}
}

func (x *SGE) GetVirtualAddress() uint64 {
	if x != nil {
		return x.VirtualAddress
	}
	return 0
}

func (x *SGE) GetLength() uint32 {
	if x != nil {
		return x.Length
	}
	return 0
}

func (x *SGE) GetMemoryRegionToken() uint32 {
	if x != nil {
		return x.MemoryRegionToken
	}
	return 0
}

// Result is NDK_RESULT_EX (ndk.ResultEx; NDK_RESULT is its first four
// fields): contexts are the client's context ids.
type Result struct {
	state            protoimpl.MessageState `protogen:"open.v1"`
	Status           uint32                 `protobuf:"varint,1,opt,name=status,proto3" json:"status,omitempty"`
	BytesTransferred uint32                 `protobuf:"varint,2,opt,name=bytes_transferred,json=bytesTransferred,proto3" json:"bytes_transferred,omitempty"`
	QpContext        uint64                 `protobuf:"varint,3,opt,name=qp_context,json=qpContext,proto3" json:"qp_context,omitempty"`
	RequestContext   uint64                 `protobuf:"varint,4,opt,name=request_context,json=requestContext,proto3" json:"request_context,omitempty"`
	// GetResultsEx only:
	Type                         uint32 `protobuf:"varint,5,opt,name=type,proto3" json:"type,omitempty"` // NDK_OPERATION_TYPE
	ProviderErrorCode            uint32 `protobuf:"varint,6,opt,name=provider_error_code,json=providerErrorCode,proto3" json:"provider_error_code,omitempty"`
	TypeSpecificCompletionOutput uint64 `protobuf:"varint,7,opt,name=type_specific_completion_output,json=typeSpecificCompletionOutput,proto3" json:"type_specific_completion_output,omitempty"`
	unknownFields                protoimpl.UnknownFields
	sizeCache                    protoimpl.SizeCache
}

func (x *Result) Reset() {
	*x = Result{}
	mi := &file_agent_v1_agent_proto_msgTypes[16]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *Result) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*Result) ProtoMessage() {}

func (x *Result) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[16]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use Result.ProtoReflect.Descriptor instead.
func (*Result) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{16}
}

func (x *Result) GetStatus() uint32 {
	if x != nil {
		return x.Status
	}
	return 0
}

func (x *Result) GetBytesTransferred() uint32 {
	if x != nil {
		return x.BytesTransferred
	}
	return 0
}

func (x *Result) GetQpContext() uint64 {
	if x != nil {
		return x.QpContext
	}
	return 0
}

func (x *Result) GetRequestContext() uint64 {
	if x != nil {
		return x.RequestContext
	}
	return 0
}

func (x *Result) GetType() uint32 {
	if x != nil {
		return x.Type
	}
	return 0
}

func (x *Result) GetProviderErrorCode() uint32 {
	if x != nil {
		return x.ProviderErrorCode
	}
	return 0
}

func (x *Result) GetTypeSpecificCompletionOutput() uint64 {
	if x != nil {
		return x.TypeSpecificCompletionOutput
	}
	return 0
}

// LamOutput is what NdkBuildLam writes into ndk.LAM.
type LamOutput struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Pages         []uint64               `protobuf:"varint,1,rep,packed,name=pages,proto3" json:"pages,omitempty"`
	PageCount     uint32                 `protobuf:"varint,2,opt,name=page_count,json=pageCount,proto3" json:"page_count,omitempty"`
	Fbo           uint32                 `protobuf:"varint,3,opt,name=fbo,proto3" json:"fbo,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *LamOutput) Reset() {
	*x = LamOutput{}
	mi := &file_agent_v1_agent_proto_msgTypes[17]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *LamOutput) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*LamOutput) ProtoMessage() {}

func (x *LamOutput) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[17]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use LamOutput.ProtoReflect.Descriptor instead.
func (*LamOutput) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{17}
}

func (x *LamOutput) GetPages() []uint64 {
	if x != nil {
		return x.Pages
	}
	return nil
}

func (x *LamOutput) GetPageCount() uint32 {
	if x != nil {
		return x.PageCount
	}
	return 0
}

func (x *LamOutput) GetFbo() uint32 {
	if x != nil {
		return x.Fbo
	}
	return 0
}

// ConnectParams are ndk.ConnectParams.
type ConnectParams struct {
	state             protoimpl.MessageState `protogen:"open.v1"`
	Qp                *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	Source            *SocketAddress         `protobuf:"bytes,2,opt,name=source,proto3" json:"source,omitempty"`
	Destination       *SocketAddress         `protobuf:"bytes,3,opt,name=destination,proto3" json:"destination,omitempty"`
	InboundReadLimit  uint32                 `protobuf:"varint,4,opt,name=inbound_read_limit,json=inboundReadLimit,proto3" json:"inbound_read_limit,omitempty"`
	OutboundReadLimit uint32                 `protobuf:"varint,5,opt,name=outbound_read_limit,json=outboundReadLimit,proto3" json:"outbound_read_limit,omitempty"`
	// Absent: a nil slice (NULL pPrivateData).
	PrivateData   []byte `protobuf:"bytes,6,opt,name=private_data,json=privateData,proto3,oneof" json:"private_data,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ConnectParams) Reset() {
	*x = ConnectParams{}
	mi := &file_agent_v1_agent_proto_msgTypes[18]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ConnectParams) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ConnectParams) ProtoMessage() {}

func (x *ConnectParams) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[18]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ConnectParams.ProtoReflect.Descriptor instead.
func (*ConnectParams) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{18}
}

func (x *ConnectParams) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

func (x *ConnectParams) GetSource() *SocketAddress {
	if x != nil {
		return x.Source
	}
	return nil
}

func (x *ConnectParams) GetDestination() *SocketAddress {
	if x != nil {
		return x.Destination
	}
	return nil
}

func (x *ConnectParams) GetInboundReadLimit() uint32 {
	if x != nil {
		return x.InboundReadLimit
	}
	return 0
}

func (x *ConnectParams) GetOutboundReadLimit() uint32 {
	if x != nil {
		return x.OutboundReadLimit
	}
	return 0
}

func (x *ConnectParams) GetPrivateData() []byte {
	if x != nil {
		return x.PrivateData
	}
	return nil
}

// Call is one call of the ndk interface (or of the protocol: memory,
// session).
type Call struct {
	state protoimpl.MessageState `protogen:"open.v1"`
	// Chosen by the client; the CallReturn carries it.
	CallId uint64 `protobuf:"varint,1,opt,name=call_id,json=callId,proto3" json:"call_id,omitempty"`
	// The callback_id of the Callback whose consumer callback makes this
	// call, 0 if none (or not known): the agent runs the call on the thread
	// that waits for that callback's return. Naming a callback that is not
	// outstanding is UNKNOWN_CALLBACK.
	WithinCallback uint64 `protobuf:"varint,2,opt,name=within_callback,json=withinCallback,proto3" json:"within_callback,omitempty"`
	// Types that are valid to be assigned to Op:
	//
	//	*Call_OpenAdapter
	//	*Call_CloseProvider
	//	*Call_SetHostState
	//	*Call_FailSrq
	//	*Call_FailCq
	//	*Call_CloseAdapter
	//	*Call_QueryAdapterInfo
	//	*Call_CreateCq
	//	*Call_CreatePd
	//	*Call_CreateSharedEndpoint
	//	*Call_CreateConnector
	//	*Call_CreateListener
	//	*Call_BuildLam
	//	*Call_ReleaseLam
	//	*Call_BuildLamChain
	//	*Call_CloseObject
	//	*Call_ResizeCq
	//	*Call_ArmCq
	//	*Call_GetCqResults
	//	*Call_GetCqResultsEx
	//	*Call_ControlCqInterruptModeration
	//	*Call_CreateQp
	//	*Call_CreateQpWithSrq
	//	*Call_CreateSrq
	//	*Call_CreateMr
	//	*Call_CreateMw
	//	*Call_GetPrivilegedMemoryRegionToken
	//	*Call_ModifySrq
	//	*Call_SrqReceive
	//	*Call_RegisterMr
	//	*Call_DeregisterMr
	//	*Call_InitializeFastRegisterMr
	//	*Call_GetLocalTokenFromMr
	//	*Call_GetRemoteTokenFromMr
	//	*Call_GetRemoteTokenFromMw
	//	*Call_RegisterMrChain
	//	*Call_Flush
	//	*Call_Receive
	//	*Call_Send
	//	*Call_SendAndInvalidate
	//	*Call_Write
	//	*Call_Read
	//	*Call_Bind
	//	*Call_FastRegister
	//	*Call_Invalidate
	//	*Call_Connect
	//	*Call_ConnectWithSharedEndpoint
	//	*Call_CompleteConnect
	//	*Call_Accept
	//	*Call_Reject
	//	*Call_GetConnectionData
	//	*Call_GetLocalAddress
	//	*Call_GetPeerAddress
	//	*Call_Disconnect
	//	*Call_CompleteConnectEx
	//	*Call_AcceptEx
	//	*Call_Listen
	//	*Call_GetListenerLocalAddress
	//	*Call_ControlConnectEvents
	//	*Call_GetSharedEndpointLocalAddress
	//	*Call_AllocateBuffer
	//	*Call_FreeBuffer
	//	*Call_WriteMemory
	//	*Call_ReadMemory
	//	*Call_QueryAbiFacts
	Op            isCall_Op `protobuf_oneof:"op"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *Call) Reset() {
	*x = Call{}
	mi := &file_agent_v1_agent_proto_msgTypes[19]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *Call) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*Call) ProtoMessage() {}

func (x *Call) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[19]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use Call.ProtoReflect.Descriptor instead.
func (*Call) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{19}
}

func (x *Call) GetCallId() uint64 {
	if x != nil {
		return x.CallId
	}
	return 0
}

func (x *Call) GetWithinCallback() uint64 {
	if x != nil {
		return x.WithinCallback
	}
	return 0
}

func (x *Call) GetOp() isCall_Op {
	if x != nil {
		return x.Op
	}
	return nil
}

func (x *Call) GetOpenAdapter() *OpenAdapterRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_OpenAdapter); ok {
			return x.OpenAdapter
		}
	}
	return nil
}

func (x *Call) GetCloseProvider() *CloseProviderRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CloseProvider); ok {
			return x.CloseProvider
		}
	}
	return nil
}

func (x *Call) GetSetHostState() *SetHostStateRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_SetHostState); ok {
			return x.SetHostState
		}
	}
	return nil
}

func (x *Call) GetFailSrq() *FailSrqRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_FailSrq); ok {
			return x.FailSrq
		}
	}
	return nil
}

func (x *Call) GetFailCq() *FailCqRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_FailCq); ok {
			return x.FailCq
		}
	}
	return nil
}

func (x *Call) GetCloseAdapter() *CloseAdapterRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CloseAdapter); ok {
			return x.CloseAdapter
		}
	}
	return nil
}

func (x *Call) GetQueryAdapterInfo() *QueryAdapterInfoRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_QueryAdapterInfo); ok {
			return x.QueryAdapterInfo
		}
	}
	return nil
}

func (x *Call) GetCreateCq() *CreateCqRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CreateCq); ok {
			return x.CreateCq
		}
	}
	return nil
}

func (x *Call) GetCreatePd() *CreatePdRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CreatePd); ok {
			return x.CreatePd
		}
	}
	return nil
}

func (x *Call) GetCreateSharedEndpoint() *CreateSharedEndpointRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CreateSharedEndpoint); ok {
			return x.CreateSharedEndpoint
		}
	}
	return nil
}

func (x *Call) GetCreateConnector() *CreateConnectorRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CreateConnector); ok {
			return x.CreateConnector
		}
	}
	return nil
}

func (x *Call) GetCreateListener() *CreateListenerRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CreateListener); ok {
			return x.CreateListener
		}
	}
	return nil
}

func (x *Call) GetBuildLam() *BuildLamRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_BuildLam); ok {
			return x.BuildLam
		}
	}
	return nil
}

func (x *Call) GetReleaseLam() *ReleaseLamRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_ReleaseLam); ok {
			return x.ReleaseLam
		}
	}
	return nil
}

func (x *Call) GetBuildLamChain() *BuildLamChainRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_BuildLamChain); ok {
			return x.BuildLamChain
		}
	}
	return nil
}

func (x *Call) GetCloseObject() *CloseObjectRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CloseObject); ok {
			return x.CloseObject
		}
	}
	return nil
}

func (x *Call) GetResizeCq() *ResizeCqRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_ResizeCq); ok {
			return x.ResizeCq
		}
	}
	return nil
}

func (x *Call) GetArmCq() *ArmCqRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_ArmCq); ok {
			return x.ArmCq
		}
	}
	return nil
}

func (x *Call) GetGetCqResults() *GetCqResultsRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_GetCqResults); ok {
			return x.GetCqResults
		}
	}
	return nil
}

func (x *Call) GetGetCqResultsEx() *GetCqResultsExRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_GetCqResultsEx); ok {
			return x.GetCqResultsEx
		}
	}
	return nil
}

func (x *Call) GetControlCqInterruptModeration() *ControlCqInterruptModerationRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_ControlCqInterruptModeration); ok {
			return x.ControlCqInterruptModeration
		}
	}
	return nil
}

func (x *Call) GetCreateQp() *CreateQpRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CreateQp); ok {
			return x.CreateQp
		}
	}
	return nil
}

func (x *Call) GetCreateQpWithSrq() *CreateQpWithSrqRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CreateQpWithSrq); ok {
			return x.CreateQpWithSrq
		}
	}
	return nil
}

func (x *Call) GetCreateSrq() *CreateSrqRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CreateSrq); ok {
			return x.CreateSrq
		}
	}
	return nil
}

func (x *Call) GetCreateMr() *CreateMrRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CreateMr); ok {
			return x.CreateMr
		}
	}
	return nil
}

func (x *Call) GetCreateMw() *CreateMwRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CreateMw); ok {
			return x.CreateMw
		}
	}
	return nil
}

func (x *Call) GetGetPrivilegedMemoryRegionToken() *GetPrivilegedMemoryRegionTokenRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_GetPrivilegedMemoryRegionToken); ok {
			return x.GetPrivilegedMemoryRegionToken
		}
	}
	return nil
}

func (x *Call) GetModifySrq() *ModifySrqRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_ModifySrq); ok {
			return x.ModifySrq
		}
	}
	return nil
}

func (x *Call) GetSrqReceive() *SrqReceiveRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_SrqReceive); ok {
			return x.SrqReceive
		}
	}
	return nil
}

func (x *Call) GetRegisterMr() *RegisterMrRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_RegisterMr); ok {
			return x.RegisterMr
		}
	}
	return nil
}

func (x *Call) GetDeregisterMr() *DeregisterMrRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_DeregisterMr); ok {
			return x.DeregisterMr
		}
	}
	return nil
}

func (x *Call) GetInitializeFastRegisterMr() *InitializeFastRegisterMrRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_InitializeFastRegisterMr); ok {
			return x.InitializeFastRegisterMr
		}
	}
	return nil
}

func (x *Call) GetGetLocalTokenFromMr() *GetLocalTokenFromMrRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_GetLocalTokenFromMr); ok {
			return x.GetLocalTokenFromMr
		}
	}
	return nil
}

func (x *Call) GetGetRemoteTokenFromMr() *GetRemoteTokenFromMrRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_GetRemoteTokenFromMr); ok {
			return x.GetRemoteTokenFromMr
		}
	}
	return nil
}

func (x *Call) GetGetRemoteTokenFromMw() *GetRemoteTokenFromMwRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_GetRemoteTokenFromMw); ok {
			return x.GetRemoteTokenFromMw
		}
	}
	return nil
}

func (x *Call) GetRegisterMrChain() *RegisterMrChainRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_RegisterMrChain); ok {
			return x.RegisterMrChain
		}
	}
	return nil
}

func (x *Call) GetFlush() *FlushRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Flush); ok {
			return x.Flush
		}
	}
	return nil
}

func (x *Call) GetReceive() *ReceiveRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Receive); ok {
			return x.Receive
		}
	}
	return nil
}

func (x *Call) GetSend() *SendRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Send); ok {
			return x.Send
		}
	}
	return nil
}

func (x *Call) GetSendAndInvalidate() *SendAndInvalidateRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_SendAndInvalidate); ok {
			return x.SendAndInvalidate
		}
	}
	return nil
}

func (x *Call) GetWrite() *WriteRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Write); ok {
			return x.Write
		}
	}
	return nil
}

func (x *Call) GetRead() *ReadRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Read); ok {
			return x.Read
		}
	}
	return nil
}

func (x *Call) GetBind() *BindRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Bind); ok {
			return x.Bind
		}
	}
	return nil
}

func (x *Call) GetFastRegister() *FastRegisterRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_FastRegister); ok {
			return x.FastRegister
		}
	}
	return nil
}

func (x *Call) GetInvalidate() *InvalidateRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Invalidate); ok {
			return x.Invalidate
		}
	}
	return nil
}

func (x *Call) GetConnect() *ConnectRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Connect); ok {
			return x.Connect
		}
	}
	return nil
}

func (x *Call) GetConnectWithSharedEndpoint() *ConnectWithSharedEndpointRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_ConnectWithSharedEndpoint); ok {
			return x.ConnectWithSharedEndpoint
		}
	}
	return nil
}

func (x *Call) GetCompleteConnect() *CompleteConnectRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CompleteConnect); ok {
			return x.CompleteConnect
		}
	}
	return nil
}

func (x *Call) GetAccept() *AcceptRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Accept); ok {
			return x.Accept
		}
	}
	return nil
}

func (x *Call) GetReject() *RejectRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Reject); ok {
			return x.Reject
		}
	}
	return nil
}

func (x *Call) GetGetConnectionData() *GetConnectionDataRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_GetConnectionData); ok {
			return x.GetConnectionData
		}
	}
	return nil
}

func (x *Call) GetGetLocalAddress() *GetLocalAddressRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_GetLocalAddress); ok {
			return x.GetLocalAddress
		}
	}
	return nil
}

func (x *Call) GetGetPeerAddress() *GetPeerAddressRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_GetPeerAddress); ok {
			return x.GetPeerAddress
		}
	}
	return nil
}

func (x *Call) GetDisconnect() *DisconnectRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Disconnect); ok {
			return x.Disconnect
		}
	}
	return nil
}

func (x *Call) GetCompleteConnectEx() *CompleteConnectExRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_CompleteConnectEx); ok {
			return x.CompleteConnectEx
		}
	}
	return nil
}

func (x *Call) GetAcceptEx() *AcceptExRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_AcceptEx); ok {
			return x.AcceptEx
		}
	}
	return nil
}

func (x *Call) GetListen() *ListenRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_Listen); ok {
			return x.Listen
		}
	}
	return nil
}

func (x *Call) GetGetListenerLocalAddress() *GetListenerLocalAddressRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_GetListenerLocalAddress); ok {
			return x.GetListenerLocalAddress
		}
	}
	return nil
}

func (x *Call) GetControlConnectEvents() *ControlConnectEventsRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_ControlConnectEvents); ok {
			return x.ControlConnectEvents
		}
	}
	return nil
}

func (x *Call) GetGetSharedEndpointLocalAddress() *GetSharedEndpointLocalAddressRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_GetSharedEndpointLocalAddress); ok {
			return x.GetSharedEndpointLocalAddress
		}
	}
	return nil
}

func (x *Call) GetAllocateBuffer() *AllocateBufferRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_AllocateBuffer); ok {
			return x.AllocateBuffer
		}
	}
	return nil
}

func (x *Call) GetFreeBuffer() *FreeBufferRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_FreeBuffer); ok {
			return x.FreeBuffer
		}
	}
	return nil
}

func (x *Call) GetWriteMemory() *WriteMemoryRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_WriteMemory); ok {
			return x.WriteMemory
		}
	}
	return nil
}

func (x *Call) GetReadMemory() *ReadMemoryRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_ReadMemory); ok {
			return x.ReadMemory
		}
	}
	return nil
}

func (x *Call) GetQueryAbiFacts() *QueryAbiFactsRequest {
	if x != nil {
		if x, ok := x.Op.(*Call_QueryAbiFacts); ok {
			return x.QueryAbiFacts
		}
	}
	return nil
}

type isCall_Op interface {
	isCall_Op()
}

type Call_OpenAdapter struct {
	// ndk.Provider
	OpenAdapter *OpenAdapterRequest `protobuf:"bytes,10,opt,name=open_adapter,json=openAdapter,proto3,oneof"`
}

type Call_CloseProvider struct {
	CloseProvider *CloseProviderRequest `protobuf:"bytes,11,opt,name=close_provider,json=closeProvider,proto3,oneof"`
}

type Call_SetHostState struct {
	// ndk.FaultInjector
	SetHostState *SetHostStateRequest `protobuf:"bytes,12,opt,name=set_host_state,json=setHostState,proto3,oneof"`
}

type Call_FailSrq struct {
	// ndk.SRQFaultInjector, ndk.CQFaultInjector (since 1.1)
	FailSrq *FailSrqRequest `protobuf:"bytes,13,opt,name=fail_srq,json=failSrq,proto3,oneof"`
}

type Call_FailCq struct {
	FailCq *FailCqRequest `protobuf:"bytes,14,opt,name=fail_cq,json=failCq,proto3,oneof"`
}

type Call_CloseAdapter struct {
	// ndk.Adapter
	CloseAdapter *CloseAdapterRequest `protobuf:"bytes,20,opt,name=close_adapter,json=closeAdapter,proto3,oneof"`
}

type Call_QueryAdapterInfo struct {
	QueryAdapterInfo *QueryAdapterInfoRequest `protobuf:"bytes,21,opt,name=query_adapter_info,json=queryAdapterInfo,proto3,oneof"`
}

type Call_CreateCq struct {
	CreateCq *CreateCqRequest `protobuf:"bytes,22,opt,name=create_cq,json=createCq,proto3,oneof"`
}

type Call_CreatePd struct {
	CreatePd *CreatePdRequest `protobuf:"bytes,23,opt,name=create_pd,json=createPd,proto3,oneof"`
}

type Call_CreateSharedEndpoint struct {
	CreateSharedEndpoint *CreateSharedEndpointRequest `protobuf:"bytes,24,opt,name=create_shared_endpoint,json=createSharedEndpoint,proto3,oneof"`
}

type Call_CreateConnector struct {
	CreateConnector *CreateConnectorRequest `protobuf:"bytes,25,opt,name=create_connector,json=createConnector,proto3,oneof"`
}

type Call_CreateListener struct {
	CreateListener *CreateListenerRequest `protobuf:"bytes,26,opt,name=create_listener,json=createListener,proto3,oneof"`
}

type Call_BuildLam struct {
	BuildLam *BuildLamRequest `protobuf:"bytes,27,opt,name=build_lam,json=buildLam,proto3,oneof"`
}

type Call_ReleaseLam struct {
	ReleaseLam *ReleaseLamRequest `protobuf:"bytes,28,opt,name=release_lam,json=releaseLam,proto3,oneof"`
}

type Call_BuildLamChain struct {
	// ndk.LAMChainBuilder (since 1.2)
	BuildLamChain *BuildLamChainRequest `protobuf:"bytes,29,opt,name=build_lam_chain,json=buildLamChain,proto3,oneof"`
}

type Call_CloseObject struct {
	// ndk.Object
	CloseObject *CloseObjectRequest `protobuf:"bytes,30,opt,name=close_object,json=closeObject,proto3,oneof"`
}

type Call_ResizeCq struct {
	// ndk.CQ
	ResizeCq *ResizeCqRequest `protobuf:"bytes,40,opt,name=resize_cq,json=resizeCq,proto3,oneof"`
}

type Call_ArmCq struct {
	ArmCq *ArmCqRequest `protobuf:"bytes,41,opt,name=arm_cq,json=armCq,proto3,oneof"`
}

type Call_GetCqResults struct {
	GetCqResults *GetCqResultsRequest `protobuf:"bytes,42,opt,name=get_cq_results,json=getCqResults,proto3,oneof"`
}

type Call_GetCqResultsEx struct {
	GetCqResultsEx *GetCqResultsExRequest `protobuf:"bytes,43,opt,name=get_cq_results_ex,json=getCqResultsEx,proto3,oneof"`
}

type Call_ControlCqInterruptModeration struct {
	ControlCqInterruptModeration *ControlCqInterruptModerationRequest `protobuf:"bytes,44,opt,name=control_cq_interrupt_moderation,json=controlCqInterruptModeration,proto3,oneof"`
}

type Call_CreateQp struct {
	// ndk.PD
	CreateQp *CreateQpRequest `protobuf:"bytes,50,opt,name=create_qp,json=createQp,proto3,oneof"`
}

type Call_CreateQpWithSrq struct {
	CreateQpWithSrq *CreateQpWithSrqRequest `protobuf:"bytes,51,opt,name=create_qp_with_srq,json=createQpWithSrq,proto3,oneof"`
}

type Call_CreateSrq struct {
	CreateSrq *CreateSrqRequest `protobuf:"bytes,52,opt,name=create_srq,json=createSrq,proto3,oneof"`
}

type Call_CreateMr struct {
	CreateMr *CreateMrRequest `protobuf:"bytes,53,opt,name=create_mr,json=createMr,proto3,oneof"`
}

type Call_CreateMw struct {
	CreateMw *CreateMwRequest `protobuf:"bytes,54,opt,name=create_mw,json=createMw,proto3,oneof"`
}

type Call_GetPrivilegedMemoryRegionToken struct {
	GetPrivilegedMemoryRegionToken *GetPrivilegedMemoryRegionTokenRequest `protobuf:"bytes,55,opt,name=get_privileged_memory_region_token,json=getPrivilegedMemoryRegionToken,proto3,oneof"`
}

type Call_ModifySrq struct {
	// ndk.SRQ
	ModifySrq *ModifySrqRequest `protobuf:"bytes,60,opt,name=modify_srq,json=modifySrq,proto3,oneof"`
}

type Call_SrqReceive struct {
	SrqReceive *SrqReceiveRequest `protobuf:"bytes,61,opt,name=srq_receive,json=srqReceive,proto3,oneof"`
}

type Call_RegisterMr struct {
	// ndk.MR, ndk.MW
	RegisterMr *RegisterMrRequest `protobuf:"bytes,70,opt,name=register_mr,json=registerMr,proto3,oneof"`
}

type Call_DeregisterMr struct {
	DeregisterMr *DeregisterMrRequest `protobuf:"bytes,71,opt,name=deregister_mr,json=deregisterMr,proto3,oneof"`
}

type Call_InitializeFastRegisterMr struct {
	InitializeFastRegisterMr *InitializeFastRegisterMrRequest `protobuf:"bytes,72,opt,name=initialize_fast_register_mr,json=initializeFastRegisterMr,proto3,oneof"`
}

type Call_GetLocalTokenFromMr struct {
	GetLocalTokenFromMr *GetLocalTokenFromMrRequest `protobuf:"bytes,73,opt,name=get_local_token_from_mr,json=getLocalTokenFromMr,proto3,oneof"`
}

type Call_GetRemoteTokenFromMr struct {
	GetRemoteTokenFromMr *GetRemoteTokenFromMrRequest `protobuf:"bytes,74,opt,name=get_remote_token_from_mr,json=getRemoteTokenFromMr,proto3,oneof"`
}

type Call_GetRemoteTokenFromMw struct {
	GetRemoteTokenFromMw *GetRemoteTokenFromMwRequest `protobuf:"bytes,75,opt,name=get_remote_token_from_mw,json=getRemoteTokenFromMw,proto3,oneof"`
}

type Call_RegisterMrChain struct {
	// ndk.ChainRegisterer (since 1.2)
	RegisterMrChain *RegisterMrChainRequest `protobuf:"bytes,76,opt,name=register_mr_chain,json=registerMrChain,proto3,oneof"`
}

type Call_Flush struct {
	// ndk.QP: control and work requests
	Flush *FlushRequest `protobuf:"bytes,80,opt,name=flush,proto3,oneof"`
}

type Call_Receive struct {
	Receive *ReceiveRequest `protobuf:"bytes,81,opt,name=receive,proto3,oneof"`
}

type Call_Send struct {
	Send *SendRequest `protobuf:"bytes,82,opt,name=send,proto3,oneof"`
}

type Call_SendAndInvalidate struct {
	SendAndInvalidate *SendAndInvalidateRequest `protobuf:"bytes,83,opt,name=send_and_invalidate,json=sendAndInvalidate,proto3,oneof"`
}

type Call_Write struct {
	Write *WriteRequest `protobuf:"bytes,84,opt,name=write,proto3,oneof"`
}

type Call_Read struct {
	Read *ReadRequest `protobuf:"bytes,85,opt,name=read,proto3,oneof"`
}

type Call_Bind struct {
	Bind *BindRequest `protobuf:"bytes,86,opt,name=bind,proto3,oneof"`
}

type Call_FastRegister struct {
	FastRegister *FastRegisterRequest `protobuf:"bytes,87,opt,name=fast_register,json=fastRegister,proto3,oneof"`
}

type Call_Invalidate struct {
	Invalidate *InvalidateRequest `protobuf:"bytes,88,opt,name=invalidate,proto3,oneof"`
}

type Call_Connect struct {
	// ndk.Connector
	Connect *ConnectRequest `protobuf:"bytes,90,opt,name=connect,proto3,oneof"`
}

type Call_ConnectWithSharedEndpoint struct {
	ConnectWithSharedEndpoint *ConnectWithSharedEndpointRequest `protobuf:"bytes,91,opt,name=connect_with_shared_endpoint,json=connectWithSharedEndpoint,proto3,oneof"`
}

type Call_CompleteConnect struct {
	CompleteConnect *CompleteConnectRequest `protobuf:"bytes,92,opt,name=complete_connect,json=completeConnect,proto3,oneof"`
}

type Call_Accept struct {
	Accept *AcceptRequest `protobuf:"bytes,93,opt,name=accept,proto3,oneof"`
}

type Call_Reject struct {
	Reject *RejectRequest `protobuf:"bytes,94,opt,name=reject,proto3,oneof"`
}

type Call_GetConnectionData struct {
	GetConnectionData *GetConnectionDataRequest `protobuf:"bytes,95,opt,name=get_connection_data,json=getConnectionData,proto3,oneof"`
}

type Call_GetLocalAddress struct {
	GetLocalAddress *GetLocalAddressRequest `protobuf:"bytes,96,opt,name=get_local_address,json=getLocalAddress,proto3,oneof"`
}

type Call_GetPeerAddress struct {
	GetPeerAddress *GetPeerAddressRequest `protobuf:"bytes,97,opt,name=get_peer_address,json=getPeerAddress,proto3,oneof"`
}

type Call_Disconnect struct {
	Disconnect *DisconnectRequest `protobuf:"bytes,98,opt,name=disconnect,proto3,oneof"`
}

type Call_CompleteConnectEx struct {
	// ndk.ConnectorEx (since 1.4), on a connector whose handle has
	// connector_ex
	CompleteConnectEx *CompleteConnectExRequest `protobuf:"bytes,99,opt,name=complete_connect_ex,json=completeConnectEx,proto3,oneof"`
}

type Call_AcceptEx struct {
	AcceptEx *AcceptExRequest `protobuf:"bytes,103,opt,name=accept_ex,json=acceptEx,proto3,oneof"`
}

type Call_Listen struct {
	// ndk.Listener
	Listen *ListenRequest `protobuf:"bytes,100,opt,name=listen,proto3,oneof"`
}

type Call_GetListenerLocalAddress struct {
	GetListenerLocalAddress *GetListenerLocalAddressRequest `protobuf:"bytes,101,opt,name=get_listener_local_address,json=getListenerLocalAddress,proto3,oneof"`
}

type Call_ControlConnectEvents struct {
	ControlConnectEvents *ControlConnectEventsRequest `protobuf:"bytes,102,opt,name=control_connect_events,json=controlConnectEvents,proto3,oneof"`
}

type Call_GetSharedEndpointLocalAddress struct {
	// ndk.SharedEndpoint
	GetSharedEndpointLocalAddress *GetSharedEndpointLocalAddressRequest `protobuf:"bytes,110,opt,name=get_shared_endpoint_local_address,json=getSharedEndpointLocalAddress,proto3,oneof"`
}

type Call_AllocateBuffer struct {
	// Agent memory (no ndk method: the data path of ndk's shared buffers)
	AllocateBuffer *AllocateBufferRequest `protobuf:"bytes,120,opt,name=allocate_buffer,json=allocateBuffer,proto3,oneof"`
}

type Call_FreeBuffer struct {
	FreeBuffer *FreeBufferRequest `protobuf:"bytes,121,opt,name=free_buffer,json=freeBuffer,proto3,oneof"`
}

type Call_WriteMemory struct {
	WriteMemory *WriteMemoryRequest `protobuf:"bytes,122,opt,name=write_memory,json=writeMemory,proto3,oneof"`
}

type Call_ReadMemory struct {
	ReadMemory *ReadMemoryRequest `protobuf:"bytes,123,opt,name=read_memory,json=readMemory,proto3,oneof"`
}

type Call_QueryAbiFacts struct {
	// What NDKPI's C ABI showed (no ndk method: ndk.ABIReporter)
	QueryAbiFacts *QueryAbiFactsRequest `protobuf:"bytes,130,opt,name=query_abi_facts,json=queryAbiFacts,proto3,oneof"`
}

func (*Call_OpenAdapter) isCall_Op() {}

func (*Call_CloseProvider) isCall_Op() {}

func (*Call_SetHostState) isCall_Op() {}

func (*Call_FailSrq) isCall_Op() {}

func (*Call_FailCq) isCall_Op() {}

func (*Call_CloseAdapter) isCall_Op() {}

func (*Call_QueryAdapterInfo) isCall_Op() {}

func (*Call_CreateCq) isCall_Op() {}

func (*Call_CreatePd) isCall_Op() {}

func (*Call_CreateSharedEndpoint) isCall_Op() {}

func (*Call_CreateConnector) isCall_Op() {}

func (*Call_CreateListener) isCall_Op() {}

func (*Call_BuildLam) isCall_Op() {}

func (*Call_ReleaseLam) isCall_Op() {}

func (*Call_BuildLamChain) isCall_Op() {}

func (*Call_CloseObject) isCall_Op() {}

func (*Call_ResizeCq) isCall_Op() {}

func (*Call_ArmCq) isCall_Op() {}

func (*Call_GetCqResults) isCall_Op() {}

func (*Call_GetCqResultsEx) isCall_Op() {}

func (*Call_ControlCqInterruptModeration) isCall_Op() {}

func (*Call_CreateQp) isCall_Op() {}

func (*Call_CreateQpWithSrq) isCall_Op() {}

func (*Call_CreateSrq) isCall_Op() {}

func (*Call_CreateMr) isCall_Op() {}

func (*Call_CreateMw) isCall_Op() {}

func (*Call_GetPrivilegedMemoryRegionToken) isCall_Op() {}

func (*Call_ModifySrq) isCall_Op() {}

func (*Call_SrqReceive) isCall_Op() {}

func (*Call_RegisterMr) isCall_Op() {}

func (*Call_DeregisterMr) isCall_Op() {}

func (*Call_InitializeFastRegisterMr) isCall_Op() {}

func (*Call_GetLocalTokenFromMr) isCall_Op() {}

func (*Call_GetRemoteTokenFromMr) isCall_Op() {}

func (*Call_GetRemoteTokenFromMw) isCall_Op() {}

func (*Call_RegisterMrChain) isCall_Op() {}

func (*Call_Flush) isCall_Op() {}

func (*Call_Receive) isCall_Op() {}

func (*Call_Send) isCall_Op() {}

func (*Call_SendAndInvalidate) isCall_Op() {}

func (*Call_Write) isCall_Op() {}

func (*Call_Read) isCall_Op() {}

func (*Call_Bind) isCall_Op() {}

func (*Call_FastRegister) isCall_Op() {}

func (*Call_Invalidate) isCall_Op() {}

func (*Call_Connect) isCall_Op() {}

func (*Call_ConnectWithSharedEndpoint) isCall_Op() {}

func (*Call_CompleteConnect) isCall_Op() {}

func (*Call_Accept) isCall_Op() {}

func (*Call_Reject) isCall_Op() {}

func (*Call_GetConnectionData) isCall_Op() {}

func (*Call_GetLocalAddress) isCall_Op() {}

func (*Call_GetPeerAddress) isCall_Op() {}

func (*Call_Disconnect) isCall_Op() {}

func (*Call_CompleteConnectEx) isCall_Op() {}

func (*Call_AcceptEx) isCall_Op() {}

func (*Call_Listen) isCall_Op() {}

func (*Call_GetListenerLocalAddress) isCall_Op() {}

func (*Call_ControlConnectEvents) isCall_Op() {}

func (*Call_GetSharedEndpointLocalAddress) isCall_Op() {}

func (*Call_AllocateBuffer) isCall_Op() {}

func (*Call_FreeBuffer) isCall_Op() {}

func (*Call_WriteMemory) isCall_Op() {}

func (*Call_ReadMemory) isCall_Op() {}

func (*Call_QueryAbiFacts) isCall_Op() {}

// CallReturn is the return of a Call.
type CallReturn struct {
	state  protoimpl.MessageState `protogen:"open.v1"`
	CallId uint64                 `protobuf:"varint,1,opt,name=call_id,json=callId,proto3" json:"call_id,omitempty"`
	// The agent refused the call: it never reached the provider, and status
	// and the reply are not set.
	ProtocolError *ProtocolError `protobuf:"bytes,2,opt,name=protocol_error,json=protocolError,proto3" json:"protocol_error,omitempty"`
	// The NDK status (NTSTATUS) the call returned; STATUS_SUCCESS for an ndk
	// method without a status.
	Status uint32 `protobuf:"varint,3,opt,name=status,proto3" json:"status,omitempty"`
	// The reply of the call's kind (the member with the call's name),
	// absent with a protocol error.
	//
	// Types that are valid to be assigned to Reply:
	//
	//	*CallReturn_OpenAdapter
	//	*CallReturn_CloseProvider
	//	*CallReturn_SetHostState
	//	*CallReturn_FailSrq
	//	*CallReturn_FailCq
	//	*CallReturn_CloseAdapter
	//	*CallReturn_QueryAdapterInfo
	//	*CallReturn_CreateCq
	//	*CallReturn_CreatePd
	//	*CallReturn_CreateSharedEndpoint
	//	*CallReturn_CreateConnector
	//	*CallReturn_CreateListener
	//	*CallReturn_BuildLam
	//	*CallReturn_ReleaseLam
	//	*CallReturn_BuildLamChain
	//	*CallReturn_CloseObject
	//	*CallReturn_ResizeCq
	//	*CallReturn_ArmCq
	//	*CallReturn_GetCqResults
	//	*CallReturn_GetCqResultsEx
	//	*CallReturn_ControlCqInterruptModeration
	//	*CallReturn_CreateQp
	//	*CallReturn_CreateQpWithSrq
	//	*CallReturn_CreateSrq
	//	*CallReturn_CreateMr
	//	*CallReturn_CreateMw
	//	*CallReturn_GetPrivilegedMemoryRegionToken
	//	*CallReturn_ModifySrq
	//	*CallReturn_SrqReceive
	//	*CallReturn_RegisterMr
	//	*CallReturn_DeregisterMr
	//	*CallReturn_InitializeFastRegisterMr
	//	*CallReturn_GetLocalTokenFromMr
	//	*CallReturn_GetRemoteTokenFromMr
	//	*CallReturn_GetRemoteTokenFromMw
	//	*CallReturn_RegisterMrChain
	//	*CallReturn_Flush
	//	*CallReturn_Receive
	//	*CallReturn_Send
	//	*CallReturn_SendAndInvalidate
	//	*CallReturn_Write
	//	*CallReturn_Read
	//	*CallReturn_Bind
	//	*CallReturn_FastRegister
	//	*CallReturn_Invalidate
	//	*CallReturn_Connect
	//	*CallReturn_ConnectWithSharedEndpoint
	//	*CallReturn_CompleteConnect
	//	*CallReturn_Accept
	//	*CallReturn_Reject
	//	*CallReturn_GetConnectionData
	//	*CallReturn_GetLocalAddress
	//	*CallReturn_GetPeerAddress
	//	*CallReturn_Disconnect
	//	*CallReturn_CompleteConnectEx
	//	*CallReturn_AcceptEx
	//	*CallReturn_Listen
	//	*CallReturn_GetListenerLocalAddress
	//	*CallReturn_ControlConnectEvents
	//	*CallReturn_GetSharedEndpointLocalAddress
	//	*CallReturn_AllocateBuffer
	//	*CallReturn_FreeBuffer
	//	*CallReturn_WriteMemory
	//	*CallReturn_ReadMemory
	//	*CallReturn_QueryAbiFacts
	Reply         isCallReturn_Reply `protobuf_oneof:"reply"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CallReturn) Reset() {
	*x = CallReturn{}
	mi := &file_agent_v1_agent_proto_msgTypes[20]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CallReturn) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CallReturn) ProtoMessage() {}

func (x *CallReturn) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[20]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CallReturn.ProtoReflect.Descriptor instead.
func (*CallReturn) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{20}
}

func (x *CallReturn) GetCallId() uint64 {
	if x != nil {
		return x.CallId
	}
	return 0
}

func (x *CallReturn) GetProtocolError() *ProtocolError {
	if x != nil {
		return x.ProtocolError
	}
	return nil
}

func (x *CallReturn) GetStatus() uint32 {
	if x != nil {
		return x.Status
	}
	return 0
}

func (x *CallReturn) GetReply() isCallReturn_Reply {
	if x != nil {
		return x.Reply
	}
	return nil
}

func (x *CallReturn) GetOpenAdapter() *OpenAdapterReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_OpenAdapter); ok {
			return x.OpenAdapter
		}
	}
	return nil
}

func (x *CallReturn) GetCloseProvider() *CloseProviderReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CloseProvider); ok {
			return x.CloseProvider
		}
	}
	return nil
}

func (x *CallReturn) GetSetHostState() *SetHostStateReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_SetHostState); ok {
			return x.SetHostState
		}
	}
	return nil
}

func (x *CallReturn) GetFailSrq() *FailSrqReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_FailSrq); ok {
			return x.FailSrq
		}
	}
	return nil
}

func (x *CallReturn) GetFailCq() *FailCqReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_FailCq); ok {
			return x.FailCq
		}
	}
	return nil
}

func (x *CallReturn) GetCloseAdapter() *CloseAdapterReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CloseAdapter); ok {
			return x.CloseAdapter
		}
	}
	return nil
}

func (x *CallReturn) GetQueryAdapterInfo() *QueryAdapterInfoReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_QueryAdapterInfo); ok {
			return x.QueryAdapterInfo
		}
	}
	return nil
}

func (x *CallReturn) GetCreateCq() *CreateCqReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CreateCq); ok {
			return x.CreateCq
		}
	}
	return nil
}

func (x *CallReturn) GetCreatePd() *CreatePdReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CreatePd); ok {
			return x.CreatePd
		}
	}
	return nil
}

func (x *CallReturn) GetCreateSharedEndpoint() *CreateSharedEndpointReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CreateSharedEndpoint); ok {
			return x.CreateSharedEndpoint
		}
	}
	return nil
}

func (x *CallReturn) GetCreateConnector() *CreateConnectorReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CreateConnector); ok {
			return x.CreateConnector
		}
	}
	return nil
}

func (x *CallReturn) GetCreateListener() *CreateListenerReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CreateListener); ok {
			return x.CreateListener
		}
	}
	return nil
}

func (x *CallReturn) GetBuildLam() *BuildLamReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_BuildLam); ok {
			return x.BuildLam
		}
	}
	return nil
}

func (x *CallReturn) GetReleaseLam() *ReleaseLamReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_ReleaseLam); ok {
			return x.ReleaseLam
		}
	}
	return nil
}

func (x *CallReturn) GetBuildLamChain() *BuildLamChainReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_BuildLamChain); ok {
			return x.BuildLamChain
		}
	}
	return nil
}

func (x *CallReturn) GetCloseObject() *CloseObjectReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CloseObject); ok {
			return x.CloseObject
		}
	}
	return nil
}

func (x *CallReturn) GetResizeCq() *ResizeCqReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_ResizeCq); ok {
			return x.ResizeCq
		}
	}
	return nil
}

func (x *CallReturn) GetArmCq() *ArmCqReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_ArmCq); ok {
			return x.ArmCq
		}
	}
	return nil
}

func (x *CallReturn) GetGetCqResults() *GetCqResultsReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_GetCqResults); ok {
			return x.GetCqResults
		}
	}
	return nil
}

func (x *CallReturn) GetGetCqResultsEx() *GetCqResultsExReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_GetCqResultsEx); ok {
			return x.GetCqResultsEx
		}
	}
	return nil
}

func (x *CallReturn) GetControlCqInterruptModeration() *ControlCqInterruptModerationReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_ControlCqInterruptModeration); ok {
			return x.ControlCqInterruptModeration
		}
	}
	return nil
}

func (x *CallReturn) GetCreateQp() *CreateQpReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CreateQp); ok {
			return x.CreateQp
		}
	}
	return nil
}

func (x *CallReturn) GetCreateQpWithSrq() *CreateQpWithSrqReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CreateQpWithSrq); ok {
			return x.CreateQpWithSrq
		}
	}
	return nil
}

func (x *CallReturn) GetCreateSrq() *CreateSrqReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CreateSrq); ok {
			return x.CreateSrq
		}
	}
	return nil
}

func (x *CallReturn) GetCreateMr() *CreateMrReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CreateMr); ok {
			return x.CreateMr
		}
	}
	return nil
}

func (x *CallReturn) GetCreateMw() *CreateMwReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CreateMw); ok {
			return x.CreateMw
		}
	}
	return nil
}

func (x *CallReturn) GetGetPrivilegedMemoryRegionToken() *GetPrivilegedMemoryRegionTokenReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_GetPrivilegedMemoryRegionToken); ok {
			return x.GetPrivilegedMemoryRegionToken
		}
	}
	return nil
}

func (x *CallReturn) GetModifySrq() *ModifySrqReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_ModifySrq); ok {
			return x.ModifySrq
		}
	}
	return nil
}

func (x *CallReturn) GetSrqReceive() *SrqReceiveReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_SrqReceive); ok {
			return x.SrqReceive
		}
	}
	return nil
}

func (x *CallReturn) GetRegisterMr() *RegisterMrReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_RegisterMr); ok {
			return x.RegisterMr
		}
	}
	return nil
}

func (x *CallReturn) GetDeregisterMr() *DeregisterMrReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_DeregisterMr); ok {
			return x.DeregisterMr
		}
	}
	return nil
}

func (x *CallReturn) GetInitializeFastRegisterMr() *InitializeFastRegisterMrReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_InitializeFastRegisterMr); ok {
			return x.InitializeFastRegisterMr
		}
	}
	return nil
}

func (x *CallReturn) GetGetLocalTokenFromMr() *GetLocalTokenFromMrReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_GetLocalTokenFromMr); ok {
			return x.GetLocalTokenFromMr
		}
	}
	return nil
}

func (x *CallReturn) GetGetRemoteTokenFromMr() *GetRemoteTokenFromMrReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_GetRemoteTokenFromMr); ok {
			return x.GetRemoteTokenFromMr
		}
	}
	return nil
}

func (x *CallReturn) GetGetRemoteTokenFromMw() *GetRemoteTokenFromMwReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_GetRemoteTokenFromMw); ok {
			return x.GetRemoteTokenFromMw
		}
	}
	return nil
}

func (x *CallReturn) GetRegisterMrChain() *RegisterMrChainReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_RegisterMrChain); ok {
			return x.RegisterMrChain
		}
	}
	return nil
}

func (x *CallReturn) GetFlush() *FlushReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Flush); ok {
			return x.Flush
		}
	}
	return nil
}

func (x *CallReturn) GetReceive() *ReceiveReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Receive); ok {
			return x.Receive
		}
	}
	return nil
}

func (x *CallReturn) GetSend() *SendReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Send); ok {
			return x.Send
		}
	}
	return nil
}

func (x *CallReturn) GetSendAndInvalidate() *SendAndInvalidateReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_SendAndInvalidate); ok {
			return x.SendAndInvalidate
		}
	}
	return nil
}

func (x *CallReturn) GetWrite() *WriteReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Write); ok {
			return x.Write
		}
	}
	return nil
}

func (x *CallReturn) GetRead() *ReadReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Read); ok {
			return x.Read
		}
	}
	return nil
}

func (x *CallReturn) GetBind() *BindReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Bind); ok {
			return x.Bind
		}
	}
	return nil
}

func (x *CallReturn) GetFastRegister() *FastRegisterReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_FastRegister); ok {
			return x.FastRegister
		}
	}
	return nil
}

func (x *CallReturn) GetInvalidate() *InvalidateReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Invalidate); ok {
			return x.Invalidate
		}
	}
	return nil
}

func (x *CallReturn) GetConnect() *ConnectReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Connect); ok {
			return x.Connect
		}
	}
	return nil
}

func (x *CallReturn) GetConnectWithSharedEndpoint() *ConnectWithSharedEndpointReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_ConnectWithSharedEndpoint); ok {
			return x.ConnectWithSharedEndpoint
		}
	}
	return nil
}

func (x *CallReturn) GetCompleteConnect() *CompleteConnectReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CompleteConnect); ok {
			return x.CompleteConnect
		}
	}
	return nil
}

func (x *CallReturn) GetAccept() *AcceptReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Accept); ok {
			return x.Accept
		}
	}
	return nil
}

func (x *CallReturn) GetReject() *RejectReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Reject); ok {
			return x.Reject
		}
	}
	return nil
}

func (x *CallReturn) GetGetConnectionData() *GetConnectionDataReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_GetConnectionData); ok {
			return x.GetConnectionData
		}
	}
	return nil
}

func (x *CallReturn) GetGetLocalAddress() *GetLocalAddressReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_GetLocalAddress); ok {
			return x.GetLocalAddress
		}
	}
	return nil
}

func (x *CallReturn) GetGetPeerAddress() *GetPeerAddressReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_GetPeerAddress); ok {
			return x.GetPeerAddress
		}
	}
	return nil
}

func (x *CallReturn) GetDisconnect() *DisconnectReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Disconnect); ok {
			return x.Disconnect
		}
	}
	return nil
}

func (x *CallReturn) GetCompleteConnectEx() *CompleteConnectExReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_CompleteConnectEx); ok {
			return x.CompleteConnectEx
		}
	}
	return nil
}

func (x *CallReturn) GetAcceptEx() *AcceptExReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_AcceptEx); ok {
			return x.AcceptEx
		}
	}
	return nil
}

func (x *CallReturn) GetListen() *ListenReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_Listen); ok {
			return x.Listen
		}
	}
	return nil
}

func (x *CallReturn) GetGetListenerLocalAddress() *GetListenerLocalAddressReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_GetListenerLocalAddress); ok {
			return x.GetListenerLocalAddress
		}
	}
	return nil
}

func (x *CallReturn) GetControlConnectEvents() *ControlConnectEventsReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_ControlConnectEvents); ok {
			return x.ControlConnectEvents
		}
	}
	return nil
}

func (x *CallReturn) GetGetSharedEndpointLocalAddress() *GetSharedEndpointLocalAddressReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_GetSharedEndpointLocalAddress); ok {
			return x.GetSharedEndpointLocalAddress
		}
	}
	return nil
}

func (x *CallReturn) GetAllocateBuffer() *AllocateBufferReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_AllocateBuffer); ok {
			return x.AllocateBuffer
		}
	}
	return nil
}

func (x *CallReturn) GetFreeBuffer() *FreeBufferReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_FreeBuffer); ok {
			return x.FreeBuffer
		}
	}
	return nil
}

func (x *CallReturn) GetWriteMemory() *WriteMemoryReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_WriteMemory); ok {
			return x.WriteMemory
		}
	}
	return nil
}

func (x *CallReturn) GetReadMemory() *ReadMemoryReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_ReadMemory); ok {
			return x.ReadMemory
		}
	}
	return nil
}

func (x *CallReturn) GetQueryAbiFacts() *QueryAbiFactsReply {
	if x != nil {
		if x, ok := x.Reply.(*CallReturn_QueryAbiFacts); ok {
			return x.QueryAbiFacts
		}
	}
	return nil
}

type isCallReturn_Reply interface {
	isCallReturn_Reply()
}

type CallReturn_OpenAdapter struct {
	OpenAdapter *OpenAdapterReply `protobuf:"bytes,10,opt,name=open_adapter,json=openAdapter,proto3,oneof"`
}

type CallReturn_CloseProvider struct {
	CloseProvider *CloseProviderReply `protobuf:"bytes,11,opt,name=close_provider,json=closeProvider,proto3,oneof"`
}

type CallReturn_SetHostState struct {
	SetHostState *SetHostStateReply `protobuf:"bytes,12,opt,name=set_host_state,json=setHostState,proto3,oneof"`
}

type CallReturn_FailSrq struct {
	FailSrq *FailSrqReply `protobuf:"bytes,13,opt,name=fail_srq,json=failSrq,proto3,oneof"`
}

type CallReturn_FailCq struct {
	FailCq *FailCqReply `protobuf:"bytes,14,opt,name=fail_cq,json=failCq,proto3,oneof"`
}

type CallReturn_CloseAdapter struct {
	CloseAdapter *CloseAdapterReply `protobuf:"bytes,20,opt,name=close_adapter,json=closeAdapter,proto3,oneof"`
}

type CallReturn_QueryAdapterInfo struct {
	QueryAdapterInfo *QueryAdapterInfoReply `protobuf:"bytes,21,opt,name=query_adapter_info,json=queryAdapterInfo,proto3,oneof"`
}

type CallReturn_CreateCq struct {
	CreateCq *CreateCqReply `protobuf:"bytes,22,opt,name=create_cq,json=createCq,proto3,oneof"`
}

type CallReturn_CreatePd struct {
	CreatePd *CreatePdReply `protobuf:"bytes,23,opt,name=create_pd,json=createPd,proto3,oneof"`
}

type CallReturn_CreateSharedEndpoint struct {
	CreateSharedEndpoint *CreateSharedEndpointReply `protobuf:"bytes,24,opt,name=create_shared_endpoint,json=createSharedEndpoint,proto3,oneof"`
}

type CallReturn_CreateConnector struct {
	CreateConnector *CreateConnectorReply `protobuf:"bytes,25,opt,name=create_connector,json=createConnector,proto3,oneof"`
}

type CallReturn_CreateListener struct {
	CreateListener *CreateListenerReply `protobuf:"bytes,26,opt,name=create_listener,json=createListener,proto3,oneof"`
}

type CallReturn_BuildLam struct {
	BuildLam *BuildLamReply `protobuf:"bytes,27,opt,name=build_lam,json=buildLam,proto3,oneof"`
}

type CallReturn_ReleaseLam struct {
	ReleaseLam *ReleaseLamReply `protobuf:"bytes,28,opt,name=release_lam,json=releaseLam,proto3,oneof"`
}

type CallReturn_BuildLamChain struct {
	BuildLamChain *BuildLamChainReply `protobuf:"bytes,29,opt,name=build_lam_chain,json=buildLamChain,proto3,oneof"`
}

type CallReturn_CloseObject struct {
	CloseObject *CloseObjectReply `protobuf:"bytes,30,opt,name=close_object,json=closeObject,proto3,oneof"`
}

type CallReturn_ResizeCq struct {
	ResizeCq *ResizeCqReply `protobuf:"bytes,40,opt,name=resize_cq,json=resizeCq,proto3,oneof"`
}

type CallReturn_ArmCq struct {
	ArmCq *ArmCqReply `protobuf:"bytes,41,opt,name=arm_cq,json=armCq,proto3,oneof"`
}

type CallReturn_GetCqResults struct {
	GetCqResults *GetCqResultsReply `protobuf:"bytes,42,opt,name=get_cq_results,json=getCqResults,proto3,oneof"`
}

type CallReturn_GetCqResultsEx struct {
	GetCqResultsEx *GetCqResultsExReply `protobuf:"bytes,43,opt,name=get_cq_results_ex,json=getCqResultsEx,proto3,oneof"`
}

type CallReturn_ControlCqInterruptModeration struct {
	ControlCqInterruptModeration *ControlCqInterruptModerationReply `protobuf:"bytes,44,opt,name=control_cq_interrupt_moderation,json=controlCqInterruptModeration,proto3,oneof"`
}

type CallReturn_CreateQp struct {
	CreateQp *CreateQpReply `protobuf:"bytes,50,opt,name=create_qp,json=createQp,proto3,oneof"`
}

type CallReturn_CreateQpWithSrq struct {
	CreateQpWithSrq *CreateQpWithSrqReply `protobuf:"bytes,51,opt,name=create_qp_with_srq,json=createQpWithSrq,proto3,oneof"`
}

type CallReturn_CreateSrq struct {
	CreateSrq *CreateSrqReply `protobuf:"bytes,52,opt,name=create_srq,json=createSrq,proto3,oneof"`
}

type CallReturn_CreateMr struct {
	CreateMr *CreateMrReply `protobuf:"bytes,53,opt,name=create_mr,json=createMr,proto3,oneof"`
}

type CallReturn_CreateMw struct {
	CreateMw *CreateMwReply `protobuf:"bytes,54,opt,name=create_mw,json=createMw,proto3,oneof"`
}

type CallReturn_GetPrivilegedMemoryRegionToken struct {
	GetPrivilegedMemoryRegionToken *GetPrivilegedMemoryRegionTokenReply `protobuf:"bytes,55,opt,name=get_privileged_memory_region_token,json=getPrivilegedMemoryRegionToken,proto3,oneof"`
}

type CallReturn_ModifySrq struct {
	ModifySrq *ModifySrqReply `protobuf:"bytes,60,opt,name=modify_srq,json=modifySrq,proto3,oneof"`
}

type CallReturn_SrqReceive struct {
	SrqReceive *SrqReceiveReply `protobuf:"bytes,61,opt,name=srq_receive,json=srqReceive,proto3,oneof"`
}

type CallReturn_RegisterMr struct {
	RegisterMr *RegisterMrReply `protobuf:"bytes,70,opt,name=register_mr,json=registerMr,proto3,oneof"`
}

type CallReturn_DeregisterMr struct {
	DeregisterMr *DeregisterMrReply `protobuf:"bytes,71,opt,name=deregister_mr,json=deregisterMr,proto3,oneof"`
}

type CallReturn_InitializeFastRegisterMr struct {
	InitializeFastRegisterMr *InitializeFastRegisterMrReply `protobuf:"bytes,72,opt,name=initialize_fast_register_mr,json=initializeFastRegisterMr,proto3,oneof"`
}

type CallReturn_GetLocalTokenFromMr struct {
	GetLocalTokenFromMr *GetLocalTokenFromMrReply `protobuf:"bytes,73,opt,name=get_local_token_from_mr,json=getLocalTokenFromMr,proto3,oneof"`
}

type CallReturn_GetRemoteTokenFromMr struct {
	GetRemoteTokenFromMr *GetRemoteTokenFromMrReply `protobuf:"bytes,74,opt,name=get_remote_token_from_mr,json=getRemoteTokenFromMr,proto3,oneof"`
}

type CallReturn_GetRemoteTokenFromMw struct {
	GetRemoteTokenFromMw *GetRemoteTokenFromMwReply `protobuf:"bytes,75,opt,name=get_remote_token_from_mw,json=getRemoteTokenFromMw,proto3,oneof"`
}

type CallReturn_RegisterMrChain struct {
	RegisterMrChain *RegisterMrChainReply `protobuf:"bytes,76,opt,name=register_mr_chain,json=registerMrChain,proto3,oneof"`
}

type CallReturn_Flush struct {
	Flush *FlushReply `protobuf:"bytes,80,opt,name=flush,proto3,oneof"`
}

type CallReturn_Receive struct {
	Receive *ReceiveReply `protobuf:"bytes,81,opt,name=receive,proto3,oneof"`
}

type CallReturn_Send struct {
	Send *SendReply `protobuf:"bytes,82,opt,name=send,proto3,oneof"`
}

type CallReturn_SendAndInvalidate struct {
	SendAndInvalidate *SendAndInvalidateReply `protobuf:"bytes,83,opt,name=send_and_invalidate,json=sendAndInvalidate,proto3,oneof"`
}

type CallReturn_Write struct {
	Write *WriteReply `protobuf:"bytes,84,opt,name=write,proto3,oneof"`
}

type CallReturn_Read struct {
	Read *ReadReply `protobuf:"bytes,85,opt,name=read,proto3,oneof"`
}

type CallReturn_Bind struct {
	Bind *BindReply `protobuf:"bytes,86,opt,name=bind,proto3,oneof"`
}

type CallReturn_FastRegister struct {
	FastRegister *FastRegisterReply `protobuf:"bytes,87,opt,name=fast_register,json=fastRegister,proto3,oneof"`
}

type CallReturn_Invalidate struct {
	Invalidate *InvalidateReply `protobuf:"bytes,88,opt,name=invalidate,proto3,oneof"`
}

type CallReturn_Connect struct {
	Connect *ConnectReply `protobuf:"bytes,90,opt,name=connect,proto3,oneof"`
}

type CallReturn_ConnectWithSharedEndpoint struct {
	ConnectWithSharedEndpoint *ConnectWithSharedEndpointReply `protobuf:"bytes,91,opt,name=connect_with_shared_endpoint,json=connectWithSharedEndpoint,proto3,oneof"`
}

type CallReturn_CompleteConnect struct {
	CompleteConnect *CompleteConnectReply `protobuf:"bytes,92,opt,name=complete_connect,json=completeConnect,proto3,oneof"`
}

type CallReturn_Accept struct {
	Accept *AcceptReply `protobuf:"bytes,93,opt,name=accept,proto3,oneof"`
}

type CallReturn_Reject struct {
	Reject *RejectReply `protobuf:"bytes,94,opt,name=reject,proto3,oneof"`
}

type CallReturn_GetConnectionData struct {
	GetConnectionData *GetConnectionDataReply `protobuf:"bytes,95,opt,name=get_connection_data,json=getConnectionData,proto3,oneof"`
}

type CallReturn_GetLocalAddress struct {
	GetLocalAddress *GetLocalAddressReply `protobuf:"bytes,96,opt,name=get_local_address,json=getLocalAddress,proto3,oneof"`
}

type CallReturn_GetPeerAddress struct {
	GetPeerAddress *GetPeerAddressReply `protobuf:"bytes,97,opt,name=get_peer_address,json=getPeerAddress,proto3,oneof"`
}

type CallReturn_Disconnect struct {
	Disconnect *DisconnectReply `protobuf:"bytes,98,opt,name=disconnect,proto3,oneof"`
}

type CallReturn_CompleteConnectEx struct {
	CompleteConnectEx *CompleteConnectExReply `protobuf:"bytes,99,opt,name=complete_connect_ex,json=completeConnectEx,proto3,oneof"`
}

type CallReturn_AcceptEx struct {
	AcceptEx *AcceptExReply `protobuf:"bytes,103,opt,name=accept_ex,json=acceptEx,proto3,oneof"`
}

type CallReturn_Listen struct {
	Listen *ListenReply `protobuf:"bytes,100,opt,name=listen,proto3,oneof"`
}

type CallReturn_GetListenerLocalAddress struct {
	GetListenerLocalAddress *GetListenerLocalAddressReply `protobuf:"bytes,101,opt,name=get_listener_local_address,json=getListenerLocalAddress,proto3,oneof"`
}

type CallReturn_ControlConnectEvents struct {
	ControlConnectEvents *ControlConnectEventsReply `protobuf:"bytes,102,opt,name=control_connect_events,json=controlConnectEvents,proto3,oneof"`
}

type CallReturn_GetSharedEndpointLocalAddress struct {
	GetSharedEndpointLocalAddress *GetSharedEndpointLocalAddressReply `protobuf:"bytes,110,opt,name=get_shared_endpoint_local_address,json=getSharedEndpointLocalAddress,proto3,oneof"`
}

type CallReturn_AllocateBuffer struct {
	AllocateBuffer *AllocateBufferReply `protobuf:"bytes,120,opt,name=allocate_buffer,json=allocateBuffer,proto3,oneof"`
}

type CallReturn_FreeBuffer struct {
	FreeBuffer *FreeBufferReply `protobuf:"bytes,121,opt,name=free_buffer,json=freeBuffer,proto3,oneof"`
}

type CallReturn_WriteMemory struct {
	WriteMemory *WriteMemoryReply `protobuf:"bytes,122,opt,name=write_memory,json=writeMemory,proto3,oneof"`
}

type CallReturn_ReadMemory struct {
	ReadMemory *ReadMemoryReply `protobuf:"bytes,123,opt,name=read_memory,json=readMemory,proto3,oneof"`
}

type CallReturn_QueryAbiFacts struct {
	QueryAbiFacts *QueryAbiFactsReply `protobuf:"bytes,130,opt,name=query_abi_facts,json=queryAbiFacts,proto3,oneof"`
}

func (*CallReturn_OpenAdapter) isCallReturn_Reply() {}

func (*CallReturn_CloseProvider) isCallReturn_Reply() {}

func (*CallReturn_SetHostState) isCallReturn_Reply() {}

func (*CallReturn_FailSrq) isCallReturn_Reply() {}

func (*CallReturn_FailCq) isCallReturn_Reply() {}

func (*CallReturn_CloseAdapter) isCallReturn_Reply() {}

func (*CallReturn_QueryAdapterInfo) isCallReturn_Reply() {}

func (*CallReturn_CreateCq) isCallReturn_Reply() {}

func (*CallReturn_CreatePd) isCallReturn_Reply() {}

func (*CallReturn_CreateSharedEndpoint) isCallReturn_Reply() {}

func (*CallReturn_CreateConnector) isCallReturn_Reply() {}

func (*CallReturn_CreateListener) isCallReturn_Reply() {}

func (*CallReturn_BuildLam) isCallReturn_Reply() {}

func (*CallReturn_ReleaseLam) isCallReturn_Reply() {}

func (*CallReturn_BuildLamChain) isCallReturn_Reply() {}

func (*CallReturn_CloseObject) isCallReturn_Reply() {}

func (*CallReturn_ResizeCq) isCallReturn_Reply() {}

func (*CallReturn_ArmCq) isCallReturn_Reply() {}

func (*CallReturn_GetCqResults) isCallReturn_Reply() {}

func (*CallReturn_GetCqResultsEx) isCallReturn_Reply() {}

func (*CallReturn_ControlCqInterruptModeration) isCallReturn_Reply() {}

func (*CallReturn_CreateQp) isCallReturn_Reply() {}

func (*CallReturn_CreateQpWithSrq) isCallReturn_Reply() {}

func (*CallReturn_CreateSrq) isCallReturn_Reply() {}

func (*CallReturn_CreateMr) isCallReturn_Reply() {}

func (*CallReturn_CreateMw) isCallReturn_Reply() {}

func (*CallReturn_GetPrivilegedMemoryRegionToken) isCallReturn_Reply() {}

func (*CallReturn_ModifySrq) isCallReturn_Reply() {}

func (*CallReturn_SrqReceive) isCallReturn_Reply() {}

func (*CallReturn_RegisterMr) isCallReturn_Reply() {}

func (*CallReturn_DeregisterMr) isCallReturn_Reply() {}

func (*CallReturn_InitializeFastRegisterMr) isCallReturn_Reply() {}

func (*CallReturn_GetLocalTokenFromMr) isCallReturn_Reply() {}

func (*CallReturn_GetRemoteTokenFromMr) isCallReturn_Reply() {}

func (*CallReturn_GetRemoteTokenFromMw) isCallReturn_Reply() {}

func (*CallReturn_RegisterMrChain) isCallReturn_Reply() {}

func (*CallReturn_Flush) isCallReturn_Reply() {}

func (*CallReturn_Receive) isCallReturn_Reply() {}

func (*CallReturn_Send) isCallReturn_Reply() {}

func (*CallReturn_SendAndInvalidate) isCallReturn_Reply() {}

func (*CallReturn_Write) isCallReturn_Reply() {}

func (*CallReturn_Read) isCallReturn_Reply() {}

func (*CallReturn_Bind) isCallReturn_Reply() {}

func (*CallReturn_FastRegister) isCallReturn_Reply() {}

func (*CallReturn_Invalidate) isCallReturn_Reply() {}

func (*CallReturn_Connect) isCallReturn_Reply() {}

func (*CallReturn_ConnectWithSharedEndpoint) isCallReturn_Reply() {}

func (*CallReturn_CompleteConnect) isCallReturn_Reply() {}

func (*CallReturn_Accept) isCallReturn_Reply() {}

func (*CallReturn_Reject) isCallReturn_Reply() {}

func (*CallReturn_GetConnectionData) isCallReturn_Reply() {}

func (*CallReturn_GetLocalAddress) isCallReturn_Reply() {}

func (*CallReturn_GetPeerAddress) isCallReturn_Reply() {}

func (*CallReturn_Disconnect) isCallReturn_Reply() {}

func (*CallReturn_CompleteConnectEx) isCallReturn_Reply() {}

func (*CallReturn_AcceptEx) isCallReturn_Reply() {}

func (*CallReturn_Listen) isCallReturn_Reply() {}

func (*CallReturn_GetListenerLocalAddress) isCallReturn_Reply() {}

func (*CallReturn_ControlConnectEvents) isCallReturn_Reply() {}

func (*CallReturn_GetSharedEndpointLocalAddress) isCallReturn_Reply() {}

func (*CallReturn_AllocateBuffer) isCallReturn_Reply() {}

func (*CallReturn_FreeBuffer) isCallReturn_Reply() {}

func (*CallReturn_WriteMemory) isCallReturn_Reply() {}

func (*CallReturn_ReadMemory) isCallReturn_Reply() {}

func (*CallReturn_QueryAbiFacts) isCallReturn_Reply() {}

// OpenAdapterRequest is ndk.Provider.OpenAdapter (OPEN_NDK_ADAPTER_HANDLER).
type OpenAdapterRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Address       string                 `protobuf:"bytes,1,opt,name=address,proto3" json:"address,omitempty"` // netip.Addr text form
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *OpenAdapterRequest) Reset() {
	*x = OpenAdapterRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[21]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *OpenAdapterRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*OpenAdapterRequest) ProtoMessage() {}

func (x *OpenAdapterRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[21]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use OpenAdapterRequest.ProtoReflect.Descriptor instead.
func (*OpenAdapterRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{21}
}

func (x *OpenAdapterRequest) GetAddress() string {
	if x != nil {
		return x.Address
	}
	return ""
}

type OpenAdapterReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Adapter       *Handle                `protobuf:"bytes,1,opt,name=adapter,proto3" json:"adapter,omitempty"` // set with STATUS_SUCCESS
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *OpenAdapterReply) Reset() {
	*x = OpenAdapterReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[22]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *OpenAdapterReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*OpenAdapterReply) ProtoMessage() {}

func (x *OpenAdapterReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[22]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use OpenAdapterReply.ProtoReflect.Descriptor instead.
func (*OpenAdapterReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{22}
}

func (x *OpenAdapterReply) GetAdapter() *Handle {
	if x != nil {
		return x.Adapter
	}
	return nil
}

// CloseProviderRequest is ndk.Provider.Close: the session's last call
// (every adapter closed before). After its return the agent ends the
// stream; a CloseProviderReply.error is what Close returned.
type CloseProviderRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CloseProviderRequest) Reset() {
	*x = CloseProviderRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[23]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CloseProviderRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CloseProviderRequest) ProtoMessage() {}

func (x *CloseProviderRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[23]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CloseProviderRequest.ProtoReflect.Descriptor instead.
func (*CloseProviderRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{23}
}

type CloseProviderReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Error         string                 `protobuf:"bytes,1,opt,name=error,proto3" json:"error,omitempty"` // empty: nil
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CloseProviderReply) Reset() {
	*x = CloseProviderReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[24]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CloseProviderReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CloseProviderReply) ProtoMessage() {}

func (x *CloseProviderReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[24]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CloseProviderReply.ProtoReflect.Descriptor instead.
func (*CloseProviderReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{24}
}

func (x *CloseProviderReply) GetError() string {
	if x != nil {
		return x.Error
	}
	return ""
}

// SetHostStateRequest is ndk.FaultInjector.SetHostState; NOT_SUPPORTED
// unless Capabilities.fault_injection.
type SetHostStateRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Address       string                 `protobuf:"bytes,1,opt,name=address,proto3" json:"address,omitempty"`
	State         HostState              `protobuf:"varint,2,opt,name=state,proto3,enum=ndkconform.agent.v1.HostState" json:"state,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *SetHostStateRequest) Reset() {
	*x = SetHostStateRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[25]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SetHostStateRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SetHostStateRequest) ProtoMessage() {}

func (x *SetHostStateRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[25]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SetHostStateRequest.ProtoReflect.Descriptor instead.
func (*SetHostStateRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{25}
}

func (x *SetHostStateRequest) GetAddress() string {
	if x != nil {
		return x.Address
	}
	return ""
}

func (x *SetHostStateRequest) GetState() HostState {
	if x != nil {
		return x.State
	}
	return HostState_HOST_STATE_UP
}

type SetHostStateReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Error         string                 `protobuf:"bytes,1,opt,name=error,proto3" json:"error,omitempty"` // empty: nil
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *SetHostStateReply) Reset() {
	*x = SetHostStateReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[26]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SetHostStateReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SetHostStateReply) ProtoMessage() {}

func (x *SetHostStateReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[26]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SetHostStateReply.ProtoReflect.Descriptor instead.
func (*SetHostStateReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{26}
}

func (x *SetHostStateReply) GetError() string {
	if x != nil {
		return x.Error
	}
	return ""
}

// FailSrqRequest is ndk.SRQFaultInjector.FailSRQ on an SRQ of the session
// (SQ-6); NOT_SUPPORTED unless Capabilities.srq_fault_injection. The
// notification it causes comes as a Callback of the SRQ's notify, like
// any other. Since 1.1.
type FailSrqRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Srq           *Handle                `protobuf:"bytes,1,opt,name=srq,proto3" json:"srq,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *FailSrqRequest) Reset() {
	*x = FailSrqRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[27]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *FailSrqRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*FailSrqRequest) ProtoMessage() {}

func (x *FailSrqRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[27]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use FailSrqRequest.ProtoReflect.Descriptor instead.
func (*FailSrqRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{27}
}

func (x *FailSrqRequest) GetSrq() *Handle {
	if x != nil {
		return x.Srq
	}
	return nil
}

type FailSrqReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Error         string                 `protobuf:"bytes,1,opt,name=error,proto3" json:"error,omitempty"` // empty: nil
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *FailSrqReply) Reset() {
	*x = FailSrqReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[28]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *FailSrqReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*FailSrqReply) ProtoMessage() {}

func (x *FailSrqReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[28]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use FailSrqReply.ProtoReflect.Descriptor instead.
func (*FailSrqReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{28}
}

func (x *FailSrqReply) GetError() string {
	if x != nil {
		return x.Error
	}
	return ""
}

// FailCqRequest is ndk.CQFaultInjector.FailCQ on a CQ of the session
// (CQ-5); NOT_SUPPORTED unless Capabilities.cq_fault_injection. The
// notification it causes comes as a Callback of the CQ's notify, like any
// other. Since 1.1.
type FailCqRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Cq            *Handle                `protobuf:"bytes,1,opt,name=cq,proto3" json:"cq,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *FailCqRequest) Reset() {
	*x = FailCqRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[29]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *FailCqRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*FailCqRequest) ProtoMessage() {}

func (x *FailCqRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[29]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use FailCqRequest.ProtoReflect.Descriptor instead.
func (*FailCqRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{29}
}

func (x *FailCqRequest) GetCq() *Handle {
	if x != nil {
		return x.Cq
	}
	return nil
}

type FailCqReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Error         string                 `protobuf:"bytes,1,opt,name=error,proto3" json:"error,omitempty"` // empty: nil
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *FailCqReply) Reset() {
	*x = FailCqReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[30]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *FailCqReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*FailCqReply) ProtoMessage() {}

func (x *FailCqReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[30]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use FailCqReply.ProtoReflect.Descriptor instead.
func (*FailCqReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{30}
}

func (x *FailCqReply) GetError() string {
	if x != nil {
		return x.Error
	}
	return ""
}

// CloseAdapterRequest is ndk.Adapter.Close. It returns when the provider's
// Close has returned: every callback of the adapter's objects has been
// sent (and returned) before the CallReturn, and none follows.
type CloseAdapterRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Adapter       *Handle                `protobuf:"bytes,1,opt,name=adapter,proto3" json:"adapter,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CloseAdapterRequest) Reset() {
	*x = CloseAdapterRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[31]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CloseAdapterRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CloseAdapterRequest) ProtoMessage() {}

func (x *CloseAdapterRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[31]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CloseAdapterRequest.ProtoReflect.Descriptor instead.
func (*CloseAdapterRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{31}
}

func (x *CloseAdapterRequest) GetAdapter() *Handle {
	if x != nil {
		return x.Adapter
	}
	return nil
}

type CloseAdapterReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CloseAdapterReply) Reset() {
	*x = CloseAdapterReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[32]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CloseAdapterReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CloseAdapterReply) ProtoMessage() {}

func (x *CloseAdapterReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[32]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CloseAdapterReply.ProtoReflect.Descriptor instead.
func (*CloseAdapterReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{32}
}

type QueryAdapterInfoRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Adapter       *Handle                `protobuf:"bytes,1,opt,name=adapter,proto3" json:"adapter,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *QueryAdapterInfoRequest) Reset() {
	*x = QueryAdapterInfoRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[33]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *QueryAdapterInfoRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*QueryAdapterInfoRequest) ProtoMessage() {}

func (x *QueryAdapterInfoRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[33]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use QueryAdapterInfoRequest.ProtoReflect.Descriptor instead.
func (*QueryAdapterInfoRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{33}
}

func (x *QueryAdapterInfoRequest) GetAdapter() *Handle {
	if x != nil {
		return x.Adapter
	}
	return nil
}

type QueryAdapterInfoReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Info          *AdapterInfo           `protobuf:"bytes,1,opt,name=info,proto3" json:"info,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *QueryAdapterInfoReply) Reset() {
	*x = QueryAdapterInfoReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[34]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *QueryAdapterInfoReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*QueryAdapterInfoReply) ProtoMessage() {}

func (x *QueryAdapterInfoReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[34]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use QueryAdapterInfoReply.ProtoReflect.Descriptor instead.
func (*QueryAdapterInfoReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{34}
}

func (x *QueryAdapterInfoReply) GetInfo() *AdapterInfo {
	if x != nil {
		return x.Info
	}
	return nil
}

type CreateCqRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Adapter       *Handle                `protobuf:"bytes,1,opt,name=adapter,proto3" json:"adapter,omitempty"`
	Depth         uint32                 `protobuf:"varint,2,opt,name=depth,proto3" json:"depth,omitempty"`
	Notify        *CallbackRef           `protobuf:"bytes,3,opt,name=notify,proto3" json:"notify,omitempty"` // CQParams.Notify, NotifyContext
	Done          *CallbackRef           `protobuf:"bytes,4,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateCqRequest) Reset() {
	*x = CreateCqRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[35]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateCqRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateCqRequest) ProtoMessage() {}

func (x *CreateCqRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[35]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateCqRequest.ProtoReflect.Descriptor instead.
func (*CreateCqRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{35}
}

func (x *CreateCqRequest) GetAdapter() *Handle {
	if x != nil {
		return x.Adapter
	}
	return nil
}

func (x *CreateCqRequest) GetDepth() uint32 {
	if x != nil {
		return x.Depth
	}
	return 0
}

func (x *CreateCqRequest) GetNotify() *CallbackRef {
	if x != nil {
		return x.Notify
	}
	return nil
}

func (x *CreateCqRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CreateCqReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Cq            *Handle                `protobuf:"bytes,1,opt,name=cq,proto3" json:"cq,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateCqReply) Reset() {
	*x = CreateCqReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[36]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateCqReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateCqReply) ProtoMessage() {}

func (x *CreateCqReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[36]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateCqReply.ProtoReflect.Descriptor instead.
func (*CreateCqReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{36}
}

func (x *CreateCqReply) GetCq() *Handle {
	if x != nil {
		return x.Cq
	}
	return nil
}

type CreatePdRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Adapter       *Handle                `protobuf:"bytes,1,opt,name=adapter,proto3" json:"adapter,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,2,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreatePdRequest) Reset() {
	*x = CreatePdRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[37]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreatePdRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreatePdRequest) ProtoMessage() {}

func (x *CreatePdRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[37]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreatePdRequest.ProtoReflect.Descriptor instead.
func (*CreatePdRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{37}
}

func (x *CreatePdRequest) GetAdapter() *Handle {
	if x != nil {
		return x.Adapter
	}
	return nil
}

func (x *CreatePdRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CreatePdReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Pd            *Handle                `protobuf:"bytes,1,opt,name=pd,proto3" json:"pd,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreatePdReply) Reset() {
	*x = CreatePdReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[38]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreatePdReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreatePdReply) ProtoMessage() {}

func (x *CreatePdReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[38]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreatePdReply.ProtoReflect.Descriptor instead.
func (*CreatePdReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{38}
}

func (x *CreatePdReply) GetPd() *Handle {
	if x != nil {
		return x.Pd
	}
	return nil
}

type CreateSharedEndpointRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Adapter       *Handle                `protobuf:"bytes,1,opt,name=adapter,proto3" json:"adapter,omitempty"`
	Local         *SocketAddress         `protobuf:"bytes,2,opt,name=local,proto3" json:"local,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,3,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateSharedEndpointRequest) Reset() {
	*x = CreateSharedEndpointRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[39]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateSharedEndpointRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateSharedEndpointRequest) ProtoMessage() {}

func (x *CreateSharedEndpointRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[39]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateSharedEndpointRequest.ProtoReflect.Descriptor instead.
func (*CreateSharedEndpointRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{39}
}

func (x *CreateSharedEndpointRequest) GetAdapter() *Handle {
	if x != nil {
		return x.Adapter
	}
	return nil
}

func (x *CreateSharedEndpointRequest) GetLocal() *SocketAddress {
	if x != nil {
		return x.Local
	}
	return nil
}

func (x *CreateSharedEndpointRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CreateSharedEndpointReply struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	SharedEndpoint *Handle                `protobuf:"bytes,1,opt,name=shared_endpoint,json=sharedEndpoint,proto3" json:"shared_endpoint,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *CreateSharedEndpointReply) Reset() {
	*x = CreateSharedEndpointReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[40]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateSharedEndpointReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateSharedEndpointReply) ProtoMessage() {}

func (x *CreateSharedEndpointReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[40]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateSharedEndpointReply.ProtoReflect.Descriptor instead.
func (*CreateSharedEndpointReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{40}
}

func (x *CreateSharedEndpointReply) GetSharedEndpoint() *Handle {
	if x != nil {
		return x.SharedEndpoint
	}
	return nil
}

type CreateConnectorRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Adapter       *Handle                `protobuf:"bytes,1,opt,name=adapter,proto3" json:"adapter,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,2,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateConnectorRequest) Reset() {
	*x = CreateConnectorRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[41]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateConnectorRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateConnectorRequest) ProtoMessage() {}

func (x *CreateConnectorRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[41]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateConnectorRequest.ProtoReflect.Descriptor instead.
func (*CreateConnectorRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{41}
}

func (x *CreateConnectorRequest) GetAdapter() *Handle {
	if x != nil {
		return x.Adapter
	}
	return nil
}

func (x *CreateConnectorRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CreateConnectorReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Connector     *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateConnectorReply) Reset() {
	*x = CreateConnectorReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[42]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateConnectorReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateConnectorReply) ProtoMessage() {}

func (x *CreateConnectorReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[42]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateConnectorReply.ProtoReflect.Descriptor instead.
func (*CreateConnectorReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{42}
}

func (x *CreateConnectorReply) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

type CreateListenerRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Adapter       *Handle                `protobuf:"bytes,1,opt,name=adapter,proto3" json:"adapter,omitempty"`
	OnConnect     *CallbackRef           `protobuf:"bytes,2,opt,name=on_connect,json=onConnect,proto3" json:"on_connect,omitempty"` // ConnectEvent callbacks
	Done          *CallbackRef           `protobuf:"bytes,3,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateListenerRequest) Reset() {
	*x = CreateListenerRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[43]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateListenerRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateListenerRequest) ProtoMessage() {}

func (x *CreateListenerRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[43]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateListenerRequest.ProtoReflect.Descriptor instead.
func (*CreateListenerRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{43}
}

func (x *CreateListenerRequest) GetAdapter() *Handle {
	if x != nil {
		return x.Adapter
	}
	return nil
}

func (x *CreateListenerRequest) GetOnConnect() *CallbackRef {
	if x != nil {
		return x.OnConnect
	}
	return nil
}

func (x *CreateListenerRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CreateListenerReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Listener      *Handle                `protobuf:"bytes,1,opt,name=listener,proto3" json:"listener,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateListenerReply) Reset() {
	*x = CreateListenerReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[44]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateListenerReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateListenerReply) ProtoMessage() {}

func (x *CreateListenerReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[44]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateListenerReply.ProtoReflect.Descriptor instead.
func (*CreateListenerReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{44}
}

func (x *CreateListenerReply) GetListener() *Handle {
	if x != nil {
		return x.Listener
	}
	return nil
}

// BuildLamRequest is ndk.Adapter.BuildLAM over [offset, offset+length) of
// an agent BUFFER, into a LAM of page_capacity pages (len(LAM.Pages)).
type BuildLamRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Adapter       *Handle                `protobuf:"bytes,1,opt,name=adapter,proto3" json:"adapter,omitempty"`
	Buffer        *Handle                `protobuf:"bytes,2,opt,name=buffer,proto3" json:"buffer,omitempty"`
	Offset        uint64                 `protobuf:"varint,3,opt,name=offset,proto3" json:"offset,omitempty"`
	Length        uint64                 `protobuf:"varint,4,opt,name=length,proto3" json:"length,omitempty"`
	PageCapacity  uint32                 `protobuf:"varint,5,opt,name=page_capacity,json=pageCapacity,proto3" json:"page_capacity,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,6,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *BuildLamRequest) Reset() {
	*x = BuildLamRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[45]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *BuildLamRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*BuildLamRequest) ProtoMessage() {}

func (x *BuildLamRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[45]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use BuildLamRequest.ProtoReflect.Descriptor instead.
func (*BuildLamRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{45}
}

func (x *BuildLamRequest) GetAdapter() *Handle {
	if x != nil {
		return x.Adapter
	}
	return nil
}

func (x *BuildLamRequest) GetBuffer() *Handle {
	if x != nil {
		return x.Buffer
	}
	return nil
}

func (x *BuildLamRequest) GetOffset() uint64 {
	if x != nil {
		return x.Offset
	}
	return 0
}

func (x *BuildLamRequest) GetLength() uint64 {
	if x != nil {
		return x.Length
	}
	return 0
}

func (x *BuildLamRequest) GetPageCapacity() uint32 {
	if x != nil {
		return x.PageCapacity
	}
	return 0
}

func (x *BuildLamRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

// BuildLamReply names the LAM (always, even on failure: it is the
// consumer's structure, released with ReleaseLam) and, unless the call
// returned STATUS_PENDING, what the provider wrote into it (page_count is
// also set with STATUS_BUFFER_TOO_SMALL). A pending BuildLam's output comes
// in its RequestCompletion.
type BuildLamReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Lam           *Handle                `protobuf:"bytes,1,opt,name=lam,proto3" json:"lam,omitempty"`
	Output        *LamOutput             `protobuf:"bytes,2,opt,name=output,proto3" json:"output,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *BuildLamReply) Reset() {
	*x = BuildLamReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[46]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *BuildLamReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*BuildLamReply) ProtoMessage() {}

func (x *BuildLamReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[46]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use BuildLamReply.ProtoReflect.Descriptor instead.
func (*BuildLamReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{46}
}

func (x *BuildLamReply) GetLam() *Handle {
	if x != nil {
		return x.Lam
	}
	return nil
}

func (x *BuildLamReply) GetOutput() *LamOutput {
	if x != nil {
		return x.Output
	}
	return nil
}

// BuildLamChainRequest is ndk.LAMChainBuilder.BuildLAMChain over an MDL
// chain (at most 1024 MDLs; OUT_OF_RANGE beyond), into a LAM of
// page_capacity pages; NOT_SUPPORTED unless the adapter's handle had
// mdl_chains. The reply and the completion are BuildLam's. A LAM built
// over several BUFFERs keeps each of them busy until it is released.
// Since 1.2.
type BuildLamChainRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Adapter       *Handle                `protobuf:"bytes,1,opt,name=adapter,proto3" json:"adapter,omitempty"`
	Chain         []*Mdl                 `protobuf:"bytes,2,rep,name=chain,proto3" json:"chain,omitempty"`
	PageCapacity  uint32                 `protobuf:"varint,3,opt,name=page_capacity,json=pageCapacity,proto3" json:"page_capacity,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,4,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *BuildLamChainRequest) Reset() {
	*x = BuildLamChainRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[47]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *BuildLamChainRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*BuildLamChainRequest) ProtoMessage() {}

func (x *BuildLamChainRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[47]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use BuildLamChainRequest.ProtoReflect.Descriptor instead.
func (*BuildLamChainRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{47}
}

func (x *BuildLamChainRequest) GetAdapter() *Handle {
	if x != nil {
		return x.Adapter
	}
	return nil
}

func (x *BuildLamChainRequest) GetChain() []*Mdl {
	if x != nil {
		return x.Chain
	}
	return nil
}

func (x *BuildLamChainRequest) GetPageCapacity() uint32 {
	if x != nil {
		return x.PageCapacity
	}
	return 0
}

func (x *BuildLamChainRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

// BuildLamChainReply is as BuildLamReply.
type BuildLamChainReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Lam           *Handle                `protobuf:"bytes,1,opt,name=lam,proto3" json:"lam,omitempty"`       // always, even on failure
	Output        *LamOutput             `protobuf:"bytes,2,opt,name=output,proto3" json:"output,omitempty"` // unless the call returned STATUS_PENDING
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *BuildLamChainReply) Reset() {
	*x = BuildLamChainReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[48]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *BuildLamChainReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*BuildLamChainReply) ProtoMessage() {}

func (x *BuildLamChainReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[48]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use BuildLamChainReply.ProtoReflect.Descriptor instead.
func (*BuildLamChainReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{48}
}

func (x *BuildLamChainReply) GetLam() *Handle {
	if x != nil {
		return x.Lam
	}
	return nil
}

func (x *BuildLamChainReply) GetOutput() *LamOutput {
	if x != nil {
		return x.Output
	}
	return nil
}

type ReleaseLamRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Adapter       *Handle                `protobuf:"bytes,1,opt,name=adapter,proto3" json:"adapter,omitempty"`
	Lam           *Handle                `protobuf:"bytes,2,opt,name=lam,proto3" json:"lam,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ReleaseLamRequest) Reset() {
	*x = ReleaseLamRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[49]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ReleaseLamRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ReleaseLamRequest) ProtoMessage() {}

func (x *ReleaseLamRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[49]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ReleaseLamRequest.ProtoReflect.Descriptor instead.
func (*ReleaseLamRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{49}
}

func (x *ReleaseLamRequest) GetAdapter() *Handle {
	if x != nil {
		return x.Adapter
	}
	return nil
}

func (x *ReleaseLamRequest) GetLam() *Handle {
	if x != nil {
		return x.Lam
	}
	return nil
}

type ReleaseLamReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ReleaseLamReply) Reset() {
	*x = ReleaseLamReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[50]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ReleaseLamReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ReleaseLamReply) ProtoMessage() {}

func (x *ReleaseLamReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[50]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ReleaseLamReply.ProtoReflect.Descriptor instead.
func (*ReleaseLamReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{50}
}

// CloseObjectRequest is NdkCloseObject on any object but the adapter.
type CloseObjectRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Object        *Handle                `protobuf:"bytes,1,opt,name=object,proto3" json:"object,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,2,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CloseObjectRequest) Reset() {
	*x = CloseObjectRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[51]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CloseObjectRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CloseObjectRequest) ProtoMessage() {}

func (x *CloseObjectRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[51]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CloseObjectRequest.ProtoReflect.Descriptor instead.
func (*CloseObjectRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{51}
}

func (x *CloseObjectRequest) GetObject() *Handle {
	if x != nil {
		return x.Object
	}
	return nil
}

func (x *CloseObjectRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CloseObjectReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CloseObjectReply) Reset() {
	*x = CloseObjectReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[52]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CloseObjectReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CloseObjectReply) ProtoMessage() {}

func (x *CloseObjectReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[52]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CloseObjectReply.ProtoReflect.Descriptor instead.
func (*CloseObjectReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{52}
}

type ResizeCqRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Cq            *Handle                `protobuf:"bytes,1,opt,name=cq,proto3" json:"cq,omitempty"`
	Depth         uint32                 `protobuf:"varint,2,opt,name=depth,proto3" json:"depth,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,3,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ResizeCqRequest) Reset() {
	*x = ResizeCqRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[53]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ResizeCqRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ResizeCqRequest) ProtoMessage() {}

func (x *ResizeCqRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[53]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ResizeCqRequest.ProtoReflect.Descriptor instead.
func (*ResizeCqRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{53}
}

func (x *ResizeCqRequest) GetCq() *Handle {
	if x != nil {
		return x.Cq
	}
	return nil
}

func (x *ResizeCqRequest) GetDepth() uint32 {
	if x != nil {
		return x.Depth
	}
	return 0
}

func (x *ResizeCqRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type ResizeCqReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ResizeCqReply) Reset() {
	*x = ResizeCqReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[54]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ResizeCqReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ResizeCqReply) ProtoMessage() {}

func (x *ResizeCqReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[54]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ResizeCqReply.ProtoReflect.Descriptor instead.
func (*ResizeCqReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{54}
}

type ArmCqRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Cq            *Handle                `protobuf:"bytes,1,opt,name=cq,proto3" json:"cq,omitempty"`
	Type          uint32                 `protobuf:"varint,2,opt,name=type,proto3" json:"type,omitempty"` // ndk.CQNotifyType
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ArmCqRequest) Reset() {
	*x = ArmCqRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[55]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ArmCqRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ArmCqRequest) ProtoMessage() {}

func (x *ArmCqRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[55]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ArmCqRequest.ProtoReflect.Descriptor instead.
func (*ArmCqRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{55}
}

func (x *ArmCqRequest) GetCq() *Handle {
	if x != nil {
		return x.Cq
	}
	return nil
}

func (x *ArmCqRequest) GetType() uint32 {
	if x != nil {
		return x.Type
	}
	return 0
}

type ArmCqReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ArmCqReply) Reset() {
	*x = ArmCqReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[56]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ArmCqReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ArmCqReply) ProtoMessage() {}

func (x *ArmCqReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[56]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ArmCqReply.ProtoReflect.Descriptor instead.
func (*ArmCqReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{56}
}

type GetCqResultsRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Cq            *Handle                `protobuf:"bytes,1,opt,name=cq,proto3" json:"cq,omitempty"`
	MaxResults    uint32                 `protobuf:"varint,2,opt,name=max_results,json=maxResults,proto3" json:"max_results,omitempty"` // len(results)
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetCqResultsRequest) Reset() {
	*x = GetCqResultsRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[57]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetCqResultsRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetCqResultsRequest) ProtoMessage() {}

func (x *GetCqResultsRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[57]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetCqResultsRequest.ProtoReflect.Descriptor instead.
func (*GetCqResultsRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{57}
}

func (x *GetCqResultsRequest) GetCq() *Handle {
	if x != nil {
		return x.Cq
	}
	return nil
}

func (x *GetCqResultsRequest) GetMaxResults() uint32 {
	if x != nil {
		return x.MaxResults
	}
	return 0
}

type GetCqResultsReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Results       []*Result              `protobuf:"bytes,1,rep,name=results,proto3" json:"results,omitempty"` // NDK_RESULT fields only
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetCqResultsReply) Reset() {
	*x = GetCqResultsReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[58]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetCqResultsReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetCqResultsReply) ProtoMessage() {}

func (x *GetCqResultsReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[58]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetCqResultsReply.ProtoReflect.Descriptor instead.
func (*GetCqResultsReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{58}
}

func (x *GetCqResultsReply) GetResults() []*Result {
	if x != nil {
		return x.Results
	}
	return nil
}

type GetCqResultsExRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Cq            *Handle                `protobuf:"bytes,1,opt,name=cq,proto3" json:"cq,omitempty"`
	MaxResults    uint32                 `protobuf:"varint,2,opt,name=max_results,json=maxResults,proto3" json:"max_results,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetCqResultsExRequest) Reset() {
	*x = GetCqResultsExRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[59]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetCqResultsExRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetCqResultsExRequest) ProtoMessage() {}

func (x *GetCqResultsExRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[59]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetCqResultsExRequest.ProtoReflect.Descriptor instead.
func (*GetCqResultsExRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{59}
}

func (x *GetCqResultsExRequest) GetCq() *Handle {
	if x != nil {
		return x.Cq
	}
	return nil
}

func (x *GetCqResultsExRequest) GetMaxResults() uint32 {
	if x != nil {
		return x.MaxResults
	}
	return 0
}

type GetCqResultsExReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Results       []*Result              `protobuf:"bytes,1,rep,name=results,proto3" json:"results,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetCqResultsExReply) Reset() {
	*x = GetCqResultsExReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[60]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetCqResultsExReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetCqResultsExReply) ProtoMessage() {}

func (x *GetCqResultsExReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[60]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetCqResultsExReply.ProtoReflect.Descriptor instead.
func (*GetCqResultsExReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{60}
}

func (x *GetCqResultsExReply) GetResults() []*Result {
	if x != nil {
		return x.Results
	}
	return nil
}

type ControlCqInterruptModerationRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Cq            *Handle                `protobuf:"bytes,1,opt,name=cq,proto3" json:"cq,omitempty"`
	Interval      uint32                 `protobuf:"varint,2,opt,name=interval,proto3" json:"interval,omitempty"`
	Count         uint32                 `protobuf:"varint,3,opt,name=count,proto3" json:"count,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ControlCqInterruptModerationRequest) Reset() {
	*x = ControlCqInterruptModerationRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[61]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ControlCqInterruptModerationRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ControlCqInterruptModerationRequest) ProtoMessage() {}

func (x *ControlCqInterruptModerationRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[61]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ControlCqInterruptModerationRequest.ProtoReflect.Descriptor instead.
func (*ControlCqInterruptModerationRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{61}
}

func (x *ControlCqInterruptModerationRequest) GetCq() *Handle {
	if x != nil {
		return x.Cq
	}
	return nil
}

func (x *ControlCqInterruptModerationRequest) GetInterval() uint32 {
	if x != nil {
		return x.Interval
	}
	return 0
}

func (x *ControlCqInterruptModerationRequest) GetCount() uint32 {
	if x != nil {
		return x.Count
	}
	return 0
}

type ControlCqInterruptModerationReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ControlCqInterruptModerationReply) Reset() {
	*x = ControlCqInterruptModerationReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[62]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ControlCqInterruptModerationReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ControlCqInterruptModerationReply) ProtoMessage() {}

func (x *ControlCqInterruptModerationReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[62]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ControlCqInterruptModerationReply.ProtoReflect.Descriptor instead.
func (*ControlCqInterruptModerationReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{62}
}

// QpParams are ndk.QPParams.
type QpParams struct {
	state                  protoimpl.MessageState `protogen:"open.v1"`
	ReceiveCq              *Handle                `protobuf:"bytes,1,opt,name=receive_cq,json=receiveCq,proto3" json:"receive_cq,omitempty"`
	InitiatorCq            *Handle                `protobuf:"bytes,2,opt,name=initiator_cq,json=initiatorCq,proto3" json:"initiator_cq,omitempty"`
	Context                uint64                 `protobuf:"varint,3,opt,name=context,proto3" json:"context,omitempty"` // the QPContext of every Result of the QP
	ReceiveQueueDepth      uint32                 `protobuf:"varint,4,opt,name=receive_queue_depth,json=receiveQueueDepth,proto3" json:"receive_queue_depth,omitempty"`
	InitiatorQueueDepth    uint32                 `protobuf:"varint,5,opt,name=initiator_queue_depth,json=initiatorQueueDepth,proto3" json:"initiator_queue_depth,omitempty"`
	MaxReceiveRequestSge   uint32                 `protobuf:"varint,6,opt,name=max_receive_request_sge,json=maxReceiveRequestSge,proto3" json:"max_receive_request_sge,omitempty"`
	MaxInitiatorRequestSge uint32                 `protobuf:"varint,7,opt,name=max_initiator_request_sge,json=maxInitiatorRequestSge,proto3" json:"max_initiator_request_sge,omitempty"`
	InlineDataSize         uint32                 `protobuf:"varint,8,opt,name=inline_data_size,json=inlineDataSize,proto3" json:"inline_data_size,omitempty"`
	unknownFields          protoimpl.UnknownFields
	sizeCache              protoimpl.SizeCache
}

func (x *QpParams) Reset() {
	*x = QpParams{}
	mi := &file_agent_v1_agent_proto_msgTypes[63]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *QpParams) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*QpParams) ProtoMessage() {}

func (x *QpParams) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[63]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use QpParams.ProtoReflect.Descriptor instead.
func (*QpParams) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{63}
}

func (x *QpParams) GetReceiveCq() *Handle {
	if x != nil {
		return x.ReceiveCq
	}
	return nil
}

func (x *QpParams) GetInitiatorCq() *Handle {
	if x != nil {
		return x.InitiatorCq
	}
	return nil
}

func (x *QpParams) GetContext() uint64 {
	if x != nil {
		return x.Context
	}
	return 0
}

func (x *QpParams) GetReceiveQueueDepth() uint32 {
	if x != nil {
		return x.ReceiveQueueDepth
	}
	return 0
}

func (x *QpParams) GetInitiatorQueueDepth() uint32 {
	if x != nil {
		return x.InitiatorQueueDepth
	}
	return 0
}

func (x *QpParams) GetMaxReceiveRequestSge() uint32 {
	if x != nil {
		return x.MaxReceiveRequestSge
	}
	return 0
}

func (x *QpParams) GetMaxInitiatorRequestSge() uint32 {
	if x != nil {
		return x.MaxInitiatorRequestSge
	}
	return 0
}

func (x *QpParams) GetInlineDataSize() uint32 {
	if x != nil {
		return x.InlineDataSize
	}
	return 0
}

type CreateQpRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Pd            *Handle                `protobuf:"bytes,1,opt,name=pd,proto3" json:"pd,omitempty"`
	Params        *QpParams              `protobuf:"bytes,2,opt,name=params,proto3" json:"params,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,3,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateQpRequest) Reset() {
	*x = CreateQpRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[64]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateQpRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateQpRequest) ProtoMessage() {}

func (x *CreateQpRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[64]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateQpRequest.ProtoReflect.Descriptor instead.
func (*CreateQpRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{64}
}

func (x *CreateQpRequest) GetPd() *Handle {
	if x != nil {
		return x.Pd
	}
	return nil
}

func (x *CreateQpRequest) GetParams() *QpParams {
	if x != nil {
		return x.Params
	}
	return nil
}

func (x *CreateQpRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CreateQpReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Qp            *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateQpReply) Reset() {
	*x = CreateQpReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[65]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateQpReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateQpReply) ProtoMessage() {}

func (x *CreateQpReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[65]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateQpReply.ProtoReflect.Descriptor instead.
func (*CreateQpReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{65}
}

func (x *CreateQpReply) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

type CreateQpWithSrqRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Pd            *Handle                `protobuf:"bytes,1,opt,name=pd,proto3" json:"pd,omitempty"`
	Params        *QpParams              `protobuf:"bytes,2,opt,name=params,proto3" json:"params,omitempty"`
	Srq           *Handle                `protobuf:"bytes,3,opt,name=srq,proto3" json:"srq,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,4,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateQpWithSrqRequest) Reset() {
	*x = CreateQpWithSrqRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[66]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateQpWithSrqRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateQpWithSrqRequest) ProtoMessage() {}

func (x *CreateQpWithSrqRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[66]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateQpWithSrqRequest.ProtoReflect.Descriptor instead.
func (*CreateQpWithSrqRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{66}
}

func (x *CreateQpWithSrqRequest) GetPd() *Handle {
	if x != nil {
		return x.Pd
	}
	return nil
}

func (x *CreateQpWithSrqRequest) GetParams() *QpParams {
	if x != nil {
		return x.Params
	}
	return nil
}

func (x *CreateQpWithSrqRequest) GetSrq() *Handle {
	if x != nil {
		return x.Srq
	}
	return nil
}

func (x *CreateQpWithSrqRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CreateQpWithSrqReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Qp            *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateQpWithSrqReply) Reset() {
	*x = CreateQpWithSrqReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[67]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateQpWithSrqReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateQpWithSrqReply) ProtoMessage() {}

func (x *CreateQpWithSrqReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[67]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateQpWithSrqReply.ProtoReflect.Descriptor instead.
func (*CreateQpWithSrqReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{67}
}

func (x *CreateQpWithSrqReply) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

type CreateSrqRequest struct {
	state                protoimpl.MessageState `protogen:"open.v1"`
	Pd                   *Handle                `protobuf:"bytes,1,opt,name=pd,proto3" json:"pd,omitempty"`
	Depth                uint32                 `protobuf:"varint,2,opt,name=depth,proto3" json:"depth,omitempty"`
	MaxReceiveRequestSge uint32                 `protobuf:"varint,3,opt,name=max_receive_request_sge,json=maxReceiveRequestSge,proto3" json:"max_receive_request_sge,omitempty"`
	NotifyThreshold      uint32                 `protobuf:"varint,4,opt,name=notify_threshold,json=notifyThreshold,proto3" json:"notify_threshold,omitempty"`
	Notify               *CallbackRef           `protobuf:"bytes,5,opt,name=notify,proto3" json:"notify,omitempty"` // SRQParams.Notify, NotifyContext (optional)
	Done                 *CallbackRef           `protobuf:"bytes,6,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields        protoimpl.UnknownFields
	sizeCache            protoimpl.SizeCache
}

func (x *CreateSrqRequest) Reset() {
	*x = CreateSrqRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[68]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateSrqRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateSrqRequest) ProtoMessage() {}

func (x *CreateSrqRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[68]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateSrqRequest.ProtoReflect.Descriptor instead.
func (*CreateSrqRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{68}
}

func (x *CreateSrqRequest) GetPd() *Handle {
	if x != nil {
		return x.Pd
	}
	return nil
}

func (x *CreateSrqRequest) GetDepth() uint32 {
	if x != nil {
		return x.Depth
	}
	return 0
}

func (x *CreateSrqRequest) GetMaxReceiveRequestSge() uint32 {
	if x != nil {
		return x.MaxReceiveRequestSge
	}
	return 0
}

func (x *CreateSrqRequest) GetNotifyThreshold() uint32 {
	if x != nil {
		return x.NotifyThreshold
	}
	return 0
}

func (x *CreateSrqRequest) GetNotify() *CallbackRef {
	if x != nil {
		return x.Notify
	}
	return nil
}

func (x *CreateSrqRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CreateSrqReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Srq           *Handle                `protobuf:"bytes,1,opt,name=srq,proto3" json:"srq,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateSrqReply) Reset() {
	*x = CreateSrqReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[69]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateSrqReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateSrqReply) ProtoMessage() {}

func (x *CreateSrqReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[69]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateSrqReply.ProtoReflect.Descriptor instead.
func (*CreateSrqReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{69}
}

func (x *CreateSrqReply) GetSrq() *Handle {
	if x != nil {
		return x.Srq
	}
	return nil
}

type CreateMrRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Pd            *Handle                `protobuf:"bytes,1,opt,name=pd,proto3" json:"pd,omitempty"`
	FastRegister  bool                   `protobuf:"varint,2,opt,name=fast_register,json=fastRegister,proto3" json:"fast_register,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,3,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateMrRequest) Reset() {
	*x = CreateMrRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[70]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateMrRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateMrRequest) ProtoMessage() {}

func (x *CreateMrRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[70]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateMrRequest.ProtoReflect.Descriptor instead.
func (*CreateMrRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{70}
}

func (x *CreateMrRequest) GetPd() *Handle {
	if x != nil {
		return x.Pd
	}
	return nil
}

func (x *CreateMrRequest) GetFastRegister() bool {
	if x != nil {
		return x.FastRegister
	}
	return false
}

func (x *CreateMrRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CreateMrReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Mr            *Handle                `protobuf:"bytes,1,opt,name=mr,proto3" json:"mr,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateMrReply) Reset() {
	*x = CreateMrReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[71]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateMrReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateMrReply) ProtoMessage() {}

func (x *CreateMrReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[71]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateMrReply.ProtoReflect.Descriptor instead.
func (*CreateMrReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{71}
}

func (x *CreateMrReply) GetMr() *Handle {
	if x != nil {
		return x.Mr
	}
	return nil
}

type CreateMwRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Pd            *Handle                `protobuf:"bytes,1,opt,name=pd,proto3" json:"pd,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,2,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateMwRequest) Reset() {
	*x = CreateMwRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[72]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateMwRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateMwRequest) ProtoMessage() {}

func (x *CreateMwRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[72]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateMwRequest.ProtoReflect.Descriptor instead.
func (*CreateMwRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{72}
}

func (x *CreateMwRequest) GetPd() *Handle {
	if x != nil {
		return x.Pd
	}
	return nil
}

func (x *CreateMwRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CreateMwReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Mw            *Handle                `protobuf:"bytes,1,opt,name=mw,proto3" json:"mw,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateMwReply) Reset() {
	*x = CreateMwReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[73]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateMwReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateMwReply) ProtoMessage() {}

func (x *CreateMwReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[73]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateMwReply.ProtoReflect.Descriptor instead.
func (*CreateMwReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{73}
}

func (x *CreateMwReply) GetMw() *Handle {
	if x != nil {
		return x.Mw
	}
	return nil
}

type GetPrivilegedMemoryRegionTokenRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Pd            *Handle                `protobuf:"bytes,1,opt,name=pd,proto3" json:"pd,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetPrivilegedMemoryRegionTokenRequest) Reset() {
	*x = GetPrivilegedMemoryRegionTokenRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[74]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetPrivilegedMemoryRegionTokenRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetPrivilegedMemoryRegionTokenRequest) ProtoMessage() {}

func (x *GetPrivilegedMemoryRegionTokenRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[74]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetPrivilegedMemoryRegionTokenRequest.ProtoReflect.Descriptor instead.
func (*GetPrivilegedMemoryRegionTokenRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{74}
}

func (x *GetPrivilegedMemoryRegionTokenRequest) GetPd() *Handle {
	if x != nil {
		return x.Pd
	}
	return nil
}

type GetPrivilegedMemoryRegionTokenReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Token         uint32                 `protobuf:"varint,1,opt,name=token,proto3" json:"token,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetPrivilegedMemoryRegionTokenReply) Reset() {
	*x = GetPrivilegedMemoryRegionTokenReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[75]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetPrivilegedMemoryRegionTokenReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetPrivilegedMemoryRegionTokenReply) ProtoMessage() {}

func (x *GetPrivilegedMemoryRegionTokenReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[75]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetPrivilegedMemoryRegionTokenReply.ProtoReflect.Descriptor instead.
func (*GetPrivilegedMemoryRegionTokenReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{75}
}

func (x *GetPrivilegedMemoryRegionTokenReply) GetToken() uint32 {
	if x != nil {
		return x.Token
	}
	return 0
}

type ModifySrqRequest struct {
	state           protoimpl.MessageState `protogen:"open.v1"`
	Srq             *Handle                `protobuf:"bytes,1,opt,name=srq,proto3" json:"srq,omitempty"`
	Depth           uint32                 `protobuf:"varint,2,opt,name=depth,proto3" json:"depth,omitempty"`
	NotifyThreshold uint32                 `protobuf:"varint,3,opt,name=notify_threshold,json=notifyThreshold,proto3" json:"notify_threshold,omitempty"`
	Done            *CallbackRef           `protobuf:"bytes,4,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields   protoimpl.UnknownFields
	sizeCache       protoimpl.SizeCache
}

func (x *ModifySrqRequest) Reset() {
	*x = ModifySrqRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[76]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ModifySrqRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ModifySrqRequest) ProtoMessage() {}

func (x *ModifySrqRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[76]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ModifySrqRequest.ProtoReflect.Descriptor instead.
func (*ModifySrqRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{76}
}

func (x *ModifySrqRequest) GetSrq() *Handle {
	if x != nil {
		return x.Srq
	}
	return nil
}

func (x *ModifySrqRequest) GetDepth() uint32 {
	if x != nil {
		return x.Depth
	}
	return 0
}

func (x *ModifySrqRequest) GetNotifyThreshold() uint32 {
	if x != nil {
		return x.NotifyThreshold
	}
	return 0
}

func (x *ModifySrqRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type ModifySrqReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ModifySrqReply) Reset() {
	*x = ModifySrqReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[77]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ModifySrqReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ModifySrqReply) ProtoMessage() {}

func (x *ModifySrqReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[77]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ModifySrqReply.ProtoReflect.Descriptor instead.
func (*ModifySrqReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{77}
}

type SrqReceiveRequest struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	Srq            *Handle                `protobuf:"bytes,1,opt,name=srq,proto3" json:"srq,omitempty"`
	RequestContext uint64                 `protobuf:"varint,2,opt,name=request_context,json=requestContext,proto3" json:"request_context,omitempty"`
	Sgl            []*SGE                 `protobuf:"bytes,3,rep,name=sgl,proto3" json:"sgl,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *SrqReceiveRequest) Reset() {
	*x = SrqReceiveRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[78]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SrqReceiveRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SrqReceiveRequest) ProtoMessage() {}

func (x *SrqReceiveRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[78]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SrqReceiveRequest.ProtoReflect.Descriptor instead.
func (*SrqReceiveRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{78}
}

func (x *SrqReceiveRequest) GetSrq() *Handle {
	if x != nil {
		return x.Srq
	}
	return nil
}

func (x *SrqReceiveRequest) GetRequestContext() uint64 {
	if x != nil {
		return x.RequestContext
	}
	return 0
}

func (x *SrqReceiveRequest) GetSgl() []*SGE {
	if x != nil {
		return x.Sgl
	}
	return nil
}

type SrqReceiveReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *SrqReceiveReply) Reset() {
	*x = SrqReceiveReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[79]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SrqReceiveReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SrqReceiveReply) ProtoMessage() {}

func (x *SrqReceiveReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[79]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SrqReceiveReply.ProtoReflect.Descriptor instead.
func (*SrqReceiveReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{79}
}

// RegisterMrRequest is ndk.MR.Register over [offset, offset+length) of an
// agent BUFFER (the consumer memory of the MDL chain), whose first byte
// has the virtual address va.
type RegisterMrRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Mr            *Handle                `protobuf:"bytes,1,opt,name=mr,proto3" json:"mr,omitempty"`
	Buffer        *Handle                `protobuf:"bytes,2,opt,name=buffer,proto3" json:"buffer,omitempty"`
	Offset        uint64                 `protobuf:"varint,3,opt,name=offset,proto3" json:"offset,omitempty"`
	Length        uint64                 `protobuf:"varint,4,opt,name=length,proto3" json:"length,omitempty"`
	Va            uint64                 `protobuf:"varint,5,opt,name=va,proto3" json:"va,omitempty"`
	Flags         uint32                 `protobuf:"varint,6,opt,name=flags,proto3" json:"flags,omitempty"` // NDK_MR_FLAG_*
	Done          *CallbackRef           `protobuf:"bytes,7,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *RegisterMrRequest) Reset() {
	*x = RegisterMrRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[80]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *RegisterMrRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*RegisterMrRequest) ProtoMessage() {}

func (x *RegisterMrRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[80]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use RegisterMrRequest.ProtoReflect.Descriptor instead.
func (*RegisterMrRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{80}
}

func (x *RegisterMrRequest) GetMr() *Handle {
	if x != nil {
		return x.Mr
	}
	return nil
}

func (x *RegisterMrRequest) GetBuffer() *Handle {
	if x != nil {
		return x.Buffer
	}
	return nil
}

func (x *RegisterMrRequest) GetOffset() uint64 {
	if x != nil {
		return x.Offset
	}
	return 0
}

func (x *RegisterMrRequest) GetLength() uint64 {
	if x != nil {
		return x.Length
	}
	return 0
}

func (x *RegisterMrRequest) GetVa() uint64 {
	if x != nil {
		return x.Va
	}
	return 0
}

func (x *RegisterMrRequest) GetFlags() uint32 {
	if x != nil {
		return x.Flags
	}
	return 0
}

func (x *RegisterMrRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type RegisterMrReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *RegisterMrReply) Reset() {
	*x = RegisterMrReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[81]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *RegisterMrReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*RegisterMrReply) ProtoMessage() {}

func (x *RegisterMrReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[81]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use RegisterMrReply.ProtoReflect.Descriptor instead.
func (*RegisterMrReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{81}
}

// RegisterMrChainRequest is ndk.ChainRegisterer.RegisterChain over an MDL
// chain (at most 1024 MDLs; OUT_OF_RANGE beyond); NOT_SUPPORTED unless the
// MR's handle had mdl_chains. The MR's region (for WriteMemory and
// ReadMemory) is then the chain's ranges laid end to end, and each BUFFER
// of the chain stays busy until the MR is deregistered. Since 1.2.
type RegisterMrChainRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Mr            *Handle                `protobuf:"bytes,1,opt,name=mr,proto3" json:"mr,omitempty"`
	Chain         []*Mdl                 `protobuf:"bytes,2,rep,name=chain,proto3" json:"chain,omitempty"`
	Flags         uint32                 `protobuf:"varint,3,opt,name=flags,proto3" json:"flags,omitempty"` // NDK_MR_FLAG_*
	Done          *CallbackRef           `protobuf:"bytes,4,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *RegisterMrChainRequest) Reset() {
	*x = RegisterMrChainRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[82]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *RegisterMrChainRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*RegisterMrChainRequest) ProtoMessage() {}

func (x *RegisterMrChainRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[82]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use RegisterMrChainRequest.ProtoReflect.Descriptor instead.
func (*RegisterMrChainRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{82}
}

func (x *RegisterMrChainRequest) GetMr() *Handle {
	if x != nil {
		return x.Mr
	}
	return nil
}

func (x *RegisterMrChainRequest) GetChain() []*Mdl {
	if x != nil {
		return x.Chain
	}
	return nil
}

func (x *RegisterMrChainRequest) GetFlags() uint32 {
	if x != nil {
		return x.Flags
	}
	return 0
}

func (x *RegisterMrChainRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type RegisterMrChainReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *RegisterMrChainReply) Reset() {
	*x = RegisterMrChainReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[83]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *RegisterMrChainReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*RegisterMrChainReply) ProtoMessage() {}

func (x *RegisterMrChainReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[83]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use RegisterMrChainReply.ProtoReflect.Descriptor instead.
func (*RegisterMrChainReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{83}
}

type DeregisterMrRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Mr            *Handle                `protobuf:"bytes,1,opt,name=mr,proto3" json:"mr,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,2,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *DeregisterMrRequest) Reset() {
	*x = DeregisterMrRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[84]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *DeregisterMrRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*DeregisterMrRequest) ProtoMessage() {}

func (x *DeregisterMrRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[84]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use DeregisterMrRequest.ProtoReflect.Descriptor instead.
func (*DeregisterMrRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{84}
}

func (x *DeregisterMrRequest) GetMr() *Handle {
	if x != nil {
		return x.Mr
	}
	return nil
}

func (x *DeregisterMrRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type DeregisterMrReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *DeregisterMrReply) Reset() {
	*x = DeregisterMrReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[85]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *DeregisterMrReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*DeregisterMrReply) ProtoMessage() {}

func (x *DeregisterMrReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[85]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use DeregisterMrReply.ProtoReflect.Descriptor instead.
func (*DeregisterMrReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{85}
}

type InitializeFastRegisterMrRequest struct {
	state            protoimpl.MessageState `protogen:"open.v1"`
	Mr               *Handle                `protobuf:"bytes,1,opt,name=mr,proto3" json:"mr,omitempty"`
	AdapterPageCount uint32                 `protobuf:"varint,2,opt,name=adapter_page_count,json=adapterPageCount,proto3" json:"adapter_page_count,omitempty"`
	RemoteAccess     bool                   `protobuf:"varint,3,opt,name=remote_access,json=remoteAccess,proto3" json:"remote_access,omitempty"`
	Done             *CallbackRef           `protobuf:"bytes,4,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields    protoimpl.UnknownFields
	sizeCache        protoimpl.SizeCache
}

func (x *InitializeFastRegisterMrRequest) Reset() {
	*x = InitializeFastRegisterMrRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[86]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *InitializeFastRegisterMrRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*InitializeFastRegisterMrRequest) ProtoMessage() {}

func (x *InitializeFastRegisterMrRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[86]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use InitializeFastRegisterMrRequest.ProtoReflect.Descriptor instead.
func (*InitializeFastRegisterMrRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{86}
}

func (x *InitializeFastRegisterMrRequest) GetMr() *Handle {
	if x != nil {
		return x.Mr
	}
	return nil
}

func (x *InitializeFastRegisterMrRequest) GetAdapterPageCount() uint32 {
	if x != nil {
		return x.AdapterPageCount
	}
	return 0
}

func (x *InitializeFastRegisterMrRequest) GetRemoteAccess() bool {
	if x != nil {
		return x.RemoteAccess
	}
	return false
}

func (x *InitializeFastRegisterMrRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type InitializeFastRegisterMrReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *InitializeFastRegisterMrReply) Reset() {
	*x = InitializeFastRegisterMrReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[87]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *InitializeFastRegisterMrReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*InitializeFastRegisterMrReply) ProtoMessage() {}

func (x *InitializeFastRegisterMrReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[87]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use InitializeFastRegisterMrReply.ProtoReflect.Descriptor instead.
func (*InitializeFastRegisterMrReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{87}
}

type GetLocalTokenFromMrRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Mr            *Handle                `protobuf:"bytes,1,opt,name=mr,proto3" json:"mr,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetLocalTokenFromMrRequest) Reset() {
	*x = GetLocalTokenFromMrRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[88]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetLocalTokenFromMrRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetLocalTokenFromMrRequest) ProtoMessage() {}

func (x *GetLocalTokenFromMrRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[88]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetLocalTokenFromMrRequest.ProtoReflect.Descriptor instead.
func (*GetLocalTokenFromMrRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{88}
}

func (x *GetLocalTokenFromMrRequest) GetMr() *Handle {
	if x != nil {
		return x.Mr
	}
	return nil
}

type GetLocalTokenFromMrReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Token         uint32                 `protobuf:"varint,1,opt,name=token,proto3" json:"token,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetLocalTokenFromMrReply) Reset() {
	*x = GetLocalTokenFromMrReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[89]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetLocalTokenFromMrReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetLocalTokenFromMrReply) ProtoMessage() {}

func (x *GetLocalTokenFromMrReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[89]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetLocalTokenFromMrReply.ProtoReflect.Descriptor instead.
func (*GetLocalTokenFromMrReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{89}
}

func (x *GetLocalTokenFromMrReply) GetToken() uint32 {
	if x != nil {
		return x.Token
	}
	return 0
}

type GetRemoteTokenFromMrRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Mr            *Handle                `protobuf:"bytes,1,opt,name=mr,proto3" json:"mr,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetRemoteTokenFromMrRequest) Reset() {
	*x = GetRemoteTokenFromMrRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[90]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetRemoteTokenFromMrRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetRemoteTokenFromMrRequest) ProtoMessage() {}

func (x *GetRemoteTokenFromMrRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[90]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetRemoteTokenFromMrRequest.ProtoReflect.Descriptor instead.
func (*GetRemoteTokenFromMrRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{90}
}

func (x *GetRemoteTokenFromMrRequest) GetMr() *Handle {
	if x != nil {
		return x.Mr
	}
	return nil
}

type GetRemoteTokenFromMrReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Token         uint32                 `protobuf:"varint,1,opt,name=token,proto3" json:"token,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetRemoteTokenFromMrReply) Reset() {
	*x = GetRemoteTokenFromMrReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[91]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetRemoteTokenFromMrReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetRemoteTokenFromMrReply) ProtoMessage() {}

func (x *GetRemoteTokenFromMrReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[91]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetRemoteTokenFromMrReply.ProtoReflect.Descriptor instead.
func (*GetRemoteTokenFromMrReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{91}
}

func (x *GetRemoteTokenFromMrReply) GetToken() uint32 {
	if x != nil {
		return x.Token
	}
	return 0
}

type GetRemoteTokenFromMwRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Mw            *Handle                `protobuf:"bytes,1,opt,name=mw,proto3" json:"mw,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetRemoteTokenFromMwRequest) Reset() {
	*x = GetRemoteTokenFromMwRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[92]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetRemoteTokenFromMwRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetRemoteTokenFromMwRequest) ProtoMessage() {}

func (x *GetRemoteTokenFromMwRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[92]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetRemoteTokenFromMwRequest.ProtoReflect.Descriptor instead.
func (*GetRemoteTokenFromMwRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{92}
}

func (x *GetRemoteTokenFromMwRequest) GetMw() *Handle {
	if x != nil {
		return x.Mw
	}
	return nil
}

type GetRemoteTokenFromMwReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Token         uint32                 `protobuf:"varint,1,opt,name=token,proto3" json:"token,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetRemoteTokenFromMwReply) Reset() {
	*x = GetRemoteTokenFromMwReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[93]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetRemoteTokenFromMwReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetRemoteTokenFromMwReply) ProtoMessage() {}

func (x *GetRemoteTokenFromMwReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[93]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetRemoteTokenFromMwReply.ProtoReflect.Descriptor instead.
func (*GetRemoteTokenFromMwReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{93}
}

func (x *GetRemoteTokenFromMwReply) GetToken() uint32 {
	if x != nil {
		return x.Token
	}
	return 0
}

type FlushRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Qp            *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *FlushRequest) Reset() {
	*x = FlushRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[94]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *FlushRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*FlushRequest) ProtoMessage() {}

func (x *FlushRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[94]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use FlushRequest.ProtoReflect.Descriptor instead.
func (*FlushRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{94}
}

func (x *FlushRequest) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

type FlushReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *FlushReply) Reset() {
	*x = FlushReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[95]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *FlushReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*FlushReply) ProtoMessage() {}

func (x *FlushReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[95]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use FlushReply.ProtoReflect.Descriptor instead.
func (*FlushReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{95}
}

type ReceiveRequest struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	Qp             *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	RequestContext uint64                 `protobuf:"varint,2,opt,name=request_context,json=requestContext,proto3" json:"request_context,omitempty"`
	Sgl            []*SGE                 `protobuf:"bytes,3,rep,name=sgl,proto3" json:"sgl,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *ReceiveRequest) Reset() {
	*x = ReceiveRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[96]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ReceiveRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ReceiveRequest) ProtoMessage() {}

func (x *ReceiveRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[96]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ReceiveRequest.ProtoReflect.Descriptor instead.
func (*ReceiveRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{96}
}

func (x *ReceiveRequest) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

func (x *ReceiveRequest) GetRequestContext() uint64 {
	if x != nil {
		return x.RequestContext
	}
	return 0
}

func (x *ReceiveRequest) GetSgl() []*SGE {
	if x != nil {
		return x.Sgl
	}
	return nil
}

type ReceiveReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ReceiveReply) Reset() {
	*x = ReceiveReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[97]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ReceiveReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ReceiveReply) ProtoMessage() {}

func (x *ReceiveReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[97]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ReceiveReply.ProtoReflect.Descriptor instead.
func (*ReceiveReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{97}
}

type SendRequest struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	Qp             *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	RequestContext uint64                 `protobuf:"varint,2,opt,name=request_context,json=requestContext,proto3" json:"request_context,omitempty"`
	Sgl            []*SGE                 `protobuf:"bytes,3,rep,name=sgl,proto3" json:"sgl,omitempty"`
	Flags          uint32                 `protobuf:"varint,4,opt,name=flags,proto3" json:"flags,omitempty"` // NDK_OP_FLAG_*
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *SendRequest) Reset() {
	*x = SendRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[98]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SendRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SendRequest) ProtoMessage() {}

func (x *SendRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[98]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SendRequest.ProtoReflect.Descriptor instead.
func (*SendRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{98}
}

func (x *SendRequest) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

func (x *SendRequest) GetRequestContext() uint64 {
	if x != nil {
		return x.RequestContext
	}
	return 0
}

func (x *SendRequest) GetSgl() []*SGE {
	if x != nil {
		return x.Sgl
	}
	return nil
}

func (x *SendRequest) GetFlags() uint32 {
	if x != nil {
		return x.Flags
	}
	return 0
}

type SendReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *SendReply) Reset() {
	*x = SendReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[99]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SendReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SendReply) ProtoMessage() {}

func (x *SendReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[99]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SendReply.ProtoReflect.Descriptor instead.
func (*SendReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{99}
}

type SendAndInvalidateRequest struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	Qp             *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	RequestContext uint64                 `protobuf:"varint,2,opt,name=request_context,json=requestContext,proto3" json:"request_context,omitempty"`
	Sgl            []*SGE                 `protobuf:"bytes,3,rep,name=sgl,proto3" json:"sgl,omitempty"`
	RemoteToken    uint32                 `protobuf:"varint,4,opt,name=remote_token,json=remoteToken,proto3" json:"remote_token,omitempty"`
	Flags          uint32                 `protobuf:"varint,5,opt,name=flags,proto3" json:"flags,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *SendAndInvalidateRequest) Reset() {
	*x = SendAndInvalidateRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[100]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SendAndInvalidateRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SendAndInvalidateRequest) ProtoMessage() {}

func (x *SendAndInvalidateRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[100]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SendAndInvalidateRequest.ProtoReflect.Descriptor instead.
func (*SendAndInvalidateRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{100}
}

func (x *SendAndInvalidateRequest) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

func (x *SendAndInvalidateRequest) GetRequestContext() uint64 {
	if x != nil {
		return x.RequestContext
	}
	return 0
}

func (x *SendAndInvalidateRequest) GetSgl() []*SGE {
	if x != nil {
		return x.Sgl
	}
	return nil
}

func (x *SendAndInvalidateRequest) GetRemoteToken() uint32 {
	if x != nil {
		return x.RemoteToken
	}
	return 0
}

func (x *SendAndInvalidateRequest) GetFlags() uint32 {
	if x != nil {
		return x.Flags
	}
	return 0
}

type SendAndInvalidateReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *SendAndInvalidateReply) Reset() {
	*x = SendAndInvalidateReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[101]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SendAndInvalidateReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SendAndInvalidateReply) ProtoMessage() {}

func (x *SendAndInvalidateReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[101]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SendAndInvalidateReply.ProtoReflect.Descriptor instead.
func (*SendAndInvalidateReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{101}
}

type WriteRequest struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	Qp             *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	RequestContext uint64                 `protobuf:"varint,2,opt,name=request_context,json=requestContext,proto3" json:"request_context,omitempty"`
	Sgl            []*SGE                 `protobuf:"bytes,3,rep,name=sgl,proto3" json:"sgl,omitempty"`
	RemoteAddress  uint64                 `protobuf:"varint,4,opt,name=remote_address,json=remoteAddress,proto3" json:"remote_address,omitempty"`
	RemoteToken    uint32                 `protobuf:"varint,5,opt,name=remote_token,json=remoteToken,proto3" json:"remote_token,omitempty"`
	Flags          uint32                 `protobuf:"varint,6,opt,name=flags,proto3" json:"flags,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *WriteRequest) Reset() {
	*x = WriteRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[102]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *WriteRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*WriteRequest) ProtoMessage() {}

func (x *WriteRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[102]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use WriteRequest.ProtoReflect.Descriptor instead.
func (*WriteRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{102}
}

func (x *WriteRequest) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

func (x *WriteRequest) GetRequestContext() uint64 {
	if x != nil {
		return x.RequestContext
	}
	return 0
}

func (x *WriteRequest) GetSgl() []*SGE {
	if x != nil {
		return x.Sgl
	}
	return nil
}

func (x *WriteRequest) GetRemoteAddress() uint64 {
	if x != nil {
		return x.RemoteAddress
	}
	return 0
}

func (x *WriteRequest) GetRemoteToken() uint32 {
	if x != nil {
		return x.RemoteToken
	}
	return 0
}

func (x *WriteRequest) GetFlags() uint32 {
	if x != nil {
		return x.Flags
	}
	return 0
}

type WriteReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *WriteReply) Reset() {
	*x = WriteReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[103]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *WriteReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*WriteReply) ProtoMessage() {}

func (x *WriteReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[103]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use WriteReply.ProtoReflect.Descriptor instead.
func (*WriteReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{103}
}

type ReadRequest struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	Qp             *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	RequestContext uint64                 `protobuf:"varint,2,opt,name=request_context,json=requestContext,proto3" json:"request_context,omitempty"`
	Sgl            []*SGE                 `protobuf:"bytes,3,rep,name=sgl,proto3" json:"sgl,omitempty"`
	RemoteAddress  uint64                 `protobuf:"varint,4,opt,name=remote_address,json=remoteAddress,proto3" json:"remote_address,omitempty"`
	RemoteToken    uint32                 `protobuf:"varint,5,opt,name=remote_token,json=remoteToken,proto3" json:"remote_token,omitempty"`
	Flags          uint32                 `protobuf:"varint,6,opt,name=flags,proto3" json:"flags,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *ReadRequest) Reset() {
	*x = ReadRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[104]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ReadRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ReadRequest) ProtoMessage() {}

func (x *ReadRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[104]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ReadRequest.ProtoReflect.Descriptor instead.
func (*ReadRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{104}
}

func (x *ReadRequest) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

func (x *ReadRequest) GetRequestContext() uint64 {
	if x != nil {
		return x.RequestContext
	}
	return 0
}

func (x *ReadRequest) GetSgl() []*SGE {
	if x != nil {
		return x.Sgl
	}
	return nil
}

func (x *ReadRequest) GetRemoteAddress() uint64 {
	if x != nil {
		return x.RemoteAddress
	}
	return 0
}

func (x *ReadRequest) GetRemoteToken() uint32 {
	if x != nil {
		return x.RemoteToken
	}
	return 0
}

func (x *ReadRequest) GetFlags() uint32 {
	if x != nil {
		return x.Flags
	}
	return 0
}

type ReadReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ReadReply) Reset() {
	*x = ReadReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[105]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ReadReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ReadReply) ProtoMessage() {}

func (x *ReadReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[105]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ReadReply.ProtoReflect.Descriptor instead.
func (*ReadReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{105}
}

type BindRequest struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	Qp             *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	RequestContext uint64                 `protobuf:"varint,2,opt,name=request_context,json=requestContext,proto3" json:"request_context,omitempty"`
	Mr             *Handle                `protobuf:"bytes,3,opt,name=mr,proto3" json:"mr,omitempty"`
	Mw             *Handle                `protobuf:"bytes,4,opt,name=mw,proto3" json:"mw,omitempty"`
	Va             uint64                 `protobuf:"varint,5,opt,name=va,proto3" json:"va,omitempty"`
	Length         uint64                 `protobuf:"varint,6,opt,name=length,proto3" json:"length,omitempty"`
	Flags          uint32                 `protobuf:"varint,7,opt,name=flags,proto3" json:"flags,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *BindRequest) Reset() {
	*x = BindRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[106]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *BindRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*BindRequest) ProtoMessage() {}

func (x *BindRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[106]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use BindRequest.ProtoReflect.Descriptor instead.
func (*BindRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{106}
}

func (x *BindRequest) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

func (x *BindRequest) GetRequestContext() uint64 {
	if x != nil {
		return x.RequestContext
	}
	return 0
}

func (x *BindRequest) GetMr() *Handle {
	if x != nil {
		return x.Mr
	}
	return nil
}

func (x *BindRequest) GetMw() *Handle {
	if x != nil {
		return x.Mw
	}
	return nil
}

func (x *BindRequest) GetVa() uint64 {
	if x != nil {
		return x.Va
	}
	return 0
}

func (x *BindRequest) GetLength() uint64 {
	if x != nil {
		return x.Length
	}
	return 0
}

func (x *BindRequest) GetFlags() uint32 {
	if x != nil {
		return x.Flags
	}
	return 0
}

type BindReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *BindReply) Reset() {
	*x = BindReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[107]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *BindReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*BindReply) ProtoMessage() {}

func (x *BindReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[107]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use BindReply.ProtoReflect.Descriptor instead.
func (*BindReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{107}
}

type FastRegisterRequest struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	Qp             *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	RequestContext uint64                 `protobuf:"varint,2,opt,name=request_context,json=requestContext,proto3" json:"request_context,omitempty"`
	Mr             *Handle                `protobuf:"bytes,3,opt,name=mr,proto3" json:"mr,omitempty"`
	Pages          []uint64               `protobuf:"varint,4,rep,packed,name=pages,proto3" json:"pages,omitempty"` // adapter (logical) page addresses
	Fbo            uint32                 `protobuf:"varint,5,opt,name=fbo,proto3" json:"fbo,omitempty"`
	Length         uint64                 `protobuf:"varint,6,opt,name=length,proto3" json:"length,omitempty"`
	BaseVa         uint64                 `protobuf:"varint,7,opt,name=base_va,json=baseVa,proto3" json:"base_va,omitempty"`
	Flags          uint32                 `protobuf:"varint,8,opt,name=flags,proto3" json:"flags,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *FastRegisterRequest) Reset() {
	*x = FastRegisterRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[108]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *FastRegisterRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*FastRegisterRequest) ProtoMessage() {}

func (x *FastRegisterRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[108]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use FastRegisterRequest.ProtoReflect.Descriptor instead.
func (*FastRegisterRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{108}
}

func (x *FastRegisterRequest) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

func (x *FastRegisterRequest) GetRequestContext() uint64 {
	if x != nil {
		return x.RequestContext
	}
	return 0
}

func (x *FastRegisterRequest) GetMr() *Handle {
	if x != nil {
		return x.Mr
	}
	return nil
}

func (x *FastRegisterRequest) GetPages() []uint64 {
	if x != nil {
		return x.Pages
	}
	return nil
}

func (x *FastRegisterRequest) GetFbo() uint32 {
	if x != nil {
		return x.Fbo
	}
	return 0
}

func (x *FastRegisterRequest) GetLength() uint64 {
	if x != nil {
		return x.Length
	}
	return 0
}

func (x *FastRegisterRequest) GetBaseVa() uint64 {
	if x != nil {
		return x.BaseVa
	}
	return 0
}

func (x *FastRegisterRequest) GetFlags() uint32 {
	if x != nil {
		return x.Flags
	}
	return 0
}

type FastRegisterReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *FastRegisterReply) Reset() {
	*x = FastRegisterReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[109]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *FastRegisterReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*FastRegisterReply) ProtoMessage() {}

func (x *FastRegisterReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[109]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use FastRegisterReply.ProtoReflect.Descriptor instead.
func (*FastRegisterReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{109}
}

type InvalidateRequest struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	Qp             *Handle                `protobuf:"bytes,1,opt,name=qp,proto3" json:"qp,omitempty"`
	RequestContext uint64                 `protobuf:"varint,2,opt,name=request_context,json=requestContext,proto3" json:"request_context,omitempty"`
	MrOrMw         *Handle                `protobuf:"bytes,3,opt,name=mr_or_mw,json=mrOrMw,proto3" json:"mr_or_mw,omitempty"` // an MR or an MW
	Flags          uint32                 `protobuf:"varint,4,opt,name=flags,proto3" json:"flags,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *InvalidateRequest) Reset() {
	*x = InvalidateRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[110]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *InvalidateRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*InvalidateRequest) ProtoMessage() {}

func (x *InvalidateRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[110]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use InvalidateRequest.ProtoReflect.Descriptor instead.
func (*InvalidateRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{110}
}

func (x *InvalidateRequest) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

func (x *InvalidateRequest) GetRequestContext() uint64 {
	if x != nil {
		return x.RequestContext
	}
	return 0
}

func (x *InvalidateRequest) GetMrOrMw() *Handle {
	if x != nil {
		return x.MrOrMw
	}
	return nil
}

func (x *InvalidateRequest) GetFlags() uint32 {
	if x != nil {
		return x.Flags
	}
	return 0
}

type InvalidateReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *InvalidateReply) Reset() {
	*x = InvalidateReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[111]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *InvalidateReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*InvalidateReply) ProtoMessage() {}

func (x *InvalidateReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[111]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use InvalidateReply.ProtoReflect.Descriptor instead.
func (*InvalidateReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{111}
}

type ConnectRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Connector     *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	Params        *ConnectParams         `protobuf:"bytes,2,opt,name=params,proto3" json:"params,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,3,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ConnectRequest) Reset() {
	*x = ConnectRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[112]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ConnectRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ConnectRequest) ProtoMessage() {}

func (x *ConnectRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[112]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ConnectRequest.ProtoReflect.Descriptor instead.
func (*ConnectRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{112}
}

func (x *ConnectRequest) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

func (x *ConnectRequest) GetParams() *ConnectParams {
	if x != nil {
		return x.Params
	}
	return nil
}

func (x *ConnectRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type ConnectReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ConnectReply) Reset() {
	*x = ConnectReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[113]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ConnectReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ConnectReply) ProtoMessage() {}

func (x *ConnectReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[113]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ConnectReply.ProtoReflect.Descriptor instead.
func (*ConnectReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{113}
}

type ConnectWithSharedEndpointRequest struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	Connector      *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	SharedEndpoint *Handle                `protobuf:"bytes,2,opt,name=shared_endpoint,json=sharedEndpoint,proto3" json:"shared_endpoint,omitempty"`
	Params         *ConnectParams         `protobuf:"bytes,3,opt,name=params,proto3" json:"params,omitempty"`
	Done           *CallbackRef           `protobuf:"bytes,4,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *ConnectWithSharedEndpointRequest) Reset() {
	*x = ConnectWithSharedEndpointRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[114]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ConnectWithSharedEndpointRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ConnectWithSharedEndpointRequest) ProtoMessage() {}

func (x *ConnectWithSharedEndpointRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[114]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ConnectWithSharedEndpointRequest.ProtoReflect.Descriptor instead.
func (*ConnectWithSharedEndpointRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{114}
}

func (x *ConnectWithSharedEndpointRequest) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

func (x *ConnectWithSharedEndpointRequest) GetSharedEndpoint() *Handle {
	if x != nil {
		return x.SharedEndpoint
	}
	return nil
}

func (x *ConnectWithSharedEndpointRequest) GetParams() *ConnectParams {
	if x != nil {
		return x.Params
	}
	return nil
}

func (x *ConnectWithSharedEndpointRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type ConnectWithSharedEndpointReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ConnectWithSharedEndpointReply) Reset() {
	*x = ConnectWithSharedEndpointReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[115]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ConnectWithSharedEndpointReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ConnectWithSharedEndpointReply) ProtoMessage() {}

func (x *ConnectWithSharedEndpointReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[115]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ConnectWithSharedEndpointReply.ProtoReflect.Descriptor instead.
func (*ConnectWithSharedEndpointReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{115}
}

type CompleteConnectRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Connector     *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	OnDisconnect  *CallbackRef           `protobuf:"bytes,2,opt,name=on_disconnect,json=onDisconnect,proto3" json:"on_disconnect,omitempty"` // DisconnectEvent callbacks
	Done          *CallbackRef           `protobuf:"bytes,3,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CompleteConnectRequest) Reset() {
	*x = CompleteConnectRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[116]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CompleteConnectRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CompleteConnectRequest) ProtoMessage() {}

func (x *CompleteConnectRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[116]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CompleteConnectRequest.ProtoReflect.Descriptor instead.
func (*CompleteConnectRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{116}
}

func (x *CompleteConnectRequest) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

func (x *CompleteConnectRequest) GetOnDisconnect() *CallbackRef {
	if x != nil {
		return x.OnDisconnect
	}
	return nil
}

func (x *CompleteConnectRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CompleteConnectReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CompleteConnectReply) Reset() {
	*x = CompleteConnectReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[117]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CompleteConnectReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CompleteConnectReply) ProtoMessage() {}

func (x *CompleteConnectReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[117]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CompleteConnectReply.ProtoReflect.Descriptor instead.
func (*CompleteConnectReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{117}
}

type AcceptRequest struct {
	state             protoimpl.MessageState `protogen:"open.v1"`
	Connector         *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	Qp                *Handle                `protobuf:"bytes,2,opt,name=qp,proto3" json:"qp,omitempty"`
	InboundReadLimit  uint32                 `protobuf:"varint,3,opt,name=inbound_read_limit,json=inboundReadLimit,proto3" json:"inbound_read_limit,omitempty"`
	OutboundReadLimit uint32                 `protobuf:"varint,4,opt,name=outbound_read_limit,json=outboundReadLimit,proto3" json:"outbound_read_limit,omitempty"`
	PrivateData       []byte                 `protobuf:"bytes,5,opt,name=private_data,json=privateData,proto3,oneof" json:"private_data,omitempty"`
	OnDisconnect      *CallbackRef           `protobuf:"bytes,6,opt,name=on_disconnect,json=onDisconnect,proto3" json:"on_disconnect,omitempty"` // optional
	Done              *CallbackRef           `protobuf:"bytes,7,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields     protoimpl.UnknownFields
	sizeCache         protoimpl.SizeCache
}

func (x *AcceptRequest) Reset() {
	*x = AcceptRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[118]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *AcceptRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*AcceptRequest) ProtoMessage() {}

func (x *AcceptRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[118]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use AcceptRequest.ProtoReflect.Descriptor instead.
func (*AcceptRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{118}
}

func (x *AcceptRequest) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

func (x *AcceptRequest) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

func (x *AcceptRequest) GetInboundReadLimit() uint32 {
	if x != nil {
		return x.InboundReadLimit
	}
	return 0
}

func (x *AcceptRequest) GetOutboundReadLimit() uint32 {
	if x != nil {
		return x.OutboundReadLimit
	}
	return 0
}

func (x *AcceptRequest) GetPrivateData() []byte {
	if x != nil {
		return x.PrivateData
	}
	return nil
}

func (x *AcceptRequest) GetOnDisconnect() *CallbackRef {
	if x != nil {
		return x.OnDisconnect
	}
	return nil
}

func (x *AcceptRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type AcceptReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *AcceptReply) Reset() {
	*x = AcceptReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[119]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *AcceptReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*AcceptReply) ProtoMessage() {}

func (x *AcceptReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[119]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use AcceptReply.ProtoReflect.Descriptor instead.
func (*AcceptReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{119}
}

// CompleteConnectExRequest is NdkCompleteConnectEx
// (ndk.ConnectorEx.CompleteConnectEx): on_disconnect, optional, receives
// DisconnectEventEx callbacks. Since 1.4.
type CompleteConnectExRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Connector     *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	OnDisconnect  *CallbackRef           `protobuf:"bytes,2,opt,name=on_disconnect,json=onDisconnect,proto3" json:"on_disconnect,omitempty"` // DisconnectEventEx callbacks
	Done          *CallbackRef           `protobuf:"bytes,3,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CompleteConnectExRequest) Reset() {
	*x = CompleteConnectExRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[120]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CompleteConnectExRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CompleteConnectExRequest) ProtoMessage() {}

func (x *CompleteConnectExRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[120]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CompleteConnectExRequest.ProtoReflect.Descriptor instead.
func (*CompleteConnectExRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{120}
}

func (x *CompleteConnectExRequest) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

func (x *CompleteConnectExRequest) GetOnDisconnect() *CallbackRef {
	if x != nil {
		return x.OnDisconnect
	}
	return nil
}

func (x *CompleteConnectExRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type CompleteConnectExReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CompleteConnectExReply) Reset() {
	*x = CompleteConnectExReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[121]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CompleteConnectExReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CompleteConnectExReply) ProtoMessage() {}

func (x *CompleteConnectExReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[121]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CompleteConnectExReply.ProtoReflect.Descriptor instead.
func (*CompleteConnectExReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{121}
}

// AcceptExRequest is NdkAcceptEx (ndk.ConnectorEx.AcceptEx): AcceptRequest
// whose on_disconnect receives DisconnectEventEx callbacks. Since 1.4.
type AcceptExRequest struct {
	state             protoimpl.MessageState `protogen:"open.v1"`
	Connector         *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	Qp                *Handle                `protobuf:"bytes,2,opt,name=qp,proto3" json:"qp,omitempty"`
	InboundReadLimit  uint32                 `protobuf:"varint,3,opt,name=inbound_read_limit,json=inboundReadLimit,proto3" json:"inbound_read_limit,omitempty"`
	OutboundReadLimit uint32                 `protobuf:"varint,4,opt,name=outbound_read_limit,json=outboundReadLimit,proto3" json:"outbound_read_limit,omitempty"`
	PrivateData       []byte                 `protobuf:"bytes,5,opt,name=private_data,json=privateData,proto3,oneof" json:"private_data,omitempty"`
	OnDisconnect      *CallbackRef           `protobuf:"bytes,6,opt,name=on_disconnect,json=onDisconnect,proto3" json:"on_disconnect,omitempty"` // optional
	Done              *CallbackRef           `protobuf:"bytes,7,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields     protoimpl.UnknownFields
	sizeCache         protoimpl.SizeCache
}

func (x *AcceptExRequest) Reset() {
	*x = AcceptExRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[122]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *AcceptExRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*AcceptExRequest) ProtoMessage() {}

func (x *AcceptExRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[122]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use AcceptExRequest.ProtoReflect.Descriptor instead.
func (*AcceptExRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{122}
}

func (x *AcceptExRequest) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

func (x *AcceptExRequest) GetQp() *Handle {
	if x != nil {
		return x.Qp
	}
	return nil
}

func (x *AcceptExRequest) GetInboundReadLimit() uint32 {
	if x != nil {
		return x.InboundReadLimit
	}
	return 0
}

func (x *AcceptExRequest) GetOutboundReadLimit() uint32 {
	if x != nil {
		return x.OutboundReadLimit
	}
	return 0
}

func (x *AcceptExRequest) GetPrivateData() []byte {
	if x != nil {
		return x.PrivateData
	}
	return nil
}

func (x *AcceptExRequest) GetOnDisconnect() *CallbackRef {
	if x != nil {
		return x.OnDisconnect
	}
	return nil
}

func (x *AcceptExRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type AcceptExReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *AcceptExReply) Reset() {
	*x = AcceptExReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[123]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *AcceptExReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*AcceptExReply) ProtoMessage() {}

func (x *AcceptExReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[123]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use AcceptExReply.ProtoReflect.Descriptor instead.
func (*AcceptExReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{123}
}

// RejectRequest is NdkReject: no completion callback.
type RejectRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Connector     *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	PrivateData   []byte                 `protobuf:"bytes,2,opt,name=private_data,json=privateData,proto3,oneof" json:"private_data,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *RejectRequest) Reset() {
	*x = RejectRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[124]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *RejectRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*RejectRequest) ProtoMessage() {}

func (x *RejectRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[124]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use RejectRequest.ProtoReflect.Descriptor instead.
func (*RejectRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{124}
}

func (x *RejectRequest) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

func (x *RejectRequest) GetPrivateData() []byte {
	if x != nil {
		return x.PrivateData
	}
	return nil
}

type RejectReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *RejectReply) Reset() {
	*x = RejectReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[125]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *RejectReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*RejectReply) ProtoMessage() {}

func (x *RejectReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[125]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use RejectReply.ProtoReflect.Descriptor instead.
func (*RejectReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{125}
}

// GetConnectionDataRequest is NdkGetConnectionData with a private data
// buffer of buffer_length bytes; absent: a NULL pPrivateData.
type GetConnectionDataRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Connector     *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	BufferLength  *uint32                `protobuf:"varint,2,opt,name=buffer_length,json=bufferLength,proto3,oneof" json:"buffer_length,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetConnectionDataRequest) Reset() {
	*x = GetConnectionDataRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[126]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetConnectionDataRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetConnectionDataRequest) ProtoMessage() {}

func (x *GetConnectionDataRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[126]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetConnectionDataRequest.ProtoReflect.Descriptor instead.
func (*GetConnectionDataRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{126}
}

func (x *GetConnectionDataRequest) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

func (x *GetConnectionDataRequest) GetBufferLength() uint32 {
	if x != nil && x.BufferLength != nil {
		return *x.BufferLength
	}
	return 0
}

type GetConnectionDataReply struct {
	state             protoimpl.MessageState `protogen:"open.v1"`
	InboundReadLimit  uint32                 `protobuf:"varint,1,opt,name=inbound_read_limit,json=inboundReadLimit,proto3" json:"inbound_read_limit,omitempty"`
	OutboundReadLimit uint32                 `protobuf:"varint,2,opt,name=outbound_read_limit,json=outboundReadLimit,proto3" json:"outbound_read_limit,omitempty"`
	// The required size (ndk.ConnectionData.PrivateDataLength), on every
	// return.
	PrivateDataLength uint32 `protobuf:"varint,3,opt,name=private_data_length,json=privateDataLength,proto3" json:"private_data_length,omitempty"`
	// The bytes the provider copied, min(buffer_length, RDS).
	PrivateData   []byte `protobuf:"bytes,4,opt,name=private_data,json=privateData,proto3" json:"private_data,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetConnectionDataReply) Reset() {
	*x = GetConnectionDataReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[127]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetConnectionDataReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetConnectionDataReply) ProtoMessage() {}

func (x *GetConnectionDataReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[127]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetConnectionDataReply.ProtoReflect.Descriptor instead.
func (*GetConnectionDataReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{127}
}

func (x *GetConnectionDataReply) GetInboundReadLimit() uint32 {
	if x != nil {
		return x.InboundReadLimit
	}
	return 0
}

func (x *GetConnectionDataReply) GetOutboundReadLimit() uint32 {
	if x != nil {
		return x.OutboundReadLimit
	}
	return 0
}

func (x *GetConnectionDataReply) GetPrivateDataLength() uint32 {
	if x != nil {
		return x.PrivateDataLength
	}
	return 0
}

func (x *GetConnectionDataReply) GetPrivateData() []byte {
	if x != nil {
		return x.PrivateData
	}
	return nil
}

type GetLocalAddressRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Connector     *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetLocalAddressRequest) Reset() {
	*x = GetLocalAddressRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[128]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetLocalAddressRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetLocalAddressRequest) ProtoMessage() {}

func (x *GetLocalAddressRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[128]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetLocalAddressRequest.ProtoReflect.Descriptor instead.
func (*GetLocalAddressRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{128}
}

func (x *GetLocalAddressRequest) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

type GetLocalAddressReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Address       *SocketAddress         `protobuf:"bytes,1,opt,name=address,proto3" json:"address,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetLocalAddressReply) Reset() {
	*x = GetLocalAddressReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[129]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetLocalAddressReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetLocalAddressReply) ProtoMessage() {}

func (x *GetLocalAddressReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[129]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetLocalAddressReply.ProtoReflect.Descriptor instead.
func (*GetLocalAddressReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{129}
}

func (x *GetLocalAddressReply) GetAddress() *SocketAddress {
	if x != nil {
		return x.Address
	}
	return nil
}

type GetPeerAddressRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Connector     *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetPeerAddressRequest) Reset() {
	*x = GetPeerAddressRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[130]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetPeerAddressRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetPeerAddressRequest) ProtoMessage() {}

func (x *GetPeerAddressRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[130]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetPeerAddressRequest.ProtoReflect.Descriptor instead.
func (*GetPeerAddressRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{130}
}

func (x *GetPeerAddressRequest) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

type GetPeerAddressReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Address       *SocketAddress         `protobuf:"bytes,1,opt,name=address,proto3" json:"address,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetPeerAddressReply) Reset() {
	*x = GetPeerAddressReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[131]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetPeerAddressReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetPeerAddressReply) ProtoMessage() {}

func (x *GetPeerAddressReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[131]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetPeerAddressReply.ProtoReflect.Descriptor instead.
func (*GetPeerAddressReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{131}
}

func (x *GetPeerAddressReply) GetAddress() *SocketAddress {
	if x != nil {
		return x.Address
	}
	return nil
}

type DisconnectRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Connector     *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,2,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *DisconnectRequest) Reset() {
	*x = DisconnectRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[132]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *DisconnectRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*DisconnectRequest) ProtoMessage() {}

func (x *DisconnectRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[132]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use DisconnectRequest.ProtoReflect.Descriptor instead.
func (*DisconnectRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{132}
}

func (x *DisconnectRequest) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

func (x *DisconnectRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type DisconnectReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *DisconnectReply) Reset() {
	*x = DisconnectReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[133]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *DisconnectReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*DisconnectReply) ProtoMessage() {}

func (x *DisconnectReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[133]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use DisconnectReply.ProtoReflect.Descriptor instead.
func (*DisconnectReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{133}
}

type ListenRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Listener      *Handle                `protobuf:"bytes,1,opt,name=listener,proto3" json:"listener,omitempty"`
	Local         *SocketAddress         `protobuf:"bytes,2,opt,name=local,proto3" json:"local,omitempty"`
	Done          *CallbackRef           `protobuf:"bytes,3,opt,name=done,proto3" json:"done,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ListenRequest) Reset() {
	*x = ListenRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[134]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ListenRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ListenRequest) ProtoMessage() {}

func (x *ListenRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[134]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ListenRequest.ProtoReflect.Descriptor instead.
func (*ListenRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{134}
}

func (x *ListenRequest) GetListener() *Handle {
	if x != nil {
		return x.Listener
	}
	return nil
}

func (x *ListenRequest) GetLocal() *SocketAddress {
	if x != nil {
		return x.Local
	}
	return nil
}

func (x *ListenRequest) GetDone() *CallbackRef {
	if x != nil {
		return x.Done
	}
	return nil
}

type ListenReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ListenReply) Reset() {
	*x = ListenReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[135]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ListenReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ListenReply) ProtoMessage() {}

func (x *ListenReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[135]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ListenReply.ProtoReflect.Descriptor instead.
func (*ListenReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{135}
}

type GetListenerLocalAddressRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Listener      *Handle                `protobuf:"bytes,1,opt,name=listener,proto3" json:"listener,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetListenerLocalAddressRequest) Reset() {
	*x = GetListenerLocalAddressRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[136]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetListenerLocalAddressRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetListenerLocalAddressRequest) ProtoMessage() {}

func (x *GetListenerLocalAddressRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[136]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetListenerLocalAddressRequest.ProtoReflect.Descriptor instead.
func (*GetListenerLocalAddressRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{136}
}

func (x *GetListenerLocalAddressRequest) GetListener() *Handle {
	if x != nil {
		return x.Listener
	}
	return nil
}

type GetListenerLocalAddressReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Address       *SocketAddress         `protobuf:"bytes,1,opt,name=address,proto3" json:"address,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetListenerLocalAddressReply) Reset() {
	*x = GetListenerLocalAddressReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[137]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetListenerLocalAddressReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetListenerLocalAddressReply) ProtoMessage() {}

func (x *GetListenerLocalAddressReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[137]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetListenerLocalAddressReply.ProtoReflect.Descriptor instead.
func (*GetListenerLocalAddressReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{137}
}

func (x *GetListenerLocalAddressReply) GetAddress() *SocketAddress {
	if x != nil {
		return x.Address
	}
	return nil
}

type ControlConnectEventsRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Listener      *Handle                `protobuf:"bytes,1,opt,name=listener,proto3" json:"listener,omitempty"`
	Pause         bool                   `protobuf:"varint,2,opt,name=pause,proto3" json:"pause,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ControlConnectEventsRequest) Reset() {
	*x = ControlConnectEventsRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[138]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ControlConnectEventsRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ControlConnectEventsRequest) ProtoMessage() {}

func (x *ControlConnectEventsRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[138]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ControlConnectEventsRequest.ProtoReflect.Descriptor instead.
func (*ControlConnectEventsRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{138}
}

func (x *ControlConnectEventsRequest) GetListener() *Handle {
	if x != nil {
		return x.Listener
	}
	return nil
}

func (x *ControlConnectEventsRequest) GetPause() bool {
	if x != nil {
		return x.Pause
	}
	return false
}

type ControlConnectEventsReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ControlConnectEventsReply) Reset() {
	*x = ControlConnectEventsReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[139]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ControlConnectEventsReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ControlConnectEventsReply) ProtoMessage() {}

func (x *ControlConnectEventsReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[139]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ControlConnectEventsReply.ProtoReflect.Descriptor instead.
func (*ControlConnectEventsReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{139}
}

type GetSharedEndpointLocalAddressRequest struct {
	state          protoimpl.MessageState `protogen:"open.v1"`
	SharedEndpoint *Handle                `protobuf:"bytes,1,opt,name=shared_endpoint,json=sharedEndpoint,proto3" json:"shared_endpoint,omitempty"`
	unknownFields  protoimpl.UnknownFields
	sizeCache      protoimpl.SizeCache
}

func (x *GetSharedEndpointLocalAddressRequest) Reset() {
	*x = GetSharedEndpointLocalAddressRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[140]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetSharedEndpointLocalAddressRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetSharedEndpointLocalAddressRequest) ProtoMessage() {}

func (x *GetSharedEndpointLocalAddressRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[140]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetSharedEndpointLocalAddressRequest.ProtoReflect.Descriptor instead.
func (*GetSharedEndpointLocalAddressRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{140}
}

func (x *GetSharedEndpointLocalAddressRequest) GetSharedEndpoint() *Handle {
	if x != nil {
		return x.SharedEndpoint
	}
	return nil
}

type GetSharedEndpointLocalAddressReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Address       *SocketAddress         `protobuf:"bytes,1,opt,name=address,proto3" json:"address,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *GetSharedEndpointLocalAddressReply) Reset() {
	*x = GetSharedEndpointLocalAddressReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[141]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *GetSharedEndpointLocalAddressReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*GetSharedEndpointLocalAddressReply) ProtoMessage() {}

func (x *GetSharedEndpointLocalAddressReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[141]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use GetSharedEndpointLocalAddressReply.ProtoReflect.Descriptor instead.
func (*GetSharedEndpointLocalAddressReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{141}
}

func (x *GetSharedEndpointLocalAddressReply) GetAddress() *SocketAddress {
	if x != nil {
		return x.Address
	}
	return nil
}

// AllocateBufferRequest allocates length bytes of page-aligned, zeroed
// agent memory.
type AllocateBufferRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Length        uint64                 `protobuf:"varint,1,opt,name=length,proto3" json:"length,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *AllocateBufferRequest) Reset() {
	*x = AllocateBufferRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[142]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *AllocateBufferRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*AllocateBufferRequest) ProtoMessage() {}

func (x *AllocateBufferRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[142]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use AllocateBufferRequest.ProtoReflect.Descriptor instead.
func (*AllocateBufferRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{142}
}

func (x *AllocateBufferRequest) GetLength() uint64 {
	if x != nil {
		return x.Length
	}
	return 0
}

type AllocateBufferReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Buffer        *Handle                `protobuf:"bytes,1,opt,name=buffer,proto3" json:"buffer,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *AllocateBufferReply) Reset() {
	*x = AllocateBufferReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[143]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *AllocateBufferReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*AllocateBufferReply) ProtoMessage() {}

func (x *AllocateBufferReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[143]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use AllocateBufferReply.ProtoReflect.Descriptor instead.
func (*AllocateBufferReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{143}
}

func (x *AllocateBufferReply) GetBuffer() *Handle {
	if x != nil {
		return x.Buffer
	}
	return nil
}

// FreeBufferRequest frees a buffer; BUSY while an MR registered over it,
// or a LAM built over it, has not been deregistered or released.
type FreeBufferRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Buffer        *Handle                `protobuf:"bytes,1,opt,name=buffer,proto3" json:"buffer,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *FreeBufferRequest) Reset() {
	*x = FreeBufferRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[144]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *FreeBufferRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*FreeBufferRequest) ProtoMessage() {}

func (x *FreeBufferRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[144]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use FreeBufferRequest.ProtoReflect.Descriptor instead.
func (*FreeBufferRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{144}
}

func (x *FreeBufferRequest) GetBuffer() *Handle {
	if x != nil {
		return x.Buffer
	}
	return nil
}

type FreeBufferReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *FreeBufferReply) Reset() {
	*x = FreeBufferReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[145]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *FreeBufferReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*FreeBufferReply) ProtoMessage() {}

func (x *FreeBufferReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[145]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use FreeBufferReply.ProtoReflect.Descriptor instead.
func (*FreeBufferReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{145}
}

// WriteMemoryRequest copies data to [offset, offset+len(data)) of region,
// a BUFFER or a registered MR (offset from the MR's first byte).
type WriteMemoryRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Region        *Handle                `protobuf:"bytes,1,opt,name=region,proto3" json:"region,omitempty"`
	Offset        uint64                 `protobuf:"varint,2,opt,name=offset,proto3" json:"offset,omitempty"`
	Data          []byte                 `protobuf:"bytes,3,opt,name=data,proto3" json:"data,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *WriteMemoryRequest) Reset() {
	*x = WriteMemoryRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[146]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *WriteMemoryRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*WriteMemoryRequest) ProtoMessage() {}

func (x *WriteMemoryRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[146]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use WriteMemoryRequest.ProtoReflect.Descriptor instead.
func (*WriteMemoryRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{146}
}

func (x *WriteMemoryRequest) GetRegion() *Handle {
	if x != nil {
		return x.Region
	}
	return nil
}

func (x *WriteMemoryRequest) GetOffset() uint64 {
	if x != nil {
		return x.Offset
	}
	return 0
}

func (x *WriteMemoryRequest) GetData() []byte {
	if x != nil {
		return x.Data
	}
	return nil
}

type WriteMemoryReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *WriteMemoryReply) Reset() {
	*x = WriteMemoryReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[147]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *WriteMemoryReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*WriteMemoryReply) ProtoMessage() {}

func (x *WriteMemoryReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[147]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use WriteMemoryReply.ProtoReflect.Descriptor instead.
func (*WriteMemoryReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{147}
}

// ReadMemoryRequest reads [offset, offset+length) of region.
type ReadMemoryRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Region        *Handle                `protobuf:"bytes,1,opt,name=region,proto3" json:"region,omitempty"`
	Offset        uint64                 `protobuf:"varint,2,opt,name=offset,proto3" json:"offset,omitempty"`
	Length        uint32                 `protobuf:"varint,3,opt,name=length,proto3" json:"length,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ReadMemoryRequest) Reset() {
	*x = ReadMemoryRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[148]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ReadMemoryRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ReadMemoryRequest) ProtoMessage() {}

func (x *ReadMemoryRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[148]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ReadMemoryRequest.ProtoReflect.Descriptor instead.
func (*ReadMemoryRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{148}
}

func (x *ReadMemoryRequest) GetRegion() *Handle {
	if x != nil {
		return x.Region
	}
	return nil
}

func (x *ReadMemoryRequest) GetOffset() uint64 {
	if x != nil {
		return x.Offset
	}
	return 0
}

func (x *ReadMemoryRequest) GetLength() uint32 {
	if x != nil {
		return x.Length
	}
	return 0
}

type ReadMemoryReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Data          []byte                 `protobuf:"bytes,1,opt,name=data,proto3" json:"data,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ReadMemoryReply) Reset() {
	*x = ReadMemoryReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[149]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ReadMemoryReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ReadMemoryReply) ProtoMessage() {}

func (x *ReadMemoryReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[149]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ReadMemoryReply.ProtoReflect.Descriptor instead.
func (*ReadMemoryReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{149}
}

func (x *ReadMemoryReply) GetData() []byte {
	if x != nil {
		return x.Data
	}
	return nil
}

// QueryAbiFactsRequest asks what a consumer that calls the provider
// through NDKPI's C ABI (ndkt's core) saw of an object's NDK_OBJECT_HEADER
// and dispatch table when the provider handed it over (the create's
// return or completion, the connect event, the adapter open), and, for
// an adapter, of the open's version negotiation. Facts, not verdicts: the
// harness judges them (OH-1, OH-3, OH-4, OH-5, OH-7, OH-8, IF-1). An agent
// whose driver does not reach the provider through the C ABI answers
// NOT_SUPPORTED (Capabilities.abi_reports false); one whose driver does
// but cannot show this object answers STATUS_NOT_SUPPORTED without facts.
// Since 1.5 (the ndkt device); served by the Go agent since 1.6.
type QueryAbiFactsRequest struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Object        *Handle                `protobuf:"bytes,1,opt,name=object,proto3" json:"object,omitempty"` // an adapter or a provider object
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *QueryAbiFactsRequest) Reset() {
	*x = QueryAbiFactsRequest{}
	mi := &file_agent_v1_agent_proto_msgTypes[150]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *QueryAbiFactsRequest) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*QueryAbiFactsRequest) ProtoMessage() {}

func (x *QueryAbiFactsRequest) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[150]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use QueryAbiFactsRequest.ProtoReflect.Descriptor instead.
func (*QueryAbiFactsRequest) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{150}
}

func (x *QueryAbiFactsRequest) GetObject() *Handle {
	if x != nil {
		return x.Object
	}
	return nil
}

type QueryAbiFactsReply struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Facts         *AbiFacts              `protobuf:"bytes,1,opt,name=facts,proto3" json:"facts,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *QueryAbiFactsReply) Reset() {
	*x = QueryAbiFactsReply{}
	mi := &file_agent_v1_agent_proto_msgTypes[151]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *QueryAbiFactsReply) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*QueryAbiFactsReply) ProtoMessage() {}

func (x *QueryAbiFactsReply) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[151]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use QueryAbiFactsReply.ProtoReflect.Descriptor instead.
func (*QueryAbiFactsReply) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{151}
}

func (x *QueryAbiFactsReply) GetFacts() *AbiFacts {
	if x != nil {
		return x.Facts
	}
	return nil
}

// AbiFacts is what QueryAbiFacts answers.
type AbiFacts struct {
	state protoimpl.MessageState `protogen:"open.v1"`
	// Header.ObjectType and Header.Version at the hand-over.
	HeaderObjectType uint32   `protobuf:"varint,1,opt,name=header_object_type,json=headerObjectType,proto3" json:"header_object_type,omitempty"`
	HeaderVersion    *Version `protobuf:"bytes,2,opt,name=header_version,json=headerVersion,proto3" json:"header_version,omitempty"`
	// Header.NdkReserved was not all zero.
	ReservedNonzero bool `protobuf:"varint,3,opt,name=reserved_nonzero,json=reservedNonzero,proto3" json:"reserved_nonzero,omitempty"`
	// Dispatch was NULL.
	DispatchNull bool `protobuf:"varint,4,opt,name=dispatch_null,json=dispatchNull,proto3" json:"dispatch_null,omitempty"`
	// Bit i: the i-th member of the object's dispatch table (NDKPI's
	// declaration order) was NULL; n_entries: the table's members.
	NullEntries uint32 `protobuf:"varint,5,opt,name=null_entries,json=nullEntries,proto3" json:"null_entries,omitempty"`
	NEntries    uint32 `protobuf:"varint,6,opt,name=n_entries,json=nEntries,proto3" json:"n_entries,omitempty"`
	// The consumer replaced Dispatch by its own copy of the table at the
	// hand-over (a consumer may: OH-2), and saw it changed back this many
	// times after a call on the object.
	DispatchReplaced bool   `protobuf:"varint,7,opt,name=dispatch_replaced,json=dispatchReplaced,proto3" json:"dispatch_replaced,omitempty"`
	DispatchRewrites uint32 `protobuf:"varint,8,opt,name=dispatch_rewrites,json=dispatchRewrites,proto3" json:"dispatch_rewrites,omitempty"`
	// An adapter: the version the open that succeeded asked, what
	// NDK_ADAPTER_INFO reported (has_info: NdkQueryAdapterInfo succeeded),
	// and two probe opens, each closed at once if it succeeded: a minor
	// above the reported version and the next major; their status and the
	// version their adapter reported (zero when refused).
	Requested        *Version `protobuf:"bytes,9,opt,name=requested,proto3" json:"requested,omitempty"`
	HasInfo          bool     `protobuf:"varint,10,opt,name=has_info,json=hasInfo,proto3" json:"has_info,omitempty"`
	InfoVersion      *Version `protobuf:"bytes,11,opt,name=info_version,json=infoVersion,proto3" json:"info_version,omitempty"`
	ProbeMinor       *Version `protobuf:"bytes,12,opt,name=probe_minor,json=probeMinor,proto3" json:"probe_minor,omitempty"`
	ProbeMinorStatus uint32   `protobuf:"varint,13,opt,name=probe_minor_status,json=probeMinorStatus,proto3" json:"probe_minor_status,omitempty"`
	ProbeMinorGot    *Version `protobuf:"bytes,14,opt,name=probe_minor_got,json=probeMinorGot,proto3" json:"probe_minor_got,omitempty"`
	ProbeMajor       *Version `protobuf:"bytes,15,opt,name=probe_major,json=probeMajor,proto3" json:"probe_major,omitempty"`
	ProbeMajorStatus uint32   `protobuf:"varint,16,opt,name=probe_major_status,json=probeMajorStatus,proto3" json:"probe_major_status,omitempty"`
	ProbeMajorGot    *Version `protobuf:"bytes,17,opt,name=probe_major_got,json=probeMajorGot,proto3" json:"probe_major_got,omitempty"`
	// The session's callbacks made above DISPATCH_LEVEL (which the
	// consumer never saw: nothing can be published there), and the IRQL of
	// the last one.
	HighIrqlCallbacks uint64 `protobuf:"varint,18,opt,name=high_irql_callbacks,json=highIrqlCallbacks,proto3" json:"high_irql_callbacks,omitempty"`
	HighIrqlLast      uint32 `protobuf:"varint,19,opt,name=high_irql_last,json=highIrqlLast,proto3" json:"high_irql_last,omitempty"`
	// Buffer-size probes (CN-18; AI-5, AI-9; protocol 1.7): after the first
	// success of a call that takes a buffer and its size on this object
	// (NdkQueryAdapterInfo at the adapter's open; NdkGetLocalAddress,
	// NdkGetPeerAddress, NdkGetListenerLocalAddress,
	// NdkGetSharedEndpointLocalAddress), the consumer calls it again with 0
	// bytes, with the size a too-small answer asked for, and with one byte
	// less than it wrote. size_probes: the answers judged; size_failures:
	// those that broke the contract (STATUS_SUCCESS with a length of 0 or
	// above the bytes offered; STATUS_BUFFER_TOO_SMALL with a length not
	// above them; the size asked for refused again; a byte written past the
	// bytes offered; NdkQueryAdapterInfo, given more room than it asked for,
	// a success with another length). The first breach: size_call (1
	// NdkQueryAdapterInfo, 2 NdkGetLocalAddress, 3 NdkGetPeerAddress, 4
	// NdkGetListenerLocalAddress, 5 NdkGetSharedEndpointLocalAddress),
	// size_what (1..5 in the order above), the bytes offered, the status
	// and the length the call returned. An agent of protocol 1.6 sends no
	// probe: size_probes 0.
	SizeProbes    uint32 `protobuf:"varint,20,opt,name=size_probes,json=sizeProbes,proto3" json:"size_probes,omitempty"`
	SizeFailures  uint32 `protobuf:"varint,21,opt,name=size_failures,json=sizeFailures,proto3" json:"size_failures,omitempty"`
	SizeCall      uint32 `protobuf:"varint,22,opt,name=size_call,json=sizeCall,proto3" json:"size_call,omitempty"`
	SizeWhat      uint32 `protobuf:"varint,23,opt,name=size_what,json=sizeWhat,proto3" json:"size_what,omitempty"`
	SizeOffered   uint32 `protobuf:"varint,24,opt,name=size_offered,json=sizeOffered,proto3" json:"size_offered,omitempty"`
	SizeStatus    uint32 `protobuf:"varint,25,opt,name=size_status,json=sizeStatus,proto3" json:"size_status,omitempty"`
	SizeReturned  uint32 `protobuf:"varint,26,opt,name=size_returned,json=sizeReturned,proto3" json:"size_returned,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *AbiFacts) Reset() {
	*x = AbiFacts{}
	mi := &file_agent_v1_agent_proto_msgTypes[152]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *AbiFacts) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*AbiFacts) ProtoMessage() {}

func (x *AbiFacts) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[152]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use AbiFacts.ProtoReflect.Descriptor instead.
func (*AbiFacts) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{152}
}

func (x *AbiFacts) GetHeaderObjectType() uint32 {
	if x != nil {
		return x.HeaderObjectType
	}
	return 0
}

func (x *AbiFacts) GetHeaderVersion() *Version {
	if x != nil {
		return x.HeaderVersion
	}
	return nil
}

func (x *AbiFacts) GetReservedNonzero() bool {
	if x != nil {
		return x.ReservedNonzero
	}
	return false
}

func (x *AbiFacts) GetDispatchNull() bool {
	if x != nil {
		return x.DispatchNull
	}
	return false
}

func (x *AbiFacts) GetNullEntries() uint32 {
	if x != nil {
		return x.NullEntries
	}
	return 0
}

func (x *AbiFacts) GetNEntries() uint32 {
	if x != nil {
		return x.NEntries
	}
	return 0
}

func (x *AbiFacts) GetDispatchReplaced() bool {
	if x != nil {
		return x.DispatchReplaced
	}
	return false
}

func (x *AbiFacts) GetDispatchRewrites() uint32 {
	if x != nil {
		return x.DispatchRewrites
	}
	return 0
}

func (x *AbiFacts) GetRequested() *Version {
	if x != nil {
		return x.Requested
	}
	return nil
}

func (x *AbiFacts) GetHasInfo() bool {
	if x != nil {
		return x.HasInfo
	}
	return false
}

func (x *AbiFacts) GetInfoVersion() *Version {
	if x != nil {
		return x.InfoVersion
	}
	return nil
}

func (x *AbiFacts) GetProbeMinor() *Version {
	if x != nil {
		return x.ProbeMinor
	}
	return nil
}

func (x *AbiFacts) GetProbeMinorStatus() uint32 {
	if x != nil {
		return x.ProbeMinorStatus
	}
	return 0
}

func (x *AbiFacts) GetProbeMinorGot() *Version {
	if x != nil {
		return x.ProbeMinorGot
	}
	return nil
}

func (x *AbiFacts) GetProbeMajor() *Version {
	if x != nil {
		return x.ProbeMajor
	}
	return nil
}

func (x *AbiFacts) GetProbeMajorStatus() uint32 {
	if x != nil {
		return x.ProbeMajorStatus
	}
	return 0
}

func (x *AbiFacts) GetProbeMajorGot() *Version {
	if x != nil {
		return x.ProbeMajorGot
	}
	return nil
}

func (x *AbiFacts) GetHighIrqlCallbacks() uint64 {
	if x != nil {
		return x.HighIrqlCallbacks
	}
	return 0
}

func (x *AbiFacts) GetHighIrqlLast() uint32 {
	if x != nil {
		return x.HighIrqlLast
	}
	return 0
}

func (x *AbiFacts) GetSizeProbes() uint32 {
	if x != nil {
		return x.SizeProbes
	}
	return 0
}

func (x *AbiFacts) GetSizeFailures() uint32 {
	if x != nil {
		return x.SizeFailures
	}
	return 0
}

func (x *AbiFacts) GetSizeCall() uint32 {
	if x != nil {
		return x.SizeCall
	}
	return 0
}

func (x *AbiFacts) GetSizeWhat() uint32 {
	if x != nil {
		return x.SizeWhat
	}
	return 0
}

func (x *AbiFacts) GetSizeOffered() uint32 {
	if x != nil {
		return x.SizeOffered
	}
	return 0
}

func (x *AbiFacts) GetSizeStatus() uint32 {
	if x != nil {
		return x.SizeStatus
	}
	return 0
}

func (x *AbiFacts) GetSizeReturned() uint32 {
	if x != nil {
		return x.SizeReturned
	}
	return 0
}

// Callback is a consumer callback the provider called. The provider's
// thread is held until the CallbackReturn with its callback_id.
type Callback struct {
	state protoimpl.MessageState `protogen:"open.v1"`
	// Chosen by the agent, unique in the session.
	CallbackId uint64 `protobuf:"varint,1,opt,name=callback_id,json=callbackId,proto3" json:"callback_id,omitempty"`
	// The context of the CallbackRef the callback was registered with.
	Context uint64 `protobuf:"varint,2,opt,name=context,proto3" json:"context,omitempty"`
	// Types that are valid to be assigned to Event:
	//
	//	*Callback_CreateCompletion
	//	*Callback_RequestCompletion
	//	*Callback_CloseCompletion
	//	*Callback_ConnectEvent
	//	*Callback_DisconnectEvent
	//	*Callback_CqNotification
	//	*Callback_SrqNotification
	//	*Callback_DisconnectEventEx
	Event isCallback_Event `protobuf_oneof:"event"`
	// With Capabilities.abi_reports (since 1.6): the callbacks the agent's
	// driver saw come through NDKPI's C ABI since the previous Callback of
	// the session (ndk.ABIReporter.CallbackIRQLs, taken before this one is
	// sent), oldest first: each one's NDKPI name, the IRQL the provider
	// called it at, and whether the consumer's side held it (released it to
	// a thread of its own) because that IRQL was DISPATCH_LEVEL.
	AbiCallbacks  []*CallbackIrql `protobuf:"bytes,4,rep,name=abi_callbacks,json=abiCallbacks,proto3" json:"abi_callbacks,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *Callback) Reset() {
	*x = Callback{}
	mi := &file_agent_v1_agent_proto_msgTypes[153]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *Callback) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*Callback) ProtoMessage() {}

func (x *Callback) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[153]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use Callback.ProtoReflect.Descriptor instead.
func (*Callback) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{153}
}

func (x *Callback) GetCallbackId() uint64 {
	if x != nil {
		return x.CallbackId
	}
	return 0
}

func (x *Callback) GetContext() uint64 {
	if x != nil {
		return x.Context
	}
	return 0
}

func (x *Callback) GetEvent() isCallback_Event {
	if x != nil {
		return x.Event
	}
	return nil
}

func (x *Callback) GetCreateCompletion() *CreateCompletion {
	if x != nil {
		if x, ok := x.Event.(*Callback_CreateCompletion); ok {
			return x.CreateCompletion
		}
	}
	return nil
}

func (x *Callback) GetRequestCompletion() *RequestCompletion {
	if x != nil {
		if x, ok := x.Event.(*Callback_RequestCompletion); ok {
			return x.RequestCompletion
		}
	}
	return nil
}

func (x *Callback) GetCloseCompletion() *CloseCompletion {
	if x != nil {
		if x, ok := x.Event.(*Callback_CloseCompletion); ok {
			return x.CloseCompletion
		}
	}
	return nil
}

func (x *Callback) GetConnectEvent() *ConnectEvent {
	if x != nil {
		if x, ok := x.Event.(*Callback_ConnectEvent); ok {
			return x.ConnectEvent
		}
	}
	return nil
}

func (x *Callback) GetDisconnectEvent() *DisconnectEvent {
	if x != nil {
		if x, ok := x.Event.(*Callback_DisconnectEvent); ok {
			return x.DisconnectEvent
		}
	}
	return nil
}

func (x *Callback) GetCqNotification() *CqNotification {
	if x != nil {
		if x, ok := x.Event.(*Callback_CqNotification); ok {
			return x.CqNotification
		}
	}
	return nil
}

func (x *Callback) GetSrqNotification() *SrqNotification {
	if x != nil {
		if x, ok := x.Event.(*Callback_SrqNotification); ok {
			return x.SrqNotification
		}
	}
	return nil
}

func (x *Callback) GetDisconnectEventEx() *DisconnectEventEx {
	if x != nil {
		if x, ok := x.Event.(*Callback_DisconnectEventEx); ok {
			return x.DisconnectEventEx
		}
	}
	return nil
}

func (x *Callback) GetAbiCallbacks() []*CallbackIrql {
	if x != nil {
		return x.AbiCallbacks
	}
	return nil
}

type isCallback_Event interface {
	isCallback_Event()
}

type Callback_CreateCompletion struct {
	CreateCompletion *CreateCompletion `protobuf:"bytes,10,opt,name=create_completion,json=createCompletion,proto3,oneof"`
}

type Callback_RequestCompletion struct {
	RequestCompletion *RequestCompletion `protobuf:"bytes,11,opt,name=request_completion,json=requestCompletion,proto3,oneof"`
}

type Callback_CloseCompletion struct {
	CloseCompletion *CloseCompletion `protobuf:"bytes,12,opt,name=close_completion,json=closeCompletion,proto3,oneof"`
}

type Callback_ConnectEvent struct {
	ConnectEvent *ConnectEvent `protobuf:"bytes,13,opt,name=connect_event,json=connectEvent,proto3,oneof"`
}

type Callback_DisconnectEvent struct {
	DisconnectEvent *DisconnectEvent `protobuf:"bytes,14,opt,name=disconnect_event,json=disconnectEvent,proto3,oneof"`
}

type Callback_CqNotification struct {
	CqNotification *CqNotification `protobuf:"bytes,15,opt,name=cq_notification,json=cqNotification,proto3,oneof"`
}

type Callback_SrqNotification struct {
	SrqNotification *SrqNotification `protobuf:"bytes,16,opt,name=srq_notification,json=srqNotification,proto3,oneof"`
}

type Callback_DisconnectEventEx struct {
	// since 1.4
	DisconnectEventEx *DisconnectEventEx `protobuf:"bytes,17,opt,name=disconnect_event_ex,json=disconnectEventEx,proto3,oneof"`
}

func (*Callback_CreateCompletion) isCallback_Event() {}

func (*Callback_RequestCompletion) isCallback_Event() {}

func (*Callback_CloseCompletion) isCallback_Event() {}

func (*Callback_ConnectEvent) isCallback_Event() {}

func (*Callback_DisconnectEvent) isCallback_Event() {}

func (*Callback_CqNotification) isCallback_Event() {}

func (*Callback_SrqNotification) isCallback_Event() {}

func (*Callback_DisconnectEventEx) isCallback_Event() {}

// CallbackIrql is ndk.CallbackIRQL: one callback as the C ABI showed it.
type CallbackIrql struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Callback      string                 `protobuf:"bytes,1,opt,name=callback,proto3" json:"callback,omitempty"` // NDKPI's name, e.g. "NdkRequestCompletion"
	Irql          uint32                 `protobuf:"varint,2,opt,name=irql,proto3" json:"irql,omitempty"`
	Held          bool                   `protobuf:"varint,3,opt,name=held,proto3" json:"held,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CallbackIrql) Reset() {
	*x = CallbackIrql{}
	mi := &file_agent_v1_agent_proto_msgTypes[154]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CallbackIrql) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CallbackIrql) ProtoMessage() {}

func (x *CallbackIrql) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[154]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CallbackIrql.ProtoReflect.Descriptor instead.
func (*CallbackIrql) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{154}
}

func (x *CallbackIrql) GetCallback() string {
	if x != nil {
		return x.Callback
	}
	return ""
}

func (x *CallbackIrql) GetIrql() uint32 {
	if x != nil {
		return x.Irql
	}
	return 0
}

func (x *CallbackIrql) GetHeld() bool {
	if x != nil {
		return x.Held
	}
	return false
}

// CallbackReturn acks a Callback: the consumer callback returned.
type CallbackReturn struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	CallbackId    uint64                 `protobuf:"varint,1,opt,name=callback_id,json=callbackId,proto3" json:"callback_id,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CallbackReturn) Reset() {
	*x = CallbackReturn{}
	mi := &file_agent_v1_agent_proto_msgTypes[155]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CallbackReturn) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CallbackReturn) ProtoMessage() {}

func (x *CallbackReturn) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[155]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CallbackReturn.ProtoReflect.Descriptor instead.
func (*CallbackReturn) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{155}
}

func (x *CallbackReturn) GetCallbackId() uint64 {
	if x != nil {
		return x.CallbackId
	}
	return 0
}

// CreateCompletion is NDK_FN_CREATE_COMPLETION (ndk.CreateCompletion).
type CreateCompletion struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Status        uint32                 `protobuf:"varint,1,opt,name=status,proto3" json:"status,omitempty"`
	Object        *Handle                `protobuf:"bytes,2,opt,name=object,proto3" json:"object,omitempty"` // set with STATUS_SUCCESS
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CreateCompletion) Reset() {
	*x = CreateCompletion{}
	mi := &file_agent_v1_agent_proto_msgTypes[156]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CreateCompletion) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CreateCompletion) ProtoMessage() {}

func (x *CreateCompletion) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[156]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CreateCompletion.ProtoReflect.Descriptor instead.
func (*CreateCompletion) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{156}
}

func (x *CreateCompletion) GetStatus() uint32 {
	if x != nil {
		return x.Status
	}
	return 0
}

func (x *CreateCompletion) GetObject() *Handle {
	if x != nil {
		return x.Object
	}
	return nil
}

// RequestCompletion is NDK_FN_REQUEST_COMPLETION (ndk.RequestCompletion).
type RequestCompletion struct {
	state  protoimpl.MessageState `protogen:"open.v1"`
	Status uint32                 `protobuf:"varint,1,opt,name=status,proto3" json:"status,omitempty"`
	// For a BuildLam, what the provider wrote into the LAM.
	LamOutput     *LamOutput `protobuf:"bytes,2,opt,name=lam_output,json=lamOutput,proto3" json:"lam_output,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *RequestCompletion) Reset() {
	*x = RequestCompletion{}
	mi := &file_agent_v1_agent_proto_msgTypes[157]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *RequestCompletion) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*RequestCompletion) ProtoMessage() {}

func (x *RequestCompletion) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[157]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use RequestCompletion.ProtoReflect.Descriptor instead.
func (*RequestCompletion) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{157}
}

func (x *RequestCompletion) GetStatus() uint32 {
	if x != nil {
		return x.Status
	}
	return 0
}

func (x *RequestCompletion) GetLamOutput() *LamOutput {
	if x != nil {
		return x.LamOutput
	}
	return nil
}

// CloseCompletion is NDK_FN_CLOSE_COMPLETION (ndk.CloseCompletion): the
// object's last callback; the agent forgets the object once it returns.
type CloseCompletion struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Object        *Handle                `protobuf:"bytes,1,opt,name=object,proto3" json:"object,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CloseCompletion) Reset() {
	*x = CloseCompletion{}
	mi := &file_agent_v1_agent_proto_msgTypes[158]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CloseCompletion) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CloseCompletion) ProtoMessage() {}

func (x *CloseCompletion) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[158]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CloseCompletion.ProtoReflect.Descriptor instead.
func (*CloseCompletion) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{158}
}

func (x *CloseCompletion) GetObject() *Handle {
	if x != nil {
		return x.Object
	}
	return nil
}

// ConnectEvent is NDK_FN_CONNECT_EVENT_CALLBACK
// (ndk.ConnectEventCallback): a new connector for an incoming connection.
type ConnectEvent struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Listener      *Handle                `protobuf:"bytes,1,opt,name=listener,proto3" json:"listener,omitempty"`
	Connector     *Handle                `protobuf:"bytes,2,opt,name=connector,proto3" json:"connector,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ConnectEvent) Reset() {
	*x = ConnectEvent{}
	mi := &file_agent_v1_agent_proto_msgTypes[159]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ConnectEvent) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ConnectEvent) ProtoMessage() {}

func (x *ConnectEvent) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[159]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ConnectEvent.ProtoReflect.Descriptor instead.
func (*ConnectEvent) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{159}
}

func (x *ConnectEvent) GetListener() *Handle {
	if x != nil {
		return x.Listener
	}
	return nil
}

func (x *ConnectEvent) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

// DisconnectEvent is NDK_FN_DISCONNECT_EVENT_CALLBACK
// (ndk.DisconnectEventCallback).
type DisconnectEvent struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Connector     *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *DisconnectEvent) Reset() {
	*x = DisconnectEvent{}
	mi := &file_agent_v1_agent_proto_msgTypes[160]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *DisconnectEvent) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*DisconnectEvent) ProtoMessage() {}

func (x *DisconnectEvent) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[160]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use DisconnectEvent.ProtoReflect.Descriptor instead.
func (*DisconnectEvent) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{160}
}

func (x *DisconnectEvent) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

// DisconnectEventEx is NDK_FN_DISCONNECT_EVENT_CALLBACK_EX
// (ndk.DisconnectEventCallbackEx), registered with CompleteConnectEx or
// AcceptEx. Since 1.4.
type DisconnectEventEx struct {
	state     protoimpl.MessageState `protogen:"open.v1"`
	Connector *Handle                `protobuf:"bytes,1,opt,name=connector,proto3" json:"connector,omitempty"`
	// ProviderDisconnectReason: the provider's code, 0 for none.
	ProviderDisconnectReason uint32 `protobuf:"varint,2,opt,name=provider_disconnect_reason,json=providerDisconnectReason,proto3" json:"provider_disconnect_reason,omitempty"`
	unknownFields            protoimpl.UnknownFields
	sizeCache                protoimpl.SizeCache
}

func (x *DisconnectEventEx) Reset() {
	*x = DisconnectEventEx{}
	mi := &file_agent_v1_agent_proto_msgTypes[161]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *DisconnectEventEx) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*DisconnectEventEx) ProtoMessage() {}

func (x *DisconnectEventEx) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[161]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use DisconnectEventEx.ProtoReflect.Descriptor instead.
func (*DisconnectEventEx) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{161}
}

func (x *DisconnectEventEx) GetConnector() *Handle {
	if x != nil {
		return x.Connector
	}
	return nil
}

func (x *DisconnectEventEx) GetProviderDisconnectReason() uint32 {
	if x != nil {
		return x.ProviderDisconnectReason
	}
	return 0
}

// CqNotification is NDK_FN_CQ_NOTIFICATION_CALLBACK
// (ndk.CQNotificationCallback).
type CqNotification struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Cq            *Handle                `protobuf:"bytes,1,opt,name=cq,proto3" json:"cq,omitempty"`
	CqStatus      uint32                 `protobuf:"varint,2,opt,name=cq_status,json=cqStatus,proto3" json:"cq_status,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *CqNotification) Reset() {
	*x = CqNotification{}
	mi := &file_agent_v1_agent_proto_msgTypes[162]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *CqNotification) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*CqNotification) ProtoMessage() {}

func (x *CqNotification) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[162]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use CqNotification.ProtoReflect.Descriptor instead.
func (*CqNotification) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{162}
}

func (x *CqNotification) GetCq() *Handle {
	if x != nil {
		return x.Cq
	}
	return nil
}

func (x *CqNotification) GetCqStatus() uint32 {
	if x != nil {
		return x.CqStatus
	}
	return 0
}

// SrqNotification is NDK_FN_SRQ_NOTIFICATION_CALLBACK
// (ndk.SRQNotificationCallback).
type SrqNotification struct {
	state         protoimpl.MessageState `protogen:"open.v1"`
	Srq           *Handle                `protobuf:"bytes,1,opt,name=srq,proto3" json:"srq,omitempty"`
	SrqStatus     uint32                 `protobuf:"varint,2,opt,name=srq_status,json=srqStatus,proto3" json:"srq_status,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *SrqNotification) Reset() {
	*x = SrqNotification{}
	mi := &file_agent_v1_agent_proto_msgTypes[163]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *SrqNotification) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*SrqNotification) ProtoMessage() {}

func (x *SrqNotification) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[163]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use SrqNotification.ProtoReflect.Descriptor instead.
func (*SrqNotification) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{163}
}

func (x *SrqNotification) GetSrq() *Handle {
	if x != nil {
		return x.Srq
	}
	return nil
}

func (x *SrqNotification) GetSrqStatus() uint32 {
	if x != nil {
		return x.SrqStatus
	}
	return 0
}

type ProtocolError struct {
	state protoimpl.MessageState `protogen:"open.v1"`
	Code  ProtocolErrorCode      `protobuf:"varint,1,opt,name=code,proto3,enum=ndkconform.agent.v1.ProtocolErrorCode" json:"code,omitempty"`
	// Human-readable: what was refused and why.
	Message string `protobuf:"bytes,2,opt,name=message,proto3" json:"message,omitempty"`
	// The correlation id the error is about (a call_id or callback_id), 0
	// if none.
	CorrelationId uint64 `protobuf:"varint,3,opt,name=correlation_id,json=correlationId,proto3" json:"correlation_id,omitempty"`
	unknownFields protoimpl.UnknownFields
	sizeCache     protoimpl.SizeCache
}

func (x *ProtocolError) Reset() {
	*x = ProtocolError{}
	mi := &file_agent_v1_agent_proto_msgTypes[164]
	ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
	ms.StoreMessageInfo(mi)
}

func (x *ProtocolError) String() string {
	return protoimpl.X.MessageStringOf(x)
}

func (*ProtocolError) ProtoMessage() {}

func (x *ProtocolError) ProtoReflect() protoreflect.Message {
	mi := &file_agent_v1_agent_proto_msgTypes[164]
	if x != nil {
		ms := protoimpl.X.MessageStateOf(protoimpl.Pointer(x))
		if ms.LoadMessageInfo() == nil {
			ms.StoreMessageInfo(mi)
		}
		return ms
	}
	return mi.MessageOf(x)
}

// Deprecated: Use ProtocolError.ProtoReflect.Descriptor instead.
func (*ProtocolError) Descriptor() ([]byte, []int) {
	return file_agent_v1_agent_proto_rawDescGZIP(), []int{164}
}

func (x *ProtocolError) GetCode() ProtocolErrorCode {
	if x != nil {
		return x.Code
	}
	return ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNSPECIFIED
}

func (x *ProtocolError) GetMessage() string {
	if x != nil {
		return x.Message
	}
	return ""
}

func (x *ProtocolError) GetCorrelationId() uint64 {
	if x != nil {
		return x.CorrelationId
	}
	return 0
}

var File_agent_v1_agent_proto protoreflect.FileDescriptor

const file_agent_v1_agent_proto_rawDesc = "" +
	"\n" +
	"\x14agent/v1/agent.proto\x12\x13ndkconform.agent.v1\"\xcb\x01\n" +
	"\rClientMessage\x122\n" +
	"\x05hello\x18\x01 \x01(\v2\x1a.ndkconform.agent.v1.HelloH\x00R\x05hello\x12/\n" +
	"\x04call\x18\x02 \x01(\v2\x19.ndkconform.agent.v1.CallH\x00R\x04call\x12N\n" +
	"\x0fcallback_return\x18\x03 \x01(\v2#.ndkconform.agent.v1.CallbackReturnH\x00R\x0ecallbackReturnB\x05\n" +
	"\x03msg\"\x9e\x02\n" +
	"\rServerMessage\x128\n" +
	"\awelcome\x18\x01 \x01(\v2\x1c.ndkconform.agent.v1.WelcomeH\x00R\awelcome\x12B\n" +
	"\vcall_return\x18\x02 \x01(\v2\x1f.ndkconform.agent.v1.CallReturnH\x00R\n" +
	"callReturn\x12;\n" +
	"\bcallback\x18\x03 \x01(\v2\x1d.ndkconform.agent.v1.CallbackH\x00R\bcallback\x12K\n" +
	"\x0eprotocol_error\x18\x04 \x01(\v2\".ndkconform.agent.v1.ProtocolErrorH\x00R\rprotocolErrorB\x05\n" +
	"\x03msg\"=\n" +
	"\x0fProtocolVersion\x12\x14\n" +
	"\x05major\x18\x01 \x01(\rR\x05major\x12\x14\n" +
	"\x05minor\x18\x02 \x01(\rR\x05minor\"\xad\x02\n" +
	"\x05Hello\x12O\n" +
	"\x10protocol_version\x18\x01 \x01(\v2$.ndkconform.agent.v1.ProtocolVersionR\x0fprotocolVersion\x12\x14\n" +
	"\x05token\x18\x02 \x01(\tR\x05token\x12%\n" +
	"\x0eclient_version\x18\x03 \x01(\tR\rclientVersion\x12T\n" +
	"\x0edriver_options\x18\x04 \x03(\v2-.ndkconform.agent.v1.Hello.DriverOptionsEntryR\rdriverOptions\x1a@\n" +
	"\x12DriverOptionsEntry\x12\x10\n" +
	"\x03key\x18\x01 \x01(\tR\x03key\x12\x14\n" +
	"\x05value\x18\x02 \x01(\tR\x05value:\x028\x01\"P\n" +
	"\aWelcome\x12E\n" +
	"\fcapabilities\x18\x01 \x01(\v2!.ndkconform.agent.v1.CapabilitiesR\fcapabilities\"\x90\a\n" +
	"\fCapabilities\x12O\n" +
	"\x10protocol_version\x18\x01 \x01(\v2$.ndkconform.agent.v1.ProtocolVersionR\x0fprotocolVersion\x12#\n" +
	"\ragent_version\x18\x02 \x01(\tR\fagentVersion\x12\x16\n" +
	"\x06driver\x18\x03 \x01(\tR\x06driver\x12H\n" +
	"\x0edriver_options\x18\x04 \x03(\v2!.ndkconform.agent.v1.DriverOptionR\rdriverOptions\x12=\n" +
	"\vndk_version\x18\x05 \x01(\v2\x1c.ndkconform.agent.v1.VersionR\n" +
	"ndkVersion\x124\n" +
	"\x06side_a\x18\x06 \x01(\v2\x1d.ndkconform.agent.v1.SideInfoR\x05sideA\x124\n" +
	"\x06side_b\x18\a \x01(\v2\x1d.ndkconform.agent.v1.SideInfoR\x05sideB\x12'\n" +
	"\x0ffault_injection\x18\b \x01(\bR\x0efaultInjection\x12+\n" +
	"\x11declares_timeouts\x18\t \x01(\bR\x10declaresTimeouts\x12k\n" +
	"\x14declared_timeouts_ns\x18\n" +
	" \x03(\v29.ndkconform.agent.v1.Capabilities.DeclaredTimeoutsNsEntryR\x12declaredTimeoutsNs\x12'\n" +
	"\x0fconcurrent_runs\x18\v \x01(\rR\x0econcurrentRuns\x12(\n" +
	"\x10max_memory_chunk\x18\f \x01(\rR\x0emaxMemoryChunk\x12.\n" +
	"\x13srq_fault_injection\x18\r \x01(\bR\x11srqFaultInjection\x12,\n" +
	"\x12cq_fault_injection\x18\x0e \x01(\bR\x10cqFaultInjection\x12!\n" +
	"\fmax_sessions\x18\x0f \x01(\rR\vmaxSessions\x12\x1f\n" +
	"\vabi_reports\x18\x10 \x01(\bR\n" +
	"abiReports\x1aE\n" +
	"\x17DeclaredTimeoutsNsEntry\x12\x10\n" +
	"\x03key\x18\x01 \x01(\tR\x03key\x12\x14\n" +
	"\x05value\x18\x02 \x01(\x03R\x05value:\x028\x01\"]\n" +
	"\fDriverOption\x12\x12\n" +
	"\x04name\x18\x01 \x01(\tR\x04name\x12#\n" +
	"\rdefault_value\x18\x02 \x01(\tR\fdefaultValue\x12\x14\n" +
	"\x05usage\x18\x03 \x01(\tR\x05usage\"\x84\x01\n" +
	"\bSideInfo\x12;\n" +
	"\x04ipv4\x18\x01 \x01(\v2'.ndkconform.agent.v1.AdapterDescriptionR\x04ipv4\x12;\n" +
	"\x04ipv6\x18\x02 \x01(\v2'.ndkconform.agent.v1.AdapterDescriptionR\x04ipv6\"\xa8\x01\n" +
	"\x12AdapterDescription\x12\x18\n" +
	"\aaddress\x18\x01 \x01(\tR\aaddress\x12\x1f\n" +
	"\vopen_status\x18\x02 \x01(\rR\n" +
	"openStatus\x12!\n" +
	"\fquery_status\x18\x03 \x01(\rR\vqueryStatus\x124\n" +
	"\x04info\x18\x04 \x01(\v2 .ndkconform.agent.v1.AdapterInfoR\x04info\"\x8f\x01\n" +
	"\x06Handle\x123\n" +
	"\x04kind\x18\x01 \x01(\x0e2\x1f.ndkconform.agent.v1.HandleKindR\x04kind\x12\x0e\n" +
	"\x02id\x18\x02 \x01(\x04R\x02id\x12\x1d\n" +
	"\n" +
	"mdl_chains\x18\x03 \x01(\bR\tmdlChains\x12!\n" +
	"\fconnector_ex\x18\x04 \x01(\bR\vconnectorEx\"z\n" +
	"\x03Mdl\x123\n" +
	"\x06buffer\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06buffer\x12\x16\n" +
	"\x06offset\x18\x02 \x01(\x04R\x06offset\x12\x16\n" +
	"\x06length\x18\x03 \x01(\x04R\x06length\x12\x0e\n" +
	"\x02va\x18\x04 \x01(\x04R\x02va\"'\n" +
	"\vCallbackRef\x12\x18\n" +
	"\acontext\x18\x01 \x01(\x04R\acontext\"=\n" +
	"\rSocketAddress\x12\x18\n" +
	"\aaddress\x18\x01 \x01(\tR\aaddress\x12\x12\n" +
	"\x04port\x18\x02 \x01(\rR\x04port\"5\n" +
	"\aVersion\x12\x14\n" +
	"\x05major\x18\x01 \x01(\rR\x05major\x12\x14\n" +
	"\x05minor\x18\x02 \x01(\rR\x05minor\"\x81\b\n" +
	"\vAdapterInfo\x126\n" +
	"\aversion\x18\x01 \x01(\v2\x1c.ndkconform.agent.v1.VersionR\aversion\x12\x1b\n" +
	"\tvendor_id\x18\x02 \x01(\rR\bvendorId\x12\x1b\n" +
	"\tdevice_id\x18\x03 \x01(\rR\bdeviceId\x122\n" +
	"\x15max_registration_size\x18\x04 \x01(\x04R\x13maxRegistrationSize\x12&\n" +
	"\x0fmax_window_size\x18\x05 \x01(\x04R\rmaxWindowSize\x12&\n" +
	"\x0ffrmr_page_count\x18\x06 \x01(\rR\rfrmrPageCount\x129\n" +
	"\x19max_initiator_request_sge\x18\a \x01(\rR\x16maxInitiatorRequestSge\x125\n" +
	"\x17max_receive_request_sge\x18\b \x01(\rR\x14maxReceiveRequestSge\x12/\n" +
	"\x14max_read_request_sge\x18\t \x01(\rR\x11maxReadRequestSge\x12.\n" +
	"\x13max_transfer_length\x18\n" +
	" \x01(\rR\x11maxTransferLength\x12/\n" +
	"\x14max_inline_data_size\x18\v \x01(\rR\x11maxInlineDataSize\x123\n" +
	"\x16max_inbound_read_limit\x18\f \x01(\rR\x13maxInboundReadLimit\x125\n" +
	"\x17max_outbound_read_limit\x18\r \x01(\rR\x14maxOutboundReadLimit\x125\n" +
	"\x17max_receive_queue_depth\x18\x0e \x01(\rR\x14maxReceiveQueueDepth\x129\n" +
	"\x19max_initiator_queue_depth\x18\x0f \x01(\rR\x16maxInitiatorQueueDepth\x12\"\n" +
	"\rmax_srq_depth\x18\x10 \x01(\rR\vmaxSrqDepth\x12 \n" +
	"\fmax_cq_depth\x18\x11 \x01(\rR\n" +
	"maxCqDepth\x126\n" +
	"\x17large_request_threshold\x18\x12 \x01(\rR\x15largeRequestThreshold\x12&\n" +
	"\x0fmax_caller_data\x18\x13 \x01(\rR\rmaxCallerData\x12&\n" +
	"\x0fmax_callee_data\x18\x14 \x01(\rR\rmaxCalleeData\x12#\n" +
	"\radapter_flags\x18\x15 \x01(\rR\fadapterFlags\x12'\n" +
	"\x0frdma_technology\x18\x16 \x01(\rR\x0erdmaTechnology\"v\n" +
	"\x03SGE\x12'\n" +
	"\x0fvirtual_address\x18\x01 \x01(\x04R\x0evirtualAddress\x12\x16\n" +
	"\x06length\x18\x02 \x01(\rR\x06length\x12.\n" +
	"\x13memory_region_token\x18\x03 \x01(\rR\x11memoryRegionToken\"\xa0\x02\n" +
	"\x06Result\x12\x16\n" +
	"\x06status\x18\x01 \x01(\rR\x06status\x12+\n" +
	"\x11bytes_transferred\x18\x02 \x01(\rR\x10bytesTransferred\x12\x1d\n" +
	"\n" +
	"qp_context\x18\x03 \x01(\x04R\tqpContext\x12'\n" +
	"\x0frequest_context\x18\x04 \x01(\x04R\x0erequestContext\x12\x12\n" +
	"\x04type\x18\x05 \x01(\rR\x04type\x12.\n" +
	"\x13provider_error_code\x18\x06 \x01(\rR\x11providerErrorCode\x12E\n" +
	"\x1ftype_specific_completion_output\x18\a \x01(\x04R\x1ctypeSpecificCompletionOutput\"R\n" +
	"\tLamOutput\x12\x14\n" +
	"\x05pages\x18\x01 \x03(\x04R\x05pages\x12\x1d\n" +
	"\n" +
	"page_count\x18\x02 \x01(\rR\tpageCount\x12\x10\n" +
	"\x03fbo\x18\x03 \x01(\rR\x03fbo\"\xd5\x02\n" +
	"\rConnectParams\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\x12:\n" +
	"\x06source\x18\x02 \x01(\v2\".ndkconform.agent.v1.SocketAddressR\x06source\x12D\n" +
	"\vdestination\x18\x03 \x01(\v2\".ndkconform.agent.v1.SocketAddressR\vdestination\x12,\n" +
	"\x12inbound_read_limit\x18\x04 \x01(\rR\x10inboundReadLimit\x12.\n" +
	"\x13outbound_read_limit\x18\x05 \x01(\rR\x11outboundReadLimit\x12&\n" +
	"\fprivate_data\x18\x06 \x01(\fH\x00R\vprivateData\x88\x01\x01B\x0f\n" +
	"\r_private_data\"\xdf*\n" +
	"\x04Call\x12\x17\n" +
	"\acall_id\x18\x01 \x01(\x04R\x06callId\x12'\n" +
	"\x0fwithin_callback\x18\x02 \x01(\x04R\x0ewithinCallback\x12L\n" +
	"\fopen_adapter\x18\n" +
	" \x01(\v2'.ndkconform.agent.v1.OpenAdapterRequestH\x00R\vopenAdapter\x12R\n" +
	"\x0eclose_provider\x18\v \x01(\v2).ndkconform.agent.v1.CloseProviderRequestH\x00R\rcloseProvider\x12P\n" +
	"\x0eset_host_state\x18\f \x01(\v2(.ndkconform.agent.v1.SetHostStateRequestH\x00R\fsetHostState\x12@\n" +
	"\bfail_srq\x18\r \x01(\v2#.ndkconform.agent.v1.FailSrqRequestH\x00R\afailSrq\x12=\n" +
	"\afail_cq\x18\x0e \x01(\v2\".ndkconform.agent.v1.FailCqRequestH\x00R\x06failCq\x12O\n" +
	"\rclose_adapter\x18\x14 \x01(\v2(.ndkconform.agent.v1.CloseAdapterRequestH\x00R\fcloseAdapter\x12\\\n" +
	"\x12query_adapter_info\x18\x15 \x01(\v2,.ndkconform.agent.v1.QueryAdapterInfoRequestH\x00R\x10queryAdapterInfo\x12C\n" +
	"\tcreate_cq\x18\x16 \x01(\v2$.ndkconform.agent.v1.CreateCqRequestH\x00R\bcreateCq\x12C\n" +
	"\tcreate_pd\x18\x17 \x01(\v2$.ndkconform.agent.v1.CreatePdRequestH\x00R\bcreatePd\x12h\n" +
	"\x16create_shared_endpoint\x18\x18 \x01(\v20.ndkconform.agent.v1.CreateSharedEndpointRequestH\x00R\x14createSharedEndpoint\x12X\n" +
	"\x10create_connector\x18\x19 \x01(\v2+.ndkconform.agent.v1.CreateConnectorRequestH\x00R\x0fcreateConnector\x12U\n" +
	"\x0fcreate_listener\x18\x1a \x01(\v2*.ndkconform.agent.v1.CreateListenerRequestH\x00R\x0ecreateListener\x12C\n" +
	"\tbuild_lam\x18\x1b \x01(\v2$.ndkconform.agent.v1.BuildLamRequestH\x00R\bbuildLam\x12I\n" +
	"\vrelease_lam\x18\x1c \x01(\v2&.ndkconform.agent.v1.ReleaseLamRequestH\x00R\n" +
	"releaseLam\x12S\n" +
	"\x0fbuild_lam_chain\x18\x1d \x01(\v2).ndkconform.agent.v1.BuildLamChainRequestH\x00R\rbuildLamChain\x12L\n" +
	"\fclose_object\x18\x1e \x01(\v2'.ndkconform.agent.v1.CloseObjectRequestH\x00R\vcloseObject\x12C\n" +
	"\tresize_cq\x18( \x01(\v2$.ndkconform.agent.v1.ResizeCqRequestH\x00R\bresizeCq\x12:\n" +
	"\x06arm_cq\x18) \x01(\v2!.ndkconform.agent.v1.ArmCqRequestH\x00R\x05armCq\x12P\n" +
	"\x0eget_cq_results\x18* \x01(\v2(.ndkconform.agent.v1.GetCqResultsRequestH\x00R\fgetCqResults\x12W\n" +
	"\x11get_cq_results_ex\x18+ \x01(\v2*.ndkconform.agent.v1.GetCqResultsExRequestH\x00R\x0egetCqResultsEx\x12\x81\x01\n" +
	"\x1fcontrol_cq_interrupt_moderation\x18, \x01(\v28.ndkconform.agent.v1.ControlCqInterruptModerationRequestH\x00R\x1ccontrolCqInterruptModeration\x12C\n" +
	"\tcreate_qp\x182 \x01(\v2$.ndkconform.agent.v1.CreateQpRequestH\x00R\bcreateQp\x12Z\n" +
	"\x12create_qp_with_srq\x183 \x01(\v2+.ndkconform.agent.v1.CreateQpWithSrqRequestH\x00R\x0fcreateQpWithSrq\x12F\n" +
	"\n" +
	"create_srq\x184 \x01(\v2%.ndkconform.agent.v1.CreateSrqRequestH\x00R\tcreateSrq\x12C\n" +
	"\tcreate_mr\x185 \x01(\v2$.ndkconform.agent.v1.CreateMrRequestH\x00R\bcreateMr\x12C\n" +
	"\tcreate_mw\x186 \x01(\v2$.ndkconform.agent.v1.CreateMwRequestH\x00R\bcreateMw\x12\x88\x01\n" +
	"\"get_privileged_memory_region_token\x187 \x01(\v2:.ndkconform.agent.v1.GetPrivilegedMemoryRegionTokenRequestH\x00R\x1egetPrivilegedMemoryRegionToken\x12F\n" +
	"\n" +
	"modify_srq\x18< \x01(\v2%.ndkconform.agent.v1.ModifySrqRequestH\x00R\tmodifySrq\x12I\n" +
	"\vsrq_receive\x18= \x01(\v2&.ndkconform.agent.v1.SrqReceiveRequestH\x00R\n" +
	"srqReceive\x12I\n" +
	"\vregister_mr\x18F \x01(\v2&.ndkconform.agent.v1.RegisterMrRequestH\x00R\n" +
	"registerMr\x12O\n" +
	"\rderegister_mr\x18G \x01(\v2(.ndkconform.agent.v1.DeregisterMrRequestH\x00R\fderegisterMr\x12u\n" +
	"\x1binitialize_fast_register_mr\x18H \x01(\v24.ndkconform.agent.v1.InitializeFastRegisterMrRequestH\x00R\x18initializeFastRegisterMr\x12g\n" +
	"\x17get_local_token_from_mr\x18I \x01(\v2/.ndkconform.agent.v1.GetLocalTokenFromMrRequestH\x00R\x13getLocalTokenFromMr\x12j\n" +
	"\x18get_remote_token_from_mr\x18J \x01(\v20.ndkconform.agent.v1.GetRemoteTokenFromMrRequestH\x00R\x14getRemoteTokenFromMr\x12j\n" +
	"\x18get_remote_token_from_mw\x18K \x01(\v20.ndkconform.agent.v1.GetRemoteTokenFromMwRequestH\x00R\x14getRemoteTokenFromMw\x12Y\n" +
	"\x11register_mr_chain\x18L \x01(\v2+.ndkconform.agent.v1.RegisterMrChainRequestH\x00R\x0fregisterMrChain\x129\n" +
	"\x05flush\x18P \x01(\v2!.ndkconform.agent.v1.FlushRequestH\x00R\x05flush\x12?\n" +
	"\areceive\x18Q \x01(\v2#.ndkconform.agent.v1.ReceiveRequestH\x00R\areceive\x126\n" +
	"\x04send\x18R \x01(\v2 .ndkconform.agent.v1.SendRequestH\x00R\x04send\x12_\n" +
	"\x13send_and_invalidate\x18S \x01(\v2-.ndkconform.agent.v1.SendAndInvalidateRequestH\x00R\x11sendAndInvalidate\x129\n" +
	"\x05write\x18T \x01(\v2!.ndkconform.agent.v1.WriteRequestH\x00R\x05write\x126\n" +
	"\x04read\x18U \x01(\v2 .ndkconform.agent.v1.ReadRequestH\x00R\x04read\x126\n" +
	"\x04bind\x18V \x01(\v2 .ndkconform.agent.v1.BindRequestH\x00R\x04bind\x12O\n" +
	"\rfast_register\x18W \x01(\v2(.ndkconform.agent.v1.FastRegisterRequestH\x00R\ffastRegister\x12H\n" +
	"\n" +
	"invalidate\x18X \x01(\v2&.ndkconform.agent.v1.InvalidateRequestH\x00R\n" +
	"invalidate\x12?\n" +
	"\aconnect\x18Z \x01(\v2#.ndkconform.agent.v1.ConnectRequestH\x00R\aconnect\x12x\n" +
	"\x1cconnect_with_shared_endpoint\x18[ \x01(\v25.ndkconform.agent.v1.ConnectWithSharedEndpointRequestH\x00R\x19connectWithSharedEndpoint\x12X\n" +
	"\x10complete_connect\x18\\ \x01(\v2+.ndkconform.agent.v1.CompleteConnectRequestH\x00R\x0fcompleteConnect\x12<\n" +
	"\x06accept\x18] \x01(\v2\".ndkconform.agent.v1.AcceptRequestH\x00R\x06accept\x12<\n" +
	"\x06reject\x18^ \x01(\v2\".ndkconform.agent.v1.RejectRequestH\x00R\x06reject\x12_\n" +
	"\x13get_connection_data\x18_ \x01(\v2-.ndkconform.agent.v1.GetConnectionDataRequestH\x00R\x11getConnectionData\x12Y\n" +
	"\x11get_local_address\x18` \x01(\v2+.ndkconform.agent.v1.GetLocalAddressRequestH\x00R\x0fgetLocalAddress\x12V\n" +
	"\x10get_peer_address\x18a \x01(\v2*.ndkconform.agent.v1.GetPeerAddressRequestH\x00R\x0egetPeerAddress\x12H\n" +
	"\n" +
	"disconnect\x18b \x01(\v2&.ndkconform.agent.v1.DisconnectRequestH\x00R\n" +
	"disconnect\x12_\n" +
	"\x13complete_connect_ex\x18c \x01(\v2-.ndkconform.agent.v1.CompleteConnectExRequestH\x00R\x11completeConnectEx\x12C\n" +
	"\taccept_ex\x18g \x01(\v2$.ndkconform.agent.v1.AcceptExRequestH\x00R\bacceptEx\x12<\n" +
	"\x06listen\x18d \x01(\v2\".ndkconform.agent.v1.ListenRequestH\x00R\x06listen\x12r\n" +
	"\x1aget_listener_local_address\x18e \x01(\v23.ndkconform.agent.v1.GetListenerLocalAddressRequestH\x00R\x17getListenerLocalAddress\x12h\n" +
	"\x16control_connect_events\x18f \x01(\v20.ndkconform.agent.v1.ControlConnectEventsRequestH\x00R\x14controlConnectEvents\x12\x85\x01\n" +
	"!get_shared_endpoint_local_address\x18n \x01(\v29.ndkconform.agent.v1.GetSharedEndpointLocalAddressRequestH\x00R\x1dgetSharedEndpointLocalAddress\x12U\n" +
	"\x0fallocate_buffer\x18x \x01(\v2*.ndkconform.agent.v1.AllocateBufferRequestH\x00R\x0eallocateBuffer\x12I\n" +
	"\vfree_buffer\x18y \x01(\v2&.ndkconform.agent.v1.FreeBufferRequestH\x00R\n" +
	"freeBuffer\x12L\n" +
	"\fwrite_memory\x18z \x01(\v2'.ndkconform.agent.v1.WriteMemoryRequestH\x00R\vwriteMemory\x12I\n" +
	"\vread_memory\x18{ \x01(\v2&.ndkconform.agent.v1.ReadMemoryRequestH\x00R\n" +
	"readMemory\x12T\n" +
	"\x0fquery_abi_facts\x18\x82\x01 \x01(\v2).ndkconform.agent.v1.QueryAbiFactsRequestH\x00R\rqueryAbiFactsB\x04\n" +
	"\x02op\"\x9f*\n" +
	"\n" +
	"CallReturn\x12\x17\n" +
	"\acall_id\x18\x01 \x01(\x04R\x06callId\x12I\n" +
	"\x0eprotocol_error\x18\x02 \x01(\v2\".ndkconform.agent.v1.ProtocolErrorR\rprotocolError\x12\x16\n" +
	"\x06status\x18\x03 \x01(\rR\x06status\x12J\n" +
	"\fopen_adapter\x18\n" +
	" \x01(\v2%.ndkconform.agent.v1.OpenAdapterReplyH\x00R\vopenAdapter\x12P\n" +
	"\x0eclose_provider\x18\v \x01(\v2'.ndkconform.agent.v1.CloseProviderReplyH\x00R\rcloseProvider\x12N\n" +
	"\x0eset_host_state\x18\f \x01(\v2&.ndkconform.agent.v1.SetHostStateReplyH\x00R\fsetHostState\x12>\n" +
	"\bfail_srq\x18\r \x01(\v2!.ndkconform.agent.v1.FailSrqReplyH\x00R\afailSrq\x12;\n" +
	"\afail_cq\x18\x0e \x01(\v2 .ndkconform.agent.v1.FailCqReplyH\x00R\x06failCq\x12M\n" +
	"\rclose_adapter\x18\x14 \x01(\v2&.ndkconform.agent.v1.CloseAdapterReplyH\x00R\fcloseAdapter\x12Z\n" +
	"\x12query_adapter_info\x18\x15 \x01(\v2*.ndkconform.agent.v1.QueryAdapterInfoReplyH\x00R\x10queryAdapterInfo\x12A\n" +
	"\tcreate_cq\x18\x16 \x01(\v2\".ndkconform.agent.v1.CreateCqReplyH\x00R\bcreateCq\x12A\n" +
	"\tcreate_pd\x18\x17 \x01(\v2\".ndkconform.agent.v1.CreatePdReplyH\x00R\bcreatePd\x12f\n" +
	"\x16create_shared_endpoint\x18\x18 \x01(\v2..ndkconform.agent.v1.CreateSharedEndpointReplyH\x00R\x14createSharedEndpoint\x12V\n" +
	"\x10create_connector\x18\x19 \x01(\v2).ndkconform.agent.v1.CreateConnectorReplyH\x00R\x0fcreateConnector\x12S\n" +
	"\x0fcreate_listener\x18\x1a \x01(\v2(.ndkconform.agent.v1.CreateListenerReplyH\x00R\x0ecreateListener\x12A\n" +
	"\tbuild_lam\x18\x1b \x01(\v2\".ndkconform.agent.v1.BuildLamReplyH\x00R\bbuildLam\x12G\n" +
	"\vrelease_lam\x18\x1c \x01(\v2$.ndkconform.agent.v1.ReleaseLamReplyH\x00R\n" +
	"releaseLam\x12Q\n" +
	"\x0fbuild_lam_chain\x18\x1d \x01(\v2'.ndkconform.agent.v1.BuildLamChainReplyH\x00R\rbuildLamChain\x12J\n" +
	"\fclose_object\x18\x1e \x01(\v2%.ndkconform.agent.v1.CloseObjectReplyH\x00R\vcloseObject\x12A\n" +
	"\tresize_cq\x18( \x01(\v2\".ndkconform.agent.v1.ResizeCqReplyH\x00R\bresizeCq\x128\n" +
	"\x06arm_cq\x18) \x01(\v2\x1f.ndkconform.agent.v1.ArmCqReplyH\x00R\x05armCq\x12N\n" +
	"\x0eget_cq_results\x18* \x01(\v2&.ndkconform.agent.v1.GetCqResultsReplyH\x00R\fgetCqResults\x12U\n" +
	"\x11get_cq_results_ex\x18+ \x01(\v2(.ndkconform.agent.v1.GetCqResultsExReplyH\x00R\x0egetCqResultsEx\x12\x7f\n" +
	"\x1fcontrol_cq_interrupt_moderation\x18, \x01(\v26.ndkconform.agent.v1.ControlCqInterruptModerationReplyH\x00R\x1ccontrolCqInterruptModeration\x12A\n" +
	"\tcreate_qp\x182 \x01(\v2\".ndkconform.agent.v1.CreateQpReplyH\x00R\bcreateQp\x12X\n" +
	"\x12create_qp_with_srq\x183 \x01(\v2).ndkconform.agent.v1.CreateQpWithSrqReplyH\x00R\x0fcreateQpWithSrq\x12D\n" +
	"\n" +
	"create_srq\x184 \x01(\v2#.ndkconform.agent.v1.CreateSrqReplyH\x00R\tcreateSrq\x12A\n" +
	"\tcreate_mr\x185 \x01(\v2\".ndkconform.agent.v1.CreateMrReplyH\x00R\bcreateMr\x12A\n" +
	"\tcreate_mw\x186 \x01(\v2\".ndkconform.agent.v1.CreateMwReplyH\x00R\bcreateMw\x12\x86\x01\n" +
	"\"get_privileged_memory_region_token\x187 \x01(\v28.ndkconform.agent.v1.GetPrivilegedMemoryRegionTokenReplyH\x00R\x1egetPrivilegedMemoryRegionToken\x12D\n" +
	"\n" +
	"modify_srq\x18< \x01(\v2#.ndkconform.agent.v1.ModifySrqReplyH\x00R\tmodifySrq\x12G\n" +
	"\vsrq_receive\x18= \x01(\v2$.ndkconform.agent.v1.SrqReceiveReplyH\x00R\n" +
	"srqReceive\x12G\n" +
	"\vregister_mr\x18F \x01(\v2$.ndkconform.agent.v1.RegisterMrReplyH\x00R\n" +
	"registerMr\x12M\n" +
	"\rderegister_mr\x18G \x01(\v2&.ndkconform.agent.v1.DeregisterMrReplyH\x00R\fderegisterMr\x12s\n" +
	"\x1binitialize_fast_register_mr\x18H \x01(\v22.ndkconform.agent.v1.InitializeFastRegisterMrReplyH\x00R\x18initializeFastRegisterMr\x12e\n" +
	"\x17get_local_token_from_mr\x18I \x01(\v2-.ndkconform.agent.v1.GetLocalTokenFromMrReplyH\x00R\x13getLocalTokenFromMr\x12h\n" +
	"\x18get_remote_token_from_mr\x18J \x01(\v2..ndkconform.agent.v1.GetRemoteTokenFromMrReplyH\x00R\x14getRemoteTokenFromMr\x12h\n" +
	"\x18get_remote_token_from_mw\x18K \x01(\v2..ndkconform.agent.v1.GetRemoteTokenFromMwReplyH\x00R\x14getRemoteTokenFromMw\x12W\n" +
	"\x11register_mr_chain\x18L \x01(\v2).ndkconform.agent.v1.RegisterMrChainReplyH\x00R\x0fregisterMrChain\x127\n" +
	"\x05flush\x18P \x01(\v2\x1f.ndkconform.agent.v1.FlushReplyH\x00R\x05flush\x12=\n" +
	"\areceive\x18Q \x01(\v2!.ndkconform.agent.v1.ReceiveReplyH\x00R\areceive\x124\n" +
	"\x04send\x18R \x01(\v2\x1e.ndkconform.agent.v1.SendReplyH\x00R\x04send\x12]\n" +
	"\x13send_and_invalidate\x18S \x01(\v2+.ndkconform.agent.v1.SendAndInvalidateReplyH\x00R\x11sendAndInvalidate\x127\n" +
	"\x05write\x18T \x01(\v2\x1f.ndkconform.agent.v1.WriteReplyH\x00R\x05write\x124\n" +
	"\x04read\x18U \x01(\v2\x1e.ndkconform.agent.v1.ReadReplyH\x00R\x04read\x124\n" +
	"\x04bind\x18V \x01(\v2\x1e.ndkconform.agent.v1.BindReplyH\x00R\x04bind\x12M\n" +
	"\rfast_register\x18W \x01(\v2&.ndkconform.agent.v1.FastRegisterReplyH\x00R\ffastRegister\x12F\n" +
	"\n" +
	"invalidate\x18X \x01(\v2$.ndkconform.agent.v1.InvalidateReplyH\x00R\n" +
	"invalidate\x12=\n" +
	"\aconnect\x18Z \x01(\v2!.ndkconform.agent.v1.ConnectReplyH\x00R\aconnect\x12v\n" +
	"\x1cconnect_with_shared_endpoint\x18[ \x01(\v23.ndkconform.agent.v1.ConnectWithSharedEndpointReplyH\x00R\x19connectWithSharedEndpoint\x12V\n" +
	"\x10complete_connect\x18\\ \x01(\v2).ndkconform.agent.v1.CompleteConnectReplyH\x00R\x0fcompleteConnect\x12:\n" +
	"\x06accept\x18] \x01(\v2 .ndkconform.agent.v1.AcceptReplyH\x00R\x06accept\x12:\n" +
	"\x06reject\x18^ \x01(\v2 .ndkconform.agent.v1.RejectReplyH\x00R\x06reject\x12]\n" +
	"\x13get_connection_data\x18_ \x01(\v2+.ndkconform.agent.v1.GetConnectionDataReplyH\x00R\x11getConnectionData\x12W\n" +
	"\x11get_local_address\x18` \x01(\v2).ndkconform.agent.v1.GetLocalAddressReplyH\x00R\x0fgetLocalAddress\x12T\n" +
	"\x10get_peer_address\x18a \x01(\v2(.ndkconform.agent.v1.GetPeerAddressReplyH\x00R\x0egetPeerAddress\x12F\n" +
	"\n" +
	"disconnect\x18b \x01(\v2$.ndkconform.agent.v1.DisconnectReplyH\x00R\n" +
	"disconnect\x12]\n" +
	"\x13complete_connect_ex\x18c \x01(\v2+.ndkconform.agent.v1.CompleteConnectExReplyH\x00R\x11completeConnectEx\x12A\n" +
	"\taccept_ex\x18g \x01(\v2\".ndkconform.agent.v1.AcceptExReplyH\x00R\bacceptEx\x12:\n" +
	"\x06listen\x18d \x01(\v2 .ndkconform.agent.v1.ListenReplyH\x00R\x06listen\x12p\n" +
	"\x1aget_listener_local_address\x18e \x01(\v21.ndkconform.agent.v1.GetListenerLocalAddressReplyH\x00R\x17getListenerLocalAddress\x12f\n" +
	"\x16control_connect_events\x18f \x01(\v2..ndkconform.agent.v1.ControlConnectEventsReplyH\x00R\x14controlConnectEvents\x12\x83\x01\n" +
	"!get_shared_endpoint_local_address\x18n \x01(\v27.ndkconform.agent.v1.GetSharedEndpointLocalAddressReplyH\x00R\x1dgetSharedEndpointLocalAddress\x12S\n" +
	"\x0fallocate_buffer\x18x \x01(\v2(.ndkconform.agent.v1.AllocateBufferReplyH\x00R\x0eallocateBuffer\x12G\n" +
	"\vfree_buffer\x18y \x01(\v2$.ndkconform.agent.v1.FreeBufferReplyH\x00R\n" +
	"freeBuffer\x12J\n" +
	"\fwrite_memory\x18z \x01(\v2%.ndkconform.agent.v1.WriteMemoryReplyH\x00R\vwriteMemory\x12G\n" +
	"\vread_memory\x18{ \x01(\v2$.ndkconform.agent.v1.ReadMemoryReplyH\x00R\n" +
	"readMemory\x12R\n" +
	"\x0fquery_abi_facts\x18\x82\x01 \x01(\v2'.ndkconform.agent.v1.QueryAbiFactsReplyH\x00R\rqueryAbiFactsB\a\n" +
	"\x05reply\".\n" +
	"\x12OpenAdapterRequest\x12\x18\n" +
	"\aaddress\x18\x01 \x01(\tR\aaddress\"I\n" +
	"\x10OpenAdapterReply\x125\n" +
	"\aadapter\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\aadapter\"\x16\n" +
	"\x14CloseProviderRequest\"*\n" +
	"\x12CloseProviderReply\x12\x14\n" +
	"\x05error\x18\x01 \x01(\tR\x05error\"e\n" +
	"\x13SetHostStateRequest\x12\x18\n" +
	"\aaddress\x18\x01 \x01(\tR\aaddress\x124\n" +
	"\x05state\x18\x02 \x01(\x0e2\x1e.ndkconform.agent.v1.HostStateR\x05state\")\n" +
	"\x11SetHostStateReply\x12\x14\n" +
	"\x05error\x18\x01 \x01(\tR\x05error\"?\n" +
	"\x0eFailSrqRequest\x12-\n" +
	"\x03srq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x03srq\"$\n" +
	"\fFailSrqReply\x12\x14\n" +
	"\x05error\x18\x01 \x01(\tR\x05error\"<\n" +
	"\rFailCqRequest\x12+\n" +
	"\x02cq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02cq\"#\n" +
	"\vFailCqReply\x12\x14\n" +
	"\x05error\x18\x01 \x01(\tR\x05error\"L\n" +
	"\x13CloseAdapterRequest\x125\n" +
	"\aadapter\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\aadapter\"\x13\n" +
	"\x11CloseAdapterReply\"P\n" +
	"\x17QueryAdapterInfoRequest\x125\n" +
	"\aadapter\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\aadapter\"M\n" +
	"\x15QueryAdapterInfoReply\x124\n" +
	"\x04info\x18\x01 \x01(\v2 .ndkconform.agent.v1.AdapterInfoR\x04info\"\xce\x01\n" +
	"\x0fCreateCqRequest\x125\n" +
	"\aadapter\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\aadapter\x12\x14\n" +
	"\x05depth\x18\x02 \x01(\rR\x05depth\x128\n" +
	"\x06notify\x18\x03 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x06notify\x124\n" +
	"\x04done\x18\x04 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"<\n" +
	"\rCreateCqReply\x12+\n" +
	"\x02cq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02cq\"~\n" +
	"\x0fCreatePdRequest\x125\n" +
	"\aadapter\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\aadapter\x124\n" +
	"\x04done\x18\x02 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"<\n" +
	"\rCreatePdReply\x12+\n" +
	"\x02pd\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02pd\"\xc4\x01\n" +
	"\x1bCreateSharedEndpointRequest\x125\n" +
	"\aadapter\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\aadapter\x128\n" +
	"\x05local\x18\x02 \x01(\v2\".ndkconform.agent.v1.SocketAddressR\x05local\x124\n" +
	"\x04done\x18\x03 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"a\n" +
	"\x19CreateSharedEndpointReply\x12D\n" +
	"\x0fshared_endpoint\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x0esharedEndpoint\"\x85\x01\n" +
	"\x16CreateConnectorRequest\x125\n" +
	"\aadapter\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\aadapter\x124\n" +
	"\x04done\x18\x02 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"Q\n" +
	"\x14CreateConnectorReply\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\"\xc5\x01\n" +
	"\x15CreateListenerRequest\x125\n" +
	"\aadapter\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\aadapter\x12?\n" +
	"\n" +
	"on_connect\x18\x02 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\tonConnect\x124\n" +
	"\x04done\x18\x03 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"N\n" +
	"\x13CreateListenerReply\x127\n" +
	"\blistener\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\blistener\"\x88\x02\n" +
	"\x0fBuildLamRequest\x125\n" +
	"\aadapter\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\aadapter\x123\n" +
	"\x06buffer\x18\x02 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06buffer\x12\x16\n" +
	"\x06offset\x18\x03 \x01(\x04R\x06offset\x12\x16\n" +
	"\x06length\x18\x04 \x01(\x04R\x06length\x12#\n" +
	"\rpage_capacity\x18\x05 \x01(\rR\fpageCapacity\x124\n" +
	"\x04done\x18\x06 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"v\n" +
	"\rBuildLamReply\x12-\n" +
	"\x03lam\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x03lam\x126\n" +
	"\x06output\x18\x02 \x01(\v2\x1e.ndkconform.agent.v1.LamOutputR\x06output\"\xd8\x01\n" +
	"\x14BuildLamChainRequest\x125\n" +
	"\aadapter\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\aadapter\x12.\n" +
	"\x05chain\x18\x02 \x03(\v2\x18.ndkconform.agent.v1.MdlR\x05chain\x12#\n" +
	"\rpage_capacity\x18\x03 \x01(\rR\fpageCapacity\x124\n" +
	"\x04done\x18\x04 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"{\n" +
	"\x12BuildLamChainReply\x12-\n" +
	"\x03lam\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x03lam\x126\n" +
	"\x06output\x18\x02 \x01(\v2\x1e.ndkconform.agent.v1.LamOutputR\x06output\"y\n" +
	"\x11ReleaseLamRequest\x125\n" +
	"\aadapter\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\aadapter\x12-\n" +
	"\x03lam\x18\x02 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x03lam\"\x11\n" +
	"\x0fReleaseLamReply\"\x7f\n" +
	"\x12CloseObjectRequest\x123\n" +
	"\x06object\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06object\x124\n" +
	"\x04done\x18\x02 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\x12\n" +
	"\x10CloseObjectReply\"\x8a\x01\n" +
	"\x0fResizeCqRequest\x12+\n" +
	"\x02cq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02cq\x12\x14\n" +
	"\x05depth\x18\x02 \x01(\rR\x05depth\x124\n" +
	"\x04done\x18\x03 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\x0f\n" +
	"\rResizeCqReply\"O\n" +
	"\fArmCqRequest\x12+\n" +
	"\x02cq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02cq\x12\x12\n" +
	"\x04type\x18\x02 \x01(\rR\x04type\"\f\n" +
	"\n" +
	"ArmCqReply\"c\n" +
	"\x13GetCqResultsRequest\x12+\n" +
	"\x02cq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02cq\x12\x1f\n" +
	"\vmax_results\x18\x02 \x01(\rR\n" +
	"maxResults\"J\n" +
	"\x11GetCqResultsReply\x125\n" +
	"\aresults\x18\x01 \x03(\v2\x1b.ndkconform.agent.v1.ResultR\aresults\"e\n" +
	"\x15GetCqResultsExRequest\x12+\n" +
	"\x02cq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02cq\x12\x1f\n" +
	"\vmax_results\x18\x02 \x01(\rR\n" +
	"maxResults\"L\n" +
	"\x13GetCqResultsExReply\x125\n" +
	"\aresults\x18\x01 \x03(\v2\x1b.ndkconform.agent.v1.ResultR\aresults\"\x84\x01\n" +
	"#ControlCqInterruptModerationRequest\x12+\n" +
	"\x02cq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02cq\x12\x1a\n" +
	"\binterval\x18\x02 \x01(\rR\binterval\x12\x14\n" +
	"\x05count\x18\x03 \x01(\rR\x05count\"#\n" +
	"!ControlCqInterruptModerationReply\"\xa0\x03\n" +
	"\bQpParams\x12:\n" +
	"\n" +
	"receive_cq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\treceiveCq\x12>\n" +
	"\finitiator_cq\x18\x02 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\vinitiatorCq\x12\x18\n" +
	"\acontext\x18\x03 \x01(\x04R\acontext\x12.\n" +
	"\x13receive_queue_depth\x18\x04 \x01(\rR\x11receiveQueueDepth\x122\n" +
	"\x15initiator_queue_depth\x18\x05 \x01(\rR\x13initiatorQueueDepth\x125\n" +
	"\x17max_receive_request_sge\x18\x06 \x01(\rR\x14maxReceiveRequestSge\x129\n" +
	"\x19max_initiator_request_sge\x18\a \x01(\rR\x16maxInitiatorRequestSge\x12(\n" +
	"\x10inline_data_size\x18\b \x01(\rR\x0einlineDataSize\"\xab\x01\n" +
	"\x0fCreateQpRequest\x12+\n" +
	"\x02pd\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02pd\x125\n" +
	"\x06params\x18\x02 \x01(\v2\x1d.ndkconform.agent.v1.QpParamsR\x06params\x124\n" +
	"\x04done\x18\x03 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"<\n" +
	"\rCreateQpReply\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\"\xe1\x01\n" +
	"\x16CreateQpWithSrqRequest\x12+\n" +
	"\x02pd\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02pd\x125\n" +
	"\x06params\x18\x02 \x01(\v2\x1d.ndkconform.agent.v1.QpParamsR\x06params\x12-\n" +
	"\x03srq\x18\x03 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x03srq\x124\n" +
	"\x04done\x18\x04 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"C\n" +
	"\x14CreateQpWithSrqReply\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\"\xa7\x02\n" +
	"\x10CreateSrqRequest\x12+\n" +
	"\x02pd\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02pd\x12\x14\n" +
	"\x05depth\x18\x02 \x01(\rR\x05depth\x125\n" +
	"\x17max_receive_request_sge\x18\x03 \x01(\rR\x14maxReceiveRequestSge\x12)\n" +
	"\x10notify_threshold\x18\x04 \x01(\rR\x0fnotifyThreshold\x128\n" +
	"\x06notify\x18\x05 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x06notify\x124\n" +
	"\x04done\x18\x06 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"?\n" +
	"\x0eCreateSrqReply\x12-\n" +
	"\x03srq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x03srq\"\x99\x01\n" +
	"\x0fCreateMrRequest\x12+\n" +
	"\x02pd\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02pd\x12#\n" +
	"\rfast_register\x18\x02 \x01(\bR\ffastRegister\x124\n" +
	"\x04done\x18\x03 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"<\n" +
	"\rCreateMrReply\x12+\n" +
	"\x02mr\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mr\"t\n" +
	"\x0fCreateMwRequest\x12+\n" +
	"\x02pd\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02pd\x124\n" +
	"\x04done\x18\x02 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"<\n" +
	"\rCreateMwReply\x12+\n" +
	"\x02mw\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mw\"T\n" +
	"%GetPrivilegedMemoryRegionTokenRequest\x12+\n" +
	"\x02pd\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02pd\";\n" +
	"#GetPrivilegedMemoryRegionTokenReply\x12\x14\n" +
	"\x05token\x18\x01 \x01(\rR\x05token\"\xb8\x01\n" +
	"\x10ModifySrqRequest\x12-\n" +
	"\x03srq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x03srq\x12\x14\n" +
	"\x05depth\x18\x02 \x01(\rR\x05depth\x12)\n" +
	"\x10notify_threshold\x18\x03 \x01(\rR\x0fnotifyThreshold\x124\n" +
	"\x04done\x18\x04 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\x10\n" +
	"\x0eModifySrqReply\"\x97\x01\n" +
	"\x11SrqReceiveRequest\x12-\n" +
	"\x03srq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x03srq\x12'\n" +
	"\x0frequest_context\x18\x02 \x01(\x04R\x0erequestContext\x12*\n" +
	"\x03sgl\x18\x03 \x03(\v2\x18.ndkconform.agent.v1.SGER\x03sgl\"\x11\n" +
	"\x0fSrqReceiveReply\"\x81\x02\n" +
	"\x11RegisterMrRequest\x12+\n" +
	"\x02mr\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mr\x123\n" +
	"\x06buffer\x18\x02 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06buffer\x12\x16\n" +
	"\x06offset\x18\x03 \x01(\x04R\x06offset\x12\x16\n" +
	"\x06length\x18\x04 \x01(\x04R\x06length\x12\x0e\n" +
	"\x02va\x18\x05 \x01(\x04R\x02va\x12\x14\n" +
	"\x05flags\x18\x06 \x01(\rR\x05flags\x124\n" +
	"\x04done\x18\a \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\x11\n" +
	"\x0fRegisterMrReply\"\xc1\x01\n" +
	"\x16RegisterMrChainRequest\x12+\n" +
	"\x02mr\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mr\x12.\n" +
	"\x05chain\x18\x02 \x03(\v2\x18.ndkconform.agent.v1.MdlR\x05chain\x12\x14\n" +
	"\x05flags\x18\x03 \x01(\rR\x05flags\x124\n" +
	"\x04done\x18\x04 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\x16\n" +
	"\x14RegisterMrChainReply\"x\n" +
	"\x13DeregisterMrRequest\x12+\n" +
	"\x02mr\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mr\x124\n" +
	"\x04done\x18\x02 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\x13\n" +
	"\x11DeregisterMrReply\"\xd7\x01\n" +
	"\x1fInitializeFastRegisterMrRequest\x12+\n" +
	"\x02mr\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mr\x12,\n" +
	"\x12adapter_page_count\x18\x02 \x01(\rR\x10adapterPageCount\x12#\n" +
	"\rremote_access\x18\x03 \x01(\bR\fremoteAccess\x124\n" +
	"\x04done\x18\x04 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\x1f\n" +
	"\x1dInitializeFastRegisterMrReply\"I\n" +
	"\x1aGetLocalTokenFromMrRequest\x12+\n" +
	"\x02mr\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mr\"0\n" +
	"\x18GetLocalTokenFromMrReply\x12\x14\n" +
	"\x05token\x18\x01 \x01(\rR\x05token\"J\n" +
	"\x1bGetRemoteTokenFromMrRequest\x12+\n" +
	"\x02mr\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mr\"1\n" +
	"\x19GetRemoteTokenFromMrReply\x12\x14\n" +
	"\x05token\x18\x01 \x01(\rR\x05token\"J\n" +
	"\x1bGetRemoteTokenFromMwRequest\x12+\n" +
	"\x02mw\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mw\"1\n" +
	"\x19GetRemoteTokenFromMwReply\x12\x14\n" +
	"\x05token\x18\x01 \x01(\rR\x05token\";\n" +
	"\fFlushRequest\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\"\f\n" +
	"\n" +
	"FlushReply\"\x92\x01\n" +
	"\x0eReceiveRequest\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\x12'\n" +
	"\x0frequest_context\x18\x02 \x01(\x04R\x0erequestContext\x12*\n" +
	"\x03sgl\x18\x03 \x03(\v2\x18.ndkconform.agent.v1.SGER\x03sgl\"\x0e\n" +
	"\fReceiveReply\"\xa5\x01\n" +
	"\vSendRequest\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\x12'\n" +
	"\x0frequest_context\x18\x02 \x01(\x04R\x0erequestContext\x12*\n" +
	"\x03sgl\x18\x03 \x03(\v2\x18.ndkconform.agent.v1.SGER\x03sgl\x12\x14\n" +
	"\x05flags\x18\x04 \x01(\rR\x05flags\"\v\n" +
	"\tSendReply\"\xd5\x01\n" +
	"\x18SendAndInvalidateRequest\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\x12'\n" +
	"\x0frequest_context\x18\x02 \x01(\x04R\x0erequestContext\x12*\n" +
	"\x03sgl\x18\x03 \x03(\v2\x18.ndkconform.agent.v1.SGER\x03sgl\x12!\n" +
	"\fremote_token\x18\x04 \x01(\rR\vremoteToken\x12\x14\n" +
	"\x05flags\x18\x05 \x01(\rR\x05flags\"\x18\n" +
	"\x16SendAndInvalidateReply\"\xf0\x01\n" +
	"\fWriteRequest\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\x12'\n" +
	"\x0frequest_context\x18\x02 \x01(\x04R\x0erequestContext\x12*\n" +
	"\x03sgl\x18\x03 \x03(\v2\x18.ndkconform.agent.v1.SGER\x03sgl\x12%\n" +
	"\x0eremote_address\x18\x04 \x01(\x04R\rremoteAddress\x12!\n" +
	"\fremote_token\x18\x05 \x01(\rR\vremoteToken\x12\x14\n" +
	"\x05flags\x18\x06 \x01(\rR\x05flags\"\f\n" +
	"\n" +
	"WriteReply\"\xef\x01\n" +
	"\vReadRequest\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\x12'\n" +
	"\x0frequest_context\x18\x02 \x01(\x04R\x0erequestContext\x12*\n" +
	"\x03sgl\x18\x03 \x03(\v2\x18.ndkconform.agent.v1.SGER\x03sgl\x12%\n" +
	"\x0eremote_address\x18\x04 \x01(\x04R\rremoteAddress\x12!\n" +
	"\fremote_token\x18\x05 \x01(\rR\vremoteToken\x12\x14\n" +
	"\x05flags\x18\x06 \x01(\rR\x05flags\"\v\n" +
	"\tReadReply\"\xfb\x01\n" +
	"\vBindRequest\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\x12'\n" +
	"\x0frequest_context\x18\x02 \x01(\x04R\x0erequestContext\x12+\n" +
	"\x02mr\x18\x03 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mr\x12+\n" +
	"\x02mw\x18\x04 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mw\x12\x0e\n" +
	"\x02va\x18\x05 \x01(\x04R\x02va\x12\x16\n" +
	"\x06length\x18\x06 \x01(\x04R\x06length\x12\x14\n" +
	"\x05flags\x18\a \x01(\rR\x05flags\"\v\n" +
	"\tBindReply\"\x87\x02\n" +
	"\x13FastRegisterRequest\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\x12'\n" +
	"\x0frequest_context\x18\x02 \x01(\x04R\x0erequestContext\x12+\n" +
	"\x02mr\x18\x03 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02mr\x12\x14\n" +
	"\x05pages\x18\x04 \x03(\x04R\x05pages\x12\x10\n" +
	"\x03fbo\x18\x05 \x01(\rR\x03fbo\x12\x16\n" +
	"\x06length\x18\x06 \x01(\x04R\x06length\x12\x17\n" +
	"\abase_va\x18\a \x01(\x04R\x06baseVa\x12\x14\n" +
	"\x05flags\x18\b \x01(\rR\x05flags\"\x13\n" +
	"\x11FastRegisterReply\"\xb6\x01\n" +
	"\x11InvalidateRequest\x12+\n" +
	"\x02qp\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\x12'\n" +
	"\x0frequest_context\x18\x02 \x01(\x04R\x0erequestContext\x125\n" +
	"\bmr_or_mw\x18\x03 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06mrOrMw\x12\x14\n" +
	"\x05flags\x18\x04 \x01(\rR\x05flags\"\x11\n" +
	"\x0fInvalidateReply\"\xbd\x01\n" +
	"\x0eConnectRequest\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\x12:\n" +
	"\x06params\x18\x02 \x01(\v2\".ndkconform.agent.v1.ConnectParamsR\x06params\x124\n" +
	"\x04done\x18\x03 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\x0e\n" +
	"\fConnectReply\"\x95\x02\n" +
	" ConnectWithSharedEndpointRequest\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\x12D\n" +
	"\x0fshared_endpoint\x18\x02 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x0esharedEndpoint\x12:\n" +
	"\x06params\x18\x03 \x01(\v2\".ndkconform.agent.v1.ConnectParamsR\x06params\x124\n" +
	"\x04done\x18\x04 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\" \n" +
	"\x1eConnectWithSharedEndpointReply\"\xd0\x01\n" +
	"\x16CompleteConnectRequest\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\x12E\n" +
	"\ron_disconnect\x18\x02 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\fonDisconnect\x124\n" +
	"\x04done\x18\x03 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\x16\n" +
	"\x14CompleteConnectReply\"\x8b\x03\n" +
	"\rAcceptRequest\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\x12+\n" +
	"\x02qp\x18\x02 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\x12,\n" +
	"\x12inbound_read_limit\x18\x03 \x01(\rR\x10inboundReadLimit\x12.\n" +
	"\x13outbound_read_limit\x18\x04 \x01(\rR\x11outboundReadLimit\x12&\n" +
	"\fprivate_data\x18\x05 \x01(\fH\x00R\vprivateData\x88\x01\x01\x12E\n" +
	"\ron_disconnect\x18\x06 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\fonDisconnect\x124\n" +
	"\x04done\x18\a \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04doneB\x0f\n" +
	"\r_private_data\"\r\n" +
	"\vAcceptReply\"\xd2\x01\n" +
	"\x18CompleteConnectExRequest\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\x12E\n" +
	"\ron_disconnect\x18\x02 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\fonDisconnect\x124\n" +
	"\x04done\x18\x03 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\x18\n" +
	"\x16CompleteConnectExReply\"\x8d\x03\n" +
	"\x0fAcceptExRequest\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\x12+\n" +
	"\x02qp\x18\x02 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02qp\x12,\n" +
	"\x12inbound_read_limit\x18\x03 \x01(\rR\x10inboundReadLimit\x12.\n" +
	"\x13outbound_read_limit\x18\x04 \x01(\rR\x11outboundReadLimit\x12&\n" +
	"\fprivate_data\x18\x05 \x01(\fH\x00R\vprivateData\x88\x01\x01\x12E\n" +
	"\ron_disconnect\x18\x06 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\fonDisconnect\x124\n" +
	"\x04done\x18\a \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04doneB\x0f\n" +
	"\r_private_data\"\x0f\n" +
	"\rAcceptExReply\"\x83\x01\n" +
	"\rRejectRequest\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\x12&\n" +
	"\fprivate_data\x18\x02 \x01(\fH\x00R\vprivateData\x88\x01\x01B\x0f\n" +
	"\r_private_data\"\r\n" +
	"\vRejectReply\"\x91\x01\n" +
	"\x18GetConnectionDataRequest\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\x12(\n" +
	"\rbuffer_length\x18\x02 \x01(\rH\x00R\fbufferLength\x88\x01\x01B\x10\n" +
	"\x0e_buffer_length\"\xc9\x01\n" +
	"\x16GetConnectionDataReply\x12,\n" +
	"\x12inbound_read_limit\x18\x01 \x01(\rR\x10inboundReadLimit\x12.\n" +
	"\x13outbound_read_limit\x18\x02 \x01(\rR\x11outboundReadLimit\x12.\n" +
	"\x13private_data_length\x18\x03 \x01(\rR\x11privateDataLength\x12!\n" +
	"\fprivate_data\x18\x04 \x01(\fR\vprivateData\"S\n" +
	"\x16GetLocalAddressRequest\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\"T\n" +
	"\x14GetLocalAddressReply\x12<\n" +
	"\aaddress\x18\x01 \x01(\v2\".ndkconform.agent.v1.SocketAddressR\aaddress\"R\n" +
	"\x15GetPeerAddressRequest\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\"S\n" +
	"\x13GetPeerAddressReply\x12<\n" +
	"\aaddress\x18\x01 \x01(\v2\".ndkconform.agent.v1.SocketAddressR\aaddress\"\x84\x01\n" +
	"\x11DisconnectRequest\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\x124\n" +
	"\x04done\x18\x02 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\x11\n" +
	"\x0fDisconnectReply\"\xb8\x01\n" +
	"\rListenRequest\x127\n" +
	"\blistener\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\blistener\x128\n" +
	"\x05local\x18\x02 \x01(\v2\".ndkconform.agent.v1.SocketAddressR\x05local\x124\n" +
	"\x04done\x18\x03 \x01(\v2 .ndkconform.agent.v1.CallbackRefR\x04done\"\r\n" +
	"\vListenReply\"Y\n" +
	"\x1eGetListenerLocalAddressRequest\x127\n" +
	"\blistener\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\blistener\"\\\n" +
	"\x1cGetListenerLocalAddressReply\x12<\n" +
	"\aaddress\x18\x01 \x01(\v2\".ndkconform.agent.v1.SocketAddressR\aaddress\"l\n" +
	"\x1bControlConnectEventsRequest\x127\n" +
	"\blistener\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\blistener\x12\x14\n" +
	"\x05pause\x18\x02 \x01(\bR\x05pause\"\x1b\n" +
	"\x19ControlConnectEventsReply\"l\n" +
	"$GetSharedEndpointLocalAddressRequest\x12D\n" +
	"\x0fshared_endpoint\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x0esharedEndpoint\"b\n" +
	"\"GetSharedEndpointLocalAddressReply\x12<\n" +
	"\aaddress\x18\x01 \x01(\v2\".ndkconform.agent.v1.SocketAddressR\aaddress\"/\n" +
	"\x15AllocateBufferRequest\x12\x16\n" +
	"\x06length\x18\x01 \x01(\x04R\x06length\"J\n" +
	"\x13AllocateBufferReply\x123\n" +
	"\x06buffer\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06buffer\"H\n" +
	"\x11FreeBufferRequest\x123\n" +
	"\x06buffer\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06buffer\"\x11\n" +
	"\x0fFreeBufferReply\"u\n" +
	"\x12WriteMemoryRequest\x123\n" +
	"\x06region\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06region\x12\x16\n" +
	"\x06offset\x18\x02 \x01(\x04R\x06offset\x12\x12\n" +
	"\x04data\x18\x03 \x01(\fR\x04data\"\x12\n" +
	"\x10WriteMemoryReply\"x\n" +
	"\x11ReadMemoryRequest\x123\n" +
	"\x06region\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06region\x12\x16\n" +
	"\x06offset\x18\x02 \x01(\x04R\x06offset\x12\x16\n" +
	"\x06length\x18\x03 \x01(\rR\x06length\"%\n" +
	"\x0fReadMemoryReply\x12\x12\n" +
	"\x04data\x18\x01 \x01(\fR\x04data\"K\n" +
	"\x14QueryAbiFactsRequest\x123\n" +
	"\x06object\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06object\"I\n" +
	"\x12QueryAbiFactsReply\x123\n" +
	"\x05facts\x18\x01 \x01(\v2\x1d.ndkconform.agent.v1.AbiFactsR\x05facts\"\xa4\t\n" +
	"\bAbiFacts\x12,\n" +
	"\x12header_object_type\x18\x01 \x01(\rR\x10headerObjectType\x12C\n" +
	"\x0eheader_version\x18\x02 \x01(\v2\x1c.ndkconform.agent.v1.VersionR\rheaderVersion\x12)\n" +
	"\x10reserved_nonzero\x18\x03 \x01(\bR\x0freservedNonzero\x12#\n" +
	"\rdispatch_null\x18\x04 \x01(\bR\fdispatchNull\x12!\n" +
	"\fnull_entries\x18\x05 \x01(\rR\vnullEntries\x12\x1b\n" +
	"\tn_entries\x18\x06 \x01(\rR\bnEntries\x12+\n" +
	"\x11dispatch_replaced\x18\a \x01(\bR\x10dispatchReplaced\x12+\n" +
	"\x11dispatch_rewrites\x18\b \x01(\rR\x10dispatchRewrites\x12:\n" +
	"\trequested\x18\t \x01(\v2\x1c.ndkconform.agent.v1.VersionR\trequested\x12\x19\n" +
	"\bhas_info\x18\n" +
	" \x01(\bR\ahasInfo\x12?\n" +
	"\finfo_version\x18\v \x01(\v2\x1c.ndkconform.agent.v1.VersionR\vinfoVersion\x12=\n" +
	"\vprobe_minor\x18\f \x01(\v2\x1c.ndkconform.agent.v1.VersionR\n" +
	"probeMinor\x12,\n" +
	"\x12probe_minor_status\x18\r \x01(\rR\x10probeMinorStatus\x12D\n" +
	"\x0fprobe_minor_got\x18\x0e \x01(\v2\x1c.ndkconform.agent.v1.VersionR\rprobeMinorGot\x12=\n" +
	"\vprobe_major\x18\x0f \x01(\v2\x1c.ndkconform.agent.v1.VersionR\n" +
	"probeMajor\x12,\n" +
	"\x12probe_major_status\x18\x10 \x01(\rR\x10probeMajorStatus\x12D\n" +
	"\x0fprobe_major_got\x18\x11 \x01(\v2\x1c.ndkconform.agent.v1.VersionR\rprobeMajorGot\x12.\n" +
	"\x13high_irql_callbacks\x18\x12 \x01(\x04R\x11highIrqlCallbacks\x12$\n" +
	"\x0ehigh_irql_last\x18\x13 \x01(\rR\fhighIrqlLast\x12\x1f\n" +
	"\vsize_probes\x18\x14 \x01(\rR\n" +
	"sizeProbes\x12#\n" +
	"\rsize_failures\x18\x15 \x01(\rR\fsizeFailures\x12\x1b\n" +
	"\tsize_call\x18\x16 \x01(\rR\bsizeCall\x12\x1b\n" +
	"\tsize_what\x18\x17 \x01(\rR\bsizeWhat\x12!\n" +
	"\fsize_offered\x18\x18 \x01(\rR\vsizeOffered\x12\x1f\n" +
	"\vsize_status\x18\x19 \x01(\rR\n" +
	"sizeStatus\x12#\n" +
	"\rsize_returned\x18\x1a \x01(\rR\fsizeReturned\"\xb2\x06\n" +
	"\bCallback\x12\x1f\n" +
	"\vcallback_id\x18\x01 \x01(\x04R\n" +
	"callbackId\x12\x18\n" +
	"\acontext\x18\x02 \x01(\x04R\acontext\x12T\n" +
	"\x11create_completion\x18\n" +
	" \x01(\v2%.ndkconform.agent.v1.CreateCompletionH\x00R\x10createCompletion\x12W\n" +
	"\x12request_completion\x18\v \x01(\v2&.ndkconform.agent.v1.RequestCompletionH\x00R\x11requestCompletion\x12Q\n" +
	"\x10close_completion\x18\f \x01(\v2$.ndkconform.agent.v1.CloseCompletionH\x00R\x0fcloseCompletion\x12H\n" +
	"\rconnect_event\x18\r \x01(\v2!.ndkconform.agent.v1.ConnectEventH\x00R\fconnectEvent\x12Q\n" +
	"\x10disconnect_event\x18\x0e \x01(\v2$.ndkconform.agent.v1.DisconnectEventH\x00R\x0fdisconnectEvent\x12N\n" +
	"\x0fcq_notification\x18\x0f \x01(\v2#.ndkconform.agent.v1.CqNotificationH\x00R\x0ecqNotification\x12Q\n" +
	"\x10srq_notification\x18\x10 \x01(\v2$.ndkconform.agent.v1.SrqNotificationH\x00R\x0fsrqNotification\x12X\n" +
	"\x13disconnect_event_ex\x18\x11 \x01(\v2&.ndkconform.agent.v1.DisconnectEventExH\x00R\x11disconnectEventEx\x12F\n" +
	"\rabi_callbacks\x18\x04 \x03(\v2!.ndkconform.agent.v1.CallbackIrqlR\fabiCallbacksB\a\n" +
	"\x05event\"R\n" +
	"\fCallbackIrql\x12\x1a\n" +
	"\bcallback\x18\x01 \x01(\tR\bcallback\x12\x12\n" +
	"\x04irql\x18\x02 \x01(\rR\x04irql\x12\x12\n" +
	"\x04held\x18\x03 \x01(\bR\x04held\"1\n" +
	"\x0eCallbackReturn\x12\x1f\n" +
	"\vcallback_id\x18\x01 \x01(\x04R\n" +
	"callbackId\"_\n" +
	"\x10CreateCompletion\x12\x16\n" +
	"\x06status\x18\x01 \x01(\rR\x06status\x123\n" +
	"\x06object\x18\x02 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06object\"j\n" +
	"\x11RequestCompletion\x12\x16\n" +
	"\x06status\x18\x01 \x01(\rR\x06status\x12=\n" +
	"\n" +
	"lam_output\x18\x02 \x01(\v2\x1e.ndkconform.agent.v1.LamOutputR\tlamOutput\"F\n" +
	"\x0fCloseCompletion\x123\n" +
	"\x06object\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x06object\"\x82\x01\n" +
	"\fConnectEvent\x127\n" +
	"\blistener\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\blistener\x129\n" +
	"\tconnector\x18\x02 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\"L\n" +
	"\x0fDisconnectEvent\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\"\x8c\x01\n" +
	"\x11DisconnectEventEx\x129\n" +
	"\tconnector\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\tconnector\x12<\n" +
	"\x1aprovider_disconnect_reason\x18\x02 \x01(\rR\x18providerDisconnectReason\"Z\n" +
	"\x0eCqNotification\x12+\n" +
	"\x02cq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x02cq\x12\x1b\n" +
	"\tcq_status\x18\x02 \x01(\rR\bcqStatus\"_\n" +
	"\x0fSrqNotification\x12-\n" +
	"\x03srq\x18\x01 \x01(\v2\x1b.ndkconform.agent.v1.HandleR\x03srq\x12\x1d\n" +
	"\n" +
	"srq_status\x18\x02 \x01(\rR\tsrqStatus\"\x8c\x01\n" +
	"\rProtocolError\x12:\n" +
	"\x04code\x18\x01 \x01(\x0e2&.ndkconform.agent.v1.ProtocolErrorCodeR\x04code\x12\x18\n" +
	"\amessage\x18\x02 \x01(\tR\amessage\x12%\n" +
	"\x0ecorrelation_id\x18\x03 \x01(\x04R\rcorrelationId*\xbe\x02\n" +
	"\n" +
	"HandleKind\x12\x1b\n" +
	"\x17HANDLE_KIND_UNSPECIFIED\x10\x00\x12\x17\n" +
	"\x13HANDLE_KIND_ADAPTER\x10\x01\x12\x12\n" +
	"\x0eHANDLE_KIND_QP\x10\x02\x12\x12\n" +
	"\x0eHANDLE_KIND_CQ\x10\x03\x12\x12\n" +
	"\x0eHANDLE_KIND_MR\x10\x04\x12\x12\n" +
	"\x0eHANDLE_KIND_MW\x10\x05\x12\x12\n" +
	"\x0eHANDLE_KIND_PD\x10\x06\x12\x1f\n" +
	"\x1bHANDLE_KIND_SHARED_ENDPOINT\x10\a\x12\x19\n" +
	"\x15HANDLE_KIND_CONNECTOR\x10\b\x12\x18\n" +
	"\x14HANDLE_KIND_LISTENER\x10\t\x12\x13\n" +
	"\x0fHANDLE_KIND_SRQ\x10\n" +
	"\x12\x16\n" +
	"\x12HANDLE_KIND_BUFFER\x10d\x12\x13\n" +
	"\x0fHANDLE_KIND_LAM\x10e*P\n" +
	"\tHostState\x12\x11\n" +
	"\rHOST_STATE_UP\x10\x00\x12\x1b\n" +
	"\x17HOST_STATE_UNRESPONSIVE\x10\x01\x12\x13\n" +
	"\x0fHOST_STATE_DOWN\x10\x02*\x8c\x04\n" +
	"\x11ProtocolErrorCode\x12#\n" +
	"\x1fPROTOCOL_ERROR_CODE_UNSPECIFIED\x10\x00\x12&\n" +
	"\"PROTOCOL_ERROR_CODE_UNKNOWN_HANDLE\x10\x01\x12&\n" +
	"\"PROTOCOL_ERROR_CODE_FOREIGN_HANDLE\x10\x02\x12%\n" +
	"!PROTOCOL_ERROR_CODE_OBJECT_CLOSED\x10\x03\x12)\n" +
	"%PROTOCOL_ERROR_CODE_WRONG_HANDLE_KIND\x10\x04\x12(\n" +
	"$PROTOCOL_ERROR_CODE_UNKNOWN_CALLBACK\x10\x05\x12)\n" +
	"%PROTOCOL_ERROR_CODE_DUPLICATE_CALL_ID\x10\x06\x12%\n" +
	"!PROTOCOL_ERROR_CODE_NOT_SUPPORTED\x10\a\x12$\n" +
	" PROTOCOL_ERROR_CODE_OUT_OF_RANGE\x10\b\x12(\n" +
	"$PROTOCOL_ERROR_CODE_INVALID_ARGUMENT\x10\t\x12$\n" +
	" PROTOCOL_ERROR_CODE_BAD_SEQUENCE\x10\n" +
	"\x12\x1c\n" +
	"\x18PROTOCOL_ERROR_CODE_BUSY\x10\v\x12 \n" +
	"\x1cPROTOCOL_ERROR_CODE_INTERNAL\x10\f2^\n" +
	"\x05Agent\x12U\n" +
	"\aSession\x12\".ndkconform.agent.v1.ClientMessage\x1a\".ndkconform.agent.v1.ServerMessage(\x010\x01B3Z1github.com/ndkconform/ndkconform/agent/v1;agentv1b\x06proto3"

var (
	file_agent_v1_agent_proto_rawDescOnce sync.Once
	file_agent_v1_agent_proto_rawDescData []byte
)

func file_agent_v1_agent_proto_rawDescGZIP() []byte {
	file_agent_v1_agent_proto_rawDescOnce.Do(func() {
		file_agent_v1_agent_proto_rawDescData = protoimpl.X.CompressGZIP(unsafe.Slice(unsafe.StringData(file_agent_v1_agent_proto_rawDesc), len(file_agent_v1_agent_proto_rawDesc)))
	})
	return file_agent_v1_agent_proto_rawDescData
}

var file_agent_v1_agent_proto_enumTypes = make([]protoimpl.EnumInfo, 3)
var file_agent_v1_agent_proto_msgTypes = make([]protoimpl.MessageInfo, 167)
var file_agent_v1_agent_proto_goTypes = []any{
	(HandleKind)(0),                               // 0: ndkconform.agent.v1.HandleKind
	(HostState)(0),                                // 1: ndkconform.agent.v1.HostState
	(ProtocolErrorCode)(0),                        // 2: ndkconform.agent.v1.ProtocolErrorCode
	(*ClientMessage)(nil),                         // 3: ndkconform.agent.v1.ClientMessage
	(*ServerMessage)(nil),                         // 4: ndkconform.agent.v1.ServerMessage
	(*ProtocolVersion)(nil),                       // 5: ndkconform.agent.v1.ProtocolVersion
	(*Hello)(nil),                                 // 6: ndkconform.agent.v1.Hello
	(*Welcome)(nil),                               // 7: ndkconform.agent.v1.Welcome
	(*Capabilities)(nil),                          // 8: ndkconform.agent.v1.Capabilities
	(*DriverOption)(nil),                          // 9: ndkconform.agent.v1.DriverOption
	(*SideInfo)(nil),                              // 10: ndkconform.agent.v1.SideInfo
	(*AdapterDescription)(nil),                    // 11: ndkconform.agent.v1.AdapterDescription
	(*Handle)(nil),                                // 12: ndkconform.agent.v1.Handle
	(*Mdl)(nil),                                   // 13: ndkconform.agent.v1.Mdl
	(*CallbackRef)(nil),                           // 14: ndkconform.agent.v1.CallbackRef
	(*SocketAddress)(nil),                         // 15: ndkconform.agent.v1.SocketAddress
	(*Version)(nil),                               // 16: ndkconform.agent.v1.Version
	(*AdapterInfo)(nil),                           // 17: ndkconform.agent.v1.AdapterInfo
	(*SGE)(nil),                                   // 18: ndkconform.agent.v1.SGE
	(*Result)(nil),                                // 19: ndkconform.agent.v1.Result
	(*LamOutput)(nil),                             // 20: ndkconform.agent.v1.LamOutput
	(*ConnectParams)(nil),                         // 21: ndkconform.agent.v1.ConnectParams
	(*Call)(nil),                                  // 22: ndkconform.agent.v1.Call
	(*CallReturn)(nil),                            // 23: ndkconform.agent.v1.CallReturn
	(*OpenAdapterRequest)(nil),                    // 24: ndkconform.agent.v1.OpenAdapterRequest
	(*OpenAdapterReply)(nil),                      // 25: ndkconform.agent.v1.OpenAdapterReply
	(*CloseProviderRequest)(nil),                  // 26: ndkconform.agent.v1.CloseProviderRequest
	(*CloseProviderReply)(nil),                    // 27: ndkconform.agent.v1.CloseProviderReply
	(*SetHostStateRequest)(nil),                   // 28: ndkconform.agent.v1.SetHostStateRequest
	(*SetHostStateReply)(nil),                     // 29: ndkconform.agent.v1.SetHostStateReply
	(*FailSrqRequest)(nil),                        // 30: ndkconform.agent.v1.FailSrqRequest
	(*FailSrqReply)(nil),                          // 31: ndkconform.agent.v1.FailSrqReply
	(*FailCqRequest)(nil),                         // 32: ndkconform.agent.v1.FailCqRequest
	(*FailCqReply)(nil),                           // 33: ndkconform.agent.v1.FailCqReply
	(*CloseAdapterRequest)(nil),                   // 34: ndkconform.agent.v1.CloseAdapterRequest
	(*CloseAdapterReply)(nil),                     // 35: ndkconform.agent.v1.CloseAdapterReply
	(*QueryAdapterInfoRequest)(nil),               // 36: ndkconform.agent.v1.QueryAdapterInfoRequest
	(*QueryAdapterInfoReply)(nil),                 // 37: ndkconform.agent.v1.QueryAdapterInfoReply
	(*CreateCqRequest)(nil),                       // 38: ndkconform.agent.v1.CreateCqRequest
	(*CreateCqReply)(nil),                         // 39: ndkconform.agent.v1.CreateCqReply
	(*CreatePdRequest)(nil),                       // 40: ndkconform.agent.v1.CreatePdRequest
	(*CreatePdReply)(nil),                         // 41: ndkconform.agent.v1.CreatePdReply
	(*CreateSharedEndpointRequest)(nil),           // 42: ndkconform.agent.v1.CreateSharedEndpointRequest
	(*CreateSharedEndpointReply)(nil),             // 43: ndkconform.agent.v1.CreateSharedEndpointReply
	(*CreateConnectorRequest)(nil),                // 44: ndkconform.agent.v1.CreateConnectorRequest
	(*CreateConnectorReply)(nil),                  // 45: ndkconform.agent.v1.CreateConnectorReply
	(*CreateListenerRequest)(nil),                 // 46: ndkconform.agent.v1.CreateListenerRequest
	(*CreateListenerReply)(nil),                   // 47: ndkconform.agent.v1.CreateListenerReply
	(*BuildLamRequest)(nil),                       // 48: ndkconform.agent.v1.BuildLamRequest
	(*BuildLamReply)(nil),                         // 49: ndkconform.agent.v1.BuildLamReply
	(*BuildLamChainRequest)(nil),                  // 50: ndkconform.agent.v1.BuildLamChainRequest
	(*BuildLamChainReply)(nil),                    // 51: ndkconform.agent.v1.BuildLamChainReply
	(*ReleaseLamRequest)(nil),                     // 52: ndkconform.agent.v1.ReleaseLamRequest
	(*ReleaseLamReply)(nil),                       // 53: ndkconform.agent.v1.ReleaseLamReply
	(*CloseObjectRequest)(nil),                    // 54: ndkconform.agent.v1.CloseObjectRequest
	(*CloseObjectReply)(nil),                      // 55: ndkconform.agent.v1.CloseObjectReply
	(*ResizeCqRequest)(nil),                       // 56: ndkconform.agent.v1.ResizeCqRequest
	(*ResizeCqReply)(nil),                         // 57: ndkconform.agent.v1.ResizeCqReply
	(*ArmCqRequest)(nil),                          // 58: ndkconform.agent.v1.ArmCqRequest
	(*ArmCqReply)(nil),                            // 59: ndkconform.agent.v1.ArmCqReply
	(*GetCqResultsRequest)(nil),                   // 60: ndkconform.agent.v1.GetCqResultsRequest
	(*GetCqResultsReply)(nil),                     // 61: ndkconform.agent.v1.GetCqResultsReply
	(*GetCqResultsExRequest)(nil),                 // 62: ndkconform.agent.v1.GetCqResultsExRequest
	(*GetCqResultsExReply)(nil),                   // 63: ndkconform.agent.v1.GetCqResultsExReply
	(*ControlCqInterruptModerationRequest)(nil),   // 64: ndkconform.agent.v1.ControlCqInterruptModerationRequest
	(*ControlCqInterruptModerationReply)(nil),     // 65: ndkconform.agent.v1.ControlCqInterruptModerationReply
	(*QpParams)(nil),                              // 66: ndkconform.agent.v1.QpParams
	(*CreateQpRequest)(nil),                       // 67: ndkconform.agent.v1.CreateQpRequest
	(*CreateQpReply)(nil),                         // 68: ndkconform.agent.v1.CreateQpReply
	(*CreateQpWithSrqRequest)(nil),                // 69: ndkconform.agent.v1.CreateQpWithSrqRequest
	(*CreateQpWithSrqReply)(nil),                  // 70: ndkconform.agent.v1.CreateQpWithSrqReply
	(*CreateSrqRequest)(nil),                      // 71: ndkconform.agent.v1.CreateSrqRequest
	(*CreateSrqReply)(nil),                        // 72: ndkconform.agent.v1.CreateSrqReply
	(*CreateMrRequest)(nil),                       // 73: ndkconform.agent.v1.CreateMrRequest
	(*CreateMrReply)(nil),                         // 74: ndkconform.agent.v1.CreateMrReply
	(*CreateMwRequest)(nil),                       // 75: ndkconform.agent.v1.CreateMwRequest
	(*CreateMwReply)(nil),                         // 76: ndkconform.agent.v1.CreateMwReply
	(*GetPrivilegedMemoryRegionTokenRequest)(nil), // 77: ndkconform.agent.v1.GetPrivilegedMemoryRegionTokenRequest
	(*GetPrivilegedMemoryRegionTokenReply)(nil),   // 78: ndkconform.agent.v1.GetPrivilegedMemoryRegionTokenReply
	(*ModifySrqRequest)(nil),                      // 79: ndkconform.agent.v1.ModifySrqRequest
	(*ModifySrqReply)(nil),                        // 80: ndkconform.agent.v1.ModifySrqReply
	(*SrqReceiveRequest)(nil),                     // 81: ndkconform.agent.v1.SrqReceiveRequest
	(*SrqReceiveReply)(nil),                       // 82: ndkconform.agent.v1.SrqReceiveReply
	(*RegisterMrRequest)(nil),                     // 83: ndkconform.agent.v1.RegisterMrRequest
	(*RegisterMrReply)(nil),                       // 84: ndkconform.agent.v1.RegisterMrReply
	(*RegisterMrChainRequest)(nil),                // 85: ndkconform.agent.v1.RegisterMrChainRequest
	(*RegisterMrChainReply)(nil),                  // 86: ndkconform.agent.v1.RegisterMrChainReply
	(*DeregisterMrRequest)(nil),                   // 87: ndkconform.agent.v1.DeregisterMrRequest
	(*DeregisterMrReply)(nil),                     // 88: ndkconform.agent.v1.DeregisterMrReply
	(*InitializeFastRegisterMrRequest)(nil),       // 89: ndkconform.agent.v1.InitializeFastRegisterMrRequest
	(*InitializeFastRegisterMrReply)(nil),         // 90: ndkconform.agent.v1.InitializeFastRegisterMrReply
	(*GetLocalTokenFromMrRequest)(nil),            // 91: ndkconform.agent.v1.GetLocalTokenFromMrRequest
	(*GetLocalTokenFromMrReply)(nil),              // 92: ndkconform.agent.v1.GetLocalTokenFromMrReply
	(*GetRemoteTokenFromMrRequest)(nil),           // 93: ndkconform.agent.v1.GetRemoteTokenFromMrRequest
	(*GetRemoteTokenFromMrReply)(nil),             // 94: ndkconform.agent.v1.GetRemoteTokenFromMrReply
	(*GetRemoteTokenFromMwRequest)(nil),           // 95: ndkconform.agent.v1.GetRemoteTokenFromMwRequest
	(*GetRemoteTokenFromMwReply)(nil),             // 96: ndkconform.agent.v1.GetRemoteTokenFromMwReply
	(*FlushRequest)(nil),                          // 97: ndkconform.agent.v1.FlushRequest
	(*FlushReply)(nil),                            // 98: ndkconform.agent.v1.FlushReply
	(*ReceiveRequest)(nil),                        // 99: ndkconform.agent.v1.ReceiveRequest
	(*ReceiveReply)(nil),                          // 100: ndkconform.agent.v1.ReceiveReply
	(*SendRequest)(nil),                           // 101: ndkconform.agent.v1.SendRequest
	(*SendReply)(nil),                             // 102: ndkconform.agent.v1.SendReply
	(*SendAndInvalidateRequest)(nil),              // 103: ndkconform.agent.v1.SendAndInvalidateRequest
	(*SendAndInvalidateReply)(nil),                // 104: ndkconform.agent.v1.SendAndInvalidateReply
	(*WriteRequest)(nil),                          // 105: ndkconform.agent.v1.WriteRequest
	(*WriteReply)(nil),                            // 106: ndkconform.agent.v1.WriteReply
	(*ReadRequest)(nil),                           // 107: ndkconform.agent.v1.ReadRequest
	(*ReadReply)(nil),                             // 108: ndkconform.agent.v1.ReadReply
	(*BindRequest)(nil),                           // 109: ndkconform.agent.v1.BindRequest
	(*BindReply)(nil),                             // 110: ndkconform.agent.v1.BindReply
	(*FastRegisterRequest)(nil),                   // 111: ndkconform.agent.v1.FastRegisterRequest
	(*FastRegisterReply)(nil),                     // 112: ndkconform.agent.v1.FastRegisterReply
	(*InvalidateRequest)(nil),                     // 113: ndkconform.agent.v1.InvalidateRequest
	(*InvalidateReply)(nil),                       // 114: ndkconform.agent.v1.InvalidateReply
	(*ConnectRequest)(nil),                        // 115: ndkconform.agent.v1.ConnectRequest
	(*ConnectReply)(nil),                          // 116: ndkconform.agent.v1.ConnectReply
	(*ConnectWithSharedEndpointRequest)(nil),      // 117: ndkconform.agent.v1.ConnectWithSharedEndpointRequest
	(*ConnectWithSharedEndpointReply)(nil),        // 118: ndkconform.agent.v1.ConnectWithSharedEndpointReply
	(*CompleteConnectRequest)(nil),                // 119: ndkconform.agent.v1.CompleteConnectRequest
	(*CompleteConnectReply)(nil),                  // 120: ndkconform.agent.v1.CompleteConnectReply
	(*AcceptRequest)(nil),                         // 121: ndkconform.agent.v1.AcceptRequest
	(*AcceptReply)(nil),                           // 122: ndkconform.agent.v1.AcceptReply
	(*CompleteConnectExRequest)(nil),              // 123: ndkconform.agent.v1.CompleteConnectExRequest
	(*CompleteConnectExReply)(nil),                // 124: ndkconform.agent.v1.CompleteConnectExReply
	(*AcceptExRequest)(nil),                       // 125: ndkconform.agent.v1.AcceptExRequest
	(*AcceptExReply)(nil),                         // 126: ndkconform.agent.v1.AcceptExReply
	(*RejectRequest)(nil),                         // 127: ndkconform.agent.v1.RejectRequest
	(*RejectReply)(nil),                           // 128: ndkconform.agent.v1.RejectReply
	(*GetConnectionDataRequest)(nil),              // 129: ndkconform.agent.v1.GetConnectionDataRequest
	(*GetConnectionDataReply)(nil),                // 130: ndkconform.agent.v1.GetConnectionDataReply
	(*GetLocalAddressRequest)(nil),                // 131: ndkconform.agent.v1.GetLocalAddressRequest
	(*GetLocalAddressReply)(nil),                  // 132: ndkconform.agent.v1.GetLocalAddressReply
	(*GetPeerAddressRequest)(nil),                 // 133: ndkconform.agent.v1.GetPeerAddressRequest
	(*GetPeerAddressReply)(nil),                   // 134: ndkconform.agent.v1.GetPeerAddressReply
	(*DisconnectRequest)(nil),                     // 135: ndkconform.agent.v1.DisconnectRequest
	(*DisconnectReply)(nil),                       // 136: ndkconform.agent.v1.DisconnectReply
	(*ListenRequest)(nil),                         // 137: ndkconform.agent.v1.ListenRequest
	(*ListenReply)(nil),                           // 138: ndkconform.agent.v1.ListenReply
	(*GetListenerLocalAddressRequest)(nil),        // 139: ndkconform.agent.v1.GetListenerLocalAddressRequest
	(*GetListenerLocalAddressReply)(nil),          // 140: ndkconform.agent.v1.GetListenerLocalAddressReply
	(*ControlConnectEventsRequest)(nil),           // 141: ndkconform.agent.v1.ControlConnectEventsRequest
	(*ControlConnectEventsReply)(nil),             // 142: ndkconform.agent.v1.ControlConnectEventsReply
	(*GetSharedEndpointLocalAddressRequest)(nil),  // 143: ndkconform.agent.v1.GetSharedEndpointLocalAddressRequest
	(*GetSharedEndpointLocalAddressReply)(nil),    // 144: ndkconform.agent.v1.GetSharedEndpointLocalAddressReply
	(*AllocateBufferRequest)(nil),                 // 145: ndkconform.agent.v1.AllocateBufferRequest
	(*AllocateBufferReply)(nil),                   // 146: ndkconform.agent.v1.AllocateBufferReply
	(*FreeBufferRequest)(nil),                     // 147: ndkconform.agent.v1.FreeBufferRequest
	(*FreeBufferReply)(nil),                       // 148: ndkconform.agent.v1.FreeBufferReply
	(*WriteMemoryRequest)(nil),                    // 149: ndkconform.agent.v1.WriteMemoryRequest
	(*WriteMemoryReply)(nil),                      // 150: ndkconform.agent.v1.WriteMemoryReply
	(*ReadMemoryRequest)(nil),                     // 151: ndkconform.agent.v1.ReadMemoryRequest
	(*ReadMemoryReply)(nil),                       // 152: ndkconform.agent.v1.ReadMemoryReply
	(*QueryAbiFactsRequest)(nil),                  // 153: ndkconform.agent.v1.QueryAbiFactsRequest
	(*QueryAbiFactsReply)(nil),                    // 154: ndkconform.agent.v1.QueryAbiFactsReply
	(*AbiFacts)(nil),                              // 155: ndkconform.agent.v1.AbiFacts
	(*Callback)(nil),                              // 156: ndkconform.agent.v1.Callback
	(*CallbackIrql)(nil),                          // 157: ndkconform.agent.v1.CallbackIrql
	(*CallbackReturn)(nil),                        // 158: ndkconform.agent.v1.CallbackReturn
	(*CreateCompletion)(nil),                      // 159: ndkconform.agent.v1.CreateCompletion
	(*RequestCompletion)(nil),                     // 160: ndkconform.agent.v1.RequestCompletion
	(*CloseCompletion)(nil),                       // 161: ndkconform.agent.v1.CloseCompletion
	(*ConnectEvent)(nil),                          // 162: ndkconform.agent.v1.ConnectEvent
	(*DisconnectEvent)(nil),                       // 163: ndkconform.agent.v1.DisconnectEvent
	(*DisconnectEventEx)(nil),                     // 164: ndkconform.agent.v1.DisconnectEventEx
	(*CqNotification)(nil),                        // 165: ndkconform.agent.v1.CqNotification
	(*SrqNotification)(nil),                       // 166: ndkconform.agent.v1.SrqNotification
	(*ProtocolError)(nil),                         // 167: ndkconform.agent.v1.ProtocolError
	nil,                                           // 168: ndkconform.agent.v1.Hello.DriverOptionsEntry
	nil,                                           // 169: ndkconform.agent.v1.Capabilities.DeclaredTimeoutsNsEntry
}
var file_agent_v1_agent_proto_depIdxs = []int32{
	6,   // 0: ndkconform.agent.v1.ClientMessage.hello:type_name -> ndkconform.agent.v1.Hello
	22,  // 1: ndkconform.agent.v1.ClientMessage.call:type_name -> ndkconform.agent.v1.Call
	158, // 2: ndkconform.agent.v1.ClientMessage.callback_return:type_name -> ndkconform.agent.v1.CallbackReturn
	7,   // 3: ndkconform.agent.v1.ServerMessage.welcome:type_name -> ndkconform.agent.v1.Welcome
	23,  // 4: ndkconform.agent.v1.ServerMessage.call_return:type_name -> ndkconform.agent.v1.CallReturn
	156, // 5: ndkconform.agent.v1.ServerMessage.callback:type_name -> ndkconform.agent.v1.Callback
	167, // 6: ndkconform.agent.v1.ServerMessage.protocol_error:type_name -> ndkconform.agent.v1.ProtocolError
	5,   // 7: ndkconform.agent.v1.Hello.protocol_version:type_name -> ndkconform.agent.v1.ProtocolVersion
	168, // 8: ndkconform.agent.v1.Hello.driver_options:type_name -> ndkconform.agent.v1.Hello.DriverOptionsEntry
	8,   // 9: ndkconform.agent.v1.Welcome.capabilities:type_name -> ndkconform.agent.v1.Capabilities
	5,   // 10: ndkconform.agent.v1.Capabilities.protocol_version:type_name -> ndkconform.agent.v1.ProtocolVersion
	9,   // 11: ndkconform.agent.v1.Capabilities.driver_options:type_name -> ndkconform.agent.v1.DriverOption
	16,  // 12: ndkconform.agent.v1.Capabilities.ndk_version:type_name -> ndkconform.agent.v1.Version
	10,  // 13: ndkconform.agent.v1.Capabilities.side_a:type_name -> ndkconform.agent.v1.SideInfo
	10,  // 14: ndkconform.agent.v1.Capabilities.side_b:type_name -> ndkconform.agent.v1.SideInfo
	169, // 15: ndkconform.agent.v1.Capabilities.declared_timeouts_ns:type_name -> ndkconform.agent.v1.Capabilities.DeclaredTimeoutsNsEntry
	11,  // 16: ndkconform.agent.v1.SideInfo.ipv4:type_name -> ndkconform.agent.v1.AdapterDescription
	11,  // 17: ndkconform.agent.v1.SideInfo.ipv6:type_name -> ndkconform.agent.v1.AdapterDescription
	17,  // 18: ndkconform.agent.v1.AdapterDescription.info:type_name -> ndkconform.agent.v1.AdapterInfo
	0,   // 19: ndkconform.agent.v1.Handle.kind:type_name -> ndkconform.agent.v1.HandleKind
	12,  // 20: ndkconform.agent.v1.Mdl.buffer:type_name -> ndkconform.agent.v1.Handle
	16,  // 21: ndkconform.agent.v1.AdapterInfo.version:type_name -> ndkconform.agent.v1.Version
	12,  // 22: ndkconform.agent.v1.ConnectParams.qp:type_name -> ndkconform.agent.v1.Handle
	15,  // 23: ndkconform.agent.v1.ConnectParams.source:type_name -> ndkconform.agent.v1.SocketAddress
	15,  // 24: ndkconform.agent.v1.ConnectParams.destination:type_name -> ndkconform.agent.v1.SocketAddress
	24,  // 25: ndkconform.agent.v1.Call.open_adapter:type_name -> ndkconform.agent.v1.OpenAdapterRequest
	26,  // 26: ndkconform.agent.v1.Call.close_provider:type_name -> ndkconform.agent.v1.CloseProviderRequest
	28,  // 27: ndkconform.agent.v1.Call.set_host_state:type_name -> ndkconform.agent.v1.SetHostStateRequest
	30,  // 28: ndkconform.agent.v1.Call.fail_srq:type_name -> ndkconform.agent.v1.FailSrqRequest
	32,  // 29: ndkconform.agent.v1.Call.fail_cq:type_name -> ndkconform.agent.v1.FailCqRequest
	34,  // 30: ndkconform.agent.v1.Call.close_adapter:type_name -> ndkconform.agent.v1.CloseAdapterRequest
	36,  // 31: ndkconform.agent.v1.Call.query_adapter_info:type_name -> ndkconform.agent.v1.QueryAdapterInfoRequest
	38,  // 32: ndkconform.agent.v1.Call.create_cq:type_name -> ndkconform.agent.v1.CreateCqRequest
	40,  // 33: ndkconform.agent.v1.Call.create_pd:type_name -> ndkconform.agent.v1.CreatePdRequest
	42,  // 34: ndkconform.agent.v1.Call.create_shared_endpoint:type_name -> ndkconform.agent.v1.CreateSharedEndpointRequest
	44,  // 35: ndkconform.agent.v1.Call.create_connector:type_name -> ndkconform.agent.v1.CreateConnectorRequest
	46,  // 36: ndkconform.agent.v1.Call.create_listener:type_name -> ndkconform.agent.v1.CreateListenerRequest
	48,  // 37: ndkconform.agent.v1.Call.build_lam:type_name -> ndkconform.agent.v1.BuildLamRequest
	52,  // 38: ndkconform.agent.v1.Call.release_lam:type_name -> ndkconform.agent.v1.ReleaseLamRequest
	50,  // 39: ndkconform.agent.v1.Call.build_lam_chain:type_name -> ndkconform.agent.v1.BuildLamChainRequest
	54,  // 40: ndkconform.agent.v1.Call.close_object:type_name -> ndkconform.agent.v1.CloseObjectRequest
	56,  // 41: ndkconform.agent.v1.Call.resize_cq:type_name -> ndkconform.agent.v1.ResizeCqRequest
	58,  // 42: ndkconform.agent.v1.Call.arm_cq:type_name -> ndkconform.agent.v1.ArmCqRequest
	60,  // 43: ndkconform.agent.v1.Call.get_cq_results:type_name -> ndkconform.agent.v1.GetCqResultsRequest
	62,  // 44: ndkconform.agent.v1.Call.get_cq_results_ex:type_name -> ndkconform.agent.v1.GetCqResultsExRequest
	64,  // 45: ndkconform.agent.v1.Call.control_cq_interrupt_moderation:type_name -> ndkconform.agent.v1.ControlCqInterruptModerationRequest
	67,  // 46: ndkconform.agent.v1.Call.create_qp:type_name -> ndkconform.agent.v1.CreateQpRequest
	69,  // 47: ndkconform.agent.v1.Call.create_qp_with_srq:type_name -> ndkconform.agent.v1.CreateQpWithSrqRequest
	71,  // 48: ndkconform.agent.v1.Call.create_srq:type_name -> ndkconform.agent.v1.CreateSrqRequest
	73,  // 49: ndkconform.agent.v1.Call.create_mr:type_name -> ndkconform.agent.v1.CreateMrRequest
	75,  // 50: ndkconform.agent.v1.Call.create_mw:type_name -> ndkconform.agent.v1.CreateMwRequest
	77,  // 51: ndkconform.agent.v1.Call.get_privileged_memory_region_token:type_name -> ndkconform.agent.v1.GetPrivilegedMemoryRegionTokenRequest
	79,  // 52: ndkconform.agent.v1.Call.modify_srq:type_name -> ndkconform.agent.v1.ModifySrqRequest
	81,  // 53: ndkconform.agent.v1.Call.srq_receive:type_name -> ndkconform.agent.v1.SrqReceiveRequest
	83,  // 54: ndkconform.agent.v1.Call.register_mr:type_name -> ndkconform.agent.v1.RegisterMrRequest
	87,  // 55: ndkconform.agent.v1.Call.deregister_mr:type_name -> ndkconform.agent.v1.DeregisterMrRequest
	89,  // 56: ndkconform.agent.v1.Call.initialize_fast_register_mr:type_name -> ndkconform.agent.v1.InitializeFastRegisterMrRequest
	91,  // 57: ndkconform.agent.v1.Call.get_local_token_from_mr:type_name -> ndkconform.agent.v1.GetLocalTokenFromMrRequest
	93,  // 58: ndkconform.agent.v1.Call.get_remote_token_from_mr:type_name -> ndkconform.agent.v1.GetRemoteTokenFromMrRequest
	95,  // 59: ndkconform.agent.v1.Call.get_remote_token_from_mw:type_name -> ndkconform.agent.v1.GetRemoteTokenFromMwRequest
	85,  // 60: ndkconform.agent.v1.Call.register_mr_chain:type_name -> ndkconform.agent.v1.RegisterMrChainRequest
	97,  // 61: ndkconform.agent.v1.Call.flush:type_name -> ndkconform.agent.v1.FlushRequest
	99,  // 62: ndkconform.agent.v1.Call.receive:type_name -> ndkconform.agent.v1.ReceiveRequest
	101, // 63: ndkconform.agent.v1.Call.send:type_name -> ndkconform.agent.v1.SendRequest
	103, // 64: ndkconform.agent.v1.Call.send_and_invalidate:type_name -> ndkconform.agent.v1.SendAndInvalidateRequest
	105, // 65: ndkconform.agent.v1.Call.write:type_name -> ndkconform.agent.v1.WriteRequest
	107, // 66: ndkconform.agent.v1.Call.read:type_name -> ndkconform.agent.v1.ReadRequest
	109, // 67: ndkconform.agent.v1.Call.bind:type_name -> ndkconform.agent.v1.BindRequest
	111, // 68: ndkconform.agent.v1.Call.fast_register:type_name -> ndkconform.agent.v1.FastRegisterRequest
	113, // 69: ndkconform.agent.v1.Call.invalidate:type_name -> ndkconform.agent.v1.InvalidateRequest
	115, // 70: ndkconform.agent.v1.Call.connect:type_name -> ndkconform.agent.v1.ConnectRequest
	117, // 71: ndkconform.agent.v1.Call.connect_with_shared_endpoint:type_name -> ndkconform.agent.v1.ConnectWithSharedEndpointRequest
	119, // 72: ndkconform.agent.v1.Call.complete_connect:type_name -> ndkconform.agent.v1.CompleteConnectRequest
	121, // 73: ndkconform.agent.v1.Call.accept:type_name -> ndkconform.agent.v1.AcceptRequest
	127, // 74: ndkconform.agent.v1.Call.reject:type_name -> ndkconform.agent.v1.RejectRequest
	129, // 75: ndkconform.agent.v1.Call.get_connection_data:type_name -> ndkconform.agent.v1.GetConnectionDataRequest
	131, // 76: ndkconform.agent.v1.Call.get_local_address:type_name -> ndkconform.agent.v1.GetLocalAddressRequest
	133, // 77: ndkconform.agent.v1.Call.get_peer_address:type_name -> ndkconform.agent.v1.GetPeerAddressRequest
	135, // 78: ndkconform.agent.v1.Call.disconnect:type_name -> ndkconform.agent.v1.DisconnectRequest
	123, // 79: ndkconform.agent.v1.Call.complete_connect_ex:type_name -> ndkconform.agent.v1.CompleteConnectExRequest
	125, // 80: ndkconform.agent.v1.Call.accept_ex:type_name -> ndkconform.agent.v1.AcceptExRequest
	137, // 81: ndkconform.agent.v1.Call.listen:type_name -> ndkconform.agent.v1.ListenRequest
	139, // 82: ndkconform.agent.v1.Call.get_listener_local_address:type_name -> ndkconform.agent.v1.GetListenerLocalAddressRequest
	141, // 83: ndkconform.agent.v1.Call.control_connect_events:type_name -> ndkconform.agent.v1.ControlConnectEventsRequest
	143, // 84: ndkconform.agent.v1.Call.get_shared_endpoint_local_address:type_name -> ndkconform.agent.v1.GetSharedEndpointLocalAddressRequest
	145, // 85: ndkconform.agent.v1.Call.allocate_buffer:type_name -> ndkconform.agent.v1.AllocateBufferRequest
	147, // 86: ndkconform.agent.v1.Call.free_buffer:type_name -> ndkconform.agent.v1.FreeBufferRequest
	149, // 87: ndkconform.agent.v1.Call.write_memory:type_name -> ndkconform.agent.v1.WriteMemoryRequest
	151, // 88: ndkconform.agent.v1.Call.read_memory:type_name -> ndkconform.agent.v1.ReadMemoryRequest
	153, // 89: ndkconform.agent.v1.Call.query_abi_facts:type_name -> ndkconform.agent.v1.QueryAbiFactsRequest
	167, // 90: ndkconform.agent.v1.CallReturn.protocol_error:type_name -> ndkconform.agent.v1.ProtocolError
	25,  // 91: ndkconform.agent.v1.CallReturn.open_adapter:type_name -> ndkconform.agent.v1.OpenAdapterReply
	27,  // 92: ndkconform.agent.v1.CallReturn.close_provider:type_name -> ndkconform.agent.v1.CloseProviderReply
	29,  // 93: ndkconform.agent.v1.CallReturn.set_host_state:type_name -> ndkconform.agent.v1.SetHostStateReply
	31,  // 94: ndkconform.agent.v1.CallReturn.fail_srq:type_name -> ndkconform.agent.v1.FailSrqReply
	33,  // 95: ndkconform.agent.v1.CallReturn.fail_cq:type_name -> ndkconform.agent.v1.FailCqReply
	35,  // 96: ndkconform.agent.v1.CallReturn.close_adapter:type_name -> ndkconform.agent.v1.CloseAdapterReply
	37,  // 97: ndkconform.agent.v1.CallReturn.query_adapter_info:type_name -> ndkconform.agent.v1.QueryAdapterInfoReply
	39,  // 98: ndkconform.agent.v1.CallReturn.create_cq:type_name -> ndkconform.agent.v1.CreateCqReply
	41,  // 99: ndkconform.agent.v1.CallReturn.create_pd:type_name -> ndkconform.agent.v1.CreatePdReply
	43,  // 100: ndkconform.agent.v1.CallReturn.create_shared_endpoint:type_name -> ndkconform.agent.v1.CreateSharedEndpointReply
	45,  // 101: ndkconform.agent.v1.CallReturn.create_connector:type_name -> ndkconform.agent.v1.CreateConnectorReply
	47,  // 102: ndkconform.agent.v1.CallReturn.create_listener:type_name -> ndkconform.agent.v1.CreateListenerReply
	49,  // 103: ndkconform.agent.v1.CallReturn.build_lam:type_name -> ndkconform.agent.v1.BuildLamReply
	53,  // 104: ndkconform.agent.v1.CallReturn.release_lam:type_name -> ndkconform.agent.v1.ReleaseLamReply
	51,  // 105: ndkconform.agent.v1.CallReturn.build_lam_chain:type_name -> ndkconform.agent.v1.BuildLamChainReply
	55,  // 106: ndkconform.agent.v1.CallReturn.close_object:type_name -> ndkconform.agent.v1.CloseObjectReply
	57,  // 107: ndkconform.agent.v1.CallReturn.resize_cq:type_name -> ndkconform.agent.v1.ResizeCqReply
	59,  // 108: ndkconform.agent.v1.CallReturn.arm_cq:type_name -> ndkconform.agent.v1.ArmCqReply
	61,  // 109: ndkconform.agent.v1.CallReturn.get_cq_results:type_name -> ndkconform.agent.v1.GetCqResultsReply
	63,  // 110: ndkconform.agent.v1.CallReturn.get_cq_results_ex:type_name -> ndkconform.agent.v1.GetCqResultsExReply
	65,  // 111: ndkconform.agent.v1.CallReturn.control_cq_interrupt_moderation:type_name -> ndkconform.agent.v1.ControlCqInterruptModerationReply
	68,  // 112: ndkconform.agent.v1.CallReturn.create_qp:type_name -> ndkconform.agent.v1.CreateQpReply
	70,  // 113: ndkconform.agent.v1.CallReturn.create_qp_with_srq:type_name -> ndkconform.agent.v1.CreateQpWithSrqReply
	72,  // 114: ndkconform.agent.v1.CallReturn.create_srq:type_name -> ndkconform.agent.v1.CreateSrqReply
	74,  // 115: ndkconform.agent.v1.CallReturn.create_mr:type_name -> ndkconform.agent.v1.CreateMrReply
	76,  // 116: ndkconform.agent.v1.CallReturn.create_mw:type_name -> ndkconform.agent.v1.CreateMwReply
	78,  // 117: ndkconform.agent.v1.CallReturn.get_privileged_memory_region_token:type_name -> ndkconform.agent.v1.GetPrivilegedMemoryRegionTokenReply
	80,  // 118: ndkconform.agent.v1.CallReturn.modify_srq:type_name -> ndkconform.agent.v1.ModifySrqReply
	82,  // 119: ndkconform.agent.v1.CallReturn.srq_receive:type_name -> ndkconform.agent.v1.SrqReceiveReply
	84,  // 120: ndkconform.agent.v1.CallReturn.register_mr:type_name -> ndkconform.agent.v1.RegisterMrReply
	88,  // 121: ndkconform.agent.v1.CallReturn.deregister_mr:type_name -> ndkconform.agent.v1.DeregisterMrReply
	90,  // 122: ndkconform.agent.v1.CallReturn.initialize_fast_register_mr:type_name -> ndkconform.agent.v1.InitializeFastRegisterMrReply
	92,  // 123: ndkconform.agent.v1.CallReturn.get_local_token_from_mr:type_name -> ndkconform.agent.v1.GetLocalTokenFromMrReply
	94,  // 124: ndkconform.agent.v1.CallReturn.get_remote_token_from_mr:type_name -> ndkconform.agent.v1.GetRemoteTokenFromMrReply
	96,  // 125: ndkconform.agent.v1.CallReturn.get_remote_token_from_mw:type_name -> ndkconform.agent.v1.GetRemoteTokenFromMwReply
	86,  // 126: ndkconform.agent.v1.CallReturn.register_mr_chain:type_name -> ndkconform.agent.v1.RegisterMrChainReply
	98,  // 127: ndkconform.agent.v1.CallReturn.flush:type_name -> ndkconform.agent.v1.FlushReply
	100, // 128: ndkconform.agent.v1.CallReturn.receive:type_name -> ndkconform.agent.v1.ReceiveReply
	102, // 129: ndkconform.agent.v1.CallReturn.send:type_name -> ndkconform.agent.v1.SendReply
	104, // 130: ndkconform.agent.v1.CallReturn.send_and_invalidate:type_name -> ndkconform.agent.v1.SendAndInvalidateReply
	106, // 131: ndkconform.agent.v1.CallReturn.write:type_name -> ndkconform.agent.v1.WriteReply
	108, // 132: ndkconform.agent.v1.CallReturn.read:type_name -> ndkconform.agent.v1.ReadReply
	110, // 133: ndkconform.agent.v1.CallReturn.bind:type_name -> ndkconform.agent.v1.BindReply
	112, // 134: ndkconform.agent.v1.CallReturn.fast_register:type_name -> ndkconform.agent.v1.FastRegisterReply
	114, // 135: ndkconform.agent.v1.CallReturn.invalidate:type_name -> ndkconform.agent.v1.InvalidateReply
	116, // 136: ndkconform.agent.v1.CallReturn.connect:type_name -> ndkconform.agent.v1.ConnectReply
	118, // 137: ndkconform.agent.v1.CallReturn.connect_with_shared_endpoint:type_name -> ndkconform.agent.v1.ConnectWithSharedEndpointReply
	120, // 138: ndkconform.agent.v1.CallReturn.complete_connect:type_name -> ndkconform.agent.v1.CompleteConnectReply
	122, // 139: ndkconform.agent.v1.CallReturn.accept:type_name -> ndkconform.agent.v1.AcceptReply
	128, // 140: ndkconform.agent.v1.CallReturn.reject:type_name -> ndkconform.agent.v1.RejectReply
	130, // 141: ndkconform.agent.v1.CallReturn.get_connection_data:type_name -> ndkconform.agent.v1.GetConnectionDataReply
	132, // 142: ndkconform.agent.v1.CallReturn.get_local_address:type_name -> ndkconform.agent.v1.GetLocalAddressReply
	134, // 143: ndkconform.agent.v1.CallReturn.get_peer_address:type_name -> ndkconform.agent.v1.GetPeerAddressReply
	136, // 144: ndkconform.agent.v1.CallReturn.disconnect:type_name -> ndkconform.agent.v1.DisconnectReply
	124, // 145: ndkconform.agent.v1.CallReturn.complete_connect_ex:type_name -> ndkconform.agent.v1.CompleteConnectExReply
	126, // 146: ndkconform.agent.v1.CallReturn.accept_ex:type_name -> ndkconform.agent.v1.AcceptExReply
	138, // 147: ndkconform.agent.v1.CallReturn.listen:type_name -> ndkconform.agent.v1.ListenReply
	140, // 148: ndkconform.agent.v1.CallReturn.get_listener_local_address:type_name -> ndkconform.agent.v1.GetListenerLocalAddressReply
	142, // 149: ndkconform.agent.v1.CallReturn.control_connect_events:type_name -> ndkconform.agent.v1.ControlConnectEventsReply
	144, // 150: ndkconform.agent.v1.CallReturn.get_shared_endpoint_local_address:type_name -> ndkconform.agent.v1.GetSharedEndpointLocalAddressReply
	146, // 151: ndkconform.agent.v1.CallReturn.allocate_buffer:type_name -> ndkconform.agent.v1.AllocateBufferReply
	148, // 152: ndkconform.agent.v1.CallReturn.free_buffer:type_name -> ndkconform.agent.v1.FreeBufferReply
	150, // 153: ndkconform.agent.v1.CallReturn.write_memory:type_name -> ndkconform.agent.v1.WriteMemoryReply
	152, // 154: ndkconform.agent.v1.CallReturn.read_memory:type_name -> ndkconform.agent.v1.ReadMemoryReply
	154, // 155: ndkconform.agent.v1.CallReturn.query_abi_facts:type_name -> ndkconform.agent.v1.QueryAbiFactsReply
	12,  // 156: ndkconform.agent.v1.OpenAdapterReply.adapter:type_name -> ndkconform.agent.v1.Handle
	1,   // 157: ndkconform.agent.v1.SetHostStateRequest.state:type_name -> ndkconform.agent.v1.HostState
	12,  // 158: ndkconform.agent.v1.FailSrqRequest.srq:type_name -> ndkconform.agent.v1.Handle
	12,  // 159: ndkconform.agent.v1.FailCqRequest.cq:type_name -> ndkconform.agent.v1.Handle
	12,  // 160: ndkconform.agent.v1.CloseAdapterRequest.adapter:type_name -> ndkconform.agent.v1.Handle
	12,  // 161: ndkconform.agent.v1.QueryAdapterInfoRequest.adapter:type_name -> ndkconform.agent.v1.Handle
	17,  // 162: ndkconform.agent.v1.QueryAdapterInfoReply.info:type_name -> ndkconform.agent.v1.AdapterInfo
	12,  // 163: ndkconform.agent.v1.CreateCqRequest.adapter:type_name -> ndkconform.agent.v1.Handle
	14,  // 164: ndkconform.agent.v1.CreateCqRequest.notify:type_name -> ndkconform.agent.v1.CallbackRef
	14,  // 165: ndkconform.agent.v1.CreateCqRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 166: ndkconform.agent.v1.CreateCqReply.cq:type_name -> ndkconform.agent.v1.Handle
	12,  // 167: ndkconform.agent.v1.CreatePdRequest.adapter:type_name -> ndkconform.agent.v1.Handle
	14,  // 168: ndkconform.agent.v1.CreatePdRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 169: ndkconform.agent.v1.CreatePdReply.pd:type_name -> ndkconform.agent.v1.Handle
	12,  // 170: ndkconform.agent.v1.CreateSharedEndpointRequest.adapter:type_name -> ndkconform.agent.v1.Handle
	15,  // 171: ndkconform.agent.v1.CreateSharedEndpointRequest.local:type_name -> ndkconform.agent.v1.SocketAddress
	14,  // 172: ndkconform.agent.v1.CreateSharedEndpointRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 173: ndkconform.agent.v1.CreateSharedEndpointReply.shared_endpoint:type_name -> ndkconform.agent.v1.Handle
	12,  // 174: ndkconform.agent.v1.CreateConnectorRequest.adapter:type_name -> ndkconform.agent.v1.Handle
	14,  // 175: ndkconform.agent.v1.CreateConnectorRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 176: ndkconform.agent.v1.CreateConnectorReply.connector:type_name -> ndkconform.agent.v1.Handle
	12,  // 177: ndkconform.agent.v1.CreateListenerRequest.adapter:type_name -> ndkconform.agent.v1.Handle
	14,  // 178: ndkconform.agent.v1.CreateListenerRequest.on_connect:type_name -> ndkconform.agent.v1.CallbackRef
	14,  // 179: ndkconform.agent.v1.CreateListenerRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 180: ndkconform.agent.v1.CreateListenerReply.listener:type_name -> ndkconform.agent.v1.Handle
	12,  // 181: ndkconform.agent.v1.BuildLamRequest.adapter:type_name -> ndkconform.agent.v1.Handle
	12,  // 182: ndkconform.agent.v1.BuildLamRequest.buffer:type_name -> ndkconform.agent.v1.Handle
	14,  // 183: ndkconform.agent.v1.BuildLamRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 184: ndkconform.agent.v1.BuildLamReply.lam:type_name -> ndkconform.agent.v1.Handle
	20,  // 185: ndkconform.agent.v1.BuildLamReply.output:type_name -> ndkconform.agent.v1.LamOutput
	12,  // 186: ndkconform.agent.v1.BuildLamChainRequest.adapter:type_name -> ndkconform.agent.v1.Handle
	13,  // 187: ndkconform.agent.v1.BuildLamChainRequest.chain:type_name -> ndkconform.agent.v1.Mdl
	14,  // 188: ndkconform.agent.v1.BuildLamChainRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 189: ndkconform.agent.v1.BuildLamChainReply.lam:type_name -> ndkconform.agent.v1.Handle
	20,  // 190: ndkconform.agent.v1.BuildLamChainReply.output:type_name -> ndkconform.agent.v1.LamOutput
	12,  // 191: ndkconform.agent.v1.ReleaseLamRequest.adapter:type_name -> ndkconform.agent.v1.Handle
	12,  // 192: ndkconform.agent.v1.ReleaseLamRequest.lam:type_name -> ndkconform.agent.v1.Handle
	12,  // 193: ndkconform.agent.v1.CloseObjectRequest.object:type_name -> ndkconform.agent.v1.Handle
	14,  // 194: ndkconform.agent.v1.CloseObjectRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 195: ndkconform.agent.v1.ResizeCqRequest.cq:type_name -> ndkconform.agent.v1.Handle
	14,  // 196: ndkconform.agent.v1.ResizeCqRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 197: ndkconform.agent.v1.ArmCqRequest.cq:type_name -> ndkconform.agent.v1.Handle
	12,  // 198: ndkconform.agent.v1.GetCqResultsRequest.cq:type_name -> ndkconform.agent.v1.Handle
	19,  // 199: ndkconform.agent.v1.GetCqResultsReply.results:type_name -> ndkconform.agent.v1.Result
	12,  // 200: ndkconform.agent.v1.GetCqResultsExRequest.cq:type_name -> ndkconform.agent.v1.Handle
	19,  // 201: ndkconform.agent.v1.GetCqResultsExReply.results:type_name -> ndkconform.agent.v1.Result
	12,  // 202: ndkconform.agent.v1.ControlCqInterruptModerationRequest.cq:type_name -> ndkconform.agent.v1.Handle
	12,  // 203: ndkconform.agent.v1.QpParams.receive_cq:type_name -> ndkconform.agent.v1.Handle
	12,  // 204: ndkconform.agent.v1.QpParams.initiator_cq:type_name -> ndkconform.agent.v1.Handle
	12,  // 205: ndkconform.agent.v1.CreateQpRequest.pd:type_name -> ndkconform.agent.v1.Handle
	66,  // 206: ndkconform.agent.v1.CreateQpRequest.params:type_name -> ndkconform.agent.v1.QpParams
	14,  // 207: ndkconform.agent.v1.CreateQpRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 208: ndkconform.agent.v1.CreateQpReply.qp:type_name -> ndkconform.agent.v1.Handle
	12,  // 209: ndkconform.agent.v1.CreateQpWithSrqRequest.pd:type_name -> ndkconform.agent.v1.Handle
	66,  // 210: ndkconform.agent.v1.CreateQpWithSrqRequest.params:type_name -> ndkconform.agent.v1.QpParams
	12,  // 211: ndkconform.agent.v1.CreateQpWithSrqRequest.srq:type_name -> ndkconform.agent.v1.Handle
	14,  // 212: ndkconform.agent.v1.CreateQpWithSrqRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 213: ndkconform.agent.v1.CreateQpWithSrqReply.qp:type_name -> ndkconform.agent.v1.Handle
	12,  // 214: ndkconform.agent.v1.CreateSrqRequest.pd:type_name -> ndkconform.agent.v1.Handle
	14,  // 215: ndkconform.agent.v1.CreateSrqRequest.notify:type_name -> ndkconform.agent.v1.CallbackRef
	14,  // 216: ndkconform.agent.v1.CreateSrqRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 217: ndkconform.agent.v1.CreateSrqReply.srq:type_name -> ndkconform.agent.v1.Handle
	12,  // 218: ndkconform.agent.v1.CreateMrRequest.pd:type_name -> ndkconform.agent.v1.Handle
	14,  // 219: ndkconform.agent.v1.CreateMrRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 220: ndkconform.agent.v1.CreateMrReply.mr:type_name -> ndkconform.agent.v1.Handle
	12,  // 221: ndkconform.agent.v1.CreateMwRequest.pd:type_name -> ndkconform.agent.v1.Handle
	14,  // 222: ndkconform.agent.v1.CreateMwRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 223: ndkconform.agent.v1.CreateMwReply.mw:type_name -> ndkconform.agent.v1.Handle
	12,  // 224: ndkconform.agent.v1.GetPrivilegedMemoryRegionTokenRequest.pd:type_name -> ndkconform.agent.v1.Handle
	12,  // 225: ndkconform.agent.v1.ModifySrqRequest.srq:type_name -> ndkconform.agent.v1.Handle
	14,  // 226: ndkconform.agent.v1.ModifySrqRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 227: ndkconform.agent.v1.SrqReceiveRequest.srq:type_name -> ndkconform.agent.v1.Handle
	18,  // 228: ndkconform.agent.v1.SrqReceiveRequest.sgl:type_name -> ndkconform.agent.v1.SGE
	12,  // 229: ndkconform.agent.v1.RegisterMrRequest.mr:type_name -> ndkconform.agent.v1.Handle
	12,  // 230: ndkconform.agent.v1.RegisterMrRequest.buffer:type_name -> ndkconform.agent.v1.Handle
	14,  // 231: ndkconform.agent.v1.RegisterMrRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 232: ndkconform.agent.v1.RegisterMrChainRequest.mr:type_name -> ndkconform.agent.v1.Handle
	13,  // 233: ndkconform.agent.v1.RegisterMrChainRequest.chain:type_name -> ndkconform.agent.v1.Mdl
	14,  // 234: ndkconform.agent.v1.RegisterMrChainRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 235: ndkconform.agent.v1.DeregisterMrRequest.mr:type_name -> ndkconform.agent.v1.Handle
	14,  // 236: ndkconform.agent.v1.DeregisterMrRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 237: ndkconform.agent.v1.InitializeFastRegisterMrRequest.mr:type_name -> ndkconform.agent.v1.Handle
	14,  // 238: ndkconform.agent.v1.InitializeFastRegisterMrRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 239: ndkconform.agent.v1.GetLocalTokenFromMrRequest.mr:type_name -> ndkconform.agent.v1.Handle
	12,  // 240: ndkconform.agent.v1.GetRemoteTokenFromMrRequest.mr:type_name -> ndkconform.agent.v1.Handle
	12,  // 241: ndkconform.agent.v1.GetRemoteTokenFromMwRequest.mw:type_name -> ndkconform.agent.v1.Handle
	12,  // 242: ndkconform.agent.v1.FlushRequest.qp:type_name -> ndkconform.agent.v1.Handle
	12,  // 243: ndkconform.agent.v1.ReceiveRequest.qp:type_name -> ndkconform.agent.v1.Handle
	18,  // 244: ndkconform.agent.v1.ReceiveRequest.sgl:type_name -> ndkconform.agent.v1.SGE
	12,  // 245: ndkconform.agent.v1.SendRequest.qp:type_name -> ndkconform.agent.v1.Handle
	18,  // 246: ndkconform.agent.v1.SendRequest.sgl:type_name -> ndkconform.agent.v1.SGE
	12,  // 247: ndkconform.agent.v1.SendAndInvalidateRequest.qp:type_name -> ndkconform.agent.v1.Handle
	18,  // 248: ndkconform.agent.v1.SendAndInvalidateRequest.sgl:type_name -> ndkconform.agent.v1.SGE
	12,  // 249: ndkconform.agent.v1.WriteRequest.qp:type_name -> ndkconform.agent.v1.Handle
	18,  // 250: ndkconform.agent.v1.WriteRequest.sgl:type_name -> ndkconform.agent.v1.SGE
	12,  // 251: ndkconform.agent.v1.ReadRequest.qp:type_name -> ndkconform.agent.v1.Handle
	18,  // 252: ndkconform.agent.v1.ReadRequest.sgl:type_name -> ndkconform.agent.v1.SGE
	12,  // 253: ndkconform.agent.v1.BindRequest.qp:type_name -> ndkconform.agent.v1.Handle
	12,  // 254: ndkconform.agent.v1.BindRequest.mr:type_name -> ndkconform.agent.v1.Handle
	12,  // 255: ndkconform.agent.v1.BindRequest.mw:type_name -> ndkconform.agent.v1.Handle
	12,  // 256: ndkconform.agent.v1.FastRegisterRequest.qp:type_name -> ndkconform.agent.v1.Handle
	12,  // 257: ndkconform.agent.v1.FastRegisterRequest.mr:type_name -> ndkconform.agent.v1.Handle
	12,  // 258: ndkconform.agent.v1.InvalidateRequest.qp:type_name -> ndkconform.agent.v1.Handle
	12,  // 259: ndkconform.agent.v1.InvalidateRequest.mr_or_mw:type_name -> ndkconform.agent.v1.Handle
	12,  // 260: ndkconform.agent.v1.ConnectRequest.connector:type_name -> ndkconform.agent.v1.Handle
	21,  // 261: ndkconform.agent.v1.ConnectRequest.params:type_name -> ndkconform.agent.v1.ConnectParams
	14,  // 262: ndkconform.agent.v1.ConnectRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 263: ndkconform.agent.v1.ConnectWithSharedEndpointRequest.connector:type_name -> ndkconform.agent.v1.Handle
	12,  // 264: ndkconform.agent.v1.ConnectWithSharedEndpointRequest.shared_endpoint:type_name -> ndkconform.agent.v1.Handle
	21,  // 265: ndkconform.agent.v1.ConnectWithSharedEndpointRequest.params:type_name -> ndkconform.agent.v1.ConnectParams
	14,  // 266: ndkconform.agent.v1.ConnectWithSharedEndpointRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 267: ndkconform.agent.v1.CompleteConnectRequest.connector:type_name -> ndkconform.agent.v1.Handle
	14,  // 268: ndkconform.agent.v1.CompleteConnectRequest.on_disconnect:type_name -> ndkconform.agent.v1.CallbackRef
	14,  // 269: ndkconform.agent.v1.CompleteConnectRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 270: ndkconform.agent.v1.AcceptRequest.connector:type_name -> ndkconform.agent.v1.Handle
	12,  // 271: ndkconform.agent.v1.AcceptRequest.qp:type_name -> ndkconform.agent.v1.Handle
	14,  // 272: ndkconform.agent.v1.AcceptRequest.on_disconnect:type_name -> ndkconform.agent.v1.CallbackRef
	14,  // 273: ndkconform.agent.v1.AcceptRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 274: ndkconform.agent.v1.CompleteConnectExRequest.connector:type_name -> ndkconform.agent.v1.Handle
	14,  // 275: ndkconform.agent.v1.CompleteConnectExRequest.on_disconnect:type_name -> ndkconform.agent.v1.CallbackRef
	14,  // 276: ndkconform.agent.v1.CompleteConnectExRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 277: ndkconform.agent.v1.AcceptExRequest.connector:type_name -> ndkconform.agent.v1.Handle
	12,  // 278: ndkconform.agent.v1.AcceptExRequest.qp:type_name -> ndkconform.agent.v1.Handle
	14,  // 279: ndkconform.agent.v1.AcceptExRequest.on_disconnect:type_name -> ndkconform.agent.v1.CallbackRef
	14,  // 280: ndkconform.agent.v1.AcceptExRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 281: ndkconform.agent.v1.RejectRequest.connector:type_name -> ndkconform.agent.v1.Handle
	12,  // 282: ndkconform.agent.v1.GetConnectionDataRequest.connector:type_name -> ndkconform.agent.v1.Handle
	12,  // 283: ndkconform.agent.v1.GetLocalAddressRequest.connector:type_name -> ndkconform.agent.v1.Handle
	15,  // 284: ndkconform.agent.v1.GetLocalAddressReply.address:type_name -> ndkconform.agent.v1.SocketAddress
	12,  // 285: ndkconform.agent.v1.GetPeerAddressRequest.connector:type_name -> ndkconform.agent.v1.Handle
	15,  // 286: ndkconform.agent.v1.GetPeerAddressReply.address:type_name -> ndkconform.agent.v1.SocketAddress
	12,  // 287: ndkconform.agent.v1.DisconnectRequest.connector:type_name -> ndkconform.agent.v1.Handle
	14,  // 288: ndkconform.agent.v1.DisconnectRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 289: ndkconform.agent.v1.ListenRequest.listener:type_name -> ndkconform.agent.v1.Handle
	15,  // 290: ndkconform.agent.v1.ListenRequest.local:type_name -> ndkconform.agent.v1.SocketAddress
	14,  // 291: ndkconform.agent.v1.ListenRequest.done:type_name -> ndkconform.agent.v1.CallbackRef
	12,  // 292: ndkconform.agent.v1.GetListenerLocalAddressRequest.listener:type_name -> ndkconform.agent.v1.Handle
	15,  // 293: ndkconform.agent.v1.GetListenerLocalAddressReply.address:type_name -> ndkconform.agent.v1.SocketAddress
	12,  // 294: ndkconform.agent.v1.ControlConnectEventsRequest.listener:type_name -> ndkconform.agent.v1.Handle
	12,  // 295: ndkconform.agent.v1.GetSharedEndpointLocalAddressRequest.shared_endpoint:type_name -> ndkconform.agent.v1.Handle
	15,  // 296: ndkconform.agent.v1.GetSharedEndpointLocalAddressReply.address:type_name -> ndkconform.agent.v1.SocketAddress
	12,  // 297: ndkconform.agent.v1.AllocateBufferReply.buffer:type_name -> ndkconform.agent.v1.Handle
	12,  // 298: ndkconform.agent.v1.FreeBufferRequest.buffer:type_name -> ndkconform.agent.v1.Handle
	12,  // 299: ndkconform.agent.v1.WriteMemoryRequest.region:type_name -> ndkconform.agent.v1.Handle
	12,  // 300: ndkconform.agent.v1.ReadMemoryRequest.region:type_name -> ndkconform.agent.v1.Handle
	12,  // 301: ndkconform.agent.v1.QueryAbiFactsRequest.object:type_name -> ndkconform.agent.v1.Handle
	155, // 302: ndkconform.agent.v1.QueryAbiFactsReply.facts:type_name -> ndkconform.agent.v1.AbiFacts
	16,  // 303: ndkconform.agent.v1.AbiFacts.header_version:type_name -> ndkconform.agent.v1.Version
	16,  // 304: ndkconform.agent.v1.AbiFacts.requested:type_name -> ndkconform.agent.v1.Version
	16,  // 305: ndkconform.agent.v1.AbiFacts.info_version:type_name -> ndkconform.agent.v1.Version
	16,  // 306: ndkconform.agent.v1.AbiFacts.probe_minor:type_name -> ndkconform.agent.v1.Version
	16,  // 307: ndkconform.agent.v1.AbiFacts.probe_minor_got:type_name -> ndkconform.agent.v1.Version
	16,  // 308: ndkconform.agent.v1.AbiFacts.probe_major:type_name -> ndkconform.agent.v1.Version
	16,  // 309: ndkconform.agent.v1.AbiFacts.probe_major_got:type_name -> ndkconform.agent.v1.Version
	159, // 310: ndkconform.agent.v1.Callback.create_completion:type_name -> ndkconform.agent.v1.CreateCompletion
	160, // 311: ndkconform.agent.v1.Callback.request_completion:type_name -> ndkconform.agent.v1.RequestCompletion
	161, // 312: ndkconform.agent.v1.Callback.close_completion:type_name -> ndkconform.agent.v1.CloseCompletion
	162, // 313: ndkconform.agent.v1.Callback.connect_event:type_name -> ndkconform.agent.v1.ConnectEvent
	163, // 314: ndkconform.agent.v1.Callback.disconnect_event:type_name -> ndkconform.agent.v1.DisconnectEvent
	165, // 315: ndkconform.agent.v1.Callback.cq_notification:type_name -> ndkconform.agent.v1.CqNotification
	166, // 316: ndkconform.agent.v1.Callback.srq_notification:type_name -> ndkconform.agent.v1.SrqNotification
	164, // 317: ndkconform.agent.v1.Callback.disconnect_event_ex:type_name -> ndkconform.agent.v1.DisconnectEventEx
	157, // 318: ndkconform.agent.v1.Callback.abi_callbacks:type_name -> ndkconform.agent.v1.CallbackIrql
	12,  // 319: ndkconform.agent.v1.CreateCompletion.object:type_name -> ndkconform.agent.v1.Handle
	20,  // 320: ndkconform.agent.v1.RequestCompletion.lam_output:type_name -> ndkconform.agent.v1.LamOutput
	12,  // 321: ndkconform.agent.v1.CloseCompletion.object:type_name -> ndkconform.agent.v1.Handle
	12,  // 322: ndkconform.agent.v1.ConnectEvent.listener:type_name -> ndkconform.agent.v1.Handle
	12,  // 323: ndkconform.agent.v1.ConnectEvent.connector:type_name -> ndkconform.agent.v1.Handle
	12,  // 324: ndkconform.agent.v1.DisconnectEvent.connector:type_name -> ndkconform.agent.v1.Handle
	12,  // 325: ndkconform.agent.v1.DisconnectEventEx.connector:type_name -> ndkconform.agent.v1.Handle
	12,  // 326: ndkconform.agent.v1.CqNotification.cq:type_name -> ndkconform.agent.v1.Handle
	12,  // 327: ndkconform.agent.v1.SrqNotification.srq:type_name -> ndkconform.agent.v1.Handle
	2,   // 328: ndkconform.agent.v1.ProtocolError.code:type_name -> ndkconform.agent.v1.ProtocolErrorCode
	3,   // 329: ndkconform.agent.v1.Agent.Session:input_type -> ndkconform.agent.v1.ClientMessage
	4,   // 330: ndkconform.agent.v1.Agent.Session:output_type -> ndkconform.agent.v1.ServerMessage
	330, // [330:331] is the sub-list for method output_type
	329, // [329:330] is the sub-list for method input_type
	329, // [329:329] is the sub-list for extension type_name
	329, // [329:329] is the sub-list for extension extendee
	0,   // [0:329] is the sub-list for field type_name
}

func init() { file_agent_v1_agent_proto_init() }
func file_agent_v1_agent_proto_init() {
	if File_agent_v1_agent_proto != nil {
		return
	}
	file_agent_v1_agent_proto_msgTypes[0].OneofWrappers = []any{
		(*ClientMessage_Hello)(nil),
		(*ClientMessage_Call)(nil),
		(*ClientMessage_CallbackReturn)(nil),
	}
	file_agent_v1_agent_proto_msgTypes[1].OneofWrappers = []any{
		(*ServerMessage_Welcome)(nil),
		(*ServerMessage_CallReturn)(nil),
		(*ServerMessage_Callback)(nil),
		(*ServerMessage_ProtocolError)(nil),
	}
	file_agent_v1_agent_proto_msgTypes[18].OneofWrappers = []any{}
	file_agent_v1_agent_proto_msgTypes[19].OneofWrappers = []any{
		(*Call_OpenAdapter)(nil),
		(*Call_CloseProvider)(nil),
		(*Call_SetHostState)(nil),
		(*Call_FailSrq)(nil),
		(*Call_FailCq)(nil),
		(*Call_CloseAdapter)(nil),
		(*Call_QueryAdapterInfo)(nil),
		(*Call_CreateCq)(nil),
		(*Call_CreatePd)(nil),
		(*Call_CreateSharedEndpoint)(nil),
		(*Call_CreateConnector)(nil),
		(*Call_CreateListener)(nil),
		(*Call_BuildLam)(nil),
		(*Call_ReleaseLam)(nil),
		(*Call_BuildLamChain)(nil),
		(*Call_CloseObject)(nil),
		(*Call_ResizeCq)(nil),
		(*Call_ArmCq)(nil),
		(*Call_GetCqResults)(nil),
		(*Call_GetCqResultsEx)(nil),
		(*Call_ControlCqInterruptModeration)(nil),
		(*Call_CreateQp)(nil),
		(*Call_CreateQpWithSrq)(nil),
		(*Call_CreateSrq)(nil),
		(*Call_CreateMr)(nil),
		(*Call_CreateMw)(nil),
		(*Call_GetPrivilegedMemoryRegionToken)(nil),
		(*Call_ModifySrq)(nil),
		(*Call_SrqReceive)(nil),
		(*Call_RegisterMr)(nil),
		(*Call_DeregisterMr)(nil),
		(*Call_InitializeFastRegisterMr)(nil),
		(*Call_GetLocalTokenFromMr)(nil),
		(*Call_GetRemoteTokenFromMr)(nil),
		(*Call_GetRemoteTokenFromMw)(nil),
		(*Call_RegisterMrChain)(nil),
		(*Call_Flush)(nil),
		(*Call_Receive)(nil),
		(*Call_Send)(nil),
		(*Call_SendAndInvalidate)(nil),
		(*Call_Write)(nil),
		(*Call_Read)(nil),
		(*Call_Bind)(nil),
		(*Call_FastRegister)(nil),
		(*Call_Invalidate)(nil),
		(*Call_Connect)(nil),
		(*Call_ConnectWithSharedEndpoint)(nil),
		(*Call_CompleteConnect)(nil),
		(*Call_Accept)(nil),
		(*Call_Reject)(nil),
		(*Call_GetConnectionData)(nil),
		(*Call_GetLocalAddress)(nil),
		(*Call_GetPeerAddress)(nil),
		(*Call_Disconnect)(nil),
		(*Call_CompleteConnectEx)(nil),
		(*Call_AcceptEx)(nil),
		(*Call_Listen)(nil),
		(*Call_GetListenerLocalAddress)(nil),
		(*Call_ControlConnectEvents)(nil),
		(*Call_GetSharedEndpointLocalAddress)(nil),
		(*Call_AllocateBuffer)(nil),
		(*Call_FreeBuffer)(nil),
		(*Call_WriteMemory)(nil),
		(*Call_ReadMemory)(nil),
		(*Call_QueryAbiFacts)(nil),
	}
	file_agent_v1_agent_proto_msgTypes[20].OneofWrappers = []any{
		(*CallReturn_OpenAdapter)(nil),
		(*CallReturn_CloseProvider)(nil),
		(*CallReturn_SetHostState)(nil),
		(*CallReturn_FailSrq)(nil),
		(*CallReturn_FailCq)(nil),
		(*CallReturn_CloseAdapter)(nil),
		(*CallReturn_QueryAdapterInfo)(nil),
		(*CallReturn_CreateCq)(nil),
		(*CallReturn_CreatePd)(nil),
		(*CallReturn_CreateSharedEndpoint)(nil),
		(*CallReturn_CreateConnector)(nil),
		(*CallReturn_CreateListener)(nil),
		(*CallReturn_BuildLam)(nil),
		(*CallReturn_ReleaseLam)(nil),
		(*CallReturn_BuildLamChain)(nil),
		(*CallReturn_CloseObject)(nil),
		(*CallReturn_ResizeCq)(nil),
		(*CallReturn_ArmCq)(nil),
		(*CallReturn_GetCqResults)(nil),
		(*CallReturn_GetCqResultsEx)(nil),
		(*CallReturn_ControlCqInterruptModeration)(nil),
		(*CallReturn_CreateQp)(nil),
		(*CallReturn_CreateQpWithSrq)(nil),
		(*CallReturn_CreateSrq)(nil),
		(*CallReturn_CreateMr)(nil),
		(*CallReturn_CreateMw)(nil),
		(*CallReturn_GetPrivilegedMemoryRegionToken)(nil),
		(*CallReturn_ModifySrq)(nil),
		(*CallReturn_SrqReceive)(nil),
		(*CallReturn_RegisterMr)(nil),
		(*CallReturn_DeregisterMr)(nil),
		(*CallReturn_InitializeFastRegisterMr)(nil),
		(*CallReturn_GetLocalTokenFromMr)(nil),
		(*CallReturn_GetRemoteTokenFromMr)(nil),
		(*CallReturn_GetRemoteTokenFromMw)(nil),
		(*CallReturn_RegisterMrChain)(nil),
		(*CallReturn_Flush)(nil),
		(*CallReturn_Receive)(nil),
		(*CallReturn_Send)(nil),
		(*CallReturn_SendAndInvalidate)(nil),
		(*CallReturn_Write)(nil),
		(*CallReturn_Read)(nil),
		(*CallReturn_Bind)(nil),
		(*CallReturn_FastRegister)(nil),
		(*CallReturn_Invalidate)(nil),
		(*CallReturn_Connect)(nil),
		(*CallReturn_ConnectWithSharedEndpoint)(nil),
		(*CallReturn_CompleteConnect)(nil),
		(*CallReturn_Accept)(nil),
		(*CallReturn_Reject)(nil),
		(*CallReturn_GetConnectionData)(nil),
		(*CallReturn_GetLocalAddress)(nil),
		(*CallReturn_GetPeerAddress)(nil),
		(*CallReturn_Disconnect)(nil),
		(*CallReturn_CompleteConnectEx)(nil),
		(*CallReturn_AcceptEx)(nil),
		(*CallReturn_Listen)(nil),
		(*CallReturn_GetListenerLocalAddress)(nil),
		(*CallReturn_ControlConnectEvents)(nil),
		(*CallReturn_GetSharedEndpointLocalAddress)(nil),
		(*CallReturn_AllocateBuffer)(nil),
		(*CallReturn_FreeBuffer)(nil),
		(*CallReturn_WriteMemory)(nil),
		(*CallReturn_ReadMemory)(nil),
		(*CallReturn_QueryAbiFacts)(nil),
	}
	file_agent_v1_agent_proto_msgTypes[118].OneofWrappers = []any{}
	file_agent_v1_agent_proto_msgTypes[122].OneofWrappers = []any{}
	file_agent_v1_agent_proto_msgTypes[124].OneofWrappers = []any{}
	file_agent_v1_agent_proto_msgTypes[126].OneofWrappers = []any{}
	file_agent_v1_agent_proto_msgTypes[153].OneofWrappers = []any{
		(*Callback_CreateCompletion)(nil),
		(*Callback_RequestCompletion)(nil),
		(*Callback_CloseCompletion)(nil),
		(*Callback_ConnectEvent)(nil),
		(*Callback_DisconnectEvent)(nil),
		(*Callback_CqNotification)(nil),
		(*Callback_SrqNotification)(nil),
		(*Callback_DisconnectEventEx)(nil),
	}
	type x struct{}
	out := protoimpl.TypeBuilder{
		File: protoimpl.DescBuilder{
			GoPackagePath: reflect.TypeOf(x{}).PkgPath(),
			RawDescriptor: unsafe.Slice(unsafe.StringData(file_agent_v1_agent_proto_rawDesc), len(file_agent_v1_agent_proto_rawDesc)),
			NumEnums:      3,
			NumMessages:   167,
			NumExtensions: 0,
			NumServices:   1,
		},
		GoTypes:           file_agent_v1_agent_proto_goTypes,
		DependencyIndexes: file_agent_v1_agent_proto_depIdxs,
		EnumInfos:         file_agent_v1_agent_proto_enumTypes,
		MessageInfos:      file_agent_v1_agent_proto_msgTypes,
	}.Build()
	File_agent_v1_agent_proto = out.File
	file_agent_v1_agent_proto_goTypes = nil
	file_agent_v1_agent_proto_depIdxs = nil
}
