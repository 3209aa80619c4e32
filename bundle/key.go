package bundle

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"os"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"github.com/secure-systems-lab/go-securesystemslib/signerverifier"
)

// Key is a key of a bundle's signature: an ed25519 or ECDSA P-256 key,
// private (it signs and verifies) or public (it verifies).
type Key struct {
	sv      dsse.SignerVerifier
	id      string
	alg     string
	private bool
}

// ID is the key's ID, the one the signature carries: the SHA-256 of the
// public key's DER (SubjectPublicKeyInfo), in hexadecimal, what
// `openssl pkey -pubin -in PUB.pem -outform DER | sha256sum` prints.
func (k *Key) ID() string { return k.id }

// Private reports whether the key can sign.
func (k *Key) Private() bool { return k.private }

// Algorithm is "ed25519" or "ECDSA P-256".
func (k *Key) Algorithm() string { return k.alg }

// String is how the key is shown: "SHA256:" and its ID.
func (k *Key) String() string { return "SHA256:" + k.id }

// ReadKey reads a PEM key file (see ParseKey).
func ReadKey(path string) (*Key, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	k, err := ParseKey(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return k, nil
}

// ParseKey parses a PEM key: a PKCS#8 private key ("PRIVATE KEY", as
// `openssl genpkey` writes it) or an SPKI public key ("PUBLIC KEY", as
// `openssl pkey -pubout` writes it), of type ed25519 or ECDSA on P-256.
func ParseKey(data []byte) (*Key, error) {
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, errors.New("not a PEM key file (want a PKCS#8 private key or an SPKI public key in PEM)")
	}
	var (
		pub     crypto.PublicKey
		private bool
	)
	switch block.Type {
	case "PRIVATE KEY":
		k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("not a PKCS#8 private key: %v", err)
		}
		s, ok := k.(crypto.Signer)
		if !ok {
			return nil, fmt.Errorf("an unsupported private key (%T): want ed25519 or ECDSA P-256", k)
		}
		pub, private = s.Public(), true
	case "PUBLIC KEY":
		k, err := x509.ParsePKIXPublicKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("not an SPKI public key: %v", err)
		}
		pub = k
	case "EC PRIVATE KEY":
		return nil, errors.New("an SEC 1 EC private key: convert it to PKCS#8 with `openssl pkcs8 -topk8 -nocrypt -in KEY.pem -out PRIV.pem`")
	case "ENCRYPTED PRIVATE KEY":
		return nil, errors.New("an encrypted private key: decrypt it with `openssl pkey -in KEY.pem -out PRIV.pem`")
	default:
		return nil, fmt.Errorf("a PEM %q block: want PRIVATE KEY (PKCS#8) or PUBLIC KEY (SPKI)", block.Type)
	}
	var alg string
	switch p := pub.(type) {
	case ed25519.PublicKey:
		alg = "ed25519"
	case *ecdsa.PublicKey:
		if p.Curve != elliptic.P256() {
			return nil, fmt.Errorf("an ECDSA key on %s: want P-256 (or ed25519)", p.Curve.Params().Name)
		}
		alg = "ECDSA P-256"
	default:
		return nil, fmt.Errorf("an unsupported key (%T): want ed25519 or ECDSA P-256", pub)
	}
	der, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(der)
	id := hex.EncodeToString(sum[:])

	// securesystemslib signs and verifies: DSSE's pre-authentication
	// encoding signed with ed25519, or ECDSA over its SHA-256 (ASN.1
	// signatures), as in-toto and sigstore tools do.
	sk, err := signerverifier.LoadKey(pem.EncodeToMemory(block))
	if err != nil {
		return nil, err
	}
	sk.KeyID = id
	var sv dsse.SignerVerifier
	switch sk.KeyType {
	case signerverifier.ED25519KeyType:
		sv, err = signerverifier.NewED25519SignerVerifierFromSSLibKey(sk)
	case signerverifier.ECDSAKeyType:
		sv, err = signerverifier.NewECDSASignerVerifierFromSSLibKey(sk)
	default:
		err = fmt.Errorf("key type %q", sk.KeyType)
	}
	if err != nil {
		return nil, err
	}
	return &Key{sv: sv, id: id, alg: alg, private: private}, nil
}
