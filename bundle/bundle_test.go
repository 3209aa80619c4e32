package bundle

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	v1 "github.com/in-toto/attestation/go/v1"
	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
)

// digest stands for the running tool's catalog digest.
var digest = strings.Repeat("d0", 32)

// recompute is the CLI's verdict: outcome.Certify of the JSON report
// judged again.
func recompute(data []byte) (bool, []string, error) {
	r, err := reports.ReadJSON(bytes.NewReader(data))
	if err != nil {
		return false, nil, err
	}
	c := outcome.Certify(r.Result)
	return c.Certified, c.Reasons, nil
}

// newBundle writes a bundle into a new directory as certify does: a
// certified run's JSON report, the other files, and the manifest listing
// them.
func newBundle(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	run := reports.New(reports.Meta{Tool: "ndkconform", Version: "v1.2.3", Driver: "sim", Start: t0, End: t0.Add(time.Minute)},
		outcome.Run{Specs: []outcome.Spec{{Name: "a spec", Rules: []string{"LC-14"}, State: outcome.Passed}}}, nil)
	c := outcome.Certify(run.Result)
	var rj bytes.Buffer
	if err := reports.WriteJSON(&rj, run, &c); err != nil {
		t.Fatal(err)
	}
	if !c.Certified {
		t.Fatalf("the fixture's run is not certified: %q", c.Reasons)
	}
	files := map[string]string{
		"junit.xml":   "<testsuites></testsuites>\n",
		"report.json": rj.String(),
		"report.html": "<!doctype html><title>report</title>\n",
		"run.log":     "ndkconform certify: ndkconform certify --out x\n",
	}
	m := reports.Manifest{
		Tool: "ndkconform", Version: "v1.2.3", VCSRevision: "v1.2.3-0-gabcdef0", CatalogDigest: digest, CatalogRules: 1,
		Driver: "sim", DriverOptions: map[string]string{"completion": "deferred"},
		Adapter: ndk.AdapterInfo{VendorID: 0x1af4, DeviceID: 0x4e44, Version: ndk.Version{Major: 1, Minor: 2}},
		Start:   t0, End: t0.Add(time.Minute), Verdict: "CERTIFIED", Certified: c.Certified, Reasons: c.Reasons, Limits: c.Limits, Scope: outcome.Scope(c.Counts.Rules),
	}
	for _, name := range []string{"junit.xml", "report.json", "report.html", "run.log"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := reports.HashFile(dir, name)
		if err != nil {
			t.Fatal(err)
		}
		m.Files = append(m.Files, f)
	}
	writeManifest(t, dir, m)
	return dir
}

func writeManifest(t *testing.T, dir string, m reports.Manifest) {
	t.Helper()
	var buf bytes.Buffer
	if err := reports.WriteManifest(&buf, m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// pemKey is the PEM form of a private key (PKCS#8) or public key (SPKI).
func pemKey(t *testing.T, k any) []byte {
	t.Helper()
	if s, ok := k.(crypto.Signer); ok {
		der, err := x509.MarshalPKCS8PrivateKey(s)
		if err != nil {
			t.Fatal(err)
		}
		return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
	}
	der, err := x509.MarshalPKIXPublicKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})
}

// newKeys returns a new private key of the algorithm ("ed25519" or
// "p256") and its public key.
func newKeys(t *testing.T, alg string) (priv, pub *Key) {
	t.Helper()
	var s crypto.Signer
	var err error
	switch alg {
	case "ed25519":
		_, s, err = ed25519.GenerateKey(rand.Reader)
	case "p256":
		s, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	}
	if err != nil {
		t.Fatal(err)
	}
	priv, err = ParseKey(pemKey(t, s))
	if err != nil {
		t.Fatal(err)
	}
	pub, err = ParseKey(pemKey(t, s.Public()))
	if err != nil {
		t.Fatal(err)
	}
	return priv, pub
}

func readEnvelope(t *testing.T, dir string) (dsse.Envelope, *v1.Statement) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, SignatureFile))
	if err != nil {
		t.Fatal(err)
	}
	var env dsse.Envelope
	if err := json.Unmarshal(data, &env); err != nil {
		t.Fatal(err)
	}
	payload, err := env.DecodeB64Payload()
	if err != nil {
		t.Fatal(err)
	}
	var st v1.Statement
	if err := protojson.Unmarshal(payload, &st); err != nil {
		t.Fatal(err)
	}
	return env, &st
}

func writeEnvelopeJSON(t *testing.T, dir string, env dsse.Envelope) {
	t.Helper()
	data, err := json.Marshal(env)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, SignatureFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func verify(t *testing.T, dir string, opts Options) Result {
	t.Helper()
	if opts.Recompute == nil {
		opts.Recompute = recompute
	}
	if opts.CatalogDigest == "" {
		opts.CatalogDigest = digest
	}
	r, err := Verify(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSignedBundleVerifies: a fresh bundle signed with an ed25519 or a
// P-256 key verifies against the public key; the signature is an in-toto
// Statement v1 in a DSSE envelope whose subjects are every file, the
// manifest included, and whose predicate is the manifest's verdict.
func TestSignedBundleVerifies(t *testing.T) {
	for _, alg := range []string{"ed25519", "p256"} {
		t.Run(alg, func(t *testing.T) {
			dir := newBundle(t)
			priv, pub := newKeys(t, alg)
			if err := Sign(dir, priv); err != nil {
				t.Fatal(err)
			}
			for _, k := range []*Key{pub, priv} { // a private key verifies too
				r := verify(t, dir, Options{Key: k})
				if !r.OK() || !r.Signed || r.SignedBy != pub.ID() || pub.ID() != priv.ID() {
					t.Errorf("findings %q, signed %v by %q (key %s)", r.Findings, r.Signed, r.SignedBy, pub.ID())
				}
				if want := "CERTIFIED " + r.Manifest.Scope; r.Verdict() != want || !strings.HasPrefix(r.Manifest.Scope, "for 1 of ") {
					t.Errorf("verdict %q, want %q", r.Verdict(), want)
				}
			}

			env, st := readEnvelope(t, dir)
			if env.PayloadType != "application/vnd.in-toto+json" || len(env.Signatures) != 1 || env.Signatures[0].KeyID != pub.ID() {
				t.Errorf("envelope: payload type %q, signatures %+v", env.PayloadType, env.Signatures)
			}
			if st.GetType() != "https://in-toto.io/Statement/v1" || st.GetPredicateType() != "https://github.com/ndkconform/ndkconform/certification/v1" {
				t.Errorf("statement type %q, predicate type %q", st.GetType(), st.GetPredicateType())
			}
			var subjects []string
			for _, s := range st.GetSubject() {
				b, err := os.ReadFile(filepath.Join(dir, s.GetName()))
				sum := sha256.Sum256(b)
				if err != nil || s.GetDigest()["sha256"] != hex.EncodeToString(sum[:]) {
					t.Errorf("subject %s: %v, digest %v", s.GetName(), err, s.GetDigest())
				}
				subjects = append(subjects, s.GetName())
			}
			if want := []string{"junit.xml", "manifest.json", "report.html", "report.json", "run.log"}; !slices.Equal(subjects, want) {
				t.Errorf("subjects %q, want %q", subjects, want)
			}
			p := st.GetPredicate().AsMap()
			if p["certified"] != true || p["catalog_digest"] != digest || p["tool_version"] != "v1.2.3" || p["driver"] != "sim" ||
				p["adapter"].(map[string]any)["vendor_id"] != "0x1af4" || !strings.HasPrefix(p["scope"].(string), "for 1 of ") || p["verdict"] != "CERTIFIED" {
				t.Errorf("predicate %v", p)
			}
		})
	}
}

// TestUnsigned: a bundle without a checked signature is a finding of its
// own, unless unsigned bundles are accepted.
func TestUnsigned(t *testing.T) {
	dir := newBundle(t)
	if r := verify(t, dir, Options{}); len(r.Findings) != 1 || r.Findings[0] != "the bundle is not signed (no attestation.dsse.json)" || r.Signed {
		t.Errorf("unsigned: %q", r.Findings)
	}
	if r := verify(t, dir, Options{AllowUnsigned: true}); !r.OK() || r.Signed || r.SignedBy != "" {
		t.Errorf("unsigned, allowed: %q", r.Findings)
	}
	_, pub := newKeys(t, "ed25519")
	if r := verify(t, dir, Options{Key: pub, AllowUnsigned: true}); len(r.Findings) != 1 || !strings.HasPrefix(r.Findings[0], "the bundle is not signed (no attestation.dsse.json), and a key was given") {
		t.Errorf("unsigned, with a key: %q", r.Findings)
	}

	// Signed, but no key to check the signature with: the statement is
	// checked, the signature cannot be.
	priv, _ := newKeys(t, "ed25519")
	if err := Sign(dir, priv); err != nil {
		t.Fatal(err)
	}
	if r := verify(t, dir, Options{}); len(r.Findings) != 1 || r.Findings[0] != "the signature (by key SHA256:"+priv.ID()+") is not checked: no public key was given" || !r.Signed {
		t.Errorf("signed, no key: %q", r.Findings)
	}
	if r := verify(t, dir, Options{AllowUnsigned: true}); !r.OK() || !r.Signed || r.SignedBy != "" {
		t.Errorf("signed, no key, allowed: %q %+v", r.Findings, r)
	}
}

// TestTampering: each change to a signed bundle is refused with its own
// findings, and only those.
func TestTampering(t *testing.T) {
	priv, pub := newKeys(t, "ed25519")
	other, otherPub := newKeys(t, "ed25519")
	replace := func(t *testing.T, dir, name, old, new string) {
		t.Helper()
		path := filepath.Join(dir, name)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(b, []byte(old)) {
			t.Fatalf("%s has no %q", name, old)
		}
		if err := os.WriteFile(path, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name   string
		tamper func(t *testing.T, dir string)
		opts   Options
		want   []string // the findings' beginnings, in order
	}{
		{"nothing", func(*testing.T, string) {}, Options{}, nil},
		{"a changed byte in report.json", func(t *testing.T, dir string) {
			replace(t, dir, "report.json", `"tool": "ndkconform"`, `"tool": "ndkconforn"`)
		}, Options{}, []string{
			"report.json: changed: ", // same size, another SHA-256
			"report.json: its SHA-256 ",
		}},
		{"the verdict flipped in manifest.json", func(t *testing.T, dir string) {
			replace(t, dir, "manifest.json", `"certified": true`, `"certified": false`)
		}, Options{}, []string{
			"the verdict recomputed from report.json, CERTIFIED, is not the manifest's, NOT CERTIFIED",
			"manifest.json: its SHA-256 ",
			"the signed predicate says certified true, the manifest false",
		}},
		{"a file added", func(t *testing.T, dir string) {
			os.WriteFile(filepath.Join(dir, "extra.txt"), []byte("x"), 0o644)
		}, Options{}, []string{
			"extra.txt: not listed in the manifest",
			"extra.txt: not a subject of the signed statement",
		}},
		{"a file removed", func(t *testing.T, dir string) {
			os.Remove(filepath.Join(dir, "run.log"))
		}, Options{}, []string{
			"run.log: missing (the manifest lists it, ",
			"run.log: a subject of the signed statement, missing from the bundle",
		}},
		{"a directory added", func(t *testing.T, dir string) {
			os.Mkdir(filepath.Join(dir, "sub"), 0o755)
		}, Options{}, []string{
			"sub: a directory in the bundle",
		}},
		{"report.json removed from the manifest and the bundle", func(t *testing.T, dir string) {
			replace(t, dir, "manifest.json", `"name": "report.json"`, `"name": "../report.json"`)
			os.Remove(filepath.Join(dir, "report.json"))
		}, Options{AllowUnsigned: true}, []string{
			`the manifest lists "../report.json", which cannot be a file it hashes`,
			"report.json is missing: the verdict cannot be recomputed",
			"manifest.json: its SHA-256 ",
			"report.json: a subject of the signed statement, missing from the bundle",
		}},
		{"a wrong public key", func(*testing.T, string) {}, Options{Key: otherPub}, []string{
			"the bundle is signed by key SHA256:" + priv.ID() + ", not by the key given (SHA256:" + otherPub.ID() + ")",
		}},
		{"re-signed by another key", func(t *testing.T, dir string) {
			if err := Sign(dir, other); err != nil {
				t.Fatal(err)
			}
		}, Options{}, []string{
			"the bundle is signed by key SHA256:" + other.ID() + ", not by the key given (SHA256:" + pub.ID() + ")",
		}},
		{"signed by another key under the key's ID", func(t *testing.T, dir string) {
			if err := Sign(dir, other); err != nil {
				t.Fatal(err)
			}
			env, _ := readEnvelope(t, dir)
			env.Signatures[0].KeyID = pub.ID()
			writeEnvelopeJSON(t, dir, env)
		}, Options{}, []string{
			"the signature of key SHA256:" + pub.ID() + " is not valid",
		}},
		{"the statement changed after signing", func(t *testing.T, dir string) {
			env, st := readEnvelope(t, dir)
			st.Predicate.Fields["certified"] = structpb.NewBoolValue(false)
			payload, err := protojson.Marshal(st)
			if err != nil {
				t.Fatal(err)
			}
			env.Payload = base64.StdEncoding.EncodeToString(payload)
			writeEnvelopeJSON(t, dir, env)
		}, Options{}, []string{
			"the signature of key SHA256:" + pub.ID() + " is not valid",
			"the signed predicate says certified false, the manifest true",
		}},
		{"a statement whose subjects do not match", func(t *testing.T, dir string) {
			b, err := open(dir)
			if err != nil {
				t.Fatal(err)
			}
			st, err := b.statement()
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range st.Subject {
				if s.Name == "report.json" {
					s.Digest["sha256"] = strings.Repeat("ab", 32)
				}
			}
			st.Subject = slices.DeleteFunc(st.Subject, func(s *v1.ResourceDescriptor) bool { return s.Name == "junit.xml" })
			if err := writeEnvelope(dir, priv, st); err != nil { // signed by the right key
				t.Fatal(err)
			}
		}, Options{}, []string{
			"report.json: its SHA-256 ",
			"junit.xml: not a subject of the signed statement",
		}},
		{"judged with another catalog", func(*testing.T, string) {}, Options{CatalogDigest: strings.Repeat("99", 32)}, []string{
			"the manifest's catalog digest " + digest + " is not this tool's, " + strings.Repeat("99", 32),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := newBundle(t)
			if err := Sign(dir, priv); err != nil {
				t.Fatal(err)
			}
			tc.tamper(t, dir)
			if tc.opts.Key == nil && !tc.opts.AllowUnsigned {
				tc.opts.Key = pub
			}
			r := verify(t, dir, tc.opts)
			ok := len(r.Findings) == len(tc.want)
			for i := 0; ok && i < len(tc.want); i++ {
				ok = strings.HasPrefix(r.Findings[i], tc.want[i])
			}
			if !ok {
				t.Errorf("findings:\n  %s\nwant:\n  %s", strings.Join(r.Findings, "\n  "), strings.Join(tc.want, "\n  "))
			}
			if r.OK() != (tc.want == nil) {
				t.Errorf("OK %v", r.OK())
			}
		})
	}
}

// TestUnsignedTampering: without a signature, the manifest's hashes and
// the recomputed verdict still catch a changed file or verdict.
func TestUnsignedTampering(t *testing.T) {
	dir := newBundle(t)
	path := filepath.Join(dir, "manifest.json")
	b, _ := os.ReadFile(path)
	os.WriteFile(path, bytes.Replace(b, []byte(`"certified": true`), []byte(`"certified": false`), 1), 0o644)
	r := verify(t, dir, Options{AllowUnsigned: true})
	if len(r.Findings) != 1 || r.Findings[0] != "the verdict recomputed from report.json, CERTIFIED, is not the manifest's, NOT CERTIFIED" {
		t.Errorf("findings %q", r.Findings)
	}

	// A report whose failure was edited out of the verdict: the
	// recomputed verdict says so, with its reasons.
	dir = newBundle(t)
	b, _ = os.ReadFile(filepath.Join(dir, "report.json"))
	b = bytes.Replace(b, []byte(`"state": "passed"`), []byte(`"state": "not run"`), 1)
	os.WriteFile(filepath.Join(dir, "report.json"), b, 0o644)
	r = verify(t, dir, Options{AllowUnsigned: true})
	if len(r.Findings) != 2 || !strings.HasPrefix(r.Findings[0], "report.json: changed: ") ||
		r.Findings[1] != "the verdict recomputed from report.json, NOT CERTIFIED (harness or lab fault, not the provider's: 1 selected spec did not run to its end, though the run was not cut short; 1 spec not run), is not the manifest's, CERTIFIED" {
		t.Errorf("findings %q", r.Findings)
	}

	// Without Recompute and a catalog digest, neither is checked.
	if r, err := Verify(dir, Options{AllowUnsigned: true}); err != nil || len(r.Findings) != 1 {
		t.Errorf("no Recompute: %v %q", err, r.Findings)
	}
	if _, err := Verify(filepath.Join(dir, "nowhere"), Options{}); err == nil {
		t.Errorf("a missing directory: no error")
	}
	if r, err := Verify(t.TempDir(), Options{AllowUnsigned: true}); err != nil || len(r.Findings) != 1 || r.Findings[0] != "manifest.json is missing: nothing says what the bundle holds" {
		t.Errorf("an empty directory: %v %q", err, r.Findings)
	}
}

// TestSignRefuses: Sign needs a private key and a bundle that matches its
// manifest.
func TestSignRefuses(t *testing.T) {
	priv, pub := newKeys(t, "p256")
	dir := newBundle(t)
	if err := Sign(dir, pub); err == nil {
		t.Errorf("signed with a public key")
	}
	os.WriteFile(filepath.Join(dir, "run.log"), []byte("changed\n"), 0o644)
	if err := Sign(dir, priv); err == nil || !strings.Contains(err.Error(), "does not match its manifest (1 findings): run.log: changed") {
		t.Errorf("a changed bundle: %v", err)
	}
	if err := Sign(t.TempDir(), priv); err == nil || !strings.Contains(err.Error(), "manifest.json is missing") {
		t.Errorf("no manifest: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, SignatureFile)); err == nil {
		t.Errorf("a refused bundle has a signature")
	}
}

// TestParseKey: ed25519 and P-256 keys in PKCS#8 and SPKI PEM; their ID
// is the SHA-256 of the public key's DER; other keys and formats are
// refused with what to do.
func TestParseKey(t *testing.T) {
	_, ed, _ := ed25519.GenerateKey(rand.Reader)
	p256, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	for _, s := range []crypto.Signer{ed, p256} {
		der, _ := x509.MarshalPKIXPublicKey(s.Public())
		sum := sha256.Sum256(der)
		for i, k := range []any{s, s.Public()} {
			key, err := ParseKey(pemKey(t, k))
			if err != nil || key.ID() != hex.EncodeToString(sum[:]) || key.Private() != (i == 0) {
				t.Errorf("%T: %v, ID %s", k, err, key)
			}
		}
	}
	p384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	rsaKey, _ := rsa.GenerateKey(rand.Reader, 2048)
	sec1, _ := x509.MarshalECPrivateKey(p256)
	for data, want := range map[string]string{
		string(pemKey(t, p384)):              "an ECDSA key on P-384: want P-256",
		string(pemKey(t, rsaKey)):            "an unsupported key (*rsa.PublicKey): want ed25519 or ECDSA P-256",
		string(pemKey(t, &rsaKey.PublicKey)): "an unsupported key (*rsa.PublicKey): want ed25519 or ECDSA P-256",
		string(pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: sec1})):          "openssl pkcs8 -topk8 -nocrypt",
		"-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n": "an encrypted private key",
		"not a key": "not a PEM key file",
	} {
		if _, err := ParseKey([]byte(data)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%.40q: %v, want %q", data, err, want)
		}
	}
	if _, err := ReadKey(filepath.Join(t.TempDir(), "none.pem")); err == nil {
		t.Errorf("a missing key file: no error")
	}
}

// TestOpenSSL: keys made with the README's openssl commands sign and
// verify, their ID is the SHA-256 of the DER openssl writes, and openssl
// itself verifies an ed25519 signature of the envelope (DSSE's
// pre-authentication encoding of the payload).
func TestOpenSSL(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("no openssl")
	}
	for _, tc := range []struct{ name, genpkey string }{
		{"ed25519", "genpkey -algorithm ed25519 -out priv.pem"},
		{"p256", "genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out priv.pem"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := t.TempDir()
			run := func(args string) []byte {
				t.Helper()
				out, err := execIn(tmp, openssl, strings.Fields(args)...)
				if err != nil {
					t.Fatalf("openssl %s: %v\n%s", args, err, out)
				}
				return out
			}
			run(tc.genpkey)
			run("pkey -in priv.pem -pubout -out pub.pem")
			run("pkey -pubin -in pub.pem -outform DER -out pub.der")
			der, _ := os.ReadFile(filepath.Join(tmp, "pub.der"))
			sum := sha256.Sum256(der)
			priv, err := ReadKey(filepath.Join(tmp, "priv.pem"))
			if err != nil {
				t.Fatal(err)
			}
			pub, err := ReadKey(filepath.Join(tmp, "pub.pem"))
			if err != nil {
				t.Fatal(err)
			}
			if priv.ID() != hex.EncodeToString(sum[:]) || pub.ID() != priv.ID() || !priv.Private() || pub.Private() {
				t.Errorf("IDs %s %s, openssl's DER %x", priv.ID(), pub.ID(), sum)
			}
			dir := newBundle(t)
			if err := Sign(dir, priv); err != nil {
				t.Fatal(err)
			}
			if r := verify(t, dir, Options{Key: pub}); !r.OK() {
				t.Errorf("findings %q", r.Findings)
			}
			env, _ := readEnvelope(t, dir)
			payload, _ := env.DecodeB64Payload()
			sig, _ := base64.StdEncoding.DecodeString(env.Signatures[0].Sig)
			os.WriteFile(filepath.Join(tmp, "pae"), dsse.PAE(env.PayloadType, payload), 0o644)
			os.WriteFile(filepath.Join(tmp, "sig"), sig, 0o644)
			if tc.name == "ed25519" {
				run("pkeyutl -verify -pubin -inkey pub.pem -rawin -in pae -sigfile sig")
			} else {
				run("dgst -sha256 -verify pub.pem -signature sig pae")
			}
			// and refuses another payload
			os.WriteFile(filepath.Join(tmp, "pae"), dsse.PAE(env.PayloadType, append(payload, ' ')), 0o644)
			verb := "pkeyutl -verify -pubin -inkey pub.pem -rawin -in pae -sigfile sig"
			if tc.name != "ed25519" {
				verb = "dgst -sha256 -verify pub.pem -signature sig pae"
			}
			if out, err := execIn(tmp, openssl, strings.Fields(verb)...); err == nil {
				t.Errorf("openssl verifies a changed payload: %s", out)
			}
		})
	}
}

// execIn runs a command in dir and returns its combined output.
func execIn(dir, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}
