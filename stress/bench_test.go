//go:build unix

package stress

import (
	"fmt"
	"syscall"
	"testing"
	"time"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkStress runs b.N steps in each of W workers against sim and
// reports the process's CPU time per work request completed (cpu-ns/wr:
// the harness and sim together; a CPU profile splits them, see the
// package's note in the README) and the wall time per work request.
func BenchmarkStress(b *testing.B) {
	for _, workers := range []int{1, 4} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			p := openSim(b, map[string]string{"link-rate": "0"})
			cpu0, t0 := cpuTime(), time.Now()
			res, err := Run(Config{Provider: p, Workers: workers, Only: -1, Seed: 1, Ops: max(b.N, 50)})
			if err != nil {
				b.Fatal(err)
			}
			cpu, wall := cpuTime()-cpu0, time.Since(t0)
			if !res.Passed() {
				b.Fatal(res.Failures[0])
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(res.Ops), "cpu-ns/wr")
			b.ReportMetric(float64(wall.Nanoseconds())/float64(res.Ops), "wall-ns/wr")
			b.ReportMetric(float64(res.Bytes)/float64(res.Ops), "bytes/wr")
			b.ReportMetric(float64(res.Ops)/wall.Seconds(), "wr/s")
			b.ReportMetric(float64(res.Connections)/wall.Seconds(), "conn/s")
		})
	}
}
