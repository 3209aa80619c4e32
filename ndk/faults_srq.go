package ndk

// SRQFaultInjector is implemented by a Provider that can simulate a
// catastrophic error on an SRQ, the hardware error that NdkSrqNotificationCallback
// reports with SrqStatus STATUS_INTERNAL_ERROR (SQ-6). No consumer call
// provokes it, so a spec can check what follows it only through this.
type SRQFaultInjector interface {
	// FailSRQ makes srq, an SRQ the provider created and that is not being
	// closed, fail: the provider calls its notification callback with
	// STATUS_INTERNAL_ERROR, and from then on the SRQ and every QP created
	// over it are unusable and report no completion.
	FailSRQ(srq SRQ) error
}
