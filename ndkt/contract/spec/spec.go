// Package spec is the one source of truth of ndkt's IOCTL contract: the
// control codes, the NDKT_CALL header, one fixed request and one fixed
// reply struct per opcode (the field numbers of Call.op in
// agent/v1/agent.proto) with their trailing parts, and the event records
// of NDKT_GET_EVENTS. The generator (ndkt/contract/gen) writes the C header
// ndkt/include/ndkt_contract.h and the Go file
// ndkt/contract/contract_gen.go from it; nothing else reads it at run
// time.
//
// Layout rules, applied by Layout: every field at its natural alignment,
// the gaps filled with explicit pad members; every struct padded to a
// multiple of 8 bytes, so that the trailing parts after a fixed struct, and
// the next event record, start 8-aligned; little-endian.
package spec

import (
	"fmt"
	"strings"
)

// Kind is a field's wire type.
type Kind int

// The field kinds.
const (
	U8     Kind = iota + 1
	U16         // uint16
	U32         // uint32
	U64         // uint64
	Bool        // uint8, 0 or 1 (the decoder refuses any other value)
	Handle      // uint64: an id from the session's handle table, never a pointer
	Ctx         // uint64: a context the harness chose, opaque to ndkt
	Status      // uint32: an NTSTATUS
	Nested      // a struct (Field.Struct)
	Bytes       // a fixed uint8 array of Field.Len bytes
	Pad         // explicit padding, inserted by Layout: must be zero
)

// Field is one member of a struct.
type Field struct {
	Name   string
	Kind   Kind
	Struct *Struct // Nested
	Len    int     // Bytes, Pad
	// Reserved: must be zero (checked like a pad).
	Reserved bool
	// Guards (a Bool field) names the field of the same struct that must be
	// zero when this one is 0: the presence flag of a proto optional.
	Guards string
	// Check is an extra check on the field: "addr" (a valid Addr).
	Check string
	Doc   string
}

// Struct is a fixed-size struct of the contract.
type Struct struct {
	Name   string // C name without the ndkt_ prefix, snake case
	GoName string // Go type name
	Fields []Field
	Check  string // a check on the whole struct ("addr")
	Doc    string
}

// Part is a trailing part: count elements after the fixed struct (and
// after the parts before it), in order.
type Part struct {
	// Name: the proto field, dotted when it is a nested message's
	// (params.private_data).
	Name string
	// Count: the uint32 field holding the number of elements (dotted path).
	Count string
	// Present: the Bool field saying a proto optional is present, "" if the
	// part is not optional.
	Present string
	// Elem: the element's kind (U8, U64 or Nested) and ElemStruct.
	Elem       Kind
	ElemStruct *Struct
	// Max: requests: the most elements the decoder accepts (0: no bound
	// here); beyond it, TOO_MANY (the protocol's OUT_OF_RANGE).
	Max uint32
	// Bound: replies: the request's uint32 field that bounds the count
	// (the caller sizes its output buffer from it), or BoundConst.
	Bound      string
	BoundConst uint32
	Doc        string
}

// Op is one opcode: a Call.op member of the protocol.
type Op struct {
	Num        uint32
	Name       string // the proto's field name of Call.op
	Req, Reply *Struct
	ReqParts   []Part
	ReplyParts []Part
}

// Event is one event record kind: a member of Callback.event.
type Event struct {
	Kind  uint32
	Name  string // the proto's field name of Callback.event
	Rec   *Struct
	Parts []Part
}

// ControlCode is an IOCTL of the device.
type ControlCode struct {
	Name     string
	Function uint32
	Method   uint32
	Doc      string
}

// Value is CTL_CODE(DeviceType, Function, Method, Access).
func (c ControlCode) Value() uint32 {
	return DeviceType<<16 | Access<<14 | c.Function<<2 | c.Method
}

// ElemSize is the size of one element of the part.
func (p Part) ElemSize() int {
	switch p.Elem {
	case U8:
		return 1
	case U64:
		return 8
	case Nested:
		_, size, _ := p.ElemStruct.Layout()
		return size
	}
	panic(fmt.Sprintf("part %s: element kind %d", p.Name, p.Elem))
}

// Slot is a member of a laid-out struct: a field or a pad.
type Slot struct {
	Field  Field
	Offset int
	Size   int
	Align  int
	Pad    bool
	PadIdx int // the n of _padn
}

// CName is the slot's C member name.
func (s Slot) CName() string {
	if s.Pad {
		return fmt.Sprintf("_pad%d", s.PadIdx)
	}
	return s.Field.Name
}

func kindSize(k Kind) (size, align int) {
	switch k {
	case U8, Bool:
		return 1, 1
	case U16:
		return 2, 2
	case U32, Status:
		return 4, 4
	case U64, Handle, Ctx:
		return 8, 8
	}
	panic(fmt.Sprintf("kind %d has no fixed size", k))
}

// FieldSize is a field's size and alignment.
func FieldSize(f Field) (size, align int) {
	switch f.Kind {
	case Nested:
		_, size, align = f.Struct.Layout()
		return size, align
	case Bytes, Pad:
		return f.Len, 1
	}
	return kindSize(f.Kind)
}

// Layout places the fields of s, with explicit pads, and returns the
// slots, the struct's size (a multiple of 8) and its alignment.
func (s *Struct) Layout() (slots []Slot, size, align int) {
	off, align, pads := 0, 1, 0
	pad := func(n int) {
		slots = append(slots, Slot{Field: Field{Name: fmt.Sprintf("_pad%d", pads), Kind: Pad, Len: n}, Offset: off, Size: n, Align: 1, Pad: true, PadIdx: pads})
		pads++
		off += n
	}
	for _, f := range s.Fields {
		fs, fa := FieldSize(f)
		if off%fa != 0 {
			pad(fa - off%fa)
		}
		slots = append(slots, Slot{Field: f, Offset: off, Size: fs, Align: fa})
		off += fs
		align = max(align, fa)
	}
	if off%8 != 0 {
		pad(8 - off%8)
	}
	return slots, off, align
}

// Size is the struct's size.
func (s *Struct) Size() int {
	if s == nil {
		return 0
	}
	_, size, _ := s.Layout()
	return size
}

// Lookup finds the field at a dotted path and returns its absolute offset.
func (s *Struct) Lookup(path string) (Field, int, error) {
	name, rest, nested := strings.Cut(path, ".")
	slots, _, _ := s.Layout()
	for _, sl := range slots {
		if sl.Pad || sl.Field.Name != name {
			continue
		}
		if !nested {
			return sl.Field, sl.Offset, nil
		}
		if sl.Field.Kind != Nested {
			return Field{}, 0, fmt.Errorf("%s: %s is no struct", s.Name, name)
		}
		f, off, err := sl.Field.Struct.Lookup(rest)
		return f, sl.Offset + off, err
	}
	return Field{}, 0, fmt.Errorf("%s has no field %s", s.Name, path)
}

// CheckKind is a check the decoders run on a fixed struct's bytes.
type CheckKind int

// The checks, numbered as in the C header's NDKT_CHECK_*.
const (
	CheckZero       CheckKind = 1 // Len bytes at Off are zero (pads, reserved fields)
	CheckBool       CheckKind = 2 // the byte at Off is 0 or 1
	CheckAbsentZero CheckKind = 3 // the byte at Off is 0 => the Len bytes at Arg are zero
	CheckAddr       CheckKind = 4 // the Addr at Off is valid (see NDKT_AF_*)
)

// Check is one check at absolute offsets.
type Check struct {
	Kind CheckKind
	Off  int
	Len  int
	Arg  int
}

// Checks flattens the checks of s and its nested structs, in offset order.
func (s *Struct) Checks() []Check {
	if s == nil {
		return nil
	}
	return s.checksAt(0)
}

func (s *Struct) checksAt(base int) []Check {
	var cs []Check
	if s.Check == "addr" {
		cs = append(cs, Check{Kind: CheckAddr, Off: base, Len: s.Size()})
	}
	slots, _, _ := s.Layout()
	for _, sl := range slots {
		f := sl.Field
		switch {
		case sl.Pad || f.Reserved:
			cs = append(cs, Check{Kind: CheckZero, Off: base + sl.Offset, Len: sl.Size})
		case f.Kind == Nested:
			cs = append(cs, f.Struct.checksAt(base+sl.Offset)...)
		case f.Kind == Bool:
			cs = append(cs, Check{Kind: CheckBool, Off: base + sl.Offset, Len: 1})
			if f.Guards != "" {
				g, goff, err := s.Lookup(f.Guards)
				if err != nil {
					panic(err)
				}
				gs, _ := FieldSize(g)
				cs = append(cs, Check{Kind: CheckAbsentZero, Off: base + sl.Offset, Len: gs, Arg: base + goff})
			}
		}
	}
	return cs
}

// Structs returns every struct of the contract, each once, nested ones
// before those that use them, in a stable order.
func Structs() []*Struct {
	var out []*Struct
	seen := map[*Struct]bool{}
	var add func(s *Struct)
	add = func(s *Struct) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		for _, f := range s.Fields {
			if f.Kind == Nested {
				add(f.Struct)
			}
		}
		out = append(out, s)
	}
	for _, s := range Common {
		add(s)
	}
	for _, op := range Ops {
		for _, p := range append(append([]Part{}, op.ReqParts...), op.ReplyParts...) {
			add(p.ElemStruct)
		}
		add(op.Req)
		add(op.Reply)
	}
	for _, e := range Events {
		for _, p := range e.Parts {
			add(p.ElemStruct)
		}
		add(e.Rec)
	}
	return out
}

// Validate checks the table's own rules: names unique, count, presence
// and bound fields exist with the right kinds, every part but the last has
// 8-multiple elements, every struct a multiple of 8.
func Validate() error {
	names := map[string]bool{}
	for _, s := range Structs() {
		if names[s.Name] {
			return fmt.Errorf("struct %s twice", s.Name)
		}
		names[s.Name] = true
		_, size, _ := s.Layout()
		if size%8 != 0 {
			return fmt.Errorf("%s: size %d", s.Name, size)
		}
		seen := map[string]bool{}
		for _, f := range s.Fields {
			if seen[f.Name] {
				return fmt.Errorf("%s.%s twice", s.Name, f.Name)
			}
			seen[f.Name] = true
			if f.Guards != "" && f.Kind != Bool {
				return fmt.Errorf("%s.%s guards but is no Bool", s.Name, f.Name)
			}
		}
	}
	checkParts := func(where string, fixed *Struct, parts []Part, req *Struct, reply bool) error {
		for i, p := range parts {
			if fixed == nil {
				return fmt.Errorf("%s: parts without a fixed struct", where)
			}
			f, _, err := fixed.Lookup(p.Count)
			if err != nil || f.Kind != U32 {
				return fmt.Errorf("%s: part %s: count %s: %v (kind %d)", where, p.Name, p.Count, err, f.Kind)
			}
			if p.Present != "" {
				f, _, err := fixed.Lookup(p.Present)
				if err != nil || f.Kind != Bool || !strings.HasSuffix(p.Count, f.Guards) || f.Guards == "" {
					return fmt.Errorf("%s: part %s: presence %s: %v (guards %q)", where, p.Name, p.Present, err, f.Guards)
				}
			}
			if i < len(parts)-1 && p.ElemSize()%8 != 0 {
				return fmt.Errorf("%s: part %s: elements of %d bytes before another part", where, p.Name, p.ElemSize())
			}
			if reply {
				if (p.Bound == "") == (p.BoundConst == 0) {
					return fmt.Errorf("%s: part %s: a reply part needs one bound", where, p.Name)
				}
				if p.Bound != "" {
					f, _, err := req.Lookup(p.Bound)
					if err != nil || f.Kind != U32 {
						return fmt.Errorf("%s: part %s: bound %s: %v", where, p.Name, p.Bound, err)
					}
				}
			} else if p.Bound != "" || p.BoundConst != 0 {
				return fmt.Errorf("%s: part %s: bounds are for replies", where, p.Name)
			}
		}
		return nil
	}
	nums := map[uint32]bool{}
	for _, op := range Ops {
		if nums[op.Num] || op.Num >= OpcodeLimit {
			return fmt.Errorf("opcode %d twice or beyond %d", op.Num, OpcodeLimit)
		}
		nums[op.Num] = true
		if err := checkParts(op.Name+" request", op.Req, op.ReqParts, nil, false); err != nil {
			return err
		}
		if err := checkParts(op.Name+" reply", op.Reply, op.ReplyParts, op.Req, true); err != nil {
			return err
		}
		if len(op.ReqParts) > MaxParts || len(op.ReplyParts) > MaxParts {
			return fmt.Errorf("%s: more than %d parts", op.Name, MaxParts)
		}
	}
	for _, e := range Events {
		if e.Rec.Fields[0].Struct != EventHeader {
			return fmt.Errorf("event %s does not start with the header", e.Name)
		}
		if err := checkParts("event "+e.Name, e.Rec, e.Parts, nil, false); err != nil {
			return err
		}
		if len(e.Parts) > MaxParts {
			return fmt.Errorf("%s: more than %d parts", e.Name, MaxParts)
		}
	}
	return nil
}

// GoName turns snake_case into a Go identifier, with the project's
// initialisms.
func GoName(snake string) string {
	var b strings.Builder
	for _, w := range strings.Split(snake, "_") {
		if w == "" {
			continue
		}
		if up, ok := initialisms[w]; ok {
			b.WriteString(up)
			continue
		}
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

var initialisms = map[string]string{
	"id": "ID", "va": "VA", "qp": "QP", "cq": "CQ", "srq": "SRQ", "mr": "MR", "mw": "MW",
	"pd": "PD", "lam": "LAM", "sge": "SGE", "sgl": "SGL", "irql": "IRQL", "fbo": "FBO", "ntstatus": "NTStatus", "ok": "OK",
}
