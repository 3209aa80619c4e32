package reports

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/outcome"
)

// passedRun is r with every failed spec passed: the page of the same run
// without its failures.
func passedRun(r Run) Run {
	specs := append([]outcome.Spec(nil), r.Specs...)
	for i, s := range specs {
		if s.State == outcome.Failed {
			specs[i].State, specs[i].Failure, specs[i].Violations = outcome.Passed, nil, nil
		}
	}
	return New(r.Meta, outcome.Run{Specs: specs}, r.Waivers)
}

// TestHTMLFailedRules: the page of a run with 80 failed specs, each with
// a 60-line failure (as a broken provider fails many specs the same way),
// opens with the verdict, the scope and the failed rules, shows each
// failure once, and stays small.
func TestHTMLFailedRules(t *testing.T) {
	r := brokenRun(t, 80)
	page := writeHTML(t, r, nil)
	base := writeHTML(t, passedRun(r), nil)

	// The bound: the page of the same run without failures (most of it
	// the table of every catalog rule with its specs), plus per failed
	// spec at most 1 KB (its name and rerun command, its row in the Specs
	// table), plus each distinct failure's full text once (4 here, the
	// largest 6.6 KB: 60 lines). And in all under 256 KB.
	full := len(r.Specs[0].Failure.Message)
	if full < 6000 || strings.Count(r.Specs[0].Failure.Message, "\n") < 59 {
		t.Fatalf("the failures are %d bytes, %d lines: the test wants 60 lines", full, strings.Count(r.Specs[0].Failure.Message, "\n")+1)
	}
	budget := len(base) + 80*1024 + 4*(full+1024)
	if len(page) > budget || len(page) > 256<<10 {
		t.Errorf("the page is %d bytes: more than 256 KB or the page without failures (%d) + 80 KB + 4 failures (%d)", len(page), len(base), budget)
	}

	// The order: verdict, scope, failed rules, then the rest.
	at := func(s string) int {
		i := strings.Index(page, s)
		if i < 0 {
			t.Fatalf("the page lacks %q", s)
		}
		return i
	}
	order := []string{`<div class="verdict bad">FAIL</div>`, `<p class="scope">FAIL for `, `<h2>Limits of this verdict</h2>`,
		`<h2 id="failed-rules">Failed rules</h2>`, `<h2 id="waived-failures">`, "<h2>Run</h2>", "<h2>Counts</h2>", "<h2>Abbreviations</h2>", "<h2>Rules</h2>", "<h2>Specs</h2>"}
	for i := 1; i < len(order); i++ {
		if at(order[i-1]) > at(order[i]) {
			t.Errorf("%q comes after %q", order[i-1], order[i])
		}
	}
	failed := page[at(`<h2 id="failed-rules">`):at(`<h2 id="waived-failures">`)]
	lt26, _ := catalog.Lookup("LT-26")
	for _, want := range []string{
		`<div class="frule" id="fail-LT-26">`,
		`<span class="rid">LT-26</span> ` + html.EscapeString(lt26.Text) + ` <span class="badge bad">80 specs</span>`,
		// the observation once per block, without the rule's ID
		`<div class="first">NdkGetCqResultsEx on cq#0 (side A): expected 1 completion(s) within 10s; observed 0 came: []</div>`,
		`54 specs, the same failure up to numbers (objects, seeds, times)`,
		`26 specs, the same failure up to numbers`,
		`<li>` + html.EscapeString(r.Specs[0].Name) + `<div><code>` + html.EscapeString(RerunCommand(r.Meta, r.Specs[0])) + `</code></div></li>`,
		`<summary>49 more specs</summary>`,
		`<span class="rid">no rule</span>`, "panic: runtime error: nil map",
		`<div class="frule" id="fail-LC-15">`, `<span class="badge bad">2 specs</span>`,
		// a spec charged to LC-15 and CR-1 is under both, its full text
		// once
		`<div class="frule" id="fail-CR-1">`,
		`<a href="#full-4">full failure (3 lines): as under LC-15</a>`,
		// an assertion's failure, in one line, the value observed last
		`<div class="first">NdkCloseObject on listener#1 (side B): expected closing a listener with an open connector returns STATUS_PENDING; observed STATUS_SUCCESS</div>`,
	} {
		if !strings.Contains(failed, want) {
			t.Errorf("the failed rules lack %q", want)
		}
	}
	// No line of the page but a failure's full text (the harness's
	// message) reads "observed Expected".
	for _, part := range strings.Split(page, "<pre>") {
		if _, rest, ok := strings.Cut(part, "</pre>"); ok {
			part = rest
		}
		if strings.Contains(part, "observed Expected") {
			t.Errorf("the page reads \"observed Expected\" outside a failure's full text")
		}
	}
	// Each distinct failure's full text is on the page once.
	if n := strings.Count(page, "Shortest failing sequence (29 steps"); n != 2*2 {
		t.Errorf("the two failures' sequences are on the page %d times, want 4 (each failure prints its sequence twice)", n)
	}
	if n := strings.Count(page, "at close.go:40"); n != 1 {
		t.Errorf("the CR-1 failure's full text is on the page %d times", n)
	}
	if n := strings.Count(failed, "<pre>"); n != 5 {
		t.Errorf("%d full texts in the failed rules, want 5 (two families, LC-15's two, the panic)", n)
	}
	// In the rule table a failed rule links to its group.
	if !strings.Contains(page, `<a class="first" href="#fail-LT-26">80 failed specs</a>`) || !strings.Contains(page, `<a class="first" href="#waived-LT-16">1 failed spec</a>`) {
		t.Errorf("the rule table does not link failed rules to their failures")
	}
	checkFailLinks(t, r)
	waived := page[at(`<h2 id="waived-failures">`):at("<h2>Run</h2>")]
	if !strings.Contains(waived, `<div class="small">Waived: vendor bug 42</div>`) || !strings.Contains(waived, "Lifetime waived failure") {
		t.Errorf("waived section:\n%s", waived)
	}
	// A page with no failure has no failed rules section.
	if strings.Contains(base, `id="failed-rules"`) {
		t.Errorf("a page without failures has a failed rules section")
	}
	// With a certification the verdict and the scope are certification's.
	c := outcome.Certify(r.Result)
	if p := writeHTML(t, r, &c); !strings.Contains(p, `<p class="scope">NOT CERTIFIED for `) || !strings.Contains(p, `<h2 id="failed-rules">`) {
		t.Errorf("certification page: no certification scope or no failed rules")
	}
}

func TestHTMLLegend(t *testing.T) {
	page := writeHTML(t, brokenRun(t, 2), nil)
	legend := page[strings.Index(page, "<h2>Abbreviations</h2>"):strings.Index(page, "<h2>Rules</h2>")]
	seen := map[string]bool{}
	for _, r := range catalog.All() {
		p, _, _ := strings.Cut(r.ID, "-")
		if !seen[p] {
			seen[p] = true
			if !strings.Contains(legend, `<td class="id">`+p+`</td><td>`+html.EscapeString(r.Section)) {
				t.Errorf("the legend does not explain %s (%s)", p, r.Section)
			}
		}
		if !strings.Contains(legend, `<td class="id">`+r.Actor+`</td>`) {
			t.Errorf("the legend does not explain actor %s", r.Actor)
		}
	}
	for _, v := range outcome.RuleVerdicts() {
		if !strings.Contains(legend, `<td class="id">`+string(v)+`</td>`) {
			t.Errorf("the legend does not explain verdict %q", v)
		}
	}
	for _, v := range []string{string(outcome.PartlyCovered), "must", "should", "may"} {
		if !strings.Contains(legend, `<td class="id">`+v+`</td>`) {
			t.Errorf("the legend does not explain %q", v)
		}
	}
	if len(seen) < 10 {
		t.Errorf("only %d prefixes in the catalog?", len(seen))
	}
}

var dataCount = regexp.MustCompile(`data-count="([a-z_.]+)"><b>([0-9]+)</b>`)

// TestHTMLCounts: the page's counts (data-count="specs.passed") are
// outcome.Count's, each under its JSON name, and every count that is not
// zero is on the page.
func TestHTMLCounts(t *testing.T) {
	interrupted := brokenSpecs(t, 3)
	run := outcome.Run{Specs: interrupted}
	run.CutShort("the run was interrupted by SIGINT")
	for name, r := range map[string]Run{
		"broken":      brokenRun(t, 7),
		"every state": judged(t, brokenMeta(), everyStateSpecs(t), "LT-16 bug 9\n"),
		"rules":       htmlRun(t),
		"sample":      sampleRun(t),
		"interrupted": New(brokenMeta(), run, nil),
		"empty":       New(Meta{}, outcome.Run{}, nil),
	} {
		c := r.Counts()
		want := c.ByKey()
		for _, cert := range []*outcome.Certification{nil, {Counts: c}} {
			page := writeHTML(t, r, cert)
			got := map[string]int{}
			for _, m := range dataCount.FindAllStringSubmatch(page, -1) {
				n, _ := strconv.Atoi(m[2])
				if _, dup := got[m[1]]; dup {
					t.Errorf("%s: %s twice on the page", name, m[1])
				}
				got[m[1]] = n
			}
			for k, n := range got {
				if w, ok := want[k]; !ok || w != n {
					t.Errorf("%s: data-count %s = %d; Count says %d (known: %v)", name, k, n, w, ok)
				}
			}
			for k, n := range want {
				// (the page shows the selected specs and those not
				// selected, not their sum; nor the rules covered but for
				// untestable clauses)
				if _, ok := got[k]; !ok && n != 0 && k != "specs.suite" && k != "rules.covered_but_untestable_clauses" {
					t.Errorf("%s: %s = %d is not on the page", name, k, n)
				}
			}
			for _, k := range []string{"specs.selected", "specs.passed", "specs.failed", "specs.not_selected", "rules.catalog", "rules.passed", "rules.failed"} {
				if _, ok := got[k]; !ok {
					t.Errorf("%s: %s is not on the page", name, k)
				}
			}
		}
	}
}
