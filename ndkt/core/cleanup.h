/*
 * The end of a session (docs/agent-windows.md section 7, steps 3 to 5):
 * close every object of the handle table, children before parents, and
 * wait a bounded time for each close that returned pending.
 *
 * The order, one kind at a time: connectors, listeners, shared endpoints;
 * QPs; MWs, MRs, SRQs (an MR's close waits for its MWs, an SRQ's for its
 * QPs, as the Go agent orders them); CQs; PDs; LAMs (released); adapters;
 * buffers (freed) last. Kinds the table holds that are none of these are
 * closed first (nothing known depends on them). Within a kind, objects go
 * in slot order.
 *
 * For each kind every object's close is started through the caller's close
 * function, then each close that returned NDKT_PENDING is waited for until
 * its own bound (from its start) passes. Its completion (NdkCloseCompletion
 * in the shell, any IRQL <= DISPATCH_LEVEL) calls ndkt_cleanup_close_done
 * with the token it was given.
 *
 * An object whose close fails, or is still pending at its bound, is
 * reported and stays open: the caller must leak its memory (the provider
 * may still write it by DMA). Once any object is left open, the adapters
 * are not closed (their close would wait for it) and no buffer is freed:
 * those entries say NDKT_E_LEAKED and the close function is not called for
 * them. Every object closed is released from the table; the ones left open
 * stay in it.
 */
#ifndef NDKT_CLEANUP_H
#define NDKT_CLEANUP_H

#include "handles.h"
#include "platform.h"

typedef struct ndkt_close_token ndkt_close_token;

/* Starts closing one object (releasing a LAM, freeing a buffer). Returns
 * NDKT_OK (done), NDKT_PENDING (ndkt_cleanup_close_done(token, status) will
 * follow), or a failure code (the object stays open). PASSIVE_LEVEL. */
typedef int (*ndkt_close_fn)(void *ctx, uint64_t id, unsigned kind, void *ptr, ndkt_close_token *token);

/* A pending close completed with status (NDKT_OK, or a failure: the object
 * stays open). IRQL <= DISPATCH_LEVEL. A second completion of one close is
 * counted (ndkt_cleanup_report.double_completions) and otherwise ignored;
 * a completion after the bound is recorded in the token, which lives as
 * long as the report. */
void ndkt_cleanup_close_done(ndkt_close_token *token, int status);

typedef struct ndkt_cleanup_entry {
	uint64_t id;
	unsigned kind;
	void *ptr;
	/* NDKT_OK: closed, its memory can go; NDKT_E_CLOSE_STUCK: pending past
	 * its bound; NDKT_E_LEAKED: not closed, something before it is open;
	 * other: the close's failure (returned or completed). */
	int rc;
	int pended;     /* the close returned NDKT_PENDING */
	int64_t waited; /* 100-ns units waited for its completion */
} ndkt_cleanup_entry;

typedef struct ndkt_cleanup_report {
	uint32_t n;           /* entries, in close order */
	uint32_t closed;      /* rc NDKT_OK */
	uint32_t stuck;       /* rc NDKT_E_CLOSE_STUCK */
	uint32_t failed;      /* rc another failure */
	uint32_t leaked;      /* rc NDKT_E_LEAKED */
	ndkt_cleanup_entry *e;
	struct cleanup_priv *priv;
} ndkt_cleanup_report;

/* The position of kind in the close order (0 first). */
int ndkt_cleanup_step(unsigned kind);

/* Closes every live object of t, as above; per_object: each pending
 * close's bound (100-ns units, >= 0). The report (in *out) lists every
 * object. NDKT_OK, NDKT_E_INVAL, NDKT_E_NOMEM (nothing closed). PASSIVE_LEVEL. */
int ndkt_cleanup_run(ndkt_handles *t, ndkt_close_fn close, void *ctx, int64_t per_object, ndkt_cleanup_report **out);

/* Second completions seen so far (a provider bug). */
uint32_t ndkt_cleanup_double_completions(ndkt_cleanup_report *r);

/* Frees the report, unless a close it waited for is still pending (its
 * completion would write into it): then NDKT_E_CLOSE_STUCK, and the report
 * is leaked on purpose, as the object is. */
int ndkt_cleanup_report_free(ndkt_cleanup_report *r);

#endif
