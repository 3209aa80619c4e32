package catalog

import (
	"bufio"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/finding"
)

// refDir is the reference tree the repository ships (docs/reference/ndkpi:
// RULES.md and the pages the catalog cites), as seen from this package's
// directory.
const refDir = "../docs/reference/ndkpi"

// rulesPath is RULES.md in the reference tree.
const rulesPath = refDir + "/RULES.md"

// refSubdirs are the directories of the reference tree that hold pages.
var refSubdirs = []string{"concepts", "ddi", "ddi-related"}

// seedPages are the seed pages the project was created from (see Rule.Seed).
var seedPages = []string{pgEndpoints, pgSharedEndpoint, pgDisconnect, pgLifetime}

// nonObligations are the [P] statements that oblige the provider to
// nothing (CH-5, LT-10: both ways allowed; DS-8: no guarantee), or whose
// only observable consequence is another rule's (LT-11, LT-13: LT-12), or
// that bind what the provider interface ndkconform drives does not have
// (CQ-3, SQ-9: no Affinity in ndk.CQParams or ndk.SRQParams) or cannot
// show (WR-6: a lock), and so have a Reason.
var nonObligations = []string{"CH-5", "LT-10", "LT-11", "LT-13", "DS-8", "CQ-3", "WR-6", "SQ-9"}

// docRule is one rule line of RULES.md.
type docRule struct {
	id      string
	tag     string   // "P", "MAY/P", "C", …, "" for untagged lines
	should  bool     // a "(should…)" marker follows the tag
	body    string   // the statement, tag and marker removed
	part    string   // "A" or "B"
	heading string   // the section heading: a page file name (A) or a title (B)
	cited   []string // page name patterns the rule cites, resolved; may be empty
	line    int
}

var (
	reHeading = regexp.MustCompile(`^### ([AB])\d+\. (.+?) \(\d+\)$`)
	reRule    = regexp.MustCompile(`^- ([A-Z]{2,3}-\d+) (.*)$`)
	reTag     = regexp.MustCompile(`^\[([A-Z]+)\](?:/\[([A-Z]+)\])?\s*`)
	reShould  = regexp.MustCompile(`^\(should[^)]*\)\s*`)
	reCited   = regexp.MustCompile(`\(([^()]*)\)\s*$`)
)

// loadRules parses RULES.md.
func loadRules(t *testing.T) []docRule {
	t.Helper()
	f, err := os.Open(rulesPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var (
		out           []docRule
		part, heading string
		prev          []string
	)
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if m := reHeading.FindStringSubmatch(line); m != nil {
			part, heading, prev = m[1], m[2], nil
			continue
		}
		m := reRule.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		r := docRule{id: m[1], part: part, heading: heading, line: n}
		rest := m[2]
		if tm := reTag.FindStringSubmatch(rest); tm != nil {
			r.tag = tm[1]
			if tm[2] != "" {
				r.tag += "/" + tm[2]
			}
			rest = rest[len(tm[0]):]
		}
		if sm := reShould.FindString(rest); sm != "" {
			r.should = true
			rest = rest[len(sm):]
		}
		r.body = rest
		if cm := reCited.FindStringSubmatch(rest); cm != nil {
			r.body = strings.TrimSpace(strings.TrimSuffix(rest, cm[0]))
			r.cited = resolveCited(cm[1], part, heading, prev)
		}
		prev = r.cited
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 200 {
		t.Fatalf("%s: parsed only %d rules; has its format changed?", rulesPath, len(out))
	}
	return out
}

// resolveCited turns the parenthesis that ends a rule line into page name
// patterns: "(same…)" is the previous rule's pages, an abbreviated name
// ("overview-…ndkpi-.md") the section's page, "<object>" and "*" globs.
// Descriptions that name no file ("each page") give nothing.
func resolveCited(s, part, heading string, prev []string) []string {
	s, _, _ = strings.Cut(s, ";")
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "same") {
		return prev
	}
	var out []string
	for _, tok := range strings.Split(s, ",") {
		tok = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(tok), " etc."))
		if !strings.HasSuffix(tok, ".md") {
			continue
		}
		tok = path.Base(tok)
		if strings.Contains(tok, "…") && part == "A" {
			tok = heading
		}
		out = append(out, strings.ReplaceAll(tok, "<object>", "*"))
	}
	return out
}

func inScope(tag string) bool {
	switch tag {
	case "P", "MAY", "MAY/P", "D", "INF":
		return true
	}
	return false
}

func TestTableSanity(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range table {
		if !IsRuleID(r.ID) {
			t.Errorf("%q: not a rule ID", r.ID)
		}
		if seen[r.ID] {
			t.Errorf("%s: listed twice", r.ID)
		}
		seen[r.ID] = true
		if r.Text == "" || r.Page == "" || r.Section == "" || r.Actor == "" {
			t.Errorf("%s: a field is empty: %+v", r.ID, r)
		}
		if !strings.HasSuffix(r.Text, ".") || strings.Contains(r.Text, "\n") {
			t.Errorf("%s: Text is not one sentence ending with a period: %q", r.ID, r.Text)
		}
		if strings.TrimSpace(r.Text) != r.Text || strings.TrimSpace(r.Reason) != r.Reason {
			t.Errorf("%s: Text or Reason has leading or trailing space", r.ID)
		}
		switch r.Strength {
		case Must, Should, May:
		default:
			t.Errorf("%s: Strength %q is not must, should or may", r.ID, r.Strength)
		}
		switch r.Actor {
		case "P", "MAY/P":
			if r.Strength == May {
				t.Errorf("%s: an actor %s rule binds the provider, not may", r.ID, r.Actor)
			}
		case "MAY":
			if r.Strength != May {
				t.Errorf("%s: a [MAY] rule is may, not %s", r.ID, r.Strength)
			}
		case "D", "INF":
			if r.Strength == May {
				t.Errorf("%s: a [%s] rule is must or should", r.ID, r.Actor)
			}
		default:
			t.Errorf("%s: Actor %q is not P, MAY, MAY/P, D or INF", r.ID, r.Actor)
		}
		// Reasons: every driver-package and INF rule has one; a rule that
		// binds the provider has none (it is the suite's to check) unless it
		// obliges it to nothing; a permission has one only when nothing can
		// break it, which is a judgement left to the table.
		switch {
		case r.Actor == "D" || r.Actor == "INF":
			if r.Reason == "" {
				t.Errorf("%s: a [%s] rule is outside the provider interface and needs a Reason", r.ID, r.Actor)
			}
		case r.Actor == "MAY/P":
			if r.Reason != "" {
				t.Errorf("%s: a [MAY]/[P] rule binds the provider and has no Reason", r.ID)
			}
		case r.Actor == "P":
			if want := slices.Contains(nonObligations, r.ID); (r.Reason != "") != want {
				t.Errorf("%s: a [P] rule has a Reason only when it obliges the provider to nothing (%v); Reason %q", r.ID, nonObligations, r.Reason)
			}
		}
		if r.Observable() != (r.Reason == "") {
			t.Errorf("%s: Observable disagrees with Reason", r.ID)
		}
		checkClauses(t, r)
	}
}

// checkClauses checks a rule's clauses: a compound rule that can be
// observed has at least two, each with an ID of the rule's, a one-sentence
// Text, and either the mark Covered or not, with a Reason only when it
// cannot be covered.
func checkClauses(t *testing.T, r Rule) {
	t.Helper()
	if len(r.Clauses) == 0 {
		return
	}
	if !r.Observable() {
		t.Errorf("%s: a rule that cannot be observed has no clauses to cover", r.ID)
	}
	if len(r.Clauses) < 2 {
		t.Errorf("%s: a rule with clauses has at least two", r.ID)
	}
	seen := map[string]bool{}
	for _, c := range r.Clauses {
		if !finding.IsClauseID(c.ID) || finding.ClauseRule(c.ID) != r.ID {
			t.Errorf("%s: clause ID %q is not %s, a dot and a lower-case word", r.ID, c.ID, r.ID)
		}
		if seen[c.ID] {
			t.Errorf("%s: clause %s listed twice", r.ID, c.ID)
		}
		seen[c.ID] = true
		if c.Text == "" || !strings.HasSuffix(c.Text, ".") || strings.Contains(c.Text, "\n") || strings.TrimSpace(c.Text) != c.Text {
			t.Errorf("%s: Text is not one sentence ending with a period: %q", c.ID, c.Text)
		}
		if strings.TrimSpace(c.Reason) != c.Reason {
			t.Errorf("%s: Reason has leading or trailing space", c.ID)
		}
		if c.Covered && c.Reason != "" {
			t.Errorf("%s: marked covered, but has a Reason why it cannot be (%s)", c.ID, c.Reason)
		}
		if c.Observable() != (c.Reason == "") {
			t.Errorf("%s: Observable disagrees with Reason", c.ID)
		}
		if got, rule, ok := LookupClause(c.ID); !ok || !reflect.DeepEqual(got, c) || rule.ID != r.ID {
			t.Errorf("LookupClause(%s) = %+v, %s, %v", c.ID, got, rule.ID, ok)
		}
	}
}

func TestAgainstRULES(t *testing.T) {
	doc := loadRules(t)
	byID := map[string]docRule{}
	for _, r := range doc {
		if _, dup := byID[r.id]; dup {
			t.Errorf("RULES.md line %d: %s appears twice", r.line, r.id)
		}
		byID[r.id] = r
	}

	// Every in-scope rule is in the catalog, no [C] or [SYS] rule is, and
	// the catalog follows RULES.md's order.
	var want []string
	for _, r := range doc {
		_, inCat := Lookup(r.id)
		switch {
		case inScope(r.tag):
			want = append(want, r.id)
			if !inCat {
				t.Errorf("RULES.md line %d: %s [%s] is missing from the catalog", r.line, r.id, r.tag)
			}
		case r.tag != "" && inCat:
			t.Errorf("%s: tagged [%s] in RULES.md, which binds the consumer or Windows; it does not belong in the catalog", r.id, r.tag)
		case r.tag == "" && inCat:
			want = append(want, r.id) // an untagged line kept because it binds the provider
		}
	}
	var got []string
	for _, r := range table {
		got = append(got, r.ID)
	}
	if !slices.Equal(got, want) {
		t.Errorf("catalog IDs are not RULES.md's in-scope rules in RULES.md order:\n got %v\nwant %v", got, want)
	}

	sectionOf := map[string]string{} // RULES.md heading -> catalog Section
	headingOf := map[string]string{} // catalog Section -> RULES.md heading
	for _, r := range table {
		dr, ok := byID[r.ID]
		if !ok {
			t.Errorf("%s: not in RULES.md", r.ID)
			continue
		}
		if dr.tag != "" && dr.tag != r.Actor {
			t.Errorf("%s: Actor %q, RULES.md tags it [%s]", r.ID, r.Actor, dr.tag)
		}

		// Strength: [MAY] is may; a "(should)" marker is should; a statement
		// without "should" is must. [MAY]/[P] binds the provider: must.
		switch {
		case dr.tag == "MAY":
			if r.Strength != May {
				t.Errorf("%s: [MAY] is may, not %s", r.ID, r.Strength)
			}
		case dr.should:
			if r.Strength != Should {
				t.Errorf("%s: RULES.md marks it (should…), Strength is %s", r.ID, r.Strength)
			}
		case !strings.Contains(strings.ToLower(dr.body), "should"):
			if r.Strength != Must {
				t.Errorf("%s: the statement has neither should nor [MAY]: must, not %s", r.ID, r.Strength)
			}
		}

		// Section: Part B's title verbatim; one title per Part A page.
		if dr.part == "B" && r.Section != dr.heading {
			t.Errorf("%s: Section %q, RULES.md section %q", r.ID, r.Section, dr.heading)
		}
		if s, ok := sectionOf[dr.heading]; ok && s != r.Section {
			t.Errorf("%s: Section %q, other rules of section %q have %q", r.ID, r.Section, dr.heading, s)
		}
		if h, ok := headingOf[r.Section]; ok && h != dr.heading {
			t.Errorf("%s: Section %q is also the title of RULES.md section %q", r.ID, r.Section, h)
		}
		sectionOf[dr.heading], headingOf[r.Section] = r.Section, dr.heading
		if dr.part == "A" && r.Page != dr.heading {
			t.Errorf("%s: Page %q, but its RULES.md section is page %q", r.ID, r.Page, dr.heading)
		}

		// Page: a real page, the first one RULES.md cites when it names one.
		if !pageExists(r.Page) {
			t.Errorf("%s: Page %q is not a page of the reference tree", r.ID, r.Page)
		}
		if len(dr.cited) > 0 {
			if ok, _ := path.Match(dr.cited[0], r.Page); !ok {
				t.Errorf("%s: Page %q, RULES.md cites %q first", r.ID, r.Page, dr.cited[0])
			}
		}

		// Seed: a seed page is among the pages the rule cites.
		seed := false
		for _, c := range dr.cited {
			for _, s := range seedPages {
				if ok, _ := path.Match(c, s); ok {
					seed = true
				}
			}
		}
		if r.Seed != seed {
			t.Errorf("%s: Seed %v, but it cites %v (seed pages %v)", r.ID, r.Seed, dr.cited, seedPages)
		}

		// The project's own words, not RULES.md's sentence.
		if n, run := longestCommonRun(r.Text, dr.body); n >= 12 {
			t.Errorf("%s: Text copies %d words of RULES.md in a row: %q", r.ID, n, run)
		}
		for _, c := range r.Clauses {
			if n, run := longestCommonRun(c.Text, dr.body); n >= 12 {
				t.Errorf("%s: Text copies %d words of RULES.md in a row: %q", c.ID, n, run)
			}
		}
	}
	for _, p := range []string{pgLifetime, pgEndpoints, pgDisconnect, pgSharedEndpoint} {
		if !pageExists(p) {
			t.Errorf("seed page %s is not in the reference tree", p)
		}
	}
}

func pageExists(name string) bool {
	for _, sub := range refSubdirs {
		if _, err := os.Stat(filepath.Join(refDir, sub, name)); err == nil {
			return true
		}
	}
	return false
}

// longestCommonRun is the longest run of consecutive words (case and
// punctuation ignored) that a and b share.
func longestCommonRun(a, b string) (int, string) {
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '*')
		})
	}
	x, y := words(a), words(b)
	best, end := 0, 0
	prev := make([]int, len(y)+1)
	for i := 1; i <= len(x); i++ {
		cur := make([]int, len(y)+1)
		for j := 1; j <= len(y); j++ {
			if x[i-1] == y[j-1] {
				cur[j] = prev[j-1] + 1
				if cur[j] > best {
					best, end = cur[j], i
				}
			}
		}
		prev = cur
	}
	return best, strings.Join(x[end-best:end], " ")
}

func TestAPI(t *testing.T) {
	all := All()
	if len(all) != len(table) || len(all) == 0 {
		t.Fatalf("All: %d rules, table has %d", len(all), len(table))
	}
	first := all[0]
	all[0].Text = "changed"
	if r, _ := Lookup(first.ID); !reflect.DeepEqual(r, first) {
		t.Errorf("changing All's result changed the catalog: %+v", r)
	}
	compound := slices.IndexFunc(table, func(r Rule) bool { return len(r.Clauses) > 0 })
	if compound < 0 {
		t.Fatal("no rule of the catalog has clauses")
	}
	all[compound].Clauses[0].Text = "changed"
	if r, _ := Lookup(all[compound].ID); r.Clauses[0].Text == "changed" {
		t.Errorf("changing a clause of All's result changed the catalog")
	}
	looked, _ := Lookup(table[compound].ID)
	looked.Clauses[0].Covered = !looked.Clauses[0].Covered
	if table[compound].Clauses[0].Covered == looked.Clauses[0].Covered {
		t.Errorf("changing a clause of Lookup's result changed the catalog")
	}
	for _, r := range table {
		if got, ok := Lookup(r.ID); !ok || !reflect.DeepEqual(got, r) {
			t.Errorf("Lookup(%s) = %+v, %v", r.ID, got, ok)
		}
	}
	for _, id := range []string{"CN-3", "CN-3.nope", "ZZ-1.x", ""} {
		if _, _, ok := LookupClause(id); ok {
			t.Errorf("LookupClause(%q) found a clause", id)
		}
	}
	for _, id := range []string{"LC-99", "lc-14", "", "TE-1"} {
		if _, ok := Lookup(id); ok {
			t.Errorf("Lookup(%q) found a rule", id)
		}
	}
	for s, want := range map[string]bool{"LC-14": true, "INF-13": true, "LT-7": true, "TE-3": true,
		"lc-14": false, "L-1": false, "ABCD-1": false, "LC-": false, "LC-1a": false, " LC-1": false, "IPv4": false, "endpoints": false} {
		if IsRuleID(s) != want {
			t.Errorf("IsRuleID(%q) = %v", s, !want)
		}
	}

	d := Digest()
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(d) || Digest() != d || digest(All()) != d {
		t.Errorf("Digest %q is not a stable hex SHA-256 of All()", d)
	}
	for i, mut := range []func(*Rule){
		func(r *Rule) { r.Text += " " }, func(r *Rule) { r.Seed = !r.Seed }, func(r *Rule) { r.Reason = "x" },
		func(r *Rule) { r.Strength = Should }, func(r *Rule) { r.Page, r.Section = r.Section, r.Page },
		func(r *Rule) { r.Clauses[0].Covered = !r.Clauses[0].Covered }, func(r *Rule) { r.Clauses[1].Reason += "x" },
		func(r *Rule) { r.Clauses[0].Text += " " }, func(r *Rule) { r.Clauses = r.Clauses[1:] },
	} {
		c := All()
		mut(&c[compound])
		if digest(c) == d {
			t.Errorf("mutation %d left the digest unchanged", i)
		}
	}
	if c := All(); digest(append(c[1:], c[0])) == d {
		t.Error("reordering the rules left the digest unchanged")
	}

	cov := Cover(map[string][]string{
		"b spec": {"LT-16", "lifetime", "LT-15", "LT-16"},
		"a spec": {"LT-16", "IPv4", "XX-1"},
		"c spec": {"endpoints"},
		"d spec": {"CN-3", "clause:CN-3.timeout", "clause:CN-3.timeout", "clause:CN-3.nope", "clause:CN-7.timeout"},
		"e spec": {"CN-3", "clause:CN-3.tuple", "clause:CN-3.refused", "clause:CN-3.unreachable", "clause:CN-3.timeout"},
		"f spec": {"CN-8", "clause:CN-8.aborted", "clause:CN-8.timeout"},
		"g spec": {"IM-1"},
	})
	if len(cov) != len(table) {
		t.Fatalf("Cover: %d entries, want %d", len(cov), len(table))
	}
	for i, c := range cov {
		if !reflect.DeepEqual(c.Rule, table[i]) {
			t.Fatalf("Cover[%d] is %s, want %s", i, c.Rule.ID, table[i].ID)
		}
		if len(c.Clauses) != len(table[i].Clauses) {
			t.Fatalf("Cover: %s has %d clauses, the catalog %d", c.Rule.ID, len(c.Clauses), len(table[i].Clauses))
		}
		clauseSpecs := map[string][]string{}
		for k, cc := range c.Clauses {
			if cc.Clause.ID != table[i].Clauses[k].ID {
				t.Errorf("Cover: %s clause %d is %s", c.Rule.ID, k, cc.Clause.ID)
			}
			if len(cc.Specs) > 0 {
				clauseSpecs[cc.Clause.ID] = cc.Specs
			}
		}
		var wantClauses map[string][]string
		wantStatus := StatusNoSpec
		if !c.Rule.Observable() {
			wantStatus = StatusNotTestable
		}
		switch c.Rule.ID {
		case "CN-3":
			wantClauses = map[string][]string{"CN-3.timeout": {"d spec", "e spec"}, "CN-3.tuple": {"e spec"}, "CN-3.refused": {"e spec"}, "CN-3.unreachable": {"e spec"}}
			wantStatus = StatusCovered
		case "CN-8":
			wantClauses = map[string][]string{"CN-8.aborted": {"f spec"}, "CN-8.timeout": {"f spec"}}
			wantStatus = StatusPartlyCovered // no spec of these covers CN-8.ex
		case "LT-16", "LT-15":
			wantStatus = StatusCovered
		case "IM-1":
			wantStatus = StatusCovered // a label is a label; the specs test forbids it
		}
		if len(wantClauses) == 0 {
			wantClauses = nil
		}
		if len(clauseSpecs) == 0 {
			clauseSpecs = nil
		}
		if !reflect.DeepEqual(clauseSpecs, wantClauses) {
			t.Errorf("Cover: %s clause specs %v, want %v", c.Rule.ID, clauseSpecs, wantClauses)
		}
		if got := c.Status(); got != wantStatus {
			t.Errorf("Cover: %s status %q, want %q", c.Rule.ID, got, wantStatus)
		}
		if c.Rule.ID == "CN-8" {
			if m := c.Missing(); len(m) != 1 || m[0].ID != "CN-8.ex" {
				t.Errorf("Cover: CN-8 missing %+v, want CN-8.ex", m)
			}
		}
		var want []string
		switch c.Rule.ID {
		case "LT-16":
			want = []string{"a spec", "b spec"}
		case "LT-15":
			want = []string{"b spec"}
		case "CN-3":
			want = []string{"d spec", "e spec"}
		case "CN-8":
			want = []string{"f spec"}
		case "IM-1":
			want = []string{"g spec"}
		}
		if !slices.Equal(c.Specs, want) {
			t.Errorf("Cover: %s has specs %q, want %q", c.Rule.ID, c.Specs, want)
		}
	}
}

// Actors names every actor the rules carry, and only those; every rule's
// strength has a meaning.
func TestActorsAndStrengths(t *testing.T) {
	tags := map[string]bool{}
	for _, a := range Actors() {
		if a.Tag == "" || a.Meaning == "" || tags[a.Tag] {
			t.Errorf("actor %+v: empty or listed twice", a)
		}
		tags[a.Tag] = true
	}
	used := map[string]bool{}
	for _, r := range All() {
		used[r.Actor] = true
		if !tags[r.Actor] {
			t.Errorf("%s: actor %q is not in Actors()", r.ID, r.Actor)
		}
		if !slices.Contains(Strengths(), r.Strength) || r.Strength.Meaning() == "" {
			t.Errorf("%s: strength %q is not in Strengths() or has no meaning", r.ID, r.Strength)
		}
	}
	for tag := range tags {
		if !used[tag] {
			t.Errorf("Actors() lists %q, which no rule carries", tag)
		}
	}
}

// The repository ships every page a rule of the catalog cites, in exactly
// one directory of the reference tree, and the notice of the pages' source
// and licence. (Which other pages it ships: TestReferencePagesShipped.)
func TestCitedPagesShipped(t *testing.T) {
	cited := map[string]bool{}
	for _, r := range All() {
		cited[r.Page] = true
	}
	shipped := map[string]int{}
	for _, sub := range refSubdirs {
		entries, err := os.ReadDir(filepath.Join(refDir, sub))
		if err != nil {
			t.Fatalf("the reference tree: %v", err)
		}
		for _, e := range entries {
			shipped[e.Name()]++
		}
	}
	for page := range cited {
		if shipped[page] != 1 {
			t.Errorf("page %s, cited by the catalog, is in %d directories of %s, want 1", page, shipped[page], refDir)
		}
	}
	for _, f := range treeFiles {
		if _, err := os.Stat(filepath.Join(refDir, f)); err != nil {
			t.Errorf("%v", err)
		}
	}
	notice, err := os.ReadFile(filepath.Join(refDir, "NOTICE.md"))
	if err != nil || !strings.Contains(string(notice), "CC BY 4.0") || !strings.Contains(string(notice), "MicrosoftDocs") {
		t.Errorf("NOTICE.md does not state the source and the licence (%v)", err)
	}
}
