package selftest

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ndkconform/ndkconform/outcome"
)

// Selection by coverage (make selftest): a variant's run takes only the
// specs that evaluate one of its guards, not the whole suite.
//
// Every broken behaviour of sim sits behind a comparison with its
// variant's name (f.variant == VariantX: drivers/sim/variants.go's rule,
// "VARIANT <name>" marks each point). A spec that never evaluates any of
// those comparisons runs exactly the code it runs against the conforming
// sim, so it passes as it does there, and running it against the variant
// proves nothing. The baseline runs the suite once, in the variants'
// personality (completion=deferred), with a binary built with -cover and
// ndkconform run's --cover-per-spec (what each spec executed of sim, as
// test/mutation's -select=coverage does); the guards are found in sim's
// source (go/parser): every use of a Variant constant but its
// registration. A variant's run then selects the specs whose profile has
// the block of one of its guards executed.
//
// A variant runs with the whole suite (no selection) when a use of its
// constant is outside every function (a table: the variants lacking an
// entry point), in no block of the profile, or in a block executed
// outside every spec (the set-up of a test process: the provider opened,
// whose effect reaches every spec), or when no spec or every spec
// evaluates it. What selection leaves out is a spec that would see the
// variant only through the state another spec of its test process left
// behind (a port leaked); a variant caught only that way shows as NOT
// CAUGHT, and a spec killed only that way as never killed: the kill
// matrix's own checks.
type variantSelection struct {
	specs int                 // the specs of the baseline
	whole map[string]string   // variant -> why it runs with the whole suite
	names map[string][]string // variant -> the full texts of the specs it runs with, sorted
}

// focus is the configuration's Focus of variant v's run: nil for the
// whole suite.
func (s *variantSelection) focus(v string) []string {
	if s == nil || s.whole[v] != "" || len(s.names[v]) == 0 {
		return nil
	}
	alts := make([]string, len(s.names[v]))
	for i, n := range s.names[v] {
		alts[i] = regexp.QuoteMeta(n)
	}
	return []string{"^(?:" + strings.Join(alts, "|") + ")$"}
}

// summary says how the variants of names are run, and why each that
// runs with the whole suite does.
func (s *variantSelection) summary(names []string) string {
	whole, total := 0, 0
	var sizes []int
	var why []string
	for _, v := range names {
		if s.focus(v) == nil {
			whole++
			total += s.specs
			why = append(why, fmt.Sprintf("\n  %s: the whole suite: %s", v, cmp.Or(s.whole[v], "no use of its constant in sim's source")))
			continue
		}
		sizes = append(sizes, len(s.names[v]))
		total += len(s.names[v])
	}
	slices.Sort(sizes)
	med := 0
	if len(sizes) > 0 {
		med = sizes[len(sizes)/2]
	}
	return fmt.Sprintf("selection by coverage: %d of %d variants with the whole suite, the others a median of %d of the %d specs; %d spec runs instead of %d (%.0f%%)%s",
		whole, len(names), med, s.specs, total, len(names)*s.specs, 100*float64(total)/float64(max(1, len(names)*s.specs)), strings.Join(why, ""))
}

// simImport is the import path of the package whose guards select.
const simImport = "github.com/ndkconform/ndkconform/drivers/sim"

// selectByCoverage runs the baseline and reads sim's guards.
func selectByCoverage(t *testing.T) *variantSelection {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "ndkconform-cover")
	build := exec.Command("go", "build", "-tags", "crashtest", "-cover", "-covermode=atomic",
		"-coverpkg="+simImport+",github.com/ndkconform/ndkconform/cmd/ndkconform", "-o", bin, "github.com/ndkconform/ndkconform/cmd/ndkconform")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -cover ndkconform: %v\n%s", err, out)
	}
	cov := filepath.Join(dir, "cover")
	report := filepath.Join(dir, "baseline.json")
	run := exec.Command(bin, "run", "--driver-opt", "completion=deferred", "--timeout", childTimeout.String(),
		"--json-report", report, "--cover-per-spec", cov)
	run.Env = append(os.Environ(), "GOCOVERDIR="+filepath.Join(cov, "outside"))
	if err := os.MkdirAll(filepath.Join(cov, "outside"), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("the baseline (the conforming sim, completion=deferred, coverage per spec): %v\n%s", err, tail(out))
	}
	names, err := reportNames(report)
	if err != nil {
		t.Fatal(err)
	}
	if err := textProfiles(cov); err != nil {
		t.Fatal(err)
	}
	prof, err := readProfiles(cov)
	if err != nil {
		t.Fatal(err)
	}
	uses, err := variantUses(filepath.Join("..", "drivers", "sim"))
	if err != nil {
		t.Fatal(err)
	}
	return selectVariants(prof, uses, names)
}

// reportNames maps each spec's short ID to its full text, from a JSON
// report.
func reportNames(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r struct {
		Specs []struct {
			Name string `json:"name"`
		} `json:"specs"`
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	names := map[string]string{}
	for _, s := range r.Specs {
		names[outcome.SpecID(s.Name)] = s.Name
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s lists no spec", path)
	}
	return names, nil
}

// textProfiles turns each directory of counts under dir (a spec's, by its
// short ID, and outside) into the text profile of sim beside it, DIR.txt,
// with go tool covdata, as many at a time as there are CPUs.
func textProfiles(dir string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	tool := "go tool covdata"
	if out, err := exec.Command("go", "tool", "-n", "covdata").Output(); err == nil {
		if p := strings.TrimSpace(string(out)); p != "" && !strings.Contains(p, " ") {
			tool = p // the tool's own binary: milliseconds a run, not the go command's hundreds
		}
	}
	argv := strings.Fields(tool)
	queue := make(chan string)
	var mu sync.Mutex
	var errs []error
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Go(func() {
			for d := range queue {
				args := append(slices.Clone(argv[1:]), "textfmt", "-i", d, "-pkg", simImport, "-o", d+".txt")
				if out, err := exec.Command(argv[0], args...).CombinedOutput(); err != nil {
					mu.Lock()
					errs = append(errs, fmt.Errorf("covdata %s: %v\n%s", d, err, out))
					mu.Unlock()
				}
			}
		})
	}
	for _, e := range ents {
		if e.IsDir() {
			queue <- filepath.Join(dir, e.Name())
		}
	}
	close(queue)
	wg.Wait()
	return errors.Join(errs...)
}

// block is a coverage block of a file of sim: where it starts and ends.
type block struct {
	file           string // base name
	sl, sc, el, ec int
}

func (b block) holds(p token.Position) bool {
	after := p.Line > b.sl || p.Line == b.sl && p.Column >= b.sc
	before := p.Line < b.el || p.Line == b.el && p.Column < b.ec
	return after && before
}

// profiles is the baseline's coverage of sim spec by spec.
type profiles struct {
	specs   []string           // the specs' short IDs
	blocks  map[string][]block // file -> every block
	outside map[block]bool     // executed outside every spec
	by      map[block][]string // block -> the specs (short IDs) that executed it
}

// readProfiles reads dir/ID.txt of each spec and dir/outside.txt.
func readProfiles(dir string) (*profiles, error) {
	p := &profiles{blocks: map[string][]block{}, outside: map[block]bool{}, by: map[block][]string{}}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	for _, name := range files {
		id := strings.TrimSuffix(filepath.Base(name), ".txt")
		if err := p.read(name, id); err != nil {
			return nil, err
		}
	}
	if len(p.specs) == 0 || len(p.blocks) == 0 {
		return nil, fmt.Errorf("%s: no spec's profile of sim (--cover-per-spec wrote none)", dir)
	}
	return p, nil
}

// read adds one profile: a line "path/file.go:SL.SC,EL.EC N COUNT".
func (p *profiles) read(name, id string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	if id != "outside" {
		p.specs = append(p.specs, id)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") || line == "" {
			continue
		}
		i := strings.LastIndex(line, ":")
		fields := strings.Fields(line[i+1:])
		if i < 0 || len(fields) != 3 {
			return fmt.Errorf("%s: not a profile line: %q", name, line)
		}
		b := block{file: filepath.Base(line[:i])}
		if _, err := fmt.Sscanf(fields[0], "%d.%d,%d.%d", &b.sl, &b.sc, &b.el, &b.ec); err != nil {
			return fmt.Errorf("%s: %q: %v", name, line, err)
		}
		n, err := strconv.Atoi(fields[2])
		if err != nil {
			return fmt.Errorf("%s: %q: %v", name, line, err)
		}
		if id == "outside" {
			p.blocks[b.file] = append(p.blocks[b.file], b)
		}
		switch {
		case n == 0:
		case id == "outside":
			p.outside[b] = true
		default:
			p.by[b] = append(p.by[b], id)
		}
	}
	return sc.Err()
}

// use is where sim's source names a variant's constant: the file (base
// name) and the positions of the nodes that enclose the name, innermost
// first, up to its function; none when it is outside every function.
type use struct {
	variant string // the variant's name (the constant's value)
	at      string // file:line:col, for the reasons
	path    []token.Position
}

// variantUses finds every use of a Variant constant in sim's non-test
// files but its registration (a Variant literal's Name).
func variantUses(dir string) ([]use, error) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var parsed []*ast.File
	consts := map[string]string{} // constant -> the variant's name
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return nil, err
		}
		parsed = append(parsed, f)
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i >= len(vs.Values) || !strings.HasPrefix(n.Name, "Variant") {
						continue
					}
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						v, err := strconv.Unquote(lit.Value)
						if err != nil {
							return nil, err
						}
						consts[n.Name] = v
					}
				}
			}
		}
	}
	if len(consts) == 0 {
		return nil, fmt.Errorf("%s: no Variant constant", dir)
	}
	var uses []use
	for _, f := range parsed {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, isVariant := consts[id.Name]
			if !isVariant || declares(stack, id) || registers(stack, id) {
				return true
			}
			u := use{variant: v, at: fset.Position(id.Pos()).String()}
			inFunc := false
			for i := len(stack) - 1; i >= 0 && !inFunc; i-- {
				switch stack[i].(type) {
				case *ast.FuncDecl, *ast.FuncLit:
					inFunc = true
				default:
					u.path = append(u.path, fset.Position(stack[i].Pos()))
				}
			}
			if !inFunc {
				u.path = nil
			}
			uses = append(uses, u)
			return true
		})
	}
	return uses, nil
}

// declares: id is the name a const declaration declares.
func declares(stack []ast.Node, id *ast.Ident) bool {
	if len(stack) < 2 {
		return false
	}
	vs, ok := stack[len(stack)-2].(*ast.ValueSpec)
	return ok && slices.Contains(vs.Names, id)
}

// registers: id is the Name of a Variant literal (the variants table).
func registers(stack []ast.Node, id *ast.Ident) bool {
	if len(stack) < 2 {
		return false
	}
	kv, ok := stack[len(stack)-2].(*ast.KeyValueExpr)
	if !ok || kv.Value != id {
		return false
	}
	k, ok := kv.Key.(*ast.Ident)
	return ok && k.Name == "Name"
}

// selectVariants selects each variant's specs from the profiles and the
// uses; names maps the specs' short IDs to their full texts.
func selectVariants(p *profiles, uses []use, names map[string]string) *variantSelection {
	s := &variantSelection{specs: len(p.specs), whole: map[string]string{}, names: map[string][]string{}}
	ids := map[string]map[string]bool{}
	for _, u := range uses {
		if s.whole[u.variant] != "" {
			continue
		}
		b, ok := p.blockOf(u)
		switch {
		case len(u.path) == 0:
			s.whole[u.variant] = "named outside every function at " + u.at
		case !ok:
			s.whole[u.variant] = "in no block of the profile at " + u.at
		case p.outside[b]:
			s.whole[u.variant] = "evaluated outside every spec (a test process's set-up) at " + u.at
		default:
			if ids[u.variant] == nil {
				ids[u.variant] = map[string]bool{}
			}
			for _, id := range p.by[b] {
				ids[u.variant][id] = true
			}
		}
	}
	for v, set := range ids {
		if s.whole[v] != "" {
			continue
		}
		switch {
		case len(set) == 0:
			s.whole[v] = "no spec of the baseline evaluates it"
		case len(set) == len(p.specs):
			s.whole[v] = "every spec evaluates it"
		}
		for id := range set {
			if n, ok := names[id]; ok {
				s.names[v] = append(s.names[v], n)
			} else {
				s.whole[v] = "a spec of the profiles is not in the baseline's report: " + id
			}
		}
		slices.Sort(s.names[v])
	}
	return s
}

// blockOf is the block that holds the innermost node of u's path that
// some block holds: the name itself, or (a case expression, which no
// block holds: cover's blocks start after the colon) the switch that
// evaluates it.
func (p *profiles) blockOf(u use) (block, bool) {
	for _, pos := range u.path {
		for _, b := range p.blocks[filepath.Base(pos.Filename)] {
			if b.holds(pos) {
				return b, true
			}
		}
	}
	return block{}, false
}
