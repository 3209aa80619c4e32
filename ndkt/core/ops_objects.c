/*
 * The calls on CQs, PDs, SRQs, QPs, MRs (but their registrations: see
 * ops_memory.c) and MWs. See ops.c.
 */
#include <string.h>

#include "ops.h"

#define NEED NDKT_NEED
#define CQ_D(obj) (((NDK_CQ *)(obj)->ndk)->Dispatch)
#define PD_D(obj) (((NDK_PD *)(obj)->ndk)->Dispatch)
#define SRQ_D(obj) (((NDK_SRQ *)(obj)->ndk)->Dispatch)
#define QP_D(obj) (((NDK_QP *)(obj)->ndk)->Dispatch)
#define MR_D(obj) (((NDK_MR *)(obj)->ndk)->Dispatch)
#define MW_D(obj) (((NDK_MW *)(obj)->ndk)->Dispatch)

/* The most pages one FastRegister takes. */
#define MAX_FR_PAGES (1u << 20)

/* A context value of the harness as the PVOID the provider hands back. */
#define CTX(v) ((PVOID)(uintptr_t)(v))

static void reply_status(ndkt_op *o, NTSTATUS st)
{
	ndkt_op_reply(o, st, NULL, 0, NULL, 0);
}

/* The request's SGE list as NDK_SGEs, copied into nonpaged memory for the
 * call (design note section 6). 0, or the call refused. */
static int sgl_of(ndkt_op *o, uint32_t part, NDK_SGE **out, ULONG *n)
{
	const struct ndkt_part_view *p = &o->v->parts[part];
	NDK_SGE *sgl;
	uint32_t i;
	*out = NULL;
	*n = p->count;
	if (p->count == 0)
		return 0;
	if (p->count > o->s->lim.max_sges) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
		return -1;
	}
	sgl = ndkt_alloc((size_t)p->count * sizeof *sgl, NDKT_TAG_OPS);
	if (sgl == NULL) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return -1;
	}
	for (i = 0; i < p->count; i++) {
		struct ndkt_sge e;
		memcpy(&e, (const uint8_t *)p->data + (size_t)i * sizeof e, sizeof e);
		sgl[i].VirtualAddress = (PVOID)(uintptr_t)e.virtual_address;
		sgl[i].Length = e.length;
		sgl[i].MemoryRegionToken = e.memory_region_token;
	}
	*out = sgl;
	return 0;
}

/* ---- CQ ---- */

void ndkt_op_resize_cq(ndkt_op *o)
{
	const struct ndkt_resize_cq_req *r = o->req;
	ndkt_obj *cq = ndkt_op_get(o, r->cq, NDKT_KIND_CQ);
	const NDK_CQ_DISPATCH *d;
	ndkt_cbctx *c;
	if (cq == NULL)
		return;
	d = CQ_D(cq);
	NEED(d, NdkResizeCq);
	if ((c = ndkt_request_ctx(o, &r->done)) == NULL)
		return;
	reply_status(o, d->NdkResizeCq(cq->ndk, r->depth, ndkt_cb_request, c));
}

void ndkt_op_arm_cq(ndkt_op *o)
{
	const struct ndkt_arm_cq_req *r = o->req;
	ndkt_obj *cq = ndkt_op_get(o, r->cq, NDKT_KIND_CQ);
	const NDK_CQ_DISPATCH *d;
	if (cq == NULL)
		return;
	d = CQ_D(cq);
	NEED(d, NdkArmCq);
	d->NdkArmCq(cq->ndk, r->type);
	reply_status(o, STATUS_SUCCESS);
}

static void get_results(ndkt_op *o, int ex)
{
	const struct ndkt_get_cq_results_req *r = o->req; /* the same layout as _ex's */
	ndkt_obj *cq = ndkt_op_get(o, r->cq, NDKT_KIND_CQ);
	const NDK_CQ_DISPATCH *d;
	struct ndkt_get_cq_results_reply rep;
	struct ndkt_part_src part;
	struct ndkt_result *out = NULL;
	void *raw = NULL;
	ULONG n, i, max;
	if (cq == NULL)
		return;
	d = CQ_D(cq);
	if (ex)
		NEED(d, NdkGetCqResultsEx);
	else
		NEED(d, NdkGetCqResults);
	max = r->max_results;
	if (max > o->s->lim.max_cq_results) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
		return;
	}
	raw = ndkt_alloc((size_t)(max ? max : 1) * (ex ? sizeof(NDK_RESULT_EX) : sizeof(NDK_RESULT)), NDKT_TAG_OPS);
	out = ndkt_alloc((size_t)(max ? max : 1) * sizeof *out, NDKT_TAG_OPS);
	if (raw == NULL || out == NULL) {
		ndkt_free(raw, NDKT_TAG_OPS);
		ndkt_free(out, NDKT_TAG_OPS);
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return;
	}
	if (ex)
		n = d->NdkGetCqResultsEx(cq->ndk, (NDK_RESULT_EX *)raw, max);
	else
		n = d->NdkGetCqResults(cq->ndk, (NDK_RESULT *)raw, max);
	if (n > max)
		n = max; /* more than asked: the provider's bug, not ours to read */
	for (i = 0; i < n; i++) {
		if (ex) {
			const NDK_RESULT_EX *x = (const NDK_RESULT_EX *)raw + i;
			out[i].status = (uint32_t)x->Status;
			out[i].bytes_transferred = x->BytesTransferred;
			out[i].qp_context = (uint64_t)(uintptr_t)x->QPContext;
			out[i].request_context = (uint64_t)(uintptr_t)x->RequestContext;
			out[i].type = (uint32_t)x->Type;
			out[i].provider_error_code = x->ProviderErrorCode;
			out[i].type_specific_completion_output = (uint64_t)x->TypeSpecificCompletionOutput;
		} else {
			const NDK_RESULT *x = (const NDK_RESULT *)raw + i;
			out[i].status = (uint32_t)x->Status;
			out[i].bytes_transferred = x->BytesTransferred;
			out[i].qp_context = (uint64_t)(uintptr_t)x->QPContext;
			out[i].request_context = (uint64_t)(uintptr_t)x->RequestContext;
		}
	}
	memset(&rep, 0, sizeof rep);
	rep.n_results = n;
	part.data = out;
	part.bytes = (size_t)n * sizeof *out;
	ndkt_op_reply(o, STATUS_SUCCESS, &rep, sizeof rep, &part, 1);
	ndkt_free(raw, NDKT_TAG_OPS);
	ndkt_free(out, NDKT_TAG_OPS);
}

void ndkt_op_get_cq_results(ndkt_op *o)
{
	get_results(o, 0);
}

void ndkt_op_get_cq_results_ex(ndkt_op *o)
{
	get_results(o, 1);
}

void ndkt_op_control_cq_interrupt_moderation(ndkt_op *o)
{
	const struct ndkt_control_cq_interrupt_moderation_req *r = o->req;
	ndkt_obj *cq = ndkt_op_get(o, r->cq, NDKT_KIND_CQ);
	const NDK_CQ_DISPATCH *d;
	if (cq == NULL)
		return;
	d = CQ_D(cq);
	NEED(d, NdkControlCqInterruptModeration);
	reply_status(o, d->NdkControlCqInterruptModeration(cq->ndk, r->interval, r->count));
}

/* ---- PD ---- */

/* A QP's CQs: absent handles are NULL (the provider judges). */
static int qp_cqs(ndkt_op *o, const struct ndkt_qp_params *p, ndkt_obj **rcq, ndkt_obj **icq)
{
	int ok;
	*rcq = ndkt_op_get_opt(o, p->receive_cq, NDKT_KIND_CQ, &ok);
	if (!ok)
		return -1;
	*icq = ndkt_op_get_opt(o, p->initiator_cq, NDKT_KIND_CQ, &ok);
	return ok ? 0 : -1;
}

void ndkt_op_create_qp(ndkt_op *o)
{
	const struct ndkt_create_qp_req *r = o->req;
	const struct ndkt_qp_params *p = &r->params;
	struct ndkt_create_qp_reply rep;
	ndkt_obj *pd = ndkt_op_get(o, r->pd, NDKT_KIND_PD), *rcq, *icq;
	const NDK_PD_DISPATCH *d;
	ndkt_cbctx *cc;
	NDK_QP *qp = NULL;
	NTSTATUS st;
	if (pd == NULL || qp_cqs(o, p, &rcq, &icq) != 0)
		return;
	d = PD_D(pd);
	NEED(d, NdkCreateQp);
	if ((cc = ndkt_create_ctx(o, &r->done, NDKT_KIND_QP, pd->adapter, NULL)) == NULL)
		return;
	st = d->NdkCreateQp(pd->ndk, rcq ? rcq->ndk : NULL, icq ? icq->ndk : NULL, CTX(p->context),
		p->receive_queue_depth, p->initiator_queue_depth, p->max_receive_request_sge, p->max_initiator_request_sge,
		p->inline_data_size, ndkt_cb_create, cc, &qp);
	ndkt_created(o, st, qp, NDKT_KIND_QP, pd->adapter, NULL, &rep.qp);
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

void ndkt_op_create_qp_with_srq(ndkt_op *o)
{
	const struct ndkt_create_qp_with_srq_req *r = o->req;
	const struct ndkt_qp_params *p = &r->params;
	struct ndkt_create_qp_with_srq_reply rep;
	ndkt_obj *pd = ndkt_op_get(o, r->pd, NDKT_KIND_PD), *rcq, *icq, *srq;
	const NDK_PD_DISPATCH *d;
	ndkt_cbctx *cc;
	NDK_QP *qp = NULL;
	NTSTATUS st;
	if (pd == NULL || qp_cqs(o, p, &rcq, &icq) != 0)
		return;
	if ((srq = ndkt_op_get(o, r->srq, NDKT_KIND_SRQ)) == NULL)
		return;
	d = PD_D(pd);
	NEED(d, NdkCreateQpWithSrq);
	if ((cc = ndkt_create_ctx(o, &r->done, NDKT_KIND_QP, pd->adapter, NULL)) == NULL)
		return;
	st = d->NdkCreateQpWithSrq(pd->ndk, rcq ? rcq->ndk : NULL, icq ? icq->ndk : NULL, srq->ndk, CTX(p->context),
		p->initiator_queue_depth, p->max_initiator_request_sge, p->inline_data_size, ndkt_cb_create, cc, &qp);
	ndkt_created(o, st, qp, NDKT_KIND_QP, pd->adapter, NULL, &rep.qp);
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

void ndkt_op_create_srq(ndkt_op *o)
{
	const struct ndkt_create_srq_req *r = o->req;
	struct ndkt_create_srq_reply rep;
	ndkt_obj *pd = ndkt_op_get(o, r->pd, NDKT_KIND_PD);
	const NDK_PD_DISPATCH *d;
	ndkt_cbctx *nc = NULL, *cc;
	NDK_SRQ *srq = NULL;
	NTSTATUS st;
	if (pd == NULL)
		return;
	d = PD_D(pd);
	NEED(d, NdkCreateSrq);
	if (r->notify.present && (nc = ndkt_cbctx_new(o->s, NDKT_CB_SRQ, &r->notify, NULL)) == NULL) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return;
	}
	if ((cc = ndkt_create_ctx(o, &r->done, NDKT_KIND_SRQ, pd->adapter, nc)) == NULL)
		return;
	st = d->NdkCreateSrq(pd->ndk, r->depth, r->max_receive_request_sge, r->notify_threshold,
		nc != NULL ? ndkt_cb_srq : NULL, nc, NULL, ndkt_cb_create, cc, &srq);
	ndkt_created(o, st, srq, NDKT_KIND_SRQ, pd->adapter, nc, &rep.srq);
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

void ndkt_op_create_mr(ndkt_op *o)
{
	const struct ndkt_create_mr_req *r = o->req;
	struct ndkt_create_mr_reply rep;
	ndkt_obj *pd = ndkt_op_get(o, r->pd, NDKT_KIND_PD);
	const NDK_PD_DISPATCH *d;
	ndkt_cbctx *cc;
	NDK_MR *mr = NULL;
	NTSTATUS st;
	if (pd == NULL)
		return;
	d = PD_D(pd);
	NEED(d, NdkCreateMr);
	if ((cc = ndkt_create_ctx(o, &r->done, NDKT_KIND_MR, pd->adapter, NULL)) == NULL)
		return;
	st = d->NdkCreateMr(pd->ndk, (BOOLEAN)r->fast_register, ndkt_cb_create, cc, &mr);
	ndkt_created(o, st, mr, NDKT_KIND_MR, pd->adapter, NULL, &rep.mr);
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

void ndkt_op_create_mw(ndkt_op *o)
{
	const struct ndkt_create_mw_req *r = o->req;
	struct ndkt_create_mw_reply rep;
	ndkt_obj *pd = ndkt_op_get(o, r->pd, NDKT_KIND_PD);
	const NDK_PD_DISPATCH *d;
	ndkt_cbctx *cc;
	NDK_MW *mw = NULL;
	NTSTATUS st;
	if (pd == NULL)
		return;
	d = PD_D(pd);
	NEED(d, NdkCreateMw);
	if ((cc = ndkt_create_ctx(o, &r->done, NDKT_KIND_MW, pd->adapter, NULL)) == NULL)
		return;
	st = d->NdkCreateMw(pd->ndk, ndkt_cb_create, cc, &mw);
	ndkt_created(o, st, mw, NDKT_KIND_MW, pd->adapter, NULL, &rep.mw);
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

void ndkt_op_get_privileged_memory_region_token(ndkt_op *o)
{
	const struct ndkt_get_privileged_memory_region_token_req *r = o->req;
	struct ndkt_get_privileged_memory_region_token_reply rep;
	ndkt_obj *pd = ndkt_op_get(o, r->pd, NDKT_KIND_PD);
	const NDK_PD_DISPATCH *d;
	UINT32 token = 0;
	if (pd == NULL)
		return;
	d = PD_D(pd);
	NEED(d, NdkGetPrivilegedMemoryRegionToken);
	d->NdkGetPrivilegedMemoryRegionToken(pd->ndk, &token);
	memset(&rep, 0, sizeof rep);
	rep.token = token;
	ndkt_op_reply(o, STATUS_SUCCESS, &rep, sizeof rep, NULL, 0);
}

/* ---- SRQ ---- */

void ndkt_op_modify_srq(ndkt_op *o)
{
	const struct ndkt_modify_srq_req *r = o->req;
	ndkt_obj *srq = ndkt_op_get(o, r->srq, NDKT_KIND_SRQ);
	const NDK_SRQ_DISPATCH *d;
	ndkt_cbctx *c;
	if (srq == NULL)
		return;
	d = SRQ_D(srq);
	NEED(d, NdkModifySrq);
	if ((c = ndkt_request_ctx(o, &r->done)) == NULL)
		return;
	reply_status(o, d->NdkModifySrq(srq->ndk, r->depth, r->notify_threshold, ndkt_cb_request, c));
}

void ndkt_op_srq_receive(ndkt_op *o)
{
	const struct ndkt_srq_receive_req *r = o->req;
	ndkt_obj *srq = ndkt_op_get(o, r->srq, NDKT_KIND_SRQ);
	const NDK_SRQ_DISPATCH *d;
	NDK_SGE *sgl;
	ULONG n;
	if (srq == NULL)
		return;
	d = SRQ_D(srq);
	NEED(d, NdkSrqReceive);
	if (sgl_of(o, 0, &sgl, &n) != 0)
		return;
	reply_status(o, d->NdkSrqReceive(srq->ndk, CTX(r->request_context), sgl, n));
	ndkt_free(sgl, NDKT_TAG_OPS);
}

/* ---- MR, MW (registrations: ops_memory.c) ---- */

void ndkt_op_initialize_fast_register_mr(ndkt_op *o)
{
	const struct ndkt_initialize_fast_register_mr_req *r = o->req;
	ndkt_obj *mr = ndkt_op_get(o, r->mr, NDKT_KIND_MR);
	const NDK_MR_DISPATCH *d;
	ndkt_cbctx *c;
	if (mr == NULL)
		return;
	d = MR_D(mr);
	NEED(d, NdkInitializeFastRegisterMr);
	if ((c = ndkt_request_ctx(o, &r->done)) == NULL)
		return;
	reply_status(o, d->NdkInitializeFastRegisterMr(mr->ndk, r->adapter_page_count, (BOOLEAN)r->remote_access,
		ndkt_cb_request, c));
}

static void reply_token(ndkt_op *o, UINT32 token)
{
	struct ndkt_get_local_token_from_mr_reply rep; /* every token reply is {u32 token, pad} */
	memset(&rep, 0, sizeof rep);
	rep.token = token;
	ndkt_op_reply(o, STATUS_SUCCESS, &rep, sizeof rep, NULL, 0);
}

void ndkt_op_get_local_token_from_mr(ndkt_op *o)
{
	const struct ndkt_get_local_token_from_mr_req *r = o->req;
	ndkt_obj *mr = ndkt_op_get(o, r->mr, NDKT_KIND_MR);
	const NDK_MR_DISPATCH *d;
	if (mr == NULL)
		return;
	d = MR_D(mr);
	NEED(d, NdkGetLocalTokenFromMr);
	reply_token(o, d->NdkGetLocalTokenFromMr(mr->ndk));
}

void ndkt_op_get_remote_token_from_mr(ndkt_op *o)
{
	const struct ndkt_get_remote_token_from_mr_req *r = o->req;
	ndkt_obj *mr = ndkt_op_get(o, r->mr, NDKT_KIND_MR);
	const NDK_MR_DISPATCH *d;
	if (mr == NULL)
		return;
	d = MR_D(mr);
	NEED(d, NdkGetRemoteTokenFromMr);
	reply_token(o, d->NdkGetRemoteTokenFromMr(mr->ndk));
}

void ndkt_op_get_remote_token_from_mw(ndkt_op *o)
{
	const struct ndkt_get_remote_token_from_mw_req *r = o->req;
	ndkt_obj *mw = ndkt_op_get(o, r->mw, NDKT_KIND_MW);
	const NDK_MW_DISPATCH *d;
	if (mw == NULL)
		return;
	d = MW_D(mw);
	NEED(d, NdkGetRemoteTokenFromMw);
	reply_token(o, d->NdkGetRemoteTokenFromMw(mw->ndk));
}

/* ---- QP ---- */

void ndkt_op_flush(ndkt_op *o)
{
	const struct ndkt_flush_req *r = o->req;
	ndkt_obj *qp = ndkt_op_get(o, r->qp, NDKT_KIND_QP);
	const NDK_QP_DISPATCH *d;
	if (qp == NULL)
		return;
	d = QP_D(qp);
	NEED(d, NdkFlush);
	d->NdkFlush(qp->ndk);
	reply_status(o, STATUS_SUCCESS);
}

/* The work requests with an SGE list: receive, send, send-and-invalidate,
 * write, read. */
enum { WR_RECEIVE, WR_SEND, WR_SEND_INV, WR_WRITE, WR_READ };

static void post(ndkt_op *o, int wr, uint64_t qp_id, uint64_t rctx)
{
	ndkt_obj *qp = ndkt_op_get(o, qp_id, NDKT_KIND_QP);
	const NDK_QP_DISPATCH *d;
	NDK_SGE *sgl;
	ULONG n;
	NTSTATUS st = STATUS_SUCCESS;
	if (qp == NULL)
		return;
	d = QP_D(qp);
	switch (wr) {
	case WR_RECEIVE: NEED(d, NdkReceive); break;
	case WR_SEND: NEED(d, NdkSend); break;
	case WR_SEND_INV: NEED(d, NdkSendAndInvalidate); break;
	case WR_WRITE: NEED(d, NdkWrite); break;
	default: NEED(d, NdkRead); break;
	}
	if (sgl_of(o, 0, &sgl, &n) != 0)
		return;
	switch (wr) {
	case WR_RECEIVE:
		st = d->NdkReceive(qp->ndk, CTX(rctx), sgl, n);
		break;
	case WR_SEND: {
		const struct ndkt_send_req *r = o->req;
		st = d->NdkSend(qp->ndk, CTX(rctx), sgl, n, r->flags);
		break;
	}
	case WR_SEND_INV: {
		const struct ndkt_send_and_invalidate_req *r = o->req;
		st = d->NdkSendAndInvalidate(qp->ndk, CTX(rctx), sgl, n, r->flags, r->remote_token);
		break;
	}
	case WR_WRITE: {
		const struct ndkt_write_req *r = o->req;
		st = d->NdkWrite(qp->ndk, CTX(rctx), sgl, n, r->remote_address, r->remote_token, r->flags);
		break;
	}
	default: {
		const struct ndkt_read_req *r = o->req;
		st = d->NdkRead(qp->ndk, CTX(rctx), sgl, n, r->remote_address, r->remote_token, r->flags);
		break;
	}
	}
	/* INLINE sends need their bytes only until the call returns (QP-11);
	 * the SGEs' memory is the harness's buffers, registered. */
	ndkt_free(sgl, NDKT_TAG_OPS);
	reply_status(o, st);
}

void ndkt_op_receive(ndkt_op *o)
{
	const struct ndkt_receive_req *r = o->req;
	post(o, WR_RECEIVE, r->qp, r->request_context);
}

void ndkt_op_send(ndkt_op *o)
{
	const struct ndkt_send_req *r = o->req;
	post(o, WR_SEND, r->qp, r->request_context);
}

void ndkt_op_send_and_invalidate(ndkt_op *o)
{
	const struct ndkt_send_and_invalidate_req *r = o->req;
	post(o, WR_SEND_INV, r->qp, r->request_context);
}

void ndkt_op_write(ndkt_op *o)
{
	const struct ndkt_write_req *r = o->req;
	post(o, WR_WRITE, r->qp, r->request_context);
}

void ndkt_op_read(ndkt_op *o)
{
	const struct ndkt_read_req *r = o->req;
	post(o, WR_READ, r->qp, r->request_context);
}

void ndkt_op_bind(ndkt_op *o)
{
	const struct ndkt_bind_req *r = o->req;
	ndkt_obj *qp = ndkt_op_get(o, r->qp, NDKT_KIND_QP), *mr, *mw;
	const NDK_QP_DISPATCH *d;
	if (qp == NULL || (mr = ndkt_op_get(o, r->mr, NDKT_KIND_MR)) == NULL ||
	    (mw = ndkt_op_get(o, r->mw, NDKT_KIND_MW)) == NULL)
		return;
	d = QP_D(qp);
	NEED(d, NdkBind);
	reply_status(o, d->NdkBind(qp->ndk, CTX(r->request_context), mr->ndk, mw->ndk, (PVOID)(uintptr_t)r->va,
		(SIZE_T)r->length, r->flags));
}

void ndkt_op_fast_register(ndkt_op *o)
{
	const struct ndkt_fast_register_req *r = o->req;
	const struct ndkt_part_view *p = &o->v->parts[0];
	ndkt_obj *qp = ndkt_op_get(o, r->qp, NDKT_KIND_QP), *mr;
	const NDK_QP_DISPATCH *d;
	NDK_LOGICAL_ADDRESS *pages = NULL;
	uint32_t i;
	NTSTATUS st;
	if (qp == NULL || (mr = ndkt_op_get(o, r->mr, NDKT_KIND_MR)) == NULL)
		return;
	d = QP_D(qp);
	NEED(d, NdkFastRegister);
	if (p->count > MAX_FR_PAGES) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
		return;
	}
	if (p->count > 0) {
		pages = ndkt_alloc((size_t)p->count * sizeof *pages, NDKT_TAG_OPS);
		if (pages == NULL) {
			ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
			return;
		}
		for (i = 0; i < p->count; i++) {
			uint64_t a;
			memcpy(&a, (const uint8_t *)p->data + (size_t)i * 8u, 8);
			pages[i].QuadPart = (LONGLONG)a;
		}
	}
	st = d->NdkFastRegister(qp->ndk, CTX(r->request_context), mr->ndk, p->count, pages, r->fbo, (SIZE_T)r->length,
		(PVOID)(uintptr_t)r->base_va, r->flags);
	ndkt_free(pages, NDKT_TAG_OPS);
	reply_status(o, st);
}

void ndkt_op_invalidate(ndkt_op *o)
{
	const struct ndkt_invalidate_req *r = o->req;
	ndkt_obj *qp = ndkt_op_get(o, r->qp, NDKT_KIND_QP), *target;
	const NDK_QP_DISPATCH *d;
	if (qp == NULL || (target = ndkt_op_get(o, r->mr_or_mw, 0)) == NULL)
		return;
	if (target->kind != NDKT_KIND_MR && target->kind != NDKT_KIND_MW) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND);
		return;
	}
	d = QP_D(qp);
	NEED(d, NdkInvalidate);
	reply_status(o, d->NdkInvalidate(qp->ndk, CTX(r->request_context), target->ndk, r->flags));
}
