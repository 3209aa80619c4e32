//go:build linux && cgo

package simabi

// Fault injection behind the C ABI (ndkt_simabi.h: ndkt_simabi_faults,
// ndkt_simabi_set_host_state, ndkt_simabi_fail_srq, ndkt_simabi_fail_cq):
// sim's ndk.FaultInjector, ndk.SRQFaultInjector and ndk.CQFaultInjector
// on the sim objects behind the C objects, for a consumer's environment
// that serves the faults a kernel consumer cannot provoke through NDKPI
// (the ndkt core's provider hook, ndkt/core/provider.h).

/*
#include "simabi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/ndkconform/ndkconform/ndk"
)

// faults is what p's sim serves (NDKT_SIMABI_FAULT_* bits): none with
// sim's option faults=off.
func (p *Provider) faults() uint32 {
	var bits uint32
	if _, ok := p.p.(ndk.FaultInjector); ok {
		bits |= C.NDKT_SIMABI_FAULT_HOST_STATE
	}
	if _, ok := p.p.(ndk.SRQFaultInjector); ok {
		bits |= C.NDKT_SIMABI_FAULT_SRQ
	}
	if _, ok := p.p.(ndk.CQFaultInjector); ok {
		bits |= C.NDKT_SIMABI_FAULT_CQ
	}
	return bits
}

// Faults reports which fault injections the provider serves through the
// C ABI: host states, SRQ failures, CQ failures.
func (p *Provider) Faults() (host, srq, cq bool) {
	b := p.faults()
	return b&C.NDKT_SIMABI_FAULT_HOST_STATE != 0, b&C.NDKT_SIMABI_FAULT_SRQ != 0, b&C.NDKT_SIMABI_FAULT_CQ != 0
}

// putError writes err's text into the consumer's buffer of room bytes
// (cut to fit), *n the bytes written, and returns STATUS_UNSUCCESSFUL; or
// STATUS_SUCCESS for nil. (The C side set *n to 0 first.)
func putError(err error, buf *C.char, room C.ULONG, n *C.ULONG) C.NTSTATUS {
	if err == nil {
		return nt(ndk.StatusSuccess)
	}
	if buf != nil && n != nil {
		msg := err.Error()
		w := min(len(msg), int(room))
		copy(unsafe.Slice((*byte)(unsafe.Pointer(buf)), w), msg[:w])
		*n = C.ULONG(w)
	}
	return nt(ndk.StatusUnsuccessful)
}

//export ndktSimabiFaults
func ndktSimabiFaults(handle C.uintptr_t) C.ULONG {
	providers.Lock()
	p := providers.m[uintptr(handle)]
	providers.Unlock()
	if p == nil {
		return 0
	}
	return C.ULONG(p.faults())
}

//export ndktSimabiSetHostState
func ndktSimabiSetHostState(handle C.uintptr_t, a *C.SOCKADDR, n C.ULONG, state C.ULONG, buf *C.char, room C.ULONG, blen *C.ULONG) C.NTSTATUS {
	providers.Lock()
	p := providers.m[uintptr(handle)]
	providers.Unlock()
	if p == nil {
		return nt(ndk.StatusInvalidHandle)
	}
	fi, ok := p.p.(ndk.FaultInjector)
	if !ok {
		return nt(ndk.StatusNotSupported)
	}
	ap, ok := addrOf(a, n)
	if !ok || state > C.ULONG(ndk.HostDown) {
		return invalidParameter
	}
	return putError(fi.SetHostState(ap.Addr(), ndk.HostState(state)), buf, room, blen)
}

//export ndktSimabiFailSrq
func ndktSimabiFailSrq(id C.uint64_t, buf *C.char, room C.ULONG, blen *C.ULONG) C.NTSTATUS {
	e, q, ok := objectOf[ndk.SRQ](id)
	if !ok {
		return invalidParameter
	}
	fi, ok := e.prov.p.(ndk.SRQFaultInjector)
	if !ok {
		return nt(ndk.StatusNotSupported)
	}
	return putError(fi.FailSRQ(q), buf, room, blen)
}

//export ndktSimabiFailCq
func ndktSimabiFailCq(id C.uint64_t, buf *C.char, room C.ULONG, blen *C.ULONG) C.NTSTATUS {
	e, c, ok := objectOf[ndk.CQ](id)
	if !ok {
		return invalidParameter
	}
	fi, ok := e.prov.p.(ndk.CQFaultInjector)
	if !ok {
		return nt(ndk.StatusNotSupported)
	}
	return putError(fi.FailCQ(c), buf, room, blen)
}
