package memory

import (
	"fmt"

	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
)

var _ = Describe("NDK_OP_FLAG_DEFER and the duties of a completion", Label("memory"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var k *memLink
		BeforeEach(func() {
			k = newLink(suite.NewPair(f))
			k.deferred = true
		})

		// DP-3: the flag is a hint about when the request reaches the
		// hardware (DP-2), nothing more: a deferred access is judged as
		// MR-16's specs judge one without it. A provider that breaks MR-16
		// for every access fails this spec too (charged DP-3) and MR-16's
		// own specs (charged MR-16).
		suite.It(suite.Rules{"DP-3"}, "an NdkWrite and an NdkRead posted with DEFER (each chain ended by an access without it) complete as without the flag: under the region's remote token they succeed and move their bytes; under a wrong token they fail and move no data", func() {
			k.p.A.NeedsNDK12("NDK_OP_FLAG_DEFER (QP-8)")
			const size = 4096
			mr := k.B.region(size, memRemote, 13)
			local, token := mr.Tokens()
			k.expectAllowed("DP-3", "with DEFER over the whole region under its remote token", k.plain(token), mr.VA, size, bytesOf(mr), 0)
			wrong := wrongToken(token, 0, token, local)
			k.expectDenied("DP-3", fmt.Sprintf("with DEFER over the whole region under the wrong token %#x (its remote token is %#x)", wrong, token), k.plain(wrong), mr.VA, size, bytesOf(mr))
		})
	})
})
