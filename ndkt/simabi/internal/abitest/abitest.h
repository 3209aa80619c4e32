/*
 * abitest.h: a test consumer of sim behind NDKPI's C ABI (ndkt/simabi).
 * Every call goes through the object's Dispatch, by member name; every
 * callback is one of the recorders below, which queue an event with the
 * context the provider passed back. Contexts are integers the Go tests
 * choose. Declarations only (the Go side's preamble includes it).
 */
#ifndef ABITEST_H
#define ABITEST_H

#include <stddef.h>
#include <stdint.h>

#include "ndkt_simabi.h"

enum {
    ABITEST_EV_CREATE = 1,
    ABITEST_EV_REQUEST,
    ABITEST_EV_CLOSE,
    ABITEST_EV_CQ_NOTIFY,
    ABITEST_EV_SRQ_NOTIFY,
    ABITEST_EV_CONNECT,
    ABITEST_EV_DISCONNECT,
    ABITEST_EV_DISCONNECT_EX,
};

/* What a header and its dispatch table look like (from the consumer's
 * side: NDKPI's members only). */
typedef struct abitest_header {
    USHORT Major, Minor;
    int ObjectType;
    int ReservedNonzero;
    uintptr_t Dispatch;
    int Entries;       /* members of the kind's dispatch table (0: not read) */
    uint64_t NullMask; /* bit i: the i-th member (page order) is NULL */
} abitest_header;

typedef struct abitest_event {
    int Kind;
    uintptr_t Ctx;
    NTSTATUS Status;
    void *Obj; /* create: the object; connect event: the connector */
    ULONG Reason;  /* disconnect ex */
    int Irql;      /* the simulated IRQL the hook set around the callback, -1: none */
    abitest_header Header; /* of Obj, read inside the callback */
} abitest_event;

typedef struct abitest_result {
    NTSTATUS Status;
    ULONG BytesTransferred;
    uintptr_t QPContext, RequestContext;
    ULONG Type, ProviderErrorCode;
    uint64_t TypeSpecificCompletionOutput;
} abitest_result;

enum { abitest_lam_pages_offset = offsetof(NDK_LOGICAL_ADDRESS_MAPPING, AdapterPageArray) };

void abitest_reset(void);
int abitest_next(abitest_event *out);
void abitest_hook(int on);
int abitest_hook_errors(void);

void abitest_inspect(const void *obj, int kind, abitest_header *out);
/* Replace obj's Dispatch with a copy of its table (the consumer may change
 * it, OH-2); returns the copy (free with abitest_free). */
void *abitest_swap_dispatch(void *obj, int kind);
uintptr_t abitest_dispatch(const void *obj);
NTSTATUS abitest_query_extension(void *obj, int kind, int *present);

void *abitest_alloc(size_t n);
void abitest_free(void *p);
MDL *abitest_mdl(void *buf, ULONG n, uint64_t va, MDL *next);

NTSTATUS abitest_miniport(uintptr_t provider, int v6, const uint8_t *ip, uintptr_t *ctx);
NTSTATUS abitest_open(uintptr_t mp, USHORT major, USHORT minor, NDK_ADAPTER **pa);
void abitest_close_adapter(uintptr_t mp, NDK_ADAPTER *a);
NTSTATUS abitest_query_adapter_info(NDK_ADAPTER *a, NDK_ADAPTER_INFO *info, ULONG *size, int null_buffer);

NTSTATUS abitest_close(void *obj, int kind, uintptr_t rctx);

NTSTATUS abitest_create_cq(NDK_ADAPTER *a, ULONG depth, uintptr_t nctx, uintptr_t rctx, NDK_CQ **pp);
NTSTATUS abitest_create_pd(NDK_ADAPTER *a, uintptr_t rctx, NDK_PD **pp);
NTSTATUS abitest_create_se(NDK_ADAPTER *a, int v6, const uint8_t *ip, uint16_t port, uintptr_t rctx,
                           NDK_SHARED_ENDPOINT **pp);
NTSTATUS abitest_create_connector(NDK_ADAPTER *a, uintptr_t rctx, NDK_CONNECTOR **pp);
NTSTATUS abitest_create_listener(NDK_ADAPTER *a, uintptr_t ectx, uintptr_t rctx, NDK_LISTENER **pp);
NTSTATUS abitest_build_lam(NDK_ADAPTER *a, MDL *mdl, SIZE_T len, uintptr_t rctx, NDK_LOGICAL_ADDRESS_MAPPING *lam,
                           ULONG *lamSize, ULONG *fbo);
void abitest_release_lam(NDK_ADAPTER *a, NDK_LOGICAL_ADDRESS_MAPPING *lam);

void abitest_arm_cq(NDK_CQ *cq, ULONG type);
ULONG abitest_poll(NDK_CQ *cq, abitest_result *out, ULONG n, int ex);

NTSTATUS abitest_create_mr(NDK_PD *pd, int fast, uintptr_t rctx, NDK_MR **pp);
NTSTATUS abitest_create_mw(NDK_PD *pd, uintptr_t rctx, NDK_MW **pp);
NTSTATUS abitest_create_srq(NDK_PD *pd, ULONG depth, ULONG sge, uintptr_t nctx, uintptr_t rctx, NDK_SRQ **pp);
NTSTATUS abitest_create_qp(NDK_PD *pd, NDK_CQ *cq, NDK_SRQ *srq, uintptr_t qpctx, ULONG depth, ULONG sge,
                           uintptr_t rctx, NDK_QP **pp);
void abitest_privileged_token(NDK_PD *pd, UINT32 *t);

NTSTATUS abitest_register_mr(NDK_MR *mr, MDL *mdl, SIZE_T len, ULONG flags, uintptr_t rctx);
NTSTATUS abitest_deregister_mr(NDK_MR *mr, uintptr_t rctx);
UINT32 abitest_mr_token(NDK_MR *mr, int remote);
UINT32 abitest_mw_token(NDK_MW *mw);

enum { ABITEST_OP_SEND = 1, ABITEST_OP_RECEIVE, ABITEST_OP_READ, ABITEST_OP_WRITE, ABITEST_OP_SRQ_RECEIVE };
NTSTATUS abitest_post(int op, void *qp_or_srq, uintptr_t rctx, uint64_t va, ULONG len, UINT32 token, uint64_t raddr,
                      UINT32 rtoken, ULONG flags);

NTSTATUS abitest_listen(NDK_LISTENER *l, int v6, const uint8_t *ip, uint16_t port, uintptr_t rctx);
NTSTATUS abitest_get_address(void *obj, int kind, int peer, ULONG inLen, int null_buffer, int *v6, uint8_t *ip,
                             uint16_t *port, ULONG *outLen);
NTSTATUS abitest_connect(NDK_CONNECTOR *c, NDK_QP *qp, NDK_SHARED_ENDPOINT *se, int v6, const uint8_t *src,
                         const uint8_t *dst, uint16_t port, const void *pd, ULONG pdLen, uintptr_t rctx);
NTSTATUS abitest_complete_connect(NDK_CONNECTOR *c, int ex, uintptr_t dctx, uintptr_t rctx);
NTSTATUS abitest_accept(NDK_CONNECTOR *c, int ex, NDK_QP *qp, const void *pd, ULONG pdLen, uintptr_t dctx,
                        uintptr_t rctx);
NTSTATUS abitest_get_connection_data(NDK_CONNECTOR *c, void *buf, ULONG *len, ULONG *ird, ULONG *ord);
NTSTATUS abitest_disconnect(NDK_CONNECTOR *c, uintptr_t rctx);

NTSTATUS abitest_resize_cq(NDK_CQ *cq, ULONG depth, uintptr_t rctx);
NTSTATUS abitest_moderate_cq(NDK_CQ *cq, ULONG interval, ULONG count);
NTSTATUS abitest_init_fast_register(NDK_MR *mr, ULONG pages, int remote, uintptr_t rctx);
NTSTATUS abitest_fast_register(NDK_QP *qp, uintptr_t rctx, NDK_MR *mr, const NDK_LOGICAL_ADDRESS_MAPPING *lam, ULONG fbo,
                               SIZE_T len, uint64_t base, ULONG flags);
NTSTATUS abitest_bind(NDK_QP *qp, uintptr_t rctx, NDK_MR *mr, NDK_MW *mw, uint64_t va, SIZE_T len, ULONG flags);
NTSTATUS abitest_invalidate(NDK_QP *qp, uintptr_t rctx, void *mr_or_mw, ULONG flags);
NTSTATUS abitest_send_and_invalidate(NDK_QP *qp, uintptr_t rctx, uint64_t va, ULONG len, UINT32 token, UINT32 rtoken);
void abitest_flush(NDK_QP *qp);
NTSTATUS abitest_modify_srq(NDK_SRQ *srq, ULONG depth, ULONG threshold, uintptr_t rctx);
void abitest_control_connect_events(NDK_LISTENER *l, int pause);
NTSTATUS abitest_reject(NDK_CONNECTOR *c, const void *pd, ULONG pdLen);

#endif /* ABITEST_H */
