package suite

import (
	"encoding/json"
	"io"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
)

// Progress events, one JSON object a line on Config.Progress.
const (
	ProgressMeta  = "meta"  // the sides and side A's adapter, before the specs
	ProgressPlan  = "plan"  // every spec, in run order, before any runs (Plan)
	ProgressStart = "start" // a spec starts (Spec: the spec, not run yet)
	ProgressEnd   = "end"   // a spec ended (Spec: its outcome)
	// ProgressWait: a spec has waited Config.WaitNotice or longer on one
	// thing (Wait: the spec, what, how long so far, the limit); repeated
	// every 2*WaitNotice while the wait lasts.
	ProgressWait = "wait"
	// ProgressResult is written by a child process of package runner
	// (a share of a run split over processes), after the run: Result,
	// what it found.
	ProgressResult = "result"
	ProgressExit   = "exit" // written by a child of package runner: it ended with Code
	// ProgressLost: the provider was lost (ndk.Losable) while the spec
	// named in LostIn ran; Lost says what and why. The run stops there.
	ProgressLost = "lost"
)

// ProgressRecord is one line of Config.Progress. A process that watches a
// run in a child process reads them to tell which spec was running when
// the child died (a provider that panics on its own goroutine, or crashes
// in C, takes the whole process down), to report the specs that ended, and
// from the plan the specs that never started.
type ProgressRecord struct {
	Event string        `json:"event"`
	Spec  *outcome.Spec `json:"spec,omitempty"`
	// Plan (event plan) is every spec of the suite in the order the run
	// takes them (see Plan).
	Plan    []outcome.Spec   `json:"plan,omitempty"`
	SideA   *ndk.Side        `json:"side_a,omitempty"`
	SideB   *ndk.Side        `json:"side_b,omitempty"`
	Adapter *ndk.AdapterInfo `json:"adapter,omitempty"`
	Code    *int             `json:"code,omitempty"`
	Wait    *WaitProgress    `json:"wait,omitempty"`
	Result  *ShardResult     `json:"result,omitempty"`
	Lost    string           `json:"lost,omitempty"`
	LostIn  string           `json:"lost_in,omitempty"`
}

// ShardResult is what a process that ran a share of the selected specs
// (Config.Skip) tells the process that merges the shares.
type ShardResult struct {
	// Run is what the process found: the outcome of every spec it ran
	// (the others' specs are NotSelected in it), its failures outside the
	// specs and its faults.
	Run         outcome.Run `json:"run"`
	Passed      bool        `json:"passed"`
	Interrupted bool        `json:"interrupted,omitempty"`
	Signal      string      `json:"signal,omitempty"` // "interrupt", "terminated": os.Signal.String()
}

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
