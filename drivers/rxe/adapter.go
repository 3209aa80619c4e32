//go:build rxe && cgo

package rxe

import (
	"fmt"
	"net/netip"
	"os"
	"syscall"

	"github.com/ndkconform/ndkconform/ndk"
)

// cmOwner is what an rdma_cm id belongs to: a listener or a connector. Its
// onEvent runs on the adapter's event goroutine with the provider's lock
// held; it must not call the consumer (it schedules callbacks with
// spawnLocked).
type cmOwner interface {
	onEventLocked(ev cmEvent)
}

// adapter is NDK_ADAPTER on one RDMA device. It owns one rdma_cm event
// channel, read by one goroutine that waits in Go's poller (the channel's fd
// is non-blocking), never inside C: closing the file ends it.
type adapter struct {
	p   *provider
	dev *device

	ch       *channel
	file     *os.File // a duplicate of the channel's fd, for the poller
	loopDone chan struct{}

	comp     *compChan // the completion channel of its CQs
	compFile *os.File
	compDone chan struct{}

	asyncFile *os.File // a duplicate of the device context's async event fd
	asyncDone chan struct{}

	objects int  // objects created and not yet closed
	cbs     int  // callbacks scheduled or running
	closing bool // Close was called
}

func newAdapter(p *provider, d *device) (*adapter, error) {
	ch, fd, err := newChannel()
	if err != nil {
		return nil, fmt.Errorf("rdma_create_event_channel: %w", err)
	}
	dup, err := syscall.Dup(fd)
	if err != nil {
		destroyChannel(ch)
		return nil, err
	}
	syscall.CloseOnExec(dup)
	f := os.NewFile(uintptr(dup), "rdma_cm:"+d.name)
	ad := &adapter{p: p, dev: d, ch: ch, file: f, loopDone: make(chan struct{}), compDone: make(chan struct{})}
	comp, cfd, err := newCompChannel(d.ctx)
	if err != nil {
		f.Close()
		destroyChannel(ch)
		return nil, fmt.Errorf("ibv_create_comp_channel: %w", err)
	}
	cdup, err := syscall.Dup(cfd)
	if err != nil {
		f.Close()
		destroyChannel(ch)
		destroyCompChannel(comp)
		return nil, err
	}
	syscall.CloseOnExec(cdup)
	ad.comp, ad.compFile = comp, os.NewFile(uintptr(cdup), "ibv_comp:"+d.name)
	afd, err := asyncFD(d.ctx)
	var adup int
	if err == nil {
		adup, err = syscall.Dup(afd)
	}
	if err != nil {
		f.Close()
		destroyChannel(ch)
		ad.compFile.Close()
		destroyCompChannel(comp)
		return nil, fmt.Errorf("async event fd: %w", err)
	}
	syscall.CloseOnExec(adup)
	ad.asyncFile, ad.asyncDone = os.NewFile(uintptr(adup), "ibv_async:"+d.name), make(chan struct{})
	go ad.eventLoop()
	go ad.compLoop()
	go ad.asyncLoop()
	return ad, nil
}

// eventLoop reads the adapter's rdma_cm events until the adapter closes.
func (ad *adapter) eventLoop() {
	defer close(ad.loopDone)
	rc, err := ad.file.SyscallConn()
	if err != nil {
		return
	}
	for {
		var ev cmEvent
		var got bool
		var evErr error
		err := rc.Read(func(uintptr) bool {
			ev, got, evErr = nextEvent(ad.ch)
			return got || evErr != nil
		})
		if err != nil {
			return // the file was closed: the adapter is closing
		}
		if evErr != nil {
			if evErr == syscall.EINTR {
				continue
			}
			return
		}
		ad.dispatch(ev)
	}
}

// dispatch hands an event to the owner of its rdma_cm id.
func (ad *adapter) dispatch(ev cmEvent) {
	p := ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if ev.typ == evConnectRequest {
		if l, ok := p.handles[ev.listenCtx].(*listener); ok {
			l.onRequestLocked(ev)
			return
		}
		// No listener (any more): refuse, as if none had listened.
		rejectID(ev.id, nil)
		destroyID(ev.id)
		return
	}
	if o, ok := p.handles[ev.ctx]; ok {
		o.onEventLocked(ev)
	}
}

// Close implements ndk.Adapter: it blocks until every object of the adapter
// is closed and every callback has returned (LT-22), then ends the event
// goroutine and releases the channel.
func (ad *adapter) Close() {
	p := ad.p
	p.mu.Lock()
	ad.closing = true
	for ad.objects > 0 || ad.cbs > 0 {
		p.cond.Wait()
	}
	p.mu.Unlock()
	ad.file.Close()
	<-ad.loopDone
	destroyChannel(ad.ch)
	ad.compFile.Close()
	<-ad.compDone
	destroyCompChannel(ad.comp)
	ad.asyncFile.Close()
	<-ad.asyncDone
}

// QueryAdapterInfo implements ndk.Adapter (from ibv_query_device).
func (ad *adapter) QueryAdapterInfo() (ndk.AdapterInfo, ndk.Status) {
	return ad.dev.info, ndk.StatusSuccess
}

// hasAddr reports whether a is an address of the adapter's network device.
func (ad *adapter) hasAddr(a netip.Addr) bool {
	a = a.Unmap().WithZone("")
	for _, x := range ad.dev.addrs {
		if x == a {
			return true
		}
	}
	return false
}

// spawnLocked runs fn (a consumer callback) on a new goroutine, counted on
// the adapter (its blocking close waits, LT-22) and on o (its close waits,
// LT-23, LT-24) until fn has returned.
func (ad *adapter) spawnLocked(o *object, fn func()) {
	ad.cbs++
	if o != nil {
		o.busy++
	}
	p := ad.p
	go func() {
		fn()
		p.mu.Lock()
		ad.cbs--
		if o != nil {
			o.busy--
			p.maybeFinishLocked(o)
		}
		p.cond.Broadcast()
		p.mu.Unlock()
	}()
}

// create registers a new object of the adapter (for the consumer's create
// call, which completes inline).
func (ad *adapter) registerLocked(o *object, typ ndk.ObjectType, h hooks, parents ...*object) {
	o.ad, o.typ, o.self = ad, typ, h
	ad.objects++
	for _, q := range parents {
		linkLocked(o, q)
	}
}

// CreateCQ implements ndk.Adapter.
func (ad *adapter) CreateCQ(params ndk.CQParams, _ ndk.CreateCompletion, _ any) (ndk.CQ, ndk.Status) {
	if params.Depth == 0 || params.Depth > ad.dev.info.MaxCQDepth {
		return nil, ndk.StatusInvalidParameter
	}
	if st := ad.check(); st != ndk.StatusSuccess {
		return nil, st
	}
	ad.p.mu.Lock()
	ad.p.nextHandle++
	h := ad.p.nextHandle
	ad.p.mu.Unlock()
	vcq, err := createCQCh(ad.dev.ctx, int(params.Depth), ad.comp, h)
	if err != nil {
		return nil, statusOf(err)
	}
	c := &cq{cq: vcq, depth: params.Depth, notify: params.Notify, notifyCtx: params.NotifyContext, handle: h}
	// Armed for solicited completions from the start, and again after
	// every event, so that the provider learns of the solicited ones
	// (NdkArmCq(SOLICITED) on a CQ that holds one, CH-9): see datapath.go.
	if reqNotify(vcq, true) == nil {
		c.vArmed = true
	}
	ad.p.mu.Lock()
	ad.registerLocked(&c.object, ndk.ObjectTypeCQ, c)
	ad.p.cqs[h] = c
	ad.p.mu.Unlock()
	return c, ndk.StatusSuccess
}

// CreatePD implements ndk.Adapter.
func (ad *adapter) CreatePD(_ ndk.CreateCompletion, _ any) (ndk.PD, ndk.Status) {
	if st := ad.check(); st != ndk.StatusSuccess {
		return nil, st
	}
	vpd, err := allocPD(ad.dev.ctx)
	if err != nil {
		return nil, statusOf(err)
	}
	pd := &pd{pd: vpd}
	ad.p.mu.Lock()
	ad.registerLocked(&pd.object, ndk.ObjectTypePD, pd)
	ad.p.mu.Unlock()
	return pd, ndk.StatusSuccess
}

// check refuses creates on an adapter being closed.
func (ad *adapter) check() ndk.Status {
	ad.p.mu.Lock()
	defer ad.p.mu.Unlock()
	if ad.closing {
		return ndk.StatusInvalidDeviceState
	}
	return ndk.StatusSuccess
}

// CreateSharedEndpoint implements ndk.Adapter. rdma_cm has no shared
// endpoint: the provider's port table holds the address and port, and each
// connection over it binds its own rdma_cm id there with
// RDMA_OPTION_ID_REUSEADDR.
func (ad *adapter) CreateSharedEndpoint(local netip.AddrPort, _ ndk.CreateCompletion, _ any) (ndk.SharedEndpoint, ndk.Status) {
	if !ad.hasAddr(local.Addr()) {
		return nil, ndk.StatusInvalidAddress
	}
	p := ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if ad.closing {
		return nil, ndk.StatusInvalidDeviceState
	}
	ep, st := p.ports.bind(local, epShared)
	if st != ndk.StatusSuccess {
		return nil, st
	}
	se := &sharedEndpoint{ep: ep}
	ad.registerLocked(&se.object, ndk.ObjectTypeSharedEndpoint, se)
	return se, ndk.StatusSuccess
}

// CreateConnector implements ndk.Adapter.
func (ad *adapter) CreateConnector(_ ndk.CreateCompletion, _ any) (ndk.Connector, ndk.Status) {
	p := ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if ad.closing {
		return nil, ndk.StatusInvalidDeviceState
	}
	c := &connector{}
	ad.registerLocked(&c.object, ndk.ObjectTypeConnector, c)
	return c, ndk.StatusSuccess
}

// CreateListener implements ndk.Adapter.
func (ad *adapter) CreateListener(onConnect ndk.ConnectEventCallback, connectCtx any, _ ndk.CreateCompletion, _ any) (ndk.Listener, ndk.Status) {
	p := ad.p
	p.mu.Lock()
	defer p.mu.Unlock()
	if ad.closing {
		return nil, ndk.StatusInvalidDeviceState
	}
	l := &listener{onConnect: onConnect, connectCtx: connectCtx}
	ad.registerLocked(&l.object, ndk.ObjectTypeListener, l)
	return l, ndk.StatusSuccess
}

// BuildLAM implements ndk.Adapter: not supported (user-space verbs have
// no logical address mappings); STATUS_INSUFFICIENT_RESOURCES is the
// failure the NdkBuildLam page allows for it.
func (ad *adapter) BuildLAM(_ []byte, _ *ndk.LAM, _ ndk.RequestCompletion, _ any) ndk.Status {
	return ndk.StatusInsufficientResources
}

// BuildLAMChain implements ndk.LAMChainBuilder: a chain that is not
// virtually contiguous fails with STATUS_INVALID_PARAMETER (MR-20);
// otherwise it is BuildLAM (STATUS_INSUFFICIENT_RESOURCES: no mappings).
func (ad *adapter) BuildLAMChain(chain []ndk.MDL, lam *ndk.LAM, done ndk.RequestCompletion, ctx any) ndk.Status {
	if !ndk.Contiguous(chain) {
		return ndk.StatusInvalidParameter
	}
	return ad.BuildLAM(nil, lam, done, ctx)
}

var (
	_ ndk.LAMChainBuilder = (*adapter)(nil)
	_ ndk.ChainRegisterer = (*mr)(nil)
)

// ReleaseLAM implements ndk.Adapter: nothing to release.
func (ad *adapter) ReleaseLAM(*ndk.LAM) {}
