// Package bundle is a certification bundle: verifying and signing it.
//
// A bundle is the directory `ndkconform certify --out DIR` writes: the
// reports, the run's log and ManifestFile, which lists every other file
// with its size and SHA-256 and states the verdict. Sign adds
// SignatureFile: an in-toto attestation Statement (v1) in a DSSE envelope,
// whose subjects are every file of the bundle (the manifest included)
// and whose predicate (PredicateType) is the verdict and its scope. Verify
// checks a bundle and returns what is wrong with it, one finding a line.
//
// Keys are ed25519 or ECDSA P-256 PEM files:
//
//	openssl genpkey -algorithm ed25519 -out PRIV.pem
//	openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out PRIV.pem
//	openssl pkey -in PRIV.pem -pubout -out PUB.pem
package bundle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/ndkconform/ndkconform/reports"
)

// The names and types of a bundle.
const (
	// ManifestFile is the manifest (reports.Manifest).
	ManifestFile = "manifest.json"
	// SignatureFile is the signature: a DSSE envelope (JSON).
	SignatureFile = "attestation.dsse.json"
	// ReportFile is the JSON report, from which the verdict is
	// recomputed.
	ReportFile = "report.json"
	// PayloadType is the envelope's payload type: an in-toto Statement.
	PayloadType = "application/vnd.in-toto+json"
	// PredicateType is the statement's predicate type: a certification
	// by ndkconform (Predicate).
	PredicateType = "https://github.com/ndkconform/ndkconform/certification/v1"
)

// bundle is a bundle's directory as read.
type bundle struct {
	dir string
	// files are the regular files of the directory but the signature,
	// each with its size and SHA-256.
	files map[string]reports.ManifestFile
	// odd are the findings of the directory's other entries.
	odd         []string
	manifest    reports.Manifest
	manifestErr error // why the manifest could not be read
}

// open reads the bundle in dir: it hashes every file.
func open(dir string) (*bundle, error) {
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	b := &bundle{dir: dir, files: map[string]reports.ManifestFile{}}
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == SignatureFile && e.Type().IsRegular():
		case e.Type().IsRegular():
			f, err := reports.HashFile(dir, name)
			if err != nil {
				b.odd = append(b.odd, fmt.Sprintf("%s: %v", name, err))
				continue
			}
			b.files[name] = f
		case e.IsDir():
			b.odd = append(b.odd, fmt.Sprintf("%s: a directory in the bundle (a bundle is files only)", name))
		default:
			b.odd = append(b.odd, fmt.Sprintf("%s: not a regular file (%s; a bundle is regular files only)", name, e.Type()))
		}
	}
	if _, ok := b.files[ManifestFile]; !ok {
		b.manifestErr = fmt.Errorf("%s is missing: nothing says what the bundle holds", ManifestFile)
		return b, nil
	}
	data, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err == nil {
		b.manifest, err = reports.ReadManifest(bytes.NewReader(data))
	}
	if err != nil {
		b.manifestErr = fmt.Errorf("%s: not a manifest: %v", ManifestFile, err)
	}
	return b, nil
}

// checkFiles compares the bundle's files with its manifest's list: every
// file listed present with its size and SHA-256, and no other file (but
// the manifest and the signature).
func (b *bundle) checkFiles() []string {
	findings := slices.Clone(b.odd)
	listed := map[string]bool{}
	for _, mf := range b.manifest.Files {
		name := mf.Name
		switch {
		case name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) || name == ManifestFile || name == SignatureFile:
			findings = append(findings, fmt.Sprintf("the manifest lists %q, which cannot be a file it hashes", name))
			continue
		case listed[name]:
			findings = append(findings, fmt.Sprintf("%s: listed twice in the manifest", name))
			continue
		}
		listed[name] = true
		f, ok := b.files[name]
		switch {
		case !ok:
			findings = append(findings, fmt.Sprintf("%s: missing (the manifest lists it, %d bytes)", name, mf.Size))
		case f.Size != mf.Size || f.SHA256 != mf.SHA256:
			findings = append(findings, fmt.Sprintf("%s: changed: %d bytes, SHA-256 %s; the manifest lists %d bytes, SHA-256 %s", name, f.Size, f.SHA256, mf.Size, mf.SHA256))
		}
	}
	for _, name := range b.names() {
		if !listed[name] && name != ManifestFile {
			findings = append(findings, fmt.Sprintf("%s: not listed in the manifest (a file added to the bundle?)", name))
		}
	}
	return findings
}

// names are the names of the bundle's files, sorted.
func (b *bundle) names() []string {
	var names []string
	for name := range b.files {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Options are how Verify checks a bundle.
type Options struct {
	// Key is the public key the bundle must be signed by; nil: the
	// statement a signature carries is checked, the signature itself
	// cannot be (a finding unless AllowUnsigned).
	Key *Key
	// AllowUnsigned accepts a bundle without a checked signature: one
	// not signed, or verified without a Key.
	AllowUnsigned bool
	// Recompute is the verdict of the run ReportFile describes, as this
	// tool computes it; nil: the verdict is not recomputed.
	Recompute func(reportJSON []byte) (certified bool, reasons []string, err error)
	// CatalogDigest is the rule catalog the bundle must have been judged
	// with: the running tool's (catalog.Digest()); empty: not checked.
	CatalogDigest string
}

// Result is what Verify found.
type Result struct {
	// Findings are what is wrong with the bundle, one line each; none:
	// the bundle is valid.
	Findings []string
	// Manifest is the bundle's manifest, as read (zero when it could not
	// be).
	Manifest reports.Manifest
	// Signed: the bundle has a signature file.
	Signed bool
	// SignedBy is the ID of the key whose signature was verified, "" when
	// none was.
	SignedBy string
}

// OK reports whether the bundle is valid: no finding.
func (r Result) OK() bool { return len(r.Findings) == 0 }

// Verdict is the manifest's verdict with its scope: "CERTIFIED for N of M
// catalog rules passed (...)", NOT CERTIFIED or NO VERDICT likewise.
func (r Result) Verdict() string {
	v := r.Manifest.Verdict
	if v == "" || (v == "CERTIFIED") != r.Manifest.Certified {
		v = verdict(r.Manifest.Certified, nil)
	}
	if r.Manifest.Scope != "" {
		v += " " + r.Manifest.Scope
	}
	return v
}

// verdict is CERTIFIED, or NOT CERTIFIED with its reasons in brackets.
func verdict(certified bool, reasons []string) string {
	if certified {
		return "CERTIFIED"
	}
	if len(reasons) == 0 {
		return "NOT CERTIFIED"
	}
	return "NOT CERTIFIED (" + strings.Join(reasons, "; ") + ")"
}

// Verify checks the bundle in dir: its files against the manifest, the
// manifest's catalog digest against opts.CatalogDigest, its verdict
// against the one opts.Recompute computes from the JSON report, and its
// signature (see Options). The error is for a dir that cannot be read;
// anything wrong with the bundle is a finding.
func Verify(dir string, opts Options) (Result, error) {
	b, err := open(dir)
	if err != nil {
		return Result{}, err
	}
	var r Result
	add := func(f ...string) { r.Findings = append(r.Findings, f...) }
	if b.manifestErr != nil {
		add(b.odd...)
		add(b.manifestErr.Error())
	} else {
		r.Manifest = b.manifest
		add(b.checkFiles()...)
		if opts.CatalogDigest != "" && b.manifest.CatalogDigest != opts.CatalogDigest {
			add(fmt.Sprintf("the manifest's catalog digest %s is not this tool's, %s: the bundle was judged with another rule catalog", b.manifest.CatalogDigest, opts.CatalogDigest))
		}
		if opts.Recompute != nil {
			add(b.recompute(opts.Recompute)...)
		}
	}
	add(b.checkSignature(opts, &r)...)
	return r, nil
}

// recompute compares the manifest's verdict with the one recomputed from
// the JSON report.
func (b *bundle) recompute(fn func([]byte) (bool, []string, error)) []string {
	if _, ok := b.files[ReportFile]; !ok {
		return []string{fmt.Sprintf("%s is missing: the verdict cannot be recomputed", ReportFile)}
	}
	data, err := os.ReadFile(filepath.Join(b.dir, ReportFile))
	if err != nil {
		return []string{fmt.Sprintf("%s: %v", ReportFile, err)}
	}
	certified, reasons, err := fn(data)
	if err != nil {
		return []string{fmt.Sprintf("%s: the verdict cannot be recomputed: %v", ReportFile, err)}
	}
	m := b.manifest
	if certified != m.Certified || !slices.Equal(reasons, m.Reasons) {
		return []string{fmt.Sprintf("the verdict recomputed from %s, %s, is not the manifest's, %s", ReportFile, verdict(certified, reasons), verdict(m.Certified, m.Reasons))}
	}
	return nil
}

// diffFields returns a line for each field of want (a JSON object) that
// got (a JSON object too) has otherwise.
func diffFields(what string, got, want any) []string {
	gm, wm := toMap(got), toMap(want)
	var keys []string
	for k := range wm {
		keys = append(keys, k)
	}
	for k := range gm {
		if _, ok := wm[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		g, w := gm[k], wm[k]
		if g == "" {
			g = "nothing"
		}
		if w == "" {
			w = "nothing"
		}
		if g != w {
			out = append(out, fmt.Sprintf("%s says %s %s, the manifest %s", what, k, g, w))
		}
	}
	return out
}

// toMap is v's JSON object as fields, each in one JSON form whoever
// encoded it.
func toMap(v any) map[string]string {
	data, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var m map[string]any
	if json.Unmarshal(data, &m) != nil {
		return nil
	}
	out := map[string]string{}
	for k, x := range m {
		b, _ := json.Marshal(x)
		out[k] = string(b)
	}
	return out
}
