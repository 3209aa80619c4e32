package queues

import (
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
)

// The zero lengths and depths RULES.md leaves open (OPEN-5) that no model
// makes: NdkRegisterMr of 0 bytes and NdkCreateCq of depth 0. The provider
// may refuse either, inline or through its completion, with any status, or
// take it: every status passes. What is still required is checked by the
// harness at every call: a call that returned STATUS_PENDING completes once
// (CR-1 for the create, CR-4 for the registration), and none whose status
// came inline is completed (CR-2, CR-4). The sends, reads, writes and binds
// of 0 bytes are the models' (specs/model, specs/memory).
var _ = Describe("Zero lengths and depths the pages leave open", Label("queues", "memory"), func() {
	suite.It(suite.Rules{"CR-1", "CR-4"}, "OPEN-5: NdkRegisterMr of 0 bytes and NdkCreateCq of depth 0 pass with any status, inline or through their completion; one that returned STATUS_PENDING completes once", func() {
		p := suite.NewPair(suite.IPv4)
		a := p.A
		pd := a.CreatePD().MustObject()
		for _, flags := range []uint32{ndk.MRFlagAllowLocalWrite, ndk.MRFlagAllowLocalWrite | ndk.MRFlagAllowRemoteRead | ndk.MRFlagAllowRemoteWrite} {
			mr := pd.CreateMR(false).MustObject()
			// Any status passes (OPEN-5); Wait charges CR-4 to a pending
			// registration that never completes, or completes twice.
			mr.Register([]byte{}, flags).Wait()
			suite.MustSucceed(mr.Close())
		}
		// Any status passes (OPEN-5); Object charges CR-1 to a pending
		// create that never completes, or completes twice (CR-3 to a
		// success without a CQ).
		if cq, st := a.CreateCQ(0).Object(); st == ndk.StatusSuccess {
			suite.MustSucceed(cq.Close())
		}
		suite.MustSucceed(pd.Close())
	})
})
