package main

import (
	"context"
	"crypto/x509"
	"maps"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/internal/testpki"
	"github.com/ndkconform/ndkconform/outcome"
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
	addr, b = startAgentWith(t, []string{"--token-file", tokenFile}, opts...)
	return addr, tokenFile, b
}

// startAgentWith starts `ndkconform agent` serving sim with flags and
// driver options opts on a free loopback port and returns its address.
func startAgentWith(t *testing.T, flags []string, opts ...string) (addr string, b *background) {
	t.Helper()
	addrFile := filepath.Join(t.TempDir(), "addr")
	args := append([]string{"agent", "--driver", "sim", "--listen", "127.0.0.1:0", "--addr-file", addrFile}, flags...)
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
	return addr, b
}

func TestAgentUsage(t *testing.T) {
	dir := t.TempDir()
	token := filepath.Join(dir, "token")
	os.WriteFile(token, []byte("a-token-of-24-bytes-here\n"), 0o600)
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, nil, 0o600)
	short := filepath.Join(dir, "short")
	os.WriteFile(short, []byte("fifteen-bytes-.\n"), 0o600)
	readable := filepath.Join(dir, "readable")
	os.WriteFile(readable, []byte("a-token-of-24-bytes-here\n"), 0o600)
	if err := os.Chmod(readable, 0o644); err != nil {
		t.Fatal(err)
	}
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
		{[]string{"agent", "--driver", "sim", "--token-file", short}, "a token of 15 bytes is too easily guessed; use 16 at least"},
		{[]string{"agent", "--driver", "sim", "--token-file", readable}, "can be read or written by others (mode 0644): chmod 600 " + readable},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--session-opts", "completion,nosuch"}, "--session-opts completion,nosuch: driver sim has no option nosuch"},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--max-session-memory", "lots"}, `invalid --max-session-memory "lots": want a positive size such as 4GiB`},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--max-session-memory", "0"}, "want a positive size"},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--callback-timeout", "0s"}, "must be positive"},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--keepalive", "soon"}, "--keepalive"},
		{[]string{"agent", "--driver", "sim", "--token-file", token, "--windows-service", "ndkconform-agent"}, "--windows-service: there is no service manager here"},
	} {
		r := ndkconform(t, c.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
	r := ndkconform(t, "agent", "--help")
	for _, f := range []string{"--token-file", "--session-opts", "--max-session-memory", "--callback-timeout", "--keepalive", "--windows-service"} {
		if r.code != 0 || !strings.Contains(r.stdout, f) {
			t.Errorf("agent --help: exit %d, %s not listed\n%s", r.code, f, r.stdout)
		}
	}
}

// An agent refuses a harness without its token: the run ends before any
// spec, with one line that names the token file (the option to fix); the
// agent logs the refusals once (one line a minute) and goes on.
func TestAgentRefusesWrongToken(t *testing.T) {
	addr, _, agent := startAgent(t)
	wrong := filepath.Join(t.TempDir(), "wrong")
	os.WriteFile(wrong, []byte("not the token\n"), 0o600)
	for _, c := range []struct{ file, want string }{
		{wrong, "the agent refused the token of token-file=" + wrong + ": it is not the agent's (its --token-file)"},
		{"", "it requires a token (set token-file"},
	} {
		args := []string{"run", "--driver", "remote", "--driver-opt", "side-a=" + addr, "--label-filter", "LC-14"}
		if c.file != "" {
			args = append(args, "--driver-opt", "token-file="+c.file)
		}
		r := ndkconform(t, args...)
		if r.code == 0 || !strings.Contains(firstLine(r.stderr), c.want) || strings.Contains(r.stderr, "rpc error") {
			t.Errorf("token file %q: exit %d; want a failure whose first line says %q\nstdout:\n%s\nstderr:\n%s", c.file, r.code, c.want, r.stdout, r.stderr)
		}
	}
	// and it is still there for the right harness
	select {
	case <-agent.done:
		t.Fatalf("the agent ended: %v\n%s", agent.err, agent.stderr.String())
	default:
	}
	if n := strings.Count(agent.stderr.String(), " refused: bad token"); n != 1 {
		t.Errorf("%d lines log the refused tokens, want 1 (once a minute)\n%s", n, agent.stderr.String())
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// silentSessions opens n Session RPCs to the agent at addr that send
// nothing, held open until the test ends.
func silentSessions(t *testing.T, addr string, n int) {
	t.Helper()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	for range n {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		if _, err := agentv1.NewAgentClient(conn).Session(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

// Clients that connect and say nothing, as many as the agent has session
// slots (16 for sim), keep no harness out: a session takes a slot once it
// is authenticated.
func TestAgentSilentClientsHoldNoSlot(t *testing.T) {
	addr, token, _ := startAgent(t)
	silentSessions(t, addr, 16)
	r := ndkconform(t, "run", "-v", "--driver", "remote", "--driver-opt", "side-a="+addr, "--driver-opt", "token-file="+token, "--label-filter", "LC-14 && !model")
	if r.code != 0 || !strings.HasSuffix(lastLine(r.stdout), "0 failed") {
		t.Errorf("exit %d with 16 silent clients connected\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// A session may set only the driver options the agent's --session-opts
// names (none by default), any other only to the agent's own value: the
// harness's agent-opts are refused in one line naming --session-opts.
func TestAgentSessionOptions(t *testing.T) {
	run := func(addr, token string, agentOpts string) result {
		return ndkconform(t, "run", "--driver", "remote", "--driver-opt", "side-a="+addr, "--driver-opt", "token-file="+token,
			"--driver-opt", "agent-opts="+agentOpts, "--label-filter", "LC-14 && !model")
	}
	addr, token, agentProc := startAgent(t, "completion=deferred")
	if r := run(addr, token, "completion=inline"); r.code != exitUsage ||
		!strings.Contains(firstLine(r.stderr), "the agent refused the session's driver options (agent-opts): driver sim: this agent does not let a session set completion=inline (the options a session may set, its --session-opts: none") {
		t.Errorf("agent-opts completion=inline to a default agent: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := run(addr, token, "completion=deferred"); r.code != 0 {
		t.Errorf("agent-opts restating the agent's completion=deferred: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// The harness names itself in its Hello (the run's child processes
	// too), and the agent logs it with each session.
	if log := agentProc.stdout.String() + agentProc.stderr.String(); !strings.Contains(log, "started (harness ndkconform ") {
		t.Errorf("the agent's log names no harness version for its sessions:\n%s", log)
	}
	tokenFile := filepath.Join(t.TempDir(), "token")
	os.WriteFile(tokenFile, []byte("a-token-of-24-bytes-here\n"), 0o600)
	addr, _ = startAgentWith(t, []string{"--token-file", tokenFile, "--session-opts", "completion"})
	if r := run(addr, tokenFile, "completion=inline"); r.code != 0 {
		t.Errorf("agent-opts completion=inline to an agent with --session-opts completion: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// Mutual TLS end to end: an agent that requires a client certificate of
// its --tls-client-ca (and no token) serves a harness that presents one
// (tls-cert, tls-key); a harness without one is refused in one line that
// names them.
func TestAgentMutualTLS(t *testing.T) {
	serverCA, clientCA := testpki.NewIssuer(t, "server CA"), testpki.NewIssuer(t, "client CA")
	serverCert, serverKey := serverCA.Issue(t, x509.ExtKeyUsageServerAuth)
	clientCert, clientKey := clientCA.Issue(t, x509.ExtKeyUsageClientAuth)
	addr, _ := startAgentWith(t, []string{"--tls-cert", serverCert, "--tls-key", serverKey, "--tls-client-ca", clientCA.File})
	args := []string{"run", "--driver", "remote", "--driver-opt", "side-a=" + addr, "--driver-opt", "tls-ca=" + serverCA.File, "--label-filter", "LC-14 && !model"}
	if r := ndkconform(t, append(args, "--driver-opt", "tls-cert="+clientCert, "--driver-opt", "tls-key="+clientKey)...); r.code != 0 {
		t.Errorf("mutual TLS: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r := ndkconform(t, args...)
	if want := "the agent requires a client certificate (its --tls-client-ca): set tls-cert and tls-key"; r.code == 0 || !strings.Contains(firstLine(r.stderr), want) {
		t.Errorf("no client certificate: exit %d; want a first line with %q\n%s%s", r.code, want, r.stdout, r.stderr)
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
	if r.code != exitError {
		t.Errorf("exit %d, want %d (a lab fault, not the provider's)\nstdout:\n%s\nstderr:\n%s", r.code, exitError, r.stdout, r.stderr)
	}
	if !lostLine.MatchString(r.stdout + r.stderr) {
		t.Errorf("no line says the agent was lost\nstdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	}
	rep := readJSONReport(t, out)
	lostSpecs, notRun := 0, 0
	for _, s := range rep.Specs {
		switch {
		case s.State == outcome.Failed:
			t.Errorf("%s failed: %s (a lost agent is no failure of the provider)", s.Name, s.Line())
		case !strings.Contains(s.Note, "the provider was lost"):
		case s.State == outcome.NotRun:
			notRun++
		case s.State == outcome.Interrupted:
			lostSpecs++
		}
	}
	if lostSpecs < 1 || notRun < 1 {
		t.Errorf("%d specs interrupted by the loss, %d not run after it; want at least one of each\n%s", lostSpecs, notRun, r.stdout)
	}
	if rep.Verdict != outcome.VerdictError || !strings.Contains(strings.Join(rep.Faults, "\n"), "lost") {
		t.Errorf("verdict %s, faults %q: want error, naming the loss", rep.Verdict, rep.Faults)
	}
}

// An agent stopped (SIGSTOP) in the middle of a run, for longer than the
// harness's --timeout (here: until the run ends) but less than the remote
// driver's call-timeout, is reported lost after liveness-timeout: the
// running spec is interrupted by the loss, no spec fails ("did not
// return" would charge the provider), and the run exits 1 saying so.
func TestAgentStoppedMidRun(t *testing.T) {
	addr, token, agent := startAgent(t, "completion=deferred")
	out := filepath.Join(t.TempDir(), "run.json")
	run := startBackground(t, nil, "run", "-v", "--driver", "remote", "--driver-opt", "side-a="+addr, "--driver-opt", "token-file="+token,
		"--driver-opt", "call-timeout=5m", "--timeout", "10s", "--label-filter", "lifetime && !model", "--json-report", out)
	waitFor(t, "the third spec through the agent to start", time.Minute, func() bool {
		return strings.Count(run.stdout.String(), "\nRUN ") >= 3
	})
	if err := agent.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer agent.cmd.Process.Signal(syscall.SIGCONT)
	r := run.wait(t)
	if r.code != exitError {
		t.Errorf("exit %d, want %d (a lab fault, not the provider's)\nstdout:\n%s\nstderr:\n%s", r.code, exitError, r.stdout, r.stderr)
	}
	if !lostLine.MatchString(r.stdout+r.stderr) || !strings.Contains(r.stdout+r.stderr, "(liveness-timeout): the agent is stopped, hung or cut off") {
		t.Errorf("no line says the agent was lost to its liveness probes\nstdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	}
	rep := readJSONReport(t, out)
	for _, s := range rep.Specs {
		if s.State == outcome.Failed {
			t.Errorf("%s failed: %s (a stopped agent is no failure of the provider)", s.Name, s.Line())
		}
	}
	if rep.Verdict != outcome.VerdictError {
		t.Errorf("verdict %s, want error", rep.Verdict)
	}
}

// remoteModelSequences is the model specs' budget in the runs that compare
// the agent with the provider in process: the same in both runs, so the
// same random sequences; smaller than the default, since through the agent
// every call is a round trip.
const remoteModelSequences = "8"

// throughAgentOnly are the specs allowed to differ through an agent, and
// only as: passed (or skipped) in process, skipped as not observable
// through the agent. LT-23's observation needs NdkRegisterMr still pending
// when the harness issues the MR's close; sim's deferred completion comes
// microseconds after the call returns, less than one round trip to the
// agent, so the harness never sees it pending there (with sim's
// completion-delay it does: TestRemoteSeesPendingRegistration). The SRQ
// and CQ faults of SQ-6's and CQ-5's specs travel (FailSrq, FailCq): their
// verdicts must match.
var throughAgentOnly = map[string]string{
	"closing an MR whose NdkRegisterMr is pending completes the registration before the close": "NdkRegisterMr was to be still pending",
}

// The whole suite against sim through one agent in another process gives
// the verdicts of the same suite against sim in process, spec by spec and
// rule by rule, in every completion personality.
func TestRemoteMatchesInProcess(t *testing.T) {
	skipIfShort(t)
	for _, mode := range []string{"inline", "deferred", "reentrant", "random"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			local, remote := filepath.Join(dir, "local.json"), filepath.Join(dir, "remote.json")
			// Four personalities, each a run in process and one through an
			// agent, run at once on a CI machine of 2 cores among the other
			// packages' tests: a call on a 64 MiB region (DS-4's) took over
			// the default 10s to return there (page faults, starved
			// processes), and sim's own 300ms handshake time-outs lapsed
			// for connects that were answered. The verdicts compared do not
			// depend on these bounds.
			budget := []string{"--model-sequences", remoteModelSequences, "--timeout", "30s"}
			simOpts := []string{"completion=" + mode, "connect-timeout=3s", "disconnect-timeout=3s"}
			args := []string{"run", "--json-report", local}
			for _, o := range simOpts {
				args = append(args, "--driver-opt", o)
			}
			r := ndkconform(t, append(args, budget...)...)
			if r.code != 0 {
				t.Fatalf("in process: exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			addr, token, _ := startAgent(t, simOpts...)
			r = ndkconform(t, append([]string{"run", "--driver", "remote", "--driver-opt", "side-a=" + addr, "--driver-opt", "token-file=" + token,
				"--json-report", remote}, budget...)...)
			if r.code != 0 {
				t.Errorf("through the agent: exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			a, b := readJSONReport(t, local), readJSONReport(t, remote)
			if len(a.Specs) != len(b.Specs) {
				t.Fatalf("%d specs in process, %d through the agent", len(a.Specs), len(b.Specs))
			}
			for i := range a.Specs {
				x, y := a.Specs[i], b.Specs[i]
				if x.Name != y.Name {
					t.Fatalf("spec %d: %q in process, %q through the agent", i, x.Name, y.Name)
				}
				if x.State == y.State {
					continue
				}
				if why, ok := agentOnly(x.Name); ok && y.State == outcome.Skipped && strings.Contains(y.Text(), why) {
					t.Logf("%s: %s in process, not observable through the agent (allowed): %s", x.Name, x.State, y.Text())
					continue
				}
				t.Errorf("%s: %s in process (%s), %s through the agent (%s)", x.Name, x.State, x.Line(), y.State, y.Line())
			}
			for i := range a.Rules {
				x, y := a.Rules[i], b.Rules[i]
				if x.Rule.ID != y.Rule.ID || (x.Verdict != y.Verdict && !allowedRule(x.Rule.ID, string(y.Verdict))) {
					t.Errorf("rule %s: %s in process, %s %s through the agent", x.Rule.ID, x.Verdict, y.Rule.ID, y.Verdict)
				}
			}
		})
	}
}

func agentOnly(name string) (string, bool) {
	for suffix, why := range throughAgentOnly {
		if strings.HasSuffix(name, suffix) {
			return why, true
		}
	}
	return "", false
}

// allowedRule: a rule whose only difference comes from the specs of
// throughAgentOnly (LT-23 and CR-9, which that spec alone may leave
// skipped).
func allowedRule(id, verdict string) bool {
	return (id == "LT-23" || id == "CR-9") && verdict != "failed"
}

// With a provider whose deferred completions come later than one round
// trip (sim's completion-delay), the harness sees NdkRegisterMr pending
// through the agent too, and LT-23's spec runs and passes there.
func TestRemoteSeesPendingRegistration(t *testing.T) {
	addr, token, _ := startAgent(t, "completion-delay=5ms")
	r := ndkconform(t, "run", "-v", "--driver", "remote", "--driver-opt", "side-a="+addr, "--driver-opt", "token-file="+token,
		"--focus", "closing an MR whose NdkRegisterMr is pending")
	if r.code != 0 || lastLine(r.stdout) != "1 passed, 0 failed" {
		t.Errorf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// An agent that is not there (nothing listens at side-a) is the lab's
// fault, not bad usage: one line naming the cause and the option, exit 3
// (as a lost agent), no usage hint.
func TestAgentNotThereIsTheLabs(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	r := ndkconform(t, "run", "--driver", "remote", "--driver-opt", "side-a="+addr, "--label-filter", "LC-14 && !model")
	want := "cannot connect to " + addr + ": connection refused"
	if r.code != exitError || !strings.Contains(firstLine(r.stderr), want) || strings.Contains(r.stderr, "for usage") || strings.Contains(r.stderr, "rpc error") {
		t.Errorf("exit %d, stderr %q; want exit %d and one line with %q", r.code, r.stderr, exitError, want)
	}
}

// Broken variants are caught through an agent as in process, rule by
// rule: a callback after its connector's close (late-callback) and a
// second completion of a flushed request (flush-completes-twice), which
// the remote driver once dropped (it forgot a callback's context at the
// close, a request's at its first Result), passing through the agent the
// specs they fail in process.
func TestRemoteCatchesLateAndSecondCallbacks(t *testing.T) {
	skipIfShort(t)
	for _, c := range []struct{ variant, labels string }{
		{"late-callback", "lifetime"},
		{"flush-completes-twice", "queues && !model"},
	} {
		t.Run(c.variant, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			local, remote := filepath.Join(dir, "local.json"), filepath.Join(dir, "remote.json")
			simOpts := []string{"completion=deferred", "variant=" + c.variant, "connect-timeout=3s", "disconnect-timeout=3s"}
			args := []string{"run", "--json-report", local, "--label-filter", c.labels, "--timeout", "30s"}
			for _, o := range simOpts {
				args = append(args, "--driver-opt", o)
			}
			ndkconform(t, args...) // fails: the variant is caught
			addr, token, _ := startAgent(t, simOpts...)
			ndkconform(t, "run", "--driver", "remote", "--driver-opt", "side-a="+addr, "--driver-opt", "token-file="+token,
				"--json-report", remote, "--label-filter", c.labels, "--timeout", "30s")
			a, b := readJSONReport(t, local), readJSONReport(t, remote)
			// The rules charged, over the specs: spec by spec a late
			// callback may land in one spec in process and in the next
			// through the agent (logged, not judged).
			inProcess, throughAgent := map[string]bool{}, map[string]bool{}
			for i := range a.Specs {
				x, y := a.Specs[i], b.Specs[i]
				if x.Name != y.Name {
					t.Fatalf("spec %d: %q in process, %q through the agent", i, x.Name, y.Name)
				}
				for _, id := range outcome.Charged(x) {
					inProcess[id] = true
				}
				for _, id := range outcome.Charged(y) {
					throughAgent[id] = true
				}
				if cx, cy := slices.Sorted(slices.Values(outcome.Charged(x))), slices.Sorted(slices.Values(outcome.Charged(y))); !slices.Equal(cx, cy) {
					t.Logf("%s: %s %v in process, %s %v through the agent", x.Name, x.State, cx, y.State, cy)
				}
			}
			if len(inProcess) == 0 {
				t.Fatalf("variant %s failed no spec against a rule in process", c.variant)
			}
			x, y := slices.Sorted(maps.Keys(inProcess)), slices.Sorted(maps.Keys(throughAgent))
			if !slices.Equal(x, y) {
				t.Errorf("variant %s: charged %v in process, %v through the agent", c.variant, x, y)
			}
		})
	}
}

// The components of a run are the agents that served it, each with the
// addresses it served: one agent serves both sides' four addresses; with
// two sim agents, the first owns every address of the run (each sim owns
// 192.0.2.1 and 192.0.2.2), so the second, named side-b, would serve
// nothing and be named in the certificate for a side it did not test:
// the run is refused (exit 2, one line naming side-b), before any spec.
func TestRemoteComponentsAreWhatServed(t *testing.T) {
	addr, token, _ := startAgent(t)
	report := filepath.Join(t.TempDir(), "r.json")
	r := ndkconform(t, "run", "--driver", "remote", "--driver-opt", "side-a="+addr, "--driver-opt", "token-file="+token,
		"--label-filter", "LC-14 && !model", "--json-report", report)
	if r.code != 0 {
		t.Fatalf("one agent: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	comps := readJSONReport(t, report).Components
	if len(comps) != 1 || comps[0].Role != "agent of sides A and B" || comps[0].Address != addr ||
		strings.Join(comps[0].Serves, " ") != "192.0.2.1 2001:db8::1 192.0.2.2 2001:db8::2" {
		t.Errorf("one agent: components %+v, want the agent of sides A and B at %s serving the four addresses", comps, addr)
	}
	if want := "served by agent of sides A and B at " + addr + " serving 192.0.2.1, 2001:db8::1, 192.0.2.2, 2001:db8::2: "; !strings.Contains(r.stdout, want) {
		t.Errorf("one agent: the header has no %q\n%s", want, r.stdout)
	}

	second, _ := startAgentWith(t, []string{"--token-file", token})
	r = ndkconform(t, "run", "--driver", "remote", "--driver-opt", "side-a="+addr, "--driver-opt", "side-b="+second,
		"--driver-opt", "token-file="+token, "--label-filter", "LC-14 && !model")
	want := "side-b=" + second + " serves none of the run's addresses: the agent of side-a=" + addr + " owns all of them"
	if r.code != exitUsage || !strings.Contains(firstLine(r.stderr), want) || strings.Contains(r.stdout, "passed") {
		t.Errorf("two sim agents: exit %d, stdout %q, stderr %q; want exit 2 and %q", r.code, r.stdout, r.stderr, want)
	}
}

// An agent says, once ready, the exact remote driver options that reach
// it; `ndkconform ping` with just those reaches it, authenticates, lists
// its adapters and capabilities and exits 0. A failure is one line and
// exit 3 (nothing listening: the lab's) or 2 (a wrong token: the
// configuration's, as for run); bad flags are usage (exit 2).
func TestAgentReadyLineAndPing(t *testing.T) {
	_, _, agent := startAgent(t)
	var line string
	waitFor(t, "the agent's ready line", 30*time.Second, func() bool {
		for _, l := range strings.Split(agent.stdout.String(), "\n") {
			if _, opts, ok := strings.Cut(l, "ndkconform agent: ready; a harness reaches it with: "); ok {
				line = opts
				return true
			}
		}
		return false
	})
	args := append([]string{"ping"}, strings.Fields(line)...)
	if !strings.HasPrefix(line, "--driver remote --driver-opt side-a=127.0.0.1:") || !strings.Contains(line, " --driver-opt token-file=/") {
		t.Fatalf("ready line's options %q: want the agent's address and its token file", line)
	}
	r := ndkconform(t, args...)
	for _, want := range []string{
		"driver remote opened: side A 192.0.2.1 2001:db8::1, side B 192.0.2.2 2001:db8::2\n",
		"(side-a): ", ", driver sim (",
		"  adapter 192.0.2.1 (its provider's side A): vendor 0x",
		"  adapter 2001:db8::2 (its provider's side B): vendor 0x",
		"  capabilities: fault injection, SRQ fault injection, CQ fault injection, 16 session(s) at once",
		"  in a run: agent of sides A and B, serving 192.0.2.1, 2001:db8::1, 192.0.2.2, 2001:db8::2\n",
		"1 of 1 agents reached and authenticated\n",
	} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Errorf("%q: exit %d, stdout lacks %q\n%s%s", args, r.code, want, r.stdout, r.stderr)
		}
	}

	wrong := filepath.Join(t.TempDir(), "wrong")
	if err := os.WriteFile(wrong, []byte("not-the-agents-token\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	nobody := l.Addr().String()
	l.Close()
	side := strings.TrimPrefix(strings.Fields(line)[3], "side-a=")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"ping", "--driver-opt", "side-a=" + side, "--driver-opt", "token-file=" + wrong}, exitUsage,
			"the agent refused the token of token-file=" + wrong + ": it is not the agent's (its --token-file)"},
		{[]string{"ping", "--driver-opt", "side-a=" + nobody}, exitError, "cannot connect to " + nobody + ": connection refused"},
		{[]string{"ping"}, exitUsage, "side-a: the agent's HOST:PORT is required"},
		{[]string{"ping", "--nosuch"}, exitUsage, "unknown flag --nosuch"},
	} {
		r := ndkconform(t, c.args...)
		lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
		hint := c.code == exitUsage && !strings.Contains(c.want, "token")
		if r.code != c.code || !strings.Contains(lines[0], c.want) || (len(lines) > 1) != hint || strings.Contains(r.stderr, "rpc error") {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and one line with %q", c.args, r.code, r.stderr, c.code, c.want)
		}
	}
}
