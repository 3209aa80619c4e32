package suite

import (
	"github.com/ndkconform/ndkconform/finding"
	"github.com/onsi/ginkgo/v2"
)

// A spec that cannot conclude skips through one of these, never through
// Ginkgo's Skip: each attaches the kind of skip to the spec's report
// (finding.EntrySkip), which the reports and certification read, and then
// skips with the kind and reason as its message. A skip without a kind is
// reported as finding.Unexplained, which blocks certification.

// NotApplicable skips the spec because the adapter declares it does not
// have what the spec needs: declaration names the declaration as
// NDK_ADAPTER_INFO has it ("MaxSrqDepth 0", "no
// NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED"), reason says what the
// spec would have checked.
func NotApplicable(declaration, reason string) {
	skip(finding.Skip{Kind: finding.NotApplicable, Declaration: declaration, Reason: reason})
}

// NotObservable skips the spec because the provider took a path the pages
// allow and the consumer cannot force another: reason says what was tried
// and what the provider did instead.
func NotObservable(reason string) {
	skip(finding.Skip{Kind: finding.NotObservable, Reason: reason})
}

// NotVerified skips the spec because the provider offers no test hook the
// spec needs (fault injection, MDL chains through the Go interface):
// reason names the hook.
func NotVerified(reason string) {
	skip(finding.Skip{Kind: finding.NotVerified, Reason: reason})
}

// NotConfigured skips the spec because the run's configuration gives it
// nothing to run on: reason says what to configure.
func NotConfigured(reason string) {
	skip(finding.Skip{Kind: finding.NotConfigured, Reason: reason})
}

func skip(s finding.Skip) {
	ginkgo.AddReportEntry(finding.EntrySkip, s, ginkgo.ReportEntryVisibilityNever)
	ginkgo.Skip(s.String())
}

// RulesNotApplicable records that the running spec, which goes on, cannot
// check rules (labels of it) because the adapter declares it does not
// have what they are about: declaration names the declaration, reason
// what the spec leaves out. The spec then concludes on its other rules
// only; these are not applicable in it, and listed as the limit.
func RulesNotApplicable(declaration, reason string, rules ...string) {
	ginkgo.AddReportEntry(finding.EntryUnchecked, finding.Skip{Kind: finding.NotApplicable, Declaration: declaration, Reason: reason, Rules: rules},
		ginkgo.ReportEntryVisibilityNever)
}
