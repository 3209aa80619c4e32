# ndkconform: see README.md.
GO        ?= go
BIN       ?= bin/ndkconform
# The version: a release's tag, vMAJOR.MINOR.PATCH (semantic versioning;
# README.md, "Releases"), on its commit; after it, git describe's
# vX.Y.Z-N-gCOMMIT (N commits since); a bare abbreviated commit before the
# first tag; -dirty with uncommitted changes. Stamped with -ldflags -X:
# ndkconform --version, the reports and the certification manifest say it.
VERSION   ?= $(shell git describe --tags --match 'v[0-9]*' --always --dirty 2>/dev/null || echo devel)
LDFLAGS   := -X main.version=$(VERSION)

.PHONY: dist dist-tools dist-check
.PHONY: all build run test stress selftest fuzz mutation mutation-changed vet fmt-check windows ci clean proto proto-tools ndkt-test ndkt-tools ndkt-header ndkt-fuzz ndkt-sys

all: build

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/ndkconform

# The main job: the whole suite against the embedded sim provider.
run:
	$(GO) run ./cmd/ndkconform run

# The project's tests, the suite's self-test included, under the race detector;
# then the C tests of ndkt, the kernel consumer (ndkt-test).
test:
	$(GO) test -race -count=1 -timeout 30m ./...
	$(MAKE) ndkt-test

# ndkt (ndkt/README.md): the NDKPI header compiled by gcc, clang and
# mingw-w64 (ndkt/test/header.sh), the IOCTL contract's decoder and the
# core's runtime under AddressSanitizer + UBSan and ThreadSanitizer, and
# every core file compiled for Windows by mingw-w64, and ndkt.sys linked
# and its image checked (ndkt-sys). ndkt/test/tools.sh
# installs the C tools when they are missing (root with apt-get) or says
# which.
include ndkt/mk/contract.mk
include ndkt/mk/core.mk
include ndkt/mk/sys.mk

ndkt-tools:
	bash ndkt/test/tools.sh

ndkt-header: ndkt-tools
	bash ndkt/test/header.sh

# ndkt.sys, the Windows kernel driver, cross-built by mingw-w64 and its
# image checked (ndkt/test/sys.sh; compile only: ndkt/README.md, "The
# Windows driver").
ndkt-sys: ndkt-tools
	MAKE="$(MAKE)" NDKT_OUT="$(NDKT_OUT)" bash ndkt/test/sys.sh

ndkt-test: ndkt-tools ndkt-header ndkt-contract-test ndkt-core-test ndkt-sys

# ndkt's fuzz targets, NDKT_FUZZTIME seconds each: the contract's decoder
# (libFuzzer and Go's fuzzer) and the core's handle table and event ring.
ndkt-fuzz: ndkt-tools ndkt-fuzz-decode ndkt-fuzz-core ndkt-fuzz-go

# The provider under load (package stress): sim in the random personality,
# 4 workers for STRESS_DURATION, every byte checked; the rates reached go
# to out/stress.json. The CI's short run (.ci/run).
STRESS_DURATION ?= 15s
stress: build
	mkdir -p out
	./$(BIN) stress --driver sim --driver-opt completion=random --workers 4 --duration $(STRESS_DURATION) --json out/stress.json

# The suite proves itself: every broken variant of sim caught by its rule's
# specs (and no unrelated one; each variant with the specs that evaluate
# its guards, selftest/selection_test.go), and every configuration
# certified. (sim passing in every personality, TestConforming...: make
# test.) The variants SELFTEST_PARALLEL at once, 4 processes each; the
# certificates (the CLI's 16 processes each) two at once.
SELFTEST_PARALLEL ?= 6
selftest:
	NDKCONFORM_SELFTEST_VARIANTS=all $(GO) test -race -count=1 -v -timeout 60m -parallel $(SELFTEST_PARALLEL) -run 'TestBrokenVariantsAreCaught' ./selftest/
	NDKCONFORM_SELFTEST_VARIANTS=all $(GO) test -race -count=1 -v -timeout 30m -parallel 2 -run 'TestCertifiedInEveryConfiguration|TestNotCertifiedForEachReason' ./selftest/

# The agent under Go's fuzzer for a bounded time each: its request handling
# (FuzzSession) and its admission of sessions, the Hello and the session
# slots (FuzzHello), both in agent/; a failing input is written to
# agent/testdata/fuzz/<target>. No minimizing: goroutine scheduling makes
# most inputs look new, and minimizing each of them took most of the time
# (about 4 times fewer execs). Budgets are counts of executions, never
# durations: Go 1.26's coordinator can fail a -fuzztime DURATION at its
# deadline with "context deadline exceeded" and no input (golang/go#75804,
# fixed in Go 1.27; it failed CI once). FUZZ_SESSION_EXECS, FUZZ_HELLO_EXECS:
# each sized to about 30 s on the CI machine (1,286 and 6,856 execs in 30 s).
FUZZ_SESSION_EXECS ?= 1300
FUZZ_HELLO_EXECS   ?= 7000
# ndkt's five targets (make ndkt-fuzz), seconds each, within make fuzz
NDKT_FUZZTIME_CI ?= 10
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzSession$$' -fuzztime $(FUZZ_SESSION_EXECS)x -fuzzminimizetime 0s ./agent/
	$(GO) test -run '^$$' -fuzz '^FuzzHello$$' -fuzztime $(FUZZ_HELLO_EXECS)x -fuzzminimizetime 0s ./agent/
	$(MAKE) ndkt-fuzz NDKT_FUZZTIME=$(NDKT_FUZZTIME_CI)

# The mutation score of sim (every file; -scope endpoints: its endpoint,
# lifetime and disconnect code only): each mutant (gremlins' mutators)
# against the whole suite, the score per file and in all. Not part of CI or
# make test (hours on 2 cores). MUTATION_FLAGS: e.g. -j 1, -only 'cq.go',
# -list, -scope endpoints.
MUTATION_FLAGS ?=
mutation:
	nice -n 10 $(GO) run ./test/mutation $(MUTATION_FLAGS)

# The mutants of a change: only those on the lines of sim changed since
# MUTATION_BASE (CI: the last commit's), at most MUTATION_MAX of them
# spread over the change, at the same score.
MUTATION_BASE ?= HEAD~1
MUTATION_MAX  ?= 30
mutation-changed:
	nice -n 10 $(GO) run ./test/mutation -changed $(MUTATION_BASE) -max $(MUTATION_MAX) $(MUTATION_FLAGS)

# staticcheck 2026.2.2 (module v0.8.2) at a fixed version (from the Go module proxy; its checks in
# staticcheck.conf), after go vet.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
vet:
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

windows:
	GOOS=windows GOARCH=amd64 $(GO) build -ldflags "$(LDFLAGS)" -o bin/ndkconform.exe ./cmd/ndkconform

clean:
	rm -rf bin out dist

# The agent protocol (agent/v1/agent.proto): regenerate the checked-in Go
# code next to it. protoc is Debian's protobuf-compiler 3.21.12
# (apt-get install -y protobuf-compiler); the generators are built at
# fixed versions into bin/proto-tools: protoc-gen-go at the version of
# google.golang.org/protobuf in go.mod, protoc-gen-go-grpc at its own.
# PROTO_OUT: where the Go files go (default: next to the .proto; the
# agent/v1 test regenerates into a temporary directory and compares).
PROTOC                     ?= protoc
PROTOC_VERSION             := 3.21.12
PROTOC_GEN_GO_VERSION      := v1.36.12
PROTOC_GEN_GO_GRPC_VERSION := v1.6.2
PROTO_TOOLS                ?= $(CURDIR)/bin/proto-tools
PROTO_OUT                  ?= .
PROTO_FILES                := agent/v1/agent.proto

proto-tools:
	GOBIN=$(PROTO_TOOLS) GOFLAGS= $(GO) install google.golang.org/protobuf/cmd/protoc-gen-go@$(PROTOC_GEN_GO_VERSION)
	GOBIN=$(PROTO_TOOLS) GOFLAGS= $(GO) install google.golang.org/grpc/cmd/protoc-gen-go-grpc@$(PROTOC_GEN_GO_GRPC_VERSION)

proto: proto-tools
	@v=$$($(PROTOC) --version 2>/dev/null); case "$$v" in "libprotoc $(PROTOC_VERSION)") ;; \
	  *) echo "protoc: want libprotoc $(PROTOC_VERSION), have '$$v' (apt-get install -y protobuf-compiler)"; exit 1;; esac
	$(PROTOC) -I . \
	  --plugin=protoc-gen-go=$(PROTO_TOOLS)/protoc-gen-go \
	  --plugin=protoc-gen-go-grpc=$(PROTO_TOOLS)/protoc-gen-go-grpc \
	  --go_out=$(PROTO_OUT) --go_opt=paths=source_relative \
	  --go-grpc_out=$(PROTO_OUT) --go-grpc_opt=paths=source_relative \
	  $(PROTO_FILES)

# The whole suite through ndkt, the kernel consumer's path, on Linux: the
# ndkt driver -> the IOCTL contract -> the C core in process -> NDKPI's C
# ABI -> sim, in each completion personality, its per-spec outcomes equal
# to sim's in process but for test/ndkt/verdict-diffs.txt (test/ndkt/run.sh).
.PHONY: test-ndkt
test-ndkt:
	GO=$(GO) bash test/ndkt/run.sh
	GO=$(GO) bash test/ndkt/kill.sh

# ndkt-cover: which lines of ndkt's portable C the Linux tests execute
# (gcov: the core's unit tests, the whole suite through ndkt); a
# measurement, not a test (test/ndkt/cover.sh).
.PHONY: ndkt-cover
ndkt-cover:
	GO=$(GO) bash test/ndkt/cover.sh

# The suite against the rxe driver on real Soft-RoCE (rdma_rxe) inside a qemu
# guest: installs the Debian packages it needs, builds ndkconform with
# -tags rxe statically, boots the guest, brings the JUnit and JSON reports
# back to out/rxe and judges the JSON report with ndkconform's own verdict
# (test/rxe/judge): it fails on a failed spec whose failure is not waived
# by test/rxe/waivers.txt (skips need no waiver).
.PHONY: test-rxe
test-rxe:
	GO=$(GO) bash test/rxe/run.sh

# Release binaries into DIST: ndkconform (the CLI and the agent, one
# binary) for each of DIST_TARGETS, static (CGO_ENABLED=0: the rxe driver,
# which needs cgo and libibverbs, is not in them; build it on the lab's
# host, test/rxe), each with a CycloneDX SBOM (.cdx.json) made from the
# modules the binary records (cyclonedx-gomod bin, at a fixed version,
# without serial number or timestamp), and SHA256SUMS over all of them.
# Reproducible: -trimpath, no VCS stamp, no build id, the version the only
# stamp: the same commit and Go toolchain give the same bytes (make
# dist-check builds twice and compares).
DIST         ?= dist
DIST_TARGETS := linux/amd64 linux/arm64 windows/amd64
DIST_LDFLAGS := -s -w -buildid= -X main.version=$(VERSION)
DIST_TOOLS   ?= $(CURDIR)/bin/dist-tools
CYCLONEDX_GOMOD_VERSION := v1.10.0

dist-tools:
	@test -x $(DIST_TOOLS)/cyclonedx-gomod && $(DIST_TOOLS)/cyclonedx-gomod version 2>/dev/null | grep -q $(CYCLONEDX_GOMOD_VERSION) || \
	  GOBIN=$(DIST_TOOLS) GOFLAGS= $(GO) install -trimpath github.com/CycloneDX/cyclonedx-gomod/cmd/cyclonedx-gomod@$(CYCLONEDX_GOMOD_VERSION)

dist: dist-tools
	rm -rf $(DIST) && mkdir -p $(DIST)
	@set -e; for t in $(DIST_TARGETS); do \
	  os=$${t%/*}; arch=$${t#*/}; ext=; if [ $$os = windows ]; then ext=.exe; fi; \
	  out=$(DIST)/ndkconform_$(VERSION)_$${os}_$${arch}$$ext; \
	  echo "  $$out"; \
	  CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -buildvcs=false -ldflags "$(DIST_LDFLAGS)" -o $$out ./cmd/ndkconform; \
	  $(DIST_TOOLS)/cyclonedx-gomod bin -json -noserial -notimestamp -version $(VERSION) -output $$out.cdx.json $$out; \
	done
	cd $(DIST) && LC_ALL=C sha256sum ndkconform_* > SHA256SUMS
	@cat $(DIST)/SHA256SUMS

# make dist twice, into two directories, and the bytes compared
# (test/dist/check.sh); then the checksums, the SBOMs and the version.
dist-check:
	GO=$(GO) MAKE="$(MAKE)" VERSION=$(VERSION) bash test/dist/check.sh
