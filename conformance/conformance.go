// Package conformance is ndkconform as a Go library: a vendor with a
// provider written in Go, or with a driver registered in its own code (a
// test of an agent that serves one), runs the whole conformance suite from
// its own go test, without the CLI, and gets the same report and
// certification verdict the CLI writes.
//
//	p := myprovider.New(...)
//	defer p.Close()
//	res := conformance.Test(t, suite.Config{Provider: p})
//	// res.Run: every spec and every catalog rule with its outcome;
//	// res.Certification: CERTIFIED or not, and the verdict's scope.
//
//	res := conformance.Test(t, suite.Config{Driver: "mydriver", DriverOptions: opts})
//
// The runs go through package runner, as the CLI's do. A configuration
// with a Go provider (suite.Config.Provider) runs in the calling process,
// as csi-sanity's GinkgoTest does: once per process (a limit of Ginkgo's,
// the suite being a Ginkgo suite), and a provider that crashes the process
// takes the test down with it. A configuration that names a registered
// driver runs in child processes of the test binary, as the CLI's runs do
// (the run survives a provider that crashes, and reports it): any number
// of such runs, of any configurations, in one test binary. The test binary
// runs the children by itself when it parses its flags (see package
// runner), after every package's init: a driver registered by the test's
// own package is there, and no TestMain is needed; a TestMain that does
// work before it parses the flags should call runner.Child first.
//
// Package conformance imports every spec of the suite (package specs).
package conformance

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/runner"
	_ "github.com/ndkconform/ndkconform/specs" // every spec of the suite
	"github.com/ndkconform/ndkconform/suite"
)

// Result is a conformance run as the reports see it.
type Result struct {
	// Run is the report: every selected spec, every catalog rule with its
	// outcome, the verdict (the waivers applied).
	Run reports.Run
	// Certification is the certification verdict of the run, its scope
	// and its limits (see outcome.Certify): a run that selected fewer specs
	// than all is never certified.
	Certification outcome.Certification
}

// Run runs the suite as cfg says: against cfg.Provider when it is set (the
// caller opened it and closes it), in this process; else against the
// registered driver cfg.Driver, in child processes. waivers (nil for none)
// waive rules as the CLI's --waivers does. It returns a suite.UsageError,
// before running anything, for a configuration that cannot run. The
// children's standard error goes to this process's; nothing else is
// printed (but Ginkgo's own progress, in this process). The rerun
// commands of the report name the ndkconform CLI (Test's name go test).
func Run(cfg suite.Config, waivers outcome.Waivers) (Result, error) {
	return run(cfg, waivers, append([]string{"ndkconform", "run"}, runner.CommandArgs(cfg)...))
}

func run(cfg suite.Config, waivers outcome.Waivers, rerun []string) (Result, error) {
	if !cfg.NoColor && (os.Getenv("NO_COLOR") != "" || !isTerminal(os.Stdout)) {
		cfg.NoColor = true // go test's log is no terminal
	}
	res, err := runner.Run(cfg, runner.Options{
		Waivers: waivers,
		Meta: reports.Meta{
			Tool:    "ndkconform",
			Version: "library",
			Command: fmt.Sprintf("conformance.Run (%s)", describe(cfg)),
			Rerun:   rerun,
		},
		Stderr: os.Stderr,
	})
	if err != nil {
		return Result{}, err
	}
	return Result{Run: res.Run, Certification: outcome.Certify(res.Run.Result)}, nil
}

// Test runs the suite (see Run, without waivers) as part of a go test: a
// configuration that cannot run fails t at once; a run that did not pass
// fails t with the summary the CLI prints (the failed rules, and per failed
// spec the observation and the go test command that reruns it alone:
//
//	go test -run '^TestName$' ./pkg -args -- --focus '^spec$'
//
// run from the module's root; the --focus arguments after -- on the
// test binary's command line replace cfg.Focus).
func Test(t testing.TB, cfg suite.Config) Result {
	t.Helper()
	if focus := focusArgs(testArgs()); len(focus) > 0 {
		cfg.Focus = focus
	}
	res, err := run(cfg, nil, goTestRerun(t.Name()))
	var ue suite.UsageError
	switch {
	case errors.As(err, &ue):
		t.Fatalf("conformance: the configuration cannot run: %v", err)
	case err != nil:
		t.Fatalf("conformance: %v", err)
	}
	if res.Run.Verdict != outcome.VerdictPass {
		var b strings.Builder
		reports.WriteSummary(&b, res.Run, res.Run.End.Sub(res.Run.Start), "")
		t.Errorf("conformance: verdict %s\n%s", res.Run.Verdict, b.String())
	}
	return res
}

// goTestRerun is the go test command that runs the test named name again,
// the arguments of the test binary to follow ("--focus", REGEX: see
// focusArgs): `go test -run '^Name$' ./pkg -args --`.
func goTestRerun(name string) []string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return []string{"go", "test", "-run", strings.Join(parts, "/"), packageDir(), "-args", "--"}
}

// packageDir is the directory of the package under test (go test runs a
// test binary in it) relative to the module's root, as go test names it:
// "./pkg", or "." if there is no go.mod above it.
func packageDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			rel, err := filepath.Rel(dir, wd)
			if err != nil || rel == "." {
				return "."
			}
			return "./" + filepath.ToSlash(rel)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "."
		}
		dir = parent
	}
}

// testArgs are the arguments of the test binary's command line after its
// flags.
func testArgs() []string {
	if !flag.Parsed() {
		return nil
	}
	return flag.Args()
}

// focusArgs are the focus regexps of args (go test ... -args -- --focus
// REGEX): --focus REGEX or --focus=REGEX, one or two dashes.
func focusArgs(args []string) []string {
	var focus []string
	for i := 0; i < len(args); i++ {
		name, value, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if name != "focus" || !strings.HasPrefix(args[i], "-") {
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				break
			}
			i++
			value = args[i]
		}
		focus = append(focus, value)
	}
	return focus
}

// describe is the provider of cfg in words: the driver and its options.
func describe(cfg suite.Config) string {
	s := cfg.Driver
	switch {
	case s == "" && cfg.Provider != nil:
		s = "provider"
	case s == "":
		s = suite.DefaultDriver
	}
	if opts := reports.FormatOptions(cfg.DriverOptions); opts != "" {
		s += " " + opts
	}
	return s
}

// isTerminal reports whether f is a terminal (a character device).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
