package memory

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// Each probe of a window binds it on the probe's own connection (at side
// B), so that a provider whose windows are tied to the QP that bound them
// is judged fairly.

var _ = Describe("Memory windows: bind rights, window edges, rebind and invalidation", Label("memory"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		var p *suite.Pair
		var k *memLink
		BeforeEach(func() {
			p = suite.NewPair(f)
			k = newLink(p)
		})

		suite.It(suite.Rules{"MR-15"}, "NdkBind of a window allowing remote write to a region registered without NDK_MR_FLAG_ALLOW_LOCAL_WRITE fails with STATUS_ACCESS_VIOLATION, inline or in its completion, while a window allowing remote read only binds, and its token then reaches the region", func() {
			const size = 4096
			mr := k.B.region(size, ndk.MRFlagAllowRemoteRead, 19)
			mw := k.B.pd.CreateMW().MustObject()
			c := k.connect()
			st := complete(c.PassiveQP.InitiatorCQ, c.PassiveQP.Bind("bind remote write", mr, mw, mr.VA, size, memWindow))
			suite.Rule("MR-15").Expect(st).To(Equal(ndk.StatusAccessViolation), "NdkBind with NDK_OP_FLAG_ALLOW_REMOTE_WRITE to a region registered with NDK_MR_FLAG_ALLOW_REMOTE_READ only")

			c = k.connect()
			st = c.PassiveQP.Bind("bind remote read", mr, mw, mr.VA, size, ndk.OpFlagAllowRemoteRead)
			token := mw.Token() // available once NdkBind returns
			st = complete(c.PassiveQP.InitiatorCQ, st)
			suite.Rule("MR-15").Expect(st).To(Equal(ndk.StatusSuccess), "NdkBind with NDK_OP_FLAG_ALLOW_REMOTE_READ only to a region registered with NDK_MR_FLAG_ALLOW_REMOTE_READ")
			k.sink.Store(0, make([]byte, size))
			st = complete(c.ActiveQP.InitiatorCQ, c.ActiveQP.Read("read through the window", mr.VA, token, 0, k.sink.SGE(0, size)))
			suite.Rule("MR-15").Expect(st).To(Equal(ndk.StatusSuccess), "the peer's NdkRead of the whole window under the token NdkGetRemoteTokenFromMw gave once NdkBind returned")
			suite.Rule("MR-15").Expect(k.sink.Bytes()[:size]).To(Equal(memPattern(size, 19)), "the peer's NdkRead through the window reads the region")
		})

		suite.It(suite.Rules{"MR-16"}, "a window's edges are exact: one byte at its first and at its last address succeeds; one byte before it and one byte past it, inside the region it is bound to, fail and move no data", func() {
			const size, off, n = 8192, 1000, 2048
			mr := k.B.region(size, memRemote, 23)
			mw := k.B.pd.CreateMW().MustObject()
			w := k.window(mw, []bindStep{{mr, off, n}}, 0, false)
			start := mr.VA + off
			k.expectAllowed("MR-16", "at the window's first byte", w, start, 1, bytesOf(mr), off)
			k.expectAllowed("MR-16", "at the window's last byte", w, start+n-1, 1, bytesOf(mr), off+n-1)
			k.expectAllowed("MR-16", "over the whole window", w, start, n, bytesOf(mr), off)
			k.expectDenied("MR-16", "at the region's byte just before the window", w, start-1, 1, bytesOf(mr))
			k.expectDenied("MR-16", "starting one byte before the window", w, start-1, 2, bytesOf(mr))
			k.expectDenied("MR-16", "at the region's byte just past the window", w, start+n, 1, bytesOf(mr))
			k.expectDenied("MR-16", "from the window's last byte to one byte past it", w, start+n-1, 2, bytesOf(mr))
		})

		suite.It(suite.Rules{"MR-16"}, "a window bound again to a second region reaches only the second: under its token (the one after the rebind, and the one before) the first region is out of reach, and the second is reached", func() {
			const size = 4096
			first := k.B.region(size, memRemote, 29)
			second := k.B.region(size, memRemote, 31)
			mw := k.B.pd.CreateMW().MustObject()
			k.expectAllowed("MR-16", "through the window bound to the first region", k.window(mw, []bindStep{{first, 0, size}}, 0, false), first.VA, size, bytesOf(first), 0)
			rebound := []bindStep{{first, 0, size}, {second, 0, size}}
			for i, which := range []string{"before", "after"} {
				k.expectDenied("MR-16", fmt.Sprintf("at the first region under the window's token from %s the rebind", which), k.window(mw, rebound, i, false), first.VA, size, bytesOf(first))
				k.expectDenied("MR-16", fmt.Sprintf("at the first byte of the first region under the window's token from %s the rebind", which), k.window(mw, rebound, i, false), first.VA, 1, bytesOf(first))
			}
			k.expectAllowed("MR-16", "at the second region through the rebound window", k.window(mw, rebound, 1, false), second.VA, size, bytesOf(second), 0)
		})

		suite.It(suite.Rules{"MR-16"}, "after NdkInvalidate of a bound window its token reaches nothing: the peer's NdkWrite and NdkRead under it fail and move no data", func() {
			const size = 4096
			mr := k.B.region(size, memRemote, 37)
			mw := k.B.pd.CreateMW().MustObject()
			bound := []bindStep{{mr, 0, size}}
			k.expectAllowed("MR-16", "through the bound window", k.window(mw, bound, 0, false), mr.VA, size, bytesOf(mr), 0)
			k.expectDenied("MR-16", "through the window after NdkInvalidate", k.window(mw, bound, 0, true), mr.VA, size, bytesOf(mr))
			k.expectDenied("MR-16", "at the first byte through the window after NdkInvalidate", k.window(mw, bound, 0, true), mr.VA, 1, bytesOf(mr))
		})
	})
})
