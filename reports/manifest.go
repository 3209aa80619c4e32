package reports

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
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
	// Components are what served the provider besides its driver: for
	// the remote driver, each agent's address, version, protocol, driver
	// and options, as it reported them.
	Components []ndk.Component `json:"components,omitempty"`
	GOOS       string          `json:"goos"`
	GOARCH     string          `json:"goarch"`
	OS         string          `json:"os,omitempty"`
	Hostname   string          `json:"hostname,omitempty"`
	// Waivers are the waivers the run was judged with.
	Waivers outcome.Waivers `json:"waivers,omitempty"`
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
	RunExitStatus int `json:"run_exit_status"`
	// Verdict is certify's verdict word: CERTIFIED, NOT CERTIFIED, or NO
	// VERDICT (the run was cut short, or the harness or the lab failed).
	Verdict   string   `json:"verdict"`
	Certified bool     `json:"certified"`
	Reasons   []string `json:"reasons"`
	// Limits are what the verdict does not speak for (outcome.Limits).
	Limits []outcome.Limit `json:"limits"`
	// Scope is what the verdict speaks for, in words (outcome.Scope), and
	// Counts the run's counts (outcome.Count), as every report has them;
	// both empty when the run could not start.
	Scope  string          `json:"scope,omitempty"`
	Counts *outcome.Counts `json:"counts,omitempty"`
	Files  []ManifestFile  `json:"files"`
	Note   string          `json:"note"`
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

// WriteManifest writes m as indented JSON. The adapter's IDs are written
// as the other reports show them, in hexadecimal strings: "vendor_id":
// "0x15b3", "device_id": "0x1017" (at least four digits) and
// "adapter_flags": "0x00000001" (eight); its other numbers are numbers.
// ReadManifest reads it back.
func WriteManifest(w io.Writer, m Manifest) error {
	j := manifestJSON{plain: plain(m), SideA: jsonSide(m.SideA), SideB: jsonSide(m.SideB)}
	if a := adapterJSON(m.Adapter); a != nil {
		j.Adapter = &manifestAdapter{jsonAdapter: *a, VendorID: hexID(a.VendorID), DeviceID: hexID(a.DeviceID), AdapterFlags: hexFlags(a.AdapterFlags)}
	}
	if j.DriverOptions == nil {
		j.DriverOptions = map[string]string{}
	}
	if j.Reasons == nil {
		j.Reasons = []string{}
	}
	if j.Limits == nil {
		j.Limits = []outcome.Limit{}
	}
	if j.Note == "" {
		j.Note = ManifestNote
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(j)
}

// ReadManifest reads a manifest WriteManifest wrote. It also takes the
// adapter's IDs as JSON numbers, as manifests written before they were
// hexadecimal have them.
func ReadManifest(rd io.Reader) (Manifest, error) {
	var j manifestJSON
	if err := json.NewDecoder(rd).Decode(&j); err != nil {
		return Manifest{}, err
	}
	m := Manifest(j.plain)
	m.SideA, m.SideB = ndk.Side(j.SideA), ndk.Side(j.SideB)
	if a := j.Adapter; a != nil {
		a.jsonAdapter.VendorID, a.jsonAdapter.DeviceID, a.jsonAdapter.AdapterFlags = uint32(a.VendorID), uint32(a.DeviceID), uint32(a.AdapterFlags)
		info, err := a.info()
		if err != nil {
			return Manifest{}, err
		}
		m.Adapter = info
	}
	return m, nil
}

type plain Manifest

// manifestJSON is the JSON form of a manifest.
type manifestJSON struct {
	plain
	SideA   jsonSide         `json:"side_a"`
	SideB   jsonSide         `json:"side_b"`
	Adapter *manifestAdapter `json:"adapter,omitempty"`
}

// manifestAdapter is the adapter's JSON form with its IDs in hexadecimal
// (its fields hide jsonAdapter's of the same names).
type manifestAdapter struct {
	jsonAdapter
	VendorID     hexID    `json:"vendor_id"`
	DeviceID     hexID    `json:"device_id"`
	AdapterFlags hexFlags `json:"adapter_flags"`
}

// hexID is a PCI vendor or device ID: "0x15b3" in JSON.
type hexID uint32

// hexFlags is a flags word: "0x00000001" in JSON.
type hexFlags uint32

func (h hexID) MarshalJSON() ([]byte, error) { return json.Marshal(fmt.Sprintf("0x%04x", uint32(h))) }
func (h hexFlags) MarshalJSON() ([]byte, error) {
	return json.Marshal(fmt.Sprintf("0x%08x", uint32(h)))
}
func (h *hexID) UnmarshalJSON(b []byte) error { return unmarshalHex(b, (*uint32)(h)) }
func (h *hexFlags) UnmarshalJSON(b []byte) error {
	return unmarshalHex(b, (*uint32)(h))
}

// unmarshalHex decodes "0x..." or a JSON number into v.
func unmarshalHex(b []byte, v *uint32) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return json.Unmarshal(b, v) // a number
	}
	digits, ok := strings.CutPrefix(strings.ToLower(s), "0x")
	if !ok {
		return fmt.Errorf("reports: %q is not a hexadecimal number (0x...)", s)
	}
	n, err := strconv.ParseUint(digits, 16, 32)
	if err != nil {
		return fmt.Errorf("reports: %q is not a 32-bit hexadecimal number", s)
	}
	*v = uint32(n)
	return nil
}
