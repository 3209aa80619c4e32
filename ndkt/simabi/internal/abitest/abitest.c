//go:build linux && cgo

/*
 * abitest.c: the test consumer (see abitest.h). Calls through Dispatch by
 * member name only; never reads the provider's own fields.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "abitest.h"

/* ---- events ---- */

#define RING 8192
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static abitest_event ring[RING];
static unsigned head, tail;
static int hook_errors;

static _Thread_local int cur_irql = -1;
static _Thread_local int hook_depth;

static void hook(int entering, int irql) {
    if (entering) {
        hook_depth++;
        cur_irql = irql;
        return;
    }
    if (hook_depth <= 0 || irql != cur_irql) {
        __atomic_add_fetch(&hook_errors, 1, __ATOMIC_RELAXED);
    }
    hook_depth--;
    cur_irql = -1;
}

void abitest_hook(int on) { ndkt_simabi_irql_hook = on ? hook : NULL; }

int abitest_hook_errors(void) { return __atomic_load_n(&hook_errors, __ATOMIC_RELAXED); }

void abitest_reset(void) {
    pthread_mutex_lock(&mu);
    head = tail = 0;
    hook_errors = 0;
    pthread_mutex_unlock(&mu);
}

static void record(int kind, PVOID ctx, NTSTATUS status, const void *obj, int objKind, ULONG reason) {
    abitest_event ev;
    memset(&ev, 0, sizeof ev);
    ev.Kind = kind;
    ev.Ctx = (uintptr_t)ctx;
    ev.Status = status;
    ev.Obj = (void *)obj;
    ev.Reason = reason;
    ev.Irql = hook_depth > 0 ? cur_irql : -1;
    if (obj != NULL) {
        abitest_inspect(obj, objKind, &ev.Header);
    }
    pthread_mutex_lock(&mu);
    if (tail - head < RING) {
        ring[tail++ % RING] = ev;
    }
    pthread_mutex_unlock(&mu);
}

int abitest_next(abitest_event *out) {
    int got = 0;
    pthread_mutex_lock(&mu);
    if (head != tail) {
        *out = ring[head++ % RING];
        got = 1;
    }
    pthread_mutex_unlock(&mu);
    return got;
}

/* The create completion does not say the object's kind (the header's
 * ObjectType may be wrong, OH-4): its header is read here, its table by the
 * test, which knows what it created. */
static void create_cb(PVOID ctx, NTSTATUS status, NDK_OBJECT_HEADER *obj) {
    record(ABITEST_EV_CREATE, ctx, status, obj, 0, 0);
}
static void request_cb(PVOID ctx, NTSTATUS status) { record(ABITEST_EV_REQUEST, ctx, status, NULL, 0, 0); }
static void close_cb(PVOID ctx) { record(ABITEST_EV_CLOSE, ctx, 0, NULL, 0, 0); }
static void cq_notify_cb(PVOID ctx, NTSTATUS status) { record(ABITEST_EV_CQ_NOTIFY, ctx, status, NULL, 0, 0); }
static void srq_notify_cb(PVOID ctx, NTSTATUS status) { record(ABITEST_EV_SRQ_NOTIFY, ctx, status, NULL, 0, 0); }
static void connect_cb(PVOID ctx, NDK_CONNECTOR *c) {
    record(ABITEST_EV_CONNECT, ctx, 0, c, NdkObjectTypeConnector, 0);
}
static void disconnect_cb(PVOID ctx) { record(ABITEST_EV_DISCONNECT, ctx, 0, NULL, 0, 0); }
static void disconnect_ex_cb(PVOID ctx, ULONG reason) { record(ABITEST_EV_DISCONNECT_EX, ctx, 0, NULL, 0, reason); }

/* ---- headers and tables ---- */

#define ENTRY(m)                                                                                                       \
    do {                                                                                                               \
        if (d->m == NULL) {                                                                                            \
            out->NullMask |= 1ull << out->Entries;                                                                     \
        }                                                                                                              \
        out->Entries++;                                                                                                \
    } while (0)
#define LOAD(T) const T *d = __atomic_load_n(&((const struct { NDK_OBJECT_HEADER h; const T *p; } *)obj)->p, __ATOMIC_ACQUIRE)

void abitest_inspect(const void *obj, int kind, abitest_header *out) {
    const NDK_OBJECT_HEADER *h = obj;
    memset(out, 0, sizeof *out);
    out->Major = h->Version.Major;
    out->Minor = h->Version.Minor;
    out->ObjectType = h->ObjectType;
    for (int i = 0; i < 4; i++) {
        if (h->NdkReserved.rf[i] != NULL) {
            out->ReservedNonzero = 1;
        }
    }
    out->Dispatch = abitest_dispatch(obj);
    if (out->Dispatch == 0) {
        return;
    }
    switch (kind) {
    case NdkObjectTypeAdapter: {
        LOAD(NDK_ADAPTER_DISPATCH);
        ENTRY(NdkQueryExtension);
        ENTRY(NdkQueryAdapterInfo);
        ENTRY(NdkCreateCq);
        ENTRY(NdkCreatePd);
        ENTRY(NdkCreateSharedEndpoint);
        ENTRY(NdkCreateConnector);
        ENTRY(NdkCreateListener);
        ENTRY(NdkBuildLAM);
        ENTRY(NdkReleaseLAM);
        break;
    }
    case NdkObjectTypeCq: {
        LOAD(NDK_CQ_DISPATCH);
        ENTRY(NdkCloseCq);
        ENTRY(NdkQueryExtension);
        ENTRY(NdkResizeCq);
        ENTRY(NdkArmCq);
        ENTRY(NdkGetCqResults);
        ENTRY(NdkControlCqInterruptModeration);
        ENTRY(NdkGetCqResultsEx);
        break;
    }
    case NdkObjectTypePd: {
        LOAD(NDK_PD_DISPATCH);
        ENTRY(NdkClosePd);
        ENTRY(NdkQueryExtension);
        ENTRY(NdkCreateMr);
        ENTRY(NdkCreateMw);
        ENTRY(NdkCreateSrq);
        ENTRY(NdkCreateQp);
        ENTRY(NdkCreateQpWithSrq);
        ENTRY(NdkGetPrivilegedMemoryRegionToken);
        break;
    }
    case NdkObjectTypeMr: {
        LOAD(NDK_MR_DISPATCH);
        ENTRY(NdkCloseMr);
        ENTRY(NdkQueryExtension);
        ENTRY(NdkRegisterMr);
        ENTRY(NdkDeregisterMr);
        ENTRY(NdkInitializeFastRegisterMr);
        ENTRY(NdkGetRemoteTokenFromMr);
        ENTRY(NdkGetLocalTokenFromMr);
        break;
    }
    case NdkObjectTypeMw: {
        LOAD(NDK_MW_DISPATCH);
        ENTRY(NdkCloseMw);
        ENTRY(NdkQueryExtension);
        ENTRY(NdkGetRemoteTokenFromMw);
        break;
    }
    case NdkObjectTypeSrq: {
        LOAD(NDK_SRQ_DISPATCH);
        ENTRY(NdkCloseSrq);
        ENTRY(NdkQueryExtension);
        ENTRY(NdkModifySrq);
        ENTRY(NdkSrqReceive);
        break;
    }
    case NdkObjectTypeQp: {
        LOAD(NDK_QP_DISPATCH);
        ENTRY(NdkCloseQp);
        ENTRY(NdkQueryExtension);
        ENTRY(NdkFlush);
        ENTRY(NdkSend);
        ENTRY(NdkReceive);
        ENTRY(NdkBind);
        ENTRY(NdkFastRegister);
        ENTRY(NdkInvalidate);
        ENTRY(NdkRead);
        ENTRY(NdkWrite);
        ENTRY(NdkSendAndInvalidate);
        break;
    }
    case NdkObjectTypeSharedEndpoint: {
        LOAD(NDK_SHARED_ENDPOINT_DISPATCH);
        ENTRY(NdkCloseSharedEndpoint);
        ENTRY(NdkQueryExtension);
        ENTRY(NdkGetLocalAddress);
        break;
    }
    case NdkObjectTypeConnector: {
        LOAD(NDK_CONNECTOR_DISPATCH);
        ENTRY(NdkCloseConnector);
        ENTRY(NdkQueryExtension);
        ENTRY(NdkConnect);
        ENTRY(NdkConnectWithSharedEndpoint);
        ENTRY(NdkCompleteConnect);
        ENTRY(NdkAccept);
        ENTRY(NdkReject);
        ENTRY(NdkGetConnectionData);
        ENTRY(NdkGetLocalAddress);
        ENTRY(NdkGetPeerAddress);
        ENTRY(NdkDisconnect);
        ENTRY(NdkCompleteConnectEx);
        ENTRY(NdkAcceptEx);
        break;
    }
    case NdkObjectTypeListener: {
        LOAD(NDK_LISTENER_DISPATCH);
        ENTRY(NdkCloseListener);
        ENTRY(NdkQueryExtension);
        ENTRY(NdkListen);
        ENTRY(NdkGetLocalAddress);
        ENTRY(NdkControlConnectEvents);
        break;
    }
    default:
        break;
    }
}

/* Every NDKPI object is { NDK_OBJECT_HEADER Header; const X_DISPATCH *Dispatch; }. */
typedef struct {
    NDK_OBJECT_HEADER Header;
    const void *Dispatch;
} any_object;

uintptr_t abitest_dispatch(const void *obj) {
    return (uintptr_t)__atomic_load_n(&((const any_object *)obj)->Dispatch, __ATOMIC_ACQUIRE);
}

static size_t table_size(int kind) {
    switch (kind) {
    case NdkObjectTypeAdapter:
        return sizeof(NDK_ADAPTER_DISPATCH);
    case NdkObjectTypeCq:
        return sizeof(NDK_CQ_DISPATCH);
    case NdkObjectTypePd:
        return sizeof(NDK_PD_DISPATCH);
    case NdkObjectTypeMr:
        return sizeof(NDK_MR_DISPATCH);
    case NdkObjectTypeMw:
        return sizeof(NDK_MW_DISPATCH);
    case NdkObjectTypeSrq:
        return sizeof(NDK_SRQ_DISPATCH);
    case NdkObjectTypeQp:
        return sizeof(NDK_QP_DISPATCH);
    case NdkObjectTypeSharedEndpoint:
        return sizeof(NDK_SHARED_ENDPOINT_DISPATCH);
    case NdkObjectTypeConnector:
        return sizeof(NDK_CONNECTOR_DISPATCH);
    case NdkObjectTypeListener:
        return sizeof(NDK_LISTENER_DISPATCH);
    }
    return 0;
}

void *abitest_swap_dispatch(void *obj, int kind) {
    any_object *o = obj;
    size_t n = table_size(kind);
    void *copy = malloc(n);
    memcpy(copy, o->Dispatch, n);
    o->Dispatch = copy;
    return copy;
}

NTSTATUS abitest_query_extension(void *obj, int kind, int *present) {
    static GUID vendor = {0x6e646b74, 0x7369, 0x6d61, {0x62, 0x69, 0x74, 0x65, 0x73, 0x74, 0x00, 0x01}};
    NDK_VERSION v = {1, 0};
    NDK_EXTENSION_INTERFACE ext = {NULL};
    NDK_FN_QUERY_EXTENSION_INTERFACE fn = NULL;
    switch (kind) {
    case NdkObjectTypeAdapter:
        fn = ((NDK_ADAPTER *)obj)->Dispatch->NdkQueryExtension;
        break;
    case NdkObjectTypeCq:
        fn = ((NDK_CQ *)obj)->Dispatch->NdkQueryExtension;
        break;
    case NdkObjectTypePd:
        fn = ((NDK_PD *)obj)->Dispatch->NdkQueryExtension;
        break;
    case NdkObjectTypeMr:
        fn = ((NDK_MR *)obj)->Dispatch->NdkQueryExtension;
        break;
    case NdkObjectTypeMw:
        fn = ((NDK_MW *)obj)->Dispatch->NdkQueryExtension;
        break;
    case NdkObjectTypeSrq:
        fn = ((NDK_SRQ *)obj)->Dispatch->NdkQueryExtension;
        break;
    case NdkObjectTypeQp:
        fn = ((NDK_QP *)obj)->Dispatch->NdkQueryExtension;
        break;
    case NdkObjectTypeSharedEndpoint:
        fn = ((NDK_SHARED_ENDPOINT *)obj)->Dispatch->NdkQueryExtension;
        break;
    case NdkObjectTypeConnector:
        fn = ((NDK_CONNECTOR *)obj)->Dispatch->NdkQueryExtension;
        break;
    case NdkObjectTypeListener:
        fn = ((NDK_LISTENER *)obj)->Dispatch->NdkQueryExtension;
        break;
    }
    *present = fn != NULL;
    if (fn == NULL) {
        return STATUS_NOT_IMPLEMENTED;
    }
    return fn((NDK_OBJECT_HEADER *)obj, &vendor, v, &ext);
}

/* ---- memory ---- */

void *abitest_alloc(size_t n) { return calloc(1, n); }
void abitest_free(void *p) { free(p); }

MDL *abitest_mdl(void *buf, ULONG n, uint64_t va, MDL *next) {
    MDL *m = calloc(1, sizeof(MDL) + sizeof(PFN_NUMBER));
    m->Next = next;
    m->Size = (SHORT)(sizeof(MDL) + sizeof(PFN_NUMBER));
    m->MdlFlags = MDL_SOURCE_IS_NONPAGED_POOL;
    m->MappedSystemVa = buf;
    m->StartVa = (PVOID)(uintptr_t)(va & ~(uint64_t)(PAGE_SIZE - 1));
    m->ByteOffset = (ULONG)(va & (PAGE_SIZE - 1));
    m->ByteCount = n;
    return m;
}

/* ---- addresses ---- */

static ULONG sockaddr_of(struct sockaddr_storage *ss, int v6, const uint8_t *ip, uint16_t port) {
    memset(ss, 0, sizeof *ss);
    if (v6) {
        struct sockaddr_in6 *s = (struct sockaddr_in6 *)ss;
        s->sin6_family = AF_INET6;
        s->sin6_port = htons(port);
        memcpy(&s->sin6_addr, ip, 16);
        return sizeof *s;
    }
    struct sockaddr_in *s = (struct sockaddr_in *)ss;
    s->sin_family = AF_INET;
    s->sin_port = htons(port);
    memcpy(&s->sin_addr, ip, 4);
    return sizeof *s;
}

/* ---- adapter ---- */

NTSTATUS abitest_miniport(uintptr_t provider, int v6, const uint8_t *ip, uintptr_t *ctx) {
    struct sockaddr_storage ss;
    ULONG n = sockaddr_of(&ss, v6, ip, 0);
    PVOID mp = NULL;
    NTSTATUS s = ndkt_simabi_miniport_adapter(provider, (SOCKADDR *)&ss, n, &mp);
    *ctx = (uintptr_t)mp;
    return s;
}

NTSTATUS abitest_open(uintptr_t mp, USHORT major, USHORT minor, NDK_ADAPTER **pa) {
    NDKT_SIMABI_OPEN_NDK_ADAPTER_PARAMETERS p = {.Version = {major, minor}};
    return ndkt_simabi_open_ndk_adapter((PVOID)mp, &p, pa);
}

void abitest_close_adapter(uintptr_t mp, NDK_ADAPTER *a) { ndkt_simabi_close_ndk_adapter((PVOID)mp, a); }

NTSTATUS abitest_query_adapter_info(NDK_ADAPTER *a, NDK_ADAPTER_INFO *info, ULONG *size, int null_buffer) {
    return a->Dispatch->NdkQueryAdapterInfo(a, null_buffer ? NULL : info, size);
}

NTSTATUS abitest_close(void *obj, int kind, uintptr_t rctx) {
    NDK_OBJECT_HEADER *h = obj;
    PVOID c = (PVOID)rctx;
    switch (kind) {
    case NdkObjectTypeCq:
        return ((NDK_CQ *)obj)->Dispatch->NdkCloseCq(h, close_cb, c);
    case NdkObjectTypePd:
        return ((NDK_PD *)obj)->Dispatch->NdkClosePd(h, close_cb, c);
    case NdkObjectTypeMr:
        return ((NDK_MR *)obj)->Dispatch->NdkCloseMr(h, close_cb, c);
    case NdkObjectTypeMw:
        return ((NDK_MW *)obj)->Dispatch->NdkCloseMw(h, close_cb, c);
    case NdkObjectTypeSrq:
        return ((NDK_SRQ *)obj)->Dispatch->NdkCloseSrq(h, close_cb, c);
    case NdkObjectTypeQp:
        return ((NDK_QP *)obj)->Dispatch->NdkCloseQp(h, close_cb, c);
    case NdkObjectTypeSharedEndpoint:
        return ((NDK_SHARED_ENDPOINT *)obj)->Dispatch->NdkCloseSharedEndpoint(h, close_cb, c);
    case NdkObjectTypeConnector:
        return ((NDK_CONNECTOR *)obj)->Dispatch->NdkCloseConnector(h, close_cb, c);
    case NdkObjectTypeListener:
        return ((NDK_LISTENER *)obj)->Dispatch->NdkCloseListener(h, close_cb, c);
    }
    return STATUS_INVALID_PARAMETER;
}

NTSTATUS abitest_create_cq(NDK_ADAPTER *a, ULONG depth, uintptr_t nctx, uintptr_t rctx, NDK_CQ **pp) {
    return a->Dispatch->NdkCreateCq(a, depth, cq_notify_cb, (PVOID)nctx, NULL, create_cb, (PVOID)rctx, pp);
}

NTSTATUS abitest_create_pd(NDK_ADAPTER *a, uintptr_t rctx, NDK_PD **pp) {
    return a->Dispatch->NdkCreatePd(a, create_cb, (PVOID)rctx, pp);
}

NTSTATUS abitest_create_se(NDK_ADAPTER *a, int v6, const uint8_t *ip, uint16_t port, uintptr_t rctx,
                           NDK_SHARED_ENDPOINT **pp) {
    struct sockaddr_storage ss;
    ULONG n = sockaddr_of(&ss, v6, ip, port);
    return a->Dispatch->NdkCreateSharedEndpoint(a, (PSOCKADDR)&ss, n, create_cb, (PVOID)rctx, pp);
}

NTSTATUS abitest_create_connector(NDK_ADAPTER *a, uintptr_t rctx, NDK_CONNECTOR **pp) {
    return a->Dispatch->NdkCreateConnector(a, create_cb, (PVOID)rctx, pp);
}

NTSTATUS abitest_create_listener(NDK_ADAPTER *a, uintptr_t ectx, uintptr_t rctx, NDK_LISTENER **pp) {
    return a->Dispatch->NdkCreateListener(a, connect_cb, (PVOID)ectx, create_cb, (PVOID)rctx, pp);
}

NTSTATUS abitest_build_lam(NDK_ADAPTER *a, MDL *mdl, SIZE_T len, uintptr_t rctx, NDK_LOGICAL_ADDRESS_MAPPING *lam,
                           ULONG *lamSize, ULONG *fbo) {
    return a->Dispatch->NdkBuildLAM(a, mdl, len, request_cb, (PVOID)rctx, lam, lamSize, fbo);
}

void abitest_release_lam(NDK_ADAPTER *a, NDK_LOGICAL_ADDRESS_MAPPING *lam) { a->Dispatch->NdkReleaseLAM(a, lam); }

/* ---- CQ ---- */

void abitest_arm_cq(NDK_CQ *cq, ULONG type) { cq->Dispatch->NdkArmCq(cq, type); }

ULONG abitest_poll(NDK_CQ *cq, abitest_result *out, ULONG n, int ex) {
    ULONG k;
    if (ex) {
        NDK_RESULT_EX *r = calloc(n, sizeof *r);
        k = cq->Dispatch->NdkGetCqResultsEx(cq, r, n);
        for (ULONG i = 0; i < k && i < n; i++) {
            out[i].Status = r[i].Status;
            out[i].BytesTransferred = r[i].BytesTransferred;
            out[i].QPContext = (uintptr_t)r[i].QPContext;
            out[i].RequestContext = (uintptr_t)r[i].RequestContext;
            out[i].Type = r[i].Type;
            out[i].ProviderErrorCode = r[i].ProviderErrorCode;
            out[i].TypeSpecificCompletionOutput = r[i].TypeSpecificCompletionOutput;
        }
        free(r);
        return k;
    }
    NDK_RESULT *r = calloc(n, sizeof *r);
    k = cq->Dispatch->NdkGetCqResults(cq, r, n);
    for (ULONG i = 0; i < k && i < n; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].Status = r[i].Status;
        out[i].BytesTransferred = r[i].BytesTransferred;
        out[i].QPContext = (uintptr_t)r[i].QPContext;
        out[i].RequestContext = (uintptr_t)r[i].RequestContext;
    }
    free(r);
    return k;
}

/* ---- PD, MR, MW ---- */

NTSTATUS abitest_create_mr(NDK_PD *pd, int fast, uintptr_t rctx, NDK_MR **pp) {
    return pd->Dispatch->NdkCreateMr(pd, (BOOLEAN)fast, create_cb, (PVOID)rctx, pp);
}

NTSTATUS abitest_create_mw(NDK_PD *pd, uintptr_t rctx, NDK_MW **pp) {
    return pd->Dispatch->NdkCreateMw(pd, create_cb, (PVOID)rctx, pp);
}

NTSTATUS abitest_create_srq(NDK_PD *pd, ULONG depth, ULONG sge, uintptr_t nctx, uintptr_t rctx, NDK_SRQ **pp) {
    return pd->Dispatch->NdkCreateSrq(pd, depth, sge, 0, srq_notify_cb, (PVOID)nctx, NULL, create_cb, (PVOID)rctx, pp);
}

NTSTATUS abitest_create_qp(NDK_PD *pd, NDK_CQ *cq, NDK_SRQ *srq, uintptr_t qpctx, ULONG depth, ULONG sge,
                           uintptr_t rctx, NDK_QP **pp) {
    if (srq != NULL) {
        return pd->Dispatch->NdkCreateQpWithSrq(pd, cq, cq, srq, (PVOID)qpctx, depth, sge, 0, create_cb, (PVOID)rctx,
                                                pp);
    }
    return pd->Dispatch->NdkCreateQp(pd, cq, cq, (PVOID)qpctx, depth, depth, sge, sge, 0, create_cb, (PVOID)rctx, pp);
}

void abitest_privileged_token(NDK_PD *pd, UINT32 *t) { pd->Dispatch->NdkGetPrivilegedMemoryRegionToken(pd, t); }

NTSTATUS abitest_register_mr(NDK_MR *mr, MDL *mdl, SIZE_T len, ULONG flags, uintptr_t rctx) {
    return mr->Dispatch->NdkRegisterMr(mr, mdl, len, flags, request_cb, (PVOID)rctx);
}

NTSTATUS abitest_deregister_mr(NDK_MR *mr, uintptr_t rctx) {
    return mr->Dispatch->NdkDeregisterMr(mr, request_cb, (PVOID)rctx);
}

UINT32 abitest_mr_token(NDK_MR *mr, int remote) {
    return remote ? mr->Dispatch->NdkGetRemoteTokenFromMr(mr) : mr->Dispatch->NdkGetLocalTokenFromMr(mr);
}

UINT32 abitest_mw_token(NDK_MW *mw) { return mw->Dispatch->NdkGetRemoteTokenFromMw(mw); }

/* ---- work requests ---- */

NTSTATUS abitest_post(int op, void *q, uintptr_t rctx, uint64_t va, ULONG len, UINT32 token, uint64_t raddr,
                      UINT32 rtoken, ULONG flags) {
    NDK_SGE sge;
    memset(&sge, 0, sizeof sge);
    sge.VirtualAddress = (PVOID)(uintptr_t)va;
    sge.Length = len;
    sge.MemoryRegionToken = token;
    NDK_QP *qp = q;
    switch (op) {
    case ABITEST_OP_SEND:
        return qp->Dispatch->NdkSend(qp, (PVOID)rctx, &sge, 1, flags);
    case ABITEST_OP_RECEIVE:
        return qp->Dispatch->NdkReceive(qp, (PVOID)rctx, &sge, 1);
    case ABITEST_OP_READ:
        return qp->Dispatch->NdkRead(qp, (PVOID)rctx, &sge, 1, raddr, rtoken, flags);
    case ABITEST_OP_WRITE:
        return qp->Dispatch->NdkWrite(qp, (PVOID)rctx, &sge, 1, raddr, rtoken, flags);
    case ABITEST_OP_SRQ_RECEIVE: {
        NDK_SRQ *srq = q;
        return srq->Dispatch->NdkSrqReceive(srq, (PVOID)rctx, &sge, 1);
    }
    }
    return STATUS_INVALID_PARAMETER;
}

/* ---- listener, connector ---- */

NTSTATUS abitest_listen(NDK_LISTENER *l, int v6, const uint8_t *ip, uint16_t port, uintptr_t rctx) {
    struct sockaddr_storage ss;
    ULONG n = sockaddr_of(&ss, v6, ip, port);
    return l->Dispatch->NdkListen(l, (PSOCKADDR)&ss, n, request_cb, (PVOID)rctx);
}

NTSTATUS abitest_get_address(void *obj, int kind, int peer, ULONG inLen, int null_buffer, int *v6, uint8_t *ip,
                             uint16_t *port, ULONG *outLen) {
    struct sockaddr_storage ss;
    memset(&ss, 0xee, sizeof ss);
    ULONG n = inLen;
    PSOCKADDR a = null_buffer ? NULL : (PSOCKADDR)&ss;
    NTSTATUS s = STATUS_INVALID_PARAMETER;
    switch (kind) {
    case NdkObjectTypeListener:
        s = ((NDK_LISTENER *)obj)->Dispatch->NdkGetLocalAddress(obj, a, &n);
        break;
    case NdkObjectTypeSharedEndpoint:
        s = ((NDK_SHARED_ENDPOINT *)obj)->Dispatch->NdkGetLocalAddress(obj, a, &n);
        break;
    case NdkObjectTypeConnector:
        s = peer ? ((NDK_CONNECTOR *)obj)->Dispatch->NdkGetPeerAddress(obj, a, &n)
                 : ((NDK_CONNECTOR *)obj)->Dispatch->NdkGetLocalAddress(obj, a, &n);
        break;
    }
    *outLen = n;
    if (s == STATUS_SUCCESS) {
        if (ss.ss_family == AF_INET6) {
            struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
            *v6 = 1;
            memcpy(ip, &s6->sin6_addr, 16);
            *port = ntohs(s6->sin6_port);
        } else if (ss.ss_family == AF_INET) {
            struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
            *v6 = 0;
            memcpy(ip, &s4->sin_addr, 4);
            *port = ntohs(s4->sin_port);
        } else {
            *v6 = -1;
        }
    }
    return s;
}

NTSTATUS abitest_connect(NDK_CONNECTOR *c, NDK_QP *qp, NDK_SHARED_ENDPOINT *se, int v6, const uint8_t *src,
                         const uint8_t *dst, uint16_t port, const void *pd, ULONG pdLen, uintptr_t rctx) {
    struct sockaddr_storage s, d;
    ULONG sn = sockaddr_of(&s, v6, src, 0);
    ULONG dn = sockaddr_of(&d, v6, dst, port);
    if (se != NULL) {
        return c->Dispatch->NdkConnectWithSharedEndpoint(c, qp, se, (PSOCKADDR)&d, dn, 4, 4, (PVOID)pd, pdLen,
                                                         request_cb, (PVOID)rctx);
    }
    return c->Dispatch->NdkConnect(c, qp, (PSOCKADDR)&s, sn, (PSOCKADDR)&d, dn, 4, 4, (PVOID)pd, pdLen, request_cb,
                                   (PVOID)rctx);
}

NTSTATUS abitest_complete_connect(NDK_CONNECTOR *c, int ex, uintptr_t dctx, uintptr_t rctx) {
    if (ex) {
        return c->Dispatch->NdkCompleteConnectEx(c, disconnect_ex_cb, (PVOID)dctx, request_cb, (PVOID)rctx);
    }
    return c->Dispatch->NdkCompleteConnect(c, disconnect_cb, (PVOID)dctx, request_cb, (PVOID)rctx);
}

NTSTATUS abitest_accept(NDK_CONNECTOR *c, int ex, NDK_QP *qp, const void *pd, ULONG pdLen, uintptr_t dctx,
                        uintptr_t rctx) {
    if (ex) {
        return c->Dispatch->NdkAcceptEx(c, qp, 4, 4, (PVOID)pd, pdLen, disconnect_ex_cb, (PVOID)dctx, request_cb,
                                        (PVOID)rctx);
    }
    return c->Dispatch->NdkAccept(c, qp, 4, 4, (PVOID)pd, pdLen, disconnect_cb, (PVOID)dctx, request_cb, (PVOID)rctx);
}

NTSTATUS abitest_get_connection_data(NDK_CONNECTOR *c, void *buf, ULONG *len, ULONG *ird, ULONG *ord) {
    return c->Dispatch->NdkGetConnectionData(c, ird, ord, buf, len);
}

NTSTATUS abitest_disconnect(NDK_CONNECTOR *c, uintptr_t rctx) {
    return c->Dispatch->NdkDisconnect(c, request_cb, (PVOID)rctx);
}

/* ---- the other entries ---- */

NTSTATUS abitest_resize_cq(NDK_CQ *cq, ULONG depth, uintptr_t rctx) {
    return cq->Dispatch->NdkResizeCq(cq, depth, request_cb, (PVOID)rctx);
}

NTSTATUS abitest_moderate_cq(NDK_CQ *cq, ULONG interval, ULONG count) {
    return cq->Dispatch->NdkControlCqInterruptModeration(cq, interval, count);
}

NTSTATUS abitest_init_fast_register(NDK_MR *mr, ULONG pages, int remote, uintptr_t rctx) {
    return mr->Dispatch->NdkInitializeFastRegisterMr(mr, pages, (BOOLEAN)remote, request_cb, (PVOID)rctx);
}

NTSTATUS abitest_fast_register(NDK_QP *qp, uintptr_t rctx, NDK_MR *mr, const NDK_LOGICAL_ADDRESS_MAPPING *lam, ULONG fbo,
                               SIZE_T len, uint64_t base, ULONG flags) {
    return qp->Dispatch->NdkFastRegister(qp, (PVOID)rctx, mr, lam->AdapterPageCount, lam->AdapterPageArray, fbo, len,
                                         (PVOID)(uintptr_t)base, flags);
}

NTSTATUS abitest_bind(NDK_QP *qp, uintptr_t rctx, NDK_MR *mr, NDK_MW *mw, uint64_t va, SIZE_T len, ULONG flags) {
    if (qp->Dispatch->NdkBind == NULL) { /* a provider that breaks IF-1 (abi-variant null-entry) */
        return STATUS_NOT_IMPLEMENTED;
    }
    return qp->Dispatch->NdkBind(qp, (PVOID)rctx, mr, mw, (PVOID)(uintptr_t)va, len, flags);
}

NTSTATUS abitest_invalidate(NDK_QP *qp, uintptr_t rctx, void *mr_or_mw, ULONG flags) {
    return qp->Dispatch->NdkInvalidate(qp, (PVOID)rctx, (NDK_OBJECT_HEADER *)mr_or_mw, flags);
}

NTSTATUS abitest_send_and_invalidate(NDK_QP *qp, uintptr_t rctx, uint64_t va, ULONG len, UINT32 token, UINT32 rtoken) {
    NDK_SGE sge;
    memset(&sge, 0, sizeof sge);
    sge.VirtualAddress = (PVOID)(uintptr_t)va;
    sge.Length = len;
    sge.MemoryRegionToken = token;
    return qp->Dispatch->NdkSendAndInvalidate(qp, (PVOID)rctx, &sge, 1, 0, rtoken);
}

void abitest_flush(NDK_QP *qp) { qp->Dispatch->NdkFlush(qp); }

NTSTATUS abitest_modify_srq(NDK_SRQ *srq, ULONG depth, ULONG threshold, uintptr_t rctx) {
    return srq->Dispatch->NdkModifySrq(srq, depth, threshold, request_cb, (PVOID)rctx);
}

void abitest_control_connect_events(NDK_LISTENER *l, int pause) {
    l->Dispatch->NdkControlConnectEvents(l, (BOOLEAN)pause);
}

NTSTATUS abitest_reject(NDK_CONNECTOR *c, const void *pd, ULONG pdLen) {
    return c->Dispatch->NdkReject(c, (PVOID)pd, pdLen);
}
