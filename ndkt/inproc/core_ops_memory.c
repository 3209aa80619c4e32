//go:build linux && cgo

/* The ndkt core's ops_memory.c, compiled into this cgo package. */
#include "../core/ops_memory.c"
