# ndkconform: see README.md.
GO        ?= go
BIN       ?= bin/ndkconform
VERSION   ?= $(shell git describe --always --dirty 2>/dev/null || echo devel)
LDFLAGS   := -X main.version=$(VERSION)

.PHONY: all build run test vet fmt-check windows ci clean

all: build

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/ndkconform

# The main job: the whole suite against the embedded sim provider.
run:
	$(GO) run ./cmd/ndkconform run

# The project's tests, the suite's self-test included, under the race detector.
test:
	$(GO) test -race -count=1 ./...

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

windows:
	GOOS=windows GOARCH=amd64 $(GO) build -ldflags "$(LDFLAGS)" -o bin/ndkconform.exe ./cmd/ndkconform

clean:
	rm -rf bin out
