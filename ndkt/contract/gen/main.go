// Command gen writes the contract of ndkt/contract/spec as C and Go:
// ndkt/include/ndkt_contract.h, ndkt/contract/contract_gen.go and the
// tables of ndkt/CONTRACT.md (between its markers), under the module root (-root, by default the directory of go.mod above the
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

// Files are the generated files, relative to the module root: each
// function makes the file from its current contents (CONTRACT.md keeps its
// prose around the generated block).
var Files = map[string]func(old []byte) ([]byte, error){
	"ndkt/include/ndkt_contract.h":  whole(emit.C),
	"ndkt/contract/contract_gen.go": whole(emit.Go),
	"ndkt/CONTRACT.md":              emit.ReplaceBlock,
}

func whole(f func() []byte) func([]byte) ([]byte, error) {
	return func([]byte) ([]byte, error) { return f(), nil }
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

// generate makes every file from its contents under src and writes it
// under dst.
func generate(src, dst string) error {
	if err := spec.Validate(); err != nil {
		return fmt.Errorf("the contract's table: %w", err)
	}
	for name, f := range Files {
		old, err := os.ReadFile(filepath.Join(src, name))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		b, err := f(old)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		path := filepath.Join(dst, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
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
	if err := generate(*root, *root); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
