package remote

import (
	"fmt"
	"net/netip"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/ndkt/contract"
	"github.com/ndkconform/ndkconform/ndkt/device"
)

func init() {
	ndk.Register("ndkt", NdktDriver{})
}

// Options of the ndkt driver (besides side-a, side-b and call-timeout,
// which it shares with the remote driver).
const (
	OptDevice     = "device"
	OptDeviceOpts = "device-opts"
)

// KernelDevice is the ndkt kernel driver's device (ndkt.sys), the default
// of the device option on Windows.
const KernelDevice = `\\.\NdkTest`

// NdktMemoryChunk is the most bytes one WriteMemory or ReadMemory moves
// through an ndkt device (Capabilities.max_memory_chunk of its Welcome):
// the Go agent's default.
const NdktMemoryChunk = 1 << 20

// OpenDevice opens an ndkt device with its options (the driver's
// device-opts): an error for an option it does not take.
type OpenDevice func(opts map[string]string) (device.Device, error)

var ndktDevices struct {
	mu sync.Mutex
	m  map[string]OpenDevice
	// kernelUsable says whether the kernel device can be opened
	// (Windows).
	kernelUsable func() error
}

// RegisterDevice makes an ndkt device available to the ndkt driver by
// name (its device option). The program that composes the tool registers
// its devices (on Linux with cgo, ndkt/inproc's: the core in process with
// sim behind NDKPI's C ABI); on Windows KernelDevice is registered. It
// panics on a name registered twice or a nil open, as ndk.Register does.
func RegisterDevice(name string, open OpenDevice) {
	ndktDevices.mu.Lock()
	defer ndktDevices.mu.Unlock()
	if open == nil || name == "" {
		panic("remote: RegisterDevice without a name or an open")
	}
	if ndktDevices.m == nil {
		ndktDevices.m = map[string]OpenDevice{}
	}
	if _, dup := ndktDevices.m[name]; dup {
		panic("remote: RegisterDevice called twice for " + name)
	}
	ndktDevices.m[name] = open
}

func deviceNames() []string {
	ndktDevices.mu.Lock()
	defer ndktDevices.mu.Unlock()
	var names []string
	for n := range ndktDevices.m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func lookupDevice(name string) OpenDevice {
	ndktDevices.mu.Lock()
	defer ndktDevices.mu.Unlock()
	return ndktDevices.m[name]
}

// defaultDevice is the device option's default: the kernel device where
// it is registered (Windows), else the one registered device, else none.
func defaultDevice() string {
	names := deviceNames()
	for _, n := range names {
		if n == KernelDevice {
			return n
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	return ""
}

// SideDeclarer is a device.Device that knows the addresses of its
// adapters (ndkt/inproc's, over sim): the ndkt driver's sides when
// side-a is not set.
type SideDeclarer interface {
	Sides() (a, b []netip.Addr)
}

// NdktDriver is the "ndkt" driver: the remote driver's client of the
// agent protocol, talking to ndkt's device instead of an agent (see the
// package doc).
type NdktDriver struct{}

// Options implements ndk.Driver.
func (NdktDriver) Options() []ndk.Option {
	names := strings.Join(deviceNames(), ", ")
	if names == "" {
		names = "none in this program"
	}
	return []ndk.Option{
		{Name: OptDevice, Default: defaultDevice(), Usage: "the ndkt device: " + KernelDevice + " (the kernel driver ndkt.sys, Windows) or a device the program registers (registered: " + names + ")"},
		{Name: OptDeviceOpts, Usage: "options of the device, KEY=VALUE[,KEY=VALUE...] (the kernel device takes none)"},
		{Name: OptSideA, Usage: "the addresses of side A's adapter, IPv4 and/or IPv6, comma-separated; empty: the device's own (if it declares them)"},
		{Name: OptSideB, Usage: "the addresses of side B's adapter, IPv4 and/or IPv6, comma-separated; empty with side-a set: no side B"},
		{Name: OptCallTimeout, Default: DefaultCallTimeout.String(),
			Usage: "how long a call waits for the device's return (a Go duration): past it the device is taken as lost, and so is the provider"},
	}
}

// Usable implements ndk.Driver: a device is registered (and the kernel
// device, on Windows, opens).
func (NdktDriver) Usable() error {
	names := deviceNames()
	ndktDevices.mu.Lock()
	ku := ndktDevices.kernelUsable
	ndktDevices.mu.Unlock()
	var kerr error
	if ku != nil {
		if kerr = ku(); kerr == nil {
			return nil
		}
	}
	for _, n := range names {
		if n != KernelDevice {
			return nil
		}
	}
	if kerr != nil {
		return kerr
	}
	return fmt.Errorf("no ndkt device: the kernel device %s is the Windows driver ndkt.sys (docs/agent-windows.md), and this program registers no other (ndkt/inproc's needs a Linux build with cgo)", KernelDevice)
}

// Open implements ndk.Driver.
func (d NdktDriver) Open(opts map[string]string) (ndk.Provider, error) {
	o, err := ndk.ParseOptions(d, opts)
	if err != nil {
		return nil, err
	}
	return o.Open()
}

// NdktConfig is what the ndkt driver's options parse into.
type NdktConfig struct {
	// Device is the device's name; DeviceOptions its options.
	Device        string
	DeviceOptions map[string]string
	// SideA and SideB are the sides' adapter addresses (none: the
	// device's, see SideDeclarer).
	SideA, SideB ndk.Side
	// CallTimeout bounds every call's wait for its return; 0:
	// DefaultCallTimeout.
	CallTimeout time.Duration

	opts map[string]string // as given, for the Welcome's driver_options
}

// ParseOptions implements ndk.OptionParser.
func (NdktDriver) ParseOptions(opts map[string]string) (ndk.Opener, error) {
	c := NdktConfig{Device: opts[OptDevice], CallTimeout: DefaultCallTimeout, opts: opts}
	if c.Device == "" {
		c.Device = defaultDevice()
	}
	if c.Device == "" {
		return nil, fmt.Errorf("%s: which ndkt device (registered: %s)", OptDevice, strings.Join(deviceNames(), ", "))
	}
	if lookupDevice(c.Device) == nil {
		if c.Device == KernelDevice && runtime.GOOS != "windows" {
			return nil, lab{fmt.Errorf("%s=%s: the kernel device is Windows-only", OptDevice, c.Device)}
		}
		return nil, fmt.Errorf("%s=%s: no such ndkt device (registered: %s)", OptDevice, c.Device, strings.Join(deviceNames(), ", "))
	}
	if v := opts[OptDeviceOpts]; v != "" {
		c.DeviceOptions = map[string]string{}
		for _, kv := range strings.Split(v, ",") {
			k, val, ok := strings.Cut(kv, "=")
			if k = strings.TrimSpace(k); !ok || k == "" {
				return nil, fmt.Errorf("invalid %s=%q: %q is not KEY=VALUE", OptDeviceOpts, v, kv)
			}
			c.DeviceOptions[k] = val
		}
	}
	var err error
	if c.SideA, err = parseSide(OptSideA, opts[OptSideA]); err != nil {
		return nil, err
	}
	if c.SideB, err = parseSide(OptSideB, opts[OptSideB]); err != nil {
		return nil, err
	}
	if c.SideA == (ndk.Side{}) && c.SideB != (ndk.Side{}) {
		return nil, fmt.Errorf("%s without %s", OptSideB, OptSideA)
	}
	if v, ok := opts[OptCallTimeout]; ok && v != "" {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("invalid %s=%q (valid: a positive duration such as 30s)", OptCallTimeout, v)
		}
		c.CallTimeout = d
	}
	return c, nil
}

// parseSide parses a side's addresses: at most one IPv4 and one IPv6.
func parseSide(opt, v string) (ndk.Side, error) {
	var s ndk.Side
	if strings.TrimSpace(v) == "" {
		return s, nil
	}
	for _, f := range strings.Split(v, ",") {
		a, err := netip.ParseAddr(strings.TrimSpace(f))
		switch {
		case err != nil:
			return s, fmt.Errorf("invalid %s=%q: %q is no IP address", opt, v, f)
		case a.Is4() && !s.IPv4.IsValid():
			s.IPv4 = a
		case a.Is6() && !a.Is4In6() && !s.IPv6.IsValid():
			s.IPv6 = a
		default:
			return s, fmt.Errorf("invalid %s=%q: at most one IPv4 and one IPv6 address", opt, v)
		}
	}
	return s, nil
}

func sideOf(addrs []netip.Addr) ndk.Side {
	var s ndk.Side
	for _, a := range addrs {
		switch {
		case a.Is4() && !s.IPv4.IsValid():
			s.IPv4 = a
		case a.Is6() && !a.Is4In6() && !s.IPv6.IsValid():
			s.IPv6 = a
		}
	}
	return s
}

func sideInfo(s ndk.Side) *agentv1.SideInfo {
	d := func(a netip.Addr) *agentv1.AdapterDescription {
		if !a.IsValid() {
			return &agentv1.AdapterDescription{}
		}
		return &agentv1.AdapterDescription{Address: a.String()}
	}
	return &agentv1.SideInfo{Ipv4: d(s.IPv4), Ipv6: d(s.IPv6)}
}

// ConcurrentRuns implements ndk.ConcurrentRunner: how many processes a
// run may be split over. Each process opens the device for itself; a
// device that is its own provider in each process (ndkt/inproc: the core
// with a sim of its own) says how many by implementing
// ndk.ConcurrentRunner. Any other (the kernel device, whose sessions all
// drive the host's one adapter, as the design note's max_sessions 1 says)
// takes one.
func (c NdktConfig) ConcurrentRuns() int {
	open := lookupDevice(c.Device)
	if open == nil {
		return 1
	}
	dev, err := open(c.DeviceOptions)
	if err != nil {
		return 1
	}
	n := 1
	if cr, ok := dev.(ndk.ConcurrentRunner); ok {
		n = max(1, cr.ConcurrentRuns())
	}
	if cl, ok := dev.(interface{ Close() error }); ok {
		cl.Close()
	}
	return n
}

// Open implements ndk.Opener: a session on a handle of the device. The
// provider is the remote driver's (*Provider, or one with fault
// injection when the device's HELLO offers it), its one session serving
// both sides.
func (c NdktConfig) Open() (ndk.Provider, error) {
	what := "ndkt device " + c.Device
	open := lookupDevice(c.Device)
	if open == nil {
		return nil, fmt.Errorf("%s=%s: no such ndkt device", OptDevice, c.Device)
	}
	dev, err := open(c.DeviceOptions)
	if err != nil {
		return nil, fmt.Errorf("%s (%s): %w", what, OptDeviceOpts, err)
	}
	a, b := c.SideA, c.SideB
	if a == (ndk.Side{}) {
		sd, ok := dev.(SideDeclarer)
		if !ok {
			return nil, fmt.Errorf("%s: the %s declares no adapters: set %s (and %s)", OptSideA, what, OptSideA, OptSideB)
		}
		sa, sb := sd.Sides()
		a, b = sideOf(sa), sideOf(sb)
	}
	h, err := dev.Open()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, lab{err})
	}
	welcome := func(ho contract.HelloOut) *agentv1.Capabilities {
		// Fault injection as the driver's HELLO says its core serves
		// it (its environment's hook, ndkt/core/provider.h): none for
		// the Windows shell, which has no means of its own (the design
		// note's section 9), so the specs that need a fault are then
		// not verified.
		host, srq, cq := ho.Faults&contract.FaultHostState != 0, ho.Faults&contract.FaultSRQ != 0, ho.Faults&contract.FaultCQ != 0
		caps := &agentv1.Capabilities{
			ProtocolVersion: protocolVersion,
			AgentVersion: fmt.Sprintf("ndkt %d.%d.%d.%d (interface %d)", ho.FileMajor, ho.FileMinor, ho.FileBuild, ho.FileRevision,
				ho.InterfaceVersion),
			Driver:            "ndkt",
			SideA:             sideInfo(a),
			SideB:             sideInfo(b),
			FaultInjection:    host,
			SrqFaultInjection: srq,
			CqFaultInjection:  cq,
			MaxMemoryChunk:    NdktMemoryChunk,
			MaxSessions:       1,
			AbiReports:        true,
		}
		for _, o := range (NdktDriver{}).Options() {
			v, ok := c.opts[o.Name]
			if !ok || v == "" {
				v = o.Default
			}
			if o.Name == OptDevice {
				v = c.Device
			}
			caps.DriverOptions = append(caps.DriverOptions, &agentv1.DriverOption{Name: o.Name, DefaultValue: v, Usage: o.Usage})
		}
		return caps
	}
	l := newLoss()
	s, err := start(newNdktStream(h, what, welcome), c.Device, what,
		Config{CallTimeout: c.CallTimeout}.withDefaults(), l, func(err error) error { return lab{err} })
	if err != nil {
		return nil, err
	}
	p := &Provider{a: s, b: s, loss: l}
	return p.withFaults(), nil
}

var (
	_ ndk.OptionParser     = NdktDriver{}
	_ ndk.ConcurrentRunner = NdktConfig{}
	_ ndk.Opener           = NdktConfig{}
)
