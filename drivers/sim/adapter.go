package sim

import (
	"net/netip"
	"unsafe"

	"github.com/ndkconform/ndkconform/ndk"
)

// adapter is an NDK adapter opened on one simulated host. Several adapters
// of a host share the host's endpoint table.
type adapter struct {
	f    *fabric
	host *host

	// Guarded by f.mu.
	objects int  // objects created and not yet closed (close completed)
	cbs     int  // consumer callbacks scheduled or running
	closed  bool // Close has returned

	tokenSeq    uint32              // memory tokens handed out
	tokens      map[uint32]tokenRef // live memory tokens
	nextLogical uint64              // next free adapter logical address
	lams        map[uint64]*lamPage // mapped logical pages by address
}

func newAdapter(f *fabric, h *host) *adapter {
	return &adapter{f: f, host: h, tokens: map[uint32]tokenRef{}, lams: map[uint64]*lamPage{}, nextLogical: logicalBase}
}

// Close implements ndk.Adapter: it blocks until every object of the adapter
// is closed and every callback has returned (LT-22).
func (a *adapter) Close() {
	f := a.f
	f.mu.Lock()
	// VARIANT adapter-close-early (breaks LT-22): return at once.
	for f.variant != VariantAdapterCloseEarly && (a.objects > 0 || a.cbs > 0) {
		f.cond.Wait()
	}
	a.closed = true
	f.mu.Unlock()
}

// QueryAdapterInfo implements ndk.Adapter.
func (a *adapter) QueryAdapterInfo() (ndk.AdapterInfo, ndk.Status) {
	// VARIANT no-adapter-info (breaks IF-3): the entry point is missing.
	if a.f.refuses(ndk.ObjectTypeAdapter) {
		return ndk.AdapterInfo{}, ndk.StatusNotSupported
	}
	// VARIANT adapter-info-pending-repeat (breaks AI-5, CR-12): from the
	// third call on, the query does not block until done, and returns
	// STATUS_PENDING, which a call without completion callback never does.
	if a.f.variant == VariantAdapterInfoPendingRepeat && a.infoQuery() > 2 {
		return ndk.AdapterInfo{}, ndk.StatusPending
	}
	info := a.f.info
	// VARIANT srq-without-support (breaks AI-3): MaxSrqDepth says 0 (no SRQ
	// support), yet NdkCreateSrq creates SRQs as before.
	if a.f.variant == VariantSRQWithoutSupport {
		info.MaxSRQDepth = 0
	}
	return info, ndk.StatusSuccess
}

// create runs mk under the lock and completes the create in the mode of the
// call. mk returns the new object (as the interface T), its object part,
// and the status; on failure it returns the zero T and a nil object. An
// adapter that holds max-objects objects fails the create with
// STATUS_INSUFFICIENT_RESOURCES, inline or through the completion (CR-11).
func create[T ndk.Object](a *adapter, done ndk.CreateCompletion, ctx any, mk func() (T, *object, ndk.Status)) (T, ndk.Status) {
	f := a.f
	m := f.pick(done != nil)
	var (
		v  T
		o  *object
		st ndk.Status
	)
	f.mu.Lock()
	if a.objects < f.maxObjects {
		v, o, st = mk()
	} else {
		st = ndk.StatusInsufficientResources
		// VARIANT resources-wrong-status (breaks CR-11): the wrong status.
		if f.variant == VariantResourcesWrongStatus {
			st = ndk.StatusUnsuccessful
		}
	}
	var zero T
	// VARIANT create-completion-lost (breaks CR-1): a pending NdkCreateMw
	// never completes (the MW is dropped).
	if f.variant == VariantCreateCompletionLost && m != modeInline && o != nil && o.typ == ndk.ObjectTypeMW {
		f.discardLocked(o)
		f.mu.Unlock()
		return zero, ndk.StatusPending
	}
	f.mu.Unlock()
	if m == modeInline {
		if st != ndk.StatusSuccess {
			return zero, st
		}
		return v, st
	}
	var obj ndk.Object
	if st == ndk.StatusSuccess {
		obj = v
	}
	cb := func() { done(ctx, st, obj) }
	if m == modeDeferred {
		f.mu.Lock()
		f.spawnLocked(a, o, cb)
		f.mu.Unlock()
	} else {
		f.callNow(a, o, cb)
	}
	if o != nil {
		switch {
		// VARIANT create-inline-and-callback (breaks CR-2): NdkCreateSrq
		// calls its completion and returns STATUS_SUCCESS with the SRQ too.
		case f.variant == VariantCreateInlineAndCallback && o.typ == ndk.ObjectTypeSRQ:
			return v, ndk.StatusSuccess
		// VARIANT create-pending-with-output (breaks CR-3): a pending
		// NdkCreateCq returns the CQ too.
		case f.variant == VariantCreatePendingWithOutput && o.typ == ndk.ObjectTypeCQ:
			return v, ndk.StatusPending
		}
	}
	return zero, ndk.StatusPending
}

// CreatePD implements ndk.Adapter.
func (a *adapter) CreatePD(done ndk.CreateCompletion, ctx any) (ndk.PD, ndk.Status) {
	return create(a, done, ctx, func() (ndk.PD, *object, ndk.Status) {
		// VARIANT no-pd (breaks IF-9): the entry point is missing.
		if a.f.refuses(ndk.ObjectTypePD) {
			return nil, nil, ndk.StatusNotSupported
		}
		p := &pd{}
		p.initLocked(a, ndk.ObjectTypePD, p)
		p.priv = a.newTokenLocked(tokenRef{kind: tokPrivileged, pd: p})
		return p, &p.object, ndk.StatusSuccess
	})
}

// CreateCQ implements ndk.Adapter.
func (a *adapter) CreateCQ(params ndk.CQParams, done ndk.CreateCompletion, ctx any) (ndk.CQ, ndk.Status) {
	// VARIANT zero-cq-never-completes (breaks CR-1): a create of depth 0
	// returns STATUS_PENDING and never completes.
	if a.f.variant == VariantZeroCQNeverCompletes && params.Depth == 0 && done != nil {
		return nil, ndk.StatusPending
	}
	return create(a, done, ctx, func() (ndk.CQ, *object, ndk.Status) {
		// VARIANT no-cq (breaks IF-5): the entry point is missing.
		if a.f.refuses(ndk.ObjectTypeCQ) {
			return nil, nil, ndk.StatusNotSupported
		}
		// VARIANT max-cq-depth-refused (breaks IF-5): MaxCqDepth taken as
		// exclusive.
		if a.f.variant == VariantMaxCQDepthRefused && params.Depth == a.f.info.MaxCQDepth {
			return nil, nil, ndk.StatusInvalidParameter
		}
		if params.Depth < 1 || params.Depth > a.f.createLimit(VariantCQCreateDepthOverMax, a.f.info.MaxCQDepth) {
			return nil, nil, ndk.StatusInvalidParameter
		}
		c := &cq{depth: params.Depth, notify: params.Notify, notifyCtx: params.NotifyContext}
		c.initLocked(a, ndk.ObjectTypeCQ, c)
		return c, &c.object, ndk.StatusSuccess
	})
}

// CreateSharedEndpoint implements ndk.Adapter.
func (a *adapter) CreateSharedEndpoint(local netip.AddrPort, done ndk.CreateCompletion, ctx any) (ndk.SharedEndpoint, ndk.Status) {
	return create(a, done, ctx, func() (ndk.SharedEndpoint, *object, ndk.Status) {
		// VARIANT no-shared-endpoint (breaks IF-11): the entry point is missing.
		if a.f.refuses(ndk.ObjectTypeSharedEndpoint) {
			return nil, nil, ndk.StatusNotSupported
		}
		ep, st := a.f.bindLocked(a.host, local)
		if st != ndk.StatusSuccess {
			return nil, nil, st
		}
		// VARIANT se-port-free (breaks LC-20, LC-6): the shared endpoint's
		// address is not kept in the host table: it may be bound again.
		if a.f.variant == VariantSEPortFree {
			delete(a.host.eps, ep.addr)
		}
		s := &sharedEndpoint{ep: ep}
		s.initLocked(a, ndk.ObjectTypeSharedEndpoint, s)
		return s, &s.object, ndk.StatusSuccess
	})
}

// CreateConnector implements ndk.Adapter.
func (a *adapter) CreateConnector(done ndk.CreateCompletion, ctx any) (ndk.Connector, ndk.Status) {
	return create(a, done, ctx, func() (ndk.Connector, *object, ndk.Status) {
		// VARIANT no-connector (breaks IF-4): the entry point is missing.
		if a.f.refuses(ndk.ObjectTypeConnector) {
			return nil, nil, ndk.StatusNotSupported
		}
		c := newConnectorLocked(a)
		return c.handOut(), &c.object, ndk.StatusSuccess
	})
}

// CreateListener implements ndk.Adapter. A nil onConnect is accepted; such
// a listener refuses every incoming request.
func (a *adapter) CreateListener(onConnect ndk.ConnectEventCallback, connectCtx any, done ndk.CreateCompletion, ctx any) (ndk.Listener, ndk.Status) {
	return create(a, done, ctx, func() (ndk.Listener, *object, ndk.Status) {
		// VARIANT no-listener (breaks IF-6): the entry point is missing.
		if a.f.refuses(ndk.ObjectTypeListener) {
			return nil, nil, ndk.StatusNotSupported
		}
		l := &listener{onConnect: onConnect, connectCtx: connectCtx}
		l.initLocked(a, ndk.ObjectTypeListener, l)
		return l, &l.object, ndk.StatusSuccess
	})
}

// ---- logical address mappings ----

const (
	pageSize    = ndk.PageSize
	logicalBase = 0x1_0000_0000 // the first logical address an adapter hands out
)

// lamMap is what NdkBuildLam made: the provider's side of one
// ndk.LAM (its AdapterContext).
type lamMap struct {
	ad       *adapter
	pages    []uint64
	released bool
}

// lamPage is one mapped logical page: bytes [start, start+PAGE_SIZE) of
// the mapped range, whose bytes are mem (one piece per MDL of the chain,
// one for BuildLAM). start is negative for the first page when FBO > 0,
// and the last page may run past the end of the range; the bytes of a page
// outside the range belong to no consumer buffer (reads give zeroes,
// writes are lost).
type lamPage struct {
	mem   []seg
	start int
}

// BuildLAM implements ndk.Adapter (NdkBuildLam): the chain of one MDL
// whose virtual address is buf's own. FBO is the offset of buf's first
// byte within its host page, as MmGetMdlByteOffset gives it; logical
// pages are never adjacent, so an SGE that crosses a page boundary with
// the privileged token is an access violation.
func (a *adapter) BuildLAM(buf []byte, lam *ndk.LAM, done ndk.RequestCompletion, ctx any) ndk.Status {
	// The offset within the host page is a property of the buffer, read
	// from its address; the address is never dereferenced (MR-4).
	va := uint64(uintptr(unsafe.Pointer(unsafe.SliceData(buf))))
	return a.BuildLAMChain([]ndk.MDL{{Buf: buf, VA: va}}, lam, done, ctx)
}

// BuildLAMChain implements ndk.LAMChainBuilder (NdkBuildLam on an MDL
// chain): the logical pages map the chain's bytes laid end to end, the
// FBO being the first MDL's byte offset; a chain that is not virtually
// contiguous fails with STATUS_INVALID_PARAMETER (MR-20).
func (a *adapter) BuildLAMChain(chain []ndk.MDL, lam *ndk.LAM, done ndk.RequestCompletion, ctx any) ndk.Status {
	f := a.f
	m := f.pick(done != nil)
	f.mu.Lock()
	st := a.buildLAMLocked(chain, lam)
	f.mu.Unlock()
	return f.completeOn(a, nil, m, done, ctx, st)
}

func (a *adapter) buildLAMLocked(chain []ndk.MDL, lam *ndk.LAM) ndk.Status {
	n := ndk.ChainLength(chain)
	contiguous := ndk.Contiguous(chain)
	// VARIANT lam-chain-gap (breaks MR-20): the MDLs are mapped one after
	// the other whatever their virtual addresses say.
	if a.f.variant == VariantLAMChainGap && len(chain) > 0 {
		contiguous = true
	}
	if lam == nil || !contiguous || n == 0 || n > a.f.info.MaxRegistrationSize {
		return ndk.StatusInvalidParameter
	}
	mem := chainSegs(chain)
	fbo := int(chain[0].VA % pageSize)
	need := (fbo + int(n) + pageSize - 1) / pageSize
	if len(lam.Pages) < need {
		lam.PageCount = uint32(need)
		// VARIANT lam-count-ignores-fbo (breaks MR-20): the count
		// forgets the FBO.
		if a.f.variant == VariantLAMCountIgnoresFBO {
			lam.PageCount = uint32((int(n) + pageSize - 1) / pageSize)
		}
		// VARIANT lam-partial-leak (breaks MR-21): the pages that fit
		// are mapped and left so.
		if a.f.variant == VariantLAMPartialLeak {
			for i := range lam.Pages {
				la := a.nextLogical
				a.nextLogical += 2 * pageSize
				a.lams[la] = &lamPage{mem: mem, start: i*pageSize - fbo}
				lam.Pages[i] = la
			}
		}
		return ndk.StatusBufferTooSmall
	}
	lm := &lamMap{ad: a}
	for i := range need {
		la := a.nextLogical
		a.nextLogical += 2 * pageSize // a hole after every page
		a.lams[la] = &lamPage{mem: mem, start: i*pageSize - fbo}
		lm.pages = append(lm.pages, la)
		lam.Pages[i] = la
	}
	lam.PageCount = uint32(need)
	lam.FBO = uint32(fbo)
	lam.AdapterContext = lm
	return ndk.StatusSuccess
}

// ReleaseLAM implements ndk.Adapter (NdkReleaseLam): its logical pages are
// unmapped; a fast-registered MR over them loses them too.
func (a *adapter) ReleaseLAM(lam *ndk.LAM) {
	if lam == nil {
		return
	}
	f := a.f
	f.mu.Lock()
	defer f.mu.Unlock()
	lm, ok := lam.AdapterContext.(*lamMap)
	if !ok || lm.ad != a || lm.released {
		return
	}
	for _, la := range lm.pages {
		delete(a.lams, la)
	}
	lm.released = true
	lam.AdapterContext = nil
}

// ---- memory tokens ----

type tokKind uint8

const (
	tokPrivileged tokKind = iota + 1 // a PD's privileged token
	tokMRLocal                       // an MR's local token
	tokMRRemote                      // an MR's remote token
	tokMW                            // an MW's remote token
)

type tokenRef struct {
	kind tokKind
	pd   *pd
	mr   *mr
	mw   *mw
}

// newTokenLocked hands out a fresh non-zero token, unique among the
// adapter's live tokens. The sequence is scrambled by an odd multiplier (a
// bijection of uint32), so tokens look opaque.
func (a *adapter) newTokenLocked(r tokenRef) uint32 {
	for {
		a.tokenSeq++
		t := a.tokenSeq * 0x9E3779B1
		if _, used := a.tokens[t]; t != 0 && !used {
			a.tokens[t] = r
			return t
		}
	}
}

// dropTokenLocked retires *t (if any) and zeroes it.
func (a *adapter) dropTokenLocked(t *uint32) {
	if *t != 0 {
		delete(a.tokens, *t)
		*t = 0
	}
}
