/*
 * Agent memory (docs/agent-windows.md section 6): buffers, WriteMemory and
 * ReadMemory, the regions MRs are registered over and LAMs built over
 * (MDL chains whose MmGetMdlVirtualAddress is the harness's va, an index),
 * and what closes them at cleanup. See ops.c.
 *
 * A buffer is nonpaged, zeroed and page-aligned (provider.h). The session
 * is charged its length plus a page, and a LAM's page array, against
 * limits.max_bytes (as the Go agent charges its --max-session-memory);
 * beyond, OUT_OF_RANGE. A region pins its buffers: FreeBuffer is BUSY
 * until the MR is deregistered (its completion), closed, or the LAM
 * released. A memory call copying a buffer makes it BUSY too meanwhile.
 */
#include <string.h>

#include "ops.h"

#define NEED NDKT_NEED
#define ADAPTER_D(obj) (((NDK_ADAPTER *)(obj)->ndk)->Dispatch)
#define MR_D(obj) (((NDK_MR *)(obj)->ndk)->Dispatch)

/* The bytes of a LAM before its page array. */
#define LAM_HEAD (offsetof(NDK_LOGICAL_ADDRESS_MAPPING, AdapterPageArray))

static void reply_status(ndkt_op *o, NTSTATUS st)
{
	ndkt_op_reply(o, st, NULL, 0, NULL, 0);
}

static int inside(uint64_t off, uint64_t n, uint64_t size)
{
	return off <= size && n <= size - off;
}

/* ---- regions ---- */

void ndkt_region_release(ndkt_region *r)
{
	MDL *m = r->chain;
	while (m != NULL) {
		MDL *next = m->Next;
		ndkt_mdl_free(m);
		m = next;
	}
	ndkt_free(r->pieces, NDKT_TAG_OPS);
	memset(r, 0, sizeof *r);
}

void ndkt_region_drop(ndkt_session *s, ndkt_region *r)
{
	uint32_t i;
	ndkt_irql_t old = ndkt_lock_acquire(s->lock);
	for (i = 0; i < r->n; i++)
		if (r->pieces[i].buf->pins > 0)
			r->pieces[i].buf->pins--;
	ndkt_lock_release(s->lock, old);
	ndkt_region_release(r);
}

void ndkt_region_limbo(ndkt_session *s, ndkt_region *r)
{
	ndkt_irql_t old = ndkt_lock_acquire(s->lock);
	if (s->n_limbo < s->cap_limbo) {
		s->limbo[s->n_limbo++] = *r;
		ndkt_lock_release(s->lock, old);
		return;
	}
	ndkt_lock_release(s->lock, old);
	/* No room to keep it: leak it (a provider bug brought it here: a
	 * registration over an MR that had one, and it succeeded). */
	ndkt_fault_set(&s->fault, NDKT_E_LEAKED, 0);
}

/* A region over n MDLs of the contract (buffer, offset, length, va), in
 * order: each buffer range checked and pinned, the MDL chain built. 0 or a
 * protocol error code (nothing pinned or allocated then). */
static uint32_t region_build(ndkt_session *s, const struct ndkt_mdl *mdls, uint32_t n, ndkt_region *out)
{
	ndkt_piece *pieces = NULL;
	MDL *head = NULL, *tail = NULL;
	uint32_t i, k = 0, code = 0;
	uint64_t total = 0;
	ndkt_irql_t old;
	memset(out, 0, sizeof *out);
	if (n > 0 && (pieces = ndkt_alloc((size_t)n * sizeof *pieces, NDKT_TAG_OPS)) == NULL)
		return NDKT_PROTOCOL_ERROR_INTERNAL;
	for (i = 0; i < n && code == 0; i++) {
		struct ndkt_mdl m;
		ndkt_obj *buf = NULL;
		MDL *mdl;
		int rc;
		memcpy(&m, &mdls[i], sizeof m);
		if (m.buffer != 0 || m.length != 0) {
			code = ndkt_lookup(s, m.buffer, NDKT_KIND_BUFFER, &buf);
			if (code == 0 && m.buffer == 0)
				code = NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT;
			if (code == 0 && !inside(m.offset, m.length, buf->mem.length))
				code = NDKT_PROTOCOL_ERROR_OUT_OF_RANGE;
			if (code != 0)
				break;
		}
		rc = ndkt_mdl_build(buf != NULL ? &buf->mem : NULL, m.offset, m.length, m.va, &mdl);
		if (rc != NDKT_OK) {
			code = rc == NDKT_E_NOMEM ? NDKT_PROTOCOL_ERROR_INTERNAL : NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT;
			break;
		}
		if (tail != NULL)
			tail->Next = mdl;
		else
			head = mdl;
		tail = mdl;
		total += m.length;
		if (buf != NULL) {
			pieces[k].buf = buf;
			pieces[k].off = m.offset;
			pieces[k].n = m.length;
			k++;
		}
	}
	if (code == 0) {
		/* Pin them, unless one was freed meanwhile. */
		old = ndkt_lock_acquire(s->lock);
		for (i = 0; i < k; i++)
			if (pieces[i].buf->state != NDKT_OBJ_OPEN)
				code = NDKT_PROTOCOL_ERROR_OBJECT_CLOSED;
		for (i = 0; i < k && code == 0; i++)
			pieces[i].buf->pins++;
		ndkt_lock_release(s->lock, old);
	}
	if (code != 0) {
		while (head != NULL) {
			MDL *next = head->Next;
			ndkt_mdl_free(head);
			head = next;
		}
		ndkt_free(pieces, NDKT_TAG_OPS);
		return code;
	}
	out->pieces = pieces;
	out->n = k;
	out->chain = head;
	out->length = total;
	return 0;
}

/* ---- request completions' settling ---- */

void ndkt_settle(ndkt_cbctx *c, NTSTATUS status)
{
	ndkt_session *s = c->s;
	ndkt_obj *mr = c->obj;
	ndkt_region r;
	ndkt_irql_t old;
	int took = 0;
	if (c->settle == NDKT_SETTLE_NONE || c->settle == NDKT_SETTLE_LAM || mr == NULL)
		return;
	if (!ndkt_atomic_cas(&c->settled, 0, 1))
		return; /* a return and a completion, or a second completion */
	memset(&r, 0, sizeof r);
	if (c->settle == NDKT_SETTLE_REGISTER) {
		if (status == STATUS_SUCCESS) {
			/* Registered: the region is the MR's, or (the MR had one: a
			 * provider that registers twice) kept until the session ends. */
			if (!c->pending_mine)
				ndkt_region_limbo(s, &c->pending);
			return;
		}
		if (!c->pending_mine) {
			ndkt_region_drop(s, &c->pending);
			return;
		}
		old = ndkt_lock_acquire(s->lock);
		if (mr->has_region && mr->region.chain == c->pending.chain) {
			r = mr->region;
			mr->has_region = 0;
			memset(&mr->region, 0, sizeof mr->region);
			took = 1;
		}
		ndkt_lock_release(s->lock, old);
	} else if (c->settle == NDKT_SETTLE_DEREGISTER && status == STATUS_SUCCESS) {
		old = ndkt_lock_acquire(s->lock);
		if (mr->has_region) {
			r = mr->region;
			mr->has_region = 0;
			memset(&mr->region, 0, sizeof mr->region);
			took = 1;
		}
		ndkt_lock_release(s->lock, old);
	}
	if (took)
		ndkt_region_drop(s, &r);
}

/* ---- registrations ---- */

static void register_with(ndkt_op *o, ndkt_obj *mr, const struct ndkt_mdl *mdls, uint32_t n, SIZE_T length,
	ULONG flags, const struct ndkt_cbref *done)
{
	ndkt_session *s = o->s;
	const NDK_MR_DISPATCH *d = MR_D(mr);
	ndkt_region reg;
	ndkt_cbctx *c;
	ndkt_irql_t old;
	uint32_t code;
	NTSTATUS st;
	int mine = 0;
	NEED(d, NdkRegisterMr);
	if ((c = ndkt_request_ctx(o, done)) == NULL)
		return;
	code = region_build(s, mdls, n, &reg);
	if (code != 0) {
		ndkt_op_refuse(o, code);
		return;
	}
	c->settle = NDKT_SETTLE_REGISTER;
	c->obj = mr;
	old = ndkt_lock_acquire(s->lock);
	if (!mr->has_region) {
		mr->region = reg;
		mr->has_region = 1;
		mine = 1;
	}
	ndkt_lock_release(s->lock, old);
	c->pending = reg;
	c->pending_mine = mine;
	st = d->NdkRegisterMr(mr->ndk, reg.chain, length, flags, ndkt_cb_request, c);
	if (st != STATUS_PENDING)
		ndkt_settle(c, st);
	reply_status(o, st);
}

/* RegisterMr (70): one MDL over [offset, offset+length) of the buffer,
 * whose MmGetMdlVirtualAddress is va. */
void ndkt_op_register_mr(ndkt_op *o)
{
	const struct ndkt_register_mr_req *r = o->req;
	ndkt_obj *mr = ndkt_op_get(o, r->mr, NDKT_KIND_MR);
	struct ndkt_mdl m;
	if (mr == NULL)
		return;
	memset(&m, 0, sizeof m);
	m.buffer = r->buffer;
	m.offset = r->offset;
	m.length = r->length;
	m.va = r->va;
	register_with(o, mr, &m, 1, (SIZE_T)r->length, r->flags, &r->done);
}

/* RegisterMrChain (76): the request's MDLs, linked through Next in order,
 * passed as they are (a gap or an overlap is the provider's to refuse,
 * MR-3). Length: the sum of the lengths. */
void ndkt_op_register_mr_chain(ndkt_op *o)
{
	const struct ndkt_register_mr_chain_req *r = o->req;
	const struct ndkt_part_view *p = &o->v->parts[0];
	ndkt_obj *mr = ndkt_op_get(o, r->mr, NDKT_KIND_MR);
	uint64_t total = 0;
	uint32_t i;
	if (mr == NULL)
		return;
	for (i = 0; i < p->count; i++) {
		struct ndkt_mdl m;
		memcpy(&m, (const uint8_t *)p->data + (size_t)i * sizeof m, sizeof m);
		total += m.length;
	}
	register_with(o, mr, p->data, p->count, (SIZE_T)total, r->flags, &r->done);
}

void ndkt_op_deregister_mr(ndkt_op *o)
{
	const struct ndkt_deregister_mr_req *r = o->req;
	ndkt_obj *mr = ndkt_op_get(o, r->mr, NDKT_KIND_MR);
	const NDK_MR_DISPATCH *d;
	ndkt_cbctx *c;
	NTSTATUS st;
	if (mr == NULL)
		return;
	d = MR_D(mr);
	NEED(d, NdkDeregisterMr);
	if ((c = ndkt_request_ctx(o, &r->done)) == NULL)
		return;
	c->settle = NDKT_SETTLE_DEREGISTER;
	c->obj = mr;
	st = d->NdkDeregisterMr(mr->ndk, ndkt_cb_request, c);
	if (st != STATUS_PENDING)
		ndkt_settle(c, st);
	reply_status(o, st);
}

/* ---- LAMs ---- */

void ndkt_lam_free(ndkt_obj *lam)
{
	ndkt_session *s = lam->s;
	void *mem;
	ndkt_irql_t old = ndkt_lock_acquire(s->lock);
	mem = lam->ndk;
	lam->ndk = NULL;
	if (mem != NULL)
		s->held -= lam->lam_bytes;
	ndkt_lock_release(s->lock, old);
	ndkt_free(mem, NDKT_TAG_OPS);
}

void ndkt_lam_output(ndkt_obj *lam, NTSTATUS status, struct ndkt_lam_output *out, const void **pages)
{
	NDK_LOGICAL_ADDRESS_MAPPING *m = lam->ndk;
	uint32_t count;
	memset(out, 0, sizeof *out);
	*pages = NULL;
	if (m == NULL)
		return;
	if (status == STATUS_BUFFER_TOO_SMALL)
		count = lam->lam_size > LAM_HEAD ? (uint32_t)((lam->lam_size - LAM_HEAD) / 8u) : 0;
	else
		count = m->AdapterPageCount;
	out->page_count = count;
	out->n_pages = count < lam->lam_capacity ? count : lam->lam_capacity;
	out->fbo = lam->lam_fbo;
	if (out->n_pages > 0)
		*pages = m->AdapterPageArray;
}

/* BuildLam (27) and BuildLamChain (29): the LAM gets its handle first (the
 * reply always names it); its page array, size and FBO live in the
 * session until ReleaseLam (a pending call writes them later, MR-22). */
static void build_lam(ndkt_op *o, uint64_t adapter_id, const struct ndkt_mdl *mdls, uint32_t n, uint32_t capacity,
	const struct ndkt_cbref *done)
{
	ndkt_session *s = o->s;
	ndkt_obj *a = ndkt_op_get(o, adapter_id, NDKT_KIND_ADAPTER), *lam;
	const NDK_ADAPTER_DISPATCH *d;
	struct ndkt_build_lam_reply rep; /* BuildLamChain's has the same layout */
	struct ndkt_part_src part;
	NDK_LOGICAL_ADDRESS_MAPPING *m;
	ndkt_region reg;
	ndkt_cbctx *c;
	ndkt_irql_t old;
	uint64_t total = 0;
	size_t bytes;
	uint32_t code, i;
	NTSTATUS st;
	if (a == NULL)
		return;
	d = ADAPTER_D(a);
	NEED(d, NdkBuildLAM);
	if (s->lim.max_record < sizeof(struct ndkt_ev_request_completion) ||
	    capacity > (s->lim.max_record - sizeof(struct ndkt_ev_request_completion)) / 8u) {
		/* Its completion's record could not carry its pages. */
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
		return;
	}
	bytes = LAM_HEAD + (size_t)capacity * 8u;
	if (bytes < sizeof *m)
		bytes = sizeof *m;
	old = ndkt_lock_acquire(s->lock);
	if (bytes > s->lim.max_bytes || s->held > s->lim.max_bytes - bytes) {
		ndkt_lock_release(s->lock, old);
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
		return;
	}
	s->held += bytes;
	ndkt_lock_release(s->lock, old);
	m = ndkt_alloc(bytes, NDKT_TAG_OPS);
	c = ndkt_request_ctx(o, done);
	lam = m != NULL && c != NULL ? ndkt_obj_new(s, NDKT_KIND_LAM, a, m) : NULL;
	if (lam == NULL) {
		ndkt_free(m, NDKT_TAG_OPS);
		old = ndkt_lock_acquire(s->lock);
		s->held -= bytes;
		ndkt_lock_release(s->lock, old);
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return;
	}
	lam->lam_bytes = bytes;
	lam->lam_capacity = capacity;
	lam->lam_size = (ULONG)(LAM_HEAD + (size_t)capacity * 8u);
	code = region_build(s, mdls, n, &reg);
	if (code == 0 && ndkt_obj_register(lam) != NDKT_OK) {
		ndkt_region_drop(s, &reg);
		code = NDKT_PROTOCOL_ERROR_INTERNAL;
	}
	if (code != 0) {
		ndkt_lam_free(lam);
		old = ndkt_lock_acquire(s->lock);
		lam->state = NDKT_OBJ_CLOSED;
		ndkt_lock_release(s->lock, old);
		ndkt_op_refuse(o, code);
		return;
	}
	lam->region = reg;
	lam->has_region = 1;
	for (i = 0; i < reg.n; i++)
		total += reg.pieces[i].n;
	c->settle = NDKT_SETTLE_LAM;
	c->obj = lam;
	st = d->NdkBuildLAM(a->ndk, reg.chain, (SIZE_T)total, ndkt_cb_request, c, m, &lam->lam_size, &lam->lam_fbo);
	memset(&rep, 0, sizeof rep);
	ndkt_objref_of(lam, &rep.lam);
	part.data = NULL;
	part.bytes = 0;
	if (st != STATUS_PENDING) {
		ndkt_lam_output(lam, st, &rep.output, &part.data);
		part.bytes = (size_t)rep.output.n_pages * 8u;
	}
	ndkt_op_reply(o, st, &rep, sizeof rep, &part, 1);
}

void ndkt_op_build_lam(ndkt_op *o)
{
	const struct ndkt_build_lam_req *r = o->req;
	struct ndkt_mdl m;
	ndkt_obj *buf = NULL;
	memset(&m, 0, sizeof m);
	m.buffer = r->buffer;
	m.offset = r->offset;
	m.length = r->length;
	/* No va in the request: the range's system address (a LAM maps real
	 * pages; MR-4's index is an MR's). */
	if (r->buffer != 0 && ndkt_lookup(o->s, r->buffer, NDKT_KIND_BUFFER, &buf) == 0 && buf->mem.va != NULL &&
	    inside(r->offset, r->length, buf->mem.length))
		m.va = (uint64_t)(uintptr_t)buf->mem.va + r->offset;
	build_lam(o, r->adapter, &m, 1, r->page_capacity, &r->done);
}

void ndkt_op_build_lam_chain(ndkt_op *o)
{
	const struct ndkt_build_lam_chain_req *r = o->req;
	const struct ndkt_part_view *p = &o->v->parts[0];
	build_lam(o, r->adapter, p->data, p->count, r->page_capacity, &r->done);
}

void ndkt_op_release_lam(ndkt_op *o)
{
	const struct ndkt_release_lam_req *r = o->req;
	ndkt_session *s = o->s;
	ndkt_obj *a = ndkt_op_get(o, r->adapter, NDKT_KIND_ADAPTER), *lam;
	const NDK_ADAPTER_DISPATCH *d;
	ndkt_irql_t old;
	if (a == NULL || (lam = ndkt_op_get(o, r->lam, NDKT_KIND_LAM)) == NULL)
		return;
	if (lam->adapter != a) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT); /* built on another adapter */
		return;
	}
	d = ADAPTER_D(a);
	NEED(d, NdkReleaseLAM);
	old = ndkt_lock_acquire(s->lock);
	if (lam->state != NDKT_OBJ_OPEN) {
		ndkt_lock_release(s->lock, old);
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_OBJECT_CLOSED);
		return;
	}
	lam->state = NDKT_OBJ_CLOSING;
	ndkt_lock_release(s->lock, old);
	if (lam->ndk != NULL)
		d->NdkReleaseLAM(a->ndk, lam->ndk);
	ndkt_lam_free(lam);
	(void)ndkt_obj_closed(lam, 1);
	reply_status(o, STATUS_SUCCESS);
}

/* ---- buffers ---- */

void ndkt_op_allocate_buffer(ndkt_op *o)
{
	const struct ndkt_allocate_buffer_req *r = o->req;
	ndkt_session *s = o->s;
	struct ndkt_allocate_buffer_reply rep;
	ndkt_obj *buf;
	ndkt_irql_t old;
	uint64_t charge;
	if (r->length > s->lim.max_bytes || r->length > (uint64_t)-1 - PAGE_SIZE) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
		return;
	}
	charge = r->length + PAGE_SIZE; /* as the Go agent charges a BUFFER */
	old = ndkt_lock_acquire(s->lock);
	if (charge > s->lim.max_bytes || s->held > s->lim.max_bytes - charge) {
		ndkt_lock_release(s->lock, old);
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
		return;
	}
	s->held += charge;
	ndkt_lock_release(s->lock, old);
	buf = ndkt_obj_new(s, NDKT_KIND_BUFFER, NULL, NULL);
	if (buf == NULL || ndkt_buffer_alloc(r->length, &buf->mem) != NDKT_OK || ndkt_obj_register(buf) != NDKT_OK) {
		if (buf != NULL) {
			ndkt_buffer_free(&buf->mem);
			buf->state = NDKT_OBJ_CLOSED;
		}
		old = ndkt_lock_acquire(s->lock);
		s->held -= charge;
		ndkt_lock_release(s->lock, old);
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return;
	}
	buf->charged = charge;
	memset(&rep, 0, sizeof rep);
	ndkt_objref_of(buf, &rep.buffer);
	ndkt_op_reply(o, STATUS_SUCCESS, &rep, sizeof rep, NULL, 0);
}

/* A buffer's memory goes (it is closed, its charge returned). */
static void buffer_free(ndkt_obj *buf)
{
	ndkt_session *s = buf->s;
	ndkt_irql_t old = ndkt_lock_acquire(s->lock);
	s->held -= buf->charged;
	buf->charged = 0;
	buf->state = NDKT_OBJ_CLOSED;
	ndkt_lock_release(s->lock, old);
	ndkt_buffer_free(&buf->mem);
}

/* FreeBuffer (121): BUSY while an MR registered over it or a LAM built
 * over it has not let it go, or a memory call copies it. */
void ndkt_op_free_buffer(ndkt_op *o)
{
	const struct ndkt_free_buffer_req *r = o->req;
	ndkt_session *s = o->s;
	ndkt_obj *buf = ndkt_op_get(o, r->buffer, NDKT_KIND_BUFFER);
	ndkt_irql_t old;
	if (buf == NULL)
		return;
	old = ndkt_lock_acquire(s->lock);
	if (buf->state != NDKT_OBJ_OPEN) {
		ndkt_lock_release(s->lock, old);
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_OBJECT_CLOSED);
		return;
	}
	if (buf->pins > 0 || buf->users > 0) {
		ndkt_lock_release(s->lock, old);
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_BUSY);
		return;
	}
	buf->state = NDKT_OBJ_CLOSING;
	ndkt_lock_release(s->lock, old);
	(void)ndkt_handles_release(s->handles, buf->id, NULL);
	buffer_free(buf);
	reply_status(o, STATUS_SUCCESS);
}

/* ---- WriteMemory, ReadMemory ---- */

/* One range a memory call copies: bytes of a buffer in use. */
struct span {
	ndkt_obj *buf;
	uint8_t *p;
	size_t n;
};

uint32_t ndkt_memory_copy(ndkt_session *s, uint64_t region, uint64_t off, void *data, size_t n, int write)
{
	struct span one, *spans = &one;
	uint32_t code, k = 0, i;
	ndkt_obj *obj;
	ndkt_irql_t old;
	uint8_t *d = data;
	if (n > s->lim.max_memory_chunk)
		return NDKT_PROTOCOL_ERROR_OUT_OF_RANGE;
	if (region == 0)
		return NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT;
	code = ndkt_lookup(s, region, NDKT_ID_KIND(region) == NDKT_KIND_MR ? NDKT_KIND_MR : NDKT_KIND_BUFFER, &obj);
	if (code != 0)
		return code;
	old = ndkt_lock_acquire(s->lock);
	if (obj->kind == NDKT_KIND_BUFFER) {
		if (obj->state != NDKT_OBJ_OPEN)
			code = NDKT_PROTOCOL_ERROR_OBJECT_CLOSED;
		else if (!inside(off, n, obj->mem.length))
			code = NDKT_PROTOCOL_ERROR_OUT_OF_RANGE;
		else {
			one.buf = obj;
			one.p = (uint8_t *)obj->mem.va + off;
			one.n = n;
			obj->users++;
			k = 1;
		}
	} else if (!obj->has_region || !inside(off, n, obj->region.length)) {
		code = NDKT_PROTOCOL_ERROR_OUT_OF_RANGE; /* not registered over agent memory, or outside it */
	} else if (n > 0) {
		/* The pieces laid end to end; a range may cross from one into
		 * the next (a chain's). */
		const ndkt_region *r = &obj->region;
		spans = ndkt_alloc((size_t)r->n * sizeof *spans, NDKT_TAG_OPS);
		if (spans == NULL) {
			code = NDKT_PROTOCOL_ERROR_INTERNAL;
		} else {
			uint64_t o = off, left = n;
			for (i = 0; i < r->n && left > 0; i++) {
				const ndkt_piece *p = &r->pieces[i];
				uint64_t take;
				if (o >= p->n) {
					o -= p->n;
					continue;
				}
				take = p->n - o < left ? p->n - o : left;
				spans[k].buf = p->buf;
				spans[k].p = (uint8_t *)p->buf->mem.va + p->off + o;
				spans[k].n = (size_t)take;
				p->buf->users++;
				k++;
				o = 0;
				left -= take;
			}
		}
	}
	ndkt_lock_release(s->lock, old);
	if (code != 0) {
		if (spans != &one)
			ndkt_free(spans, NDKT_TAG_OPS);
		return code;
	}
	for (i = 0; i < k; i++) {
		if (write)
			memcpy(spans[i].p, d, spans[i].n);
		else
			memcpy(d, spans[i].p, spans[i].n);
		d += spans[i].n;
	}
	old = ndkt_lock_acquire(s->lock);
	for (i = 0; i < k; i++)
		spans[i].buf->users--;
	ndkt_lock_release(s->lock, old);
	if (spans != &one)
		ndkt_free(spans, NDKT_TAG_OPS);
	return 0;
}

/* WriteMemory (122) through NDKT_CALL: the data inline. */
void ndkt_op_write_memory(ndkt_op *o)
{
	const struct ndkt_write_memory_req *r = o->req;
	const struct ndkt_part_view *p = &o->v->parts[0];
	uint32_t code = ndkt_memory_copy(o->s, r->region, r->offset, (void *)(uintptr_t)p->data, p->count, 1);
	if (code != 0)
		ndkt_op_refuse(o, code);
	else
		reply_status(o, STATUS_SUCCESS);
}

/* ReadMemory (123) through NDKT_CALL: the data inline in the reply,
 * copied straight into the output after the fixed reply. */
void ndkt_op_read_memory(ndkt_op *o)
{
	const struct ndkt_read_memory_req *r = o->req;
	struct ndkt_read_memory_reply rep;
	struct ndkt_part_src part;
	uint8_t *tmp;
	uint32_t code;
	tmp = ndkt_alloc(r->length ? r->length : 1, NDKT_TAG_OPS);
	if (tmp == NULL) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return;
	}
	code = ndkt_memory_copy(o->s, r->region, r->offset, tmp, r->length, 0);
	if (code != 0) {
		ndkt_free(tmp, NDKT_TAG_OPS);
		ndkt_op_refuse(o, code);
		return;
	}
	memset(&rep, 0, sizeof rep);
	rep.n_data = r->length;
	part.data = tmp;
	part.bytes = r->length;
	ndkt_op_reply(o, STATUS_SUCCESS, &rep, sizeof rep, &part, 1);
	ndkt_free(tmp, NDKT_TAG_OPS);
}

/* ---- cleanup ---- */

int ndkt_cleanup_close(void *ctx, uint64_t id, unsigned kind, void *ptr, ndkt_close_token *token)
{
	ndkt_session *s = ctx;
	ndkt_obj *obj = ptr;
	NDK_FN_CLOSE_OBJECT fn;
	ndkt_cbctx *c;
	ndkt_irql_t old;
	NTSTATUS st;
	(void)id;
	switch (kind) {
	case NDKT_KIND_BUFFER:
		/* Every MR and LAM is gone by now (cleanup.h's order). */
		buffer_free(obj);
		return NDKT_OK;
	case NDKT_KIND_LAM: {
		const NDK_ADAPTER_DISPATCH *d = ADAPTER_D(obj->adapter);
		if (obj->ndk != NULL && d != NULL && d->NdkReleaseLAM != NULL)
			d->NdkReleaseLAM(obj->adapter->ndk, obj->ndk);
		ndkt_lam_free(obj);
		(void)ndkt_obj_closed(obj, 0);
		return NDKT_OK;
	}
	case NDKT_KIND_ADAPTER:
		ndkt_provider_close_adapter(s->provider, obj->ndk);
		(void)ndkt_obj_closed(obj, 0);
		return NDKT_OK;
	default:
		break;
	}
	old = ndkt_lock_acquire(s->lock);
	if (obj->state == NDKT_OBJ_CLOSED) {
		ndkt_lock_release(s->lock, old);
		return NDKT_OK;
	}
	obj->cleanup_token = token;
	if (obj->state == NDKT_OBJ_CLOSING) {
		/* The harness's close is pending: its completion ends it. */
		ndkt_lock_release(s->lock, old);
		return NDKT_PENDING;
	}
	obj->state = NDKT_OBJ_CLOSING;
	ndkt_lock_release(s->lock, old);
	fn = ndkt_ndk_close_fn(obj);
	c = fn != NULL ? ndkt_cbctx_new(s, NDKT_CB_CLOSE, NULL, obj) : NULL;
	st = c != NULL ? fn(obj->ndk, ndkt_cb_close, c) : STATUS_NOT_SUPPORTED;
	if (st == STATUS_PENDING)
		return NDKT_PENDING;
	old = ndkt_lock_acquire(s->lock);
	obj->cleanup_token = NULL;
	if (st != STATUS_SUCCESS && obj->state == NDKT_OBJ_CLOSING)
		obj->state = NDKT_OBJ_OPEN;
	ndkt_lock_release(s->lock, old);
	if (st != STATUS_SUCCESS)
		return NDKT_E_INVAL; /* the close failed: it stays open */
	(void)ndkt_obj_closed(obj, 0);
	return NDKT_OK;
}
