// Package shellquote quotes words for a POSIX shell, as the commands
// ndkconform prints (a rerun, a replay) must be typed back.
package shellquote

import "strings"

// Quote quotes s for a POSIX shell when it needs it: s itself when it is
// made of letters, digits and -_=.,:/@+ only, else s in single quotes
// (each single quote of s closes the quotes, is escaped with a backslash
// and opens them again).
func Quote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_=.,:/@+", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
