//go:build linux && cgo

/* The ndkt core's held.c, compiled into this cgo package. */
#include "../core/held.c"
