package suite

import (
	"fmt"
	"github.com/ndkconform/ndkconform/internal/wait"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// CQ calls.

// Resize calls NdkResizeCq.
func (c *CQ) Resize(depth uint32) *Op {
	return c.request("NdkResizeCq", func(done ndk.RequestCompletion) ndk.Status { return c.CQ.Resize(depth, done, nil) })
}

var helperCQArm helperMark

// Arm calls NdkArmCq. The arm is counted before the call, so that a
// notification the provider makes from inside NdkArmCq is not taken for one
// without an arm (CQ-2).
func (c *CQ) Arm(t ndk.CQNotifyType) {
	helperCQArm.mark()
	c.mu.Lock()
	c.arms++
	c.mu.Unlock()
	c.sync("NdkArmCq", func() ndk.Status { c.CQ.Arm(t); return ndk.StatusSuccess })
}

var helperCQPoll helperMark

// Poll removes the completions the CQ holds now (NdkGetCqResultsEx).
func (c *CQ) Poll() []ndk.ResultEx {
	helperCQPoll.mark()
	var out []ndk.ResultEx
	buf := make([]ndk.ResultEx, 16)
	for {
		var n int
		c.sync("NdkGetCqResultsEx", func() ndk.Status { n = c.CQ.GetResultsEx(buf); return ndk.StatusSuccess })
		if n < 0 || n > len(buf) {
			Violate(c.obj.violation("CQ-13", "NdkGetCqResultsEx", fmt.Sprintf("at most the %d entries of the array", len(buf)), fmt.Sprintf("it returned %d", n)))
		}
		out = append(out, buf[:n]...)
		if n < len(buf) {
			return out
		}
	}
}

var helperCQGetResults helperMark

// GetResults calls NdkGetCqResults once with the array results and returns
// what it returned (the spec judges the count).
func (c *CQ) GetResults(results []ndk.Result) int {
	helperCQGetResults.mark()
	var n int
	c.sync("NdkGetCqResults", func() ndk.Status { n = c.CQ.GetResults(results); return ndk.StatusSuccess })
	return n
}

var helperCQGetResultsEx helperMark

// GetResultsEx calls NdkGetCqResultsEx once with the array results and
// returns what it returned (the spec judges the count).
func (c *CQ) GetResultsEx(results []ndk.ResultEx) int {
	helperCQGetResultsEx.mark()
	var n int
	c.sync("NdkGetCqResultsEx", func() ndk.Status { n = c.CQ.GetResultsEx(results); return ndk.StatusSuccess })
	return n
}

var helperCQWaitResults helperMark

// WaitResults polls the CQ until n new completions have come, and returns
// them. The spec fails against rule, which says they must come, if they do
// not come within the deadline.
func (c *CQ) WaitResults(rule string, n int) []ndk.ResultEx {
	helperCQWaitResults.mark()
	watch := wait.StartStopwatch()
	var got []ndk.ResultEx
	var waiting *waitEntry // registered once a poll found too few
	defer func() { c.a.rec().waitOver(waiting) }()
	for {
		got = append(got, c.Poll()...)
		if len(got) >= n {
			return got
		}
		if waiting == nil && c.a.rec().watch != nil {
			waiting = c.a.rec().waiting(fmt.Sprintf("%d completion(s) in", n), c.obj, c.a.rec().timeout)
		}
		if watch.Elapsed() > c.a.rec().timeout {
			Violate(c.obj.violation(rule, "NdkGetCqResultsEx", fmt.Sprintf("%d completion(s) within %v", n, c.a.rec().timeout), fmt.Sprintf("%d came: %v", len(got), got)))
		}
		time.Sleep(time.Millisecond)
	}
}

var helperCQControlInterruptModeration helperMark

// ControlInterruptModeration calls NdkControlCqInterruptModeration.
func (c *CQ) ControlInterruptModeration(interval, count uint32) ndk.Status {
	helperCQControlInterruptModeration.mark()
	return c.sync("NdkControlCqInterruptModeration", func() ndk.Status { return c.CQ.ControlInterruptModeration(interval, count) })
}

// CloseInCallback closes the CQ from inside a callback (LT-9).
func (c *CQ) CloseInCallback() *Op { return c.closeInCallback(c.CQ) }

// PD calls.

// CreateMR calls NdkCreateMr.
func (p *PD) CreateMR(fastRegister bool) *CreateOp[*MR] {
	return create(p.a, "NdkCreateMr", p.obj, ndk.ObjectTypeMR, nil,
		func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			m, st := p.PD.CreateMR(fastRegister, done, nil)
			return nonNil(m), st
		},
		func(o *object, x ndk.Object) *MR {
			p.a.env.relate(p.obj, o)
			return &MR{base: base{a: p.a, obj: o}, MR: x.(ndk.MR)}
		})
}

// CreateMW calls NdkCreateMw.
func (p *PD) CreateMW() *CreateOp[*MW] {
	return create(p.a, "NdkCreateMw", p.obj, ndk.ObjectTypeMW, nil,
		func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			m, st := p.PD.CreateMW(done, nil)
			return nonNil(m), st
		},
		func(o *object, x ndk.Object) *MW {
			p.a.env.relate(p.obj, o)
			return &MW{base: base{a: p.a, obj: o}, MW: x.(ndk.MW)}
		})
}

// CreateSRQ calls NdkCreateSrq.
func (p *PD) CreateSRQ(depth, maxSGE, threshold uint32) *CreateOp[*SRQ] {
	s := &SRQ{}
	return create(p.a, "NdkCreateSrq", p.obj, ndk.ObjectTypeSRQ, func(o *object, _ *Op) { s.base = base{a: p.a, obj: o} },
		func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			q, st := p.PD.CreateSRQ(ndk.SRQParams{Depth: depth, MaxReceiveRequestSGE: maxSGE, NotifyThreshold: threshold, Notify: s.onNotify}, done, nil)
			return nonNil(q), st
		},
		func(o *object, x ndk.Object) *SRQ {
			p.a.env.relate(p.obj, o)
			s.SRQ = x.(ndk.SRQ)
			return s
		})
}

// CreateQPWithSRQ calls NdkCreateQpWithSrq with small initiator queues.
func (p *PD) CreateQPWithSRQ(receive, initiator *CQ, srq *SRQ) *CreateOp[*QP] {
	return p.CreateQPWithSRQWith(ndk.QPParams{InitiatorQueueDepth: 16, MaxInitiatorRequestSGE: 1}, receive, initiator, srq)
}

// CreateQPWithSRQWith calls NdkCreateQpWithSrq with explicit parameters;
// their CQs are receive's and initiator's.
func (p *PD) CreateQPWithSRQWith(params ndk.QPParams, receive, initiator *CQ, srq *SRQ) *CreateOp[*QP] {
	params.ReceiveCQ, params.InitiatorCQ = receive.CQ, initiator.CQ
	return create(p.a, "NdkCreateQpWithSrq", p.obj, ndk.ObjectTypeQP, nil,
		func(done ndk.CreateCompletion) (ndk.Object, ndk.Status) {
			q, st := p.PD.CreateQPWithSRQ(params, srq.SRQ, done, nil)
			return nonNil(q), st
		},
		func(o *object, x ndk.Object) *QP {
			for _, a := range []*object{p.obj, receive.obj, initiator.obj, srq.obj} {
				p.a.env.relate(a, o)
			}
			return &QP{base: base{a: p.a, obj: o}, QP: x.(ndk.QP), pd: p, ReceiveCQ: receive, InitiatorCQ: initiator}
		})
}

var helperPDPrivilegedToken helperMark

// PrivilegedToken returns the PD's privileged memory-region token
// (NdkGetPrivilegedMemoryRegionToken).
func (p *PD) PrivilegedToken() (token uint32) {
	helperPDPrivilegedToken.mark()
	p.sync("NdkGetPrivilegedMemoryRegionToken", func() ndk.Status { token = p.PD.PrivilegedMemoryRegionToken(); return ndk.StatusSuccess })
	return token
}

// CloseInCallback closes the PD from inside a callback (LT-9).
func (p *PD) CloseInCallback() *Op { return p.closeInCallback(p.PD) }

// MR is an NDK_MR under test.
type MR struct {
	base
	ndk.MR
	Buf []byte // the registered buffer
	VA  uint64 // its virtual address
}

// Register calls NdkRegisterMr on buf at a fresh virtual address of the
// adapter.
func (m *MR) Register(buf []byte, flags uint32) *Op {
	m.Buf, m.VA = buf, m.a.nextVA(len(buf))
	return m.request("NdkRegisterMr", func(done ndk.RequestCompletion) ndk.Status {
		return m.MR.Register(buf, m.VA, flags, done, nil)
	})
}

// RegisterAt calls NdkRegisterMr on buf at the virtual address va the spec
// chose (an index the provider must never dereference, MR-4).
func (m *MR) RegisterAt(buf []byte, va uint64, flags uint32) *Op {
	m.Buf, m.VA = buf, va
	return m.request("NdkRegisterMr", func(done ndk.RequestCompletion) ndk.Status {
		return m.MR.Register(buf, va, flags, done, nil)
	})
}

// Deregister calls NdkDeregisterMr.
func (m *MR) Deregister() *Op {
	return m.request("NdkDeregisterMr", func(done ndk.RequestCompletion) ndk.Status { return m.MR.Deregister(done, nil) })
}

var helperMRTokens helperMark

// Tokens returns the MR's local and remote tokens.
func (m *MR) Tokens() (local, remote uint32) {
	helperMRTokens.mark()
	m.sync("NdkGetLocalTokenFromMr", func() ndk.Status { local = m.MR.LocalToken(); return ndk.StatusSuccess })
	m.sync("NdkGetRemoteTokenFromMr", func() ndk.Status { remote = m.MR.RemoteToken(); return ndk.StatusSuccess })
	return local, remote
}

var helperMRSGE helperMark

// SGE describes [off, off+n) of the registered buffer.
func (m *MR) SGE(off, n int) ndk.SGE {
	helperMRSGE.mark()
	local, _ := m.Tokens()
	return ndk.SGE{VirtualAddress: m.VA + uint64(off), Length: uint32(n), MemoryRegionToken: local}
}

var helperMRClose helperMark

// Close calls NdkCloseObject.
func (m *MR) Close() *Op { helperMRClose.mark(); return m.closeWith(m.MR) }

// CloseInCallback closes the MR from inside a callback (LT-9).
func (m *MR) CloseInCallback() *Op { return m.closeInCallback(m.MR) }

// MW is an NDK_MW under test.
type MW struct {
	base
	ndk.MW
}

var helperMWToken helperMark

// Token returns the MW's remote token (NdkGetRemoteTokenFromMw).
func (m *MW) Token() (remote uint32) {
	helperMWToken.mark()
	m.sync("NdkGetRemoteTokenFromMw", func() ndk.Status { remote = m.MW.RemoteToken(); return ndk.StatusSuccess })
	return remote
}

var helperMWClose helperMark

// Close calls NdkCloseObject.
func (m *MW) Close() *Op { helperMWClose.mark(); return m.closeWith(m.MW) }

// SRQ is an NDK_SRQ under test.
type SRQ struct {
	base
	ndk.SRQ
}

// onNotify is the SRQ's notification callback.
func (s *SRQ) onNotify(_ any, st ndk.Status) {
	s.a.rec().callback(s.obj, "NdkSrqNotificationCallback", &st, nil)
}

// Modify calls NdkModifySrq.
func (s *SRQ) Modify(depth, threshold uint32) *Op {
	return s.request("NdkModifySrq", func(done ndk.RequestCompletion) ndk.Status { return s.SRQ.Modify(depth, threshold, done, nil) })
}

var helperSRQReceive helperMark

// Receive calls NdkSrqReceive.
func (s *SRQ) Receive(reqCtx any, sgl ...ndk.SGE) ndk.Status {
	helperSRQReceive.mark()
	return s.sync("NdkSrqReceive", func() ndk.Status { return s.SRQ.Receive(reqCtx, sgl) })
}

var helperSRQClose helperMark

// Close calls NdkCloseObject.
func (s *SRQ) Close() *Op { helperSRQClose.mark(); return s.closeWith(s.SRQ) }

// QP work requests. They take no completion callback: the status returned
// says whether the request was posted, and its completion comes on a CQ.

var helperQPReceive helperMark

// Receive calls NdkReceive.
func (q *QP) Receive(reqCtx any, sgl ...ndk.SGE) ndk.Status {
	helperQPReceive.mark()
	return q.sync("NdkReceive", func() ndk.Status { return q.QP.Receive(reqCtx, sgl) })
}

var helperQPSend helperMark

// Send calls NdkSend.
func (q *QP) Send(reqCtx any, flags uint32, sgl ...ndk.SGE) ndk.Status {
	helperQPSend.mark()
	return q.sync("NdkSend", func() ndk.Status { return q.QP.Send(reqCtx, sgl, flags) })
}

var helperQPWrite helperMark

// Write calls NdkWrite.
func (q *QP) Write(reqCtx any, remoteVA uint64, remoteToken uint32, flags uint32, sgl ...ndk.SGE) ndk.Status {
	helperQPWrite.mark()
	return q.sync("NdkWrite", func() ndk.Status { return q.QP.Write(reqCtx, sgl, remoteVA, remoteToken, flags) })
}

var helperQPRead helperMark

// Read calls NdkRead.
func (q *QP) Read(reqCtx any, remoteVA uint64, remoteToken uint32, flags uint32, sgl ...ndk.SGE) ndk.Status {
	helperQPRead.mark()
	return q.sync("NdkRead", func() ndk.Status { return q.QP.Read(reqCtx, sgl, remoteVA, remoteToken, flags) })
}

var helperQPBind helperMark

// Bind calls NdkBind.
func (q *QP) Bind(reqCtx any, mr *MR, mw *MW, va, length uint64, flags uint32) ndk.Status {
	helperQPBind.mark()
	q.a.env.relate(mr.obj, mw.obj)
	return q.sync("NdkBind", func() ndk.Status { return q.QP.Bind(reqCtx, mr.MR, mw.MW, va, length, flags) })
}

var helperQPFlush helperMark

// Flush calls NdkFlush.
func (q *QP) Flush() {
	helperQPFlush.mark()
	q.sync("NdkFlush", func() ndk.Status { q.QP.Flush(); return ndk.StatusSuccess })
}

// CloseInCallback closes the QP from inside a callback (LT-9).
func (q *QP) CloseInCallback() *Op { return q.closeInCallback(q.QP) }

// Other objects' CloseInCallback.

// CloseInCallback closes the listener from inside a callback (LT-9).
func (l *Listener) CloseInCallback() *Op { return l.closeInCallback(l.Listener) }

// CloseInCallback closes the connector from inside a callback (LT-9).
func (c *Connector) CloseInCallback() *Op { return c.closeInCallback(c.Connector) }

// CloseInCallback closes the shared endpoint from inside a callback (LT-9).
func (s *SharedEndpoint) CloseInCallback() *Op { return s.closeInCallback(s.SharedEndpoint) }

// nextVA hands out a fresh, page-aligned, non-zero virtual address range
// of the adapter for a buffer of n bytes.
func (a *Adapter) nextVA(n int) uint64 {
	a.env.mu.Lock()
	defer a.env.mu.Unlock()
	if a.vaNext == 0 {
		a.vaNext = 0x10000000
	}
	va := a.vaNext
	a.vaNext += (uint64(n) + 2*ndk.PageSize) &^ (ndk.PageSize - 1)
	return va
}
