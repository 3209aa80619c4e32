//go:build linux && cgo

/* The ndkt core's ops.c, compiled into this cgo package. */
#include "../core/ops.c"
