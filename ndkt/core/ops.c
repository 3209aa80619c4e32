/*
 * The calls (one handler per opcode, ndkt_op_handler's table at the end),
 * their common pieces (answers, handle lookups, objects, callback
 * contexts) and the trampolines that turn the provider's callbacks into
 * event records (through held.c: held at PASSIVE_LEVEL, released above).
 * This file: the provider, the adapter, creates from the adapter,
 * CloseObject. ops_objects.c: CQ, PD, SRQ, QP, MR, MW. ops_connect.c:
 * connectors, listeners, shared endpoints. ops_memory.c: buffers, memory,
 * registrations, LAMs.
 *
 * Every handler looks up each handle of its request (kind checked; a
 * stale, foreign or wrong-kind id refused with the protocol's error
 * before any provider call), builds NDKPI's arguments, calls the provider
 * only through Object->Dispatch->Member, and answers. A dispatch table or
 * entry that is NULL (a provider that breaks OH-1 or IF-1) is answered
 * NOT_SUPPORTED without a call.
 */
#include <string.h>

#include "ops.h"

/* ---- answers ---- */

void ndkt_op_reply(ndkt_op *o, NTSTATUS status, const void *fixed, size_t fixed_size, const struct ndkt_part_src *parts,
	size_t n_parts)
{
	static const uint8_t none[8];
	size_t w = 0;
	enum ndkt_decode_status st;
	if (o->answered)
		return;
	st = ndkt_encode_reply(o->out, o->cap, o->v->opcode, (uint32_t)status, fixed_size ? fixed : none, fixed_size,
		parts, n_parts, &w);
	if (st != NDKT_DECODE_OK) {
		/* A reply this core built wrong (a bug), or no room (the capacity
		 * was checked first): say so rather than answer garbage. */
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return;
	}
	o->written = w;
	o->answered = 1;
}

void ndkt_op_refuse(ndkt_op *o, uint32_t code)
{
	size_t w = 0;
	if (o->answered)
		return;
	(void)ndkt_encode_protocol_error(o->out, o->cap, code, &w);
	o->written = w;
	o->answered = 1;
}

uint32_t ndkt_handle_error(int rc)
{
	switch (rc) {
	case NDKT_E_HANDLE_FOREIGN:
		return NDKT_PROTOCOL_ERROR_FOREIGN_HANDLE;
	case NDKT_E_HANDLE_STALE:
	case NDKT_E_HANDLE_FREED:
		return NDKT_PROTOCOL_ERROR_OBJECT_CLOSED;
	case NDKT_E_HANDLE_KIND:
		return NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND;
	default: /* MALFORMED, RANGE: no table issues such an id */
		return NDKT_PROTOCOL_ERROR_UNKNOWN_HANDLE;
	}
}

uint32_t ndkt_lookup(ndkt_session *s, uint64_t id, unsigned kind, ndkt_obj **out)
{
	void *p = NULL;
	ndkt_obj *obj;
	ndkt_irql_t old;
	int rc, state;
	*out = NULL;
	if (kind == 0) {
		kind = NDKT_ID_KIND(id);
		if (kind == 0 || kind > NDKT_KIND_LAST)
			return NDKT_PROTOCOL_ERROR_UNKNOWN_HANDLE;
	}
	rc = ndkt_handles_lookup(s->handles, id, kind, &p);
	if (rc != NDKT_OK)
		return ndkt_handle_error(rc);
	obj = p;
	old = ndkt_lock_acquire(s->lock);
	state = obj->state;
	ndkt_lock_release(s->lock, old);
	if (state == NDKT_OBJ_CLOSED)
		return NDKT_PROTOCOL_ERROR_OBJECT_CLOSED; /* closed, its handle about to go */
	*out = obj;
	return 0;
}

ndkt_obj *ndkt_op_get(ndkt_op *o, uint64_t id, unsigned kind)
{
	ndkt_obj *obj;
	uint32_t code;
	if (id == 0) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT); /* a required handle is missing */
		return NULL;
	}
	code = ndkt_lookup(o->s, id, kind, &obj);
	if (code != 0) {
		ndkt_op_refuse(o, code);
		return NULL;
	}
	return obj;
}

ndkt_obj *ndkt_op_get_opt(ndkt_op *o, uint64_t id, unsigned kind, int *ok)
{
	ndkt_obj *obj;
	*ok = 1;
	if (id == 0)
		return NULL;
	obj = ndkt_op_get(o, id, kind);
	*ok = obj != NULL;
	return obj;
}

uint32_t ndkt_proto_kind(unsigned kind)
{
	switch (kind) {
	case NDKT_KIND_ADAPTER: return 1;
	case NDKT_KIND_QP: return 2;
	case NDKT_KIND_CQ: return 3;
	case NDKT_KIND_MR: return 4;
	case NDKT_KIND_MW: return 5;
	case NDKT_KIND_PD: return 6;
	case NDKT_KIND_SHARED_ENDPOINT: return 7;
	case NDKT_KIND_CONNECTOR: return 8;
	case NDKT_KIND_LISTENER: return 9;
	case NDKT_KIND_SRQ: return 10;
	case NDKT_KIND_BUFFER: return 100;
	case NDKT_KIND_LAM: return 101;
	default: return 0;
	}
}

void ndkt_objref_of(ndkt_obj *obj, struct ndkt_objref *ref)
{
	memset(ref, 0, sizeof *ref);
	if (obj == NULL || obj->id == 0)
		return;
	ref->id = obj->id;
	ref->kind = ndkt_proto_kind(obj->kind);
	ref->flags = obj->flags;
}

/* ---- objects and contexts ---- */

ndkt_obj *ndkt_obj_new(ndkt_session *s, unsigned kind, ndkt_obj *adapter, void *ndk)
{
	ndkt_obj *obj = ndkt_alloc(sizeof *obj, NDKT_TAG_OBJ);
	ndkt_irql_t old;
	if (obj == NULL)
		return NULL;
	obj->s = s;
	obj->kind = kind;
	obj->adapter = kind == NDKT_KIND_ADAPTER ? obj : adapter;
	obj->ndk = ndk;
	if (kind == NDKT_KIND_MR || kind == NDKT_KIND_ADAPTER)
		obj->flags = NDKT_OBJ_MDL_CHAINS; /* NDKPI takes MDL chains: design note section 6 */
	old = ndkt_lock_acquire(s->lock);
	obj->next_all = s->objs;
	s->objs = obj;
	ndkt_lock_release(s->lock, old);
	return obj;
}

int ndkt_obj_register(ndkt_obj *obj)
{
	uint64_t id;
	int rc = ndkt_handles_alloc(obj->s->handles, obj->kind, obj, &id);
	if (rc == NDKT_OK)
		obj->id = id;
	return rc;
}

ndkt_obj *ndkt_obj_new_registered(ndkt_session *s, unsigned kind, ndkt_obj *adapter, void *ndk, int from_cb)
{
	ndkt_obj *obj = ndkt_obj_new(s, kind, adapter, ndk);
	int rc = obj == NULL ? NDKT_E_NOMEM : ndkt_obj_register(obj);
	if (rc != NDKT_OK) {
		/* The provider made an object this session cannot name: it stays
		 * open and unreachable, so the session is broken (its next call
		 * says so), whether a return or a completion (from_cb) gave it. */
		(void)from_cb;
		ndkt_fault_set(&s->fault, rc, kind);
		return NULL;
	}
	if (kind == NDKT_KIND_CONNECTOR)
		obj->flags = ndkt_connector_flags(adapter, ndk);
	ndkt_abi_observe(obj);
	return obj;
}

uint32_t ndkt_connector_flags(ndkt_obj *adapter, void *ndk_connector)
{
	const NDK_CONNECTOR_DISPATCH *d;
	if (adapter == NULL || ndk_connector == NULL)
		return 0;
	/* NDKPI 2.1's entries: served when the provider declares 2.1 or later
	 * and its table has them (design note section 6). */
	if (adapter->version.Major < 2 || (adapter->version.Major == 2 && adapter->version.Minor < 1))
		return 0;
	d = ((NDK_CONNECTOR *)ndk_connector)->Dispatch;
	if (d == NULL || d->NdkCompleteConnectEx == NULL || d->NdkAcceptEx == NULL)
		return 0;
	return NDKT_OBJ_CONNECTOR_EX;
}

ndkt_cbctx *ndkt_cbctx_new(ndkt_session *s, int kind, const struct ndkt_cbref *ref, ndkt_obj *obj)
{
	ndkt_cbctx *c = ndkt_alloc(sizeof *c, NDKT_TAG_CTX);
	ndkt_irql_t old;
	if (c == NULL)
		return NULL;
	c->s = s;
	c->kind = kind;
	c->has_ref = ref != NULL && ref->present;
	c->context = c->has_ref ? ref->context : 0;
	c->obj = obj;
	ndkt_atomic_init(&c->fired, 0);
	ndkt_atomic_init(&c->settled, 0);
	old = ndkt_lock_acquire(s->lock);
	c->next_all = s->ctxs;
	s->ctxs = c;
	ndkt_lock_release(s->lock, old);
	return c;
}

int ndkt_obj_closed(ndkt_obj *obj, int release)
{
	ndkt_session *s = obj->s;
	ndkt_region r;
	int had;
	ndkt_irql_t old = ndkt_lock_acquire(s->lock);
	if (obj->state == NDKT_OBJ_CLOSED) {
		ndkt_lock_release(s->lock, old);
		return 0;
	}
	obj->state = NDKT_OBJ_CLOSED;
	had = obj->has_region;
	r = obj->region;
	obj->has_region = 0;
	memset(&obj->region, 0, sizeof obj->region);
	ndkt_lock_release(s->lock, old);
	if (had)
		ndkt_region_drop(s, &r);
	if (release && obj->id != 0)
		(void)ndkt_handles_release(s->handles, obj->id, NULL);
	return 1;
}

/* ---- what the C ABI shows (QueryAbiFacts) ---- */

/* Each dispatch table's members in NDKPI's declaration order (ndkpi.h):
 * bit i of null_entries is the i-th. */
#define NDKT_ADAPTER_ENTRIES(E) E(NdkQueryExtension) E(NdkQueryAdapterInfo) E(NdkCreateCq) E(NdkCreatePd) \
	E(NdkCreateSharedEndpoint) E(NdkCreateConnector) E(NdkCreateListener) E(NdkBuildLAM) E(NdkReleaseLAM)
#define NDKT_CQ_ENTRIES(E) E(NdkCloseCq) E(NdkQueryExtension) E(NdkResizeCq) E(NdkArmCq) E(NdkGetCqResults) \
	E(NdkControlCqInterruptModeration) E(NdkGetCqResultsEx)
#define NDKT_PD_ENTRIES(E) E(NdkClosePd) E(NdkQueryExtension) E(NdkCreateMr) E(NdkCreateMw) E(NdkCreateSrq) \
	E(NdkCreateQp) E(NdkCreateQpWithSrq) E(NdkGetPrivilegedMemoryRegionToken)
#define NDKT_MR_ENTRIES(E) E(NdkCloseMr) E(NdkQueryExtension) E(NdkRegisterMr) E(NdkDeregisterMr) \
	E(NdkInitializeFastRegisterMr) E(NdkGetRemoteTokenFromMr) E(NdkGetLocalTokenFromMr)
#define NDKT_MW_ENTRIES(E) E(NdkCloseMw) E(NdkQueryExtension) E(NdkGetRemoteTokenFromMw)
#define NDKT_SRQ_ENTRIES(E) E(NdkCloseSrq) E(NdkQueryExtension) E(NdkModifySrq) E(NdkSrqReceive)
#define NDKT_QP_ENTRIES(E) E(NdkCloseQp) E(NdkQueryExtension) E(NdkFlush) E(NdkSend) E(NdkReceive) E(NdkBind) \
	E(NdkFastRegister) E(NdkInvalidate) E(NdkRead) E(NdkWrite) E(NdkSendAndInvalidate)
#define NDKT_SE_ENTRIES(E) E(NdkCloseSharedEndpoint) E(NdkQueryExtension) E(NdkGetLocalAddress)
#define NDKT_CONNECTOR_ENTRIES(E) E(NdkCloseConnector) E(NdkQueryExtension) E(NdkConnect) \
	E(NdkConnectWithSharedEndpoint) E(NdkCompleteConnect) E(NdkAccept) E(NdkReject) E(NdkGetConnectionData) \
	E(NdkGetLocalAddress) E(NdkGetPeerAddress) E(NdkDisconnect) E(NdkCompleteConnectEx) E(NdkAcceptEx)
#define NDKT_LISTENER_ENTRIES(E) E(NdkCloseListener) E(NdkQueryExtension) E(NdkListen) E(NdkGetLocalAddress) \
	E(NdkControlConnectEvents)

#define NDKT_ABI_KINDS(K)                                                                         \
	K(NDKT_KIND_ADAPTER, NDK_ADAPTER, NDK_ADAPTER_DISPATCH, NDKT_ADAPTER_ENTRIES)              \
	K(NDKT_KIND_CQ, NDK_CQ, NDK_CQ_DISPATCH, NDKT_CQ_ENTRIES)                                  \
	K(NDKT_KIND_PD, NDK_PD, NDK_PD_DISPATCH, NDKT_PD_ENTRIES)                                  \
	K(NDKT_KIND_MR, NDK_MR, NDK_MR_DISPATCH, NDKT_MR_ENTRIES)                                  \
	K(NDKT_KIND_MW, NDK_MW, NDK_MW_DISPATCH, NDKT_MW_ENTRIES)                                  \
	K(NDKT_KIND_SRQ, NDK_SRQ, NDK_SRQ_DISPATCH, NDKT_SRQ_ENTRIES)                              \
	K(NDKT_KIND_QP, NDK_QP, NDK_QP_DISPATCH, NDKT_QP_ENTRIES)                                  \
	K(NDKT_KIND_SHARED_ENDPOINT, NDK_SHARED_ENDPOINT, NDK_SHARED_ENDPOINT_DISPATCH, NDKT_SE_ENTRIES) \
	K(NDKT_KIND_CONNECTOR, NDK_CONNECTOR, NDK_CONNECTOR_DISPATCH, NDKT_CONNECTOR_ENTRIES)      \
	K(NDKT_KIND_LISTENER, NDK_LISTENER, NDK_LISTENER_DISPATCH, NDKT_LISTENER_ENTRIES)

void ndkt_abi_observe(ndkt_obj *obj)
{
	struct ndkt_abi_facts *f = &obj->abi;
	const NDK_OBJECT_HEADER *h;
	uint32_t i;
	if (obj->ndk == NULL || obj->kind == NDKT_KIND_BUFFER || obj->kind == NDKT_KIND_LAM)
		return;
	/* Every NDK_<object> begins with its NDK_OBJECT_HEADER. */
	h = obj->ndk;
	f->header_object_type = (uint32_t)h->ObjectType;
	f->header_version.major = h->Version.Major;
	f->header_version.minor = h->Version.Minor;
	for (i = 0; i < 4; i++)
		if (h->NdkReserved.rf[i] != NULL)
			f->reserved_nonzero = 1;
	switch (obj->kind) {
#define NDKT_ABI_ENTRY(m)                                       \
	if (d->m == NULL)                                       \
		f->null_entries |= (uint32_t)1 << n;            \
	n++;
#define NDKT_ABI_KIND(K, T, DT, ENTRIES)                        \
	case K: {                                               \
		T *x = obj->ndk;                                \
		const DT *d = x->Dispatch;                      \
		DT *copy;                                       \
		uint32_t n = 0;                                 \
		if (d == NULL) {                                \
			f->dispatch_null = 1;                   \
			break;                                  \
		}                                               \
		ENTRIES(NDKT_ABI_ENTRY)                         \
		f->n_entries = n;                               \
		copy = ndkt_alloc(sizeof *copy, NDKT_TAG_OPS);  \
		if (copy == NULL)                               \
			break; /* Dispatch left as it is */     \
		memcpy(copy, d, sizeof *copy);                  \
		x->Dispatch = copy;                             \
		obj->dispatch_copy = copy;                      \
		f->dispatch_replaced = 1;                       \
		break;                                          \
	}
	NDKT_ABI_KINDS(NDKT_ABI_KIND)
#undef NDKT_ABI_KIND
#undef NDKT_ABI_ENTRY
	default:
		break;
	}
}

void ndkt_abi_recheck(ndkt_obj *obj)
{
	if (obj->dispatch_copy == NULL)
		return;
	switch (obj->kind) {
#define NDKT_ABI_KIND(K, T, DT, ENTRIES)                                    \
	case K: {                                                           \
		T *x = obj->ndk;                                            \
		if ((const void *)x->Dispatch != obj->dispatch_copy) {      \
			obj->abi.dispatch_rewrites++;                       \
			x->Dispatch = (const DT *)obj->dispatch_copy;       \
		}                                                           \
		break;                                                      \
	}
	NDKT_ABI_KINDS(NDKT_ABI_KIND)
#undef NDKT_ABI_KIND
	default:
		break;
	}
}

/* A callback above DISPATCH_LEVEL: a provider bug the core can only count
 * there (no lock, no allocation): held.c counts it, publishes nothing. */
static int too_high(ndkt_session *s)
{
	if (ndkt_irql() <= NDKT_DISPATCH_LEVEL)
		return 0;
	(void)ndkt_callback_enter(s->cbs, NULL, NULL, NULL);
	return 1;
}

/* ---- events ---- */

struct pub {
	ndkt_session *s;
	uint32_t kind;
	void *rec;
	size_t rec_size;
	const void *tail;
	size_t tail_bytes;
	uint64_t context;
};

/* held.c's publish: the record with the callback's id, IRQL and held,
 * into the ring. */
static int publish(void *arg, const ndkt_callback_info *info)
{
	struct pub *p = arg;
	struct ndkt_event_header *h = p->rec;
	uint8_t small[128];
	uint8_t *buf = small;
	size_t cap = sizeof small, used = 0;
	int rc;
	h->callback_id = info->id;
	h->context = p->context;
	h->irql = (uint8_t)info->irql;
	h->held = info->held ? 1 : 0;
	if (p->rec_size + p->tail_bytes + 8 > cap) {
		if (p->tail_bytes > p->s->lim.max_record) {
			ndkt_fault_set(&p->s->fault, NDKT_E_RECORD_TOO_BIG, p->tail_bytes);
			return NDKT_E_RECORD_TOO_BIG;
		}
		cap = p->rec_size + p->tail_bytes + 8;
		buf = ndkt_alloc(cap, NDKT_TAG_OPS);
		if (buf == NULL) {
			ndkt_fault_set(&p->s->fault, NDKT_E_NOMEM, cap);
			return NDKT_E_NOMEM;
		}
	}
	if (ndkt_event_put(buf, cap, &used, p->kind, p->rec, p->rec_size, p->tail, p->tail_bytes) != NDKT_DECODE_OK)
		rc = NDKT_E_INVAL; /* a record this core built wrong */
	else
		rc = ndkt_ring_push(p->s->ring, buf, used);
	if (buf != small)
		ndkt_free(buf, NDKT_TAG_OPS);
	return rc;
}

/* A callback's event: held at PASSIVE_LEVEL until the ack, released above. */
static void emit(ndkt_session *s, uint32_t kind, void *rec, size_t rec_size, const void *tail, size_t tail_bytes,
	uint64_t context)
{
	struct pub p;
	p.s = s;
	p.kind = kind;
	p.rec = rec;
	p.rec_size = rec_size;
	p.tail = tail;
	p.tail_bytes = tail_bytes;
	p.context = context;
	(void)ndkt_callback_enter(s->cbs, publish, &p, NULL);
}

/* Counts a completion of c; a second one of a one-shot context is a
 * provider bug, counted (and still delivered). */
static void fired(ndkt_cbctx *c)
{
	ndkt_atomic_add(&c->s->n_callbacks, 1);
	if (ndkt_atomic_add(&c->fired, 1) > 1 &&
	    (c->kind == NDKT_CB_CREATE || c->kind == NDKT_CB_REQUEST || c->kind == NDKT_CB_CLOSE))
		ndkt_atomic_add(&c->s->n_second, 1);
}

static ndkt_obj *ctx_obj(ndkt_cbctx *c)
{
	ndkt_irql_t old = ndkt_lock_acquire(c->s->lock);
	ndkt_obj *obj = c->obj;
	ndkt_lock_release(c->s->lock, old);
	return obj;
}

VOID ndkt_cb_create(PVOID ctx, NTSTATUS status, NDK_OBJECT_HEADER *pobj)
{
	ndkt_cbctx *c = ctx;
	ndkt_session *s = c->s;
	ndkt_obj *obj = NULL;
	struct ndkt_ev_create_completion ev;
	if (too_high(c->s))
		return;
	fired(c);
	if (status == STATUS_SUCCESS && pobj != NULL) {
		/* The kind created, not the header's (OH-4 is the harness's to check). */
		obj = ndkt_obj_new_registered(s, c->new_kind, c->adapter, pobj, 1);
		if (obj != NULL && c->link != NULL) {
			ndkt_irql_t old = ndkt_lock_acquire(s->lock);
			c->link->obj = obj;
			ndkt_lock_release(s->lock, old);
		}
	}
	if (!c->has_ref)
		return;
	memset(&ev, 0, sizeof ev);
	ev.status = (uint32_t)status;
	ndkt_objref_of(obj, &ev.object);
	emit(s, NDKT_EV_CREATE_COMPLETION, &ev, sizeof ev, NULL, 0, c->context);
}

VOID ndkt_cb_request(PVOID ctx, NTSTATUS status)
{
	ndkt_cbctx *c = ctx;
	struct ndkt_ev_request_completion ev;
	const void *pages = NULL;
	if (too_high(c->s))
		return;
	fired(c);
	ndkt_settle(c, status);
	if (!c->has_ref)
		return;
	memset(&ev, 0, sizeof ev);
	ev.status = (uint32_t)status;
	if (c->settle == NDKT_SETTLE_LAM && c->obj != NULL)
		ndkt_lam_output(c->obj, status, &ev.lam_output, &pages);
	emit(c->s, NDKT_EV_REQUEST_COMPLETION, &ev, sizeof ev, pages, (size_t)ev.lam_output.n_pages * 8u, c->context);
}

VOID ndkt_cb_close(PVOID ctx)
{
	ndkt_cbctx *c = ctx;
	ndkt_session *s = c->s;
	ndkt_obj *obj = c->obj;
	ndkt_close_token *tok;
	ndkt_irql_t old;
	if (too_high(c->s))
		return;
	fired(c);
	if (obj == NULL)
		return;
	(void)ndkt_obj_closed(obj, 0);
	if (c->has_ref) {
		struct ndkt_ev_close_completion ev;
		memset(&ev, 0, sizeof ev);
		ndkt_objref_of(obj, &ev.object);
		emit(s, NDKT_EV_CLOSE_COMPLETION, &ev, sizeof ev, NULL, 0, c->context);
	}
	/* The handle goes once the harness's callback returned (held: calls
	 * within it may still name the object, as in process). */
	(void)ndkt_handles_release(s->handles, obj->id, NULL);
	old = ndkt_lock_acquire(s->lock);
	tok = obj->cleanup_token;
	obj->cleanup_token = NULL;
	ndkt_lock_release(s->lock, old);
	if (tok != NULL)
		ndkt_cleanup_close_done(tok, NDKT_OK);
}

VOID ndkt_cb_cq(PVOID ctx, NTSTATUS status)
{
	ndkt_cbctx *c = ctx;
	struct ndkt_ev_cq_notification ev;
	if (too_high(c->s))
		return;
	fired(c);
	memset(&ev, 0, sizeof ev);
	ndkt_objref_of(ctx_obj(c), &ev.cq);
	ev.cq_status = (uint32_t)status;
	emit(c->s, NDKT_EV_CQ_NOTIFICATION, &ev, sizeof ev, NULL, 0, c->context);
}

VOID ndkt_cb_srq(PVOID ctx, NTSTATUS status)
{
	ndkt_cbctx *c = ctx;
	struct ndkt_ev_srq_notification ev;
	if (too_high(c->s))
		return;
	fired(c);
	memset(&ev, 0, sizeof ev);
	ndkt_objref_of(ctx_obj(c), &ev.srq);
	ev.srq_status = (uint32_t)status;
	emit(c->s, NDKT_EV_SRQ_NOTIFICATION, &ev, sizeof ev, NULL, 0, c->context);
}

VOID ndkt_cb_connect(PVOID ctx, NDK_CONNECTOR *connector)
{
	ndkt_cbctx *c = ctx;
	struct ndkt_ev_connect_event ev;
	ndkt_obj *conn = NULL;
	if (too_high(c->s))
		return;
	fired(c);
	if (connector != NULL)
		conn = ndkt_obj_new_registered(c->s, NDKT_KIND_CONNECTOR, c->adapter, connector, 1);
	memset(&ev, 0, sizeof ev);
	ndkt_objref_of(ctx_obj(c), &ev.listener);
	ndkt_objref_of(conn, &ev.connector);
	emit(c->s, NDKT_EV_CONNECT_EVENT, &ev, sizeof ev, NULL, 0, c->context);
}

VOID ndkt_cb_disconnect(PVOID ctx)
{
	ndkt_cbctx *c = ctx;
	struct ndkt_ev_disconnect_event ev;
	if (too_high(c->s))
		return;
	fired(c);
	memset(&ev, 0, sizeof ev);
	ndkt_objref_of(c->obj, &ev.connector);
	emit(c->s, NDKT_EV_DISCONNECT_EVENT, &ev, sizeof ev, NULL, 0, c->context);
}

VOID ndkt_cb_disconnect_ex(PVOID ctx, ULONG reason)
{
	ndkt_cbctx *c = ctx;
	struct ndkt_ev_disconnect_event_ex ev;
	if (too_high(c->s))
		return;
	fired(c);
	memset(&ev, 0, sizeof ev);
	ndkt_objref_of(c->obj, &ev.connector);
	ev.provider_disconnect_reason = (uint32_t)reason;
	emit(c->s, NDKT_EV_DISCONNECT_EVENT_EX, &ev, sizeof ev, NULL, 0, c->context);
}

/* ---- closing ---- */

NDK_FN_CLOSE_OBJECT ndkt_ndk_close_fn(ndkt_obj *obj)
{
	NDK_FN_CLOSE_OBJECT fn = NULL;
	switch (obj->kind) {
#define CLOSE_FN(K, T, DT, M)                                         \
	case K: {                                                     \
		const DT *d = ((T *)obj->ndk)->Dispatch;              \
		fn = d != NULL ? d->M : NULL;                         \
		break;                                                \
	}
	CLOSE_FN(NDKT_KIND_CQ, NDK_CQ, NDK_CQ_DISPATCH, NdkCloseCq)
	CLOSE_FN(NDKT_KIND_PD, NDK_PD, NDK_PD_DISPATCH, NdkClosePd)
	CLOSE_FN(NDKT_KIND_MR, NDK_MR, NDK_MR_DISPATCH, NdkCloseMr)
	CLOSE_FN(NDKT_KIND_MW, NDK_MW, NDK_MW_DISPATCH, NdkCloseMw)
	CLOSE_FN(NDKT_KIND_SRQ, NDK_SRQ, NDK_SRQ_DISPATCH, NdkCloseSrq)
	CLOSE_FN(NDKT_KIND_QP, NDK_QP, NDK_QP_DISPATCH, NdkCloseQp)
	CLOSE_FN(NDKT_KIND_SHARED_ENDPOINT, NDK_SHARED_ENDPOINT, NDK_SHARED_ENDPOINT_DISPATCH, NdkCloseSharedEndpoint)
	CLOSE_FN(NDKT_KIND_CONNECTOR, NDK_CONNECTOR, NDK_CONNECTOR_DISPATCH, NdkCloseConnector)
	CLOSE_FN(NDKT_KIND_LISTENER, NDK_LISTENER, NDK_LISTENER_DISPATCH, NdkCloseListener)
#undef CLOSE_FN
	default:
		break;
	}
	return fn;
}

/* CloseObject (30): NdkCloseObject on anything but an adapter. The
 * provider always gets a completion (the session must know when the
 * object's memory can go); the harness gets an event only with its done. */
static void op_close_object(ndkt_op *o)
{
	const struct ndkt_close_object_req *r = o->req;
	ndkt_session *s = o->s;
	ndkt_obj *obj = ndkt_op_get(o, r->object, 0);
	ndkt_cbctx *c;
	ndkt_irql_t old;
	NTSTATUS st;
	if (obj == NULL)
		return;
	if (obj->kind == NDKT_KIND_ADAPTER || obj->kind == NDKT_KIND_BUFFER || obj->kind == NDKT_KIND_LAM) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND); /* CloseAdapter, FreeBuffer, ReleaseLam */
		return;
	}
	if (ndkt_ndk_close_fn(obj) == NULL) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
		return;
	}
	c = ndkt_cbctx_new(s, NDKT_CB_CLOSE, &r->done, obj);
	if (c == NULL) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return;
	}
	old = ndkt_lock_acquire(s->lock);
	if (obj->state == NDKT_OBJ_OPEN)
		obj->state = NDKT_OBJ_CLOSING;
	ndkt_lock_release(s->lock, old);
	st = ndkt_ndk_close_fn(obj)(obj->ndk, ndkt_cb_close, c);
	if (st != STATUS_PENDING && ndkt_atomic_load(&c->fired) == 0) {
		if (st == STATUS_SUCCESS) {
			(void)ndkt_obj_closed(obj, 1);
		} else {
			old = ndkt_lock_acquire(s->lock);
			if (obj->state == NDKT_OBJ_CLOSING)
				obj->state = NDKT_OBJ_OPEN; /* the close failed: still open */
			ndkt_lock_release(s->lock, old);
		}
	}
	ndkt_op_reply(o, st, NULL, 0, NULL, 0);
}

/* ---- the provider ---- */

/* The version an adapter reports: NDK_ADAPTER_INFO's, the header's if
 * the query fails. */
static NDK_VERSION reported_version(NDK_ADAPTER *a)
{
	NDK_ADAPTER_INFO info;
	ULONG size = sizeof info;
	const NDK_ADAPTER_DISPATCH *d = a->Dispatch;
	memset(&info, 0, sizeof info);
	if (d != NULL && d->NdkQueryAdapterInfo != NULL && d->NdkQueryAdapterInfo(a, &info, &size) == STATUS_SUCCESS)
		return info.Version;
	return a->Header.Version;
}

/* One probe open of OH-7's negotiation: asks v, records the status and
 * the version its adapter reports, and closes that adapter at once. */
static void probe_open(ndkt_session *s, const struct ndkt_addr *address, NDK_VERSION v, struct ndkt_version *asked,
	uint32_t *status, struct ndkt_version *got)
{
	NDK_ADAPTER *a = NULL;
	NTSTATUS st = ndkt_provider_open_adapter(s->provider, address, v, &a);
	asked->major = v.Major;
	asked->minor = v.Minor;
	*status = (uint32_t)st;
	if (st == STATUS_SUCCESS && a != NULL) {
		NDK_VERSION g = reported_version(a);
		got->major = g.Major;
		got->minor = g.Minor;
		ndkt_provider_close_adapter(s->provider, a);
	}
}

/* OH-7's refusals, probed after an open succeeded: a minor above the
 * version the adapter reports, and the next major, must each fail with
 * NDIS_STATUS_BAD_VERSION (facts for the harness to judge). */
static void probe_versions(ndkt_session *s, const struct ndkt_addr *address, ndkt_obj *obj)
{
	NDK_VERSION v = obj->version;
	if (v.Minor < 0xFFFF) {
		v.Minor = (USHORT)(v.Minor + 1);
		probe_open(s, address, v, &obj->abi.probe_minor, &obj->abi.probe_minor_status, &obj->abi.probe_minor_got);
	}
	v = obj->version;
	if (v.Major < 0xFFFF) {
		v.Major = (USHORT)(v.Major + 1);
		v.Minor = 0;
		probe_open(s, address, v, &obj->abi.probe_major, &obj->abi.probe_major_status, &obj->abi.probe_major_got);
	}
}

/* NdkQueryAdapterInfo as an ndkt_size_fn, for its buffer-size probes. */
static NTSTATUS size_adapter_info(ndkt_obj *a, void *buf, ULONG *len)
{
	return ((NDK_ADAPTER *)a->ndk)->Dispatch->NdkQueryAdapterInfo(a->ndk, (NDK_ADAPTER_INFO *)buf, len);
}

/* OpenAdapter (10). The version: NDKPI 2.0 and up first, then 1.1 and up
 * if the provider refuses 2 for its version (OH-7). */
static void op_open_adapter(ndkt_op *o)
{
	const struct ndkt_open_adapter_req *r = o->req;
	ndkt_session *s = o->s;
	struct ndkt_open_adapter_reply rep;
	NDK_ADAPTER *a = NULL;
	NDK_VERSION v;
	NTSTATUS st;
	ndkt_obj *obj;
	v.Major = 2;
	v.Minor = 0;
	st = ndkt_provider_open_adapter(s->provider, &r->address, v, &a);
	if (st == NDKT_NDIS_STATUS_BAD_VERSION) {
		v.Major = 1;
		v.Minor = 1;
		a = NULL;
		st = ndkt_provider_open_adapter(s->provider, &r->address, v, &a);
	}
	memset(&rep, 0, sizeof rep);
	if (st == STATUS_SUCCESS && a != NULL) {
		NDK_ADAPTER_INFO info;
		ULONG size = sizeof info;
		const NDK_ADAPTER_DISPATCH *d = a->Dispatch;
		obj = ndkt_obj_new(s, NDKT_KIND_ADAPTER, NULL, a);
		if (obj == NULL || ndkt_obj_register(obj) != NDKT_OK) {
			ndkt_provider_close_adapter(s->provider, a);
			ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
			return;
		}
		/* The version it declares decides NDKPI 2.1's connector calls. */
		obj->version = a->Header.Version;
		memset(&info, 0, sizeof info);
		if (d != NULL && d->NdkQueryAdapterInfo != NULL && d->NdkQueryAdapterInfo(a, &info, &size) == STATUS_SUCCESS) {
			obj->version = info.Version;
			obj->abi.has_info = 1;
			obj->abi.info_version.major = info.Version.Major;
			obj->abi.info_version.minor = info.Version.Minor;
			ndkt_size_probe(obj, NDKT_SIZE_CALL_QUERY_ADAPTER_INFO, size_adapter_info, (ULONG)sizeof info, size);
		}
		ndkt_abi_observe(obj);
		obj->abi.requested.major = v.Major;
		obj->abi.requested.minor = v.Minor;
		probe_versions(s, &r->address, obj);
		ndkt_objref_of(obj, &rep.adapter);
	}
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

/* ---- buffer-size probes (CN-18, AI-5, AI-9) ---- */

#define SIZE_CANARY 0xA5u

enum { SIZE_KEPT = 0, SIZE_NOT_JUDGED = -1 };

/* judge_size: what of the contract an answer breaks (NDKT_SIZE_WHAT_*),
 * SIZE_KEPT, or SIZE_NOT_JUDGED for a status that is no answer to it.
 * buf: the canaried buffer, checked past the bytes offered (NULL: not
 * canaried). asked: the size a too-small answer asked for, which must
 * suffice (0: none); exact: and a success with more room must say it
 * wrote that size (NDK_ADAPTER_INFO, AI-9). */
static int judge_size(const uint8_t *buf, ULONG offered, NTSTATUS st, ULONG len, ULONG asked, int exact)
{
	ULONG i;
	for (i = offered; buf != NULL && i < NDKT_SIZE_ROOM; i++)
		if (buf[i] != SIZE_CANARY)
			return NDKT_SIZE_WHAT_WROTE_PAST;
	if (st == STATUS_SUCCESS) {
		if (len == 0 || len > offered)
			return NDKT_SIZE_WHAT_SUCCESS_LENGTH;
		return exact && len != asked ? NDKT_SIZE_WHAT_NOT_WRITTEN : SIZE_KEPT;
	}
	if (st == STATUS_BUFFER_TOO_SMALL) {
		if (len <= offered)
			return NDKT_SIZE_WHAT_NO_SIZE_NEEDED;
		return asked != 0 ? NDKT_SIZE_WHAT_NEEDED_REFUSED : SIZE_KEPT;
	}
	return SIZE_NOT_JUDGED;
}

/* note_size records one judged answer in obj's facts. */
static void note_size(ndkt_obj *obj, uint32_t call, int what, ULONG offered, NTSTATUS st, ULONG len)
{
	ndkt_irql_t old;
	if (what == SIZE_NOT_JUDGED)
		return;
	old = ndkt_lock_acquire(obj->s->lock);
	obj->abi.size_probes++;
	if (what != SIZE_KEPT && obj->abi.size_failures++ == 0) {
		obj->abi.size_call = call;
		obj->abi.size_what = (uint32_t)what;
		obj->abi.size_offered = offered;
		obj->abi.size_status = (uint32_t)st;
		obj->abi.size_returned = len;
	}
	ndkt_lock_release(obj->s->lock, old);
}

/* size_try calls fn with offered bytes of a canaried buffer and judges
 * the answer (asked, exact: judge_size's); *need is the length it
 * returned. */
static int size_try(ndkt_obj *obj, uint32_t call, ndkt_size_fn *fn, uint8_t *buf, ULONG offered, ULONG asked, int exact,
		    NTSTATUS *st, ULONG *need)
{
	int what;
	memset(buf, SIZE_CANARY, NDKT_SIZE_ROOM);
	*need = offered;
	*st = fn(obj, buf, need);
	what = judge_size(buf, offered, *st, *need, asked, exact);
	note_size(obj, call, what, offered, *st, *need);
	return what;
}

void ndkt_size_probe(ndkt_obj *obj, uint32_t call, ndkt_size_fn *fn, ULONG offered, ULONG got)
{
	uint8_t *buf;
	NTSTATUS st;
	ULONG need = 0;
	ndkt_irql_t old;
	int first;
	old = ndkt_lock_acquire(obj->s->lock);
	first = (obj->size_probed & (1u << call)) == 0;
	obj->size_probed |= 1u << call;
	ndkt_lock_release(obj->s->lock, old);
	if (!first)
		return;
	note_size(obj, call, judge_size(NULL, offered, STATUS_SUCCESS, got, 0, 0), offered, STATUS_SUCCESS, got);
	buf = ndkt_alloc(NDKT_SIZE_ROOM, NDKT_TAG_OPS);
	if (buf == NULL)
		return;
	/* No bytes: too small for anything; then the size it asked for.
	 * NDK_ADAPTER_INFO is one structure: given more room than it asked
	 * for, it writes what it asked for and says so (AI-9). An address may
	 * take less than the size asked (a sockaddr_in where a SOCKADDR_INET
	 * was asked): not judged so. */
	if (size_try(obj, call, fn, buf, 0, 0, 0, &st, &need) == SIZE_KEPT && st == STATUS_BUFFER_TOO_SMALL &&
	    need <= NDKT_SIZE_ROOM) {
		ULONG asked = need;
		(void)size_try(obj, call, fn, buf, asked, asked, 0, &st, &need);
		if (call == NDKT_SIZE_CALL_QUERY_ADAPTER_INFO)
			(void)size_try(obj, call, fn, buf, NDKT_SIZE_ROOM, asked, 1, &st, &need);
	}
	/* One byte less than the first call wrote. */
	if (got >= 1 && got <= NDKT_SIZE_ROOM)
		(void)size_try(obj, call, fn, buf, got - 1, 0, 0, &st, &need);
	ndkt_free(buf, NDKT_TAG_OPS);
}

/* QueryAbiFacts (130): what the C ABI showed of an adapter or provider
 * object at its hand-over (ndkt_abi_observe, OpenAdapter's probes), its
 * Dispatch checked again now (OH-2), and the session's callbacks above
 * DISPATCH_LEVEL. */
static void op_query_abi_facts(ndkt_op *o)
{
	const struct ndkt_query_abi_facts_req *r = o->req;
	struct ndkt_query_abi_facts_reply rep;
	ndkt_obj *obj = ndkt_op_get(o, r->object, 0);
	ndkt_irql_t last = 0;
	ndkt_irql_t old;
	if (obj == NULL)
		return;
	if (obj->kind == NDKT_KIND_BUFFER || obj->kind == NDKT_KIND_LAM) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND);
		return;
	}
	memset(&rep, 0, sizeof rep);
	old = ndkt_lock_acquire(o->s->lock);
	ndkt_abi_recheck(obj);
	rep.facts = obj->abi;
	ndkt_lock_release(o->s->lock, old);
	rep.facts.high_irql_callbacks = ndkt_callbacks_high_irql(o->s->cbs, &last);
	rep.facts.high_irql_last = (uint32_t)last;
	ndkt_op_reply(o, STATUS_SUCCESS, &rep, sizeof rep, NULL, 0);
}

/* CloseProvider (11): the session's last call: every object left is
 * closed, children first (as at cleanup); later calls are BAD_SEQUENCE. */
static void op_close_provider(ndkt_op *o)
{
	ndkt_session *s = o->s;
	ndkt_cleanup_report *rep = NULL;
	struct ndkt_close_provider_reply fixed;
	struct ndkt_part_src part;
	static const char stuck[] = "ndkt: an object's close did not complete in time; its memory is kept";
	static const char failed[] = "ndkt: an object's close failed; it stays open";
	ndkt_irql_t old = ndkt_lock_acquire(s->lock);
	s->provider_closed = 1;
	ndkt_lock_release(s->lock, old);
	memset(&fixed, 0, sizeof fixed);
	part.data = NULL;
	part.bytes = 0;
	if (ndkt_cleanup_run(s->handles, ndkt_cleanup_close, s, s->lim.close_bound, &rep) != NDKT_OK) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return;
	}
	if (rep->stuck > 0 || rep->leaked > 0) {
		part.data = stuck;
		part.bytes = sizeof stuck - 1;
	} else if (rep->failed > 0) {
		part.data = failed;
		part.bytes = sizeof failed - 1;
	}
	fixed.n_error = (uint32_t)part.bytes;
	if (ndkt_cleanup_report_free(rep) != NDKT_OK) {
		old = ndkt_lock_acquire(s->lock);
		s->leak = 1;
		ndkt_lock_release(s->lock, old);
	}
	ndkt_op_reply(o, STATUS_SUCCESS, &fixed, sizeof fixed, &part, 1);
}

/* SetHostState (12), FailSrq (13), FailCq (14): the environment's fault
 * injection (provider.h), where it serves the fault; NOT_SUPPORTED where
 * it does not (a kernel consumer has no means of its own to silence the
 * RDMA traffic or break a queue: design note section 9). The handle is
 * checked first, as every handle is; the provider's refusal is the
 * reply's error part, as the Go agent answers a FaultInjector's error. */

_Static_assert(sizeof(struct ndkt_set_host_state_reply) == sizeof(struct ndkt_fail_cq_reply) &&
		sizeof(struct ndkt_fail_srq_reply) == sizeof(struct ndkt_fail_cq_reply),
	"the three injections' replies are the same {n_error}");

/* Answers an injection: an empty error part when the hook injected it,
 * the hook's reason (or the core's when it gave none) otherwise. */
static void inject_reply(ndkt_op *o, int rc, const ndkt_inject_error *err)
{
	static const char refused[] = "ndkt: the provider refused the fault injection";
	struct ndkt_fail_cq_reply fixed; /* SetHostState's and FailSrq's reply: the same {n_error} */
	struct ndkt_part_src part;
	memset(&fixed, 0, sizeof fixed);
	part.data = NULL;
	part.bytes = 0;
	if (rc != NDKT_OK) {
		if (err->len > 0 && err->len <= NDKT_INJECT_ERROR_MAX) {
			part.data = err->text;
			part.bytes = err->len;
		} else {
			part.data = refused;
			part.bytes = sizeof refused - 1;
		}
	}
	fixed.n_error = (uint32_t)part.bytes;
	ndkt_op_reply(o, STATUS_SUCCESS, &fixed, sizeof fixed, &part, 1);
}

/* Whether the environment serves fault (an NDKT_FAULT_* bit); the call
 * is refused NOT_SUPPORTED if not. */
static int serves(ndkt_op *o, uint32_t fault)
{
	if ((ndkt_provider_faults(o->s->provider) & fault) != 0)
		return 1;
	ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
	return 0;
}

static void op_set_host_state(ndkt_op *o)
{
	const struct ndkt_set_host_state_req *r = o->req;
	ndkt_inject_error err;
	int rc;
	if (!serves(o, NDKT_FAULT_HOST_STATE))
		return;
	/* The Go agent's refusals: an address that is none, a state that
	 * is none of ndk.HostState's. */
	if ((r->address.family != NDKT_AF_INET && r->address.family != NDKT_AF_INET6) || r->state > NDKT_HOST_DOWN) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT);
		return;
	}
	memset(&err, 0, sizeof err);
	rc = ndkt_provider_set_host_state(o->s->provider, &r->address, r->state, &err);
	inject_reply(o, rc, &err);
}

static void op_fail_srq(ndkt_op *o)
{
	const struct ndkt_fail_srq_req *r = o->req;
	ndkt_obj *srq = ndkt_op_get(o, r->srq, NDKT_KIND_SRQ);
	ndkt_inject_error err;
	int rc;
	if (srq == NULL || !serves(o, NDKT_FAULT_SRQ))
		return;
	memset(&err, 0, sizeof err);
	rc = ndkt_provider_fail_srq(o->s->provider, srq->ndk, &err);
	inject_reply(o, rc, &err);
}

static void op_fail_cq(ndkt_op *o)
{
	const struct ndkt_fail_cq_req *r = o->req;
	ndkt_obj *cq = ndkt_op_get(o, r->cq, NDKT_KIND_CQ);
	ndkt_inject_error err;
	int rc;
	if (cq == NULL || !serves(o, NDKT_FAULT_CQ))
		return;
	memset(&err, 0, sizeof err);
	rc = ndkt_provider_fail_cq(o->s->provider, cq->ndk, &err);
	inject_reply(o, rc, &err);
}

/* ---- the adapter ---- */

/* The adapter's objects end with it: closed (their memory goes) and their
 * handles released. */
static void end_adapter_objects(ndkt_session *s, ndkt_obj *a)
{
	uint32_t cursor = 0;
	uint64_t id;
	void *p;
	while (ndkt_handles_next(s->handles, 0, &cursor, &id, &p)) {
		ndkt_obj *obj = p;
		if (obj->adapter != a || obj == a)
			continue;
		if (obj->kind == NDKT_KIND_LAM)
			ndkt_lam_free(obj);
		(void)ndkt_obj_closed(obj, 1);
	}
}

/* CloseAdapter (20): the provider's close returns once the adapter's
 * objects are closed (the harness closes them meanwhile); then they end
 * with it. */
static void op_close_adapter(ndkt_op *o)
{
	const struct ndkt_close_adapter_req *r = o->req;
	ndkt_session *s = o->s;
	ndkt_obj *a = ndkt_op_get(o, r->adapter, NDKT_KIND_ADAPTER);
	ndkt_irql_t old;
	if (a == NULL)
		return;
	old = ndkt_lock_acquire(s->lock);
	if (a->state != NDKT_OBJ_OPEN) {
		ndkt_lock_release(s->lock, old);
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_OBJECT_CLOSED);
		return;
	}
	a->state = NDKT_OBJ_CLOSING;
	ndkt_lock_release(s->lock, old);
	ndkt_provider_close_adapter(s->provider, a->ndk);
	end_adapter_objects(s, a);
	(void)ndkt_obj_closed(a, 1);
	ndkt_op_reply(o, STATUS_SUCCESS, NULL, 0, NULL, 0);
}

static void op_query_adapter_info(ndkt_op *o)
{
	const struct ndkt_query_adapter_info_req *r = o->req;
	struct ndkt_query_adapter_info_reply rep;
	ndkt_obj *a = ndkt_op_get(o, r->adapter, NDKT_KIND_ADAPTER);
	const NDK_ADAPTER_DISPATCH *d;
	NDK_ADAPTER_INFO info;
	ULONG size = sizeof info;
	NTSTATUS st;
	if (a == NULL)
		return;
	d = ((NDK_ADAPTER *)a->ndk)->Dispatch;
	if (d == NULL || d->NdkQueryAdapterInfo == NULL) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
		return;
	}
	memset(&info, 0, sizeof info);
	st = d->NdkQueryAdapterInfo(a->ndk, &info, &size);
	memset(&rep, 0, sizeof rep);
	if (st == STATUS_SUCCESS) {
		struct ndkt_adapter_info *i = &rep.info;
		i->version.major = info.Version.Major;
		i->version.minor = info.Version.Minor;
		i->vendor_id = info.VendorId;
		i->device_id = info.DeviceId;
		i->max_registration_size = (uint64_t)info.MaxRegistrationSize;
		i->max_window_size = (uint64_t)info.MaxWindowSize;
		i->frmr_page_count = info.FRMRPageCount;
		i->max_initiator_request_sge = info.MaxInitiatorRequestSge;
		i->max_receive_request_sge = info.MaxReceiveRequestSge;
		i->max_read_request_sge = info.MaxReadRequestSge;
		i->max_transfer_length = info.MaxTransferLength;
		i->max_inline_data_size = info.MaxInlineDataSize;
		i->max_inbound_read_limit = info.MaxInboundReadLimit;
		i->max_outbound_read_limit = info.MaxOutboundReadLimit;
		i->max_receive_queue_depth = info.MaxReceiveQueueDepth;
		i->max_initiator_queue_depth = info.MaxInitiatorQueueDepth;
		i->max_srq_depth = info.MaxSrqDepth;
		i->max_cq_depth = info.MaxCqDepth;
		i->large_request_threshold = info.LargeRequestThreshold;
		i->max_caller_data = info.MaxCallerData;
		i->max_callee_data = info.MaxCalleeData;
		i->adapter_flags = info.AdapterFlags;
		i->rdma_technology = (uint32_t)info.RdmaTechnology;
	}
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

/* A create's object from its return: registered with STATUS_SUCCESS (a
 * pending create's comes in its completion). link: a notify context to
 * point at it. */
void ndkt_created(ndkt_op *o, NTSTATUS st, void *ndk, unsigned kind, ndkt_obj *adapter, ndkt_cbctx *link,
	struct ndkt_objref *ref)
{
	ndkt_obj *obj;
	memset(ref, 0, sizeof *ref);
	if (st != STATUS_SUCCESS || ndk == NULL)
		return;
	obj = ndkt_obj_new_registered(o->s, kind, adapter, ndk, 0);
	if (obj == NULL)
		return;
	if (link != NULL) {
		ndkt_irql_t old = ndkt_lock_acquire(o->s->lock);
		link->obj = obj;
		ndkt_lock_release(o->s->lock, old);
	}
	ndkt_objref_of(obj, ref);
}

ndkt_cbctx *ndkt_request_ctx(ndkt_op *o, const struct ndkt_cbref *done)
{
	ndkt_cbctx *c = ndkt_cbctx_new(o->s, NDKT_CB_REQUEST, done, NULL);
	if (c == NULL)
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
	return c;
}

ndkt_cbctx *ndkt_create_ctx(ndkt_op *o, const struct ndkt_cbref *done, unsigned kind, ndkt_obj *adapter,
	ndkt_cbctx *link)
{
	ndkt_cbctx *c = ndkt_cbctx_new(o->s, NDKT_CB_CREATE, done, NULL);
	if (c == NULL) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return NULL;
	}
	c->new_kind = kind;
	c->adapter = adapter;
	c->link = link;
	return c;
}

#define ADAPTER_D(obj) (((NDK_ADAPTER *)(obj)->ndk)->Dispatch)
#define NEED NDKT_NEED

static void op_create_cq(ndkt_op *o)
{
	const struct ndkt_create_cq_req *r = o->req;
	struct ndkt_create_cq_reply rep;
	ndkt_obj *a = ndkt_op_get(o, r->adapter, NDKT_KIND_ADAPTER);
	const NDK_ADAPTER_DISPATCH *d;
	ndkt_cbctx *nc = NULL, *cc;
	NDK_CQ *cq = NULL;
	NTSTATUS st;
	if (a == NULL)
		return;
	d = ADAPTER_D(a);
	NEED(d, NdkCreateCq);
	if (r->notify.present && (nc = ndkt_cbctx_new(o->s, NDKT_CB_CQ, &r->notify, NULL)) == NULL) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return;
	}
	if ((cc = ndkt_create_ctx(o, &r->done, NDKT_KIND_CQ, a, nc)) == NULL)
		return;
	st = d->NdkCreateCq(a->ndk, r->depth, nc != NULL ? ndkt_cb_cq : NULL, nc, NULL, ndkt_cb_create, cc, &cq);
	ndkt_created(o, st, cq, NDKT_KIND_CQ, a, nc, &rep.cq);
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

static void op_create_pd(ndkt_op *o)
{
	const struct ndkt_create_pd_req *r = o->req;
	struct ndkt_create_pd_reply rep;
	ndkt_obj *a = ndkt_op_get(o, r->adapter, NDKT_KIND_ADAPTER);
	const NDK_ADAPTER_DISPATCH *d;
	ndkt_cbctx *cc;
	NDK_PD *pd = NULL;
	NTSTATUS st;
	if (a == NULL)
		return;
	d = ADAPTER_D(a);
	NEED(d, NdkCreatePd);
	if ((cc = ndkt_create_ctx(o, &r->done, NDKT_KIND_PD, a, NULL)) == NULL)
		return;
	st = d->NdkCreatePd(a->ndk, ndkt_cb_create, cc, &pd);
	ndkt_created(o, st, pd, NDKT_KIND_PD, a, NULL, &rep.pd);
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

static void op_create_shared_endpoint(ndkt_op *o)
{
	const struct ndkt_create_shared_endpoint_req *r = o->req;
	struct ndkt_create_shared_endpoint_reply rep;
	ndkt_obj *a = ndkt_op_get(o, r->adapter, NDKT_KIND_ADAPTER);
	const NDK_ADAPTER_DISPATCH *d;
	ndkt_cbctx *cc;
	NDK_SHARED_ENDPOINT *se = NULL;
	uint8_t sa[32];
	ULONG n;
	NTSTATUS st;
	if (a == NULL)
		return;
	d = ADAPTER_D(a);
	NEED(d, NdkCreateSharedEndpoint);
	if ((cc = ndkt_create_ctx(o, &r->done, NDKT_KIND_SHARED_ENDPOINT, a, NULL)) == NULL)
		return;
	n = ndkt_sockaddr_from(&r->local, sa);
	st = d->NdkCreateSharedEndpoint(a->ndk, n ? (PSOCKADDR)(void *)sa : NULL, n, ndkt_cb_create, cc, &se);
	ndkt_created(o, st, se, NDKT_KIND_SHARED_ENDPOINT, a, NULL, &rep.shared_endpoint);
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

static void op_create_connector(ndkt_op *o)
{
	const struct ndkt_create_connector_req *r = o->req;
	struct ndkt_create_connector_reply rep;
	ndkt_obj *a = ndkt_op_get(o, r->adapter, NDKT_KIND_ADAPTER);
	const NDK_ADAPTER_DISPATCH *d;
	ndkt_cbctx *cc;
	NDK_CONNECTOR *c = NULL;
	NTSTATUS st;
	if (a == NULL)
		return;
	d = ADAPTER_D(a);
	NEED(d, NdkCreateConnector);
	if ((cc = ndkt_create_ctx(o, &r->done, NDKT_KIND_CONNECTOR, a, NULL)) == NULL)
		return;
	st = d->NdkCreateConnector(a->ndk, ndkt_cb_create, cc, &c);
	ndkt_created(o, st, c, NDKT_KIND_CONNECTOR, a, NULL, &rep.connector);
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

static void op_create_listener(ndkt_op *o)
{
	const struct ndkt_create_listener_req *r = o->req;
	struct ndkt_create_listener_reply rep;
	ndkt_obj *a = ndkt_op_get(o, r->adapter, NDKT_KIND_ADAPTER);
	const NDK_ADAPTER_DISPATCH *d;
	ndkt_cbctx *ec = NULL, *cc;
	NDK_LISTENER *l = NULL;
	NTSTATUS st;
	if (a == NULL)
		return;
	d = ADAPTER_D(a);
	NEED(d, NdkCreateListener);
	if (r->on_connect.present) {
		if ((ec = ndkt_cbctx_new(o->s, NDKT_CB_CONNECT, &r->on_connect, NULL)) == NULL) {
			ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
			return;
		}
		ec->adapter = a;
	}
	if ((cc = ndkt_create_ctx(o, &r->done, NDKT_KIND_LISTENER, a, ec)) == NULL)
		return;
	st = d->NdkCreateListener(a->ndk, ec != NULL ? ndkt_cb_connect : NULL, ec, ndkt_cb_create, cc, &l);
	ndkt_created(o, st, l, NDKT_KIND_LISTENER, a, ec, &rep.listener);
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

/* ---- the table ---- */

/* ops_objects.c */
void ndkt_op_resize_cq(ndkt_op *o);
void ndkt_op_arm_cq(ndkt_op *o);
void ndkt_op_get_cq_results(ndkt_op *o);
void ndkt_op_get_cq_results_ex(ndkt_op *o);
void ndkt_op_control_cq_interrupt_moderation(ndkt_op *o);
void ndkt_op_create_qp(ndkt_op *o);
void ndkt_op_create_qp_with_srq(ndkt_op *o);
void ndkt_op_create_srq(ndkt_op *o);
void ndkt_op_create_mr(ndkt_op *o);
void ndkt_op_create_mw(ndkt_op *o);
void ndkt_op_get_privileged_memory_region_token(ndkt_op *o);
void ndkt_op_modify_srq(ndkt_op *o);
void ndkt_op_srq_receive(ndkt_op *o);
void ndkt_op_initialize_fast_register_mr(ndkt_op *o);
void ndkt_op_get_local_token_from_mr(ndkt_op *o);
void ndkt_op_get_remote_token_from_mr(ndkt_op *o);
void ndkt_op_get_remote_token_from_mw(ndkt_op *o);
void ndkt_op_flush(ndkt_op *o);
void ndkt_op_receive(ndkt_op *o);
void ndkt_op_send(ndkt_op *o);
void ndkt_op_send_and_invalidate(ndkt_op *o);
void ndkt_op_write(ndkt_op *o);
void ndkt_op_read(ndkt_op *o);
void ndkt_op_bind(ndkt_op *o);
void ndkt_op_fast_register(ndkt_op *o);
void ndkt_op_invalidate(ndkt_op *o);
/* ops_connect.c */
void ndkt_op_connect(ndkt_op *o);
void ndkt_op_connect_with_shared_endpoint(ndkt_op *o);
void ndkt_op_complete_connect(ndkt_op *o);
void ndkt_op_accept(ndkt_op *o);
void ndkt_op_reject(ndkt_op *o);
void ndkt_op_get_connection_data(ndkt_op *o);
void ndkt_op_get_local_address(ndkt_op *o);
void ndkt_op_get_peer_address(ndkt_op *o);
void ndkt_op_disconnect(ndkt_op *o);
void ndkt_op_complete_connect_ex(ndkt_op *o);
void ndkt_op_accept_ex(ndkt_op *o);
void ndkt_op_listen(ndkt_op *o);
void ndkt_op_get_listener_local_address(ndkt_op *o);
void ndkt_op_control_connect_events(ndkt_op *o);
void ndkt_op_get_shared_endpoint_local_address(ndkt_op *o);
/* ops_memory.c */
void ndkt_op_build_lam(ndkt_op *o);
void ndkt_op_release_lam(ndkt_op *o);
void ndkt_op_build_lam_chain(ndkt_op *o);
void ndkt_op_register_mr(ndkt_op *o);
void ndkt_op_deregister_mr(ndkt_op *o);
void ndkt_op_register_mr_chain(ndkt_op *o);
void ndkt_op_allocate_buffer(ndkt_op *o);
void ndkt_op_free_buffer(ndkt_op *o);
void ndkt_op_write_memory(ndkt_op *o);
void ndkt_op_read_memory(ndkt_op *o);

ndkt_op_fn ndkt_op_handler(uint32_t opcode)
{
	switch (opcode) {
	case NDKT_OP_OPEN_ADAPTER: return op_open_adapter;
	case NDKT_OP_CLOSE_PROVIDER: return op_close_provider;
	case NDKT_OP_SET_HOST_STATE: return op_set_host_state;
	case NDKT_OP_FAIL_SRQ: return op_fail_srq;
	case NDKT_OP_FAIL_CQ: return op_fail_cq;
	case NDKT_OP_CLOSE_ADAPTER: return op_close_adapter;
	case NDKT_OP_QUERY_ADAPTER_INFO: return op_query_adapter_info;
	case NDKT_OP_CREATE_CQ: return op_create_cq;
	case NDKT_OP_CREATE_PD: return op_create_pd;
	case NDKT_OP_CREATE_SHARED_ENDPOINT: return op_create_shared_endpoint;
	case NDKT_OP_CREATE_CONNECTOR: return op_create_connector;
	case NDKT_OP_CREATE_LISTENER: return op_create_listener;
	case NDKT_OP_BUILD_LAM: return ndkt_op_build_lam;
	case NDKT_OP_RELEASE_LAM: return ndkt_op_release_lam;
	case NDKT_OP_BUILD_LAM_CHAIN: return ndkt_op_build_lam_chain;
	case NDKT_OP_CLOSE_OBJECT: return op_close_object;
	case NDKT_OP_RESIZE_CQ: return ndkt_op_resize_cq;
	case NDKT_OP_ARM_CQ: return ndkt_op_arm_cq;
	case NDKT_OP_GET_CQ_RESULTS: return ndkt_op_get_cq_results;
	case NDKT_OP_GET_CQ_RESULTS_EX: return ndkt_op_get_cq_results_ex;
	case NDKT_OP_CONTROL_CQ_INTERRUPT_MODERATION: return ndkt_op_control_cq_interrupt_moderation;
	case NDKT_OP_CREATE_QP: return ndkt_op_create_qp;
	case NDKT_OP_CREATE_QP_WITH_SRQ: return ndkt_op_create_qp_with_srq;
	case NDKT_OP_CREATE_SRQ: return ndkt_op_create_srq;
	case NDKT_OP_CREATE_MR: return ndkt_op_create_mr;
	case NDKT_OP_CREATE_MW: return ndkt_op_create_mw;
	case NDKT_OP_GET_PRIVILEGED_MEMORY_REGION_TOKEN: return ndkt_op_get_privileged_memory_region_token;
	case NDKT_OP_MODIFY_SRQ: return ndkt_op_modify_srq;
	case NDKT_OP_SRQ_RECEIVE: return ndkt_op_srq_receive;
	case NDKT_OP_REGISTER_MR: return ndkt_op_register_mr;
	case NDKT_OP_DEREGISTER_MR: return ndkt_op_deregister_mr;
	case NDKT_OP_INITIALIZE_FAST_REGISTER_MR: return ndkt_op_initialize_fast_register_mr;
	case NDKT_OP_GET_LOCAL_TOKEN_FROM_MR: return ndkt_op_get_local_token_from_mr;
	case NDKT_OP_GET_REMOTE_TOKEN_FROM_MR: return ndkt_op_get_remote_token_from_mr;
	case NDKT_OP_GET_REMOTE_TOKEN_FROM_MW: return ndkt_op_get_remote_token_from_mw;
	case NDKT_OP_REGISTER_MR_CHAIN: return ndkt_op_register_mr_chain;
	case NDKT_OP_FLUSH: return ndkt_op_flush;
	case NDKT_OP_RECEIVE: return ndkt_op_receive;
	case NDKT_OP_SEND: return ndkt_op_send;
	case NDKT_OP_SEND_AND_INVALIDATE: return ndkt_op_send_and_invalidate;
	case NDKT_OP_WRITE: return ndkt_op_write;
	case NDKT_OP_READ: return ndkt_op_read;
	case NDKT_OP_BIND: return ndkt_op_bind;
	case NDKT_OP_FAST_REGISTER: return ndkt_op_fast_register;
	case NDKT_OP_INVALIDATE: return ndkt_op_invalidate;
	case NDKT_OP_CONNECT: return ndkt_op_connect;
	case NDKT_OP_CONNECT_WITH_SHARED_ENDPOINT: return ndkt_op_connect_with_shared_endpoint;
	case NDKT_OP_COMPLETE_CONNECT: return ndkt_op_complete_connect;
	case NDKT_OP_ACCEPT: return ndkt_op_accept;
	case NDKT_OP_REJECT: return ndkt_op_reject;
	case NDKT_OP_GET_CONNECTION_DATA: return ndkt_op_get_connection_data;
	case NDKT_OP_GET_LOCAL_ADDRESS: return ndkt_op_get_local_address;
	case NDKT_OP_GET_PEER_ADDRESS: return ndkt_op_get_peer_address;
	case NDKT_OP_DISCONNECT: return ndkt_op_disconnect;
	case NDKT_OP_COMPLETE_CONNECT_EX: return ndkt_op_complete_connect_ex;
	case NDKT_OP_ACCEPT_EX: return ndkt_op_accept_ex;
	case NDKT_OP_LISTEN: return ndkt_op_listen;
	case NDKT_OP_GET_LISTENER_LOCAL_ADDRESS: return ndkt_op_get_listener_local_address;
	case NDKT_OP_CONTROL_CONNECT_EVENTS: return ndkt_op_control_connect_events;
	case NDKT_OP_GET_SHARED_ENDPOINT_LOCAL_ADDRESS: return ndkt_op_get_shared_endpoint_local_address;
	case NDKT_OP_ALLOCATE_BUFFER: return ndkt_op_allocate_buffer;
	case NDKT_OP_FREE_BUFFER: return ndkt_op_free_buffer;
	case NDKT_OP_WRITE_MEMORY: return ndkt_op_write_memory;
	case NDKT_OP_READ_MEMORY: return ndkt_op_read_memory;
	case NDKT_OP_QUERY_ABI_FACTS: return op_query_abi_facts;
	default: return NULL;
	}
}
