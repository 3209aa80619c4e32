package remote

import (
	"slices"
	"testing"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// TestFillLAMKeepsAFailuresPages: the logical pages a provider wrote into
// the array of an NdkBuildLam that failed reach the consumer's LAM, so
// that the MR-21 spec can try them through an agent as it does in process.
func TestFillLAMKeepsAFailuresPages(t *testing.T) {
	lam := &ndk.LAM{Pages: make([]uint64, 2)}
	fillLAM(lam, &agentv1.LamOutput{Pages: []uint64{0x1000, 0x2000}, PageCount: 4, Fbo: 12})
	if !slices.Equal(lam.Pages, []uint64{0x1000, 0x2000}) || lam.PageCount != 4 || lam.FBO != 12 {
		t.Fatalf("LAM after a failed NdkBuildLam's output: pages %#x, count %d, FBO %d; want the provider's [0x1000 0x2000], 4, 12", lam.Pages, lam.PageCount, lam.FBO)
	}
}
