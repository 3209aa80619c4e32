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
// Ginkgo matches --focus against the suite's description (m.Suite), a
// space and the spec's Name, so the focus is
// '^<m.Suite> <s.Name>$' with both regexp-quoted: the rerun repeats the
// driver and its options, so its description is the same. When m.Suite is
// unknown (a report from before it was recorded) the focus is
// '(^| )<s.Name>$', which also selects a spec whose name ends with a space
// and all of s.Name.
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
	focus := "(^| )" + regexpQuote(s.Name) + "$"
	if m.Suite != "" {
		focus = "^" + regexpQuote(m.Suite+" "+s.Name) + "$"
	}
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
