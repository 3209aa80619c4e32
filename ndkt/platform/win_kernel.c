/*
 * The ndkt platform layer in the Windows kernel (ndkt.sys). Built with
 * -DNDKT_WINDOWS, with the WDK (MSVC) or mingw-w64's DDK headers:
 *   x86_64-w64-mingw32-gcc -std=c11 -Wall -Wextra -Werror -DNDKT_WINDOWS \
 *     -I/usr/share/mingw-w64/include/ddk -c ndkt/platform/win_kernel.c
 * Compiled in CI, never run there: no Windows machine has run it yet.
 *
 * Every platform object lives in nonpaged pool, so spin locks, events and
 * work items are usable at DISPATCH_LEVEL. The work queues use
 * IoQueueWorkItem (DelayedWorkQueue: a within-callback call may block), which
 * keeps the driver loaded while an item is queued; ndkt_platform_init gets
 * the DEVICE_OBJECT their IO_WORKITEMs belong to.
 */
#ifndef NDKT_WINDOWS
#define NDKT_WINDOWS 1
#endif
#include <ntddk.h>

#include "../core/platform.h"

static PDEVICE_OBJECT ndkt_device;

#define TAG_PLATFORM NDKT_TAG('n', 'k', 'P', 'l')

ndkt_irql_t ndkt_irql(void) { return (ndkt_irql_t)KeGetCurrentIrql(); }

int64_t ndkt_now(void) { return (int64_t)KeQueryInterruptTime(); }

int ndkt_platform_init(void *os_context)
{
	if (os_context == NULL)
		return NDKT_E_INVAL;
	ndkt_device = (PDEVICE_OBJECT)os_context;
	return NDKT_OK;
}

void ndkt_platform_shutdown(void) { ndkt_device = NULL; }

/* ---- Memory ---- */

void *ndkt_alloc(size_t size, uint32_t tag)
{
	void *p;
	if (size == 0)
		size = 1;
#if defined(POOL_FLAG_NON_PAGED)
	/* WDK 10.0.19041 and later: zeroed unless POOL_FLAG_UNINITIALIZED. */
	p = ExAllocatePool2(POOL_FLAG_NON_PAGED, size, tag);
#else
	/* Headers without ExAllocatePool2 (mingw-w64's). */
	p = ExAllocatePoolWithTag(NonPagedPoolNx, size, tag);
	if (p != NULL)
		RtlZeroMemory(p, size);
#endif
	return p;
}

void ndkt_free(void *p, uint32_t tag)
{
	if (p != NULL)
		ExFreePoolWithTag(p, tag);
}

/* ---- Spin lock ---- */

struct ndkt_lock {
	KSPIN_LOCK sl;
};

int ndkt_lock_create(ndkt_lock **out)
{
	ndkt_lock *l = ndkt_alloc(sizeof *l, TAG_PLATFORM);
	if (l == NULL)
		return NDKT_E_NOMEM;
	KeInitializeSpinLock(&l->sl);
	*out = l;
	return NDKT_OK;
}

void ndkt_lock_destroy(ndkt_lock *l) { ndkt_free(l, TAG_PLATFORM); }

ndkt_irql_t ndkt_lock_acquire(ndkt_lock *l)
{
	KIRQL old;
	KeAcquireSpinLock(&l->sl, &old);
	return (ndkt_irql_t)old;
}

void ndkt_lock_release(ndkt_lock *l, ndkt_irql_t old) { KeReleaseSpinLock(&l->sl, (KIRQL)old); }

/* ---- Event ---- */

struct ndkt_event {
	KEVENT ev;
};

int ndkt_event_create(ndkt_event **out)
{
	ndkt_event *e = ndkt_alloc(sizeof *e, TAG_PLATFORM);
	if (e == NULL)
		return NDKT_E_NOMEM;
	KeInitializeEvent(&e->ev, SynchronizationEvent, FALSE);
	*out = e;
	return NDKT_OK;
}

void ndkt_event_destroy(ndkt_event *e) { ndkt_free(e, TAG_PLATFORM); }

void ndkt_event_set(ndkt_event *e) { KeSetEvent(&e->ev, IO_NO_INCREMENT, FALSE); }

int ndkt_event_wait(ndkt_event *e, int64_t timeout)
{
	LARGE_INTEGER t;
	NTSTATUS st;
	if (KeGetCurrentIrql() != PASSIVE_LEVEL)
		return NDKT_E_IRQL;
	if (timeout < 0 && timeout != NDKT_WAIT_FOREVER)
		return NDKT_E_INVAL;
	t.QuadPart = -timeout; /* negative: relative, in 100-ns units */
	st = KeWaitForSingleObject(&e->ev, Executive, KernelMode, FALSE, timeout >= 0 ? &t : NULL);
	return st == STATUS_SUCCESS ? NDKT_OK : NDKT_E_TIMEOUT;
}

/* ---- Work queues: one IO_WORKITEM per queue, queued when the queue goes
 * from idle to busy; its routine runs the items one at a time, in order,
 * and marks the queue idle when it finds none left. ---- */

struct ndkt_workq {
	KSPIN_LOCK lock;
	ndkt_work *head, *tail;
	int scheduled; /* the IO_WORKITEM is queued or running */
	KEVENT idle;   /* synchronization event: set when scheduled goes to 0 */
	PIO_WORKITEM wi;
};

static IO_WORKITEM_ROUTINE workq_routine;

static VOID NTAPI workq_routine(PDEVICE_OBJECT dev, PVOID ctx)
{
	ndkt_workq *q = (ndkt_workq *)ctx;
	(void)dev;
	for (;;) {
		KIRQL old;
		ndkt_work *w;
		KeAcquireSpinLock(&q->lock, &old);
		w = q->head;
		if (w == NULL) {
			q->scheduled = 0;
			/* Set under the lock: destroy frees q only after taking the
			 * lock and finding scheduled 0, so q is not touched after
			 * this release. */
			KeSetEvent(&q->idle, IO_NO_INCREMENT, FALSE);
			KeReleaseSpinLock(&q->lock, old);
			return;
		}
		q->head = w->next;
		if (q->head == NULL)
			q->tail = NULL;
		KeReleaseSpinLock(&q->lock, old);
		w->fn(w->arg);
	}
}

int ndkt_workq_create(ndkt_workq **out)
{
	ndkt_workq *q;
	if (ndkt_device == NULL)
		return NDKT_E_INVAL;
	q = ndkt_alloc(sizeof *q, TAG_PLATFORM);
	if (q == NULL)
		return NDKT_E_NOMEM;
	q->wi = IoAllocateWorkItem(ndkt_device);
	if (q->wi == NULL) {
		ndkt_free(q, TAG_PLATFORM);
		return NDKT_E_NOMEM;
	}
	KeInitializeSpinLock(&q->lock);
	KeInitializeEvent(&q->idle, SynchronizationEvent, FALSE);
	*out = q;
	return NDKT_OK;
}

void ndkt_workq_destroy(ndkt_workq *q)
{
	if (q == NULL)
		return;
	for (;;) {
		KIRQL old;
		int busy;
		LARGE_INTEGER t;
		KeAcquireSpinLock(&q->lock, &old);
		busy = q->scheduled;
		KeReleaseSpinLock(&q->lock, old);
		if (!busy)
			break;
		t.QuadPart = -NDKT_MS(10); /* a bound in case a set raced a reschedule */
		KeWaitForSingleObject(&q->idle, Executive, KernelMode, FALSE, &t);
	}
	IoFreeWorkItem(q->wi);
	ndkt_free(q, TAG_PLATFORM);
}

void ndkt_workq_queue(ndkt_workq *q, ndkt_work *item, ndkt_work_fn fn, void *arg)
{
	KIRQL old;
	item->fn = fn;
	item->arg = arg;
	item->next = NULL;
	KeAcquireSpinLock(&q->lock, &old);
	if (q->tail != NULL)
		q->tail->next = item;
	else
		q->head = item;
	q->tail = item;
	if (!q->scheduled) {
		q->scheduled = 1;
		IoQueueWorkItem(q->wi, workq_routine, DelayedWorkQueue, q);
	}
	KeReleaseSpinLock(&q->lock, old);
}

/* ---- Atomics: Interlocked*64, full barriers. ---- */

void ndkt_atomic_init(ndkt_atomic64 *a, int64_t v) { a->v = v; }
int64_t ndkt_atomic_load(ndkt_atomic64 *a) { return InterlockedCompareExchange64(&a->v, 0, 0); }
void ndkt_atomic_store(ndkt_atomic64 *a, int64_t v) { InterlockedExchange64(&a->v, v); }
int64_t ndkt_atomic_add(ndkt_atomic64 *a, int64_t d) { return InterlockedExchangeAdd64(&a->v, d) + d; }

int ndkt_atomic_cas(ndkt_atomic64 *a, int64_t expect, int64_t desired)
{
	return InterlockedCompareExchange64(&a->v, desired, expect) == expect;
}
