package agent_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
)

// testCA makes a CA and a server certificate it signs for name (a DNS
// name) and 127.0.0.1; it returns the CA's PEM file and the server's
// certificate.
func testCA(t *testing.T, name string) (string, tls.Certificate) {
	t.Helper()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		DNSNames: []string{name}, IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(f, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	return f, tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

// TestTLS: with tls-ca the remote driver verifies the agent's
// certificate (and tls-server-name, if set); a certificate of another
// CA, or a name it does not carry, is refused.
func TestTLS(t *testing.T) {
	caFile, cert := testCA(t, "agent.test")
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer(grpc.Creds(credentials.NewServerTLSFromCert(&cert)))
	agentv1.RegisterAgentServer(gs, agent.New(agent.Config{Provider: openSim(t, nil), Token: "tok"}))
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(gs.Stop)
	addr := lis.Addr().String()

	for _, name := range []string{"", "agent.test"} {
		p, err := openWith(t, addr, "tok", map[string]string{"tls-ca": caFile, "tls-server-name": name})
		if err != nil {
			t.Fatalf("tls-server-name %q: %v", name, err)
		}
		if err := p.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := openWith(t, addr, "tok", map[string]string{"tls-ca": caFile, "tls-server-name": "other.test"}); err == nil {
		t.Fatal("a certificate without the name: accepted")
	}
	otherCA, _ := testCA(t, "agent.test")
	if _, err := openWith(t, addr, "tok", map[string]string{"tls-ca": otherCA}); err == nil {
		t.Fatal("a certificate of another CA: accepted")
	}
	if _, err := openWith(t, addr, "tok", nil); err == nil {
		t.Fatal("no TLS to a TLS agent: accepted")
	}
}
