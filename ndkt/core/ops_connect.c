/*
 * The calls on connectors, listeners and shared endpoints, and the
 * SOCKADDRs they take. See ops.c.
 */
#include <string.h>

#include "ops.h"

#define NEED NDKT_NEED
#define CONN_D(obj) (((NDK_CONNECTOR *)(obj)->ndk)->Dispatch)
#define LISTENER_D(obj) (((NDK_LISTENER *)(obj)->ndk)->Dispatch)
#define SE_D(obj) (((NDK_SHARED_ENDPOINT *)(obj)->ndk)->Dispatch)

/* The bytes GetConnectionData may ask for (the Go agent's bound). */
#define MAX_CONNECTION_DATA 65536u
/* SOCKADDR_INET: the room given for an address the provider writes. */
#define SOCKADDR_ROOM 28u

static void reply_status(ndkt_op *o, NTSTATUS st)
{
	ndkt_op_reply(o, st, NULL, 0, NULL, 0);
}

/* sockaddr_in: family, port (network order), 4 bytes, 8 zero; 16 bytes.
 * sockaddr_in6: family, port, flowinfo, 16 bytes, scope id; 28 bytes. The
 * family is the OS's (host order), the rest the same on Windows and Linux. */
ULONG ndkt_sockaddr_from(const struct ndkt_addr *a, uint8_t *buf)
{
	uint16_t fam;
	memset(buf, 0, 32);
	switch (a->family) {
	case NDKT_AF_INET:
		fam = (uint16_t)NDKT_OS_AF_INET;
		memcpy(buf, &fam, 2);
		buf[2] = (uint8_t)(a->port >> 8);
		buf[3] = (uint8_t)a->port;
		memcpy(buf + 4, a->addr, 4);
		return 16;
	case NDKT_AF_INET6:
		fam = (uint16_t)NDKT_OS_AF_INET6;
		memcpy(buf, &fam, 2);
		buf[2] = (uint8_t)(a->port >> 8);
		buf[3] = (uint8_t)a->port;
		memcpy(buf + 8, a->addr, 16);
		memcpy(buf + 24, &a->scope, 4);
		return 28;
	default:
		return 0;
	}
}

void ndkt_sockaddr_to(const uint8_t *buf, ULONG len, struct ndkt_addr *a)
{
	uint16_t fam;
	memset(a, 0, sizeof *a);
	if (len < 2)
		return;
	memcpy(&fam, buf, 2);
	if (fam == NDKT_OS_AF_INET && len >= 16) {
		a->family = NDKT_AF_INET;
		a->port = (uint16_t)((buf[2] << 8) | buf[3]);
		memcpy(a->addr, buf + 4, 4);
	} else if (fam == NDKT_OS_AF_INET6 && len >= 28) {
		a->family = NDKT_AF_INET6;
		a->port = (uint16_t)((buf[2] << 8) | buf[3]);
		memcpy(a->addr, buf + 8, 16);
		memcpy(&a->scope, buf + 24, 4);
	}
	/* else: nothing the contract can say (the zero address) */
}

/* The pointer an optional private data part gives the provider: NULL when
 * absent, non-NULL (even for 0 bytes) when present. */
static PVOID private_data(const struct ndkt_part_view *p)
{
	static uint8_t empty[1];
	if (!p->present)
		return NULL;
	return p->count > 0 ? (PVOID)p->data : (PVOID)empty;
}

/* A disconnect event context, if the harness gave on_disconnect. 0, or
 * the call refused. */
static int disconnect_ctx(ndkt_op *o, const struct ndkt_cbref *ref, int kind, ndkt_obj *conn, ndkt_cbctx **out)
{
	*out = NULL;
	if (!ref->present)
		return 0;
	*out = ndkt_cbctx_new(o->s, kind, ref, conn);
	if (*out == NULL) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
		return -1;
	}
	return 0;
}

static void do_connect(ndkt_op *o, uint64_t conn_id, uint64_t se_id, const struct ndkt_connect_params *p,
	const struct ndkt_cbref *done)
{
	const struct ndkt_part_view *pd = &o->v->parts[0];
	ndkt_obj *conn = ndkt_op_get(o, conn_id, NDKT_KIND_CONNECTOR), *qp, *se = NULL;
	const NDK_CONNECTOR_DISPATCH *d;
	ndkt_cbctx *c;
	uint8_t src[32], dst[32];
	ULONG sn, dn;
	int ok;
	if (conn == NULL)
		return;
	qp = ndkt_op_get_opt(o, p->qp, NDKT_KIND_QP, &ok);
	if (!ok)
		return;
	if (se_id != 0 && (se = ndkt_op_get(o, se_id, NDKT_KIND_SHARED_ENDPOINT)) == NULL)
		return;
	d = CONN_D(conn);
	if (se != NULL)
		NEED(d, NdkConnectWithSharedEndpoint);
	else
		NEED(d, NdkConnect);
	if ((c = ndkt_request_ctx(o, done)) == NULL)
		return;
	sn = ndkt_sockaddr_from(&p->source, src);
	dn = ndkt_sockaddr_from(&p->destination, dst);
	if (se != NULL)
		reply_status(o, d->NdkConnectWithSharedEndpoint(conn->ndk, qp ? qp->ndk : NULL, se->ndk,
			dn ? (PSOCKADDR)(void *)dst : NULL, dn, p->inbound_read_limit, p->outbound_read_limit,
			private_data(pd), pd->count, ndkt_cb_request, c));
	else
		reply_status(o, d->NdkConnect(conn->ndk, qp ? qp->ndk : NULL, sn ? (PSOCKADDR)(void *)src : NULL, sn,
			dn ? (PSOCKADDR)(void *)dst : NULL, dn, p->inbound_read_limit, p->outbound_read_limit,
			private_data(pd), pd->count, ndkt_cb_request, c));
}

void ndkt_op_connect(ndkt_op *o)
{
	const struct ndkt_connect_req *r = o->req;
	do_connect(o, r->connector, 0, &r->params, &r->done);
}

void ndkt_op_connect_with_shared_endpoint(ndkt_op *o)
{
	const struct ndkt_connect_with_shared_endpoint_req *r = o->req;
	if (r->shared_endpoint == 0) {
		ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT);
		return;
	}
	do_connect(o, r->connector, r->shared_endpoint, &r->params, &r->done);
}

static void complete_connect(ndkt_op *o, int ex, uint64_t conn_id, const struct ndkt_cbref *on_disc,
	const struct ndkt_cbref *done)
{
	ndkt_obj *conn = ndkt_op_get(o, conn_id, NDKT_KIND_CONNECTOR);
	const NDK_CONNECTOR_DISPATCH *d;
	ndkt_cbctx *dc, *c;
	if (conn == NULL)
		return;
	d = CONN_D(conn);
	if (ex) {
		if (!(conn->flags & NDKT_OBJ_CONNECTOR_EX)) {
			ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_NOT_SUPPORTED); /* its handle had no connector_ex */
			return;
		}
		NEED(d, NdkCompleteConnectEx);
	} else {
		NEED(d, NdkCompleteConnect);
	}
	if (disconnect_ctx(o, on_disc, ex ? NDKT_CB_DISCONNECT_EX : NDKT_CB_DISCONNECT, conn, &dc) != 0)
		return;
	if ((c = ndkt_request_ctx(o, done)) == NULL)
		return;
	if (ex)
		reply_status(o, d->NdkCompleteConnectEx(conn->ndk, dc ? ndkt_cb_disconnect_ex : NULL, dc, ndkt_cb_request, c));
	else
		reply_status(o, d->NdkCompleteConnect(conn->ndk, dc ? ndkt_cb_disconnect : NULL, dc, ndkt_cb_request, c));
}

void ndkt_op_complete_connect(ndkt_op *o)
{
	const struct ndkt_complete_connect_req *r = o->req;
	complete_connect(o, 0, r->connector, &r->on_disconnect, &r->done);
}

void ndkt_op_complete_connect_ex(ndkt_op *o)
{
	const struct ndkt_complete_connect_ex_req *r = o->req;
	complete_connect(o, 1, r->connector, &r->on_disconnect, &r->done);
}

/* accept_req and accept_ex_req have the same layout (CONTRACT.md). */
static void do_accept(ndkt_op *o, int ex)
{
	const struct ndkt_accept_req *r = o->req;
	const struct ndkt_part_view *pd = &o->v->parts[0];
	ndkt_obj *conn = ndkt_op_get(o, r->connector, NDKT_KIND_CONNECTOR), *qp;
	const NDK_CONNECTOR_DISPATCH *d;
	ndkt_cbctx *dc, *c;
	int ok;
	if (conn == NULL)
		return;
	qp = ndkt_op_get_opt(o, r->qp, NDKT_KIND_QP, &ok);
	if (!ok)
		return;
	d = CONN_D(conn);
	if (ex) {
		if (!(conn->flags & NDKT_OBJ_CONNECTOR_EX)) {
			ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
			return;
		}
		NEED(d, NdkAcceptEx);
	} else {
		NEED(d, NdkAccept);
	}
	if (disconnect_ctx(o, &r->on_disconnect, ex ? NDKT_CB_DISCONNECT_EX : NDKT_CB_DISCONNECT, conn, &dc) != 0)
		return;
	if ((c = ndkt_request_ctx(o, &r->done)) == NULL)
		return;
	if (ex)
		reply_status(o, d->NdkAcceptEx(conn->ndk, qp ? qp->ndk : NULL, r->inbound_read_limit, r->outbound_read_limit,
			private_data(pd), pd->count, dc ? ndkt_cb_disconnect_ex : NULL, dc, ndkt_cb_request, c));
	else
		reply_status(o, d->NdkAccept(conn->ndk, qp ? qp->ndk : NULL, r->inbound_read_limit, r->outbound_read_limit,
			private_data(pd), pd->count, dc ? ndkt_cb_disconnect : NULL, dc, ndkt_cb_request, c));
}

void ndkt_op_accept(ndkt_op *o)
{
	do_accept(o, 0);
}

void ndkt_op_accept_ex(ndkt_op *o)
{
	do_accept(o, 1);
}

void ndkt_op_reject(ndkt_op *o)
{
	const struct ndkt_reject_req *r = o->req;
	const struct ndkt_part_view *pd = &o->v->parts[0];
	ndkt_obj *conn = ndkt_op_get(o, r->connector, NDKT_KIND_CONNECTOR);
	const NDK_CONNECTOR_DISPATCH *d;
	if (conn == NULL)
		return;
	d = CONN_D(conn);
	NEED(d, NdkReject);
	reply_status(o, d->NdkReject(conn->ndk, private_data(pd), pd->count));
}

void ndkt_op_get_connection_data(ndkt_op *o)
{
	const struct ndkt_get_connection_data_req *r = o->req;
	ndkt_obj *conn = ndkt_op_get(o, r->connector, NDKT_KIND_CONNECTOR);
	const NDK_CONNECTOR_DISPATCH *d;
	struct ndkt_get_connection_data_reply rep;
	struct ndkt_part_src part;
	uint8_t *buf = NULL;
	ULONG ird = 0, ord = 0, len = 0;
	NTSTATUS st;
	if (conn == NULL)
		return;
	d = CONN_D(conn);
	NEED(d, NdkGetConnectionData);
	if (r->has_buffer_length) {
		if (r->buffer_length > MAX_CONNECTION_DATA) {
			ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
			return;
		}
		buf = ndkt_alloc(r->buffer_length ? r->buffer_length : 1, NDKT_TAG_OPS);
		if (buf == NULL) {
			ndkt_op_refuse(o, NDKT_PROTOCOL_ERROR_INTERNAL);
			return;
		}
		len = r->buffer_length;
	}
	st = d->NdkGetConnectionData(conn->ndk, &ird, &ord, buf, &len);
	memset(&rep, 0, sizeof rep);
	rep.inbound_read_limit = ird;
	rep.outbound_read_limit = ord;
	rep.private_data_length = len;
	rep.n_private_data = buf != NULL ? (len < r->buffer_length ? len : r->buffer_length) : 0;
	part.data = buf;
	part.bytes = rep.n_private_data;
	ndkt_op_reply(o, st, &rep, sizeof rep, &part, 1);
	ndkt_free(buf, NDKT_TAG_OPS);
}

/* The four address getters as ndkt_size_fn, for their buffer-size probes. */
static NTSTATUS size_local(ndkt_obj *conn, void *buf, ULONG *len)
{
	return CONN_D(conn)->NdkGetLocalAddress(conn->ndk, (PSOCKADDR)buf, len);
}

static NTSTATUS size_peer(ndkt_obj *conn, void *buf, ULONG *len)
{
	return CONN_D(conn)->NdkGetPeerAddress(conn->ndk, (PSOCKADDR)buf, len);
}

static NTSTATUS size_listener(ndkt_obj *l, void *buf, ULONG *len)
{
	return LISTENER_D(l)->NdkGetLocalAddress(l->ndk, (PSOCKADDR)buf, len);
}

static NTSTATUS size_shared_endpoint(ndkt_obj *se, void *buf, ULONG *len)
{
	return SE_D(se)->NdkGetLocalAddress(se->ndk, (PSOCKADDR)buf, len);
}

/* reply_address answers an address getter's call on obj and, after its
 * first success, probes the getter's buffer-size contract. */
static void reply_address_of(ndkt_op *o, ndkt_obj *obj, uint32_t call, ndkt_size_fn *fn, NTSTATUS st, const uint8_t *sa,
			     ULONG len);

static void reply_address(ndkt_op *o, NTSTATUS st, const uint8_t *sa, ULONG len)
{
	struct ndkt_get_local_address_reply rep; /* every address reply is {ndkt_addr} */
	if (st == STATUS_SUCCESS)
		ndkt_sockaddr_to(sa, len > SOCKADDR_ROOM ? SOCKADDR_ROOM : len, &rep.address);
	else
		memset(&rep, 0, sizeof rep);
	ndkt_op_reply(o, st, &rep, sizeof rep, NULL, 0);
}

static void reply_address_of(ndkt_op *o, ndkt_obj *obj, uint32_t call, ndkt_size_fn *fn, NTSTATUS st, const uint8_t *sa,
			     ULONG len)
{
	reply_address(o, st, sa, len);
	if (st == STATUS_SUCCESS)
		ndkt_size_probe(obj, call, fn, SOCKADDR_ROOM, len);
}

void ndkt_op_get_local_address(ndkt_op *o)
{
	const struct ndkt_get_local_address_req *r = o->req;
	ndkt_obj *conn = ndkt_op_get(o, r->connector, NDKT_KIND_CONNECTOR);
	const NDK_CONNECTOR_DISPATCH *d;
	uint8_t sa[32];
	ULONG len = SOCKADDR_ROOM;
	if (conn == NULL)
		return;
	d = CONN_D(conn);
	NEED(d, NdkGetLocalAddress);
	memset(sa, 0, sizeof sa);
	reply_address_of(o, conn, NDKT_SIZE_CALL_GET_LOCAL_ADDRESS, size_local,
			 d->NdkGetLocalAddress(conn->ndk, (PSOCKADDR)(void *)sa, &len), sa, len);
}

void ndkt_op_get_peer_address(ndkt_op *o)
{
	const struct ndkt_get_peer_address_req *r = o->req;
	ndkt_obj *conn = ndkt_op_get(o, r->connector, NDKT_KIND_CONNECTOR);
	const NDK_CONNECTOR_DISPATCH *d;
	uint8_t sa[32];
	ULONG len = SOCKADDR_ROOM;
	if (conn == NULL)
		return;
	d = CONN_D(conn);
	NEED(d, NdkGetPeerAddress);
	memset(sa, 0, sizeof sa);
	reply_address_of(o, conn, NDKT_SIZE_CALL_GET_PEER_ADDRESS, size_peer,
			 d->NdkGetPeerAddress(conn->ndk, (PSOCKADDR)(void *)sa, &len), sa, len);
}

void ndkt_op_disconnect(ndkt_op *o)
{
	const struct ndkt_disconnect_req *r = o->req;
	ndkt_obj *conn = ndkt_op_get(o, r->connector, NDKT_KIND_CONNECTOR);
	const NDK_CONNECTOR_DISPATCH *d;
	ndkt_cbctx *c;
	if (conn == NULL)
		return;
	d = CONN_D(conn);
	NEED(d, NdkDisconnect);
	if ((c = ndkt_request_ctx(o, &r->done)) == NULL)
		return;
	reply_status(o, d->NdkDisconnect(conn->ndk, ndkt_cb_request, c));
}

/* ---- listener ---- */

void ndkt_op_listen(ndkt_op *o)
{
	const struct ndkt_listen_req *r = o->req;
	ndkt_obj *l = ndkt_op_get(o, r->listener, NDKT_KIND_LISTENER);
	const NDK_LISTENER_DISPATCH *d;
	ndkt_cbctx *c;
	uint8_t sa[32];
	ULONG n;
	if (l == NULL)
		return;
	d = LISTENER_D(l);
	NEED(d, NdkListen);
	if ((c = ndkt_request_ctx(o, &r->done)) == NULL)
		return;
	n = ndkt_sockaddr_from(&r->local, sa);
	reply_status(o, d->NdkListen(l->ndk, n ? (PSOCKADDR)(void *)sa : NULL, n, ndkt_cb_request, c));
}

void ndkt_op_get_listener_local_address(ndkt_op *o)
{
	const struct ndkt_get_listener_local_address_req *r = o->req;
	ndkt_obj *l = ndkt_op_get(o, r->listener, NDKT_KIND_LISTENER);
	const NDK_LISTENER_DISPATCH *d;
	uint8_t sa[32];
	ULONG len = SOCKADDR_ROOM;
	if (l == NULL)
		return;
	d = LISTENER_D(l);
	NEED(d, NdkGetLocalAddress);
	memset(sa, 0, sizeof sa);
	reply_address_of(o, l, NDKT_SIZE_CALL_GET_LISTENER_LOCAL_ADDRESS, size_listener,
			 d->NdkGetLocalAddress(l->ndk, (PSOCKADDR)(void *)sa, &len), sa, len);
}

void ndkt_op_control_connect_events(ndkt_op *o)
{
	const struct ndkt_control_connect_events_req *r = o->req;
	ndkt_obj *l = ndkt_op_get(o, r->listener, NDKT_KIND_LISTENER);
	const NDK_LISTENER_DISPATCH *d;
	if (l == NULL)
		return;
	d = LISTENER_D(l);
	NEED(d, NdkControlConnectEvents);
	d->NdkControlConnectEvents(l->ndk, (BOOLEAN)r->pause);
	reply_status(o, STATUS_SUCCESS);
}

/* ---- shared endpoint ---- */

void ndkt_op_get_shared_endpoint_local_address(ndkt_op *o)
{
	const struct ndkt_get_shared_endpoint_local_address_req *r = o->req;
	ndkt_obj *se = ndkt_op_get(o, r->shared_endpoint, NDKT_KIND_SHARED_ENDPOINT);
	const NDK_SHARED_ENDPOINT_DISPATCH *d;
	uint8_t sa[32];
	ULONG len = SOCKADDR_ROOM;
	if (se == NULL)
		return;
	d = SE_D(se);
	NEED(d, NdkGetLocalAddress);
	memset(sa, 0, sizeof sa);
	reply_address_of(o, se, NDKT_SIZE_CALL_GET_SHARED_ENDPOINT_LOCAL_ADDRESS, size_shared_endpoint,
			 d->NdkGetLocalAddress(se->ndk, (PSOCKADDR)(void *)sa, &len), sa, len);
}
