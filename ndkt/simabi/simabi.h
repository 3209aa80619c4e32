/*
 * simabi.h: the C side of package ndkt/simabi, shared by simabi.c and the
 * package's Go files (declarations only: the Go files that //export
 * functions include it, and their preamble may hold no definitions).
 */
#ifndef NDKT_SIMABI_INTERNAL_H
#define NDKT_SIMABI_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include "ndkt_simabi.h"

/* Object.Magic of a live object. */
#define NDKT_SIMABI_MAGIC 0x6e646b73u

/* Object.Flags: what an abi-variant does to the object (see variants.go). */
#define NDKT_SIMABI_F_DISPATCH_LATE 0x1 /* Dispatch NULL at creation, set later (OH-1) */
#define NDKT_SIMABI_F_REWRITE 0x2       /* Dispatch stored again at every call (OH-2) */
#define NDKT_SIMABI_F_RESERVED 0x4      /* NdkReserved not zero (OH-5) */

/*
 * Every object the provider hands out: the NDKPI object first (Header and
 * Dispatch, the same layout for all ten), then the provider's own fields,
 * which the consumer never reads.
 */
typedef struct ndkt_simabi_object {
    union {
        NDK_OBJECT_HEADER Header;
        NDK_ADAPTER Adapter;
        NDK_CQ Cq;
        NDK_PD Pd;
        NDK_MR Mr;
        NDK_MW Mw;
        NDK_SRQ Srq;
        NDK_QP Qp;
        NDK_SHARED_ENDPOINT SharedEndpoint;
        NDK_CONNECTOR Connector;
        NDK_LISTENER Listener;
    } Ndk;
    uint64_t Id;    /* the Go registry's id of the sim object */
    uint32_t Magic; /* NDKT_SIMABI_MAGIC while live */
    uint32_t Flags; /* NDKT_SIMABI_F_* */
    NDK_OBJECT_TYPE Type;   /* the object's kind (whatever its header says) */
    const void *Table;      /* the dispatch table Dispatch is set to */
} ndkt_simabi_object;

/* One provider's dispatch tables (C memory, built at simabi.Open). */
typedef struct ndkt_simabi_tables {
    NDK_ADAPTER_DISPATCH Adapter;
    NDK_CQ_DISPATCH Cq;
    NDK_PD_DISPATCH Pd;
    NDK_MR_DISPATCH Mr;
    NDK_MW_DISPATCH Mw;
    NDK_SRQ_DISPATCH Srq;
    NDK_QP_DISPATCH Qp;
    NDK_SHARED_ENDPOINT_DISPATCH SharedEndpoint;
    NDK_CONNECTOR_DISPATCH Connector;
    NDK_LISTENER_DISPATCH Listener;
} ndkt_simabi_tables;

/* ndkt_simabi_tables_new's table edits (abi variants; see variants.go). */
#define NDKT_SIMABI_T_NO_EX 0x1              /* NDKPI < 2.1: no NdkCompleteConnectEx, NdkAcceptEx */
#define NDKT_SIMABI_T_NULL_QUERY_EXT 0x2     /* NDK_LISTENER_DISPATCH.NdkQueryExtension NULL (OH-8) */
#define NDKT_SIMABI_T_NULL_ENTRY 0x4         /* NDK_QP_DISPATCH.NdkBind NULL (IF-1, IF-2, OV-3) */

ndkt_simabi_tables *ndkt_simabi_tables_new(int edits);
void ndkt_simabi_tables_free(ndkt_simabi_tables *t);

ndkt_simabi_object *ndkt_simabi_object_new(NDK_OBJECT_TYPE type, NDK_OBJECT_TYPE headerType, USHORT major,
                                           USHORT minor, const ndkt_simabi_tables *t, uint64_t id, uint32_t flags);
void ndkt_simabi_object_set_dispatch(ndkt_simabi_object *o);
void ndkt_simabi_object_free(ndkt_simabi_object *o);

/* MmGetMdlVirtualAddress of m, as an integer (an index, MR-4). */
uintptr_t ndkt_simabi_mdl_va(const MDL *m);

/*
 * Trampolines: the provider's calls of consumer callbacks (Go cannot call
 * a C function pointer). fn and ctx are the consumer's, as integers. mode
 * is the simulated IRQL: PASSIVE_LEVEL, DISPATCH_LEVEL, or -1 (mixed:
 * PASSIVE_LEVEL inside a consumer's call to the provider on this thread,
 * DISPATCH_LEVEL otherwise).
 */
void ndkt_simabi_cb_close(uintptr_t fn, uintptr_t ctx, int mode);
void ndkt_simabi_cb_request(uintptr_t fn, uintptr_t ctx, NTSTATUS status, int mode);
void ndkt_simabi_cb_create(uintptr_t fn, uintptr_t ctx, NTSTATUS status, ndkt_simabi_object *obj, int mode);
void ndkt_simabi_cb_cq_notify(uintptr_t fn, uintptr_t ctx, NTSTATUS status, int mode);
void ndkt_simabi_cb_srq_notify(uintptr_t fn, uintptr_t ctx, NTSTATUS status, int mode);
void ndkt_simabi_cb_connect_event(uintptr_t fn, uintptr_t ctx, ndkt_simabi_object *conn, int mode);
void ndkt_simabi_cb_disconnect(uintptr_t fn, uintptr_t ctx, int mode);
void ndkt_simabi_cb_disconnect_ex(uintptr_t fn, uintptr_t ctx, ULONG reason, int mode);

/* Layout facts the Go side checks its mirrors of these structs against. */
enum {
    ndkt_simabi_sizeof_sge = sizeof(NDK_SGE),
    ndkt_simabi_sizeof_result = sizeof(NDK_RESULT),
    ndkt_simabi_sizeof_result_ex = sizeof(NDK_RESULT_EX),
    ndkt_simabi_off_result_ex_type = offsetof(NDK_RESULT_EX, Type),
    ndkt_simabi_off_result_ex_tsco = offsetof(NDK_RESULT_EX, TypeSpecificCompletionOutput),
    ndkt_simabi_off_lam_count = offsetof(NDK_LOGICAL_ADDRESS_MAPPING, AdapterPageCount),
    ndkt_simabi_off_lam_pages = offsetof(NDK_LOGICAL_ADDRESS_MAPPING, AdapterPageArray),
    ndkt_simabi_sizeof_sockaddr_in = sizeof(struct sockaddr_in),
    ndkt_simabi_sizeof_sockaddr_in6 = sizeof(struct sockaddr_in6),
    ndkt_simabi_af_inet = AF_INET,
    ndkt_simabi_af_inet6 = AF_INET6,
};

#endif /* NDKT_SIMABI_INTERNAL_H */
