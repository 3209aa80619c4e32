# ndkt's IOCTL contract: the C decoder's unit tests and fuzz target
# (ndkt/core/decode.c, ndkt/test/). Included from the top Makefile; run
# from the repository root. The Go side's tests are ndkt/contract's (go
# test ./ndkt/...); regenerate the header, the Go structs and the seed
# corpus with go generate ./ndkt/contract.
#
#   ndkt-contract-test  the unit tests (decode_test.c) and the fuzz target
#                       over the seed corpus (fuzz_replay_main.c), built
#                       with gcc under AddressSanitizer and UBSan
#   ndkt-fuzz-decode    the fuzz target under libFuzzer (clang), for
#                       NDKT_FUZZTIME seconds; new inputs go to
#                       $(NDKT_OUT)/fuzz-corpus, a crash to
#                       $(NDKT_OUT)/fuzz-artifacts/ (replay it with
#                       $(NDKT_OUT)/fuzz_replay FILE)
#   ndkt-fuzz-go        the Go decoders' fuzz tests, NDKT_FUZZ_GO_EXECS
#                       executions each (a count, not a duration: Go 1.26's
#                       coordinator can fail at a -fuzztime deadline with no
#                       input, golang/go#75804); by default 10,000 per
#                       second of NDKT_FUZZTIME (the targets run 6,000-9,000
#                       execs a second here)

NDKT_DIR      ?= ndkt
NDKT_OUT      ?= out/ndkt
NDKT_CC       ?= gcc
NDKT_CLANG    ?= clang
NDKT_FUZZTIME ?= 30
NDKT_FUZZ_GO_EXECS ?= $(NDKT_FUZZTIME)0000
NDKT_CFLAGS   ?= -std=c11 -Wall -Wextra -Werror -pedantic -g
NDKT_SANITIZE ?= -fsanitize=address,undefined -fno-sanitize-recover=all

NDKT_CONTRACT_INC  := -I$(NDKT_DIR)/include -I$(NDKT_DIR)/core
NDKT_DECODE_SRC    := $(NDKT_DIR)/core/decode.c
NDKT_DECODE_DEPS   := $(NDKT_DECODE_SRC) $(NDKT_DIR)/core/decode.h $(NDKT_DIR)/include/ndkt_contract.h

.PHONY: ndkt-contract-test ndkt-fuzz-decode ndkt-fuzz-go

$(NDKT_OUT)/decode_test: $(NDKT_DIR)/test/decode_test.c $(NDKT_DECODE_DEPS)
	@mkdir -p $(@D)
	$(NDKT_CC) $(NDKT_CFLAGS) $(NDKT_SANITIZE) $(NDKT_CONTRACT_INC) -o $@ $(NDKT_DIR)/test/decode_test.c $(NDKT_DECODE_SRC)

$(NDKT_OUT)/fuzz_replay: $(NDKT_DIR)/test/fuzz_replay_main.c $(NDKT_DIR)/test/fuzz_decode.c $(NDKT_DECODE_DEPS)
	@mkdir -p $(@D)
	$(NDKT_CC) $(NDKT_CFLAGS) $(NDKT_SANITIZE) $(NDKT_CONTRACT_INC) -o $@ $(NDKT_DIR)/test/fuzz_replay_main.c $(NDKT_DIR)/test/fuzz_decode.c $(NDKT_DECODE_SRC)

$(NDKT_OUT)/fuzz_decode: $(NDKT_DIR)/test/fuzz_decode.c $(NDKT_DECODE_DEPS)
	@mkdir -p $(@D)
	$(NDKT_CLANG) $(NDKT_CFLAGS) -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $(NDKT_CONTRACT_INC) -o $@ $(NDKT_DIR)/test/fuzz_decode.c $(NDKT_DECODE_SRC)

ndkt-contract-test: $(NDKT_OUT)/decode_test $(NDKT_OUT)/fuzz_replay
	$(NDKT_OUT)/decode_test
	$(NDKT_OUT)/fuzz_replay $(NDKT_DIR)/test/corpus/decode

ndkt-fuzz-decode: $(NDKT_OUT)/fuzz_decode
	@mkdir -p $(NDKT_OUT)/fuzz-corpus $(NDKT_OUT)/fuzz-artifacts
	$(NDKT_OUT)/fuzz_decode -max_total_time=$(NDKT_FUZZTIME) -timeout=10 -print_final_stats=1 \
		-artifact_prefix=$(NDKT_OUT)/fuzz-artifacts/ $(NDKT_OUT)/fuzz-corpus $(NDKT_DIR)/test/corpus/decode

ndkt-fuzz-go:
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeEvent$$' -fuzztime $(NDKT_FUZZ_GO_EXECS)x -fuzzminimizetime 0s ./ndkt/contract/
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeReply$$' -fuzztime $(NDKT_FUZZ_GO_EXECS)x -fuzzminimizetime 0s ./ndkt/contract/
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeCall$$' -fuzztime $(NDKT_FUZZ_GO_EXECS)x -fuzzminimizetime 0s ./ndkt/contract/
