package sim

import "github.com/ndkconform/ndkconform/ndk"

// Broken variants of memory registration, tokens and memory windows
// (specs/memory). Each breaks its rules at the points marked
// "VARIANT <name>".

// Variant names.
const (
	VariantTokenLowBits               = "token-low-bits"
	VariantStaleToken                 = "stale-token"
	VariantRegionEdgeClamped          = "region-edge-clamped"
	VariantPrivilegedRemote           = "privileged-remote"
	VariantZeroBased                  = "zero-based"
	VariantVAPageBase                 = "va-page-base"
	VariantWindowOffByOne             = "window-off-by-one"
	VariantRebindKeepsOld             = "rebind-keeps-old"
	VariantInvalidateIgnored          = "invalidate-ignored"
	VariantBindIgnoresRights          = "bind-ignores-rights"
	VariantReadSinkRequired           = "read-sink-required"
	VariantFRMRPageCount15            = "frmr-page-count-15"
	VariantFRLimitWrongStatus         = "fr-limit-wrong-status"
	VariantFRIgnoresRemote            = "fr-ignores-remote-access"
	VariantFRStaleToken               = "fr-stale-remote-token"
	VariantLAMCountIgnoresFBO         = "lam-count-ignores-fbo"
	VariantLAMPartialLeak             = "lam-partial-leak"
	VariantSAISendType                = "sai-send-type-wrong"
	VariantSAINoToken                 = "sai-no-token-output"
	VariantNonExDrops                 = "nonex-drops-invalidate"
	VariantNonExKeepsToken            = "nonex-keeps-token"
	VariantReinvalidateSucceeds       = "reinvalidate-succeeds"
	VariantSAIBadTokenIgnored         = "sai-bad-token-ignored"
	VariantReadInvalidateUnadvertised = "read-invalidate-unadvertised"
	VariantReadInvalidateIgnored      = "read-invalidate-ignored"
	VariantMRChainGap                 = "mr-chain-gap"
	VariantLAMChainGap                = "lam-chain-gap"
	VariantMWCloseKeepsBinding        = "mw-close-keeps-binding"
)

func init() {
	variants = append(variants,
		Variant{
			Name:        VariantTokenLowBits,
			Rule:        "MR-16",
			Rules:       []string{"MR-16"},
			Description: "a remote access whose token is no live token is granted under the live remote token of an MR or MW with the same low 16 bits",
		},
		Variant{
			Name:        VariantStaleToken,
			Rule:        "MR-16",
			Rules:       []string{"MR-16"},
			Description: "NdkDeregisterMr leaves the MR's remote token reaching the memory it registered",
		},
		Variant{
			Name:        VariantRegionEdgeClamped,
			Rule:        "MR-16",
			Rules:       []string{"MR-16", "QP-14"},
			Description: "a remote access under an MR's remote token that straddles an edge of the region succeeds, moving the bytes inside it",
		},
		Variant{
			Name:        VariantPrivilegedRemote,
			Rule:        "MR-18",
			Rules:       []string{"MR-18"},
			Description: "a peer's NdkWrite or NdkRead under the PD's privileged token reaches the adapter's logical addresses",
		},
		Variant{
			Name:        VariantZeroBased,
			Rule:        "MR-6",
			Rules:       []string{"MR-6"},
			Description: "a remote address below a registered MR's length is taken as a zero-based offset into the region",
		},
		Variant{
			Name:        VariantVAPageBase,
			Rule:        "MR-4",
			Rules:       []string{"MR-4"},
			Description: "an MR registered at a virtual address that is not page-aligned is indexed from the address's page base, as if the buffer were where the address points",
		},
		Variant{
			Name:        VariantWindowOffByOne,
			Rule:        "MR-16",
			Rules:       []string{"MR-16"},
			Description: "NdkBind binds one byte more than its Length: the byte past the window is reachable",
		},
		Variant{
			Name:        VariantRebindKeepsOld,
			Rule:        "MR-16",
			Rules:       []string{"MR-16"},
			Description: "a window bound again to another MR still reaches the range of the MR it was bound to before",
		},
		Variant{
			Name:        VariantInvalidateIgnored,
			Rule:        "MR-16",
			Rules:       []string{"MR-16"},
			Description: "NdkInvalidate of a bound memory window succeeds but leaves the window valid",
		},
		Variant{
			Name:        VariantBindIgnoresRights,
			Rule:        "MR-15",
			Rules:       []string{"MR-15"},
			Description: "NdkBind grants remote write on an MR registered without NDK_MR_FLAG_ALLOW_LOCAL_WRITE",
		},
		Variant{
			Name:        VariantReadSinkRequired,
			Rule:        "MR-8",
			Rules:       []string{"MR-8", "MR-23"},
			Description: "the adapter sets NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED whatever the option read-sink-not-required says, yet an NdkRead into memory registered without READ_SINK, or into a logical address mapping under the privileged token, fails with STATUS_ACCESS_VIOLATION",
		},
		Variant{
			Name:        VariantFRMRPageCount15,
			Rule:        "AI-1",
			Rules:       []string{"AI-1"},
			Description: "the adapter supports and advertises only 15 FRMR pages (FRMRPageCount 15)",
		},
		Variant{
			Name:        VariantFRLimitWrongStatus,
			Rule:        "MR-10",
			Rules:       []string{"MR-10"},
			Description: "NdkInitializeFastRegisterMr with an AdapterPageCount over FRMRPageCount fails with STATUS_INVALID_PARAMETER instead of STATUS_IMPLEMENTATION_LIMIT",
		},
		Variant{
			Name:        VariantFRIgnoresRemote,
			Rule:        "MR-12",
			Rules:       []string{"MR-12"},
			Description: "NdkFastRegister grants remote read and write on an MR initialised without RemoteAccess",
		},
		Variant{
			Name:        VariantFRStaleToken,
			Rule:        "MR-13",
			Rules:       []string{"MR-13"},
			Description: "each NdkFastRegister gives the MR a new remote token, but NdkGetRemoteTokenFromMr keeps returning the one of NdkInitializeFastRegisterMr, which no longer grants access",
		},
		Variant{
			Name:        VariantLAMCountIgnoresFBO,
			Rule:        "MR-20",
			Rules:       []string{"MR-20"},
			Description: "NdkBuildLam's STATUS_BUFFER_TOO_SMALL asks for the buffer's length in pages, forgetting the page its first byte's offset spills into",
		},
		Variant{
			Name:        VariantLAMPartialLeak,
			Rule:        "MR-21",
			Rules:       []string{"MR-21"},
			Description: "an NdkBuildLam that fails with STATUS_BUFFER_TOO_SMALL first maps as many pages as the array holds, writes them into it and leaves them mapped",
		},
		Variant{
			Name:        VariantSAISendType,
			Rule:        "QP-18",
			Rules:       []string{"QP-18"},
			Description: "the sender's completion of an NdkSendAndInvalidate has Type NdkOperationTypeInvalidate",
		},
		Variant{
			Name:        VariantSAINoToken,
			Rule:        "QP-20",
			Rules:       []string{"QP-20"},
			Description: "a ReceiveAndInvalidate completion's TypeSpecificCompletionOutput is 0, not the invalidated token",
		},
		Variant{
			Name:        VariantNonExDrops,
			Rule:        "CH-3",
			Rules:       []string{"CH-3"},
			Description: "NdkGetCqResults removes ReceiveAndInvalidate completions without returning them",
		},
		Variant{
			Name:        VariantNonExKeepsToken,
			Rule:        "CH-4",
			Rules:       []string{"CH-4"},
			Description: "the token an NdkSendAndInvalidate names is invalidated only when the receive's completion is retrieved with NdkGetCqResultsEx",
		},
		Variant{
			Name:        VariantReinvalidateSucceeds,
			Rule:        "CH-6",
			Rules:       []string{"CH-6"},
			Description: "NdkInvalidate of a window the peer invalidated with NdkSendAndInvalidate succeeds",
		},
		Variant{
			Name:        VariantSAIBadTokenIgnored,
			Rule:        "QP-16",
			Rules:       []string{"QP-16"},
			Description: "an NdkSendAndInvalidate naming a token the receiver cannot invalidate is delivered as a plain send, and the connection stays up",
		},
		Variant{
			Name:        VariantReadInvalidateUnadvertised,
			Rule:        "QP-15",
			Rules:       []string{"QP-15"},
			Description: "a successful NdkRead with NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE invalidates the fast-registered MR of its first SGE although the adapter does not set NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED",
		},
		Variant{
			Name:        VariantReadInvalidateIgnored,
			Rule:        "QP-15",
			Rules:       []string{"QP-15"},
			Description: "the adapter sets NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED, yet a successful NdkRead with NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE leaves the fast-registered MR of its first SGE valid",
		},
		Variant{
			Name:        VariantMRChainGap,
			Rule:        "MR-3",
			Rules:       []string{"MR-3"},
			Description: "NdkRegisterMr on an MDL chain that is not virtually contiguous (a gap or an overlap between MDLs) succeeds, registering the MDLs one after the other",
		},
		Variant{
			Name:        VariantLAMChainGap,
			Rule:        "MR-20",
			Rules:       []string{"MR-20"},
			Description: "NdkBuildLam on an MDL chain that is not virtually contiguous (a gap or an overlap between MDLs) succeeds, mapping the MDLs one after the other",
		},
		Variant{
			Name:        VariantMWCloseKeepsBinding,
			Rule:        "MR-16",
			Rules:       []string{"MR-16"},
			Description: "NdkCloseObject of a bound MW leaves its remote token and binding live: the peer's NdkWrite and NdkRead under the closed window's token still reach the MR",
		},
	)
}

// staleGhostLocked is VARIANT stale-token: the MR's remote token is
// handed to a copy of its registration, which outlives it.
func (m *mr) staleGhostLocked() {
	ghost := &mr{pd: m.pd, registered: true, mem: m.mem, va: m.va, flags: m.flags}
	ghost.ad = m.ad
	m.ad.tokens[m.remote] = tokenRef{kind: tokMRRemote, mr: ghost}
	m.remote = 0
}

// lowBitsTokenLocked is VARIANT token-low-bits: a live remote token with
// the low 16 bits of token.
func (a *adapter) lowBitsTokenLocked(token uint32) (tokenRef, bool) {
	for t, ref := range a.tokens {
		if t&0xffff == token&0xffff && (ref.kind == tokMRRemote || ref.kind == tokMW) {
			return ref, true
		}
	}
	return tokenRef{}, false
}

// clampedSegsLocked is VARIANT region-edge-clamped: the part of [addr,
// addr+n) inside the MR's region, holes for the rest; ok false when they
// do not overlap.
func (m *mr) clampedSegsLocked(base, length, addr, n uint64) ([]seg, bool) {
	lo, hi := max(addr, base), min(addr+n, base+length)
	if lo >= hi {
		return nil, false
	}
	in, st := m.segsLocked(lo, hi-lo)
	if st != ndk.StatusSuccess {
		return nil, false
	}
	var out []seg
	if lo > addr {
		out = append(out, seg{n: int(lo - addr)})
	}
	out = append(out, in...)
	if addr+n > hi {
		out = append(out, seg{n: int(addr + n - hi)})
	}
	return out, true
}

// staleFRTokenLocked is VARIANT fr-stale-remote-token: the registration
// gets a fresh remote token that NdkGetRemoteTokenFromMr never returns;
// the one it returns is retired.
func (m *mr) staleFRTokenLocked() {
	delete(m.ad.tokens, m.remote)
	m.ad.newTokenLocked(tokenRef{kind: tokMRRemote, mr: m})
}
