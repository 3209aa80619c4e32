/*
 * inproc.h: the C entries package ndkt/inproc's Go side calls (the session
 * as an opaque pointer; no Go pointer is kept by C past a call).
 * Declarations only (the Go preamble includes it).
 */
#ifndef NDKT_INPROC_H
#define NDKT_INPROC_H

#include <stddef.h>
#include <stdint.h>

/* The posix platform layer and sim's IRQL hook, once per process. */
int ndkt_inproc_init(void);

/* The fault injections the core serves over the simabi provider of handle
 * provider (NDKT_FAULT_* bits: ndkt_provider_faults). */
uint32_t ndkt_inproc_faults(uintptr_t provider);

/* A session's bounds the Go side may set (0: the core's default). */
typedef struct ndkt_inproc_limits {
	int64_t callback_timeout_ms;
	int64_t close_bound_ms;
	uint32_t ring_bytes;
} ndkt_inproc_limits;

/* A session over the simabi provider of handle provider. */
int ndkt_inproc_open(uintptr_t provider, const ndkt_inproc_limits *l, void **out);
int32_t ndkt_inproc_ioctl(void *s, uint32_t code, const void *in, size_t in_len, void *out, size_t out_len,
	size_t *written);
int ndkt_inproc_cleanup(void *s);
int ndkt_inproc_free(void *s);

typedef struct ndkt_inproc_stats_t {
	uint32_t objects;
	uint64_t held_bytes;
	uint64_t callbacks;
	uint64_t second_completions;
	uint32_t cleanup_closed;
	uint32_t cleanup_stuck;
	int fault;
	uint32_t n_order;
	uint32_t order[64]; /* the kinds (NDKT_KIND_*) cleanup closed, in order */
} ndkt_inproc_stats_t;
void ndkt_inproc_stats(void *s, ndkt_inproc_stats_t *out);

#endif
