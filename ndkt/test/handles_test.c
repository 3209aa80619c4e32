/* The handle table (ndkt/core/handles.h). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>

#include "../core/handles.h"
#include "test.h"

static int objs[64];

static void test_ids(void)
{
	ndkt_handles *t;
	uint64_t a, b;
	void *p = NULL;
	CHECK_RC(ndkt_handles_create(8, 1000, &t), NDKT_OK);
	CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_QP, &objs[0], &a), NDKT_OK);
	CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_CQ, &objs[1], &b), NDKT_OK);
	/* kind | generation (the seed first) | slot: never a pointer. */
	CHECK_EQ(NDKT_ID_KIND(a), NDKT_KIND_QP);
	CHECK_EQ(NDKT_ID_GEN(a), 1000);
	CHECK_EQ(NDKT_ID_SLOT(a), 0);
	CHECK_EQ(NDKT_ID_KIND(b), NDKT_KIND_CQ);
	CHECK_EQ(NDKT_ID_SLOT(b), 1);
	CHECK(a != (uint64_t)(uintptr_t)&objs[0]);
	CHECK_RC(ndkt_handles_lookup(t, a, NDKT_KIND_QP, &p), NDKT_OK);
	CHECK(p == &objs[0]);
	CHECK_RC(ndkt_handles_lookup(t, b, NDKT_KIND_CQ, &p), NDKT_OK);
	CHECK(p == &objs[1]);
	CHECK_EQ(ndkt_handles_count(t, 0), 2);
	CHECK_EQ(ndkt_handles_count(t, NDKT_KIND_QP), 1);
	ndkt_handles_destroy(t);
}

/* Each bad id is refused with its own code, and the pointer out is untouched. */
static void test_refusals(void)
{
	ndkt_handles *t, *u;
	uint64_t a, b, c, old, foreign;
	void *p = &objs[63];
	int i;
	CHECK_RC(ndkt_handles_create(4, 50, &t), NDKT_OK);
	CHECK_RC(ndkt_handles_create(4, 5000, &u), NDKT_OK);
	CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_QP, &objs[0], &a), NDKT_OK);
	CHECK_RC(ndkt_handles_alloc(u, NDKT_KIND_QP, &objs[1], &foreign), NDKT_OK);
	CHECK_EQ(NDKT_ID_SLOT(foreign), NDKT_ID_SLOT(a));

	CHECK_RC(ndkt_handles_lookup(t, 0, NDKT_KIND_QP, &p), NDKT_E_HANDLE_MALFORMED);
	CHECK_RC(ndkt_handles_lookup(t, NDKT_ID(NDKT_KIND_QP, 0, 0), NDKT_KIND_QP, &p), NDKT_E_HANDLE_MALFORMED);
	CHECK_RC(ndkt_handles_lookup(t, NDKT_ID(0, 50, 0), 0, &p), NDKT_E_HANDLE_MALFORMED);
	CHECK_RC(ndkt_handles_lookup(t, a, NDKT_KIND_CQ, &p), NDKT_E_HANDLE_KIND);
	CHECK_RC(ndkt_handles_lookup(t, NDKT_ID(NDKT_KIND_QP, 50, 4), NDKT_KIND_QP, &p), NDKT_E_HANDLE_RANGE);
	CHECK_RC(ndkt_handles_lookup(t, NDKT_ID(NDKT_KIND_QP, 50, 0xFFFFFFFFu), NDKT_KIND_QP, &p), NDKT_E_HANDLE_RANGE);
	/* Another table's id, same slot and kind. */
	CHECK_RC(ndkt_handles_lookup(t, foreign, NDKT_KIND_QP, &p), NDKT_E_HANDLE_FOREIGN);
	/* A generation not yet issued in that slot, a slot never used. */
	CHECK_RC(ndkt_handles_lookup(t, NDKT_ID(NDKT_KIND_QP, 51, 0), NDKT_KIND_QP, &p), NDKT_E_HANDLE_FOREIGN);
	CHECK_RC(ndkt_handles_lookup(t, NDKT_ID(NDKT_KIND_QP, 50, 3), NDKT_KIND_QP, &p), NDKT_E_HANDLE_FOREIGN);
	/* The live id's bits with another kind: never issued. */
	CHECK_RC(ndkt_handles_lookup(t, NDKT_ID(NDKT_KIND_MR, 50, 0), NDKT_KIND_MR, &p), NDKT_E_HANDLE_FOREIGN);
	CHECK(p == &objs[63]);

	/* Freed: the slot's last id, released. */
	CHECK_RC(ndkt_handles_release(t, a, NULL), NDKT_OK);
	CHECK_RC(ndkt_handles_lookup(t, a, NDKT_KIND_QP, &p), NDKT_E_HANDLE_FREED);
	CHECK_RC(ndkt_handles_release(t, a, NULL), NDKT_E_HANDLE_FREED);
	/* Stale once the slot is reused (the oldest free slot goes first: slot
	 * 0 comes back after 1, 2, 3). */
	old = a;
	for (i = 0; i < 4; i++)
		CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_CQ, &objs[2 + i], &b), NDKT_OK);
	CHECK_EQ(NDKT_ID_SLOT(b), 0);
	CHECK_EQ(NDKT_ID_GEN(b), 51);
	CHECK_RC(ndkt_handles_lookup(t, old, NDKT_KIND_QP, &p), NDKT_E_HANDLE_STALE);
	CHECK_RC(ndkt_handles_release(t, old, NULL), NDKT_E_HANDLE_STALE);
	CHECK_RC(ndkt_handles_lookup(t, b, NDKT_KIND_CQ, &p), NDKT_OK);
	CHECK(p == &objs[5]);
	/* Release hands back the object; the id after it is foreign. */
	CHECK_RC(ndkt_handles_release(t, b, &p), NDKT_OK);
	CHECK(p == &objs[5]);
	CHECK_RC(ndkt_handles_lookup(t, NDKT_ID(NDKT_KIND_CQ, 52, 0), NDKT_KIND_CQ, &p), NDKT_E_HANDLE_FOREIGN);
	c = 0;
	CHECK_RC(ndkt_handles_release(t, c, NULL), NDKT_E_HANDLE_MALFORMED);
	ndkt_handles_destroy(t);
	ndkt_handles_destroy(u);
}

/* Automatic seeds keep tables apart: an id of one is foreign to the next. */
static void test_auto_seed(void)
{
	ndkt_handles *t, *u;
	uint64_t a, b;
	void *p;
	CHECK_RC(ndkt_handles_create(2, 0, &t), NDKT_OK);
	CHECK_RC(ndkt_handles_create(2, 0, &u), NDKT_OK);
	CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_PD, &objs[0], &a), NDKT_OK);
	CHECK_RC(ndkt_handles_alloc(u, NDKT_KIND_PD, &objs[1], &b), NDKT_OK);
	CHECK(NDKT_ID_GEN(a) != NDKT_ID_GEN(b));
	CHECK_RC(ndkt_handles_lookup(u, a, NDKT_KIND_PD, &p), NDKT_E_HANDLE_FOREIGN);
	CHECK_RC(ndkt_handles_lookup(t, b, NDKT_KIND_PD, &p), NDKT_E_HANDLE_FOREIGN);
	ndkt_handles_destroy(t);
	ndkt_handles_destroy(u);
}

static void test_capacity(void)
{
	ndkt_handles *t;
	uint64_t ids[3], x;
	void *p;
	int i;
	CHECK_RC(ndkt_handles_create(3, 7, &t), NDKT_OK);
	for (i = 0; i < 3; i++)
		CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_MR, &objs[i], &ids[i]), NDKT_OK);
	CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_MR, &objs[3], &x), NDKT_E_TABLE_FULL);
	CHECK_EQ(ndkt_handles_count(t, 0), 3);
	CHECK_RC(ndkt_handles_release(t, ids[1], NULL), NDKT_OK);
	CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_MW, &objs[4], &x), NDKT_OK);
	CHECK_EQ(NDKT_ID_SLOT(x), 1);
	CHECK_EQ(NDKT_ID_GEN(x), 8);
	CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_MR, &objs[3], &x), NDKT_E_TABLE_FULL);
	CHECK_RC(ndkt_handles_lookup(t, ids[0], NDKT_KIND_MR, &p), NDKT_OK);
	CHECK_EQ(ndkt_handles_capacity(t), 3);
	ndkt_handles_destroy(t);
}

/* Generations wrap from 0xFFFFFF to 1, never 0; the wrapped range still
 * tells stale from foreign. */
static void test_generation_wrap(void)
{
	ndkt_handles *t;
	uint64_t ids[4];
	void *p;
	int i;
	CHECK_RC(ndkt_handles_create(1, NDKT_GEN_MAX - 1, &t), NDKT_OK);
	for (i = 0; i < 4; i++) {
		CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_QP, &objs[i], &ids[i]), NDKT_OK);
		if (i < 3)
			CHECK_RC(ndkt_handles_release(t, ids[i], NULL), NDKT_OK);
	}
	CHECK_EQ(NDKT_ID_GEN(ids[0]), NDKT_GEN_MAX - 1);
	CHECK_EQ(NDKT_ID_GEN(ids[1]), NDKT_GEN_MAX);
	CHECK_EQ(NDKT_ID_GEN(ids[2]), 1);
	CHECK_EQ(NDKT_ID_GEN(ids[3]), 2);
	for (i = 0; i < 3; i++)
		CHECK_RC(ndkt_handles_lookup(t, ids[i], NDKT_KIND_QP, &p), NDKT_E_HANDLE_STALE);
	CHECK_RC(ndkt_handles_lookup(t, ids[3], NDKT_KIND_QP, &p), NDKT_OK);
	CHECK_RC(ndkt_handles_lookup(t, NDKT_ID(NDKT_KIND_QP, 3, 0), NDKT_KIND_QP, &p), NDKT_E_HANDLE_FOREIGN);
	CHECK_RC(ndkt_handles_lookup(t, NDKT_ID(NDKT_KIND_QP, NDKT_GEN_MAX - 2, 0), NDKT_KIND_QP, &p), NDKT_E_HANDLE_FOREIGN);
	ndkt_handles_destroy(t);
}

static void test_iterate(void)
{
	ndkt_handles *t;
	uint64_t ids[10], id;
	uint32_t cur;
	void *p;
	int i, n;
	CHECK_RC(ndkt_handles_create(16, 3, &t), NDKT_OK);
	for (i = 0; i < 10; i++)
		CHECK_RC(ndkt_handles_alloc(t, i % 2 ? NDKT_KIND_QP : NDKT_KIND_CQ, &objs[i], &ids[i]), NDKT_OK);
	CHECK_RC(ndkt_handles_release(t, ids[3], NULL), NDKT_OK);
	CHECK_RC(ndkt_handles_release(t, ids[4], NULL), NDKT_OK);
	/* QPs: 1, 5, 7, 9, in slot order. */
	cur = 0;
	n = 0;
	while (ndkt_handles_next(t, NDKT_KIND_QP, &cur, &id, &p)) {
		static const int want[] = {1, 5, 7, 9};
		if (n < 4) {
			CHECK_EQ(id, ids[want[n]]);
			CHECK(p == &objs[want[n]]);
		}
		n++;
	}
	CHECK_EQ(n, 4);
	CHECK_EQ(cur, 16);
	cur = 0;
	n = 0;
	while (ndkt_handles_next(t, 0, &cur, &id, NULL))
		n++;
	CHECK_EQ(n, 8);
	CHECK_EQ(ndkt_handles_count(t, NDKT_KIND_CQ), 4);
	ndkt_handles_destroy(t);
}

static void test_invalid(void)
{
	ndkt_handles *t = NULL;
	uint64_t id;
	long i;
	CHECK_RC(ndkt_handles_create(0, 0, &t), NDKT_E_INVAL);
	CHECK_RC(ndkt_handles_create(NDKT_HANDLES_MAX_CAPACITY + 1, 0, &t), NDKT_E_INVAL);
	CHECK_RC(ndkt_handles_create(1, NDKT_GEN_MAX + 1, &t), NDKT_E_INVAL);
	/* Each of its allocations failing in turn: refused, nothing leaked. */
	for (i = 0; i < 4; i++) {
		long before = ndkt_sim_alloc_outstanding();
		ndkt_sim_fail_alloc_after(i);
		CHECK_RC(ndkt_handles_create(4, 0, &t), NDKT_E_NOMEM);
		ndkt_sim_fail_alloc_after(-1);
		CHECK_EQ(ndkt_sim_alloc_outstanding(), before);
	}
	CHECK_RC(ndkt_handles_create(1, 0, &t), NDKT_OK);
	CHECK_RC(ndkt_handles_alloc(t, 0, &objs[0], &id), NDKT_E_INVAL);
	CHECK_RC(ndkt_handles_alloc(t, 256, &objs[0], &id), NDKT_E_INVAL);
	CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_QP, NULL, &id), NDKT_E_INVAL);
	ndkt_handles_destroy(t);
}

/* Usable at DISPATCH_LEVEL (a callback's completion path); above it the
 * spin lock is a bug the posix layer reports. */
static void test_irql(void)
{
	ndkt_handles *t;
	uint64_t id;
	void *p;
	ndkt_irql_t old;
	CHECK_RC(ndkt_handles_create(2, 0, &t), NDKT_OK);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	CHECK_RC(ndkt_handles_alloc(t, NDKT_KIND_CQ, &objs[0], &id), NDKT_OK);
	CHECK_RC(ndkt_handles_lookup(t, id, NDKT_KIND_CQ, &p), NDKT_OK);
	CHECK_EQ(ndkt_irql(), NDKT_DISPATCH_LEVEL);
	ndkt_sim_lower_irql(old);
	old = ndkt_sim_raise_irql(NDKT_HIGH_LEVEL);
	EXPECT_BUGS(1); /* the acquire above DISPATCH_LEVEL */
	(void)ndkt_handles_lookup(t, id, NDKT_KIND_CQ, &p);
	ndkt_sim_lower_irql(old);
	ndkt_handles_destroy(t);
}

/* Threads allocate, look up and release at once: each sees only its own ids. */
#define NTHREADS 4
#define ROUNDS 2000
static ndkt_handles *shared;
static void *churn(void *arg)
{
	int me = (int)(intptr_t)arg, r, bad = 0;
	uint64_t ids[4];
	for (r = 0; r < ROUNDS; r++) {
		int k;
		for (k = 0; k < 4; k++)
			if (ndkt_handles_alloc(shared, (unsigned)(1 + me), &objs[me * 4 + k], &ids[k]) != NDKT_OK)
				bad++;
		for (k = 0; k < 4; k++) {
			void *p = NULL;
			if (ndkt_handles_lookup(shared, ids[k], (unsigned)(1 + me), &p) != NDKT_OK || p != &objs[me * 4 + k])
				bad++;
			if (ndkt_handles_release(shared, ids[k], NULL) != NDKT_OK)
				bad++;
			if (ndkt_handles_lookup(shared, ids[k], (unsigned)(1 + me), &p) == NDKT_OK)
				bad++;
		}
	}
	return (void *)(intptr_t)bad;
}

static void test_threads(void)
{
	pthread_t th[NTHREADS];
	int i;
	CHECK_RC(ndkt_handles_create(NTHREADS * 4, 0, &shared), NDKT_OK);
	for (i = 0; i < NTHREADS; i++)
		pthread_create(&th[i], NULL, churn, (void *)(intptr_t)i);
	for (i = 0; i < NTHREADS; i++) {
		void *bad;
		pthread_join(th[i], &bad);
		CHECK_EQ((intptr_t)bad, 0);
	}
	CHECK_EQ(ndkt_handles_count(shared, 0), 0);
	ndkt_handles_destroy(shared);
}

int main(void)
{
	test_begin();
	RUN(test_ids);
	RUN(test_refusals);
	RUN(test_auto_seed);
	RUN(test_capacity);
	RUN(test_generation_wrap);
	RUN(test_iterate);
	RUN(test_invalid);
	RUN(test_irql);
	RUN(test_threads);
	return test_end("handles_test");
}
