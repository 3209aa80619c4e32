package contract

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/ndkt/contract/internal/emit"
	"github.com/ndkconform/ndkconform/ndkt/contract/spec"
)

// ndktDir is ndkt/, from this package's directory.
const ndktDir = ".."

// sanitize are the flags the C unit tests build with.
var sanitize = []string{"-fsanitize=address,undefined", "-fno-sanitize-recover=all"}

// buildC compiles C sources (and the include directories of ndkt) into a
// program with gcc, under the sanitizers when the toolchain has them. It
// skips when gcc is not installed (CI has it).
func buildC(t *testing.T, name string, srcs ...string) string {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skipf("gcc is not installed (CI has it): %v", err)
	}
	out := filepath.Join(t.TempDir(), name)
	args := []string{"-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g",
		"-I", filepath.Join(ndktDir, "include"), "-I", filepath.Join(ndktDir, "core"), "-o", out}
	args = append(args, srcs...)
	cmd := exec.Command(gcc, append(append([]string{}, sanitize...), args...)...)
	msg, err := cmd.CombinedOutput()
	if err != nil {
		t.Logf("gcc with %s failed (%v), building without the sanitizers:\n%s", sanitize, err, msg)
		if msg, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
			t.Fatalf("gcc %s: %v\n%s", strings.Join(args, " "), err, msg)
		}
	}
	return out
}

// goFields is the layout of a Go struct as encoding/binary writes it:
// each field's name, offset and size.
type goField struct {
	name       string
	off, size  int
	typeString string
}

func goLayout(v any) []goField {
	t := reflect.TypeOf(v)
	var fs []goField
	off := 0
	for i := range t.NumField() {
		f := t.Field(i)
		size := binary.Size(reflect.New(f.Type).Elem().Interface())
		fs = append(fs, goField{f.Name, off, size, f.Type.String()})
		off += size
	}
	return fs
}

// TestCLayoutAgreesWithGo compiles a C program printing the size of every
// struct of ndkt_contract.h and the offset and size of every member, and
// every constant, and compares them with the Go structs (as
// encoding/binary lays them out) and constants.
func TestCLayoutAgreesWithGo(t *testing.T) {
	src := filepath.Join(t.TempDir(), "layout.c")
	if err := os.WriteFile(src, emit.LayoutProgram(), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := buildC(t, "layout", src)
	out, err := exec.Command(prog).Output()
	if err != nil {
		t.Fatalf("%s: %v", prog, err)
	}
	type cField struct {
		name      string
		off, size int
	}
	cStructs := map[string]int{}
	cFields := map[string][]cField{}
	cConsts := map[string]uint64{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		num := func(s string) int {
			n, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("line %q: %v", sc.Text(), err)
			}
			return n
		}
		switch {
		case len(w) == 3 && w[0] == "struct":
			cStructs[w[1]] = num(w[2])
		case len(w) == 5 && w[0] == "field":
			cFields[w[1]] = append(cFields[w[1]], cField{w[2], num(w[3]), num(w[4])})
		case len(w) == 3 && w[0] == "const":
			v, err := strconv.ParseUint(w[2], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			cConsts[w[1]] = v
		default:
			t.Fatalf("unexpected line %q", sc.Text())
		}
	}
	if len(cStructs) != len(layoutTypes) || len(cStructs) != len(spec.Structs()) {
		t.Errorf("C has %d structs, Go %d, the table %d", len(cStructs), len(layoutTypes), len(spec.Structs()))
	}
	compared := 0
	for name, size := range cStructs {
		v, ok := layoutTypes[name]
		if !ok {
			t.Errorf("C struct %s has no Go struct", name)
			continue
		}
		if gs := binary.Size(v); gs != size {
			t.Errorf("%s: sizeof %d in C, binary.Size %d in Go (%T)", name, size, gs, v)
		}
		gf, cf := goLayout(v), cFields[name]
		if len(gf) != len(cf) {
			t.Errorf("%s: %d members in C, %d fields in Go (%T)", name, len(cf), len(gf), v)
			continue
		}
		for i := range cf {
			wantName := spec.GoName(cf[i].name)
			if strings.HasPrefix(cf[i].name, "_pad") {
				wantName = "_"
			}
			if gf[i].name != wantName || gf[i].off != cf[i].off || gf[i].size != cf[i].size {
				t.Errorf("%s member %d: C %s at %d, %d bytes; Go %s %s at %d, %d bytes",
					name, i, cf[i].name, cf[i].off, cf[i].size, gf[i].name, gf[i].typeString, gf[i].off, gf[i].size)
			}
			compared++
		}
	}
	if len(cConsts) != len(goConstants) {
		t.Errorf("C printed %d constants, Go has %d", len(cConsts), len(goConstants))
	}
	for name, v := range cConsts {
		if g, ok := goConstants[name]; !ok || g != v {
			t.Errorf("%s: %d in C, %d in Go (defined %v)", name, v, g, ok)
		}
	}
	t.Logf("%d structs, %d members, %d constants compared", len(cStructs), compared, len(cConsts))
}

// mutations are inputs near b: cut, extended, each of its first 64 words
// set to edge values, and random byte flips.
func mutations(b []byte, rng *rand.Rand) [][]byte {
	var out [][]byte
	add := func(c []byte) { out = append(out, c) }
	add(bytes.Clone(b))
	for _, n := range []int{0, 1, 7, 31, 32, len(b) - 1, len(b) - 8} {
		if n >= 0 && n < len(b) {
			add(bytes.Clone(b[:n]))
			if n >= 4 {
				add(resize(b, n))
			}
		}
	}
	add(append(bytes.Clone(b), 0))
	add(resize(b, len(b)+1))
	add(resize(b, len(b)+8))
	for w := 0; w+4 <= len(b) && w < 256; w += 4 {
		v := le.Uint32(b[w:])
		for _, x := range []uint32{0, 1, 2, v + 1, v - 1, 0xffffffff, 0x80000000, 1 << 28} {
			add(patch32(b, w, x))
		}
	}
	for range 16 {
		c := bytes.Clone(b)
		for range 1 + rng.IntN(3) {
			if len(c) > 0 {
				c[rng.IntN(len(c))] ^= byte(1 << rng.IntN(8))
			}
		}
		add(c)
	}
	return out
}

// TestCDecoderAgreesWithGo runs the C decoder (ndkt_decode_call, under
// the sanitizers) and the Go one over every seed of the corpus and
// thousands of inputs near them, and wants the same status for each, and
// for the accepted ones the same opcode, part counts, presence and reply
// capacity. Every event record the C encoder (ndkt_event_put) writes must
// decode in Go to a record that encodes to the same bytes.
func TestCDecoderAgreesWithGo(t *testing.T) {
	prog := buildC(t, "contract_check", filepath.Join(ndktDir, "test", "contract_check_main.c"), filepath.Join(ndktDir, "core", "decode.c"))
	seeds, err := SeedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(seeds))
	for n := range seeds {
		names = append(names, n)
	}
	sort.Strings(names)
	rng := rand.New(rand.NewPCG(1, 2))
	type input struct {
		mode  byte
		b     []byte
		label string
	}
	var inputs []input
	for _, n := range names {
		for i, m := range mutations(seeds[n], rng) {
			label := fmt.Sprintf("%s#%d", n, i)
			inputs = append(inputs, input{0, m, label})
			if strings.HasPrefix(n, "ev-") {
				inputs = append(inputs, input{1, m, label})
			}
		}
	}
	var stdin bytes.Buffer
	for _, in := range inputs {
		stdin.WriteByte(in.mode)
		stdin.Write(le.AppendUint32(nil, uint32(len(in.b))))
		stdin.Write(in.b)
	}
	cmd := exec.Command(prog)
	cmd.Stdin = &stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", prog, err, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(inputs) {
		t.Fatalf("%d lines for %d inputs", len(lines), len(inputs))
	}
	counts := map[string]int{}
	fails := 0
	fail := func(format string, a ...any) {
		if fails++; fails <= 20 {
			t.Errorf(format, a...)
		}
	}
	for i, in := range inputs {
		c := strings.Fields(lines[i])
		if in.mode == 1 {
			counts["event "+c[1]]++
			if strings.HasSuffix(in.label, "#0") && c[1] != "ok" {
				fail("%s: the C encoder refuses a valid record: %s", in.label, c[1])
			}
			if c[1] != "ok" {
				continue
			}
			rec, err := hex.DecodeString(c[2])
			if err != nil {
				t.Fatal(err)
			}
			evs, err := DecodeEvents(rec)
			if err != nil || len(evs) != 1 {
				fail("%s: Go refuses the record the C encoder wrote (%x): %v", in.label, rec, err)
				continue
			}
			if again, err := EncodeEvent(evs[0]); err != nil || !bytes.Equal(again, rec) {
				fail("%s: C wrote %x, Go re-encodes %x (%v)", in.label, rec, again, err)
			}
			continue
		}
		_, r, err := DecodeCall(in.b)
		want := []string{"call", StatusOf(err).String()}
		if err == nil {
			capacity, cerr := ReplyCapacity(r)
			if cerr != nil {
				capacity = 0
			}
			want = append(want, fmt.Sprint(uint32(r.Opcode())), fmt.Sprint(capacity))
			for j, p := range r.parts() {
				v := reflect.ValueOf(p)
				present := 1
				if d := r.Opcode().desc(); d.req.parts[j].presentOff >= 0 && v.IsNil() {
					present = 0
				}
				want = append(want, fmt.Sprint(v.Len()), fmt.Sprint(present))
			}
		}
		counts["call "+want[1]]++
		if strings.Join(c, " ") != strings.Join(want, " ") {
			fail("%s (%x): C %q, Go %q (%v)", in.label, in.b, lines[i], strings.Join(want, " "), err)
		}
	}
	t.Logf("%d inputs: %v", len(inputs), counts)
	for _, s := range []string{"call ok", "call bad_size", "call bad_version", "call unknown_opcode", "call bad_field", "call bad_trailing", "call too_many", "event ok", "event bad_trailing"} {
		if counts[s] == 0 {
			t.Errorf("no input gave %s: the mutations miss a path", s)
		}
	}
}

// TestSeedCorpusUpToDate: ndkt/test/corpus/decode holds SeedCorpus.
func TestSeedCorpusUpToDate(t *testing.T) {
	seeds, err := SeedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(ndktDir, "test", "corpus", "decode")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("%v: run go generate ./ndkt/contract", err)
	}
	if len(ents) != len(seeds) {
		t.Errorf("%s has %d files, the corpus %d: run go generate ./ndkt/contract", dir, len(ents), len(seeds))
	}
	for name, want := range seeds {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: differs or is missing (%v): run go generate ./ndkt/contract", name, err)
		}
	}
}
