package sim

import (
	"bytes"
	"testing"
	"time"
	"unsafe"

	"github.com/ndkconform/ndkconform/ndk"
)

func TestMRRegistration(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A := newSide(t, e, e.a.IPv4)
		buf := make([]byte, 100)
		m := newMR(t, A.pd, false)
		if m.ObjectType() != ndk.ObjectTypeMR {
			t.Errorf("ObjectType %v", m.ObjectType())
		}
		reg := func(mr ndk.MR, b []byte, va uint64) ndk.Status {
			return do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
				return mr.Register(b, va, ndk.MRFlagAllowLocalWrite, d, c)
			})
		}
		dereg := func(mr ndk.MR) ndk.Status {
			return do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return mr.Deregister(d, c) })
		}
		initFR := func(mr ndk.MR, pages uint32, remote bool) ndk.Status {
			return do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return mr.InitializeFastRegister(pages, remote, d, c) })
		}
		expect(t, "Register at VA 0", reg(m, buf, 0), ndk.StatusInvalidParameter) // MR-6
		expect(t, "Deregister, not registered", dereg(m), ndk.StatusInvalidDeviceState)
		expect(t, "Register", reg(m, buf, 0x1000), ndk.StatusSuccess)
		expect(t, "Register twice", reg(m, buf, 0x1000), ndk.StatusInvalidDeviceState)
		expect(t, "InitializeFastRegister on a normal MR", initFR(m, 4, false), ndk.StatusInvalidDeviceState)
		fm := newMR(t, A.pd, true)
		expect(t, "Register on a fast-register MR", reg(fm, buf, 0x1000), ndk.StatusInvalidDeviceState)
		expect(t, "InitializeFastRegister over FRMRPageCount", initFR(fm, 257, true), ndk.StatusImplementationLimit) // MR-10
		expect(t, "InitializeFastRegister", initFR(fm, 16, true), ndk.StatusSuccess)
		expect(t, "InitializeFastRegister again", initFR(fm, 8, false), ndk.StatusSuccess)
		pd2 := mustCreate(t, A.ad.CreatePD)
		toks := map[uint32]string{}
		for name, tok := range map[string]uint32{
			"MR local": m.LocalToken(), "MR remote": m.RemoteToken(), "FRMR local": fm.LocalToken(), "FRMR remote": fm.RemoteToken(),
			"privileged": A.pd.PrivilegedMemoryRegionToken(), "privileged 2": pd2.PrivilegedMemoryRegionToken(),
		} {
			if tok == 0 {
				t.Errorf("%s token is 0", name)
			}
			if other, dup := toks[tok]; dup {
				t.Errorf("%s token = %s token = %#x", name, other, tok)
			}
			toks[tok] = name
		}
		old := m.LocalToken()
		expect(t, "Deregister", dereg(m), ndk.StatusSuccess)
		expect(t, "Deregister twice", dereg(m), ndk.StatusInvalidDeviceState)
		expect(t, "Register again", reg(m, buf, 0x2000), ndk.StatusSuccess)
		if m.LocalToken() == 0 || m.LocalToken() == old {
			t.Errorf("re-registration token %#x (old %#x)", m.LocalToken(), old)
		}

		// LT-16: the PD waits for its MRs.
		pc := startClose(t, pd2)
		m2 := newMR(t, A.pd, false)
		c := startClose(t, A.pd)
		stillPending(t, c, "PD close with MRs open")
		mustClose(t, m, fm, m2)
		c.wait(t)
		pc.wait(t)
		mustClose(t, A.cq)
		closeAdapter(t, A.ad)
	})
}

// LT-23, CR-7: a close waits for the completion of a pending request. Only
// the deferred personality leaves a request pending past its call.
func TestCloseWaitsForPendingRequests(t *testing.T) {
	e := openEnv(t, map[string]string{OptCompletion: CompletionDeferred})
	A := newSide(t, e, e.a.IPv4)
	srq := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.SRQ, ndk.Status) {
		return A.pd.CreateSRQ(ndk.SRQParams{Depth: 4, MaxReceiveRequestSGE: 1}, d, c)
	})
	m := newMR(t, A.pd, false)
	for _, tc := range []struct {
		name string
		obj  ndk.Object
		call func(ndk.RequestCompletion) ndk.Status
	}{
		{"MR with Register pending", m, func(d ndk.RequestCompletion) ndk.Status { return m.Register(make([]byte, 8), 0x1000, 0, d, nil) }},
		{"CQ with Resize pending", A.cq, func(d ndk.RequestCompletion) ndk.Status { return A.cq.Resize(32, d, nil) }},
		{"SRQ with Modify pending", srq, func(d ndk.RequestCompletion) ndk.Status { return srq.Modify(8, 0, d, nil) }},
	} {
		hold, entered := make(chan struct{}), make(chan ndk.Status, 1)
		st := tc.call(func(_ any, s ndk.Status) { entered <- s; <-hold })
		expect(t, tc.name, st, ndk.StatusPending)
		expect(t, tc.name+": completion", <-entered, ndk.StatusSuccess)
		c := startClose(t, tc.obj)
		stillPending(t, c, tc.name)
		close(hold)
		c.wait(t)
	}
	mustClose(t, A.pd)
	closeAdapter(t, A.ad)
}

// CR-11: max-objects makes creates fail with STATUS_INSUFFICIENT_RESOURCES,
// inline or through the completion.
func TestMaxObjects(t *testing.T) {
	for _, p := range personalities {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			opts := map[string]string{OptMaxObjects: "3"}
			for k, v := range p.opts {
				opts[k] = v
			}
			e := openEnv(t, opts)
			A := newSide(t, e, e.a.IPv4) // PD and CQ
			m := newMR(t, A.pd, false)
			_, st := createT(t, func(d ndk.CreateCompletion, c any) (ndk.MW, ndk.Status) { return A.pd.CreateMW(d, c) })
			expect(t, "CreateMW beyond max-objects", st, ndk.StatusInsufficientResources)
			_, st = createT(t, A.ad.CreateConnector)
			expect(t, "CreateConnector beyond max-objects", st, ndk.StatusInsufficientResources)
			mustClose(t, m)
			w := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.MW, ndk.Status) { return A.pd.CreateMW(d, c) })
			mustClose(t, w)
			A.close(t)
		})
	}
}

func TestSRQ(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		for _, p := range []ndk.SRQParams{{Depth: 1025}, {Depth: 8, MaxReceiveRequestSGE: 5}, {Depth: 0}} {
			_, st := createT(t, func(d ndk.CreateCompletion, c any) (ndk.SRQ, ndk.Status) { return B.pd.CreateSRQ(p, d, c) })
			expect(t, "CreateSRQ over the limits", st, ndk.StatusInvalidParameter) // SQ-1
		}
		n := newNotes(t)
		srq := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.SRQ, ndk.Status) {
			return B.pd.CreateSRQ(ndk.SRQParams{Depth: 4, MaxReceiveRequestSGE: 2, NotifyThreshold: 2, Notify: n.cb, NotifyContext: "notify-ctx"}, d, c)
		})
		if srq.ObjectType() != ndk.ObjectTypeSRQ {
			t.Errorf("ObjectType %v", srq.ObjectType())
		}
		qb := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) {
			return B.pd.CreateQPWithSRQ(dataQPParams(B, "qb"), srq, d, c)
		})
		expect(t, "Receive on a QP over an SRQ", qb.Receive("x", nil), ndk.StatusInvalidDeviceState)
		mb := regMR(t, B.pd, make([]byte, 64), 0x1000, ndk.MRFlagAllowLocalWrite)
		bl := mb.LocalToken()
		// Receives posted before the connection.
		for i := range 4 {
			expect(t, "SRQ Receive", srq.Receive(i, []ndk.SGE{sge(0x1000+uint64(16*i), 16, bl)}), ndk.StatusSuccess)
		}
		expect(t, "SRQ Receive, SRQ full", srq.Receive("x", nil), ndk.StatusInsufficientResources)
		expect(t, "SRQ Receive with 3 SGEs", srq.Receive("x", make([]ndk.SGE, 3)), ndk.StatusInvalidParameter)
		p := connectPair(t, e, A, B, dataQP(t, A, "qa"), qb)
		qa := p.c.qa
		abuf := []byte("0123456789abcdef")
		ma := regMR(t, A.pd, abuf, 0x9000, 0)
		send := func(i int) {
			t.Helper()
			expect(t, "Send", qa.Send("s", []ndk.SGE{sge(0x9000, uint32(i+1), ma.LocalToken())}, 0), ndk.StatusSuccess)
			poll(t, A.cq, 1)
			r := poll1(t, B.cq)
			check(t, "SRQ receive", r, ndk.StatusSuccess, ndk.OpReceive, "qb", i)
			if r.BytesTransferred != uint32(i+1) {
				t.Errorf("SRQ receive %d: %d bytes", i, r.BytesTransferred)
			}
		}
		send(0)
		send(1) // 2 left: not below 2
		n.none(t, "SRQ at its threshold")
		send(2) // 1 left
		expect(t, "SRQ notification", n.one(t, "below the threshold"), ndk.StatusSuccess)
		send(3)
		n.none(t, "disarmed after a notification")
		modify := func(d, thr uint32) ndk.Status {
			return do(t, func(dn ndk.RequestCompletion, c any) ndk.Status { return srq.Modify(d, thr, dn, c) })
		}
		expect(t, "Modify(0, 0)", modify(0, 0), ndk.StatusSuccess) // SQ-5: stays disarmed
		n.none(t, "Modify with threshold 0")
		expect(t, "Modify(0, 3)", modify(0, 3), ndk.StatusSuccess) // SQ-4: already below
		n.one(t, "Modify with the count below the threshold")
		expect(t, "Modify over MaxSRQDepth", modify(1025, 0), ndk.StatusInvalidParameter)
		for i := 4; i < 7; i++ {
			expect(t, "SRQ Receive", srq.Receive(i, []ndk.SGE{sge(0x1000, 16, bl)}), ndk.StatusSuccess)
		}
		expect(t, "Modify below the receives queued", modify(2, 0), ndk.StatusInvalidParameter)
		expect(t, "Modify(8, 0)", modify(8, 0), ndk.StatusSuccess) // SQ-3: 0 keeps the threshold, now disarmed
		for i := 7; i < 9; i++ {
			expect(t, "SRQ Receive", srq.Receive(i, []ndk.SGE{sge(0x1000, 16, bl)}), ndk.StatusSuccess)
		}
		expect(t, "Modify(0, 4)", modify(0, 4), ndk.StatusSuccess) // 5 queued: armed
		for i := 4; i < 6; i++ {
			send(i)
		}
		n.one(t, "re-armed SRQ below the threshold")
		// SRQ -> QP: the SRQ close waits for its QP.
		mustClose(t, p.c.a, p.c.b, qa)
		sc := startClose(t, srq)
		stillPending(t, sc, "SRQ close with a QP open")
		mustClose(t, qb)
		sc.wait(t)
		mustClose(t, ma, mb)
		mustClose(t, p.ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestBindMW(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		p := newPair(t, e)
		qa, qb := p.c.qa, p.c.qb
		bbuf := make([]byte, 256)
		mb := regMR(t, p.B.pd, bbuf, 0x50000, ndk.MRFlagAllowLocalWrite)
		mro := regMR(t, p.B.pd, make([]byte, 64), 0x60000, ndk.MRFlagAllowRemoteRead) // no local write
		w := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.MW, ndk.Status) { return p.B.pd.CreateMW(d, c) })
		w2 := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.MW, ndk.Status) { return p.B.pd.CreateMW(d, c) })
		if w.ObjectType() != ndk.ObjectTypeMW {
			t.Errorf("ObjectType %v", w.ObjectType())
		}
		rw := uint32(ndk.OpFlagAllowRemoteRead | ndk.OpFlagAllowRemoteWrite)
		expect(t, "Bind at VA 0", qb.Bind("x", mb, w, 0, 10, rw), ndk.StatusInvalidParameter) // MR-6
		expect(t, "Bind", qb.Bind("b1", mb, w, 0x50000+100, 100, rw), ndk.StatusSuccess)
		tok := w.RemoteToken()
		check(t, "bind", poll1(t, p.B.cq), ndk.StatusSuccess, ndk.OpBind, "qb", "b1")
		if tok == 0 || tok == mb.RemoteToken() {
			t.Errorf("MW token %#x", tok)
		}
		abuf := []byte("through the window")
		ma := regMR(t, p.A.pd, abuf, 0x1000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagRDMAReadSink)
		al := ma.LocalToken()
		rdma := func(what string, st ndk.Status, want ndk.Status, typ ndk.OperationType) {
			t.Helper()
			expect(t, what, st, ndk.StatusSuccess)
			check(t, what, poll1(t, p.A.cq), want, typ, "qa", what)
		}
		rdma("write through the MW", qa.Write("write through the MW", []ndk.SGE{sge(0x1000, 7, al)}, 0x50000+100, tok, 0), ndk.StatusSuccess, ndk.OpWrite)
		if string(bbuf[100:107]) != "through" {
			t.Errorf("remote memory %q", bbuf[100:107])
		}
		rdma("read through the MW", qa.Read("read through the MW", []ndk.SGE{sge(0x1000+8, 3, al)}, 0x50000+102, tok, 0), ndk.StatusSuccess, ndk.OpRead)
		if string(abuf[8:11]) != "rou" {
			t.Errorf("read %q", abuf[8:11])
		}
		rdma("write before the window", qa.Write("write before the window", []ndk.SGE{sge(0x1000, 7, al)}, 0x50000+95, tok, 0), ndk.StatusRemoteResources, ndk.OpWrite)
		rdma("write through the MR's own token", qa.Write("write through the MR's own token", []ndk.SGE{sge(0x1000, 7, al)}, 0x50000+100, mb.RemoteToken(), 0), ndk.StatusAccessViolation, ndk.OpWrite)

		// MR-15: remote write needs an MR with local write.
		expect(t, "Bind", qb.Bind("b2", mro, w2, 0x60000, 10, rw), ndk.StatusSuccess)
		check(t, "bind for write on a read-only MR", poll1(t, p.B.cq), ndk.StatusAccessViolation, ndk.OpBind, "qb", "b2")
		expect(t, "Bind", qb.Bind("b3", mro, w2, 0x60000+60, 10, ndk.OpFlagAllowRemoteRead), ndk.StatusSuccess)
		check(t, "bind past the MR", poll1(t, p.B.cq), ndk.StatusAccessViolation, ndk.OpBind, "qb", "b3")
		expect(t, "Bind", qb.Bind("b4", mro, w2, 0x60000, 10, ndk.OpFlagAllowRemoteRead|ndk.OpFlagSilentSuccess), ndk.StatusSuccess)
		empty(t, p.B.cq, "silent bind")

		// MR -> MW: the MR close waits for the MW.
		mc := startClose(t, mb)
		stillPending(t, mc, "MR close with a bound MW open")
		expect(t, "Invalidate", qb.Invalidate("i1", w, 0), ndk.StatusSuccess)
		check(t, "invalidate", poll1(t, p.B.cq), ndk.StatusSuccess, ndk.OpInvalidate, "qb", "i1")
		rdma("write through an invalidated MW", qa.Write("write through an invalidated MW", []ndk.SGE{sge(0x1000, 7, al)}, 0x50000+100, tok, 0), ndk.StatusAccessViolation, ndk.OpWrite)
		expect(t, "Invalidate", qb.Invalidate("i2", w, 0), ndk.StatusSuccess)
		check(t, "second invalidate", poll1(t, p.B.cq), ndk.StatusInvalidDeviceState, ndk.OpInvalidate, "qb", "i2")
		expect(t, "Invalidate of a registered MR", qb.Invalidate("x", mro, 0), ndk.StatusInvalidParameter) // MR-17
		stillPending(t, mc, "MR close with an invalidated MW open")
		mustClose(t, w)
		mc.wait(t)
		p.close(t, w2, mro, ma)
	})
}

func TestLAMFastRegister(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		p := newPair(t, e)
		qa, qb := p.c.qa, p.c.qb
		buf := make([]byte, 10000)
		for i := range buf {
			buf[i] = byte(i * 31)
		}
		fbo := uint32(uintptr(unsafe.Pointer(&buf[0])) % ndk.PageSize)
		need := (fbo + 10000 + ndk.PageSize - 1) / ndk.PageSize
		build := func(lam *ndk.LAM) ndk.Status {
			return do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return p.B.ad.BuildLAM(buf, lam, d, c) })
		}
		small := ndk.LAM{Pages: make([]uint64, 1)}
		expect(t, "BuildLAM with one page", build(&small), ndk.StatusBufferTooSmall) // MR-20
		if small.PageCount != need {
			t.Errorf("PageCount needed = %d; want %d", small.PageCount, need)
		}
		lam := ndk.LAM{Pages: make([]uint64, need)}
		expect(t, "BuildLAM", build(&lam), ndk.StatusSuccess)
		if lam.PageCount != need || lam.FBO != fbo {
			t.Errorf("LAM: %d pages, FBO %d; want %d, %d", lam.PageCount, lam.FBO, need, fbo)
		}
		seen := map[uint64]bool{}
		for _, pg := range lam.Pages {
			if pg == 0 || pg%ndk.PageSize != 0 || seen[pg] {
				t.Errorf("logical page %#x", pg)
			}
			seen[pg] = true
		}

		fm := newMR(t, p.B.pd, true)
		initFR := func(m ndk.MR, pages uint32, remote bool) {
			t.Helper()
			expect(t, "InitializeFastRegister", do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
				return m.InitializeFastRegister(pages, remote, d, c)
			}), ndk.StatusSuccess)
		}
		initFR(fm, 16, true)
		base := uint64(0x7000_0000) + uint64(fbo)
		for name, st := range map[string]ndk.Status{
			"BaseVirtualAddress 0":            qb.FastRegister("x", fm, lam.Pages, fbo, 100, 0, 0),
			"BaseVirtualAddress not FBO+n·PS": qb.FastRegister("x", fm, lam.Pages, fbo, 100, base+1, 0),
			"Length past the pages":           qb.FastRegister("x", fm, lam.Pages, fbo, uint64(need)*ndk.PageSize-uint64(fbo)+1, base, 0),
			"unaligned page":                  qb.FastRegister("x", fm, []uint64{lam.Pages[0] + 8}, fbo, 10, base, 0),
		} {
			expect(t, "FastRegister, "+name, st, ndk.StatusInvalidParameter)
		}
		expect(t, "FastRegister", qb.FastRegister("f1", fm, lam.Pages, fbo, 10000, base, ndk.OpFlagAllowRemoteRead), ndk.StatusSuccess)
		check(t, "fast register", poll1(t, p.B.cq), ndk.StatusSuccess, ndk.OpFastRegister, "qb", "f1")
		rt := fm.RemoteToken()
		abuf := make([]byte, 10000)
		ma := regMR(t, p.A.pd, abuf, 0x100000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagRDMAReadSink)
		al := ma.LocalToken()
		expect(t, "Read", qa.Read("rd", []ndk.SGE{sge(0x100000, 10000, al)}, base, rt, 0), ndk.StatusSuccess)
		check(t, "read of a fast-registered MR", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpRead, "qa", "rd")
		if !bytes.Equal(abuf, buf) {
			t.Errorf("read through the FRMR differs")
		}
		expect(t, "Read", qa.Read("rd2", []ndk.SGE{sge(0x100000, 10, al)}, base+9995, rt, 0), ndk.StatusSuccess)
		check(t, "read past the end", poll1(t, p.A.cq), ndk.StatusRemoteResources, ndk.OpRead, "qa", "rd2")
		expect(t, "Write", qa.Write("wr", []ndk.SGE{sge(0x100000, 10, al)}, base, rt, 0), ndk.StatusSuccess)
		check(t, "write without remote write", poll1(t, p.A.cq), ndk.StatusAccessViolation, ndk.OpWrite, "qa", "wr")
		expect(t, "FastRegister", qb.FastRegister("f2", fm, lam.Pages, fbo, 100, base, 0), ndk.StatusSuccess)
		check(t, "fast register of a registered FRMR", poll1(t, p.B.cq), ndk.StatusInvalidDeviceState, ndk.OpFastRegister, "qb", "f2")

		// MR-12: remote access on an MR initialised without it.
		fm2 := newMR(t, p.B.pd, true)
		initFR(fm2, 16, false)
		expect(t, "FastRegister", qb.FastRegister("f3", fm2, lam.Pages, fbo, 100, base, ndk.OpFlagAllowRemoteWrite), ndk.StatusSuccess)
		check(t, "remote FastRegister on a local FRMR", poll1(t, p.B.cq), ndk.StatusAccessViolation, ndk.OpFastRegister, "qb", "f3")

		// The privileged token: logical addresses as local buffers, one page at most.
		priv := p.B.pd.PrivilegedMemoryRegionToken()
		copy(abuf, "privileged")
		expect(t, "Receive", qb.Receive("pr", []ndk.SGE{sge(lam.Pages[1]+16, 10, priv)}), ndk.StatusSuccess)
		expect(t, "Send", qa.Send("ps", []ndk.SGE{sge(0x100000, 10, al)}, 0), ndk.StatusSuccess)
		poll(t, p.A.cq, 1)
		check(t, "receive into a logical address", poll1(t, p.B.cq), ndk.StatusSuccess, ndk.OpReceive, "qb", "pr")
		off := ndk.PageSize - fbo + 16
		if string(buf[off:off+10]) != "privileged" {
			t.Errorf("LAM buffer %q", buf[off:off+10])
		}
		expect(t, "Receive", qb.Receive("pr2", []ndk.SGE{sge(lam.Pages[1]+ndk.PageSize-4, 8, priv)}), ndk.StatusSuccess)
		expect(t, "Send", qa.Send("ps2", []ndk.SGE{sge(0x100000, 8, al)}, 0), ndk.StatusSuccess)
		check(t, "send into a bad receive", poll1(t, p.A.cq), ndk.StatusRemoteResources, ndk.OpSend, "qa", "ps2")
		check(t, "receive across logical pages", poll1(t, p.B.cq), ndk.StatusAccessViolation, ndk.OpReceive, "qb", "pr2")

		// Invalidate: the remote token stops working.
		expect(t, "Invalidate", qb.Invalidate("i1", fm, 0), ndk.StatusSuccess)
		check(t, "invalidate", poll1(t, p.B.cq), ndk.StatusSuccess, ndk.OpInvalidate, "qb", "i1")
		expect(t, "Read", qa.Read("rd3", []ndk.SGE{sge(0x100000, 10, al)}, base, rt, 0), ndk.StatusSuccess)
		check(t, "read of an invalidated FRMR", poll1(t, p.A.cq), ndk.StatusAccessViolation, ndk.OpRead, "qa", "rd3")
		p.B.ad.ReleaseLAM(&lam)
		expect(t, "FastRegister", qb.FastRegister("f4", fm, lam.Pages, fbo, 100, base, 0), ndk.StatusSuccess)
		check(t, "fast register of released pages", poll1(t, p.B.cq), ndk.StatusAccessViolation, ndk.OpFastRegister, "qb", "f4")
		p.close(t, fm, fm2, ma)
	})
}

// QP-16, QP-18, QP-20, CH-3..CH-6.
func TestSendAndInvalidate(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		p := newPair(t, e)
		qa, qb := p.c.qa, p.c.qb
		mb := regMR(t, p.B.pd, make([]byte, 64), 0x1000, ndk.MRFlagAllowLocalWrite)
		bl := mb.LocalToken()
		w := mustCreate(t, func(d ndk.CreateCompletion, c any) (ndk.MW, ndk.Status) { return p.B.pd.CreateMW(d, c) })
		ma := regMR(t, p.A.pd, []byte("invalidate"), 0x2000, 0)
		al := ma.LocalToken()
		bind := func(ctx string) uint32 {
			t.Helper()
			expect(t, "Bind", qb.Bind(ctx, mb, w, 0x1000, 64, ndk.OpFlagAllowRemoteWrite), ndk.StatusSuccess)
			check(t, "bind", poll1(t, p.B.cq), ndk.StatusSuccess, ndk.OpBind, "qb", ctx)
			return w.RemoteToken()
		}
		writeFails := func() {
			t.Helper()
			expect(t, "Write", qa.Write("w", []ndk.SGE{sge(0x2000, 4, al)}, 0x1000, w.RemoteToken(), 0), ndk.StatusSuccess)
			check(t, "write through an invalidated token", poll1(t, p.A.cq), ndk.StatusAccessViolation, ndk.OpWrite, "qa", "w")
		}
		tok := bind("b1")
		expect(t, "Receive", qb.Receive("r1", []ndk.SGE{sge(0x1000, 64, bl)}), ndk.StatusSuccess)
		expect(t, "SendAndInvalidate", qa.SendAndInvalidate("si1", []ndk.SGE{sge(0x2000, 10, al)}, tok, 0), ndk.StatusSuccess)
		check(t, "sender of SendAndInvalidate", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpSend, "qa", "si1")
		r := poll1(t, p.B.cq)
		check(t, "receive and invalidate", r, ndk.StatusSuccess, ndk.OpReceiveAndInvalidate, "qb", "r1")
		if r.TypeSpecificCompletionOutput != uint64(tok) || r.BytesTransferred != 10 {
			t.Errorf("receive and invalidate: token %#x, %d bytes; want %#x, 10", r.TypeSpecificCompletionOutput, r.BytesTransferred, tok)
		}
		writeFails()
		expect(t, "Invalidate", qb.Invalidate("i1", w, 0), ndk.StatusSuccess)
		check(t, "invalidate of a remotely invalidated MW", poll1(t, p.B.cq), ndk.StatusInvalidDeviceState, ndk.OpInvalidate, "qb", "i1")

		// Retrieved with GetResults, the token is still invalidated.
		tok = bind("b2")
		expect(t, "Receive", qb.Receive("r2", []ndk.SGE{sge(0x1000, 64, bl)}), ndk.StatusSuccess)
		expect(t, "SendAndInvalidate", qa.SendAndInvalidate("si2", []ndk.SGE{sge(0x2000, 3, al)}, tok, ndk.OpFlagInline), ndk.StatusSuccess)
		poll(t, p.A.cq, 1)
		var rs [2]ndk.Result
		if k := p.B.cq.GetResults(rs[:]); k != 1 || rs[0].Status != ndk.StatusSuccess || rs[0].RequestContext != "r2" || rs[0].BytesTransferred != 3 {
			t.Errorf("GetResults = %d, %+v", k, rs[0])
		}
		writeFails()

		// A token the receiver cannot invalidate aborts the connection.
		expect(t, "Receive", qb.Receive("r3", []ndk.SGE{sge(0x1000, 64, bl)}), ndk.StatusSuccess)
		expect(t, "SendAndInvalidate", qa.SendAndInvalidate("si3", []ndk.SGE{sge(0x2000, 3, al)}, mb.RemoteToken(), 0), ndk.StatusSuccess)
		check(t, "SendAndInvalidate of a bad token", poll1(t, p.A.cq), ndk.StatusConnectionAborted, ndk.OpSend, "qa", "si3")
		for _, ch := range []chan struct{}{p.c.discA, p.c.discB} {
			select {
			case <-ch:
			case <-time.After(waitFor):
				t.Fatalf("no disconnect event after the abort")
			}
		}
		expect(t, "Send after the abort", qa.Send("x", []ndk.SGE{sge(0x2000, 3, al)}, 0), ndk.StatusConnectionInvalid)
		empty(t, p.B.cq, "receiver of a bad SendAndInvalidate")
		qb.Flush()
		check(t, "flushed receive", poll1(t, p.B.cq), ndk.StatusCancelled, ndk.OpReceive, "qb", "r3")
		p.close(t, w, mb, ma)
	})
}
