package bundle

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	v1 "github.com/in-toto/attestation/go/v1"
	"github.com/secure-systems-lab/go-securesystemslib/dsse"
	"google.golang.org/protobuf/encoding/protojson"
)

// checkSignature checks the bundle's signature, if any, against
// opts.Key, and the statement it signs against the bundle.
func (b *bundle) checkSignature(opts Options, r *Result) []string {
	data, err := os.ReadFile(filepath.Join(b.dir, SignatureFile))
	if errors.Is(err, os.ErrNotExist) {
		switch {
		case opts.Key != nil:
			return []string{fmt.Sprintf("the bundle is not signed (no %s), and a key was given to check its signature (%s)", SignatureFile, opts.Key)}
		case !opts.AllowUnsigned:
			return []string{fmt.Sprintf("the bundle is not signed (no %s)", SignatureFile)}
		}
		return nil
	}
	if err != nil {
		return []string{fmt.Sprintf("%s: %v", SignatureFile, err)}
	}
	r.Signed = true
	var env dsse.Envelope
	if err := json.Unmarshal(data, &env); err != nil || env.Payload == "" {
		return []string{fmt.Sprintf("%s: not a DSSE envelope (JSON with payloadType, payload and signatures)", SignatureFile)}
	}
	var out []string
	if env.PayloadType != PayloadType {
		out = append(out, fmt.Sprintf("%s: payload type %q, want %q", SignatureFile, env.PayloadType, PayloadType))
	}
	var ids []string
	for _, s := range env.Signatures {
		ids = append(ids, s.KeyID)
	}
	switch {
	case len(env.Signatures) == 0:
		out = append(out, fmt.Sprintf("%s: the envelope has no signature", SignatureFile))
	case opts.Key != nil && !slices.Contains(ids, opts.Key.ID()):
		out = append(out, fmt.Sprintf("the bundle is signed by key %s, not by the key given (%s)", keyList(ids), opts.Key))
	case opts.Key != nil:
		v, err := dsse.NewEnvelopeVerifier(opts.Key.sv)
		if err == nil {
			_, err = v.Verify(context.Background(), &env)
		}
		if err != nil {
			out = append(out, fmt.Sprintf("the signature of key %s is not valid: the signed statement was changed, or another key signed it (%v)", opts.Key, err))
		} else {
			r.SignedBy = opts.Key.ID()
		}
	case !opts.AllowUnsigned:
		out = append(out, fmt.Sprintf("the signature (by key %s) is not checked: no public key was given", keyList(ids)))
	}
	payload, err := env.DecodeB64Payload()
	if err != nil {
		return append(out, fmt.Sprintf("%s: the payload is not base64: %v", SignatureFile, err))
	}
	return append(out, b.checkStatement(payload)...)
}

// keyList is the key IDs of an envelope as shown: SHA256:ID, ...
func keyList(ids []string) string {
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += ", "
		}
		s += "SHA256:" + id
	}
	return s
}

// checkStatement checks the statement a signature signs: an in-toto
// Statement v1 of PredicateType, whose subjects are the bundle's files
// with their digests and whose predicate says what the manifest says.
func (b *bundle) checkStatement(payload []byte) []string {
	var st v1.Statement
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(payload, &st); err != nil {
		return []string{fmt.Sprintf("the signed statement is not an in-toto Statement: %v", err)}
	}
	var out []string
	if err := st.Validate(); err != nil {
		out = append(out, fmt.Sprintf("the signed statement is not a valid in-toto Statement: %v", err))
	}
	if st.GetType() != v1.StatementTypeUri {
		out = append(out, fmt.Sprintf("the signed statement's type is %q, want %q", st.GetType(), v1.StatementTypeUri))
	}
	if st.GetPredicateType() != PredicateType {
		out = append(out, fmt.Sprintf("the signed statement's predicate type is %q, want %q", st.GetPredicateType(), PredicateType))
	}
	subjects := map[string]bool{}
	for _, s := range st.GetSubject() {
		name, sum := s.GetName(), s.GetDigest()["sha256"]
		if subjects[name] {
			out = append(out, fmt.Sprintf("%s: a subject of the signed statement twice", name))
			continue
		}
		subjects[name] = true
		f, ok := b.files[name]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s: a subject of the signed statement, missing from the bundle", name))
		case sum != f.SHA256:
			out = append(out, fmt.Sprintf("%s: its SHA-256 %s is not the signed one, %s", name, f.SHA256, sum))
		}
	}
	for _, name := range b.names() {
		if !subjects[name] {
			out = append(out, fmt.Sprintf("%s: not a subject of the signed statement (a file added after signing?)", name))
		}
	}
	if b.manifestErr == nil {
		pj, err := protojson.Marshal(st.GetPredicate())
		if err != nil {
			return append(out, fmt.Sprintf("the signed predicate: %v", err))
		}
		out = append(out, diffFields("the signed predicate", json.RawMessage(pj), PredicateOf(b.manifest))...)
	}
	return out
}
