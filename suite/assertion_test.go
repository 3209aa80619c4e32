package suite

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/format"

	"github.com/ndkconform/ndkconform/internal/wait"
	"github.com/ndkconform/ndkconform/ndk"
)

// caught is what a failed assertion made through a ruleGomega handed its
// sink.
type caught struct {
	vs       []Violation
	failure  string
	location string // file:line the failure is located at
}

// catching is a ruleGomega for rules whose failures are caught instead of
// failing a spec, and what it caught.
func catching(rules ...string) (*ruleGomega, *[]caught) {
	var got []caught
	sink := func(vs []Violation, failure string, skip int) {
		// Ginkgo's Fail(failure, skip), called here, locates the failure
		// skip frames above this function.
		_, file, line, _ := runtime.Caller(skip)
		got = append(got, caught{vs, failure, fmt.Sprintf("%s:%d", filepath.Base(file), line)})
	}
	return newRuleGomega(sink, rules...), &got
}

// stringers makes Gomega render Stringers as String (the suite's runs set
// it: ginkgoConfig).
func stringers(t *testing.T) {
	was := format.UseStringerRepresentation
	format.UseStringerRepresentation = true
	t.Cleanup(func() { format.UseStringerRepresentation = was })
}

type completion struct {
	RequestContext   string
	Status           ndk.Status
	BytesTransferred uint32
}

// Each matcher the specs use, failed through Rule with Gomega's real
// messages: the violation's Expected is the description with what the
// matcher wants, or only what the matcher wants; its Observed is the value, without Gomega's prose or
// type annotations, on one line.
func TestRuleViolationHasTheObservedValue(t *testing.T) {
	stringers(t)
	long := make([]byte, 100)
	for i := range long {
		long[i] = byte(i)
	}
	cases := []struct {
		name           string
		assert         func(g Gomega)
		expected       string
		observed       string // exactly, or as a regexp when it starts with ^
		gomegaInDetail string // a line of Gomega's message, kept after the violation
	}{
		{"Equal with a description",
			func(g Gomega) {
				g.Expect(ndk.StatusSuccess).To(Equal(ndk.StatusPending), "closing the PD while its QP is open returns STATUS_PENDING")
			},
			"closing the PD while its QP is open returns STATUS_PENDING (to equal STATUS_PENDING)", "STATUS_SUCCESS", "to equal"},
		{"Equal with a formatted description",
			func(g Gomega) { g.Expect(2).To(Equal(3), "BytesTransferred of the %d-byte send", 3) },
			"BytesTransferred of the 3-byte send (to equal 3)", "2", ""},
		{"Equal without a description",
			func(g Gomega) { g.Expect(ndk.StatusSuccess).To(Equal(ndk.StatusPending)) },
			"to equal STATUS_PENDING", "STATUS_SUCCESS", ""},
		{"NotTo Equal",
			func(g Gomega) { g.Expect(ndk.StatusSuccess).NotTo(Equal(ndk.StatusSuccess)) },
			"not to equal STATUS_SUCCESS", "STATUS_SUCCESS", ""},
		{"Equal, a func() string description",
			func(g Gomega) { g.Expect(1).Should(Equal(2), func() string { return "one\nindication" }) },
			"one indication (to equal 2)", "1", ""},
		{"BeNumerically",
			func(g Gomega) { g.Expect(3).To(BeNumerically(">", 3)) },
			"to be > 3", "3", ""},
		{"BeTrue",
			func(g Gomega) { g.Expect(false).To(BeTrue()) },
			"to be true", "false", ""},
		{"BeFalse, described",
			func(g Gomega) { g.Expect(true).To(BeFalse(), "NdkDisconnect still pending") },
			"NdkDisconnect still pending (to be false)", "true", ""},
		{"BeZero",
			func(g Gomega) { g.Expect(uint32(7)).To(BeZero()) },
			"to be zero-valued", "7", ""},
		{"ContainElement",
			func(g Gomega) { g.Expect([]int{1, 2}).To(ContainElement(5)) },
			"to contain element matching 5", "[1, 2]", ""},
		{"BeEmpty, of structs Gomega renders on several lines",
			func(g Gomega) {
				g.Expect([]completion{{"receive 1", ndk.StatusSuccess, 64}, {"receive 2", ndk.StatusCancelled, 0}}).To(BeEmpty())
			},
			"to be empty",
			`[{RequestContext: "receive 1", Status: STATUS_SUCCESS, BytesTransferred: 64}, {RequestContext: "receive 2", Status: STATUS_CANCELLED, BytesTransferred: 0}]`, ""},
		{"HaveLen",
			func(g Gomega) { g.Expect([]string{"a", "b"}).To(HaveLen(3), "each outstanding send completes") },
			"each outstanding send completes (to have length 3)", `["a", "b"]`, ""},
		{"Succeed",
			func(g Gomega) { g.Expect(errors.New("injecting the fault: boom")).To(Succeed()) },
			"to succeed", "injecting the fault: boom", ""},
		{"BeElementOf",
			func(g Gomega) {
				g.Expect(ndk.StatusInvalidParameter).To(BeElementOf(ndk.StatusSuccess, ndk.StatusCancelled))
			},
			"to be an element of [STATUS_SUCCESS, STATUS_CANCELLED]", "STATUS_INVALID_PARAMETER", ""},
		{"ConsistOf",
			func(g Gomega) { g.Expect([]int{1, 2}).To(ConsistOf(1, 3)) },
			"to consist of [1, 3]", "[1, 2]", ""},
		{"And",
			func(g Gomega) { g.Expect(5).To(And(BeNumerically(">=", 0), BeNumerically("<=", 4))) },
			"to be <= 4", "5", ""},
		{"Or",
			func(g Gomega) { g.Expect(5).To(Or(Equal(1), Equal(2))) },
			"to equal 1 or to equal 2", "5", ""},
		{"BeNil, of a pointer to a struct",
			func(g Gomega) {
				g.Expect(&completion{"x", ndk.StatusSuccess, 1}).To(BeNil(), "exactly one completion of the request")
			},
			"exactly one completion of the request (to be nil)", `{RequestContext: "x", Status: STATUS_SUCCESS, BytesTransferred: 1}`, ""},
		{"BeIdenticalTo",
			func(g Gomega) { g.Expect("qp#1").To(BeIdenticalTo("qp#2")) },
			"to be identical to qp#2", "qp#1", ""},
		{"BeEquivalentTo",
			func(g Gomega) { g.Expect(uint32(3)).To(BeEquivalentTo(4)) },
			"to be equivalent to 4", "3", ""},
		{"Equal of bytes, not printable",
			func(g Gomega) { g.Expect(long).To(Equal(make([]byte, 100)), "the peer's memory") },
			"the peer's memory (to equal 100 bytes: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 …)", "100 bytes: 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f …", ""},
		{"Equal of bytes, printable",
			func(g Gomega) { g.Expect([]byte("hello")).To(Equal([]byte("world"))) },
			`to equal "world"`, `"hello"`, ""},
		{"Equal of a string of several lines",
			func(g Gomega) { g.Expect("a\nb").To(Equal("a")) },
			"to equal a", `"a\nb"`, ""},
		{"a further value, an error",
			func(g Gomega) { g.Expect(3, errors.New("boom")).To(Equal(3), "the query") },
			"the query (to equal 3)", "error: boom", ""},
		{"a further value, not zero",
			func(g Gomega) { g.Expect(3, 4).To(Equal(3)) },
			"to equal 3", "a further value not zero, at index 1: 4", ""},
		{"Eventually Equal, described",
			func(g Gomega) {
				g.Eventually(func() int { return 0 }).WithTimeout(50*time.Millisecond).WithPolling(5*time.Millisecond).Should(Equal(1), "side B's indication")
			},
			"side B's indication (to equal 1)", `^0 after (\d+ms|[\d.]+s)$`, "Timed out after"},
		{"Eventually BeNumerically, the last value polled",
			func(g Gomega) {
				n := 0
				g.Eventually(func() int { n++; return n }).WithTimeout(50 * time.Millisecond).WithPolling(5 * time.Millisecond).Should(BeNumerically(">", 1000))
			},
			"to be > 1000", `^\d+ after (\d+ms|[\d.]+s)$`, ""},
		{"Eventually Receive",
			func(g Gomega) {
				g.Eventually(make(chan struct{})).WithTimeout(20*time.Millisecond).Should(Receive(), "the callback entered")
			},
			"the callback entered (to receive something)", `^nothing received after (\d+ms|[\d.]+s)$`, ""},
		{"Eventually, the polled function fails",
			func(g Gomega) {
				g.Eventually(func() (int, error) { return 0, errors.New("boom") }).WithTimeout(20 * time.Millisecond).Should(Equal(1))
			},
			"to equal 1", `^the function polled returned an error: boom after (\d+ms|[\d.]+s)$`, ""},
		{"Consistently BeNumerically",
			func(g Gomega) {
				n := 0
				g.Consistently(func() int { n++; return n }).WithTimeout(time.Second).WithPolling(5*time.Millisecond).Should(BeNumerically("<=", 2), "at most %s indication", "one")
			},
			"at most one indication (to be <= 2)", `^3 at \d+ms$`, "Failed after"},
		{"Consistently BeEmpty, through To",
			func(g Gomega) {
				g.Consistently(func() []int { return []int{7} }).WithTimeout(time.Second).To(BeEmpty(), "no completion")
			},
			"no completion (to be empty)", `^\[7\] at (once|\d+ms)$`, ""},
		{"Consistently BeFalse, ShouldNot",
			func(g Gomega) {
				g.Consistently(func() bool { return false }).WithTimeout(time.Second).ShouldNot(BeFalse())
			},
			"not to be false", `^false at (once|\d+ms)$`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, got := catching("LT-16")
			c.assert(g)
			if len(*got) != 1 {
				t.Fatalf("%d failures, want 1", len(*got))
			}
			f := (*got)[0]
			v := f.vs[0]
			if v.Rule != "LT-16" {
				t.Errorf("rule %q", v.Rule)
			}
			match := func(what, got, want string) {
				if strings.HasPrefix(want, "^") {
					if !regexp.MustCompile(want).MatchString(got) {
						t.Errorf("%s %q, want it to match %s", what, got, want)
					}
				} else if got != want {
					t.Errorf("%s %q, want %q", what, got, want)
				}
			}
			match("Expected", v.Expected, c.expected)
			match("Observed", v.Observed, c.observed)
			if strings.ContainsAny(v.Observed, "\n") || strings.HasPrefix(v.Observed, "Expected") || typeAnnotation.MatchString(v.Observed) {
				t.Errorf("Observed %q is not a value on one line", v.Observed)
			}
			first, detail, _ := strings.Cut(f.failure, "\n")
			if first != v.String() {
				t.Errorf("the failure's first line %q, want the violation %q", first, v.String())
			}
			if c.gomegaInDetail != "" && !strings.Contains(detail, c.gomegaInDetail) {
				t.Errorf("the failure's detail lacks Gomega's %q:\n%s", c.gomegaInDetail, detail)
			}
		})
	}
}

// An assertion through Rule with several IDs hands over a violation of
// each, the first charged; one that holds hands over nothing.
func TestRuleViolationOfEachRule(t *testing.T) {
	stringers(t)
	g, got := catching("SQ-2", "SQ-4")
	g.Expect(1).To(Equal(1))
	if len(*got) != 0 {
		t.Fatalf("an assertion that holds failed: %+v", *got)
	}
	g.Expect(1).To(Equal(2), "two")
	if len(*got) != 1 || len((*got)[0].vs) != 2 {
		t.Fatalf("caught %+v, want one failure with two violations", *got)
	}
	f := (*got)[0]
	if f.vs[0].Rule != "SQ-2" || f.vs[1].Rule != "SQ-4" || f.vs[1].Observed != "1" || f.vs[1].Expected != "two (to equal 2)" {
		t.Errorf("violations %+v", f.vs)
	}
	if want := "SQ-2: expected two (to equal 2); observed 1 (also breaks SQ-4)"; !strings.HasPrefix(f.failure, want+"\n") {
		t.Errorf("failure %q, want it to begin with %q", f.failure, want)
	}
}

// The failure is located at the spec's assertion, whatever the form
// (Gomega's own frames and Rule's are skipped).
func TestRuleFailureLocation(t *testing.T) {
	stringers(t)
	g, got := catching("LT-16")
	here := func() string {
		_, file, line, _ := runtime.Caller(1)
		return fmt.Sprintf("%s:%d", filepath.Base(file), line+1) // the next line
	}
	var want []string
	want = append(want, here())
	g.Expect(1).To(Equal(2))
	want = append(want, here())
	g.Expect(1).Should(Equal(2))
	want = append(want, here())
	g.Expect(1).NotTo(Equal(1))
	want = append(want, here())
	g.Ω(1).ShouldNot(Equal(1))
	want = append(want, here())
	g.Expect(1).WithOffset(0).To(Equal(2))
	want = append(want, here())
	g.Eventually(func() int { return 1 }).WithTimeout(10 * time.Millisecond).Should(Equal(2))
	want = append(want, here())
	g.Eventually(func() int { return 1 }).WithTimeout(10 * time.Millisecond).To(Equal(2))
	want = append(want, here())
	g.Consistently(func() int { return 1 }).WithTimeout(10 * time.Millisecond).NotTo(Equal(1))
	want = append(want, here())
	g.Consistently(func() int { return 1 }).WithTimeout(10 * time.Millisecond).ShouldNot(Equal(1))
	if len(*got) != len(want) {
		t.Fatalf("%d failures, want %d", len(*got), len(want))
	}
	for i, f := range *got {
		if f.location != want[i] {
			t.Errorf("failure %d located at %s, want %s", i, f.location, want[i])
		}
	}
}

// A set-up step's failure (Step) is marked Setup, charges no rule, and is
// located where the spec wrote it, as a rule's is.
func TestStepFailureIsSetup(t *testing.T) {
	stringers(t)
	g, got := catching("")
	step := newRuleGomega(setupSink(g.fail), "")
	_, file, line, _ := runtime.Caller(0)
	step.Expect(ndk.StatusIOTimeout).To(Equal(ndk.StatusSuccess), "NdkConnect succeeds (a step the spec needs)")
	if len(*got) != 1 {
		t.Fatalf("%d failures, want 1", len(*got))
	}
	f := (*got)[0]
	if len(f.vs) != 1 || !f.vs[0].Setup || f.vs[0].Rule != "" || f.vs[0].Observed != "STATUS_IO_TIMEOUT" {
		t.Errorf("violations %+v, want one set-up step's, no rule, observed STATUS_IO_TIMEOUT", f.vs)
	}
	if want := fmt.Sprintf("%s:%d", filepath.Base(file), line+1); f.location != want {
		t.Errorf("located at %s, want %s", f.location, want)
	}
	// a rule's failure is no set-up step's
	g.Expect(1).To(Equal(2))
	if vs := (*got)[1].vs; vs[0].Setup {
		t.Errorf("a rule's failure marked Setup: %+v", vs)
	}
}

// An Eventually that times out while the process stalled polls on for
// the time stalled: the value that comes then passes it; one that never
// comes fails it once, with the value.
func TestEventuallyCountsStalls(t *testing.T) {
	stringers(t)
	g, got := catching("DS-6")
	var v atomic.Int32
	time.AfterFunc(10*time.Millisecond, func() { wait.Stall(400 * time.Millisecond) })
	time.AfterFunc(150*time.Millisecond, func() { v.Store(1) })
	start := time.Now()
	if !g.Eventually(v.Load).WithTimeout(50 * time.Millisecond).WithPolling(5 * time.Millisecond).Should(Equal(int32(1))) {
		t.Errorf("failed after %v, though the process stalled 400ms of its 50ms and the value came at 150ms: %+v", time.Since(start), *got)
	}
	start = time.Now()
	wait.Stall(100 * time.Millisecond)
	if g.Eventually(func() int32 { return 0 }).WithTimeout(30 * time.Millisecond).Should(Equal(int32(1))) {
		t.Fatal("an Eventually that never holds passed")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("failed after %v", d)
	}
	if len(*got) != 1 || (*got)[0].vs[0].Rule != "DS-6" || !strings.HasPrefix((*got)[0].vs[0].Observed, "0 after") {
		t.Errorf("failures %+v, want one of DS-6 observing 0", *got)
	}
}
