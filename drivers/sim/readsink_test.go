package sim

import (
	"testing"

	"github.com/ndkconform/ndkconform/ndk"
)

// TestReadSinkNotRequired: option read-sink-not-required sets
// NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED, and an NdkRead into memory
// registered with local write only then succeeds (MR-8); without it, it
// fails with STATUS_ACCESS_VIOLATION (MR-7).
func TestReadSinkNotRequired(t *testing.T) {
	for _, c := range []struct {
		on   string
		want ndk.Status
	}{{ReadSinkOn, ndk.StatusSuccess}, {ReadSinkOff, ndk.StatusAccessViolation}} {
		t.Run(c.on, func(t *testing.T) {
			e := openEnv(t, map[string]string{OptReadSink: c.on})
			p := newPair(t, e)
			info, _ := p.A.ad.QueryAdapterInfo()
			if got := info.AdapterFlags&ndk.AdapterFlagRDMAReadSinkNotRequired != 0; got != (c.on == ReadSinkOn) {
				t.Errorf("read-sink-not-required=%s: the flag is set: %t", c.on, got)
			}
			src := []byte("read me")
			dst := make([]byte, len(src))
			mb := regMR(t, p.B.pd, src, 0x40000, ndk.MRFlagAllowRemoteRead)
			ma := regMR(t, p.A.pd, dst, 0x8000, ndk.MRFlagAllowLocalWrite) // no READ_SINK
			expect(t, "Read", p.c.qa.Read("r", []ndk.SGE{sge(0x8000, uint32(len(dst)), ma.LocalToken())}, 0x40000, mb.RemoteToken(), 0), ndk.StatusSuccess)
			check(t, "read into memory without READ_SINK", poll1(t, p.A.cq), c.want, ndk.OpRead, "qa", "r")
			if c.want == ndk.StatusSuccess && string(dst) != string(src) {
				t.Errorf("read %q", dst)
			}
			p.close(t, ma, mb)
		})
	}
}
