//go:build linux && cgo

package simabi

// The Go side of every dispatch entry (simabi.c calls one of these per
// entry): find the sim object by its id, translate the arguments, call
// sim's ndk method, translate the results and the callbacks.

/*
#include "simabi.h"
*/
import "C"

import (
	"encoding/binary"
	"net/netip"
	"slices"
	"sync"
	"time"
	"unsafe"

	"github.com/ndkconform/ndkconform/ndk"
)

// Mirrors of the NDKPI structs whose pointer members hold consumer values
// (contexts, addresses that are indexes): the Go side reads and writes
// them as integers, never as Go pointers. checkLayout holds them to the C
// layout.
type (
	cSGE struct {
		VirtualAddress    uint64
		Length            uint32
		MemoryRegionToken uint32
	}
	cResult struct {
		Status           int32
		BytesTransferred uint32
		QPContext        uintptr
		RequestContext   uintptr
	}
	cResultEx struct {
		cResult
		Type                         uint32
		ProviderErrorCode            uint32
		TypeSpecificCompletionOutput uintptr
	}
	cLAM struct {
		AdapterContext   uintptr
		AdapterPageCount uint32
	}
)

func init() { checkLayout() }

func checkLayout() {
	ok := unsafe.Sizeof(cSGE{}) == C.ndkt_simabi_sizeof_sge &&
		unsafe.Sizeof(cResult{}) == C.ndkt_simabi_sizeof_result &&
		unsafe.Sizeof(cResultEx{}) == C.ndkt_simabi_sizeof_result_ex &&
		unsafe.Offsetof(cResultEx{}.Type) == C.ndkt_simabi_off_result_ex_type &&
		unsafe.Offsetof(cResultEx{}.TypeSpecificCompletionOutput) == C.ndkt_simabi_off_result_ex_tsco &&
		unsafe.Offsetof(cLAM{}.AdapterPageCount) == C.ndkt_simabi_off_lam_count
	if !ok {
		panic("simabi: the Go mirrors of NDK_SGE, NDK_RESULT(_EX), NDK_LOGICAL_ADDRESS_MAPPING differ from ndkpi.h's layout")
	}
}

func nt(s ndk.Status) C.NTSTATUS { return C.NTSTATUS(int32(s)) }

var invalidParameter = nt(ndk.StatusInvalidParameter)

// ctxOf is the consumer's context an `any` carries (what simabi gave sim),
// 0 for anything else.
func ctxOf(a any) C.uintptr_t {
	if u, ok := a.(uintptr); ok {
		return C.uintptr_t(u)
	}
	return 0
}

// ---- callbacks ----

func (p *Provider) requestDone(fn C.uintptr_t) ndk.RequestCompletion {
	if fn == 0 {
		return nil
	}
	mode := p.irql
	return func(ctx any, s ndk.Status) { C.ndkt_simabi_cb_request(fn, ctxOf(ctx), nt(s), mode) }
}

// handOver is the object one create call hands out, through its return,
// its completion, or both (as a broken variant does): one C object for it.
type handOver struct {
	mu  sync.Mutex
	obj ndk.Object
	e   *entry
}

func sameObject(a, b ndk.Object) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

func (h *handOver) wrap(prov *Provider, ad *entry, typ ndk.ObjectType, obj ndk.Object) *entry {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.e != nil && sameObject(h.obj, obj) {
		return h.e
	}
	h.obj = obj
	h.e = reg.add(prov, ad, typ, ad.version, func(e *entry) { e.obj = obj })
	return h.e
}

// create runs one create call: the object sim returns goes to *pp, the
// one it completes with to the consumer's NDK_FN_CREATE_COMPLETION.
func create[T ndk.Object](parent *entry, typ ndk.ObjectType, cc, rctx C.uintptr_t, pp *unsafe.Pointer,
	call func(done ndk.CreateCompletion, ctx any) (T, ndk.Status)) C.NTSTATUS {
	prov, ad := parent.prov, parent.ad
	h := &handOver{}
	var done ndk.CreateCompletion
	if cc != 0 {
		mode := prov.irql
		done = func(ctx any, s ndk.Status, obj ndk.Object) {
			var e *entry
			var c *C.ndkt_simabi_object
			if obj != nil {
				e = h.wrap(prov, ad, typ, obj)
				c = e.c
			}
			if e != nil && e.late {
				// The consumer learns of the object from the
				// callback (which it may hold): its next call into
				// the provider sets Dispatch, if this goroutine has
				// not by then.
				prov.addLate(e)
			}
			C.ndkt_simabi_cb_create(cc, ctxOf(ctx), nt(s), c, mode)
			if e != nil && e.late {
				e.setDispatch()
			}
		}
	}
	v, s := call(done, uintptr(rctx))
	if any(v) != nil {
		e := h.wrap(prov, ad, typ, v)
		if pp != nil {
			*pp = e.header()
		}
		if e.late {
			prov.addLate(e)
			go func() {
				time.Sleep(lateDispatch)
				e.setDispatch()
			}()
		}
	}
	return nt(s)
}

// ---- argument lookups ----

func adapterOf(id C.uint64_t) *entry {
	e := reg.get(id)
	if e != nil {
		e.prov.settleLate()
	}
	if e == nil || e.adapter == nil {
		return nil
	}
	return e
}

// objectOf is the entry of id and its sim object as a T.
func objectOf[T any](id C.uint64_t) (*entry, T, bool) {
	var zero T
	e := reg.get(id)
	if e != nil {
		e.prov.settleLate()
	}
	if e == nil || e.obj == nil {
		return nil, zero, false
	}
	t, ok := e.obj.(T)
	return e, t, ok
}

func sglOf(p *C.NDK_SGE, n C.ULONG) ([]ndk.SGE, bool) {
	if n == 0 {
		return nil, true
	}
	if p == nil {
		return nil, false
	}
	in := unsafe.Slice((*cSGE)(unsafe.Pointer(p)), int(n))
	out := make([]ndk.SGE, len(in))
	for i, s := range in {
		out[i] = ndk.SGE{VirtualAddress: s.VirtualAddress, Length: s.Length, MemoryRegionToken: s.MemoryRegionToken}
	}
	return out, true
}

// privateData copies the consumer's private data (sim keeps it).
func privateData(p unsafe.Pointer, n C.ULONG) []byte {
	if p == nil {
		return nil
	}
	return C.GoBytes(p, C.int(n))
}

// chainOf is the MDL chain from m, cut at length bytes: each MDL's bytes
// at MappedSystemVa, its virtual address (an index, MR-4)
// StartVa+ByteOffset.
func chainOf(m *C.MDL, length C.SIZE_T) ([]ndk.MDL, bool) {
	var chain []ndk.MDL
	rest := uint64(length)
	for ; m != nil && rest > 0; m = m.Next {
		n := min(uint64(m.ByteCount), rest)
		buf := []byte{}
		if n > 0 {
			if m.MappedSystemVa == nil {
				return nil, false
			}
			buf = unsafe.Slice((*byte)(m.MappedSystemVa), n)
		}
		chain = append(chain, ndk.MDL{Buf: buf, VA: uint64(C.ndkt_simabi_mdl_va(m))})
		rest -= n
	}
	return chain, rest == 0
}

// addrOf reads a sockaddr_in or sockaddr_in6 (the port in network order).
func addrOf(a *C.SOCKADDR, n C.ULONG) (netip.AddrPort, bool) {
	if a == nil || n < 2 {
		return netip.AddrPort{}, false
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(a)), int(n))
	switch *(*uint16)(unsafe.Pointer(a)) {
	case C.ndkt_simabi_af_inet:
		if n < C.ndkt_simabi_sizeof_sockaddr_in {
			return netip.AddrPort{}, false
		}
		return netip.AddrPortFrom(netip.AddrFrom4([4]byte(b[4:8])), binary.BigEndian.Uint16(b[2:4])), true
	case C.ndkt_simabi_af_inet6:
		if n < C.ndkt_simabi_sizeof_sockaddr_in6 {
			return netip.AddrPort{}, false
		}
		return netip.AddrPortFrom(netip.AddrFrom16([16]byte(b[8:24])), binary.BigEndian.Uint16(b[2:4])), true
	}
	return netip.AddrPort{}, false
}

// putAddr writes ap to the consumer's buffer, with the BUFFER_TOO_SMALL
// contract of the GetLocalAddress pages: *plen is the buffer's size on
// input, the address's on output, and the size needed when too small (or
// when a is NULL).
func putAddr(ap netip.AddrPort, a *C.SOCKADDR, plen *C.ULONG, variant string) ndk.Status {
	if plen == nil {
		return ndk.StatusInvalidParameter
	}
	need := C.ULONG(C.ndkt_simabi_sizeof_sockaddr_in6)
	if ap.Addr().Is4() {
		need = C.ndkt_simabi_sizeof_sockaddr_in
	}
	if a == nil || *plen < need {
		// VARIANT address-length-kept (breaks CN-18): no size needed.
		if variant != VariantAddressLengthKept {
			*plen = need
		}
		return ndk.StatusBufferTooSmall
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(a)), int(need))
	clear(b)
	binary.BigEndian.PutUint16(b[2:4], ap.Port())
	if ap.Addr().Is4() {
		*(*uint16)(unsafe.Pointer(a)) = C.ndkt_simabi_af_inet
		v4 := ap.Addr().As4()
		copy(b[4:8], v4[:])
	} else {
		*(*uint16)(unsafe.Pointer(a)) = C.ndkt_simabi_af_inet6
		v6 := ap.Addr().As16()
		copy(b[8:24], v6[:])
	}
	*plen = need
	return ndk.StatusSuccess
}

// ---- OPEN_ and CLOSE_NDK_ADAPTER_HANDLER ----

//export ndktSimabiMiniport
func ndktSimabiMiniport(handle C.uintptr_t, a *C.SOCKADDR, n C.ULONG, pctx *C.uintptr_t) C.NTSTATUS {
	providers.Lock()
	p := providers.m[uintptr(handle)]
	providers.Unlock()
	if p == nil {
		return nt(ndk.StatusInvalidHandle)
	}
	ap, ok := addrOf(a, n)
	if !ok {
		return invalidParameter
	}
	id, s := p.MiniportContext(ap.Addr())
	if s == ndk.StatusSuccess {
		*pctx = C.uintptr_t(id)
	}
	return nt(s)
}

// negotiate is OH-7's version negotiation against the provider's version.
func (p *Provider) negotiate(req ndk.Version) (ndk.Version, ndk.Status) {
	hi := p.version
	switch p.variant {
	// VARIANT bad-version-accepted (breaks OH-7): an open with a major
	// version the provider does not support, or a minor above its highest,
	// succeeds (with the provider's version).
	case VariantBadVersionAccepted:
		return hi, ndk.StatusSuccess
	// VARIANT minor-not-raised (breaks OH-7): an open with a lower minor
	// version gets that version, reported in NDK_ADAPTER_INFO and the
	// object headers, instead of the provider's highest.
	case VariantMinorNotRaised:
		if req.Major != hi.Major || req.Minor > hi.Minor {
			return ndk.Version{}, ndk.NdisStatusBadVersion
		}
		return req, ndk.StatusSuccess
	}
	if req.Major != hi.Major || req.Minor > hi.Minor {
		return ndk.Version{}, ndk.NdisStatusBadVersion
	}
	return hi, ndk.StatusSuccess
}

//export ndktSimabiOpenAdapter
func ndktSimabiOpenAdapter(mp C.uintptr_t, major, minor C.USHORT, pp *unsafe.Pointer) C.NTSTATUS {
	miniports.Lock()
	m := miniports.m[uintptr(mp)]
	miniports.Unlock()
	if m == nil {
		return invalidParameter
	}
	prov := m.prov
	v, s := prov.negotiate(ndk.Version{Major: uint16(major), Minor: uint16(minor)})
	if s != ndk.StatusSuccess {
		return nt(s)
	}
	a, s := prov.p.OpenAdapter(m.addr)
	if s != ndk.StatusSuccess {
		return nt(s)
	}
	prov.mu.Lock()
	if prov.closed {
		prov.mu.Unlock()
		a.Close()
		return nt(ndk.StatusInvalidHandle)
	}
	prov.adapters++
	prov.mu.Unlock()
	e := reg.add(prov, nil, ndk.ObjectTypeAdapter, v, func(e *entry) {
		e.adapter, e.mp, e.version, e.lams = a, uintptr(mp), v, map[uintptr]*ndk.LAM{}
	})
	*pp = e.header()
	return nt(ndk.StatusSuccess)
}

//export ndktSimabiCloseAdapter
func ndktSimabiCloseAdapter(_ C.uintptr_t, id C.uint64_t) {
	e := adapterOf(id)
	if e == nil {
		return
	}
	e.mu.Lock()
	again := e.closedAd
	e.closedAd = true
	e.mu.Unlock()
	if again {
		return
	}
	e.adapter.Close()
	e.lamMu.Lock()
	e.lams = nil
	e.lamMu.Unlock()
	e.release()
	e.prov.mu.Lock()
	e.prov.adapters--
	e.prov.mu.Unlock()
}

// ---- every table: NdkCloseObject ----

//export ndktSimabiCloseObject
func ndktSimabiCloseObject(id C.uint64_t, cc, rctx C.uintptr_t) C.NTSTATUS {
	e := reg.get(id)
	if e == nil || e.obj == nil {
		return invalidParameter
	}
	var done ndk.CloseCompletion
	if cc != 0 {
		mode := e.prov.irql
		done = func(ctx any) {
			C.ndkt_simabi_cb_close(cc, ctxOf(ctx), mode)
			e.release()
		}
	}
	s := e.obj.Close(done, uintptr(rctx))
	if s == ndk.StatusSuccess {
		e.release()
	}
	return nt(s)
}

// ---- adapter ----

//export ndktSimabiQueryAdapterInfo
func ndktSimabiQueryAdapterInfo(id C.uint64_t, info *C.NDK_ADAPTER_INFO, size *C.ULONG) C.NTSTATUS {
	e := adapterOf(id)
	if e == nil || size == nil {
		return invalidParameter
	}
	ai, s := e.adapter.QueryAdapterInfo()
	if s != ndk.StatusSuccess {
		return nt(s)
	}
	need := C.ULONG(C.sizeof_NDK_ADAPTER_INFO)
	if info == nil || *size < need {
		// VARIANT info-size-not-needed (breaks AI-5): no size needed.
		if e.prov.variant != VariantInfoSizeNotNeeded {
			*size = need
		}
		return nt(ndk.StatusBufferTooSmall)
	}
	ai.Version = e.version // OH-7: the negotiated version
	*info = C.NDK_ADAPTER_INFO{
		Version:                C.NDK_VERSION{Major: C.USHORT(ai.Version.Major), Minor: C.USHORT(ai.Version.Minor)},
		VendorId:               C.UINT32(ai.VendorID),
		DeviceId:               C.UINT32(ai.DeviceID),
		MaxRegistrationSize:    C.SIZE_T(ai.MaxRegistrationSize),
		MaxWindowSize:          C.SIZE_T(ai.MaxWindowSize),
		FRMRPageCount:          C.ULONG(ai.FRMRPageCount),
		MaxInitiatorRequestSge: C.ULONG(ai.MaxInitiatorRequestSGE),
		MaxReceiveRequestSge:   C.ULONG(ai.MaxReceiveRequestSGE),
		MaxReadRequestSge:      C.ULONG(ai.MaxReadRequestSGE),
		MaxTransferLength:      C.ULONG(ai.MaxTransferLength),
		MaxInlineDataSize:      C.ULONG(ai.MaxInlineDataSize),
		MaxInboundReadLimit:    C.ULONG(ai.MaxInboundReadLimit),
		MaxOutboundReadLimit:   C.ULONG(ai.MaxOutboundReadLimit),
		MaxReceiveQueueDepth:   C.ULONG(ai.MaxReceiveQueueDepth),
		MaxInitiatorQueueDepth: C.ULONG(ai.MaxInitiatorQueueDepth),
		MaxSrqDepth:            C.ULONG(ai.MaxSRQDepth),
		MaxCqDepth:             C.ULONG(ai.MaxCQDepth),
		LargeRequestThreshold:  C.ULONG(ai.LargeRequestThreshold),
		MaxCallerData:          C.ULONG(ai.MaxCallerData),
		MaxCalleeData:          C.ULONG(ai.MaxCalleeData),
		AdapterFlags:           C.ULONG(ai.AdapterFlags),
		RdmaTechnology:         C.NDK_RDMA_TECHNOLOGY(ai.RDMATechnology),
	}
	// VARIANT info-size-unreported (breaks AI-9): *pBufferSize left as
	// the consumer set it.
	if e.prov.variant != VariantInfoSizeUnreported {
		*size = need
	}
	return nt(ndk.StatusSuccess)
}

//export ndktSimabiCreateCq
func ndktSimabiCreateCq(id C.uint64_t, depth C.ULONG, nfn, nctx, cc, rctx C.uintptr_t, pp *unsafe.Pointer) C.NTSTATUS {
	e := adapterOf(id)
	if e == nil {
		return invalidParameter
	}
	p := ndk.CQParams{Depth: uint32(depth), NotifyContext: uintptr(nctx)}
	if nfn != 0 {
		mode := e.prov.irql
		// VARIANT notify-above-dispatch (breaks CR-13): the CQ
		// notification callback comes at IRQL 3, above DISPATCH_LEVEL.
		if e.prov.variant == VariantNotifyAboveDispatch {
			mode = aboveDispatch
		}
		p.Notify = func(ctx any, s ndk.Status) { C.ndkt_simabi_cb_cq_notify(nfn, ctxOf(ctx), nt(s), mode) }
	}
	return create(e, ndk.ObjectTypeCQ, cc, rctx, pp, func(done ndk.CreateCompletion, ctx any) (ndk.CQ, ndk.Status) {
		return e.adapter.CreateCQ(p, done, ctx)
	})
}

//export ndktSimabiCreatePd
func ndktSimabiCreatePd(id C.uint64_t, cc, rctx C.uintptr_t, pp *unsafe.Pointer) C.NTSTATUS {
	e := adapterOf(id)
	if e == nil {
		return invalidParameter
	}
	return create(e, ndk.ObjectTypePD, cc, rctx, pp, e.adapter.CreatePD)
}

//export ndktSimabiCreateSharedEndpoint
func ndktSimabiCreateSharedEndpoint(id C.uint64_t, a *C.SOCKADDR, n C.ULONG, cc, rctx C.uintptr_t, pp *unsafe.Pointer) C.NTSTATUS {
	e := adapterOf(id)
	ap, ok := addrOf(a, n)
	if e == nil || !ok {
		return invalidParameter
	}
	return create(e, ndk.ObjectTypeSharedEndpoint, cc, rctx, pp, func(done ndk.CreateCompletion, ctx any) (ndk.SharedEndpoint, ndk.Status) {
		return e.adapter.CreateSharedEndpoint(ap, done, ctx)
	})
}

//export ndktSimabiCreateConnector
func ndktSimabiCreateConnector(id C.uint64_t, cc, rctx C.uintptr_t, pp *unsafe.Pointer) C.NTSTATUS {
	e := adapterOf(id)
	if e == nil {
		return invalidParameter
	}
	return create(e, ndk.ObjectTypeConnector, cc, rctx, pp, e.adapter.CreateConnector)
}

//export ndktSimabiCreateListener
func ndktSimabiCreateListener(id C.uint64_t, efn, ectx, cc, rctx C.uintptr_t, pp *unsafe.Pointer) C.NTSTATUS {
	e := adapterOf(id)
	if e == nil {
		return invalidParameter
	}
	var onConnect ndk.ConnectEventCallback
	if efn != 0 {
		prov, mode := e.prov, e.prov.irql
		onConnect = func(ctx any, conn ndk.Connector) {
			var c *C.ndkt_simabi_object
			if conn != nil {
				c = reg.add(prov, e, ndk.ObjectTypeConnector, e.version, func(x *entry) { x.obj = conn }).c
			}
			C.ndkt_simabi_cb_connect_event(efn, ctxOf(ctx), c, mode)
		}
	}
	return create(e, ndk.ObjectTypeListener, cc, rctx, pp, func(done ndk.CreateCompletion, ctx any) (ndk.Listener, ndk.Status) {
		return e.adapter.CreateListener(onConnect, uintptr(ectx), done, ctx)
	})
}

//export ndktSimabiBuildLam
func ndktSimabiBuildLam(id C.uint64_t, mdl *C.MDL, length C.SIZE_T, rc, rctx C.uintptr_t,
	lam *C.NDK_LOGICAL_ADDRESS_MAPPING, plamSize, pfbo *C.ULONG) C.NTSTATUS {
	e := adapterOf(id)
	if e == nil || plamSize == nil {
		return invalidParameter
	}
	chain, ok := chainOf(mdl, length)
	if !ok {
		return invalidParameter
	}
	off := uint64(C.ndkt_simabi_off_lam_pages)
	l := &ndk.LAM{}
	if size := uint64(*plamSize); lam != nil && size > off {
		l.Pages = unsafe.Slice((*uint64)(unsafe.Add(unsafe.Pointer(lam), off)), (size-off)/8)
	}
	var once sync.Once
	finish := func(s ndk.Status) {
		once.Do(func() {
			switch s {
			case ndk.StatusSuccess:
				if lam == nil {
					return
				}
				e.lamMu.Lock()
				e.lamID++
				lid := e.lamID
				if e.lams != nil {
					e.lams[lid] = l
				}
				e.lamMu.Unlock()
				out := (*cLAM)(unsafe.Pointer(lam))
				out.AdapterContext = lid
				out.AdapterPageCount = l.PageCount
				*plamSize = C.ULONG(off + 8*uint64(l.PageCount))
				if pfbo != nil {
					*pfbo = C.ULONG(l.FBO)
				}
			case ndk.StatusBufferTooSmall:
				*plamSize = C.ULONG(off + 8*uint64(l.PageCount))
			}
		})
	}
	var done ndk.RequestCompletion
	if rc != 0 {
		mode := e.prov.irql
		done = func(ctx any, s ndk.Status) {
			finish(s)
			C.ndkt_simabi_cb_request(rc, ctxOf(ctx), nt(s), mode)
		}
	}
	var s ndk.Status
	switch b, ok := e.adapter.(ndk.LAMChainBuilder); {
	case ok:
		s = b.BuildLAMChain(chain, l, done, uintptr(rctx))
	case len(chain) <= 1:
		var buf []byte
		if len(chain) == 1 {
			buf = chain[0].Buf
		}
		s = e.adapter.BuildLAM(buf, l, done, uintptr(rctx))
	default:
		s = ndk.StatusNotSupported
	}
	if s != ndk.StatusPending {
		finish(s)
	}
	return nt(s)
}

//export ndktSimabiReleaseLam
func ndktSimabiReleaseLam(id C.uint64_t, lam *C.NDK_LOGICAL_ADDRESS_MAPPING) {
	e := adapterOf(id)
	if e == nil || lam == nil {
		return
	}
	in := (*cLAM)(unsafe.Pointer(lam))
	e.lamMu.Lock()
	l := e.lams[in.AdapterContext]
	delete(e.lams, in.AdapterContext)
	e.lamMu.Unlock()
	if l == nil {
		l = &ndk.LAM{}
	}
	e.adapter.ReleaseLAM(l)
	in.AdapterContext = 0
}

// ---- CQ ----

//export ndktSimabiResizeCq
func ndktSimabiResizeCq(id C.uint64_t, depth C.ULONG, rc, rctx C.uintptr_t) C.NTSTATUS {
	e, cq, ok := objectOf[ndk.CQ](id)
	if !ok {
		return invalidParameter
	}
	return nt(cq.Resize(uint32(depth), e.prov.requestDone(rc), uintptr(rctx)))
}

//export ndktSimabiArmCq
func ndktSimabiArmCq(id C.uint64_t, typ C.ULONG) {
	if _, cq, ok := objectOf[ndk.CQ](id); ok {
		cq.Arm(ndk.CQNotifyType(typ))
	}
}

// maxPoll bounds the results one NdkGetCqResults(Ex) asks sim for.
const maxPoll = 1 << 20

//export ndktSimabiGetCqResults
func ndktSimabiGetCqResults(id C.uint64_t, results *C.NDK_RESULT, n C.ULONG) C.ULONG {
	_, cq, ok := objectOf[ndk.CQ](id)
	if !ok || results == nil {
		return 0
	}
	rs := make([]ndk.Result, min(int(n), maxPoll))
	k := cq.GetResults(rs)
	out := unsafe.Slice((*cResult)(unsafe.Pointer(results)), len(rs))
	for i := range k {
		out[i] = cResultOf(rs[i])
	}
	return C.ULONG(k)
}

func cResultOf(r ndk.Result) cResult {
	return cResult{Status: int32(r.Status), BytesTransferred: r.BytesTransferred,
		QPContext: uintptr(ctxOf(r.QPContext)), RequestContext: uintptr(ctxOf(r.RequestContext))}
}

//export ndktSimabiGetCqResultsEx
func ndktSimabiGetCqResultsEx(id C.uint64_t, results *C.NDK_RESULT_EX, n C.ULONG) C.ULONG {
	_, cq, ok := objectOf[ndk.CQ](id)
	if !ok || results == nil {
		return 0
	}
	rs := make([]ndk.ResultEx, min(int(n), maxPoll))
	k := cq.GetResultsEx(rs)
	out := unsafe.Slice((*cResultEx)(unsafe.Pointer(results)), len(rs))
	for i := range k {
		out[i] = cResultEx{cResult: cResultOf(rs[i].Result), Type: uint32(rs[i].Type),
			ProviderErrorCode: rs[i].ProviderErrorCode, TypeSpecificCompletionOutput: uintptr(rs[i].TypeSpecificCompletionOutput)}
	}
	return C.ULONG(k)
}

//export ndktSimabiControlCqInterruptModeration
func ndktSimabiControlCqInterruptModeration(id C.uint64_t, interval, count C.ULONG) C.NTSTATUS {
	_, cq, ok := objectOf[ndk.CQ](id)
	if !ok {
		return invalidParameter
	}
	return nt(cq.ControlInterruptModeration(uint32(interval), uint32(count)))
}

// ---- MR, MW ----

//export ndktSimabiRegisterMr
func ndktSimabiRegisterMr(id C.uint64_t, mdl *C.MDL, length C.SIZE_T, flags C.ULONG, rc, rctx C.uintptr_t) C.NTSTATUS {
	e, mr, ok := objectOf[ndk.MR](id)
	if !ok {
		return invalidParameter
	}
	chain, ok := chainOf(mdl, length)
	if !ok {
		return invalidParameter
	}
	done := e.prov.requestDone(rc)
	if cr, ok := mr.(ndk.ChainRegisterer); ok {
		return nt(cr.RegisterChain(chain, uint32(flags), done, uintptr(rctx)))
	}
	switch len(chain) {
	case 0:
		return nt(mr.Register(nil, 0, uint32(flags), done, uintptr(rctx)))
	case 1:
		return nt(mr.Register(chain[0].Buf, chain[0].VA, uint32(flags), done, uintptr(rctx)))
	}
	return nt(ndk.StatusNotSupported)
}

//export ndktSimabiDeregisterMr
func ndktSimabiDeregisterMr(id C.uint64_t, rc, rctx C.uintptr_t) C.NTSTATUS {
	e, mr, ok := objectOf[ndk.MR](id)
	if !ok {
		return invalidParameter
	}
	return nt(mr.Deregister(e.prov.requestDone(rc), uintptr(rctx)))
}

//export ndktSimabiInitializeFastRegisterMr
func ndktSimabiInitializeFastRegisterMr(id C.uint64_t, count C.ULONG, remote C.BOOLEAN, rc, rctx C.uintptr_t) C.NTSTATUS {
	e, mr, ok := objectOf[ndk.MR](id)
	if !ok {
		return invalidParameter
	}
	return nt(mr.InitializeFastRegister(uint32(count), remote != 0, e.prov.requestDone(rc), uintptr(rctx)))
}

//export ndktSimabiGetMrToken
func ndktSimabiGetMrToken(id C.uint64_t, remote C.int) C.UINT32 {
	_, mr, ok := objectOf[ndk.MR](id)
	switch {
	case !ok:
		return 0
	case remote != 0:
		return C.UINT32(mr.RemoteToken())
	}
	return C.UINT32(mr.LocalToken())
}

//export ndktSimabiGetRemoteTokenFromMw
func ndktSimabiGetRemoteTokenFromMw(id C.uint64_t) C.UINT32 {
	if _, mw, ok := objectOf[ndk.MW](id); ok {
		return C.UINT32(mw.RemoteToken())
	}
	return 0
}

// ---- SRQ ----

//export ndktSimabiModifySrq
func ndktSimabiModifySrq(id C.uint64_t, depth, threshold C.ULONG, rc, rctx C.uintptr_t) C.NTSTATUS {
	e, srq, ok := objectOf[ndk.SRQ](id)
	if !ok {
		return invalidParameter
	}
	return nt(srq.Modify(uint32(depth), uint32(threshold), e.prov.requestDone(rc), uintptr(rctx)))
}

//export ndktSimabiSrqReceive
func ndktSimabiSrqReceive(id C.uint64_t, rctx C.uintptr_t, sgl *C.NDK_SGE, n C.ULONG) C.NTSTATUS {
	_, srq, ok := objectOf[ndk.SRQ](id)
	sg, sok := sglOf(sgl, n)
	if !ok || !sok {
		return invalidParameter
	}
	return nt(srq.Receive(uintptr(rctx), sg))
}

// ---- QP ----

//export ndktSimabiFlush
func ndktSimabiFlush(id C.uint64_t) {
	if _, qp, ok := objectOf[ndk.QP](id); ok {
		qp.Flush()
	}
}

//export ndktSimabiSend
func ndktSimabiSend(id C.uint64_t, rctx C.uintptr_t, sgl *C.NDK_SGE, n, flags C.ULONG) C.NTSTATUS {
	_, qp, ok := objectOf[ndk.QP](id)
	sg, sok := sglOf(sgl, n)
	if !ok || !sok {
		return invalidParameter
	}
	return nt(qp.Send(uintptr(rctx), sg, uint32(flags)))
}

//export ndktSimabiReceive
func ndktSimabiReceive(id C.uint64_t, rctx C.uintptr_t, sgl *C.NDK_SGE, n C.ULONG) C.NTSTATUS {
	_, qp, ok := objectOf[ndk.QP](id)
	sg, sok := sglOf(sgl, n)
	if !ok || !sok {
		return invalidParameter
	}
	return nt(qp.Receive(uintptr(rctx), sg))
}

//export ndktSimabiBind
func ndktSimabiBind(id C.uint64_t, rctx C.uintptr_t, mrID, mwID C.uint64_t, va C.uintptr_t, length C.SIZE_T, flags C.ULONG) C.NTSTATUS {
	_, qp, ok := objectOf[ndk.QP](id)
	_, mr, mrok := objectOf[ndk.MR](mrID)
	_, mw, mwok := objectOf[ndk.MW](mwID)
	if !ok || !mrok || !mwok {
		return invalidParameter
	}
	return nt(qp.Bind(uintptr(rctx), mr, mw, uint64(va), uint64(length), uint32(flags)))
}

//export ndktSimabiFastRegister
func ndktSimabiFastRegister(id C.uint64_t, rctx C.uintptr_t, mrID C.uint64_t, count C.ULONG, pages *C.NDK_LOGICAL_ADDRESS,
	fbo C.ULONG, length C.SIZE_T, base C.uintptr_t, flags C.ULONG) C.NTSTATUS {
	_, qp, ok := objectOf[ndk.QP](id)
	_, mr, mrok := objectOf[ndk.MR](mrID)
	if !ok || !mrok || pages == nil && count > 0 {
		return invalidParameter
	}
	var pa []uint64
	if count > 0 {
		pa = slices.Clone(unsafe.Slice((*uint64)(unsafe.Pointer(pages)), int(count)))
	}
	return nt(qp.FastRegister(uintptr(rctx), mr, pa, uint32(fbo), uint64(length), uint64(base), uint32(flags)))
}

//export ndktSimabiInvalidate
func ndktSimabiInvalidate(id C.uint64_t, rctx C.uintptr_t, objID C.uint64_t, flags C.ULONG) C.NTSTATUS {
	_, qp, ok := objectOf[ndk.QP](id)
	_, obj, ook := objectOf[ndk.Object](objID)
	if !ok || !ook {
		return invalidParameter
	}
	return nt(qp.Invalidate(uintptr(rctx), obj, uint32(flags)))
}

//export ndktSimabiReadWrite
func ndktSimabiReadWrite(id C.uint64_t, write C.int, rctx C.uintptr_t, sgl *C.NDK_SGE, n C.ULONG, raddr C.UINT64, rtoken C.UINT32, flags C.ULONG) C.NTSTATUS {
	_, qp, ok := objectOf[ndk.QP](id)
	sg, sok := sglOf(sgl, n)
	if !ok || !sok {
		return invalidParameter
	}
	if write != 0 {
		return nt(qp.Write(uintptr(rctx), sg, uint64(raddr), uint32(rtoken), uint32(flags)))
	}
	return nt(qp.Read(uintptr(rctx), sg, uint64(raddr), uint32(rtoken), uint32(flags)))
}

//export ndktSimabiSendAndInvalidate
func ndktSimabiSendAndInvalidate(id C.uint64_t, rctx C.uintptr_t, sgl *C.NDK_SGE, n, flags C.ULONG, rtoken C.UINT32) C.NTSTATUS {
	_, qp, ok := objectOf[ndk.QP](id)
	sg, sok := sglOf(sgl, n)
	if !ok || !sok {
		return invalidParameter
	}
	return nt(qp.SendAndInvalidate(uintptr(rctx), sg, uint32(rtoken), uint32(flags)))
}

// ---- PD ----

//export ndktSimabiCreateMr
func ndktSimabiCreateMr(id C.uint64_t, fast C.BOOLEAN, cc, rctx C.uintptr_t, pp *unsafe.Pointer) C.NTSTATUS {
	e, pd, ok := objectOf[ndk.PD](id)
	if !ok {
		return invalidParameter
	}
	return create(e, ndk.ObjectTypeMR, cc, rctx, pp, func(done ndk.CreateCompletion, ctx any) (ndk.MR, ndk.Status) {
		return pd.CreateMR(fast != 0, done, ctx)
	})
}

//export ndktSimabiCreateMw
func ndktSimabiCreateMw(id C.uint64_t, cc, rctx C.uintptr_t, pp *unsafe.Pointer) C.NTSTATUS {
	e, pd, ok := objectOf[ndk.PD](id)
	if !ok {
		return invalidParameter
	}
	return create(e, ndk.ObjectTypeMW, cc, rctx, pp, pd.CreateMW)
}

//export ndktSimabiCreateSrq
func ndktSimabiCreateSrq(id C.uint64_t, depth, maxSGE, threshold C.ULONG, nfn, nctx, cc, rctx C.uintptr_t, pp *unsafe.Pointer) C.NTSTATUS {
	e, pd, ok := objectOf[ndk.PD](id)
	if !ok {
		return invalidParameter
	}
	p := ndk.SRQParams{Depth: uint32(depth), MaxReceiveRequestSGE: uint32(maxSGE), NotifyThreshold: uint32(threshold),
		NotifyContext: uintptr(nctx)}
	if nfn != 0 {
		mode := e.prov.irql
		p.Notify = func(ctx any, s ndk.Status) { C.ndkt_simabi_cb_srq_notify(nfn, ctxOf(ctx), nt(s), mode) }
	}
	return create(e, ndk.ObjectTypeSRQ, cc, rctx, pp, func(done ndk.CreateCompletion, ctx any) (ndk.SRQ, ndk.Status) {
		return pd.CreateSRQ(p, done, ctx)
	})
}

//export ndktSimabiCreateQp
func ndktSimabiCreateQp(id, rcqID, icqID C.uint64_t, withSRQ C.int, srqID C.uint64_t, qpctx C.uintptr_t,
	rdepth, idepth, rsge, isge, inlineSize C.ULONG, cc, rctx C.uintptr_t, pp *unsafe.Pointer) C.NTSTATUS {
	e, pd, ok := objectOf[ndk.PD](id)
	_, rcq, rok := objectOf[ndk.CQ](rcqID)
	_, icq, iok := objectOf[ndk.CQ](icqID)
	if !ok || !rok || !iok {
		return invalidParameter
	}
	p := ndk.QPParams{ReceiveCQ: rcq, InitiatorCQ: icq, Context: uintptr(qpctx), ReceiveQueueDepth: uint32(rdepth),
		InitiatorQueueDepth: uint32(idepth), MaxReceiveRequestSGE: uint32(rsge), MaxInitiatorRequestSGE: uint32(isge),
		InlineDataSize: uint32(inlineSize)}
	if withSRQ == 0 {
		return create(e, ndk.ObjectTypeQP, cc, rctx, pp, func(done ndk.CreateCompletion, ctx any) (ndk.QP, ndk.Status) {
			return pd.CreateQP(p, done, ctx)
		})
	}
	_, srq, sok := objectOf[ndk.SRQ](srqID)
	if !sok {
		return invalidParameter
	}
	return create(e, ndk.ObjectTypeQP, cc, rctx, pp, func(done ndk.CreateCompletion, ctx any) (ndk.QP, ndk.Status) {
		return pd.CreateQPWithSRQ(p, srq, done, ctx)
	})
}

//export ndktSimabiGetPrivilegedToken
func ndktSimabiGetPrivilegedToken(id C.uint64_t, pToken *C.UINT32) {
	if _, pd, ok := objectOf[ndk.PD](id); ok && pToken != nil {
		*pToken = C.UINT32(pd.PrivilegedMemoryRegionToken())
	}
}

// ---- shared endpoint, connector, listener ----

// addresser is what has a local address (shared endpoint, listener,
// connector).
type addresser interface {
	GetLocalAddress() (netip.AddrPort, ndk.Status)
}

//export ndktSimabiGetAddress
func ndktSimabiGetAddress(id C.uint64_t, peer C.int, a *C.SOCKADDR, plen *C.ULONG) C.NTSTATUS {
	e := reg.get(id)
	if e == nil || e.obj == nil || plen == nil {
		return invalidParameter
	}
	var ap netip.AddrPort
	var s ndk.Status
	if conn, ok := e.obj.(ndk.Connector); ok && peer != 0 {
		ap, s = conn.GetPeerAddress()
	} else if x, ok := e.obj.(addresser); ok && peer == 0 {
		ap, s = x.GetLocalAddress()
	} else {
		return invalidParameter
	}
	if s != ndk.StatusSuccess {
		return nt(s)
	}
	return nt(putAddr(ap, a, plen, e.prov.variant))
}

//export ndktSimabiConnect
func ndktSimabiConnect(id, qpID C.uint64_t, withSE C.int, seID C.uint64_t, src *C.SOCKADDR, srcLen C.ULONG,
	dst *C.SOCKADDR, dstLen C.ULONG, ird, ord C.ULONG, pdata unsafe.Pointer, pdLen C.ULONG, rc, rctx C.uintptr_t) C.NTSTATUS {
	e, conn, ok := objectOf[ndk.Connector](id)
	_, qp, qok := objectOf[ndk.QP](qpID)
	dap, dok := addrOf(dst, dstLen)
	if !ok || !qok || !dok {
		return invalidParameter
	}
	p := ndk.ConnectParams{QP: qp, Destination: dap, InboundReadLimit: uint32(ird), OutboundReadLimit: uint32(ord),
		PrivateData: privateData(pdata, pdLen)}
	done := e.prov.requestDone(rc)
	if withSE != 0 {
		_, se, sok := objectOf[ndk.SharedEndpoint](seID)
		if !sok {
			return invalidParameter
		}
		return nt(conn.ConnectWithSharedEndpoint(se, p, done, uintptr(rctx)))
	}
	sap, sok := addrOf(src, srcLen)
	if !sok {
		return invalidParameter
	}
	p.Source = sap
	return nt(conn.Connect(p, done, uintptr(rctx)))
}

func (p *Provider) disconnectEvent(fn C.uintptr_t) ndk.DisconnectEventCallback {
	if fn == 0 {
		return nil
	}
	mode := p.irql
	return func(ctx any) { C.ndkt_simabi_cb_disconnect(fn, ctxOf(ctx), mode) }
}

func (p *Provider) disconnectEventEx(fn C.uintptr_t) ndk.DisconnectEventCallbackEx {
	if fn == 0 {
		return nil
	}
	mode := p.irql
	return func(ctx any, reason uint32) { C.ndkt_simabi_cb_disconnect_ex(fn, ctxOf(ctx), C.ULONG(reason), mode) }
}

//export ndktSimabiCompleteConnect
func ndktSimabiCompleteConnect(id C.uint64_t, ex C.int, dfn, dctx, rc, rctx C.uintptr_t) C.NTSTATUS {
	e, conn, ok := objectOf[ndk.Connector](id)
	if !ok {
		return invalidParameter
	}
	done := e.prov.requestDone(rc)
	if ex == 0 {
		return nt(conn.CompleteConnect(e.prov.disconnectEvent(dfn), uintptr(dctx), done, uintptr(rctx)))
	}
	cx, ok := conn.(ndk.ConnectorEx)
	if !ok {
		return nt(ndk.StatusNotSupported)
	}
	return nt(cx.CompleteConnectEx(e.prov.disconnectEventEx(dfn), uintptr(dctx), done, uintptr(rctx)))
}

//export ndktSimabiAccept
func ndktSimabiAccept(id C.uint64_t, ex C.int, qpID C.uint64_t, ird, ord C.ULONG, pdata unsafe.Pointer, pdLen C.ULONG,
	dfn, dctx, rc, rctx C.uintptr_t) C.NTSTATUS {
	e, conn, ok := objectOf[ndk.Connector](id)
	_, qp, qok := objectOf[ndk.QP](qpID)
	if !ok || !qok {
		return invalidParameter
	}
	done := e.prov.requestDone(rc)
	pd := privateData(pdata, pdLen)
	if ex == 0 {
		return nt(conn.Accept(ndk.AcceptParams{QP: qp, InboundReadLimit: uint32(ird), OutboundReadLimit: uint32(ord),
			PrivateData: pd, OnDisconnect: e.prov.disconnectEvent(dfn), DisconnectContext: uintptr(dctx)}, done, uintptr(rctx)))
	}
	cx, ok := conn.(ndk.ConnectorEx)
	if !ok {
		return nt(ndk.StatusNotSupported)
	}
	return nt(cx.AcceptEx(ndk.AcceptExParams{QP: qp, InboundReadLimit: uint32(ird), OutboundReadLimit: uint32(ord),
		PrivateData: pd, OnDisconnect: e.prov.disconnectEventEx(dfn), DisconnectContext: uintptr(dctx)}, done, uintptr(rctx)))
}

//export ndktSimabiReject
func ndktSimabiReject(id C.uint64_t, pdata unsafe.Pointer, pdLen C.ULONG) C.NTSTATUS {
	_, conn, ok := objectOf[ndk.Connector](id)
	if !ok {
		return invalidParameter
	}
	return nt(conn.Reject(privateData(pdata, pdLen)))
}

//export ndktSimabiGetConnectionData
func ndktSimabiGetConnectionData(id C.uint64_t, pird, pord *C.ULONG, pdata unsafe.Pointer, plen *C.ULONG) C.NTSTATUS {
	_, conn, ok := objectOf[ndk.Connector](id)
	if !ok || plen == nil || pdata == nil && *plen > 0 {
		return invalidParameter
	}
	var buf []byte
	if pdata != nil {
		buf = unsafe.Slice((*byte)(pdata), int(*plen))
	}
	cd, s := conn.GetConnectionData(buf)
	*plen = C.ULONG(cd.PrivateDataLength)
	if pird != nil {
		*pird = C.ULONG(cd.InboundReadLimit)
	}
	if pord != nil {
		*pord = C.ULONG(cd.OutboundReadLimit)
	}
	return nt(s)
}

//export ndktSimabiDisconnect
func ndktSimabiDisconnect(id C.uint64_t, rc, rctx C.uintptr_t) C.NTSTATUS {
	e, conn, ok := objectOf[ndk.Connector](id)
	if !ok {
		return invalidParameter
	}
	return nt(conn.Disconnect(e.prov.requestDone(rc), uintptr(rctx)))
}

//export ndktSimabiListen
func ndktSimabiListen(id C.uint64_t, a *C.SOCKADDR, n C.ULONG, rc, rctx C.uintptr_t) C.NTSTATUS {
	e, l, ok := objectOf[ndk.Listener](id)
	ap, aok := addrOf(a, n)
	if !ok || !aok {
		return invalidParameter
	}
	return nt(l.Listen(ap, e.prov.requestDone(rc), uintptr(rctx)))
}

//export ndktSimabiControlConnectEvents
func ndktSimabiControlConnectEvents(id C.uint64_t, pause C.BOOLEAN) {
	if _, l, ok := objectOf[ndk.Listener](id); ok {
		l.ControlConnectEvents(pause != 0)
	}
}
