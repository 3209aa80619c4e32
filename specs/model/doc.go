// Package model holds the model specs that drive the provider themselves
// (suite.Direct, suite.Pair) with random consumer sequences (rapid's state
// machines), check every step against what the pages allow, and shrink a
// failing sequence to the shortest one rapid finds, with its seed and the
// command that replays it (--seed, --model-sequences, --model-steps,
// --model-shrink-time).
//
// # The endpoint, lifetime and disconnect model
//
// spec.go, world.go, actions.go, datapath.go, exhaust.go, faults.go and
// reach.go: package ndkconform/model's state machine of listeners,
// connectors, shared endpoints, QPs and their closes (see spec.go).
//
// The moves (actions.go's keys), each on a side it draws:
//
//	create ...    NdkCreateListener, NdkCreateConnector, NdkCreateQp (on a
//	              PD and CQ made or reused), NdkCreateSharedEndpoint
//	listen        NdkListen on port 0, a pool port, a port seen bound or
//	              the peer's address (closed inside its completion one
//	              time in eight); pause: NdkControlConnectEvents
//	connect       NdkConnect (closed inside its completion one time in
//	              eight), NdkConnectWithSharedEndpoint
//	accept,       NdkAccept, NdkReject, NdkCompleteConnect (also on a
//	reject,       connector that is not connecting), NdkGetConnectionData;
//	complete      every NdkAccept and NdkCompleteConnect of these moves
//	connect       registers a disconnect event callback
//	disconnect    NdkDisconnect of an established connector or, in
//	              "disconnect again", of one never connected or failed
//	close         NdkCloseObject of any open object (a listener or shared
//	              endpoint connections hold, a QP with receives posted),
//	              then maybe a probe of its port
//	probe a port  NdkListen on a new listener, closed at once
//	concurrent    two NdkCreateConnector at once (LT-7)
//	creates
//	close during  a listener closed while its connect event callback runs
//	event         (LT-24, LC-16)
//	close a held  a listener or shared endpoint whose port established
//	endpoint      connections hold, closed, then probed or connected to
//	data path     NdkReceive, NdkSend, NdkWrite on established
//	              connections, a receive and a write posted at once (WR-5),
//	              NdkFlush, NdkCreateMw, a QP with receives closed (LT-26),
//	              a pending NdkDisconnect waited out
//	disconnect    NdkDisconnect with receives, sends and a large write in
//	with data     flight (DS-5, QP-22), then a post on the QP (DS-10)
//	establish     a connection in one move (the data path needs them)
//	no disconnect a connection (two keys, as connect and accept have)
//	event         whose NdkCompleteConnect, NdkAccept or both register no
//	              disconnect event callback (nil: the parameter is
//	              optional, CN-15), then each end in a drawn order
//	              disconnected (waited for) or closed, and both closed: an
//	              end with a callback that did not disconnect gets its
//	              indication (DS-6), an end with none is called nothing,
//	              and every NdkDisconnect completes
//	fault         the peer's host unresponsive during an NdkDisconnect
//	              (STATUS_IO_TIMEOUT, DS-4, CN-17), or a host down with
//	              connections up (an indication to every end of the other
//	              side that did not disconnect, DS-6)
//
// After the drawn steps, one sequence in twelve exhausts a side's
// ephemeral range and resources (exhaust.go), unless a call of the
// sequence is still in the provider; the teardown closes what is
// left, and the ports are probed free on new adapters (LC-6).
//
// What the model requires of the disconnect scheme: an indication to an
// established end that registered a callback and did not call NdkDisconnect
// when its peer disconnects, closes its established connector without
// disconnecting (an abort the peer's provider detects: the indication is
// for any cause "other than the local NDK consumer's own initiation such as
// issuing NdDisconnect or NdCloseConnector", DS-2, DS-6) or a host fault
// aborts the connection; none for a side's own disconnect or close (DS-2)
// nor twice (CN-15); an NdkDisconnect issued once the peer's had completed
// with STATUS_SUCCESS and this end's indication had come (the notice's
// arrival seen; with no initiator request of its own outstanding, DS-12)
// completes with STATUS_SUCCESS (DS-4: without the indication, a failure
// could as well be the peer's notice never sent, DS-3, and nothing is
// required); any other NdkDisconnect of
// a connection up completes with STATUS_SUCCESS or STATUS_IO_TIMEOUT (CN-17),
// and with any status once its connection was aborted or its peer closed.
//
// # The data path and memory model
//
// dp.go, dpmoves.go and dpcheck.go: random sequences of the CQ, QP, SRQ,
// work-request and memory calls over several connections between side A
// and side B whose QPs share one CQ a side and, on side B, an SRQ (when
// MaxSrqDepth is not 0). Each sequence starts from fresh objects: a PD, a
// CQ (of MaxCqDepth one time in four, IF-5) and one registered region a
// side (NDK_MR_FLAG_ALLOW_LOCAL_WRITE|ALLOW_REMOTE_READ|ALLOW_REMOTE_WRITE,
// with NDK_MR_FLAG_RDMA_READ_SINK, or without it where the adapter sets
// NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED, MR-8), an MW a side, the
// SRQ, and three connections (one to a QP with a receive queue of its own,
// two to QPs over the SRQ); it closes them at its end. Its budget is a
// quarter of the model budget's sequences (dpSequences).
//
// The moves, and the calls and flags each covers (a call or flag of the
// sections missing here is not covered yet). Flush, flush race, denied
// write, disconnect, connect, fast register and overrun are drawn as one
// move ("rare"), so that they do not crowd out the others; so are the
// cases the pages leave open, the resize and the window's close ("edge":
// small receive, no receive, resize, close window):
//
//	receive       NdkReceive (a QP's own queue, up to its depth), NdkSrqReceive
//	send          NdkSend, 0 to 256 bytes (the receive's size), to a peer
//	              with a receive waiting (posted first when none is), with
//	              NDK_OP_FLAG_SILENT_SUCCESS, NDK_OP_FLAG_SEND_AND_SOLICIT_EVENT,
//	              NDK_OP_FLAG_INLINE (up to the QP's InlineDataSize, the
//	              adapter's MaxInlineDataSize; the SGEs' token invalid, QP-10)
//	              or none; one SGE past the QP's MaxInitiatorRequestSge
//	              (the provider may fail it inline: no completion, DP-4)
//	send and      NdkSendAndInvalidate naming the peer's window bound on the
//	invalidate    connection: the receive is NdkOperationTypeReceiveAndInvalidate
//	              with the token (QP-20), the send NdkOperationTypeSend
//	              (QP-18); a later NdkInvalidate of the window fails (CH-6)
//	small receive NdkReceive of 1, 2, 17 or 255 bytes on a QP with no
//	              receive outstanding, then the peer's NdkSend of one more
//	              byte or 256 (SEND_AND_SOLICIT_EVENT, INLINE or none): the
//	              pages leave the outcome open, so every status passes on
//	              both sides, and the connection is ended after; each
//	              completes once (QP-4), no byte of the receive's slot past
//	              its SGE changes (MR-16), and a receive that succeeds
//	              reports at most its SGE's bytes, the send's first ones
//	              (QP-13)
//	no receive    NdkSend of 1 (4 to a QP over the SRQ), 17 or 256 bytes
//	              (SEND_AND_SOLICIT_EVENT, INLINE or none) to a QP with no
//	              receive waiting, the CQs read for 20 ms, then the peer's
//	              NdkReceive (NdkSrqReceive when the peer is over the SRQ
//	              and the SRQ holds none): the send may
//	              wait for it (both succeed) or fail with any status (the
//	              connection is ended then, what was outstanding on it
//	              free to end with any status); a send that succeeds
//	              delivered its bytes to the receive (QP-4)
//	write         NdkWrite of 1, 2, 63, 255 or 256 bytes under the peer's MR
//	              remote token or its window's token (NdkGetRemoteTokenFromMw),
//	              with SILENT_SUCCESS, READ_FENCE, INLINE or none; one time
//	              in six 0 bytes (OPEN-5), with one SGE of length 0 or none:
//	              the provider may fail its post with any status (no
//	              completion then, DP-4); one it takes is judged as any
//	              write: it completes once with STATUS_SUCCESS (QP-4) and no
//	              byte of either region changes (MR-16)
//	read          NdkRead of the same lengths into the side's sink, under the
//	              MR's or the window's token, with READ_FENCE or none; one
//	              time in six 0 bytes, as the write: no byte of the sink
//	              changes (MR-16)
//	fence         NdkRead (of a slot, or of 512 KiB of a bulk region
//	              registered on first use, in flight a while), then at once
//	              NdkWrite with NDK_OP_FLAG_READ_FENCE to the bytes it reads:
//	              the read gets the bytes from before (QP-7)
//	defer chain   one or two of NdkSend, NdkWrite, NdkRead with
//	              NDK_OP_FLAG_DEFER, then one without (NDKPI 1.2 and later,
//	              QP-8): all complete (DP-5); or ending with a send one SGE
//	              too many, which may fail inline: the deferred ones still
//	              complete (DP-6)
//	bind          NdkBind of the side's MW to 1 to 4 slots of its region,
//	              NDK_OP_FLAG_ALLOW_REMOTE_READ|ALLOW_REMOTE_WRITE, then
//	              NdkGetRemoteTokenFromMw
//	invalidate    NdkInvalidate of the bound MW
//	close window  NdkCloseObject of the side's bound MW (NdkCreateMw makes
//	              its successor), then the peer's NdkWrite of 1, 16 or 256
//	              bytes into its old range under its old token: it fails
//	              and no byte moves (MR-16); the connection ended after
//	fast register NdkBuildLam of 1 to 3 pages at offset 0, 1 or 4095 in its
//	              page, first with a page array one page short
//	              (STATUS_BUFFER_TOO_SMALL with the pages needed, MR-20),
//	              NdkReleaseLam; NdkCreateMr(FastRegister TRUE),
//	              NdkInitializeFastRegisterMr (one page past FRMRPageCount:
//	              STATUS_IMPLEMENTATION_LIMIT, MR-10; RemoteAccess TRUE, or
//	              FALSE: NdkFastRegister with remote rights fails with
//	              STATUS_ACCESS_VIOLATION, MR-12), NdkFastRegister with
//	              ALLOW_LOCAL_WRITE|ALLOW_REMOTE_READ|ALLOW_REMOTE_WRITE,
//	              NdkGetRemoteTokenFromMr/NdkGetLocalTokenFromMr, the peer's
//	              NdkWrite at the first or last bytes under that token
//	              (MR-13), NdkInvalidate of the MR
//	unconnected   NdkSend, NdkWrite, NdkRead, NdkBind or NdkInvalidate on a
//	              QP never connected: STATUS_CONNECTION_INVALID, no
//	              completion (QP-5, DP-4)
//	arm           NdkArmCq with NDK_CQ_NOTIFY_ANY, _ERRORS or _SOLICITED,
//	              the CQ read empty first, or not (a write posted just
//	              before: CH-9)
//	moderate      NdkControlCqInterruptModeration, interval 0, 1 or 100 µs,
//	              count 0, 1 or the CQ's depth (CQ-8, CQ-9, CQ-10)
//	poll          NdkGetCqResults or NdkGetCqResultsEx with 1, 2, 3 or 16
//	              entries, after every step
//	settle        read the CQs until every completion due came
//	flush         NdkFlush of a QP with a receive outstanding (its CQ armed
//	              first, or not), then of its peer; the connection retired
//	flush race    receives posted from another goroutine while NdkFlush
//	              runs (WR-7), then NdkFlush again: each completes once,
//	              STATUS_CANCELLED (QP-21)
//	denied write  a silent NdkWrite under a token the peer never gave: it
//	              fails and its failure completes (QP-6), no byte moves
//	              (MR-16); the connection ended after
//	disconnect    NdkDisconnect with requests outstanding (QP-22), then a
//	              silent NdkSend on the disconnected QP (it fails, and its
//	              failure completes: QP-6, DS-10), NdkFlush of the peer
//	connect       a new connection (over the SRQ or not) on the CQs
//	srq           NdkModifySrq with SrqDepth 0, the SRQ's, MaxSrqDepth and
//	              one past it (SQ-3), NotifyThreshold 0, 1, one below the
//	              receives queued, their number, one more (SQ-2, SQ-4,
//	              SQ-5); NdkSrqReceive; "no receive" to a QP over the SRQ
//	              when the SRQ holds none
//	resize        NdkResizeCq of a side's CQ where the adapter sets
//	              NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED (AI-2), with up to
//	              three writes' completions queued, to the depth the
//	              model's connections need (or the completions it may
//	              hold, if more), one more, its depth, MaxCqDepth (not
//	              STATUS_INVALID_PARAMETER) or one past it
//	              (STATUS_INVALID_PARAMETER, CQ-15); after a success the
//	              completions queued come, once (CQ-16), and the model
//	              holds the CQ to its new depth (a failure keeps the old)
//	overrun       a CQ of its own of depth 1, 2 or 4 and one completion
//	              more: STATUS_BUFFER_OVERFLOW, and no completion queued at
//	              or after it (CQ-5)
//	setup         NdkQueryAdapterInfo (AI-5) (FRMRPageCount, AI-1, is its spec's),
//	              NdkCreateSrq on an adapter with MaxSrqDepth 0 (AI-3),
//	              NdkCreateQp and NdkCreateQpWithSrq, NdkCreateMw, NdkRegisterMr
//
// A work request or NdkControlCqInterruptModeration that returns
// STATUS_PENDING fails the spec at the call: the harness's wrapper charges
// CR-12 (and CQ-10), as in every spec; the model's label CR-12 is that
// check. After every step the model reads both CQs and checks every
// completion:
// its request (RequestContext) and QP (QPContext, QP-3), that it comes
// once (QP-4) and only for a request posted with success (DP-4), its
// status (STATUS_SUCCESS; STATUS_CANCELLED or STATUS_SUCCESS once
// flushed, QP-21, QP-22), none for a silent success (QP-6),
// ProviderErrorCode 0 on success (QP-19), a receive's BytesTransferred
// (QP-13) and bytes; the notifications of both CQs against their arms
// (CH-7, CH-8, CH-9, CQ-6, CQ-11 once moderated) and their CqStatus
// (CQ-5); the SRQ's notifications against its threshold; and every byte
// of both regions: a completed receive, read or write holds its bytes, and
// no byte a request in flight cannot write changed (MR-16).
//
// The provider's freedoms it lets pass: any failure of a post (the
// request then never completes), completions in any order, within a QP
// and across QPs, which SRQ receive a send takes, a write's or read's
// bytes at any time before its completion (a silent write's target is
// not judged again), a notification for an error under an ANY or ERRORS
// arm (the CQ's notifications are no longer judged then), a notification
// for completions older than the last notification (CH-10: such an arm is
// made only after reading the CQ empty), STATUS_INSUFFICIENT_RESOURCES
// from NdkControlCqInterruptModeration, NdkModifySrq (to a larger depth),
// NdkCreateCq and NdkBuildLam; any status of a receive too small for its
// send and of that send, a send with no receive waiting held until one
// comes or failed, a broken connection after either; any failure of
// NdkResizeCq within MaxCqDepth but STATUS_INVALID_PARAMETER at it (the
// depth is then kept).
//
// Not covered yet: a resized CQ filled past its old depth (the model's
// requests never fill it: CQ-16's spec does),
// NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE and NDK_OP_FLAG_RDMA_READ_SINK,
// the privileged token (NdkGetPrivilegedMemoryRegionToken), NdkDeregisterMr
// in a sequence, NdkGetCqResults of a ReceiveAndInvalidate completion (CH-3,
// CH-4), re-arming before an arm is satisfied (CH-12..CH-14: the CQ model
// has them), held notification callbacks (CH-11), accesses the tokens
// deny (the memory model makes them), the SRQ's and CQ's faults.
package model
