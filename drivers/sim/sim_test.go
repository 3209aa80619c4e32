package sim

import (
	"bytes"
	"net/netip"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

func inEphemeral(p uint16) bool {
	return p >= ndk.EphemeralPortFirst && p <= ndk.EphemeralPortLast
}

func TestObjectParams(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		s := newSide(t, e, e.a.IPv4)
		for _, d := range []uint32{0, 4097} {
			_, st := createT(t, func(dn ndk.CreateCompletion, c any) (ndk.CQ, ndk.Status) {
				return s.ad.CreateCQ(ndk.CQParams{Depth: d}, dn, c)
			})
			expect(t, "CreateCQ depth", st, ndk.StatusInvalidParameter)
		}
		big := mustCreate(t, func(dn ndk.CreateCompletion, c any) (ndk.CQ, ndk.Status) {
			return s.ad.CreateCQ(ndk.CQParams{Depth: 4096}, dn, c)
		})
		ok := ndk.QPParams{ReceiveCQ: s.cq, InitiatorCQ: big, ReceiveQueueDepth: 1024, InitiatorQueueDepth: 1024,
			MaxReceiveRequestSGE: 4, MaxInitiatorRequestSGE: 4, InlineDataSize: 256}
		for name, mod := range map[string]func(*ndk.QPParams){
			"no receive CQ":   func(p *ndk.QPParams) { p.ReceiveCQ = nil },
			"no initiator CQ": func(p *ndk.QPParams) { p.InitiatorCQ = nil },
			"RQ depth":        func(p *ndk.QPParams) { p.ReceiveQueueDepth = 1025 },
			"IQ depth":        func(p *ndk.QPParams) { p.InitiatorQueueDepth = 1025 },
			"RQ SGE":          func(p *ndk.QPParams) { p.MaxReceiveRequestSGE = 5 },
			"IQ SGE":          func(p *ndk.QPParams) { p.MaxInitiatorRequestSGE = 5 },
			"inline":          func(p *ndk.QPParams) { p.InlineDataSize = 257 },
		} {
			p := ok
			mod(&p)
			_, st := createT(t, func(dn ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) { return s.pd.CreateQP(p, dn, c) })
			expect(t, "CreateQP "+name, st, ndk.StatusInvalidParameter)
		}
		q := mustCreate(t, func(dn ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) { return s.pd.CreateQP(ok, dn, c) })
		if q.ObjectType() != ndk.ObjectTypeQP || s.pd.ObjectType() != ndk.ObjectTypePD || big.ObjectType() != ndk.ObjectTypeCQ {
			t.Errorf("object types %v %v %v", q.ObjectType(), s.pd.ObjectType(), big.ObjectType())
		}

		// LT-16: antecedents of an open QP close with STATUS_PENDING.
		pdc, cqc, bigc := startClose(t, s.pd), startClose(t, s.cq), startClose(t, big)
		stillPending(t, pdc, "PD close with open QP")
		stillPending(t, cqc, "CQ close with open QP")
		stillPending(t, bigc, "CQ close with open QP")

		// The adapter close blocks until every object is closed.
		adDone := make(chan struct{})
		go func() { s.ad.Close(); close(adDone) }()
		select {
		case <-adDone:
			t.Fatalf("Adapter.Close returned with objects open")
		case <-time.After(20 * time.Millisecond):
		}
		mustClose(t, q)
		pdc.wait(t)
		cqc.wait(t)
		bigc.wait(t)
		select {
		case <-adDone:
		case <-time.After(waitFor):
			t.Fatalf("Adapter.Close did not return")
		}
	})
}

func TestRoundTrip(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		for _, fam := range []struct {
			name string
			a, b netip.Addr
		}{{"IPv4", e.a.IPv4, e.b.IPv4}, {"IPv6", e.a.IPv6, e.b.IPv6}} {
			A, B := newSide(t, e, fam.a), newSide(t, e, fam.b)
			ls := listen(t, B, ap(fam.b, 0))
			if ls.addr.Addr() != fam.b || !inEphemeral(ls.addr.Port()) {
				t.Errorf("%s: listener address %v", fam.name, ls.addr)
			}
			qa, qb := A.qp(t), B.qp(t)
			ca := A.connector(t)
			if _, st := ca.GetLocalAddress(); st != ndk.StatusConnectionInvalid {
				t.Errorf("GetLocalAddress before Connect = %v", st)
			}
			if _, st := ca.GetConnectionData(nil); st != ndk.StatusConnectionInvalid {
				t.Errorf("GetConnectionData before Connect = %v", st)
			}
			expect(t, "CompleteConnect before Connect", do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
				return ca.CompleteConnect(nil, nil, d, c)
			}), ndk.StatusConnectionInvalid)

			var discA, discB atomic.Int32
			var aLocal netip.AddrPort
			bDone := make(chan ndk.Status, 1)
			var cb ndk.Connector
			go func() {
				var pc ndk.Connector
				select {
				case pc = <-ls.events:
				case <-time.After(waitFor):
					t.Errorf("no connect event")
					bDone <- 0
					return
				}
				cb = pc
				if pc.ObjectType() != ndk.ObjectTypeConnector {
					t.Errorf("connect event object type %v", pc.ObjectType())
				}
				cd, st := pc.GetConnectionData(nil)
				if st != ndk.StatusSuccess || cd.PrivateDataLength != 56 || cd.InboundReadLimit != 16 || cd.OutboundReadLimit != 6 {
					t.Errorf("passive GetConnectionData(nil) = %+v, %v", cd, st)
				}
				small := make([]byte, 3)
				if cd, st := pc.GetConnectionData(small); st != ndk.StatusBufferTooSmall || cd.PrivateDataLength != 56 || string(small) != "hel" {
					t.Errorf("GetConnectionData(3 bytes) = %+v, %v, %q", cd, st, small)
				}
				full := make([]byte, 60)
				if cd, st := pc.GetConnectionData(full); st != ndk.StatusSuccess || cd.PrivateDataLength != 56 ||
					!bytes.Equal(full[:56], append([]byte("hello"), make([]byte, 51)...)) {
					t.Errorf("GetConnectionData(60 bytes) = %+v, %v, %q", cd, st, full)
				}
				if la, st := pc.GetLocalAddress(); st != ndk.StatusSuccess || la != ls.addr {
					t.Errorf("passive GetLocalAddress = %v, %v; want %v", la, st, ls.addr)
				}
				if pa, st := pc.GetPeerAddress(); st != ndk.StatusSuccess || pa.Addr() != fam.a || !inEphemeral(pa.Port()) {
					t.Errorf("passive GetPeerAddress = %v, %v", pa, st)
				} else {
					aLocal = pa
				}
				st, ch := start(t, func(d ndk.RequestCompletion, c any) ndk.Status {
					return pc.Accept(ndk.AcceptParams{QP: qb, InboundReadLimit: 4, OutboundReadLimit: 3, PrivateData: []byte("accept-data"),
						OnDisconnect: func(ctx any) {
							if ctx != "disc-b" {
								t.Errorf("disconnect context %v", ctx)
							}
							discB.Add(1)
						}, DisconnectContext: "disc-b"}, d, c)
				})
				if st == ndk.StatusPending {
					st = <-ch
				}
				bDone <- st
			}()
			st := do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
				return ca.Connect(ndk.ConnectParams{QP: qa, Source: ap(fam.a, 0), Destination: ls.addr,
					InboundReadLimit: 6, OutboundReadLimit: 20, PrivateData: []byte("hello")}, d, c)
			})
			expect(t, fam.name+" Connect", st, ndk.StatusSuccess)
			buf := make([]byte, 148)
			cd, st := ca.GetConnectionData(buf)
			if st != ndk.StatusSuccess || cd.PrivateDataLength != 148 || cd.InboundReadLimit != 3 || cd.OutboundReadLimit != 4 ||
				!bytes.Equal(buf, append([]byte("accept-data"), make([]byte, 137)...)) {
				t.Errorf("active GetConnectionData = %+v, %v, %q", cd, st, buf)
			}
			expect(t, "CompleteConnect", do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
				return ca.CompleteConnect(func(any) { discA.Add(1) }, nil, d, c)
			}), ndk.StatusSuccess)
			expect(t, "Accept", wait(t, bDone), ndk.StatusSuccess)
			if la, st := ca.GetLocalAddress(); st != ndk.StatusSuccess || la != aLocal {
				t.Errorf("active GetLocalAddress = %v, %v; want %v", la, st, aLocal)
			}
			if pa, st := ca.GetPeerAddress(); st != ndk.StatusSuccess || pa != ls.addr {
				t.Errorf("active GetPeerAddress = %v, %v", pa, st)
			}
			expect(t, "second CompleteConnect", do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
				return ca.CompleteConnect(nil, nil, d, c)
			}), ndk.StatusConnectionInvalid)
			expect(t, "Connect on a connected connector", do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
				return ca.Connect(connectParams(qa, ap(fam.a, 0), ls.addr), d, c)
			}), ndk.StatusConnectionActive)

			// Disconnect: the peer's event, once; none back.
			expect(t, "Disconnect", do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return ca.Disconnect(d, c) }), ndk.StatusSuccess)
			deadline := time.Now().Add(waitFor)
			for discB.Load() == 0 && time.Now().Before(deadline) {
				time.Sleep(time.Millisecond)
			}
			expect(t, "peer Disconnect", do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return cb.Disconnect(d, c) }), ndk.StatusSuccess)
			expect(t, "second Disconnect", do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return ca.Disconnect(d, c) }), ndk.StatusConnectionInvalid)
			mustClose(t, ca, cb, qa, qb, ls.l)
			A.close(t)
			B.close(t)
			if discB.Load() != 1 || discA.Load() != 0 {
				t.Errorf("%s: disconnect events A=%d B=%d; want 0 and 1", fam.name, discA.Load(), discB.Load())
			}
		}
	})
}

func TestAbortiveClose(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A, B := newSide(t, e, e.a.IPv6), newSide(t, e, e.b.IPv6)
		ls := listen(t, B, ap(e.b.IPv6, 4791))
		c := establish(t, A, ap(e.a.IPv6, 0), nil, B, ls)
		mustClose(t, c.a) // no Disconnect: the peer sees an abort
		select {
		case <-c.discB:
		case <-time.After(waitFor):
			t.Fatalf("no disconnect event after the peer's close")
		}
		expect(t, "Disconnect after the peer's abort", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return c.b.Disconnect(d, x) }), ndk.StatusConnectionAborted)
		expect(t, "second Disconnect", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return c.b.Disconnect(d, x) }), ndk.StatusConnectionInvalid)
		mustClose(t, c.b, c.qa, c.qb, ls.l)
		A.close(t)
		B.close(t)
		if len(c.discB) != 0 || len(c.discA) != 0 {
			t.Errorf("extra disconnect events: A %d, B %d", len(c.discA), len(c.discB))
		}
	})
}

func TestConnectFailures(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 445))
		aListen := listen(t, A, ap(e.a.IPv4, 0))
		qa := A.qp(t)
		ca := A.connector(t)
		connect := func(p ndk.ConnectParams) ndk.Status {
			return do(t, func(d ndk.RequestCompletion, c any) ndk.Status { return ca.Connect(p, d, c) })
		}
		expect(t, "unreachable host", connect(connectParams(qa, ap(e.a.IPv4, 0), ap(netip.MustParseAddr("192.0.2.99"), 445))), ndk.StatusHostUnreachable)
		expect(t, "no listener", connect(connectParams(qa, ap(e.a.IPv4, 0), ap(e.b.IPv4, 446))), ndk.StatusConnectionRefused)
		expect(t, "source not on the adapter", connect(connectParams(qa, ap(e.b.IPv4, 0), ls.addr)), ndk.StatusInvalidAddress)
		expect(t, "source family", connect(connectParams(qa, ap(e.a.IPv6, 0), ls.addr)), ndk.StatusInvalidAddress)
		expect(t, "source port in use", connect(connectParams(qa, aListen.addr, ls.addr)), ndk.StatusSharingViolation)
		p := connectParams(qa, ap(e.a.IPv4, 0), ls.addr)
		p.PrivateData = make([]byte, 57)
		expect(t, "private data too long", connect(p), ndk.StatusInvalidParameter)
		p.PrivateData, p.QP = nil, nil
		expect(t, "no QP", connect(p), ndk.StatusInvalidParameter)
		if len(ls.events) != 0 {
			t.Fatalf("connect event for a failed Connect")
		}

		// Paused listener: refused as if absent; resumed: delivered.
		ls.l.ControlConnectEvents(true)
		expect(t, "paused listener", connect(connectParams(qa, ap(e.a.IPv4, 0), ls.addr)), ndk.StatusConnectionRefused)
		ls.l.ControlConnectEvents(false)

		// Passive Reject: Connect refused, reject data readable, the
		// dedicated source endpoint released.
		src := ap(e.a.IPv4, 7001)
		res := async(t, func(d ndk.RequestCompletion, c any) ndk.Status {
			return ca.Connect(connectParams(qa, src, ls.addr), d, c)
		})
		pc := ls.next(t)
		qb := B.qp(t)
		expect(t, "Accept with too much private data", do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
			return pc.Accept(ndk.AcceptParams{QP: qb, PrivateData: make([]byte, 149)}, d, c)
		}), ndk.StatusInvalidParameter)
		expect(t, "Reject with too much private data", pc.Reject(make([]byte, 149)), ndk.StatusInvalidParameter)
		expect(t, "Reject", pc.Reject([]byte("go away")), ndk.StatusSuccess)
		expect(t, "rejected Connect", wait(t, res), ndk.StatusConnectionRefused)
		buf := make([]byte, 148)
		if cd, st := ca.GetConnectionData(buf); st != ndk.StatusSuccess || cd.PrivateDataLength != 148 || string(buf[:7]) != "go away" {
			t.Errorf("GetConnectionData after reject = %+v, %v, %q", cd, st, buf[:8])
		}
		if _, st := ca.GetLocalAddress(); st != ndk.StatusConnectionInvalid {
			t.Errorf("GetLocalAddress after a refused Connect = %v", st)
		}
		expect(t, "second Reject", pc.Reject(nil), ndk.StatusConnectionInvalid)
		mustClose(t, pc)
		l2 := listen(t, A, src) // the source port is free again
		mustClose(t, l2.l)

		// The passive side closes an unanswered request: refused.
		res = async(t, func(d ndk.RequestCompletion, c any) ndk.Status {
			return ca.Connect(connectParams(qa, src, ls.addr), d, c)
		})
		mustClose(t, ls.next(t))
		expect(t, "Connect to a closed passive connector", wait(t, res), ndk.StatusConnectionRefused)

		// Active Reject after Connect succeeded: the pending Accept aborts.
		res = async(t, func(d ndk.RequestCompletion, c any) ndk.Status {
			return ca.Connect(connectParams(qa, src, ls.addr), d, c)
		})
		pc = ls.next(t)
		acc := async(t, func(d ndk.RequestCompletion, c any) ndk.Status { return pc.Accept(ndk.AcceptParams{QP: qb}, d, c) })
		expect(t, "Connect", wait(t, res), ndk.StatusSuccess)
		expect(t, "active Reject", ca.Reject(nil), ndk.StatusSuccess)
		expect(t, "Accept after the active side rejected", wait(t, acc), ndk.StatusConnectionAborted)
		expect(t, "CompleteConnect after Reject", do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
			return ca.CompleteConnect(nil, nil, d, c)
		}), ndk.StatusConnectionInvalid)
		mustClose(t, pc)

		// A QP bound to a live connection cannot serve another.
		c := establish(t, A, src, nil, B, ls)
		cx := A.connector(t)
		expect(t, "QP of another connector", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(c.qa, ap(e.a.IPv4, 0), ls.addr), d, x)
		}), ndk.StatusInvalidParameter)
		expect(t, "Disconnect of an idle connector", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return cx.Disconnect(d, x) }), ndk.StatusConnectionInvalid)
		c.close(t)
		mustClose(t, cx, ca, qa, qb, ls.l, aListen.l)
		A.close(t)
		B.close(t)
	})
}

// Requests still pending when the consumer closes or gives up. Only the
// deferred personality lets the consumer close a connector whose Connect or
// Accept is pending (inline and reentrant calls block until the outcome).
func TestPendingHandshakeAbandoned(t *testing.T) {
	e := openEnv(t, map[string]string{OptCompletion: CompletionDeferred})
	A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
	ls := listen(t, B, ap(e.b.IPv4, 0))
	qa, qb := A.qp(t), B.qp(t)

	// The active side closes before the passive side answers.
	ca := A.connector(t)
	st, ch := start(t, func(d ndk.RequestCompletion, c any) ndk.Status {
		return ca.Connect(connectParams(qa, ap(e.a.IPv4, 0), ls.addr), d, c)
	})
	expect(t, "deferred Connect", st, ndk.StatusPending)
	pc := ls.next(t)
	cl := startClose(t, ca)
	expect(t, "cancelled Connect", wait(t, ch), ndk.StatusCancelled)
	cl.wait(t)
	expect(t, "Accept after the peer closed", do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
		return pc.Accept(ndk.AcceptParams{QP: qb}, d, c)
	}), ndk.StatusConnectionAborted)
	expect(t, "Reject after the peer closed", pc.Reject(nil), ndk.StatusConnectionAborted)
	mustClose(t, pc)

	// The passive side closes with its Accept pending.
	ca = A.connector(t)
	st, ch = start(t, func(d ndk.RequestCompletion, c any) ndk.Status {
		return ca.Connect(connectParams(qa, ap(e.a.IPv4, 0), ls.addr), d, c)
	})
	expect(t, "deferred Connect", st, ndk.StatusPending)
	pc = ls.next(t)
	st, acc := start(t, func(d ndk.RequestCompletion, c any) ndk.Status { return pc.Accept(ndk.AcceptParams{QP: qb}, d, c) })
	expect(t, "deferred Accept", st, ndk.StatusPending)
	expect(t, "Connect", wait(t, ch), ndk.StatusSuccess)
	cl = startClose(t, pc)
	expect(t, "cancelled Accept", wait(t, acc), ndk.StatusCancelled)
	cl.wait(t)
	expect(t, "CompleteConnect after the peer closed", do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
		return ca.CompleteConnect(nil, nil, d, c)
	}), ndk.StatusConnectionAborted)
	mustClose(t, ca, qa, qb, ls.l)
	A.close(t)
	B.close(t)
}

func TestPortReuse(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		port := ap(e.b.IPv4, 5000)
		ls := listen(t, B, port)
		c := establish(t, A, ap(e.a.IPv4, 0), nil, B, ls)

		lc := startClose(t, ls.l)
		stillPending(t, lc, "listener close with an accepted connector open") // LC-15

		// LC-14: the port stays in use for Listen, Connect and shared endpoints.
		l2 := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.Listener, ndk.Status) {
			return B.ad.CreateListener(nil, nil, d, x)
		})
		expect(t, "Listen on a port held by connectors", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l2.Listen(port, d, x) }), ndk.StatusSharingViolation)
		_, st := createT(t, func(d ndk.CreateCompletion, x any) (ndk.SharedEndpoint, ndk.Status) {
			return B.ad.CreateSharedEndpoint(port, d, x)
		})
		expect(t, "CreateSharedEndpoint on a held port", st, ndk.StatusSharingViolation)
		bq, bc := B.qp(t), B.connector(t)
		expect(t, "Connect from a held port", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return bc.Connect(connectParams(bq, port, ap(e.a.IPv4, 1)), d, x)
		}), ndk.StatusSharingViolation)
		// LC-16: the closing listener refuses new requests.
		aq, ac := A.qp(t), A.connector(t)
		expect(t, "Connect to a closing listener", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return ac.Connect(connectParams(aq, ap(e.a.IPv4, 0), port), d, x)
		}), ndk.StatusConnectionRefused)
		if len(ls.events) != 0 {
			t.Errorf("connect event on a closing listener")
		}
		// The IPv6 address is a different endpoint.
		l6 := listen(t, B, ap(e.b.IPv6, 5000))
		mustClose(t, l6.l)

		mustClose(t, c.a)
		stillPending(t, lc, "listener close with one accepted connector open")
		expect(t, "Listen with the accepted connector open", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l2.Listen(port, d, x) }), ndk.StatusSharingViolation)
		mustClose(t, c.b) // the last reference
		lc.wait(t)
		expect(t, "Listen after the last reference closed", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l2.Listen(port, d, x) }), ndk.StatusSuccess)
		mustClose(t, l2, bq, bc, aq, ac, c.qa, c.qb)
		A.close(t)
		B.close(t)
	})
}

func TestEphemeralPorts(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A, B := newSide(t, e, e.a.IPv6), newSide(t, e, e.b.IPv6)
		ls := listen(t, B, ap(e.b.IPv6, 0))
		c := establish(t, A, ap(e.a.IPv6, 0), nil, B, ls)
		if la, _ := c.a.GetLocalAddress(); !inEphemeral(la.Port()) || la.Addr() != e.a.IPv6 {
			t.Errorf("Connect from port 0: local %v", la)
		}
		c.close(t)

		// Exhaust the ephemeral range of A's IPv6 address.
		const n = ndk.EphemeralPortLast - ndk.EphemeralPortFirst + 1
		ses := make([]ndk.SharedEndpoint, 0, n)
		seen := make(map[uint16]bool, n)
		for range n {
			se, st := A.ad.CreateSharedEndpoint(ap(e.a.IPv6, 0), nil, nil) // no callback: inline
			if st != ndk.StatusSuccess {
				t.Fatalf("CreateSharedEndpoint #%d = %v", len(ses), st)
			}
			a, _ := se.GetLocalAddress()
			if !inEphemeral(a.Port()) || seen[a.Port()] || a.Addr() != e.a.IPv6 {
				t.Fatalf("shared endpoint address %v (dup %v)", a, seen[a.Port()])
			}
			seen[a.Port()] = true
			ses = append(ses, se)
		}
		_, st := createT(t, func(d ndk.CreateCompletion, x any) (ndk.SharedEndpoint, ndk.Status) {
			return A.ad.CreateSharedEndpoint(ap(e.a.IPv6, 0), d, x)
		})
		expect(t, "CreateSharedEndpoint, range exhausted", st, ndk.StatusTooManyAddresses)
		l := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.Listener, ndk.Status) {
			return A.ad.CreateListener(nil, nil, d, x)
		})
		expect(t, "Listen, range exhausted", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l.Listen(ap(e.a.IPv6, 0), d, x) }), ndk.StatusTooManyAddresses)
		expect(t, "Listen on a taken ephemeral port", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return l.Listen(ap(e.a.IPv6, ndk.EphemeralPortFirst+7), d, x)
		}), ndk.StatusSharingViolation)
		q, cx := A.qp(t), A.connector(t)
		expect(t, "Connect, range exhausted", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(q, ap(e.a.IPv6, 0), ls.addr), d, x)
		}), ndk.StatusTooManyAddresses)
		// IPv4 ports of the same host are separate.
		expect(t, "Listen on IPv4 port 0", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l.Listen(ap(e.a.IPv4, 0), d, x) }), ndk.StatusSuccess)

		// Free one: the next port 0 gets exactly that port.
		freed, _ := ses[1234].GetLocalAddress()
		expect(t, "Close", ses[1234].Close(nil, nil), ndk.StatusSuccess)
		se := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.SharedEndpoint, ndk.Status) {
			return A.ad.CreateSharedEndpoint(ap(e.a.IPv6, 0), d, x)
		})
		if a, _ := se.GetLocalAddress(); a != freed {
			t.Errorf("port 0 after freeing %v got %v", freed, a)
		}
		// se came from a create that may have completed through a callback
		// still returning: its close may be pending, so it is closed with a
		// callback; the others were created inline.
		ses[1234] = ses[len(ses)-1]
		for _, se := range ses[:len(ses)-1] {
			if st := se.Close(nil, nil); st != ndk.StatusSuccess {
				t.Fatalf("inline Close of a shared endpoint = %v", st)
			}
		}
		mustClose(t, se, l, q, cx, ls.l)
		A.close(t)
		B.close(t)
	})
}

func TestSharedEndpoint(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		l1, l2 := listen(t, B, ap(e.b.IPv4, 0)), listen(t, B, ap(e.b.IPv4, 0))
		if l1.addr == l2.addr {
			t.Fatalf("two listeners on %v", l1.addr)
		}
		se := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.SharedEndpoint, ndk.Status) {
			return A.ad.CreateSharedEndpoint(ap(e.a.IPv4, 0), d, x)
		})
		if se.ObjectType() != ndk.ObjectTypeSharedEndpoint {
			t.Errorf("ObjectType = %v", se.ObjectType())
		}
		seAddr, st := se.GetLocalAddress()
		if st != ndk.StatusSuccess || seAddr.Addr() != e.a.IPv4 || !inEphemeral(seAddr.Port()) {
			t.Fatalf("shared endpoint GetLocalAddress = %v, %v", seAddr, st)
		}
		_, st = createT(t, func(d ndk.CreateCompletion, x any) (ndk.SharedEndpoint, ndk.Status) {
			return A.ad.CreateSharedEndpoint(seAddr, d, x)
		})
		expect(t, "second shared endpoint on the same address", st, ndk.StatusSharingViolation)
		_, st = createT(t, func(d ndk.CreateCompletion, x any) (ndk.SharedEndpoint, ndk.Status) {
			return A.ad.CreateSharedEndpoint(ap(e.b.IPv4, 0), d, x)
		})
		expect(t, "shared endpoint on another host's address", st, ndk.StatusInvalidAddress)

		c1 := establish(t, A, netip.AddrPort{}, se, B, l1)
		if la, _ := c1.a.GetLocalAddress(); la != seAddr {
			t.Errorf("local address over the shared endpoint = %v; want %v", la, seAddr)
		}
		// CN-3: the same 4-tuple again.
		q, cx := A.qp(t), A.connector(t)
		expect(t, "duplicate 4-tuple", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.ConnectWithSharedEndpoint(se, connectParams(q, netip.AddrPort{}, l1.addr), d, x)
		}), ndk.StatusAddressAlreadyExists)
		if len(l1.events) != 0 {
			t.Errorf("connect event for a duplicate 4-tuple")
		}
		c2 := establish(t, A, netip.AddrPort{}, se, B, l2) // another destination is fine

		sc := startClose(t, se)
		stillPending(t, sc, "shared endpoint close with connectors open") // LC-25
		l3 := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.Listener, ndk.Status) {
			return A.ad.CreateListener(nil, nil, d, x)
		})
		expect(t, "Listen on a held shared endpoint address", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l3.Listen(seAddr, d, x) }), ndk.StatusSharingViolation) // LC-24
		c1.close(t)
		stillPending(t, sc, "shared endpoint close with one connector open")
		c2.close(t)
		sc.wait(t)
		expect(t, "Listen once the shared endpoint is released", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l3.Listen(seAddr, d, x) }), ndk.StatusSuccess)
		mustClose(t, l3, q, cx, l1.l, l2.l)
		A.close(t)
		B.close(t)
	})
}

// Closing objects from inside their own completion callbacks, including a
// callback made from inside the call (reentrant), must not deadlock.
func TestCloseFromInsideCallbacks(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		closes := make(chan *closer, 16)

		// A create completion that closes the new object.
		cq, st := A.ad.CreateCQ(ndk.CQParams{Depth: 8}, func(ctx any, s ndk.Status, o ndk.Object) {
			closes <- startClose(t, o)
		}, nil)
		if st == ndk.StatusSuccess {
			closes <- startClose(t, cq)
		}

		// A failing Connect whose completion closes the connector.
		qa := A.qp(t)
		ca := A.connector(t)
		st = ca.Connect(connectParams(qa, ap(e.a.IPv4, 0), ap(e.b.IPv4, 9)), func(ctx any, s ndk.Status) {
			if s != ndk.StatusConnectionRefused {
				t.Errorf("Connect completion %v", s)
			}
			closes <- startClose(t, ca)
		}, nil)
		if st != ndk.StatusPending {
			expect(t, "Connect", st, ndk.StatusConnectionRefused)
			closes <- startClose(t, ca)
		}

		// A successful handshake whose completions close the connectors
		// and whose close completions close the QPs.
		ls := listen(t, B, ap(e.b.IPv4, 0))
		qb := B.qp(t)
		go func() {
			pc := <-ls.events
			st := pc.Accept(ndk.AcceptParams{QP: qb}, func(ctx any, s ndk.Status) {
				expect(t, "Accept", s, ndk.StatusSuccess)
				closes <- startCloseThen(t, pc, func() { closes <- startClose(t, qb) })
			}, nil)
			if st != ndk.StatusPending {
				expect(t, "Accept", st, ndk.StatusSuccess)
				closes <- startCloseThen(t, pc, func() { closes <- startClose(t, qb) })
			}
		}()
		qa2, ca2 := A.qp(t), A.connector(t)
		expect(t, "Connect", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return ca2.Connect(connectParams(qa2, ap(e.a.IPv4, 0), ls.addr), d, x)
		}), ndk.StatusSuccess)
		st = ca2.CompleteConnect(nil, nil, func(ctx any, s ndk.Status) {
			expect(t, "CompleteConnect", s, ndk.StatusSuccess)
			closes <- startCloseThen(t, ca2, func() { closes <- startClose(t, qa2) })
		}, nil)
		if st != ndk.StatusPending {
			expect(t, "CompleteConnect", st, ndk.StatusSuccess)
			closes <- startCloseThen(t, ca2, func() { closes <- startClose(t, qa2) })
		}
		for range 6 {
			select {
			case c := <-closes:
				c.wait(t)
			case <-time.After(waitFor):
				t.Fatalf("a close never started")
			}
		}
		mustClose(t, qa, ls.l)
		A.close(t)
		B.close(t)
	})
}

// startCloseThen closes o and runs then from inside its close completion
// (or at once if the close completed inline).
func startCloseThen(t testing.TB, o ndk.Object, then func()) *closer {
	c := &closer{done: make(chan struct{})}
	c.st = o.Close(func(any) { then(); close(c.done) }, nil)
	if c.st == ndk.StatusSuccess {
		then()
		close(c.done)
	}
	return c
}

func TestAdapterCloseWaitsForCallbacks(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A := newSide(t, e, e.a.IPv4)
		q := A.qp(t)
		var slowDone atomic.Bool
		pdc := startClose(t, A.pd)
		stillPending(t, pdc, "PD close with an open QP")
		st := A.cq.Close(func(any) {
			time.Sleep(50 * time.Millisecond)
			slowDone.Store(true)
		}, nil)
		expect(t, "CQ close with an open QP", st, ndk.StatusPending)
		if st := q.Close(nil, nil); st != ndk.StatusSuccess {
			t.Errorf("inline QP close = %v", st)
		}
		closeAdapter(t, A.ad)
		if !slowDone.Load() {
			t.Errorf("Adapter.Close returned before the CQ close completion returned")
		}
		pdc.wait(t)

		// A connect event callback that is still running.
		B := newSide(t, e, e.b.IPv4)
		C := newSide(t, e, e.a.IPv4)
		var evDone atomic.Bool
		var pc atomic.Value
		l := mustCreate(t, func(d ndk.CreateCompletion, x any) (ndk.Listener, ndk.Status) {
			return B.ad.CreateListener(func(ctx any, c ndk.Connector) {
				pc.Store(c)
				time.Sleep(50 * time.Millisecond)
				evDone.Store(true)
			}, nil, d, x)
		})
		expect(t, "Listen", do(t, func(d ndk.RequestCompletion, x any) ndk.Status { return l.Listen(ap(e.b.IPv4, 80), d, x) }), ndk.StatusSuccess)
		qc, cc := C.qp(t), C.connector(t)
		res := async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cc.Connect(connectParams(qc, ap(e.a.IPv4, 0), ap(e.b.IPv4, 80)), d, x)
		})
		for pc.Load() == nil {
			time.Sleep(time.Millisecond)
		}
		expect(t, "Reject", pc.Load().(ndk.Connector).Reject(nil), ndk.StatusSuccess)
		expect(t, "rejected Connect", wait(t, res), ndk.StatusConnectionRefused)
		lc := startClose(t, l)
		mustClose(t, pc.Load().(ndk.Connector), B.pd, B.cq)
		lc.wait(t)
		closeAdapter(t, B.ad)
		if !evDone.Load() {
			t.Errorf("Adapter.Close returned before the connect event callback returned")
		}
		mustClose(t, qc, cc)
		C.close(t)
	})
}

// LOOPBACK_CONNECTIONS_SUPPORTED: a connection within one adapter, and
// between two adapters of one host.
func TestLoopback(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		A := newSide(t, e, e.a.IPv4)
		A2 := newSide(t, e, e.a.IPv6)
		ls := listen(t, A, ap(e.a.IPv4, 0))
		c := establish(t, A, ap(e.a.IPv4, 0), nil, A, ls)
		ls6 := listen(t, A2, ap(e.a.IPv6, 0))
		c6 := establish(t, A, ap(e.a.IPv6, 0), nil, A2, ls6)
		if pa, _ := c6.b.GetPeerAddress(); pa.Addr() != e.a.IPv6 {
			t.Errorf("loopback peer address %v", pa)
		}
		c.close(t)
		c6.close(t)
		mustClose(t, ls.l, ls6.l)
		A.close(t)
		A2.close(t)
	})
}
