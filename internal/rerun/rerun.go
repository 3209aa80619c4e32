// Package rerun makes the command lines that run one spec of a run again:
// the rerun commands of the reports (reports.RerunCommand) and a model
// spec's replay command (suite.Direct.ReplayCommand), from the argv that
// repeats the run's configuration (reports.Meta.Rerun,
// suite.Config.Rerun), so that both select the spec the same way.
package rerun

import (
	"regexp"
	"slices"
	"strings"

	"github.com/ndkconform/ndkconform/internal/shellquote"
)

// IsRun reports whether argv is an `ndkconform run` command, which selects
// a spec by its short ID (--spec ID); otherwise (a go test command of
// package conformance: go test -run ... -args --) a spec is selected by
// --focus on its whole text.
func IsRun(argv []string) bool { return len(argv) > 1 && argv[1] == "run" }

// Select are the arguments that, after argv, select the spec of full text
// name and short ID id (outcome.SpecID) and no other: --spec ID for an
// `ndkconform run` command, else (or without an ID) --focus '^name$'
// (regexp-quoted: ndkconform's --focus matches a spec's full text alone,
// ^ at its start).
func Select(argv []string, name, id string) []string {
	if id != "" && IsRun(argv) {
		return []string{"--spec", id}
	}
	return []string{"--focus", "^" + regexp.QuoteMeta(name) + "$"}
}

// Without is argv without the flags named ("--model-sequences"), each
// with its value ("--flag V" or "--flag=V").
func Without(argv []string, flags ...string) []string {
	var out []string
	for i := 0; i < len(argv); i++ {
		name, _, hasValue := strings.Cut(argv[i], "=")
		if slices.Contains(flags, name) {
			if !hasValue {
				i++ // its value
			}
			continue
		}
		out = append(out, argv[i])
	}
	return out
}

// Command is argv as a POSIX shell command line, each word quoted where
// it needs it (shellquote.Quote).
func Command(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		parts[i] = shellquote.Quote(a)
	}
	return strings.Join(parts, " ")
}
