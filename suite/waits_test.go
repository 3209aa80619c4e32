package suite

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/onsi/ginkgo/v2"

	"github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
)

// recordsTo collects the records of a watch.
func recordsTo(ch chan<- WaitProgress) func(ProgressRecord) {
	return func(rec ProgressRecord) {
		if rec.Event != ProgressWait || rec.Wait == nil {
			panic(fmt.Sprintf("the watch wrote %+v", rec))
		}
		ch <- *rec.Wait
	}
}

// A wait on a call that never completes is reported once it has lasted
// the notice, naming the spec and the call, then again every 2*notice; a
// wait that ends at once is not, and nothing is left registered.
func TestLongWaitIsReported(t *testing.T) {
	const notice = 50 * time.Millisecond
	got := make(chan WaitProgress, 16)
	w := newWaitWatch(notice, recordsTo(got))
	defer w.close()
	r := newRecorder(time.Minute, time.Millisecond)
	r.watch, r.spec = w, "Connector CN-1 IPv4 connects"
	conn := (&object{kind: ndk.ObjectTypeConnector, id: 3, side: "A"}).named()

	quick := r.newOp("NdkListen", conn, KindRequest).invoke(func() ndk.Status { return ndk.StatusSuccess })
	if _, ok := quick.WaitFor(time.Minute); !ok {
		t.Fatal("a call that returns inline is not done")
	}

	hung := r.newOp("NdkConnect", conn, KindRequest).invoke(func() ndk.Status { return ndk.StatusPending })
	end := make(chan struct{})
	go func() {
		defer close(end)
		hung.WaitFor(time.Minute)
	}()
	var first, second WaitProgress
	select {
	case first = <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("no wait record within 10s")
	}
	want := WaitProgress{Spec: "Connector CN-1 IPv4 connects", What: "the completion of NdkConnect on connector#3 (side A)", Limit: time.Minute}
	if first.Spec != want.Spec || first.What != want.What || first.Limit != want.Limit || first.Waited < notice {
		t.Errorf("first record %+v, want %+v having waited at least %v", first, want, notice)
	}
	select {
	case second = <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("no second wait record within 10s")
	}
	if second.What != want.What || second.Waited < 3*notice {
		t.Errorf("second record %+v, want the same wait having waited at least %v", second, 3*notice)
	}
	hung.complete(ndk.StatusSuccess, nil)
	<-end
	w.mu.Lock()
	left := len(w.waits)
	w.mu.Unlock()
	if left != 0 {
		t.Errorf("%d waits left registered after every wait ended", left)
	}
	for {
		select {
		case rec := <-got:
			if rec.What != want.What {
				t.Errorf("a record of another wait: %+v (the quick call's wait must not be reported)", rec)
			}
			continue
		default:
		}
		break
	}
}

// Registering a wait costs no allocation once the pool is warm.
func TestWaitRegistrationAllocations(t *testing.T) {
	w := newWaitWatch(time.Hour, func(ProgressRecord) {})
	defer w.close()
	op := &Op{Call: "NdkConnect"}
	allocs := testing.AllocsPerRun(1000, func() {
		w.end(w.begin("spec", waitDone, op, "", nil, time.Second))
	})
	if allocs > 0 {
		t.Errorf("begin+end: %v allocations, want none", allocs)
	}
}

// hangDriver is sim whose NdkCreateConnector returns STATUS_PENDING and
// never completes.
type hangDriver struct{ sim.Driver }

func (d hangDriver) Open(opts map[string]string) (ndk.Provider, error) {
	p, err := d.Driver.Open(opts)
	return hangProvider{p}, err
}

type hangProvider struct{ ndk.Provider }

func (p hangProvider) OpenAdapter(a netip.Addr) (ndk.Adapter, ndk.Status) {
	ad, st := p.Provider.OpenAdapter(a)
	if ad == nil {
		return nil, st
	}
	return hangAdapter{ad}, st
}

type hangAdapter struct{ ndk.Adapter }

func (hangAdapter) CreateConnector(ndk.CreateCompletion, any) (ndk.Connector, ndk.Status) {
	return nil, ndk.StatusPending
}

func init() { ndk.Register("hang-create-connector", hangDriver{}) }

const hangSpec = "Wait notices a spec whose create never completes"

var _ = ginkgo.Describe("Wait notices", func() {
	ginkgo.It("a spec whose create never completes", func() {
		p := NewPair(IPv4)
		p.A.CreateConnector().Object()
	})
})

const envWaitChild = "NDKCONFORM_SUITE_WAIT_CHILD"

// The child's limit and notice (the hanging provider declares no
// timeout, so the limit may be short).
const (
	hangTimeout = 500 * time.Millisecond
	hangNotice  = 50 * time.Millisecond
)

// A run whose provider hangs in a create writes, within the notice, a
// ProgressWait record naming the spec and the call (in a child process:
// Run can run once per process).
func TestRunReportsLongWaits(t *testing.T) {
	if path := os.Getenv(envWaitChild); path != "" {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		_, err = Run(t, Config{Driver: "hang-create-connector", Timeout: hangTimeout, WaitNotice: hangNotice,
			Focus: []string{"^" + regexp.QuoteMeta(hangSpec) + "$"}, Progress: f, NoColor: true})
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	path := filepath.Join(t.TempDir(), "progress.jsonl")
	cmd := exec.Command(os.Args[0], "-test.run", "^TestRunReportsLongWaits$")
	cmd.Env = append(os.Environ(), envWaitChild+"="+path)
	out, _ := cmd.CombinedOutput() // the spec fails: the create never completes
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("the child wrote no progress: %v\n%s", err, out)
	}
	defer f.Close()
	var waits []WaitProgress
	ran := false
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var rec ProgressRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("progress line %q: %v", sc.Text(), err)
		}
		switch {
		case rec.Event == ProgressStart && rec.Spec.Name == hangSpec:
			ran = true
		case rec.Event == ProgressWait:
			waits = append(waits, *rec.Wait)
		}
	}
	if !ran {
		t.Fatalf("the spec did not run:\n%s", out)
	}
	found := false
	for _, w := range waits {
		if w.Spec == hangSpec && w.What == "the completion of NdkCreateConnector on adapter#1 (side A)" &&
			w.Limit == hangTimeout && w.Waited >= hangNotice && w.Waited < hangTimeout {
			found = true
		}
	}
	if !found {
		t.Errorf("no wait record names the spec and the create, having waited between the notice and the limit: %+v\n%s", waits, out)
	}
	if strings.Contains(string(out), "panic") {
		t.Errorf("the child panicked:\n%s", out)
	}
}
