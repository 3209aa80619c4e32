package suite

import (
	"time"

	"github.com/ndkconform/ndkconform/ndk"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// Settle is how long a spec watches for something that must not happen (a
// close completing early, a callback after a close): a twentieth of the
// deadline, at most 100ms.
func (p *Pair) Settle() time.Duration {
	if d := p.Timeout() / 20; d < 100*time.Millisecond {
		return d
	}
	return 100 * time.Millisecond
}

// ExpectStillPending checks that op has not completed, and stays so for
// Settle.
func (p *Pair) ExpectStillPending(op *Op, rule, why string) {
	GinkgoHelper()
	Consistently(op.IsDone).WithTimeout(p.Settle()).WithPolling(5*time.Millisecond).Should(BeFalse(),
		"%s: %s completed while %s", rule, op, why)
}

// ExpectCompletes checks that op completes with STATUS_SUCCESS within the
// deadline.
func (p *Pair) ExpectCompletes(op *Op, rule, why string) {
	GinkgoHelper()
	st, ok := op.WaitFor(p.Timeout())
	Expect(ok).To(BeTrue(), "%s: %s did not complete within %v after %s", rule, op, p.Timeout(), why)
	Expect(st).To(Equal(ndk.StatusSuccess), "%s: %s", rule, op)
}
