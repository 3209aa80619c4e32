// Package model is what a consumer can observe of a conforming NDK provider
// for the endpoint, lifetime and disconnect rules, written from the NDKPI
// pages (docs/reference/ndkpi/RULES.md and the seed pages), not from any
// provider: the objects of both sides and their states, the
// antecedent/successor graph (LT-16), the pending requests and closes and
// what they wait for, every local address and port in use with the
// references that hold it (LC-2..LC-25), the connection 4-tuples (CN-3), and
// the connect handshake and disconnect scheme on both sides (CN-*, DS-*).
//
// The model is fed, in the order they happened, the consumer's calls with
// what they returned and the provider's callbacks, and answers each with the
// findings (rule, call, object, side, expected, observed) of what a
// conforming provider could not have done. Where the pages leave the
// provider a choice (inline or pending completion, a time-out of its
// choosing, a race the consumer must be ready for) the model allows every
// choice: it predicts a set of observations, never one provider's. Due
// lists what must happen now (a completion, a connect event, a disconnect
// indication) for a driver to wait for. A connector whose NdkAccept or
// NdkCompleteConnect registered no disconnect event callback
// (NoDisconnectEvent) is owed no indication; its NdkDisconnect is judged as
// any other.
//
// A model holds one address family: the sides' addresses are those of the
// family, and the endpoint keys are address and port.
package model

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

// Side is side A (index 0) or side B (index 1).
type Side int

// The two sides.
const (
	A Side = 0
	B Side = 1
)

func (s Side) String() string { return string(rune('A' + int(s))) }

// Other is the peer side.
func (s Side) Other() Side { return 1 - s }

// Kind is an object type the model tracks.
type Kind int

// Object kinds.
const (
	Listener Kind = iota
	Connector
	SharedEndpoint
	PD
	CQ
	QP
	MR
	MW
)

var kindNames = [...]string{"listener", "connector", "shared-endpoint", "pd", "cq", "qp", "mr", "mw"}

func (k Kind) String() string { return kindNames[k] }

// Ref names an object of the model; 0 is none.
type Ref int

// Phase is where a connector is in the connect handshake and the disconnect
// scheme.
type Phase int

// Connector phases.
const (
	Idle         Phase = iota // created, never connected (or a failed attempt left it so)
	Connecting                // active: NdkConnect / NdkConnectWithSharedEndpoint issued, not completed
	Connected                 // active: the connect succeeded; NdkCompleteConnect or NdkReject is next
	Incoming                  // passive: delivered by a connect event, neither accepted nor rejected
	Accepting                 // passive: NdkAccept issued, not completed
	Established               // the connection is up (CompleteConnect / Accept succeeded)
	Failed                    // the attempt failed, was rejected or given up: only a close is left
	Disconnected              // NdkDisconnect completed: the connection is fully closed (DS-10)
)

var phaseNames = [...]string{"idle", "connecting", "connected", "incoming", "accepting", "established", "failed", "disconnected"}

func (p Phase) String() string { return phaseNames[p] }

// Finding is one observation a conforming provider could not have made.
// Rules are the IDs of the rules it breaks, separated by spaces (the first
// is the one the check enforces).
type Finding struct {
	Rules, Call, Object, Side, Expected, Observed string
}

func (f Finding) String() string {
	return fmt.Sprintf("%s: %s on %s (side %s): expected %s; observed %s", f.Rules, f.Call, f.Object, f.Side, f.Expected, f.Observed)
}

// Object is one object of a side.
type Object struct {
	Ref  Ref
	Kind Kind
	Side Side
	// Closing: NdkCloseObject was issued; Closed: it completed (returned
	// STATUS_SUCCESS or its completion came).
	Closing, Closed bool
	closeOp         *Op
	ante            []Ref // antecedents, which cannot finish closing before this object
	// Listener.
	Listening, Paused bool
	listened          bool
	// Local is the bound address of a listener or shared endpoint, and a
	// connector's local address once known.
	Local netip.AddrPort
	// Connector.
	Phase                Phase
	Active               bool
	Peer                 Ref // the connector at the other end
	From                 Ref // passive: the listener; active over a shared endpoint: the shared endpoint
	Remote               netip.AddrPort
	QP                   Ref
	sentPD               []byte // private data this connector sent
	inLimit              uint32 // read limits it asked for
	outLimit             uint32
	disconnectOp         *Op
	disconnectDone       bool
	peerLeft             bool // the peer disconnected, closed or gave up
	peerLeftRace         bool // the peer left before or while this side's own disconnect was pending (DS-7)
	indications          int
	indicationDue        bool   // the peer disconnected or closed, or a fault aborted the connection: an indication must come (DS-6)
	indicationWhy        string // why, for Due
	noEvent              bool   // its NdkAccept or NdkCompleteConnect registered no disconnect event callback
	acceptOp             *Op
	completeOp           *Op
	connectOp            *Op
	connectEvent         bool // passive: counted; active: its connect event was delivered
	rejected             bool
	aborted              bool // a host fault aborted its connection
	closeCallbackRunning bool
	eventsRunning        int   // connect event callbacks running on a listener
	releasedEarly        []Ref // antecedents whose close completed while this connector was connecting
	closedAround         []Ref // antecedents whose close completed while this object's close call was in progress
	// QP.
	Used bool // bound to a connector once (DS-9: never again)
	// MR: its registration succeeded.
	Registered bool
}

// Op is a request or close the consumer issued.
type Op struct {
	ID       int
	Call     string
	Obj      Ref
	Returned bool
	Pending  bool // returned STATUS_PENDING
	Done     bool // the final status is known
	Status   ndk.Status
	// What the request was for.
	target netip.AddrPort // Listen: the address; Connect: the destination
	source netip.AddrPort // Connect: the source asked for
	st     opState
	// mustPend: the rules that make a close return STATUS_PENDING (open
	// successors, LT-16).
	mustPend string
	// completions counts the completion callbacks.
	completions int
	// issued and returnedAt: when the call was made and when it returned
	// (the provider had it by then), for the waits a provider times.
	issued, returnedAt time.Time
}

// Config is what the model knows of the adapters before any call.
type Config struct {
	Addr                   [2]netip.Addr // the sides' addresses of the family
	MaxCallerData          uint32
	MaxCalleeData          uint32
	MaxInbound, MaxOutboud [2]uint32 // the adapters' read limit maxima
	// SetupTimeout is how long the provider declares connection set-up
	// may wait for the peer (ndk.TimeoutDeclarer's "connect": an
	// NdkAccept for the peer's NdkCompleteConnect); 0: not declared.
	SetupTimeout time.Duration
}

// Model is the consumer-observable state of both sides.
type Model struct {
	cfg     Config
	objs    []*Object // by Ref-1
	ops     []*Op
	eps     map[epKey]*endpoint
	pending map[Ref][]*Op // requests not done, by object
	wrs     []*WR         // work requests posted
}

type epKey struct {
	side Side
	ap   netip.AddrPort
}

// New returns the model of two fresh adapters.
func New(cfg Config) *Model {
	return &Model{cfg: cfg, eps: map[epKey]*endpoint{}, pending: map[Ref][]*Op{}}
}

// Obj returns the object ref names.
func (m *Model) Obj(r Ref) *Object {
	if r <= 0 || int(r) > len(m.objs) {
		return nil
	}
	return m.objs[r-1]
}

// Objects are the objects of side s of kind k for which keep says yes, in
// creation order.
func (m *Model) Objects(s Side, k Kind, keep func(*Object) bool) []Ref {
	var out []Ref
	for _, o := range m.objs {
		if o.Side == s && o.Kind == k && (keep == nil || keep(o)) {
			out = append(out, o.Ref)
		}
	}
	return out
}

// Name is the harness name of an object in findings and sequences.
func (m *Model) Name(r Ref) string {
	o := m.Obj(r)
	if o == nil {
		return "none"
	}
	return fmt.Sprintf("%s#%d", o.Kind, o.Ref)
}

// Addr is side s's address with port.
func (m *Model) Addr(s Side, port uint16) netip.AddrPort {
	return netip.AddrPortFrom(m.cfg.Addr[s], port)
}

// Open says whether an object exists and no close was issued on it (the
// consumer may use it: CR-8).
func (o *Object) Open() bool { return o != nil && !o.Closing }

// Add records an object the provider created for side s. ante are its
// antecedents (a QP's PD and CQ).
func (m *Model) Add(s Side, k Kind, ante ...Ref) Ref {
	o := &Object{Ref: Ref(len(m.objs) + 1), Kind: k, Side: s, ante: ante}
	m.objs = append(m.objs, o)
	return o.Ref
}

func (m *Model) find(o *Object, call, rules, expected, observed string) *Finding {
	return &Finding{Rules: rules, Call: call, Object: m.Name(o.Ref), Side: o.Side.String(), Expected: expected, Observed: observed}
}

func (m *Model) newOp(call string, o *Object) *Op {
	op := &Op{ID: len(m.ops) + 1, Call: call, Obj: o.Ref, issued: time.Now()}
	m.ops = append(m.ops, op)
	m.pending[o.Ref] = append(m.pending[o.Ref], op)
	return op
}

func (m *Model) names(objs []*Object) string {
	var n []string
	for _, o := range objs {
		n = append(n, m.Name(o.Ref))
	}
	return strings.Join(n, ", ")
}

func statusIn(st ndk.Status, set []ndk.Status) bool { return slices.Contains(set, st) }

func statusList(set []ndk.Status) string {
	var n []string
	for _, s := range set {
		n = append(n, s.String())
	}
	if len(n) == 1 {
		return n[0]
	}
	return "one of " + strings.Join(n, ", ")
}

// ephemeral says whether port is in the ephemeral range.
func ephemeral(port uint16) bool {
	return port >= ndk.EphemeralPortFirst && port <= ndk.EphemeralPortLast
}

// Listened says whether NdkListen was issued on listener o.
func (o *Object) Listened() bool { return o.listened }

// Disconnecting says whether NdkDisconnect was issued on connector o.
func (o *Object) Disconnecting() bool { return o.disconnectOp != nil }

// Antecedents are the objects o was created from or bound to.
func (o *Object) Antecedents() []Ref { return o.ante }

// Target is the address a Listen asked for, or a Connect's destination.
func (op *Op) Target() netip.AddrPort { return op.target }
