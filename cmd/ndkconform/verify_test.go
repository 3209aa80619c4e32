package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/bundle"
	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
)

// keyFiles writes a new ed25519 key pair as openssl writes them (PKCS#8
// and SPKI PEM) and returns their paths and the key's ID.
func keyFiles(t *testing.T) (priv, pub, id string) {
	t.Helper()
	pk, sk, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	skDER, _ := x509.MarshalPKCS8PrivateKey(sk)
	pkDER, _ := x509.MarshalPKIXPublicKey(pk)
	priv, pub = filepath.Join(dir, "priv.pem"), filepath.Join(dir, "pub.pem")
	os.WriteFile(priv, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: skDER}), 0o600)
	os.WriteFile(pub, pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pkDER}), 0o644)
	k, err := bundle.ReadKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return priv, pub, k.ID()
}

// smallBundle writes a certified bundle as certify would, without running
// the suite: a JSON report of one passed spec and a manifest of this
// tool's catalog listing the files.
func smallBundle(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	run := reports.New(reports.Meta{Tool: tool, Version: "v1.2.3", Driver: "sim", Start: t0, End: t0.Add(time.Second)},
		outcome.Run{Specs: []outcome.Spec{{Name: "a spec", Rules: []string{"LC-14"}, State: outcome.Passed}}}, nil)
	c := outcome.Certify(run.Result)
	var rj bytes.Buffer
	if err := reports.WriteJSON(&rj, run, &c); err != nil {
		t.Fatal(err)
	}
	m := reports.Manifest{Tool: tool, Version: "v1.2.3", CatalogDigest: catalog.Digest(), Driver: "sim",
		Start: t0, End: t0.Add(time.Second), Certified: c.Certified, Reasons: c.Reasons, Scope: outcome.Scope(c.Counts.Rules)}
	for name, content := range map[string]string{"report.json": rj.String(), "run.log": "a log\n", "junit.xml": "<testsuites/>\n"} {
		os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)
		f, err := reports.HashFile(dir, name)
		if err != nil {
			t.Fatal(err)
		}
		m.Files = append(m.Files, f)
	}
	var mj bytes.Buffer
	if err := reports.WriteManifest(&mj, m); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "manifest.json"), mj.Bytes(), 0o644)
	return dir
}

// TestVerifyExitStatus: verify exits 0 for a valid bundle, 1 with a line
// per finding, 2 for bad usage, with a one-line error.
func TestVerifyExitStatus(t *testing.T) {
	priv, pub, id := keyFiles(t)
	_, otherPub, otherID := keyFiles(t)
	dir := smallBundle(t)
	m, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	manifest, err := reports.ReadManifest(bytes.NewReader(m))
	if err != nil || manifest.Scope == "" {
		t.Fatalf("manifest: %v, scope %q", err, manifest.Scope)
	}
	headline := "CERTIFIED " + manifest.Scope

	r := ndkconform(t, "verify", dir)
	if r.code != 1 || r.stdout != "the bundle is not signed (no attestation.dsse.json)\nbundle NOT OK: 1 finding\n" || r.stderr != "" {
		t.Errorf("unsigned: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = ndkconform(t, "verify", "--allow-unsigned", dir)
	if r.code != 0 || r.stdout != "bundle OK: "+headline+", unsigned\n" {
		t.Errorf("unsigned, allowed: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}

	k, err := bundle.ReadKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	if err := bundle.Sign(dir, k); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"verify", "--key", pub, dir}, {"verify", dir, "--key", pub}, {"verify", "--key=" + pub, "--", dir}} {
		r = ndkconform(t, args...)
		if r.code != 0 || r.stdout != "bundle OK: "+headline+", signed by key SHA256:"+id+"\n" || r.stderr != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
	r = ndkconform(t, "verify", "--key", otherPub, dir)
	if r.code != 1 || r.stdout != "the bundle is signed by key SHA256:"+id+", not by the key given (SHA256:"+otherID+")\nbundle NOT OK: 1 finding\n" {
		t.Errorf("another key: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}

	// report.json changed: the manifest's hash and the signed subject
	// disagree with it; the verdict recomputed from it is not the
	// manifest's.
	path := filepath.Join(dir, "report.json")
	b, _ := os.ReadFile(path)
	os.WriteFile(path, bytes.Replace(b, []byte(`"state": "passed"`), []byte(`"state": "not run"`), 1), 0o644)
	r = ndkconform(t, "verify", "--key", pub, dir)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 1 || len(lines) != 4 || !strings.HasPrefix(lines[0], "report.json: changed: ") ||
		lines[1] != "the verdict recomputed from report.json, NOT CERTIFIED (harness or lab fault, not the provider's: 1 selected spec did not run to its end, though the run was not cut short; 1 spec not run), is not the manifest's, CERTIFIED" ||
		!strings.HasPrefix(lines[2], "report.json: its SHA-256 ") || lines[3] != "bundle NOT OK: 3 findings" {
		t.Errorf("report.json changed: exit %d, stdout:\n%s", r.code, r.stdout)
	}

	notDir := filepath.Join(dir, "run.log")
	garbage := writeFile(t, "garbage.pem", "not a key")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"verify"}, "verify takes one bundle directory, got 0 arguments"},
		{[]string{"verify", dir, dir}, "verify takes one bundle directory, got 2 arguments"},
		{[]string{"verify", filepath.Join(dir, "nowhere")}, "nowhere: no such directory"},
		{[]string{"verify", notDir}, "run.log: not a directory"},
		{[]string{"verify", "--key", filepath.Join(dir, "none.pem"), dir}, "--key: open "},
		{[]string{"verify", "--key", garbage, dir}, "--key: " + garbage + ": not a PEM key file"},
		{[]string{"verify", "--bogus", dir}, "unknown flag --bogus (valid: --allow-unsigned, --key, -h)"},
		{[]string{"verify", dir, "--key"}, "flag --key needs a value"},
		// the key is read before the run starts: no bundle is written
		{[]string{"certify", "--out", filepath.Join(dir, "out"), "--sign-key", filepath.Join(dir, "none.pem")}, "--sign-key: open "},
		{[]string{"certify", "--out", filepath.Join(dir, "out"), "--sign-key", pub}, "--sign-key: " + pub + " is a public key: signing needs the private key"},
	} {
		r := ndkconform(t, tc.args...)
		cmd := tc.args[0]
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 2 ||
			!strings.HasSuffix(r.stderr, "run 'ndkconform help "+cmd+"' for usage\n") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, r.code, r.stdout, r.stderr, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Errorf("certify with a bad --sign-key wrote a bundle")
	}
	for _, args := range [][]string{{"help", "verify"}, {"verify", "-h"}, {"verify", "--help"}} {
		r := ndkconform(t, args...)
		if r.code != 0 || !strings.Contains(r.stdout, "Usage:\n  ndkconform verify [--key PUB.pem] [--allow-unsigned] BUNDLE-DIR\n") ||
			!strings.Contains(r.stdout, "openssl genpkey -algorithm ed25519 -out PRIV.pem") {
			t.Errorf("%q: exit %d, stdout:\n%s", args, r.code, r.stdout)
		}
	}
}

// TestCertifySignVerify: certify --sign-key, with a binary built with
// -buildvcs=false and stamped as the Makefile stamps it, writes a bundle
// verify accepts with the public key, whose manifest names the stamped
// revision; a verdict flipped in the manifest is refused.
func TestCertifySignVerify(t *testing.T) {
	skipIfShort(t)
	const stamp = "v0.9.0-12-g0123abc-dirty"
	stamped := filepath.Join(t.TempDir(), "ndkconform")
	build := exec.Command("go", "build", "-buildvcs=false", "-tags", "crashtest", "-ldflags", "-X main.version="+stamp, "-o", stamped, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	priv, pub, id := keyFiles(t)
	dir := filepath.Join(t.TempDir(), "bundle")
	// the provider that crashes: a bundle of a verdict in seconds (NOT
	// CERTIFIED); TestCertify certifies sim
	r := runBinary(t, stamped, "certify", "--driver", "crash", "--out", dir, "--sign-key", priv)
	if r.code != exitFail {
		t.Fatalf("certify: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, exitFail, r.stdout, r.stderr)
	}
	m := regexp.MustCompile(`(?m)^ndkconform certification: (NOT CERTIFIED for .*)$`).FindStringSubmatch(r.stdout)
	if m == nil || !strings.Contains(r.stdout, "\nsigned: attestation.dsse.json (ed25519 key SHA256:"+id+")\nbundle: "+dir+" (") {
		t.Fatalf("certify's output:\n%s", r.stdout)
	}

	var manifest struct {
		Version     string `json:"version"`
		VCSRevision string `json:"vcs_revision"`
		VCSModified bool   `json:"vcs_modified"`
	}
	data, _ := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err := json.Unmarshal(data, &manifest); err != nil || manifest.Version != stamp || manifest.VCSRevision != "v0.9.0-12-g0123abc" || !manifest.VCSModified {
		t.Errorf("manifest: %v %+v", err, manifest)
	}

	v := ndkconform(t, "verify", "--key", pub, dir)
	if v.code != 0 || v.stdout != "bundle OK: "+m[1]+", signed by key SHA256:"+id+"\n" || v.stderr != "" {
		t.Errorf("verify: exit %d, stdout %q, stderr %q; certify said %q", v.code, v.stdout, v.stderr, m[1])
	}

	flipped := bytes.Replace(data, []byte(`"certified": false`), []byte(`"certified": true`), 1)
	os.WriteFile(filepath.Join(dir, "manifest.json"), flipped, 0o644)
	v = ndkconform(t, "verify", "--key", pub, dir)
	lines := strings.Split(strings.TrimSuffix(v.stdout, "\n"), "\n")
	if v.code != 1 || len(lines) != 4 || !strings.HasPrefix(lines[0], "the verdict recomputed from report.json, ") ||
		!strings.HasPrefix(lines[1], "manifest.json: its SHA-256 ") || !strings.HasPrefix(lines[2], "the signed predicate says certified ") ||
		lines[3] != "bundle NOT OK: 3 findings" {
		t.Errorf("a flipped verdict: exit %d, stdout:\n%s", v.code, v.stdout)
	}
}
