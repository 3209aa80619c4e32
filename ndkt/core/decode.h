/*
 * ndkt's IOCTL decoding and encoding: the C side of ndkt_contract.h.
 *
 * The decoder checks an input buffer against the contract (the header,
 * the opcode, the fixed struct's size and fields, every trailing part's
 * count with overflow-safe arithmetic, the sum exactly against the size)
 * and fills a view of pointers into the caller's buffer: it copies
 * nothing, allocates nothing, and never takes a pointer from the input.
 * The encoders write replies and event records with bounds checks.
 *
 * C11, no compiler extensions, no VLAs, no allocation; the byte order is
 * read and written byte by byte (little-endian), so the decoder is right
 * on any host; the view's struct pointers are for the (little-endian)
 * hosts the core runs on, and the input must be 8-aligned for them
 * (NDKT_DECODE_BAD_ALIGNMENT otherwise: METHOD_BUFFERED system buffers
 * and malloc'd buffers are).
 */
#ifndef NDKT_DECODE_H
#define NDKT_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "ndkt_contract.h"

/* One trailing part of a decoded call, in the caller's buffer. */
struct ndkt_part_view {
	const void *data;  /* NULL when count is 0, or when the part is in an MDL */
	uint32_t count;    /* elements */
	uint32_t present;  /* 1 unless an optional part is absent */
	size_t bytes;      /* count x the element size */
};

/* A decoded NDKT_CALL input. */
struct ndkt_call_view {
	const struct ndkt_call_header *hdr;
	uint32_t opcode;
	const struct ndkt_op_desc *op;
	const void *req;   /* the fixed request (op->req.size bytes); NULL if it has none */
	uint32_t n_parts;
	struct ndkt_part_view parts[NDKT_MAX_PARTS];
};

/* ndkt_decode_call checks an NDKT_CALL input of in_len bytes and fills
 * *out. In order: NULL pointers (BAD_ARGUMENT), alignment, the header's
 * length and size == in_len (BAD_SIZE), the version, the opcode
 * (UNKNOWN_OPCODE), the header's reserved field (BAD_FIELD), the fixed
 * struct's size (BAD_SIZE), its fields (BAD_FIELD), each part's count
 * against its maximum (TOO_MANY) and against what is left (BAD_TRAILING),
 * and that nothing is left (BAD_TRAILING). *out is zeroed first and
 * filled only with NDKT_DECODE_OK. */
enum ndkt_decode_status ndkt_decode_call(const uint8_t *in, size_t in_len, struct ndkt_call_view *out);

/* ndkt_decode_memory checks the input of NDKT_WRITE_MEMORY (opcode
 * NDKT_OP_WRITE_MEMORY) or NDKT_READ_MEMORY (NDKT_OP_READ_MEMORY): the
 * header and the fixed struct, nothing after; the data is in the IRP's
 * MDL, of mdl_len bytes, which must be the request's n_data (write) or
 * length (read): BAD_TRAILING otherwise. A write's data part has count
 * n_data and data NULL. Another opcode than expect_opcode: UNKNOWN_OPCODE. */
enum ndkt_decode_status ndkt_decode_memory(const uint8_t *in, size_t in_len, uint32_t expect_opcode,
	size_t mdl_len, struct ndkt_call_view *out);

/* ndkt_decode_hello checks an NDKT_HELLO input (ndkt_hello_in: size ==
 * in_len) and returns the caller's interface version. */
enum ndkt_decode_status ndkt_decode_hello(const uint8_t *in, size_t in_len, uint32_t *interface_version);

/* ndkt_decode_ack checks an NDKT_ACK_CALLBACK input (ndkt_ack). */
enum ndkt_decode_status ndkt_decode_ack(const uint8_t *in, size_t in_len, uint64_t *callback_id);

/* ndkt_reply_capacity is the most bytes the reply to a decoded call may
 * take: the reply header, the fixed reply and each part at its bound (the
 * request's field or a constant). The dispatch routine refuses a call
 * whose output buffer is smaller (BAD_SIZE) before the provider sees it.
 * BAD_SIZE too when it would exceed 0xffffffff bytes. */
enum ndkt_decode_status ndkt_reply_capacity(const struct ndkt_call_view *v, size_t *cap);

/* A part to encode: bytes of data (count x the element size, the count
 * being the one in the fixed struct). */
struct ndkt_part_src {
	const void *data;
	size_t bytes;
};

/* ndkt_encode_reply writes {ntstatus, 0}, the fixed reply of opcode
 * (fixed_size bytes, exactly the reply's size) and its parts into out
 * (cap bytes), and the bytes written into *written. The fixed struct's
 * checks run first (BAD_FIELD); each part's bytes must be its count (in
 * the fixed struct) x its element size (BAD_TRAILING); NO_ROOM when it
 * does not fit, and then nothing is written. */
enum ndkt_decode_status ndkt_encode_reply(uint8_t *out, size_t cap, uint32_t opcode, uint32_t ntstatus,
	const void *fixed, size_t fixed_size, const struct ndkt_part_src *parts, size_t n_parts, size_t *written);

/* ndkt_encode_protocol_error writes {0, code}: a call refused before it
 * reached the provider. */
enum ndkt_decode_status ndkt_encode_protocol_error(uint8_t *out, size_t cap, uint32_t code, size_t *written);

/* ndkt_event_put appends one event record of kind to buf (cap bytes, *used
 * of them taken): rec is the record's fixed struct (rec_size bytes, exactly
 * the kind's size; its header's size and kind are set in the copy), tail
 * its trailing part (tail_bytes, which must be the count in rec x the
 * element size), then zeros to a multiple of 8. The record's checks run
 * first (BAD_FIELD). NO_ROOM when it does not fit: nothing is written and
 * *used is unchanged. */
enum ndkt_decode_status ndkt_event_put(uint8_t *buf, size_t cap, size_t *used, uint32_t kind,
	const void *rec, size_t rec_size, const void *tail, size_t tail_bytes);

/* ndkt_decode_status_name and ndkt_decode_protocol_error: a status's name
 * and the ProtocolErrorCode a call refused with it answers. */
const char *ndkt_decode_status_name(enum ndkt_decode_status s);
uint32_t ndkt_decode_protocol_error(enum ndkt_decode_status s);

/* ndkt_op_desc_of and ndkt_event_desc_of: the table entry, NULL if none. */
const struct ndkt_op_desc *ndkt_op_desc_of(uint32_t opcode);
const struct ndkt_event_desc *ndkt_event_desc_of(uint32_t kind);

#endif /* NDKT_DECODE_H */
