/*
 * Held callbacks (docs/agent-windows.md section 4): what "held until acked"
 * means for a provider callback that comes at some IRQL.
 *
 * ndkt_callback_enter is called by the consumer's callback trampoline, on
 * the provider's thread, at the provider's IRQL. It takes a record (id,
 * the IRQL it came at, whether it is held), publishes the event through the
 * caller's publish function (which encodes it, id, IRQL and held included,
 * and pushes it to the ring), and then:
 *   - at PASSIVE_LEVEL: holds the thread. It waits on the record's event,
 *     with the session's deadline, and runs the within-callback calls
 *     queued to the record, in order, on this thread, until the ack (the
 *     calls queued before the ack all run first). State: OUTSTANDING, then
 *     ACKED. Past the deadline the session is broken
 *     (NDKT_E_CALLBACK_TIMEOUT, detail: the id) and the thread returns; the
 *     record stays RELEASED until its ack, and calls within it are refused.
 *   - above PASSIVE_LEVEL, up to DISPATCH_LEVEL: returns at once, the record
 *     RELEASED (not held). Calls queued within it run later, in order, on
 *     the record's work queue at PASSIVE_LEVEL. The callback stays
 *     outstanding, for the protocol, until its ack.
 *   - above DISPATCH_LEVEL: a provider bug. Nothing is taken or published
 *     (no spin lock can be acquired there); it is counted, with the IRQL,
 *     in atomics (ndkt_callbacks_high_irql) for the session to report, and
 *     enter returns NDKT_E_PROVIDER_IRQL at once.
 * A record is reused once acked, its waiter gone and its calls run.
 *
 * The capacity (records) is fixed at creation; each record's event and work
 * queue are made then, so enter allocates nothing at DISPATCH_LEVEL. A
 * callback that finds every record in use breaks the session
 * (NDKT_E_CALLBACKS_FULL): its event cannot be held or recorded.
 *
 * A within-callback call is the caller's storage (ndkt_call) and function:
 * fn(arg, NDKT_CALL_RUN) runs it; fn(arg, NDKT_CALL_DROP) answers it
 * without running it (release_all: the session ends). Either happens
 * exactly once per call queued with NDKT_OK; fn may free the ndkt_call.
 */
#ifndef NDKT_HELD_H
#define NDKT_HELD_H

#include "fault.h"
#include "platform.h"

enum { NDKT_CALL_RUN = 1, NDKT_CALL_DROP = 2 };
enum { NDKT_CB_FREE = 0, NDKT_CB_OUTSTANDING, NDKT_CB_RELEASED, NDKT_CB_ACKED };

typedef void (*ndkt_call_fn)(void *arg, int how);
typedef struct ndkt_call {
	ndkt_work work; /* the core's */
	struct ndkt_call *next;
	ndkt_call_fn fn;
	void *arg;
	void *rec;
} ndkt_call;

typedef struct ndkt_callback_info {
	uint64_t id;
	ndkt_irql_t irql; /* the IRQL the provider called at */
	int held;         /* 1: the provider's thread was held until the ack */
	int state;        /* NDKT_CB_* (ndkt_callback_get) */
} ndkt_callback_info;

/* Publishes a callback's event (with info's id, irql and held): NDKT_OK, or
 * why not (the ring's refusal). Called at the callback's IRQL, no lock held. */
typedef int (*ndkt_publish_fn)(void *ctx, const ndkt_callback_info *info);

typedef struct ndkt_callbacks ndkt_callbacks;

/* capacity: 1..NDKT_CALLBACKS_MAX records; timeout: the session's callback
 * deadline (100-ns units, > 0), from enter to ack. PASSIVE_LEVEL. */
#define NDKT_CALLBACKS_MAX (1u << 20)
int ndkt_callbacks_create(uint32_t capacity, int64_t timeout, ndkt_fault *fault, ndkt_callbacks **out);
/* PASSIVE_LEVEL, once no record is in use (ndkt_callbacks_quiesce);
 * otherwise NDKT_E_INVAL and nothing is freed. */
int ndkt_callbacks_destroy(ndkt_callbacks *t);

/* The provider's callback. info (may be NULL) gets the record's id, IRQL
 * and held. Returns NDKT_OK (acked, or released at once), or
 * NDKT_E_CALLBACK_TIMEOUT, NDKT_E_CLOSING (release_all: not published, or
 * let go as if acked), NDKT_E_CALLBACKS_FULL, NDKT_E_PROVIDER_IRQL, or
 * publish's refusal (the record is freed: nobody can ack it). */
int ndkt_callback_enter(ndkt_callbacks *t, ndkt_publish_fn publish, void *ctx, ndkt_callback_info *info);
/* The harness's consumer callback returned. NDKT_E_UNKNOWN_CALLBACK unless
 * id is outstanding (OUTSTANDING or RELEASED). IRQL <= DISPATCH_LEVEL. */
int ndkt_callback_ack(ndkt_callbacks *t, uint64_t id);
/* Queues a call made within callback id. NDKT_E_UNKNOWN_CALLBACK unless id
 * is outstanding; NDKT_E_CALLBACK_TIMEOUT if its hold ended at the
 * deadline; NDKT_E_CLOSING after release_all. IRQL <= DISPATCH_LEVEL. */
int ndkt_callback_queue_call(ndkt_callbacks *t, uint64_t id, ndkt_call *call, ndkt_call_fn fn, void *arg);
/* Cleanup: every outstanding callback as if acked, its queued calls
 * dropped, and every later enter refused. IRQL <= DISPATCH_LEVEL; does not
 * wait (ndkt_callbacks_quiesce does). */
void ndkt_callbacks_release_all(ndkt_callbacks *t);
/* Waits (PASSIVE_LEVEL) until no record is in use: NDKT_OK or
 * NDKT_E_TIMEOUT (a call still running in the provider). */
int ndkt_callbacks_quiesce(ndkt_callbacks *t, int64_t timeout);

/* Breaks the session (NDKT_E_CALLBACK_TIMEOUT) for each released callback
 * past its deadline and not acked (a held one's waiter does that itself).
 * Returns how many it found. IRQL <= DISPATCH_LEVEL (a timer's DPC). */
uint32_t ndkt_callbacks_check_deadlines(ndkt_callbacks *t);
/* A record's info: NDKT_OK, or NDKT_E_UNKNOWN_CALLBACK if id has none. */
int ndkt_callback_get(ndkt_callbacks *t, uint64_t id, ndkt_callback_info *info);
/* Callbacks seen above DISPATCH_LEVEL, and the IRQL of the last one. */
uint64_t ndkt_callbacks_high_irql(ndkt_callbacks *t, ndkt_irql_t *last);
/* Records in use. */
uint32_t ndkt_callbacks_in_use(ndkt_callbacks *t);

#endif
