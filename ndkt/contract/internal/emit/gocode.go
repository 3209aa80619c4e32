package emit

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/ndkconform/ndkconform/ndkt/contract/spec"
)

func gotype(f spec.Field) string {
	switch f.Kind {
	case spec.U8, spec.Bool:
		return "uint8"
	case spec.U16:
		return "uint16"
	case spec.U32, spec.Status:
		return "uint32"
	case spec.U64, spec.Handle, spec.Ctx:
		return "uint64"
	case spec.Nested:
		return f.Struct.GoName
	case spec.Bytes, spec.Pad:
		return fmt.Sprintf("[%d]byte", f.Len)
	}
	panic(f.Name)
}

func goElem(p spec.Part) string {
	switch p.Elem {
	case spec.U8:
		return "byte"
	case spec.U64:
		return "uint64"
	}
	return p.ElemStruct.GoName
}

// goPath is the Go selector of a dotted field path.
func goPath(path string) string {
	var out []string
	for _, w := range strings.Split(path, ".") {
		out = append(out, spec.GoName(w))
	}
	return strings.Join(out, ".")
}

// partName is the Go field of a part: its last name.
func partName(p spec.Part) string {
	name := p.Name
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	return spec.GoName(name)
}

// goComment is kindComment as a Go line comment.
func goComment(f spec.Field) string {
	c := kindComment(f)
	if c == "" {
		return ""
	}
	return " // " + strings.TrimSuffix(strings.TrimPrefix(c, " /* "), " */")
}

// Go writes contract_gen.go.
func Go() []byte {
	var b bytes.Buffer
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("// %s\n\npackage contract\n\n", Header)
	p("// InterfaceVersion is the contract's version (NDKT_INTERFACE_VERSION).\nconst InterfaceVersion uint32 = %d\n\n", spec.InterfaceVersion)
	p("// The control codes: CTL_CODE(FILE_DEVICE_UNKNOWN, function, method,\n// FILE_READ_ACCESS|FILE_WRITE_ACCESS) = 0x22<<16 | 3<<14 | function<<2 | method.\nconst (\n")
	for _, c := range spec.ControlCodes {
		p("\t// Ioctl%s: %s.\n\tIoctl%s uint32 = 0x%08x\n", spec.GoName(c.Name), c.Doc, spec.GoName(c.Name), c.Value())
	}
	p(")\n\n// Opcode is the field number of Call.op in agent/v1/agent.proto.\ntype Opcode uint32\n\n// The opcodes.\nconst (\n")
	for _, op := range spec.Ops {
		p("\tOp%s Opcode = %d\n", spec.GoName(op.Name), op.Num)
	}
	p(")\n\n// OpcodeLimit is one more than the largest opcode.\nconst OpcodeLimit = %d\n\n", spec.OpcodeLimit)
	p("// EventKind is the field number of Callback.event.\ntype EventKind uint32\n\n// The event record kinds.\nconst (\n")
	lim := uint32(0)
	for _, e := range spec.Events {
		p("\tEv%s EventKind = %d\n", spec.GoName(e.Name), e.Kind)
		lim = max(lim, e.Kind+1)
	}
	p(")\n\n// EventKindLimit is one more than the largest event kind.\nconst EventKindLimit = %d\n\n", lim)
	p("// DecodeStatus is a decoder's verdict (C: enum ndkt_decode_status).\ntype DecodeStatus uint32\n\n// The verdicts.\nconst (\n")
	for _, s := range spec.DecodeStatuses {
		p("\t// Decode%s: %s.\n\tDecode%s DecodeStatus = %d\n", spec.GoName(s.Name), s.Doc, spec.GoName(s.Name), s.Value)
	}
	p(")\n\n// The protocol's ProtocolErrorCode values.\nconst (\n")
	for _, e := range spec.ProtocolErrors {
		p("\tProtocolError%s uint32 = %d\n", spec.GoName(e.Name), e.Value)
	}
	p(`)

// Addr.Family values (Windows'), ObjRef.Flags bits, bounds of parts.
const (
	AFUnspec       = %d
	AFInet         = %d
	AFInet6        = %d
	ObjMdlChains   = %d
	ObjConnectorEx = %d
	MaxChain       = %d
	MaxError       = %d
)

`, spec.AFUnspec, spec.AFInet, spec.AFInet6, spec.ObjMdlChains, spec.ObjConnectorEx, spec.MaxChain, spec.MaxError)

	// the fixed structs
	for _, s := range spec.Structs() {
		slots, size, _ := s.Layout()
		role := structRole(s)
		if role != "" {
			role = ", " + role
		}
		p("// %s is ndkt_%s (%d bytes)%s.\ntype %s struct {\n", s.GoName, s.Name, size, role, s.GoName)
		for _, sl := range slots {
			name := spec.GoName(sl.Field.Name)
			if sl.Pad {
				name = "_"
			}
			p("\t%s %s%s\n", name, gotype(sl.Field), goComment(sl.Field))
		}
		p("}\n\n")
	}

	// the messages
	msg := func(typ, doc string, fixed *spec.Struct, parts []spec.Part, methods string) {
		p("// %s is %s: its fixed struct and trailing parts.\ntype %s struct {\n", typ, doc, typ)
		if fixed != nil {
			p("\t%s\n", fixed.GoName)
		}
		for _, pt := range parts {
			opt := ""
			if pt.Present != "" {
				opt = " // optional: nil is absent"
			}
			p("\t%s []%s%s\n", partName(pt), goElem(pt), opt)
		}
		p("}\n\n%s", methods)
		if fixed != nil {
			p("func (m *%s) fixed() any { return &m.%s }\n", typ, fixed.GoName)
		} else {
			p("func (m *%s) fixed() any { return nil }\n", typ)
		}
		if len(parts) == 0 {
			p("func (m *%s) parts() []any { return nil }\n", typ)
			p("func (m *%s) setCounts() error { return nil }\n", typ)
			p("func (m *%s) makeParts([]uint32, []bool) {}\n\n", typ)
			return
		}
		var ps []string
		for _, pt := range parts {
			ps = append(ps, "m."+partName(pt))
		}
		p("func (m *%s) parts() []any { return []any{%s} }\n", typ, strings.Join(ps, ", "))
		p("func (m *%s) setCounts() error {\n\tvar err error\n", typ)
		for _, pt := range parts {
			p("\tif m.%s, err = count32(len(m.%s)); err != nil {\n\t\treturn err\n\t}\n", goPath(pt.Count), partName(pt))
			if pt.Present != "" {
				p("\tm.%s = present8(m.%s != nil)\n", goPath(pt.Present), partName(pt))
			}
		}
		p("\treturn nil\n}\n")
		p("func (m *%s) makeParts(n []uint32, present []bool) {\n", typ)
		for i, pt := range parts {
			if pt.Present != "" {
				p("\tm.%s = makeOptional[%s](n[%d], present[%d])\n", partName(pt), goElem(pt), i, i)
			} else {
				p("\tm.%s = makeSlice[%s](n[%d])\n", partName(pt), goElem(pt), i)
			}
		}
		p("}\n\n")
	}
	for _, op := range spec.Ops {
		g := spec.GoName(op.Name)
		msg(g+"Request", fmt.Sprintf("the request of Op%s", g), op.Req, op.ReqParts,
			fmt.Sprintf("// Opcode is Op%s.\nfunc (*%sRequest) Opcode() Opcode { return Op%s }\nfunc (*%sRequest) request() {}\n", g, g, g, g))
		msg(g+"Reply", fmt.Sprintf("the reply of Op%s", g), op.Reply, op.ReplyParts,
			fmt.Sprintf("// Opcode is Op%s.\nfunc (*%sReply) Opcode() Opcode { return Op%s }\nfunc (*%sReply) reply() {}\n", g, g, g, g))
	}
	for _, e := range spec.Events {
		g := spec.GoName(e.Name)
		msg(g, fmt.Sprintf("the event record Ev%s", g), e.Rec, e.Parts,
			fmt.Sprintf("// Kind is Ev%s.\nfunc (*%s) Kind() EventKind { return Ev%s }\n\n// Header is the record's header.\nfunc (m *%s) Header() *EventHeader { return &m.Hdr }\n", g, g, g, g))
	}

	// the tables
	sdesc := func(s *spec.Struct, parts []spec.Part, req *spec.Struct) string {
		if s == nil {
			return "structDesc{}"
		}
		var pp, cc []string
		for _, pt := range parts {
			_, coff, _ := s.Lookup(pt.Count)
			poff, boff := -1, -1
			if pt.Present != "" {
				_, poff, _ = s.Lookup(pt.Present)
			}
			if pt.Bound != "" {
				_, boff, _ = req.Lookup(pt.Bound)
			}
			pp = append(pp, fmt.Sprintf("{name: %q, countOff: %d, presentOff: %d, elemSize: %d, max: %d, boundOff: %d, boundConst: %d}",
				pt.Name, coff, poff, pt.ElemSize(), pt.Max, boff, pt.BoundConst))
		}
		for _, c := range s.Checks() {
			cc = append(cc, fmt.Sprintf("{%d, %d, %d, %d}", c.Kind, c.Off, c.Len, c.Arg))
		}
		out := fmt.Sprintf("structDesc{name: %q, size: %d", s.Name, s.Size())
		if len(pp) > 0 {
			out += ", parts: []partDesc{" + strings.Join(pp, ", ") + "}"
		}
		if len(cc) > 0 {
			out += ", checks: []check{" + strings.Join(cc, ", ") + "}"
		}
		return out + "}"
	}
	p("// opTable is ndkt_op_table, indexed by opcode.\nvar opTable = [OpcodeLimit]opDesc{\n")
	for _, op := range spec.Ops {
		g := spec.GoName(op.Name)
		p("\tOp%s: {name: %q,\n\t\treq: %s,\n\t\treply: %s,\n\t\tnewRequest: func() Request { return new(%sRequest) },\n\t\tnewReply: func() Reply { return new(%sReply) }},\n",
			g, op.Name, sdesc(op.Req, op.ReqParts, nil), sdesc(op.Reply, op.ReplyParts, op.Req), g, g)
	}
	p("}\n\n// eventTable is ndkt_event_table, indexed by kind.\nvar eventTable = [EventKindLimit]eventDesc{\n")
	for _, e := range spec.Events {
		g := spec.GoName(e.Name)
		p("\tEv%s: {name: %q, rec: %s, newEvent: func() Event { return new(%s) }},\n", g, e.Name, sdesc(e.Rec, e.Parts, nil), g)
	}
	p("}\n\n// decodeStatusTable is ndkt_decode_status_table.\nvar decodeStatusTable = [...]struct {\n\tname          string\n\tprotocolError uint32\n}{\n")
	for _, s := range spec.DecodeStatuses {
		p("\tDecode%s: {%q, %d},\n", spec.GoName(s.Name), s.Name, s.Protocol)
	}
	p("}\n\n// layoutTypes maps each C struct to its Go struct (the agreement test's).\nvar layoutTypes = map[string]any{\n")
	for _, s := range spec.Structs() {
		p("\t\"ndkt_%s\": %s{},\n", s.Name, s.GoName)
	}
	p("}\n\n// goConstants maps each C constant to the Go one (the agreement test's).\nvar goConstants = map[string]uint64{\n")
	for _, c := range Constants() {
		p("\t%q: uint64(%s),\n", c.C, c.Go)
	}
	p("}\n")
	return gofmt(b.Bytes())
}
