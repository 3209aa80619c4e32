package catalog_test

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/catalog"
	"github.com/ndkconform/ndkconform/stress"
)

// The files the peer table is checked against, from this package's
// directory.
const (
	peersPath    = "../docs/peers.md"
	peersRules   = "../docs/reference/ndkpi/RULES.md"
	modelDocPath = "../specs/model/doc.go"
	peerCases    = 82
)

var (
	// rePeerRow is a row of a peer table: "| 7 | …".
	rePeerRow = regexp.MustCompile(`^\|\s*(\d+)\s*\|`)
	// reAnswer is an answer written as a code span: `spec: …`, `move: …`,
	// `open: …`, `stress: …`.
	reAnswer = regexp.MustCompile("`(spec|move|open|stress): ([^`]+)`")
	// reRuleRef is a rule ID in prose, with the " [C]" that may follow it.
	reRuleRef = regexp.MustCompile(`\b([A-Z]{2,3}-\d+)\b( \[C\])?`)
	// reOpenHeading is an entry of RULES.md's Part C.
	reOpenHeading = regexp.MustCompile(`^### (OPEN-\d+)\. `)
	// reConsumerRule is a rule line of RULES.md tagged [C].
	reConsumerRule = regexp.MustCompile(`^- ([A-Z]{2,3}-\d+) \[C\]`)
)

// peerRow is one case of docs/peers.md.
type peerRow struct {
	line    int
	n       int
	cells   []string // #, peer, case, behaviour, verdict, answer
	verdict string
	answer  string
	text    string // the whole row
}

func (r peerRow) String() string {
	return fmt.Sprintf("%s line %d, case #%d", peersPath, r.line, r.n)
}

// peerRefs is what a peer row may name: the dry run's spec names (each
// also without its address family), the data-path model's moves, RULES.md
// Part C's entries and its rules tagged [C], the kinds of step of
// ndkconform stress.
type peerRefs struct {
	specs    []string
	moves    []string
	open     []string
	consumer []string
	steps    []string
}

// specMatches reports whether prefix starts a spec name.
func (p peerRefs) specMatches(prefix string) bool {
	return slices.ContainsFunc(p.specs, func(n string) bool { return strings.HasPrefix(n, prefix) })
}

// checkRef checks one `kind: value` answer against p.
func (p peerRefs) checkRef(kind, value string) string {
	switch kind {
	case "spec":
		if !p.specMatches(value) {
			return fmt.Sprintf("spec: %q starts no spec name of the dry run", value)
		}
	case "move":
		if !slices.Contains(p.moves, value) {
			return fmt.Sprintf("move: %q is no move of the table in %s (%s)", value, modelDocPath, strings.Join(p.moves, ", "))
		}
	case "open":
		if !slices.Contains(p.open, value) {
			return fmt.Sprintf("open: %s has no entry in RULES.md Part C (%s)", value, strings.Join(p.open, ", "))
		}
	case "stress":
		if !slices.Contains(p.steps, value) {
			return fmt.Sprintf("stress: %q is no kind of step of ndkconform stress (%s)", value, strings.Join(p.steps, "; "))
		}
	}
	return ""
}

// checkPeerRows returns what is wrong with rows: a case of 1..peerCases
// missing or repeated, an unknown verdict, a no or partly case without an
// answer, a partly case that does not say what is missing, an answer that
// names no spec, move or Part C entry, a rule ID the catalog does not have
// (a consumer's rule is named as "XX-n [C]").
func checkPeerRows(rows []peerRow, p peerRefs) []string {
	var out []string
	seen := map[int]int{}
	for _, r := range rows {
		bad := func(format string, a ...any) { out = append(out, r.String()+": "+fmt.Sprintf(format, a...)) }
		if len(r.cells) != 6 {
			bad("%d cells, want 6 (#, peer, case, behaviour, verdict, answer)", len(r.cells))
			continue
		}
		if r.n < 1 || r.n > peerCases {
			bad("no case %d: the cases are 1..%d", r.n, peerCases)
		}
		if l, dup := seen[r.n]; dup {
			bad("case #%d is also on line %d", r.n, l)
		}
		seen[r.n] = r.line
		for i, c := range r.cells[1:4] {
			if c == "" {
				bad("its %s is empty", []string{"peer", "case", "behaviour"}[i])
			}
		}
		answers := reAnswer.FindAllStringSubmatch(r.answer, -1)
		notRequired := strings.Contains(r.answer, "not required:")
		switch r.verdict {
		case "yes", "n/a":
		case "no", "partly":
			if len(answers) == 0 && !notRequired {
				bad("marked %s, with no answer (`spec: …`, `move: …`, `open: …`, `stress: …` or not required: …)", r.verdict)
			}
		default:
			bad("verdict %q, want yes, partly, no or n/a", r.verdict)
		}
		if r.verdict == "partly" && !strings.Contains(r.answer, "missing:") {
			bad("marked partly, but its answer does not say what is missing (missing: …)")
		}
		for _, a := range answers {
			if msg := p.checkRef(a[1], strings.TrimSpace(a[2])); msg != "" {
				bad("%s", msg)
			}
		}
		for _, m := range reRuleRef.FindAllStringSubmatch(r.text, -1) {
			id, tagged := m[1], m[2] != ""
			if _, ok := catalog.Lookup(id); ok {
				if tagged {
					bad("names %s [C], but %s is a catalog rule of the provider", id, id)
				}
				continue
			}
			switch {
			case !slices.Contains(p.consumer, id):
				bad("names %s, which is not in the catalog (catalog.Lookup) nor a rule of RULES.md tagged [C]", id)
			case !tagged:
				bad("names %s, a consumer's rule ([C] in RULES.md, not in the catalog): write it %s [C]", id, id)
			}
		}
	}
	for n := 1; n <= peerCases; n++ {
		if _, ok := seen[n]; !ok {
			out = append(out, fmt.Sprintf("%s: case #%d has no row", peersPath, n))
		}
	}
	return out
}

// loadPeerRows parses the rows of docs/peers.md's tables.
func loadPeerRows(t *testing.T) []peerRow {
	t.Helper()
	f, err := os.Open(peersPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []peerRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		m := rePeerRow.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		r := peerRow{line: line, n: n, text: text}
		for _, c := range strings.Split(strings.Trim(strings.TrimSpace(text), "|"), "|") {
			r.cells = append(r.cells, strings.TrimSpace(c))
		}
		if len(r.cells) == 6 {
			r.verdict, r.answer = r.cells[4], r.cells[5]
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) < peerCases/2 {
		t.Fatalf("%s: parsed only %d rows; has its format changed?", peersPath, len(rows))
	}
	return rows
}

// partC returns the IDs of RULES.md Part C's entries, the lines of Part C,
// and the IDs of RULES.md's rules tagged [C].
func partC(t *testing.T) (ids, lines, consumer []string) {
	t.Helper()
	data, err := os.ReadFile(peersRules)
	if err != nil {
		t.Fatal(err)
	}
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		if m := reConsumerRule.FindStringSubmatch(line); m != nil {
			consumer = append(consumer, m[1])
		}
		if strings.HasPrefix(line, "## ") {
			in = strings.HasPrefix(line, "## Part C")
		}
		if !in {
			continue
		}
		lines = append(lines, line)
		if m := reOpenHeading.FindStringSubmatch(line); m != nil {
			if slices.Contains(ids, m[1]) {
				t.Errorf("RULES.md Part C has %s twice", m[1])
			}
			ids = append(ids, m[1])
		}
	}
	if len(ids) == 0 || len(consumer) == 0 {
		t.Fatalf("%s: found %d Part C entries and %d [C] rules; has its format changed?", peersRules, len(ids), len(consumer))
	}
	return ids, lines, consumer
}

// modelMoves returns the names of the moves in the table of
// specs/model/doc.go's section "The data path and memory model": the
// table's lines are indented by a tab, a move's name is in the first
// column, as wide as the indentation of the lines that continue a
// description, and a name that ends with "and" or "or" goes on on the
// next line ("send and" / "invalidate").
func modelMoves(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(modelDocPath)
	if err != nil {
		t.Fatal(err)
	}
	var table []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "// # ") {
			in = strings.Contains(line, "The data path and memory model")
			continue
		}
		if rest, ok := strings.CutPrefix(line, "//\t"); ok && in {
			table = append(table, rest)
		}
	}
	width := 0
	for _, l := range table {
		if n := len(l) - len(strings.TrimLeft(l, " ")); n > 0 && (width == 0 || n < width) {
			width = n
		}
	}
	if width == 0 {
		t.Fatalf("%s: no table of moves found in the section on the data path and memory model", modelDocPath)
	}
	var moves []string
	for _, l := range table {
		if l == "" || l[0] == ' ' {
			continue
		}
		name := strings.TrimSpace(l[:min(width, len(l))])
		if k := len(moves) - 1; k >= 0 && (strings.HasSuffix(moves[k], " and") || strings.HasSuffix(moves[k], " or")) {
			moves[k] += " " + name
			continue
		}
		moves = append(moves, name)
	}
	if len(moves) < 10 {
		t.Fatalf("%s: parsed only %d moves (%q); has the table's format changed?", modelDocPath, len(moves), moves)
	}
	return moves
}

// peerRefsOf gathers what peer rows may name.
func peerRefsOf(t *testing.T) (peerRefs, []string) {
	t.Helper()
	var p peerRefs
	for _, sr := range dryRun(t).Run.Specs {
		p.specs = append(p.specs, sr.Name, strings.NewReplacer(" IPv4 ", " ", " IPv6 ", " ").Replace(sr.Name))
	}
	p.moves = modelMoves(t)
	p.steps = stress.StepKinds()
	var partCLines []string
	p.open, partCLines, p.consumer = partC(t)
	return p, partCLines
}

// TestPeers checks docs/peers.md, the table of other test suites' cases:
// every case 1..82 once, a verdict for each, an answer for each case
// marked no or partly (and what is missing for partly), and every spec,
// model move, Part C entry and rule it names exists: the spec in this
// binary's dry run, the move in the data-path model's table, the entry in
// RULES.md Part C, the rule in the catalog (or in RULES.md as a
// consumer's rule, written "XX-n [C]"). The specs and moves Part C's
// entries name as where a case is checked must exist too.
func TestPeers(t *testing.T) {
	p, partCLines := peerRefsOf(t)
	for _, msg := range checkPeerRows(loadPeerRows(t), p) {
		t.Error(msg)
	}
	for _, line := range partCLines {
		for _, a := range reAnswer.FindAllStringSubmatch(line, -1) {
			if msg := p.checkRef(a[1], strings.TrimSpace(a[2])); msg != "" {
				t.Errorf("RULES.md Part C: %s", msg)
			}
		}
	}
}

// TestPeerChecksFail shows that checkPeerRows reports each kind of broken
// row, naming it: a row of docs/peers.md broken in each way in turn.
func TestPeerChecksFail(t *testing.T) {
	p, _ := peerRefsOf(t)
	good := loadPeerRows(t)
	if msgs := checkPeerRows(good, p); len(msgs) != 0 {
		t.Fatalf("the table itself is reported (TestPeers says what): %q", msgs)
	}
	find := func(verdict string) int {
		i := slices.IndexFunc(good, func(r peerRow) bool { return r.verdict == verdict })
		if i < 0 {
			t.Fatalf("no row marked %s to break", verdict)
		}
		return i
	}
	withAnswer := func(i int, answer string) []peerRow {
		rows := slices.Clone(good)
		r := rows[i]
		r.cells = slices.Clone(r.cells)
		r.answer, r.cells[5] = answer, answer
		r.text = "| " + strings.Join(r.cells, " | ") + " |"
		rows[i] = r
		return rows
	}
	no, partly := find("no"), find("partly")
	cases := []struct {
		name string
		rows []peerRow
		want string
	}{
		{"a case missing", slices.Delete(slices.Clone(good), no, no+1), fmt.Sprintf("case #%d has no row", good[no].n)},
		{"a case repeated", append(slices.Clone(good), good[no]), fmt.Sprintf("case #%d is also on line %d", good[no].n, good[no].line)},
		{"a no case without an answer", withAnswer(no, "nothing"), "marked no, with no answer"},
		{"a partly case without what is missing", withAnswer(partly, "`move: send`"), "does not say what is missing"},
		{"a spec that is none", withAnswer(no, "`spec: No such Describe at all`"), `spec: "No such Describe at all" starts no spec name`},
		{"a move that is none", withAnswer(no, "`move: teleport`"), `move: "teleport" is no move`},
		{"an open entry that is none", withAnswer(no, "`open: OPEN-999`"), "open: OPEN-999 has no entry in RULES.md Part C"},
		{"a stress step that is none", withAnswer(no, "`stress: juggle`"), `stress: "juggle" is no kind of step`},
		{"a rule that is none", withAnswer(no, "not required: ZZ-9 says so"), "names ZZ-9, which is not in the catalog"},
		{"a consumer's rule not marked", withAnswer(no, "not required: MR-2 says so"), "names MR-2, a consumer's rule"},
	}
	for _, c := range cases {
		msgs := checkPeerRows(c.rows, p)
		if !slices.ContainsFunc(msgs, func(m string) bool { return strings.Contains(m, c.want) }) {
			t.Errorf("%s: want a report containing %q, got %q", c.name, c.want, msgs)
		}
	}
	// A report names the row: file, line and case.
	msgs := checkPeerRows(withAnswer(no, "`move: teleport`"), p)
	if want := fmt.Sprintf("%s line %d, case #%d: ", peersPath, good[no].line, good[no].n); len(msgs) != 1 || !strings.HasPrefix(msgs[0], want) {
		t.Errorf("want one report starting %q, got %q", want, msgs)
	}
}

// reCountsAll is the last row of docs/peers.md's counts table.
var reCountsAll = regexp.MustCompile(`^\| \*\*All\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \|`)

// TestPeerCounts checks the counts table's total row against the verdicts
// of the rows, so that a verdict changed without the table shows.
func TestPeerCounts(t *testing.T) {
	got := map[string]int{}
	for _, r := range loadPeerRows(t) {
		got[r.verdict]++
	}
	data, err := os.ReadFile(peersPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		m := reCountsAll.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for i, v := range []string{"", "yes", "partly", "no", "n/a"} {
			n, _ := strconv.Atoi(m[i+1])
			want := got[v]
			if v == "" {
				want = len(loadPeerRows(t))
			}
			if n != want {
				t.Errorf("%s: the counts table's total row says %d %s, the rows %d", peersPath, n, map[string]string{"": "cases"}[v]+v, want)
			}
		}
		return
	}
	t.Fatalf("%s: no counts row \"| **All** | …\"", peersPath)
}
