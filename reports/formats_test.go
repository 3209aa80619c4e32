package reports

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/outcome"
)

func TestFormats(t *testing.T) {
	r := brokenRun(t, 3)
	cert := outcome.Certify(r.Result)
	// What each format's output must be; a new format needs a check here.
	checks := map[string]func(t *testing.T, out []byte, cert *outcome.Certification){
		"junit": func(t *testing.T, out []byte, _ *outcome.Certification) {
			var doc JUnitTestSuites
			if err := xml.Unmarshal(out, &doc); err != nil || len(doc.TestSuite) != 1 || doc.Tests != r.Counts().Specs.Selected {
				t.Errorf("not the run's JUnit: %v %+v", err, doc)
			}
		},
		"json": func(t *testing.T, out []byte, cert *outcome.Certification) {
			back, err := ReadJSON(bytes.NewReader(out))
			if err != nil || len(back.Specs) != len(r.Specs) || back.Verdict != r.Verdict || back.Counts() != r.Counts() {
				t.Errorf("not the run's JSON: %v", err)
			}
			if cert != nil && (back.Recorded.Certification == nil || back.Recorded.Certification.Verdict != "NOT CERTIFIED") {
				t.Errorf("the JSON lacks its certification: %+v", back.Recorded)
			}
			if cert == nil && back.Recorded.Certification != nil {
				t.Errorf("a plain run's JSON has a certification: %+v", back.Recorded.Certification)
			}
		},
		"html": func(t *testing.T, out []byte, cert *outcome.Certification) {
			want := `<div class="verdict bad">FAIL</div>`
			if cert != nil {
				want = `<div class="verdict bad">NOT CERTIFIED</div>`
			}
			if !strings.HasPrefix(string(out), "<!DOCTYPE html>") || !strings.Contains(string(out), want) {
				t.Errorf("the page lacks %s", want)
			}
		},
	}
	names, flags, files := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, f := range Formats {
		if names[f.Name] || flags[f.Flag] || files[f.File] {
			t.Errorf("%s: a name, flag or file of another format", f.Name)
		}
		names[f.Name], flags[f.Flag], files[f.File] = true, true, true
		if f.Flag != f.Name+"-report" || !strings.Contains(f.Usage, "`PATH`") || f.Description == "" || f.File == "" || strings.ContainsAny(f.File, `/\`) {
			t.Errorf("%s: flag %q usage %q description %q file %q", f.Name, f.Flag, f.Usage, f.Description, f.File)
		}
		if g, ok := FormatNamed(f.Name); !ok || g.Flag != f.Flag {
			t.Errorf("FormatNamed(%q) = %v, %v", f.Name, g.Flag, ok)
		}
		check := checks[f.Name]
		if check == nil {
			t.Errorf("format %s has no check in this test", f.Name)
			continue
		}
		var plain, certified bytes.Buffer
		if err := f.Write(&plain, r, nil); err != nil {
			t.Fatal(err)
		}
		if err := f.Write(&certified, r, &cert); err != nil {
			t.Fatal(err)
		}
		check(t, plain.Bytes(), nil)
		check(t, certified.Bytes(), &cert)
		if !f.Certification && !bytes.Equal(plain.Bytes(), certified.Bytes()) {
			t.Errorf("%s depends on the certification but does not say so", f.Name)
		}
	}
	if len(Formats) != 3 || !names["junit"] || !names["json"] || !names["html"] {
		t.Errorf("formats %v", names)
	}
	if _, ok := FormatNamed("pdf"); ok {
		t.Errorf("FormatNamed found pdf")
	}
	if f, _ := FormatNamed("html"); !f.Certification || f.File != "report.html" {
		t.Errorf("html: %+v", f)
	}
}
