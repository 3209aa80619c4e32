package queues

import (
	"fmt"
	"slices"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	"pgregory.net/rapid"
)

// cqModelRules are the rules the CQ model checks at every step.
var cqModelRules = suite.Rules{"CH-7", "CH-8", "CH-9", "CH-11", "CH-12", "CH-13", "CH-14", "CQ-6", "CQ-13"}

// The CQ model: random sequences of completions (unsolicited, solicited,
// errors), arms of every type, polls with random array sizes and held
// notification callbacks on one CQ, each step checked against what the
// rules make the provider do. The sequences keep to the situations the
// pages decide: no arm while the CQ holds only completions that were
// there at the last notification (CH-10 lets the provider choose), no arm
// finding new completions none of which satisfies it (CH-9 does not say
// whether the arm's type counts), no error completion under an ERRORS arm
// (the pages do not say whether a request's error is one of the CQ's
// errors), and no overrun.
var _ = Describe("Model of CQ arming, notification and results", Label("queues", "model"), func() {
	suite.ModelIt(cqModelRules, "keeps every step of random sequences of completions, arms, polls and held notifications on one CQ within what CH-7..CH-14, CQ-6 and CQ-13 allow", func() {
		p := suite.NewPair(suite.IPv4)
		d := suite.DirectFor(suite.IPv4)
		runCQModel(p, d, CurrentSpecReport().FullText())
	})
})

// cqFinding is a step that broke a rule.
type cqFinding struct {
	rules              string
	call               string
	expected, observed string
}

// cqEntry is a completion the model holds queued on the CQ.
type cqEntry struct {
	id   int
	kind completion
	// fresh: it arrived after the last notification was called (CH-9);
	// stale: it was there at the last notification; neither: it arrived
	// while a notification was due but held back, which the pages leave
	// open.
	fresh, stale bool
}

// cqModel is the CQ's state as the rules define it.
type cqModel struct {
	armed    bool
	typ      ndk.CQNotifyType
	first    ndk.CQNotifyType // the first arm's type, when re-armed before satisfied
	rearmed  bool
	entries  []cqEntry
	notes    int // notifications the provider must have started
	gate     bool
	holding  bool         // a notification callback is held now
	deferred int          // notifications due while one is held
	removed  map[any]bool // the request contexts of completions removed
}

// cqWorld is one sequence: the rig, the model, the held callback's gate.
type cqWorld struct {
	t       *rapid.T
	p       *suite.Pair
	r       *cqRig
	m       cqModel
	steps   []string
	failure *cqFinding
	entered chan struct{}
	release chan struct{}
}

func (w *cqWorld) step(format string, args ...any) {
	w.steps = append(w.steps, fmt.Sprintf(format, args...))
}

func (w *cqWorld) fail(f cqFinding) {
	w.failure = &f
	w.t.Fatalf("%s: expected %s; observed %s", f.call, f.expected, f.observed)
}

// waitFor polls cond until it holds or the deadline passes.
func (w *cqWorld) waitFor(cond func() bool) bool {
	deadline := suite.NewDeadline(w.p.Timeout())
	for !cond() {
		if deadline.Passed() {
			return false
		}
		time.Sleep(100 * time.Microsecond)
	}
	return true
}

// due is a notification the rules make due now, for the rules named.
func (w *cqWorld) due(rules, why string) {
	m := &w.m
	m.armed, m.rearmed = false, false
	for i := range m.entries {
		m.entries[i].fresh, m.entries[i].stale = false, true
	}
	switch {
	case m.holding:
		m.deferred++
		return
	case m.gate:
		// The gate holds this one.
		m.notes++
		select {
		case <-w.entered:
		case <-suite.After(w.p.Timeout()):
			w.fail(cqFinding{rules, "NdkCqNotificationCallback", why, "no notification came within " + w.p.Timeout().String()})
		}
		m.holding = true
		return
	}
	m.notes++
	if !w.waitFor(func() bool { return w.r.cq.Notifications() >= m.notes }) {
		w.fail(cqFinding{rules, "NdkCqNotificationCallback", why, fmt.Sprintf("%d notifications within %v, %d expected", w.r.cq.Notifications(), w.p.Timeout(), m.notes)})
	}
}

// armRule is the rule that decides the CQ's arm type: the re-arm table's
// row when the CQ was armed twice before being satisfied.
func (m *cqModel) armRule() string {
	if !m.rearmed {
		return "CH-8"
	}
	_, rule := mergedArm(m.first, 0)
	return rule
}

// check compares the notifications started with the model's: never more
// (CH-7; CH-11 while one is held).
func (w *cqWorld) check() {
	n := w.r.cq.Notifications()
	if n > w.m.notes {
		rules, why := "CH-7", "at most one notification per satisfied arm, none without an arm"
		switch {
		case w.m.holding && w.m.deferred > 0:
			rules, why = "CH-11", "no notification while the held one runs (the due ones wait until it returned)"
		case w.m.armed:
			rules, why = w.m.armRule(), fmt.Sprintf("no notification while the CQ's arm, %s, is not satisfied by the completions queued", armNames[w.m.typ])
		}
		w.fail(cqFinding{rules, "NdkCqNotificationCallback", fmt.Sprintf("%s: %d notifications so far", why, w.m.notes), fmt.Sprintf("%d started", n)})
	}
}

func (w *cqWorld) complete(kind completion) {
	m := &w.m
	if m.armed && kind == failed && (m.typ == ndk.CQNotifyErrors || m.rearmed && m.typ == ndk.CQNotifySolicited) {
		// An error under an ERRORS arm is left open by the pages; under a
		// SOLICITED arm that was re-armed, CQ-6 and the re-arm table would
		// both decide the notification: one rule at a time.
		kind = solicited
	}
	if len(m.entries) >= 48 {
		w.poll(64, true)
	}
	id := w.r.complete(kind)
	w.step("%v (#%d)", kind, id)
	e := cqEntry{id: id, kind: kind, fresh: m.deferred == 0}
	m.entries = append(m.entries, e)
	if m.armed {
		if must, _ := matches(m.typ, kind); must {
			rule := m.armRule()
			if kind == failed && m.typ == ndk.CQNotifySolicited {
				rule = "CQ-6"
			}
			w.due(rule, fmt.Sprintf("the CQ armed for %s notifies %v", armNames[m.typ], kind))
		}
	}
}

// canArm says whether NdkArmCq(t) now is a situation the pages decide
// (with one rule), and whether it must be satisfied at once.
func (m *cqModel) canArm(t ndk.CQNotifyType) (ok, now bool) {
	if len(m.entries) == 0 {
		return true, false
	}
	if m.armed {
		// A re-arm finding completions: CH-9 and the re-arm table would
		// both decide; one rule at a time.
		return false, false
	}
	for _, e := range m.entries {
		if mustMatch(t, e.kind) && e.fresh {
			return true, true
		}
	}
	return false, false
}

func mustMatch(t ndk.CQNotifyType, c completion) bool { m, _ := matches(t, c); return m }

// mergeArmType is the table of CH-12..CH-14.
func mergeArmType(first, second ndk.CQNotifyType) ndk.CQNotifyType {
	t, _ := mergedArm(first, second)
	return t
}

func (w *cqWorld) arm(t ndk.CQNotifyType) {
	m := &w.m
	if m.rearmed {
		// A third arm would take two rows of the re-arm table at once: one
		// rule at a time.
		return
	}
	ok, now := m.canArm(t)
	if !ok {
		w.poll(64, true)
		ok, now = m.canArm(t)
	}
	w.step("NdkArmCq(%s)", armNames[t])
	if m.armed {
		if !m.rearmed {
			m.first = m.typ
		}
		m.rearmed = true
		m.typ = mergeArmType(m.typ, t)
	} else {
		m.armed, m.typ, m.rearmed = true, t, false
	}
	w.r.cq.Arm(t)
	if now && ok {
		w.due("CH-9", fmt.Sprintf("NdkArmCq(%s), the CQ's arm then %s, on a CQ holding a new completion that satisfies it", armNames[t], armNames[m.typ]))
	}
}

// poll removes completions with an array of size entries.
func (w *cqWorld) poll(size int, ex bool) {
	m := &w.m
	call := "NdkGetCqResults"
	if ex {
		call = "NdkGetCqResultsEx"
	}
	w.step("%s with %d entries (%d queued)", call, size, len(m.entries))
	want := min(size, len(m.entries))
	got := 0
	deadline := suite.NewDeadline(w.p.Timeout())
	for {
		rc := resultsCalls[0]
		if ex {
			rc = resultsCalls[1]
		}
		n, rs := rc.results(w.r.cq, size)
		if n < 0 || n > size {
			w.fail(cqFinding{"CQ-13", call, fmt.Sprintf("at most the %d entries of the array", size), fmt.Sprint(n)})
		}
		var ids []any
		for _, r := range rs {
			ids = append(ids, r.RequestContext)
		}
		for _, r := range rs {
			id := r.RequestContext
			i := slices.IndexFunc(m.entries, func(e cqEntry) bool { return e.id == id })
			if i < 0 {
				// Which rule the stray entry breaks: an entry left as the
				// array had it (no QP context) is one counted but not
				// filled (CQ-13); a request's second completion breaks
				// QP-4; a completion of the QP with a context no request
				// had, QP-3.
				rule, what := "CQ-13", "an entry counted but not filled"
				switch {
				case r.QPContext != nil && m.removed[id]:
					rule, what = "QP-4", "a second completion of a request"
				case r.QPContext != nil:
					rule, what = "QP-3", "a completion whose RequestContext no request of the QP was posted with"
				}
				w.fail(cqFinding{rule, call, fmt.Sprintf("%d counted entries, each a completion queued and not yet removed (queued: %v)", n, m.ids()), fmt.Sprintf("%s: request contexts %s", what, ctxs(ids))})
			}
			m.entries = slices.Delete(m.entries, i, i+1)
			if m.removed == nil {
				m.removed = map[any]bool{}
			}
			m.removed[id] = true
		}
		got += n
		if got >= want || n == size {
			break
		}
		if deadline.Passed() {
			w.fail(cqFinding{"CQ-13", call, fmt.Sprintf("the completions queued counted as they are removed (%d expected of the %d-entry array)", want, size), fmt.Sprintf("%d within %v", got, w.p.Timeout())})
		}
		if n == 0 {
			time.Sleep(100 * time.Microsecond)
		}
	}
}

func (m *cqModel) ids() []int {
	var out []int
	for _, e := range m.entries {
		out = append(out, e.id)
	}
	return out
}

func (w *cqWorld) hold() {
	if w.m.gate {
		return
	}
	w.step("hold the next notification")
	w.m.gate = true
	w.entered = make(chan struct{}, 1)
	w.release = make(chan struct{})
	entered, release, id := w.entered, w.release, w.r.cq.ID()
	timeout := w.p.Timeout()
	w.p.Intercept(func(cb suite.Callback) {
		if cb.Object != id || cb.Name != "NdkCqNotificationCallback" {
			return
		}
		select {
		case entered <- struct{}{}:
		default:
			return // only the first is held
		}
		select {
		case <-release:
		case <-suite.After(timeout):
		}
	})
}

func (w *cqWorld) unhold() {
	m := &w.m
	if !m.gate {
		return
	}
	w.step("release the held notification")
	close(w.release)
	m.gate = false
	if !m.holding {
		w.p.Intercept(nil)
		return
	}
	m.holding = false
	m.notes += m.deferred
	if m.deferred > 0 {
		for i := range m.entries {
			if !m.entries[i].stale {
				m.entries[i].fresh = false // arrived while a notification was held back
			}
		}
	}
	m.deferred = 0
	if !w.waitFor(func() bool { return w.r.cq.Notifications() >= m.notes }) {
		w.fail(cqFinding{"CH-11", "NdkCqNotificationCallback", "the notifications due while one was held, once it returned", fmt.Sprintf("%d notifications within %v, %d expected", w.r.cq.Notifications(), w.p.Timeout(), m.notes)})
	}
	w.p.Intercept(nil)
}

func (w *cqWorld) run(reuse *cqRig) {
	w.r = reuse
	if w.r == nil {
		w.r = newCQRig(w.p, 64, 16)
	}
	w.m.notes = w.r.cq.Notifications()
	defer func() {
		if w.m.gate {
			close(w.release)
			w.p.Intercept(nil)
		}
	}()
	w.t.Repeat(map[string]func(*rapid.T){
		"complete": func(t *rapid.T) {
			w.complete(rapid.SampledFrom([]completion{plain, solicited, failed}).Draw(t, "kind"))
		},
		"arm": func(t *rapid.T) { w.arm(rapid.SampledFrom(armTypes).Draw(t, "type")) },
		"poll": func(t *rapid.T) {
			w.poll(rapid.SampledFrom([]int{1, 2, 3, 8}).Draw(t, "size"), rapid.Bool().Draw(t, "ex"))
		},
		"hold":    func(t *rapid.T) { w.hold() },
		"release": func(t *rapid.T) { w.unhold() },
		"":        func(t *rapid.T) { w.check() },
	})
	w.unhold()
	settle := min(w.p.Settle(), 20*time.Millisecond)
	time.Sleep(settle)
	w.check()
}

// clean brings the rig back to a CQ not armed and empty, for the next
// sequence (new connections cost time, and each is a handshake that can
// time out on a loaded host): NdkArmCq(ANY) (ANY whatever the arm was)
// and a completion satisfy a pending arm. It reports whether the rig is
// clean.
func (w *cqWorld) clean() bool {
	if w.m.armed {
		w.r.cq.Arm(ndk.CQNotifyAny)
		w.r.complete(plain)
		if !w.waitFor(func() bool { return w.r.cq.Notifications() > w.m.notes }) {
			return false
		}
	}
	time.Sleep(min(w.p.Settle(), 20*time.Millisecond))
	for len(w.r.cq.Poll()) > 0 {
	}
	return true
}

// runCQModel runs the model's sequences with rapid and fails the spec with
// the shortest failing sequence found.
func runCQModel(p *suite.Pair, d suite.Direct, text string) {
	GinkgoHelper()
	var last *cqWorld
	var rig *cqRig // the rig a sequence left clean, for the next
	var shrinkEnd time.Time
	tb := suite.RapidCheck(text, uint64(d.Seed)*1000003+15, d.Sequences, d.Steps, d.ShrinkTime, func(t *rapid.T) {
		// rapid looks at its shrink time only between passes: past the
		// budget, the remaining replays are refused before they start.
		if last != nil && time.Now().After(shrinkEnd) {
			t.Skip("not replayed: the shrink time is spent")
		}
		w := &cqWorld{t: t, p: p}
		reuse := rig
		rig = nil
		defer func() {
			if w.failure != nil {
				if last == nil {
					shrinkEnd = time.Now().Add(d.ShrinkTime)
				}
				last = w
			}
		}()
		w.run(reuse)
		if w.clean() {
			rig = w.r
		}
	})
	if !tb.Failed() {
		return
	}
	if last == nil {
		tb.ViolateHarness("CQ model")
		return
	}
	details := fmt.Sprintf("Shortest failing sequence found (%d steps, run seed %d):\n%s", len(last.steps), d.Seed, suite.NumberedSteps(last.steps))
	f := last.failure
	suite.ViolateWith(f.rules, finding.Violation{Call: f.call, Object: last.r.cq.ID(), Expected: f.expected, Observed: f.observed}, details)
}
