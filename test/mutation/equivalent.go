package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// An equivalent is an entry of equivalent.txt: a mutant that changes no
// behaviour observable through NDKPI, named by what survives unrelated
// edits (file, function, mutator, operator and its occurrence on the line,
// the line's text), never by line number.
//
//	mutant: drivers/sim/fabric.go (*fabric).bindLocked CONDITIONALS_BOUNDARY >=#1
//	code:   for p := ephemeralLo; p <= ephemeralHi; p++ {
//	reason: why no NDKPI behaviour changes
//
// Entries are separated by blank lines; # starts a comment line.
type equivalent struct {
	File, Func, Type, From string
	Nth                    int
	Code                   string
	Reason                 string
	Line                   int // of the entry in equivalent.txt

	matched []*mutant
}

func (e *equivalent) key() string {
	return fmt.Sprintf("%s %s %s %s#%d | %s", e.File, e.Func, e.Type, e.From, e.Nth, e.Code)
}

func (m *mutant) key() string {
	return fmt.Sprintf("%s %s %s %s#%d | %s", m.File, funcField(m.Func), m.Type, m.From, m.Nth, m.Code)
}

func funcField(f string) string {
	if f == "" {
		return "-"
	}
	return f
}

// entry is the equivalent.txt entry for m, its reason to be written.
func (m *mutant) entry(reason string) string {
	return fmt.Sprintf("mutant: %s %s %s %s#%d\ncode:   %s\nreason: %s\n", m.File, funcField(m.Func), m.Type, m.From, m.Nth, m.Code, reason)
}

func readEquivalents(path string) ([]*equivalent, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []*equivalent
	var cur *equivalent
	flush := func() error {
		if cur == nil {
			return nil
		}
		if cur.File == "" || cur.Code == "" || cur.Reason == "" {
			return fmt.Errorf("%s:%d: an entry needs the three keys mutant, code and reason", path, cur.Line)
		}
		out = append(out, cur)
		cur = nil
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "#"):
			continue
		case t == "":
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok && cur != nil && (strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")) {
			cur.Reason += " " + t // a continued reason
			continue
		}
		v = strings.TrimSpace(v)
		switch k {
		case "mutant":
			if err := flush(); err != nil {
				return nil, err
			}
			f := strings.Fields(v)
			if len(f) != 4 {
				return nil, fmt.Errorf("%s:%d: mutant: FILE FUNC MUTATOR OP#N", path, n)
			}
			op, nth, ok := strings.Cut(f[3], "#")
			i, err := strconv.Atoi(nth)
			if !ok || err != nil || i < 1 {
				return nil, fmt.Errorf("%s:%d: the operator is OP#N (N its occurrence on the line, from 1)", path, n)
			}
			cur = &equivalent{File: f[0], Func: f[1], Type: f[2], From: op, Nth: i, Line: n}
		case "code", "reason":
			if cur == nil {
				return nil, fmt.Errorf("%s:%d: key %s before the key mutant", path, n, k)
			}
			if k == "code" {
				cur.Code = v
			} else {
				cur.Reason = v
			}
		default:
			if cur != nil && (strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")) {
				cur.Reason += " " + t
				continue
			}
			return nil, fmt.Errorf("%s:%d: expected one of the keys mutant, code or reason", path, n)
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	seen := map[string]int{}
	for _, e := range out {
		if l, dup := seen[e.key()]; dup {
			return nil, fmt.Errorf("%s:%d: the same mutant as line %d", path, e.Line, l)
		}
		seen[e.key()] = e.Line
	}
	return out, nil
}

// matchEquivalents attaches each entry to the mutants it names.
func matchEquivalents(eqs []*equivalent, ms []*mutant) {
	byKey := map[string]*equivalent{}
	for _, e := range eqs {
		byKey[e.key()] = e
	}
	for _, m := range ms {
		if e := byKey[m.key()]; e != nil {
			m.Equiv = e
			e.matched = append(e.matched, m)
		}
	}
}
