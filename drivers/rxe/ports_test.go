package rxe

import (
	"net/netip"
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
)

func TestPortTable(t *testing.T) {
	pt := newPortTable()
	a := netip.MustParseAddr("10.99.0.1")
	b := netip.MustParseAddr("fd99::1")

	ep, st := pt.bind(netip.AddrPortFrom(a, 0), epListener)
	if st != ndk.StatusSuccess || ep.addr.Port() != ndk.EphemeralPortFirst {
		t.Fatalf("first ephemeral bind: %v %v", ep, st)
	}
	if _, st := pt.bind(ep.addr, epConnector); st != ndk.StatusSharingViolation {
		t.Fatalf("bind of a busy port: %v, want STATUS_SHARING_VIOLATION", st)
	}
	// the IPv6 address is a separate key
	if ep6, st := pt.bind(netip.AddrPortFrom(b, ep.addr.Port()), epListener); st != ndk.StatusSuccess || ep6.addr.Port() != ep.addr.Port() {
		t.Fatalf("same port on another address: %v", st)
	}
	// references: the port is released by the last unref only
	pt.ref(ep)
	pt.unref(ep)
	if !pt.busy(ep.addr) {
		t.Fatal("released with a reference left")
	}
	pt.unref(ep)
	if pt.busy(ep.addr) {
		t.Fatal("not released after the last reference")
	}
	// next-fit: the released port is not handed out again at once
	ep2, _ := pt.bind(netip.AddrPortFrom(a, 0), epListener)
	if ep2.addr.Port() != ndk.EphemeralPortFirst+1 {
		t.Fatalf("next-fit gave %d", ep2.addr.Port())
	}
	// exhaustion
	n := 1
	for {
		_, st := pt.bind(netip.AddrPortFrom(a, 0), epListener)
		if st != ndk.StatusSuccess {
			if st != ndk.StatusTooManyAddresses {
				t.Fatalf("exhausted range: %v", st)
			}
			break
		}
		n++
	}
	if want := ndk.EphemeralPortLast - ndk.EphemeralPortFirst + 1; n != want {
		t.Fatalf("took %d ephemeral ports, want %d", n, want)
	}
	// 4-tuples of a shared endpoint
	se, _ := pt.bind(netip.AddrPortFrom(b, 0), epShared)
	r := netip.MustParseAddrPort("[fd99::2]:50000")
	if !se.addRemote(r) || se.addRemote(r) {
		t.Fatal("duplicate remote of a shared endpoint accepted")
	}
	se.dropRemote(r)
	if !se.addRemote(r) {
		t.Fatal("remote not released")
	}
}
