package sim

// The broken variants of the SRQ rules (SQ-2..SQ-6, AI-3).
const (
	VariantSRQThresholdAtLimit = "srq-threshold-at-limit"
	VariantSRQArmBelowSilent   = "srq-arm-below-silent"
	VariantSRQRefires          = "srq-refires"
	VariantSRQZeroDisarms      = "srq-threshold-zero-disarms"
	VariantSRQZeroRearms       = "srq-threshold-zero-rearms"
	VariantSRQDepthZero        = "srq-depth-zero"
	VariantSRQDepthOverMax     = "srq-depth-over-max"
	VariantSRQShrinkFitRefused = "srq-shrink-fit-refused"
	VariantSRQErrorCompletes   = "srq-error-completes"
	VariantSRQWithoutSupport   = "srq-without-support"
)

func init() {
	variants = append(variants,
		Variant{
			Name:        VariantSRQThresholdAtLimit,
			Rule:        "SQ-2",
			Rules:       []string{"SQ-2", "SQ-4"},
			Description: "the SRQ notification fires when the queued receives reach NotifyThreshold instead of when they fall below it",
		},
		Variant{
			Name:        VariantSRQArmBelowSilent,
			Rule:        "SQ-4",
			Rules:       []string{"SQ-4"},
			Description: "NdkModifySrq with a threshold above the receives already queued arms the notification without generating one (it fires only when the next receive is taken)",
		},
		Variant{
			Name:        VariantSRQRefires,
			Rule:        "SQ-4",
			Rules:       []string{"SQ-4"},
			Description: "the SRQ notification stays armed after it fired, and fires again for every receive taken below the threshold without a new NdkModifySrq",
		},
		Variant{
			Name:        VariantSRQShrinkFitRefused,
			Rule:        "SQ-3",
			Rules:       []string{"SQ-3"},
			Description: "NdkModifySrq refuses with STATUS_INVALID_PARAMETER a new depth, within MaxSrqDepth, equal to the receives queued",
		},
		Variant{
			Name:        VariantSRQZeroDisarms,
			Rule:        "SQ-5",
			Rules:       []string{"SQ-5"},
			Description: "NdkModifySrq with NotifyThreshold 0 disarms the SRQ notification instead of keeping it armed",
		},
		Variant{
			Name:        VariantSRQZeroRearms,
			Rule:        "SQ-5",
			Rules:       []string{"SQ-5"},
			Description: "NdkModifySrq with NotifyThreshold 0 re-arms the current threshold (notifying at once if the receives are below it) instead of leaving a fired notification disarmed",
		},
		Variant{
			Name:        VariantSRQDepthZero,
			Rule:        "SQ-3",
			Rules:       []string{"SQ-3"},
			Description: "NdkModifySrq with SrqDepth 0 sets the depth to 0 (every NdkSrqReceive then fails) instead of keeping the current depth",
		},
		Variant{
			Name:        VariantSRQDepthOverMax,
			Rule:        "SQ-3",
			Rules:       []string{"SQ-3"},
			Description: "NdkModifySrq accepts an SrqDepth above MaxSrqDepth",
		},
		Variant{
			Name:        VariantSRQErrorCompletes,
			Rule:        "SQ-6",
			Rules:       []string{"SQ-6"},
			Description: "after an SRQ reported STATUS_INTERNAL_ERROR (a fault injected with FailSRQ), its queued receives still complete for the sends of its QPs' peers",
		},
		Variant{
			Name:        VariantSRQWithoutSupport,
			Rule:        "AI-3",
			Rules:       []string{"AI-3"},
			Description: "NDK_ADAPTER_INFO reports MaxSrqDepth 0 (no SRQ support), yet NdkCreateSrq creates SRQs",
		},
	)
}
