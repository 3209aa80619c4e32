//go:build linux && cgo

package simabi_test

import (
	"bytes"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/ndkt/simabi"
	at "github.com/ndkconform/ndkconform/ndkt/simabi/internal/abitest"
)

// entries is how many members each kind's dispatch table has.
var entries = map[ndk.ObjectType]int{
	ndk.ObjectTypeAdapter: 9, ndk.ObjectTypeCQ: 7, ndk.ObjectTypePD: 8, ndk.ObjectTypeMR: 7, ndk.ObjectTypeMW: 3,
	ndk.ObjectTypeSRQ: 4, ndk.ObjectTypeQP: 11, ndk.ObjectTypeSharedEndpoint: 3, ndk.ObjectTypeConnector: 13,
	ndk.ObjectTypeListener: 5,
}

// exEntries is the mask of NDK_CONNECTOR_DISPATCH's NDKPI 2.1 members
// (NdkCompleteConnectEx, NdkAcceptEx: members 11 and 12).
const exEntries = 1<<11 | 1<<12

const timeout = 10 * time.Second

// violation is a rule the consumer saw broken, with what it saw.
type violation struct{ rule, what string }

func (v violation) String() string { return v.rule + ": " + v.what }

// consumer drives a provider through the C ABI only (abitest) and
// collects the rules it sees broken.
type consumer struct {
	t        *testing.T
	p        *simabi.Provider
	mode     string // sim's completion personality
	version  ndk.Version
	ctx      uintptr
	pending  []at.Event
	seen     []at.Event // every event, for the IRQL checks
	broken   []violation
	toFree   []unsafe.Pointer
	strictly bool // a violation fails the test at once (the conforming provider)
}

func open(t *testing.T, opts map[string]string, strictly bool) *consumer {
	t.Helper()
	p, err := simabi.Open(opts)
	if err != nil {
		t.Fatalf("simabi.Open(%v): %v", opts, err)
	}
	at.Reset()
	at.Hook(true)
	c := &consumer{t: t, p: p, mode: opts["completion"], version: p.Version(), ctx: 0x1000, strictly: strictly}
	t.Cleanup(func() {
		at.Hook(false)
		for _, m := range c.toFree {
			at.Free(m)
		}
		if err := p.Close(); err != nil && !t.Failed() {
			t.Errorf("Provider.Close: %v", err)
		}
	})
	return c
}

func (c *consumer) violate(rule, format string, args ...any) {
	c.t.Helper()
	v := violation{rule, fmt.Sprintf(format, args...)}
	c.broken = append(c.broken, v)
	if c.strictly {
		c.t.Errorf("%s", v)
	}
}

func (c *consumer) has(rule string) bool {
	return slices.ContainsFunc(c.broken, func(v violation) bool { return v.rule == rule })
}

func (c *consumer) next() uintptr {
	c.ctx++
	return c.ctx
}

func (c *consumer) alloc(n int) unsafe.Pointer {
	m := at.Alloc(n)
	c.toFree = append(c.toFree, m)
	return m
}

// wait returns the event of kind with context ctx.
func (c *consumer) wait(kind int, ctx uintptr) at.Event {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		for {
			ev, ok := at.Next()
			if !ok {
				break
			}
			c.pending = append(c.pending, ev)
			c.seen = append(c.seen, ev)
			if ev.IRQL > 2 {
				// Every callback page's req.irql: <= DISPATCH_LEVEL.
				c.violate("CR-13", "a callback of kind %d at IRQL %d, above DISPATCH_LEVEL", ev.Kind, ev.IRQL)
			}
		}
		for i, ev := range c.pending {
			if ev.Kind == kind && ev.Ctx == ctx {
				c.pending = slices.Delete(c.pending, i, i+1)
				return ev
			}
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("no callback of kind %d with context %#x within %v (pending: %+v)", kind, ctx, timeout, c.pending)
		}
		time.Sleep(50 * time.Microsecond)
	}
}

// checkHeader checks a header as read at the hand-over (OH-1, OH-3..OH-5)
// and its table (IF-1/IF-2/OV-3).
func (c *consumer) checkHeader(where string, h at.Header, kind ndk.ObjectType) {
	c.t.Helper()
	if h.Dispatch == 0 {
		c.violate("OH-1", "%s: %v's Dispatch NULL", where, kind)
	}
	if h.Version != c.version {
		c.violate("OH-3", "%s: %v's Header.Version %d.%d, negotiated %d.%d", where, kind, h.Version.Major, h.Version.Minor,
			c.version.Major, c.version.Minor)
	}
	if h.ObjectType != kind {
		c.violate("OH-4", "%s: Header.ObjectType %d, want %d (%v)", where, h.ObjectType, kind, kind)
	}
	if h.ReservedNonzero {
		c.violate("OH-5", "%s: %v's NdkReserved not zero", where, kind)
	}
	if h.Dispatch != 0 && h.Entries != 0 {
		if h.Entries != entries[kind] {
			c.t.Fatalf("%s: the test read %d members of %v's table, want %d", where, h.Entries, kind, entries[kind])
		}
		null := h.NullMask
		if kind == ndk.ObjectTypeConnector && !c.version.HasEx() {
			null &^= exEntries // not members of a table before NDKPI 2.1
		}
		if null != 0 {
			c.violate("IF-1", "%s: %v's dispatch table has NULL members (mask %#x)", where, kind, null)
		}
	}
}

// handOver is the object of a create: returned (STATUS_SUCCESS) or
// completed (STATUS_PENDING), its header checked as the consumer first
// sees it. A NULL Dispatch (OH-1) is waited out so that the test can go
// on.
func (c *consumer) handOver(what string, kind ndk.ObjectType, call func(ctx uintptr) (at.Obj, ndk.Status)) at.Obj {
	c.t.Helper()
	ctx := c.next()
	o, s := call(ctx)
	switch s {
	case ndk.StatusSuccess:
		if o == nil {
			c.t.Fatalf("%s: STATUS_SUCCESS without the object", what)
		}
		c.checkHeader(what+" (returned)", at.Inspect(o, kind), kind)
	case ndk.StatusPending:
		ev := c.wait(at.EvCreate, ctx)
		if ev.Status != ndk.StatusSuccess || ev.Obj == nil {
			c.t.Fatalf("%s: create completion %v, object %v", what, ev.Status, ev.Obj)
		}
		o = ev.Obj
		c.checkHeader(what+" (create completion)", ev.Header, kind)
		if h := at.Inspect(o, kind); h.Dispatch != 0 {
			c.checkHeader(what+" (its table)", h, kind)
		}
	default:
		c.t.Fatalf("%s: %v", what, s)
	}
	deadline := time.Now().Add(timeout)
	for at.DispatchOf(o) == 0 {
		if time.Now().After(deadline) {
			c.t.Fatalf("%s: Dispatch still NULL after %v", what, timeout)
		}
		time.Sleep(100 * time.Microsecond)
	}
	if s, present := at.QueryExtension(o, kind); !present {
		c.violate("OH-8", "%s: %v's table has no NdkQueryExtension", what, kind)
	} else if s != ndk.StatusNotSupported {
		c.t.Errorf("%s: NdkQueryExtension(vendor GUID) = %v, want STATUS_NOT_SUPPORTED (no extension)", what, s)
	}
	return o
}

// finish is a request call's final status: its return, or its
// completion's if it returned STATUS_PENDING.
func (c *consumer) finish(what string, ctx uintptr, s ndk.Status) ndk.Status {
	c.t.Helper()
	if s == ndk.StatusPending {
		ev := c.wait(at.EvRequest, ctx)
		s = ev.Status
	}
	return s
}

func (c *consumer) request(what string, call func(ctx uintptr) ndk.Status) {
	c.t.Helper()
	ctx := c.next()
	if s := c.finish(what, ctx, call(ctx)); s != ndk.StatusSuccess {
		c.t.Fatalf("%s: %v", what, s)
	}
}

// async starts a call that may block (sim's inline and reentrant calls
// that wait for the peer) and returns its context and status channel.
func (c *consumer) async(call func(ctx uintptr) ndk.Status) (uintptr, <-chan ndk.Status) {
	ctx := c.next()
	ch := make(chan ndk.Status, 1)
	go func() { ch <- call(ctx) }()
	return ctx, ch
}

func (c *consumer) join(what string, ctx uintptr, ch <-chan ndk.Status) {
	c.t.Helper()
	select {
	case s := <-ch:
		if s = c.finish(what, ctx, s); s != ndk.StatusSuccess {
			c.t.Fatalf("%s: %v", what, s)
		}
	case <-time.After(timeout):
		c.t.Fatalf("%s did not return within %v", what, timeout)
	}
}

// close closes o and waits for its close completion if it returned
// STATUS_PENDING.
func (c *consumer) close(what string, o at.Obj, kind ndk.ObjectType) {
	c.t.Helper()
	ctx := c.next()
	switch s := at.Close(o, kind, ctx); s {
	case ndk.StatusSuccess:
	case ndk.StatusPending:
		c.wait(at.EvClose, ctx)
	default:
		c.t.Fatalf("close %s: %v", what, s)
	}
}

// adapter opens the adapter of addr at major.minor.
func (c *consumer) adapter(addr netip.Addr, major, minor uint16) (uintptr, at.Obj, ndk.Status) {
	c.t.Helper()
	mp, s := at.Miniport(c.p.Handle(), addr)
	if s != ndk.StatusSuccess {
		c.t.Fatalf("ndkt_simabi_miniport_adapter(%v): %v", addr, s)
	}
	a, s := at.Open(mp, major, minor)
	return mp, a, s
}

// versions opens adapters at versions around the provider's (OH-7).
func (c *consumer) versions() {
	c.t.Helper()
	hi := c.version
	addr, _ := c.p.Sides()
	type try struct {
		major, minor uint16
		ok           bool
	}
	tries := []try{{hi.Major, hi.Minor, true}, {hi.Major, hi.Minor + 1, false}, {hi.Major + 1, 0, false}, {hi.Major - 1, 9, false}}
	if hi.Minor > 0 {
		tries = append(tries, try{hi.Major, 0, true}, try{hi.Major, hi.Minor - 1, true})
	}
	for _, tr := range tries {
		mp, a, s := c.adapter(addr.IPv4, tr.major, tr.minor)
		switch {
		case !tr.ok && s != ndk.NdisStatusBadVersion:
			c.violate("OH-7", "open at %d.%d on a %d.%d provider: %v, want NDIS_STATUS_BAD_VERSION", tr.major, tr.minor, hi.Major, hi.Minor, s)
		case tr.ok && s != ndk.StatusSuccess:
			c.t.Fatalf("open at %d.%d on a %d.%d provider: %v", tr.major, tr.minor, hi.Major, hi.Minor, s)
		}
		if s != ndk.StatusSuccess {
			continue
		}
		info, is := at.QueryAdapterInfo(a, at.AdapterInfoSize, false)
		if is != ndk.StatusSuccess {
			c.t.Fatalf("NdkQueryAdapterInfo: %v", is)
		}
		if h := at.Inspect(a, ndk.ObjectTypeAdapter); info.Version != hi || h.Version != hi {
			c.violate("OH-7", "open at %d.%d on a %d.%d provider: NDK_ADAPTER_INFO.Version %d.%d, Header.Version %d.%d",
				tr.major, tr.minor, hi.Major, hi.Minor, info.Version.Major, info.Version.Minor, h.Version.Major, h.Version.Minor)
		}
		at.CloseAdapter(mp, a)
	}
}

// side is one end's objects.
type side struct {
	mp            uintptr
	a, cq, pd, qp at.Obj
	mr            at.Obj
	buf           unsafe.Pointer
	va            uint64
	qpCtx, cqCtx  uintptr
	conn          at.Obj
	discCtx       uintptr
}

const bufSize = 8192

func (c *consumer) side(addr netip.Addr, name string, va uint64) *side {
	c.t.Helper()
	s := &side{va: va}
	var st ndk.Status
	s.mp, s.a, st = c.adapter(addr, c.version.Major, 0)
	if st != ndk.StatusSuccess {
		c.t.Fatalf("open %s: %v", name, st)
	}
	c.checkHeader(name+" adapter", at.Inspect(s.a, ndk.ObjectTypeAdapter), ndk.ObjectTypeAdapter)
	info, is := at.QueryAdapterInfo(s.a, 0, true)
	if is != ndk.StatusBufferTooSmall || info.Size != at.AdapterInfoSize {
		c.violate("AI-5", "%s: NdkQueryAdapterInfo(NULL, 0): %v, size %d, want STATUS_BUFFER_TOO_SMALL, %d", name, is, info.Size, at.AdapterInfoSize)
	}
	info, is = at.QueryAdapterInfo(s.a, at.AdapterInfoSize+8, false)
	if is != ndk.StatusSuccess || info.MaxCQDepth == 0 {
		c.t.Errorf("%s: NdkQueryAdapterInfo: %v, size %d, MaxCqDepth %d", name, is, info.Size, info.MaxCQDepth)
	} else if info.Size != at.AdapterInfoSize {
		c.violate("AI-9", "%s: NdkQueryAdapterInfo into %d bytes: size %d, want %d, the size of what it wrote", name, at.AdapterInfoSize+8, info.Size, at.AdapterInfoSize)
	}
	if info.Version != c.version {
		c.violate("OH-7", "%s: NDK_ADAPTER_INFO.Version %d.%d, want %d.%d", name, info.Version.Major, info.Version.Minor,
			c.version.Major, c.version.Minor)
	}
	s.cqCtx = c.next()
	s.cq = c.handOver(name+" NdkCreateCq", ndk.ObjectTypeCQ, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateCQ(s.a, 64, s.cqCtx, ctx)
	})
	s.pd = c.handOver(name+" NdkCreatePd", ndk.ObjectTypePD, func(ctx uintptr) (at.Obj, ndk.Status) { return at.CreatePD(s.a, ctx) })
	s.qpCtx = c.next()
	s.qp = c.handOver(name+" NdkCreateQp", ndk.ObjectTypeQP, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateQP(s.pd, s.cq, nil, s.qpCtx, 16, 2, ctx)
	})
	s.mr = c.handOver(name+" NdkCreateMr", ndk.ObjectTypeMR, func(ctx uintptr) (at.Obj, ndk.Status) { return at.CreateMR(s.pd, false, ctx) })
	s.buf = c.alloc(bufSize)
	m := at.MDL(s.buf, bufSize, va, nil)
	c.toFree = append(c.toFree, m)
	c.request(name+" NdkRegisterMr", func(ctx uintptr) ndk.Status {
		return at.RegisterMR(s.mr, m, bufSize, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteRead|ndk.MRFlagAllowRemoteWrite|ndk.MRFlagRDMAReadSink, ctx)
	})
	return s
}

// pollEx polls cq until it has n results.
func (c *consumer) poll(cq at.Obj, n int, ex bool) []at.Result {
	c.t.Helper()
	var rs []at.Result
	deadline := time.Now().Add(timeout)
	for len(rs) < n {
		rs = append(rs, at.Poll(cq, 8, ex)...)
		if time.Now().After(deadline) {
			c.t.Fatalf("%d of %d completions within %v", len(rs), n, timeout)
		}
		time.Sleep(50 * time.Microsecond)
	}
	return rs
}

func (c *consumer) wantResult(what string, r at.Result, typ ndk.OperationType, qpCtx, ctx uintptr, bytes uint32) {
	c.t.Helper()
	if r.Status != ndk.StatusSuccess || r.Type != typ || r.QPContext != qpCtx || r.RequestContext != ctx ||
		typ == ndk.OpReceive && r.BytesTransferred != bytes {
		c.t.Errorf("%s: result %+v, want STATUS_SUCCESS, type %d, QPContext %#x, RequestContext %#x, %d bytes",
			what, r, typ, qpCtx, ctx, bytes)
	}
}

// everyKind creates the object kinds the loopback does not use (MW, SRQ,
// a QP on an SRQ, a shared endpoint, an MR for fast registration), checks
// them, and closes them, children first.
func (c *consumer) everyKind(s *side, addr netip.Addr) {
	c.t.Helper()
	mw := c.handOver("NdkCreateMw", ndk.ObjectTypeMW, func(ctx uintptr) (at.Obj, ndk.Status) { return at.CreateMW(s.pd, ctx) })
	fmr := c.handOver("NdkCreateMr(fast)", ndk.ObjectTypeMR, func(ctx uintptr) (at.Obj, ndk.Status) { return at.CreateMR(s.pd, true, ctx) })
	nctx := c.next()
	srq := c.handOver("NdkCreateSrq", ndk.ObjectTypeSRQ, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateSRQ(s.pd, 16, 2, nctx, ctx)
	})
	qp := c.handOver("NdkCreateQpWithSrq", ndk.ObjectTypeQP, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateQP(s.pd, s.cq, srq, c.next(), 16, 2, ctx)
	})
	if st := at.Post(at.OpSRQReceive, srq, c.next(), s.va, 64, at.MRToken(s.mr, false), 0, 0, 0); st != ndk.StatusSuccess {
		c.t.Errorf("NdkSrqReceive: %v", st)
	}
	se := c.handOver("NdkCreateSharedEndpoint", ndk.ObjectTypeSharedEndpoint, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateSharedEndpoint(s.a, netip.AddrPortFrom(addr, 0), ctx)
	})
	ap, n, st := at.Address(se, ndk.ObjectTypeSharedEndpoint, false, 64, false)
	if st != ndk.StatusSuccess || ap.Addr() != addr || ap.Port() == 0 || n != 16 {
		c.t.Errorf("shared endpoint NdkGetLocalAddress: %v %v, length %d", st, ap, n)
	}
	if pt := at.PrivilegedToken(s.pd); pt == 0 {
		c.t.Error("NdkGetPrivilegedMemoryRegionToken: 0")
	}
	c.request("NdkResizeCq", func(ctx uintptr) ndk.Status { return at.ResizeCQ(s.cq, 128, ctx) })
	if st := at.ModerateCQ(s.cq, 10, 4); st != ndk.StatusNotSupported { // sim's interrupt-moderation=off
		c.t.Errorf("NdkControlCqInterruptModeration: %v, want STATUS_NOT_SUPPORTED", st)
	}
	c.request("NdkInitializeFastRegisterMr", func(ctx uintptr) ndk.Status { return at.InitFastRegister(fmr, 4, true, ctx) })
	if at.MRToken(fmr, false) == 0 || at.MRToken(fmr, true) == 0 {
		c.t.Error("a fast-register MR's tokens are 0 after NdkInitializeFastRegisterMr")
	}
	c.request("NdkModifySrq", func(ctx uintptr) ndk.Status { return at.ModifySRQ(srq, 32, 0, ctx) })
	qp3 := c.handOver("NdkCreateQp", ndk.ObjectTypeQP, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateQP(s.pd, s.cq, nil, c.next(), 4, 1, ctx)
	})
	fctx := c.next()
	if st := at.Post(at.OpReceive, qp3, fctx, s.va, 64, at.MRToken(s.mr, false), 0, 0, 0); st != ndk.StatusSuccess {
		c.t.Errorf("NdkReceive: %v", st)
	}
	at.Flush(qp3)
	if r := c.poll(s.cq, 1, true)[0]; r.Status != ndk.StatusCancelled || r.RequestContext != fctx || r.Type != ndk.OpReceive {
		c.t.Errorf("a receive after NdkFlush: %+v, want STATUS_CANCELLED", r)
	}
	c.close("flushed QP", qp3, ndk.ObjectTypeQP)
	// OH-2: the consumer may point Dispatch elsewhere; the provider must
	// not use or set it again.
	pd2 := c.handOver("NdkCreatePd", ndk.ObjectTypePD, func(ctx uintptr) (at.Obj, ndk.Status) { return at.CreatePD(s.a, ctx) })
	mine := at.SwapDispatch(pd2, ndk.ObjectTypePD)
	at.PrivilegedToken(pd2)
	if got := at.DispatchOf(pd2); got != mine {
		c.violate("OH-2", "the PD's Dispatch is %#x after NdkGetPrivilegedMemoryRegionToken, the consumer set %#x", got, mine)
	}
	c.close("the second PD", pd2, ndk.ObjectTypePD)

	c.close("shared endpoint", se, ndk.ObjectTypeSharedEndpoint)
	c.close("QP with SRQ", qp, ndk.ObjectTypeQP)
	c.close("SRQ", srq, ndk.ObjectTypeSRQ)
	c.close("fast MR", fmr, ndk.ObjectTypeMR)
	c.close("MW", mw, ndk.ObjectTypeMW)
}

// newLAM is a mapping buffer for n pages, with its outputs, in C memory
// (they are written when a pending NdkBuildLam completes).
func (c *consumer) newLAM(n int) at.LAM {
	l := at.NewLAM(n)
	c.toFree = append(c.toFree, l.P, l.Outs)
	return l
}

// lam builds a logical address mapping over a buffer through an MDL whose
// virtual address starts 0x234 into a page: too small a LAM first.
func (c *consumer) lam(s *side) {
	c.t.Helper()
	const n, va = 3 * 4096, 0x5_0000_0234
	buf := c.alloc(n)
	m := at.MDL(buf, n, va, nil)
	c.toFree = append(c.toFree, m)
	need := (0x234 + n + 4095) / 4096
	small := c.newLAM(1)
	ctx := c.next()
	if st := c.finish("NdkBuildLam (small)", ctx, at.BuildLAM(s.a, m, n, ctx, small)); st != ndk.StatusBufferTooSmall {
		c.t.Errorf("NdkBuildLam with room for 1 page: %v, want STATUS_BUFFER_TOO_SMALL", st)
	}
	if size, _ := small.Out(); size != at.LAMSize(need) {
		c.t.Errorf("NdkBuildLam with room for 1 page: *pLAMSize %d, want %d", size, at.LAMSize(need))
	}
	lam := c.newLAM(need)
	ctx = c.next()
	if st := c.finish("NdkBuildLam", ctx, at.BuildLAM(s.a, m, n, ctx, lam)); st != ndk.StatusSuccess {
		c.t.Fatalf("NdkBuildLam: %v", st)
	}
	size, fbo := lam.Out()
	if pages := at.LAMPages(lam); len(pages) != need || pages[0] == 0 || fbo != 0x234 || size != at.LAMSize(need) {
		c.t.Errorf("NdkBuildLam: %d pages %#x, FBO %#x, *pLAMSize %d; want %d pages, FBO 0x234, %d", len(pages), pages, fbo, size,
			need, at.LAMSize(need))
	}
	at.ReleaseLAM(s.a, lam)
}

// run is the whole path through the C ABI: version negotiation, every
// object kind, a connection from side A to side B with a send, an RDMA
// write and read, the disconnect and every close.
func (c *consumer) run() {
	t := c.t
	t.Helper()
	c.versions()
	sa, sb := c.p.Sides()
	A := c.side(sa.IPv4, "A", 0x10_0000_0100)
	B := c.side(sb.IPv4, "B", 0x20_0000_0f00)
	c.everyKind(A, sa.IPv4)
	c.lam(A)

	// B listens; A connects, B accepts, A completes.
	evCtx := c.next()
	l := c.handOver("NdkCreateListener", ndk.ObjectTypeListener, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateListener(B.a, evCtx, ctx)
	})
	c.request("NdkListen", func(ctx uintptr) ndk.Status { return at.Listen(l, netip.AddrPortFrom(sb.IPv4, 0), ctx) })
	if _, n, st := at.Address(l, ndk.ObjectTypeListener, false, 0, false); st != ndk.StatusBufferTooSmall || n != 16 {
		c.violate("CN-18", "listener NdkGetLocalAddress into 0 bytes: %v, length %d; want STATUS_BUFFER_TOO_SMALL, 16", st, n)
	}
	if _, n, st := at.Address(l, ndk.ObjectTypeListener, false, 64, true); st != ndk.StatusBufferTooSmall || n != 16 {
		c.violate("CN-18", "listener NdkGetLocalAddress into NULL: %v, length %d; want STATUS_BUFFER_TOO_SMALL, 16", st, n)
	}
	dst, n, st := at.Address(l, ndk.ObjectTypeListener, false, 16, false)
	if st != ndk.StatusSuccess || n != 16 || dst.Addr() != sb.IPv4 || dst.Port() == 0 {
		c.t.Fatalf("listener NdkGetLocalAddress: %v %v, length %d", st, dst, n)
	}
	A.conn = c.handOver("NdkCreateConnector", ndk.ObjectTypeConnector, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateConnector(A.a, ctx)
	})
	ex := c.version.HasEx()
	connCtx, connCh := c.async(func(ctx uintptr) ndk.Status {
		return at.Connect(A.conn, A.qp, nil, sa.IPv4, dst, []byte("hello"), ctx)
	})
	ev := c.wait(at.EvConnect, evCtx)
	c.checkHeader("connect event", ev.Header, ndk.ObjectTypeConnector)
	B.conn = ev.Obj
	_, rds, _, _, st := at.ConnectionData(B.conn, 0)
	if st != ndk.StatusSuccess || rds < 5 {
		c.t.Fatalf("NdkGetConnectionData(NULL, 0): %v, RDS %d", st, rds)
	}
	if _, l2, _, _, st := at.ConnectionData(B.conn, 2); st != ndk.StatusBufferTooSmall || l2 != rds {
		c.t.Errorf("NdkGetConnectionData into 2 bytes: %v, *pPrivateDataLength %d; want STATUS_BUFFER_TOO_SMALL, %d", st, l2, rds)
	}
	data, _, ird, ord, st := at.ConnectionData(B.conn, int(rds))
	if st != ndk.StatusSuccess || !bytes.HasPrefix(data, []byte("hello")) || ird == 0 || ord == 0 {
		c.t.Errorf("NdkGetConnectionData: %v %q, IRD %d, ORD %d", st, data, ird, ord)
	}
	B.discCtx = c.next()
	accCtx, accCh := c.async(func(ctx uintptr) ndk.Status { return at.Accept(B.conn, false, B.qp, []byte("world"), B.discCtx, ctx) })
	c.join("NdkConnect", connCtx, connCh)
	if _, rds, _, _, _ := at.ConnectionData(A.conn, 0); true {
		if data, _, _, _, st := at.ConnectionData(A.conn, int(rds)); st != ndk.StatusSuccess || !bytes.HasPrefix(data, []byte("world")) {
			c.t.Errorf("A's NdkGetConnectionData: %v %q", st, data)
		}
	}
	A.discCtx = c.next()
	c.request("NdkCompleteConnect", func(ctx uintptr) ndk.Status { return at.CompleteConnect(A.conn, ex, A.discCtx, ctx) })
	c.join("NdkAccept", accCtx, accCh)
	if ap, _, st := at.Address(A.conn, ndk.ObjectTypeConnector, true, 32, false); st != ndk.StatusSuccess || ap != dst {
		c.t.Errorf("A's NdkGetPeerAddress: %v %v, want %v", st, ap, dst)
	}
	if ap, _, st := at.Address(A.conn, ndk.ObjectTypeConnector, false, 32, false); st != ndk.StatusSuccess || ap.Addr() != sa.IPv4 || ap.Port() == 0 {
		c.t.Errorf("A's NdkGetLocalAddress: %v %v", st, ap)
	}

	// A send into a posted receive, B's CQ armed.
	abuf, bbuf := at.Bytes(A.buf, bufSize), at.Bytes(B.buf, bufSize)
	copy(abuf, "ping-from-A")
	copy(bbuf[3072:], "read-source")
	la, lb := at.MRToken(A.mr, false), at.MRToken(B.mr, false)
	rb := at.MRToken(B.mr, true)
	at.ArmCQ(B.cq, ndk.CQNotifyAny)
	recvCtx, sendCtx := c.next(), c.next()
	if st := at.Post(at.OpReceive, B.qp, recvCtx, B.va+512, 64, lb, 0, 0, 0); st != ndk.StatusSuccess {
		c.t.Fatalf("NdkReceive: %v", st)
	}
	if st := at.Post(at.OpSend, A.qp, sendCtx, A.va, 11, la, 0, 0, 0); st != ndk.StatusSuccess {
		c.t.Fatalf("NdkSend: %v", st)
	}
	c.wantResult("A's send", c.poll(A.cq, 1, true)[0], ndk.OpSend, A.qpCtx, sendCtx, 0)
	if ev := c.wait(at.EvCQNotify, B.cqCtx); ev.Status != ndk.StatusSuccess {
		c.t.Errorf("B's CQ notification: %v", ev.Status)
	}
	c.wantResult("B's receive", c.poll(B.cq, 1, true)[0], ndk.OpReceive, B.qpCtx, recvCtx, 11)
	if got := string(bbuf[512 : 512+11]); got != "ping-from-A" {
		c.t.Errorf("B received %q", got)
	}
	// The same through NdkGetCqResults.
	recvCtx, sendCtx = c.next(), c.next()
	at.Post(at.OpReceive, B.qp, recvCtx, B.va+512, 64, lb, 0, 0, 0)
	at.Post(at.OpSend, A.qp, sendCtx, A.va, 4, la, 0, 0, 0)
	r := c.poll(B.cq, 1, false)[0]
	if r.Status != ndk.StatusSuccess || r.BytesTransferred != 4 || r.QPContext != B.qpCtx || r.RequestContext != recvCtx {
		c.t.Errorf("B's receive (NdkGetCqResults): %+v", r)
	}
	c.poll(A.cq, 1, true)

	// RDMA write and read by A into and from B's MR.
	copy(abuf[1024:], "write-data")
	wctx := c.next()
	if st := at.Post(at.OpWrite, A.qp, wctx, A.va+1024, 10, la, B.va+2048, rb, 0); st != ndk.StatusSuccess {
		c.t.Fatalf("NdkWrite: %v", st)
	}
	c.wantResult("A's write", c.poll(A.cq, 1, true)[0], ndk.OpWrite, A.qpCtx, wctx, 0)
	if got := string(bbuf[2048 : 2048+10]); got != "write-data" {
		c.t.Errorf("B's memory after the write: %q", got)
	}
	rctx := c.next()
	if st := at.Post(at.OpRead, A.qp, rctx, A.va+4096, 11, la, B.va+3072, rb, 0); st != ndk.StatusSuccess {
		c.t.Fatalf("NdkRead: %v", st)
	}
	c.wantResult("A's read", c.poll(A.cq, 1, true)[0], ndk.OpRead, A.qpCtx, rctx, 0)
	if got := string(abuf[4096 : 4096+11]); got != "read-source" {
		c.t.Errorf("A's memory after the read: %q", got)
	}

	c.memory(A, B)

	// Disconnect: A, then B after its indication.
	dctx, dch := c.async(func(ctx uintptr) ndk.Status { return at.Disconnect(A.conn, ctx) })
	c.join("A's NdkDisconnect", dctx, dch)
	c.wait(at.EvDisconnect, B.discCtx)
	dctx, dch = c.async(func(ctx uintptr) ndk.Status { return at.Disconnect(B.conn, ctx) })
	c.join("B's NdkDisconnect", dctx, dch)

	c.second(A, B, l, dst, sa.IPv4)

	// Close everything, children first.
	c.close("A's connector", A.conn, ndk.ObjectTypeConnector)
	c.close("B's connector", B.conn, ndk.ObjectTypeConnector)
	c.close("listener", l, ndk.ObjectTypeListener)
	for _, s := range []*side{A, B} {
		c.close("QP", s.qp, ndk.ObjectTypeQP)
		c.request("NdkDeregisterMr", func(ctx uintptr) ndk.Status { return at.DeregisterMR(s.mr, ctx) })
		c.close("MR", s.mr, ndk.ObjectTypeMR)
		c.close("CQ", s.cq, ndk.ObjectTypeCQ)
		c.close("PD", s.pd, ndk.ObjectTypePD)
		at.CloseAdapter(s.mp, s.a)
	}
	if n := at.HookErrors(); n != 0 {
		c.t.Errorf("ndkt_simabi_irql_hook: %d enter/leave calls did not pair up", n)
	}
}

// memory binds an MW, fast-registers an MR over a LAM, invalidates both,
// and invalidates B's MW by a send (all on the connected QPs).
func (c *consumer) memory(A, B *side) {
	c.t.Helper()
	la := at.MRToken(A.mr, false)
	mw := c.handOver("NdkCreateMw", ndk.ObjectTypeMW, func(ctx uintptr) (at.Obj, ndk.Status) { return at.CreateMW(A.pd, ctx) })
	bctx := c.next()
	switch st := at.Bind(A.qp, bctx, A.mr, mw, A.va, 4096, ndk.OpFlagAllowRemoteRead); {
	case st == ndk.StatusNotImplemented && c.has("IF-1"): // NdkBind NULL, caught
		c.close("MW", mw, ndk.ObjectTypeMW)
		return
	case st != ndk.StatusSuccess:
		c.t.Fatalf("NdkBind: %v", st)
	}
	c.wantResult("A's bind", c.poll(A.cq, 1, true)[0], ndk.OpBind, A.qpCtx, bctx, 0)
	if at.MWToken(mw) == 0 {
		c.t.Error("NdkGetRemoteTokenFromMw: 0 after NdkBind")
	}
	ictx := c.next()
	if st := at.Invalidate(A.qp, ictx, mw); st != ndk.StatusSuccess {
		c.t.Fatalf("NdkInvalidate(MW): %v", st)
	}
	c.wantResult("A's MW invalidate", c.poll(A.cq, 1, true)[0], ndk.OpInvalidate, A.qpCtx, ictx, 0)

	fmr := c.handOver("NdkCreateMr(fast)", ndk.ObjectTypeMR, func(ctx uintptr) (at.Obj, ndk.Status) { return at.CreateMR(A.pd, true, ctx) })
	c.request("NdkInitializeFastRegisterMr", func(ctx uintptr) ndk.Status { return at.InitFastRegister(fmr, 4, true, ctx) })
	buf := c.alloc(2 * 4096)
	m := at.MDL(buf, 2*4096, 0x6_0000_0000, nil)
	c.toFree = append(c.toFree, m)
	lam := c.newLAM(2)
	ctx := c.next()
	if st := c.finish("NdkBuildLam", ctx, at.BuildLAM(A.a, m, 2*4096, ctx, lam)); st != ndk.StatusSuccess {
		c.t.Fatalf("NdkBuildLam: %v", st)
	}
	_, fbo := lam.Out()
	fctx := c.next()
	if st := at.FastRegister(A.qp, fctx, fmr, lam, fbo, 2*4096, 0x7_0000_0000, ndk.OpFlagAllowLocalWrite); st != ndk.StatusSuccess {
		c.t.Fatalf("NdkFastRegister: %v", st)
	}
	c.wantResult("A's fast register", c.poll(A.cq, 1, true)[0], ndk.OpFastRegister, A.qpCtx, fctx, 0)
	ictx = c.next()
	if st := at.Invalidate(A.qp, ictx, fmr); st != ndk.StatusSuccess {
		c.t.Fatalf("NdkInvalidate(MR): %v", st)
	}
	c.wantResult("A's MR invalidate", c.poll(A.cq, 1, true)[0], ndk.OpInvalidate, A.qpCtx, ictx, 0)
	at.ReleaseLAM(A.a, lam)
	c.close("fast MR", fmr, ndk.ObjectTypeMR)
	c.close("MW", mw, ndk.ObjectTypeMW)

	// NdkSendAndInvalidate of an MW B bound: B's receive completes as
	// ReceiveAndInvalidate with the token.
	mwB := c.handOver("NdkCreateMw", ndk.ObjectTypeMW, func(ctx uintptr) (at.Obj, ndk.Status) { return at.CreateMW(B.pd, ctx) })
	bctx = c.next()
	if st := at.Bind(B.qp, bctx, B.mr, mwB, B.va, 4096, ndk.OpFlagAllowRemoteWrite); st != ndk.StatusSuccess {
		c.t.Fatalf("B's NdkBind: %v", st)
	}
	c.wantResult("B's bind", c.poll(B.cq, 1, true)[0], ndk.OpBind, B.qpCtx, bctx, 0)
	token := at.MWToken(mwB)
	rctx, sctx := c.next(), c.next()
	at.Post(at.OpReceive, B.qp, rctx, B.va+512, 64, at.MRToken(B.mr, false), 0, 0, 0)
	if st := at.SendAndInvalidate(A.qp, sctx, A.va, 4, la, token); st != ndk.StatusSuccess {
		c.t.Fatalf("NdkSendAndInvalidate: %v", st)
	}
	c.wantResult("A's send-and-invalidate", c.poll(A.cq, 1, true)[0], ndk.OpSend, A.qpCtx, sctx, 0)
	if r := c.poll(B.cq, 1, true)[0]; r.Status != ndk.StatusSuccess || r.Type != ndk.OpReceiveAndInvalidate ||
		r.TypeSpecificCompletionOutput != uint64(token) || r.BytesTransferred != 4 || r.RequestContext != rctx {
		c.t.Errorf("B's receive of a send-and-invalidate: %+v, want ReceiveAndInvalidate of token %#x", r, token)
	}
	c.close("B's MW", mwB, ndk.ObjectTypeMW)
}

// second makes a second connection, through a shared endpoint: rejected
// once, then accepted (NdkAcceptEx on a 2.1 provider) and completed with
// NdkCompleteConnect; A disconnects and B's disconnect event comes.
func (c *consumer) second(A, B *side, l at.Obj, dst netip.AddrPort, src netip.Addr) {
	c.t.Helper()
	evCtx := uintptr(0) // the listener's connect event context: the first event's
	for _, ev := range c.seen {
		if ev.Kind == at.EvConnect {
			evCtx = ev.Ctx
		}
	}
	qp := c.handOver("NdkCreateQp", ndk.ObjectTypeQP, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateQP(A.pd, A.cq, nil, A.qpCtx, 4, 1, ctx)
	})
	qpB := c.handOver("NdkCreateQp", ndk.ObjectTypeQP, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateQP(B.pd, B.cq, nil, B.qpCtx, 4, 1, ctx)
	})
	se := c.handOver("NdkCreateSharedEndpoint", ndk.ObjectTypeSharedEndpoint, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateSharedEndpoint(A.a, netip.AddrPortFrom(src, 0), ctx)
	})
	conn := c.handOver("NdkCreateConnector", ndk.ObjectTypeConnector, func(ctx uintptr) (at.Obj, ndk.Status) {
		return at.CreateConnector(A.a, ctx)
	})
	at.ControlConnectEvents(l, true)
	at.ControlConnectEvents(l, false)

	cctx, ch := c.async(func(ctx uintptr) ndk.Status { return at.Connect(conn, qp, se, src, dst, nil, ctx) })
	ev := c.wait(at.EvConnect, evCtx)
	if st := at.Reject(ev.Obj, []byte("no")); st != ndk.StatusSuccess {
		c.t.Fatalf("NdkReject: %v", st)
	}
	select {
	case st := <-ch:
		if st = c.finish("NdkConnectWithSharedEndpoint", cctx, st); st != ndk.StatusConnectionRefused {
			c.t.Errorf("a rejected NdkConnectWithSharedEndpoint: %v, want STATUS_CONNECTION_REFUSED", st)
		}
	case <-time.After(timeout):
		c.t.Fatal("a rejected NdkConnectWithSharedEndpoint did not return")
	}
	c.close("rejected connector", ev.Obj, ndk.ObjectTypeConnector)

	ex := c.version.HasEx()
	cctx, ch = c.async(func(ctx uintptr) ndk.Status { return at.Connect(conn, qp, se, src, dst, nil, ctx) })
	ev = c.wait(at.EvConnect, evCtx)
	connB, discB := ev.Obj, c.next()
	actx, ach := c.async(func(ctx uintptr) ndk.Status { return at.Accept(connB, ex, qpB, nil, discB, ctx) })
	c.join("NdkConnectWithSharedEndpoint", cctx, ch)
	c.request("NdkCompleteConnect", func(ctx uintptr) ndk.Status { return at.CompleteConnect(conn, false, c.next(), ctx) })
	c.join("NdkAccept", actx, ach)
	dctx, dch := c.async(func(ctx uintptr) ndk.Status { return at.Disconnect(conn, ctx) })
	c.join("NdkDisconnect", dctx, dch)
	if ex {
		if ev := c.wait(at.EvDisconnectEx, discB); ev.Reason != sim.ReasonPeerDisconnected {
			c.t.Errorf("NdkDisconnectEventCallbackEx: reason %d, want %d", ev.Reason, sim.ReasonPeerDisconnected)
		}
	} else {
		c.wait(at.EvDisconnect, discB)
	}
	c.close("connector", conn, ndk.ObjectTypeConnector)
	c.close("B's connector", connB, ndk.ObjectTypeConnector)
	c.close("shared endpoint", se, ndk.ObjectTypeSharedEndpoint)
	c.close("QP", qp, ndk.ObjectTypeQP)
	c.close("B's QP", qpB, ndk.ObjectTypeQP)
}

var personalities = []string{"inline", "deferred", "reentrant"}

// TestLoopback runs the whole path through the C ABI in each of sim's
// completion personalities and each callback IRQL, against the conforming
// provider: no rule broken, and every callback between the hook's calls at
// the IRQL the option says.
func TestLoopback(t *testing.T) {
	for _, mode := range personalities {
		for _, irql := range []string{simabi.IRQLPassive, simabi.IRQLDispatch, simabi.IRQLMixed} {
			t.Run(mode+"/"+irql, func(t *testing.T) {
				c := open(t, map[string]string{"completion": mode, simabi.OptCallbackIRQL: irql}, true)
				c.run()
				levels := map[int]int{}
				for _, ev := range c.seen {
					levels[ev.IRQL]++
				}
				var want []int
				switch {
				case irql == simabi.IRQLPassive:
					want = []int{0}
				case irql == simabi.IRQLDispatch, mode == "deferred", mode == "inline":
					// deferred: every callback from sim's goroutines;
					// inline: completions are returns, events come from
					// sim's goroutines
					want = []int{2}
				default: // reentrant, mixed: completions inside the call, events outside
					want = []int{0, 2}
				}
				var got []int
				for l := range levels {
					got = append(got, l)
				}
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("callback IRQLs %v (counts %v), want %v", got, levels, want)
				}
				t.Logf("%d callbacks, IRQLs %v", len(c.seen), levels)
			})
		}
	}
}

// TestVersion12 is a provider of NDKPI 1.2: opens at 1.0..1.2 get 1.2,
// 1.3 and 2.x fail, and NDK_CONNECTOR_DISPATCH has no 2.1 members.
func TestVersion12(t *testing.T) {
	c := open(t, map[string]string{"completion": "deferred", "version": "1.2"}, true)
	if c.version != (ndk.Version{Major: 1, Minor: 2}) {
		t.Fatalf("Provider.Version %v", c.version)
	}
	c.versions()
	sa, _ := c.p.Sides()
	mp, a, s := c.adapter(sa.IPv4, 1, 0)
	if s != ndk.StatusSuccess {
		t.Fatalf("open at 1.0: %v", s)
	}
	conn := c.handOver("NdkCreateConnector", ndk.ObjectTypeConnector, func(ctx uintptr) (at.Obj, ndk.Status) { return at.CreateConnector(a, ctx) })
	if h := at.Inspect(conn, ndk.ObjectTypeConnector); h.NullMask != exEntries || h.Version != c.version {
		t.Errorf("a 1.2 connector: null members %#x (want %#x: the 2.1 ones), version %v", h.NullMask, exEntries, h.Version)
	}
	c.close("connector", conn, ndk.ObjectTypeConnector)
	at.CloseAdapter(mp, a)
}

// TestVariants runs the path against each abi variant: the check of the
// rule it breaks catches it.
func TestVariants(t *testing.T) {
	for _, v := range simabi.Variants() {
		for _, mode := range []string{"inline", "deferred"} {
			t.Run(v.Name+"/"+mode, func(t *testing.T) {
				c := open(t, map[string]string{"completion": mode, simabi.OptABIVariant: v.Name}, false)
				c.run()
				if !c.has(v.Rules[0]) {
					t.Errorf("variant %s (breaks %s) not caught; the consumer saw %v", v.Name, strings.Join(v.Rules, ", "), c.broken)
				}
				t.Logf("%s caught: %v", v.Name, c.broken)
			})
		}
	}
}

// TestOptions: simabi's own options and sim's are accepted, others refused.
func TestOptions(t *testing.T) {
	for _, bad := range []map[string]string{
		{"no-such-option": "1"},
		{simabi.OptABIVariant: "no-such-variant"},
		{simabi.OptCallbackIRQL: "high"},
		{"completion": "sometimes"},
	} {
		if p, err := simabi.Open(bad); err == nil {
			_ = p.Close()
			t.Errorf("simabi.Open(%v) succeeded", bad)
		}
	}
	p, err := simabi.Open(map[string]string{"variant": "stale-token", "hosts": "3", simabi.OptCallbackIRQL: simabi.IRQLMixed})
	if err != nil {
		t.Fatal(err)
	}
	if _, s := at.Miniport(p.Handle(), netip.MustParseAddr("192.0.2.3")); s != ndk.StatusSuccess {
		t.Errorf("the third host's miniport: %v", s)
	}
	if _, s := at.Miniport(p.Handle(), netip.MustParseAddr("192.0.2.99")); s != ndk.StatusInvalidAddress {
		t.Errorf("an address no host owns: %v, want STATUS_INVALID_ADDRESS", s)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if _, s := at.Miniport(p.Handle(), netip.MustParseAddr("192.0.2.1")); s != ndk.StatusInvalidHandle {
		t.Errorf("a closed provider's miniport: %v, want STATUS_INVALID_HANDLE", s)
	}
}

// TestChainsAndIPv6: an MR over MDL chains (contiguous: registered; a gap:
// STATUS_INVALID_PARAMETER, MR-3; several MDLs with sim's mdl-chains=off:
// STATUS_NOT_SUPPORTED), and a listener on an IPv6 address.
func TestChainsAndIPv6(t *testing.T) {
	for _, chains := range []string{"on", "off"} {
		t.Run("mdl-chains="+chains, func(t *testing.T) {
			c := open(t, map[string]string{"completion": "deferred", "mdl-chains": chains}, true)
			sa, _ := c.p.Sides()
			mp, a, s := c.adapter(sa.IPv6, c.version.Major, c.version.Minor)
			if s != ndk.StatusSuccess {
				t.Fatalf("open on %v: %v", sa.IPv6, s)
			}
			pd := c.handOver("NdkCreatePd", ndk.ObjectTypePD, func(ctx uintptr) (at.Obj, ndk.Status) { return at.CreatePD(a, ctx) })
			buf := c.alloc(3 * 4096)
			const va = 0x40_0000_0800
			second := at.MDL(unsafe.Add(buf, 4096), 4096, va+4096, nil)
			first := at.MDL(buf, 4096, va, second)
			gap2 := at.MDL(unsafe.Add(buf, 8192), 4096, va+3*4096, nil)
			gap := at.MDL(buf, 4096, va, gap2)
			c.toFree = append(c.toFree, first, second, gap, gap2)
			for _, tc := range []struct {
				name   string
				mdl    unsafe.Pointer
				length uint64
				want   ndk.Status
			}{
				{"one MDL", second, 4096, ndk.StatusSuccess},
				{"the first MDL of a chain (Length cuts it)", first, 4096, ndk.StatusSuccess},
				{"a Length beyond the chain", second, 8192, ndk.StatusInvalidParameter},
				{"a contiguous chain", first, 8192, map[string]ndk.Status{"on": ndk.StatusSuccess, "off": ndk.StatusNotSupported}[chains]},
				{"a chain with a gap", gap, 8192, map[string]ndk.Status{"on": ndk.StatusInvalidParameter, "off": ndk.StatusNotSupported}[chains]},
			} {
				mr := c.handOver("NdkCreateMr", ndk.ObjectTypeMR, func(ctx uintptr) (at.Obj, ndk.Status) { return at.CreateMR(pd, false, ctx) })
				ctx := c.next()
				if st := c.finish("NdkRegisterMr", ctx, at.RegisterMR(mr, tc.mdl, tc.length, ndk.MRFlagAllowLocalWrite, ctx)); st != tc.want {
					t.Errorf("NdkRegisterMr over %s: %v, want %v", tc.name, st, tc.want)
				}
				c.close("MR", mr, ndk.ObjectTypeMR)
			}
			l := c.handOver("NdkCreateListener", ndk.ObjectTypeListener, func(ctx uintptr) (at.Obj, ndk.Status) {
				return at.CreateListener(a, c.next(), ctx)
			})
			c.request("NdkListen", func(ctx uintptr) ndk.Status { return at.Listen(l, netip.AddrPortFrom(sa.IPv6, 7000), ctx) })
			if _, n, st := at.Address(l, ndk.ObjectTypeListener, false, 16, false); st != ndk.StatusBufferTooSmall || n != 28 {
				t.Errorf("IPv6 listener NdkGetLocalAddress into 16 bytes: %v, length %d; want STATUS_BUFFER_TOO_SMALL, 28", st, n)
			}
			if ap, n, st := at.Address(l, ndk.ObjectTypeListener, false, 28, false); st != ndk.StatusSuccess || n != 28 ||
				ap != netip.AddrPortFrom(sa.IPv6, 7000) {
				t.Errorf("IPv6 listener NdkGetLocalAddress: %v %v, length %d", st, ap, n)
			}
			c.close("listener", l, ndk.ObjectTypeListener)
			c.close("PD", pd, ndk.ObjectTypePD)
			at.CloseAdapter(mp, a)
		})
	}
}
