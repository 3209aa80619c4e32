package agent_test

import (
	"bytes"
	"errors"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// stagedDriver opens sim providers that act as if their data path worked
// on copies of registered memory (ndk.MemoryMirror, as rxe does for a
// buffer whose page offset differs from its address's): PullMemory
// overwrites the bytes with the copy's (0xab), PushMemory records what it
// was given.
type stagedDriver struct {
	ndk.Driver
	p *stagedProvider
}

type stagedProvider struct {
	ndk.Provider
	mu      sync.Mutex
	pushed  [][]byte
	pullErr error
}

func (d *stagedDriver) Open(opts map[string]string) (ndk.Provider, error) {
	p, err := d.Driver.Open(opts)
	if err != nil {
		return nil, err
	}
	d.p.Provider = p
	return d.p, nil
}

func (p *stagedProvider) PullMemory(b []byte) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pullErr != nil {
		return p.pullErr
	}
	for i := range b {
		b[i] = 0xab
	}
	return nil
}

func (p *stagedProvider) PushMemory(b []byte) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pushed = append(p.pushed, bytes.Clone(b))
	return nil
}

// openStaged opens the remote driver on an agent serving a staged sim
// provider (closed at the test's end).
func openStaged(t *testing.T) (*stagedProvider, ndk.Provider) {
	t.Helper()
	sim, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	staged := &stagedProvider{}
	addr, _ := serveConfig(t, agent.Config{Driver: &stagedDriver{Driver: sim, p: staged}, DriverName: "sim", AgentVersion: "test-agent"})
	p, err := openWith(t, addr, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return staged, p
}

// TestAgentMirrorsProviderCopies: the agent passes the memory the harness
// reads (ReadMemory) to its provider's PullMemory first and the memory it
// writes (WriteMemory) to its PushMemory after, so that the harness sees
// and sets the bytes the provider's data path really uses; a PullMemory
// error reaches the harness as an error.
func TestAgentMirrorsProviderCopies(t *testing.T) {
	staged, p := openStaged(t)
	mm := p.(ndk.MemoryMirror)
	sa, _ := p.Sides()
	A := newDside(t, p, sa.IPv4, "qa")
	buf := make([]byte, 100)
	A.register(t, buf, 0x10000, ndk.MRFlagAllowLocalWrite)

	mustPull(t, mm, buf[10:20])
	if want := append(append(make([]byte, 10), bytes.Repeat([]byte{0xab}, 10)...), make([]byte, 80)...); !bytes.Equal(buf, want) {
		t.Fatalf("after PullMemory of bytes 10..20 the harness holds % x, want the provider copy's 0xab there only", buf)
	}

	copy(buf[30:], "pushed")
	mustPush(t, mm, buf[30:36])
	staged.mu.Lock()
	got := staged.pushed
	staged.mu.Unlock()
	if len(got) == 0 || string(got[len(got)-1]) != "pushed" {
		t.Fatalf("the provider's PushMemory got %q, want the 6 bytes written last (\"pushed\")", got)
	}

	staged.mu.Lock()
	staged.pullErr = errors.New("copy lost")
	staged.mu.Unlock()
	if err := mm.PullMemory(buf[:1]); err == nil || !strings.Contains(err.Error(), "copy lost") {
		t.Fatalf("PullMemory with the provider's copy failing: %v, want an error naming its cause", err)
	}
}

// TestFreshMirrorSendsOnlyNonZeroChunks: registering a buffer the agent
// does not mirror yet writes only its chunks that hold a non-zero byte
// (the agent's new memory is zeroed), and the agent's copy holds exactly
// the harness's bytes.
func TestFreshMirrorSendsOnlyNonZeroChunks(t *testing.T) {
	sim, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var writes []int // the lengths of the WriteMemory calls the agent got
	count := func(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, h grpc.StreamHandler) error {
		return h(srv, &recvSpy{ServerStream: ss, seen: func(m *agentv1.ClientMessage) {
			if w := m.GetCall().GetWriteMemory(); w != nil {
				mu.Lock()
				writes = append(writes, len(w.GetData()))
				mu.Unlock()
			}
		}})
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer(append(agent.ServerOptions(), grpc.StreamInterceptor(count))...)
	agentv1.RegisterAgentServer(gs, agent.New(agent.Config{Driver: sim, DriverName: "sim", AgentVersion: "test-agent"}))
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(gs.Stop)
	p, err := openWith(t, lis.Addr().String(), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	sa, _ := p.Sides()
	A := newDside(t, p, sa.IPv4, "qa")
	const chunk = 1 << 20 // the remote driver's most bytes per WriteMemory
	buf := make([]byte, 3*chunk)
	buf[chunk+5] = 7
	mu.Lock()
	writes = nil
	mu.Unlock()
	A.register(t, buf, 0x10000, ndk.MRFlagAllowLocalWrite)
	mu.Lock()
	got := writes
	mu.Unlock()
	if len(got) != 1 || got[0] != chunk {
		t.Fatalf("registering 3 chunks, only the second non-zero, wrote %d chunks of %v bytes; want the second only", len(got), got)
	}

	// What the agent holds is what the harness held: overwrite the
	// harness's bytes and read the agent's back (sim keeps no copy).
	want := bytes.Clone(buf)
	for i := range buf {
		buf[i] = 0xcd
	}
	if err := p.(ndk.MemoryMirror).PullMemory(buf); err != nil {
		t.Fatal(err)
	}
	if i := slices.IndexFunc(buf, func(b byte) bool { return b != 0 }); i != chunk+5 || !bytes.Equal(buf, want) {
		t.Fatalf("the agent's copy differs from the bytes registered (first non-zero byte at %d, want %d)", i, chunk+5)
	}
}

// recvSpy shows seen every message the agent receives on a stream.
type recvSpy struct {
	grpc.ServerStream
	seen func(*agentv1.ClientMessage)
}

func (r *recvSpy) RecvMsg(m any) error {
	err := r.ServerStream.RecvMsg(m)
	if cm, ok := m.(*agentv1.ClientMessage); ok && err == nil {
		r.seen(cm)
	}
	return err
}

// TestAgentMirrorsOnlyWhatTheProviderHolds: the agent passes its
// provider's PushMemory and PullMemory only the bytes the provider holds,
// those of a registration from its call on (a provider may refuse others:
// the ndkt driver does); bytes the harness writes before the registration
// reach the provider through the registration itself.
func TestAgentMirrorsOnlyWhatTheProviderHolds(t *testing.T) {
	staged, p := openStaged(t)
	mm := p.(ndk.MemoryMirror)
	sa, _ := p.Sides()
	A := newDside(t, p, sa.IPv4, "qa")
	buf := bytes.Repeat([]byte{1}, 100)
	A.register(t, buf[20:60], 0x10000, ndk.MRFlagAllowLocalWrite) // mirrored with its capacity: bytes 20..100
	staged.mu.Lock()
	before := len(staged.pushed)
	staged.mu.Unlock()
	if before != 0 {
		t.Fatalf("the provider's PushMemory got %d pushes before the registration, want none (the bytes were not registered yet)", before)
	}

	for i := range buf {
		buf[i] = byte(i)
	}
	mustPush(t, mm, buf[20:100])
	staged.mu.Lock()
	got := staged.pushed
	staged.mu.Unlock()
	if len(got) != 1 || !bytes.Equal(got[0], buf[20:60]) {
		t.Fatalf("pushing bytes 20..100 with 20..60 registered, the provider got %d pushes (% x), want one of bytes 20..60", len(got), got)
	}

	mustPull(t, mm, buf[20:100])
	for i := range buf {
		want := byte(i)
		if i >= 20 && i < 60 {
			want = 0xab // the provider's copy
		}
		if buf[i] != want {
			t.Fatalf("after PullMemory of bytes 20..100 with 20..60 registered, byte %d is %#x, want %#x", i, buf[i], want)
		}
	}
}
