package contract

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"testing"
)

// TestRoundTrip: every opcode's request and reply and every event record,
// empty and full, decode to what was encoded, and re-encode to the same
// bytes.
func TestRoundTrip(t *testing.T) {
	for _, op := range Opcodes() {
		for _, full := range []bool{false, true} {
			r, _ := NewRequest(op)
			rep, _ := NewReply(op)
			if full {
				Example(r)
				Example(rep)
			}
			b, err := EncodeCall(CallHeader{CallID: 5, WithinCallback: 9}, r)
			if err != nil {
				t.Fatalf("%s: EncodeCall: %v", op, err)
			}
			h, got, err := DecodeCall(b)
			if err != nil {
				t.Fatalf("%s: DecodeCall: %v", op, err)
			}
			if h.CallID != 5 || h.WithinCallback != 9 || h.Opcode != uint32(op) || int(h.Size) != len(b) {
				t.Errorf("%s: header %+v", op, h)
			}
			if !reflect.DeepEqual(got, r) {
				t.Errorf("%s (full %v): decoded %+v, encoded %+v", op, full, got, r)
			}
			b2, err := EncodeCall(h, got)
			if err != nil || !bytes.Equal(b, b2) {
				t.Errorf("%s: re-encoded differs (%v)", op, err)
			}

			rb, err := EncodeReply(0x103, rep)
			if err != nil {
				t.Fatalf("%s: EncodeReply: %v", op, err)
			}
			rh, gotRep, err := DecodeReply(op, rb)
			if err != nil {
				t.Fatalf("%s: DecodeReply: %v", op, err)
			}
			if rh.NTStatus != 0x103 || rh.ProtocolError != 0 || !reflect.DeepEqual(gotRep, rep) {
				t.Errorf("%s: reply %+v %+v, encoded %+v", op, rh, gotRep, rep)
			}
			if full {
				// the full request's bounds are large enough for the full reply
				capacity, err := ReplyCapacity(r)
				if err != nil || int(capacity) < len(rb) {
					t.Errorf("%s: ReplyCapacity %d (%v), a full reply has %d bytes", op, capacity, err, len(rb))
				}
			}
		}
		pe := EncodeProtocolError(ProtocolErrorObjectClosed)
		h, rep, err := DecodeReply(op, pe)
		if err != nil || rep != nil || h.ProtocolError != ProtocolErrorObjectClosed || h.NTStatus != 0 {
			t.Errorf("%s: protocol error reply: %+v %v %v", op, h, rep, err)
		}
	}
	var batch []byte
	var want []Event
	for _, k := range EventKinds() {
		for _, full := range []bool{false, true} {
			e, _ := NewEvent(k)
			if full {
				Example(e)
			}
			b, err := EncodeEvent(e)
			if err != nil {
				t.Fatalf("%s: EncodeEvent: %v", k, err)
			}
			if len(b)%8 != 0 || int(e.Header().Size) != len(b) || e.Header().Kind != uint32(k) {
				t.Errorf("%s: %d bytes, header %+v", k, len(b), e.Header())
			}
			batch = append(batch, b...)
			want = append(want, e)
		}
	}
	got, err := DecodeEvents(batch)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d events decoded, %d encoded", len(got), len(want))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("event %d: decoded %+v, encoded %+v", i, got[i], want[i])
		}
	}
	if evs, err := DecodeEvents(nil); err != nil || len(evs) != 0 {
		t.Errorf("an empty batch: %v, %v", evs, err)
	}
}

// TestOptionalParts: nil is absent, empty is present, and the decoder
// gives back which.
func TestOptionalParts(t *testing.T) {
	for _, pd := range [][]byte{nil, {}, {1, 2, 3}} {
		r := &RejectRequest{RejectRequestFixed: RejectRequestFixed{Connector: 4}, PrivateData: pd}
		b, err := EncodeCall(CallHeader{}, r)
		if err != nil {
			t.Fatal(err)
		}
		_, got, err := DecodeCall(b)
		if err != nil {
			t.Fatal(err)
		}
		g := got.(*RejectRequest).PrivateData
		if (g == nil) != (pd == nil) || !bytes.Equal(g, pd) || got.(*RejectRequest).HasPrivateData != present8(pd != nil) {
			t.Errorf("private data %v: decoded %v (has %d)", pd, g, got.(*RejectRequest).HasPrivateData)
		}
	}
}

// send is a valid NDKT_CALL of OpSend with two SGEs.
func send(t *testing.T) []byte {
	t.Helper()
	b, err := EncodeCall(CallHeader{CallID: 1}, &SendRequest{SendRequestFixed: SendRequestFixed{QP: 3}, SGL: make([]SGE, 2)})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// patch returns a copy of b with a uint32 at off, and the header's size
// set to the length if fixSize.
func patch32(b []byte, off int, v uint32) []byte {
	c := bytes.Clone(b)
	le.PutUint32(c[off:], v)
	return c
}

func resize(b []byte, n int) []byte {
	c := make([]byte, n)
	copy(c, b)
	le.PutUint32(c, uint32(n))
	return c
}

// TestDecodeCallRefuses: each malformed input is refused with its status
// (the C unit test checks the same inputs of ndkt_decode_call).
func TestDecodeCallRefuses(t *testing.T) {
	good := send(t)
	nsgl := CallHeaderSize + 16 // SendRequestFixed.NSGL
	connOpt := func() []byte {
		b, err := EncodeCall(CallHeader{}, &RejectRequest{PrivateData: []byte{1}})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}()
	chain := func(n int) []byte {
		b, err := EncodeCall(CallHeader{}, &RegisterMRChainRequest{Chain: make([]Mdl, n)})
		if err != nil && n <= MaxChain {
			t.Fatal(err)
		}
		return b
	}
	overChain := resize(chain(MaxChain), len(chain(MaxChain))+32)
	le.PutUint32(overChain[CallHeaderSize+8:], MaxChain+1)
	open, err := EncodeCall(CallHeader{}, &OpenAdapterRequest{OpenAdapterRequestFixed{Address: Addr{Family: AFInet, Addr: [16]byte{10, 0, 0, 1}}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		in   []byte
		want DecodeStatus
	}{
		{"valid", good, DecodeOK},
		{"empty", nil, DecodeBadSize},
		{"header only, a byte short", good[:CallHeaderSize-1], DecodeBadSize},
		{"a byte too few, size unchanged", good[:len(good)-1], DecodeBadSize},
		{"a byte too many, size unchanged", append(bytes.Clone(good), 0), DecodeBadSize},
		{"a byte too few, size says so", resize(good, len(good)-1), DecodeBadTrailing},
		{"a byte too many, size says so", resize(good, len(good)+1), DecodeBadTrailing},
		{"fixed struct cut, size says so", resize(good, CallHeaderSize+23), DecodeBadSize},
		{"a count one too large", patch32(good, nsgl, 3), DecodeBadTrailing},
		{"a count one too small", patch32(good, nsgl, 1), DecodeBadTrailing},
		{"a count whose product overflows uint32", patch32(good, nsgl, 1<<28), DecodeBadTrailing},
		{"the largest count", patch32(good, nsgl, math.MaxUint32), DecodeBadTrailing},
		{"an unknown opcode", patch32(good, 24, 15), DecodeUnknownOpcode},
		{"an opcode beyond the table", patch32(good, 24, math.MaxUint32), DecodeUnknownOpcode},
		{"a wrong version", patch32(good, 4, InterfaceVersion+1), DecodeBadVersion},
		{"reserved set", patch32(good, 28, 1), DecodeBadField},
		{"a bool of 2", func() []byte { c := bytes.Clone(connOpt); c[CallHeaderSize+12] = 2; return c }(), DecodeBadField},
		{"absent with a length", func() []byte { c := bytes.Clone(connOpt); c[CallHeaderSize+12] = 0; return c }(), DecodeBadField},
		{"a pad not zero", func() []byte { c := bytes.Clone(connOpt); c[CallHeaderSize+13] = 1; return c }(), DecodeBadField},
		{"valid IPv4", open, DecodeOK},
		{"IPv4 with a scope", patch32(open, CallHeaderSize+4, 1), DecodeBadField},
		{"an unknown family", patch32(open, CallHeaderSize, 10), DecodeBadField},
		{"a chain at its maximum", chain(MaxChain), DecodeOK},
		{"a chain beyond its maximum", overChain, DecodeTooMany},
	} {
		_, _, err := DecodeCall(tc.in)
		if got := StatusOf(err); got != tc.want {
			t.Errorf("%s: %v (%v), want %v", tc.name, got, err, tc.want)
		}
	}
}

// TestEncodeRefuses: the encoders refuse what the decoders would.
func TestEncodeRefuses(t *testing.T) {
	if _, err := EncodeCall(CallHeader{}, &CreateMRRequest{CreateMRRequestFixed{FastRegister: 2}}); StatusOf(err) != DecodeBadField {
		t.Errorf("a bool of 2: %v", err)
	}
	if _, err := EncodeCall(CallHeader{}, &RegisterMRChainRequest{Chain: make([]Mdl, MaxChain+1)}); StatusOf(err) != DecodeTooMany {
		t.Errorf("a chain beyond its maximum: %v", err)
	}
	if _, err := EncodeCall(CallHeader{}, &ListenRequest{ListenRequestFixed: ListenRequestFixed{Local: Addr{Family: 99}}}); StatusOf(err) != DecodeBadField {
		t.Errorf("a bad address: %v", err)
	}
	if _, err := EncodeEvent(&CQNotification{CQNotificationFixed{Hdr: EventHeader{Held: 3}}}); StatusOf(err) != DecodeBadField {
		t.Errorf("held 3: %v", err)
	}
	if StatusOf(errors.New("x")) != DecodeBadArgument || StatusOf(nil) != DecodeOK {
		t.Error("StatusOf")
	}
}

// TestDecodeEventsRefuses: malformed batches are refused.
func TestDecodeEventsRefuses(t *testing.T) {
	e := &RequestCompletion{Pages: []uint64{1, 2}}
	good, err := EncodeEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	nPages := EventHeaderSize + 4 // RequestCompletionFixed.LAMOutput.NPages
	for _, tc := range []struct {
		name string
		in   []byte
		want DecodeStatus
	}{
		{"valid", good, DecodeOK},
		{"two", append(bytes.Clone(good), good...), DecodeOK},
		{"short", good[:EventHeaderSize-1], DecodeBadSize},
		{"cut", good[:len(good)-8], DecodeBadSize},
		{"size not a multiple of 8", patch32(good, 0, uint32(len(good))-4), DecodeBadSize},
		{"size below the header", patch32(good, 0, 8), DecodeBadSize},
		{"a second record cut", append(bytes.Clone(good), good[:40]...), DecodeBadSize},
		{"unknown kind", patch32(good, 4, 9), DecodeUnknownKind},
		{"count one too large", patch32(good, nPages, 3), DecodeBadTrailing},
		{"count one too small", patch32(good, nPages, 1), DecodeBadTrailing},
		{"held 2", func() []byte { c := bytes.Clone(good); c[25] = 2; return c }(), DecodeBadField},
		{"a pad set", func() []byte { c := bytes.Clone(good); c[26] = 1; return c }(), DecodeBadField},
	} {
		_, err := DecodeEvents(tc.in)
		if got := StatusOf(err); got != tc.want {
			t.Errorf("%s: %v (%v), want %v", tc.name, got, err, tc.want)
		}
	}
}

// TestMemoryCall: the memory IOCTLs' input has no inline data.
func TestMemoryCall(t *testing.T) {
	w := &WriteMemoryRequest{WriteMemoryRequestFixed: WriteMemoryRequestFixed{Region: 2, Offset: 8}, Data: make([]byte, 100)}
	b, err := EncodeMemoryCall(CallHeader{CallID: 3}, w)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != CallHeaderSize+binary.Size(w.WriteMemoryRequestFixed) || w.NData != 100 || le.Uint32(b) != uint32(len(b)) {
		t.Errorf("write: %d bytes, NData %d", len(b), w.NData)
	}
	if _, err := EncodeMemoryCall(CallHeader{}, &SendRequest{}); StatusOf(err) != DecodeUnknownOpcode {
		t.Errorf("a send as a memory call: %v", err)
	}
}

// TestHello: the handshake's bytes.
func TestHello(t *testing.T) {
	in := EncodeHelloIn()
	if len(in) != binary.Size(HelloIn{}) || le.Uint32(in[4:]) != InterfaceVersion {
		t.Errorf("hello in %x", in)
	}
	out, err := binary.Append(nil, le, HelloOut{Size: 32, InterfaceVersion: 1, FileMajor: 1, MaxSges: 16})
	if err != nil {
		t.Fatal(err)
	}
	h, err := DecodeHelloOut(out)
	if err != nil || h.MaxSges != 16 || h.FileMajor != 1 {
		t.Errorf("hello out %+v %v", h, err)
	}
	if _, err := DecodeHelloOut(out[:31]); StatusOf(err) != DecodeBadSize {
		t.Errorf("short hello: %v", err)
	}
	if h.Faults != 0 {
		t.Errorf("hello out faults %#x, want none", h.Faults)
	}
	if h, err := DecodeHelloOut(patch32(out, 28, 5)); err != nil || h.Faults != FaultHostState|FaultCQ {
		t.Errorf("hello with faults 5: %+v %v", h, err)
	}
	if _, err := DecodeHelloOut(patch32(out, 28, 8)); StatusOf(err) != DecodeBadField {
		t.Errorf("hello with an unknown fault bit: %v", err)
	}
}
