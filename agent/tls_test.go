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
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/internal/testpki"
	"github.com/ndkconform/ndkconform/ndk"
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

// TestMutualTLS: an agent that requires a client certificate of its CA
// (the agent's --tls-client-ca) serves a remote driver that presents one
// (tls-cert, tls-key) with no token, and runs calls; without a client
// certificate, or with one of another CA, Open fails with one line that
// names the options to set.
func TestMutualTLS(t *testing.T) {
	serverCA, clientCA := testpki.NewIssuer(t, "server CA"), testpki.NewIssuer(t, "client CA")
	serverCert, serverKey := serverCA.Issue(t, x509.ExtKeyUsageServerAuth)
	cert, err := tls.LoadX509KeyPair(serverCert, serverKey)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(clientCA.Cert)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gs := grpc.NewServer(append(agent.ServerOptions(), grpc.Creds(credentials.NewTLS(&tls.Config{Certificates: []tls.Certificate{cert},
		ClientCAs: pool, ClientAuth: tls.RequireAndVerifyClientCert, MinVersion: tls.VersionTLS12})))...)
	agentv1.RegisterAgentServer(gs, agent.New(agent.Config{Driver: simDriver(t), DriverName: "sim"}))
	go func() { _ = gs.Serve(lis) }()
	t.Cleanup(gs.Stop)
	addr := lis.Addr().String()

	clientCert, clientKey := clientCA.Issue(t, x509.ExtKeyUsageClientAuth)
	p, err := openWith(t, addr, "", map[string]string{"tls-ca": serverCA.File, "tls-cert": clientCert, "tls-key": clientKey})
	if err != nil {
		t.Fatalf("mutual TLS: %v", err)
	}
	sa, _ := p.Sides()
	ad, st := p.OpenAdapter(sa.IPv4)
	expect(t, "OpenAdapter over mutual TLS", st, ndk.StatusSuccess)
	if _, st := ad.QueryAdapterInfo(); st != ndk.StatusSuccess {
		t.Fatalf("QueryAdapterInfo over mutual TLS: %v", st)
	}
	ad.Close()
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}

	otherCert, otherKey := serverCA.Issue(t, x509.ExtKeyUsageClientAuth) // signed by a CA the agent does not trust for clients
	for _, c := range []struct {
		what string
		opts map[string]string
		want string
	}{
		{"no client certificate", map[string]string{"tls-ca": serverCA.File}, "the agent requires a client certificate (its --tls-client-ca): set tls-cert and tls-key"},
		{"a client certificate of another CA", map[string]string{"tls-ca": serverCA.File, "tls-cert": otherCert, "tls-key": otherKey},
			"the agent refused this harness's client certificate (tls-cert=" + otherCert + "): it is not signed by a CA of the agent's --tls-client-ca"},
		{"no TLS", nil, "set tls-ca"},
		{"the agent's certificate of another CA", map[string]string{"tls-ca": clientCA.File, "tls-cert": clientCert, "tls-key": clientKey},
			"the agent's TLS certificate is not signed by the CA of tls-ca=" + clientCA.File},
	} {
		_, err := openWith(t, addr, "", c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "rpc error") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want one line with %q", c.what, err, c.want)
		}
	}
	for _, c := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{"tls-ca": serverCA.File, "tls-cert": clientCert}, "tls-cert and tls-key go together"},
		{map[string]string{"tls-cert": clientCert, "tls-key": clientKey}, "tls-cert without tls-ca"},
		{map[string]string{"tls-ca": serverCA.File, "tls-cert": clientCert, "tls-key": serverKey}, "tls-cert, tls-key:"},
	} {
		if _, err := openWith(t, addr, "", c.opts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("options %v: %v, want %q", c.opts, err, c.want)
		}
	}
}
