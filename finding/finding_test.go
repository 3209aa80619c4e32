package finding

import "testing"

func TestClauseIDs(t *testing.T) {
	for s, rule := range map[string]string{
		"CN-3.timeout": "CN-3", "CN-15.once": "CN-15", "OV-1.private-data": "OV-1", "INF-12.a2": "INF-12",
		"CN-3": "", "CN-3.": "", "CN-3.Timeout": "", "cn-3.timeout": "", "CN-3.time out": "", "CN-3/timeout": "", ".timeout": "", "CN-3.-x": "",
	} {
		if got := ClauseRule(s); got != rule {
			t.Errorf("ClauseRule(%q) = %q, want %q", s, got, rule)
		}
		if IsClauseID(s) != (rule != "") {
			t.Errorf("IsClauseID(%q) = %v", s, !(rule != ""))
		}
	}
	if l := ClauseLabel("CN-3.timeout"); l != "clause:CN-3.timeout" {
		t.Errorf("ClauseLabel = %q", l)
	}
	for label, want := range map[string]string{"clause:CN-3.timeout": "CN-3.timeout", "clause:CN-3": "", "CN-3.timeout": "", "clause:": "", "IPv4": ""} {
		id, ok := ClauseOf(label)
		if id != want || ok != (want != "") {
			t.Errorf("ClauseOf(%q) = %q, %v", label, id, ok)
		}
	}
}

func TestIsRuleID(t *testing.T) {
	for l, want := range map[string]bool{"LC-14": true, "CN-1": true, "ABC-123": true, "A-1": false, "ABCD-1": false, "lc-14": false, "LC-": false, "LC-14x": false, "slow": false, "CN-3.timeout": false} {
		if IsRuleID(l) != want {
			t.Errorf("IsRuleID(%q) = %v", l, !want)
		}
	}
}
