//go:build linux && cgo

package main

import (
	"net/netip"

	"github.com/ndkconform/ndkconform/drivers/remote"
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
		return inprocSides{d}, nil
	})
}

// inprocSides gives the ndkt driver sim's sides (remote.SideDeclarer).
type inprocSides struct{ *inproc.Device }

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
