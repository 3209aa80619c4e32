package main

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/ndkconform/ndkconform/drivers/remote"
	"github.com/ndkconform/ndkconform/ndk"
)

// The remote driver names this tool in each session's Hello, which an
// agent logs ("session from ...: started (harness ndkconform VERSION)");
// in init, so that a run's child processes name it too.
func init() { remote.DefaultClientVersion = "ndkconform " + toolVersion() }

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

// gitDescribe matches what `git describe --always` prints (the Makefile
// stamps it as the version), without its "-dirty": an abbreviated commit,
// a tag and the commits since with the commit ("v1.2.3-4-gabcdef0"), or a
// release tag ("v1.2.3").
var gitDescribe = regexp.MustCompile(`^(?:[0-9a-f]{7,40}|.+-[0-9]+-g[0-9a-f]{7,40}|v[0-9]+\.[0-9]+\.[0-9]+(?:[-+][0-9A-Za-z.+-]+)?)$`)

// buildRevision is the revision a certification manifest names: the VCS
// revision, time and modified flag the Go toolchain recorded; without them
// (go build -buildvcs=false, usual in CI containers, or no git at build
// time) the version stamped with -ldflags "-X main.version=..." when it is
// a git describe (its "-dirty" the modified flag); otherwise a revision
// that says "unstamped" and why.
func buildRevision() (rev, when string, modified bool) {
	if rev, when, modified = vcsInfo(); rev != "" {
		return rev, when, modified
	}
	rev, modified = stampedRevision(version)
	return rev, "", modified
}

// stampedRevision is the revision the stamped version v names, for a
// build without VCS information.
func stampedRevision(v string) (rev string, modified bool) {
	const none = "the build recorded no VCS revision (go build -buildvcs=false, or no git)"
	describe, dirty := strings.CutSuffix(v, "-dirty")
	switch {
	case v == "":
		return "unstamped: " + none + " and no version (-ldflags \"-X main.version=$(git describe --always --dirty)\")", false
	case !gitDescribe.MatchString(describe):
		return fmt.Sprintf("unstamped: %s, and its version %q is not a git describe", none, v), false
	}
	return describe, dirty
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
	fmt.Fprintf(w, "Usage:\n  %s drivers [--json]\n\n", tool)
	fmt.Fprintf(w, "Lists the drivers compiled into %s, one block each: the driver's name and\n", tool)
	fmt.Fprintf(w, "whether it can run on this machine (and if not, why), then each of its options\n")
	fmt.Fprintf(w, "as NAME=DEFAULT with its usage below. Choose one with '%s run --driver NAME'\n", tool)
	fmt.Fprintf(w, "and set its options with --driver-opt NAME=VALUE.\n\nFlags:\n")
	fmt.Fprintf(w, "  --json\n        print JSON: an array of drivers, each with name, usable, why_not\n        (empty when usable) and options (name, default, usage)\n")
}

// jsonDriver is a driver as `drivers --json` prints it.
type jsonDriver struct {
	Name   string `json:"name"`
	Usable bool   `json:"usable"`
	// WhyNot is why the driver cannot run here (and how to make it
	// usable), empty when it is usable.
	WhyNot  string       `json:"why_not"`
	Options []jsonOption `json:"options"`
}

type jsonOption struct {
	Name    string `json:"name"`
	Default string `json:"default"`
	Usage   string `json:"usage"`
}

// compiledDrivers lists the registered drivers, options in their order.
func compiledDrivers() []jsonDriver {
	var out []jsonDriver
	for _, name := range ndk.Drivers() {
		d, err := ndk.Lookup(name)
		if err != nil {
			continue
		}
		jd := jsonDriver{Name: name, Usable: true, Options: []jsonOption{}}
		if err := d.Usable(); err != nil {
			jd.Usable, jd.WhyNot = false, strings.Join(strings.Fields(err.Error()), " ")
		}
		for _, o := range d.Options() {
			jd.Options = append(jd.Options, jsonOption{o.Name, o.Default, strings.Join(strings.Fields(o.Usage), " ")})
		}
		out = append(out, jd)
	}
	return out
}

// driversWidth is the width of the drivers listing.
const driversWidth = 100

func driversCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("drivers")
	asJSON := fs.Bool("json", false, "")
	if err := parse(fs, args); err != nil {
		if err == errHelp {
			driversUsage(stdout)
			return exitPass
		}
		return usageError(stderr, "drivers", err)
	}
	drivers := compiledDrivers()
	var err error
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if drivers == nil {
			drivers = []jsonDriver{}
		}
		err = enc.Encode(drivers)
	} else {
		err = printDrivers(stdout, drivers)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	return exitPass
}

// printDrivers lays out each driver as a block of lines of at most
// driversWidth columns:
//
//	sim: usable
//	  completion=deferred
//	      how calls that take a completion callback complete: inline |
//	      deferred | reentrant | random (...)
//
// A driver that is not usable says why after "not usable here:".
func printDrivers(w io.Writer, drivers []jsonDriver) error {
	var b strings.Builder
	for i, d := range drivers {
		if i > 0 {
			b.WriteString("\n")
		}
		head := d.Name + ": usable"
		if !d.Usable {
			head = d.Name + ": not usable here: " + d.WhyNot
		}
		for j, l := range wrapList(head, driversWidth-4) {
			if j > 0 {
				b.WriteString("    ")
			}
			b.WriteString(l + "\n")
		}
		if len(d.Options) == 0 {
			b.WriteString("  (no options)\n")
		}
		for _, o := range d.Options {
			def := o.Default
			if def == "" {
				def = `""`
			}
			for _, l := range wrapList(o.Name+"="+def, driversWidth-2) {
				b.WriteString("  " + l + "\n")
			}
			for _, l := range wrapList(o.Usage, driversWidth-6) {
				b.WriteString("      " + l + "\n")
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// wrapList is wrapHard for text with enumerations ("a | b | c"): a "|"
// stays at the end of the line with the value before it, so a line never
// starts with one.
func wrapList(s string, width int) []string {
	var words []string
	for _, f := range strings.Fields(s) {
		if f == "|" && len(words) > 0 {
			words[len(words)-1] += "\x01|"
			continue
		}
		words = append(words, f)
	}
	lines := wrapHard(strings.Join(words, " "), width)
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(l, "\x01", " ")
	}
	return lines
}
