package reports

import (
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/outcome"
)

// JUnit XML, in the dialect Jenkins, GitLab and Azure DevOps read.
type (
	// JUnitTestSuites is the document element.
	JUnitTestSuites struct {
		XMLName   xml.Name         `xml:"testsuites"`
		Name      string           `xml:"name,attr"`
		Tests     int              `xml:"tests,attr"`
		Failures  int              `xml:"failures,attr"`
		Errors    int              `xml:"errors,attr"`
		Skipped   int              `xml:"skipped,attr"`
		Time      string           `xml:"time,attr"`
		TestSuite []JUnitTestSuite `xml:"testsuite"`
	}
	// JUnitTestSuite is the run.
	JUnitTestSuite struct {
		Name       string          `xml:"name,attr"`
		Tests      int             `xml:"tests,attr"`
		Failures   int             `xml:"failures,attr"`
		Errors     int             `xml:"errors,attr"`
		Skipped    int             `xml:"skipped,attr"`
		Time       string          `xml:"time,attr"`
		Timestamp  string          `xml:"timestamp,attr,omitempty"`
		Hostname   string          `xml:"hostname,attr,omitempty"`
		Properties []JUnitProperty `xml:"properties>property"`
		TestCases  []JUnitTestCase `xml:"testcase"`
	}
	// JUnitProperty is a name=value pair.
	JUnitProperty struct {
		Name  string `xml:"name,attr"`
		Value string `xml:"value,attr"`
	}
	// JUnitTestCase is a spec.
	JUnitTestCase struct {
		Name       string          `xml:"name,attr"`
		ClassName  string          `xml:"classname,attr"`
		Time       string          `xml:"time,attr"`
		Status     string          `xml:"status,attr,omitempty"`
		Properties []JUnitProperty `xml:"properties>property,omitempty"`
		Failure    *JUnitFailure   `xml:"failure,omitempty"`
		Error      *JUnitFailure   `xml:"error,omitempty"`
		Skipped    *JUnitSkipped   `xml:"skipped,omitempty"`
		SystemOut  string          `xml:"system-out,omitempty"`
	}
	// JUnitFailure is a <failure> or an <error>.
	JUnitFailure struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
	// JUnitSkipped is <skipped>; Text is the failure of a waived spec.
	JUnitSkipped struct {
		Message string `xml:"message,attr,omitempty"`
		Text    string `xml:",chardata"`
	}
)

// suiteName is the name of the test suite and the prefix of class names.
const suiteName = "ndkconform"

// WriteJUnit writes r as JUnit XML: one <testsuite name="ndkconform"> with
// the run's metadata as properties and one <testcase> per selected spec,
// named "[RULE-IDS] spec text", with class name "ndkconform.AREA", a "rule"
// property per rule ID, a "clause" property per clause of a compound rule
// it covers and a "charged" property per rule its failure counts against;
// and a <failure> (failed, panicked, timed out), an <error> (aborted) or a
// <skipped> (skipped, pending; interrupted and not run, whose message
// starts "interrupted: " or "not run: ": no verdict on the provider).
// A failed spec's <failure> holds its whole failure, with source paths cut
// to their last two elements (no path of the machine that built the
// binary), and its <system-out> what it wrote while it ran and the
// provider's callbacks as the harness recorded them. Beyond the common
// schema's attributes, <testcase> has status (the spec's state: passed,
// failed, skipped, interrupted, not run) and <testsuite> hostname and
// timestamp, as Jenkins' and Ginkgo's reports have.
//
// A failed spec whose every failure is waived (Run.SpecWaived) does not
// fail the run, and JUnit readers (Jenkins, GitLab, GitHub) ignore custom
// properties: it is a <skipped message="waived: RULE: REASON; ..."> with
// the failure as its text, and keeps its "waived" property and its state
// ("failed") in the status attribute. The failures and skipped counts of
// <testsuite> and <testsuites> count the <failure> and <skipped> elements,
// so a run that passed because every failure is waived has failures="0".
//
// A spec that failed in a set-up step charging no rule (setup failed) is
// an <error>, as an aborted one: no failure of the provider.
//
// Failures outside any spec become one more testcase, "[suite] ...", with
// an <error>. A run cut short has the property "interrupted" saying how.
func WriteJUnit(w io.Writer, r Run) error {
	ts := JUnitTestSuite{
		Name:       suiteName,
		Time:       seconds(r.End.Sub(r.Start)),
		Properties: suiteProperties(r.Meta),
	}
	if r.Interrupted != "" {
		ts.Properties = append(ts.Properties, JUnitProperty{Name: "interrupted", Value: r.Interrupted})
	}
	// The run's verdict and counts, as every other output has them
	// (outcome.Count): the totals of the testsuite are the common
	// schema's, these say more.
	c := r.Counts()
	ts.Properties = append(ts.Properties, JUnitProperty{Name: "verdict", Value: string(r.Verdict)},
		JUnitProperty{Name: "specs", Value: c.SpecLine()}, JUnitProperty{Name: "rules", Value: c.RuleLine()})
	if !r.Start.IsZero() {
		ts.Timestamp = r.Start.UTC().Format(time.RFC3339)
	}
	if h, err := os.Hostname(); err == nil {
		ts.Hostname = h
	}
	for k, s := range r.Specs {
		if !s.Selected() {
			continue
		}
		tc := JUnitTestCase{
			Name:      ruleList(s.Rules) + s.Name,
			ClassName: className(s.Area),
			Time:      seconds(s.Duration),
			Status:    string(s.State),
		}
		for _, id := range s.Rules {
			tc.Properties = append(tc.Properties, JUnitProperty{Name: "rule", Value: id})
		}
		for _, id := range s.Clauses {
			tc.Properties = append(tc.Properties, JUnitProperty{Name: "clause", Value: id})
		}
		charged := outcome.Charged(s)
		for _, id := range charged {
			tc.Properties = append(tc.Properties, JUnitProperty{Name: "charged", Value: id})
		}
		switch {
		case r.SpecWaived(k):
			why := strings.Join(waiverReasons(r, s), "; ")
			tc.Properties = append(tc.Properties, JUnitProperty{Name: "waived", Value: why})
			tc.Skipped = &JUnitSkipped{Message: "waived: " + why, Text: s.Text()}
			ts.Skipped++
		case s.State == outcome.Passed:
		case s.State == outcome.Skipped:
			kind := s.SkipKind()
			tc.Properties = append(tc.Properties, JUnitProperty{Name: "skip_kind", Value: string(kind)})
			if s.Skip != nil && s.Skip.Declaration != "" {
				tc.Properties = append(tc.Properties, JUnitProperty{Name: "declaration", Value: s.Skip.Declaration})
			}
			tc.Skipped = &JUnitSkipped{Message: s.Line()}
			ts.Skipped++
		case s.State == outcome.Interrupted || s.State == outcome.NotRun:
			tc.Skipped = &JUnitSkipped{Message: string(s.State) + ": " + s.Line()}
			ts.Skipped++
		default: // failed
			kind := outcome.FailureFailed
			if s.Failure != nil {
				kind = s.Failure.Kind
			}
			f := &JUnitFailure{Message: s.Line(), Type: kind, Text: s.Line()}
			if s.Failure != nil {
				f.Text = trimBuildPaths(s.Failure.Message)
			}
			tc.SystemOut = trimBuildPaths(systemOut(s))
			if kind == outcome.FailureAborted || kind == outcome.FailureSetup { // no provider failure
				tc.Error = f
				ts.Errors++
			} else {
				tc.Failure = f
				ts.Failures++
			}
		}
		ts.TestCases = append(ts.TestCases, tc)
	}
	for _, x := range []struct {
		name, kind string
		texts      []string
	}{{"[suite] failures outside any spec", "suite", r.SuiteFailures}, {"[harness] harness or lab faults (not the provider's)", "harness", r.Faults}} {
		if len(x.texts) == 0 {
			continue
		}
		text := strings.Join(x.texts, "\n\n")
		ts.TestCases = append(ts.TestCases, JUnitTestCase{
			Name:      x.name,
			ClassName: suiteName,
			Time:      seconds(0),
			Status:    "failed",
			Error:     &JUnitFailure{Message: FirstLine(text), Type: x.kind, Text: trimBuildPaths(text)},
		})
		ts.Errors++
	}
	ts.Tests = len(ts.TestCases)
	doc := JUnitTestSuites{
		Name: suiteName, Tests: ts.Tests, Failures: ts.Failures, Errors: ts.Errors,
		Skipped: ts.Skipped, Time: ts.Time, TestSuite: []JUnitTestSuite{ts},
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// systemOut is what a failed spec's <system-out> holds: what it wrote
// while it ran, then the provider's callbacks as the harness recorded them.
func systemOut(s outcome.Spec) string {
	if s.Failure == nil {
		return ""
	}
	var parts []string
	if s.Failure.Output != "" {
		parts = append(parts, s.Failure.Output)
	}
	if s.Failure.Trace != "" {
		parts = append(parts, "the provider's callbacks, as the harness recorded them:\n"+s.Failure.Trace)
	}
	return strings.Join(parts, "\n\n")
}

// buildPath is a source file's path on the machine that built the binary,
// as a crash's goroutine trace prints it ("/home/ci/src/ndkconform/drivers/
// sim/cq.go:12", "C:/src/x/y.go"), at the start of a line or after a space,
// quote, parenthesis or "=": what precedes it, then its last two elements.
var buildPath = regexp.MustCompile(`(?m)(^|[\s"'(=])(?:[A-Za-z]:)?[/\\](?:[^\s:"'<>]*?[/\\])?((?:[^\s:"'<>/\\]+[/\\])?[^\s:"'<>/\\]+\.(?:go|s|c|h))\b`)

// trimBuildPaths shortens every absolute source path in s to its last two
// elements ("sim/cq.go:12"), as spec locations are: no report shows where
// the binary was built.
func trimBuildPaths(s string) string {
	return buildPath.ReplaceAllString(s, "${1}${2}")
}

func className(area string) string {
	if area == "" {
		return suiteName
	}
	return suiteName + "." + area
}

func seconds(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	return fmt.Sprintf("%.3f", d.Seconds())
}

func suiteProperties(m Meta) []JUnitProperty {
	var p []JUnitProperty
	add := func(name, value string) {
		if value != "" {
			p = append(p, JUnitProperty{Name: name, Value: value})
		}
	}
	add("tool", m.Tool)
	add("version", m.Version)
	add("command", m.Command)
	add("driver", m.Driver)
	add("driver_options", FormatOptions(m.DriverOptions))
	for _, k := range slices.Sorted(maps.Keys(m.DriverOptions)) {
		add("driver_option."+k, m.DriverOptions[k])
	}
	addr := func(name string, a interface {
		IsValid() bool
		String() string
	}) {
		if a.IsValid() {
			add(name, a.String())
		}
	}
	addr("side_a.ipv4", m.SideA.IPv4)
	addr("side_a.ipv6", m.SideA.IPv6)
	addr("side_b.ipv4", m.SideB.IPv4)
	addr("side_b.ipv6", m.SideB.IPv6)
	if m.Adapter != (zeroAdapter) {
		add("adapter.vendor_id", fmt.Sprintf("0x%04x", m.Adapter.VendorID))
		add("adapter.device_id", fmt.Sprintf("0x%04x", m.Adapter.DeviceID))
		add("adapter.ndk_version", fmt.Sprintf("%d.%d", m.Adapter.Version.Major, m.Adapter.Version.Minor))
		add("adapter.rdma_technology", TechnologyName(m.Adapter.RDMATechnology))
	}
	return p
}

// waiverReasons are the reasons of the waivers that waive the failure of
// s, each once.
func waiverReasons(r Run, s outcome.Spec) []string {
	var out []string
	for _, v := range s.Violations {
		if why := waiverOf(r, v); why != "" && !slices.Contains(out, v.Rule+": "+why) {
			out = append(out, v.Rule+": "+why)
		}
	}
	return out
}
