/*
 * Unit tests of ndkt/core/decode.c, driven by the contract's tables: every
 * opcode's minimal input decodes, and each malformed one (a byte too few
 * or too many, a count one too large or too small, a count whose product
 * overflows, an unknown opcode, a wrong version, a pad, bool, presence or
 * address field set wrong) is refused with its status. Each input is
 * decoded from a malloc'd copy of exactly its length, so that a read past
 * it is an AddressSanitizer error.
 *
 * Build: gcc -std=c11 -Wall -Wextra -Werror -pedantic
 *   -fsanitize=address,undefined -fno-sanitize-recover=all
 *   -Indkt/include -Indkt/core ndkt/test/decode_test.c ndkt/core/decode.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"

static int checks, failures;

#define CHECK(cond, ...)                                                   \
	do {                                                               \
		checks++;                                                  \
		if (!(cond)) {                                             \
			failures++;                                        \
			fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);    \
			fprintf(stderr, __VA_ARGS__);                      \
			fprintf(stderr, "\n");                             \
		}                                                          \
	} while (0)

#define BUF_MAX 65536
static uint64_t build_words[BUF_MAX / 8]; /* 8-aligned */
static uint8_t *const build = (uint8_t *)build_words;

static void st32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void st16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static uint32_t ld32(const uint8_t *p)
{
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

/* header writes a call header for opcode into build, size len. */
static void header(uint32_t opcode, size_t len)
{
	memset(build, 0, sizeof(struct ndkt_call_header));
	st32(build + offsetof(struct ndkt_call_header, size), (uint32_t)len);
	st32(build + offsetof(struct ndkt_call_header, version), NDKT_INTERFACE_VERSION);
	st32(build + offsetof(struct ndkt_call_header, opcode), opcode);
	build[offsetof(struct ndkt_call_header, call_id)] = 42;
}

/* decode decodes a malloc'd copy of build[0..len) (header size left as is). */
static enum ndkt_decode_status decode(size_t len, struct ndkt_call_view *v, uint8_t **copy)
{
	uint8_t *in = malloc(len != 0 ? len : 1);
	enum ndkt_decode_status s;
	if (in == NULL) {
		abort();
	}
	memcpy(in, build, len);
	s = ndkt_decode_call(in, len, v);
	if (copy != NULL) {
		*copy = in;
	} else {
		free(in);
	}
	return s;
}

/* minimal: the header and a zero fixed struct; returns its length. */
static size_t minimal(const struct ndkt_op_desc *op)
{
	size_t len = sizeof(struct ndkt_call_header) + op->req.size;
	memset(build, 0, len);
	header(op->opcode, len);
	return len;
}

static void test_every_opcode_minimal(void)
{
	uint32_t opcode;
	int n = 0;
	for (opcode = 0; opcode < NDKT_OPCODE_LIMIT; opcode++) {
		const struct ndkt_op_desc *op = ndkt_op_desc_of(opcode);
		struct ndkt_call_view v;
		uint8_t *in;
		size_t len;
		enum ndkt_decode_status s;
		uint32_t i;
		if (op == NULL) {
			continue;
		}
		n++;
		len = minimal(op);
		s = decode(len, &v, &in);
		CHECK(s == NDKT_DECODE_OK, "%s: minimal input: %s", op->name, ndkt_decode_status_name(s));
		CHECK(v.opcode == opcode && v.op == op && v.hdr == (const void *)in && v.hdr->call_id == 42,
			"%s: view header", op->name);
		CHECK(op->req.size == 0 ? v.req == NULL : v.req == (const void *)(in + sizeof(struct ndkt_call_header)),
			"%s: the view's request is not in the buffer", op->name);
		CHECK(v.n_parts == op->req.n_parts, "%s: %u parts", op->name, (unsigned)v.n_parts);
		for (i = 0; i < v.n_parts; i++) {
			CHECK(v.parts[i].count == 0 && v.parts[i].data == NULL && v.parts[i].bytes == 0,
				"%s: part %u not empty", op->name, (unsigned)i);
			CHECK(v.parts[i].present == (op->req.parts[i].present_off == NDKT_NO_FIELD ? 1u : 0u),
				"%s: part %u present %u", op->name, (unsigned)i, (unsigned)v.parts[i].present);
		}
		free(in);

		/* a byte too many or too few, the size saying so */
		header(opcode, len + 1);
		build[len] = 0;
		s = decode(len + 1, &v, NULL);
		CHECK(s == NDKT_DECODE_BAD_TRAILING, "%s: a byte too many: %s", op->name, ndkt_decode_status_name(s));
		CHECK(v.op == NULL && v.req == NULL, "%s: the view of a refused input is not cleared", op->name);
		header(opcode, len - 1);
		s = decode(len - 1, &v, NULL);
		CHECK(s == NDKT_DECODE_BAD_SIZE, "%s: a byte too few: %s", op->name, ndkt_decode_status_name(s));
		/* the size not saying so */
		header(opcode, len);
		s = decode(len - 1, &v, NULL);
		CHECK(s == NDKT_DECODE_BAD_SIZE, "%s: a byte too few, size unchanged: %s", op->name, ndkt_decode_status_name(s));
		s = decode(len + 1, &v, NULL);
		CHECK(s == NDKT_DECODE_BAD_SIZE, "%s: a byte too many, size unchanged: %s", op->name, ndkt_decode_status_name(s));
		/* a wrong version, reserved set */
		minimal(op);
		st32(build + offsetof(struct ndkt_call_header, version), NDKT_INTERFACE_VERSION + 1);
		s = decode(len, &v, NULL);
		CHECK(s == NDKT_DECODE_BAD_VERSION, "%s: version 2: %s", op->name, ndkt_decode_status_name(s));
		st32(build + offsetof(struct ndkt_call_header, version), 0);
		s = decode(len, &v, NULL);
		CHECK(s == NDKT_DECODE_BAD_VERSION, "%s: version 0: %s", op->name, ndkt_decode_status_name(s));
		minimal(op);
		st32(build + offsetof(struct ndkt_call_header, reserved), 1);
		s = decode(len, &v, NULL);
		CHECK(s == NDKT_DECODE_BAD_FIELD, "%s: reserved set: %s", op->name, ndkt_decode_status_name(s));
	}
	CHECK(n == NDKT_OPCODE_COUNT, "%d opcodes in the table, %d defined", n, (int)NDKT_OPCODE_COUNT);
}

static void test_fields(void)
{
	uint32_t opcode, i;
	for (opcode = 0; opcode < NDKT_OPCODE_LIMIT; opcode++) {
		const struct ndkt_op_desc *op = ndkt_op_desc_of(opcode);
		struct ndkt_call_view v;
		if (op == NULL) {
			continue;
		}
		for (i = 0; i < op->req.n_checks; i++) {
			const struct ndkt_check *c = &op->req.checks[i];
			size_t len = minimal(op);
			uint8_t *f = build + sizeof(struct ndkt_call_header);
			enum ndkt_decode_status s;
			switch (c->kind) {
			case NDKT_CHECK_ZERO:
				f[c->off + c->len - 1] = 1;
				break;
			case NDKT_CHECK_BOOL:
				f[c->off] = 2;
				break;
			case NDKT_CHECK_ABSENT_ZERO:
				f[c->arg] = 1; /* a value with its flag 0 */
				break;
			case NDKT_CHECK_ADDR:
				st16(f + c->off, 10); /* Linux's AF_INET6: not the contract's */
				break;
			}
			s = decode(len, &v, NULL);
			CHECK(s == NDKT_DECODE_BAD_FIELD, "%s: check %u (kind %u at %u) broken: %s", op->name,
				(unsigned)i, (unsigned)c->kind, (unsigned)c->off, ndkt_decode_status_name(s));
			if (c->kind == NDKT_CHECK_BOOL || c->kind == NDKT_CHECK_ABSENT_ZERO) {
				/* the flag set, the value too: valid */
				minimal(op);
				f[c->kind == NDKT_CHECK_BOOL ? c->off : c->arg] = 1;
				if (c->kind == NDKT_CHECK_ABSENT_ZERO) {
					f[c->off] = 1;
				}
				s = decode(len, &v, NULL);
				CHECK(s == NDKT_DECODE_OK || (s == NDKT_DECODE_BAD_TRAILING && c->kind == NDKT_CHECK_ABSENT_ZERO),
					"%s: check %u satisfied: %s", op->name, (unsigned)i, ndkt_decode_status_name(s));
			}
			if (c->kind == NDKT_CHECK_ADDR) {
				minimal(op);
				st16(f + c->off, NDKT_AF_INET);
				f[c->off + 8] = 10;
				CHECK(decode(len, &v, NULL) == NDKT_DECODE_OK, "%s: IPv4", op->name);
				f[c->off + 8 + 4] = 1;
				CHECK(decode(len, &v, NULL) == NDKT_DECODE_BAD_FIELD, "%s: IPv4 with 5 bytes", op->name);
				minimal(op);
				st16(f + c->off, NDKT_AF_INET6);
				st32(f + c->off + 4, 3);
				f[c->off + 8 + 15] = 1;
				CHECK(decode(len, &v, NULL) == NDKT_DECODE_OK, "%s: IPv6 with a scope", op->name);
				minimal(op);
				st16(f + c->off + 2, 80);
				CHECK(decode(len, &v, NULL) == NDKT_DECODE_BAD_FIELD, "%s: no family, a port", op->name);
			}
		}
	}
}

/* with_parts: op's minimal input with count elements of every part
 * (present), the element bytes a pattern; returns its length. */
static size_t with_parts(const struct ndkt_op_desc *op, uint32_t count)
{
	size_t len = sizeof(struct ndkt_call_header) + op->req.size, i, j;
	uint8_t *f = build + sizeof(struct ndkt_call_header);
	memset(build, 0, sizeof(struct ndkt_call_header) + op->req.size);
	for (i = 0; i < op->req.n_parts; i++) {
		const struct ndkt_part_desc *p = &op->req.parts[i];
		size_t bytes = (size_t)count * p->elem_size;
		st32(f + p->count_off, count);
		if (p->present_off != NDKT_NO_FIELD) {
			f[p->present_off] = 1;
		}
		for (j = 0; j < bytes; j++) {
			build[len + j] = (uint8_t)(j * 7 + i);
		}
		len += bytes;
	}
	header(op->opcode, len);
	return len;
}

static void test_parts(void)
{
	uint32_t opcode, i;
	int n = 0;
	for (opcode = 0; opcode < NDKT_OPCODE_LIMIT; opcode++) {
		const struct ndkt_op_desc *op = ndkt_op_desc_of(opcode);
		struct ndkt_call_view v;
		uint8_t *in;
		size_t len, off;
		enum ndkt_decode_status s;
		if (op == NULL || op->req.n_parts == 0) {
			continue;
		}
		n++;
		len = with_parts(op, 3);
		s = decode(len, &v, &in);
		CHECK(s == NDKT_DECODE_OK, "%s: 3 elements: %s", op->name, ndkt_decode_status_name(s));
		off = sizeof(struct ndkt_call_header) + op->req.size;
		for (i = 0; i < op->req.n_parts && s == NDKT_DECODE_OK; i++) {
			size_t bytes = 3 * (size_t)op->req.parts[i].elem_size;
			/* a view into the caller's buffer, not a copy */
			CHECK(v.parts[i].data == (const void *)(in + off) && v.parts[i].count == 3 &&
				v.parts[i].bytes == bytes && v.parts[i].present == 1, "%s: part %u view", op->name, (unsigned)i);
			off += bytes;
		}
		free(in);
		for (i = 0; i < op->req.n_parts; i++) {
			const struct ndkt_part_desc *p = &op->req.parts[i];
			uint8_t *count = build + sizeof(struct ndkt_call_header) + p->count_off;
			static const uint32_t bad[] = { 4, 2, 0, 0xffffffffu, 0x80000000u, 0x10000000u, 0x40000000u };
			size_t k;
			for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
				enum ndkt_decode_status want = NDKT_DECODE_BAD_TRAILING;
				len = with_parts(op, 3);
				st32(count, bad[k]);
				if (p->max_count != 0 && bad[k] > p->max_count) {
					want = NDKT_DECODE_TOO_MANY;
				}
				s = decode(len, &v, NULL);
				CHECK(s == want, "%s: part %s count %u (3 sent): %s", op->name, p->name, (unsigned)bad[k],
					ndkt_decode_status_name(s));
			}
			if (p->present_off != NDKT_NO_FIELD) {
				len = with_parts(op, 3);
				build[sizeof(struct ndkt_call_header) + p->present_off] = 0;
				s = decode(len, &v, NULL);
				CHECK(s == NDKT_DECODE_BAD_FIELD, "%s: absent with 3 elements: %s", op->name, ndkt_decode_status_name(s));
				len = with_parts(op, 0);
				s = decode(len, &v, NULL);
				CHECK(s == NDKT_DECODE_OK && v.parts[i].present == 1 && v.parts[i].count == 0,
					"%s: present and empty: %s", op->name, ndkt_decode_status_name(s));
			}
			if (p->max_count != 0) {
				len = with_parts(op, p->max_count);
				s = decode(len, &v, NULL);
				CHECK(s == NDKT_DECODE_OK && v.parts[i].count == p->max_count, "%s: %u elements: %s", op->name,
					(unsigned)p->max_count, ndkt_decode_status_name(s));
				len = with_parts(op, p->max_count + 1);
				s = decode(len, &v, NULL);
				CHECK(s == NDKT_DECODE_TOO_MANY, "%s: %u elements: %s", op->name, (unsigned)p->max_count + 1,
					ndkt_decode_status_name(s));
			}
		}
	}
	CHECK(n >= 10, "%d opcodes with parts", n);
}

static void test_unknown_and_bad_buffers(void)
{
	uint32_t opcode;
	struct ndkt_call_view v;
	uint8_t *in;
	size_t len;
	enum ndkt_decode_status s;
	static const uint32_t beyond[] = { NDKT_OPCODE_LIMIT, NDKT_OPCODE_LIMIT + 1, 1000, 0x7fffffffu, 0xffffffffu };
	size_t k;
	for (opcode = 0; opcode < NDKT_OPCODE_LIMIT; opcode++) {
		if (ndkt_op_desc_of(opcode) != NULL) {
			continue;
		}
		memset(build, 0, 64);
		header(opcode, 64);
		s = decode(64, &v, NULL);
		CHECK(s == NDKT_DECODE_UNKNOWN_OPCODE, "opcode %u: %s", (unsigned)opcode, ndkt_decode_status_name(s));
		CHECK(ndkt_decode_protocol_error(s) == NDKT_PROTOCOL_ERROR_NOT_SUPPORTED, "unknown opcode's protocol error");
	}
	for (k = 0; k < sizeof(beyond) / sizeof(beyond[0]); k++) {
		header(beyond[k], 32);
		s = decode(32, &v, NULL);
		CHECK(s == NDKT_DECODE_UNKNOWN_OPCODE, "opcode %u: %s", (unsigned)beyond[k], ndkt_decode_status_name(s));
	}
	/* no input, a short header */
	CHECK(decode(0, &v, NULL) == NDKT_DECODE_BAD_SIZE, "empty");
	header(NDKT_OP_FLUSH, 31);
	CHECK(decode(31, &v, NULL) == NDKT_DECODE_BAD_SIZE, "31 bytes");
	CHECK(ndkt_decode_call(NULL, 40, &v) == NDKT_DECODE_BAD_ARGUMENT, "NULL input");
	len = minimal(ndkt_op_desc_of(NDKT_OP_FLUSH));
	CHECK(ndkt_decode_call(build, len, NULL) == NDKT_DECODE_BAD_ARGUMENT, "NULL view");
	CHECK(ndkt_decode_call(build, len, &v) == NDKT_DECODE_OK, "flush in place");
	/* a length no size field can state (only the header is read) */
	CHECK(ndkt_decode_call(build, (size_t)0x100000000ull + len, &v) == NDKT_DECODE_BAD_SIZE, "a length beyond uint32");
	/* misaligned: the same bytes one byte on */
	in = malloc(len + 1);
	if (in == NULL) {
		abort();
	}
	memcpy(in + 1, build, len);
	s = ndkt_decode_call(in + 1, len, &v);
	CHECK(s == NDKT_DECODE_BAD_ALIGNMENT, "misaligned: %s", ndkt_decode_status_name(s));
	free(in);
}

static void test_memory(void)
{
	const struct ndkt_op_desc *w = ndkt_op_desc_of(NDKT_OP_WRITE_MEMORY), *r = ndkt_op_desc_of(NDKT_OP_READ_MEMORY);
	struct ndkt_call_view v;
	size_t len = minimal(w);
	uint8_t *f = build + sizeof(struct ndkt_call_header);
	st32(f + offsetof(struct ndkt_write_memory_req, n_data), 100);
	CHECK(ndkt_decode_memory(build, len, NDKT_OP_WRITE_MEMORY, 100, &v) == NDKT_DECODE_OK &&
		v.parts[0].count == 100 && v.parts[0].data == NULL, "write memory");
	CHECK(ndkt_decode_memory(build, len, NDKT_OP_WRITE_MEMORY, 99, &v) == NDKT_DECODE_BAD_TRAILING && v.op == NULL,
		"write memory, an MDL a byte short");
	CHECK(ndkt_decode_memory(build, len, NDKT_OP_READ_MEMORY, 100, &v) == NDKT_DECODE_UNKNOWN_OPCODE, "write as read");
	CHECK(ndkt_decode_memory(build, len, NDKT_OP_SEND, 100, &v) == NDKT_DECODE_BAD_ARGUMENT, "send as memory");
	/* the same input through NDKT_CALL wants the 100 bytes inline */
	CHECK(decode(len, &v, NULL) == NDKT_DECODE_BAD_TRAILING, "write memory through NDKT_CALL without its data");
	header(NDKT_OP_WRITE_MEMORY, len + 100);
	memset(build + len, 0xab, 100);
	CHECK(decode(len + 100, &v, NULL) == NDKT_DECODE_OK && v.parts[0].count == 100, "write memory inline");
	CHECK(ndkt_decode_memory(build, len + 100, NDKT_OP_WRITE_MEMORY, 100, &v) == NDKT_DECODE_BAD_TRAILING,
		"write memory with the data inline too");
	len = minimal(r);
	st32(build + sizeof(struct ndkt_call_header) + offsetof(struct ndkt_read_memory_req, length), 50);
	CHECK(ndkt_decode_memory(build, len, NDKT_OP_READ_MEMORY, 50, &v) == NDKT_DECODE_OK && v.n_parts == 0, "read memory");
	CHECK(ndkt_decode_memory(build, len, NDKT_OP_READ_MEMORY, 51, &v) == NDKT_DECODE_BAD_TRAILING, "read memory, MDL too long");
}

static void test_hello_ack(void)
{
	uint8_t b[16] = { 0 };
	uint32_t version = 0;
	uint64_t id = 0;
	st32(b, 8);
	st32(b + 4, 1);
	CHECK(ndkt_decode_hello(b, 8, &version) == NDKT_DECODE_OK && version == 1, "hello");
	CHECK(ndkt_decode_hello(b, 7, &version) == NDKT_DECODE_BAD_SIZE, "hello short");
	CHECK(ndkt_decode_hello(b, 12, &version) == NDKT_DECODE_BAD_SIZE, "hello size 8 in 12 bytes");
	st32(b, 12);
	CHECK(ndkt_decode_hello(b, 12, &version) == NDKT_DECODE_OK, "a later, longer hello");
	memset(b, 0, sizeof(b));
	b[0] = 9;
	b[7] = 1;
	CHECK(ndkt_decode_ack(b, 8, &id) == NDKT_DECODE_OK && id == 0x0100000000000009ull, "ack");
	CHECK(ndkt_decode_ack(b, 9, &id) == NDKT_DECODE_BAD_SIZE, "ack long");
	CHECK(ndkt_decode_ack(NULL, 8, &id) == NDKT_DECODE_BAD_ARGUMENT, "ack NULL");
}

static void test_reply(void)
{
	const struct ndkt_op_desc *op = ndkt_op_desc_of(NDKT_OP_GET_CQ_RESULTS);
	struct ndkt_call_view v;
	struct ndkt_get_cq_results_reply rep = { 0 };
	struct ndkt_result results[2];
	struct ndkt_part_src part;
	uint8_t out[256];
	size_t cap = 0, written = 0, len = minimal(op);
	enum ndkt_decode_status s;
	st32(build + sizeof(struct ndkt_call_header) + offsetof(struct ndkt_get_cq_results_req, max_results), 3);
	CHECK(ndkt_decode_call(build, len, &v) == NDKT_DECODE_OK, "get_cq_results");
	s = ndkt_reply_capacity(&v, &cap);
	CHECK(s == NDKT_DECODE_OK && cap == 8 + 8 + 3 * sizeof(struct ndkt_result), "capacity %zu: %s", cap, ndkt_decode_status_name(s));

	memset(results, 0x5a, sizeof(results));
	rep.n_results = 2;
	part.data = results;
	part.bytes = sizeof(results);
	s = ndkt_encode_reply(out, sizeof(out), NDKT_OP_GET_CQ_RESULTS, 0x103, &rep, sizeof(rep), &part, 1, &written);
	CHECK(s == NDKT_DECODE_OK && written == 8 + sizeof(rep) + sizeof(results) && ld32(out) == 0x103 && ld32(out + 4) == 0 &&
		ld32(out + 8) == 2 && out[16] == 0x5a && out[written - 1] == 0x5a, "encode reply: %s", ndkt_decode_status_name(s));
	memset(out, 0xee, sizeof(out));
	s = ndkt_encode_reply(out, written - 1, NDKT_OP_GET_CQ_RESULTS, 0, &rep, sizeof(rep), &part, 1, &written);
	CHECK(s == NDKT_DECODE_NO_ROOM && out[0] == 0xee, "encode reply a byte short: %s", ndkt_decode_status_name(s));
	part.bytes = sizeof(results) - 1;
	s = ndkt_encode_reply(out, sizeof(out), NDKT_OP_GET_CQ_RESULTS, 0, &rep, sizeof(rep), &part, 1, &written);
	CHECK(s == NDKT_DECODE_BAD_TRAILING, "encode reply, part bytes not its count's: %s", ndkt_decode_status_name(s));
	part.bytes = sizeof(results);
	rep.n_results = 0xffffffffu;
	s = ndkt_encode_reply(out, sizeof(out), NDKT_OP_GET_CQ_RESULTS, 0, &rep, sizeof(rep), &part, 1, &written);
	CHECK(s == NDKT_DECODE_BAD_TRAILING, "encode reply, a huge count: %s", ndkt_decode_status_name(s));
	rep.n_results = 2;
	rep._pad0[1] = 1;
	s = ndkt_encode_reply(out, sizeof(out), NDKT_OP_GET_CQ_RESULTS, 0, &rep, sizeof(rep), &part, 1, &written);
	CHECK(s == NDKT_DECODE_BAD_FIELD, "encode reply, a pad set: %s", ndkt_decode_status_name(s));
	rep._pad0[1] = 0;
	CHECK(ndkt_encode_reply(out, sizeof(out), NDKT_OP_GET_CQ_RESULTS, 0, &rep, sizeof(rep) - 1, &part, 1, &written) == NDKT_DECODE_BAD_SIZE,
		"encode reply, a short fixed struct");
	CHECK(ndkt_encode_reply(out, sizeof(out), 15, 0, &rep, sizeof(rep), &part, 1, &written) == NDKT_DECODE_UNKNOWN_OPCODE,
		"encode reply, unknown opcode");
	CHECK(ndkt_encode_reply(out, sizeof(out), NDKT_OP_FLUSH, 0, NULL, 0, NULL, 0, &written) == NDKT_DECODE_OK && written == 8,
		"encode an empty reply");
	CHECK(ndkt_encode_protocol_error(out, 8, NDKT_PROTOCOL_ERROR_UNKNOWN_HANDLE, &written) == NDKT_DECODE_OK &&
		written == 8 && ld32(out) == 0 && ld32(out + 4) == 1, "protocol error");
	CHECK(ndkt_encode_protocol_error(out, 7, 1, &written) == NDKT_DECODE_NO_ROOM, "protocol error, no room");

	/* a capacity beyond what an IOCTL can take */
	len = minimal(ndkt_op_desc_of(NDKT_OP_READ_MEMORY));
	st32(build + sizeof(struct ndkt_call_header) + offsetof(struct ndkt_read_memory_req, length), 0xffffffffu);
	CHECK(ndkt_decode_call(build, len, &v) == NDKT_DECODE_OK, "read_memory");
	CHECK(ndkt_reply_capacity(&v, &cap) == NDKT_DECODE_BAD_SIZE, "a 4 GiB read's capacity");
}

static void test_events(void)
{
	uint8_t buf[512], before[512];
	uint32_t kind;
	size_t used = 0;
	int n = 0;
	enum ndkt_decode_status s;
	struct ndkt_ev_request_completion rc = { 0 };
	uint64_t pages[3] = { 0x1000, 0x2000, 0x3000 };
	for (kind = 0; kind < NDKT_EVENT_KIND_LIMIT; kind++) {
		const struct ndkt_event_desc *e = ndkt_event_desc_of(kind);
		uint64_t rec[32] = { 0 };
		size_t at = used;
		if (e == NULL) {
			CHECK(ndkt_event_put(buf, sizeof(buf), &used, kind, rec, 32, NULL, 0) == NDKT_DECODE_UNKNOWN_KIND,
				"kind %u", (unsigned)kind);
			continue;
		}
		n++;
		((uint8_t *)rec)[8] = 7; /* callback_id */
		s = ndkt_event_put(buf, sizeof(buf), &used, kind, rec, e->rec.size, NULL, 0);
		CHECK(s == NDKT_DECODE_OK && used - at == e->rec.size && ld32(buf + at) == e->rec.size &&
			ld32(buf + at + 4) == kind && buf[at + 8] == 7, "%s: %s", e->name, ndkt_decode_status_name(s));
		CHECK(ndkt_event_put(buf, sizeof(buf), &used, kind, rec, e->rec.size - 8, NULL, 0) == NDKT_DECODE_BAD_SIZE,
			"%s: short record", e->name);
		((uint8_t *)rec)[offsetof(struct ndkt_event_header, held)] = 2;
		CHECK(ndkt_event_put(buf, sizeof(buf), &used, kind, rec, e->rec.size, NULL, 0) == NDKT_DECODE_BAD_FIELD,
			"%s: held 2", e->name);
	}
	CHECK(n == NDKT_EVENT_KIND_COUNT, "%d kinds", n);

	rc.lam_output.n_pages = 3;
	rc.hdr.held = 1;
	rc.hdr.irql = 2;
	used = 0;
	s = ndkt_event_put(buf, sizeof(buf), &used, NDKT_EV_REQUEST_COMPLETION, &rc, sizeof(rc), pages, sizeof(pages));
	CHECK(s == NDKT_DECODE_OK && used == sizeof(rc) + sizeof(pages) && used % 8 == 0 &&
		memcmp(buf + sizeof(rc), pages, sizeof(pages)) == 0 && buf[offsetof(struct ndkt_event_header, irql)] == 2,
		"request completion with 3 pages: %s", ndkt_decode_status_name(s));
	CHECK(ndkt_event_put(buf, sizeof(buf), &used, NDKT_EV_REQUEST_COMPLETION, &rc, sizeof(rc), pages, 16) == NDKT_DECODE_BAD_TRAILING,
		"3 pages said, 2 given");
	CHECK(ndkt_event_put(buf, sizeof(buf), &used, NDKT_EV_REQUEST_COMPLETION, &rc, sizeof(rc), NULL, 24) == NDKT_DECODE_BAD_ARGUMENT,
		"no tail");
	rc.lam_output.n_pages = 0xffffffffu;
	CHECK(ndkt_event_put(buf, sizeof(buf), &used, NDKT_EV_REQUEST_COMPLETION, &rc, sizeof(rc), pages, sizeof(pages)) == NDKT_DECODE_BAD_TRAILING,
		"a huge count");
	rc.lam_output.n_pages = 3;
	/* no room: nothing written, used unchanged */
	memset(buf, 0xcc, sizeof(buf));
	memcpy(before, buf, sizeof(buf));
	used = sizeof(buf) - sizeof(rc) - sizeof(pages) + 1;
	s = ndkt_event_put(buf, sizeof(buf), &used, NDKT_EV_REQUEST_COMPLETION, &rc, sizeof(rc), pages, sizeof(pages));
	CHECK(s == NDKT_DECODE_NO_ROOM && used == sizeof(buf) - sizeof(rc) - sizeof(pages) + 1 && memcmp(buf, before, sizeof(buf)) == 0,
		"no room: %s", ndkt_decode_status_name(s));
	used = sizeof(buf) + 1;
	CHECK(ndkt_event_put(buf, sizeof(buf), &used, NDKT_EV_CQ_NOTIFICATION, &rc, sizeof(struct ndkt_ev_cq_notification), NULL, 0) == NDKT_DECODE_BAD_ARGUMENT,
		"used beyond cap");
}

int main(void)
{
	test_every_opcode_minimal();
	test_fields();
	test_parts();
	test_unknown_and_bad_buffers();
	test_memory();
	test_hello_ack();
	test_reply();
	test_events();
	printf("decode_test: %d checks, %d failures\n", checks, failures);
	return failures != 0;
}
