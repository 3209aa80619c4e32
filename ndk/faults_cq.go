package ndk

// CQFaultInjector is implemented by a Provider that can simulate a fatal
// error on a CQ, the hardware error that NdkCqNotificationCallback reports
// with CqStatus STATUS_INTERNAL_ERROR ("a fatal error occurred on the CQ
// and the CQ is unusable. All of the associated queue pairs (QPs) are also
// unusable. No future completions will be reported", CQ-5). No consumer
// call provokes it, so a spec can check what follows it only through this.
//
// When the error is reported: the callback page does not say, and the
// pages that do say when the callback is called make it wait for an arm.
// NdkCreateCq: "The provider will not call NdkCqNotificationCallback
// unless the consumer arms the notification with the NdkArmCq function"
// (CQ-2); the completion handling requirements: the provider calls it
// "only after the consumer has armed the NdkCqNotificationCallback
// callback by calling NdkArmCq" (CH-7). And NdkArmCq names the fatal error
// among what an arm waits for: NDK_CQ_NOTIFY_ERRORS, "Notify if there are
// any completion queue errors such as a completion queue overrun or
// catastrophic failure" (an ANY or SOLICITED arm includes ERRORS: a second
// arm of ERRORS leaves them as they are, CH-12, CH-14). So the fatal error
// is no exception to the arm: a CQ armed when it fails is notified (its
// arm satisfied) with STATUS_INTERNAL_ERROR; a CQ not armed then is
// notified of it when it is next armed, at once, as an overrun is (an arm
// finds the error already there, as CH-9 finds a completion), and not
// before.
type CQFaultInjector interface {
	// FailCQ makes cq, a CQ the provider created and that is not being
	// closed, fail: its notification reports STATUS_INTERNAL_ERROR (now if
	// it is armed, else at the next arm), and from then on the CQ and
	// every QP that uses it (for receives or initiator requests) are
	// unusable and report no completion.
	FailCQ(cq CQ) error
}
