package lifetime

import (
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// closer is an object a spec can close.
type closer interface{ Close() *suite.Op }

// pair is an antecedent with one successor, built for a spec.
type pair struct {
	name       string
	antecedent closer
	successor  closer
}

// antecedentPairs builds, on side A (and B where a connection is needed),
// each antecedent -> successor pair of the NDKPI terminology page other than
// adapter -> all (which has a blocking close, see below).
var antecedentPairs = []struct {
	name  string
	build func(p *suite.Pair) pair
}{
	{"PD -> QP", func(p *suite.Pair) pair {
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		return pair{"PD", pd, pd.CreateQP(cq, cq).MustObject()}
	}},
	{"PD -> MR", func(p *suite.Pair) pair {
		pd := p.A.CreatePD().MustObject()
		return pair{"PD", pd, pd.CreateMR(false).MustObject()}
	}},
	{"PD -> MW", func(p *suite.Pair) pair {
		pd := p.A.CreatePD().MustObject()
		return pair{"PD", pd, pd.CreateMW().MustObject()}
	}},
	{"PD -> SRQ", func(p *suite.Pair) pair {
		pd := p.A.CreatePD().MustObject()
		return pair{"PD", pd, pd.CreateSRQ(srqDepth(p), 1, 0).MustObject()}
	}},
	{"CQ -> QP", func(p *suite.Pair) pair {
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		return pair{"CQ", cq, pd.CreateQP(cq, cq).MustObject()}
	}},
	{"SRQ -> QP", func(p *suite.Pair) pair {
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		srq := pd.CreateSRQ(srqDepth(p), 1, 0).MustObject()
		return pair{"SRQ", srq, pd.CreateQPWithSRQ(cq, cq, srq).MustObject()}
	}},
	{"QP -> connector", func(p *suite.Pair) pair {
		l := p.B.MustCreateListener()
		l.MustListen(0)
		conn := p.MustConnect(l)
		return pair{"QP", conn.ActiveQP, conn.Active}
	}},
	{"listener -> connector", func(p *suite.Pair) pair {
		l := p.B.MustCreateListener()
		l.MustListen(0)
		conn := p.MustConnect(l)
		return pair{"listener", l, conn.Passive}
	}},
	{"shared endpoint -> connector", func(p *suite.Pair) pair {
		se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
		l := p.B.MustCreateListener()
		l.MustListen(0)
		c := p.A.MustCreateConnector()
		qp := p.A.MustQP()
		conn := p.MustHandshake(l, c, c.ConnectWithSharedEndpoint(se, qp, l.MustLocalAddress(), nil), qp)
		return pair{"shared endpoint", se, conn.Active}
	}},
	{"MR -> MW", func(p *suite.Pair) pair {
		l := p.B.MustCreateListener()
		l.MustListen(0)
		conn := p.MustConnect(l)
		pd := conn.ActiveQP.PD()
		mr := pd.CreateMR(false).MustObject()
		suite.MustSucceed(mr.Register(make([]byte, 4096), ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite))
		mw := pd.CreateMW().MustObject()
		suite.Step().Expect(conn.ActiveQP.Bind("bind", mr, mw, mr.VA, 4096, ndk.OpFlagAllowRemoteWrite)).To(Equal(ndk.StatusSuccess), "NdkBind")
		return pair{"MR", mr, mw}
	}},
}

var _ = Describe("Closing antecedents before successors", Label("lifetime"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	for _, ap := range antecedentPairs {
		suite.It(suite.Rules{"LT-16"}, "closing the "+ap.name+" antecedent first returns STATUS_PENDING and completes only once its successor is closed", func() {
			x := ap.build(p)
			closeOp := x.antecedent.Close()
			suite.Rule("LT-16").Expect(closeOp.Returned()).To(Equal(ndk.StatusPending),
				"closing the %s (%s) while its successor is open must return STATUS_PENDING", x.name, ap.name)
			p.ExpectStillPending(closeOp, "LT-16", "its successor is open")
			suite.MustSucceed(x.successor.Close())
			p.ExpectCompletes(closeOp, "LT-16", "the last successor was closed")
		})
	}

	suite.It(suite.Rules{"LT-22"}, "the blocking adapter close does not return while an object of the adapter is open, and returns once it is closed", func() {
		pd := p.A.CreatePD().MustObject()
		closeOp := p.A.Close()
		suite.Rule("LT-16").Consistently(closeOp.HasReturned).WithTimeout(p.Settle()).Should(BeFalse(),
			"the NDK_ADAPTER close returned while a PD of the adapter was open")
		suite.MustSucceed(pd.Close())
		suite.Rule("LT-22").Eventually(closeOp.HasReturned).WithTimeout(p.Timeout()).Should(BeTrue(),
			"the NDK_ADAPTER close did not return after its last object was closed")
	})
})
