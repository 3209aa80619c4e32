package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

// A short stress against sim passes, prints its rates and writes them as
// JSON.
func TestStressPasses(t *testing.T) {
	out := filepath.Join(t.TempDir(), "stress.json")
	r := ndkconform(t, "stress", "--driver", "sim", "--driver-opt", "completion=random", "--ops", "150", "--workers", "3", "--json", out)
	if r.code != exitPass || !strings.Contains(r.stdout, "PASS: no violation") || !strings.Contains(r.stdout, "connections") {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		Passed       bool              `json:"passed"`
		Driver       string            `json:"driver"`
		Options      map[string]string `json:"driver_options"`
		OpsPerWorker int               `json:"ops_per_worker"`
		Connections  uint64            `json:"connections"`
		OpsPerSec    float64           `json:"operations_per_s"`
		Steps        []int             `json:"steps"`
		Failures     []any             `json:"failures"`
		OpLatency    struct {
			P99 int64 `json:"p99_ns"`
		} `json:"op_latency"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		t.Fatal(err)
	}
	if !j.Passed || j.Driver != "sim" || j.Options["completion"] != "random" || j.OpsPerWorker != 150 || j.Connections == 0 || j.OpsPerSec <= 0 ||
		len(j.Steps) != 3 || j.Failures == nil || len(j.Failures) != 0 || j.OpLatency.P99 <= 0 {
		t.Errorf("JSON:\n%s", b)
	}
}

// A failure names its rule, exits 1 and prints the command that replays
// the worker alone; the replay finds it again at the same step.
func TestStressFailureReplays(t *testing.T) {
	r := ndkconform(t, "stress", "--driver", "sim", "--driver-opt", "variant=bytes-transferred-wrong", "--ops", "200", "--workers", "3", "--seed", "5")
	found := regexp.MustCompile(`QP-13: Ndk(Srq)?Receive on w(\d+)\.`)
	if r.code != exitFail || !strings.Contains(r.stdout, "FAIL: ") || !found.MatchString(r.stdout) {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	m := regexp.MustCompile(`replay this worker alone: ndkconform (stress --driver sim --driver-opt variant=bytes-transferred-wrong --seed 5 --workers 1 --worker (\d+) --ops (\d+) --timeout 10s)\n`).FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("no replay command:\n%s", r.stdout)
	}
	step := regexp.MustCompile(`seed 5, worker \d+, step \d+`).FindString(r.stdout)
	again := ndkconform(t, strings.Fields(m[1])...)
	if g := found.FindStringSubmatch(again.stdout); again.code != exitFail || g == nil || g[2] != m[2] || !strings.Contains(again.stdout, step) {
		t.Errorf("the replay (%s) did not find it again at %q: exit %d\n%s", m[1], step, again.code, again.stdout)
	}
}

// A short stress through an agent serving sim (the remote driver: every
// buffer mirrored around each check, ndk.MemoryMirror) passes, and a
// broken provider behind the agent (wrong BytesTransferred) is caught
// through it, with its rule.
func TestStressThroughAgent(t *testing.T) {
	skipIfShort(t)
	addr, token, _ := startAgent(t, "completion=deferred")
	r := ndkconform(t, "stress", "--driver", "remote", "--driver-opt", "side-a="+addr, "--driver-opt", "token-file="+token,
		"--ops", "20", "--workers", "2")
	if r.code != exitPass || !strings.Contains(r.stdout, "PASS: no violation") || !strings.Contains(r.stdout, "connections") {
		t.Fatalf("through the agent: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	addr, token, _ = startAgent(t, "completion=deferred", "variant=bytes-transferred-wrong")
	r = ndkconform(t, "stress", "--driver", "remote", "--driver-opt", "side-a="+addr, "--driver-opt", "token-file="+token,
		"--ops", "40", "--workers", "2", "--seed", "5")
	if r.code != exitFail || !regexp.MustCompile(`QP-13: Ndk(Srq)?Receive on w\d+\.`).MatchString(r.stdout) {
		t.Errorf("a broken provider through the agent: exit %d, want %d and QP-13\n%s%s", r.code, exitFail, r.stdout, r.stderr)
	}
}

// A SIGINT ends a stress run early, not the process: the workers stop
// after their step, the result of the steps run is printed and written,
// marked interrupted, and the exit status is 130, within seconds of the
// signal, not at the end of the minute asked for.
func TestStressInterrupted(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	out := filepath.Join(t.TempDir(), "stress.json")
	b := startBackground(t, nil, "stress", "--driver", "sim", "--duration", "1m", "--workers", "3", "--json", out)
	b.waitFor(t, "the stress run's first line", time.Minute, func() bool { return strings.Contains(b.stdout.String(), "seed 1, 1m0s") })
	time.Sleep(500 * time.Millisecond) // some steps run
	sent := time.Now()
	if err := b.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	r := b.wait(t)
	if took := time.Since(sent); r.code != 130 || took > 30*time.Second {
		t.Fatalf("exit %d %v after SIGINT, want 130 within 30s\nstdout:\n%s\nstderr:\n%s", r.code, took, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "INTERRUPTED by SIGINT after") || !strings.Contains(r.stdout, "operations") || !strings.Contains(r.stderr, "the workers stop after their step") {
		t.Errorf("no result or no interruption said:\nstdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("no JSON result of the interrupted run: %v", err)
	}
	var j struct {
		Interrupted bool   `json:"interrupted"`
		Signal      string `json:"signal"`
		Connections uint64 `json:"connections"`
		Elapsed     int64  `json:"elapsed_ns"`
	}
	if err := json.Unmarshal(data, &j); err != nil {
		t.Fatal(err)
	}
	if !j.Interrupted || j.Signal != "SIGINT" || j.Connections == 0 || time.Duration(j.Elapsed) >= 30*time.Second {
		t.Errorf("the JSON result: %+v; want interrupted by SIGINT, some connections, well under the minute", j)
	}
}
