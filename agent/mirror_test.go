package agent_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ndkconform/ndkconform/agent"
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

// TestAgentMirrorsProviderCopies: the agent passes the memory the harness
// reads (ReadMemory) to its provider's PullMemory first and the memory it
// writes (WriteMemory) to its PushMemory after, so that the harness sees
// and sets the bytes the provider's data path really uses; a PullMemory
// error reaches the harness as an error.
func TestAgentMirrorsProviderCopies(t *testing.T) {
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
	defer p.Close()
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
	staged := &stagedProvider{}
	addr, _ := serveConfig(t, agent.Config{Driver: &stagedDriver{Driver: sim, p: staged}, DriverName: "sim", AgentVersion: "test-agent"})
	p, err := openWith(t, addr, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	sa, _ := p.Sides()
	A := newDside(t, p, sa.IPv4, "qa")
	const chunk = 1 << 20 // the remote driver's most bytes per WriteMemory
	buf := make([]byte, 3*chunk)
	buf[chunk+5] = 7
	A.register(t, buf, 0x10000, ndk.MRFlagAllowLocalWrite)
	staged.mu.Lock()
	pushed := staged.pushed
	staged.mu.Unlock()
	if len(pushed) != 1 || len(pushed[0]) != chunk || pushed[0][5] != 7 {
		lens := []int{}
		for _, b := range pushed {
			lens = append(lens, len(b))
		}
		t.Fatalf("registering 3 chunks, only the second non-zero, wrote %d chunks of %v bytes; want the second only", len(pushed), lens)
	}

	// What the agent holds is what the harness held: overwrite the
	// harness's bytes and read the agent's back (sim keeps no copy).
	plain, _ := serveConfig(t, agent.Config{Driver: sim, DriverName: "sim", AgentVersion: "test-agent"})
	q, err := openWith(t, plain, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	sq, _ := q.Sides()
	newDside(t, q, sq.IPv4, "qa").register(t, buf, 0x10000, ndk.MRFlagAllowLocalWrite)
	want := bytes.Clone(buf)
	for i := range buf {
		buf[i] = 0xcd
	}
	if err := q.(ndk.MemoryMirror).PullMemory(buf); err != nil {
		t.Fatal(err)
	}
	if i := slices.IndexFunc(buf, func(b byte) bool { return b != 0 }); i != chunk+5 || !bytes.Equal(buf, want) {
		t.Fatalf("the agent's copy differs from the bytes registered (first non-zero byte at %d, want %d)", i, chunk+5)
	}
}
