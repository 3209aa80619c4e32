package agent_test

// Regression tests of the session's sequence and end: calls after
// CloseProvider, a Call this agent does not know, the correlation id of a
// refused call, and calls blocked in the provider at the session's end.

import (
	"context"
	"io"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
)

// liveSession is a session spoken message by message whose server
// messages are read on a goroutine of their own, so that a test can wait
// for one with a deadline and see that none comes.
type liveSession struct {
	t      *testing.T
	s      agentv1.Agent_SessionClient
	msgs   chan *agentv1.ServerMessage
	end    chan error // the stream's end (io.EOF: OK)
	cancel context.CancelFunc
}

func dialLive(t *testing.T, addr string) *liveSession {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 3*timeout)
	t.Cleanup(cancel)
	s, err := agentv1.NewAgentClient(conn).Session(ctx)
	if err != nil {
		t.Fatal(err)
	}
	l := &liveSession{t: t, s: s, msgs: make(chan *agentv1.ServerMessage, 64), end: make(chan error, 1), cancel: cancel}
	go func() {
		for {
			m, err := s.Recv()
			if err != nil {
				l.end <- err
				close(l.msgs)
				return
			}
			l.msgs <- m
		}
	}()
	l.send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Hello{Hello: &agentv1.Hello{ProtocolVersion: agent.Version}}})
	if l.next("the Welcome").GetWelcome() == nil {
		t.Fatal("no Welcome")
	}
	return l
}

func (l *liveSession) send(m *agentv1.ClientMessage) {
	l.t.Helper()
	if err := l.s.Send(m); err != nil {
		l.t.Fatal(err)
	}
}

func (l *liveSession) sendCall(id uint64, c *agentv1.Call) {
	l.t.Helper()
	c.CallId = id
	l.send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Call{Call: c}})
}

// next is the next server message.
func (l *liveSession) next(what string) *agentv1.ServerMessage {
	l.t.Helper()
	select {
	case m, ok := <-l.msgs:
		if !ok {
			l.t.Fatalf("%s: the stream ended: %v", what, <-l.end)
		}
		return m
	case <-time.After(timeout):
		l.t.Fatalf("%s: nothing in %v", what, timeout)
	}
	return nil
}

// call makes a call and returns its return, acking the callbacks that
// come meanwhile.
func (l *liveSession) call(id uint64, c *agentv1.Call) *agentv1.CallReturn {
	l.t.Helper()
	l.sendCall(id, c)
	return l.returnOf(id)
}

// returnOf waits for the return of call id, acking callbacks.
func (l *liveSession) returnOf(id uint64) *agentv1.CallReturn {
	l.t.Helper()
	for {
		m := l.next("a return")
		if cb := m.GetCallback(); cb != nil {
			l.ack(cb.GetCallbackId())
			continue
		}
		if r := m.GetCallReturn(); r != nil && r.GetCallId() == id {
			return r
		}
		l.t.Fatalf("%v while waiting for the return of call %d", m, id)
	}
}

func (l *liveSession) ack(id uint64) {
	l.t.Helper()
	l.send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_CallbackReturn{CallbackReturn: &agentv1.CallbackReturn{CallbackId: id}}})
}

// quiet fails if a message comes within d.
func (l *liveSession) quiet(what string, d time.Duration) {
	l.t.Helper()
	select {
	case m := <-l.msgs:
		l.t.Fatalf("%s: %v", what, m)
	case <-time.After(d):
	}
}

// ended waits for the stream's end, acking callbacks meanwhile.
func (l *liveSession) ended(within time.Duration) error {
	l.t.Helper()
	deadline := time.After(within)
	for {
		select {
		case m, ok := <-l.msgs:
			if !ok {
				return <-l.end
			}
			if cb := m.GetCallback(); cb != nil {
				_ = l.s.Send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_CallbackReturn{CallbackReturn: &agentv1.CallbackReturn{CallbackId: cb.GetCallbackId()}}})
			}
		case <-deadline:
			l.t.Fatalf("the session did not end within %v", within)
		}
	}
}

func handleOf(t *testing.T, what string, r *agentv1.CallReturn) *agentv1.Handle {
	t.Helper()
	var h *agentv1.Handle
	eachHandle(r.ProtoReflect(), func(x *agentv1.Handle) { h = x })
	if r.GetStatus() != 0 || r.GetProtocolError() != nil || h == nil {
		t.Fatalf("%s: %v", what, r)
	}
	return h
}

const badSequence = agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_BAD_SEQUENCE

// TestCallAfterCloseProvider: a call that comes after CloseProvider, while
// CloseProvider is still closing the session's objects, is refused with
// BAD_SEQUENCE, its correlation_id its call_id; a second CloseProvider
// too; CloseProvider then returns and the RPC ends with OK.
func TestCallAfterCloseProvider(t *testing.T) {
	addr, _ := serveDriver(t, map[string]string{"completion": "deferred"})
	l := dialLive(t, addr)
	ad := handleOf(t, "OpenAdapter", l.call(1, openAdapter(addrA)))
	pd := handleOf(t, "CreatePd", l.call(2, createPd(ad.GetId(), nil)))
	// A close whose completion the harness holds: CloseProvider waits for
	// it (the objects the harness closes finish closing before their
	// adapter closes).
	l.sendCall(3, closeObject(pd, ref(1)))
	var held uint64
	for held == 0 {
		m := l.next("the PD's close completion")
		switch {
		case m.GetCallback().GetCloseCompletion() != nil:
			held = m.GetCallback().GetCallbackId()
		case m.GetCallReturn().GetCallId() == 3:
		default:
			t.Fatalf("%v while closing the PD", m)
		}
	}
	l.sendCall(4, closeProvider())
	l.sendCall(5, openAdapter(addrB))
	l.sendCall(6, closeProvider())
	for _, id := range []uint64{5, 6} {
		r := l.next("the refusal")
		if r.GetCallReturn().GetCallId() != id || r.GetCallReturn().GetProtocolError().GetCode() != badSequence ||
			r.GetCallReturn().GetProtocolError().GetCorrelationId() != id {
			t.Fatalf("call %d after CloseProvider: %v, want BAD_SEQUENCE for it", id, r)
		}
	}
	l.quiet("CloseProvider returned with a close completion held", 100*time.Millisecond)
	l.ack(held)
	if r := l.returnOf(4); r.GetCloseProvider() == nil {
		t.Fatalf("CloseProvider: %v", r)
	}
	if err := l.ended(timeout); err != io.EOF {
		t.Fatalf("after CloseProvider: %v, want the RPC's end with OK", err)
	}
}

// TestUnknownCallMember: a Call whose op is a member this agent does not
// know (a field number of a newer minor version) is answered with
// NOT_SUPPORTED, as the proto's Versioning paragraph says; a Call with no
// op at all is INVALID_ARGUMENT.
func TestUnknownCallMember(t *testing.T) {
	addr, _ := serveDriver(t, nil)
	l := dialLive(t, addr)
	b, err := proto.Marshal(&agentv1.Call{CallId: 1})
	if err != nil {
		t.Fatal(err)
	}
	b = protowire.AppendTag(b, 9999, protowire.BytesType)
	b = protowire.AppendBytes(b, []byte{0x08, 0x01}) // a message {1: 1}
	unknown := &agentv1.Call{}
	if err := proto.Unmarshal(b, unknown); err != nil {
		t.Fatal(err)
	}
	if unknown.GetOp() != nil || len(unknown.ProtoReflect().GetUnknown()) == 0 {
		t.Fatalf("the test's call: %v", unknown)
	}
	r := l.call(1, unknown)
	if pe := r.GetProtocolError(); pe.GetCode() != agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED || pe.GetCorrelationId() != 1 {
		t.Fatalf("an unknown Call member: %v, want NOT_SUPPORTED for call 1", r)
	}
	r = l.call(2, &agentv1.Call{})
	if pe := r.GetProtocolError(); pe.GetCode() != agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_INVALID_ARGUMENT || pe.GetCorrelationId() != 2 {
		t.Fatalf("a Call with no op: %v, want INVALID_ARGUMENT for call 2", r)
	}
	if r := l.call(3, closeProvider()); r.GetCloseProvider() == nil {
		t.Fatalf("CloseProvider: %v", r)
	}
}

// TestRefusalCorrelationID: a call refused inside its handling (a handle
// unknown, of the wrong kind, missing; an address that does not parse;
// out of range) carries its call_id as the correlation_id, as a refusal
// before it runs (a duplicate call_id) does.
func TestRefusalCorrelationID(t *testing.T) {
	addr, _ := serveDriver(t, map[string]string{"completion": "inline"})
	l := dialLive(t, addr)
	ad := handleOf(t, "OpenAdapter", l.call(1, openAdapter(addrA)))
	calls := map[uint64]*agentv1.Call{
		10: queryAdapter(&agentv1.Handle{Kind: hkAdapter, Id: 1 << 61}),
		11: queryAdapter(nil),
		12: createQp(ad.GetId(), ad.GetId(), nil),
		13: openAdapter("not an address"),
		14: {Op: &agentv1.Call_ReadMemory{ReadMemory: &agentv1.ReadMemoryRequest{Length: 1 << 30}}},
		15: closeObject(ad, nil),
	}
	for id, c := range calls {
		r := l.call(id, c)
		if r.GetProtocolError() == nil || r.GetProtocolError().GetCorrelationId() != id {
			t.Errorf("call %d: %v, want a protocol error with correlation_id %d", id, r, id)
		}
	}
	if r := l.call(2, closeProvider()); r.GetCloseProvider() == nil {
		t.Fatalf("CloseProvider: %v", r)
	}
}

// TestSessionEndWithCallBlocked: a call blocked in the provider on what
// only the harness could do does not hold the session's end: an inline
// Connect whose passive side never accepts, a CloseAdapter whose adapter
// has an object open. The session's end (the harness's side closed)
// closes the objects, which ends the calls; the RPC ends and the agent
// serves the next session. And CloseProvider during a blocked CloseAdapter
// returns.
func TestSessionEndWithCallBlocked(t *testing.T) {
	for _, tc := range []struct {
		name  string
		block func(l *liveSession)
		end   func(l *liveSession)
	}{
		{"Connect never accepted", blockInConnect, closeSend},
		{"CloseAdapter with a PD open", blockInCloseAdapter, closeSend},
		{"CloseAdapter with a PD open, then CloseProvider", blockInCloseAdapter, func(l *liveSession) {
			// Both return: the CloseAdapter (3) once CloseProvider closed
			// the PD, then CloseProvider.
			l.sendCall(100, closeProvider())
			for _, id := range []uint64{3, 100} {
				r := l.next("the returns").GetCallReturn()
				if r.GetCallId() != id || r.GetProtocolError() != nil {
					l.t.Fatalf("%v, want the return of call %d", r, id)
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addr, _ := serveDriver(t, map[string]string{"completion": "inline"})
			l := dialLive(t, addr)
			tc.block(l)
			l.quiet("the blocked call returned", 200*time.Millisecond)
			start := time.Now()
			tc.end(l)
			if err := l.ended(timeout); err != io.EOF {
				t.Fatalf("the end: %v, want OK", err)
			}
			t.Logf("the session ended %v after the harness ended it", time.Since(start).Round(time.Millisecond))
			// The next session is served (the last one's handler returned).
			n := dialLive(t, addr)
			if r := n.call(1, closeProvider()); r.GetCloseProvider() == nil {
				t.Fatalf("the next session's CloseProvider: %v", r)
			}
		})
	}
}

func closeSend(l *liveSession) {
	if err := l.s.CloseSend(); err != nil {
		l.t.Fatal(err)
	}
}

// blockInConnect leaves an inline Connect waiting for a listener's
// accept that never comes (the connect event acked, nothing else).
func blockInConnect(l *liveSession) {
	t := l.t
	a := handleOf(t, "OpenAdapter A", l.call(1, openAdapter(addrA)))
	b := handleOf(t, "OpenAdapter B", l.call(2, openAdapter(addrB)))
	pd := handleOf(t, "CreatePd", l.call(3, createPd(a.GetId(), nil)))
	cq := handleOf(t, "CreateCq", l.call(4, createCq(a.GetId(), nil)))
	qp := handleOf(t, "CreateQp", l.call(5, createQp(pd.GetId(), cq.GetId(), nil)))
	lis := handleOf(t, "CreateListener", l.call(6, createListener(b.GetId(), nil)))
	if r := l.call(7, listen(lis.GetId(), addrB, 5000, nil)); r.GetStatus() != 0 || r.GetProtocolError() != nil {
		t.Fatalf("Listen: %v", r)
	}
	cn := handleOf(t, "CreateConnector", l.call(8, createConnector(a.GetId(), nil)))
	l.sendCall(9, connect(cn.GetId(), qp.GetId(), addrA, addrB, 5000, nil))
	m := l.next("the connect event")
	if m.GetCallback().GetConnectEvent() == nil {
		t.Fatalf("%v, want the connect event", m)
	}
	l.ack(m.GetCallback().GetCallbackId())
}

// blockInCloseAdapter leaves a CloseAdapter waiting for a PD to close.
func blockInCloseAdapter(l *liveSession) {
	a := handleOf(l.t, "OpenAdapter", l.call(1, openAdapter(addrA)))
	handleOf(l.t, "CreatePd", l.call(2, createPd(a.GetId(), nil)))
	l.sendCall(3, closeAdapter(a.GetId()))
}
