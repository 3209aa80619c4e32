package remote

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"google.golang.org/protobuf/reflect/protoreflect"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndkt/contract"
	"github.com/ndkconform/ndkconform/ndkt/contract/spec"
)

// The conversion between the agent protocol's messages and ndkt's IOCTL
// contract (ndkt/CONTRACT.md). The contract is the protocol's calls in
// fixed binary form: an opcode per member of Call.op (its field number),
// a request struct per Call message and a reply struct per CallReturn
// reply, an event record per member of Callback.event, each carrying the
// proto message's fields by name (ndkt/contract/spec's table, which
// ndkt/contract's proto test checks field by field). So one converter
// does every opcode: it walks the table's struct of the opcode and the
// proto message (protoreflect) side by side, by field name, and the
// contract's Go struct (reflect) by the table's Go names.
//
// How each kind of field maps (proto <-> contract):
//
//   - Handle in a request <-> the bare id (u64; the kind is the core's to
//     check), absent <-> 0; Handle in a reply or an event <-> ndkt_objref
//     {id, kind, flags: bit 0 mdl_chains, bit 1 connector_ex}, absent <->
//     id 0.
//   - CallbackRef <-> ndkt_cbref {context, present}.
//   - SocketAddress <-> ndkt_addr (the Windows families; an IPv6 zone is
//     the scope id, a number or an interface's name); an empty one <->
//     family 0, and a reply's or event's family 0 is an empty
//     SocketAddress, as the Go agent answers. A text address
//     (OpenAdapter, SetHostState) <-> ndkt_addr with port 0, "" <-> family
//     0.
//   - uint32, uint64, enums <-> u32/u64; bool <-> u8 0 or 1; a proto3
//     optional scalar <-> the value and its has_NAME flag.
//   - A nested message <-> the nested struct; in a reply or an event an
//     all-zero struct is an absent message (the Go agent leaves
//     AdapterInfo and LamOutput unset when it has none).
//   - repeated fields, bytes and strings <-> the trailing parts (their
//     counts and presence flags are the codec's); an optional bytes is a
//     part with a presence flag (nil <-> absent).
//   - Callback.callback_id and context <-> the event header's; its irql
//     and held (no protocol field) are not in the Callback: the stream
//     keeps them per callback for ndk.ABIReporter (ndktabi.go).

// ndktOp is an opcode's conversion: its table entry and the members of
// Call.op and CallReturn.reply.
type ndktOp struct {
	spec       *spec.Op
	call, repl protoreflect.FieldDescriptor
}

// ndktEv is an event kind's conversion.
type ndktEv struct {
	spec *spec.Event
	fd   protoreflect.FieldDescriptor // the member of Callback.event
}

var (
	ndktOps = map[protoreflect.FieldNumber]*ndktOp{}
	ndktEvs = map[protoreflect.FieldNumber]*ndktEv{}

	callOneof  = (&agentv1.Call{}).ProtoReflect().Descriptor().Oneofs().ByName("op")
	replyOneof = (&agentv1.CallReturn{}).ProtoReflect().Descriptor().Oneofs().ByName("reply")
	eventOneof = (&agentv1.Callback{}).ProtoReflect().Descriptor().Oneofs().ByName("event")
)

func init() {
	for i := range spec.Ops {
		o := &spec.Ops[i]
		n := protoreflect.FieldNumber(o.Num)
		c, r := callOneof.Fields().ByNumber(n), replyOneof.Fields().ByNumber(n)
		if c == nil || r == nil || string(c.Name()) != o.Name {
			// ndkt/contract's proto test fails first
			panic(fmt.Sprintf("ndkt opcode %d (%s) is no member of Call.op and CallReturn.reply", o.Num, o.Name))
		}
		ndktOps[n] = &ndktOp{spec: o, call: c, repl: r}
	}
	for i := range spec.Events {
		e := &spec.Events[i]
		n := protoreflect.FieldNumber(e.Kind)
		fd := eventOneof.Fields().ByNumber(n)
		if fd == nil || string(fd.Name()) != e.Name {
			panic(fmt.Sprintf("ndkt event kind %d (%s) is no member of Callback.event", e.Kind, e.Name))
		}
		ndktEvs[n] = &ndktEv{spec: e, fd: fd}
	}
}

// convError is a call the converter refuses: the protocol error the Go
// agent answers for it.
type convError struct {
	code agentv1.ProtocolErrorCode
	msg  string
}

func (e *convError) Error() string { return e.msg }

func invalidArg(format string, a ...any) error {
	return &convError{code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_INVALID_ARGUMENT, msg: fmt.Sprintf(format, a...)}
}

// callToContract converts a Call into the NDKT_CALL header and request.
// What the Go agent refuses before the provider, the converter refuses
// with the same protocol error (a *convError): a Call without an op
// (INVALID_ARGUMENT), one with no opcode (NOT_SUPPORTED), a field the
// contract cannot carry (an address that does not parse: INVALID_ARGUMENT).
func callToContract(c *agentv1.Call) (contract.CallHeader, contract.Request, error) {
	h := contract.CallHeader{CallID: c.GetCallId(), WithinCallback: c.GetWithinCallback()}
	m := c.ProtoReflect()
	fd := m.WhichOneof(callOneof)
	if fd == nil {
		return h, nil, invalidArg("a Call with no op")
	}
	op := ndktOps[fd.Number()]
	if op == nil {
		return h, nil, &convError{code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED, msg: fmt.Sprintf("%s has no ndkt opcode", fd.Name())}
	}
	r, err := contract.NewRequest(contract.Opcode(op.spec.Num))
	if err != nil {
		panic(err) // every opcode of the table has a request
	}
	cv := converter{parts: op.spec.ReqParts}
	if err := cv.toContract(m.Get(fd).Message(), op.spec.Req, reflect.ValueOf(r).Elem()); err != nil {
		return h, nil, fmt.Errorf("%s: %w", op.spec.Name, err)
	}
	return h, r, nil
}

// requestToProto is the Call of a request (request handles without their
// kind: the contract carries ids only).
func requestToProto(h contract.CallHeader, r contract.Request) *agentv1.Call {
	op := ndktOps[protoreflect.FieldNumber(r.Opcode())]
	c := &agentv1.Call{CallId: h.CallID, WithinCallback: h.WithinCallback}
	m := c.ProtoReflect()
	msg := m.NewField(op.call).Message()
	converter{parts: op.spec.ReqParts}.toProto(reflect.ValueOf(r).Elem(), op.spec.Req, msg)
	m.Set(op.call, protoreflect.ValueOfMessage(msg))
	return c
}

// replyToProto is the CallReturn of an NDKT_CALL's output: the reply
// with its status, or the protocol error the core answered.
func replyToProto(callID uint64, op contract.Opcode, h contract.ReplyHeader, r contract.Reply) *agentv1.CallReturn {
	ret := &agentv1.CallReturn{CallId: callID}
	if h.ProtocolError != 0 || r == nil {
		ret.ProtocolError = &agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode(h.ProtocolError), CorrelationId: callID,
			Message: fmt.Sprintf("ndkt refused %s: %s", op, agentv1.ProtocolErrorCode(h.ProtocolError))}
		return ret
	}
	ret.Status = h.NTStatus
	o := ndktOps[protoreflect.FieldNumber(op)]
	m := ret.ProtoReflect()
	msg := m.NewField(o.repl).Message()
	converter{parts: o.spec.ReplyParts, out: true}.toProto(reflect.ValueOf(r).Elem(), o.spec.Reply, msg)
	m.Set(o.repl, protoreflect.ValueOfMessage(msg))
	return ret
}

// replyToContract is the contract reply of a CallReturn (what the device
// answers for it: tests and fakes of the device).
func replyToContract(ret *agentv1.CallReturn) (contract.ReplyHeader, contract.Reply, error) {
	var h contract.ReplyHeader
	if pe := ret.GetProtocolError(); pe != nil {
		h.ProtocolError = uint32(pe.GetCode())
		return h, nil, nil
	}
	h.NTStatus = ret.GetStatus()
	m := ret.ProtoReflect()
	fd := m.WhichOneof(replyOneof)
	if fd == nil || ndktOps[fd.Number()] == nil {
		return h, nil, errors.New("a CallReturn without a known reply")
	}
	o := ndktOps[fd.Number()]
	r, err := contract.NewReply(contract.Opcode(o.spec.Num))
	if err != nil {
		return h, nil, err
	}
	err = converter{parts: o.spec.ReplyParts, out: true}.toContract(m.Get(fd).Message(), o.spec.Reply, reflect.ValueOf(r).Elem())
	return h, r, err
}

// eventToProto is the Callback of an event record.
func eventToProto(e contract.Event) *agentv1.Callback {
	ev := ndktEvs[protoreflect.FieldNumber(e.Kind())]
	cb := &agentv1.Callback{CallbackId: e.Header().CallbackID, Context: e.Header().Context}
	m := cb.ProtoReflect()
	msg := m.NewField(ev.fd).Message()
	converter{parts: ev.spec.Parts, out: true}.toProto(reflect.ValueOf(e).Elem(), eventBody(ev.spec), msg)
	m.Set(ev.fd, protoreflect.ValueOfMessage(msg))
	return cb
}

// eventToContract is the event record of a Callback (tests and fakes of
// the device): irql 0 (PASSIVE_LEVEL), held.
func eventToContract(cb *agentv1.Callback) (contract.Event, error) {
	m := cb.ProtoReflect()
	fd := m.WhichOneof(eventOneof)
	if fd == nil || ndktEvs[fd.Number()] == nil {
		return nil, errors.New("a Callback without a known event")
	}
	ev := ndktEvs[fd.Number()]
	e, err := contract.NewEvent(contract.EventKind(ev.spec.Kind))
	if err != nil {
		return nil, err
	}
	*e.Header() = contract.EventHeader{CallbackID: cb.GetCallbackId(), Context: cb.GetContext(), Held: 1}
	err = converter{parts: ev.spec.Parts, out: true}.toContract(m.Get(fd).Message(), eventBody(ev.spec), reflect.ValueOf(e).Elem())
	return e, err
}

// eventBody is an event record's struct without its header (the header's
// fields are Callback's own).
func eventBody(e *spec.Event) *spec.Struct {
	b := *e.Rec
	b.Fields = b.Fields[1:]
	return &b
}

// converter converts one message: parts are its trailing parts (of the
// top-level message only); out: a reply or an event (handles are
// objrefs, all-zero nested structs absent messages).
type converter struct {
	parts []spec.Part
	out   bool
}

func (cv converter) part(name string) *spec.Part {
	for i := range cv.parts {
		if cv.parts[i].Name == name {
			return &cv.parts[i]
		}
	}
	return nil
}

// toContract fills v (the contract's Go struct of s, or the top-level
// message embedding it) from m.
func (cv converter) toContract(m protoreflect.Message, s *spec.Struct, v reflect.Value) error {
	if err := cv.fieldsToContract(m, s, v, ""); err != nil {
		return err
	}
	for _, p := range cv.parts {
		if err := cv.partToContract(m, p, v); err != nil {
			return err
		}
	}
	return nil
}

func (cv converter) fieldsToContract(m protoreflect.Message, s *spec.Struct, v reflect.Value, prefix string) error {
	if s == nil {
		return nil
	}
	fields := m.Descriptor().Fields()
	for _, f := range s.Fields {
		fd := fields.ByName(protoreflect.Name(f.Name))
		if fd == nil {
			if x, ok := strings.CutPrefix(f.Name, "has_"); ok && cv.part(prefix+x) == nil {
				// the presence of a proto3 optional scalar
				if xfd := fields.ByName(protoreflect.Name(x)); xfd != nil && m.Has(xfd) {
					goField(v, f.Name).SetUint(1)
				}
			}
			// else a part's count or presence flag (the codec sets them),
			// or a reserved field
			continue
		}
		gv := goField(v, f.Name)
		switch f.Kind {
		case spec.Handle:
			if m.Has(fd) {
				gv.SetUint(m.Get(fd).Message().Interface().(*agentv1.Handle).GetId())
			}
		case spec.Bool:
			if m.Get(fd).Bool() {
				gv.SetUint(1)
			}
		case spec.U8, spec.U16, spec.U32, spec.U64, spec.Ctx, spec.Status:
			var x uint64
			if fd.Kind() == protoreflect.EnumKind {
				x = uint64(uint32(m.Get(fd).Enum()))
			} else {
				x = m.Get(fd).Uint()
			}
			if gv.OverflowUint(x) {
				return invalidArg("%s %d out of its range", f.Name, x)
			}
			gv.SetUint(x)
		case spec.Nested:
			if err := cv.nestedToContract(m, fd, f, gv, prefix); err != nil {
				return err
			}
		default:
			panic(fmt.Sprintf("ndkt conversion: %s.%s of kind %d", s.Name, f.Name, f.Kind))
		}
	}
	return nil
}

func (cv converter) nestedToContract(m protoreflect.Message, fd protoreflect.FieldDescriptor, f spec.Field, gv reflect.Value, prefix string) error {
	switch f.Struct {
	case spec.ObjRef:
		if !m.Has(fd) {
			return nil
		}
		h := m.Get(fd).Message().Interface().(*agentv1.Handle)
		o := contract.ObjRef{ID: h.GetId(), Kind: uint32(h.GetKind())}
		if h.GetMdlChains() {
			o.Flags |= contract.ObjMdlChains
		}
		if h.GetConnectorEx() {
			o.Flags |= contract.ObjConnectorEx
		}
		gv.Set(reflect.ValueOf(o))
	case spec.CbRef:
		if m.Has(fd) {
			gv.Set(reflect.ValueOf(contract.CbRef{Context: m.Get(fd).Message().Interface().(*agentv1.CallbackRef).GetContext(), Present: 1}))
		}
	case spec.Addr:
		var a contract.Addr
		var err error
		if fd.Kind() == protoreflect.StringKind {
			a, err = addrFromText(m.Get(fd).String())
		} else if m.Has(fd) {
			sa := m.Get(fd).Message().Interface().(*agentv1.SocketAddress)
			a, err = addrFromSocket(sa)
		}
		if err != nil {
			return invalidArg("%s: %v", f.Name, err)
		}
		gv.Set(reflect.ValueOf(a))
	default:
		if !m.Has(fd) {
			return nil
		}
		return cv.fieldsToContract(m.Get(fd).Message(), f.Struct, gv, prefix+f.Name+".")
	}
	return nil
}

// partToContract sets the slice of part p from its proto field (a dotted
// path from m).
func (cv converter) partToContract(m protoreflect.Message, p spec.Part, top reflect.Value) error {
	path := strings.Split(p.Name, ".")
	for _, name := range path[:len(path)-1] {
		fd := m.Descriptor().Fields().ByName(protoreflect.Name(name))
		if !m.Has(fd) {
			return nil
		}
		m = m.Get(fd).Message()
	}
	fd := m.Descriptor().Fields().ByName(protoreflect.Name(path[len(path)-1]))
	gv := top.FieldByName(spec.GoName(path[len(path)-1]))
	switch {
	case fd.IsList() && fd.Kind() == protoreflect.MessageKind:
		l := m.Get(fd).List()
		if l.Len() == 0 {
			return nil
		}
		s := reflect.MakeSlice(gv.Type(), l.Len(), l.Len())
		for i := range l.Len() {
			if err := (converter{out: cv.out}).fieldsToContract(l.Get(i).Message(), p.ElemStruct, s.Index(i), ""); err != nil {
				return err
			}
		}
		gv.Set(s)
	case fd.IsList():
		l := m.Get(fd).List()
		if l.Len() == 0 {
			return nil
		}
		s := make([]uint64, l.Len())
		for i := range l.Len() {
			s[i] = l.Get(i).Uint()
		}
		gv.Set(reflect.ValueOf(s))
	case fd.Kind() == protoreflect.StringKind:
		if str := m.Get(fd).String(); str != "" {
			gv.SetBytes([]byte(str))
		}
	default: // bytes
		b := m.Get(fd).Bytes()
		if fd.HasPresence() {
			if m.Has(fd) {
				gv.SetBytes(append([]byte{}, b...))
			}
		} else if len(b) > 0 {
			gv.SetBytes(append([]byte{}, b...))
		}
	}
	return nil
}

// toProto fills m from v (the contract's Go struct of s, or the
// top-level message embedding it).
func (cv converter) toProto(v reflect.Value, s *spec.Struct, m protoreflect.Message) {
	cv.fieldsToProto(v, s, m, "")
	for _, p := range cv.parts {
		cv.partToProto(v, p, m)
	}
}

func (cv converter) fieldsToProto(v reflect.Value, s *spec.Struct, m protoreflect.Message, prefix string) {
	if s == nil {
		return
	}
	fields := m.Descriptor().Fields()
	for _, f := range s.Fields {
		fd := fields.ByName(protoreflect.Name(f.Name))
		if fd == nil {
			continue // a count, a presence flag, a reserved field
		}
		gv := goField(v, f.Name)
		if fd.HasPresence() && fd.Kind() != protoreflect.MessageKind {
			// a proto3 optional scalar: set only with its flag
			if h := v.FieldByName(spec.GoName("has_" + f.Name)); !h.IsValid() || h.Uint() == 0 {
				continue
			}
		}
		switch f.Kind {
		case spec.Handle:
			if id := gv.Uint(); id != 0 {
				m.Set(fd, protoreflect.ValueOfMessage((&agentv1.Handle{Id: id}).ProtoReflect()))
			}
		case spec.Bool:
			m.Set(fd, protoreflect.ValueOfBool(gv.Uint() != 0))
		case spec.U8, spec.U16, spec.U32, spec.U64, spec.Ctx, spec.Status:
			m.Set(fd, scalarValue(fd, gv.Uint()))
		case spec.Nested:
			cv.nestedToProto(gv, f, fd, m, prefix)
		}
	}
}

func scalarValue(fd protoreflect.FieldDescriptor, x uint64) protoreflect.Value {
	switch fd.Kind() {
	case protoreflect.EnumKind:
		return protoreflect.ValueOfEnum(protoreflect.EnumNumber(int32(uint32(x))))
	case protoreflect.Uint64Kind:
		return protoreflect.ValueOfUint64(x)
	}
	return protoreflect.ValueOfUint32(uint32(x))
}

func (cv converter) nestedToProto(gv reflect.Value, f spec.Field, fd protoreflect.FieldDescriptor, m protoreflect.Message, prefix string) {
	switch f.Struct {
	case spec.ObjRef:
		o := gv.Interface().(contract.ObjRef)
		if o.ID != 0 {
			m.Set(fd, protoreflect.ValueOfMessage((&agentv1.Handle{Kind: agentv1.HandleKind(int32(o.Kind)), Id: o.ID,
				MdlChains: o.Flags&contract.ObjMdlChains != 0, ConnectorEx: o.Flags&contract.ObjConnectorEx != 0}).ProtoReflect()))
		}
	case spec.CbRef:
		if c := gv.Interface().(contract.CbRef); c.Present != 0 {
			m.Set(fd, protoreflect.ValueOfMessage((&agentv1.CallbackRef{Context: c.Context}).ProtoReflect()))
		}
	case spec.Addr:
		a := gv.Interface().(contract.Addr)
		ip, port := addrToNetip(a)
		if fd.Kind() == protoreflect.StringKind {
			if ip.IsValid() {
				m.Set(fd, protoreflect.ValueOfString(ip.String()))
			}
			return
		}
		sa := &agentv1.SocketAddress{}
		if ip.IsValid() {
			sa.Address, sa.Port = ip.String(), uint32(port)
		}
		m.Set(fd, protoreflect.ValueOfMessage(sa.ProtoReflect()))
	default:
		if cv.out && gv.IsZero() {
			return // absent
		}
		sub := m.Mutable(fd).Message()
		cv.fieldsToProto(gv, f.Struct, sub, prefix+f.Name+".")
	}
}

// partToProto sets the proto field of part p (a dotted path from m) from
// its slice: a present optional even when empty; else only a non-empty
// one.
func (cv converter) partToProto(top reflect.Value, p spec.Part, m protoreflect.Message) {
	path := strings.Split(p.Name, ".")
	gv := top.FieldByName(spec.GoName(path[len(path)-1]))
	present := gv.Len() > 0 || (p.Present != "" && !gv.IsNil())
	if !present {
		return
	}
	for _, name := range path[:len(path)-1] {
		m = m.Mutable(m.Descriptor().Fields().ByName(protoreflect.Name(name))).Message()
	}
	fd := m.Descriptor().Fields().ByName(protoreflect.Name(path[len(path)-1]))
	switch {
	case fd.IsList() && fd.Kind() == protoreflect.MessageKind:
		l := m.Mutable(fd).List()
		for i := range gv.Len() {
			e := l.NewElement()
			(converter{out: cv.out}).fieldsToProto(gv.Index(i), p.ElemStruct, e.Message(), "")
			l.Append(e)
		}
	case fd.IsList():
		l := m.Mutable(fd).List()
		for _, x := range gv.Interface().([]uint64) {
			l.Append(protoreflect.ValueOfUint64(x))
		}
	case fd.Kind() == protoreflect.StringKind:
		m.Set(fd, protoreflect.ValueOfString(string(gv.Bytes())))
	default:
		m.Set(fd, protoreflect.ValueOfBytes(append([]byte{}, gv.Bytes()...)))
	}
}

// goField is the Go field of the contract struct v for the table's field
// name. The field's index is looked up once per struct type and name
// (FieldByName walks the struct's fields, embedded ones too: 7% of an
// agent's CPU serving the ndkt driver, profiled, before it was kept).
func goField(v reflect.Value, name string) reflect.Value {
	k := fieldKey{v.Type(), name}
	if idx, ok := fieldIndexes.Load(k); ok {
		return v.FieldByIndex(idx.([]int))
	}
	f, ok := v.Type().FieldByName(spec.GoName(name))
	if !ok {
		panic(fmt.Sprintf("ndkt conversion: %s has no field %s", v.Type(), spec.GoName(name)))
	}
	fieldIndexes.Store(k, f.Index)
	return v.FieldByIndex(f.Index)
}

type fieldKey struct {
	t    reflect.Type
	name string
}

// fieldIndexes caches goField's lookups: fieldKey -> []int.
var fieldIndexes sync.Map

// addrFromText is the ndkt_addr of a text address ("" is family 0).
func addrFromText(s string) (contract.Addr, error) {
	if s == "" {
		return contract.Addr{}, nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return contract.Addr{}, errors.New("an address that does not parse")
	}
	return addrFromNetip(a, 0)
}

// addrFromSocket is the ndkt_addr of a SocketAddress (an empty one is
// family 0).
func addrFromSocket(sa *agentv1.SocketAddress) (contract.Addr, error) {
	if sa.GetAddress() == "" {
		if sa.GetPort() != 0 {
			return contract.Addr{}, errors.New("a port without an address")
		}
		return contract.Addr{}, nil
	}
	a, err := netip.ParseAddr(sa.GetAddress())
	if err != nil || sa.GetPort() > 65535 {
		return contract.Addr{}, errors.New("an address that does not parse")
	}
	return addrFromNetip(a, uint16(sa.GetPort()))
}

func addrFromNetip(a netip.Addr, port uint16) (contract.Addr, error) {
	out := contract.Addr{Port: port}
	if a.Is4() {
		out.Family = contract.AFInet
		b := a.As4()
		copy(out.Addr[:], b[:])
		return out, nil
	}
	out.Family = contract.AFInet6
	out.Addr = a.As16()
	if z := a.Zone(); z != "" {
		if n, err := strconv.ParseUint(z, 10, 32); err == nil {
			out.Scope = uint32(n)
		} else if ifi, err := net.InterfaceByName(z); err == nil {
			out.Scope = uint32(ifi.Index)
		} else {
			return contract.Addr{}, fmt.Errorf("the zone of %s is no scope id nor interface", a)
		}
	}
	return out, nil
}

// addrToNetip is an ndkt_addr as an address and a port (family 0: the
// invalid address).
func addrToNetip(a contract.Addr) (netip.Addr, uint16) {
	switch a.Family {
	case contract.AFInet:
		return netip.AddrFrom4([4]byte(a.Addr[:4])), a.Port
	case contract.AFInet6:
		ip := netip.AddrFrom16(a.Addr)
		if a.Scope != 0 {
			ip = ip.WithZone(strconv.FormatUint(uint64(a.Scope), 10))
		}
		return ip, a.Port
	}
	return netip.Addr{}, 0
}
