/*
 * A libFuzzer target over ndkt's IOCTL decoding and event encoding: every
 * input goes to ndkt_decode_call, to ndkt_decode_memory (both codes, an
 * MDL length taken from the input), to ndkt_reply_capacity when it
 * decodes, and to ndkt_event_put as an event record (the kind at bytes
 * 4..8, the kind's fixed size of record, the rest its tail) into an
 * output buffer of exactly a size taken from the input. Each buffer is
 * malloc'd at its exact size, so AddressSanitizer sees any read or write
 * past it; the invariants below abort.
 *
 * libFuzzer: clang -fsanitize=fuzzer,address,undefined ... (make
 * ndkt-fuzz-decode); without clang, fuzz_replay_main.c runs it over the
 * corpus with gcc and the sanitizers. Seeds: ndkt/test/corpus/decode,
 * from go generate ./ndkt/contract.
 */
#include <stdlib.h>
#include <string.h>

#include "decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static volatile uint8_t sink;

static void *dup_exact(const uint8_t *data, size_t size)
{
	uint8_t *p = malloc(size != 0 ? size : 1);
	if (p == NULL) {
		abort();
	}
	if (size != 0) {
		memcpy(p, data, size);
	}
	return p;
}

/* touch reads every byte of a part the view points at. */
static void touch(const void *p, size_t n)
{
	const uint8_t *b = p;
	uint8_t x = 0;
	size_t i;
	for (i = 0; i < n; i++) {
		x ^= b[i];
	}
	sink = x;
}

static void fuzz_call(const uint8_t *in, size_t size)
{
	struct ndkt_call_view v;
	size_t total, cap, i;
	enum ndkt_decode_status s = ndkt_decode_call(in, size, &v);
	if (s != NDKT_DECODE_OK) {
		if (v.op != NULL || v.req != NULL || v.hdr != NULL) {
			abort(); /* a refused input leaves no view */
		}
		return;
	}
	if (v.op == NULL || v.hdr != (const void *)in || v.op->opcode != v.opcode) {
		abort();
	}
	total = sizeof(struct ndkt_call_header) + v.op->req.size;
	touch(in, total);
	for (i = 0; i < v.n_parts; i++) {
		const uint8_t *d = v.parts[i].data;
		if (v.parts[i].count != 0 && (d != in + total || v.parts[i].bytes == 0)) {
			abort(); /* parts lie one after the other, in the buffer */
		}
		if (v.parts[i].present > 1 || (!v.parts[i].present && v.parts[i].count != 0)) {
			abort();
		}
		touch(d, v.parts[i].count != 0 ? v.parts[i].bytes : 0);
		total += v.parts[i].bytes;
	}
	if (total != size) {
		abort(); /* the parts account for every byte */
	}
	if (ndkt_reply_capacity(&v, &cap) == NDKT_DECODE_OK && cap < sizeof(struct ndkt_reply_header) + v.op->reply.size) {
		abort();
	}
}

static void fuzz_memory(const uint8_t *in, size_t size)
{
	struct ndkt_call_view v;
	size_t mdl = size >= 40 ? (size_t)in[size - 1] * 257 % 5000 : size;
	if (ndkt_decode_memory(in, size, NDKT_OP_WRITE_MEMORY, mdl, &v) == NDKT_DECODE_OK &&
		(v.opcode != NDKT_OP_WRITE_MEMORY || v.parts[0].bytes != mdl || v.parts[0].data != NULL)) {
		abort();
	}
	if (ndkt_decode_memory(in, size, NDKT_OP_READ_MEMORY, mdl, &v) == NDKT_DECODE_OK && v.opcode != NDKT_OP_READ_MEMORY) {
		abort();
	}
}

static void fuzz_event(const uint8_t *in, size_t size)
{
	const struct ndkt_event_desc *e;
	size_t rec_size = size, cap, used;
	uint32_t kind = 0;
	uint8_t *out;
	enum ndkt_decode_status s;
	if (size >= 8) {
		kind = (uint32_t)in[4] | ((uint32_t)in[5] << 8) | ((uint32_t)in[6] << 16) | ((uint32_t)in[7] << 24);
	}
	e = ndkt_event_desc_of(kind);
	if (e != NULL && size >= e->rec.size) {
		rec_size = e->rec.size;
	}
	/* an output buffer that fits exactly, or is short, or has room for two */
	cap = (size + 7) / 8 * 8;
	if (size >= 12) {
		cap = in[8] % 3 == 0 ? cap - 8 : in[8] % 3 == 1 ? cap : 2 * cap;
	}
	out = malloc(cap != 0 ? cap : 1);
	if (out == NULL) {
		abort();
	}
	used = 0;
	s = ndkt_event_put(out, cap, &used, kind, in, rec_size, size > rec_size ? in + rec_size : NULL, size - rec_size);
	if (s == NDKT_DECODE_OK) {
		uint32_t rsize = (uint32_t)out[0] | ((uint32_t)out[1] << 8) | ((uint32_t)out[2] << 16) | ((uint32_t)out[3] << 24);
		if (used == 0 || used % 8 != 0 || rsize != used || used > cap || used < size || used - size >= 8 ||
			memcmp(out + 8, in + 8, rec_size - 8) != 0) {
			abort();
		}
		/* a second record after the first, where there is room */
		if (ndkt_event_put(out, cap, &used, kind, in, rec_size, size > rec_size ? in + rec_size : NULL,
			size - rec_size) == NDKT_DECODE_OK && used != 2 * (size_t)rsize) {
			abort();
		}
	} else if (used != 0) {
		abort(); /* a refusal writes nothing */
	}
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *in = dup_exact(data, size); /* malloc'd: 8-aligned, exactly size bytes */
	fuzz_call(in, size);
	fuzz_memory(in, size);
	fuzz_event(in, size);
	free(in);
	return 0;
}
