package runner

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/ndkconform/ndkconform/suite"
)

// CommandArgs are the flags of `ndkconform run` that repeat the
// configuration of cfg (driver, options, addresses, time-out, seed, model
// budget) without its selection: the rerun commands of the reports
// (reports.Meta.Rerun) are made of them. Children never get them: their
// configuration travels as one message (see Child).
func CommandArgs(cfg suite.Config) []string {
	driver := cfg.Driver
	if driver == "" {
		driver = suite.DefaultDriver
	}
	args := []string{"--driver", driver}
	for _, k := range slices.Sorted(maps.Keys(cfg.DriverOptions)) {
		args = append(args, "--driver-opt", k+"="+cfg.DriverOptions[k])
	}
	for _, a := range []struct {
		flag string
		addr fmt.Stringer
		ok   bool
	}{
		{"--side-a-ipv4", cfg.SideA.IPv4, cfg.SideA.IPv4.IsValid()},
		{"--side-a-ipv6", cfg.SideA.IPv6, cfg.SideA.IPv6.IsValid()},
		{"--side-b-ipv4", cfg.SideB.IPv4, cfg.SideB.IPv4.IsValid()},
		{"--side-b-ipv6", cfg.SideB.IPv6, cfg.SideB.IPv6.IsValid()},
	} {
		if a.ok {
			args = append(args, a.flag, a.addr.String())
		}
	}
	if cfg.Timeout > 0 && cfg.Timeout != suite.DefaultTimeout {
		args = append(args, "--timeout", cfg.Timeout.String())
	}
	args = append(args, "--seed", strconv.FormatInt(max(cfg.Seed, 1), 10))
	if cfg.ModelSequences > 0 && cfg.ModelSequences != suite.DefaultModelSequences {
		args = append(args, "--model-sequences", strconv.Itoa(cfg.ModelSequences))
	}
	if cfg.ModelSteps > 0 && cfg.ModelSteps != suite.DefaultModelSteps {
		args = append(args, "--model-steps", strconv.Itoa(cfg.ModelSteps))
	}
	if cfg.ModelShrinkTime > 0 && cfg.ModelShrinkTime != suite.DefaultModelShrinkTime {
		args = append(args, "--model-shrink-time", cfg.ModelShrinkTime.String())
	}
	return args
}
