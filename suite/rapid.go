package suite

import (
	"flag"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/onsi/ginkgo/v2"
	"pgregory.net/rapid"
)

// Rapid inside a Ginkgo spec: the model specs run random consumer
// sequences with rapid (its state machines and shrinking) and turn the
// shortest failing sequence into the spec's violation themselves.

// rapidReady makes rapid usable outside `go test`: it asks testing.Short,
// which needs the testing flags registered and the default flag set
// parsed (with no arguments: the CLI parses its own flag sets).
var rapidReady = sync.OnceFunc(func() {
	if flag.Lookup("test.short") == nil {
		testing.Init()
	}
	if !flag.Parsed() {
		_ = flag.CommandLine.Parse(nil)
	}
})

// setRapid sets one of rapid's settings, which it reads from flags of the
// process's default flag set.
func setRapid(name string, v any) {
	if err := flag.CommandLine.Set(name, fmt.Sprint(v)); err != nil {
		panic(fmt.Sprintf("rapid setting %s: %v", name, err))
	}
}

// RapidTB is rapid's test handle inside a Ginkgo spec: it collects rapid's
// verdict, which the spec turns into its failure.
type RapidTB struct {
	name   string
	failed bool
	errors []string
}

type rapidFailNow struct{}

// RapidCheck runs rapid.Check(prop) for the spec of the given full text
// with the model budget (sequences of steps steps on average, the first
// failure shrunk for at most shrink) and seed, and returns rapid's
// verdict: its handle, Failed when a sequence failed, with rapid's
// messages in Errors. No failure file is written.
func RapidCheck(text string, seed uint64, sequences, steps int, shrink time.Duration, prop func(*rapid.T)) *RapidTB {
	ginkgo.GinkgoHelper()
	rapidReady()
	setRapid("rapid.checks", sequences)
	setRapid("rapid.steps", steps)
	setRapid("rapid.seed", seed)
	setRapid("rapid.nofailfile", true)
	setRapid("rapid.shrinktime", shrink)
	tb := &RapidTB{name: text}
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(rapidFailNow); !ok {
					panic(r)
				}
			}
		}()
		rapid.Check(tb, func(t *rapid.T) {
			// A step a sequence needed failed the spec already (a
			// completion that never came, a create refused): replaying
			// sequences to shrink it would wait again and prove nothing.
			if violated() {
				t.Skip("not replayed: the spec failed already")
			}
			stopIfInterrupted() // an interrupted model spec stops between sequences
			prop(t)
		})
	}()
	return tb
}

// violated reports whether the running spec has a violation attached.
func violated() bool {
	for _, e := range ginkgo.CurrentSpecReport().ReportEntries {
		if e.Name == finding.EntryViolation {
			return true
		}
	}
	return false
}

// Errors are rapid's messages of a failed check.
func (t *RapidTB) Errors() []string { return t.errors }

// ViolateHarness fails the spec with rapid's messages, against no rule:
// for a check that failed with no sequence of the model (what names it)
// breaking a rule, a harness error. The violation observes their first
// line ("harness: [rapid] flaky test, can not reproduce a failure"); the
// failure's text has them whole.
//
// When a call of a sequence already failed the spec with a violation (of
// a rule, base.sync's CR-12; or of a set-up step, a handshake the harness
// answered late): the failure stops the sequence as a panic, whose
// replays are skipped, so rapid reports a failure it could not
// reproduce. That violation is the spec's failure: nothing is added.
func (t *RapidTB) ViolateHarness(what string) {
	ginkgo.GinkgoHelper()
	if violated() {
		return
	}
	all := strings.TrimSpace(strings.Join(t.errors, "\n"))
	first, _, _ := strings.Cut(all, "\n")
	if first == "" {
		first = "rapid failed the check without a message"
	}
	v := finding.Violation{Expected: "the " + what + "'s sequences run", Observed: "harness: " + strings.TrimSpace(first)}
	attach(v)
	ginkgo.Fail(v.String() + "\n" + all)
}

// NumberedSteps is a model's sequence for a failure's details: a step a
// line, numbered from 1.
func NumberedSteps(steps []string) string {
	var b strings.Builder
	for i, s := range steps {
		fmt.Fprintf(&b, "  %2d. %s\n", i+1, s)
	}
	return b.String()
}

func (t *RapidTB) Helper()                           {}
func (t *RapidTB) Name() string                      { return t.name }
func (t *RapidTB) Logf(format string, args ...any)   {}
func (t *RapidTB) Log(args ...any)                   {}
func (t *RapidTB) Skipf(format string, args ...any)  { ginkgo.Skip(fmt.Sprintf(format, args...)) }
func (t *RapidTB) Skip(args ...any)                  { ginkgo.Skip(fmt.Sprint(args...)) }
func (t *RapidTB) SkipNow()                          { ginkgo.Skip("skipped") }
func (t *RapidTB) Errorf(format string, args ...any) { t.Error(fmt.Sprintf(format, args...)) }
func (t *RapidTB) Error(args ...any) {
	t.failed = true
	t.errors = append(t.errors, fmt.Sprint(args...))
}
func (t *RapidTB) Fatalf(format string, args ...any) { t.Errorf(format, args...); t.FailNow() }
func (t *RapidTB) Fatal(args ...any)                 { t.Error(args...); t.FailNow() }
func (t *RapidTB) FailNow()                          { t.failed = true; panic(rapidFailNow{}) }
func (t *RapidTB) Fail()                             { t.failed = true }
func (t *RapidTB) Failed() bool                      { return t.failed }
