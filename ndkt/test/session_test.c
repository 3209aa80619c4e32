/*
 * The session and the calls (ndkt/core/session.h, ops*.c) against a tiny
 * fake provider (fake_provider.c): the control codes, HELLO first, bad
 * inputs, every kind of handle refusal (and that none reaches the
 * provider), calls within an unknown, a held and a released callback,
 * memory, LAMs, and cleanup's order.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "../core/decode.h"
#include "../core/handles.h"
#include "../core/ops.h"
#include "../core/session.h"
#include "fake_provider.h"
#include "test.h"

static ndkt_session *S;
static void *S_provider; /* the provider context open_session gives */
static uint64_t alloc_buffer(uint64_t n);
static union {
	uint64_t align;
	uint8_t b[8192];
} in_buf;
static union {
	uint64_t align;
	uint8_t b[70000];
} out_buf;

/* A CALL of opcode with req (req_size bytes) and trailing parts; the reply
 * header in *rh, the reply after it (up to reply_size bytes) in reply.
 * Returns the IOCTL's NTSTATUS. */
static int32_t call_on(ndkt_session *s, uint32_t opcode, uint64_t within, const void *req, size_t req_size,
	const void *parts, size_t parts_size, struct ndkt_reply_header *rh, void *reply, size_t reply_size)
{
	struct ndkt_call_header h;
	size_t w = 0;
	int32_t st;
	memset(&h, 0, sizeof h);
	h.size = (uint32_t)(sizeof h + req_size + parts_size);
	h.version = NDKT_INTERFACE_VERSION;
	h.call_id = 1;
	h.within_callback = within;
	h.opcode = opcode;
	memcpy(in_buf.b, &h, sizeof h);
	if (req_size)
		memcpy(in_buf.b + sizeof h, req, req_size);
	if (parts_size)
		memcpy(in_buf.b + sizeof h + req_size, parts, parts_size);
	memset(out_buf.b, 0xEE, 64);
	memset(rh, 0xEE, sizeof *rh);
	st = ndkt_session_ioctl(s, NDKT_CALL, in_buf.b, h.size, out_buf.b, sizeof out_buf.b, &w);
	if (st == NDKT_STATUS_SUCCESS && w >= sizeof *rh) {
		memcpy(rh, out_buf.b, sizeof *rh);
		if (reply != NULL && reply_size > 0)
			memcpy(reply, out_buf.b + sizeof *rh, w - sizeof *rh < reply_size ? w - sizeof *rh : reply_size);
	}
	return st;
}

static int32_t call(uint32_t opcode, const void *req, size_t req_size, struct ndkt_reply_header *rh, void *reply,
	size_t reply_size)
{
	return call_on(S, opcode, 0, req, req_size, NULL, 0, rh, reply, reply_size);
}

/* The protocol error of a call (0: it reached the provider). */
static uint32_t perr(uint32_t opcode, const void *req, size_t req_size)
{
	struct ndkt_reply_header rh;
	if (call(opcode, req, req_size, &rh, NULL, 0) != NDKT_STATUS_SUCCESS)
		return 0xFFFF;
	return rh.protocol_error;
}

static void hello_on(ndkt_session *s)
{
	struct ndkt_hello_in hi = {sizeof hi, NDKT_INTERFACE_VERSION};
	struct ndkt_hello_out ho;
	size_t w = 0;
	CHECK_EQ(ndkt_session_ioctl(s, NDKT_HELLO, &hi, sizeof hi, &ho, sizeof ho, &w), NDKT_STATUS_SUCCESS);
	CHECK_EQ(w, sizeof ho);
}

static void open_session(void)
{
	ndkt_session_limits l;
	fake_reset();
	ndkt_session_default_limits(&l);
	l.handles = 64;
	l.callbacks = 16;
	l.ring_bytes = 64u << 10;
	l.max_record = 4096;
	l.close_bound = NDKT_MS(2000);
	l.max_bytes = 1u << 20;
	CHECK_RC(ndkt_session_open(&l, S_provider, &S), NDKT_OK);
}

static void close_session(void)
{
	CHECK_RC(ndkt_session_cleanup(S), NDKT_OK);
	fake_drain();
	CHECK_RC(ndkt_session_free(S), NDKT_OK);
	S = NULL;
}

static uint64_t open_adapter(void)
{
	struct ndkt_open_adapter_req r;
	struct ndkt_open_adapter_reply rep;
	struct ndkt_reply_header rh;
	memset(&r, 0, sizeof r);
	r.address.family = NDKT_AF_INET;
	r.address.addr[0] = 10;
	r.address.addr[3] = 1;
	memset(&rep, 0, sizeof rep);
	CHECK_EQ(call(NDKT_OP_OPEN_ADAPTER, &r, sizeof r, &rh, &rep, sizeof rep), NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.protocol_error, 0);
	CHECK_EQ(rh.ntstatus, 0);
	CHECK_EQ(rep.adapter.kind, 1);
	CHECK_EQ(rep.adapter.flags, NDKT_OBJ_MDL_CHAINS);
	return rep.adapter.id;
}

static uint64_t create(uint32_t opcode, uint64_t parent, uint32_t depth)
{
	struct ndkt_reply_header rh;
	struct ndkt_create_cq_reply rep; /* every create's reply is {objref} */
	union {
		struct ndkt_create_cq_req cq;
		struct ndkt_create_pd_req pd;
		struct ndkt_create_connector_req cn;
		struct ndkt_create_mr_req mr;
	} r;
	size_t n;
	memset(&r, 0, sizeof r);
	memset(&rep, 0, sizeof rep);
	switch (opcode) {
	case NDKT_OP_CREATE_CQ:
		r.cq.adapter = parent;
		r.cq.depth = depth;
		r.cq.done.present = 1;
		r.cq.done.context = 0xD0;
		n = sizeof r.cq;
		break;
	case NDKT_OP_CREATE_PD:
		r.pd.adapter = parent;
		n = sizeof r.pd;
		break;
	case NDKT_OP_CREATE_CONNECTOR:
		r.cn.adapter = parent;
		n = sizeof r.cn;
		break;
	default:
		r.mr.pd = parent;
		n = sizeof r.mr;
		break;
	}
	CHECK_EQ(call(opcode, &r, n, &rh, &rep, sizeof rep), NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.protocol_error, 0);
	return rep.cq.id;
}

static uint32_t arm(uint64_t cq)
{
	struct ndkt_arm_cq_req r;
	memset(&r, 0, sizeof r);
	r.cq = cq;
	return perr(NDKT_OP_ARM_CQ, &r, sizeof r);
}

static uint32_t close_object(uint64_t id, uint64_t ctx, int32_t *ntstatus)
{
	struct ndkt_close_object_req r;
	struct ndkt_reply_header rh;
	memset(&r, 0, sizeof r);
	r.object = id;
	if (ctx != 0) {
		r.done.present = 1;
		r.done.context = ctx;
	}
	CHECK_EQ(call(NDKT_OP_CLOSE_OBJECT, &r, sizeof r, &rh, NULL, 0), NDKT_STATUS_SUCCESS);
	if (ntstatus != NULL)
		*ntstatus = (int32_t)rh.ntstatus;
	return rh.protocol_error;
}

/* GET_EVENTS (blocking): the first record into *ev (up to n bytes); its kind. */
static uint32_t next_event(void *ev, size_t n)
{
	static union {
		uint64_t align;
		uint8_t b[8192];
	} buf;
	size_t w = 0;
	int32_t st = ndkt_session_ioctl(S, NDKT_GET_EVENTS, NULL, 0, buf.b, sizeof buf.b, &w);
	struct ndkt_event_header h;
	CHECK_EQ(st, NDKT_STATUS_SUCCESS);
	if (st != NDKT_STATUS_SUCCESS || w < sizeof h)
		return 0;
	memcpy(&h, buf.b, sizeof h);
	CHECK(h.size <= w && h.size % 8 == 0);
	memcpy(ev, buf.b, h.size < n ? h.size : n);
	return h.kind;
}

/* ---- tests ---- */

static void test_hello_first(void)
{
	struct ndkt_hello_in hi = {sizeof hi, NDKT_INTERFACE_VERSION};
	struct ndkt_hello_out ho;
	struct ndkt_ack a = {1};
	uint8_t small[16];
	size_t w = 0;
	open_session();
	/* Before HELLO: a CALL is BAD_SEQUENCE (nothing reaches the provider),
	 * the other codes fail. */
	CHECK_EQ(arm(1), NDKT_PROTOCOL_ERROR_BAD_SEQUENCE);
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_GET_EVENTS, NULL, 0, out_buf.b, 4096, &w), NDKT_STATUS_INVALID_DEVICE_STATE);
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_ACK_CALLBACK, &a, sizeof a, NULL, 0, &w), NDKT_STATUS_INVALID_DEVICE_STATE);
	CHECK_EQ(fake_calls(), 0);
	/* A HELLO that lies about its size, or has no room to answer. */
	hi.size = 12;
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_HELLO, &hi, sizeof hi, &ho, sizeof ho, &w), NDKT_STATUS_INVALID_PARAMETER);
	hi.size = sizeof hi;
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_HELLO, &hi, sizeof hi, small, sizeof small, &w), NDKT_STATUS_BUFFER_TOO_SMALL);
	memset(&ho, 0xEE, sizeof ho);
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_HELLO, &hi, sizeof hi, &ho, sizeof ho, &w), NDKT_STATUS_SUCCESS);
	CHECK_EQ(w, 32);
	CHECK_EQ(ho.size, 32);
	CHECK_EQ(ho.interface_version, NDKT_INTERFACE_VERSION);
	CHECK_EQ(ho.file_major, 1);
	CHECK_EQ(ho.max_sges, 4096);
	CHECK_EQ(ho.max_event_batch_bytes, 4096);
	CHECK_EQ(ho.ring_capacity, (64u << 10) / 48);
	CHECK_EQ(ho.faults, 0); /* the fake serves none by default */
	/* The first call only. */
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_HELLO, &hi, sizeof hi, &ho, sizeof ho, &w), NDKT_STATUS_INVALID_DEVICE_STATE);
	CHECK_EQ(ndkt_session_ioctl(S, 0x0022e0fcu, NULL, 0, NULL, 0, &w), NDKT_STATUS_INVALID_DEVICE_REQUEST);
	close_session();
}

static void test_bad_inputs(void)
{
	struct ndkt_call_header h;
	struct ndkt_reply_header rh;
	struct ndkt_get_cq_results_req gr;
	size_t w = 0;
	open_session();
	hello_on(S);
	/* An unknown opcode: NOT_SUPPORTED, the protocol's answer. */
	CHECK_EQ(perr(77, NULL, 0), NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
	/* A length that lies. */
	memset(&h, 0, sizeof h);
	h.size = sizeof h + 8;
	h.version = NDKT_INTERFACE_VERSION;
	h.opcode = NDKT_OP_ARM_CQ;
	memcpy(in_buf.b, &h, sizeof h);
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_CALL, in_buf.b, sizeof h, out_buf.b, 64, &w), NDKT_STATUS_SUCCESS);
	memcpy(&rh, out_buf.b, sizeof rh);
	CHECK_EQ(w, 8);
	CHECK_EQ(rh.ntstatus, 0);
	CHECK_EQ(rh.protocol_error, NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT);
	/* A version of another interface. */
	h.size = sizeof h + 16;
	h.version = 9;
	memcpy(in_buf.b, &h, sizeof h);
	memset(in_buf.b + sizeof h, 0, 16);
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_CALL, in_buf.b, h.size, out_buf.b, 64, &w), NDKT_STATUS_SUCCESS);
	memcpy(&rh, out_buf.b, sizeof rh);
	CHECK_EQ(rh.protocol_error, NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT);
	/* No room for a reply header; no room for the largest reply. */
	h.version = NDKT_INTERFACE_VERSION;
	memcpy(in_buf.b, &h, sizeof h);
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_CALL, in_buf.b, h.size, out_buf.b, 7, &w), NDKT_STATUS_BUFFER_TOO_SMALL);
	memset(&gr, 0, sizeof gr);
	gr.cq = 1;
	gr.max_results = 100; /* 8 + 8 + 100 x 40 bytes of reply */
	h.opcode = NDKT_OP_GET_CQ_RESULTS;
	memcpy(in_buf.b, &h, sizeof h);
	memcpy(in_buf.b + sizeof h, &gr, sizeof gr);
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_CALL, in_buf.b, h.size, out_buf.b, 4000, &w), NDKT_STATUS_SUCCESS);
	memcpy(&rh, out_buf.b, sizeof rh);
	CHECK_EQ(rh.protocol_error, NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT);
	/* Ack of a callback nobody has. */
	{
		struct ndkt_ack a = {12345};
		CHECK_EQ(ndkt_session_ioctl(S, NDKT_ACK_CALLBACK, &a, sizeof a, NULL, 0, &w), NDKT_STATUS_NOT_FOUND);
	}
	CHECK_EQ(fake_calls(), 0);
	close_session();
}

static void test_adapter(void)
{
	struct ndkt_query_adapter_info_req q;
	struct ndkt_query_adapter_info_reply qr;
	struct ndkt_open_adapter_req r;
	struct ndkt_reply_header rh;
	uint64_t a;
	open_session();
	hello_on(S);
	a = open_adapter();
	CHECK_EQ(NDKT_ID_KIND(a), NDKT_KIND_ADAPTER);
	memset(&q, 0, sizeof q);
	q.adapter = a;
	memset(&qr, 0, sizeof qr);
	CHECK_EQ(call(NDKT_OP_QUERY_ADAPTER_INFO, &q, sizeof q, &rh, &qr, sizeof qr), NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.protocol_error, 0);
	CHECK_EQ(rh.ntstatus, 0);
	CHECK_EQ(qr.info.version.major, 2);
	CHECK_EQ(qr.info.version.minor, 1);
	CHECK_EQ(qr.info.vendor_id, 0x1234);
	CHECK_EQ(qr.info.max_cq_depth, 4096);
	CHECK_EQ(qr.info.rdma_technology, NdkRoCEv2);
	/* An address no adapter owns: the provider's status, no handle. */
	memset(&r, 0, sizeof r);
	r.address.family = NDKT_AF_INET;
	r.address.addr[0] = 192;
	CHECK_EQ(call(NDKT_OP_OPEN_ADAPTER, &r, sizeof r, &rh, NULL, 0), NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.protocol_error, 0);
	CHECK_EQ(rh.ntstatus, (uint32_t)STATUS_INVALID_ADDRESS);
	close_session();

	/* Version negotiation: 2.0 first; a provider of NDKPI 1 refuses it
	 * (NDIS_STATUS_BAD_VERSION), then 1.1 opens. */
	open_session();
	hello_on(S);
	fake_major = 1;
	a = open_adapter();
	CHECK(a != 0);
	/* two opens, the query of its version and its four buffer-size
	 * probes (0 bytes, the size asked for, more room than that, one byte
	 * less than it wrote), then OH-7's two probes (a minor above the
	 * version reported, the next major), both refused */
	CHECK_EQ(fake_calls(), 9);
	close_session();
}

/* QueryAbiFacts: what the C ABI showed at the hand-over, as facts. */
static void query_facts(uint64_t id, struct ndkt_abi_facts *f)
{
	struct ndkt_query_abi_facts_req q;
	struct ndkt_query_abi_facts_reply rep;
	struct ndkt_reply_header rh;
	memset(&q, 0, sizeof q);
	q.object = id;
	memset(&rep, 0, sizeof rep);
	CHECK_EQ(call(NDKT_OP_QUERY_ABI_FACTS, &q, sizeof q, &rh, &rep, sizeof rep), NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.protocol_error, 0);
	CHECK_EQ(rh.ntstatus, 0);
	*f = rep.facts;
}

static void test_abi_facts(void)
{
	struct ndkt_abi_facts f;
	struct ndkt_query_abi_facts_req q;
	uint64_t a, cq;
	long calls;
	open_session();
	hello_on(S);
	a = open_adapter();
	query_facts(a, &f);
	CHECK_EQ(f.header_object_type, (uint32_t)NdkObjectTypeAdapter);
	CHECK_EQ(f.header_version.major, 2);
	CHECK_EQ(f.header_version.minor, 1);
	CHECK_EQ(f.reserved_nonzero, 0);
	CHECK_EQ(f.dispatch_null, 0);
	/* The fake's adapter table lacks NdkQueryExtension (0),
	 * NdkCreateSharedEndpoint (4) and NdkCreateListener (6). */
	CHECK_EQ(f.n_entries, 9);
	CHECK_EQ(f.null_entries, 0x51u);
	CHECK_EQ(f.dispatch_replaced, 1);
	CHECK_EQ(f.dispatch_rewrites, 0);
	CHECK_EQ(f.requested.major, 2);
	CHECK_EQ(f.requested.minor, 0);
	CHECK_EQ(f.has_info, 1);
	CHECK_EQ(f.info_version.major, 2);
	CHECK_EQ(f.info_version.minor, 1);
	/* OH-7's probes: 2.2 and 3.0, both refused (the fake's highest is 2.1). */
	CHECK_EQ(f.probe_minor.major, 2);
	CHECK_EQ(f.probe_minor.minor, 2);
	CHECK_EQ(f.probe_minor_status, (uint32_t)NDKT_NDIS_STATUS_BAD_VERSION);
	CHECK_EQ(f.probe_minor_got.major, 0);
	CHECK_EQ(f.probe_major.major, 3);
	CHECK_EQ(f.probe_major.minor, 0);
	CHECK_EQ(f.probe_major_status, (uint32_t)NDKT_NDIS_STATUS_BAD_VERSION);
	CHECK_EQ(f.high_irql_callbacks, 0);
	/* NdkQueryAdapterInfo's buffer-size probes: its first success, 0
	 * bytes (too small, with the size needed), that size (success), more
	 * room (success, the same size), one byte less (too small): five
	 * answers, each keeping the contract. */
	CHECK_EQ(f.size_probes, 5);
	CHECK_EQ(f.size_failures, 0);
	CHECK_EQ(f.size_call, 0);
	/* A CQ (created inline): its table lacks NdkQueryExtension (1),
	 * NdkResizeCq (2), NdkControlCqInterruptModeration (5) and
	 * NdkGetCqResultsEx (6); calls still reach the provider through the
	 * core's copy of the table. */
	cq = create(NDKT_OP_CREATE_CQ, a, 16);
	query_facts(cq, &f);
	CHECK_EQ(f.header_object_type, (uint32_t)NdkObjectTypeCq);
	CHECK_EQ(f.n_entries, 7);
	CHECK_EQ(f.null_entries, 0x66u);
	CHECK_EQ(f.dispatch_replaced, 1);
	CHECK_EQ(f.requested.major, 0); /* adapter facts only */
	calls = fake_calls();
	CHECK_EQ(arm(cq), 0);
	CHECK_EQ(fake_calls(), calls + 1);
	/* A buffer has no facts; a query reaches no provider. */
	memset(&q, 0, sizeof q);
	q.object = alloc_buffer(64);
	calls = fake_calls();
	CHECK_EQ(perr(NDKT_OP_QUERY_ABI_FACTS, &q, sizeof q), NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND);
	q.object = 0;
	CHECK_EQ(perr(NDKT_OP_QUERY_ABI_FACTS, &q, sizeof q), NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT);
	CHECK_EQ(fake_calls(), calls);
	close_session();
}

/* Buffer-size probes that find a breach: the first one is kept. */
static void test_size_probe_breaches(void)
{
	struct ndkt_abi_facts f;
	uint64_t a;
	/* Too small, and no size needed: the 0-byte probe and the one a byte
	 * short each break it (the size asked for is not tried: none was). */
	open_session();
	hello_on(S);
	fake_size_mode = 1;
	a = open_adapter();
	query_facts(a, &f);
	CHECK_EQ(f.has_info, 1);
	CHECK_EQ(f.size_probes, 3);
	CHECK_EQ(f.size_failures, 2);
	CHECK_EQ(f.size_call, NDKT_SIZE_CALL_QUERY_ADAPTER_INFO);
	CHECK_EQ(f.size_what, NDKT_SIZE_WHAT_NO_SIZE_NEEDED);
	CHECK_EQ(f.size_offered, 0);
	CHECK_EQ(f.size_status, (uint32_t)STATUS_BUFFER_TOO_SMALL);
	CHECK_EQ(f.size_returned, 0);
	close_session();
	/* Too small, after writing past the bytes offered (into the probe's
	 * own room: no memory outside it is reached). */
	open_session();
	hello_on(S);
	fake_size_mode = 2;
	a = open_adapter();
	query_facts(a, &f);
	CHECK(f.size_failures >= 1);
	CHECK_EQ(f.size_what, NDKT_SIZE_WHAT_WROTE_PAST);
	CHECK_EQ(f.size_offered, 0);
	CHECK_EQ(f.size_returned, (uint32_t)sizeof(NDK_ADAPTER_INFO));
	close_session();
	/* Success with *size left as offered: with more room than it asked
	 * for, it says it wrote all of it (AI-9). */
	open_session();
	hello_on(S);
	fake_size_mode = 3;
	a = open_adapter();
	query_facts(a, &f);
	CHECK_EQ(f.size_failures, 1);
	CHECK_EQ(f.size_what, NDKT_SIZE_WHAT_NOT_WRITTEN);
	CHECK_EQ(f.size_offered, NDKT_SIZE_ROOM);
	CHECK_EQ(f.size_status, (uint32_t)STATUS_SUCCESS);
	CHECK_EQ(f.size_returned, NDKT_SIZE_ROOM);
	close_session();
	fake_size_mode = 0;
}

/* A callback above DISPATCH_LEVEL (a provider bug, CR-13): the
 * trampoline takes no lock there (a CQ notification's would: the CQ it
 * names is read under the session's lock; the posix layer counts a lock
 * taken above DISPATCH_LEVEL as a bug); it only counts (held.c's atomics)
 * and publishes nothing, and QueryAbiFacts reports the count. The same
 * callback at DISPATCH_LEVEL is published, released. */
static void test_callback_above_dispatch(void)
{
	struct ndkt_abi_facts f;
	struct ndkt_ev_cq_notification ev;
	struct ndkt_cbref ref;
	struct ndkt_ack ack;
	ndkt_cbctx *c;
	ndkt_irql_t old;
	uint64_t a;
	size_t w;
	open_session();
	hello_on(S);
	a = open_adapter();
	memset(&ref, 0, sizeof ref);
	ref.context = 0xE1;
	ref.present = 1;
	c = ndkt_cbctx_new(S, NDKT_CB_CQ, &ref, NULL);
	CHECK(c != NULL);
	if (c == NULL)
		return;
	old = ndkt_sim_raise_irql(3);
	ndkt_cb_cq(c, STATUS_SUCCESS);
	ndkt_cb_cq(c, STATUS_SUCCESS);
	ndkt_sim_lower_irql(old);
	query_facts(a, &f);
	CHECK_EQ(f.high_irql_callbacks, 2);
	CHECK_EQ(f.high_irql_last, 3);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	ndkt_cb_cq(c, STATUS_SUCCESS);
	ndkt_sim_lower_irql(old);
	/* The first event is the one at DISPATCH_LEVEL: none was published
	 * above it. */
	memset(&ev, 0, sizeof ev);
	CHECK_EQ(next_event(&ev, sizeof ev), NDKT_EV_CQ_NOTIFICATION);
	CHECK_EQ(ev.hdr.context, 0xE1);
	CHECK_EQ(ev.hdr.irql, NDKT_DISPATCH_LEVEL);
	CHECK_EQ(ev.hdr.held, 0);
	ack.callback_id = ev.hdr.callback_id;
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_ACK_CALLBACK, &ack, sizeof ack, NULL, 0, &w), NDKT_STATUS_SUCCESS);
	query_facts(a, &f);
	CHECK_EQ(f.high_irql_callbacks, 2);
	close_session();
}

static void test_handle_refusals(void)
{
	ndkt_session *s2;
	uint64_t a, cq, pd, a2;
	long calls;
	int32_t st;
	open_session();
	hello_on(S);
	a = open_adapter();
	cq = create(NDKT_OP_CREATE_CQ, a, 16);
	pd = create(NDKT_OP_CREATE_PD, a, 0);
	CHECK_EQ(NDKT_ID_KIND(cq), NDKT_KIND_CQ);
	CHECK_EQ(arm(cq), 0);
	calls = fake_calls();
	/* Missing, never issued (kind 0, a slot past the table), wrong kind,
	 * forged generation: each refused with its error, none reaching the
	 * provider. */
	CHECK_EQ(arm(0), NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT);
	CHECK_EQ(arm(1), NDKT_PROTOCOL_ERROR_UNKNOWN_HANDLE);
	CHECK_EQ(arm(NDKT_ID(NDKT_KIND_CQ, NDKT_ID_GEN(cq), 63000)), NDKT_PROTOCOL_ERROR_UNKNOWN_HANDLE);
	CHECK_EQ(arm(pd), NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND);
	CHECK_EQ(arm(a), NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND);
	CHECK_EQ(arm(NDKT_ID(NDKT_KIND_CQ, NDKT_ID_GEN(cq) + 1000, NDKT_ID_SLOT(cq))), NDKT_PROTOCOL_ERROR_FOREIGN_HANDLE);
	/* Another session's adapter. */
	CHECK_RC(ndkt_session_open(NULL, NULL, &s2), NDKT_OK);
	hello_on(s2);
	{
		struct ndkt_open_adapter_req r;
		struct ndkt_open_adapter_reply rep;
		struct ndkt_reply_header rh;
		struct ndkt_query_adapter_info_req q;
		memset(&r, 0, sizeof r);
		r.address.family = NDKT_AF_INET;
		r.address.addr[0] = 10;
		CHECK_EQ(call_on(s2, NDKT_OP_OPEN_ADAPTER, 0, &r, sizeof r, NULL, 0, &rh, &rep, sizeof rep), NDKT_STATUS_SUCCESS);
		a2 = rep.adapter.id;
		calls = fake_calls();
		memset(&q, 0, sizeof q);
		q.adapter = a2;
		CHECK_EQ(perr(NDKT_OP_QUERY_ADAPTER_INFO, &q, sizeof q), NDKT_PROTOCOL_ERROR_FOREIGN_HANDLE);
	}
	CHECK_EQ(fake_calls(), calls);
	/* Closed: the handle is gone at its close's return (STATUS_SUCCESS). */
	CHECK_EQ(close_object(cq, 0, &st), 0);
	CHECK_EQ(st, 0);
	calls = fake_calls();
	CHECK_EQ(arm(cq), NDKT_PROTOCOL_ERROR_OBJECT_CLOSED);
	CHECK_EQ(close_object(cq, 0, NULL), NDKT_PROTOCOL_ERROR_OBJECT_CLOSED);
	/* CloseObject on an adapter: CloseAdapter's. */
	CHECK_EQ(close_object(a, 0, NULL), NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND);
	CHECK_EQ(fake_calls(), calls);
	/* A call within a callback nobody has. */
	{
		struct ndkt_arm_cq_req r;
		struct ndkt_reply_header rh;
		memset(&r, 0, sizeof r);
		r.cq = pd;
		CHECK_EQ(call_on(S, NDKT_OP_ARM_CQ, 0x123456, &r, sizeof r, NULL, 0, &rh, NULL, 0), NDKT_STATUS_SUCCESS);
		CHECK_EQ(rh.protocol_error, NDKT_PROTOCOL_ERROR_UNKNOWN_CALLBACK);
	}
	CHECK_EQ(fake_calls(), calls);
	CHECK_RC(ndkt_session_cleanup(s2), NDKT_OK);
	CHECK_RC(ndkt_session_free(s2), NDKT_OK);
	close_session();
}

/* ---- fault injection (SetHostState, FailSrq, FailCq) ---- */

/* One injection's answer: its protocol error (0: it reached the
 * environment, with STATUS_SUCCESS), and its error part in why (NUL
 * terminated, up to n-1 bytes). */
static uint32_t inject(uint32_t opcode, const void *req, size_t req_size, char *why, size_t n)
{
	struct {
		struct ndkt_fail_cq_reply fixed;
		char text[1024];
	} rep;
	struct ndkt_reply_header rh;
	memset(&rep, 0, sizeof rep);
	why[0] = 0;
	if (call(opcode, req, req_size, &rh, &rep, sizeof rep) != NDKT_STATUS_SUCCESS)
		return 0xFFFF;
	if (rh.protocol_error != 0)
		return rh.protocol_error;
	CHECK_EQ(rh.ntstatus, 0);
	CHECK(rep.fixed.n_error < n);
	if (rep.fixed.n_error < n) {
		memcpy(why, rep.text, rep.fixed.n_error);
		why[rep.fixed.n_error] = 0;
	}
	return 0;
}

static uint32_t fail_cq(uint64_t cq, char *why, size_t n)
{
	struct ndkt_fail_cq_req r;
	memset(&r, 0, sizeof r);
	r.cq = cq;
	return inject(NDKT_OP_FAIL_CQ, &r, sizeof r, why, n);
}

static uint32_t fail_srq(uint64_t srq, char *why, size_t n)
{
	struct ndkt_fail_srq_req r;
	memset(&r, 0, sizeof r);
	r.srq = srq;
	return inject(NDKT_OP_FAIL_SRQ, &r, sizeof r, why, n);
}

static uint32_t set_host_state(uint32_t family, uint8_t first, uint32_t state, char *why, size_t n)
{
	struct ndkt_set_host_state_req r;
	memset(&r, 0, sizeof r);
	r.address.family = family;
	r.address.addr[0] = first;
	r.address.addr[3] = 2;
	r.state = state;
	return inject(NDKT_OP_SET_HOST_STATE, &r, sizeof r, why, n);
}

static uint64_t create_srq(uint64_t pd)
{
	struct ndkt_create_srq_req r;
	struct ndkt_create_srq_reply rep;
	struct ndkt_reply_header rh;
	memset(&r, 0, sizeof r);
	memset(&rep, 0, sizeof rep);
	r.pd = pd;
	r.depth = 16;
	r.max_receive_request_sge = 1;
	CHECK_EQ(call(NDKT_OP_CREATE_SRQ, &r, sizeof r, &rh, &rep, sizeof rep), NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.protocol_error, 0);
	CHECK_EQ(rh.ntstatus, 0);
	CHECK_EQ(NDKT_ID_KIND(rep.srq.id), NDKT_KIND_SRQ);
	return rep.srq.id;
}

/* The provider's object behind a handle of S. */
static void *ndk_of(uint64_t id, unsigned kind)
{
	ndkt_obj *obj = NULL;
	CHECK_EQ(ndkt_lookup(S, id, kind, &obj), 0);
	return obj != NULL ? obj->ndk : NULL;
}

/* An environment that serves no fault: each call NOT_SUPPORTED (after
 * its handle's check), none reaching it. */
static void test_faults_not_served(void)
{
	char why[64];
	uint64_t a, cq, pd, srq;
	long calls;
	open_session();
	hello_on(S);
	a = open_adapter();
	cq = create(NDKT_OP_CREATE_CQ, a, 16);
	pd = create(NDKT_OP_CREATE_PD, a, 0);
	srq = create_srq(pd);
	calls = fake_calls();
	CHECK_EQ(fail_cq(cq, why, sizeof why), NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
	CHECK_EQ(fail_srq(srq, why, sizeof why), NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
	CHECK_EQ(set_host_state(NDKT_AF_INET, 10, NDKT_HOST_DOWN, why, sizeof why), NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
	/* The handle is still checked first. */
	CHECK_EQ(fail_cq(srq, why, sizeof why), NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND);
	CHECK_EQ(fail_srq(0, why, sizeof why), NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT);
	/* Served in part: the others stay NOT_SUPPORTED. */
	fake_faults = NDKT_FAULT_CQ;
	CHECK_EQ(fail_srq(srq, why, sizeof why), NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
	CHECK_EQ(set_host_state(NDKT_AF_INET, 10, NDKT_HOST_UP, why, sizeof why), NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
	fake_faults = NDKT_FAULT_SRQ | NDKT_FAULT_HOST_STATE;
	CHECK_EQ(fail_cq(cq, why, sizeof why), NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
	CHECK_EQ(fake_injections, 0);
	CHECK_EQ(fake_calls(), calls);
	close_session();
}

/* An environment that serves all three: each reaches its hook with the
 * session's provider and the provider's own object; a refusal is the
 * reply's error part. */
static void test_faults_served(void)
{
	static int marker;
	char why[1100];
	uint64_t a, cq, pd, srq, cq2;
	int32_t st;
	S_provider = &marker;
	open_session();
	S_provider = NULL;
	fake_faults = NDKT_FAULT_HOST_STATE | NDKT_FAULT_SRQ | NDKT_FAULT_CQ | 0x100;
	{
		/* HELLO says what the environment serves (an unknown bit
		 * dropped). */
		struct ndkt_hello_in hi = {sizeof hi, NDKT_INTERFACE_VERSION};
		struct ndkt_hello_out ho;
		size_t w = 0;
		memset(&ho, 0xEE, sizeof ho);
		CHECK_EQ(ndkt_session_ioctl(S, NDKT_HELLO, &hi, sizeof hi, &ho, sizeof ho, &w), NDKT_STATUS_SUCCESS);
		CHECK_EQ(ho.faults, NDKT_FAULT_HOST_STATE | NDKT_FAULT_SRQ | NDKT_FAULT_CQ);
	}
	a = open_adapter();
	cq = create(NDKT_OP_CREATE_CQ, a, 16);
	pd = create(NDKT_OP_CREATE_PD, a, 0);
	srq = create_srq(pd);

	CHECK_EQ(fail_cq(cq, why, sizeof why), 0);
	CHECK_EQ(strlen(why), 0);
	CHECK_EQ(fake_injections, 1);
	CHECK(fake_inject_provider == &marker);
	CHECK(fake_inject_obj != NULL && fake_inject_obj == ndk_of(cq, NDKT_KIND_CQ));

	CHECK_EQ(fail_srq(srq, why, sizeof why), 0);
	CHECK_EQ(strlen(why), 0);
	CHECK_EQ(fake_injections, 2);
	CHECK(fake_inject_obj != NULL && fake_inject_obj == ndk_of(srq, NDKT_KIND_SRQ));

	CHECK_EQ(set_host_state(NDKT_AF_INET, 10, NDKT_HOST_UNRESPONSIVE, why, sizeof why), 0);
	CHECK_EQ(fake_injections, 3);
	CHECK(fake_inject_provider == &marker);
	CHECK_EQ(fake_inject_state, NDKT_HOST_UNRESPONSIVE);
	CHECK_EQ(fake_inject_addr.family, NDKT_AF_INET);
	CHECK_EQ(fake_inject_addr.addr[0], 10);
	CHECK_EQ(fake_inject_addr.addr[3], 2);
	CHECK_EQ(set_host_state(NDKT_AF_INET6, 0xfd, NDKT_HOST_DOWN, why, sizeof why), 0);
	CHECK_EQ(fake_inject_state, NDKT_HOST_DOWN);
	CHECK_EQ(fake_inject_addr.family, NDKT_AF_INET6);
	CHECK_EQ(fake_injections, 4);

	/* Refused before the hook: a state that is none, an address that is
	 * none, and every kind of bad handle. */
	CHECK_EQ(set_host_state(NDKT_AF_INET, 10, 3, why, sizeof why), NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT);
	CHECK_EQ(set_host_state(0, 0, NDKT_HOST_UP, why, sizeof why), NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT);
	CHECK_EQ(fail_cq(0, why, sizeof why), NDKT_PROTOCOL_ERROR_INVALID_ARGUMENT);
	CHECK_EQ(fail_cq(srq, why, sizeof why), NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND);
	CHECK_EQ(fail_srq(cq, why, sizeof why), NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND);
	CHECK_EQ(fail_srq(pd, why, sizeof why), NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND);
	CHECK_EQ(fail_cq(NDKT_ID(NDKT_KIND_CQ, NDKT_ID_GEN(cq), 63000), why, sizeof why),
		NDKT_PROTOCOL_ERROR_UNKNOWN_HANDLE);
	CHECK_EQ(fail_cq(NDKT_ID(NDKT_KIND_CQ, NDKT_ID_GEN(cq) + 1000, NDKT_ID_SLOT(cq)), why, sizeof why),
		NDKT_PROTOCOL_ERROR_FOREIGN_HANDLE);
	cq2 = create(NDKT_OP_CREATE_CQ, a, 16);
	CHECK_EQ(close_object(cq2, 0, &st), 0);
	CHECK_EQ(st, 0);
	CHECK_EQ(fail_cq(cq2, why, sizeof why), NDKT_PROTOCOL_ERROR_OBJECT_CLOSED);
	CHECK_EQ(fake_injections, 4);

	/* The provider refuses: its reason, or the core's when it gives
	 * none; the call itself succeeded. */
	fake_inject_refuse = 1;
	CHECK_EQ(fail_cq(cq, why, sizeof why), 0);
	CHECK(strcmp(why, "fake: refused") == 0);
	CHECK_EQ(set_host_state(NDKT_AF_INET, 10, NDKT_HOST_UP, why, sizeof why), 0);
	CHECK(strcmp(why, "fake: refused") == 0);
	fake_inject_refuse = 2;
	CHECK_EQ(fail_srq(srq, why, sizeof why), 0);
	CHECK(strcmp(why, "ndkt: the provider refused the fault injection") == 0);
	CHECK_EQ(fake_injections, 7);
	close_session();
}

/* A create made on a thread of its own: its inline completion holds it
 * (PASSIVE_LEVEL) until the test acks. */
struct bg {
	uint64_t a;
	uint32_t depth;
	uint64_t id;
};
static void *bg_create(void *arg)
{
	struct bg *b = arg;
	b->id = create(NDKT_OP_CREATE_CQ, b->a, b->depth);
	return NULL;
}

static void test_create_pending_and_results(void)
{
	struct ndkt_ev_create_completion ev;
	struct ndkt_get_cq_results_req gr;
	struct {
		struct ndkt_get_cq_results_reply fixed;
		struct ndkt_result r[4];
	} rep;
	struct ndkt_reply_header rh;
	uint64_t a, cq;
	struct bg b;
	pthread_t th;
	open_session();
	hello_on(S);
	a = open_adapter();
	/* depth 99: the fake completes inline (held: the create waits in it)
	 * and returns STATUS_PENDING. */
	b.a = a;
	b.depth = 99;
	b.id = 1;
	pthread_create(&th, NULL, bg_create, &b);
	memset(&ev, 0, sizeof ev);
	CHECK_EQ(next_event(&ev, sizeof ev), NDKT_EV_CREATE_COMPLETION);
	CHECK_EQ(ev.hdr.size, sizeof ev);
	CHECK_EQ(ev.hdr.context, 0xD0);
	CHECK_EQ(ev.hdr.irql, 0);
	CHECK_EQ(ev.hdr.held, 1);
	CHECK_EQ(ev.status, 0);
	CHECK_EQ(ev.object.kind, 3);
	cq = ev.object.id;
	CHECK_EQ(NDKT_ID_KIND(cq), NDKT_KIND_CQ);
	/* A held callback: the creating call waits in it (inline) until the ack. */
	{
		size_t w;
		struct ndkt_ack ack;
		ack.callback_id = ev.hdr.callback_id;
		CHECK_EQ(ndkt_session_ioctl(S, NDKT_ACK_CALLBACK, &ack, sizeof ack, NULL, 0, &w), NDKT_STATUS_SUCCESS);
		CHECK_EQ(ndkt_session_ioctl(S, NDKT_ACK_CALLBACK, &ack, sizeof ack, NULL, 0, &w), NDKT_STATUS_NOT_FOUND);
	}
	pthread_join(th, NULL);
	CHECK_EQ(b.id, 0); /* STATUS_PENDING: the CQ came in the completion */
	memset(&gr, 0, sizeof gr);
	gr.cq = cq;
	gr.max_results = 4;
	memset(&rep, 0, sizeof rep);
	CHECK_EQ(call(NDKT_OP_GET_CQ_RESULTS, &gr, sizeof gr, &rh, &rep, sizeof rep), NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.protocol_error, 0);
	CHECK_EQ(rep.fixed.n_results, 1);
	CHECK_EQ(rep.r[0].bytes_transferred, 7);
	CHECK_EQ(rep.r[0].qp_context, 0x1111);
	CHECK_EQ(rep.r[0].request_context, 0x2222);
	/* An entry the provider's table lacks: NOT_SUPPORTED, no call. */
	CHECK_EQ(perr(NDKT_OP_GET_CQ_RESULTS_EX, &gr, sizeof gr), NDKT_PROTOCOL_ERROR_NOT_SUPPORTED);
	close_session();
}

/* A held callback (PASSIVE_LEVEL): GET_EVENTS delivers it with held 1,
 * a call within it runs and answers, the ack lets the provider's thread
 * go. Released (DISPATCH_LEVEL): held 0, the call runs on a work queue. */
static void held_or_released(ndkt_irql_t irql)
{
	struct ndkt_ev_close_completion ev;
	struct ndkt_query_adapter_info_req q;
	struct ndkt_query_adapter_info_reply qr;
	struct ndkt_reply_header rh;
	struct ndkt_ack ack;
	uint64_t a, cq;
	int32_t st;
	size_t w;
	open_session();
	hello_on(S);
	a = open_adapter();
	cq = create(NDKT_OP_CREATE_CQ, a, 16);
	fake_close_mode = 1;
	fake_close_irql = irql;
	CHECK_EQ(close_object(cq, 0xC1, &st), 0);
	CHECK_EQ(st, STATUS_PENDING);
	memset(&ev, 0, sizeof ev);
	CHECK_EQ(next_event(&ev, sizeof ev), NDKT_EV_CLOSE_COMPLETION);
	CHECK_EQ(ev.hdr.context, 0xC1);
	CHECK_EQ(ev.hdr.irql, irql);
	CHECK_EQ(ev.hdr.held, irql == NDKT_PASSIVE_LEVEL);
	CHECK_EQ(ev.object.id, cq);
	CHECK_EQ(ev.object.kind, 3);
	/* A call within it. */
	memset(&q, 0, sizeof q);
	q.adapter = a;
	memset(&qr, 0, sizeof qr);
	CHECK_EQ(call_on(S, NDKT_OP_QUERY_ADAPTER_INFO, ev.hdr.callback_id, &q, sizeof q, NULL, 0, &rh, &qr, sizeof qr),
		NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.protocol_error, 0);
	CHECK_EQ(qr.info.vendor_id, 0x1234);
	ack.callback_id = ev.hdr.callback_id;
	CHECK_EQ(ndkt_session_ioctl(S, NDKT_ACK_CALLBACK, &ack, sizeof ack, NULL, 0, &w), NDKT_STATUS_SUCCESS);
	fake_drain();
	/* Completed: the handle is gone; a call within the acked callback is
	 * UNKNOWN_CALLBACK. */
	CHECK_EQ(arm(cq), NDKT_PROTOCOL_ERROR_OBJECT_CLOSED);
	CHECK_EQ(call_on(S, NDKT_OP_QUERY_ADAPTER_INFO, ev.hdr.callback_id, &q, sizeof q, NULL, 0, &rh, NULL, 0),
		NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.protocol_error, NDKT_PROTOCOL_ERROR_UNKNOWN_CALLBACK);
	close_session();
}

static void test_held_callback(void)
{
	held_or_released(NDKT_PASSIVE_LEVEL);
}

static void test_released_callback(void)
{
	held_or_released(NDKT_DISPATCH_LEVEL);
}

/* ndkt_session_check_deadlines: a released callback never acked breaks
 * the session once past its deadline (not before), the hook runs, and
 * GET_EVENTS (the shell's non-blocking one) then says STATUS_IO_TIMEOUT. */
static ndkt_atomic64 hook_runs;
static void count_hook(void *ctx)
{
	(void)ctx;
	ndkt_atomic_add(&hook_runs, 1);
}

static void test_check_deadlines(void)
{
	ndkt_session_limits l;
	struct ndkt_ev_close_completion ev;
	struct timespec ts = {0, 300 * 1000 * 1000};
	uint64_t a, cq;
	int64_t before;
	int32_t st;
	size_t w = 0;
	fake_reset();
	ndkt_session_default_limits(&l);
	l.handles = 64;
	l.callbacks = 16;
	l.ring_bytes = 64u << 10;
	l.max_record = 4096;
	l.close_bound = NDKT_MS(2000);
	l.callback_timeout = NDKT_MS(100);
	CHECK_RC(ndkt_session_open(&l, NULL, &S), NDKT_OK);
	ndkt_atomic_init(&hook_runs, 0);
	ndkt_session_set_event_hook(S, count_hook, NULL);
	hello_on(S);
	a = open_adapter();
	cq = create(NDKT_OP_CREATE_CQ, a, 16);
	fake_close_mode = 1;
	fake_close_irql = NDKT_DISPATCH_LEVEL; /* released */
	CHECK_EQ(close_object(cq, 0xC2, &st), 0);
	CHECK_EQ(st, STATUS_PENDING);
	memset(&ev, 0, sizeof ev);
	CHECK_EQ(next_event(&ev, sizeof ev), NDKT_EV_CLOSE_COMPLETION);
	CHECK_EQ(ev.hdr.held, 0);
	fake_drain();
	/* Before its deadline: nothing. */
	CHECK_EQ(ndkt_session_check_deadlines(S), 0);
	CHECK_EQ(ndkt_session_get_events(S, out_buf.b, 4096, &w), NDKT_STATUS_PENDING);
	before = ndkt_atomic_load(&hook_runs);
	nanosleep(&ts, NULL);
	/* Past it: found once, the hook ran, GET_EVENTS says why. */
	CHECK_EQ(ndkt_session_check_deadlines(S), 1);
	CHECK_EQ(ndkt_atomic_load(&hook_runs), before + 1);
	CHECK_EQ(ndkt_session_check_deadlines(S), 0);
	CHECK_EQ(ndkt_atomic_load(&hook_runs), before + 1);
	CHECK_EQ(ndkt_session_get_events(S, out_buf.b, 4096, &w), NDKT_STATUS_IO_TIMEOUT);
	CHECK_EQ(w, 0);
	ndkt_session_set_event_hook(S, NULL, NULL);
	CHECK_RC(ndkt_session_cleanup(S), NDKT_OK);
	fake_drain();
	CHECK_RC(ndkt_session_free(S), NDKT_OK);
	S = NULL;
}

static uint64_t alloc_buffer(uint64_t n)
{
	struct ndkt_allocate_buffer_req r;
	struct ndkt_allocate_buffer_reply rep;
	struct ndkt_reply_header rh;
	r.length = n;
	memset(&rep, 0, sizeof rep);
	CHECK_EQ(call(NDKT_OP_ALLOCATE_BUFFER, &r, sizeof r, &rh, &rep, sizeof rep), NDKT_STATUS_SUCCESS);
	if (rh.protocol_error != 0)
		return 0;
	CHECK_EQ(rep.buffer.kind, 100);
	return rep.buffer.id;
}

static uint32_t write_mem(uint64_t region, uint64_t off, const void *data, uint32_t n)
{
	struct ndkt_write_memory_req r;
	struct ndkt_reply_header rh;
	memset(&r, 0, sizeof r);
	r.region = region;
	r.offset = off;
	r.n_data = n;
	CHECK_EQ(call_on(S, NDKT_OP_WRITE_MEMORY, 0, &r, sizeof r, data, n, &rh, NULL, 0), NDKT_STATUS_SUCCESS);
	return rh.protocol_error;
}

static uint32_t read_mem(uint64_t region, uint64_t off, void *data, uint32_t n)
{
	struct ndkt_read_memory_req r;
	struct ndkt_reply_header rh;
	static uint8_t rep[8 + 4096];
	memset(&r, 0, sizeof r);
	r.region = region;
	r.offset = off;
	r.length = n;
	CHECK_EQ(call(NDKT_OP_READ_MEMORY, &r, sizeof r, &rh, rep, sizeof rep), NDKT_STATUS_SUCCESS);
	if (rh.protocol_error == 0) {
		uint32_t got;
		memcpy(&got, rep, 4);
		CHECK_EQ(got, n);
		memcpy(data, rep + 8, n);
	}
	return rh.protocol_error;
}

static void test_memory(void)
{
	struct ndkt_register_mr_req rr;
	struct ndkt_deregister_mr_req dr;
	struct ndkt_free_buffer_req fr;
	struct ndkt_reply_header rh;
	uint64_t a, pd, mr, buf, buf2;
	uint8_t got[64];
	ndkt_session_stats st;
	open_session();
	hello_on(S);
	a = open_adapter();
	pd = create(NDKT_OP_CREATE_PD, a, 0);
	mr = create(NDKT_OP_CREATE_MR, pd, 0);
	CHECK_EQ(NDKT_ID_KIND(mr), NDKT_KIND_MR);
	buf = alloc_buffer(8192);
	CHECK(buf != 0);
	ndkt_session_get_stats(S, &st);
	CHECK_EQ(st.held_bytes, 8192 + 4096);
	/* Beyond the session's bound: OUT_OF_RANGE. */
	CHECK_EQ(alloc_buffer(1u << 20), 0);
	/* Inline write and read. */
	CHECK_EQ(write_mem(buf, 100, "hello", 5), 0);
	memset(got, 0, sizeof got);
	CHECK_EQ(read_mem(buf, 100, got, 5), 0);
	CHECK(memcmp(got, "hello", 5) == 0);
	CHECK_EQ(read_mem(buf, 8190, got, 4), NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
	CHECK_EQ(write_mem(buf, 8193, "x", 0), NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
	CHECK_EQ(read_mem(a, 0, got, 1), NDKT_PROTOCOL_ERROR_WRONG_HANDLE_KIND);
	/* The direct codes: the data is the IRP's MDL's (out). */
	{
		struct {
			struct ndkt_call_header h;
			struct ndkt_write_memory_req r;
		} m;
		uint8_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8}, back[8];
		size_t w = 99;
		memset(&m, 0, sizeof m);
		m.h.size = sizeof m;
		m.h.version = NDKT_INTERFACE_VERSION;
		m.h.opcode = NDKT_OP_WRITE_MEMORY;
		m.r.region = buf;
		m.r.offset = 200;
		m.r.n_data = 8;
		CHECK_EQ(ndkt_session_ioctl(S, NDKT_WRITE_MEMORY, &m, sizeof m, data, 8, &w), NDKT_STATUS_SUCCESS);
		CHECK_EQ(w, 0);
		m.h.opcode = NDKT_OP_READ_MEMORY; /* read_memory_req: the same layout, length for n_data */
		CHECK_EQ(ndkt_session_ioctl(S, NDKT_READ_MEMORY, &m, sizeof m, back, 8, &w), NDKT_STATUS_SUCCESS);
		CHECK_EQ(w, 8);
		CHECK(memcmp(back, data, 8) == 0);
		CHECK_EQ(ndkt_session_ioctl(S, NDKT_READ_MEMORY, &m, sizeof m, back, 7, &w), NDKT_STATUS_INVALID_PARAMETER);
		m.r.region = pd;
		CHECK_EQ(ndkt_session_ioctl(S, NDKT_READ_MEMORY, &m, sizeof m, back, 8, &w),
			NDKT_STATUS_OBJECT_TYPE_MISMATCH);
	}
	/* RegisterMr: the MDL's virtual address is the harness's va (an
	 * index), its bytes the buffer's. */
	memset(&rr, 0, sizeof rr);
	rr.mr = mr;
	rr.buffer = buf;
	rr.offset = 100;
	rr.length = 4096;
	rr.va = 0x7f0000001234ull;
	CHECK_EQ(call(NDKT_OP_REGISTER_MR, &rr, sizeof rr, &rh, NULL, 0), NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.protocol_error, 0);
	CHECK_EQ(rh.ntstatus, 0);
	CHECK_EQ(fake_mdl_va, 0x7f0000001234ull);
	CHECK_EQ(fake_mdl_bytes, 4096);
	CHECK_EQ(fake_mdl_first, 'h');
	/* The MR's region: offset 0 is the buffer's 100. */
	memset(got, 0, sizeof got);
	CHECK_EQ(read_mem(mr, 0, got, 5), 0);
	CHECK(memcmp(got, "hello", 5) == 0);
	CHECK_EQ(read_mem(mr, 4094, got, 4), NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
	/* A range past the buffer: OUT_OF_RANGE, no provider call. */
	rr.length = 8192;
	CHECK_EQ(perr(NDKT_OP_REGISTER_MR, &rr, sizeof rr), NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
	/* BUSY while registered. */
	memset(&fr, 0, sizeof fr);
	fr.buffer = buf;
	CHECK_EQ(perr(NDKT_OP_FREE_BUFFER, &fr, sizeof fr), NDKT_PROTOCOL_ERROR_BUSY);
	/* Deregistered (the fake completes inline and returns pending). */
	memset(&dr, 0, sizeof dr);
	dr.mr = mr;
	CHECK_EQ(call(NDKT_OP_DEREGISTER_MR, &dr, sizeof dr, &rh, NULL, 0), NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.ntstatus, (uint32_t)STATUS_PENDING);
	CHECK_EQ(read_mem(mr, 0, got, 1), NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
	CHECK_EQ(perr(NDKT_OP_FREE_BUFFER, &fr, sizeof fr), 0);
	CHECK_EQ(read_mem(buf, 0, got, 1), NDKT_PROTOCOL_ERROR_OBJECT_CLOSED);
	CHECK_EQ(perr(NDKT_OP_FREE_BUFFER, &fr, sizeof fr), NDKT_PROTOCOL_ERROR_OBJECT_CLOSED);
	ndkt_session_get_stats(S, &st);
	CHECK_EQ(st.held_bytes, 0);
	/* A LAM: too small first (page_count says what it needs), then built. */
	buf2 = alloc_buffer(8192);
	{
		struct ndkt_build_lam_req br;
		struct ndkt_release_lam_req rl;
		struct {
			struct ndkt_build_lam_reply fixed;
			uint64_t pages[4];
		} rep;
		memset(&br, 0, sizeof br);
		br.adapter = a;
		br.buffer = buf2;
		br.length = 8192;
		br.page_capacity = 1;
		memset(&rep, 0, sizeof rep);
		CHECK_EQ(call(NDKT_OP_BUILD_LAM, &br, sizeof br, &rh, &rep, sizeof rep), NDKT_STATUS_SUCCESS);
		CHECK_EQ(rh.protocol_error, 0);
		CHECK_EQ(rh.ntstatus, (uint32_t)STATUS_BUFFER_TOO_SMALL);
		CHECK_EQ(rep.fixed.lam.kind, 101);
		CHECK_EQ(rep.fixed.output.page_count, 2);
		CHECK_EQ(rep.fixed.output.n_pages, 1);
		memset(&rl, 0, sizeof rl);
		rl.adapter = a;
		rl.lam = rep.fixed.lam.id;
		CHECK_EQ(perr(NDKT_OP_RELEASE_LAM, &rl, sizeof rl), 0);
		CHECK_EQ(perr(NDKT_OP_RELEASE_LAM, &rl, sizeof rl), NDKT_PROTOCOL_ERROR_OBJECT_CLOSED);
		br.page_capacity = 4;
		memset(&rep, 0, sizeof rep);
		CHECK_EQ(call(NDKT_OP_BUILD_LAM, &br, sizeof br, &rh, &rep, sizeof rep), NDKT_STATUS_SUCCESS);
		CHECK_EQ(rh.ntstatus, 0);
		CHECK_EQ(rep.fixed.output.page_count, 2);
		CHECK_EQ(rep.fixed.output.n_pages, 2);
		CHECK_EQ(rep.fixed.output.fbo, 0x10);
		CHECK_EQ(rep.pages[0], 0x1000);
		CHECK_EQ(rep.pages[1], 0x2000);
		fr.buffer = buf2;
		CHECK_EQ(perr(NDKT_OP_FREE_BUFFER, &fr, sizeof fr), NDKT_PROTOCOL_ERROR_BUSY);
		/* The page array's bound: what a completion's record can carry. */
		br.page_capacity = 4096;
		CHECK_EQ(perr(NDKT_OP_BUILD_LAM, &br, sizeof br), NDKT_PROTOCOL_ERROR_OUT_OF_RANGE);
	}
	close_session(); /* the LAM and buf2 go with it */
}

/* Cleanup closes everything, children first (cleanup.h's order), pending
 * closes waited for, and wakes a GET_EVENTS with STATUS_CANCELLED. */
static int32_t bg_events_status;
static void *bg_events(void *arg)
{
	size_t w;
	(void)arg;
	bg_events_status = ndkt_session_ioctl(S, NDKT_GET_EVENTS, NULL, 0, out_buf.b + 16384, 4096, &w);
	return NULL;
}

static void test_cleanup(void)
{
	struct ndkt_register_mr_req rr;
	struct ndkt_build_lam_req br;
	struct ndkt_reply_header rh;
	uint64_t a, pd, mr, buf;
	unsigned kinds[16];
	int types[16], n;
	pthread_t th;
	ndkt_session_stats st;
	open_session();
	hello_on(S);
	a = open_adapter();
	buf = alloc_buffer(4096);
	(void)create(NDKT_OP_CREATE_CONNECTOR, a, 0);
	pd = create(NDKT_OP_CREATE_PD, a, 0);
	(void)create(NDKT_OP_CREATE_CQ, a, 16);
	mr = create(NDKT_OP_CREATE_MR, pd, 0);
	memset(&rr, 0, sizeof rr);
	rr.mr = mr;
	rr.buffer = buf;
	rr.length = 4096;
	rr.va = 0x1000;
	CHECK_EQ(perr(NDKT_OP_REGISTER_MR, &rr, sizeof rr), 0);
	memset(&br, 0, sizeof br);
	br.adapter = a;
	br.buffer = buf;
	br.length = 4096;
	br.page_capacity = 4;
	CHECK_EQ(call(NDKT_OP_BUILD_LAM, &br, sizeof br, &rh, NULL, 0), NDKT_STATUS_SUCCESS);
	CHECK_EQ(rh.protocol_error, 0);
	ndkt_session_get_stats(S, &st);
	CHECK_EQ(st.objects, 7);
	pthread_create(&th, NULL, bg_events, NULL);
	fake_close_mode = 1; /* every close pending, completed 2 ms later */
	CHECK_RC(ndkt_session_cleanup(S), NDKT_OK);
	pthread_join(th, NULL);
	CHECK_EQ(bg_events_status, NDKT_STATUS_CANCELLED);
	/* The provider's closes, in order. */
	n = fake_closes(types, 16);
	CHECK_EQ(n, 5);
	CHECK_EQ(types[0], NdkObjectTypeConnector);
	CHECK_EQ(types[1], NdkObjectTypeMr);
	CHECK_EQ(types[2], NdkObjectTypeCq);
	CHECK_EQ(types[3], NdkObjectTypePd);
	CHECK_EQ(types[4], NdkObjectTypeAdapter);
	/* The session's, LAM and buffer included. */
	CHECK_EQ(ndkt_session_cleanup_order(S, kinds, 16), 7);
	CHECK_EQ(kinds[0], NDKT_KIND_CONNECTOR);
	CHECK_EQ(kinds[1], NDKT_KIND_MR);
	CHECK_EQ(kinds[2], NDKT_KIND_CQ);
	CHECK_EQ(kinds[3], NDKT_KIND_PD);
	CHECK_EQ(kinds[4], NDKT_KIND_LAM);
	CHECK_EQ(kinds[5], NDKT_KIND_ADAPTER);
	CHECK_EQ(kinds[6], NDKT_KIND_BUFFER);
	ndkt_session_get_stats(S, &st);
	CHECK_EQ(st.cleanup_closed, 7);
	CHECK_EQ(st.cleanup_stuck, 0);
	CHECK_EQ(st.objects, 0);
	CHECK_EQ(st.held_bytes, 0);
	/* Closed: nothing more. */
	{
		size_t w;
		CHECK_EQ(ndkt_session_ioctl(S, NDKT_CALL, in_buf.b, 32, out_buf.b, 64, &w), NDKT_STATUS_INVALID_DEVICE_STATE);
		CHECK_EQ(ndkt_session_ioctl(S, NDKT_GET_EVENTS, NULL, 0, out_buf.b, 64, &w), NDKT_STATUS_CANCELLED);
	}
	CHECK_EQ(ndkt_session_cleanup(S), NDKT_E_INVAL); /* once */
	fake_drain();
	CHECK_RC(ndkt_session_free(S), NDKT_OK);
	S = NULL;
}

/* A harness close still pending when the session ends: cleanup waits for
 * its completion rather than close twice. */
static void test_cleanup_pending_close(void)
{
	uint64_t a, cq;
	int32_t st;
	int types[8];
	open_session();
	hello_on(S);
	a = open_adapter();
	cq = create(NDKT_OP_CREATE_CQ, a, 16);
	fake_close_mode = 1;
	fake_close_irql = NDKT_DISPATCH_LEVEL;
	CHECK_EQ(close_object(cq, 0, &st), 0);
	CHECK_EQ(st, STATUS_PENDING);
	CHECK_RC(ndkt_session_cleanup(S), NDKT_OK);
	CHECK_EQ(fake_closes(types, 8), 2); /* the CQ once, the adapter */
	CHECK_EQ(types[0], NdkObjectTypeCq);
	CHECK_EQ(types[1], NdkObjectTypeAdapter);
	fake_drain();
	CHECK_RC(ndkt_session_free(S), NDKT_OK);
	S = NULL;
}

int main(void)
{
	test_begin();
	RUN(test_hello_first);
	RUN(test_bad_inputs);
	RUN(test_adapter);
	RUN(test_abi_facts);
	RUN(test_size_probe_breaches);
	RUN(test_callback_above_dispatch);
	RUN(test_handle_refusals);
	RUN(test_faults_not_served);
	RUN(test_faults_served);
	RUN(test_create_pending_and_results);
	RUN(test_held_callback);
	RUN(test_released_callback);
	RUN(test_check_deadlines);
	RUN(test_memory);
	RUN(test_cleanup);
	RUN(test_cleanup_pending_close);
	return test_end("session_test");
}
