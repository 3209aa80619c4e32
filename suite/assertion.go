package suite

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/ndkconform/ndkconform/internal/wait"

	"github.com/onsi/gomega"
	"github.com/onsi/gomega/format"
	"github.com/onsi/gomega/matchers"
	"github.com/onsi/gomega/types"
)

// ruleGomega is the Gomega that Rule returns: Gomega's own assertions,
// each made through a Gomega of its own whose matcher is wrapped to keep
// the last value it was given (the actual value; for Eventually and
// Consistently the last one polled). A failed assertion becomes a
// Violation whose Observed is that value and whose Expected is the
// assertion's description (or, without one, what the matcher wanted),
// handed to fail.
type ruleGomega struct {
	fail  failSink
	rules []string // the first is charged, the others as well

	mu       sync.Mutex
	defaults []func(gomega.Gomega) // SetDefault...: applied to each assertion's Gomega
}

// failSink takes the violations of a failed assertion (one per rule, the
// first the one charged) and the failure's text, and fails the spec; skip
// is Ginkgo's Fail's: the frames between the sink and the spec's
// assertion.
type failSink func(vs []Violation, failure string, skip int)

// ownFrames is the frame ruleGomega's assertion methods add between the
// spec's assertion and Gomega's: Gomega's offset gets it, so that the
// failure's location is the spec's line.
const ownFrames = 1

// asyncFrames are the frames between the caller of an async assertion's
// Should and Gomega's: ruleAsync's Should, run and its assert.
const asyncFrames = ownFrames + 2

func newRuleGomega(fail failSink, rules ...string) *ruleGomega {
	return &ruleGomega{fail: fail, rules: rules}
}

func (g *ruleGomega) newCheck(async string) *ruleCheck {
	c := &ruleCheck{rules: g.rules, async: async, sink: g.fail}
	c.g = gomega.NewGomega(c.failed)
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, set := range g.defaults {
		set(c.g)
	}
	return c
}

func (g *ruleGomega) setDefault(set func(gomega.Gomega)) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.defaults = append(g.defaults, set)
}

func (g *ruleGomega) SetDefaultEventuallyTimeout(t time.Duration) {
	g.setDefault(func(in gomega.Gomega) { in.SetDefaultEventuallyTimeout(t) })
}

func (g *ruleGomega) SetDefaultEventuallyPollingInterval(t time.Duration) {
	g.setDefault(func(in gomega.Gomega) { in.SetDefaultEventuallyPollingInterval(t) })
}

func (g *ruleGomega) SetDefaultConsistentlyDuration(t time.Duration) {
	g.setDefault(func(in gomega.Gomega) { in.SetDefaultConsistentlyDuration(t) })
}

func (g *ruleGomega) SetDefaultConsistentlyPollingInterval(t time.Duration) {
	g.setDefault(func(in gomega.Gomega) { in.SetDefaultConsistentlyPollingInterval(t) })
}

func (g *ruleGomega) EnforceDefaultTimeoutsWhenUsingContexts() {
	g.setDefault(func(in gomega.Gomega) { in.EnforceDefaultTimeoutsWhenUsingContexts() })
}

func (g *ruleGomega) DisableDefaultTimeoutsWhenUsingContext() {
	g.setDefault(func(in gomega.Gomega) { in.DisableDefaultTimeoutsWhenUsingContext() })
}

func (g *ruleGomega) Ω(actual any, extra ...any) types.Assertion {
	return g.ExpectWithOffset(0, actual, extra...)
}

func (g *ruleGomega) Expect(actual any, extra ...any) types.Assertion {
	return g.ExpectWithOffset(0, actual, extra...)
}

func (g *ruleGomega) ExpectWithOffset(offset int, actual any, extra ...any) types.Assertion {
	c := g.newCheck("")
	return &ruleAssertion{c: c, inner: c.g.ExpectWithOffset(offset+ownFrames, actual, extra...)}
}

func (g *ruleGomega) Eventually(actualOrCtx any, args ...any) types.AsyncAssertion {
	return g.async("Eventually", 0, actualOrCtx, args...)
}

func (g *ruleGomega) EventuallyWithOffset(offset int, actualOrCtx any, args ...any) types.AsyncAssertion {
	return g.async("Eventually", offset, actualOrCtx, args...)
}

func (g *ruleGomega) Consistently(actualOrCtx any, args ...any) types.AsyncAssertion {
	return g.async("Consistently", 0, actualOrCtx, args...)
}

func (g *ruleGomega) ConsistentlyWithOffset(offset int, actualOrCtx any, args ...any) types.AsyncAssertion {
	return g.async("Consistently", offset, actualOrCtx, args...)
}

func (g *ruleGomega) async(kind string, offset int, actualOrCtx any, args ...any) types.AsyncAssertion {
	c := g.newCheck(kind)
	var inner types.AsyncAssertion
	if kind == "Eventually" {
		inner = c.g.EventuallyWithOffset(offset+asyncFrames, actualOrCtx, args...)
	} else {
		inner = c.g.ConsistentlyWithOffset(offset+asyncFrames, actualOrCtx, args...)
	}
	return &ruleAsync{c: c, inner: inner, offset: offset}
}

// ruleCheck is one assertion made through a ruleGomega: its matcher, the
// value the matcher was last given, and what became of it.
type ruleCheck struct {
	rules []string
	async string // "", "Eventually" or "Consistently"
	sink  failSink
	g     gomega.Gomega

	// hold keeps a failure in held instead of failing (Eventually's, to
	// give the provider the time the process stalled: ruleAsync.run).
	hold bool
	held *string

	mu      sync.Mutex
	matcher types.GomegaMatcher
	negated bool
	desc    []any
	start   time.Time
	actual  any
	seen    bool // the matcher was given actual
}

// arm records the matcher the assertion is made with and returns it
// wrapped to keep the value it is given.
func (c *ruleCheck) arm(m types.GomegaMatcher, negated bool, desc []any) types.GomegaMatcher {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.matcher, c.negated, c.desc, c.start = m, negated, desc, time.Now()
	return keeping{m, c}
}

// keeping is a matcher that keeps the value it is given before matching
// it with the matcher it wraps.
type keeping struct {
	types.GomegaMatcher
	c *ruleCheck
}

func (k keeping) Match(actual any) (bool, error) {
	k.c.mu.Lock()
	k.c.actual, k.c.seen = actual, true
	k.c.mu.Unlock()
	return k.GomegaMatcher.Match(actual)
}

// MatchMayChangeInTheFuture is the wrapped matcher's (Eventually stops
// early when it says no).
func (k keeping) MatchMayChangeInTheFuture(actual any) bool {
	return types.MatchMayChangeInTheFuture(k.GomegaMatcher, actual)
}

// failed is the fail handler of the ruleCheck's Gomega.
func (c *ruleCheck) failed(message string, callerSkip ...int) {
	if c.hold {
		c.held = &message
		return
	}
	skip := 2 // failed and the sink
	if len(callerSkip) > 0 {
		skip += callerSkip[0]
	}
	v := c.violation(message)
	vs := make([]Violation, 0, len(c.rules))
	for _, id := range c.rules {
		w := v
		w.Rule = id
		vs = append(vs, w)
	}
	failure := vs[0].String() + also(c.rules[1:])
	if detail := strings.TrimSpace(message); detail != "" {
		failure += "\n" + detail
	}
	c.sink(vs, failure, skip)
}

// violation is the violation (no rule yet) of the failed assertion whose
// Gomega message is message.
func (c *ruleCheck) violation(message string) Violation {
	c.mu.Lock()
	m, negated, desc, start, actual, seen := c.matcher, c.negated, c.desc, c.start, c.actual, c.seen
	c.mu.Unlock()
	// The description says what is checked, the matcher what value it
	// wants: both, so that a failure read alone names the value expected
	// ("the accepting side's NdkDisconnect (to equal STATUS_SUCCESS)").
	v := Violation{Expected: expectation(m, negated, actual, seen)}
	if d := oneLine(describe(desc)); d != "" && m != nil {
		v.Expected = d + " (" + v.Expected + ")"
	} else if d != "" {
		v.Expected = d
	}
	switch {
	case seen:
		v.Observed = observation(m, negated, actual, message)
	default:
		// the value never reached the matcher: Expect's further values
		// were not zero, or the polled function failed
		v.Observed = withoutValue(message, describe(desc))
	}
	if c.async != "" && !start.IsZero() {
		v.Observed += c.when(time.Since(start), message)
	}
	return v
}

// when is the time the async assertion failed at, as a suffix of the
// value: "after 10s" for Eventually, "at 310ms" for Consistently (the
// value it polled then broke the assertion; "at once" for the first).
func (c *ruleCheck) when(d time.Duration, message string) string {
	if d < time.Second {
		d = d.Round(time.Millisecond)
	} else {
		d = d.Round(100 * time.Millisecond)
	}
	switch {
	case strings.HasPrefix(message, "Context was cancelled"):
		return fmt.Sprintf(" (the context was cancelled at %v)", d)
	case c.async == "Consistently" && d == 0:
		return " at once"
	case c.async == "Consistently":
		return " at " + d.String()
	}
	return " after " + d.String()
}

// describe is the assertion's description as Gomega builds it: a
// func() string, or a format and its arguments.
func describe(desc []any) string {
	if len(desc) == 0 {
		return ""
	}
	if f, ok := desc[0].(func() string); ok && len(desc) == 1 {
		return f()
	}
	if f, ok := desc[0].(string); ok {
		return fmt.Sprintf(f, desc[1:]...)
	}
	return fmt.Sprint(desc...)
}

// expectation is what the matcher wants, from its failure message:
// "to equal STATUS_PENDING", "to be > 3", "not to be nil".
func expectation(m types.GomegaMatcher, negated bool, actual any, seen bool) (s string) {
	if m == nil {
		return "the assertion holds"
	}
	// the matchers whose messages are not in format.Message's form
	switch m := m.(type) {
	case *matchers.SucceedMatcher:
		return map[bool]string{false: "to succeed", true: "to fail"}[negated]
	case *matchers.HaveOccurredMatcher:
		return map[bool]string{false: "an error", true: "no error"}[negated]
	case *matchers.EqualMatcher:
		// the value as an observed one is shown (bytes in hex, clipped)
		return map[bool]string{false: "to equal ", true: "not to equal "}[negated] + valueString(m.Expected)
	case *matchers.OrMatcher:
		if !negated {
			var each []string
			for _, sub := range m.Matchers {
				each = append(each, expectation(sub, false, actual, seen))
			}
			return strings.Join(each, " or ")
		}
	}
	defer func() {
		if recover() != nil || s == "" {
			s = "to satisfy " + matcherName(m)
		}
	}()
	if !seen {
		actual = nil
	}
	var msg string
	if negated {
		msg = m.NegatedFailureMessage(actual)
	} else {
		msg = m.FailureMessage(actual)
	}
	return clipValue(strings.TrimSuffix(oneLine(afterActual(msg)), "."))
}

// matcherName is "Equal" for *matchers.EqualMatcher.
func matcherName(m types.GomegaMatcher) string {
	t := reflect.TypeOf(m)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return strings.TrimSuffix(t.Name(), "Matcher")
}

// afterActual is a matcher's failure message in format.Message's form
// ("Expected\n<actual>\nto equal\n<expected>") without its first part,
// the actual value: what the matcher wants. A message of another form is
// returned whole.
func afterActual(msg string) string {
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "Expected" {
		return msg
	}
	indented := func(l string) bool {
		return strings.TrimSpace(l) == "" || strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t")
	}
	i := 1
	for i < len(lines) && indented(lines[i]) {
		i++
	}
	// the matcher's words ("to equal") and the value they take, if any;
	// not what some add after ("the missing elements were")
	j := i + 1
	for j < len(lines) && indented(lines[j]) {
		j++
	}
	return strings.Join(lines[i:min(j, len(lines))], "\n")
}

// observation is the value the assertion failed on, in one line: Gomega's
// rendering of it without the type, or for Receive what the channel gave.
func observation(m types.GomegaMatcher, negated bool, actual any, message string) string {
	if r, ok := m.(*matchers.ReceiveMatcher); ok && len(r.Args) == 0 {
		s := "nothing received"
		if negated {
			s = "something received"
		}
		if strings.Contains(message, "The channel is closed.") {
			s += " (the channel is closed)"
		}
		return s
	}
	return valueString(actual)
}

// withoutValue is the observation of a failure whose value never reached
// the matcher, from Gomega's message, its preamble and the description
// off: "error: boom" (Expect's further value, an error, was not nil), "a
// further value not zero, at index 1: 3", "the function polled returned
// an error: boom".
func withoutValue(message, desc string) string {
	body := strings.TrimSpace(message)
	if asyncPreamble.MatchString(body) {
		_, body, _ = strings.Cut(body, "\n")
	}
	body = strings.TrimSpace(body)
	if desc = strings.TrimSpace(desc); desc != "" {
		body = strings.TrimSpace(strings.TrimPrefix(body, desc))
	}
	first, rest, _ := strings.Cut(body, "\n")
	var s string
	switch {
	case strings.HasPrefix(first, "Unexpected error: "):
		s = "error: " + strings.TrimPrefix(first, "Unexpected error: ")
	case strings.HasPrefix(first, "Unexpected non-nil/non-zero argument at index "):
		at := strings.TrimSuffix(strings.TrimPrefix(first, "Unexpected non-nil/non-zero argument at index "), ":")
		s = "a further value not zero, at index " + at + ": " + oneLine(rest)
	case strings.HasSuffix(first, "returned the following error:"):
		s = "the function polled returned an error: " + errorText(rest)
	case strings.HasSuffix(first, "had an unexpected non-nil/non-zero return value at index "+lastWord(first)):
		s = "the function polled returned a further value not zero: " + oneLine(rest)
	default:
		s = oneLine(strings.TrimPrefix(body, "Expected"))
	}
	if s = clipValue(oneLine(s)); s != "" {
		return s
	}
	return "the assertion failed"
}

// errorText is the error's text in format.Object's rendering of an error
// ("    <*errors.errorString | 0x1>: \n    boom\n    {s: \"boom\"}").
func errorText(rendered string) string {
	lines := strings.Split(rendered, "\n")
	if len(lines) > 1 && typeAnnotation.MatchString(lines[0]) && strings.TrimSpace(typeAnnotation.ReplaceAllString(lines[0], "")) == "" {
		return strings.TrimSpace(lines[1])
	}
	return oneLine(rendered)
}

func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// asyncPreamble is the first line of Eventually's and Consistently's
// messages ("Timed out after 1.001s.", "Failed after 0.2s.").
var asyncPreamble = regexp.MustCompile(`^[A-Z][^\n]* after \d+(\.\d+)?s\.`)

// maxObserved is how long an observed value may be: a longer one is cut
// (the whole is in the failure's text, Gomega's message).
const maxObserved = 300

// valueString is v in one line: an error's text, a Stringer's String, a
// string as it is (quoted when empty or of several lines), bytes as text
// when printable or else in hex, and anything else as Gomega renders it,
// without its "<type>: " and on one line.
func valueString(v any) string {
	rv := reflect.ValueOf(v)
	if v == nil || (nilable(rv.Kind()) && rv.IsNil()) {
		return "nil"
	}
	var s string
	switch x := v.(type) {
	case error:
		s = x.Error()
	case fmt.Stringer:
		s = x.String()
	case string:
		s = x
		if s == "" || strings.ContainsAny(s, "\r\n") {
			s = strconv.Quote(s)
		}
	case []byte:
		s = bytesString(x)
	default:
		switch rv.Kind() {
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
			s = fmt.Sprint(v)
		default:
			s = format.Object(v, 0)
			if i := strings.Index(s, "\nGomega truncated this representation"); i >= 0 {
				s = s[:i]
			}
			s = typeAnnotation.ReplaceAllString(s, "")
		}
	}
	return clipValue(oneLine(s))
}

func nilable(k reflect.Kind) bool {
	switch k {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice:
		return true
	}
	return false
}

// typeAnnotation is Gomega's "<ndk.Status>: " before a value (at the start
// of the rendering or of one of its lines).
var typeAnnotation = regexp.MustCompile(`(?m)^\s*<[^<>\n]+>: `)

// bytesString is b as text when it is printable, else its first bytes in
// hex, with its length.
func bytesString(b []byte) string {
	if utf8.Valid(b) && len(b) > 0 && printable(string(b)) {
		return strconv.Quote(string(b))
	}
	const show = 32
	if len(b) <= show {
		return fmt.Sprintf("%d bytes: % x", len(b), b)
	}
	return fmt.Sprintf("%d bytes: % x …", len(b), b[:show])
}

func printable(s string) bool {
	for _, r := range s {
		if !strconv.IsPrint(r) {
			return false
		}
	}
	return true
}

var (
	openSpace  = regexp.MustCompile(`([\[{(])\s*\n\s*`)
	closeComma = regexp.MustCompile(`,?\s*\n\s*([\]})])`)
	lineBreak  = regexp.MustCompile(`\s*\n\s*`)
)

// oneLine is s on one line: Gomega's multi-line renderings of slices and
// structs ("[\n    a,\n    b,\n]") become "[a, b]", other line breaks a
// space.
func oneLine(s string) string {
	s = typeAnnotation.ReplaceAllString(s, "")
	s = strings.TrimSpace(s)
	s = openSpace.ReplaceAllString(s, "$1")
	s = closeComma.ReplaceAllString(s, "$1")
	return lineBreak.ReplaceAllString(s, " ")
}

// clipValue cuts s to maxObserved bytes (on a rune boundary).
func clipValue(s string) string {
	if len(s) <= maxObserved {
		return s
	}
	cut := maxObserved
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + " …"
}

// ruleAssertion is Expect's assertion, through a ruleCheck.
type ruleAssertion struct {
	c     *ruleCheck
	inner types.Assertion
}

func (a *ruleAssertion) Should(m types.GomegaMatcher, desc ...any) bool {
	return a.inner.Should(a.c.arm(m, false, desc), desc...)
}

func (a *ruleAssertion) ShouldNot(m types.GomegaMatcher, desc ...any) bool {
	return a.inner.ShouldNot(a.c.arm(m, true, desc), desc...)
}

func (a *ruleAssertion) To(m types.GomegaMatcher, desc ...any) bool {
	return a.inner.Should(a.c.arm(m, false, desc), desc...)
}

func (a *ruleAssertion) ToNot(m types.GomegaMatcher, desc ...any) bool {
	return a.inner.ShouldNot(a.c.arm(m, true, desc), desc...)
}

func (a *ruleAssertion) NotTo(m types.GomegaMatcher, desc ...any) bool {
	return a.inner.ShouldNot(a.c.arm(m, true, desc), desc...)
}

func (a *ruleAssertion) WithOffset(offset int) types.Assertion {
	a.inner = a.inner.WithOffset(offset + ownFrames)
	return a
}

func (a *ruleAssertion) Error() types.Assertion {
	return &ruleAssertion{c: a.c, inner: a.inner.Error()}
}

// ruleAsync is Eventually's or Consistently's assertion, through a ruleCheck.
type ruleAsync struct {
	c      *ruleCheck
	inner  types.AsyncAssertion
	offset int // the caller's offset (WithOffset)
}

func (a *ruleAsync) Should(m types.GomegaMatcher, desc ...any) bool {
	return a.run(m, false, desc)
}

func (a *ruleAsync) ShouldNot(m types.GomegaMatcher, desc ...any) bool {
	return a.run(m, true, desc)
}

func (a *ruleAsync) To(m types.GomegaMatcher, desc ...any) bool {
	return a.run(m, false, desc)
}

func (a *ruleAsync) ToNot(m types.GomegaMatcher, desc ...any) bool {
	return a.run(m, true, desc)
}

func (a *ruleAsync) NotTo(m types.GomegaMatcher, desc ...any) bool {
	return a.run(m, true, desc)
}

// run makes the assertion. An Eventually that times out while the process
// stalled (SIGSTOP, a machine too loaded to schedule it: internal/wait's
// meter) polls on for the time stalled before it fails, as the harness's
// other deadlines do: Gomega's time-out is wall time, and fires with no
// last poll once the process runs again. A Consistently's window stays
// wall time (a longer window would charge a remote provider with what it
// may do later).
func (a *ruleAsync) run(m types.GomegaMatcher, negated bool, desc []any) bool {
	armed := a.c.arm(m, negated, desc)
	assert := func() bool {
		if negated {
			return a.inner.ShouldNot(armed, desc...)
		}
		return a.inner.Should(armed, desc...)
	}
	if a.c.async != "Eventually" {
		return assert()
	}
	stalled := wait.Stalled()
	a.c.hold = true
	ok := assert()
	for !ok && a.c.held != nil && strings.HasPrefix(*a.c.held, "Timed out") {
		extra := wait.Stalled() - stalled
		if extra <= 0 {
			break
		}
		stalled += extra
		a.c.held = nil
		a.inner = a.inner.WithTimeout(extra)
		ok = assert()
	}
	a.c.hold = false
	if held := a.c.held; held != nil {
		a.c.held = nil
		a.c.failed(*held, 2+a.offset) // run, Should: the caller's line
	}
	return ok
}

func (a *ruleAsync) WithOffset(offset int) types.AsyncAssertion {
	a.offset = offset
	a.inner = a.inner.WithOffset(offset + asyncFrames)
	return a
}

func (a *ruleAsync) WithTimeout(d time.Duration) types.AsyncAssertion {
	a.inner = a.inner.WithTimeout(d)
	return a
}

func (a *ruleAsync) WithPolling(d time.Duration) types.AsyncAssertion {
	a.inner = a.inner.WithPolling(d)
	return a
}

func (a *ruleAsync) Within(d time.Duration) types.AsyncAssertion {
	a.inner = a.inner.Within(d)
	return a
}

func (a *ruleAsync) ProbeEvery(d time.Duration) types.AsyncAssertion {
	a.inner = a.inner.ProbeEvery(d)
	return a
}

func (a *ruleAsync) WithContext(ctx context.Context) types.AsyncAssertion {
	a.inner = a.inner.WithContext(ctx)
	return a
}

func (a *ruleAsync) WithArguments(args ...any) types.AsyncAssertion {
	a.inner = a.inner.WithArguments(args...)
	return a
}

func (a *ruleAsync) MustPassRepeatedly(n int) types.AsyncAssertion {
	a.inner = a.inner.MustPassRepeatedly(n)
	return a
}
