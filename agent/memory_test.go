package agent_test

import (
	"net/netip"
	"runtime"
	"strings"
	"sync"
	"testing"
	"weak"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// memorySpy records a weak pointer to the memory of every BuildLAM the
// provider is given (the buffer range, the LAM's page array), so that a
// test sees whether the agent still holds it.
type memorySpy struct {
	mu   sync.Mutex
	bufs []weak.Pointer[byte]
	lams []weak.Pointer[uint64]
}

func (m *memorySpy) held() (bufs, lams int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, w := range m.bufs {
		if w.Value() != nil {
			bufs++
		}
	}
	for _, w := range m.lams {
		if w.Value() != nil {
			lams++
		}
	}
	return bufs, lams
}

type spyDriver struct {
	ndk.Driver
	spy *memorySpy
}

func (d spyDriver) Open(opts map[string]string) (ndk.Provider, error) {
	p, err := d.Driver.Open(opts)
	if err != nil {
		return nil, err
	}
	return spyProvider{p, d.spy}, nil
}

type spyProvider struct {
	ndk.Provider
	spy *memorySpy
}

func (p spyProvider) OpenAdapter(a netip.Addr) (ndk.Adapter, ndk.Status) {
	ad, st := p.Provider.OpenAdapter(a)
	if ad == nil {
		return nil, st
	}
	return spyAdapter{ad, p.spy}, st
}

type spyAdapter struct {
	ndk.Adapter
	spy *memorySpy
}

func (a spyAdapter) BuildLAM(buf []byte, lam *ndk.LAM, done ndk.RequestCompletion, ctx any) ndk.Status {
	a.spy.mu.Lock()
	if len(buf) > 0 {
		a.spy.bufs = append(a.spy.bufs, weak.Make(&buf[0]))
	}
	if len(lam.Pages) > 0 {
		a.spy.lams = append(a.spy.lams, weak.Make(&lam.Pages[0]))
	}
	a.spy.mu.Unlock()
	return a.Adapter.BuildLAM(buf, lam, done, ctx)
}

// TestSessionMemoryCap: a LAM's page array (8 MiB for 1M pages) counts
// against the session's memory as its BUFFERs do: past
// Config.MaxSessionBytes, BuildLam and AllocateBuffer are refused with
// OUT_OF_RANGE naming --max-session-memory, before the provider is called;
// ReleaseLam gives the LAM's back. When the session ends (the harness
// gone, no CloseProvider), the agent holds none of it (Server.HeldBytes),
// and the memory is unreachable: freed at the next collection.
func TestSessionMemoryCap(t *testing.T) {
	spy := &memorySpy{}
	const capBytes = 40 << 20
	const lamPages = 1 << 20 // 8 MiB of page array
	addr, srv, ended := watched(t, agent.Config{Driver: spyDriver{simDriver(t), spy}, DriverName: "sim",
		Options: map[string]string{"completion": "inline"}, MaxSessionBytes: capBytes})
	r, _ := dialRaw(t, addr, &agentv1.Hello{})
	ad := r.call(&agentv1.Call{Op: &agentv1.Call_OpenAdapter{OpenAdapter: &agentv1.OpenAdapterRequest{Address: "192.0.2.1"}}}).GetOpenAdapter().GetAdapter()
	buf := r.call(&agentv1.Call{Op: &agentv1.Call_AllocateBuffer{AllocateBuffer: &agentv1.AllocateBufferRequest{Length: 8192}}}).GetAllocateBuffer().GetBuffer()
	if ad == nil || buf == nil {
		t.Fatal("no adapter or no buffer")
	}
	buildLam := func() *agentv1.CallReturn {
		return r.call(&agentv1.Call{Op: &agentv1.Call_BuildLam{BuildLam: &agentv1.BuildLamRequest{
			Adapter: ad, Buffer: buf, Offset: 0, Length: 4096, PageCapacity: lamPages}}})
	}
	// 4 LAMs (32 MiB) and the rest (a 12 KiB BUFFER, handles, a call in
	// flight) fit in 40 MiB; a fifth does not.
	var lams []*agentv1.Handle
	for range 4 {
		ret := buildLam()
		if ret.GetProtocolError() != nil || ret.GetStatus() != 0 {
			t.Fatalf("BuildLam %d within the cap: %v", len(lams)+1, ret)
		}
		lams = append(lams, ret.GetBuildLam().GetLam())
	}
	calls := len(spy.lams)
	ret := buildLam()
	wantCode(t, "a fifth BuildLam of 8 MiB", ret, agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_OUT_OF_RANGE)
	if msg := ret.GetProtocolError().GetMessage(); !strings.Contains(msg, "--max-session-memory") {
		t.Fatalf("the refusal %q does not name --max-session-memory", msg)
	}
	if len(spy.lams) != calls {
		t.Fatal("a BuildLam past the cap reached the provider")
	}
	wantCode(t, "AllocateBuffer past the cap", r.call(&agentv1.Call{Op: &agentv1.Call_AllocateBuffer{AllocateBuffer: &agentv1.AllocateBufferRequest{Length: 8 << 20}}}),
		agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_OUT_OF_RANGE)
	if h := srv.HeldBytes(); h < 4*lamPages*8 || h > capBytes {
		t.Fatalf("HeldBytes %d with 4 LAMs of 8 MiB open, want between 32 MiB and the cap", h)
	}
	before := srv.HeldBytes()
	wantCode(t, "ReleaseLam", r.call(&agentv1.Call{Op: &agentv1.Call_ReleaseLam{ReleaseLam: &agentv1.ReleaseLamRequest{Adapter: ad, Lam: lams[0]}}}),
		agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNSPECIFIED)
	if got := before - srv.HeldBytes(); got != lamPages*8 {
		t.Fatalf("ReleaseLam gave back %d bytes, want the LAM's %d", got, lamPages*8)
	}
	if ret := buildLam(); ret.GetProtocolError() != nil {
		t.Fatalf("BuildLam after a ReleaseLam: %v", ret)
	}

	// The harness goes away with everything open.
	r.cancel()
	handlerEnd(t, ended, "the session")
	if h := srv.HeldBytes(); h != 0 {
		t.Fatalf("HeldBytes %d after the session ended, want 0", h)
	}
	runtime.GC()
	runtime.GC()
	if bufs, lams := spy.held(); bufs != 0 || lams != 0 {
		t.Fatalf("after the session and a collection, %d of %d BUFFERs and %d of %d LAM page arrays are still reachable", bufs, len(spy.bufs), lams, len(spy.lams))
	}
}
