package suite

import (
	"fmt"

	"github.com/ndkconform/ndkconform/ndk"
)

var helperPairFailCQ helperMark

// FailCQ makes the provider fail c as hardware would, a fatal error of the
// CQ, through its ndk.CQFaultInjector (CQ-5); a provider without one makes
// the spec skip as not verified: no consumer call provokes the error.
func (p *Pair) FailCQ(c *CQ) {
	helperPairFailCQ.mark()
	fi, ok := p.run.provider.(ndk.CQFaultInjector)
	if !ok {
		NotVerified("the provider cannot inject a CQ fault (it does not implement ndk.CQFaultInjector), and no consumer call provokes STATUS_INTERNAL_ERROR")
	}
	var err error
	if !returnsWithin(p.rec.timeout, func() { err = fi.FailCQ(c.CQ) }) {
		p.mu.Lock()
		p.faultStuck = true
		p.mu.Unlock()
		AbortStuck(fmt.Sprintf("its CQ fault injection (FailCQ) did not return within %v", p.rec.timeout), "")
	}
	if err != nil {
		Violate(c.obj.violation("", "FailCQ", "the CQ fault injected", "harness: "+err.Error()))
	}
}
