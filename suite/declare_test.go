package suite

import (
	"strings"
	"testing"

	"github.com/onsi/ginkgo/v2"
)

func TestRulesPrefix(t *testing.T) {
	for _, c := range []struct {
		rules Rules
		want  string
	}{
		{Rules{"CN-17"}, "CN-17: "},
		{Rules{"CN-17", "DS-4", "DS-10"}, "CN-17, DS-4, DS-10: "},
		// three in a row stay as they are; four or more make a range
		{Rules{"LT-4", "LT-5", "LT-6"}, "LT-4, LT-5, LT-6: "},
		{Rules{"LT-4", "LT-5", "LT-6", "CR-1", "CR-2", "CR-3", "CR-4", "CR-5", "CR-6", "CR-10", "LT-25", "IF-3", "IF-4", "IF-5", "IF-6", "IF-7", "IF-8", "IF-9", "IF-10", "IF-11", "IF-12"},
			"LT-4, LT-5, LT-6, CR-1..CR-6, CR-10, LT-25, IF-3..IF-12: "},
		// a range is consecutive in the order given, and of one section
		{Rules{"LC-4", "LC-3", "LC-2", "LC-1"}, "LC-4, LC-3, LC-2, LC-1: "},
		{Rules{"LC-1", "LC-2", "CN-3", "CN-4"}, "LC-1, LC-2, CN-3, CN-4: "},
	} {
		if got := RulesPrefix(c.rules); got != c.want {
			t.Errorf("RulesPrefix(%q) = %q, want %q", []string(c.rules), got, c.want)
		}
	}
}

func TestCheckRulesRefuses(t *testing.T) {
	body := func() {}
	ok := []struct {
		rules Rules
		text  string
		args  []any
	}{
		{Rules{"CN-17"}, "NdkDisconnect to a peer that never answers", []any{body}},
		{Rules{"CN-17", "DS-4"}, "text", []any{Long, ginkgo.Label("disconnect", "clause:CN-17.timeout"), body}},
		{Rules{"CQ-5"}, "a text may name CQ-2, not at its start", []any{body}},
	}
	for _, c := range ok {
		if err := checkRules(c.rules, c.text, c.args); err != nil {
			t.Errorf("checkRules(%q, %q) = %v, want nil", []string(c.rules), c.text, err)
		}
	}
	refused := []struct {
		rules Rules
		text  string
		args  []any
		want  string
	}{
		{nil, "text", []any{body}, "no rule"},
		{Rules{}, "text", []any{body}, "no rule"},
		{Rules{"cn-17"}, "text", []any{body}, "not a rule ID"},
		{Rules{"CN-17, DS-4"}, "text", []any{body}, "not a rule ID"},
		{Rules{"CN-17", "DS-4", "CN-17"}, "text", []any{body}, "named twice"},
		{Rules{"CN-17"}, "DS-4: text", []any{body}, "starts with a rule ID"},
		{Rules{"CN-17"}, "DS-4, DS-10: text", []any{body}, "starts with a rule ID"},
		{Rules{"CN-17"}, "text", []any{ginkgo.Label("disconnect", "DS-4"), body}, "rule DS-4 is a label of its own"},
	}
	for _, c := range refused {
		err := checkRules(c.rules, c.text, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("checkRules(%q, %q) = %v, want an error saying %q", []string(c.rules), c.text, err, c.want)
		}
	}
}
