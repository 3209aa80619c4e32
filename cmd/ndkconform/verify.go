package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ndkconform/ndkconform/bundle"
	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/outcome"
	"github.com/ndkconform/ndkconform/reports"
)

// recomputeVerdict is the certification verdict of the run a bundle's JSON
// report describes, computed as certify computes it: what verify compares
// with the manifest's verdict.
func recomputeVerdict(reportJSON []byte) (certified bool, reasons []string, err error) {
	r, err := reports.ReadJSON(bytes.NewReader(reportJSON))
	if err != nil {
		return false, nil, err
	}
	c := outcome.Certify(r.Result)
	return c.Certified, c.Reasons, nil
}

func verifyUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage:\n  %s verify [--key PUB.pem] [--allow-unsigned] BUNDLE-DIR\n\n", tool)
	fmt.Fprintf(w, "Checks a certification bundle ('%s certify --out BUNDLE-DIR') and prints\n", tool)
	fmt.Fprintf(w, "one line per finding:\n")
	fmt.Fprintf(w, "  - every file %s lists is present with its size and SHA-256, and the\n", bundle.ManifestFile)
	fmt.Fprintf(w, "    bundle holds no other file (but %s);\n", bundle.SignatureFile)
	fmt.Fprintf(w, "  - the manifest's catalog digest is this %s's (the same rules);\n", tool)
	fmt.Fprintf(w, "  - the verdict recomputed from %s is the manifest's;\n", bundle.ReportFile)
	fmt.Fprintf(w, "  - the signature, %s (an in-toto Statement in a DSSE\n", bundle.SignatureFile)
	fmt.Fprintf(w, "    envelope), is valid for the key, its subjects are the bundle's files with\n")
	fmt.Fprintf(w, "    their SHA-256, and its predicate says what the manifest says.\n")
	fmt.Fprintf(w, "The last line is \"bundle OK: \" and the bundle's verdict with its scope and\n")
	fmt.Fprintf(w, "signer, or \"bundle NOT OK: N findings\". A bundle without a checked signature\n")
	fmt.Fprintf(w, "(unsigned, or signed but verified without --key) is a finding unless\n")
	fmt.Fprintf(w, "--allow-unsigned.\n\n")
	fmt.Fprintf(w, "Keys are PEM files, ed25519 or ECDSA P-256:\n")
	fmt.Fprintf(w, "  openssl genpkey -algorithm ed25519 -out PRIV.pem\n")
	fmt.Fprintf(w, "  openssl pkey -in PRIV.pem -pubout -out PUB.pem\n")
	fmt.Fprintf(w, "'%s certify --sign-key PRIV.pem' signs a bundle; the key's ID, which\n", tool)
	fmt.Fprintf(w, "verify prints, is the SHA-256 of its DER, as\n")
	fmt.Fprintf(w, "  openssl pkey -pubin -in PUB.pem -outform DER | sha256sum\n")
	fmt.Fprintf(w, "prints it.\n\nFlags:\n")
	fs, _, _ := verifyFlags()
	printFlags(w, fs, []string{"key", "allow-unsigned"}, nil)
	fmt.Fprintf(w, "\nExit status: 0 the bundle is valid (whatever its verdict: read the last line);\n")
	fmt.Fprintf(w, "1 a finding; 2 bad usage (no such directory, a key that cannot be read).\n")
}

func verifyFlags() (fs *flag.FlagSet, key *string, allowUnsigned *bool) {
	fs = newFlagSet("verify")
	key = fs.String("key", "", "the signer's public key: a `PUB.pem` file (SPKI PEM, ed25519 or ECDSA P-256, as 'openssl pkey -pubout' writes it); the bundle must be signed by it")
	allowUnsigned = fs.Bool("allow-unsigned", false, "accept a bundle whose signature is not checked: an unsigned bundle, or a signed one verified without --key")
	return fs, key, allowUnsigned
}

// splitArgs separates verify's positional arguments from its flags, which
// may come before or after them.
func splitArgs(args []string) (flags, positional []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return flags, append(positional, args[i+1:]...)
		case strings.HasPrefix(a, "-") && a != "-":
			flags = append(flags, a)
			if (a == "--key" || a == "-key") && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		default:
			positional = append(positional, a)
		}
	}
	return flags, positional
}

func verifyCmd(args []string, stdout, stderr io.Writer) int {
	fs, keyFile, allowUnsigned := verifyFlags()
	flags, positional := splitArgs(args)
	if err := parse(fs, flags); err != nil {
		if err == errHelp {
			verifyUsage(stdout)
			return exitPass
		}
		return usageError(stderr, "verify", err)
	}
	if len(positional) != 1 {
		return usageError(stderr, "verify", fmt.Errorf("verify takes one bundle directory, got %d arguments %q", len(positional), positional))
	}
	dir := positional[0]
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		switch {
		case errors.Is(err, os.ErrNotExist):
			err = fmt.Errorf("bundle %s: no such directory", dir)
		case err == nil:
			err = fmt.Errorf("bundle %s: not a directory", dir)
		}
		return usageError(stderr, "verify", err)
	}
	var key *bundle.Key
	if *keyFile != "" {
		var err error
		if key, err = bundle.ReadKey(*keyFile); err != nil {
			return usageError(stderr, "verify", fmt.Errorf("--key: %v", err))
		}
	}
	res, err := bundle.Verify(dir, bundle.Options{
		Key: key, AllowUnsigned: *allowUnsigned, Recompute: recomputeVerdict, CatalogDigest: catalog.Digest(),
	})
	if err != nil {
		return usageError(stderr, "verify", err)
	}
	for _, f := range res.Findings {
		fmt.Fprintln(stdout, f)
	}
	if n := len(res.Findings); n > 0 {
		fmt.Fprintf(stdout, "bundle NOT OK: %d %s\n", n, plural(n, "finding", "findings"))
		return exitFail
	}
	signer := "unsigned"
	switch {
	case res.SignedBy != "":
		signer = "signed by key SHA256:" + res.SignedBy
	case res.Signed:
		signer = "signed, the signature not checked (no --key)"
	}
	fmt.Fprintf(stdout, "bundle OK: %s, %s\n", res.Verdict(), signer)
	return exitPass
}

// readSignKey reads certify's --sign-key, a private key; nil for "".
func readSignKey(path string) (*bundle.Key, error) {
	if path == "" {
		return nil, nil
	}
	k, err := bundle.ReadKey(path)
	if err == nil && !k.Private() {
		err = fmt.Errorf("%s is a public key: signing needs the private key (PKCS#8 PEM)", path)
	}
	if err != nil {
		return nil, fmt.Errorf("--sign-key: %v", err)
	}
	return k, nil
}

// signBundle signs the bundle in dir with key, if any, and says so.
func signBundle(stdout, stderr io.Writer, dir string, key *bundle.Key) error {
	if key == nil {
		return nil
	}
	if err := bundle.Sign(dir, key); err != nil {
		fmt.Fprintf(stderr, "%s: the bundle is not signed: %v\n", tool, err)
		return err
	}
	fmt.Fprintf(stdout, "signed: %s (%s key SHA256:%s)\n", bundle.SignatureFile, key.Algorithm(), key.ID())
	return nil
}
