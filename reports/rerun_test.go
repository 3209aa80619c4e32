package reports

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/outcome"
)

// shellWords splits a command line as a POSIX shell does for the quoting
// ShellQuote writes: words separated by spaces, '...' quoted, \' outside
// quotes a quote.
func shellWords(t *testing.T, cmd string) []string {
	t.Helper()
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			cur.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == '\\' && i+1 < len(cmd):
			i++
			cur.WriteByte(cmd[i])
			inWord = true
		case c == ' ':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			if strings.ContainsRune("\"$`*?[]#~|&;<>()", rune(c)) {
				t.Fatalf("unquoted shell metacharacter %q in %s", c, cmd)
			}
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		t.Fatalf("unterminated quote in %s", cmd)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// focusOf is the --focus argument of a command's words.
func focusOf(t *testing.T, words []string) *regexp.Regexp {
	t.Helper()
	for i, w := range words {
		if w == "--focus" && i+1 < len(words) {
			return regexp.MustCompile(words[i+1])
		}
	}
	t.Fatalf("no --focus in %q", words)
	return nil
}

func TestRerunCommand(t *testing.T) {
	m := Meta{
		Rerun: []string{"ndkconform", "run", "--driver", "sim", "--driver-opt", "variant=it's broken", "--timeout", "10s", "--seed", "7"},
		Suite: "ndkconform: sim variant=it's broken",
	}
	s := outcome.Spec{Name: "Listener close (LC-15) [IPv4] returns STATUS_PENDING? yes $1 a|b"}
	got := RerunCommand(m, s)
	want := `ndkconform run --driver sim --driver-opt 'variant=it'\''s broken' --timeout 10s --seed 7 --focus ` +
		`'^Listener close \(LC-15\) \[IPv4\] returns STATUS_PENDING\? yes \$1 a\|b$'`
	if got != want {
		t.Errorf("RerunCommand =\n %s\nwant\n %s", got, want)
	}
	// What the shell hands ndkconform is m.Rerun and a focus that matches
	// s's name and no other spec's (ndkconform matches --focus against the
	// spec's name alone).
	words := shellWords(t, got)
	if !reflect.DeepEqual(words[:len(words)-2], m.Rerun) {
		t.Errorf("argv %q, want %q then --focus", words, m.Rerun)
	}
	focus := focusOf(t, words)
	spec := focus.MatchString
	if !spec(s.Name) {
		t.Errorf("the focus %s does not select its spec", focus)
	}
	for _, other := range []string{"Listener close (LC-15) [IPv4] returns STATUS_PENDING? yes $1 a|b and more", "close (LC-15) [IPv4] returns STATUS_PENDING? yes $1 a|b", "Listener close LC-15 IPv4 returns STATUS_PENDING yes 1 a"} {
		if spec(other) {
			t.Errorf("the focus %s also selects %q", focus, other)
		}
	}

	// No Rerun: the command is built from Meta.
	m = Meta{Driver: "rxe", DriverOptions: map[string]string{"dev": "rxe0", "a": "b c"}}
	got = RerunCommand(m, outcome.Spec{Name: "CQ arms"})
	if want := `ndkconform run --driver rxe --driver-opt 'a=b c' --driver-opt dev=rxe0 --seed 1 --focus '^CQ arms$'`; got != want {
		t.Errorf("fallback RerunCommand =\n %s\nwant\n %s", got, want)
	}
	focus = focusOf(t, shellWords(t, got))
	if !focus.MatchString("CQ arms") || focus.MatchString("Big CQ arms") || focus.MatchString("CQ arms now") {
		t.Errorf("fallback focus %s", focus)
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"":              "''",
		"sim":           "sim",
		"--seed=1":      "--seed=1",
		"a b":           "'a b'",
		"it's":          `'it'\''s'`,
		"$HOME":         "'$HOME'",
		"x*":            "'x*'",
		"10.0.0.1":      "10.0.0.1",
		"fd00::1":       "fd00::1",
		"a\nb":          "'a\nb'",
		`back\slash`:    `'back\slash'`,
		"@latest+1,2:3": "@latest+1,2:3",
	} {
		if got := ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestJSONRerun: a failed spec carries its rerun command in the JSON
// report, a passed or skipped one none, and Meta.Rerun and Meta.Suite
// survive a round trip (certify writes its HTML from the JSON it reads).
func TestJSONRerun(t *testing.T) {
	r := sampleRun(t)
	r.Rerun = []string{"ndkconform", "run", "--driver", "sim", "--seed", "3"}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r, nil); err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Specs []map[string]any `json:"specs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	reruns := 0
	for i, s := range r.Specs {
		rerun, ok := raw.Specs[i]["rerun"]
		if (s.State == outcome.Failed) != ok {
			t.Errorf("%s (%s): rerun %v", s.Name, s.State, rerun)
		}
		if ok {
			reruns++
			if rerun != RerunCommand(r.Meta, s) || !strings.Contains(rerun.(string), "--seed 3 --focus") {
				t.Errorf("%s: rerun %v, want %s", s.Name, rerun, RerunCommand(r.Meta, s))
			}
		}
	}
	if reruns != 1 {
		t.Errorf("%d specs with a rerun command, want 1", reruns)
	}
	back, err := ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Rerun, r.Rerun) || back.Suite != r.Suite || back.Suite != "ndkconform: sim" {
		t.Errorf("round trip: rerun %q suite %q", back.Rerun, back.Suite)
	}
}

// TestRerunBySpecID: an ndkconform run command reruns a spec by its short
// ID; a go test command (package conformance) by a --focus on its text.
func TestRerunBySpecID(t *testing.T) {
	s := outcome.Spec{Name: "Listener close (LC-15) can't wait", ID: outcome.SpecID("Listener close (LC-15) can't wait")}
	cli := RerunCommand(Meta{Rerun: []string{"ndkconform", "run", "--driver", "sim", "--seed", "1"}}, s)
	if want := "ndkconform run --driver sim --seed 1 --spec " + s.ID; cli != want {
		t.Errorf("CLI rerun %q, want %q", cli, want)
	}
	lib := RerunCommand(Meta{Rerun: []string{"go", "test", "-run", "^TestX$", "./pkg", "-args", "--"}}, s)
	if want := `go test -run '^TestX$' ./pkg -args -- --focus '^Listener close \(LC-15\) can'\''t wait$'`; lib != want {
		t.Errorf("library rerun %q, want %q", lib, want)
	}
}
