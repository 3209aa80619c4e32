# The ndkt core (ndkt/core/, ndkt/platform/): its C tests and fuzz target.
# Included by the top Makefile, or run alone from the repository's root:
#   make -f ndkt/mk/core.mk ndkt-core-test
#   make -f ndkt/mk/core.mk ndkt-fuzz-core NDKT_FUZZTIME=60
# See ndkt/CORE.md.
#
# ndkt-core-test:
#   - each test in ndkt/test/*_test.c against the posix platform layer,
#     under AddressSanitizer and UndefinedBehaviorSanitizer (gcc, C11,
#     -Wall -Wextra -Werror -pedantic, any report fatal);
#   - the same tests under ThreadSanitizer (all of them use threads);
#   - the session's tests (session_test.c: session.c, ops*.c, decode.c,
#     posix_mem.c and a fake provider, fake_provider.c), the same two ways;
#   - a compile (only: nothing Windows runs here) of the Windows kernel
#     platform layer and of every core .c with -DNDKT_WINDOWS, by mingw-w64
#     against its DDK headers (-DNDKT_HAVE_WDK_TYPES: ndkpi.h's types from
#     <ddk/wdm.h>).
# ndkt-fuzz-core: ndkt/test/fuzz_core.c under libFuzzer (clang, ASan+UBSan)
#   for NDKT_FUZZTIME seconds; its corpus stays in $(NDKT_OUT)/fuzz/.

NDKT_CC         ?= gcc
NDKT_CLANG      ?= clang
NDKT_MINGW      ?= x86_64-w64-mingw32-gcc
NDKT_MINGW_DDK  ?= /usr/share/mingw-w64/include/ddk
NDKT_OUT        ?= out/ndkt
NDKT_FUZZTIME   ?= 30

NDKT_CWARN      := -std=c11 -Wall -Wextra -Werror -pedantic
NDKT_ASAN       := -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -pthread
NDKT_TSAN       := -g -O1 -fsanitize=thread -pthread
NDKT_CORE_SRC   := ndkt/core/rc.c ndkt/core/handles.c ndkt/core/ring.c ndkt/core/held.c ndkt/core/cleanup.c
NDKT_CORE_HDR   := $(wildcard ndkt/core/*.h) ndkt/platform/sim.h ndkt/test/test.h
NDKT_POSIX_SRC  := ndkt/platform/posix.c
NDKT_CORE_TESTS := platform handles ring held cleanup
# The session and the calls (session.c, ops*.c) with the contract's
# decoder, the posix memory the provider sees, and a fake provider.
NDKT_SESSION_SRC := ndkt/core/decode.c ndkt/core/session.c ndkt/core/ops.c ndkt/core/ops_objects.c \
	ndkt/core/ops_connect.c ndkt/core/ops_memory.c ndkt/platform/posix_mem.c ndkt/test/fake_provider.c
NDKT_SESSION_HDR := $(wildcard ndkt/include/*.h) ndkt/test/fake_provider.h
NDKT_SESSION_TESTS := session
# Every core .c, the ones other pieces add included (decode.c, ...).
NDKT_CORE_WIN_SRC ?= $(wildcard ndkt/core/*.c)

NDKT_ASAN_BINS  := $(NDKT_CORE_TESTS:%=$(NDKT_OUT)/asan/%_test) $(NDKT_SESSION_TESTS:%=$(NDKT_OUT)/asan/%_stest)
NDKT_TSAN_BINS  := $(NDKT_CORE_TESTS:%=$(NDKT_OUT)/tsan/%_test) $(NDKT_SESSION_TESTS:%=$(NDKT_OUT)/tsan/%_stest)

.PHONY: ndkt-core-test ndkt-core-asan ndkt-core-tsan ndkt-core-mingw ndkt-fuzz-core

ndkt-core-test: ndkt-core-asan ndkt-core-tsan ndkt-core-mingw

$(NDKT_OUT)/asan/%_test: ndkt/test/%_test.c $(NDKT_CORE_SRC) $(NDKT_POSIX_SRC) $(NDKT_CORE_HDR)
	@mkdir -p $(@D)
	$(NDKT_CC) $(NDKT_CWARN) $(NDKT_ASAN) -o $@ $< $(NDKT_CORE_SRC) $(NDKT_POSIX_SRC)

$(NDKT_OUT)/tsan/%_test: ndkt/test/%_test.c $(NDKT_CORE_SRC) $(NDKT_POSIX_SRC) $(NDKT_CORE_HDR)
	@mkdir -p $(@D)
	$(NDKT_CC) $(NDKT_CWARN) $(NDKT_TSAN) -o $@ $< $(NDKT_CORE_SRC) $(NDKT_POSIX_SRC)

$(NDKT_OUT)/asan/%_stest: ndkt/test/%_test.c $(NDKT_CORE_SRC) $(NDKT_SESSION_SRC) $(NDKT_POSIX_SRC) $(NDKT_CORE_HDR) $(NDKT_SESSION_HDR)
	@mkdir -p $(@D)
	$(NDKT_CC) $(NDKT_CWARN) $(NDKT_ASAN) -Indkt/include -o $@ $< $(NDKT_CORE_SRC) $(NDKT_SESSION_SRC) $(NDKT_POSIX_SRC)

$(NDKT_OUT)/tsan/%_stest: ndkt/test/%_test.c $(NDKT_CORE_SRC) $(NDKT_SESSION_SRC) $(NDKT_POSIX_SRC) $(NDKT_CORE_HDR) $(NDKT_SESSION_HDR)
	@mkdir -p $(@D)
	$(NDKT_CC) $(NDKT_CWARN) $(NDKT_TSAN) -Indkt/include -o $@ $< $(NDKT_CORE_SRC) $(NDKT_SESSION_SRC) $(NDKT_POSIX_SRC)

ndkt-core-asan: $(NDKT_ASAN_BINS)
	@set -e; for t in $(NDKT_ASAN_BINS); do echo "== $$t (ASan+UBSan)"; ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 $$t; done

ndkt-core-tsan: $(NDKT_TSAN_BINS)
	@set -e; for t in $(NDKT_TSAN_BINS); do echo "== $$t (TSan)"; TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 $$t; done

ndkt-core-mingw:
	@mkdir -p $(NDKT_OUT)/mingw
	$(NDKT_MINGW) $(NDKT_CWARN) -DNDKT_WINDOWS -I$(NDKT_MINGW_DDK) -c ndkt/platform/win_kernel.c -o $(NDKT_OUT)/mingw/win_kernel.o
	@set -e; for f in $(NDKT_CORE_WIN_SRC); do \
		echo "$(NDKT_MINGW) $(NDKT_CWARN) -DNDKT_WINDOWS -DNDKT_HAVE_WDK_TYPES -I$(NDKT_MINGW_DDK) -Indkt/include -c $$f"; \
		$(NDKT_MINGW) $(NDKT_CWARN) -DNDKT_WINDOWS -DNDKT_HAVE_WDK_TYPES -I$(NDKT_MINGW_DDK) -Indkt/include -c $$f \
			-o $(NDKT_OUT)/mingw/$$(basename $$f .c).o; \
	done

$(NDKT_OUT)/fuzz/fuzz_core: ndkt/test/fuzz_core.c ndkt/core/rc.c ndkt/core/handles.c ndkt/core/ring.c $(NDKT_POSIX_SRC) $(NDKT_CORE_HDR)
	@mkdir -p $(@D)
	$(NDKT_CLANG) $(NDKT_CWARN) -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-o $@ ndkt/test/fuzz_core.c ndkt/core/rc.c ndkt/core/handles.c ndkt/core/ring.c $(NDKT_POSIX_SRC)

ndkt-fuzz-core: $(NDKT_OUT)/fuzz/fuzz_core
	@mkdir -p $(NDKT_OUT)/fuzz/corpus-core
	$(NDKT_OUT)/fuzz/fuzz_core -max_total_time=$(NDKT_FUZZTIME) -print_final_stats=1 \
		-artifact_prefix=$(NDKT_OUT)/fuzz/ $(NDKT_OUT)/fuzz/corpus-core
