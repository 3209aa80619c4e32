//go:build linux && cgo

package inproc_test

import (
	"errors"
	"fmt"
	"net/netip"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndkt/contract"
	"github.com/ndkconform/ndkconform/ndkt/device"
	"github.com/ndkconform/ndkconform/ndkt/inproc"
)

// The tests speak the IOCTL contract through the Go codec only: what the
// ndkt driver above the transport does, and nothing of sim's Go API.

const (
	statusSuccess        = 0
	statusPending        = 0x103
	statusCancelled      = 0xC0000120
	statusInvalidHandle  = 0xC0000008
	statusBufferTooSmall = 0xC0000023
	waitFor              = 10 * time.Second
)

// session is one open handle with an event pump: a goroutine that keeps a
// GET_EVENTS pending, records every event and acks it (unless the test
// holds events of a context to ack them itself).
type session struct {
	t       testing.TB
	dev     *inproc.Device
	h       *inproc.Handle
	ids     atomic.Uint64
	ctxs    atomic.Uint64
	closing atomic.Bool // the test closes it: the pump's acks may fail

	mu     sync.Mutex
	cond   *sync.Cond
	events []contract.Event
	hold   map[uint64]bool // contexts whose events the test acks itself
	done   chan struct{}
	endErr error // how the pump ended
	hello  contract.HelloOut
	closes []closed                // the closes made, in order
	used   map[contract.Opcode]int // the calls made (that reached the core's handler)
	// connectors of connect events a test has taken
	seenConn map[uint64]bool
	broken   bool // the test broke the session: its pump ended otherwise
}

func open(t *testing.T, opts map[string]string) (*inproc.Device, *session) {
	t.Helper()
	dev, err := inproc.New(opts)
	if err != nil {
		t.Fatalf("inproc.New(%v): %v", opts, err)
	}
	s := newSession(t, dev)
	t.Cleanup(func() {
		s.close()
		if err := dev.Close(); err != nil {
			t.Errorf("closing sim: %v", err)
		}
	})
	return dev, s
}

func newSession(t testing.TB, dev *inproc.Device) *session {
	t.Helper()
	dh, err := dev.Open()
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	s := &session{t: t, dev: dev, h: dh.(*inproc.Handle), hold: map[uint64]bool{}, done: make(chan struct{}),
		used: map[contract.Opcode]int{}}
	s.cond = sync.NewCond(&s.mu)
	out := make([]byte, 64)
	n, err := s.h.Ioctl(contract.IoctlHello, contract.EncodeHelloIn(), out)
	if err != nil {
		t.Fatalf("HELLO: %v", err)
	}
	if s.hello, err = contract.DecodeHelloOut(out[:n]); err != nil {
		t.Fatalf("HELLO's answer: %v", err)
	}
	go s.pump()
	return s
}

func (s *session) pump() {
	defer close(s.done)
	buf := make([]byte, max(int(s.hello.MaxEventBatchBytes), 1<<16))
	for {
		n, err := s.h.Ioctl(contract.IoctlGetEvents, nil, buf)
		if err != nil {
			s.mu.Lock()
			s.endErr = err
			s.cond.Broadcast()
			s.mu.Unlock()
			return
		}
		evs, err := contract.DecodeEvents(buf[:n])
		if err != nil || len(evs) == 0 {
			s.mu.Lock()
			s.endErr = fmt.Errorf("GET_EVENTS: %d bytes, %d events: %v", n, len(evs), err)
			s.cond.Broadcast()
			s.mu.Unlock()
			return
		}
		for _, ev := range evs {
			s.mu.Lock()
			s.events = append(s.events, ev)
			held := s.hold[ev.Header().Context]
			s.cond.Broadcast()
			s.mu.Unlock()
			if !held {
				s.ack(ev.Header().CallbackID)
			}
		}
	}
}

func (s *session) ack(id uint64) {
	in := make([]byte, 8)
	for i := range 8 {
		in[i] = byte(id >> (8 * i))
	}
	if _, err := s.h.Ioctl(contract.IoctlAckCallback, in, nil); err != nil && !s.closing.Load() {
		s.t.Errorf("ACK %#x: %v", id, err)
	}
}

// close ends the session; the pump must then end with STATUS_CANCELLED.
func (s *session) close() {
	s.closing.Store(true)
	if err := s.h.Close(); err != nil {
		s.t.Errorf("closing the session: %v", err)
	}
	s.pumpEnded()
}

func (s *session) pumpEnded() {
	select {
	case <-s.done:
	case <-time.After(waitFor):
		s.t.Fatalf("GET_EVENTS still pending %v after the session closed", waitFor)
	}
	// STATUS_CANCELLED if its GET_EVENTS was pending in the core; the
	// closed handle's refusal if it came between two (as DeviceIoControl
	// on a closed handle fails).
	var se *device.StatusError
	if s.broken {
		return
	}
	if !errors.As(s.endErr, &se) || (se.Status != statusCancelled && se.Status != statusInvalidHandle) {
		s.t.Errorf("the pump ended with %v, want STATUS_CANCELLED", s.endErr)
	}
}

func (s *session) ctx() uint64 { return 0xC000 + s.ctxs.Add(1) }

func ref(ctx uint64) contract.CbRef { return contract.CbRef{Context: ctx, Present: 1} }

// callIn makes a call (within callback within, 0 for none): the reply
// header and reply; an error if the exchange itself failed.
func (s *session) callIn(within uint64, r contract.Request) (contract.ReplyHeader, contract.Reply, error) {
	in, err := contract.EncodeCall(contract.CallHeader{CallID: s.ids.Add(1), WithinCallback: within}, r)
	if err != nil {
		return contract.ReplyHeader{}, nil, err
	}
	cap, err := contract.ReplyCapacity(r)
	if err != nil {
		return contract.ReplyHeader{}, nil, err
	}
	out := make([]byte, cap)
	n, err := s.h.Ioctl(contract.IoctlCall, in, out)
	if err != nil {
		return contract.ReplyHeader{}, nil, err
	}
	s.mu.Lock()
	s.used[r.Opcode()]++
	s.mu.Unlock()
	return contract.DecodeReply(r.Opcode(), out[:n])
}

// call makes a call that must reach the provider: its NTSTATUS and reply.
func (s *session) call(r contract.Request) (uint32, contract.Reply) {
	s.t.Helper()
	rh, rep, err := s.callIn(0, r)
	if err != nil {
		s.t.Fatalf("%v: %v", r.Opcode(), err)
	}
	if rh.ProtocolError != 0 {
		s.t.Fatalf("%v: protocol error %d", r.Opcode(), rh.ProtocolError)
	}
	return rh.NTStatus, rep
}

// async makes a call on a goroutine of its own: its NTSTATUS comes on the
// channel (0xFFFFFFFF if it did not reach the provider).
func (s *session) async(r contract.Request) <-chan uint32 {
	ch := make(chan uint32, 1)
	go func() {
		rh, _, err := s.callIn(0, r)
		if err != nil || rh.ProtocolError != 0 {
			s.t.Errorf("%v: %v, protocol error %d", r.Opcode(), err, rh.ProtocolError)
			ch <- 0xFFFFFFFF
			return
		}
		ch <- rh.NTStatus
	}()
	return ch
}

// perr makes a call that must be refused: its protocol error.
func (s *session) perr(r contract.Request) uint32 {
	s.t.Helper()
	rh, _, err := s.callIn(0, r)
	if err != nil {
		s.t.Fatalf("%v: %v", r.Opcode(), err)
	}
	return rh.ProtocolError
}

// wait returns the first event (after skip) that match accepts.
func (s *session) wait(what string, match func(contract.Event) bool) contract.Event {
	s.t.Helper()
	deadline := time.Now().Add(waitFor)
	timer := time.AfterFunc(waitFor, func() { s.mu.Lock(); s.cond.Broadcast(); s.mu.Unlock() })
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		for _, ev := range s.events {
			if match(ev) {
				return ev
			}
		}
		if s.endErr != nil || time.Now().After(deadline) {
			s.t.Fatalf("no %s event (pump: %v)", what, s.endErr)
		}
		s.cond.Wait()
	}
}

// byCtx matches an event of kind with context ctx.
func byCtx(kind contract.EventKind, ctx uint64) func(contract.Event) bool {
	return func(ev contract.Event) bool { return ev.Kind() == kind && ev.Header().Context == ctx }
}

// count is the events of kind with context ctx seen so far.
func (s *session) count(kind contract.EventKind, ctx uint64) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, ev := range s.events {
		if ev.Kind() == kind && ev.Header().Context == ctx {
			n++
		}
	}
	return n
}

// finish waits for a request's completion when it returned pending; the
// final status.
func (s *session) finish(what string, st uint32, ctx uint64) uint32 {
	s.t.Helper()
	if st != statusPending {
		return st
	}
	ev := s.wait(what+"'s completion", byCtx(contract.EvRequestCompletion, ctx)).(*contract.RequestCompletion)
	return ev.Status
}

// request makes a request whose completion goes to a new context: it must
// end in STATUS_SUCCESS.
func (s *session) request(what string, mk func(done contract.CbRef) contract.Request) {
	s.t.Helper()
	ctx := s.ctx()
	st, _ := s.call(mk(ref(ctx)))
	if st = s.finish(what, st, ctx); st != statusSuccess {
		s.t.Fatalf("%s: status %#x", what, st)
	}
}

// create makes a create whose object comes in the reply (STATUS_SUCCESS)
// or in its completion (STATUS_PENDING); objOf reads the reply's objref.
func (s *session) create(what string, mk func(done contract.CbRef) contract.Request, objOf func(contract.Reply) contract.ObjRef) contract.ObjRef {
	s.t.Helper()
	ctx := s.ctx()
	st, rep := s.call(mk(ref(ctx)))
	switch st {
	case statusSuccess:
		return objOf(rep)
	case statusPending:
		ev := s.wait(what+"'s completion", byCtx(contract.EvCreateCompletion, ctx)).(*contract.CreateCompletion)
		if ev.Status != statusSuccess {
			s.t.Fatalf("%s completed with %#x", what, ev.Status)
		}
		return ev.Object
	}
	s.t.Fatalf("%s: status %#x", what, st)
	return contract.ObjRef{}
}

// closeObject closes an object with a done context: STATUS_SUCCESS, or
// STATUS_PENDING and exactly one close completion naming it.
func (s *session) closeObject(what string, o contract.ObjRef) {
	s.t.Helper()
	ctx := s.ctx()
	st, _ := s.call(&contract.CloseObjectRequest{CloseObjectRequestFixed: contract.CloseObjectRequestFixed{Object: o.ID, Done: ref(ctx)}})
	switch st {
	case statusSuccess:
	case statusPending:
		ev := s.wait(what+"'s close completion", byCtx(contract.EvCloseCompletion, ctx)).(*contract.CloseCompletion)
		if ev.Object != o {
			s.t.Errorf("%s's close completion names %+v, want %+v", what, ev.Object, o)
		}
	default:
		s.t.Fatalf("closing %s: %#x", what, st)
	}
	s.closes = append(s.closes, closed{what, ctx, st})
}

type closed struct {
	what string
	ctx  uint64
	st   uint32
}

// addr is the contract's address of ap.
func addr(ap netip.AddrPort) contract.Addr {
	var a contract.Addr
	if ap.Addr().Is4() {
		a.Family = contract.AFInet
		v4 := ap.Addr().As4()
		copy(a.Addr[:], v4[:])
	} else {
		a.Family = contract.AFInet6
		v6 := ap.Addr().As16()
		copy(a.Addr[:], v6[:])
	}
	a.Port = ap.Port()
	return a
}

func addrPort(a contract.Addr) netip.AddrPort {
	switch a.Family {
	case contract.AFInet:
		return netip.AddrPortFrom(netip.AddrFrom4([4]byte(a.Addr[:4])), a.Port)
	case contract.AFInet6:
		return netip.AddrPortFrom(netip.AddrFrom16(a.Addr), a.Port)
	}
	return netip.AddrPort{}
}
