package agent_test

// FuzzSession: the agent's request handling under the fuzzer. Every input
// is one session, over a real gRPC connection (bufconn), with a fresh
// agent over a fresh sim provider; bad or out-of-order messages must be
// answered with protocol errors or gRPC statuses, never with a crash, a
// hang or a broken protocol. See fuzzInput for how an input is read, and
// FuzzSession for the properties checked.

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	_ "github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
)

// newFuzzAgent is the one place the harness builds an agent: p served,
// a Hello with token accepted.
func newFuzzAgent(p ndk.Provider, token string) agentv1.AgentServer {
	return agent.NewServer(p, token)
}

const (
	fuzzToken = "fuzz-token"
	// fuzzMaxMessages caps the messages of an input.
	fuzzMaxMessages = 64
	// fuzzStall: no server message for this long while the harness waits
	// (for returns, for a callback) and it acks the callbacks it holds and
	// goes on.
	fuzzStall = 25 * time.Millisecond
	// fuzzSettleMax bounds one wait between two messages.
	fuzzSettleMax = time.Second
	// fuzzBound: the session must end this long after the harness closed
	// its side.
	fuzzBound = 5 * time.Second
	// fuzzDrain bounds a graceful end's wait for the calls outstanding.
	// A call may block in the provider for good on what only the input
	// could do (an inline Connect whose peer never accepts): then the end
	// is not graceful, and the harness closes its side anyway.
	fuzzDrain = time.Second
	// fuzzTraceEnv set to 1 logs every message of every session.
	fuzzTraceEnv = "NDKCONFORM_FUZZ_TRACE"
)

// How an input is read. Byte 0 is the header:
//
//	bits 0-1  sim's completion personality: deferred, inline, reentrant, random
//	bits 2-3  the Hello: 0, 1 the harness sends a valid one and waits for the
//	          Welcome; 2 none (the fuzzed messages start the session);
//	          3 the harness sends one with a wrong token
//	bits 4-5  the end: 0 graceful (every callback acked, every call returned,
//	          for at most fuzzDrain) then CloseProvider (unless sent) and
//	          the send side closed;
//	          1 graceful without CloseProvider; 2 the send side closed right
//	          after the last message; 3 the RPC cancelled right after it
//	bit 6     hold callbacks: the harness acks a callback only when the input
//	          does (a CallbackReturn), on a stall, on flagAckAll or at a
//	          graceful end; unset, it acks every callback as it arrives
//
// Then chunks, at most fuzzMaxMessages: a flags byte, a uvarint length and
// that many bytes of a ClientMessage (chunks that do not unmarshal are
// skipped). Before a chunk's message is sent, every Handle id in it and its
// callback ids (Call.within_callback, CallbackReturn.callback_id) are
// rewritten, as raw ids are unguessable: id n from 1 to the number of
// handles (callbacks) the session has seen so far is the n-th one seen
// (a handle keeps the kind the input gave it unless that is
// UNSPECIFIED); a larger odd n is a handle of another session (FOREIGN),
// a larger even n an id never issued; 0 stays 0.
const (
	// flagPipeline: do not wait for the returns of the calls outstanding
	// before sending the next message.
	flagPipeline = 1 << 0
	// flagAwaitCallback: wait for a new callback before the next message.
	flagAwaitCallback = 1 << 1
	// flagAckAll: ack every held callback before sending this message.
	flagAckAll = 1 << 2
)

type helloMode int

const (
	helloValid helloMode = iota
	helloNone
	helloWrongToken
)

type endMode int

const (
	endGracefulClose endMode = iota
	endGraceful
	endHalfClose
	endCancel
)

var completions = [4]string{"deferred", "inline", "reentrant", "random"}

type fuzzChunk struct {
	flags byte
	msg   *agentv1.ClientMessage
}

type fuzzInput struct {
	completion int // index in completions
	hello      helloMode
	end        endMode
	hold       bool
	chunks     []fuzzChunk
}

func decodeFuzzInput(data []byte) fuzzInput {
	var in fuzzInput
	if len(data) == 0 {
		return in
	}
	h := data[0]
	in.completion = int(h & 3)
	switch (h >> 2) & 3 {
	case 2:
		in.hello = helloNone
	case 3:
		in.hello = helloWrongToken
	}
	in.end = endMode((h >> 4) & 3)
	in.hold = h&(1<<6) != 0
	data = data[1:]
	for len(data) > 0 && len(in.chunks) < fuzzMaxMessages {
		flags := data[0]
		n, k := binary.Uvarint(data[1:])
		if k <= 0 {
			break
		}
		data = data[1+k:]
		n = min(n, uint64(len(data)))
		m := &agentv1.ClientMessage{}
		if proto.Unmarshal(data[:n], m) == nil {
			in.chunks = append(in.chunks, fuzzChunk{flags, m})
		}
		data = data[n:]
	}
	return in
}

func encodeFuzzInput(in fuzzInput) []byte {
	hello := map[helloMode]byte{helloValid: 0, helloNone: 2, helloWrongToken: 3}[in.hello]
	h := byte(in.completion&3) | hello<<2 | byte(in.end&3)<<4
	if in.hold {
		h |= 1 << 6
	}
	out := []byte{h}
	for _, c := range in.chunks {
		b, err := proto.MarshalOptions{Deterministic: true}.Marshal(c.msg)
		if err != nil {
			panic(err)
		}
		out = append(out, c.flags)
		out = binary.AppendUvarint(out, uint64(len(b)))
		out = append(out, b...)
	}
	return out
}

// FuzzSession runs one session per input (see fuzzInput) against a fresh
// agent over a fresh sim provider and checks:
//
//   - no panic anywhere in the process (one kills the test binary);
//   - the Welcome comes first, once, and only for a Hello with the right
//     token and major version (and comes for one without driver options);
//     a wrong token ends the RPC with UNAUTHENTICATED;
//   - every CallReturn answers a call outstanding with its call_id (at most
//     one return per call); one with a protocol_error has no status and no
//     reply; one without has the reply of its call's kind;
//   - every Callback has an event and a callback_id not seen before, and
//     the harness acks each exactly once (itself if the input does not);
//   - in a graceful end (every call sent before a CloseProvider returned
//     within fuzzDrain once every callback was acked), the RPC ends with OK
//     and no such call is left without a return;
//   - the session (the agent's handler and the client's stream) ends
//     within fuzzBound of the harness closing its send side or cancelling
//     the RPC: no hang;
//   - then a new session on the same agent opens an adapter and closes
//     (no leaked busy state), and the provider closes.
func FuzzSession(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(encodeFuzzInput(s))
	}
	d, err := ndk.Lookup("sim")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		runFuzzSession(t, d, decodeFuzzInput(data))
	})
}

// fuzzAgent is an agent over a fresh sim provider behind a gRPC server on
// a bufconn, with a client connection to it.
type fuzzAgent struct {
	provider ndk.Provider
	gs       *grpc.Server
	conn     *grpc.ClientConn
	// ended receives the error of every Session handler that returns.
	ended chan error
}

// watchedAgent reports the end of every Session handler.
type watchedAgent struct {
	agentv1.AgentServer
	ended chan<- error
}

func (w watchedAgent) Session(s agentv1.Agent_SessionServer) error {
	err := w.AgentServer.Session(s)
	w.ended <- err
	return err
}

func startFuzzAgent(d ndk.Driver, completion string) (*fuzzAgent, error) {
	p, err := d.Open(map[string]string{"completion": completion,
		// Short set-up and disconnect time-outs: inputs that leave a peer
		// unanswered stay fast.
		"connect-timeout": "50ms", "disconnect-timeout": "50ms"})
	if err != nil {
		return nil, err
	}
	a := &fuzzAgent{provider: p, gs: grpc.NewServer(), ended: make(chan error, 16)}
	agentv1.RegisterAgentServer(a.gs, watchedAgent{newFuzzAgent(p, fuzzToken), a.ended})
	lis := bufconn.Listen(1 << 20)
	go func() { _ = a.gs.Serve(lis) }()
	a.conn, err = grpc.NewClient("passthrough:///fuzz",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		a.gs.Stop()
		return nil, err
	}
	return a, nil
}

// stop stops the server (which waits for every handler: only once they
// all returned) and closes the provider.
func (a *fuzzAgent) stop() error {
	_ = a.conn.Close()
	a.gs.Stop()
	return a.provider.Close()
}

// handlerEnded waits for a Session handler to return.
func (a *fuzzAgent) handlerEnded(within time.Duration) bool {
	select {
	case <-a.ended:
		return true
	case <-time.After(within):
		return false
	}
}

var (
	foreignOnce sync.Once
	foreignID   uint64
)

// foreignHandle is the id of a handle issued to a session that is over.
func foreignHandle(t *testing.T, d ndk.Driver) uint64 {
	foreignOnce.Do(func() {
		a, err := startFuzzAgent(d, "deferred")
		if err != nil {
			t.Fatal(err)
		}
		if foreignID, err = checkNewSession(a); err != nil {
			t.Fatal(err)
		}
		if err := a.stop(); err != nil {
			t.Fatal(err)
		}
	})
	return foreignID
}

// checkNewSession runs a short session: Hello, OpenAdapter on side A,
// CloseProvider, the RPC ending OK and its handler returning. It returns
// the adapter's handle id.
func checkNewSession(a *fuzzAgent) (uint64, error) {
	ctx, cancel := context.WithTimeout(context.Background(), fuzzBound)
	defer cancel()
	s, err := agentv1.NewAgentClient(a.conn).Session(ctx)
	if err != nil {
		return 0, err
	}
	recv := func() (*agentv1.ServerMessage, error) {
		for {
			m, err := s.Recv()
			if err != nil || m.GetCallback() == nil {
				return m, err
			}
			// None is expected; ack it anyway.
			_ = s.Send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_CallbackReturn{CallbackReturn: &agentv1.CallbackReturn{CallbackId: m.GetCallback().GetCallbackId()}}})
		}
	}
	if err := s.Send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Hello{Hello: &agentv1.Hello{
		ProtocolVersion: agent.Version, Token: fuzzToken, ClientVersion: "fuzz"}}}); err != nil {
		return 0, err
	}
	m, err := recv()
	if err != nil {
		return 0, fmt.Errorf("Hello: %w", err)
	}
	w := m.GetWelcome()
	if w == nil {
		return 0, fmt.Errorf("Hello: %v, want a Welcome", m)
	}
	if err := s.Send(fuzzCall(1, &agentv1.Call{Op: &agentv1.Call_OpenAdapter{OpenAdapter: &agentv1.OpenAdapterRequest{
		Address: w.GetCapabilities().GetSideA().GetIpv4().GetAddress()}}})); err != nil {
		return 0, err
	}
	m, err = recv()
	if err != nil {
		return 0, fmt.Errorf("OpenAdapter: %w", err)
	}
	r := m.GetCallReturn()
	id := r.GetOpenAdapter().GetAdapter().GetId()
	if r.GetCallId() != 1 || r.GetStatus() != 0 || id == 0 {
		return 0, fmt.Errorf("OpenAdapter: %v", m)
	}
	if err := s.Send(fuzzCall(2, &agentv1.Call{Op: &agentv1.Call_CloseProvider{CloseProvider: &agentv1.CloseProviderRequest{}}})); err != nil {
		return 0, err
	}
	m, err = recv()
	if err != nil || m.GetCallReturn().GetCallId() != 2 || m.GetCallReturn().GetCloseProvider() == nil {
		return 0, fmt.Errorf("CloseProvider: %v %v", m, err)
	}
	if m, err := recv(); err != io.EOF {
		return 0, fmt.Errorf("after CloseProvider: %v %v, want the end of the RPC", m, err)
	}
	if !a.handlerEnded(fuzzBound) {
		return 0, fmt.Errorf("the handler did not return %v after CloseProvider\n%s", fuzzBound, agentStacks())
	}
	return id, nil
}

func fuzzCall(id uint64, c *agentv1.Call) *agentv1.ClientMessage {
	c.CallId = id
	return &agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Call{Call: c}}
}

// agentStacks is the stacks of the goroutines in the agent or in sim.
func agentStacks() string {
	buf := make([]byte, 16<<20)
	buf = buf[:runtime.Stack(buf, true)]
	var keep []string
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "ndkconform/agent.") || strings.Contains(g, "drivers/sim.") {
			keep = append(keep, g)
		}
	}
	return strings.Join(keep, "\n\n")
}

var (
	callOp      = (&agentv1.Call{}).ProtoReflect().Descriptor().Oneofs().ByName("op")
	returnReply = (&agentv1.CallReturn{}).ProtoReflect().Descriptor().Oneofs().ByName("reply")
	handleName  = (&agentv1.Handle{}).ProtoReflect().Descriptor().FullName()
)

// eachHandle calls fn on every Handle in m, at any depth.
func eachHandle(m protoreflect.Message, fn func(*agentv1.Handle)) {
	if m.Descriptor().FullName() == handleName {
		fn(m.Interface().(*agentv1.Handle))
		return
	}
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsMap():
			if fd.MapValue().Message() != nil {
				v.Map().Range(func(_ protoreflect.MapKey, mv protoreflect.Value) bool {
					eachHandle(mv.Message(), fn)
					return true
				})
			}
		case fd.Message() == nil:
		case fd.IsList():
			for i := range v.List().Len() {
				eachHandle(v.List().Get(i).Message(), fn)
			}
		default:
			eachHandle(v.Message(), fn)
		}
		return true
	})
}

// sentCall is a call sent.
type sentCall struct {
	op protoreflect.FieldNumber // 0: no op
	// afterClose: sent after a CloseProvider, so it may get no return
	// (the agent ends the RPC after CloseProvider's).
	afterClose bool
}

// sameID is the calls sent with one call_id and not known to be answered.
// Which call a return answers is known only for a reply (one of the calls
// of its kind); a protocol error may answer any of them (a duplicate
// refused, or the older call refused after it ended), so protocol errors
// are counted, and the returns must stay matchable one to one: never more
// returns than calls.
type sameID struct {
	calls  []sentCall
	errors int // protocol-error returns
}

func (c *sameID) outstanding() int { return len(c.calls) - c.errors }

// fuzzSession is the harness's side of one session.
type fuzzSession struct {
	in      fuzzInput
	foreign uint64
	stream  agentv1.Agent_SessionClient
	trace   func(string, ...any)

	sendMu     sync.Mutex
	sendClosed bool
	acks       sync.WaitGroup // acks sent on goroutines of their own

	progress chan struct{} // cap 1: a server message arrived
	recvDone chan struct{} // closed when the receive loop ends

	mu sync.Mutex
	// recvErr is how the stream ended (io.EOF: OK).
	recvErr error
	// helloOK: the session's first message is a Hello with the right
	// token and major version; helloOptions: it has driver options.
	helloOK, helloOptions bool
	received              int // server messages
	welcomes              int
	handles               []*agentv1.Handle // seen, in order, once each
	handleSeen            map[uint64]bool
	callbacks             []uint64 // callback ids, in order
	callbackSeen          map[uint64]bool
	held                  map[uint64]bool // callbacks not acked yet
	calls                 map[uint64]*sameID
	pending               int // calls sent and not returned
	closeProviderSent     bool
	// closeProviderReturned: CloseProvider's return came, the session's
	// last message.
	closeProviderReturned bool
	failures              []string
}

func (s *fuzzSession) failLocked(format string, args ...any) {
	s.failures = append(s.failures, fmt.Sprintf(format, args...))
}

// send sends m unless the send side is closed; false if it was not sent.
func (s *fuzzSession) send(m *agentv1.ClientMessage) bool {
	s.sendMu.Lock()
	defer s.sendMu.Unlock()
	if s.sendClosed {
		return false
	}
	s.trace("-> %s", compact(m))
	return s.stream.Send(m) == nil
}

func (s *fuzzSession) closeSend() {
	s.sendMu.Lock()
	defer s.sendMu.Unlock()
	if !s.sendClosed {
		s.sendClosed = true
		_ = s.stream.CloseSend()
	}
}

func (s *fuzzSession) ack(id uint64) {
	s.send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_CallbackReturn{CallbackReturn: &agentv1.CallbackReturn{CallbackId: id}}})
}

// ackHeld acks every callback held.
func (s *fuzzSession) ackHeld() {
	s.mu.Lock()
	var ids []uint64
	for _, id := range s.callbacks {
		if s.held[id] {
			ids = append(ids, id)
			delete(s.held, id)
		}
	}
	s.mu.Unlock()
	for _, id := range ids {
		s.ack(id)
	}
}

func (s *fuzzSession) ended() bool {
	select {
	case <-s.recvDone:
		return true
	default:
		return false
	}
}

// receive reads the stream until it ends, checking every message.
func (s *fuzzSession) receive() {
	defer close(s.recvDone)
	for {
		m, err := s.stream.Recv()
		if err != nil {
			s.trace("<- end: %v", err)
			s.mu.Lock()
			s.recvErr = err
			s.mu.Unlock()
			return
		}
		s.trace("<- %s", compact(m))
		s.check(m)
		select {
		case s.progress <- struct{}{}:
		default:
		}
	}
}

func (s *fuzzSession) check(m *agentv1.ServerMessage) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.received++
	if s.closeProviderReturned {
		s.failLocked("%s after CloseProvider's return", compact(m))
	}
	if _, ok := m.Msg.(*agentv1.ServerMessage_Welcome); !ok && s.welcomes == 0 {
		s.failLocked("%s before the Welcome", compact(m))
	}
	eachHandle(m.ProtoReflect(), func(h *agentv1.Handle) {
		if h.GetId() == 0 || h.GetKind() == agentv1.HandleKind_HANDLE_KIND_UNSPECIFIED {
			s.failLocked("a handle with no id or no kind in %s", compact(m))
		}
		if !s.handleSeen[h.GetId()] {
			s.handleSeen[h.GetId()] = true
			s.handles = append(s.handles, h)
		}
	})
	switch x := m.Msg.(type) {
	case *agentv1.ServerMessage_Welcome:
		switch {
		case s.received != 1:
			s.failLocked("a Welcome after %d other messages", s.received-1)
		case !s.helloOK:
			s.failLocked("a Welcome for a session whose first message is not a Hello with the right token and version")
		}
		s.welcomes++
	case *agentv1.ServerMessage_CallReturn:
		s.checkReturn(x.CallReturn)
	case *agentv1.ServerMessage_Callback:
		cb := x.Callback
		id := cb.GetCallbackId()
		switch {
		case id == 0:
			s.failLocked("a Callback with callback_id 0: %s", compact(m))
		case s.callbackSeen[id]:
			s.failLocked("a second Callback with callback_id %d: %s", id, compact(m))
		}
		if cb.ProtoReflect().WhichOneof(cb.ProtoReflect().Descriptor().Oneofs().ByName("event")) == nil {
			s.failLocked("a Callback with no event: %s", compact(m))
		}
		if !s.callbackSeen[id] {
			s.callbackSeen[id] = true
			s.callbacks = append(s.callbacks, id)
			if s.in.hold {
				s.held[id] = true
			} else {
				s.acks.Add(1)
				go func() {
					defer s.acks.Done()
					s.ack(id)
				}()
			}
		}
	case *agentv1.ServerMessage_ProtocolError:
	default:
		s.failLocked("a ServerMessage with no member")
	}
}

func (s *fuzzSession) checkReturn(r *agentv1.CallReturn) {
	id := r.GetCallId()
	c := s.calls[id]
	if c == nil || c.outstanding() <= 0 {
		s.failLocked("a CallReturn for call_id %d, which has no call outstanding (never sent, or answered already): %s", id, compact(r))
		return
	}
	s.pending--
	reply := r.ProtoReflect().WhichOneof(returnReply)
	if r.GetCloseProvider() != nil {
		s.closeProviderReturned = true
	}
	if pe := r.GetProtocolError(); pe != nil {
		if r.GetStatus() != 0 || reply != nil {
			s.failLocked("a CallReturn with a protocol error and a status or a reply: %s", compact(r))
		}
		if pe.GetCorrelationId() != id {
			s.failLocked("a CallReturn whose protocol error's correlation_id is not its call_id: %s", compact(r))
		}
		c.errors++
		return
	}
	if reply == nil {
		s.failLocked("a CallReturn with neither a protocol error nor a reply: %s", compact(r))
		c.errors++
		return
	}
	for i, sc := range c.calls {
		if sc.op == reply.Number() {
			c.calls = append(c.calls[:i], c.calls[i+1:]...)
			return
		}
	}
	s.failLocked("a CallReturn whose reply is of no call sent with its call_id (ops %v): %s", c.calls, compact(r))
	c.errors++
}

// rewrite maps the ids of a fuzzed message onto the session's (see
// fuzzInput) and records what it sends.
func (s *fuzzSession) rewrite(m *agentv1.ClientMessage) *agentv1.ClientMessage {
	m = proto.Clone(m).(*agentv1.ClientMessage)
	s.mu.Lock()
	defer s.mu.Unlock()
	eachHandle(m.ProtoReflect(), func(h *agentv1.Handle) {
		n := h.GetId()
		switch {
		case n == 0:
		case n <= uint64(len(s.handles)):
			seen := s.handles[n-1]
			h.Id = seen.GetId()
			if h.GetKind() == agentv1.HandleKind_HANDLE_KIND_UNSPECIFIED {
				h.Kind = seen.GetKind()
			}
		case n%2 == 1:
			h.Id = s.foreign
		default:
			h.Id = 1<<62 | n
		}
	})
	callback := func(n uint64) uint64 {
		switch {
		case n == 0:
			return 0
		case n <= uint64(len(s.callbacks)):
			return s.callbacks[n-1]
		}
		return 1<<62 | n
	}
	switch x := m.Msg.(type) {
	case *agentv1.ClientMessage_Call:
		x.Call.WithinCallback = callback(x.Call.GetWithinCallback())
	case *agentv1.ClientMessage_CallbackReturn:
		x.CallbackReturn.CallbackId = callback(x.CallbackReturn.GetCallbackId())
		delete(s.held, x.CallbackReturn.CallbackId)
	}
	return m
}

// sendFuzzed sends one message, recording a call before it goes.
func (s *fuzzSession) sendFuzzed(m *agentv1.ClientMessage) {
	c := m.GetCall()
	if c != nil {
		var op protoreflect.FieldNumber
		if fd := c.ProtoReflect().WhichOneof(callOp); fd != nil {
			op = fd.Number()
		}
		s.mu.Lock()
		same := s.calls[c.GetCallId()]
		if same == nil {
			same = &sameID{}
			s.calls[c.GetCallId()] = same
		}
		same.calls = append(same.calls, sentCall{op: op, afterClose: s.closeProviderSent})
		s.pending++
		if c.GetCloseProvider() != nil {
			s.closeProviderSent = true
		}
		s.mu.Unlock()
	}
	if !s.send(m) && c != nil {
		// Not sent: forget it.
		s.mu.Lock()
		if same := s.calls[c.GetCallId()]; same.outstanding() > 0 {
			same.calls = same.calls[:len(same.calls)-1]
			s.pending--
		}
		s.mu.Unlock()
	}
}

// settle waits, before the next message, for the calls outstanding to
// return (unless flagPipeline) and for a new callback (if
// flagAwaitCallback), or for the stream to end. On a stall it acks the
// callbacks it holds and goes on.
func (s *fuzzSession) settle(flags byte, callbacksBefore int) {
	stall := time.NewTimer(fuzzStall)
	defer stall.Stop()
	limit := time.After(fuzzSettleMax)
	for {
		s.mu.Lock()
		done := (flags&flagPipeline != 0 || s.pending == 0) &&
			(flags&flagAwaitCallback == 0 || len(s.callbacks) > callbacksBefore)
		s.mu.Unlock()
		if done {
			return
		}
		select {
		case <-s.progress:
			stall.Reset(fuzzStall)
		case <-s.recvDone:
			return
		case <-stall.C:
			s.ackHeld()
			return
		case <-limit:
			s.ackHeld()
			return
		}
	}
}

// requiredPendingLocked is the number of calls outstanding that must
// return (at least), and their call ids.
func (s *fuzzSession) requiredPendingLocked() (n int, which []string) {
	for id, c := range s.calls {
		required := c.outstanding()
		for _, sc := range c.calls {
			if sc.afterClose {
				required--
			}
		}
		if required > 0 {
			n += required
			which = append(which, fmt.Sprintf("%d with call_id %d", required, id))
		}
	}
	return n, which
}

// drain acks every callback until every call that must return has
// returned and no callback is held, or the stream ended; false after
// fuzzDrain.
func (s *fuzzSession) drain() bool {
	deadline := time.After(fuzzDrain)
	for {
		s.ackHeld()
		s.mu.Lock()
		n, _ := s.requiredPendingLocked()
		idle := n == 0 && len(s.held) == 0
		s.mu.Unlock()
		if idle || s.ended() {
			return true
		}
		select {
		case <-s.progress:
		case <-s.recvDone:
			return true
		case <-time.After(fuzzStall):
		case <-deadline:
			return false
		}
	}
}

func compact(m proto.Message) string {
	return prototext.MarshalOptions{}.Format(m)
}

func runFuzzSession(t *testing.T, d ndk.Driver, in fuzzInput) {
	foreign := foreignHandle(t, d)
	a, err := startFuzzAgent(d, completions[in.completion])
	if err != nil {
		t.Fatal(err)
	}
	hung := false
	defer func() {
		if hung {
			return // the server would wait for the hung handler forever
		}
		if err := a.stop(); err != nil {
			t.Errorf("closing the provider: %v", err)
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stream, err := agentv1.NewAgentClient(a.conn).Session(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s := &fuzzSession{in: in, foreign: foreign, stream: stream,
		trace:    func(string, ...any) {},
		progress: make(chan struct{}, 1), recvDone: make(chan struct{}),
		handleSeen: map[uint64]bool{}, callbackSeen: map[uint64]bool{}, held: map[uint64]bool{},
		calls: map[uint64]*sameID{}}
	var over atomic.Bool // t must not log once the test is over
	if os.Getenv(fuzzTraceEnv) == "1" {
		s.trace = func(format string, args ...any) {
			if !over.Load() {
				t.Logf(format, args...)
			}
		}
	}
	defer func() {
		over.Store(true)
		cancel() // no ack left blocked in Send
		s.acks.Wait()
	}()
	go s.receive()

	// The Hello.
	chunks := in.chunks
	var first *agentv1.ClientMessage
	switch in.hello {
	case helloValid:
		first = &agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Hello{Hello: &agentv1.Hello{
			ProtocolVersion: agent.Version, Token: fuzzToken, ClientVersion: "fuzz"}}}
	case helloWrongToken:
		first = &agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Hello{Hello: &agentv1.Hello{
			ProtocolVersion: agent.Version, Token: fuzzToken + "!", ClientVersion: "fuzz"}}}
	case helloNone:
		if len(chunks) > 0 {
			first, chunks = chunks[0].msg, chunks[1:]
		}
	}
	if first != nil {
		hello := first.GetHello()
		s.mu.Lock()
		s.helloOK = hello != nil && hello.GetToken() == fuzzToken && hello.GetProtocolVersion().GetMajor() == agent.Version.Major
		s.helloOptions = len(hello.GetDriverOptions()) > 0
		s.mu.Unlock()
		s.send(first)
		// Nothing else until the Welcome, or the end of the RPC.
		select {
		case <-s.progress:
		case <-s.recvDone:
		case <-time.After(fuzzBound):
			t.Errorf("no answer to the session's first message in %v: %s", fuzzBound, compact(first))
		}
	}
	s.mu.Lock()
	welcomed := s.welcomes > 0
	s.mu.Unlock()

	// The fuzzed messages.
	for _, c := range chunks {
		if !welcomed || s.ended() {
			break
		}
		if c.flags&flagAckAll != 0 {
			s.ackHeld()
		}
		s.mu.Lock()
		before := len(s.callbacks)
		s.mu.Unlock()
		s.sendFuzzed(s.rewrite(c.msg))
		s.settle(c.flags, before)
	}

	// The end.
	graceful := (in.end == endGraceful || in.end == endGracefulClose) && welcomed
	if graceful {
		graceful = s.drain()
		if graceful && in.end == endGracefulClose && !s.ended() {
			s.mu.Lock()
			sent := s.closeProviderSent
			s.mu.Unlock()
			if !sent {
				s.sendFuzzed(fuzzCall(1<<64-1, &agentv1.Call{Op: &agentv1.Call_CloseProvider{CloseProvider: &agentv1.CloseProviderRequest{}}}))
				graceful = s.drain()
			}
		}
		if !graceful {
			s.mu.Lock()
			_, which := s.requiredPendingLocked()
			s.mu.Unlock()
			s.trace("not a graceful end: calls outstanding %v after every callback was acked: %v", fuzzDrain, which)
		}
	}
	if in.end == endCancel {
		cancel()
	} else {
		s.closeSend()
	}
	select {
	case <-s.recvDone:
	case <-time.After(fuzzBound):
		hung = true
		t.Fatalf("hang: the RPC did not end %v after the harness closed its side\n%s", fuzzBound, agentStacks())
	}
	if !a.handlerEnded(fuzzBound) {
		hung = true
		t.Fatalf("hang: the agent's Session handler did not return %v after the harness closed its side\n%s", fuzzBound, agentStacks())
	}
	s.acks.Wait()

	s.mu.Lock()
	for _, f := range s.failures {
		t.Error(f)
	}
	st := status.Convert(s.recvErr)
	if errors.Is(s.recvErr, io.EOF) {
		st = status.New(codes.OK, "")
	}
	switch {
	case s.helloOK && !s.helloOptions && s.welcomes == 0:
		t.Errorf("no Welcome for a valid Hello; the RPC ended with %v", st)
	case in.hello == helloWrongToken && st.Code() != codes.Unauthenticated:
		t.Errorf("a Hello with a wrong token: the RPC ended with %v, want UNAUTHENTICATED", st)
	case s.welcomes == 0 && st.Code() == codes.OK && in.end != endCancel:
		t.Errorf("a session without a Welcome ended with OK")
	}
	if graceful {
		if n, which := s.requiredPendingLocked(); n > 0 && st.Code() == codes.OK {
			t.Errorf("the RPC ended with OK and calls unanswered: %v", which)
		}
		if st.Code() != codes.OK {
			t.Errorf("a graceful end: the RPC ended with %v, want OK", st)
		}
	}
	s.mu.Unlock()

	// The agent serves a new session, and the provider closes.
	if _, err := checkNewSession(a); err != nil {
		if strings.Contains(err.Error(), "did not return") {
			hung = true
		}
		t.Fatalf("a new session after this one: %v", err)
	}
}

// The seed corpus: realistic sessions and the protocol errors of the
// brief, each a fuzzInput built here (so that it follows the protocol as
// it changes). Handle and callback ids are the harness's (see fuzzInput):
// n is the n-th handle (callback) the session has seen.

// seed builds one input; call ids are numbered from 1 unless given.
type seed struct {
	in   fuzzInput
	next uint64
}

func newSeed(completion int, hello helloMode, end endMode, hold bool) *seed {
	return &seed{in: fuzzInput{completion: completion, hello: hello, end: end, hold: hold}}
}

func (s *seed) msg(flags byte, m *agentv1.ClientMessage) *seed {
	s.in.chunks = append(s.in.chunks, fuzzChunk{flags, m})
	return s
}

// call adds a call with the next call id.
func (s *seed) call(flags byte, c *agentv1.Call) *seed {
	s.next++
	return s.msg(flags, fuzzCall(s.next, c))
}

// callID adds a call with call id id.
func (s *seed) callID(flags byte, id uint64, c *agentv1.Call) *seed {
	return s.msg(flags, fuzzCall(id, c))
}

func (s *seed) ack(n uint64) *seed {
	return s.msg(0, &agentv1.ClientMessage{Msg: &agentv1.ClientMessage_CallbackReturn{CallbackReturn: &agentv1.CallbackReturn{CallbackId: n}}})
}

func (s *seed) hello(token string, major uint32, opts map[string]string) *seed {
	return s.msg(0, &agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Hello{Hello: &agentv1.Hello{
		ProtocolVersion: &agentv1.ProtocolVersion{Major: major}, Token: token, DriverOptions: opts}}})
}

const (
	hkAdapter   = agentv1.HandleKind_HANDLE_KIND_ADAPTER
	hkQP        = agentv1.HandleKind_HANDLE_KIND_QP
	hkCQ        = agentv1.HandleKind_HANDLE_KIND_CQ
	hkPD        = agentv1.HandleKind_HANDLE_KIND_PD
	hkSE        = agentv1.HandleKind_HANDLE_KIND_SHARED_ENDPOINT
	hkConnector = agentv1.HandleKind_HANDLE_KIND_CONNECTOR
	hkListener  = agentv1.HandleKind_HANDLE_KIND_LISTENER
	hkMR        = agentv1.HandleKind_HANDLE_KIND_MR
	hkBuffer    = agentv1.HandleKind_HANDLE_KIND_BUFFER
	hkSRQ       = agentv1.HandleKind_HANDLE_KIND_SRQ
)

func hd(kind agentv1.HandleKind, n uint64) *agentv1.Handle { return &agentv1.Handle{Kind: kind, Id: n} }
func ref(ctx uint64) *agentv1.CallbackRef                  { return &agentv1.CallbackRef{Context: ctx} }
func sa(addr string, port uint32) *agentv1.SocketAddress {
	return &agentv1.SocketAddress{Address: addr, Port: port}
}

func openAdapter(addr string) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_OpenAdapter{OpenAdapter: &agentv1.OpenAdapterRequest{Address: addr}}}
}
func closeAdapter(n uint64) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_CloseAdapter{CloseAdapter: &agentv1.CloseAdapterRequest{Adapter: hd(hkAdapter, n)}}}
}
func queryAdapter(h *agentv1.Handle) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_QueryAdapterInfo{QueryAdapterInfo: &agentv1.QueryAdapterInfoRequest{Adapter: h}}}
}
func createPd(ad uint64, done *agentv1.CallbackRef) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_CreatePd{CreatePd: &agentv1.CreatePdRequest{Adapter: hd(hkAdapter, ad), Done: done}}}
}
func createCq(ad uint64, done *agentv1.CallbackRef) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_CreateCq{CreateCq: &agentv1.CreateCqRequest{Adapter: hd(hkAdapter, ad), Depth: 16, Notify: ref(7), Done: done}}}
}
func createQp(pd, cq uint64, done *agentv1.CallbackRef) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_CreateQp{CreateQp: &agentv1.CreateQpRequest{Pd: hd(hkPD, pd), Done: done,
		Params: &agentv1.QpParams{ReceiveCq: hd(hkCQ, cq), InitiatorCq: hd(hkCQ, cq), Context: 9,
			ReceiveQueueDepth: 4, InitiatorQueueDepth: 4, MaxReceiveRequestSge: 1, MaxInitiatorRequestSge: 1}}}}
}
func createConnector(ad uint64, done *agentv1.CallbackRef) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_CreateConnector{CreateConnector: &agentv1.CreateConnectorRequest{Adapter: hd(hkAdapter, ad), Done: done}}}
}
func createListener(ad uint64, done *agentv1.CallbackRef) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_CreateListener{CreateListener: &agentv1.CreateListenerRequest{Adapter: hd(hkAdapter, ad), OnConnect: ref(100), Done: done}}}
}
func listen(l uint64, addr string, port uint32, done *agentv1.CallbackRef) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_Listen{Listen: &agentv1.ListenRequest{Listener: hd(hkListener, l), Local: sa(addr, port), Done: done}}}
}
func connect(cn, qp uint64, src, dst string, port uint32, done *agentv1.CallbackRef) *agentv1.Call {
	pd := []byte("hello")
	return &agentv1.Call{Op: &agentv1.Call_Connect{Connect: &agentv1.ConnectRequest{Connector: hd(hkConnector, cn), Done: done,
		Params: &agentv1.ConnectParams{Qp: hd(hkQP, qp), Source: sa(src, 0), Destination: sa(dst, port),
			InboundReadLimit: 1, OutboundReadLimit: 1, PrivateData: pd}}}}
}
func accept(cn, qp uint64, done *agentv1.CallbackRef) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_Accept{Accept: &agentv1.AcceptRequest{Connector: hd(hkConnector, cn), Qp: hd(hkQP, qp),
		InboundReadLimit: 1, OutboundReadLimit: 1, OnDisconnect: ref(300), Done: done}}}
}
func completeConnect(cn uint64, done *agentv1.CallbackRef) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_CompleteConnect{CompleteConnect: &agentv1.CompleteConnectRequest{Connector: hd(hkConnector, cn), OnDisconnect: ref(400), Done: done}}}
}
func disconnect(cn uint64, done *agentv1.CallbackRef) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_Disconnect{Disconnect: &agentv1.DisconnectRequest{Connector: hd(hkConnector, cn), Done: done}}}
}
func connectShared(cn, se, qp uint64, port uint32, done uint64) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_ConnectWithSharedEndpoint{ConnectWithSharedEndpoint: &agentv1.ConnectWithSharedEndpointRequest{
		Connector: hd(hkConnector, cn), SharedEndpoint: hd(hkSE, se), Done: ref(done),
		Params: &agentv1.ConnectParams{Qp: hd(hkQP, qp), Source: sa(addrA, 6000), Destination: sa(addrB, port)}}}}
}
func closeObject(h *agentv1.Handle, done *agentv1.CallbackRef) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_CloseObject{CloseObject: &agentv1.CloseObjectRequest{Object: h, Done: done}}}
}
func createSrq(pd uint64) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_CreateSrq{CreateSrq: &agentv1.CreateSrqRequest{Pd: hd(hkPD, pd), Depth: 4, MaxReceiveRequestSge: 1, Notify: ref(8)}}}
}
func failCq(h *agentv1.Handle) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_FailCq{FailCq: &agentv1.FailCqRequest{Cq: h}}}
}
func failSrq(h *agentv1.Handle) *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_FailSrq{FailSrq: &agentv1.FailSrqRequest{Srq: h}}}
}
func closeProvider() *agentv1.Call {
	return &agentv1.Call{Op: &agentv1.Call_CloseProvider{CloseProvider: &agentv1.CloseProviderRequest{}}}
}

const (
	addrA = "192.0.2.1"
	addrB = "192.0.2.2"
)

// connectFlow is a whole connection between sides A and B: adapters,
// PD, CQ and QP on each, a listener on B, a connector on A, connect,
// accept, complete, disconnect, then everything closed. Creates take no
// done callback, so their handles come in their returns, in order:
// 1 adapter A, 2 adapter B, 3 PD A, 4 CQ A, 5 QP A, 6 PD B, 7 CQ B, 8 QP B,
// 9 listener, 10 connector A, 11 connector B (the connect event's).
func connectFlow(s *seed) *seed {
	s.call(0, openAdapter(addrA)).call(0, openAdapter(addrB)).
		call(0, queryAdapter(hd(hkAdapter, 1))).
		call(0, createPd(1, nil)).call(0, createCq(1, nil)).call(0, createQp(3, 4, nil)).
		call(0, createPd(2, nil)).call(0, createCq(2, nil)).call(0, createQp(6, 7, nil)).
		call(0, createListener(2, nil)).
		call(0, listen(9, addrB, 5000, ref(101))).
		call(0, &agentv1.Call{Op: &agentv1.Call_GetListenerLocalAddress{GetListenerLocalAddress: &agentv1.GetListenerLocalAddressRequest{Listener: hd(hkListener, 9)}}}).
		call(0, createConnector(1, nil)).
		// Connect and Accept may block until the peer answers (inline):
		// do not wait for their returns, but for a callback: the connect
		// event, then (unless inline) the connect's completion, which
		// CompleteConnect must follow.
		call(flagPipeline|flagAwaitCallback, connect(10, 5, addrA, addrB, 5000, ref(200))).
		call(0, &agentv1.Call{Op: &agentv1.Call_GetConnectionData{GetConnectionData: &agentv1.GetConnectionDataRequest{Connector: hd(hkConnector, 11), BufferLength: proto.Uint32(64)}}}).
		call(flagPipeline|flagAwaitCallback, accept(11, 8, ref(201))).
		call(0, completeConnect(10, ref(202))).
		call(0, &agentv1.Call{Op: &agentv1.Call_GetPeerAddress{GetPeerAddress: &agentv1.GetPeerAddressRequest{Connector: hd(hkConnector, 10)}}}).
		call(0, &agentv1.Call{Op: &agentv1.Call_GetLocalAddress{GetLocalAddress: &agentv1.GetLocalAddressRequest{Connector: hd(hkConnector, 11)}}}).
		call(flagAwaitCallback, disconnect(10, ref(203)))
	for _, h := range []*agentv1.Handle{hd(hkConnector, 10), hd(hkConnector, 11), hd(hkListener, 9),
		hd(hkQP, 5), hd(hkQP, 8), hd(hkCQ, 4), hd(hkCQ, 7), hd(hkPD, 3), hd(hkPD, 6)} {
		s.call(0, closeObject(h, ref(500)))
	}
	return s.call(0, closeAdapter(1)).call(0, closeAdapter(2))
}

// closeAll closes the objects (CloseObject, with a done callback), then
// the adapters.
func (s *seed) closeAll(objects []*agentv1.Handle, adapters ...uint64) *seed {
	for _, h := range objects {
		s.call(0, closeObject(h, ref(500)))
	}
	for _, n := range adapters {
		s.call(0, closeAdapter(n))
	}
	return s
}

func fuzzSeeds() []fuzzInput {
	var seeds []*seed
	add := func(s *seed) { seeds = append(seeds, s) }

	// The whole connection in every completion personality, with the
	// harness's CloseProvider; and in deferred, with the input's.
	for c := range completions {
		add(connectFlow(newSeed(c, helloValid, endGracefulClose, false)))
	}
	add(connectFlow(newSeed(0, helloValid, endGraceful, false)).call(0, closeProvider()))

	// Creates with done callbacks, held until acked: the handles come in
	// CreateCompletions. Calls within a held callback (a close from inside
	// it), acks, an ack twice, and calls on the closed objects.
	add(newSeed(0, helloValid, endGracefulClose, true).
		call(0, openAdapter(addrA)).                          // handle 1
		call(flagAwaitCallback, createPd(1, ref(11))).        // callback 1, handle 2
		call(flagAwaitCallback, createCq(1, ref(12))).        // callback 2, handle 3
		call(flagAwaitCallback, createConnector(1, ref(13))). // callback 3, handle 4
		msg(0, fuzzCall(50, &agentv1.Call{WithinCallback: 1, Op: &agentv1.Call_CloseObject{CloseObject: &agentv1.CloseObjectRequest{Object: hd(hkPD, 2), Done: ref(14)}}})).
		msg(0, fuzzCall(51, &agentv1.Call{WithinCallback: 2, Op: &agentv1.Call_QueryAdapterInfo{QueryAdapterInfo: &agentv1.QueryAdapterInfoRequest{Adapter: hd(hkAdapter, 1)}}})).
		ack(1).ack(2).ack(1).
		call(0, createQp(2, 3, nil)).                           // PD closed
		call(0, closeObject(hd(hkConnector, 4), ref(15))).      // the connector's create callback still held
		call(flagAckAll, closeObject(hd(hkConnector, 4), nil)). // closed twice
		call(0, closeObject(hd(hkCQ, 3), nil)).
		call(0, closeAdapter(1)).
		call(0, queryAdapter(hd(hkAdapter, 1))).
		call(0, createPd(1, nil)))

	// Duplicate call ids: a call blocked (reentrant: CreatePd waits in
	// its completion callback, held until acked), then more with its id,
	// one of them within that callback.
	add(newSeed(2, helloValid, endGracefulClose, true).
		call(0, openAdapter(addrA)).
		callID(flagPipeline|flagAwaitCallback, 7, createPd(1, ref(1))).
		callID(flagPipeline, 7, queryAdapter(hd(hkAdapter, 1))).
		callID(flagPipeline, 7, openAdapter(addrB)).
		msg(flagPipeline, fuzzCall(7, &agentv1.Call{WithinCallback: 1, Op: queryAdapter(hd(hkAdapter, 1)).Op})).
		ack(1).
		callID(0, 7, queryAdapter(hd(hkAdapter, 1))).
		closeAll([]*agentv1.Handle{hd(hkPD, 2)}, 1))

	// Bad handles: ids never issued, of another session, of the wrong
	// kind, missing; CloseObject on an adapter; a Call with no op; a
	// message with no member; calls not served yet.
	add(newSeed(0, helloValid, endGracefulClose, false).
		call(0, openAdapter(addrA)). // 1
		call(0, createPd(1, nil)).   // 2
		call(0, createCq(1, nil)).   // 3
		call(0, queryAdapter(hd(hkAdapter, 1000))).
		call(0, queryAdapter(hd(hkAdapter, 1001))).
		call(0, queryAdapter(hd(hkPD, 2))).
		call(0, queryAdapter(nil)).
		call(0, createQp(3, 2, nil)). // PD and CQ swapped
		call(0, createQp(2, 1, nil)).
		call(0, &agentv1.Call{Op: &agentv1.Call_CreateQp{CreateQp: &agentv1.CreateQpRequest{Pd: hd(hkPD, 2)}}}).
		call(0, closeObject(hd(hkAdapter, 1), nil)).
		call(0, closeObject(hd(hkPD, 1), nil)).
		call(0, closeObject(hd(0, 1000), nil)).
		call(0, closeObject(nil, nil)).
		call(0, connect(3, 2, "not an address", addrB, 70000, nil)).
		call(0, openAdapter("")).
		call(0, openAdapter("198.51.100.7")).
		call(0, &agentv1.Call{}).
		msg(0, &agentv1.ClientMessage{}).
		call(0, &agentv1.Call{Op: &agentv1.Call_ArmCq{ArmCq: &agentv1.ArmCqRequest{Cq: hd(hkCQ, 3)}}}).
		call(0, &agentv1.Call{Op: &agentv1.Call_CreateMr{CreateMr: &agentv1.CreateMrRequest{Pd: hd(hkPD, 2)}}}).
		call(0, &agentv1.Call{Op: &agentv1.Call_AllocateBuffer{AllocateBuffer: &agentv1.AllocateBufferRequest{Length: 4096}}}).
		call(0, &agentv1.Call{Op: &agentv1.Call_WriteMemory{WriteMemory: &agentv1.WriteMemoryRequest{Region: hd(hkBuffer, 4), Data: []byte("x")}}}).
		call(0, &agentv1.Call{Op: &agentv1.Call_RegisterMr{RegisterMr: &agentv1.RegisterMrRequest{Mr: hd(hkMR, 4), Buffer: hd(hkBuffer, 5), Length: 4096}}}).
		call(0, &agentv1.Call{Op: &agentv1.Call_SetHostState{SetHostState: &agentv1.SetHostStateRequest{Address: addrB, State: agentv1.HostState_HOST_STATE_DOWN}}}).
		call(0, &agentv1.Call{Op: &agentv1.Call_GetConnectionData{GetConnectionData: &agentv1.GetConnectionDataRequest{Connector: hd(hkConnector, 2), BufferLength: proto.Uint32(1 << 20)}}}).
		closeAll([]*agentv1.Handle{hd(hkPD, 2), hd(hkCQ, 3)}, 1))

	// Callback ids: within_callback and CallbackReturn naming no callback.
	add(newSeed(0, helloValid, endGracefulClose, false).
		ack(5).ack(0).
		msg(0, fuzzCall(1, &agentv1.Call{WithinCallback: 3, Op: openAdapter(addrA).Op})).
		call(0, openAdapter(addrA)).
		call(flagAwaitCallback, createPd(1, ref(1))).
		ack(1).
		msg(0, fuzzCall(9, &agentv1.Call{WithinCallback: 1, Op: queryAdapter(hd(hkAdapter, 1)).Op})).
		closeAll([]*agentv1.Handle{hd(hkPD, 2)}))

	// Shared endpoints, a connect to a port nobody listens on, then one
	// rejected.
	add(newSeed(0, helloValid, endGracefulClose, false).
		call(0, openAdapter(addrA)).                                                                                                                                                   // 1
		call(0, openAdapter(addrB)).                                                                                                                                                   // 2
		call(0, &agentv1.Call{Op: &agentv1.Call_CreateSharedEndpoint{CreateSharedEndpoint: &agentv1.CreateSharedEndpointRequest{Adapter: hd(hkAdapter, 1), Local: sa(addrA, 6000)}}}). // 3
		call(0, &agentv1.Call{Op: &agentv1.Call_GetSharedEndpointLocalAddress{GetSharedEndpointLocalAddress: &agentv1.GetSharedEndpointLocalAddressRequest{SharedEndpoint: hd(hkSE, 3)}}}).
		call(0, createConnector(1, nil)). // 4
		call(0, createListener(2, nil)).  // 5
		call(0, listen(5, addrB, 7000, nil)).
		call(0, createPd(1, nil)).    // 6
		call(0, createCq(1, nil)).    // 7
		call(0, createQp(6, 7, nil)). // 8
		call(flagPipeline|flagAwaitCallback, connectShared(4, 3, 8, 7001, 1)).
		call(flagPipeline|flagAwaitCallback, connectShared(4, 3, 8, 7000, 2)). // connector 9
		call(0, &agentv1.Call{Op: &agentv1.Call_Reject{Reject: &agentv1.RejectRequest{Connector: hd(hkConnector, 9), PrivateData: []byte("no")}}}).
		closeAll([]*agentv1.Handle{hd(hkConnector, 9), hd(hkConnector, 4), hd(hkListener, 5), hd(hkSE, 3),
			hd(hkQP, 8), hd(hkCQ, 7), hd(hkPD, 6)}, 1, 2))

	// The session's order: a Hello twice; calls after CloseProvider; no
	// Hello; a Hello with a wrong token, a wrong major version, driver
	// options; a Hello with the right token as the first fuzzed message.
	add(newSeed(0, helloValid, endGraceful, false).
		hello(fuzzToken, 1, nil).
		call(0, openAdapter(addrA)).
		call(flagPipeline, closeProvider()).
		call(flagPipeline, openAdapter(addrB)).
		call(0, queryAdapter(hd(hkAdapter, 1))))
	add(newSeed(0, helloNone, endGracefulClose, false).call(0, openAdapter(addrA)))
	add(newSeed(0, helloWrongToken, endGracefulClose, false).call(0, openAdapter(addrA)))
	add(newSeed(0, helloNone, endGracefulClose, false).hello(fuzzToken, 2, nil))
	add(newSeed(0, helloNone, endGracefulClose, false).hello(fuzzToken, 1, map[string]string{"completion": "inline"}))
	add(newSeed(0, helloNone, endGracefulClose, false).hello("", 1, nil))
	add(newSeed(1, helloNone, endGracefulClose, false).hello(fuzzToken, 1, nil).
		call(0, openAdapter(addrA)).hello(fuzzToken, 1, nil).call(0, closeAdapter(1)))

	// SRQ and CQ fault injection (FailSrq, FailCq): on an armed CQ and an
	// SRQ of the session, twice; on handles missing, of the wrong kind,
	// never issued, of another session; on the objects closed.
	for c := range completions {
		add(newSeed(c, helloValid, endGracefulClose, false).
			call(0, openAdapter(addrA)). // 1
			call(0, createPd(1, nil)).   // 2
			call(0, createCq(1, nil)).   // 3
			call(0, createSrq(2)).       // 4
			call(0, &agentv1.Call{Op: &agentv1.Call_ArmCq{ArmCq: &agentv1.ArmCqRequest{Cq: hd(hkCQ, 3), Type: uint32(ndk.CQNotifyErrors)}}}).
			call(0, failCq(hd(hkCQ, 3))).
			call(0, failSrq(hd(hkSRQ, 4))).
			call(0, failCq(hd(hkCQ, 3))).
			call(0, failSrq(hd(hkSRQ, 4))).
			call(0, failCq(nil)).
			call(0, failSrq(nil)).
			call(0, failCq(hd(hkPD, 2))).
			call(0, failSrq(hd(hkCQ, 3))).
			call(0, failCq(hd(hkCQ, 1000))).
			call(0, failSrq(hd(hkSRQ, 1001))).
			closeAll([]*agentv1.Handle{hd(hkSRQ, 4), hd(hkCQ, 3)}).
			call(0, failCq(hd(hkCQ, 3))).
			call(0, failSrq(hd(hkSRQ, 4))).
			closeAll([]*agentv1.Handle{hd(hkPD, 2)}, 1))
	}

	// MDL chains (RegisterMrChain, BuildLamChain): a contiguous chain over
	// two buffers, memory moved across its MDLs' boundary through the MR,
	// a buffer of it freed while registered (BUSY), a gap, an overlap,
	// bad MDLs (a missing buffer with a length, a range outside its
	// buffer, a handle of the wrong kind, too many MDLs), and the calls
	// on objects of the wrong kind.
	for c := range completions {
		mdl := func(buf, off, n, va uint64) *agentv1.Mdl {
			m := &agentv1.Mdl{Offset: off, Length: n, Va: va}
			if buf != 0 {
				m.Buffer = hd(hkBuffer, buf)
			}
			return m
		}
		regChain := func(mr uint64, chain ...*agentv1.Mdl) *agentv1.Call {
			return &agentv1.Call{Op: &agentv1.Call_RegisterMrChain{RegisterMrChain: &agentv1.RegisterMrChainRequest{
				Mr: hd(hkMR, mr), Chain: chain, Flags: uint32(ndk.MRFlagAllowLocalWrite), Done: ref(600)}}}
		}
		lamChain := func(ad *agentv1.Handle, chain ...*agentv1.Mdl) *agentv1.Call {
			return &agentv1.Call{Op: &agentv1.Call_BuildLamChain{BuildLamChain: &agentv1.BuildLamChainRequest{
				Adapter: ad, Chain: chain, PageCapacity: 4, Done: ref(601)}}}
		}
		many := make([]*agentv1.Mdl, 1025)
		for i := range many {
			many[i] = mdl(4, 0, 1, 0x10000+uint64(i))
		}
		add(newSeed(c, helloValid, endGracefulClose, false).
			call(0, openAdapter(addrA)).                                                                                            // 1
			call(0, createPd(1, nil)).                                                                                              // 2
			call(0, &agentv1.Call{Op: &agentv1.Call_CreateMr{CreateMr: &agentv1.CreateMrRequest{Pd: hd(hkPD, 2)}}}).                // 3
			call(0, &agentv1.Call{Op: &agentv1.Call_AllocateBuffer{AllocateBuffer: &agentv1.AllocateBufferRequest{Length: 4096}}}). // 4
			call(0, &agentv1.Call{Op: &agentv1.Call_AllocateBuffer{AllocateBuffer: &agentv1.AllocateBufferRequest{Length: 4096}}}). // 5
			call(0, regChain(3, mdl(4, 100, 1000, 0x10000), mdl(5, 0, 2000, 0x10000+1000))).
			call(0, &agentv1.Call{Op: &agentv1.Call_WriteMemory{WriteMemory: &agentv1.WriteMemoryRequest{Region: hd(hkMR, 3), Offset: 990, Data: []byte("across the boundary")}}}).
			call(0, &agentv1.Call{Op: &agentv1.Call_ReadMemory{ReadMemory: &agentv1.ReadMemoryRequest{Region: hd(hkMR, 3), Offset: 980, Length: 40}}}).
			call(0, &agentv1.Call{Op: &agentv1.Call_ReadMemory{ReadMemory: &agentv1.ReadMemoryRequest{Region: hd(hkMR, 3), Offset: 2990, Length: 11}}}).
			call(0, &agentv1.Call{Op: &agentv1.Call_FreeBuffer{FreeBuffer: &agentv1.FreeBufferRequest{Buffer: hd(hkBuffer, 5)}}}).
			call(0, &agentv1.Call{Op: &agentv1.Call_DeregisterMr{DeregisterMr: &agentv1.DeregisterMrRequest{Mr: hd(hkMR, 3)}}}).
			call(0, regChain(3, mdl(4, 0, 1000, 0x10000), mdl(5, 0, 1000, 0x10000+1001))).
			call(0, regChain(3, mdl(4, 0, 1000, 0x10000), mdl(5, 0, 1000, 0x10000+999))).
			call(0, regChain(3, mdl(0, 0, 1000, 0x10000))).
			call(0, regChain(3, mdl(4, 4000, 1000, 0x10000))).
			call(0, regChain(3, &agentv1.Mdl{Buffer: hd(hkPD, 2), Length: 10, Va: 0x10000})).
			call(0, regChain(3, many...)).
			call(0, regChain(3)).
			call(0, regChain(2, mdl(4, 0, 10, 0x10000))).
			call(0, lamChain(hd(hkAdapter, 1), mdl(4, 100, 1000, 0x10064), mdl(5, 0, 2000, 0x10064+1000))). // LAM 6
			call(0, lamChain(hd(hkAdapter, 1), mdl(4, 0, 1000, 0x10000), mdl(5, 0, 1000, 0x10000+1001))).   // LAM 7
			call(0, lamChain(hd(hkAdapter, 1), mdl(4, 0, 1000, 0x10000), mdl(5, 0, 1000, 0x10000+999))).    // LAM 8
			call(0, lamChain(hd(hkPD, 2), mdl(4, 0, 10, 0x10000))).
			call(0, lamChain(hd(hkAdapter, 1), many...)).
			call(0, &agentv1.Call{Op: &agentv1.Call_FreeBuffer{FreeBuffer: &agentv1.FreeBufferRequest{Buffer: hd(hkBuffer, 5)}}}).
			call(0, &agentv1.Call{Op: &agentv1.Call_ReleaseLam{ReleaseLam: &agentv1.ReleaseLamRequest{Adapter: hd(hkAdapter, 1), Lam: hd(agentv1.HandleKind_HANDLE_KIND_LAM, 6)}}}).
			closeAll([]*agentv1.Handle{hd(hkMR, 3), hd(hkPD, 2)}, 1))
	}

	// Sessions that end with objects open.
	seeds = append(seeds, objectsLeftOpenSeeds()...)

	// A Call with a member this agent does not know (NOT_SUPPORTED).
	unknown := fuzzCall(1, &agentv1.Call{})
	unknown.GetCall().ProtoReflect().SetUnknown(protowire.AppendBytes(protowire.AppendTag(nil, 9999, protowire.BytesType), []byte{8, 1}))
	add(newSeed(0, helloValid, endGracefulClose, false).msg(0, unknown).call(0, openAdapter(addrA)))
	out := make([]fuzzInput, len(seeds))
	for i, s := range seeds {
		out[i] = s.in
	}
	return out
}

// objectsLeftOpenSeeds are sessions that end with objects open: the
// harness stops (closes its side, cancels the RPC, or sends
// CloseProvider) with a connection up, or with a PD open. An older agent
// hung on them: at the end of a session it closed the adapters without
// closing their objects first, and an adapter's Close waits for its
// objects to be closed (sim: LT-22), so the Session handler never
// returned and the agent refused every later session.
func objectsLeftOpenSeeds() []*seed {
	cut := func(end endMode) *seed {
		s := connectFlow(newSeed(0, helloValid, end, false))
		s.in.chunks = s.in.chunks[:17] // up to CompleteConnect
		return s
	}
	// An inline Connect whose passive side never accepts, blocked when
	// the session ends.
	blocked := func(end endMode) *seed {
		s := connectFlow(newSeed(1, helloValid, end, false))
		s.in.chunks = s.in.chunks[:14] // up to the Connect
		return s
	}
	return []*seed{
		blocked(endHalfClose),
		blocked(endCancel),
		blocked(endGracefulClose),
		cut(endHalfClose),
		cut(endCancel),
		cut(endGracefulClose),
		newSeed(0, helloValid, endGracefulClose, false).call(0, openAdapter(addrA)).call(0, createPd(1, nil)),
	}
}
