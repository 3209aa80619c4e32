//go:build linux && cgo

/* The ndkt core's decode.c, compiled into this cgo package. */
#include "../core/decode.c"
