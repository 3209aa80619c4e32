//go:build linux && cgo

package inproc_test

import (
	"bytes"
	"errors"
	"net/netip"
	"slices"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/ndkt/contract"
	"github.com/ndkconform/ndkconform/ndkt/device"
	"github.com/ndkconform/ndkconform/ndkt/inproc"
)

// NDK values the tests use (ndkt/include/ndkpi.h).
const (
	mrFlags       = 0x1 | 0x2 | 0x5 | 0x8 // local write, remote read, remote write, read sink
	cqNotifyAny   = 1
	opReceive     = 1
	opSend        = 2
	opRead        = 32
	opWrite       = 64
	bufSize       = 8192
	kindAdapter   = 1
	kindQP        = 2
	kindCQ        = 3
	kindMR        = 4
	kindPD        = 6
	kindConnector = 8
	kindListener  = 9
	kindBuffer    = 100
	kindLAM       = 101
)

var personalities = []string{"inline", "deferred", "reentrant"}

type side struct {
	name                string
	adapter, cq, pd, qp contract.ObjRef
	mr, buf, conn       contract.ObjRef
	va                  uint64
	qpCtx, notifyCtx    uint64
	discCtx             uint64
	local, remote       uint32
}

func (s *session) openAdapter(ip netip.Addr) contract.ObjRef {
	s.t.Helper()
	st, rep := s.call(&contract.OpenAdapterRequest{OpenAdapterRequestFixed: contract.OpenAdapterRequestFixed{Address: addr(netip.AddrPortFrom(ip, 0))}})
	if st != statusSuccess {
		s.t.Fatalf("OpenAdapter(%v): %#x", ip, st)
	}
	a := rep.(*contract.OpenAdapterReply).Adapter
	if a.ID == 0 || a.Kind != kindAdapter || a.Flags != contract.ObjMdlChains {
		s.t.Errorf("OpenAdapter's handle %+v, want kind %d, mdl_chains", a, kindAdapter)
	}
	return a
}

func (s *session) side(name string, ip netip.Addr, va uint64) *side {
	s.t.Helper()
	d := &side{name: name, va: va}
	d.adapter = s.openAdapter(ip)
	st, rep := s.call(&contract.QueryAdapterInfoRequest{QueryAdapterInfoRequestFixed: contract.QueryAdapterInfoRequestFixed{Adapter: d.adapter.ID}})
	info := rep.(*contract.QueryAdapterInfoReply).Info
	if st != statusSuccess || info.MaxCQDepth == 0 || info.Version != (contract.Version{Major: 2, Minor: 1}) {
		s.t.Errorf("%s: QueryAdapterInfo: %#x, version %v, MaxCqDepth %d", name, st, info.Version, info.MaxCQDepth)
	}
	d.notifyCtx = s.ctx()
	d.cq = s.create(name+" CreateCq", func(done contract.CbRef) contract.Request {
		return &contract.CreateCQRequest{CreateCQRequestFixed: contract.CreateCQRequestFixed{Adapter: d.adapter.ID, Depth: 64, Notify: ref(d.notifyCtx), Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateCQReply).CQ })
	d.pd = s.create(name+" CreatePd", func(done contract.CbRef) contract.Request {
		return &contract.CreatePDRequest{CreatePDRequestFixed: contract.CreatePDRequestFixed{Adapter: d.adapter.ID, Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreatePDReply).PD })
	d.qpCtx = s.ctx()
	d.qp = s.create(name+" CreateQp", func(done contract.CbRef) contract.Request {
		return &contract.CreateQPRequest{CreateQPRequestFixed: contract.CreateQPRequestFixed{PD: d.pd.ID, Done: done,
			Params: contract.QPParams{ReceiveCQ: d.cq.ID, InitiatorCQ: d.cq.ID, Context: d.qpCtx, ReceiveQueueDepth: 16,
				InitiatorQueueDepth: 16, MaxReceiveRequestSGE: 2, MaxInitiatorRequestSGE: 2}}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateQPReply).QP })
	d.mr = s.create(name+" CreateMr", func(done contract.CbRef) contract.Request {
		return &contract.CreateMRRequest{CreateMRRequestFixed: contract.CreateMRRequestFixed{PD: d.pd.ID, Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateMRReply).MR })
	for _, o := range []struct {
		ref  contract.ObjRef
		kind uint32
	}{{d.cq, kindCQ}, {d.pd, kindPD}, {d.qp, kindQP}, {d.mr, kindMR}} {
		if o.ref.ID == 0 || o.ref.Kind != o.kind {
			s.t.Errorf("%s: a handle %+v, want kind %d", name, o.ref, o.kind)
		}
	}
	if d.mr.Flags != contract.ObjMdlChains {
		s.t.Errorf("%s: the MR's flags %#x, want mdl_chains", name, d.mr.Flags)
	}
	st, rep = s.call(&contract.AllocateBufferRequest{AllocateBufferRequestFixed: contract.AllocateBufferRequestFixed{Length: bufSize}})
	d.buf = rep.(*contract.AllocateBufferReply).Buffer
	if st != statusSuccess || d.buf.Kind != kindBuffer {
		s.t.Fatalf("%s: AllocateBuffer: %#x %+v", name, st, d.buf)
	}
	s.request(name+" RegisterMr", func(done contract.CbRef) contract.Request {
		return &contract.RegisterMRRequest{RegisterMRRequestFixed: contract.RegisterMRRequestFixed{MR: d.mr.ID, Buffer: d.buf.ID,
			Length: bufSize, VA: va, Flags: mrFlags, Done: done}}
	})
	d.local = s.token(&contract.GetLocalTokenFromMRRequest{GetLocalTokenFromMRRequestFixed: contract.GetLocalTokenFromMRRequestFixed{MR: d.mr.ID}})
	d.remote = s.token(&contract.GetRemoteTokenFromMRRequest{GetRemoteTokenFromMRRequestFixed: contract.GetRemoteTokenFromMRRequestFixed{MR: d.mr.ID}})
	return d
}

func (s *session) token(r contract.Request) uint32 {
	s.t.Helper()
	_, rep := s.call(r)
	switch x := rep.(type) {
	case *contract.GetLocalTokenFromMRReply:
		return x.Token
	case *contract.GetRemoteTokenFromMRReply:
		return x.Token
	}
	s.t.Fatalf("a token reply %T", rep)
	return 0
}

func (s *session) writeMem(region contract.ObjRef, off uint64, data string) {
	s.t.Helper()
	st, _ := s.call(&contract.WriteMemoryRequest{WriteMemoryRequestFixed: contract.WriteMemoryRequestFixed{Region: region.ID, Offset: off}, Data: []byte(data)})
	if st != statusSuccess {
		s.t.Fatalf("WriteMemory: %#x", st)
	}
}

func (s *session) readMem(region contract.ObjRef, off uint64, n uint32) string {
	s.t.Helper()
	_, rep := s.call(&contract.ReadMemoryRequest{ReadMemoryRequestFixed: contract.ReadMemoryRequestFixed{Region: region.ID, Offset: off, Length: n}})
	return string(rep.(*contract.ReadMemoryReply).Data)
}

// connData reads a connector's connection data: its size with no buffer
// (a NULL pPrivateData), then into a buffer that size; a smaller one is
// STATUS_BUFFER_TOO_SMALL with the size needed.
func (s *session) connData(conn contract.ObjRef) *contract.GetConnectionDataReply {
	s.t.Helper()
	st, rep := s.call(&contract.GetConnectionDataRequest{GetConnectionDataRequestFixed: contract.GetConnectionDataRequestFixed{Connector: conn.ID}})
	rds := rep.(*contract.GetConnectionDataReply).PrivateDataLength
	if st != statusSuccess || rds < 5 {
		s.t.Fatalf("GetConnectionData(NULL): %#x, RDS %d", st, rds)
	}
	st, rep = s.call(&contract.GetConnectionDataRequest{GetConnectionDataRequestFixed: contract.GetConnectionDataRequestFixed{Connector: conn.ID, BufferLength: 2, HasBufferLength: 1}})
	if cd := rep.(*contract.GetConnectionDataReply); st != statusBufferTooSmall || cd.PrivateDataLength != rds || len(cd.PrivateData) != 2 {
		s.t.Errorf("GetConnectionData into 2 bytes: %#x, length %d, %d bytes; want STATUS_BUFFER_TOO_SMALL, %d", st, cd.PrivateDataLength, len(cd.PrivateData), rds)
	}
	st, rep = s.call(&contract.GetConnectionDataRequest{GetConnectionDataRequestFixed: contract.GetConnectionDataRequestFixed{Connector: conn.ID, BufferLength: rds, HasBufferLength: 1}})
	if st != statusSuccess {
		s.t.Errorf("GetConnectionData into %d bytes: %#x", rds, st)
	}
	return rep.(*contract.GetConnectionDataReply)
}

func sgl(va uint64, n uint32, token uint32) []contract.SGE {
	return []contract.SGE{{VirtualAddress: va, Length: n, MemoryRegionToken: token}}
}

// poll polls cq (NdkGetCqResultsEx, or NdkGetCqResults) until it has n results.
func (s *session) poll(cq contract.ObjRef, n int, ex bool) []contract.Result {
	s.t.Helper()
	var rs []contract.Result
	for deadline := time.Now().Add(waitFor); len(rs) < n; {
		if ex {
			_, rep := s.call(&contract.GetCQResultsExRequest{GetCQResultsExRequestFixed: contract.GetCQResultsExRequestFixed{CQ: cq.ID, MaxResults: 8}})
			rs = append(rs, rep.(*contract.GetCQResultsExReply).Results...)
		} else {
			_, rep := s.call(&contract.GetCQResultsRequest{GetCQResultsRequestFixed: contract.GetCQResultsRequestFixed{CQ: cq.ID, MaxResults: 8}})
			rs = append(rs, rep.(*contract.GetCQResultsReply).Results...)
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("%d of %d results after %v", len(rs), n, waitFor)
		}
		if len(rs) < n {
			time.Sleep(time.Millisecond)
		}
	}
	return rs
}

func (s *session) wantResult(what string, r contract.Result, typ uint32, qpCtx, ctx uint64, n uint32) {
	s.t.Helper()
	if r.Status != statusSuccess || r.Type != typ || r.QPContext != qpCtx || r.RequestContext != ctx || (n != 0 && r.BytesTransferred != n) {
		s.t.Errorf("%s: %+v, want type %d, QP context %#x, request context %#x, %d bytes", what, r, typ, qpCtx, ctx, n)
	}
}

// connectPair makes B listen, A connect, B accept and A complete (the
// private data checked both ways); the listener and its address.
func (s *session) connectPair(sa, sb ndk.Side, A, B *side) (contract.ObjRef, netip.AddrPort) {
	t := s.t
	t.Helper()
	// B listens; A connects; B accepts; A completes.
	evCtx := s.ctx()
	l := s.create("CreateListener", func(done contract.CbRef) contract.Request {
		return &contract.CreateListenerRequest{CreateListenerRequestFixed: contract.CreateListenerRequestFixed{Adapter: B.adapter.ID, OnConnect: ref(evCtx), Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateListenerReply).Listener })
	if l.Kind != kindListener {
		t.Errorf("listener %+v", l)
	}
	s.request("Listen", func(done contract.CbRef) contract.Request {
		return &contract.ListenRequest{ListenRequestFixed: contract.ListenRequestFixed{Listener: l.ID, Local: addr(netip.AddrPortFrom(sb.IPv4, 0)), Done: done}}
	})
	st, rep := s.call(&contract.GetListenerLocalAddressRequest{GetListenerLocalAddressRequestFixed: contract.GetListenerLocalAddressRequestFixed{Listener: l.ID}})
	dst := addrPort(rep.(*contract.GetListenerLocalAddressReply).Address)
	if st != statusSuccess || dst.Addr() != sb.IPv4 || dst.Port() == 0 {
		t.Fatalf("the listener's address: %#x %v", st, dst)
	}
	A.conn = s.create("A CreateConnector", func(done contract.CbRef) contract.Request {
		return &contract.CreateConnectorRequest{CreateConnectorRequestFixed: contract.CreateConnectorRequestFixed{Adapter: A.adapter.ID, Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateConnectorReply).Connector })
	if A.conn.Kind != kindConnector || A.conn.Flags != contract.ObjConnectorEx {
		t.Errorf("A's connector %+v, want connector_ex (sim declares NDKPI 2.1)", A.conn)
	}
	// Connect and Accept on goroutines of their own: an inline provider
	// returns them only once the connection is made.
	connCtx := s.ctx()
	connSt := s.async(&contract.ConnectRequest{ConnectRequestFixed: contract.ConnectRequestFixed{Connector: A.conn.ID, Done: ref(connCtx),
		Params: contract.ConnectParams{QP: A.qp.ID, Source: addr(netip.AddrPortFrom(sa.IPv4, 0)), Destination: addr(dst),
			InboundReadLimit: 4, OutboundReadLimit: 4}}, PrivateData: []byte("hello")})
	ce := s.wait("the connect event", byCtx(contract.EvConnectEvent, evCtx)).(*contract.ConnectEvent)
	if ce.Listener != l || ce.Connector.Kind != kindConnector || ce.Connector.ID == 0 {
		t.Fatalf("connect event: listener %+v, connector %+v", ce.Listener, ce.Connector)
	}
	B.conn = ce.Connector
	if cd := s.connData(B.conn); !bytes.HasPrefix(cd.PrivateData, []byte("hello")) || cd.InboundReadLimit == 0 {
		t.Errorf("B's GetConnectionData: %q, IRD %d", cd.PrivateData, cd.InboundReadLimit)
	}
	B.discCtx = s.ctx()
	accCtx := s.ctx()
	accSt := s.async(&contract.AcceptRequest{AcceptRequestFixed: contract.AcceptRequestFixed{Connector: B.conn.ID, QP: B.qp.ID,
		InboundReadLimit: 4, OutboundReadLimit: 4, OnDisconnect: ref(B.discCtx), Done: ref(accCtx)}, PrivateData: []byte("world")})
	if st := s.finish("Connect", <-connSt, connCtx); st != statusSuccess {
		t.Fatalf("Connect: %#x", st)
	}
	if cd := s.connData(A.conn); !bytes.HasPrefix(cd.PrivateData, []byte("world")) {
		t.Errorf("A's GetConnectionData: %q", cd.PrivateData)
	}
	A.discCtx = s.ctx()
	s.request("CompleteConnect", func(done contract.CbRef) contract.Request {
		return &contract.CompleteConnectRequest{CompleteConnectRequestFixed: contract.CompleteConnectRequestFixed{Connector: A.conn.ID, OnDisconnect: ref(A.discCtx), Done: done}}
	})
	if st := s.finish("Accept", <-accSt, accCtx); st != statusSuccess {
		t.Fatalf("Accept: %#x", st)
	}
	st, rep = s.call(&contract.GetPeerAddressRequest{GetPeerAddressRequestFixed: contract.GetPeerAddressRequestFixed{Connector: A.conn.ID}})
	if got := addrPort(rep.(*contract.GetPeerAddressReply).Address); st != statusSuccess || got != dst {
		t.Errorf("A's peer address: %#x %v, want %v", st, got, dst)
	}

	return l, dst
}

// loopback runs A -> B over one session: connect, send/receive, RDMA
// write and read, the data checked through ReadMemory, disconnect, and
// closes in order.
func loopback(t *testing.T, mode, irql string) {
	dev, s := open(t, map[string]string{"completion": mode, "callback-irql": irql})
	sa, sb := dev.Sides()
	A := s.side("A", sa.IPv4, 0x10_0000_0100)
	B := s.side("B", sb.IPv4, 0x20_0000_0f00)

	l, _ := s.connectPair(sa, sb, A, B)

	// A send into a posted receive; B's CQ armed, its notification held
	// by the test, which polls within it (a call within a callback).
	s.writeMem(A.buf, 0, "ping-from-A")
	s.writeMem(B.buf, 3072, "read-source")
	s.mu.Lock()
	s.hold[B.notifyCtx] = true
	s.mu.Unlock()
	if st, _ := s.call(&contract.ArmCQRequest{ArmCQRequestFixed: contract.ArmCQRequestFixed{CQ: B.cq.ID, Type: cqNotifyAny}}); st != statusSuccess {
		t.Fatalf("ArmCq: %#x", st)
	}
	recvCtx, sendCtx := s.ctx(), s.ctx()
	if st, _ := s.call(&contract.ReceiveRequest{ReceiveRequestFixed: contract.ReceiveRequestFixed{QP: B.qp.ID, RequestContext: recvCtx}, SGL: sgl(B.va+512, 64, B.local)}); st != statusSuccess {
		t.Fatalf("Receive: %#x", st)
	}
	if st, _ := s.call(&contract.SendRequest{SendRequestFixed: contract.SendRequestFixed{QP: A.qp.ID, RequestContext: sendCtx}, SGL: sgl(A.va, 11, A.local)}); st != statusSuccess {
		t.Fatalf("Send: %#x", st)
	}
	s.wantResult("A's send", s.poll(A.cq, 1, true)[0], opSend, A.qpCtx, sendCtx, 0)
	ne := s.wait("B's CQ notification", byCtx(contract.EvCQNotification, B.notifyCtx)).(*contract.CQNotification)
	if ne.CQ != B.cq || ne.CQStatus != statusSuccess {
		t.Errorf("B's CQ notification: %+v status %#x", ne.CQ, ne.CQStatus)
	}
	var got []contract.Result
	for deadline := time.Now().Add(waitFor); len(got) == 0 && time.Now().Before(deadline); {
		rh, rep, err := s.callIn(ne.Hdr.CallbackID, &contract.GetCQResultsExRequest{GetCQResultsExRequestFixed: contract.GetCQResultsExRequestFixed{CQ: B.cq.ID, MaxResults: 4}})
		if err != nil || rh.ProtocolError != 0 {
			t.Fatalf("GetCqResultsEx within the notification: %v, protocol error %d", err, rh.ProtocolError)
		}
		got = rep.(*contract.GetCQResultsExReply).Results
	}
	s.ack(ne.Hdr.CallbackID)
	if len(got) != 1 {
		t.Fatalf("B's results within its notification: %d", len(got))
	}
	s.wantResult("B's receive", got[0], opReceive, B.qpCtx, recvCtx, 11)
	if got := s.readMem(B.buf, 512, 11); got != "ping-from-A" {
		t.Errorf("B received %q", got)
	}
	// The same through NdkGetCqResults.
	recvCtx, sendCtx = s.ctx(), s.ctx()
	s.call(&contract.ReceiveRequest{ReceiveRequestFixed: contract.ReceiveRequestFixed{QP: B.qp.ID, RequestContext: recvCtx}, SGL: sgl(B.va+512, 64, B.local)})
	s.call(&contract.SendRequest{SendRequestFixed: contract.SendRequestFixed{QP: A.qp.ID, RequestContext: sendCtx}, SGL: sgl(A.va, 4, A.local)})
	if r := s.poll(B.cq, 1, false)[0]; r.Status != statusSuccess || r.BytesTransferred != 4 || r.QPContext != B.qpCtx || r.RequestContext != recvCtx || r.Type != 0 {
		t.Errorf("B's receive (GetCqResults): %+v", r)
	}
	s.poll(A.cq, 1, true)

	// RDMA write and read by A into and from B's MR.
	s.writeMem(A.buf, 1024, "write-data")
	wctx := s.ctx()
	if st, _ := s.call(&contract.WriteRequest{WriteRequestFixed: contract.WriteRequestFixed{QP: A.qp.ID, RequestContext: wctx,
		RemoteAddress: B.va + 2048, RemoteToken: B.remote}, SGL: sgl(A.va+1024, 10, A.local)}); st != statusSuccess {
		t.Fatalf("Write: %#x", st)
	}
	s.wantResult("A's write", s.poll(A.cq, 1, true)[0], opWrite, A.qpCtx, wctx, 0)
	if got := s.readMem(B.buf, 2048, 10); got != "write-data" {
		t.Errorf("B's memory after the write: %q", got)
	}
	rctx := s.ctx()
	if st, _ := s.call(&contract.ReadRequest{ReadRequestFixed: contract.ReadRequestFixed{QP: A.qp.ID, RequestContext: rctx,
		RemoteAddress: B.va + 3072, RemoteToken: B.remote}, SGL: sgl(A.va+4096, 11, A.local)}); st != statusSuccess {
		t.Fatalf("Read: %#x", st)
	}
	s.wantResult("A's read", s.poll(A.cq, 1, true)[0], opRead, A.qpCtx, rctx, 0)
	if got := s.readMem(A.buf, 4096, 11); got != "read-source" {
		t.Errorf("A's memory after the read: %q", got)
	}
	// The MR's region reads the same bytes as its buffer.
	if got := s.readMem(A.mr, 4096, 11); got != "read-source" {
		t.Errorf("A's MR region after the read: %q", got)
	}
	// The same through the direct memory codes (the data in the IRP's MDL).
	in, err := contract.EncodeMemoryCall(contract.CallHeader{CallID: s.ids.Add(1)},
		&contract.ReadMemoryRequest{ReadMemoryRequestFixed: contract.ReadMemoryRequestFixed{Region: B.buf.ID, Offset: 2048, Length: 10}})
	if err != nil {
		t.Fatal(err)
	}
	data := make([]byte, 10)
	if n, err := s.h.Ioctl(contract.IoctlReadMemory, in, data); err != nil || n != 10 || string(data) != "write-data" {
		t.Errorf("NDKT_READ_MEMORY: %d %v %q", n, err, data)
	}

	// Disconnect: A, then B after its disconnect event.
	s.request("A Disconnect", func(done contract.CbRef) contract.Request {
		return &contract.DisconnectRequest{DisconnectRequestFixed: contract.DisconnectRequestFixed{Connector: A.conn.ID, Done: done}}
	})
	de := s.wait("B's disconnect event", byCtx(contract.EvDisconnectEvent, B.discCtx)).(*contract.DisconnectEvent)
	if de.Connector != B.conn {
		t.Errorf("B's disconnect event names %+v, want %+v", de.Connector, B.conn)
	}
	s.request("B Disconnect", func(done contract.CbRef) contract.Request {
		return &contract.DisconnectRequest{DisconnectRequestFixed: contract.DisconnectRequestFixed{Connector: B.conn.ID, Done: done}}
	})

	// Close in order, children first.
	s.closeObject("A's connector", A.conn)
	s.closeObject("B's connector", B.conn)
	s.closeObject("the listener", l)
	for _, d := range []*side{A, B} {
		s.closeObject(d.name+"'s QP", d.qp)
		s.request(d.name+" DeregisterMr", func(done contract.CbRef) contract.Request {
			return &contract.DeregisterMRRequest{DeregisterMRRequestFixed: contract.DeregisterMRRequestFixed{MR: d.mr.ID, Done: done}}
		})
		s.closeObject(d.name+"'s MR", d.mr)
		s.closeObject(d.name+"'s CQ", d.cq)
		s.closeObject(d.name+"'s PD", d.pd)
		if st, _ := s.call(&contract.FreeBufferRequest{FreeBufferRequestFixed: contract.FreeBufferRequestFixed{Buffer: d.buf.ID}}); st != statusSuccess {
			t.Errorf("%s FreeBuffer: %#x", d.name, st)
		}
		if st, _ := s.call(&contract.CloseAdapterRequest{CloseAdapterRequestFixed: contract.CloseAdapterRequestFixed{Adapter: d.adapter.ID}}); st != statusSuccess {
			t.Errorf("%s CloseAdapter: %#x", d.name, st)
		}
		// Gone: any call naming them is OBJECT_CLOSED, none reaches sim.
		if pe := s.perr(&contract.ArmCQRequest{ArmCQRequestFixed: contract.ArmCQRequestFixed{CQ: d.cq.ID}}); pe != contract.ProtocolErrorObjectClosed {
			t.Errorf("%s ArmCq on the closed CQ: protocol error %d, want OBJECT_CLOSED", d.name, pe)
		}
		if pe := s.perr(&contract.QueryAdapterInfoRequest{QueryAdapterInfoRequestFixed: contract.QueryAdapterInfoRequestFixed{Adapter: d.adapter.ID}}); pe != contract.ProtocolErrorObjectClosed {
			t.Errorf("%s QueryAdapterInfo on the closed adapter: protocol error %d, want OBJECT_CLOSED", d.name, pe)
		}
	}
	// Every close completion: one for each pending close, none for the others.
	for _, c := range s.closes {
		want := 0
		if c.st == statusPending {
			want = 1
		}
		if n := s.count(contract.EvCloseCompletion, c.ctx); n != want {
			t.Errorf("%s (close returned %#x): %d close completions, want %d", c.what, c.st, n, want)
		}
	}
	s.checkIRQLs(irql)
	t.Logf("%d events, %d closes pending", len(s.events), pendingCloses(s.closes))
}

func pendingCloses(cs []closed) int {
	n := 0
	for _, c := range cs {
		if c.st == statusPending {
			n++
		}
	}
	return n
}

// checkIRQLs checks every event's IRQL and held flag against callback-irql:
// held exactly at PASSIVE_LEVEL.
func (s *session) checkIRQLs(irql string) {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	levels := map[uint8]int{}
	for _, ev := range s.events {
		h := ev.Header()
		levels[h.IRQL]++
		if (h.Held == 1) != (h.IRQL == 0) {
			s.t.Errorf("%v at IRQL %d with held %d", ev.Kind(), h.IRQL, h.Held)
		}
	}
	var got []uint8
	for l := range levels {
		got = append(got, l)
	}
	slices.Sort(got)
	ok := false
	switch irql {
	case "passive":
		ok = slices.Equal(got, []uint8{0})
	case "dispatch":
		ok = slices.Equal(got, []uint8{2})
	default:
		ok = len(got) > 0 && !slices.ContainsFunc(got, func(l uint8) bool { return l != 0 && l != 2 })
	}
	if !ok {
		s.t.Errorf("callback-irql=%s: event IRQLs %v (counts %v)", irql, got, levels)
	}
}

// TestLoopback: A -> B through the core and sim behind the C ABI, in
// every completion personality and callback IRQL.
func TestLoopback(t *testing.T) {
	for _, mode := range personalities {
		for _, irql := range []string{"passive", "dispatch", "mixed"} {
			t.Run(mode+"/"+irql, func(t *testing.T) { loopback(t, mode, irql) })
		}
	}
}

// TestHello: HELLO answers the core's limits, once; a CALL before it is
// BAD_SEQUENCE.
func TestHello(t *testing.T) {
	dev, s := open(t, map[string]string{"completion": "deferred"})
	if s.hello.InterfaceVersion != contract.InterfaceVersion || s.hello.Size != 32 || s.hello.MaxSges == 0 ||
		s.hello.MaxEventBatchBytes == 0 || s.hello.RingCapacity == 0 || s.hello.FileMajor != 1 {
		t.Errorf("HELLO: %+v", s.hello)
	}
	out := make([]byte, 64)
	_, err := s.h.Ioctl(contract.IoctlHello, contract.EncodeHelloIn(), out)
	var se *device.StatusError
	if !errors.As(err, &se) || se.Status != 0xC0000184 {
		t.Errorf("a second HELLO: %v, want STATUS_INVALID_DEVICE_STATE", err)
	}
	// A fresh handle: a CALL before HELLO.
	h2, err := dev.Open()
	if err != nil {
		t.Fatal(err)
	}
	in, _ := contract.EncodeCall(contract.CallHeader{CallID: 1}, &contract.ArmCQRequest{ArmCQRequestFixed: contract.ArmCQRequestFixed{CQ: 1}})
	n, err := h2.Ioctl(contract.IoctlCall, in, out)
	if err != nil {
		t.Fatal(err)
	}
	if rh, _, err := contract.DecodeReply(contract.OpArmCQ, out[:n]); err != nil || rh.ProtocolError != contract.ProtocolErrorBadSequence {
		t.Errorf("a CALL before HELLO: %+v %v, want BAD_SEQUENCE", rh, err)
	}
	if err := h2.Close(); err != nil {
		t.Error(err)
	}
	if _, err := h2.Ioctl(contract.IoctlCall, in, out); err == nil {
		t.Error("an Ioctl on a closed handle succeeded")
	}
}

// TestHandles: a stale, foreign, wrong-kind, unknown id, a call within an
// unknown callback: each refused with its protocol error.
func TestHandles(t *testing.T) {
	dev, s := open(t, map[string]string{"completion": "deferred"})
	sa, _ := dev.Sides()
	a := s.openAdapter(sa.IPv4)
	pd := s.create("CreatePd", func(done contract.CbRef) contract.Request {
		return &contract.CreatePDRequest{CreatePDRequestFixed: contract.CreatePDRequestFixed{Adapter: a.ID, Done: done}}
	}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreatePDReply).PD })
	arm := func(id uint64) uint32 {
		return s.perr(&contract.ArmCQRequest{ArmCQRequestFixed: contract.ArmCQRequestFixed{CQ: id}})
	}
	if pe := arm(pd.ID); pe != contract.ProtocolErrorWrongHandleKind {
		t.Errorf("ArmCq on a PD: %d, want WRONG_HANDLE_KIND", pe)
	}
	if pe := arm(0); pe != contract.ProtocolErrorInvalidArgument {
		t.Errorf("ArmCq on 0: %d, want INVALID_ARGUMENT", pe)
	}
	if pe := arm(12345); pe != contract.ProtocolErrorUnknownHandle {
		t.Errorf("ArmCq on 12345: %d, want UNKNOWN_HANDLE", pe)
	}
	// Another session's handle of the same kind.
	s2 := newSession(t, dev)
	a2 := s2.openAdapter(sa.IPv4)
	if pe := s.perr(&contract.QueryAdapterInfoRequest{QueryAdapterInfoRequestFixed: contract.QueryAdapterInfoRequestFixed{Adapter: a2.ID}}); pe != contract.ProtocolErrorForeignHandle {
		t.Errorf("another session's adapter: %d, want FOREIGN_HANDLE", pe)
	}
	s2.close()
	// Stale: the PD closed.
	s.closeObject("the PD", pd)
	if pe := s.perr(&contract.CreateMRRequest{CreateMRRequestFixed: contract.CreateMRRequestFixed{PD: pd.ID}}); pe != contract.ProtocolErrorObjectClosed {
		t.Errorf("CreateMr on a closed PD: %d, want OBJECT_CLOSED", pe)
	}
	// Within a callback nobody has.
	rh, _, err := s.callIn(0xdead, &contract.QueryAdapterInfoRequest{QueryAdapterInfoRequestFixed: contract.QueryAdapterInfoRequestFixed{Adapter: a.ID}})
	if err != nil || rh.ProtocolError != contract.ProtocolErrorUnknownCallback {
		t.Errorf("a call within an unknown callback: %+v %v, want UNKNOWN_CALLBACK", rh, err)
	}
	// An opcode the contract does not have: NOT_SUPPORTED.
	in, _ := contract.EncodeCall(contract.CallHeader{CallID: 9}, &contract.FlushRequest{})
	in[24] = 77 // the header's opcode
	out := make([]byte, 64)
	n, err := s.h.Ioctl(contract.IoctlCall, in, out)
	if err != nil || n != 8 || out[4] != byte(contract.ProtocolErrorNotSupported) {
		t.Errorf("opcode 77: %d bytes %x %v, want NOT_SUPPORTED", n, out[:n], err)
	}
}

// TestCleanup: a session closed with everything open: cleanup closes it
// all, children first, and sim finds every adapter closed.
func TestCleanup(t *testing.T) {
	for _, mode := range personalities {
		t.Run(mode, func(t *testing.T) {
			dev, s := open(t, map[string]string{"completion": mode, "callback-irql": "mixed"})
			sa, sb := dev.Sides()
			A := s.side("A", sa.IPv4, 0x4000)
			b := s.openAdapter(sb.IPv4)
			l := s.create("CreateListener", func(done contract.CbRef) contract.Request {
				return &contract.CreateListenerRequest{CreateListenerRequestFixed: contract.CreateListenerRequestFixed{Adapter: b.ID, OnConnect: ref(s.ctx()), Done: done}}
			}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateListenerReply).Listener })
			s.request("Listen", func(done contract.CbRef) contract.Request {
				return &contract.ListenRequest{ListenRequestFixed: contract.ListenRequestFixed{Listener: l.ID, Local: addr(netip.AddrPortFrom(sb.IPv4, 0)), Done: done}}
			})
			conn := s.create("CreateConnector", func(done contract.CbRef) contract.Request {
				return &contract.CreateConnectorRequest{CreateConnectorRequestFixed: contract.CreateConnectorRequestFixed{Adapter: A.adapter.ID, Done: done}}
			}, func(r contract.Reply) contract.ObjRef { return r.(*contract.CreateConnectorReply).Connector })
			_ = conn
			st, rep := s.call(&contract.BuildLAMRequest{BuildLAMRequestFixed: contract.BuildLAMRequestFixed{Adapter: A.adapter.ID,
				Buffer: A.buf.ID, Length: bufSize, PageCapacity: 4, Done: ref(s.ctx())}})
			lam := rep.(*contract.BuildLAMReply).LAM
			if lam.Kind != kindLAM || (st != statusSuccess && st != statusPending) {
				t.Fatalf("BuildLam: %#x %+v", st, lam)
			}
			if pe := s.perr(&contract.FreeBufferRequest{FreeBufferRequestFixed: contract.FreeBufferRequestFixed{Buffer: A.buf.ID}}); pe != contract.ProtocolErrorBusy {
				t.Errorf("FreeBuffer under an MR and a LAM: %d, want BUSY", pe)
			}
			if st == statusPending {
				s.wait("BuildLam's completion", func(ev contract.Event) bool { return ev.Kind() == contract.EvRequestCompletion })
			}
			s.closing.Store(true)
			stats, err := s.h.CleanupThenStats()
			if err != nil {
				t.Fatalf("cleanup: %v", err)
			}
			s.pumpEnded()
			want := []string{"CONNECTOR", "LISTENER", "QP", "MR", "CQ", "PD", "LAM", "ADAPTER", "ADAPTER", "BUFFER"}
			if !slices.Equal(stats.CleanupOrder, want) {
				t.Errorf("cleanup closed %v, want %v", stats.CleanupOrder, want)
			}
			if stats.CleanupClosed != uint32(len(want)) || stats.CleanupStuck != 0 || stats.Objects != 0 || stats.HeldBytes != 0 {
				t.Errorf("after cleanup: %+v", stats)
			}
			if stats.SecondCompletions != 0 {
				t.Errorf("%d second completions", stats.SecondCompletions)
			}
			// sim: every adapter closed (its close waits for every object).
			if err := dev.Close(); err != nil {
				t.Errorf("sim after cleanup: %v", err)
			}
		})
	}
}

// heldNotification opens an adapter with a CQ whose notification the
// test holds (never acked by the pump), arms the CQ and makes it fire
// with a flushed receive's completion.
func (s *session) heldNotification(ip netip.Addr) (*side, contract.Event) {
	s.t.Helper()
	d := s.side("A", ip, 0x1000)
	s.mu.Lock()
	s.hold[d.notifyCtx] = true
	s.mu.Unlock()
	s.call(&contract.ArmCQRequest{ArmCQRequestFixed: contract.ArmCQRequestFixed{CQ: d.cq.ID, Type: cqNotifyAny}})
	s.call(&contract.ReceiveRequest{ReceiveRequestFixed: contract.ReceiveRequestFixed{QP: d.qp.ID, RequestContext: s.ctx()}, SGL: sgl(d.va, 64, d.local)})
	s.call(&contract.FlushRequest{FlushRequestFixed: contract.FlushRequestFixed{QP: d.qp.ID}})
	return d, s.wait("the CQ notification", byCtx(contract.EvCQNotification, d.notifyCtx))
}

// TestCallbackDeadline: a callback never acked breaks the session at its
// deadline, held (PASSIVE_LEVEL: its thread's wait ends) or released
// (DISPATCH_LEVEL: the deadline check finds it). GET_EVENTS then ends with
// STATUS_IO_TIMEOUT and every call is refused; the session still closes.
func TestCallbackDeadline(t *testing.T) {
	for _, irql := range []string{"passive", "dispatch"} {
		t.Run(irql, func(t *testing.T) {
			dev, s := open(t, map[string]string{"completion": "deferred", "callback-irql": irql, "inproc-callback-timeout": "300ms"})
			sa, _ := dev.Sides()
			d, ev := s.heldNotification(sa.IPv4)
			if ev.Header().Held != map[string]uint8{"passive": 1, "dispatch": 0}[irql] {
				t.Errorf("the notification's held %d at %s", ev.Header().Held, irql)
			}
			select {
			case <-s.done:
			case <-time.After(waitFor):
				t.Fatalf("GET_EVENTS still pending %v after a callback's deadline of 300 ms", waitFor)
			}
			var se *device.StatusError
			if !errors.As(s.endErr, &se) || se.Status != 0xC00000B5 {
				t.Errorf("GET_EVENTS after the deadline: %v, want STATUS_IO_TIMEOUT", s.endErr)
			}
			if pe := s.perr(&contract.ArmCQRequest{ArmCQRequestFixed: contract.ArmCQRequestFixed{CQ: d.cq.ID}}); pe != contract.ProtocolErrorInternal {
				t.Errorf("a call after the deadline: %d, want INTERNAL (the session is broken)", pe)
			}
			if st, _ := s.h.Stats(); st.Fault == 0 {
				t.Error("no fault recorded")
			}
			s.broken = true
			s.closing.Store(true)
			if err := s.h.Close(); err != nil {
				t.Errorf("closing a broken session: %v", err)
			}
		})
	}
}

// TestCloseWithHeldCallback: a session closed while a callback is held
// (its provider thread waiting for an ack that never comes): cleanup
// releases it as if acked, a call queued within it is cancelled, and
// every object closes.
func TestCloseWithHeldCallback(t *testing.T) {
	dev, s := open(t, map[string]string{"completion": "deferred", "callback-irql": "passive"})
	sa, _ := dev.Sides()
	_, ev := s.heldNotification(sa.IPv4)
	if ev.Header().Held != 1 {
		t.Fatalf("the notification is not held: %+v", ev.Header())
	}
	s.closing.Store(true)
	done := make(chan error, 1)
	go func() {
		_, err := s.h.CleanupThenStats()
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("cleanup: %v", err)
		}
	case <-time.After(waitFor):
		t.Fatal("cleanup blocked by a held callback")
	}
	s.pumpEnded()
	if err := dev.Close(); err != nil {
		t.Errorf("sim after cleanup: %v", err)
	}
}

// BenchmarkCall: one NDKT_CALL through the Linux transport, the core and
// sim behind the C ABI (GetLocalTokenFromMr: a provider call that does
// nothing), encoding and decoding included.
func BenchmarkCall(b *testing.B) {
	dev, err := inproc.New(map[string]string{"completion": "deferred"})
	if err != nil {
		b.Fatal(err)
	}
	s := newSession(b, dev)
	sa, _ := dev.Sides()
	d := s.side("A", sa.IPv4, 0x1000)
	r := &contract.GetLocalTokenFromMRRequest{GetLocalTokenFromMRRequestFixed: contract.GetLocalTokenFromMRRequestFixed{MR: d.mr.ID}}
	b.ResetTimer()
	for b.Loop() {
		if rh, _, err := s.callIn(0, r); err != nil || rh.ProtocolError != 0 {
			b.Fatal(err, rh)
		}
	}
	b.StopTimer()
	s.closing.Store(true)
	s.close()
	if err := dev.Close(); err != nil {
		b.Fatal(err)
	}
}
