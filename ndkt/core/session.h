/*
 * A session of the ndkt core: one per open handle of the device
 * (docs/agent-windows.md sections 3 to 7; ndkt/CONTRACT.md, the bytes;
 * ndkt/CORE.md, the choices). The Windows shell makes one at IRP_MJ_CREATE
 * and hands every IOCTL of the handle to it; the Linux transport
 * (ndkt/inproc) does the same in process.
 *
 * Every entry returns an NTSTATUS (as an int32_t: the value the IRP
 * completes with). What a control code answers:
 *   NDKT_HELLO         the first exchange on a handle: STATUS_SUCCESS and
 *                      ndkt_hello_out; a second HELLO, or any other code
 *                      before it, STATUS_INVALID_DEVICE_STATE (a CALL:
 *                      {0, BAD_SEQUENCE} in its reply header).
 *   NDKT_CALL          STATUS_SUCCESS with a reply header: the provider's
 *                      status and the reply, or {0, protocol error}
 *                      (nothing reached the provider). STATUS_BUFFER_TOO_SMALL
 *                      only when out cannot hold a reply header.
 *   NDKT_GET_EVENTS    STATUS_SUCCESS with whole event records (at least
 *                      one), STATUS_CANCELLED once the session closes,
 *                      the fault's status once the session is broken and
 *                      its ring empty, STATUS_BUFFER_TOO_SMALL when out
 *                      cannot hold the oldest record.
 *   NDKT_ACK_CALLBACK  STATUS_SUCCESS, or ndkt_protocol_error_status of
 *                      UNKNOWN_CALLBACK.
 *   NDKT_WRITE_MEMORY  STATUS_SUCCESS, or the refusal's
 *   NDKT_READ_MEMORY   ndkt_protocol_error_status (out is the IRP's MDL's
 *                      bytes: the data read from, or written to).
 *
 * IRQL: PASSIVE_LEVEL for every entry but ndkt_session_set_event_hook's
 * hook, which runs at the pusher's IRQL (<= DISPATCH_LEVEL).
 */
#ifndef NDKT_SESSION_H
#define NDKT_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "platform.h"

typedef struct ndkt_session ndkt_session;

/* NTSTATUS values the session answers with (ntstatus.h's). */
#define NDKT_STATUS_SUCCESS ((int32_t)0x00000000)
#define NDKT_STATUS_PENDING ((int32_t)0x00000103)
#define NDKT_STATUS_INVALID_HANDLE ((int32_t)0xC0000008)
#define NDKT_STATUS_INVALID_PARAMETER ((int32_t)0xC000000D)
#define NDKT_STATUS_INVALID_DEVICE_REQUEST ((int32_t)0xC0000010)
#define NDKT_STATUS_ACCESS_DENIED ((int32_t)0xC0000022)
#define NDKT_STATUS_BUFFER_TOO_SMALL ((int32_t)0xC0000023)
#define NDKT_STATUS_OBJECT_TYPE_MISMATCH ((int32_t)0xC0000024)
#define NDKT_STATUS_DATA_OVERRUN ((int32_t)0xC000003C)
#define NDKT_STATUS_INSUFFICIENT_RESOURCES ((int32_t)0xC000009A)
#define NDKT_STATUS_IO_TIMEOUT ((int32_t)0xC00000B5)
#define NDKT_STATUS_NOT_SUPPORTED ((int32_t)0xC00000BB)
#define NDKT_STATUS_INTERNAL_ERROR ((int32_t)0xC00000E5)
#define NDKT_STATUS_CANCELLED ((int32_t)0xC0000120)
#define NDKT_STATUS_FILE_CLOSED ((int32_t)0xC0000128)
#define NDKT_STATUS_INVALID_DEVICE_STATE ((int32_t)0xC0000184)
#define NDKT_STATUS_INVALID_BUFFER_SIZE ((int32_t)0xC0000206)
#define NDKT_STATUS_NOT_FOUND ((int32_t)0xC0000225)
#define NDKT_STATUS_DEVICE_BUSY ((int32_t)0x80000011)

/* A session's bounds. ndkt_session_default_limits fills the defaults. */
typedef struct ndkt_session_limits {
	uint32_t handles;         /* handle table slots (objects, buffers, LAMs at once) */
	uint32_t callbacks;       /* callback records (outstanding callbacks at once) */
	uint32_t ring_bytes;      /* the event ring */
	uint32_t max_record;      /* the largest event record (a BuildLam's completion) */
	uint32_t max_sges;        /* SGEs in one work request */
	uint32_t max_memory_chunk; /* bytes in one WriteMemory or ReadMemory */
	uint32_t max_cq_results;  /* max_results of one GetCqResults */
	uint64_t max_bytes;       /* agent buffers and LAM page arrays held at once */
	int64_t callback_timeout; /* a callback's deadline, from the call to the ack (100-ns) */
	int64_t close_bound;      /* each pending close at cleanup (100-ns) */
} ndkt_session_limits;

void ndkt_session_default_limits(ndkt_session_limits *l);

/* A session over provider (the context ndkt_provider_open_adapter gets).
 * limits NULL: the defaults. NDKT_OK, NDKT_E_INVAL, NDKT_E_NOMEM. */
int ndkt_session_open(const ndkt_session_limits *limits, void *provider, ndkt_session **out);

/*
 * One IOCTL of code: in (in_len bytes) and out (out_len bytes); the bytes
 * written to out in *written. The Linux transport's entry: it blocks
 * where the Windows shell pends the IRP instead (a GET_EVENTS with no
 * record waits in ndkt_session_wait_events; a CALL within a callback
 * waits until that callback's thread has run it). Safe for concurrent
 * calls. in and out may be the same buffer (METHOD_BUFFERED): the input
 * is copied before anything is written.
 */
int32_t ndkt_session_ioctl(ndkt_session *s, uint32_t code, const void *in, size_t in_len, void *out, size_t out_len,
	size_t *written);

/*
 * The pieces the Windows shell uses instead of the blocking ones.
 *
 * ndkt_session_call: an NDKT_CALL. STATUS_PENDING when the call names a
 * callback (within_callback != 0) and was queued to it: done(done_ctx,
 * status, written) is called exactly once when it has run (or was dropped
 * because the session closed: STATUS_CANCELLED), on the callback's thread
 * or a work queue's, at PASSIVE_LEVEL; in and out must stay valid until
 * then (the input is copied at once, out is written before done). Any
 * other status: done is not called.
 */
typedef void (*ndkt_call_done_fn)(void *done_ctx, int32_t status, size_t written);
int32_t ndkt_session_call(ndkt_session *s, const void *in, size_t in_len, void *out, size_t out_len, size_t *written,
	ndkt_call_done_fn done, void *done_ctx);

/* ndkt_session_get_events: an NDKT_GET_EVENTS that never waits:
 * STATUS_PENDING when the ring is empty and the session open (pend the
 * IRP; the hook says when to try again). */
int32_t ndkt_session_get_events(ndkt_session *s, void *out, size_t out_len, size_t *written);
/* ndkt_session_wait_events: waits (PASSIVE_LEVEL) until a record may be
 * there or the session closes: the Linux transport's blocking. */
void ndkt_session_wait_events(ndkt_session *s);
/* The hook runs after every event record pushed and when the session
 * closes, at that IRQL (<= DISPATCH_LEVEL), no lock of the core held. */
typedef void (*ndkt_event_hook_fn)(void *ctx);
void ndkt_session_set_event_hook(ndkt_session *s, ndkt_event_hook_fn fn, void *ctx);
/* The deadlines of released callbacks (a held one's own thread ends its
 * hold): each released callback past its deadline and not acked breaks
 * the session (NDKT_E_CALLBACK_TIMEOUT: GET_EVENTS then answers
 * STATUS_IO_TIMEOUT once the ring is empty), and when one did the hook
 * runs, so that a pended GET_EVENTS learns it. Returns how many it found
 * (each once). ndkt_session_call checks at every call and the Linux
 * transport's GET_EVENTS every 250 ms; the Windows shell calls this from
 * a periodic timer's work, since a pended GET_EVENTS makes no call.
 * IRQL <= DISPATCH_LEVEL. */
uint32_t ndkt_session_check_deadlines(ndkt_session *s);

/*
 * IRP_MJ_CLEANUP (docs/agent-windows.md section 7): marks the session
 * closing (new IOCTLs fail with STATUS_INVALID_DEVICE_STATE), releases
 * every held callback as if acked (calls queued within them are
 * answered STATUS_CANCELLED), wakes every GET_EVENTS (STATUS_CANCELLED),
 * closes every object children first (ndkt/core/cleanup.h) with a bounded
 * wait per pending close, then waits (bounded) for the IOCTLs still in
 * the provider. Returns NDKT_OK, or NDKT_E_CLOSE_STUCK when some close
 * never completed or a call never returned: the session's memory must then
 * be leaked (ndkt_session_free does). PASSIVE_LEVEL, once.
 */
int ndkt_session_cleanup(ndkt_session *s);
/* IRP_MJ_CLOSE: frees the session, after ndkt_session_cleanup and once no
 * IOCTL is in it. NDKT_OK, or NDKT_E_CLOSE_STUCK: something may still
 * reference its memory (a close that never completed), so it is leaked on
 * purpose. */
int ndkt_session_free(ndkt_session *s);

/* The NTSTATUS a refusal with protocol error code answers on the codes
 * that have no reply header (ACK, the memory codes): UNKNOWN_HANDLE
 * STATUS_INVALID_HANDLE, FOREIGN_HANDLE STATUS_ACCESS_DENIED,
 * OBJECT_CLOSED STATUS_FILE_CLOSED, WRONG_HANDLE_KIND
 * STATUS_OBJECT_TYPE_MISMATCH, UNKNOWN_CALLBACK STATUS_NOT_FOUND,
 * NOT_SUPPORTED STATUS_NOT_SUPPORTED, OUT_OF_RANGE
 * STATUS_INVALID_BUFFER_SIZE, INVALID_ARGUMENT STATUS_INVALID_PARAMETER,
 * BAD_SEQUENCE STATUS_INVALID_DEVICE_STATE, BUSY STATUS_DEVICE_BUSY,
 * INTERNAL (and any other) STATUS_INTERNAL_ERROR. */
int32_t ndkt_protocol_error_status(uint32_t code);

/* Counters for tests and the shell's event log. */
typedef struct ndkt_session_stats {
	uint32_t objects;          /* live handles */
	uint64_t held_bytes;       /* buffers and LAM arrays held */
	uint64_t callbacks;        /* provider callbacks seen */
	uint64_t high_irql;        /* callbacks above DISPATCH_LEVEL */
	uint64_t second_completions; /* a completion of one request called again */
	uint32_t cleanup_closed;   /* by ndkt_session_cleanup */
	uint32_t cleanup_stuck;
	uint32_t cleanup_failed;
	uint32_t cleanup_leaked;
	int fault;                 /* the session's fault (NDKT_E_*), 0 if none */
} ndkt_session_stats;
void ndkt_session_get_stats(ndkt_session *s, ndkt_session_stats *out);

/* The kinds of objects in the order cleanup closed them, for tests: up to
 * n entries of the last cleanup (NDKT_KIND_* values); returns how many
 * objects it closed or tried to. */
uint32_t ndkt_session_cleanup_order(ndkt_session *s, unsigned *kinds, uint32_t n);

#endif
