//go:build rxe && cgo

package rxe

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/Mellanox/rdmamap"
	"github.com/vishvananda/netlink"

	"github.com/ndkconform/ndkconform/ndk"
)

// errNoDevice is why a machine without an RDMA device cannot run the driver.
var errNoDevice = errors.New("no RDMA device on this machine (load rdma_rxe and run `rdma link add rxe0 type rxe netdev DEV`, or pass --driver-opt netdev=DEV)")

// Usable implements ndk.Driver: an RDMA device must exist, or the rdma_rxe
// module be loaded so that option netdev can create one.
func (Driver) Usable() error {
	n, err := deviceCount()
	if err == nil && n > 0 {
		return nil
	}
	if _, serr := os.Stat("/sys/module/rdma_rxe"); serr == nil {
		return nil // Open can create a device with option netdev
	}
	return errNoDevice
}

// Open implements ndk.Opener: the rxe provider from the parsed options.
func (c config) Open() (ndk.Provider, error) {
	for _, nd := range c.netdevs {
		if err := ensureRXE(nd); err != nil {
			return nil, err
		}
	}
	n, err := deviceCount() // before any librdmacm call: registers the static provider
	if err != nil || n == 0 {
		return nil, errNoDevice
	}
	discTimeout := c.discTimeout
	cms, free, err := cmDevices()
	if err != nil {
		return nil, err
	}
	p := &provider{ports: newPortTable(), free: free, handles: map[uint64]cmOwner{},
		cqs: map[uint64]*cq{}, srqs: map[uint64]*srq{}, qps: map[qpKey]*qp{}, wrs: map[uint64]*wr{}, mrs: map[mrKey]*mr{},
		discTimeout: discTimeout, faults: map[string]*hostFault{}}
	p.cond = sync.NewCond(&p.mu)
	for _, c := range cms {
		dev, err := newDevice(c)
		if err != nil {
			free()
			return nil, fmt.Errorf("RDMA device %s: %v", c.name, err)
		}
		p.devs = append(p.devs, dev)
	}
	sort.Slice(p.devs, func(i, j int) bool { return p.devs[i].name < p.devs[j].name })
	if err := p.chooseSides(c.devices, c.addresses); err != nil {
		free()
		return nil, err
	}
	if c.faults == "tc" {
		return faultProvider{p}, nil
	}
	return p, nil
}

// ensureRXE creates rxe_NETDEV on netdev unless an RDMA device is there.
func ensureRXE(netdev string) error {
	if _, err := net.InterfaceByName(netdev); err != nil {
		return fmt.Errorf("netdev=%s: %v", netdev, err)
	}
	if dev, err := rdmamap.GetRdmaDeviceForNetdevice(netdev); err == nil && dev != "" {
		return nil
	}
	name := "rxe_" + netdev
	if err := netlink.RdmaLinkAdd(name, "rxe", netdev); err != nil {
		return fmt.Errorf("netdev=%s: creating rxe device %s: %v (needs root and the rdma_rxe module)", netdev, name, err)
	}
	return nil
}

// device is an RDMA device with the network device behind it.
type device struct {
	name   string
	netdev string
	ctx    *verbsCtx
	attr   devAttr
	addrs  []netip.Addr // every address of the netdev
	v4, v6 netip.Addr   // the first usable IPv4 and IPv6 (not link-local)
	info   ndk.AdapterInfo
}

func newDevice(c cmDevice) (*device, error) {
	a, err := queryDevice(c.ctx)
	if err != nil {
		return nil, fmt.Errorf("ibv_query_device: %v", err)
	}
	d := &device{name: c.name, ctx: c.ctx, attr: a}
	d.netdev = netdevOf(c.name)
	if d.netdev != "" {
		if ifc, err := net.InterfaceByName(d.netdev); err == nil {
			if addrs, err := ifc.Addrs(); err == nil {
				for _, x := range addrs {
					ipn, ok := x.(*net.IPNet)
					if !ok {
						continue
					}
					ip, ok := netip.AddrFromSlice(ipn.IP)
					if !ok {
						continue
					}
					ip = ip.Unmap()
					d.addrs = append(d.addrs, ip)
					switch {
					case ip.IsLinkLocalUnicast():
					case ip.Is4() && !d.v4.IsValid():
						d.v4 = ip
					case ip.Is6() && !d.v6.IsValid():
						d.v6 = ip
					}
				}
			}
		}
	}
	d.info = adapterInfo(a)
	return d, nil
}

// netdevOf finds the network device of RDMA device name with rdmamap.
func netdevOf(name string) string {
	ifcs, err := net.Interfaces()
	if err != nil {
		return ""
	}
	for _, ifc := range ifcs {
		if dev, err := rdmamap.GetRdmaDeviceForNetdevice(ifc.Name); err == nil && dev == name {
			return ifc.Name
		}
	}
	return ""
}

// NDK version the adapter reports: NDKPI 2.1, whose connector calls
// (ndk.ConnectorEx: NdkCompleteConnectEx, NdkAcceptEx, cm.go) rdma_cm
// expresses as it does their non-Ex forms, with a ProviderDisconnectReason
// of 0 (rdma_cm gives no reason for a disconnect).
var ndkVersion = ndk.Version21

// maxDeclaredDepth bounds the queue and CQ depths the adapter declares.
// rdma_rxe admits 2^20 work requests per queue and 2^20 CQEs
// (DEFAULT_MAX_VALUE in rxe_param.h); a QP created at every maximum at
// once (QP-23's spec) asks the kernel for two queues of 2^20 WQEs of 32
// SGEs, and in the test guest the OOM killer killed ndkconform (GFP_KERNEL,
// 3 GiB guest too) instead of the create failing. A provider declares the
// limits it supports; this one declares 2^15, mlx5's max_qp_wr, and
// refuses a depth past it with STATUS_INVALID_PARAMETER (verbs.go), as the
// pages ask.
const maxDeclaredDepth = 1 << 15

func adapterInfo(a devAttr) ndk.AdapterInfo {
	clamp := func(n int) uint32 {
		if n < 0 {
			return 0
		}
		return uint32(n)
	}
	limit := func(n int) uint32 { return min(clamp(n), 255) } // rdma_cm carries read limits in 8 bits
	depth := func(n int) uint32 { return min(clamp(n), maxDeclaredDepth) }
	return ndk.AdapterInfo{
		Version:                ndkVersion,
		VendorID:               a.vendorID,
		DeviceID:               a.vendorPartID,
		MaxRegistrationSize:    a.maxMRSize,
		MaxWindowSize:          a.maxMRSize,
		FRMRPageCount:          0,
		MaxInitiatorRequestSGE: clamp(a.maxSGE),
		MaxReceiveRequestSGE:   clamp(a.maxSGE),
		MaxReadRequestSGE:      clamp(a.maxSGERd),
		MaxTransferLength:      a.maxMsgSize,
		MaxInlineDataSize:      0,
		MaxInboundReadLimit:    limit(a.maxQPRdAtom),
		MaxOutboundReadLimit:   limit(a.maxQPInitRdAtom),
		MaxReceiveQueueDepth:   depth(a.maxQPWR),
		MaxInitiatorQueueDepth: depth(a.maxQPWR),
		MaxSRQDepth:            depth(a.maxSRQWR),
		MaxCQDepth:             depth(a.maxCQE),
		LargeRequestThreshold:  0,
		MaxCallerData:          reqPrivateData,
		MaxCalleeData:          rejPrivateData,
		// Verbs have no READ_SINK access: local write suffices for the
		// sink of an RDMA Read (MR-8); Register maps READ_SINK to it.
		AdapterFlags:   ndk.AdapterFlagLoopbackConnectionsSupported | ndk.AdapterFlagRDMAReadSinkNotRequired,
		RDMATechnology: ndk.RDMATechnologyRoCEv2,
	}
}

// provider is the opened rxe driver. One lock guards the whole provider:
// its port table, every adapter and object. Consumer callbacks never run
// under it.
type provider struct {
	mu     sync.Mutex
	cond   *sync.Cond // broadcast when an object or callback goes away
	devs   []*device
	a, b   *device
	ports  *portTable
	free   func()
	closed bool

	nextHandle uint64
	handles    map[uint64]cmOwner // rdma_cm id contexts
	cqs        map[uint64]*cq     // CQ contexts (notifications)
	srqs       map[uint64]*srq    // SRQ contexts (async events)
	qps        map[qpKey]*qp      // QPs by device and number
	wrs        map[uint64]*wr     // work requests by wr_id
	nextWR     uint64
	mrs        map[mrKey]*mr // registered MRs by device and local token

	discTimeout time.Duration // option disconnect-timeout

	fmu    sync.Mutex            // serializes fault injection (faults.go)
	faults map[string]*hostFault // by network device
}

// chooseSides picks the devices of side A and side B.
func (p *provider) chooseSides(names, addrs []string) error {
	var chosen []*device
	for _, n := range names {
		d := p.byName(n)
		if d == nil {
			return fmt.Errorf("device=%s: no such RDMA device (have: %s)", n, p.deviceNames())
		}
		chosen = append(chosen, d)
	}
	for _, s := range addrs {
		a, err := netip.ParseAddr(s)
		if err != nil {
			return fmt.Errorf("address=%s: %v", s, err)
		}
		d := p.byAddr(a)
		if d == nil {
			return fmt.Errorf("address=%s: no RDMA device has this address (have: %s)", s, p.deviceNames())
		}
		chosen = append(chosen, d)
	}
	if len(chosen) == 0 {
		chosen = p.devs
	}
	if len(chosen) > 0 {
		p.a = chosen[0]
	}
	if len(chosen) > 1 {
		p.b = chosen[1]
	}
	return nil
}

func (p *provider) byName(n string) *device {
	for _, d := range p.devs {
		if d.name == n {
			return d
		}
	}
	return nil
}

func (p *provider) byAddr(a netip.Addr) *device {
	a = a.Unmap().WithZone("")
	for _, d := range p.devs {
		for _, x := range d.addrs {
			if x == a {
				return d
			}
		}
	}
	return nil
}

func (p *provider) deviceNames() string {
	var s []string
	for _, d := range p.devs {
		desc := d.name
		if d.netdev != "" {
			desc += " on " + d.netdev
			for _, a := range d.addrs {
				desc += " " + a.String()
			}
		}
		s = append(s, desc)
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, "; ")
}

// Sides implements ndk.Provider: the addresses of the first two devices.
func (p *provider) Sides() (a, b ndk.Side) {
	if p.a != nil {
		a = ndk.Side{IPv4: p.a.v4, IPv6: p.a.v6}
	}
	if p.b != nil {
		b = ndk.Side{IPv4: p.b.v4, IPv6: p.b.v6}
	}
	return a, b
}

// OpenAdapter implements ndk.Provider: the device whose netdev has addr.
func (p *provider) OpenAdapter(addr netip.Addr) (ndk.Adapter, ndk.Status) {
	d := p.byAddr(addr)
	if d == nil {
		return nil, ndk.StatusInvalidAddress
	}
	ad, err := newAdapter(p, d)
	if err != nil {
		return nil, statusOf(err)
	}
	return ad, ndk.StatusSuccess
}

var _ ndk.TimeoutDeclarer = (*provider)(nil)

// DeclaredTimeouts implements ndk.TimeoutDeclarer: NdkDisconnect may take
// the disconnect-timeout (faultProvider inherits it).
func (p *provider) DeclaredTimeouts() map[string]time.Duration {
	return map[string]time.Duration{"disconnect": p.discTimeout}
}

// Close implements ndk.Provider.
func (p *provider) Close() error {
	p.dropFaults()
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		p.closed = true
		p.free()
	}
	return nil
}

// handleLocked registers owner for a new rdma_cm id context.
func (p *provider) handleLocked(o cmOwner) uint64 {
	p.nextHandle++
	p.handles[p.nextHandle] = o
	return p.nextHandle
}

// statusOf maps an errno from libibverbs or librdmacm to an NTSTATUS.
func statusOf(err error) ndk.Status {
	var e syscall.Errno
	if !errors.As(err, &e) {
		if err == nil {
			return ndk.StatusSuccess
		}
		return ndk.StatusUnsuccessful
	}
	return errnoStatus(e)
}

func errnoStatus(e syscall.Errno) ndk.Status {
	switch e {
	case 0:
		return ndk.StatusSuccess
	case syscall.ENOMEM, syscall.ENOSPC, syscall.EAGAIN, syscall.ENOBUFS, syscall.EMFILE, syscall.ENFILE:
		return ndk.StatusInsufficientResources
	case syscall.EINVAL:
		return ndk.StatusInvalidParameter
	case syscall.EADDRINUSE:
		return ndk.StatusSharingViolation
	case syscall.EADDRNOTAVAIL:
		return ndk.StatusInvalidAddress
	case syscall.ENETUNREACH:
		return ndk.StatusNetworkUnreachable
	case syscall.EHOSTUNREACH:
		return ndk.StatusHostUnreachable
	case syscall.ETIMEDOUT:
		return ndk.StatusIOTimeout
	case syscall.ECONNREFUSED:
		return ndk.StatusConnectionRefused
	case syscall.ECONNRESET:
		return ndk.StatusConnectionReset
	case syscall.ECONNABORTED:
		return ndk.StatusConnectionAborted
	case syscall.EOPNOTSUPP:
		return ndk.StatusNotSupported
	case syscall.ENODEV, syscall.EBUSY:
		return ndk.StatusInvalidDeviceState
	}
	return ndk.StatusUnsuccessful
}
