/* Cleanup order (ndkt/core/cleanup.h). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "../core/cleanup.h"
#include "test.h"

static int objs[64];

/* What the close function did, in call order. */
static struct closed {
	uint64_t id;
	unsigned kind;
	int64_t at;
} closes[64];
static int ncloses;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

/* How the close function answers each kind. */
enum { SYNC = 0, PEND_LATER, PEND_NEVER, PEND_INLINE, PEND_TWICE, FAIL };
static int mode[256];
static int64_t completed_at[256]; /* per kind: the last completion's time */

typedef struct later {
	ndkt_close_token *tok;
	unsigned kind;
	int twice;
} later;
static pthread_t later_threads[64];
static later laters[64];
static int nlater;

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

/* Completes a close 20 ms later, at DISPATCH_LEVEL, as a provider's DPC. */
static void *complete_later(void *arg)
{
	later *l = arg;
	ndkt_irql_t old;
	sleep_ms(20);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	pthread_mutex_lock(&mu);
	completed_at[l->kind] = ndkt_now();
	pthread_mutex_unlock(&mu);
	ndkt_cleanup_close_done(l->tok, NDKT_OK);
	if (l->twice)
		ndkt_cleanup_close_done(l->tok, NDKT_OK);
	ndkt_sim_lower_irql(old);
	return NULL;
}

static ndkt_close_token *never_tok; /* the close that never completes */

static int close_fn(void *ctx, uint64_t id, unsigned kind, void *ptr, ndkt_close_token *tok)
{
	CHECK(ctx == &ncloses);
	CHECK(ptr != NULL);
	CHECK_EQ(ndkt_irql(), NDKT_PASSIVE_LEVEL);
	pthread_mutex_lock(&mu);
	closes[ncloses].id = id;
	closes[ncloses].kind = kind;
	closes[ncloses].at = ndkt_now();
	ncloses++;
	pthread_mutex_unlock(&mu);
	switch (mode[kind]) {
	case PEND_LATER:
	case PEND_TWICE: {
		later *l = &laters[nlater];
		l->tok = tok;
		l->kind = kind;
		l->twice = mode[kind] == PEND_TWICE;
		pthread_create(&later_threads[nlater++], NULL, complete_later, l);
		return NDKT_PENDING;
	}
	case PEND_NEVER:
		never_tok = tok;
		return NDKT_PENDING;
	case PEND_INLINE:
		ndkt_cleanup_close_done(tok, NDKT_OK);
		return NDKT_PENDING;
	case FAIL:
		return NDKT_E_INVAL;
	default:
		return NDKT_OK;
	}
}

static void reset(void)
{
	int i;
	for (i = 0; i < nlater; i++)
		pthread_join(later_threads[i], NULL);
	nlater = 0;
	ncloses = 0;
	memset(mode, 0, sizeof mode);
	memset(completed_at, 0, sizeof completed_at);
	never_tok = NULL;
}

/* One table with every kind, allocated parents first and interleaved. */
static const unsigned kinds[] = {
	NDKT_KIND_ADAPTER, NDKT_KIND_BUFFER, NDKT_KIND_PD, NDKT_KIND_CQ, NDKT_KIND_CQ, NDKT_KIND_SRQ,
	NDKT_KIND_QP, NDKT_KIND_MR, NDKT_KIND_MW, NDKT_KIND_QP, NDKT_KIND_CONNECTOR, NDKT_KIND_LISTENER,
	NDKT_KIND_SHARED_ENDPOINT, NDKT_KIND_LAM, NDKT_KIND_BUFFER, NDKT_KIND_CONNECTOR, 200,
};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))
static const unsigned want_order[] = {
	200,
	NDKT_KIND_CONNECTOR, NDKT_KIND_CONNECTOR, NDKT_KIND_LISTENER, NDKT_KIND_SHARED_ENDPOINT,
	NDKT_KIND_QP, NDKT_KIND_QP,
	NDKT_KIND_MW, NDKT_KIND_MR, NDKT_KIND_SRQ,
	NDKT_KIND_CQ, NDKT_KIND_CQ,
	NDKT_KIND_PD,
	NDKT_KIND_LAM,
	NDKT_KIND_ADAPTER,
	NDKT_KIND_BUFFER, NDKT_KIND_BUFFER,
};

static ndkt_handles *fill_table(uint64_t *ids)
{
	ndkt_handles *t;
	int i;
	CHECK_RC(ndkt_handles_create(32, 0, &t), NDKT_OK);
	for (i = 0; i < NKINDS; i++)
		CHECK_RC(ndkt_handles_alloc(t, kinds[i], &objs[i], &ids[i]), NDKT_OK);
	return t;
}

/* Children before parents, slot order within a kind; all released. */
static void test_order(void)
{
	ndkt_handles *t;
	ndkt_cleanup_report *r;
	uint64_t ids[NKINDS];
	int i, inorder = 1, slots = 1;
	reset();
	t = fill_table(ids);
	CHECK_RC(ndkt_cleanup_run(t, close_fn, &ncloses, NDKT_MS(1000), &r), NDKT_OK);
	CHECK_EQ(ncloses, NKINDS);
	CHECK_EQ(r->n, NKINDS);
	for (i = 0; i < NKINDS && i < ncloses; i++) {
		if (closes[i].kind != want_order[i] || r->e[i].kind != want_order[i] || r->e[i].id != closes[i].id)
			inorder = 0;
		if (i > 0 && closes[i].kind == closes[i - 1].kind && NDKT_ID_SLOT(closes[i].id) < NDKT_ID_SLOT(closes[i - 1].id))
			slots = 0;
		CHECK_RC(r->e[i].rc, NDKT_OK);
		CHECK(r->e[i].ptr == &objs[NDKT_ID_SLOT(r->e[i].id)]);
	}
	CHECK(inorder);
	CHECK(slots);
	CHECK_EQ(r->closed, NKINDS);
	CHECK_EQ(r->stuck + r->failed + r->leaked, 0);
	CHECK_EQ(ndkt_handles_count(t, 0), 0);
	CHECK_RC(ndkt_cleanup_report_free(r), NDKT_OK);
	ndkt_handles_destroy(t);
}

/* Pending closes that complete: each waited for before the next kind. */
static void test_pending_completes(void)
{
	ndkt_handles *t;
	ndkt_cleanup_report *r;
	uint64_t ids[NKINDS];
	int64_t waited_qp = 0, waited_cq = 0;
	int i;
	reset();
	mode[NDKT_KIND_QP] = PEND_LATER;
	mode[NDKT_KIND_CQ] = PEND_LATER;
	mode[NDKT_KIND_MR] = PEND_INLINE;
	t = fill_table(ids);
	CHECK_RC(ndkt_cleanup_run(t, close_fn, &ncloses, NDKT_MS(5000), &r), NDKT_OK);
	CHECK_EQ(r->closed, NKINDS);
	for (i = 0; i < ncloses; i++) {
		/* The next kinds started only after the completions came. */
		if (closes[i].kind == NDKT_KIND_MW)
			CHECK(closes[i].at >= completed_at[NDKT_KIND_QP]);
		if (closes[i].kind == NDKT_KIND_PD)
			CHECK(closes[i].at >= completed_at[NDKT_KIND_CQ]);
	}
	for (i = 0; i < (int)r->n; i++) {
		ndkt_cleanup_entry *e = &r->e[i];
		CHECK_RC(e->rc, NDKT_OK);
		CHECK_EQ(e->pended, e->kind == NDKT_KIND_QP || e->kind == NDKT_KIND_CQ || e->kind == NDKT_KIND_MR);
		if (e->kind == NDKT_KIND_QP && e->waited > waited_qp)
			waited_qp = e->waited;
		if (e->kind == NDKT_KIND_CQ && e->waited > waited_cq)
			waited_cq = e->waited;
	}
	/* Completions come 20 ms after the close: the first of a kind waited
	 * for them (the second may find its own done by then). */
	CHECK(waited_qp >= NDKT_MS(10));
	CHECK(waited_cq >= NDKT_MS(10));
	CHECK(completed_at[NDKT_KIND_QP] != 0 && completed_at[NDKT_KIND_CQ] != 0);
	CHECK_EQ(ndkt_cleanup_double_completions(r), 0);
	CHECK_RC(ndkt_cleanup_report_free(r), NDKT_OK);
	CHECK_EQ(ndkt_handles_count(t, 0), 0);
	ndkt_handles_destroy(t);
}

/* A pending close that never completes: reported after its bound, left
 * open (in the table); the kinds after it still close, but no adapter is
 * closed and no buffer freed; the report is kept until it completes. */
static void test_pending_never(void)
{
	ndkt_handles *t;
	ndkt_cleanup_report *r;
	uint64_t ids[NKINDS];
	int i, adapter_closed = 0, buffer_freed = 0, pd_closed = 0;
	reset();
	mode[NDKT_KIND_MR] = PEND_NEVER;
	t = fill_table(ids);
	CHECK_RC(ndkt_cleanup_run(t, close_fn, &ncloses, NDKT_MS(50), &r), NDKT_OK);
	for (i = 0; i < ncloses; i++) {
		adapter_closed += closes[i].kind == NDKT_KIND_ADAPTER;
		buffer_freed += closes[i].kind == NDKT_KIND_BUFFER;
		pd_closed += closes[i].kind == NDKT_KIND_PD;
	}
	CHECK_EQ(adapter_closed, 0);
	CHECK_EQ(buffer_freed, 0);
	CHECK_EQ(pd_closed, 1);
	CHECK_EQ(r->stuck, 1);
	CHECK_EQ(r->leaked, 3); /* the adapter and two buffers */
	CHECK_EQ(r->failed, 0);
	CHECK_EQ(r->closed, NKINDS - 4);
	for (i = 0; i < (int)r->n; i++) {
		ndkt_cleanup_entry *e = &r->e[i];
		if (e->kind == NDKT_KIND_MR) {
			CHECK_RC(e->rc, NDKT_E_CLOSE_STUCK);
			CHECK(e->waited >= NDKT_MS(50));
			CHECK(e->waited < NDKT_MS(3000));
		} else if (e->kind == NDKT_KIND_ADAPTER || e->kind == NDKT_KIND_BUFFER) {
			CHECK_RC(e->rc, NDKT_E_LEAKED);
		}
	}
	/* Left open: still in the table. */
	CHECK_EQ(ndkt_handles_count(t, 0), 4);
	CHECK_EQ(ndkt_handles_count(t, NDKT_KIND_MR), 1);
	/* Its completion may still come: the report stays. */
	CHECK_RC(ndkt_cleanup_report_free(r), NDKT_E_CLOSE_STUCK);
	CHECK(never_tok != NULL);
	if (never_tok != NULL)
		ndkt_cleanup_close_done(never_tok, NDKT_OK);
	CHECK_RC(ndkt_cleanup_report_free(r), NDKT_OK);
	ndkt_handles_destroy(t);
}

/* A failed close: reported with its code, the adapter and buffers left. */
static void test_close_fails(void)
{
	ndkt_handles *t;
	ndkt_cleanup_report *r;
	uint64_t ids[NKINDS];
	int i;
	reset();
	mode[NDKT_KIND_PD] = FAIL;
	t = fill_table(ids);
	CHECK_RC(ndkt_cleanup_run(t, close_fn, &ncloses, NDKT_MS(50), &r), NDKT_OK);
	CHECK_EQ(r->failed, 1);
	CHECK_EQ(r->leaked, 3);
	CHECK_EQ(r->stuck, 0);
	for (i = 0; i < (int)r->n; i++)
		if (r->e[i].kind == NDKT_KIND_PD)
			CHECK_RC(r->e[i].rc, NDKT_E_INVAL);
	CHECK_EQ(ncloses, NKINDS - 3);
	CHECK_RC(ndkt_cleanup_report_free(r), NDKT_OK);
	ndkt_handles_destroy(t);
}

/* A close completed twice (a provider bug): counted. */
static void test_double_completion(void)
{
	ndkt_handles *t;
	ndkt_cleanup_report *r;
	uint64_t ids[NKINDS];
	reset();
	mode[NDKT_KIND_SRQ] = PEND_TWICE;
	t = fill_table(ids);
	CHECK_RC(ndkt_cleanup_run(t, close_fn, &ncloses, NDKT_MS(5000), &r), NDKT_OK);
	reset(); /* joins the completing thread */
	CHECK_EQ(r->closed, NKINDS);
	CHECK_EQ(ndkt_cleanup_double_completions(r), 1);
	CHECK_RC(ndkt_cleanup_report_free(r), NDKT_OK);
	ndkt_handles_destroy(t);
}

static void test_empty_and_invalid(void)
{
	ndkt_handles *t;
	ndkt_cleanup_report *r;
	uint64_t ids[NKINDS];
	long i;
	reset();
	CHECK_RC(ndkt_handles_create(4, 0, &t), NDKT_OK);
	CHECK_RC(ndkt_cleanup_run(t, close_fn, &ncloses, 0, &r), NDKT_OK);
	CHECK_EQ(r->n, 0);
	CHECK_EQ(ncloses, 0);
	CHECK_RC(ndkt_cleanup_report_free(r), NDKT_OK);
	CHECK_RC(ndkt_cleanup_run(t, NULL, NULL, 0, &r), NDKT_E_INVAL);
	CHECK_RC(ndkt_cleanup_run(t, close_fn, NULL, -1, &r), NDKT_E_INVAL);
	ndkt_handles_destroy(t);
	/* An allocation failing: nothing closed. */
	t = fill_table(ids);
	for (i = 0; i < 6; i++) {
		ndkt_sim_fail_alloc_after(i);
		CHECK_RC(ndkt_cleanup_run(t, close_fn, &ncloses, 0, &r), NDKT_E_NOMEM);
		ndkt_sim_fail_alloc_after(-1);
	}
	CHECK_EQ(ncloses, 0);
	CHECK_EQ(ndkt_handles_count(t, 0), NKINDS);
	ndkt_handles_destroy(t);
}

static void test_steps(void)
{
	CHECK_EQ(ndkt_cleanup_step(200), 0);
	CHECK_EQ(ndkt_cleanup_step(0), 0);
	CHECK(ndkt_cleanup_step(NDKT_KIND_CONNECTOR) < ndkt_cleanup_step(NDKT_KIND_QP));
	CHECK(ndkt_cleanup_step(NDKT_KIND_QP) < ndkt_cleanup_step(NDKT_KIND_MW));
	CHECK(ndkt_cleanup_step(NDKT_KIND_MW) < ndkt_cleanup_step(NDKT_KIND_MR));
	CHECK(ndkt_cleanup_step(NDKT_KIND_MR) < ndkt_cleanup_step(NDKT_KIND_SRQ));
	CHECK(ndkt_cleanup_step(NDKT_KIND_SRQ) < ndkt_cleanup_step(NDKT_KIND_CQ));
	CHECK(ndkt_cleanup_step(NDKT_KIND_CQ) < ndkt_cleanup_step(NDKT_KIND_PD));
	CHECK(ndkt_cleanup_step(NDKT_KIND_PD) < ndkt_cleanup_step(NDKT_KIND_LAM));
	CHECK(ndkt_cleanup_step(NDKT_KIND_LAM) < ndkt_cleanup_step(NDKT_KIND_ADAPTER));
	CHECK(ndkt_cleanup_step(NDKT_KIND_ADAPTER) < ndkt_cleanup_step(NDKT_KIND_BUFFER));
}

int main(void)
{
	test_begin();
	RUN(test_order);
	RUN(test_pending_completes);
	RUN(test_pending_never);
	RUN(test_close_fails);
	RUN(test_double_completion);
	RUN(test_empty_and_invalid);
	RUN(test_steps);
	reset();
	return test_end("cleanup_test");
}
