package suite

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/onsi/ginkgo/v2/types"
)

// The harness builds each spec's outcome (package outcome) once, from
// Ginkgo's report of it, as the spec ends: the reports never see Ginkgo's
// report.

// specOutcome is the outcome of the spec Ginkgo reported as sr; selected
// says whether the run's filters selected it (Ginkgo reports a spec they
// left out as it reports one the run never reached: skipped, not
// attempted).
func specOutcome(sr types.SpecReport, selected bool) outcome.Spec {
	s := plannedSpec(sr, selected)
	if !selected {
		return s
	}
	s.Start, s.Duration, s.Note = sr.StartTime, sr.RunTime, ""
	neverAttempted := sr.NumAttempts == 0
	switch {
	case sr.State.Is(types.SpecStatePassed):
		s.State = outcome.Passed
		s.Unchecked = unchecked(sr)
	case neverAttempted && sr.State.Is(types.SpecStateSkipped|types.SpecStatePending|types.SpecStateFailureStates|types.SpecStateInterrupted):
		// never started (a failure recorded in a spec that never started
		// comes from a goroutine of an interrupted one: not its own)
		s.State, s.Note = outcome.NotRun, outcome.NotRunNote
	case sr.State.Is(types.SpecStateInterrupted):
		s.State, s.Note = outcome.Interrupted, failureText(sr)
	case sr.State.Is(types.SpecStateSkipped | types.SpecStatePending):
		s.State = outcome.Skipped
		s.Skip = skipOf(sr)
	case lostSpec(sr):
		// the provider was lost while it ran: no verdict on it
		s.State, s.Note = outcome.Interrupted, strings.TrimPrefix(sr.Failure.Message, LostPrefix)
	default:
		s.State = outcome.Failed
		s.Failure = &outcome.Failure{Kind: failureKind(sr.State), Message: failureText(sr)}
		for _, e := range sr.ReportEntries {
			switch e.Name {
			case finding.EntryTrace:
				s.Failure.Trace = strings.TrimRight(e.StringRepresentation(), "\n")
			case finding.EntryDetails:
				s.Failure.Details = strings.TrimRight(e.StringRepresentation(), "\n")
			}
		}
		s.Failure.Output = capturedOutput(sr)
		s.Violations = violations(sr)
		if s.Failure.Kind == outcome.FailureFailed && setupOnly(s.Violations) {
			s.Failure.Kind = outcome.FailureSetup
		}
		outcome.AssignClauses(&s)
	}
	return s
}

// setupOnly reports whether vs are the violations of set-up steps alone
// (Violation.Setup: Step, MustSucceed...), at least one: a spec that
// failed so charges no rule.
func setupOnly(vs []finding.Violation) bool {
	for _, v := range vs {
		if !v.Setup || v.Rule != "" {
			return false
		}
	}
	return len(vs) > 0
}

// capturedOutput is what a spec wrote while it ran: its notes (report
// entries the harness does not read as violations, skips or the trace),
// then what it printed to GinkgoWriter and, captured, to standard output
// and error.
func capturedOutput(sr types.SpecReport) string {
	var b strings.Builder
	for _, e := range sr.ReportEntries {
		switch e.Name {
		case finding.EntryTrace, finding.EntryDetails, finding.EntryViolation, finding.EntrySkip, finding.EntryUnchecked:
			continue
		}
		fmt.Fprintf(&b, "%s: %s\n", e.Name, strings.TrimRight(e.StringRepresentation(), "\n"))
	}
	for _, o := range []string{sr.CapturedGinkgoWriterOutput, sr.CapturedStdOutErr} {
		if o = strings.TrimRight(o, "\n"); o != "" {
			b.WriteString(o)
			b.WriteString("\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// plannedSpec is the outcome of a spec before it runs: selected (not run
// yet) or not selected.
func plannedSpec(sr types.SpecReport, selected bool) outcome.Spec {
	s := outcome.Spec{
		Name:     sr.FullText(),
		ID:       outcome.SpecID(sr.FullText()),
		Location: relativeLocation(sr.LeafNodeLocation),
		Area:     areaOf(sr.LeafNodeLocation.FileName),
		Labels:   nilIfEmpty(sr.Labels()),
		Priority: sr.SpecPriority,
		State:    outcome.NotSelected,
	}
	if selected {
		s.State, s.Note = outcome.NotRun, outcome.NotRunNote
	}
	for _, l := range s.Labels {
		if finding.IsRuleID(l) {
			s.Rules = append(s.Rules, l)
		} else if id, ok := finding.ClauseOf(l); ok {
			s.Clauses = append(s.Clauses, id)
		}
	}
	return s
}

// lostSpec tells the spec that was running when the provider was lost.
func lostSpec(sr types.SpecReport) bool {
	return sr.State.Is(types.SpecStateAborted) && strings.HasPrefix(sr.Failure.Message, LostPrefix)
}

// skipOf is the kind and reason of a skipped spec: its EntrySkip, or an
// unexplained skip with Ginkgo's message.
func skipOf(sr types.SpecReport) *finding.Skip {
	if skips := entries(sr, finding.EntrySkip, finding.DecodeSkip); len(skips) > 0 {
		return &skips[0]
	}
	reason := strings.TrimSpace(sr.Failure.Message)
	if sr.State.Is(types.SpecStatePending) {
		reason = "pending (the spec is marked Pending)"
	}
	return &finding.Skip{Kind: finding.Unexplained, Reason: reason}
}

// unchecked are the rules a spec that ran could not check, and why
// (RulesNotApplicable).
func unchecked(sr types.SpecReport) []finding.Skip {
	return entries(sr, finding.EntryUnchecked, finding.DecodeSkip)
}

// violations are the violations attached to a spec's report.
func violations(sr types.SpecReport) []finding.Violation {
	return entries(sr, finding.EntryViolation, finding.DecodeViolation)
}

// entries are the values of the report entries named name: the value
// itself in the process that ran the spec, decoded from its JSON in a
// report read back.
func entries[T any](sr types.SpecReport, name string, decode func(string) (T, bool)) []T {
	var out []T
	for _, e := range sr.ReportEntries {
		if e.Name != name {
			continue
		}
		if v, ok := e.GetRawValue().(T); ok {
			out = append(out, v)
		} else if v, ok := decode(e.Value.AsJSON); ok {
			out = append(out, v)
		}
	}
	return out
}

func failureKind(st types.SpecState) string {
	switch {
	case st.Is(types.SpecStatePanicked):
		return outcome.FailurePanicked
	case st.Is(types.SpecStateTimedout):
		return outcome.FailureTimedOut
	case st.Is(types.SpecStateAborted):
		return outcome.FailureAborted
	}
	return outcome.FailureFailed
}

// failureText is the whole failure of a spec report: message, where,
// the failures that followed in its cleanup.
func failureText(sr types.SpecReport) string {
	var b strings.Builder
	writeFailure(&b, sr.State, sr.Failure)
	for _, af := range sr.AdditionalFailures {
		b.WriteString("\n\nalso ")
		b.WriteString(stateName(af.State))
		b.WriteString(": ")
		writeFailure(&b, af.State, af.Failure)
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
		fmt.Fprintf(b, "\nin [%s] at %s", f.FailureNodeType, relativeLocation(f.FailureNodeLocation))
	}
	if f.Location.FileName != "" {
		fmt.Fprintf(b, "\nat %s", relativeLocation(f.Location))
	}
	if f.AdditionalFailure != nil {
		b.WriteString("\nthen ")
		b.WriteString(stateName(f.AdditionalFailure.State))
		b.WriteString(": ")
		writeFailure(b, f.AdditionalFailure.State, f.AdditionalFailure.Failure)
	}
}

func stateName(st types.SpecState) string {
	if st == types.SpecStateInvalid {
		return "invalid"
	}
	return st.String()
}

// moduleRoot is the directory of the module the harness was built from
// (this file's grandparent), or "" in a -trimpath build, whose locations
// start with the module path instead.
var moduleRoot = func() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	return filepath.Dir(filepath.Dir(file)) + "/"
}()

const modulePath = "github.com/ndkconform/ndkconform/"

// relativeLocation is a code location relative to the module
// ("specs/endpoints/clauses.go:91"): no path of the building machine
// reaches a report.
func relativeLocation(l types.CodeLocation) string {
	if l.FileName == "" {
		return ""
	}
	file := strings.ReplaceAll(l.FileName, `\`, "/")
	root := strings.ReplaceAll(moduleRoot, `\`, "/")
	switch {
	case root != "" && strings.HasPrefix(file, root):
		file = strings.TrimPrefix(file, root)
	case strings.HasPrefix(file, modulePath):
		file = strings.TrimPrefix(file, modulePath)
	default:
		// outside the module (a library's caller): its last two elements
		dir, base := path.Split(file)
		file = path.Base(dir) + "/" + base
	}
	return fmt.Sprintf("%s:%d", file, l.LineNumber)
}

// areaOf is the directory under specs/ that file is in ("endpoints").
func areaOf(file string) string {
	file = filepath.ToSlash(file)
	i := strings.LastIndex(file, "/specs/")
	if i < 0 {
		if !strings.HasPrefix(file, "specs/") {
			return ""
		}
		i = -1
	}
	dir, _, ok := strings.Cut(file[i+len("/specs/"):], "/")
	if !ok {
		return ""
	}
	return dir
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// selector tells whether the run's filters select a spec, as Ginkgo
// applies them: the label filter, the focus and skip regexps matched
// against the suite's description, a space and the spec's full text.
type selector struct {
	description string
	labels      func([]string) bool // nil: no label filter
	focus, skip *regexp.Regexp      // nil: none
}

func newSelector(cfg Config) (selector, error) {
	s := selector{description: description(cfg)}
	sc, _ := ginkgoConfig(cfg)
	if sc.LabelFilter != "" {
		f, err := types.ParseLabelFilter(sc.LabelFilter)
		if err != nil {
			return s, err
		}
		s.labels = f
	}
	var err error
	if s.focus, err = joinRegexps(sc.FocusStrings); err != nil {
		return s, err
	}
	if s.skip, err = joinRegexps(sc.SkipStrings); err != nil {
		return s, err
	}
	return s, nil
}

func joinRegexps(strs []string) (*regexp.Regexp, error) {
	if len(strs) == 0 {
		return nil, nil
	}
	return regexp.Compile(strings.Join(strs, "|"))
}

func (s selector) selects(sr types.SpecReport) bool {
	if s.labels != nil && !s.labels(sr.Labels()) {
		return false
	}
	text := s.description + " " + sr.FullText()
	if s.focus != nil && !s.focus.MatchString(text) {
		return false
	}
	return s.skip == nil || !s.skip.MatchString(text)
}
