package remote

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/ndkt/contract"
	"github.com/ndkconform/ndkconform/ndkt/device"
)

// The NTSTATUS values the fake device answers.
const (
	statusCancelled     = 0xC0000120
	statusIODeviceError = 0xC0000185
	statusInvalidParam  = 0xC000000D
)

// fakeDevice is a scripted ndkt device: a handle answers NDKT_HELLO, the
// calls of script (by opcode; any other is NOT_SUPPORTED) and the acks of
// the callbacks it sent, and pends NDKT_GET_EVENTS until it has event
// records to complete them with.
type fakeDevice struct {
	version uint32 // NDKT_HELLO's interface version; 0: the contract's
	faults  uint32 // NDKT_HELLO's faults
	script  map[contract.Opcode]func(f *fakeHandle, h contract.CallHeader, r contract.Request) (uint32, contract.Reply, error)
	// direct answers the memory codes (nil: as NDKT_CALL's script does).
	direct func(code uint32, r contract.Request, data []byte) (int, error)
	opts   map[string]string
	opened []*fakeHandle
	mu     sync.Mutex
}

func (d *fakeDevice) Open() (device.Handle, error) {
	f := &fakeHandle{d: d, events: make(chan []byte, 16), closed: make(chan struct{}), acked: map[uint64]bool{}}
	d.mu.Lock()
	d.opened = append(d.opened, f)
	d.mu.Unlock()
	return f, nil
}

type fakeHandle struct {
	d      *fakeDevice
	events chan []byte
	closed chan struct{}
	once   sync.Once

	mu    sync.Mutex
	ops   []contract.Opcode
	sent  map[uint64]bool // callbacks sent, not acked
	acked map[uint64]bool
}

// event queues an event record for the next NDKT_GET_EVENTS.
func (f *fakeHandle) event(e contract.Event) {
	b, err := contract.EncodeEvent(e)
	if err != nil {
		panic(err)
	}
	f.mu.Lock()
	if f.sent == nil {
		f.sent = map[uint64]bool{}
	}
	f.sent[e.Header().CallbackID] = true
	f.mu.Unlock()
	f.events <- b
}

func (f *fakeHandle) seen() []contract.Opcode {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.ops)
}

func (f *fakeHandle) Ioctl(code uint32, in, out []byte) (int, error) {
	select {
	case <-f.closed:
		return 0, &device.StatusError{Code: code, Status: statusCancelled}
	default:
	}
	switch code {
	case contract.IoctlHello:
		v := f.d.version
		if v == 0 {
			v = contract.InterfaceVersion
		}
		ho := contract.HelloOut{Size: 32, InterfaceVersion: v, FileMajor: 1, FileMinor: 2, FileBuild: 3, FileRevision: 4, MaxSges: 16, MaxEventBatchBytes: 4096, RingCapacity: 64, Faults: f.d.faults}
		return binary.Encode(out, binary.LittleEndian, &ho)
	case contract.IoctlGetEvents:
		select {
		case b := <-f.events:
			return copy(out, b), nil
		case <-f.closed:
			return 0, &device.StatusError{Code: code, Status: statusCancelled}
		}
	case contract.IoctlAckCallback:
		var a contract.Ack
		if _, err := binary.Decode(in, binary.LittleEndian, &a); err != nil {
			return 0, err
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		if !f.sent[a.CallbackID] {
			return 0, &device.StatusError{Code: code, Status: statusInvalidParam}
		}
		delete(f.sent, a.CallbackID)
		f.acked[a.CallbackID] = true
		return 0, nil
	case contract.IoctlWriteMemory, contract.IoctlReadMemory:
		h, r, err := decodeMemoryCall(in)
		if err != nil {
			return 0, err
		}
		f.mu.Lock()
		f.ops = append(f.ops, r.Opcode())
		f.mu.Unlock()
		_ = h
		return f.d.direct(code, r, out)
	case contract.IoctlCall:
		h, r, err := contract.DecodeCall(in)
		if err != nil {
			return 0, err
		}
		f.mu.Lock()
		f.ops = append(f.ops, r.Opcode())
		f.mu.Unlock()
		answer := f.d.script[r.Opcode()]
		if answer == nil {
			return copy(out, contract.EncodeProtocolError(contract.ProtocolErrorNotSupported)), nil
		}
		st, rep, err := answer(f, h, r)
		if err != nil {
			return 0, err
		}
		if rep == nil {
			return copy(out, contract.EncodeProtocolError(st)), nil
		}
		b, err := contract.EncodeReply(st, rep)
		if err != nil {
			return 0, err
		}
		if len(b) > len(out) {
			return 0, fmt.Errorf("a reply of %d bytes, room for %d", len(b), len(out))
		}
		return copy(out, b), nil
	}
	return 0, &device.StatusError{Code: code, Status: statusInvalidParam}
}

// decodeMemoryCall decodes the input of a memory code: the header and the
// fixed request only (its data travels in the IRP's buffer).
func decodeMemoryCall(in []byte) (contract.CallHeader, contract.Request, error) {
	var h contract.CallHeader
	if _, err := binary.Decode(in, binary.LittleEndian, &h); err != nil {
		return h, nil, err
	}
	r, err := contract.NewRequest(contract.Opcode(h.Opcode))
	if err != nil {
		return h, nil, err
	}
	switch q := r.(type) {
	case *contract.WriteMemoryRequest:
		_, err = binary.Decode(in[contract.CallHeaderSize:], binary.LittleEndian, &q.WriteMemoryRequestFixed)
	case *contract.ReadMemoryRequest:
		_, err = binary.Decode(in[contract.CallHeaderSize:], binary.LittleEndian, &q.ReadMemoryRequestFixed)
	default:
		err = fmt.Errorf("%s by a memory code", r.Opcode())
	}
	return h, r, err
}

func (f *fakeHandle) Close() error {
	f.once.Do(func() { close(f.closed) })
	return nil
}

// The fake's objects.
var (
	fakeAdapter = contract.ObjRef{ID: 0x01_000001_00000000, Kind: uint32(agentv1.HandleKind_HANDLE_KIND_ADAPTER)}
	fakePD      = contract.ObjRef{ID: 0x06_000001_00000001, Kind: uint32(agentv1.HandleKind_HANDLE_KIND_PD)}
)

// basicScript answers OpenAdapter, QueryAdapterInfo, CreatePD, a
// CloseObject of the PD (STATUS_PENDING, then its close completion),
// CloseAdapter and CloseProvider.
func basicScript() map[contract.Opcode]func(*fakeHandle, contract.CallHeader, contract.Request) (uint32, contract.Reply, error) {
	type rep = contract.Reply
	return map[contract.Opcode]func(*fakeHandle, contract.CallHeader, contract.Request) (uint32, contract.Reply, error){
		contract.OpOpenAdapter: func(_ *fakeHandle, _ contract.CallHeader, r contract.Request) (uint32, rep, error) {
			a := r.(*contract.OpenAdapterRequest).Address
			if a.Family != contract.AFInet || !bytes.Equal(a.Addr[:4], []byte{192, 0, 2, 1}) {
				return uint32(ndk.StatusInvalidAddress), &contract.OpenAdapterReply{}, nil
			}
			return 0, &contract.OpenAdapterReply{OpenAdapterReplyFixed: contract.OpenAdapterReplyFixed{Adapter: fakeAdapter}}, nil
		},
		contract.OpQueryAdapterInfo: func(_ *fakeHandle, _ contract.CallHeader, r contract.Request) (uint32, rep, error) {
			if r.(*contract.QueryAdapterInfoRequest).Adapter != fakeAdapter.ID {
				return contract.ProtocolErrorUnknownHandle, nil, nil
			}
			return 0, &contract.QueryAdapterInfoReply{QueryAdapterInfoReplyFixed: contract.QueryAdapterInfoReplyFixed{Info: contract.AdapterInfo{
				Version: contract.Version{Major: 2, Minor: 1}, VendorID: 0x15b3, MaxCQDepth: 4096, RdmaTechnology: 4}}}, nil
		},
		contract.OpCreatePD: func(_ *fakeHandle, _ contract.CallHeader, r contract.Request) (uint32, rep, error) {
			if r.(*contract.CreatePDRequest).Adapter != fakeAdapter.ID {
				return contract.ProtocolErrorUnknownHandle, nil, nil
			}
			return 0, &contract.CreatePDReply{CreatePDReplyFixed: contract.CreatePDReplyFixed{PD: fakePD}}, nil
		},
		contract.OpCloseObject: func(f *fakeHandle, _ contract.CallHeader, r contract.Request) (uint32, rep, error) {
			q := r.(*contract.CloseObjectRequest)
			if q.Object != fakePD.ID || q.Done.Present != 1 {
				return contract.ProtocolErrorInvalidArgument, nil, nil
			}
			e := &contract.CloseCompletion{}
			e.Hdr = contract.EventHeader{CallbackID: 1<<20 | 3, Context: q.Done.Context, Held: 1}
			e.Object = fakePD
			f.event(e)
			return uint32(ndk.StatusPending), &contract.CloseObjectReply{}, nil
		},
		contract.OpCloseAdapter: func(*fakeHandle, contract.CallHeader, contract.Request) (uint32, rep, error) {
			return 0, &contract.CloseAdapterReply{}, nil
		},
		contract.OpCloseProvider: func(*fakeHandle, contract.CallHeader, contract.Request) (uint32, rep, error) {
			return 0, &contract.CloseProviderReply{}, nil
		},
	}
}

var fakeDevices atomic.Int32

// registerFake registers d under a name of its own.
func registerFake(t *testing.T, d *fakeDevice) string {
	t.Helper()
	name := fmt.Sprintf("fake-%s-%d", t.Name(), fakeDevices.Add(1))
	RegisterDevice(name, func(opts map[string]string) (device.Device, error) {
		for k := range opts {
			if k != "mode" {
				return nil, fmt.Errorf("no option %s", k)
			}
		}
		d.opts = opts
		return d, nil
	})
	return name
}

func waitFor(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatalf("no %s within 10s", what)
	}
}

// TestNdktDriverFaultsFromHello: the ndkt driver offers fault injection
// as the device's HELLO says its core serves it, each kind alone: the
// provider is an ndk.FaultInjector, SRQFaultInjector, CQFaultInjector
// for exactly the bits set, and the component's version names them.
func TestNdktDriverFaultsFromHello(t *testing.T) {
	for _, bits := range []uint32{0, contract.FaultHostState, contract.FaultSRQ, contract.FaultCQ, contract.FaultsAll} {
		d := &fakeDevice{script: basicScript(), faults: bits}
		name := registerFake(t, d)
		p, err := NdktDriver{}.Open(map[string]string{OptDevice: name, OptSideA: "192.0.2.1", OptSideB: "192.0.2.2"})
		if err != nil {
			t.Fatal(err)
		}
		_, host := p.(ndk.FaultInjector)
		_, srq := p.(ndk.SRQFaultInjector)
		_, cq := p.(ndk.CQFaultInjector)
		if host != (bits&contract.FaultHostState != 0) || srq != (bits&contract.FaultSRQ != 0) || cq != (bits&contract.FaultCQ != 0) {
			t.Errorf("HELLO faults %#x: FaultInjector %v, SRQFaultInjector %v, CQFaultInjector %v", bits, host, srq, cq)
		}
		v := p.(ndk.Describer).Describe()[0].Version
		if strings.Contains(v, ", fault injection") != host || strings.Contains(v, ", SRQ fault injection") != srq ||
			strings.Contains(v, ", CQ fault injection") != cq {
			t.Errorf("HELLO faults %#x: component version %q", bits, v)
		}
		if err := p.Close(); err != nil {
			t.Errorf("HELLO faults %#x: Close: %v", bits, err)
		}
	}
}

// TestNdktDriverOverFakeDevice: through ndk's interfaces only, the ndkt
// driver opens a provider on a device, opens an adapter, queries it,
// creates a PD and closes it (STATUS_PENDING, then the close completion
// the device sends as an event record, acked), closes the adapter and the
// provider; each as the contract's exchange.
func TestNdktDriverOverFakeDevice(t *testing.T) {
	d := &fakeDevice{script: basicScript()}
	name := registerFake(t, d)
	d2, _ := ndk.Lookup("ndkt")
	if err := d2.Usable(); err != nil {
		t.Errorf("Usable with a device registered: %v", err)
	}
	p, err := d2.Open(map[string]string{OptDevice: name, OptDeviceOpts: "mode=x", OptSideA: "192.0.2.1,2001:db8::1", OptSideB: "192.0.2.2"})
	if err != nil {
		t.Fatal(err)
	}
	if d.opts["mode"] != "x" {
		t.Errorf("the device got options %v, want mode=x", d.opts)
	}
	a, b := p.Sides()
	if a.IPv4 != netip.MustParseAddr("192.0.2.1") || a.IPv6 != netip.MustParseAddr("2001:db8::1") || b.IPv4 != netip.MustParseAddr("192.0.2.2") || b.IPv6.IsValid() {
		t.Errorf("sides %v, %v", a, b)
	}
	if _, ok := p.(ndk.FaultInjector); ok {
		t.Errorf("a device that declares no faults gave an ndk.FaultInjector")
	}
	if dt := p.(ndk.TimeoutDeclarer).DeclaredTimeouts(); len(dt) != 0 {
		t.Errorf("declared timeouts %v, want none (no liveness probes)", dt)
	}
	comps := p.(ndk.Describer).Describe()
	if len(comps) != 1 || comps[0].Driver != "ndkt" || comps[0].Address != name || !strings.Contains(comps[0].Version, "ndkt 1.2.3.4 (interface 1)") ||
		comps[0].Protocol != "1.7" || comps[0].DriverOptions[OptDeviceOpts] != "mode=x" {
		t.Errorf("components %+v", comps)
	}

	ad, st := p.OpenAdapter(netip.MustParseAddr("192.0.2.1"))
	if st != ndk.StatusSuccess || ad == nil {
		t.Fatalf("OpenAdapter: %v", st)
	}
	if _, st := p.OpenAdapter(netip.MustParseAddr("192.0.2.9")); st != ndk.StatusInvalidAddress {
		t.Errorf("OpenAdapter of another address: %v, want the device's STATUS_INVALID_ADDRESS", st)
	}
	info, st := ad.QueryAdapterInfo()
	if st != ndk.StatusSuccess || info.VendorID != 0x15b3 || info.Version != (ndk.Version{Major: 2, Minor: 1}) || info.MaxCQDepth != 4096 || info.RDMATechnology != 4 {
		t.Errorf("QueryAdapterInfo: %+v, %v", info, st)
	}
	pd, st := ad.CreatePD(nil, nil)
	if st != ndk.StatusSuccess || pd == nil || pd.ObjectType() != ndk.ObjectType(agentv1.HandleKind_HANDLE_KIND_PD) {
		t.Fatalf("CreatePD: %v, %v", pd, st)
	}
	closed := make(chan struct{})
	var gotCtx any
	if st := pd.Close(func(ctx any) { gotCtx = ctx; close(closed) }, "the PD's close"); st != ndk.StatusPending {
		t.Errorf("Close: %v, want STATUS_PENDING", st)
	}
	waitFor(t, closed, "close completion")
	if gotCtx != "the PD's close" {
		t.Errorf("the close completion's context %v", gotCtx)
	}
	// The ack follows the consumer callback's return on the client's
	// goroutine: wait for it before closing, as a consumer's next call
	// would (a close racing it may end the session first: under load the
	// clean-clone CI of e4fd2fd saw the ack lost that way).
	f := d.opened[0]
	deadline := time.Now().Add(10 * time.Second)
	for {
		f.mu.Lock()
		acked := f.acked[1<<20|3]
		f.mu.Unlock()
		if acked || time.Now().After(deadline) {
			if !acked {
				t.Errorf("the close completion was not acked")
			}
			break
		}
		time.Sleep(time.Millisecond)
	}
	ad.Close()
	if err := p.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	want := []contract.Opcode{contract.OpOpenAdapter, contract.OpOpenAdapter, contract.OpQueryAdapterInfo, contract.OpCreatePD,
		contract.OpCloseObject, contract.OpCloseAdapter, contract.OpCloseProvider}
	if got := f.seen(); !slices.Equal(got, want) {
		t.Errorf("the device saw %v, want %v", got, want)
	}
	waitFor(t, f.closed, "the handle's close")
}

// TestNdktDeviceErrorBreaksTheSession: an exchange the device fails (a
// *device.StatusError) loses the provider as a broken agent stream
// does: the call panics with the *ndk.LostError naming the device and
// the NTSTATUS, Lost is closed, later calls panic too, Close returns it.
func TestNdktDeviceErrorBreaksTheSession(t *testing.T) {
	s := basicScript()
	s[contract.OpCreatePD] = func(*fakeHandle, contract.CallHeader, contract.Request) (uint32, contract.Reply, error) {
		return 0, nil, &device.StatusError{Code: contract.IoctlCall, Status: statusIODeviceError}
	}
	d := &fakeDevice{script: s}
	name := registerFake(t, d)
	p, err := NdktDriver{}.Open(map[string]string{OptDevice: name, OptSideA: "192.0.2.1"})
	if err != nil {
		t.Fatal(err)
	}
	ad, st := p.OpenAdapter(netip.MustParseAddr("192.0.2.1"))
	if st != ndk.StatusSuccess {
		t.Fatalf("OpenAdapter: %v", st)
	}
	le := lostBy(t, func() { ad.CreatePD(nil, nil) })
	for _, w := range []string{"ndkt device " + name, "create_pd", "NTSTATUS 0xc0000185"} {
		if !strings.Contains(le.Error(), w) {
			t.Errorf("the loss %q does not say %q", le, w)
		}
	}
	var se *device.StatusError
	if !errors.As(le, &se) || se.Status != statusIODeviceError {
		t.Errorf("the loss %v does not wrap the *device.StatusError", le)
	}
	waitFor(t, p.(ndk.Losable).Lost(), "Lost")
	lostBy(t, func() { ad.QueryAdapterInfo() })
	if err := p.Close(); !errors.As(err, new(*ndk.LostError)) {
		t.Errorf("Close: %v, want the *ndk.LostError", err)
	}
	waitFor(t, d.opened[0].closed, "the handle's close")
}

// TestNdktRefusals: a call the core refuses (its protocol error) fails
// that call only, as the Go agent's refusal does; an ack of a callback
// the device does not hold is the session's protocol error; an interface
// version other than the driver's refuses the session.
func TestNdktRefusals(t *testing.T) {
	d := &fakeDevice{script: basicScript()}
	name := registerFake(t, d)
	p, err := NdktDriver{}.Open(map[string]string{OptDevice: name, OptSideA: "192.0.2.1"})
	if err != nil {
		t.Fatal(err)
	}
	s := p.(*Provider).a
	if r := s.call(&agentv1.Call{Op: &agentv1.Call_CreatePd{CreatePd: &agentv1.CreatePdRequest{Adapter: &agentv1.Handle{Id: 99}}}}); r != nil {
		t.Errorf("a refused call returned %v", r)
	}
	if err := s.lastErr(); err == nil || !strings.Contains(err.Error(), "UNKNOWN_HANDLE") {
		t.Errorf("the refusal: %v, want UNKNOWN_HANDLE", err)
	}
	if r := s.call(&agentv1.Call{Op: &agentv1.Call_Flush{Flush: &agentv1.FlushRequest{Qp: &agentv1.Handle{Id: 5}}}}); r != nil {
		t.Errorf("a call the device does not serve returned %v", r)
	} else if err := s.lastErr(); !strings.Contains(err.Error(), "NOT_SUPPORTED") {
		t.Errorf("%v, want NOT_SUPPORTED", err)
	}
	if err := s.send(&agentv1.ClientMessage{Msg: &agentv1.ClientMessage_CallbackReturn{CallbackReturn: &agentv1.CallbackReturn{CallbackId: 12345}}}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for err := s.lastErr(); err == nil || !strings.Contains(err.Error(), "UNKNOWN_CALLBACK"); err = s.lastErr() {
		if time.Now().After(deadline) {
			t.Fatalf("an ack of no callback: %v, want the session's UNKNOWN_CALLBACK", err)
		}
		time.Sleep(time.Millisecond)
	}
	if _, st := p.OpenAdapter(netip.MustParseAddr("192.0.2.1")); st != ndk.StatusSuccess {
		t.Errorf("after the refusals: %v", st)
	}
	if err := p.Close(); err != nil {
		t.Error(err)
	}

	old := &fakeDevice{version: contract.InterfaceVersion + 1, script: basicScript()}
	_, err = NdktDriver{}.Open(map[string]string{OptDevice: registerFake(t, old), OptSideA: "192.0.2.1"})
	if err == nil || !strings.Contains(err.Error(), "interface version 2, this driver 1") || !errors.Is(err, ndk.ErrUnavailable) {
		t.Errorf("another interface version: %v", err)
	}
}

// TestNdktMemoryByDirectIO: WriteMemory and ReadMemory go by the direct
// codes with the data as the IRP's buffer; a refusal there (an NTSTATUS)
// goes again by NDKT_CALL, whose protocol error answers the call.
func TestNdktMemoryByDirectIO(t *testing.T) {
	s := basicScript()
	var mu sync.Mutex
	var written []byte
	region := uint64(0x64_000001_00000002)
	d := &fakeDevice{script: s, direct: func(code uint32, r contract.Request, data []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		switch q := r.(type) {
		case *contract.WriteMemoryRequest:
			if q.Region != region || int(q.NData) != len(data) || code != contract.IoctlWriteMemory {
				return 0, &device.StatusError{Code: code, Status: statusInvalidParam}
			}
			written = append([]byte{}, data...)
			return 0, nil
		case *contract.ReadMemoryRequest:
			if q.Region != region || int(q.Length) != len(data) || code != contract.IoctlReadMemory {
				return 0, &device.StatusError{Code: code, Status: statusInvalidParam}
			}
			return copy(data, written[q.Offset:]), nil
		}
		return 0, errors.New("no memory call")
	}}
	s[contract.OpWriteMemory] = func(*fakeHandle, contract.CallHeader, contract.Request) (uint32, contract.Reply, error) {
		return contract.ProtocolErrorOutOfRange, nil, nil
	}
	name := registerFake(t, d)
	p, err := NdktDriver{}.Open(map[string]string{OptDevice: name, OptSideA: "192.0.2.1"})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ss := p.(*Provider).a
	r := ss.call(&agentv1.Call{Op: &agentv1.Call_WriteMemory{WriteMemory: &agentv1.WriteMemoryRequest{Region: &agentv1.Handle{Id: region}, Data: []byte("hello, ndkt")}}})
	if r == nil || r.GetWriteMemory() == nil || r.GetStatus() != 0 || string(written) != "hello, ndkt" {
		t.Fatalf("WriteMemory: %v (%v), the device has %q", r, ss.lastErr(), written)
	}
	r = ss.call(&agentv1.Call{Op: &agentv1.Call_ReadMemory{ReadMemory: &agentv1.ReadMemoryRequest{Region: &agentv1.Handle{Id: region}, Offset: 7, Length: 4}}})
	if got := string(r.GetReadMemory().GetData()); r == nil || got != "ndkt" {
		t.Fatalf("ReadMemory: %v (%v)", r, ss.lastErr())
	}
	// refused by the direct code: NDKT_CALL says why
	if r := ss.call(&agentv1.Call{Op: &agentv1.Call_WriteMemory{WriteMemory: &agentv1.WriteMemoryRequest{Region: &agentv1.Handle{Id: 1}, Data: []byte("x")}}}); r != nil {
		t.Errorf("a refused WriteMemory returned %v", r)
	} else if err := ss.lastErr(); !strings.Contains(err.Error(), "OUT_OF_RANGE") {
		t.Errorf("the refusal %v, want NDKT_CALL's OUT_OF_RANGE", err)
	}
	want := []contract.Opcode{contract.OpWriteMemory, contract.OpReadMemory, contract.OpWriteMemory, contract.OpWriteMemory}
	if got := d.opened[0].seen(); !slices.Equal(got, want) {
		t.Errorf("the device saw %v, want %v", got, want)
	}
}

// TestNdktOptions: the options' errors, and Usable without a device.
func TestNdktOptions(t *testing.T) {
	name := registerFake(t, &fakeDevice{script: basicScript()})
	for _, c := range []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{OptDevice: "no-such-device"}, "no such ndkt device"},
		{map[string]string{OptDevice: name, OptSideA: "192.0.2.1,192.0.2.2"}, "at most one IPv4 and one IPv6"},
		{map[string]string{OptDevice: name, OptSideA: "host"}, "is no IP address"},
		{map[string]string{OptDevice: name, OptSideB: "192.0.2.2"}, "side-b without side-a"},
		{map[string]string{OptDevice: name, OptDeviceOpts: "novalue"}, "is not KEY=VALUE"},
		{map[string]string{OptDevice: name, OptCallTimeout: "-1s"}, "invalid call-timeout"},
		{map[string]string{OptDevice: name, "agent-opts": "x=y"}, "unknown option agent-opts"},
	} {
		_, err := ndk.ParseOptions(NdktDriver{}, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.opts, err, c.want)
		}
	}
	// no sides, and a device that declares none
	if _, err := (NdktDriver{}).Open(map[string]string{OptDevice: name}); err == nil || !strings.Contains(err.Error(), "declares no adapters") {
		t.Errorf("no sides: %v", err)
	}
	// a device option the device refuses
	if _, err := (NdktDriver{}).Open(map[string]string{OptDevice: name, OptSideA: "192.0.2.1", OptDeviceOpts: "speed=9"}); err == nil || !strings.Contains(err.Error(), "no option speed") {
		t.Errorf("a device option refused: %v", err)
	}
}
