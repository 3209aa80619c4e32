package sim

import (
	"github.com/ndkconform/ndkconform/ndk"
)

// ---- spans of memory ----

// seg is a piece of a resolved memory range: consumer bytes, or (b nil) a
// hole of n bytes that belongs to no consumer buffer (the part of a logical
// page outside the LAM's buffer): reads give zeroes, writes are lost.
type seg struct {
	b []byte
	n int
}

func segsLen(ss []seg) int {
	n := 0
	for _, s := range ss {
		n += s.n
	}
	return n
}

// gather copies the bytes of ss.
func gather(ss []seg) []byte {
	out := make([]byte, 0, segsLen(ss))
	for _, s := range ss {
		if s.b == nil {
			out = append(out, make([]byte, s.n)...)
		} else {
			out = append(out, s.b...)
		}
	}
	return out
}

// scatter copies data into ss and returns how many bytes of data fit.
func scatter(ss []seg, data []byte) int {
	done := 0
	for _, s := range ss {
		if done == len(data) {
			break
		}
		k := min(s.n, len(data)-done)
		if s.b != nil {
			copy(s.b[:k], data[done:done+k])
		}
		done += k
	}
	return done
}

// cutSegs is bytes [off, off+n) of ss (fewer if ss is shorter).
func cutSegs(ss []seg, off, n int) []seg {
	var out []seg
	for _, s := range ss {
		if n <= 0 {
			break
		}
		if off >= s.n {
			off -= s.n
			continue
		}
		k := min(s.n-off, n)
		c := seg{n: k}
		if s.b != nil {
			c.b = s.b[off : off+k]
		}
		out = append(out, c)
		off, n = 0, n-k
	}
	return out
}

// inRange reports whether [addr, addr+n) lies in [base, base+length).
func inRange(base, length, addr, n uint64) bool {
	return addr >= base && n <= length && addr-base <= length-n
}

// access is what a request does to memory.
type access uint8

const (
	accLocalRead access = iota
	accLocalWrite
	accReadSink // local write as the sink of an RDMA read (MR-7)
	accRemoteRead
	accRemoteWrite
)

// ---- MR ----

// mr is NDK_MR. An MR created with fastRegister false is registered with
// Register; one created with fastRegister true is initialised with
// InitializeFastRegister and then mapped by FastRegister work requests.
type mr struct {
	object
	pd   *pd
	fast bool

	local, remote uint32 // tokens; 0 while none
	gen           uint64 // bumped whenever the memory behind the MR changes: binds of older generations are void

	// NdkRegisterMr: the region is the bytes of mem (one piece per MDL
	// of the chain, one for Register) from va on.
	registered bool
	mem        []seg
	va         uint64
	flags      uint32

	// NdkInitializeFastRegisterMr / NdkFastRegister.
	frInit   bool
	frPages  uint32 // AdapterPageCount of the initialisation
	frRemote bool
	frValid  bool     // fast-registered and not invalidated
	frMap    []uint64 // logical pages
	frFBO    uint32
	frLen    uint64
	frBase   uint64
	frFlags  uint32 // NDK_OP_FLAG_ALLOW_* of the FastRegister
}

// Register implements ndk.MR (NdkRegisterMr): a chain of one MDL.
func (m *mr) Register(buf []byte, va uint64, flags uint32, done ndk.RequestCompletion, ctx any) ndk.Status {
	return m.RegisterChain([]ndk.MDL{{Buf: buf, VA: va}}, flags, done, ctx)
}

// RegisterChain implements ndk.ChainRegisterer (NdkRegisterMr on an MDL
// chain): the region is the chain's buffers, one after the other, from
// chain[0].VA on; a chain that is not virtually contiguous fails with
// STATUS_INVALID_PARAMETER (MR-3).
func (m *mr) RegisterChain(chain []ndk.MDL, flags uint32, done ndk.RequestCompletion, ctx any) ndk.Status {
	f := m.ad.f
	mode := f.pick(done != nil)
	n := ndk.ChainLength(chain)
	// VARIANT zero-register-never-completes (breaks CR-4): a registration
	// of 0 bytes returns STATUS_PENDING and never completes.
	if f.variant == VariantZeroRegisterNeverCompletes && n == 0 && done != nil {
		return ndk.StatusPending
	}
	contiguous := ndk.Contiguous(chain)
	// VARIANT mr-chain-gap (breaks MR-3): the MDLs are registered one
	// after the other whatever their virtual addresses say.
	if f.variant == VariantMRChainGap && len(chain) > 0 {
		contiguous = true
	}
	f.mu.Lock()
	var st ndk.Status
	switch {
	case m.closing || m.fast || m.registered:
		st = ndk.StatusInvalidDeviceState
	case !contiguous:
		st = ndk.StatusInvalidParameter // MR-3
	case chain[0].VA == 0, n == 0, f.overRegistration(n), chain[0].VA+n < chain[0].VA:
		st = ndk.StatusInvalidParameter // MR-6: no zero-based registrations
	default:
		m.registered, m.mem, m.va, m.flags = true, chainSegs(chain), chain[0].VA, flags
		m.gen++
		m.local = m.ad.newTokenLocked(tokenRef{kind: tokMRLocal, mr: m})
		m.remote = m.ad.newTokenLocked(tokenRef{kind: tokMRRemote, mr: m})
		st = ndk.StatusSuccess
	}
	f.mu.Unlock()
	return f.completeNow(&m.object, mode, done, ctx, st)
}

// chainSegs is the bytes of an MDL chain laid end to end (empty MDLs
// left out).
func chainSegs(chain []ndk.MDL) []seg {
	var out []seg
	for _, d := range chain {
		if len(d.Buf) > 0 {
			out = append(out, seg{b: d.Buf, n: len(d.Buf)})
		}
	}
	return out
}

// Deregister implements ndk.MR (NdkDeregisterMr).
func (m *mr) Deregister(done ndk.RequestCompletion, ctx any) ndk.Status {
	f := m.ad.f
	mode := f.pick(done != nil)
	f.mu.Lock()
	st := ndk.StatusInvalidDeviceState
	if !m.closing && m.registered {
		m.deregisterLocked()
		st = ndk.StatusSuccess
	}
	f.mu.Unlock()
	return f.completeNow(&m.object, mode, done, ctx, st)
}

func (m *mr) deregisterLocked() {
	// VARIANT stale-token (breaks MR-16): the remote token outlives the
	// registration.
	if m.ad.f.variant == VariantStaleToken {
		m.staleGhostLocked()
	}
	m.registered, m.mem = false, nil
	m.gen++
	m.ad.dropTokenLocked(&m.local)
	m.ad.dropTokenLocked(&m.remote)
}

// InitializeFastRegister implements ndk.MR (NdkInitializeFastRegisterMr).
// The first one allocates the MR's local and remote tokens, which stay for
// the MR's life; it may be repeated (the last page count and remote access
// apply).
func (m *mr) InitializeFastRegister(adapterPageCount uint32, remoteAccess bool, done ndk.RequestCompletion, ctx any) ndk.Status {
	f := m.ad.f
	mode := f.pick(done != nil)
	f.mu.Lock()
	var st ndk.Status
	switch {
	case m.closing || !m.fast:
		st = ndk.StatusInvalidDeviceState
	case adapterPageCount == 0:
		st = ndk.StatusInvalidParameter
	case adapterPageCount > f.frMaxPages:
		st = ndk.StatusImplementationLimit // MR-10
		// VARIANT fr-limit-wrong-status (breaks MR-10): another status.
		if f.variant == VariantFRLimitWrongStatus {
			st = ndk.StatusInvalidParameter
		}
	default:
		m.frInit, m.frPages, m.frRemote = true, adapterPageCount, remoteAccess
		if m.local == 0 {
			m.local = m.ad.newTokenLocked(tokenRef{kind: tokMRLocal, mr: m})
			m.remote = m.ad.newTokenLocked(tokenRef{kind: tokMRRemote, mr: m})
		}
		st = ndk.StatusSuccess
	}
	f.mu.Unlock()
	return f.completeNow(&m.object, mode, done, ctx, st)
}

// LocalToken implements ndk.MR.
func (m *mr) LocalToken() uint32 {
	f := m.ad.f
	f.mu.Lock()
	defer f.mu.Unlock()
	return m.local
}

// RemoteToken implements ndk.MR.
func (m *mr) RemoteToken() uint32 {
	f := m.ad.f
	f.mu.Lock()
	defer f.mu.Unlock()
	return m.remote
}

func (m *mr) beginCloseLocked() {}

// releaseLocked runs once the MR's MWs are closed: the registration ends.
func (m *mr) releaseLocked() {
	if m.registered {
		m.deregisterLocked()
	}
	m.frValid = false
	m.gen++
	m.ad.dropTokenLocked(&m.local)
	m.ad.dropTokenLocked(&m.remote)
	m.pd.forgetMRLocked(m)
}

func (m *mr) closedLocked() {}

// activeLocked reports the MR's region, if it has one now.
func (m *mr) activeLocked() (base, length uint64, ok bool) {
	switch {
	case m.registered:
		return m.va, uint64(segsLen(m.mem)), true
	case m.frValid:
		return m.frBase, m.frLen, true
	}
	return 0, 0, false
}

// allowsLocked reports whether the MR's access rights allow acc.
func (m *mr) allowsLocked(acc access) bool {
	if m.registered {
		switch acc {
		case accLocalRead:
			return true
		case accLocalWrite:
			return m.flags&ndk.MRFlagAllowLocalWrite != 0
		case accReadSink:
			if m.readSinkNotRequiredLocked() {
				return m.flags&ndk.MRFlagAllowLocalWrite != 0
			}
			return m.flags&ndk.MRFlagAllowLocalWrite != 0 && m.flags&ndk.MRFlagRDMAReadSink != 0
		case accRemoteRead:
			return m.flags&ndk.MRFlagAllowRemoteRead != 0
		case accRemoteWrite:
			return m.flags&(ndk.MRFlagAllowRemoteWrite&^ndk.MRFlagAllowLocalWrite) != 0
		}
		return false
	}
	if m.frValid {
		switch acc {
		case accLocalRead:
			return true
		case accLocalWrite:
			return m.frFlags&ndk.OpFlagAllowLocalWrite != 0
		case accReadSink:
			if m.readSinkNotRequiredLocked() {
				return m.frFlags&ndk.OpFlagAllowLocalWrite != 0
			}
			return m.frFlags&ndk.OpFlagAllowLocalWrite != 0 && m.frFlags&ndk.OpFlagRDMAReadSink != 0
		case accRemoteRead:
			return m.frFlags&ndk.OpFlagAllowRemoteRead != 0
		case accRemoteWrite:
			return m.frFlags&(ndk.OpFlagAllowRemoteWrite&^ndk.OpFlagAllowLocalWrite) != 0
		}
	}
	return false
}

// readSinkNotRequiredLocked reports whether an RDMA-read sink needs no
// READ_SINK flag: the adapter sets NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED
// (option read-sink-not-required=on, MR-8).
func (m *mr) readSinkNotRequiredLocked() bool {
	f := m.ad.f
	// VARIANT read-sink-required (breaks MR-8): the flag is set, and the
	// READ_SINK flags are still required.
	return f.info.AdapterFlags&ndk.AdapterFlagRDMAReadSinkNotRequired != 0 && f.variant != VariantReadSinkRequired
}

// segsLocked resolves [addr, addr+n) of the MR's active region, which the
// caller has checked.
func (m *mr) segsLocked(addr, n uint64) ([]seg, ndk.Status) {
	if m.registered {
		off := addr - m.va
		// VARIANT va-page-base (breaks MR-4): the region is indexed from
		// the page base of its virtual address.
		if m.ad.f.variant == VariantVAPageBase {
			off = addr - m.va&^(pageSize-1)
			if off+n > uint64(segsLen(m.mem)) {
				return nil, ndk.StatusAccessViolation
			}
		}
		return cutSegs(m.mem, int(off), int(n)), ndk.StatusSuccess
	}
	// Fast-registered: byte b of the region is byte FBO+b of the page run.
	var out []seg
	b := uint64(m.frFBO) + (addr - m.frBase)
	for n > 0 {
		pi, po := b/pageSize, b%pageSize
		k := min(n, pageSize-po)
		if pi >= uint64(len(m.frMap)) {
			return nil, ndk.StatusAccessViolation
		}
		lp := m.ad.lams[m.frMap[pi]]
		if lp == nil { // the LAM was released
			return nil, ndk.StatusAccessViolation
		}
		out = append(out, lp.segs(int(po), int(k))...)
		b += k
		n -= k
	}
	return out, ndk.StatusSuccess
}

// segs gives bytes [po, po+k) of the logical page.
func (lp *lamPage) segs(po, k int) []seg {
	lo, hi := lp.start+po, lp.start+po+k
	n := segsLen(lp.mem)
	var out []seg
	if lo < 0 {
		h := min(hi, 0) - lo
		out = append(out, seg{n: h})
		lo += h
	}
	if lo < hi && lo < n {
		e := min(hi, n)
		out = append(out, cutSegs(lp.mem, lo, e-lo)...)
		lo = e
	}
	if lo < hi {
		out = append(out, seg{n: hi - lo})
	}
	return out
}

// logicalSegsLocked resolves [addr, addr+n) of the adapter's logical
// address space, page by page.
func (a *adapter) logicalSegsLocked(addr, n uint64) ([]seg, bool) {
	var out []seg
	for n > 0 {
		po := addr % pageSize
		lp := a.lams[addr-po]
		if lp == nil {
			return nil, false
		}
		k := min(n, pageSize-po)
		out = append(out, lp.segs(int(po), int(k))...)
		addr += k
		n -= k
	}
	return out, true
}

// ---- MW ----

// mw is NDK_MW. A successful Bind makes the MR an antecedent of the MW until
// the MW is closed or bound to another MR.
type mw struct {
	object
	pd    *pd
	mr    *mr    // the MR of the last successful Bind (a link), or nil
	token uint32 // remote token, fixed for the MW's life
	valid bool   // bound and not invalidated
	va    uint64
	len   uint64
	flags uint32 // NDK_OP_FLAG_ALLOW_REMOTE_* of the Bind
	gen   uint64 // mr.gen at the Bind

	peerInvalidated bool // invalidated by a peer's SendAndInvalidate (variant reinvalidate-succeeds)

	// The binding before a rebind to another MR (variant rebind-keeps-old).
	oldMR         *mr
	oldVA, oldLen uint64
}

// RemoteToken implements ndk.MW.
func (w *mw) RemoteToken() uint32 {
	f := w.ad.f
	f.mu.Lock()
	defer f.mu.Unlock()
	return w.token
}

func (w *mw) beginCloseLocked() {}
func (w *mw) releaseLocked() {
	// VARIANT mw-close-keeps-binding (breaks MR-16): a bound MW's close
	// leaves its token and binding live: remote accesses under it still
	// reach the MR.
	if w.ad.f.variant == VariantMWCloseKeepsBinding {
		return
	}
	w.valid = false
	w.ad.dropTokenLocked(&w.token)
}
func (w *mw) closedLocked() {}

// ---- resolving SGEs and remote accesses ----

// localSegsLocked resolves the SGEs of a request on a QP of p. acc is
// accLocalRead (a source), accLocalWrite (a receive) or accReadSink. A
// failure is STATUS_ACCESS_VIOLATION.
func (p *pd) localSegsLocked(sgl []ndk.SGE, acc access) ([]seg, ndk.Status) {
	var out []seg
	for _, e := range sgl {
		ss, ok := p.localSGELocked(e, acc)
		if !ok {
			return nil, ndk.StatusAccessViolation
		}
		out = append(out, ss...)
	}
	return out, ndk.StatusSuccess
}

func (p *pd) localSGELocked(e ndk.SGE, acc access) ([]seg, bool) {
	a := p.ad
	ref, ok := a.tokens[e.MemoryRegionToken]
	if !ok {
		return nil, false
	}
	addr, n := e.VirtualAddress, uint64(e.Length)
	switch ref.kind {
	case tokPrivileged:
		// Local read and write of logical addresses (MR-18); an RDMA-read
		// sink only when the adapter does not require sinks registered as
		// such (MR-23).
		sinkOK := a.f.info.AdapterFlags&ndk.AdapterFlagRDMAReadSinkNotRequired != 0 && a.f.variant != VariantReadSinkRequired
		if ref.pd != p || (acc == accReadSink && !sinkOK) {
			return nil, false
		}
		return a.logicalSegsLocked(addr, n)
	case tokMRLocal:
		m := ref.mr
		base, length, active := m.activeLocked()
		if m.pd != p || !active || !m.allowsLocked(acc) || !inRange(base, length, addr, n) {
			return nil, false
		}
		ss, st := m.segsLocked(addr, n)
		return ss, st == ndk.StatusSuccess
	}
	return nil, false
}

// inlineSegsLocked resolves an SGE of an INLINE request, whose token is
// ignored (QP-10): through the first open MR of p whose active region
// covers it, else through the adapter's logical pages.
func (p *pd) inlineSegsLocked(sgl []ndk.SGE) ([]seg, ndk.Status) {
	var out []seg
next:
	for _, e := range sgl {
		addr, n := e.VirtualAddress, uint64(e.Length)
		for _, m := range p.mrs {
			if base, length, ok := m.activeLocked(); ok && inRange(base, length, addr, n) {
				ss, st := m.segsLocked(addr, n)
				if st != ndk.StatusSuccess {
					return nil, st
				}
				out = append(out, ss...)
				continue next
			}
		}
		ss, ok := p.ad.logicalSegsLocked(addr, n)
		if !ok {
			return nil, ndk.StatusAccessViolation
		}
		out = append(out, ss...)
	}
	return out, ndk.StatusSuccess
}

// remoteSegsLocked resolves an RDMA access of n bytes at addr under token
// by the peer of a QP of p: STATUS_ACCESS_VIOLATION for a token that is not
// a live remote token of p or does not grant acc, STATUS_REMOTE_RESOURCES
// for a range outside the region (QP-14).
func (p *pd) remoteSegsLocked(addr uint64, token uint32, n uint64, acc access) ([]seg, ndk.Status) {
	ref, ok := p.ad.tokens[token]
	// VARIANT token-low-bits (breaks MR-16): an unknown token is matched
	// on its low 16 bits.
	if !ok && p.ad.f.variant == VariantTokenLowBits {
		ref, ok = p.ad.lowBitsTokenLocked(token)
	}
	if !ok {
		return nil, ndk.StatusAccessViolation
	}
	switch ref.kind {
	case tokPrivileged:
		// VARIANT privileged-remote (breaks MR-18): the privileged token
		// reaches logical addresses remotely.
		if p.ad.f.variant == VariantPrivilegedRemote && ref.pd == p {
			if ss, ok := p.ad.logicalSegsLocked(addr, n); ok {
				return ss, ndk.StatusSuccess
			}
		}
	case tokMRRemote:
		m := ref.mr
		base, length, active := m.activeLocked()
		switch {
		case m.pd != p || !active || !m.allowsLocked(acc):
			return nil, ndk.StatusAccessViolation
		// VARIANT zero-based (breaks MR-6): an address below the length
		// is an offset into the region.
		case p.ad.f.variant == VariantZeroBased && !inRange(base, length, addr, n) && inRange(0, length, addr, n):
			return m.segsLocked(base+addr, n)
		// VARIANT region-edge-clamped (breaks MR-16, QP-14): an access
		// straddling an edge moves the bytes inside.
		case p.ad.f.variant == VariantRegionEdgeClamped && !inRange(base, length, addr, n):
			if ss, ok := m.clampedSegsLocked(base, length, addr, n); ok {
				return ss, ndk.StatusSuccess
			}
			return nil, ndk.StatusRemoteResources
		case !inRange(base, length, addr, n):
			// VARIANT read-past-end (breaks QP-14, MR-16): a read starting
			// inside the region reads to its end and succeeds.
			if p.ad.f.variant == VariantReadPastEnd && acc == accRemoteRead && inRange(base, length, addr, 1) {
				return m.segsLocked(addr, base+length-addr)
			}
			return nil, ndk.StatusRemoteResources
		}
		return m.segsLocked(addr, n)
	case tokMW:
		w := ref.mw
		want := uint32(ndk.OpFlagAllowRemoteRead)
		if acc == accRemoteWrite {
			want = ndk.OpFlagAllowRemoteWrite &^ ndk.OpFlagAllowLocalWrite
		}
		switch {
		case w.pd != p || !w.valid || w.flags&want == 0 || w.mr.gen != w.gen:
			return nil, ndk.StatusAccessViolation
		// VARIANT rebind-keeps-old (breaks MR-16): the range of the MR
		// bound before still answers.
		case p.ad.f.variant == VariantRebindKeepsOld && w.oldMR != nil && inRange(w.oldVA, w.oldLen, addr, n):
			if base, length, active := w.oldMR.activeLocked(); active && inRange(base, length, addr, n) {
				return w.oldMR.segsLocked(addr, n)
			}
			return nil, ndk.StatusAccessViolation
		case !inRange(w.va, w.len, addr, n):
			return nil, ndk.StatusRemoteResources
		}
		if base, length, _ := w.mr.activeLocked(); !inRange(base, length, addr, n) {
			return nil, ndk.StatusRemoteResources // a window one byte too long (variant window-off-by-one)
		}
		return w.mr.segsLocked(addr, n)
	}
	return nil, ndk.StatusAccessViolation
}

// invalidatableLocked reports whether token names, for a QP of p, a
// fast-registered MR or a bound MW that may be invalidated remotely.
func (p *pd) invalidatableLocked(token uint32) bool {
	ref, ok := p.ad.tokens[token]
	switch {
	case !ok:
		return false
	case ref.kind == tokMRRemote:
		return ref.mr.pd == p && ref.mr.fast && ref.mr.frValid
	case ref.kind == tokMW:
		return ref.mw.pd == p && ref.mw.valid
	}
	return false
}

// invalidateTokenLocked invalidates what token names (checked with
// invalidatableLocked).
func (a *adapter) invalidateTokenLocked(token uint32) {
	ref := a.tokens[token]
	switch ref.kind {
	case tokMRRemote:
		ref.mr.invalidateLocked()
	case tokMW:
		ref.mw.valid = false
		ref.mw.peerInvalidated = true
	}
}

// invalidateLocked ends a fast registration: local and remote access stop.
func (m *mr) invalidateLocked() {
	m.frValid, m.frMap = false, nil
	m.gen++
}

var (
	_ ndk.ChainRegisterer = (*mr)(nil)
	_ ndk.LAMChainBuilder = (*adapter)(nil)
)
