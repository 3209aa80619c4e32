// Package remote is the "remote" driver: an ndk.Provider over the agent
// protocol (agent/v1), whose calls are served by agents (package agent)
// beside the providers under test.
//
// Every ndk method goes over the protocol. With one agent (side-a), its
// provider's sides are the provider's; with two (side-a and side-b), side
// A is the first agent's own side A and side B the second agent's own side
// A: each agent serves its own host's adapter. OpenAdapter and
// SetHostState go to the agent that owns the address: its Welcome lists
// the address among its provider's sides and the agent opened it there
// (AdapterDescription.open_status STATUS_SUCCESS; side A's agent when
// none owns it, so that the agent's provider answers for an address it
// does not own); FailSRQ and FailCQ (offered when every agent offers
// them) go to the agent of the SRQ's or CQ's session. Two agents of which
// one would serve none of the run's addresses (two sims: the first owns
// them all) are refused, naming its option, when the provider opens and
// again for the run's sides (ndk.SideRouter); the components
// (ndk.Describer) name the addresses each agent served.
//
// Memory. Registered memory lives on the agents: the provider implements
// ndk.MemoryMirror. MR.Register and Adapter.BuildLAM mirror the consumer's
// buffer by an agent BUFFER (allocating one, or reusing the one that
// already mirrors that memory), write the buffer's current bytes into it,
// and register (build) over that region; the consumer pulls bytes the
// provider wrote (PullMemory) before it reads them and pushes bytes it
// changed (PushMemory) before the provider reads them. See PullMemory for
// which local buffers share an agent BUFFER. An MR or adapter whose agent
// handle says it takes MDL chains (Handle.mdl_chains, protocol 1.2) is an
// ndk.ChainRegisterer or ndk.LAMChainBuilder too, each MDL mirrored so
// (chain.go).
//
// Contexts. Request contexts, QP contexts and callback contexts stay on
// the harness: the agent sees ids, and Results carry the consumer's
// values back.
//
// A lost agent (its stream broke, or a call went unanswered past the
// call-timeout) loses the provider (ndk.Losable): every outstanding and
// later call panics with the *ndk.LostError, and no callback runs after.
//
// # Driver ndkt: the same client over ndkt's device
//
// The "ndkt" driver (--driver ndkt, NdktDriver) is this client talking to
// a device of ndkt instead of an agent. ndkt (ndkt/, docs/agent-windows.md)
// is a kernel-mode NDK consumer whose IOCTL contract (ndkt/CONTRACT.md) is
// the agent protocol's calls in fixed binary form: its core is the agent,
// and the provider under test a real NDKPI provider behind it. The
// devices: \\.\NdkTest, ndkt.sys on Windows (ndkt_windows.go), and those
// a program registers (RegisterDevice; on Linux ndkt/inproc's core in
// process, over sim behind NDKPI's C ABI). Everything above the session's
// stream (objects, memory mirrors, callbacks and calls within them, loss)
// is this driver's; the stream (ndktStream) maps each message to an
// exchange on the device handle (ndkt/device):
//
//	Hello              NDKT_HELLO (the contract's interface version); the
//	                   Welcome is made here: protocol 1.4, max_sessions 1,
//	                   max_memory_chunk NdktMemoryChunk, the sides of
//	                   side-a and side-b (else the device's: SideDeclarer),
//	                   fault injection only as the HELLO's faults offer it
//	                   (the core's provider hook), agent_version ndkt's
//	                   file version
//	Call               NDKT_CALL (opcode: the field number of Call.op), on a
//	                   goroutine of its own; request and reply converted by
//	                   one table-driven converter (ndktconv.go)
//	WriteMemory,       NDKT_WRITE_MEMORY, NDKT_READ_MEMORY: the data in the
//	ReadMemory         IRP's buffer (direct I/O); refused there, again by
//	                   NDKT_CALL, for its protocol error
//	Callback           3 pending NDKT_GET_EVENTS, each event record one
//	                   Callback (its irql and held dropped: no v1 field)
//	CallbackReturn     NDKT_ACK_CALLBACK (the device holds no such callback:
//	                   the session's UNKNOWN_CALLBACK)
//	CallReturn         the reply; the core's refusal is its protocol error,
//	                   the converter's (an address that does not parse) the
//	                   Go agent's
//	a failed exchange  (a *device.StatusError, a reply that does not decode)
//	                   breaks the session: the provider is lost, as with a
//	                   broken agent stream
//	CloseProvider      its return ends the stream; closing the handle closes
//	                   what the session left open, children first
//
// Its options: device (default \\.\NdkTest on Windows, else the one
// registered device), device-opts (KEY=VALUE[,KEY=VALUE...], given to the
// device's open), side-a and side-b (each adapter's IPv4 and/or IPv6
// address, comma-separated), call-timeout. There are no liveness probes
// (no agent process to stop), so no liveness wait is declared.
package remote

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

func init() {
	ndk.Register("remote", Driver{})
}

// Option names.
const (
	OptSideA         = "side-a"
	OptSideB         = "side-b"
	OptTokenFile     = "token-file"
	OptCallTimeout   = "call-timeout"
	OptTLSCA         = "tls-ca"
	OptTLSServerName = "tls-server-name"
	OptTLSCert       = "tls-cert"
	OptTLSKey        = "tls-key"
	OptAgentOpts     = "agent-opts"
	OptLiveness      = "liveness-timeout"
)

// DefaultAgentPort is the port an agent listens on unless told otherwise
// (ndkconform agent --listen), and the port side-a and side-b dial when
// they name none.
const DefaultAgentPort = "7471"

// withDefaultPort is addr (HOST:PORT, HOST, or an IPv6 address with or
// without brackets) with DefaultAgentPort when it names no port; gRPC
// would dial 443.
func withDefaultPort(addr string) string {
	if host, port, err := net.SplitHostPort(addr); err == nil {
		if port == "" {
			return net.JoinHostPort(host, DefaultAgentPort)
		}
		return addr
	}
	return net.JoinHostPort(strings.TrimSuffix(strings.TrimPrefix(addr, "["), "]"), DefaultAgentPort)
}

// DefaultCallTimeout is how long a call waits for its return unless
// call-timeout says otherwise.
const DefaultCallTimeout = 30 * time.Second

// DefaultLiveness is how long an agent may leave the driver's liveness
// probes unanswered unless liveness-timeout says otherwise.
const DefaultLiveness = 3 * time.Second

// LivenessWait is the name of the wait the remote provider declares
// (ndk.TimeoutDeclarer) for its liveness-timeout: the harness's --timeout
// must be longer (by the suite's margin), so that an agent that stopped
// answering is reported lost before any call of it is taken as a
// provider's that did not return.
const LivenessWait = "agent liveness"

// Driver is the remote driver.
type Driver struct{}

// Options implements ndk.Driver.
func (Driver) Options() []ndk.Option {
	return []ndk.Option{
		{Name: OptSideA, Usage: "HOST[:PORT] of the agent serving side A's adapters (required; port " + DefaultAgentPort + " if none)"},
		{Name: OptSideB, Usage: "HOST[:PORT] of the agent serving side B's adapters (port " + DefaultAgentPort + " if none); empty: side A's agent serves both sides"},
		{Name: OptTokenFile, Usage: "file holding the agents' bearer token (trailing newline ignored); empty: an empty token (loopback only)"},
		{Name: OptCallTimeout, Default: DefaultCallTimeout.String(),
			Usage: "how long a call waits for the agent's return (a Go duration): past it the agent is taken as lost, and so is the provider"},
		{Name: OptTLSCA, Usage: "PEM file of the CA that signed the agents' certificates: TLS, the agent's certificate verified; empty: no TLS (loopback or a trusted network only)"},
		{Name: OptTLSServerName, Usage: "the name the agents' certificates must carry; empty: the host of side-a / side-b"},
		{Name: OptTLSCert, Usage: "PEM file of this harness's client certificate, for agents that require one (mutual TLS: their --tls-client-ca), with tls-key; needs tls-ca"},
		{Name: OptTLSKey, Usage: "PEM file of the private key of tls-cert"},
		{Name: OptLiveness, Default: DefaultLiveness.String(),
			Usage: "how long an agent may leave the driver's liveness probes (one every fifth of it) unanswered before it is taken as lost (stopped, hung or unreachable), whatever its calls wait for; the run's --timeout must be longer by 1s"},
		{Name: OptAgentOpts, Usage: "driver options for the agents' providers, KEY=VALUE[,KEY=VALUE...], over each agent's own --driver-opt (an agent may refuse them)"},
	}
}

// Usable implements ndk.Driver: a TCP client runs anywhere.
func (Driver) Usable() error { return nil }

// Open implements ndk.Driver.
func (d Driver) Open(opts map[string]string) (ndk.Provider, error) {
	o, err := ndk.ParseOptions(d, opts)
	if err != nil {
		return nil, err
	}
	return o.Open()
}

// Config is what the options parse into.
type Config struct {
	SideA, SideB string
	Token        string
	// ClientVersion is sent in Hello.client_version.
	ClientVersion string
	// CallTimeout bounds every call's wait for its return; 0:
	// DefaultCallTimeout.
	CallTimeout time.Duration
	// TokenFile is the file Token was read from (for messages).
	TokenFile string
	// TLSCA is the PEM file of the agents' CA; empty: no TLS.
	TLSCA         string
	TLSServerName string
	// TLSCert and TLSKey are the PEM files of the client certificate
	// presented to agents that require one (mutual TLS); empty: none.
	TLSCert, TLSKey string
	// AgentOptions are sent as Hello.driver_options.
	AgentOptions map[string]string
	// Liveness bounds how long an agent may leave the liveness probes
	// unanswered; 0: DefaultLiveness.
	Liveness time.Duration
}

// withDefaults is c with its zero durations defaulted.
func (c Config) withDefaults() Config {
	if c.CallTimeout <= 0 {
		c.CallTimeout = DefaultCallTimeout
	}
	if c.Liveness <= 0 {
		c.Liveness = min(DefaultLiveness, c.CallTimeout)
	}
	return c
}

// DefaultClientVersion is the Hello.client_version of the sessions the
// driver's options open (Config.ClientVersion), which an agent logs with
// each session; the program that composes the tool sets it to its
// version (ndkconform: "ndkconform VERSION"). Set it before opening.
var DefaultClientVersion string

// ParseOptions implements ndk.OptionParser.
func (Driver) ParseOptions(opts map[string]string) (ndk.Opener, error) {
	c := Config{SideA: opts[OptSideA], SideB: opts[OptSideB], CallTimeout: DefaultCallTimeout, Liveness: DefaultLiveness,
		TLSCA: opts[OptTLSCA], TLSServerName: opts[OptTLSServerName], TLSCert: opts[OptTLSCert], TLSKey: opts[OptTLSKey],
		ClientVersion: DefaultClientVersion}
	if c.SideA == "" {
		return nil, fmt.Errorf("%s: the agent's HOST:PORT is required", OptSideA)
	}
	c.SideA = withDefaultPort(c.SideA)
	if c.SideB != "" {
		c.SideB = withDefaultPort(c.SideB)
	}
	if f := opts[OptTokenFile]; f != "" {
		// a secret: only its owner may read or write it, as the agent
		// requires of its own (where file modes say so: not on Windows,
		// whose ACLs they do not show)
		if fi, err := os.Stat(f); err == nil && runtime.GOOS != "windows" && fi.Mode().Perm()&0o077 != 0 {
			return nil, fmt.Errorf("%s=%s can be read or written by others (mode %04o): chmod 600 %s", OptTokenFile, f, fi.Mode().Perm(), f)
		}
		b, err := os.ReadFile(f)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("%s=%s: no such file: set %s to a file holding the agent's token (a copy of the file its --token-file names, mode 600)", OptTokenFile, f, OptTokenFile)
		case err != nil:
			return nil, fmt.Errorf("%s=%s cannot be read (%v): set %s to a file of the agent's token this user can read", OptTokenFile, f, errors.Unwrap(err), OptTokenFile)
		}
		c.Token, c.TokenFile = strings.TrimRight(string(b), "\r\n"), f
	}
	if v, ok := opts[OptCallTimeout]; ok && v != "" {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("invalid %s=%q (valid: a positive duration such as 30s)", OptCallTimeout, v)
		}
		c.CallTimeout = d
	}
	if v, ok := opts[OptLiveness]; ok && v != "" {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("invalid %s=%q (valid: a positive duration such as 3s)", OptLiveness, v)
		}
		c.Liveness = d
	}
	if _, set := opts[OptLiveness]; !set || opts[OptLiveness] == "" {
		c.Liveness = min(c.Liveness, c.CallTimeout)
	} else if c.Liveness > c.CallTimeout {
		return nil, fmt.Errorf("%s=%v is longer than %s=%v: a call would be lost to its time-out before a stopped agent to its probes", OptLiveness, c.Liveness, OptCallTimeout, c.CallTimeout)
	}
	if (c.TLSCert == "") != (c.TLSKey == "") {
		return nil, fmt.Errorf("%s and %s go together: the client certificate and its private key", OptTLSCert, OptTLSKey)
	}
	if c.TLSCert != "" {
		if c.TLSCA == "" {
			return nil, fmt.Errorf("%s without %s: mutual TLS is TLS first (the CA of the agents' certificates)", OptTLSCert, OptTLSCA)
		}
		if _, err := tls.LoadX509KeyPair(c.TLSCert, c.TLSKey); err != nil {
			return nil, fmt.Errorf("%s, %s: %w", OptTLSCert, OptTLSKey, err)
		}
	}
	if c.TLSCA != "" {
		if _, err := os.Stat(c.TLSCA); err != nil {
			return nil, fmt.Errorf("%s: %w", OptTLSCA, err)
		}
	} else if c.TLSServerName != "" {
		return nil, fmt.Errorf("%s without %s: no TLS to check the name with", OptTLSServerName, OptTLSCA)
	}
	if v := opts[OptAgentOpts]; v != "" {
		c.AgentOptions = map[string]string{}
		for _, kv := range strings.Split(v, ",") {
			k, val, ok := strings.Cut(kv, "=")
			if k = strings.TrimSpace(k); !ok || k == "" {
				return nil, fmt.Errorf("invalid %s=%q: %q is not KEY=VALUE", OptAgentOpts, v, kv)
			}
			c.AgentOptions[k] = val
		}
	}
	return c, nil
}

// ConcurrentRuns implements ndk.ConcurrentRunner for these options: how
// many runs may go at the same time, each with a session of its own with
// each agent: the fewest sessions an agent serves at once
// (Capabilities.max_sessions, protocol 1.3), one for an agent that serves
// its host's own adapters (which every session would share) or speaks
// 1.2 or older. It asks each agent in a session of its own, ended before
// it returns; an agent it cannot reach counts as one (opening the
// provider then says why).
func (c Config) ConcurrentRuns() int {
	c = c.withDefaults()
	addrs := []string{c.SideA}
	if c.SideB != "" && c.SideB != c.SideA {
		addrs = append(addrs, c.SideB)
	}
	n := 0
	for _, addr := range addrs {
		s, err := dial(addr, fmt.Sprintf("agent %s", addr), c, newLoss())
		if err != nil {
			return 1
		}
		m := max(int(s.caps.GetMaxSessions()), 1)
		if err := s.close(); err != nil {
			return 1
		}
		if n == 0 || m < n {
			n = m
		}
	}
	return max(n, 1)
}

// Open implements ndk.Opener: one session with each agent. The provider
// is a *Provider, or a *FaultProvider (a *Provider that is an
// ndk.FaultInjector) when every agent offers fault injection; and an
// ndk.SRQFaultInjector, an ndk.CQFaultInjector, when every agent offers
// SRQ, CQ fault injection (see withFaults).
func (c Config) Open() (ndk.Provider, error) {
	p, err := open(c)
	if err != nil {
		return nil, err
	}
	return p.withFaults(), nil
}
