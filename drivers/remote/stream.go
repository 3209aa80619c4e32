package remote

import (
	"context"

	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
)

// stream is what a session talks to: the agent's side of one session of
// the protocol. Two implement it: a gRPC Agent.Session stream (an agent
// on a host, grpcStream) and the ndkt device (ndktStream: the kernel
// consumer's IOCTL contract, which is the protocol's calls in fixed binary
// form). Send and Recv follow the protocol's rules for the harness side
// (session.go); neither blocks on the other.
type stream interface {
	// Send sends one message; safe for one sender at a time (the session
	// serializes its sends).
	Send(*agentv1.ClientMessage) error
	// Recv returns the next message, or the error that ended the stream
	// (io.EOF when the agent ended it after CloseProvider's return).
	Recv() (*agentv1.ServerMessage, error)
	// CloseSend says the client sends nothing more (after CloseProvider's
	// return): the agent then ends the stream.
	CloseSend() error
	// Cancel ends the stream at once: Recv returns an error.
	Cancel()
	// Close releases what the stream holds (its connection, its device
	// handle); after Cancel, or at the session's end.
	Close()
}

// livenessChecker is a stream whose agent can be probed apart from its
// calls (liveness.go): check returns once the agent answered, or ctx
// ended.
type livenessChecker interface {
	check(ctx context.Context)
}

// grpcStream is a stream over gRPC: the Agent.Session RPC on its own
// connection.
type grpcStream struct {
	agentv1.Agent_SessionClient
	conn   *grpc.ClientConn
	cancel context.CancelFunc
}

func (g *grpcStream) Cancel() { g.cancel() }

func (g *grpcStream) Close() {
	g.cancel()
	g.conn.Close()
}

// check makes a gRPC health check on the session's connection: any
// answer (UNIMPLEMENTED included) says the agent's process runs.
func (g *grpcStream) check(ctx context.Context) {
	_, _ = healthpb.NewHealthClient(g.conn).Check(ctx, &healthpb.HealthCheckRequest{})
}

var (
	_ stream          = (*grpcStream)(nil)
	_ livenessChecker = (*grpcStream)(nil)
)
