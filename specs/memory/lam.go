package memory

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// memLAMOffset puts a mapped buffer off its page boundary, so that two
// pages of bytes span three pages.
const memLAMOffset = 100

var _ = Describe("Logical address mappings (NdkBuildLam)", Label("memory"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		var k *memLink
		BeforeEach(func() {
			p = suite.NewPair(f)
			k = newLink(p)
		})

		// privilegedWrite writes 64 bytes from side B's logical address
		// addr, under side B's privileged token, into dst at side A, and
		// returns the status, inline or of the completion.
		privilegedWrite := func(addr uint64, dst *suite.MR) ndk.Status {
			c := k.connect()
			_, token := dst.Tokens()
			sge := ndk.SGE{VirtualAddress: addr, Length: 64, MemoryRegionToken: k.B.pd.PrivilegedToken()}
			return complete(c.PassiveQP.InitiatorCQ, c.PassiveQP.Write("write from a logical address", dst.VA, token, 0, sge))
		}

		suite.It(suite.Rules{"MR-20"}, "NdkBuildLam with too small a page array fails with STATUS_BUFFER_TOO_SMALL and the page count it needs; with that many it succeeds, with page-aligned logical pages and an FBO inside the first page that together cover the buffer", func() {
			backing := make([]byte, 3*ndk.PageSize)
			buf := backing[memLAMOffset : memLAMOffset+2*ndk.PageSize]
			small := &ndk.LAM{Pages: make([]uint64, 1)}
			st := p.B.BuildLAM(buf, small).Wait()
			skipUnmapped(st)
			suite.Rule("MR-20").Expect(st).To(Equal(ndk.StatusBufferTooSmall), "NdkBuildLam of %d bytes with an array of 1 page", len(buf))
			need := small.PageCount
			suite.Rule("MR-20").Expect(need).To(BeNumerically(">=", 2), "the page count NdkBuildLam asks for, for %d bytes", len(buf))
			lam := &ndk.LAM{Pages: make([]uint64, need)}
			st = p.B.BuildLAM(buf, lam).Wait()
			suite.Rule("MR-20").Expect(st).To(Equal(ndk.StatusSuccess), "NdkBuildLam with an array of the %d pages it asked for", need)
			DeferCleanup(func() { p.B.ReleaseLAM(lam) })
			suite.Rule("MR-20").Expect(lam.FBO).To(BeNumerically("<", ndk.PageSize), "the FBO lies inside the first page")
			suite.Rule("MR-20").Expect(uint64(lam.FBO)+uint64(len(buf))).To(BeNumerically("<=", uint64(lam.PageCount)*ndk.PageSize), "the %d pages from the FBO hold the %d bytes", lam.PageCount, len(buf))
			for i, pg := range lam.Pages[:lam.PageCount] {
				suite.Rule("MR-20").Expect(pg%ndk.PageSize).To(BeZero(), "logical page %d (%#x) is PAGE_SIZE-aligned", i, pg)
			}
		})

		suite.It(suite.Rules{"MR-21"}, "an NdkBuildLam that fails (too small a page array) leaves no mapping: no logical address it wrote into the array is usable under the privileged token, while one of a mapping that succeeded is", func() {
			dst := k.A.region(64, memRemote, 0)
			good := memLAM(p.B, memPattern(ndk.PageSize, 47))
			suite.Rule("MR-21").Expect(privilegedWrite(good.Pages[0]+uint64(good.FBO), dst)).To(Equal(ndk.StatusSuccess), "an NdkWrite from a logical address of a mapping that succeeded, under the privileged token")

			buf := make([]byte, 4*ndk.PageSize)
			failed := &ndk.LAM{Pages: make([]uint64, 2)}
			st := p.B.BuildLAM(buf, failed).Wait()
			suite.Step().Expect(st).To(Equal(ndk.StatusBufferTooSmall), "NdkBuildLam of 4 pages with an array of 2")
			for i, pg := range failed.Pages {
				if pg == 0 {
					continue
				}
				suite.Rule("MR-21").Expect(privilegedWrite(pg, dst)).NotTo(Equal(ndk.StatusSuccess), fmt.Sprintf("an NdkWrite from the logical page %d (%#x) the failed NdkBuildLam left in the array, under the privileged token", i, pg))
			}
		})
	})
})
