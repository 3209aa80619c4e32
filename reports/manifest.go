package reports

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// Manifest describes a certification bundle: what was tested, with what,
// where and when, the verdict, and a SHA-256 of every other file of the
// bundle.
type Manifest struct {
	Tool          string `json:"tool"`
	Version       string `json:"version"`
	VCSRevision   string `json:"vcs_revision"`
	VCSTime       string `json:"vcs_time,omitempty"`
	VCSModified   bool   `json:"vcs_modified,omitempty"`
	GoVersion     string `json:"go_version"`
	CatalogDigest string `json:"catalog_digest"`
	CatalogRules  int    `json:"catalog_rules"`
	// Command is the certify command; RunCommand the run it started.
	Command       string            `json:"command"`
	RunCommand    string            `json:"run_command"`
	Driver        string            `json:"driver"`
	DriverOptions map[string]string `json:"driver_options"`
	SideA         ndk.Side          `json:"-"`
	SideB         ndk.Side          `json:"-"`
	Adapter       ndk.AdapterInfo   `json:"-"`
	GOOS          string            `json:"goos"`
	GOARCH        string            `json:"goarch"`
	OS            string            `json:"os,omitempty"`
	Hostname      string            `json:"hostname,omitempty"`
	// Waivers are the waivers the run was judged with.
	Waivers Waivers `json:"waivers,omitempty"`
	// Seed orders the specs; DriverSeed is the driver's seed option, if
	// any.
	Seed int64 `json:"seed"`
	// ModelSequences and ModelSteps are the model specs' budget: random
	// consumer sequences per model spec and average steps per sequence
	// (with Seed, they fix the sequences).
	ModelSequences int       `json:"model_sequences,omitempty"`
	ModelSteps     int       `json:"model_steps,omitempty"`
	DriverSeed     string    `json:"driver_seed,omitempty"`
	Start          time.Time `json:"start"`
	End            time.Time `json:"end"`
	// RunExitStatus is the exit status of the run.
	RunExitStatus int      `json:"run_exit_status"`
	Certified     bool     `json:"certified"`
	Reasons       []string `json:"reasons"`
	// Scope is what the verdict speaks for, in words (Scope.String), ""
	// when the run wrote no report.
	Scope string         `json:"scope,omitempty"`
	Files []ManifestFile `json:"files"`
	Note  string         `json:"note"`
}

// ManifestFile is one file of the bundle.
type ManifestFile struct {
	Name   string `json:"name"` // relative to the bundle's directory
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"` // hex
}

// ManifestNote says why the manifest does not list itself.
const ManifestNote = "files lists every file of the bundle except manifest.json itself: a file cannot contain its own hash"

// HashFile is the bundle entry of the file name in dir.
func HashFile(dir, name string) (ManifestFile, error) {
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return ManifestFile{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return ManifestFile{}, err
	}
	return ManifestFile{Name: filepath.ToSlash(name), Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// WriteManifest writes m as indented JSON.
func WriteManifest(w io.Writer, m Manifest) error {
	type plain Manifest
	j := struct {
		plain
		SideA   jsonSide     `json:"side_a"`
		SideB   jsonSide     `json:"side_b"`
		Adapter *jsonAdapter `json:"adapter,omitempty"`
	}{plain(m), jsonSide(m.SideA), jsonSide(m.SideB), adapterJSON(m.Adapter)}
	if j.DriverOptions == nil {
		j.DriverOptions = map[string]string{}
	}
	if j.Reasons == nil {
		j.Reasons = []string{}
	}
	if j.Note == "" {
		j.Note = ManifestNote
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(j)
}
