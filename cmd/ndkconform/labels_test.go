package main

import (
	"reflect"
	"strings"
	"testing"

	"github.com/ndkconform/ndkconform/outcome"
)

func TestCheckLabelRules(t *testing.T) {
	for _, tc := range []struct {
		filter string
		want   []string // in the error, in order; none: no error
	}{
		{"LC-14", nil},
		{"lc-14", nil}, // Ginkgo matches labels case-insensitively
		{"LC-999", []string{`label filter "LC-999": unknown rule LC-999 (nearest: `, "; see 'ndkconform rules'"}},
		{"LC-14 || XX-1", []string{"unknown rule XX-1"}},
		{"endpoints && IPv6", nil},
		{"/LC-.*/", nil},
		{"/XX-1/ || LC-14", nil}, // a regular expression is not a label
		{"!(LC-14 || LC-15) && (endpoints, lifetime)", nil},
		{"LC-14,ZZ-7", []string{"unknown rule ZZ-7"}},
		{"!ZZ-7", []string{"unknown rule ZZ-7"}},
		{"(LC-14&&YY-2)||ZZ-3", []string{"unknown rule YY-2", "unknown rule ZZ-3"}},
		{"LC-999 || LC-999", []string{"unknown rule LC-999"}},
		{"clause:CN-3.timeout", nil},
		{"clause:CN-3.nosuch", []string{"unknown clause clause:CN-3.nosuch"}},
		{"clause: containsAny CN-3.timeout", nil},
		{"clause: containsAny {CN-3.timeout, CN-7.aborted}", nil},
		{"clause: containsAny {CN-3.timeout, CN-7.nosuch}", []string{"unknown clause CN-7.nosuch in the clause set"}},
		{"clause: containsAny CN-3.timeout, CN-99.x", []string{"unknown clause CN-99.x"}}, // "," ends the argument: CN-99.x is a label
		{"clause: isEmpty && LC-14", nil},
		{"clause: isEmpty && LC-1400", []string{"unknown rule LC-1400"}},
		{"CN-3.timeout", []string{"CN-3.timeout is a clause: its specs are labelled clause:CN-3.timeout"}},
		{"LC-1 &&", nil}, // does not parse: the suite's check reports it
		{"", nil},
	} {
		err := checkLabelRules(tc.filter)
		switch {
		case tc.want == nil && err != nil:
			t.Errorf("%q: %v", tc.filter, err)
		case tc.want != nil && err == nil:
			t.Errorf("%q: no error, want one naming %q", tc.filter, tc.want)
		case tc.want != nil:
			msg, at := err.Error(), 0
			for _, w := range tc.want {
				i := strings.Index(msg[at:], w)
				if i < 0 {
					t.Errorf("%q: error %q lacks %q (after column %d)", tc.filter, msg, w, at)
					break
				}
				at += i + len(w)
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("%q: error is not one line: %q", tc.filter, msg)
			}
		}
	}
}

func TestCheckLabelRulesSuggests(t *testing.T) {
	err := checkLabelRules("LC-144")
	if err == nil || !strings.Contains(err.Error(), "(nearest: LC-14") {
		t.Errorf("LC-144: %v", err)
	}
	if err := checkLabelRules("clause:CN-3.timout"); err == nil || !strings.Contains(err.Error(), "(nearest: CN-3.timeout)") {
		t.Errorf("clause:CN-3.timout: %v", err)
	}
}

func TestFilterLabels(t *testing.T) {
	got := filterLabels("!(LC-14 || lc-15) && /re||x/ , a:b && clause: containsAny {X-1.a, X-2.b} && k: isEmpty || z: consistsOf y")
	want := []filterLabel{{"", "LC-14"}, {"", "lc-15"}, {"", "a:b"}, {"clause", "X-1.a"}, {"clause", "X-2.b"}, {"z", "y"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestCheckLabelsKnown(t *testing.T) {
	known := []string{"LC-14", "endpoints", "IPv4", "clause:CN-3.timeout"}
	for _, tc := range []struct {
		filter, want string
	}{
		{"LC-14 && endpoints", ""},
		{"lc-14 && ipv4", ""},
		{"endpoints && IPv6", "no spec is labelled IPv6"},
		{"endpoint || LC-15", "no spec is labelled endpoint, LC-15"},
		{"clause: containsAny CN-3.timeout", ""},
		{"clause: containsAny CN-3.refused", "no spec is labelled clause:CN-3.refused"},
		{"/nothing/", ""},
	} {
		err := checkLabelsKnown(tc.filter, known)
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.filter, err, tc.want)
		}
	}
}

// TestRulesWithoutSpec: a label filter naming a catalog rule no spec of the
// plan carries gets a note for it, saying whether a spec could check it;
// rules some spec carries, unknown labels and set keys get none.
func TestRulesWithoutSpec(t *testing.T) {
	plan := []outcome.Spec{{Name: "a", Rules: []string{"LC-14"}}, {Name: "b", Rules: []string{"CN-3"}}}
	got := rulesWithoutSpec("LC-14 || OH-8 || (IM-1 && endpoints) || oh-8 || clause: containsAny CN-3.timeout", plan)
	if len(got) != 2 || !strings.HasPrefix(got[0], "OH-8: no spec checks it yet") || !strings.HasPrefix(got[1], "IM-1: no spec checks it: not testable through NDKPI (") {
		t.Errorf("notes %q; want OH-8 (no spec yet), then IM-1 (not testable)", got)
	}
	if got := rulesWithoutSpec("LC-14 && CN-3", plan); got != nil {
		t.Errorf("notes %q for rules with specs", got)
	}
}
