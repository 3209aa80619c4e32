//go:build linux && cgo

// Package simabi puts sim, ndkconform's reference provider (drivers/sim),
// behind NDKPI's C ABI, so that a C consumer (the ndkt core, on Linux) can
// test it as a kernel consumer tests a Windows provider: through
// NDK_ADAPTER and the objects created from it, each a C struct in C memory
// whose first member is NDKPI's object (Header, Dispatch), by the members
// of their dispatch tables, with C callbacks and PVOID contexts. The C API
// is ndkt_simabi.h: ndkt_simabi_miniport_adapter, then
// ndkt_simabi_open_ndk_adapter (OPEN_NDK_ADAPTER_HANDLER's shape, with its
// version negotiation, OH-7) and ndkt_simabi_close_ndk_adapter.
//
// Every dispatch entry (simabi.c, by member name) calls an exported Go
// function (exports.go) that calls sim's ndk method and translates: NTSTATUS
// codes, NDK_SGE lists, NDK_RESULT and NDK_RESULT_EX arrays, SOCKADDRs
// (sockaddr_in, sockaddr_in6, with the BUFFER_TOO_SMALL contracts of the
// pages), private data, MDL chains (ndkt_wintypes.h's MDL: the bytes at
// MappedSystemVa, the region's index MmGetMdlVirtualAddress), logical
// address mappings. Sim's completion personalities decide when callbacks
// come, as in process; each callback is called from Go through a C
// trampoline, between two calls of ndkt_simabi_irql_hook with the IRQL
// option callback-irql says. No Go pointer ever reaches C: objects are
// named by integer ids, contexts and function pointers travel as integers.
//
// Option abi-variant selects a provider that breaks a rule only the C ABI
// shows (Variants): a Dispatch pointer, a header, a table entry, the
// version negotiation.
//
// # Choices
//
//   - A call whose arguments the Go interface cannot express fails in the
//     shim, before sim sees it, with STATUS_INVALID_PARAMETER: an object
//     argument that is NULL or not one of this provider's live objects, a
//     SOCKADDR that is neither a sockaddr_in nor a sockaddr_in6 of enough
//     bytes, an NDK_SGE list NULL with nSge > 0, an MDL chain shorter than
//     Length or an MDL without MappedSystemVa, NdkGetConnectionData with
//     pPrivateData NULL and *pPrivateDataLength > 0 (the page: "A consumer
//     must never do this"), a NULL pBufferSize or pAddressLength. An MDL
//     chain of several MDLs on an MR or adapter that takes one MDL only
//     (sim's mdl-chains=off) fails with STATUS_NOT_SUPPORTED.
//   - Outputs are written as sim returns them: the object pointer of a
//     create whenever sim returns an object (STATUS_PENDING included, which
//     a broken variant does, CR-3); the outputs of NdkBuildLam before its
//     completion is called; *pPrivateDataLength and the read limits of
//     NdkGetConnectionData on every return.
//   - The adapter's version is sim's (option version); an older one's
//     NDK_CONNECTOR_DISPATCH has NdkCompleteConnectEx and NdkAcceptEx NULL
//     (an ndkpi.h before 2.1 has no such members). The 1.2 entries
//     (NdkGetCqResultsEx, NdkSendAndInvalidate) are there at 1.1 too: sim
//     implements them.
//   - An object's C memory is freed once its close has completed (the
//     close returned STATUS_SUCCESS or its close completion returned); the
//     adapter's once ndkt_simabi_close_ndk_adapter returned. A callback's
//     function pointer and context are kept by value, so that a callback a
//     broken variant delivers after its object's close still reaches the
//     consumer, with its context.
package simabi

/*
#cgo CFLAGS: -I${SRCDIR}/../include -Wall
#include <stdlib.h>
#include "simabi.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/ndk"
)

// Option names of simabi (besides sim's own).
const (
	// OptABIVariant selects a provider that breaks a rule only the C ABI
	// shows (Variants).
	OptABIVariant = "abi-variant"
	// OptCallbackIRQL is the simulated IRQL of the provider's callbacks.
	OptCallbackIRQL = "callback-irql"

	IRQLPassive  = "passive"
	IRQLDispatch = "dispatch"
	IRQLMixed    = "mixed"

	DefaultCallbackIRQL = IRQLPassive
)

// Options lists simabi's options: its own, then sim's.
func Options() []ndk.Option {
	names := make([]string, len(variants))
	for i, v := range variants {
		names[i] = v.Name
	}
	own := []ndk.Option{
		{Name: OptABIVariant, Default: "",
			Usage: "a provider that breaks a rule only NDKPI's C ABI shows, empty for the conforming one: " + strings.Join(names, " | ")},
		{Name: OptCallbackIRQL, Default: DefaultCallbackIRQL,
			Usage: "the simulated IRQL of every callback, passed to ndkt_simabi_irql_hook: passive | dispatch | mixed (mixed: PASSIVE_LEVEL inside the consumer's call to the provider, DISPATCH_LEVEL from the provider's own goroutines, as from a DPC)"},
	}
	return append(own, sim.Driver{}.Options()...)
}

// Provider is sim opened behind the C ABI. Its Handle is what
// ndkt_simabi_miniport_adapter takes.
type Provider struct {
	handle  uintptr
	p       ndk.Provider
	tables  *C.ndkt_simabi_tables
	variant string
	irql    C.int
	version ndk.Version // sim's: the highest the adapter negotiates (OH-7)

	mu        sync.Mutex
	miniports map[netip.Addr]uintptr // by the address asked for
	adapters  int                    // open
	closed    bool

	lateMu sync.Mutex
	late   []*entry // dispatch-late objects handed over, Dispatch still NULL
}

// addLate adds e, handed over with Dispatch NULL, to those the next
// entry into p sets.
func (p *Provider) addLate(e *entry) {
	p.lateMu.Lock()
	p.late = append(p.late, e)
	p.lateMu.Unlock()
}

// settleLate sets the Dispatch of every dispatch-late object p handed
// over before this entry into it (the consumer's next call into
// the provider after the hand-over, whichever object it is on): the
// object was handed over with Dispatch NULL, which is the violation
// (OH-1); a consumer that then calls another object (as the C ABI specs
// do, e.g. NdkCreateCq between NdkCreatePd and the PD's NdkCreateQp) finds
// it set, so the violation does not also break the calls that follow.
func (p *Provider) settleLate() {
	p.lateMu.Lock()
	late := p.late
	p.late = nil
	p.lateMu.Unlock()
	for _, e := range late {
		e.setDispatch()
	}
}

var providers = struct {
	sync.Mutex
	next uintptr
	m    map[uintptr]*Provider
}{m: map[uintptr]*Provider{}}

// Open opens sim with opts, its own options (sim.Driver's) and simabi's
// (OptABIVariant, OptCallbackIRQL), behind the C ABI.
func Open(opts map[string]string) (*Provider, error) {
	valid := map[string]bool{}
	var names []string
	for _, o := range Options() {
		valid[o.Name] = true
		names = append(names, o.Name)
	}
	simOpts := map[string]string{}
	var bad []string
	for k, v := range opts {
		switch {
		case !valid[k]:
			bad = append(bad, k)
		case k != OptABIVariant && k != OptCallbackIRQL:
			simOpts[k] = v
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return nil, fmt.Errorf("unknown option %s (valid: %s)", strings.Join(bad, ", "), strings.Join(names, ", "))
	}
	pr := &Provider{miniports: map[netip.Addr]uintptr{}}
	pr.variant = strings.TrimSpace(opts[OptABIVariant])
	if pr.variant != "" && variantByName(pr.variant) == nil {
		return nil, fmt.Errorf("invalid %s=%q (valid: empty for the conforming provider, or one of %s)",
			OptABIVariant, pr.variant, strings.Join(VariantNames(), ", "))
	}
	switch v := strings.TrimSpace(opts[OptCallbackIRQL]); v {
	case "", IRQLPassive:
		pr.irql = C.PASSIVE_LEVEL
	case IRQLDispatch:
		pr.irql = C.DISPATCH_LEVEL
	case IRQLMixed:
		pr.irql = -1
	default:
		return nil, fmt.Errorf("invalid %s=%q (valid: %s, %s, %s)", OptCallbackIRQL, v, IRQLPassive, IRQLDispatch, IRQLMixed)
	}
	pr.version = ndk.Version21
	if v, ok := simOpts[sim.OptVersion]; ok {
		switch strings.TrimSpace(v) {
		case sim.Version11:
			pr.version = ndk.Version{Major: 1, Minor: 1}
		case sim.Version12:
			pr.version = ndk.Version{Major: 1, Minor: 2}
		case sim.Version20:
			pr.version = ndk.Version{Major: 2, Minor: 0}
		}
	}
	opener, err := sim.ParseOptions(simOpts)
	if err != nil {
		return nil, err
	}
	p, err := opener.Open()
	if err != nil {
		return nil, err
	}
	pr.p = p
	edits := C.int(0)
	if !pr.version.HasEx() {
		edits |= C.NDKT_SIMABI_T_NO_EX
	}
	// VARIANT no-query-extension (breaks OH-8): NDK_LISTENER_DISPATCH has
	// NdkQueryExtension NULL.
	if pr.variant == VariantNoQueryExtension {
		edits |= C.NDKT_SIMABI_T_NULL_QUERY_EXT
	}
	// VARIANT null-entry (breaks IF-1, IF-2, OV-3): NDK_QP_DISPATCH has
	// NdkBind NULL.
	if pr.variant == VariantNullEntry {
		edits |= C.NDKT_SIMABI_T_NULL_ENTRY
	}
	pr.tables = C.ndkt_simabi_tables_new(edits)
	if pr.tables == nil {
		_ = p.Close()
		return nil, errors.New("simabi: out of C memory for the dispatch tables")
	}
	providers.Lock()
	providers.next++
	pr.handle = providers.next
	providers.m[pr.handle] = pr
	providers.Unlock()
	return pr, nil
}

// Handle is the integer ndkt_simabi_miniport_adapter takes for p.
func (p *Provider) Handle() uintptr { return p.handle }

// Sides are sim's side A and side B (ndk.Provider.Sides).
func (p *Provider) Sides() (a, b ndk.Side) { return p.p.Sides() }

// Version is the NDKPI version the provider declares: the highest an
// adapter open negotiates.
func (p *Provider) Version() ndk.Version { return p.version }

// DeclaredTimeouts are sim's (ndk.TimeoutDeclarer).
func (p *Provider) DeclaredTimeouts() map[string]time.Duration {
	if td, ok := p.p.(ndk.TimeoutDeclarer); ok {
		return td.DeclaredTimeouts()
	}
	return nil
}

// Close closes the provider. Every adapter opened on it must be closed
// before (ndk.Provider.Close); Close frees the dispatch tables and what is
// left of objects whose close never completed.
func (p *Provider) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	if p.adapters > 0 {
		n := p.adapters
		p.mu.Unlock()
		return fmt.Errorf("simabi: %d adapters still open", n)
	}
	p.closed = true
	p.mu.Unlock()
	providers.Lock()
	delete(providers.m, p.handle)
	providers.Unlock()
	miniports.Lock()
	for id, m := range miniports.m {
		if m.prov == p {
			delete(miniports.m, id)
		}
	}
	miniports.Unlock()
	for _, e := range reg.of(p) {
		e.release()
	}
	C.ndkt_simabi_tables_free(p.tables)
	p.tables = nil
	return p.p.Close()
}

// ---- miniport adapters: a host, by an address it owns ----

type miniport struct {
	prov *Provider
	addr netip.Addr
}

var miniports = struct {
	sync.Mutex
	next uintptr
	m    map[uintptr]*miniport
}{m: map[uintptr]*miniport{}}

// MiniportContext is the MiniportAdapterContext of the host that owns
// addr (ndkt_simabi_miniport_adapter).
func (p *Provider) MiniportContext(addr netip.Addr) (uintptr, ndk.Status) {
	a, b := p.p.Sides()
	owned := slices.Contains([]netip.Addr{a.IPv4, a.IPv6, b.IPv4, b.IPv6}, addr)
	if !owned {
		// Hosts beyond the two sides: ask sim (an adapter open is cheap
		// and has no effect but the adapter).
		ad, st := p.p.OpenAdapter(addr)
		if st != ndk.StatusSuccess {
			return 0, ndk.StatusInvalidAddress
		}
		ad.Close()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return 0, ndk.StatusInvalidHandle
	}
	if id, ok := p.miniports[addr]; ok {
		return id, ndk.StatusSuccess
	}
	miniports.Lock()
	miniports.next++
	id := miniports.next
	miniports.m[id] = &miniport{prov: p, addr: addr}
	miniports.Unlock()
	p.miniports[addr] = id
	return id, ndk.StatusSuccess
}

// ---- the registry of objects handed out ----

// entry is one object handed out through the C ABI: its C memory and the
// sim object behind it.
type entry struct {
	id   uint64
	typ  ndk.ObjectType
	c    *C.ndkt_simabi_object
	prov *Provider
	ad   *entry // the adapter (itself for an adapter)

	obj     ndk.Object  // nil for an adapter
	adapter ndk.Adapter // an adapter's
	mp      uintptr     // an adapter's miniport
	version ndk.Version // an adapter's negotiated version

	late bool // Dispatch set after the hand-over (abi-variant dispatch-late)

	mu       sync.Mutex
	freed    bool // c is freed
	closedAd bool // an adapter's close ran

	lamMu sync.Mutex
	lams  map[uintptr]*ndk.LAM // an adapter's mappings, by the id in AdapterContext
	lamID uintptr
}

var reg = registry{m: map[uint64]*entry{}}

type registry struct {
	mu   sync.RWMutex
	next uint64
	m    map[uint64]*entry
}

func (r *registry) get(id C.uint64_t) *entry {
	if id == 0 {
		return nil
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.m[uint64(id)]
}

func (r *registry) of(p *Provider) []*entry {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var out []*entry
	for _, e := range r.m {
		if e.prov == p {
			out = append(out, e)
		}
	}
	return out
}

// add makes the C object of a new object of ad (nil: an adapter), with
// the header and Dispatch of its kind, as the provider's variant says.
func (r *registry) add(prov *Provider, ad *entry, typ ndk.ObjectType, version ndk.Version, fill func(*entry)) *entry {
	e := &entry{typ: typ, prov: prov, ad: ad}
	fill(e)
	if ad == nil {
		e.ad = e
	}
	r.mu.Lock()
	r.next++
	e.id = r.next
	r.m[e.id] = e
	r.mu.Unlock()
	htyp := typ
	var flags C.uint32_t
	if typ != ndk.ObjectTypeAdapter {
		switch prov.variant {
		// VARIANT object-type-wrong (breaks OH-4): an MW's
		// Header.ObjectType says NdkObjectTypeMr.
		case VariantObjectTypeWrong:
			if typ == ndk.ObjectTypeMW {
				htyp = ndk.ObjectTypeMR
			}
		// VARIANT header-version-wrong (breaks OH-3, OH-7): the objects
		// created from an adapter carry a Header.Version one minor above
		// the negotiated one, which NDK_ADAPTER_INFO and the adapter's
		// header report.
		case VariantHeaderVersionWrong:
			version.Minor++
		// VARIANT dispatch-late (breaks OH-1): a PD's Dispatch is NULL
		// when the create returns it or calls its completion with it; it
		// is set afterwards.
		case VariantDispatchLate:
			if typ == ndk.ObjectTypePD {
				flags |= C.NDKT_SIMABI_F_DISPATCH_LATE
				e.late = true
			}
		}
	}
	switch prov.variant {
	// VARIANT dispatch-rewritten (breaks OH-2): every call on an object
	// stores its table in Dispatch again, over what the consumer put there.
	case VariantDispatchRewritten:
		flags |= C.NDKT_SIMABI_F_REWRITE
	// VARIANT reserved-nonzero (breaks OH-5): every header's
	// NdkReserved.rf[0] is not zero.
	case VariantReservedNonzero:
		flags |= C.NDKT_SIMABI_F_RESERVED
	}
	e.c = C.ndkt_simabi_object_new(C.NDK_OBJECT_TYPE(typ), C.NDK_OBJECT_TYPE(htyp), C.USHORT(version.Major),
		C.USHORT(version.Minor), prov.tables, C.uint64_t(e.id), flags)
	if e.c == nil {
		panic("simabi: out of C memory for an object")
	}
	return e
}

// release frees e's C memory and forgets e, once.
func (e *entry) release() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.freed {
		return
	}
	e.freed = true
	reg.mu.Lock()
	delete(reg.m, e.id)
	reg.mu.Unlock()
	C.ndkt_simabi_object_free(e.c)
}

// lateDispatch is how long after an inline create returns a PD the
// dispatch-late variant sets its Dispatch at the latest (the consumer's
// next call into the provider sets it sooner: Provider.settleLate).
const lateDispatch = 2 * time.Millisecond

// setDispatch sets the Dispatch of a dispatch-late object (unless it was
// freed meanwhile).
func (e *entry) setDispatch() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.freed {
		C.ndkt_simabi_object_set_dispatch(e.c)
	}
}

// header is the NDK_OBJECT_HEADER pointer of e's object, as it goes into
// an output parameter.
func (e *entry) header() unsafe.Pointer { return unsafe.Pointer(e.c) }
