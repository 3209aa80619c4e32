/*
 * A session's fault: the first reason it broke (a full event ring, a
 * callback not acked by its deadline, ...). Sticky: the first set wins and
 * later sets are ignored; the session's next call reports it as a protocol
 * error naming the code. Lock-free (platform atomics), so it can be set at
 * any IRQL, from a DISPATCH_LEVEL callback and under a spin lock.
 */
#ifndef NDKT_FAULT_H
#define NDKT_FAULT_H

#include "platform.h"

typedef struct ndkt_fault {
	ndkt_atomic64 code;   /* 0: not broken */
	ndkt_atomic64 detail; /* the code's detail (a length, a callback id) */
	ndkt_atomic64 ready;  /* 1 once detail is written */
} ndkt_fault;

void ndkt_fault_init(ndkt_fault *f);
/* Records code (an NDKT_E_*, not 0) and detail if no fault is recorded yet.
 * Returns 1 if this call recorded it, 0 if an earlier fault stands. */
int ndkt_fault_set(ndkt_fault *f, int code, uint64_t detail);
/* The recorded code (0 if none); its detail in *detail if not NULL (0 if
 * the setter has not written it yet: a window of two instructions). */
int ndkt_fault_get(ndkt_fault *f, uint64_t *detail);

#endif
