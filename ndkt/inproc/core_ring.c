//go:build linux && cgo

/* The ndkt core's ring.c, compiled into this cgo package. */
#include "../core/ring.c"
