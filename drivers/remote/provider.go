package remote

import (
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// Provider is the remote provider: one session with side A's agent, and
// one with side B's unless the same agent serves both sides.
type Provider struct {
	a, b *session // b == a when one agent serves both sides
	loss *loss
	// liveness is the liveness-timeout (see watch).
	liveness time.Duration
	// mu guards routed, the run's sides (RouteSides); nil: the
	// provider's own.
	mu     sync.Mutex
	routed *[2]ndk.Side
}

// FaultProvider is the remote provider when every agent offers fault
// injection (Capabilities.fault_injection): a *Provider that is an
// ndk.FaultInjector. Open returns one or the other, so that a harness
// that asks whether the provider is an ndk.FaultInjector gets the agents'
// answer.
type FaultProvider struct {
	*Provider
}

func open(c Config) (*Provider, error) {
	l := newLoss()
	c = c.withDefaults()
	two := c.SideB != "" && c.SideB != c.SideA
	whatA := fmt.Sprintf("agent %s (sides A and B)", c.SideA)
	if two {
		whatA = fmt.Sprintf("agent %s (side A)", c.SideA)
	}
	a, err := dial(c.SideA, whatA, c, l)
	if err != nil {
		return nil, err
	}
	p := &Provider{a: a, b: a, loss: l, liveness: c.Liveness}
	if two {
		b, err := dial(c.SideB, fmt.Sprintf("agent %s (side B)", c.SideB), c, l)
		if err != nil {
			_ = a.close()
			return nil, err
		}
		p.b = b
		if err := p.checkServed(p.Sides()); err != nil {
			_ = p.Close()
			return nil, err
		}
	}
	return p, nil
}

func (p *Provider) sessions() []*session {
	if p.a == p.b {
		return []*session{p.a}
	}
	return []*session{p.a, p.b}
}

func (p *Provider) faultInjection() bool {
	for _, s := range p.sessions() {
		if !s.caps.GetFaultInjection() {
			return false
		}
	}
	return true
}

func side(si *agentv1.SideInfo) ndk.Side {
	var s ndk.Side
	s.IPv4, _ = netip.ParseAddr(si.GetIpv4().GetAddress())
	s.IPv6, _ = netip.ParseAddr(si.GetIpv6().GetAddress())
	return s
}

// Sides implements ndk.Provider. With one agent, its provider's sides;
// with two, each agent's own side A.
func (p *Provider) Sides() (a, b ndk.Side) {
	if p.a == p.b {
		return side(p.a.caps.GetSideA()), side(p.a.caps.GetSideB())
	}
	return side(p.a.caps.GetSideA()), side(p.b.caps.GetSideA())
}

// owns says whether si lists addr with an adapter its agent's provider
// opened: the Welcome is the agent's answer to which addresses it owns
// (each address of its provider's sides, with the status of the
// OpenAdapter the agent made on it before the Welcome). An address its
// provider lists but does not open (a peer's, of another host) is not
// its own.
func owns(si *agentv1.SideInfo, addr netip.Addr) bool {
	for _, d := range []*agentv1.AdapterDescription{si.GetIpv4(), si.GetIpv6()} {
		if a, err := netip.ParseAddr(d.GetAddress()); err == nil && a == addr && ndk.Status(d.GetOpenStatus()) == ndk.StatusSuccess {
			return true
		}
	}
	return false
}

// owner is the session of the agent that serves addr: the first agent
// that owns it in its side A, else the first that owns it in its side B,
// else side A's agent (whose provider then answers for an address it
// does not own).
func (p *Provider) owner(addr netip.Addr) *session {
	for _, get := range []func(*agentv1.Capabilities) *agentv1.SideInfo{(*agentv1.Capabilities).GetSideA, (*agentv1.Capabilities).GetSideB} {
		for _, s := range p.sessions() {
			if owns(get(s.caps), addr) {
				return s
			}
		}
	}
	return p.a
}

// RouteSides implements ndk.SideRouter: the run's sides (the provider's
// own, or the harness's --side-* instead) are routed by owner, and Describe
// names the addresses each agent serves. With two agents, one that would
// serve none of the run's addresses is refused (its option, side-a or
// side-b, named): a certificate must not name an agent that tested
// nothing.
func (p *Provider) RouteSides(a, b ndk.Side) error {
	if err := p.checkServed(a, b); err != nil {
		return err
	}
	p.mu.Lock()
	p.routed = &[2]ndk.Side{a, b}
	p.mu.Unlock()
	return nil
}

// runSides are the sides RouteSides was told, else the provider's own.
func (p *Provider) runSides() (a, b ndk.Side) {
	p.mu.Lock()
	r := p.routed
	p.mu.Unlock()
	if r != nil {
		return r[0], r[1]
	}
	return p.Sides()
}

// served is what each agent serves of sides a and b: its addresses, side
// A's first, and which sides they are of ("A", "B", "A and B"; empty:
// none).
func (p *Provider) served(a, b ndk.Side) (addrs map[*session][]netip.Addr, sides map[*session]string) {
	addrs, sides = map[*session][]netip.Addr{}, map[*session]string{}
	of := map[*session][2]bool{}
	for i, sd := range []ndk.Side{a, b} {
		for _, addr := range []netip.Addr{sd.IPv4, sd.IPv6} {
			if !addr.IsValid() {
				continue
			}
			s := p.owner(addr)
			if !slices.Contains(addrs[s], addr) {
				addrs[s] = append(addrs[s], addr)
			}
			o := of[s]
			o[i] = true
			of[s] = o
		}
	}
	for s, o := range of {
		switch {
		case o[0] && o[1]:
			sides[s] = "A and B"
		case o[0]:
			sides[s] = "A"
		case o[1]:
			sides[s] = "B"
		}
	}
	return addrs, sides
}

// checkServed refuses sides a and b when an agent would serve none of
// their addresses.
func (p *Provider) checkServed(a, b ndk.Side) error {
	if p.a == p.b {
		return nil
	}
	addrs, _ := p.served(a, b)
	opts := []string{OptSideA, OptSideB}
	for i, s := range p.sessions() {
		if len(addrs[s]) > 0 {
			continue
		}
		other := p.sessions()[1-i]
		return fmt.Errorf("%s=%s serves none of the run's addresses: the agent of %s=%s owns all of them (%s), so its provider alone would be tested; "+
			"give %s an agent whose provider owns side %s's adapter (its own side A), or drop %s",
			opts[i], s.addr, opts[1-i], other.addr, joinAddrs(addrs[other]), opts[i], []string{"A", "B"}[i], opts[i])
	}
	return nil
}

func joinAddrs(as []netip.Addr) string {
	s := make([]string, len(as))
	for i, a := range as {
		s[i] = a.String()
	}
	return strings.Join(s, ", ")
}

// OpenAdapter implements ndk.Provider, on the agent that serves addr.
func (p *Provider) OpenAdapter(addr netip.Addr) (ndk.Adapter, ndk.Status) {
	s := p.owner(addr)
	r := s.call(&agentv1.Call{Op: &agentv1.Call_OpenAdapter{OpenAdapter: &agentv1.OpenAdapterRequest{Address: addr.String()}}})
	st := status(r)
	if st != ndk.StatusSuccess {
		return nil, st
	}
	h := r.GetOpenAdapter().GetAdapter()
	if h == nil {
		return nil, errStatus
	}
	a := &adapter{s: s, h: h}
	if h.GetMdlChains() {
		return &chainAdapter{a}, st
	}
	return a, st
}

// Close implements ndk.Provider: CloseProvider on every session. A lost
// provider closes at once, returning its *ndk.LostError.
func (p *Provider) Close() error {
	if le := p.loss.get(); le != nil {
		for _, s := range p.sessions() {
			s.stream.Close()
		}
		return le
	}
	var err error
	for _, s := range p.sessions() {
		err = errors.Join(err, s.close())
	}
	return err
}

// DeclaredTimeouts implements ndk.TimeoutDeclarer with what the agents
// declared (the longest of each name), and the driver's own wait for an
// agent that stopped answering (LivenessWait: liveness-timeout; none for
// an ndkt device, which is not probed).
func (p *Provider) DeclaredTimeouts() map[string]time.Duration {
	m := map[string]time.Duration{}
	if p.liveness > 0 {
		m[LivenessWait] = p.liveness
	}
	for _, s := range p.sessions() {
		for k, v := range s.caps.GetDeclaredTimeoutsNs() {
			m[k] = max(m[k], time.Duration(v))
		}
	}
	return m
}

// Lost implements ndk.Losable: closed once an agent is lost.
func (p *Provider) Lost() <-chan struct{} { return p.loss.ch }

// LostError implements ndk.Losable: what was lost and why, nil before.
func (p *Provider) LostError() *ndk.LostError { return p.loss.get() }

// SetHostState implements ndk.FaultInjector on the agent that serves addr.
func (p *FaultProvider) SetHostState(addr netip.Addr, st ndk.HostState) error {
	s := p.owner(addr)
	var hs agentv1.HostState
	switch st {
	case ndk.HostUp:
		hs = agentv1.HostState_HOST_STATE_UP
	case ndk.HostUnresponsive:
		hs = agentv1.HostState_HOST_STATE_UNRESPONSIVE
	case ndk.HostDown:
		hs = agentv1.HostState_HOST_STATE_DOWN
	default:
		return fmt.Errorf("remote: SetHostState: unknown host state %d", st)
	}
	r := s.call(&agentv1.Call{Op: &agentv1.Call_SetHostState{SetHostState: &agentv1.SetHostStateRequest{Address: addr.String(), State: hs}}})
	if r == nil {
		return s.lastErr()
	}
	if e := r.GetSetHostState().GetError(); e != "" {
		return errors.New(e)
	}
	return nil
}

// AgentInfo is the identity of one agent of the provider, for the
// certification manifest.
type AgentInfo struct {
	// Address is the agent's HOST:PORT (side-a, side-b).
	Address string
	// Sides are the sides it serves: "A", "B", or "A and B" (of the run's
	// sides: RouteSides, else the provider's own).
	Sides string
	// Serves are the addresses of those sides it serves (it owns them,
	// and every call on their adapters goes to it).
	Serves []netip.Addr
	// ProtocolVersion is the protocol the agent speaks, "MAJOR.MINOR".
	ProtocolVersion string
	// AgentVersion is the agent's tool version.
	AgentVersion string
	// Driver is the agent's driver (a registered ndk driver name).
	Driver string
	// DriverOptions are the driver's options with the values the agent's
	// provider was opened with for this session.
	DriverOptions map[string]string
	// NDKVersion is the NDK version the agent's provider implements, as
	// the agent knows it ("MAJOR.MINOR"; empty if it does not).
	NDKVersion string
	// FaultInjection: the agent serves SetHostState.
	FaultInjection bool
	// SRQFaultInjection, CQFaultInjection: the agent serves FailSrq,
	// FailCq.
	SRQFaultInjection, CQFaultInjection bool
	// Adapters are the adapters of its provider's own sides, as the agent
	// opened and queried them before its Welcome.
	Adapters []AgentAdapter
	// MaxSessions is how many sessions it serves at once (1 for an agent
	// before protocol 1.3); MaxMemoryChunk the most bytes one WriteMemory
	// or ReadMemory moves.
	MaxSessions    int
	MaxMemoryChunk uint32
	// DeclaredTimeouts are its provider's declared waits (ndk.TimeoutDeclarer).
	DeclaredTimeouts map[string]time.Duration
}

// AgentAdapter is one adapter an agent's provider lists.
type AgentAdapter struct {
	// Side is the side of the agent's own provider it is of ("A", "B").
	Side    string
	Address netip.Addr
	// OpenStatus and QueryStatus are the statuses of the agent's
	// OpenAdapter and QueryAdapterInfo on it; Info what the query
	// returned. An adapter whose OpenStatus is STATUS_SUCCESS is the
	// agent's own: calls on its address go to this agent.
	OpenStatus, QueryStatus ndk.Status
	Info                    ndk.AdapterInfo
}

// Agents returns the identity of the provider's agents, side A's first.
func (p *Provider) Agents() []AgentInfo {
	var out []AgentInfo
	addrs, sides := p.served(p.runSides())
	for _, s := range p.sessions() {
		c := s.caps
		ai := AgentInfo{Address: s.addr, Sides: sides[s], Serves: addrs[s], AgentVersion: c.GetAgentVersion(), Driver: c.GetDriver(),
			FaultInjection: c.GetFaultInjection(), SRQFaultInjection: c.GetSrqFaultInjection(), CQFaultInjection: c.GetCqFaultInjection(),
			DriverOptions: map[string]string{}}
		if v := c.GetProtocolVersion(); v != nil {
			ai.ProtocolVersion = fmt.Sprintf("%d.%d", v.GetMajor(), v.GetMinor())
		}
		if v := c.GetNdkVersion(); v != nil {
			ai.NDKVersion = fmt.Sprintf("%d.%d", v.GetMajor(), v.GetMinor())
		}
		for _, o := range c.GetDriverOptions() {
			ai.DriverOptions[o.GetName()] = o.GetDefaultValue()
		}
		for i, si := range []*agentv1.SideInfo{c.GetSideA(), c.GetSideB()} {
			for _, d := range []*agentv1.AdapterDescription{si.GetIpv4(), si.GetIpv6()} {
				addr, err := netip.ParseAddr(d.GetAddress())
				if err != nil {
					continue
				}
				ai.Adapters = append(ai.Adapters, AgentAdapter{Side: []string{"A", "B"}[i], Address: addr,
					OpenStatus: ndk.Status(d.GetOpenStatus()), QueryStatus: ndk.Status(d.GetQueryStatus()), Info: adapterInfoFromProto(d.GetInfo())})
			}
		}
		ai.MaxSessions, ai.MaxMemoryChunk = max(int(c.GetMaxSessions()), 1), c.GetMaxMemoryChunk()
		if len(c.GetDeclaredTimeoutsNs()) > 0 {
			ai.DeclaredTimeouts = map[string]time.Duration{}
			for k, v := range c.GetDeclaredTimeoutsNs() {
				ai.DeclaredTimeouts[k] = time.Duration(v)
			}
		}
		out = append(out, ai)
	}
	return out
}

// Describe implements ndk.Describer: each agent, for the reports and the
// certification manifest.
func (p *Provider) Describe() []ndk.Component {
	var out []ndk.Component
	for _, a := range p.Agents() {
		version := a.AgentVersion
		if version == "" {
			version = "(version unknown)"
		}
		role := "agent of side " + a.Sides
		switch a.Sides {
		case "A and B":
			role = "agent of sides A and B"
		case "":
			role = "agent of no side"
		}
		if a.NDKVersion != "" {
			version += ", NDK " + a.NDKVersion
		}
		if a.FaultInjection {
			version += ", fault injection"
		}
		if a.SRQFaultInjection {
			version += ", SRQ fault injection"
		}
		if a.CQFaultInjection {
			version += ", CQ fault injection"
		}
		var serves []string
		for _, addr := range a.Serves {
			serves = append(serves, addr.String())
		}
		out = append(out, ndk.Component{Role: role, Address: a.Address, Serves: serves, Version: version, Protocol: a.ProtocolVersion,
			Driver: a.Driver, DriverOptions: a.DriverOptions})
	}
	return out
}

var (
	_ ndk.Describer       = (*Provider)(nil)
	_ ndk.SideRouter      = (*Provider)(nil)
	_ ndk.Provider        = (*Provider)(nil)
	_ ndk.TimeoutDeclarer = (*Provider)(nil)
	_ ndk.Losable         = (*Provider)(nil)
	_ ndk.MemoryMirror    = (*Provider)(nil)
	_ ndk.FaultInjector   = (*FaultProvider)(nil)

	_ ndk.ConcurrentRunner = Config{}

	_ ndk.SRQFaultInjector = (*providerHSC)(nil)
	_ ndk.CQFaultInjector  = (*providerHSC)(nil)
	_ ndk.FaultInjector    = (*providerHSC)(nil)
	_ ndk.MemoryMirror     = (*providerHSC)(nil)
	_ ndk.Losable          = (*providerSC)(nil)
)
