//go:build linux && cgo

// Package abitest is a test consumer of sim behind NDKPI's C ABI
// (ndkt/simabi): its C half (abitest.c) calls the provider through the
// objects' Dispatch tables by member name only and records every callback
// as an event; this Go half lets ndkt/simabi's tests (which may not use cgo
// themselves) drive it. Objects are C pointers held as unsafe.Pointer;
// contexts are integers the tests choose.
package abitest

/*
#cgo CFLAGS: -I${SRCDIR}/../../../include -I${SRCDIR}/../.. -Wall
#include <stdlib.h>
#include "abitest.h"
*/
import "C"

import (
	"net/netip"
	"unsafe"

	"github.com/ndkconform/ndkconform/ndk"
	_ "github.com/ndkconform/ndkconform/ndkt/simabi" // the provider's C symbols
)

// Obj is an NDKPI object pointer (NDK_ADAPTER *, NDK_CQ *, ...).
type Obj = unsafe.Pointer

// Event kinds.
const (
	EvCreate       = C.ABITEST_EV_CREATE
	EvRequest      = C.ABITEST_EV_REQUEST
	EvClose        = C.ABITEST_EV_CLOSE
	EvCQNotify     = C.ABITEST_EV_CQ_NOTIFY
	EvSRQNotify    = C.ABITEST_EV_SRQ_NOTIFY
	EvConnect      = C.ABITEST_EV_CONNECT
	EvDisconnect   = C.ABITEST_EV_DISCONNECT
	EvDisconnectEx = C.ABITEST_EV_DISCONNECT_EX
)

// Header is what the consumer sees of an object: its NDK_OBJECT_HEADER
// and its dispatch table.
type Header struct {
	Version         ndk.Version
	ObjectType      ndk.ObjectType
	ReservedNonzero bool
	Dispatch        uintptr
	Entries         int    // members of the kind's table
	NullMask        uint64 // bit i: member i (page order) NULL
}

func headerOf(h *C.abitest_header) Header {
	return Header{Version: ndk.Version{Major: uint16(h.Major), Minor: uint16(h.Minor)},
		ObjectType: ndk.ObjectType(h.ObjectType), ReservedNonzero: h.ReservedNonzero != 0,
		Dispatch: uintptr(h.Dispatch), Entries: int(h.Entries), NullMask: uint64(h.NullMask)}
}

// Event is one callback the provider made.
type Event struct {
	Kind   int
	Ctx    uintptr
	Status ndk.Status
	Obj    Obj // the object a create completion or connect event passed
	Reason uint32
	IRQL   int    // the simulated IRQL the hook was told, -1: no hook around it
	Header Header // of Obj, read inside the callback
}

// Reset empties the event queue and the hook's error count.
func Reset() { C.abitest_reset() }

// Next pops the oldest event.
func Next() (Event, bool) {
	var ev C.abitest_event
	if C.abitest_next(&ev) == 0 {
		return Event{}, false
	}
	return Event{Kind: int(ev.Kind), Ctx: uintptr(ev.Ctx), Status: ndk.Status(uint32(ev.Status)), Obj: ev.Obj,
		Reason: uint32(ev.Reason), IRQL: int(ev.Irql), Header: headerOf(&ev.Header)}, true
}

// Hook installs (or removes) the consumer's ndkt_simabi_irql_hook.
func Hook(on bool) {
	if on {
		C.abitest_hook(1)
	} else {
		C.abitest_hook(0)
	}
}

// HookErrors counts hook calls that did not pair up (a leave without its
// enter, or with another IRQL).
func HookErrors() int { return int(C.abitest_hook_errors()) }

// Inspect reads o's header and table as an object of kind t.
func Inspect(o Obj, t ndk.ObjectType) Header {
	var h C.abitest_header
	C.abitest_inspect(o, C.int(t), &h)
	return headerOf(&h)
}

// DispatchOf is o's Dispatch pointer now.
func DispatchOf(o Obj) uintptr { return uintptr(C.abitest_dispatch(o)) }

// SwapDispatch points o's Dispatch at a copy of its table, as a consumer
// may (OH-2), and returns the copy's address.
func SwapDispatch(o Obj, t ndk.ObjectType) uintptr {
	return uintptr(unsafe.Pointer(C.abitest_swap_dispatch(o, C.int(t))))
}

// QueryExtension calls o's NdkQueryExtension with a vendor GUID; present
// is false if the entry is NULL (then it is not called).
func QueryExtension(o Obj, t ndk.ObjectType) (ndk.Status, bool) {
	var present C.int
	s := C.abitest_query_extension(o, C.int(t), &present)
	return ndk.Status(uint32(s)), present != 0
}

// Alloc is n zeroed bytes of C memory; Bytes is a slice over them.
func Alloc(n int) unsafe.Pointer { return C.abitest_alloc(C.size_t(n)) }

// Free frees C memory of Alloc, SwapDispatch or MDL.
func Free(p unsafe.Pointer) { C.abitest_free(p) }

// Bytes is a slice over n bytes of C memory at p.
func Bytes(p unsafe.Pointer, n int) []byte { return unsafe.Slice((*byte)(p), n) }

// MDL is a new MDL over n bytes at buf whose virtual address (an index,
// MR-4) is va, linked to next.
func MDL(buf unsafe.Pointer, n int, va uint64, next unsafe.Pointer) unsafe.Pointer {
	return unsafe.Pointer(C.abitest_mdl(buf, C.ULONG(n), C.uint64_t(va), (*C.MDL)(next)))
}

func ipOf(a netip.Addr) (C.int, [16]byte) {
	var b [16]byte
	if a.Is4() {
		v := a.As4()
		copy(b[:], v[:])
		return 0, b
	}
	return 1, a.As16()
}

func st(s C.NTSTATUS) ndk.Status { return ndk.Status(uint32(s)) }

// Miniport is ndkt_simabi_miniport_adapter for addr.
func Miniport(provider uintptr, addr netip.Addr) (uintptr, ndk.Status) {
	v6, ip := ipOf(addr)
	var mp C.uintptr_t
	s := C.abitest_miniport(C.uintptr_t(provider), v6, (*C.uint8_t)(&ip[0]), &mp)
	return uintptr(mp), st(s)
}

// Open is ndkt_simabi_open_ndk_adapter with version major.minor.
func Open(mp uintptr, major, minor uint16) (Obj, ndk.Status) {
	var a *C.NDK_ADAPTER
	s := C.abitest_open(C.uintptr_t(mp), C.USHORT(major), C.USHORT(minor), &a)
	return unsafe.Pointer(a), st(s)
}

// CloseAdapter is ndkt_simabi_close_ndk_adapter.
func CloseAdapter(mp uintptr, a Obj) { C.abitest_close_adapter(C.uintptr_t(mp), (*C.NDK_ADAPTER)(a)) }

// AdapterInfo is what NdkQueryAdapterInfo wrote.
type AdapterInfo struct {
	Version    ndk.Version
	MaxCQDepth uint32
	Flags      uint32
	Size       uint32 // *pBufferSize on return
}

// QueryAdapterInfo calls NdkQueryAdapterInfo with *pBufferSize = size
// (and a NULL buffer if nullBuffer).
func QueryAdapterInfo(a Obj, size uint32, nullBuffer bool) (AdapterInfo, ndk.Status) {
	var info C.NDK_ADAPTER_INFO
	n := C.ULONG(size)
	nb := C.int(0)
	if nullBuffer {
		nb = 1
	}
	s := C.abitest_query_adapter_info((*C.NDK_ADAPTER)(a), &info, &n, nb)
	return AdapterInfo{Version: ndk.Version{Major: uint16(info.Version.Major), Minor: uint16(info.Version.Minor)},
		MaxCQDepth: uint32(info.MaxCqDepth), Flags: uint32(info.AdapterFlags), Size: uint32(n)}, st(s)
}

// AdapterInfoSize is sizeof(NDK_ADAPTER_INFO).
const AdapterInfoSize = C.sizeof_NDK_ADAPTER_INFO

// Close is the kind's NdkCloseXxx with the close recorder.
func Close(o Obj, t ndk.ObjectType, ctx uintptr) ndk.Status {
	return st(C.abitest_close(o, C.int(t), C.uintptr_t(ctx)))
}

// CreateCQ is NdkCreateCq.
func CreateCQ(a Obj, depth uint32, notifyCtx, ctx uintptr) (Obj, ndk.Status) {
	var p *C.NDK_CQ
	s := C.abitest_create_cq((*C.NDK_ADAPTER)(a), C.ULONG(depth), C.uintptr_t(notifyCtx), C.uintptr_t(ctx), &p)
	return unsafe.Pointer(p), st(s)
}

// CreatePD is NdkCreatePd.
func CreatePD(a Obj, ctx uintptr) (Obj, ndk.Status) {
	var p *C.NDK_PD
	s := C.abitest_create_pd((*C.NDK_ADAPTER)(a), C.uintptr_t(ctx), &p)
	return unsafe.Pointer(p), st(s)
}

// CreateSharedEndpoint is NdkCreateSharedEndpoint.
func CreateSharedEndpoint(a Obj, ap netip.AddrPort, ctx uintptr) (Obj, ndk.Status) {
	var p *C.NDK_SHARED_ENDPOINT
	v6, ip := ipOf(ap.Addr())
	s := C.abitest_create_se((*C.NDK_ADAPTER)(a), v6, (*C.uint8_t)(&ip[0]), C.uint16_t(ap.Port()), C.uintptr_t(ctx), &p)
	return unsafe.Pointer(p), st(s)
}

// CreateConnector is NdkCreateConnector.
func CreateConnector(a Obj, ctx uintptr) (Obj, ndk.Status) {
	var p *C.NDK_CONNECTOR
	s := C.abitest_create_connector((*C.NDK_ADAPTER)(a), C.uintptr_t(ctx), &p)
	return unsafe.Pointer(p), st(s)
}

// CreateListener is NdkCreateListener.
func CreateListener(a Obj, eventCtx, ctx uintptr) (Obj, ndk.Status) {
	var p *C.NDK_LISTENER
	s := C.abitest_create_listener((*C.NDK_ADAPTER)(a), C.uintptr_t(eventCtx), C.uintptr_t(ctx), &p)
	return unsafe.Pointer(p), st(s)
}

// LAM is a C buffer for NdkBuildLam: an NDK_LOGICAL_ADDRESS_MAPPING of
// Size bytes, and its outputs *pLAMSize and *pFBO in C memory too (a
// pending NdkBuildLam writes them before its completion).
type LAM struct {
	P, Outs unsafe.Pointer
	Size    uint32
}

// NewLAM allocates a LAM with room for n pages (free P and Outs).
func NewLAM(n int) LAM {
	size := LAMSize(n)
	return LAM{P: C.abitest_alloc(C.size_t(size)), Outs: C.abitest_alloc(2 * C.sizeof_ULONG), Size: size}
}

// Out is *pLAMSize and *pFBO as the provider last wrote them.
func (l LAM) Out() (lamSize, fbo uint32) {
	o := unsafe.Slice((*C.ULONG)(l.Outs), 2)
	return uint32(o[0]), uint32(o[1])
}

// LAMSize is the size of a mapping of n pages.
func LAMSize(n int) uint32 { return uint32(C.abitest_lam_pages_offset) + uint32(8*n) }

// BuildLAM is NdkBuildLam with *pLAMSize = lam.Size (see Out).
func BuildLAM(a Obj, mdl unsafe.Pointer, length uint64, ctx uintptr, lam LAM) ndk.Status {
	o := unsafe.Slice((*C.ULONG)(lam.Outs), 2)
	o[0], o[1] = C.ULONG(lam.Size), 0
	return st(C.abitest_build_lam((*C.NDK_ADAPTER)(a), (*C.MDL)(mdl), C.SIZE_T(length), C.uintptr_t(ctx),
		(*C.NDK_LOGICAL_ADDRESS_MAPPING)(lam.P), &o[0], &o[1]))
}

// LAMPages is the AdapterPageCount and pages of a mapping.
func LAMPages(lam LAM) []uint64 {
	l := (*C.NDK_LOGICAL_ADDRESS_MAPPING)(lam.P)
	return unsafe.Slice((*uint64)(unsafe.Pointer(&l.AdapterPageArray[0])), int(l.AdapterPageCount))
}

// ReleaseLAM is NdkReleaseLam.
func ReleaseLAM(a Obj, lam LAM) {
	C.abitest_release_lam((*C.NDK_ADAPTER)(a), (*C.NDK_LOGICAL_ADDRESS_MAPPING)(lam.P))
}

// ArmCQ is NdkArmCq.
func ArmCQ(cq Obj, t ndk.CQNotifyType) { C.abitest_arm_cq((*C.NDK_CQ)(cq), C.ULONG(t)) }

// Result is an NDK_RESULT or NDK_RESULT_EX as the consumer read it.
type Result struct {
	Status                       ndk.Status
	BytesTransferred             uint32
	QPContext, RequestContext    uintptr
	Type                         ndk.OperationType
	ProviderErrorCode            uint32
	TypeSpecificCompletionOutput uint64
}

// Poll is NdkGetCqResultsEx (ex) or NdkGetCqResults with room for n.
func Poll(cq Obj, n int, ex bool) []Result {
	out := make([]C.abitest_result, n)
	e := C.int(0)
	if ex {
		e = 1
	}
	k := int(C.abitest_poll((*C.NDK_CQ)(cq), &out[0], C.ULONG(n), e))
	rs := make([]Result, 0, k)
	for _, r := range out[:min(k, n)] {
		rs = append(rs, Result{Status: ndk.Status(uint32(r.Status)), BytesTransferred: uint32(r.BytesTransferred),
			QPContext: uintptr(r.QPContext), RequestContext: uintptr(r.RequestContext), Type: ndk.OperationType(r.Type),
			ProviderErrorCode: uint32(r.ProviderErrorCode), TypeSpecificCompletionOutput: uint64(r.TypeSpecificCompletionOutput)})
	}
	return rs
}

// CreateMR is NdkCreateMr.
func CreateMR(pd Obj, fast bool, ctx uintptr) (Obj, ndk.Status) {
	var p *C.NDK_MR
	f := C.int(0)
	if fast {
		f = 1
	}
	s := C.abitest_create_mr((*C.NDK_PD)(pd), f, C.uintptr_t(ctx), &p)
	return unsafe.Pointer(p), st(s)
}

// CreateMW is NdkCreateMw.
func CreateMW(pd Obj, ctx uintptr) (Obj, ndk.Status) {
	var p *C.NDK_MW
	s := C.abitest_create_mw((*C.NDK_PD)(pd), C.uintptr_t(ctx), &p)
	return unsafe.Pointer(p), st(s)
}

// CreateSRQ is NdkCreateSrq.
func CreateSRQ(pd Obj, depth, sge uint32, notifyCtx, ctx uintptr) (Obj, ndk.Status) {
	var p *C.NDK_SRQ
	s := C.abitest_create_srq((*C.NDK_PD)(pd), C.ULONG(depth), C.ULONG(sge), C.uintptr_t(notifyCtx), C.uintptr_t(ctx), &p)
	return unsafe.Pointer(p), st(s)
}

// CreateQP is NdkCreateQp (srq nil) or NdkCreateQpWithSrq, cq for both
// queues.
func CreateQP(pd, cq, srq Obj, qpCtx uintptr, depth, sge uint32, ctx uintptr) (Obj, ndk.Status) {
	var p *C.NDK_QP
	s := C.abitest_create_qp((*C.NDK_PD)(pd), (*C.NDK_CQ)(cq), (*C.NDK_SRQ)(srq), C.uintptr_t(qpCtx), C.ULONG(depth),
		C.ULONG(sge), C.uintptr_t(ctx), &p)
	return unsafe.Pointer(p), st(s)
}

// PrivilegedToken is NdkGetPrivilegedMemoryRegionToken.
func PrivilegedToken(pd Obj) uint32 {
	var t C.UINT32
	C.abitest_privileged_token((*C.NDK_PD)(pd), &t)
	return uint32(t)
}

// RegisterMR is NdkRegisterMr.
func RegisterMR(mr Obj, mdl unsafe.Pointer, length uint64, flags uint32, ctx uintptr) ndk.Status {
	return st(C.abitest_register_mr((*C.NDK_MR)(mr), (*C.MDL)(mdl), C.SIZE_T(length), C.ULONG(flags), C.uintptr_t(ctx)))
}

// DeregisterMR is NdkDeregisterMr.
func DeregisterMR(mr Obj, ctx uintptr) ndk.Status {
	return st(C.abitest_deregister_mr((*C.NDK_MR)(mr), C.uintptr_t(ctx)))
}

// MRToken is NdkGetRemoteTokenFromMr (remote) or NdkGetLocalTokenFromMr.
func MRToken(mr Obj, remote bool) uint32 {
	r := C.int(0)
	if remote {
		r = 1
	}
	return uint32(C.abitest_mr_token((*C.NDK_MR)(mr), r))
}

// MWToken is NdkGetRemoteTokenFromMw.
func MWToken(mw Obj) uint32 { return uint32(C.abitest_mw_token((*C.NDK_MW)(mw))) }

// Work request kinds of Post.
const (
	OpSend       = C.ABITEST_OP_SEND
	OpReceive    = C.ABITEST_OP_RECEIVE
	OpRead       = C.ABITEST_OP_READ
	OpWrite      = C.ABITEST_OP_WRITE
	OpSRQReceive = C.ABITEST_OP_SRQ_RECEIVE
)

// Post posts one work request of one SGE (va, n, token) on a QP (or an
// SRQ: OpSRQReceive).
func Post(op int, q Obj, ctx uintptr, va uint64, n uint32, token uint32, remote uint64, rtoken uint32, flags uint32) ndk.Status {
	return st(C.abitest_post(C.int(op), q, C.uintptr_t(ctx), C.uint64_t(va), C.ULONG(n), C.UINT32(token),
		C.uint64_t(remote), C.UINT32(rtoken), C.ULONG(flags)))
}

// Listen is NdkListen.
func Listen(l Obj, ap netip.AddrPort, ctx uintptr) ndk.Status {
	v6, ip := ipOf(ap.Addr())
	return st(C.abitest_listen((*C.NDK_LISTENER)(l), v6, (*C.uint8_t)(&ip[0]), C.uint16_t(ap.Port()), C.uintptr_t(ctx)))
}

// Address calls the kind's NdkGetLocalAddress (or NdkGetPeerAddress) with
// *pAddressLength = inLen (and a NULL buffer if nullBuffer); outLen is
// *pAddressLength on return.
func Address(o Obj, t ndk.ObjectType, peer bool, inLen uint32, nullBuffer bool) (ap netip.AddrPort, outLen uint32, s ndk.Status) {
	var v6 C.int
	var ip [16]byte
	var port C.uint16_t
	var n C.ULONG
	p, nb := C.int(0), C.int(0)
	if peer {
		p = 1
	}
	if nullBuffer {
		nb = 1
	}
	s = st(C.abitest_get_address(o, C.int(t), p, C.ULONG(inLen), nb, &v6, (*C.uint8_t)(&ip[0]), &port, &n))
	if s == ndk.StatusSuccess {
		switch v6 {
		case 0:
			ap = netip.AddrPortFrom(netip.AddrFrom4([4]byte(ip[:4])), uint16(port))
		case 1:
			ap = netip.AddrPortFrom(netip.AddrFrom16(ip), uint16(port))
		}
	}
	return ap, uint32(n), s
}

func bytesArg(b []byte) (unsafe.Pointer, C.ULONG) {
	if len(b) == 0 {
		return nil, 0
	}
	return unsafe.Pointer(&b[0]), C.ULONG(len(b))
}

// Connect is NdkConnect from src (port 0) to dst, or
// NdkConnectWithSharedEndpoint if se is not nil.
func Connect(c, qp, se Obj, src netip.Addr, dst netip.AddrPort, pd []byte, ctx uintptr) ndk.Status {
	v6, s := ipOf(src)
	_, d := ipOf(dst.Addr())
	p, n := bytesArg(pd)
	return st(C.abitest_connect((*C.NDK_CONNECTOR)(c), (*C.NDK_QP)(qp), (*C.NDK_SHARED_ENDPOINT)(se), v6,
		(*C.uint8_t)(&s[0]), (*C.uint8_t)(&d[0]), C.uint16_t(dst.Port()), p, n, C.uintptr_t(ctx)))
}

func flag(b bool) C.int {
	if b {
		return 1
	}
	return 0
}

// CompleteConnect is NdkCompleteConnect (NdkCompleteConnectEx if ex).
func CompleteConnect(c Obj, ex bool, discCtx, ctx uintptr) ndk.Status {
	return st(C.abitest_complete_connect((*C.NDK_CONNECTOR)(c), flag(ex), C.uintptr_t(discCtx), C.uintptr_t(ctx)))
}

// Accept is NdkAccept (NdkAcceptEx if ex).
func Accept(c Obj, ex bool, qp Obj, pd []byte, discCtx, ctx uintptr) ndk.Status {
	p, n := bytesArg(pd)
	return st(C.abitest_accept((*C.NDK_CONNECTOR)(c), flag(ex), (*C.NDK_QP)(qp), p, n, C.uintptr_t(discCtx), C.uintptr_t(ctx)))
}

// ConnectionData is NdkGetConnectionData into a buffer of n bytes (NULL
// if n is 0); it returns the bytes, *pPrivateDataLength and the read
// limits.
func ConnectionData(c Obj, n int) (data []byte, length, ird, ord uint32, s ndk.Status) {
	var buf unsafe.Pointer
	if n > 0 {
		buf = C.abitest_alloc(C.size_t(n))
		defer C.abitest_free(buf)
	}
	l, i, o := C.ULONG(n), C.ULONG(0), C.ULONG(0)
	s = st(C.abitest_get_connection_data((*C.NDK_CONNECTOR)(c), buf, &l, &i, &o))
	if buf != nil {
		data = C.GoBytes(buf, C.int(n))
	}
	return data, uint32(l), uint32(i), uint32(o), s
}

// Disconnect is NdkDisconnect.
func Disconnect(c Obj, ctx uintptr) ndk.Status {
	return st(C.abitest_disconnect((*C.NDK_CONNECTOR)(c), C.uintptr_t(ctx)))
}

// ResizeCQ is NdkResizeCq.
func ResizeCQ(cq Obj, depth uint32, ctx uintptr) ndk.Status {
	return st(C.abitest_resize_cq((*C.NDK_CQ)(cq), C.ULONG(depth), C.uintptr_t(ctx)))
}

// ModerateCQ is NdkControlCqInterruptModeration.
func ModerateCQ(cq Obj, interval, count uint32) ndk.Status {
	return st(C.abitest_moderate_cq((*C.NDK_CQ)(cq), C.ULONG(interval), C.ULONG(count)))
}

// InitFastRegister is NdkInitializeFastRegisterMr.
func InitFastRegister(mr Obj, pages uint32, remote bool, ctx uintptr) ndk.Status {
	return st(C.abitest_init_fast_register((*C.NDK_MR)(mr), C.ULONG(pages), flag(remote), C.uintptr_t(ctx)))
}

// FastRegister is NdkFastRegister over the pages of a built LAM.
func FastRegister(qp Obj, ctx uintptr, mr Obj, lam LAM, fbo uint32, length uint64, base uint64, flags uint32) ndk.Status {
	return st(C.abitest_fast_register((*C.NDK_QP)(qp), C.uintptr_t(ctx), (*C.NDK_MR)(mr),
		(*C.NDK_LOGICAL_ADDRESS_MAPPING)(lam.P), C.ULONG(fbo), C.SIZE_T(length), C.uint64_t(base), C.ULONG(flags)))
}

// Bind is NdkBind (STATUS_NOT_IMPLEMENTED, not called, if the entry is
// NULL).
func Bind(qp Obj, ctx uintptr, mr, mw Obj, va, length uint64, flags uint32) ndk.Status {
	return st(C.abitest_bind((*C.NDK_QP)(qp), C.uintptr_t(ctx), (*C.NDK_MR)(mr), (*C.NDK_MW)(mw), C.uint64_t(va),
		C.SIZE_T(length), C.ULONG(flags)))
}

// Invalidate is NdkInvalidate of an MR or MW.
func Invalidate(qp Obj, ctx uintptr, target Obj) ndk.Status {
	return st(C.abitest_invalidate((*C.NDK_QP)(qp), C.uintptr_t(ctx), target, 0))
}

// SendAndInvalidate is NdkSendAndInvalidate of one SGE.
func SendAndInvalidate(qp Obj, ctx uintptr, va uint64, n uint32, token, rtoken uint32) ndk.Status {
	return st(C.abitest_send_and_invalidate((*C.NDK_QP)(qp), C.uintptr_t(ctx), C.uint64_t(va), C.ULONG(n), C.UINT32(token),
		C.UINT32(rtoken)))
}

// Flush is NdkFlush.
func Flush(qp Obj) { C.abitest_flush((*C.NDK_QP)(qp)) }

// ModifySRQ is NdkModifySrq.
func ModifySRQ(srq Obj, depth, threshold uint32, ctx uintptr) ndk.Status {
	return st(C.abitest_modify_srq((*C.NDK_SRQ)(srq), C.ULONG(depth), C.ULONG(threshold), C.uintptr_t(ctx)))
}

// ControlConnectEvents is NdkControlConnectEvents.
func ControlConnectEvents(l Obj, pause bool) {
	C.abitest_control_connect_events((*C.NDK_LISTENER)(l), flag(pause))
}

// Reject is NdkReject.
func Reject(c Obj, pd []byte) ndk.Status {
	p, n := bytesArg(pd)
	return st(C.abitest_reject((*C.NDK_CONNECTOR)(c), p, n))
}
