package selftest

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/ndkconform/ndkconform/finding"
)

// observedDumpEnv names a file that checkObserved appends every violation
// it checks to, one JSON object a line (the variant, the violation, its
// one-line form and, when it lacks an observed value, why): to count them
// over a run (make selftest: NDKCONFORM_SELFTEST_OBSERVED_DUMP=/tmp/v.jsonl).
const observedDumpEnv = "NDKCONFORM_SELFTEST_OBSERVED_DUMP"

var observedDump sync.Mutex

// checkObserved fails the test for each violation of vs, a spec's against
// variant, whose one-line form does not end with what the provider did
// (see lacksObserved): every one-line view of a failure (the console, -v,
// the JUnit message, the HTML headline) is that form.
func checkObserved(t *testing.T, variant string, vs []finding.Violation) {
	t.Helper()
	for _, v := range vs {
		why, bad := lacksObserved(v)
		if bad {
			t.Errorf("variant %s: a violation lacks an observed value (%s): %q", variant, why, v.String())
		}
		if path := os.Getenv(observedDumpEnv); path != "" {
			dumpObserved(t, path, variant, v, why)
		}
	}
}

func dumpObserved(t *testing.T, path, variant string, v finding.Violation, why string) {
	t.Helper()
	line, err := json.Marshal(struct {
		Variant   string            `json:"variant"`
		Violation finding.Violation `json:"violation"`
		OneLine   string            `json:"one_line"`
		Lacks     string            `json:"lacks,omitempty"`
	}{variant, v, v.String(), why})
	if err != nil {
		t.Fatal(err)
	}
	observedDump.Lock()
	defer observedDump.Unlock()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(append(line, '\n')); err != nil {
		t.Fatal(err)
	}
}

// matcherProse is how Gomega's failure messages begin, and the lines of
// their middle ("to equal", "not to be nil"), and how its type annotations
// ("<ndk.Status>: ") look: none is a value the provider produced.
var (
	matcherProse = regexp.MustCompile(`^(Expected\b|Timed out after|Failed after|Told to stop trying|No future change is possible|Unexpected (error|non-nil)|The (function|matcher) passed to|(not )?to (equal|be|have|contain|receive|consist|match|satisfy)\b)`)
	gomegaType   = regexp.MustCompile(`(^|\s)<[^<>]+>: `)
)

// lacksObserved says whether v's one-line form, Violation.String, fails to
// end with "; observed VALUE", VALUE being what the provider did, and why:
// no Observed, no Expected (the form is then the observation alone, with
// nothing saying it is one), an Observed of several lines, or one that is
// a matcher's prose or carries Gomega's "<type>: " annotations instead of
// the value.
func lacksObserved(v finding.Violation) (why string, bad bool) {
	obs := strings.TrimSpace(v.Observed)
	switch {
	case obs == "":
		return "no observed value", true
	case strings.TrimSpace(v.Expected) == "":
		return "no expected value: the one-line form has no \"; observed\"", true
	case strings.ContainsAny(v.Observed, "\r\n"):
		return "the observed value spans several lines", true
	case matcherProse.MatchString(obs):
		return "the observed value is a matcher's prose", true
	case gomegaType.MatchString(obs):
		return "the observed value carries Gomega's type annotation", true
	case !strings.HasSuffix(v.String(), "; observed "+v.Observed):
		return "the one-line form does not end with the observed value", true
	}
	return "", false
}

func TestLacksObserved(t *testing.T) {
	ok := []finding.Violation{
		{Rule: "LT-16", Call: "NdkCloseObject", Object: "pd#2", Side: "A", Expected: "STATUS_PENDING", Observed: "STATUS_SUCCESS"},
		{Rule: "DS-6", Expected: "side B's indication", Observed: "0 after 10s"},
		{Rule: "CQ-13", Expected: "at most the 4 entries of the array", Observed: "it returned 5"},
		{Rule: "LC-14", Expected: "no connect event", Observed: "NdkConnectEventCallback at 12ms"},
		{Expected: "the step succeeds", Observed: "harness: putting the host 10.0.0.1 down: boom"},
		{Rule: "QP-6", Expected: "bytes 0-127 written", Observed: "bytes 64-127: 00 00 00"},
	}
	for _, v := range ok {
		if why, bad := lacksObserved(v); bad {
			t.Errorf("%q: lacks an observed value (%s), but has one", v.String(), why)
		}
	}
	bad := map[string]finding.Violation{
		"empty":            {Rule: "LT-16", Expected: "STATUS_PENDING"},
		"blank":            {Rule: "LT-16", Expected: "STATUS_PENDING", Observed: "  "},
		"no expected":      {Rule: "LT-16", Observed: "STATUS_SUCCESS"},
		"Gomega's prose":   {Rule: "LT-16", Expected: "closing returns STATUS_PENDING", Observed: "Expected\n    <ndk.Status>: STATUS_SUCCESS\nto equal\n    <ndk.Status>: STATUS_PENDING"},
		"prose, one line":  {Rule: "LT-16", Expected: "closing returns STATUS_PENDING", Observed: "Expected <ndk.Status>: STATUS_SUCCESS to equal <ndk.Status>: STATUS_PENDING"},
		"timed out":        {Rule: "DS-6", Expected: "side B's indication", Observed: "Timed out after 10.001s."},
		"failed after":     {Rule: "CN-15", Expected: "at most one indication", Observed: "Failed after 0.3s. 2"},
		"type annotation":  {Rule: "LT-16", Expected: "STATUS_PENDING", Observed: "<ndk.Status>: STATUS_SUCCESS"},
		"matcher's middle": {Rule: "LT-16", Expected: "STATUS_PENDING", Observed: "to equal STATUS_PENDING"},
		"several lines":    {Rule: "LT-16", Expected: "STATUS_PENDING", Observed: "STATUS_SUCCESS\nand more"},
	}
	for name, v := range bad {
		if why, bad := lacksObserved(v); !bad {
			t.Errorf("%s: %q has an observed value, but lacks one", name, v.String())
		} else if why == "" {
			t.Errorf("%s: no reason given", name)
		}
	}
}
