package memory

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// memOddVA is a registration address that is no buffer's address and not
// page-aligned: the provider may only use it as an index (MR-4).
const memOddVA = 0x7ffe_0000_0123

var _ = Describe("Memory registration and tokens at their boundaries", Label("memory"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		var k *memLink
		BeforeEach(func() {
			p = suite.NewPair(f)
			k = newLink(p)
		})

		suite.It(suite.Rules{"MR-4"}, "a region registered at a virtual address that is not its buffer's (nor page-aligned) is reached through that address as an index: the peer's NdkWrite and NdkRead move the right bytes at its first byte, its last byte and in between", func() {
			const size = 5000
			mr := k.B.pd.CreateMR(false).MustObject()
			suite.MustSucceed(mr.RegisterAt(memPattern(size, 9), memOddVA, memRemote))
			mr.Store(0, mr.Buf)
			_, token := mr.Tokens()
			for _, c := range []struct{ off, n int }{{0, 1}, {size - 1, 1}, {0, 64}, {size - 64, 64}, {1234, 100}} {
				k.expectAllowed("MR-4", fmt.Sprintf("at offset %d of a region registered at %#x", c.off, uint64(memOddVA)),
					k.plain(token), mr.VA+uint64(c.off), c.n, bytesOf(mr), c.off)
			}
		})

		suite.It(suite.Rules{"MR-6"}, "a region registered at a non-zero virtual address has no zero-based addresses: the peer's NdkWrite and NdkRead at address 0 and at small offsets used as addresses, under the region's valid token, fail and move no data", func() {
			const size = 4096
			mr := k.B.region(size, memRemote, 3)
			_, token := mr.Tokens()
			k.expectAllowed("MR-6", "at the region's own first byte", k.plain(token), mr.VA, 16, bytesOf(mr), 0)
			for _, off := range []uint64{0, 1, size - 16} {
				k.expectDenied("MR-6", fmt.Sprintf("at address %d (the offset %d as a zero-based address)", off, off), k.plain(token), off, 16, bytesOf(mr))
			}
		})

		suite.It(suite.Rules{"MR-16"}, "a peer holding a wrong token (the region's remote token with one low bit or one high bit flipped) gets no data, in either direction, while the right token reaches the whole region", func() {
			const size = 4096
			mr := k.B.region(size, memRemote, 5)
			local, token := mr.Tokens()
			k.expectAllowed("MR-16", "over the whole region under its remote token", k.plain(token), mr.VA, size, bytesOf(mr), 0)
			for _, bit := range []uint{0, 16, 31} {
				wrong := wrongToken(token, bit, token, local)
				k.expectDenied("MR-16", fmt.Sprintf("over the whole region under the wrong token %#x (its remote token is %#x)", wrong, token), k.plain(wrong), mr.VA, size, bytesOf(mr))
			}
		})

		suite.It(suite.Rules{"MR-16"}, "the remote token of a deregistered region is stale: the peer's NdkWrite and NdkRead under it fail and move no data", func() {
			const size = 4096
			mr := k.B.region(size, memRemote, 7)
			// A second, local-only registration of the same buffer keeps
			// it registered, so that its bytes can still be read.
			keep := k.B.pd.CreateMR(false).MustObject()
			suite.MustSucceed(keep.Register(mr.Buf, ndk.MRFlagAllowLocalWrite))
			_, token := mr.Tokens()
			k.expectAllowed("MR-16", "under the region's remote token", k.plain(token), mr.VA, size, bytesOf(mr), 0)
			suite.MustSucceed(mr.Deregister())
			k.expectDenied("MR-16", fmt.Sprintf("under the remote token %#x of the region after NdkDeregisterMr", token), k.plain(token), mr.VA, size, bytesOf(keep))
			k.expectDenied("MR-16", fmt.Sprintf("of the first byte under the remote token %#x of the region after NdkDeregisterMr", token), k.plain(token), mr.VA, 1, bytesOf(keep))
		})

		suite.It(suite.Rules{"MR-16"}, "a region's edges are exact: one byte at its first and at its last address succeeds; an access starting one byte before it, or reaching one byte past its end, fails and moves no data", func() {
			const size = 4096
			mr := k.B.region(size, memRemote, 11)
			_, token := mr.Tokens()
			k.expectAllowed("MR-16", "at the region's first byte", k.plain(token), mr.VA, 1, bytesOf(mr), 0)
			k.expectAllowed("MR-16", "at the region's last byte", k.plain(token), mr.VA+size-1, 1, bytesOf(mr), size-1)
			k.expectDenied("MR-16", "starting one byte before the region", k.plain(token), mr.VA-1, 2, bytesOf(mr))
			k.expectDenied("MR-16", "at the byte before the region", k.plain(token), mr.VA-1, 1, bytesOf(mr))
			k.expectDenied("MR-16", "from the last byte to one byte past the end", k.plain(token), mr.VA+size-1, 2, bytesOf(mr))
			k.expectDenied("MR-16", "at the byte past the end", k.plain(token), mr.VA+size, 1, bytesOf(mr))
		})

		suite.It(suite.Rules{"MR-18"}, "the PD's privileged token is local only: the peer's NdkWrite and NdkRead naming it, at a logical address of side B's NdkBuildLam mapping, fail and move no data", func() {
			buf := memPattern(2*ndk.PageSize, 13)
			lam := memLAM(p.B, buf)
			suite.PushMemory(buf)
			suite.Step().Expect(lam.PageCount).To(BeNumerically(">", 0), "NdkBuildLam maps at least one page")
			priv := k.B.pd.PrivilegedToken()
			addr := lam.Pages[0] + uint64(lam.FBO)
			target := func() []byte { suite.PullMemory(buf); return buf }
			k.expectDenied("MR-18", fmt.Sprintf("at the logical address %#x under side B's privileged token %#x", addr, priv), k.plain(priv), addr, 64, target)
		})

		suite.It(suite.Rules{"MR-8"}, "on an adapter with NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED, an NdkRead into memory registered without NDK_MR_FLAG_RDMA_READ_SINK succeeds and moves the bytes, and one into memory registered with it is not failed for the flag", func() {
			if p.A.Info().AdapterFlags&ndk.AdapterFlagRDMAReadSinkNotRequired == 0 {
				suite.NotApplicable("no NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED", "the adapter needs READ_SINK on an RDMA-read sink, so what an adapter without that need allows has nothing to check")
			}
			const size = 4096
			mr := k.B.region(size, memRemote, 41)
			_, token := mr.Tokens()
			for _, sink := range []struct {
				what  string
				flags uint32
			}{{"without NDK_MR_FLAG_RDMA_READ_SINK", ndk.MRFlagAllowLocalWrite}, {"with NDK_MR_FLAG_RDMA_READ_SINK", memSink}} {
				dst := k.A.region(size, sink.flags, 0)
				dst.Store(0, make([]byte, size))
				c := k.connect()
				st := complete(c.ActiveQP.InitiatorCQ, c.ActiveQP.Read("read", mr.VA, token, 0, dst.SGE(0, size)))
				suite.Rule("MR-8").Expect(st).To(Equal(ndk.StatusSuccess), "an NdkRead into memory registered %s", sink.what)
				suite.Rule("MR-8").Expect(dst.Bytes()).To(Equal(memPattern(size, 41)), "the NdkRead into memory registered %s moves the region's bytes", sink.what)
			}
		})

		// MR-23: the flag lets the consumer use a logical address mapping
		// under the privileged token as the sink of an RDMA Read, "similar
		// to access to local buffers for RDMA write, send, and receive"
		// (ns-ndkinfo-ndk_adapter_info.md): the provider has to serve it.
		suite.It(suite.Rules{"MR-23"}, "on an adapter with NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED, an NdkRead whose sink is a logical address mapping under the privileged token succeeds and lands the bytes there, at the mapping's first and last byte", func() {
			if p.A.Info().AdapterFlags&ndk.AdapterFlagRDMAReadSinkNotRequired == 0 {
				suite.NotApplicable("no NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED", "the adapter needs READ_SINK on an RDMA-read sink, so a logical address mapping under the privileged token is no sink the consumer may use")
			}
			const size = 256
			mr := k.B.region(size, memRemote, 43)
			_, token := mr.Tokens()
			buf := make([]byte, ndk.PageSize)
			lam := memLAM(p.A, buf)
			priv := k.A.pd.PrivilegedToken()
			// One SGE each (the probe's QP takes one), inside one logical
			// page: the first bytes up to the first page's end, the last
			// from the last page's start at most.
			n1 := min(size, ndk.PageSize-int(lam.FBO))
			n2 := size
			if in := (int(lam.FBO) + len(buf)) % ndk.PageSize; in != 0 {
				n2 = min(size, in)
			}
			for _, at := range []struct {
				what   string
				off, n int
			}{{"first", 0, n1}, {"last", len(buf) - n2, n2}} {
				clear(buf)
				suite.PushMemory(buf)
				pos := int(lam.FBO) + at.off
				addr := lam.Pages[pos/ndk.PageSize] + uint64(pos%ndk.PageSize)
				c := k.connect()
				st := complete(c.ActiveQP.InitiatorCQ, c.ActiveQP.Read("read into a LAM", mr.VA, token, 0, ndk.SGE{VirtualAddress: addr, Length: uint32(at.n), MemoryRegionToken: priv}))
				suite.Rule("MR-23").Expect(st).To(Equal(ndk.StatusSuccess), "an NdkRead of %d bytes into the mapping's %s bytes (logical address %#x) under side A's privileged token %#x", at.n, at.what, addr, priv)
				suite.PullMemory(buf)
				suite.Rule("MR-23").Expect(buf[at.off:at.off+at.n]).To(Equal(memPattern(size, 43)[:at.n]), "the bytes of the NdkRead into the mapping's %s bytes land there", at.what)
			}
		})
	})
})
