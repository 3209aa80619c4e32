package queues

import (
	"fmt"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The CQ of an SRQ's receives (SQ-8). NdkCreateQpWithSrq's pReceiveCq is
// the CQ "to use for receive request completions", and a receive posted
// with NdkSrqReceive is completed by a completion entry "queued to the
// completion queue (CQ)": the receive CQ of the QP that took it. Two QPs
// over one SRQ, each with its own receive CQ and both with one initiator
// CQ, tell the CQs apart: a send to one QP completes one of the SRQ's
// receives on that QP's receive CQ, and nothing on the other two.

// srqCQSide is one QP of side B over the SRQ and the QP of side A
// connected to it.
type srqCQSide struct {
	name   string
	rcq    *suite.CQ // the B QP's receive CQ
	active *suite.QP // side A's QP
	src    *suite.MR // side A's buffer the sends come from
}

var _ = Describe("The CQ of an SRQ's receives", Label("queues"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"SQ-8"}, "of two QPs created over one SRQ, each with its own receive CQ and both with one initiator CQ, a send to either completes one of the SRQ's receives on that QP's receive CQ, none on the other receive CQ or on the initiator CQ", func() {
		const depth = 4
		if srqMaxDepth(p) < depth {
			suite.NotApplicable(fmt.Sprintf("MaxSrqDepth %d", srqMaxDepth(p)), fmt.Sprintf("the spec needs an SRQ of depth %d", depth))
		}
		pd := p.B.CreatePD().MustObject()
		srq := pd.CreateSRQ(depth, 1, 0).MustObjectFor("IF-12")
		icq := p.B.CreateCQ(16).MustObject()
		sink := pd.CreateMR(false).MustObject()
		suite.MustSucceed(sink.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))
		connect := func(name string) srqCQSide {
			GinkgoHelper()
			rcq := p.B.CreateCQ(16).MustObject()
			l := p.B.MustCreateListener()
			dst := l.MustListen(0)
			c := p.A.MustCreateConnector()
			aqp := p.A.MustQP()
			conn := c.Connect(aqp, p.A.AddrPort(0), dst, nil)
			passive := l.NextRequest()
			bqp := pd.CreateQPWithSRQWith(ndk.QPParams{Context: name, InitiatorQueueDepth: 4, MaxInitiatorRequestSGE: 1}, rcq, icq, srq).MustObjectFor("IF-10")
			accept := passive.Accept(bqp, nil)
			suite.MustSucceed(conn)
			suite.MustSucceed(c.CompleteConnect())
			suite.MustSucceed(accept)
			src := aqp.PD().CreateMR(false).MustObject()
			suite.MustSucceed(src.Register(make([]byte, 16), ndk.MRFlagAllowLocalWrite))
			return srqCQSide{name: name, rcq: rcq, active: aqp, src: src}
		}
		one, two := connect("QP 1"), connect("QP 2")
		for i := range 2 {
			suite.Step().Expect(srq.Receive(fmt.Sprintf("receive %d", i+1), sink.SGE(i*16, 16))).To(Equal(ndk.StatusSuccess), "NdkSrqReceive %d", i+1)
		}
		// send makes side A send to s's QP, then collects what the three
		// CQs of side B get: until a completion comes, then Settle more.
		send := func(s, other srqCQSide) {
			GinkgoHelper()
			suite.Step().Expect(s.active.Send("send to "+s.name, 0, s.src.SGE(0, 8))).To(Equal(ndk.StatusSuccess), "NdkSend on side A to %s", s.name)
			res := s.active.InitiatorCQ.WaitResults("", 1)
			suite.Step().Expect(res[0].Status).To(Equal(ndk.StatusSuccess), "side A's NdkSend to %s completes with success", s.name)
			cqs := []struct {
				name string
				cq   *suite.CQ
			}{{s.name + "'s receive CQ", s.rcq}, {other.name + "'s receive CQ", other.rcq}, {"the initiator CQ", icq}}
			got := make([][]ndk.ResultEx, len(cqs))
			total := func() int {
				n := 0
				for i, c := range cqs {
					got[i] = append(got[i], c.cq.Poll()...)
					n += len(got[i])
				}
				return n
			}
			deadline := suite.NewDeadline(p.Timeout())
			for total() == 0 && !deadline.Passed() {
				time.Sleep(time.Millisecond)
			}
			for end := time.Now().Add(p.Settle()); time.Now().Before(end); time.Sleep(time.Millisecond) {
				total()
			}
			var seen []string
			for i, c := range cqs {
				for _, r := range got[i] {
					seen = append(seen, fmt.Sprintf("%v (%v) on %s", r.RequestContext, r.Status, c.name))
				}
			}
			observed := strings.Join(seen, ", ")
			if observed == "" {
				observed = fmt.Sprintf("no completion on any CQ of side B within %v", p.Timeout())
			}
			if len(got[0]) != 1 || len(got[1]) != 0 || len(got[2]) != 0 {
				suite.Violate(s.rcq.Violation("SQ-8", "NdkGetCqResultsEx",
					fmt.Sprintf("one of the SRQ's receives completed on %s, taken by the send to it, and nothing on %s or %s", cqs[0].name, cqs[1].name, cqs[2].name), observed))
			}
			suite.Step().Expect(got[0][0].Status).To(Equal(ndk.StatusSuccess), "the receive's completion status")
		}
		send(one, two)
		send(two, one)
	})
})
