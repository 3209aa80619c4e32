/* The posix platform layer (ndkt/platform/posix.c, sim.h): the simulated
 * IRQL and its bug reports, events, work queues, allocation. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../core/fault.h"
#include "test.h"

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

/* The default mode aborts with the message: a wait above PASSIVE_LEVEL in
 * a child process, its stderr and exit status checked. */
static void test_death_wait_at_dispatch(void)
{
	int fds[2];
	pid_t pid;
	char out[512] = {0};
	size_t got = 0;
	ssize_t n;
	int status = 0;
	CHECK(pipe(fds) == 0);
	pid = fork();
	if (pid == 0) {
		ndkt_event *e;
		dup2(fds[1], 2);
		close(fds[0]);
		ndkt_sim_bug_mode(NDKT_SIM_BUG_ABORT);
		if (ndkt_event_create(&e) != NDKT_OK)
			_exit(3);
		(void)ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
		(void)ndkt_event_wait(e, NDKT_MS(1));
		_exit(0); /* not reached if the bug aborts */
	}
	close(fds[1]);
	while (got < sizeof out - 1 && (n = read(fds[0], out + got, sizeof out - 1 - got)) > 0)
		got += (size_t)n;
	close(fds[0]);
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	CHECK(strstr(out, "ndkt sim: BUG: wait at IRQL 2") != NULL);
}

static void test_irql_and_lock(void)
{
	ndkt_lock *l;
	ndkt_irql_t old, o2;
	CHECK_EQ(ndkt_irql(), NDKT_PASSIVE_LEVEL);
	CHECK_RC(ndkt_lock_create(&l), NDKT_OK);
	old = ndkt_lock_acquire(l);
	CHECK_EQ(old, NDKT_PASSIVE_LEVEL);
	CHECK_EQ(ndkt_irql(), NDKT_DISPATCH_LEVEL);
	ndkt_lock_release(l, old);
	CHECK_EQ(ndkt_irql(), NDKT_PASSIVE_LEVEL);
	/* From DISPATCH_LEVEL it stays there. */
	o2 = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	old = ndkt_lock_acquire(l);
	CHECK_EQ(old, NDKT_DISPATCH_LEVEL);
	ndkt_lock_release(l, old);
	CHECK_EQ(ndkt_irql(), NDKT_DISPATCH_LEVEL);
	ndkt_sim_lower_irql(o2);
	ndkt_lock_destroy(l);
}

/* Each IRQL bug is reported once, with its message, in count mode. */
static void test_bugs_counted(void)
{
	ndkt_lock *l;
	ndkt_event *e;
	ndkt_irql_t old, o2;
	char msg[256];
	void *p;
	CHECK_RC(ndkt_lock_create(&l), NDKT_OK);
	CHECK_RC(ndkt_event_create(&e), NDKT_OK);

	/* A wait under a spin lock (at DISPATCH_LEVEL). */
	old = ndkt_lock_acquire(l);
	EXPECT_BUGS(1);
	CHECK_RC(ndkt_event_wait(e, NDKT_MS(1)), NDKT_E_IRQL);
	ndkt_sim_last_bug(msg, sizeof msg);
	CHECK(strstr(msg, "wait at IRQL 2") != NULL);
	/* The same lock again on the same thread. */
	EXPECT_BUGS(1);
	o2 = ndkt_lock_acquire(l);
	ndkt_sim_last_bug(msg, sizeof msg);
	CHECK(strstr(msg, "acquired twice") != NULL);
	ndkt_lock_release(l, o2);
	ndkt_lock_release(l, old);
	CHECK_EQ(ndkt_irql(), NDKT_PASSIVE_LEVEL);

	/* A wait at APC_LEVEL. */
	old = ndkt_sim_raise_irql(NDKT_APC_LEVEL);
	EXPECT_BUGS(1);
	CHECK_RC(ndkt_event_wait(e, 0), NDKT_E_IRQL);
	/* Raising downwards, lowering upwards. */
	EXPECT_BUGS(2);
	(void)ndkt_sim_raise_irql(NDKT_PASSIVE_LEVEL);
	ndkt_sim_lower_irql(NDKT_DISPATCH_LEVEL);
	CHECK_EQ(ndkt_irql(), NDKT_APC_LEVEL);
	ndkt_sim_lower_irql(old);

	/* Allocation above DISPATCH_LEVEL; a free with the wrong tag. */
	old = ndkt_sim_raise_irql(NDKT_HIGH_LEVEL);
	EXPECT_BUGS(1);
	CHECK(ndkt_alloc(8, 1) == NULL);
	ndkt_sim_lower_irql(old);
	p = ndkt_alloc(8, NDKT_TAG('a', 'b', 'c', 'd'));
	CHECK(p != NULL);
	EXPECT_BUGS(1);
	ndkt_free(p, NDKT_TAG('x', 'b', 'c', 'd'));
	ndkt_sim_last_bug(msg, sizeof msg);
	CHECK(strstr(msg, "tag") != NULL);

	ndkt_event_destroy(e);
	ndkt_lock_destroy(l);
}

typedef struct waiter_arg {
	ndkt_event *e;
	int rc;
} waiter_arg;
static void *waiter(void *arg)
{
	waiter_arg *w = arg;
	w->rc = ndkt_event_wait(w->e, NDKT_MS(5000));
	return NULL;
}

static void test_event(void)
{
	ndkt_event *e;
	pthread_t th[2];
	waiter_arg w[2];
	int64_t t0;
	int i;
	CHECK_RC(ndkt_event_create(&e), NDKT_OK);
	/* Timeout, measured on the monotonic clock. */
	t0 = ndkt_now();
	CHECK_RC(ndkt_event_wait(e, NDKT_MS(30)), NDKT_E_TIMEOUT);
	CHECK(ndkt_now() - t0 >= NDKT_MS(30));
	CHECK_RC(ndkt_event_wait(e, 0), NDKT_E_TIMEOUT);
	CHECK_RC(ndkt_event_wait(e, -5), NDKT_E_INVAL);
	/* A set with nobody waiting is kept for one wait (auto-reset); two
	 * sets are one. */
	ndkt_event_set(e);
	ndkt_event_set(e);
	CHECK_RC(ndkt_event_wait(e, 0), NDKT_OK);
	CHECK_RC(ndkt_event_wait(e, 0), NDKT_E_TIMEOUT);
	/* Two waiters, two sets: both wake (KeSetEvent wakes one waiter each). */
	for (i = 0; i < 2; i++) {
		w[i].e = e;
		w[i].rc = -1;
		pthread_create(&th[i], NULL, waiter, &w[i]);
	}
	sleep_ms(100); /* both are waiting by then */
	ndkt_event_set(e);
	ndkt_event_set(e);
	for (i = 0; i < 2; i++) {
		pthread_join(th[i], NULL);
		CHECK_RC(w[i].rc, NDKT_OK);
	}
	CHECK_RC(ndkt_event_wait(e, 0), NDKT_E_TIMEOUT);
	ndkt_event_destroy(e);
}

/* Work queues: in order per queue, at PASSIVE_LEVEL, not on the caller's
 * thread; a blocked queue does not hold another. */
static int order_log[1000];
static int norder;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static ndkt_event *gate, *other_ran;
static int bad_irql;
static pthread_t caller;
static int on_caller;

static void log_item(void *arg)
{
	pthread_mutex_lock(&mu);
	order_log[norder++] = (int)(intptr_t)arg;
	if (ndkt_irql() != NDKT_PASSIVE_LEVEL)
		bad_irql++;
	if (pthread_equal(pthread_self(), caller))
		on_caller++;
	pthread_mutex_unlock(&mu);
}

static void blocked_item(void *arg)
{
	(void)arg;
	(void)ndkt_event_wait(gate, NDKT_MS(5000));
	log_item((void *)(intptr_t)-1);
}

static void signal_item(void *arg)
{
	(void)arg;
	ndkt_event_set(other_ran);
}

static void raise_item(void *arg)
{
	(void)arg;
	(void)ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL); /* returns raised: a bug */
}

static void test_workq(void)
{
	static ndkt_work items[1000];
	ndkt_work block, sig, bad;
	ndkt_workq *q1, *q2;
	ndkt_irql_t old;
	int i, inorder = 1;
	caller = pthread_self();
	CHECK_RC(ndkt_event_create(&gate), NDKT_OK);
	CHECK_RC(ndkt_event_create(&other_ran), NDKT_OK);
	CHECK_RC(ndkt_workq_create(&q1), NDKT_OK);
	CHECK_RC(ndkt_workq_create(&q2), NDKT_OK);
	/* q1: a blocked item, then 999 more queued at DISPATCH_LEVEL. */
	ndkt_workq_queue(q1, &block, blocked_item, NULL);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	for (i = 1; i < 1000; i++)
		ndkt_workq_queue(q1, &items[i], log_item, (void *)(intptr_t)i);
	/* q2 runs while q1 is blocked. */
	ndkt_workq_queue(q2, &sig, signal_item, NULL);
	ndkt_sim_lower_irql(old);
	CHECK_RC(ndkt_event_wait(other_ran, NDKT_MS(5000)), NDKT_OK);
	pthread_mutex_lock(&mu);
	CHECK_EQ(norder, 0);
	pthread_mutex_unlock(&mu);
	ndkt_event_set(gate);
	ndkt_workq_destroy(q1); /* waits for the 1000 */
	CHECK_EQ(norder, 1000);
	for (i = 0; i < 1000 && i < norder; i++)
		if (order_log[i] != (i == 0 ? -1 : i))
			inorder = 0;
	CHECK(inorder);
	CHECK_EQ(bad_irql, 0);
	CHECK_EQ(on_caller, 0);
	/* An item that returns at a raised IRQL is reported. */
	EXPECT_BUGS(1);
	ndkt_workq_queue(q2, &bad, raise_item, NULL);
	ndkt_workq_destroy(q2);
	ndkt_event_destroy(gate);
	ndkt_event_destroy(other_ran);
}

static void test_alloc(void)
{
	unsigned char *p;
	long before = ndkt_sim_alloc_outstanding();
	int i, zero = 1;
	p = ndkt_alloc(100, 7);
	CHECK(p != NULL);
	for (i = 0; p != NULL && i < 100; i++)
		if (p[i] != 0)
			zero = 0;
	CHECK(zero);
	CHECK_EQ(ndkt_sim_alloc_outstanding(), before + 1);
	ndkt_free(p, 7);
	ndkt_free(NULL, 7);
	CHECK_EQ(ndkt_sim_alloc_outstanding(), before);
	ndkt_sim_fail_alloc_after(1);
	p = ndkt_alloc(1, 7);
	CHECK(p != NULL);
	CHECK(ndkt_alloc(1, 7) == NULL);
	ndkt_sim_fail_alloc_after(-1);
	ndkt_free(p, 7);
}

static void test_atomics_and_fault(void)
{
	ndkt_atomic64 a;
	ndkt_fault f;
	uint64_t d = 99;
	ndkt_atomic_init(&a, 5);
	CHECK_EQ(ndkt_atomic_add(&a, 3), 8);
	CHECK(ndkt_atomic_cas(&a, 8, 1));
	CHECK(!ndkt_atomic_cas(&a, 8, 2));
	CHECK_EQ(ndkt_atomic_load(&a), 1);
	ndkt_atomic_store(&a, -4);
	CHECK_EQ(ndkt_atomic_load(&a), -4);
	ndkt_fault_init(&f);
	CHECK_EQ(ndkt_fault_get(&f, &d), 0);
	CHECK_EQ(d, 0);
	CHECK_EQ(ndkt_fault_set(&f, 0, 1), 0);
	CHECK_EQ(ndkt_fault_set(&f, NDKT_E_RING_OVERFLOW, 17), 1);
	CHECK_EQ(ndkt_fault_set(&f, NDKT_E_CALLBACK_TIMEOUT, 3), 0); /* the first stands */
	CHECK_RC(ndkt_fault_get(&f, &d), NDKT_E_RING_OVERFLOW);
	CHECK_EQ(d, 17);
	CHECK(strcmp(ndkt_rc_name(NDKT_E_HANDLE_STALE), "NDKT_E_HANDLE_STALE") == 0);
	CHECK(strcmp(ndkt_rc_name(12345), "NDKT_E_?") == 0);
}

int main(void)
{
	/* Before the work-queue threads start: the child is then single-threaded. */
	test_death_wait_at_dispatch();
	printf("%s test_death_wait_at_dispatch\n", test_failures ? "FAIL" : "ok  ");
	test_begin();
	RUN(test_irql_and_lock);
	RUN(test_bugs_counted);
	RUN(test_event);
	RUN(test_workq);
	RUN(test_alloc);
	RUN(test_atomics_and_fault);
	return test_end("platform_test");
}
