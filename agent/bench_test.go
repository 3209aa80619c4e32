package agent_test

// The cost of a call through the agent: one synchronous round trip per op.

import (
	"context"
	"net"
	"net/netip"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// benchAgent serves an agent over a sim provider (inline completions: no
// callbacks) on lis.
func benchAgent(b *testing.B, lis net.Listener) {
	b.Helper()
	benchAgentWith(b, lis, "inline")
}

// benchAgentWith serves an agent over a sim provider whose calls complete
// as completion says (sim's completion option) on lis.
func benchAgentWith(b *testing.B, lis net.Listener, completion string) {
	b.Helper()
	d, err := ndk.Lookup("sim")
	if err != nil {
		b.Fatal(err)
	}
	gs := grpc.NewServer(agent.ServerOptions()...)
	agentv1.RegisterAgentServer(gs, agent.New(agent.Config{Driver: d, DriverName: "sim", Options: map[string]string{"completion": completion}}))
	go func() { _ = gs.Serve(lis) }()
	b.Cleanup(gs.Stop)
}

// benchOps are the ops measured on a provider: each one call.
func benchOps(b *testing.B, p ndk.Provider) {
	sa, _ := p.Sides()
	ad, st := p.OpenAdapter(sa.IPv4)
	if st != ndk.StatusSuccess {
		b.Fatalf("OpenAdapter: %v", st)
	}
	defer ad.Close()
	cq, st := ad.CreateCQ(ndk.CQParams{Depth: 16}, nil, nil)
	if st != ndk.StatusSuccess {
		b.Fatalf("CreateCQ: %v", st)
	}
	defer cq.Close(nil, nil)
	b.Run("QueryAdapterInfo", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			if _, st := ad.QueryAdapterInfo(); st != ndk.StatusSuccess {
				b.Fatal(st)
			}
		}
	})
	b.Run("GetResultsEx", func(b *testing.B) {
		defer reportCPU(b)()
		res := make([]ndk.ResultEx, 4)
		for b.Loop() {
			if n := cq.GetResultsEx(res); n != 0 {
				b.Fatal(n)
			}
		}
	})
}

// reportCPU starts counting the process's CPU time; the function it
// returns reports it per op as cpu-ns/op (the CPU both ends of a round
// trip cost, which a loaded machine's wall time hides).
func reportCPU(b *testing.B) func() {
	cpu0 := processCPU()
	return func() {
		if cpu := processCPU() - cpu0; cpu > 0 && b.N > 0 {
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
}

// BenchmarkRoundTrip is the cost of one call: QueryAdapterInfo, and
// GetResultsEx on an empty CQ,
//
//   - sim: on sim in process (the floor);
//   - remote-tcp: through the remote driver and an in-process agent over
//     sim, over loopback TCP (what a harness pays per call);
//   - raw-tcp, raw-bufconn: QueryAdapterInfo as a bare Call/CallReturn on
//     the agent's stream, over loopback TCP and over an in-memory
//     connection (gRPC and the agent without the remote driver, and
//     without the kernel's loopback).
//
// The agent's server has agent.ServerOptions, and every client the
// remote driver's fixed window.
func BenchmarkRoundTrip(b *testing.B) {
	b.Run("sim", func(b *testing.B) {
		d, err := ndk.Lookup("sim")
		if err != nil {
			b.Fatal(err)
		}
		p, err := d.Open(map[string]string{"completion": "inline"})
		if err != nil {
			b.Fatal(err)
		}
		defer p.Close()
		benchOps(b, p)
	})
	b.Run("remote-tcp", func(b *testing.B) {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		benchAgent(b, lis)
		d, err := ndk.Lookup("remote")
		if err != nil {
			b.Fatal(err)
		}
		p, err := d.Open(map[string]string{"side-a": lis.Addr().String()})
		if err != nil {
			b.Fatal(err)
		}
		defer p.Close()
		benchOps(b, p)
	})
	b.Run("raw-tcp", func(b *testing.B) {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		benchAgent(b, lis)
		conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithStaticStreamWindowSize(agentv1.WindowSize), grpc.WithStaticConnWindowSize(agentv1.WindowSize))
		if err != nil {
			b.Fatal(err)
		}
		defer conn.Close()
		rawRoundTrips(b, conn)
	})
	b.Run("raw-bufconn", func(b *testing.B) {
		lis := bufconn.Listen(1 << 20)
		benchAgent(b, lis)
		conn, err := grpc.NewClient("passthrough:///bench",
			grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
			grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithStaticStreamWindowSize(agentv1.WindowSize), grpc.WithStaticConnWindowSize(agentv1.WindowSize))
		if err != nil {
			b.Fatal(err)
		}
		defer conn.Close()
		rawRoundTrips(b, conn)
	})
}

// rawRoundTrips measures QueryAdapterInfo as one Call and its CallReturn
// on a session over conn.
func rawRoundTrips(b *testing.B, conn *grpc.ClientConn) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := agentv1.NewAgentClient(conn).Session(ctx)
	if err != nil {
		b.Fatal(err)
	}
	call := func(b *testing.B, c *agentv1.Call) *agentv1.CallReturn {
		if err := s.Send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Call{Call: c}}); err != nil {
			b.Fatal(err)
		}
		m, err := s.Recv()
		if err != nil {
			b.Fatal(err)
		}
		r := m.GetCallReturn()
		if r.GetCallId() != c.GetCallId() || r.GetProtocolError() != nil || r.GetStatus() != 0 {
			b.Fatalf("%v for call %d", m, c.GetCallId())
		}
		return r
	}
	if err := s.Send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_Hello{Hello: &agentv1.Hello{ProtocolVersion: agent.Version}}}); err != nil {
		b.Fatal(err)
	}
	m, err := s.Recv()
	if err != nil || m.GetWelcome() == nil {
		b.Fatalf("Hello: %v %v", m, err)
	}
	addr := netip.MustParseAddr(m.GetWelcome().GetCapabilities().GetSideA().GetIpv4().GetAddress())
	id := uint64(1)
	ad := call(b, &agentv1.Call{CallId: id, Op: openAdapter(addr.String()).Op}).GetOpenAdapter().GetAdapter()
	q := queryAdapter(ad)
	b.Run("QueryAdapterInfo", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			id++
			q.CallId = id
			call(b, q)
		}
	})
	id++
	call(b, &agentv1.Call{CallId: id, Op: closeProvider().Op})
}

// BenchmarkListenerCycle is the loop of the specs that take every
// ephemeral port (CN-1's, the model's exhaust walks), the most of the
// suite's calls through an agent: NdkCreateListener, NdkListen on port 0,
// NdkGetListenerLocalAddress, NdkCloseObject, each completion waited for,
// with sim's deferred completions (each one a Callback through an agent):
//
//   - sim: on sim in process (the floor);
//   - remote-tcp: through the remote driver and an in-process agent over
//     sim, over loopback TCP.
//
// cpu-ns/op is the process's CPU time (both ends) per cycle.
func BenchmarkListenerCycle(b *testing.B) {
	b.Run("sim", func(b *testing.B) {
		d, err := ndk.Lookup("sim")
		if err != nil {
			b.Fatal(err)
		}
		p, err := d.Open(map[string]string{"completion": "deferred"})
		if err != nil {
			b.Fatal(err)
		}
		defer p.Close()
		listenerCycles(b, p)
	})
	b.Run("remote-tcp", func(b *testing.B) {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		benchAgentWith(b, lis, "deferred")
		d, err := ndk.Lookup("remote")
		if err != nil {
			b.Fatal(err)
		}
		p, err := d.Open(map[string]string{"side-a": lis.Addr().String()})
		if err != nil {
			b.Fatal(err)
		}
		defer p.Close()
		listenerCycles(b, p)
	})
}

// listenerCycles runs the listener cycle on side A's IPv4 adapter of p.
func listenerCycles(b *testing.B, p ndk.Provider) {
	sa, _ := p.Sides()
	ad, st := p.OpenAdapter(sa.IPv4)
	if st != ndk.StatusSuccess {
		b.Fatalf("OpenAdapter: %v", st)
	}
	defer ad.Close()
	created := make(chan ndk.Object, 1)
	completed := make(chan ndk.Status, 1)
	closed := make(chan struct{}, 1)
	defer reportCPU(b)()
	for b.Loop() {
		nl, st := ad.CreateListener(func(any, ndk.Connector) {}, nil, func(_ any, st ndk.Status, o ndk.Object) {
			if st != ndk.StatusSuccess {
				o = nil
			}
			created <- o
		}, nil)
		var o ndk.Object = nl
		if st == ndk.StatusPending {
			o = <-created
		}
		l, ok := o.(ndk.Listener)
		if !ok {
			b.Fatalf("CreateListener: %v, %v", st, o)
		}
		if st = l.Listen(netip.AddrPortFrom(sa.IPv4, 0), func(_ any, st ndk.Status) { completed <- st }, nil); st == ndk.StatusPending {
			st = <-completed
		}
		if st != ndk.StatusSuccess {
			b.Fatalf("Listen: %v", st)
		}
		if _, st := l.GetLocalAddress(); st != ndk.StatusSuccess {
			b.Fatalf("GetLocalAddress: %v", st)
		}
		if st := l.Close(func(any) { closed <- struct{}{} }, nil); st == ndk.StatusPending {
			<-closed
		} else if st != ndk.StatusSuccess {
			b.Fatalf("Close: %v", st)
		}
	}
}
