/*
 * ndkt/include/ndkpi.h: NDKPI's declarations, for builds WITHOUT the WDK.
 *
 * A build with the real WDK uses the WDK's own ndkpi.h (and ndkinfo.h) and
 * never this file: a WDK build (_MSC_VER) that finds it first stops with
 * #error below. The ndkt code names members and never offsets, so it
 * compiles unchanged against either.
 *
 * Two environments, chosen by the includer:
 *   (a) default: the types come from ndkt_wintypes.h (Linux: the ndkt core,
 *       its tests, sim behind NDKPI's C ABI);
 *   (b) NDKT_HAVE_WDK_TYPES defined: the types come from mingw-w64's kernel
 *       headers (<ddk/wdm.h>, and <psdk_inc/_ip_types.h> for SOCKADDR),
 *       for the mingw-w64 cross build of ndkt.sys (mingw-w64 has no
 *       ndkpi.h).
 * mingw-w64's own ndkinfo.h is not used: it lacks the RdmaTechnology member
 * and NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED that
 * ddi-related/ns-ndkinfo-ndk_adapter_info.md gives. This file declares
 * NDK_VERSION and NDK_ADAPTER_INFO itself (as the WDK's ndkpi.h gets them
 * from ndkinfo.h), defines ndkinfo.h's guard _NDKINFO_H_ so that a later
 * #include <ndkinfo.h> is a no-op, and refuses to follow an earlier one.
 *
 * Where each declaration comes from:
 *   [page]  docs/reference/ndkpi/ddi/ and ddi-related/ (MicrosoftDocs/
 *           windows-driver-docs-ddi @ 6dcd4d9f2adac87becfa71e29882085ef7d96b76,
 *           MicrosoftDocs/sdk-api for ndkinfo): every name, every member and
 *           parameter (their order), the [in]/[out] directions, the
 *           dispatch-table order, and the flag values in the pages' tables.
 *           These page versions carry no `## -syntax` block (learn.microsoft
 *           .com renders it from the header), so member and parameter TYPES
 *           are taken from:
 *   [page@2018] the same pages in the same repository at commit
 *           f379c5ba8b116197cdfb93019356ac33ab344970 (2018-03-13), the last
 *           that still has their `## -syntax` / `## -prototype` blocks: the
 *           type of every member and parameter, the SAL annotations, and the
 *           values of NDK_OBJECT_TYPE and NDK_OPERATION_TYPE. Those pages
 *           predate NDKPI 2.1 (no *_EX connector calls, no
 *           NDK_FN_DISCONNECT_EVENT_CALLBACK_EX, no ProviderErrorCode).
 *   [render] learn.microsoft.com's rendered syntax of the current pages, as
 *           scraped into m417z/windows-docs-scraper @ 9e42a178e48c (2025-09):
 *           the NDKPI 2.1 additions (NDK_FN_COMPLETE_CONNECT_EX,
 *           NDK_FN_ACCEPT_EX, NDK_FN_DISCONNECT_EVENT_CALLBACK_EX, the two
 *           new NDK_CONNECTOR_DISPATCH entries, NDK_RESULT_EX.ProviderErrorCode)
 *           and NDK_ADAPTER_INFO's member types (incl. RdmaTechnology).
 *   [hdr]   values no page gives, from public copies of the headers:
 *           - NDK_CQ_NOTIFY_ERRORS/ANY/SOLICITED = 0/1/2 and
 *             NDK_OP_FLAG_RDMA_READ_SINK = 0x80: an unattributed public copy
 *             of ndkpi.h (the one docs/reference/ndkpi/API_SUMMARY.md marks
 *             [hdr]); the user-mode counterparts ND_CQ_NOTIFY_* in the
 *             NetworkDirect SPI's nddef.h (a copy: yuanms2/netdirect
 *             include/nddef.h) have the same 0/1/2.
 *           - NDK_RDMA_TECHNOLOGY (NdkUndefined=0, NdkiWarp, NdkInfiniBand,
 *             NdkRoCE, NdkRoCEv2, NdkMaxTechnology=5): a public copy of
 *             ndkinfo.h, retep998/winapi-rs src/shared/ndkinfo.rs, and the
 *             ndis.sys PDB dumps in ntdiff/headers; the INF page
 *             (concepts/inf-requirements-for-ndkpi.md) maps
 *             *NetworkDirectTechnology 1-4 to it.
 *           - NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE = 0x100, NOT the page's
 *             value: nc-ndkpi-ndk_fn_read.md gives 0x00000200, the value it
 *             also gives NDK_OP_FLAG_DEFER (a doc error, API_SUMMARY.md
 *             section 10 item 1); the [hdr] copy has 0x100.
 *           Cross-checks with the ndis.sys PDB dumps in ntdiff/headers
 *           (Windows 10 1507-21H2): NDK_OBJECT_TYPE's values, the 32-byte
 *           NDK_OBJECT_HEADER_RESERVED_BLOCK, NDK_ADAPTER_INFO's members
 *           (21H2), NDK_CQ_DISPATCH's 7 entries (1507 x64), the order of
 *           NDK_QP_DISPATCH's entries, NDK_OPERATION_TYPE (but for how
 *           ReceiveAndInvalidate is printed, see there) and the pre-2.1
 *           NDK_RESULT_EX all agree.
 * Declarations the header copies have but no page gives are left out:
 * NDK_FN_QUERY_ADAPTER_INFO_EX and NDK_FN_DISCONNECT_EX (in no dispatch
 * table), and the P* pointer typedefs (the 2018 pages show them for some
 * structs only). The NDIS side of ddi-related/ (OPEN_/CLOSE_NDK_ADAPTER_
 * HANDLER, NDIS_NDK_*) belongs to ndis.h and is not declared here.
 *
 * Layout notes (x86_64): the NDK_FN_* typedefs are pointer types, because
 * the dispatch tables hold them as members (`NDK_FN_SEND NdkSend;`).
 * ndkt/test/header_test.c checks the sizes that follow from the member
 * types.
 */
#ifndef NDKT_NDKPI_H
#define NDKT_NDKPI_H

#if defined(_MSC_VER)
#error "ndkt/include/ndkpi.h is for builds without the WDK: a WDK build must find the WDK's ndkpi.h first"
#endif
#if defined(_NDKPI_H_)
#error "the WDK's ndkpi.h is already included: include one ndkpi.h, not both"
#endif
#if defined(_NDKINFO_H_)
#error "an ndkinfo.h is already included: this ndkpi.h declares NDK_VERSION and NDK_ADAPTER_INFO itself (mingw-w64's ndkinfo.h lacks RdmaTechnology)"
#endif

#if defined(NDKT_HAVE_WDK_TYPES)
#include <ddk/wdm.h>
#include <psdk_inc/_ip_types.h> /* struct sockaddr, SOCKADDR, PSOCKADDR */
#else
#include "ndkt_wintypes.h"
#endif

#define _NDKINFO_H_ /* ndkinfo.h's part is declared below */

/* ===================================================================== */
/* ndkinfo.h part (ddi-related/ns-ndkinfo-ndk_version.md,                */
/* ddi-related/ns-ndkinfo-ndk_adapter_info.md)                           */
/* ===================================================================== */

/* ns-ndkinfo-ndk_version.md (types: [render]). */
typedef struct {
    USHORT Major;
    USHORT Minor;
} NDK_VERSION;

/* NDK_ADAPTER_INFO.RdmaTechnology's type. Names and values: [hdr]. */
typedef enum _NDK_RDMA_TECHNOLOGY {
    NdkUndefined = 0,
    NdkiWarp = 1,
    NdkInfiniBand = 2,
    NdkRoCE = 3,
    NdkRoCEv2 = 4,
    NdkMaxTechnology = 5
} NDK_RDMA_TECHNOLOGY;

/* ns-ndkinfo-ndk_adapter_info.md (members: [page]; types: [render]). */
typedef struct _NDK_ADAPTER_INFO {
    NDK_VERSION Version;
    UINT32 VendorId;
    UINT32 DeviceId;
    SIZE_T MaxRegistrationSize;
    SIZE_T MaxWindowSize;
    ULONG FRMRPageCount;
    ULONG MaxInitiatorRequestSge;
    ULONG MaxReceiveRequestSge;
    ULONG MaxReadRequestSge;
    ULONG MaxTransferLength;
    ULONG MaxInlineDataSize;
    ULONG MaxInboundReadLimit;
    ULONG MaxOutboundReadLimit;
    ULONG MaxReceiveQueueDepth;
    ULONG MaxInitiatorQueueDepth;
    ULONG MaxSrqDepth;
    ULONG MaxCqDepth;
    ULONG LargeRequestThreshold;
    ULONG MaxCallerData;
    ULONG MaxCalleeData;
    ULONG AdapterFlags;
    NDK_RDMA_TECHNOLOGY RdmaTechnology;
} NDK_ADAPTER_INFO;

/* NDK_ADAPTER_INFO.AdapterFlags: names and values from the page's table. */
#define NDK_ADAPTER_FLAG_IN_ORDER_DMA_SUPPORTED 0x00000001
#define NDK_ADAPTER_FLAG_RDMA_READ_SINK_NOT_REQUIRED 0x00000002
#define NDK_ADAPTER_FLAG_CQ_INTERRUPT_MODERATION_SUPPORTED 0x00000004
#define NDK_ADAPTER_FLAG_MULTI_ENGINE_SUPPORTED 0x00000008
#define NDK_ADAPTER_FLAG_RDMA_READ_LOCAL_INVALIDATE_SUPPORTED 0x00000010
#define NDK_ADAPTER_FLAG_CQ_RESIZE_SUPPORTED 0x00000100
#define NDK_ADAPTER_FLAG_LOOPBACK_CONNECTIONS_SUPPORTED 0x00010000

/* ===================================================================== */
/* Object header, results, SGEs (ddi/ns-ndkpi-*, ddi/ne-ndkpi-*)          */
/* ===================================================================== */

/* ne-ndkpi-_ndk_object_type.md (values: [page@2018]). */
typedef enum _NDK_OBJECT_TYPE {
    NdkObjectTypeUndefined = 0,
    NdkObjectTypeAdapter = 1,
    NdkObjectTypeQp = 2,
    NdkObjectTypeCq = 3,
    NdkObjectTypeMr = 4,
    NdkObjectTypeMw = 5,
    NdkObjectTypePd = 6,
    NdkObjectTypeSharedEndpoint = 7,
    NdkObjectTypeConnector = 8,
    NdkObjectTypeListener = 9,
    NdkObjectTypeSrq = 10,
    NdkObjectTypeMax = 11
} NDK_OBJECT_TYPE;

/* ns-ndkpi-_ndk_object_header_reserved_block.md. */
typedef struct _NDK_OBJECT_HEADER_RESERVED_BLOCK {
    PVOID rf[4];
} NDK_OBJECT_HEADER_RESERVED_BLOCK;

/* ns-ndkpi-_ndk_object_header.md. */
typedef struct _NDK_OBJECT_HEADER {
    NDK_VERSION Version;
    NDK_OBJECT_TYPE ObjectType;
    NDK_OBJECT_HEADER_RESERVED_BLOCK NdkReserved;
} NDK_OBJECT_HEADER;

/* ns-ndkpi-_ndk_result.md. */
typedef struct _NDK_RESULT {
    NTSTATUS Status;
    ULONG BytesTransferred;
    PVOID QPContext;
    PVOID RequestContext;
} NDK_RESULT;

/*
 * ne-ndkpi-_ndk_operation_type.md (values and their order: [page@2018]).
 * ReceiveAndInvalidate = 32769 (0x8001) as the 2018 page and the [hdr] copy
 * give it; the ntdiff/headers PDB dumps print 0xffff8001 (same low 16 bits,
 * a sign-extended 16-bit PDB record).
 */
typedef enum _NDK_OPERATION_TYPE {
    NdkOperationTypeReceive = 1,
    NdkOperationTypeReceiveAndInvalidate = 32769,
    NdkOperationTypeSend = 2,
    NdkOperationTypeFastRegister = 4,
    NdkOperationTypeBind = 8,
    NdkOperationTypeInvalidate = 16,
    NdkOperationTypeRead = 32,
    NdkOperationTypeWrite = 64
} NDK_OPERATION_TYPE;

/*
 * ns-ndkpi-_ndk_result_ex.md. ProviderErrorCode ([render], NDKPI 2.1) sits
 * in what was padding after Type on 64-bit (the page says so), so the
 * x86_64 size and TypeSpecificCompletionOutput's offset do not change.
 */
typedef struct _NDK_RESULT_EX {
    NTSTATUS Status;
    ULONG BytesTransferred;
    PVOID QPContext;
    PVOID RequestContext;
    NDK_OPERATION_TYPE Type;
    ULONG ProviderErrorCode;
    ULONG_PTR TypeSpecificCompletionOutput;
} NDK_RESULT_EX;

/* ns-ndkpi-_ndk_logical_address_mapping.md gives this typedef verbatim. */
typedef PHYSICAL_ADDRESS NDK_LOGICAL_ADDRESS;

/* ns-ndkpi-_ndk_logical_address_mapping.md. AdapterPageArray has
 * AdapterPageCount entries; it is declared [1] as on the page. */
typedef struct _NDK_LOGICAL_ADDRESS_MAPPING {
    PVOID AdapterContext;
    ULONG AdapterPageCount;
    _Field_size_(AdapterPageCount) NDK_LOGICAL_ADDRESS AdapterPageArray[1];
} NDK_LOGICAL_ADDRESS_MAPPING;

/* ns-ndkpi-_ndk_sge.md (an anonymous union, as on the page). */
typedef struct _NDK_SGE {
    union {
        PVOID VirtualAddress;
        NDK_LOGICAL_ADDRESS LogicalAddress;
    };
    ULONG Length;
    UINT32 MemoryRegionToken;
} NDK_SGE;

/* ns-ndkpi-_ndk_extension_interface.md. */
typedef struct _NDK_EXTENSION_INTERFACE {
    CONST VOID *Dispatch;
} NDK_EXTENSION_INTERFACE;

/* ===================================================================== */
/* Constants                                                              */
/* ===================================================================== */

/* NdkArmCq's Type (nc-ndkpi-ndk_fn_arm_cq.md names them; values: [hdr]). */
#define NDK_CQ_NOTIFY_ERRORS 0
#define NDK_CQ_NOTIFY_ANY 1
#define NDK_CQ_NOTIFY_SOLICITED 2

/* NdkRegisterMr's Flags (nc-ndkpi-ndk_fn_register_mr.md's table). */
#define NDK_MR_FLAG_ALLOW_LOCAL_READ 0x00000000
#define NDK_MR_FLAG_ALLOW_LOCAL_WRITE 0x00000001
#define NDK_MR_FLAG_ALLOW_REMOTE_READ 0x00000002
#define NDK_MR_FLAG_ALLOW_REMOTE_WRITE 0x00000005
#define NDK_MR_FLAG_RDMA_READ_SINK 0x00000008

/* Work-request Flags: the tables of nc-ndkpi-ndk_fn_send.md, _bind,
 * _fast_register, _invalidate, _read, _write, _send_and_invalidate,
 * except the two marked. */
#define NDK_OP_FLAG_SILENT_SUCCESS 0x00000001
#define NDK_OP_FLAG_READ_FENCE 0x00000002
#define NDK_OP_FLAG_SEND_AND_SOLICIT_EVENT 0x00000004
#define NDK_OP_FLAG_ALLOW_REMOTE_READ 0x00000008
#define NDK_OP_FLAG_ALLOW_LOCAL_WRITE 0x00000010
#define NDK_OP_FLAG_ALLOW_REMOTE_WRITE 0x00000030
#define NDK_OP_FLAG_INLINE 0x00000040
/* Named by nc-ndkpi-ndk_fn_fast_register.md without a value; [hdr]. */
#define NDK_OP_FLAG_RDMA_READ_SINK 0x00000080
/* The read page says 0x00000200 (= DEFER, a doc error); [hdr]: 0x100. */
#define NDK_OP_FLAG_RDMA_READ_LOCAL_INVALIDATE 0x00000100
#define NDK_OP_FLAG_DEFER 0x00000200

/* ===================================================================== */
/* Objects (declared here, defined with their dispatch tables below)      */
/* ===================================================================== */

typedef struct _NDK_ADAPTER NDK_ADAPTER;
typedef struct _NDK_CQ NDK_CQ;
typedef struct _NDK_PD NDK_PD;
typedef struct _NDK_MR NDK_MR;
typedef struct _NDK_MW NDK_MW;
typedef struct _NDK_SRQ NDK_SRQ;
typedef struct _NDK_QP NDK_QP;
typedef struct _NDK_SHARED_ENDPOINT NDK_SHARED_ENDPOINT;
typedef struct _NDK_CONNECTOR NDK_CONNECTOR;
typedef struct _NDK_LISTENER NDK_LISTENER;

/* ===================================================================== */
/* Consumer callbacks (the provider calls them)                           */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_close_completion.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_CLOSE_COMPLETION)(
    _In_opt_ PVOID Context);

/* nc-ndkpi-ndk_fn_request_completion.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_REQUEST_COMPLETION)(
    _In_opt_ PVOID Context,
    _In_ NTSTATUS Status);

/* nc-ndkpi-ndk_fn_create_completion.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_CREATE_COMPLETION)(
    _In_opt_ PVOID Context,
    _In_ NTSTATUS Status,
    _In_ NDK_OBJECT_HEADER *pNdkObject);

/* nc-ndkpi-ndk_fn_cq_notification_callback.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_CQ_NOTIFICATION_CALLBACK)(
    _In_opt_ PVOID CqNotificationContext,
    _In_ NTSTATUS CqStatus);

/* nc-ndkpi-ndk_fn_srq_notification_callback.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_SRQ_NOTIFICATION_CALLBACK)(
    _In_opt_ PVOID SrqNotificationContext,
    _In_ NTSTATUS SrqStatus);

/* nc-ndkpi-ndk_fn_connect_event_callback.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_CONNECT_EVENT_CALLBACK)(
    _In_opt_ PVOID ConnectEventContext,
    _In_ NDK_CONNECTOR *pNdkConnector);

/* nc-ndkpi-ndk_fn_disconnect_event_callback.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_DISCONNECT_EVENT_CALLBACK)(
    _In_opt_ PVOID DisconnectEventContext);

/* nc-ndkpi-ndk_fn_disconnect_event_callback_ex.md ([render], NDKPI 2.1) */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_DISCONNECT_EVENT_CALLBACK_EX)(
    _In_opt_ PVOID DisconnectEventContext,
    _In_ ULONG ProviderDisconnectReason);

/* ===================================================================== */
/* Calls in every dispatch table                                          */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_close_object.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CLOSE_OBJECT)(
    _In_ NDK_OBJECT_HEADER *pNdkObject,
    _In_ NDK_FN_CLOSE_COMPLETION CloseCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_query_extension_interface.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_QUERY_EXTENSION_INTERFACE)(
    _In_ NDK_OBJECT_HEADER *pNdkObject,
    _In_ GUID *ExtensionInterfaceID,
    _In_ NDK_VERSION ExtensionInterfaceVersion,
    _Out_ NDK_EXTENSION_INTERFACE *pExtensionInterface);

/* ===================================================================== */
/* CQ                                                                     */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_resize_cq.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_RESIZE_CQ)(
    _In_ NDK_CQ *pNdkCq,
    _In_ ULONG CqDepth,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_arm_cq.md (Type: NDK_CQ_NOTIFY_*) */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_ARM_CQ)(
    _In_ NDK_CQ *pNdkCq,
    _In_ ULONG Type);

/* nc-ndkpi-ndk_fn_get_cq_results.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
ULONG (*NDK_FN_GET_CQ_RESULTS)(
    _In_ NDK_CQ *pNdkCq,
    _Out_writes_to_(nResults, return) NDK_RESULT Results[],
    _In_ ULONG nResults);

/* nc-ndkpi-ndk_fn_control_cq_interrupt_moderation.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CONTROL_CQ_INTERRUPT_MODERATION)(
    _In_ NDK_CQ *pNdkCq,
    _In_ ULONG ModerationInterval,
    _In_ ULONG ModerationCount);

/* nc-ndkpi-ndk_fn_get_cq_results_ex.md (NDKPI 1.2) */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
ULONG (*NDK_FN_GET_CQ_RESULTS_EX)(
    _In_ NDK_CQ *pNdkCq,
    _Out_writes_to_(nResults, return) NDK_RESULT_EX Results[],
    _In_ ULONG nResults);

/* ns-ndkpi-_ndk_cq_dispatch.md: members in the page's order. */
typedef struct _NDK_CQ_DISPATCH {
    NDK_FN_CLOSE_OBJECT NdkCloseCq;
    NDK_FN_QUERY_EXTENSION_INTERFACE NdkQueryExtension;
    NDK_FN_RESIZE_CQ NdkResizeCq;
    NDK_FN_ARM_CQ NdkArmCq;
    NDK_FN_GET_CQ_RESULTS NdkGetCqResults;
    NDK_FN_CONTROL_CQ_INTERRUPT_MODERATION NdkControlCqInterruptModeration;
    NDK_FN_GET_CQ_RESULTS_EX NdkGetCqResultsEx; /* NDKPI 1.2 */
} NDK_CQ_DISPATCH;

/* ns-ndkpi-_ndk_cq.md */
struct _NDK_CQ {
    NDK_OBJECT_HEADER Header;
    CONST NDK_CQ_DISPATCH *Dispatch;
};

/* ===================================================================== */
/* MR                                                                     */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_register_mr.md (Flags: NDK_MR_FLAG_*) */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_REGISTER_MR)(
    _In_ NDK_MR *pNdkMr,
    _In_ MDL *Mdl,
    _In_ SIZE_T Length,
    _In_ ULONG Flags,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_deregister_mr.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_DEREGISTER_MR)(
    _In_ NDK_MR *pNdkMr,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_initialize_fast_register_mr.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_INITIALIZE_FAST_REGISTER_MR)(
    _In_ NDK_MR *pNdkMr,
    _In_ ULONG AdapterPageCount,
    _In_ BOOLEAN RemoteAccess,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_get_remote_token_from_mr.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
UINT32 (*NDK_FN_GET_REMOTE_TOKEN_FROM_MR)(
    _In_ NDK_MR *pNdkMr);

/* nc-ndkpi-ndk_fn_get_local_token_from_mr.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
UINT32 (*NDK_FN_GET_LOCAL_TOKEN_FROM_MR)(
    _In_ NDK_MR *pNdkMr);

/* ns-ndkpi-_ndk_mr_dispatch.md: members in the page's order. */
typedef struct _NDK_MR_DISPATCH {
    NDK_FN_CLOSE_OBJECT NdkCloseMr;
    NDK_FN_QUERY_EXTENSION_INTERFACE NdkQueryExtension;
    NDK_FN_REGISTER_MR NdkRegisterMr;
    NDK_FN_DEREGISTER_MR NdkDeregisterMr;
    NDK_FN_INITIALIZE_FAST_REGISTER_MR NdkInitializeFastRegisterMr;
    NDK_FN_GET_REMOTE_TOKEN_FROM_MR NdkGetRemoteTokenFromMr;
    NDK_FN_GET_LOCAL_TOKEN_FROM_MR NdkGetLocalTokenFromMr;
} NDK_MR_DISPATCH;

/* ns-ndkpi-_ndk_mr.md */
struct _NDK_MR {
    NDK_OBJECT_HEADER Header;
    CONST NDK_MR_DISPATCH *Dispatch;
};

/* ===================================================================== */
/* MW                                                                     */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_get_remote_token_from_mw.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
UINT32 (*NDK_FN_GET_REMOTE_TOKEN_FROM_MW)(
    _In_ NDK_MW *pNdkMw);

/* ns-ndkpi-_ndk_mw_dispatch.md: members in the page's order. */
typedef struct _NDK_MW_DISPATCH {
    NDK_FN_CLOSE_OBJECT NdkCloseMw;
    NDK_FN_QUERY_EXTENSION_INTERFACE NdkQueryExtension;
    NDK_FN_GET_REMOTE_TOKEN_FROM_MW NdkGetRemoteTokenFromMw;
} NDK_MW_DISPATCH;

/* ns-ndkpi-_ndk_mw.md */
struct _NDK_MW {
    NDK_OBJECT_HEADER Header;
    CONST NDK_MW_DISPATCH *Dispatch;
};

/* ===================================================================== */
/* SRQ                                                                    */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_modify_srq.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_MODIFY_SRQ)(
    _In_ NDK_SRQ *pNdkSrq,
    _In_ ULONG SrqDepth,
    _In_ ULONG NotifyThreshold,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_srq_receive.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_SRQ_RECEIVE)(
    _In_ NDK_SRQ *pNdkSrq,
    _In_opt_ PVOID RequestContext,
    _In_reads_(nSge) CONST NDK_SGE *pSgl,
    _In_ ULONG nSge);

/* ns-ndkpi-_ndk_srq_dispatch.md: members in the page's order. */
typedef struct _NDK_SRQ_DISPATCH {
    NDK_FN_CLOSE_OBJECT NdkCloseSrq;
    NDK_FN_QUERY_EXTENSION_INTERFACE NdkQueryExtension;
    NDK_FN_MODIFY_SRQ NdkModifySrq;
    NDK_FN_SRQ_RECEIVE NdkSrqReceive;
} NDK_SRQ_DISPATCH;

/* ns-ndkpi-_ndk_srq.md */
struct _NDK_SRQ {
    NDK_OBJECT_HEADER Header;
    CONST NDK_SRQ_DISPATCH *Dispatch;
};

/* ===================================================================== */
/* QP                                                                     */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_flush.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_FLUSH)(
    _In_ NDK_QP *pNdkQp);

/* nc-ndkpi-ndk_fn_send.md (Flags: NDK_OP_FLAG_*) */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_SEND)(
    _In_ NDK_QP *pNdkQp,
    _In_opt_ PVOID RequestContext,
    _In_reads_(nSge) CONST NDK_SGE *pSgl,
    _In_ ULONG nSge,
    _In_ ULONG Flags);

/* nc-ndkpi-ndk_fn_receive.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_RECEIVE)(
    _In_ NDK_QP *pNdkQp,
    _In_opt_ PVOID RequestContext,
    _In_reads_(nSge) CONST NDK_SGE *pSgl,
    _In_ ULONG nSge);

/* nc-ndkpi-ndk_fn_bind.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_BIND)(
    _In_ NDK_QP *pNdkQp,
    _In_opt_ PVOID RequestContext,
    _In_ NDK_MR *pMr,
    _In_ NDK_MW *pMw,
    _In_ PVOID VirtualAddress,
    _In_ SIZE_T Length,
    _In_ ULONG Flags);

/* nc-ndkpi-ndk_fn_fast_register.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_FAST_REGISTER)(
    _In_ NDK_QP *pNdkQp,
    _In_opt_ PVOID RequestContext,
    _In_ NDK_MR *pMr,
    _In_ ULONG AdapterPageCount,
    _In_reads_(AdapterPageCount) CONST NDK_LOGICAL_ADDRESS *AdapterPageArray,
    _In_ ULONG FBO,
    _In_ SIZE_T Length,
    _In_ PVOID BaseVirtualAddress,
    _In_ ULONG Flags);

/* nc-ndkpi-ndk_fn_invalidate.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_INVALIDATE)(
    _In_ NDK_QP *pNdkQp,
    _In_opt_ PVOID RequestContext,
    _In_ NDK_OBJECT_HEADER *pNdkMrOrMw,
    _In_ ULONG Flags);

/* nc-ndkpi-ndk_fn_read.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_READ)(
    _In_ NDK_QP *pNdkQp,
    _In_opt_ PVOID RequestContext,
    _In_reads_(nSge) CONST NDK_SGE *pSgl,
    _In_ ULONG nSge,
    _In_ UINT64 RemoteAddress,
    _In_ UINT32 RemoteToken,
    _In_ ULONG Flags);

/* nc-ndkpi-ndk_fn_write.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_WRITE)(
    _In_ NDK_QP *pNdkQp,
    _In_opt_ PVOID RequestContext,
    _In_reads_(nSge) CONST NDK_SGE *pSgl,
    _In_ ULONG nSge,
    _In_ UINT64 RemoteAddress,
    _In_ UINT32 RemoteToken,
    _In_ ULONG Flags);

/* nc-ndkpi-ndk_fn_send_and_invalidate.md (NDKPI 1.2) */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_SEND_AND_INVALIDATE)(
    _In_ NDK_QP *pNdkQp,
    _In_opt_ PVOID RequestContext,
    _In_reads_(nSge) CONST NDK_SGE *pSgl,
    _In_ ULONG nSge,
    _In_ ULONG Flags,
    _In_ UINT32 RemoteToken);

/* ns-ndkpi-_ndk_qp_dispatch.md: members in the page's order. */
typedef struct _NDK_QP_DISPATCH {
    NDK_FN_CLOSE_OBJECT NdkCloseQp;
    NDK_FN_QUERY_EXTENSION_INTERFACE NdkQueryExtension;
    NDK_FN_FLUSH NdkFlush;
    NDK_FN_SEND NdkSend;
    NDK_FN_RECEIVE NdkReceive;
    NDK_FN_BIND NdkBind;
    NDK_FN_FAST_REGISTER NdkFastRegister;
    NDK_FN_INVALIDATE NdkInvalidate;
    NDK_FN_READ NdkRead;
    NDK_FN_WRITE NdkWrite;
    NDK_FN_SEND_AND_INVALIDATE NdkSendAndInvalidate; /* NDKPI 1.2 */
} NDK_QP_DISPATCH;

/* ns-ndkpi-_ndk_qp.md */
struct _NDK_QP {
    NDK_OBJECT_HEADER Header;
    CONST NDK_QP_DISPATCH *Dispatch;
};

/* ===================================================================== */
/* PD                                                                     */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_create_mr.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CREATE_MR)(
    _In_ NDK_PD *pNdkPd,
    _In_ BOOLEAN FastRegister,
    _In_ NDK_FN_CREATE_COMPLETION CreateCompletion,
    _In_opt_ PVOID RequestContext,
    _Outptr_ NDK_MR **ppNdkMr);

/* nc-ndkpi-ndk_fn_create_mw.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CREATE_MW)(
    _In_ NDK_PD *pNdkPd,
    _In_ NDK_FN_CREATE_COMPLETION CreateCompletion,
    _In_opt_ PVOID RequestContext,
    _Outptr_ NDK_MW **ppNdkMw);

/* nc-ndkpi-ndk_fn_create_srq.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CREATE_SRQ)(
    _In_ NDK_PD *pNdkPd,
    _In_ ULONG SrqDepth,
    _In_ ULONG MaxReceiveRequestSge,
    _In_ ULONG NotifyThreshold,
    _In_opt_ NDK_FN_SRQ_NOTIFICATION_CALLBACK SrqNotification,
    _In_opt_ PVOID SrqNotificationContext,
    _In_opt_ GROUP_AFFINITY *Affinity,
    _In_ NDK_FN_CREATE_COMPLETION CreateCompletion,
    _In_opt_ PVOID RequestContext,
    _Outptr_ NDK_SRQ **ppNdkSrq);

/* nc-ndkpi-ndk_fn_create_qp.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CREATE_QP)(
    _In_ NDK_PD *pNdkPd,
    _In_ NDK_CQ *pReceiveCq,
    _In_ NDK_CQ *pInitiatorCq,
    _In_opt_ PVOID QPContext,
    _In_ ULONG ReceiveQueueDepth,
    _In_ ULONG InitiatorQueueDepth,
    _In_ ULONG MaxReceiveRequestSge,
    _In_ ULONG MaxInitiatorRequestSge,
    _In_ ULONG InlineDataSize,
    _In_ NDK_FN_CREATE_COMPLETION CreateCompletion,
    _In_opt_ PVOID RequestContext,
    _Outptr_ NDK_QP **ppNdkQp);

/* nc-ndkpi-ndk_fn_create_qp_with_srq.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CREATE_QP_WITH_SRQ)(
    _In_ NDK_PD *pNdkPd,
    _In_ NDK_CQ *pReceiveCq,
    _In_ NDK_CQ *pInitiatorCq,
    _In_ NDK_SRQ *pSrq,
    _In_opt_ PVOID QPContext,
    _In_ ULONG InitiatorQueueDepth,
    _In_ ULONG MaxInitiatorRequestSge,
    _In_ ULONG InlineDataSize,
    _In_ NDK_FN_CREATE_COMPLETION CreateCompletion,
    _In_opt_ PVOID RequestContext,
    _Outptr_ NDK_QP **ppNdkQp);

/* nc-ndkpi-ndk_fn_get_privileged_memory_region_token.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_GET_PRIVILEGED_MEMORY_REGION_TOKEN)(
    _In_ NDK_PD *pNdkPd,
    _Out_ UINT32 *pToken);

/* ns-ndkpi-_ndk_pd_dispatch.md: members in the page's order. */
typedef struct _NDK_PD_DISPATCH {
    NDK_FN_CLOSE_OBJECT NdkClosePd;
    NDK_FN_QUERY_EXTENSION_INTERFACE NdkQueryExtension;
    NDK_FN_CREATE_MR NdkCreateMr;
    NDK_FN_CREATE_MW NdkCreateMw;
    NDK_FN_CREATE_SRQ NdkCreateSrq;
    NDK_FN_CREATE_QP NdkCreateQp;
    NDK_FN_CREATE_QP_WITH_SRQ NdkCreateQpWithSrq;
    NDK_FN_GET_PRIVILEGED_MEMORY_REGION_TOKEN NdkGetPrivilegedMemoryRegionToken;
} NDK_PD_DISPATCH;

/* ns-ndkpi-_ndk_pd.md */
struct _NDK_PD {
    NDK_OBJECT_HEADER Header;
    CONST NDK_PD_DISPATCH *Dispatch;
};

/* ===================================================================== */
/* Shared endpoint                                                        */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_get_shared_endpoint_local_address.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_GET_SHARED_ENDPOINT_LOCAL_ADDRESS)(
    _In_ NDK_SHARED_ENDPOINT *pNdkSharedEndpoint,
    _Out_writes_bytes_to_opt_(*pAddressLength, *pAddressLength) PSOCKADDR pAddress,
    _Inout_ ULONG *pAddressLength);

/* ns-ndkpi-_ndk_shared_endpoint_dispatch.md: members in the page's order. */
typedef struct _NDK_SHARED_ENDPOINT_DISPATCH {
    NDK_FN_CLOSE_OBJECT NdkCloseSharedEndpoint;
    NDK_FN_QUERY_EXTENSION_INTERFACE NdkQueryExtension;
    NDK_FN_GET_SHARED_ENDPOINT_LOCAL_ADDRESS NdkGetLocalAddress;
} NDK_SHARED_ENDPOINT_DISPATCH;

/* ns-ndkpi-_ndk_shared_endpoint.md */
struct _NDK_SHARED_ENDPOINT {
    NDK_OBJECT_HEADER Header;
    CONST NDK_SHARED_ENDPOINT_DISPATCH *Dispatch;
};

/* ===================================================================== */
/* Connector                                                              */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_connect.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CONNECT)(
    _In_ NDK_CONNECTOR *pNdkConnector,
    _In_ NDK_QP *pNdkQp,
    _In_reads_bytes_(SrcAddressLength) CONST PSOCKADDR pSrcAddress,
    _In_ ULONG SrcAddressLength,
    _In_reads_bytes_(DestAddressLength) CONST PSOCKADDR pDestAddress,
    _In_ ULONG DestAddressLength,
    _In_ ULONG InboundReadLimit,
    _In_ ULONG OutboundReadLimit,
    _In_reads_bytes_opt_(PrivateDataLength) CONST PVOID pPrivateData,
    _In_ ULONG PrivateDataLength,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_connect_with_shared_endpoint.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CONNECT_WITH_SHARED_ENDPOINT)(
    _In_ NDK_CONNECTOR *pNdkConnector,
    _In_ NDK_QP *pNdkQp,
    _In_ NDK_SHARED_ENDPOINT *pNdkSharedEndpoint,
    _In_reads_bytes_(DestAddressLength) CONST PSOCKADDR pDestAddress,
    _In_ ULONG DestAddressLength,
    _In_ ULONG InboundReadLimit,
    _In_ ULONG OutboundReadLimit,
    _In_reads_bytes_opt_(PrivateDataLength) CONST PVOID pPrivateData,
    _In_ ULONG PrivateDataLength,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_complete_connect.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_COMPLETE_CONNECT)(
    _In_ NDK_CONNECTOR *pNdkConnector,
    _In_opt_ NDK_FN_DISCONNECT_EVENT_CALLBACK DisconnectEvent,
    _In_opt_ PVOID DisconnectEventContext,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_accept.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_ACCEPT)(
    _In_ NDK_CONNECTOR *pNdkConnector,
    _In_ NDK_QP *pNdkQp,
    _In_ ULONG InboundReadLimit,
    _In_ ULONG OutboundReadLimit,
    _In_reads_bytes_opt_(PrivateDataLength) CONST PVOID pPrivateData,
    _In_ ULONG PrivateDataLength,
    _In_opt_ NDK_FN_DISCONNECT_EVENT_CALLBACK DisconnectEvent,
    _In_opt_ PVOID DisconnectEventContext,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_reject.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_REJECT)(
    _In_ NDK_CONNECTOR *pNdkConnector,
    _In_reads_bytes_opt_(PrivateDataLength) CONST PVOID pPrivateData,
    _In_ ULONG PrivateDataLength);

/* nc-ndkpi-ndk_fn_get_connection_data.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_GET_CONNECTION_DATA)(
    _In_ NDK_CONNECTOR *pNdkConnector,
    _Out_opt_ ULONG *pInboundReadLimit,
    _Out_opt_ ULONG *pOutboundReadLimit,
    _Out_writes_bytes_to_opt_(*pPrivateDataLength, *pPrivateDataLength) PVOID pPrivateData,
    _Inout_ ULONG *pPrivateDataLength);

/* nc-ndkpi-ndk_fn_get_local_address.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_GET_LOCAL_ADDRESS)(
    _In_ NDK_CONNECTOR *pNdkConnector,
    _Out_writes_bytes_to_opt_(*pAddressLength, *pAddressLength) PSOCKADDR pAddress,
    _Inout_ ULONG *pAddressLength);

/* nc-ndkpi-ndk_fn_get_peer_address.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_GET_PEER_ADDRESS)(
    _In_ NDK_CONNECTOR *pNdkConnector,
    _Out_writes_bytes_to_opt_(*pAddressLength, *pAddressLength) PSOCKADDR pAddress,
    _Inout_ ULONG *pAddressLength);

/* nc-ndkpi-ndk_fn_disconnect.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_DISCONNECT)(
    _In_ NDK_CONNECTOR *pNdkConnector,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_complete_connect_ex.md ([render], NDKPI 2.1) */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_COMPLETE_CONNECT_EX)(
    _In_ NDK_CONNECTOR *pNdkConnector,
    _In_opt_ NDK_FN_DISCONNECT_EVENT_CALLBACK_EX DisconnectEvent,
    _In_opt_ PVOID DisconnectEventContext,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_accept_ex.md ([render], NDKPI 2.1) */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_ACCEPT_EX)(
    _In_ NDK_CONNECTOR *pNdkConnector,
    _In_ NDK_QP *pNdkQp,
    _In_ ULONG InboundReadLimit,
    _In_ ULONG OutboundReadLimit,
    _In_reads_bytes_opt_(PrivateDataLength) CONST PVOID pPrivateData,
    _In_ ULONG PrivateDataLength,
    _In_opt_ NDK_FN_DISCONNECT_EVENT_CALLBACK_EX DisconnectEvent,
    _In_opt_ PVOID DisconnectEventContext,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* ns-ndkpi-_ndk_connector_dispatch.md: members in the page's order. */
typedef struct _NDK_CONNECTOR_DISPATCH {
    NDK_FN_CLOSE_OBJECT NdkCloseConnector;
    NDK_FN_QUERY_EXTENSION_INTERFACE NdkQueryExtension;
    NDK_FN_CONNECT NdkConnect;
    NDK_FN_CONNECT_WITH_SHARED_ENDPOINT NdkConnectWithSharedEndpoint;
    NDK_FN_COMPLETE_CONNECT NdkCompleteConnect;
    NDK_FN_ACCEPT NdkAccept;
    NDK_FN_REJECT NdkReject;
    NDK_FN_GET_CONNECTION_DATA NdkGetConnectionData;
    NDK_FN_GET_LOCAL_ADDRESS NdkGetLocalAddress;
    NDK_FN_GET_PEER_ADDRESS NdkGetPeerAddress;
    NDK_FN_DISCONNECT NdkDisconnect;
    NDK_FN_COMPLETE_CONNECT_EX NdkCompleteConnectEx; /* NDKPI 2.1 */
    NDK_FN_ACCEPT_EX NdkAcceptEx;                    /* NDKPI 2.1 */
} NDK_CONNECTOR_DISPATCH;

/* ns-ndkpi-_ndk_connector.md */
struct _NDK_CONNECTOR {
    NDK_OBJECT_HEADER Header;
    CONST NDK_CONNECTOR_DISPATCH *Dispatch;
};

/* ===================================================================== */
/* Listener                                                               */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_listen.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_LISTEN)(
    _In_ NDK_LISTENER *pNdkListener,
    _In_reads_bytes_(AddressLength) CONST PSOCKADDR pAddress,
    _In_ ULONG AddressLength,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext);

/* nc-ndkpi-ndk_fn_get_listener_local_address.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_GET_LISTENER_LOCAL_ADDRESS)(
    _In_ NDK_LISTENER *pNdkListener,
    _Out_writes_bytes_to_opt_(*pAddressLength, *pAddressLength) PSOCKADDR pAddress,
    _Inout_ ULONG *pAddressLength);

/* nc-ndkpi-ndk_fn_control_connect_events.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_CONTROL_CONNECT_EVENTS)(
    _In_ NDK_LISTENER *pNdkListener,
    _In_ BOOLEAN Pause);

/* ns-ndkpi-_ndk_listener_dispatch.md: members in the page's order. */
typedef struct _NDK_LISTENER_DISPATCH {
    NDK_FN_CLOSE_OBJECT NdkCloseListener;
    NDK_FN_QUERY_EXTENSION_INTERFACE NdkQueryExtension;
    NDK_FN_LISTEN NdkListen;
    NDK_FN_GET_LISTENER_LOCAL_ADDRESS NdkGetLocalAddress;
    NDK_FN_CONTROL_CONNECT_EVENTS NdkControlConnectEvents;
} NDK_LISTENER_DISPATCH;

/* ns-ndkpi-_ndk_listener.md */
struct _NDK_LISTENER {
    NDK_OBJECT_HEADER Header;
    CONST NDK_LISTENER_DISPATCH *Dispatch;
};

/* ===================================================================== */
/* Adapter                                                                */
/* ===================================================================== */

/* nc-ndkpi-ndk_fn_query_adapter_info.md (PASSIVE_LEVEL) */
typedef _IRQL_requires_max_(PASSIVE_LEVEL)
NTSTATUS (*NDK_FN_QUERY_ADAPTER_INFO)(
    _In_ NDK_ADAPTER *pNdkAdapter,
    _Out_writes_bytes_to_opt_(*pBufferSize, *pBufferSize) NDK_ADAPTER_INFO *pInfo,
    _Inout_ ULONG *pBufferSize);

/* nc-ndkpi-ndk_fn_create_cq.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CREATE_CQ)(
    _In_ NDK_ADAPTER *pNdkAdapter,
    _In_ ULONG CqDepth,
    _In_ NDK_FN_CQ_NOTIFICATION_CALLBACK CqNotification,
    _In_opt_ PVOID CqNotificationContext,
    _In_opt_ GROUP_AFFINITY *Affinity,
    _In_ NDK_FN_CREATE_COMPLETION CreateCompletion,
    _In_opt_ PVOID RequestContext,
    _Outptr_ NDK_CQ **ppNdkCq);

/* nc-ndkpi-ndk_fn_create_pd.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CREATE_PD)(
    _In_ NDK_ADAPTER *pNdkAdapter,
    _In_ NDK_FN_CREATE_COMPLETION CreateCompletion,
    _In_opt_ PVOID RequestContext,
    _Outptr_ NDK_PD **ppNdkPd);

/* nc-ndkpi-ndk_fn_create_shared_endpoint.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CREATE_SHARED_ENDPOINT)(
    _In_ NDK_ADAPTER *pNdkAdapter,
    _In_reads_bytes_(AddressLength) CONST PSOCKADDR pAddress,
    _In_ ULONG AddressLength,
    _In_ NDK_FN_CREATE_COMPLETION CreateCompletion,
    _In_opt_ PVOID RequestContext,
    _Outptr_ NDK_SHARED_ENDPOINT **ppNdkSharedEndpoint);

/* nc-ndkpi-ndk_fn_create_connector.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CREATE_CONNECTOR)(
    _In_ NDK_ADAPTER *pNdkAdapter,
    _In_ NDK_FN_CREATE_COMPLETION CreateCompletion,
    _In_opt_ PVOID RequestContext,
    _Outptr_ NDK_CONNECTOR **ppNdkConnector);

/* nc-ndkpi-ndk_fn_create_listener.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_CREATE_LISTENER)(
    _In_ NDK_ADAPTER *pNdkAdapter,
    _In_ NDK_FN_CONNECT_EVENT_CALLBACK ConnectEvent,
    _In_opt_ PVOID ConnectEventContext,
    _In_ NDK_FN_CREATE_COMPLETION CreateCompletion,
    _In_opt_ PVOID RequestContext,
    _Outptr_ NDK_LISTENER **ppNdkListener);

/* nc-ndkpi-ndk_fn_build_lam.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
NTSTATUS (*NDK_FN_BUILD_LAM)(
    _In_ NDK_ADAPTER *pNdkAdapter,
    _In_ MDL *Mdl,
    _In_ SIZE_T Length,
    _In_ NDK_FN_REQUEST_COMPLETION RequestCompletion,
    _In_opt_ PVOID RequestContext,
    _Out_writes_bytes_to_opt_(*pLAMSize, *pLAMSize) NDK_LOGICAL_ADDRESS_MAPPING *pNdkLAM,
    _Inout_ ULONG *pLAMSize,
    _Out_ ULONG *pFBO);

/* nc-ndkpi-ndk_fn_release_lam.md */
typedef _IRQL_requires_max_(DISPATCH_LEVEL)
VOID (*NDK_FN_RELEASE_LAM)(
    _In_ NDK_ADAPTER *pNdkAdapter,
    _In_ NDK_LOGICAL_ADDRESS_MAPPING *pNdkLAM);

/* ns-ndkpi-_ndk_adapter_dispatch.md: members in the page's order (no
 * close entry: CLOSE_NDK_ADAPTER_HANDLER closes an adapter). */
typedef struct _NDK_ADAPTER_DISPATCH {
    NDK_FN_QUERY_EXTENSION_INTERFACE NdkQueryExtension;
    NDK_FN_QUERY_ADAPTER_INFO NdkQueryAdapterInfo;
    NDK_FN_CREATE_CQ NdkCreateCq;
    NDK_FN_CREATE_PD NdkCreatePd;
    NDK_FN_CREATE_SHARED_ENDPOINT NdkCreateSharedEndpoint;
    NDK_FN_CREATE_CONNECTOR NdkCreateConnector;
    NDK_FN_CREATE_LISTENER NdkCreateListener;
    NDK_FN_BUILD_LAM NdkBuildLAM;
    NDK_FN_RELEASE_LAM NdkReleaseLAM;
} NDK_ADAPTER_DISPATCH;

/* ns-ndkpi-_ndk_adapter.md */
struct _NDK_ADAPTER {
    NDK_OBJECT_HEADER Header;
    CONST NDK_ADAPTER_DISPATCH *Dispatch;
};

#endif /* NDKT_NDKPI_H */
