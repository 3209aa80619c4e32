package model

import (
	"fmt"
	"hash/fnv"
	"net/netip"
	"regexp"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/model"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	"pgregory.net/rapid"
)

// checkedRules are the labels of the model specs: the rules the model
// checks after every step, with a rule ID the finding names, that a broken
// variant of sim has failed it with (make selftest proves every label).
// It also checks CN-5, QP-3, QP-5, QP-6, DP-4, CR-2 and CR-4, and LC-20
// (se-port-free, which breaks it with LC-21, LC-6 and LC-24, fails the
// model with those), which no variant has failed it with yet: a finding
// still names them.
var checkedRules = suite.Rules{
	"LC-2", "LC-3", "LC-4", "LC-5", "LC-6", "LC-7", "LC-8", "LC-9", "LC-10", "LC-11", "LC-12", "LC-13", "LC-14",
	"LC-15", "LC-16", "LC-17", "LC-18", "LC-19", "LC-21", "LC-22", "LC-23", "LC-24", "LC-25",
	"CN-1", "CN-2", "CN-3", "CN-4", "CN-6", "CN-7", "CN-8", "CN-9", "CN-11", "CN-13", "CN-15",
	"LT-7", "LT-9", "LT-12", "LT-14", "LT-15", "LT-16", "LT-20", "LT-22", "LT-23", "LT-25", "LT-26",
	"DS-2", "DS-3", "DS-4", "DS-5", "DS-6", "DS-10", "CN-17",
	"QP-4", "QP-21", "QP-22", "WR-5",
	"CR-1", "CR-5", "CR-6", "CR-7", "CR-9", "CR-10", "CR-11", "CR-12", "OV-1", "OV-2",
}

var _ = Describe("Model of the endpoint, lifetime and disconnect rules", Label("model", "endpoints", "lifetime", "disconnect"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		suite.ModelIt(checkedRules, "keeps every step of random consumer sequences on both sides within what the rules allow", func() {
			runModel(suite.DirectFor(f), CurrentSpecReport().FullText())
		})
	})
})

// runModel runs the spec's random consumer sequences with rapid, and fails
// the spec with the shortest failing sequence rapid finds, its rule, its
// seed and the command that replays it.
func runModel(d suite.Direct, text string) {
	GinkgoHelper()
	seed := seedFor(d.Seed, text)
	var last *failure
	sequences, firstFailure := 0, 0
	// rapid looks at its shrink time only between its passes, and one
	// pass may replay hundreds of sequences: past the budget, the
	// remaining replays are refused before they start.
	var shrinkEnd time.Time
	var faultStuck atomic.Bool
	tb := suite.RapidCheck(text, seed, d.Sequences, d.Steps, d.ShrinkTime, func(t *rapid.T) {
		if d.Lost() {
			t.Skip("the provider was lost")
		}
		if last != nil && last.costly != "" {
			// Reported as found: neither replayed nor shrunk.
			t.Skip("not replayed: " + last.costly)
		}
		if last != nil && time.Now().After(shrinkEnd) {
			t.Skip("not replayed: the shrink time is spent")
		}
		sequences++
		w := &world{t: t, d: d, handles: map[model.Ref]ndk.Object{}, closing: map[model.Ref]bool{}, arrived: make(chan struct{}, 1),
			regions: map[model.Ref]*region{}, writes: map[int]pendingWrite{}, nextVA: 0x10000000, faultStuck: &faultStuck}
		w.target = last
		defer func() {
			if w.failure != nil {
				last = w.failure
				if firstFailure == 0 {
					shrinkEnd = time.Now().Add(d.ShrinkTime)
					firstFailure = sequences
				}
			}
		}()
		w.run()
	})
	d.AbortIfLost()
	if !tb.Failed() {
		return
	}
	msg := strings.Join(tb.Errors(), "\n")
	caseSeed := seed
	if m := reSeed.FindStringSubmatch(msg); m != nil {
		fmt.Sscan(m[1], &caseSeed)
	}
	if last == nil {
		tb.ViolateHarness("model")
		return
	}
	var b strings.Builder
	if last.costly != "" {
		fmt.Fprintf(&b, "Failing sequence, not shrunk (%d steps; its breach is %s; run seed %d, sequence seed %d, failed at sequence %d of %d):\n",
			len(last.steps), last.costly, d.Seed, caseSeed, firstFailure, d.Sequences)
	} else {
		fmt.Fprintf(&b, "Shortest failing sequence (%d steps; run seed %d, sequence seed %d, failed at sequence %d of %d):\n",
			len(last.steps), d.Seed, caseSeed, firstFailure, d.Sequences)
	}
	b.WriteString(suite.NumberedSteps(last.steps))
	fmt.Fprintf(&b, "Replay: %s", d.ReplayCommand(text, firstFailure))
	f := last.f
	if faultStuck.Load() {
		// The hosts' state is unknown: no later spec can be judged.
		suite.AbortStuck(fmt.Sprintf("%s: expected %s; observed %s", f.Call, f.Expected, f.Observed), b.String())
	}
	suite.ViolateWith(f.Rules, finding.Violation{Call: f.Call, Object: f.Object, Side: f.Side, Expected: f.Expected, Observed: f.Observed}, b.String())
}

var reSeed = regexp.MustCompile(`-rapid\.seed=(\d+)`)

// seedFor derives the seed of a spec's sequences from the run's seed and
// the spec's text: one --seed fixes every sequence of every model spec.
func seedFor(run int64, text string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\x00%s", run, text)
	if s := h.Sum64(); s != 0 {
		return s
	}
	return 1
}

// openAdapters opens an adapter of each side.
func (w *world) openAdapters() {
	for s, addr := range []netip.Addr{w.d.A, w.d.B} {
		var a ndk.Adapter
		st := w.invoke("OPEN_NDK_ADAPTER", func() ndk.Status {
			var st ndk.Status
			a, st = w.d.Provider.OpenAdapter(addr)
			return st
		})
		if st != ndk.StatusSuccess || a == nil {
			w.fail(&model.Finding{Call: "OPEN_NDK_ADAPTER", Side: model.Side(s).String(), Expected: "STATUS_SUCCESS", Observed: st.String()})
		}
		w.adapter[s] = a
	}
}

// run is one sequence: fresh adapters, the drawn steps, the teardown.
func (w *world) run() {
	w.openAdapters()
	for s, a := range w.adapter {
		info, ist := a.QueryAdapterInfo()
		if ist != ndk.StatusSuccess {
			w.fail(&model.Finding{Rules: "IF-3", Call: "NdkQueryAdapterInfo", Side: model.Side(s).String(), Expected: "STATUS_SUCCESS", Observed: ist.String()})
		}
		w.info[s] = info
	}
	w.t.Cleanup(func() {
		if w.adapter[0] != nil || w.adapter[1] != nil {
			// A failed sequence leaves objects open: close them, newest
			// first, so that the next sequence (or rapid's shrinking)
			// starts from a clean provider.
			w.shutAdapters(func() {
				if w.m != nil {
					open := w.m.OpenObjects()
					for i := len(open) - 1; i >= 0; i-- {
						if h := w.handles[open[i]]; h != nil && w.claimClose(open[i]) {
							h.Close(func(any) {}, nil)
						}
					}
				}
			})
		}
	})
	var cfg model.Config
	for s := range 2 {
		cfg.MaxInbound[s], cfg.MaxOutboud[s] = w.info[s].MaxInboundReadLimit, w.info[s].MaxOutboundReadLimit
	}
	cfg.MaxCallerData = min(w.info[0].MaxCallerData, w.info[1].MaxCallerData)
	cfg.MaxCalleeData = min(w.info[0].MaxCalleeData, w.info[1].MaxCalleeData)
	cfg.Addr = [2]netip.Addr{w.d.A, w.d.B}
	if td, ok := w.d.Provider.(ndk.TimeoutDeclarer); ok {
		cfg.SetupTimeout = td.DeclaredTimeouts()["connect"]
	}
	w.m = model.New(cfg)
	w.t.Repeat(w.actions())
	w.exhaust(w.t)
	w.teardown(rapid.Bool().Draw(w.t, "close one at a time"), rapid.IntRange(0, 3).Draw(w.t, "adapter close early") == 0)
	w.checkLate()
	w.checkReleased()
}

// checkReleased opens new adapters once the sequence's are closed and
// probes every port the sequence bound: with every object closed, each is
// free (LC-6), and the next sequence starts from a clean provider.
func (w *world) checkReleased() {
	w.over = false
	w.openAdapters()
	w.step("after the adapters closed, on new adapters:")
	for _, s := range []model.Side{model.A, model.B} {
		for _, p := range w.m.Ports(s) {
			w.probe(s, p)
		}
	}
	w.closeAdapters()
}
