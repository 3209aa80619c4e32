//go:build linux && cgo

/* The ndkt core's rc.c, compiled into this cgo package. */
#include "../core/rc.c"
