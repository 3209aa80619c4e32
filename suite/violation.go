package suite

import (
	"strings"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/gomega"
)

// attach attaches v to the running spec's report, where the reports find
// the rules the spec's failure counts against. Its Observed is cut to its
// first line (a panic's stack, rapid's account of a check): the one-line
// views of a failure end with it; the failure's text, which callers build
// from v whole, has the rest.
func attach(v Violation) {
	abortIfLost(nil)
	v.Observed = firstLine(v.Observed)
	ginkgo.AddReportEntry(finding.EntryViolation, v, ginkgo.ReportEntryVisibilityNever)
	for _, id := range sameObligation[v.Rule] {
		w := v
		w.Rule = id
		ginkgo.AddReportEntry(finding.EntryViolation, w, ginkgo.ReportEntryVisibilityNever)
	}
}

// sameObligation lists, for a rule the harness checks in every spec, the
// rules of other pages that state the same obligation, so that a breach
// counts against all of them: the completion rules of the DDI pages
// (CR-*) say again what the object lifetime page says (LT-4: a pending
// call is completed through its callback; LT-5: a close completed
// synchronously has no callback; LT-6: a created object is signalled with
// NdkCreateCompletion).
var sameObligation = map[string][]string{
	"CR-1":  {"LT-4", "LT-6"},
	"CR-4":  {"LT-4"},
	"CR-6":  {"LT-4"},
	"CR-10": {"LT-5"},
}

var helperViolate helperMark

// Violate fails the spec with violation v: the failure counts against
// v.Rule (against no rule when it is empty).
func Violate(v Violation) {
	helperViolate.mark()
	attach(v)
	ginkgo.Fail(v.String())
}

var helperViolateAll helperMark

// ViolateAll fails the spec with v, charged to each of rules (IDs
// separated by spaces, e.g. "LC-14 LC-13"): one observation that breaks
// several statements of the pages at once, such as a port released early,
// which breaks the general reference-count rule and the specific one.
func ViolateAll(rules string, v Violation) {
	helperViolateAll.mark()
	v, more := attachAll(rules, v)
	ginkgo.Fail(v.String() + also(more))
}

// attachAll attaches v charged to each of rules (IDs separated by spaces)
// and returns it charged to the first, with the others.
func attachAll(rules string, v Violation) (Violation, []string) {
	ids := strings.Fields(rules)
	if len(ids) == 0 {
		ids = []string{""}
	}
	for _, id := range ids[1:] {
		w := v
		w.Rule = id
		attach(w)
	}
	v.Rule = ids[0]
	attach(v)
	return v, ids[1:]
}

// firstLine is s's first line that is not blank, trimmed.
func firstLine(s string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(first)
}

func also(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return " (also breaks " + strings.Join(ids, ", ") + ")"
}

// Rule returns Gomega's assertions for checking the rule with ID id (and
// any further ids the same observation breaks): a failed Expect, Eventually
// or Consistently made through it fails the spec with a violation of each,
// whose Expected is the assertion's description (without one, what the
// matcher wants: "to equal STATUS_PENDING") and whose Observed is the value
// the matcher failed on (for Eventually and Consistently the last one
// polled, with when: "0 after 10s", "2 at 310ms"), on one line; Gomega's
// whole message follows the violation in the failure's text. A spec checks
// every rule it names this way (or through the helpers that build a
// Violation), never through a rule ID written into a message.
//
//	suite.Rule("LT-16").Expect(closeOp.Returned()).To(Equal(ndk.StatusPending),
//		"closing the PD while its QP is open returns STATUS_PENDING")
func Rule(id string, more ...string) gomega.Gomega {
	return newRuleGomega(failSpec, append([]string{id}, more...)...)
}

// failSpec attaches the violations of a failed assertion and fails the
// spec with failure.
func failSpec(vs []Violation, failure string, skip int) {
	for _, v := range vs[1:] {
		attach(v)
	}
	attach(vs[0])
	ginkgo.Fail(failure, skip)
}

// Step returns Gomega's assertions for a step a spec needs that checks no
// rule of its own (a setup call that must succeed): a failure fails the
// spec against no rule, a set-up step's (Violation.Setup).
func Step() gomega.Gomega { return newRuleGomega(setupSink(failSpec), "") }

// setupSink is sink for the failures of set-up steps: it marks their
// violations Setup.
func setupSink(sink failSink) failSink {
	return func(vs []Violation, failure string, skip int) {
		for i := range vs {
			vs[i].Setup = true
		}
		sink(vs, failure, skip+1)
	}
}

// stepFailed is v, the failure of a step the spec needs that checks no
// rule of its own (Violation.Setup).
func stepFailed(v Violation) Violation {
	v.Setup = true
	return v
}

// Violation is a violation of rule by this call, for a spec to pass to
// Violate.
func (op *Op) Violation(rule, expected, observed string) Violation {
	return op.violation(rule, expected, observed)
}

// Violation is a violation of rule by call on the object, for a spec to
// pass to Violate.
func (b *base) Violation(rule, call, expected, observed string) Violation {
	return b.obj.violation(rule, call, expected, observed)
}

// Violation is a violation of rule by call on the adapter, for a spec to
// pass to Violate.
func (a *Adapter) Violation(rule, call, expected, observed string) Violation {
	return a.obj.violation(rule, call, expected, observed)
}
