// Command ndkconform runs the NDKPI conformance suite against a provider and
// writes JUnit, JSON and HTML reports, and certification bundles.
//
//	ndkconform run [flags]      run the suite (the default command)
//	ndkconform certify [flags]  run every spec and write a certification bundle
//	ndkconform verify DIR       check a certification bundle and its signature
//	ndkconform stress [flags]   put the provider under load (workers, seeded sequences)
//	ndkconform rules [flags]    print the rule catalog and each rule's coverage
//	ndkconform agent [flags]    serve a driver to a harness on another host
//	ndkconform drivers [--json] list the drivers compiled in
//	ndkconform ping             reach each agent of the remote driver and list its adapters
//	ndkconform version          print the tool's version (also: --version)
//	ndkconform help [COMMAND]   print usage
//
// Exit status: 0 every selected spec passed (or failed only against waived
// rules; certify: certified; verify: the bundle is valid), 1 a spec or the
// suite failed, or a report could not be written (certify: not certified;
// verify: a finding), 2 bad usage or no spec
// selected, 130 or 143 the run was interrupted by SIGINT or SIGTERM (128+N:
// the test process was killed by signal N).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ndkconform/ndkconform/cmd/ndkconform/internal/earlysig"
	_ "github.com/ndkconform/ndkconform/drivers/remote"
	_ "github.com/ndkconform/ndkconform/drivers/rxe"
	_ "github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/runner"
	_ "github.com/ndkconform/ndkconform/specs"
)

// Exit statuses.
const (
	exitPass  = 0
	exitFail  = 1
	exitUsage = 2
	// exitError: the harness or the lab failed (a lost agent, a test
	// process that could not start), not the provider: no verdict.
	exitError = 3
)

const tool = "ndkconform"

func main() {
	coverPerSpec() // a test process of a run with --cover-per-spec: each spec's coverage apart
	runner.Child() // a child process of a run runs its share and exits
	// SIGINT and SIGTERM have been watched since the program's first
	// package was initialized (earlysig): run, certify and stress report a
	// run they interrupt, at whatever moment they came; the other commands
	// give them back their default action (releaseInterrupts).
	interrupts = runner.NewInterrupts(earlysig.C, earlysig.Stop)
	runner.PauseForTest(pauseMain, interrupts)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// interrupts are the SIGINT and SIGTERM signals this process got since
// it started (nil in the tests that call run in their own process: a run
// then watches them from its start).
var interrupts *runner.Interrupts

// The points of the program's own where a test can pause it until a
// signal (runner.EnvTestPause), besides the run's (runner.PausePlan...).
const (
	pauseMain           = "main"            // main began, nothing parsed
	pauseReports        = "reports"         // the first report is written, not the others
	pauseReportsWritten = "reports-written" // every report is written, the summary not printed
	pauseBundleManifest = "bundle-manifest" // certify: the bundle's manifest is written, not signed
	pauseBundleWritten  = "bundle-written"  // certify: the bundle is written and signed, its line not printed
)

// releaseInterrupts gives SIGINT and SIGTERM back their default action,
// for the commands that run no suite: one that came already ends the
// process now, with the status a shell gives a process it killed (130,
// 143).
func releaseInterrupts() {
	if interrupts == nil {
		return
	}
	interrupts.Stop()
	if sig := interrupts.Signal(); sig != nil {
		os.Exit(runner.SignalStatus(sig))
	}
}

// command is a subcommand.
type command struct {
	name    string
	summary string
	usage   func(w io.Writer)
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands []command

func init() {
	commands = []command{
		{"run", "run the conformance suite (the default command)", runUsage, runCmd},
		{"certify", "run every spec and write a certification bundle (reports, log, manifest)", certifyUsage, certifyCmd},
		{"verify", "check a certification bundle: its files, its verdict and its signature", verifyUsage, verifyCmd},
		{"stress", "put the provider under load: many workers, random legal sequences, every byte checked", stressUsage, stressCmd},
		{"rules", "print the rule catalog with each rule's coverage by the specs", rulesUsage, rulesCmd},
		{"agent", "serve a driver's provider to a harness on another host (the remote driver)", agentUsage, agentCmd},
		{"ping", "check a lab before a run: reach each agent, authenticate, list its adapters", pingUsage, pingCmd},
		{"drivers", "list the drivers compiled in, whether they are usable here, and their options", driversUsage, driversCmd},
		{"version", "print the version of " + tool, versionUsage, versionCmd},
		{"help", "print usage: of " + tool + ", or of a command", helpUsage, helpCmd},
	}
}

func commandNames() []string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return names
}

func lookupCommand(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// run is the command line: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runCmd(nil, stdout, stderr)
	}
	switch a := args[0]; {
	case a == "-h" || a == "-help" || a == "--help":
		releaseInterrupts()
		mainUsage(stdout)
		return exitPass
	case a == "--version" || a == "-version":
		// the spelling other tools use: the version command, not a flag of run
		releaseInterrupts()
		return versionCmd(args[1:], stdout, stderr)
	case strings.HasPrefix(a, "-"):
		return runCmd(args, stdout, stderr)
	case a == listSpecsCmd:
		// run's (--spec) and rules' helper, a few hundred milliseconds: a
		// signal to its process group is its parent's to act on
		return listSpecsMain(args[1:], stdout, stderr)
	}
	c, ok := lookupCommand(args[0])
	if !ok {
		releaseInterrupts()
		return usageError(stderr, "", fmt.Errorf("unknown command %q (valid: %s)", args[0], strings.Join(commandNames(), ", ")))
	}
	if c.name != "run" && c.name != "certify" && c.name != "stress" {
		releaseInterrupts()
	}
	return c.run(args[1:], stdout, stderr)
}

// usageError prints a one-line error and where to find usage; it returns
// exitUsage.
func usageError(stderr io.Writer, cmd string, err error) int {
	msg := strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", "; ")), " ")
	fmt.Fprintf(stderr, "%s: %s\n", tool, msg)
	if cmd == "" {
		fmt.Fprintf(stderr, "run '%s help' for usage\n", tool)
	} else {
		fmt.Fprintf(stderr, "run '%s help %s' for usage\n", tool, cmd)
	}
	return exitUsage
}

func mainUsage(w io.Writer) {
	fmt.Fprintf(w, "%s runs the NDKPI (Network Direct Kernel) conformance suite against a provider.\n\n", tool)
	fmt.Fprintf(w, "Usage:\n  %s [COMMAND] [FLAGS]\n\nCommands:\n", tool)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nWith no command, or flags first, %s runs the suite; --version is the version command.\n", tool)
	fmt.Fprintf(w, "Run '%s help COMMAND' for a command's flags.\n", tool)
}

func helpUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage:\n  %s help [COMMAND]\n\nPrints usage: of %s, or of COMMAND (%s).\n", tool, tool, strings.Join(commandNames(), ", "))
}

func helpCmd(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		mainUsage(stdout)
		return exitPass
	case len(args) > 1:
		return usageError(stderr, "help", fmt.Errorf("help takes at most one command, got %q", args))
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		helpUsage(stdout)
		return exitPass
	}
	c, ok := lookupCommand(args[0])
	if !ok {
		return usageError(stderr, "", fmt.Errorf("unknown command %q (valid: %s)", args[0], strings.Join(commandNames(), ", ")))
	}
	c.usage(stdout)
	return exitPass
}

// errHelp is returned by parse when -h or --help was given.
var errHelp = errors.New("help requested")
