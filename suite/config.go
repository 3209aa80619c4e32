package suite

import (
	"errors"
	"fmt"
	"io"
	"net/netip"
	"regexp"
	"strings"
	"time"

	"github.com/onsi/ginkgo/v2/types"

	"github.com/ndkconform/ndkconform/ndk"
)

// DefaultDriver is the provider ndkconform tests when none is named: the
// reference provider compiled into the binary.
const DefaultDriver = "sim"

// DefaultTimeout bounds every wait on the provider.
const DefaultTimeout = 10 * time.Second

// DefaultSettle is how long a spec watches for something that must not
// happen, unless the configuration says otherwise.
const DefaultSettle = 100 * time.Millisecond

// The model specs' default budget: enough to meet every seed-area breach
// of sim, small enough for a run of a few seconds.
const (
	DefaultModelSequences = 40
	DefaultModelSteps     = 30
	// DefaultModelShrinkTime bounds the search for a shorter failing
	// sequence once a model spec found one.
	DefaultModelShrinkTime = 10 * time.Second
)

// Config is one conformance run.
type Config struct {
	// Driver names a registered driver; DriverOptions are its key=value
	// options.
	Driver        string
	DriverOptions map[string]string
	// Provider, when set, is the provider under test, opened by the caller
	// (a Go provider tested from its own go test, as csi-sanity tests a
	// driver it is handed): no driver is looked up or opened, and the run
	// does not close it. Driver and DriverOptions then only describe it in
	// the reports (Driver defaults to "provider").
	Provider ndk.Provider
	// SideA and SideB override the driver's default addresses; a zero
	// address keeps the default.
	SideA, SideB ndk.Side
	// Timeout bounds every wait on the provider: a call that does not
	// return, or a pending call whose completion does not come, fails its
	// spec after Timeout and the run goes on.
	Timeout time.Duration
	// Settle is how long a spec watches for something that must not
	// happen (a close completing early, a callback after a close, a second
	// indication); 0 means DefaultSettle, or a twentieth of Timeout when
	// that is shorter. No fixed window is used anywhere else.
	Settle time.Duration
	// LabelFilter and Focus select specs (Ginkgo's syntax); a spec whose
	// full text a regexp of SkipSpecs matches is not selected (--skip:
	// matched as Focus is).
	LabelFilter string
	Focus       []string
	SkipSpecs   []string
	// Verbose reports each spec as it runs.
	Verbose bool
	// NoColor turns off ANSI colours.
	NoColor bool
	// Seed orders the specs and fixes the model specs' random consumer
	// sequences; 0 means 1 (runs are reproducible).
	Seed int64
	// ModelSequences is how many random consumer sequences each model spec
	// runs, and ModelSteps how many steps a sequence has on average; 0
	// means DefaultModelSequences and DefaultModelSteps.
	ModelSequences, ModelSteps int
	// ModelShrinkTime bounds how long a model spec that found a failing
	// sequence searches for a shorter one (the replays it makes); the
	// failure it reports names the same rules whatever the budget. 0 means
	// DefaultModelShrinkTime.
	ModelShrinkTime time.Duration
	// Rerun is the argv of the command that repeats this run's
	// configuration without its selection (reports.Meta.Rerun: "ndkconform
	// run --driver sim ... --seed 1", or a go test command of package
	// conformance): a model spec's replay command is made of it, selecting
	// the spec as the reports' rerun commands do (--spec ID for ndkconform
	// run) with the model budget that replays the failure. Empty, it is
	// an ndkconform run command of this configuration.
	Rerun []string
	// FailFast skips the specs after the first that fails.
	FailFast bool
	// DryRun lists the selected specs in the report without running them.
	DryRun bool
	// Skip are the full texts (SpecReport.FullText) of specs the filters
	// select that this run leaves to another: package runner splits the
	// selected specs over several processes, each running its share. They count as
	// not selected in this run's report.
	Skip []string
	// Progress, when set, receives a ProgressRecord (JSON) a line: the
	// sides and adapter, then each spec's start and end, as they happen,
	// and the waits that last (ProgressWait).
	Progress io.Writer
	// WaitNotice is how long one wait of a spec on the provider lasts
	// before Progress gets a ProgressWait record naming the spec and what
	// it waits for, then one every 2*WaitNotice while it lasts; 0 means
	// DefaultWaitNotice.
	WaitNotice time.Duration
}

func (c *Config) withDefaults() {
	if c.Driver == "" && c.Provider != nil {
		c.Driver = "provider"
	}
	if c.Driver == "" {
		c.Driver = DefaultDriver
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.Settle <= 0 {
		c.Settle = min(DefaultSettle, c.Timeout/20)
	}
	if c.ModelSequences <= 0 {
		c.ModelSequences = DefaultModelSequences
	}
	if c.ModelSteps <= 0 {
		c.ModelSteps = DefaultModelSteps
	}
	if c.ModelShrinkTime <= 0 {
		c.ModelShrinkTime = DefaultModelShrinkTime
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	if c.WaitNotice <= 0 {
		c.WaitNotice = DefaultWaitNotice
	}
}

// resolveSides fills in the addresses the configuration leaves zero.
func resolveSides(cfg Config, p ndk.Provider) (a, b ndk.Side, err error) {
	a, b = p.Sides()
	merge := func(dst *ndk.Side, src ndk.Side) {
		if src.IPv4.IsValid() {
			dst.IPv4 = src.IPv4
		}
		if src.IPv6.IsValid() {
			dst.IPv6 = src.IPv6
		}
	}
	merge(&a, cfg.SideA)
	merge(&b, cfg.SideB)
	check := func(name string, s ndk.Side) error {
		if s.IPv4.IsValid() && !s.IPv4.Is4() {
			return fmt.Errorf("side %s IPv4 address %v is not an IPv4 address", name, s.IPv4)
		}
		if s.IPv6.IsValid() && (!s.IPv6.Is6() || s.IPv6.Is4In6()) {
			return fmt.Errorf("side %s IPv6 address %v is not an IPv6 address", name, s.IPv6)
		}
		if !s.IPv4.IsValid() && !s.IPv6.IsValid() {
			return fmt.Errorf("side %s has no address: the driver gives none, so name one", name)
		}
		return nil
	}
	if err = check("A", a); err == nil {
		err = check("B", b)
	}
	for _, f := range []func(ndk.Side) netip.Addr{func(s ndk.Side) netip.Addr { return s.IPv4 }, func(s ndk.Side) netip.Addr { return s.IPv6 }} {
		if x, y := f(a), f(b); err == nil && x.IsValid() && x == y {
			err = fmt.Errorf("side A and side B have the same address %v: they must be distinct adapters", x)
		}
	}
	return a, b, err
}

var ginkgoMarkup = regexp.MustCompile(`\{\{/?[a-z-]*\}\}`)

// checkFilters rejects a label filter or focus expression that does not
// parse, with the reason on one line.
func (c *Config) checkFilters() error {
	if c.LabelFilter != "" {
		if _, err := types.ParseLabelFilter(c.LabelFilter); err != nil {
			msg := err.Error()
			var ge types.GinkgoError
			if errors.As(err, &ge) {
				// Ginkgo's message is the filter, marked up, then the reason.
				lines := strings.Split(strings.TrimSpace(ge.Message), "\n")
				msg = lines[len(lines)-1]
			}
			msg = strings.TrimSpace(ginkgoMarkup.ReplaceAllString(msg, ""))
			return fmt.Errorf("invalid label filter %q: %s", c.LabelFilter, msg)
		}
	}
	for _, f := range c.Focus {
		if _, err := regexp.Compile(f); err != nil {
			return fmt.Errorf("invalid focus %q: %v", f, err)
		}
	}
	for _, f := range c.SkipSpecs {
		if _, err := regexp.Compile(f); err != nil {
			return fmt.Errorf("invalid skip %q: %v", f, err)
		}
	}
	return nil
}
