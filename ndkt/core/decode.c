/*
 * ndkt's IOCTL decoding and encoding: see decode.h. This translation unit
 * defines the contract's tables (ndkt_op_table, ndkt_event_table,
 * ndkt_decode_status_table).
 */
#define NDKT_CONTRACT_DEFINE_TABLES
#include "decode.h"

#include <string.h>

#define NDKT_SIZE_MAX ((size_t)-1)

static uint32_t ld32(const uint8_t *p)
{
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static uint16_t ld16(const uint8_t *p)
{
	return (uint16_t)((unsigned)p[0] | ((unsigned)p[1] << 8));
}

static uint64_t ld64(const uint8_t *p)
{
	return (uint64_t)ld32(p) | ((uint64_t)ld32(p + 4) << 32);
}

static void st32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static int all_zero(const uint8_t *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		if (p[i] != 0) {
			return 0;
		}
	}
	return 1;
}

/* add and mul with overflow checks: 0 on overflow. */
static int add_ok(size_t a, size_t b, size_t *r)
{
	if (a > NDKT_SIZE_MAX - b) {
		return 0;
	}
	*r = a + b;
	return 1;
}

static int mul_ok(size_t a, size_t b, size_t *r)
{
	if (b != 0 && a > NDKT_SIZE_MAX / b) {
		return 0;
	}
	*r = a * b;
	return 1;
}

const struct ndkt_op_desc *ndkt_op_desc_of(uint32_t opcode)
{
	if (opcode >= NDKT_OPCODE_LIMIT || ndkt_op_table[opcode].name == NULL) {
		return NULL;
	}
	return &ndkt_op_table[opcode];
}

const struct ndkt_event_desc *ndkt_event_desc_of(uint32_t kind)
{
	if (kind >= NDKT_EVENT_KIND_LIMIT || ndkt_event_table[kind].name == NULL) {
		return NULL;
	}
	return &ndkt_event_table[kind];
}

const char *ndkt_decode_status_name(enum ndkt_decode_status s)
{
	if ((unsigned)s >= NDKT_DECODE_STATUS_LIMIT) {
		return "unknown";
	}
	return ndkt_decode_status_table[s].name;
}

uint32_t ndkt_decode_protocol_error(enum ndkt_decode_status s)
{
	if ((unsigned)s >= NDKT_DECODE_STATUS_LIMIT) {
		return NDKT_PROTOCOL_ERROR_INTERNAL;
	}
	return ndkt_decode_status_table[s].protocol_error;
}

static int addr_ok(const uint8_t *a)
{
	uint16_t family = ld16(a);
	uint32_t scope = ld32(a + 4);
	switch (family) {
	case NDKT_AF_UNSPEC:
		return all_zero(a, sizeof(struct ndkt_addr));
	case NDKT_AF_INET:
		return scope == 0 && all_zero(a + 8 + 4, 12);
	case NDKT_AF_INET6:
		return 1;
	default:
		return 0;
	}
}

/* run_checks runs the checks of d on the fixed struct b (d->size bytes). */
static enum ndkt_decode_status run_checks(const struct ndkt_struct_desc *d, const uint8_t *b)
{
	uint32_t i;
	for (i = 0; i < d->n_checks; i++) {
		const struct ndkt_check *c = &d->checks[i];
		if ((size_t)c->off + c->len > d->size) {
			return NDKT_DECODE_BAD_ARGUMENT; /* a broken table */
		}
		switch (c->kind) {
		case NDKT_CHECK_ZERO:
			if (!all_zero(b + c->off, c->len)) {
				return NDKT_DECODE_BAD_FIELD;
			}
			break;
		case NDKT_CHECK_BOOL:
			if (b[c->off] > 1) {
				return NDKT_DECODE_BAD_FIELD;
			}
			break;
		case NDKT_CHECK_ABSENT_ZERO:
			if ((size_t)c->arg + c->len > d->size) {
				return NDKT_DECODE_BAD_ARGUMENT;
			}
			if (b[c->off] == 0 && !all_zero(b + c->arg, c->len)) {
				return NDKT_DECODE_BAD_FIELD;
			}
			break;
		case NDKT_CHECK_ADDR:
			if (c->len != sizeof(struct ndkt_addr) || !addr_ok(b + c->off)) {
				return NDKT_DECODE_BAD_FIELD;
			}
			break;
		default:
			return NDKT_DECODE_BAD_ARGUMENT;
		}
	}
	return NDKT_DECODE_OK;
}

/* decode_parts checks the parts of d after the fixed struct (already
 * checked) against the rest bytes at tail, and fills pv. */
static enum ndkt_decode_status decode_parts(const struct ndkt_struct_desc *d, const uint8_t *fixed,
	const uint8_t *tail, size_t rest, struct ndkt_part_view *pv)
{
	size_t off = 0;
	uint32_t i;
	if (d->n_parts > NDKT_MAX_PARTS) {
		return NDKT_DECODE_BAD_ARGUMENT;
	}
	for (i = 0; i < d->n_parts; i++) {
		const struct ndkt_part_desc *p = &d->parts[i];
		uint32_t count;
		size_t bytes;
		if (p->elem_size == 0 || (size_t)p->count_off + 4 > d->size ||
			(p->present_off != NDKT_NO_FIELD && p->present_off >= d->size)) {
			return NDKT_DECODE_BAD_ARGUMENT;
		}
		count = ld32(fixed + p->count_off);
		if (p->max_count != 0 && count > p->max_count) {
			return NDKT_DECODE_TOO_MANY;
		}
		/* count x elem_size <= rest, without computing the product first */
		if (count > rest / p->elem_size) {
			return NDKT_DECODE_BAD_TRAILING;
		}
		bytes = (size_t)count * p->elem_size;
		pv[i].data = count != 0 ? (const void *)(tail + off) : NULL;
		pv[i].count = count;
		pv[i].present = p->present_off == NDKT_NO_FIELD ? 1u : fixed[p->present_off];
		pv[i].bytes = bytes;
		off += bytes;
		rest -= bytes;
	}
	if (rest != 0) {
		return NDKT_DECODE_BAD_TRAILING;
	}
	return NDKT_DECODE_OK;
}

/* decode_header checks the header and the fixed request of in and fills
 * out's hdr, opcode, op and req. */
static enum ndkt_decode_status decode_header(const uint8_t *in, size_t in_len, struct ndkt_call_view *out)
{
	const struct ndkt_op_desc *op;
	enum ndkt_decode_status s;
	uint32_t opcode;
	if (in == NULL || out == NULL) {
		return NDKT_DECODE_BAD_ARGUMENT;
	}
	memset(out, 0, sizeof(*out));
	if (((uintptr_t)in & 7u) != 0) {
		return NDKT_DECODE_BAD_ALIGNMENT;
	}
	if (in_len < sizeof(struct ndkt_call_header) || (uint64_t)ld32(in + offsetof(struct ndkt_call_header, size)) != (uint64_t)in_len) {
		return NDKT_DECODE_BAD_SIZE;
	}
	if (ld32(in + offsetof(struct ndkt_call_header, version)) != NDKT_INTERFACE_VERSION) {
		return NDKT_DECODE_BAD_VERSION;
	}
	opcode = ld32(in + offsetof(struct ndkt_call_header, opcode));
	op = ndkt_op_desc_of(opcode);
	if (op == NULL) {
		return NDKT_DECODE_UNKNOWN_OPCODE;
	}
	if (ld32(in + offsetof(struct ndkt_call_header, reserved)) != 0) {
		return NDKT_DECODE_BAD_FIELD;
	}
	if (in_len - sizeof(struct ndkt_call_header) < op->req.size) {
		return NDKT_DECODE_BAD_SIZE;
	}
	s = run_checks(&op->req, in + sizeof(struct ndkt_call_header));
	if (s != NDKT_DECODE_OK) {
		return s;
	}
	out->hdr = (const struct ndkt_call_header *)(const void *)in;
	out->opcode = opcode;
	out->op = op;
	out->req = op->req.size != 0 ? (const void *)(in + sizeof(struct ndkt_call_header)) : NULL;
	out->n_parts = op->req.n_parts;
	return NDKT_DECODE_OK;
}

enum ndkt_decode_status ndkt_decode_call(const uint8_t *in, size_t in_len, struct ndkt_call_view *out)
{
	const uint8_t *fixed;
	size_t used;
	enum ndkt_decode_status s = decode_header(in, in_len, out);
	if (s != NDKT_DECODE_OK) {
		if (out != NULL) {
			memset(out, 0, sizeof(*out));
		}
		return s;
	}
	fixed = in + sizeof(struct ndkt_call_header);
	used = sizeof(struct ndkt_call_header) + out->op->req.size;
	s = decode_parts(&out->op->req, fixed, in + used, in_len - used, out->parts);
	if (s != NDKT_DECODE_OK) {
		memset(out, 0, sizeof(*out));
	}
	return s;
}

enum ndkt_decode_status ndkt_decode_memory(const uint8_t *in, size_t in_len, uint32_t expect_opcode,
	size_t mdl_len, struct ndkt_call_view *out)
{
	const uint8_t *fixed;
	uint32_t want;
	enum ndkt_decode_status s;
	if (expect_opcode != NDKT_OP_WRITE_MEMORY && expect_opcode != NDKT_OP_READ_MEMORY) {
		return NDKT_DECODE_BAD_ARGUMENT;
	}
	s = decode_header(in, in_len, out);
	if (s == NDKT_DECODE_OK && out->opcode != expect_opcode) {
		s = NDKT_DECODE_UNKNOWN_OPCODE;
	}
	if (s == NDKT_DECODE_OK && in_len != sizeof(struct ndkt_call_header) + out->op->req.size) {
		s = NDKT_DECODE_BAD_TRAILING;
	}
	if (s != NDKT_DECODE_OK) {
		if (out != NULL) {
			memset(out, 0, sizeof(*out));
		}
		return s;
	}
	fixed = in + sizeof(struct ndkt_call_header);
	if (expect_opcode == NDKT_OP_WRITE_MEMORY) {
		want = ld32(fixed + offsetof(struct ndkt_write_memory_req, n_data));
		out->parts[0].data = NULL;
		out->parts[0].count = want;
		out->parts[0].present = 1;
		out->parts[0].bytes = want;
	} else {
		want = ld32(fixed + offsetof(struct ndkt_read_memory_req, length));
	}
	if ((uint64_t)want != (uint64_t)mdl_len) {
		memset(out, 0, sizeof(*out));
		return NDKT_DECODE_BAD_TRAILING;
	}
	return NDKT_DECODE_OK;
}

enum ndkt_decode_status ndkt_decode_hello(const uint8_t *in, size_t in_len, uint32_t *interface_version)
{
	if (in == NULL || interface_version == NULL) {
		return NDKT_DECODE_BAD_ARGUMENT;
	}
	/* a later version may send more: size is what it sent */
	if (in_len < sizeof(struct ndkt_hello_in) || (uint64_t)ld32(in) != (uint64_t)in_len) {
		return NDKT_DECODE_BAD_SIZE;
	}
	*interface_version = ld32(in + offsetof(struct ndkt_hello_in, interface_version));
	return NDKT_DECODE_OK;
}

enum ndkt_decode_status ndkt_decode_ack(const uint8_t *in, size_t in_len, uint64_t *callback_id)
{
	if (in == NULL || callback_id == NULL) {
		return NDKT_DECODE_BAD_ARGUMENT;
	}
	if (in_len != sizeof(struct ndkt_ack)) {
		return NDKT_DECODE_BAD_SIZE;
	}
	*callback_id = ld64(in);
	return NDKT_DECODE_OK;
}

enum ndkt_decode_status ndkt_reply_capacity(const struct ndkt_call_view *v, size_t *cap)
{
	size_t n;
	uint32_t i;
	const struct ndkt_struct_desc *d;
	if (v == NULL || cap == NULL || v->op == NULL) {
		return NDKT_DECODE_BAD_ARGUMENT;
	}
	d = &v->op->reply;
	n = sizeof(struct ndkt_reply_header) + d->size;
	for (i = 0; i < d->n_parts; i++) {
		const struct ndkt_part_desc *p = &d->parts[i];
		size_t bound = p->bound_const, bytes;
		if (p->bound_off != NDKT_NO_FIELD) {
			if (v->req == NULL || (size_t)p->bound_off + 4 > v->op->req.size) {
				return NDKT_DECODE_BAD_ARGUMENT;
			}
			bound = ld32((const uint8_t *)v->req + p->bound_off);
		}
		if (!mul_ok(bound, p->elem_size, &bytes) || !add_ok(n, bytes, &n)) {
			return NDKT_DECODE_BAD_SIZE;
		}
	}
	if ((uint64_t)n > 0xffffffffu) {
		return NDKT_DECODE_BAD_SIZE; /* no IOCTL's output buffer is larger */
	}
	*cap = n;
	return NDKT_DECODE_OK;
}

enum ndkt_decode_status ndkt_encode_reply(uint8_t *out, size_t cap, uint32_t opcode, uint32_t ntstatus,
	const void *fixed, size_t fixed_size, const struct ndkt_part_src *parts, size_t n_parts, size_t *written)
{
	const struct ndkt_op_desc *op = ndkt_op_desc_of(opcode);
	const struct ndkt_struct_desc *d;
	const uint8_t *f = (const uint8_t *)fixed;
	size_t total = sizeof(struct ndkt_reply_header), off, i;
	enum ndkt_decode_status s;
	if (out == NULL || written == NULL || (fixed == NULL && fixed_size != 0) || (parts == NULL && n_parts != 0)) {
		return NDKT_DECODE_BAD_ARGUMENT;
	}
	if (op == NULL) {
		return NDKT_DECODE_UNKNOWN_OPCODE;
	}
	d = &op->reply;
	if (fixed_size != d->size) {
		return NDKT_DECODE_BAD_SIZE;
	}
	if (n_parts != d->n_parts) {
		return NDKT_DECODE_BAD_ARGUMENT;
	}
	if (d->size != 0) {
		s = run_checks(d, f);
		if (s != NDKT_DECODE_OK) {
			return s;
		}
	}
	total += fixed_size;
	for (i = 0; i < n_parts; i++) {
		const struct ndkt_part_desc *p = &d->parts[i];
		size_t bytes;
		if ((size_t)p->count_off + 4 > d->size) {
			return NDKT_DECODE_BAD_ARGUMENT;
		}
		if (!mul_ok(ld32(f + p->count_off), p->elem_size, &bytes) || bytes != parts[i].bytes) {
			return NDKT_DECODE_BAD_TRAILING;
		}
		if (bytes != 0 && parts[i].data == NULL) {
			return NDKT_DECODE_BAD_ARGUMENT;
		}
		if (!add_ok(total, bytes, &total)) {
			return NDKT_DECODE_BAD_TRAILING;
		}
	}
	if (total > cap) {
		return NDKT_DECODE_NO_ROOM;
	}
	st32(out, ntstatus);
	st32(out + 4, 0);
	off = sizeof(struct ndkt_reply_header);
	if (fixed_size != 0) {
		memcpy(out + off, f, fixed_size);
		off += fixed_size;
	}
	for (i = 0; i < n_parts; i++) {
		if (parts[i].bytes != 0) {
			memcpy(out + off, parts[i].data, parts[i].bytes);
			off += parts[i].bytes;
		}
	}
	*written = off;
	return NDKT_DECODE_OK;
}

enum ndkt_decode_status ndkt_encode_protocol_error(uint8_t *out, size_t cap, uint32_t code, size_t *written)
{
	if (out == NULL || written == NULL || code == 0) {
		return NDKT_DECODE_BAD_ARGUMENT;
	}
	if (cap < sizeof(struct ndkt_reply_header)) {
		return NDKT_DECODE_NO_ROOM;
	}
	st32(out, 0);
	st32(out + 4, code);
	*written = sizeof(struct ndkt_reply_header);
	return NDKT_DECODE_OK;
}

enum ndkt_decode_status ndkt_event_put(uint8_t *buf, size_t cap, size_t *used, uint32_t kind,
	const void *rec, size_t rec_size, const void *tail, size_t tail_bytes)
{
	const struct ndkt_event_desc *e = ndkt_event_desc_of(kind);
	const uint8_t *r = (const uint8_t *)rec;
	size_t total, pad, want = 0;
	enum ndkt_decode_status s;
	if (buf == NULL || used == NULL || rec == NULL || *used > cap || (tail == NULL && tail_bytes != 0)) {
		return NDKT_DECODE_BAD_ARGUMENT;
	}
	if (e == NULL) {
		return NDKT_DECODE_UNKNOWN_KIND;
	}
	if (rec_size != e->rec.size) {
		return NDKT_DECODE_BAD_SIZE;
	}
	s = run_checks(&e->rec, r);
	if (s != NDKT_DECODE_OK) {
		return s;
	}
	if (e->rec.n_parts > 1) {
		return NDKT_DECODE_BAD_ARGUMENT; /* one tail: every kind has at most one part */
	}
	if (e->rec.n_parts == 1) {
		const struct ndkt_part_desc *p = &e->rec.parts[0];
		if ((size_t)p->count_off + 4 > rec_size || !mul_ok(ld32(r + p->count_off), p->elem_size, &want)) {
			return NDKT_DECODE_BAD_TRAILING;
		}
	}
	if (want != tail_bytes) {
		return NDKT_DECODE_BAD_TRAILING;
	}
	if (!add_ok(rec_size, tail_bytes, &total)) {
		return NDKT_DECODE_BAD_TRAILING;
	}
	pad = (8 - total % 8) % 8;
	if (!add_ok(total, pad, &total) || (uint64_t)total > 0xffffffffu) {
		return NDKT_DECODE_BAD_SIZE;
	}
	if (total > cap - *used) {
		return NDKT_DECODE_NO_ROOM;
	}
	buf += *used;
	memcpy(buf, r, rec_size);
	st32(buf + offsetof(struct ndkt_event_header, size), (uint32_t)total);
	st32(buf + offsetof(struct ndkt_event_header, kind), kind);
	if (tail_bytes != 0) {
		memcpy(buf + rec_size, tail, tail_bytes);
	}
	memset(buf + rec_size + tail_bytes, 0, pad);
	*used += total;
	return NDKT_DECODE_OK;
}
