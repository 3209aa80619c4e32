// Command gen writes the contract of ndkt/contract/spec as C and Go:
// ndkt/include/ndkt_contract.h and ndkt/contract/contract_gen.go, under
// the module root (-root, by default the directory of go.mod above the
// working directory). Run it as go generate ./ndkt/contract.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ndkconform/ndkconform/ndkt/contract/internal/emit"
	"github.com/ndkconform/ndkconform/ndkt/contract/spec"
)

// Files are the generated files, relative to the module root.
var Files = map[string]func() []byte{
	"ndkt/include/ndkt_contract.h":  emit.C,
	"ndkt/contract/contract_gen.go": emit.Go,
}

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

// generate writes every file under root.
func generate(root string) error {
	if err := spec.Validate(); err != nil {
		return fmt.Errorf("the contract's table: %w", err)
	}
	for name, f := range Files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, f(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func main() {
	root := flag.String("root", "", "the module root to write under (default: the go.mod above the working directory)")
	flag.Parse()
	if *root == "" {
		r, err := moduleRoot()
		if err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		*root = r
	}
	if err := generate(*root); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
