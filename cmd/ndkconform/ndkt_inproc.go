//go:build linux && cgo

package main

import (
	"net/netip"
	"slices"

	"github.com/ndkconform/ndkconform/drivers/remote"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/ndkt/device"
	"github.com/ndkconform/ndkconform/ndkt/inproc"
)

// inprocDevice is the ndkt driver's device on Linux: the ndkt core (C) in
// process, with sim behind NDKPI's C ABI as the provider (ndkt/inproc).
// `--driver ndkt` then runs the whole suite through the path a Windows
// provider is tested by: the agent protocol's client, the IOCTL contract,
// the C core's session and calls, NDKPI's dispatch tables.
const inprocDevice = "inproc"

func init() {
	remote.RegisterDevice(inprocDevice, func(opts map[string]string) (device.Device, error) {
		d, err := inproc.New(opts)
		if err != nil {
			return nil, err
		}
		return inprocSides{d, opts}, nil
	})
}

// inprocSides gives the ndkt driver sim's sides (remote.SideDeclarer)
// and how many processes a run may use: each opens a core and a sim of
// its own, so as many as sim's own runs with these options
// (ndk.ConcurrentRunner).
type inprocSides struct {
	*inproc.Device
	opts map[string]string
}

func (d inprocSides) ConcurrentRuns() int {
	sim, err := ndk.Lookup("sim")
	if err != nil {
		return 1
	}
	simOpts := map[string]string{}
	for k, v := range d.opts {
		if slices.Contains(simOptionNames(sim), k) {
			simOpts[k] = v
		}
	}
	return ndk.ConcurrentRuns(sim, simOpts)
}

func simOptionNames(d ndk.Driver) []string {
	var names []string
	for _, o := range d.Options() {
		names = append(names, o.Name)
	}
	return names
}

func (d inprocSides) Sides() (a, b []netip.Addr) {
	sa, sb := d.Device.Sides()
	return addrs(sa.IPv4, sa.IPv6), addrs(sb.IPv4, sb.IPv6)
}

func addrs(list ...netip.Addr) []netip.Addr {
	var out []netip.Addr
	for _, a := range list {
		if a.IsValid() {
			out = append(out, a)
		}
	}
	return out
}
