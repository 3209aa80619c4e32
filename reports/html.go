package reports

import (
	"cmp"
	"fmt"
	"html/template"
	"io"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
)

// WriteHTML writes the human report of a run: one self-contained HTML page
// (inline CSS, no script, nothing fetched). It opens with the verdict
// (with a certification, the certification's: CERTIFIED or NOT CERTIFIED
// and why; without, the run's: PASS or FAIL), the scope (what the suite
// speaks for, and without a certification what the run concluded on: N of
// M provider rules), and the failed rules: the failures that fail the run
// grouped by the rules each is charged to (a spec under each), each group with
// the rule's ID, text and spec count, and in it the specs whose failures
// are the same up to numbers shown as one block: the observation, how many
// specs, each spec's name and rerun command (RerunCommand; past 5 behind
// <details>), and the full failure text behind <details>, on the page
// once (a block with the same text under another rule links to it; a text
// past 150 lines or 24 KB is cut, the JSON report has all of it). The
// waived failures follow, grouped likewise. Then the provider and its
// adapter, the tool, the date and the command; the counts; the waivers; a
// legend of the abbreviations (rule ID prefixes, actors, strengths,
// verdicts); every rule of rules (r.Rules when rules is nil) grouped by
// section, the groups with failures first and the failed rules first in
// each, with its verdict, specs (a rule of many by number past the
// first 4), how many specs failed it (a link to its group) and its
// waiver; then every spec, numbered.
func WriteHTML(w io.Writer, r Run, cert *outcome.Certification) error {
	return htmlPage.Execute(w, buildPage(r, cert))
}

type (
	htmlKV struct {
		Key, Value string
		Code       bool
	}
	htmlCount struct {
		Label string
		N     int
		Class string
		// Key names the count for a machine reading the page
		// (data-count="specs.passed"), as outcome.Counts names it in JSON.
		Key string
	}
	htmlFailure struct{ Spec, First, Full string }
	htmlClause  struct {
		ID, Text, Status, Class, Reason string
		Specs                           int
	}
	htmlRule struct {
		ID, Strength, Actor, Text, Page string
		Verdict, Class                  string
		Specs                           []string
		NSpecs                          int
		MoreSpecs                       []int // the numbers of the specs not named
		Failed                          int
		FailAnchor                      string
		Waiver, Reason                  string
		Stale                           bool
		Notes                           []string
		Partly                          bool
		Clauses                         []htmlClause
	}
	htmlGroup struct {
		Section  string
		Pages    []string
		Summary  string
		Rules    []htmlRule
		ShowPage bool
		Failed   bool
	}
	htmlWaiver struct{ ID, Reason, Outcome, Class string }
	htmlSpec   struct {
		Name, Rules, State, Class, Duration, Failure string
		N                                            int // its number in the Specs table
	}
	htmlData struct {
		Title         string
		Verdict       string
		VerdictClass  string
		Scope         string
		Reasons       []string
		Limits        []string
		Info          []htmlKV
		Adapter       []htmlKV
		SpecCounts    []htmlCount
		RuleCounts    []htmlCount
		Waivers       []htmlWaiver
		SuiteFailures []htmlFailure
		Faults        []htmlFailure
		FailedSpecs   int
		FailedGroups  []htmlFailGroup
		WaivedGroups  []htmlFailGroup
		Legend        htmlLegend
		Groups        []htmlGroup
		Specs         []htmlSpec
		Generated     string
		HasWaivers    bool
	}
)

// verdictClass is the CSS class of a rule verdict or spec state.
func verdictClass(v string) string {
	switch v {
	case string(outcome.RulePassed):
		return "ok"
	case string(outcome.RuleFailed):
		return "bad"
	case string(outcome.RuleWaived):
		return "waived"
	case string(outcome.RuleNotConcluded), string(outcome.RuleNotRun), string(outcome.Interrupted), string(finding.NotConfigured), string(finding.Unexplained):
		return "skip"
	case string(outcome.RuleNotApplicable), string(outcome.RuleNotObservable), string(outcome.RuleNotVerified):
		return "nobs"
	}
	return "none"
}

// ruleRank orders the rules of a group: failed, waived, not concluded or
// not run, the limits (not applicable, observable, verified), then the
// rest.
func ruleRank(v outcome.RuleVerdict) int {
	switch v {
	case outcome.RuleFailed:
		return 0
	case outcome.RuleWaived:
		return 1
	case outcome.RuleNotConcluded, outcome.RuleNotRun:
		return 2
	case outcome.RuleNotApplicable, outcome.RuleNotObservable, outcome.RuleNotVerified:
		return 3
	}
	return 4
}

const rankRest = 4

func buildPage(r Run, cert *outcome.Certification) htmlData {
	d := htmlData{Title: "ndkconform conformance report", Generated: time.Now().UTC().Format("2006-01-02 15:04:05 UTC")}
	c := r.Counts()
	d.Verdict = VerdictWord(r)
	d.VerdictClass = map[outcome.Verdict]string{outcome.VerdictPass: "ok", outcome.VerdictFail: "bad", outcome.VerdictError: "skip", outcome.VerdictInterrupted: "skip", outcome.VerdictEmpty: "none"}[r.Verdict]
	switch r.Verdict {
	case outcome.VerdictInterrupted:
		d.Reasons = []string{r.Interrupted}
	case outcome.VerdictError:
		d.Reasons = r.Faults
	}
	if cert != nil {
		d.Title = "ndkconform certification report"
		d.Verdict, _, _ = strings.Cut(cert.Headline(), " for ")
		d.VerdictClass = map[bool]string{true: "ok", false: "bad"}[cert.Certified]
		if cert.NoVerdict {
			d.VerdictClass = "skip"
		}
		d.Reasons = cert.Reasons
		for _, l := range cert.Limits {
			d.Limits = append(d.Limits, l.String())
		}
	} else if r.Verdict == outcome.VerdictPass && c.Specs.Waived > 0 {
		d.Reasons = []string{fmt.Sprintf("%d failed %s waived", c.Specs.Waived, plural(c.Specs.Waived, "spec", "specs"))}
	}
	// The scope, in words, on the first screen.
	d.Scope = d.Verdict + " " + outcome.Scope(c.Rules)
	if cert == nil {
		for _, l := range outcome.Limits(r.Result) {
			d.Limits = append(d.Limits, l.String())
		}
	}

	tool := cmp.Or(r.Tool, "ndkconform")
	date := "unknown"
	if !r.Start.IsZero() {
		date = r.Start.UTC().Format("2006-01-02 15:04:05 UTC")
		if !r.End.IsZero() {
			date += fmt.Sprintf(" (ran %s)", r.End.Sub(r.Start).Round(time.Millisecond))
		}
	}
	opts := FormatOptions(r.DriverOptions)
	if opts == "" {
		opts = "default options"
	}
	d.Info = []htmlKV{
		{Key: "Tool", Value: tool + " " + cmp.Or(r.Version, "(version unknown)")},
		{Key: "Date", Value: date},
		{Key: "Command", Value: cmp.Or(r.Command, "unknown"), Code: true},
		{Key: "Driver", Value: cmp.Or(r.Driver, "unknown") + " (" + opts + ")"},
		{Key: "Side A", Value: sideText(r.SideA)},
		{Key: "Side B", Value: sideText(r.SideB)},
	}
	for _, c := range r.Components {
		d.Info = append(d.Info, htmlKV{Key: "Served by", Value: ComponentText(c)})
	}
	d.Adapter = adapterKVs(r.Adapter)

	d.SpecCounts = []htmlCount{{Label: "specs selected", N: c.Specs.Selected, Key: "specs.selected"}}
	for _, it := range c.Specs.SpecItems() {
		d.SpecCounts = append(d.SpecCounts, htmlCount{Label: it.Label, N: it.N, Class: verdictClass(it.Label), Key: "specs." + countKey(it.Label)})
	}
	d.SpecCounts = append(d.SpecCounts, htmlCount{Label: "not selected", N: c.Specs.NotSelected, Class: "none", Key: "specs.not_selected"})
	d.RuleCounts = []htmlCount{{Label: "rules", N: c.Rules.Catalog, Key: "rules.catalog"}}
	for _, it := range c.Rules.RuleItems() {
		d.RuleCounts = append(d.RuleCounts, htmlCount{Label: it.Label, N: it.N, Class: verdictClass(it.Label), Key: "rules." + countKey(it.Label)})
	}
	if c.Rules.Partly > 0 {
		d.RuleCounts = append(d.RuleCounts, htmlCount{Label: string(outcome.PartlyCovered), N: c.Rules.Partly, Class: "skip", Key: "rules.partly_covered"})
	}

	for _, wv := range r.Waivers {
		for _, id := range wv.IDs {
			hw := htmlWaiver{ID: id, Reason: wv.Reason}
			n := 0
			rule := cmp.Or(finding.ClauseRule(id), id)
			for _, rr := range r.Rules {
				if rr.Rule.ID != rule {
					continue
				}
				for _, ch := range rr.Charges {
					if ch.Waiver == wv.Reason && (ch.Violation.Rule == id || ch.Violation.Clause == id) {
						n++
					}
				}
			}
			switch {
			case n > 0:
				hw.Outcome, hw.Class = fmt.Sprintf("applied: %d %s waived", n, plural(n, "failure", "failures")), "waived"
			case slices.Contains(r.Stale, id):
				hw.Outcome, hw.Class = "STALE: nothing it names failed and the rule passed; remove it", "skip"
			default:
				hw.Outcome, hw.Class = "no effect in this run", "none"
			}
			d.Waivers = append(d.Waivers, hw)
		}
	}
	for _, f := range r.SuiteFailures {
		d.SuiteFailures = append(d.SuiteFailures, htmlFailure{First: FirstLine(f), Full: f})
	}
	for _, f := range r.Faults {
		d.Faults = append(d.Faults, htmlFailure{First: FirstLine(f), Full: f})
	}

	// The failures, grouped by rule, first on the page after the verdict.
	fullIDs := map[string][2]string{}
	d.FailedGroups = htmlFailGroups(r, ruleFailures(r, false), false, fullIDs)
	d.WaivedGroups = htmlFailGroups(r, ruleFailures(r, true), true, fullIDs)
	d.FailedSpecs = c.Specs.Failed
	d.Legend = legend()

	d.Groups = ruleGroups(r, specNumbers(r))
	d.HasWaivers = len(r.Waivers) > 0

	n := 0
	for k, s := range r.Specs {
		if !s.Selected() {
			continue
		}
		n++
		hs := htmlSpec{
			N:    n,
			Name: s.Name, Rules: strings.Join(s.Rules, " "), State: string(s.State), Class: verdictClass(string(s.State)),
			Duration: durationText(s.Duration),
		}
		switch s.State {
		case outcome.Passed:
		case outcome.Failed:
			hs.Class = "bad"
			hs.Failure = s.Line()
		case outcome.Skipped:
			hs.State, hs.Class = string(s.SkipKind()), verdictClass(string(s.SkipKind()))
			hs.Failure = s.Line()
		default:
			hs.Failure = s.Line()
		}
		if r.SpecWaived(k) {
			hs.State, hs.Class = "failed (waived)", "waived"
		}
		d.Specs = append(d.Specs, hs)
	}
	return d
}

// countKey is a count's label as outcome.Counts names it in JSON.
func countKey(label string) string {
	if label == "skipped unexplained" {
		return "unexplained"
	}
	return strings.ReplaceAll(label, " ", "_")
}

// ruleGroups groups the rules by section, in catalog order except that the
// groups with failed rules come first, then those with waived, skipped and
// not observable rules; in a group the rules come in the same order.
func ruleGroups(r Run, specN map[string]int) []htmlGroup {
	rules := r.Rules
	var groups []htmlGroup
	index := map[string]int{}
	worst := []int{}
	for _, rr := range rules {
		i, ok := index[rr.Rule.Section]
		if !ok {
			i = len(groups)
			index[rr.Rule.Section] = i
			groups = append(groups, htmlGroup{Section: cmp.Or(rr.Rule.Section, "(no section)")})
			worst = append(worst, rankRest)
		}
		g := &groups[i]
		if !slices.Contains(g.Pages, rr.Rule.Page) {
			g.Pages = append(g.Pages, rr.Rule.Page)
		}
		hr := htmlRule{
			ID: rr.Rule.ID, Strength: string(rr.Rule.Strength), Actor: rr.Rule.Actor, Text: rr.Rule.Text, Page: rr.Rule.Page,
			Verdict: string(rr.Verdict), Class: verdictClass(string(rr.Verdict)), Specs: rr.Specs, Waiver: strings.Join(rr.Waivers(), "; "), Reason: rr.Rule.Reason,
			Stale: slices.Contains(r.Stale, rr.Rule.ID),
			Notes: rr.Notes, Partly: rr.Coverage == outcome.PartlyCovered,
			Failed: len(specsOf(rr.Charges)), FailAnchor: failAnchor(rr.Rule.ID, rr.Verdict == outcome.RuleWaived),
		}
		hr.NSpecs = len(hr.Specs)
		if len(hr.Specs) > htmlRuleSpecs {
			// a rule of many specs: the others by their number in the
			// Specs table (long names repeated under many rules made
			// half the page)
			for _, name := range hr.Specs[htmlRuleSpecs:] {
				if n, ok := specN[name]; ok {
					hr.MoreSpecs = append(hr.MoreSpecs, n)
				}
			}
			hr.Specs = hr.Specs[:htmlRuleSpecs]
		}
		for _, cr := range rr.Clauses {
			hc := htmlClause{ID: cr.Clause.ID, Text: cr.Clause.Text, Reason: cr.Clause.Reason, Specs: len(cr.Specs)}
			switch {
			case len(cr.Specs) > 0:
				hc.Status, hc.Class = fmt.Sprintf("covered, %d %s", len(cr.Specs), plural(len(cr.Specs), "spec", "specs")), "ok"
			case !cr.Clause.Observable():
				hc.Status, hc.Class = "not observable", "nobs"
			default:
				hc.Status, hc.Class = "no spec yet", "none"
			}
			hr.Clauses = append(hr.Clauses, hc)
		}
		g.Rules = append(g.Rules, hr)
		worst[i] = min(worst[i], ruleRank(rr.Verdict))
	}
	for i := range groups {
		g := &groups[i]
		g.ShowPage = len(g.Pages) > 1
		g.Failed = worst[i] == 0
		slices.SortStableFunc(g.Rules, func(a, b htmlRule) int {
			return cmp.Compare(ruleRank(outcome.RuleVerdict(a.Verdict)), ruleRank(outcome.RuleVerdict(b.Verdict)))
		})
		n := map[string]int{}
		for _, hr := range g.Rules {
			n[hr.Verdict]++
		}
		var parts []string
		for _, v := range outcome.RuleVerdicts() {
			if n[string(v)] > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n[string(v)], v))
			}
		}
		g.Summary = fmt.Sprintf("%d %s: %s", len(g.Rules), plural(len(g.Rules), "rule", "rules"), strings.Join(parts, ", "))
	}
	order := make([]int, len(groups))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(worst[a], worst[b]) })
	out := make([]htmlGroup, len(groups))
	for k, i := range order {
		out[k] = groups[i]
	}
	return out
}

// htmlRuleSpecs is how many spec names a rule's row lists; the others
// are listed by number.
const htmlRuleSpecs = 4

// specNumbers numbers the specs of r as the Specs table does, from 1.
func specNumbers(r Run) map[string]int {
	m := map[string]int{}
	n := 0
	for _, s := range r.Specs {
		if !s.Selected() {
			continue
		}
		n++
		if _, ok := m[s.Name]; !ok {
			m[s.Name] = n
		}
	}
	return m
}

// specsOf are the distinct specs of charges, in order.
func specsOf(charges []outcome.Charge) []string {
	var out []string
	for _, c := range charges {
		if !slices.Contains(out, c.Spec) {
			out = append(out, c.Spec)
		}
	}
	return out
}

// durationText is d to the millisecond, or to the microsecond below one.
func durationText(d time.Duration) string {
	if d < time.Millisecond {
		return d.Round(time.Microsecond).String()
	}
	return d.Round(time.Millisecond).String()
}

// bytesText is n bytes, with its size in binary units when it is a
// multiple of a KiB.
func bytesText(n uint64) string {
	for _, u := range []struct {
		name string
		size uint64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d bytes (%d %s)", n, n/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// sideText is a side's addresses in the HTML report ("unknown" for none).
func sideText(s ndk.Side) string { return sideAddrs(s, "unknown") }

// sideAddrs is a side's IPv4 and IPv6 addresses, comma-separated, or none
// when it has neither.
func sideAddrs(s ndk.Side, none string) string {
	var parts []string
	for _, a := range []netip.Addr{s.IPv4, s.IPv6} {
		if a.IsValid() {
			parts = append(parts, a.String())
		}
	}
	if len(parts) == 0 {
		return none
	}
	return strings.Join(parts, ", ")
}

// adapterKVs is what QueryAdapterInfo reported.
func adapterKVs(a ndk.AdapterInfo) []htmlKV {
	if a == zeroAdapter {
		return []htmlKV{{Key: "Adapter", Value: "unknown (NdkQueryAdapterInfo failed or was not reached)"}}
	}
	u := func(v uint32) string { return fmt.Sprint(v) }
	return []htmlKV{
		{Key: "Vendor / device", Value: fmt.Sprintf("0x%04x / 0x%04x", a.VendorID, a.DeviceID)},
		{Key: "NDK version", Value: fmt.Sprintf("%d.%d", a.Version.Major, a.Version.Minor)},
		{Key: "RDMA technology", Value: TechnologyName(a.RDMATechnology)},
		{Key: "Adapter flags", Value: fmt.Sprintf("0x%08x", a.AdapterFlags)},
		{Key: "Max registration / window size", Value: bytesText(a.MaxRegistrationSize) + " / " + bytesText(a.MaxWindowSize)},
		{Key: "Max transfer length", Value: bytesText(uint64(a.MaxTransferLength))},
		{Key: "Max inline data", Value: u(a.MaxInlineDataSize) + " bytes"},
		{Key: "SGEs (initiator / receive / read)", Value: fmt.Sprintf("%d / %d / %d", a.MaxInitiatorRequestSGE, a.MaxReceiveRequestSGE, a.MaxReadRequestSGE)},
		{Key: "Queue depths (initiator / receive / SRQ / CQ)", Value: fmt.Sprintf("%d / %d / %d / %d", a.MaxInitiatorQueueDepth, a.MaxReceiveQueueDepth, a.MaxSRQDepth, a.MaxCQDepth)},
		{Key: "Read limits (inbound / outbound)", Value: fmt.Sprintf("%d / %d", a.MaxInboundReadLimit, a.MaxOutboundReadLimit)},
		{Key: "FRMR page count", Value: u(a.FRMRPageCount)},
		{Key: "Large request threshold", Value: u(a.LargeRequestThreshold) + " bytes"},
		{Key: "Caller / callee data", Value: fmt.Sprintf("%d / %d bytes", a.MaxCallerData, a.MaxCalleeData)},
	}
}

var htmlPage = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}: {{.Verdict}}</title>
<style>
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1b1f23; margin: 0 auto; padding: 1.5em 2em; max-width: 1400px; }
h1 { font-size: 1.5em; margin: 0 0 .5em; }
h2 { font-size: 1.2em; margin: 1.6em 0 .5em; border-bottom: 1px solid #d0d7de; padding-bottom: .2em; }
code, pre { font: 12px/1.35 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { white-space: pre-wrap; word-break: break-word; background: #f6f8fa; border: 1px solid #d0d7de; padding: .5em; margin: .3em 0; max-height: 30em; overflow: auto; }
.verdict { font-size: 2.4em; font-weight: 700; padding: .3em .6em; border-radius: 6px; display: inline-block; margin: .2em 0 .4em; letter-spacing: .03em; }
.verdict.ok { background: #dafbe1; color: #116329; border: 2px solid #4ac26b; }
.verdict.bad { background: #ffebe9; color: #a40e26; border: 2px solid #ff8182; }
.verdict.none { background: #eaeef2; color: #424a53; border: 2px solid #afb8c1; }
.verdict.skip { background: #ffefd5; color: #8a4600; border: 2px solid #d4a72c; }
ul.reasons { margin: 0 0 1em; font-size: 1.1em; font-weight: 600; color: #a40e26; background: none; }
ul.reasons.ok { color: #7d4e00; }
p.scope { font-size: 1.2em; font-weight: 600; margin: .2em 0 .3em; }
ul.clauses { margin: .3em 0 0; padding-left: 1.2em; font-size: .92em; }
ul.clauses li { margin: .15em 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #d0d7de; padding: .3em .5em; text-align: left; vertical-align: top; }
th { background: #f6f8fa; font-weight: 600; }
table.kv { width: auto; min-width: 40em; }
table.kv th { width: 16em; }
.cols { display: flex; flex-wrap: wrap; gap: 2em; align-items: flex-start; }
.cols > div { flex: 1 1 32em; min-width: 0; }
.cols table.kv { width: 100%; min-width: 0; }
td code { overflow-wrap: anywhere; }
.counts { display: flex; flex-wrap: wrap; gap: .5em; margin: .4em 0; }
.count { border: 1px solid #d0d7de; border-radius: 6px; padding: .3em .8em; min-width: 5.5em; text-align: center; }
.count b { display: block; font-size: 1.5em; }
.badge { display: inline-block; padding: .05em .5em; border-radius: 1em; font-size: .9em; font-weight: 600; white-space: nowrap; }
.ok { background: #dafbe1; color: #116329; }
.bad { background: #ffebe9; color: #a40e26; }
.waived { background: #fff8c5; color: #7d4e00; }
.skip { background: #ffefd5; color: #8a4600; }
.nobs { background: #ddf4ff; color: #0a3069; }
.none { background: #eaeef2; color: #424a53; }
.count.ok, .count.bad, .count.waived, .count.skip, .count.nobs, .count.none { border-color: transparent; }
tr.group th { background: #eaeef2; font-size: 1.05em; }
tr.group.failed th { background: #ffebe9; }
tr.group span { font-weight: normal; color: #57606a; margin-left: .6em; }
td.id { white-space: nowrap; font-weight: 600; }
td.text { min-width: 22em; }
.small { font-size: .85em; color: #57606a; }
ul.specs { margin: .2em 0; padding-left: 1.2em; }
details summary { cursor: pointer; color: #0550ae; }
.fail { margin: 0 0 .4em; }
.fail .first { color: #a40e26; }
tr.r-bad td.id { border-left: 4px solid #cf222e; }
tr.r-waived td.id { border-left: 4px solid #d4a72c; }
h3 { font-size: 1.05em; margin: 1em 0 .3em; }
h3 .rid { font-weight: 700; margin-right: .4em; }
.frule { border-left: 4px solid #cf222e; padding-left: .8em; margin: .6em 0 1em; }
.frule .block { margin: .3em 0 .6em; }
.first { color: #a40e26; }
ul.fspecs { margin: .2em 0; padding-left: 1.2em; }
ul.fspecs li { margin: .15em 0; }
ul.fspecs code { color: #424a53; overflow-wrap: anywhere; }
table.legend { width: auto; }
footer { margin-top: 2em; color: #57606a; font-size: .85em; }
@media print { details { display: block; } body { max-width: none; } }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<div class="verdict {{.VerdictClass}}">{{.Verdict}}</div>
<p class="scope">{{.Scope}}.</p>
{{with .Reasons}}<ul class="reasons {{$.VerdictClass}}">{{range .}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{with .Limits}}<h2>Limits of this verdict</h2>
<p class="small">What the verdict does not speak for: specs the adapter's declarations make not applicable (the declaration is named), paths the provider's allowed choices kept unobservable, test hooks it does not offer, waived should- and may-rules, and what the suite does not check yet. None of these blocks certification.</p>
<ul class="limits">{{range .}}<li>{{.}}</li>{{end}}</ul>{{end}}

{{define "groups"}}{{range .}}<div class="frule" id="{{.Anchor}}">
<h3><span class="rid">{{.ID}}</span> {{.Text}} <span class="badge {{if .Waiver}}waived{{else}}bad{{end}}">{{.N}} {{if eq .N 1}}spec{{else}}specs{{end}}</span></h3>
{{with .Waiver}}<div class="small">Waived: {{.}}</div>{{end}}
{{range .Blocks}}<div class="block">
<div class="first">{{.Observation}}</div>
{{if gt .N 1}}<div class="small">{{.N}} specs, {{.Same}}:</div>{{end}}
<ul class="fspecs">{{range .Specs}}<li>{{.Name}}{{with .Observation}}<div class="first">{{.}}</div>{{end}}<div><code>{{.Rerun}}</code></div></li>{{end}}</ul>
{{with .More}}<details><summary>{{len .}} more specs</summary><ul class="fspecs">{{range .}}<li>{{.Name}}{{with .Observation}}<div class="first">{{.}}</div>{{end}}<div><code>{{.Rerun}}</code></div></li>{{end}}</ul></details>{{end}}
{{if .Full}}<details id="{{.FullID}}"><summary>full failure ({{.Lines}} lines)</summary><pre>{{.Full}}</pre></details>{{else if .SeeID}}<div class="small"><a href="#{{.SeeID}}">full failure ({{.Lines}} lines): as under {{.SeeRule}}</a></div>{{end}}
</div>
{{end}}</div>
{{end}}{{end}}
{{with .FailedGroups}}
<h2 id="failed-rules">Failed rules</h2>
<p class="small">{{$.FailedSpecs}} failed {{if eq $.FailedSpecs 1}}spec{{else}}specs{{end}}, grouped by the rule each failure is charged to (a spec charged to several rules is under each); specs that failed the same way are shown once, each with the command that runs it again alone.</p>
{{template "groups" .}}
{{end}}
{{with .WaivedGroups}}
<h2 id="waived-failures">Waived failures (they do not fail the run)</h2>
{{template "groups" .}}
{{end}}

<div class="cols">
<div>
<h2>Run</h2>
<table class="kv">
{{range .Info}}<tr><th>{{.Key}}</th><td>{{if .Code}}<code>{{.Value}}</code>{{else}}{{.Value}}{{end}}</td></tr>
{{end}}</table>
</div>
<div>
<h2>Adapter (NdkQueryAdapterInfo, side A)</h2>
<table class="kv">
{{range .Adapter}}<tr><th>{{.Key}}</th><td>{{.Value}}</td></tr>
{{end}}</table>
</div>
</div>

<h2>Counts</h2>
<div class="counts">{{range .SpecCounts}}<div class="count {{.Class}}" data-count="{{.Key}}"><b>{{.N}}</b>{{.Label}}</div>{{end}}</div>
<div class="counts">{{range .RuleCounts}}<div class="count {{.Class}}" data-count="{{.Key}}"><b>{{.N}}</b>{{if eq .Label "rules"}}catalog rules{{else}}rules {{.Label}}{{end}}</div>{{end}}</div>

{{with .SuiteFailures}}
<h2>Failures outside any spec</h2>
{{range .}}<div class="fail"><span class="first">{{.First}}</span><details><summary>full text</summary><pre>{{.Full}}</pre></details></div>{{end}}
{{end}}
{{with .Faults}}
<h2>Harness or lab faults (not the provider's)</h2>
{{range .}}<div class="fail"><span class="first">{{.First}}</span><details><summary>full text</summary><pre>{{.Full}}</pre></details></div>{{end}}
{{end}}

{{with .Waivers}}
<h2>Waivers</h2>
<table>
<tr><th>Rule</th><th>Reason</th><th>Outcome</th></tr>
{{range .}}<tr><td class="id">{{.ID}}</td><td>{{.Reason}}</td><td><span class="badge {{.Class}}">{{.Outcome}}</span></td></tr>
{{end}}</table>
{{end}}

<h2>Abbreviations</h2>
<details><summary>rule ID prefixes, actors, strengths and verdicts used on this page</summary>
<table class="legend">
<tr><th colspan="2">Rule ID prefixes (the sections of the rules checklist)</th></tr>
{{range .Legend.Prefixes}}<tr><td class="id">{{.Abbr}}</td><td>{{.Meaning}}</td></tr>
{{end}}<tr><th colspan="2">Actors (under a rule's ID)</th></tr>
{{range .Legend.Actors}}<tr><td class="id">{{.Abbr}}</td><td>{{.Meaning}}</td></tr>
{{end}}<tr><th colspan="2">Strengths</th></tr>
{{range .Legend.Strengths}}<tr><td class="id">{{.Abbr}}</td><td>{{.Meaning}}</td></tr>
{{end}}<tr><th colspan="2">Rule verdicts</th></tr>
{{range .Legend.Verdicts}}<tr><td class="id">{{.Abbr}}</td><td>{{.Meaning}}</td></tr>
{{end}}</table>
</details>

<h2>Rules</h2>
<table class="rules">
<colgroup><col style="width:5.5em"><col style="width:4.5em"><col style="width:34%"><col style="width:8em"><col style="width:9em"><col>{{if .HasWaivers}}<col style="width:12%">{{end}}</colgroup>
<tr><th>Rule</th><th>Strength</th><th>Rule text</th><th>Verdict</th><th>Specs</th><th>Observed behaviour</th>{{if .HasWaivers}}<th>Waiver</th>{{end}}</tr>
{{range .Groups}}{{$show := .ShowPage}}
<tr class="group{{if .Failed}} failed{{end}}"><th colspan="{{if $.HasWaivers}}7{{else}}6{{end}}">{{.Section}}{{if not .ShowPage}}{{range .Pages}} <span>{{.}}</span>{{end}}{{end}} <span>{{.Summary}}</span></th></tr>
{{range .Rules}}<tr class="r-{{.Class}}">
<td class="id">{{.ID}}<div class="small">{{.Actor}}</div></td>
<td>{{.Strength}}</td>
<td class="text">{{.Text}}{{if $show}}<div class="small">{{.Page}}</div>{{end}}{{if and (not .Failed) .Reason}}<div class="small">Not testable through NDKPI: {{.Reason}}</div>{{end}}{{with .Clauses}}<ul class="clauses">{{range .}}<li><span class="badge {{.Class}}">{{.Status}}</span> <b>{{.ID}}</b> {{.Text}}{{with .Reason}}<div class="small">Not testable through NDKPI: {{.}}</div>{{end}}</li>{{end}}</ul>{{end}}</td>
<td><span class="badge {{.Class}}">{{.Verdict}}</span>{{if .Partly}}<div class="small">partly covered: not every clause has a spec</div>{{end}}</td>
<td>{{$n := .NSpecs}}{{if eq $n 0}}<span class="small">none</span>{{else}}<details><summary>{{$n}} {{if eq $n 1}}spec{{else}}specs{{end}}</summary><ul class="specs">{{range .Specs}}<li>{{.}}</li>{{end}}{{with .MoreSpecs}}<li>and specs {{range .}}<a href="#spec-{{.}}">#{{.}}</a> {{end}}</li>{{end}}</ul></details>{{end}}</td>
<td>{{$a := .FailAnchor}}{{with .Failed}}<div class="fail"><a class="first" href="#{{$a}}">{{.}} failed {{if eq . 1}}spec{{else}}specs{{end}}</a></div>{{end}}{{range .Notes}}<div class="small">{{.}}</div>{{end}}</td>
{{if $.HasWaivers}}<td>{{.Waiver}}{{if .Stale}} <span class="badge skip">stale</span>{{end}}</td>{{end}}
</tr>
{{end}}{{end}}</table>

<h2>Specs</h2>
<table>
<tr><th>#</th><th>Spec</th><th>Rules</th><th>State</th><th>Duration</th></tr>
{{range .Specs}}<tr id="spec-{{.N}}"><td class="small">{{.N}}</td><td>{{.Name}}{{with .Failure}}<div class="small">{{.}}</div>{{end}}</td><td class="id">{{.Rules}}</td><td><span class="badge {{.Class}}">{{.State}}</span></td><td>{{.Duration}}</td></tr>
{{else}}<tr><td colspan="5">no spec ran</td></tr>
{{end}}</table>

<footer>Written by ndkconform on {{.Generated}}. This page is self-contained: it loads nothing.</footer>
</body>
</html>
`))
