#include "held.h"

#define TAG_HELD NDKT_TAG('n', 'k', 'C', 'b')
#define SLOT_BITS 20u
#define SLOT_MASK ((1u << SLOT_BITS) - 1u)

typedef struct cbrec {
	struct ndkt_callbacks *t;
	uint64_t id; /* serial << SLOT_BITS | slot; 0 when free */
	int state;
	int held;
	ndkt_irql_t irql;
	int waiting;   /* the provider's thread is in enter (held) */
	int timed_out; /* the hold ended at the deadline */
	int dropping;  /* release_all: queued calls are dropped */
	ndkt_call *head, *tail; /* held: calls for the waiter to run */
	uint32_t pending;       /* released: calls on the work queue, not yet finished */
	int64_t deadline;
	ndkt_event *ev;
	ndkt_workq *wq;
} cbrec;

struct ndkt_callbacks {
	ndkt_lock *lock;
	ndkt_fault *fault;
	ndkt_event *idle; /* set when in_use drops to 0 */
	cbrec *recs;
	uint32_t *free_slots; /* a stack */
	uint32_t nfree;
	uint32_t cap;
	uint32_t in_use;
	uint64_t serial;
	int64_t timeout;
	int closing;
	ndkt_atomic64 high_count;
	ndkt_atomic64 high_last;
};

static void destroy_parts(ndkt_callbacks *t)
{
	uint32_t i;
	if (t->recs != NULL) {
		for (i = 0; i < t->cap; i++) {
			ndkt_event_destroy(t->recs[i].ev);
			ndkt_workq_destroy(t->recs[i].wq);
		}
	}
	ndkt_event_destroy(t->idle);
	ndkt_lock_destroy(t->lock);
	ndkt_free(t->recs, TAG_HELD);
	ndkt_free(t->free_slots, TAG_HELD);
	ndkt_free(t, TAG_HELD);
}

int ndkt_callbacks_create(uint32_t capacity, int64_t timeout, ndkt_fault *fault, ndkt_callbacks **out)
{
	ndkt_callbacks *t;
	uint32_t i;
	if (capacity == 0 || capacity > NDKT_CALLBACKS_MAX || timeout <= 0 || fault == NULL)
		return NDKT_E_INVAL;
	t = ndkt_alloc(sizeof *t, TAG_HELD);
	if (t == NULL)
		return NDKT_E_NOMEM;
	t->cap = capacity;
	t->recs = ndkt_alloc((size_t)capacity * sizeof *t->recs, TAG_HELD);
	t->free_slots = ndkt_alloc((size_t)capacity * sizeof *t->free_slots, TAG_HELD);
	if (t->recs == NULL || t->free_slots == NULL || ndkt_lock_create(&t->lock) != NDKT_OK ||
	    ndkt_event_create(&t->idle) != NDKT_OK)
		goto fail;
	for (i = 0; i < capacity; i++) {
		cbrec *r = &t->recs[i];
		r->t = t;
		if (ndkt_event_create(&r->ev) != NDKT_OK || ndkt_workq_create(&r->wq) != NDKT_OK)
			goto fail;
		t->free_slots[capacity - 1 - i] = i; /* slot 0 on top */
	}
	t->nfree = capacity;
	t->fault = fault;
	t->timeout = timeout;
	ndkt_atomic_init(&t->high_count, 0);
	ndkt_atomic_init(&t->high_last, 0);
	*out = t;
	return NDKT_OK;
fail:
	destroy_parts(t);
	return NDKT_E_NOMEM;
}

int ndkt_callbacks_destroy(ndkt_callbacks *t)
{
	if (t == NULL)
		return NDKT_OK;
	if (ndkt_callbacks_in_use(t) != 0)
		return NDKT_E_INVAL;
	destroy_parts(t);
	return NDKT_OK;
}

/* The outstanding record of id, or NULL. Locked. */
static cbrec *find_locked(ndkt_callbacks *t, uint64_t id)
{
	uint32_t slot = (uint32_t)(id & SLOT_MASK);
	cbrec *r;
	if (id == 0 || slot >= t->cap)
		return NULL;
	r = &t->recs[slot];
	if (r->id != id || (r->state != NDKT_CB_OUTSTANDING && r->state != NDKT_CB_RELEASED))
		return NULL;
	return r;
}

/* Frees r once acked, its waiter gone and its calls finished. Locked. */
static void maybe_free_locked(ndkt_callbacks *t, cbrec *r)
{
	if (r->state != NDKT_CB_ACKED || r->waiting || r->pending != 0)
		return;
	r->state = NDKT_CB_FREE;
	r->id = 0;
	r->held = 0;
	r->timed_out = 0;
	r->dropping = 0;
	r->head = r->tail = NULL;
	t->free_slots[t->nfree++] = (uint32_t)(r - t->recs);
	t->in_use--;
	if (t->in_use == 0)
		ndkt_event_set(t->idle);
}

int ndkt_callback_enter(ndkt_callbacks *t, ndkt_publish_fn publish, void *ctx, ndkt_callback_info *info)
{
	ndkt_irql_t irql = ndkt_irql(), old;
	ndkt_callback_info ci;
	cbrec *r;
	int rc, pub;
	if (irql > NDKT_DISPATCH_LEVEL) {
		/* Atomics only: no spin lock above DISPATCH_LEVEL. */
		ndkt_atomic_add(&t->high_count, 1);
		ndkt_atomic_store(&t->high_last, irql);
		return NDKT_E_PROVIDER_IRQL;
	}
	old = ndkt_lock_acquire(t->lock);
	if (t->closing) {
		ndkt_lock_release(t->lock, old);
		return NDKT_E_CLOSING;
	}
	if (t->nfree == 0) {
		ndkt_fault_set(t->fault, NDKT_E_CALLBACKS_FULL, t->cap);
		ndkt_lock_release(t->lock, old);
		return NDKT_E_CALLBACKS_FULL;
	}
	r = &t->recs[t->free_slots[--t->nfree]];
	t->in_use++;
	t->serial++;
	r->id = (t->serial << SLOT_BITS) | (uint64_t)(r - t->recs);
	r->irql = irql;
	r->held = irql == NDKT_PASSIVE_LEVEL;
	r->state = r->held ? NDKT_CB_OUTSTANDING : NDKT_CB_RELEASED;
	r->waiting = r->held;
	r->deadline = ndkt_now() + t->timeout;
	ci.id = r->id;
	ci.irql = irql;
	ci.held = r->held;
	ci.state = r->state;
	ndkt_lock_release(t->lock, old);
	if (info != NULL)
		*info = ci;

	pub = publish(ctx, &ci);
	if (pub != NDKT_OK) {
		/* Not published: nobody should know the id, but a harness may
		 * guess it: calls queued to it are dropped (below, or by
		 * run_released), then the record is freed. */
		old = ndkt_lock_acquire(t->lock);
		r->state = NDKT_CB_ACKED;
		r->dropping = 1;
		if (!ci.held) {
			maybe_free_locked(t, r);
			ndkt_lock_release(t->lock, old);
			return pub;
		}
	} else {
		if (!ci.held)
			return NDKT_OK;
		old = ndkt_lock_acquire(t->lock);
	}

	/* Held: run the calls queued within the callback, on this thread, in
	 * order, until the ack or the deadline. */
	rc = pub;
	for (;;) {
		int64_t now;
		if (r->head != NULL) {
			ndkt_call *c = r->head;
			ndkt_call_fn fn = c->fn;
			void *arg = c->arg;
			int how = r->dropping ? NDKT_CALL_DROP : NDKT_CALL_RUN;
			r->head = c->next;
			if (r->head == NULL)
				r->tail = NULL;
			ndkt_lock_release(t->lock, old);
			fn(arg, how);
			old = ndkt_lock_acquire(t->lock);
			continue;
		}
		if (r->state == NDKT_CB_ACKED) {
			if (r->dropping && rc == NDKT_OK)
				rc = NDKT_E_CLOSING;
			break;
		}
		now = ndkt_now();
		if (now >= r->deadline) {
			ndkt_fault_set(t->fault, NDKT_E_CALLBACK_TIMEOUT, r->id);
			r->timed_out = 1;
			r->state = NDKT_CB_RELEASED;
			rc = NDKT_E_CALLBACK_TIMEOUT;
			break;
		}
		ndkt_lock_release(t->lock, old);
		(void)ndkt_event_wait(r->ev, r->deadline - now);
		old = ndkt_lock_acquire(t->lock);
	}
	r->waiting = 0;
	maybe_free_locked(t, r);
	ndkt_lock_release(t->lock, old);
	return rc;
}

int ndkt_callback_ack(ndkt_callbacks *t, uint64_t id)
{
	ndkt_irql_t old = ndkt_lock_acquire(t->lock);
	cbrec *r = find_locked(t, id);
	if (r == NULL) {
		ndkt_lock_release(t->lock, old);
		return NDKT_E_UNKNOWN_CALLBACK;
	}
	r->state = NDKT_CB_ACKED;
	if (r->waiting)
		ndkt_event_set(r->ev);
	maybe_free_locked(t, r);
	ndkt_lock_release(t->lock, old);
	return NDKT_OK;
}

/* A released record's call, on its work queue at PASSIVE_LEVEL. */
static void run_released(void *arg)
{
	ndkt_call *c = arg;
	cbrec *r = c->rec;
	ndkt_callbacks *t = r->t;
	ndkt_call_fn fn = c->fn;
	void *fnarg = c->arg;
	int how;
	ndkt_irql_t old = ndkt_lock_acquire(t->lock);
	how = r->dropping ? NDKT_CALL_DROP : NDKT_CALL_RUN;
	ndkt_lock_release(t->lock, old);
	fn(fnarg, how); /* may free c */
	old = ndkt_lock_acquire(t->lock);
	r->pending--;
	maybe_free_locked(t, r);
	ndkt_lock_release(t->lock, old);
}

int ndkt_callback_queue_call(ndkt_callbacks *t, uint64_t id, ndkt_call *call, ndkt_call_fn fn, void *arg)
{
	ndkt_irql_t old = ndkt_lock_acquire(t->lock);
	cbrec *r = find_locked(t, id);
	int rc = NDKT_OK;
	if (r == NULL)
		rc = t->closing ? NDKT_E_CLOSING : NDKT_E_UNKNOWN_CALLBACK;
	else if (r->timed_out)
		rc = NDKT_E_CALLBACK_TIMEOUT;
	if (rc != NDKT_OK) {
		ndkt_lock_release(t->lock, old);
		return rc;
	}
	call->fn = fn;
	call->arg = arg;
	call->rec = r;
	call->next = NULL;
	if (r->waiting) {
		if (r->tail != NULL)
			r->tail->next = call;
		else
			r->head = call;
		r->tail = call;
		ndkt_event_set(r->ev);
	} else {
		r->pending++;
		ndkt_workq_queue(r->wq, &call->work, run_released, call);
	}
	ndkt_lock_release(t->lock, old);
	return NDKT_OK;
}

void ndkt_callbacks_release_all(ndkt_callbacks *t)
{
	ndkt_irql_t old = ndkt_lock_acquire(t->lock);
	uint32_t i;
	t->closing = 1;
	for (i = 0; i < t->cap; i++) {
		cbrec *r = &t->recs[i];
		if (r->state != NDKT_CB_OUTSTANDING && r->state != NDKT_CB_RELEASED)
			continue;
		r->state = NDKT_CB_ACKED;
		r->dropping = 1;
		if (r->waiting)
			ndkt_event_set(r->ev);
		maybe_free_locked(t, r);
	}
	ndkt_lock_release(t->lock, old);
}

int ndkt_callbacks_quiesce(ndkt_callbacks *t, int64_t timeout)
{
	int64_t deadline = timeout == NDKT_WAIT_FOREVER ? 0 : ndkt_now() + timeout;
	for (;;) {
		int64_t left = NDKT_WAIT_FOREVER;
		if (ndkt_callbacks_in_use(t) == 0)
			return NDKT_OK;
		if (timeout != NDKT_WAIT_FOREVER) {
			left = deadline - ndkt_now();
			if (left <= 0)
				return NDKT_E_TIMEOUT;
		}
		if (ndkt_event_wait(t->idle, left) == NDKT_E_IRQL)
			return NDKT_E_IRQL;
	}
}

uint32_t ndkt_callbacks_check_deadlines(ndkt_callbacks *t)
{
	ndkt_irql_t old = ndkt_lock_acquire(t->lock);
	int64_t now = ndkt_now();
	uint32_t i, n = 0;
	for (i = 0; i < t->cap; i++) {
		cbrec *r = &t->recs[i];
		if (r->state == NDKT_CB_RELEASED && !r->waiting && !r->timed_out && now >= r->deadline) {
			ndkt_fault_set(t->fault, NDKT_E_CALLBACK_TIMEOUT, r->id);
			r->timed_out = 1;
			n++;
		}
	}
	ndkt_lock_release(t->lock, old);
	return n;
}

int ndkt_callback_get(ndkt_callbacks *t, uint64_t id, ndkt_callback_info *info)
{
	ndkt_irql_t old = ndkt_lock_acquire(t->lock);
	uint32_t slot = (uint32_t)(id & SLOT_MASK);
	int rc = NDKT_E_UNKNOWN_CALLBACK;
	if (id != 0 && slot < t->cap && t->recs[slot].id == id) {
		cbrec *r = &t->recs[slot];
		info->id = id;
		info->irql = r->irql;
		info->held = r->held;
		info->state = r->state;
		rc = NDKT_OK;
	}
	ndkt_lock_release(t->lock, old);
	return rc;
}

uint64_t ndkt_callbacks_high_irql(ndkt_callbacks *t, ndkt_irql_t *last)
{
	if (last != NULL)
		*last = (ndkt_irql_t)ndkt_atomic_load(&t->high_last);
	return (uint64_t)ndkt_atomic_load(&t->high_count);
}

uint32_t ndkt_callbacks_in_use(ndkt_callbacks *t)
{
	ndkt_irql_t old = ndkt_lock_acquire(t->lock);
	uint32_t n = t->in_use;
	ndkt_lock_release(t->lock, old);
	return n;
}
