package memory

import (
	"bytes"
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// Helpers of the memory specs.

const (
	memRemote = ndk.MRFlagAllowLocalWrite | ndk.MRFlagAllowRemoteWrite | ndk.MRFlagAllowRemoteRead
	memSink   = ndk.MRFlagAllowLocalWrite | ndk.MRFlagRDMAReadSink
	// memWindow are the NdkBind flags of a window open to remote reads and
	// writes.
	memWindow = ndk.OpFlagAllowRemoteRead | ndk.OpFlagAllowRemoteWrite
)

// memSide is one side's PD: the regions and windows of a spec live on it,
// and every QP of the side is created on it, so that a fresh connection
// reaches them.
type memSide struct {
	a  *suite.Adapter
	pd *suite.PD
}

// memLink is a listener at side B and the two sides' PDs. A remote access
// that fails may take the connection down with it (an RDMA access error is
// fatal to the QP on most transports), so each probe gets a connection of
// its own.
type memLink struct {
	p    *suite.Pair
	l    *suite.Listener
	A, B *memSide
	// src and sink are side A's buffers of every probe: the source of its
	// Write and the sink of its Read.
	src, sink *suite.MR
	seed      byte
	// deferred: each probe's NdkWrite or NdkRead is posted with
	// NDK_OP_FLAG_DEFER and its chain ended by a second access without it
	// (DP-7; see access).
	deferred bool
}

// memProbeMax is the most bytes a probe moves.
const memProbeMax = 8192

func newLink(p *suite.Pair) *memLink {
	GinkgoHelper()
	l := p.B.MustCreateListener()
	l.MustListen(0)
	k := &memLink{p: p, l: l,
		A: &memSide{a: p.A, pd: p.A.CreatePD().MustObject()},
		B: &memSide{a: p.B, pd: p.B.CreatePD().MustObject()}}
	k.src = k.A.region(memProbeMax, ndk.MRFlagAllowLocalWrite, 0xa0)
	k.sink = k.A.region(memProbeMax, memSink, 0x50)
	return k
}

// qp creates a QP on the side's PD with a CQ of its own.
func (s *memSide) qp(name string) *suite.QP {
	GinkgoHelper()
	cq := s.a.CreateCQ(64).MustObject()
	params := ndk.QPParams{Context: name, ReceiveQueueDepth: 8, InitiatorQueueDepth: 8,
		MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1, ReceiveCQ: cq.CQ, InitiatorCQ: cq.CQ}
	return s.pd.CreateQPWith(params, cq, cq).MustObject()
}

// region registers n bytes on the side's PD with flags, at a fresh
// virtual address, and fills them with a pattern.
func (s *memSide) region(n int, flags uint32, seed byte) *suite.MR {
	GinkgoHelper()
	mr := s.pd.CreateMR(false).MustObject()
	suite.MustSucceed(mr.Register(memPattern(n, seed), flags))
	mr.Store(0, mr.Buf)
	return mr
}

// connect connects a new QP of side A to a new QP of side B.
func (k *memLink) connect() *suite.Connection {
	GinkgoHelper()
	return k.p.MustConnectQPs(k.l, k.A.qp("A"), k.B.qp("B"))
}

// memPattern is n recognisable bytes.
func memPattern(n int, seed byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = seed + byte(i*7) + byte(i>>8)
	}
	return b
}

// complete returns st, or, when st is STATUS_SUCCESS (the request was
// posted), the status of the request's completion on cq.
func complete(cq *suite.CQ, st ndk.Status) ndk.Status {
	GinkgoHelper()
	if st != ndk.StatusSuccess {
		return st
	}
	return cq.WaitResults("QP-4", 1)[0].Status
}

// reach readies one probe: a fresh connection, and the token the probe
// names (for a window, bound on the connection's QP of side B first).
type reach func() (*suite.Connection, uint32)

// plain reaches a region under token.
func (k *memLink) plain(token uint32) reach {
	return func() (*suite.Connection, uint32) { return k.connect(), token }
}

// bindStep is one NdkBind of a window: [off, off+n) of mr.
type bindStep struct {
	mr     *suite.MR
	off, n int
}

// window reaches mw bound, on the probe's connection, by each of binds in
// turn (the last a rebind when there are several), then invalidated when
// invalidate is set; the token is the one NdkGetRemoteTokenFromMw gave
// right after the bind tokenAfter returned (MR-15: the token is
// available once NdkBind returns).
func (k *memLink) window(mw *suite.MW, binds []bindStep, tokenAfter int, invalidate bool) reach {
	return func() (*suite.Connection, uint32) {
		GinkgoHelper()
		c := k.connect()
		var token uint32
		for i, b := range binds {
			t, st := bindOn(c, fmt.Sprintf("bind %d", i), mw, b, memWindow)
			if i == tokenAfter {
				token = t
			}
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkBind of the window to [%d, %d) of a region registered for remote read and write", b.off, b.off+b.n)
		}
		if invalidate {
			suite.Step().Expect(invalidateOn(c, mw)).To(Equal(ndk.StatusSuccess), "NdkInvalidate of the bound window")
		}
		return c, token
	}
}

// bindOn binds mw to b with flags on the side B QP of c. It returns the
// token NdkGetRemoteTokenFromMw gives right after NdkBind returned (MR-15:
// available once NdkBind returns) and the bind's status, inline or of its
// completion.
func bindOn(c *suite.Connection, ctx string, mw *suite.MW, b bindStep, flags uint32) (uint32, ndk.Status) {
	GinkgoHelper()
	st := c.PassiveQP.Bind(ctx, b.mr, mw, b.mr.VA+uint64(b.off), uint64(b.n), flags)
	token := mw.Token()
	return token, complete(c.PassiveQP.InitiatorCQ, st)
}

// invalidateOn invalidates mw with NdkInvalidate on the side B QP of c and
// returns the status, inline or of its completion.
func invalidateOn(c *suite.Connection, mw *suite.MW) ndk.Status {
	GinkgoHelper()
	return complete(c.PassiveQP.InitiatorCQ, c.PassiveQP.InvalidateMW("invalidate", mw, 0))
}

// access moves n bytes on the connection r gives between the start of
// k.src (write) or k.sink (read) at side A and the peer's remoteVA. It
// returns the status, inline or of the completion.
func (k *memLink) access(write bool, r reach, remoteVA uint64, n int) ndk.Status {
	GinkgoHelper()
	c, token := r()
	post := func(ctx string, flags uint32, n int) ndk.Status {
		if write {
			return c.ActiveQP.Write(ctx, remoteVA, token, flags, k.src.SGE(0, n))
		}
		return c.ActiveQP.Read(ctx, remoteVA, token, flags, k.sink.SGE(0, n))
	}
	if !k.deferred {
		return complete(c.ActiveQP.InitiatorCQ, post("probe", 0, n))
	}
	// The probe with DEFER, then the chain's end (DP-7): the same access
	// of its first byte without DEFER, whose outcome is not judged (it
	// follows the probe's: a failed probe may take the connection down).
	// A probe that fails inline ends the chain (DP-8); an end that fails
	// inline leaves the probe to the provider, which must still indicate
	// it (DP-6).
	st := post("probe", ndk.OpFlagDefer, n)
	if st != ndk.StatusSuccess {
		return st
	}
	want := 1
	if post("end of the chain", 0, 1) == ndk.StatusSuccess {
		want = 2
	}
	var ctxs []any
	for _, res := range c.ActiveQP.InitiatorCQ.WaitResults("DP-5", want) {
		if res.RequestContext == "probe" {
			return res.Status
		}
		ctxs = append(ctxs, res.RequestContext)
	}
	suite.Rule("DP-5").Expect(ctxs).To(ContainElement("probe"), "the completions of the chain include the probe's")
	return ndk.StatusSuccess
}

// probe runs one access of len(data) bytes at va, readied by r: a Write
// of data from k.src, or a Read into k.sink filled with data first. It
// returns the status, inline or of the completion, and for a Read the
// first len(data) bytes of the sink after it.
func (k *memLink) probe(write bool, r reach, va uint64, data []byte) (ndk.Status, []byte) {
	GinkgoHelper()
	n := len(data)
	if write {
		k.src.Store(0, data)
		return k.access(true, r, va, n), nil
	}
	k.sink.Store(0, data)
	st := k.access(false, r, va, n)
	return st, bytes.Clone(k.sink.Bytes()[:n])
}

// opName names the access for the messages.
func opName(write bool) string {
	if write {
		return "NdkWrite"
	}
	return "NdkRead"
}

// bytesOf is how a spec reads side B's memory a probe aims at.
func bytesOf(mr *suite.MR) func() []byte { return mr.Bytes }

// expectDenied runs a Write and a Read of n bytes at va, each readied by
// r, and checks against rule that each fails (with any status: the pages
// of NdkWrite and NdkRead allow every failure status) and that no data
// moves: target (side B's memory the probe aims at, nil when none) keeps
// its bytes, and the sink of the Read keeps its own.
func (k *memLink) expectDenied(rule, what string, r reach, va uint64, n int, target func() []byte) {
	GinkgoHelper()
	var before []byte
	if target != nil {
		before = bytes.Clone(target())
	}
	st, _ := k.probe(true, r, va, memPattern(n, 0xa0))
	suite.Rule(rule).Expect(st).NotTo(Equal(ndk.StatusSuccess), "%s of %d byte(s) %s fails", opName(true), n, what)
	if target != nil {
		suite.Rule(rule).Expect(bytes.Equal(target(), before)).To(BeTrue(), "%s of %d byte(s) %s moves no data: the target keeps its bytes", opName(true), n, what)
	}
	st, got := k.probe(false, r, va, memPattern(n, 0x50))
	suite.Rule(rule).Expect(st).NotTo(Equal(ndk.StatusSuccess), "%s of %d byte(s) %s fails", opName(false), n, what)
	suite.Rule(rule).Expect(bytes.Equal(got, memPattern(n, 0x50))).To(BeTrue(), "%s of %d byte(s) %s moves no data: the sink keeps its bytes", opName(false), n, what)
}

// expectAllowed runs a Write of fresh bytes and then a Read of n bytes at
// va, each readied by r, and checks against rule that both succeed and
// move the bytes: the Write's into target at off, and back with the Read.
func (k *memLink) expectAllowed(rule, what string, r reach, va uint64, n int, target func() []byte, off int) {
	GinkgoHelper()
	k.seed++
	want := memPattern(n, k.seed*13)
	st, _ := k.probe(true, r, va, want)
	suite.Rule(rule).Expect(st).To(Equal(ndk.StatusSuccess), "%s of %d byte(s) %s succeeds", opName(true), n, what)
	suite.Rule(rule).Expect(target()[off:off+n]).To(Equal(want), "%s of %d byte(s) %s lands at offset %d of the region", opName(true), n, what, off)
	st, got := k.probe(false, r, va, make([]byte, n))
	suite.Rule(rule).Expect(st).To(Equal(ndk.StatusSuccess), "%s of %d byte(s) %s succeeds", opName(false), n, what)
	suite.Rule(rule).Expect(got).To(Equal(want), "%s of %d byte(s) %s reads offset %d of the region", opName(false), n, what, off)
}

// wrongToken is a token that differs from t in bit (or, when that gives
// 0 or one of known, in the next bit that does not).
func wrongToken(t uint32, bit uint, known ...uint32) uint32 {
	for {
		w := t ^ 1<<bit
		ok := w != 0
		for _, k := range known {
			ok = ok && w != k
		}
		if ok {
			return w
		}
		bit = (bit + 1) % 32
	}
}
