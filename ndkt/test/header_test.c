/*
 * header_test.c: checks ndkt/include/ndkpi.h against the NDKPI pages
 * (docs/reference/ndkpi/ddi/, ddi-related/).
 *
 * - Every struct member and every dispatch-table entry is named here
 *   (assigned and read back), so a missing or misspelt name does not
 *   compile.
 * - Every dispatch entry is assigned a provider stub written with the
 *   page's prototype, and every consumer callback a consumer function
 *   written with its page's prototype; with -Werror a parameter or return
 *   type that differs from the header's typedef does not compile.
 * - offsetof checks pin each dispatch entry to its place in the page's
 *   order; _Static_assert checks the sizes of the fixed-layout types that
 *   follow from the documented member types on x86_64 (arithmetic in the
 *   comments) and the documented values of enums and flags.
 * - At run time every entry is called through its object's Dispatch, and
 *   the program checks that each stub ran the expected number of times
 *   and saw the arguments it was given; it returns 0 only then.
 *
 * Built by ndkt/test/header.sh with gcc and clang on ndkt_wintypes.h (and
 * run), and with x86_64-w64-mingw32-gcc -DNDKT_HAVE_WDK_TYPES on mingw-w64's
 * kernel headers (compiled only).
 */
#include "ndkpi.h"

#include <stddef.h>

#if !defined(NDKT_HAVE_WDK_TYPES)
#include <stdio.h>
#include <sys/socket.h> /* completes struct sockaddr (SOCKADDR) */
#define REPORT(...) fprintf(stderr, __VA_ARGS__)
#else
#define REPORT(...) ((void)0)
#endif

#if !defined(__x86_64__) && !defined(_M_X64)
#error "header_test.c checks x86_64 layouts"
#endif

/* ===================================================================== */
/* Sizes and offsets (x86_64: pointers, SIZE_T, ULONG_PTR 8 bytes; ULONG,  */
/* NTSTATUS, UINT32 and enums 4; USHORT 2; PHYSICAL_ADDRESS 8)             */
/* ===================================================================== */

#define PTR 8

/* NDK_VERSION: USHORT Major + USHORT Minor = 2 + 2 = 4. */
_Static_assert(sizeof(NDK_VERSION) == 4, "NDK_VERSION");
_Static_assert(offsetof(NDK_VERSION, Minor) == 2, "NDK_VERSION.Minor");

/* NDK_OBJECT_HEADER_RESERVED_BLOCK: PVOID rf[4] = 4 * 8 = 32. */
_Static_assert(sizeof(NDK_OBJECT_HEADER_RESERVED_BLOCK) == 32, "RESERVED_BLOCK");

/* NDK_OBJECT_HEADER: Version 4 @0 + ObjectType (enum) 4 @4
 * + NdkReserved 32 @8 = 40, 8-aligned. */
_Static_assert(sizeof(NDK_OBJECT_TYPE) == 4, "NDK_OBJECT_TYPE");
_Static_assert(offsetof(NDK_OBJECT_HEADER, Version) == 0, "Header.Version");
_Static_assert(offsetof(NDK_OBJECT_HEADER, ObjectType) == 4, "Header.ObjectType");
_Static_assert(offsetof(NDK_OBJECT_HEADER, NdkReserved) == 8, "Header.NdkReserved");
_Static_assert(sizeof(NDK_OBJECT_HEADER) == 40, "NDK_OBJECT_HEADER");

/* Every object: Header 40 @0 + CONST *_DISPATCH *Dispatch 8 @40 = 48. */
#define OBJECT_LAYOUT(T)                                                   \
    _Static_assert(offsetof(T, Header) == 0, #T ".Header");               \
    _Static_assert(offsetof(T, Dispatch) == 40, #T ".Dispatch");          \
    _Static_assert(sizeof(T) == 48, #T)
OBJECT_LAYOUT(NDK_ADAPTER);
OBJECT_LAYOUT(NDK_CQ);
OBJECT_LAYOUT(NDK_PD);
OBJECT_LAYOUT(NDK_MR);
OBJECT_LAYOUT(NDK_MW);
OBJECT_LAYOUT(NDK_SRQ);
OBJECT_LAYOUT(NDK_QP);
OBJECT_LAYOUT(NDK_SHARED_ENDPOINT);
OBJECT_LAYOUT(NDK_CONNECTOR);
OBJECT_LAYOUT(NDK_LISTENER);

/* NDK_RESULT: Status 4 @0 + BytesTransferred 4 @4 + QPContext 8 @8
 * + RequestContext 8 @16 = 24. */
_Static_assert(offsetof(NDK_RESULT, BytesTransferred) == 4, "RESULT.BytesTransferred");
_Static_assert(offsetof(NDK_RESULT, QPContext) == 8, "RESULT.QPContext");
_Static_assert(offsetof(NDK_RESULT, RequestContext) == 16, "RESULT.RequestContext");
_Static_assert(sizeof(NDK_RESULT) == 24, "NDK_RESULT");

/* NDK_RESULT_EX: the NDK_RESULT members (24) + Type 4 @24
 * + ProviderErrorCode 4 @28 (the former padding) + TypeSpecificCompletionOutput
 * (ULONG_PTR) 8 @32 = 40. */
_Static_assert(offsetof(NDK_RESULT_EX, Type) == 24, "RESULT_EX.Type");
_Static_assert(offsetof(NDK_RESULT_EX, ProviderErrorCode) == 28, "RESULT_EX.ProviderErrorCode");
_Static_assert(offsetof(NDK_RESULT_EX, TypeSpecificCompletionOutput) == 32, "RESULT_EX.TSCO");
_Static_assert(sizeof(NDK_RESULT_EX) == 40, "NDK_RESULT_EX");

/* NDK_LOGICAL_ADDRESS = PHYSICAL_ADDRESS = 8. NDK_LOGICAL_ADDRESS_MAPPING:
 * AdapterContext 8 @0 + AdapterPageCount 4 @8 + 4 padding
 * + AdapterPageArray[1] 8 @16 = 24. */
_Static_assert(sizeof(NDK_LOGICAL_ADDRESS) == 8, "NDK_LOGICAL_ADDRESS");
_Static_assert(offsetof(NDK_LOGICAL_ADDRESS_MAPPING, AdapterPageCount) == 8, "LAM.AdapterPageCount");
_Static_assert(offsetof(NDK_LOGICAL_ADDRESS_MAPPING, AdapterPageArray) == 16, "LAM.AdapterPageArray");
_Static_assert(sizeof(NDK_LOGICAL_ADDRESS_MAPPING) == 24, "NDK_LOGICAL_ADDRESS_MAPPING");

/* NDK_SGE: union { PVOID; NDK_LOGICAL_ADDRESS } 8 @0 + Length 4 @8
 * + MemoryRegionToken 4 @12 = 16. */
_Static_assert(offsetof(NDK_SGE, VirtualAddress) == 0, "SGE.VirtualAddress");
_Static_assert(offsetof(NDK_SGE, LogicalAddress) == 0, "SGE.LogicalAddress");
_Static_assert(offsetof(NDK_SGE, Length) == 8, "SGE.Length");
_Static_assert(offsetof(NDK_SGE, MemoryRegionToken) == 12, "SGE.MemoryRegionToken");
_Static_assert(sizeof(NDK_SGE) == 16, "NDK_SGE");

/* NDK_EXTENSION_INTERFACE: CONST VOID *Dispatch = 8. */
_Static_assert(sizeof(NDK_EXTENSION_INTERFACE) == 8, "NDK_EXTENSION_INTERFACE");

/* NDK_ADAPTER_INFO: Version 4 @0 + VendorId 4 @4 + DeviceId 4 @8 + 4 padding
 * + MaxRegistrationSize 8 @16 + MaxWindowSize 8 @24
 * + 16 ULONGs (FRMRPageCount @32 .. AdapterFlags @92) + RdmaTechnology
 * (enum) 4 @96 = 100, rounded to 8 = 104. */
_Static_assert(offsetof(NDK_ADAPTER_INFO, DeviceId) == 8, "INFO.DeviceId");
_Static_assert(offsetof(NDK_ADAPTER_INFO, MaxRegistrationSize) == 16, "INFO.MaxRegistrationSize");
_Static_assert(offsetof(NDK_ADAPTER_INFO, FRMRPageCount) == 32, "INFO.FRMRPageCount");
_Static_assert(offsetof(NDK_ADAPTER_INFO, MaxCqDepth) == 76, "INFO.MaxCqDepth");
_Static_assert(offsetof(NDK_ADAPTER_INFO, AdapterFlags) == 92, "INFO.AdapterFlags");
_Static_assert(offsetof(NDK_ADAPTER_INFO, RdmaTechnology) == 96, "INFO.RdmaTechnology");
_Static_assert(sizeof(NDK_ADAPTER_INFO) == 104, "NDK_ADAPTER_INFO");

/* Windows types NDKPI passes by value or pointer (same in both environments). */
_Static_assert(sizeof(ULONG) == 4 && sizeof(NTSTATUS) == 4, "ULONG/NTSTATUS 32-bit");
_Static_assert(sizeof(SIZE_T) == PTR && sizeof(ULONG_PTR) == PTR, "SIZE_T/ULONG_PTR");
_Static_assert(sizeof(BOOLEAN) == 1, "BOOLEAN");
_Static_assert(sizeof(UINT64) == 8 && sizeof(UINT32) == 4, "UINT64/UINT32");
_Static_assert(sizeof(PHYSICAL_ADDRESS) == 8, "PHYSICAL_ADDRESS");
_Static_assert(sizeof(GUID) == 16, "GUID: 4 + 2 + 2 + 8");
_Static_assert(sizeof(GROUP_AFFINITY) == 16, "GROUP_AFFINITY: 8 + 2 + 3 * 2");
_Static_assert(sizeof(SOCKADDR) == 16, "SOCKADDR: 2 + 14");

/* Dispatch tables: entry i sits at i * 8, in the page's order; size n * 8. */
#define AT(T, m, i) _Static_assert(offsetof(T, m) == (i) * PTR, #T "." #m " is entry " #i)

AT(NDK_ADAPTER_DISPATCH, NdkQueryExtension, 0);
AT(NDK_ADAPTER_DISPATCH, NdkQueryAdapterInfo, 1);
AT(NDK_ADAPTER_DISPATCH, NdkCreateCq, 2);
AT(NDK_ADAPTER_DISPATCH, NdkCreatePd, 3);
AT(NDK_ADAPTER_DISPATCH, NdkCreateSharedEndpoint, 4);
AT(NDK_ADAPTER_DISPATCH, NdkCreateConnector, 5);
AT(NDK_ADAPTER_DISPATCH, NdkCreateListener, 6);
AT(NDK_ADAPTER_DISPATCH, NdkBuildLAM, 7);
AT(NDK_ADAPTER_DISPATCH, NdkReleaseLAM, 8);
_Static_assert(sizeof(NDK_ADAPTER_DISPATCH) == 9 * PTR, "NDK_ADAPTER_DISPATCH: 9 entries");

AT(NDK_CQ_DISPATCH, NdkCloseCq, 0);
AT(NDK_CQ_DISPATCH, NdkQueryExtension, 1);
AT(NDK_CQ_DISPATCH, NdkResizeCq, 2);
AT(NDK_CQ_DISPATCH, NdkArmCq, 3);
AT(NDK_CQ_DISPATCH, NdkGetCqResults, 4);
AT(NDK_CQ_DISPATCH, NdkControlCqInterruptModeration, 5);
AT(NDK_CQ_DISPATCH, NdkGetCqResultsEx, 6);
_Static_assert(sizeof(NDK_CQ_DISPATCH) == 7 * PTR, "NDK_CQ_DISPATCH: 7 entries");

AT(NDK_PD_DISPATCH, NdkClosePd, 0);
AT(NDK_PD_DISPATCH, NdkQueryExtension, 1);
AT(NDK_PD_DISPATCH, NdkCreateMr, 2);
AT(NDK_PD_DISPATCH, NdkCreateMw, 3);
AT(NDK_PD_DISPATCH, NdkCreateSrq, 4);
AT(NDK_PD_DISPATCH, NdkCreateQp, 5);
AT(NDK_PD_DISPATCH, NdkCreateQpWithSrq, 6);
AT(NDK_PD_DISPATCH, NdkGetPrivilegedMemoryRegionToken, 7);
_Static_assert(sizeof(NDK_PD_DISPATCH) == 8 * PTR, "NDK_PD_DISPATCH: 8 entries");

AT(NDK_MR_DISPATCH, NdkCloseMr, 0);
AT(NDK_MR_DISPATCH, NdkQueryExtension, 1);
AT(NDK_MR_DISPATCH, NdkRegisterMr, 2);
AT(NDK_MR_DISPATCH, NdkDeregisterMr, 3);
AT(NDK_MR_DISPATCH, NdkInitializeFastRegisterMr, 4);
AT(NDK_MR_DISPATCH, NdkGetRemoteTokenFromMr, 5);
AT(NDK_MR_DISPATCH, NdkGetLocalTokenFromMr, 6);
_Static_assert(sizeof(NDK_MR_DISPATCH) == 7 * PTR, "NDK_MR_DISPATCH: 7 entries");

AT(NDK_MW_DISPATCH, NdkCloseMw, 0);
AT(NDK_MW_DISPATCH, NdkQueryExtension, 1);
AT(NDK_MW_DISPATCH, NdkGetRemoteTokenFromMw, 2);
_Static_assert(sizeof(NDK_MW_DISPATCH) == 3 * PTR, "NDK_MW_DISPATCH: 3 entries");

AT(NDK_SRQ_DISPATCH, NdkCloseSrq, 0);
AT(NDK_SRQ_DISPATCH, NdkQueryExtension, 1);
AT(NDK_SRQ_DISPATCH, NdkModifySrq, 2);
AT(NDK_SRQ_DISPATCH, NdkSrqReceive, 3);
_Static_assert(sizeof(NDK_SRQ_DISPATCH) == 4 * PTR, "NDK_SRQ_DISPATCH: 4 entries");

AT(NDK_QP_DISPATCH, NdkCloseQp, 0);
AT(NDK_QP_DISPATCH, NdkQueryExtension, 1);
AT(NDK_QP_DISPATCH, NdkFlush, 2);
AT(NDK_QP_DISPATCH, NdkSend, 3);
AT(NDK_QP_DISPATCH, NdkReceive, 4);
AT(NDK_QP_DISPATCH, NdkBind, 5);
AT(NDK_QP_DISPATCH, NdkFastRegister, 6);
AT(NDK_QP_DISPATCH, NdkInvalidate, 7);
AT(NDK_QP_DISPATCH, NdkRead, 8);
AT(NDK_QP_DISPATCH, NdkWrite, 9);
AT(NDK_QP_DISPATCH, NdkSendAndInvalidate, 10);
_Static_assert(sizeof(NDK_QP_DISPATCH) == 11 * PTR, "NDK_QP_DISPATCH: 11 entries");

AT(NDK_SHARED_ENDPOINT_DISPATCH, NdkCloseSharedEndpoint, 0);
AT(NDK_SHARED_ENDPOINT_DISPATCH, NdkQueryExtension, 1);
AT(NDK_SHARED_ENDPOINT_DISPATCH, NdkGetLocalAddress, 2);
_Static_assert(sizeof(NDK_SHARED_ENDPOINT_DISPATCH) == 3 * PTR, "NDK_SHARED_ENDPOINT_DISPATCH: 3 entries");

AT(NDK_CONNECTOR_DISPATCH, NdkCloseConnector, 0);
AT(NDK_CONNECTOR_DISPATCH, NdkQueryExtension, 1);
AT(NDK_CONNECTOR_DISPATCH, NdkConnect, 2);
AT(NDK_CONNECTOR_DISPATCH, NdkConnectWithSharedEndpoint, 3);
AT(NDK_CONNECTOR_DISPATCH, NdkCompleteConnect, 4);
AT(NDK_CONNECTOR_DISPATCH, NdkAccept, 5);
AT(NDK_CONNECTOR_DISPATCH, NdkReject, 6);
AT(NDK_CONNECTOR_DISPATCH, NdkGetConnectionData, 7);
AT(NDK_CONNECTOR_DISPATCH, NdkGetLocalAddress, 8);
AT(NDK_CONNECTOR_DISPATCH, NdkGetPeerAddress, 9);
AT(NDK_CONNECTOR_DISPATCH, NdkDisconnect, 10);
AT(NDK_CONNECTOR_DISPATCH, NdkCompleteConnectEx, 11);
AT(NDK_CONNECTOR_DISPATCH, NdkAcceptEx, 12);
_Static_assert(sizeof(NDK_CONNECTOR_DISPATCH) == 13 * PTR, "NDK_CONNECTOR_DISPATCH: 13 entries");

AT(NDK_LISTENER_DISPATCH, NdkCloseListener, 0);
AT(NDK_LISTENER_DISPATCH, NdkQueryExtension, 1);
AT(NDK_LISTENER_DISPATCH, NdkListen, 2);
AT(NDK_LISTENER_DISPATCH, NdkGetLocalAddress, 3);
AT(NDK_LISTENER_DISPATCH, NdkControlConnectEvents, 4);
_Static_assert(sizeof(NDK_LISTENER_DISPATCH) == 5 * PTR, "NDK_LISTENER_DISPATCH: 5 entries");

/* ===================================================================== */
/* Values                                                                 */
/* ===================================================================== */

/* ne-ndkpi-_ndk_object_type.md (values as its 2018 syntax block gives). */
_Static_assert(NdkObjectTypeUndefined == 0 && NdkObjectTypeAdapter == 1 && NdkObjectTypeQp == 2 &&
                   NdkObjectTypeCq == 3 && NdkObjectTypeMr == 4 && NdkObjectTypeMw == 5 &&
                   NdkObjectTypePd == 6 && NdkObjectTypeSharedEndpoint == 7 &&
                   NdkObjectTypeConnector == 8 && NdkObjectTypeListener == 9 &&
                   NdkObjectTypeSrq == 10 && NdkObjectTypeMax == 11,
               "NDK_OBJECT_TYPE");
/* ne-ndkpi-_ndk_operation_type.md (2018 syntax block). */
_Static_assert(NdkOperationTypeReceive == 1 && NdkOperationTypeReceiveAndInvalidate == 32769 &&
                   NdkOperationTypeSend == 2 && NdkOperationTypeFastRegister == 4 &&
                   NdkOperationTypeBind == 8 && NdkOperationTypeInvalidate == 16 &&
                   NdkOperationTypeRead == 32 && NdkOperationTypeWrite == 64,
               "NDK_OPERATION_TYPE");
/* NDK_RDMA_TECHNOLOGY (no page text; public ndkinfo.h copies). */
_Static_assert(NdkUndefined == 0 && NdkiWarp == 1 && NdkInfiniBand == 2 && NdkRoCE == 3 &&
                   NdkRoCEv2 == 4 && NdkMaxTechnology == 5,
               "NDK_RDMA_TECHNOLOGY");
/* ns-ndkinfo-ndk_adapter_info.md's AdapterFlags table. */
_Static_assert(NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED == 0x1 &&
                   NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED == 0x2 &&
                   NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED == 0x4 &&
                   NDK_ADAPTER_FLAG_MULTI_ENGINE_SUPPORTED == 0x8 &&
                   NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED == 0x10 &&
                   NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED == 0x100 &&
                   NDK_ADAPTER_FLAG_LOOPBACK_CONNECTIONS_SUPPORTED == 0x10000,
               "NDK_ADAPTER_FLAG_*");
/* nc-ndkpi-ndk_fn_register_mr.md's table. */
_Static_assert(NDK_MR_FLAG_ALLOW_LOCAL_READ == 0x0 && NDK_MR_FLAG_ALLOW_LOCAL_WRITE == 0x1 &&
                   NDK_MR_FLAG_ALLOW_REMOTE_READ == 0x2 && NDK_MR_FLAG_ALLOW_REMOTE_WRITE == 0x5 &&
                   NDK_MR_FLAG_RDMA_READ_SINK == 0x8,
               "NDK_MR_FLAG_*");
/* The work-request pages' tables; RDMA_READ_SINK and
 * RDMA_READ_LOCAL_INVALIDATE from the public header copy (see ndkpi.h). */
_Static_assert(NDK_OP_FLAG_SILENT_SUCCESS == 0x1 && NDK_OP_FLAG_READ_FENCE == 0x2 &&
                   NDK_OP_FLAG_SEND_AND_SOLICIT_EVENT == 0x4 && NDK_OP_FLAG_ALLOW_REMOTE_READ == 0x8 &&
                   NDK_OP_FLAG_ALLOW_LOCAL_WRITE == 0x10 && NDK_OP_FLAG_ALLOW_REMOTE_WRITE == 0x30 &&
                   NDK_OP_FLAG_INLINE == 0x40 && NDK_OP_FLAG_RDMA_READ_SINK == 0x80 &&
                   NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE == 0x100 && NDK_OP_FLAG_DEFER == 0x200,
               "NDK_OP_FLAG_*");
_Static_assert(NDK_CQ_NOTIFY_ERRORS == 0 && NDK_CQ_NOTIFY_ANY == 1 && NDK_CQ_NOTIFY_SOLICITED == 2,
               "NDK_CQ_NOTIFY_*");

/* ===================================================================== */
/* Provider stubs, each with its page's prototype                         */
/* ===================================================================== */

enum {
    F_CLOSE, F_QUERY_EXT,
    F_QUERY_ADAPTER_INFO, F_CREATE_CQ, F_CREATE_PD, F_CREATE_SHARED_ENDPOINT,
    F_CREATE_CONNECTOR, F_CREATE_LISTENER, F_BUILD_LAM, F_RELEASE_LAM,
    F_RESIZE_CQ, F_ARM_CQ, F_GET_CQ_RESULTS, F_CONTROL_CQ_IM, F_GET_CQ_RESULTS_EX,
    F_CREATE_MR, F_CREATE_MW, F_CREATE_SRQ, F_CREATE_QP, F_CREATE_QP_WITH_SRQ, F_GET_PMR_TOKEN,
    F_REGISTER_MR, F_DEREGISTER_MR, F_INIT_FR_MR, F_REMOTE_TOKEN_MR, F_LOCAL_TOKEN_MR,
    F_REMOTE_TOKEN_MW,
    F_MODIFY_SRQ, F_SRQ_RECEIVE,
    F_FLUSH, F_SEND, F_RECEIVE, F_BIND, F_FAST_REGISTER, F_INVALIDATE, F_READ, F_WRITE,
    F_SEND_AND_INVALIDATE,
    F_SE_LOCAL_ADDRESS,
    F_CONNECT, F_CONNECT_WITH_SE, F_COMPLETE_CONNECT, F_ACCEPT, F_REJECT, F_GET_CONNECTION_DATA,
    F_GET_LOCAL_ADDRESS, F_GET_PEER_ADDRESS, F_DISCONNECT, F_COMPLETE_CONNECT_EX, F_ACCEPT_EX,
    F_LISTEN, F_LISTENER_LOCAL_ADDRESS, F_CONTROL_CONNECT_EVENTS,
    F_COUNT
};
static unsigned calls[F_COUNT];
static int bad; /* an argument a stub did not expect */
static char ctx;  /* a context value: &ctx */

#define SAW(cond) ((cond) ? (void)0 : (void)(bad++, REPORT("unexpected argument at line %d\n", __LINE__)))

static NTSTATUS p_close(NDK_OBJECT_HEADER *pNdkObject, NDK_FN_CLOSE_COMPLETION CloseCompletion,
                        PVOID RequestContext)
{
    calls[F_CLOSE]++;
    SAW(pNdkObject != NULL && RequestContext == &ctx);
    CloseCompletion(RequestContext);
    return STATUS_PENDING;
}

static NTSTATUS p_query_ext(NDK_OBJECT_HEADER *pNdkObject, GUID *ExtensionInterfaceID,
                            NDK_VERSION ExtensionInterfaceVersion,
                            NDK_EXTENSION_INTERFACE *pExtensionInterface)
{
    calls[F_QUERY_EXT]++;
    SAW(pNdkObject != NULL && ExtensionInterfaceID->Data1 == 0x12345678 &&
        ExtensionInterfaceVersion.Major == 2 && ExtensionInterfaceVersion.Minor == 1);
    pExtensionInterface->Dispatch = NULL;
    return STATUS_NOT_SUPPORTED;
}

/* Adapter */
static NTSTATUS p_query_adapter_info(NDK_ADAPTER *pNdkAdapter, NDK_ADAPTER_INFO *pInfo,
                                     ULONG *pBufferSize)
{
    calls[F_QUERY_ADAPTER_INFO]++;
    SAW(pNdkAdapter != NULL && *pBufferSize == sizeof(NDK_ADAPTER_INFO));
    pInfo->MaxCqDepth = 4096;
    pInfo->RdmaTechnology = NdkRoCEv2;
    return STATUS_SUCCESS;
}
static NTSTATUS p_create_cq(NDK_ADAPTER *pNdkAdapter, ULONG CqDepth,
                            NDK_FN_CQ_NOTIFICATION_CALLBACK CqNotification, PVOID CqNotificationContext,
                            GROUP_AFFINITY *Affinity, NDK_FN_CREATE_COMPLETION CreateCompletion,
                            PVOID RequestContext, NDK_CQ **ppNdkCq)
{
    calls[F_CREATE_CQ]++;
    SAW(pNdkAdapter != NULL && CqDepth == 16 && CqNotification != NULL &&
        CqNotificationContext == &ctx && Affinity == NULL && CreateCompletion != NULL &&
        RequestContext == &ctx && ppNdkCq != NULL);
    return STATUS_PENDING;
}
static NTSTATUS p_create_pd(NDK_ADAPTER *pNdkAdapter, NDK_FN_CREATE_COMPLETION CreateCompletion,
                            PVOID RequestContext, NDK_PD **ppNdkPd)
{
    calls[F_CREATE_PD]++;
    SAW(pNdkAdapter != NULL && CreateCompletion != NULL && RequestContext == &ctx && ppNdkPd != NULL);
    return STATUS_PENDING;
}
static NTSTATUS p_create_shared_endpoint(NDK_ADAPTER *pNdkAdapter, CONST PSOCKADDR pAddress,
                                         ULONG AddressLength, NDK_FN_CREATE_COMPLETION CreateCompletion,
                                         PVOID RequestContext, NDK_SHARED_ENDPOINT **ppNdkSharedEndpoint)
{
    calls[F_CREATE_SHARED_ENDPOINT]++;
    SAW(pNdkAdapter != NULL && pAddress != NULL && AddressLength == 16 && CreateCompletion != NULL &&
        RequestContext == &ctx && ppNdkSharedEndpoint != NULL);
    return STATUS_PENDING;
}
static NTSTATUS p_create_connector(NDK_ADAPTER *pNdkAdapter, NDK_FN_CREATE_COMPLETION CreateCompletion,
                                   PVOID RequestContext, NDK_CONNECTOR **ppNdkConnector)
{
    calls[F_CREATE_CONNECTOR]++;
    SAW(pNdkAdapter != NULL && CreateCompletion != NULL && RequestContext == &ctx && ppNdkConnector != NULL);
    return STATUS_PENDING;
}
static NTSTATUS p_create_listener(NDK_ADAPTER *pNdkAdapter, NDK_FN_CONNECT_EVENT_CALLBACK ConnectEvent,
                                  PVOID ConnectEventContext, NDK_FN_CREATE_COMPLETION CreateCompletion,
                                  PVOID RequestContext, NDK_LISTENER **ppNdkListener)
{
    calls[F_CREATE_LISTENER]++;
    SAW(pNdkAdapter != NULL && ConnectEvent != NULL && ConnectEventContext == &ctx &&
        CreateCompletion != NULL && RequestContext == &ctx && ppNdkListener != NULL);
    return STATUS_PENDING;
}
static NTSTATUS p_build_lam(NDK_ADAPTER *pNdkAdapter, MDL *Mdl, SIZE_T Length,
                            NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext,
                            NDK_LOGICAL_ADDRESS_MAPPING *pNdkLAM, ULONG *pLAMSize, ULONG *pFBO)
{
    calls[F_BUILD_LAM]++;
    SAW(pNdkAdapter != NULL && Mdl == NULL && Length == 4096 && RequestCompletion != NULL &&
        RequestContext == &ctx && pNdkLAM == NULL && *pLAMSize == 0);
    *pLAMSize = (ULONG)sizeof(NDK_LOGICAL_ADDRESS_MAPPING);
    *pFBO = 0;
    return STATUS_BUFFER_TOO_SMALL;
}
static VOID p_release_lam(NDK_ADAPTER *pNdkAdapter, NDK_LOGICAL_ADDRESS_MAPPING *pNdkLAM)
{
    calls[F_RELEASE_LAM]++;
    SAW(pNdkAdapter != NULL && pNdkLAM != NULL);
}

/* CQ */
static NTSTATUS p_resize_cq(NDK_CQ *pNdkCq, ULONG CqDepth, NDK_FN_REQUEST_COMPLETION RequestCompletion,
                            PVOID RequestContext)
{
    calls[F_RESIZE_CQ]++;
    SAW(pNdkCq != NULL && CqDepth == 32);
    RequestCompletion(RequestContext, STATUS_SUCCESS);
    return STATUS_PENDING;
}
static VOID p_arm_cq(NDK_CQ *pNdkCq, ULONG Type)
{
    calls[F_ARM_CQ]++;
    SAW(pNdkCq != NULL && Type == NDK_CQ_NOTIFY_SOLICITED);
}
static ULONG p_get_cq_results(NDK_CQ *pNdkCq, NDK_RESULT Results[], ULONG nResults)
{
    calls[F_GET_CQ_RESULTS]++;
    SAW(pNdkCq != NULL && nResults == 2);
    Results[0].Status = STATUS_SUCCESS;
    Results[0].BytesTransferred = 7;
    Results[0].QPContext = &ctx;
    Results[0].RequestContext = &ctx;
    return 1;
}
static NTSTATUS p_control_cq_im(NDK_CQ *pNdkCq, ULONG ModerationInterval, ULONG ModerationCount)
{
    calls[F_CONTROL_CQ_IM]++;
    SAW(pNdkCq != NULL && ModerationInterval == 10 && ModerationCount == 4);
    return STATUS_SUCCESS;
}
static ULONG p_get_cq_results_ex(NDK_CQ *pNdkCq, NDK_RESULT_EX Results[], ULONG nResults)
{
    calls[F_GET_CQ_RESULTS_EX]++;
    SAW(pNdkCq != NULL && nResults == 1);
    Results[0].Status = STATUS_CANCELLED;
    Results[0].BytesTransferred = 0;
    Results[0].QPContext = &ctx;
    Results[0].RequestContext = &ctx;
    Results[0].Type = NdkOperationTypeReceiveAndInvalidate;
    Results[0].ProviderErrorCode = 0x99;
    Results[0].TypeSpecificCompletionOutput = 0xABCD;
    return 1;
}

/* PD */
static NTSTATUS p_create_mr(NDK_PD *pNdkPd, BOOLEAN FastRegister, NDK_FN_CREATE_COMPLETION CreateCompletion,
                            PVOID RequestContext, NDK_MR **ppNdkMr)
{
    calls[F_CREATE_MR]++;
    SAW(pNdkPd != NULL && FastRegister == TRUE && CreateCompletion != NULL && RequestContext == &ctx &&
        ppNdkMr != NULL);
    return STATUS_PENDING;
}
static NTSTATUS p_create_mw(NDK_PD *pNdkPd, NDK_FN_CREATE_COMPLETION CreateCompletion, PVOID RequestContext,
                            NDK_MW **ppNdkMw)
{
    calls[F_CREATE_MW]++;
    SAW(pNdkPd != NULL && CreateCompletion != NULL && RequestContext == &ctx && ppNdkMw != NULL);
    return STATUS_PENDING;
}
static NTSTATUS p_create_srq(NDK_PD *pNdkPd, ULONG SrqDepth, ULONG MaxReceiveRequestSge, ULONG NotifyThreshold,
                             NDK_FN_SRQ_NOTIFICATION_CALLBACK SrqNotification, PVOID SrqNotificationContext,
                             GROUP_AFFINITY *Affinity, NDK_FN_CREATE_COMPLETION CreateCompletion,
                             PVOID RequestContext, NDK_SRQ **ppNdkSrq)
{
    calls[F_CREATE_SRQ]++;
    SAW(pNdkPd != NULL && SrqDepth == 64 && MaxReceiveRequestSge == 2 && NotifyThreshold == 8 &&
        SrqNotification != NULL && SrqNotificationContext == &ctx && Affinity != NULL &&
        Affinity->Mask == 3 && CreateCompletion != NULL && RequestContext == &ctx && ppNdkSrq != NULL);
    return STATUS_PENDING;
}
static NTSTATUS p_create_qp(NDK_PD *pNdkPd, NDK_CQ *pReceiveCq, NDK_CQ *pInitiatorCq, PVOID QPContext,
                            ULONG ReceiveQueueDepth, ULONG InitiatorQueueDepth, ULONG MaxReceiveRequestSge,
                            ULONG MaxInitiatorRequestSge, ULONG InlineDataSize,
                            NDK_FN_CREATE_COMPLETION CreateCompletion, PVOID RequestContext, NDK_QP **ppNdkQp)
{
    calls[F_CREATE_QP]++;
    SAW(pNdkPd != NULL && pReceiveCq != NULL && pInitiatorCq != NULL && QPContext == &ctx &&
        ReceiveQueueDepth == 1 && InitiatorQueueDepth == 2 && MaxReceiveRequestSge == 3 &&
        MaxInitiatorRequestSge == 4 && InlineDataSize == 5 && CreateCompletion != NULL &&
        RequestContext == &ctx && ppNdkQp != NULL);
    return STATUS_PENDING;
}
static NTSTATUS p_create_qp_with_srq(NDK_PD *pNdkPd, NDK_CQ *pReceiveCq, NDK_CQ *pInitiatorCq, NDK_SRQ *pSrq,
                                     PVOID QPContext, ULONG InitiatorQueueDepth, ULONG MaxInitiatorRequestSge,
                                     ULONG InlineDataSize, NDK_FN_CREATE_COMPLETION CreateCompletion,
                                     PVOID RequestContext, NDK_QP **ppNdkQp)
{
    calls[F_CREATE_QP_WITH_SRQ]++;
    SAW(pNdkPd != NULL && pReceiveCq != NULL && pInitiatorCq != NULL && pSrq != NULL && QPContext == &ctx &&
        InitiatorQueueDepth == 2 && MaxInitiatorRequestSge == 4 && InlineDataSize == 5 &&
        CreateCompletion != NULL && RequestContext == &ctx && ppNdkQp != NULL);
    return STATUS_PENDING;
}
static VOID p_get_pmr_token(NDK_PD *pNdkPd, UINT32 *pToken)
{
    calls[F_GET_PMR_TOKEN]++;
    SAW(pNdkPd != NULL);
    *pToken = 0xFEED;
}

/* MR */
static NTSTATUS p_register_mr(NDK_MR *pNdkMr, MDL *Mdl, SIZE_T Length, ULONG Flags,
                              NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext)
{
    calls[F_REGISTER_MR]++;
    SAW(pNdkMr != NULL && Mdl == NULL && Length == 8192 &&
        Flags == (NDK_MR_FLAG_ALLOW_LOCAL_WRITE | NDK_MR_FLAG_ALLOW_REMOTE_READ) &&
        RequestCompletion != NULL && RequestContext == &ctx);
    return STATUS_SUCCESS;
}
static NTSTATUS p_deregister_mr(NDK_MR *pNdkMr, NDK_FN_REQUEST_COMPLETION RequestCompletion,
                                PVOID RequestContext)
{
    calls[F_DEREGISTER_MR]++;
    SAW(pNdkMr != NULL && RequestCompletion != NULL && RequestContext == &ctx);
    return STATUS_SUCCESS;
}
static NTSTATUS p_init_fr_mr(NDK_MR *pNdkMr, ULONG AdapterPageCount, BOOLEAN RemoteAccess,
                             NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext)
{
    calls[F_INIT_FR_MR]++;
    SAW(pNdkMr != NULL && AdapterPageCount == 16 && RemoteAccess == FALSE && RequestCompletion != NULL &&
        RequestContext == &ctx);
    return STATUS_SUCCESS;
}
static UINT32 p_remote_token_mr(NDK_MR *pNdkMr)
{
    calls[F_REMOTE_TOKEN_MR]++;
    SAW(pNdkMr != NULL);
    return 0x1111;
}
static UINT32 p_local_token_mr(NDK_MR *pNdkMr)
{
    calls[F_LOCAL_TOKEN_MR]++;
    SAW(pNdkMr != NULL);
    return 0x2222;
}

/* MW */
static UINT32 p_remote_token_mw(NDK_MW *pNdkMw)
{
    calls[F_REMOTE_TOKEN_MW]++;
    SAW(pNdkMw != NULL);
    return 0x3333;
}

/* SRQ */
static NTSTATUS p_modify_srq(NDK_SRQ *pNdkSrq, ULONG SrqDepth, ULONG NotifyThreshold,
                             NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext)
{
    calls[F_MODIFY_SRQ]++;
    SAW(pNdkSrq != NULL && SrqDepth == 0 && NotifyThreshold == 4 && RequestCompletion != NULL &&
        RequestContext == &ctx);
    return STATUS_SUCCESS;
}
static NTSTATUS p_srq_receive(NDK_SRQ *pNdkSrq, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge)
{
    calls[F_SRQ_RECEIVE]++;
    SAW(pNdkSrq != NULL && RequestContext == &ctx && pSgl != NULL && nSge == 1 && pSgl[0].Length == 64);
    return STATUS_SUCCESS;
}

/* QP */
static VOID p_flush(NDK_QP *pNdkQp)
{
    calls[F_FLUSH]++;
    SAW(pNdkQp != NULL);
}
static NTSTATUS p_send(NDK_QP *pNdkQp, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge, ULONG Flags)
{
    calls[F_SEND]++;
    SAW(pNdkQp != NULL && RequestContext == &ctx && pSgl != NULL && nSge == 1 &&
        Flags == (NDK_OP_FLAG_INLINE | NDK_OP_FLAG_SEND_AND_SOLICIT_EVENT));
    return STATUS_SUCCESS;
}
static NTSTATUS p_receive(NDK_QP *pNdkQp, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge)
{
    calls[F_RECEIVE]++;
    SAW(pNdkQp != NULL && RequestContext == &ctx && pSgl != NULL && nSge == 1);
    return STATUS_SUCCESS;
}
static NTSTATUS p_bind(NDK_QP *pNdkQp, PVOID RequestContext, NDK_MR *pMr, NDK_MW *pMw, PVOID VirtualAddress,
                       SIZE_T Length, ULONG Flags)
{
    calls[F_BIND]++;
    SAW(pNdkQp != NULL && RequestContext == &ctx && pMr != NULL && pMw != NULL && VirtualAddress == &ctx &&
        Length == 1 && Flags == NDK_OP_FLAG_ALLOW_REMOTE_WRITE);
    return STATUS_SUCCESS;
}
static NTSTATUS p_fast_register(NDK_QP *pNdkQp, PVOID RequestContext, NDK_MR *pMr, ULONG AdapterPageCount,
                                CONST NDK_LOGICAL_ADDRESS *AdapterPageArray, ULONG FBO, SIZE_T Length,
                                PVOID BaseVirtualAddress, ULONG Flags)
{
    calls[F_FAST_REGISTER]++;
    SAW(pNdkQp != NULL && RequestContext == &ctx && pMr != NULL && AdapterPageCount == 1 &&
        AdapterPageArray != NULL && AdapterPageArray[0].QuadPart == 0x10000 && FBO == 0 && Length == 4096 &&
        BaseVirtualAddress == NULL && Flags == (NDK_OP_FLAG_ALLOW_LOCAL_WRITE | NDK_OP_FLAG_RDMA_READ_SINK));
    return STATUS_SUCCESS;
}
static NTSTATUS p_invalidate(NDK_QP *pNdkQp, PVOID RequestContext, NDK_OBJECT_HEADER *pNdkMrOrMw, ULONG Flags)
{
    calls[F_INVALIDATE]++;
    SAW(pNdkQp != NULL && RequestContext == &ctx && pNdkMrOrMw != NULL &&
        pNdkMrOrMw->ObjectType == NdkObjectTypeMw && Flags == NDK_OP_FLAG_SILENT_SUCCESS);
    return STATUS_SUCCESS;
}
static NTSTATUS p_read(NDK_QP *pNdkQp, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge,
                       UINT64 RemoteAddress, UINT32 RemoteToken, ULONG Flags)
{
    calls[F_READ]++;
    SAW(pNdkQp != NULL && RequestContext == &ctx && pSgl != NULL && nSge == 1 &&
        RemoteAddress == 0x1122334455667788ULL && RemoteToken == 0x3333 &&
        Flags == (NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE | NDK_OP_FLAG_READ_FENCE));
    return STATUS_SUCCESS;
}
static NTSTATUS p_write(NDK_QP *pNdkQp, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge,
                        UINT64 RemoteAddress, UINT32 RemoteToken, ULONG Flags)
{
    calls[F_WRITE]++;
    SAW(pNdkQp != NULL && RequestContext == &ctx && pSgl != NULL && nSge == 1 && RemoteAddress == 8 &&
        RemoteToken == 9 && Flags == NDK_OP_FLAG_DEFER);
    return STATUS_SUCCESS;
}
static NTSTATUS p_send_and_invalidate(NDK_QP *pNdkQp, PVOID RequestContext, CONST NDK_SGE *pSgl, ULONG nSge,
                                      ULONG Flags, UINT32 RemoteToken)
{
    calls[F_SEND_AND_INVALIDATE]++;
    SAW(pNdkQp != NULL && RequestContext == &ctx && pSgl != NULL && nSge == 1 && Flags == 0 &&
        RemoteToken == 0x4444);
    return STATUS_SUCCESS;
}

/* Shared endpoint */
static NTSTATUS p_se_local_address(NDK_SHARED_ENDPOINT *pNdkSharedEndpoint, PSOCKADDR pAddress,
                                   ULONG *pAddressLength)
{
    calls[F_SE_LOCAL_ADDRESS]++;
    SAW(pNdkSharedEndpoint != NULL && pAddress == NULL && *pAddressLength == 0);
    *pAddressLength = 16;
    return STATUS_BUFFER_TOO_SMALL;
}

/* Connector */
static NTSTATUS p_connect(NDK_CONNECTOR *pNdkConnector, NDK_QP *pNdkQp, CONST PSOCKADDR pSrcAddress,
                          ULONG SrcAddressLength, CONST PSOCKADDR pDestAddress, ULONG DestAddressLength,
                          ULONG InboundReadLimit, ULONG OutboundReadLimit, CONST PVOID pPrivateData,
                          ULONG PrivateDataLength, NDK_FN_REQUEST_COMPLETION RequestCompletion,
                          PVOID RequestContext)
{
    calls[F_CONNECT]++;
    SAW(pNdkConnector != NULL && pNdkQp != NULL && pSrcAddress != NULL && SrcAddressLength == 16 &&
        pDestAddress != NULL && DestAddressLength == 16 && InboundReadLimit == 1 && OutboundReadLimit == 2 &&
        pPrivateData == &ctx && PrivateDataLength == 1 && RequestCompletion != NULL && RequestContext == &ctx);
    return STATUS_PENDING;
}
static NTSTATUS p_connect_with_se(NDK_CONNECTOR *pNdkConnector, NDK_QP *pNdkQp,
                                  NDK_SHARED_ENDPOINT *pNdkSharedEndpoint, CONST PSOCKADDR pDestAddress,
                                  ULONG DestAddressLength, ULONG InboundReadLimit, ULONG OutboundReadLimit,
                                  CONST PVOID pPrivateData, ULONG PrivateDataLength,
                                  NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext)
{
    calls[F_CONNECT_WITH_SE]++;
    SAW(pNdkConnector != NULL && pNdkQp != NULL && pNdkSharedEndpoint != NULL && pDestAddress != NULL &&
        DestAddressLength == 16 && InboundReadLimit == 1 && OutboundReadLimit == 2 && pPrivateData == NULL &&
        PrivateDataLength == 0 && RequestCompletion != NULL && RequestContext == &ctx);
    return STATUS_PENDING;
}
static NTSTATUS p_complete_connect(NDK_CONNECTOR *pNdkConnector, NDK_FN_DISCONNECT_EVENT_CALLBACK DisconnectEvent,
                                   PVOID DisconnectEventContext, NDK_FN_REQUEST_COMPLETION RequestCompletion,
                                   PVOID RequestContext)
{
    calls[F_COMPLETE_CONNECT]++;
    SAW(pNdkConnector != NULL && DisconnectEventContext == &ctx && RequestCompletion != NULL &&
        RequestContext == &ctx);
    DisconnectEvent(DisconnectEventContext);
    return STATUS_SUCCESS;
}
static NTSTATUS p_accept(NDK_CONNECTOR *pNdkConnector, NDK_QP *pNdkQp, ULONG InboundReadLimit,
                         ULONG OutboundReadLimit, CONST PVOID pPrivateData, ULONG PrivateDataLength,
                         NDK_FN_DISCONNECT_EVENT_CALLBACK DisconnectEvent, PVOID DisconnectEventContext,
                         NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext)
{
    calls[F_ACCEPT]++;
    SAW(pNdkConnector != NULL && pNdkQp != NULL && InboundReadLimit == 3 && OutboundReadLimit == 4 &&
        pPrivateData == NULL && PrivateDataLength == 0 && DisconnectEvent == NULL &&
        DisconnectEventContext == NULL && RequestCompletion != NULL && RequestContext == &ctx);
    return STATUS_PENDING;
}
static NTSTATUS p_reject(NDK_CONNECTOR *pNdkConnector, CONST PVOID pPrivateData, ULONG PrivateDataLength)
{
    calls[F_REJECT]++;
    SAW(pNdkConnector != NULL && pPrivateData == &ctx && PrivateDataLength == 1);
    return STATUS_SUCCESS;
}
static NTSTATUS p_get_connection_data(NDK_CONNECTOR *pNdkConnector, ULONG *pInboundReadLimit,
                                      ULONG *pOutboundReadLimit, PVOID pPrivateData, ULONG *pPrivateDataLength)
{
    calls[F_GET_CONNECTION_DATA]++;
    SAW(pNdkConnector != NULL && pPrivateData == NULL && *pPrivateDataLength == 0);
    *pInboundReadLimit = 5;
    *pOutboundReadLimit = 6;
    *pPrivateDataLength = 56;
    return STATUS_BUFFER_TOO_SMALL;
}
static NTSTATUS p_get_local_address(NDK_CONNECTOR *pNdkConnector, PSOCKADDR pAddress, ULONG *pAddressLength)
{
    calls[F_GET_LOCAL_ADDRESS]++;
    SAW(pNdkConnector != NULL && pAddress != NULL && *pAddressLength == 16);
    return STATUS_SUCCESS;
}
static NTSTATUS p_get_peer_address(NDK_CONNECTOR *pNdkConnector, PSOCKADDR pAddress, ULONG *pAddressLength)
{
    calls[F_GET_PEER_ADDRESS]++;
    SAW(pNdkConnector != NULL && pAddress != NULL && *pAddressLength == 16);
    return STATUS_SUCCESS;
}
static NTSTATUS p_disconnect(NDK_CONNECTOR *pNdkConnector, NDK_FN_REQUEST_COMPLETION RequestCompletion,
                             PVOID RequestContext)
{
    calls[F_DISCONNECT]++;
    SAW(pNdkConnector != NULL && RequestCompletion != NULL && RequestContext == &ctx);
    return STATUS_PENDING;
}
static NTSTATUS p_complete_connect_ex(NDK_CONNECTOR *pNdkConnector,
                                      NDK_FN_DISCONNECT_EVENT_CALLBACK_EX DisconnectEvent,
                                      PVOID DisconnectEventContext, NDK_FN_REQUEST_COMPLETION RequestCompletion,
                                      PVOID RequestContext)
{
    calls[F_COMPLETE_CONNECT_EX]++;
    SAW(pNdkConnector != NULL && DisconnectEventContext == &ctx && RequestCompletion != NULL &&
        RequestContext == &ctx);
    DisconnectEvent(DisconnectEventContext, 77);
    return STATUS_SUCCESS;
}
static NTSTATUS p_accept_ex(NDK_CONNECTOR *pNdkConnector, NDK_QP *pNdkQp, ULONG InboundReadLimit,
                            ULONG OutboundReadLimit, CONST PVOID pPrivateData, ULONG PrivateDataLength,
                            NDK_FN_DISCONNECT_EVENT_CALLBACK_EX DisconnectEvent, PVOID DisconnectEventContext,
                            NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext)
{
    calls[F_ACCEPT_EX]++;
    SAW(pNdkConnector != NULL && pNdkQp != NULL && InboundReadLimit == 3 && OutboundReadLimit == 4 &&
        pPrivateData == NULL && PrivateDataLength == 0 && DisconnectEvent != NULL &&
        DisconnectEventContext == &ctx && RequestCompletion != NULL && RequestContext == &ctx);
    return STATUS_PENDING;
}

/* Listener */
static NTSTATUS p_listen(NDK_LISTENER *pNdkListener, CONST PSOCKADDR pAddress, ULONG AddressLength,
                         NDK_FN_REQUEST_COMPLETION RequestCompletion, PVOID RequestContext)
{
    calls[F_LISTEN]++;
    SAW(pNdkListener != NULL && pAddress != NULL && AddressLength == 16 && RequestCompletion != NULL &&
        RequestContext == &ctx);
    return STATUS_SUCCESS;
}
static NTSTATUS p_listener_local_address(NDK_LISTENER *pNdkListener, PSOCKADDR pAddress, ULONG *pAddressLength)
{
    calls[F_LISTENER_LOCAL_ADDRESS]++;
    SAW(pNdkListener != NULL && pAddress != NULL && *pAddressLength == 16);
    return STATUS_SUCCESS;
}
static VOID p_control_connect_events(NDK_LISTENER *pNdkListener, BOOLEAN Pause)
{
    calls[F_CONTROL_CONNECT_EVENTS]++;
    SAW(pNdkListener != NULL && Pause == TRUE);
}

/* ===================================================================== */
/* Consumer callbacks, each with its page's prototype                     */
/* ===================================================================== */

enum { C_CLOSE, C_REQUEST, C_CREATE, C_CQ_NOTIFY, C_SRQ_NOTIFY, C_CONNECT_EVENT, C_DISCONNECT,
       C_DISCONNECT_EX, C_COUNT };
static unsigned callbacks[C_COUNT];

static VOID c_close_completion(PVOID Context)
{
    callbacks[C_CLOSE]++;
    SAW(Context == &ctx);
}
static VOID c_request_completion(PVOID Context, NTSTATUS Status)
{
    callbacks[C_REQUEST]++;
    SAW(Context == &ctx && Status == STATUS_SUCCESS);
}
static VOID c_create_completion(PVOID Context, NTSTATUS Status, NDK_OBJECT_HEADER *pNdkObject)
{
    callbacks[C_CREATE]++;
    SAW(Context == &ctx && Status == STATUS_SUCCESS && pNdkObject->ObjectType == NdkObjectTypeCq);
}
static VOID c_cq_notification(PVOID CqNotificationContext, NTSTATUS CqStatus)
{
    callbacks[C_CQ_NOTIFY]++;
    SAW(CqNotificationContext == &ctx && CqStatus == STATUS_BUFFER_OVERFLOW);
}
static VOID c_srq_notification(PVOID SrqNotificationContext, NTSTATUS SrqStatus)
{
    callbacks[C_SRQ_NOTIFY]++;
    SAW(SrqNotificationContext == &ctx && SrqStatus == STATUS_INTERNAL_ERROR);
}
static VOID c_connect_event(PVOID ConnectEventContext, NDK_CONNECTOR *pNdkConnector)
{
    callbacks[C_CONNECT_EVENT]++;
    SAW(ConnectEventContext == &ctx && pNdkConnector != NULL);
}
static VOID c_disconnect_event(PVOID DisconnectEventContext)
{
    callbacks[C_DISCONNECT]++;
    SAW(DisconnectEventContext == &ctx);
}
static VOID c_disconnect_event_ex(PVOID DisconnectEventContext, ULONG ProviderDisconnectReason)
{
    callbacks[C_DISCONNECT_EX]++;
    SAW(DisconnectEventContext == &ctx && ProviderDisconnectReason == 77);
}

/* ===================================================================== */
/* Dispatch tables: every entry assigned by name                          */
/* ===================================================================== */

static NDK_ADAPTER_DISPATCH adapter_dispatch(void)
{
    NDK_ADAPTER_DISPATCH d;
    d.NdkQueryExtension = p_query_ext;
    d.NdkQueryAdapterInfo = p_query_adapter_info;
    d.NdkCreateCq = p_create_cq;
    d.NdkCreatePd = p_create_pd;
    d.NdkCreateSharedEndpoint = p_create_shared_endpoint;
    d.NdkCreateConnector = p_create_connector;
    d.NdkCreateListener = p_create_listener;
    d.NdkBuildLAM = p_build_lam;
    d.NdkReleaseLAM = p_release_lam;
    return d;
}
static NDK_CQ_DISPATCH cq_dispatch(void)
{
    NDK_CQ_DISPATCH d;
    d.NdkCloseCq = p_close;
    d.NdkQueryExtension = p_query_ext;
    d.NdkResizeCq = p_resize_cq;
    d.NdkArmCq = p_arm_cq;
    d.NdkGetCqResults = p_get_cq_results;
    d.NdkControlCqInterruptModeration = p_control_cq_im;
    d.NdkGetCqResultsEx = p_get_cq_results_ex;
    return d;
}
static NDK_PD_DISPATCH pd_dispatch(void)
{
    NDK_PD_DISPATCH d;
    d.NdkClosePd = p_close;
    d.NdkQueryExtension = p_query_ext;
    d.NdkCreateMr = p_create_mr;
    d.NdkCreateMw = p_create_mw;
    d.NdkCreateSrq = p_create_srq;
    d.NdkCreateQp = p_create_qp;
    d.NdkCreateQpWithSrq = p_create_qp_with_srq;
    d.NdkGetPrivilegedMemoryRegionToken = p_get_pmr_token;
    return d;
}
static NDK_MR_DISPATCH mr_dispatch(void)
{
    NDK_MR_DISPATCH d;
    d.NdkCloseMr = p_close;
    d.NdkQueryExtension = p_query_ext;
    d.NdkRegisterMr = p_register_mr;
    d.NdkDeregisterMr = p_deregister_mr;
    d.NdkInitializeFastRegisterMr = p_init_fr_mr;
    d.NdkGetRemoteTokenFromMr = p_remote_token_mr;
    d.NdkGetLocalTokenFromMr = p_local_token_mr;
    return d;
}
static NDK_MW_DISPATCH mw_dispatch(void)
{
    NDK_MW_DISPATCH d;
    d.NdkCloseMw = p_close;
    d.NdkQueryExtension = p_query_ext;
    d.NdkGetRemoteTokenFromMw = p_remote_token_mw;
    return d;
}
static NDK_SRQ_DISPATCH srq_dispatch(void)
{
    NDK_SRQ_DISPATCH d;
    d.NdkCloseSrq = p_close;
    d.NdkQueryExtension = p_query_ext;
    d.NdkModifySrq = p_modify_srq;
    d.NdkSrqReceive = p_srq_receive;
    return d;
}
static NDK_QP_DISPATCH qp_dispatch(void)
{
    NDK_QP_DISPATCH d;
    d.NdkCloseQp = p_close;
    d.NdkQueryExtension = p_query_ext;
    d.NdkFlush = p_flush;
    d.NdkSend = p_send;
    d.NdkReceive = p_receive;
    d.NdkBind = p_bind;
    d.NdkFastRegister = p_fast_register;
    d.NdkInvalidate = p_invalidate;
    d.NdkRead = p_read;
    d.NdkWrite = p_write;
    d.NdkSendAndInvalidate = p_send_and_invalidate;
    return d;
}
static NDK_SHARED_ENDPOINT_DISPATCH se_dispatch(void)
{
    NDK_SHARED_ENDPOINT_DISPATCH d;
    d.NdkCloseSharedEndpoint = p_close;
    d.NdkQueryExtension = p_query_ext;
    d.NdkGetLocalAddress = p_se_local_address;
    return d;
}
static NDK_CONNECTOR_DISPATCH connector_dispatch(void)
{
    NDK_CONNECTOR_DISPATCH d;
    d.NdkCloseConnector = p_close;
    d.NdkQueryExtension = p_query_ext;
    d.NdkConnect = p_connect;
    d.NdkConnectWithSharedEndpoint = p_connect_with_se;
    d.NdkCompleteConnect = p_complete_connect;
    d.NdkAccept = p_accept;
    d.NdkReject = p_reject;
    d.NdkGetConnectionData = p_get_connection_data;
    d.NdkGetLocalAddress = p_get_local_address;
    d.NdkGetPeerAddress = p_get_peer_address;
    d.NdkDisconnect = p_disconnect;
    d.NdkCompleteConnectEx = p_complete_connect_ex;
    d.NdkAcceptEx = p_accept_ex;
    return d;
}
static NDK_LISTENER_DISPATCH listener_dispatch(void)
{
    NDK_LISTENER_DISPATCH d;
    d.NdkCloseListener = p_close;
    d.NdkQueryExtension = p_query_ext;
    d.NdkListen = p_listen;
    d.NdkGetLocalAddress = p_listener_local_address;
    d.NdkControlConnectEvents = p_control_connect_events;
    return d;
}

/* Every NDK_OBJECT_HEADER member, by name. */
static NDK_OBJECT_HEADER header(NDK_OBJECT_TYPE type)
{
    NDK_OBJECT_HEADER h;
    int i;
    h.Version.Major = 1;
    h.Version.Minor = 2;
    h.ObjectType = type;
    for (i = 0; i < 4; i++) {
        h.NdkReserved.rf[i] = NULL;
    }
    return h;
}

static int check(int ok, const char *what)
{
    (void)what; /* unused where REPORT is empty (the mingw-w64 compile) */
    if (!ok) {
        REPORT("header_test: FAIL %s\n", what);
        return 1;
    }
    return 0;
}

int main(void)
{
    int fails = 0;
    int i;

    NDK_ADAPTER_DISPATCH adt = adapter_dispatch();
    NDK_CQ_DISPATCH cqt = cq_dispatch();
    NDK_PD_DISPATCH pdt = pd_dispatch();
    NDK_MR_DISPATCH mrt = mr_dispatch();
    NDK_MW_DISPATCH mwt = mw_dispatch();
    NDK_SRQ_DISPATCH srqt = srq_dispatch();
    NDK_QP_DISPATCH qpt = qp_dispatch();
    NDK_SHARED_ENDPOINT_DISPATCH set = se_dispatch();
    NDK_CONNECTOR_DISPATCH cnt = connector_dispatch();
    NDK_LISTENER_DISPATCH lst = listener_dispatch();

    NDK_ADAPTER adapter;
    NDK_CQ cq;
    NDK_PD pd;
    NDK_MR mr;
    NDK_MW mw;
    NDK_SRQ srq;
    NDK_QP qp;
    NDK_SHARED_ENDPOINT se;
    NDK_CONNECTOR connector;
    NDK_LISTENER listener;

    NDK_CQ *pcq = NULL;
    NDK_PD *ppd = NULL;
    NDK_MR *pmr = NULL;
    NDK_MW *pmw = NULL;
    NDK_SRQ *psrq = NULL;
    NDK_QP *pqp = NULL;
    NDK_SHARED_ENDPOINT *pse = NULL;
    NDK_CONNECTOR *pconn = NULL;
    NDK_LISTENER *plist = NULL;

    NDK_ADAPTER_INFO info;
    NDK_RESULT results[2];
    NDK_RESULT_EX results_ex[1];
    NDK_SGE sge;
    NDK_LOGICAL_ADDRESS_MAPPING lam;
    NDK_LOGICAL_ADDRESS page;
    NDK_EXTENSION_INTERFACE ext;
    NDK_VERSION ver;
    GUID guid;
    GROUP_AFFINITY affinity;
    SOCKADDR addr;
    ULONG len, ird, ord, fbo;
    UINT32 token;
    NTSTATUS st;

    adapter.Header = header(NdkObjectTypeAdapter);
    adapter.Dispatch = &adt;
    cq.Header = header(NdkObjectTypeCq);
    cq.Dispatch = &cqt;
    pd.Header = header(NdkObjectTypePd);
    pd.Dispatch = &pdt;
    mr.Header = header(NdkObjectTypeMr);
    mr.Dispatch = &mrt;
    mw.Header = header(NdkObjectTypeMw);
    mw.Dispatch = &mwt;
    srq.Header = header(NdkObjectTypeSrq);
    srq.Dispatch = &srqt;
    qp.Header = header(NdkObjectTypeQp);
    qp.Dispatch = &qpt;
    se.Header = header(NdkObjectTypeSharedEndpoint);
    se.Dispatch = &set;
    connector.Header = header(NdkObjectTypeConnector);
    connector.Dispatch = &cnt;
    listener.Header = header(NdkObjectTypeListener);
    listener.Dispatch = &lst;

    /* Every NDK_ADAPTER_INFO member, by name. */
    info.Version.Major = 2;
    info.Version.Minor = 1;
    info.VendorId = 0x001122;
    info.DeviceId = 1;
    info.MaxRegistrationSize = (SIZE_T)1 << 40;
    info.MaxWindowSize = (SIZE_T)1 << 30;
    info.FRMRPageCount = 16;
    info.MaxInitiatorRequestSge = 1;
    info.MaxReceiveRequestSge = 2;
    info.MaxReadRequestSge = 3;
    info.MaxTransferLength = 4;
    info.MaxInlineDataSize = 5;
    info.MaxInboundReadLimit = 6;
    info.MaxOutboundReadLimit = 7;
    info.MaxReceiveQueueDepth = 8;
    info.MaxInitiatorQueueDepth = 9;
    info.MaxSrqDepth = 10;
    info.MaxCqDepth = 11;
    info.LargeRequestThreshold = 12;
    info.MaxCallerData = 56;
    info.MaxCalleeData = 148;
    info.AdapterFlags = NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED | NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED;
    info.RdmaTechnology = NdkUndefined;
    fails += check(info.Version.Major + info.Version.Minor + info.VendorId + info.DeviceId +
                           info.FRMRPageCount + info.MaxInitiatorRequestSge + info.MaxReceiveRequestSge +
                           info.MaxReadRequestSge + info.MaxTransferLength + info.MaxInlineDataSize +
                           info.MaxInboundReadLimit + info.MaxOutboundReadLimit + info.MaxReceiveQueueDepth +
                           info.MaxInitiatorQueueDepth + info.MaxSrqDepth + info.MaxCqDepth +
                           info.LargeRequestThreshold + info.MaxCallerData + info.MaxCalleeData ==
                       0x001122 + 3 + 1 + 16 + 78 + 56 + 148 &&
                       info.MaxRegistrationSize + info.MaxWindowSize == ((SIZE_T)1 << 40) + ((SIZE_T)1 << 30) &&
                       info.AdapterFlags == 0x101,
                   "NDK_ADAPTER_INFO members");

    /* NDK_SGE, NDK_LOGICAL_ADDRESS_MAPPING, NDK_EXTENSION_INTERFACE members. */
    sge.VirtualAddress = &ctx;
    sge.Length = 64;
    sge.MemoryRegionToken = 0x2222;
    fails += check(sge.VirtualAddress == &ctx && sge.Length == 64 && sge.MemoryRegionToken == 0x2222, "NDK_SGE");
    sge.LogicalAddress.QuadPart = 0x10000;
    fails += check(sge.LogicalAddress.QuadPart == 0x10000, "NDK_SGE.LogicalAddress");
    sge.VirtualAddress = &ctx;
    page.QuadPart = 0x10000;
    lam.AdapterContext = &ctx;
    lam.AdapterPageCount = 1;
    lam.AdapterPageArray[0] = page;
    fails += check(lam.AdapterContext == &ctx && lam.AdapterPageCount == 1 &&
                       lam.AdapterPageArray[0].QuadPart == 0x10000,
                   "NDK_LOGICAL_ADDRESS_MAPPING");
    ext.Dispatch = &ctx;
    fails += check(ext.Dispatch == &ctx, "NDK_EXTENSION_INTERFACE");

    /* Adapter: every entry through adapter.Dispatch. */
    guid.Data1 = 0x12345678;
    guid.Data2 = 0;
    guid.Data3 = 0;
    for (i = 0; i < 8; i++) {
        guid.Data4[i] = 0;
    }
    ver.Major = 2;
    ver.Minor = 1;
    affinity.Mask = 3;
    affinity.Group = 0;
    affinity.Reserved[0] = affinity.Reserved[1] = affinity.Reserved[2] = 0;
    len = sizeof(info);
    fails += check(adapter.Dispatch->NdkQueryExtension(&adapter.Header, &guid, ver, &ext) ==
                       STATUS_NOT_SUPPORTED && ext.Dispatch == NULL,
                   "NdkQueryExtension");
    fails += check(adapter.Dispatch->NdkQueryAdapterInfo(&adapter, &info, &len) == STATUS_SUCCESS &&
                       info.MaxCqDepth == 4096 && info.RdmaTechnology == NdkRoCEv2,
                   "NdkQueryAdapterInfo");
    fails += check(adapter.Dispatch->NdkCreateCq(&adapter, 16, c_cq_notification, &ctx, NULL,
                                                 c_create_completion, &ctx, &pcq) == STATUS_PENDING,
                   "NdkCreateCq");
    fails += check(adapter.Dispatch->NdkCreatePd(&adapter, c_create_completion, &ctx, &ppd) == STATUS_PENDING,
                   "NdkCreatePd");
    fails += check(adapter.Dispatch->NdkCreateSharedEndpoint(&adapter, &addr, 16, c_create_completion, &ctx,
                                                             &pse) == STATUS_PENDING,
                   "NdkCreateSharedEndpoint");
    fails += check(adapter.Dispatch->NdkCreateConnector(&adapter, c_create_completion, &ctx, &pconn) ==
                       STATUS_PENDING,
                   "NdkCreateConnector");
    fails += check(adapter.Dispatch->NdkCreateListener(&adapter, c_connect_event, &ctx, c_create_completion,
                                                       &ctx, &plist) == STATUS_PENDING,
                   "NdkCreateListener");
    len = 0;
    fails += check(adapter.Dispatch->NdkBuildLAM(&adapter, NULL, 4096, c_request_completion, &ctx, NULL, &len,
                                                 &fbo) == STATUS_BUFFER_TOO_SMALL &&
                       len == sizeof(NDK_LOGICAL_ADDRESS_MAPPING) && fbo == 0,
                   "NdkBuildLAM");
    adapter.Dispatch->NdkReleaseLAM(&adapter, &lam);

    /* CQ */
    fails += check(cq.Dispatch->NdkQueryExtension(&cq.Header, &guid, ver, &ext) == STATUS_NOT_SUPPORTED,
                   "CQ NdkQueryExtension");
    fails += check(cq.Dispatch->NdkResizeCq(&cq, 32, c_request_completion, &ctx) == STATUS_PENDING,
                   "NdkResizeCq");
    cq.Dispatch->NdkArmCq(&cq, NDK_CQ_NOTIFY_SOLICITED);
    results[0].Status = STATUS_PENDING;
    fails += check(cq.Dispatch->NdkGetCqResults(&cq, results, 2) == 1 && results[0].Status == STATUS_SUCCESS &&
                       results[0].BytesTransferred == 7 && results[0].QPContext == &ctx &&
                       results[0].RequestContext == &ctx,
                   "NdkGetCqResults / NDK_RESULT");
    fails += check(cq.Dispatch->NdkControlCqInterruptModeration(&cq, 10, 4) == STATUS_SUCCESS,
                   "NdkControlCqInterruptModeration");
    fails += check(cq.Dispatch->NdkGetCqResultsEx(&cq, results_ex, 1) == 1 &&
                       results_ex[0].Status == STATUS_CANCELLED && results_ex[0].BytesTransferred == 0 &&
                       results_ex[0].QPContext == &ctx && results_ex[0].RequestContext == &ctx &&
                       results_ex[0].Type == NdkOperationTypeReceiveAndInvalidate &&
                       results_ex[0].ProviderErrorCode == 0x99 &&
                       results_ex[0].TypeSpecificCompletionOutput == 0xABCD,
                   "NdkGetCqResultsEx / NDK_RESULT_EX");

    /* PD */
    fails += check(pd.Dispatch->NdkQueryExtension(&pd.Header, &guid, ver, &ext) == STATUS_NOT_SUPPORTED,
                   "PD NdkQueryExtension");
    fails += check(pd.Dispatch->NdkCreateMr(&pd, TRUE, c_create_completion, &ctx, &pmr) == STATUS_PENDING,
                   "NdkCreateMr");
    fails += check(pd.Dispatch->NdkCreateMw(&pd, c_create_completion, &ctx, &pmw) == STATUS_PENDING,
                   "NdkCreateMw");
    fails += check(pd.Dispatch->NdkCreateSrq(&pd, 64, 2, 8, c_srq_notification, &ctx, &affinity,
                                             c_create_completion, &ctx, &psrq) == STATUS_PENDING,
                   "NdkCreateSrq");
    fails += check(pd.Dispatch->NdkCreateQp(&pd, &cq, &cq, &ctx, 1, 2, 3, 4, 5, c_create_completion, &ctx,
                                            &pqp) == STATUS_PENDING,
                   "NdkCreateQp");
    fails += check(pd.Dispatch->NdkCreateQpWithSrq(&pd, &cq, &cq, &srq, &ctx, 2, 4, 5, c_create_completion,
                                                   &ctx, &pqp) == STATUS_PENDING,
                   "NdkCreateQpWithSrq");
    token = 0;
    pd.Dispatch->NdkGetPrivilegedMemoryRegionToken(&pd, &token);
    fails += check(token == 0xFEED, "NdkGetPrivilegedMemoryRegionToken");

    /* MR */
    fails += check(mr.Dispatch->NdkQueryExtension(&mr.Header, &guid, ver, &ext) == STATUS_NOT_SUPPORTED,
                   "MR NdkQueryExtension");
    fails += check(mr.Dispatch->NdkRegisterMr(&mr, NULL, 8192,
                                              NDK_MR_FLAG_ALLOW_LOCAL_WRITE | NDK_MR_FLAG_ALLOW_REMOTE_READ,
                                              c_request_completion, &ctx) == STATUS_SUCCESS,
                   "NdkRegisterMr");
    fails += check(mr.Dispatch->NdkDeregisterMr(&mr, c_request_completion, &ctx) == STATUS_SUCCESS,
                   "NdkDeregisterMr");
    fails += check(mr.Dispatch->NdkInitializeFastRegisterMr(&mr, 16, FALSE, c_request_completion, &ctx) ==
                       STATUS_SUCCESS,
                   "NdkInitializeFastRegisterMr");
    fails += check(mr.Dispatch->NdkGetRemoteTokenFromMr(&mr) == 0x1111, "NdkGetRemoteTokenFromMr");
    fails += check(mr.Dispatch->NdkGetLocalTokenFromMr(&mr) == 0x2222, "NdkGetLocalTokenFromMr");

    /* MW */
    fails += check(mw.Dispatch->NdkQueryExtension(&mw.Header, &guid, ver, &ext) == STATUS_NOT_SUPPORTED,
                   "MW NdkQueryExtension");
    fails += check(mw.Dispatch->NdkGetRemoteTokenFromMw(&mw) == 0x3333, "NdkGetRemoteTokenFromMw");

    /* SRQ */
    fails += check(srq.Dispatch->NdkQueryExtension(&srq.Header, &guid, ver, &ext) == STATUS_NOT_SUPPORTED,
                   "SRQ NdkQueryExtension");
    fails += check(srq.Dispatch->NdkModifySrq(&srq, 0, 4, c_request_completion, &ctx) == STATUS_SUCCESS,
                   "NdkModifySrq");
    fails += check(srq.Dispatch->NdkSrqReceive(&srq, &ctx, &sge, 1) == STATUS_SUCCESS, "NdkSrqReceive");

    /* QP */
    fails += check(qp.Dispatch->NdkQueryExtension(&qp.Header, &guid, ver, &ext) == STATUS_NOT_SUPPORTED,
                   "QP NdkQueryExtension");
    qp.Dispatch->NdkFlush(&qp);
    fails += check(qp.Dispatch->NdkSend(&qp, &ctx, &sge, 1, NDK_OP_FLAG_INLINE | NDK_OP_FLAG_SEND_AND_SOLICIT_EVENT) ==
                       STATUS_SUCCESS,
                   "NdkSend");
    fails += check(qp.Dispatch->NdkReceive(&qp, &ctx, &sge, 1) == STATUS_SUCCESS, "NdkReceive");
    fails += check(qp.Dispatch->NdkBind(&qp, &ctx, &mr, &mw, &ctx, 1, NDK_OP_FLAG_ALLOW_REMOTE_WRITE) ==
                       STATUS_SUCCESS,
                   "NdkBind");
    fails += check(qp.Dispatch->NdkFastRegister(&qp, &ctx, &mr, lam.AdapterPageCount, lam.AdapterPageArray, 0,
                                                4096, NULL,
                                                NDK_OP_FLAG_ALLOW_LOCAL_WRITE | NDK_OP_FLAG_RDMA_READ_SINK) ==
                       STATUS_SUCCESS,
                   "NdkFastRegister");
    fails += check(qp.Dispatch->NdkInvalidate(&qp, &ctx, &mw.Header, NDK_OP_FLAG_SILENT_SUCCESS) ==
                       STATUS_SUCCESS,
                   "NdkInvalidate");
    fails += check(qp.Dispatch->NdkRead(&qp, &ctx, &sge, 1, 0x1122334455667788ULL, 0x3333,
                                        NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE | NDK_OP_FLAG_READ_FENCE) ==
                       STATUS_SUCCESS,
                   "NdkRead");
    fails += check(qp.Dispatch->NdkWrite(&qp, &ctx, &sge, 1, 8, 9, NDK_OP_FLAG_DEFER) == STATUS_SUCCESS,
                   "NdkWrite");
    fails += check(qp.Dispatch->NdkSendAndInvalidate(&qp, &ctx, &sge, 1, 0, 0x4444) == STATUS_SUCCESS,
                   "NdkSendAndInvalidate");

    /* Shared endpoint */
    fails += check(se.Dispatch->NdkQueryExtension(&se.Header, &guid, ver, &ext) == STATUS_NOT_SUPPORTED,
                   "SE NdkQueryExtension");
    len = 0;
    fails += check(se.Dispatch->NdkGetLocalAddress(&se, NULL, &len) == STATUS_BUFFER_TOO_SMALL && len == 16,
                   "SE NdkGetLocalAddress");

    /* Connector */
    fails += check(connector.Dispatch->NdkQueryExtension(&connector.Header, &guid, ver, &ext) ==
                       STATUS_NOT_SUPPORTED,
                   "Connector NdkQueryExtension");
    fails += check(connector.Dispatch->NdkConnect(&connector, &qp, &addr, 16, &addr, 16, 1, 2, &ctx, 1,
                                                  c_request_completion, &ctx) == STATUS_PENDING,
                   "NdkConnect");
    fails += check(connector.Dispatch->NdkConnectWithSharedEndpoint(&connector, &qp, &se, &addr, 16, 1, 2, NULL,
                                                                    0, c_request_completion, &ctx) ==
                       STATUS_PENDING,
                   "NdkConnectWithSharedEndpoint");
    fails += check(connector.Dispatch->NdkCompleteConnect(&connector, c_disconnect_event, &ctx,
                                                          c_request_completion, &ctx) == STATUS_SUCCESS,
                   "NdkCompleteConnect");
    fails += check(connector.Dispatch->NdkAccept(&connector, &qp, 3, 4, NULL, 0, NULL, NULL, c_request_completion,
                                                 &ctx) == STATUS_PENDING,
                   "NdkAccept");
    fails += check(connector.Dispatch->NdkReject(&connector, &ctx, 1) == STATUS_SUCCESS, "NdkReject");
    len = 0;
    ird = ord = 0;
    fails += check(connector.Dispatch->NdkGetConnectionData(&connector, &ird, &ord, NULL, &len) ==
                       STATUS_BUFFER_TOO_SMALL && ird == 5 && ord == 6 && len == 56,
                   "NdkGetConnectionData");
    len = 16;
    fails += check(connector.Dispatch->NdkGetLocalAddress(&connector, &addr, &len) == STATUS_SUCCESS,
                   "Connector NdkGetLocalAddress");
    fails += check(connector.Dispatch->NdkGetPeerAddress(&connector, &addr, &len) == STATUS_SUCCESS,
                   "NdkGetPeerAddress");
    fails += check(connector.Dispatch->NdkDisconnect(&connector, c_request_completion, &ctx) == STATUS_PENDING,
                   "NdkDisconnect");
    fails += check(connector.Dispatch->NdkCompleteConnectEx(&connector, c_disconnect_event_ex, &ctx,
                                                            c_request_completion, &ctx) == STATUS_SUCCESS,
                   "NdkCompleteConnectEx");
    fails += check(connector.Dispatch->NdkAcceptEx(&connector, &qp, 3, 4, NULL, 0, c_disconnect_event_ex, &ctx,
                                                   c_request_completion, &ctx) == STATUS_PENDING,
                   "NdkAcceptEx");

    /* Listener */
    fails += check(listener.Dispatch->NdkQueryExtension(&listener.Header, &guid, ver, &ext) ==
                       STATUS_NOT_SUPPORTED,
                   "Listener NdkQueryExtension");
    fails += check(listener.Dispatch->NdkListen(&listener, &addr, 16, c_request_completion, &ctx) ==
                       STATUS_SUCCESS,
                   "NdkListen");
    len = 16;
    fails += check(listener.Dispatch->NdkGetLocalAddress(&listener, &addr, &len) == STATUS_SUCCESS,
                   "Listener NdkGetLocalAddress");
    listener.Dispatch->NdkControlConnectEvents(&listener, TRUE);

    /* NdkClose* through every object's table (NDK_FN_CLOSE_OBJECT). */
    fails += check(cq.Dispatch->NdkCloseCq(&cq.Header, c_close_completion, &ctx) == STATUS_PENDING, "NdkCloseCq");
    fails += check(pd.Dispatch->NdkClosePd(&pd.Header, c_close_completion, &ctx) == STATUS_PENDING, "NdkClosePd");
    fails += check(mr.Dispatch->NdkCloseMr(&mr.Header, c_close_completion, &ctx) == STATUS_PENDING, "NdkCloseMr");
    fails += check(mw.Dispatch->NdkCloseMw(&mw.Header, c_close_completion, &ctx) == STATUS_PENDING, "NdkCloseMw");
    fails += check(srq.Dispatch->NdkCloseSrq(&srq.Header, c_close_completion, &ctx) == STATUS_PENDING,
                   "NdkCloseSrq");
    fails += check(qp.Dispatch->NdkCloseQp(&qp.Header, c_close_completion, &ctx) == STATUS_PENDING, "NdkCloseQp");
    fails += check(se.Dispatch->NdkCloseSharedEndpoint(&se.Header, c_close_completion, &ctx) == STATUS_PENDING,
                   "NdkCloseSharedEndpoint");
    fails += check(connector.Dispatch->NdkCloseConnector(&connector.Header, c_close_completion, &ctx) ==
                       STATUS_PENDING,
                   "NdkCloseConnector");
    fails += check(listener.Dispatch->NdkCloseListener(&listener.Header, c_close_completion, &ctx) ==
                       STATUS_PENDING,
                   "NdkCloseListener");

    /* The consumer callbacks no stub invoked. */
    {
        NDK_FN_CREATE_COMPLETION create = c_create_completion;
        NDK_FN_CQ_NOTIFICATION_CALLBACK cqn = c_cq_notification;
        NDK_FN_SRQ_NOTIFICATION_CALLBACK srqn = c_srq_notification;
        NDK_FN_CONNECT_EVENT_CALLBACK conn = c_connect_event;
        create(&ctx, STATUS_SUCCESS, &cq.Header);
        cqn(&ctx, STATUS_BUFFER_OVERFLOW);
        srqn(&ctx, STATUS_INTERNAL_ERROR);
        conn(&ctx, &connector);
    }

    /* Each provider stub ran once, except the shared close (9 tables) and
     * query-extension (10 tables) entries; each callback ran as expected. */
    for (i = 0; i < F_COUNT; i++) {
        unsigned want = i == F_CLOSE ? 9u : i == F_QUERY_EXT ? 10u : 1u;
        if (calls[i] != want) {
            REPORT("header_test: FAIL stub %d ran %u times, want %u\n", i, calls[i], want);
            fails++;
        }
    }
    {
        static const unsigned want[C_COUNT] = {9, 1, 1, 1, 1, 1, 1, 1};
        for (i = 0; i < C_COUNT; i++) {
            if (callbacks[i] != want[i]) {
                REPORT("header_test: FAIL callback %d ran %u times, want %u\n", i, callbacks[i], want[i]);
                fails++;
            }
        }
    }
    st = bad ? STATUS_INVALID_PARAMETER : STATUS_SUCCESS;
    fails += check(NT_SUCCESS(st), "every stub saw the arguments it was given");
    fails += check(NT_SUCCESS(STATUS_PENDING) && !NT_SUCCESS(STATUS_CONNECTION_INVALID),
                   "NT_SUCCESS on NDKPI codes");

    (void)pcq;
    (void)ppd;
    (void)pmr;
    (void)pmw;
    (void)psrq;
    (void)pqp;
    (void)pse;
    (void)pconn;
    (void)plist;

    if (fails != 0) {
        REPORT("header_test: %d failure(s)\n", fails);
        return 1;
    }
    return 0;
}
