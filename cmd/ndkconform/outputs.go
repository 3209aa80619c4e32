package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
)

// output is a report a run writes: the flag that asked for it, its path,
// and its format.
type output struct {
	flag, path string
	format     reports.Format
}

// write writes r (and, for a format that shows it, cert) to the output.
func (out output) write(r reports.Run, cert *outcome.Certification) error {
	return out.writeTo(out.path, r, cert)
}

// writeTo writes the output's report to path.
func (out output) writeTo(path string, r reports.Run, cert *outcome.Certification) error {
	return writeReport(path, func(w io.Writer) error { return out.format.Write(w, r, cert) })
}

// outputs are the reports the flags ask for: each --FORMAT-report, and
// every format into --out DIR.
func (o *runOptions) outputs() ([]output, error) {
	var outs []output
	for _, f := range reports.Formats {
		if p := o.reportPaths[f.Name]; p != nil && *p != "" {
			outs = append(outs, output{flag: "--" + f.Flag, path: *p, format: f})
		}
	}
	if o.outDir != "" {
		outs = append(outs, dirOutputs("--out", o.outDir)...)
	}
	seen := map[string]string{}
	for _, out := range outs {
		abs, err := filepath.Abs(out.path)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %v", out.flag, out.path, err)
		}
		if other, ok := seen[abs]; ok {
			return nil, fmt.Errorf("%s and %s both write %s", other, out.flag, out.path)
		}
		seen[abs] = out.flag
	}
	return outs, nil
}

// checkOutputs makes sure every report can be written before the suite
// runs, creating their directories: a path that cannot be written is bad
// usage, not a failure found after the run. A file that exists is left as
// it is until the run writes it.
func checkOutputs(outs []output) error {
	for _, out := range outs {
		if err := checkWritable(out.path); err != nil {
			return fmt.Errorf("%s: %v", out.flag, err)
		}
	}
	return nil
}

func checkWritable(path string) error {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("cannot create the directory of %s: %v", path, unwrapPath(err))
		}
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return fmt.Errorf("%s is a directory", path)
	case err == nil:
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
		}
		return f.Close()
	case !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("cannot write %s: %v", path, unwrapPath(err))
	}
	f.Close()
	return os.Remove(path)
}

// unwrapPath is the reason of a *PathError, whose path the message names
// already.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// dirOutputs are the reports of every format in dir, under their
// bundle names.
func dirOutputs(flag, dir string) []output {
	var outs []output
	for _, f := range reports.Formats {
		outs = append(outs, output{flag: flag, path: filepath.Join(dir, f.File), format: f})
	}
	return outs
}

// formatFiles names the files --out writes.
func formatFiles() string {
	var names []string
	for _, f := range reports.Formats {
		names = append(names, f.File)
	}
	return strings.Join(names, ", ")
}

// reportWriter writes a run's reports, each where its flag says; one that
// cannot be written there (its directory removed, or replaced by a file,
// while the suite ran) is written into a directory of its own in the
// system's temporary directory instead, and stderr names it; one that
// cannot be written there either is said lost. Either way failed is set:
// the run exits non-zero, so that no report a CI job looks for is
// missing without its job failing.
type reportWriter struct {
	stderr   io.Writer
	failed   bool
	fallback string            // the directory, once made
	moved    map[string]string // path asked for -> where it was written instead
}

// write writes r (cert: see output.write) to out and returns the path it
// is at, or "" if it could not be written anywhere.
func (w *reportWriter) write(out output, r reports.Run, cert *outcome.Certification) string {
	if alt, ok := w.moved[out.path]; ok {
		// written again (a signal came as the reports were written): where
		// it went the first time
		if alt != "" && out.writeTo(alt, r, cert) == nil {
			return alt
		}
		return ""
	}
	err := out.write(r, cert)
	if err == nil {
		return out.path
	}
	w.failed = true
	if w.moved == nil {
		w.moved = map[string]string{}
	}
	alt, altErr := w.fallbackPath(out.path)
	if altErr == nil {
		altErr = out.writeTo(alt, r, cert)
	}
	if altErr != nil {
		w.moved[out.path] = ""
		fmt.Fprintf(w.stderr, "%s: %s: cannot write %s: %v; nor in the temporary directory: %v: this report is lost\n", tool, out.flag, out.path, err, altErr)
		return ""
	}
	w.moved[out.path] = alt
	fmt.Fprintf(w.stderr, "%s: %s: cannot write %s: %v; written to %s instead\n", tool, out.flag, out.path, err, alt)
	return alt
}

// fallbackPath is where a report asked at path goes instead: under its
// own name in the fallback directory (made the first time), a number
// before the name if another report took it.
func (w *reportWriter) fallbackPath(path string) (string, error) {
	if w.fallback == "" {
		dir, err := os.MkdirTemp("", tool+"-reports-")
		if err != nil {
			return "", err
		}
		w.fallback = dir
	}
	name := filepath.Base(path)
	alt := filepath.Join(w.fallback, name)
	for i := 2; ; i++ {
		taken := false
		for _, p := range w.moved {
			taken = taken || p == alt
		}
		if !taken {
			return alt, nil
		}
		alt = filepath.Join(w.fallback, fmt.Sprintf("%d-%s", i, name))
	}
}
