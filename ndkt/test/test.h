/*
 * A minimal harness for the ndkt core's C tests: CHECK macros that count
 * failures, RUN that runs a test and checks that it reported exactly the
 * platform bugs it expected (the posix layer runs in count mode, see
 * ndkt/platform/sim.h), and a main epilogue that checks for leaks.
 */
#ifndef NDKT_TEST_H
#define NDKT_TEST_H

#include <stdio.h>
#include <string.h>

#include "../core/platform.h"
#include "../platform/sim.h"

static int test_failures;
static long test_expected_bugs;

#define CHECK(cond)                                                                       \
	do {                                                                              \
		if (!(cond)) {                                                            \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
			test_failures++;                                                  \
		}                                                                         \
	} while (0)

#define CHECK_RC(got, want)                                                                 \
	do {                                                                                \
		int g_ = (got), w_ = (want);                                                \
		if (g_ != w_) {                                                             \
			fprintf(stderr, "%s:%d: %s = %s (%d), want %s\n", __FILE__, __LINE__, #got, \
				ndkt_rc_name(g_), g_, ndkt_rc_name(w_));                    \
			test_failures++;                                                    \
		}                                                                           \
	} while (0)

#define CHECK_EQ(got, want)                                                                        \
	do {                                                                                       \
		long long g_ = (long long)(got), w_ = (long long)(want);                           \
		if (g_ != w_) {                                                                    \
			fprintf(stderr, "%s:%d: %s = %lld, want %lld\n", __FILE__, __LINE__, #got, g_, w_); \
			test_failures++;                                                           \
		}                                                                                  \
	} while (0)

/* The test expects n more platform bug reports (count mode). */
#define EXPECT_BUGS(n) (test_expected_bugs += (n))

#define RUN(t)                                                                                    \
	do {                                                                                      \
		int f_ = test_failures;                                                           \
		long b_ = ndkt_sim_bug_count();                                                   \
		test_expected_bugs = 0;                                                           \
		t();                                                                              \
		if (ndkt_sim_bug_count() - b_ != test_expected_bugs) {                            \
			char m_[256];                                                             \
			ndkt_sim_last_bug(m_, sizeof m_);                                         \
			fprintf(stderr, "%s: %ld platform bugs reported, want %ld (last: %s)\n", #t, \
				ndkt_sim_bug_count() - b_, test_expected_bugs, m_);               \
			test_failures++;                                                          \
		}                                                                                 \
		if (ndkt_irql() != NDKT_PASSIVE_LEVEL) {                                          \
			fprintf(stderr, "%s: ended at IRQL %u\n", #t, (unsigned)ndkt_irql());    \
			test_failures++;                                                          \
			ndkt_sim_lower_irql(NDKT_PASSIVE_LEVEL);                                  \
		}                                                                                 \
		printf("%s %s\n", test_failures == f_ ? "ok  " : "FAIL", #t);                     \
	} while (0)

static void test_begin(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	ndkt_sim_bug_mode(NDKT_SIM_BUG_COUNT);
	if (ndkt_platform_init(NULL) != NDKT_OK) {
		fprintf(stderr, "ndkt_platform_init failed\n");
		test_failures++;
	}
}

static int test_end(const char *name)
{
	ndkt_platform_shutdown();
	if (ndkt_sim_alloc_outstanding() != 0) {
		fprintf(stderr, "%s: %ld blocks not freed\n", name, ndkt_sim_alloc_outstanding());
		test_failures++;
	}
	printf("%s: %s (%d failures)\n", name, test_failures ? "FAIL" : "PASS", test_failures);
	return test_failures ? 1 : 0;
}

#endif
