package memory

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// A spec that needs a logical address mapping or a fast registration for
// the rule it checks cannot observe that rule on a provider that fails
// them with a status the pages allow: such a spec skips as not observable
// (which certification lists as a limit), and the rule that asks for the
// feature fails in its own spec (AI-1: at least 16 FRMR pages). rxe is
// one: user-space verbs have neither. An adapter whose FRMRPageCount is
// below what a spec fast-registers makes it skip as not applicable.

// memLAM maps buf with a's NdkBuildLam for the spec, released at its end;
// the spec skips when the provider answers STATUS_INSUFFICIENT_RESOURCES,
// which NdkBuildLam may return at any time.
func memLAM(a *suite.Adapter, buf []byte) *ndk.LAM {
	GinkgoHelper()
	lam := &ndk.LAM{Pages: make([]uint64, (len(buf)+2*ndk.PageSize-1)/ndk.PageSize)}
	st := a.BuildLAM(buf, lam).Wait()
	skipUnmapped(st)
	suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkBuildLam of %d bytes with room for %d pages", len(buf), len(lam.Pages))
	DeferCleanup(func() { a.ReleaseLAM(lam) })
	return lam
}

// skipUnmapped skips the spec when NdkBuildLam answered st =
// STATUS_INSUFFICIENT_RESOURCES.
func skipUnmapped(st ndk.Status) {
	GinkgoHelper()
	if st == ndk.StatusInsufficientResources {
		suite.NotObservable("NdkBuildLam failed with STATUS_INSUFFICIENT_RESOURCES, which it may return at any time, so the spec has no mapping to use")
	}
}

// memInitFR initialises mr, an MR of adapter a created for fast
// registration, for pages pages; the spec skips when a's FRMRPageCount is
// below pages and the provider answers STATUS_IMPLEMENTATION_LIMIT, as
// MR-10 asks.
func memInitFR(a *suite.Adapter, mr *suite.MR, pages uint32, remote bool) {
	GinkgoHelper()
	st := mr.InitializeFastRegisterMR(pages, remote).Wait()
	if n := a.Info().FRMRPageCount; st == ndk.StatusImplementationLimit && pages > n {
		suite.NotApplicable(fmt.Sprintf("FRMRPageCount %d", n), fmt.Sprintf("the spec fast-registers %d page(s) (AI-1 asks for at least 16, and is checked by its own spec)", pages))
	}
	suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkInitializeFastRegisterMr with AdapterPageCount %d, RemoteAccess %t", pages, remote)
}
