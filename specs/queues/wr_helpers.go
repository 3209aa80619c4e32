package queues

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// Helpers of the work-request specs (wr_*.go).

const (
	wrRemoteAccess = ndk.MRFlagAllowLocalWrite | ndk.MRFlagAllowRemoteWrite | ndk.MRFlagAllowRemoteRead
	wrSinkAccess   = ndk.MRFlagAllowLocalWrite | ndk.MRFlagRDMAReadSink
)

// wrParams are the queue parameters of the work-request specs' QPs: depth
// queues, one SGE a request, no inline data.
func wrParams(ctx any, depth uint32) ndk.QPParams {
	return ndk.QPParams{Context: ctx, ReceiveQueueDepth: depth, InitiatorQueueDepth: depth,
		MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}
}

// wrConn is a connection whose QPs have the parameters given, each with
// its own QPContext.
type wrConn struct {
	*suite.Connection
	ctxA, ctxB any
}

// wrConnect connects a QP of side A with parameters a to a QP of side B
// with parameters b (their Context fields are the QPContexts).
func wrConnect(p *suite.Pair, a, b ndk.QPParams) *wrConn {
	GinkgoHelper()
	l := p.B.MustCreateListener()
	l.MustListen(0)
	qa, qb := p.A.MustQPWith(a), p.B.MustQPWith(b)
	return &wrConn{Connection: p.MustConnectQPs(l, qa, qb), ctxA: a.Context, ctxB: b.Context}
}

// wrConnectDepth connects two QPs with wrParams(depth) and distinct
// QPContexts.
func wrConnectDepth(p *suite.Pair, depth uint32) *wrConn {
	GinkgoHelper()
	return wrConnect(p, wrParams(&wrQPContext{"A"}, depth), wrParams(&wrQPContext{"B"}, depth))
}

// wrQPContext is a QPContext: a pointer, compared by identity.
type wrQPContext struct{ side string }

func (c *wrQPContext) String() string { return "QPContext of side " + c.side }

// wrRegion registers a buffer of n bytes on qp's PD with flags.
func wrRegion(qp *suite.QP, n int, flags uint32) *suite.MR {
	GinkgoHelper()
	mr := qp.PD().CreateMR(false).MustObject()
	suite.MustSucceed(mr.Register(make([]byte, n), flags))
	return mr
}

// wrFill writes a recognisable pattern into b.
func wrFill(b []byte, seed byte) []byte {
	for i := range b {
		b[i] = seed + byte(i*7) + byte(i>>8)
	}
	return b
}

// wrPattern is n bytes of wrFill's pattern.
func wrPattern(n int, seed byte) []byte { return wrFill(make([]byte, n), seed) }

// wrRule is suite.Rule for "QP-21 QP-4": the assertions of each rule.
func wrRule(ids string) Gomega {
	f := strings.Fields(ids)
	return suite.Rule(f[0], f[1:]...)
}

// wrCollect waits on cq for one completion of each of the request
// contexts in want (whose values are the QPContexts expected), then watches
// Settle more, and returns the completions by request context. A context
// that does not complete within the deadline breaks missing; a second
// completion of one context breaks dup; a completion whose RequestContext
// is none of want's breaks unknown (rule IDs separated by spaces).
// Completions of the contexts in ignore are dropped.
func wrCollect(p *suite.Pair, cq *suite.CQ, want map[any]any, missing, dup, unknown string, ignore ...any) map[any]ndk.ResultEx {
	GinkgoHelper()
	got := map[any]ndk.ResultEx{}
	take := func(rs []ndk.ResultEx) {
		for _, r := range rs {
			if wrContains(ignore, r.RequestContext) {
				continue
			}
			if _, ok := want[r.RequestContext]; !ok {
				wrRule(unknown).Expect(r).To(BeNil(), "every completion carries the RequestContext of a request posted with success; this one's is %v", r.RequestContext)
			}
			if prev, twice := got[r.RequestContext]; twice {
				wrRule(dup).Expect(r).To(BeNil(), "exactly one completion of the request %v (the first: %+v)", r.RequestContext, prev)
			}
			got[r.RequestContext] = r
		}
	}
	deadline := suite.NewDeadline(p.Timeout())
	for {
		var left []string
		for k := range want {
			if _, ok := got[k]; !ok {
				left = append(left, fmt.Sprint(k))
			}
		}
		if len(left) == 0 {
			break
		}
		if deadline.Passed() {
			var came []string
			for k, r := range got {
				came = append(came, fmt.Sprintf("%v (%v)", k, r.Status))
			}
			slices.Sort(left)
			slices.Sort(came)
			suite.Violate(cq.Violation(missing, "NdkGetCqResultsEx", fmt.Sprintf("a completion of each request posted with success within %v", p.Timeout()),
				fmt.Sprintf("none for %s; came: %s", strings.Join(left, ", "), strings.Join(came, ", "))))
		}
		take(cq.Poll())
		time.Sleep(time.Millisecond)
	}
	for end := time.Now().Add(p.Settle()); time.Now().Before(end); time.Sleep(time.Millisecond) {
		take(cq.Poll())
	}
	return got
}

// wrExpectQPContexts checks QP-3 on the completions got: each has the
// QPContext want gives its request context.
func wrExpectQPContexts(got map[any]ndk.ResultEx, want map[any]any) {
	GinkgoHelper()
	for ctx, r := range got {
		suite.Rule("QP-3").Expect(r.QPContext).To(BeIdenticalTo(want[ctx]),
			"the completion of request %v carries the QPContext of its QP", ctx)
	}
}

func wrContains(xs []any, x any) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// wrName is a request context: a string naming the request.
func wrName(kind string, i int) string { return fmt.Sprintf("%s %d", kind, i) }
