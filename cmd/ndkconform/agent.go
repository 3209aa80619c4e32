package main

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/drivers/remote"
	"github.com/ndkconform/ndkconform/ndk"
)

// defaultAgentListen is where an agent listens unless told otherwise:
// loopback, since an agent drives a kernel interface.
const defaultAgentListen = "127.0.0.1:" + remote.DefaultAgentPort

// minTokenBytes is the shortest token an agent takes.
const minTokenBytes = 16

// agentOptions are the agent command's flags.
type agentOptions struct {
	driver      string
	driverOpts  keyValues
	sessionOpts stringList
	listen      string
	tokenFile   string
	addrFile    string
	tlsCert     string
	tlsKey      string
	tlsClient   string
	plaintext   bool
	memory      byteSize
	callbacks   durationFlag
	keepalive   durationFlag
	service     string
}

func agentFlags() (*flag.FlagSet, *agentOptions) {
	o := &agentOptions{driverOpts: keyValues{}, memory: agent.DefaultMaxSessionBytes,
		callbacks: durationFlag(agent.DefaultCallbackTimeout), keepalive: durationFlag(agent.DefaultKeepalive)}
	fs := newFlagSet("agent")
	fs.StringVar(&o.driver, "driver", "", "the `NAME` of the driver to serve (see '"+tool+" drivers'; required)")
	fs.Var(o.driverOpts, "driver-opt", "a driver option `KEY=VALUE`, the value of every session (see --session-opts); repeat for more options")
	fs.Var(&o.sessionOpts, "session-opts", "the driver options a harness's session may set to other values (its agent-opts), `NAME[,NAME...]`; repeat for more; none by default: a session may only restate the agent's own values")
	fs.StringVar(&o.listen, "listen", defaultAgentListen, "the `HOST:PORT` to listen on (port 0: any free port; see --addr-file); anything but loopback needs --tls-cert and --tls-key, or --insecure-plaintext")
	fs.StringVar(&o.tokenFile, "token-file", "", "`FILE` holding the token a harness must present (trailing newline ignored; 16 bytes at least; readable by its owner only); required unless --tls-client-ca authenticates the harness")
	fs.StringVar(&o.addrFile, "addr-file", "", "write the address the agent listens on into `FILE` once it listens (for --listen HOST:0)")
	fs.StringVar(&o.tlsCert, "tls-cert", "", "serve TLS with the certificate in `FILE` (PEM), with --tls-key")
	fs.StringVar(&o.tlsKey, "tls-key", "", "the private key of --tls-cert, in `FILE` (PEM)")
	fs.StringVar(&o.tlsClient, "tls-client-ca", "", "require a client certificate signed by a CA in `FILE` (PEM): mutual TLS")
	fs.BoolVar(&o.plaintext, "insecure-plaintext", false, "allow --listen off loopback without TLS: the token then crosses the network in clear (a closed control network of a test lab only)")
	fs.Var(&o.memory, "max-session-memory", "the most memory one session may hold (`SIZE`: bytes, or with KiB, MiB, GiB): its buffers, LAMs, handles and calls; a call past it is refused")
	fs.Var(&o.callbacks, "callback-timeout", "end a session whose harness has not acked a callback within `DURATION` (the provider's thread waits that long at most)")
	fs.StringVar(&o.service, "windows-service", "", "run as the Windows service `NAME` (on its command line: sc create NAME binPath= \"...ndkconform.exe agent ... --windows-service NAME\"): the service manager's stop stops the agent, and its messages go to the Application event log under source NAME; Windows only")
	fs.Var(&o.keepalive, "keepalive", "ping a harness whose connection is silent for `DURATION`, and end its sessions if it does not answer within as long again")
	return fs, o
}

var agentFlagOrder = []string{"driver", "driver-opt", "session-opts", "listen", "token-file", "addr-file", "tls-cert", "tls-key", "tls-client-ca", "insecure-plaintext",
	"max-session-memory", "callback-timeout", "keepalive", "windows-service"}

func agentUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage:\n  %s agent --driver NAME [--driver-opt KEY=VALUE]... [--listen HOST:PORT] --token-file FILE [TLS flags]\n\n", tool)
	fmt.Fprintf(w, "Serves a driver's provider over the agent protocol (ndkconform.agent.v1, agent/v1/agent.proto)\n")
	fmt.Fprintf(w, "to a harness on another host: '%s run --driver remote --driver-opt side-a=HOST:PORT ...'.\n", tool)
	fmt.Fprintf(w, "One session at a time (sim: 16); each opens the provider anew and closes every object it left when it ends.\n")
	fmt.Fprintf(w, "A session must authenticate (its Hello, within 10s) before it takes a session slot; a host's failed\n")
	fmt.Fprintf(w, "authentications are rate-limited (%d, then one every %v) and logged once a minute.\n", agent.DefaultAuthBurst, agent.DefaultAuthEvery)
	fmt.Fprintf(w, "It runs until SIGINT or SIGTERM.\n\nFlags:\n")
	fs, _ := agentFlags()
	printFlags(w, fs, agentFlagOrder, nil)
}

// agentCmd is `ndkconform agent`.
func agentCmd(args []string, stdout, stderr io.Writer) int {
	fs, o := agentFlags()
	if err := parse(fs, args); err != nil {
		if err == errHelp {
			agentUsage(stdout)
			return exitPass
		}
		return usageError(stderr, "agent", err)
	}
	if o.service != "" {
		// Under the service control manager: its stop stops the agent,
		// and what the agent prints goes to the event log.
		return runService(o.service, stdout, stderr, o.serve)
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	stop := make(chan string, 1)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case sig := <-sigs:
			stop <- sig.String()
		case <-done:
		}
	}()
	return o.serve(stop, stdout, stderr)
}

// serve listens and serves until the server fails or stop gives a reason
// (a signal, the service manager's stop), then stops gracefully.
func (o *agentOptions) serve(stop <-chan string, stdout, stderr io.Writer) int {
	srv, lis, desc, err := o.prepare()
	if err != nil {
		return usageError(stderr, "agent", err)
	}
	addr := lis.Addr().String()
	if o.addrFile != "" {
		if err := os.WriteFile(o.addrFile, []byte(addr+"\n"), 0o644); err != nil {
			lis.Close()
			return usageError(stderr, "agent", fmt.Errorf("--addr-file: %v", err))
		}
	}
	fmt.Fprintf(stdout, "%s agent %s: serving driver %s on %s (%s)\n", tool, toolVersion(), o.driver, addr, desc)
	fmt.Fprintf(stdout, "%s agent: ready; a harness reaches it with: %s\n", tool, o.reachOptions(addr))

	served := make(chan error, 1)
	go func() { served <- srv.Serve(lis) }()
	select {
	case err := <-served:
		if err != nil {
			fmt.Fprintf(stderr, "%s agent: %v\n", tool, err)
			return exitFail
		}
		return exitPass
	case reason := <-stop:
		fmt.Fprintf(stdout, "%s agent: %v: stopping\n", tool, reason)
	}
	// The session in progress ends as a dropped stream does: its objects
	// are closed, then its provider.
	stopped := make(chan struct{})
	go func() { srv.GracefulStop(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(10 * time.Second):
		srv.Stop()
	}
	return exitPass
}

// reachOptions are the remote driver's options that reach the agent
// listening at addr: its address (this host's name when it listens on
// every address), the token file (its own: the harness's copy goes
// there) and, for TLS, the CA and client certificate files the harness
// must hold (CA.pem: the CA that signed --tls-cert; CLIENT.pem,
// CLIENT.key: a certificate of the CA of --tls-client-ca).
func (o *agentOptions) reachOptions(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err == nil && ip != nil && ip.IsUnspecified() {
		if h, err := os.Hostname(); err == nil && h != "" {
			host = h
		}
	}
	opts := []string{remote.OptSideA + "=" + net.JoinHostPort(host, port)}
	if o.tokenFile != "" {
		f := o.tokenFile
		if abs, err := filepath.Abs(f); err == nil {
			f = abs
		}
		opts = append(opts, remote.OptTokenFile+"="+f)
	}
	if o.tlsCert != "" {
		opts = append(opts, remote.OptTLSCA+"=CA.pem")
	}
	if o.tlsClient != "" {
		opts = append(opts, remote.OptTLSCert+"=CLIENT.pem", remote.OptTLSKey+"=CLIENT.key")
	}
	s := "--driver remote"
	for _, x := range opts {
		s += " --driver-opt " + x
	}
	return s
}

// prepare checks the flags, the driver and its options, and listens. desc
// says how the agent is secured, for its first line.
func (o *agentOptions) prepare() (*grpc.Server, net.Listener, string, error) {
	if o.driver == "" {
		return nil, nil, "", errors.New("--driver is required: the driver whose provider the agent serves")
	}
	if o.driver == "remote" {
		return nil, nil, "", errors.New("--driver remote: an agent serves a provider of this host, not another agent's")
	}
	d, err := ndk.Lookup(o.driver)
	if err != nil {
		return nil, nil, "", err
	}
	if err := d.Usable(); err != nil {
		return nil, nil, "", fmt.Errorf("driver %s is not usable here: %v", o.driver, err)
	}
	// Refused options are a usage error now, not at the first session.
	if _, err := ndk.ParseOptions(d, o.driverOpts); err != nil {
		return nil, nil, "", fmt.Errorf("driver %s: %v", o.driver, err)
	}
	sessionOpts, err := o.sessionOptions(d)
	if err != nil {
		return nil, nil, "", err
	}
	var token string
	if o.tokenFile != "" {
		if token, err = readToken(o.tokenFile); err != nil {
			return nil, nil, "", err
		}
	}
	if token == "" && o.tlsClient == "" {
		return nil, nil, "", errors.New("--token-file is required (or --tls-client-ca): an agent drives a kernel interface and must not serve anyone who asks")
	}
	if (o.tlsCert == "") != (o.tlsKey == "") {
		return nil, nil, "", errors.New("--tls-cert and --tls-key go together")
	}
	if o.tlsClient != "" && o.tlsCert == "" {
		return nil, nil, "", errors.New("--tls-client-ca needs --tls-cert and --tls-key: mutual TLS is TLS first")
	}
	host, _, err := net.SplitHostPort(o.listen)
	if err != nil {
		return nil, nil, "", fmt.Errorf("--listen %q: %v", o.listen, err)
	}
	loopback := host == "localhost"
	if ip := net.ParseIP(host); ip != nil {
		loopback = ip.IsLoopback()
	}
	var opts []grpc.ServerOption
	desc := "token, loopback only, no TLS"
	if o.tlsCert != "" {
		cfg, err := o.tlsConfig()
		if err != nil {
			return nil, nil, "", err
		}
		opts = append(opts, grpc.Creds(credentials.NewTLS(cfg)))
		desc = "token over TLS"
		if o.tlsClient != "" {
			desc = "mutual TLS"
			if token != "" {
				desc += " and token"
			}
		}
	} else if !loopback {
		// The token travels in the Hello: in clear, anyone on the path
		// could take it.
		if !o.plaintext {
			return nil, nil, "", fmt.Errorf("--listen %s is not a loopback address: serve TLS (--tls-cert, --tls-key), so that the token does not cross the network in clear, or say --insecure-plaintext on a closed control network", o.listen)
		}
		desc = "token in clear off loopback (--insecure-plaintext)"
	}
	lis, err := net.Listen("tcp", o.listen)
	if err != nil {
		return nil, nil, "", fmt.Errorf("--listen: %v", err)
	}
	opts = append(opts, agent.ServerOptions()...)
	opts = append(opts, agent.Keepalive(time.Duration(o.keepalive))...)
	srv := grpc.NewServer(opts...)
	agentv1.RegisterAgentServer(srv, agent.New(agent.Config{
		Driver: d, DriverName: o.driver, Options: o.driverOpts, SessionOptions: sessionOpts, Token: token, AgentVersion: toolVersion(),
		MaxSessionBytes: uint64(o.memory), CallbackTimeout: time.Duration(o.callbacks), Logf: logLine,
	}))
	// The remote driver's liveness probes: answered by the gRPC server,
	// whatever the provider does.
	healthpb.RegisterHealthServer(srv, health.NewServer())
	if len(sessionOpts) > 0 {
		desc += "; sessions may set " + strings.Join(sessionOpts, ", ")
	}
	return srv, lis, desc, nil
}

// sessionOptions are the --session-opts, each an option of driver d.
func (o *agentOptions) sessionOptions(d ndk.Driver) ([]string, error) {
	known := map[string]bool{}
	for _, opt := range d.Options() {
		known[opt.Name] = true
	}
	var names []string
	for _, v := range o.sessionOpts {
		for _, n := range strings.Split(v, ",") {
			if n = strings.TrimSpace(n); n == "" {
				continue
			}
			if !known[n] {
				return nil, fmt.Errorf("--session-opts %s: driver %s has no option %s (see '%s drivers')", v, o.driver, n, tool)
			}
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names, nil
}

// readToken reads an agent's token from file: 16 bytes at least, in a
// file that only its owner may read or write (where file modes say so:
// not on Windows, whose ACLs they do not show).
func readToken(file string) (string, error) {
	fi, err := os.Stat(file)
	if err != nil {
		return "", fmt.Errorf("--token-file: %v", err)
	}
	if perm := fi.Mode().Perm(); runtime.GOOS != "windows" && perm&0o077 != 0 {
		return "", fmt.Errorf("--token-file %s can be read or written by others (mode %04o): chmod 600 %s", file, perm, file)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("--token-file: %v", err)
	}
	token := strings.TrimRight(string(b), "\r\n")
	if token == "" {
		return "", fmt.Errorf("--token-file %s is empty: a token is a secret shared with the harness", file)
	}
	if len(token) < minTokenBytes {
		return "", fmt.Errorf("--token-file %s: a token of %d bytes is too easily guessed; use %d at least (e.g. head -c 24 /dev/urandom | base64 > %s)", file, len(token), minTokenBytes, file)
	}
	return token, nil
}

// byteSize is a size flag: bytes, or a number with KiB, MiB or GiB.
type byteSize uint64

func (b *byteSize) String() string {
	switch n := uint64(*b); {
	case n != 0 && n%(1<<30) == 0:
		return fmt.Sprintf("%dGiB", n>>30)
	case n != 0 && n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	case n != 0 && n%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", n>>10)
	default:
		return strconv.FormatUint(n, 10)
	}
}

func (b *byteSize) Set(s string) error {
	num, unit := s, uint64(1)
	for _, u := range []struct {
		suffix string
		n      uint64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}} {
		if v, ok := strings.CutSuffix(s, u.suffix); ok {
			num, unit = v, u.n
			break
		}
	}
	n, err := strconv.ParseUint(strings.TrimSpace(num), 10, 64)
	if err != nil || n == 0 || n > (1<<63)/unit {
		return fmt.Errorf("want a positive size such as 4GiB, 512MiB or 1048576")
	}
	*b = byteSize(n * unit)
	return nil
}

func (o *agentOptions) tlsConfig() (*tls.Config, error) {
	cert, err := tls.LoadX509KeyPair(o.tlsCert, o.tlsKey)
	if err != nil {
		return nil, fmt.Errorf("--tls-cert/--tls-key: %v", err)
	}
	cfg := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	if o.tlsClient != "" {
		pem, err := os.ReadFile(o.tlsClient)
		if err != nil {
			return nil, fmt.Errorf("--tls-client-ca: %v", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--tls-client-ca %s: no PEM certificate in it", o.tlsClient)
		}
		cfg.ClientCAs, cfg.ClientAuth = pool, tls.RequireAndVerifyClientCert
	}
	return cfg, nil
}

// sessionLog serialises the agent's log lines.
var sessionLog sync.Mutex

// logLine logs one line of the agent (agent.Config.Logf) on standard
// error: each session's start and end, each refused one.
func logLine(format string, args ...any) {
	sessionLog.Lock()
	defer sessionLog.Unlock()
	fmt.Fprintf(os.Stderr, "%s %s agent: %s\n", time.Now().UTC().Format(time.RFC3339), tool, fmt.Sprintf(format, args...))
}
