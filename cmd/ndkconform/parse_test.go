package main

import (
	"strings"
	"testing"
)

// parse reads the flag package's syntax and says what is wrong in one line
// of its own, without reading the flag package's error messages.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // "" for no error
	}{
		{[]string{"--driver", "sim", "-v", "--fail-fast=true", "--timeout=5s", "-seed", "3"}, ""},
		{[]string{"--driver-opt", "a=1", "--"}, ""},
		{[]string{"-h"}, errHelp.Error()},
		{[]string{"--help"}, errHelp.Error()},
		{[]string{"--bogus"}, "unknown flag --bogus (valid: --driver, "},
		{[]string{"-x=1"}, "unknown flag -x (valid: "},
		{[]string{"--driver"}, "flag --driver needs a value"},
		{[]string{"--timeout", "soon"}, `invalid --timeout "soon": want a duration`},
		{[]string{"--parallel=0"}, `invalid --parallel "0": want a number of processes, 1 or more`},
		{[]string{"-v=maybe"}, `invalid -v "maybe": a flag without value, or =true or =false`},
		{[]string{"---v"}, "bad flag syntax ---v"},
		{[]string{"-=v"}, "bad flag syntax -=v"},
		{[]string{"stray"}, `unexpected argument "stray" (this command takes flags only)`},
		{[]string{"-v", "-"}, `unexpected argument "-"`},
		{[]string{"--", "stray"}, `unexpected argument "stray"`},
	} {
		fs, o := runFlags()
		err := parse(fs, tc.args)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
			t.Errorf("%q: error %v, want %q", tc.args, err, tc.want)
		}
		if tc.want == "" && len(tc.args) > 4 && (o.cfg.Driver != "sim" || !o.cfg.Verbose || !o.cfg.FailFast || o.cfg.Seed != 3 || o.cfg.Timeout.String() != "5s") {
			t.Errorf("%q: parsed %+v", tc.args, o.cfg)
		}
	}
}
