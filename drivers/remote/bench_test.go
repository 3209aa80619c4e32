package remote_test

import (
	"os"
	"testing"

	_ "github.com/ndkconform/ndkconform/drivers/remote"
	"github.com/ndkconform/ndkconform/perf"
)

// benchAgentEnv names the agent BenchmarkConnectCycleRemote runs against
// (HOST:PORT, e.g. of `ndkconform agent --driver sim --listen
// 127.0.0.1:0 --addr-file F`); benchTokenEnv, a file with its token.
const (
	benchAgentEnv = "NDKCONFORM_BENCH_AGENT"
	benchTokenEnv = "NDKCONFORM_BENCH_TOKEN_FILE"
)

// BenchmarkConnectCycleRemote is perf's connect cycle (connect, accept,
// disconnect, close; see BenchmarkConnectCycle in perf for the provider
// in process) through the remote driver and the agent at
// $NDKCONFORM_BENCH_AGENT, for IPv4 and IPv6. The import rules keep an
// agent out of this package's tests, so the agent is a process of its
// own; without the variable the benchmark skips.
func BenchmarkConnectCycleRemote(b *testing.B) {
	addr := os.Getenv(benchAgentEnv)
	if addr == "" {
		b.Skipf("%s is not set: no agent to run against", benchAgentEnv)
	}
	p, err := perf.OpenProvider("remote", map[string]string{"side-a": addr, "token-file": os.Getenv(benchTokenEnv)})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	a, bSide := p.Sides()
	perf.BenchmarkSides(b, p, a, bSide)
}
