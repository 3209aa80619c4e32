package sim

import (
	"fmt"
	"math"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ndkconform/ndkconform/ndk"
)

func init() {
	ndk.Register("sim", parsingDriver{})
}

// Option names and their values.
const (
	OptCompletion  = "completion"
	OptSeed        = "seed"
	OptHosts       = "hosts"
	OptVariant     = "variant"
	OptMaxObjects  = "max-objects"
	OptLinkRate    = "link-rate"
	OptDiscTimeout = "disconnect-timeout"
	OptConnTimeout = "connect-timeout"
	OptCompDelay   = "completion-delay"
	OptModeration  = "interrupt-moderation"
	OptDMAChunk    = "dma-chunk"
	OptReadSink    = "read-sink-not-required"
	OptMaxSRQDepth = "max-srq-depth"
	OptMaxInline   = "max-inline-data"
	OptFRMRPages   = "frmr-page-count"
	OptFRMRMax     = "frmr-max-pages"
	OptMaxSGE      = "max-sge"
	OptInOrderDMA  = "in-order-dma"
	OptCQResize    = "cq-resize"
	OptLoopback    = "loopback"
	OptReadInv     = "read-local-invalidate"
	OptFaults      = "faults"
	OptMDLChains   = "mdl-chains"
	OptVersion     = "version"

	CompletionInline    = "inline"
	CompletionDeferred  = "deferred"
	CompletionReentrant = "reentrant"
	CompletionRandom    = "random"

	ModerationOn  = "on"
	ModerationOff = "off"
	// ReadSinkOn and ReadSinkOff are the values of read-sink-not-required.
	ReadSinkOn  = "on"
	ReadSinkOff = "off"
	// Version11, Version12, Version20 and Version21 are the values of
	// version: the NDKPI versions the pages name (OH-3).
	Version11 = "1.1"
	Version12 = "1.2"
	Version20 = "2.0"
	Version21 = "2.1"
	// On and Off are the values of every on/off option.
	On  = "on"
	Off = "off"

	DefaultCompletion  = CompletionDeferred
	DefaultSeed        = 1
	DefaultHosts       = 2
	MinHosts           = 2
	MaxHosts           = 16
	DefaultMaxObjects  = 20480      // the 16384 listeners of an exhausted ephemeral range and 4096 more
	DefaultLinkRate    = 4000000000 // bytes per second: 4 GB/s (an 8 MiB transfer is 2 ms in flight)
	DefaultDiscTimeout = 300 * time.Millisecond
	DefaultConnTimeout = 2 * time.Second // connection set-up: NdkConnect to a host that does not answer, NdkAccept waiting for the peer's NdkCompleteConnect (300ms, then 1s lapsed on loaded CI machines while the harness was about to call it: 1s in a clean-clone CI of 4390bd6, NdkAcceptEx timed out in the CN-15 Ex spec under make test -race with the ndkt packages testing beside it)
	DefaultDMAChunk    = 256 << 10       // bytes: a Write or Read of more lands in chunks of 256 KiB (64 µs apart at the default link rate) or more (8 chunks at most)

	// The adapter's limits in NDK_ADAPTER_INFO, and the ranges the options
	// that change them take.
	DefaultMaxSRQDepth = 1024
	MaxMaxSRQDepth     = 1 << 20
	DefaultMaxInline   = 256
	MaxMaxInline       = 1 << 16
	DefaultFRMRPages   = 256
	MinFRMRPages       = 16 // AI-1: a provider supports at least 16 FRMR pages
	MaxFRMRPages       = 1 << 16
	DefaultMaxSGE      = 4
	MaxMaxSGE          = 64
)

var completionValues = []string{CompletionInline, CompletionDeferred, CompletionReentrant, CompletionRandom}

// Driver is the sim driver, registered as "sim".
type Driver struct{}

// Options implements ndk.Driver.
func (Driver) Options() []ndk.Option {
	return []ndk.Option{
		{Name: OptCompletion, Default: DefaultCompletion,
			Usage: "how calls that take a completion callback complete: " + strings.Join(completionValues, " | ") +
				" (inline: return the final status; deferred: STATUS_PENDING, callback from another goroutine; " +
				"reentrant: callback from inside the call, then STATUS_PENDING; random: one of the three per call)"},
		{Name: OptSeed, Default: strconv.Itoa(DefaultSeed), Usage: "integer seed of completion=random"},
		{Name: OptHosts, Default: strconv.Itoa(DefaultHosts),
			Usage: fmt.Sprintf("number of simulated hosts (%d..%d); host i has 192.0.2.(i+1) and 2001:db8::(i+1)", MinHosts, MaxHosts)},
		{Name: OptVariant, Default: "",
			Usage: "deliberately broken provider variant, empty for the conforming provider: " + strings.Join(variantNames(), " | ")},
		{Name: OptMaxObjects, Default: strconv.Itoa(DefaultMaxObjects),
			Usage: "objects an adapter holds at most (created and not yet closed); a create beyond fails with STATUS_INSUFFICIENT_RESOURCES"},
		{Name: OptLinkRate, Default: strconv.Itoa(DefaultLinkRate),
			Usage: "bytes per second each QP's DMA engine moves (Send, Write, Read take len/rate in flight, in posting order); 0: instant"},
		{Name: OptDiscTimeout, Default: DefaultDiscTimeout.String(),
			Usage: "how long NdkDisconnect waits for the peer's answer before it completes with STATUS_IO_TIMEOUT (a Go duration)"},
		{Name: OptConnTimeout, Default: DefaultConnTimeout.String(),
			Usage: "how long connection set-up waits for the peer before it times out with STATUS_IO_TIMEOUT: NdkConnect to an unresponsive host, NdkAccept for the peer's NdkCompleteConnect (a Go duration)"},
		{Name: OptCompDelay, Default: "0s",
			Usage: "how long after its call returned STATUS_PENDING a request's deferred completion comes (a Go duration), as a real adapter's does: a consumer reached through an agent then still sees the call pending"},
		{Name: OptModeration, Default: ModerationOff,
			Usage: "whether the adapter sets NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED: on | off (on: NdkControlCqInterruptModeration succeeds, and sim delays no notification, which every setting allows; off: it returns STATUS_NOT_SUPPORTED)"},
		{Name: OptDMAChunk, Default: strconv.Itoa(DefaultDMAChunk),
			Usage: "a Write or Read of more bytes lands its bytes in chunks of this many (8 chunks at most: a larger transfer in larger ones), spread over its transfer (link-rate), so that a Read of the target through another QP sees it partly written; 0: every transfer lands in one step. The chunks land in ascending order unless in-order-dma=off"},
		{Name: OptReadSink, Default: ReadSinkOff,
			Usage: "whether the adapter sets NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED: on | off (on: an RDMA-read sink needs only local write, the READ_SINK flags are accepted and not needed, and a logical address under the privileged token may be a sink, MR-8, MR-23; off: a sink must be registered or fast-registered with READ_SINK)"},
		{Name: OptMaxSRQDepth, Default: strconv.Itoa(DefaultMaxSRQDepth),
			Usage: fmt.Sprintf("NDK_ADAPTER_INFO.MaxSrqDepth (0..%d); 0: the adapter has no SRQ support (AI-3), and NdkCreateSrq fails with STATUS_INVALID_PARAMETER (every SrqDepth is over MaxSrqDepth, SQ-1, or 0)", MaxMaxSRQDepth)},
		{Name: OptMaxInline, Default: strconv.Itoa(DefaultMaxInline),
			Usage: fmt.Sprintf("NDK_ADAPTER_INFO.MaxInlineDataSize (0..%d); 0: no inline data (NdkCreateQp with an InlineDataSize over it fails with STATUS_INVALID_PARAMETER, QP-1)", MaxMaxInline)},
		{Name: OptFRMRPages, Default: strconv.Itoa(DefaultFRMRPages),
			Usage: fmt.Sprintf("NDK_ADAPTER_INFO.FRMRPageCount (%d..%d, AI-1), also the largest AdapterPageCount NdkInitializeFastRegisterMr takes unless frmr-max-pages is more", MinFRMRPages, MaxFRMRPages)},
		{Name: OptFRMRMax, Default: "0",
			Usage: "the largest AdapterPageCount NdkInitializeFastRegisterMr takes, if more than frmr-page-count (FRMRPageCount is the FRMR size the adapter supports the most FRMRs of, not a limit); 0: frmr-page-count. Over it: STATUS_IMPLEMENTATION_LIMIT (MR-10)"},
		{Name: OptMaxSGE, Default: strconv.Itoa(DefaultMaxSGE),
			Usage: fmt.Sprintf("NDK_ADAPTER_INFO.MaxInitiatorRequestSge and MaxReceiveRequestSge (1..%d); MaxReadRequestSge is twice it (AI-10)", MaxMaxSGE)},
		{Name: OptInOrderDMA, Default: On,
			Usage: "whether the adapter sets NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED: on | off (on: a transfer's bytes land in order, AI-4; off: a Write or Read landed in chunks (dma-chunk) lands its last chunk first, which an adapter without the flag may do)"},
		{Name: OptCQResize, Default: On,
			Usage: "whether the adapter sets NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED: on | off (off: NdkResizeCq, which a consumer then does not call (AI-2), fails with STATUS_NOT_SUPPORTED)"},
		{Name: OptLoopback, Default: On,
			Usage: "whether the adapter sets NDK_ADAPTER_FLAG_LOOPBACK_CONNECTIONS_SUPPORTED: on | off (off: NdkConnect and NdkConnectWithSharedEndpoint to an address of the connecting adapter's own host fail with STATUS_HOST_UNREACHABLE)"},
		{Name: OptReadInv, Default: Off,
			Usage: "whether the adapter sets NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED: on | off (on: a successful NdkRead with NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE invalidates the fast-registered MR of its first SGE, QP-15; off: the op flag is ignored)"},
		{Name: OptVersion, Default: Version21,
			Usage: "the NDKPI version NDK_ADAPTER_INFO.Version declares: 1.1 | 1.2 | 2.0 | 2.1 (2.1 and later: the connectors are ndk.ConnectorEx, with NdkCompleteConnectEx and NdkAcceptEx; before 2.1 they are not; 1.1, a Windows Server 2012 provider: a work request with NDK_OP_FLAG_DEFER or NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE, flags of 1.2 and later, fails inline with STATUS_INVALID_PARAMETER; not with read-local-invalidate=on)"},
		{Name: OptFaults, Default: On,
			Usage: "whether the provider offers fault injection: on | off (on: it implements ndk.FaultInjector, ndk.CQFaultInjector and ndk.SRQFaultInjector; off: none of them, as a real provider, whose faults the suite cannot provoke)"},
		{Name: OptMDLChains, Default: On,
			Usage: "whether NdkRegisterMr and NdkBuildLam take MDL chains through the Go interface: on | off (on: every MR is an ndk.ChainRegisterer and every adapter an ndk.LAMChainBuilder; off: neither, as a provider served by an agent older than protocol 1.2)"},
	}
}

// Usable implements ndk.Driver: the simulation runs anywhere.
func (Driver) Usable() error { return nil }

// DefaultConcurrentRuns is how many processes the CLI splits a run against
// sim over by default: most of a spec's time is spent waiting (a window in
// which something must not happen, a time-out to wait out), so more
// processes than cores keep the cores busy.
const DefaultConcurrentRuns = 16

var _ ndk.ConcurrentRunner = Driver{}

// ConcurrentRuns implements ndk.ConcurrentRunner: every Open makes a new,
// independent fabric, so runs in several processes never see one another.
func (Driver) ConcurrentRuns() int { return DefaultConcurrentRuns }

// parsingDriver is the driver registered as "sim": Driver, with its
// options parsed once (ndk.OptionParser). Driver itself has no
// ParseOptions, so that a driver that embeds it and overrides Open (a
// test's misbehaving sim, say) is opened through its own Open, which a
// promoted ParseOptions would bypass.
type parsingDriver struct{ Driver }

var _ ndk.OptionParser = parsingDriver{}

// ParseOptions implements ndk.OptionParser (see ParseOptions).
func (parsingDriver) ParseOptions(opts map[string]string) (ndk.Opener, error) {
	return ParseOptions(opts)
}

// Open implements ndk.Driver: the options checked (ndk.CheckOptions) and
// parsed (ParseOptions), then the Opener's Open. Every Open makes a new,
// independent fabric.
func (d Driver) Open(opts map[string]string) (ndk.Provider, error) {
	if err := ndk.CheckOptions(d, opts); err != nil {
		return nil, err
	}
	o, err := ParseOptions(opts)
	if err != nil {
		return nil, err
	}
	return o.Open()
}

// ParseOptions validates the values of sim's options opts, whose keys
// ndk.ParseOptions (or Open) checked (a key that is not an option is
// ignored here), and returns the configuration the Opener opens a fabric
// from, every time a new one.
func ParseOptions(opts map[string]string) (ndk.Opener, error) {
	cfg := config{completion: DefaultCompletion, seed: DefaultSeed, hosts: DefaultHosts, maxObjects: DefaultMaxObjects,
		linkRate: DefaultLinkRate, dmaChunk: DefaultDMAChunk, discTimeout: DefaultDiscTimeout, connTimeout: DefaultConnTimeout,
		maxSRQDepth: DefaultMaxSRQDepth, maxInline: DefaultMaxInline, frmrPages: DefaultFRMRPages, maxSGE: DefaultMaxSGE,
		inOrderDMA: true, cqResize: true, loopback: true, faults: true, mdlChains: true, version: ndk.Version21}
	if v, ok := opts[OptCompletion]; ok {
		if !slices.Contains(completionValues, v) {
			return nil, fmt.Errorf("invalid %s=%q (valid: %s)", OptCompletion, v, strings.Join(completionValues, ", "))
		}
		cfg.completion = v
	}
	if v, ok := opts[OptSeed]; ok {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 0, 64)
		if err != nil {
			return nil, fmt.Errorf("invalid %s=%q (valid: an integer)", OptSeed, v)
		}
		cfg.seed = n
	}
	if v, ok := opts[OptHosts]; ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < MinHosts || n > MaxHosts {
			return nil, fmt.Errorf("invalid %s=%q (valid: an integer from %d to %d)", OptHosts, v, MinHosts, MaxHosts)
		}
		cfg.hosts = n
	}
	if v, ok := opts[OptVariant]; ok && v != "" {
		if !slices.Contains(variantNames(), v) {
			return nil, fmt.Errorf("invalid %s=%q (valid: empty for the conforming provider, or one of %s)",
				OptVariant, v, strings.Join(variantNames(), ", "))
		}
		cfg.variant = v
	}
	if v, ok := opts[OptMaxObjects]; ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("invalid %s=%q (valid: an integer from 0)", OptMaxObjects, v)
		}
		cfg.maxObjects = n
	}
	if v, ok := opts[OptLinkRate]; ok {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 0, 64)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("invalid %s=%q (valid: bytes per second, an integer from 0)", OptLinkRate, v)
		}
		cfg.linkRate = n
	}
	if v, ok := opts[OptDMAChunk]; ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n > 1<<30 {
			return nil, fmt.Errorf("invalid %s=%q (valid: bytes, an integer from 0 to %d)", OptDMAChunk, v, 1<<30)
		}
		cfg.dmaChunk = n
	}
	for _, d := range []struct {
		name string
		to   *time.Duration
	}{{OptDiscTimeout, &cfg.discTimeout}, {OptConnTimeout, &cfg.connTimeout}} {
		if v, ok := opts[d.name]; ok {
			t, err := time.ParseDuration(strings.TrimSpace(v))
			if err != nil || t <= 0 {
				return nil, fmt.Errorf("invalid %s=%q (valid: a positive duration such as 200ms)", d.name, v)
			}
			*d.to = t
		}
	}
	if v, ok := opts[OptCompDelay]; ok {
		t, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil || t < 0 || t > time.Second {
			return nil, fmt.Errorf("invalid %s=%q (valid: a duration from 0 to 1s such as 5ms)", OptCompDelay, v)
		}
		cfg.compDelay = t
	}
	if v, ok := opts[OptModeration]; ok {
		switch strings.TrimSpace(v) {
		case ModerationOn:
			cfg.moderation = true
		case ModerationOff:
			cfg.moderation = false
		default:
			return nil, fmt.Errorf("invalid %s=%q (valid: %s, %s)", OptModeration, v, ModerationOn, ModerationOff)
		}
	}
	if v, ok := opts[OptReadSink]; ok {
		switch strings.TrimSpace(v) {
		case ReadSinkOn:
			cfg.readSink = true
		case ReadSinkOff:
			cfg.readSink = false
		default:
			return nil, fmt.Errorf("invalid %s=%q (valid: %s, %s)", OptReadSink, v, ReadSinkOn, ReadSinkOff)
		}
	}
	for _, l := range []struct {
		name     string
		min, max int64
		to       *uint32
	}{
		{OptMaxSRQDepth, 0, MaxMaxSRQDepth, &cfg.maxSRQDepth},
		{OptMaxInline, 0, MaxMaxInline, &cfg.maxInline},
		{OptFRMRPages, MinFRMRPages, MaxFRMRPages, &cfg.frmrPages},
		{OptFRMRMax, 0, math.MaxUint32, &cfg.frmrMax},
		{OptMaxSGE, 1, MaxMaxSGE, &cfg.maxSGE},
	} {
		if v, ok := opts[l.name]; ok {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err != nil || n < l.min || n > l.max {
				return nil, fmt.Errorf("invalid %s=%q (valid: an integer from %d to %d)", l.name, v, l.min, l.max)
			}
			*l.to = uint32(n)
		}
	}
	for _, b := range []struct {
		name string
		to   *bool
	}{
		{OptInOrderDMA, &cfg.inOrderDMA}, {OptCQResize, &cfg.cqResize}, {OptLoopback, &cfg.loopback},
		{OptReadInv, &cfg.readInv}, {OptFaults, &cfg.faults}, {OptMDLChains, &cfg.mdlChains},
	} {
		if v, ok := opts[b.name]; ok {
			switch strings.TrimSpace(v) {
			case On:
				*b.to = true
			case Off:
				*b.to = false
			default:
				return nil, fmt.Errorf("invalid %s=%q (valid: %s, %s)", b.name, v, On, Off)
			}
		}
	}
	if v, ok := opts[OptVersion]; ok {
		switch strings.TrimSpace(v) {
		case Version11:
			cfg.version = ndk.Version{Major: 1, Minor: 1}
		case Version12:
			cfg.version = ndk.Version{Major: 1, Minor: 2}
		case Version20:
			cfg.version = ndk.Version{Major: 2, Minor: 0}
		case Version21:
			cfg.version = ndk.Version21
		default:
			return nil, fmt.Errorf("invalid %s=%q (valid: %s, %s, %s, %s)", OptVersion, v, Version11, Version12, Version20, Version21)
		}
	}
	if cfg.version11() && cfg.readInv {
		return nil, fmt.Errorf("invalid %s=%s with %s=%s: NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED is supported only in NDKPI 1.2 and later", OptVersion, Version11, OptReadInv, On)
	}
	return cfg, nil
}

// config is the parsed options of sim.
type config struct {
	completion string
	seed       int64
	hosts      int
	variant    string
	maxObjects int

	linkRate    int64
	dmaChunk    int
	discTimeout time.Duration
	connTimeout time.Duration
	compDelay   time.Duration
	moderation  bool
	readSink    bool // NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED

	// What a real adapter may lack (NDK_ADAPTER_INFO's limits and flags,
	// and the Go interface's test hooks).
	maxSRQDepth uint32      // MaxSrqDepth; 0: no SRQ support
	maxInline   uint32      // MaxInlineDataSize
	frmrPages   uint32      // FRMRPageCount
	frmrMax     uint32      // the largest AdapterPageCount, if more than FRMRPageCount
	maxSGE      uint32      // MaxInitiatorRequestSge, MaxReceiveRequestSge, MaxReadRequestSge
	inOrderDMA  bool        // NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED
	cqResize    bool        // NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED
	loopback    bool        // NDK_ADAPTER_FLAG_LOOPBACK_CONNECTIONS_SUPPORTED
	readInv     bool        // NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED
	faults      bool        // ndk.FaultInjector, ndk.CQFaultInjector, ndk.SRQFaultInjector
	mdlChains   bool        // ndk.ChainRegisterer, ndk.LAMChainBuilder
	version     ndk.Version // NDK_ADAPTER_INFO.Version: 1.1 has no flags of 1.2, 2.1 the Ex connector calls
}

// version11 reports whether the adapter declares NDKPI 1.1, which knows no
// flag of 1.2.
func (c config) version11() bool { return c.version == ndk.Version{Major: 1, Minor: 1} }

// Open implements ndk.Opener: a new, independent fabric.
// With option faults=off, it is a faultless provider.
func (c config) Open() (ndk.Provider, error) {
	p := &provider{f: newFabric(c)}
	if !c.faults {
		return faultless{p}, nil
	}
	return p, nil
}

// provider is the opened sim driver: one fabric of simulated hosts.
type provider struct {
	f *fabric
}

func (p *provider) Sides() (a, b ndk.Side) {
	h0, h1 := p.f.hosts[0], p.f.hosts[1]
	return ndk.Side{IPv4: h0.v4, IPv6: h0.v6}, ndk.Side{IPv4: h1.v4, IPv6: h1.v6}
}

func (p *provider) OpenAdapter(addr netip.Addr) (ndk.Adapter, ndk.Status) {
	h := p.f.hostOf(addr)
	if h == nil {
		return nil, ndk.StatusInvalidAddress
	}
	var a ndk.Adapter = newAdapter(p.f, h)
	// VARIANT reject-concurrent-calls (breaks LT-7): the adapter and its
	// connectors take one call at a time (see gatedAdapter).
	if p.f.variant == VariantRejectConcurrentCalls {
		a = &gatedAdapter{adapter: a.(*adapter)}
	}
	if !p.f.mdlChains {
		a = chainlessAdapter{a}
	}
	return a, ndk.StatusSuccess
}

// Close releases nothing: the consumer has closed every adapter, and the
// fabric is garbage once unreferenced.
func (p *provider) Close() error { return nil }

var _ ndk.TimeoutDeclarer = (*provider)(nil)

// DeclaredTimeouts implements ndk.TimeoutDeclarer: NdkDisconnect may take
// the disconnect-timeout, and NdkConnect to an unresponsive host the
// connect-timeout.
func (p *provider) DeclaredTimeouts() map[string]time.Duration {
	return map[string]time.Duration{"disconnect": p.f.discTimeout, "connect": p.f.connTimeout}
}
