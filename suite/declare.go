package suite

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/ginkgo/v2/types"
)

// Rules are the IDs of the rules a spec checks (RULES.md's, which the
// catalog has), in the order its title names them.
type Rules []string

// FamilyRule is the rule ForEachFamily's containers label every spec in
// them with (OV-2: the harness charges it to a spec whose address of the
// family is refused), the one rule label a spec does not get from its own
// It.
const FamilyRule = "OV-2"

// It declares a spec that checks rules, in the manner of Kubernetes'
// framework.ConformanceIt: a spec's rule IDs are written once, here, and
// both its title and its rule labels are made from them, so they cannot
// disagree. Its text is the IDs, a colon and text ("CN-17, DS-4, DS-10:
// NdkDisconnect to a peer that never answers ..."; four or more
// consecutive IDs of one section, in order, are written as a range,
// "IF-3..IF-12"), and its labels are the rules. args are those of
// Ginkgo's It: decorators (the other labels, an area or a clause label
// (finding.ClauseLabel), suite.Long…) and the body.
//
// It refuses, when the spec tree is built (the run does not start): no
// rule, an ID that is not a rule ID's syntax or is given twice, a rule ID
// among the other labels, a text that starts with rule IDs of its own,
// and a container labelled with a rule ID (but FamilyRule on
// ForEachFamily's). That every ID is a rule of the catalog, a test
// outside the specs checks (the suite does not import the catalog:
// catalog's TestSpecDeclarations).
func It(rules Rules, text string, args ...any) bool {
	ginkgo.GinkgoHelper()
	return declare(rules, text, false, args)
}

// ModelIt declares a model spec: one that checks dozens of rules after
// every step of random sequences. Its rule labels are rules, as It's, but
// its title names none (text as given); the rules are written once, in
// the list the model's checks are made from. The same refusals as It's
// apply.
func ModelIt(rules Rules, text string, args ...any) bool {
	ginkgo.GinkgoHelper()
	return declare(rules, text, true, args)
}

// Declaration is a spec as It or ModelIt declared it.
type Declaration struct {
	// Title is the spec's full text (its containers' texts and its own),
	// Text its own: the rule IDs' prefix and the text It was given.
	Title, Text string
	Rules       Rules
	// Inherited are the rule labels of its containers (FamilyRule or
	// none).
	Inherited []string
	Model     bool   // declared with ModelIt: the title names no rule
	Location  string // file:line of the declaration
}

var declarations struct {
	sync.Mutex
	all []Declaration
}

// Declarations are the specs declared with It and ModelIt, in the order
// they were declared: complete once the spec tree is built (the specs
// Run ran, or listed in a dry run).
func Declarations() []Declaration {
	declarations.Lock()
	defer declarations.Unlock()
	return slices.Clone(declarations.all)
}

func declare(rules Rules, text string, model bool, args []any) bool {
	ginkgo.GinkgoHelper()
	name := "suite.It"
	if model {
		name = "suite.ModelIt"
	}
	if err := checkRules(rules, text, args); err != nil {
		panic(fmt.Sprintf("%s(%q, %q): %v", name, []string(rules), text, err))
	}
	cr := constructionReport()
	var inherited []string
	for i, labels := range cr.ContainerHierarchyLabels {
		for _, l := range labels {
			if !finding.IsRuleID(l) {
				continue
			}
			if l != FamilyRule {
				panic(fmt.Sprintf("%s(%q, %q): its container %q is labelled with rule %s: a spec's rules are the ones its It names", name, []string(rules), text, cr.ContainerHierarchyTexts[i], l))
			}
			if !slices.Contains(inherited, l) {
				inherited = append(inherited, l)
			}
		}
	}
	own := text
	if !model {
		own = RulesPrefix(rules) + text
	}
	loc := types.NewCodeLocation(0) // the first caller that is no Ginkgo helper
	declarations.Lock()
	declarations.all = append(declarations.all, Declaration{
		Title:     strings.TrimPrefix(cr.FullText()+" "+own, " "), // as Ginkgo's SpecReport.FullText
		Text:      own,
		Rules:     slices.Clone(rules),
		Inherited: inherited,
		Model:     model,
		Location:  relativeLocation(loc),
	})
	declarations.Unlock()
	return ginkgo.It(own, append([]any{ginkgo.Label(rules...)}, lostAware(args)...)...)
}

// lostAware wraps the spec's body so that a panic with the provider's loss
// (a *ndk.LostError, from a call no Op recorded) ends the run as a loss,
// as a failed assertion or an Op's panic does (abortIfLost), instead of
// failing the spec as "panicked": a lost agent is no breach of the
// provider's.
func lostAware(args []any) []any {
	out := slices.Clone(args)
	for i, a := range out {
		switch body := a.(type) {
		case func():
			out[i] = func() {
				defer abortIfLostPanic()
				body()
			}
		case func(ginkgo.SpecContext):
			out[i] = func(ctx ginkgo.SpecContext) {
				defer abortIfLostPanic()
				body(ctx)
			}
		}
	}
	return out
}

// abortIfLostPanic, deferred, turns a panic that is the provider's loss
// into the run's end (abortIfLost) and lets any other panic go on.
func abortIfLostPanic() {
	p := recover()
	if p == nil {
		return
	}
	abortIfLost(p)
	panic(p)
}

// constructionReport is Ginkgo's report of the containers of the spec
// being declared (none outside every container).
func constructionReport() (r ginkgo.ConstructionNodeReport) {
	defer func() {
		if recover() != nil {
			r = ginkgo.ConstructionNodeReport{}
		}
	}()
	return ginkgo.CurrentTreeConstructionNodeReport()
}

// ruleIDPrefix matches the rule IDs a spec's own text starts with.
var ruleIDPrefix = regexp.MustCompile(`^[A-Z]{2,3}-\d+[ ,:.]`)

// checkRules refuses what It refuses of its arguments.
func checkRules(rules Rules, text string, args []any) error {
	if len(rules) == 0 {
		return fmt.Errorf("no rule: a spec checks at least one")
	}
	for i, id := range rules {
		if !finding.IsRuleID(id) {
			return fmt.Errorf("%q is not a rule ID (two or three capitals, a dash, a number: CN-17)", id)
		}
		if slices.Contains(rules[:i], id) {
			return fmt.Errorf("rule %s is named twice", id)
		}
	}
	if ruleIDPrefix.MatchString(text) {
		return fmt.Errorf("the text starts with a rule ID: It makes the title's rule IDs from its rules")
	}
	for _, a := range args {
		if ls, ok := a.(ginkgo.Labels); ok {
			for _, l := range ls {
				if finding.IsRuleID(l) {
					return fmt.Errorf("rule %s is a label of its own: name it among the rules", l)
				}
			}
		}
	}
	return nil
}

// RulesPrefix is the start of the text of a spec that checks rules: the
// IDs, separated by commas, then a colon and a space ("CN-17, DS-4,
// DS-10: "). A run of four or more consecutive IDs of one section (IF-3,
// IF-4, … IF-12) is written as a range, "IF-3..IF-12".
func RulesPrefix(rules Rules) string {
	var parts []string
	for i := 0; i < len(rules); {
		sec, n, ok := splitRuleID(rules[i])
		j := i + 1
		for ok && j < len(rules) {
			s, m, ok2 := splitRuleID(rules[j])
			if !ok2 || s != sec || m != n+(j-i) {
				break
			}
			j++
		}
		if j-i >= 4 {
			parts = append(parts, rules[i]+".."+rules[j-1])
		} else {
			parts = append(parts, rules[i:j]...)
		}
		i = j
	}
	return strings.Join(parts, ", ") + ": "
}

// splitRuleID splits a rule ID into its section and number ("CN", 17).
func splitRuleID(id string) (string, int, bool) {
	sec, num, ok := strings.Cut(id, "-")
	if !ok {
		return "", 0, false
	}
	n, err := strconv.Atoi(num)
	return sec, n, err == nil
}
