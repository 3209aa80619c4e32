// Package reports turns the Ginkgo report of a conformance run into the
// ndkconform report model, judges it rule by rule against the catalog (with
// waivers) and writes it: the console summary (WriteSummary, WriteDryRun),
// and the report files, JUnit XML, JSON and a self-contained HTML
// certification report, listed in Formats; and a certification bundle's
// manifest (WriteManifest).
//
// It depends on neither suite nor the specs: the CLI builds a Meta from the
// suite's result (with Meta.Rerun, the command that repeats the run's
// configuration) and calls FromGinkgo, ApplyWaivers, then the writers.
package reports

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/onsi/ginkgo/v2/types"
)

// Meta describes a run: the tool, the provider tested and when.
type Meta struct {
	Tool          string            // "ndkconform"
	Version       string            // the tool's version
	Command       string            // the command line
	Driver        string            // the driver's name
	DriverOptions map[string]string // the driver's key=value options
	SideA, SideB  ndk.Side          // the addresses connections were made between
	Adapter       ndk.AdapterInfo   // NDK_ADAPTER_INFO of side A's adapter
	// Components are what served the provider besides its driver
	// (ndk.Describer: the agents of a remote provider).
	Components []ndk.Component
	Start, End time.Time
	// Rerun is the argv of a command that repeats the run's configuration
	// (driver, driver options, timeout, sides, seed, model budget) without
	// its selection (--label-filter, --focus), reports, waivers and
	// --parallel, e.g. {"ndkconform", "run", "--driver", "sim", "--seed",
	// "1"}: RerunCommand adds a --focus to it that selects one spec. The
	// CLI fills it; empty, RerunCommand builds one from Driver,
	// DriverOptions and a seed of 1.
	Rerun []string
	// Suite is the suite's description as Ginkgo has it ("ndkconform: sim
	// completion=inline"): Ginkgo matches a --focus regexp against Suite,
	// a space and the spec's Name, so RerunCommand needs it. FromGinkgo
	// fills it from Ginkgo's report when it is empty.
	Suite string
}

// Spec is one selected spec (a leaf It node) and its outcome.
type Spec struct {
	// Name is the full text: container texts and leaf text joined by
	// spaces (Ginkgo's FullText, without the suite's description; see
	// Meta.Suite and RerunCommand for what --focus matches).
	Name string
	// Area is the spec's top-level package directory under specs/ (e.g.
	// "endpoints"), from the leaf node's file; "" if unknown.
	Area string
	// Rules are the labels that are rule IDs (e.g. "LC-14").
	Rules []string
	// Labels are all the spec's labels, containers' included.
	Labels []string
	// State is "passed", "failed", "skipped", "pending", "panicked",
	// "timedout", "aborted" (failures), or "interrupted" (running when
	// the run was cut short) or "not run" (selected, never started),
	// which are not (see StateInterrupted).
	State string
	// Failure is the failure: message, location, follow-on failures (in
	// cleanup and AfterEach nodes) and the callback trace the harness
	// attached. For a skipped spec it is the reason given to Skip, if any.
	Failure string
	// Violations are the rule violations the harness attached to the spec
	// (the consumer-side checks, the spec's assertions): the failure counts
	// against exactly the rules they name (see Attribution).
	Violations []finding.Violation
	Duration   time.Duration
	Start      time.Time
}

// Failed reports whether the spec's state is a failure: neither
// interrupted nor not run is.
func (s Spec) Failed() bool { return isFailureState(s.State) }

// Verdicts.
const (
	VerdictPassed = "passed" // every selected spec passed (or was skipped)
	VerdictFailed = "failed" // a spec or the suite failed
	VerdictEmpty  = "empty"  // no spec was selected: nothing was tested
)

// Run is the report of a run.
type Run struct {
	Meta
	// Specs are the selected specs in the order they ran.
	Specs []Spec
	// Passed, Failed and Skipped count the selected specs (Failed counts
	// every failure state, Skipped counts pending specs too); NotSelected
	// counts the specs the filters left out.
	Passed, Failed, Skipped, NotSelected int
	// InterruptedSpecs and NotRun count the selected specs that were
	// running when the run was cut short, and those that never started.
	InterruptedSpecs, NotRun int
	// Interrupted, when not empty, says what cut the run short ("the run
	// was interrupted by SIGINT"): see SetInterrupted.
	Interrupted string
	// SuiteFailures are failures outside any spec (BeforeSuite, AfterSuite,
	// report nodes, an interrupted or timed out suite).
	SuiteFailures []string
	// Verdict is VerdictPassed, VerdictFailed, VerdictInterrupted or
	// VerdictEmpty. A run whose every failure is waived has passed.
	Verdict string
	// Unselected are the specs the filters left out (no State, Failure or
	// times): they tell a rule not selected from one not covered.
	Unselected []Spec
	// Waivers are the waivers the run was judged with, Rules the outcome
	// for every catalog rule, StaleWaivers the waived rules that passed,
	// and Waived the failed specs whose every failure is waived (see
	// ApplyWaivers).
	Waivers      Waivers
	Rules        []RuleResult
	StaleWaivers []string
	Waived       int
}

// Selected is the number of specs the filters selected.
func (r Run) Selected() int { return len(r.Specs) }

// IsRuleID reports whether label is a rule ID such as "LC-14".
func IsRuleID(label string) bool { return finding.IsRuleID(label) }

// FromGinkgo builds the report of a run from Ginkgo's report. Only leaf It
// nodes are specs; specs the filters left out are counted in NotSelected
// and are not in Specs. Meta's Start and End default to the report's.
func FromGinkgo(r types.Report, m Meta) Run {
	if m.Start.IsZero() {
		m.Start = r.StartTime
	}
	if m.End.IsZero() {
		m.End = r.EndTime
	}
	if m.Suite == "" {
		m.Suite = r.SuiteDescription
	}
	run := Run{Meta: m}
	interrupted, how := interruptedReport(r)
	sel := newSelection(r)
	for _, sr := range r.SpecReports {
		if sr.LeafNodeType != types.NodeTypeIt {
			if sr.LeafNodeType.Is(types.NodeTypesForSuiteLevelNodes) && sr.State.Is(types.SpecStateFailureStates) {
				run.SuiteFailures = append(run.SuiteFailures,
					fmt.Sprintf("[%s] %s", sr.LeafNodeType, failureText(sr)))
			}
			continue
		}
		sr = neverRan(sr, interrupted)
		s := Spec{
			Name:   sr.FullText(),
			Area:   areaOf(sr.LeafNodeLocation.FileName),
			Labels: nilIfEmpty(sr.Labels()),
		}
		for _, l := range s.Labels {
			if IsRuleID(l) {
				s.Rules = append(s.Rules, l)
			}
		}
		if !sel.selected(sr) {
			run.NotSelected++
			run.Unselected = append(run.Unselected, s)
			continue
		}
		s.State, s.Duration, s.Start = stateName(sr.State), sr.RunTime, sr.StartTime
		s.Violations = violations(sr)
		switch {
		case sr.State.Is(types.SpecStatePassed):
			run.Passed++
		case sr.State.Is(types.SpecStateSkipped) && sr.NumAttempts == 0 && sr.Failure.Message == "":
			// selected (see selection), never attempted: the run stopped first
			s.State, s.Failure = StateNotRun, notRunReason
			run.NotRun++
		case sr.State.Is(types.SpecStateInterrupted):
			run.InterruptedSpecs++
			s.Failure = failureText(sr)
		case sr.State.Is(types.SpecStateSkipped | types.SpecStatePending):
			run.Skipped++
			s.Failure = sr.Failure.Message
		default:
			run.Failed++
			s.Failure = failureText(sr)
		}
		run.Specs = append(run.Specs, s)
	}
	run.SuiteFailures = append(run.SuiteFailures, r.SpecialSuiteFailureReasons...)
	if interrupted {
		run.SetInterrupted("the run was interrupted (Ginkgo: " + how + ")")
	}
	run.ApplyWaivers(nil) // the verdict, and the rules without waivers
	return run
}

// selection tells the specs the filters selected from those they left out.
// Ginkgo reports a spec left out as skipped, not attempted, with no failure
// message; a spec skipped at run time (Skip, an interrupt, a failed ordered
// container) was either attempted or carries a message, except after an
// interrupt or a suite timeout: the filters then tell.
type selection struct {
	description string
	labels      func([]string) bool // nil: no label filter
	focus       *regexp.Regexp      // nil: no focus
	skip        *regexp.Regexp      // nil: no skip
	undecidable bool                // programmatic focus or unparsable filters
}

func newSelection(r types.Report) selection {
	s := selection{description: r.SuiteDescription, undecidable: r.SuiteHasProgrammaticFocus}
	c := r.SuiteConfig
	if c.LabelFilter != "" {
		f, err := types.ParseLabelFilter(c.LabelFilter)
		if err != nil {
			s.undecidable = true
		}
		s.labels = f
	}
	compile := func(strs []string) *regexp.Regexp {
		if len(strs) == 0 {
			return nil
		}
		re, err := regexp.Compile(strings.Join(strs, "|"))
		if err != nil {
			s.undecidable = true
		}
		return re
	}
	s.focus = compile(c.FocusStrings)
	s.skip = compile(c.SkipStrings)
	if len(c.FocusFiles) > 0 || len(c.SkipFiles) > 0 || c.SemVerFilter != "" {
		s.undecidable = true
	}
	return s
}

func (s selection) selected(sr types.SpecReport) bool {
	notRun := sr.State.Is(types.SpecStateSkipped|types.SpecStatePending) && sr.NumAttempts == 0 && sr.Failure.Message == ""
	if !notRun {
		return true
	}
	if s.undecidable {
		return false
	}
	return s.matches(sr)
}

// matches applies the filters as Ginkgo does.
func (s selection) matches(sr types.SpecReport) bool {
	if s.labels != nil && !s.labels(sr.Labels()) {
		return false
	}
	text := s.description + " " + sr.FullText()
	if s.focus != nil && !s.focus.MatchString(text) {
		return false
	}
	if s.skip != nil && s.skip.MatchString(text) {
		return false
	}
	return true
}

func stateName(st types.SpecState) string {
	if st == types.SpecStateInvalid {
		return "invalid"
	}
	return st.String()
}

func isFailureState(state string) bool {
	switch state {
	case "failed", "panicked", "timedout", "aborted", "invalid":
		return true
	}
	return false
}

// areaOf is the directory under specs/ that file is in.
func areaOf(file string) string {
	file = strings.ReplaceAll(file, `\`, "/")
	i := strings.LastIndex(file, "/specs/")
	if i < 0 {
		if !strings.HasPrefix(file, "specs/") {
			return ""
		}
		i = -1
	}
	rest := file[i+len("/specs/"):]
	dir, _, ok := strings.Cut(rest, "/")
	if !ok {
		return ""
	}
	return dir
}

// violations are the violations attached to a spec report.
func violations(sr types.SpecReport) []finding.Violation {
	var out []finding.Violation
	for _, e := range sr.ReportEntries {
		if e.Name != finding.EntryViolation {
			continue
		}
		// In the process that ran the spec the value is the Violation
		// itself; in a report read back from JSON (the CLI's child) it is
		// the decoded JSON.
		if v, ok := e.GetRawValue().(finding.Violation); ok {
			out = append(out, v)
			continue
		}
		asJSON := e.Value.AsJSON
		if asJSON == "" {
			b, err := json.Marshal(e.GetRawValue())
			if err != nil {
				continue
			}
			asJSON = string(b)
		}
		if v, ok := finding.DecodeViolation(asJSON); ok {
			out = append(out, v)
		}
	}
	return out
}

// failureText is the full failure of a spec report.
func failureText(sr types.SpecReport) string {
	var b strings.Builder
	writeFailure(&b, sr.State, sr.Failure)
	for _, af := range sr.AdditionalFailures {
		b.WriteString("\n\nalso ")
		b.WriteString(stateName(af.State))
		b.WriteString(": ")
		writeFailure(&b, af.State, af.Failure)
	}
	for _, e := range sr.ReportEntries {
		if e.Name == finding.EntryTrace {
			b.WriteString("\n\ncallback trace:\n")
			b.WriteString(strings.TrimRight(e.StringRepresentation(), "\n"))
		}
	}
	return strings.TrimSpace(b.String())
}

func writeFailure(b *strings.Builder, st types.SpecState, f types.Failure) {
	msg := strings.TrimRight(f.Message, "\n")
	if f.ForwardedPanic != "" {
		// Ginkgo's message is "Test Panicked": the panic says more.
		b.WriteString("panic: ")
		b.WriteString(strings.TrimRight(f.ForwardedPanic, "\n"))
		if msg != "" && msg != "Test Panicked" {
			b.WriteString("\n")
			b.WriteString(msg)
		}
	} else {
		if msg == "" {
			msg = stateName(st)
		}
		b.WriteString(msg)
	}
	if f.FailureNodeContext != types.FailureNodeIsLeafNode && f.FailureNodeType != types.NodeTypeInvalid {
		fmt.Fprintf(b, "\nin [%s] at %s", f.FailureNodeType, f.FailureNodeLocation)
	}
	if f.Location.FileName != "" {
		fmt.Fprintf(b, "\nat %s", f.Location)
	}
	if f.AdditionalFailure != nil {
		b.WriteString("\nthen ")
		b.WriteString(stateName(f.AdditionalFailure.State))
		b.WriteString(": ")
		writeFailure(b, f.AdditionalFailure.State, f.AdditionalFailure.Failure)
	}
}

// asyncPreamble is the line Gomega's Eventually and Consistently put
// before the failure.
var asyncPreamble = regexp.MustCompile(`^(Failed|Timed out) after [0-9.]+[µmn]?s\.$`)

// FirstLine is the first telling line of a failure: the first non-empty
// line, past Gomega's "Failed after 1.2s." preamble.
func FirstLine(s string) string {
	first := ""
	for line := range strings.Lines(s) {
		l := strings.TrimSpace(line)
		if l == "" {
			continue
		}
		if first == "" && asyncPreamble.MatchString(l) {
			first = l
			continue
		}
		return l
	}
	return first
}

// ruleList is "[LC-14 LC-15] " or "".
func ruleList(rules []string) string {
	if len(rules) == 0 {
		return ""
	}
	return "[" + strings.Join(rules, " ") + "] "
}

// TechnologyName names an NDK_RDMA_TECHNOLOGY.
func TechnologyName(t ndk.RDMATechnology) string {
	switch t {
	case ndk.RDMATechnologyUndefined:
		return "undefined"
	case ndk.RDMATechnologyIWARP:
		return "iWARP"
	case ndk.RDMATechnologyInfiniBand:
		return "InfiniBand"
	case ndk.RDMATechnologyRoCE:
		return "RoCE"
	case ndk.RDMATechnologyRoCEv2:
		return "RoCEv2"
	}
	return fmt.Sprintf("unknown (%d)", uint32(t))
}

// FormatOptions is "k=v k2=v2" in key order.
func FormatOptions(opts map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		parts = append(parts, k+"="+opts[k])
	}
	return strings.Join(parts, " ")
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}
