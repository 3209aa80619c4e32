/*
 * What the posix platform layer (posix.c) adds for tests and for sim behind
 * NDKPI's C ABI: a simulated IRQL, the reporting of IRQL bugs, and
 * allocation accounting. Linux only; the core never includes this header.
 *
 * The simulated IRQL is a thread-local level, PASSIVE_LEVEL on every new
 * thread (the work queues' threads included). ndkt_irql() returns it; a
 * spin lock raises it to DISPATCH_LEVEL while held; sim raises it around a
 * consumer callback it makes "at DISPATCH_LEVEL", so that the core takes
 * the released-callback path (docs/agent-windows.md section 4).
 *
 * A bug the Windows kernel would bugcheck on (a wait above PASSIVE_LEVEL, a
 * spin lock acquired above DISPATCH_LEVEL or twice on one thread, a lock
 * released at the wrong level, an IRQL "raised" downwards, an allocation
 * above DISPATCH_LEVEL, a free with another tag, a work item that returns
 * with its IRQL raised) is reported:
 *   NDKT_SIM_BUG_ABORT (the default): the message on stderr, then abort();
 *   NDKT_SIM_BUG_COUNT: counted, the last message kept, and the call
 *     returns without doing the forbidden thing (a wait returns NDKT_E_IRQL,
 *     an allocation NULL). Unit tests use this mode to assert that a path
 *     reports the bug, and one death test (platform_test.c) checks that the
 *     default mode aborts with the message.
 */
#ifndef NDKT_SIM_H
#define NDKT_SIM_H

#include <stddef.h>

#include "../core/platform.h"

/* Sets this thread's simulated IRQL to level (>= the current one) and
 * returns the previous one, as KeRaiseIrql does. */
ndkt_irql_t ndkt_sim_raise_irql(ndkt_irql_t level);
/* Sets this thread's simulated IRQL back to level (<= the current one), as
 * KeLowerIrql does. */
void ndkt_sim_lower_irql(ndkt_irql_t level);

#define NDKT_SIM_BUG_ABORT 0
#define NDKT_SIM_BUG_COUNT 1
void ndkt_sim_bug_mode(int mode);
/* The number of bugs reported since the process started. */
long ndkt_sim_bug_count(void);
/* Copies the last bug's message (empty if none) into buf (n bytes). */
void ndkt_sim_last_bug(char *buf, size_t n);

/* Blocks allocated and not freed. */
long ndkt_sim_alloc_outstanding(void);
/* The next n allocations succeed and the ones after fail (NULL), until
 * called with n < 0 (the default: none fails). */
void ndkt_sim_fail_alloc_after(long n);

/* The number of work-queue threads ndkt_platform_init starts (default 4). */
void ndkt_sim_set_workers(int n);

#endif
