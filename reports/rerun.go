package reports

import (
	"cmp"
	"maps"
	"slices"

	"github.com/ndkconform/ndkconform/internal/rerun"
	"github.com/ndkconform/ndkconform/internal/shellquote"
	"github.com/ndkconform/ndkconform/outcome"
)

// RerunCommand is the shell command (POSIX quoting) that runs spec s of a
// run described by m again, alone: m.Rerun, shell-quoted, and, for an
// `ndkconform run` command, --spec with s's short ID; else (a go test
// command of package conformance, a spec without an ID) a --focus that
// selects s and no other spec (rerun.Select, as a model spec's replay
// command selects it).
//
// ndkconform's --focus matches the spec's full text (its Name) alone,
// with ^ at its start (see suite.Config.Focus), so the focus is
// '^<s.Name>$', regexp-quoted.
//
// When m.Rerun is empty the command is built from m: "ndkconform run
// --driver D --driver-opt K=V... --seed 1" (the seed and the other
// settings of the run are then unknown: the defaults).
func RerunCommand(m Meta, s outcome.Spec) string {
	args := m.Rerun
	if len(args) == 0 {
		args = []string{cmp.Or(m.Tool, "ndkconform"), "run", "--driver", cmp.Or(m.Driver, "sim")}
		for _, k := range slices.Sorted(maps.Keys(m.DriverOptions)) {
			args = append(args, "--driver-opt", k+"="+m.DriverOptions[k])
		}
		args = append(args, "--seed", "1")
	}
	return rerun.Command(append(slices.Clip(args), rerun.Select(args, s.Name, s.ID)...))
}

// ShellQuote quotes s for a POSIX shell when it needs it: s itself when it
// is made of letters, digits and -_=.,:/@+ only, else s in single quotes.
func ShellQuote(s string) string { return shellquote.Quote(s) }
