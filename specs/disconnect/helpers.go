package disconnect

import (
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// connect establishes a connection from side A to a listener of side B.
func connect(p *suite.Pair) *suite.Connection {
	GinkgoHelper()
	l := p.B.MustCreateListener()
	l.MustListen(0)
	return p.MustConnect(l)
}

// region registers a buffer of n bytes on qp's PD with flags.
func region(qp *suite.QP, n int, flags uint32) *suite.MR {
	GinkgoHelper()
	mr := qp.PD().CreateMR(false).MustObject()
	suite.MustSucceed(mr.Register(make([]byte, n), flags))
	return mr
}

const remoteAccess = ndk.MRFlagAllowLocalWrite | ndk.MRFlagAllowRemoteWrite | ndk.MRFlagAllowRemoteRead
const sinkAccess = ndk.MRFlagAllowLocalWrite | ndk.MRFlagRDMAReadSink

// expectIndications checks that c received exactly n disconnect
// indications, now and for a while.
func expectIndications(p *suite.Pair, c *suite.Connector, n int, rule, why string) {
	GinkgoHelper()
	if n > 0 {
		suite.Step().Eventually(c.DisconnectEvents).WithTimeout(p.Timeout()).Should(BeNumerically(">=", n),
			"%s: %s must receive a disconnect indication: %s", rule, c, why)
	}
	suite.Step().Consistently(c.DisconnectEvents).WithTimeout(p.Settle()).Should(Equal(n),
		"%s: %s must receive %d disconnect indication(s): %s", rule, c, n, why)
}

// fill writes a recognisable pattern into b.
func fill(b []byte, seed byte) {
	for i := range b {
		b[i] = seed + byte(i*7)
	}
}
