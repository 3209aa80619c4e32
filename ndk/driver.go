package ndk

import (
	"errors"
	"fmt"
	"net/netip"
	"sort"
	"strings"
	"sync"
	"time"
)

// Driver is how a provider plugs into ndkconform, in the manner of
// database/sql/driver.Driver: it registers under a name and opens a Provider
// from a set of key=value options.
//
// As database/sql/driver.DriverContext parses a data source name once into
// a Connector, a driver that implements OptionParser has its options
// checked and parsed once (ParseOptions) into an Opener that opens the
// provider; the harness opens every driver so. Open(opts) stays for a
// driver that does not, and for callers that open a driver in one step.
type Driver interface {
	// Options lists the option keys the driver accepts.
	Options() []Option
	// Usable reports whether the driver can run on this machine: nil, or
	// why not (and how to make it usable).
	Usable() error
	// Open validates opts (every key is one of Options) and opens the
	// provider. A driver that implements OptionParser does it as
	// ParseOptions(d, opts) then Opener.Open.
	Open(opts map[string]string) (Provider, error)
}

// Opener is a driver's options, checked and parsed (ParseOptions): Open
// opens a provider from them, as database/sql/driver.Connector opens
// connections.
type Opener interface {
	Open() (Provider, error)
}

// OptionParser is implemented by a Driver that parses its options ahead
// of opening the provider.
type OptionParser interface {
	// ParseOptions validates the values of opts and returns what opens
	// the provider. It is called through ndk.ParseOptions, which has
	// refused every key that is not one of the driver's Options.
	ParseOptions(opts map[string]string) (Opener, error)
}

// ParseOptions checks and parses the options opts of driver d, once: a key
// that is not one of d's Options is refused naming the valid keys (see
// CheckOptions), then a driver that implements OptionParser validates the
// values. The Opener opens the provider from what was parsed; for a driver
// without OptionParser it calls d.Open(opts).
func ParseOptions(d Driver, opts map[string]string) (Opener, error) {
	if err := CheckOptions(d, opts); err != nil {
		return nil, err
	}
	if op, ok := d.(OptionParser); ok {
		return op.ParseOptions(opts)
	}
	return openerFunc(func() (Provider, error) { return d.Open(opts) }), nil
}

type openerFunc func() (Provider, error)

func (f openerFunc) Open() (Provider, error) { return f() }

// Option documents one driver option.
type Option struct {
	Name    string
	Default string
	Usage   string
}

// Provider is an opened driver: the NDK provider on one or more adapters.
type Provider interface {
	// Sides names the default side A and side B of a connection: addresses
	// of two distinct adapters (ideally on distinct hosts), each with an
	// IPv4 and an IPv6 address.
	Sides() (a, b Side)
	// OpenAdapter is OPEN_NDK_ADAPTER_HANDLER for the adapter that owns
	// addr.
	OpenAdapter(addr netip.Addr) (Adapter, Status)
	// Close releases the provider. Every adapter is closed before.
	Close() error
}

// Side is one end of the connections the suite makes.
type Side struct {
	IPv4 netip.Addr
	IPv6 netip.Addr
}

var (
	registryMu sync.RWMutex
	registry   = map[string]Driver{}
)

// Register makes a driver available by name. It panics if the name is taken
// or the driver is nil, as sql.Register does: both are programming errors.
func Register(name string, d Driver) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if d == nil {
		panic("ndk: Register driver is nil")
	}
	if _, dup := registry[name]; dup {
		panic("ndk: Register called twice for driver " + name)
	}
	registry[name] = d
}

// Drivers returns the registered driver names, sorted.
func Drivers() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Lookup returns the driver registered under name.
func Lookup(name string) (Driver, error) {
	registryMu.RLock()
	d, ok := registry[name]
	registryMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("unknown driver %q (valid: %s)", name, strings.Join(Drivers(), ", "))
	}
	return d, nil
}

// CheckOptions returns an error naming the valid keys if opts holds a key
// the driver does not accept. ParseOptions calls it; a driver without
// OptionParser calls it at the top of Open.
func CheckOptions(d Driver, opts map[string]string) error {
	valid := map[string]bool{}
	var names []string
	for _, o := range d.Options() {
		valid[o.Name] = true
		names = append(names, o.Name)
	}
	var bad []string
	for k := range opts {
		if !valid[k] {
			bad = append(bad, k)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	sort.Strings(bad)
	if len(names) == 0 {
		return fmt.Errorf("unknown option %s (this driver takes no options)", strings.Join(bad, ", "))
	}
	return fmt.Errorf("unknown option %s (valid: %s)", strings.Join(bad, ", "), strings.Join(names, ", "))
}

// TimeoutDeclarer is implemented by a Provider that may legitimately take a
// while over some of its waits: a disconnect whose peer never answers
// ("disconnect"), connection set-up with a peer that does not answer
// ("connect": a connect to a host that does not answer, an accept whose
// connecting peer never calls NdkCompleteConnect). DeclaredTimeouts names
// each such wait and how long the provider may take over it, as configured
// (e.g. by a driver option). The harness must wait longer than that before
// it judges the provider late, so a harness deadline that is not longer is
// refused as a usage error (suite.Prepare) rather than turned into false
// failures; a declared wait that the provider outlives by the deadline is a
// failure of the rule that times it out (CN-3, CN-8, CN-17).
type TimeoutDeclarer interface {
	DeclaredTimeouts() map[string]time.Duration
}

// ConcurrentRunner is implemented by a Driver whose providers share
// nothing: each Open makes one independent of every other (a simulation,
// say), so that several processes may each open one and run specs at the
// same time without seeing one another. The CLI then splits a run over
// ConcurrentRuns processes unless told otherwise (at least 1). A driver
// of real adapters does not implement it: processes testing the same
// adapters at once would see one another's ports and connections.
//
// The Opener a driver's ParseOptions returns may implement it too, when
// the answer depends on the options (the remote driver's: what its agents
// say they serve at once); see ConcurrentRuns.
type ConcurrentRunner interface {
	ConcurrentRuns() int
}

// ConcurrentRuns is how many processes a run of driver d with options
// opts may be split over (see ConcurrentRunner): the answer of the Opener
// its options parse into, else the driver's, else 1; 1 if the options do
// not parse (opening the provider then says why). At least 1.
func ConcurrentRuns(d Driver, opts map[string]string) int {
	o, err := ParseOptions(d, opts)
	if err != nil {
		return 1
	}
	if cr, ok := o.(ConcurrentRunner); ok {
		return max(1, cr.ConcurrentRuns())
	}
	if cr, ok := d.(ConcurrentRunner); ok {
		return max(1, cr.ConcurrentRuns())
	}
	return 1
}

// ErrUnavailable marks an error of a driver's Open (errors.Is) that is no
// fault of its configuration: what serves the provider is there, but not
// now (an agent busy with another harness's run, one that does not answer
// or cannot be reached, one that could not open its provider). A harness
// reports it as the lab's fault, not as bad usage.
var ErrUnavailable = errors.New("the provider is unavailable")
