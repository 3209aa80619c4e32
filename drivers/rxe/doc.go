// Package rxe is an NDK provider on Linux Soft-RoCE (rdma_rxe), registered
// as driver "rxe": the NDK objects are verbs objects of libibverbs and
// connections are rdma_cm connections of librdmacm, reached through cgo.
// RDMA devices and the network devices and addresses behind them are found
// with github.com/Mellanox/rdmamap.
//
// # Builds
//
// The default build needs no rdma-core: without the rxe build tag, or
// without cgo, the driver is listed by `ndkconform drivers` as not usable,
// with the reason and the build command that enables it. With
// `-tags rxe` (cgo, Debian's libibverbs-dev librdmacm-dev libnl-3-dev
// libnl-route-3-dev), the package links rdma-core's static libraries with
// the rxe provider built in (RDMA_STATIC_PROVIDERS=rxe); add
// `-ldflags '-linkmode external -extldflags -static'` for a binary that needs
// no shared library (test/rxe builds it so for its qemu guest).
//
// # Options
//
//   - device=NAME[,NAME]: the RDMA devices of side A and side B (default:
//     the first two by name).
//   - address=ADDR[,ADDR]: the devices by an address of their network device.
//   - netdev=DEV[,DEV]: create rxe_DEV on each network device that has no
//     RDMA device yet (needs root and the rdma_rxe module).
//   - disconnect-timeout=5s: how long NdkDisconnect waits at most before it
//     completes with STATUS_IO_TIMEOUT (rdma_cm by itself gives up on an
//     unanswered DREQ only after about 100 s: measured on rxe under qemu).
//   - faults=tc: fault injection (ndk.FaultInjector), for test machines.
//     A host made unresponsive loses every packet of its network device
//     to tc (a clsact qdisc and matchall filters with the "stolen" action,
//     on ingress and egress, so a transmit succeeds and its packet
//     vanishes; needs CAP_NET_ADMIN and the sch_ingress, cls_matchall and
//     act_gact modules). A host made down first ends its
//     connections as its kernel does when the processes holding them die
//     (each QP is flushed, its consumer indicated, and its rdma_cm id sends
//     a DREQ that its peer sees as the end of the connection), then goes
//     silent the same way. Up again removes the filters. Without the option
//     the provider does not implement ndk.FaultInjector and the specs that
//     need a fault report their rules as not observable.
//
// Sides returns the first IPv4 and IPv6 address (not link-local) of each
// chosen device's network device; OpenAdapter opens the device whose network
// device has the address.
//
// # What is implemented
//
//   - NdkQueryAdapterInfo from ibv_query_device and ibv_query_port
//     (MaxCallerData 56 and MaxCalleeData 148: the private data of an IB CM
//     REQ after rdma_cm's header, and of a REJ).
//   - NdkCreatePd, NdkCreateCq (and NdkResizeCq), NdkCreateQp: ibv_alloc_pd,
//     ibv_create_cq, RC ibv_create_qp.
//   - Listeners, connectors and shared endpoints: NdkListen, NdkConnect,
//     NdkConnectWithSharedEndpoint, connect events, NdkAccept, NdkReject,
//     NdkCompleteConnect, NdkGetConnectionData, the address calls,
//     NdkControlConnectEvents, NdkDisconnect and disconnect indications;
//     NDKPI 2.1's NdkCompleteConnectEx and NdkAcceptEx (ndk.ConnectorEx;
//     the adapter declares 2.1) the same way, their
//     NdkDisconnectEventCallbackEx with ProviderDisconnectReason 0, since
//     rdma_cm gives no reason for a disconnect. Each adapter has one rdma_cm event channel, read by one goroutine
//     that waits in Go's poller, never blocked in C.
//   - Endpoint reference counting and port reuse are the provider's own: a
//     per-address port table (rdma_cm frees a port when its id is destroyed,
//     too early for NDK). Ephemeral ports come from 49152-65535. A shared
//     endpoint is a table entry; each connection over it binds an rdma_cm id
//     with RDMA_OPTION_ID_REUSEADDR.
//   - Closes follow the NDK completion contract: STATUS_PENDING with the
//     completion from a provider goroutine once successors are closed and
//     callbacks and requests are done; STATUS_SUCCESS at once when nothing
//     is outstanding, except for QPs, CQs and SRQs, whose teardown always
//     completes through the callback (a kernel provider cannot wait for
//     the device in NdkCloseObject, which may be called at DISPATCH_LEVEL).
//     Creates and NdkCompleteConnect complete inline; NdkListen binds at
//     once and runs rdma_listen on a provider goroutine; NdkConnect,
//     NdkAccept and NdkDisconnect return STATUS_PENDING and complete from
//     the event goroutine's callbacks. A call made without a completion
//     callback completes inline.
//
// # Data path
//
//   - MRs (NdkCreateMr for NdkRegisterMr; NdkRegisterMr pins and
//     registers on a provider goroutine and completes through its
//     callback; NdkDeregisterMr is inline): the consumer's buffer is registered with
//     ibv_reg_mr_iova with the NDK virtual address as iova, so local SGEs
//     and the peer's remote addresses are the NDK addresses themselves, on
//     both sides, with no translation. The buffer is pinned with
//     runtime.Pinner (Go's heap does not move objects; the pin keeps it
//     from being freed and makes keeping its address legal) and registered
//     in place, copy-free. The kernel requires the buffer and its iova to
//     have the same offset in their page: a buffer whose offset differs
//     (small Go allocations; the suite's va are page-aligned) is registered
//     as a page-aligned C copy instead, synchronised with the Go buffer at
//     these points: at NdkRegisterMr (Go to C); when a request is posted,
//     the ranges its SGEs name (Go to C); when a receive or a signaled RDMA
//     Read completes and is polled, the ranges it filled (C to Go); and, for
//     copies a peer may write (remote write access) or a silent RDMA Read
//     filled, the whole buffer at every NdkGetCqResults(Ex) that returns a
//     result, at the completion of NdkDisconnect, and at NdkDeregisterMr
//     or close (C to Go); and for any range of the buffer on
//     ndk.MemoryMirror's PullMemory (C to Go) and PushMemory (Go to C),
//     which the suite calls where a spec reads or writes registered memory
//     and an agent calls for the memory the harness reads and writes (an
//     agent serving one side sees the peer's writes although no CQ of its
//     side is polled). Limits: the consumer sees a copied MR's remote
//     writes only at those points, and Go-side changes to a remotely
//     writable copied buffer that are not posted before the next such
//     point are overwritten.
//   - MDL chains (ndk.ChainRegisterer on MRs, ndk.LAMChainBuilder on
//     adapters): a chain that is not virtually contiguous fails with
//     STATUS_INVALID_PARAMETER (MR-3, MR-20) before anything reaches
//     verbs; a chain with bytes in one MDL only is NdkRegisterMr of that
//     MDL (NdkBuildLam, not supported yet, of the chain). Limit: a
//     contiguous chain of several MDLs with bytes is refused with
//     STATUS_NOT_SUPPORTED, as ibv_reg_mr_iova registers one range of the
//     process's memory and the MDLs' buffers are separate allocations (the
//     MR-3 spec records the failure of its contiguous control chain and
//     judges only the chains that are not contiguous).
//   - NdkGetCqResults(Ex) from ibv_poll_cq: each signaled request has a
//     wr_id token for its QP and request contexts and its operation type
//     (verbs leaves the opcode of a failed completion undefined); a silent
//     request posts unsignaled. Completions move from the verbs CQ to the
//     provider's queue of the CQ, numbered.
//   - CQ arming is the provider's: NdkArmCq merges the arm type by the
//     table of CH-12..CH-14 and is satisfied (cleared, the callback
//     called once) by a completion queued after the last notification:
//     ANY, any; SOLICITED, a failed one (CQ-6) or a solicited receive;
//     ERRORS, a failed one (a request's error may satisfy it) or an
//     overrun. One already queued satisfies it at once (CH-9). A verbs
//     work completion has no solicited flag, so the verbs CQ stays armed
//     all the time (ibv_req_notify_cq, solicited-only unless the NDK arm
//     is ANY, armed again after every event): an event of a
//     solicited-only arm says that a solicited (or failed) completion came
//     after the entry the arm was made at, and events are taken before
//     each poll, so that entry moves up to the ones polled while no event
//     was waiting. Each adapter has one completion channel, read by one
//     goroutine in Go's poller, and NdkArmCq and NdkGetCqResults take its
//     waiting events too. Limit: rdma_rxe posts an initiator request's
//     completion, failed or not, as unsolicited (rxe_comp.c:
//     rxe_cq_post(qp->scq, &cqe, 0)), so a failed initiator request
//     satisfies a pending SOLICITED or ERRORS arm only once the CQ is
//     polled, armed, or has an event for another completion; a failed
//     receive (flushed: rdma_rxe posts it as solicited) notifies at once. A CQ's notification callbacks run one at a time
//     on a provider goroutine (CH-11). The CQ overruns at the depth the
//     consumer asked for (rdma_rxe rounds it up to a power of two less
//     one): the result that finds it full and every later one are dropped,
//     and the next notification reports STATUS_BUFFER_OVERFLOW (CQ-5);
//     IBV_EVENT_CQ_ERR (the verbs CQ itself overran) does the same.
//   - NdkReceive, NdkSend, NdkSendAndInvalidate, NdkWrite, NdkRead on RC
//     QPs (QPs move to INIT at create so receives can be posted before the
//     connection). NdkReceive refuses a receive with
//     STATUS_INSUFFICIENT_RESOURCES when the QP's ReceiveQueueDepth
//     receives are outstanding: rdma_rxe rounds the receive queue up and
//     takes more, but flushes only ReceiveQueueDepth of them, so the
//     others would never complete (QP-4). NdkFlush moves the QP to the
//     error state. Closing a QP
//     with requests outstanding moves it to the error state and completes
//     (STATUS_PENDING) once their flushed completions are polled into the
//     provider's queue of its CQs (STATUS_CANCELLED results synthesized
//     after 2 s).
//   - NdkDisconnect waits for the requests already posted (DS-5): it posts
//     a signaled zero-length RDMA Write, which completes after them, polls
//     for it (2 s at most when a send is outstanding, which the peer may
//     never take, DS-12; otherwise as long as the disconnect lasts), and
//     only then sends the DREQ. It completes at
//     the peer's answer, or with STATUS_IO_TIMEOUT after
//     disconnect-timeout (CN-17), the QP flushed either way.
//   - SRQs: ibv_create_srq, NdkSrqReceive, NdkModifySrq, NdkCreateQpWithSrq.
//     The notify threshold (NdkCreateSrq's, NdkModifySrq's) is the verbs SRQ
//     limit (ibv_modify_srq with IBV_SRQ_LIMIT): rdma_rxe raises
//     IBV_EVENT_SRQ_LIMIT_REACHED once when a receive taken leaves fewer
//     queued than the limit, and disarms it, as NDK does. Each adapter
//     reads its device's async events in a goroutine (ibv_get_async_event
//     in Go's poller, acknowledged at once) and calls the SRQ's callback
//     with STATUS_SUCCESS on a provider goroutine, once per arm.
//     NdkModifySrq with a threshold above the receives queued (posted, with
//     no completion polled yet, after a poll of the SRQ's CQ) notifies at
//     once instead of arming the limit (SQ-4); a threshold of 0 keeps the
//     threshold and its arming (SQ-5). An SRQ created empty with a
//     threshold is armed, not notified.
//   - MWs: type 2 ibv_alloc_mw; NdkBind is an IBV_WR_BIND_MW work request
//     (MRs are registered with IBV_ACCESS_MW_BIND when the device takes
//     it), and the bound MR is the window's antecedent until the window
//     closes or is rebound; NdkInvalidate of a window is IBV_WR_LOCAL_INV.
//     rdma_rxe binds a type 2 window only when it is free and keeps a
//     reference to the binding QP while it is valid (ibv_destroy_qp then
//     waits on it, measured: a close that never returned), so an NdkBind of
//     a bound window, and the close of the QP that bound it, first give the
//     window a new verbs MW (ibv_dealloc_mw invalidates the old binding);
//     a bind the MR's rights refuse (IBV_WC_MW_BIND_ERR) completes with
//     STATUS_ACCESS_VIOLATION (MR-15). rdma_rxe 6.1 panics the kernel (a
//     NULL QP in rxe_invalidate_mw, measured) when it invalidates a window
//     that is free, and an invalidation puts a window back in the free
//     state: NdkInvalidate of a window is posted only on the QP its last
//     bind was posted on, if no invalidation (the provider's, or the
//     peer's seen in a ReceiveAndInvalidate completion) came since, and
//     fails with STATUS_INVALID_DEVICE_STATE otherwise.
//     Without memory windows on the device an MW is a provider object and
//     NdkBind returns STATUS_NOT_SUPPORTED.
//
// # Not supported
//
// User-space verbs have no fast-register work request (IB_WR_REG_MR is
// kernel-only) and no logical address mappings, so these fail with the
// status each page allows (the specs that need them skip; test/rxe/waivers.txt
// says which rules that leaves unchecked, and waives AI-1, FRMRPageCount 0):
//
//   - Fast registration: NdkCreateMr with FastRegister creates an MR that
//     NdkRegisterMr refuses (STATUS_INVALID_DEVICE_STATE); FRMRPageCount is
//     0, so NdkInitializeFastRegisterMr fails with
//     STATUS_IMPLEMENTATION_LIMIT for every page count (MR-10), and
//     NdkFastRegister with STATUS_CONNECTION_INVALID on a QP not connected,
//     STATUS_INVALID_DEVICE_STATE otherwise (its MR cannot be initialised).
//   - NdkBuildLam fails with STATUS_INSUFFICIENT_RESOURCES (NdkReleaseLam
//     does nothing); NdkGetPrivilegedMemoryRegionToken returns 0.
//   - NdkInvalidate of an MR, NdkRegisterMr on a contiguous chain of
//     several MDLs with bytes (ibv_reg_mr_iova takes one range), and
//     NdkControlCqInterruptModeration (rdma_rxe has no modify_cq) fail with
//     STATUS_NOT_SUPPORTED.
package rxe
