package contract

import (
	"fmt"
	"strings"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndkt/contract/spec"
)

// protoCheck compares a proto message with a contract struct: every proto
// field has its contract field (or trailing part) of the matching kind,
// and every contract field but pads, reserved fields, counts and presence
// flags comes from a proto field.
type protoCheck struct {
	t     *testing.T
	parts []spec.Part
	out   bool // a reply or an event: handles are ObjRefs
}

func findPart(parts []spec.Part, name string) *spec.Part {
	for i := range parts {
		if parts[i].Name == name {
			return &parts[i]
		}
	}
	return nil
}

func fieldOf(s *spec.Struct, name string) *spec.Field {
	if s == nil {
		return nil
	}
	for i := range s.Fields {
		if s.Fields[i].Name == name {
			return &s.Fields[i]
		}
	}
	return nil
}

func (c protoCheck) message(where string, md protoreflect.MessageDescriptor, s *spec.Struct, prefix string) {
	t := c.t
	used := map[string]bool{}
	for i := range md.Fields().Len() {
		fd := md.Fields().Get(i)
		name := string(fd.Name())
		at := fmt.Sprintf("%s: %s.%s", where, md.Name(), name)
		if p := findPart(c.parts, prefix+name); p != nil {
			if !fd.IsList() && fd.Kind() != protoreflect.BytesKind && fd.Kind() != protoreflect.StringKind {
				t.Errorf("%s: a trailing part, but the proto field is a single %s", at, fd.Kind())
			}
			switch {
			case fd.Kind() == protoreflect.MessageKind:
				if p.Elem != spec.Nested {
					t.Errorf("%s: elements of kind %d, the proto's are %s", at, p.Elem, fd.Message().Name())
				} else {
					protoCheck{t: t}.message(at, fd.Message(), p.ElemStruct, "")
				}
			case fd.Kind() == protoreflect.Uint64Kind:
				if p.Elem != spec.U64 {
					t.Errorf("%s: elements of kind %d, want U64", at, p.Elem)
				}
			default: // bytes, string
				if p.Elem != spec.U8 {
					t.Errorf("%s: elements of kind %d, want U8", at, p.Elem)
				}
			}
			if fd.HasPresence() != (p.Present != "") {
				t.Errorf("%s: proto optional %v, contract presence flag %q", at, fd.HasPresence(), p.Present)
			}
			used["n_"+name], used["has_"+name] = true, true
			continue
		}
		f := fieldOf(s, name)
		if f == nil {
			t.Errorf("%s: no field %q in ndkt_%v", at, name, structName(s))
			continue
		}
		used[name] = true
		want := ""
		switch fd.Kind() {
		case protoreflect.MessageKind:
			switch fd.Message().Name() {
			case "Handle":
				if c.out {
					want = "objref"
				} else {
					want = "handle"
				}
			case "CallbackRef":
				want = "cbref"
			case "SocketAddress":
				want = "addr"
			default:
				want = "nested"
				if f.Kind == spec.Nested {
					c.message(at, fd.Message(), f.Struct, prefix+name+".")
				}
			}
		case protoreflect.StringKind:
			want = "addr" // an address (errors are parts)
		case protoreflect.Uint32Kind, protoreflect.EnumKind:
			want = "u32"
		case protoreflect.Uint64Kind:
			want = "u64"
		case protoreflect.BoolKind:
			want = "bool"
		default:
			t.Errorf("%s: proto kind %s has no contract mapping", at, fd.Kind())
			continue
		}
		if got := kindClass(*f); got != want {
			t.Errorf("%s: contract kind %s, the proto's field wants %s", at, got, want)
		}
		if fd.HasPresence() && fd.Kind() != protoreflect.MessageKind {
			h := fieldOf(s, "has_"+name)
			if h == nil || h.Kind != spec.Bool || h.Guards != name {
				t.Errorf("%s: proto optional without a has_%s flag guarding it", at, name)
			}
			used["has_"+name] = true
		}
	}
	if s == nil {
		return
	}
	for _, f := range s.Fields {
		if !used[f.Name] && !f.Reserved {
			t.Errorf("%s: ndkt_%s.%s is in no proto field of %s", where, s.Name, f.Name, md.Name())
		}
	}
}

func structName(s *spec.Struct) string {
	if s == nil {
		return "(none: an empty struct)"
	}
	return s.Name
}

func kindClass(f spec.Field) string {
	switch f.Kind {
	case spec.Handle:
		return "handle"
	case spec.Ctx, spec.U64:
		return "u64"
	case spec.U32, spec.Status:
		return "u32"
	case spec.Bool:
		return "bool"
	case spec.Nested:
		switch f.Struct {
		case spec.ObjRef:
			return "objref"
		case spec.CbRef:
			return "cbref"
		case spec.Addr:
			return "addr"
		}
		return "nested"
	}
	return fmt.Sprint(f.Kind)
}

// TestOpcodesAreTheProtocols: every member of Call.op has the opcode of
// its field number and name, its request and reply structs carry the
// proto messages' fields, and no opcode is not a Call.op member.
func TestOpcodesAreTheProtocols(t *testing.T) {
	call := (&agentv1.Call{}).ProtoReflect().Descriptor().Oneofs().ByName("op")
	ret := (&agentv1.CallReturn{}).ProtoReflect().Descriptor().Oneofs().ByName("reply")
	byNum := map[uint32]*spec.Op{}
	for i := range spec.Ops {
		byNum[spec.Ops[i].Num] = &spec.Ops[i]
	}
	if call.Fields().Len() != len(spec.Ops) {
		t.Errorf("Call.op has %d members, the contract %d opcodes", call.Fields().Len(), len(spec.Ops))
	}
	for i := range call.Fields().Len() {
		fd := call.Fields().Get(i)
		op := byNum[uint32(fd.Number())]
		if op == nil {
			t.Errorf("Call.op %s (%d) has no opcode", fd.Name(), fd.Number())
			continue
		}
		if op.Name != string(fd.Name()) {
			t.Errorf("opcode %d is %s, Call.op's member %s", op.Num, op.Name, fd.Name())
		}
		protoCheck{t: t, parts: op.ReqParts}.message(op.Name+" request", fd.Message(), op.Req, "")
		rfd := ret.Fields().ByNumber(fd.Number())
		if rfd == nil {
			t.Errorf("CallReturn.reply has no member %d", fd.Number())
			continue
		}
		protoCheck{t: t, parts: op.ReplyParts, out: true}.message(op.Name+" reply", rfd.Message(), op.Reply, "")
		if got := Opcode(op.Num).String(); got != string(fd.Name()) {
			t.Errorf("Opcode(%d).String() = %s", op.Num, got)
		}
	}
}

// TestEventKindsAreTheProtocols: every member of Callback.event has the
// event kind of its number and name, with the message's fields; the
// header carries Callback's callback_id and context.
func TestEventKindsAreTheProtocols(t *testing.T) {
	cbd := (&agentv1.Callback{}).ProtoReflect().Descriptor()
	ev := cbd.Oneofs().ByName("event")
	if ev.Fields().Len() != len(spec.Events) {
		t.Errorf("Callback.event has %d members, the contract %d kinds", ev.Fields().Len(), len(spec.Events))
	}
	for i := range ev.Fields().Len() {
		fd := ev.Fields().Get(i)
		var e *spec.Event
		for j := range spec.Events {
			if spec.Events[j].Kind == uint32(fd.Number()) {
				e = &spec.Events[j]
			}
		}
		if e == nil {
			t.Errorf("Callback.event %s (%d) has no kind", fd.Name(), fd.Number())
			continue
		}
		if e.Name != string(fd.Name()) {
			t.Errorf("kind %d is %s, the member %s", e.Kind, e.Name, fd.Name())
		}
		body := *e.Rec
		body.Fields = body.Fields[1:] // the header
		protoCheck{t: t, parts: e.Parts, out: true}.message(e.Name, fd.Message(), &body, "")
	}
	for _, name := range []string{"callback_id", "context"} {
		if cbd.Fields().ByName(protoreflect.Name(name)) == nil || fieldOf(spec.EventHeader, name) == nil {
			t.Errorf("Callback.%s and the event header's", name)
		}
	}
	// the additive fields the issue asks for
	for _, name := range []string{"irql", "held"} {
		if fieldOf(spec.EventHeader, name) == nil {
			t.Errorf("the event header has no %s", name)
		}
	}
}

// TestProtocolErrorsAreTheProtocols: the codes are ProtocolErrorCode's.
func TestProtocolErrorsAreTheProtocols(t *testing.T) {
	ed := agentv1.ProtocolErrorCode(0).Descriptor()
	if ed.Values().Len() != len(spec.ProtocolErrors) {
		t.Errorf("ProtocolErrorCode has %d values, the contract %d", ed.Values().Len(), len(spec.ProtocolErrors))
	}
	for _, e := range spec.ProtocolErrors {
		v := ed.Values().ByName(protoreflect.Name("PROTOCOL_ERROR_CODE_" + strings.ToUpper(e.Name)))
		if v == nil || uint32(v.Number()) != e.Value {
			t.Errorf("protocol error %s = %d: the proto's is %v", e.Name, e.Value, v)
		}
	}
	for _, s := range spec.DecodeStatuses {
		if ed.Values().ByNumber(protoreflect.EnumNumber(s.Protocol)) == nil {
			t.Errorf("decode status %s answers protocol error %d, which the proto has not", s.Name, s.Protocol)
		}
	}
}
