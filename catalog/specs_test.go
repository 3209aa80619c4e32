package catalog_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ndkconform/ndkconform/catalog"
	_ "github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/finding"
	_ "github.com/ndkconform/ndkconform/specs"
	"github.com/ndkconform/ndkconform/suite"
)

// dryRun is the dry run of the whole suite the tests here read: suite.Run
// can run once per process.
func dryRun(t *testing.T) suite.Result {
	t.Helper()
	dry.Do(func() { dry.res, dry.err = suite.Run(t, suite.Config{DryRun: true, NoColor: true}) })
	if dry.err != nil {
		t.Fatal(dry.err)
	}
	if len(dry.res.Run.Specs) == 0 {
		t.Fatal("the dry run listed no spec")
	}
	return dry.res
}

var dry struct {
	sync.Once
	res suite.Result
	err error
}

// TestSpecsAgainstCatalog lists every spec of the suite with a dry run (the
// one suite.Run of this test binary) and checks its labels against the
// catalog: every spec names at least one rule, only catalog rules, and no
// rule the catalog calls unobservable; every clause label names a clause of
// the catalog that can be covered, of a rule the spec is labelled with;
// every clause the catalog marks covered has a spec and every clause with a
// spec is marked covered; every rule of a seed page that is observable has
// a spec. Other uncovered rules and clauses are the suite's work list and
// are only counted.
func TestSpecsAgainstCatalog(t *testing.T) {
	res := dryRun(t)
	specs := map[string][]string{}
	for _, sr := range res.Run.Specs {
		name := sr.Name
		for _, l := range sr.Labels {
			if !slices.Contains(specs[name], l) {
				specs[name] = append(specs[name], l)
			}
		}
		if _, ok := specs[name]; !ok {
			specs[name] = nil
		}
	}
	if len(specs) == 0 {
		t.Fatal("the dry run listed no spec")
	}

	names := make([]string, 0, len(specs))
	for name := range specs {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		rules := 0
		for _, l := range specs[name] {
			if strings.HasPrefix(l, finding.ClauseLabelPrefix) {
				id, ok := finding.ClauseOf(l)
				c, rule, known := catalog.LookupClause(id)
				switch {
				case !ok:
					t.Errorf("spec %q: clause label %q does not name a clause ID (a rule ID, a dot and a lower-case word)", name, l)
				case !known:
					t.Errorf("spec %q: label %s names no clause of the catalog", name, l)
				case !c.Observable():
					t.Errorf("spec %q: label %s names a clause the catalog says no spec can cover (%s)", name, l, c.Reason)
				case !slices.Contains(specs[name], rule.ID):
					t.Errorf("spec %q: label %s, but the spec is not labelled with its rule %s", name, l, rule.ID)
				}
				continue
			}
			if !catalog.IsRuleID(l) {
				continue
			}
			rules++
			r, ok := catalog.Lookup(l)
			switch {
			case !ok:
				t.Errorf("spec %q: label %s is not a catalog rule (not in RULES.md, or a [C]/[SYS] rule, which binds the consumer or Windows)", name, l)
			case r.Reason != "":
				t.Errorf("spec %q: label %s names a rule the catalog says cannot be observed (%s)", name, l, r.Reason)
			}
		}
		if rules == 0 {
			t.Errorf("spec %q has no rule-ID label (labels %q)", name, specs[name])
		}
	}

	var seedMissing []string
	uncovered, covered, unobservable, partly := 0, 0, 0, 0
	for _, c := range catalog.Cover(specs) {
		for _, cc := range c.Clauses {
			switch {
			case cc.Clause.Covered && len(cc.Specs) == 0:
				t.Errorf("%s is marked covered, but no spec is labelled %s", cc.Clause.ID, finding.ClauseLabel(cc.Clause.ID))
			case !cc.Clause.Covered && len(cc.Specs) > 0:
				t.Errorf("%s is not marked covered, but specs are labelled %s: %q", cc.Clause.ID, finding.ClauseLabel(cc.Clause.ID), cc.Specs)
			}
		}
		if c.Status() == catalog.StatusPartlyCovered {
			partly++
		}
		switch {
		case c.Rule.Reason != "":
			unobservable++
		case len(c.Specs) > 0:
			covered++
		case c.Rule.Seed:
			seedMissing = append(seedMissing, c.Rule.ID)
			t.Errorf("%s (seed page %s) has neither a spec nor a Reason: %s", c.Rule.ID, c.Rule.Page, c.Rule.Text)
		default:
			uncovered++
		}
	}
	t.Logf("%d specs; %d catalog rules: %d with a spec (%d of them only partly covered), %d unobservable (with a Reason), %d seed rules without a spec %v, %d other rules without a spec yet",
		len(specs), len(catalog.All()), covered, partly, unobservable, len(seedMissing), seedMissing, uncovered)
}

// titleRules matches the rule IDs a spec's own text starts with, as
// suite.It writes them: IDs and ranges of IDs ("IF-3..IF-12"), separated
// by commas, then a colon.
var titleRules = regexp.MustCompile(`^([A-Z]{2,3}-\d+(?:\.\.[A-Z]{2,3}-\d+)?(?:, [A-Z]{2,3}-\d+(?:\.\.[A-Z]{2,3}-\d+)?)*): `)

// rulesOfTitle are the rule IDs text starts with, its ranges spelt out,
// and whether it starts with any.
func rulesOfTitle(text string) ([]string, bool) {
	m := titleRules.FindStringSubmatch(text)
	if m == nil {
		return nil, false
	}
	var ids []string
	for _, part := range strings.Split(m[1], ", ") {
		first, last, isRange := strings.Cut(part, "..")
		if !isRange {
			ids = append(ids, part)
			continue
		}
		sec, from, _ := strings.Cut(first, "-")
		lastSec, to, _ := strings.Cut(last, "-")
		a, _ := strconv.Atoi(from)
		b, _ := strconv.Atoi(to)
		if sec != lastSec || b <= a {
			return nil, false
		}
		for n := a; n <= b; n++ {
			ids = append(ids, sec+"-"+strconv.Itoa(n))
		}
	}
	return ids, true
}

func TestRulesOfTitle(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"CN-17, DS-4, DS-10: NdkDisconnect to a peer (DS-7) ...", []string{"CN-17", "DS-4", "DS-10"}},
		{"LT-4, CR-1..CR-3, IF-12: every object", []string{"LT-4", "CR-1", "CR-2", "CR-3", "IF-12"}},
		{"keeps every step within what CH-7..CH-14 allow", nil},
		{"SQ-2 SQ-4: NdkModifySrq", nil},
		{"CR-3..CR-1: backwards", nil},
	} {
		got, ok := rulesOfTitle(c.text)
		if !slices.Equal(got, c.want) || ok != (c.want != nil) {
			t.Errorf("rulesOfTitle(%q) = %q, %v; want %q", c.text, got, ok, c.want)
		}
	}
}

// TestSpecDeclarations: every spec of the suite is declared with suite.It
// or suite.ModelIt, which make its title's rule IDs and its rule labels
// from one list, so that they cannot disagree. For every spec of the dry
// run: a declaration has its title and location; the rule IDs its own text
// starts with (none for a model spec, whose title names no rule) are its
// rule labels, but FamilyRule, which suite.ForEachFamily's containers
// label their specs with and no other container may (suite.It refuses a
// container's rule label); each is a rule of the catalog a spec can
// check. Whether a spec's checks can charge a rule it is not labelled
// with is not checked: the rules a check charges are strings handed
// through helpers at run time, and charging one is allowed (the verdict
// of that rule changes, not the spec's labels).
func TestSpecDeclarations(t *testing.T) {
	res := dryRun(t)
	type key struct{ title, location string }
	decls := map[key][]suite.Declaration{}
	n := 0
	for _, d := range suite.Declarations() {
		k := key{d.Title, d.Location}
		decls[k] = append(decls[k], d)
		n++
	}
	if n != len(res.Run.Specs) {
		t.Errorf("%d specs declared with suite.It or suite.ModelIt, %d specs in the dry run", n, len(res.Run.Specs))
	}
	models := 0
	for _, s := range res.Run.Specs {
		ds := decls[key{s.Name, s.Location}]
		if len(ds) == 0 {
			t.Errorf("spec %q (%s) is not declared with suite.It or suite.ModelIt: its rule IDs would be written twice, in its title and its labels", s.Name, s.Location)
			continue
		}
		d := ds[0]
		decls[key{s.Name, s.Location}] = ds[1:]
		if s.Name != d.Text && !strings.HasSuffix(s.Name, " "+d.Text) {
			t.Errorf("spec %q: its title does not end with its own text %q", s.Name, d.Text)
			continue
		}
		named, ok := rulesOfTitle(d.Text)
		switch {
		case d.Model && ok:
			t.Errorf("model spec %q: its title names rules %q, a model spec's none", s.Name, named)
		case d.Model:
			models++
			named = d.Rules
		case !ok:
			t.Errorf("spec %q: its title does not start with its rule IDs", s.Name)
			continue
		}
		var labelled []string
		for _, id := range s.Rules {
			switch {
			case slices.Contains(named, id):
				labelled = append(labelled, id)
			case id == suite.FamilyRule && slices.Contains(d.Inherited, id):
			default:
				t.Errorf("spec %q: labelled with rule %s, which its title does not name", s.Name, id)
			}
		}
		for _, id := range named {
			if !slices.Contains(labelled, id) {
				t.Errorf("spec %q: its title names rule %s, which it is not labelled with", s.Name, id)
			}
			if r, ok := catalog.Lookup(id); !ok || r.Reason != "" {
				t.Errorf("spec %q: rule %s is not a rule of the catalog a spec can check", s.Name, id)
			}
		}
		for _, id := range d.Inherited {
			if id != suite.FamilyRule {
				t.Errorf("spec %q: its container is labelled with rule %s", s.Name, id)
			}
		}
	}
	if models == 0 {
		t.Error("no model spec declared with suite.ModelIt")
	}
	t.Logf("%d specs, %d of them model specs, declared with their rules once", len(res.Run.Specs), models)
}
