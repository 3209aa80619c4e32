// Package sim is the reference NDK provider of ndkconform: a pure-Go
// simulation of NDK adapters on a fabric of hosts, registered as driver
// "sim". Nothing is ever sent on a real network.
//
// # Fabric
//
// Every Open makes a new fabric of `hosts` hosts. Host i (0-based) owns
// 192.0.2.(i+1) and 2001:db8::(i+1); Sides returns hosts 0 and 1.
// OpenAdapter opens a new adapter on the host owning the address; the
// adapters of a host share its table of bound local addresses, keyed by IP
// and port (the IPv4 and IPv6 addresses of a host are separate keys).
//
// # Completion personalities
//
// Option completion says how every call that takes a completion callback
// completes: inline (the final status is returned), deferred (STATUS_PENDING,
// the callback follows from another goroutine), reentrant (the callback runs
// inside the call, which then returns STATUS_PENDING) or random (one of the
// three per call, from a generator seeded by option seed). Inline and
// reentrant calls whose outcome depends on the peer (Connect, Accept,
// Disconnect) block until it is known. A call made with a nil callback
// completes inline.
//
// Work requests (QP and SRQ posts, Flush, Arm) take no callback: they
// return their inline status; their completions are queued to the CQ when
// the request takes effect (see Data path: at once for small transfers, when
// the transfer ends for large ones; a receive completes when the peer's send
// arrives). The personality does not apply to them, nor to calls that never
// return STATUS_PENDING (ControlInterruptModeration, ReleaseLAM).
//
// Close follows the personality when nothing is outstanding. A close that
// must wait (open successors, LT-16; or callbacks scheduled or running on
// the object, LT-23/LT-24) returns STATUS_PENDING in every personality and
// its completion comes from a sim goroutine. Callbacks that are not the
// completion of the call in progress (events, completions resolved by the
// peer, cancellations, pending close completions) always run on sim
// goroutines, never inside another consumer call. No lock is held while a
// consumer callback runs.
//
// # Choices the documentation leaves open
//
//   - A QP already bound to another connector (connecting or connected), or
//     from another adapter: STATUS_INVALID_PARAMETER at Connect/Accept.
//   - A failed connect attempt (refused, rejected, aborted) releases the
//     connector's endpoint, shared endpoint reference and QP at once and
//     leaves the connector idle, so Connect may be retried on it.
//   - Source and destination of different families: STATUS_INVALID_ADDRESS.
//     An invalid (zero) destination: STATUS_INVALID_PARAMETER.
//   - Closing an unanswered passive connector refuses the request
//     (STATUS_CONNECTION_REFUSED at the connecting side).
//   - Set-up time-out: an NdkAccept whose connecting peer does not call
//     NdkCompleteConnect within option connect-timeout (default 2s) fails
//     with STATUS_IO_TIMEOUT (CN-8); the connecting side's NdkCompleteConnect
//     then fails with STATUS_IO_TIMEOUT and leaves the connector idle (CN-7),
//     and its NdkReject with STATUS_CONNECTION_ABORTED. When the accepting
//     side gives up otherwise (it closes its connector with NdkAccept
//     pending), NdkCompleteConnect fails with STATUS_CONNECTION_ABORTED.
//   - A request that reached a listener whose close is issued before the
//     connect event was delivered is refused, not delivered.
//   - Ephemeral ports are assigned next-fit from a per-address cursor.
//   - QP queue depths of 0 are accepted; the maxima are checked. A queue
//     holds its depth in requests: a post beyond (receives posted and not
//     completed; sends waiting for a peer receive or requests held by
//     DEFER) fails inline with STATUS_INSUFFICIENT_RESOURCES, so a queue of
//     depth 0 takes no request. An SRQ of depth 0 is invalid.
//   - Reject on the active side (after Connect succeeded) takes at most
//     MaxCallerData bytes of private data, on the passive side MaxCalleeData.
//   - GetLocalAddress/GetPeerAddress of a connector answer from the connect
//     (or connect event) until the connector is closed or the attempt
//     failed; otherwise STATUS_CONNECTION_INVALID. Listener GetLocalAddress
//     before Listen, Listen twice, and Connect on a passive connector:
//     STATUS_INVALID_DEVICE_STATE. A second Close of an object (a consumer
//     error) also returns STATUS_INVALID_DEVICE_STATE and changes nothing.
//   - Disconnect: see Disconnect scheme. Connect on a connector whose
//     connection ended (disconnected or aborted): STATUS_CONNECTION_INVALID;
//     on one connecting or connected: STATUS_CONNECTION_ACTIVE. A QP that
//     was part of an established connection is never bound again (DS-9):
//     Connect or Accept with it fails with STATUS_INVALID_PARAMETER, even
//     after its connector was closed.
//   - A create beyond option max-objects (objects of the adapter created
//     and not yet closed) fails with STATUS_INSUFFICIENT_RESOURCES, inline
//     or through the completion as the personality says (CR-11); the
//     passive connectors of connect events are counted but never refused.
//
// # Data path
//
// Data moves between connected QPs only: both connectors connected, neither
// disconnected, aborted or closing, and neither QP closing. Initiator
// requests on any other QP fail inline with STATUS_CONNECTION_INVALID and
// queue nothing (QP-5, DP-4); receives may be posted at any time. Inline
// failures are for malformed requests (STATUS_INVALID_PARAMETER: a foreign
// or wrong-kind object or one of another PD, too many SGEs, INLINE bytes
// over the QP's InlineDataSize, a zero address for Bind or FastRegister, a
// FastRegister geometry against MR-11) and full queues; a request on a
// closing QP or SRQ: STATUS_CONNECTION_INVALID (initiator) or
// STATUS_INVALID_DEVICE_STATE (receive). Everything that depends on memory
// (tokens, ranges, access rights, MR and MW state) is found when the
// request executes and reported in its completion. Choices:
//
//   - Requests execute in posting order when posted. Those with
//     NDK_OP_FLAG_DEFER are held until a request without it is posted on the
//     QP, or a post fails inline (DP-6); Flush and close cancel them.
//   - DMA takes time: an executed request takes its turn on its QP's DMA
//     engine, in posting order. Send, Write and Read move their bytes at
//     option link-rate (bytes per second, default 4 GB/s; 0: instant); the
//     other requests take no time. A request takes effect when its transfer
//     ends: the source is read and the target memory written then, the
//     completion queued then; until then it is in flight (and counts against
//     the initiator queue depth). A transfer that ends within 50 µs on an
//     idle engine (a few KiB) takes effect before the post returns. A Write
//     or Read of more than option dma-chunk bytes (default 256 KiB; 0:
//     never) lands its bytes in chunks of that size (8 at most: a larger
//     transfer lands in larger chunks), in ascending order,
//     spread over its transfer and at least a chunk's time apart, and
//     completes when the last lands: another QP's Read of the target sees
//     it partly written. Sim sets NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED
//     (AI-4): it lands every transfer in order; with option
//     in-order-dma=off it does not set it, and a chunked transfer lands
//     its last chunk first. Data in
//     flight keeps moving after NdkDisconnect was called and after the
//     peer's disconnect was indicated, until the connection is fully closed.
//     A data request that takes effect with the link gone (the peer aborted,
//     or closed its QP or connector) completes with
//     STATUS_CONNECTION_ABORTED; an abort ends the transfers in flight with
//     STATUS_CONNECTION_ABORTED at once (they take no effect).
//   - A Send reads its bytes when its transfer ends and waits at the sender
//     for the peer's oldest receive (from the peer QP, or its SRQ, where the
//     oldest waiting send of all the SRQ's QPs' peers goes first). Receive
//     too small: the receiver completes with STATUS_BUFFER_OVERFLOW (the
//     bytes that fit are placed and counted), the sender with
//     STATUS_REMOTE_RESOURCES; a receive SGE that fails to resolve: the
//     receiver gets STATUS_ACCESS_VIOLATION, the sender
//     STATUS_REMOTE_RESOURCES. The connection stays up.
//   - RDMA: a token that is not a live remote token of the peer QP's PD, or
//     whose rights lack the access, gives STATUS_ACCESS_VIOLATION; a range
//     outside the region or window gives STATUS_REMOTE_RESOURCES, for Read
//     (QP-14) and Write alike. The connection stays up. Read and Write
//     honour NDK_OP_FLAG_INLINE as Send does. READ_FENCE is moot (execution
//     is in order); read limits are not enforced.
//     NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE is ignored (QP-15) unless
//     option read-local-invalidate=on sets
//     NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED: then a
//     successful Read invalidates the fast-registered MR whose local token
//     its first SGE carries, as NdkInvalidate would.
//   - Local SGEs need the local token of an MR of the QP's PD whose region
//     covers them, with LOCAL_WRITE for receive and read sinks; remote and
//     MW tokens are never local tokens. Unless option
//     read-sink-not-required=on sets RDMA_READ_SINK_NOT_REQUIRED, a read
//     sink must be registered with NDK_MR_FLAG_RDMA_READ_SINK (or
//     fast-registered with NDK_OP_FLAG_RDMA_READ_SINK), and the privileged
//     token is no read sink (MR-7, MR-23); with it, LOCAL_WRITE suffices
//     and the READ_SINK flags are accepted (MR-8), and the privileged token
//     may name a read sink. A failure is STATUS_ACCESS_VIOLATION.
//   - INLINE SGEs ignore their token (QP-10); Go has no address to read
//     through, so each SGE is resolved through the first open MR of the
//     QP's PD (in creation order) whose current region covers it, whatever
//     its token and rights, else through the adapter's logical pages. The
//     bytes are captured when the call is made; an SGE nothing covers
//     makes the request complete with STATUS_ACCESS_VIOLATION.
//   - Every completion with a status other than STATUS_SUCCESS (including
//     STATUS_CANCELLED and STATUS_BUFFER_OVERFLOW) is an error for arming:
//     it matches NDK_CQ_NOTIFY_ERRORS and _SOLICITED (CQ-6). _ANY matches
//     every completion. An arm is satisfied at once when the CQ holds a
//     completion newer than the last notification that matches the arm's
//     type (CH-9); older or non-matching ones do not fire it (CH-10).
//     After a CQ's close is issued no notification callback starts.
//   - A CQ overrun (a completion with the CQ full) puts the CQ in error
//     for good (CQ-5): that completion and every later one are dropped, the
//     entries held stay retrievable, and one notification with
//     STATUS_BUFFER_OVERFLOW is delivered: at once if armed (any type),
//     else at the next arm. No notification follows. Its QPs keep working
//     otherwise. Resize to 0, over MaxCQDepth or below the entries held:
//     STATUS_INVALID_PARAMETER (CQ-15); any other resize takes effect at
//     once and keeps the entries held, in order (CQ-16). An SRQ's receive
//     completes on the receive CQ of the QP that took it (SQ-8). With
//     option cq-resize=off (no
//     NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED, so no consumer resizes, AI-2)
//     every Resize: STATUS_NOT_SUPPORTED.
//   - NdkControlCqInterruptModeration: STATUS_NOT_SUPPORTED (CQ-9), unless
//     option interrupt-moderation=on sets
//     NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED: then
//     STATUS_SUCCESS (CQ-8). sim delays no notification, which every
//     setting allows.
//   - Flush (and the QP close, the completion of the local Disconnect
//     (QP-22), and the close of the QP's connector once connected) completes
//     the QP's waiting sends, transfers in flight (which take no effect),
//     held requests and receives with STATUS_CANCELLED, in that order (each
//     in posting order). Receives queued on an SRQ are not the
//     QP's and stay; those left when the SRQ is released are dropped. The
//     peer of a disconnect or abort is not flushed (CN-16): its waiting
//     sends stay until it flushes.
//   - Tokens are non-zero, unique among an adapter's live tokens, and
//     opaque. A PD has its own privileged token: local read and write of
//     the adapter's logical addresses, never remote access (MR-18).
//     Register gives an MR fresh local and remote tokens, Deregister
//     retires them. An MW's remote token is fixed at CreateMw, a
//     fast-register MR's tokens at its first InitializeFastRegisterMr; Bind,
//     FastRegister and Invalidate change what they grant, not their value.
//   - Register with VA 0, an empty buffer, or over MaxRegistrationSize:
//     STATUS_INVALID_PARAMETER; on a fast-register MR or a registered one,
//     Deregister on one not registered, InitializeFastRegisterMr on a
//     normal MR: STATUS_INVALID_DEVICE_STATE. InitializeFastRegisterMr with
//     0 pages: STATUS_INVALID_PARAMETER; over FRMRPageCount (or option
//     frmr-max-pages, if more): STATUS_IMPLEMENTATION_LIMIT (MR-10).
//   - Bind: the MR must have a current region covering the window, and
//     allow local write if the window allows remote write (MR-15), else
//     STATUS_ACCESS_VIOLATION. The first Bind of an MW to an MR makes the
//     MR its antecedent until the MW is closed or bound to another MR; an
//     MR's Deregister (or a new fast registration) voids windows bound to
//     it. Rebinding a bound MW is allowed.
//   - FastRegister: the MR must be initialised and not fast-registered
//     (else STATUS_INVALID_DEVICE_STATE), the pages at most its
//     AdapterPageCount (else STATUS_INVALID_PARAMETER), remote rights only
//     if initialised with RemoteAccess (MR-12), and every page mapped by a
//     live LAM of the adapter, else STATUS_ACCESS_VIOLATION. A zero
//     BaseVirtualAddress is refused even with FBO 0 (MR-6 over MR-11).
//     Invalidate of an MW not bound or an MR not fast-registered (including
//     one a peer's SendAndInvalidate invalidated, CH-6):
//     STATUS_INVALID_DEVICE_STATE.
//   - BuildLAM: FBO is the buffer's offset within its host page (its
//     address is read, never dereferenced, MR-4); the buffer's bytes map to
//     logical pages from FBO on, and the bytes of those pages outside the
//     buffer belong to nobody (reads give zeroes, writes are lost). Logical
//     pages are never adjacent, so an access crossing a page boundary with
//     the privileged token fails. An empty buffer:
//     STATUS_INVALID_PARAMETER. ReleaseLAM unmaps the pages at once.
//   - SendAndInvalidate may name the remote token of a fast-registered MR
//     or of a bound MW of the receiving QP's PD; it is invalidated when the
//     data is placed, and the receive completes as
//     OpReceiveAndInvalidate with the token (QP-20). Any other token aborts
//     the connection (QP-16): both ends get their disconnect event, the
//     send completes with STATUS_CONNECTION_ABORTED, no receive is taken.
//   - SRQ: the notification is armed while NotifyThreshold > 0 and fires
//     once when the receives queued are fewer than the threshold: at
//     creation only when taking a receive brings the count below it, on a
//     Modify with a threshold also at once if already below (SQ-4). Modify
//     to a depth below the receives queued: STATUS_INVALID_PARAMETER.
//   - Notification callbacks (CQ, SRQ) run on sim goroutines, one at a time
//     per object (CH-11); the object's close waits for them (CQ-4, LT-24).
//
// # Disconnect scheme
//
// The providers of a connection's two ends exchange connection management
// messages: NdkDisconnect sends a graceful-disconnect notice (DS-3); a
// provider that receives it before its consumer disconnected delivers the
// disconnect indication and answers with an acknowledgement; one whose
// consumer already disconnected takes the notice as the answer to its own.
// A connector sends its messages only when its QP's DMA engine is idle, so
// that an answer means the answering side's transfers are over.
//
//   - NdkDisconnect on a connected connector completes when the peer
//     answered (STATUS_SUCCESS), the connection was aborted
//     (STATUS_CONNECTION_ABORTED) or option disconnect-timeout (default
//     300ms) passed since the notice went out (STATUS_IO_TIMEOUT, CN-17),
//     and no transfer is in flight on its QP, silent-success ones included
//     (DS-4, DS-5). It follows the personality; inline blocks until then.
//     Then the QP is flushed (QP-22) and the connection is fully closed on
//     that side (DS-10): initiator requests fail inline with
//     STATUS_CONNECTION_INVALID, sends waiting at the peer for this side's
//     receives are never matched.
//   - NdkDisconnect on a connector not connected, or a second one:
//     STATUS_CONNECTION_INVALID. After an abort (the indication came first):
//     STATUS_CONNECTION_ABORTED at once, the QP flushed.
//   - The indication is delivered at most once (CN-15), for the peer's
//     notice or an abort, never to a consumer that called NdkDisconnect
//     (DS-2, DS-6) nor for a close. Both ends of the sim know of a
//     disconnect at once, so an indication never races a local
//     NdkDisconnect here (DS-7). It flushes nothing (CN-16): the side's
//     receives and waiting sends stay; its transfers in flight go on; new
//     initiator requests fail inline with STATUS_CONNECTION_INVALID.
//   - Outstanding requests at NdkDisconnect (DS-12): sends waiting for a
//     receive and held requests do not hold the handshake up; the flush
//     that follows its completion cancels them, and the disconnect succeeds
//     when the peer answered.
//   - Abort: the close of a connected connector whose peer had not received
//     its notice, a host going down, or a bad SendAndInvalidate (QP-16).
//     The surviving side (both ends for a host down or QP-16) gets its
//     indication if it had not disconnected, its transfers in flight end
//     with STATUS_CONNECTION_ABORTED and a pending NdkDisconnect completes
//     with STATUS_CONNECTION_ABORTED. Waiting sends and receives stay. An
//     abort is not a message: an unresponsive host sees it at once.
//   - Closing a connector with NdkDisconnect pending completes it with
//     STATUS_CANCELLED, flushes the QP and sends what the connector owed the
//     peer (its answer) first.
//
// # What an adapter may lack
//
// With the default options sim declares and does what a complete adapter
// does. Each of these options makes it an adapter that lacks something the
// pages let an adapter lack, so that the suite can be run in every such
// configuration (a spec that needs what is missing skips as not
// applicable, naming the declaration, or as not verified, naming the
// hook):
//
//   - max-srq-depth (MaxSrqDepth, default 1024): 0 is an adapter without
//     SRQ support (AI-3); NdkCreateSrq then fails with
//     STATUS_INVALID_PARAMETER, as it does for any SrqDepth over MaxSrqDepth
//     or of 0 (SQ-1).
//   - max-inline-data (MaxInlineDataSize, default 256): 0 is an adapter
//     without inline data.
//   - frmr-page-count (FRMRPageCount, default 256, at least 16, AI-1): also
//     the largest AdapterPageCount NdkInitializeFastRegisterMr takes, unless
//     frmr-max-pages is more (FRMRPageCount is the size the adapter offers
//     the most FRMRs of, not a limit: an adapter may take larger counts).
//   - max-sge (MaxInitiatorRequestSge and MaxReceiveRequestSge, default 4,
//     at least 1; MaxReadRequestSge is twice it, and an NdkRead takes up
//     to that many SGEs whatever the QP's MaxInitiatorRequestSge, AI-10).
//   - in-order-dma, cq-resize, loopback (on by default), interrupt-moderation,
//     read-sink-not-required, read-local-invalidate (off by default): the
//     adapter flags, each with what sim then does (see above and the
//     options' usage). Without NDK_ADAPTER_FLAG_LOOPBACK_CONNECTIONS_SUPPORTED
//     a connect to an address of the connecting adapter's own host fails
//     with STATUS_HOST_UNREACHABLE.
//   - version (default 2.1): NDK_ADAPTER_INFO.Version, one of the NDKPI
//     versions the pages name (OH-3): 1.1, 1.2, 2.0, 2.1. From 2.1 on the
//     connectors are ndk.ConnectorEx (NdkCompleteConnectEx, NdkAcceptEx,
//     ex.go): the same statuses in the same cases as the non-Ex calls, and
//     an NdkDisconnectEventCallbackEx called as NdkDisconnectEventCallback
//     is, with a ProviderDisconnectReason of sim's own (ReasonPeerDisconnected,
//     ReasonPeerClosed, ReasonHostDown, ReasonRemoteAccess); before 2.1 they
//     are not. version=1.1 (a Windows Server 2012 provider) knows no flag
//     of 1.2 either: a work request with NDK_OP_FLAG_DEFER (QP-8) or
//     NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE fails inline with
//     STATUS_INVALID_PARAMETER.
//   - faults=off: the provider implements none of the fault injectors
//     below (it is not the *provider type, whose methods they are).
//   - mdl-chains=off: NdkRegisterMr and NdkBuildLam take one MDL only, as
//     through an agent older than protocol 1.2: the adapters are no
//     ndk.LAMChainBuilder and the MRs no ndk.ChainRegisterer (hooks.go).
//
// # Fault injection
//
// Unless option faults=off, the provider implements ndk.FaultInjector: SetHostState(addr, state) for
// the host owning addr (an error for any other address). It implements
// ndk.SRQFaultInjector too: FailSRQ(srq) makes the SRQ's notification
// callback report STATUS_INTERNAL_ERROR, after which the SRQ and its QPs
// complete nothing (SQ-6): the SRQ's receives are taken no more,
// NdkSrqReceive and its QPs' work requests fail with
// STATUS_INVALID_DEVICE_STATE. And ndk.CQFaultInjector: FailCQ(cq) makes the
// CQ's next notification (at once if armed) report STATUS_INTERNAL_ERROR,
// after which the CQ and its QPs complete nothing (CQ-5).
//
//   - HostUnresponsive: connection management messages to the host (notices
//     and answers) and new connect requests to it are held there, unanswered,
//     until it is up again; its data path and the messages it sends go on. A
//     held connect request fails with STATUS_IO_TIMEOUT after option
//     connect-timeout (default 2s); a held notice makes the disconnect time
//     out unless the host is up before.
//   - HostDown: every connection of the host is aborted (both ends see it),
//     handshakes in progress with it fail (STATUS_CONNECTION_ABORTED, or
//     STATUS_HOST_UNREACHABLE for a request held there), connects to it fail
//     with STATUS_HOST_UNREACHABLE and connects from its adapters with
//     STATUS_NETWORK_UNREACHABLE; messages to it are lost.
//   - HostUp: what was held is delivered in order (a held notice leads to
//     the indication and the answer); new connections work again. What a
//     fault aborted stays aborted.
//
// # Variants
//
// Option variant selects a deliberately broken provider; see Variants.
package sim
