//go:build linux && cgo

/* The ndkt core's session.c, compiled into this cgo package. */
#include "../core/session.c"
