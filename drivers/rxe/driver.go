package rxe

import (
	"fmt"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

func init() {
	ndk.Register("rxe", parsingDriver{})
}

// Option names.
const (
	// OptDevice names the RDMA devices of side A and side B, comma-separated
	// (default: the first two RDMA devices, by name).
	OptDevice = "device"
	// OptAddress names the devices by an address of their network device
	// instead, comma-separated.
	OptAddress = "address"
	// OptNetdev names network devices to create an rxe device on when none
	// exists on them yet (needs root and the rdma_rxe module),
	// comma-separated.
	OptNetdev = "netdev"
	// OptDisconnectTimeout is how long NdkDisconnect waits at most (for the
	// requests posted before it, then for the peer's answer) before it
	// completes with STATUS_IO_TIMEOUT (a Go duration).
	OptDisconnectTimeout = "disconnect-timeout"
	// OptFaults enables fault injection (ndk.FaultInjector): "tc" drops a
	// host's traffic on its network device with a tc filter.
	OptFaults = "faults"
)

// DefaultDisconnectTimeout is the default of OptDisconnectTimeout: rdma_cm
// by itself gives up on an unanswered DREQ only after about 100 s
// (measured on rxe).
const DefaultDisconnectTimeout = "5s"

// Driver is the rxe driver, registered as "rxe".
type Driver struct{}

// Options implements ndk.Driver.
func (Driver) Options() []ndk.Option {
	return []ndk.Option{
		{Name: OptDevice, Default: "",
			Usage: "the RDMA devices of side A and side B, comma-separated, e.g. rxe0 or rxe0,rxe1 (default: the first two RDMA devices by name)"},
		{Name: OptAddress, Default: "",
			Usage: "choose the devices by an IPv4 or IPv6 address of their network device instead, comma-separated, e.g. 10.99.0.1"},
		{Name: OptNetdev, Default: "",
			Usage: "network devices to create an rxe device on (rxe_DEV) when they have none, comma-separated, e.g. eth0 (needs root and the rdma_rxe module)"},
		{Name: OptDisconnectTimeout, Default: DefaultDisconnectTimeout,
			Usage: "how long NdkDisconnect waits at most for the peer's answer before it completes with STATUS_IO_TIMEOUT and flushes the QP (a Go duration; rdma_cm by itself gives up on an unanswered DREQ only after about 100 s)"},
		{Name: OptFaults, Default: "",
			Usage: "fault injection for the specs that need it: tc = a host made unresponsive or down has all its traffic dropped by tc filters on its network device (needs CAP_NET_ADMIN and the sch_ingress, cls_matchall and act_gact modules; for test machines only)"},
	}
}

// parsingDriver is the driver registered as "rxe": Driver, with its
// options parsed once (ndk.OptionParser). Driver has no ParseOptions of
// its own, so that a driver that embeds it and overrides Open is opened
// through that Open.
type parsingDriver struct{ Driver }

var _ ndk.OptionParser = parsingDriver{}

// ParseOptions implements ndk.OptionParser (see parseOptions).
func (parsingDriver) ParseOptions(opts map[string]string) (ndk.Opener, error) {
	return parseOptions(opts)
}

// Open implements ndk.Driver: the options checked and parsed, then the
// Opener's Open.
func (d Driver) Open(opts map[string]string) (ndk.Provider, error) {
	if err := ndk.CheckOptions(d, opts); err != nil {
		return nil, err
	}
	o, err := parseOptions(opts)
	if err != nil {
		return nil, err
	}
	return o.Open()
}

// config is the parsed options of rxe.
type config struct {
	devices, addresses, netdevs []string
	discTimeout                 time.Duration
	faults                      string
}

// parseOptions validates the values of opts, whose keys ndk.ParseOptions
// (or Open) checked. Nothing here touches the machine: the Opener's Open
// does (and, in a build without rdma-core, fails).
func parseOptions(opts map[string]string) (ndk.Opener, error) {
	discTimeout, err := parseDisconnectTimeout(opts[OptDisconnectTimeout])
	if err != nil {
		return nil, err
	}
	switch opts[OptFaults] {
	case "", "tc":
	default:
		return nil, fmt.Errorf("%s=%s: the only fault injection is tc", OptFaults, opts[OptFaults])
	}
	return config{devices: splitList(opts[OptDevice]), addresses: splitList(opts[OptAddress]),
		netdevs: splitList(opts[OptNetdev]), discTimeout: discTimeout, faults: opts[OptFaults]}, nil
}

// parseDisconnectTimeout reads option disconnect-timeout.
func parseDisconnectTimeout(s string) (time.Duration, error) {
	if s == "" {
		s = DefaultDisconnectTimeout
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s=%s: want a positive Go duration such as 10s", OptDisconnectTimeout, s)
	}
	return d, nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
