package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/suite"
)

// The files of a certification bundle.
const (
	bundleJUnit    = "junit.xml"
	bundleJSON     = "report.json"
	bundleHTML     = "report.html"
	bundleLog      = "run.log"
	bundleManifest = "manifest.json"
)

// The model specs' budget of a certification: fixed, larger than a run's
// default, and recorded in the manifest with the seed, so that the
// certificate names exactly which random consumer sequences were run.
const (
	certifyModelSequences = 400
	certifyModelSteps     = 50
)

// certifyShared are the run flags certify takes too.
var certifyShared = []string{"driver", "driver-opt", "timeout", "side-a-ipv4", "side-a-ipv6", "side-b-ipv4", "side-b-ipv6",
	"waivers", "seed", "verbose", "v"}

// certifyForbidden are the run flags certify refuses: it runs every spec
// and writes its own reports.
var certifyForbidden = []string{"label-filter", "focus", "dry-run", "junit-report", "json-report", "html-report"}

func certifyFlags() (*flag.FlagSet, *runOptions, *string) {
	rfs, o := runFlags()
	fs := newFlagSet("certify")
	out := fs.String("out", "", "write the bundle into `DIR` (created if need be; files of the same names are replaced)")
	for _, name := range certifyShared {
		f := rfs.Lookup(name)
		fs.Var(f.Value, f.Name, f.Usage)
		fs.Lookup(name).DefValue = f.DefValue
	}
	return fs, o, out
}

func certifyUsage(w io.Writer) {
	fs, _, _ := certifyFlags()
	fmt.Fprintf(w, "Usage:\n  %s certify --out DIR [FLAGS]\n\n", tool)
	fmt.Fprintf(w, "Runs every spec of the suite against a driver's provider (in a child process,\n")
	fmt.Fprintf(w, "'%s run', whose output is shown and logged) and writes a certification\n", tool)
	fmt.Fprintf(w, "bundle into DIR:\n")
	fmt.Fprintf(w, "  %-14s JUnit XML, one testcase per spec\n", bundleJUnit)
	fmt.Fprintf(w, "  %-14s everything: specs, rule results, waivers, provider, adapter\n", bundleJSON)
	fmt.Fprintf(w, "  %-14s the human report: verdict, adapter, every rule and its outcome\n", bundleHTML)
	fmt.Fprintf(w, "  %-14s the run's full output\n", bundleLog)
	fmt.Fprintf(w, "  %-14s tool version and commit, catalog digest, driver and options,\n", bundleManifest)
	fmt.Fprintf(w, "  %-14s adapter, OS, seeds, start and end time, the verdict, and the\n", "")
	fmt.Fprintf(w, "  %-14s SHA-256 of every other file\n", "")
	fmt.Fprintf(w, "It then prints CERTIFIED, or NOT CERTIFIED and why, with the scope of the\n")
	fmt.Fprintf(w, "verdict: \"for N of M provider rules (K not observable through NDKPI, J without\n")
	fmt.Fprintf(w, "a complete spec yet)\", the provider rules being the catalog's rules of actor\n")
	fmt.Fprintf(w, "P or MAY/P, and a rule only partly covered (a clause without a spec) counting\n")
	fmt.Fprintf(w, "as without a complete spec; the HTML report states it under the verdict.\n\n")
	fmt.Fprintf(w, "Certification needs every spec to pass: no failed spec (a failure waived\n")
	fmt.Fprintf(w, "against a should- or may-rule does not count), no skipped spec (\"not\n")
	fmt.Fprintf(w, "observable\" skips count), no failure outside the specs, and no waived\n")
	fmt.Fprintf(w, "must-rule. --label-filter, --focus and the report flags are not allowed.\n\nFlags:\n")
	printFlags(w, fs, append([]string{"out"}, certifyShared[:len(certifyShared)-1]...), map[string]string{"verbose": "v"})
	fmt.Fprintf(w, "\nExit status: 0 certified; 1 not certified; 2 bad usage; 130 or 143 the run was\n")
	fmt.Fprintf(w, "interrupted by SIGINT or SIGTERM (the bundle says so; not certified).\n")
}

// forbiddenFlag returns the certify-refused flag args name, if any.
func forbiddenFlag(args []string) string {
	for _, a := range args {
		if a == "--" {
			return ""
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		for _, f := range certifyForbidden {
			if name == f {
				return f
			}
		}
	}
	return ""
}

func certifyCmd(args []string, stdout, stderr io.Writer) int {
	if f := forbiddenFlag(args); f != "" {
		return usageError(stderr, "certify", fmt.Errorf("--%s is not allowed: certify runs every spec and writes its own reports", f))
	}
	fs, o, out := certifyFlags()
	if err := parse(fs, args); err != nil {
		if err == errHelp {
			certifyUsage(stdout)
			return exitPass
		}
		return usageError(stderr, "certify", err)
	}
	if *out == "" {
		return usageError(stderr, "certify", errors.New("certify needs --out DIR, the directory of the bundle"))
	}
	cfg := o.cfg
	if len(o.driverOpts) > 0 {
		cfg.DriverOptions = o.driverOpts
	}
	if _, err := readWaivers(o.waivers); err != nil {
		return usageError(stderr, "certify", err)
	}
	// Check the configuration here, so that a usage error is certify's.
	p, _, _, err := suite.Prepare(cfg)
	var ue suite.UsageError
	switch {
	case errors.As(err, &ue):
		return usageError(stderr, "certify", err)
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	p.Close()
	dir, err := filepath.Abs(*out)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: --out: %v\n", tool, err)
		return exitFail
	}
	waivers := ""
	if o.waivers != "" {
		if waivers, err = filepath.Abs(o.waivers); err != nil {
			fmt.Fprintf(stderr, "%s: --waivers: %v\n", tool, err)
			return exitFail
		}
	}

	runArgs := []string{"run", "--no-color", "--driver", cfg.Driver}
	for _, k := range slices.Sorted(maps.Keys(cfg.DriverOptions)) {
		runArgs = append(runArgs, "--driver-opt", k+"="+cfg.DriverOptions[k])
	}
	runArgs = append(runArgs, "--timeout", cfg.Timeout.String(), "--seed", strconv.FormatInt(max(cfg.Seed, 1), 10),
		"--model-sequences", strconv.Itoa(certifyModelSequences), "--model-steps", strconv.Itoa(certifyModelSteps))
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
			runArgs = append(runArgs, a.flag, a.addr.String())
		}
	}
	if waivers != "" {
		runArgs = append(runArgs, "--waivers", waivers)
	}
	if cfg.Verbose {
		runArgs = append(runArgs, "--verbose")
	}
	runArgs = append(runArgs, "--junit-report", filepath.Join(dir, bundleJUnit), "--json-report", filepath.Join(dir, bundleJSON))
	command := commandLine(append([]string{"certify"}, args...))
	runCommand := commandLine(runArgs)

	m := reports.Manifest{
		Tool: tool, Version: toolVersion(), GoVersion: runtime.Version(),
		CatalogDigest: catalog.Digest(), CatalogRules: len(catalog.All()),
		Command: command, RunCommand: runCommand,
		Driver: cfg.Driver, DriverOptions: cfg.DriverOptions,
		GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, OS: osDescription(),
		Seed: max(cfg.Seed, 1), DriverSeed: cfg.DriverOptions["seed"],
		ModelSequences: certifyModelSequences, ModelSteps: certifyModelSteps,
	}
	if m.Waivers, err = readWaivers(o.waivers); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	m.VCSRevision, m.VCSTime, m.VCSModified = vcsInfo()
	if m.VCSRevision == "" {
		m.VCSRevision = "unknown (the build recorded none)"
	}
	m.Hostname, _ = os.Hostname()
	for _, name := range []string{bundleJUnit, bundleJSON, bundleHTML, bundleManifest} {
		os.Remove(filepath.Join(dir, name)) // nothing stale from an earlier bundle
	}

	logFile, err := os.Create(filepath.Join(dir, bundleLog))
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	log := &lockedWriter{w: logFile}
	teeOut, teeErr := io.MultiWriter(stdout, log), io.MultiWriter(stderr, log)
	m.Start = time.Now()
	fmt.Fprintf(teeOut, "%s certify: %s\n%s certify: running %s\n\n", tool, command, tool, runCommand)
	status, runErr := runChild(runArgs, teeOut, teeErr)
	m.RunExitStatus = status

	var cert reports.Certification
	r, readErr := readRun(filepath.Join(dir, bundleJSON))
	switch {
	case runErr != nil:
		cert.Reasons = append(cert.Reasons, fmt.Sprintf("the run could not start: %v", runErr))
	case readErr != nil:
		cert.Reasons = append(cert.Reasons, fmt.Sprintf("the run wrote no report (exit status %d): %v", status, readErr))
	default:
		cert = reports.Certify(r)
		if status != exitPass && cert.Certified {
			cert = reports.Certification{Reasons: []string{fmt.Sprintf("the run exited with status %d", status)}, Scope: cert.Scope}
		}
		m.SideA, m.SideB, m.Adapter = r.SideA, r.SideB, r.Adapter
		r.Command = command
		if err := writeFileWith(filepath.Join(dir, bundleHTML), func(w io.Writer) error { return reports.WriteHTML(w, r, nil, &cert) }); err != nil {
			cert.Certified = false
			cert.Reasons = append(cert.Reasons, fmt.Sprintf("the HTML report could not be written: %v", err))
		}
	}
	m.Certified, m.Reasons = cert.Certified, cert.Reasons
	if readErr == nil && runErr == nil {
		m.Scope = cert.Scope.String()
	}

	fmt.Fprintln(teeOut)
	// The verdict with its scope: "CERTIFIED for N of M provider rules (K
	// not observable through NDKPI, J without a complete spec yet)". A run
	// that wrote no report has no scope to state.
	headline := cert.Headline()
	if readErr != nil || runErr != nil {
		headline = "NOT CERTIFIED"
	}
	fmt.Fprintf(teeOut, "%s certification: %s\n", tool, headline)
	for _, why := range cert.Reasons {
		fmt.Fprintf(teeOut, "  - %s\n", why)
	}
	m.End = time.Now()
	if err := logFile.Close(); err != nil {
		fmt.Fprintf(stderr, "%s: %s: %v\n", tool, bundleLog, err)
		return exitFail
	}

	for _, name := range []string{bundleJUnit, bundleJSON, bundleHTML, bundleLog} {
		f, err := reports.HashFile(dir, name)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", tool, err)
			return exitFail
		}
		m.Files = append(m.Files, f)
	}
	if err := writeFileWith(filepath.Join(dir, bundleManifest), func(w io.Writer) error { return reports.WriteManifest(w, m) }); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return exitFail
	}
	names := []string{}
	for _, f := range m.Files {
		names = append(names, f.Name)
	}
	fmt.Fprintf(stdout, "bundle: %s (%s, %s)\n", dir, strings.Join(names, ", "), bundleManifest)
	if status == signalStatus(syscall.SIGINT) || status == signalStatus(syscall.SIGTERM) {
		return status // the run was interrupted
	}
	if !cert.Certified {
		return exitFail
	}
	return exitPass
}

// runChild runs this binary with args, its output to stdout and stderr,
// and returns its exit status. SIGINT and SIGTERM are passed on to it (it
// reports the run interrupted, with exit status 130 or 143).
func runChild(args []string, stdout, stderr io.Writer) (int, error) {
	exe, err := os.Executable()
	if err != nil {
		return -1, err
	}
	cmd := exec.Command(exe, args...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	sigs := notifyStop()
	attr, unlock := childAttr()
	defer unlock()
	cmd.SysProcAttr = attr
	if err := cmd.Start(); err != nil {
		signal.Stop(sigs)
		return -1, err
	}
	stop := forwardSignals(sigs, cmd.Process)
	err = cmd.Wait()
	stop()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), nil
	}
	if err != nil {
		return -1, err
	}
	return 0, nil
}

func readRun(path string) (reports.Run, error) {
	f, err := os.Open(path)
	if err != nil {
		return reports.Run{}, err
	}
	defer f.Close()
	return reports.ReadJSON(f)
}

// writeFileWith creates path and writes it with write.
func writeFileWith(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}

// lockedWriter serializes writes: the child's standard output and error
// are copied to the log by two goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// vcsInfo is the VCS revision, its time and whether the tree was modified,
// as the Go toolchain recorded them ("" when it did not).
func vcsInfo() (rev, when string, modified bool) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "", "", false
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	return rev, when, modified
}

// osDescription describes the operating system: `uname -srvm` on Unix,
// `cmd /c ver` on Windows, or just GOOS/GOARCH when neither answers.
func osDescription() string {
	desc := runtime.GOOS + "/" + runtime.GOARCH
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var cmd *exec.Cmd
	if runtime.GOOS == "windows" {
		cmd = exec.CommandContext(ctx, "cmd", "/c", "ver")
	} else {
		cmd = exec.CommandContext(ctx, "uname", "-srvm")
	}
	if b, err := cmd.Output(); err == nil {
		if s := strings.Join(strings.Fields(string(b)), " "); s != "" {
			desc += ": " + s
		}
	}
	return desc
}
