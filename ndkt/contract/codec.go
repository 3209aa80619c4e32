package contract

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

var le = binary.LittleEndian

// The sizes of the headers.
const (
	CallHeaderSize  = 32
	ReplyHeaderSize = 8
	EventHeaderSize = 32
)

type check struct{ kind, off, len, arg int }

// The check kinds (C: enum ndkt_check_kind).
const (
	checkZero       = 1
	checkBool       = 2
	checkAbsentZero = 3
	checkAddr       = 4
)

type partDesc struct {
	name                           string
	countOff, presentOff, elemSize int
	max                            uint32
	boundOff                       int
	boundConst                     uint32
}

type structDesc struct {
	name   string
	size   int
	parts  []partDesc
	checks []check
}

type opDesc struct {
	name       string
	req, reply structDesc
	newRequest func() Request
	newReply   func() Reply
}

type eventDesc struct {
	name     string
	rec      structDesc
	newEvent func() Event
}

// message is a fixed struct with its trailing parts (generated methods).
type message interface {
	// fixed is a pointer to the fixed struct, nil if there is none.
	fixed() any
	// parts are the trailing slices, in order.
	parts() []any
	// setCounts sets the count and presence fields from the slices.
	setCounts() error
	// makeParts allocates the slices for n elements each.
	makeParts(n []uint32, present []bool)
}

// Request is the request of an opcode: a *XxxRequest.
type Request interface {
	message
	Opcode() Opcode
	request()
}

// Reply is the reply of an opcode: a *XxxReply.
type Reply interface {
	message
	Opcode() Opcode
	reply()
}

// Event is an event record: *CreateCompletion, *RequestCompletion, ...
type Event interface {
	message
	Kind() EventKind
	Header() *EventHeader
}

// Error is a refusal of an encoder or a decoder, with the status the C
// decoder returns for the same input.
type Error struct {
	Status DecodeStatus
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("ndkt contract: %s: %s", e.Status, e.Msg) }

func refuse(s DecodeStatus, format string, a ...any) error {
	return &Error{Status: s, Msg: fmt.Sprintf(format, a...)}
}

// StatusOf is the status of an error of this package: DecodeOK for nil,
// DecodeBadArgument for any other error.
func StatusOf(err error) DecodeStatus {
	var e *Error
	switch {
	case err == nil:
		return DecodeOK
	case errors.As(err, &e):
		return e.Status
	}
	return DecodeBadArgument
}

func (s DecodeStatus) String() string {
	if int(s) < len(decodeStatusTable) {
		return decodeStatusTable[s].name
	}
	return fmt.Sprintf("DecodeStatus(%d)", uint32(s))
}

// ProtocolError is the ProtocolErrorCode a call refused with s answers.
func (s DecodeStatus) ProtocolError() uint32 {
	if int(s) < len(decodeStatusTable) {
		return decodeStatusTable[s].protocolError
	}
	return ProtocolErrorInternal
}

func (o Opcode) desc() *opDesc {
	if o < OpcodeLimit && opTable[o].name != "" {
		return &opTable[o]
	}
	return nil
}

func (o Opcode) String() string {
	if d := o.desc(); d != nil {
		return d.name
	}
	return fmt.Sprintf("Opcode(%d)", uint32(o))
}

func (k EventKind) desc() *eventDesc {
	if k < EventKindLimit && eventTable[k].name != "" {
		return &eventTable[k]
	}
	return nil
}

func (k EventKind) String() string {
	if d := k.desc(); d != nil {
		return d.name
	}
	return fmt.Sprintf("EventKind(%d)", uint32(k))
}

// Opcodes lists every opcode, in increasing order.
func Opcodes() []Opcode {
	var ops []Opcode
	for o := range Opcode(OpcodeLimit) {
		if o.desc() != nil {
			ops = append(ops, o)
		}
	}
	return ops
}

// EventKinds lists every event kind, in increasing order.
func EventKinds() []EventKind {
	var ks []EventKind
	for k := range EventKind(EventKindLimit) {
		if k.desc() != nil {
			ks = append(ks, k)
		}
	}
	return ks
}

// NewRequest is an empty request of op.
func NewRequest(op Opcode) (Request, error) {
	d := op.desc()
	if d == nil {
		return nil, refuse(DecodeUnknownOpcode, "opcode %d", uint32(op))
	}
	return d.newRequest(), nil
}

// NewReply is an empty reply of op.
func NewReply(op Opcode) (Reply, error) {
	d := op.desc()
	if d == nil {
		return nil, refuse(DecodeUnknownOpcode, "opcode %d", uint32(op))
	}
	return d.newReply(), nil
}

// NewEvent is an empty event record of kind k.
func NewEvent(k EventKind) (Event, error) {
	d := k.desc()
	if d == nil {
		return nil, refuse(DecodeUnknownKind, "event kind %d", uint32(k))
	}
	return d.newEvent(), nil
}

func count32(n int) (uint32, error) {
	if uint64(n) > math.MaxUint32 {
		return 0, refuse(DecodeBadTrailing, "%d elements", n)
	}
	return uint32(n), nil
}

func present8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// makeSlice is nil for no element, as a message's slices are before
// they are set.
func makeSlice[T any](n uint32) []T {
	if n == 0 {
		return nil
	}
	return make([]T, n)
}

func makeOptional[T any](n uint32, present bool) []T {
	if !present {
		return nil
	}
	return make([]T, n)
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// runChecks runs the checks of a fixed struct on its bytes, as
// ndkt_check_fixed does.
func runChecks(what string, b []byte, cs []check) error {
	for _, c := range cs {
		switch c.kind {
		case checkZero:
			if !allZero(b[c.off : c.off+c.len]) {
				return refuse(DecodeBadField, "%s: %d bytes at %d are not zero", what, c.len, c.off)
			}
		case checkBool:
			if b[c.off] > 1 {
				return refuse(DecodeBadField, "%s: the bool at %d is %d", what, c.off, b[c.off])
			}
		case checkAbsentZero:
			if b[c.off] == 0 && !allZero(b[c.arg:c.arg+c.len]) {
				return refuse(DecodeBadField, "%s: the field at %d is absent (flag at %d) but not zero", what, c.arg, c.off)
			}
		case checkAddr:
			if err := checkAddrBytes(b[c.off : c.off+c.len]); err != nil {
				return refuse(DecodeBadField, "%s: the address at %d: %v", what, c.off, err)
			}
		}
	}
	return nil
}

func checkAddrBytes(a []byte) error {
	family, scope, addr := le.Uint16(a), le.Uint32(a[4:]), a[8:24]
	switch family {
	case AFUnspec:
		if !allZero(a) {
			return errors.New("family 0 with a port, scope or address")
		}
	case AFInet:
		if scope != 0 || !allZero(addr[4:]) {
			return errors.New("IPv4 with a scope or bytes beyond 4")
		}
	case AFInet6:
	default:
		return fmt.Errorf("family %d", family)
	}
	return nil
}

// encodeBody appends m's fixed struct and parts.
func encodeBody(b []byte, d *structDesc, m message) ([]byte, error) {
	if err := m.setCounts(); err != nil {
		return nil, err
	}
	start := len(b)
	if f := m.fixed(); f != nil {
		var err error
		if b, err = binary.Append(b, le, f); err != nil {
			return nil, refuse(DecodeBadArgument, "%s: %v", d.name, err)
		}
	}
	fixed := b[start:]
	if len(fixed) != d.size {
		return nil, refuse(DecodeBadArgument, "%s: %d bytes, want %d", d.name, len(fixed), d.size)
	}
	if err := runChecks(d.name, fixed, d.checks); err != nil {
		return nil, err
	}
	for i, p := range m.parts() {
		pd := d.parts[i]
		if n := le.Uint32(fixed[pd.countOff:]); pd.max != 0 && n > pd.max {
			return nil, refuse(DecodeTooMany, "%s: %d elements of %s, at most %d", d.name, n, pd.name, pd.max)
		}
		var err error
		if b, err = binary.Append(b, le, p); err != nil {
			return nil, refuse(DecodeBadArgument, "%s: %v", d.name, err)
		}
	}
	return b, nil
}

// decodeBody decodes b (a fixed struct and its parts, then pad zero
// bytes, fewer than 8, when padded) into m, with the C decoder's checks in
// its order.
func decodeBody(d *structDesc, m message, b []byte, padded bool) error {
	if len(b) < d.size {
		return refuse(DecodeBadSize, "%s: %d bytes, the fixed struct has %d", d.name, len(b), d.size)
	}
	fixed := b[:d.size]
	if err := runChecks(d.name, fixed, d.checks); err != nil {
		return err
	}
	rest := uint64(len(b) - d.size)
	n := make([]uint32, len(d.parts))
	present := make([]bool, len(d.parts))
	for i, p := range d.parts {
		c := le.Uint32(fixed[p.countOff:])
		if p.max != 0 && c > p.max {
			return refuse(DecodeTooMany, "%s: %d elements of %s, at most %d", d.name, c, p.name, p.max)
		}
		if uint64(c) > rest/uint64(p.elemSize) {
			return refuse(DecodeBadTrailing, "%s: %d elements of %s (%d bytes each), %d bytes left", d.name, c, p.name, p.elemSize, rest)
		}
		rest -= uint64(c) * uint64(p.elemSize)
		n[i] = c
		present[i] = p.presentOff < 0 || fixed[p.presentOff] == 1
	}
	if padded {
		if rest >= 8 || !allZero(b[uint64(len(b))-rest:]) {
			return refuse(DecodeBadTrailing, "%s: %d bytes after the parts", d.name, rest)
		}
	} else if rest != 0 {
		return refuse(DecodeBadTrailing, "%s: %d bytes after the parts", d.name, rest)
	}
	if f := m.fixed(); f != nil {
		if _, err := binary.Decode(fixed, le, f); err != nil {
			return refuse(DecodeBadArgument, "%s: %v", d.name, err)
		}
	}
	m.makeParts(n, present)
	off := d.size
	for i, p := range m.parts() {
		if n[i] == 0 {
			continue
		}
		k, err := binary.Decode(b[off:], le, p)
		if err != nil {
			return refuse(DecodeBadArgument, "%s: %v", d.name, err)
		}
		off += k
	}
	return nil
}

// EncodeCall encodes an NDKT_CALL input: the header (its Size, Version,
// Opcode and Reserved set here, from r) and r. It sets r's count and
// presence fields from its slices.
func EncodeCall(h CallHeader, r Request) ([]byte, error) {
	d := r.Opcode().desc()
	if d == nil {
		return nil, refuse(DecodeUnknownOpcode, "opcode %d", uint32(r.Opcode()))
	}
	b := make([]byte, CallHeaderSize, CallHeaderSize+d.req.size)
	b, err := encodeBody(b, &d.req, r)
	if err != nil {
		return nil, err
	}
	if uint64(len(b)) > math.MaxUint32 {
		return nil, refuse(DecodeBadSize, "%d bytes", len(b))
	}
	h.Size, h.Version, h.Opcode, h.Reserved = uint32(len(b)), InterfaceVersion, uint32(r.Opcode()), 0
	if _, err := binary.Encode(b, le, &h); err != nil {
		return nil, refuse(DecodeBadArgument, "header: %v", err)
	}
	return b, nil
}

// DecodeCall decodes an NDKT_CALL input as ndkt_decode_call does, status
// for status.
func DecodeCall(b []byte) (CallHeader, Request, error) {
	var h CallHeader
	if len(b) < CallHeaderSize {
		return h, nil, refuse(DecodeBadSize, "%d bytes, the header has %d", len(b), CallHeaderSize)
	}
	if _, err := binary.Decode(b, le, &h); err != nil {
		return h, nil, refuse(DecodeBadArgument, "header: %v", err)
	}
	if uint64(h.Size) != uint64(len(b)) {
		return h, nil, refuse(DecodeBadSize, "size %d, %d bytes", h.Size, len(b))
	}
	if h.Version != InterfaceVersion {
		return h, nil, refuse(DecodeBadVersion, "version %d, want %d", h.Version, InterfaceVersion)
	}
	d := Opcode(h.Opcode).desc()
	if d == nil {
		return h, nil, refuse(DecodeUnknownOpcode, "opcode %d", h.Opcode)
	}
	if h.Reserved != 0 {
		return h, nil, refuse(DecodeBadField, "header: reserved %d", h.Reserved)
	}
	r := d.newRequest()
	if err := decodeBody(&d.req, r, b[CallHeaderSize:], false); err != nil {
		return h, nil, err
	}
	return h, r, nil
}

// EncodeMemoryCall encodes the input of NDKT_WRITE_MEMORY or
// NDKT_READ_MEMORY: the header and the fixed struct only; the data (a
// WriteMemoryRequest's Data, or ReadMemoryRequest.Length bytes to read
// into) travels in the IRP's MDL.
func EncodeMemoryCall(h CallHeader, r Request) ([]byte, error) {
	var fixed any
	switch r := r.(type) {
	case *WriteMemoryRequest:
		if err := r.setCounts(); err != nil {
			return nil, err
		}
		fixed = &r.WriteMemoryRequestFixed
	case *ReadMemoryRequest:
		fixed = &r.ReadMemoryRequestFixed
	default:
		return nil, refuse(DecodeUnknownOpcode, "%s is no memory call", r.Opcode())
	}
	d := r.Opcode().desc()
	h.Size, h.Version, h.Opcode, h.Reserved = uint32(CallHeaderSize+d.req.size), InterfaceVersion, uint32(r.Opcode()), 0
	b, err := binary.Append(nil, le, &h)
	if err == nil {
		b, err = binary.Append(b, le, fixed)
	}
	if err != nil {
		return nil, refuse(DecodeBadArgument, "%v", err)
	}
	if err := runChecks(d.req.name, b[CallHeaderSize:], d.req.checks); err != nil {
		return nil, err
	}
	return b, nil
}

// EncodeReply encodes an NDKT_CALL output: {ntstatus, 0} and r.
func EncodeReply(ntstatus uint32, r Reply) ([]byte, error) {
	d := r.Opcode().desc()
	if d == nil {
		return nil, refuse(DecodeUnknownOpcode, "opcode %d", uint32(r.Opcode()))
	}
	b := le.AppendUint32(nil, ntstatus)
	b = le.AppendUint32(b, 0)
	return encodeBody(b, &d.reply, r)
}

// EncodeProtocolError encodes the output of a call refused before it
// reached the provider: {0, code} and nothing else.
func EncodeProtocolError(code uint32) []byte {
	return le.AppendUint32(le.AppendUint32(nil, 0), code)
}

// DecodeReply decodes the NDKT_CALL output of a call of op. With a
// protocol error the reply is nil.
func DecodeReply(op Opcode, b []byte) (ReplyHeader, Reply, error) {
	var h ReplyHeader
	d := op.desc()
	if d == nil {
		return h, nil, refuse(DecodeUnknownOpcode, "opcode %d", uint32(op))
	}
	if len(b) < ReplyHeaderSize {
		return h, nil, refuse(DecodeBadSize, "%d bytes, the reply header has %d", len(b), ReplyHeaderSize)
	}
	h.NTStatus, h.ProtocolError = le.Uint32(b), le.Uint32(b[4:])
	if h.ProtocolError != 0 {
		if len(b) != ReplyHeaderSize {
			return h, nil, refuse(DecodeBadSize, "protocol error %d with %d bytes", h.ProtocolError, len(b))
		}
		if h.NTStatus != 0 {
			return h, nil, refuse(DecodeBadField, "protocol error %d with status %#x", h.ProtocolError, h.NTStatus)
		}
		return h, nil, nil
	}
	r := d.newReply()
	if err := decodeBody(&d.reply, r, b[ReplyHeaderSize:], false); err != nil {
		return h, nil, err
	}
	return h, r, nil
}

// ReplyCapacity is the most bytes r's reply may take: the output buffer
// to give NDKT_CALL (ndkt_reply_capacity computes the same). Beyond
// 0xffffffff bytes (no IOCTL's output buffer is larger), DecodeBadSize.
func ReplyCapacity(r Request) (uint32, error) {
	d := r.Opcode().desc()
	if d == nil {
		return 0, refuse(DecodeUnknownOpcode, "opcode %d", uint32(r.Opcode()))
	}
	var fixed []byte
	if f := r.fixed(); f != nil {
		var err error
		if err = r.setCounts(); err != nil {
			return 0, err
		}
		if fixed, err = binary.Append(nil, le, f); err != nil {
			return 0, refuse(DecodeBadArgument, "%v", err)
		}
	}
	n := uint64(ReplyHeaderSize + d.reply.size)
	for _, p := range d.reply.parts {
		bound := uint64(p.boundConst)
		if p.boundOff >= 0 {
			bound = uint64(le.Uint32(fixed[p.boundOff:]))
		}
		n += bound * uint64(p.elemSize)
	}
	if n > math.MaxUint32 {
		return 0, refuse(DecodeBadSize, "a reply of %d bytes", n)
	}
	return uint32(n), nil
}

// EncodeEvent encodes one event record: its header's Size and Kind set
// here, padded to 8 bytes. It sets e's count fields from its slices.
func EncodeEvent(e Event) ([]byte, error) {
	d := e.Kind().desc()
	if d == nil {
		return nil, refuse(DecodeUnknownKind, "event kind %d", uint32(e.Kind()))
	}
	h := e.Header()
	h.Kind = uint32(e.Kind())
	b, err := encodeBody(nil, &d.rec, e)
	if err != nil {
		return nil, err
	}
	for len(b)%8 != 0 {
		b = append(b, 0)
	}
	if uint64(len(b)) > math.MaxUint32 {
		return nil, refuse(DecodeBadSize, "%d bytes", len(b))
	}
	h.Size = uint32(len(b))
	le.PutUint32(b, h.Size)
	return b, nil
}

// DecodeEvents decodes a batch of NDKT_GET_EVENTS: records one after the
// other, each {u32 size, u32 kind, ...} padded to 8. An empty batch is no
// event.
func DecodeEvents(b []byte) ([]Event, error) {
	var evs []Event
	for off := 0; off < len(b); {
		rest := b[off:]
		if len(rest) < EventHeaderSize {
			return nil, refuse(DecodeBadSize, "record at %d: %d bytes, the header has %d", off, len(rest), EventHeaderSize)
		}
		size, kind := le.Uint32(rest), EventKind(le.Uint32(rest[4:]))
		if size < EventHeaderSize || size%8 != 0 || uint64(size) > uint64(len(rest)) {
			return nil, refuse(DecodeBadSize, "record at %d: size %d, %d bytes left", off, size, len(rest))
		}
		d := kind.desc()
		if d == nil {
			return nil, refuse(DecodeUnknownKind, "record at %d: kind %d", off, uint32(kind))
		}
		e := d.newEvent()
		if err := decodeBody(&d.rec, e, rest[:size], true); err != nil {
			return nil, err
		}
		evs = append(evs, e)
		off += int(size)
	}
	return evs, nil
}

// EncodeHelloIn is the input of NDKT_HELLO.
func EncodeHelloIn() []byte {
	return le.AppendUint32(le.AppendUint32(nil, 8), InterfaceVersion)
}

// DecodeHelloOut decodes the output of NDKT_HELLO.
func DecodeHelloOut(b []byte) (HelloOut, error) {
	var h HelloOut
	if len(b) < binary.Size(h) {
		return h, refuse(DecodeBadSize, "%d bytes", len(b))
	}
	if _, err := binary.Decode(b, le, &h); err != nil {
		return h, refuse(DecodeBadArgument, "%v", err)
	}
	// a later version may say more: its size is the bytes it wrote
	if uint64(h.Size) != uint64(len(b)) {
		return h, refuse(DecodeBadSize, "size %d, %d bytes", h.Size, len(b))
	}
	if h.Faults&^FaultsAll != 0 {
		return h, refuse(DecodeBadField, "faults %#x", h.Faults)
	}
	return h, nil
}

// The fault injections a driver serves (HelloOut.Faults' bits; the ndkt
// core's NDKT_FAULT_*, ndkt/core/provider.h).
const (
	FaultHostState uint32 = 1 << 0 // SetHostState
	FaultSRQ       uint32 = 1 << 1 // FailSrq
	FaultCQ        uint32 = 1 << 2 // FailCq
	FaultsAll             = FaultHostState | FaultSRQ | FaultCQ
)
