package catalog_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/catalog"
	_ "github.com/ndkconform/ndkconform/drivers/sim"
	"github.com/ndkconform/ndkconform/finding"
	_ "github.com/ndkconform/ndkconform/specs"
	"github.com/ndkconform/ndkconform/suite"
)

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
	res, err := suite.Run(t, suite.Config{DryRun: true, NoColor: true})
	if err != nil {
		t.Fatal(err)
	}
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
