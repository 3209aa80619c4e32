// Package agent serves an ndk.Provider over the agent protocol
// (agent/v1, ndkconform.agent.v1): the process beside the provider whose
// adapters are tested, reached by the harness through the remote driver
// (drivers/remote).
//
// Every Call of the protocol is served: the provider's, adapters' and
// objects' calls with their callbacks (create, request and close
// completions, connect and disconnect events, CQ and SRQ notifications),
// SetHostState when the provider is an ndk.FaultInjector
// (Capabilities.fault_injection; NOT_SUPPORTED otherwise), FailSrq and
// FailCq when it is an ndk.SRQFaultInjector or ndk.CQFaultInjector
// (Capabilities.srq_fault_injection, cq_fault_injection; NOT_SUPPORTED
// otherwise) on an SRQ or CQ handle of the session, RegisterMrChain and
// BuildLamChain on an MR or adapter that takes MDL chains
// (ndk.ChainRegisterer, ndk.LAMChainBuilder; its handle has mdl_chains,
// NOT_SUPPORTED otherwise) over ranges of BUFFERs, CompleteConnectEx and
// AcceptEx on a connector that is an ndk.ConnectorEx (its handle has
// connector_ex, NOT_SUPPORTED otherwise), and the agent
// memory calls: AllocateBuffer (page-aligned, zeroed; within the
// session's memory, see Memory), FreeBuffer (BUSY while an MR is
// registered, or a LAM built, over it), WriteMemory and ReadMemory (on a
// BUFFER or a registered MR, bounded by the region and by
// Capabilities.max_memory_chunk). RegisterMr and BuildLam work over
// [offset, offset+length) of a BUFFER; one with no buffer and length 0
// passes the provider a nil buffer (which it refuses). Request,
// QP and SRQ contexts are the client's ids: the provider gets each as a
// uint64 value (nil for 0) and hands it back in Results.
//
// Each session opens its own provider from Config.Driver (the agent's
// options, the Hello's driver_options over them) and closes it when the
// session ends, after its adapters; or serves Config.Provider, a fixed
// one it never closes. Capabilities.driver_options lists the driver's
// options with the values the session's provider was opened with as their
// default_value, and concurrent_runs is the driver's
// ndk.ConcurrentRunner answer.
//
// Sessions at once. A driver whose providers share nothing (an
// ndk.ConcurrentRunner: each open independent of every other, as sim's
// simulated fabrics) has its sessions served at the same time, up to its
// ConcurrentRuns (or Config.MaxSessions, if lower): each session its own
// provider, handles, callbacks and BUFFERs, so that none sees another.
// Any other driver's adapters are the host's own, which every session's
// provider would share, and a fixed Config.Provider is one provider: their
// sessions are served one at a time. Capabilities.max_sessions says which;
// a Session beyond ends with UNAVAILABLE.
//
// Admission. A session's first message must be a Hello, within
// Config.HelloTimeout (DEADLINE_EXCEEDED otherwise; a client host has at
// most MaxHelloWaiting sessions waiting for theirs, RESOURCE_EXHAUSTED
// past it); it is authenticated
// (its token, compared in constant time; UNAUTHENTICATED) unless its
// client's host has spent its budget of failed authentications
// (Config.AuthFailures; RESOURCE_EXHAUSTED, the token not even compared);
// its major version is the agent's (FAILED_PRECONDITION); its
// driver_options are ones the agent lets a session set
// (Config.SessionOptions; INVALID_ARGUMENT). Only then does it take a
// session slot: a client that sends nothing, or a wrong token, holds
// none, and keeps no harness out. Refused authentications are logged
// (Config.Logf) once per AuthLogWindow, with their count.
//
// Memory. Everything a session allocates counts against its
// Config.MaxSessionBytes: its BUFFERs (as allocated, alignment
// included), its LAMs' page arrays (8 bytes a page of page_capacity, up
// to 8 MiB a LAM), the MDL ranges its MRs are registered over, a fixed
// cost per handle it was issued (a closed handle stays known) and per
// call in flight. A call that would go past it is refused with
// OUT_OF_RANGE before it reaches the provider (a release, a close or
// CloseProvider never is); the agent holds at most max_sessions times
// that, and all of a session's is released when it ends
// (Server.HeldBytes). The provider's own memory for the objects is not
// the agent's to count.
//
// Keepalive and callbacks. A callback not acked within
// Config.CallbackTimeout ends its session; ServerOptions's keepalive ends
// the session of a harness that stopped answering.
//
// A session that ends with objects still open (the harness died, or
// CloseProvider came first) has them closed, each kind before what it
// depends on, then their adapters, then the provider. CloseProvider is the
// last call: it waits for the calls made before it to return, a call made
// after it is refused (BAD_SEQUENCE), and nothing is sent after its
// return. A session that ends otherwise closes the objects left open
// before waiting (closeWait at most) for the calls in flight, which may be
// waiting on them (a CloseAdapter on its objects, a Connect on its peer);
// a call still in the provider then does not hold the session's end.
//
// Every handle is checked (unknown, of another session, closed, of the
// wrong kind: a ProtocolError, never a crash), and a call that panics in
// the agent or the provider is answered with INTERNAL.
package agent

import (
	"errors"
	"fmt"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	agentv1 "github.com/ndkconform/ndkconform/agent/v1"
	"github.com/ndkconform/ndkconform/internal/wait"
	"github.com/ndkconform/ndkconform/internal/workers"
	"github.com/ndkconform/ndkconform/ndk"
)

// Version is the protocol version the agent speaks.
var Version = &agentv1.ProtocolVersion{Major: 1, Minor: 7}

// DefaultMaxMemoryChunk is Capabilities.max_memory_chunk unless
// Config.MaxMemoryChunk says otherwise: the most bytes one WriteMemory or
// ReadMemory moves.
const DefaultMaxMemoryChunk = 1 << 20

// DefaultMaxSessionBytes is how many bytes a session may hold at once
// unless Config.MaxSessionBytes says otherwise (see Memory): a call that
// would hold more is refused with OUT_OF_RANGE (rather than the agent
// dying of exhausted memory).
const DefaultMaxSessionBytes = 4 << 30

// DefaultCallbackTimeout is Config.CallbackTimeout unless set.
const DefaultCallbackTimeout = 2 * time.Minute

// Config is what an agent serves.
type Config struct {
	// Driver opens the session's provider: every session opens one (with
	// Options, and the Hello's driver_options over them) and closes it when
	// the session ends. Unused when Provider is set.
	Driver ndk.Driver
	// DriverName is the driver's registered name (Capabilities.driver).
	DriverName string
	// Options are the agent's driver options (its --driver-opt): the
	// defaults a Hello's driver_options override, key by key.
	Options map[string]string
	// Token is the bearer token a Hello must carry; empty: only an empty
	// one is accepted (authentication off, for loopback).
	Token string
	// AgentVersion is sent in Capabilities.agent_version.
	AgentVersion string
	// Provider, if set, is a fixed provider the caller opened and closes
	// (tests): every session serves it, never closes it, and refuses a
	// Hello with driver_options (INVALID_ARGUMENT).
	Provider ndk.Provider
	// MaxMemoryChunk is Capabilities.max_memory_chunk; 0:
	// DefaultMaxMemoryChunk.
	MaxMemoryChunk uint32
	// MaxSessionBytes bounds the memory a session holds (see Memory); 0:
	// DefaultMaxSessionBytes.
	MaxSessionBytes uint64
	// MaxSessions bounds the sessions served at the same time; 0: as many
	// as the driver allows (see Sessions at once). It never raises that:
	// a driver that is no ndk.ConcurrentRunner, and a fixed Provider, have
	// one session at a time whatever it says.
	MaxSessions int
	// SessionOptions are the driver options a Hello's driver_options may
	// set to any value; any other option only to the value the agent
	// opens its providers with (Options, else the driver's default). None
	// by default: the agent's operator says what a harness may change
	// (an rxe agent's faults=tc or netdev= act on the host).
	SessionOptions []string
	// HelloTimeout bounds the wait for a session's Hello; 0:
	// DefaultHelloTimeout. See Admission.
	HelloTimeout time.Duration
	// AuthFailures is each client host's budget of failed
	// authentications (zero fields: DefaultAuthBurst, DefaultAuthEvery).
	// See Admission.
	AuthFailures AuthLimit
	// CallbackTimeout bounds how long a callback waits for its
	// CallbackReturn: past it the session ends (DEADLINE_EXCEEDED), so a
	// harness that never acks holds no provider thread for good; 0:
	// DefaultCallbackTimeout.
	CallbackTimeout time.Duration
	// Logf, if set, logs the sessions: each one's start and end, each
	// refused one (refused authentications once per AuthLogWindow).
	Logf func(format string, args ...any)
}

// Server is the Agent service: MaxSessions sessions at a time (see
// Sessions at once). Register it with agentv1.RegisterAgentServer.
type Server struct {
	agentv1.UnimplementedAgentServer

	cfg  Config
	auth *authGate
	// maxSessions is how many sessions are served at once; open, how
	// many are.
	maxSessions int32
	open        atomic.Int32
	// held is the memory the open sessions hold (see Memory).
	held atomic.Int64
}

// New returns a server as cfg says.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	return &Server{cfg: cfg, auth: newAuthGate(cfg.AuthFailures), maxSessions: int32(sessionsAtOnce(cfg))}
}

// withDefaults is c with its zero fields defaulted.
func (c Config) withDefaults() Config {
	if c.MaxMemoryChunk == 0 {
		c.MaxMemoryChunk = DefaultMaxMemoryChunk
	}
	if c.MaxSessionBytes == 0 {
		c.MaxSessionBytes = DefaultMaxSessionBytes
	}
	if c.HelloTimeout <= 0 {
		c.HelloTimeout = DefaultHelloTimeout
	}
	if c.CallbackTimeout <= 0 {
		c.CallbackTimeout = DefaultCallbackTimeout
	}
	return c
}

// HeldBytes is the memory the agent's open sessions hold (see Memory):
// 0 once every session has ended.
func (s *Server) HeldBytes() int64 { return s.held.Load() }

// AwaitingHello is how many sessions wait for their Hello (see
// MaxHelloWaiting), over every client host.
func (s *Server) AwaitingHello() int {
	s.auth.waitMu.Lock()
	defer s.auth.waitMu.Unlock()
	n := 0
	for _, c := range s.auth.waiting {
		n += c
	}
	return n
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Logf != nil {
		s.cfg.Logf(format, args...)
	}
}

// sessionsAtOnce is how many sessions an agent of cfg serves at the same
// time: ndk.ConcurrentRuns of its driver with the agent's options (the
// driver's answer, or that of the Opener its options parse into: the ndkt
// driver over ndkt/inproc, whose every open is a core with a sim of its
// own), Config.MaxSessions if lower, when its providers share nothing;
// else one.
func sessionsAtOnce(cfg Config) int {
	if cfg.Provider != nil || cfg.Driver == nil {
		return 1 // one provider, whatever the sessions
	}
	// 1 for a driver that is no ConcurrentRunner and whose Opener is
	// none: the host's adapters, which every provider shares.
	n := min(ndk.ConcurrentRuns(cfg.Driver, cfg.Options), 1<<16)
	if cfg.MaxSessions > 0 {
		n = min(n, cfg.MaxSessions)
	}
	return n
}

// NewServer returns a server of the fixed provider p (see
// Config.Provider) that accepts a Hello whose token is token.
func NewServer(p ndk.Provider, token string) *Server {
	return New(Config{Provider: p, Token: token})
}

// lastID is the handle id counter of the agent process: ids are never
// reused, so that a handle of another session is recognised as such.
var lastID atomic.Uint64

// lastCallbackID numbers callbacks, unique in the process (so in the
// session).
var lastCallbackID atomic.Uint64

// openProvider opens the session's provider: the fixed one, or the
// driver's with the agent's options and the Hello's over them. owned:
// the session closes it.
func (s *Server) openProvider(hello *agentv1.Hello) (p ndk.Provider, opts map[string]string, owned bool, err error) {
	if s.cfg.Provider != nil {
		if len(hello.GetDriverOptions()) > 0 {
			return nil, nil, false, status.Error(codes.InvalidArgument, "this agent serves a provider already opened: it takes no driver options")
		}
		return s.cfg.Provider, s.cfg.Options, false, nil
	}
	if s.cfg.Driver == nil {
		return nil, nil, false, status.Error(codes.FailedPrecondition, "this agent has no driver")
	}
	opts = map[string]string{}
	for k, v := range s.cfg.Options {
		opts[k] = v
	}
	for k, v := range hello.GetDriverOptions() {
		opts[k] = v
	}
	o, err := ndk.ParseOptions(s.cfg.Driver, opts)
	if err != nil {
		return nil, nil, false, status.Errorf(codes.InvalidArgument, "driver %s refuses the options: %v", s.cfg.DriverName, err)
	}
	p, err = openSafely(o)
	if err != nil {
		return nil, nil, false, status.Errorf(codes.Unavailable, "driver %s: opening the provider: %v", s.cfg.DriverName, err)
	}
	return p, opts, true, nil
}

// openSafely opens a provider; a panic of the driver is an error.
func openSafely(o ndk.Opener) (p ndk.Provider, err error) {
	defer func() {
		if r := recover(); r != nil {
			p, err = nil, fmt.Errorf("the driver panicked: %v", r)
		}
	}()
	p, err = o.Open()
	if err == nil && p == nil {
		err = errors.New("the driver opened no provider")
	}
	return p, err
}

// Session implements agentv1.AgentServer: the session is admitted (its
// Hello read, authenticated and checked, see Admission), then takes a
// session slot, opens its provider and is served until CloseProvider's
// return, the end of its stream, or a callback not acked within
// Config.CallbackTimeout.
func (s *Server) Session(stream agentv1.Agent_SessionServer) error {
	from := peerAddr(stream.Context())
	hello, err := s.admit(stream, from)
	if err != nil {
		return err
	}
	if n := s.open.Add(1); n > s.maxSessions {
		s.open.Add(-1)
		err := status.Errorf(codes.Unavailable, "the agent serves %d sessions at a time, and as many are open", s.maxSessions)
		if s.maxSessions == 1 {
			err = status.Error(codes.Unavailable, "the agent serves one session at a time, and one is open")
		}
		s.logf("session from %s refused: %s", from, status.Convert(err).Message())
		return err
	}
	defer s.open.Add(-1)
	p, opts, owned, err := s.openProvider(hello)
	if err != nil {
		s.logf("session from %s refused: %s", from, status.Convert(err).Message())
		return err
	}
	start := time.Now()
	if v := hello.GetClientVersion(); v != "" {
		s.logf("session from %s: started (harness %s)", from, v)
	} else {
		s.logf("session from %s: started", from)
	}

	ss := newSession(p, owned, stream, s.cfg, &s.held)
	how := "ended"
	defer func() {
		s.logf("session from %s: %s after %v", from, how, time.Since(start).Round(time.Millisecond))
	}()
	caps := s.capabilities(p, opts)
	if caps.GetAbiReports() {
		ss.abi = p.(ndk.ABIReporter)
	}
	if err := ss.send(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_Welcome{Welcome: &agentv1.Welcome{Capabilities: caps}}}); err != nil {
		ss.shutdown()
		how = "ended before its Welcome was sent: " + err.Error()
		return err
	}
	readerDone := make(chan struct{})
	go func() {
		defer close(readerDone)
		for {
			m, err := stream.Recv()
			if err != nil {
				return
			}
			ss.dispatch(m)
		}
	}()
	select {
	case <-readerDone:
		how = "ended by the harness (its stream closed)"
		if stream.Context().Err() != nil {
			how = "ended: the connection ended (the harness went away, or stopped answering keepalive pings)"
		}
	case <-ss.closedByClient:
		how = "ended by the harness (CloseProvider)"
	case err = <-ss.aborted:
		how = "ended by the agent: " + status.Convert(err).Message()
	}
	ss.shutdown()
	return err
}

// capabilities describes the session's provider p, opened with opts: it
// opens, queries and closes the adapter of every address of its sides.
// Capabilities.driver_options lists the driver's options, each with the
// value this session's provider was opened with as its default_value (the
// driver's default where neither the agent nor the Hello set it).
func (s *Server) capabilities(p ndk.Provider, opts map[string]string) *agentv1.Capabilities {
	a, b := p.Sides()
	c := &agentv1.Capabilities{
		ProtocolVersion: Version,
		AgentVersion:    s.cfg.AgentVersion,
		Driver:          s.cfg.DriverName,
		SideA:           side(p, a),
		SideB:           side(p, b),
		MaxMemoryChunk:  s.cfg.MaxMemoryChunk,
		MaxSessions:     uint32(s.maxSessions),
	}
	if s.cfg.Driver != nil {
		for _, o := range s.cfg.Driver.Options() {
			v, ok := opts[o.Name]
			if !ok {
				v = o.Default
			}
			c.DriverOptions = append(c.DriverOptions, &agentv1.DriverOption{Name: o.Name, DefaultValue: v, Usage: o.Usage})
		}
		if cr, ok := s.cfg.Driver.(ndk.ConcurrentRunner); ok {
			c.ConcurrentRuns = uint32(max(cr.ConcurrentRuns(), 0))
		}
	}
	if _, ok := p.(ndk.FaultInjector); ok {
		c.FaultInjection = true
	}
	if _, ok := p.(ndk.SRQFaultInjector); ok {
		c.SrqFaultInjection = true
	}
	if _, ok := p.(ndk.CQFaultInjector); ok {
		c.CqFaultInjection = true
	}
	c.AbiReports = abiReporter(p) != nil
	if td, ok := p.(ndk.TimeoutDeclarer); ok {
		c.DeclaresTimeouts = true
		c.DeclaredTimeoutsNs = map[string]int64{}
		for k, v := range td.DeclaredTimeouts() {
			c.DeclaredTimeoutsNs[k] = int64(v)
		}
	}
	return c
}

func side(p ndk.Provider, sd ndk.Side) *agentv1.SideInfo {
	return &agentv1.SideInfo{Ipv4: describe(p, sd.IPv4), Ipv6: describe(p, sd.IPv6)}
}

func describe(p ndk.Provider, addr netip.Addr) *agentv1.AdapterDescription {
	d := &agentv1.AdapterDescription{}
	if !addr.IsValid() {
		return d
	}
	d.Address = addr.String()
	ad, st := p.OpenAdapter(addr)
	d.OpenStatus = uint32(st)
	if st != ndk.StatusSuccess || ad == nil {
		return d
	}
	info, qst := ad.QueryAdapterInfo()
	d.QueryStatus = uint32(qst)
	if qst == ndk.StatusSuccess {
		d.Info = adapterInfoToProto(info)
	}
	ad.Close()
	return d
}

// entry is one handle of a session.
type entry struct {
	kind   agentv1.HandleKind
	obj    any  // ndk.Adapter or an ndk.Object; nil once closed
	closed bool // CloseObject (CloseAdapter) called, or its adapter closed
	// untracked: a CloseObject with no done callback returned
	// STATUS_PENDING, so when the close completes is unknown: the end of
	// the session does not wait for it.
	untracked bool
	// adapter is the id of the object's adapter (0 for an adapter).
	adapter uint64
}

// held is a callback the provider made, held until its CallbackReturn.
type held struct {
	mu    sync.Mutex
	queue []queued // calls made within the callback, run on its thread
	acked bool
	// finished: the callback has returned (acked, or the session ended);
	// a call queued after that is dropped, not run.
	finished bool
	signal   chan struct{} // cap 1
}

// queued is a call made within a callback: run runs it; drop is its end
// without running (the callback returned first because the session ends).
type queued struct {
	run, drop func()
}

// enqueue queues a call made within the callback; false if the callback
// has returned already (the caller drops the call).
func (h *held) enqueue(q queued) bool {
	h.mu.Lock()
	if h.finished {
		h.mu.Unlock()
		return false
	}
	h.queue = append(h.queue, q)
	h.mu.Unlock()
	h.wake()
	return true
}

type session struct {
	provider ndk.Provider
	// abi is the provider when it shows what NDKPI's C ABI showed
	// (Capabilities.abi_reports; see abi.go), else nil.
	abi    ndk.ABIReporter
	owned  bool // the session closes the provider
	cfg    Config
	stream agentv1.Agent_SessionServer
	sendMu sync.Mutex
	// sendDone: nothing more is sent (CloseProvider's return was, or the
	// handler is returning: a gRPC stream must not be written after).
	sendDone bool

	mu        sync.Mutex
	handles   map[uint64]*entry
	callbacks map[uint64]*held
	calls     map[uint64]bool // outstanding call ids
	ended     bool            // no new call runs
	// closing: CloseProvider has come; a later call is refused
	// (BAD_SEQUENCE).
	closing   bool
	closeOnce sync.Once
	// regions are the registrations of MRs over BUFFERs, by MR id.
	regions map[uint64]region
	// lams are the LAMs, by id, until found released (openLAMsLocked).
	lams map[uint64]*lamEntry
	// held is the memory the session holds (see Memory), peak the most it
	// held; srvHeld, the agent's total, moves with held.
	held, peak uint64
	srvHeld    *atomic.Int64
	// released: the session's memory was released (releaseAll).
	released bool
	// providerClosed: CloseProvider closed it (or it is not the session's).
	providerClosed bool

	inflight       sync.WaitGroup
	done           chan struct{} // closed when the session ends: held callbacks return
	closedByClient chan struct{} // closed after CloseProvider's return
	// aborted receives, once, the status that ends the session on the
	// agent's side (a callback not acked in time).
	aborted   chan error
	abortOnce sync.Once
}

func newSession(p ndk.Provider, owned bool, stream agentv1.Agent_SessionServer, cfg Config, srvHeld *atomic.Int64) *session {
	if srvHeld == nil {
		srvHeld = new(atomic.Int64)
	}
	return &session{
		provider:       p,
		owned:          owned,
		cfg:            cfg.withDefaults(),
		stream:         stream,
		handles:        map[uint64]*entry{},
		callbacks:      map[uint64]*held{},
		calls:          map[uint64]bool{},
		regions:        map[uint64]region{},
		lams:           map[uint64]*lamEntry{},
		srvHeld:        srvHeld,
		done:           make(chan struct{}),
		closedByClient: make(chan struct{}),
		aborted:        make(chan error, 1),
	}
}

// abort ends the session on the agent's side with err (its RPC's status).
func (s *session) abort(err error) {
	s.abortOnce.Do(func() { s.aborted <- err })
}

// errSendDone is send's error once the session sends nothing more.
var errSendDone = errors.New("the session has ended")

// send writes one message; errors (the stream ended) drop it.
func (s *session) send(m *agentv1.ServerMessage) error {
	return s.sendThen(m, false)
}

// sendThen writes one message and, if last, sends nothing after it.
func (s *session) sendThen(m *agentv1.ServerMessage, last bool) error {
	s.sendMu.Lock()
	defer s.sendMu.Unlock()
	if s.sendDone {
		return errSendDone
	}
	s.sendDone = last
	return s.stream.Send(m)
}

// stopSending makes every later send a no-op.
func (s *session) stopSending() {
	s.sendMu.Lock()
	s.sendDone = true
	s.sendMu.Unlock()
}

func protoErr(code agentv1.ProtocolErrorCode, id uint64, msg string) *agentv1.ProtocolError {
	return &agentv1.ProtocolError{Code: code, Message: msg, CorrelationId: id}
}

// dispatch handles one client message on the reader: it never blocks on
// the provider.
func (s *session) dispatch(m *agentv1.ClientMessage) {
	switch x := m.Msg.(type) {
	case *agentv1.ClientMessage_Hello:
		_ = s.send(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_ProtocolError{ProtocolError: protoErr(
			agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_BAD_SEQUENCE, 0, "Hello after the session started")}})
	case *agentv1.ClientMessage_CallbackReturn:
		id := x.CallbackReturn.GetCallbackId()
		s.mu.Lock()
		h := s.callbacks[id]
		delete(s.callbacks, id)
		s.mu.Unlock()
		if h == nil {
			_ = s.send(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_ProtocolError{ProtocolError: protoErr(
				agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNKNOWN_CALLBACK, id, "CallbackReturn for no outstanding callback")}})
			return
		}
		h.mu.Lock()
		h.acked = true
		h.mu.Unlock()
		h.wake()
	case *agentv1.ClientMessage_Call:
		s.startCall(x.Call)
	default:
		_ = s.send(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_ProtocolError{ProtocolError: protoErr(
			agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_NOT_SUPPORTED, 0, "a client message this agent does not know")}})
	}
}

func (h *held) wake() {
	select {
	case h.signal <- struct{}{}:
	default:
	}
}

func (s *session) startCall(c *agentv1.Call) {
	id := c.GetCallId()
	refuse := func(code agentv1.ProtocolErrorCode, msg string) {
		_ = s.send(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_CallReturn{CallReturn: &agentv1.CallReturn{
			CallId: id, ProtocolError: protoErr(code, id, msg)}}})
	}
	s.mu.Lock()
	if s.ended {
		s.mu.Unlock()
		return // the session ends: returns are dropped
	}
	if s.closing {
		s.mu.Unlock()
		refuse(agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_BAD_SEQUENCE, "a call after CloseProvider")
		return
	}
	if s.calls[id] {
		s.mu.Unlock()
		refuse(agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_DUPLICATE_CALL_ID, "call_id already in use")
		return
	}
	var h *held
	if w := c.GetWithinCallback(); w != 0 {
		if h = s.callbacks[w]; h == nil {
			s.mu.Unlock()
			refuse(agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNKNOWN_CALLBACK, "within_callback names no outstanding callback")
			return
		}
	}
	if !releases(c) && !s.fitsLocked(callBytes) {
		msg := s.overMessage(agentv1.OpName(c), callBytes)
		s.mu.Unlock()
		refuse(agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_OUT_OF_RANGE, msg)
		return
	}
	s.chargeLocked(callBytes)
	_, last := c.Op.(*agentv1.Call_CloseProvider)
	if last {
		s.closing = true
	}
	s.calls[id] = true
	s.inflight.Add(1)
	s.mu.Unlock()
	s.launch(h, c)
}

// launch runs an accepted call (its id among s.calls, counted in
// s.inflight): on a goroutine of its own, or queued on the thread of the
// callback h it is made within. If h has returned meanwhile (the session
// ends), the call is dropped.
func (s *session) launch(h *held, c *agentv1.Call) {
	id := c.GetCallId()
	_, last := c.Op.(*agentv1.Call_CloseProvider)
	// settle frees the call's id and its memory: before its return is
	// sent, so that a harness that has the return may reuse the id and
	// finds the call's bytes given back (HeldBytes, the next call's room).
	settle := func() {
		s.mu.Lock()
		delete(s.calls, id)
		s.releaseLocked(callBytes)
		s.mu.Unlock()
	}
	finish := func() {
		settle()
		s.inflight.Done()
	}
	run := func() {
		defer s.inflight.Done()
		r := s.safeRun(c)
		r.CallId = id
		settle()
		// CloseProvider's return is the session's last message.
		_ = s.sendThen(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_CallReturn{CallReturn: r}}, last)
		if last {
			s.closeOnce.Do(func() { close(s.closedByClient) })
		}
	}
	if h == nil {
		// A worker goroutine rather than a new one: a call's stack (run's
		// frame, the reply's marshalling) outgrows a new goroutine's,
		// and growing it, every call, cost a sixth of a round trip's CPU.
		workers.Go(run)
		return
	}
	if !h.enqueue(queued{run: run, drop: finish}) {
		finish()
	}
}

// safeRun runs a call; a panic (a bug of the agent or the provider) is
// answered with INTERNAL rather than taking the agent down.
func (s *session) safeRun(c *agentv1.Call) (r *agentv1.CallReturn) {
	defer func() {
		if p := recover(); p != nil {
			r = &agentv1.CallReturn{ProtocolError: protoErr(agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_INTERNAL, c.GetCallId(), "the call panicked")}
		}
	}()
	r = s.run(c)
	if pe := r.GetProtocolError(); pe != nil && pe.CorrelationId == 0 {
		// Refusals made deep in a call (a handle lookup) name the call as
		// the ones made before it runs do.
		pe.CorrelationId = c.GetCallId()
	}
	return r
}

// callback sends a Callback and holds the calling (provider) thread until
// its CallbackReturn, running the calls made within it meanwhile, or until
// the session ends. A callback not acked within Config.CallbackTimeout
// (time the agent could run, see internal/wait; the calls run within it
// included) ends the session, and so returns.
func (s *session) callback(ctx uint64, fill func(*agentv1.Callback)) {
	id := lastCallbackID.Add(1)
	h := &held{signal: make(chan struct{}, 1)}
	s.mu.Lock()
	if s.ended {
		s.mu.Unlock()
		return
	}
	s.callbacks[id] = h
	s.mu.Unlock()
	cb := &agentv1.Callback{CallbackId: id, Context: ctx, AbiCallbacks: s.abiCallbacks()}
	fill(cb)
	// Whatever ends the wait, calls still queued within the callback are
	// dropped (the session ends), and later ones are refused by enqueue.
	defer func() {
		h.mu.Lock()
		h.finished = true
		q := h.queue
		h.queue = nil
		h.mu.Unlock()
		for _, f := range q {
			f.drop()
		}
	}()
	if err := s.send(&agentv1.ServerMessage{Msg: &agentv1.ServerMessage_Callback{Callback: cb}}); err != nil {
		s.mu.Lock()
		delete(s.callbacks, id)
		s.mu.Unlock()
		return
	}
	dl := wait.NewDeadline(s.cfg.CallbackTimeout)
	defer dl.Release()
	for {
		h.mu.Lock()
		q := h.queue
		h.queue = nil
		acked := h.acked
		h.mu.Unlock()
		for _, f := range q {
			f.run()
		}
		if len(q) > 0 {
			continue
		}
		if acked {
			return
		}
		select {
		case <-h.signal:
		case <-s.done:
			return
		case <-dl.C:
			if dl.Expired() {
				s.abort(status.Errorf(codes.DeadlineExceeded, "callback %d (%s) not acked within %v: the session ends (the agent's --callback-timeout)",
					id, eventName(cb), s.cfg.CallbackTimeout))
				return
			}
		}
	}
}

// eventName names a callback's event ("a RequestCompletion").
func eventName(cb *agentv1.Callback) string {
	if fd := cb.ProtoReflect().WhichOneof(cb.ProtoReflect().Descriptor().Oneofs().ByName("event")); fd != nil {
		return "a " + string(fd.Message().Name())
	}
	return "no event"
}

// shutdown ends the session: held callbacks return and new calls are
// refused; the objects left open are closed, each kind before what it
// depends on, which also ends the calls waiting on them (a CloseAdapter
// waiting for its objects, a Connect for its peer); the calls in flight
// are waited for (closeWait at most), then the adapters and the provider
// are closed. A call still in the provider after that does not hold the
// session's end: the adapters and the provider are closed once it
// returns. Nothing is sent after shutdown.
func (s *session) shutdown() {
	s.mu.Lock()
	s.ended = true
	s.mu.Unlock()
	close(s.done)
	idle := make(chan struct{})
	go func() {
		s.inflight.Wait()
		close(idle)
	}()
	select {
	case <-idle:
	default:
		s.closeObjects()
		select {
		case <-idle:
		case <-time.After(closeWait):
		}
	}
	finish := func() {
		s.closeAdapters()
		_ = s.closeProvider()
		s.releaseAll()
	}
	select {
	case <-idle:
		finish()
	default:
		go func() {
			<-idle
			finish()
		}()
	}
	s.stopSending()
}

// closeProvider closes the session's provider once, if the session owns
// it; every adapter was closed before.
func (s *session) closeProvider() (err error) {
	s.mu.Lock()
	done := s.providerClosed
	s.providerClosed = true
	s.mu.Unlock()
	if done || !s.owned {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the provider's Close panicked: %v", r)
		}
	}()
	return s.provider.Close()
}

// closeSettle is how long CloseProvider waits for the calls made before
// it to return as they would, before it closes the objects they may be
// waiting on.
var closeSettle = time.Second

// waitOtherCalls waits up to d for the calls outstanding but call self to
// return; false if some have not.
func (s *session) waitOtherCalls(self uint64, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		s.mu.Lock()
		n := len(s.calls)
		if s.calls[self] {
			n--
		}
		s.mu.Unlock()
		if n == 0 {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// closeOrder is the order in which the objects a session left open are
// closed at its end, each before the objects it depends on (an adapter's
// close waits for its objects, an MR's for its MWs, an SRQ's for its
// QPs, ...).
var closeOrder = []agentv1.HandleKind{kConnector, kListener, kSE, kQP, kMW, kMR, kSRQ, kCQ, kPD}

// closeWait bounds the wait for one kind of object to close at the end of
// a session: an adapter with objects still open is left open (its close
// would block).
var closeWait = 10 * time.Second

// adapterEntry is an adapter of the session not forgotten.
type adapterEntry struct {
	id uint64
	a  ndk.Adapter
	// closing: a CloseAdapter on it is in flight (it closes it).
	closing bool
}

// adapters lists the session's adapters whose close has not completed.
func (s *session) adapters() []adapterEntry {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ads []adapterEntry
	for id, e := range s.handles {
		if e.kind == kAdapter && e.obj != nil {
			ads = append(ads, adapterEntry{id, e.obj.(ndk.Adapter), e.closed})
		}
	}
	return ads
}

// closeObjects closes (and releases) the objects still open of every
// adapter, those of adapters being closed too (whose close waits for
// them).
func (s *session) closeObjects() {
	for _, ad := range s.adapters() {
		s.closeObjectsOf(ad.id, ad.a)
	}
}

// closeAdapters closes the session's adapters still open, after closing
// (and releasing) their objects still open; an adapter whose CloseAdapter
// is in flight gets its objects closed, and is waited for (closeWait at
// most), not closed twice.
func (s *session) closeAdapters() {
	var pending bool
	for _, ad := range s.adapters() {
		ok := s.closeObjectsOf(ad.id, ad.a)
		s.mu.Lock()
		e := s.handles[ad.id]
		claimed := !e.closed // not closing meanwhile
		e.closed = true
		s.mu.Unlock()
		if !claimed {
			pending = true
			continue
		}
		if ok {
			ad.a.Close()
		}
		s.mu.Lock()
		s.markAdapterClosedLocked(ad.id)
		s.mu.Unlock()
		s.forget(ad.id)
	}
	if !pending {
		return
	}
	for deadline := time.Now().Add(closeWait); len(s.adapters()) > 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
}

// closeObjectsOf closes the objects of adapter ad still open and releases
// its LAMs; false if some did not finish closing within closeWait.
func (s *session) closeObjectsOf(ad uint64, a ndk.Adapter) bool {
	s.mu.Lock()
	var lams []uint64
	for id, e := range s.handles {
		if e.adapter == ad && e.kind == kLAM && e.obj != nil {
			lams = append(lams, id)
		}
	}
	s.mu.Unlock()
	for _, id := range lams {
		// Claimed under the lock: a ReleaseLam in flight releases it once.
		s.mu.Lock()
		le, _ := s.handles[id].obj.(*lamEntry)
		s.mu.Unlock()
		if le != nil && s.forget(id) {
			a.ReleaseLAM(le.lam)
		}
	}
	for _, kind := range closeOrder {
		s.mu.Lock()
		var ids []uint64
		var objs []ndk.Object
		for id, e := range s.handles {
			if e.adapter == ad && e.kind == kind && e.obj != nil && !e.closed {
				if o, ok := e.obj.(ndk.Object); ok {
					e.closed = true
					ids, objs = append(ids, id), append(objs, o)
				}
			}
		}
		s.mu.Unlock()
		for i, o := range objs {
			id := ids[i]
			if st := o.Close(func(any) { s.forget(id) }, nil); st != ndk.StatusPending {
				s.forget(id)
			}
		}
		// Wait for these and for closes the client started.
		deadline := time.Now().Add(closeWait)
		for s.anyOpen(ad, kind) {
			if time.Now().After(deadline) {
				return false
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	return true
}

// anyOpen reports whether an object of kind of adapter ad has not finished
// closing.
func (s *session) anyOpen(ad uint64, kind agentv1.HandleKind) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.handles {
		if e.adapter == ad && e.kind == kind && e.obj != nil && !e.untracked {
			return true
		}
	}
	return false
}

func (s *session) markAdapterClosedLocked(id uint64) {
	for hid, e := range s.handles {
		if e.adapter == id {
			s.dropLocked(e)
			e.closed = true
			s.dropRegionLocked(hid)
		}
	}
	e := s.handles[id]
	e.closed = true
}

// add gives obj a new handle. An MR that is an ndk.ChainRegisterer and an
// adapter that is an ndk.LAMChainBuilder get Handle.mdl_chains, a
// connector that is an ndk.ConnectorEx Handle.connector_ex.
func (s *session) add(kind agentv1.HandleKind, obj any, adapter uint64) *agentv1.Handle {
	id := lastID.Add(1)
	s.mu.Lock()
	s.handles[id] = &entry{kind: kind, obj: obj, adapter: adapter}
	s.chargeLocked(handleBytes)
	s.mu.Unlock()
	_, ex := obj.(ndk.ConnectorEx)
	return &agentv1.Handle{Kind: kind, Id: id, MdlChains: takesChains(kind, obj), ConnectorEx: kind == kConnector && ex}
}

// takesChains reports whether obj, of kind, takes MDL chains.
func takesChains(kind agentv1.HandleKind, obj any) bool {
	switch kind {
	case kMR:
		_, ok := obj.(ndk.ChainRegisterer)
		return ok
	case kAdapter:
		_, ok := obj.(ndk.LAMChainBuilder)
		return ok
	}
	return false
}

// lookup checks a handle of the call and returns its object.
func (s *session) lookup(h *agentv1.Handle, want agentv1.HandleKind) (any, uint64, *agentv1.ProtocolError) {
	code := func(c agentv1.ProtocolErrorCode, msg string) (any, uint64, *agentv1.ProtocolError) {
		return nil, 0, &agentv1.ProtocolError{Code: c, Message: msg}
	}
	if h == nil {
		return code(agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_INVALID_ARGUMENT, "a required "+want.String()+" handle is missing")
	}
	s.mu.Lock()
	e := s.handles[h.GetId()]
	var obj any
	var closed bool
	var kind agentv1.HandleKind
	var adapter uint64
	if e != nil {
		obj, closed, kind, adapter = e.obj, e.closed, e.kind, e.adapter
	}
	s.mu.Unlock()
	switch {
	case e == nil && h.GetId() != 0 && h.GetId() <= lastID.Load():
		return code(agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_FOREIGN_HANDLE, "a handle of another session")
	case e == nil:
		return code(agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_UNKNOWN_HANDLE, "a handle the agent never issued")
	case kind != want && want != agentv1.HandleKind_HANDLE_KIND_UNSPECIFIED:
		return code(agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_WRONG_HANDLE_KIND, "a "+kind.String()+" handle where a "+want.String()+" is due")
	case closed && obj == nil:
		// Closed and forgotten. An object whose close is pending (closed,
		// obj still set) still reaches the provider.
		return code(agentv1.ProtocolErrorCode_PROTOCOL_ERROR_CODE_OBJECT_CLOSED, "a handle of a closed object ("+kind.String()+")")
	}
	if kind == agentv1.HandleKind_HANDLE_KIND_ADAPTER {
		adapter = h.GetId()
	}
	return obj, adapter, nil
}

// markClosing marks a handle closing (CloseObject or CloseAdapter was
// called on it): calls still reach its object until it is forgotten.
func (s *session) markClosing(id uint64) {
	s.mu.Lock()
	if e := s.handles[id]; e != nil {
		e.closed = true
	}
	s.mu.Unlock()
}

// untrack marks a handle whose close is pending with no completion to
// say when it ends (see entry.untracked).
func (s *session) untrack(id uint64) {
	s.mu.Lock()
	if e := s.handles[id]; e != nil {
		e.untracked = true
	}
	s.mu.Unlock()
}

// forget drops the object of a closed handle (the handle stays known as
// closed); false if it was forgotten already.
func (s *session) forget(id uint64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dropRegionLocked(id)
	if e := s.handles[id]; e != nil && e.obj != nil {
		s.dropLocked(e)
		e.closed = true
		return true
	}
	return false
}

func kindOf(t ndk.ObjectType) agentv1.HandleKind { return agentv1.HandleKind(t) }
