package memory

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	"pgregory.net/rapid"
)

// memModelRules are the rules the memory model checks at every step.
var memModelRules = suite.Rules{"MR-15", "MR-16", "QP-14"}

// The memory model: random sequences (rapid's state machines, shrunk on
// failure) of side B registering regions (sizes down to one byte, remote
// read, write, both or neither), deregistering them, creating MWs,
// binding windows to any [off, off+n) of a region (edges included; a
// window not bound, one time in six, to 0 bytes: any status passes, and
// one that succeeds grants no byte, OPEN-5),
// rebinding them, invalidating them, and side A's NdkRead and NdkWrite
// under a token (a region's, a window's, one made stale by a
// deregistration, an invalidation or a rebind, a wrong one) at the edges
// of the range the token was for: the first byte, the last, the byte
// before, the byte past, across each edge, the whole range and one more.
// The model knows which tokens are valid now, what range and rights each
// grants, and the bytes of every region. An access it allows must succeed
// and move exactly its bytes; one it denies must fail (any status: the
// pages of NdkWrite and NdkRead allow every failure) and move no byte of
// any region, nor into the read's sink (MR-16; a read that also goes past
// the end of the memory the token reaches, QP-14). A bind asking for
// remote write on a region registered without local write must fail with
// STATUS_ACCESS_VIOLATION (MR-15).
//
// The sequences keep to what the pages decide: a bind asking for a
// remote right the region was not registered with (but for MR-15's case)
// may succeed or fail with STATUS_ACCESS_VIOLATION, so it is made only on
// a window not bound (it is bound after exactly when it succeeded); a
// region with a window bound to it is not deregistered (the pages do not
// say what a deregistration does to the windows over it); token values
// may be reused (a token handed out again is valid again), and tokens are
// judged by value: an access is allowed when some valid token of that
// value grants it. Connections are used as the helpers use them: a
// denied access, and a bind that may fail, get a connection of their own
// (a failed request may end it); a window is rebound and invalidated on
// the side B QP that bound it, and an access the model allows through it
// goes over that connection (a provider may tie windows to their QP);
// the other binds and allowed accesses share one connection per sequence.
// Each sequence closes what it created.
var _ = Describe("Model of memory tokens, windows and remote access", Label("memory", "model"), func() {
	suite.ModelIt(memModelRules, "keeps every remote NdkRead and NdkWrite of random sequences of register, deregister, bind, rebind, invalidate and remote access within what the valid tokens grant: an access the model allows succeeds and moves exactly its bytes, one it denies fails and moves no byte (MR-16, QP-14), and a bind of remote write over a region without local write fails (MR-15)", func() {
		p := suite.NewPair(suite.IPv4)
		d := suite.DirectFor(suite.IPv4)
		runMemModel(newLink(p), d, CurrentSpecReport().FullText())
	})
})

// The regions' sizes, flags and the windows' rights a sequence draws from.
var (
	mmSizes = []int{1, 2, 3, 7, 64, 333, 4096}
	mmFlags = []uint32{0, ndk.MRFlagAllowLocalWrite, ndk.MRFlagAllowRemoteRead, ndk.MRFlagAllowRemoteRead | ndk.MRFlagAllowLocalWrite,
		ndk.MRFlagAllowRemoteWrite, ndk.MRFlagAllowRemoteWrite | ndk.MRFlagAllowRemoteRead}
	mmRights = []uint32{ndk.OpFlagAllowRemoteRead, ndk.OpFlagAllowRemoteWrite, memWindow}
	// mmBits are the bits a wrong token flips: low and high halves.
	mmBits = []uint{0, 1, 7, 15, 16, 23, 31}
)

const (
	mmRemoteWrite = ndk.MRFlagAllowRemoteWrite &^ ndk.MRFlagAllowLocalWrite // the bit REMOTE_WRITE adds
	mmWindowWrite = ndk.OpFlagAllowRemoteWrite &^ ndk.OpFlagAllowLocalWrite
	mmMaxRegions  = 6
	mmMaxWindows  = 3
)

// mmFinding is a step that broke a rule.
type mmFinding struct {
	rules, call, object string
	// kind says what broke without the values that differ between
	// replays (addresses, tokens, object names): rapid shrinks a failure
	// only to sequences that fail with the same message.
	kind               string
	expected, observed string
}

// mmRegion is a registration of side B and what the model says it holds.
type mmRegion struct {
	name  string
	mr    *suite.MR
	view  *suite.MR // its bytes are read through it: mr, or once deregistered a local-only registration of the same buffer
	keep  *suite.MR
	flags uint32
	token uint32 // its remote token
	live  bool
	bytes []byte
}

// mmRange is [off, off+n) of a region.
type mmRange struct {
	reg    *mmRegion
	off, n int
}

func (r mmRange) String() string {
	return fmt.Sprintf("[%d, %d) of %s", r.off, r.off+r.n, r.reg.name)
}

// mmWindow is an MW of side B.
type mmWindow struct {
	name   string
	mw     *suite.MW
	home   *suite.Connection // the connection whose side B QP bound it
	bound  bool
	at     mmRange // its binding, or the last one (reg nil: never bound)
	prev   mmRange // the binding before the last rebind (reg nil: none)
	rights uint32
	token  uint32 // the token after its last successful bind
	before uint32 // the token before the last rebind (0: none)
}

// mmGrant is what a valid token grants.
type mmGrant struct {
	what        string
	at          mmRange
	read, write bool
	home        *suite.Connection // the connection to use (nil: a new one)
}

func (g mmGrant) covers(va uint64, n int) bool {
	lo := g.at.reg.mr.VA + uint64(g.at.off)
	return va >= lo && va+uint64(n) <= lo+uint64(g.at.n)
}

// memWorld is one sequence.
type memWorld struct {
	t       *rapid.T
	k       *memLink
	regions []*mmRegion
	windows []*mmWindow
	notes   map[uint32]string // what each token the sequence saw was
	conns   []*suite.Connection
	shared  *suite.Connection
	steps   []string
	failure *mmFinding
	data    byte
}

func (w *memWorld) step(format string, args ...any) {
	w.steps = append(w.steps, fmt.Sprintf(format, args...))
}

func (w *memWorld) fail(f mmFinding) {
	w.failure = &f
	w.t.Fatalf("%s %s: %s", f.rules, f.call, f.kind)
}

func (w *memWorld) note(token uint32, what string) {
	if token != 0 {
		w.notes[token] = what
	}
}

// sharedConn is the sequence's connection for the binds and accesses the
// model says succeed (they leave a connection up), made at first use.
func (w *memWorld) sharedConn() *suite.Connection {
	GinkgoHelper()
	if w.shared == nil {
		w.shared = w.connect()
	}
	return w.shared
}

// connect is a new connection of the sequence's, closed at its end.
func (w *memWorld) connect() *suite.Connection {
	GinkgoHelper()
	c := w.k.connect()
	w.conns = append(w.conns, c)
	return c
}

func flagNames(flags uint32) string {
	var fs []string
	if flags&ndk.MRFlagAllowLocalWrite != 0 {
		fs = append(fs, "LOCAL_WRITE")
	}
	if flags&ndk.MRFlagAllowRemoteRead != 0 {
		fs = append(fs, "REMOTE_READ")
	}
	if flags&mmRemoteWrite != 0 {
		fs = append(fs, "REMOTE_WRITE")
	}
	if len(fs) == 0 {
		return "LOCAL_READ only"
	}
	return strings.Join(fs, "|")
}

func rightNames(rights uint32) string {
	switch rights {
	case ndk.OpFlagAllowRemoteRead:
		return "ALLOW_REMOTE_READ"
	case ndk.OpFlagAllowRemoteWrite:
		return "ALLOW_REMOTE_WRITE"
	}
	return "ALLOW_REMOTE_READ|ALLOW_REMOTE_WRITE"
}

// drawWindow draws one of the windows that are ok, or skips the step,
// saying why, when none is.
func (w *memWorld) drawWindow(t *rapid.T, ok func(*mmWindow) bool, none string) *mmWindow {
	some := slices.DeleteFunc(slices.Clone(w.windows), func(x *mmWindow) bool { return !ok(x) })
	if len(some) == 0 {
		t.Skip(none)
	}
	return rapid.SampledFrom(some).Draw(t, "window")
}

func everBound(x *mmWindow) bool { return x.at.reg != nil }

func (w *memWorld) live() []*mmRegion {
	return slices.DeleteFunc(slices.Clone(w.regions), func(r *mmRegion) bool { return !r.live })
}

func (w *memWorld) register(t *rapid.T) {
	GinkgoHelper()
	if len(w.live()) >= mmMaxRegions {
		t.Skip("enough regions live")
	}
	size := rapid.SampledFrom(mmSizes).Draw(t, "size")
	flags := rapid.SampledFrom(mmFlags).Draw(t, "flags")
	w.data++
	mr := w.k.B.region(size, flags, w.data*29)
	local, token := mr.Tokens()
	r := &mmRegion{name: fmt.Sprintf("region#%d", len(w.regions)+1), mr: mr, view: mr, flags: flags, token: token, live: true, bytes: bytes.Clone(mr.Buf)}
	w.regions = append(w.regions, r)
	w.note(local, r.name+"'s local token")
	w.note(token, r.name+"'s remote token")
	w.step("B: register %s (%s): %d byte(s) at %#x, %s; remote token %#x", r.name, mr.ID(), size, mr.VA, flagNames(flags), token)
}

func (w *memWorld) deregister(t *rapid.T) {
	GinkgoHelper()
	var free []*mmRegion
	for _, r := range w.live() {
		if !slices.ContainsFunc(w.windows, func(x *mmWindow) bool { return x.bound && x.at.reg == r }) {
			free = append(free, r)
		}
	}
	if len(free) == 0 {
		t.Skip("no live region without a window bound to it")
	}
	r := rapid.SampledFrom(free).Draw(t, "region")
	// A second, local-only registration of the buffer keeps its bytes
	// readable.
	r.keep = w.k.B.pd.CreateMR(false).MustObject()
	suite.MustSucceed(r.keep.Register(r.mr.Buf, ndk.MRFlagAllowLocalWrite))
	local, remote := r.keep.Tokens()
	w.note(local, r.name+"'s keeper's local token")
	w.note(remote, r.name+"'s keeper's remote token (registered for local access only)")
	w.step("B: deregister %s (its remote token %#x now stale; its buffer kept readable by %s)", r.name, r.token, r.keep.ID())
	if st := r.mr.Deregister().Wait(); st != ndk.StatusSuccess {
		w.fail(mmFinding{call: "NdkDeregisterMr", object: r.mr.ID(), kind: "the deregistration failed", expected: "STATUS_SUCCESS (a step the model needs)", observed: st.String()})
	}
	r.live, r.view = false, r.keep
	w.note(r.token, r.name+"'s remote token, stale since its deregistration")
}

func (w *memWorld) createMW(t *rapid.T) {
	GinkgoHelper()
	if len(w.windows) >= mmMaxWindows {
		t.Skip("enough windows")
	}
	x := &mmWindow{name: fmt.Sprintf("window#%d", len(w.windows)+1), mw: w.k.B.pd.CreateMW().MustObject()}
	w.windows = append(w.windows, x)
	tok := x.mw.Token()
	w.note(tok, x.name+"'s token, never bound")
	w.step("B: create %s (%s), token %#x", x.name, x.mw.ID(), tok)
}

func (w *memWorld) bind(t *rapid.T) {
	GinkgoHelper()
	live := w.live()
	if len(w.windows) == 0 || len(live) == 0 {
		t.Skip("no window or no live region")
	}
	w.bindTo(t, rapid.SampledFrom(w.windows).Draw(t, "window"), rapid.SampledFrom(live).Draw(t, "region"))
}

// rebind binds a bound window again, to another region when there is one
// with remote rights.
func (w *memWorld) rebind(t *rapid.T) {
	GinkgoHelper()
	x := w.drawWindow(t, func(x *mmWindow) bool { return x.bound }, "no window bound")
	others := slices.DeleteFunc(w.live(), func(r *mmRegion) bool {
		return r == x.at.reg || r.flags&(ndk.MRFlagAllowRemoteRead|mmRemoteWrite) == 0
	})
	if len(others) == 0 {
		others = []*mmRegion{x.at.reg}
	}
	w.bindTo(t, x, rapid.SampledFrom(others).Draw(t, "region"))
}

// bindTo binds x to a range of r drawn at its edges, with rights drawn.
func (w *memWorld) bindTo(t *rapid.T, x *mmWindow, r *mmRegion) {
	GinkgoHelper()
	size := len(r.bytes)
	var off, n int
	switch rapid.IntRange(0, 2).Draw(t, "offset at") {
	case 0:
		off = 0
	case 1:
		off = size - 1
	default:
		off = rapid.IntRange(0, size-1).Draw(t, "offset")
	}
	switch rapid.IntRange(0, 2).Draw(t, "length to") {
	case 0:
		n = 1
	case 1:
		n = size - off
	default:
		n = rapid.IntRange(1, size-off).Draw(t, "length")
	}
	rights := rapid.SampledFrom(mmRights).Draw(t, "rights")
	wantWrite := rights&mmWindowWrite != 0
	mustFail := wantWrite && r.flags&ndk.MRFlagAllowLocalWrite == 0
	unsure := !mustFail && (rights&ndk.OpFlagAllowRemoteRead != 0 && r.flags&ndk.MRFlagAllowRemoteRead == 0 || wantWrite && r.flags&mmRemoteWrite == 0)
	if !x.bound && rapid.IntRange(0, 5).Draw(t, "0 bytes") == 0 {
		// OPEN-5: a bind of 0 bytes (of a window not bound: what a failed
		// rebind leaves is not decided) may fail with any status, inline
		// or in its completion; one that succeeds gives remote access to
		// no byte.
		w.bindZero(x, r, off, rights)
		return
	}
	if x.bound && (mustFail || unsure) {
		// What a failed rebind leaves of the binding before it is not
		// decided: a bound window is bound again only with rights the
		// region grants remotely.
		rights = 0
		if r.flags&ndk.MRFlagAllowRemoteRead != 0 {
			rights |= ndk.OpFlagAllowRemoteRead
		}
		if r.flags&mmRemoteWrite != 0 {
			rights |= ndk.OpFlagAllowRemoteWrite
		}
		if rights == 0 {
			t.Skip("a bound window is rebound only to a region with remote rights")
		}
		mustFail, unsure = false, false
	}
	at := mmRange{r, off, n}
	// A bind that may fail gets a connection of its own (a failed bind
	// may end it); another goes over the window's connection, or the
	// sequence's shared one.
	c := x.home
	switch {
	case mustFail || unsure:
		c = w.connect()
	case c == nil:
		c = w.sharedConn()
	}
	verb := "bind"
	if x.bound {
		verb = "rebind"
	}
	what := fmt.Sprintf("%s %s to %s (%s) with %s", verb, x.name, at, r.mr.ID(), rightNames(rights))
	switch {
	case mustFail:
		w.step("B: %s on %s: the model says it fails with STATUS_ACCESS_VIOLATION (no LOCAL_WRITE on the region)", what, c.PassiveQP.ID())
	case unsure:
		w.step("B: %s on %s: the region lacks a right asked for, so the model allows success or STATUS_ACCESS_VIOLATION", what, c.PassiveQP.ID())
	default:
		w.step("B: %s on %s", what, c.PassiveQP.ID())
	}
	tok, st := bindOn(c, verb, x.mw, bindStep{r.mr, off, n}, rights)
	switch {
	case mustFail && st != ndk.StatusAccessViolation:
		w.fail(mmFinding{rules: "MR-15", call: "NdkBind", object: c.PassiveQP.ID(), kind: "a bind of remote write over a region without local write did not fail with STATUS_ACCESS_VIOLATION",
			expected: fmt.Sprintf("STATUS_ACCESS_VIOLATION, inline or in its completion: %s asks for remote write on %s, registered without NDK_MR_FLAG_ALLOW_LOCAL_WRITE (%s)", x.name, r.name, flagNames(r.flags)),
			observed: st.String()})
	case mustFail, unsure && st == ndk.StatusAccessViolation:
		w.note(tok, x.name+"'s token after a failed bind")
		w.step("   NdkBind failed with %v: %s is not bound (token %#x)", st, x.name, tok)
		return
	case unsure && st != ndk.StatusSuccess:
		w.fail(mmFinding{call: "NdkBind", object: c.PassiveQP.ID(), kind: "a bind asking for a right the region lacks failed with another status than STATUS_ACCESS_VIOLATION",
			expected: fmt.Sprintf("STATUS_SUCCESS or STATUS_ACCESS_VIOLATION (MR-15: the region, %s, may not allow the access %s asks for)", flagNames(r.flags), rightNames(rights)),
			observed: st.String()})
	case st != ndk.StatusSuccess:
		w.fail(mmFinding{call: "NdkBind", object: c.PassiveQP.ID(), kind: "a bind the region allows failed",
			expected: fmt.Sprintf("STATUS_SUCCESS (a step the model needs: %s allows the access %s asks for)", flagNames(r.flags), rightNames(rights)),
			observed: st.String()})
	}
	if x.bound {
		x.prev, x.before = x.at, x.token
		w.note(x.token, fmt.Sprintf("%s's token from before its rebind to %s", x.name, at))
	}
	x.home, x.bound, x.at, x.rights, x.token = c, true, at, rights, tok
	w.note(tok, fmt.Sprintf("%s's token, bound to %s with %s", x.name, at, rightNames(rights)))
	w.step("   %s's token: %#x", x.name, tok)
}

// bindZero binds x, not bound, to 0 bytes at off of r on a connection of
// its own (a failed bind may end it): any status passes (OPEN-5). After a
// success side A reads or writes 1 byte at the window's address under its
// token: it must fail and move no byte (MR-16, access).
func (w *memWorld) bindZero(x *mmWindow, r *mmRegion, off int, rights uint32) {
	GinkgoHelper()
	at := mmRange{r, off, 0}
	c := w.connect()
	w.step("B: bind %s to %s (%s) with %s, 0 bytes, on %s: any status passes (OPEN-5)", x.name, at, r.mr.ID(), rightNames(rights), c.PassiveQP.ID())
	tok, st := bindOn(c, "bind", x.mw, bindStep{r.mr, off, 0}, rights)
	if st != ndk.StatusSuccess {
		w.note(tok, x.name+"'s token after a failed bind of 0 bytes")
		w.step("   NdkBind failed with %v: %s is not bound (token %#x)", st, x.name, tok)
		return
	}
	x.home, x.bound, x.at, x.rights, x.token = c, true, at, rights, tok
	w.note(tok, fmt.Sprintf("%s's token, bound to %s (0 bytes) with %s", x.name, at, rightNames(rights)))
	w.step("   %s's token: %#x", x.name, tok)
	w.access(rapid.Bool().Draw(w.t, "write"), tok, x.name+"'s token (a window of 0 bytes)", at, 0)
}

func (w *memWorld) invalidate(t *rapid.T) {
	GinkgoHelper()
	x := w.drawWindow(t, func(x *mmWindow) bool { return x.bound }, "no window bound")
	w.step("B: NdkInvalidate %s on %s (token %#x now stale)", x.name, x.home.PassiveQP.ID(), x.token)
	if st := invalidateOn(x.home, x.mw); st != ndk.StatusSuccess {
		w.fail(mmFinding{call: "NdkInvalidate", object: x.home.PassiveQP.ID(), kind: "the invalidation of a bound window failed", expected: "STATUS_SUCCESS (a step the model needs: the window is bound)", observed: st.String()})
	}
	x.bound = false
	w.note(x.token, fmt.Sprintf("%s's token, stale since its invalidation", x.name))
}

// The edges an access aims at, relative to the range its token was for.
var mmEdges = []string{"the first byte", "the last byte", "the byte before", "the byte before and the first", "the byte past", "the last byte and the byte past", "the whole range", "the whole range and the byte past"}

// drawEdge draws an edge: as often one inside the range as one across
// its edges.
func drawEdge(t *rapid.T) int {
	if rapid.Bool().Draw(t, "inside") {
		return rapid.SampledFrom([]int{0, 1, 6}).Draw(t, "edge")
	}
	return rapid.SampledFrom([]int{2, 3, 4, 5, 7}).Draw(t, "edge")
}

// aim is where edge e of rg is: the address and length of the access.
func aim(rg mmRange, e int) (uint64, int) {
	start := rg.reg.mr.VA + uint64(rg.off)
	end := start + uint64(rg.n)
	switch e {
	case 0:
		return start, 1
	case 1:
		return end - 1, 1
	case 2:
		return start - 1, 1
	case 3:
		return start - 1, 2
	case 4:
		return end, 1
	case 5:
		return end - 1, 2
	case 6:
		// A range of 0 bytes (a window bound to 0 bytes, OPEN-5): its
		// first byte, which it does not grant (an access of 0 bytes may
		// be refused, inline).
		return start, max(rg.n, 1)
	}
	return start, rg.n + 1
}

// grants are the grants of the valid tokens of value token.
func (w *memWorld) grants(token uint32) []mmGrant {
	var gs []mmGrant
	for _, r := range w.regions {
		if r.live && r.token == token {
			gs = append(gs, mmGrant{what: r.name + "'s remote token", at: mmRange{r, 0, len(r.bytes)},
				read: r.flags&ndk.MRFlagAllowRemoteRead != 0, write: r.flags&mmRemoteWrite != 0})
		}
	}
	for _, x := range w.windows {
		if x.bound && x.token == token {
			gs = append(gs, mmGrant{what: x.name + "'s token", at: x.at, home: x.home,
				read: x.rights&ndk.OpFlagAllowRemoteRead != 0, write: x.rights&mmWindowWrite != 0})
		}
	}
	return gs
}

func (g mmGrant) String() string {
	var rs []string
	if g.read {
		rs = append(rs, "read")
	}
	if g.write {
		rs = append(rs, "write")
	}
	if len(rs) == 0 {
		rs = []string{"no remote access"}
	}
	return fmt.Sprintf("%s grants %s of %s", g.what, strings.Join(rs, " and "), g.at)
}

// access is side A's remote access at edge e of rg under token (what
// says which token it is), checked against the model.
func (w *memWorld) access(write bool, token uint32, what string, rg mmRange, e int) {
	GinkgoHelper()
	va, n := aim(rg, e)
	gs := w.grants(token)
	var g *mmGrant
	for i := range gs {
		if gs[i].covers(va, n) && (write && gs[i].write || !write && gs[i].read) {
			g = &gs[i]
			break
		}
	}
	call := opName(write)
	desc := fmt.Sprintf("%s of %d byte(s) at %#x (%s of %s) under %s (%#x)", call, n, va, mmEdges[e], rg, what, token)
	w.data++
	data := memPattern(n, w.data*53)
	var c *suite.Connection
	switch {
	case g != nil && g.home != nil:
		c = g.home
	case g != nil:
		c = w.sharedConn()
	default:
		c = w.connect()
	}
	if g != nil {
		w.step("A: %s: allowed (%s)", desc, g)
	} else {
		w.step("A: %s: denied (%s)", desc, w.why(token))
	}
	st, got := w.k.probe(write, func() (*suite.Connection, uint32) { return c, token }, va, data)
	v := mmFinding{rules: "MR-16", call: call, object: c.ActiveQP.ID()}
	switch {
	case g != nil && st != ndk.StatusSuccess:
		v.kind = "an access the model allows failed"
		v.expected, v.observed = fmt.Sprintf("STATUS_SUCCESS: %s (%s)", desc, g), st.String()
		w.fail(v)
	case g != nil:
		off := int(va - g.at.reg.mr.VA)
		if write {
			copy(g.at.reg.bytes[off:], data)
		} else if !bytes.Equal(got, g.at.reg.bytes[off:off+n]) {
			v.kind = "an allowed read did not read the region's bytes"
			v.expected, v.observed = fmt.Sprintf("%s reads the bytes %s holds at [%d, %d): % x", desc, g.at.reg.name, off, off+n, clip(g.at.reg.bytes[off:off+n])), fmt.Sprintf("% x", clip(got))
			w.fail(v)
		}
	case st == ndk.StatusSuccess:
		if !write && w.pastEnd(gs, va, n) {
			v.rules = "MR-16 QP-14" // a read that goes past the end of the memory the token reaches
		}
		v.kind = "an access the model denies succeeded"
		v.expected, v.observed = fmt.Sprintf("a failure: %s (%s)", desc, w.why(token)), "STATUS_SUCCESS"
		w.fail(v)
	case !write && !bytes.Equal(got, data):
		v.kind = "a denied read moved data into its sink"
		v.expected, v.observed = fmt.Sprintf("%s fails (%v) and moves no data: the sink keeps its bytes % x", desc, st, clip(data)), fmt.Sprintf("the sink holds % x", clip(got))
		w.fail(v)
	}
	// No byte of any region changes but those the model says a write
	// moved.
	for _, x := range w.regions {
		have := x.view.Bytes()
		if !bytes.Equal(have, x.bytes) {
			at := 0
			for at < len(have) && have[at] == x.bytes[at] {
				at++
			}
			v.kind = "a region's bytes are not the model's after an access"
			v.expected = fmt.Sprintf("after %s (%v), %s holds what the model says: byte %d is %#02x", desc, st, x.name, at, x.bytes[at])
			v.observed = fmt.Sprintf("byte %d is %#02x", at, have[at])
			w.fail(v)
		}
	}
}

// clip shortens a byte dump for a message.
func clip(b []byte) []byte { return b[:min(len(b), 16)] }

// pastEnd reports whether [va, va+n) starts inside memory one of gs
// grants read of and goes past its end.
func (w *memWorld) pastEnd(gs []mmGrant, va uint64, n int) bool {
	for _, g := range gs {
		lo := g.at.reg.mr.VA + uint64(g.at.off)
		hi := lo + uint64(g.at.n)
		if g.read && va >= lo && va < hi && va+uint64(n) > hi {
			return true
		}
	}
	return false
}

// why says why the model denies access under token.
func (w *memWorld) why(token uint32) string {
	gs := w.grants(token)
	if len(gs) == 0 {
		if what, ok := w.notes[token]; ok {
			return fmt.Sprintf("no valid token has the value %#x: it is %s", token, what)
		}
		return fmt.Sprintf("no valid token has the value %#x", token)
	}
	var s []string
	for _, g := range gs {
		s = append(s, g.String())
	}
	return "the access is outside what the token grants: " + strings.Join(s, "; ")
}

func (w *memWorld) accessRegion(t *rapid.T) {
	GinkgoHelper()
	r := rapid.SampledFrom(w.regions).Draw(t, "region")
	what := r.name + "'s remote token"
	if !r.live {
		what += ", stale since its deregistration"
	}
	w.access(rapid.Bool().Draw(t, "write"), r.token, what, mmRange{r, 0, len(r.bytes)}, drawEdge(t))
}

func (w *memWorld) accessWindow(t *rapid.T) {
	GinkgoHelper()
	x := w.drawWindow(t, everBound, "no window was bound")
	token, what, rg := x.token, x.name+"'s token", x.at
	if !x.bound {
		what += ", stale since its invalidation"
	}
	if x.prev.reg != nil && rapid.IntRange(0, 2).Draw(t, "at the binding before the rebind") > 0 {
		rg = x.prev
		what += ", at its binding before the last rebind"
		if rapid.Bool().Draw(t, "the token from before the rebind") {
			token = x.before
			what = x.name + "'s token from before its last rebind, at the binding it had then"
		}
	}
	w.access(rapid.Bool().Draw(t, "write"), token, what, rg, drawEdge(t))
}

func (w *memWorld) accessWrong(t *rapid.T) {
	GinkgoHelper()
	var token uint32
	var what string
	var rg mmRange
	if slices.ContainsFunc(w.windows, everBound) && rapid.Bool().Draw(t, "a window's") {
		x := w.drawWindow(t, everBound, "")
		token, what, rg = x.token, x.name+"'s token", x.at
	} else {
		r := rapid.SampledFrom(w.regions).Draw(t, "region")
		token, what, rg = r.token, r.name+"'s remote token", mmRange{r, 0, len(r.bytes)}
	}
	bit := rapid.SampledFrom(mmBits).Draw(t, "bit")
	known := []uint32{w.k.B.pd.PrivilegedToken()}
	for tok := range w.notes {
		known = append(known, tok)
	}
	wrong := wrongToken(token, bit, known...)
	w.note(wrong, fmt.Sprintf("a wrong token (%s with bit %d flipped)", what, bit))
	w.access(rapid.Bool().Draw(t, "write"), wrong, fmt.Sprintf("a wrong token (%s %#x with bit %d flipped)", what, token, bit), rg, drawEdge(t))
}

func (w *memWorld) run() {
	GinkgoHelper()
	w.register(w.t)
	w.createMW(w.t)
	w.t.Repeat(map[string]func(*rapid.T){
		"register":                      w.register,
		"deregister":                    w.deregister,
		"create an MW":                  w.createMW,
		"bind":                          w.bind,
		"rebind":                        w.rebind,
		"invalidate":                    w.invalidate,
		"access under a region's token": w.accessRegion,
		"access under a window's token": w.accessWindow,
		"access under a wrong token":    w.accessWrong,
	})
}

// clean closes what the sequence created, successors first, so that the
// next sequence starts with the link alone.
func (w *memWorld) clean() {
	GinkgoHelper()
	var ops []*suite.Op
	for _, x := range w.windows {
		ops = append(ops, x.mw.Close())
	}
	for _, op := range ops {
		suite.MustSucceed(op)
	}
	ops = ops[:0]
	for _, r := range w.regions {
		ops = append(ops, r.mr.Close())
		if r.keep != nil {
			ops = append(ops, r.keep.Close())
		}
	}
	for _, c := range w.conns {
		ops = append(ops, c.Active.Close(), c.Passive.Close())
	}
	for _, op := range ops {
		suite.MustSucceed(op)
	}
	ops = ops[:0]
	for _, c := range w.conns {
		ops = append(ops, c.ActiveQP.Close(), c.PassiveQP.Close())
	}
	for _, op := range ops {
		suite.MustSucceed(op)
	}
	ops = ops[:0]
	for _, c := range w.conns {
		ops = append(ops, c.ActiveQP.InitiatorCQ.Close(), c.PassiveQP.InitiatorCQ.Close())
	}
	for _, op := range ops {
		suite.MustSucceed(op)
	}
}

// runMemModel runs the model's sequences with rapid and fails the spec
// with the shortest failing sequence found.
func runMemModel(k *memLink, d suite.Direct, text string) {
	GinkgoHelper()
	var last *memWorld
	sequences, firstFailure := 0, 0
	var shrinkEnd time.Time
	tb := suite.RapidCheck(text, uint64(d.Seed)*1000003+16, d.Sequences, d.Steps, d.ShrinkTime, func(t *rapid.T) {
		// rapid looks at its shrink time only between passes: past the
		// budget, the remaining replays are refused before they start.
		if last != nil && time.Now().After(shrinkEnd) {
			t.Skip("not replayed: the shrink time is spent")
		}
		sequences++
		w := &memWorld{t: t, k: k, notes: map[uint32]string{}}
		defer func() {
			if w.failure != nil {
				// The shortest sequence that fails as the first did.
				switch {
				case last == nil:
					shrinkEnd = time.Now().Add(d.ShrinkTime)
					firstFailure = sequences
					last = w
				case w.failure.rules == last.failure.rules && w.failure.kind == last.failure.kind && len(w.steps) <= len(last.steps):
					last = w
				}
			}
			w.clean()
		}()
		w.run()
	})
	if !tb.Failed() {
		return
	}
	if last == nil {
		tb.ViolateHarness("memory model")
		return
	}
	details := fmt.Sprintf("Shortest failing sequence found (%d steps; run seed %d, failed at sequence %d of %d):\n%sReplay: %s",
		len(last.steps), d.Seed, firstFailure, d.Sequences, suite.NumberedSteps(last.steps), d.ReplayCommand(text, firstFailure))
	f := last.failure
	suite.ViolateWith(f.rules, finding.Violation{Call: f.call, Object: f.object, Expected: f.expected, Observed: f.observed}, details)
}
