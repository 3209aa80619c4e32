package agent_test

import (
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// notified waits for one status on ch.
func notified(t *testing.T, what string, ch <-chan ndk.Status) ndk.Status {
	t.Helper()
	select {
	case st := <-ch:
		return st
	case <-time.After(timeout):
		t.Fatalf("%s: no notification", what)
	}
	return 0
}

// TestSRQAndCQFaultsThroughAgent: an agent over sim offers SRQ and CQ
// fault injection; the remote provider is an ndk.SRQFaultInjector and an
// ndk.CQFaultInjector whose FailSRQ and FailCQ reach sim, the
// notifications coming back as callbacks; on a closed object they fail
// with an error, never a crash.
func TestSRQAndCQFaultsThroughAgent(t *testing.T) {
	for _, completion := range []string{"inline", "deferred", "reentrant"} {
		t.Run(completion, func(t *testing.T) {
			addr, _ := serveConfig(t, agent.Config{Provider: openSim(t, map[string]string{"completion": completion})})
			p, err := openWith(t, addr, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			sfi, ok := p.(ndk.SRQFaultInjector)
			if !ok {
				t.Fatal("the remote provider over sim is no ndk.SRQFaultInjector")
			}
			cfi, ok := p.(ndk.CQFaultInjector)
			if !ok {
				t.Fatal("the remote provider over sim is no ndk.CQFaultInjector")
			}
			if _, ok := p.(ndk.FaultInjector); !ok {
				t.Fatal("the remote provider over sim is no longer an ndk.FaultInjector")
			}
			if err := cfi.FailCQ(nil); err == nil {
				t.Error("FailCQ(nil) succeeded")
			}
			if err := sfi.FailSRQ(nil); err == nil {
				t.Error("FailSRQ(nil) succeeded")
			}
			ad, st := p.OpenAdapter(netip.MustParseAddr("192.0.2.1"))
			expect(t, "OpenAdapter", st, ndk.StatusSuccess)
			cqNotes := make(chan ndk.Status, 8)
			cq := create(t, "CreateCQ", func(d ndk.CreateCompletion, c any) (ndk.CQ, ndk.Status) {
				return ad.CreateCQ(ndk.CQParams{Depth: 16, Notify: func(_ any, st ndk.Status) { cqNotes <- st }}, d, c)
			})
			pd := create(t, "CreatePD", ad.CreatePD)
			srqNotes := make(chan ndk.Status, 8)
			srq := create(t, "CreateSRQ", func(d ndk.CreateCompletion, c any) (ndk.SRQ, ndk.Status) {
				return pd.CreateSRQ(ndk.SRQParams{Depth: 4, MaxReceiveRequestSGE: 1, Notify: func(_ any, st ndk.Status) { srqNotes <- st }}, d, c)
			})
			cq.Arm(ndk.CQNotifyErrors)
			if err := cfi.FailCQ(cq); err != nil {
				t.Fatal(err)
			}
			expect(t, "CQ notification of the fault", notified(t, "FailCQ", cqNotes), ndk.StatusInternalError)
			if err := sfi.FailSRQ(srq); err != nil {
				t.Fatal(err)
			}
			expect(t, "SRQ notification of the fault", notified(t, "FailSRQ", srqNotes), ndk.StatusInternalError)
			closeObj(t, "SRQ", srq)
			closeObj(t, "CQ", cq)
			if err := cfi.FailCQ(cq); err == nil {
				t.Error("FailCQ of a closed CQ succeeded")
			}
			if err := sfi.FailSRQ(srq); err == nil {
				t.Error("FailSRQ of a closed SRQ succeeded")
			}
			closeObj(t, "PD", pd)
			ad.Close()
			if err := p.Close(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// cqOnly is a provider with CQ fault injection alone.
type cqOnly struct {
	ndk.Provider
	ndk.CQFaultInjector
}

// TestFaultCapabilities: the agent offers SRQ and CQ fault injection only
// when its provider implements them, and the remote provider is an
// ndk.SRQFaultInjector, an ndk.CQFaultInjector, only when offered;
// FailSrq and FailCq not offered are NOT_SUPPORTED, and a bad handle is a
// protocol error, never a crash.
func TestFaultCapabilities(t *testing.T) {
	sim := openSim(t, nil)
	for _, c := range []struct {
		name     string
		p        ndk.Provider
		srq, cq  bool
		hostFail bool
	}{
		{"plain", struct{ ndk.Provider }{sim}, false, false, false},
		{"cq-only", cqOnly{struct{ ndk.Provider }{sim}, sim.(ndk.CQFaultInjector)}, false, true, false},
		{"sim", sim, true, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			addr, _ := serveConfig(t, agent.Config{Provider: c.p})
			p, err := openWith(t, addr, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			_, srq := p.(ndk.SRQFaultInjector)
			_, cq := p.(ndk.CQFaultInjector)
			_, host := p.(ndk.FaultInjector)
			if srq != c.srq || cq != c.cq || host != c.hostFail {
				t.Errorf("remote provider: SRQFaultInjector %v, CQFaultInjector %v, FaultInjector %v; want %v, %v, %v", srq, cq, host, c.srq, c.cq, c.hostFail)
			}
			desc := p.(ndk.Describer).Describe()[0].Version
			if strings.Contains(desc, "SRQ fault injection") != c.srq || strings.Contains(desc, "CQ fault injection") != c.cq {
				t.Errorf("the agent's description %q: want SRQ fault injection %v, CQ fault injection %v", desc, c.srq, c.cq)
			}
			if err := p.Close(); err != nil {
				t.Fatal(err)
			}
			r, caps := dialRaw(t, addr, &agentv1.Hello{})
			if caps.GetSrqFaultInjection() != c.srq || caps.GetCqFaultInjection() != c.cq {
				t.Errorf("capabilities: srq_fault_injection %v, cq_fault_injection %v; want %v, %v", caps.GetSrqFaultInjection(), caps.GetCqFaultInjection(), c.srq, c.cq)
			}
			failSrq := func(h *agentv1.Handle) *agentv1.CallReturn {
				return r.call(&agentv1.Call{Op: &agentv1.Call_FailSrq{FailSrq: &agentv1.FailSrqRequest{Srq: h}}})
			}
			failCq := func(h *agentv1.Handle) *agentv1.CallReturn {
				return r.call(&agentv1.Call{Op: &agentv1.Call_FailCq{FailCq: &agentv1.FailCqRequest{Cq: h}}})
			}
			code := func(offered bool, c agentv1.ProtocolErrorCode) agentv1.ProtocolErrorCode {
				if !offered {
					return agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED
				}
				return c
			}
			const (
				invalid = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_INVALID_ARGUMENT
				unknown = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNKNOWN_HANDLE
				foreign = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_FOREIGN_HANDLE
				kind    = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_WRONG_HANDLE_KIND
			)
			wantCode(t, "FailSrq without an SRQ", failSrq(nil), code(c.srq, invalid))
			wantCode(t, "FailCq without a CQ", failCq(nil), code(c.cq, invalid))
			wantCode(t, "FailSrq of an unknown handle", failSrq(&agentv1.Handle{Kind: agentv1.HandleKind_HANDLE_KIND_SRQ, Id: 1 << 60}), code(c.srq, unknown))
			wantCode(t, "FailCq of an unknown handle", failCq(&agentv1.Handle{Kind: agentv1.HandleKind_HANDLE_KIND_CQ, Id: 1 << 60}), code(c.cq, unknown))
			// Handle 1 was issued to the remote provider's session.
			wantCode(t, "FailSrq of another session's handle", failSrq(&agentv1.Handle{Kind: agentv1.HandleKind_HANDLE_KIND_SRQ, Id: 1}), code(c.srq, foreign))
			wantCode(t, "FailCq of another session's handle", failCq(&agentv1.Handle{Kind: agentv1.HandleKind_HANDLE_KIND_CQ, Id: 1}), code(c.cq, foreign))
			ar := r.call(&agentv1.Call{Op: &agentv1.Call_OpenAdapter{OpenAdapter: &agentv1.OpenAdapterRequest{Address: "192.0.2.1"}}})
			h := ar.GetOpenAdapter().GetAdapter()
			if h == nil {
				t.Fatalf("OpenAdapter: %v", ar)
			}
			wantCode(t, "FailSrq of an adapter", failSrq(h), code(c.srq, kind))
			wantCode(t, "FailCq of an adapter", failCq(h), code(c.cq, kind))
			r.call(&agentv1.Call{Op: &agentv1.Call_CloseAdapter{CloseAdapter: &agentv1.CloseAdapterRequest{Adapter: h}}})
			r.call(&agentv1.Call{Op: &agentv1.Call_CloseProvider{CloseProvider: &agentv1.CloseProviderRequest{}}})
		})
	}
}
