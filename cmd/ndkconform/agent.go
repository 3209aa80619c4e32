package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/peer"

	"github.com/ndkconform/ndkconform/agent"
	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/ndk"
)

// defaultAgentListen is where an agent listens unless told otherwise:
// loopback, since an agent drives a kernel interface.
const defaultAgentListen = "127.0.0.1:7471"

// agentOptions are the agent command's flags.
type agentOptions struct {
	driver     string
	driverOpts keyValues
	listen     string
	tokenFile  string
	addrFile   string
	tlsCert    string
	tlsKey     string
	tlsClient  string
	plaintext  bool
}

func agentFlags() (*flag.FlagSet, *agentOptions) {
	o := &agentOptions{driverOpts: keyValues{}}
	fs := newFlagSet("agent")
	fs.StringVar(&o.driver, "driver", "", "the `NAME` of the driver to serve (see '"+tool+" drivers'; required)")
	fs.Var(o.driverOpts, "driver-opt", "a driver option `KEY=VALUE`, the default of every session (a harness may set more in its Hello); repeat for more options")
	fs.StringVar(&o.listen, "listen", defaultAgentListen, "the `HOST:PORT` to listen on (port 0: any free port; see --addr-file); anything but loopback needs --tls-cert and --tls-key, or --insecure-plaintext")
	fs.StringVar(&o.tokenFile, "token-file", "", "`FILE` holding the token a harness must present (trailing newline ignored); required unless --tls-client-ca authenticates the harness")
	fs.StringVar(&o.addrFile, "addr-file", "", "write the address the agent listens on into `FILE` once it listens (for --listen HOST:0)")
	fs.StringVar(&o.tlsCert, "tls-cert", "", "serve TLS with the certificate in `FILE` (PEM), with --tls-key")
	fs.StringVar(&o.tlsKey, "tls-key", "", "the private key of --tls-cert, in `FILE` (PEM)")
	fs.StringVar(&o.tlsClient, "tls-client-ca", "", "require a client certificate signed by a CA in `FILE` (PEM): mutual TLS")
	fs.BoolVar(&o.plaintext, "insecure-plaintext", false, "allow --listen off loopback without TLS: the token then crosses the network in clear (a closed control network of a test lab only)")
	return fs, o
}

var agentFlagOrder = []string{"driver", "driver-opt", "listen", "token-file", "addr-file", "tls-cert", "tls-key", "tls-client-ca", "insecure-plaintext"}

func agentUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage:\n  %s agent --driver NAME [--driver-opt KEY=VALUE]... [--listen HOST:PORT] --token-file FILE [TLS flags]\n\n", tool)
	fmt.Fprintf(w, "Serves a driver's provider over the agent protocol (ndkconform.agent.v1, agent/v1/agent.proto)\n")
	fmt.Fprintf(w, "to a harness on another host: '%s run --driver remote --driver-opt side-a=HOST:PORT ...'.\n", tool)
	fmt.Fprintf(w, "One session at a time; each opens the provider anew and closes every object it left when it ends.\n")
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

	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(lis) }()
	select {
	case err := <-served:
		if err != nil {
			fmt.Fprintf(stderr, "%s agent: %v\n", tool, err)
			return exitFail
		}
		return exitPass
	case sig := <-sigs:
		fmt.Fprintf(stdout, "%s agent: %v: stopping\n", tool, sig)
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
	var token string
	if o.tokenFile != "" {
		b, err := os.ReadFile(o.tokenFile)
		if err != nil {
			return nil, nil, "", fmt.Errorf("--token-file: %v", err)
		}
		token = strings.TrimRight(string(b), "\r\n")
		if token == "" {
			return nil, nil, "", fmt.Errorf("--token-file %s is empty: a token is a secret shared with the harness", o.tokenFile)
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
	opts = append(opts, grpc.StreamInterceptor(logSessions))
	srv := grpc.NewServer(opts...)
	agentv1.RegisterAgentServer(srv, agent.New(agent.Config{
		Driver: d, DriverName: o.driver, Options: o.driverOpts, Token: token, AgentVersion: toolVersion(),
	}))
	return srv, lis, desc, nil
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

// logSessions logs every session's start and end on standard error.
func logSessions(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	from := "unknown peer"
	if p, ok := peer.FromContext(ss.Context()); ok {
		from = p.Addr.String()
	}
	start := time.Now()
	logLine("session from %s: started", from)
	err := handler(srv, ss)
	how := "ended"
	if err != nil {
		how = "ended: " + err.Error()
	} else if ctxErr := ss.Context().Err(); errors.Is(ctxErr, context.Canceled) {
		how = "ended (the harness went away)"
	}
	logLine("session from %s: %s after %v", from, how, time.Since(start).Round(time.Millisecond))
	return err
}

func logLine(format string, args ...any) {
	sessionLog.Lock()
	defer sessionLog.Unlock()
	fmt.Fprintf(os.Stderr, "%s %s agent: %s\n", time.Now().UTC().Format(time.RFC3339), tool, fmt.Sprintf(format, args...))
}
