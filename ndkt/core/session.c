/*
 * A session: the control codes of the IOCTL contract over the handle
 * table, the event ring, the held callbacks and cleanup. See session.h;
 * the calls themselves are ops*.c's.
 */
#include <string.h>

#include "ops.h"

/* ndkt.sys's file version, answered by HELLO. */
#define NDKT_FILE_MAJOR 1
#define NDKT_FILE_MINOR 0
#define NDKT_FILE_BUILD 0
#define NDKT_FILE_REVISION 0

/* The smallest event record (a close completion): HELLO's ring_capacity
 * is the ring's bytes in such records. */
#define SMALLEST_RECORD 48u
/* How often a GET_EVENTS waiter checks released callbacks' deadlines. */
#define DEADLINE_TICK NDKT_MS(250)

void ndkt_session_default_limits(ndkt_session_limits *l)
{
	memset(l, 0, sizeof *l);
	l->handles = 1u << 16;
	l->callbacks = 4096;
	l->ring_bytes = 4u << 20;
	l->max_record = 256u << 10;
	l->max_sges = 4096;
	l->max_memory_chunk = 1u << 20;
	l->max_cq_results = 1u << 16;
	l->max_bytes = (uint64_t)4 << 30;
	l->callback_timeout = NDKT_MS(120000);
	l->close_bound = NDKT_MS(10000);
}

int32_t ndkt_protocol_error_status(uint32_t code)
{
	switch (code) {
	case NDKT_PROTOCOL_ERROR_UNKNOWN_HANDLE: return NDKT_STATUS_INVALID_HANDLE;
	case NDKT_PROTOCOL_ERROR_FOREIGN_HANDLE: return NDKT_STATUS_ACCESS_DENIED;
	case NDKT_PROTOCOL_ERROR_OBJECT_CLOSED: return NDKT_STATUS_FILE_CLOSED;
	case NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND: return NDKT_STATUS_OBJECT_TYPE_MISMATCH;
	case NDKT_PROTOCOL_ERROR_UNKNOWN_CALLBACK: return NDKT_STATUS_NOT_FOUND;
	case NDKT_PROTOCOL_ERROR_NOT_SUPPORTED: return NDKT_STATUS_NOT_SUPPORTED;
	case NDKT_PROTOCOL_ERROR_OUT_OF_RANGE: return NDKT_STATUS_INVALID_BUFFER_SIZE;
	case NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT: return NDKT_STATUS_INVALID_PARAMETER;
	case NDKT_PROTOCOL_ERROR_BAD_SEQUENCE: return NDKT_STATUS_INVALID_DEVICE_STATE;
	case NDKT_PROTOCOL_ERROR_BUSY: return NDKT_STATUS_DEVICE_BUSY;
	default: return NDKT_STATUS_INTERNAL_ERROR;
	}
}

/* The NTSTATUS a broken session's GET_EVENTS ends with. */
static int32_t fault_status(int fault)
{
	switch (fault) {
	case NDKT_E_RING_OVERFLOW: return NDKT_STATUS_DATA_OVERRUN;
	case NDKT_E_CALLBACK_TIMEOUT: return NDKT_STATUS_IO_TIMEOUT;
	case NDKT_E_CALLBACKS_FULL:
	case NDKT_E_NOMEM:
	case NDKT_E_TABLE_FULL: return NDKT_STATUS_INSUFFICIENT_RESOURCES;
	default: return NDKT_STATUS_INTERNAL_ERROR;
	}
}

/* ---- the session's life ---- */

static void wake(ndkt_session *s)
{
	ndkt_event_hook_fn hook;
	void *ctx;
	ndkt_irql_t old;
	ndkt_event_set(s->ev);
	old = ndkt_lock_acquire(s->lock);
	hook = s->hook;
	ctx = s->hook_ctx;
	ndkt_lock_release(s->lock, old);
	if (hook != NULL)
		hook(ctx);
}

static void ring_waiter(void *ctx)
{
	wake(ctx);
}

static void destroy(ndkt_session *s)
{
	ndkt_obj *obj, *next;
	ndkt_cbctx *c, *cn;
	uint32_t i;
	if (s->cbs != NULL)
		(void)ndkt_callbacks_destroy(s->cbs);
	ndkt_ring_destroy(s->ring);
	ndkt_handles_destroy(s->handles);
	for (obj = s->objs; obj != NULL; obj = next) {
		next = obj->next_all;
		if (obj->has_region)
			ndkt_region_release(&obj->region);
		if (obj->kind == NDKT_KIND_LAM)
			ndkt_free(obj->ndk, NDKT_TAG_OPS);
		if (obj->kind == NDKT_KIND_BUFFER)
			ndkt_buffer_free(&obj->mem);
		if (obj->dispatch_copy != NULL)
			ndkt_free(obj->dispatch_copy, NDKT_TAG_OPS);
		ndkt_free(obj, NDKT_TAG_OBJ);
	}
	for (c = s->ctxs; c != NULL; c = cn) {
		cn = c->next_all;
		ndkt_free(c, NDKT_TAG_CTX);
	}
	for (i = 0; i < s->n_limbo; i++)
		ndkt_region_release(&s->limbo[i]);
	ndkt_free(s->limbo, NDKT_TAG_SES);
	ndkt_free(s->order, NDKT_TAG_SES);
	if (s->report != NULL)
		(void)ndkt_cleanup_report_free(s->report);
	ndkt_event_destroy(s->ev);
	ndkt_event_destroy(s->drained);
	ndkt_lock_destroy(s->lock);
	ndkt_free(s, NDKT_TAG_SES);
}

int ndkt_session_open(const ndkt_session_limits *limits, void *provider, ndkt_session **out)
{
	ndkt_session *s;
	ndkt_session_limits l;
	if (out == NULL)
		return NDKT_E_INVAL;
	*out = NULL;
	if (limits != NULL)
		l = *limits;
	else
		ndkt_session_default_limits(&l);
	if (l.handles == 0 || l.callbacks == 0 || l.max_record < 64 || l.ring_bytes < l.max_record ||
	    l.callback_timeout <= 0 || l.close_bound < 0)
		return NDKT_E_INVAL;
	s = ndkt_alloc(sizeof *s, NDKT_TAG_SES);
	if (s == NULL)
		return NDKT_E_NOMEM;
	s->lim = l;
	s->provider = provider;
	ndkt_fault_init(&s->fault);
	ndkt_atomic_init(&s->n_callbacks, 0);
	ndkt_atomic_init(&s->n_second, 0);
	s->cap_limbo = 64;
	if (ndkt_lock_create(&s->lock) != NDKT_OK || ndkt_event_create(&s->ev) != NDKT_OK ||
	    ndkt_event_create(&s->drained) != NDKT_OK ||
	    (s->limbo = ndkt_alloc(s->cap_limbo * sizeof *s->limbo, NDKT_TAG_SES)) == NULL ||
	    ndkt_handles_create(l.handles, 0, &s->handles) != NDKT_OK ||
	    ndkt_ring_create(l.ring_bytes, l.max_record, &s->fault, &s->ring) != NDKT_OK ||
	    ndkt_callbacks_create(l.callbacks, l.callback_timeout, &s->fault, &s->cbs) != NDKT_OK) {
		destroy(s);
		return NDKT_E_NOMEM;
	}
	ndkt_ring_set_waiter(s->ring, ring_waiter, s);
	*out = s;
	return NDKT_OK;
}

/* Rundown: an IOCTL (or a queued call) in the session. 0 once closing. */
static int enter(ndkt_session *s)
{
	int ok;
	ndkt_irql_t old = ndkt_lock_acquire(s->lock);
	ok = !s->closing;
	if (ok)
		s->inflight++;
	ndkt_lock_release(s->lock, old);
	return ok;
}

static void leave(ndkt_session *s)
{
	int drained;
	ndkt_irql_t old = ndkt_lock_acquire(s->lock);
	s->inflight--;
	drained = s->closing && s->inflight == 0;
	ndkt_lock_release(s->lock, old);
	if (drained)
		ndkt_event_set(s->drained);
}

void ndkt_session_set_event_hook(ndkt_session *s, ndkt_event_hook_fn fn, void *ctx)
{
	ndkt_irql_t old = ndkt_lock_acquire(s->lock);
	s->hook = fn;
	s->hook_ctx = ctx;
	ndkt_lock_release(s->lock, old);
}

uint32_t ndkt_session_check_deadlines(ndkt_session *s)
{
	uint32_t n = ndkt_callbacks_check_deadlines(s->cbs);
	if (n > 0)
		wake(s);
	return n;
}

/* ---- HELLO ---- */

static int32_t hello(ndkt_session *s, const void *in, size_t in_len, void *out, size_t out_len, size_t *written)
{
	struct ndkt_hello_out h;
	uint32_t version;
	ndkt_irql_t old;
	int first;
	if (ndkt_decode_hello(in, in_len, &version) != NDKT_DECODE_OK)
		return NDKT_STATUS_INVALID_PARAMETER;
	if (out == NULL || out_len < sizeof h)
		return NDKT_STATUS_BUFFER_TOO_SMALL;
	old = ndkt_lock_acquire(s->lock);
	first = !s->hello && !s->closing;
	s->hello = 1;
	ndkt_lock_release(s->lock, old);
	if (!first)
		return NDKT_STATUS_INVALID_DEVICE_STATE;
	/* The driver answers with its own version; the service compares
	 * (a call's header must then carry NDKT_INTERFACE_VERSION). */
	(void)version;
	memset(&h, 0, sizeof h);
	h.size = sizeof h;
	h.interface_version = NDKT_INTERFACE_VERSION;
	h.file_major = NDKT_FILE_MAJOR;
	h.file_minor = NDKT_FILE_MINOR;
	h.file_build = NDKT_FILE_BUILD;
	h.file_revision = NDKT_FILE_REVISION;
	h.max_sges = s->lim.max_sges;
	h.max_event_batch_bytes = s->lim.max_record;
	h.ring_capacity = s->lim.ring_bytes / SMALLEST_RECORD;
	/* What the environment's fault hook serves (provider.h): the
	 * harness offers these and no other. */
	h.faults = ndkt_provider_faults(s->provider) & (NDKT_FAULT_HOST_STATE | NDKT_FAULT_SRQ | NDKT_FAULT_CQ);
	memcpy(out, &h, sizeof h);
	*written = sizeof h;
	return NDKT_STATUS_SUCCESS;
}

static int said_hello(ndkt_session *s)
{
	ndkt_irql_t old = ndkt_lock_acquire(s->lock);
	int h = s->hello;
	ndkt_lock_release(s->lock, old);
	return h;
}

/* ---- CALL ---- */

/* A call in flight: its input's copy and its output. */
typedef struct qcall {
	ndkt_call call; /* held.c's, for a call within a callback */
	ndkt_session *s;
	uint8_t *in;    /* the input's copy (nonpaged, 8-aligned) */
	struct ndkt_call_view v;
	void *out;
	size_t out_len;
	ndkt_call_done_fn done;
	void *done_ctx;
} qcall;

static void qcall_free(qcall *q)
{
	ndkt_free(q->in, NDKT_TAG_SES);
	ndkt_free(q, NDKT_TAG_SES);
}

static size_t refuse(void *out, size_t out_len, uint32_t code)
{
	size_t w = 0;
	(void)ndkt_encode_protocol_error(out, out_len, code, &w);
	return w;
}

/* Runs a decoded call: its handler answers into out. */
static size_t serve(ndkt_session *s, const struct ndkt_call_view *v, void *out, size_t out_len)
{
	ndkt_op o;
	ndkt_op_fn fn = ndkt_op_handler(v->opcode);
	ndkt_irql_t old;
	int closed;
	memset(&o, 0, sizeof o);
	o.s = s;
	o.v = v;
	o.req = v->req;
	o.out = out;
	o.cap = out_len;
	if (ndkt_fault_get(&s->fault, NULL) != 0)
		return refuse(out, out_len, NDKT_PROTOCOL_ERROR_INTERNAL); /* broken: GET_EVENTS says why */
	old = ndkt_lock_acquire(s->lock);
	closed = s->provider_closed;
	ndkt_lock_release(s->lock, old);
	if (closed)
		return refuse(out, out_len, NDKT_PROTOCOL_ERROR_BAD_SEQUENCE);
	if (fn == NULL)
		return refuse(out, out_len, NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
	fn(&o);
	if (!o.answered)
		ndkt_op_refuse(&o, NDKT_PROTOCOL_ERROR_INTERNAL);
	return o.written;
}

/* A call within a callback, run (or dropped) by held.c. */
static void run_queued(void *arg, int how)
{
	qcall *q = arg;
	ndkt_session *s = q->s;
	if (how == NDKT_CALL_RUN) {
		size_t w = serve(s, &q->v, q->out, q->out_len);
		q->done(q->done_ctx, NDKT_STATUS_SUCCESS, w);
	} else {
		q->done(q->done_ctx, NDKT_STATUS_CANCELLED, 0);
	}
	qcall_free(q);
	leave(s);
}

int32_t ndkt_session_call(ndkt_session *s, const void *in, size_t in_len, void *out, size_t out_len, size_t *written,
	ndkt_call_done_fn done, void *done_ctx)
{
	qcall *q;
	enum ndkt_decode_status st;
	size_t cap;
	int rc;
	*written = 0;
	if (out == NULL || out_len < sizeof(struct ndkt_reply_header))
		return NDKT_STATUS_BUFFER_TOO_SMALL;
	if (!enter(s))
		return NDKT_STATUS_INVALID_DEVICE_STATE;
	if (!said_hello(s)) {
		*written = refuse(out, out_len, NDKT_PROTOCOL_ERROR_BAD_SEQUENCE);
		leave(s);
		return NDKT_STATUS_SUCCESS;
	}
	(void)ndkt_callbacks_check_deadlines(s->cbs);
	/* The input is copied first: METHOD_BUFFERED's output overwrites it,
	 * and the provider gets nonpaged copies of SGEs and private data. */
	q = ndkt_alloc(sizeof *q, NDKT_TAG_SES);
	if (q != NULL && (q->in = ndkt_alloc(in_len ? in_len : 1, NDKT_TAG_SES)) == NULL) {
		ndkt_free(q, NDKT_TAG_SES);
		q = NULL;
	}
	if (q == NULL) {
		*written = refuse(out, out_len, NDKT_PROTOCOL_ERROR_INTERNAL);
		leave(s);
		return NDKT_STATUS_SUCCESS;
	}
	if (in_len > 0 && in != NULL)
		memcpy(q->in, in, in_len);
	q->s = s;
	q->out = out;
	q->out_len = out_len;
	q->done = done;
	q->done_ctx = done_ctx;
	st = in == NULL ? NDKT_DECODE_BAD_ARGUMENT : ndkt_decode_call(q->in, in_len, &q->v);
	if (st == NDKT_DECODE_OK) {
		st = ndkt_reply_capacity(&q->v, &cap);
		if (st == NDKT_DECODE_OK && cap > out_len)
			st = NDKT_DECODE_BAD_SIZE; /* the output must hold the largest reply */
	}
	if (st != NDKT_DECODE_OK) {
		*written = refuse(out, out_len, ndkt_decode_protocol_error(st));
		qcall_free(q);
		leave(s);
		return NDKT_STATUS_SUCCESS;
	}
	if (q->v.hdr->within_callback == 0) {
		*written = serve(s, &q->v, out, out_len);
		qcall_free(q);
		leave(s);
		return NDKT_STATUS_SUCCESS;
	}
	/* Within a callback: queued to it (held: its thread runs it; released:
	 * its work queue does), answered when it has run. */
	if (done == NULL) {
		*written = refuse(out, out_len, NDKT_PROTOCOL_ERROR_INTERNAL);
		qcall_free(q);
		leave(s);
		return NDKT_STATUS_SUCCESS;
	}
	rc = ndkt_callback_queue_call(s->cbs, q->v.hdr->within_callback, &q->call, run_queued, q);
	if (rc != NDKT_OK) {
		uint32_t code = rc == NDKT_E_UNKNOWN_CALLBACK ? NDKT_PROTOCOL_ERROR_UNKNOWN_CALLBACK
			: rc == NDKT_E_CLOSING ? NDKT_PROTOCOL_ERROR_BAD_SEQUENCE
			: NDKT_PROTOCOL_ERROR_INTERNAL; /* its hold ended at the deadline: the session is broken */
		*written = refuse(out, out_len, code);
		qcall_free(q);
		leave(s);
		return NDKT_STATUS_SUCCESS;
	}
	return NDKT_STATUS_PENDING; /* leave: in run_queued */
}

/* The Linux transport's wait for a queued call: a reference count
 * decides who frees it, so that neither side touches the event after the
 * other let it go. */
typedef struct waiter {
	ndkt_event *ev;
	ndkt_atomic64 refs;
	ndkt_atomic64 done;
	int32_t status;
	size_t written;
} waiter;

static void waiter_put(waiter *w)
{
	if (ndkt_atomic_add(&w->refs, -1) == 0) {
		ndkt_event_destroy(w->ev);
		ndkt_free(w, NDKT_TAG_SES);
	}
}

static void waiter_done(void *ctx, int32_t status, size_t written)
{
	waiter *w = ctx;
	w->status = status;
	w->written = written;
	ndkt_atomic_store(&w->done, 1);
	ndkt_event_set(w->ev);
	waiter_put(w);
}

static int32_t call_sync(ndkt_session *s, const void *in, size_t in_len, void *out, size_t out_len, size_t *written)
{
	waiter *w = ndkt_alloc(sizeof *w, NDKT_TAG_SES);
	int32_t st;
	if (w == NULL || ndkt_event_create(&w->ev) != NDKT_OK) {
		ndkt_free(w, NDKT_TAG_SES);
		return NDKT_STATUS_INSUFFICIENT_RESOURCES;
	}
	ndkt_atomic_init(&w->refs, 2);
	ndkt_atomic_init(&w->done, 0);
	st = ndkt_session_call(s, in, in_len, out, out_len, written, waiter_done, w);
	if (st != NDKT_STATUS_PENDING) {
		waiter_put(w); /* waiter_done will not run */
		waiter_put(w);
		return st;
	}
	while (ndkt_atomic_load(&w->done) == 0)
		(void)ndkt_event_wait(w->ev, NDKT_WAIT_FOREVER);
	st = w->status;
	*written = w->written;
	waiter_put(w);
	return st;
}

/* ---- GET_EVENTS ---- */

int32_t ndkt_session_get_events(ndkt_session *s, void *out, size_t out_len, size_t *written)
{
	size_t n = 0, b = 0;
	ndkt_irql_t old;
	int closing, hello_done, rc, fault;
	*written = 0;
	old = ndkt_lock_acquire(s->lock);
	closing = s->closing;
	hello_done = s->hello;
	ndkt_lock_release(s->lock, old);
	if (closing) {
		ndkt_event_set(s->ev); /* pass it on: every waiter ends */
		return NDKT_STATUS_CANCELLED;
	}
	if (!hello_done)
		return NDKT_STATUS_INVALID_DEVICE_STATE;
	rc = ndkt_ring_take(s->ring, out, out == NULL ? 0 : out_len, &n, &b);
	if (rc == NDKT_E_BUFFER_SMALL)
		return NDKT_STATUS_BUFFER_TOO_SMALL;
	if (n > 0) {
		*written = b;
		if (ndkt_ring_count(s->ring) > 0)
			ndkt_event_set(s->ev); /* more for another waiter */
		return NDKT_STATUS_SUCCESS;
	}
	fault = ndkt_fault_get(&s->fault, NULL);
	if (fault != 0) {
		ndkt_event_set(s->ev);
		return fault_status(fault);
	}
	return NDKT_STATUS_PENDING;
}

void ndkt_session_wait_events(ndkt_session *s)
{
	if (ndkt_event_wait(s->ev, DEADLINE_TICK) == NDKT_E_TIMEOUT)
		(void)ndkt_callbacks_check_deadlines(s->cbs);
}

/* ---- the other codes ---- */

static int32_t ack(ndkt_session *s, const void *in, size_t in_len)
{
	uint64_t id;
	if (ndkt_decode_ack(in, in_len, &id) != NDKT_DECODE_OK)
		return NDKT_STATUS_INVALID_PARAMETER;
	if (!said_hello(s))
		return NDKT_STATUS_INVALID_DEVICE_STATE;
	if (ndkt_callback_ack(s->cbs, id) != NDKT_OK)
		return ndkt_protocol_error_status(NDKT_PROTOCOL_ERROR_UNKNOWN_CALLBACK);
	return NDKT_STATUS_SUCCESS;
}

/* NDKT_WRITE_MEMORY, NDKT_READ_MEMORY: the data is out (the IRP's MDL's
 * bytes), of out_len bytes. */
static int32_t memory(ndkt_session *s, uint32_t opcode, const void *in, size_t in_len, void *out, size_t out_len,
	size_t *written)
{
	struct ndkt_call_view v;
	union {
		uint64_t align;
		uint8_t b[64];
	} copy;
	enum ndkt_decode_status st;
	uint32_t code;
	uint64_t region, off;
	if (in == NULL || in_len > sizeof copy.b)
		return NDKT_STATUS_INVALID_PARAMETER;
	memcpy(copy.b, in, in_len);
	st = ndkt_decode_memory(copy.b, in_len, opcode, out_len, &v);
	if (st != NDKT_DECODE_OK)
		return ndkt_protocol_error_status(ndkt_decode_protocol_error(st));
	if (!said_hello(s))
		return NDKT_STATUS_INVALID_DEVICE_STATE;
	if (opcode == NDKT_OP_WRITE_MEMORY) {
		const struct ndkt_write_memory_req *r = v.req;
		region = r->region;
		off = r->offset;
	} else {
		const struct ndkt_read_memory_req *r = v.req;
		region = r->region;
		off = r->offset;
	}
	if (out_len > 0 && out == NULL)
		return NDKT_STATUS_INVALID_PARAMETER;
	code = ndkt_memory_copy(s, region, off, out, out_len, opcode == NDKT_OP_WRITE_MEMORY);
	if (code != 0)
		return ndkt_protocol_error_status(code);
	*written = opcode == NDKT_OP_READ_MEMORY ? out_len : 0;
	return NDKT_STATUS_SUCCESS;
}

int32_t ndkt_session_ioctl(ndkt_session *s, uint32_t code, const void *in, size_t in_len, void *out, size_t out_len,
	size_t *written)
{
	int32_t st;
	*written = 0;
	if (code == NDKT_CALL)
		return call_sync(s, in, in_len, out, out_len, written);
	if (!enter(s))
		return code == NDKT_GET_EVENTS ? NDKT_STATUS_CANCELLED : NDKT_STATUS_INVALID_DEVICE_STATE;
	switch (code) {
	case NDKT_HELLO:
		st = hello(s, in, in_len, out, out_len, written);
		break;
	case NDKT_GET_EVENTS:
		for (;;) {
			st = ndkt_session_get_events(s, out, out_len, written);
			if (st != NDKT_STATUS_PENDING)
				break;
			ndkt_session_wait_events(s);
		}
		break;
	case NDKT_ACK_CALLBACK:
		st = ack(s, in, in_len);
		break;
	case NDKT_WRITE_MEMORY:
		st = memory(s, NDKT_OP_WRITE_MEMORY, in, in_len, out, out_len, written);
		break;
	case NDKT_READ_MEMORY:
		st = memory(s, NDKT_OP_READ_MEMORY, in, in_len, out, out_len, written);
		break;
	default:
		st = NDKT_STATUS_INVALID_DEVICE_REQUEST;
		break;
	}
	leave(s);
	return st;
}

/* ---- the end ---- */

int ndkt_session_cleanup(ndkt_session *s)
{
	ndkt_cleanup_report *rep = NULL;
	int64_t deadline;
	ndkt_irql_t old;
	uint32_t i, left;
	int leak = 0;
	old = ndkt_lock_acquire(s->lock);
	if (s->closing) {
		ndkt_lock_release(s->lock, old);
		return NDKT_E_INVAL;
	}
	s->closing = 1;
	ndkt_lock_release(s->lock, old);
	/* 2: held callbacks released as if acked (their queued calls
	 * answered STATUS_CANCELLED), every GET_EVENTS woken. */
	ndkt_callbacks_release_all(s->cbs);
	wake(s);
	/* 3, 4: every object, children first, each pending close waited for
	 * until its bound. */
	if (ndkt_cleanup_run(s->handles, ndkt_cleanup_close, s, s->lim.close_bound, &rep) != NDKT_OK) {
		leak = 1;
	} else {
		s->report = rep;
		s->order = ndkt_alloc((size_t)(rep->n ? rep->n : 1) * sizeof *s->order, NDKT_TAG_SES);
		if (s->order != NULL) {
			for (i = 0; i < rep->n; i++)
				s->order[i] = rep->e[i].kind;
			s->n_order = rep->n;
		}
		if (rep->stuck > 0 || rep->failed > 0 || rep->leaked > 0)
			leak = 1;
	}
	/* The IOCTLs still in the provider, then the callbacks' threads. */
	deadline = ndkt_now() + s->lim.close_bound;
	for (;;) {
		int64_t rest;
		old = ndkt_lock_acquire(s->lock);
		left = s->inflight;
		ndkt_lock_release(s->lock, old);
		rest = deadline - ndkt_now();
		if (left == 0 || rest <= 0)
			break;
		(void)ndkt_event_wait(s->drained, rest);
	}
	if (left > 0)
		leak = 1;
	if (ndkt_callbacks_quiesce(s->cbs, s->lim.close_bound) != NDKT_OK)
		leak = 1;
	old = ndkt_lock_acquire(s->lock);
	s->leak |= leak;
	leak = s->leak;
	ndkt_lock_release(s->lock, old);
	return leak ? NDKT_E_CLOSE_STUCK : NDKT_OK;
}

int ndkt_session_free(ndkt_session *s)
{
	if (s == NULL)
		return NDKT_OK;
	if (s->leak || (s->report != NULL && ndkt_cleanup_report_free(s->report) != NDKT_OK))
		return NDKT_E_CLOSE_STUCK; /* leaked on purpose: the provider may still write it */
	s->report = NULL;
	destroy(s);
	return NDKT_OK;
}

void ndkt_session_get_stats(ndkt_session *s, ndkt_session_stats *out)
{
	ndkt_irql_t old;
	memset(out, 0, sizeof *out);
	out->objects = ndkt_handles_count(s->handles, 0);
	old = ndkt_lock_acquire(s->lock);
	out->held_bytes = s->held;
	if (s->report != NULL) {
		out->cleanup_closed = s->report->closed;
		out->cleanup_stuck = s->report->stuck;
		out->cleanup_failed = s->report->failed;
		out->cleanup_leaked = s->report->leaked;
	}
	ndkt_lock_release(s->lock, old);
	out->callbacks = (uint64_t)ndkt_atomic_load(&s->n_callbacks);
	out->second_completions = (uint64_t)ndkt_atomic_load(&s->n_second);
	out->high_irql = ndkt_callbacks_high_irql(s->cbs, NULL);
	out->fault = ndkt_fault_get(&s->fault, NULL);
}

uint32_t ndkt_session_cleanup_order(ndkt_session *s, unsigned *kinds, uint32_t n)
{
	uint32_t i;
	for (i = 0; i < n && i < s->n_order; i++)
		kinds[i] = s->order[i];
	return s->n_order;
}
