/*
 * ndkt core result codes. Every core and platform function that can fail
 * returns one of these (an int): NDKT_OK, NDKT_PENDING, or an NDKT_E_*
 * naming the reason. The Windows shell and the Linux transport map them to
 * NTSTATUS values and protocol errors (the IOCTL contract's business).
 */
#ifndef NDKT_RC_H
#define NDKT_RC_H

enum {
	NDKT_OK = 0,
	NDKT_PENDING = 1, /* a close completes later (STATUS_PENDING) */

	NDKT_E_INVAL = 10, /* an argument out of its range */
	NDKT_E_NOMEM,      /* an allocation failed */
	NDKT_E_TIMEOUT,    /* a wait's timeout passed */
	NDKT_E_IRQL,       /* called at an IRQL its contract forbids (posix: reported, count mode) */

	/* Handle ids (handles.h), each refused before anything is called. */
	NDKT_E_HANDLE_MALFORMED = 20, /* kind 0 or generation 0: no table issues it */
	NDKT_E_HANDLE_RANGE,          /* slot >= the table's capacity */
	NDKT_E_HANDLE_FOREIGN,        /* a generation (or kind) this table never issued in that slot */
	NDKT_E_HANDLE_STALE,          /* an older generation of the slot: released, the slot reused */
	NDKT_E_HANDLE_FREED,          /* the slot's last id, released and not reused */
	NDKT_E_HANDLE_KIND,           /* the id names another kind than the one asked for */
	NDKT_E_TABLE_FULL,            /* every slot in use (the capacity set at creation) */

	/* The event ring (ring.h). */
	NDKT_E_RING_OVERFLOW = 30, /* a push found the ring full: the session is broken */
	NDKT_E_RECORD_TOO_BIG,     /* a push longer than the ring's max record: the session is broken */
	NDKT_E_BROKEN,             /* the session is broken (fault.h): nothing more is pushed */
	NDKT_E_BUFFER_SMALL,       /* a take's buffer cannot hold the oldest record: nothing taken */

	/* Held callbacks (held.h). */
	NDKT_E_UNKNOWN_CALLBACK = 40, /* no outstanding callback has that id */
	NDKT_E_CALLBACK_TIMEOUT,      /* a held callback not acked by its deadline: the session is broken */
	NDKT_E_CALLBACKS_FULL,        /* every callback record in use: the session is broken */
	NDKT_E_PROVIDER_IRQL,         /* a callback above DISPATCH_LEVEL: a provider bug */
	NDKT_E_CLOSING,               /* release_all has run: no callback is held any more */

	/* Cleanup (cleanup.h). */
	NDKT_E_CLOSE_STUCK = 50, /* a pending close not completed within its bound: memory leaked */
	NDKT_E_LEAKED            /* not freed because a close never completed (a buffer) */
};

/* The code's name ("NDKT_E_HANDLE_STALE"), or "NDKT_E_?" if none. */
const char *ndkt_rc_name(int rc);

#endif
