package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"text/tabwriter"

	"github.com/ndkconform/ndkconform/ndk"
)

// version is the tool's version, set with
// -ldflags "-X main.version=v1.2.3"; empty: from the build information.
var version string

// toolVersion is version, or the module version and VCS revision the Go
// toolchain recorded, or "devel".
func toolVersion() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = ""
	}
	var rev string
	var modified bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if modified {
			rev += "-dirty"
		}
		if v == "" {
			return "devel " + rev
		}
		if !strings.Contains(v, rev) {
			v += " " + rev
		}
	}
	if v == "" {
		return "devel"
	}
	return v
}

func versionUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage:\n  %s version\n\nPrints the version of %s and of the Go toolchain that built it.\n", tool, tool)
}

func versionCmd(args []string, stdout, stderr io.Writer) int {
	if err := parse(newFlagSet("version"), args); err != nil {
		if err == errHelp {
			versionUsage(stdout)
			return exitPass
		}
		return usageError(stderr, "version", err)
	}
	fmt.Fprintf(stdout, "%s %s (%s %s/%s)\n", tool, toolVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return exitPass
}

func driversUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage:\n  %s drivers\n\n", tool)
	fmt.Fprintf(w, "Lists the drivers compiled into %s: whether each can run on this machine\n", tool)
	fmt.Fprintf(w, "(and if not, why), and its options as NAME=DEFAULT: USAGE. Choose one with\n")
	fmt.Fprintf(w, "'%s run --driver NAME' and set its options with --driver-opt NAME=VALUE.\n", tool)
}

func driversCmd(args []string, stdout, stderr io.Writer) int {
	if err := parse(newFlagSet("drivers"), args); err != nil {
		if err == errHelp {
			driversUsage(stdout)
			return exitPass
		}
		return usageError(stderr, "drivers", err)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "DRIVER\tUSABLE\tOPTIONS")
	for _, name := range ndk.Drivers() {
		d, err := ndk.Lookup(name)
		if err != nil {
			continue
		}
		usable := "yes"
		if err := d.Usable(); err != nil {
			usable = "no: " + strings.Join(strings.Fields(err.Error()), " ")
		}
		opts := d.Options()
		if len(opts) == 0 {
			fmt.Fprintf(tw, "%s\t%s\t(none)\n", name, usable)
			continue
		}
		for i, o := range opts {
			def := o.Default
			if def == "" {
				def = `""`
			}
			line := fmt.Sprintf("%s=%s: %s", o.Name, def, strings.Join(strings.Fields(o.Usage), " "))
			if i == 0 {
				fmt.Fprintf(tw, "%s\t%s\t%s\n", name, usable, line)
			} else {
				fmt.Fprintf(tw, "\t\t%s\n", line)
			}
		}
	}
	if err := tw.Flush(); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	return exitPass
}
