package main

import (
	"flag"
	"fmt"
	"io"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// newFlagSet is a flag set of its own for a command: never flag.CommandLine,
// where Ginkgo binds its flags.
func newFlagSet(cmd string) *flag.FlagSet {
	fs := flag.NewFlagSet(tool+" "+cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parse reports errors as one line
	fs.Usage = func() {}
	return fs
}

// flagName is how a flag is spelled on the command line: -v, --driver.
func flagName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// parse parses args into fs, taking no positional argument. It reads the
// syntax the flag package reads (-name, --name, -name=value, -name value;
// a boolean flag takes its value after = only; -- ends the flags), with
// checks and errors of its own: it returns errHelp for -h or --help and
// otherwise one-line errors that name the valid flags.
func parse(fs *flag.FlagSet, args []string) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if i+1 < len(args) {
				return fmt.Errorf("unexpected argument %q (this command takes flags only)", args[i+1])
			}
			return nil
		}
		if len(a) < 2 || a[0] != '-' {
			return fmt.Errorf("unexpected argument %q (this command takes flags only)", a)
		}
		name := strings.TrimPrefix(a[1:], "-")
		if name == "" || name[0] == '-' || name[0] == '=' {
			return fmt.Errorf("bad flag syntax %s", a)
		}
		name, value, hasValue := strings.Cut(name, "=")
		f := fs.Lookup(name)
		switch {
		case f == nil && (name == "h" || name == "help"):
			return errHelp
		case f == nil:
			return fmt.Errorf("unknown flag %s (valid: %s)", flagName(name), strings.Join(validFlags(fs), ", "))
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			if !hasValue {
				value = "true"
			}
			if err := fs.Set(name, value); err != nil {
				return fmt.Errorf("invalid %s %q: a flag without value, or =true or =false", flagName(name), value)
			}
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				return fmt.Errorf("flag %s needs a value", flagName(name))
			}
			i++
			value = args[i]
		}
		if err := fs.Set(name, value); err != nil {
			return fmt.Errorf("invalid %s %q: %v", flagName(name), value, err)
		}
	}
	return nil
}

func validFlags(fs *flag.FlagSet) []string {
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if !hiddenRunFlags[f.Name] {
			names = append(names, flagName(f.Name))
		}
	})
	return append(names, "-h")
}

// printFlags documents the flags of fs in the given order; aliases maps a
// flag to its short alias, printed with it.
func printFlags(w io.Writer, fs *flag.FlagSet, order []string, aliases map[string]string) {
	for _, name := range order {
		f := fs.Lookup(name)
		if f == nil {
			panic("printFlags: no flag " + name)
		}
		arg, usage := flag.UnquoteUsage(f)
		spelled := flagName(name)
		if a, ok := aliases[name]; ok {
			spelled = flagName(a) + ", " + spelled
		}
		if arg != "" {
			spelled += " " + arg
		}
		fmt.Fprintf(w, "  %s\n", spelled)
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" && f.DefValue != "[]" {
			usage += fmt.Sprintf(" (default %s)", f.DefValue)
		}
		for _, line := range wrap(usage, 72) {
			fmt.Fprintf(w, "        %s\n", line)
		}
	}
}

// wrap breaks s into lines of at most width characters, at spaces.
func wrap(s string, width int) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			if line != "" && len(line)+1+len(word) > width {
				lines = append(lines, line)
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += word
		}
		lines = append(lines, line)
	}
	return lines
}

// keyValues is a repeatable key=value flag.
type keyValues map[string]string

func (kv keyValues) String() string {
	if len(kv) == 0 {
		return ""
	}
	return fmt.Sprint(map[string]string(kv))
}

func (kv keyValues) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	k = strings.TrimSpace(k)
	if !ok || k == "" {
		return fmt.Errorf("want key=value")
	}
	if old, dup := kv[k]; dup && old != v {
		return fmt.Errorf("option %s given twice (%q and %q)", k, old, v)
	}
	kv[k] = v
	return nil
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ", ") }

func (l *stringList) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// addrFlag is an IP address flag of one family.
type addrFlag struct {
	addr *netip.Addr
	v6   bool
}

func (a addrFlag) String() string {
	if a.addr == nil || !a.addr.IsValid() {
		return ""
	}
	return a.addr.String()
}

func (a addrFlag) Set(s string) error {
	addr, err := netip.ParseAddr(s)
	if err != nil {
		return fmt.Errorf("not an IP address")
	}
	switch {
	case !a.v6 && !addr.Is4():
		return fmt.Errorf("not an IPv4 address")
	case a.v6 && (!addr.Is6() || addr.Is4In6()):
		return fmt.Errorf("not an IPv6 address")
	}
	*a.addr = addr
	return nil
}

// durationFlag is a positive duration flag.
type durationFlag time.Duration

func (d *durationFlag) String() string { return time.Duration(*d).String() }

func (d *durationFlag) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("want a duration such as 500ms, 10s or 1m")
	}
	if v <= 0 {
		return fmt.Errorf("must be positive")
	}
	*d = durationFlag(v)
	return nil
}

// positiveInt is a flag that takes a positive integer.
type positiveInt struct{ n *int }

func (p positiveInt) String() string {
	if p.n == nil || *p.n == 0 {
		return ""
	}
	return strconv.Itoa(*p.n)
}

func (p positiveInt) Set(s string) error {
	v, err := strconv.Atoi(s)
	if err != nil || v <= 0 {
		return fmt.Errorf("want a positive integer")
	}
	*p.n = v
	return nil
}

// pathFlag is a flag naming a file or directory: an empty value is bad
// usage (a --junit-report "" from an unset CI variable wrote nothing, and
// said nothing).
type pathFlag struct{ s *string }

func (p pathFlag) String() string {
	if p.s == nil {
		return ""
	}
	return *p.s
}

func (p pathFlag) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("want a path, not an empty value")
	}
	*p.s = s
	return nil
}

// seedFlag is --seed: an integer.
type seedFlag struct{ n *int64 }

func (p seedFlag) String() string {
	if p.n == nil {
		return "1"
	}
	return strconv.FormatInt(*p.n, 10)
}

func (p seedFlag) Set(s string) error {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return fmt.Errorf("want an integer, such as 1 or 42")
	}
	*p.n = v
	return nil
}
