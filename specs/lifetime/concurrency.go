package lifetime

import (
	"reflect"
	"sync"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("Concurrent calls on one object", Label("lifetime"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	// calls stays under the queue depths of suite's QPs (16).
	const goroutines, calls = 8, 12

	suite.It(suite.Rules{"LT-7"}, "many creates on one adapter from several goroutines at once, without waiting for earlier callbacks, all succeed", func() {
		p.A.CreatePD().MustObject() // one create alone succeeds (IF-9), so a failure below is the concurrency's
		var wg sync.WaitGroup
		ops := make([][]*suite.CreateOp[*suite.PD], goroutines)
		for g := range goroutines {
			wg.Add(1)
			go func() {
				defer GinkgoRecover()
				defer wg.Done()
				for range calls {
					ops[g] = append(ops[g], p.A.CreatePD())
				}
			}()
		}
		wg.Wait()
		// Distinct provider objects: the handles the provider returned,
		// not the harness's wrappers (which are distinct by construction).
		seen := map[any]bool{}
		for _, list := range ops {
			for _, op := range list {
				pd, st := op.Object()
				suite.Rule("LT-7").Expect(st).To(Equal(ndk.StatusSuccess), "%s issued concurrently with others", op.Op)
				h := any(pd.PD)
				if !reflect.TypeOf(h).Comparable() {
					continue // a handle the harness cannot compare
				}
				suite.Rule("LT-7").Expect(seen[h]).To(BeFalse(), "each of the concurrent creates returns its own PD")
				seen[h] = true
			}
		}
	})

	suite.It(suite.Rules{"LT-7"}, "concurrent calls on one connector (addresses, connection data) all succeed", func() {
		l := p.B.MustCreateListener()
		l.MustListen(0)
		conn := p.MustConnect(l)
		want, _ := conn.Active.LocalAddress()
		var wg sync.WaitGroup
		for range goroutines {
			wg.Add(1)
			go func() {
				defer GinkgoRecover()
				defer wg.Done()
				for range calls {
					got, st := conn.Active.LocalAddress()
					suite.Rule("LT-7").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetLocalAddress issued concurrently")
					suite.Rule("LT-7").Expect(got).To(Equal(want), "NdkGetLocalAddress issued concurrently")
					_, st = conn.Active.PeerAddress()
					suite.Rule("LT-7").Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetPeerAddress issued concurrently")
				}
			}()
		}
		wg.Wait()
	})

	suite.It(suite.Rules{"WR-5"}, "NdkReceive and NdkWrite on one QP at once (the receive and initiator queues) are both handled", func() {
		l := p.B.MustCreateListener()
		l.MustListen(0)
		conn := p.MustConnect(l)
		pd := conn.ActiveQP.PD()
		mr := pd.CreateMR(false).MustObject()
		suite.MustSucceed(mr.Register(make([]byte, calls*64), ndk.MRFlagAllowLocalWrite))
		remote := conn.PassiveQP.PD().CreateMR(false).MustObject()
		suite.MustSucceed(remote.Register(make([]byte, calls*64), ndk.MRFlagAllowLocalWrite|ndk.MRFlagAllowRemoteWrite))
		_, rtoken := remote.Tokens()

		var wg sync.WaitGroup
		wg.Add(2)
		go func() { // the receive queue
			defer GinkgoRecover()
			defer wg.Done()
			for i := range calls {
				suite.Rule("WR-5").Expect(conn.ActiveQP.Receive(i, mr.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive alongside NdkWrite")
			}
		}()
		go func() { // the initiator queue
			defer GinkgoRecover()
			defer wg.Done()
			for i := range calls {
				suite.Rule("WR-5").Expect(conn.ActiveQP.Write(i, remote.VA+uint64(i*64), rtoken, 0, mr.SGE(i*64, 64))).To(Equal(ndk.StatusSuccess), "NdkWrite alongside NdkReceive")
			}
		}()
		wg.Wait()
	})
})
