package agentv1

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"github.com/ndkconform/ndkconform/ndk"
)

// ndkDir is package ndk's source, from this package's directory.
const ndkDir = "../../ndk"

// wire says how one method of an ndk interface, or one consumer callback
// type, travels: the messages that carry it, or, for what never crosses
// the wire, why (local).
type wire struct {
	msgs  []string
	local string
}

// call is a method carried by a Call member and its CallReturn member.
func call(name string) wire { return wire{msgs: []string{name + "Request", name + "Reply"}} }

// ndkWire maps every method of every interface of package ndk
// ("Interface.Method") and every consumer callback type to the protocol.
// A method or callback added to ndk without a line here fails
// TestEveryNDKMethodHasAMessage.
var ndkWire = map[string]wire{
	// the remote driver itself
	"Driver.Options":                  {local: "the remote driver's own options (agent address, token); the agent's driver's are in Capabilities.driver_options"},
	"Driver.Usable":                   {local: "the remote driver is usable where it can reach an agent"},
	"Driver.Open":                     {msgs: []string{"Hello", "Welcome"}},
	"Opener.Open":                     {msgs: []string{"Hello", "Welcome"}},
	"OptionParser.ParseOptions":       {local: "parses the remote driver's own options; the agent's driver's go in Hello.driver_options"},
	"ConcurrentRunner.ConcurrentRuns": {msgs: []string{"Capabilities"}},

	"Provider.Sides":                   {msgs: []string{"Capabilities", "SideInfo"}},
	"Provider.OpenAdapter":             call("OpenAdapter"),
	"Provider.Close":                   call("CloseProvider"),
	"TimeoutDeclarer.DeclaredTimeouts": {msgs: []string{"Capabilities"}},
	"FaultInjector.SetHostState":       call("SetHostState"),
	"SRQFaultInjector.FailSRQ":         call("FailSrq"),
	"CQFaultInjector.FailCQ":           call("FailCq"),
	"ChainRegisterer.RegisterChain":    call("RegisterMrChain"),
	"LAMChainBuilder.BuildLAMChain":    call("BuildLamChain"),
	// the remote provider's own: its mirrors of registered memory move
	// bytes with WriteMemory and ReadMemory; losing an agent is the
	// stream's end or a call's deadline
	"MemoryMirror.PullMemory": {msgs: []string{"ReadMemoryRequest", "ReadMemoryReply"}},
	"MemoryMirror.PushMemory": {msgs: []string{"WriteMemoryRequest", "WriteMemoryReply"}},
	"Losable.Lost":            {local: "the remote provider is lost when an agent's stream breaks or a call outlives call-timeout"},
	"Losable.LostError":       {local: "what was lost and why, kept by the remote provider"},
	"Describer.Describe":      {msgs: []string{"Capabilities"}},
	"SideRouter.RouteSides":   {local: "the remote provider routes each address to the agent whose Capabilities (side_a, side_b) own it; nothing crosses the wire"},
	// what NDKPI's C ABI showed (drivers/remote's ndkt driver): the
	// facts the core recorded, and the IRQL and held of each event record,
	// which the ndkt stream keeps (Callback has no field for them)
	"ABIReporter.ObjectABI":     call("QueryAbiFacts"),
	"ABIReporter.CallbackIRQLs": {local: "the IRQL and held of the ndkt device's event records, kept per callback by the ndkt driver's stream; an agent's Callback carries none"},

	"Adapter.Close":                call("CloseAdapter"),
	"Adapter.QueryAdapterInfo":     call("QueryAdapterInfo"),
	"Adapter.CreateCQ":             call("CreateCq"),
	"Adapter.CreatePD":             call("CreatePd"),
	"Adapter.CreateSharedEndpoint": call("CreateSharedEndpoint"),
	"Adapter.CreateConnector":      call("CreateConnector"),
	"Adapter.CreateListener":       call("CreateListener"),
	"Adapter.BuildLAM":             call("BuildLam"),
	"Adapter.ReleaseLAM":           call("ReleaseLam"),

	"Object.ObjectType": {msgs: []string{"Handle"}}, // Handle.kind
	"Object.Close":      call("CloseObject"),

	"CQ.Resize":                     call("ResizeCq"),
	"CQ.Arm":                        call("ArmCq"),
	"CQ.GetResults":                 call("GetCqResults"),
	"CQ.GetResultsEx":               call("GetCqResultsEx"),
	"CQ.ControlInterruptModeration": call("ControlCqInterruptModeration"),

	"PD.CreateQP":                    call("CreateQp"),
	"PD.CreateQPWithSRQ":             call("CreateQpWithSrq"),
	"PD.CreateSRQ":                   call("CreateSrq"),
	"PD.CreateMR":                    call("CreateMr"),
	"PD.CreateMW":                    call("CreateMw"),
	"PD.PrivilegedMemoryRegionToken": call("GetPrivilegedMemoryRegionToken"),

	"SRQ.Modify":  call("ModifySrq"),
	"SRQ.Receive": call("SrqReceive"),

	"MR.Register":               call("RegisterMr"),
	"MR.Deregister":             call("DeregisterMr"),
	"MR.InitializeFastRegister": call("InitializeFastRegisterMr"),
	"MR.LocalToken":             call("GetLocalTokenFromMr"),
	"MR.RemoteToken":            call("GetRemoteTokenFromMr"),
	"MW.RemoteToken":            call("GetRemoteTokenFromMw"),

	"QP.Flush":             call("Flush"),
	"QP.Receive":           call("Receive"),
	"QP.Send":              call("Send"),
	"QP.SendAndInvalidate": call("SendAndInvalidate"),
	"QP.Write":             call("Write"),
	"QP.Read":              call("Read"),
	"QP.Bind":              call("Bind"),
	"QP.FastRegister":      call("FastRegister"),
	"QP.Invalidate":        call("Invalidate"),

	"Connector.Connect":                   call("Connect"),
	"Connector.ConnectWithSharedEndpoint": call("ConnectWithSharedEndpoint"),
	"Connector.CompleteConnect":           call("CompleteConnect"),
	"Connector.Accept":                    call("Accept"),
	"Connector.Reject":                    call("Reject"),
	"Connector.GetConnectionData":         call("GetConnectionData"),
	"Connector.GetLocalAddress":           call("GetLocalAddress"),
	"Connector.GetPeerAddress":            call("GetPeerAddress"),
	"Connector.Disconnect":                call("Disconnect"),
	"ConnectorEx.CompleteConnectEx":       call("CompleteConnectEx"),
	"ConnectorEx.AcceptEx":                call("AcceptEx"),

	"Listener.Listen":               call("Listen"),
	"Listener.GetLocalAddress":      call("GetListenerLocalAddress"),
	"Listener.ControlConnectEvents": call("ControlConnectEvents"),

	"SharedEndpoint.GetLocalAddress": call("GetSharedEndpointLocalAddress"),

	// consumer callbacks: members of Callback.event
	"CreateCompletion":          {msgs: []string{"CreateCompletion"}},
	"RequestCompletion":         {msgs: []string{"RequestCompletion"}},
	"CloseCompletion":           {msgs: []string{"CloseCompletion"}},
	"ConnectEventCallback":      {msgs: []string{"ConnectEvent"}},
	"DisconnectEventCallback":   {msgs: []string{"DisconnectEvent"}},
	"DisconnectEventCallbackEx": {msgs: []string{"DisconnectEventEx"}},
	"CQNotificationCallback":    {msgs: []string{"CqNotification"}},
	"SRQNotificationCallback":   {msgs: []string{"SrqNotification"}},
}

// ndkSurface lists, from package ndk's source, every method of every
// interface type ("Interface.Method"; embedded interfaces count under
// their own name) and every func type (the consumer callbacks).
func ndkSurface(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(ndkDir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("package ndk's source in %s: %v (%d files)", ndkDir, err, len(files))
	}
	var names []string
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok || !ts.Name.IsExported() {
				return true
			}
			switch typ := ts.Type.(type) {
			case *ast.InterfaceType:
				for _, m := range typ.Methods.List {
					for _, id := range m.Names {
						names = append(names, ts.Name.Name+"."+id.Name)
					}
				}
			case *ast.FuncType:
				names = append(names, ts.Name.Name)
			}
			return false
		})
	}
	sort.Strings(names)
	return names
}

func messageByName(name string) protoreflect.MessageDescriptor {
	return File_agent_v1_agent_proto.Messages().ByName(protoreflect.Name(name))
}

// oneofMembers maps the message name of each member of oneof msg.oneof to
// the member's field name.
func oneofMembers(t *testing.T, msg, oneof string) map[string]protoreflect.FieldDescriptor {
	t.Helper()
	md := messageByName(msg)
	if md == nil {
		t.Fatalf("no message %s", msg)
	}
	od := md.Oneofs().ByName(protoreflect.Name(oneof))
	if od == nil {
		t.Fatalf("no oneof %s.%s", msg, oneof)
	}
	m := map[string]protoreflect.FieldDescriptor{}
	for i := 0; i < od.Fields().Len(); i++ {
		f := od.Fields().Get(i)
		if f.Message() == nil {
			t.Fatalf("%s.%s member %s is not a message", msg, oneof, f.Name())
		}
		m[string(f.Message().Name())] = f
	}
	return m
}

// TestDescriptorsLoad: the generated descriptors are registered, with the
// package, the service and its one bidirectional stream.
func TestDescriptorsLoad(t *testing.T) {
	fd, err := protoregistry.GlobalFiles.FindFileByPath("agent/v1/agent.proto")
	if err != nil {
		t.Fatal(err)
	}
	if fd != File_agent_v1_agent_proto {
		t.Error("the registered file is not the package's descriptor")
	}
	if got := fd.Package(); got != "ndkconform.agent.v1" {
		t.Errorf("package %s, want ndkconform.agent.v1", got)
	}
	sd := fd.Services().ByName("Agent")
	if sd == nil || sd.Methods().Len() != 1 {
		t.Fatalf("service Agent: %v", sd)
	}
	m := sd.Methods().Get(0)
	if m.Name() != "Session" || !m.IsStreamingClient() || !m.IsStreamingServer() ||
		m.Input().FullName() != "ndkconform.agent.v1.ClientMessage" || m.Output().FullName() != "ndkconform.agent.v1.ServerMessage" {
		t.Errorf("Agent's method: %v, want Session(stream ClientMessage) returns (stream ServerMessage)", m)
	}
	if Agent_Session_FullMethodName != "/ndkconform.agent.v1.Agent/Session" ||
		len(Agent_ServiceDesc.Streams) != 1 || !Agent_ServiceDesc.Streams[0].ClientStreams || !Agent_ServiceDesc.Streams[0].ServerStreams {
		t.Errorf("the gRPC service description: %s %+v", Agent_Session_FullMethodName, Agent_ServiceDesc.Streams)
	}
	for _, name := range []string{"ndkconform.agent.v1.Call", "ndkconform.agent.v1.Callback", "ndkconform.agent.v1.ProtocolError"} {
		if _, err := protoregistry.GlobalTypes.FindMessageByName(protoreflect.FullName(name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestEveryNDKMethodHasAMessage: every method of package ndk's interfaces
// and every consumer callback has a line in ndkWire (and every line names
// one), and the messages named exist where they must: a call's request in
// Call.op and its reply, under the same field name and number, in
// CallReturn.reply; a callback's message in Callback.event.
func TestEveryNDKMethodHasAMessage(t *testing.T) {
	surface := ndkSurface(t)
	if !slices.Contains(surface, "QP.Send") || !slices.Contains(surface, "CreateCompletion") {
		t.Fatalf("ndk's surface as parsed lacks QP.Send or CreateCompletion: the parse is broken: %q", surface)
	}
	for _, name := range surface {
		if _, ok := ndkWire[name]; !ok {
			t.Errorf("ndk.%s has no message in the agent protocol: add it to agent.proto and to ndkWire", name)
		}
	}
	calls := oneofMembers(t, "Call", "op")
	replies := oneofMembers(t, "CallReturn", "reply")
	callbacks := oneofMembers(t, "Callback", "event")
	for name, w := range ndkWire {
		if !slices.Contains(surface, name) {
			t.Errorf("ndkWire has %s, which is not in package ndk: remove it", name)
		}
		if (w.local == "") == (len(w.msgs) == 0) {
			t.Errorf("%s: want messages or a reason it is local, not both or neither", name)
		}
		for _, msg := range w.msgs {
			if messageByName(msg) == nil {
				t.Errorf("%s: no message %s in agent.proto", name, msg)
			}
		}
		if !strings.Contains(name, ".") && len(w.msgs) == 1 { // a consumer callback
			if _, ok := callbacks[w.msgs[0]]; !ok {
				t.Errorf("callback %s: %s is not a member of Callback.event", name, w.msgs[0])
			}
		}
		if len(w.msgs) == 2 && strings.HasSuffix(w.msgs[0], "Request") {
			req, rep := calls[w.msgs[0]], replies[w.msgs[1]]
			if req == nil || rep == nil {
				t.Errorf("%s: %s in Call.op: %v, %s in CallReturn.reply: %v", name, w.msgs[0], req != nil, w.msgs[1], rep != nil)
				continue
			}
			if req.Name() != rep.Name() || req.Number() != rep.Number() {
				t.Errorf("%s: Call.%s = %d but CallReturn.%s = %d: want the same name and number", name, req.Name(), req.Number(), rep.Name(), rep.Number())
			}
		}
	}
	// Call.op and CallReturn.reply pair up, member for member.
	for reqName, req := range calls {
		base, ok := strings.CutSuffix(reqName, "Request")
		if !ok {
			t.Errorf("Call.%s carries %s: want a ...Request message", req.Name(), reqName)
			continue
		}
		rep := replies[base+"Reply"]
		if rep == nil || rep.Name() != req.Name() || rep.Number() != req.Number() {
			t.Errorf("Call.%s (%s) has no CallReturn.%s of type %sReply with number %d", req.Name(), reqName, req.Name(), base, req.Number())
		}
	}
	if len(calls) != len(replies) {
		t.Errorf("Call.op has %d members, CallReturn.reply %d", len(calls), len(replies))
	}
}

// TestHandleKindsAreNDKObjectTypes: HandleKind's NDK values are
// NDK_OBJECT_TYPE's.
func TestHandleKindsAreNDKObjectTypes(t *testing.T) {
	for v := ndk.ObjectTypeAdapter; v <= ndk.ObjectTypeSRQ; v++ {
		want := "HANDLE_KIND_" + strings.TrimPrefix(v.String(), "NDK_")
		if got := HandleKind(v).String(); got != want {
			t.Errorf("HandleKind(%d) = %s, want %s (%s)", v, got, want, v)
		}
	}
	for _, v := range []HandleKind{HandleKind_HANDLE_KIND_BUFFER, HandleKind_HANDLE_KIND_LAM} {
		if ndk.ObjectType(v).String() != "NDK_OBJECT_TYPE(?)" {
			t.Errorf("%s (%d) is an NDK_OBJECT_TYPE value", v, v)
		}
	}
}

// TestRoundTrip: messages of both directions survive proto.Marshal and
// Unmarshal, presence of optional fields included.
func TestRoundTrip(t *testing.T) {
	cq := &Handle{Kind: HandleKind_HANDLE_KIND_CQ, Id: 7}
	msgs := []proto.Message{
		&ClientMessage{Msg: &ClientMessage_Hello{Hello: &Hello{
			ProtocolVersion: &ProtocolVersion{Major: 1},
			Token:           "secret",
			DriverOptions:   map[string]string{"completion": "inline"},
		}}},
		&ClientMessage{Msg: &ClientMessage_Call{Call: &Call{CallId: 3, WithinCallback: 9, Op: &Call_CreateQp{CreateQp: &CreateQpRequest{
			Pd:     &Handle{Kind: HandleKind_HANDLE_KIND_PD, Id: 5},
			Params: &QpParams{ReceiveCq: cq, InitiatorCq: cq, Context: 42, ReceiveQueueDepth: 16},
			Done:   &CallbackRef{Context: 43},
		}}}}},
		&ClientMessage{Msg: &ClientMessage_Call{Call: &Call{CallId: 4, Op: &Call_Accept{Accept: &AcceptRequest{
			PrivateData: []byte{}, // present and empty: not a NULL pointer
		}}}}},
		&ClientMessage{Msg: &ClientMessage_CallbackReturn{CallbackReturn: &CallbackReturn{CallbackId: 9}}},
		&ServerMessage{Msg: &ServerMessage_CallReturn{CallReturn: &CallReturn{CallId: 3, Status: uint32(ndk.StatusPending),
			Reply: &CallReturn_CreateQp{CreateQp: &CreateQpReply{}}}}},
		&ServerMessage{Msg: &ServerMessage_CallReturn{CallReturn: &CallReturn{CallId: 5,
			ProtocolError: &ProtocolError{Code: ProtocolErrorCode_PROTOCOL_ERROR_CODE_FOREIGN_HANDLE, Message: "handle 7 is another session's", CorrelationId: 5}}}},
		&ServerMessage{Msg: &ServerMessage_Callback{Callback: &Callback{CallbackId: 10, Context: 43,
			Event: &Callback_CreateCompletion{CreateCompletion: &CreateCompletion{Status: uint32(ndk.StatusSuccess),
				Object: &Handle{Kind: HandleKind_HANDLE_KIND_QP, Id: 8}}}}}},
		&ServerMessage{Msg: &ServerMessage_CallReturn{CallReturn: &CallReturn{CallId: 6,
			Reply: &CallReturn_GetCqResultsEx{GetCqResultsEx: &GetCqResultsExReply{Results: []*Result{
				{Status: uint32(ndk.StatusCancelled), QpContext: 42, RequestContext: 44, Type: uint32(ndk.OpReceive)}}}}}}},
		&ServerMessage{Msg: &ServerMessage_Welcome{Welcome: &Welcome{Capabilities: &Capabilities{
			ProtocolVersion:    &ProtocolVersion{Major: 1},
			SideA:              &SideInfo{Ipv4: &AdapterDescription{Address: "192.0.2.1", Info: &AdapterInfo{MaxCqDepth: 1024}}},
			DeclaresTimeouts:   true,
			DeclaredTimeoutsNs: map[string]int64{"disconnect": 300e6},
		}}}},
	}
	for _, m := range msgs {
		b, err := proto.Marshal(m)
		if err != nil {
			t.Fatalf("Marshal %v: %v", m, err)
		}
		got := m.ProtoReflect().New().Interface()
		if err := proto.Unmarshal(b, got); err != nil {
			t.Fatalf("Unmarshal %v: %v", m, err)
		}
		if !proto.Equal(m, got) {
			t.Errorf("round trip:\n got %v\nwant %v", got, m)
		}
	}
	// presence survives: an empty private data is not a missing one
	var a ClientMessage
	b, _ := proto.Marshal(msgs[2])
	if err := proto.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	if pd := a.GetCall().GetAccept().PrivateData; pd == nil {
		t.Error("an empty private data came back absent (a NULL pointer)")
	}
}
