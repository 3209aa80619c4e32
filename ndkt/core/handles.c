#include "handles.h"

#define TAG_HANDLES NDKT_TAG('n', 'k', 'H', 't')

typedef struct slot {
	void *ptr;
	uint32_t gen;    /* the last generation issued (valid if issued > 0) */
	uint32_t issued; /* generations issued, saturating at NDKT_GEN_MAX */
	unsigned char kind;
	unsigned char live;
} slot;

struct ndkt_handles {
	ndkt_lock *lock;
	uint32_t capacity;
	uint32_t seed;
	slot *slots;
	/* Free slots, a FIFO ring of slot numbers. */
	uint32_t *freeq;
	uint32_t free_head, free_count;
	uint32_t live;
};

static ndkt_atomic64 table_serial; /* zero-initialized: a valid atomic 0 */

static uint32_t gen_next(uint32_t g) { return g % NDKT_GEN_MAX + 1; }

/* Generations from a to b, going forward (0..NDKT_GEN_MAX-1). */
static uint32_t gen_dist(uint32_t a, uint32_t b) { return (b + NDKT_GEN_MAX - a) % NDKT_GEN_MAX; }

int ndkt_handles_create(uint32_t capacity, uint32_t seed, ndkt_handles **out)
{
	ndkt_handles *t;
	uint32_t i;
	if (capacity == 0 || capacity > NDKT_HANDLES_MAX_CAPACITY || seed > NDKT_GEN_MAX)
		return NDKT_E_INVAL;
	if (seed == 0) {
		uint64_t n = (uint64_t)ndkt_atomic_add(&table_serial, 1);
		seed = (uint32_t)((n * 0x9E3779B1u) % NDKT_GEN_MAX) + 1;
	}
	t = ndkt_alloc(sizeof *t, TAG_HANDLES);
	if (t == NULL)
		return NDKT_E_NOMEM;
	t->slots = ndkt_alloc((size_t)capacity * sizeof *t->slots, TAG_HANDLES);
	t->freeq = ndkt_alloc((size_t)capacity * sizeof *t->freeq, TAG_HANDLES);
	if (t->slots == NULL || t->freeq == NULL || ndkt_lock_create(&t->lock) != NDKT_OK) {
		ndkt_free(t->slots, TAG_HANDLES);
		ndkt_free(t->freeq, TAG_HANDLES);
		ndkt_free(t, TAG_HANDLES);
		return NDKT_E_NOMEM;
	}
	t->capacity = capacity;
	t->seed = seed;
	for (i = 0; i < capacity; i++)
		t->freeq[i] = i;
	t->free_head = 0;
	t->free_count = capacity;
	*out = t;
	return NDKT_OK;
}

void ndkt_handles_destroy(ndkt_handles *t)
{
	if (t == NULL)
		return;
	ndkt_lock_destroy(t->lock);
	ndkt_free(t->slots, TAG_HANDLES);
	ndkt_free(t->freeq, TAG_HANDLES);
	ndkt_free(t, TAG_HANDLES);
}

int ndkt_handles_alloc(ndkt_handles *t, unsigned kind, void *ptr, uint64_t *id)
{
	ndkt_irql_t old;
	uint32_t n;
	slot *s;
	if (kind == 0 || kind > 255 || ptr == NULL)
		return NDKT_E_INVAL;
	old = ndkt_lock_acquire(t->lock);
	if (t->free_count == 0) {
		ndkt_lock_release(t->lock, old);
		return NDKT_E_TABLE_FULL;
	}
	n = t->freeq[t->free_head];
	t->free_head = (t->free_head + 1) % t->capacity;
	t->free_count--;
	s = &t->slots[n];
	s->gen = s->issued == 0 ? t->seed : gen_next(s->gen);
	if (s->issued < NDKT_GEN_MAX)
		s->issued++;
	s->kind = (unsigned char)kind;
	s->ptr = ptr;
	s->live = 1;
	t->live++;
	*id = NDKT_ID(kind, s->gen, n);
	ndkt_lock_release(t->lock, old);
	return NDKT_OK;
}

/* The checks every use of an id makes, with the table locked. */
static int check_locked(ndkt_handles *t, uint64_t id, slot **out)
{
	uint32_t g = NDKT_ID_GEN(id);
	slot *s = &t->slots[NDKT_ID_SLOT(id)];
	if (s->issued == 0 || gen_dist(t->seed, g) >= s->issued)
		return NDKT_E_HANDLE_FOREIGN;
	if (g != s->gen)
		return NDKT_E_HANDLE_STALE;
	if (!s->live)
		return NDKT_E_HANDLE_FREED;
	if (s->kind != NDKT_ID_KIND(id))
		return NDKT_E_HANDLE_FOREIGN;
	*out = s;
	return NDKT_OK;
}

/* The checks that need no table. */
static int check_id(ndkt_handles *t, uint64_t id)
{
	if (NDKT_ID_KIND(id) == 0 || NDKT_ID_GEN(id) == 0)
		return NDKT_E_HANDLE_MALFORMED;
	if (NDKT_ID_SLOT(id) >= t->capacity)
		return NDKT_E_HANDLE_RANGE;
	return NDKT_OK;
}

int ndkt_handles_lookup(ndkt_handles *t, uint64_t id, unsigned kind, void **ptr)
{
	ndkt_irql_t old;
	slot *s = NULL;
	int rc;
	if (NDKT_ID_KIND(id) == 0 || NDKT_ID_GEN(id) == 0)
		return NDKT_E_HANDLE_MALFORMED;
	if (NDKT_ID_KIND(id) != kind)
		return NDKT_E_HANDLE_KIND;
	rc = check_id(t, id);
	if (rc != NDKT_OK)
		return rc;
	old = ndkt_lock_acquire(t->lock);
	rc = check_locked(t, id, &s);
	if (rc == NDKT_OK)
		*ptr = s->ptr;
	ndkt_lock_release(t->lock, old);
	return rc;
}

int ndkt_handles_release(ndkt_handles *t, uint64_t id, void **ptr)
{
	ndkt_irql_t old;
	slot *s = NULL;
	int rc = check_id(t, id);
	if (rc != NDKT_OK)
		return rc;
	old = ndkt_lock_acquire(t->lock);
	rc = check_locked(t, id, &s);
	if (rc == NDKT_OK) {
		uint32_t n = NDKT_ID_SLOT(id);
		if (ptr != NULL)
			*ptr = s->ptr;
		s->live = 0;
		s->ptr = NULL;
		t->live--;
		t->freeq[(t->free_head + t->free_count) % t->capacity] = n;
		t->free_count++;
	}
	ndkt_lock_release(t->lock, old);
	return rc;
}

int ndkt_handles_next(ndkt_handles *t, unsigned kind, uint32_t *cursor, uint64_t *id, void **ptr)
{
	ndkt_irql_t old;
	uint32_t n;
	int found = 0;
	old = ndkt_lock_acquire(t->lock);
	for (n = *cursor; n < t->capacity; n++) {
		slot *s = &t->slots[n];
		if (s->live && (kind == 0 || s->kind == kind)) {
			*id = NDKT_ID(s->kind, s->gen, n);
			if (ptr != NULL)
				*ptr = s->ptr;
			found = 1;
			n++;
			break;
		}
	}
	*cursor = n;
	ndkt_lock_release(t->lock, old);
	return found;
}

uint32_t ndkt_handles_count(ndkt_handles *t, unsigned kind)
{
	ndkt_irql_t old;
	uint32_t n, c = 0;
	old = ndkt_lock_acquire(t->lock);
	if (kind == 0) {
		c = t->live;
	} else {
		for (n = 0; n < t->capacity; n++)
			if (t->slots[n].live && t->slots[n].kind == kind)
				c++;
	}
	ndkt_lock_release(t->lock, old);
	return c;
}

uint32_t ndkt_handles_capacity(ndkt_handles *t) { return t->capacity; }
