package memory

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	"github.com/onsi/gomega"
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

// checkChains judges try, NdkRegisterMr or NdkBuildLam (call) on a chain,
// for rule: the contiguous chain of two MDLs first, the control (its
// failure is recorded, not judged: rule does not require the provider to
// take a chain of several MDLs), then each of chainBroken, which must fail
// with STATUS_INVALID_PARAMETER.
func checkChains(rule, call, why string, try func([]ndk.MDL) ndk.Status) {
	GinkgoHelper()
	control := twoMDLs(0)
	if st := try(control); st != ndk.StatusSuccess {
		AddReportEntry(rule, fmt.Sprintf("%s on the contiguous chain of two MDLs (%s) failed with %v: the failures below cannot be told apart from a provider that takes no chain of several MDLs (%s does not require it to)", call, describeChain(control), st, rule))
	}
	for _, c := range chainBroken {
		chain := twoMDLs(c.shift)
		suite.Rule(rule).Expect(try(chain)).To(gomega.Equal(ndk.StatusInvalidParameter),
			"%s on a chain of two MDLs with %s (%s) fails with STATUS_INVALID_PARAMETER%s", call, c.name, describeChain(chain), why)
	}
}

var _ = Describe("MDL chains (NdkRegisterMr, NdkBuildLam)", Label("memory"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"MR-3"}, "NdkRegisterMr on a chain of two MDLs that is not virtually contiguous, by a gap of 1 byte or an overlap of 1 byte, fails with STATUS_INVALID_PARAMETER (a contiguous chain of two MDLs of the same lengths is the control)", func() {
		pd := p.A.CreatePD().MustObject()
		checkChains("MR-3", "NdkRegisterMr", "", func(chain []ndk.MDL) ndk.Status {
			mr := pd.CreateMR(false).MustObject()
			return mr.RegisterChain(chain, ndk.MRFlagAllowLocalWrite).Wait()
		})
	})

	suite.It(suite.Rules{"MR-20"}, "NdkBuildLam on a chain of two MDLs that is not virtually contiguous, by a gap of 1 byte or an overlap of 1 byte, fails with STATUS_INVALID_PARAMETER (a contiguous chain of two MDLs of the same lengths is the control)", func() {
		checkChains("MR-20", "NdkBuildLam", " (the status NdkBuildLam's page gives for a range that is not virtually contiguous)", func(chain []ndk.MDL) ndk.Status {
			lam := &ndk.LAM{Pages: make([]uint64, (ndk.ChainLength(chain)+2*ndk.PageSize)/ndk.PageSize)}
			st := p.B.BuildLAMChain(chain, lam).Wait()
			if st == ndk.StatusSuccess {
				DeferCleanup(func() { p.B.ReleaseLAM(lam) })
			}
			return st
		})
	})
})
