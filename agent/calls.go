package agent

import (
	"fmt"
	"net/netip"
	"reflect"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

const (
	kAdapter   = agentv1.HandleKind_HANDLE_KIND_ADAPTER
	kQP        = agentv1.HandleKind_HANDLE_KIND_QP
	kCQ        = agentv1.HandleKind_HANDLE_KIND_CQ
	kPD        = agentv1.HandleKind_HANDLE_KIND_PD
	kSE        = agentv1.HandleKind_HANDLE_KIND_SHARED_ENDPOINT
	kConnector = agentv1.HandleKind_HANDLE_KIND_CONNECTOR
	kListener  = agentv1.HandleKind_HANDLE_KIND_LISTENER
	kAny       = agentv1.HandleKind_HANDLE_KIND_UNSPECIFIED
)

// perr is a call refused by the agent.
func perr(pe *agentv1.ProtocolError) *agentv1.CallReturn {
	return &agentv1.CallReturn{ProtocolError: pe}
}

func invalid(msg string) *agentv1.CallReturn {
	return perr(&agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_INVALID_ARGUMENT, Message: msg})
}

// newObject registers an object the provider handed over (a create's
// return or CreateCompletion, a ConnectEvent's connector); nil stays nil.
func (s *session) newObject(obj ndk.Object, adapter uint64) *agentv1.Handle {
	if obj == nil {
		return nil
	}
	return s.add(kindOf(obj.ObjectType()), obj, adapter)
}

// createDone is the provider's CreateCompletion for ref (nil for none):
// the new object gets its handle before the Callback names it; then is
// called with it (a listener learns its id for its connect events).
func (s *session) createDone(ref *agentv1.CallbackRef, adapter uint64, then func(*agentv1.Handle)) ndk.CreateCompletion {
	if ref == nil {
		return nil
	}
	return func(_ any, st ndk.Status, obj ndk.Object) {
		var h *agentv1.Handle
		if st == ndk.StatusSuccess {
			h = s.newObject(obj, adapter)
			if then != nil && h != nil {
				then(h)
			}
		}
		s.callback(ref.GetContext(), func(cb *agentv1.Callback) {
			cb.Event = &agentv1.Callback_CreateCompletion{CreateCompletion: &agentv1.CreateCompletion{Status: uint32(st), Object: h}}
		})
	}
}

func (s *session) requestDone(ref *agentv1.CallbackRef) ndk.RequestCompletion {
	if ref == nil {
		return nil
	}
	return func(_ any, st ndk.Status) {
		s.callback(ref.GetContext(), func(cb *agentv1.Callback) {
			cb.Event = &agentv1.Callback_RequestCompletion{RequestCompletion: &agentv1.RequestCompletion{Status: uint32(st)}}
		})
	}
}

func (s *session) disconnectEvent(ref *agentv1.CallbackRef, connector *agentv1.Handle) ndk.DisconnectEventCallback {
	if ref == nil {
		return nil
	}
	return func(any) {
		s.callback(ref.GetContext(), func(cb *agentv1.Callback) {
			cb.Event = &agentv1.Callback_DisconnectEvent{DisconnectEvent: &agentv1.DisconnectEvent{Connector: connector}}
		})
	}
}

func (s *session) disconnectEventEx(ref *agentv1.CallbackRef, connector *agentv1.Handle) ndk.DisconnectEventCallbackEx {
	if ref == nil {
		return nil
	}
	return func(_ any, reason uint32) {
		s.callback(ref.GetContext(), func(cb *agentv1.Callback) {
			cb.Event = &agentv1.Callback_DisconnectEventEx{DisconnectEventEx: &agentv1.DisconnectEventEx{Connector: connector, ProviderDisconnectReason: reason}}
		})
	}
}

// connectorEx is the ndk.ConnectorEx of a connector handle of call (its
// handle has connector_ex), or the CallReturn that refuses the call.
func (s *session) connectorEx(call string, h *agentv1.Handle) (ndk.ConnectorEx, *agentv1.CallReturn) {
	obj, _, pe := s.lookup(h, kConnector)
	if pe != nil {
		return nil, perr(pe)
	}
	x, ok := obj.(ndk.ConnectorEx)
	if !ok {
		return nil, notSupported(fmt.Sprintf("%s: the connector is no ndk.ConnectorEx (its handle had no connector_ex)", call))
	}
	return x, nil
}

// created answers a create call: the object's handle with
// STATUS_SUCCESS.
func (s *session) created(obj ndk.Object, st ndk.Status, adapter uint64, then func(*agentv1.Handle), wrap func(*agentv1.Handle) *agentv1.CallReturn) *agentv1.CallReturn {
	var h *agentv1.Handle
	if st == ndk.StatusSuccess && obj != nil {
		h = s.newObject(obj, adapter)
		if then != nil {
			then(h)
		}
	}
	r := wrap(h)
	r.Status = uint32(st)
	return r
}

func parseAddrPort(sa *agentv1.SocketAddress) (netip.AddrPort, bool) {
	if sa == nil || sa.GetAddress() == "" {
		return netip.AddrPort{}, true
	}
	a, err := netip.ParseAddr(sa.GetAddress())
	if err != nil || sa.GetPort() > 65535 {
		return netip.AddrPort{}, false
	}
	return netip.AddrPortFrom(a, uint16(sa.GetPort())), true
}

func addrPortToProto(ap netip.AddrPort) *agentv1.SocketAddress {
	if !ap.IsValid() {
		return &agentv1.SocketAddress{}
	}
	return &agentv1.SocketAddress{Address: ap.Addr().String(), Port: uint32(ap.Port())}
}

func adapterInfoToProto(i ndk.AdapterInfo) *agentv1.AdapterInfo {
	return &agentv1.AdapterInfo{
		Version:                &agentv1.Version{Major: uint32(i.Version.Major), Minor: uint32(i.Version.Minor)},
		VendorId:               i.VendorID,
		DeviceId:               i.DeviceID,
		MaxRegistrationSize:    i.MaxRegistrationSize,
		MaxWindowSize:          i.MaxWindowSize,
		FrmrPageCount:          i.FRMRPageCount,
		MaxInitiatorRequestSge: i.MaxInitiatorRequestSGE,
		MaxReceiveRequestSge:   i.MaxReceiveRequestSGE,
		MaxReadRequestSge:      i.MaxReadRequestSGE,
		MaxTransferLength:      i.MaxTransferLength,
		MaxInlineDataSize:      i.MaxInlineDataSize,
		MaxInboundReadLimit:    i.MaxInboundReadLimit,
		MaxOutboundReadLimit:   i.MaxOutboundReadLimit,
		MaxReceiveQueueDepth:   i.MaxReceiveQueueDepth,
		MaxInitiatorQueueDepth: i.MaxInitiatorQueueDepth,
		MaxSrqDepth:            i.MaxSRQDepth,
		MaxCqDepth:             i.MaxCQDepth,
		LargeRequestThreshold:  i.LargeRequestThreshold,
		MaxCallerData:          i.MaxCallerData,
		MaxCalleeData:          i.MaxCalleeData,
		AdapterFlags:           i.AdapterFlags,
		RdmaTechnology:         uint32(i.RDMATechnology),
	}
}

// connectParams resolves the ConnectParams of a call.
func (s *session) connectParams(p *agentv1.ConnectParams) (ndk.ConnectParams, *agentv1.CallReturn) {
	var cp ndk.ConnectParams
	if p == nil {
		return cp, invalid("ConnectParams missing")
	}
	if p.GetQp() != nil {
		obj, _, pe := s.lookup(p.GetQp(), kQP)
		if pe != nil {
			return cp, perr(pe)
		}
		cp.QP = obj.(ndk.QP)
	}
	var ok1, ok2 bool
	cp.Source, ok1 = parseAddrPort(p.GetSource())
	cp.Destination, ok2 = parseAddrPort(p.GetDestination())
	if !ok1 || !ok2 {
		return cp, invalid("an address that does not parse")
	}
	cp.InboundReadLimit, cp.OutboundReadLimit = p.GetInboundReadLimit(), p.GetOutboundReadLimit()
	if p.PrivateData != nil {
		cp.PrivateData = append([]byte{}, p.PrivateData...)
	}
	return cp, nil
}

// run runs one call on the calling goroutine and returns its return
// (without the call id).
func (s *session) run(c *agentv1.Call) *agentv1.CallReturn {
	switch op := c.Op.(type) {
	case *agentv1.Call_OpenAdapter:
		addr, err := netip.ParseAddr(op.OpenAdapter.GetAddress())
		if err != nil {
			return invalid("OpenAdapter: an address that does not parse")
		}
		a, st := s.provider.OpenAdapter(addr)
		r := &agentv1.OpenAdapterReply{}
		if st == ndk.StatusSuccess && a != nil {
			r.Adapter = s.add(kAdapter, a, 0)
		}
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_OpenAdapter{OpenAdapter: r}}

	case *agentv1.Call_CloseProvider:
		// The last call: the calls made before it return first, as they
		// would (for closeSettle; then the objects left open are closed,
		// which ends the calls waiting on them, and they are waited for
		// closeWait at most); not when it is made within a callback,
		// whose thread those calls may be waiting on. Then the session's
		// adapters still open are closed (their objects first), then the
		// provider, unless it is a fixed one (see Config.Provider).
		if c.GetWithinCallback() == 0 && !s.waitOtherCalls(c.GetCallId(), closeSettle) {
			s.closeObjects()
			s.waitOtherCalls(c.GetCallId(), closeWait)
		}
		s.closeAdapters()
		reply := &agentv1.CloseProviderReply{}
		if err := s.closeProvider(); err != nil {
			reply.Error = err.Error()
		}
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CloseProvider{CloseProvider: reply}}

	case *agentv1.Call_CloseAdapter:
		obj, id, pe := s.lookup(op.CloseAdapter.GetAdapter(), kAdapter)
		if pe != nil {
			return perr(pe)
		}
		// The adapter takes no new call; its objects stay usable until
		// its close returns (the consumer closes them meanwhile, which
		// the blocking close waits for), then are forgotten with it.
		s.markClosing(id)
		obj.(ndk.Adapter).Close()
		s.mu.Lock()
		s.markAdapterClosedLocked(id)
		s.mu.Unlock()
		s.forget(id)
		return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CloseAdapter{CloseAdapter: &agentv1.CloseAdapterReply{}}}

	case *agentv1.Call_QueryAdapterInfo:
		obj, _, pe := s.lookup(op.QueryAdapterInfo.GetAdapter(), kAdapter)
		if pe != nil {
			return perr(pe)
		}
		info, st := obj.(ndk.Adapter).QueryAdapterInfo()
		r := &agentv1.QueryAdapterInfoReply{}
		if st == ndk.StatusSuccess {
			r.Info = adapterInfoToProto(info)
		}
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_QueryAdapterInfo{QueryAdapterInfo: r}}

	case *agentv1.Call_CreateCq:
		obj, ad, pe := s.lookup(op.CreateCq.GetAdapter(), kAdapter)
		if pe != nil {
			return perr(pe)
		}
		p := ndk.CQParams{Depth: op.CreateCq.GetDepth()}
		var cqID *agentv1.Handle // set once the CQ has its handle
		var cqMu = &s.mu
		if ref := op.CreateCq.GetNotify(); ref != nil {
			p.Notify = func(_ any, cqStatus ndk.Status) {
				cqMu.Lock()
				h := cqID
				cqMu.Unlock()
				s.callback(ref.GetContext(), func(cb *agentv1.Callback) {
					cb.Event = &agentv1.Callback_CqNotification{CqNotification: &agentv1.CqNotification{Cq: h, CqStatus: uint32(cqStatus)}}
				})
			}
		}
		then := func(h *agentv1.Handle) { cqMu.Lock(); cqID = h; cqMu.Unlock() }
		cq, st := obj.(ndk.Adapter).CreateCQ(p, s.createDone(op.CreateCq.GetDone(), ad, then), nil)
		return s.created(nilIfNil(cq), st, ad, then, func(h *agentv1.Handle) *agentv1.CallReturn {
			return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CreateCq{CreateCq: &agentv1.CreateCqReply{Cq: h}}}
		})

	case *agentv1.Call_CreatePd:
		obj, ad, pe := s.lookup(op.CreatePd.GetAdapter(), kAdapter)
		if pe != nil {
			return perr(pe)
		}
		pd, st := obj.(ndk.Adapter).CreatePD(s.createDone(op.CreatePd.GetDone(), ad, nil), nil)
		return s.created(nilIfNil(pd), st, ad, nil, func(h *agentv1.Handle) *agentv1.CallReturn {
			return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CreatePd{CreatePd: &agentv1.CreatePdReply{Pd: h}}}
		})

	case *agentv1.Call_CreateSharedEndpoint:
		obj, ad, pe := s.lookup(op.CreateSharedEndpoint.GetAdapter(), kAdapter)
		if pe != nil {
			return perr(pe)
		}
		local, ok := parseAddrPort(op.CreateSharedEndpoint.GetLocal())
		if !ok {
			return invalid("CreateSharedEndpoint: an address that does not parse")
		}
		se, st := obj.(ndk.Adapter).CreateSharedEndpoint(local, s.createDone(op.CreateSharedEndpoint.GetDone(), ad, nil), nil)
		return s.created(nilIfNil(se), st, ad, nil, func(h *agentv1.Handle) *agentv1.CallReturn {
			return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CreateSharedEndpoint{CreateSharedEndpoint: &agentv1.CreateSharedEndpointReply{SharedEndpoint: h}}}
		})

	case *agentv1.Call_CreateConnector:
		obj, ad, pe := s.lookup(op.CreateConnector.GetAdapter(), kAdapter)
		if pe != nil {
			return perr(pe)
		}
		cn, st := obj.(ndk.Adapter).CreateConnector(s.createDone(op.CreateConnector.GetDone(), ad, nil), nil)
		return s.created(nilIfNil(cn), st, ad, nil, func(h *agentv1.Handle) *agentv1.CallReturn {
			return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CreateConnector{CreateConnector: &agentv1.CreateConnectorReply{Connector: h}}}
		})

	case *agentv1.Call_CreateListener:
		obj, ad, pe := s.lookup(op.CreateListener.GetAdapter(), kAdapter)
		if pe != nil {
			return perr(pe)
		}
		var lh *agentv1.Handle
		then := func(h *agentv1.Handle) { s.mu.Lock(); lh = h; s.mu.Unlock() }
		var onConnect ndk.ConnectEventCallback
		if ref := op.CreateListener.GetOnConnect(); ref != nil {
			onConnect = func(_ any, conn ndk.Connector) {
				s.mu.Lock()
				l := lh
				s.mu.Unlock()
				ch := s.newObject(nilIfNil(conn), ad)
				s.callback(ref.GetContext(), func(cb *agentv1.Callback) {
					cb.Event = &agentv1.Callback_ConnectEvent{ConnectEvent: &agentv1.ConnectEvent{Listener: l, Connector: ch}}
				})
			}
		}
		l, st := obj.(ndk.Adapter).CreateListener(onConnect, nil, s.createDone(op.CreateListener.GetDone(), ad, then), nil)
		return s.created(nilIfNil(l), st, ad, then, func(h *agentv1.Handle) *agentv1.CallReturn {
			return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CreateListener{CreateListener: &agentv1.CreateListenerReply{Listener: h}}}
		})

	case *agentv1.Call_CloseObject:
		h := op.CloseObject.GetObject()
		obj, _, pe := s.lookup(h, kAny)
		if pe != nil {
			return perr(pe)
		}
		o, ok := obj.(ndk.Object)
		if !ok || h.GetKind() == kAdapter {
			return perr(&agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_WRONG_HANDLE_KIND, Message: "CloseObject on an adapter: use CloseAdapter"})
		}
		s.markClosing(h.GetId())
		var done ndk.CloseCompletion
		if ref := op.CloseObject.GetDone(); ref != nil {
			done = func(any) {
				// The provider is done with the object's memory: a
				// FreeBuffer made within the callback is not BUSY.
				s.dropRegion(h.GetId())
				s.callback(ref.GetContext(), func(cb *agentv1.Callback) {
					cb.Event = &agentv1.Callback_CloseCompletion{CloseCompletion: &agentv1.CloseCompletion{Object: h}}
				})
				s.forget(h.GetId())
			}
		}
		st := o.Close(done, nil)
		switch {
		case st != ndk.StatusPending:
			s.forget(h.GetId())
		case done == nil:
			s.untrack(h.GetId())
		}
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_CloseObject{CloseObject: &agentv1.CloseObjectReply{}}}

	case *agentv1.Call_CreateQp:
		obj, ad, pe := s.lookup(op.CreateQp.GetPd(), kPD)
		if pe != nil {
			return perr(pe)
		}
		p, r := s.qpParams(op.CreateQp.GetParams())
		if r != nil {
			return r
		}
		q, st := obj.(ndk.PD).CreateQP(p, s.createDone(op.CreateQp.GetDone(), ad, nil), nil)
		return s.created(nilIfNil(q), st, ad, nil, func(h *agentv1.Handle) *agentv1.CallReturn {
			return &agentv1.CallReturn{Reply: &agentv1.CallReturn_CreateQp{CreateQp: &agentv1.CreateQpReply{Qp: h}}}
		})

	case *agentv1.Call_Connect:
		obj, _, pe := s.lookup(op.Connect.GetConnector(), kConnector)
		if pe != nil {
			return perr(pe)
		}
		p, r := s.connectParams(op.Connect.GetParams())
		if r != nil {
			return r
		}
		st := obj.(ndk.Connector).Connect(p, s.requestDone(op.Connect.GetDone()), nil)
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_Connect{Connect: &agentv1.ConnectReply{}}}

	case *agentv1.Call_ConnectWithSharedEndpoint:
		obj, _, pe := s.lookup(op.ConnectWithSharedEndpoint.GetConnector(), kConnector)
		if pe != nil {
			return perr(pe)
		}
		se, _, pe := s.lookup(op.ConnectWithSharedEndpoint.GetSharedEndpoint(), kSE)
		if pe != nil {
			return perr(pe)
		}
		p, r := s.connectParams(op.ConnectWithSharedEndpoint.GetParams())
		if r != nil {
			return r
		}
		st := obj.(ndk.Connector).ConnectWithSharedEndpoint(se.(ndk.SharedEndpoint), p, s.requestDone(op.ConnectWithSharedEndpoint.GetDone()), nil)
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_ConnectWithSharedEndpoint{ConnectWithSharedEndpoint: &agentv1.ConnectWithSharedEndpointReply{}}}

	case *agentv1.Call_CompleteConnect:
		h := op.CompleteConnect.GetConnector()
		obj, _, pe := s.lookup(h, kConnector)
		if pe != nil {
			return perr(pe)
		}
		st := obj.(ndk.Connector).CompleteConnect(s.disconnectEvent(op.CompleteConnect.GetOnDisconnect(), h), nil, s.requestDone(op.CompleteConnect.GetDone()), nil)
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_CompleteConnect{CompleteConnect: &agentv1.CompleteConnectReply{}}}

	case *agentv1.Call_Accept:
		a := op.Accept
		obj, _, pe := s.lookup(a.GetConnector(), kConnector)
		if pe != nil {
			return perr(pe)
		}
		p := ndk.AcceptParams{InboundReadLimit: a.GetInboundReadLimit(), OutboundReadLimit: a.GetOutboundReadLimit(),
			OnDisconnect: s.disconnectEvent(a.GetOnDisconnect(), a.GetConnector())}
		if a.GetQp() != nil {
			q, _, pe := s.lookup(a.GetQp(), kQP)
			if pe != nil {
				return perr(pe)
			}
			p.QP = q.(ndk.QP)
		}
		if a.PrivateData != nil {
			p.PrivateData = append([]byte{}, a.PrivateData...)
		}
		st := obj.(ndk.Connector).Accept(p, s.requestDone(a.GetDone()), nil)
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_Accept{Accept: &agentv1.AcceptReply{}}}

	case *agentv1.Call_CompleteConnectEx:
		h := op.CompleteConnectEx.GetConnector()
		x, r := s.connectorEx("CompleteConnectEx", h)
		if r != nil {
			return r
		}
		st := x.CompleteConnectEx(s.disconnectEventEx(op.CompleteConnectEx.GetOnDisconnect(), h), nil, s.requestDone(op.CompleteConnectEx.GetDone()), nil)
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_CompleteConnectEx{CompleteConnectEx: &agentv1.CompleteConnectExReply{}}}

	case *agentv1.Call_AcceptEx:
		a := op.AcceptEx
		x, r := s.connectorEx("AcceptEx", a.GetConnector())
		if r != nil {
			return r
		}
		p := ndk.AcceptExParams{InboundReadLimit: a.GetInboundReadLimit(), OutboundReadLimit: a.GetOutboundReadLimit(),
			OnDisconnect: s.disconnectEventEx(a.GetOnDisconnect(), a.GetConnector())}
		if a.GetQp() != nil {
			q, _, pe := s.lookup(a.GetQp(), kQP)
			if pe != nil {
				return perr(pe)
			}
			p.QP = q.(ndk.QP)
		}
		if a.PrivateData != nil {
			p.PrivateData = append([]byte{}, a.PrivateData...)
		}
		st := x.AcceptEx(p, s.requestDone(a.GetDone()), nil)
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_AcceptEx{AcceptEx: &agentv1.AcceptExReply{}}}

	case *agentv1.Call_Reject:
		obj, _, pe := s.lookup(op.Reject.GetConnector(), kConnector)
		if pe != nil {
			return perr(pe)
		}
		var pd []byte
		if op.Reject.PrivateData != nil {
			pd = append([]byte{}, op.Reject.PrivateData...)
		}
		st := obj.(ndk.Connector).Reject(pd)
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_Reject{Reject: &agentv1.RejectReply{}}}

	case *agentv1.Call_GetConnectionData:
		obj, _, pe := s.lookup(op.GetConnectionData.GetConnector(), kConnector)
		if pe != nil {
			return perr(pe)
		}
		var buf []byte
		if op.GetConnectionData.BufferLength != nil {
			n := op.GetConnectionData.GetBufferLength()
			if n > 1<<16 {
				return perr(&agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_OUT_OF_RANGE, Message: "GetConnectionData: buffer_length over 65536"})
			}
			buf = make([]byte, n)
		}
		cd, st := obj.(ndk.Connector).GetConnectionData(buf)
		r := &agentv1.GetConnectionDataReply{InboundReadLimit: cd.InboundReadLimit, OutboundReadLimit: cd.OutboundReadLimit,
			PrivateDataLength: uint32(cd.PrivateDataLength)}
		if buf != nil {
			r.PrivateData = buf[:min(len(buf), max(cd.PrivateDataLength, 0))]
		}
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_GetConnectionData{GetConnectionData: r}}

	case *agentv1.Call_GetLocalAddress:
		obj, _, pe := s.lookup(op.GetLocalAddress.GetConnector(), kConnector)
		if pe != nil {
			return perr(pe)
		}
		ap, st := obj.(ndk.Connector).GetLocalAddress()
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_GetLocalAddress{GetLocalAddress: &agentv1.GetLocalAddressReply{Address: addrPortToProto(ap)}}}

	case *agentv1.Call_GetPeerAddress:
		obj, _, pe := s.lookup(op.GetPeerAddress.GetConnector(), kConnector)
		if pe != nil {
			return perr(pe)
		}
		ap, st := obj.(ndk.Connector).GetPeerAddress()
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_GetPeerAddress{GetPeerAddress: &agentv1.GetPeerAddressReply{Address: addrPortToProto(ap)}}}

	case *agentv1.Call_Disconnect:
		obj, _, pe := s.lookup(op.Disconnect.GetConnector(), kConnector)
		if pe != nil {
			return perr(pe)
		}
		st := obj.(ndk.Connector).Disconnect(s.requestDone(op.Disconnect.GetDone()), nil)
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_Disconnect{Disconnect: &agentv1.DisconnectReply{}}}

	case *agentv1.Call_Listen:
		obj, _, pe := s.lookup(op.Listen.GetListener(), kListener)
		if pe != nil {
			return perr(pe)
		}
		local, ok := parseAddrPort(op.Listen.GetLocal())
		if !ok {
			return invalid("Listen: an address that does not parse")
		}
		st := obj.(ndk.Listener).Listen(local, s.requestDone(op.Listen.GetDone()), nil)
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_Listen{Listen: &agentv1.ListenReply{}}}

	case *agentv1.Call_GetListenerLocalAddress:
		obj, _, pe := s.lookup(op.GetListenerLocalAddress.GetListener(), kListener)
		if pe != nil {
			return perr(pe)
		}
		ap, st := obj.(ndk.Listener).GetLocalAddress()
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_GetListenerLocalAddress{GetListenerLocalAddress: &agentv1.GetListenerLocalAddressReply{Address: addrPortToProto(ap)}}}

	case *agentv1.Call_GetSharedEndpointLocalAddress:
		obj, _, pe := s.lookup(op.GetSharedEndpointLocalAddress.GetSharedEndpoint(), kSE)
		if pe != nil {
			return perr(pe)
		}
		ap, st := obj.(ndk.SharedEndpoint).GetLocalAddress()
		return &agentv1.CallReturn{Status: uint32(st), Reply: &agentv1.CallReturn_GetSharedEndpointLocalAddress{GetSharedEndpointLocalAddress: &agentv1.GetSharedEndpointLocalAddressReply{Address: addrPortToProto(ap)}}}

	case *agentv1.Call_QueryAbiFacts:
		return s.queryAbiFacts(op.QueryAbiFacts)

	case nil:
		if len(c.ProtoReflect().GetUnknown()) > 0 {
			// A Call member of a newer minor version (unknown fields to
			// this agent's proto): not a malformed call.
			return notSupported("this agent does not know this call")
		}
		return invalid("a Call with no op")
	}
	if r, ok := s.memoryCall(c); ok {
		return r
	}
	if r, ok := s.dataCall(c); ok {
		return r
	}
	// A Call member of the proto this agent does not serve.
	return notSupported("this agent does not serve this call")
}

func notSupported(msg string) *agentv1.CallReturn {
	return perr(&agentv1.ProtocolError{Code: agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED, Message: msg})
}

// nilIfNil turns a typed nil object (a provider's failed create) into a
// nil ndk.Object.
func nilIfNil[T ndk.Object](o T) ndk.Object {
	var x ndk.Object = o
	if x == nil {
		return nil
	}
	if isNilPtr(x) {
		return nil
	}
	return x
}

func isNilPtr(x any) bool {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
		return v.IsNil()
	}
	return false
}
