package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestREADMEReplaceRequiresTheClone: the go.mod lines README.md gives a
// vendor ("Releases": require the module, replace it by the clone until
// it is published) resolve: a module with just those lines (the clone's
// path set to this repository) and a test importing ndk, conformance and
// suite tidies and lists its packages, this repository's among them.
func TestREADMEReplaceRequiresTheClone(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "// go.mod of the vendor's module\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 || !strings.Contains(block, "replace github.com/ndkconform/ndkconform => ../ndkconform") {
		t.Fatalf("README.md has no go.mod block with the replace of the clone: %q", block)
	}
	dir := t.TempDir()
	mod := "module example.com/vendordriver\n\ngo 1.26.8\n\n" + strings.ReplaceAll(block, "../ndkconform", root)
	src := `package vendordriver

import (
	"testing"

	"github.com/ndkconform/ndkconform/conformance"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
)

func TestConformance(t *testing.T) {
	_, _, _ = ndk.Register, conformance.Test, suite.Config{}
}
`
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"go.mod": mod, "go.sum": string(sum), "driver_test.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("mod", "tidy")
	if out := run("list", "-deps", "-test", "./..."); !strings.Contains(out, "\ngithub.com/ndkconform/ndkconform/conformance\n") {
		t.Errorf("go list -deps -test: no github.com/ndkconform/ndkconform/conformance\n%s", out)
	}
}
