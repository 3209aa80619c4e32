package agent

import (
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/keepalive"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
)

// DefaultKeepalive is the keepalive of ServerOptions: see Keepalive.
const DefaultKeepalive = 10 * time.Second

// minClientPing is how often at most a harness may ping an agent: the
// remote driver pings a connection silent for 10s (gRPC's client
// minimum); a client that pings more often is told to go away
// (too_many_pings), as gRPC's own policy does past one ping in 5 minutes.
const minClientPing = 5 * time.Second

// ServerOptions are the gRPC server options of an agent's server, to pass
// to grpc.NewServer with its own (credentials, interceptors): a fixed
// flow-control window (agentv1.WindowSize), the remote driver's too; and
// the keepalive of DefaultKeepalive (append Keepalive's options to change
// it: the last given wins).
func ServerOptions() []grpc.ServerOption {
	return append([]grpc.ServerOption{grpc.StaticStreamWindowSize(agentv1.WindowSize), grpc.StaticConnWindowSize(agentv1.WindowSize)},
		Keepalive(DefaultKeepalive)...)
}

// Keepalive are the keepalive options of an agent's server: a harness
// whose connection is silent for d is pinged, and its connection (its
// sessions with it) ended if the ping, or data sent to it, is not
// acknowledged within d more: a harness that vanished (its host down, its
// network cut, its process stopped) is noticed within 2d, not after the
// hours of TCP's own keepalive, and its session releases the provider.
// The pings the remote driver sends (one after 10s of silence, with no
// session open too) are permitted. d is 1s at least (gRPC's minimum).
func Keepalive(d time.Duration) []grpc.ServerOption {
	d = max(d, time.Second)
	return []grpc.ServerOption{
		grpc.KeepaliveParams(keepalive.ServerParameters{Time: d, Timeout: d}),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: minClientPing, PermitWithoutStream: true}),
	}
}
