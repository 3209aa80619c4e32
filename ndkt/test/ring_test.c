/* The event ring (ndkt/core/ring.h). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "../core/ring.h"
#include "test.h"

/* A record of len bytes (a multiple of 8, at least 8) derived from seq:
 * self-sized (its first u32 is len), then seq, then bytes from seq. */
static void fill(unsigned char *p, size_t len, uint32_t seq)
{
	uint32_t hdr[2];
	size_t i;
	hdr[0] = (uint32_t)len;
	hdr[1] = seq;
	memcpy(p, hdr, sizeof hdr);
	for (i = 8; i < len; i++)
		p[i] = (unsigned char)(seq * 31u + i * 7u + 1u);
}

/* Checks that buf (bytes long, count records) holds whole records, as
 * pushed (ring.h: no framing of the ring's own), of seqs[0..count) and lens. */
static int parse(const unsigned char *buf, size_t bytes, size_t count, const uint32_t *seqs, const size_t *lens)
{
	size_t off = 0, i;
	unsigned char want[4096];
	for (i = 0; i < count; i++) {
		uint32_t size;
		if (bytes - off < 8)
			return 0;
		memcpy(&size, buf + off, sizeof size);
		if (size != lens[i] || bytes - off < size)
			return 0;
		fill(want, lens[i], seqs[i]);
		if (memcmp(buf + off, want, lens[i]) != 0)
			return 0;
		off += size;
	}
	return off == bytes;
}

static void test_roundtrip(void)
{
	static const size_t lens[] = {8, 16, 24, 32, 104};
	static const uint32_t seqs[] = {0, 1, 2, 3, 4};
	ndkt_fault f;
	ndkt_ring *r;
	unsigned char rec[128], out[1024];
	size_t i, n, b, total = 0;
	ndkt_fault_init(&f);
	CHECK_RC(ndkt_ring_create(1024, 128, &f, &r), NDKT_OK);
	for (i = 0; i < 5; i++) {
		fill(rec, lens[i], seqs[i]);
		CHECK_RC(ndkt_ring_push(r, rec, lens[i]), NDKT_OK);
		total += NDKT_RING_SPACE(lens[i]);
	}
	CHECK_EQ(ndkt_ring_count(r), 5);
	CHECK_EQ(ndkt_ring_used(r), total);
	memset(out, 0xAA, sizeof out);
	CHECK_RC(ndkt_ring_take(r, out, sizeof out, &n, &b), NDKT_OK);
	CHECK_EQ(n, 5);
	CHECK_EQ(b, total);
	CHECK(parse(out, b, n, seqs, lens));
	CHECK_EQ(out[b], 0xAA); /* nothing written past the batch */
	CHECK_RC(ndkt_ring_take(r, out, sizeof out, &n, &b), NDKT_OK);
	CHECK_EQ(n, 0);
	CHECK_EQ(b, 0);
	CHECK_EQ(ndkt_fault_get(&f, NULL), 0);
	ndkt_ring_destroy(r);
}

static void test_take_small_buffer(void)
{
	static const size_t lens[] = {24, 24, 24};
	static const uint32_t seqs[] = {10, 11, 12};
	ndkt_fault f;
	ndkt_ring *r;
	unsigned char rec[32], out[256];
	size_t i, n, b;
	ndkt_fault_init(&f);
	CHECK_RC(ndkt_ring_create(256, 32, &f, &r), NDKT_OK);
	for (i = 0; i < 3; i++) {
		fill(rec, lens[i], seqs[i]);
		CHECK_RC(ndkt_ring_push(r, rec, lens[i]), NDKT_OK);
	}
	/* Smaller than the oldest record (24 bytes): nothing taken. */
	CHECK_RC(ndkt_ring_take(r, out, 23, &n, &b), NDKT_E_BUFFER_SMALL);
	CHECK_EQ(n, 0);
	CHECK_EQ(b, 24);
	CHECK_RC(ndkt_ring_take(r, NULL, 0, &n, &b), NDKT_E_BUFFER_SMALL);
	CHECK_EQ(ndkt_ring_count(r), 3);
	/* Room for two and a half: two whole records, the third stays. */
	CHECK_RC(ndkt_ring_take(r, out, 2 * 24 + 16, &n, &b), NDKT_OK);
	CHECK_EQ(n, 2);
	CHECK_EQ(b, 48);
	CHECK(parse(out, b, n, seqs, lens));
	CHECK_EQ(ndkt_ring_count(r), 1);
	CHECK_RC(ndkt_ring_take(r, out, 24, &n, &b), NDKT_OK);
	CHECK_EQ(n, 1);
	CHECK(parse(out, b, n, seqs + 2, lens + 2));
	ndkt_ring_destroy(r);
}

/* A full ring breaks the session, naming the overflow; nothing is dropped
 * silently and nothing is pushed after. */
static void test_full_breaks(void)
{
	ndkt_fault f;
	ndkt_ring *r;
	unsigned char rec[32], small[8], out[256];
	uint64_t detail;
	size_t n, b;
	int i;
	fill(rec, 32, 1);
	fill(small, 8, 2);
	ndkt_fault_init(&f);
	CHECK_RC(ndkt_ring_create(128, 32, &f, &r), NDKT_OK); /* 4 records of 32 */
	for (i = 0; i < 4; i++)
		CHECK_RC(ndkt_ring_push(r, rec, 32), NDKT_OK);
	CHECK_EQ(ndkt_fault_get(&f, NULL), 0);
	CHECK_RC(ndkt_ring_push(r, small, 8), NDKT_E_RING_OVERFLOW);
	CHECK_RC(ndkt_fault_get(&f, &detail), NDKT_E_RING_OVERFLOW);
	CHECK_EQ(detail, 4);
	CHECK_EQ(ndkt_ring_count(r), 4);
	/* The records before it still come out; a push with room is refused. */
	CHECK_RC(ndkt_ring_take(r, out, sizeof out, &n, &b), NDKT_OK);
	CHECK_EQ(n, 4);
	CHECK_RC(ndkt_ring_push(r, small, 8), NDKT_E_BROKEN);
	CHECK_EQ(ndkt_ring_count(r), 0);
	CHECK_RC(ndkt_fault_get(&f, &detail), NDKT_E_RING_OVERFLOW);
	ndkt_ring_destroy(r);
}

static void test_bad_records(void)
{
	ndkt_fault f;
	ndkt_ring *r;
	unsigned char rec[64] = {0};
	uint32_t size;
	uint64_t detail;
	ndkt_fault_init(&f);
	CHECK_RC(ndkt_ring_create(1024, 32, &f, &r), NDKT_OK);
	CHECK_RC(ndkt_ring_push(r, rec, 0), NDKT_E_INVAL);
	CHECK_RC(ndkt_ring_push(r, NULL, 8), NDKT_E_INVAL);
	size = 12;
	memcpy(rec, &size, 4);
	CHECK_RC(ndkt_ring_push(r, rec, 12), NDKT_E_INVAL); /* not a multiple of 8 */
	size = 4;
	memcpy(rec, &size, 4);
	CHECK_RC(ndkt_ring_push(r, rec, 4), NDKT_E_INVAL); /* shorter than a record */
	size = 16;
	memcpy(rec, &size, 4);
	CHECK_RC(ndkt_ring_push(r, rec, 24), NDKT_E_INVAL); /* its size says 16 */
	CHECK_EQ(ndkt_ring_count(r), 0);
	CHECK_EQ(ndkt_fault_get(&f, NULL), 0);
	fill(rec, 32, 7);
	CHECK_RC(ndkt_ring_push(r, rec, 32), NDKT_OK);
	fill(rec, 40, 8);
	CHECK_RC(ndkt_ring_push(r, rec, 40), NDKT_E_RECORD_TOO_BIG);
	CHECK_RC(ndkt_fault_get(&f, &detail), NDKT_E_RECORD_TOO_BIG);
	CHECK_EQ(detail, 40);
	fill(rec, 8, 9);
	CHECK_RC(ndkt_ring_push(r, rec, 8), NDKT_E_BROKEN);
	ndkt_ring_destroy(r);
}

static void test_create(void)
{
	ndkt_fault f;
	ndkt_ring *r;
	long i;
	ndkt_fault_init(&f);
	CHECK_RC(ndkt_ring_create(1024, 0, &f, &r), NDKT_E_INVAL);
	CHECK_RC(ndkt_ring_create(1024, 7, &f, &r), NDKT_E_INVAL); /* 0 after rounding: < the smallest record */
	CHECK_RC(ndkt_ring_create(1024, 16, NULL, &r), NDKT_E_INVAL);
	CHECK_RC(ndkt_ring_create(15, 16, &f, &r), NDKT_E_INVAL); /* 8 after rounding: < one record of 16 */
	CHECK_RC(ndkt_ring_create((size_t)NDKT_RING_MAX_RECORD * 4, NDKT_RING_MAX_RECORD + 1, &f, &r), NDKT_E_INVAL);
	CHECK_RC(ndkt_ring_create(39, 16, &f, &r), NDKT_OK); /* rounded down to 32 */
	ndkt_ring_destroy(r);
	for (i = 0; i < 3; i++) {
		ndkt_sim_fail_alloc_after(i);
		CHECK_RC(ndkt_ring_create(64, 16, &f, &r), NDKT_E_NOMEM);
		ndkt_sim_fail_alloc_after(-1);
	}
}

/* Random pushes and takes against a model queue, on a small ring that
 * wraps: every take is whole records, in order, nothing lost. */
static void test_random_wrap(void)
{
	enum { CAP = 200, MAX = 40, N = 20000 };
	ndkt_fault f;
	ndkt_ring *r;
	uint32_t qseq[64];
	size_t qlen[64], qhead = 0, qn = 0, used = 0;
	unsigned char rec[MAX], out[CAP];
	uint32_t seq = 0;
	unsigned s = 12345;
	int i, bad = 0;
	ndkt_fault_init(&f);
	CHECK_RC(ndkt_ring_create(CAP, MAX, &f, &r), NDKT_OK);
	for (i = 0; i < N && !bad; i++) {
		s = s * 1103515245u + 12345u;
		if ((s >> 16) % 3 != 0) {
			size_t len = 8 * (1 + (s >> 8) % (MAX / 8));
			if (used + NDKT_RING_SPACE(len) > (CAP & ~7u))
				continue; /* the overflow path has its own test */
			fill(rec, len, seq);
			if (ndkt_ring_push(r, rec, len) != NDKT_OK)
				bad = 1;
			qseq[(qhead + qn) % 64] = seq++;
			qlen[(qhead + qn) % 64] = len;
			qn++;
			used += NDKT_RING_SPACE(len);
		} else {
			size_t blen = (s >> 4) % (CAP + 1), n, b, k, off = 0;
			int rc = ndkt_ring_take(r, out, blen, &n, &b);
			uint32_t seqs[64];
			size_t lens[64];
			if (rc == NDKT_E_BUFFER_SMALL) {
				if (qn == 0 || b != NDKT_RING_SPACE(qlen[qhead]) || b <= blen || n != 0)
					bad = 2;
				continue;
			}
			/* As many whole records as fit, and not one more. */
			for (k = 0; k < n; k++) {
				seqs[k] = qseq[(qhead + k) % 64];
				lens[k] = qlen[(qhead + k) % 64];
				off += NDKT_RING_SPACE(lens[k]);
			}
			if (rc != NDKT_OK || n > qn || !parse(out, b, n, seqs, lens) ||
			    (n < qn && off + NDKT_RING_SPACE(qlen[(qhead + n) % 64]) <= blen))
				bad = 3;
			qhead = (qhead + n) % 64;
			qn -= n;
			used -= b;
		}
	}
	CHECK_EQ(bad, 0);
	CHECK_EQ(ndkt_ring_count(r), qn);
	CHECK_EQ(ndkt_fault_get(&f, NULL), 0);
	ndkt_ring_destroy(r);
}

/* The waiter hook: once per stored record, never for a refused one, at the
 * pusher's IRQL, outside the ring's lock (it can take). */
static int waiter_calls;
static ndkt_irql_t waiter_irql;
static ndkt_ring *waiter_ring;
static size_t waiter_took;
static void waiter(void *ctx)
{
	unsigned char out[64];
	size_t n, b;
	waiter_calls++;
	waiter_irql = ndkt_irql();
	CHECK(ctx == &waiter_calls);
	if (ndkt_ring_take(waiter_ring, out, sizeof out, &n, &b) == NDKT_OK)
		waiter_took += n;
}

static void test_waiter(void)
{
	ndkt_fault f;
	ndkt_ring *r;
	unsigned char rec[16];
	ndkt_irql_t old;
	fill(rec, 8, 1);
	ndkt_fault_init(&f);
	CHECK_RC(ndkt_ring_create(64, 8, &f, &r), NDKT_OK);
	waiter_ring = r;
	ndkt_ring_set_waiter(r, waiter, &waiter_calls);
	CHECK_RC(ndkt_ring_push(r, rec, 8), NDKT_OK);
	CHECK_EQ(waiter_calls, 1);
	CHECK_EQ(waiter_irql, NDKT_PASSIVE_LEVEL);
	old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
	CHECK_RC(ndkt_ring_push(r, rec, 8), NDKT_OK);
	ndkt_sim_lower_irql(old);
	CHECK_EQ(waiter_calls, 2);
	CHECK_EQ(waiter_irql, NDKT_DISPATCH_LEVEL);
	CHECK_EQ(waiter_took, 2);
	CHECK_RC(ndkt_ring_push(r, rec, 0), NDKT_E_INVAL);
	fill(rec, 16, 2);
	CHECK_RC(ndkt_ring_push(r, rec, 16), NDKT_E_RECORD_TOO_BIG);
	CHECK_EQ(waiter_calls, 2);
	ndkt_ring_set_waiter(r, NULL, NULL);
	ndkt_ring_destroy(r);
}

/* Producers at simulated DISPATCH_LEVEL, a consumer woken by the hook:
 * every record arrives, in each producer's order. */
#define PRODUCERS 4
#define PER 3000
static ndkt_ring *mt_ring;
static ndkt_event *mt_event;
static void mt_waiter(void *ctx)
{
	(void)ctx;
	ndkt_event_set(mt_event);
}
static void *producer(void *arg)
{
	uint32_t me = (uint32_t)(intptr_t)arg, i;
	int bad = 0;
	for (i = 0; i < PER; i++) {
		uint32_t rec[4] = {16, me, i, 0};
		ndkt_irql_t old = ndkt_sim_raise_irql(NDKT_DISPATCH_LEVEL);
		if (ndkt_ring_push(mt_ring, rec, sizeof rec) != NDKT_OK)
			bad++;
		ndkt_sim_lower_irql(old);
	}
	return (void *)(intptr_t)bad;
}

static void test_threads(void)
{
	ndkt_fault f;
	pthread_t th[PRODUCERS];
	uint32_t next[PRODUCERS] = {0};
	unsigned char *out = malloc(4096);
	long got = 0, bad = 0;
	int i;
	ndkt_fault_init(&f);
	CHECK_RC(ndkt_event_create(&mt_event), NDKT_OK);
	CHECK_RC(ndkt_ring_create((size_t)PRODUCERS * PER * 16, 16, &f, &mt_ring), NDKT_OK);
	ndkt_ring_set_waiter(mt_ring, mt_waiter, NULL);
	for (i = 0; i < PRODUCERS; i++)
		pthread_create(&th[i], NULL, producer, (void *)(intptr_t)i);
	while (got < (long)PRODUCERS * PER && bad == 0) {
		size_t n, b, k;
		if (ndkt_ring_take(mt_ring, out, 4096, &n, &b) != NDKT_OK)
			bad++;
		for (k = 0; k < n; k++) {
			uint32_t rec[4];
			memcpy(rec, out + k * 16, 16);
			if (rec[0] != 16 || rec[1] >= PRODUCERS || rec[2] != next[rec[1]] || rec[3] != 0)
				bad++;
			else
				next[rec[1]]++;
		}
		got += (long)n;
		if (n == 0 && ndkt_event_wait(mt_event, NDKT_MS(5000)) != NDKT_OK)
			bad++;
	}
	for (i = 0; i < PRODUCERS; i++) {
		void *pb;
		pthread_join(th[i], &pb);
		CHECK_EQ((intptr_t)pb, 0);
		CHECK_EQ(next[i], PER);
	}
	CHECK_EQ(bad, 0);
	CHECK_EQ(got, (long)PRODUCERS * PER);
	CHECK_EQ(ndkt_fault_get(&f, NULL), 0);
	ndkt_ring_destroy(mt_ring);
	ndkt_event_destroy(mt_event);
	free(out);
}

int main(void)
{
	test_begin();
	RUN(test_roundtrip);
	RUN(test_take_small_buffer);
	RUN(test_full_breaks);
	RUN(test_bad_records);
	RUN(test_create);
	RUN(test_random_wrap);
	RUN(test_waiter);
	RUN(test_threads);
	return test_end("ring_test");
}
