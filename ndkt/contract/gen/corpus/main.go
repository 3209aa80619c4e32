// Command corpus writes the seed corpus of ndkt's decoder fuzz target
// (contract.SeedCorpus) into ndkt/test/corpus/decode under the module root
// (-root; by default the go.mod above the working directory), replacing
// the seeds it wrote before. Run it as go generate ./ndkt/contract.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ndkconform/ndkconform/ndkt/contract"
)

// Dir is the corpus directory, relative to the module root.
const Dir = "ndkt/test/corpus/decode"

func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

func write(root string) error {
	seeds, err := contract.SeedCorpus()
	if err != nil {
		return err
	}
	dir := filepath.Join(root, Dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	old, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range old {
		if n := e.Name(); (strings.HasPrefix(n, "call-") || strings.HasPrefix(n, "ev-")) && strings.HasSuffix(n, ".bin") {
			if err := os.Remove(filepath.Join(dir, n)); err != nil {
				return err
			}
		}
	}
	for name, b := range seeds {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	root := flag.String("root", "", "the module root (default: the go.mod above the working directory)")
	flag.Parse()
	if *root == "" {
		r, err := moduleRoot()
		if err != nil {
			fmt.Fprintln(os.Stderr, "corpus:", err)
			os.Exit(1)
		}
		*root = r
	}
	if err := write(*root); err != nil {
		fmt.Fprintln(os.Stderr, "corpus:", err)
		os.Exit(1)
	}
}
