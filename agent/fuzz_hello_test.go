package agent_test

// FuzzHello: the agent's admission of sessions under the fuzzer: the
// Hello (its token, version and driver options, or another first message,
// or none), the failed-authentication budget, and the session slots. Every
// input is a sequence of session attempts, ends and calls against a fresh
// agent over sim (a bufconn), and every attempt's outcome must be the one
// a model of the admission rules gives: a slot is taken only by an
// admitted session, so clients that say nothing, or say it wrong, never
// keep a harness out.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// How a FuzzHello input is read. Byte 0: bits 0-1 the agent's session
// slots (1 + value % 3), bits 2-4 its failed-authentication budget
// (1 + value). Then steps of two bytes, op and argument, at most
// helloMaxSteps:
//
//	op % 4 == 0  a new session whose first message is attempt kind arg % 12
//	             (see the attempt constants); its outcome is waited for,
//	             except for a silent one, which stays pending
//	op % 4 == 1  the arg-th open session (welcomed or silent, in order)
//	             ends: the harness closes its send side if arg is even,
//	             cancels the RPC if odd; the handler's return is waited for
//	op % 4 == 2  the arg-th welcomed session makes a call (OpenAdapter),
//	             which must be served
//	op % 4 == 3  nothing
const helloMaxSteps = 24

type attempt int

const (
	attemptValid         attempt = iota // the agent's token and major version
	attemptWrongToken                   // another token
	attemptNoToken                      // an empty token
	attemptTokenPrefix                  // the token less its last byte
	attemptWrongMajor                   // the token, major version 2
	attemptNotHello                     // a Call first
	attemptRefusedOpt                   // the token, an option sessions may not set
	attemptAllowedOpt                   // the token, an option of SessionOptions
	attemptOwnOpt                       // the token, an option at the agent's own value
	attemptSilent                       // nothing sent
	attemptWrongTokenOpt                // another token, an option sessions may not set
	attemptWrongMajorBad                // another token, major version 2
	attemptKinds
)

const helloToken = "fuzz-hello-token-0123"

type helloStep struct{ op, arg byte }

type helloInput struct {
	slots, budget int
	steps         []helloStep
}

func decodeHelloInput(data []byte) helloInput {
	in := helloInput{slots: 1, budget: 1}
	if len(data) == 0 {
		return in
	}
	in.slots = 1 + int(data[0]&3)%3
	in.budget = 1 + int(data[0]>>2&7)
	for data = data[1:]; len(data) >= 2 && len(in.steps) < helloMaxSteps; data = data[2:] {
		in.steps = append(in.steps, helloStep{data[0], data[1]})
	}
	return in
}

func encodeHelloInput(in helloInput) []byte {
	out := []byte{byte((in.slots-1)&3) | byte((in.budget-1)&7)<<2}
	for _, s := range in.steps {
		out = append(out, s.op, s.arg)
	}
	return out
}

// helloAgent is an agent over sim behind a bufconn, each Session
// handler's return counted.
type helloAgent struct {
	srv   *agent.Server
	gs    *grpc.Server
	conn  *grpc.ClientConn
	ended chan error
}

func startHelloAgent(d ndk.Driver, in helloInput) (*helloAgent, error) {
	srv := agent.New(agent.Config{Driver: d, DriverName: "sim", Token: helloToken,
		Options: map[string]string{"hosts": "2", "completion": "inline"}, SessionOptions: []string{"seed"}, MaxSessions: in.slots,
		// No Hello deadline and no budget regained within an input: the
		// model needs neither clock.
		HelloTimeout: time.Hour, AuthFailures: agent.AuthLimit{Burst: in.budget, Every: 24 * time.Hour}})
	a := &helloAgent{srv: srv, gs: grpc.NewServer(agent.ServerOptions()...), ended: make(chan error, 2*helloMaxSteps)}
	agentv1.RegisterAgentServer(a.gs, watchedAgent{srv, a.ended})
	lis := bufconn.Listen(1 << 20)
	go func() { _ = a.gs.Serve(lis) }()
	var err error
	a.conn, err = grpc.NewClient("passthrough:///hello",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		a.gs.Stop()
		return nil, err
	}
	return a, nil
}

// firstMessage is the first message of an attempt of kind k (nil: none).
func firstMessage(k attempt) *agentv1.ClientMessage {
	h := &agentv1.Hello{ProtocolVersion: agent.Version, Token: helloToken}
	switch k {
	case attemptWrongToken:
		h.Token = "fuzz-hello-token-0124"
	case attemptNoToken:
		h.Token = ""
	case attemptTokenPrefix:
		h.Token = helloToken[:len(helloToken)-1]
	case attemptWrongMajor:
		h.ProtocolVersion = &agentv1.ProtocolVersion{Major: 2}
	case attemptNotHello:
		return &agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Call{Call: &agentv1.Call{CallId: 1, Op: openAdapter(addrA).Op}}}
	case attemptRefusedOpt:
		h.DriverOptions = map[string]string{"variant": "close-no-cancel"}
	case attemptAllowedOpt:
		h.DriverOptions = map[string]string{"seed": "3"}
	case attemptOwnOpt:
		h.DriverOptions = map[string]string{"hosts": "2", "completion": "inline"}
	case attemptSilent:
		return nil
	case attemptWrongTokenOpt:
		h.Token, h.DriverOptions = "x", map[string]string{"variant": "close-no-cancel"}
	case attemptWrongMajorBad:
		h.Token, h.ProtocolVersion = "x", &agentv1.ProtocolVersion{Major: 2}
	}
	return &agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Hello{Hello: h}}
}

// helloModel is what the admission rules say.
type helloModel struct {
	slots, budget int
	failures      int // failed authentications
	welcomed      int // sessions holding a slot
}

// outcome is the code an attempt of kind k ends with (OK: a Welcome),
// and the model's state after it.
func (m *helloModel) outcome(k attempt) codes.Code {
	if k == attemptNotHello {
		return codes.FailedPrecondition
	}
	if m.failures >= m.budget {
		return codes.ResourceExhausted
	}
	switch k {
	case attemptWrongToken, attemptNoToken, attemptTokenPrefix, attemptWrongTokenOpt, attemptWrongMajorBad:
		m.failures++
		return codes.Unauthenticated
	case attemptWrongMajor:
		return codes.FailedPrecondition
	case attemptRefusedOpt:
		return codes.InvalidArgument
	}
	if m.welcomed >= m.slots {
		return codes.Unavailable
	}
	m.welcomed++
	return codes.OK
}

// helloSession is an open session of the harness: welcomed, or silent.
type helloSession struct {
	s        agentv1.Agent_SessionClient
	cancel   context.CancelFunc
	welcomed bool
	calls    uint64
}

// FuzzHello checks, for every input (see helloInput):
//
//   - every attempt ends as the model of the admission rules says: a
//     Welcome only for a Hello with the token, the major version and
//     options the agent lets a session set, while a slot is free and the
//     host has budget left; UNAUTHENTICATED for a wrong token, which costs
//     budget; RESOURCE_EXHAUSTED for every Hello once the budget is spent;
//     FAILED_PRECONDITION for no Hello first or another major version;
//     INVALID_ARGUMENT for an option sessions may not set; UNAVAILABLE
//     with every slot held by welcomed sessions, silent ones never
//     counting;
//   - a welcomed session is served (a call returns);
//   - every Session handler returns once its client ends, and at the end
//     the agent holds no memory (Server.HeldBytes).
func FuzzHello(f *testing.F) {
	step := func(op byte, arg byte) helloStep { return helloStep{op, arg} }
	open := func(k attempt) helloStep { return step(0, byte(k)) }
	for _, in := range []helloInput{
		{1, 1, []helloStep{open(attemptSilent), open(attemptValid), step(2, 1), open(attemptValid), step(1, 1), open(attemptValid)}},
		{1, 2, []helloStep{open(attemptWrongToken), open(attemptNoToken), open(attemptValid), open(attemptNotHello), open(attemptTokenPrefix)}},
		{2, 3, []helloStep{open(attemptSilent), open(attemptSilent), open(attemptAllowedOpt), open(attemptOwnOpt), open(attemptValid), step(1, 2), open(attemptRefusedOpt), open(attemptWrongMajor), open(attemptValid)}},
		{3, 1, []helloStep{open(attemptWrongTokenOpt), open(attemptValid), open(attemptWrongMajorBad), step(1, 0)}},
		{2, 8, []helloStep{open(attemptValid), step(1, 1), open(attemptValid), step(2, 0), step(1, 0), open(attemptSilent), step(1, 0)}},
	} {
		f.Add(encodeHelloInput(in))
	}
	d, err := ndk.Lookup("sim")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		runFuzzHello(t, d, decodeHelloInput(data))
	})
}

func runFuzzHello(t *testing.T, d ndk.Driver, in helloInput) {
	a, err := startHelloAgent(d, in)
	if err != nil {
		t.Fatal(err)
	}
	defer a.gs.Stop()
	defer a.conn.Close()
	m := &helloModel{slots: in.slots, budget: in.budget}
	var open []*helloSession
	attempts, ends := 0, 0
	// waitEnds waits for the handlers of n attempts in all to have
	// returned.
	waitEnds := func(n int, what string) {
		for ends < n {
			select {
			case <-a.ended:
				ends++
			case <-time.After(fuzzBound):
				t.Fatalf("%s: a Session handler did not return within %v\n%s", what, fuzzBound, agentStacks())
			}
		}
	}
	// end ends session i and waits for its handler.
	end := func(i int, cancel bool) {
		s := open[i]
		open = append(open[:i], open[i+1:]...)
		if cancel {
			s.cancel()
		} else if err := s.s.CloseSend(); err != nil {
			t.Fatal(err)
		}
		if s.welcomed {
			m.welcomed--
		}
		// Every handler but the ones still open has returned.
		waitEnds(attempts-len(open), "the end of a session")
	}
	for _, st := range in.steps {
		switch st.op % 4 {
		case 0:
			k := attempt(st.arg) % attemptKinds
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			s, err := agentv1.NewAgentClient(a.conn).Session(ctx)
			if err != nil {
				t.Fatal(err)
			}
			attempts++
			first := firstMessage(k)
			if first == nil {
				open = append(open, &helloSession{s: s, cancel: cancel})
				continue
			}
			want := m.outcome(k)
			if err := s.Send(first); err != nil && !errors.Is(err, io.EOF) {
				t.Fatalf("sending attempt %d: %v", k, err)
			}
			got := codes.OK
			msg, err := recvWithin(s)
			switch {
			case err != nil:
				got = status.Code(err)
			case msg.GetWelcome() == nil:
				t.Fatalf("attempt %d: first answer %v, want a Welcome or the RPC's end", k, msg)
			}
			if got != want {
				t.Fatalf("attempt %d (%d welcomed of %d slots, %d failures of %d, %d silent): %v (%v), want %v",
					k, m.welcomed, m.slots, m.failures, m.budget, len(open)-m.welcomed, got, err, want)
			}
			if got == codes.OK {
				open = append(open, &helloSession{s: s, cancel: cancel, welcomed: true})
			} else {
				waitEnds(attempts-len(open), fmt.Sprintf("a refused attempt %d", k))
			}
		case 1:
			if len(open) > 0 {
				end(int(st.arg)%len(open), st.arg%2 == 1)
			}
		case 2:
			var w []*helloSession
			for _, s := range open {
				if s.welcomed {
					w = append(w, s)
				}
			}
			if len(w) == 0 {
				continue
			}
			s := w[int(st.arg)%len(w)]
			s.calls++
			if err := s.s.Send(fuzzCall(s.calls, openAdapter(addrA))); err != nil {
				t.Fatalf("a call of a welcomed session: %v", err)
			}
			msg, err := recvWithin(s.s)
			if err != nil || msg.GetCallReturn().GetCallId() != s.calls || msg.GetCallReturn().GetProtocolError() != nil {
				t.Fatalf("a call of a welcomed session: %v %v, want its return", msg, err)
			}
		}
	}
	for len(open) > 0 {
		end(0, false)
	}
	if h := a.srv.HeldBytes(); h != 0 {
		t.Fatalf("the agent holds %d bytes after every session ended", h)
	}
}

// recvWithin receives the next message, fuzzBound at most (a hang fails
// the input).
func recvWithin(s agentv1.Agent_SessionClient) (*agentv1.ServerMessage, error) {
	type r struct {
		m   *agentv1.ServerMessage
		err error
	}
	ch := make(chan r, 1)
	go func() {
		m, err := s.Recv()
		ch <- r{m, err}
	}()
	select {
	case x := <-ch:
		return x.m, x.err
	case <-time.After(fuzzBound):
		return nil, status.Errorf(codes.Internal, "no answer within %v (a hang)\n%s", fuzzBound, agentStacks())
	}
}
