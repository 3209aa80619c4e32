package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/bundle"
	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/internal/syncwriter"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
	"github.com/ndkconform/ndkconform/runner"
	"github.com/ndkconform/ndkconform/suite"
)

// The files of a certification bundle.
const (
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

// bundleFiles are the bundle's reports, one file per format.
func bundleFiles() []string {
	var names []string
	for _, f := range reports.Formats {
		names = append(names, f.File)
	}
	return names
}

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
	fs.String("sign-key", "", "sign the bundle with the private key in `PRIV.pem` (PKCS#8 PEM, ed25519 or ECDSA P-256): writes "+bundle.SignatureFile+"; see 'ndkconform help verify'")
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
	for _, f := range reports.Formats {
		fmt.Fprintf(w, "  %-14s %s\n", f.File, f.Description)
	}
	fmt.Fprintf(w, "  %-14s the run's full output\n", bundleLog)
	fmt.Fprintf(w, "  %-14s tool version and commit, catalog digest, driver and options,\n", bundleManifest)
	fmt.Fprintf(w, "  %-14s adapter, OS, seeds, start and end time, the verdict, and the\n", "")
	fmt.Fprintf(w, "  %-14s SHA-256 of every other file\n", "")
	fmt.Fprintf(w, "  %s\n  %-14s with --sign-key: the signature of every file and of the\n", bundle.SignatureFile, "")
	fmt.Fprintf(w, "  %-14s verdict, an in-toto Statement in a DSSE envelope (see\n", "")
	fmt.Fprintf(w, "  %-14s '%s help verify')\n", "", tool)
	fmt.Fprintf(w, "It then prints CERTIFIED, or NOT CERTIFIED and why, with the scope of the\n")
	fmt.Fprintf(w, "verdict: \"for N of M provider rules (K not observable through NDKPI, J without\n")
	fmt.Fprintf(w, "a complete spec yet)\", the provider rules being the catalog's rules of actor\n")
	fmt.Fprintf(w, "P or MAY/P, and a rule only partly covered (a clause without a spec) counting\n")
	fmt.Fprintf(w, "as without a complete spec; the HTML report states it under the verdict.\n\n")
	fmt.Fprintf(w, "Certification needs every spec to pass: no failed spec (a failure waived\n")
	fmt.Fprintf(w, "against a should- or may-rule does not count), no skipped spec (\"not\n")
	fmt.Fprintf(w, "observable\" skips count), no failure outside the specs, and no waived\n")
	fmt.Fprintf(w, "must-rule. --label-filter, --focus and the report flags are not allowed.\n\nFlags:\n")
	printFlags(w, fs, append([]string{"out", "sign-key"}, certifyShared[:len(certifyShared)-1]...), map[string]string{"verbose": "v"})
	fmt.Fprintf(w, "\nExit status: 0 CERTIFIED; 1 NOT CERTIFIED; 2 bad usage; 3 NO VERDICT, the\n")
	fmt.Fprintf(w, "harness or the lab failed (a lost agent); 130 or 143 NO VERDICT, the run was\n")
	fmt.Fprintf(w, "interrupted by SIGINT or SIGTERM (the bundle says so).\n")
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
	runner.IgnoreProgressSignals() // a SIGUSR1 before the run began does not end it
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
	cfg.ModelSequences, cfg.ModelSteps = certifyModelSequences, certifyModelSteps
	cfg.Seed = max(cfg.Seed, 1)
	waivers, err := readWaivers(o.waivers)
	if err != nil {
		return usageError(stderr, "certify", err)
	}
	if fi, err := os.Stat(*out); err == nil && !fi.IsDir() {
		return usageError(stderr, "certify", fmt.Errorf("--out %s is a file: certify writes a bundle of files into a directory", *out))
	}
	dir, err := filepath.Abs(*out)
	if err != nil {
		return usageError(stderr, "certify", fmt.Errorf("--out: %v", err))
	}
	signKey, err := readSignKey(fs.Lookup("sign-key").Value.String())
	if err != nil {
		return usageError(stderr, "certify", err)
	}
	outs := dirOutputs("--out", dir)
	if err := checkOutputs(append(outs, output{flag: "--out", path: filepath.Join(dir, bundleLog)})); err != nil {
		return usageError(stderr, "certify", err)
	}
	command := commandLine(append([]string{"certify"}, args...))
	m := reports.Manifest{
		Tool: tool, Version: toolVersion(), GoVersion: runtime.Version(),
		CatalogDigest: catalog.Digest(), CatalogRules: len(catalog.All()),
		Command: command, RunCommand: commandLine(append([]string{"run"}, configArgs(cfg)...)),
		Driver: cfg.Driver, DriverOptions: cfg.DriverOptions,
		GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, OS: osDescription(),
		Seed: cfg.Seed, DriverSeed: cfg.DriverOptions["seed"],
		ModelSequences: certifyModelSequences, ModelSteps: certifyModelSteps,
		Waivers: waivers,
	}
	if m.Driver == "" {
		m.Driver = suite.DefaultDriver
	}
	m.VCSRevision, m.VCSTime, m.VCSModified = buildRevision()
	m.Hostname, _ = os.Hostname()

	// The bundle starts when the run does: runner.Run checks the
	// configuration first, so that a usage error is certify's and leaves
	// the directory as it was.
	var logFile *os.File
	var logErr error
	log := syncwriter.New(io.Discard) // the console and the children's standard errors write to it
	teeOut, teeErr := io.MultiWriter(stdout, log), io.MultiWriter(stderr, log)
	began := false
	begin := func(components []ndk.Component) {
		began = true
		m.Components = components
		for _, name := range append(bundleFiles(), bundleManifest, bundle.SignatureFile) {
			os.Remove(filepath.Join(dir, name)) // nothing stale from an earlier bundle
		}
		if logFile, logErr = os.Create(filepath.Join(dir, bundleLog)); logErr == nil {
			log.Set(logFile)
		}
		m.Start = time.Now()
		fmt.Fprintf(teeOut, "%s certify: %s\n", tool, command)
	}
	meta := runMeta(cfg, args, time.Now(), 0)
	meta.Command = command
	res, runErr := runner.Run(cfg, runner.Options{
		Waivers: waivers, Meta: meta, Stderr: teeErr, Interrupts: interrupts,
		Observer: &certifyConsole{console: &console{w: teeOut, verbose: cfg.Verbose, waivers: waivers}, begin: begin},
	})
	var ue suite.UsageError
	switch {
	case !began && errors.As(runErr, &ue):
		return usageError(stderr, "certify", runErr)
	case !began && errors.As(runErr, new(suite.LabError)):
		fmt.Fprintf(stderr, "%s: %v\n", tool, runErr)
		return exitError
	case !began && runErr != nil:
		fmt.Fprintf(stderr, "%s: %v\n", tool, runErr)
		return exitFail
	case !began:
		begin(res.Run.Components)
	}
	if logErr != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, logErr)
		return exitFail
	}
	r, cut := res.Run, res.CutShort
	// The bundle is written whole; a signal that comes before its last
	// byte (the manifest, or its signature) marks the run interrupted, if
	// it was not, and the bundle is written again so (its log gets a note
	// and the second summary): the exit status, the reports, the manifest
	// and its signature say the same. One after that is too late.
	var cert outcome.Certification
	for pass := 0; ; pass++ {
		if sig := interrupts.Signal(); sig != nil && runErr == nil && r.Interrupted == "" && r.Counts().Specs.Selected > 0 {
			// it came as the run ended, or as the bundle was written
			r, cut = runner.Interrupt(r, sig)
		}
		if pass > 0 {
			if logFile, logErr = os.OpenFile(filepath.Join(dir, bundleLog), os.O_WRONLY|os.O_APPEND, 0); logErr != nil {
				fmt.Fprintf(stderr, "%s: %v\n", tool, logErr)
				return exitFail
			}
			log.Set(logFile)
			fmt.Fprintf(teeOut, "\n%s: %s as the bundle was written: the bundle is written again, the run interrupted\n", tool, runner.SignalName(interrupts.Signal()))
		}
		var failed bool
		cert, failed = writeBundle(r, cut, runErr, &m, dir, outs, logFile, signKey, teeOut, teeErr, stdout, stderr)
		if failed {
			return exitFail
		}
		if interrupts.Signal() == nil || runErr != nil || r.Interrupted != "" || r.Counts().Specs.Selected == 0 {
			break
		}
	}
	runner.PauseForTest(pauseBundleWritten, interrupts)
	names := []string{}
	for _, f := range m.Files {
		names = append(names, f.Name)
	}
	fmt.Fprintf(stdout, "bundle: %s (%s, %s)\n", dir, strings.Join(names, ", "), bundleManifest)
	switch {
	case cut != 0:
		return cut // the run was interrupted
	case cert.Certified:
		return exitPass
	case cert.NoVerdict:
		return exitError
	}
	return exitFail
}

// writeBundle writes the bundle of run r (cut: its exit status if it was
// cut short; runErr: why it could not start) into dir: the reports, the
// summary and the verdict on the console and in the log (which it
// closes), the manifest with every file's digest, and the signature with
// signKey if there is one. It returns the certification, and true if a
// file could not be written (said on stderr).
func writeBundle(r reports.Run, cut int, runErr error, m *reports.Manifest, dir string, outs []output, logFile *os.File, signKey *bundle.Key,
	teeOut, teeErr, stdout, stderr io.Writer) (cert outcome.Certification, failed bool) {
	status := exitError
	switch {
	case runErr != nil:
	case cut != 0:
		status = cut
	default:
		status = verdictStatus(r.Verdict)
	}
	m.RunExitStatus = status
	m.Files = nil

	if runErr != nil {
		fmt.Fprintf(teeErr, "%s: %v\n", tool, runErr)
		cert.NoVerdict = true
		cert.Reasons = append(cert.Reasons, fmt.Sprintf("the run could not start: %v", runErr))
	} else {
		cert = outcome.Certify(r.Result)
		m.SideA, m.SideB, m.Adapter = r.SideA, r.SideB, r.Adapter
		// the reports first, so that the summary points to one written
		written := map[string]string{}
		for _, out := range outs {
			if err := out.write(r, &cert); err != nil {
				cert.Certified = false
				cert.Reasons = append(cert.Reasons, fmt.Sprintf("the %s report could not be written: %v", out.format.Name, err))
			} else {
				written[out.format.Name] = out.path
			}
		}
		reports.WriteSummary(teeOut, r, r.End.Sub(r.Start), reports.SummaryReport(written))
		m.Scope = outcome.Scope(cert.Counts.Rules)
		counts := cert.Counts
		m.Counts = &counts
	}
	m.Certified, m.Reasons, m.Limits = cert.Certified, cert.Reasons, cert.Limits
	headline := cert.Headline()
	if runErr != nil {
		headline = "NO VERDICT"
	}
	m.Verdict, _, _ = strings.Cut(headline, " for ")

	fmt.Fprintln(teeOut)
	// The verdict with its scope: "CERTIFIED for N of M catalog rules
	// passed (...)", why not, and the limits of the verdict.
	fmt.Fprintf(teeOut, "%s certification: %s\n", tool, headline)
	for _, why := range cert.Reasons {
		fmt.Fprintf(teeOut, "  - %s\n", why)
	}
	if len(cert.Limits) > 0 {
		fmt.Fprintf(teeOut, "limits of the verdict (not blocking):\n")
		for _, l := range cert.Limits {
			fmt.Fprintf(teeOut, "  - %s\n", l)
		}
	}
	m.End = time.Now()
	if err := logFile.Close(); err != nil {
		fmt.Fprintf(stderr, "%s: %s: %v\n", tool, bundleLog, err)
		return cert, true
	}

	for _, name := range append(bundleFiles(), bundleLog) {
		f, err := reports.HashFile(dir, name)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", tool, err)
			return cert, true
		}
		m.Files = append(m.Files, f)
	}
	if err := writeReport(filepath.Join(dir, bundleManifest), func(w io.Writer) error { return reports.WriteManifest(w, *m) }); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", tool, err)
		return cert, true
	}
	runner.PauseForTest(pauseBundleManifest, interrupts)
	if signBundle(stdout, stderr, dir, signKey) != nil {
		return cert, true
	}
	return cert, false
}

// certifyConsole is the console of a certification: the bundle begins
// when the run does.
type certifyConsole struct {
	*console
	begin func(components []ndk.Component)
}

func (c *certifyConsole) Begin(s runner.Start) {
	c.begin(s.Meta.Components)
	c.console.Begin(s)
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
