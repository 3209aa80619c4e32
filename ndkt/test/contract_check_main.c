/*
 * contract_check: the C side of ndkt/contract's agreement test
 * (TestCDecoderAgreesWithGo). It reads records {u8 mode, u32 length
 * (little-endian), length bytes} from stdin, each into a buffer of its
 * own (malloc'd: 8-aligned), and prints one line per record:
 *
 *   mode 0: "call STATUS" and, decoded, " OPCODE CAPACITY" and per part
 *           " COUNT PRESENT" (ndkt_decode_call, ndkt_reply_capacity)
 *   mode 1: "event STATUS" and, put, " HEX" of the record
 *           (ndkt_event_put of the input as the fixed record of the kind
 *           at bytes 4..8 and the rest as its tail)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"

static int read_full(void *p, size_t n)
{
	return n == 0 || fread(p, 1, n, stdin) == n;
}

static void check_call(const uint8_t *in, size_t len)
{
	struct ndkt_call_view v;
	enum ndkt_decode_status s = ndkt_decode_call(in, len, &v);
	size_t cap = 0;
	uint32_t i;
	printf("call %s", ndkt_decode_status_name(s));
	if (s == NDKT_DECODE_OK) {
		if (ndkt_reply_capacity(&v, &cap) != NDKT_DECODE_OK) {
			cap = 0;
		}
		printf(" %u %zu", (unsigned)v.opcode, cap);
		for (i = 0; i < v.n_parts; i++) {
			/* the view points into the buffer, within it */
			if (v.parts[i].count != 0 && ((const uint8_t *)v.parts[i].data < in ||
				(const uint8_t *)v.parts[i].data + v.parts[i].bytes > in + len)) {
				printf(" OUTSIDE");
			}
			printf(" %u %u", (unsigned)v.parts[i].count, (unsigned)v.parts[i].present);
		}
	}
	printf("\n");
}

static void check_event(const uint8_t *in, size_t len)
{
	uint8_t out[4096];
	size_t used = 0, rec_size = len, i;
	uint32_t kind = 0;
	const struct ndkt_event_desc *e;
	enum ndkt_decode_status s;
	if (len >= 8) {
		kind = (uint32_t)in[4] | ((uint32_t)in[5] << 8) | ((uint32_t)in[6] << 16) | ((uint32_t)in[7] << 24);
	}
	e = ndkt_event_desc_of(kind);
	if (e != NULL && len >= e->rec.size) {
		rec_size = e->rec.size;
	}
	s = ndkt_event_put(out, sizeof(out), &used, kind, in, rec_size, len > rec_size ? in + rec_size : NULL, len - rec_size);
	printf("event %s", ndkt_decode_status_name(s));
	if (s == NDKT_DECODE_OK) {
		printf(" ");
		for (i = 0; i < used; i++) {
			printf("%02x", out[i]);
		}
	}
	printf("\n");
}

int main(void)
{
	for (;;) {
		uint8_t hdr[5], *buf;
		size_t len;
		if (fread(hdr, 1, 1, stdin) != 1) {
			return 0;
		}
		if (!read_full(hdr + 1, 4)) {
			return 2;
		}
		len = (size_t)hdr[1] | ((size_t)hdr[2] << 8) | ((size_t)hdr[3] << 16) | ((size_t)hdr[4] << 24);
		buf = malloc(len != 0 ? len : 1);
		if (buf == NULL || !read_full(buf, len)) {
			return 2;
		}
		if (hdr[0] == 0) {
			check_call(buf, len);
		} else {
			check_event(buf, len);
		}
		free(buf);
	}
}
