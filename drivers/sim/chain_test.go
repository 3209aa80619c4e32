package sim

import (
	"bytes"
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
)

// MDL chains: a contiguous chain of several MDLs is one region (or one
// mapping) over the MDLs' buffers, a remote access or a receive across
// the boundary between two MDLs moves bytes of both; a chain that is not
// virtually contiguous fails with STATUS_INVALID_PARAMETER (MR-3, MR-20).
func TestMDLChains(t *testing.T) {
	eachPersonality(t, func(t *testing.T, e *env) {
		p := newPair(t, e)
		qa, qb := p.c.qa, p.c.qb
		b1, b2 := make([]byte, 100), make([]byte, 50)
		const va = 0x50000
		chain := []ndk.MDL{{Buf: b1, VA: va}, {Buf: b2, VA: va + 100}}
		reg := func(m ndk.MR, chain []ndk.MDL) ndk.Status {
			return do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
				return m.(ndk.ChainRegisterer).RegisterChain(chain, ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite|ndk.MRFlagAllowRemoteRead, d, c)
			})
		}
		for name, bad := range map[string][]ndk.MDL{
			"a gap of 1 byte":      {{Buf: b1, VA: va}, {Buf: b2, VA: va + 101}},
			"an overlap of 1 byte": {{Buf: b1, VA: va}, {Buf: b2, VA: va + 99}},
			"a wrap past 2^64":     {{Buf: b1, VA: 1<<64 - 50}, {Buf: b2, VA: 50}},
			"no MDL":               nil,
		} {
			m := newMR(t, p.B.pd, false)
			expect(t, "RegisterChain with "+name, reg(m, bad), ndk.StatusInvalidParameter)
			mustClose(t, m)
		}
		mb := newMR(t, p.B.pd, false)
		expect(t, "RegisterChain of a contiguous chain", reg(mb, chain), ndk.StatusSuccess)

		abuf := make([]byte, 150)
		copy(abuf, "across two MDLs!!!!!")
		ma := regMR(t, p.A.pd, abuf, 0x1000, ndk.MRFlagAllowLocalWrite|ndk.MRFlagRDMAReadSink)
		al := ma.LocalToken()
		expect(t, "Write", qa.Write("w", []ndk.SGE{sge(0x1000, 20, al)}, va+90, mb.RemoteToken(), 0), ndk.StatusSuccess)
		check(t, "write across the MDLs", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpWrite, "qa", "w")
		if string(b1[90:]) != "across two" || string(b2[:10]) != " MDLs!!!!!" {
			t.Errorf("the chain holds %q and %q", b1[90:], b2[:10])
		}
		for i := range b2 {
			b2[i] = byte(i + 1)
		}
		expect(t, "Read", qa.Read("r", []ndk.SGE{sge(0x1000, 150, al)}, va, mb.RemoteToken(), 0), ndk.StatusSuccess)
		check(t, "read of the whole chain", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpRead, "qa", "r")
		if want := append(append([]byte{}, b1...), b2...); !bytes.Equal(abuf, want) {
			t.Errorf("read %x; want %x", abuf, want)
		}
		expect(t, "Read", qa.Read("r2", []ndk.SGE{sge(0x1000, 2, al)}, va+149, mb.RemoteToken(), 0), ndk.StatusSuccess)
		check(t, "read past the chain", poll1(t, p.A.cq), ndk.StatusRemoteResources, ndk.OpRead, "qa", "r2")

		// A LAM over a chain whose first MDL is 100 bytes into its page:
		// a receive into its logical page 1 across the MDLs' boundary.
		b3, b4 := make([]byte, 5000), make([]byte, 3000)
		build := func(chain []ndk.MDL, lam *ndk.LAM) ndk.Status {
			return do(t, func(d ndk.RequestCompletion, c any) ndk.Status {
				return p.B.ad.(ndk.LAMChainBuilder).BuildLAMChain(chain, lam, d, c)
			})
		}
		lva := uint64(0x7000_0000 + 100)
		bad := ndk.LAM{Pages: make([]uint64, 4)}
		expect(t, "BuildLAMChain with a gap", build([]ndk.MDL{{Buf: b3, VA: lva}, {Buf: b4, VA: lva + 5001}}, &bad), ndk.StatusInvalidParameter)
		expect(t, "BuildLAMChain with an overlap", build([]ndk.MDL{{Buf: b3, VA: lva}, {Buf: b4, VA: lva + 4999}}, &bad), ndk.StatusInvalidParameter)
		lam := ndk.LAM{Pages: make([]uint64, 4)}
		expect(t, "BuildLAMChain", build([]ndk.MDL{{Buf: b3, VA: lva}, {Buf: b4, VA: lva + 5000}}, &lam), ndk.StatusSuccess)
		if lam.FBO != 100 || lam.PageCount != 2 {
			t.Errorf("LAM of the chain: FBO %d, %d pages; want 100, 2", lam.FBO, lam.PageCount)
		}
		priv := p.B.pd.PrivilegedMemoryRegionToken()
		copy(abuf, "0123456789abcdefghij")
		expect(t, "Receive", qb.Receive("pr", []ndk.SGE{sge(lam.Pages[1]+(100+4990-ndk.PageSize), 20, priv)}), ndk.StatusSuccess)
		expect(t, "Send", qa.Send("ps", []ndk.SGE{sge(0x1000, 20, al)}, 0), ndk.StatusSuccess)
		check(t, "send", poll1(t, p.A.cq), ndk.StatusSuccess, ndk.OpSend, "qa", "ps")
		check(t, "receive across the MDLs of a LAM", poll1(t, p.B.cq), ndk.StatusSuccess, ndk.OpReceive, "qb", "pr")
		if !bytes.Equal(append(append([]byte{}, b3[4990:]...), b4[:10]...), abuf[:20]) {
			t.Errorf("the LAM's chain holds %q and %q; want %q", b3[4990:], b4[:10], abuf[:20])
		}
		p.B.ad.ReleaseLAM(&lam)
		p.close(t, mb, ma)
	})
}
