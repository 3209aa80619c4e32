package ndk

import "net/netip"

// HostState is the state of a host for fault injection.
type HostState int

// Host states.
const (
	// HostUp: the host works normally.
	HostUp HostState = iota
	// HostUnresponsive: the host's provider stops answering connection
	// management messages (a disconnect handshake to it never completes:
	// the peer times out), its connections otherwise stay as they are.
	HostUnresponsive
	// HostDown: the host is gone: its connections are aborted, as a peer
	// sees when the other host or adapter vanishes.
	HostDown
)

func (s HostState) String() string {
	switch s {
	case HostUp:
		return "up"
	case HostUnresponsive:
		return "unresponsive"
	case HostDown:
		return "down"
	}
	return "?"
}

// FaultInjector is implemented by a Provider that can simulate the faults
// the disconnect rules speak of: a peer that never answers, and a peer that
// goes away. Specs that need a fault use it when the provider offers it and
// skip as not verified otherwise. A driver may require an
// option to enable it.
type FaultInjector interface {
	// SetHostState puts the host that owns addr in state s. Going back to
	// HostUp restores it for new connections; what a fault aborted stays
	// aborted.
	SetHostState(addr netip.Addr, s HostState) error
}
