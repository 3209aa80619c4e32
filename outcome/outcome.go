// Package outcome is what a conformance run found, in the project's own
// types: the outcome of every spec of the suite (built once, by the
// harness, as the spec ends: its state, the violations charged, the kind of
// a skip and its reason as fields), the verdict of every catalog rule
// derived from them, the waivers that judge them, the counts every output
// shows (Count: one function for all of them), and the certification
// policy (Certify).
//
// The harness (package suite) builds Specs; a run split over processes is
// the concatenation of what each process built; the reports (console,
// JSON, JUnit, HTML, manifest) and certify read a Result, never Ginkgo's
// report or a message text.
package outcome

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/finding"
)

// State is where a spec of the suite ended in a run.
type State string

// The states. Every spec of the suite is in exactly one.
const (
	// Passed: the spec ran and found nothing wrong.
	Passed State = "passed"
	// Failed: the spec failed (Failure says how); the rules its violations
	// name are charged with it.
	Failed State = "failed"
	// Skipped: the spec concluded nothing (Skip says which kind of skip and
	// why).
	Skipped State = "skipped"
	// Interrupted: the spec was running when the run was cut short (a
	// signal, a dead test process, a lost provider): no verdict on it.
	Interrupted State = "interrupted"
	// NotRun: the filters selected the spec, and the run ended before it
	// started (--fail-fast, an interrupt, a test process that died).
	NotRun State = "not run"
	// NotSelected: the run's filters left the spec out.
	NotSelected State = "not selected"
)

// Failure kinds: how a failed spec failed.
const (
	FailureFailed   = "failed"    // an assertion, a violation
	FailurePanicked = "panicked"  // a panic in the spec or the provider's call
	FailureTimedOut = "timed out" // a node's time-out
	FailureAborted  = "aborted"   // the spec aborted the suite
	// FailureSetup: a step the spec needs failed, a step that checks no
	// rule of its own (suite.Step: a connection to set up, an object to
	// create), and no rule is charged. No verdict on the provider: a
	// machine too loaded to finish a set-up in time looks the same as a
	// provider that cannot. The run is a harness or lab fault (verdict
	// error), not a provider FAIL, unless another spec charges a rule.
	FailureSetup = "setup failed"
)

// Failure is how a failed spec failed.
type Failure struct {
	// Kind is one of the Failure* kinds.
	Kind string `json:"kind"`
	// Message is the failure's full text: message, where it happened,
	// the failures that followed in cleanup nodes.
	Message string `json:"message"`
	// Trace is the callbacks the provider made during the spec, as the
	// harness recorded them, when it attached them.
	Trace string `json:"trace,omitempty"`
	// Details is what the failure adds to its violations for the reader
	// (finding.EntryDetails): a model spec's shortest failing sequence, one
	// step a line, and the "Replay:" command that runs it again. Message
	// has it too; the console summary prints it under the observation.
	Details string `json:"details,omitempty"`
	// Output is what the spec wrote while it ran, in order: its notes
	// (report entries other than violations, skips and the trace) and
	// what it printed (GinkgoWriter, standard output and error). Only a
	// failed spec keeps it.
	Output string `json:"output,omitempty"`
}

// Spec is one spec of the suite and its outcome in a run.
type Spec struct {
	// Name is the spec's full text: its containers' texts and its own,
	// joined by spaces.
	Name string `json:"name"`
	// ID is a short stable name of the spec (SpecID of Name): a rerun
	// selects the spec by it (ndkconform run --spec ID).
	ID string `json:"id,omitempty"`
	// Location is where the spec is written, relative to the module
	// ("specs/endpoints/clauses.go:91"); with Name it identifies the spec.
	Location string `json:"location,omitempty"`
	// Area is the spec's directory under specs/ ("endpoints").
	Area string `json:"area,omitempty"`
	// Rules are the rule IDs the spec is labelled with, Clauses the clause
	// IDs (finding.ClauseLabel), Labels every label.
	Rules   []string `json:"rules,omitempty"`
	Clauses []string `json:"clauses,omitempty"`
	Labels  []string `json:"labels,omitempty"`
	// Priority is the spec's Ginkgo priority: a spec that waits out a
	// time-out or takes a port range runs early.
	Priority int `json:"priority,omitempty"`

	State State `json:"state"`
	// Failure is set for a failed spec.
	Failure *Failure `json:"failure,omitempty"`
	// Violations are the rule violations the harness attached to a failed
	// spec: its failure counts against exactly the catalog rules (and
	// clauses) they name.
	Violations []finding.Violation `json:"violations,omitempty"`
	// Skip is set for a skipped spec.
	Skip *finding.Skip `json:"skip,omitempty"`
	// Unchecked, for a spec that passed, are the rules of its labels it
	// could not check, each with why (Skip.Rules): it concludes on its
	// other rules only.
	Unchecked []finding.Skip `json:"unchecked,omitempty"`
	// Note says why a spec was interrupted or not run ("the run was
	// interrupted by SIGINT while this spec ran").
	Note string `json:"note,omitempty"`

	Start    time.Time     `json:"start,omitzero"`
	Duration time.Duration `json:"duration,omitempty"`
}

// SpecID is the short ID of the spec with full text name: the first 8
// hex digits of the SHA-256 of the text. It stays the same as long as the
// spec's text does (its place in the source does not count).
func SpecID(name string) string {
	sum := sha256.Sum256([]byte(name))
	return hex.EncodeToString(sum[:4])
}

// Key identifies the spec in a run: its name and location.
func (s Spec) Key() string { return s.Name + "\x00" + s.Location }

// SetupFailed reports whether the spec failed in a set-up step, charging
// no rule (FailureSetup).
func (s Spec) SetupFailed() bool {
	return s.State == Failed && s.Failure != nil && s.Failure.Kind == FailureSetup
}

// Selected reports whether the run's filters selected the spec.
func (s Spec) Selected() bool { return s.State != NotSelected }

// Concluded reports whether the spec ran to an end of its own: passed,
// failed or skipped.
func (s Spec) Concluded() bool {
	return s.State == Passed || s.State == Failed || s.State == Skipped
}

// SkipKind is the kind of the spec's skip ("" if it did not skip;
// finding.Unexplained if it skipped without saying).
func (s Spec) SkipKind() finding.SkipKind {
	if s.State != Skipped {
		return ""
	}
	if s.Skip == nil || s.Skip.Kind == "" {
		return finding.Unexplained
	}
	return s.Skip.Kind
}

// uncheckedFor is why the spec did not check rule id though it ran, nil
// if it did.
func (s Spec) uncheckedFor(id string) *finding.Skip {
	for i := range s.Unchecked {
		if slices.Contains(s.Unchecked[i].Rules, id) {
			return &s.Unchecked[i]
		}
	}
	return nil
}

// Charged are the catalog rules the spec's failure counts against, in the
// order its violations name them (nil unless it failed). isRule says
// whether an ID is a catalog rule.
func (s Spec) charged(isRule func(string) bool) []string {
	if s.State != Failed {
		return nil
	}
	var ids []string
	for _, id := range finding.Rules(s.Violations) {
		if isRule(id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// Line is the spec's outcome in one line, for a console, a JUnit message
// or a table cell: for a failed spec its first violation (rule, call,
// object, side, expected, observed), else the first line of its failure;
// for a skipped one the kind and reason; for one interrupted or not run,
// why.
func (s Spec) Line() string {
	switch s.State {
	case Failed:
		for _, v := range s.Violations {
			if v.Rule != "" || v.Observed != "" {
				return ViolationLine(v)
			}
		}
		if s.Failure != nil {
			line := FirstLine(s.Failure.Message)
			if s.Failure.Kind != FailureFailed && s.Failure.Kind != "" && !strings.HasPrefix(line, s.Failure.Kind) {
				line = s.Failure.Kind + ": " + line
			}
			return line
		}
		return "failed"
	case Skipped:
		if s.Skip == nil {
			return string(finding.Unexplained)
		}
		return oneLine(s.Skip.String())
	case Interrupted, NotRun:
		if s.Note != "" {
			return FirstLine(s.Note)
		}
		return string(s.State)
	}
	return string(s.State)
}

// Text is the spec's whole outcome text: the failure with its trace, the
// skip, or the note.
func (s Spec) Text() string {
	switch {
	case s.Failure != nil:
		t := s.Failure.Message
		if s.Failure.Trace != "" {
			t += "\n\ncallback trace:\n" + s.Failure.Trace
		}
		return t
	case s.Skip != nil:
		return s.Skip.String()
	}
	return s.Note
}

// ViolationLine is v in one line (its lines joined with "; "): rule,
// call, object, side, expected, observed. The harness makes Observed a
// value (suite.Rule keeps the actual value a matcher was given), so the
// line ends with what the provider did.
func ViolationLine(v finding.Violation) string { return oneLine(v.String()) }

// oneLine joins the lines of s with "; ".
func oneLine(s string) string {
	var parts []string
	for line := range strings.Lines(s) {
		if l := strings.TrimSpace(line); l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, "; ")
}

// FirstLine is the first telling line of a text: the first non-empty
// line, past Gomega's "Failed after 1.2s." preamble.
func FirstLine(s string) string {
	first := ""
	for line := range strings.Lines(s) {
		l := strings.TrimSpace(line)
		if l == "" {
			continue
		}
		if first == "" && isAsyncPreamble(l) {
			first = l
			continue
		}
		return l
	}
	return first
}

// isAsyncPreamble tells the line Gomega's Eventually and Consistently put
// before a failure: "Timed out after 1.001s." or "Failed after 2s.".
func isAsyncPreamble(l string) bool {
	rest, ok := strings.CutPrefix(l, "Timed out after ")
	if !ok {
		rest, ok = strings.CutPrefix(l, "Failed after ")
	}
	if !ok || !strings.HasSuffix(rest, "s.") {
		return false
	}
	_, err := time.ParseDuration(strings.TrimSuffix(rest, "."))
	return err == nil
}

// AssignClauses fills in the clause of each of s's violations that names
// none, when s covers exactly one clause of the violation's rule (a clause
// label of it): a spec of CN-3.timeout that breaks CN-3 breaks that clause.
func AssignClauses(s *Spec) {
	for i := range s.Violations {
		v := &s.Violations[i]
		if v.Clause != "" || v.Rule == "" {
			continue
		}
		one := ""
		for _, c := range s.Clauses {
			if finding.ClauseRule(c) != v.Rule || c == one {
				continue
			}
			if one != "" {
				one = ""
				break
			}
			one = c
		}
		v.Clause = one
	}
}

// Run is what a run found: every spec of the suite, in the order the run
// took them (those the filters left out included, NotSelected), and what
// happened outside the specs.
type Run struct {
	Specs []Spec `json:"specs"`
	// SuiteFailures are failures of the provider outside any spec: a test
	// process that crashed between specs, a failure in a suite-level node.
	SuiteFailures []string `json:"suite_failures,omitempty"`
	// Faults are faults of the harness or the lab, not the provider: a
	// lost agent, a test process that could not start or refused the
	// configuration. The run gives no verdict on the provider (VerdictError)
	// unless the provider failed a spec first.
	Faults []string `json:"faults,omitempty"`
	// Interrupted, when not empty, says what cut the run short ("the run
	// was interrupted by SIGINT").
	Interrupted string `json:"interrupted,omitempty"`
	// DryRun: the run is a plan (a dry run): its selected specs are not
	// run (state not run), and its verdict is VerdictPlan.
	DryRun bool `json:"dry_run,omitempty"`
}

// Selected are the specs the filters selected, in run order.
func (r Run) Selected() []Spec {
	var out []Spec
	for _, s := range r.Specs {
		if s.Selected() {
			out = append(out, s)
		}
	}
	return out
}

// CutShort marks the run cut short by how ("the run was interrupted by
// SIGINT"): its specs that did not end say so.
func (r *Run) CutShort(how string) {
	r.Interrupted = how
	for i := range r.Specs {
		s := &r.Specs[i]
		switch s.State {
		case NotRun:
			if s.Note == "" || s.Note == NotRunNote {
				s.Note = how + " before this spec started"
			}
		case Interrupted:
			head := how + " while this spec ran"
			detail := strings.TrimSpace(s.Note)
			if detail == head || strings.HasPrefix(detail, head+"\n") {
				continue // cut short by how already: the note keeps its detail
			}
			s.Note = head
			if detail != "" && !strings.HasPrefix(detail, how) {
				s.Note += "\n" + detail
			}
		}
	}
}

// NotRunNote is the note of a selected spec that never started, when
// nothing more is known.
const NotRunNote = "the run stopped before this spec started"
