package agent_test

import (
	"bytes"
	"net/netip"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/agent"
	"github.com/ndkconform/ndkconform/ndk"
)

// goroutineID is the id of the calling goroutine (its stack header).
func goroutineID() uint64 {
	var buf [64]byte
	b := bytes.TrimPrefix(buf[:runtime.Stack(buf[:], false)], []byte("goroutine "))
	if i := bytes.IndexByte(b, ' '); i > 0 {
		b = b[:i]
	}
	n, _ := strconv.ParseUint(string(b), 10, 64)
	return n
}

// threads records the goroutines the provider's calls ran on: each
// CreatePD completion's, and each QueryAdapterInfo's once armed.
type threads struct {
	mu         sync.Mutex
	armed      bool
	completion uint64
	queries    []uint64
}

type threadProvider struct {
	ndk.Provider
	t *threads
}

func (p threadProvider) OpenAdapter(addr netip.Addr) (ndk.Adapter, ndk.Status) {
	a, st := p.Provider.OpenAdapter(addr)
	if st != ndk.StatusSuccess {
		return a, st
	}
	return threadAdapter{a, p.t}, st
}

type threadAdapter struct {
	ndk.Adapter
	t *threads
}

func (a threadAdapter) CreatePD(done ndk.CreateCompletion, ctx any) (ndk.PD, ndk.Status) {
	return a.Adapter.CreatePD(func(c any, st ndk.Status, o ndk.Object) {
		a.t.mu.Lock()
		a.t.completion = goroutineID()
		a.t.mu.Unlock()
		done(c, st, o)
	}, ctx)
}

func (a threadAdapter) QueryAdapterInfo() (ndk.AdapterInfo, ndk.Status) {
	a.t.mu.Lock()
	if a.t.armed {
		a.t.queries = append(a.t.queries, goroutineID())
	}
	a.t.mu.Unlock()
	return a.Adapter.QueryAdapterInfo()
}

// TestCallsWithinCallbacks: through the remote driver, a call a consumer
// callback makes runs on the provider's thread of that callback (held
// until the consumer callback returns), and a call another goroutine makes
// while a consumer callback runs does not: it returns while that callback
// is still held.
func TestCallsWithinCallbacks(t *testing.T) {
	d, err := ndk.Lookup("sim")
	if err != nil {
		t.Fatal(err)
	}
	sp, err := d.Open(map[string]string{"completion": "deferred"})
	if err != nil {
		t.Fatal(err)
	}
	defer sp.Close()
	th := &threads{}
	addr, _ := serveConfig(t, agent.Config{Provider: threadProvider{sp, th}})
	p, err := openWith(t, addr, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	sa, _ := p.Sides()
	ad, st := p.OpenAdapter(sa.IPv4)
	if st != ndk.StatusSuccess {
		t.Fatalf("OpenAdapter: %v", st)
	}
	defer ad.Close()
	th.mu.Lock()
	th.armed = true
	th.mu.Unlock()
	// createPD creates a PD whose consumer completion runs inside.
	createPD := func(inside func()) {
		done := make(chan struct{})
		pd, st := ad.CreatePD(func(_ any, st ndk.Status, o ndk.Object) {
			inside()
			if o != nil {
				o.Close(nil, nil)
			}
			close(done)
		}, nil)
		if st != ndk.StatusPending {
			t.Fatalf("CreatePD on deferred sim: %v, %v (want STATUS_PENDING)", st, pd)
		}
		<-done
	}
	lastQuery := func() (query, completion uint64) {
		th.mu.Lock()
		defer th.mu.Unlock()
		if len(th.queries) == 0 {
			t.Fatal("no QueryAdapterInfo reached the provider")
		}
		return th.queries[len(th.queries)-1], th.completion
	}

	createPD(func() {
		if _, st := ad.QueryAdapterInfo(); st != ndk.StatusSuccess {
			t.Errorf("QueryAdapterInfo within the completion: %v", st)
		}
	})
	if q, c := lastQuery(); q != c {
		t.Errorf("a call made within a completion ran on goroutine %d, the completion's is %d", q, c)
	}

	createPD(func() {
		returned := make(chan ndk.Status, 1)
		go func() {
			_, st := ad.QueryAdapterInfo()
			returned <- st
		}()
		select {
		case st := <-returned:
			if st != ndk.StatusSuccess {
				t.Errorf("QueryAdapterInfo while a completion runs: %v", st)
			}
		case <-time.After(10 * time.Second):
			t.Error("a call made by another goroutine while a completion runs did not return: it waits for the completion, as if made within it")
			<-returned
		}
	})
	if q, c := lastQuery(); q == c {
		t.Errorf("a call made by another goroutine while a completion ran ran on the completion's goroutine %d", c)
	}
}
