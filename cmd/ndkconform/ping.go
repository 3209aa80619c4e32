package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/drivers/remote"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/reports"
)

func pingUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage:\n  %s ping [--driver remote] --driver-opt side-a=HOST[:PORT] [--driver-opt KEY=VALUE]...\n\n", tool)
	fmt.Fprintf(w, "Checks a lab before a run: opens the driver's provider as a run would (for the remote\n")
	fmt.Fprintf(w, "driver: connects to each agent, TLS and token included, and authenticates), lists each\n")
	fmt.Fprintf(w, "agent's adapters, capabilities and the addresses it would serve, and closes it again.\n")
	fmt.Fprintf(w, "Takes the driver options of '%s run' (see '%s drivers').\n\n", tool, tool)
	fmt.Fprintf(w, "Exit status: 0 every agent reached; 2 usage, or a configuration an agent refused\n")
	fmt.Fprintf(w, "(token, TLS, options, an agent that would serve nothing); 3 an agent unreachable or busy.\n\nFlags:\n")
	fmt.Fprintf(w, "  --driver NAME\n        the driver to open (default remote)\n")
	fmt.Fprintf(w, "  --driver-opt KEY=VALUE\n        a driver option; repeat for more options\n")
}

// agentLister is the remote provider (any of its types): its agents.
type agentLister interface {
	Agents() []remote.AgentInfo
}

func pingCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("ping")
	driver := fs.String("driver", "remote", "")
	opts := keyValues{}
	fs.Var(opts, "driver-opt", "")
	if err := parse(fs, args); err != nil {
		if err == errHelp {
			pingUsage(stdout)
			return exitPass
		}
		return usageError(stderr, "ping", err)
	}
	d, err := ndk.Lookup(*driver)
	if err != nil {
		return usageError(stderr, "ping", err)
	}
	opener, err := ndk.ParseOptions(d, opts)
	if err != nil {
		return usageError(stderr, "ping", fmt.Errorf("driver %s: %w", *driver, err))
	}
	if err := d.Usable(); err != nil {
		return usageError(stderr, "ping", fmt.Errorf("driver %s is not usable here: %w", *driver, err))
	}
	p, err := opener.Open()
	if err != nil {
		// one line, as a run's refusal says it, without the usage hint:
		// the flags were right, the lab or its configuration was not
		fmt.Fprintf(stderr, "%s: ping: driver %s: %s\n", tool, *driver, strings.Join(strings.Fields(err.Error()), " "))
		if errors.Is(err, ndk.ErrUnavailable) {
			return exitError
		}
		return exitUsage
	}
	defer p.Close()
	a, b := p.Sides()
	fmt.Fprintf(stdout, "%s %s: driver %s opened: side A %s, side B %s\n", tool, toolVersion(), *driver, sideText(a), sideText(b))
	l, ok := p.(agentLister)
	if !ok {
		return exitPass
	}
	comps := p.(ndk.Describer).Describe()
	agents := l.Agents()
	for i, ag := range agents {
		opt := remote.OptSideA
		if i == 1 {
			opt = remote.OptSideB
		}
		fmt.Fprintf(stdout, "agent %s (%s): %s, protocol %s, driver %s", ag.Address, opt, orUnknown(ag.AgentVersion), ag.ProtocolVersion, ag.Driver)
		if o := reports.FormatOptions(ag.DriverOptions); o != "" {
			fmt.Fprintf(stdout, " (%s)", o)
		}
		fmt.Fprintln(stdout)
		for _, ad := range ag.Adapters {
			fmt.Fprintf(stdout, "  adapter %s (its provider's side %s): %s\n", ad.Address, ad.Side, adapterText(ad))
		}
		fmt.Fprintf(stdout, "  capabilities: %s\n", capabilitiesText(ag))
		if i < len(comps) {
			fmt.Fprintf(stdout, "  in a run: %s", comps[i].Role)
			if len(comps[i].Serves) > 0 {
				fmt.Fprintf(stdout, ", serving %s", strings.Join(comps[i].Serves, ", "))
			}
			fmt.Fprintln(stdout)
		}
	}
	fmt.Fprintf(stdout, "%d of %d agents reached and authenticated\n", len(agents), len(agents))
	return exitPass
}

func orUnknown(s string) string {
	if s == "" {
		return "(version unknown)"
	}
	return s
}

func sideText(s ndk.Side) string {
	var a []string
	if s.IPv4.IsValid() {
		a = append(a, s.IPv4.String())
	}
	if s.IPv6.IsValid() {
		a = append(a, s.IPv6.String())
	}
	if len(a) == 0 {
		return "(none)"
	}
	return strings.Join(a, " ")
}

// adapterText is an agent's adapter: not its own (OpenAdapter failed),
// or its information.
func adapterText(ad remote.AgentAdapter) string {
	if ad.OpenStatus != ndk.StatusSuccess {
		return fmt.Sprintf("not this agent's (OpenAdapter: %v)", ad.OpenStatus)
	}
	if ad.QueryStatus != ndk.StatusSuccess {
		return fmt.Sprintf("opened, QueryAdapterInfo: %v", ad.QueryStatus)
	}
	i := ad.Info
	return fmt.Sprintf("vendor 0x%04x device 0x%04x, NDK %d.%d, %s", i.VendorID, i.DeviceID, i.Version.Major, i.Version.Minor, reports.TechnologyName(i.RDMATechnology))
}

func capabilitiesText(ag remote.AgentInfo) string {
	var c []string
	if ag.NDKVersion != "" {
		c = append(c, "NDK "+ag.NDKVersion)
	}
	for _, f := range []struct {
		on   bool
		what string
	}{{ag.FaultInjection, "fault injection"}, {ag.SRQFaultInjection, "SRQ fault injection"}, {ag.CQFaultInjection, "CQ fault injection"}} {
		if f.on {
			c = append(c, f.what)
		}
	}
	c = append(c, fmt.Sprintf("%d session(s) at once", ag.MaxSessions))
	if ag.MaxMemoryChunk > 0 {
		c = append(c, fmt.Sprintf("memory chunk %d bytes", ag.MaxMemoryChunk))
	}
	var names []string
	for k := range ag.DeclaredTimeouts {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		c = append(c, fmt.Sprintf("%s %v", k, ag.DeclaredTimeouts[k].Round(time.Millisecond)))
	}
	return strings.Join(c, ", ")
}
