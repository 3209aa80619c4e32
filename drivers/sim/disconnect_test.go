package sim

import (
	"bytes"
	"net/netip"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// The disconnect scheme, fault injection and DMA timing.

// eachPersonalityWith is eachPersonality with extra driver options.
func eachPersonalityWith(t *testing.T, extra map[string]string, fn func(t *testing.T, e *env)) {
	t.Helper()
	for _, p := range personalities {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			opts := map[string]string{}
			for k, v := range p.opts {
				opts[k] = v
			}
			for k, v := range extra {
				opts[k] = v
			}
			fn(t, openEnv(t, opts))
		})
	}
}

func setHost(t testing.TB, e *env, addr netip.Addr, s ndk.HostState) {
	t.Helper()
	if err := e.p.(ndk.FaultInjector).SetHostState(addr, s); err != nil {
		t.Fatalf("SetHostState(%v, %v): %v", addr, s, err)
	}
}

// disconnect starts c's Disconnect; the channel gives its final status.
func disconnect(t testing.TB, c ndk.Connector) <-chan ndk.Status {
	return async(t, func(d ndk.RequestCompletion, x any) ndk.Status { return c.Disconnect(d, x) })
}

// events waits d, then returns the number of disconnect events on ch.
func events(ch chan struct{}, d time.Duration) int {
	time.Sleep(d)
	return len(ch)
}

func pattern(n int, seed byte) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = seed + byte(i*7)
	}
	return b
}

// A transfer is in flight for len/link-rate; requests take effect in order.
func TestDMATakesTime(t *testing.T) {
	eachPersonalityWith(t, map[string]string{OptLinkRate: "1000000"}, func(t *testing.T, e *env) {
		p := newPair(t, e)
		const n = 20000 // 20 ms at 1 MB/s
		src, dst := pattern(n, 1), make([]byte, n)
		ma := regMR(t, p.A.pd, src, 0x100000, ndk.MRFlagAllowLocalWrite)
		mb := regMR(t, p.B.pd, dst, 0x200000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite)
		al, rb := ma.LocalToken(), mb.RemoteToken()
		start := time.Now()
		expect(t, "Write", p.c.qa.Write("w1", []ndk.SGE{sge(0x100000, n, al)}, 0x200000, rb, 0), ndk.StatusSuccess)
		expect(t, "small Write", p.c.qa.Write("w2", []ndk.SGE{sge(0x100000, 8, al)}, 0x200000, rb, 0), ndk.StatusSuccess)
		empty(t, p.A.cq, "writes in flight")
		if dst[n-1] != 0 {
			t.Errorf("the target memory was written when the Write was posted")
		}
		rs := poll(t, p.A.cq, 2)
		if el := time.Since(start); el < 15*time.Millisecond {
			t.Errorf("20000 bytes at 1 MB/s took %v", el)
		}
		check(t, "write", rs[0], ndk.StatusSuccess, ndk.OpWrite, "qa", "w1")
		check(t, "write behind it", rs[1], ndk.StatusSuccess, ndk.OpWrite, "qa", "w2")
		if !bytes.Equal(dst, src) {
			t.Errorf("the Write's data did not arrive")
		}

		// Flush cancels a transfer in flight: it takes no effect.
		copy(src, pattern(n, 9))
		expect(t, "Write", p.c.qa.Write("w3", []ndk.SGE{sge(0x100000, n, al)}, 0x200000, rb, 0), ndk.StatusSuccess)
		p.c.qa.Flush()
		check(t, "flushed write", poll1(t, p.A.cq), ndk.StatusCancelled, ndk.OpWrite, "qa", "w3")
		time.Sleep(25 * time.Millisecond)
		if dst[0] != pattern(1, 1)[0] {
			t.Errorf("a cancelled Write wrote the target memory")
		}
		p.close(t, ma, mb)
	})
}

// DS-3..DS-6, CN-15, QP-22, DS-10: a graceful disconnect with a transfer in
// flight.
func TestGracefulDisconnect(t *testing.T) {
	eachPersonalityWith(t, map[string]string{OptLinkRate: "1000000"}, func(t *testing.T, e *env) {
		p := newPair(t, e)
		const n = 20000
		src, dst := pattern(n, 3), make([]byte, n)
		ma := regMR(t, p.A.pd, src, 0x100000, ndk.MRFlagAllowLocalWrite)
		mb := regMR(t, p.B.pd, dst, 0x200000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite)
		al, bl := ma.LocalToken(), mb.LocalToken()
		expect(t, "Receive", p.c.qa.Receive("ra", []ndk.SGE{sge(0x100000, 8, al)}), ndk.StatusSuccess)
		expect(t, "Receive", p.c.qb.Receive("rb", []ndk.SGE{sge(0x200000, 8, bl)}), ndk.StatusSuccess)
		expect(t, "silent Write", p.c.qa.Write("w", []ndk.SGE{sge(0x100000, n, al)}, 0x200000, mb.RemoteToken(), ndk.OpFlagSilentSuccess), ndk.StatusSuccess)
		expect(t, "Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusSuccess)
		if !bytes.Equal(dst, src) {
			t.Errorf("DS-5: Disconnect completed before the Write's data arrived")
		}
		check(t, "receive flushed by Disconnect", poll1(t, p.A.cq), ndk.StatusCancelled, ndk.OpReceive, "qa", "ra")
		if got := events(p.c.discB, brief); got != 1 {
			t.Errorf("peer's disconnect events = %d; want 1", got)
		}
		if len(p.c.discA) != 0 {
			t.Errorf("disconnect event for the consumer's own Disconnect")
		}
		empty(t, p.B.cq, "the peer's receive (CN-16)")
		expect(t, "Send after Disconnect", p.c.qa.Send("x", []ndk.SGE{sge(0x100000, 1, al)}, 0), ndk.StatusConnectionInvalid)
		expect(t, "Send after the indication", p.c.qb.Send("x", []ndk.SGE{sge(0x200000, 1, bl)}, 0), ndk.StatusConnectionInvalid)
		expect(t, "second Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusConnectionInvalid)
		expect(t, "the peer's Disconnect", wait(t, disconnect(t, p.c.b)), ndk.StatusSuccess)
		check(t, "the peer's receive flushed by its Disconnect", poll1(t, p.B.cq), ndk.StatusCancelled, ndk.OpReceive, "qb", "rb")
		if got := events(p.c.discA, brief); got != 0 {
			t.Errorf("DS-6: %d disconnect events after the consumer's own Disconnect", got)
		}

		// DS-9: neither the connector nor the QP is reused.
		q2 := p.A.qp(t)
		expect(t, "Connect on a disconnected connector", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return p.c.a.Connect(connectParams(q2, ap(e.a.IPv4, 0), p.ls.addr), d, x)
		}), ndk.StatusConnectionInvalid)
		mustClose(t, p.c.a)
		cx := p.A.connector(t)
		expect(t, "Connect with a QP that was connected", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(p.c.qa, ap(e.a.IPv4, 0), p.ls.addr), d, x)
		}), ndk.StatusInvalidParameter)
		mustClose(t, cx, q2, p.c.b, p.c.qa, p.c.qb, ma, mb, p.ls.l)
		p.A.close(t)
		p.B.close(t)
	})
}

// DS-12: sends outstanding at Disconnect are cancelled; the disconnect
// succeeds.
func TestDisconnectWithOutstandingSends(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		p := newPair(t, e)
		ma := regMR(t, p.A.pd, make([]byte, 64), 0x1000, 0)
		for i := range 3 {
			expect(t, "Send", p.c.qa.Send(i, []ndk.SGE{sge(0x1000, 8, ma.LocalToken())}, 0), ndk.StatusSuccess)
		}
		expect(t, "Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusSuccess)
		for i, r := range poll(t, p.A.cq, 3) {
			check(t, "outstanding send", r, ndk.StatusCancelled, ndk.OpSend, "qa", i)
		}
		p.close(t, ma)
	})
}

// DS-4, CN-17: an unresponsive peer holds the handshake; it completes once
// the peer is up, or times out with STATUS_IO_TIMEOUT.
func TestDisconnectUnresponsivePeer(t *testing.T) {
	// Held: a disconnect-timeout no load reaches between the two host
	// changes (60ms did, on a busy CI machine).
	eachPersonalityWith(t, map[string]string{OptDiscTimeout: "1m"}, func(t *testing.T, e *env) {
		p := newPair(t, e)
		setHost(t, e, e.b.IPv4, ndk.HostUnresponsive)
		ch := disconnect(t, p.c.a)
		if within(ch, brief) {
			t.Fatalf("Disconnect completed while the peer did not answer")
		}
		setHost(t, e, e.b.IPv4, ndk.HostUp)
		expect(t, "Disconnect once the peer answered", wait(t, ch), ndk.StatusSuccess)
		if got := events(p.c.discB, brief); got != 1 {
			t.Errorf("peer's disconnect events = %d; want 1", got)
		}
		p.close(t)
	})
	// Timed out.
	eachPersonalityWith(t, map[string]string{OptDiscTimeout: "60ms"}, func(t *testing.T, e *env) {
		p := newPair(t, e)
		setHost(t, e, e.b.IPv4, ndk.HostUnresponsive)
		start := time.Now()
		expect(t, "Disconnect to a peer that never answers", wait(t, disconnect(t, p.c.a)), ndk.StatusIOTimeout)
		if el := time.Since(start); el < 50*time.Millisecond {
			t.Errorf("timed out after %v; disconnect-timeout is 60ms", el)
		}
		expect(t, "Send after a timed-out Disconnect", p.c.qa.Send("x", nil, 0), ndk.StatusConnectionInvalid)
		// The notice reaches the peer once it is up.
		setHost(t, e, e.b.IPv4, ndk.HostUp)
		if got := events(p.c.discB, brief); got != 1 {
			t.Errorf("peer's disconnect events = %d; want 1", got)
		}
		p.close(t)
	})
}

// DS-6, DS-4: a host that goes down aborts its connections; connects to it
// and from it fail until it is up.
func TestHostDown(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		p := newPair(t, e)
		setHost(t, e, e.b.IPv4, ndk.HostDown)
		if got := events(p.c.discA, brief); got != 1 {
			t.Errorf("disconnect events after the peer's host went down = %d; want 1", got)
		}
		if got := events(p.c.discB, 0); got != 1 {
			t.Errorf("disconnect events on the down host = %d; want 1", got)
		}
		expect(t, "Send after the abort", p.c.qa.Send("x", nil, 0), ndk.StatusConnectionInvalid)
		expect(t, "Disconnect after the abort", wait(t, disconnect(t, p.c.a)), ndk.StatusConnectionAborted)
		cx, q := p.A.connector(t), p.A.qp(t)
		expect(t, "Connect to a down host", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(q, ap(e.a.IPv4, 0), p.ls.addr), d, x)
		}), ndk.StatusHostUnreachable)
		l2 := listen(t, p.A, ap(e.a.IPv4, 0))
		cy, qy := p.B.connector(t), p.B.qp(t)
		expect(t, "Connect from a down host", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cy.Connect(connectParams(qy, ap(e.b.IPv4, 0), l2.addr), d, x)
		}), ndk.StatusNetworkUnreachable)
		setHost(t, e, e.b.IPv4, ndk.HostUp)
		c2 := establish(t, p.A, ap(e.a.IPv4, 0), nil, p.B, p.ls)
		c2.close(t)
		mustClose(t, cx, q, cy, qy, l2.l)
		p.close(t)

		// A pending Disconnect fails when the peer's host goes down.
		p = newPair(t, e)
		setHost(t, e, e.b.IPv4, ndk.HostUnresponsive)
		ch := disconnect(t, p.c.a)
		if within(ch, brief) {
			t.Fatalf("Disconnect completed while the peer did not answer")
		}
		setHost(t, e, e.b.IPv4, ndk.HostDown)
		expect(t, "pending Disconnect when the peer's host went down", wait(t, ch), ndk.StatusConnectionAborted)
		if len(p.c.discA) != 0 {
			t.Errorf("disconnect event after the consumer's own Disconnect")
		}
		setHost(t, e, e.b.IPv4, ndk.HostUp)
		p.close(t)

		if err := e.p.(ndk.FaultInjector).SetHostState(netip.MustParseAddr("192.0.2.99"), ndk.HostDown); err == nil {
			t.Errorf("SetHostState on an address no host owns succeeded")
		}
	})
}

// A connect request to an unresponsive host waits until the host is up,
// or connect-timeout passes (STATUS_IO_TIMEOUT).
func TestConnectUnresponsiveHost(t *testing.T) {
	eachPersonalityWith(t, map[string]string{OptConnTimeout: "60ms"}, func(t *testing.T, e *env) {
		A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
		ls := listen(t, B, ap(e.b.IPv4, 0))
		setHost(t, e, e.b.IPv4, ndk.HostUnresponsive)
		cx, q := A.connector(t), A.qp(t)
		expect(t, "Connect to an unresponsive host", do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(q, ap(e.a.IPv4, 0), ls.addr), d, x)
		}), ndk.StatusIOTimeout)
		ch := async(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return cx.Connect(connectParams(q, ap(e.a.IPv4, 0), ls.addr), d, x)
		})
		if within(ch, brief) {
			t.Fatalf("Connect to an unresponsive host completed")
		}
		setHost(t, e, e.b.IPv4, ndk.HostUp)
		pc := ls.next(t)
		expect(t, "Reject", pc.Reject(nil), ndk.StatusSuccess)
		expect(t, "Connect once the host is up, rejected", wait(t, ch), ndk.StatusConnectionRefused)
		mustClose(t, pc, cx, q, ls.l)
		A.close(t)
		B.close(t)
	})
}
