package memory

import (
	"fmt"
	"math"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// memFRBase is the page-aligned base of the fast registrations' virtual
// addresses (BaseVirtualAddress = FBO + n·PAGE_SIZE, MR-11).
const memFRBase = 0x5000_0000_0000

// frRegion is a buffer of side B mapped with NdkBuildLam, and an MR
// created for fast registration on side B's PD.
type frRegion struct {
	buf []byte
	lam *ndk.LAM
	mr  *suite.MR
}

// newFR maps pages pages of side B and creates the MR (not initialised).
func (k *memLink) newFR(pages int) *frRegion {
	GinkgoHelper()
	buf := memPattern(pages*ndk.PageSize, 43)
	lam := memLAM(k.p.B, buf)
	suite.PushMemory(buf)
	suite.Step().Expect(lam.PageCount).To(BeNumerically(">=", pages), "NdkBuildLam of %d pages maps them", pages)
	return &frRegion{buf: buf, lam: lam, mr: k.B.pd.CreateMR(true).MustObject()}
}

// bytes is the mapped buffer as the provider's memory holds it.
func (r *frRegion) bytes() []byte { suite.PullMemory(r.buf); return r.buf }

// fastRegister posts NdkFastRegister of the first pages pages of the
// mapping (all of their bytes from the FBO) on a QP of side B, with flags,
// and returns the status, inline or of the completion, the base virtual
// address, and the remote token NdkGetRemoteTokenFromMr gave as soon as
// NdkFastRegister returned (MR-13).
func (k *memLink) fastRegister(r *frRegion, pages int, flags uint32) (ndk.Status, uint64, uint32) {
	GinkgoHelper()
	c := k.connect()
	base := memFRBase + uint64(r.lam.FBO)
	length := uint64(pages*ndk.PageSize) - uint64(r.lam.FBO)
	st := c.PassiveQP.FastRegister("fast register", r.mr, r.lam.Pages[:pages], r.lam.FBO, length, base, flags)
	_, token := r.mr.Tokens()
	return complete(c.PassiveQP.InitiatorCQ, st), base, token
}

var _ = Describe("Fast registration: the FRMR page count, remote rights and tokens", Label("memory"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		var k *memLink
		BeforeEach(func() {
			p = suite.NewPair(f)
			k = newLink(p)
		})

		suite.It(suite.Rules{"AI-1"}, "the adapter supports at least 16 FRMR pages: FRMRPageCount is at least 16, NdkInitializeFastRegisterMr of 16 pages succeeds, and an NdkFastRegister of 16 pages succeeds", func() {
			info := p.B.Info()
			suite.Rule("AI-1").Expect(info.FRMRPageCount).To(BeNumerically(">=", 16), "NDK_ADAPTER_INFO.FRMRPageCount")
			r := k.newFR(16)
			suite.Rule("AI-1").Expect(r.mr.InitializeFastRegisterMR(16, false).Wait()).To(Equal(ndk.StatusSuccess), "NdkInitializeFastRegisterMr with AdapterPageCount 16")
			st, _, _ := k.fastRegister(r, 16, ndk.OpFlagAllowLocalWrite)
			suite.Rule("AI-1").Expect(st).To(Equal(ndk.StatusSuccess), "NdkFastRegister of 16 pages on an MR initialised for 16")
		})

		// FRMRPageCount is the FRMR size the adapter supports the most FRMRs
		// of, not a limit: an adapter may support larger ones. So the spec
		// tries ever larger counts, FRMRPageCount+1 first, then one page
		// more than MaxRegistrationSize holds, then the largest count
		// there is, until one is refused: that refusal must be
		// STATUS_IMPLEMENTATION_LIMIT (or STATUS_INSUFFICIENT_RESOURCES,
		// which a provider may return at any time).
		suite.It(suite.Rules{"MR-10"}, "NdkInitializeFastRegisterMr with an AdapterPageCount the adapter does not support (over FRMRPageCount, else over what MaxRegistrationSize holds, else the largest count there is) fails with STATUS_IMPLEMENTATION_LIMIT", func() {
			info := p.B.Info()
			n := info.FRMRPageCount
			if n == math.MaxUint32 {
				suite.NotApplicable(fmt.Sprintf("FRMRPageCount %d", n), "FRMRPageCount is the largest count there is, so there is no count past it")
			}
			counts := []uint32{n + 1}
			if m := info.MaxRegistrationSize/ndk.PageSize + 1; m > uint64(n+1) && m < math.MaxUint32 {
				counts = append(counts, uint32(m))
			}
			counts = append(counts, math.MaxUint32)
			var supported []string
			for _, count := range counts {
				mr := k.B.pd.CreateMR(true).MustObject()
				st := mr.InitializeFastRegisterMR(count, false).Wait()
				switch st {
				case ndk.StatusSuccess:
					supported = append(supported, fmt.Sprint(count))
					suite.MustSucceed(mr.Close())
					continue
				case ndk.StatusInsufficientResources:
					suite.NotObservable(fmt.Sprintf("NdkInitializeFastRegisterMr with AdapterPageCount %d failed with STATUS_INSUFFICIENT_RESOURCES, which a provider may return at any time (it took the counts %v)", count, supported))
				}
				suite.Rule("MR-10").Expect(st).To(Equal(ndk.StatusImplementationLimit),
					"NdkInitializeFastRegisterMr with AdapterPageCount %d (FRMRPageCount %d, MaxRegistrationSize %d; the adapter took the counts %v), which it does not support", count, n, info.MaxRegistrationSize, supported)
				return
			}
			suite.NotObservable(fmt.Sprintf("NdkInitializeFastRegisterMr took every AdapterPageCount tried (%v, FRMRPageCount %d), so the spec found no count the adapter does not support", supported, n))
		})

		suite.It(suite.Rules{"MR-12"}, "NdkFastRegister asking for remote read or remote write on an MR initialised without RemoteAccess fails with STATUS_ACCESS_VIOLATION, inline or in its completion, and leaves the pages out of the peer's reach", func() {
			for _, c := range []struct {
				what  string
				flags uint32
			}{{"NDK_OP_FLAG_ALLOW_REMOTE_READ", ndk.OpFlagAllowRemoteRead}, {"NDK_OP_FLAG_ALLOW_REMOTE_WRITE", ndk.OpFlagAllowRemoteWrite}} {
				r := k.newFR(1)
				memInitFR(p.B, r.mr, 1, false)
				st, base, token := k.fastRegister(r, 1, c.flags)
				suite.Rule("MR-12").Expect(st).To(Equal(ndk.StatusAccessViolation), "NdkFastRegister with %s on an MR initialised without RemoteAccess", c.what)
				k.expectDenied("MR-12", fmt.Sprintf("at the pages of the refused NdkFastRegister with %s", c.what), k.plain(token), base, 64, r.bytes)
			}
		})

		suite.It(suite.Rules{"QP-15"}, "NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE on an NdkRead into a fast-registered sink: with NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED the successful read invalidates the sink's token, so a later read into it fails; without the adapter flag the op flag is ignored and a later read into it succeeds", func() {
			p.A.NeedsNDK12("NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE (QP-15)")
			const n = 64
			remote := k.B.region(n, memRemote, 59)
			_, rtoken := remote.Tokens()
			buf := make([]byte, ndk.PageSize)
			lam := memLAM(p.A, buf)
			sink := k.A.pd.CreateMR(true).MustObject()
			memInitFR(p.A, sink, 1, false)
			c := k.connect()
			base := memFRBase + uint64(lam.FBO)
			st := c.ActiveQP.FastRegister("fast register", sink, lam.Pages[:1], lam.FBO, ndk.PageSize-uint64(lam.FBO), base, ndk.OpFlagAllowLocalWrite|ndk.OpFlagRDMAReadSink)
			suite.Step().Expect(complete(c.ActiveQP.InitiatorCQ, st)).To(Equal(ndk.StatusSuccess), "NdkFastRegister of the sink with local write and READ_SINK")
			ltoken, _ := sink.Tokens()
			sge := ndk.SGE{VirtualAddress: base, Length: n, MemoryRegionToken: ltoken}
			st = complete(c.ActiveQP.InitiatorCQ, c.ActiveQP.Read("read and invalidate", remote.VA, rtoken, ndk.OpFlagRDMAReadLocalInvalidate, sge))
			suite.Rule("QP-15").Expect(st).To(Equal(ndk.StatusSuccess), "an NdkRead with NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE into a fast-registered sink")
			suite.PullMemory(buf)
			suite.Rule("QP-15").Expect(buf[lam.FBO:lam.FBO+n]).To(Equal(memPattern(n, 59)), "the NdkRead with NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE moves the bytes")
			st = complete(c.ActiveQP.InitiatorCQ, c.ActiveQP.Read("read again", remote.VA, rtoken, 0, sge))
			if p.A.Info().AdapterFlags&ndk.AdapterFlagRDMAReadLocalInvalidateSupported != 0 {
				suite.Rule("QP-15").Expect(st).NotTo(Equal(ndk.StatusSuccess), "a second NdkRead into the sink whose token the first read invalidated (the adapter sets NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED)")
				return
			}
			suite.Rule("QP-15").Expect(st).To(Equal(ndk.StatusSuccess), "a second NdkRead into the sink: the adapter does not set NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED, so the first read's op flag is ignored and the token stays valid")
		})

		suite.It(suite.Rules{"MR-13"}, "the remote token NdkGetRemoteTokenFromMr gives as soon as NdkFastRegister (remote read and write) returns reaches the region once the request has completed, at its first and last byte", func() {
			const pages = 2
			r := k.newFR(pages)
			memInitFR(p.B, r.mr, pages, true)
			st, base, token := k.fastRegister(r, pages, ndk.OpFlagAllowLocalWrite|ndk.OpFlagAllowRemoteRead|ndk.OpFlagAllowRemoteWrite)
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkFastRegister with remote read and write")
			fbo := int(r.lam.FBO)
			last := pages*ndk.PageSize - fbo - 1
			k.expectAllowed("MR-13", "at the first byte of the fast-registered region under the token NdkGetRemoteTokenFromMr gave once NdkFastRegister returned", k.plain(token), base, 1, r.bytes, fbo)
			k.expectAllowed("MR-13", "at the last byte of the fast-registered region under the token NdkGetRemoteTokenFromMr gave once NdkFastRegister returned", k.plain(token), base+uint64(last), 1, r.bytes, fbo+last)
			k.expectAllowed("MR-13", "over a page of the fast-registered region under the token NdkGetRemoteTokenFromMr gave once NdkFastRegister returned", k.plain(token), base, ndk.PageSize, r.bytes, fbo)
		})
	})
})
