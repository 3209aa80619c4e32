//go:build linux && cgo

/*
 * simabi.c: the C side of sim behind NDKPI's C ABI. Every dispatch entry of
 * every table is a function here that takes the object's Go id (and the
 * ids of the objects among its arguments) and calls the exported Go
 * function of the same call (exports.go), which calls sim's ndk method and
 * translates arguments and results. The trampolines call the consumer's
 * callbacks for the Go side, with the simulated IRQL around them.
 */
#include <stdlib.h>
#include <string.h>

#include "simabi.h"
#include "_cgo_export.h"

_Static_assert(sizeof(MDL) == 48, "MDL: the Windows x86_64 layout");
_Static_assert(offsetof(ndkt_simabi_object, Ndk) == 0, "the NDKPI object is the first member");
_Static_assert(sizeof(NDK_SGE) == 16 && sizeof(NDK_RESULT) == 24 && sizeof(NDK_RESULT_EX) == 40,
               "NDK_SGE, NDK_RESULT, NDK_RESULT_EX: the x86_64 sizes the Go mirrors have");

void (*ndkt_simabi_irql_hook)(int entering, int irql) = NULL;

/* Depth of consumer calls into the provider on this thread (mixed IRQL). */
static _Thread_local int in_call;

#define ENTER() (in_call++)
#define LEAVE() (in_call--)

/*
 * The object behind an NDKPI object pointer, NULL if it is none of this
 * provider's live objects. A variant that rewrites Dispatch (OH-2) does it
 * here, at every call on the object.
 */
static ndkt_simabi_object *obj_of(const void *p) {
    ndkt_simabi_object *o = (ndkt_simabi_object *)p;
    if (o == NULL || o->Magic != NDKT_SIMABI_MAGIC) {
        return NULL;
    }
    if (o->Flags & NDKT_SIMABI_F_REWRITE) {
        ndkt_simabi_object_set_dispatch(o);
    }
    return o;
}

static uint64_t id_of(const void *p) {
    ndkt_simabi_object *o = obj_of(p);
    return o ? o->Id : 0;
}

#define FN(f) ((uintptr_t)(f))
#define CTX(c) ((uintptr_t)(c))

/* ---- calls in every table ---- */

static NTSTATUS abi_close_object(NDK_OBJECT_HEADER *pNdkObject, NDK_FN_CLOSE_COMPLETION CloseCompletion,
                             PVOID RequestContext) {
    uint64_t id = id_of(pNdkObject);
    if (id == 0) {
        return STATUS_INVALID_PARAMETER;
    }
    ENTER();
    NTSTATUS s = ndktSimabiCloseObject(id, FN(CloseCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

/* OH-8: no standard extension interface is defined. */
static NTSTATUS abi_query_extension(NDK_OBJECT_HEADER *pNdkObject, GUID *ExtensionInterfaceID,
                                NDK_VERSION ExtensionInterfaceVersion, NDK_EXTENSION_INTERFACE *pExtensionInterface) {
    (void)ExtensionInterfaceID;
    (void)ExtensionInterfaceVersion;
    (void)pExtensionInterface;
    (void)obj_of(pNdkObject);
    return STATUS_NOT_SUPPORTED;
}

/* ---- adapter ---- */

static NTSTATUS abi_query_adapter_info(NDK_ADAPTER *pNdkAdapter, NDK_ADAPTER_INFO *pInfo, ULONG *pBufferSize) {
    ENTER();
    NTSTATUS s = ndktSimabiQueryAdapterInfo(id_of(pNdkAdapter), pInfo, pBufferSize);
    LEAVE();
    return s;
}

static NTSTATUS abi_create_cq(NDK_ADAPTER *pNdkAdapter, ULONG CqDepth, NDK_FN_CQ_NOTIFICATION_CALLBACK CqNotification,
                          PVOID CqNotificationContext, GROUP_AFFINITY *Affinity,
                          NDK_FN_CREATE_COMPLETION CreateCompletion, PVOID RequestContext, NDK_CQ **ppNdkCq) {
    (void)Affinity;
    ENTER();
    NTSTATUS s = ndktSimabiCreateCq(id_of(pNdkAdapter), CqDepth, FN(CqNotification), CTX(CqNotificationContext),
                                    FN(CreateCompletion), CTX(RequestContext), (void **)ppNdkCq);
    LEAVE();
    return s;
}

static NTSTATUS abi_create_pd(NDK_ADAPTER *pNdkAdapter, NDK_FN_CREATE_COMPLETION CreateCompletion, PVOID RequestContext,
                          NDK_PD **ppNdkPd) {
    ENTER();
    NTSTATUS s = ndktSimabiCreatePd(id_of(pNdkAdapter), FN(CreateCompletion), CTX(RequestContext), (void **)ppNdkPd);
    LEAVE();
    return s;
}

static NTSTATUS abi_create_shared_endpoint(NDK_ADAPTER *pNdkAdapter, CONST PSOCKADDR pAddress, ULONG AddressLength,
                                       NDK_FN_CREATE_COMPLETION CreateCompletion, PVOID RequestContext,
                                       NDK_SHARED_ENDPOINT **ppNdkSharedEndpoint) {
    ENTER();
    NTSTATUS s = ndktSimabiCreateSharedEndpoint(id_of(pNdkAdapter), pAddress, AddressLength, FN(CreateCompletion),
                                                CTX(RequestContext), (void **)ppNdkSharedEndpoint);
    LEAVE();
    return s;
}

static NTSTATUS abi_create_connector(NDK_ADAPTER *pNdkAdapter, NDK_FN_CREATE_COMPLETION CreateCompletion,
                                 PVOID RequestContext, NDK_CONNECTOR **ppNdkConnector) {
    ENTER();
    NTSTATUS s = ndktSimabiCreateConnector(id_of(pNdkAdapter), FN(CreateCompletion), CTX(RequestContext),
                                           (void **)ppNdkConnector);
    LEAVE();
    return s;
}

static NTSTATUS abi_create_listener(NDK_ADAPTER *pNdkAdapter, NDK_FN_CONNECT_EVENT_CALLBACK ConnectEvent,
                                PVOID ConnectEventContext, NDK_FN_CREATE_COMPLETION CreateCompletion,
                                PVOID RequestContext, NDK_LISTENER **ppNdkListener) {
    ENTER();
    NTSTATUS s = ndktSimabiCreateListener(id_of(pNdkAdapter), FN(ConnectEvent), CTX(ConnectEventContext),
                                          FN(CreateCompletion), CTX(RequestContext), (void **)ppNdkListener);
    LEAVE();
    return s;
}

static NTSTATUS abi_build_lam(NDK_ADAPTER *pNdkAdapter, MDL *Mdl, SIZE_T Length, NDK_FN_REQUEST_COMPLETION RequestCompletion,
                          PVOID RequestContext, NDK_LOGICAL_ADDRESS_MAPPING *pNdkLAM, ULONG *pLAMSize, ULONG *pFBO) {
    ENTER();
    NTSTATUS s = ndktSimabiBuildLam(id_of(pNdkAdapter), Mdl, Length, FN(RequestCompletion), CTX(RequestContext),
                                    pNdkLAM, pLAMSize, pFBO);
    LEAVE();
    return s;
}

static VOID abi_release_lam(NDK_ADAPTER *pNdkAdapter, NDK_LOGICAL_ADDRESS_MAPPING *pNdkLAM) {
    ENTER();
    ndktSimabiReleaseLam(id_of(pNdkAdapter), pNdkLAM);
    LEAVE();
}

/* ---- CQ ---- */

static NTSTATUS abi_resize_cq(NDK_CQ *pNdkCq, ULONG CqDepth, NDK_FN_REQUEST_COMPLETION RequestCompletion,
                          PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiResizeCq(id_of(pNdkCq), CqDepth, FN(RequestCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

static VOID abi_arm_cq(NDK_CQ *pNdkCq, ULONG Type) {
    ENTER();
    ndktSimabiArmCq(id_of(pNdkCq), Type);
    LEAVE();
}

static ULONG abi_get_cq_results(NDK_CQ *pNdkCq, NDK_RESULT Results[], ULONG nResults) {
    ENTER();
    ULONG n = ndktSimabiGetCqResults(id_of(pNdkCq), Results, nResults);
    LEAVE();
    return n;
}

static NTSTATUS abi_control_cq_interrupt_moderation(NDK_CQ *pNdkCq, ULONG ModerationInterval, ULONG ModerationCount) {
    ENTER();
    NTSTATUS s = ndktSimabiControlCqInterruptModeration(id_of(pNdkCq), ModerationInterval, ModerationCount);
    LEAVE();
    return s;
}

static ULONG abi_get_cq_results_ex(NDK_CQ *pNdkCq, NDK_RESULT_EX Results[], ULONG nResults) {
    ENTER();
    ULONG n = ndktSimabiGetCqResultsEx(id_of(pNdkCq), Results, nResults);
    LEAVE();
    return n;
}

/* ---- MR ---- */

static NTSTATUS abi_register_mr(NDK_MR *pNdkMr, MDL *Mdl, SIZE_T Length, ULONG Flags,
                            NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiRegisterMr(id_of(pNdkMr), Mdl, Length, Flags, FN(RequestCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

static NTSTATUS abi_deregister_mr(NDK_MR *pNdkMr, NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiDeregisterMr(id_of(pNdkMr), FN(RequestCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

static NTSTATUS abi_initialize_fast_register_mr(NDK_MR *pNdkMr, ULONG AdapterPageCount, BOOLEAN RemoteAccess,
                                            NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiInitializeFastRegisterMr(id_of(pNdkMr), AdapterPageCount, RemoteAccess,
                                                    FN(RequestCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

static UINT32 abi_get_remote_token_from_mr(NDK_MR *pNdkMr) {
    ENTER();
    UINT32 t = ndktSimabiGetMrToken(id_of(pNdkMr), 1);
    LEAVE();
    return t;
}

static UINT32 abi_get_local_token_from_mr(NDK_MR *pNdkMr) {
    ENTER();
    UINT32 t = ndktSimabiGetMrToken(id_of(pNdkMr), 0);
    LEAVE();
    return t;
}

/* ---- MW ---- */

static UINT32 abi_get_remote_token_from_mw(NDK_MW *pNdkMw) {
    ENTER();
    UINT32 t = ndktSimabiGetRemoteTokenFromMw(id_of(pNdkMw));
    LEAVE();
    return t;
}

/* ---- SRQ ---- */

static NTSTATUS abi_modify_srq(NDK_SRQ *pNdkSrq, ULONG SrqDepth, ULONG NotifyThreshold,
                           NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiModifySrq(id_of(pNdkSrq), SrqDepth, NotifyThreshold, FN(RequestCompletion),
                                     CTX(RequestContext));
    LEAVE();
    return s;
}

static NTSTATUS abi_srq_receive(NDK_SRQ *pNdkSrq, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge) {
    ENTER();
    NTSTATUS s = ndktSimabiSrqReceive(id_of(pNdkSrq), CTX(RequestContext), (NDK_SGE *)pSgl, nSge);
    LEAVE();
    return s;
}

/* ---- QP ---- */

static VOID abi_flush(NDK_QP *pNdkQp) {
    ENTER();
    ndktSimabiFlush(id_of(pNdkQp));
    LEAVE();
}

static NTSTATUS abi_send(NDK_QP *pNdkQp, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge, ULONG Flags) {
    ENTER();
    NTSTATUS s = ndktSimabiSend(id_of(pNdkQp), CTX(RequestContext), (NDK_SGE *)pSgl, nSge, Flags);
    LEAVE();
    return s;
}

static NTSTATUS abi_receive(NDK_QP *pNdkQp, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge) {
    ENTER();
    NTSTATUS s = ndktSimabiReceive(id_of(pNdkQp), CTX(RequestContext), (NDK_SGE *)pSgl, nSge);
    LEAVE();
    return s;
}

static NTSTATUS abi_bind(NDK_QP *pNdkQp, PVOID RequestContext, NDK_MR *pMr, NDK_MW *pMw, PVOID VirtualAddress,
                     SIZE_T Length, ULONG Flags) {
    ENTER();
    NTSTATUS s = ndktSimabiBind(id_of(pNdkQp), CTX(RequestContext), id_of(pMr), id_of(pMw), (uintptr_t)VirtualAddress,
                                Length, Flags);
    LEAVE();
    return s;
}

static NTSTATUS abi_fast_register(NDK_QP *pNdkQp, PVOID RequestContext, NDK_MR *pMr, ULONG AdapterPageCount,
                              CONST NDK_LOGICAL_ADDRESS *AdapterPageArray, ULONG FBO, SIZE_T Length,
                              PVOID BaseVirtualAddress, ULONG Flags) {
    ENTER();
    NTSTATUS s = ndktSimabiFastRegister(id_of(pNdkQp), CTX(RequestContext), id_of(pMr), AdapterPageCount,
                                        (NDK_LOGICAL_ADDRESS *)AdapterPageArray, FBO, Length,
                                        (uintptr_t)BaseVirtualAddress, Flags);
    LEAVE();
    return s;
}

static NTSTATUS abi_invalidate(NDK_QP *pNdkQp, PVOID RequestContext, NDK_OBJECT_HEADER *pNdkMrOrMw, ULONG Flags) {
    ENTER();
    NTSTATUS s = ndktSimabiInvalidate(id_of(pNdkQp), CTX(RequestContext), id_of(pNdkMrOrMw), Flags);
    LEAVE();
    return s;
}

static NTSTATUS abi_read(NDK_QP *pNdkQp, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge, UINT64 RemoteAddress,
                     UINT32 RemoteToken, ULONG Flags) {
    ENTER();
    NTSTATUS s = ndktSimabiReadWrite(id_of(pNdkQp), 0, CTX(RequestContext), (NDK_SGE *)pSgl, nSge, RemoteAddress,
                                     RemoteToken, Flags);
    LEAVE();
    return s;
}

static NTSTATUS abi_write(NDK_QP *pNdkQp, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge, UINT64 RemoteAddress,
                      UINT32 RemoteToken, ULONG Flags) {
    ENTER();
    NTSTATUS s = ndktSimabiReadWrite(id_of(pNdkQp), 1, CTX(RequestContext), (NDK_SGE *)pSgl, nSge, RemoteAddress,
                                     RemoteToken, Flags);
    LEAVE();
    return s;
}

static NTSTATUS abi_send_and_invalidate(NDK_QP *pNdkQp, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge, ULONG Flags,
                                    UINT32 RemoteToken) {
    ENTER();
    NTSTATUS s = ndktSimabiSendAndInvalidate(id_of(pNdkQp), CTX(RequestContext), (NDK_SGE *)pSgl, nSge, Flags,
                                             RemoteToken);
    LEAVE();
    return s;
}

/* ---- PD ---- */

static NTSTATUS abi_create_mr(NDK_PD *pNdkPd, BOOLEAN FastRegister, NDK_FN_CREATE_COMPLETION CreateCompletion,
                          PVOID RequestContext, NDK_MR **ppNdkMr) {
    ENTER();
    NTSTATUS s = ndktSimabiCreateMr(id_of(pNdkPd), FastRegister, FN(CreateCompletion), CTX(RequestContext),
                                    (void **)ppNdkMr);
    LEAVE();
    return s;
}

static NTSTATUS abi_create_mw(NDK_PD *pNdkPd, NDK_FN_CREATE_COMPLETION CreateCompletion, PVOID RequestContext,
                          NDK_MW **ppNdkMw) {
    ENTER();
    NTSTATUS s = ndktSimabiCreateMw(id_of(pNdkPd), FN(CreateCompletion), CTX(RequestContext), (void **)ppNdkMw);
    LEAVE();
    return s;
}

static NTSTATUS abi_create_srq(NDK_PD *pNdkPd, ULONG SrqDepth, ULONG MaxReceiveRequestSge, ULONG NotifyThreshold,
                           NDK_FN_SRQ_NOTIFICATION_CALLBACK SrqNotification, PVOID SrqNotificationContext,
                           GROUP_AFFINITY *Affinity, NDK_FN_CREATE_COMPLETION CreateCompletion, PVOID RequestContext,
                           NDK_SRQ **ppNdkSrq) {
    (void)Affinity;
    ENTER();
    NTSTATUS s = ndktSimabiCreateSrq(id_of(pNdkPd), SrqDepth, MaxReceiveRequestSge, NotifyThreshold,
                                     FN(SrqNotification), CTX(SrqNotificationContext), FN(CreateCompletion),
                                     CTX(RequestContext), (void **)ppNdkSrq);
    LEAVE();
    return s;
}

static NTSTATUS abi_create_qp(NDK_PD *pNdkPd, NDK_CQ *pReceiveCq, NDK_CQ *pInitiatorCq, PVOID QPContext,
                          ULONG ReceiveQueueDepth, ULONG InitiatorQueueDepth, ULONG MaxReceiveRequestSge,
                          ULONG MaxInitiatorRequestSge, ULONG InlineDataSize, NDK_FN_CREATE_COMPLETION CreateCompletion,
                          PVOID RequestContext, NDK_QP **ppNdkQp) {
    ENTER();
    NTSTATUS s = ndktSimabiCreateQp(id_of(pNdkPd), id_of(pReceiveCq), id_of(pInitiatorCq), 0, 0, CTX(QPContext),
                                    ReceiveQueueDepth, InitiatorQueueDepth, MaxReceiveRequestSge,
                                    MaxInitiatorRequestSge, InlineDataSize, FN(CreateCompletion), CTX(RequestContext),
                                    (void **)ppNdkQp);
    LEAVE();
    return s;
}

static NTSTATUS abi_create_qp_with_srq(NDK_PD *pNdkPd, NDK_CQ *pReceiveCq, NDK_CQ *pInitiatorCq, NDK_SRQ *pSrq,
                                   PVOID QPContext, ULONG InitiatorQueueDepth, ULONG MaxInitiatorRequestSge,
                                   ULONG InlineDataSize, NDK_FN_CREATE_COMPLETION CreateCompletion,
                                   PVOID RequestContext, NDK_QP **ppNdkQp) {
    ENTER();
    NTSTATUS s = ndktSimabiCreateQp(id_of(pNdkPd), id_of(pReceiveCq), id_of(pInitiatorCq), 1, id_of(pSrq),
                                    CTX(QPContext), 0, InitiatorQueueDepth, 0, MaxInitiatorRequestSge, InlineDataSize,
                                    FN(CreateCompletion), CTX(RequestContext), (void **)ppNdkQp);
    LEAVE();
    return s;
}

static VOID abi_get_privileged_memory_region_token(NDK_PD *pNdkPd, UINT32 *pToken) {
    ENTER();
    ndktSimabiGetPrivilegedToken(id_of(pNdkPd), pToken);
    LEAVE();
}

/* ---- shared endpoint ---- */

static NTSTATUS abi_get_shared_endpoint_local_address(NDK_SHARED_ENDPOINT *pNdkSharedEndpoint, PSOCKADDR pAddress,
                                                  ULONG *pAddressLength) {
    ENTER();
    NTSTATUS s = ndktSimabiGetAddress(id_of(pNdkSharedEndpoint), 0, pAddress, pAddressLength);
    LEAVE();
    return s;
}

/* ---- connector ---- */

static NTSTATUS abi_connect(NDK_CONNECTOR *pNdkConnector, NDK_QP *pNdkQp, CONST PSOCKADDR pSrcAddress,
                        ULONG SrcAddressLength, CONST PSOCKADDR pDestAddress, ULONG DestAddressLength,
                        ULONG InboundReadLimit, ULONG OutboundReadLimit, CONST PVOID pPrivateData,
                        ULONG PrivateDataLength, NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiConnect(id_of(pNdkConnector), id_of(pNdkQp), 0, 0, pSrcAddress, SrcAddressLength,
                                   pDestAddress, DestAddressLength, InboundReadLimit, OutboundReadLimit, pPrivateData,
                                   PrivateDataLength, FN(RequestCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

static NTSTATUS abi_connect_with_shared_endpoint(NDK_CONNECTOR *pNdkConnector, NDK_QP *pNdkQp,
                                             NDK_SHARED_ENDPOINT *pNdkSharedEndpoint, CONST PSOCKADDR pDestAddress,
                                             ULONG DestAddressLength, ULONG InboundReadLimit, ULONG OutboundReadLimit,
                                             CONST PVOID pPrivateData, ULONG PrivateDataLength,
                                             NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiConnect(id_of(pNdkConnector), id_of(pNdkQp), 1, id_of(pNdkSharedEndpoint), NULL, 0,
                                   pDestAddress, DestAddressLength, InboundReadLimit, OutboundReadLimit, pPrivateData,
                                   PrivateDataLength, FN(RequestCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

static NTSTATUS abi_complete_connect(NDK_CONNECTOR *pNdkConnector, NDK_FN_DISCONNECT_EVENT_CALLBACK DisconnectEvent,
                                 PVOID DisconnectEventContext, NDK_FN_REQUEST_COMPLETION RequestCompletion,
                                 PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiCompleteConnect(id_of(pNdkConnector), 0, FN(DisconnectEvent), CTX(DisconnectEventContext),
                                           FN(RequestCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

static NTSTATUS abi_accept(NDK_CONNECTOR *pNdkConnector, NDK_QP *pNdkQp, ULONG InboundReadLimit, ULONG OutboundReadLimit,
                       CONST PVOID pPrivateData, ULONG PrivateDataLength,
                       NDK_FN_DISCONNECT_EVENT_CALLBACK DisconnectEvent, PVOID DisconnectEventContext,
                       NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiAccept(id_of(pNdkConnector), 0, id_of(pNdkQp), InboundReadLimit, OutboundReadLimit,
                                  pPrivateData, PrivateDataLength, FN(DisconnectEvent), CTX(DisconnectEventContext),
                                  FN(RequestCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

static NTSTATUS abi_reject(NDK_CONNECTOR *pNdkConnector, CONST PVOID pPrivateData, ULONG PrivateDataLength) {
    ENTER();
    NTSTATUS s = ndktSimabiReject(id_of(pNdkConnector), pPrivateData, PrivateDataLength);
    LEAVE();
    return s;
}

static NTSTATUS abi_get_connection_data(NDK_CONNECTOR *pNdkConnector, ULONG *pInboundReadLimit, ULONG *pOutboundReadLimit,
                                    PVOID pPrivateData, ULONG *pPrivateDataLength) {
    ENTER();
    NTSTATUS s = ndktSimabiGetConnectionData(id_of(pNdkConnector), pInboundReadLimit, pOutboundReadLimit, pPrivateData,
                                             pPrivateDataLength);
    LEAVE();
    return s;
}

static NTSTATUS abi_get_local_address(NDK_CONNECTOR *pNdkConnector, PSOCKADDR pAddress, ULONG *pAddressLength) {
    ENTER();
    NTSTATUS s = ndktSimabiGetAddress(id_of(pNdkConnector), 0, pAddress, pAddressLength);
    LEAVE();
    return s;
}

static NTSTATUS abi_get_peer_address(NDK_CONNECTOR *pNdkConnector, PSOCKADDR pAddress, ULONG *pAddressLength) {
    ENTER();
    NTSTATUS s = ndktSimabiGetAddress(id_of(pNdkConnector), 1, pAddress, pAddressLength);
    LEAVE();
    return s;
}

static NTSTATUS abi_disconnect(NDK_CONNECTOR *pNdkConnector, NDK_FN_REQUEST_COMPLETION RequestCompletion,
                           PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiDisconnect(id_of(pNdkConnector), FN(RequestCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

static NTSTATUS abi_complete_connect_ex(NDK_CONNECTOR *pNdkConnector, NDK_FN_DISCONNECT_EVENT_CALLBACK_EX DisconnectEvent,
                                    PVOID DisconnectEventContext, NDK_FN_REQUEST_COMPLETION RequestCompletion,
                                    PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiCompleteConnect(id_of(pNdkConnector), 1, FN(DisconnectEvent), CTX(DisconnectEventContext),
                                           FN(RequestCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

static NTSTATUS abi_accept_ex(NDK_CONNECTOR *pNdkConnector, NDK_QP *pNdkQp, ULONG InboundReadLimit,
                          ULONG OutboundReadLimit, CONST PVOID pPrivateData, ULONG PrivateDataLength,
                          NDK_FN_DISCONNECT_EVENT_CALLBACK_EX DisconnectEvent, PVOID DisconnectEventContext,
                          NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiAccept(id_of(pNdkConnector), 1, id_of(pNdkQp), InboundReadLimit, OutboundReadLimit,
                                  pPrivateData, PrivateDataLength, FN(DisconnectEvent), CTX(DisconnectEventContext),
                                  FN(RequestCompletion), CTX(RequestContext));
    LEAVE();
    return s;
}

/* ---- listener ---- */

static NTSTATUS abi_listen(NDK_LISTENER *pNdkListener, CONST PSOCKADDR pAddress, ULONG AddressLength,
                       NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext) {
    ENTER();
    NTSTATUS s = ndktSimabiListen(id_of(pNdkListener), pAddress, AddressLength, FN(RequestCompletion),
                                  CTX(RequestContext));
    LEAVE();
    return s;
}

static NTSTATUS abi_get_listener_local_address(NDK_LISTENER *pNdkListener, PSOCKADDR pAddress, ULONG *pAddressLength) {
    ENTER();
    NTSTATUS s = ndktSimabiGetAddress(id_of(pNdkListener), 0, pAddress, pAddressLength);
    LEAVE();
    return s;
}

static VOID abi_control_connect_events(NDK_LISTENER *pNdkListener, BOOLEAN Pause) {
    ENTER();
    ndktSimabiControlConnectEvents(id_of(pNdkListener), Pause);
    LEAVE();
}

/* ---- the tables: every entry by member name ---- */

static const ndkt_simabi_tables default_tables = {
    .Adapter =
        {
            .NdkQueryExtension = abi_query_extension,
            .NdkQueryAdapterInfo = abi_query_adapter_info,
            .NdkCreateCq = abi_create_cq,
            .NdkCreatePd = abi_create_pd,
            .NdkCreateSharedEndpoint = abi_create_shared_endpoint,
            .NdkCreateConnector = abi_create_connector,
            .NdkCreateListener = abi_create_listener,
            .NdkBuildLAM = abi_build_lam,
            .NdkReleaseLAM = abi_release_lam,
        },
    .Cq =
        {
            .NdkCloseCq = abi_close_object,
            .NdkQueryExtension = abi_query_extension,
            .NdkResizeCq = abi_resize_cq,
            .NdkArmCq = abi_arm_cq,
            .NdkGetCqResults = abi_get_cq_results,
            .NdkControlCqInterruptModeration = abi_control_cq_interrupt_moderation,
            .NdkGetCqResultsEx = abi_get_cq_results_ex,
        },
    .Pd =
        {
            .NdkClosePd = abi_close_object,
            .NdkQueryExtension = abi_query_extension,
            .NdkCreateMr = abi_create_mr,
            .NdkCreateMw = abi_create_mw,
            .NdkCreateSrq = abi_create_srq,
            .NdkCreateQp = abi_create_qp,
            .NdkCreateQpWithSrq = abi_create_qp_with_srq,
            .NdkGetPrivilegedMemoryRegionToken = abi_get_privileged_memory_region_token,
        },
    .Mr =
        {
            .NdkCloseMr = abi_close_object,
            .NdkQueryExtension = abi_query_extension,
            .NdkRegisterMr = abi_register_mr,
            .NdkDeregisterMr = abi_deregister_mr,
            .NdkInitializeFastRegisterMr = abi_initialize_fast_register_mr,
            .NdkGetRemoteTokenFromMr = abi_get_remote_token_from_mr,
            .NdkGetLocalTokenFromMr = abi_get_local_token_from_mr,
        },
    .Mw =
        {
            .NdkCloseMw = abi_close_object,
            .NdkQueryExtension = abi_query_extension,
            .NdkGetRemoteTokenFromMw = abi_get_remote_token_from_mw,
        },
    .Srq =
        {
            .NdkCloseSrq = abi_close_object,
            .NdkQueryExtension = abi_query_extension,
            .NdkModifySrq = abi_modify_srq,
            .NdkSrqReceive = abi_srq_receive,
        },
    .Qp =
        {
            .NdkCloseQp = abi_close_object,
            .NdkQueryExtension = abi_query_extension,
            .NdkFlush = abi_flush,
            .NdkSend = abi_send,
            .NdkReceive = abi_receive,
            .NdkBind = abi_bind,
            .NdkFastRegister = abi_fast_register,
            .NdkInvalidate = abi_invalidate,
            .NdkRead = abi_read,
            .NdkWrite = abi_write,
            .NdkSendAndInvalidate = abi_send_and_invalidate,
        },
    .SharedEndpoint =
        {
            .NdkCloseSharedEndpoint = abi_close_object,
            .NdkQueryExtension = abi_query_extension,
            .NdkGetLocalAddress = abi_get_shared_endpoint_local_address,
        },
    .Connector =
        {
            .NdkCloseConnector = abi_close_object,
            .NdkQueryExtension = abi_query_extension,
            .NdkConnect = abi_connect,
            .NdkConnectWithSharedEndpoint = abi_connect_with_shared_endpoint,
            .NdkCompleteConnect = abi_complete_connect,
            .NdkAccept = abi_accept,
            .NdkReject = abi_reject,
            .NdkGetConnectionData = abi_get_connection_data,
            .NdkGetLocalAddress = abi_get_local_address,
            .NdkGetPeerAddress = abi_get_peer_address,
            .NdkDisconnect = abi_disconnect,
            .NdkCompleteConnectEx = abi_complete_connect_ex,
            .NdkAcceptEx = abi_accept_ex,
        },
    .Listener =
        {
            .NdkCloseListener = abi_close_object,
            .NdkQueryExtension = abi_query_extension,
            .NdkListen = abi_listen,
            .NdkGetLocalAddress = abi_get_listener_local_address,
            .NdkControlConnectEvents = abi_control_connect_events,
        },
};

ndkt_simabi_tables *ndkt_simabi_tables_new(int edits) {
    ndkt_simabi_tables *t = malloc(sizeof *t);
    if (t == NULL) {
        return NULL;
    }
    *t = default_tables;
    if (edits & NDKT_SIMABI_T_NO_EX) {
        /* An NDKPI 2.0 or earlier provider's connector table ends before
         * these (an older ndkpi.h has no such members). */
        t->Connector.NdkCompleteConnectEx = NULL;
        t->Connector.NdkAcceptEx = NULL;
    }
    if (edits & NDKT_SIMABI_T_NULL_QUERY_EXT) {
        t->Listener.NdkQueryExtension = NULL;
    }
    if (edits & NDKT_SIMABI_T_NULL_ENTRY) {
        t->Qp.NdkBind = NULL;
    }
    return t;
}

void ndkt_simabi_tables_free(ndkt_simabi_tables *t) { free(t); }

static const void *table_of(const ndkt_simabi_tables *t, NDK_OBJECT_TYPE type) {
    switch (type) {
    case NdkObjectTypeAdapter:
        return &t->Adapter;
    case NdkObjectTypeCq:
        return &t->Cq;
    case NdkObjectTypePd:
        return &t->Pd;
    case NdkObjectTypeMr:
        return &t->Mr;
    case NdkObjectTypeMw:
        return &t->Mw;
    case NdkObjectTypeSrq:
        return &t->Srq;
    case NdkObjectTypeQp:
        return &t->Qp;
    case NdkObjectTypeSharedEndpoint:
        return &t->SharedEndpoint;
    case NdkObjectTypeConnector:
        return &t->Connector;
    case NdkObjectTypeListener:
        return &t->Listener;
    default:
        return NULL;
    }
}

ndkt_simabi_object *ndkt_simabi_object_new(NDK_OBJECT_TYPE type, NDK_OBJECT_TYPE headerType, USHORT major,
                                           USHORT minor, const ndkt_simabi_tables *t, uint64_t id, uint32_t flags) {
    ndkt_simabi_object *o = calloc(1, sizeof *o); /* NdkReserved zero (OH-5) */
    if (o == NULL) {
        return NULL;
    }
    o->Ndk.Header.Version.Major = major;
    o->Ndk.Header.Version.Minor = minor;
    o->Ndk.Header.ObjectType = headerType;
    if (flags & NDKT_SIMABI_F_RESERVED) {
        o->Ndk.Header.NdkReserved.rf[0] = (PVOID)(uintptr_t)0x5a;
    }
    o->Id = id;
    o->Magic = NDKT_SIMABI_MAGIC;
    o->Flags = flags;
    o->Type = type;
    o->Table = table_of(t, type);
    if (!(flags & NDKT_SIMABI_F_DISPATCH_LATE)) {
        ndkt_simabi_object_set_dispatch(o);
    }
    return o;
}

/* Dispatch = the object's table (an atomic store: a late one, OH-1, comes
 * from another thread than the consumer's). */
void ndkt_simabi_object_set_dispatch(ndkt_simabi_object *o) {
    switch (o->Type) {
    case NdkObjectTypeAdapter:
        __atomic_store_n(&o->Ndk.Adapter.Dispatch, (const NDK_ADAPTER_DISPATCH *)o->Table, __ATOMIC_RELEASE);
        break;
    case NdkObjectTypeCq:
        __atomic_store_n(&o->Ndk.Cq.Dispatch, (const NDK_CQ_DISPATCH *)o->Table, __ATOMIC_RELEASE);
        break;
    case NdkObjectTypePd:
        __atomic_store_n(&o->Ndk.Pd.Dispatch, (const NDK_PD_DISPATCH *)o->Table, __ATOMIC_RELEASE);
        break;
    case NdkObjectTypeMr:
        __atomic_store_n(&o->Ndk.Mr.Dispatch, (const NDK_MR_DISPATCH *)o->Table, __ATOMIC_RELEASE);
        break;
    case NdkObjectTypeMw:
        __atomic_store_n(&o->Ndk.Mw.Dispatch, (const NDK_MW_DISPATCH *)o->Table, __ATOMIC_RELEASE);
        break;
    case NdkObjectTypeSrq:
        __atomic_store_n(&o->Ndk.Srq.Dispatch, (const NDK_SRQ_DISPATCH *)o->Table, __ATOMIC_RELEASE);
        break;
    case NdkObjectTypeQp:
        __atomic_store_n(&o->Ndk.Qp.Dispatch, (const NDK_QP_DISPATCH *)o->Table, __ATOMIC_RELEASE);
        break;
    case NdkObjectTypeSharedEndpoint:
        __atomic_store_n(&o->Ndk.SharedEndpoint.Dispatch, (const NDK_SHARED_ENDPOINT_DISPATCH *)o->Table,
                         __ATOMIC_RELEASE);
        break;
    case NdkObjectTypeConnector:
        __atomic_store_n(&o->Ndk.Connector.Dispatch, (const NDK_CONNECTOR_DISPATCH *)o->Table, __ATOMIC_RELEASE);
        break;
    case NdkObjectTypeListener:
        __atomic_store_n(&o->Ndk.Listener.Dispatch, (const NDK_LISTENER_DISPATCH *)o->Table, __ATOMIC_RELEASE);
        break;
    default:
        break;
    }
}

void ndkt_simabi_object_free(ndkt_simabi_object *o) {
    if (o == NULL) {
        return;
    }
    o->Magic = 0;
    free(o);
}

uintptr_t ndkt_simabi_mdl_va(const MDL *m) { return (uintptr_t)MmGetMdlVirtualAddress(m); }

/* ---- trampolines ---- */

static int irql_of(int mode) {
    if (mode >= 0) {
        return mode;
    }
    return in_call > 0 ? PASSIVE_LEVEL : DISPATCH_LEVEL;
}

#define AROUND(mode, call)                                                                                             \
    do {                                                                                                               \
        int irql_ = irql_of(mode);                                                                                     \
        void (*hook_)(int, int) = ndkt_simabi_irql_hook;                                                              \
        if (hook_ != NULL) {                                                                                           \
            hook_(1, irql_);                                                                                           \
        }                                                                                                              \
        call;                                                                                                          \
        if (hook_ != NULL) {                                                                                           \
            hook_(0, irql_);                                                                                           \
        }                                                                                                              \
    } while (0)

void ndkt_simabi_cb_close(uintptr_t fn, uintptr_t ctx, int mode) {
    AROUND(mode, ((NDK_FN_CLOSE_COMPLETION)fn)((PVOID)ctx));
}

void ndkt_simabi_cb_request(uintptr_t fn, uintptr_t ctx, NTSTATUS status, int mode) {
    AROUND(mode, ((NDK_FN_REQUEST_COMPLETION)fn)((PVOID)ctx, status));
}

void ndkt_simabi_cb_create(uintptr_t fn, uintptr_t ctx, NTSTATUS status, ndkt_simabi_object *obj, int mode) {
    AROUND(mode, ((NDK_FN_CREATE_COMPLETION)fn)((PVOID)ctx, status, obj ? &obj->Ndk.Header : NULL));
}

void ndkt_simabi_cb_cq_notify(uintptr_t fn, uintptr_t ctx, NTSTATUS status, int mode) {
    AROUND(mode, ((NDK_FN_CQ_NOTIFICATION_CALLBACK)fn)((PVOID)ctx, status));
}

void ndkt_simabi_cb_srq_notify(uintptr_t fn, uintptr_t ctx, NTSTATUS status, int mode) {
    AROUND(mode, ((NDK_FN_SRQ_NOTIFICATION_CALLBACK)fn)((PVOID)ctx, status));
}

void ndkt_simabi_cb_connect_event(uintptr_t fn, uintptr_t ctx, ndkt_simabi_object *conn, int mode) {
    AROUND(mode, ((NDK_FN_CONNECT_EVENT_CALLBACK)fn)((PVOID)ctx, conn ? &conn->Ndk.Connector : NULL));
}

void ndkt_simabi_cb_disconnect(uintptr_t fn, uintptr_t ctx, int mode) {
    AROUND(mode, ((NDK_FN_DISCONNECT_EVENT_CALLBACK)fn)((PVOID)ctx));
}

void ndkt_simabi_cb_disconnect_ex(uintptr_t fn, uintptr_t ctx, ULONG reason, int mode) {
    AROUND(mode, ((NDK_FN_DISCONNECT_EVENT_CALLBACK_EX)fn)((PVOID)ctx, reason));
}

/* ---- OPEN_ and CLOSE_NDK_ADAPTER_HANDLER, the miniport lookup ---- */

NTSTATUS ndkt_simabi_miniport_adapter(uintptr_t Provider, const SOCKADDR *pAddress, ULONG AddressLength,
                                      PVOID *pMiniportAdapterContext) {
    if (pMiniportAdapterContext == NULL) {
        return STATUS_INVALID_PARAMETER;
    }
    uintptr_t ctx = 0;
    NTSTATUS s = ndktSimabiMiniport(Provider, (SOCKADDR *)pAddress, AddressLength, &ctx);
    if (s == STATUS_SUCCESS) {
        *pMiniportAdapterContext = (PVOID)ctx;
    }
    return s;
}

NTSTATUS ndkt_simabi_open_ndk_adapter(PVOID MiniportAdapterContext,
                                      const NDKT_SIMABI_OPEN_NDK_ADAPTER_PARAMETERS *Parameters,
                                      NDK_ADAPTER **ppNdkAdapter) {
    if (Parameters == NULL || ppNdkAdapter == NULL) {
        return STATUS_INVALID_PARAMETER;
    }
    ENTER();
    NTSTATUS s = ndktSimabiOpenAdapter((uintptr_t)MiniportAdapterContext, Parameters->Version.Major,
                                       Parameters->Version.Minor, (void **)ppNdkAdapter);
    LEAVE();
    return s;
}

VOID ndkt_simabi_close_ndk_adapter(PVOID MiniportAdapterContext, NDK_ADAPTER *pNdkAdapter) {
    ENTER();
    ndktSimabiCloseAdapter((uintptr_t)MiniportAdapterContext, id_of(pNdkAdapter));
    LEAVE();
}

/* ---- fault injection ---- */

ULONG ndkt_simabi_faults(uintptr_t Provider) { return ndktSimabiFaults(Provider); }

/* The error buffer's room; *pErrorLength is 0 until sim gives a reason. */
static ULONG error_room(char *pError, ULONG *pErrorLength) {
    ULONG room = 0;
    if (pErrorLength != NULL) {
        room = pError != NULL ? *pErrorLength : 0;
        *pErrorLength = 0;
    }
    return room;
}

NTSTATUS ndkt_simabi_set_host_state(uintptr_t Provider, const SOCKADDR *pAddress, ULONG AddressLength, ULONG State,
                                    char *pError, ULONG *pErrorLength) {
    ULONG room = error_room(pError, pErrorLength);
    ENTER();
    NTSTATUS s = ndktSimabiSetHostState(Provider, (SOCKADDR *)pAddress, AddressLength, State, pError, room,
                                        pErrorLength);
    LEAVE();
    return s;
}

NTSTATUS ndkt_simabi_fail_srq(NDK_SRQ *pNdkSrq, char *pError, ULONG *pErrorLength) {
    ULONG room = error_room(pError, pErrorLength);
    uint64_t id = id_of(pNdkSrq);
    if (id == 0) {
        return STATUS_INVALID_PARAMETER;
    }
    ENTER();
    NTSTATUS s = ndktSimabiFailSrq(id, pError, room, pErrorLength);
    LEAVE();
    return s;
}

NTSTATUS ndkt_simabi_fail_cq(NDK_CQ *pNdkCq, char *pError, ULONG *pErrorLength) {
    ULONG room = error_room(pError, pErrorLength);
    uint64_t id = id_of(pNdkCq);
    if (id == 0) {
        return STATUS_INVALID_PARAMETER;
    }
    ENTER();
    NTSTATUS s = ndktSimabiFailCq(id, pError, room, pErrorLength);
    LEAVE();
    return s;
}
