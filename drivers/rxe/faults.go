//go:build rxe && cgo

package rxe

import (
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"syscall"
	"time"

	"github.com/vishvananda/netlink"

	"github.com/ndkconform/ndkconform/ndk"
)

// faultProvider is the provider opened with faults=tc: it implements
// ndk.FaultInjector. Without the option the provider does not, and the
// specs that need a fault report their rules as not observable.
type faultProvider struct{ *provider }

// SetHostState implements ndk.FaultInjector on the host that owns addr,
// through the network device of its RDMA device:
//
//   - HostUnresponsive: tc filters on the network device take away every
//     packet it sends or receives (see drop). rdma_cm's messages to the host (a DREQ) go
//     unanswered and are retried; a disconnect to it completes with
//     STATUS_IO_TIMEOUT after disconnect-timeout.
//   - HostDown: the host's connections end as they do when the processes
//     that hold them die: each is flushed and its rdma_cm id sends a DREQ,
//     which its peer sees as the connection's end (a disconnect
//     indication). The provider waits (up to 2 s) for the peers to have
//     answered, then drops the host's traffic as for HostUnresponsive. A
//     host that was unresponsive already sends nothing any more.
//   - HostUp: the filters are removed; rdma_cm's next retry of what was
//     held gets through. What HostDown ended stays ended.
func (fp faultProvider) SetHostState(addr netip.Addr, s ndk.HostState) error {
	return fp.setHostState(addr, s)
}

// ethPAll is ETH_P_ALL: a filter for every protocol.
const ethPAll = 0x0003

// hostFault is the fault state of one network device.
type hostFault struct {
	state   ndk.HostState
	link    netlink.Link
	created bool // the clsact qdisc is ours (delete it on HostUp)
	filters []netlink.Filter
}

func (p *provider) setHostState(addr netip.Addr, s ndk.HostState) error {
	switch s {
	case ndk.HostUp, ndk.HostUnresponsive, ndk.HostDown:
	default:
		return fmt.Errorf("rxe: unknown host state %d", s)
	}
	d := p.byAddr(addr)
	if d == nil {
		return fmt.Errorf("rxe: no RDMA device has address %v (have: %s)", addr, p.deviceNames())
	}
	if d.netdev == "" {
		return fmt.Errorf("rxe: RDMA device %s has no network device to inject faults on", d.name)
	}
	p.fmu.Lock()
	defer p.fmu.Unlock()
	f := p.faults[d.netdev]
	if f == nil {
		f = &hostFault{state: ndk.HostUp}
		p.faults[d.netdev] = f
	}
	switch s {
	case ndk.HostUp:
		if f.state != ndk.HostUp {
			if err := f.undrop(); err != nil {
				return fmt.Errorf("rxe: host %v up again: %v", addr, err)
			}
			if err := forgetFailedNeighbours(d.addrs); err != nil {
				return fmt.Errorf("rxe: host %v up again: %v", addr, err)
			}
		}
	case ndk.HostUnresponsive:
		if f.state == ndk.HostUp {
			if err := f.drop(d.netdev); err != nil {
				return fmt.Errorf("rxe: host %v unresponsive: %v", addr, err)
			}
		}
	case ndk.HostDown:
		waits := p.abortHost(d)
		if f.state == ndk.HostUp {
			deadline := time.After(2 * time.Second)
		wait:
			for _, w := range waits {
				select {
				case <-w:
				case <-deadline:
					break wait
				}
			}
			if err := f.drop(d.netdev); err != nil {
				return fmt.Errorf("rxe: host %v down: %v", addr, err)
			}
		}
	}
	f.state = s
	return nil
}

// forgetFailedNeighbours deletes the neighbour entries (ARP, neighbour
// discovery) for addrs that are FAILED or INCOMPLETE: what the other
// hosts' devices learnt while the host answered nothing. Without it the
// host is not up for new connections: found on Soft-RoCE (Linux 6.1), an
// NdkConnect over IPv6 right after a connect that failed with
// STATUS_HOST_UNREACHABLE during the fault never reached the listener
// (10 s), on every try.
func forgetFailedNeighbours(addrs []netip.Addr) error {
	var errs []error
	for _, family := range []int{netlink.FAMILY_V4, netlink.FAMILY_V6} {
		ns, err := netlink.NeighList(0, family)
		if err != nil {
			return fmt.Errorf("ip neigh show: %v", err)
		}
		for _, n := range ns {
			a, ok := netip.AddrFromSlice(n.IP)
			if !ok || !slices.Contains(addrs, a.Unmap()) || n.State&(netlink.NUD_FAILED|netlink.NUD_INCOMPLETE) == 0 {
				continue
			}
			if err := netlink.NeighDel(&n); err != nil && !errors.Is(err, syscall.ENOENT) {
				errs = append(errs, fmt.Errorf("ip neigh del %v: %v", a, err))
			}
		}
	}
	return errors.Join(errs...)
}

// drop installs a clsact qdisc on netdev (unless one is there) with a
// matchall filter that takes every packet away, on ingress and on egress.
// The action is "stolen", not "drop": a sent packet vanishes as on a wire
// that loses it and the transmit succeeds. With "drop" the transmit fails,
// and rxe retries a failed transmit without end: a MAD to the host never
// completes and rdma_destroy_id of its connection blocks until the host is
// up again (found here with TC_ACT_SHOT).
func (f *hostFault) drop(netdev string) error {
	link, err := netlink.LinkByName(netdev)
	if err != nil {
		return fmt.Errorf("network device %s: %v", netdev, err)
	}
	f.link = link
	idx := link.Attrs().Index
	switch err := netlink.QdiscAdd(clsact(idx)); {
	case err == nil:
		f.created = true
	case errors.Is(err, syscall.EEXIST):
	default:
		return fmt.Errorf("tc qdisc add dev %s clsact: %v (needs CAP_NET_ADMIN and the sch_ingress module)", netdev, err)
	}
	for _, parent := range []uint32{netlink.HANDLE_MIN_INGRESS, netlink.HANDLE_MIN_EGRESS} {
		flt := &netlink.MatchAll{
			FilterAttrs: netlink.FilterAttrs{LinkIndex: idx, Parent: parent, Priority: 1, Protocol: ethPAll},
			Actions:     []netlink.Action{&netlink.GenericAction{ActionAttrs: netlink.ActionAttrs{Action: netlink.TC_ACT_STOLEN}}},
		}
		if err := netlink.FilterAdd(flt); err != nil {
			f.undrop()
			return fmt.Errorf("tc filter add dev %s matchall action drop: %v (needs the cls_matchall and act_gact modules)", netdev, err)
		}
		f.filters = append(f.filters, flt)
	}
	return nil
}

// clsact is the clsact qdisc of the link with index idx.
func clsact(idx int) *netlink.Clsact {
	return &netlink.Clsact{QdiscAttrs: netlink.QdiscAttrs{LinkIndex: idx, Handle: netlink.MakeHandle(0xffff, 0), Parent: netlink.HANDLE_CLSACT}}
}

// undrop removes what drop installed.
func (f *hostFault) undrop() error {
	var errs []error
	if f.created {
		if err := netlink.QdiscDel(clsact(f.link.Attrs().Index)); err != nil {
			errs = append(errs, fmt.Errorf("tc qdisc del dev %s clsact: %v", f.link.Attrs().Name, err))
		}
	} else {
		for _, flt := range f.filters {
			if err := netlink.FilterDel(flt); err != nil {
				errs = append(errs, fmt.Errorf("tc filter del dev %s: %v", f.link.Attrs().Name, err))
			}
		}
	}
	f.created, f.filters = false, nil
	return errors.Join(errs...)
}

// abortHost ends every connection of device d's host, as its host's
// kernel does when the processes that hold them die, and returns channels
// closed when each peer has answered the DREQ.
func (p *provider) abortHost(d *device) []chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	var waits []chan struct{}
	for _, o := range p.handles {
		c, ok := o.(*connector)
		if !ok || c.ad.dev != d || c.closing || c.id == nil {
			continue
		}
		if w := c.abortLocked(); w != nil {
			waits = append(waits, w)
		}
	}
	return waits
}

// abortLocked ends c's connection because its host went down: the QP is
// flushed, a pending request fails with STATUS_CONNECTION_ABORTED, the
// consumer gets its disconnect indication (unless it disconnected itself),
// and the rdma_cm id sends a DREQ to the peer. It returns a channel closed
// when the peer answers, or nil when nothing was sent.
func (c *connector) abortLocked() chan struct{} {
	switch c.state {
	case stResolvingAddr, stResolvingRoute, stConnecting:
		c.failConnectLocked(ndk.StatusConnectionAborted)
		return nil
	case stAccepting:
		c.failAcceptLocked(ndk.StatusConnectionAborted)
	case stDisconnecting:
		c.endDisconnectLocked(ndk.StatusConnectionAborted)
	case stEstablished:
		c.state = stDisconnected
		c.flushLocked()
		c.indicateLocked()
	case stConnected, stRequested:
		c.state = stDisconnected
	default:
		return nil
	}
	w := make(chan struct{})
	c.abortWait = w
	if err := disconnectID(c.id); err != nil {
		c.abortWait = nil
		return nil
	}
	return w
}

// dropFaults removes every filter fault injection installed (the
// provider's close).
func (p *provider) dropFaults() {
	p.fmu.Lock()
	defer p.fmu.Unlock()
	for _, f := range p.faults {
		if f.state != ndk.HostUp {
			f.undrop()
			f.state = ndk.HostUp
		}
	}
}
