package agent

import (
	"google.golang.org/grpc"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
)

// ServerOptions are the gRPC server options of an agent's server, to pass
// to grpc.NewServer with its own (credentials, interceptors): a fixed
// flow-control window (agentv1.WindowSize), the remote driver's too.
func ServerOptions() []grpc.ServerOption {
	return []grpc.ServerOption{grpc.StaticStreamWindowSize(agentv1.WindowSize), grpc.StaticConnWindowSize(agentv1.WindowSize)}
}
