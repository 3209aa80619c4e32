package reports

import (
	"cmp"
	"maps"
	"slices"
	"strings"
)

// RerunCommand is the shell command (POSIX quoting) that runs spec s of a
// run described by m again, alone: m.Rerun, shell-quoted, and a --focus
// that selects s and no other spec.
//
// ndkconform's --focus matches the spec's full text (its Name) alone,
// with ^ at its start (see suite.Config.Focus), so the focus is
// '^<s.Name>$', regexp-quoted.
//
// When m.Rerun is empty the command is built from m: "ndkconform run
// --driver D --driver-opt K=V... --seed 1" (the seed and the other
// settings of the run are then unknown: the defaults).
func RerunCommand(m Meta, s Spec) string {
	args := m.Rerun
	if len(args) == 0 {
		args = []string{cmp.Or(m.Tool, "ndkconform"), "run", "--driver", cmp.Or(m.Driver, "sim")}
		for _, k := range slices.Sorted(maps.Keys(m.DriverOptions)) {
			args = append(args, "--driver-opt", k+"="+m.DriverOptions[k])
		}
		args = append(args, "--seed", "1")
	}
	focus := "^" + regexpQuote(s.Name) + "$"
	parts := make([]string, 0, len(args)+2)
	for _, a := range args {
		parts = append(parts, ShellQuote(a))
	}
	parts = append(parts, "--focus", ShellQuote(focus))
	return strings.Join(parts, " ")
}

// regexpQuote escapes the regexp metacharacters of s, as the model
// specs' replay commands do.
func regexpQuote(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`\.+*?()|[]{}^$`, r) {
			b.WriteRune('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ShellQuote quotes s for a POSIX shell when it needs it: s itself when it
// is made of letters, digits and -_=.,:/@+ only, else s in single quotes
// (each single quote of s closes the quotes, is escaped with a backslash
// and opens them again).
func ShellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_=.,:/@+", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
