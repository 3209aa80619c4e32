package remote

import (
	"errors"
	"net/netip"
	"time"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// Provider is the remote provider: one session with side A's agent, and
// one with side B's unless the same agent serves both sides.
type Provider struct {
	a, b *session // b == a when one agent serves both sides
}

func open(c Config) (*Provider, error) {
	a, err := dial(c.SideA, c)
	if err != nil {
		return nil, err
	}
	p := &Provider{a: a, b: a}
	if c.SideB != "" && c.SideB != c.SideA {
		b, err := dial(c.SideB, c)
		if err != nil {
			_ = a.close()
			return nil, err
		}
		p.b = b
	}
	return p, nil
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

// serves reports whether the session's agent listed addr in its sides.
func serves(s *session, addr netip.Addr) bool {
	for _, si := range []*agentv1.SideInfo{s.caps.GetSideA(), s.caps.GetSideB()} {
		for _, d := range []*agentv1.AdapterDescription{si.GetIpv4(), si.GetIpv6()} {
			if a, err := netip.ParseAddr(d.GetAddress()); err == nil && a == addr {
				return true
			}
		}
	}
	return false
}

// OpenAdapter implements ndk.Provider: on side B's agent if it (and not
// side A's) lists addr, else on side A's.
func (p *Provider) OpenAdapter(addr netip.Addr) (ndk.Adapter, ndk.Status) {
	s := p.a
	if p.b != p.a && serves(p.b, addr) && !serves(p.a, addr) {
		s = p.b
	}
	r := s.call(&agentv1.Call{Op: &agentv1.Call_OpenAdapter{OpenAdapter: &agentv1.OpenAdapterRequest{Address: addr.String()}}})
	st := status(r)
	if st != ndk.StatusSuccess {
		return nil, st
	}
	h := r.GetOpenAdapter().GetAdapter()
	if h == nil {
		return nil, errStatus
	}
	return &adapter{s: s, h: h}, st
}

// Close implements ndk.Provider: CloseProvider on every session.
func (p *Provider) Close() error {
	err := p.a.close()
	if p.b != p.a {
		err = errors.Join(err, p.b.close())
	}
	return err
}

// DeclaredTimeouts implements ndk.TimeoutDeclarer with what the agents
// declared (the longest of each name).
func (p *Provider) DeclaredTimeouts() map[string]time.Duration {
	m := map[string]time.Duration{}
	for _, s := range []*session{p.a, p.b} {
		for k, v := range s.caps.GetDeclaredTimeoutsNs() {
			m[k] = max(m[k], time.Duration(v))
		}
	}
	return m
}
