package suite

import (
	"net/netip"
	"sync/atomic"

	"github.com/onsi/ginkgo/v2/types"
)

type netipAddr = netip.Addr

// helperMark marks one function of the suite as a Ginkgo helper (what
// GinkgoHelper does), so that a failure is reported at the spec's line:
// once per process, as Ginkgo keeps the mark by function name, because
// marking walks the stack, which the calls the harness makes by the
// hundred thousand (ephemeral port exhaustion, CR-11) cannot afford each
// time. Each function has its own helperMark, called first thing. The
// generic methods of CreateOp have one for all their instantiations: every
// T is a pointer, which Go instantiates as one function.
type helperMark struct{ done atomic.Bool }

func (m *helperMark) mark() {
	if !m.done.Load() {
		types.MarkAsHelper(1) // the caller of mark
		m.done.Store(true)
	}
}
