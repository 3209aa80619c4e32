package suite

import (
	"fmt"
	"regexp"
	"regexp/syntax"
)

// Ginkgo matches a focus (and skip) regexp against the suite's
// description, a space and the spec's full text (ginkgo/v2 internal
// focus.go), so that `--focus '^Model of ...$'`, the replay command a
// model spec prints, selected no spec (the text starts after
// "ndkconform: sim ... "), and a focus that matched only the description
// ("sim") selected every spec. Config.Focus is matched against the spec's
// full text alone: focusFor rewrites each regexp into the one Ginkgo needs.

// focusFor returns the regexp that matches desc + " " + text exactly when
// f matches text, for every spec full text (which has no newline).
//
// f matches text when it matches starting at some position i of text. The
// rewrite is
//
//	^<QuoteMeta(desc + " ")>(?:(?:f0)|(?s:.*?)(?:f1))
//
// where f0 is f with every beginning-of-text or beginning-of-line
// assertion (^, \A, (?m)^) replaced by an empty match and f1 is f with
// them replaced by a match of nothing.
//
//   - The fixed prefix puts the match at position 0 of text, the only
//     position of text where ^ holds (text has no newline, so (?m)^ holds
//     nowhere else either). f0 there is f with ^ true: every match of f
//     that starts at 0 is a match of f0 there. (f0 could also match where
//     f, in text, would need ^ after consuming characters, as in `a^b`,
//     which no focus means: ^ in a focus anchors the spec text.)
//   - (?s:.*?)f1 tries every position i >= 0 with ^ false, which is what
//     ^ is in text at i > 0, and at 0 f1 is f without using ^, a match of
//     f there too. So the alternation matches exactly when f does.
//   - Every other assertion behaves as in text: $ and \z are at the end
//     of both; the prefix ends with a space, a non-word character as the
//     start of text is, so \b and \B at position 0 of text are unchanged.
//
// Flags of f ((?i) and the like) are kept: the parsed regexp prints them.
func focusFor(desc, f string) (string, error) {
	re, err := syntax.Parse(f, syntax.Perl)
	if err != nil {
		return "", err
	}
	f0 := replaceBegin(re, syntax.OpEmptyMatch)
	f1 := replaceBegin(re, syntax.OpNoMatch)
	return "^" + regexp.QuoteMeta(desc+" ") + "(?:(?:" + f0.String() + ")|(?s:.*?)(?:" + f1.String() + "))", nil
}

// replaceBegin returns a copy of re with every OpBeginText and
// OpBeginLine replaced by an empty regexp of op.
func replaceBegin(re *syntax.Regexp, op syntax.Op) *syntax.Regexp {
	if re.Op == syntax.OpBeginText || re.Op == syntax.OpBeginLine {
		return &syntax.Regexp{Op: op, Flags: re.Flags}
	}
	cp := *re
	if len(re.Sub) > 0 {
		cp.Sub = make([]*syntax.Regexp, len(re.Sub))
		for i, s := range re.Sub {
			cp.Sub[i] = replaceBegin(s, op)
		}
		cp.Sub0 = [1]*syntax.Regexp{}
	}
	return &cp
}

// skipStrings are cfg's SkipSpecs as Ginkgo must see them, rewritten as
// focus regexps are (focusFor).
func skipStrings(cfg Config) ([]string, error) {
	var out []string
	desc := description(cfg)
	for _, f := range cfg.SkipSpecs {
		r, err := focusFor(desc, f)
		if err != nil {
			return nil, fmt.Errorf("invalid skip %q: %v", f, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// GinkgoFocusStrings are the focus regexps Ginkgo is given in a run of
// cfg (types.SuiteConfig.FocusStrings), matched against the suite's
// description, a space and the spec's full text: what a report of the run
// must apply to tell the specs the filters select. nil if a focus does not
// parse (Prepare, Run and Plan refuse it).
func GinkgoFocusStrings(cfg Config) []string {
	cfg.withDefaults()
	out, err := focusStrings(cfg)
	if err != nil {
		return nil
	}
	return out
}

// focusStrings are cfg's focus regexps as Ginkgo must see them (see
// focusFor).
func focusStrings(cfg Config) ([]string, error) {
	if len(cfg.Focus) == 0 {
		return nil, nil
	}
	out := make([]string, len(cfg.Focus))
	desc := description(cfg)
	for i, f := range cfg.Focus {
		r, err := focusFor(desc, f)
		if err != nil {
			return nil, fmt.Errorf("invalid focus %q: %v", f, err)
		}
		out[i] = r
	}
	return out, nil
}
