/* Held callbacks (ndkt/core/held.h). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "../core/held.h"
#include "test.h"

/* ---- The harness side: published callbacks arrive in a queue. ---- */

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static ndkt_callback_info published[4096];
static int npublished, ntaken;
static int publish_refuse; /* publish returns this if not 0 */

static int publish(void *ctx, const ndkt_callback_info *info)
{
	(void)ctx;
	if (publish_refuse)
		return publish_refuse;
	pthread_mutex_lock(&mu);
	published[npublished++ % 4096] = *info;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
	return NDKT_OK;
}

/* The next published callback (waits up to 5 s; id 0 if none). */
static ndkt_callback_info next_published(void)
{
	ndkt_callback_info ci = {0, 0, 0, 0};
	struct timespec dl;
	clock_gettime(CLOCK_REALTIME, &dl);
	dl.tv_sec += 5;
	pthread_mutex_lock(&mu);
	while (ntaken == npublished)
		if (pthread_cond_timedwait(&cv, &mu, &dl) != 0)
			break;
	if (ntaken < npublished)
		ci = published[ntaken++ % 4096];
	pthread_mutex_unlock(&mu);
	return ci;
}

static void reset_published(void)
{
	pthread_mutex_lock(&mu);
	npublished = ntaken = 0;
	pthread_mutex_unlock(&mu);
	publish_refuse = 0;
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

/* ---- Within-callback calls log where, when and how they ran. ---- */

typedef struct logged {
	int seq;
	int how;
	ndkt_irql_t irql;
	pthread_t thread;
} logged;
static logged calls_log[4096];
static int ncalls;
static ndkt_event *call_block; /* a call with seq < 0 waits on it */
static int nblocked;            /* calls that started waiting on it */

static void record_call(void *arg, int how)
{
	int seq = (int)(intptr_t)arg;
	if (seq < 0 && how == NDKT_CALL_RUN) {
		pthread_mutex_lock(&mu);
		nblocked++;
		pthread_cond_broadcast(&cv);
		pthread_mutex_unlock(&mu);
		CHECK_RC(ndkt_event_wait(call_block, NDKT_MS(5000)), NDKT_OK);
	}
	pthread_mutex_lock(&mu);
	calls_log[ncalls % 4096].seq = seq;
	calls_log[ncalls % 4096].how = how;
	calls_log[ncalls % 4096].irql = ndkt_irql();
	calls_log[ncalls % 4096].thread = pthread_self();
	ncalls++;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
}

static int wait_calls(int n)
{
	struct timespec dl;
	int got;
	clock_gettime(CLOCK_REALTIME, &dl);
	dl.tv_sec += 5;
	pthread_mutex_lock(&mu);
	while (ncalls < n)
		if (pthread_cond_timedwait(&cv, &mu, &dl) != 0)
			break;
	got = ncalls;
	pthread_mutex_unlock(&mu);
	return got;
}

static void reset_calls(void)
{
	pthread_mutex_lock(&mu);
	ncalls = 0;
	nblocked = 0;
	pthread_mutex_unlock(&mu);
}

/* Waits until n calls are blocked on call_block (up to 5 s). */
static int wait_blocked(int n)
{
	struct timespec dl;
	int got;
	clock_gettime(CLOCK_REALTIME, &dl);
	dl.tv_sec += 5;
	pthread_mutex_lock(&mu);
	while (nblocked < n)
		if (pthread_cond_timedwait(&cv, &mu, &dl) != 0)
			break;
	got = nblocked;
	pthread_mutex_unlock(&mu);
	return got;
}

/* ---- The provider side: a thread that makes one callback at an IRQL. ---- */

typedef struct provider {
	ndkt_callbacks *t;
	ndkt_irql_t irql;
	pthread_t thread;
	ndkt_callback_info info;
	int rc;
	int64_t took; /* 100-ns units in enter */
	volatile int done_flag;
	pthread_mutex_t m;
} provider;

static void *provider_main(void *arg)
{
	provider *p = arg;
	ndkt_irql_t old = ndkt_sim_raise_irql(p->irql);
	int64_t t0 = ndkt_now();
	int rc = ndkt_callback_enter(p->t, publish, NULL, &p->info);
	ndkt_sim_lower_irql(old);
	pthread_mutex_lock(&p->m);
	p->took = ndkt_now() - t0;
	p->rc = rc;
	p->done_flag = 1;
	pthread_mutex_unlock(&p->m);
	return NULL;
}

static void provider_start(provider *p, ndkt_callbacks *t, ndkt_irql_t irql)
{
	memset(p, 0, sizeof *p);
	p->t = t;
	p->irql = irql;
	pthread_mutex_init(&p->m, NULL);
	pthread_create(&p->thread, NULL, provider_main, p);
}

static int provider_done(provider *p)
{
	int d;
	pthread_mutex_lock(&p->m);
	d = p->done_flag;
	pthread_mutex_unlock(&p->m);
	return d;
}

static void provider_join(provider *p)
{
	pthread_join(p->thread, NULL);
	pthread_mutex_destroy(&p->m);
}

/* ---- Tests ---- */

/* At PASSIVE_LEVEL the provider's thread is held: calls queued within the
 * callback run on it, in order, and it returns only at the ack. The first
 * call blocks until the two after it are queued, so that their order is
 * the queue's, not their arrival's. */
static void test_held_at_passive(void)
{
	ndkt_fault f;
	ndkt_callbacks *t;
	provider p;
	ndkt_callback_info ci, got;
	ndkt_call c0, c1, c2, c3;
	int i;
	ndkt_fault_init(&f);
	reset_published();
	reset_calls();
	CHECK_RC(ndkt_event_create(&call_block), NDKT_OK);
	CHECK_RC(ndkt_callbacks_create(4, NDKT_MS(5000), &f, &t), NDKT_OK);
	provider_start(&p, t, NDKT_PASSIVE_LEVEL);
	ci = next_published();
	CHECK(ci.id != 0);
	CHECK_EQ(ci.held, 1);
	CHECK_EQ(ci.irql, NDKT_PASSIVE_LEVEL);
	CHECK_RC(ndkt_callback_get(t, ci.id, &got), NDKT_OK);
	CHECK_EQ(got.state, NDKT_CB_OUTSTANDING);
	CHECK_RC(ndkt_callback_queue_call(t, ci.id, &c0, record_call, (void *)(intptr_t)-1), NDKT_OK);
	CHECK_EQ(wait_blocked(1), 1);
	CHECK_RC(ndkt_callback_queue_call(t, ci.id, &c1, record_call, (void *)1), NDKT_OK);
	CHECK_RC(ndkt_callback_queue_call(t, ci.id, &c2, record_call, (void *)2), NDKT_OK);
	ndkt_event_set(call_block);
	CHECK_EQ(wait_calls(3), 3);
	sleep_ms(50);
	CHECK(!provider_done(&p)); /* still held: no ack yet */
	CHECK_RC(ndkt_callback_ack(t, ci.id), NDKT_OK);
	provider_join(&p);
	CHECK_RC(p.rc, NDKT_OK);
	CHECK(p.took < NDKT_MS(2500)); /* the ack woke it, not the 5 s deadline */
	CHECK_EQ(p.info.id, ci.id);
	CHECK_EQ(p.info.held, 1);
	CHECK_EQ(calls_log[0].seq, -1);
	CHECK_EQ(calls_log[1].seq, 1);
	CHECK_EQ(calls_log[2].seq, 2);
	for (i = 0; i < 3; i++) {
		CHECK(pthread_equal(calls_log[i].thread, p.thread));
		CHECK_EQ(calls_log[i].how, NDKT_CALL_RUN);
		CHECK_EQ(calls_log[i].irql, NDKT_PASSIVE_LEVEL);
	}
	/* Acked: no longer outstanding. */
	CHECK_RC(ndkt_callback_ack(t, ci.id), NDKT_E_UNKNOWN_CALLBACK);
	CHECK_RC(ndkt_callback_queue_call(t, ci.id, &c3, record_call, (void *)3), NDKT_E_UNKNOWN_CALLBACK);
	CHECK_EQ(ndkt_callbacks_in_use(t), 0);
	CHECK_EQ(ndkt_fault_get(&f, NULL), 0);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
	ndkt_event_destroy(call_block);
}

/* At (simulated) DISPATCH_LEVEL the callback returns at once, released;
 * its calls run later on a worker at PASSIVE_LEVEL, in order; it stays
 * outstanding until its ack. */
static void test_released_at_dispatch(void)
{
	enum { N = 50 };
	ndkt_fault f;
	ndkt_callbacks *t;
	ndkt_callback_info ci, got;
	ndkt_call calls[N];
	ndkt_irql_t old;
	int i, inorder = 1, elsewhere = 1;
	ndkt_fault_init(&f);
	reset_published();
	reset_calls();
	CHECK_RC(ndkt_event_create(&call_block), NDKT_OK);
	CHECK_RC(ndkt_callbacks_create(4, NDKT_MS(5000), &f, &t), NDKT_OK);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &ci), NDKT_OK);
	ndkt_sim_lower_irql(old);
	CHECK(ci.id != 0);
	CHECK_EQ(ci.held, 0);
	CHECK_EQ(ci.irql, NDKT_DISPATCH_LEVEL);
	CHECK_EQ(next_published().id, ci.id);
	CHECK_RC(ndkt_callback_get(t, ci.id, &got), NDKT_OK);
	CHECK_EQ(got.state, NDKT_CB_RELEASED);
	/* The first call blocks until we let it go: the ones after it wait
	 * their turn, and the queueing thread is not the one that runs them. */
	CHECK_RC(ndkt_callback_queue_call(t, ci.id, &calls[0], record_call, (void *)(intptr_t)-1), NDKT_OK);
	for (i = 1; i < N; i++)
		CHECK_RC(ndkt_callback_queue_call(t, ci.id, &calls[i], record_call, (void *)(intptr_t)i), NDKT_OK);
	CHECK_EQ(wait_blocked(1), 1);
	sleep_ms(20);
	CHECK_EQ(wait_calls(0), 0); /* the 49 behind it wait their turn */
	ndkt_event_set(call_block);
	CHECK_EQ(wait_calls(N), N);
	for (i = 0; i < N; i++) {
		if (calls_log[i].seq != (i == 0 ? -1 : i) || calls_log[i].how != NDKT_CALL_RUN ||
		    calls_log[i].irql != NDKT_PASSIVE_LEVEL)
			inorder = 0;
		if (pthread_equal(calls_log[i].thread, pthread_self()))
			elsewhere = 0;
	}
	CHECK(inorder);
	CHECK(elsewhere);
	CHECK_EQ(ndkt_callbacks_in_use(t), 1); /* outstanding until acked */
	CHECK_RC(ndkt_callback_ack(t, ci.id), NDKT_OK);
	CHECK_RC(ndkt_callbacks_quiesce(t, NDKT_MS(5000)), NDKT_OK);
	CHECK_RC(ndkt_callback_ack(t, ci.id), NDKT_E_UNKNOWN_CALLBACK);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
	ndkt_event_destroy(call_block);
}

/* APC_LEVEL is above PASSIVE_LEVEL: released too. */
static void test_released_at_apc(void)
{
	ndkt_fault f;
	ndkt_callbacks *t;
	ndkt_callback_info ci;
	ndkt_irql_t old;
	ndkt_fault_init(&f);
	reset_published();
	CHECK_RC(ndkt_callbacks_create(1, NDKT_MS(5000), &f, &t), NDKT_OK);
	old = ndkt_sim_raise_irql(NDKT_APC_LEVEL);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &ci), NDKT_OK);
	ndkt_sim_lower_irql(old);
	CHECK_EQ(ci.held, 0);
	CHECK_EQ(ci.irql, NDKT_APC_LEVEL);
	CHECK_RC(ndkt_callback_ack(t, ci.id), NDKT_OK);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
}

/* A held callback not acked by its deadline: the thread returns, the
 * session is broken naming the callback, calls within it are refused. */
static void test_deadline(void)
{
	ndkt_fault f;
	ndkt_callbacks *t;
	provider p;
	ndkt_callback_info ci, got;
	ndkt_call c;
	uint64_t detail;
	ndkt_fault_init(&f);
	reset_published();
	CHECK_RC(ndkt_callbacks_create(2, NDKT_MS(100), &f, &t), NDKT_OK);
	provider_start(&p, t, NDKT_PASSIVE_LEVEL);
	ci = next_published();
	provider_join(&p);
	CHECK_RC(p.rc, NDKT_E_CALLBACK_TIMEOUT);
	CHECK(p.took >= NDKT_MS(100));
	CHECK(p.took < NDKT_MS(4000));
	CHECK_RC(ndkt_fault_get(&f, &detail), NDKT_E_CALLBACK_TIMEOUT);
	CHECK_EQ(detail, ci.id);
	CHECK_RC(ndkt_callback_get(t, ci.id, &got), NDKT_OK);
	CHECK_EQ(got.state, NDKT_CB_RELEASED);
	CHECK_EQ(got.held, 1);
	CHECK_RC(ndkt_callback_queue_call(t, ci.id, &c, record_call, (void *)1), NDKT_E_CALLBACK_TIMEOUT);
	/* A late ack still ends it. */
	CHECK_RC(ndkt_callback_ack(t, ci.id), NDKT_OK);
	CHECK_EQ(ndkt_callbacks_in_use(t), 0);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
}

/* A released callback past its deadline: check_deadlines breaks the session. */
static void test_deadline_released(void)
{
	ndkt_fault f;
	ndkt_callbacks *t;
	ndkt_callback_info ci1, ci2;
	ndkt_irql_t old;
	uint64_t detail;
	ndkt_fault_init(&f);
	reset_published();
	CHECK_RC(ndkt_callbacks_create(2, NDKT_MS(50), &f, &t), NDKT_OK);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &ci1), NDKT_OK);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &ci2), NDKT_OK);
	ndkt_sim_lower_irql(old);
	CHECK_EQ(ndkt_callbacks_check_deadlines(t), 0);
	CHECK_RC(ndkt_callback_ack(t, ci2.id), NDKT_OK);
	sleep_ms(80);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	CHECK_EQ(ndkt_callbacks_check_deadlines(t), 1);
	CHECK_EQ(ndkt_callbacks_check_deadlines(t), 0); /* counted once */
	ndkt_sim_lower_irql(old);
	CHECK_RC(ndkt_fault_get(&f, &detail), NDKT_E_CALLBACK_TIMEOUT);
	CHECK_EQ(detail, ci1.id);
	CHECK_RC(ndkt_callback_ack(t, ci1.id), NDKT_OK);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
}

/* Cleanup: release_all lets a held thread go as if acked and drops the calls
 * still queued (held and released alike); later callbacks are refused. */
static void test_release_all(void)
{
	ndkt_fault f;
	ndkt_callbacks *t;
	provider p;
	ndkt_callback_info held, rel, ci;
	ndkt_call c[4];
	ndkt_irql_t old;
	int i, runs = 0, drops = 0;
	ndkt_fault_init(&f);
	reset_published();
	reset_calls();
	CHECK_RC(ndkt_event_create(&call_block), NDKT_OK);
	CHECK_RC(ndkt_callbacks_create(4, NDKT_MS(5000), &f, &t), NDKT_OK);
	provider_start(&p, t, NDKT_PASSIVE_LEVEL);
	held = next_published();
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &rel), NDKT_OK);
	ndkt_sim_lower_irql(old);
	CHECK_EQ(next_published().id, rel.id);
	/* Each gets a call that blocks, then one queued behind it. */
	CHECK_RC(ndkt_callback_queue_call(t, held.id, &c[0], record_call, (void *)(intptr_t)-1), NDKT_OK);
	CHECK_RC(ndkt_callback_queue_call(t, held.id, &c[1], record_call, (void *)11), NDKT_OK);
	CHECK_RC(ndkt_callback_queue_call(t, rel.id, &c[2], record_call, (void *)(intptr_t)-2), NDKT_OK);
	CHECK_RC(ndkt_callback_queue_call(t, rel.id, &c[3], record_call, (void *)21), NDKT_OK);
	CHECK_EQ(wait_blocked(2), 2); /* both blocking calls have started */
	ndkt_callbacks_release_all(t);
	CHECK_RC(ndkt_callback_ack(t, held.id), NDKT_E_UNKNOWN_CALLBACK);
	CHECK_RC(ndkt_callback_queue_call(t, rel.id, &c[0], record_call, (void *)99), NDKT_E_CLOSING);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &ci), NDKT_E_CLOSING);
	CHECK_EQ(ndkt_callbacks_quiesce(t, NDKT_MS(20)), NDKT_E_TIMEOUT); /* two calls still in the provider */
	ndkt_event_set(call_block);
	ndkt_event_set(call_block);
	provider_join(&p);
	CHECK_RC(p.rc, NDKT_E_CLOSING);
	CHECK_RC(ndkt_callbacks_quiesce(t, NDKT_MS(5000)), NDKT_OK);
	CHECK_EQ(wait_calls(4), 4);
	for (i = 0; i < 4; i++) {
		if (calls_log[i].seq < 0)
			runs += calls_log[i].how == NDKT_CALL_RUN;
		else
			drops += calls_log[i].how == NDKT_CALL_DROP;
	}
	CHECK_EQ(runs, 2);
	CHECK_EQ(drops, 2);
	CHECK_EQ(npublished, 2);
	CHECK_EQ(ndkt_fault_get(&f, NULL), 0);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
	ndkt_event_destroy(call_block);
}

static void test_unknown_ids(void)
{
	ndkt_fault f;
	ndkt_callbacks *t;
	ndkt_callback_info ci;
	ndkt_call c;
	ndkt_irql_t old;
	ndkt_fault_init(&f);
	reset_published();
	CHECK_RC(ndkt_callbacks_create(2, NDKT_MS(5000), &f, &t), NDKT_OK);
	CHECK_RC(ndkt_callback_ack(t, 0), NDKT_E_UNKNOWN_CALLBACK);
	CHECK_RC(ndkt_callback_ack(t, 12345), NDKT_E_UNKNOWN_CALLBACK);
	CHECK_RC(ndkt_callback_queue_call(t, 1, &c, record_call, NULL), NDKT_E_UNKNOWN_CALLBACK);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &ci), NDKT_OK);
	ndkt_sim_lower_irql(old);
	/* Same slot, another serial; a slot out of range. */
	CHECK_RC(ndkt_callback_ack(t, ci.id + (1u << 20)), NDKT_E_UNKNOWN_CALLBACK);
	CHECK_RC(ndkt_callback_ack(t, (ci.id & ~(uint64_t)0xFFFFF) | 3), NDKT_E_UNKNOWN_CALLBACK);
	CHECK_RC(ndkt_callback_get(t, ci.id + 1, &ci), NDKT_E_UNKNOWN_CALLBACK);
	CHECK_RC(ndkt_callback_ack(t, ci.id), NDKT_OK);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
}

/* Above DISPATCH_LEVEL: a provider bug, counted with atomics only (the
 * posix layer would report a spin lock taken there), nothing published. */
static void test_above_dispatch(void)
{
	ndkt_fault f;
	ndkt_callbacks *t;
	ndkt_callback_info ci = {0, 0, 0, 0};
	ndkt_irql_t old, last = 0;
	ndkt_fault_init(&f);
	reset_published();
	CHECK_RC(ndkt_callbacks_create(2, NDKT_MS(5000), &f, &t), NDKT_OK);
	old = ndkt_sim_raise_irql(5);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &ci), NDKT_E_PROVIDER_IRQL);
	ndkt_sim_lower_irql(old);
	CHECK_EQ(ci.id, 0);
	CHECK_EQ(npublished, 0);
	CHECK_EQ(ndkt_callbacks_high_irql(t, &last), 1);
	CHECK_EQ(last, 5);
	CHECK_EQ(ndkt_callbacks_in_use(t), 0);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
}

/* Every record in use: the next callback breaks the session. */
static void test_full(void)
{
	ndkt_fault f;
	ndkt_callbacks *t;
	ndkt_callback_info a, b, c;
	ndkt_irql_t old;
	uint64_t detail;
	ndkt_fault_init(&f);
	reset_published();
	CHECK_RC(ndkt_callbacks_create(2, NDKT_MS(5000), &f, &t), NDKT_OK);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &a), NDKT_OK);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &b), NDKT_OK);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &c), NDKT_E_CALLBACKS_FULL);
	ndkt_sim_lower_irql(old);
	CHECK_EQ(npublished, 2);
	CHECK_RC(ndkt_fault_get(&f, &detail), NDKT_E_CALLBACKS_FULL);
	CHECK_EQ(detail, 2);
	CHECK(a.id != b.id);
	CHECK_RC(ndkt_callback_ack(t, a.id), NDKT_OK);
	CHECK_RC(ndkt_callback_ack(t, b.id), NDKT_OK);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
}

/* A refused publish (the ring broke): the callback is not held, the record
 * is freed, its rc comes back. */
static void test_publish_refused(void)
{
	ndkt_fault f;
	ndkt_callbacks *t;
	ndkt_callback_info ci;
	ndkt_irql_t old;
	ndkt_fault_init(&f);
	reset_published();
	CHECK_RC(ndkt_callbacks_create(1, NDKT_MS(5000), &f, &t), NDKT_OK);
	publish_refuse = NDKT_E_RING_OVERFLOW;
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &ci), NDKT_E_RING_OVERFLOW); /* PASSIVE: would hold */
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &ci), NDKT_E_RING_OVERFLOW);
	ndkt_sim_lower_irql(old);
	CHECK_EQ(ndkt_callbacks_in_use(t), 0);
	CHECK_RC(ndkt_callback_ack(t, ci.id), NDKT_E_UNKNOWN_CALLBACK);
	publish_refuse = 0;
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
}

static void test_create(void)
{
	ndkt_fault f;
	ndkt_callbacks *t;
	ndkt_callback_info ci;
	ndkt_irql_t old;
	long i;
	ndkt_fault_init(&f);
	CHECK_RC(ndkt_callbacks_create(0, NDKT_MS(1), &f, &t), NDKT_E_INVAL);
	CHECK_RC(ndkt_callbacks_create(NDKT_CALLBACKS_MAX + 1, NDKT_MS(1), &f, &t), NDKT_E_INVAL);
	CHECK_RC(ndkt_callbacks_create(1, 0, &f, &t), NDKT_E_INVAL);
	CHECK_RC(ndkt_callbacks_create(1, NDKT_MS(1), NULL, &t), NDKT_E_INVAL);
	for (i = 0; i < 9; i++) {
		ndkt_sim_fail_alloc_after(i);
		CHECK_RC(ndkt_callbacks_create(2, NDKT_MS(1), &f, &t), NDKT_E_NOMEM);
		ndkt_sim_fail_alloc_after(-1);
	}
	/* destroy refuses while a record is in use. */
	reset_published();
	CHECK_RC(ndkt_callbacks_create(1, NDKT_MS(5000), &f, &t), NDKT_OK);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &ci), NDKT_OK);
	ndkt_sim_lower_irql(old);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_E_INVAL);
	CHECK_RC(ndkt_callback_ack(t, ci.id), NDKT_OK);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
}

/* quiesce waits, so it is PASSIVE_LEVEL only: at DISPATCH_LEVEL the posix
 * layer reports the wait. */
static void test_quiesce_irql(void)
{
	ndkt_fault f;
	ndkt_callbacks *t;
	ndkt_callback_info ci;
	ndkt_irql_t old;
	ndkt_fault_init(&f);
	reset_published();
	CHECK_RC(ndkt_callbacks_create(1, NDKT_MS(5000), &f, &t), NDKT_OK);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	CHECK_RC(ndkt_callback_enter(t, publish, NULL, &ci), NDKT_OK);
	EXPECT_BUGS(1);
	CHECK_RC(ndkt_callbacks_quiesce(t, NDKT_MS(10)), NDKT_E_IRQL);
	ndkt_sim_lower_irql(old);
	CHECK_RC(ndkt_callback_ack(t, ci.id), NDKT_OK);
	CHECK_RC(ndkt_callbacks_destroy(t), NDKT_OK);
}

/* Many provider threads at PASSIVE and DISPATCH; a harness thread queues two
 * calls within each callback then acks it: every call runs once, in order
 * per callback, held ones on their provider's thread. */
#define MT_PROVIDERS 4
#define MT_EACH 100
static ndkt_callbacks *mt;
static void *mt_provider(void *arg)
{
	int me = (int)(intptr_t)arg, i, bad = 0;
	for (i = 0; i < MT_EACH; i++) {
		ndkt_irql_t old = ndkt_sim_raise_irql((me + i) % 2 ? NDKT_DISPATCH_LEVEL : NDKT_PASSIVE_LEVEL);
		if (ndkt_callback_enter(mt, publish, NULL, NULL) != NDKT_OK)
			bad++;
		ndkt_sim_lower_irql(old);
	}
	return (void *)(intptr_t)bad;
}

typedef struct mt_call {
	ndkt_call call;
	uint64_t cb;
	int n;
	int ran;
	int how;
} mt_call;
static void mt_call_fn(void *arg, int how)
{
	mt_call *c = arg;
	pthread_mutex_lock(&mu);
	c->ran = ++ncalls;
	c->how = how;
	pthread_mutex_unlock(&mu);
}

static void test_threads(void)
{
	enum { TOTAL = MT_PROVIDERS * MT_EACH };
	ndkt_fault f;
	pthread_t th[MT_PROVIDERS];
	mt_call *calls = calloc(2 * TOTAL, sizeof *calls);
	int i, bad = 0;
	ndkt_fault_init(&f);
	reset_published();
	reset_calls();
	/* Released callbacks return at once: room for all of them. */
	CHECK_RC(ndkt_callbacks_create(TOTAL, NDKT_MS(10000), &f, &mt), NDKT_OK);
	for (i = 0; i < MT_PROVIDERS; i++)
		pthread_create(&th[i], NULL, mt_provider, (void *)(intptr_t)i);
	for (i = 0; i < TOTAL; i++) {
		ndkt_callback_info ci = next_published();
		int k;
		if (ci.id == 0) {
			bad++;
			break;
		}
		for (k = 0; k < 2; k++) {
			mt_call *c = &calls[2 * i + k];
			c->cb = ci.id;
			c->n = k;
			if (ndkt_callback_queue_call(mt, ci.id, &c->call, mt_call_fn, c) != NDKT_OK)
				bad++;
		}
		if (ndkt_callback_ack(mt, ci.id) != NDKT_OK)
			bad++;
	}
	for (i = 0; i < MT_PROVIDERS; i++) {
		void *pb;
		pthread_join(th[i], &pb);
		CHECK_EQ((intptr_t)pb, 0);
	}
	CHECK_RC(ndkt_callbacks_quiesce(mt, NDKT_MS(10000)), NDKT_OK);
	pthread_mutex_lock(&mu);
	for (i = 0; i < TOTAL; i++)
		if (calls[2 * i].ran == 0 || calls[2 * i + 1].ran <= calls[2 * i].ran ||
		    calls[2 * i].how != NDKT_CALL_RUN || calls[2 * i + 1].how != NDKT_CALL_RUN)
			bad++;
	pthread_mutex_unlock(&mu);
	CHECK_EQ(bad, 0);
	CHECK_EQ(ncalls, 2 * TOTAL);
	CHECK_EQ(ndkt_fault_get(&f, NULL), 0);
	CHECK_RC(ndkt_callbacks_destroy(mt), NDKT_OK);
	free(calls);
}

int main(void)
{
	test_begin();
	RUN(test_held_at_passive);
	RUN(test_released_at_dispatch);
	RUN(test_released_at_apc);
	RUN(test_deadline);
	RUN(test_deadline_released);
	RUN(test_release_all);
	RUN(test_unknown_ids);
	RUN(test_above_dispatch);
	RUN(test_full);
	RUN(test_publish_refused);
	RUN(test_create);
	RUN(test_quiesce_irql);
	RUN(test_threads);
	return test_end("held_test");
}
