/*
 * A session's handle table (docs/agent-windows.md section 3): the objects
 * the session created, named by 64-bit ids that are never pointers.
 *
 *   id = kind (8 bits) << 56 | generation (24 bits, never 0) << 32 | slot (32 bits)
 *
 * The capacity (slots) is fixed at creation: the table never grows. Each
 * slot's generations run on from the table's seed, one per allocation
 * (wrapping from 0xFFFFFF to 1, never 0), so an id of another table (a
 * "foreign" id) is refused as never issued as long as the two tables'
 * issued generations for that slot do not overlap; seeds 0 (automatic)
 * space tables 0x9E3779B1 mod 0xFFFFFF generations apart. A lookup refuses,
 * each with its own code and before the caller calls anything:
 *   NDKT_E_HANDLE_MALFORMED  kind 0 or generation 0 (no table issues these);
 *   NDKT_E_HANDLE_KIND       the id's kind is not the one asked for;
 *   NDKT_E_HANDLE_RANGE      slot >= capacity;
 *   NDKT_E_HANDLE_FOREIGN    a generation this table never issued in that
 *                            slot, or a kind other than the one it issued
 *                            with the slot's current generation (forged bits);
 *   NDKT_E_HANDLE_STALE      an earlier generation of the slot;
 *   NDKT_E_HANDLE_FREED      the slot's current generation, released.
 * The table holds no reference on the objects: the caller keeps an object
 * alive while a lookup's pointer is in use (the session's rundown).
 * Every function takes the table's spin lock: IRQL <= DISPATCH_LEVEL,
 * except create and destroy (PASSIVE_LEVEL).
 */
#ifndef NDKT_HANDLES_H
#define NDKT_HANDLES_H

#include "platform.h"

/* The kinds of objects a session holds (the order of cleanup.h is its own). */
enum {
	NDKT_KIND_ADAPTER = 1,
	NDKT_KIND_PD,
	NDKT_KIND_CQ,
	NDKT_KIND_SRQ,
	NDKT_KIND_QP,
	NDKT_KIND_MR,
	NDKT_KIND_MW,
	NDKT_KIND_CONNECTOR,
	NDKT_KIND_LISTENER,
	NDKT_KIND_SHARED_ENDPOINT,
	NDKT_KIND_LAM,
	NDKT_KIND_BUFFER,
	NDKT_KIND_LAST = NDKT_KIND_BUFFER
};

#define NDKT_ID_KIND(id) ((unsigned)((uint64_t)(id) >> 56))
#define NDKT_ID_GEN(id) ((uint32_t)((uint64_t)(id) >> 32) & 0xFFFFFFu)
#define NDKT_ID_SLOT(id) ((uint32_t)((uint64_t)(id) & 0xFFFFFFFFu))
#define NDKT_ID(kind, gen, slot) \
	(((uint64_t)(kind) << 56) | ((uint64_t)((gen) & 0xFFFFFFu) << 32) | (uint64_t)(uint32_t)(slot))
#define NDKT_GEN_MAX 0xFFFFFFu
/* The largest capacity a table accepts. */
#define NDKT_HANDLES_MAX_CAPACITY (1u << 24)

typedef struct ndkt_handles ndkt_handles;

/* capacity: 1..NDKT_HANDLES_MAX_CAPACITY slots. seed: the first generation
 * (1..NDKT_GEN_MAX), or 0 for one spaced from every other table's. */
int ndkt_handles_create(uint32_t capacity, uint32_t seed, ndkt_handles **out);
/* Frees the table, not the objects. */
void ndkt_handles_destroy(ndkt_handles *t);

/* A new id for ptr (not NULL) of kind (1..255). NDKT_E_TABLE_FULL when
 * every slot is in use. Freed slots are reused oldest first. */
int ndkt_handles_alloc(ndkt_handles *t, unsigned kind, void *ptr, uint64_t *id);
/* The object of a live id of kind, or one of the refusals above. */
int ndkt_handles_lookup(ndkt_handles *t, uint64_t id, unsigned kind, void **ptr);
/* Releases a live id (any kind; its object in *ptr if ptr is not NULL): it
 * is refused as FREED, and as STALE once its slot is reused. */
int ndkt_handles_release(ndkt_handles *t, uint64_t id, void **ptr);

/* Iteration for cleanup: the next live id of kind (0: any kind) in a slot
 * >= *cursor. Returns 1 and advances *cursor past it, or 0 at the end.
 * Start with *cursor = 0. Ids allocated or released meanwhile may or may
 * not be seen; each slot is visited once. */
int ndkt_handles_next(ndkt_handles *t, unsigned kind, uint32_t *cursor, uint64_t *id, void **ptr);
/* Live ids of kind (0: all). */
uint32_t ndkt_handles_count(ndkt_handles *t, unsigned kind);
uint32_t ndkt_handles_capacity(ndkt_handles *t);

#endif
