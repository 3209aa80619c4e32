//go:build linux && cgo

/* The ndkt core's cleanup.c, compiled into this cgo package. */
#include "../core/cleanup.c"
