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

// Code generated by protoc-gen-go-grpc. DO NOT EDIT.
// versions:
// - protoc-gen-go-grpc v1.6.2
// - protoc             v3.21.12
// source: agent/v1/agent.proto

package agentv1

import (
	context "context"
	grpc "google.golang.org/grpc"
	codes "google.golang.org/grpc/codes"
	status "google.golang.org/grpc/status"
)

// This is a compile-time assertion to ensure that this generated file
// is compatible with the grpc package it is being compiled against.
// Requires gRPC-Go v1.64.0 or later.
const _ = grpc.SupportPackageIsVersion9

const (
	Agent_Session_FullMethodName = "/ndkconform.agent.v1.Agent/Session"
)

// AgentClient is the client API for Agent service.
//
// For semantics around ctx use and closing/ending streaming RPCs, please refer to https://pkg.go.dev/google.golang.org/grpc/?tab=doc#ClientConn.NewStream.
type AgentClient interface {
	// Session is one opened ndk.Provider: see the top of this file.
	Session(ctx context.Context, opts ...grpc.CallOption) (grpc.BidiStreamingClient[ClientMessage, ServerMessage], error)
}

type agentClient struct {
	cc grpc.ClientConnInterface
}

func NewAgentClient(cc grpc.ClientConnInterface) AgentClient {
	return &agentClient{cc}
}

func (c *agentClient) Session(ctx context.Context, opts ...grpc.CallOption) (grpc.BidiStreamingClient[ClientMessage, ServerMessage], error) {
	cOpts := append([]grpc.CallOption{grpc.StaticMethod()}, opts...)
	stream, err := c.cc.NewStream(ctx, &Agent_ServiceDesc.Streams[0], Agent_Session_FullMethodName, cOpts...)
	if err != nil {
		return nil, err
	}
	x := &grpc.GenericClientStream[ClientMessage, ServerMessage]{ClientStream: stream}
	return x, nil
}

// This type alias is provided for backwards compatibility with existing code that references the prior non-generic stream type by name.
type Agent_SessionClient = grpc.BidiStreamingClient[ClientMessage, ServerMessage]

// AgentServer is the server API for Agent service.
// All implementations must embed UnimplementedAgentServer
// for forward compatibility.
type AgentServer interface {
	// Session is one opened ndk.Provider: see the top of this file.
	Session(grpc.BidiStreamingServer[ClientMessage, ServerMessage]) error
	mustEmbedUnimplementedAgentServer()
}

// UnimplementedAgentServer must be embedded to have
// forward compatible implementations.
//
// NOTE: this should be embedded by value instead of pointer to avoid a nil
// pointer dereference when methods are called.
type UnimplementedAgentServer struct{}

func (UnimplementedAgentServer) Session(grpc.BidiStreamingServer[ClientMessage, ServerMessage]) error {
	return status.Error(codes.Unimplemented, "method Session not implemented")
}
func (UnimplementedAgentServer) mustEmbedUnimplementedAgentServer() {}
func (UnimplementedAgentServer) testEmbeddedByValue()               {}

// UnsafeAgentServer may be embedded to opt out of forward compatibility for this service.
// Use of this interface is not recommended, as added methods to AgentServer will
// result in compilation errors.
type UnsafeAgentServer interface {
	mustEmbedUnimplementedAgentServer()
}

func RegisterAgentServer(s grpc.ServiceRegistrar, srv AgentServer) {
	// If the following call panics, it indicates UnimplementedAgentServer was
	// embedded by pointer and is nil.  This will cause panics if an
	// unimplemented method is ever invoked, so we test this at initialization
	// time to prevent it from happening at runtime later due to I/O.
	if t, ok := srv.(interface{ testEmbeddedByValue() }); ok {
		t.testEmbeddedByValue()
	}
	s.RegisterService(&Agent_ServiceDesc, srv)
}

func _Agent_Session_Handler(srv interface{}, stream grpc.ServerStream) error {
	return srv.(AgentServer).Session(&grpc.GenericServerStream[ClientMessage, ServerMessage]{ServerStream: stream})
}

// This type alias is provided for backwards compatibility with existing code that references the prior non-generic stream type by name.
type Agent_SessionServer = grpc.BidiStreamingServer[ClientMessage, ServerMessage]

// Agent_ServiceDesc is the grpc.ServiceDesc for Agent service.
// It's only intended for direct use with grpc.RegisterService,
// and not to be introspected or modified (even as a copy)
var Agent_ServiceDesc = grpc.ServiceDesc{
	ServiceName: "ndkconform.agent.v1.Agent",
	HandlerType: (*AgentServer)(nil),
	Methods:     []grpc.MethodDesc{},
	Streams: []grpc.StreamDesc{
		{
			StreamName:    "Session",
			Handler:       _Agent_Session_Handler,
			ServerStreams: true,
			ClientStreams: true,
		},
	},
	Metadata: "agent/v1/agent.proto",
}
