package sim

// The broken variants of what follows an injected CQ fault (FailCQ,
// ndk.CQFaultInjector): CQ-5's fatal error, and CQ-2 for its notification.
const (
	VariantCQFatalCompletes = "cq-fatal-completes"
	VariantCQFatalUnarmed   = "cq-fatal-unarmed"
	VariantCQFatalArmedLost = "cq-fatal-armed-lost"
)

func init() {
	variants = append(variants,
		Variant{
			Name:        VariantCQFatalCompletes,
			Rule:        "CQ-5",
			Rules:       []string{"CQ-5"},
			Description: "after a CQ's fatal error (a fault injected with FailCQ, reported with STATUS_INTERNAL_ERROR), the completions of its QPs are still queued on it",
		},
		Variant{
			Name:        VariantCQFatalUnarmed,
			Rule:        "CQ-2",
			Rules:       []string{"CQ-2"},
			Description: "a CQ's fatal error (a fault injected with FailCQ) is notified at once even when the CQ is not armed, instead of at its next NdkArmCq",
		},
		Variant{
			Name:        VariantCQFatalArmedLost,
			Rule:        "CQ-5",
			Rules:       []string{"CQ-5"},
			Description: "a CQ's fatal error (a fault injected with FailCQ) does not satisfy the arm set before it: the consumer waiting on NdkArmCq(ERRORS) is never told",
		},
	)
}
