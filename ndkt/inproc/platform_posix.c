//go:build linux && cgo

/* The posix platform layer (simulated IRQL), compiled into this cgo package. */
#include "../platform/posix.c"
