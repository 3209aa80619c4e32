// Package stress puts an NDK provider under load through the ndk interface
// only: many consumer workers, each driving both sides of its connections
// over adapters, PDs, CQs, an SRQ, a listener and a shared endpoint that all
// workers share, each running a random legal sequence of steps drawn from
// its own seed (connect, send and receive, RDMA write and read, posts at
// full queue depth, register, bind, fast-register, invalidate, disconnect,
// close), while one poller per CQ arms it and polls it.
//
// Every step is checked as it completes: each request completes exactly
// once, on the right CQ, with its QP's context and the right status; every
// byte sent, written or read arrives intact and nowhere else (each worker
// keeps a shadow of its memory); no callback comes after its object's
// close completed; a worker's fixed source port is free again once its
// connector is closed. At the end of the run the shared objects are closed
// and what a consumer can observe is checked: the listeners', the shared
// endpoint's and the workers' ports can be bound again.
//
// A failure is a finding.Violation (the rule of docs/reference/ndkpi/RULES.md
// the check is labelled with, the call, the object, the side, expected,
// observed) with the run's seed, the worker, the worker's last steps and a
// command that replays that worker alone: a worker's sequence depends only
// on the seed and its number, so a failure that the worker alone reproduces
// is a sequence bug, one that needs the others a race.
//
// Rates (connections, operations and bytes per second, latency
// percentiles) are reported as facts about the provider, never as a
// verdict.
package stress

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/internal/shellquote"
	"github.com/ndkconform/ndkconform/ndk"
)

// StepKinds returns the kinds of step a worker takes, as a result's
// StepKinds counts them; a run long enough takes each (TestStressSim).
func StepKinds() []string {
	return []string{"connect ephemeral port", "connect fixed port", "connect shared endpoint", "disconnect", "close connector (abort)",
		"send", "sends at full queue depth", "post receives", "write", "read", "bind, write, invalidate", "fast-register, write, invalidate", "register, write, deregister"}
}

// Defaults of Config.
const (
	DefaultWorkers  = 4
	DefaultTimeout  = 10 * time.Second
	DefaultHistory  = 24
	DefaultDuration = 10 * time.Second
	// PortBase is the first of the workers' fixed source ports: worker K
	// connects from PortBase+K when its sequence says so.
	PortBase = 40000
	// MaxWorkers bounds Config.Workers and a worker's number.
	MaxWorkers = 4096
)

// Config is one stress run.
type Config struct {
	// Provider is the opened provider; A and B the addresses of the two
	// sides (the provider's Sides' IPv4 addresses if invalid).
	Provider ndk.Provider
	A, B     netip.Addr
	// Workers is the number of workers (DefaultWorkers if 0).
	Workers int
	// Only, when >= 0, runs worker Only alone (whatever Workers says): the
	// replay of one worker's sequence.
	Only int
	// Seed seeds every worker: worker K draws from (Seed, K).
	Seed uint64
	// Ops, when > 0, is the number of steps each worker runs; otherwise
	// the workers run for Duration (DefaultDuration if 0).
	Ops      int
	Duration time.Duration
	// Timeout bounds every wait on the provider (DefaultTimeout if 0).
	Timeout time.Duration
	// Stop, when closed, ends the run early (a SIGINT): each worker stops
	// after the step it is in, as when Duration passes, and the run closes
	// everything and makes its end checks as usual; Result.Interrupted
	// says so.
	Stop <-chan struct{}
	// History is how many of its last steps a worker's failure shows
	// (DefaultHistory if 0).
	History int
	// Replay, if set, returns the command that replays worker's sequence
	// alone up to step ops (included in each Failure).
	Replay func(seed uint64, worker, ops int) string
}

// Failure is a violation found under stress. One whose Violation is Setup
// (no rule) is a call the run needed that failed with a status no rule
// forbids (a create or registration refused otherwise than for resources,
// more connect events than the run can hold): the run could not go on,
// and that is no verdict on a rule.
type Failure struct {
	finding.Violation
	// Seed is the run's seed; Worker the worker that found it (-1: the
	// run's end checks or a CQ poller, no worker's sequence).
	Seed   uint64 `json:"seed"`
	Worker int    `json:"worker"`
	// Step is the number of the worker's step that failed (from 1).
	Step int `json:"step,omitempty"`
	// Steps are the worker's last steps, the failing one last.
	Steps []string `json:"steps,omitempty"`
	// Replay replays the worker's sequence alone.
	Replay string `json:"replay,omitempty"`
}

// String is the failure in a few lines.
func (f Failure) String() string {
	var b strings.Builder
	if f.Setup {
		b.WriteString("the run could not go on (no rule): ")
	}
	b.WriteString(f.Violation.String())
	if f.Worker >= 0 {
		fmt.Fprintf(&b, "\n  seed %d, worker %d, step %d", f.Seed, f.Worker, f.Step)
	} else {
		fmt.Fprintf(&b, "\n  seed %d (the run's checks, no worker)", f.Seed)
	}
	if len(f.Steps) > 0 {
		b.WriteString("\n  last steps:")
		for _, s := range f.Steps {
			b.WriteString("\n    " + s)
		}
	}
	if f.Replay != "" {
		b.WriteString("\n  replay this worker alone: " + f.Replay)
	}
	return b.String()
}

// Result is what a run measured and found.
type Result struct {
	Seed    uint64        `json:"seed"`
	Workers int           `json:"workers"`
	Only    int           `json:"worker"` // -1: every worker ran
	Elapsed time.Duration `json:"elapsed_ns"`
	// Steps is the number of steps each worker ran (index: the worker's
	// position in the run, Only's alone).
	Steps []int `json:"steps"`

	Connections uint64 `json:"connections"`
	Ops         uint64 `json:"operations"` // work requests completed (data, bind, fast-register, invalidate)
	Bytes       uint64 `json:"bytes"`      // payload bytes sent, written and read
	Registers   uint64 `json:"registrations"`
	// Refused counts creates and registrations refused with
	// STATUS_INSUFFICIENT_RESOURCES, which the pages allow (CR-11): the
	// step was skipped.
	Refused uint64 `json:"refused"`

	ConnectionsPerSec float64 `json:"connections_per_s"`
	OpsPerSec         float64 `json:"operations_per_s"`
	BytesPerSec       float64 `json:"bytes_per_s"`
	// OpLatency: from a work request's post to its completion reaching the
	// worker; ConnectLatency: from NdkConnect to both sides connected.
	OpLatency      Percentiles `json:"op_latency"`
	ConnectLatency Percentiles `json:"connect_latency"`

	// StepKinds counts the steps of each kind the workers ran.
	StepKinds map[string]int `json:"step_kinds"`

	Failures []Failure `json:"failures"`
	// Interrupted: Config.Stop ended the run before its duration or
	// count; the counts and rates are those of the steps run.
	Interrupted bool `json:"interrupted,omitempty"`
	// Abandoned: a call or close that never returned or completed left
	// the provider in a state the run could not clean up (its adapters
	// were not closed).
	Abandoned string `json:"abandoned,omitempty"`
}

// Passed reports whether the run found nothing.
func (r *Result) Passed() bool { return len(r.Failures) == 0 }

// Percentiles of a latency, in nanoseconds.
type Percentiles struct {
	Count uint64        `json:"count"`
	P50   time.Duration `json:"p50_ns"`
	P99   time.Duration `json:"p99_ns"`
	Max   time.Duration `json:"max_ns"`
}

// run is the state of one Run.
type run struct {
	cfg     Config
	timeout time.Duration
	start   time.Time
	end     time.Time // Duration mode: when the workers stop

	a, b *side

	// mirror: the provider's data path works on copies of the registered
	// buffers (drivers/remote, drivers/rxe): bytes the harness changed are
	// pushed to them, bytes it reads pulled from them first.
	mirror ndk.MemoryMirror

	stop   atomic.Bool // a failure: the workers stop
	halted atomic.Bool // Config.Stop was closed: the workers stop

	mu        sync.Mutex
	failures  []Failure
	abandoned string

	workers []*worker
}

// Run runs the stress described by cfg. The error is the harness's: the
// provider could not be set up for the run (no verdict); what the provider
// did wrong is in Result.Failures.
func Run(cfg Config) (Result, error) {
	if cfg.Provider == nil {
		return Result{}, errors.New("stress: no provider")
	}
	if cfg.Workers == 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.Workers < 0 || cfg.Workers > MaxWorkers {
		return Result{}, fmt.Errorf("stress: %d workers (1..%d)", cfg.Workers, MaxWorkers)
	}
	if cfg.Only >= MaxWorkers {
		return Result{}, fmt.Errorf("stress: worker %d (0..%d)", cfg.Only, MaxWorkers-1)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.History <= 0 {
		cfg.History = DefaultHistory
	}
	if cfg.Ops <= 0 && cfg.Duration <= 0 {
		cfg.Duration = DefaultDuration
	}
	if !cfg.A.IsValid() || !cfg.B.IsValid() {
		a, b := cfg.Provider.Sides()
		if !cfg.A.IsValid() {
			cfg.A = a.IPv4
		}
		if !cfg.B.IsValid() {
			cfg.B = b.IPv4
		}
	}
	r := &run{cfg: cfg, timeout: cfg.Timeout}
	r.mirror, _ = cfg.Provider.(ndk.MemoryMirror)
	ids := []int{cfg.Only}
	if cfg.Only < 0 {
		ids = make([]int, cfg.Workers)
		for i := range ids {
			ids[i] = i
		}
	}
	if err := r.setup(len(ids)); err != nil {
		r.teardown(false)
		return Result{}, err
	}
	r.start = time.Now()
	if cfg.Ops <= 0 {
		r.end = r.start.Add(cfg.Duration)
	}
	if cfg.Stop != nil {
		ended := make(chan struct{})
		defer close(ended)
		go func() {
			select {
			case <-cfg.Stop:
				r.halted.Store(true)
			case <-ended:
			}
		}()
	}
	var wg sync.WaitGroup
	for _, id := range ids {
		w := newWorker(r, id)
		r.workers = append(r.workers, w)
	}
	for _, w := range r.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run()
		}()
	}
	wg.Wait()
	elapsed := time.Since(r.start)
	r.teardown(!r.stop.Load())
	return r.result(elapsed), nil
}

// result gathers the workers' counts.
func (r *run) result(elapsed time.Duration) Result {
	res := Result{Seed: r.cfg.Seed, Workers: len(r.workers), Only: r.cfg.Only, Elapsed: elapsed, StepKinds: map[string]int{}}
	var ops, conn hist
	for _, w := range r.workers {
		res.Steps = append(res.Steps, w.step)
		for k, n := range w.st.kinds {
			res.StepKinds[k] += n
		}
		res.Connections += w.st.connections
		res.Ops += w.st.ops
		res.Bytes += w.st.bytes
		res.Registers += w.st.registers
		res.Refused += w.st.refused
		ops.merge(&w.st.opLat)
		conn.merge(&w.st.connLat)
	}
	if s := elapsed.Seconds(); s > 0 {
		res.ConnectionsPerSec = float64(res.Connections) / s
		res.OpsPerSec = float64(res.Ops) / s
		res.BytesPerSec = float64(res.Bytes) / s
	}
	res.OpLatency, res.ConnectLatency = ops.percentiles(), conn.percentiles()
	r.mu.Lock()
	res.Failures = append([]Failure(nil), r.failures...)
	res.Abandoned = r.abandoned
	r.mu.Unlock()
	res.Interrupted = r.halted.Load()
	return res
}

// fail records a failure of the run's own (no worker) and stops the
// workers.
func (r *run) fail(v finding.Violation) {
	r.addFailure(Failure{Violation: v, Seed: r.cfg.Seed, Worker: -1})
}

func (r *run) addFailure(f Failure) {
	r.mu.Lock()
	if len(r.failures) < 64 {
		r.failures = append(r.failures, f)
	}
	r.mu.Unlock()
	r.stop.Store(true)
}

// abandon records that the provider was left alone: a call that never
// returned, a close that never completed.
func (r *run) abandon(why string) {
	r.mu.Lock()
	if r.abandoned == "" {
		r.abandoned = why
	}
	r.mu.Unlock()
	r.stop.Store(true)
}

func (r *run) isAbandoned() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.abandoned != ""
}

// Command is words as a command line a POSIX shell reads back (a replay).
func Command(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellquote.Quote(w)
	}
	return strings.Join(q, " ")
}
