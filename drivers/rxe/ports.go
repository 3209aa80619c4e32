package rxe

import (
	"net/netip"

	"github.com/ndkconform/ndkconform/ndk"
)

// epKind is what created an endpoint.
type epKind int

const (
	epListener  epKind = iota // NdkListen: the listener and its accepted connectors
	epConnector               // NdkConnect: a dedicated implicit endpoint
	epShared                  // NdkCreateSharedEndpoint
)

// endpoint is an NDK endpoint: a local address and port, held while its
// reference count is above zero (the endpoint rules of
// ndkpi-listeners--connectors--and-endpoints.md). rdma_cm releases a port as
// soon as its rdma_cm_id is destroyed, which is earlier than NDK allows
// (a closed listener's port stays in use while its accepted connectors are
// open), so the provider keeps its own table and binds rdma_cm ids only to
// ports the table gave out.
type endpoint struct {
	addr netip.AddrPort
	kind epKind
	refs int
	// remotes counts the connections of a shared endpoint by remote
	// address: a second connection to the same remote address and port
	// fails with STATUS_ADDRESS_ALREADY_EXISTS (CN-3).
	remotes map[netip.AddrPort]int
}

// portTable is the provider's table of bound endpoints, keyed by local IP
// address and port (the IPv4 and IPv6 addresses of a device are separate
// keys). It is not safe for concurrent use: the provider's lock guards it.
type portTable struct {
	eps    map[netip.AddrPort]*endpoint
	cursor map[netip.Addr]uint16 // next ephemeral port to try, per address
}

func newPortTable() *portTable {
	return &portTable{eps: map[netip.AddrPort]*endpoint{}, cursor: map[netip.Addr]uint16{}}
}

// normalize strips what does not identify an address for binding.
func normalize(ap netip.AddrPort) netip.AddrPort {
	return netip.AddrPortFrom(ap.Addr().Unmap().WithZone(""), ap.Port())
}

// bind takes ap with one reference. Port 0 takes a free ephemeral port
// (next-fit from a per-address cursor). A port in use: STATUS_SHARING_VIOLATION
// (CN-1); no ephemeral port free: STATUS_TOO_MANY_ADDRESSES (CN-1).
func (t *portTable) bind(ap netip.AddrPort, kind epKind) (*endpoint, ndk.Status) {
	ap = normalize(ap)
	if ap.Port() != 0 {
		if _, busy := t.eps[ap]; busy {
			return nil, ndk.StatusSharingViolation
		}
		return t.take(ap, kind), ndk.StatusSuccess
	}
	const n = ndk.EphemeralPortLast - ndk.EphemeralPortFirst + 1
	addr := ap.Addr()
	next := t.cursor[addr]
	if next < ndk.EphemeralPortFirst {
		next = ndk.EphemeralPortFirst
	}
	for i := 0; i < n; i++ {
		port := next
		if next == ndk.EphemeralPortLast {
			next = ndk.EphemeralPortFirst
		} else {
			next++
		}
		cand := netip.AddrPortFrom(addr, port)
		if _, busy := t.eps[cand]; !busy {
			t.cursor[addr] = next
			return t.take(cand, kind), ndk.StatusSuccess
		}
	}
	return nil, ndk.StatusTooManyAddresses
}

func (t *portTable) take(ap netip.AddrPort, kind epKind) *endpoint {
	ep := &endpoint{addr: ap, kind: kind, refs: 1}
	t.eps[ap] = ep
	return ep
}

// ref adds a reference to ep.
func (t *portTable) ref(ep *endpoint) { ep.refs++ }

// unref drops a reference; the last one releases the address and port.
func (t *portTable) unref(ep *endpoint) {
	if ep == nil || ep.refs <= 0 {
		return
	}
	ep.refs--
	if ep.refs == 0 && t.eps[ep.addr] == ep {
		delete(t.eps, ep.addr)
	}
}

// busy reports whether ap is held.
func (t *portTable) busy(ap netip.AddrPort) bool {
	_, ok := t.eps[normalize(ap)]
	return ok
}

// addRemote records a connection of shared endpoint ep to remote; false if
// one to the same remote address and port exists (CN-3).
func (ep *endpoint) addRemote(remote netip.AddrPort) bool {
	remote = normalize(remote)
	if ep.remotes == nil {
		ep.remotes = map[netip.AddrPort]int{}
	}
	if ep.remotes[remote] > 0 {
		return false
	}
	ep.remotes[remote]++
	return true
}

// dropRemote forgets a connection recorded by addRemote.
func (ep *endpoint) dropRemote(remote netip.AddrPort) {
	remote = normalize(remote)
	if ep.remotes[remote] > 0 {
		ep.remotes[remote]--
		if ep.remotes[remote] == 0 {
			delete(ep.remotes, remote)
		}
	}
}
