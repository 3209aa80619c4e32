package remote

import (
	"bytes"
	"errors"
	"fmt"
	"sync"
	"unsafe"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// ---- contexts

// UnknownContext is the request context of a Result whose id this driver
// does not know (the agent's provider handed back a context it was never
// given, or one retired long ago): the id the agent sent.
type UnknownContext uint64

// ctxs maps the consumer's request and QP contexts to the ids the agent
// sees. A request context is retired once its Result has been taken (or
// its post failed); QP contexts stay for the session. The last
// maxRetired retired ones are kept: a provider that completes a request
// twice, or one whose post failed, hands the consumer its own context
// again, as in process, and the harness judges a second completion (QP-4)
// or a completion of a failed post (DP-4) as such. Forgetting them at once
// made each an UnknownContext, charged to QP-3 instead.
type ctxs struct {
	ctxMu   sync.Mutex
	lastReq uint64
	reqs    map[uint64]any
	retired retiredSet[any]
	lastQP  uint64
	qps     map[uint64]any
}

func newCtxs() ctxs { return ctxs{reqs: map[uint64]any{}, qps: map[uint64]any{}} }

// retireLocked moves request context id from reqs to retired.
func (c *ctxs) retireLocked(id uint64) {
	if v, ok := c.reqs[id]; ok {
		delete(c.reqs, id)
		c.retired.add(id, v)
	}
}

// retiredSet holds the last maxRetired values retired by id, oldest
// first in order: what a provider may still name after the harness is
// done with it (a session's callback contexts, its request contexts).
// Its user locks it.
type retiredSet[V any] struct {
	byID  map[uint64]V
	order []uint64
}

func (r *retiredSet[V]) add(id uint64, v V) {
	if r.byID == nil {
		r.byID = map[uint64]V{}
	}
	r.byID[id] = v
	r.order = append(r.order, id)
	if len(r.order) > maxRetired {
		delete(r.byID, r.order[0])
		r.order[0] = 0
		r.order = r.order[1:]
	}
}

func (r *retiredSet[V]) get(id uint64) (V, bool) {
	v, ok := r.byID[id]
	return v, ok
}

func (r *retiredSet[V]) len() int { return len(r.byID) }

// reqID names a request context (nil: 0).
func (c *ctxs) reqID(v any) uint64 {
	if v == nil {
		return 0
	}
	c.ctxMu.Lock()
	defer c.ctxMu.Unlock()
	c.lastReq++
	c.reqs[c.lastReq] = v
	return c.lastReq
}

// reqPosted forgets a request context whose post failed (no Result will
// carry it).
func (c *ctxs) reqPosted(id uint64, st ndk.Status) {
	if id != 0 && st != ndk.StatusSuccess {
		c.ctxMu.Lock()
		c.retireLocked(id)
		c.ctxMu.Unlock()
	}
}

// reqTake is the consumer's value of a Result's request context id.
func (c *ctxs) reqTake(id uint64) any {
	if id == 0 {
		return nil
	}
	c.ctxMu.Lock()
	defer c.ctxMu.Unlock()
	v, ok := c.reqs[id]
	if !ok {
		if v, ok := c.retired.get(id); ok {
			return v // a second Result for it: the consumer judges it
		}
		return UnknownContext(id)
	}
	c.retireLocked(id)
	return v
}

func (c *ctxs) qpID(v any) uint64 {
	if v == nil {
		return 0
	}
	c.ctxMu.Lock()
	defer c.ctxMu.Unlock()
	c.lastQP++
	c.qps[c.lastQP] = v
	return c.lastQP
}

func (c *ctxs) qpValue(id uint64) any {
	if id == 0 {
		return nil
	}
	c.ctxMu.Lock()
	defer c.ctxMu.Unlock()
	if v, ok := c.qps[id]; ok {
		return v
	}
	return UnknownContext(id)
}

// ---- memory mirrors

// mirror is an agent BUFFER that mirrors local memory [lo, hi): the bytes
// from the first byte of the slice it was made for to the end of that
// slice's capacity. Local address x is at offset pad+(x-lo) of the
// BUFFER, pad being lo's offset in its page, so the agent's bytes have the
// same offsets in their pages as the local ones (a LAM's FBO).
type mirror struct {
	keep    []byte // [lo, hi): keeps the local array alive while mirrored
	lo, hi  uintptr
	pad     uint64
	buf     *agentv1.Handle
	holders map[any]*adapter // the MRs and LAMs using it, with their adapters
}

func addrOf(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

// offsetOf is the BUFFER offset of local memory at p.
func (m *mirror) offsetOf(p uintptr) uint64 { return m.pad + uint64(p-m.lo) }

// acquire mirrors b (cap(b) > 0) for holder (an MR or a LAM of adapter
// ad): the newest mirror that covers b[:cap(b)], or a new one; then b's
// bytes are written into it. It returns the mirror and b's offset in its
// BUFFER, or nil if the agent refused.
func (s *session) acquire(b []byte, holder any, ad *adapter) (*mirror, uint64) {
	s.memMu.Lock()
	defer s.memMu.Unlock()
	p := addrOf(b)
	end := p + uintptr(cap(b))
	var m *mirror
	fresh := false
	for i := len(s.mirrors) - 1; i >= 0; i-- {
		if x := s.mirrors[i]; x.lo <= p && end <= x.hi {
			m = x
			break
		}
	}
	if m == nil {
		pad := uint64(p % ndk.PageSize)
		r := s.call(&agentv1.Call{Op: &agentv1.Call_AllocateBuffer{AllocateBuffer: &agentv1.AllocateBufferRequest{Length: pad + uint64(cap(b))}}})
		h := r.GetAllocateBuffer().GetBuffer()
		if h == nil {
			return nil, 0
		}
		m = &mirror{keep: b[:cap(b)], lo: p, hi: end, pad: pad, buf: h, holders: map[any]*adapter{}}
		s.mirrors = append(s.mirrors, m)
		fresh = true
	}
	m.holders[holder] = ad
	off := m.offsetOf(p)
	write := s.writeMemory
	if fresh {
		write = s.writeNonZero // a new BUFFER is zeroed (AllocateBufferRequest)
	}
	if err := write(m.buf, off, b); err != nil {
		s.dropHolderLocked(m, holder)
		return nil, 0
	}
	return m, off
}

// release drops holder from every mirror; a mirror no one holds is freed.
func (s *session) release(holder any) {
	s.memMu.Lock()
	defer s.memMu.Unlock()
	for _, m := range append([]*mirror{}, s.mirrors...) {
		if _, ok := m.holders[holder]; ok {
			s.dropHolderLocked(m, holder)
		}
	}
}

// releaseAdapter drops the holders of adapter ad (it closed, and with it
// its MRs and LAMs).
func (s *session) releaseAdapter(ad *adapter) {
	s.memMu.Lock()
	defer s.memMu.Unlock()
	for _, m := range append([]*mirror{}, s.mirrors...) {
		for h, a := range m.holders {
			if a == ad {
				s.dropHolderLocked(m, h)
			}
		}
	}
}

func (s *session) dropHolderLocked(m *mirror, holder any) {
	delete(m.holders, holder)
	if len(m.holders) > 0 {
		return
	}
	for i, x := range s.mirrors {
		if x == m {
			s.mirrors = append(s.mirrors[:i], s.mirrors[i+1:]...)
			break
		}
	}
	// Refused (BUSY: the agent's provider still uses it, as far as the
	// agent knows): the agent frees it with the session.
	s.call(&agentv1.Call{Op: &agentv1.Call_FreeBuffer{FreeBuffer: &agentv1.FreeBufferRequest{Buffer: m.buf}}})
}

// chunkSize is the most bytes one memory call of the session moves.
func (s *session) chunkSize() uint64 {
	if s.chunk == 0 {
		return 1 << 20
	}
	return s.chunk
}

func (s *session) writeMemory(buf *agentv1.Handle, off uint64, b []byte) error {
	for len(b) > 0 {
		n := min(uint64(len(b)), s.chunkSize())
		r := s.call(&agentv1.Call{Op: &agentv1.Call_WriteMemory{WriteMemory: &agentv1.WriteMemoryRequest{Region: buf, Offset: off, Data: b[:n]}}})
		if r == nil {
			return s.lastErr()
		}
		b, off = b[n:], off+n
	}
	return nil
}

// writeNonZero is writeMemory into zeroed agent memory: chunks of b that
// are all zero are not sent. A fresh 64 MiB region costs no round trip
// instead of 64 (the agent keeps it zeroed since AllocateBuffer).
func (s *session) writeNonZero(buf *agentv1.Handle, off uint64, b []byte) error {
	for len(b) > 0 {
		n := min(uint64(len(b)), s.chunkSize())
		if !allZero(b[:n]) {
			if err := s.writeMemory(buf, off, b[:n]); err != nil {
				return err
			}
		}
		b, off = b[n:], off+n
	}
	return nil
}

// zeroPage is compared against, a page at a time (bytes.Equal is memcmp).
var zeroPage [ndk.PageSize]byte

func allZero(b []byte) bool {
	for len(b) > 0 {
		n := min(len(b), len(zeroPage))
		if !bytes.Equal(b[:n], zeroPage[:n]) {
			return false
		}
		b = b[n:]
	}
	return true
}

func (s *session) readMemory(buf *agentv1.Handle, off uint64, b []byte) error {
	for len(b) > 0 {
		n := min(uint64(len(b)), s.chunkSize())
		r := s.call(&agentv1.Call{Op: &agentv1.Call_ReadMemory{ReadMemory: &agentv1.ReadMemoryRequest{Region: buf, Offset: off, Length: uint32(n)}}})
		if r == nil {
			return s.lastErr()
		}
		d := r.GetReadMemory().GetData()
		if uint64(len(d)) != n {
			return fmt.Errorf("%s: ReadMemory returned %d bytes, not %d", s.what, len(d), n)
		}
		copy(b, d)
		b, off = b[n:], off+n
	}
	return nil
}

func (s *session) lastErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		return errors.New(s.what + ": the call failed")
	}
	return fmt.Errorf("%s: %w", s.what, s.err)
}

// containing returns the session's mirrors that hold all of b, newest
// first.
func (s *session) containingLocked(b []byte) []*mirror {
	p := addrOf(b)
	end := p + uintptr(len(b))
	var out []*mirror
	for i := len(s.mirrors) - 1; i >= 0; i-- {
		if m := s.mirrors[i]; m.lo <= p && end <= m.hi {
			out = append(out, m)
		}
	}
	return out
}

// PullMemory implements ndk.MemoryMirror: b (any part of a buffer
// registered with MR.Register or mapped with Adapter.BuildLAM, and not
// since deregistered, released or closed with its adapter) gets the
// agent's bytes.
//
// Which local buffers share agent bytes: a registration (or LAM) of b is
// mirrored by the newest agent BUFFER that mirrors all of b[:cap(b)], and
// by a new one covering b[:cap(b)] (from b's first byte to the end of its
// capacity) if none does. So the same buffer registered twice (two MRs,
// or again after a deregistration while another MR still holds it), and
// any subslice of a registered buffer (b[i:j], b[i:j:k]), map to the same
// agent bytes, as in-process. Not handled, the rare case (each gets a
// BUFFER of its own, and the two copies of their common bytes are kept
// apart): a slice that starts before the first byte of a mirrored one (b
// registered while b[i:] is), or whose capacity ends beyond it (b
// registered while b[:j:j] is); PushMemory then writes every copy that
// holds the bytes, PullMemory reads the newest. Mirrors are per agent:
// a buffer registered through both agents has a copy on each. A BUFFER is freed when no MR and no LAM uses it any more: bytes
// the provider wrote are to be pulled before the last deregistration.
// Each registration writes the local bytes of what it registers into the
// BUFFER, over what the agent held there.
func (p *Provider) PullMemory(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	for _, s := range p.sessions() {
		s.memMu.Lock()
		ms := s.containingLocked(b)
		var err error
		if len(ms) > 0 {
			err = s.readMemory(ms[0].buf, ms[0].offsetOf(addrOf(b)), b)
		}
		s.memMu.Unlock()
		if len(ms) > 0 {
			return err
		}
	}
	return errors.New("remote: PullMemory: the bytes are not part of a buffer registered or mapped (MR.Register, Adapter.BuildLAM) and still in use")
}

// PushMemory implements ndk.MemoryMirror: the agent gets b's bytes (see
// PullMemory).
func (p *Provider) PushMemory(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	found := false
	var err error
	for _, s := range p.sessions() {
		s.memMu.Lock()
		for _, m := range s.containingLocked(b) {
			found = true
			err = errors.Join(err, s.writeMemory(m.buf, m.offsetOf(addrOf(b)), b))
		}
		s.memMu.Unlock()
	}
	if !found {
		return errors.New("remote: PushMemory: the bytes are not part of a buffer registered or mapped (MR.Register, Adapter.BuildLAM) and still in use")
	}
	return err
}
