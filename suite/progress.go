package suite

import (
	"encoding/json"
	"io"
	"sync"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	. "github.com/onsi/ginkgo/v2"
	"github.com/onsi/ginkgo/v2/types"
)

// Progress events, one JSON object a line on Config.Progress.
const (
	ProgressMeta  = "meta"  // the sides and side A's adapter, before the specs
	ProgressPlan  = "plan"  // every spec, in run order, before any runs (Plan)
	ProgressStart = "start" // a spec starts (Spec: its report so far)
	ProgressEnd   = "end"   // a spec ended (Spec: its final report)
	// ProgressResult is written by the CLI's shard of a run split over
	// processes, after the run: Result, its whole Ginkgo report.
	ProgressResult = "result"
	ProgressExit   = "exit" // written by the CLI: the run ended with Code
	ProgressWait   = "wait" // a spec has been waiting long on one thing
)

// ProgressRecord is one line of Config.Progress. A process that watches a
// run in a child process reads them to tell which spec was running when
// the child died (a provider that panics on its own goroutine, or crashes
// in C, takes the whole process down), to report the specs that ended, and
// from the plan the specs that never started.
type ProgressRecord struct {
	Event string            `json:"event"`
	Spec  *types.SpecReport `json:"spec,omitempty"`
	// Plan (event plan) is every spec of the suite in the order the run
	// takes them, as Ginkgo previews it: the specs the filters select in
	// state passed, those they leave out skipped, pending ones pending.
	// Only the spec's texts, labels, locations and state are set.
	Plan    []types.SpecReport `json:"plan,omitempty"`
	SideA   *ndk.Side          `json:"side_a,omitempty"`
	SideB   *ndk.Side          `json:"side_b,omitempty"`
	Adapter *ndk.AdapterInfo   `json:"adapter,omitempty"`
	Code    *int               `json:"code,omitempty"`
	Result  *ShardResult       `json:"result,omitempty"`
	Wait    *WaitRecord        `json:"wait,omitempty"`
}

// WaitRecord (event wait) tells a spec that has been waiting long on one
// thing: which spec, what for, how long so far, and the limit.
type WaitRecord struct {
	Spec   string        `json:"spec"`
	What   string        `json:"what"`
	Waited time.Duration `json:"waited"`
	Limit  time.Duration `json:"limit"`
}

// ShardResult is what a process that ran a share of the selected specs
// (Config.Skip) tells the process that merges the shares.
type ShardResult struct {
	Report      types.Report `json:"report"`
	Passed      bool         `json:"passed"`
	Interrupted bool         `json:"interrupted,omitempty"`
	Signal      string       `json:"signal,omitempty"` // "interrupt", "terminated": os.Signal.String()
}

var (
	progressMu sync.Mutex
	progressW  io.Writer
)

// WriteProgress writes rec as one line to w. Each record is written with a
// single Write, so a line is whole even when the process dies next.
func WriteProgress(w io.Writer, rec ProgressRecord) error {
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

func progress(rec ProgressRecord) {
	progressMu.Lock()
	defer progressMu.Unlock()
	if progressW != nil {
		WriteProgress(progressW, rec)
	}
}

func setProgress(w io.Writer) {
	progressMu.Lock()
	progressW = w
	progressMu.Unlock()
}

var _ = ReportBeforeEach(func(r types.SpecReport) {
	if r.LeafNodeType == types.NodeTypeIt && !r.State.Is(types.SpecStateSkipped) {
		progress(ProgressRecord{Event: ProgressStart, Spec: &r})
	}
})

var _ = ReportAfterEach(func(r types.SpecReport) {
	if r.LeafNodeType == types.NodeTypeIt {
		progress(ProgressRecord{Event: ProgressEnd, Spec: &r})
	}
})
