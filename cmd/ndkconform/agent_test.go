package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startAgent starts `ndkconform agent` serving sim with opts on a free
// loopback port and returns its address and token file.
func startAgent(t *testing.T, opts ...string) (addr, tokenFile string, b *background) {
	t.Helper()
	dir := t.TempDir()
	tokenFile = filepath.Join(dir, "token")
	if err := os.WriteFile(tokenFile, []byte("s3cret-"+t.Name()+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	addrFile := filepath.Join(dir, "addr")
	args := []string{"agent", "--driver", "sim", "--listen", "127.0.0.1:0", "--addr-file", addrFile, "--token-file", tokenFile}
	for _, o := range opts {
		args = append(args, "--driver-opt", o)
	}
	b = startBackground(t, nil, args...)
	waitFor(t, "the agent's address file", 30*time.Second, func() bool {
		data, err := os.ReadFile(addrFile)
		if err == nil && strings.HasSuffix(string(data), "\n") {
			addr = strings.TrimSpace(string(data))
			return true
		}
		select {
		case <-b.done:
			t.Fatalf("the agent ended: %v\nstdout:\n%s\nstderr:\n%s", b.err, b.stdout.String(), b.stderr.String())
		default:
		}
		return false
	})
	return addr, tokenFile, b
}

func TestAgentUsage(t *testing.T) {
	dir := t.TempDir()
	token := filepath.Join(dir, "token")
	os.WriteFile(token, []byte("t\n"), 0o600)
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, nil, 0o600)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"agent", "--token-file", token}, "--driver is required"},
		{[]string{"agent", "--driver", "nosuch", "--token-file", token}, "unknown driver"},
		{[]string{"agent", "--driver", "remote", "--token-file", token}, "not another agent's"},
		{[]string{"agent", "--driver", "sim"}, "--token-file is required"},
		{[]string{"agent", "--driver", "sim", "--token-file", empty}, "is empty"},
		{[]string{"agent", "--driver", "sim", "--token-file", filepath.Join(dir, "missing")}, "--token-file"},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--driver-opt", "nosuch=1"}, "unknown option nosuch"},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--driver-opt", "completion=sometimes"}, "completion"},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--listen", "0.0.0.0:0"}, "not a loopback address"},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--listen", "nonsense"}, "--listen"},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--tls-cert", token}, "go together"},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--tls-cert", token, "--tls-key", token}, "--tls-cert/--tls-key"},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "extra"}, "unexpected argument"},
	} {
		r := ndkconform(t, c.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
	if r := ndkconform(t, "agent", "--help"); r.code != 0 || !strings.Contains(r.stdout, "--token-file") {
		t.Errorf("agent --help: exit %d\n%s", r.code, r.stdout)
	}
}

// An agent refuses a harness without its token: the run ends before any
// spec, saying why.
func TestAgentRefusesWrongToken(t *testing.T) {
	addr, _, agent := startAgent(t)
	wrong := filepath.Join(t.TempDir(), "wrong")
	os.WriteFile(wrong, []byte("not the token\n"), 0o600)
	for _, tf := range []string{wrong, ""} {
		args := []string{"run", "--driver", "remote", "--driver-opt", "side-a=" + addr, "--label-filter", "LC-14"}
		if tf != "" {
			args = append(args, "--driver-opt", "token-file="+tf)
		}
		r := ndkconform(t, args...)
		if r.code == 0 || !strings.Contains(strings.ToLower(r.stderr), "token") {
			t.Errorf("token file %q: exit %d; want a failure that names the token\nstdout:\n%s\nstderr:\n%s", tf, r.code, r.stdout, r.stderr)
		}
	}
	// and it is still there for the right harness
	select {
	case <-agent.done:
		t.Fatalf("the agent ended: %v\n%s", agent.err, agent.stderr.String())
	default:
	}
}

var lostLine = regexp.MustCompile(`(?m)the provider was lost: agent 127\.0\.0\.1:\d+ .*lost`)

// Killing the agent in the middle of a run fails the spec that was running
// with the loss, reports the specs after it not run, and ends the run with
// exit 1 and a line that says so.
func TestAgentKilledMidRun(t *testing.T) {
	addr, token, agent := startAgent(t, "completion=deferred")
	out := filepath.Join(t.TempDir(), "run.json")
	run := startBackground(t, nil, "run", "-v", "--driver", "remote", "--driver-opt", "side-a="+addr, "--driver-opt", "token-file="+token,
		"--label-filter", "lifetime && !model", "--json-report", out)
	waitFor(t, "the third spec through the agent to start", time.Minute, func() bool {
		return strings.Count(run.stdout.String(), "\nRUN ") >= 3
	})
	if err := agent.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	r := run.wait(t)
	if r.code != exitFail {
		t.Errorf("exit %d, want 1", r.code)
	}
	if !lostLine.MatchString(r.stdout + r.stderr) {
		t.Errorf("no line says the agent was lost\nstdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	}
	rep := readJSONReport(t, out)
	lostSpecs, notRun := 0, 0
	for _, s := range rep.Specs {
		switch {
		case strings.Contains(s.Failure, "the provider was lost"):
			if s.State == "not run" {
				notRun++
			} else {
				lostSpecs++
			}
		}
	}
	if lostSpecs < 1 || notRun < 1 {
		t.Errorf("%d specs failed with the loss, %d not run after it; want at least one of each\n%s", lostSpecs, notRun, r.stdout)
	}
	if len(rep.SuiteFailures) == 0 || !strings.Contains(strings.Join(rep.SuiteFailures, "\n"), "lost") {
		t.Errorf("suite failures %q do not name the loss", rep.SuiteFailures)
	}
}
