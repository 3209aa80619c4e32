/*
 * libFuzzer target for the ndkt core's handle table and event ring:
 *   clang -std=c11 -fsanitize=fuzzer,address,undefined ndkt/test/fuzz_core.c \
 *     ndkt/core/handles.c ndkt/core/ring.c ndkt/core/rc.c ndkt/platform/posix.c
 * The input is a header (table capacity and seed, ring capacity and max
 * record) and then a sequence of operations: alloc, lookup and release with
 * ids taken from those issued (mutated) or raw from the input; iteration;
 * ring pushes of arbitrary lengths and takes into buffers of arbitrary
 * sizes; a new ring. Each result is checked against a model kept here (a
 * table of slots, a queue of records). A disagreement aborts with a
 * message (a finding); so does an IRQL bug (the posix layer's default).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/handles.h"
#include "../core/ring.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FAIL(...)                                           \
	do {                                                \
		fprintf(stderr, "fuzz_core: " __VA_ARGS__); \
		fprintf(stderr, "\n");                      \
		abort();                                    \
	} while (0)

typedef struct input {
	const uint8_t *p;
	size_t n;
} input;

static unsigned u8(input *in)
{
	if (in->n == 0)
		return 0;
	in->n--;
	return *in->p++;
}

static unsigned u16(input *in)
{
	unsigned lo = u8(in);
	return lo | (u8(in) << 8);
}

static uint64_t u64(input *in)
{
	uint64_t v = 0;
	int i;
	for (i = 0; i < 8; i++)
		v |= (uint64_t)u8(in) << (8 * i);
	return v;
}

/* ---- The table's model ---- */

#define MAXCAP 16
#define MAXIDS 4096
static struct mslot {
	int live;
	uint64_t id; /* the last id issued in the slot, 0 if none */
	void *ptr;
} mslots[MAXCAP];
static uint64_t issued[MAXIDS]; /* ids issued, oldest first */
static int nissued;
static char objects[MAXIDS];
static uint32_t cap, seed;

static int ever_issued(uint64_t id)
{
	int i;
	for (i = 0; i < nissued; i++)
		if (issued[i] == id)
			return 1;
	return 0;
}

/* A generation issued in the slot, under any kind. */
static int gen_issued(uint32_t slot, uint32_t gen)
{
	int i;
	for (i = 0; i < nissued; i++)
		if (NDKT_ID_SLOT(issued[i]) == slot && NDKT_ID_GEN(issued[i]) == gen)
			return 1;
	return 0;
}

/* The code a use of id (as kind; any kind for a release) must get. */
static int expect(uint64_t id, unsigned kind, int is_release)
{
	uint32_t slot = NDKT_ID_SLOT(id);
	struct mslot *m;
	if (NDKT_ID_KIND(id) == 0 || NDKT_ID_GEN(id) == 0)
		return NDKT_E_HANDLE_MALFORMED;
	if (!is_release && NDKT_ID_KIND(id) != kind)
		return NDKT_E_HANDLE_KIND;
	if (slot >= cap)
		return NDKT_E_HANDLE_RANGE;
	m = &mslots[slot];
	if (!gen_issued(slot, NDKT_ID_GEN(id)))
		return NDKT_E_HANDLE_FOREIGN;
	if (NDKT_ID_GEN(id) != NDKT_ID_GEN(m->id))
		return NDKT_E_HANDLE_STALE;
	if (!m->live)
		return NDKT_E_HANDLE_FREED;
	if (m->id != id)
		return NDKT_E_HANDLE_FOREIGN;
	return NDKT_OK;
}

static void check_use(uint64_t id, unsigned kind, int is_release, int rc, void *ptr)
{
	int want = expect(id, kind, is_release);
	if (rc != want)
		FAIL("%s of %016llx as kind %u: %s, want %s", is_release ? "release" : "lookup", (unsigned long long)id,
		     kind, ndkt_rc_name(rc), ndkt_rc_name(want));
	/* Invariants that hold whatever the model says. */
	if (rc == NDKT_OK && !ever_issued(id))
		FAIL("%016llx accepted, never issued", (unsigned long long)id);
	if (rc == NDKT_OK && ptr != mslots[NDKT_ID_SLOT(id)].ptr)
		FAIL("%016llx gave another object", (unsigned long long)id);
	if (rc == NDKT_OK && is_release)
		mslots[NDKT_ID_SLOT(id)].live = 0;
}

/* An id to use: one issued, maybe with a field changed, or raw. */
static uint64_t pick_id(input *in)
{
	unsigned how = u8(in);
	uint64_t id;
	if (nissued == 0 || how >= 240)
		return u64(in);
	id = issued[u8(in) % nissued];
	switch (how % 8) {
	case 1: return NDKT_ID(u8(in), NDKT_ID_GEN(id), NDKT_ID_SLOT(id));
	case 2: return NDKT_ID(NDKT_ID_KIND(id), NDKT_ID_GEN(id) + 1, NDKT_ID_SLOT(id));
	case 3: return NDKT_ID(NDKT_ID_KIND(id), NDKT_ID_GEN(id) - 1, NDKT_ID_SLOT(id));
	case 4: return NDKT_ID(NDKT_ID_KIND(id), NDKT_ID_GEN(id), NDKT_ID_SLOT(id) + u8(in));
	case 5: return id ^ ((uint64_t)1 << (u8(in) % 64));
	default: return id;
	}
}

/* ---- The ring's model ---- */

#define MAXQ 4096
static struct mrec {
	size_t len;
	uint8_t first; /* the payload is first, first+1, ... */
} q[MAXQ];
static size_t qhead, qn, qused;
static int broken;
static size_t rcap, rmax;

/* A record as the ring takes them (ring.h): self-sized, its first u32 is
 * len (when len >= 4), the rest first, first+1, ...; a fuzzed size field
 * (bad) says another length. */
static void fill(uint8_t *p, size_t len, uint8_t first, int bad)
{
	size_t i;
	uint32_t size = (uint32_t)len + (bad ? 8u : 0u);
	for (i = 0; i < len; i++)
		p[i] = (uint8_t)(first + i);
	if (len >= 4)
		memcpy(p, &size, sizeof size);
}

static void new_ring(input *in, ndkt_ring **r, ndkt_fault *f)
{
	ndkt_ring_destroy(*r);
	*r = NULL;
	rcap = 8 * (1 + u8(in) % 160);
	rmax = 8 * (1 + u8(in) % 32); /* <= 256: a push is at most 2 * rmax + 1 bytes */
	if (rcap < NDKT_RING_SPACE(rmax))
		rcap = NDKT_RING_SPACE(rmax);
	ndkt_fault_init(f);
	if (ndkt_ring_create(rcap, rmax, f, r) != NDKT_OK)
		FAIL("ring_create(%zu, %zu)", rcap, rmax);
	qhead = qn = qused = 0;
	broken = 0;
}

static void push(input *in, ndkt_ring *r, ndkt_fault *f)
{
	static uint8_t rec[600];
	size_t len = u16(in) % (2 * rmax + 2);
	uint8_t first = (uint8_t)u8(in);
	int bad = (first & 0x0F) == 0x0F, rc, want;
	uint64_t detail;
	if ((first & 0x30) != 0)
		len &= ~(size_t)7u; /* mostly records; sometimes a length that is none */
	fill(rec, len, first, bad);
	rc = ndkt_ring_push(r, rec, len);
	if (len < 8 || len % 8 != 0 || bad)
		want = NDKT_E_INVAL;
	else if (len > rmax)
		want = NDKT_E_RECORD_TOO_BIG;
	else if (broken)
		want = NDKT_E_BROKEN;
	else if (qused + NDKT_RING_SPACE(len) > rcap)
		want = NDKT_E_RING_OVERFLOW;
	else
		want = NDKT_OK;
	if (rc != want)
		FAIL("push of %zu (max %zu, %zu of %zu used, broken %d): %s, want %s", len, rmax, qused, rcap, broken,
		     ndkt_rc_name(rc), ndkt_rc_name(want));
	if (rc == NDKT_E_RECORD_TOO_BIG || rc == NDKT_E_RING_OVERFLOW) {
		int code = ndkt_fault_get(f, &detail);
		if (!broken && (code != rc || detail != (rc == NDKT_E_RING_OVERFLOW ? qn : len)))
			FAIL("fault after %s: %s detail %llu", ndkt_rc_name(rc), ndkt_rc_name(code), (unsigned long long)detail);
		broken = 1;
	}
	if (rc == NDKT_OK) {
		if (qn == MAXQ)
			FAIL("model queue full");
		q[(qhead + qn) % MAXQ].len = len;
		q[(qhead + qn) % MAXQ].first = first;
		qn++;
		qused += NDKT_RING_SPACE(len);
	}
	if (ndkt_ring_count(r) != qn || ndkt_ring_used(r) != qused)
		FAIL("ring holds %zu records, %zu bytes; model %zu, %zu", ndkt_ring_count(r), ndkt_ring_used(r), qn, qused);
}

static void take(input *in, ndkt_ring *r)
{
	static uint8_t out[1400], want[600];
	size_t blen = u16(in) % (rcap + 64), n = 0, b = 0, off = 0, k, fit = 0, fitb = 0;
	int rc;
	memset(out, 0xEE, sizeof out);
	rc = ndkt_ring_take(r, out, blen, &n, &b);
	/* As many whole records as fit, and no more. */
	while (fit < qn && fitb + NDKT_RING_SPACE(q[(qhead + fit) % MAXQ].len) <= blen) {
		fitb += NDKT_RING_SPACE(q[(qhead + fit) % MAXQ].len);
		fit++;
	}
	if (qn > 0 && fit == 0) {
		if (rc != NDKT_E_BUFFER_SMALL || n != 0 || b != NDKT_RING_SPACE(q[qhead].len))
			FAIL("take into %zu with a %zu-byte record first: %s, %zu, %zu", blen, q[qhead].len, ndkt_rc_name(rc), n, b);
		return;
	}
	if (rc != NDKT_OK || n != fit || b != fitb)
		FAIL("take into %zu: %s, %zu records %zu bytes; want %zu, %zu", blen, ndkt_rc_name(rc), n, b, fit, fitb);
	for (k = 0; k < n; k++) {
		struct mrec *m = &q[(qhead + k) % MAXQ];
		fill(want, m->len, m->first, 0);
		if (memcmp(out + off, want, m->len) != 0)
			FAIL("record %zu of a take is not the one pushed", k);
		off += NDKT_RING_SPACE(m->len);
	}
	if (b < sizeof out && out[b] != 0xEE)
		FAIL("take wrote past its batch");
	qhead = (qhead + n) % MAXQ;
	qn -= n;
	qused -= b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	input in = {data, size};
	ndkt_handles *t = NULL;
	ndkt_ring *r = NULL;
	ndkt_fault f;
	int ops = 0;

	memset(mslots, 0, sizeof mslots);
	nissued = 0;
	cap = 1 + u8(&in) % MAXCAP;
	seed = 1 + (u8(&in) | (u16(&in) << 8)) % NDKT_GEN_MAX;
	if (ndkt_handles_create(cap, seed, &t) != NDKT_OK)
		FAIL("handles_create(%u, %u)", cap, seed);
	new_ring(&in, &r, &f);

	while (in.n > 0 && ops++ < 5000) {
		unsigned op = u8(&in) % 10;
		uint64_t id;
		void *ptr = NULL;
		int rc;
		switch (op) {
		case 0:
		case 1: { /* alloc */
			unsigned kind = u8(&in);
			uint32_t live = 0, s;
			void *obj = &objects[nissued % MAXIDS];
			for (s = 0; s < cap; s++)
				live += (uint32_t)mslots[s].live;
			rc = ndkt_handles_alloc(t, kind, obj, &id);
			if (kind == 0) {
				if (rc != NDKT_E_INVAL)
					FAIL("alloc of kind 0: %s", ndkt_rc_name(rc));
				break;
			}
			if (live == cap) {
				if (rc != NDKT_E_TABLE_FULL)
					FAIL("alloc in a full table: %s", ndkt_rc_name(rc));
				break;
			}
			if (rc != NDKT_OK)
				FAIL("alloc with %u of %u live: %s", live, cap, ndkt_rc_name(rc));
			s = NDKT_ID_SLOT(id);
			if (s >= cap || mslots[s].live || NDKT_ID_KIND(id) != kind)
				FAIL("alloc gave %016llx", (unsigned long long)id);
			if (NDKT_ID_GEN(id) != (mslots[s].id == 0 ? seed : NDKT_ID_GEN(mslots[s].id) % NDKT_GEN_MAX + 1))
				FAIL("alloc gave generation %u after %u (seed %u)", NDKT_ID_GEN(id), NDKT_ID_GEN(mslots[s].id), seed);
			mslots[s].live = 1;
			mslots[s].id = id;
			mslots[s].ptr = obj;
			if (nissued == MAXIDS)
				FAIL("model ids full");
			issued[nissued++] = id;
			break;
		}
		case 2:
		case 3: { /* lookup */
			unsigned kind;
			id = pick_id(&in);
			kind = u8(&in) < 200 ? NDKT_ID_KIND(id) : u8(&in);
			rc = ndkt_handles_lookup(t, id, kind, &ptr);
			check_use(id, kind, 0, rc, ptr);
			break;
		}
		case 4: /* release */
			id = pick_id(&in);
			rc = ndkt_handles_release(t, id, &ptr);
			check_use(id, 0, 1, rc, ptr);
			break;
		case 5: { /* iteration */
			unsigned kind = u8(&in) % 4;
			uint32_t cursor = 0, n = 0, want = 0, s;
			while (ndkt_handles_next(t, kind, &cursor, &id, &ptr)) {
				s = NDKT_ID_SLOT(id);
				if (s >= cap || !mslots[s].live || mslots[s].id != id || ptr != mslots[s].ptr)
					FAIL("iteration gave %016llx", (unsigned long long)id);
				if (kind != 0 && NDKT_ID_KIND(id) != kind)
					FAIL("iteration of kind %u gave %016llx", kind, (unsigned long long)id);
				n++;
			}
			for (s = 0; s < cap; s++)
				want += mslots[s].live && (kind == 0 || NDKT_ID_KIND(mslots[s].id) == kind);
			if (n != want || ndkt_handles_count(t, kind) != want)
				FAIL("iteration of kind %u: %u, count %u, want %u", kind, n, ndkt_handles_count(t, kind), want);
			break;
		}
		case 6:
		case 7:
			push(&in, r, &f);
			break;
		case 8:
			take(&in, r);
			break;
		default:
			new_ring(&in, &r, &f);
			break;
		}
	}
	ndkt_ring_destroy(r);
	ndkt_handles_destroy(t);
	return 0;
}
