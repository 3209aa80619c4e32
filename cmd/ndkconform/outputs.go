package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/ndkconform/ndkconform/reports"
)

// output is a report a run writes: the flag that asked for it, its path,
// and its writer.
type output struct {
	flag, path string
	write      func(io.Writer, reports.Run) error
}

// reportFormat is a format of report `run` writes: its flag, its file
// name in an --out directory (and in certify's bundle), its writer.
type reportFormat struct {
	name, flag, file, usage string
	write                   func(io.Writer, reports.Run) error
}

var reportFormats = []reportFormat{
	{"junit", "junit-report", "junit.xml", "write a JUnit XML report to `PATH`", reports.WriteJUnit},
	{"json", "json-report", "report.json", "write a JSON report to `PATH`", reports.WriteJSON},
	{"html", "html-report", "report.html", "write a self-contained HTML report to `PATH`: the verdict, the provider and adapter, and every rule of the catalog with its outcome", writeHTML},
}

// outputs are the reports the flags ask for: each --FORMAT-report, and
// every format into --out DIR.
func (o *runOptions) outputs() ([]output, error) {
	var outs []output
	for _, f := range reportFormats {
		if p := o.reportPaths[f.name]; p != nil && *p != "" {
			outs = append(outs, output{flag: "--" + f.flag, path: *p, write: f.write})
		}
	}
	if o.outDir != "" {
		for _, f := range reportFormats {
			outs = append(outs, output{flag: "--out", path: filepath.Join(o.outDir, f.file), write: f.write})
		}
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

// formatFiles names the files --out writes.
func formatFiles() string {
	s := ""
	for i, f := range reportFormats {
		if i > 0 {
			s += ", "
		}
		s += f.file
	}
	return s
}
