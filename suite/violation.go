package suite

import (
	"strings"

	"github.com/ndkconform/ndkconform/finding"
	. "github.com/onsi/ginkgo/v2"
	"github.com/onsi/gomega"
)

// attach attaches v to the running spec's report, where the reports find
// the rules the spec's failure counts against.
func attach(v Violation) {
	abortIfLost(nil)
	AddReportEntry(finding.EntryViolation, v, ReportEntryVisibilityNever)
	for _, id := range sameObligation[v.Rule] {
		w := v
		w.Rule = id
		AddReportEntry(finding.EntryViolation, w, ReportEntryVisibilityNever)
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
	Fail(v.String())
}

var helperViolateAll helperMark

// ViolateAll fails the spec with v, charged to each of rules (IDs
// separated by spaces, e.g. "LC-14 LC-13"): one observation that breaks
// several statements of the pages at once, such as a port released early,
// which breaks the general reference-count rule and the specific one.
func ViolateAll(rules string, v Violation) {
	helperViolateAll.mark()
	v, more := attachAll(rules, v)
	Fail(v.String() + also(more))
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

func also(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return " (also breaks " + strings.Join(ids, ", ") + ")"
}

// Rule returns Gomega's assertions for checking the rule with ID id (and
// any further ids the same observation breaks): a failed Expect, Eventually
// or Consistently made through it fails the spec with a violation of each,
// whose Expected is the assertion's description and whose Observed is
// Gomega's account of the actual value. A spec checks every rule it names
// this way (or through the helpers that build a Violation), never through
// a rule ID written into a message.
//
//	suite.Rule("LT-16").Expect(closeOp.Returned()).To(Equal(ndk.StatusPending),
//		"closing the PD while its QP is open returns STATUS_PENDING")
func Rule(id string, more ...string) gomega.Gomega {
	return gomega.NewGomega(func(message string, callerSkip ...int) {
		skip := 1
		if len(callerSkip) > 0 {
			skip += callerSkip[0]
		}
		v := Violation{Rule: id}
		v.Expected, v.Observed = splitGomega(message)
		for _, m := range more {
			w := v
			w.Rule = m
			attach(w)
		}
		attach(v)
		Fail(v.String()+also(more), skip)
	})
}

// Step returns Gomega's assertions for a step a spec needs that checks no
// rule of its own (a setup call that must succeed): a failure fails the
// spec against no rule.
func Step() gomega.Gomega { return Rule("") }

// splitGomega splits Gomega's failure message into the assertion's
// description (its first line, when one was given) and the matcher's
// account of what it got.
// Eventually and Consistently put "Timed out after 1s." or "Failed after
// 1s." first; it stays with the observation.
func splitGomega(message string) (expected, observed string) {
	message = strings.TrimSpace(message)
	preamble := ""
	if strings.HasPrefix(message, "Timed out after") || strings.HasPrefix(message, "Failed after") {
		preamble, message, _ = strings.Cut(message, "\n")
		message = strings.TrimSpace(message)
	}
	first, rest, ok := strings.Cut(message, "\n")
	if !ok || strings.HasPrefix(first, "Expected") {
		return "", strings.TrimSpace(preamble + "\n" + message)
	}
	return first, strings.TrimSpace(preamble + "\n" + strings.TrimSpace(rest))
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
