package sim

import (
	"bytes"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// The variants of the disconnect scheme: each test runs one scenario
// against the conforming provider and the variant and checks the point where
// they differ.

func TestVariantDisconnectWithoutWaiting(t *testing.T) {
	eachVariantMode(t, VariantDisconnectWithoutWaiting, func(t *testing.T, e *env, broken bool) {
		p := newPair(t, e)
		setHost(t, e, e.b.IPv4, ndk.HostUnresponsive)
		ch := disconnect(t, p.c.a)
		// >>> the point of the variant (DS-4)
		if done := within(ch, brief); done != broken {
			t.Errorf("Disconnect to an unresponsive peer completed at once: %v", done)
		}
		// <<<
		setHost(t, e, e.b.IPv4, ndk.HostUp)
		if !broken {
			expect(t, "Disconnect once answered", wait(t, ch), ndk.StatusSuccess)
		}
		if got := events(p.c.discB, brief); got != 1 {
			t.Errorf("peer's disconnect events = %d; want 1", got)
		}
		p.close(t)
	})
}

func TestVariantDisconnectIgnoresDMA(t *testing.T) {
	eachVariantIn(t, VariantDisconnectIgnoresDMA, []string{CompletionDeferred, CompletionInline, CompletionReentrant},
		map[string]string{OptLinkRate: "1000000"}, func(t *testing.T, e *env, broken bool) {
			p := newPair(t, e)
			const n = 20000
			src, dst := pattern(n, 5), make([]byte, n)
			ma := regMR(t, p.A.pd, src, 0x100000, ndk.MRFlagAllowLocalWrite)
			mb := regMR(t, p.B.pd, dst, 0x200000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite)
			expect(t, "Write", p.c.qa.Write("w", []ndk.SGE{sge(0x100000, n, ma.LocalToken())}, 0x200000, mb.RemoteToken(), 0), ndk.StatusSuccess)
			expect(t, "Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusSuccess)
			// >>> the point of the variant (DS-5)
			want := ndk.StatusSuccess
			if broken {
				want = ndk.StatusCancelled
			}
			check(t, "write in flight at Disconnect", poll1(t, p.A.cq), want, ndk.OpWrite, "qa", "w")
			if arrived := bytes.Equal(dst, src); arrived == broken {
				t.Errorf("the data in flight arrived before Disconnect completed: %v", arrived)
			}
			// <<<
			p.close(t, ma, mb)
		})
}

func TestVariantDisconnectNoNotice(t *testing.T) {
	eachVariantMode(t, VariantDisconnectNoNotice, func(t *testing.T, e *env, broken bool) {
		p := newPair(t, e)
		expect(t, "Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusSuccess)
		// >>> the point of the variant (DS-3, DS-6)
		want := 1
		if broken {
			want = 0
		}
		if got := events(p.c.discB, brief); got != want {
			t.Errorf("peer's disconnect events = %d; want %d", got, want)
		}
		// <<<
		expect(t, "the peer's Disconnect", wait(t, disconnect(t, p.c.b)), ndk.StatusSuccess)
		p.close(t)
	})
}

func TestVariantIndicationToSelf(t *testing.T) {
	eachVariantMode(t, VariantIndicationToSelf, func(t *testing.T, e *env, broken bool) {
		p := newPair(t, e)
		expect(t, "Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusSuccess)
		// >>> the point of the variant (DS-2)
		want := 0
		if broken {
			want = 1
		}
		if got := events(p.c.discA, brief); got != want {
			t.Errorf("disconnect events for the consumer's own Disconnect = %d; want %d", got, want)
		}
		// <<<
		if got := events(p.c.discB, 0); got != 1 {
			t.Errorf("peer's disconnect events = %d; want 1", got)
		}
		p.close(t)
	})
}

func TestVariantIndicationTwice(t *testing.T) {
	eachVariantMode(t, VariantIndicationTwice, func(t *testing.T, e *env, broken bool) {
		p := newPair(t, e)
		expect(t, "Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusSuccess)
		// >>> the point of the variant (CN-15)
		want := 1
		if broken {
			want = 2
		}
		// Wait for the events expected (a loaded machine delays the second),
		// then make sure no more come.
		deadline := time.Now().Add(2 * time.Second)
		for len(p.c.discB) < want && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		if got := events(p.c.discB, indicationAgainDelay+brief); got != want {
			t.Errorf("peer's disconnect events = %d; want %d", got, want)
		}
		// <<<
		p.close(t)
	})
}

func TestVariantIndicationAfterOwnDisconnect(t *testing.T) {
	eachVariantMode(t, VariantIndicationAfterOwnDisconnect, func(t *testing.T, e *env, broken bool) {
		p := newPair(t, e)
		expect(t, "Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusSuccess)
		if got := events(p.c.discB, brief); got != 1 {
			t.Errorf("peer's disconnect events = %d; want 1", got)
		}
		expect(t, "the peer's Disconnect", wait(t, disconnect(t, p.c.b)), ndk.StatusSuccess)
		// >>> the point of the variant (DS-6)
		want := 0
		if broken {
			want = 1
		}
		if got := events(p.c.discA, brief); got != want {
			t.Errorf("disconnect events after the consumer's own Disconnect = %d; want %d", got, want)
		}
		// <<<
		p.close(t)
	})
}

func TestVariantNoAbortIndication(t *testing.T) {
	eachVariantMode(t, VariantNoAbortIndication, func(t *testing.T, e *env, broken bool) {
		p := newPair(t, e)
		setHost(t, e, e.b.IPv4, ndk.HostDown)
		// >>> the point of the variant (DS-6)
		want := 1
		if broken {
			want = 0
		}
		if got := events(p.c.discA, brief); got != want {
			t.Errorf("disconnect events after the peer's host went down = %d; want %d", got, want)
		}
		// <<<
		// Unchanged: a graceful disconnect is indicated.
		setHost(t, e, e.b.IPv4, ndk.HostUp)
		p.close(t)
		p = newPair(t, e)
		expect(t, "Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusSuccess)
		if got := events(p.c.discB, brief); got != 1 {
			t.Errorf("peer's disconnect events = %d; want 1", got)
		}
		p.close(t)
	})
}

func TestVariantTimeoutWrongStatus(t *testing.T) {
	eachVariantIn(t, VariantTimeoutWrongStatus, []string{CompletionDeferred, CompletionInline, CompletionReentrant},
		map[string]string{OptDiscTimeout: "30ms"}, func(t *testing.T, e *env, broken bool) {
			p := newPair(t, e)
			setHost(t, e, e.b.IPv4, ndk.HostUnresponsive)
			st := wait(t, disconnect(t, p.c.a))
			// >>> the point of the variant (CN-17)
			want := ndk.StatusIOTimeout
			if broken {
				want = ndk.StatusUnsuccessful
			}
			expect(t, "Disconnect that timed out", st, want)
			// <<<
			p.close(t)
		})
}

func TestVariantHalfClosed(t *testing.T) {
	eachVariantMode(t, VariantHalfClosed, func(t *testing.T, e *env, broken bool) {
		p := newPair(t, e)
		ma := regMR(t, p.A.pd, make([]byte, 64), 0x1000, 0)
		mb := regMR(t, p.B.pd, make([]byte, 64), 0x1000, ndk.MRFlagAllowLocalWrite)
		expect(t, "Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusSuccess)
		st := p.c.qa.Send("after", []ndk.SGE{sge(0x1000, 8, ma.LocalToken())}, 0)
		// >>> the point of the variant (DS-10)
		if broken {
			expect(t, "variant: Send after Disconnect", st, ndk.StatusSuccess)
			expect(t, "Receive at the peer", p.c.qb.Receive("rb", []ndk.SGE{sge(0x1000, 8, mb.LocalToken())}), ndk.StatusSuccess)
			check(t, "variant: the send after Disconnect", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpSend, "qa", "after")
			check(t, "variant: its receive", poll1(t, p.B.cq), ndk.StatusSuccess, ndk.OpReceive, "qb", "rb")
		} else {
			expect(t, "Send after Disconnect", st, ndk.StatusConnectionInvalid)
		}
		// <<<
		p.close(t, ma, mb)
	})
}

func TestVariantNoFlushAfterDisconnect(t *testing.T) {
	eachVariantMode(t, VariantNoFlushAfterDisconnect, func(t *testing.T, e *env, broken bool) {
		p := newPair(t, e)
		ma := regMR(t, p.A.pd, make([]byte, 64), 0x1000, ndk.MRFlagAllowLocalWrite)
		expect(t, "Receive", p.c.qa.Receive("ra", []ndk.SGE{sge(0x1000, 8, ma.LocalToken())}), ndk.StatusSuccess)
		expect(t, "Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusSuccess)
		// >>> the point of the variant (QP-22)
		if broken {
			empty(t, p.A.cq, "variant: the receive after Disconnect")
		} else {
			check(t, "receive flushed by Disconnect", poll1(t, p.A.cq), ndk.StatusCancelled, ndk.OpReceive, "qa", "ra")
		}
		// <<<
		mustClose(t, p.c.a)
		if broken {
			check(t, "variant: receive flushed by the connector's close", poll1(t, p.A.cq), ndk.StatusCancelled, ndk.OpReceive, "qa", "ra")
		}
		mustClose(t, p.c.b, p.c.qa, p.c.qb, ma, p.ls.l)
		p.A.close(t)
		p.B.close(t)
	})
}

func TestVariantHangWithOutstanding(t *testing.T) {
	eachVariantMode(t, VariantHangWithOutstanding, func(t *testing.T, e *env, broken bool) {
		p := newPair(t, e)
		ma := regMR(t, p.A.pd, make([]byte, 64), 0x1000, 0)
		expect(t, "Send", p.c.qa.Send("s", []ndk.SGE{sge(0x1000, 8, ma.LocalToken())}, 0), ndk.StatusSuccess)
		ch := disconnect(t, p.c.a)
		// >>> the point of the variant (DS-12)
		if done := within(ch, brief); done == broken {
			t.Errorf("Disconnect with a send outstanding completed: %v", done)
		}
		// <<<
		if broken {
			cc := startClose(t, p.c.a) // cancels the Disconnect
			expect(t, "variant: the Disconnect when the connector closes", wait(t, ch), ndk.StatusCancelled)
			cc.wait(t)
			mustClose(t, p.c.b, p.c.qa, p.c.qb, ma, p.ls.l)
			p.A.close(t)
			p.B.close(t)
			return
		}
		check(t, "outstanding send", poll1(t, p.A.cq), ndk.StatusCancelled, ndk.OpSend, "qa", "s")
		p.close(t, ma)
	})
}

func TestVariantFlushOnIndication(t *testing.T) {
	eachVariantMode(t, VariantFlushOnIndication, func(t *testing.T, e *env, broken bool) {
		p := newPair(t, e)
		mb := regMR(t, p.B.pd, make([]byte, 64), 0x1000, ndk.MRFlagAllowLocalWrite)
		expect(t, "Receive", p.c.qb.Receive("rb", []ndk.SGE{sge(0x1000, 8, mb.LocalToken())}), ndk.StatusSuccess)
		expect(t, "Disconnect", wait(t, disconnect(t, p.c.a)), ndk.StatusSuccess)
		if got := events(p.c.discB, brief); got != 1 {
			t.Errorf("peer's disconnect events = %d; want 1", got)
		}
		// >>> the point of the variant (CN-16)
		if broken {
			check(t, "variant: the peer's receive", poll1(t, p.B.cq), ndk.StatusCancelled, ndk.OpReceive, "qb", "rb")
		} else {
			empty(t, p.B.cq, "the peer's receive after the indication")
		}
		// <<<
		p.close(t, mb)
	})
}

func TestVariantDisconnectUnconnected(t *testing.T) {
	eachVariantMode(t, VariantDisconnectUnconnected, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		c := A.connector(t)
		st := wait(t, disconnect(t, c))
		// >>> the point of the variant (DS-4)
		want := ndk.StatusConnectionInvalid
		if broken {
			want = ndk.StatusSuccess
		}
		expect(t, "Disconnect on a connector that never connected", st, want)
		// <<<
		mustClose(t, c)
		A.close(t)
	})
}
