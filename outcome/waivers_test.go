package outcome

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseWaivers(t *testing.T) {
	needRules(t)
	in := "\ufeff# vendor waivers\n" +
		"\n" +
		"LC-15 vendor bug 1234: close is synchronous\n" +
		"  LT-16\t tracked as bug 99  \n" +
		"CN-3.timeout CN-8.timeout no set-up time-out, fix in 2.1\n" +
		"CR-1,CR-2, completions twice, bug 7\n" +
		"  # LC-14 commented out\n" +
		"CN-9.aborted\tDS-4 two IDs after a tab\n"
	w, err := ParseWaivers(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := Waivers{
		{IDs: []string{lc15}, Reason: "vendor bug 1234: close is synchronous", Line: 3},
		{IDs: []string{lt16}, Reason: "tracked as bug 99", Line: 4},
		{IDs: []string{"CN-3.timeout", "CN-8.timeout"}, Reason: "no set-up time-out, fix in 2.1", Line: 5},
		{IDs: []string{cr1, cr2}, Reason: "completions twice, bug 7", Line: 6},
		{IDs: []string{"CN-9.aborted", ds4}, Reason: "two IDs after a tab", Line: 8},
	}
	if !reflect.DeepEqual(w, want) {
		t.Errorf("got %+v\nwant %+v", w, want)
	}
	if ids := w.IDs(); !reflect.DeepEqual(ids, []string{lc15, lt16, "CN-3.timeout", "CN-8.timeout", cr1, cr2, "CN-9.aborted", ds4}) {
		t.Errorf("IDs() = %q", ids)
	}
	if s := w[2].String(); s != "CN-3.timeout CN-8.timeout no set-up time-out, fix in 2.1" {
		t.Errorf("String() = %q", s)
	}
	// Read back from its own lines, a waiver is the same.
	var lines []string
	for _, wv := range w {
		lines = append(lines, wv.String())
	}
	back, err := ParseWaivers(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil || len(back) != len(w) {
		t.Fatalf("read back: %v %+v", err, back)
	}
	for i := range back {
		if !reflect.DeepEqual(back[i].IDs, w[i].IDs) || back[i].Reason != w[i].Reason {
			t.Errorf("read back %+v, want %+v", back[i], w[i])
		}
	}
	for _, c := range []struct {
		id   string
		want bool
	}{{lc15, true}, {cn3, true}, {cn8, true}, {"CN-9", true}, {lc14, false}, {cn1, false}, {"CN-3.timeout", true}, {"CN-3.refused", false}} {
		if got := w.Covers(c.id); got != c.want {
			t.Errorf("Covers(%s) = %v", c.id, got)
		}
	}
	for _, empty := range []string{"", "\n\n", "# only a comment\n", "\ufeff"} {
		if w, err := ParseWaivers(strings.NewReader(empty)); err != nil || len(w) != 0 {
			t.Errorf("ParseWaivers(%q) = %v, %v", empty, w, err)
		}
	}
	// CRLF line ends.
	if w, err := ParseWaivers(strings.NewReader("LC-15 bug 1\r\nLT-16 bug 2\r\n")); err != nil || len(w) != 2 || w[0].Reason != "bug 1" {
		t.Errorf("CRLF: %+v, %v", w, err)
	}
}

func TestParseWaiversErrors(t *testing.T) {
	needRules(t)
	for _, c := range []struct{ in, want string }{
		{"LC-15 a\nZZ-999 no such rule\n", "line 2: unknown rule ZZ-999"},
		{"LC-15 a\nLC-15.closed no such clause\n", "line 2: unknown clause LC-15.closed"},
		{"CN-3.nope no such clause\n", "line 1: unknown clause CN-3.nope"},
		{"ZZ-1.x no such rule either\n", "line 1: unknown clause ZZ-1.x"},
		{"CN-3.timeout ZZ-999 one ID unknown\n", "line 1: unknown rule ZZ-999"},
		{"\n\nLC-15\n", "line 3: waiver of LC-15 gives no reason"},
		{"# c\nCN-3.timeout, CN-8.timeout,\n", "line 2: waiver of CN-3.timeout CN-8.timeout gives no reason"},
		{"LC-15 a\n#\nLC-15 b\n", "line 3: LC-15 is waived twice (also on line 1)"},
		{"LC-15 LC-15 the same ID twice on a line\n", "line 1: LC-15 is waived twice (also on line 1)"},
		{"CN-3.timeout a\nCN-8.timeout CN-3.timeout b\n", "line 2: CN-3.timeout is waived twice (also on line 1)"},
		{"CN-3 a\n\nCN-3.timeout b\n", "line 3: CN-3.timeout is waived with its whole rule CN-3 already (line 1)"},
		{"CN-3.timeout a\nCN-3 b\n", "line 2: CN-3 is waived whole, and its clause CN-3.timeout already (line 1)"},
		{"LC-15 a\nCN-3 CN-3.timeout b\n", "line 2: CN-3.timeout is waived with its whole rule CN-3 already (line 2)"},
		{"LC-15 a\nCN-3.timeout CN-3 b\n", "line 2: CN-3 is waived whole, and its clause CN-3.timeout already (line 2)"},
		{"lc-15 lower case\n", `line 1: "lc-15" is not a rule or clause ID`},
		{"LC-15: colon after the ID\n", `line 1: "LC-15:" is not a rule or clause ID`},
		{"LC-15 ok\nLT-16 ok\nno ID at all\n", `line 3: "no" is not a rule or clause ID`},
		{"LC-15 ok\n\ufeffLT-16 a byte order mark past line 1\n", "line 2: "},
	} {
		w, err := ParseWaivers(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseWaivers(%q) = %v, want an error containing %q", c.in, err, c.want)
		}
		if w != nil {
			t.Errorf("ParseWaivers(%q) returned waivers with its error: %+v", c.in, w)
		}
	}
	if _, err := ParseWaivers(errReader{}); err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("a read error: %v", err)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }
