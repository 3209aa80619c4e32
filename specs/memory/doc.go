// Package memory holds the specs of memory registration, tokens, memory
// windows, fast registration, logical address mappings and invalidation by
// the peer, at their exact edges: MDL chains that are not virtually
// contiguous by one byte, refused by NdkRegisterMr and NdkBuildLam (MR-3,
// MR-20; through ndk.ChainRegisterer and ndk.LAMChainBuilder, skipped as
// not verified without them), the virtual address as an index (MR-4),
// no zero-based addressing (MR-6), READ_SINK not required (MR-8, and a
// logical address mapping under the privileged token as a read sink,
// MR-23), NDK_OP_FLAG_DEFER changing no completion (DP-3, defer.go),
// remote access only with a valid
// token (MR-16: wrong, stale and invalidated tokens, region and window
// edges, rebinds), the privileged token local only (MR-18), bind rights
// (MR-15), the FRMR page count and fast-register rights and tokens (AI-1,
// MR-10, MR-12, MR-13, QP-15), NdkBuildLam (MR-20, MR-21) and
// NdkSendAndInvalidate (QP-16, QP-18, QP-20, CH-3, CH-4, CH-6). Each probe
// of remote access that may fail runs on a connection of its own, since a
// failed access may end the connection. The memory model (model.go, label
// model) runs random sequences of registrations, binds, rebinds,
// invalidations and remote accesses with rapid, checks every access
// against the tokens the model says are valid and the bytes it says each
// region holds (MR-16, QP-14) and every bind against MR-15, and shrinks a
// failing sequence to the shortest it finds.
package memory
