// Package sim is the reference NDK provider of ndkconform: a pure-Go
// simulation of NDK adapters on a fabric of hosts, registered as driver
// "sim". Nothing is ever sent on a real network.
//
// # Fabric
//
// Every Open makes a new fabric of `hosts` hosts. Host i (0-based) owns
// 192.0.2.(i+1) and 2001:db8::(i+1); Sides returns hosts 0 and 1.
// OpenAdapter opens a new adapter on the host owning the address; the
// adapters of a host share its table of bound local addresses, keyed by IP
// and port (the IPv4 and IPv6 addresses of a host are separate keys).
//
// # Completion personalities
//
// Option completion says how every call that takes a completion callback
// completes: inline (the final status is returned), deferred (STATUS_PENDING,
// the callback follows from another goroutine), reentrant (the callback runs
// inside the call, which then returns STATUS_PENDING) or random (one of the
// three per call, from a generator seeded by option seed). Inline and
// reentrant calls whose outcome depends on the peer (Connect, Accept) block
// until it is known. A call made with a nil callback completes inline.
//
// Close follows the personality when nothing is outstanding. A close that
// must wait (open successors, LT-16; or callbacks scheduled or running on
// the object, LT-23/LT-24) returns STATUS_PENDING in every personality and
// its completion comes from a sim goroutine. Callbacks that are not the
// completion of the call in progress (events, completions resolved by the
// peer, cancellations, pending close completions) always run on sim
// goroutines, never inside another consumer call. No lock is held while a
// consumer callback runs.
//
// # Choices the documentation leaves open
//
//   - A QP already bound to another connector (connecting or connected), or
//     from another adapter: STATUS_INVALID_PARAMETER at Connect/Accept.
//   - A failed connect attempt (refused, rejected, aborted) releases the
//     connector's endpoint, shared endpoint reference and QP at once and
//     leaves the connector idle, so Connect may be retried on it.
//   - Source and destination of different families: STATUS_INVALID_ADDRESS.
//     An invalid (zero) destination: STATUS_INVALID_PARAMETER.
//   - Closing an unanswered passive connector refuses the request
//     (STATUS_CONNECTION_REFUSED at the connecting side).
//   - A request that reached a listener whose close is issued before the
//     connect event was delivered is refused, not delivered.
//   - Ephemeral ports are assigned next-fit from a per-address cursor.
//   - QP queue depths of 0 are accepted; the maxima are checked.
//   - Reject on the active side (after Connect succeeded) takes at most
//     MaxCallerData bytes of private data, on the passive side MaxCalleeData.
//   - GetLocalAddress/GetPeerAddress of a connector answer from the connect
//     (or connect event) until the connector is closed or the attempt
//     failed; otherwise STATUS_CONNECTION_INVALID. Listener GetLocalAddress
//     before Listen, Listen twice, and Connect on a passive connector:
//     STATUS_INVALID_DEVICE_STATE. A second Close of an object (a consumer
//     error) also returns STATUS_INVALID_DEVICE_STATE and changes nothing.
//   - Disconnect is not a handshake yet: it tells the peer at once and
//     succeeds. A second Disconnect: STATUS_CONNECTION_INVALID.
//
// # Variants
//
// Option variant selects a deliberately broken provider; see Variants.
package sim
