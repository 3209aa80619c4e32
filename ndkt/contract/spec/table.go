package spec

// The device and its control codes (docs/agent-windows.md section 3).
const (
	// DeviceType is FILE_DEVICE_UNKNOWN.
	DeviceType uint32 = 0x22
	// Access is FILE_READ_ACCESS | FILE_WRITE_ACCESS.
	Access uint32 = 1 | 2
	// The transfer methods of CTL_CODE.
	MethodBuffered  uint32 = 0
	MethodInDirect  uint32 = 1
	MethodOutDirect uint32 = 2

	// InterfaceVersion is the contract's version: NDKT_HELLO exchanges it
	// and every NDKT_CALL header carries it.
	InterfaceVersion uint32 = 1
	// OpcodeLimit is one more than the largest opcode: the C table's length.
	OpcodeLimit uint32 = 131
	// MaxParts is the most trailing parts of one struct.
	MaxParts = 2
	// MaxChain is the most MDLs of a chain (RegisterMrChain, BuildLamChain:
	// OUT_OF_RANGE beyond, as the protocol says).
	MaxChain uint32 = 1024
	// MaxError is the most bytes of an error string in a reply.
	MaxError uint32 = 1024
)

// ControlCodes are the device's IOCTLs, functions from 0x800 (the
// vendor range).
var ControlCodes = []ControlCode{
	{"hello", 0x800, MethodBuffered, "version handshake and limits: ndkt_hello_in in, ndkt_hello_out out; the first call on a handle"},
	{"call", 0x801, MethodBuffered, "one marshalled call: ndkt_call_header, the opcode's request and its parts in; ndkt_reply_header, the reply and its parts out"},
	{"get_events", 0x802, MethodBuffered, "inverted call: no input; out a batch of event records"},
	{"ack_callback", 0x803, MethodBuffered, "ndkt_ack in: the consumer callback of callback_id returned; no output"},
	{"write_memory", 0x804, MethodInDirect, "ndkt_call_header and ndkt_write_memory_req in, the data (n_data bytes) in the IRP's MDL"},
	{"read_memory", 0x805, MethodOutDirect, "ndkt_call_header and ndkt_read_memory_req in, the data (length bytes) out in the IRP's MDL"},
}

// DecodeStatus is what the C decoder (and the Go one) returns; Protocol is
// the ProtocolErrorCode a call refused with it answers.
type DecodeStatus struct {
	Name     string
	Value    uint32
	Protocol uint32
	Doc      string
}

// Protocol error codes of agent/v1 (the test checks them against the
// proto's enum).
var ProtocolErrors = []struct {
	Name  string
	Value uint32
}{
	{"unspecified", 0}, {"unknown_handle", 1}, {"foreign_handle", 2}, {"object_closed", 3},
	{"wrong_handle_kind", 4}, {"unknown_callback", 5}, {"duplicate_call_id", 6},
	{"not_supported", 7}, {"out_of_range", 8}, {"invalid_argument", 9},
	{"bad_sequence", 10}, {"busy", 11}, {"internal", 12},
}

// DecodeStatuses are the decoder's verdicts.
var DecodeStatuses = []DecodeStatus{
	{"ok", 0, 0, "decoded"},
	{"bad_argument", 1, 12, "a NULL pointer or an impossible argument of the caller"},
	{"bad_alignment", 2, 9, "the buffer is not 8-aligned"},
	{"bad_size", 3, 9, "shorter than the header or the fixed struct, or size differs from the length"},
	{"bad_version", 4, 9, "the header's version is not NDKT_INTERFACE_VERSION"},
	{"unknown_opcode", 5, 7, "no such opcode (the protocol's NOT_SUPPORTED)"},
	{"bad_field", 6, 9, "a pad or reserved field not zero, a bool not 0 or 1, an absent optional with a value, a bad address"},
	{"bad_trailing", 7, 9, "the trailing parts (count x element size, overflow-checked) differ from what is left"},
	{"too_many", 8, 8, "a count beyond its part's maximum (the protocol's OUT_OF_RANGE)"},
	{"no_room", 9, 9, "the output buffer is too small"},
	{"unknown_kind", 10, 12, "no such event kind"},
}

// Address families of Addr.family: the Windows values (AF_INET6 is 23
// there, 10 on Linux); the core maps them to its platform's.
const (
	AFUnspec uint32 = 0
	AFInet   uint32 = 2
	AFInet6  uint32 = 23
)

// ObjRef.flags bits: the protocol's Handle.mdl_chains and
// Handle.connector_ex.
const (
	ObjMdlChains   uint32 = 1
	ObjConnectorEx uint32 = 2
)

func fld(name string, k Kind) Field { return Field{Name: name, Kind: k} }
func u32(name string) Field         { return fld(name, U32) }
func u64(name string) Field         { return fld(name, U64) }
func handle(name string) Field      { return fld(name, Handle) }
func ctx(name string) Field         { return fld(name, Ctx) }
func status(name string) Field      { return fld(name, Status) }
func boolean(name string) Field     { return fld(name, Bool) }
func nested(name string, s *Struct) Field {
	return Field{Name: name, Kind: Nested, Struct: s}
}
func cb(name string) Field   { return nested(name, CbRef) }
func addr(name string) Field { return nested(name, Addr) }
func obj(name string) Field  { return nested(name, ObjRef) }

// count is the element count of the part name; has is its presence flag
// (a proto optional).
func count(name string) Field { return u32("n_" + name) }
func has(name string) Field {
	return Field{Name: "has_" + name, Kind: Bool, Guards: "n_" + name}
}

func st(name, goName string, fields ...Field) *Struct {
	return &Struct{Name: name, GoName: goName, Fields: fields}
}

// The common structs.
var (
	CallHeader = st("call_header", "CallHeader",
		u32("size"), u32("version"), u64("call_id"), u64("within_callback"), u32("opcode"),
		Field{Name: "reserved", Kind: U32, Reserved: true})
	ReplyHeader = st("reply_header", "ReplyHeader", status("ntstatus"), u32("protocol_error"))
	HelloIn     = st("hello_in", "HelloIn", u32("size"), u32("interface_version"))
	HelloOut    = st("hello_out", "HelloOut",
		u32("size"), u32("interface_version"),
		fld("file_major", U16), fld("file_minor", U16), fld("file_build", U16), fld("file_revision", U16),
		u32("max_sges"), u32("max_event_batch_bytes"), u32("ring_capacity"),
		Field{Name: "faults", Kind: U32, Doc: "the fault injections the driver serves: bit 0 SetHostState, bit 1 FailSrq, bit 2 FailCq (0: none)"})
	Ack         = st("ack", "Ack", u64("callback_id"))
	EventHeader = st("event_header", "EventHeader",
		u32("size"), u32("kind"), u64("callback_id"), ctx("context"),
		Field{Name: "irql", Kind: U8, Doc: "the IRQL the provider called the callback at"},
		Field{Name: "held", Kind: Bool, Doc: "1: the provider's thread is held until the ack; 0: released at once"})

	Addr = &Struct{Name: "addr", GoName: "Addr", Check: "addr", Fields: []Field{
		fld("family", U16), fld("port", U16), u32("scope"), {Name: "addr", Kind: Bytes, Len: 16}}}
	ObjRef = st("objref", "ObjRef", handle("id"), u32("kind"), u32("flags"))
	CbRef  = st("cbref", "CbRef", ctx("context"),
		Field{Name: "present", Kind: Bool, Guards: "context"})
	Sge    = st("sge", "SGE", u64("virtual_address"), u32("length"), u32("memory_region_token"))
	Mdl    = st("mdl", "Mdl", handle("buffer"), u64("offset"), u64("length"), u64("va"))
	Result = st("result", "Result", status("status"), u32("bytes_transferred"), ctx("qp_context"),
		ctx("request_context"), u32("type"), u32("provider_error_code"), u64("type_specific_completion_output"))
	Version     = st("version", "Version", u32("major"), u32("minor"))
	AdapterInfo = st("adapter_info", "AdapterInfo", nested("version", Version), u32("vendor_id"),
		u32("device_id"), u64("max_registration_size"), u64("max_window_size"), u32("frmr_page_count"),
		u32("max_initiator_request_sge"), u32("max_receive_request_sge"), u32("max_read_request_sge"),
		u32("max_transfer_length"), u32("max_inline_data_size"), u32("max_inbound_read_limit"),
		u32("max_outbound_read_limit"), u32("max_receive_queue_depth"), u32("max_initiator_queue_depth"),
		u32("max_srq_depth"), u32("max_cq_depth"), u32("large_request_threshold"), u32("max_caller_data"),
		u32("max_callee_data"), u32("adapter_flags"), u32("rdma_technology"))
	LamOutput = st("lam_output", "LAMOutput", count("pages"), u32("page_count"), u32("fbo"))
	QpParams  = st("qp_params", "QPParams", handle("receive_cq"), handle("initiator_cq"), ctx("context"),
		u32("receive_queue_depth"), u32("initiator_queue_depth"), u32("max_receive_request_sge"),
		u32("max_initiator_request_sge"), u32("inline_data_size"))
	AbiFacts = st("abi_facts", "AbiFacts", u32("header_object_type"), nested("header_version", Version),
		boolean("reserved_nonzero"), boolean("dispatch_null"), u32("null_entries"), u32("n_entries"),
		boolean("dispatch_replaced"), u32("dispatch_rewrites"), nested("requested", Version), boolean("has_info"),
		nested("info_version", Version), nested("probe_minor", Version), status("probe_minor_status"),
		nested("probe_minor_got", Version), nested("probe_major", Version), status("probe_major_status"),
		nested("probe_major_got", Version), u64("high_irql_callbacks"), u32("high_irql_last"),
		u32("size_probes"), u32("size_failures"), u32("size_call"), u32("size_what"), u32("size_offered"),
		status("size_status"), u32("size_returned"))
	ConnectParams = st("connect_params", "ConnectParams", handle("qp"), addr("source"), addr("destination"),
		u32("inbound_read_limit"), u32("outbound_read_limit"), count("private_data"), has("private_data"))

	Common = []*Struct{CallHeader, ReplyHeader, HelloIn, HelloOut, Ack, EventHeader}
)

// parts

func sgl() Part { return Part{Name: "sgl", Count: "n_sgl", Elem: Nested, ElemStruct: Sge} }
func chain() Part {
	return Part{Name: "chain", Count: "n_chain", Elem: Nested, ElemStruct: Mdl, Max: MaxChain}
}
func privateData(prefix string) Part {
	return Part{Name: prefix + "private_data", Count: prefix + "n_private_data", Present: prefix + "has_private_data", Elem: U8}
}
func errorPart() Part {
	return Part{Name: "error", Count: "n_error", Elem: U8, BoundConst: MaxError, Doc: "the Go error's text, empty for nil"}
}
func lamPages(bound string) Part {
	return Part{Name: "output.pages", Count: "output.n_pages", Elem: U64, Bound: bound}
}

// op builds an Op; the structs are named after it.
func op(num uint32, name string, req []Field, reqParts []Part, reply []Field, replyParts []Part) Op {
	g := GoName(name)
	o := Op{Num: num, Name: name, ReqParts: reqParts, ReplyParts: replyParts}
	if len(req) > 0 {
		o.Req = st(name+"_req", g+"RequestFixed", req...)
	}
	if len(reply) > 0 {
		o.Reply = st(name+"_reply", g+"ReplyFixed", reply...)
	}
	return o
}

func fs(f ...Field) []Field { return f }
func ps(p ...Part) []Part   { return p }

var lamReply = fs(obj("lam"), nested("output", LamOutput))

// Ops are the opcodes: the members of Call.op, in the proto's order.
var Ops = []Op{
	// ndk.Provider, ndk.FaultInjector, SRQ and CQ fault injectors
	op(10, "open_adapter", fs(addr("address")), nil, fs(obj("adapter")), nil),
	op(11, "close_provider", nil, nil, fs(count("error")), ps(errorPart())),
	op(12, "set_host_state", fs(addr("address"), u32("state")), nil, fs(count("error")), ps(errorPart())),
	op(13, "fail_srq", fs(handle("srq")), nil, fs(count("error")), ps(errorPart())),
	op(14, "fail_cq", fs(handle("cq")), nil, fs(count("error")), ps(errorPart())),

	// ndk.Adapter
	op(20, "close_adapter", fs(handle("adapter")), nil, nil, nil),
	op(21, "query_adapter_info", fs(handle("adapter")), nil, fs(nested("info", AdapterInfo)), nil),
	op(22, "create_cq", fs(handle("adapter"), u32("depth"), cb("notify"), cb("done")), nil, fs(obj("cq")), nil),
	op(23, "create_pd", fs(handle("adapter"), cb("done")), nil, fs(obj("pd")), nil),
	op(24, "create_shared_endpoint", fs(handle("adapter"), addr("local"), cb("done")), nil, fs(obj("shared_endpoint")), nil),
	op(25, "create_connector", fs(handle("adapter"), cb("done")), nil, fs(obj("connector")), nil),
	op(26, "create_listener", fs(handle("adapter"), cb("on_connect"), cb("done")), nil, fs(obj("listener")), nil),
	op(27, "build_lam", fs(handle("adapter"), handle("buffer"), u64("offset"), u64("length"), u32("page_capacity"), cb("done")), nil,
		lamReply, ps(lamPages("page_capacity"))),
	op(28, "release_lam", fs(handle("adapter"), handle("lam")), nil, nil, nil),
	op(29, "build_lam_chain", fs(handle("adapter"), count("chain"), u32("page_capacity"), cb("done")), ps(chain()),
		lamReply, ps(lamPages("page_capacity"))),

	// ndk.Object
	op(30, "close_object", fs(handle("object"), cb("done")), nil, nil, nil),

	// ndk.CQ
	op(40, "resize_cq", fs(handle("cq"), u32("depth"), cb("done")), nil, nil, nil),
	op(41, "arm_cq", fs(handle("cq"), u32("type")), nil, nil, nil),
	op(42, "get_cq_results", fs(handle("cq"), u32("max_results")), nil, fs(count("results")),
		ps(Part{Name: "results", Count: "n_results", Elem: Nested, ElemStruct: Result, Bound: "max_results"})),
	op(43, "get_cq_results_ex", fs(handle("cq"), u32("max_results")), nil, fs(count("results")),
		ps(Part{Name: "results", Count: "n_results", Elem: Nested, ElemStruct: Result, Bound: "max_results"})),
	op(44, "control_cq_interrupt_moderation", fs(handle("cq"), u32("interval"), u32("count")), nil, nil, nil),

	// ndk.PD
	op(50, "create_qp", fs(handle("pd"), nested("params", QpParams), cb("done")), nil, fs(obj("qp")), nil),
	op(51, "create_qp_with_srq", fs(handle("pd"), nested("params", QpParams), handle("srq"), cb("done")), nil, fs(obj("qp")), nil),
	op(52, "create_srq", fs(handle("pd"), u32("depth"), u32("max_receive_request_sge"), u32("notify_threshold"), cb("notify"), cb("done")), nil,
		fs(obj("srq")), nil),
	op(53, "create_mr", fs(handle("pd"), boolean("fast_register"), cb("done")), nil, fs(obj("mr")), nil),
	op(54, "create_mw", fs(handle("pd"), cb("done")), nil, fs(obj("mw")), nil),
	op(55, "get_privileged_memory_region_token", fs(handle("pd")), nil, fs(u32("token")), nil),

	// ndk.SRQ
	op(60, "modify_srq", fs(handle("srq"), u32("depth"), u32("notify_threshold"), cb("done")), nil, nil, nil),
	op(61, "srq_receive", fs(handle("srq"), ctx("request_context"), count("sgl")), ps(sgl()), nil, nil),

	// ndk.MR, ndk.MW
	op(70, "register_mr", fs(handle("mr"), handle("buffer"), u64("offset"), u64("length"), u64("va"), u32("flags"), cb("done")), nil, nil, nil),
	op(71, "deregister_mr", fs(handle("mr"), cb("done")), nil, nil, nil),
	op(72, "initialize_fast_register_mr", fs(handle("mr"), u32("adapter_page_count"), boolean("remote_access"), cb("done")), nil, nil, nil),
	op(73, "get_local_token_from_mr", fs(handle("mr")), nil, fs(u32("token")), nil),
	op(74, "get_remote_token_from_mr", fs(handle("mr")), nil, fs(u32("token")), nil),
	op(75, "get_remote_token_from_mw", fs(handle("mw")), nil, fs(u32("token")), nil),
	op(76, "register_mr_chain", fs(handle("mr"), count("chain"), u32("flags"), cb("done")), ps(chain()), nil, nil),

	// ndk.QP
	op(80, "flush", fs(handle("qp")), nil, nil, nil),
	op(81, "receive", fs(handle("qp"), ctx("request_context"), count("sgl")), ps(sgl()), nil, nil),
	op(82, "send", fs(handle("qp"), ctx("request_context"), count("sgl"), u32("flags")), ps(sgl()), nil, nil),
	op(83, "send_and_invalidate", fs(handle("qp"), ctx("request_context"), count("sgl"), u32("remote_token"), u32("flags")), ps(sgl()), nil, nil),
	op(84, "write", fs(handle("qp"), ctx("request_context"), count("sgl"), u64("remote_address"), u32("remote_token"), u32("flags")), ps(sgl()), nil, nil),
	op(85, "read", fs(handle("qp"), ctx("request_context"), count("sgl"), u64("remote_address"), u32("remote_token"), u32("flags")), ps(sgl()), nil, nil),
	op(86, "bind", fs(handle("qp"), ctx("request_context"), handle("mr"), handle("mw"), u64("va"), u64("length"), u32("flags")), nil, nil, nil),
	op(87, "fast_register", fs(handle("qp"), ctx("request_context"), handle("mr"), count("pages"), u32("fbo"), u64("length"), u64("base_va"), u32("flags")),
		ps(Part{Name: "pages", Count: "n_pages", Elem: U64, Doc: "adapter (logical) page addresses"}), nil, nil),
	op(88, "invalidate", fs(handle("qp"), ctx("request_context"), handle("mr_or_mw"), u32("flags")), nil, nil, nil),

	// ndk.Connector
	op(90, "connect", fs(handle("connector"), nested("params", ConnectParams), cb("done")), ps(privateData("params.")), nil, nil),
	op(91, "connect_with_shared_endpoint", fs(handle("connector"), handle("shared_endpoint"), nested("params", ConnectParams), cb("done")),
		ps(privateData("params.")), nil, nil),
	op(92, "complete_connect", fs(handle("connector"), cb("on_disconnect"), cb("done")), nil, nil, nil),
	op(93, "accept", acceptReq, ps(privateData("")), nil, nil),
	op(94, "reject", fs(handle("connector"), count("private_data"), has("private_data")), ps(privateData("")), nil, nil),
	op(95, "get_connection_data", fs(handle("connector"), u32("buffer_length"),
		Field{Name: "has_buffer_length", Kind: Bool, Guards: "buffer_length"}), nil,
		fs(u32("inbound_read_limit"), u32("outbound_read_limit"), u32("private_data_length"), count("private_data")),
		ps(Part{Name: "private_data", Count: "n_private_data", Elem: U8, Bound: "buffer_length"})),
	op(96, "get_local_address", fs(handle("connector")), nil, fs(addr("address")), nil),
	op(97, "get_peer_address", fs(handle("connector")), nil, fs(addr("address")), nil),
	op(98, "disconnect", fs(handle("connector"), cb("done")), nil, nil, nil),
	op(99, "complete_connect_ex", fs(handle("connector"), cb("on_disconnect"), cb("done")), nil, nil, nil),
	op(103, "accept_ex", acceptReq, ps(privateData("")), nil, nil),

	// ndk.Listener
	op(100, "listen", fs(handle("listener"), addr("local"), cb("done")), nil, nil, nil),
	op(101, "get_listener_local_address", fs(handle("listener")), nil, fs(addr("address")), nil),
	op(102, "control_connect_events", fs(handle("listener"), boolean("pause")), nil, nil, nil),

	// ndk.SharedEndpoint
	op(110, "get_shared_endpoint_local_address", fs(handle("shared_endpoint")), nil, fs(addr("address")), nil),

	// agent memory
	op(120, "allocate_buffer", fs(u64("length")), nil, fs(obj("buffer")), nil),
	op(121, "free_buffer", fs(handle("buffer")), nil, nil, nil),
	op(122, "write_memory", fs(handle("region"), u64("offset"), count("data")),
		ps(Part{Name: "data", Count: "n_data", Elem: U8, Doc: "inline with NDKT_CALL; in the MDL with NDKT_WRITE_MEMORY"}), nil, nil),
	op(123, "read_memory", fs(handle("region"), u64("offset"), u32("length")), nil, fs(count("data")),
		ps(Part{Name: "data", Count: "n_data", Elem: U8, Bound: "length", Doc: "inline with NDKT_CALL; in the MDL with NDKT_READ_MEMORY"})),

	// what NDKPI's C ABI showed (ndk.ABIReporter)
	op(130, "query_abi_facts", fs(handle("object")), nil, fs(nested("facts", AbiFacts)), nil),
}

var acceptReq = fs(handle("connector"), handle("qp"), u32("inbound_read_limit"), u32("outbound_read_limit"),
	count("private_data"), has("private_data"), cb("on_disconnect"), cb("done"))

func ev(kind uint32, name string, fields ...Field) Event {
	return Event{Kind: kind, Name: name,
		Rec: st("ev_"+name, GoName(name)+"Fixed", append([]Field{nested("hdr", EventHeader)}, fields...)...)}
}

// Events are the event record kinds: the members of Callback.event.
var Events = []Event{
	ev(10, "create_completion", status("status"), obj("object")),
	func() Event {
		e := ev(11, "request_completion", status("status"), nested("lam_output", LamOutput))
		e.Parts = ps(Part{Name: "lam_output.pages", Count: "lam_output.n_pages", Elem: U64, Doc: "a BuildLam's LAM pages"})
		return e
	}(),
	ev(12, "close_completion", obj("object")),
	ev(13, "connect_event", obj("listener"), obj("connector")),
	ev(14, "disconnect_event", obj("connector")),
	ev(15, "cq_notification", obj("cq"), status("cq_status")),
	ev(16, "srq_notification", obj("srq"), status("srq_status")),
	ev(17, "disconnect_event_ex", obj("connector"), u32("provider_disconnect_reason")),
}
