/*
 * The session's insides, shared by session.c and the call handlers
 * (ops.c, ops_objects.c, ops_connect.c, ops_memory.c). Not for the shell:
 * session.h is its interface.
 *
 * Objects. Every object of the session (an adapter, a provider object, a
 * buffer, a LAM) is an ndkt_obj, named by a handle id (handles.h) from the
 * moment it is registered until its close completes. The ndkt_obj itself
 * stays allocated until the session is freed (a lookup's pointer is never
 * left dangling, whatever a concurrent close does); what it holds of
 * memory (a buffer's bytes, an MDL chain, a LAM's page array) goes when
 * the protocol says (FreeBuffer, DeregisterMr's completion, the close's
 * completion, ReleaseLam).
 *
 * Callbacks. The provider gets our trampolines and, as each one's PVOID
 * context, an ndkt_cbctx the session allocated (never an id, never
 * something of the harness's): what the event is, the harness's context,
 * the object it names. Contexts too stay until the session is freed, so a
 * provider that calls back late or twice reaches valid memory (and the
 * second completion of one request is counted).
 *
 * Locks: s->lock (a spin lock) guards the objects' states, regions, pins,
 * the memory held and the lists; it is never held across a provider call
 * or a callback.
 */
#ifndef NDKT_OPS_H
#define NDKT_OPS_H

#include "cleanup.h"
#include "decode.h"
#include "handles.h"
#include "held.h"
#include "provider.h"
#include "ring.h"
#include "session.h"

/* Object states (under s->lock). */
enum { NDKT_OBJ_OPEN = 0, NDKT_OBJ_CLOSING, NDKT_OBJ_CLOSED };

struct ndkt_obj;

/* [off, off+n) of a buffer: a piece of an MR's region or of a LAM. */
typedef struct ndkt_piece {
	struct ndkt_obj *buf;
	uint64_t off, n;
} ndkt_piece;

/* What an MR is registered over, or a LAM built over: its pieces (each
 * pins its buffer: FreeBuffer is BUSY meanwhile) and the MDL chain the
 * provider was given (kept until the provider is done with it, MR-5). */
typedef struct ndkt_region {
	ndkt_piece *pieces;
	uint32_t n;
	MDL *chain;
	uint64_t length; /* the pieces' bytes laid end to end */
} ndkt_region;

typedef struct ndkt_obj {
	struct ndkt_obj *next_all; /* the session's list (freed with it) */
	struct ndkt_session *s;
	unsigned kind;             /* NDKT_KIND_* */
	uint64_t id;               /* its handle id; 0 before registration */
	struct ndkt_obj *adapter;  /* its adapter (itself for an adapter; NULL for a buffer) */
	void *ndk;                 /* the provider's object (NDK_ADAPTER *, NDK_CQ *, ...); a LAM's NDK_LOGICAL_ADDRESS_MAPPING */
	uint32_t flags;            /* NDKT_OBJ_MDL_CHAINS, NDKT_OBJ_CONNECTOR_EX */
	int state;                 /* NDKT_OBJ_*, under s->lock */
	ndkt_close_token *cleanup_token; /* a cleanup waits for this object's pending close */

	/* What NDKPI's C ABI showed at the hand-over (QueryAbiFacts): the
	 * header and the dispatch table (ndkt_abi_observe), an adapter's
	 * version negotiation (OpenAdapter). dispatch_copy: the core's copy
	 * of the provider's table, which Dispatch points at from the
	 * hand-over on (a consumer may change Dispatch: OH-2); freed with the
	 * session. */
	struct ndkt_abi_facts abi;
	void *dispatch_copy;
	uint32_t size_probed;      /* bit NDKT_SIZE_CALL_*: that call's buffer size probed (under s->lock) */

	/* An adapter. */
	NDK_VERSION version;       /* NDK_ADAPTER_INFO.Version (the header's if the query failed) */

	/* A buffer. */
	ndkt_buffer_mem mem;
	uint64_t charged;          /* bytes charged to the session */
	uint32_t pins;             /* regions over it (MRs registered, LAMs built) */
	uint32_t users;            /* memory calls copying now */

	/* An MR (its registration) or a LAM (what it was built over). */
	ndkt_region region;
	int has_region;

	/* A LAM: its page array's capacity and the outputs a pending BuildLam
	 * writes later (kept here until ReleaseLam). */
	uint32_t lam_capacity;
	size_t lam_bytes;
	ULONG lam_size;
	ULONG lam_fbo;
} ndkt_obj;

/* Callback kinds. */
enum {
	NDKT_CB_CREATE = 1,
	NDKT_CB_REQUEST,
	NDKT_CB_CLOSE,
	NDKT_CB_CQ,
	NDKT_CB_SRQ,
	NDKT_CB_CONNECT,
	NDKT_CB_DISCONNECT,
	NDKT_CB_DISCONNECT_EX
};
/* What a request completion settles before its event. */
enum { NDKT_SETTLE_NONE = 0, NDKT_SETTLE_REGISTER, NDKT_SETTLE_DEREGISTER, NDKT_SETTLE_LAM };

typedef struct ndkt_cbctx {
	struct ndkt_cbctx *next_all;
	struct ndkt_session *s;
	int kind;                  /* NDKT_CB_* */
	int has_ref;               /* the harness passed a CallbackRef: publish an event */
	uint64_t context;          /* its context */
	unsigned new_kind;         /* CREATE: the kind created */
	ndkt_obj *adapter;         /* CREATE, CONNECT: the new object's adapter */
	ndkt_obj *obj;             /* the object the event names, under s->lock (a CQ's, SRQ's, listener's once registered) */
	struct ndkt_cbctx *link;   /* CREATE: the notify context (CQ, SRQ, listener) to point at the new object */
	int settle;                /* REQUEST: NDKT_SETTLE_* on obj */
	ndkt_region pending;       /* REQUEST, SETTLE_REGISTER: the region a registration took */
	int pending_mine;          /* the registration set obj's region */
	ndkt_atomic64 fired;       /* completions seen */
	ndkt_atomic64 settled;     /* the settle ran (once: a return or a completion) */
} ndkt_cbctx;

struct ndkt_session {
	ndkt_session_limits lim;
	void *provider;
	ndkt_lock *lock;
	ndkt_fault fault;
	ndkt_handles *handles;
	ndkt_ring *ring;
	ndkt_callbacks *cbs;
	ndkt_event *ev;            /* set by every push and at closing: GET_EVENTS waiters */
	ndkt_event *drained;       /* set when inflight drops to 0 while closing */

	/* under lock */
	int hello;                 /* HELLO was answered */
	int closing;               /* ndkt_session_cleanup began */
	int provider_closed;       /* CloseProvider ran */
	uint32_t inflight;         /* IOCTLs (and queued calls) in the session */
	uint64_t held;             /* bytes of buffers and LAM arrays */
	ndkt_obj *objs;
	ndkt_cbctx *ctxs;
	ndkt_region *limbo;        /* regions a provider may still use and nobody owns (freed with the session) */
	uint32_t n_limbo, cap_limbo;
	ndkt_event_hook_fn hook;
	void *hook_ctx;

	ndkt_atomic64 n_callbacks;
	ndkt_atomic64 n_second;

	/* the last cleanup */
	ndkt_cleanup_report *report;
	unsigned *order;
	uint32_t n_order;
	int leak;                  /* something may still reference the session's memory */
};

/* One call being served: its decoded view and its output. */
typedef struct ndkt_op {
	ndkt_session *s;
	const struct ndkt_call_view *v;
	const void *req;           /* the fixed request */
	uint8_t *out;
	size_t cap;
	size_t written;
	int answered;
} ndkt_op;

typedef void (*ndkt_op_fn)(ndkt_op *o);

/* The handler of an opcode (ops.c's table), NULL for none. */
ndkt_op_fn ndkt_op_handler(uint32_t opcode);

/* Answers: the provider's status and the reply (fixed and parts), or a
 * protocol error. */
void ndkt_op_reply(ndkt_op *o, NTSTATUS status, const void *fixed, size_t fixed_size, const struct ndkt_part_src *parts,
	size_t n_parts);
void ndkt_op_refuse(ndkt_op *o, uint32_t code);

/* The live object of id of kind (0: any kind), or NULL with the call
 * refused (INVALID_ARGUMENT for id 0, the handle's protocol error
 * otherwise). ndkt_op_get_opt: id 0 is no object (NULL, *ok 1). */
ndkt_obj *ndkt_op_get(ndkt_op *o, uint64_t id, unsigned kind);
ndkt_obj *ndkt_op_get_opt(ndkt_op *o, uint64_t id, unsigned kind, int *ok);

/* The protocol's HandleKind of a core kind, and an object's objref. */
uint32_t ndkt_proto_kind(unsigned kind);
void ndkt_objref_of(ndkt_obj *obj, struct ndkt_objref *ref);

/* Objects. ndkt_obj_new: a new object of kind (not registered); NULL
 * without memory. ndkt_obj_register: gives it a handle id (NDKT_OK,
 * NDKT_E_TABLE_FULL). ndkt_obj_new_registered does both (NULL on failure,
 * and the session faults when called from a callback: from_cb). */
ndkt_obj *ndkt_obj_new(ndkt_session *s, unsigned kind, ndkt_obj *adapter, void *ndk);
int ndkt_obj_register(ndkt_obj *obj);
ndkt_obj *ndkt_obj_new_registered(ndkt_session *s, unsigned kind, ndkt_obj *adapter, void *ndk, int from_cb);
/* The connector flags of a connector of adapter (NDKT_OBJ_CONNECTOR_EX). */
uint32_t ndkt_connector_flags(ndkt_obj *adapter, void *ndk_connector);

/* A close completed (or returned STATUS_SUCCESS): the object's region and
 * LAM memory go, its handle is released. Returns 1 if this call did it (0:
 * it was done already). release: release the handle too. */
int ndkt_obj_closed(ndkt_obj *obj, int release);

/* Callback contexts. ndkt_cbctx_new: NULL without memory (the call is
 * then refused INTERNAL before the provider sees it). */
ndkt_cbctx *ndkt_cbctx_new(ndkt_session *s, int kind, const struct ndkt_cbref *ref, ndkt_obj *obj);

/* The trampolines the provider calls (the NDKPI callback types). */
VOID ndkt_cb_create(PVOID ctx, NTSTATUS status, NDK_OBJECT_HEADER *obj);
VOID ndkt_cb_request(PVOID ctx, NTSTATUS status);
VOID ndkt_cb_close(PVOID ctx);
VOID ndkt_cb_cq(PVOID ctx, NTSTATUS status);
VOID ndkt_cb_srq(PVOID ctx, NTSTATUS status);
VOID ndkt_cb_connect(PVOID ctx, NDK_CONNECTOR *connector);
VOID ndkt_cb_disconnect(PVOID ctx);
VOID ndkt_cb_disconnect_ex(PVOID ctx, ULONG reason);

/* What the C ABI shows of a provider object or adapter handed over
 * (obj->ndk set, obj->kind a provider kind): its header and dispatch
 * table into obj->abi, and Dispatch replaced by the core's copy of the
 * table. IRQL <= DISPATCH_LEVEL. ndkt_abi_recheck: Dispatch changed
 * since (the provider wrote it again, OH-2) is counted and undone. */
void ndkt_abi_observe(ndkt_obj *obj);
void ndkt_abi_recheck(ndkt_obj *obj);

/* Buffer-size probes (CN-18; AI-5, AI-9): the calls that take a buffer and
 * its size (ndkt_abi_facts.size_call) and what a breach was
 * (ndkt_abi_facts.size_what). */
enum {
	NDKT_SIZE_CALL_QUERY_ADAPTER_INFO = 1,
	NDKT_SIZE_CALL_GET_LOCAL_ADDRESS = 2,
	NDKT_SIZE_CALL_GET_PEER_ADDRESS = 3,
	NDKT_SIZE_CALL_GET_LISTENER_LOCAL_ADDRESS = 4,
	NDKT_SIZE_CALL_GET_SHARED_ENDPOINT_LOCAL_ADDRESS = 5
};
enum {
	NDKT_SIZE_WHAT_SUCCESS_LENGTH = 1, /* STATUS_SUCCESS with a length of 0 or above the bytes offered */
	NDKT_SIZE_WHAT_NO_SIZE_NEEDED = 2, /* STATUS_BUFFER_TOO_SMALL with a length not above the bytes offered */
	NDKT_SIZE_WHAT_NEEDED_REFUSED = 3, /* the size it asked for answered STATUS_BUFFER_TOO_SMALL again */
	NDKT_SIZE_WHAT_WROTE_PAST = 4,     /* a byte written past the bytes offered */
	NDKT_SIZE_WHAT_NOT_WRITTEN = 5     /* NDK_ADAPTER_INFO: given more room, a length other than the size it asked for */
};
/* The most bytes a probe offers; a size asked for above it is not tried. */
#define NDKT_SIZE_ROOM 512u
/* One call of a probed kind on obj with len bytes at buf. */
typedef NTSTATUS ndkt_size_fn(ndkt_obj *obj, void *buf, ULONG *len);
/* After call's first success on obj (the call offered `offered` bytes and
 * got `got` back), its buffer-size contract is probed once per object and
 * call: the same call with 0 bytes, with the size a too-small answer
 * asked for (NdkQueryAdapterInfo also with more room than that), and with
 * got - 1. An answer keeps the contract when it is
 * STATUS_SUCCESS with 0 < length <= the bytes offered, or
 * STATUS_BUFFER_TOO_SMALL with a length above them (the size needed), and
 * writes no byte past the bytes offered; another status is no answer to
 * judge (the object may have changed since). Counted in obj->abi, the
 * first breach kept. IRQL PASSIVE_LEVEL. */
void ndkt_size_probe(ndkt_obj *obj, uint32_t call, ndkt_size_fn *fn, ULONG offered, ULONG got);

/* NdkClose<Kind> of obj's dispatch table (not an adapter's); NULL if the
 * table or the entry is. */
NDK_FN_CLOSE_OBJECT ndkt_ndk_close_fn(ndkt_obj *obj);
/* A LAM's page array goes (its memory uncharged). */
void ndkt_lam_free(ndkt_obj *lam);
/* A create's completion context, and the object of a create's return
 * (ops.c). */
ndkt_cbctx *ndkt_create_ctx(ndkt_op *o, const struct ndkt_cbref *done, unsigned kind, ndkt_obj *adapter,
	ndkt_cbctx *link);
void ndkt_created(ndkt_op *o, NTSTATUS st, void *ndk, unsigned kind, ndkt_obj *adapter, ndkt_cbctx *link,
	struct ndkt_objref *ref);
/* What a request completion settles first, and a LAM's output
 * (ops_memory.c). */
void ndkt_settle(ndkt_cbctx *c, NTSTATUS status);
void ndkt_lam_output(ndkt_obj *lam, NTSTATUS status, struct ndkt_lam_output *out, const void **pages);
/* A request completion's context: NULL (and the call refused) without
 * memory. */
ndkt_cbctx *ndkt_request_ctx(ndkt_op *o, const struct ndkt_cbref *done);

#define NDKT_NEED(d, member)                                               \
	do {                                                               \
		if ((d) == NULL || (d)->member == NULL) {                  \
			ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_NOT_SUPPORTED); \
			return;                                            \
		}                                                          \
	} while (0)

/* Regions (ops_memory.c). ndkt_region_drop unpins its buffers and frees
 * what a region holds; ndkt_region_release only frees (the session's end).
 * IRQL <= DISPATCH_LEVEL. */
void ndkt_region_drop(ndkt_session *s, ndkt_region *r);
void ndkt_region_release(ndkt_region *r);
/* Keeps a region nobody owns until the session is freed. */
void ndkt_region_limbo(ndkt_session *s, ndkt_region *r);
/* Closes a buffer, LAM or provider object for cleanup (cleanup.h's close
 * function). */
int ndkt_cleanup_close(void *ctx, uint64_t id, unsigned kind, void *ptr, ndkt_close_token *token);

/* Memory: the range [off, off+n) of a buffer or MR region, copied to or
 * from data; 0 or a protocol error code. */
uint32_t ndkt_memory_copy(ndkt_session *s, uint64_t region, uint64_t off, void *data, size_t n, int write);
/* The live object of id of kind (0: any): 0, or a protocol error code. */
uint32_t ndkt_lookup(ndkt_session *s, uint64_t id, unsigned kind, ndkt_obj **out);
/* A refusal of a handle lookup as a protocol error code. */
uint32_t ndkt_handle_error(int rc);

/* SOCKADDRs from and to the contract's addresses (ops_connect.c). buf
 * holds 32 bytes; returns the length (0 for an unspecified address). */
ULONG ndkt_sockaddr_from(const struct ndkt_addr *a, uint8_t *buf);
void ndkt_sockaddr_to(const uint8_t *buf, ULONG len, struct ndkt_addr *a);

#define NDKT_TAG_OBJ NDKT_TAG('n', 'k', 'O', 'b')
#define NDKT_TAG_CTX NDKT_TAG('n', 'k', 'C', 'x')
#define NDKT_TAG_OPS NDKT_TAG('n', 'k', 'O', 'p')
#define NDKT_TAG_SES NDKT_TAG('n', 'k', 'S', 's')

#endif
