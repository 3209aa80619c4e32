package memory

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// MDL chains: NdkRegisterMr and NdkBuildLam take an MDL chain, which must
// be virtually contiguous (MR-3, MR-20). A chain of two MDLs is the least
// that can be other than contiguous; the second MDL starts exactly one
// byte past the end of the first (a gap) or one byte before it (an
// overlap), the nearest a chain comes to contiguity without being so.

const (
	// chainVA is the virtual address of a chain's first MDL: not zero
	// (MR-6) and off its page boundary, so that the MDLs' boundary falls
	// inside a page.
	chainVA = 0x7e00_0000_0000 + 100
	// chainFirst and chainSecond are the lengths of the two MDLs.
	chainFirst, chainSecond = ndk.PageSize + 904, 3000
)

// chainCase is one chain the specs try: its name and where the second MDL
// starts relative to the end of the first.
type chainCase struct {
	name  string
	shift int64
}

var chainBroken = []chainCase{
	{"a gap of 1 byte (the second MDL starts 1 byte past the end of the first)", +1},
	{"an overlap of 1 byte (the second MDL starts 1 byte before the end of the first)", -1},
}

// twoMDLs is a chain of two fresh buffers, the second's virtual address
// shift bytes from the end of the first's range.
func twoMDLs(shift int64) []ndk.MDL {
	end := uint64(chainVA + chainFirst)
	return []ndk.MDL{
		{Buf: memPattern(chainFirst, 31), VA: chainVA},
		{Buf: memPattern(chainSecond, 67), VA: uint64(int64(end) + shift)},
	}
}

// describeChain says what a chain is, for the failure reports.
func describeChain(chain []ndk.MDL) string {
	s := ""
	for i, m := range chain {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("[%#x, %#x)", m.VA, m.VA+uint64(len(m.Buf)))
	}
	return "MDLs " + s
}

var _ = Describe("MDL chains (NdkRegisterMr, NdkBuildLam)", Label("memory"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	It("MR-3: NdkRegisterMr on a chain of two MDLs that is not virtually contiguous, by a gap of 1 byte or an overlap of 1 byte, fails with STATUS_INVALID_PARAMETER (the contiguous chain of the same MDLs is the control)", Label("MR-3"), func() {
		pd := p.A.CreatePD().MustObject()
		register := func(chain []ndk.MDL) ndk.Status {
			mr := pd.CreateMR(false).MustObject()
			return mr.RegisterChain(chain, ndk.MRFlagAllowLocalWrite).Wait()
		}
		control := twoMDLs(0)
		if st := register(control); st != ndk.StatusSuccess {
			AddReportEntry("MR-3", fmt.Sprintf("NdkRegisterMr on the contiguous chain of two MDLs (%s) failed with %v: the failures below cannot be told apart from a provider that registers no chain of several MDLs (MR-3 does not require it to)", describeChain(control), st))
		}
		for _, c := range chainBroken {
			chain := twoMDLs(c.shift)
			suite.Rule("MR-3").Expect(register(chain)).To(Equal(ndk.StatusInvalidParameter),
				"NdkRegisterMr on a chain of two MDLs with %s (%s) fails with STATUS_INVALID_PARAMETER", c.name, describeChain(chain))
		}
	})

	It("MR-20: NdkBuildLam on a chain of two MDLs that is not virtually contiguous, by a gap of 1 byte or an overlap of 1 byte, fails with STATUS_INVALID_PARAMETER (the contiguous chain of the same MDLs is the control)", Label("MR-20"), func() {
		build := func(chain []ndk.MDL) ndk.Status {
			n := ndk.ChainLength(chain) + 2*ndk.PageSize
			lam := &ndk.LAM{Pages: make([]uint64, n/ndk.PageSize)}
			st := p.B.BuildLAMChain(chain, lam).Wait()
			if st == ndk.StatusSuccess {
				DeferCleanup(func() { p.B.ReleaseLAM(lam) })
			}
			return st
		}
		control := twoMDLs(0)
		if st := build(control); st != ndk.StatusSuccess {
			AddReportEntry("MR-20", fmt.Sprintf("NdkBuildLam on the contiguous chain of two MDLs (%s) failed with %v: the failures below cannot be told apart from a provider that maps no chain of several MDLs (MR-20 does not require it to)", describeChain(control), st))
		}
		for _, c := range chainBroken {
			chain := twoMDLs(c.shift)
			suite.Rule("MR-20").Expect(build(chain)).To(Equal(ndk.StatusInvalidParameter),
				"NdkBuildLam on a chain of two MDLs with %s (%s) fails with STATUS_INVALID_PARAMETER (the status NdkBuildLam's page gives for a range that is not virtually contiguous)", c.name, describeChain(chain))
		}
	})
})
