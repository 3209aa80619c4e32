package remote

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndkt/contract"
)

// normalize makes a contract.Example value carry only what the protocol
// can: objref flags beyond mdl_chains and connector_ex cleared, the
// event header's irql and held (no protocol fields) 0 and 1, text
// addresses (OpenAdapter, SetHostState) without a port.
func normalize(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		normalize(v.Elem())
	case reflect.Struct:
		switch x := v.Addr().Interface().(type) {
		case *contract.ObjRef:
			x.Flags &= contract.ObjMdlChains | contract.ObjConnectorEx
			return
		case *contract.EventHeader:
			x.IRQL, x.Held = 0, 1
			return
		case *contract.OpenAdapterRequestFixed:
			x.Address.Port = 0
			return
		case *contract.SetHostStateRequestFixed:
			x.Address.Port = 0
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				normalize(v.Field(i))
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			normalize(v.Index(i))
		}
	}
}

// TestNdktRoundTripExamples: for every opcode (request and reply) and
// every event kind, contract.Example's value (every field and part set)
// goes to its proto message and back to the same bytes, and that proto
// message goes to the contract and back to an equal message.
func TestNdktRoundTripExamples(t *testing.T) {
	ops := contract.Opcodes()
	if len(ops) != callOneof.Fields().Len() || len(ops) != 65 {
		t.Fatalf("%d opcodes, Call.op has %d members", len(ops), callOneof.Fields().Len())
	}
	for _, op := range ops {
		r, _ := contract.NewRequest(op)
		contract.Example(r)
		normalize(reflect.ValueOf(r))
		h := contract.CallHeader{CallID: 77, WithinCallback: 5}
		want, err := contract.EncodeCall(h, r)
		if err != nil {
			t.Fatalf("%s: %v", op, err)
		}
		c := requestToProto(h, r)
		if c.GetCallId() != 77 || c.GetWithinCallback() != 5 || agentv1.OpName(c) == "" {
			t.Errorf("%s: the Call is %v", op, c)
		}
		h2, r2, err := callToContract(c)
		if err != nil {
			t.Errorf("%s: back to the contract: %v", op, err)
			continue
		}
		got, err := contract.EncodeCall(h2, r2)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s request: round trip %x (%v), want %x", op, got, err, want)
		}
		if c2 := requestToProto(h2, r2); !proto.Equal(c, c2) {
			t.Errorf("%s: proto -> contract -> proto: %v, want %v", op, c2, c)
		}

		rep, _ := contract.NewReply(op)
		contract.Example(rep)
		normalize(reflect.ValueOf(rep))
		want, err = contract.EncodeReply(0xC0000001, rep)
		if err != nil {
			t.Fatalf("%s reply: %v", op, err)
		}
		ret := replyToProto(9, op, contract.ReplyHeader{NTStatus: 0xC0000001}, rep)
		if ret.GetCallId() != 9 || ret.GetStatus() != 0xC0000001 || ret.ProtoReflect().WhichOneof(replyOneof).Number() != protoreflect.FieldNumber(op) {
			t.Errorf("%s: the CallReturn is %v", op, ret)
		}
		rh, rep2, err := replyToContract(ret)
		if err != nil {
			t.Errorf("%s reply: back to the contract: %v", op, err)
			continue
		}
		got, err = contract.EncodeReply(rh.NTStatus, rep2)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s reply: round trip %x (%v), want %x", op, got, err, want)
		}
		if ret2 := replyToProto(9, op, rh, rep2); !proto.Equal(ret, ret2) {
			t.Errorf("%s reply: proto -> contract -> proto: %v, want %v", op, ret2, ret)
		}
	}
	kinds := contract.EventKinds()
	if len(kinds) != eventOneof.Fields().Len() {
		t.Fatalf("%d event kinds, Callback.event has %d members", len(kinds), eventOneof.Fields().Len())
	}
	for _, k := range kinds {
		e, _ := contract.NewEvent(k)
		contract.Example(e)
		normalize(reflect.ValueOf(e))
		want, err := contract.EncodeEvent(e)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		cb := eventToProto(e)
		if cb.GetCallbackId() != e.Header().CallbackID || cb.GetContext() != e.Header().Context || cb.GetCallbackId() == 0 {
			t.Errorf("%s: the Callback is %v", k, cb)
		}
		e2, err := eventToContract(cb)
		if err != nil {
			t.Errorf("%s: back to the contract: %v", k, err)
			continue
		}
		got, err := contract.EncodeEvent(e2)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: round trip %x (%v), want %x", k, got, err, want)
		}
		if cb2 := eventToProto(e2); !proto.Equal(cb, cb2) {
			t.Errorf("%s: proto -> contract -> proto: %v, want %v", k, cb2, cb)
		}
	}
}

// protoFiller sets every field of a proto message (the proto's view,
// independent of contract.Example): handles with a kind and flags only
// where the contract has objrefs (out).
type protoFiller struct {
	n   uint64
	out bool
}

func (f *protoFiller) next() uint64 { f.n++; return f.n }

func (f *protoFiller) fill(m protoreflect.Message) {
	fields := m.Descriptor().Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		if fd.ContainingOneof() != nil && !fd.ContainingOneof().IsSynthetic() {
			continue
		}
		if fd.IsList() {
			l := m.Mutable(fd).List()
			for range 2 {
				if fd.Kind() == protoreflect.MessageKind {
					e := l.NewElement()
					f.fill(e.Message())
					l.Append(e)
				} else {
					l.Append(protoreflect.ValueOfUint64(f.next() << 33))
				}
			}
			continue
		}
		switch fd.Kind() {
		case protoreflect.MessageKind:
			switch x := m.Mutable(fd).Message().Interface().(type) {
			case *agentv1.Handle:
				x.Id = f.next()
				if f.out {
					x.Kind, x.MdlChains, x.ConnectorEx = agentv1.HandleKind_HANDLE_KIND_CONNECTOR, true, f.n%2 == 0
				}
			case *agentv1.SocketAddress:
				x.Address, x.Port = fmt.Sprintf("2001:db8::%x%%%d", f.next(), f.n), uint32(f.n)
			default:
				f.fill(x.ProtoReflect())
			}
		case protoreflect.StringKind:
			if fd.Name() == "address" {
				m.Set(fd, protoreflect.ValueOfString(fmt.Sprintf("192.0.2.%d", f.next())))
			} else {
				m.Set(fd, protoreflect.ValueOfString(fmt.Sprintf("text %d", f.next())))
			}
		case protoreflect.BytesKind:
			m.Set(fd, protoreflect.ValueOfBytes([]byte{1, 2, byte(f.next())}))
		case protoreflect.BoolKind:
			m.Set(fd, protoreflect.ValueOfBool(true))
		case protoreflect.EnumKind:
			m.Set(fd, protoreflect.ValueOfEnum(protoreflect.EnumNumber(1+f.next()%2)))
		default:
			m.Set(fd, scalarValue(fd, f.next()))
		}
	}
}

// TestNdktRoundTripProto: every field of every Call.op member, CallReturn
// reply and Callback event, each set from the proto's side, comes back
// from the contract equal; and an optional left unset stays unset.
func TestNdktRoundTripProto(t *testing.T) {
	for i := range callOneof.Fields().Len() {
		fd := callOneof.Fields().Get(i)
		c := &agentv1.Call{CallId: 3, WithinCallback: 4}
		msg := c.ProtoReflect().NewField(fd).Message()
		(&protoFiller{}).fill(msg)
		c.ProtoReflect().Set(fd, protoreflect.ValueOfMessage(msg))
		h, r, err := callToContract(c)
		if err != nil {
			t.Errorf("%s: %v", fd.Name(), err)
			continue
		}
		if got := requestToProto(h, r); !proto.Equal(got, c) {
			t.Errorf("%s: %v, want %v", fd.Name(), got, c)
		}

		rfd := replyOneof.Fields().ByNumber(fd.Number())
		ret := &agentv1.CallReturn{CallId: 3, Status: 0x103}
		rmsg := ret.ProtoReflect().NewField(rfd).Message()
		(&protoFiller{out: true}).fill(rmsg)
		ret.ProtoReflect().Set(rfd, protoreflect.ValueOfMessage(rmsg))
		rh, rep, err := replyToContract(ret)
		if err != nil {
			t.Errorf("%s reply: %v", fd.Name(), err)
			continue
		}
		if got := replyToProto(3, contract.Opcode(fd.Number()), rh, rep); !proto.Equal(got, ret) {
			t.Errorf("%s reply: %v, want %v", fd.Name(), got, ret)
		}
	}
	for i := range eventOneof.Fields().Len() {
		fd := eventOneof.Fields().Get(i)
		cb := &agentv1.Callback{CallbackId: 1 << 20, Context: 8}
		msg := cb.ProtoReflect().NewField(fd).Message()
		(&protoFiller{out: true}).fill(msg)
		cb.ProtoReflect().Set(fd, protoreflect.ValueOfMessage(msg))
		e, err := eventToContract(cb)
		if err != nil {
			t.Errorf("%s: %v", fd.Name(), err)
			continue
		}
		if got := eventToProto(e); !proto.Equal(got, cb) {
			t.Errorf("%s: %v, want %v", fd.Name(), got, cb)
		}
	}

	// absent optionals stay absent; present empty ones present
	for _, c := range []*agentv1.Call{
		{Op: &agentv1.Call_Reject{Reject: &agentv1.RejectRequest{Connector: &agentv1.Handle{Id: 1}}}},
		{Op: &agentv1.Call_Reject{Reject: &agentv1.RejectRequest{Connector: &agentv1.Handle{Id: 1}, PrivateData: []byte{}}}},
		{Op: &agentv1.Call_GetConnectionData{GetConnectionData: &agentv1.GetConnectionDataRequest{Connector: &agentv1.Handle{Id: 1}}}},
		{Op: &agentv1.Call_GetConnectionData{GetConnectionData: &agentv1.GetConnectionDataRequest{Connector: &agentv1.Handle{Id: 1}, BufferLength: proto.Uint32(0)}}},
		{Op: &agentv1.Call_CreateCq{CreateCq: &agentv1.CreateCqRequest{Adapter: &agentv1.Handle{Id: 1}, Done: &agentv1.CallbackRef{}}}},
	} {
		h, r, err := callToContract(c)
		if err != nil {
			t.Fatal(err)
		}
		if got := requestToProto(h, r); !proto.Equal(got, c) {
			t.Errorf("%v: came back as %v", c, got)
		}
	}
}

// TestNdktConversionRefusals: what the contract cannot carry is the
// protocol error the Go agent answers (a Call without an op, an address
// that does not parse: INVALID_ARGUMENT).
func TestNdktConversionRefusals(t *testing.T) {
	for _, c := range []*agentv1.Call{
		{},
		{Op: &agentv1.Call_OpenAdapter{OpenAdapter: &agentv1.OpenAdapterRequest{Address: "invalid IP"}}},
		{Op: &agentv1.Call_Listen{Listen: &agentv1.ListenRequest{Local: &agentv1.SocketAddress{Address: "192.0.2.1", Port: 70000}}}},
		{Op: &agentv1.Call_Listen{Listen: &agentv1.ListenRequest{Local: &agentv1.SocketAddress{Port: 7}}}},
		{Op: &agentv1.Call_Listen{Listen: &agentv1.ListenRequest{Local: &agentv1.SocketAddress{Address: "fe80::1%no-such-interface-x"}}}},
	} {
		_, _, err := callToContract(c)
		var ce *convError
		if !errors.As(err, &ce) || ce.code != agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_INVALID_ARGUMENT {
			t.Errorf("%v: %v, want INVALID_ARGUMENT", c, err)
		}
	}
	// addresses: IPv4, IPv6 with a scope, v4-in-v6, and the empty one
	for _, s := range []string{"192.0.2.7", "2001:db8::1", "fe80::2%9", "::ffff:192.0.2.1"} {
		c := &agentv1.Call{Op: &agentv1.Call_CreateSharedEndpoint{CreateSharedEndpoint: &agentv1.CreateSharedEndpointRequest{
			Local: &agentv1.SocketAddress{Address: s, Port: 4791}}}}
		_, r, err := callToContract(c)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		a := r.(*contract.CreateSharedEndpointRequest).Local
		wantFamily := uint16(contract.AFInet6)
		if s == "192.0.2.7" {
			wantFamily = contract.AFInet
		}
		if a.Family != wantFamily || a.Port != 4791 || (s == "fe80::2%9") != (a.Scope == 9) {
			t.Errorf("%s: %+v", s, a)
		}
	}
	_, r, _ := callToContract(&agentv1.Call{Op: &agentv1.Call_CreateSharedEndpoint{CreateSharedEndpoint: &agentv1.CreateSharedEndpointRequest{Local: &agentv1.SocketAddress{}}}})
	if a := r.(*contract.CreateSharedEndpointRequest).Local; a != (contract.Addr{}) {
		t.Errorf("an empty SocketAddress: %+v, want family 0", a)
	}
}
