package memory

import (
	"bytes"
	"fmt"
	"math/rand/v2"

	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// A random sequence of registrations, deregistrations, binds, rebinds,
// invalidations and remote accesses, each access checked against a small
// model of which tokens are valid and which bytes each region holds.

type seqRegion struct {
	mr     *suite.MR
	token  uint32
	live   bool
	shadow []byte // what the model says the region holds
}

type seqWindow struct {
	mw     *suite.MW
	token  uint32
	bound  bool
	reg    *seqRegion
	off, n int
	// The binding before the last rebind, which the window must no longer
	// reach.
	prevReg        *seqRegion
	prevOff, prevN int
}

type seqModel struct {
	k       *memLink
	rng     *rand.Rand
	regions []*seqRegion
	windows []*seqWindow
	stale   []uint32 // tokens of deregistered regions and of windows since rebound or invalidated
	log     []string
}

func (m *seqModel) step(format string, args ...any) {
	m.log = append(m.log, fmt.Sprintf(format, args...))
}

func (m *seqModel) history() string {
	start := max(0, len(m.log)-12)
	return fmt.Sprintf("the sequence so far (last %d steps):\n  %s", len(m.log)-start, joinLines(m.log[start:]))
}

func joinLines(ls []string) string {
	var b bytes.Buffer
	for i, l := range ls {
		if i > 0 {
			b.WriteString("\n  ")
		}
		b.WriteString(l)
	}
	return b.String()
}

// issued removes a token the provider handed out again from the stale ones.
func (m *seqModel) issued(t uint32) {
	for i, s := range m.stale {
		if s == t {
			m.stale = append(m.stale[:i], m.stale[i+1:]...)
			return
		}
	}
}

func (m *seqModel) live() []*seqRegion {
	var out []*seqRegion
	for _, r := range m.regions {
		if r.live {
			out = append(out, r)
		}
	}
	return out
}

func (m *seqModel) register() {
	GinkgoHelper()
	size := 64 + m.rng.IntN(512)
	mr := m.k.B.region(size, memRemote, byte(m.rng.IntN(256)))
	_, token := mr.Tokens()
	m.issued(token)
	m.regions = append(m.regions, &seqRegion{mr: mr, token: token, live: true, shadow: bytes.Clone(mr.Buf)})
	m.step("register region %d: %d bytes at %#x, remote token %#x", len(m.regions)-1, size, mr.VA, token)
}

func (m *seqModel) deregister(r *seqRegion) {
	GinkgoHelper()
	for _, w := range m.windows {
		if w.bound && w.reg == r {
			return // a region with a window bound stays
		}
	}
	suite.MustSucceed(r.mr.Deregister())
	r.live = false
	m.stale = append(m.stale, r.token)
	m.step("deregister the region at %#x (token %#x now stale)", r.mr.VA, r.token)
}

func (m *seqModel) bind(w *seqWindow, r *seqRegion) {
	GinkgoHelper()
	off := m.rng.IntN(len(r.shadow))
	n := 1 + m.rng.IntN(len(r.shadow)-off)
	c := m.k.connect()
	st := c.PassiveQP.Bind("bind", r.mr, w.mw, r.mr.VA+uint64(off), uint64(n), memWindow)
	token := w.mw.Token()
	st = complete(c.PassiveQP.InitiatorCQ, st)
	suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkBind of a window to [%d, %d) of a region registered for remote access\n%s", off, off+n, m.history())
	if w.token != 0 && w.token != token {
		m.stale = append(m.stale, w.token)
	}
	m.issued(token)
	if w.reg != nil {
		w.prevReg, w.prevOff, w.prevN = w.reg, w.off, w.n
	}
	w.token, w.bound, w.reg, w.off, w.n = token, true, r, off, n
	m.step("bind window %p to [%d, %d) of the region at %#x: token %#x", w, off, off+n, r.mr.VA, token)
}

func (m *seqModel) invalidate(w *seqWindow) {
	GinkgoHelper()
	c := m.k.connect()
	st := complete(c.PassiveQP.InitiatorCQ, c.PassiveQP.InvalidateMW("invalidate", w.mw, 0))
	suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkInvalidate of a bound window\n%s", m.history())
	w.bound = false
	m.step("invalidate window %p (token %#x)", w, w.token)
}

// target is what an access aims at: the range its token reaches, if any,
// and the range whose edges the access probes (the same, or a window's
// binding before its last rebind).
type seqTarget struct {
	what   string
	token  uint32
	reg    *seqRegion // the region the range is part of (nil: none)
	va     uint64     // the range, when reg is set
	n      int
	usable bool // the token grants access to the range now
	aimVA  uint64
	aimN   int
}

func (m *seqModel) pickTarget() seqTarget {
	var ts []seqTarget
	for _, r := range m.regions {
		ts = append(ts, seqTarget{what: fmt.Sprintf("region at %#x", r.mr.VA), token: r.token, reg: r, va: r.mr.VA, n: len(r.shadow), usable: r.live, aimVA: r.mr.VA, aimN: len(r.shadow)})
	}
	for _, w := range m.windows {
		if w.token == 0 || w.reg == nil {
			continue
		}
		t := seqTarget{what: fmt.Sprintf("window %p", w), token: w.token, reg: w.reg, va: w.reg.mr.VA + uint64(w.off), n: w.n, usable: w.bound && w.reg.live}
		t.aimVA, t.aimN = t.va, t.n
		ts = append(ts, t)
		if w.prevReg != nil {
			t.what += ", aimed at its binding before the last rebind"
			t.aimVA, t.aimN = w.prevReg.mr.VA+uint64(w.prevOff), w.prevN
			ts = append(ts, t)
		}
	}
	for _, s := range m.stale {
		ts = append(ts, seqTarget{what: "stale token", token: s})
	}
	t := ts[m.rng.IntN(len(ts))]
	if m.rng.IntN(6) == 0 { // a wrong token at the same range
		known := []uint32{}
		for _, x := range ts {
			known = append(known, x.token)
		}
		t.what += " under a wrong token"
		t.token = wrongToken(t.token, uint(m.rng.IntN(32)), known...)
		t.usable = false
	}
	return t
}

// access runs one remote access and checks it against the model.
func (m *seqModel) access() {
	GinkgoHelper()
	t := m.pickTarget()
	var va uint64
	n := 1 + m.rng.IntN(2)
	switch {
	case t.reg == nil:
		va = m.regions[m.rng.IntN(len(m.regions))].mr.VA
	default:
		switch m.rng.IntN(5) {
		case 0:
			va = t.aimVA // the first byte(s)
		case 1:
			va = t.aimVA + uint64(t.aimN) - uint64(n) // the last byte(s), when n fits
		case 2:
			va = t.aimVA - 1 // one byte before
		case 3:
			va = t.aimVA + uint64(t.aimN) - uint64(n) + 1 // one byte past the end
		default:
			va = t.aimVA + uint64(m.rng.IntN(t.aimN))
		}
	}
	inside := t.reg != nil && va >= t.va && va+uint64(n) <= t.va+uint64(t.n) && n <= t.n
	allowed := t.usable && inside
	write := m.rng.IntN(2) == 0
	what := fmt.Sprintf("%s of %d byte(s) at %#x through the %s (token %#x)", opName(write), n, va, t.what, t.token)
	m.step("%s: the model says %v", what, map[bool]string{true: "allowed", false: "denied"}[allowed])
	data := memPattern(n, byte(m.rng.IntN(256)))
	if write {
		m.k.src.Store(0, data)
	} else {
		m.k.sink.Store(0, data)
	}
	st := m.k.access(write, m.k.plain(t.token), va, n)
	if allowed {
		suite.Rule("MR-16").Expect(st).To(Equal(ndk.StatusSuccess), "%s succeeds\n%s", what, m.history())
		off := int(va - t.reg.mr.VA)
		if write {
			copy(t.reg.shadow[off:], data)
		} else {
			suite.Rule("MR-16").Expect(m.k.sink.Bytes()[:n]).To(Equal(t.reg.shadow[off:off+n]), "%s reads the region's bytes\n%s", what, m.history())
		}
	} else {
		suite.Rule("MR-16").Expect(st).NotTo(Equal(ndk.StatusSuccess), "%s fails\n%s", what, m.history())
		if !write {
			suite.Rule("MR-16").Expect(m.k.sink.Bytes()[:n]).To(Equal(data), "%s moves no data into the sink\n%s", what, m.history())
		}
	}
	for _, r := range m.regions {
		if r.live {
			suite.Rule("MR-16").Expect(r.mr.Bytes()).To(Equal(r.shadow), "after %s, the region at %#x holds what the model says\n%s", what, r.mr.VA, m.history())
		}
	}
}

var _ = Describe("Random sequences of registration, windows and remote access against a model", Label("memory"), func() {
	suite.ForEachFamily(func(f suite.Family) {
		It("MR-16: in a random sequence of register, deregister, bind, rebind, invalidate and remote access, every access succeeds exactly when the model says its token is valid and its range inside, and moves exactly the bytes the model says", Label("MR-16"), func() {
			p := suite.NewPair(f)
			k := newLink(p)
			seed := GinkgoRandomSeed()
			m := &seqModel{k: k, rng: rand.New(rand.NewPCG(uint64(seed), 0x6d656d))}
			m.step("seed %d", seed)
			for range 3 {
				m.register()
			}
			for range 2 {
				m.windows = append(m.windows, &seqWindow{mw: k.B.pd.CreateMW().MustObject()})
			}
			for range 60 {
				switch x := m.rng.IntN(10); {
				case x == 0 && len(m.live()) < 4:
					m.register()
				case x == 1 && len(m.live()) > 1:
					live := m.live()
					m.deregister(live[m.rng.IntN(len(live))])
				case x == 2 || x == 3:
					if live := m.live(); len(live) > 0 {
						m.bind(m.windows[m.rng.IntN(len(m.windows))], live[m.rng.IntN(len(live))])
					}
				case x == 4:
					if w := m.windows[m.rng.IntN(len(m.windows))]; w.bound && w.reg.live {
						m.invalidate(w)
					}
				default:
					m.access()
				}
			}
		})
	})
})
