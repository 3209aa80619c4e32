package queues

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	"github.com/onsi/gomega"
	"github.com/onsi/gomega/types"
)

// srqDepth is the depth of the SRQs the threshold specs create: room for
// every receive they post.
const srqDepth = 8

// srqMaxDepth is side B's MaxSrqDepth; the spec skips as not applicable
// when it is 0 (suite.Adapter.SRQDepth).
func srqMaxDepth(p *suite.Pair) uint32 {
	GinkgoHelper()
	return p.B.SRQDepth(^uint32(0))
}

// srqConnection creates on side B an SRQ of depth srqDepth with
// NotifyThreshold threshold, and connects side A to a QP of side B created
// over it.
func srqConnection(p *suite.Pair, threshold uint32) *suite.SRQConnection {
	GinkgoHelper()
	if srqMaxDepth(p) < srqDepth {
		suite.NotApplicable(fmt.Sprintf("MaxSrqDepth %d", srqMaxDepth(p)), fmt.Sprintf("the spec needs an SRQ of depth %d", srqDepth))
	}
	pd := p.B.CreatePD().MustObject()
	srq := pd.CreateSRQ(srqDepth, 1, threshold).MustObjectFor("IF-12")
	return p.MustConnectSRQ(pd, srq)
}

// srqOK matches STATUS_SUCCESS.
func srqOK() types.GomegaMatcher { return gomega.Equal(ndk.StatusSuccess) }
