package agent_test

import (
	"net/netip"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// TestConnectorExThroughAgent: NDKPI 2.1's connector calls through an
// agent and the remote driver. With sim at 2.1 (its default) the remote
// connectors, created and from connect events, are ndk.ConnectorEx:
// NdkAcceptEx and NdkCompleteConnectEx connect, and the peer's disconnect
// reaches the NdkDisconnectEventCallbackEx with its context and sim's
// ProviderDisconnectReason; a NULL DisconnectEvent is passed as none. With
// sim at 1.2 they are not, as an agent before protocol 1.4 hands out.
func TestConnectorExThroughAgent(t *testing.T) {
	for _, c := range []string{"deferred", "inline", "reentrant"} {
		t.Run(c, func(t *testing.T) { connectorExThroughAgent(t, c) })
	}
	t.Run("version=1.2", func(t *testing.T) {
		addr := serveSim(t, "s3cret", map[string]string{"version": "1.2"})
		p, err := openRemote(t, addr, "s3cret")
		if err != nil {
			t.Fatal(err)
		}
		sa, _ := p.Sides()
		a := newEnd(t, p, sa.IPv4)
		if info, _ := a.ad.QueryAdapterInfo(); info.Version != (ndk.Version{Major: 1, Minor: 2}) {
			t.Errorf("Version %v through the agent, want 1.2", info.Version)
		}
		c := create(t, "CreateConnector", a.ad.CreateConnector)
		if _, ok := c.(ndk.ConnectorEx); ok {
			t.Error("a connector of an NDKPI 1.2 provider is an ndk.ConnectorEx through the agent")
		}
		closeObj(t, "connector", c)
		a.close(t)
		if err := p.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
	})
}

type exEvent struct {
	ctx    any
	reason uint32
}

func connectorExThroughAgent(t *testing.T, completion string) {
	addr := serveSim(t, "s3cret", map[string]string{"completion": completion})
	p, err := openRemote(t, addr, "s3cret")
	if err != nil {
		t.Fatal(err)
	}
	sa, sb := p.Sides()
	a, b := newEnd(t, p, sa.IPv4), newEnd(t, p, sb.IPv4)
	if info, _ := a.ad.QueryAdapterInfo(); !info.Version.HasEx() {
		t.Fatalf("Version %v through the agent, want 2.1", info.Version)
	}
	events := make(chan ndk.Connector, 1)
	l := create(t, "CreateListener", func(d ndk.CreateCompletion, c any) (ndk.Listener, ndk.Status) {
		return b.ad.CreateListener(func(_ any, conn ndk.Connector) { events <- conn }, nil, d, c)
	})
	ch := make(chan ndk.Status, 4)
	done := func(_ any, st ndk.Status) { ch <- st }
	expect(t, "Listen", wait(t, "Listen", l.Listen(netip.AddrPortFrom(sb.IPv4, 0), done, nil), ch), ndk.StatusSuccess)
	la, _ := l.GetLocalAddress()

	// connect connects a new connector of A to l with the Ex calls,
	// registering onA and onB (nil: none).
	var qps []ndk.Object
	newQP := func(e *end) ndk.QP {
		q := create(t, "CreateQP", func(d ndk.CreateCompletion, c any) (ndk.QP, ndk.Status) {
			return e.pd.CreateQP(ndk.QPParams{ReceiveCQ: e.cq, InitiatorCQ: e.cq, ReceiveQueueDepth: 4, InitiatorQueueDepth: 4,
				MaxReceiveRequestSGE: 1, MaxInitiatorRequestSGE: 1}, d, c)
		})
		qps = append(qps, q)
		return q
	}
	connect := func(onA, onB ndk.DisconnectEventCallbackEx) (ndk.ConnectorEx, ndk.ConnectorEx) {
		t.Helper()
		qa, qb := newQP(a), newQP(b)
		ca, ok := create(t, "CreateConnector", a.ad.CreateConnector).(ndk.ConnectorEx)
		if !ok {
			t.Fatal("a connector of an NDKPI 2.1 provider is no ndk.ConnectorEx through the agent")
		}
		connCh := make(chan ndk.Status, 2)
		go func() {
			st := ca.Connect(ndk.ConnectParams{QP: qa, Source: netip.AddrPortFrom(sa.IPv4, 0), Destination: la,
				InboundReadLimit: 1, OutboundReadLimit: 1}, func(_ any, st ndk.Status) { connCh <- st }, nil)
			if st != ndk.StatusPending {
				connCh <- st
			}
		}()
		var cb ndk.ConnectorEx
		select {
		case c := <-events:
			if cb, ok = c.(ndk.ConnectorEx); !ok {
				t.Fatal("a connector from a connect event is no ndk.ConnectorEx through the agent")
			}
		case <-time.After(timeout):
			t.Fatal("no connect event")
		}
		acceptCh := make(chan ndk.Status, 2)
		go func() {
			st := cb.AcceptEx(ndk.AcceptExParams{QP: qb, InboundReadLimit: 1, OutboundReadLimit: 1, OnDisconnect: onB, DisconnectContext: "b"},
				func(_ any, st ndk.Status) { acceptCh <- st }, nil)
			if st != ndk.StatusPending {
				acceptCh <- st
			}
		}()
		expect(t, "Connect", wait(t, "Connect", ndk.StatusPending, connCh), ndk.StatusSuccess)
		expect(t, "CompleteConnectEx", wait(t, "CompleteConnectEx", ca.CompleteConnectEx(onA, "a", done, nil), ch), ndk.StatusSuccess)
		expect(t, "AcceptEx", wait(t, "AcceptEx", ndk.StatusPending, acceptCh), ndk.StatusSuccess)
		return ca, cb
	}

	bDisc := make(chan exEvent, 2)
	ca, cb := connect(func(any, uint32) { t.Error("side A's NdkDisconnectEventCallbackEx called for its own disconnect") },
		func(ctx any, r uint32) { bDisc <- exEvent{ctx, r} })
	expect(t, "Disconnect", wait(t, "Disconnect", ca.Disconnect(done, nil), ch), ndk.StatusSuccess)
	select {
	case ev := <-bDisc:
		// sim's ReasonPeerDisconnected; the context is the remote driver's
		// own, handed back as registered
		if ev.ctx != "b" || ev.reason != 1 {
			t.Errorf("NdkDisconnectEventCallbackEx(%v, %d), want (b, 1)", ev.ctx, ev.reason)
		}
	case <-time.After(timeout):
		t.Fatal("no NdkDisconnectEventCallbackEx on side B")
	}
	closeObj(t, "connector A", ca)
	closeObj(t, "connector B", cb)

	// No DisconnectEvent on either side: the calls succeed all the same.
	ca, cb = connect(nil, nil)
	expect(t, "Disconnect", wait(t, "Disconnect", ca.Disconnect(done, nil), ch), ndk.StatusSuccess)
	closeObj(t, "connector A", ca)
	closeObj(t, "connector B", cb)

	// Not connecting: STATUS_CONNECTION_INVALID through the agent.
	cx := create(t, "CreateConnector", a.ad.CreateConnector).(ndk.ConnectorEx)
	expect(t, "CompleteConnectEx on a new connector", wait(t, "CompleteConnectEx", cx.CompleteConnectEx(nil, nil, done, nil), ch), ndk.StatusConnectionInvalid)
	closeObj(t, "connector", cx)

	closeObj(t, "listener", l)
	for _, q := range qps {
		closeObj(t, "QP", q)
	}
	a.close(t)
	b.close(t)
	if err := p.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}
