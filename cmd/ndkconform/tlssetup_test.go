package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTLSSetupScript: the README's TLS set-up works as written.
// test/tls/setup.sh runs the README's openssl lines (the test checks
// that the README shows each of them as it is); an agent started with
// the certificates they made (TLS, mutual TLS) is reached by ping with
// the CA and the client certificate, at its address and at a DNS name of
// its certificate, and a harness without the client certificate is told
// to set tls-cert and tls-key. Skips only without openssl (CI installs
// it).
func TestTLSSetupScript(t *testing.T) {
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("openssl is not installed (.ci/run installs it)")
	}
	script, err := filepath.Abs(filepath.Join("..", "..", "test", "tls", "setup.sh"))
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := bytes.Cut(text, []byte("# README begin"))
	block, _, ok2 := bytes.Cut(block, []byte("# README end"))
	if !ok || !ok2 {
		t.Fatal("test/tls/setup.sh has no README begin ... README end block")
	}
	n := 0
	for _, l := range strings.Split(string(block), "\n")[2:] {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n++
		if !bytes.Contains(readme, []byte("\n"+l+"\n")) {
			t.Errorf("README.md does not show the line of test/tls/setup.sh as it is: %q", l)
		}
	}
	if n < 8 {
		t.Fatalf("the README block of test/tls/setup.sh has %d lines", n)
	}

	dir := t.TempDir()
	cmd := exec.Command("bash", script, dir, "127.0.0.1", "localhost")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("test/tls/setup.sh: %v\n%s", err, out)
	}
	f := func(name string) string { return filepath.Join(dir, name) }
	token := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(token, []byte("a-token-of-24-bytes-here\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	addr, _ := startAgentWith(t, []string{"--token-file", token, "--tls-cert", f("agent.pem"), "--tls-key", f("agent.key"), "--tls-client-ca", f("ca.pem")})
	port := addr[strings.LastIndex(addr, ":")+1:]
	for _, side := range []string{addr, "localhost:" + port} {
		r := ndkconform(t, "ping", "--driver-opt", "side-a="+side, "--driver-opt", "token-file="+token, "--driver-opt", "tls-ca="+f("ca.pem"),
			"--driver-opt", "tls-cert="+f("client.pem"), "--driver-opt", "tls-key="+f("client.key"))
		if r.code != 0 || !strings.Contains(r.stdout, "1 of 1 agents reached and authenticated") {
			t.Errorf("ping %s with the set-up's CA and client certificate: exit %d\n%s%s", side, r.code, r.stdout, r.stderr)
		}
	}
	r := ndkconform(t, "ping", "--driver-opt", "side-a="+addr, "--driver-opt", "token-file="+token, "--driver-opt", "tls-ca="+f("ca.pem"))
	if want := "the agent requires a client certificate (its --tls-client-ca): set tls-cert and tls-key"; r.code != exitUsage || !strings.Contains(r.stderr, want) {
		t.Errorf("ping without the client certificate: exit %d, stderr %q; want exit 2 and %q", r.code, r.stderr, want)
	}
}
