package bundle

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	v1 "github.com/in-toto/attestation/go/v1"
	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
)

// Predicate is what a bundle's signature attests, besides its files: the
// verdict and its scope, and what was certified with what, as the
// manifest says.
type Predicate struct {
	// Verdict is CERTIFIED, NOT CERTIFIED or NO VERDICT.
	Verdict   string   `json:"verdict"`
	Certified bool     `json:"certified"`
	Reasons   []string `json:"reasons"`
	// Limits are what the verdict does not speak for (not applicable,
	// not observable, not verified, waived, what the suite lacks).
	Limits        []outcome.Limit   `json:"limits"`
	Scope         string            `json:"scope"`
	CatalogDigest string            `json:"catalog_digest"`
	Tool          string            `json:"tool"`
	ToolVersion   string            `json:"tool_version"`
	VCSRevision   string            `json:"vcs_revision"`
	Driver        string            `json:"driver"`
	DriverOptions map[string]string `json:"driver_options"`
	// Adapter identifies the adapter, nil when the run reached none.
	Adapter *Adapter `json:"adapter,omitempty"`
	Start   string   `json:"start"`
	End     string   `json:"end"`
}

// Adapter is the adapter of a predicate, written as the manifest writes
// it.
type Adapter struct {
	VendorID       string `json:"vendor_id"`
	DeviceID       string `json:"device_id"`
	NDKVersion     string `json:"ndk_version"`
	RDMATechnology string `json:"rdma_technology"`
}

// PredicateOf is the predicate of a bundle whose manifest is m.
func PredicateOf(m reports.Manifest) Predicate {
	p := Predicate{
		Verdict: m.Verdict, Certified: m.Certified, Reasons: m.Reasons, Limits: m.Limits, Scope: m.Scope,
		CatalogDigest: m.CatalogDigest, Tool: m.Tool, ToolVersion: m.Version, VCSRevision: m.VCSRevision,
		Driver: m.Driver, DriverOptions: m.DriverOptions,
		Start: m.Start.UTC().Format(time.RFC3339Nano), End: m.End.UTC().Format(time.RFC3339Nano),
	}
	if p.Reasons == nil {
		p.Reasons = []string{}
	}
	if p.Limits == nil {
		p.Limits = []outcome.Limit{}
	}
	if p.DriverOptions == nil {
		p.DriverOptions = map[string]string{}
	}
	if a := m.Adapter; a != (ndk.AdapterInfo{}) {
		p.Adapter = &Adapter{
			VendorID: fmt.Sprintf("0x%04x", a.VendorID), DeviceID: fmt.Sprintf("0x%04x", a.DeviceID),
			NDKVersion:     fmt.Sprintf("%d.%d", a.Version.Major, a.Version.Minor),
			RDMATechnology: reports.TechnologyName(a.RDMATechnology),
		}
	}
	return p
}

// Sign signs the bundle in dir with key, a private key: it writes
// SignatureFile, a DSSE envelope of an in-toto Statement whose subjects
// are every file of the bundle (the manifest included) with its SHA-256,
// and whose predicate (PredicateType) is PredicateOf the manifest. It
// refuses a bundle whose files do not match its manifest.
func Sign(dir string, key *Key) error {
	if key == nil || !key.Private() {
		return errors.New("bundle: signing needs a private key")
	}
	b, err := open(dir)
	if err != nil {
		return err
	}
	if b.manifestErr != nil {
		return fmt.Errorf("bundle: %v", b.manifestErr)
	}
	if f := b.checkFiles(); len(f) > 0 {
		return fmt.Errorf("bundle: %s does not match its manifest (%d findings): %s", dir, len(f), f[0])
	}
	st, err := b.statement()
	if err != nil {
		return err
	}
	return writeEnvelope(dir, key, st)
}

// statement is the statement of the bundle as it is.
func (b *bundle) statement() (*v1.Statement, error) {
	var names []string
	for name := range b.files {
		names = append(names, name)
	}
	sort.Strings(names)
	st := &v1.Statement{Type: v1.StatementTypeUri, PredicateType: PredicateType}
	for _, name := range names {
		st.Subject = append(st.Subject, &v1.ResourceDescriptor{Name: name, Digest: map[string]string{"sha256": b.files[name].SHA256}})
	}
	pj, err := json.Marshal(PredicateOf(b.manifest))
	if err != nil {
		return nil, err
	}
	st.Predicate = &structpb.Struct{}
	if err := protojson.Unmarshal(pj, st.Predicate); err != nil {
		return nil, err
	}
	return st, nil
}

// writeEnvelope signs st with key into dir's SignatureFile.
func writeEnvelope(dir string, key *Key, st *v1.Statement) error {
	if err := st.Validate(); err != nil {
		return fmt.Errorf("bundle: the statement: %v", err)
	}
	payload, err := protojson.Marshal(st)
	if err != nil {
		return err
	}
	signer, err := dsse.NewEnvelopeSigner(key.sv)
	if err != nil {
		return err
	}
	env, err := signer.SignPayload(context.Background(), PayloadType, payload)
	if err != nil {
		return fmt.Errorf("bundle: signing: %v", err)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(env); err != nil {
		return err
	}
	tmp := filepath.Join(dir, "."+SignatureFile+".tmp")
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(dir, SignatureFile)); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
