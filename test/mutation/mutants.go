package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// A mutant is one of gremlins' mutations of one operator token of sim.
type mutant struct {
	File    string // relative to the module root: drivers/sim/connector.go
	Line    int
	Col     int
	Offset  int    // byte offset of the operator in the file
	Type    string // gremlins' mutator type: CONDITIONALS_NEGATION, ...
	From    string // the operator: "=="
	To      string // what it becomes: "!="
	Func    string // enclosing function: "(*connector).Reject", or "" at package level
	Code    string // the mutated line's text, trimmed
	Nth     int    // From's occurrence on that line (1 for the first)
	Variant string // non-empty: only reached when the provider runs as this broken variant

	// Wrap lists the expressions (byte offsets from, to) to parenthesize
	// when the new operator binds differently from the old one (&& and
	// ||, & and |) and the text would parse into another tree: a || b || c
	// with its second || made && is (a || b) && c, not a || (b && c).
	// This keeps the tree gremlins mutated.
	Wrap [][2]int

	Reached bool // the baseline run executed the mutated statement (or it is not in a function)

	// Outcome.
	Status   string // see the status constants
	Exit     int
	Duration float64  // seconds
	Tail     string   // the end of the run's output, for a killed mutant's evidence
	Skips    []string // a survivor's skipped specs, with why
	Equiv    *equivalent
}

// Mutant statuses.
const (
	stKilled      = "KILLED"        // the suite failed (ndkconform run exit status 1, or 2 for bad usage)
	stCompile     = "COMPILE ERROR" // the mutated tree does not build
	stTimedOut    = "TIMED OUT"     // the run outlived the bound
	stSurvived    = "SURVIVED"      // the suite passed
	stNotReached  = "NOT REACHED"   // not run: the baseline never executed the statement, so the suite passes (a survivor)
	stVariantOnly = "VARIANT ONLY"  // not run: only reached under a broken variant= (equivalent for the conforming provider)
)

// resultKey names the mutation a result is of.
func (m *mutant) resultKey() string {
	k := m.ID() + " " + m.From + " " + m.To
	if len(m.Wrap) > 0 {
		k += " ()"
	}
	return k
}

func (m *mutant) ID() string {
	return fmt.Sprintf("%s:%d:%d %s", m.File, m.Line, m.Col, m.Type)
}

// tokenMutations is gremlins' table (internal/engine/mappings.go of v0.6.0):
// what each mutator type turns each operator into.
var tokenMutations = map[string]map[string]string{
	"ARITHMETIC_BASE":       {"+": "-", "*": "/", "/": "*", "%": "*", "-": "+"},
	"CONDITIONALS_BOUNDARY": {">=": ">", ">": ">=", "<=": "<", "<": "<="},
	"CONDITIONALS_NEGATION": {"==": "!=", ">=": "<", ">": "<=", "<=": ">", "<": ">=", "!=": "=="},
	"INCREMENT_DECREMENT":   {"--": "++", "++": "--"},
	"INVERT_ASSIGNMENTS":    {"+=": "-=", "*=": "/=", "/=": "*=", "%=": "%=", "-=": "+="},
	"INVERT_BITWISE":        {"&": "|", "|": "&", "^": "&", "&^": "&", "<<": ">>", ">>": "<<"},
	"INVERT_BWASSIGN":       {"&=": "|=", "|=": "&=", "^=": "&=", "&^=": "&=", "<<=": ">>=", ">>=": "<<="},
	"INVERT_LOGICAL":        {"&&": "||", "||": "&&"},
	"INVERT_LOOPCTRL":       {"break": "continue", "continue": "break"},
	"INVERT_NEGATIVES":      {"-": "+"},
	"REMOVE_SELF_ASSIGNMENTS": {"+=": "=", "&=": "=", "&^=": "=", "*=": "=", "|=": "=", "/=": "=",
		"%=": "=", "<<=": "=", ">>=": "=", "-=": "=", "^=": "="},
}

// gremlinsReport is the part of gremlins' --output JSON read here.
type gremlinsReport struct {
	Files []struct {
		FileName  string `json:"file_name"`
		Mutations []struct {
			Type   string `json:"type"`
			Line   int    `json:"line"`
			Column int    `json:"column"`
		} `json:"mutations"`
	} `json:"files"`
}

// srcFile is a parsed source file of the tree.
type srcFile struct {
	rel   string
	src   []byte
	fset  *token.FileSet
	file  *ast.File
	tfile *token.File
	alias map[string]bool // local variables assigned x.variant == VariantY
}

func parseSrc(root, rel string) (*srcFile, error) {
	src, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	sf := &srcFile{rel: rel, src: src, fset: fset, file: f, tfile: fset.File(f.Pos()), alias: map[string]bool{}}
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
			if id, ok := as.Lhs[0].(*ast.Ident); ok && isVariantCmp(as.Rhs[0], token.EQL) {
				sf.alias[id.Name] = true
			}
		}
		return true
	})
	return sf, nil
}

// mutants turns gremlins' report into mutants of the files in scope.
func readMutants(report []byte, root, dir string, sc scope) ([]*mutant, error) {
	var r gremlinsReport
	if err := json.Unmarshal(report, &r); err != nil {
		return nil, fmt.Errorf("gremlins' report: %w", err)
	}
	files := map[string]*srcFile{}
	var out []*mutant
	for _, f := range r.Files {
		rel := filepath.ToSlash(filepath.Join(dir, f.FileName))
		if !sc.file(rel) {
			continue
		}
		sf := files[rel]
		if sf == nil {
			var err error
			if sf, err = parseSrc(root, rel); err != nil {
				return nil, err
			}
			files[rel] = sf
		}
		for _, g := range f.Mutations {
			m, err := sf.mutant(g.Line, g.Column, g.Type)
			if err != nil {
				return nil, err
			}
			if m == nil || !sc.fn(rel, m.Func) {
				continue
			}
			out = append(out, m)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return a.Type < b.Type
	})
	return out, nil
}

// notViable counts gremlins' mutations left out because they cannot compile.
var notViable int

// mutant builds the mutant of the operator at line:col; nil for a no-op
// (gremlins' INVERT_ASSIGNMENTS turns %= into %=) or one that cannot
// compile (address-of & made |).
func (sf *srcFile) mutant(line, col int, typ string) (*mutant, error) {
	if line < 1 || line > sf.tfile.LineCount() {
		return nil, fmt.Errorf("%s:%d:%d: no such line", sf.rel, line, col)
	}
	off := sf.tfile.Offset(sf.tfile.LineStart(line)) + col - 1
	pos := sf.tfile.Pos(off)
	path := pathTo(sf.file, pos)
	if len(path) == 0 {
		return nil, fmt.Errorf("%s:%d:%d: no operator there", sf.rel, line, col)
	}
	var from string
	switch n := path[len(path)-1].(type) {
	case *ast.BinaryExpr:
		from = n.Op.String()
	case *ast.UnaryExpr:
		from = n.Op.String()
		if n.Op == token.AND {
			// gremlins' INVERT_BITWISE takes the address-of &x for a
			// bitwise and and makes it |x, which does not parse: not viable.
			notViable++
			return nil, nil
		}
	case *ast.AssignStmt:
		from = n.Tok.String()
	case *ast.IncDecStmt:
		from = n.Tok.String()
	case *ast.BranchStmt:
		from = n.Tok.String()
	default:
		return nil, fmt.Errorf("%s:%d:%d: %T is no operator gremlins mutates", sf.rel, line, col, n)
	}
	if !strings.HasPrefix(string(sf.src[off:]), from) {
		return nil, fmt.Errorf("%s:%d:%d: %q is not at that column", sf.rel, line, col, from)
	}
	to, ok := tokenMutations[typ][from]
	if !ok {
		return nil, fmt.Errorf("%s:%d:%d: gremlins' %s of %q is not in the table", sf.rel, line, col, typ, from)
	}
	if to == from {
		return nil, nil
	}
	start := sf.tfile.Offset(sf.tfile.LineStart(line))
	end := start + strings.IndexByte(string(sf.src[start:])+"\n", '\n')
	m := &mutant{File: sf.rel, Line: line, Col: col, Offset: off, Type: typ, From: from, To: to,
		Code: strings.TrimSpace(string(sf.src[start:end])), Reached: true}
	m.Nth = 1 + countOps(sf, path[len(path)-1], start, off, from)
	if b, ok := path[len(path)-1].(*ast.BinaryExpr); ok {
		for _, e := range needsParens(b, path, to) {
			m.Wrap = append(m.Wrap, [2]int{sf.tfile.Offset(e.Pos()), sf.tfile.Offset(e.End())})
		}
	}
	m.Func = funcName(path)
	m.Variant = sf.variantGuard(path)
	return m, nil
}

// countOps counts the operators from that come before off on its line.
func countOps(sf *srcFile, self ast.Node, lineStart, off int, from string) int {
	n := 0
	ast.Inspect(sf.file, func(x ast.Node) bool {
		var p token.Pos
		var op string
		switch x := x.(type) {
		case *ast.BinaryExpr:
			p, op = x.OpPos, x.Op.String()
		case *ast.UnaryExpr:
			p, op = x.OpPos, x.Op.String()
		case *ast.AssignStmt:
			p, op = x.TokPos, x.Tok.String()
		case *ast.IncDecStmt:
			p, op = x.TokPos, x.Tok.String()
		case *ast.BranchStmt:
			p, op = x.TokPos, x.Tok.String()
		default:
			return true
		}
		if o := sf.tfile.Offset(p); op == from && o >= lineStart && o < off {
			n++
		}
		return true
	})
	return n
}

// pathTo returns the nodes from the file down to the operator node whose
// operator is at pos.
func pathTo(f *ast.File, pos token.Pos) []ast.Node {
	var stack, found []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n.Pos() > pos || n.End() <= pos {
			return false
		}
		stack = append(stack, n)
		var op token.Pos
		switch x := n.(type) {
		case *ast.BinaryExpr:
			op = x.OpPos
		case *ast.UnaryExpr:
			op = x.OpPos
		case *ast.AssignStmt:
			op = x.TokPos
		case *ast.IncDecStmt:
			op = x.TokPos
		case *ast.BranchStmt:
			op = x.TokPos
		}
		if op == pos {
			found = append([]ast.Node(nil), stack...)
			return false
		}
		return true
	})
	return found
}

func funcName(path []ast.Node) string {
	for _, n := range path {
		fd, ok := n.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if fd.Recv == nil || len(fd.Recv.List) == 0 {
			return fd.Name.Name
		}
		t := fd.Recv.List[0].Type
		star := ""
		if s, ok := t.(*ast.StarExpr); ok {
			star, t = "*", s.X
		}
		if ix, ok := t.(*ast.IndexExpr); ok {
			t = ix.X
		}
		if id, ok := t.(*ast.Ident); ok {
			if star != "" {
				return "(*" + id.Name + ")." + fd.Name.Name
			}
			return id.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
	return ""
}

// variantGuard returns the broken variant whose check guards the mutated
// operator (the last node of path): the operator is evaluated only when the
// provider runs as a broken variant, because it sits
//   - in the body of an if, for or case whose condition is true only for a
//     broken variant (a conjunct x.variant == VariantY, or a local variable
//     assigned that), or in the else of one whose condition is false only
//     for one (a disjunct x.variant != VariantY);
//   - right of && whose left is true only for a broken variant, or right of
//     || whose left is false only for one (short-circuit);
//   - left of && whose right is true only for a broken variant (the && is
//     false whatever its left), or left of || whose right is false only for
//     one, where the left calls no function;
//   - in a case VariantY: of a switch on x.variant;
//   - it is the && or || between two conditions true only for a broken
//     variant (or two false only for one).
//
// It returns "" when the conforming provider can evaluate the operator.
func (sf *srcFile) variantGuard(path []ast.Node) string {
	within := func(n ast.Node, in ast.Node) bool {
		return in != nil && !isNil(in) && n.Pos() >= in.Pos() && n.End() <= in.End()
	}
	// && and || between two conditions true only for a broken variant (or
	// two false only for one): swapping them keeps the condition so.
	if b, ok := path[len(path)-1].(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
		if sf.trueOnlyBroken(b.X) && sf.trueOnlyBroken(b.Y) || sf.falseOnlyBroken(b.X) && sf.falseOnlyBroken(b.Y) {
			return sf.variantIn(b)
		}
	}
	for i := len(path) - 2; i >= 0; i-- {
		child := path[i+1]
		switch p := path[i].(type) {
		case *ast.IfStmt:
			if within(child, p.Body) && sf.trueOnlyBroken(p.Cond) {
				return sf.variantIn(p.Cond)
			}
			if p.Else != nil && within(child, p.Else) && sf.falseOnlyBroken(p.Cond) {
				return sf.variantIn(p.Cond)
			}
		case *ast.ForStmt:
			if p.Cond != nil && within(child, p.Body) && sf.trueOnlyBroken(p.Cond) {
				return sf.variantIn(p.Cond)
			}
		case *ast.BinaryExpr:
			if p.Op == token.LAND && within(child, p.Y) && sf.trueOnlyBroken(p.X) {
				return sf.variantIn(p.X)
			}
			if p.Op == token.LOR && within(child, p.Y) && sf.falseOnlyBroken(p.X) {
				return sf.variantIn(p.X)
			}
			// X && (variant == V) is false for the conforming provider
			// whatever X is, X || (variant != V) true: a mutant in X changes
			// nothing, as long as X calls nothing (whose calls it might change).
			if p.Op == token.LAND && within(child, p.X) && sf.trueOnlyBroken(p.Y) && !hasCall(p.X) {
				return sf.variantIn(p.Y)
			}
			if p.Op == token.LOR && within(child, p.X) && sf.falseOnlyBroken(p.Y) && !hasCall(p.X) {
				return sf.variantIn(p.Y)
			}
		case *ast.CaseClause:
			if len(p.List) == 0 || !sf.bodyHas(p, child) {
				continue
			}
			// The switch is the grandparent (SwitchStmt > BlockStmt > CaseClause).
			var sw *ast.SwitchStmt
			if i >= 2 {
				sw, _ = path[i-2].(*ast.SwitchStmt)
			}
			if sw == nil {
				continue
			}
			all := true
			for _, e := range p.List {
				if sw.Tag == nil && !sf.trueOnlyBroken(e) || sw.Tag != nil && !(isVariantField(sw.Tag) && isVariantName(e)) {
					all = false
				}
			}
			if all {
				if sw.Tag != nil {
					return exprString(p.List[0])
				}
				return sf.variantIn(p.List[0])
			}
		}
	}
	return ""
}

func hasCall(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

func (sf *srcFile) bodyHas(c *ast.CaseClause, n ast.Node) bool {
	for _, s := range c.Body {
		if n.Pos() >= s.Pos() && n.End() <= s.End() {
			return true
		}
	}
	return false
}

func isNil(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.BlockStmt:
		return x == nil
	case ast.Stmt:
		return x == nil
	}
	return false
}

// trueOnlyBroken: e is true only when the provider is a broken variant.
func (sf *srcFile) trueOnlyBroken(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return sf.trueOnlyBroken(x.X)
	case *ast.UnaryExpr:
		return x.Op == token.NOT && sf.falseOnlyBroken(x.X)
	case *ast.Ident:
		return sf.alias[x.Name]
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND:
			return sf.trueOnlyBroken(x.X) || sf.trueOnlyBroken(x.Y)
		case token.LOR:
			return sf.trueOnlyBroken(x.X) && sf.trueOnlyBroken(x.Y)
		case token.EQL:
			return isVariantCmp(x, token.EQL)
		}
	}
	return false
}

// falseOnlyBroken: e is false only when the provider is a broken variant.
func (sf *srcFile) falseOnlyBroken(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return sf.falseOnlyBroken(x.X)
	case *ast.UnaryExpr:
		return x.Op == token.NOT && sf.trueOnlyBroken(x.X)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LOR:
			return sf.falseOnlyBroken(x.X) || sf.falseOnlyBroken(x.Y)
		case token.LAND:
			return sf.falseOnlyBroken(x.X) && sf.falseOnlyBroken(x.Y)
		case token.NEQ:
			return isVariantCmp(x, token.NEQ)
		}
	}
	return false
}

// variantIn names the variants compared in e.
func (sf *srcFile) variantIn(e ast.Expr) string {
	var names []string
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if isVariantName(id) {
				names = append(names, id.Name)
			} else if sf.alias[id.Name] {
				names = append(names, id.Name)
			}
		}
		return true
	})
	return strings.Join(names, ",")
}

// isVariantCmp: e is x.variant op VariantY (either way round).
func isVariantCmp(e ast.Expr, op token.Token) bool {
	b, ok := e.(*ast.BinaryExpr)
	if !ok || b.Op != op {
		return false
	}
	return isVariantField(b.X) && isVariantName(b.Y) || isVariantField(b.Y) && isVariantName(b.X)
}

func isVariantField(e ast.Expr) bool {
	s, ok := e.(*ast.SelectorExpr)
	return ok && s.Sel.Name == "variant"
}

// isVariantName: an identifier of a broken variant's name (VariantX; the
// conforming provider's variant is "").
func isVariantName(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && strings.HasPrefix(id.Name, "Variant") && len(id.Name) > len("Variant")
}

func exprString(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return fmt.Sprintf("%T", e)
}

// apply returns the source with the mutant's operator replaced.
func (m *mutant) apply(src []byte) []byte {
	type ins struct {
		at int
		s  string
	}
	var edits []ins
	for _, w := range m.Wrap {
		edits = append(edits, ins{w[0], "("}, ins{w[1], ")"})
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].at < edits[j].at })
	out := make([]byte, 0, len(src)+8)
	prev := 0
	for _, e := range edits {
		if e.at <= m.Offset {
			out = append(out, src[prev:e.at]...)
			out = append(out, e.s...)
			prev = e.at
		}
	}
	out = append(out, src[prev:m.Offset]...)
	out = append(out, m.To...)
	prev = m.Offset + len(m.From)
	for _, e := range edits {
		if e.at > m.Offset {
			out = append(out, src[prev:e.at]...)
			out = append(out, e.s...)
			prev = e.at
		}
	}
	return append(out, src[prev:]...)
}

// needsParens lists what must be parenthesized so that b, its operator
// made to, parses into the same tree: an operand that binds more loosely
// than the new operator, or b itself inside a parent that binds more
// tightly.
func needsParens(b *ast.BinaryExpr, path []ast.Node, to string) []ast.Expr {
	p := opPrec(to)
	if p == opPrec(b.Op.String()) {
		return nil
	}
	var out []ast.Expr
	if x, ok := b.X.(*ast.BinaryExpr); ok && x.Op.Precedence() < p {
		out = append(out, x)
	}
	if y, ok := b.Y.(*ast.BinaryExpr); ok && y.Op.Precedence() <= p {
		out = append(out, y)
	}
	if len(path) >= 2 {
		if parent, ok := path[len(path)-2].(*ast.BinaryExpr); ok {
			pp := parent.Op.Precedence()
			if parent.X == ast.Expr(b) && p < pp || parent.Y == ast.Expr(b) && p <= pp {
				out = append(out, b)
			}
		}
	}
	return out
}

func opPrec(op string) int {
	for t := token.ADD; t <= token.TILDE; t++ {
		if t.String() == op {
			return t.Precedence()
		}
	}
	return 0
}

// diff is a one-hunk unified diff of the mutant.
func (m *mutant) diff(src []byte) string {
	lines := strings.Split(string(src), "\n")
	mut := strings.Split(string(m.apply(src)), "\n")
	first, last := m.Line, m.Line
	for _, w := range m.Wrap {
		first = min(first, 1+strings.Count(string(src[:w[0]]), "\n"))
		last = max(last, 1+strings.Count(string(src[:w[1]]), "\n"))
	}
	n := last - first + 1
	var b strings.Builder
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n@@ -%d,%d +%d,%d @@ %s\n", m.File, m.File, first, n, first, n, m.Func)
	for l := first; l <= last; l++ {
		fmt.Fprintf(&b, "-%s\n", lines[l-1])
	}
	for l := first; l <= last; l++ {
		fmt.Fprintf(&b, "+%s\n", mut[l-1])
	}
	return b.String()
}
