package sim

import (
	"sync"
	"sync/atomic"

	"github.com/ndkconform/ndkconform/ndk"
)

// Broken variants of CQ arming, notification, results, overrun, interrupt
// moderation and adapter information (the specs of specs/queues). Each is
// marked "VARIANT <name>" at the point it breaks.
const (
	VariantArmMergeAnyReplaced      = "arm-merge-any-replaced"
	VariantArmMergeErrorsKept       = "arm-merge-errors-kept"
	VariantArmMergeSolicitedErrors  = "arm-merge-solicited-errors"
	VariantRearmDisarms             = "rearm-disarms"
	VariantSuccessNotNotified       = "success-not-notified"
	VariantErrorsArmAny             = "errors-arm-any"
	VariantNotifyTwice              = "notify-twice"
	VariantArmIgnoresQueued         = "arm-ignores-queued"
	VariantConcurrentNotifications  = "concurrent-notifications"
	VariantErrorsNotSolicited       = "errors-not-solicited"
	VariantOverrunUnreported        = "overrun-unreported"
	VariantCompletionsAfterOverrun  = "completions-after-overrun"
	VariantResultsCountShort        = "results-count-short"
	VariantModerationNotSupported   = "moderation-flag-not-supported"
	VariantModerationWithoutFlag    = "moderation-without-flag"
	VariantModerationPending        = "moderation-pending"
	VariantModerationSticks         = "moderation-sticks"
	VariantMaxCQDepthRefused        = "max-cq-depth-refused"
	VariantAdapterInfoPendingRepeat = "adapter-info-pending-repeat"
)

func init() {
	variants = append(variants,
		Variant{Name: VariantArmMergeAnyReplaced, Rule: "CH-12", Rules: []string{"CH-12"},
			Description: "NdkArmCq on a CQ armed for ANY and not yet satisfied replaces the arm with the second type instead of keeping ANY"},
		Variant{Name: VariantArmMergeErrorsKept, Rule: "CH-13", Rules: []string{"CH-13"},
			Description: "NdkArmCq on a CQ armed for ERRORS and not yet satisfied keeps ERRORS instead of taking the second type"},
		Variant{Name: VariantArmMergeSolicitedErrors, Rule: "CH-14", Rules: []string{"CH-14"},
			Description: "NdkArmCq(ERRORS) on a CQ armed for SOLICITED and not yet satisfied arms it for ERRORS instead of keeping SOLICITED"},
		Variant{Name: VariantRearmDisarms, Rule: "CH-12", Rules: []string{"CH-12", "CH-13", "CH-14"},
			Description: "NdkArmCq on a CQ already armed and not yet satisfied disarms it (the arm is toggled, as a flag flipped) instead of merging the two types: nothing notifies until the next NdkArmCq"},
		Variant{Name: VariantSuccessNotNotified, Rule: "CH-8", Rules: []string{"CH-8", "CH-12", "CH-13", "CH-14"},
			Description: "a successful completion queued while the CQ is armed does not satisfy the arm (only an error completion does, and NdkArmCq still finds the successful ones already queued): an ANY or SOLICITED arm, made once or twice (CH-12..CH-14), is not satisfied when its completion comes"},
		Variant{Name: VariantErrorsArmAny, Rule: "CH-8", Rules: []string{"CH-8", "CH-13"},
			Description: "an NDK_CQ_NOTIFY_ERRORS arm (armed once, or twice: CH-13) is satisfied by any completion, a successful one too"},
		Variant{Name: VariantNotifyTwice, Rule: "CH-7", Rules: []string{"CH-7", "CQ-2"},
			Description: "every satisfied arm calls the notification callback twice"},
		Variant{Name: VariantArmIgnoresQueued, Rule: "CH-9", Rules: []string{"CH-9"},
			Description: "NdkArmCq does not look at the completions already queued: an arm made while new ones are there waits for the next"},
		Variant{Name: VariantConcurrentNotifications, Rule: "CH-11", Rules: []string{"CH-11"},
			Description: "CQ notifications are not serialized: one due while another runs starts at once, concurrently"},
		Variant{Name: VariantErrorsNotSolicited, Rule: "CQ-6", Rules: []string{"CQ-6", "CH-9"},
			Description: "an error completion does not satisfy an NDK_CQ_NOTIFY_SOLICITED arm (only a solicited receive does)"},
		Variant{Name: VariantOverrunUnreported, Rule: "CQ-5", Rules: []string{"CQ-5"},
			Description: "a completion into a full CQ is dropped silently: no STATUS_BUFFER_OVERFLOW, and the CQ goes on"},
		Variant{Name: VariantCompletionsAfterOverrun, Rule: "CQ-5", Rules: []string{"CQ-5"},
			Description: "after an overrun, reported with STATUS_BUFFER_OVERFLOW, the CQ queues new completions again once it has room"},
		Variant{Name: VariantResultsCountShort, Rule: "CQ-13", Rules: []string{"CQ-13"},
			Description: "NdkGetCqResults and NdkGetCqResultsEx with a one-entry array remove a completion and return 0"},
		Variant{Name: VariantModerationNotSupported, Rule: "CQ-8", Rules: []string{"CQ-8"},
			Description: "the adapter sets NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED, but NdkControlCqInterruptModeration returns STATUS_NOT_SUPPORTED"},
		Variant{Name: VariantModerationWithoutFlag, Rule: "CQ-9", Rules: []string{"CQ-9"},
			Description: "the adapter does not set NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED, but NdkControlCqInterruptModeration returns STATUS_SUCCESS"},
		Variant{Name: VariantModerationPending, Rule: "CQ-10", Rules: []string{"CQ-10", "CR-12"},
			Description: "NdkControlCqInterruptModeration returns STATUS_PENDING"},
		Variant{Name: VariantModerationSticks, Rule: "CQ-11", Rules: []string{"CQ-11", "CQ-12"},
			Description: "the adapter sets the moderation flag; once a CQ got a non-zero interval, later settings (interval 0 too) never take effect and its notifications are held back for good"},
		Variant{Name: VariantMaxCQDepthRefused, Rule: "IF-5", Rules: []string{"IF-5", "CQ-14"},
			Description: "NdkCreateCq with CqDepth equal to MaxCqDepth fails with STATUS_INVALID_PARAMETER (the limit taken as exclusive)"},
		Variant{Name: VariantAdapterInfoPendingRepeat, Rule: "AI-5", Rules: []string{"AI-5", "CR-12"},
			Description: "the third and later NdkQueryAdapterInfo of an adapter return STATUS_PENDING instead of blocking until done"},
	)
}

// moderationFlag reports whether the variant sets the moderation flag
// whatever the option interrupt-moderation says (true, true), clears it
// (false, true), or leaves it to the option (ok false).
func moderationFlag(variant string) (set, ok bool) {
	switch variant {
	case VariantModerationNotSupported, VariantModerationSticks:
		return true, true
	case VariantModerationWithoutFlag, VariantModerationPending:
		return false, true
	}
	return false, false
}

// brokenMergeArm is the arm type of a CQ armed for a and armed again for b
// before a was satisfied, under the arm-merge variants (ok false
// otherwise).
func (f *fabric) brokenMergeArm(a, b ndk.CQNotifyType) (ndk.CQNotifyType, bool) {
	switch {
	case f.variant == VariantArmMergeAnyReplaced && a == ndk.CQNotifyAny:
		return b, true
	case f.variant == VariantArmMergeErrorsKept && a == ndk.CQNotifyErrors:
		return ndk.CQNotifyErrors, true
	case f.variant == VariantArmMergeSolicitedErrors && a == ndk.CQNotifySolicited && b == ndk.CQNotifyErrors:
		return ndk.CQNotifyErrors, true
	}
	return 0, false
}

// moderationStatus is the status of NdkControlCqInterruptModeration on c
// under the moderation variants (ok false otherwise).
func (c *cq) moderationStatus(interval uint32) (ndk.Status, bool) {
	switch c.ad.f.variant {
	case VariantModerationNotSupported:
		return ndk.StatusNotSupported, true
	case VariantModerationWithoutFlag:
		return ndk.StatusSuccess, true
	case VariantModerationPending:
		return ndk.StatusPending, true
	case VariantModerationSticks:
		if interval != 0 {
			c.ad.f.mu.Lock()
			c.stuck = true
			c.ad.f.mu.Unlock()
		}
		return ndk.StatusSuccess, true
	}
	return 0, false
}

// infoQueries counts the NdkQueryAdapterInfo calls of each adapter, for
// the variant adapter-info-pending-repeat.
var infoQueries sync.Map // *adapter -> *atomic.Int32

func (a *adapter) infoQuery() int32 {
	n, _ := infoQueries.LoadOrStore(a, new(atomic.Int32))
	return n.(*atomic.Int32).Add(1)
}
