/*
 * A session's event ring (docs/agent-windows.md section 4): a bounded FIFO
 * of variable-length records (the encoded event records) in one nonpaged
 * allocation, under a spin lock.
 *
 * Push works at any IRQL <= DISPATCH_LEVEL (a provider's callback) and
 * never blocks. A push that does not fit never drops the record silently:
 * it breaks the session (the fault given at creation, NDKT_E_RING_OVERFLOW,
 * detail: the records the ring held), as does a record longer than the
 * ring's max (NDKT_E_RECORD_TOO_BIG, detail: its length). Once the session
 * is broken (by any fault) pushes are refused (NDKT_E_BROKEN) and the
 * records already in the ring can still be taken.
 *
 * A record is self-sized, as the IOCTL contract's event records are
 * (ndkt/CONTRACT.md, NDKT_GET_EVENTS): its first u32 is its length in
 * bytes, a multiple of 8 and at least 8 (an event record's size, padding
 * included). The ring stores records exactly as pushed, with no framing
 * of its own, and take hands them out the same way, so a take's batch is
 * the NDKT_GET_EVENTS output as it is: a sequence of whole records, each
 * 8-byte aligned from the batch's start. take copies as many whole records
 * as fit in the caller's buffer, oldest first, and never splits one.
 *
 * The waiter hook is called after every successful push, outside the lock,
 * at the pusher's IRQL (<= DISPATCH_LEVEL): the Windows shell completes a
 * pended NDKT_GET_EVENTS there (IoCsqRemoveNextIrp, take, IoCompleteRequest),
 * the Linux transport signals a condition.
 */
#ifndef NDKT_RING_H
#define NDKT_RING_H

#include "fault.h"
#include "platform.h"

/* The ring space a record of len bytes takes: len itself (records are
 * self-sized multiples of 8). */
#define NDKT_RING_SPACE(len) ((size_t)(len))
/* The smallest record: its u32 size and a u32 more. */
#define NDKT_RING_MIN_RECORD 8u
/* The largest max_record a ring accepts. */
#define NDKT_RING_MAX_RECORD (1u << 24)

typedef struct ndkt_ring ndkt_ring;
typedef void (*ndkt_ring_waiter_fn)(void *ctx);

/* capacity: bytes (rounded down to a multiple of 8), at least max_record;
 * max_record: NDKT_RING_MIN_RECORD..NDKT_RING_MAX_RECORD (rounded down to a
 * multiple of 8).
 * fault: the session's, set when the ring overflows. PASSIVE_LEVEL. */
int ndkt_ring_create(size_t capacity, size_t max_record, ndkt_fault *fault, ndkt_ring **out);
void ndkt_ring_destroy(ndkt_ring *r);
/* fn NULL: none. IRQL <= DISPATCH_LEVEL. */
void ndkt_ring_set_waiter(ndkt_ring *r, ndkt_ring_waiter_fn fn, void *ctx);

/* Appends a record of len bytes, whose first u32 (host order) must be len:
 * a multiple of 8, at least NDKT_RING_MIN_RECORD. NDKT_OK, or NDKT_E_INVAL
 * (rec NULL, or len not a record's: a caller's bug, nothing to drop, the
 * session is not broken), NDKT_E_RECORD_TOO_BIG (len > max_record),
 * NDKT_E_RING_OVERFLOW (both break the session), NDKT_E_BROKEN (already
 * broken). */
int ndkt_ring_push(ndkt_ring *r, const void *rec, size_t len);
/* Moves the oldest records that fit whole into buf (len bytes): their
 * number in *records, their bytes in *bytes. An empty ring: NDKT_OK, 0, 0.
 * A buffer too small for the oldest record: NDKT_E_BUFFER_SMALL, nothing
 * taken, *records 0 and *bytes the space that record needs. */
int ndkt_ring_take(ndkt_ring *r, void *buf, size_t len, size_t *records, size_t *bytes);

/* Records and bytes in the ring now. */
size_t ndkt_ring_count(ndkt_ring *r);
size_t ndkt_ring_used(ndkt_ring *r);

#endif
