//go:build linux && cgo

// Package inproc is ndkt's Linux transport: a device.Device whose
// handles are sessions of the ndkt C core (ndkt/core, compiled into this
// package with the posix platform layer) called in process, with sim
// behind NDKPI's C ABI (ndkt/simabi) as the provider. Everything above
// the IOCTL contract runs as it does on Windows over DeviceIoControl;
// here Handle.Ioctl is a call of ndkt_session_ioctl.
//
// Each Ioctl copies its input and output across cgo into C memory (C keeps
// no Go pointer past the call) and runs outside any Go lock, so a
// GET_EVENTS that waits for an event record (in the core's platform event)
// never blocks the other exchanges of the handle. sim's callbacks run at
// the simulated IRQL its option callback-irql says (passive, dispatch,
// mixed), which the core sees through ndkt_irql(): at PASSIVE_LEVEL a
// callback is held until its ack, above it is released (ndkt/CORE.md).
package inproc

/*
#cgo CFLAGS: -std=gnu11 -I${SRCDIR}/../include -I${SRCDIR}/../simabi -Wall
#cgo LDFLAGS: -lpthread
#include <stdlib.h>
#include "inproc.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/ndkt/device"
	"github.com/ndkconform/ndkconform/ndkt/simabi"
)

// Options of the transport itself, taken out of New's options before the
// rest go to simabi.
const (
	// OptCallbackTimeout bounds how long the core waits for a callback's
	// ack (a Go duration), the session's deadline; the core's default
	// otherwise (2 minutes).
	OptCallbackTimeout = "inproc-callback-timeout"
	// OptCloseBound bounds each pending close at a session's end (a Go
	// duration); 10 s otherwise.
	OptCloseBound = "inproc-close-bound"
)

// Device is sim, opened behind the C ABI, as ndkt's device.
type Device struct {
	prov   *simabi.Provider
	limits C.ndkt_inproc_limits
}

var _ device.Device = (*Device)(nil)

// New opens sim behind NDKPI's C ABI with simOpts (simabi's options and
// sim's, e.g. completion=deferred, callback-irql=dispatch; and this
// package's OptCallbackTimeout, OptCloseBound) as ndkt's device.
func New(simOpts map[string]string) (*Device, error) {
	if rc := C.ndkt_inproc_init(); rc != 0 {
		return nil, fmt.Errorf("inproc: the posix platform layer: code %d", int(rc))
	}
	d := &Device{}
	opts := map[string]string{}
	for k, v := range simOpts {
		switch k {
		case OptCallbackTimeout, OptCloseBound:
			t, err := time.ParseDuration(v)
			if err != nil || t <= 0 {
				return nil, fmt.Errorf("inproc: invalid %s=%q (a positive Go duration)", k, v)
			}
			if k == OptCallbackTimeout {
				d.limits.callback_timeout_ms = C.int64_t(t.Milliseconds())
			} else {
				d.limits.close_bound_ms = C.int64_t(t.Milliseconds())
			}
		default:
			opts[k] = v
		}
	}
	p, err := simabi.Open(opts)
	if err != nil {
		return nil, err
	}
	d.prov = p
	return d, nil
}

// Sides are sim's side A and side B: the addresses OpenAdapter takes.
func (d *Device) Sides() (a, b ndk.Side) { return d.prov.Sides() }

// Version is the NDKPI version sim declares.
func (d *Device) Version() ndk.Version { return d.prov.Version() }

// Faults says which fault injections the core serves over this device
// (SetHostState, FailSrq, FailCq): what its provider hook
// (ndkt_provider_faults, here sim's through NDKPI's C ABI) declares, and
// what each session's HELLO answers in its faults (which the ndkt
// driver's Welcome offers).
func (d *Device) Faults() (host, srq, cq bool) {
	b := uint32(C.ndkt_inproc_faults(C.uintptr_t(d.prov.Handle())))
	return b&faultHostState != 0, b&faultSRQ != 0, b&faultCQ != 0
}

// The core's NDKT_FAULT_* bits (ndkt/core/provider.h).
const (
	faultHostState = 0x1
	faultSRQ       = 0x2
	faultCQ        = 0x4
)

// Close closes sim; every handle must be closed before.
func (d *Device) Close() error { return d.prov.Close() }

// Open opens a session: a handle of the device.
func (d *Device) Open() (device.Handle, error) {
	var s unsafe.Pointer
	if rc := C.ndkt_inproc_open(C.uintptr_t(d.prov.Handle()), &d.limits, &s); rc != 0 {
		return nil, fmt.Errorf("inproc: ndkt_session_open: code %d", int(rc))
	}
	h := &Handle{s: s}
	h.idle = sync.NewCond(&h.mu)
	return h, nil
}

// Handle is one session of the core.
type Handle struct {
	s unsafe.Pointer // the C session (C memory)

	mu       sync.Mutex
	idle     *sync.Cond
	closed   bool
	inflight int
	freed    bool
}

var _ device.Handle = (*Handle)(nil)

// statusInvalidHandle answers an Ioctl on a closed handle.
const statusInvalidHandle = 0xC0000008

// Ioctl is DeviceIoControl(code, in, out) on the session: in and out are
// copied into C memory for the call (for the METHOD_IN_DIRECT code out is
// the data the core reads, so it is copied in too) and the bytes written
// copied back.
func (h *Handle) Ioctl(code uint32, in, out []byte) (int, error) {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return 0, &device.StatusError{Code: code, Status: statusInvalidHandle}
	}
	h.inflight++
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		h.inflight--
		if h.inflight == 0 {
			h.idle.Broadcast()
		}
		h.mu.Unlock()
	}()

	cin := cbuf(len(in))
	defer C.free(cin)
	cout := cbuf(len(out))
	defer C.free(cout)
	if len(in) > 0 {
		copy(unsafe.Slice((*byte)(cin), len(in)), in)
	}
	if len(out) > 0 {
		copy(unsafe.Slice((*byte)(cout), len(out)), out)
	}
	var inp unsafe.Pointer
	if in != nil {
		inp = cin
	}
	var w C.size_t
	st := int32(C.ndkt_inproc_ioctl(h.s, C.uint32_t(code), inp, C.size_t(len(in)), cout, C.size_t(len(out)), &w))
	n := int(w)
	if n > len(out) {
		return 0, fmt.Errorf("inproc: the core wrote %d bytes into %d", n, len(out))
	}
	copy(out[:n], unsafe.Slice((*byte)(cout), n))
	if st < 0 {
		return n, &device.StatusError{Code: code, Status: uint32(st)}
	}
	return n, nil
}

// cbuf is n bytes of C memory (at least one: malloc(0) may be NULL).
func cbuf(n int) unsafe.Pointer {
	p := C.malloc(C.size_t(max(n, 1)))
	if p == nil {
		panic("inproc: out of C memory")
	}
	return p
}

// ErrLeaked says a session's end left a close that never completed: its
// memory is leaked on purpose (the provider may still use it).
var ErrLeaked = errors.New("inproc: a close never completed; the session's memory is leaked")

// Close ends the session (IRP_MJ_CLEANUP, then IRP_MJ_CLOSE): the core
// releases its held callbacks, ends its pending GET_EVENTS with
// STATUS_CANCELLED, closes every object children first; once no Ioctl is
// in the core any more, the session is freed.
func (h *Handle) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	h.mu.Unlock()
	rc := C.ndkt_inproc_cleanup(h.s)
	h.mu.Lock()
	for h.inflight > 0 {
		h.idle.Wait()
	}
	h.mu.Unlock()
	freeRC := C.ndkt_inproc_free(h.s)
	h.mu.Lock()
	h.freed = freeRC == 0
	h.mu.Unlock()
	if freeRC != 0 || rc != 0 {
		return ErrLeaked
	}
	return nil
}

// Stats are the session's counters (for tests).
type Stats struct {
	Objects           uint32
	HeldBytes         uint64
	Callbacks         uint64
	SecondCompletions uint64
	CleanupClosed     uint32
	CleanupStuck      uint32
	Fault             int
	// CleanupOrder: the kinds of the objects the last cleanup closed, in
	// order, as the protocol's HandleKind names them (CONNECTOR, QP, ...).
	CleanupOrder []string
}

var kindNames = map[uint32]string{1: "ADAPTER", 2: "PD", 3: "CQ", 4: "SRQ", 5: "QP", 6: "MR", 7: "MW",
	8: "CONNECTOR", 9: "LISTENER", 10: "SHARED_ENDPOINT", 11: "LAM", 12: "BUFFER"}

// Stats reads the session's counters; after Close, the last ones read
// are not available (the session is freed).
func (h *Handle) Stats() (Stats, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.freed {
		return Stats{}, errors.New("inproc: the session is freed")
	}
	var st C.ndkt_inproc_stats_t
	C.ndkt_inproc_stats(h.s, &st)
	out := Stats{Objects: uint32(st.objects), HeldBytes: uint64(st.held_bytes), Callbacks: uint64(st.callbacks),
		SecondCompletions: uint64(st.second_completions), CleanupClosed: uint32(st.cleanup_closed),
		CleanupStuck: uint32(st.cleanup_stuck), Fault: int(st.fault)}
	for i := 0; i < int(st.n_order); i++ {
		k := uint32(st.order[i])
		name, ok := kindNames[k]
		if !ok {
			name = strconv.Itoa(int(k))
		}
		out.CleanupOrder = append(out.CleanupOrder, name)
	}
	return out, nil
}

// CleanupThenStats ends the session as Close does, reads its counters,
// then frees it: what a test checks of cleanup.
func (h *Handle) CleanupThenStats() (Stats, error) {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return Stats{}, errors.New("inproc: closed")
	}
	h.closed = true
	h.mu.Unlock()
	rc := C.ndkt_inproc_cleanup(h.s)
	h.mu.Lock()
	for h.inflight > 0 {
		h.idle.Wait()
	}
	h.mu.Unlock()
	st, err := h.Stats()
	if C.ndkt_inproc_free(h.s) != 0 || rc != 0 {
		return st, ErrLeaked
	}
	h.mu.Lock()
	h.freed = true
	h.mu.Unlock()
	return st, err
}
