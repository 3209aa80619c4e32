#include <string.h>

#include "ring.h"

#define TAG_RING NDKT_TAG('n', 'k', 'R', 'g')

struct ndkt_ring {
	ndkt_lock *lock;
	ndkt_fault *fault;
	unsigned char *buf;
	size_t cap;        /* a multiple of 8 */
	size_t max_record;
	size_t head;       /* offset of the oldest record, a multiple of 8 */
	size_t used;       /* bytes, a multiple of 8 */
	size_t count;      /* records */
	ndkt_ring_waiter_fn waiter;
	void *waiter_ctx;
};

int ndkt_ring_create(size_t capacity, size_t max_record, ndkt_fault *fault, ndkt_ring **out)
{
	ndkt_ring *r;
	if (max_record > NDKT_RING_MAX_RECORD)
		return NDKT_E_INVAL;
	capacity &= ~(size_t)7u;
	max_record &= ~(size_t)7u;
	if (fault == NULL || max_record < NDKT_RING_MIN_RECORD || capacity < max_record)
		return NDKT_E_INVAL;
	r = ndkt_alloc(sizeof *r, TAG_RING);
	if (r == NULL)
		return NDKT_E_NOMEM;
	r->buf = ndkt_alloc(capacity, TAG_RING);
	if (r->buf == NULL || ndkt_lock_create(&r->lock) != NDKT_OK) {
		ndkt_free(r->buf, TAG_RING);
		ndkt_free(r, TAG_RING);
		return NDKT_E_NOMEM;
	}
	r->fault = fault;
	r->cap = capacity;
	r->max_record = max_record;
	*out = r;
	return NDKT_OK;
}

void ndkt_ring_destroy(ndkt_ring *r)
{
	if (r == NULL)
		return;
	ndkt_lock_destroy(r->lock);
	ndkt_free(r->buf, TAG_RING);
	ndkt_free(r, TAG_RING);
}

void ndkt_ring_set_waiter(ndkt_ring *r, ndkt_ring_waiter_fn fn, void *ctx)
{
	ndkt_irql_t old = ndkt_lock_acquire(r->lock);
	r->waiter = fn;
	r->waiter_ctx = ctx;
	ndkt_lock_release(r->lock, old);
}

/* Copies n bytes into the ring at offset off, wrapping at its end. */
static void put(ndkt_ring *r, size_t off, const void *src, size_t n)
{
	size_t first = r->cap - off < n ? r->cap - off : n;
	memcpy(r->buf + off, src, first);
	memcpy(r->buf, (const unsigned char *)src + first, n - first);
}

/* Copies n bytes out of the ring from offset off, wrapping at its end. */
static void get(ndkt_ring *r, size_t off, void *dst, size_t n)
{
	size_t first = r->cap - off < n ? r->cap - off : n;
	memcpy(dst, r->buf + off, first);
	memcpy((unsigned char *)dst + first, r->buf, n - first);
}

int ndkt_ring_push(ndkt_ring *r, const void *rec, size_t len)
{
	ndkt_irql_t old;
	ndkt_ring_waiter_fn waiter;
	void *wctx;
	size_t space, tail;
	uint32_t size;
	if (rec == NULL || len < NDKT_RING_MIN_RECORD || len % 8u != 0)
		return NDKT_E_INVAL;
	memcpy(&size, rec, sizeof size);
	if (size != len)
		return NDKT_E_INVAL;
	if (len > r->max_record) {
		ndkt_fault_set(r->fault, NDKT_E_RECORD_TOO_BIG, len);
		return NDKT_E_RECORD_TOO_BIG;
	}
	space = NDKT_RING_SPACE(len);
	old = ndkt_lock_acquire(r->lock);
	if (ndkt_fault_get(r->fault, NULL) != 0) {
		ndkt_lock_release(r->lock, old);
		return NDKT_E_BROKEN;
	}
	if (r->cap - r->used < space) {
		ndkt_fault_set(r->fault, NDKT_E_RING_OVERFLOW, r->count);
		ndkt_lock_release(r->lock, old);
		return NDKT_E_RING_OVERFLOW;
	}
	tail = (r->head + r->used) % r->cap;
	put(r, tail, rec, len);
	r->used += space;
	r->count++;
	waiter = r->waiter;
	wctx = r->waiter_ctx;
	ndkt_lock_release(r->lock, old);
	if (waiter != NULL)
		waiter(wctx);
	return NDKT_OK;
}

int ndkt_ring_take(ndkt_ring *r, void *buf, size_t len, size_t *records, size_t *bytes)
{
	ndkt_irql_t old;
	size_t n = 0, out = 0;
	int rc = NDKT_OK;
	old = ndkt_lock_acquire(r->lock);
	while (r->count > 0) {
		uint32_t size;
		size_t space;
		/* The size never straddles the end: offsets and cap are multiples of 8. */
		memcpy(&size, r->buf + r->head, sizeof size);
		space = NDKT_RING_SPACE(size);
		if (len - out < space) {
			if (n == 0) {
				rc = NDKT_E_BUFFER_SMALL;
				out = space;
			}
			break;
		}
		get(r, r->head, (unsigned char *)buf + out, space);
		out += space;
		n++;
		r->head = (r->head + space) % r->cap;
		r->used -= space;
		r->count--;
	}
	if (r->count == 0)
		r->head = 0;
	ndkt_lock_release(r->lock, old);
	*records = n;
	*bytes = out;
	return rc;
}

size_t ndkt_ring_count(ndkt_ring *r)
{
	ndkt_irql_t old = ndkt_lock_acquire(r->lock);
	size_t n = r->count;
	ndkt_lock_release(r->lock, old);
	return n;
}

size_t ndkt_ring_used(ndkt_ring *r)
{
	ndkt_irql_t old = ndkt_lock_acquire(r->lock);
	size_t n = r->used;
	ndkt_lock_release(r->lock, old);
	return n;
}
