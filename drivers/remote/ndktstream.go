package remote

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndkt/contract"
	"github.com/ndkconform/ndkconform/ndkt/device"
)

// ndktStream is the agent's side of a session served by ndkt's device
// (driver ndkt): the device's kernel consumer is the agent, and its IOCTL
// contract the protocol's calls in binary form. Each message the session
// sends becomes an exchange on the device handle, and each answer a
// message Recv returns:
//
//   - Hello: NDKT_HELLO (the contract's interface version must be this
//     driver's), answered with a Welcome made here (welcome).
//   - Call: NDKT_CALL on a goroutine of its own (a call may block in the
//     provider: no call waits behind another), its output a CallReturn;
//     WriteMemory and ReadMemory go by NDKT_WRITE_MEMORY and
//     NDKT_READ_MEMORY, the data the IRP's buffer (direct I/O).
//   - CallbackReturn: NDKT_ACK_CALLBACK.
//   - Callbacks: ndktEventPullers NDKT_GET_EVENTS stay pending from the
//     Welcome on; each batch of event records becomes Callbacks, in the
//     batch's order. (Batches that complete together may come in either
//     order: the session runs every callback on a goroutine of its own
//     anyway.)
//
// A call the core refused answers its protocol error, as the Go agent's
// does. A device exchange that fails (a *device.StatusError, a reply that
// does not decode) breaks the session: Recv returns the error after the
// messages before it, and the session takes the provider for lost, as it
// does when an agent's stream breaks. CloseProvider's return ends the
// stream (io.EOF after it), and Close closes the handle, which closes
// whatever the session left open, children first.
type ndktStream struct {
	h    device.Handle
	what string // "ndkt device NAME"
	// welcome makes the Welcome's capabilities from NDKT_HELLO's output.
	welcome func(contract.HelloOut) *agentv1.Capabilities

	mu     sync.Mutex
	queue  []*agentv1.ServerMessage
	wake   chan struct{} // a message or the end is ready
	ended  bool
	endErr error // Recv's error once the queue is empty
	helloD bool

	closeOnce sync.Once
}

// ndktEventPullers is how many NDKT_GET_EVENTS stay pending (the design
// note's 2 to 4).
const ndktEventPullers = 3

// ndktDefaultBatch is the output buffer of NDKT_GET_EVENTS when NDKT_HELLO
// names no max_event_batch_bytes.
const ndktDefaultBatch = 64 << 10

func newNdktStream(h device.Handle, what string, welcome func(contract.HelloOut) *agentv1.Capabilities) *ndktStream {
	return &ndktStream{h: h, what: what, welcome: welcome, wake: make(chan struct{}, 1)}
}

func (n *ndktStream) signal() {
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// push queues messages for Recv, together (nothing after the end).
func (n *ndktStream) push(ms ...*agentv1.ServerMessage) {
	n.mu.Lock()
	if !n.ended {
		n.queue = append(n.queue, ms...)
	}
	n.mu.Unlock()
	n.signal()
}

// end ends the stream with err (the first end stays): Recv returns it
// once the queued messages are read. The handle is closed.
func (n *ndktStream) end(err error) {
	n.mu.Lock()
	if !n.ended {
		n.ended, n.endErr = true, err
	}
	n.mu.Unlock()
	n.signal()
	n.closeHandle()
}

func (n *ndktStream) isEnded() bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.ended
}

// fail breaks the session on a device exchange that failed.
func (n *ndktStream) fail(what string, err error) {
	n.end(fmt.Errorf("the %s failed %s: %w", n.what, what, err))
}

func (n *ndktStream) closeHandle() {
	n.closeOnce.Do(func() { _ = n.h.Close() })
}

// Recv implements stream.
func (n *ndktStream) Recv() (*agentv1.ServerMessage, error) {
	for {
		n.mu.Lock()
		if len(n.queue) > 0 {
			m := n.queue[0]
			n.queue[0] = nil
			n.queue = n.queue[1:]
			more := len(n.queue) > 0 || n.ended
			n.mu.Unlock()
			if more {
				n.signal()
			}
			return m, nil
		}
		if n.ended {
			err := n.endErr
			n.mu.Unlock()
			n.signal() // for another reader
			return nil, err
		}
		n.mu.Unlock()
		<-n.wake
	}
}

// Send implements stream: it never waits for a call's provider.
func (n *ndktStream) Send(m *agentv1.ClientMessage) error {
	if n.isEnded() {
		return io.EOF
	}
	switch x := m.Msg.(type) {
	case *agentv1.ClientMessage_Hello:
		n.hello()
	case *agentv1.ClientMessage_Call:
		go n.call(x.Call)
	case *agentv1.ClientMessage_CallbackReturn:
		n.ack(x.CallbackReturn.GetCallbackId())
	default:
		n.push(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_ProtocolError{ProtocolError: &agentv1.ProtocolError{
			Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED, Message: "a client message this agent does not know"}}})
	}
	return nil
}

// CloseSend implements stream: the client is done, and so is the stream.
func (n *ndktStream) CloseSend() error {
	n.end(io.EOF)
	return nil
}

// Cancel implements stream.
func (n *ndktStream) Cancel() { n.end(errors.New("the session was cancelled")) }

// Close implements stream.
func (n *ndktStream) Close() { n.Cancel() }

// hello is NDKT_HELLO, then the Welcome and the pending NDKT_GET_EVENTS.
func (n *ndktStream) hello() {
	n.mu.Lock()
	again := n.helloD
	n.helloD = true
	n.mu.Unlock()
	if again {
		n.end(fmt.Errorf("%s: a second Hello", n.what))
		return
	}
	out := make([]byte, 256) // a later version may answer more
	k, err := n.h.Ioctl(contract.IoctlHello, contract.EncodeHelloIn(), out)
	if err != nil {
		n.fail("NDKT_HELLO", err)
		return
	}
	ho, err := contract.DecodeHelloOut(out[:k])
	if err != nil {
		n.fail("NDKT_HELLO", err)
		return
	}
	if ho.InterfaceVersion != contract.InterfaceVersion {
		n.end(fmt.Errorf("the %s speaks ndkt interface version %d, this driver %d: install the ndkt of this ndkconform", n.what, ho.InterfaceVersion, contract.InterfaceVersion))
		return
	}
	n.push(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_Welcome{Welcome: &agentv1.Welcome{Capabilities: n.welcome(ho)}}})
	batch := int(ho.MaxEventBatchBytes)
	if batch == 0 {
		batch = ndktDefaultBatch
	}
	for range ndktEventPullers {
		go n.pullEvents(batch)
	}
}

// pullEvents keeps one NDKT_GET_EVENTS pending until the stream ends.
func (n *ndktStream) pullEvents(batch int) {
	out := make([]byte, batch)
	for {
		k, err := n.h.Ioctl(contract.IoctlGetEvents, nil, out)
		if n.isEnded() {
			return // cancelled by the handle's close
		}
		if err != nil {
			n.fail("NDKT_GET_EVENTS", err)
			return
		}
		evs, err := contract.DecodeEvents(out[:k])
		if err != nil {
			n.fail("NDKT_GET_EVENTS (a batch that does not decode)", err)
			return
		}
		ms := make([]*agentv1.ServerMessage, len(evs))
		for i, e := range evs {
			cb := eventToProto(e)
			h := e.Header()
			cb.AbiCallbacks = []*agentv1.CallbackIrql{{Callback: ndktCallbackNames[e.Kind()], Irql: uint32(h.IRQL), Held: h.Held != 0}}
			ms[i] = &agentv1.ServerMessage{Msg: &agentv1.ServerMessage_Callback{Callback: cb}}
		}
		n.push(ms...)
	}
}

// ack is NDKT_ACK_CALLBACK. A callback the core does not hold (its
// refusal) is the protocol error of the session the Go agent sends for a
// CallbackReturn it did not expect.
func (n *ndktStream) ack(id uint64) {
	in, _ := binary.Append(nil, binary.LittleEndian, &contract.Ack{CallbackID: id})
	_, err := n.h.Ioctl(contract.IoctlAckCallback, in, nil)
	var se *device.StatusError
	switch {
	case errors.As(err, &se):
		n.push(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_ProtocolError{ProtocolError: &agentv1.ProtocolError{
			Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNKNOWN_CALLBACK, CorrelationId: id,
			Message: fmt.Sprintf("a CallbackReturn for callback %d, which the %s does not hold (NTSTATUS 0x%08x)", id, n.what, se.Status)}}})
	case err != nil:
		n.fail("NDKT_ACK_CALLBACK", err)
	}
}

func (n *ndktStream) ret(r *agentv1.CallReturn) {
	n.push(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_CallReturn{CallReturn: r}})
}

func refusedCall(callID uint64, code agentv1.ProtocolErrorCode, msg string) *agentv1.CallReturn {
	return &agentv1.CallReturn{CallId: callID, ProtocolError: &agentv1.ProtocolError{Code: code, Message: msg, CorrelationId: callID}}
}

// call makes one call on the device and queues its return.
func (n *ndktStream) call(c *agentv1.Call) {
	h, req, err := callToContract(c)
	if err != nil {
		var ce *convError
		if !errors.As(err, &ce) {
			ce = &convError{code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_INVALID_ARGUMENT, msg: err.Error()}
		}
		n.ret(refusedCall(c.GetCallId(), ce.code, ce.msg))
		return
	}
	op := req.Opcode()
	var r *agentv1.CallReturn
	direct := false
	switch q := req.(type) {
	case *contract.WriteMemoryRequest:
		r, direct = n.memory(h, q, contract.IoctlWriteMemory, q.Data)
	case *contract.ReadMemoryRequest:
		r, direct = n.memory(h, q, contract.IoctlReadMemory, make([]byte, q.Length))
	}
	if !direct {
		r = n.marshalled(h, req)
	}
	if r == nil {
		return // the session broke
	}
	n.ret(r)
	if op == contract.OpCloseProvider {
		// the last call: the agent ends the session after its return
		n.end(io.EOF)
	}
}

// marshalled is one NDKT_CALL: its CallReturn, or nil when the device
// failed (the session is broken then).
func (n *ndktStream) marshalled(h contract.CallHeader, req contract.Request) *agentv1.CallReturn {
	op := req.Opcode()
	in, err := contract.EncodeCall(h, req)
	if err != nil {
		return refusedCall(h.CallID, agentv1.ProtocolErrorCode(contract.StatusOf(err).ProtocolError()), fmt.Sprintf("%s: %v", op, err))
	}
	size, err := contract.ReplyCapacity(req)
	if err != nil {
		return refusedCall(h.CallID, agentv1.ProtocolErrorCode(contract.StatusOf(err).ProtocolError()), fmt.Sprintf("%s: %v", op, err))
	}
	out := make([]byte, size)
	k, err := n.h.Ioctl(contract.IoctlCall, in, out)
	if err != nil {
		n.fail(fmt.Sprintf("NDKT_CALL %s", op), err)
		return nil
	}
	rh, rep, err := contract.DecodeReply(op, out[:k])
	if err != nil {
		n.fail(fmt.Sprintf("NDKT_CALL %s (a reply that does not decode)", op), err)
		return nil
	}
	return replyToProto(h.CallID, op, rh, rep)
}

// memory is WriteMemory or ReadMemory by direct I/O: data is the IRP's
// buffer (the bytes to write, or room for the bytes to read). The direct
// codes answer a refusal with an NTSTATUS only: then the call goes again
// by NDKT_CALL (done false), which carries the data inline and answers
// the refusal's protocol error (nothing was read or written). A nil
// return with done: the session broke.
func (n *ndktStream) memory(h contract.CallHeader, req contract.Request, code uint32, data []byte) (r *agentv1.CallReturn, done bool) {
	in, err := contract.EncodeMemoryCall(h, req)
	if err != nil {
		return nil, false // NDKT_CALL refuses it with its status
	}
	k, err := n.h.Ioctl(code, in, data)
	var se *device.StatusError
	switch {
	case errors.As(err, &se):
		return nil, false
	case err != nil:
		n.fail(req.Opcode().String(), err)
		return nil, true
	}
	r = &agentv1.CallReturn{CallId: h.CallID}
	if code == contract.IoctlReadMemory {
		r.Reply = &agentv1.CallReturn_ReadMemory{ReadMemory: &agentv1.ReadMemoryReply{Data: data[:min(max(k, 0), len(data))]}}
	} else {
		r.Reply = &agentv1.CallReturn_WriteMemory{WriteMemory: &agentv1.WriteMemoryReply{}}
	}
	return r, true
}

var _ stream = (*ndktStream)(nil)
