package remote

import (
	"errors"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// The SRQ and CQ fault injection of the agents (FailSrq, FailCq), offered
// by the remote provider only when every agent offers it
// (Capabilities.srq_fault_injection, cq_fault_injection), as host fault
// injection is (FaultProvider): a harness that asks whether the provider
// is an ndk.SRQFaultInjector or an ndk.CQFaultInjector gets the agents'
// answer. Go has no optional methods, so Open picks the type that has
// just the methods offered among those below.

// srqFaults makes a remote provider an ndk.SRQFaultInjector.
type srqFaults struct{ p *Provider }

// FailSRQ implements ndk.SRQFaultInjector on the agent of x's session.
func (f srqFaults) FailSRQ(x ndk.SRQ) error {
	q, ok := x.(*srq)
	if !ok || q == nil || !f.p.owns(q.s) {
		return errors.New("remote: FailSRQ: not an SRQ of this provider")
	}
	r := q.s.call(&agentv1.Call{Op: &agentv1.Call_FailSrq{FailSrq: &agentv1.FailSrqRequest{Srq: q.h}}})
	if r == nil {
		return q.s.lastErr()
	}
	if e := r.GetFailSrq().GetError(); e != "" {
		return errors.New(e)
	}
	return nil
}

// cqFaults makes a remote provider an ndk.CQFaultInjector.
type cqFaults struct{ p *Provider }

// FailCQ implements ndk.CQFaultInjector on the agent of x's session.
func (f cqFaults) FailCQ(x ndk.CQ) error {
	c, ok := x.(*cq)
	if !ok || c == nil || !f.p.owns(c.s) {
		return errors.New("remote: FailCQ: not a CQ of this provider")
	}
	r := c.s.call(&agentv1.Call{Op: &agentv1.Call_FailCq{FailCq: &agentv1.FailCqRequest{Cq: c.h}}})
	if r == nil {
		return c.s.lastErr()
	}
	if e := r.GetFailCq().GetError(); e != "" {
		return errors.New(e)
	}
	return nil
}

// The remote provider with the fault injection its agents offer: host
// faults (H, FaultProvider), SRQ faults (S), CQ faults (C).
type (
	providerS struct {
		*Provider
		srqFaults
	}
	providerC struct {
		*Provider
		cqFaults
	}
	providerSC struct {
		*Provider
		srqFaults
		cqFaults
	}
	providerHS struct {
		*FaultProvider
		srqFaults
	}
	providerHC struct {
		*FaultProvider
		cqFaults
	}
	providerHSC struct {
		*FaultProvider
		srqFaults
		cqFaults
	}
)

// owns reports whether s is one of the provider's sessions.
func (p *Provider) owns(s *session) bool {
	for _, x := range p.sessions() {
		if x == s {
			return true
		}
	}
	return false
}

// every reports whether every agent's capabilities say yes to offered.
func (p *Provider) every(offered func(*agentv1.Capabilities) bool) bool {
	for _, s := range p.sessions() {
		if !offered(s.caps) {
			return false
		}
	}
	return true
}

// withFaults is p as the ndk.Provider with just the fault injection every
// agent offers.
func (p *Provider) withFaults() ndk.Provider {
	h := p.faultInjection()
	sf, cf := srqFaults{p}, cqFaults{p}
	s := p.every((*agentv1.Capabilities).GetSrqFaultInjection)
	c := p.every((*agentv1.Capabilities).GetCqFaultInjection)
	switch {
	case h && s && c:
		return &providerHSC{&FaultProvider{p}, sf, cf}
	case h && s:
		return &providerHS{&FaultProvider{p}, sf}
	case h && c:
		return &providerHC{&FaultProvider{p}, cf}
	case h:
		return &FaultProvider{p}
	case s && c:
		return &providerSC{p, sf, cf}
	case s:
		return &providerS{p, sf}
	case c:
		return &providerC{p, cf}
	}
	return p
}
