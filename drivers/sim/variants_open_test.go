package sim

import (
	"net/netip"
	"testing"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// The variants of the connects RULES.md leaves open (OPEN-6, OPEN-7). The
// calls at the variant's point are made raw (the helpers would flag the
// very breach the variant makes), in the deferred personality.

// rawConnect issues c's Connect and returns its return value and the
// channel of its completions (each of them).
func rawConnect(c ndk.Connector, p ndk.ConnectParams) (ndk.Status, chan ndk.Status) {
	ch := make(chan ndk.Status, 4)
	st := c.Connect(p, func(_ any, s ndk.Status) { ch <- s }, nil)
	return st, ch
}

// completions counts the completions on ch within d.
func completions(ch chan ndk.Status, d time.Duration) []ndk.Status {
	var got []ndk.Status
	deadline := time.After(d)
	for {
		select {
		case s := <-ch:
			got = append(got, s)
		case <-deadline:
			return got
		}
	}
}

var deferredOnly = []string{CompletionDeferred}

func TestVariantWildcardConnect(t *testing.T) {
	for _, v := range []string{VariantWildcardConnectNeverCompletes, VariantWildcardCloseLeavesConnect} {
		eachVariantIn(t, v, deferredOnly, nil, func(t *testing.T, e *env, broken bool) {
			A := newSide(t, e, e.a.IPv4)
			for _, dst := range []netip.Addr{netip.IPv4Unspecified(), netip.AddrFrom4([4]byte{255, 255, 255, 255}), netip.AddrFrom4([4]byte{224, 0, 0, 1})} {
				c := A.connector(t)
				q := A.qp(t)
				st, ch := rawConnect(c, connectParams(q, ap(e.a.IPv4, 0), ap(dst, 445)))
				// >>> the point of the variants (CR-4; LT-23)
				got := completions(ch, 50*time.Millisecond)
				if st != ndk.StatusPending || len(got) != map[bool]int{false: 1, true: 0}[broken] {
					t.Errorf("Connect to %v = %v, completions %v (broken %v)", dst, st, got, broken)
				}
				mustClose(t, c)
				got = completions(ch, 10*time.Millisecond)
				if cancelled := len(got) == 1 && got[0] == ndk.StatusCancelled; broken && cancelled != (v == VariantWildcardConnectNeverCompletes) {
					t.Errorf("%s: completions of the connect to %v after the close: %v", v, dst, got)
				}
				// <<<
				mustClose(t, q)
			}
			A.close(t)
		})
	}
}

func TestVariantWildcardConnectLeaksPort(t *testing.T) {
	eachVariantMode(t, VariantWildcardConnectLeaksPort, func(t *testing.T, e *env, broken bool) {
		A := newSide(t, e, e.a.IPv4)
		src := ap(e.a.IPv4, 45000)
		c := A.connector(t)
		q := A.qp(t)
		st := do(t, func(d ndk.RequestCompletion, x any) ndk.Status {
			return c.Connect(connectParams(q, src, ap(netip.IPv4Unspecified(), 445)), d, x)
		})
		expect(t, "Connect to 0.0.0.0", st, ndk.StatusHostUnreachable)
		mustClose(t, c, q)
		// >>> the point of the variant (LC-18, LC-19)
		if st := tryListen(t, A, src); (st == ndk.StatusSuccess) == broken {
			t.Errorf("Listen on %v after the close = %v (broken %v)", src, st, broken)
		}
		// <<<
		A.close(t)
	})
}

func TestVariantSecondConnect(t *testing.T) {
	for _, v := range []string{VariantSecondConnectCompletesTwice, VariantSecondConnectLeaksPort} {
		eachVariantIn(t, v, deferredOnly, nil, func(t *testing.T, e *env, broken bool) {
			A, B := newSide(t, e, e.a.IPv4), newSide(t, e, e.b.IPv4)
			ls := listen(t, B, ap(e.b.IPv4, 0))
			src := ap(e.a.IPv4, 45001)
			c := establish(t, A, src, nil, B, ls)
			q := A.qp(t)
			st, ch := rawConnect(c.a, connectParams(q, ap(e.a.IPv4, 0), ls.addr))
			// >>> the point of the variants (CR-4; LC-18, LC-19)
			got := completions(ch, 50*time.Millisecond)
			twice := v == VariantSecondConnectCompletesTwice && broken
			if st != ndk.StatusPending || len(got) != map[bool]int{false: 1, true: 2}[twice] || got[0] != ndk.StatusConnectionActive {
				t.Errorf("%s: second Connect = %v, completions %v", v, st, got)
			}
			c.close(t)
			leaks := v == VariantSecondConnectLeaksPort && broken
			if st := tryListen(t, A, src); (st == ndk.StatusSuccess) == leaks {
				t.Errorf("%s: Listen on %v after the close = %v", v, src, st)
			}
			// <<<
			mustClose(t, q, ls.l)
			A.close(t)
			B.close(t)
		})
	}
}
