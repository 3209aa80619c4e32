//go:build rxe && cgo

package rxe

import "testing"

// rdma_rxe's own limits (2^20 work requests and CQEs) are declared no
// higher than maxDeclaredDepth; smaller ones as they are.
func TestAdapterInfoBoundsDepths(t *testing.T) {
	info := adapterInfo(devAttr{maxQPWR: 1 << 20, maxCQE: 1<<20 - 1, maxSRQWR: 1 << 20, maxSGE: 32})
	for name, got := range map[string]uint32{"MaxReceiveQueueDepth": info.MaxReceiveQueueDepth, "MaxInitiatorQueueDepth": info.MaxInitiatorQueueDepth,
		"MaxSRQDepth": info.MaxSRQDepth, "MaxCQDepth": info.MaxCQDepth} {
		if got != maxDeclaredDepth {
			t.Errorf("%s = %d, want %d", name, got, maxDeclaredDepth)
		}
	}
	small := adapterInfo(devAttr{maxQPWR: 4096, maxCQE: 1000, maxSRQWR: 0})
	if small.MaxReceiveQueueDepth != 4096 || small.MaxCQDepth != 1000 || small.MaxSRQDepth != 0 {
		t.Errorf("small limits changed: %d %d %d", small.MaxReceiveQueueDepth, small.MaxCQDepth, small.MaxSRQDepth)
	}
}
