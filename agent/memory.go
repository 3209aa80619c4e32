package agent

import (
	"fmt"
	"runtime/debug"
	"slices"
	"unsafe"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// Agent memory: BUFFERs, the regions MRs are registered over, LAMs.

const (
	kBuffer = agentv1.HandleKind_HANDLE_KIND_BUFFER
	kLAM    = agentv1.HandleKind_HANDLE_KIND_LAM
	kMR     = agentv1.HandleKind_HANDLE_KIND_MR
	kMW     = agentv1.HandleKind_HANDLE_KIND_MW
	kSRQ    = agentv1.HandleKind_HANDLE_KIND_SRQ
)

// maxLamPages bounds BuildLamRequest.page_capacity.
const maxLamPages = 1 << 20

// buffer is a BUFFER: page-aligned, zeroed agent memory, data within
// raw (the allocation).
type buffer struct {
	data, raw []byte
}

// piece is [off, off+n) of a BUFFER.
type piece struct {
	buf    uint64
	off, n uint64
}

// region is what an MR is registered over: its pieces laid end to end,
// one for RegisterMr, one per MDL with a buffer for RegisterMrChain.
type region []piece

func (r region) length() uint64 {
	var n uint64
	for _, p := range r {
		n += p.n
	}
	return n
}

// lamEntry is a LAM: the ndk.LAM the provider fills, over pieces of
// BUFFERs (one for BuildLam, those of the chain for BuildLamChain).
type lamEntry struct {
	lam     *ndk.LAM
	adapter ndk.Adapter
	reg     region
	failed  bool // the build failed: the provider holds no part of reg (guarded by session.mu)
}

// maxChainMDLs bounds the MDLs of a RegisterMrChain or BuildLamChain.
const maxChainMDLs = 1024

// What a session is charged for besides its BUFFERs (see Memory in the
// package doc).
const (
	// handleBytes: a handle's entry, kept until the session ends (a
	// closed handle is still recognised as closed).
	handleBytes = 128
	// callBytes: a call in flight, its goroutine and its request.
	callBytes = 8 << 10
	// pieceBytes: a range of the region an MR is registered over.
	pieceBytes = 24
	// lamPageBytes: a page of a LAM's page array.
	lamPageBytes = 8
)

// freeOSAbove: a session that held more than this at its peak returns
// the memory to the system when it ends, rather than leave the agent's
// footprint at its peak for the runtime's scavenger to shrink by and by.
const freeOSAbove = 256 << 20

// fitsLocked reports whether the session can hold n more bytes.
func (s *session) fitsLocked(n uint64) bool {
	return n <= s.cfg.MaxSessionBytes && s.held <= s.cfg.MaxSessionBytes-n
}

// reserveLocked charges n bytes to the session if they fit.
func (s *session) reserveLocked(n uint64) bool {
	if !s.fitsLocked(n) {
		return false
	}
	s.chargeLocked(n)
	return true
}

// chargeLocked charges n bytes to the session, fitting or not (what is
// already allocated: a handle of an object the provider made).
func (s *session) chargeLocked(n uint64) {
	if s.released {
		return // a provider's callback after the session's end
	}
	s.held += n
	s.peak = max(s.peak, s.held)
	s.srvHeld.Add(int64(n))
}

func (s *session) releaseLocked(n uint64) {
	if s.released {
		return
	}
	s.held -= n
	s.srvHeld.Add(-int64(n))
}

// overMessage says why what, of n bytes, does not fit.
func (s *session) overMessage(what string, n uint64) string {
	return fmt.Sprintf("%s needs %d bytes: the session holds %d of the %d it may hold (the agent's --max-session-memory)",
		what, n, s.held, s.cfg.MaxSessionBytes)
}

// bytesOf is what an object of a handle holds of the session's memory.
func bytesOf(obj any) uint64 {
	switch o := obj.(type) {
	case *buffer:
		return uint64(cap(o.raw))
	case *lamEntry:
		return uint64(cap(o.lam.Pages)) * lamPageBytes
	}
	return 0
}

// dropLocked forgets the object of e, releasing its memory.
func (s *session) dropLocked(e *entry) {
	if e.obj != nil {
		s.releaseLocked(bytesOf(e.obj))
		e.obj = nil
	}
}

// setRegionLocked makes reg the region of MR id, if it fits.
func (s *session) setRegionLocked(id uint64, reg region) bool {
	if !s.reserveLocked(uint64(len(reg)) * pieceBytes) {
		return false
	}
	s.regions[id] = reg
	return true
}

// dropRegionLocked forgets the region of MR id.
func (s *session) dropRegionLocked(id uint64) {
	if r, ok := s.regions[id]; ok {
		s.releaseLocked(uint64(len(r)) * pieceBytes)
		delete(s.regions, id)
	}
}

// releaseAll ends the session's memory once its objects, adapters and
// provider are closed and no call runs: what it still holds (its handles,
// the BUFFERs it did not free) is released, and the agent's total drops
// by as much; the handles are forgotten, so that nothing of the session
// stays reachable through it. Nothing is charged after (a provider that
// calls back after its close).
func (s *session) releaseAll() {
	s.mu.Lock()
	s.srvHeld.Add(-int64(s.held))
	s.held, s.released = 0, true
	peak := s.peak
	s.handles = map[uint64]*entry{}
	s.regions = map[uint64]region{}
	s.lams = map[uint64]*lamEntry{}
	s.mu.Unlock()
	if peak > freeOSAbove {
		debug.FreeOSMemory()
	}
}

// releases reports whether c only releases or closes (it is never refused
// for the session's memory).
func releases(c *agentv1.Call) bool {
	switch c.Op.(type) {
	case *agentv1.Call_CloseObject, *agentv1.Call_CloseAdapter, *agentv1.Call_FreeBuffer, *agentv1.Call_ReleaseLam,
		*agentv1.Call_DeregisterMr, *agentv1.Call_CloseProvider:
		return true
	}
	return false
}

func outOfRange(msg string) *agentv1.CallReturn {
	return perr(&agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_OUT_OF_RANGE, Message: msg})
}

// allocationOf is what a BUFFER of n bytes allocates.
func allocationOf(n uint64) uint64 { return n + ndk.PageSize }

// newBuffer returns a BUFFER of n zeroed bytes whose first byte is at a
// page boundary (Go's heap does not move objects).
func newBuffer(n uint64) *buffer {
	raw := make([]byte, allocationOf(n))
	off := (ndk.PageSize - int(uintptr(unsafe.Pointer(unsafe.SliceData(raw)))%ndk.PageSize)) % ndk.PageSize
	return &buffer{data: raw[off : off+int(n) : off+int(n)], raw: raw}
}

// inside reports whether [off, off+n) lies in [0, size).
func inside(off, n, size uint64) bool {
	return off <= size && n <= size-off
}

// bufferRange resolves [off, off+n) of a BUFFER handle.
func (s *session) bufferRange(h *agentv1.Handle, off, n uint64) ([]byte, *agentv1.CallReturn) {
	obj, _, pe := s.lookup(h, kBuffer)
	if pe != nil {
		return nil, perr(pe)
	}
	b := obj.(*buffer)
	if !inside(off, n, uint64(len(b.data))) {
		return nil, outOfRange(fmt.Sprintf("[%d, %d+%d) is outside the buffer of %d bytes", off, off, n, len(b.data)))
	}
	return b.data[off : off+n : off+n], nil
}

// memoryRange resolves [off, off+n) of a WriteMemory or ReadMemory
// region, a BUFFER or an MR registered over BUFFERs, into the pieces of
// BUFFERs that hold it, in order (more than one where the range of an MR
// registered over a chain crosses from one MDL into the next).
func (s *session) memoryRange(h *agentv1.Handle, off, n uint64) (region, *agentv1.CallReturn) {
	if n > uint64(s.cfg.MaxMemoryChunk) {
		return nil, outOfRange(fmt.Sprintf("%d bytes in one message, more than max_memory_chunk %d", n, s.cfg.MaxMemoryChunk))
	}
	if h.GetKind() != kMR {
		if _, r := s.bufferRange(h, off, n); r != nil {
			return nil, r
		}
		return region{{buf: h.GetId(), off: off, n: n}}, nil
	}
	if _, _, pe := s.lookup(h, kMR); pe != nil {
		return nil, perr(pe)
	}
	s.mu.Lock()
	r, ok := s.regions[h.GetId()]
	s.mu.Unlock()
	if !ok {
		return nil, outOfRange("the MR is not registered over agent memory")
	}
	if total := r.length(); !inside(off, n, total) {
		return nil, outOfRange(fmt.Sprintf("[%d, %d+%d) is outside the MR's %d bytes", off, off, n, total))
	}
	var out region
	for _, p := range r {
		if n == 0 {
			break
		}
		if off >= p.n {
			off -= p.n
			continue
		}
		k := min(p.n-off, n)
		if _, cr := s.bufferRange(&agentv1.Handle{Kind: kBuffer, Id: p.buf}, p.off+off, k); cr != nil {
			return nil, cr
		}
		out = append(out, piece{buf: p.buf, off: p.off + off, n: k})
		off, n = 0, n-k
	}
	return out, nil
}

// bytesOfPiece is the agent memory of p, a piece memoryRange checked.
func (s *session) bytesOfPiece(p piece) []byte {
	b, _ := s.bufferRange(&agentv1.Handle{Kind: kBuffer, Id: p.buf}, p.off, p.n)
	return b
}

// heldLocked returns the parts of p that the provider holds: where p
// overlaps the region of a registered MR (from its registration call on)
// or of a LAM not yet released; an overlap of two is returned for each.
func (s *session) heldLocked(p piece) region {
	var out region
	add := func(q piece) {
		if q.buf != p.buf {
			return
		}
		lo, hi := max(p.off, q.off), min(p.off+p.n, q.off+q.n)
		if lo < hi {
			out = append(out, piece{buf: p.buf, off: lo, n: hi - lo})
		}
	}
	for mrID, r := range s.regions {
		if e := s.handles[mrID]; e != nil && e.obj != nil {
			for _, q := range r {
				add(q)
			}
		}
	}
	for _, l := range s.openLAMsLocked() {
		if !l.failed {
			for _, q := range l.reg {
				add(q)
			}
		}
	}
	return out
}

// busyLocked says what keeps a buffer from being freed ("" for nothing).
func (s *session) busyLocked(buf uint64) string {
	for mrID, r := range s.regions {
		for _, p := range r {
			if e := s.handles[mrID]; p.buf == buf && e != nil && e.obj != nil {
				return "an MR is registered over it"
			}
		}
	}
	for _, l := range s.openLAMsLocked() {
		if slices.ContainsFunc(l.reg, func(p piece) bool { return p.buf == buf }) {
			return "a LAM is built over it"
		}
	}
	return ""
}

// openLAMsLocked returns the session's LAMs not yet released or closed
// with their adapter; those that were are dropped from s.lams (the
// handles stay, to tell a stale handle from a foreign one, so walking them
// would cost every call more as the session goes on).
func (s *session) openLAMsLocked() []*lamEntry {
	var out []*lamEntry
	for id, l := range s.lams {
		if e := s.handles[id]; e == nil || e.closed || e.obj != l {
			delete(s.lams, id)
			continue
		}
		out = append(out, l)
	}
	return out
}

// memoryCall serves the memory calls; ok false for another call.
func (s *session) memoryCall(c *agentv1.Call) (*agentv1.CallReturn, bool) {
	switch op := c.Op.(type) {
	case *agentv1.Call_AllocateBuffer:
		n := op.AllocateBuffer.GetLength()
		s.mu.Lock()
		if n > s.cfg.MaxSessionBytes || !s.reserveLocked(allocationOf(n)) {
			msg := s.overMessage(fmt.Sprintf("AllocateBuffer of %d bytes", n), allocationOf(min(n, s.cfg.MaxSessionBytes)))
			s.mu.Unlock()
			return outOfRange(msg), true
		}
		s.mu.Unlock()
		h := s.add(kBuffer, newBuffer(n), 0)
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_AllocateBuffer{AllocateBuffer: &agentv1.AllocateBufferReply{Buffer: h}}}, true

	case *agentv1.Call_FreeBuffer:
		h := op.FreeBuffer.GetBuffer()
		obj, _, pe := s.lookup(h, kBuffer)
		if pe != nil {
			return perr(pe), true
		}
		s.mu.Lock()
		if why := s.busyLocked(h.GetId()); why != "" {
			s.mu.Unlock()
			return perr(&agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_BUSY, Message: "FreeBuffer: " + why}), true
		}
		if e := s.handles[h.GetId()]; e != nil && !e.closed && e.obj == obj {
			s.dropLocked(e)
			e.closed = true
		}
		s.mu.Unlock()
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_FreeBuffer{FreeBuffer: &agentv1.FreeBufferReply{}}}, true

	case *agentv1.Call_WriteMemory:
		w := op.WriteMemory
		ps, r := s.memoryRange(w.GetRegion(), w.GetOffset(), uint64(len(w.GetData())))
		if r != nil {
			return r, true
		}
		data := w.GetData()
		for _, p := range ps {
			b := s.bytesOfPiece(p)
			copy(b, data)
			data = data[len(b):]
			if r := s.mirror(p, ndk.MemoryMirror.PushMemory, "WriteMemory"); r != nil {
				return r, true
			}
		}
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_WriteMemory{WriteMemory: &agentv1.WriteMemoryReply{}}}, true

	case *agentv1.Call_ReadMemory:
		rd := op.ReadMemory
		ps, r := s.memoryRange(rd.GetRegion(), rd.GetOffset(), uint64(rd.GetLength()))
		if r != nil {
			return r, true
		}
		data := []byte{}
		for _, p := range ps {
			if r := s.mirror(p, ndk.MemoryMirror.PullMemory, "ReadMemory"); r != nil {
				return r, true
			}
			data = append(data, s.bytesOfPiece(p)...)
		}
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_ReadMemory{ReadMemory: &agentv1.ReadMemoryReply{Data: data}}}, true
	}
	return nil, false
}

// mirror passes the parts of p, agent memory just written or about to be
// read, that the provider holds (registered or mapped: heldLocked) to its
// PushMemory or PullMemory when the provider keeps copies of registered
// memory itself (ndk.MemoryMirror: rxe for a buffer whose page offset
// differs from its virtual address's, the ndkt driver for all), so that
// ReadMemory returns the bytes that really moved and the provider sends
// those WriteMemory stored. Other bytes have no copy, and
// ndk.MemoryMirror lets a provider refuse them (the ndkt driver does): a
// BUFFER written before its registration gets its bytes into the
// provider's copy by the registration itself.
func (s *session) mirror(p piece, f func(ndk.MemoryMirror, []byte) error, call string) *agentv1.CallReturn {
	mm, ok := s.provider.(ndk.MemoryMirror)
	if !ok {
		return nil
	}
	s.mu.Lock()
	held := s.heldLocked(p)
	s.mu.Unlock()
	for _, q := range held {
		if err := f(mm, s.bytesOfPiece(q)); err != nil {
			return perr(&agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_INTERNAL, Message: fmt.Sprintf("%s: the provider's copy of the memory: %v", call, err)})
		}
	}
	return nil
}

func lamOutput(l *ndk.LAM) *agentv1.LamOutput {
	n := min(int(l.PageCount), len(l.Pages))
	return &agentv1.LamOutput{Pages: append([]uint64{}, l.Pages[:n]...), PageCount: l.PageCount, Fbo: l.FBO}
}

// buildLam serves BuildLam: the LAM gets its handle first (the reply
// always names it); a pending call's output comes in its completion.
func (s *session) buildLam(req *agentv1.BuildLamRequest) *agentv1.CallReturn {
	if _, _, pe := s.lookup(req.GetAdapter(), kAdapter); pe != nil {
		return perr(pe)
	}
	var buf []byte
	if req.GetBuffer() != nil || req.GetLength() > 0 {
		var r *agentv1.CallReturn
		if buf, r = s.bufferRange(req.GetBuffer(), req.GetOffset(), req.GetLength()); r != nil {
			return r
		}
	}
	// else: an empty buffer with no backing (a nil []byte).
	var reg region
	if req.GetBuffer() != nil {
		reg = region{{buf: req.GetBuffer().GetId(), off: req.GetOffset(), n: req.GetLength()}}
	}
	return s.buildLamWith(req.GetAdapter(), req.GetPageCapacity(), req.GetDone(), reg, false,
		func(a ndk.Adapter, lam *ndk.LAM, done ndk.RequestCompletion) ndk.Status {
			return a.BuildLAM(buf, lam, done, nil)
		})
}

// buildLamChain serves BuildLamChain as buildLam serves BuildLam, on an
// adapter that takes MDL chains.
func (s *session) buildLamChain(req *agentv1.BuildLamChainRequest) *agentv1.CallReturn {
	lb, chain, reg, r := chainCall[ndk.LAMChainBuilder](s, "BuildLamChain", req.GetAdapter(), kAdapter, req.GetChain())
	if r != nil {
		return r
	}
	return s.buildLamWith(req.GetAdapter(), req.GetPageCapacity(), req.GetDone(), reg, true,
		func(_ ndk.Adapter, lam *ndk.LAM, done ndk.RequestCompletion) ndk.Status {
			return lb.BuildLAMChain(chain, lam, done, nil)
		})
}

// buildLamWith serves a BuildLam (BuildLamChain if chained): a LAM of
// pages page capacity over reg on the adapter of ah gets its handle
// first (the reply always names it), then build makes the call; the
// reply's output is the LAM's unless the call returned STATUS_PENDING (a
// pending call's output comes in its completion).
func (s *session) buildLamWith(ah *agentv1.Handle, pages uint32, ref *agentv1.CallbackRef, reg region, chained bool,
	build func(ndk.Adapter, *ndk.LAM, ndk.RequestCompletion) ndk.Status) *agentv1.CallReturn {
	obj, ad, pe := s.lookup(ah, kAdapter)
	if pe != nil {
		return perr(pe)
	}
	if pages > maxLamPages {
		return outOfRange(fmt.Sprintf("BuildLam: page_capacity %d, more than %d", pages, maxLamPages))
	}
	a := obj.(ndk.Adapter)
	s.mu.Lock()
	if !s.reserveLocked(uint64(pages) * lamPageBytes) {
		msg := s.overMessage(fmt.Sprintf("BuildLam's page array of %d pages", pages), uint64(pages)*lamPageBytes)
		s.mu.Unlock()
		return outOfRange(msg)
	}
	s.mu.Unlock()
	le := &lamEntry{lam: &ndk.LAM{Pages: make([]uint64, pages)}, adapter: a, reg: reg}
	h := s.add(kLAM, le, ad)
	s.mu.Lock()
	s.lams[h.GetId()] = le
	s.mu.Unlock()
	settle := func(st ndk.Status) {
		if st != ndk.StatusSuccess {
			s.mu.Lock()
			le.failed = true
			s.mu.Unlock()
		}
	}
	st := build(a, le.lam, s.settledDone(ref, settle, func() *agentv1.LamOutput { return lamOutput(le.lam) }))
	var out *agentv1.LamOutput
	if st != ndk.StatusPending {
		settle(st)
		out = lamOutput(le.lam)
	}
	r := &agentv1.CallReturn{Status: uint32(st)}
	if chained {
		r.Reply = &agentv1.CallReturn_BuildLamChain{BuildLamChain: &agentv1.BuildLamChainReply{Lam: h, Output: out}}
	} else {
		r.Reply = &agentv1.CallReturn_BuildLam{BuildLam: &agentv1.BuildLamReply{Lam: h, Output: out}}
	}
	return r
}

// chainCall resolves a RegisterMrChain or BuildLamChain (call): its
// object, of handle h of kind, as T, the optional interface that takes the
// chain (NOT_SUPPORTED for an object that is no T); the MDLs, each one's
// bytes (nil for an MDL with no buffer and length 0) and virtual address;
// and the pieces of BUFFER they are, in order.
func chainCall[T any](s *session, call string, h *agentv1.Handle, kind agentv1.HandleKind, mdls []*agentv1.Mdl) (T, []ndk.MDL, region, *agentv1.CallReturn) {
	var x T
	obj, _, pe := s.lookup(h, kind)
	if pe != nil {
		return x, nil, nil, perr(pe)
	}
	x, ok := obj.(T)
	if !ok {
		return x, nil, nil, notSupported(fmt.Sprintf("%s: the object (%v) takes no MDL chain (its handle had no mdl_chains)", call, kind))
	}
	if len(mdls) > maxChainMDLs {
		return x, nil, nil, outOfRange(fmt.Sprintf("%s: a chain of %d MDLs, more than %d", call, len(mdls), maxChainMDLs))
	}
	chain := make([]ndk.MDL, len(mdls))
	var reg region
	for i, m := range mdls {
		chain[i].VA = m.GetVa()
		if m.GetBuffer() == nil && m.GetLength() == 0 {
			continue
		}
		b, r := s.bufferRange(m.GetBuffer(), m.GetOffset(), m.GetLength())
		if r != nil {
			return x, nil, nil, r
		}
		chain[i].Buf = b
		reg = append(reg, piece{buf: m.GetBuffer().GetId(), off: m.GetOffset(), n: m.GetLength()})
	}
	return x, chain, reg, nil
}

func (s *session) releaseLam(req *agentv1.ReleaseLamRequest) *agentv1.CallReturn {
	obj, ad, pe := s.lookup(req.GetAdapter(), kAdapter)
	if pe != nil {
		return perr(pe)
	}
	lo, lad, pe := s.lookup(req.GetLam(), kLAM)
	if pe != nil {
		return perr(pe)
	}
	if lad != ad {
		return invalid("ReleaseLam: the LAM was built on another adapter")
	}
	if s.forget(req.GetLam().GetId()) {
		obj.(ndk.Adapter).ReleaseLAM(lo.(*lamEntry).lam)
	}
	return &agentv1.CallReturn{Reply: &agentv1.CallReturn_ReleaseLam{ReleaseLam: &agentv1.ReleaseLamReply{}}}
}

// registerMr serves RegisterMr over a BUFFER region. The region is the
// MR's from the call (the provider may use it from then on) until the
// registration fails, or a deregistration succeeds.
func (s *session) registerMr(req *agentv1.RegisterMrRequest) *agentv1.CallReturn {
	obj, _, pe := s.lookup(req.GetMr(), kMR)
	if pe != nil {
		return perr(pe)
	}
	var buf []byte
	if req.GetBuffer() != nil || req.GetLength() > 0 {
		var r *agentv1.CallReturn
		if buf, r = s.bufferRange(req.GetBuffer(), req.GetOffset(), req.GetLength()); r != nil {
			return r
		}
	}
	// else: an empty buffer with no backing (a nil []byte).
	var reg region
	if req.GetBuffer() != nil {
		reg = region{{buf: req.GetBuffer().GetId(), off: req.GetOffset(), n: req.GetLength()}}
	}
	st, over := s.registerWith(req.GetMr(), reg, req.GetDone(), func(done ndk.RequestCompletion) ndk.Status {
		return obj.(ndk.MR).Register(buf, req.GetVa(), req.GetFlags(), done, nil)
	})
	if over != "" {
		return outOfRange("RegisterMr: " + over)
	}
	return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_RegisterMr{RegisterMr: &agentv1.RegisterMrReply{}}}
}

// registerMrChain serves RegisterMrChain as registerMr serves RegisterMr,
// on an MR that takes MDL chains: its region is the chain's BUFFER ranges
// laid end to end.
func (s *session) registerMrChain(req *agentv1.RegisterMrChainRequest) *agentv1.CallReturn {
	cr, chain, reg, r := chainCall[ndk.ChainRegisterer](s, "RegisterMrChain", req.GetMr(), kMR, req.GetChain())
	if r != nil {
		return r
	}
	st, over := s.registerWith(req.GetMr(), reg, req.GetDone(), func(done ndk.RequestCompletion) ndk.Status {
		return cr.RegisterChain(chain, req.GetFlags(), done, nil)
	})
	if over != "" {
		return outOfRange("RegisterMrChain: " + over)
	}
	return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_RegisterMrChain{RegisterMrChain: &agentv1.RegisterMrChainReply{}}}
}

// registerWith makes the registration call register of the MR of h over
// reg: reg is the MR's region from the call on (unless it has one),
// until the call fails. over says why the call was not made: the region
// does not fit in the session's memory.
func (s *session) registerWith(h *agentv1.Handle, reg region, ref *agentv1.CallbackRef, register func(ndk.RequestCompletion) ndk.Status) (st ndk.Status, over string) {
	s.mu.Lock()
	_, had := s.regions[h.GetId()]
	mine := !had && len(reg) > 0
	if mine && !s.setRegionLocked(h.GetId(), reg) {
		s.mu.Unlock()
		return 0, s.overMessage(fmt.Sprintf("a region of %d ranges", len(reg)), uint64(len(reg))*pieceBytes)
	}
	s.mu.Unlock()
	settle := func(st ndk.Status) {
		if mine && st != ndk.StatusSuccess {
			s.mu.Lock()
			s.dropRegionLocked(h.GetId())
			s.mu.Unlock()
		}
	}
	st = register(s.settledDone(ref, settle, nil))
	if st != ndk.StatusPending {
		settle(st)
	}
	return st, ""
}

func (s *session) deregisterMr(req *agentv1.DeregisterMrRequest) *agentv1.CallReturn {
	h := req.GetMr()
	obj, _, pe := s.lookup(h, kMR)
	if pe != nil {
		return perr(pe)
	}
	settle := func(st ndk.Status) {
		if st == ndk.StatusSuccess {
			s.mu.Lock()
			s.dropRegionLocked(h.GetId())
			s.mu.Unlock()
		}
	}
	st := obj.(ndk.MR).Deregister(s.settledDone(req.GetDone(), settle, nil), nil)
	if st != ndk.StatusPending {
		settle(st)
	}
	return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_DeregisterMr{DeregisterMr: &agentv1.DeregisterMrReply{}}}
}

// settledDone is the provider's RequestCompletion for ref (nil for none)
// of a call whose final status settle gets first (if set); out, if set,
// gives the LAM output the completion carries.
func (s *session) settledDone(ref *agentv1.CallbackRef, settle func(ndk.Status), out func() *agentv1.LamOutput) ndk.RequestCompletion {
	if ref == nil {
		return nil
	}
	return func(_ any, st ndk.Status) {
		if settle != nil {
			settle(st)
		}
		rc := &agentv1.RequestCompletion{Status: uint32(st)}
		if out != nil {
			rc.LamOutput = out()
		}
		s.callback(ref.GetContext(), func(cb *agentv1.Callback) {
			cb.Event = &agentv1.Callback_RequestCompletion{RequestCompletion: rc}
		})
	}
}

// dropRegion forgets the registration of an MR (its close completed).
func (s *session) dropRegion(mr uint64) {
	s.mu.Lock()
	s.dropRegionLocked(mr)
	s.mu.Unlock()
}
