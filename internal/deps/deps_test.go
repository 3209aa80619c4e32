package deps

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/ndkconform/ndkconform"

// self in a may or tests column stands for the package itself and the
// packages under it (a driver's own subpackages), nothing else.
const self = "$self"

// rule is a line of the table: the project packages that pkg (a package
// path relative to the module, or a pattern: "x/..." is x and everything
// under it) may import.
type rule struct {
	pkg   string
	may   []string // non-test imports
	tests []string // imports allowed to its test files besides may
}

// rules is the import graph the project allows. Every package of the
// module matches exactly one line.
var rules = []rule{
	// the bottom layer: nothing of the project
	{pkg: "ndk"},
	{pkg: "finding"},
	// helpers of every layer: the NDK interface at most (internal/ndkcall,
	// the suite's call core); their tests may use the reference provider
	{pkg: "internal/...", may: []string{"ndk", "internal/..."}},

	// the agent protocol (generated gRPC code): nothing of the project; its
	// tests check it against the NDK interface
	{pkg: "agent/v1", tests: []string{"ndk"}},
	// the agent: serves an ndk.Provider over the protocol; its tests run
	// the remote driver against it over the reference provider
	{pkg: "agent", may: []string{"agent/v1", "ndk", "internal/..."}, tests: []string{"drivers/sim", "drivers/remote"}},

	// the rule catalog, the consumer's model of a provider
	{pkg: "catalog", may: []string{"finding"}, tests: []string{"catalog", "suite", "specs", "drivers/sim", "stress"}},
	// what a run found: spec outcomes, rule verdicts, counts, waivers,
	// the certification policy
	{pkg: "outcome", may: []string{"catalog", "finding"}},
	{pkg: "model", may: []string{"ndk"}},

	// drivers: the interface they implement and internal helpers, nothing
	// else; never another driver (their benchmarks may use perf's cycle)
	{pkg: "drivers/sim/...", may: []string{"ndk", "internal/...", self}, tests: []string{"perf"}},
	{pkg: "drivers/rxe/...", may: []string{"ndk", "internal/...", self}, tests: []string{"perf"}},
	// the remote driver: the provider over the agent protocol, from a
	// gRPC stream or (driver ndkt) from ndkt's device, whose IOCTL
	// contract is the protocol's calls in binary form
	{pkg: "drivers/remote/...", may: []string{"agent/v1", "ndk", "internal/...", "ndkt/contract/...", "ndkt/device", self}, tests: []string{"perf"}},

	// ndkt's IOCTL contract (its table, generator and Go codec): nothing
	// else of the project; its tests check it against the agent protocol
	{pkg: "ndkt/contract/...", may: []string{"ndkt/contract/..."}, tests: []string{"agent/v1"}},
	// ndkt's transport: a handle and DeviceIoControl on it; nothing of the
	// project
	{pkg: "ndkt/device", may: []string{}},
	// sim behind NDKPI's C ABI (cgo, linux): the reference provider as C
	// objects and dispatch tables for the ndkt core's Linux tests; its
	// internal test consumer imports it
	{pkg: "ndkt/simabi/...", may: []string{"ndk", "drivers/sim", "internal/...", "ndkt/simabi/...", self}},
	// ndkt's Linux transport (cgo, linux): the C core in process with sim
	// behind the C ABI as its provider; its tests speak the contract's Go
	// codec
	{pkg: "ndkt/inproc", may: []string{"ndk", "ndkt/device", "ndkt/simabi"}, tests: []string{"ndkt/contract"}},

	// the harness and the specs: never a driver
	// (suite's own tests use the reference provider as a fixture)
	{pkg: "suite", may: []string{"ndk", "finding", "outcome", "internal/..."}, tests: []string{"drivers/sim"}},
	{pkg: "specs/...", may: []string{"ndk", "finding", "suite", "model", "specs/..."}},
	{pkg: "perf", may: []string{"ndk", "internal/..."}, tests: []string{"perf", "drivers/sim"}},

	// the stress run: the provider under load through the NDK interface,
	// its failures findings; never a spec nor a driver (its tests load
	// the reference provider)
	{pkg: "stress", may: []string{"ndk", "finding", "internal/..."}, tests: []string{"drivers/sim"}},

	// the reports: the catalog's rules and the provider's adapter info, not
	// the harness
	{pkg: "reports", may: []string{"catalog", "finding", "internal/...", "ndk", "outcome"}},

	// a certification bundle: verifying and signing it (its manifest and
	// JSON report are the reports')
	{pkg: "bundle", may: []string{"ndk", "outcome", "reports"}},

	// the runner: a run of the suite in child processes, merged into one
	// report; never the specs (the program that runs it has them) nor a
	// driver
	{pkg: "runner", may: []string{"ndk", "outcome", "reports", "suite", "internal/..."}},

	// the suite as a Go library: the runner, every spec, the reports
	{pkg: "conformance", may: []string{"outcome", "reports", "runner", "specs", "suite"}, tests: []string{"drivers/sim"}},

	// the commands and the tests that put it all together (of the
	// internal helpers, the one writer the runner and certify's log share;
	// their own internal packages: earlysig, SIGINT watched from init)
	{pkg: "cmd/...", may: []string{"agent", "agent/v1", "bundle", "catalog", "drivers/...", "finding", "ndk", "ndkt/device", "ndkt/inproc", "outcome", "reports", "runner", "specs", "stress", "suite", "internal/syncwriter", self}, tests: []string{"internal/testpki"}},
	{pkg: "selftest", tests: []string{"catalog", "drivers/sim", "finding", "ndk", "outcome", "reports", "runner", "specs", "suite"}},
	{pkg: "test/mutation"},
	{pkg: "test/rxe/judge", may: []string{"outcome", "reports", "stress"}, tests: []string{"finding"}},
	{pkg: "docs"}, // the README's references
}

// pkgImports is one package as one build configuration sees it: its
// imports of project packages, relative to the module.
type pkgImports struct {
	pkg          string
	imports      []string
	testImports  []string
	buildContext string // the configuration, for the error message
}

// matches reports whether the package path p matches pattern pat.
func matches(pat, p string) bool {
	if base, ok := strings.CutSuffix(pat, "/..."); ok {
		return p == base || strings.HasPrefix(p, base+"/")
	}
	return p == pat
}

// allows reports whether one of the patterns of list allows pkg to import
// imp.
func allows(list []string, pkg, imp string) bool {
	for _, pat := range list {
		if pat == self {
			if matches(pkg+"/...", imp) {
				return true
			}
			continue
		}
		if matches(pat, imp) {
			return true
		}
	}
	return false
}

// check returns every breach of the rules in the graph: an import no rule
// allows, a package no rule or two rules match.
func check(rules []rule, graph []pkgImports) []string {
	var errs []string
	for _, p := range graph {
		var found []rule
		for _, r := range rules {
			if matches(r.pkg, p.pkg) {
				found = append(found, r)
			}
		}
		if len(found) != 1 {
			var pats []string
			for _, r := range found {
				pats = append(pats, r.pkg)
			}
			errs = append(errs, fmt.Sprintf("%s: matches %d lines of the rules table (%q), want exactly 1: give it a line of its own", p.pkg, len(found), pats))
			continue
		}
		r := found[0]
		for _, imp := range p.imports {
			if imp != p.pkg && !allows(r.may, p.pkg, imp) {
				errs = append(errs, fmt.Sprintf("%s imports %s (%s), which its line (%s) does not allow", p.pkg, imp, p.buildContext, r.pkg))
			}
		}
		for _, imp := range p.testImports {
			if imp != p.pkg && !allows(r.may, p.pkg, imp) && !allows(r.tests, p.pkg, imp) {
				errs = append(errs, fmt.Sprintf("%s: its tests import %s (%s), which its line (%s) does not allow", p.pkg, imp, p.buildContext, r.pkg))
			}
		}
	}
	sort.Strings(errs)
	return slices.Compact(errs)
}

// moduleRoot is the directory of go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		t.Fatal("not in a module")
	}
	return filepath.Dir(gomod)
}

var buildLine = regexp.MustCompile(`^//go:build (.*)$`)

// buildTags are the build tags the module's files name in //go:build
// lines, other than operating systems, architectures, cgo and ignore.
func buildTags(t *testing.T, root string) []string {
	t.Helper()
	known := map[string]bool{"cgo": true, "ignore": true, "unix": true}
	out, err := exec.Command("go", "tool", "dist", "list").Output()
	if err != nil {
		t.Fatalf("go tool dist list: %v", err)
	}
	for _, l := range strings.Fields(string(out)) {
		goos, goarch, _ := strings.Cut(l, "/")
		known[goos], known[goarch] = true, true
	}
	tags := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "out" || d.Name() == "bin") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if strings.HasPrefix(line, "package ") {
				break
			}
			if m := buildLine.FindStringSubmatch(line); m != nil {
				for _, w := range regexp.MustCompile(`[A-Za-z0-9_.]+`).FindAllString(m[1], -1) {
					if !known[w] {
						tags[w] = true
					}
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	var out2 []string
	for tag := range tags {
		out2 = append(out2, tag)
	}
	sort.Strings(out2)
	return out2
}

// listGraph runs go list in the module root with the environment and tags
// given and returns every package's project imports.
func listGraph(t *testing.T, root string, env []string, tags []string) []pkgImports {
	t.Helper()
	args := []string{"list", "-e", "-json=ImportPath,Imports,TestImports,XTestImports,Error"}
	if len(tags) > 0 {
		args = append(args, "-tags", strings.Join(tags, ","))
	}
	args = append(args, "./...")
	cmd := exec.Command("go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s (%s): %v\n%s", strings.Join(args, " "), env, err, stderr.String())
	}
	what := strings.TrimSpace(strings.Join(env, " ") + " tags=" + strings.Join(tags, ","))
	rel := func(paths []string) []string {
		var r []string
		for _, p := range paths {
			if p == module {
				r = append(r, ".")
			} else if rest, ok := strings.CutPrefix(p, module+"/"); ok {
				r = append(r, rest)
			}
		}
		return r
	}
	var graph []pkgImports
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath                         string
			Imports, TestImports, XTestImports []string
			Error                              *struct{ Err string }
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.Error != nil && !strings.Contains(p.Error.Err, "build constraints exclude all Go files") {
			t.Fatalf("go list (%s): %s: %s", what, p.ImportPath, p.Error.Err)
		}
		pkg := rel([]string{p.ImportPath})
		if len(pkg) != 1 {
			continue
		}
		graph = append(graph, pkgImports{pkg: pkg[0], imports: rel(p.Imports),
			testImports: rel(append(p.TestImports, p.XTestImports...)), buildContext: what})
	}
	if len(graph) == 0 {
		t.Fatalf("go list (%s) lists no package", what)
	}
	return graph
}

// TestImportRules checks the module's import graph, in every build
// configuration, against the rules table.
func TestImportRules(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("the go command is needed: %v", err)
	}
	root := moduleRoot(t)
	tags := buildTags(t, root)
	if !slices.Contains(tags, "rxe") {
		t.Errorf("build tags %q: rxe is missing, the tag scan is broken", tags)
	}
	configs := []struct {
		env  []string
		tags []string
	}{
		{nil, nil},
		{[]string{"CGO_ENABLED=1"}, tags},
		{[]string{"GOOS=windows", "GOARCH=amd64"}, nil},
		{[]string{"GOOS=windows", "GOARCH=amd64"}, tags},
	}
	seen := map[string]bool{}
	var graph []pkgImports
	for _, c := range configs {
		g := listGraph(t, root, c.env, c.tags)
		for _, p := range g {
			seen[p.pkg] = true
		}
		graph = append(graph, g...)
	}
	for _, required := range []string{"ndk", "suite", "specs/endpoints", "drivers/sim", "drivers/rxe", "reports", "runner", "cmd/ndkconform", "internal/deps"} {
		if !seen[required] {
			t.Errorf("go list did not list %s: the graph is incomplete", required)
		}
	}
	for _, e := range check(rules, graph) {
		t.Error(e)
	}
	// every line of the table names a package that exists
	for _, r := range rules {
		found := false
		for p := range seen {
			found = found || matches(r.pkg, p)
		}
		if !found {
			t.Errorf("the rules table has a line for %s, which matches no package: remove it", r.pkg)
		}
	}
}

// TestCheck shows that check catches each kind of breach, on a made-up
// graph.
func TestCheck(t *testing.T) {
	good := []pkgImports{
		{pkg: "ndk"},
		{pkg: "internal/workers"},
		{pkg: "drivers/sim", imports: []string{"ndk", "internal/workers"}, testImports: []string{"ndk"}},
		{pkg: "drivers/sim/sub", imports: []string{"ndk"}},
		{pkg: "drivers/rxe", imports: []string{"ndk"}},
		{pkg: "suite", imports: []string{"ndk", "finding"}},
		{pkg: "specs/endpoints", imports: []string{"suite", "ndk", "finding"}},
		{pkg: "perf", imports: []string{"ndk"}, testImports: []string{"perf", "drivers/sim"}},
		{pkg: "runner", imports: []string{"ndk", "outcome", "reports", "suite"}},
		{pkg: "conformance", imports: []string{"runner", "specs", "suite"}, testImports: []string{"drivers/sim"}},
		{pkg: "cmd/ndkconform", imports: []string{"drivers/sim", "drivers/rxe", "runner", "specs", "suite"}},
	}
	if errs := check(rules, good); len(errs) != 0 {
		t.Fatalf("a graph that keeps the rules: %q", errs)
	}
	for _, tc := range []struct {
		name string
		p    pkgImports
		want string
	}{
		{"a spec imports a driver", pkgImports{pkg: "specs/endpoints", imports: []string{"suite", "drivers/sim"}}, "specs/endpoints imports drivers/sim"},
		{"a driver imports another", pkgImports{pkg: "drivers/sim", imports: []string{"ndk", "drivers/rxe"}}, "drivers/sim imports drivers/rxe"},
		{"a driver imports the harness", pkgImports{pkg: "drivers/rxe", imports: []string{"suite"}}, "drivers/rxe imports suite"},
		{"a driver imports the specs", pkgImports{pkg: "drivers/sim", imports: []string{"specs/lifetime"}}, "drivers/sim imports specs/lifetime"},
		{"a driver imports the reports", pkgImports{pkg: "drivers/sim", imports: []string{"reports"}}, "drivers/sim imports reports"},
		{"a driver's test imports the specs", pkgImports{pkg: "drivers/sim", testImports: []string{"specs"}}, "drivers/sim: its tests import specs"},
		{"ndk imports the project", pkgImports{pkg: "ndk", imports: []string{"finding"}}, "ndk imports finding"},
		{"suite imports reports", pkgImports{pkg: "suite", imports: []string{"ndk", "reports"}}, "suite imports reports"},
		{"reports imports suite", pkgImports{pkg: "reports", imports: []string{"suite"}}, "reports imports suite"},
		{"internal imports a higher layer", pkgImports{pkg: "internal/wait", imports: []string{"suite"}}, "internal/wait imports suite"},
		{"the runner imports the specs", pkgImports{pkg: "runner", imports: []string{"suite", "specs"}}, "runner imports specs"},
		{"the runner imports a driver", pkgImports{pkg: "runner", imports: []string{"suite", "drivers/sim"}}, "runner imports drivers/sim"},
		{"a driver imports the runner", pkgImports{pkg: "drivers/sim", imports: []string{"ndk", "runner"}}, "drivers/sim imports runner"},
		{"a package the table does not list", pkgImports{pkg: "newpkg"}, "newpkg: matches 0 lines"},
	} {
		errs := check(rules, append(slices.Clone(good), tc.p))
		if len(errs) != 1 || !strings.Contains(errs[0], tc.want) {
			t.Errorf("%s: %q, want one error with %q", tc.name, errs, tc.want)
		}
	}
	// two lines for one package
	twice := append(slices.Clone(rules), rule{pkg: "ndk"})
	if errs := check(twice, []pkgImports{{pkg: "ndk"}}); len(errs) != 1 || !strings.Contains(errs[0], "matches 2 lines") {
		t.Errorf("a package on two lines: %q", errs)
	}
}
