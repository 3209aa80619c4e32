package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const guardSrc = `package sim

func (f *fabric) g(c *connector, n int) int {
	if f.variant == VariantA && n > 1 {
		n++
	}
	if f.variant != VariantB {
		n--
	} else {
		n += 2
	}
	if f.variant != VariantC || n < 3 {
		n *= 4
	}
	bad := f.variant == VariantD
	if bad {
		n -= 5
	}
	switch {
	case f.variant == VariantE && n == 6:
		n /= 7
	case n == 8:
		n++
	}
	switch f.variant {
	case VariantF:
		n--
	}
	for f.variant != VariantG && n < 9 {
		n++
	}
	if n > 11 && n != 12 && f.variant == VariantH {
		n++
	}
	if g(n > 13) && f.variant == VariantI {
		n++
	}
	if f.variant == VariantJ && n > 14 || f.variant == VariantK {
		n++
	}
	return n + 10
}
`

func TestVariantGuard(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "g.go"), []byte(guardSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	sf, err := parseSrc(dir, "g.go")
	if err != nil {
		t.Fatal(err)
	}
	// line, operator -> the variant that guards it ("" none)
	cases := []struct {
		line int
		op   string
		want string
	}{
		{4, "==", ""},          // the guard itself: negating it runs variant code
		{4, "&&", ""},          // turning it into || too
		{4, ">", "VariantA"},   // right of variant == A &&
		{5, "++", "VariantA"},  // in the body
		{8, "--", ""},          // variant != B: the conforming path
		{10, "+=", "VariantB"}, // its else
		{12, "<", "VariantC"},  // right of variant != C ||
		{13, "*=", ""},         // the body runs for the conforming provider
		{17, "-=", "bad"},      // an alias of variant == D
		{20, "==", ""},         // variant == E itself
		{21, "/=", "VariantE"}, // that case's body
		{22, "==", ""},         // the next case
		{23, "++", ""},
		{27, "--", "VariantF"}, // case VariantF of a switch on variant
		{29, "<", ""},          // for variant != G && ...: the conforming provider loops
		{30, "++", ""},
		{32, ">", "VariantH"},           // left of && variant == H: false whatever it is
		{32, "&&", "VariantH"},          // the first && too
		{35, ">", ""},                   // but not when it calls a function
		{38, "||", "VariantJ,VariantK"}, // between two variant-only conditions
		{41, "+", ""},
	}
	for _, c := range cases {
		line := strings.Split(guardSrc, "\n")[c.line-1]
		col := strings.Index(line, c.op)
		if c.line == 4 && c.op == "==" {
			col = strings.Index(line, "== ")
		}
		if col < 0 {
			t.Fatalf("line %d has no %q", c.line, c.op)
		}
		typ := map[string]string{"==": "CONDITIONALS_NEGATION", "!=": "CONDITIONALS_NEGATION", "&&": "INVERT_LOGICAL",
			">": "CONDITIONALS_BOUNDARY", "<": "CONDITIONALS_BOUNDARY", "++": "INCREMENT_DECREMENT", "--": "INCREMENT_DECREMENT",
			"||": "INVERT_LOGICAL", "+=": "INVERT_ASSIGNMENTS", "-=": "INVERT_ASSIGNMENTS", "*=": "INVERT_ASSIGNMENTS", "/=": "INVERT_ASSIGNMENTS", "+": "ARITHMETIC_BASE"}[c.op]
		m, err := sf.mutant(c.line, col+1, typ)
		if err != nil {
			t.Fatal(err)
		}
		if m.Variant != c.want {
			t.Errorf("line %d %s (%s): guarded by %q, want %q", c.line, c.op, m.Code, m.Variant, c.want)
		}
		if m.Func != "(*fabric).g" {
			t.Errorf("line %d: func %q", c.line, m.Func)
		}
	}
}

func TestApplyAndEquivalents(t *testing.T) {
	dir := t.TempDir()
	src := "package sim\n\nfunc h(a, b int) bool {\n\treturn a == 1 && b == 2\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "h.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	sf, err := parseSrc(dir, "h.go")
	if err != nil {
		t.Fatal(err)
	}
	col := strings.LastIndex("\treturn a == 1 && b == 2", "==") + 1
	m, err := sf.mutant(4, col, "CONDITIONALS_NEGATION")
	if err != nil {
		t.Fatal(err)
	}
	if m.Nth != 2 || m.To != "!=" {
		t.Fatalf("mutant %+v", m)
	}
	if got := string(m.apply([]byte(src))); !strings.Contains(got, "a == 1 && b != 2") {
		t.Fatalf("applied: %s", got)
	}
	if d := m.diff([]byte(src)); !strings.Contains(d, "-\treturn a == 1 && b == 2\n+\treturn a == 1 && b != 2") {
		t.Fatalf("diff: %s", d)
	}
	// || made && in a chain of ||: parenthesized, so the tree stays.
	src2 := "package sim\n\nfunc k(a, b, c bool) bool {\n\treturn a || b || c\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "k.go"), []byte(src2), 0o644); err != nil {
		t.Fatal(err)
	}
	sf2, err := parseSrc(dir, "k.go")
	if err != nil {
		t.Fatal(err)
	}
	m2, err := sf2.mutant(4, strings.LastIndex("\treturn a || b || c", "||")+1, "INVERT_LOGICAL")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(m2.apply([]byte(src2))); !strings.Contains(got, "return (a || b) && c") {
		t.Fatalf("applied: %s", got)
	}
	m3, err := sf2.mutant(4, strings.Index("\treturn a || b || c", "||")+1, "INVERT_LOGICAL")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(m3.apply([]byte(src2))); !strings.Contains(got, "return a && b || c") {
		t.Fatalf("applied: %s", got)
	}

	eq := filepath.Join(dir, "equivalent.txt")
	text := "# comment\n\n" + m.entry("the reason,") + "  continued\n\nmutant: h.go h CONDITIONALS_NEGATION ==#1\ncode: gone\nreason: stale\n"
	if err := os.WriteFile(eq, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	eqs, err := readEquivalents(eq)
	if err != nil {
		t.Fatal(err)
	}
	if len(eqs) != 2 || eqs[0].Reason != "the reason, continued" {
		t.Fatalf("entries %+v", eqs)
	}
	matchEquivalents(eqs, []*mutant{m})
	if m.Equiv != eqs[0] || len(eqs[1].matched) != 0 {
		t.Fatalf("matched %v, stale entry matched %d", m.Equiv, len(eqs[1].matched))
	}

	if err := os.WriteFile(eq, []byte("mutant: h.go h X ==#1\ncode: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readEquivalents(eq); err == nil {
		t.Fatal("an entry without a reason was taken")
	}
}

// -changed: the lines a -U0 diff adds or changes in the files in scope,
// and the line after a deletion; files out of scope and tests left out.
func TestParseDiffLines(t *testing.T) {
	diff := `diff --git a/drivers/sim/cq.go b/drivers/sim/cq.go
--- a/drivers/sim/cq.go
+++ b/drivers/sim/cq.go
@@ -10 +10 @@ func f() {
-	a := 1
+	a := 2
@@ -20,0 +21,3 @@ func g() {
+	x
+	y
+	z
@@ -40,2 +42,0 @@ func h() {
-	gone
-	gone too
diff --git a/drivers/sim/cq_test.go b/drivers/sim/cq_test.go
--- a/drivers/sim/cq_test.go
+++ b/drivers/sim/cq_test.go
@@ -1 +1 @@
-a
+b
diff --git a/drivers/sim/old.go b/drivers/sim/old.go
--- a/drivers/sim/old.go
+++ /dev/null
@@ -1 +0,0 @@
-package sim
`
	got := parseDiffLines([]byte(diff), allScope)
	want := map[string]map[int]bool{"drivers/sim/cq.go": {10: true, 21: true, 22: true, 23: true, 43: true}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := parseDiffLines([]byte(diff), simScope); len(got) != 0 {
		t.Errorf("cq.go is not in the endpoint scope: got %v", got)
	}
}

// -max: n mutants spread over the change, the first among them, none twice.
func TestSpread(t *testing.T) {
	var ms []*mutant
	for i := range 10 {
		ms = append(ms, &mutant{Line: i})
	}
	var got []int
	for _, m := range spread(ms, 4) {
		got = append(got, m.Line)
	}
	if fmt.Sprint(got) != "[0 2 5 7]" {
		t.Errorf("spread 4 of 10: lines %v, want [0 2 5 7]", got)
	}
}
