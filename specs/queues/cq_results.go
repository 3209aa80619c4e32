package queues

import (
	"fmt"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// resultsCall is NdkGetCqResults or NdkGetCqResultsEx with an array of n
// entries: the count it returned and the entries it says it filled.
type resultsCall struct {
	name    string
	results func(cq *suite.CQ, n int) (int, []ndk.Result)
}

// call is the count and the request contexts of the entries filled.
func (rc resultsCall) call(cq *suite.CQ, n int) (int, []any) {
	got, rs := rc.results(cq, n)
	var ids []any
	for _, r := range rs {
		ids = append(ids, r.RequestContext)
	}
	return got, ids
}

var resultsCalls = []resultsCall{
	{"NdkGetCqResults", func(cq *suite.CQ, n int) (int, []ndk.Result) {
		buf := make([]ndk.Result, n)
		got := cq.GetResults(buf)
		return got, buf[:max(0, min(got, n))]
	}},
	{"NdkGetCqResultsEx", func(cq *suite.CQ, n int) (int, []ndk.Result) {
		buf := make([]ndk.ResultEx, n)
		got := cq.GetResultsEx(buf)
		var rs []ndk.Result
		for i := 0; i < got && i < n; i++ {
			rs = append(rs, buf[i].Result)
		}
		return got, rs
	}},
}

var _ = Describe("CQ results", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	for _, rc := range resultsCalls {
		suite.It(suite.Rules{"CQ-13"}, fmt.Sprintf("%s returns the number of completions it removed, never more than its array holds, and 0 on an empty CQ: with an array of 1 entry, of exactly the completions queued, and larger", rc.name), func() {
			r := newCQRig(p, 32, 16)
			n, _ := rc.call(r.cq, 1)
			suite.Rule("CQ-13").Expect(n).To(BeZero(), "%s with a 1-entry array on an empty CQ", rc.name)
			n, _ = rc.call(r.cq, 8)
			suite.Rule("CQ-13").Expect(n).To(BeZero(), "%s with an 8-entry array on an empty CQ", rc.name)
			// Array sizes 1, exactly what is queued, larger.
			for _, round := range []struct {
				queued int
				size   func(left int) int
			}{
				{3, func(int) int { return 1 }},
				{3, func(left int) int { return left }},
				{2, func(int) int { return 8 }},
			} {
				want := map[any]bool{}
				for range round.queued {
					want[r.complete(plain)] = true
				}
				var got []any
				deadline := suite.NewDeadline(p.Timeout())
				for len(got) < round.queued {
					size := round.size(round.queued - len(got))
					n, ids := rc.call(r.cq, size)
					suite.Rule("CQ-13").Expect(n).To(And(BeNumerically(">=", 0), BeNumerically("<=", size)), "%s returns at most the %d entries of its array", rc.name, size)
					for _, id := range ids {
						suite.Rule("CQ-13").Expect(want[id]).To(BeTrue(), "%s returned %d: each of the entries it counts is a completion queued and not yet removed (request contexts %s; got %v among them)", rc.name, n, ctxs(ids), id)
						delete(want, id)
					}
					got = append(got, ids...)
					if len(got) < round.queued && deadline.Passed() {
						suite.Violate(r.cq.Violation("CQ-13", rc.name, fmt.Sprintf("the %d completions queued (side B's sends completed) counted by the calls that removed them, within %v", round.queued, p.Timeout()),
							fmt.Sprintf("the calls counted %d: %s", len(got), ctxs(got))))
					}
					if n == 0 {
						time.Sleep(time.Millisecond)
					}
				}
				n, _ = rc.call(r.cq, 8)
				suite.Rule("CQ-13").Expect(n).To(BeZero(), "%s once every completion was removed: the CQ is empty", rc.name)
			}
		})
	}
})
