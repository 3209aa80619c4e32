/*
 * ndkt platform layer: the only operating-system calls the portable core
 * (ndkt/core/) makes. Two implementations:
 *   ndkt/platform/posix.c       Linux (pthreads), with a simulated IRQL;
 *   ndkt/platform/win_kernel.c  the Windows kernel (built with -DNDKT_WINDOWS).
 * The core includes this header and the C11 freestanding headers only; it
 * compiles unchanged with the WDK's MSVC (/std:c11) and with mingw-w64.
 *
 * IRQL discipline (docs/agent-windows.md section 5), checked by the posix
 * layer at run time:
 *   - a spin lock may be acquired at IRQL <= DISPATCH_LEVEL and raises the
 *     IRQL to DISPATCH_LEVEL while held;
 *   - an event wait, and the creation or destruction of any platform
 *     object, happen at PASSIVE_LEVEL only;
 *   - allocation, free, event set and work queueing happen at IRQL <=
 *     DISPATCH_LEVEL;
 *   - atomics and ndkt_irql()/ndkt_now() work at any IRQL.
 *
 * Objects are opaque and created by the platform (in nonpaged memory on
 * Windows); creation may fail (NDKT_E_NOMEM) and happens at PASSIVE_LEVEL,
 * so nothing in a DISPATCH_LEVEL path allocates a platform object.
 */
#ifndef NDKT_PLATFORM_H
#define NDKT_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

#include "rc.h"

/* IRQL: the raw level (KIRQL on Windows). */
typedef unsigned char ndkt_irql_t;
#define NDKT_PASSIVE_LEVEL ((ndkt_irql_t)0)
#define NDKT_APC_LEVEL ((ndkt_irql_t)1)
#define NDKT_DISPATCH_LEVEL ((ndkt_irql_t)2)
#define NDKT_HIGH_LEVEL ((ndkt_irql_t)15)

/* The current IRQL: PASSIVE, APC, DISPATCH, or above (any IRQL). */
ndkt_irql_t ndkt_irql(void);

/* A monotonic clock in 100-ns units (KeQueryInterruptTime on Windows;
 * CLOCK_MONOTONIC on posix). Any IRQL. */
int64_t ndkt_now(void);

/* Durations in 100-ns units. */
#define NDKT_MS(n) ((int64_t)(n) * 10000)
#define NDKT_WAIT_FOREVER ((int64_t)-1)

/*
 * Bring-up, at PASSIVE_LEVEL, before any other call. os_context: on
 * Windows the DEVICE_OBJECT the work queues' IO_WORKITEMs belong to (it
 * must outlive every work queue); on posix unused (NULL). Shutdown after
 * every platform object is destroyed.
 */
int ndkt_platform_init(void *os_context);
void ndkt_platform_shutdown(void);

/* ---- Nonpaged memory. Zeroed. IRQL <= DISPATCH_LEVEL. ---- */
void *ndkt_alloc(size_t size, uint32_t tag);
/* p may be NULL. tag must be the one given at allocation. */
void ndkt_free(void *p, uint32_t tag);
/* A pool tag from four characters, as the WDK writes them ('tkdN'). */
#define NDKT_TAG(a, b, c, d) \
	((uint32_t)(unsigned char)(a) | ((uint32_t)(unsigned char)(b) << 8) | \
	 ((uint32_t)(unsigned char)(c) << 16) | ((uint32_t)(unsigned char)(d) << 24))

/* ---- Spin lock (KSPIN_LOCK). ---- */
typedef struct ndkt_lock ndkt_lock;
int ndkt_lock_create(ndkt_lock **out);
void ndkt_lock_destroy(ndkt_lock *l);
/* Acquire at IRQL <= DISPATCH_LEVEL; the IRQL is DISPATCH_LEVEL while held.
 * Returns the IRQL to give back to ndkt_lock_release. Not recursive. */
ndkt_irql_t ndkt_lock_acquire(ndkt_lock *l);
void ndkt_lock_release(ndkt_lock *l, ndkt_irql_t old);

/* ---- Event: a synchronization (auto-reset) event, KEVENT on Windows. A
 * set wakes one waiter, or the next wait if none waits; a wait that
 * returns NDKT_OK consumes the signal. ---- */
typedef struct ndkt_event ndkt_event;
int ndkt_event_create(ndkt_event **out);
void ndkt_event_destroy(ndkt_event *e);
/* IRQL <= DISPATCH_LEVEL. */
void ndkt_event_set(ndkt_event *e);
/* PASSIVE_LEVEL only. timeout: 100-ns units, >= 0, or NDKT_WAIT_FOREVER.
 * Returns NDKT_OK (signalled) or NDKT_E_TIMEOUT. A wait above PASSIVE_LEVEL
 * is a bug: posix reports it (ndkt/platform/sim.h) and returns NDKT_E_IRQL
 * without waiting if it does not abort. */
int ndkt_event_wait(ndkt_event *e, int64_t timeout);

/* ---- Work queue: functions run later on a system thread at
 * PASSIVE_LEVEL, one at a time and in the order queued, per queue (two
 * queues run independently). The item is the caller's storage (no
 * allocation when queueing, so queueing never fails): it must stay valid
 * and must not be queued again until its function has started. ---- */
typedef void (*ndkt_work_fn)(void *arg);
typedef struct ndkt_work {
	struct ndkt_work *next; /* the platform's */
	ndkt_work_fn fn;
	void *arg;
} ndkt_work;
typedef struct ndkt_workq ndkt_workq;
int ndkt_workq_create(ndkt_workq **out);
/* PASSIVE_LEVEL; waits until every queued item has run. Nothing may be
 * queued once destroy has begun. */
void ndkt_workq_destroy(ndkt_workq *q);
/* IRQL <= DISPATCH_LEVEL. */
void ndkt_workq_queue(ndkt_workq *q, ndkt_work *item, ndkt_work_fn fn, void *arg);

/*
 * ---- Atomics. Functions of the platform, not <stdatomic.h>: the WDK's
 * MSVC has C11 atomics only behind /experimental:c11atomics (VS 2022
 * 17.5+) and not for kernel-mode code, so Windows implements these with
 * the Interlocked*64 intrinsics (full barriers) and posix with C11
 * <stdatomic.h> (sequentially consistent). Any IRQL. A Windows build
 * (NDKT_WINDOWS, or any _WIN32 compiler) takes the Interlocked layout.
 * The value lives in a struct so that plain reads and writes of it do not
 * compile. ----
 */
#if defined(NDKT_WINDOWS) || defined(_WIN32)
typedef struct ndkt_atomic64 {
	volatile long long v; /* LONG64; 8-byte aligned as Interlocked*64 needs */
} ndkt_atomic64;
#else
#include <stdatomic.h>
typedef struct ndkt_atomic64 {
	_Atomic long long v;
} ndkt_atomic64;
#endif
/* Initialize before any other use (not atomic: before the value is shared). */
void ndkt_atomic_init(ndkt_atomic64 *a, int64_t v);
int64_t ndkt_atomic_load(ndkt_atomic64 *a);
void ndkt_atomic_store(ndkt_atomic64 *a, int64_t v);
/* Returns the new value. */
int64_t ndkt_atomic_add(ndkt_atomic64 *a, int64_t d);
/* If *a == expect, sets it to desired and returns 1; else returns 0. */
int ndkt_atomic_cas(ndkt_atomic64 *a, int64_t expect, int64_t desired);

#endif
