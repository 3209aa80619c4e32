// Package agentv1 is the agent protocol, ndkconform.agent.v1: the gRPC
// service through which a harness drives an ndk.Provider served by an agent
// process on another machine (see agent.proto, whose opening comment is the
// design: one bidirectional stream per session, synchronous callbacks,
// handles, agent-side memory, errors, authentication, versioning).
//
// agent.pb.go and agent_grpc.pb.go are generated from agent.proto by `make
// proto` (protoc 3.21.12, protoc-gen-go and protoc-gen-go-grpc at the
// versions the Makefile pins) and checked in; edit the .proto, never them.
package agentv1
