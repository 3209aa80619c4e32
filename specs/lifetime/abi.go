package lifetime

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ndkconform/ndkconform/finding"
	"github.com/ndkconform/ndkconform/ndk"
	"github.com/ndkconform/ndkconform/suite"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// What only NDKPI's C ABI shows: each object's NDK_OBJECT_HEADER and
// dispatch table as the provider hands it over, the adapter open's version
// negotiation, and the IRQL of each callback. A driver that calls the
// provider through the C ABI (the ndkt driver) reports them as facts
// (ndk.ABIReporter); these specs judge them. A driver that does not (sim
// in process, rxe, an agent over a Go provider) shows none of it: the
// specs report their rules as not verified.

// abiVersions are the NDKPI versions the pages name (OH-3's reading).
var abiVersions = []ndk.Version{{Major: 1, Minor: 1}, {Major: 1, Minor: 2}, {Major: 2, Minor: 0}, {Major: 2, Minor: 1}}

// abiSince are the dispatch entries a later NDKPI version added (ndkpi.h's
// notes, OH-3): an adapter that declares an earlier version may leave them
// NULL.
var abiSince = map[string]ndk.Version{
	"NdkGetCqResultsEx":    {Major: 1, Minor: 2},
	"NdkSendAndInvalidate": {Major: 1, Minor: 2},
	"NdkCompleteConnectEx": {Major: 2, Minor: 1},
	"NdkAcceptEx":          {Major: 2, Minor: 1},
}

func versionBefore(a, b ndk.Version) bool {
	return a.Major < b.Major || a.Major == b.Major && a.Minor < b.Minor
}

func versionText(v ndk.Version) string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// abiReporter is the provider's ndk.ABIReporter, or the spec skips as not
// verified.
func abiReporter(p *suite.Pair) ndk.ABIReporter {
	GinkgoHelper()
	r := p.ABI()
	if r == nil {
		suite.NotVerified("the driver shows nothing of NDKPI's C ABI (it does not implement ndk.ABIReporter): only a driver that calls the provider through the C ABI, such as the ndkt driver, shows headers, dispatch tables and callback IRQLs")
	}
	return r
}

// objectABI is what the C ABI showed of obj, or the spec skips as not
// verified.
func objectABI(r ndk.ABIReporter, obj any) ndk.ObjectABI {
	GinkgoHelper()
	f, ok := r.ObjectABI(obj)
	if !ok {
		suite.NotVerified("the driver cannot show what NDKPI's C ABI showed of an object (ndk.ABIReporter.ObjectABI answered ok false): it does not call the provider through the C ABI")
	}
	return f
}

// declaredVersion is the version an adapter reports: NDK_ADAPTER_INFO's,
// its header's when the query failed.
func declaredVersion(f ndk.ObjectABI) ndk.Version {
	if f.HasInfo {
		return f.InfoVersion
	}
	return f.HeaderVersion
}

// abiObject is one object the spec checks: its ndk handle, what it is
// and the call that handed it over.
type abiObject struct {
	obj        any
	side, name string
	call       string
	kind       ndk.ObjectType
	declared   ndk.Version // its adapter's version
	facts      ndk.ObjectABI
}

func (o *abiObject) violation(rule, expected, observed string) suite.Violation {
	// The object's name without the side it carries: the side is a
	// field of its own.
	name := strings.TrimSuffix(o.name, " (side "+o.side+")")
	return suite.Violation{Rule: rule, Call: o.call, Object: name, Side: o.side, Expected: expected, Observed: observed}
}

// checkHandOver judges the header and dispatch table as the provider
// handed the object over.
func (o *abiObject) checkHandOver() {
	GinkgoHelper()
	f := o.facts
	if f.DispatchNull {
		suite.Violate(o.violation("OH-1", "Dispatch pointing at the "+o.kind.String()+" dispatch table when the provider hands the object over", "Dispatch NULL"))
	}
	if f.HeaderObjectType != o.kind {
		suite.Violate(o.violation("OH-4", "Header.ObjectType "+o.kind.String(), "Header.ObjectType "+f.HeaderObjectType.String()))
	}
	if f.ReservedNonzero {
		suite.Violate(o.violation("OH-5", "Header.NdkReserved all zero", "Header.NdkReserved not zero"))
	}
	// A version the pages do not name breaks OH-3; one other than the
	// negotiated version breaks OH-7; a header can break both at once.
	switch named, negotiated := slices.Contains(abiVersions, f.HeaderVersion), f.HeaderVersion == o.declared; {
	case !named && !negotiated:
		suite.ViolateAll("OH-3 OH-7", o.violation("", "Header.Version "+versionText(o.declared)+", the version the adapter reports in NDK_ADAPTER_INFO (one of the versions the pages name: 1.1, 1.2, 2.0, 2.1)", "Header.Version "+versionText(f.HeaderVersion)))
	case !named:
		suite.Violate(o.violation("OH-3", "Header.Version one of the versions the pages name (1.1, 1.2, 2.0, 2.1)", "Header.Version "+versionText(f.HeaderVersion)))
	case !negotiated:
		suite.Violate(o.violation("OH-7", "Header.Version "+versionText(o.declared)+", the version the adapter reports in NDK_ADAPTER_INFO", "Header.Version "+versionText(f.HeaderVersion)))
	}
	if slices.Contains(f.NullEntries, "NdkQueryExtension") {
		suite.Violate(o.violation("OH-8", "NdkQueryExtension in the "+o.kind.String()+" dispatch table", "NdkQueryExtension NULL"))
	}
	var missing []string
	for _, e := range f.NullEntries {
		if since, ok := abiSince[e]; e == "NdkQueryExtension" || ok && versionBefore(o.declared, since) {
			continue
		}
		missing = append(missing, e)
	}
	if len(missing) > 0 {
		suite.ViolateAll("IF-1 IF-2 OV-3", o.violation("", "every entry of the "+o.kind.String()+" dispatch table set (NDKPI "+versionText(o.declared)+")",
			strings.Join(missing, ", ")+" NULL"))
	}
}

var _ = Describe("What NDKPI's C ABI shows", Label("lifetime", "abi"), func() {
	var p *suite.Pair
	BeforeEach(func() { p = suite.NewPair(suite.IPv4) })

	suite.It(suite.Rules{"OH-1", "OH-2", "OH-3", "OH-4", "OH-5", "OH-7", "OH-8", "IF-1", "IF-2", "OV-3"}, "every object's NDK_OBJECT_HEADER and dispatch table, as the provider hands the object over, are what the pages require, and the provider leaves Dispatch alone afterwards", func() {
		r := abiReporter(p)
		var objs []*abiObject
		declared := map[string]ndk.Version{}
		for _, a := range []*suite.Adapter{p.A, p.B} {
			f := objectABI(r, a.Adapter)
			declared[a.Side] = declaredVersion(f)
			o := &abiObject{obj: a.Adapter, side: a.Side, name: a.ID(), call: "OPEN_NDK_ADAPTER", kind: ndk.ObjectTypeAdapter, declared: declared[a.Side], facts: f}
			o.checkHandOver()
			objs = append(objs, o)
		}
		// Each object is judged as soon as it is handed over: a provider
		// that sets Dispatch late may have set it by the next call.
		add := func(obj any, side, name, call string, kind ndk.ObjectType) {
			GinkgoHelper()
			o := &abiObject{obj: obj, side: side, name: name, call: call, kind: kind, declared: declared[side]}
			o.facts = objectABI(r, obj)
			o.checkHandOver()
			objs = append(objs, o)
		}
		pd := p.A.CreatePD().MustObject()
		add(pd.PD, "A", pd.ID(), "NdkCreatePd", ndk.ObjectTypePD)
		cq := p.A.CreateCQ(16).MustObject()
		add(cq.CQ, "A", cq.ID(), "NdkCreateCq", ndk.ObjectTypeCQ)
		qp := pd.CreateQP(cq, cq).MustObject()
		add(qp.QP, "A", qp.ID(), "NdkCreateQp", ndk.ObjectTypeQP)
		mr := pd.CreateMR(false).MustObject()
		add(mr.MR, "A", mr.ID(), "NdkCreateMr", ndk.ObjectTypeMR)
		mw := pd.CreateMW().MustObject()
		add(mw.MW, "A", mw.ID(), "NdkCreateMw", ndk.ObjectTypeMW)
		if m := p.A.Info().MaxSRQDepth; m > 0 {
			srq := pd.CreateSRQ(min(16, m), 1, 0).MustObject()
			add(srq.SRQ, "A", srq.ID(), "NdkCreateSrq", ndk.ObjectTypeSRQ)
		}
		se := p.A.CreateSharedEndpoint(p.A.AddrPort(0)).MustObject()
		add(se.SharedEndpoint, "A", se.ID(), "NdkCreateSharedEndpoint", ndk.ObjectTypeSharedEndpoint)
		l := p.B.CreateListener().MustObject()
		add(l.Listener, "B", l.ID(), "NdkCreateListener", ndk.ObjectTypeListener)
		l.MustListen(0)
		c := p.MustConnect(l)
		add(c.Active.Connector, "A", c.Active.ID(), "NdkCreateConnector", ndk.ObjectTypeConnector)
		add(c.Passive.Connector, "B", c.Passive.ID(), "NdkConnectEventCallback", ndk.ObjectTypeConnector)

		// Calls on the objects after their hand-over (the connection's
		// made some): Dispatch stays as the consumer set it (OH-2).
		suite.MustSucceed(mr.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))
		suite.Step().Expect(qp.Receive("rx", mr.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive")
		qp.Flush()
		cq.WaitResults("QP-21", 1)
		_, st := se.LocalAddress()
		suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetSharedEndpointLocalAddress")
		replaced := 0
		for _, o := range objs {
			f := objectABI(r, o.obj)
			if !f.DispatchReplaced {
				continue
			}
			replaced++
			if f.DispatchRewrites > 0 {
				suite.Violate(o.violation("OH-2", "Dispatch left as the consumer set it after the hand-over",
					fmt.Sprintf("Dispatch set again by the provider (%d times)", f.DispatchRewrites)))
			}
		}
		suite.Step().Expect(replaced).To(BeNumerically(">", 0), "objects whose Dispatch the consumer replaced (OH-2)")
	})

	suite.It(suite.Rules{"OH-7"}, "OPEN_NDK_ADAPTER fails a minor version above the provider's highest and an unsupported major version with NDIS_STATUS_BAD_VERSION, and otherwise uses its highest minor version, reported in NDK_ADAPTER_INFO and the adapter's header", func() {
		r := abiReporter(p)
		for _, a := range []*suite.Adapter{p.A, p.B} {
			f := objectABI(r, a.Adapter)
			o := &abiObject{side: a.Side, name: a.ID(), call: "OPEN_NDK_ADAPTER", kind: ndk.ObjectTypeAdapter}
			// The adapter's header itself (OH-3) is checked with every
			// object's by the spec above.
			if f.HasInfo && f.InfoVersion != f.HeaderVersion {
				suite.Violate(o.violation("OH-7", "NDK_ADAPTER_INFO.Version equal to the adapter's Header.Version ("+versionText(f.HeaderVersion)+")",
					"NDK_ADAPTER_INFO.Version "+versionText(f.InfoVersion)))
			}
			v := declaredVersion(f)
			if f.Requested.Major == v.Major && v.Minor < f.Requested.Minor {
				suite.Violate(o.violation("OH-7", "a version of at least "+versionText(f.Requested)+", the minor version asked for", "NDKPI "+versionText(v)))
			}
			for _, probe := range []struct {
				what string
				pr   ndk.VersionProbe
			}{{"a minor version above the adapter's " + versionText(v), f.ProbeMinor}, {"a major version above the adapter's " + versionText(v), f.ProbeMajor}} {
				if probe.pr.Asked == (ndk.Version{}) {
					continue // not probed (the version's field is at its limit)
				}
				if probe.pr.Status != ndk.NdisStatusBadVersion {
					obs := probe.pr.Status.String()
					if probe.pr.Status == ndk.StatusSuccess {
						obs += ", an adapter of NDKPI " + versionText(probe.pr.Got)
					}
					suite.Violate(o.violation("OH-7", "NDIS_STATUS_BAD_VERSION opening with NDKPI "+versionText(probe.pr.Asked)+", "+probe.what, obs))
				}
			}
		}
	})

	// CN-18, AI-5 and AI-9: the calls that take a buffer and its size.
	// The driver probes each call's contract after its first success on an
	// object (ndk.ObjectABI's SizeProbes): this spec makes every one of
	// them succeed once, then judges what the probes found.
	suite.It(suite.Rules{"CN-18", "AI-5", "AI-9"}, "NdkQueryAdapterInfo and the four address getters keep their buffer-size contract, for an IPv4 and an IPv6 address: a success reports the length written, never more than the bytes offered (NDK_ADAPTER_INFO: the size it asks for); a buffer too small gets STATUS_BUFFER_TOO_SMALL and the size needed, which then suffices; no byte is written past the bytes offered", Label(finding.ClauseLabel("AI-5.buffer")), func() {
		r := abiReporter(p)
		type sized struct {
			obj        any
			side, name string
		}
		var objs []sized
		// Both families: an IPv4 address and an IPv6 one need sockaddrs
		// of different sizes, so each family has its own boundaries.
		for _, q := range []*suite.Pair{p, suite.NewPair(suite.IPv6)} {
			objs = append(objs, sized{q.A.Adapter, "A", q.A.ID()}, sized{q.B.Adapter, "B", q.B.ID()})
			se := q.A.CreateSharedEndpoint(q.A.AddrPort(0)).MustObject()
			_, st := se.LocalAddress()
			suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetSharedEndpointLocalAddress")
			objs = append(objs, sized{se.SharedEndpoint, "A", se.ID()})
			l := q.B.CreateListener().MustObject()
			l.MustListen(0)
			l.MustLocalAddress()
			objs = append(objs, sized{l.Listener, "B", l.ID()})
			c := q.MustConnect(l)
			for _, x := range []*suite.Connector{c.Active, c.Passive} {
				_, st := x.LocalAddress()
				suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetLocalAddress of a connected connector")
				_, st = x.PeerAddress()
				suite.Step().Expect(st).To(Equal(ndk.StatusSuccess), "NdkGetPeerAddress of a connected connector")
				objs = append(objs, sized{x.Connector, x.Side(), x.ID()})
			}
		}
		probes := 0
		for _, o := range objs {
			f := objectABI(r, o.obj)
			probes += f.SizeProbes
			if f.SizeFailures == 0 {
				continue
			}
			b := f.SizeBreach
			rule := "CN-18"
			switch {
			case b.Call == ndk.SizeCallQueryAdapterInfo && (b.Breach == ndk.SizeSuccessLength || b.Breach == ndk.SizeNotWritten):
				rule = "AI-9"
			case b.Call == ndk.SizeCallQueryAdapterInfo:
				rule = "AI-5"
			}
			name := strings.TrimSuffix(o.name, " (side "+o.side+")")
			suite.Violate(suite.Violation{Rule: rule, Call: b.Call.String(), Object: name, Side: o.side,
				Expected: "the buffer-size contract: STATUS_SUCCESS with the length written (at most the bytes offered), or STATUS_BUFFER_TOO_SMALL with the size needed, no byte past the bytes offered",
				Observed: fmt.Sprintf("%s: %d bytes offered, %v, length %d (%d of the %d answers probed broke it)", b.Breach, b.Offered, b.Status, b.Returned, f.SizeFailures, f.SizeProbes)})
		}
		if probes == 0 {
			suite.NotVerified("the driver probed no buffer size (an agent serving ndkt before protocol 1.7 sends none): the calls' contracts were not tried")
		}
	})

	suite.It(suite.Rules{"CR-13"}, "the provider calls every callback (completions, notifications, connect and disconnect events) at IRQL DISPATCH_LEVEL or below", func() {
		r := abiReporter(p)
		if _, ok := r.CallbackIRQLs(); !ok { // the callbacks before this spec
			suite.NotVerified("the driver cannot show the IRQL of callbacks (ndk.ABIReporter.CallbackIRQLs answered ok false): it does not call the provider through the C ABI")
		}
		pd := p.A.CreatePD().MustObject()
		cq := p.A.CreateCQ(16).MustObject()
		qp := pd.CreateQP(cq, cq).MustObject()
		mr := pd.CreateMR(false).MustObject()
		suite.MustSucceed(mr.Register(make([]byte, 64), ndk.MRFlagAllowLocalWrite))
		cq.Arm(ndk.CQNotifyAny)
		suite.Step().Expect(qp.Receive("rx", mr.SGE(0, 64))).To(Equal(ndk.StatusSuccess), "NdkReceive")
		qp.Flush()
		cq.WaitResults("QP-21", 1)
		// The notification, or the count of callbacks the consumer never
		// saw because they came above DISPATCH_LEVEL.
		suite.Step().Eventually(func() bool {
			return cq.Notifications() > 0 || objectABI(r, p.A.Adapter).AboveDispatch > 0
		}).WithTimeout(p.Timeout()).Should(BeTrue(), "the CQ notification after an NdkArmCq and a completion")
		l := p.B.CreateListener().MustObject()
		l.MustListen(0)
		c := p.MustConnect(l)
		suite.MustSucceed(c.Active.Disconnect())
		suite.MustSucceed(c.Active.Close())

		calls, _ := r.CallbackIRQLs()
		for _, cb := range calls {
			if cb.IRQL > 2 {
				suite.Violate(suite.Violation{Rule: "CR-13", Call: cb.Callback, Expected: "the callback at IRQL DISPATCH_LEVEL (2) or below",
					Observed: fmt.Sprintf("IRQL %d", cb.IRQL)})
			}
		}
		if f := objectABI(r, p.A.Adapter); f.AboveDispatch > 0 {
			suite.Violate(suite.Violation{Rule: "CR-13", Call: "a consumer callback", Expected: "every callback at IRQL DISPATCH_LEVEL (2) or below",
				Observed: fmt.Sprintf("%d callbacks above DISPATCH_LEVEL (the last at IRQL %d)", f.AboveDispatch, f.LastAboveIRQL)})
		}
		if len(calls) == 0 {
			suite.NotObservable("no callback reached the consumer (every call completed inline and no event came)")
		}
	})
})
