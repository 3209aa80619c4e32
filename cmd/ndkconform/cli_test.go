package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/outcome"
)

// In-process tests of the commands that do not run the suite: version,
// drivers, the rules legend.

// runCLI runs the command line in this process.
func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// --version is the version command, not a flag of run.
func TestVersionFlag(t *testing.T) {
	code, want, stderr := runCLI("version")
	if code != 0 || stderr != "" || !strings.HasPrefix(want, "ndkconform ") {
		t.Fatalf("version: exit %d, stdout %q, stderr %q", code, want, stderr)
	}
	for _, args := range [][]string{{"--version"}, {"-version"}} {
		code, got, stderr := runCLI(args...)
		if code != 0 || stderr != "" || got != want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 0 and %q", args, code, got, stderr, want)
		}
	}
	// the built binary too: main passes os.Args on unchanged
	v, fv := ndkconform(t, "version"), ndkconform(t, "--version")
	if v.code != 0 || fv.code != 0 || fv.stdout != v.stdout || fv.stderr != "" {
		t.Errorf("binary: version exit %d %q; --version exit %d %q, stderr %q", v.code, v.stdout, fv.code, fv.stdout, fv.stderr)
	}
	if code, _, stderr := runCLI("--version", "extra"); code != exitUsage || !strings.Contains(stderr, `unexpected argument "extra"`) {
		t.Errorf("--version extra: exit %d, stderr %q", code, stderr)
	}
}

func TestDriversLayout(t *testing.T) {
	code, out, stderr := runCLI("drivers")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for i, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if n := len([]rune(line)); n > 100 {
			t.Errorf("line %d has %d columns: %q", i+1, n, line)
		}
		if strings.HasPrefix(strings.TrimSpace(line), "|") {
			t.Errorf("line %d starts with the separator of a list: %q", i+1, line)
		}
	}
	if !regexp.MustCompile(`(?m)^sim: usable$`).MatchString(out) {
		t.Errorf("sim is not listed as usable:\n%s", out)
	}
	// every option of every driver on a line of its own, its usage below it,
	// every word of it (sim's variant names included) there
	words := strings.Fields(out)
	for _, name := range ndk.Drivers() {
		d, err := ndk.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + `: (usable|not usable here: \S.*)$`).MatchString(out) {
			t.Errorf("%s has no head line", name)
		}
		for _, o := range d.Options() {
			def := o.Default
			if def == "" {
				def = `""`
			}
			if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(o.Name+"="+def) + `\n      \S`).MatchString(out) {
				t.Errorf("%s: option %s=%s is not on a line of its own with its usage below", name, o.Name, def)
			}
			for _, w := range strings.Fields(o.Usage) {
				if !slices.Contains(words, w) {
					t.Errorf("%s: option %s: word %q of its usage is missing", name, o.Name, w)
				}
			}
		}
	}
	if !strings.Contains(out, "listener-close-inline") {
		t.Errorf("sim's variants are not listed")
	}
}

func TestDriversJSON(t *testing.T) {
	code, out, stderr := runCLI("drivers", "--json")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var drivers []struct {
		Name    string  `json:"name"`
		Usable  *bool   `json:"usable"`
		WhyNot  *string `json:"why_not"`
		Options []struct {
			Name    string  `json:"name"`
			Default *string `json:"default"`
			Usage   string  `json:"usage"`
		} `json:"options"`
	}
	if err := json.Unmarshal([]byte(out), &drivers); err != nil {
		t.Fatalf("does not parse: %v\n%s", err, out)
	}
	var names []string
	for _, d := range drivers {
		names = append(names, d.Name)
		if d.Usable == nil || d.WhyNot == nil || d.Options == nil {
			t.Errorf("%s: a field is missing: %s", d.Name, out)
			continue
		}
		if *d.Usable != (*d.WhyNot == "") {
			t.Errorf("%s: usable %v, why not %q", d.Name, *d.Usable, *d.WhyNot)
		}
		dr, err := ndk.Lookup(d.Name)
		if err != nil {
			t.Fatal(err)
		}
		if want := dr.Options(); len(want) != len(d.Options) {
			t.Errorf("%s: %d options, the driver has %d", d.Name, len(d.Options), len(want))
		}
		for _, o := range d.Options {
			if o.Name == "" || o.Default == nil || o.Usage == "" {
				t.Errorf("%s: option %+v", d.Name, o)
			}
		}
		if d.Name == "sim" {
			if !*d.Usable {
				t.Errorf("sim is not usable: %s", *d.WhyNot)
			}
			i := slices.IndexFunc(d.Options, func(o struct {
				Name    string  `json:"name"`
				Default *string `json:"default"`
				Usage   string  `json:"usage"`
			}) bool {
				return o.Name == "variant"
			})
			if i < 0 || !strings.Contains(d.Options[i].Usage, "listener-close-inline") {
				t.Errorf("sim's variant option is missing or lists no variant")
			}
		}
	}
	if !slices.Equal(names, ndk.Drivers()) {
		t.Errorf("drivers %q, want %q", names, ndk.Drivers())
	}
}

func TestWrapList(t *testing.T) {
	s := "one of: alpha | beta | gamma-delta | epsilon | z | a-rather-long-value-longer-than-the-width"
	// from the width of the longest value with its "|" ("gamma-delta |")
	for width := 13; width <= 100; width++ {
		lines := wrapList(s, width)
		for _, l := range lines {
			if len(l) > width {
				t.Errorf("width %d: line %q", width, l)
			}
			if strings.HasPrefix(l, "|") {
				t.Errorf("width %d: line %q starts with |", width, l)
			}
		}
		// nothing lost: the words back together are the text, except a
		// word longer than a line, which is cut
		if got := strings.Join(lines, " "); width >= 42 && got != s {
			t.Errorf("width %d: %q", width, got)
		}
		if got := strings.ReplaceAll(strings.Join(lines, ""), " ", ""); got != strings.ReplaceAll(s, " ", "") {
			t.Errorf("width %d: lost text: %q", width, got)
		}
	}
}

// The rules table and rules --help explain the STRENGTH and ACTOR columns:
// every strength and actor a catalog rule carries, with its meaning.
func TestRulesLegend(t *testing.T) {
	checkLegend := func(what, out string) {
		t.Helper()
		i := strings.Index(out, "\nLegend:\n")
		if !strings.HasPrefix(out, "Legend:\n") && i < 0 {
			t.Fatalf("%s: no legend:\n%.2000s", what, out)
		}
		legend := out[max(i, 0):]
		if end := strings.Index(legend, "\n\n"); end >= 0 {
			legend = legend[:end]
		}
		seen := map[string]bool{}
		for _, r := range catalog.All() {
			for _, key := range []string{"strength " + string(r.Strength), "actor " + r.Actor} {
				if seen[key] {
					continue
				}
				seen[key] = true
				kind, tag, _ := strings.Cut(key, " ")
				var meaning string
				if kind == "actor" {
					meaning = actorMeaning(t, tag)
				} else {
					meaning = catalog.Strength(tag).Meaning()
				}
				re := `(?m)^ +(` + strings.ToUpper(kind) + ` +)?` + regexp.QuoteMeta(tag) + ` +` + regexp.QuoteMeta(meaning)
				if !regexp.MustCompile(re).MatchString(legend) {
					t.Errorf("%s: the legend does not explain %s %s (%q):\n%s", what, kind, tag, meaning, legend)
				}
			}
		}
		for _, want := range []string{"ACTOR", "STRENGTH", "COVERAGE", "NO SPEC", "not testable"} {
			if !strings.Contains(legend, want) {
				t.Errorf("%s: the legend lacks %q", what, want)
			}
		}
		for line := range strings.Lines(legend) {
			if n := len([]rune(strings.TrimRight(line, "\n"))); n > 100 {
				t.Errorf("%s: legend line of %d columns: %q", what, n, line)
			}
		}
	}
	code, help, stderr := runCLI("rules", "--help")
	if code != 0 || stderr != "" {
		t.Fatalf("rules --help: exit %d, stderr %q", code, stderr)
	}
	checkLegend("rules --help", help)
	// the listing runs a child process of the binary: not in-process
	r := ndkconform(t, "rules")
	if r.code != 0 {
		t.Fatalf("rules: exit %d, stderr %q", r.code, r.stderr)
	}
	checkLegend("rules", r.stdout)
	if !strings.HasPrefix(r.stdout, "Legend:\n") {
		t.Errorf("rules: the legend does not come first:\n%.300s", r.stdout)
	}
}

func actorMeaning(t *testing.T, tag string) string {
	t.Helper()
	for _, a := range catalog.Actors() {
		if a.Tag == tag {
			return a.Meaning
		}
	}
	t.Errorf("actor %q has no meaning in catalog.Actors()", tag)
	return "\x00"
}

// TestRulesByID: `rules ID...` shows only the rules named (a clause ID
// names its rule), each with the names of its specs, in lines of at most
// 100 columns; an ID the catalog lacks is bad usage naming it.
func TestRulesByID(t *testing.T) {
	r := ndkconform(t, "rules", "LC-14", "CN-3.timeout")
	if r.code != 0 {
		t.Fatalf("rules LC-14 CN-3.timeout: exit %d, stderr %q", r.code, r.stderr)
	}
	var ids []string
	for line := range strings.Lines(r.stdout) {
		if n := len([]rune(strings.TrimRight(line, "\n"))); n > 100 {
			t.Errorf("line of %d columns: %q", n, line)
		}
		if f := strings.Fields(line); len(f) > 0 && catalog.IsRuleID(f[0]) {
			ids = append(ids, f[0])
		}
	}
	if !slices.Equal(ids, []string{"LC-14", "CN-3"}) {
		t.Errorf("rules shown %v, want [LC-14 CN-3]\n%s", ids, r.stdout)
	}
	if !strings.Contains(r.stdout, "specs:\n") || !strings.Contains(r.stdout, "- Listener endpoints IPv4 LC-8, LC-13, LC-14") {
		t.Errorf("no spec of LC-14 listed:\n%s", r.stdout)
	}
	bad := ndkconform(t, "rules", "LC-14", "XX-9")
	if bad.code != exitUsage || !strings.Contains(bad.stderr, `"XX-9" is not a rule ID of the catalog`) || bad.stdout != "" {
		t.Errorf("rules LC-14 XX-9: exit %d, stdout %q, stderr %q; want 2 naming XX-9, nothing on stdout", bad.code, bad.stdout, bad.stderr)
	}
}

// TestLabelFilterRuleWithoutSpec: a label filter naming a catalog rule no
// spec checks says so, whether the run selects nothing (bad usage) or
// runs the specs the rest of the filter selects. Every observable rule of
// the catalog has a spec now, so the CLI is tried with a rule not testable
// through NDKPI (AI-6), and the note on an observable rule without a spec
// with a plan that lacks DP-3's specs.
func TestLabelFilterRuleWithoutSpec(t *testing.T) {
	const ai6 = "--label-filter names AI-6: no spec checks it: not testable through NDKPI"
	r := ndkconform(t, "run", "--label-filter", "AI-6")
	if r.code != exitUsage || !strings.Contains(r.stderr, ai6) {
		t.Errorf("--label-filter AI-6: exit %d, stderr %q; want 2 and a line saying no spec checks AI-6", r.code, r.stderr)
	}
	r = ndkconform(t, "run", "--label-filter", "AI-6 || LC-14")
	if r.code != 0 || !strings.Contains(r.stderr, ai6) || !strings.HasSuffix(r.stdout, "6 passed, 0 failed\n") {
		t.Errorf("--label-filter 'AI-6 || LC-14': exit %d, stderr %q, stdout ends %q; want 0, the note on AI-6, LC-14's 6 specs run", r.code, r.stderr, lastLine(r.stdout))
	}
	notes := rulesWithoutSpec("DP-3 || LC-14", []outcome.Spec{{Rules: []string{"LC-14"}}})
	if len(notes) != 1 || !strings.HasPrefix(notes[0], "DP-3: no spec checks it yet") {
		t.Errorf("the notes on 'DP-3 || LC-14' with a plan of LC-14 only: %q; want one, DP-3 has no spec yet", notes)
	}
}

// TestSpecIDsAndSkip: every spec has a short ID of its own (the dry run
// lists it first), --spec ID runs that spec alone, an unknown ID is bad
// usage, and --skip REGEX leaves out the specs whose text it matches.
func TestSpecIDsAndSkip(t *testing.T) {
	r := ndkconform(t, "run", "--dry-run")
	if r.code != 0 {
		t.Fatalf("--dry-run: exit %d\n%s", r.code, r.stderr)
	}
	ids := map[string]string{}
	idLine := regexp.MustCompile(`^([0-9a-f]{8})  \S+ +\[.*?\] (.*)$`)
	for line := range strings.Lines(r.stdout) {
		m := idLine.FindStringSubmatch(strings.TrimRight(line, "\n"))
		if m == nil {
			continue
		}
		if other, dup := ids[m[1]]; dup {
			t.Errorf("ID %s of two specs: %q and %q", m[1], other, m[2])
		}
		ids[m[1]] = m[2]
	}
	if len(ids) < 200 {
		t.Fatalf("%d spec IDs in the dry run; want every spec's\n%.2000s", len(ids), r.stdout)
	}
	var id, name string
	for k, v := range ids {
		if strings.HasPrefix(v, "Listener endpoints IPv6 LC-9, LC-12, LC-14") {
			id, name = k, v
		}
	}
	dir := t.TempDir()
	r = ndkconform(t, "run", "--spec", id, "--json-report", filepath.Join(dir, "r.json"))
	if r.code != 0 {
		t.Fatalf("--spec %s: exit %d\n%s%s", id, r.code, r.stdout, r.stderr)
	}
	sel := readJSONReport(t, filepath.Join(dir, "r.json")).Selected()
	if len(sel) != 1 || sel[0].Name != name || sel[0].ID != id {
		t.Errorf("--spec %s selected %d specs (%+v); want %q alone", id, len(sel), sel, name)
	}
	// several --spec select those specs and no other (one focus regexp,
	// an alternation of their names)
	var two []string
	for k := range ids {
		if len(two) < 2 && k != id {
			two = append(two, k)
		}
	}
	r = ndkconform(t, "run", "--dry-run", "--spec", id, "--spec", two[0], "--spec", two[1], "--spec", id, "--json-report", filepath.Join(dir, "d.json"))
	var got []string
	for _, s := range readJSONReport(t, filepath.Join(dir, "d.json")).Selected() {
		got = append(got, s.ID)
	}
	slices.Sort(got)
	want := []string{id, two[0], two[1]}
	slices.Sort(want)
	if r.code != 0 || !slices.Equal(got, want) {
		t.Errorf("--spec %s --spec %s --spec %s --spec %s: exit %d, selected %q; want 0, %q", id, two[0], two[1], id, r.code, got, want)
	}
	if bad := ndkconform(t, "run", "--spec", "0badc0de"); bad.code != exitUsage || !strings.Contains(bad.stderr, "--spec 0badc0de: no spec") {
		t.Errorf("--spec 0badc0de: exit %d, stderr %q; want 2 naming it", bad.code, bad.stderr)
	}
	r = ndkconform(t, "run", "--label-filter", "LC-14", "--skip", "IPv6", "--json-report", filepath.Join(dir, "s.json"))
	sel = readJSONReport(t, filepath.Join(dir, "s.json")).Selected()
	if r.code != 0 || len(sel) != 3 {
		t.Fatalf("--label-filter LC-14 --skip IPv6: exit %d, %d specs; want 0 and LC-14's 3 IPv4 specs\n%s", r.code, len(sel), r.stderr)
	}
	for _, s := range sel {
		if strings.Contains(s.Name, "IPv6") {
			t.Errorf("--skip IPv6 ran %q", s.Name)
		}
	}
}
