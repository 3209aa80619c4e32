package reports

import (
	"io"

	"github.com/ndkconform/ndkconform/outcome"
)

// Format is a report format: the run command's flag that writes it, its
// file in a certification bundle and its writer. Formats lists them all:
// the CLI makes one --FLAG PATH of run per entry, and certify writes one
// bundle file per entry, so adding a format is adding an entry.
type Format struct {
	// Name names the format: "junit", "json", "html".
	Name string
	// Flag is the name of run's flag that writes the report to a path
	// ("junit-report": --junit-report PATH).
	Flag string
	// File is the report's file name in a certification bundle
	// ("junit.xml").
	File string
	// Usage is the help text of Flag; PATH in back quotes names the flag's
	// argument, as package flag wants.
	Usage string
	// Description says what the file holds, in a few words, for a list of
	// the bundle's files ("JUnit XML, one testcase per spec").
	Description string
	// Certification is true for a format that shows the certification
	// verdict when Write is given one (json records it, html shows it):
	// certify writes it itself, after judging the run; the others do not
	// depend on it.
	Certification bool
	// Write writes run r in the format; cert is the certification verdict
	// (certify), or nil (a plain run).
	Write func(w io.Writer, r Run, cert *outcome.Certification) error
}

// Formats are the report formats, in the order run lists their flags and
// certify lists their files.
var Formats = []Format{
	{
		Name: "junit", Flag: "junit-report", File: "junit.xml",
		Usage:       "write a JUnit XML report to `PATH`: one testcase per selected spec, the rule IDs in its name and as properties; a waived failure is a skip",
		Description: "JUnit XML, one testcase per spec",
		Write:       func(w io.Writer, r Run, _ *outcome.Certification) error { return WriteJUnit(w, r) },
	},
	{
		Name: "json", Flag: "json-report", File: "report.json", Certification: true,
		Usage:       "write a JSON report to `PATH`: every spec (a failed one with the command that reruns it), rule results, waivers, provider, adapter",
		Description: "everything: specs, rule results, waivers, provider, adapter",
		Write:       func(w io.Writer, r Run, cert *outcome.Certification) error { return WriteJSON(w, r, cert) },
	},
	{
		Name: "html", Flag: "html-report", File: "report.html", Certification: true,
		Usage:       "write a self-contained HTML report to `PATH`: the verdict, the failed rules, the provider and adapter, and every rule of the catalog with its outcome",
		Description: "the human report: verdict, failed rules, adapter, every rule and its outcome",
		Write:       func(w io.Writer, r Run, cert *outcome.Certification) error { return WriteHTML(w, r, cert) },
	},
}

// FormatNamed returns the format of Formats named name.
func FormatNamed(name string) (Format, bool) {
	for _, f := range Formats {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}
