//go:build linux && cgo

package inproc_test

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/ndkt/contract"
)

const (
	statusInternalError = 0xC00000E5
	cqNotifyErrors      = 4 // NDK_CQ_NOTIFY_ERRORS
	hostUp, hostDown    = 0, 2
)

// faultError is the error part of an injection's reply.
func faultError(rep contract.Reply) string {
	switch r := rep.(type) {
	case *contract.SetHostStateReply:
		return string(r.Error)
	case *contract.FailSRQReply:
		return string(r.Error)
	case *contract.FailCQReply:
		return string(r.Error)
	}
	return "<not an injection's reply>"
}

func (s *session) inject(r contract.Request) string {
	s.t.Helper()
	st, rep := s.call(r)
	if st != statusSuccess {
		s.t.Fatalf("%v: %#x", r.Opcode(), st)
	}
	return faultError(rep)
}

func setHostState(ip netip.Addr, state uint32) contract.Request {
	return &contract.SetHostStateRequest{SetHostStateRequestFixed: contract.SetHostStateRequestFixed{Address: addr(netip.AddrPortFrom(ip, 0)), State: state}}
}

func failCQ(id uint64) contract.Request {
	return &contract.FailCQRequest{FailCQRequestFixed: contract.FailCQRequestFixed{CQ: id}}
}

func failSRQ(id uint64) contract.Request {
	return &contract.FailSRQRequest{FailSRQRequestFixed: contract.FailSRQRequestFixed{SRQ: id}}
}

// TestFaultsReachSim: SetHostState, FailCq and FailSrq go through the core
// and its provider hook to sim's fault injection, in each completion
// personality: a CQ armed for errors that fails is notified with
// STATUS_INTERNAL_ERROR, an SRQ that fails notifies STATUS_INTERNAL_ERROR,
// a host that goes down aborts its peer's connection (a disconnect event),
// and sim's refusals come back as the reply's error.
func TestFaultsReachSim(t *testing.T) {
	for _, mode := range personalities {
		t.Run(mode, func(t *testing.T) {
			dev, s := open(t, map[string]string{"completion": mode})
			if h, q, c := dev.Faults(); !h || !q || !c {
				t.Errorf("Faults() = %v %v %v, want all three (sim's faults=on)", h, q, c)
			}
			if s.hello.Faults != contract.FaultsAll {
				t.Errorf("HELLO's faults %#x, want %#x", s.hello.Faults, contract.FaultsAll)
			}
			sa, sb := dev.Sides()
			A := s.side("A", sa.IPv4, 0x10_0000_0000)
			B := s.side("B", sb.IPv4, 0x20_0000_0000)

			// CQ: armed for errors, failed: its notification says so.
			if st, _ := s.call(&contract.ArmCQRequest{ArmCQRequestFixed: contract.ArmCQRequestFixed{CQ: A.cq.ID, Type: cqNotifyErrors}}); st != statusSuccess {
				t.Fatalf("ArmCq: %#x", st)
			}
			if e := s.inject(failCQ(A.cq.ID)); e != "" {
				t.Fatalf("FailCq: %q", e)
			}
			ne := s.wait("A's CQ notification", byCtx(contract.EvCQNotification, A.notifyCtx)).(*contract.CQNotification)
			if ne.CQ != A.cq || ne.CQStatus != statusInternalError {
				t.Errorf("A's CQ notification after FailCq: %+v status %#x, want STATUS_INTERNAL_ERROR", ne.CQ, ne.CQStatus)
			}

			// SRQ: its notification callback reports the failure.
			srqNotify := s.ctx()
			srq := s.create("CreateSrq", func(done contract.CbRef) contract.Request {
				return &contract.CreateSRQRequest{CreateSRQRequestFixed: contract.CreateSRQRequestFixed{PD: B.pd.ID, Depth: 16, MaxReceiveRequestSGE: 2,
					Notify: ref(srqNotify), Done: done}}
			}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateSRQReply).SRQ })
			if s.count(contract.EvSRQNotification, srqNotify) != 0 {
				t.Fatal("an SRQ notification before FailSrq")
			}
			if e := s.inject(failSRQ(srq.ID)); e != "" {
				t.Fatalf("FailSrq: %q", e)
			}
			sn := s.wait("the SRQ notification", byCtx(contract.EvSRQNotification, srqNotify)).(*contract.SRQNotification)
			if sn.SRQ != srq || sn.SRQStatus != statusInternalError {
				t.Errorf("the SRQ notification after FailSrq: %+v status %#x, want STATUS_INTERNAL_ERROR", sn.SRQ, sn.SRQStatus)
			}

			// Host: B's host goes down; A, connected to it, is told.
			s.connectPair(sa, sb, A, B)
			if n := s.count(contract.EvDisconnectEvent, A.discCtx) + s.count(contract.EvDisconnectEventEx, A.discCtx); n != 0 {
				t.Fatalf("%d disconnect events for A before the fault", n)
			}
			if e := s.inject(setHostState(sb.IPv4, hostDown)); e != "" {
				t.Fatalf("SetHostState(B, down): %q", e)
			}
			s.wait("A's disconnect event", func(ev contract.Event) bool {
				return (ev.Kind() == contract.EvDisconnectEvent || ev.Kind() == contract.EvDisconnectEventEx) && ev.Header().Context == A.discCtx
			})
			if e := s.inject(setHostState(sb.IPv4, hostUp)); e != "" {
				t.Errorf("SetHostState(B, up): %q", e)
			}

			// sim's refusal: an address no host owns.
			if e := s.inject(setHostState(netip.MustParseAddr("192.0.2.250"), hostDown)); !strings.Contains(e, "no simulated host owns 192.0.2.250") {
				t.Errorf("SetHostState of an address no host owns: error %q, want sim's", e)
			}
			// The core's own refusals come first.
			if pe := s.perr(setHostState(sa.IPv4, 3)); pe != contract.ProtocolErrorInvalidArgument {
				t.Errorf("SetHostState(state 3): protocol error %d, want INVALID_ARGUMENT", pe)
			}
			if pe := s.perr(failSRQ(A.cq.ID)); pe != contract.ProtocolErrorWrongHandleKind {
				t.Errorf("FailSrq of a CQ: protocol error %d, want WRONG_HANDLE_KIND", pe)
			}
		})
	}
}

// TestFaultsNotServed: with sim's faults=off the hook serves none, the
// device declares none, and the core answers the three NOT_SUPPORTED.
func TestFaultsNotServed(t *testing.T) {
	dev, s := open(t, map[string]string{"faults": "off"})
	if h, q, c := dev.Faults(); h || q || c {
		t.Errorf("Faults() = %v %v %v with faults=off, want none", h, q, c)
	}
	if s.hello.Faults != 0 {
		t.Errorf("HELLO's faults %#x with faults=off, want 0", s.hello.Faults)
	}
	sa, _ := dev.Sides()
	A := s.side("A", sa.IPv4, 0x10_0000_0000)
	srq := s.create("CreateSrq", func(done contract.CbRef) contract.Request {
		return &contract.CreateSRQRequest{CreateSRQRequestFixed: contract.CreateSRQRequestFixed{PD: A.pd.ID, Depth: 16, MaxReceiveRequestSGE: 2, Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateSRQReply).SRQ })
	for _, r := range []contract.Request{setHostState(sa.IPv4, hostDown), failSRQ(srq.ID), failCQ(A.cq.ID)} {
		if pe := s.perr(r); pe != contract.ProtocolErrorNotSupported {
			t.Errorf("%v: protocol error %d, want NOT_SUPPORTED", r.Opcode(), pe)
		}
	}
}
