package model

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"

	"github.com/ndkconform/ndkconform/ndk"
)

// role is why an object holds a reference on an endpoint.
type role int

const (
	roleListener   role = iota // the listener itself (LC-7, LC-10)
	roleAccepted               // a connector accepted over the listener (LC-8, LC-9)
	roleDedicated              // an NdkConnect connector's own endpoint (LC-17, LC-18)
	roleShared                 // the shared endpoint itself (LC-20)
	roleOverShared             // a connector connected over the shared endpoint (LC-21, LC-22)
)

// heldRules are the rules that make an endpoint busy while a holder of the
// role holds it; freedRules those that free it once the holder is closed.
var (
	heldRules  = [...]string{"LC-7 LC-6 CN-1", "LC-13 LC-14 LC-8 LC-6", "LC-17 LC-4 LC-6 CN-1", "LC-20 LC-6 CN-1", "LC-24 LC-21 LC-6"}
	freedRules = [...]string{"LC-10 LC-12 LC-6", "LC-9 LC-12 LC-6", "LC-18 LC-19 LC-6", "LC-23 LC-6", "LC-22 LC-23 LC-6"}
)

type holder struct {
	ref  Ref
	role role
}

// endpoint is a local address+port of a side and the objects that hold it.
type endpoint struct {
	holders []holder
}

// PortState is what the model predicts of a local address and port.
type PortState int

// Port states.
const (
	Free   PortState = iota // every reference is gone: binding it succeeds
	Busy                    // a reference holds it: binding it fails with STATUS_SHARING_VIOLATION
	Either                  // the pages leave it open (a close in progress, an attempt that failed)
)

func (s PortState) String() string { return [...]string{"free", "busy", "free or busy"}[s] }

// certainty says whether h holds its endpoint for sure (Busy), maybe
// (Either) or no longer (Free).
func (m *Model) certainty(h holder) PortState {
	o := m.Obj(h.ref)
	switch {
	case o.Closed:
		return Free
	case o.Closing:
		return Either
	}
	switch h.role {
	case roleListener:
		if o.Listening {
			return Busy
		}
		return Free
	case roleShared:
		return Busy
	case roleAccepted, roleDedicated, roleOverShared:
		switch o.Phase {
		case Connected, Established, Disconnected:
			return Busy
		}
		if o.Phase == Accepting || o.Phase == Incoming || o.Phase == Connecting || o.Phase == Failed {
			return Either
		}
	}
	return Either
}

// Port is the state of side s's address ap, and the rules that decide it:
// for a busy port those that make it busy, for a free one those that freed
// it.
func (m *Model) Port(s Side, ap netip.AddrPort) (PortState, string) {
	ep := m.eps[epKey{s, ap}]
	if ep == nil {
		return Free, "CN-1 LC-6"
	}
	state := Free
	var busy, freed []string
	for _, h := range ep.holders {
		switch c := m.certainty(h); c {
		case Busy:
			state = Busy
			busy = append(busy, heldRules[h.role])
		case Either:
			if state == Free {
				state = Either
			}
		case Free:
			freed = append(freed, freedRules[h.role])
		}
	}
	switch state {
	case Busy:
		return Busy, union(busy)
	case Free:
		if len(freed) == 0 {
			return Free, "CN-1 LC-6"
		}
		return Free, union(freed)
	}
	return Either, ""
}

// union joins rule lists, each ID once, in first-seen order.
func union(lists []string) string {
	var ids []string
	for _, l := range lists {
		for _, id := range strings.Fields(l) {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	return strings.Join(ids, " ")
}

func (m *Model) hold(s Side, ap netip.AddrPort, r Ref, ro role) {
	k := epKey{s, ap}
	ep := m.eps[k]
	if ep == nil {
		ep = &endpoint{}
		m.eps[k] = ep
	}
	ep.holders = append(ep.holders, holder{r, ro})
}

// Ports are the ports of side s the model has seen bound, for probes and
// for calls that reuse a port on purpose.
func (m *Model) Ports(s Side) []uint16 {
	var out []uint16
	for k := range m.eps {
		if k.side == s && !slices.Contains(out, k.ap.Port()) {
			out = append(out, k.ap.Port())
		}
	}
	slices.Sort(out)
	return out
}

// bindExpect is what a call that binds ap on side s may end with, and the
// rules that decide it.
func (m *Model) bindExpect(s Side, ap netip.AddrPort) ([]ndk.Status, string, string) {
	if ap.Addr() != m.cfg.Addr[s] {
		return []ndk.Status{ndk.StatusInvalidAddress}, "CN-1", fmt.Sprintf("%v is not an address of side %s's adapter", ap.Addr(), s)
	}
	if ap.Port() == 0 {
		return []ndk.Status{ndk.StatusSuccess}, "CN-2", "port 0 takes a free ephemeral port"
	}
	switch st, rules := m.Port(s, ap); st {
	case Busy:
		return []ndk.Status{ndk.StatusSharingViolation}, rules, fmt.Sprintf("%v is in use", ap)
	case Either:
		return []ndk.Status{ndk.StatusSuccess, ndk.StatusSharingViolation}, "CN-1", fmt.Sprintf("%v may still be in use", ap)
	default:
		return []ndk.Status{ndk.StatusSuccess}, rules, fmt.Sprintf("%v is free", ap)
	}
}

// Probe judges a probe of side s's address ap: NdkListen on a new listener,
// which is closed at once. It returns nil when the status st is one the
// model allows.
func (m *Model) Probe(s Side, ap netip.AddrPort, st ndk.Status) *Finding {
	allowed, rules, why := m.bindExpect(s, ap)
	if statusIn(st, allowed) {
		return nil
	}
	if st == ndk.StatusInvalidAddress && ap.Addr() == m.cfg.Addr[s] {
		rules = "OV-2 CN-1"
	}
	return &Finding{Rules: rules, Call: "NdkListen", Object: "probe listener", Side: s.String(),
		Expected: fmt.Sprintf("%s (%s)", statusList(allowed), why), Observed: st.String()}
}

// bound checks the address a bind got (read back with Get*LocalAddress) and
// records the reference it holds.
func (m *Model) bound(o *Object, call string, asked, got netip.AddrPort, ro role) *Finding {
	m.hold(o.Side, got, o.Ref, ro)
	if got.Addr() != asked.Addr() {
		return m.find(o, call, "CN-2 LC-2", fmt.Sprintf("the local address %v asked for", asked.Addr()), got.String())
	}
	if asked.Port() != 0 {
		if got.Port() != asked.Port() {
			return m.find(o, call, "CN-2 LC-2", fmt.Sprintf("the port %d asked for", asked.Port()), got.String())
		}
		return nil
	}
	if !ephemeral(got.Port()) {
		return m.find(o, call, "CN-2 CN-1", fmt.Sprintf("port 0 assigns a port of the ephemeral range %d-%d", ndk.EphemeralPortFirst, ndk.EphemeralPortLast), got.String())
	}
	// The port must have been free: count the holders other than o.
	ep := m.eps[epKey{o.Side, got}]
	for _, h := range ep.holders {
		if h.ref != o.Ref && m.certainty(h) == Busy {
			rules := "CN-2 LC-6"
			if ro == roleDedicated {
				rules = "LC-4 LC-17 LC-6"
			}
			return m.find(o, call, rules, "port 0 assigns a free port (an endpoint of its own)",
				fmt.Sprintf("%v, held by %s", got, m.Name(h.ref)))
		}
	}
	return nil
}

// Probed records a probe listener that listened on side s's ap and was
// closed again: its reference is gone, and the rules that free a listener's
// endpoint (LC-10, LC-12) decide the port from now on too.
func (m *Model) Probed(s Side, ap netip.AddrPort) {
	r := m.Add(s, Listener)
	o := m.Obj(r)
	o.Listening, o.listened, o.Closing, o.Closed, o.Local = true, true, true, true, ap
	m.hold(s, ap, r, roleListener)
}
