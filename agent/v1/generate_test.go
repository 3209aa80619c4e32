package agentv1

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the module root, from this package's directory.
const root = "../.."

var generated = []string{"agent/v1/agent.pb.go", "agent/v1/agent_grpc.pb.go"}

// makeVar returns the value of a `NAME := value` line of the Makefile.
func makeVar(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^` + name + `\s*:=\s*(\S+)\s*$`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("the Makefile has no %s := line", name)
	}
	return string(m[1])
}

// TestGeneratorVersionsPinned: the checked-in code says it was generated
// by the versions the Makefile pins, and protoc-gen-go's is the version of
// the protobuf runtime in go.mod (generated code and runtime of one
// release).
func TestGeneratorVersionsPinned(t *testing.T) {
	protoc := makeVar(t, "PROTOC_VERSION")
	gen := makeVar(t, "PROTOC_GEN_GO_VERSION")
	genGRPC := makeVar(t, "PROTOC_GEN_GO_GRPC_VERSION")
	for file, want := range map[string][]string{
		generated[0]: {"// \tprotoc-gen-go " + gen + "\n", "// \tprotoc        v" + protoc + "\n"},
		generated[1]: {"// - protoc-gen-go-grpc " + genGRPC + "\n", "// - protoc             v" + protoc + "\n"},
	} {
		b, err := os.ReadFile(filepath.Join(root, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !bytes.Contains(b, []byte(w)) {
				t.Errorf("%s: its header lacks %q: regenerate with make proto", file, strings.TrimSpace(w))
			}
		}
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*google\.golang\.org/protobuf (\S+)`).FindSubmatch(gomod)
	if m == nil || string(m[1]) != gen {
		t.Errorf("go.mod requires google.golang.org/protobuf %s, the Makefile pins protoc-gen-go %s: keep them the same", m, gen)
	}
}

// TestGeneratedCodeIsReproducible regenerates the code with make proto
// into a temporary directory and compares it with the checked-in files.
// It needs protoc at the pinned version and the generators (built from the
// Go module proxy or the module cache); it skips, saying which is missing,
// without them.
func TestGeneratedCodeIsReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: regenerating builds the generators")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skipf("make is not installed: %v", err)
	}
	want := "libprotoc " + makeVar(t, "PROTOC_VERSION")
	out, err := exec.Command("protoc", "--version").Output()
	if err != nil {
		t.Skipf("protoc is not installed (apt-get install -y protobuf-compiler for %s): %v", want, err)
	}
	if got := strings.TrimSpace(string(out)); got != want {
		t.Skipf("protoc is %q, the code is generated with %q: its output would differ", got, want)
	}
	tmp := t.TempDir()
	tools := filepath.Join(tmp, "tools")
	gen := filepath.Join(tmp, "out")
	if err := os.Mkdir(gen, 0o755); err != nil {
		t.Fatal(err)
	}
	run := func(target string) ([]byte, error) {
		cmd := exec.Command("make", "-s", target, "PROTO_TOOLS="+tools, "PROTO_OUT="+gen)
		cmd.Dir = root
		return cmd.CombinedOutput()
	}
	if out, err := run("proto-tools"); err != nil {
		t.Skipf("the generators could not be built (no module proxy or cache?): %v\n%s", err, out)
	}
	if out, err := run("proto"); err != nil {
		t.Fatalf("make proto: %v\n%s", err, out)
	}
	for _, f := range generated {
		have, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := os.ReadFile(filepath.Join(gen, f))
		if err != nil {
			t.Fatalf("make proto did not write %s: %v", f, err)
		}
		if !bytes.Equal(have, fresh) {
			t.Errorf("%s differs from what make proto generates from agent.proto: run make proto and commit", f)
		}
	}
}
