#include "cleanup.h"

#define TAG_CLEANUP NDKT_TAG('n', 'k', 'C', 'l')

struct ndkt_close_token {
	ndkt_cleanup_report *r;
	int done;
	int status;
	uint32_t completions;
	int skipped;     /* not closed: something before it is open */
	int64_t started; /* when its close started */
};

struct cleanup_priv {
	ndkt_lock *lock;
	ndkt_event *ev; /* set by every completion */
	ndkt_close_token *tokens;
	uint32_t doubles;
};

/* The close order; a kind not listed goes first (step 0). */
static const unsigned order[] = {
	0,
	NDKT_KIND_CONNECTOR, NDKT_KIND_LISTENER, NDKT_KIND_SHARED_ENDPOINT,
	NDKT_KIND_QP,
	NDKT_KIND_MW, NDKT_KIND_MR, NDKT_KIND_SRQ,
	NDKT_KIND_CQ,
	NDKT_KIND_PD,
	NDKT_KIND_LAM,
	NDKT_KIND_ADAPTER,
	NDKT_KIND_BUFFER,
};
#define NSTEPS ((int)(sizeof order / sizeof order[0]))

int ndkt_cleanup_step(unsigned kind)
{
	int i;
	for (i = 1; i < NSTEPS; i++)
		if (order[i] == kind)
			return i;
	return 0;
}

void ndkt_cleanup_close_done(ndkt_close_token *tok, int status)
{
	struct cleanup_priv *p = tok->r->priv;
	ndkt_irql_t old = ndkt_lock_acquire(p->lock);
	tok->completions++;
	if (tok->completions > 1) {
		p->doubles++;
	} else {
		tok->done = 1;
		tok->status = status;
	}
	/* Set under the lock: report_free takes it before freeing. */
	ndkt_event_set(p->ev);
	ndkt_lock_release(p->lock, old);
}

uint32_t ndkt_cleanup_double_completions(ndkt_cleanup_report *r)
{
	struct cleanup_priv *p = r->priv;
	ndkt_irql_t old = ndkt_lock_acquire(p->lock);
	uint32_t n = p->doubles;
	ndkt_lock_release(p->lock, old);
	return n;
}

static void report_destroy(ndkt_cleanup_report *r)
{
	if (r->priv != NULL) {
		ndkt_lock_destroy(r->priv->lock);
		ndkt_event_destroy(r->priv->ev);
		ndkt_free(r->priv->tokens, TAG_CLEANUP);
		ndkt_free(r->priv, TAG_CLEANUP);
	}
	ndkt_free(r->e, TAG_CLEANUP);
	ndkt_free(r, TAG_CLEANUP);
}

int ndkt_cleanup_report_free(ndkt_cleanup_report *r)
{
	struct cleanup_priv *p;
	ndkt_irql_t old;
	uint32_t i;
	int open = 0;
	if (r == NULL)
		return NDKT_OK;
	p = r->priv;
	old = ndkt_lock_acquire(p->lock);
	for (i = 0; i < r->n; i++)
		if (r->e[i].pended && !p->tokens[i].done)
			open = 1;
	ndkt_lock_release(p->lock, old);
	if (open)
		return NDKT_E_CLOSE_STUCK;
	report_destroy(r);
	return NDKT_OK;
}

/* Waits for entry i's pending close until started + bound. */
static void wait_close(ndkt_cleanup_report *r, uint32_t i, int64_t started, int64_t bound)
{
	struct cleanup_priv *p = r->priv;
	ndkt_close_token *tok = &p->tokens[i];
	ndkt_cleanup_entry *e = &r->e[i];
	int64_t t0 = ndkt_now();
	for (;;) {
		ndkt_irql_t old = ndkt_lock_acquire(p->lock);
		int done = tok->done, status = tok->status;
		int64_t left;
		ndkt_lock_release(p->lock, old);
		if (done) {
			e->rc = status;
			break;
		}
		left = started + bound - ndkt_now();
		if (left <= 0) {
			e->rc = NDKT_E_CLOSE_STUCK;
			break;
		}
		if (ndkt_event_wait(p->ev, left) == NDKT_E_IRQL) {
			e->rc = NDKT_E_IRQL;
			break;
		}
	}
	e->waited = ndkt_now() - t0;
}

int ndkt_cleanup_run(ndkt_handles *t, ndkt_close_fn close, void *ctx, int64_t per_object, ndkt_cleanup_report **out)
{
	ndkt_cleanup_report *r;
	uint32_t cap, n = 0, i, first;
	int step, unsafe = 0;
	if (t == NULL || close == NULL || per_object < 0 || out == NULL)
		return NDKT_E_INVAL;
	cap = ndkt_handles_count(t, 0);
	r = ndkt_alloc(sizeof *r, TAG_CLEANUP);
	if (r == NULL)
		return NDKT_E_NOMEM;
	r->e = ndkt_alloc((size_t)(cap ? cap : 1) * sizeof *r->e, TAG_CLEANUP);
	r->priv = ndkt_alloc(sizeof *r->priv, TAG_CLEANUP);
	if (r->e == NULL || r->priv == NULL ||
	    (r->priv->tokens = ndkt_alloc((size_t)(cap ? cap : 1) * sizeof *r->priv->tokens, TAG_CLEANUP)) == NULL ||
	    ndkt_lock_create(&r->priv->lock) != NDKT_OK || ndkt_event_create(&r->priv->ev) != NDKT_OK) {
		report_destroy(r);
		return NDKT_E_NOMEM;
	}

	/* The entries, in close order: step by step, slot order within. */
	for (step = 0; step < NSTEPS; step++) {
		uint32_t cursor = 0;
		uint64_t id;
		void *ptr;
		while (n < cap && ndkt_handles_next(t, 0, &cursor, &id, &ptr)) {
			if (ndkt_cleanup_step(NDKT_ID_KIND(id)) != step)
				continue;
			r->e[n].id = id;
			r->e[n].kind = NDKT_ID_KIND(id);
			r->e[n].ptr = ptr;
			r->priv->tokens[n].r = r;
			n++;
		}
	}
	r->n = n;

	/* Close step by step: start every close of the step, then wait for
	 * the pending ones, each until its own bound. */
	for (i = 0; i < n; i = first) {
		ndkt_close_token *tok = r->priv->tokens;
		uint32_t k;
		step = ndkt_cleanup_step(r->e[i].kind);
		for (first = i; first < n && ndkt_cleanup_step(r->e[first].kind) == step; first++) {
			ndkt_cleanup_entry *e = &r->e[first];
			if (unsafe && (e->kind == NDKT_KIND_ADAPTER || e->kind == NDKT_KIND_BUFFER)) {
				tok[first].skipped = 1;
				e->rc = NDKT_E_LEAKED;
				continue;
			}
			tok[first].started = ndkt_now();
			e->rc = close(ctx, e->id, e->kind, e->ptr, &tok[first]);
			e->pended = e->rc == NDKT_PENDING;
		}
		for (k = i; k < first; k++)
			if (r->e[k].pended)
				wait_close(r, k, tok[k].started, per_object);
		for (k = i; k < first; k++) {
			ndkt_cleanup_entry *e = &r->e[k];
			if (tok[k].skipped) {
				r->leaked++;
			} else if (e->rc == NDKT_OK) {
				r->closed++;
				(void)ndkt_handles_release(t, e->id, NULL);
			} else {
				if (e->pended && e->rc == NDKT_E_CLOSE_STUCK)
					r->stuck++;
				else
					r->failed++;
				unsafe = 1;
			}
		}
	}
	*out = r;
	return NDKT_OK;
}
