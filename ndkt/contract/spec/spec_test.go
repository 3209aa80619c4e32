package spec

import (
	"slices"
	"strings"
	"testing"
)

// TestValidate: the table keeps its own rules.
func TestValidate(t *testing.T) {
	if err := Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestValidateCatches: a table that breaks a rule is refused, naming it.
func TestValidateCatches(t *testing.T) {
	saved := Ops
	defer func() { Ops = saved }()
	send := func() Op {
		for _, o := range saved {
			if o.Name == "send" {
				return o
			}
		}
		t.Fatal("no send")
		return Op{}
	}
	for _, tc := range []struct {
		name string
		op   func() Op
		want string
	}{
		{"an opcode twice", func() Op { o := send(); o.Num = 10; return o }, "opcode 10 twice"},
		{"a count field that is not there", func() Op {
			o := send()
			o.ReqParts = []Part{{Name: "sgl", Count: "n_nothing", Elem: U8}}
			return o
		}, "count n_nothing"},
		{"bytes before another part", func() Op {
			o := send()
			o.ReqParts = []Part{{Name: "a", Count: "n_sgl", Elem: U8}, {Name: "b", Count: "n_sgl", Elem: U64}}
			return o
		}, "elements of 1 bytes before another part"},
		{"a reply part without a bound", func() Op {
			o := send()
			o.Reply = st("x_reply", "XReply", count("data"))
			o.ReplyParts = []Part{{Name: "data", Count: "n_data", Elem: U8}}
			return o
		}, "a reply part needs one bound"},
	} {
		Ops = slices.Clone(saved)
		o := tc.op()
		if i := slices.IndexFunc(Ops, func(x Op) bool { return x.Num == o.Num }); i >= 0 && o.Name == "send" && o.Num == 82 {
			Ops[i] = o // a broken send
		} else {
			Ops = append(Ops, o)
		}
		err := Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestLayout: natural alignment with explicit pads, a multiple of 8.
func TestLayout(t *testing.T) {
	s := st("t", "T", fld("a", U8), u64("b"), fld("c", U16), boolean("d"))
	slots, size, align := s.Layout()
	var got []string
	for _, sl := range slots {
		got = append(got, sl.CName())
	}
	if strings.Join(got, " ") != "a _pad0 b c d _pad1" || size != 24 || align != 8 || slots[2].Offset != 8 || slots[4].Offset != 18 {
		t.Errorf("layout %v, size %d, align %d", got, size, align)
	}
	cs := s.Checks()
	if len(cs) != 3 || cs[0] != (Check{Kind: CheckZero, Off: 1, Len: 7}) || cs[1] != (Check{Kind: CheckBool, Off: 18, Len: 1}) ||
		cs[2] != (Check{Kind: CheckZero, Off: 19, Len: 5}) {
		t.Errorf("checks %+v", cs)
	}
}
