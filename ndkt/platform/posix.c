/*
 * The ndkt platform layer on Linux: pthreads, with a simulated IRQL (see
 * sim.h for what it simulates and how it reports IRQL bugs).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/platform.h"
#include "sim.h"

/* ---- Simulated IRQL and bug reports ---- */

static _Thread_local ndkt_irql_t sim_irql = NDKT_PASSIVE_LEVEL;
static atomic_int bug_mode = NDKT_SIM_BUG_ABORT;
static atomic_long bug_count;
static pthread_mutex_t bug_mu = PTHREAD_MUTEX_INITIALIZER;
static char bug_last[256];

static void sim_bug(const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	atomic_fetch_add(&bug_count, 1);
	pthread_mutex_lock(&bug_mu);
	memcpy(bug_last, msg, sizeof bug_last);
	pthread_mutex_unlock(&bug_mu);
	if (atomic_load(&bug_mode) == NDKT_SIM_BUG_ABORT) {
		fprintf(stderr, "ndkt sim: BUG: %s\n", msg);
		fflush(stderr);
		abort();
	}
}

void ndkt_sim_bug_mode(int mode) { atomic_store(&bug_mode, mode); }
long ndkt_sim_bug_count(void) { return atomic_load(&bug_count); }

void ndkt_sim_last_bug(char *buf, size_t n)
{
	if (n == 0)
		return;
	pthread_mutex_lock(&bug_mu);
	snprintf(buf, n, "%s", bug_last);
	pthread_mutex_unlock(&bug_mu);
}

ndkt_irql_t ndkt_irql(void) { return sim_irql; }

ndkt_irql_t ndkt_sim_raise_irql(ndkt_irql_t level)
{
	ndkt_irql_t old = sim_irql;
	if (level < old)
		sim_bug("IRQL raised from %u to the lower %u", (unsigned)old, (unsigned)level);
	else
		sim_irql = level;
	return old;
}

void ndkt_sim_lower_irql(ndkt_irql_t level)
{
	if (level > sim_irql)
		sim_bug("IRQL lowered from %u to the higher %u", (unsigned)sim_irql, (unsigned)level);
	else
		sim_irql = level;
}

int64_t ndkt_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 10000000 + ts.tv_nsec / 100;
}

/* ---- Memory: a header before each block keeps its tag and size. ---- */

#define ALLOC_MAGIC 0x6e646b74u /* "ndkt" */
typedef union alloc_hdr {
	struct {
		uint32_t magic;
		uint32_t tag;
		size_t size;
	} h;
	max_align_t align;
} alloc_hdr;

static atomic_long alloc_outstanding;
static atomic_long alloc_budget = -1; /* < 0: unlimited */

long ndkt_sim_alloc_outstanding(void) { return atomic_load(&alloc_outstanding); }
void ndkt_sim_fail_alloc_after(long n) { atomic_store(&alloc_budget, n); }

void *ndkt_alloc(size_t size, uint32_t tag)
{
	alloc_hdr *h;
	long b;
	if (sim_irql > NDKT_DISPATCH_LEVEL) {
		sim_bug("allocation at IRQL %u", (unsigned)sim_irql);
		return NULL;
	}
	b = atomic_load(&alloc_budget);
	while (b >= 0) {
		if (b == 0)
			return NULL;
		if (atomic_compare_exchange_weak(&alloc_budget, &b, b - 1))
			break;
	}
	if (size > (size_t)-1 - sizeof *h)
		return NULL;
	h = calloc(1, sizeof *h + size);
	if (h == NULL)
		return NULL;
	h->h.magic = ALLOC_MAGIC;
	h->h.tag = tag;
	h->h.size = size;
	atomic_fetch_add(&alloc_outstanding, 1);
	return h + 1;
}

void ndkt_free(void *p, uint32_t tag)
{
	alloc_hdr *h;
	if (p == NULL)
		return;
	if (sim_irql > NDKT_DISPATCH_LEVEL)
		sim_bug("free at IRQL %u", (unsigned)sim_irql);
	h = (alloc_hdr *)p - 1;
	if (h->h.magic != ALLOC_MAGIC) {
		sim_bug("free of a block ndkt_alloc did not return (or freed twice)");
		return;
	}
	if (h->h.tag != tag)
		sim_bug("free with tag %08x of a block allocated with tag %08x", (unsigned)tag, (unsigned)h->h.tag);
	h->h.magic = 0;
	atomic_fetch_sub(&alloc_outstanding, 1);
	free(h);
}

#define TAG_PLATFORM NDKT_TAG('n', 'k', 'P', 'l')

/* ---- Spin lock: an error-checking mutex and a simulated DISPATCH_LEVEL. ---- */

struct ndkt_lock {
	pthread_mutex_t mu;
	/* Count mode: a bad acquire already reported, so that its release is
	 * not reported again. Written by the holder only. */
	int bad_irql;  /* acquired above DISPATCH_LEVEL: taken, IRQL left as it was */
	int recursed;  /* acquired again by its holder: not taken */
};

int ndkt_lock_create(ndkt_lock **out)
{
	pthread_mutexattr_t a;
	ndkt_lock *l = ndkt_alloc(sizeof *l, TAG_PLATFORM);
	if (l == NULL)
		return NDKT_E_NOMEM;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&l->mu, &a);
	pthread_mutexattr_destroy(&a);
	*out = l;
	return NDKT_OK;
}

void ndkt_lock_destroy(ndkt_lock *l)
{
	if (l == NULL)
		return;
	pthread_mutex_destroy(&l->mu);
	ndkt_free(l, TAG_PLATFORM);
}

ndkt_irql_t ndkt_lock_acquire(ndkt_lock *l)
{
	ndkt_irql_t old = sim_irql;
	if (pthread_mutex_lock(&l->mu) == EDEADLK) {
		sim_bug("spin lock acquired twice by one thread (a deadlock on Windows)");
		l->recursed++;
		return old;
	}
	if (old > NDKT_DISPATCH_LEVEL) {
		sim_bug("spin lock acquired at IRQL %u", (unsigned)old);
		l->bad_irql = 1;
		return old;
	}
	sim_irql = NDKT_DISPATCH_LEVEL;
	return old;
}

void ndkt_lock_release(ndkt_lock *l, ndkt_irql_t old)
{
	if (l->recursed > 0) {
		l->recursed--;
		sim_irql = old;
		return;
	}
	if (l->bad_irql) {
		l->bad_irql = 0;
	} else {
		if (sim_irql != NDKT_DISPATCH_LEVEL)
			sim_bug("spin lock released at IRQL %u, not DISPATCH_LEVEL", (unsigned)sim_irql);
		if (old > NDKT_DISPATCH_LEVEL)
			sim_bug("spin lock released back to IRQL %u", (unsigned)old);
	}
	if (pthread_mutex_unlock(&l->mu) != 0) {
		sim_bug("spin lock released by a thread that does not hold it");
		return;
	}
	sim_irql = old;
}

/* ---- Event: a synchronization event as the kernel's: a set with threads
 * waiting wakes exactly one of them and leaves the event not signalled, so
 * two sets wake two waiters; with none waiting it signals the event for the
 * next wait (and a second set then changes nothing). On CLOCK_MONOTONIC. ---- */

struct ndkt_event {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int signalled;
	int waiters; /* threads in ndkt_event_wait */
	int grants;  /* sets handed to waiters and not yet taken */
};

int ndkt_event_create(ndkt_event **out)
{
	pthread_condattr_t a;
	ndkt_event *e;
	if (sim_irql != NDKT_PASSIVE_LEVEL)
		sim_bug("event created at IRQL %u", (unsigned)sim_irql);
	e = ndkt_alloc(sizeof *e, TAG_PLATFORM);
	if (e == NULL)
		return NDKT_E_NOMEM;
	pthread_mutex_init(&e->mu, NULL);
	pthread_condattr_init(&a);
	pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
	pthread_cond_init(&e->cv, &a);
	pthread_condattr_destroy(&a);
	*out = e;
	return NDKT_OK;
}

void ndkt_event_destroy(ndkt_event *e)
{
	if (e == NULL)
		return;
	pthread_cond_destroy(&e->cv);
	pthread_mutex_destroy(&e->mu);
	ndkt_free(e, TAG_PLATFORM);
}

void ndkt_event_set(ndkt_event *e)
{
	if (sim_irql > NDKT_DISPATCH_LEVEL)
		sim_bug("event set at IRQL %u", (unsigned)sim_irql);
	pthread_mutex_lock(&e->mu);
	if (e->waiters > e->grants) {
		e->grants++;
		pthread_cond_broadcast(&e->cv);
	} else {
		e->signalled = 1;
	}
	pthread_mutex_unlock(&e->mu);
}

int ndkt_event_wait(ndkt_event *e, int64_t timeout)
{
	struct timespec dl;
	int rc = NDKT_OK;
	if (sim_irql != NDKT_PASSIVE_LEVEL) {
		sim_bug("wait at IRQL %u (only PASSIVE_LEVEL may wait)", (unsigned)sim_irql);
		return NDKT_E_IRQL;
	}
	if (timeout < 0 && timeout != NDKT_WAIT_FOREVER)
		return NDKT_E_INVAL;
	if (timeout >= 0) {
		clock_gettime(CLOCK_MONOTONIC, &dl);
		dl.tv_sec += (time_t)(timeout / 10000000);
		dl.tv_nsec += (long)(timeout % 10000000) * 100;
		if (dl.tv_nsec >= 1000000000L) {
			dl.tv_sec++;
			dl.tv_nsec -= 1000000000L;
		}
	}
	pthread_mutex_lock(&e->mu);
	if (e->signalled) {
		e->signalled = 0;
		pthread_mutex_unlock(&e->mu);
		return NDKT_OK;
	}
	e->waiters++;
	for (;;) {
		int err;
		if (e->grants > 0) {
			e->grants--;
			break;
		}
		err = timeout >= 0 ? pthread_cond_timedwait(&e->cv, &e->mu, &dl) : pthread_cond_wait(&e->cv, &e->mu);
		if (err == ETIMEDOUT && e->grants == 0) {
			rc = NDKT_E_TIMEOUT;
			break;
		}
	}
	e->waiters--;
	pthread_mutex_unlock(&e->mu);
	return rc;
}

/* ---- Work queues: a pool of threads; a queue is on the run list (or
 * running) at most once, so its items run one at a time, in order. ---- */

struct ndkt_workq {
	ndkt_work *head, *tail;
	int scheduled; /* on the run list or running an item */
	struct ndkt_workq *next_run;
};

#define MAX_WORKERS 64
static struct {
	pthread_mutex_t mu;
	pthread_cond_t work; /* the run list is not empty, or stop */
	pthread_cond_t idle; /* a queue stopped being scheduled */
	ndkt_workq *run_head, *run_tail;
	int stop;
	int nthreads;
	int want;
	pthread_t threads[MAX_WORKERS];
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, 0, 0, 4, {0}};

void ndkt_sim_set_workers(int n)
{
	if (n < 1)
		n = 1;
	if (n > MAX_WORKERS)
		n = MAX_WORKERS;
	pool.want = n;
}

static void run_append(ndkt_workq *q)
{
	q->next_run = NULL;
	if (pool.run_tail != NULL)
		pool.run_tail->next_run = q;
	else
		pool.run_head = q;
	pool.run_tail = q;
	pthread_cond_signal(&pool.work);
}

static void *worker_main(void *unused)
{
	(void)unused;
	pthread_mutex_lock(&pool.mu);
	for (;;) {
		ndkt_workq *q;
		ndkt_work *w;
		while (pool.run_head == NULL && !pool.stop)
			pthread_cond_wait(&pool.work, &pool.mu);
		if (pool.run_head == NULL)
			break;
		q = pool.run_head;
		pool.run_head = q->next_run;
		if (pool.run_head == NULL)
			pool.run_tail = NULL;
		w = q->head;
		q->head = w->next;
		if (q->head == NULL)
			q->tail = NULL;
		pthread_mutex_unlock(&pool.mu);
		w->fn(w->arg);
		if (sim_irql != NDKT_PASSIVE_LEVEL) {
			sim_bug("work item returned at IRQL %u", (unsigned)sim_irql);
			sim_irql = NDKT_PASSIVE_LEVEL;
		}
		pthread_mutex_lock(&pool.mu);
		if (q->head != NULL) {
			run_append(q);
		} else {
			q->scheduled = 0;
			pthread_cond_broadcast(&pool.idle);
		}
	}
	pthread_mutex_unlock(&pool.mu);
	return NULL;
}

int ndkt_platform_init(void *os_context)
{
	int i;
	(void)os_context;
	pthread_mutex_lock(&pool.mu);
	pool.stop = 0;
	for (i = pool.nthreads; i < pool.want; i++) {
		if (pthread_create(&pool.threads[i], NULL, worker_main, NULL) != 0)
			break;
		pool.nthreads++;
	}
	pthread_mutex_unlock(&pool.mu);
	return pool.nthreads > 0 ? NDKT_OK : NDKT_E_NOMEM;
}

void ndkt_platform_shutdown(void)
{
	int i, n;
	pthread_mutex_lock(&pool.mu);
	pool.stop = 1;
	pthread_cond_broadcast(&pool.work);
	n = pool.nthreads;
	pthread_mutex_unlock(&pool.mu);
	for (i = 0; i < n; i++)
		pthread_join(pool.threads[i], NULL);
	pthread_mutex_lock(&pool.mu);
	pool.nthreads = 0;
	pthread_mutex_unlock(&pool.mu);
}

int ndkt_workq_create(ndkt_workq **out)
{
	ndkt_workq *q;
	if (sim_irql != NDKT_PASSIVE_LEVEL)
		sim_bug("work queue created at IRQL %u", (unsigned)sim_irql);
	q = ndkt_alloc(sizeof *q, TAG_PLATFORM);
	if (q == NULL)
		return NDKT_E_NOMEM;
	*out = q;
	return NDKT_OK;
}

void ndkt_workq_destroy(ndkt_workq *q)
{
	if (q == NULL)
		return;
	if (sim_irql != NDKT_PASSIVE_LEVEL)
		sim_bug("work queue destroyed at IRQL %u", (unsigned)sim_irql);
	pthread_mutex_lock(&pool.mu);
	while (q->scheduled)
		pthread_cond_wait(&pool.idle, &pool.mu);
	pthread_mutex_unlock(&pool.mu);
	ndkt_free(q, TAG_PLATFORM);
}

void ndkt_workq_queue(ndkt_workq *q, ndkt_work *item, ndkt_work_fn fn, void *arg)
{
	if (sim_irql > NDKT_DISPATCH_LEVEL)
		sim_bug("work queued at IRQL %u", (unsigned)sim_irql);
	item->fn = fn;
	item->arg = arg;
	item->next = NULL;
	pthread_mutex_lock(&pool.mu);
	if (pool.nthreads == 0)
		sim_bug("work queued with no worker thread (ndkt_platform_init not called)");
	if (q->tail != NULL)
		q->tail->next = item;
	else
		q->head = item;
	q->tail = item;
	if (!q->scheduled) {
		q->scheduled = 1;
		run_append(q);
	}
	pthread_mutex_unlock(&pool.mu);
}

/* ---- Atomics: C11 <stdatomic.h>, sequentially consistent. ---- */

void ndkt_atomic_init(ndkt_atomic64 *a, int64_t v) { atomic_init(&a->v, v); }
int64_t ndkt_atomic_load(ndkt_atomic64 *a) { return atomic_load(&a->v); }
void ndkt_atomic_store(ndkt_atomic64 *a, int64_t v) { atomic_store(&a->v, v); }
int64_t ndkt_atomic_add(ndkt_atomic64 *a, int64_t d) { return atomic_fetch_add(&a->v, d) + d; }

int ndkt_atomic_cas(ndkt_atomic64 *a, int64_t expect, int64_t desired)
{
	long long e = expect;
	return atomic_compare_exchange_strong(&a->v, &e, desired);
}
