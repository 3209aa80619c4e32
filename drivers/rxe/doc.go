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
//     NdkControlConnectEvents, NdkDisconnect and disconnect indications.
//     Each adapter has one rdma_cm event channel, read by one goroutine
//     that waits in Go's poller, never blocked in C.
//   - Endpoint reference counting and port reuse are the provider's own: a
//     per-address port table (rdma_cm frees a port when its id is destroyed,
//     too early for NDK). Ephemeral ports come from 49152-65535. A shared
//     endpoint is a table entry; each connection over it binds an rdma_cm id
//     with RDMA_OPTION_ID_REUSEADDR.
//   - Closes follow the NDK completion contract: STATUS_SUCCESS at once when
//     nothing is outstanding, otherwise STATUS_PENDING with the completion
//     from a provider goroutine once successors are closed and callbacks
//     and requests are done. Creates, NdkListen and NdkCompleteConnect
//     complete inline; NdkConnect, NdkAccept and NdkDisconnect return
//     STATUS_PENDING and complete from the event goroutine's callbacks.
//
// # Not supported yet (STATUS_NOT_SUPPORTED)
//
//   - NdkCreateMr, NdkCreateMw, NdkCreateSrq, NdkCreateQpWithSrq,
//     NdkBuildLam (NdkReleaseLam does nothing).
//   - The data path: NdkReceive, NdkSend, NdkSendAndInvalidate, NdkRead,
//     NdkWrite, NdkBind, NdkFastRegister, NdkInvalidate. NdkFlush does
//     nothing, NdkGetCqResults(Ex) return no result, NdkArmCq never
//     notifies, NdkControlCqInterruptModeration is not supported.
//   - NdkGetPrivilegedMemoryRegionToken returns 0.
//   - Fault injection (ndk.FaultInjector): the specs that need it skip.
package rxe
