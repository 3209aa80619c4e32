package sim

import "net/netip"

// Broken variants of the connects RULES.md leaves open (OPEN-6, OPEN-7;
// specs/endpoints/open.go) and of the zero lengths and depths (OPEN-5;
// specs/model's write and read moves, specs/memory's model, specs/queues/
// zero.go). Each breaks its rule only in that situation, at the points
// marked "VARIANT <name>".

// Variant names.
const (
	VariantWildcardConnectNeverCompletes = "wildcard-connect-never-completes"
	VariantWildcardCloseLeavesConnect    = "wildcard-close-leaves-connect"
	VariantSecondConnectCompletesTwice   = "second-connect-completes-twice"
	VariantSecondConnectLeaksPort        = "second-connect-leaks-port"
	VariantWildcardConnectLeaksPort      = "wildcard-connect-leaks-port"
	VariantZeroWriteCompletesTwice       = "zero-write-completes-twice"
	VariantZeroReadWritesAByte           = "zero-read-writes-a-byte"
	VariantZeroWindowGrantsAccess        = "zero-window-grants-access"
	VariantZeroRegisterNeverCompletes    = "zero-register-never-completes"
	VariantZeroCQNeverCompletes          = "zero-cq-never-completes"
)

func init() {
	variants = append(variants,
		Variant{
			Name:        VariantWildcardConnectNeverCompletes,
			Rule:        "CR-4",
			Rules:       []string{"CR-4"},
			Description: "NdkConnect to a wildcard, broadcast or multicast destination returns STATUS_PENDING and never completes on its own (the connector's close still cancels it first)",
		},
		Variant{
			Name:        VariantWildcardCloseLeavesConnect,
			Rule:        "LT-23",
			Rules:       []string{"LT-23", "CR-4"},
			Description: "NdkConnect to a wildcard, broadcast or multicast destination returns STATUS_PENDING; the connector's close completes without completing it, and it never completes",
		},
		Variant{
			Name:        VariantSecondConnectCompletesTwice,
			Rule:        "CR-4",
			Rules:       []string{"CR-4"},
			Description: "a second NdkConnect on a connector that is connecting or connected returns STATUS_PENDING and its completion (STATUS_CONNECTION_ACTIVE) is called twice",
		},
		Variant{
			Name:        VariantSecondConnectLeaksPort,
			Rule:        "LC-18",
			Rules:       []string{"LC-18", "LC-19"},
			Description: "once a second NdkConnect was issued on a connector that is connecting or connected, the connector's close never frees its dedicated endpoint",
		},
		Variant{
			Name:        VariantWildcardConnectLeaksPort,
			Rule:        "LC-18",
			Rules:       []string{"LC-18", "LC-19"},
			Description: "the dedicated endpoint of an NdkConnect to a wildcard, broadcast or multicast destination, which fails, is never freed, not even by the connector's close",
		},
		Variant{
			Name:        VariantZeroWriteCompletesTwice,
			Rule:        "QP-4",
			Rules:       []string{"QP-4"},
			Description: "an NdkWrite of 0 bytes (OPEN-5) queues its completion twice (a silent one that succeeds none)",
		},
		Variant{
			Name:        VariantZeroReadWritesAByte,
			Rule:        "MR-16",
			Rules:       []string{"MR-16"},
			Description: "an NdkRead of 0 bytes (OPEN-5) with an SGE of length 0 that succeeds changes the byte at its SGE's address",
		},
		Variant{
			Name:        VariantZeroWindowGrantsAccess,
			Rule:        "MR-16",
			Rules:       []string{"MR-16"},
			Description: "an NdkBind of 0 bytes (OPEN-5) binds the window to the rest of the region from its address",
		},
		Variant{
			Name:        VariantZeroRegisterNeverCompletes,
			Rule:        "CR-4",
			Rules:       []string{"CR-4"},
			Description: "NdkRegisterMr of 0 bytes (OPEN-5) with a completion callback returns STATUS_PENDING and never completes",
		},
		Variant{
			Name:        VariantZeroCQNeverCompletes,
			Rule:        "CR-1",
			Rules:       []string{"CR-1"},
			Description: "NdkCreateCq of depth 0 (OPEN-5) with a completion callback returns STATUS_PENDING and never completes",
		},
	)
}

// noHost reports whether ip is no host's address: the wildcard, the IPv4
// broadcast address or a multicast address.
func noHost(ip netip.Addr) bool {
	return ip.IsUnspecified() || ip.IsMulticast() || ip == netip.AddrFrom4([4]byte{255, 255, 255, 255})
}

// wildcardPends reports whether the variant in force keeps a connect to dst
// pending with no answer to come.
func (f *fabric) wildcardPends(dst netip.Addr) bool {
	return (f.variant == VariantWildcardConnectNeverCompletes || f.variant == VariantWildcardCloseLeavesConnect) && noHost(dst)
}
