package sim

import (
	"bytes"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// Data-path helpers.

func dataQPParams(s *side, ctx string) ndk.QPParams {
	return ndk.QPParams{ReceiveCQ: s.cq, InitiatorCQ: s.cq, Context: ctx, ReceiveQueueDepth: 16, InitiatorQueueDepth: 16,
		MaxReceiveRequestSGE: 4, MaxInitiatorRequestSGE: 4, InlineDataSize: 64}
}

func dataQP(t testing.TB, s *side, ctx string) ndk.QP {
	t.Helper()
	return mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) {
		return s.pd.CreateQP(dataQPParams(s, ctx), d, c)
	})
}

func newMR(t testing.TB, pd ndk.PD, fast bool) ndk.MR {
	t.Helper()
	return mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.MR, ndk.Status) { return pd.CreateMR(fast, d, c) })
}

// regMR creates an MR and registers buf at va.
func regMR(t testing.TB, pd ndk.PD, buf []byte, va uint64, flags uint32) ndk.MR {
	t.Helper()
	m := newMR(t, pd, false)
	expect(t, "Register", do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return m.Register(buf, va, flags, d, c) }), ndk.StatusSuccess)
	return m
}

func sge(va uint64, n uint32, tok uint32) ndk.SGE {
	return ndk.SGE{VirtualAddress: va, Length: n, MemoryRegionToken: tok}
}

// poll collects n completions from cq.
func poll(t testing.TB, cq ndk.CQ, n int) []ndk.ResultEx {
	t.Helper()
	var out []ndk.ResultEx
	deadline := time.Now().Add(waitFor)
	buf := make([]ndk.ResultEx, 8)
	for len(out) < n {
		k := cq.GetResultsEx(buf[:min(len(buf), n-len(out))])
		out = append(out, buf[:k]...)
		if k == 0 {
			if time.Now().After(deadline) {
				t.Fatalf("%d of %d completions", len(out), n)
			}
			time.Sleep(time.Millisecond)
		}
	}
	return out
}

func poll1(t testing.TB, cq ndk.CQ) ndk.ResultEx {
	t.Helper()
	return poll(t, cq, 1)[0]
}

// empty asserts cq holds no completion. The sim queues completions before
// the work request call returns, so nothing may come later.
func empty(t testing.TB, cq ndk.CQ, what string) {
	t.Helper()
	var r [1]ndk.ResultEx
	if cq.GetResultsEx(r[:]) != 0 {
		t.Errorf("%s: unexpected completion %+v", what, r[0])
	}
}

// check asserts one completion.
func check(t testing.TB, what string, r ndk.ResultEx, st ndk.Status, typ ndk.OperationType, qpCtx, reqCtx any) {
	t.Helper()
	if r.Status != st || r.Type != typ || r.QPContext != qpCtx || r.RequestContext != reqCtx {
		t.Errorf("%s: completion {%v %v qp=%v req=%v}; want {%v %v qp=%v req=%v}", what, r.Status, r.Type, r.QPContext, r.RequestContext,
			st, typ, qpCtx, reqCtx)
	}
	if st == ndk.StatusSuccess && r.ProviderErrorCode != 0 {
		t.Errorf("%s: ProviderErrorCode %d on success", what, r.ProviderErrorCode)
	}
}

// pair is two sides with a connection between data QPs.
type pair struct {
	A, B *side
	ls   *listening
	c    *conn
}

func newPair(t testing.TB, e *env) *pair {
	t.Helper()
	A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
	return connectPair(t, e, A, B, dataQP(t, A, "qa"), dataQP(t, B, "qb"))
}

func connectPair(t testing.TB, e *env, A, B *side, qa, qb ndk.QP) *pair {
	t.Helper()
	ls := listen(t, B, ap(e.b.IPv4, 0))
	return &pair{A: A, B: B, ls: ls, c: establishQPs(t, A, ap(e.a.IPv4, 0), nil, B, ls, qa, qb)}
}

// close closes the connection, then objs in order, then the rest.
func (p *pair) close(t testing.TB, objs ...ndk.Object) {
	t.Helper()
	p.c.close(t)
	mustClose(t, objs...)
	mustClose(t, p.ls.l)
	p.A.close(t)
	p.B.close(t)
}

func TestSendReceive(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		qa, qb := dataQP(t, A, "qa"), dataQP(t, B, "qb")
		abuf := make([]byte, 128)
		for i := range abuf {
			abuf[i] = byte(i + 1)
		}
		bbuf := make([]byte, 64)
		ma := regMR(t, A.pd, abuf, 0x20000, 0)
		mb := regMR(t, B.pd, bbuf, 0x10000, ndk.MRFlagAllowLocalWrite)
		al, bl := ma.LocalToken(), mb.LocalToken()

		// A receive posted before the connection, with two SGEs.
		expect(t, "Receive before connecting", qb.Receive("r1", []ndk.SGE{sge(0x10000, 10, bl), sge(0x10000+32, 22, bl)}), ndk.StatusSuccess)
		p := connectPair(t, e, A, B, qa, qb)
		expect(t, "Send", qa.Send("s1", []ndk.SGE{sge(0x20000, 20, al), sge(0x20000+20, 12, al)}, 0), ndk.StatusSuccess)
		check(t, "send", poll1(t, A.cq), ndk.StatusSuccess, ndk.OpSend, "qa", "s1")
		r := poll1(t, B.cq)
		check(t, "receive", r, ndk.StatusSuccess, ndk.OpReceive, "qb", "r1")
		if r.BytesTransferred != 32 || !bytes.Equal(bbuf[:10], abuf[:10]) || !bytes.Equal(bbuf[32:54], abuf[10:32]) {
			t.Errorf("received %d bytes: %v", r.BytesTransferred, bbuf)
		}

		// A send with no receive posted waits for one.
		expect(t, "Send", qa.Send("s2", []ndk.SGE{sge(0x20000+100, 5, al)}, 0), ndk.StatusSuccess)
		empty(t, A.cq, "send waiting for a receive")
		empty(t, B.cq, "no receive posted")
		expect(t, "Receive", qb.Receive("r2", []ndk.SGE{sge(0x10000, 64, bl)}), ndk.StatusSuccess)
		check(t, "waiting send", poll1(t, A.cq), ndk.StatusSuccess, ndk.OpSend, "qa", "s2")
		if r := poll1(t, B.cq); r.BytesTransferred != 5 || !bytes.Equal(bbuf[:5], abuf[100:105]) {
			t.Errorf("late receive: %+v %v", r, bbuf[:5])
		}

		// A receive too small: errors on both sides.
		expect(t, "Receive", qb.Receive("r3", []ndk.SGE{sge(0x10000, 4, bl)}), ndk.StatusSuccess)
		expect(t, "Send", qa.Send("s3", []ndk.SGE{sge(0x20000, 8, al)}, 0), ndk.StatusSuccess)
		check(t, "send into a small receive", poll1(t, A.cq), ndk.StatusRemoteResources, ndk.OpSend, "qa", "s3")
		check(t, "small receive", poll1(t, B.cq), ndk.StatusBufferOverflow, ndk.OpReceive, "qb", "r3")

		// A bad local SGE: the send fails, no receive is taken.
		expect(t, "Receive", qb.Receive("r4", []ndk.SGE{sge(0x10000, 64, bl)}), ndk.StatusSuccess)
		expect(t, "Send", qa.Send("s4", []ndk.SGE{sge(0x20000, 4, 0xdead)}, 0), ndk.StatusSuccess)
		check(t, "bad token", poll1(t, A.cq), ndk.StatusAccessViolation, ndk.OpSend, "qa", "s4")
		expect(t, "Send", qa.Send("s5", []ndk.SGE{sge(0x20000+120, 9, al)}, 0), ndk.StatusSuccess) // past the MR
		check(t, "SGE past the MR", poll1(t, A.cq), ndk.StatusAccessViolation, ndk.OpSend, "qa", "s5")
		empty(t, B.cq, "failed sends")

		// INLINE: the token is ignored; the VA is resolved through A's MR.
		expect(t, "inline Send", qa.Send("s6", []ndk.SGE{sge(0x20000+40, 3, 0), sge(0x20000+50, 4, 0xbad)}, ndk.OpFlagInline), ndk.StatusSuccess)
		check(t, "inline send", poll1(t, A.cq), ndk.StatusSuccess, ndk.OpSend, "qa", "s6")
		if r := poll1(t, B.cq); r.RequestContext != "r4" || r.BytesTransferred != 7 || !bytes.Equal(bbuf[:7], append(abuf[40:43:43], abuf[50:54]...)) {
			t.Errorf("inline receive %+v %v", r, bbuf[:7])
		}
		expect(t, "inline Send over InlineDataSize", qa.Send("x", []ndk.SGE{sge(0x20000, 65, 0)}, ndk.OpFlagInline), ndk.StatusInvalidParameter)
		five := []ndk.SGE{sge(0x20000, 1, al), sge(0x20000, 1, al), sge(0x20000, 1, al), sge(0x20000, 1, al), sge(0x20000, 1, al)}
		expect(t, "Send with 5 SGEs", qa.Send("x", five, 0), ndk.StatusInvalidParameter)
		expect(t, "inline Send with 5 SGEs", qa.Send("s7", five, ndk.OpFlagInline), ndk.StatusSuccess) // QP-10
		expect(t, "Receive with 5 SGEs", qb.Receive("x", five), ndk.StatusInvalidParameter)
		expect(t, "Receive", qb.Receive("r5", []ndk.SGE{sge(0x10000, 64, bl)}), ndk.StatusSuccess)
		check(t, "inline send, 5 SGEs", poll1(t, A.cq), ndk.StatusSuccess, ndk.OpSend, "qa", "s7")
		check(t, "receive", poll1(t, B.cq), ndk.StatusSuccess, ndk.OpReceive, "qb", "r5")

		// SILENT_SUCCESS: no entry on success, one on failure (QP-6).
		expect(t, "Receive", qb.Receive("r6", []ndk.SGE{sge(0x10000, 64, bl)}), ndk.StatusSuccess)
		expect(t, "silent Send", qa.Send("s8", []ndk.SGE{sge(0x20000, 2, al)}, ndk.OpFlagSilentSuccess), ndk.StatusSuccess)
		empty(t, A.cq, "silent success")
		check(t, "receive of a silent send", poll1(t, B.cq), ndk.StatusSuccess, ndk.OpReceive, "qb", "r6")
		expect(t, "silent Send, bad token", qa.Send("s9", []ndk.SGE{sge(0x20000, 2, 1)}, ndk.OpFlagSilentSuccess), ndk.StatusSuccess)
		check(t, "silent failure", poll1(t, A.cq), ndk.StatusAccessViolation, ndk.OpSend, "qa", "s9")

		// The initiator queue holds InitiatorQueueDepth requests.
		for i := range 16 {
			expect(t, "Send", qa.Send(i, []ndk.SGE{sge(0x20000, 1, al)}, 0), ndk.StatusSuccess)
		}
		expect(t, "Send on a full initiator queue", qa.Send("x", []ndk.SGE{sge(0x20000, 1, al)}, 0), ndk.StatusInsufficientResources)
		for i := range 16 {
			expect(t, "Receive", qb.Receive(i, []ndk.SGE{sge(0x10000, 1, bl)}), ndk.StatusSuccess)
		}
		poll(t, A.cq, 16)
		poll(t, B.cq, 16)
		for i := range 16 {
			expect(t, "Receive", qb.Receive(i, []ndk.SGE{sge(0x10000, 1, bl)}), ndk.StatusSuccess)
		}
		expect(t, "Receive on a full receive queue", qb.Receive("x", []ndk.SGE{sge(0x10000, 1, bl)}), ndk.StatusInsufficientResources)
		qb.Flush()
		for i, r := range poll(t, B.cq, 16) {
			check(t, "flushed receive", r, ndk.StatusCancelled, ndk.OpReceive, "qb", i)
		}
		p.close(t, ma, mb)
	})
}

// QP-5, DP-4: initiator requests on a QP that is not connected fail inline
// and queue nothing; receives may be posted; Flush cancels them.
func TestNotConnected(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A := newSide(t, e, e.a.IPv4)
		q := dataQP(t, A, "q")
		buf := make([]byte, 64)
		m := regMR(t, A.pd, buf, 0x1000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagRDMAReadSink)
		fm := newMR(t, A.pd, true)
		w := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.MW, ndk.Status) { return A.pd.CreateMW(d, c) })
		l := m.LocalToken()
		s := []ndk.SGE{sge(0x1000, 8, l)}
		expect(t, "Receive", q.Receive("r", s), ndk.StatusSuccess)
		for name, st := range map[string]ndk.Status{
			"Send":              q.Send("x", s, 0),
			"SendAndInvalidate": q.SendAndInvalidate("x", s, 1, 0),
			"Write":             q.Write("x", s, 0x1000, m.RemoteToken(), 0),
			"Read":              q.Read("x", s, 0x1000, m.RemoteToken(), 0),
			"Bind":              q.Bind("x", m, w, 0x1000, 8, ndk.OpFlagAllowRemoteRead),
			"FastRegister":      q.FastRegister("x", fm, []uint64{0x1000}, 0, 8, 0x1000, 0),
			"Invalidate":        q.Invalidate("x", w, 0),
			"deferred Write":    q.Write("x", s, 0x1000, m.RemoteToken(), ndk.OpFlagDefer),
		} {
			expect(t, name+" on a QP not connected", st, ndk.StatusConnectionInvalid)
		}
		empty(t, A.cq, "failed requests")
		q.Flush()
		check(t, "flushed receive", poll1(t, A.cq), ndk.StatusCancelled, ndk.OpReceive, "q", "r")
		q.Flush()
		empty(t, A.cq, "second flush")
		mustClose(t, q, w, m, fm)
		A.close(t)
	})
}

func TestRDMA(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		p := newPair(t, e)
		qa := p.c.qa
		abuf, bbuf, cbuf := make([]byte, 512), make([]byte, 4096), make([]byte, 64)
		for i := range abuf {
			abuf[i] = byte(i*7 + 3)
		}
		for i := range bbuf {
			bbuf[i] = byte(i * 13)
		}
		ma := regMR(t, p.A.pd, abuf, 0x8000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagRDMAReadSink)
		mna := regMR(t, p.A.pd, make([]byte, 64), 0x9000, ndk.MRFlagAllowLocalWrite) // not a read sink
		mb := regMR(t, p.B.pd, bbuf, 0x40000, ndk.MRFlagAllowRemoteRead|ndk.MRFlagAllowRemoteWrite)
		mc := regMR(t, p.B.pd, cbuf, 0x50000, ndk.MRFlagAllowRemoteRead) // no remote write
		al, rb, rc := ma.LocalToken(), mb.RemoteToken(), mc.RemoteToken()

		expect(t, "Write", qa.Write("w1", []ndk.SGE{sge(0x8000, 60, al), sge(0x8000+100, 40, al)}, 0x40000+10, rb, 0), ndk.StatusSuccess)
		check(t, "write", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpWrite, "qa", "w1")
		if !bytes.Equal(bbuf[10:70], abuf[:60]) || !bytes.Equal(bbuf[70:110], abuf[100:140]) {
			t.Errorf("RDMA write: remote memory %v", bbuf[:120])
		}
		expect(t, "Read", qa.Read("r1", []ndk.SGE{sge(0x8000+200, 50, al), sge(0x8000+300, 30, al)}, 0x40000+1000, rb, 0), ndk.StatusSuccess)
		check(t, "read", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpRead, "qa", "r1")
		if !bytes.Equal(abuf[200:250], bbuf[1000:1050]) || !bytes.Equal(abuf[300:330], bbuf[1050:1080]) {
			t.Errorf("RDMA read: local memory %v", abuf[200:330])
		}
		empty(t, p.B.cq, "the target of RDMA")

		for _, tc := range []struct {
			name string
			post func() ndk.Status
			want ndk.Status
		}{
			{"read past the end", func() ndk.Status { return qa.Read("x", []ndk.SGE{sge(0x8000, 50, al)}, 0x40000+4090, rb, 0) }, ndk.StatusRemoteResources},
			{"write past the end", func() ndk.Status { return qa.Write("x", []ndk.SGE{sge(0x8000, 8, al)}, 0x40000+4095, rb, 0) }, ndk.StatusRemoteResources},
			{"read before the start", func() ndk.Status { return qa.Read("x", []ndk.SGE{sge(0x8000, 8, al)}, 0x40000-4, rb, 0) }, ndk.StatusRemoteResources},
			{"write without remote write", func() ndk.Status { return qa.Write("x", []ndk.SGE{sge(0x8000, 8, al)}, 0x50000, rc, 0) }, ndk.StatusAccessViolation},
			{"write with a bad token", func() ndk.Status { return qa.Write("x", []ndk.SGE{sge(0x8000, 8, al)}, 0x40000, 0x1234, 0) }, ndk.StatusAccessViolation},
			{"write with a local token", func() ndk.Status {
				return qa.Write("x", []ndk.SGE{sge(0x8000, 8, al)}, 0x40000, mb.LocalToken(), 0)
			}, ndk.StatusAccessViolation},
			{"write with the privileged token", func() ndk.Status {
				return qa.Write("x", []ndk.SGE{sge(0x8000, 8, al)}, 0x40000, p.B.pd.PrivilegedMemoryRegionToken(), 0)
			}, ndk.StatusAccessViolation},
			{"read into a non-sink", func() ndk.Status {
				return qa.Read("x", []ndk.SGE{sge(0x9000, 8, mna.LocalToken())}, 0x40000, rb, 0)
			}, ndk.StatusAccessViolation},
			{"silent write with a bad token", func() ndk.Status {
				return qa.Write("x", []ndk.SGE{sge(0x8000, 8, al)}, 0x40000, 0x1234, ndk.OpFlagSilentSuccess)
			}, ndk.StatusAccessViolation},
		} {
			expect(t, tc.name, tc.post(), ndk.StatusSuccess)
			r := poll1(t, p.A.cq)
			if r.Status != tc.want || r.RequestContext != "x" {
				t.Errorf("%s: completion %v (%v); want %v", tc.name, r.Status, r.RequestContext, tc.want)
			}
		}
		// The connection survives the errors; SILENT_SUCCESS queues nothing.
		expect(t, "silent Write", qa.Write("w2", []ndk.SGE{sge(0x8000, 4, al)}, 0x40000+4092, rb, ndk.OpFlagSilentSuccess), ndk.StatusSuccess)
		empty(t, p.A.cq, "silent write")
		if !bytes.Equal(bbuf[4092:], abuf[:4]) {
			t.Errorf("silent write: %v", bbuf[4092:])
		}
		// INLINE write.
		expect(t, "inline Write", qa.Write("w3", []ndk.SGE{sge(0x8000+8, 8, 0)}, 0x40000, rb, ndk.OpFlagInline), ndk.StatusSuccess)
		check(t, "inline write", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpWrite, "qa", "w3")
		if !bytes.Equal(bbuf[:8], abuf[8:16]) {
			t.Errorf("inline write: %v", bbuf[:8])
		}
		// DEFER: held until a request without it (DP-2), then in order.
		expect(t, "deferred Write", qa.Write("d1", []ndk.SGE{sge(0x8000, 1, al)}, 0x40000+2000, rb, ndk.OpFlagDefer), ndk.StatusSuccess)
		expect(t, "deferred Write", qa.Write("d2", []ndk.SGE{sge(0x8000, 1, al)}, 0x40000+2001, rb, ndk.OpFlagDefer), ndk.StatusSuccess)
		expect(t, "Read", qa.Read("d3", []ndk.SGE{sge(0x8000+400, 2, al)}, 0x40000+2000, rb, 0), ndk.StatusSuccess)
		rs := poll(t, p.A.cq, 3)
		for i, ctx := range []string{"d1", "d2", "d3"} {
			if rs[i].RequestContext != ctx || rs[i].Status != ndk.StatusSuccess {
				t.Errorf("deferred chain completion %d: %+v", i, rs[i])
			}
		}
		if abuf[400] != abuf[0] || abuf[401] != abuf[0] {
			t.Errorf("the read did not see the deferred writes")
		}
		// DP-6: an inline failure executes the deferred requests.
		expect(t, "deferred Write", qa.Write("d4", []ndk.SGE{sge(0x8000, 1, al)}, 0x40000, rb, ndk.OpFlagDefer), ndk.StatusSuccess)
		expect(t, "Write with 5 SGEs", qa.Write("x", make([]ndk.SGE, 5), 0x40000, rb, 0), ndk.StatusInvalidParameter)
		check(t, "deferred write after an inline failure", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpWrite, "qa", "d4")
		p.close(t, ma, mna, mb, mc)
	})
}

// QP-21, QP-22: Flush, Disconnect and close cancel what is pending.
func TestFlushAndClose(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		p := newPair(t, e)
		qa, qb := p.c.qa, p.c.qb
		buf := make([]byte, 64)
		ma := regMR(t, p.A.pd, buf, 0x1000, ndk.MRFlagAllowLocalWrite)
		mb := regMR(t, p.B.pd, make([]byte, 64), 0x1000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite)
		al, bl := ma.LocalToken(), mb.LocalToken()

		expect(t, "Receive", qa.Receive("r1", []ndk.SGE{sge(0x1000, 8, al)}), ndk.StatusSuccess)
		expect(t, "Receive", qa.Receive("r2", []ndk.SGE{sge(0x1000, 8, al)}), ndk.StatusSuccess)
		expect(t, "Send", qa.Send("s1", []ndk.SGE{sge(0x1000, 8, al)}, 0), ndk.StatusSuccess) // no receive at B: waits
		expect(t, "deferred Write", qa.Write("w1", []ndk.SGE{sge(0x1000, 8, al)}, 0x1000, mb.RemoteToken(), ndk.OpFlagDefer), ndk.StatusSuccess)
		empty(t, p.A.cq, "pending requests")
		qa.Flush()
		rs := poll(t, p.A.cq, 4)
		check(t, "flushed send", rs[0], ndk.StatusCancelled, ndk.OpSend, "qa", "s1")
		check(t, "flushed write", rs[1], ndk.StatusCancelled, ndk.OpWrite, "qa", "w1")
		check(t, "flushed receive", rs[2], ndk.StatusCancelled, ndk.OpReceive, "qa", "r1")
		check(t, "flushed receive", rs[3], ndk.StatusCancelled, ndk.OpReceive, "qa", "r2")
		expect(t, "Receive", qb.Receive("rb", []ndk.SGE{sge(0x1000, 8, bl)}), ndk.StatusSuccess)
		empty(t, p.B.cq, "receive after the send was flushed")

		// The QP works after a flush.
		expect(t, "Send", qa.Send("s2", []ndk.SGE{sge(0x1000, 8, al)}, 0), ndk.StatusSuccess)
		check(t, "send", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpSend, "qa", "s2")
		check(t, "receive", poll1(t, p.B.cq), ndk.StatusSuccess, ndk.OpReceive, "qb", "rb")

		// Disconnect flushes the QP (QP-22), not the peer's (CN-16).
		expect(t, "Receive", qb.Receive("rb2", []ndk.SGE{sge(0x1000, 8, bl)}), ndk.StatusSuccess)
		expect(t, "Receive", qa.Receive("ra3", []ndk.SGE{sge(0x1000, 8, al)}), ndk.StatusSuccess)
		expect(t, "Send", qb.Send("sb", []ndk.SGE{sge(0x1000, 1, bl)}, 0), ndk.StatusSuccess) // consumes ra3
		check(t, "send", poll1(t, p.B.cq), ndk.StatusSuccess, ndk.OpSend, "qb", "sb")
		check(t, "receive", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpReceive, "qa", "ra3")
		expect(t, "Receive", qa.Receive("ra4", []ndk.SGE{sge(0x1000, 8, al)}), ndk.StatusSuccess)
		expect(t, "Disconnect", do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return p.c.b.Disconnect(d, c) }), ndk.StatusSuccess)
		check(t, "receive flushed by Disconnect", poll1(t, p.B.cq), ndk.StatusCancelled, ndk.OpReceive, "qb", "rb2")
		empty(t, p.A.cq, "the peer of a disconnect")
		expect(t, "Send after the peer disconnected", qa.Send("x", []ndk.SGE{sge(0x1000, 1, al)}, 0), ndk.StatusConnectionInvalid)
		expect(t, "Send after Disconnect", qb.Send("x", []ndk.SGE{sge(0x1000, 1, bl)}, 0), ndk.StatusConnectionInvalid)

		// Closing the QP flushes it, even while its connector is open.
		qc := startClose(t, qa)
		check(t, "receive flushed by close", poll1(t, p.A.cq), ndk.StatusCancelled, ndk.OpReceive, "qa", "ra4")
		stillPending(t, qc, "QP close with its connector open")
		mustClose(t, p.c.a)
		qc.wait(t)
		mustClose(t, p.c.b, qb, ma, mb, p.ls.l)
		p.A.close(t)
		p.B.close(t)
	})
}

// Closing a connected connector flushes its QP; the peer's waiting send is
// left to the peer (CN-16) until it flushes.
func TestConnectorCloseFlushes(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		p := newPair(t, e)
		qa, qb := p.c.qa, p.c.qb
		ma := regMR(t, p.A.pd, make([]byte, 8), 0x1000, ndk.MRFlagAllowLocalWrite)
		mb := regMR(t, p.B.pd, make([]byte, 8), 0x1000, ndk.MRFlagAllowLocalWrite)
		expect(t, "Receive", qa.Receive("ra", []ndk.SGE{sge(0x1000, 8, ma.LocalToken())}), ndk.StatusSuccess)
		expect(t, "Send", qb.Send("sb1", []ndk.SGE{sge(0x1000, 8, mb.LocalToken())}, 0), ndk.StatusSuccess)
		expect(t, "Send", qb.Send("sb2", []ndk.SGE{sge(0x1000, 8, mb.LocalToken())}, 0), ndk.StatusSuccess)
		poll(t, p.A.cq, 1)
		poll(t, p.B.cq, 1)
		expect(t, "Receive", qa.Receive("ra2", []ndk.SGE{sge(0x1000, 8, ma.LocalToken())}), ndk.StatusSuccess)
		poll(t, p.A.cq, 1) // sb2 went into ra2
		poll(t, p.B.cq, 1)
		expect(t, "Receive", qa.Receive("ra3", []ndk.SGE{sge(0x1000, 8, ma.LocalToken())}), ndk.StatusSuccess)
		expect(t, "Send", qb.Send("sb3", []ndk.SGE{sge(0x1000, 8, mb.LocalToken())}, 0), ndk.StatusSuccess)
		poll(t, p.A.cq, 1)
		poll(t, p.B.cq, 1)
		expect(t, "Receive", qa.Receive("ra4", []ndk.SGE{sge(0x1000, 8, ma.LocalToken())}), ndk.StatusSuccess)
		expect(t, "Receive", qb.Receive("rb", []ndk.SGE{sge(0x1000, 8, mb.LocalToken())}), ndk.StatusSuccess)
		mustClose(t, p.c.a)
		check(t, "receive flushed by the connector's close", poll1(t, p.A.cq), ndk.StatusCancelled, ndk.OpReceive, "qa", "ra4")
		select {
		case <-p.c.discB:
		case <-time.After(waitFor):
			t.Fatalf("no disconnect event")
		}
		empty(t, p.B.cq, "the peer of an abort")
		qb.Flush()
		check(t, "peer's flush", poll1(t, p.B.cq), ndk.StatusCancelled, ndk.OpReceive, "qb", "rb")
		mustClose(t, p.c.b, qa, qb, ma, mb, p.ls.l)
		p.A.close(t)
		p.B.close(t)
	})
}
